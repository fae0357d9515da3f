"""Claim references rendered by Python-Markdown itself: a standard extension, listed in
``markdown_extensions`` of each language's configuration (``generator.site.config``), so that
any engine that runs Python-Markdown extensions -- MkDocs, Zensical -- turns every
``[[claim:ID]]`` of an article into its flag and footnote, with no hook of its own.

The references are read in the Markdown parse, as any other inline syntax, never by rewriting
the page's source: a reference inside a code span or a fenced block is shown as written, and one
inside a list, a table, an admonition, ``<details>`` (pymdownx.details) or a link's text renders
its figure and flag like one in a paragraph. Three inline syntaxes:

* ``[[claim:ID]]``: the claim's figure and flag, with its footnote (``verification.ClaimView``);
* ``[[id:ID]]``: the result ID of the one result claim ``ID`` selects (``[[id:ID:2]]``: of its
  second selected result), as pages show it: the official ID, or the derived one with its
  ``†``, linked to the explorer on that system (``result_ids.reference``); an article never
  types a result ID (``check``), so an import of official IDs can never change what it says;
* ``[[plain:TEXT]]``: a number that is not a claim, printed as written.

How: a tree processor that runs after the block parse and before the footnotes' (``_Found``)
finds the claims the page's text references (outside code, as the inline parser will read it),
registers each one's footnote and appends the claims table and ClaimReview JSON-LD; the inline
processor (``ClaimInline``) then renders each reference where Markdown meets it, and a last tree
processor (``_Unwrap``) puts each flag in place (inside a link's text, the flag's own link
becomes a span and its footnote follows the link: no link inside a link).

Every text reaches HTML as an element's text or attribute (escaped by the serializer) or, for
the footnote text and the table, from ``verification``'s escaping functions: an article cannot
write a flag's markup (``article_safety``), and nothing but these processors makes one. The
registry and the dataset are read once per process (again only when their files changed: the
editor's preview rebuilds in the same process); ``python -m generator check`` has already
validated them, so a failure here is a bug and stops the build -- except with the option
``keep_last_good``, which the editor's preview sets (``generator.site.editor_preview``): there an
unreadable ``claims.yaml`` is replaced by its last good version (``registry``).
"""

from __future__ import annotations

import hashlib
import re
import xml.etree.ElementTree as etree
from pathlib import Path

from markdown import Extension
from markdown.inlinepatterns import InlineProcessor
from markdown.preprocessors import Preprocessor
from markdown.treeprocessors import Treeprocessor
from markdown.util import AtomicString

from generator.data import changelog
from generator.data.dataset import load
from generator.data.identity import Superseded
from generator.data.result_ids import WRITTEN_ID
from generator.editorial.articles import CLAIM_REFERENCE, ID_REFERENCE, PLAIN, render_plain
from generator.editorial.claim_review import claim_reviews, claim_sentence
from generator.editorial.claims import Registry, registry_in
from generator.editorial.verification import (
    ClaimView,
    claim_view,
    claims_table,
    result_reference,
    unique_footnotes,
)
from generator.errors import InputErrors
from generator.files import load_unless_unchanged
from generator.i18n.catalogs import naming_texts
from generator.i18n.languages import language
from generator.i18n.prose import mask_comments
from generator.i18n.trademark import USE, mark, mark_markdown
from generator.project import ROOT

# Before every preprocessor of Python-Markdown and of the extensions the site uses (the highest,
# normalize_whitespace, is 30).
PRIORITY = 100
# After the block parse, before the footnotes' tree processor (50) builds their list.
FOUND_PRIORITY = 55
# Inline: after code spans (190), escapes (180), links (160: a link's text is read again by the
# later patterns, this one included) and raw inline HTML (90: a reference inside a tag's
# attribute stays as written), before emphasis.
INLINE_PRIORITY = 85
# After the inline tree processor (20), before the footnotes' duplicates (15).
UNWRAP_PRIORITY = 19.5
WRAPPER = "mlperf-claim"
# Code spans as Python-Markdown reads them (its first inline pattern, ``backtick``: a run of
# backticks, not escaped, up to the next run as long) and escaped brackets.
CODE_SPAN = re.compile(r"(?<!\\)(`+)(.+?)(?<!`)\1(?!`)", re.DOTALL)
ESCAPED_BRACKET = re.compile(r"\\\[")
_last_good: dict[Path, Registry] = {}


class KeepResultId(InlineProcessor):
    """A result ID in an article's prose (``result_ids.WRITTEN_ID``: a line may break after its
    hyphen, which split "6.1-"/"0107" in running text) set in a span no line break divides (``.keep`` in ``mlperf.css``,
    as ``verification.keep`` sets IDs in tables); code spans and link addresses are left as
    written, as Python-Markdown runs no inline pattern there."""

    def handleMatch(self, m, data):  # noqa: N802 (Python-Markdown's name)
        span = etree.Element("span", {"class": "keep"})
        span.text = AtomicString(m.group(0))  # not read again by the inline patterns
        return span, m.start(0), m.end(0)


def registry(root: Path, keep_last_good: bool = False) -> Registry:
    """``data/claims.yaml`` of the project folder ``root`` as it is now (read again only when
    a file of ``data/`` changed: the ``ids`` tables an import writes rebind its selectors).

    With ``keep_last_good``, while the file cannot be read, its last good version in this
    process (none yet: an empty registry), so that a preview keeps serving.

    Raises:
        InputErrors: the file cannot be read (never with ``keep_last_good``).
    """
    path = root / "data" / "claims.yaml"
    # The whole data/ folder: an import's ids tables rebind selectors (claims.rebind).
    if not keep_last_good:
        return load_unless_unchanged(registry_in, path.parent)
    try:
        _last_good[path] = load_unless_unchanged(registry_in, path.parent)
    except InputErrors:
        pass
    return _last_good.get(path) or Registry(sources={}, claims={})


class _Page:
    """What the processors of one conversion share: the page's source (after
    ``unique_footnotes``), the digest that makes its footnote labels unique, and the views of
    the claims it references, in order of first reference."""

    def __init__(self, source: str):
        self.source = source
        self.digest = hashlib.sha1(source.encode("utf-8")).hexdigest()[:6]
        self.views: dict[str, ClaimView] = {}

    def label(self, claim_id: str) -> str:
        """The footnote label of a claim on this page (``gpt-oss-512-offline-3fa2c1``)."""
        return f"{claim_id}-{self.digest}"


class ClaimPreprocessor(Preprocessor):
    """Makes the editor's footnote labels unique to the page (``unique_footnotes``), keeps the
    source for the other processors and adds the ® after MLPerf in the prose
    (``trademark.mark_markdown``: a post that quotes no figure is marked too)."""

    def __init__(self, md, lang_code: str):
        super().__init__(md)
        self.lang = language(lang_code)

    def run(self, lines: list[str]) -> list[str]:
        text = unique_footnotes("\n".join(lines))
        self.md.mlperf_page = _Page(text)
        if USE.search(text):
            text = mark_markdown(text, naming_texts(self.lang))
        return text.split("\n")


def _prose_texts(node: etree.Element):
    """The texts of ``node``'s tree that the inline parser will read (not code, not atomic)."""
    if node.tag in ("code", "pre"):
        return
    if node.text and not isinstance(node.text, AtomicString):
        yield node.text
    for child in node:
        yield from _prose_texts(child)
        if child.tail and not isinstance(child.tail, AtomicString):
            yield child.tail


def referenced_claims(texts) -> list[str]:
    """The claim ids ``[[claim:ID]]`` references in ``texts`` (block texts before the inline
    parse), in order of first reference, outside code spans and escaped brackets, as the
    inline parser will read them."""
    found: dict[str, None] = {}
    for text in texts:
        text = CODE_SPAN.sub(lambda m: " " * len(m.group(0)), text)
        text = ESCAPED_BRACKET.sub("  ", text)
        for match in CLAIM_REFERENCE.finditer(text):
            found.setdefault(match.group(1))
    return list(found)


class _Found(Treeprocessor):
    """Registers the footnote of every claim the page references and appends the claims table
    and the ClaimReview JSON-LD (see the module's docstring)."""

    def __init__(self, md, ext: "ClaimExtension"):
        super().__init__(md)
        self.ext = ext

    def run(self, root: etree.Element) -> None:
        page: _Page = self.md.mlperf_page
        claim_ids = referenced_claims(_prose_texts(root))
        if not claim_ids:
            return
        for claim_id in claim_ids:
            page.views[claim_id] = self.ext.view(claim_id)
        footnotes = self.md.inlinePatterns["footnote"].footnotes  # the extension's state
        for claim_id, view in page.views.items():
            footnotes.setFootnote(page.label(claim_id), mark_markdown(view.footnote()))
        heading, table = claims_table(list(page.views.values()))
        h2 = etree.SubElement(root, "h2")
        h2.text = mark(heading)
        etree.SubElement(root, "p").text = self.md.htmlStash.store(mark_markdown(table))
        # Each reviewed claim's first sentence, as the reader reads it (ClaimReview's
        # claimReviewed), from the source with its comments masked.
        marked = mark_markdown(render_plain(page.source))
        masked = mask_comments(marked)
        first_at: dict[str, int] = {}
        for match in CLAIM_REFERENCE.finditer(masked):
            first_at.setdefault(match.group(1), match.start())
        values = {cid: view.value for cid, view in page.views.items()}
        reviews = claim_reviews(
            page.views.values(),
            {cid: claim_sentence(marked, at, values) for cid, at in first_at.items()},
        )
        if reviews:
            etree.SubElement(root, "p").text = self.md.htmlStash.store(mark_markdown(reviews))


class ClaimInline(InlineProcessor):
    """``[[claim:ID]]``: the flag (``ClaimView.flag_element``) and the footnote reference, in
    a wrapper ``_Unwrap`` removes. A claim ``_Found`` did not see (a reference in an editor's
    footnote) is left as written, and the build's finishing check reports it."""

    def handleMatch(self, m, data):  # noqa: N802 (Python-Markdown's name)
        page: _Page = self.md.mlperf_page
        view = page.views.get(m.group(1))
        if view is None:
            return None, None, None
        wrapper = etree.Element(WRAPPER)
        wrapper.append(view.flag_element())
        footnote = self.md.inlinePatterns["footnote"]
        label = f"[^{page.label(m.group(1))}]"
        sup, _, _ = footnote.handleMatch(footnote.compiled_re.match(label), label)
        if sup is not None:
            wrapper.append(sup)
        return wrapper, m.start(0), m.end(0)


class IdInline(InlineProcessor):
    """``[[id:ID]]`` or ``[[id:ID:N]]``: the result ID of claim ``ID``'s (N-th) selected
    result (``verification.result_reference``); left as written when the claim is unknown or
    selects no such result (``check`` says why; the editor's preview keeps serving)."""

    def __init__(self, pattern, md, ext: "ClaimExtension"):
        super().__init__(pattern, md)
        self.ext = ext

    def handleMatch(self, m, data):  # noqa: N802 (Python-Markdown's name)
        claim_id, index = m.group(1), int(m.group(2) or 1)
        try:
            view = self.md.mlperf_page.views.get(claim_id) or self.ext.view(claim_id)
        except (LookupError, ValueError):  # check names it; the finishing step stops the build
            return None, None, None
        element = result_reference(view, index, self.ext.superseded())
        if element is None:
            return None, None, None
        return element, m.start(0), m.end(0)


class PlainInline(InlineProcessor):
    """``[[plain:TEXT]]``: ``TEXT`` as written (a number that is not a claim)."""

    def handleMatch(self, m, data):  # noqa: N802 (Python-Markdown's name)
        return AtomicString(m.group(1)), m.start(0), m.end(0)


class _Unwrap(Treeprocessor):
    """Puts each flag in place of its wrapper; inside a link's text, the flag's own link becomes
    a span and its footnote reference follows the link."""

    def run(self, root: etree.Element) -> None:
        self._walk(root, inside_link=None, parent_of_link=None)

    def _walk(self, node, inside_link, parent_of_link) -> None:
        for child in list(node):
            if child.tag == WRAPPER:
                self._unwrap(node, child, inside_link, parent_of_link)
                continue
            if child.tag == "a" and inside_link is None:
                self._walk(child, child, node)
            else:
                self._walk(child, inside_link, parent_of_link)

    def _unwrap(self, parent, wrapper, link, link_parent) -> None:
        flag, *rest = list(wrapper)
        if link is not None:
            inner = flag.find("a")
            inner.tag = "span"
            del inner.attrib["href"]
            position = list(link_parent).index(link) + 1
            for sup in reversed(rest):
                sup.tail, link.tail = link.tail, None
                link_parent.insert(position, sup)
            rest = []
        index = list(parent).index(wrapper)
        parent.remove(wrapper)
        placed = [flag, *rest]
        for offset, element in enumerate(placed):
            parent.insert(index + offset, element)
        placed[-1].tail = (placed[-1].tail or "") + (wrapper.tail or "")


class ClaimExtension(Extension):
    """``generator.editorial.claim_markdown`` with the options ``lang`` (a site language code,
    ``"zh"``), ``root`` (the project folder holding ``data/``; default: this checkout) and
    ``keep_last_good`` (see ``registry``; default off)."""

    def __init__(self, **kwargs):
        self.config = {
            "lang": ["en", "the article's language code"],
            "root": [str(ROOT), "the project folder that holds data/"],
            "keep_last_good": [False, "render with the last readable claims.yaml"],
        }
        super().__init__(**kwargs)

    @property
    def root(self) -> Path:
        return Path(self.getConfig("root"))

    def view(self, claim_id: str) -> ClaimView:
        """The view of ``claim_id`` on the dataset as it is now.

        Raises:
            KeyError: unknown claim (``check`` reports it with its line).
        """
        claims = registry(self.root, bool(self.getConfig("keep_last_good")))
        dataset = load_unless_unchanged(load, self.root / "data")
        retrieved = changelog.retrieval_dates(self.root / "data", dataset.rounds)
        return claim_view(
            claim_id, claims, list(dataset.records), language(self.getConfig("lang")), retrieved
        )

    def superseded(self) -> Superseded:
        """The derived IDs an import of official IDs superseded (``identity.Superseded``)."""
        return load_unless_unchanged(Superseded.read, self.root / "data")

    def extendMarkdown(self, md):  # noqa: N802 (Python-Markdown's name)
        self.md = md
        md.mlperf_page = _Page("")
        md.registerExtension(self)
        md.preprocessors.register(
            ClaimPreprocessor(md, self.getConfig("lang")), "mlperf_claims", PRIORITY
        )
        md.treeprocessors.register(_Found(md, self), "mlperf_claims_found", FOUND_PRIORITY)
        md.treeprocessors.register(_Unwrap(md), "mlperf_claims_unwrap", UNWRAP_PRIORITY)
        md.inlinePatterns.register(
            ClaimInline(CLAIM_REFERENCE.pattern, md), "mlperf_claim", INLINE_PRIORITY
        )
        md.inlinePatterns.register(
            IdInline(ID_REFERENCE.pattern, md, self), "mlperf_id", INLINE_PRIORITY - 1
        )
        md.inlinePatterns.register(
            PlainInline(PLAIN.pattern, md), "mlperf_plain", INLINE_PRIORITY - 2
        )
        # After links and emphasis (their texts are read again by inline patterns).
        md.inlinePatterns.register(KeepResultId(WRITTEN_ID, md), "mlperf_result_id", 5)

    def reset(self) -> None:
        """A new page: nothing found yet."""
        self.md.mlperf_page = _Page("")


def makeExtension(**kwargs):  # noqa: N802 (the name Python-Markdown looks for)
    """The extension, as Python-Markdown loads it by module name."""
    return ClaimExtension(**kwargs)
