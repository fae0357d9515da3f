"""Editorial articles: blog posts in ``docs/<code>/blog/posts/``, their front matter and the
claim references they contain.

A claim reference is ``[[claim:ID]]`` in the Markdown text; at build time it becomes the
localized value, its unit, a verification flag and a footnote (``verification``). A number that
is not a figure (a version such as "Llama 3.1", a year) is marked ``[[plain:3.1]]`` and printed
as written; any other free-standing number in the prose is a *bare figure*, which ``check``
reports (``Article.bare_figures``).
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from generator.data import accelerators, editor_yaml
from generator.errors import InputError
from generator.i18n.languages import LANGUAGES, Language
from generator.i18n.prose import mask_comments
from generator.i18n.readtime import with_reading_time
from generator.i18n.trademark import mark, mark_front_matter, mark_post

CLAIM_REFERENCE = re.compile(r"\[\[claim:([^\]\s]*)\]\]")
# Anything that starts like a claim or ID reference ("[[claim", "[ [claim", "[claim:",
# "[[id: x]]"); those that are not exactly one are malformed. The shown text runs to the next
# "]]" on the line.
# Any case ("[[Claim:x]]") and the brackets a Chinese input method types (【【claim:x】】,
# ［［claim:x］］) too: the build renders only the exact form.
REFERENCE_OPENING = re.compile(
    r"[\[［【]\s*[\[［【]?\s*(claim|id)\s*[:：][^\]］】\n]{0,60}[\]］】]{0,2}", re.IGNORECASE
)
POSTS = Path("blog") / "posts"
PLAIN = re.compile(r"\[\[plain:([^\]\n]+)\]\]")
# A result ID rendered from a claim (claim_markdown): the one result claim ID selects, or its
# N-th (``[[id:vr-gb300-deepseek-offline-ratio:2]]``).
ID_REFERENCE = re.compile(r"\[\[id:([^\]\s:]+)(?::(\d+))?\]\]")
# Where a bare figure cannot hide: anything that is not prose is blanked before the search.
NOT_PROSE = re.compile(
    r"^(?:```|~~~).*?^(?:```|~~~)[^\n]*$"  # fenced code
    r"|`[^`\n]*`"  # code spans
    r"|\[\[(?:claim|plain|id):[^\]\n]*\]\]"  # claim and ID references, marked numbers
    r"|\]\([^)\n]*\)|<[^>\n]+>"  # link targets, HTML tags, autolinks
    r"|\[\^[^\]\n]*\]"  # footnote labels
    r"|\{:?[ \t]*(?:[.#][\w-]+|[\w-]+=(?:\"[^\"\n]*\"|[^\s}]+))"  # attribute lists
    r"(?:[ \t]+(?:[.#][\w-]+|[\w-]+=(?:\"[^\"\n]*\"|[^\s}]+)))*[ \t]*\}"  # { width="40" }
    r"|^\s*\d+[.)]\s"  # ordered-list markers
    r"|\b\d+\.\d+-\d{4,}\b",  # MLPerf result IDs (6.1-0027): names
    re.DOTALL | re.MULTILINE,
)
# A number is part of a name when a Latin letter, digit or joiner precedes it (v6.1, NVL72,
# gpt-oss-120b) or a letter other than the multiple sign follows it (8B, 6787P); a number
# followed by "x" (3.7x) is a figure. Han characters around a number do not make it a name.
BARE_FIGURE = re.compile(
    r"(?<![A-Za-z\u00C0-\u024F0-9_.,\-/+#@])\d+(?:[.,]\d+)*(?![\d.,]*\d)"
    r"(?![A-WYZa-wyz\u00C0-\u024F_\-/])(?!x[A-Za-z])"
)


@cache
def product_names() -> re.Pattern:
    """The accelerator names of ``generator/data/accelerators.yaml`` that hold a free-standing
    number ("RTX PRO 6000 Blackwell"), up to that number and with or without the vendor: a
    number inside a name needs no mark (CONTRIBUTING)."""
    phrases = set()
    for accelerator in accelerators.table().accelerators.values():
        words = accelerator.model.split()
        for i, word in enumerate(words):
            if i and word.isdigit():
                phrases.add(" ".join(words[: i + 1]))
    if not phrases:
        return re.compile(r"(?!)")
    return re.compile(
        r"\b(?:" + "|".join(re.escape(p) for p in sorted(phrases, key=len, reverse=True)) + r")\b"
    )


def render_plain(markdown: str) -> str:
    """``markdown`` with every ``[[plain:TEXT]]`` replaced by ``TEXT`` (a number that is not a
    claim, printed as written)."""
    return PLAIN.sub(lambda m: m.group(1), markdown)


FRONT_MATTER = re.compile(r"\A---\s*\n(.*?\n)---\s*\n", re.DOTALL)


@dataclass(frozen=True)
class ClaimReference:
    """``[[claim:ID]]`` at ``line`` (1-based) of an article file."""

    claim_id: str
    line: int


@dataclass(frozen=True)
class Article:
    """One post in one language.

    Attributes:
        path: the Markdown file.
        lang: its language.
        meta: the front matter (date, authors, tags, slug, description...).
        title: the first level-1 heading.
        body: the Markdown after the front matter.
        body_line: the file line where ``body`` starts (for error messages).
    """

    path: Path
    lang: Language
    meta: dict
    title: str
    body: str
    body_line: int
    front_matter: str = ""

    def meta_line(self, key: str) -> int:
        """File line of ``key:`` in the front matter (2 when the key is absent)."""
        found = re.search(rf"^{re.escape(key)}\s*:", self.front_matter, re.MULTILINE)
        return 2 + self.front_matter.count("\n", 0, found.start()) if found else 2

    @property
    def draft(self) -> bool:
        """True for a post marked ``draft: true``: Material's blog does not build it, so no list
        of ours may link it."""
        return self.meta.get("draft") is True

    @property
    def key(self) -> str:
        """The translation key: the file name, identical in every language."""
        return self.path.stem

    @property
    def date(self) -> dt.date | None:
        value = self.meta.get("date")
        if isinstance(value, dict):
            value = value.get("created")
        if isinstance(value, dt.datetime):
            return value.date()
        return value if isinstance(value, dt.date) else None

    def malformed_references(self) -> list[ClaimReference]:
        """Text that starts like a claim or ID reference but is neither ``[[claim:ID]]`` nor
        ``[[id:ID]]`` (``[[id:ID:N]]``), with its line (the build would leave it as written)."""
        body = mask_comments(self.body)
        valid = {m.start() for m in CLAIM_REFERENCE.finditer(body)}
        valid |= {m.start() for m in ID_REFERENCE.finditer(body)}
        return [
            ClaimReference(m.group(0), self.body_line + body.count("\n", 0, m.start()))
            for m in REFERENCE_OPENING.finditer(body)
            if m.start() not in valid
        ]

    def bare_figures(self) -> list[ClaimReference]:
        """Numbers in the prose that are neither a claim reference nor marked
        ``[[plain:...]]`` nor part of a name, each with its file line (``claim_id`` holds the
        number as written). Code, link targets, HTML, comments, result IDs and the names of
        known accelerators (``product_names``: "RTX PRO 6000") are not prose."""
        blank = lambda m: re.sub(r"[^\n]", " ", m.group(0))  # noqa: E731
        body = product_names().sub(blank, NOT_PROSE.sub(blank, mask_comments(self.body)))
        return [
            ClaimReference(m.group(0), self.body_line + body.count("\n", 0, m.start()))
            for m in BARE_FIGURE.finditer(body)
        ]

    def claim_references(self) -> list[ClaimReference]:
        """Every claim reference of the body, in order, with its file line."""
        body = mask_comments(self.body)
        return [
            ClaimReference(m.group(1), self.body_line + body.count("\n", 0, m.start()))
            for m in CLAIM_REFERENCE.finditer(body)
        ]


def read_article(path: Path, lang: Language) -> Article:
    """Parse one post (front matter with the YAML safe loader). Its title and the front matter
    values a reader sees (``trademark.mark_front_matter``) carry the ® after MLPerf, as every
    page that lists the post shows them; ``front_matter`` and ``body`` stay as written.

    Raises:
        InputError: no front matter, or front matter that is not a mapping.
        InputErrors: malformed YAML, a key written twice, an impossible date, each with its
            line (``editor_yaml.read``).
    """
    text = path.read_text(encoding="utf-8")
    match = FRONT_MATTER.match(text)
    if not match:
        raise InputError(path, "line 1", None, "expected front matter between '---' lines")
    meta = (
        editor_yaml.read(path, mark_front_matter(match.group(1)), first_line=2, kind="front matter")
        or {}
    )
    if not isinstance(meta, dict):
        raise InputError(path, "line 2", None, "front matter must be a mapping of keys")
    body = text[match.end() :]
    heading = re.search(r"^#\s+(.+?)\s*$", body, re.MULTILINE)
    return Article(
        path,
        lang,
        meta,
        mark(render_plain(heading.group(1))) if heading else path.stem,
        body,
        match.group(0).count("\n") + 1,
        match.group(1),
    )


def read_body(path: Path, lang: Language) -> Article:
    """The article with its front matter ignored: used to check a post's body (claim
    references, links) when its front matter cannot be read, so one mistake hides no other."""
    text = path.read_text(encoding="utf-8")
    match = FRONT_MATTER.match(text)
    body = text[match.end() :] if match else text
    return Article(
        path, lang, {}, path.stem, body, match.group(0).count("\n") + 1 if match else 1, ""
    )


def articles(docs_dir: Path, languages: tuple[Language, ...] = LANGUAGES) -> list[Article]:
    """Every post of every language, sorted by language then file name.

    Raises:
        InputError: the first post that cannot be parsed (``check`` reports all of them).
    """
    return [
        read_article(path, lang)
        for lang in languages
        for path in sorted((docs_dir / lang.code / POSTS).glob("*.md"))
    ]


def as_built(text: str, lang: Language) -> str:
    """A post file's ``text`` as ``make site`` writes it back (``build.stamp_reading_times``):
    its reading time (``readtime.with_reading_time``) and the ® after MLPerf in the front
    matter values a reader sees (``trademark.mark_post``); the body as written."""
    return mark_post(with_reading_time(text, lang))
