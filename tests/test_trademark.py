"""The ® of the MLPerf mark: MLCommons' results messaging guidelines ("Notice Symbol": "You
must include the ® next to all uses of the MLPerf name") on every use, in every language, the
quoted attribution legend left as the guidelines give it."""

import re

import pytest

from generator.editorial.guidelines import LEGEND
from generator.i18n.catalogs import catalog_path, translations
from generator.i18n.languages import LANGUAGES, language
from generator.i18n.trademark import mark, mark_front_matter, mark_markdown, mark_post

UNMARKED = re.compile(r"MLPerf(?!®)")


@pytest.mark.parametrize("code", ["en", "zh", "it"])
def test_every_catalog_text_marks_the_name_but_the_legend(code):
    gettext = translations(language(code)).gettext
    assert gettext("MLPerf Inference %(round)s") == "MLPerf® Inference %(round)s"
    assert "MLPerf® Power" in gettext("Energy efficiency (MLPerf Power)")
    # The legend names the mark; the guidelines quote it without the symbol.
    assert "®" not in gettext(LEGEND) and "MLPerf" in gettext(LEGEND)
    # No key of the catalog comes out unmarked or marked twice.
    keys = re.findall(
        r'^msgid "(.*MLPerf.*)"$',
        catalog_path(language(code)).read_text(encoding="utf-8"),
        re.MULTILINE,
    )
    assert len(keys) > 20
    for key in keys:
        shown = gettext(key.replace('\\"', '"'))
        if not key.startswith(("The MLPerf name", "Put the registered mark")):
            assert not UNMARKED.search(shown), shown
        assert "®®" not in shown


def test_articles_are_marked_outside_code_comments_and_link_targets():
    text = (
        "# A round of MLPerf Inference, read slowly\n\n"
        "The [MLPerf Power](../MLPerf-power/) results, "
        "`MLPerf` <!-- MLPerf --> and MLPerf® once, MLPerf_Results.adoc, outside MLPerf."
        "\n```\nMLPerf\n```\n"
    )
    assert mark_markdown(text) == (
        "# A round of MLPerf® Inference, read slowly\n\n"
        "The [MLPerf® Power](../MLPerf-power/) results, "
        "`MLPerf` <!-- MLPerf --> and MLPerf® once, MLPerf_Results.adoc, outside MLPerf®."
        "\n```\nMLPerf\n```\n"
    )


def test_a_use_already_marked_in_script_data_or_html_is_not_marked_again():
    # A page's JSON data writes the symbol \u00ae, its HTML &reg; or &#174;: each is already the
    # mark, so no second one; a plain use on the same line still gets it.
    assert mark_markdown('{"t": "MLPerf\\u00ae Inference"} MLPerf&reg; MLPerf&#174; MLPerf') == (
        '{"t": "MLPerf\\u00ae Inference"} MLPerf&reg; MLPerf&#174; MLPerf®'
    )
    # A tag's attributes are a generated page's data, written as made: only the text is marked.
    assert mark_markdown('<form data-labels=\'{"t": "MLPerf"}\'>MLPerf</form>') == (
        '<form data-labels=\'{"t": "MLPerf"}\'>MLPerf®</form>'
    )


def test_the_legend_quoted_on_a_page_is_left_as_written():
    from generator.editorial.guidelines import LEGEND
    from generator.i18n.catalogs import naming_texts, translations
    from generator.i18n.languages import language

    italian = translations(language("it")).gettext(LEGEND)
    assert "MLPerf" in italian and "MLPerf®" not in italian
    for text in (LEGEND, italian):
        assert mark_markdown(f"MLPerf Inference. {text}", naming_texts(language("it"))) == (
            f"MLPerf® Inference. {text}"
        )


def test_a_post_that_quotes_no_figure_is_marked_too():
    # A new post with no [[claim:]] or [[plain:]] mark goes through the same extension the
    # site's configuration lists; only the notice symbol is added, the rest is as written.
    import markdown

    from generator.editorial.claim_markdown import ClaimExtension

    html = markdown.markdown(
        "MLPerf Inference, [a](../MLPerf-x/) and `MLPerf`.", extensions=[ClaimExtension(lang="en")]
    )
    assert html == (
        '<p>MLPerf® Inference, <a href="../MLPerf-x/">a</a> and <code>MLPerf</code>.</p>'
    )


@pytest.mark.browser
@pytest.mark.parametrize("code", [lang.code for lang in LANGUAGES])
@pytest.mark.parametrize(
    "path",
    [
        "results/v6.1/datacenter/gpt-oss-120b/offline/",
        "blog/2026/09/22/vera-rubin-nvl72-preview-debut/",
    ],
)
def test_a_page_marks_every_use(page, base_url, code, path):
    page.goto(f"{base_url}{code}/{path}")
    # Tag names included: data/tags.yaml's "MLPerf" is shown as "MLPerf®" too.
    text = page.locator("article").inner_text()
    legend = translations(language(code)).gettext(LEGEND)
    assert "MLPerf®" in text
    assert UNMARKED.findall(text.replace(legend, "")) == []


@pytest.mark.parametrize("code", ["en", "zh", "it"])
def test_author_descriptions_are_marked(code):
    # data/authors.yaml describes the data desk's work on "MLPerf Inference" rounds.
    from generator.editorial.registries import authors_file

    text = authors_file(language(code))
    assert "MLPerf® Inference" in text and not UNMARKED.search(text.replace("MLPerf Wiki", ""))


def test_front_matter_is_marked_where_a_reader_sees_it():
    # Written by hand: description, title and tags are shown (meta description, feed, tag
    # names); slug, authors and date are identifiers. Lines and their count stay as written.
    front = (
        "date: 2026-09-17\nauthors: [data-desk]\ntags: [MLPerf, AMD]\n"
        "slug: mlperf-v6-1-power\ntitle: MLPerf Power\ndescription: >-\n"
        "  Four MLPerf Inference rounds,\n  MLPerf® once, MLPerf_Results.adoc\n"
        "other:\n  - MLPerf\n"
    )
    assert mark_front_matter(front) == (
        "date: 2026-09-17\nauthors: [data-desk]\ntags: [MLPerf®, AMD]\n"
        "slug: mlperf-v6-1-power\ntitle: MLPerf® Power\ndescription: >-\n"
        "  Four MLPerf® Inference rounds,\n  MLPerf® once, MLPerf_Results.adoc\n"
        "other:\n  - MLPerf\n"
    )
    assert mark_front_matter("tags:\n  - MLPerf\n  - AMD\n") == "tags:\n  - MLPerf®\n  - AMD\n"
    post = "---\ndescription: MLPerf Inference\n---\n\n# MLPerf Inference\n"
    # The body is marked where it is rendered (claim_markdown), not in the file.
    assert mark_post(post) == "---\ndescription: MLPerf® Inference\n---\n\n# MLPerf Inference\n"
    assert mark_post(mark_post(post)) == mark_post(post)
    assert mark_post("# MLPerf, no front matter\n") == "# MLPerf, no front matter\n"
    # The site's name is a name, written as it is everywhere.
    assert mark("MLPerf Wiki Data Desk on MLPerf Inference") == (
        "MLPerf Wiki Data Desk on MLPerf® Inference"
    )


def test_a_post_read_and_stamped_shows_the_mark(tmp_path):
    from generator.editorial.articles import read_article
    from generator.site.build import stamp_reading_times

    path = tmp_path / "power.md"
    path.write_text(
        "---\ndate: 2026-09-17\nauthors: [data-desk]\ntags: [MLPerf, AMD]\n"
        "slug: mlperf-power\ndescription: What MLPerf Power measures.\n---\n\n"
        "# Reading MLPerf Power\n\nMLPerf Power text.\n",
        encoding="utf-8",
    )
    post = read_article(path, language("en"))
    # Every list of posts (home, verification, tag pages) shows what read_article gives.
    assert post.title == "Reading MLPerf® Power"
    assert post.meta["description"] == "What MLPerf® Power measures."
    assert post.meta["tags"] == ["MLPerf®", "AMD"] and post.meta["slug"] == "mlperf-power"
    assert "MLPerf Power" in post.front_matter  # as written
    # The engine reads the file itself: the build writes the marks into its front matter.
    assert stamp_reading_times([post]) == 1
    text = path.read_text(encoding="utf-8")
    assert "tags: [MLPerf®, AMD]\nslug: mlperf-power\ndescription: What MLPerf® Power" in text
    assert text.endswith("# Reading MLPerf Power\n\nMLPerf Power text.\n")
    assert stamp_reading_times([read_article(path, language("en"))]) == 0


def test_tag_names_are_marked_and_their_slugs_are_not():
    from generator.editorial import registries

    # data/tags.yaml: mlperf: {en: MLPerf, zh: MLPerf, it: MLPerf}
    assert registries.tags()["mlperf"] == {"en": "MLPerf®", "zh": "MLPerf®", "it": "MLPerf®"}
    for name in ("MLPerf", "MLPerf®"):
        assert registries.tag_slug(name, language("zh")) == "mlperf"
        assert registries.slugify(name) == "mlperf"


def test_source_titles_are_marked():
    from generator.editorial.claims import load_registry
    from tests.conftest import DATA

    sources = load_registry(DATA / "claims.yaml").sources
    # data/claims.yaml: mlcommons-v6.1's label is "MLPerf Inference v6.1 results" in English,
    # "MLPerf Inference v6.1 官方结果" in Chinese; the title of NVIDIA's Vera Rubin post names
    # the round in its last words, after the mark.
    assert sources["mlcommons-v6.1"].label["en"] == "MLPerf® Inference v6.1 results"
    assert sources["mlcommons-v6.1"].name("zh") == "MLPerf® Inference v6.1 官方结果"
    vendor = sources["nvidia-blog-vera-rubin-v6.1"].title
    assert vendor.endswith("MLPerf® Inference v6.1") and "MLPerf Inference" not in vendor


def test_a_social_card_draws_the_marked_title():
    # The plugin draws a post's card before the page is rendered, from `layout.title` or else
    # the first heading as written (its templates/default.yml: page.meta.get("title",
    # page.title)); hooks/social.py sets `layout.title` to social.card_text of the heading.
    import importlib.util
    import types

    from tests.conftest import ROOT

    spec = importlib.util.spec_from_file_location("social_hook", ROOT / "hooks" / "social.py")
    hook = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hook)
    plugin = types.SimpleNamespace(config=types.SimpleNamespace(enabled=True, cards_exclude=[]))
    config = types.SimpleNamespace(plugins={"material/social": plugin})
    for heading, drawn in (
        ("Two years of MLPerf Inference", "Two years of MLPerf® Inference"),
        ("MLPerf Inference 两年回看：一代", "MLPerf® Inference 两年回看： 一代"),
    ):
        page = types.SimpleNamespace(
            meta={}, title=heading, file=types.SimpleNamespace(src_uri="blog/posts/x.md")
        )
        hook.on_page_markdown(f"# {heading}\n\ntext\n", page, config)
        assert page.meta["social"]["cards_layout_options"]["title"] == drawn


def test_the_citation_file_marks_the_name():
    # CITATION.cff is UTF-8 YAML (Citation File Format 1.2.0): its title, message and the
    # reference's title are what GitHub's "Cite this repository" turns into a citation, so they
    # carry ® as the site does. Keywords are search terms, not statements: left plain.
    import yaml

    from tests.conftest import ROOT

    citation = yaml.safe_load((ROOT / "CITATION.cff").read_text(encoding="utf-8"))
    texts = [citation["title"], citation["message"], citation["references"][0]["title"]]
    assert all("MLPerf®" in text and not UNMARKED.search(text) for text in texts)
    assert citation["authors"] == [{"name": "MLPerf Wiki"}] and "MLPerf" in citation["keywords"]
