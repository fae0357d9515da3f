"""Claim references rendered by Python-Markdown itself: a standard extension, listed in
``markdown_extensions`` of each language's configuration (``generator.site.config``), so that
any engine that runs Python-Markdown extensions -- MkDocs, Zensical -- turns every
``[[claim:ID]]`` of an article into its flag and footnote, with no hook of its own.

The preprocessor runs before every other one, on the page's Markdown as the engine read it
(front matter removed); a page without a claim or plain mark only gets the notice symbol after
MLPerf (``trademark.mark_markdown``: a post that quotes no figure is marked too). The
registry and the dataset are read once per process (again only when their files changed: the
editor's preview rebuilds in the same process); ``python -m generator check`` has already
validated them, so a failure here is a bug and stops the build -- except with the option
``keep_last_good``, which the editor's preview sets (``generator.site.editor_preview``): there an
unreadable ``claims.yaml`` is replaced by its last good version (``registry``).
"""

from __future__ import annotations

import xml.etree.ElementTree as etree
from pathlib import Path

from markdown import Extension
from markdown.inlinepatterns import InlineProcessor
from markdown.preprocessors import Preprocessor
from markdown.util import AtomicString

from generator.data import changelog
from generator.data.dataset import load
from generator.data.result_ids import WRITTEN_ID
from generator.editorial.claims import Registry, registry_in
from generator.editorial.verification import render_article, unique_footnotes
from generator.errors import InputErrors
from generator.files import load_unless_unchanged
from generator.i18n.catalogs import naming_texts
from generator.i18n.languages import language
from generator.i18n.trademark import USE, mark_markdown
from generator.project import ROOT

MARKS = ("[[claim:", "[[plain:")
# Before every preprocessor of Python-Markdown and of the extensions the site uses (the highest,
# normalize_whitespace, is 30): fenced blocks and HTML blocks see the rendered article.
PRIORITY = 100
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


class ClaimPreprocessor(Preprocessor):
    """Replaces the page's Markdown lines with ``verification.render_article`` of them."""

    def __init__(self, md, lang_code: str, root: Path, keep_last_good: bool):
        super().__init__(md)
        self.lang = language(lang_code)
        self.root = root
        self.keep_last_good = keep_last_good

    def run(self, lines: list[str]) -> list[str]:
        text = unique_footnotes("\n".join(lines))
        if not any(mark in text for mark in MARKS):  # no claim: the notice symbol alone
            if not USE.search(text):
                return text.split("\n")
            return mark_markdown(text, naming_texts(self.lang)).split("\n")
        claims = registry(self.root, self.keep_last_good)
        dataset = load_unless_unchanged(load, self.root / "data")
        retrieved = changelog.retrieval_dates(self.root / "data", dataset.rounds)
        return render_article(text, claims, list(dataset.records), self.lang, retrieved).split("\n")


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

    def extendMarkdown(self, md):  # noqa: N802 (Python-Markdown's name)
        md.preprocessors.register(
            ClaimPreprocessor(
                md,
                self.getConfig("lang"),
                Path(self.getConfig("root")),
                bool(self.getConfig("keep_last_good")),
            ),
            "mlperf_claims",
            PRIORITY,
        )
        # After links and emphasis (their texts are read again by inline patterns).
        md.inlinePatterns.register(KeepResultId(WRITTEN_ID, md), "mlperf_result_id", 5)


def makeExtension(**kwargs):  # noqa: N802 (the name Python-Markdown looks for)
    """The extension, as Python-Markdown loads it by module name."""
    return ClaimExtension(**kwargs)
