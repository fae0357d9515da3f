"""The ® of the MLPerf mark: MLCommons' results messaging guidelines ("Notice Symbol": "You
must include the ® next to all uses of the MLPerf name") on every use, in every language, the
quoted attribution legend left as the guidelines give it."""

import re

import pytest

from generator.editorial.guidelines import LEGEND
from generator.i18n.catalogs import catalog_path, translations
from generator.i18n.languages import LANGUAGES, language
from generator.i18n.trademark import mark_markdown

UNMARKED = re.compile(r"MLPerf(?!®)")


@pytest.mark.parametrize("code", ["en", "zh", "it"])
def test_every_catalog_text_marks_the_name_but_the_legend(code):
    gettext = translations(language(code)).gettext
    assert gettext("MLPerf Inference %(round)s") == "MLPerf® Inference %(round)s"
    assert "MLPerf® Power" in gettext("Energy efficiency (MLPerf Power)")
    # The legend names the mark; the guidelines quote it without the symbol.
    assert "®" not in gettext(LEGEND) and "MLPerf" in gettext(LEGEND)
    # No key of the catalog comes out unmarked or marked twice.
    keys = re.findall(r'^msgid "(.*MLPerf.*)"$', catalog_path(language(code)).read_text(
        encoding="utf-8"), re.MULTILINE)
    assert len(keys) > 20
    for key in keys:
        shown = gettext(key.replace('\\"', '"'))
        if not key.startswith(("The MLPerf name", "Put the registered mark")):
            assert not UNMARKED.search(shown), shown
        assert "®®" not in shown


def test_articles_are_marked_outside_code_comments_and_link_targets():
    text = ("# MLPerf Inference v6.1\n\nThe [MLPerf Power](../MLPerf-power/) results, "
            "`MLPerf` <!-- MLPerf --> and MLPerf® once, MLPerf_Results.adoc, outside MLPerf."
            "\n```\nMLPerf\n```\n")
    assert mark_markdown(text) == (
        "# MLPerf® Inference v6.1\n\nThe [MLPerf® Power](../MLPerf-power/) results, "
        "`MLPerf` <!-- MLPerf --> and MLPerf® once, MLPerf_Results.adoc, outside MLPerf®."
        "\n```\nMLPerf\n```\n")


@pytest.mark.browser
@pytest.mark.parametrize("code", [lang.code for lang in LANGUAGES])
@pytest.mark.parametrize("path", ["results/v6.1/datacenter/gpt-oss-120b/offline/",
                                  "blog/2026/09/22/vera-rubin-nvl72-preview-debut/"])
def test_a_page_marks_every_use(page, base_url, code, path):
    page.goto(f"{base_url}{code}/{path}")
    # Tag names (tags.yaml) are the keys of the tag index, not prose: left as written.
    text = page.locator("article").evaluate(
        "article => { const copy = article.cloneNode(true);"
        " copy.querySelectorAll('.md-tags').forEach(tags => tags.remove());"
        " document.body.append(copy); const text = copy.innerText; copy.remove();"
        " return text; }")
    legend = translations(language(code)).gettext(LEGEND)
    assert "MLPerf®" in text
    assert UNMARKED.findall(text.replace(legend, "")) == []


@pytest.mark.parametrize("code", ["en", "zh", "it"])
def test_author_descriptions_are_marked(code):
    # data/authors.yaml describes the data desk's work on "MLPerf Inference" rounds.
    from generator.editorial.registries import authors_file
    text = authors_file(language(code))
    assert "MLPerf® Inference" in text and not UNMARKED.search(text.replace("MLPerf Wiki", ""))
