"""Raw HTML blocks kept out of Python-Markdown: the generated pages are mostly HTML tables,
which Markdown passes through unchanged but only after parsing them twice with Python's HTML
parser (MkDocs' anchor collector and Markdown's own block extractor) -- about 40 % of a
language's build on the results pages.

A standard Python-Markdown extension (``markdown_extensions`` of ``mkdocs.yml``), so any engine
that runs the configured extensions gets the same HTML faster; anchors inside the blocks are not
seen by MkDocs' anchor validation, which the site leaves at its default (``info``: it never
fails a build), and ``tests/test_links.py`` checks every link of the built site instead.

``stash`` replaces each top-level HTML block of a page's Markdown with a one-word placeholder
paragraph before the conversion; ``restore`` puts the blocks back into the converted HTML.
Only blocks Markdown would pass through verbatim are stashed: an element from the start of a
line that follows a blank line, up to the line that closes it, followed by a blank line or the
end of the text, outside fenced code. Anything else is left for Markdown, so the HTML of a page
is the same either way.
"""

from __future__ import annotations

import re

from markdown import Extension
from markdown.postprocessors import Postprocessor
from markdown.preprocessors import Preprocessor

# Block-level elements the templates open at the start of a line.
BLOCK_START = re.compile(r"<(div|table|p|figure|details|section|form|ul|ol|dl|nav|aside)[\s>]")
FENCE = re.compile(r"^\s*(`{3,}|~{3,})")
PLACEHOLDER = "mlperfrawhtml{:06d}"
PLACEHOLDER_PARAGRAPH = re.compile(r"<p>(mlperfrawhtml\d{6})</p>")


def _closing_line(lines: list[str], start: int, tag: str) -> int | None:
    """Index of the line where the element opened on ``lines[start]`` closes (same-name
    elements counted), or None when it does not close at the end of a line."""
    opening = re.compile(rf"<{tag}[\s>]")
    closing = f"</{tag}>"
    depth = 0
    for index in range(start, len(lines)):
        line = lines[index]
        depth += len(opening.findall(line)) - line.count(closing)
        if depth <= 0:
            return index if line.rstrip().endswith(closing) else None
    return None


def _closes(line: str, fence: str) -> bool:
    """Whether ``line`` closes a code block opened with ``fence`` (superfences' rule, as
    CommonMark's): the same character, at least as many, and nothing after them. A shorter
    fence inside (a Markdown example showing a fence) is the code's text."""
    marker = FENCE.match(line)
    return bool(
        marker
        and marker.group(1)[0] == fence[0]
        and len(marker.group(1)) >= len(fence)
        and not line[marker.end() :].strip()
    )


def stash(markdown: str) -> tuple[str, list[str]]:
    """``markdown`` with its top-level raw HTML blocks replaced by placeholder paragraphs.

    Returns:
        the new Markdown text, and the blocks in placeholder order (``restore`` needs them).
    """
    lines = markdown.split("\n")
    out: list[str] = []
    blocks: list[str] = []
    fence = None
    index = 0
    while index < len(lines):
        line = lines[index]
        marker = FENCE.match(line)
        if fence is None and marker:
            fence = marker.group(1)
        elif fence is not None and _closes(line, fence):
            fence = None
        start = BLOCK_START.match(line) if fence is None else None
        if start and (index == 0 or not lines[index - 1].strip()):
            end = _closing_line(lines, index, start.group(1))
            if end is not None and (end + 1 == len(lines) or not lines[end + 1].strip()):
                out.append(PLACEHOLDER.format(len(blocks)))
                blocks.append("\n".join(lines[index:end + 1]))
                index = end + 1
                continue
        out.append(line)
        index += 1
    return "\n".join(out), blocks


def restore(html: str, blocks: list[str]) -> str:
    """The converted ``html`` with each placeholder paragraph replaced by its block.

    Raises:
        ValueError: when a placeholder is missing from ``html`` (Markdown changed it), so that
            a page never silently loses a table.
    """
    if not blocks:
        return html
    found: set[str] = set()

    def put_back(match: re.Match) -> str:
        found.add(match.group(1))
        return blocks[int(match.group(1).removeprefix("mlperfrawhtml"))]

    restored = PLACEHOLDER_PARAGRAPH.sub(put_back, html)
    if len(found) != len(blocks):
        missing = sorted({PLACEHOLDER.format(i) for i in range(len(blocks))} - found)
        raise ValueError(f"raw HTML placeholders lost in the Markdown conversion: {missing}")
    return restored


# After the claims extension (100) has rendered the articles; before MkDocs' anchor collector
# (21) and Markdown's HTML block extractor (20). The blocks come back after every other
# postprocessor, as the converted page's last step.
STASH_PRIORITY, RESTORE_PRIORITY = 90, 0


class _Stash(Preprocessor):
    def run(self, lines: list[str]) -> list[str]:
        text, self.md.mlperf_raw_blocks = stash("\n".join(lines))
        return text.split("\n")


class _Restore(Postprocessor):
    # Extensions also run the postprocessors over fragments (toc, on each heading's text):
    # only a text with placeholders is the page, where every one of them must be found.
    def run(self, text: str) -> str:
        if "mlperfrawhtml" not in text:
            return text
        return restore(text, getattr(self.md, "mlperf_raw_blocks", []))


class RawHtmlExtension(Extension):
    """``generator.site.rawhtml``: ``stash`` before the conversion, ``restore`` after it."""

    def extendMarkdown(self, md):  # noqa: N802 (Python-Markdown's name)
        md.preprocessors.register(_Stash(md), "mlperf_raw_html_stash", STASH_PRIORITY)
        md.postprocessors.register(_Restore(md), "mlperf_raw_html_restore", RESTORE_PRIORITY)


def makeExtension(**kwargs):  # noqa: N802 (the name Python-Markdown looks for)
    """The extension, as Python-Markdown loads it by module name."""
    return RawHtmlExtension(**kwargs)
