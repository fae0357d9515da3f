"""Claims and result IDs rendered in the Markdown parse itself (``claim_markdown``): a reference
in code is shown as written; one in a list, a table, an admonition, ``<details>`` or a link's
text renders its figure and flag; ``[[id:CLAIM]]`` renders the result ID from the claim (the
derived ID with its †, the official one after a publication); and ``check`` refuses a result
ID typed in the prose of an article in any language (``article_ids``)."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from xml.etree.ElementTree import tostring

import pytest

from generator.data.identity import Superseded
from generator.editorial import article_markdown
from generator.editorial.article_ids import prose_ids
from generator.editorial.claims import load_registry
from generator.editorial.verification import claim_view, result_reference
from generator.errors import InputErrors
from generator.i18n.languages import language
from tests.conftest import DATA, ROOT
from tests.fixtures import make_fixture_project

# data/claims.yaml: gpt-oss-512-offline selects the v6.1 gpt-oss-120b Offline result 6.1-0027
# (Crusoe), 5749440 Tokens/s in data/results/v6.1.csv (the pages spell the unit tokens/s,
# formatting.py), closed and available: a verified flag.
# v6.1's IDs are derived (the checker's summary carries none): the ID gets its †.
FLAG = (
    '<span class="claim claim--verified" data-claim="gpt-oss-512-offline">'
    '<span class="claim__value">5,749,440 tokens/s</span> '
)


def render(text: str, lang: str = "en", root: str | None = None) -> str:
    """``text`` as the build renders an article (``article_markdown.render``: the extensions
    of mkdocs.yml with the claims extension), on this checkout's data or ``root``'s."""
    return article_markdown.render(text, lang, Path(root) if root else ROOT)


def body(html: str) -> str:
    """The HTML before the claims table (the table and footnotes repeat the values)."""
    return html.split('<h2 id="claims-in-this-article"', 1)[0]


def test_a_reference_in_code_is_shown_as_written_and_quotes_nothing():
    html = render(
        "A span `[[claim:gpt-oss-512-offline]]` and `[[id:gpt-oss-512-offline]]`.\n\n"
        "```\n[[claim:gpt-oss-512-offline]]\n```\n"
    )
    assert "<code>[[claim:gpt-oss-512-offline]]</code>" in html
    assert "<code>[[id:gpt-oss-512-offline]]</code>" in html
    assert "<code>[[claim:gpt-oss-512-offline]]\n</code>" in html
    # Nothing quoted: no flag, no claims table, no footnote.
    assert "claim--" not in html and "claims-table" not in html and "footnote" not in html


@pytest.mark.parametrize(
    "where, text",
    [
        ("paragraph", "Reached [[claim:gpt-oss-512-offline]]."),
        ("details", '??? note "More"\n    Reached [[claim:gpt-oss-512-offline]].'),
        ("admonition", "!!! note\n    Reached [[claim:gpt-oss-512-offline]]."),
        ("table", "| a | b |\n|---|---|\n| [[claim:gpt-oss-512-offline]] | x |"),
        ("list", "- Reached [[claim:gpt-oss-512-offline]]."),
        ("tab", '=== "One"\n    Reached [[claim:gpt-oss-512-offline]].'),
    ],
)
def test_a_claim_renders_its_flag_and_footnote_in_every_block(where, text):
    html = render(text)
    shown = body(html)
    assert "[[claim:" not in html and "&lt;span" not in html, where
    assert FLAG in shown
    assert '<a class="claim__flag" href="#claim-gpt-oss-512-offline" title="Verified: ' in shown
    # The footnote reference follows the flag; its note cites the result; one table row.
    assert re.search(r'✔ Verified</a></span><sup id="fnref:gpt-oss-512-offline-\w{6}">', shown)
    assert html.count('<tr id="claim-gpt-oss-512-offline">') == 1
    assert re.search(r'<li id="fn:gpt-oss-512-offline-\w{6}">', html)


def test_a_claim_in_a_link_text_makes_no_link_inside_the_link():
    html = body(render("See [the record [[claim:gpt-oss-512-offline]]](https://example.com)."))
    link = re.search(r'<a href="https://example.com">(.*?)</a>(<sup[^>]*>.*?</sup>)', html)
    assert link, html
    text, footnote = link.groups()
    assert FLAG in text and "<a " not in text  # the flag's own link became a span
    assert '<span class="claim__flag" title="Verified: ' in text
    assert 'class="footnote-ref"' in footnote  # after the link, not inside it


def test_a_footnote_sets_its_result_id_in_one_unbreakable_span():
    # The footnote cites 6.1-0027 (derived: its dagger follows): the citation is Markdown, so the
    # parse's KeepResultId sets the ID in its span; a span the citation wrote itself as well
    # nested two (<span class="keep"><span class="keep">6.1-0027</span></span>).
    html = render("Reached [[claim:gpt-oss-512-offline]].")
    note = re.search(r'<li id="fn:gpt-oss-512-offline-\w{6}">(.*?)</li>', html, re.S).group(1)
    assert 'result <span class="keep">6.1-0027</span><sup class="mlperf-derived"' in note
    assert '<span class="keep"><span class="keep">' not in html


def test_claims_and_ids_in_the_fixture_project_escape_every_text(tmp_path):
    # tests/fixtures/project/claims.yaml: vendor-efficiency (3.5 x, vendor) cites the source
    # titled "Acme <b>fast</b> blog": its markup is text in the flag's tooltip and footnote.
    root = make_fixture_project(tmp_path / "p")
    html = render("Acme says [[claim:vendor-efficiency]].", root=str(root))
    assert "<b>" not in html
    assert "Acme &lt;b&gt;fast&lt;/b&gt; blog" in html
    assert 'class="claim claim--vendor"' in html


def test_an_id_reference_renders_the_derived_id_with_its_mark():
    # gpt-oss-512-offline selects 6.1-0027 (data/claims.yaml); v6.1's IDs are derived.
    en = render("Result [[id:gpt-oss-512-offline]] and [[id:nvidia-deepseek-2-5x:2]].")
    # nvidia-deepseek-2-5x compares 6.1-0106 (Vera Rubin) with 6.1-0074 (GB300): the second.
    assert re.findall(r'\?id=([\d.-]+)"><span class="keep">([\d.-]+)</span>', en) == [
        ("6.1-0027", "6.1-0027"),
        ("6.1-0074", "6.1-0074"),
    ]
    assert en.count('<sup class="mlperf-derived" title="ID derived with MLCommons') == 2
    assert "claims-table" not in en  # an ID cites a result; it quotes no figure


def test_an_id_reference_renders_the_official_id_after_a_publication(dataset):
    # As tests/test_superseded_ids.py: MLCommons' final report numbers two systems the other
    # way round, so the system derived as 6.1-0001 is published as 6.1-0002. The import
    # rebinds the claim to the official ID (claims.rebind) and marks it published: its record
    # is then 6.1-0002, result_id_derived False. The ID shown is 6.1-0002 with no †, and the
    # explorer's address says it is the official ID, since 6.1-0002 was another system's
    # derived ID (``&ids=official``).
    records = list(dataset.records)
    registry = load_registry(DATA / "claims.yaml")
    view = claim_view("gpt-oss-512-offline", registry, records, language("en"))
    first = view.recomputation.records[0]
    published = first.model_copy(update={"result_id": "6.1-0002", "result_id_derived": False})
    after = replace(view, recomputation=replace(view.recomputation, records=(published,)))
    table = Superseded(
        {
            "v6.1": {
                "6.1-0001": {
                    "derived": "6.1-0001",
                    "official": "6.1-0002",
                    "submitter": "A",
                    "system_name": "a",
                },
                "6.1-0002": {
                    "derived": "6.1-0002",
                    "official": "6.1-0001",
                    "submitter": "B",
                    "system_name": "b",
                },
            }
        }
    )
    html = tostring(result_reference(after, 1, table), encoding="unicode")
    assert html == (
        '<span class="mlperf-result-id"><a href="../../../../../results/explore/'
        '?id=6.1-0002&amp;ids=official"><span class="keep">6.1-0002</span></a></span>'
    )
    # Before the publication: the derived ID, its mark, a plain address.
    before = tostring(result_reference(view, 1, Superseded({})), encoding="unicode")
    assert '?id=6.1-0027"' in before and "†</sup>" in before


def test_typed_ids_are_found_in_prose_only():
    # Lines (0-based) worked by hand: 0 prose, 1 link text (prose), 2 a link's address (not),
    # 3 a code span (not), 5 inside an indented fence of a details block (not), 7 a comment
    # (not), 8 Chinese prose touching the ID, 9 an Italian sentence with v4.1-0050.
    text = (
        "System 6.1-0027 here.\n"
        "[6.1-0026](../x/)\n"
        "[text](../../results/explore/?id=6.1-0025)\n"
        "Code `6.1-0024` here.\n"
        '??? note "x"\n'
        "    ```\n    6.1-0023\n    ```\n"
        "<!-- 6.1-0022 -->\n"
        "结果编号6.1-0021）\n"
        "Il risultato v4.1-0050 è pubblicato.\n"
    )
    assert prose_ids(text) == [
        (0, "v6.1", "6.1-0027"),
        (1, "v6.1", "6.1-0026"),
        (9, "v6.1", "6.1-0021"),
        (10, "v4.1", "4.1-0050"),
    ]


@pytest.mark.parametrize("code", ["en", "zh", "it"])
def test_check_refuses_a_typed_id_with_the_text_to_write(tmp_path, code):
    from generator.editorial.check import check

    root = make_fixture_project(tmp_path / "p")
    post = root / "docs" / code / "blog" / "posts" / "record.md"
    text = post.read_text(encoding="utf-8")
    post.write_text(text + "\nCrusoe (6.1-0027), `6.1-0027` in code.\n", encoding="utf-8")
    line = text.count("\n") + 2  # the file line after the blank line
    with pytest.raises(InputErrors) as caught:
        check(root)
    said = [str(e) for e in caught.value.errors if "typed in the prose" in str(e)]
    # top-offline selects 6.1-0027 alone and the post quotes it (tests/fixtures/project).
    assert said == [
        f"{post}: line {line}: result ID 6.1-0027 typed in the prose: a typed ID names a "
        "string, which an import of official IDs can give to another system; write "
        "[[id:top-offline]] (claim 'top-offline' selects it), which shows the official ID "
        "once MLCommons publishes it and the derived one with its † until then (in code, "
        "`6.1-0027` stays as written)"
    ]


def test_the_finishing_check_allows_references_in_code_only(tmp_path):
    from generator.site.finish import unrendered_claims

    post = tmp_path / "blog" / "2026" / "01" / "01"
    post.mkdir(parents=True)
    (post / "code.html").write_text(
        "<p><code>[[claim:x]]</code></p><pre><code>[[id:x]]\n</code></pre>", encoding="utf-8"
    )
    (post / "raw.html").write_text("<p>ID [[id:x]]</p>", encoding="utf-8")
    assert unrendered_claims(tmp_path) == ["blog/2026/01/01/raw.html"]


def test_an_import_of_official_ids_names_each_id_reference_it_rebinds(tmp_path):
    # The fixture project's top-offline selects 6.1-0027 (tests/fixtures/project/claims.yaml).
    # A publication that gives that system the official ID 6.1-0028 (data/ids/v6.1.csv as the
    # import writes it) rebinds the claim (claims.rebind): the post's [[id:top-offline]] now
    # shows 6.1-0028, and the import's remark names its line; the text needs no change.
    from generator.data import identity
    from generator.editorial.articles import read_article
    from generator.editorial.claims import load_registry as load
    from generator.editorial.import_check import _id_references

    root = make_fixture_project(tmp_path / "p")
    post = root / "docs" / "en" / "blog" / "posts" / "record.md"
    text = post.read_text(encoding="utf-8")
    post.write_text(text + "\nResult [[id:top-offline]].\n", encoding="utf-8")
    before = load(root / "data" / "claims.yaml")
    identity.save_published_ids(
        root / "data",
        "v6.1",
        [
            {
                "derived": "6.1-0027",
                "official": "6.1-0028",
                "submitter": "Crusoe",
                "system_name": "Crusoe Cloud",
            }
        ],
    )
    after = load(root / "data" / "claims.yaml")
    article = read_article(post, language("en"))
    assert _id_references([article], before, after) == [
        f"{post} line {text.count(chr(10)) + 2}: [[id:top-offline]] now shows the official ID "
        "of the same result (6.1-0027 -> 6.1-0028); the article needs no change"
    ]


def test_the_build_leaves_markdown_inside_raw_html_as_written():
    # Why check refuses a reference there (next test): mkdocs.yml runs without md_in_html, so
    # even `<details markdown>` keeps its text raw. Should md_in_html come back, this fails and
    # the rule (article_ids.references_in_raw_html) can go.
    html = render(
        "<details markdown>\n<summary>More</summary>\n\nSee [[claim:gpt-oss-512-offline]].\n\n"
        "</details>\n"
    )
    assert "See [[claim:gpt-oss-512-offline]]." in html and "claim--" not in html


@pytest.mark.parametrize("tag", ["<details>", "<details markdown>", '<div markdown="1">'])
def test_check_refuses_a_reference_inside_raw_html(tmp_path, tag):
    # Raw HTML passes through Markdown as written: the reader would see the reference. The
    # build runs without md_in_html (mkdocs.yml), so `markdown` on the tag changes nothing.
    # The post's text is appended after a blank line; the reference is on the 4th appended line.
    from generator.editorial.check import check

    root = make_fixture_project(tmp_path / "p")
    post = root / "docs" / "en" / "blog" / "posts" / "record.md"
    text = post.read_text(encoding="utf-8")
    end = f"</{tag[1:].split(' ')[0].rstrip('>')}>"
    post.write_text(
        text + f"\n{tag}<summary>More</summary>\n\nSee [[claim:top-offline]].\n\n{end}\n",
        encoding="utf-8",
    )
    line = text.count("\n") + 4
    with pytest.raises(InputErrors) as caught:
        check(root)
    said = [str(e) for e in caught.value.errors if "inside raw HTML" in str(e)]
    assert said == [
        f"{post}: line {line}: [[claim:top-offline]] is inside raw HTML, which Markdown shows "
        "as written: write a collapsible block as '??? note \"Title\"' (its text indented by "
        "four spaces) or an admonition ('!!! note'), where references render"
    ]


def test_an_id_reference_that_renders_nothing_is_left_as_written():
    # An unknown claim, a quoted figure (coreweave-tokens-per-mw-10x: a vendor figure with no
    # result, data/claims.yaml) and a third result of a two-result comparison: check refuses
    # each (article_ids.ids_in_references); the renderer leaves them for the finishing step.
    html = render(
        "[[id:no-such-claim]] [[id:coreweave-tokens-per-mw-10x]] [[id:nvidia-deepseek-2-5x:3]]"
    )
    assert html == (
        "<p>[[id:no-such-claim]] [[id:coreweave-tokens-per-mw-10x]] "
        "[[id:nvidia-deepseek-2-5x:3]]</p>"
    )


def test_check_refuses_an_id_reference_that_renders_nothing(tmp_path):
    # tests/fixtures/project/claims.yaml: vendor-efficiency is a quoted vendor figure (no
    # result); top-offline selects one result (6.1-0027), so it has no second.
    from generator.editorial.check import check

    root = make_fixture_project(tmp_path / "p")
    post = root / "docs" / "it" / "blog" / "posts" / "record.md"
    text = post.read_text(encoding="utf-8")
    post.write_text(
        text + "\n[[id:vendor-efficiency]] [[id:top-offline:2]] [[id:top-ofline]]\n",
        encoding="utf-8",
    )
    line = text.count("\n") + 2
    with pytest.raises(InputErrors) as caught:
        check(root)
    said = [str(e) for e in caught.value.errors if "[[id:" in str(e)]
    assert said == [
        f"{post}: line {line}: [[id:vendor-efficiency]]: claim 'vendor-efficiency' selects no "
        "official result (a quoted figure has no result ID)",
        f"{post}: line {line}: [[id:top-offline:2]]: claim 'top-offline' selects 1 result(s), "
        "not a result 2: [[id:top-offline]]",
        # A typo is told the claim it may mean, as [[claim:top-ofline]] is (Registry.unknown).
        f"{post}: line {line}: [[id:top-ofline]]: unknown claim 'top-ofline': add it to "
        "data/claims.yaml or fix the id; did you mean 'top-offline'?",
    ]


def test_a_reference_in_an_html_comment_is_guidance_not_raw_html(tmp_path):
    # new-article's scaffold quotes [[claim:…]] in its guidance comments: check tells the
    # editor what is still to write (the placeholders), never that a comment is raw HTML.
    import datetime as dt

    from generator.editorial.check import check
    from generator.pages.new_article import new_article

    root = make_fixture_project(tmp_path / "p")
    new_article(root / "docs", "fresh", "Fresh", dt.date(2026, 10, 1), "desk", ["mlperf"])
    with pytest.raises(InputErrors) as caught:
        check(root)
    said = [str(e) for e in caught.value.errors if "/fresh.md" in str(e)]
    assert said and not [e for e in said if "inside raw HTML" in e]
    # What is left to write: placeholders, and the title in Chinese and Italian.
    assert [e for e in said if "placeholder" not in e and "translate" not in e] == []
