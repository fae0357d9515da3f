"""An article read once by the build's own Markdown parser: what ``check`` asks of its links,
images, footnotes, raw HTML and fences is asked of what the build will see, not of what a
regular expression guesses.

``parse`` converts an article's body with Python-Markdown and the extensions of
``mkdocs.yml`` (``markdown_extensions``: attr_list, toc, footnotes, superfences, our raw-HTML
block stash...; the claims extension is left out: a ``[[claim:ID]]`` stays text), then walks
the element tree in document order. It finds:

* every link (``<a href>``) and image (``<img src alt width height>``) of the Markdown, the
  reference definitions (``[label]: url``, used or not), and every start tag, link and image of
  the raw HTML Markdown passes through unchanged, which is read with Python's HTML tokenizer;
* the attributes an editor wrote with ``{ … }`` (attr_list) on Markdown elements;
* raw HTML elements left open or closed twice, over the whole article (an element opened in
  one HTML block and closed in a later one is balanced);
* a code fence never closed (Markdown leaves its opening line as text);
* a footnote reference without its note (Markdown leaves ``[^label]`` as text);
* the headings' ids, as the toc extension makes them (the anchors a link may name);
* a conversion that fails: the build would stop with a traceback, so ``check`` reports it,
  with the line of the block where it starts failing.

Python-Markdown keeps no source positions: each thing found is placed on its line by finding
its text in the source, in document order (a footnote's content, which Markdown moves to the
end, is looked for from the start). Code is never searched: code spans and blocks are
elements of their own in the tree.

``render`` converts an article as the build does, the claims extension included: tests read
what a reader reads from the one renderer there is.
"""

from __future__ import annotations

import html
import importlib
import re
from dataclasses import dataclass
from functools import cache, lru_cache
from html.parser import HTMLParser
from pathlib import Path
from xml.etree.ElementTree import Element

import markdown
import yaml
from markdown.preprocessors import Preprocessor
from markdown.treeprocessors import Treeprocessor

from generator.i18n.prose import mask_comments
from generator.project import ROOT

# Elements with no end tag, and those whose end tag HTML lets a writer leave out.
VOID = frozenset(
    {
        "area",
        "base",
        "br",
        "col",
        "embed",
        "hr",
        "img",
        "input",
        "link",
        "meta",
        "source",
        "track",
        "wbr",
    }
)
OPTIONAL_END = frozenset(
    {
        "p",
        "li",
        "dt",
        "dd",
        "tr",
        "td",
        "th",
        "thead",
        "tbody",
        "tfoot",
        "option",
        "colgroup",
        "caption",
        "rt",
        "rp",
    }
)
TAG_NAME = re.compile(r"^[a-z][a-z0-9-]*$")
# Python-Markdown's placeholders in the tree's text: raw HTML (block or inline) kept in its
# stash, a backslash-escaped character, and our raw-HTML block stash (generator.site.rawhtml).
STASHED = re.compile(r"\x02wzxhzdk:(\d+)\x03")
RAW_BLOCK = re.compile(r"mlperfrawhtml(\d{6})")  # a paragraph of its own (rawhtml.PLACEHOLDER)
ESCAPED = re.compile(r"\x02(\d+)\x03")
FENCE_LEFT = re.compile(r"(?:^|\n)[ \t]{0,3}(`{3,}|~{3,})[^\n]*")
RAW_REFERENCE = re.compile(r"\[\[(?:claim|id):[^\]\n]*\]\]")
UNRESOLVED_FOOTNOTE = re.compile(r"\[\^([^\]\s]+)\]")
# Elements the parser itself makes, whose attributes are not the editor's.
PARSER_CLASSES = frozenset({"headerlink", "footnote-ref", "footnote-backref", "footnote"})
CODE_ELEMENTS = frozenset({"code", "pre"})
CLAIMS_EXTENSION = "generator.editorial.claim_markdown"


@dataclass(frozen=True)
class Tag:
    """A start tag of the article: ``line`` 0-based in the body; ``raw``: written as raw HTML
    (else a Markdown element, ``markdown`` says which form: ``link``, ``image`` or
    ``reference`` for a ``[label]: url`` definition, ``attributes`` for attr_list's)."""

    line: int
    name: str
    attrs: dict[str, str | None]
    raw: bool
    markdown: str = ""


@dataclass(frozen=True)
class Parsed:
    """What ``parse`` found in one article body; every line is 0-based in the body.

    Attributes:
        tags: every start tag of the raw HTML and every Markdown link, image and reference
            definition, in document order.
        unclosed: raw HTML elements never closed, as (tag, line).
        stray: closing tags that close no open element, as (tag, line).
        fences: lines of code fences opened and never closed.
        footnotes: footnote references without a note, as (label, line).
        heading_ids: the ids of the headings (toc's), which a link's ``#anchor`` may name.
        raw_references: claim and ID references (``[[claim:ID]]``, ``[[id:ID]]``) written
            inside raw HTML, which Markdown passes through as written, as (reference, line).
        failure: the error the build's Markdown stops with on this article, or None, and the
            line of the block where it starts (``failure_line``).
    """

    tags: tuple[Tag, ...] = ()
    unclosed: tuple[tuple[str, int], ...] = ()
    stray: tuple[tuple[str, int], ...] = ()
    fences: tuple[int, ...] = ()
    footnotes: tuple[tuple[str, int], ...] = ()
    heading_ids: frozenset[str] = frozenset()
    raw_references: tuple[tuple[str, int], ...] = ()
    failure: str | None = None
    failure_line: int = 0

    def images(self) -> list[Tag]:
        """The images, Markdown's and raw HTML's."""
        return [t for t in self.tags if t.name == "img"]


class _Loader(yaml.SafeLoader):
    """mkdocs.yml's YAML: ``!!python/name:`` and ``!!python/object/apply:`` of the Markdown
    extensions' options are resolved (the toc's slugify); MkDocs' own tags (``!ENV``, not in
    the extensions' options) read as None."""


def _python(loader, suffix, node):
    kind, _, dotted = suffix.partition(":")
    module, _, name = dotted.rpartition(".")
    target = getattr(importlib.import_module(module), name)
    if kind == "name":
        return target
    value = loader.construct_mapping(node, deep=True) if isinstance(node, yaml.MappingNode) else {}
    return target(*value.get("args", ()), **value.get("kwds", {}))


_Loader.add_multi_constructor("tag:yaml.org,2002:python/", _python)
_Loader.add_multi_constructor("!", lambda loader, suffix, node: None)


@cache
def build_extensions(config: Path = ROOT / "mkdocs.yml") -> tuple[list[str], dict[str, dict]]:
    """The ``markdown_extensions`` of ``config`` (names, and options by name), without the
    claims extension."""
    with config.open(encoding="utf-8") as handle:
        entries = yaml.load(handle, Loader=_Loader)["markdown_extensions"]  # noqa: S506
    names, options = [], {}
    for entry in entries:
        name, opts = (entry, {}) if isinstance(entry, str) else next(iter(entry.items()))
        if name != CLAIMS_EXTENSION:
            names.append(name)
            options[name] = dict(opts or {})
    return names, options


class _Fenced(Preprocessor):
    """Counts the stash's pieces after the fenced code blocks' preprocessor: those are code."""

    def run(self, lines: list[str]) -> list[str]:
        self.md.mlperf_fenced = len(self.md.htmlStash.rawHtmlBlocks)
        return lines


class _Keep(Treeprocessor):
    """Keeps the converted tree (after every other tree processor) for ``parse``."""

    def run(self, root: Element) -> None:
        self.md.mlperf_tree = root


@cache
def _converter() -> markdown.Markdown:
    names, options = build_extensions()
    md = markdown.Markdown(extensions=names, extension_configs=options)
    md.treeprocessors.register(_Keep(md), "mlperf_keep_tree", -100)
    # Between superfences' fenced blocks (25) and the HTML blocks (20).
    md.preprocessors.register(_Fenced(md), "mlperf_count_fenced", 22)
    return md


@lru_cache(maxsize=16)
def _renderer(lang: str, root: str) -> markdown.Markdown:
    names, options = build_extensions()
    return markdown.Markdown(
        extensions=[*names, CLAIMS_EXTENSION],
        extension_configs={**options, CLAIMS_EXTENSION: {"lang": lang, "root": root}},
    )


def render(body: str, lang: str, root: Path = ROOT) -> str:
    """``body`` (an article's Markdown after its front matter) as the build renders it in the
    language ``lang`` (a site code, ``"zh"``): the extensions of ``mkdocs.yml`` with the claims
    extension (``claim_markdown``) on ``data/`` of the project folder ``root``. Returns the
    article's HTML (flags, footnotes, claims table, ClaimReview JSON-LD), without the page
    around it: for tests and tools that ask what one article says, by the renderer the build
    uses (MkDocs runs the same extensions on every page).

    Raises:
        KeyError: an unknown claim (``check`` reports it with its line).
    """
    md = _renderer(lang, str(root))
    md.reset()
    return md.convert(body)


def parse(body: str) -> Parsed:
    """``body`` (an article's Markdown after its front matter) read by the build's Markdown;
    cached by text, so every rule of ``check`` reads an article once."""
    return _parse(body)


@lru_cache(maxsize=256)
def _parse(body: str) -> Parsed:
    md = _converter()
    md.reset()
    md.mlperf_tree = None  # an empty text is returned before the tree processors run
    try:
        md.convert(body)
    except Exception as exc:  # noqa: BLE001 (any failure of any extension stops the build)
        return Parsed(failure=f"{type(exc).__name__}: {exc}", failure_line=_failing_block(body))
    if md.mlperf_tree is None:
        return Parsed()
    walk = _Walk(body, md)
    walk.element(md.mlperf_tree)
    for url, _title in md.references.values():  # defined, used or not
        line = walk.locate(url, start=0)
        if not any(t.line == line and t.attrs.get("href") == url for t in walk.tags):
            walk.tags.append(Tag(line, "a", {"href": url}, False, "reference"))
    open_left = [(tag, line) for tag, line in walk.balance.open]
    return Parsed(
        tags=tuple(walk.tags),
        unclosed=tuple(sorted(walk.balance.unclosed + open_left, key=lambda e: e[1])),
        stray=tuple(walk.balance.stray),
        fences=tuple(walk.fences),
        footnotes=tuple(walk.footnotes),
        heading_ids=frozenset(_heading_ids(md.toc_tokens)),
        raw_references=tuple(walk.raw_references),
    )


def _heading_ids(tokens: list[dict]) -> list[str]:
    return [i for t in tokens for i in [t["id"], *_heading_ids(t["children"])]]


def _failing_block(body: str) -> int:
    """The 0-based line of the first block (text between blank lines) such that the body up to
    and including it fails to convert: a bisection over the blocks' ends."""
    ends = [m.start() for m in re.finditer(r"\n[ \t]*\n", body)] + [len(body)]
    md = _converter()

    def fails(end: int) -> bool:
        md.reset()
        try:
            md.convert(body[:end])
        except Exception:  # noqa: BLE001
            return True
        return False

    low, high = 0, len(ends) - 1
    while low < high:
        middle = (low + high) // 2
        if fails(ends[middle]):
            high = middle
        else:
            low = middle + 1
    first = re.compile(r"\S").search(body, ends[low - 1] if low else 0)
    return body.count("\n", 0, first.start()) if first else 0


class _Balance(HTMLParser):
    """The raw HTML of an article, piece by piece in document order, with one stack of open
    elements across pieces; each piece's line is given by ``feed_at``."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.open: list[tuple[str, int]] = []
        self.unclosed: list[tuple[str, int]] = []  # closed over by an outer end tag
        self.stray: list[tuple[str, int]] = []
        self.tags: list[Tag] = []
        self.base = 0

    def feed_at(self, piece: str, line: int) -> None:
        self.reset()  # a new piece: its own positions (the stack of open elements stays)
        self.base = line
        self.feed(piece)
        self.close()

    def _line(self) -> int:
        return self.base + self.getpos()[0] - 1

    def handle_starttag(self, tag, attrs):
        self.tags.append(Tag(self._line(), tag, dict(attrs), True))
        if TAG_NAME.match(tag) and tag not in VOID:
            self.open.append((tag, self._line()))

    def handle_startendtag(self, tag, attrs):
        self.tags.append(Tag(self._line(), tag, dict(attrs), True))

    def handle_endtag(self, tag):
        if not TAG_NAME.match(tag) or tag in VOID:
            return
        for i in range(len(self.open) - 1, -1, -1):
            if self.open[i][0] == tag:
                self.unclosed += [e for e in self.open[i + 1 :] if e[0] not in OPTIONAL_END]
                del self.open[i:]
                return
        self.stray.append((tag, self._line()))


class _Walk:
    """One pass over the converted tree, in document order (see the module's docstring)."""

    def __init__(self, body: str, md: markdown.Markdown):
        self.source = body.expandtabs(4)  # as Python-Markdown reads it
        self.md = md
        self.cursor = 0
        self.tags: list[Tag] = []
        self.fences: list[int] = []
        self.footnotes: list[tuple[str, int]] = []
        self.raw_references: list[tuple[str, int]] = []
        self.balance = _Balance()
        self.balance.tags = self.tags  # raw HTML's tags join Markdown's, in document order
        self.reference_urls = {url for url, _title in md.references.values()}

    def locate(self, needle: str, start: int | None = None) -> int:
        """The 0-based line of ``needle``'s next occurrence from the cursor (from ``start``
        if given, and from the start of the text when not found after it), moving the cursor
        past it (unless ``start`` is given); the cursor's line when the text is nowhere
        (Markdown changed it)."""
        needle = needle.strip()
        begin = self.cursor if start is None else start
        found = self.source.find(needle, begin) if needle else -1
        if found >= 0 and start is None:
            self.cursor = found + len(needle)
        elif found < 0 and needle:
            found = self.source.find(needle)  # earlier (a footnote's text): the cursor stays
        return self.source.count("\n", 0, found if found >= 0 else self.cursor)

    def element(self, node: Element, in_footnotes: bool = False) -> None:
        if node.get("class") == "footnote" and not in_footnotes:
            saved, self.cursor = self.cursor, 0  # footnotes' content: moved to the end
            self.element(node, in_footnotes=True)
            self.cursor = max(saved, self.cursor)
            return
        blocks = getattr(self.md, "mlperf_raw_blocks", [])
        block = RAW_BLOCK.fullmatch((node.text or "").strip()) if node.tag == "p" else None
        if block and len(node) == 0 and int(block.group(1)) < len(blocks):
            self._raw(blocks[int(block.group(1))])  # a raw HTML block rawhtml set aside
            return
        self._attributes(node)
        if node.tag not in CODE_ELEMENTS:
            self._text(node.text)
        else:
            self._advance((node.text or "").split("\n", 1)[0])
        for child in node:
            self.element(child, in_footnotes)
            self._text(child.tail)

    def _attributes(self, node: Element) -> None:
        if node.tag in ("a", "img"):
            target = _unescape(node.get("href" if node.tag == "a" else "src") or "")
            if set(node.get("class", "").split()) & PARSER_CLASSES:
                return
            if target in self.reference_urls:  # written in its definition: look, stay
                line = self.locate(target, start=self.cursor)
            else:
                line = self.locate(target) if target else self.locate(node.text or "")
            attrs = {k: _unescape(v) for k, v in node.attrib.items()}
            self.tags.append(
                Tag(line, node.tag, attrs, False, "link" if node.tag == "a" else "image")
            )
        elif node.attrib and not set(node.get("class", "").split()) & PARSER_CLASSES:
            editor = {k: v for k, v in node.attrib.items() if not _parser_made(node, k)}
            if editor:  # on the line where the editor wrote the first of them
                line = self.locate(next(iter(editor.values())) or "", start=self.cursor)
                self.tags.append(Tag(line, node.tag, editor, False, "attributes"))

    def _text(self, text: str | None) -> None:
        if not text:
            return
        last = 0
        for match in STASHED.finditer(text):
            self._prose(text[last : match.start()])
            last = match.end()
            index = int(match.group(1))
            if index >= getattr(self.md, "mlperf_fenced", 0):  # before: fenced code, highlighted
                self._raw(self.md.htmlStash.rawHtmlBlocks[index])
        self._prose(text[last:])

    def _raw(self, piece) -> None:
        """A piece of raw HTML, placed on its line and read with the others."""
        if not isinstance(piece, str) or "<" not in piece:
            return  # an entity (&amp;), or an element the stash holds whole
        first = piece.strip().split("\n", 1)[0]
        line = self.locate(first)
        begin = self.cursor - len(first)
        if self.source.startswith(piece.strip(), begin):  # past a block of many lines
            self.cursor = begin + len(piece.strip())
        self.balance.feed_at(piece, line)
        lead = len(piece) - len(piece.lstrip())  # ``line`` is that of its first text
        # A reference in a comment is guidance (new-article's comments quote the syntax).
        for found in RAW_REFERENCE.finditer(mask_comments(piece)):
            self.raw_references.append(
                (found.group(0), line + piece.count("\n", lead, max(lead, found.start())))
            )

    def _prose(self, text: str) -> None:
        """Text Markdown left as text: a fence opening line or a ``[^label]`` left there is a
        fence never closed or a footnote without its note."""
        text = _unescape(text)
        for match in FENCE_LEFT.finditer(text):
            self.fences.append(self.locate(match.group(0).strip()))
        for match in UNRESOLVED_FOOTNOTE.finditer(text):
            self.footnotes.append((match.group(1), self.locate(match.group(0))))
        self._advance(text.strip().rsplit("\n", 1)[-1][-40:])

    def _advance(self, text: str) -> None:
        """Moves the cursor past ``text`` when it is long enough to be found only where it
        was written (a word such as "and" is found anywhere)."""
        if len(text.strip()) >= 12 and "\x02" not in text:
            self.locate(text)


def _parser_made(node: Element, name: str) -> bool:
    """True for an attribute the parser or an extension writes itself (a heading's toc id, a
    footnote's ids, the admonitions' and tabs' classes), not the editor."""
    value = node.get(name) or ""
    if name == "id":
        return bool(re.fullmatch(r"h[1-6]", node.tag)) or not value.startswith("claim-")
    if name == "class":
        return "claim" not in value
    return name in ("for", "name", "type", "checked", "open")


def _unescape(text: str) -> str:
    """``text`` with Python-Markdown's backslash-escape placeholders turned back into their
    characters (and HTML entities decoded)."""
    return html.unescape(ESCAPED.sub(lambda m: chr(int(m.group(1))), text))
