"""Raw HTML blocks set aside before Markdown come back unchanged, and the page's HTML is the
one Markdown itself would have made."""

import re

import markdown
import pytest

from generator.site.rawhtml import restore, stash
from tests.conftest import ROOT

EXTENSIONS = [
    "attr_list",
    "tables",
    "toc",
    "admonition",
    "pymdownx.details",
    "pymdownx.blocks.tab",
    "pymdownx.superfences",
    "footnotes",
]


def convert(text):
    return markdown.Markdown(extensions=EXTENSIONS).convert(text)


def same_html(left, right):
    return re.sub(r"\n+", "\n", left) == re.sub(r"\n+", "\n", right)


def test_blocks_skip_markdown_and_come_back_verbatim():
    text = (
        '# Title\n\n<div class="t">\n<table>\n<tr><td>*not emphasis*</td></tr>\n'
        '</table>\n</div>\n\nSome *prose*.\n\n<p class="x">A <a href="#">link</a></p>\n'
    )
    stashed, blocks = stash(text)
    assert len(blocks) == 2 and "<table>" not in stashed
    html = restore(convert(stashed), blocks)
    assert "<td>*not emphasis*</td>" in html and "<em>prose</em>" in html
    assert same_html(html, convert(text))


def test_html_markdown_would_not_pass_through_is_left_alone():
    text = (
        "Text right before\n<div>glued to a paragraph</div>\n\n"
        "<div>not closed at the end of its line</div> tail\n\n"
        "```html\n<div>\ncode\n</div>\n```\n\n<details><summary>s</summary>\n"
    )
    assert stash(text) == (text, [])


@pytest.mark.parametrize("outer, inner", [("````", "```"), ("```", "~~~"), ("~~~~", "~~~")])
def test_a_fence_shown_inside_a_longer_or_other_fence_stays_code(outer, inner):
    # A Markdown example in a fence of four backticks shows a fence of three around HTML. The
    # stash took the inner fence's end for the outer's, set the <div> aside inside the code,
    # and the build stopped with "raw HTML placeholders lost" (a traceback, no line). A fence
    # closes only with its own character, at least as many, and nothing after (superfences).
    text = f"{outer}markdown\n{inner}\n\n<div>shown, never run</div>\n\n{inner}\n{outer}\n"
    assert stash(text) == (text, [])
    html = markdown.Markdown(extensions=[*EXTENSIONS, "generator.site.rawhtml"]).convert(text)
    assert "&lt;div&gt;shown, never run&lt;/div&gt;" in html


def test_a_lost_placeholder_fails_loudly():
    stashed, blocks = stash("<div>x</div>\n")
    with pytest.raises(ValueError, match="placeholders lost"):
        restore("<p>nothing here</p>", blocks)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_generated_pages_convert_to_the_same_html(lang):
    pages = sorted((ROOT / "docs" / lang).rglob("*.md"))
    if len(pages) < 20:
        pytest.skip("docs/ holds no generated pages: run `make build`")
    sample = pages[:: max(1, len(pages) // 40)]
    for page in sample:
        text = page.read_text(encoding="utf-8").split("\n---\n", 1)[-1]
        stashed, blocks = stash(text)
        assert same_html(restore(convert(stashed), blocks), convert(text)), page


def test_the_extension_gives_the_html_markdown_itself_makes():
    # The same page with and without the extension: blocks kept verbatim, prose converted.
    text = (
        '# T\n\n<div class="t">\n<table>\n<tr><td>*x*</td></tr>\n</table>\n</div>\n\n'
        "Some *prose*.\n"
    )
    fast = markdown.Markdown(extensions=[*EXTENSIONS, "generator.site.rawhtml"]).convert(text)
    assert "<td>*x*</td>" in fast and "<em>prose</em>" in fast and "mlperfrawhtml" not in fast
    assert same_html(fast, convert(text))
