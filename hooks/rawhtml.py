"""MkDocs hook: the raw HTML blocks of a page skip Python-Markdown (``generator.site.rawhtml``): they
are set aside before the conversion and put back into the converted HTML, unchanged."""

from __future__ import annotations

import sys
from pathlib import Path

from mkdocs.plugins import event_priority

# The hook is loaded by file path; make the project's package importable whatever the cwd.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from generator.site.rawhtml import anchor_ids, restore, stash  # noqa: E402

_blocks: dict[str, list[str]] = {}


@event_priority(-100)  # last: after the claims and social hooks have read the Markdown
def on_page_markdown(markdown, page, **_):
    markdown, _blocks[page.file.src_uri] = stash(markdown)
    return markdown


@event_priority(100)  # first: every plugin (search, RSS) sees the page's whole HTML
def on_page_content(html, page, **_):
    blocks = _blocks.pop(page.file.src_uri, [])
    if page.present_anchor_ids is not None:
        page.present_anchor_ids |= anchor_ids(blocks)
    return restore(html, blocks)
