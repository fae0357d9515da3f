"""The mechanical rules of the site's language style (``CONTRIBUTING.md``, "Language"), checked on
the message catalogs and the articles by ``python -m generator check``.

Three kinds of rule: the glossary (``glossary.yaml``: one word for one thing, per language);
Chinese punctuation: no ASCII comma, full stop, semicolon, colon, bracket, exclamation or
question mark beside a Chinese character (GB/T 15834 writes them full-width: ，。；：（）！？),
no space after a full-width mark, no lone em dash (the Chinese dash is two of them, ——, with
no space around it), and no space inside a date (2026年9月16日, as CLDR writes it on the
pages); and Italian punctuation: quotations in caporali, «fino a», not between ASCII or
English curly quotes, no hyphen between spaces standing for a dash (Italian writes a colon, or
the en dash –), and an elided article before a part number spelt from a vowel-sounding letter
(l'H100, not la H100). What is not text is left out first: code spans, addresses,
HTML tags, claim references and gettext placeholders.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import yaml

from generator.i18n.han import CJK_PUNCTUATION, HAN
from generator.i18n.languages import Language

GLOSSARY = Path(__file__).with_name("glossary.yaml")
SAME_WORDS = "same_in_every_language"
# An ASCII mark touching a Han character, or an opening bracket one space after one
# ("数据 (Frictionless)"), or a closing one a space before one.
ASCII_BESIDE_HAN = re.compile(
    rf"(?<=[{HAN}])[,.;:!?()]|[,.;:!?()](?=[{HAN}])|(?<=[{HAN}]) \(|\) (?=[{HAN}])"
)
SPACE_AFTER_FULL_WIDTH = re.compile(r"[。，；：！？、][ \t\u3000]+(?=\S)")
# Italian: a double quotation mark other than « », and a hyphen between spaces used as a dash.
ITALIAN_QUOTE = re.compile(r'["\u201c\u201d]')
SPACED_HYPHEN = re.compile(r"(?<=\w) - (?=\w)")
# Italian: a definite article before a part number read letter by letter from a letter whose
# name begins with a vowel (acca, emme, erre…: H100, MI355X) elides, l'H100, dell'MI300X.
ARTICLE_BEFORE_VOWEL_LETTER = re.compile(
    r"\b(?:la|lo|il|del|dello|della|al|allo|alla|dal|dallo|dalla|nel|nello|nella|sul|sullo|"
    r"sulla) (?=[AEFHILMNORSX][A-Z]*\d)",
    re.IGNORECASE,
)
# An em dash that is not one half of the Chinese dash ——, or a space beside that dash.
LONE_DASH = re.compile(r"(?<!—)—(?!—)| ——|—— ")
# A date with spaces inside ("2024 年 8 月", "[[plain:2024]] 年 [[plain:8]] 月"): the pages'
# dates are CLDR's (format_day: 2026年9月16日), with none, and an article writes them alike.
_DAY_NUMBER = r"(?:\d+|\[\[plain:\d+\]\])"
SPACED_DATE = re.compile(
    rf"{_DAY_NUMBER}(?: 年 ?| ?年 ){_DAY_NUMBER} ?月"
    rf"|{_DAY_NUMBER}(?: 月 ?| ?月 ){_DAY_NUMBER} ?日|{_DAY_NUMBER} 日"
)
# Chinese: a space between two Chinese characters (CONTRIBUTING.md: a space only beside Latin
# words and figures; "单加速器 样本/秒" was a pattern filled with a Chinese unit).
HAN_SPACE_HAN = re.compile(rf"(?<=[{HAN}]) +(?=[{HAN}])")
# Chinese: an ASCII comma after a Latin run that follows Chinese text or a full-width mark
# ("…公式见脚注。MLCommons, MLPerf® Inference v6.1 results, 2026-09-16"): in a Chinese sentence
# the comma is Chinese too (，). A run holding a bracket is a published name and is not read.
ASCII_COMMA_IN_CHINESE = re.compile(
    rf"(?<=[{HAN}{CJK_PUNCTUATION}])[A-Za-z0-9®™.\- ]*[A-Za-z0-9®™], "
)
# A date in ISO form (2026-09-16): the pages write dates in CLDR's long form, the language's own
# (formatting.format_day: September 16, 2026 / 2026年9月16日 / 16 settembre 2026).
ISO_DATE = re.compile(r"(?<![0-9A-Za-z_-])\d{4}-\d{2}-\d{2}(?![0-9A-Za-z_-])")
# Italian: a number with a decimal comma (3,74) and one with a decimal point (88.42) in one
# passage (a note, a paragraph, a table cell: "accuratezza F1: 88.42. È sotto l'obiettivo
# (F1 ≥ 89,965)"). A point followed by exactly three digits groups thousands (5.749.440); versions
# (v6.1), IDs (6.1-0027) and names (llama3.1-8b) are not numbers; a published value quoted
# in « » is MLCommons' and keeps its point.
DECIMAL_COMMA = re.compile(r"(?<![\w.,])\d+,\d+(?![\d,])")
DECIMAL_POINT = re.compile(r"(?<![\w.,-])\d+\.(\d+)(?![\w,-]|\.\d)")
QUOTED = re.compile(r"«[^»]*»")
PLAIN = re.compile(r"\[\[plain:[^\]]*\]\]")  # set as written: a name (Llama 3.1 8B)
NOT_TEXT = re.compile(
    r"`[^`\n]*`"  # code spans
    r"|\[\[claim:[^\]]*\]\]"  # claim references
    r"|\]\([^)\s]*(?:\s+\"[^\"\n]*\")?\)"  # a Markdown link's address and title (text kept)
    r"|\{\s*(?:[.#][\w-]+|[\w-]+=)[^}\n]*\}"  # an attribute list: { width="800" .class }
    r"|<!--.*?-->|<[^>\n]+>"  # comments and HTML tags
    r"|https?://\S+"  # bare addresses
    r"|%\(\w+\)[sd]|%[sd]"  # gettext placeholders
    r"|\{\{.*?\}\}|\{%.*?%\}",  # template expressions in generated Markdown
    re.S,
)


@dataclass(frozen=True)
class Term:
    """A glossary entry: the word the site uses and those it must not use for the same thing."""

    use: str
    avoid: tuple[str, ...]


@cache
def glossary(path: Path = GLOSSARY) -> dict[str, tuple[Term, ...]]:
    """The glossary, ``{language code: (Term, ...)}``, from ``glossary.yaml``."""
    with path.open(encoding="utf-8") as handle:
        data = yaml.safe_load(handle)
    return {
        code: tuple(Term(e["use"], tuple(e.get("not", ()))) for e in entries)
        for code, entries in data.items()
        if code != SAME_WORDS
    }


@cache
def same_words(path: Path = GLOSSARY) -> frozenset[str]:
    """The words a zh or it translation may keep as in English (``glossary.yaml``,
    ``same_in_every_language``): MLPerf's names and words Italian shares with English."""
    with path.open(encoding="utf-8") as handle:
        return frozenset(yaml.safe_load(handle).get(SAME_WORDS, ()))


def left_in_english(key: str, translation: str, lang: Language) -> str | None:
    """A problem when a zh or it ``translation`` is its English ``key`` unchanged and holds a
    word that is not a name (``same_words``); ``None`` otherwise."""
    if lang.code == "en" or translation != key:
        return None
    words = set(re.findall(r"[A-Za-z]+", text_only(key))) - {"x"}
    english = sorted(words - same_words())
    return (
        (
            f"left in English ({', '.join(english)}): translate it, or list the words in "
            f"glossary.yaml's {SAME_WORDS} if they are names"
        )
        if english
        else None
    )


def text_only(text: str) -> str:
    """``text`` with code, addresses, tags, claim references and placeholders replaced by a
    neutral letter (so that neighbours do not become adjacent): what the style rules read."""
    return NOT_TEXT.sub(lambda m: "]" if m.group(0).startswith("](") else "x", text)


def problems(text: str, lang: Language) -> list[str]:
    """The style problems of one piece of text (a catalog entry or a line of an article).

    Args:
        text: the text as written (Markdown, or a catalog string with placeholders).
        lang: its language; the Chinese punctuation rules apply to ``zh`` only, the Italian
            ones to ``it`` only.

    Returns:
        one message per problem, quoting the offending passage; empty when the text is clean.
    """
    plain = text_only(text)
    found = []
    for term in glossary().get(lang.code, ()):
        for word in term.avoid:
            latin = word.isascii()
            pattern = rf"(?<![\w-]){re.escape(word)}(?![\w-])" if latin else re.escape(word)
            # A Chinese word to avoid may be part of the word to use (核验表 in 数据核验表).
            inside = [] if latin else [m.span() for m in re.finditer(re.escape(term.use), plain)]
            if any(
                not any(a <= m.start() and m.end() <= b for a, b in inside)
                for m in re.finditer(pattern, plain, re.IGNORECASE if latin else 0)
            ):
                found.append(f"glossary: say '{term.use}', not '{word}'")
    found += [
        f"date '{m.group(0)}' in ISO form: write it as the pages do, in CLDR's long form "
        f"(formatting.format_day)"
        for m in ISO_DATE.finditer(plain)
    ]
    if lang.code == "zh":
        for match in ASCII_BESIDE_HAN.finditer(plain):
            mark = match.group(0).strip()
            found.append(
                f"ASCII '{mark}' beside Chinese text: use the full-width mark "
                f"(“{_context(plain, match.start())}”)"
            )
        for match in SPACE_AFTER_FULL_WIDTH.finditer(plain):
            found.append(
                f"space after '{match.group(0)[0]}': a full-width mark carries its own "
                f"space (“{_context(plain, match.start())}”)"
            )
        for match in SPACED_DATE.finditer(plain):
            found.append(
                f"date: no space inside a Chinese date, as the pages write them "
                f"(2026年9月16日: “{_context(plain, match.start())}”)"
            )
        for match in LONE_DASH.finditer(plain):
            found.append(
                f"dash: the Chinese dash is '——', without spaces "
                f"(“{_context(plain, match.start())}”)"
            )
        found += [
            f"space between two Chinese words (“{_context(plain, m.start())}”)"
            for m in HAN_SPACE_HAN.finditer(plain)
        ]
        found += [
            f"ASCII ',' in a Chinese sentence: use '，' (“{_context(plain, m.end() - 2)}”)"
            for m in ASCII_COMMA_IN_CHINESE.finditer(plain)
        ]
    if lang.code == "it":
        if quote := ITALIAN_QUOTE.search(plain):  # one problem for a pair of marks
            found.append(
                f"quotation mark '{quote.group(0)}' in Italian text: quote with « » "
                f"(“{_context(plain, quote.start())}”)"
            )
        found += [
            f"'{m.group(0).strip()}' before a name read from a vowel-sounding letter: elide "
            f"it, l'H100, dell'MI300X (“{_context(plain, m.start())}”)"
            for m in ARTICLE_BEFORE_VOWEL_LETTER.finditer(plain)
        ]
        found += [
            f"' - ' used as a dash in Italian text: write a colon or ' – ' "
            f"(“{_context(plain, m.start())}”)"
            for m in SPACED_HYPHEN.finditer(plain)
        ]
        found += [
            f"decimal point and decimal comma in one Italian passage: write the comma, or "
            f"quote a published value in « » (“{passage.strip()[:60]}”)"
            for passage in mixed_decimals(PLAIN.sub("x", plain))
        ]
    return found


def mixed_decimals(text: str) -> list[str]:
    """The lines of Italian ``text`` (a catalog entry, an article's paragraph, a page's note)
    that write one number with a decimal comma (3,74) and another with a decimal point
    (88.42), values quoted in « » left out: Italian writes the comma (CLDR), and a value
    quoted as published keeps the form it was published in."""
    return [
        line
        for line in QUOTED.sub("«»", text).split("\n")
        if DECIMAL_COMMA.search(line)
        and any(len(m.group(1)) != 3 for m in DECIMAL_POINT.finditer(line))
    ]


def _context(text: str, at: int, width: int = 8) -> str:
    return text[max(0, at - width) : at + width].replace("\n", " ")


def check_language(posts: list, languages: tuple[Language, ...] | None = None) -> list:
    """Every style problem of the message catalogs and of ``posts``, as
    :class:`~generator.errors.InputError` naming the file and line (a catalog entry by its
    line and ``msgid``; an article's description by its front-matter line).

    Args:
        posts: :class:`~generator.editorial.articles.Article` objects; code blocks and HTML comments in
            their bodies are not read.
        languages: the catalogs to read (default: every language of the site).
    """
    from generator.errors import InputError
    from generator.i18n.catalogs import catalog_path
    from generator.i18n.languages import LANGUAGES
    from generator.i18n.prose import mask_comments

    errors = []
    for lang in languages or LANGUAGES:
        path = catalog_path(lang)
        if path.exists():
            stat = path.stat()
            errors += _catalog_problems(path, stat.st_mtime_ns, stat.st_size, lang)
    for post in posts:
        description = post.meta.get("description") if post.meta else None
        if isinstance(description, str):
            errors += [
                InputError(post.path, f"line {post.meta_line('description')}", "description", p)
                for p in problems(description, post.lang)
            ]
        fenced = False
        for offset, line in enumerate(mask_comments(post.body).split("\n")):
            if line.lstrip().startswith(("```", "~~~")):
                fenced = not fenced
            if fenced:
                continue
            errors += [
                InputError(post.path, f"line {post.body_line + offset}", None, p)
                for p in problems(line, post.lang)
            ]
    return errors


@cache
def _catalog_problems(path: Path, mtime_ns: int, size: int, lang: Language) -> tuple:
    """The style problems of one message catalog, as ``check_language`` reports them; kept
    while the file is unchanged (its modification time and size are part of the key): the
    editor's preview checks at every save, and reading a catalog takes about a third of a
    second."""
    from babel.messages.pofile import read_po

    from generator.errors import InputError

    errors = []
    with path.open("rb") as handle:
        catalog = read_po(handle, locale=lang.cldr)
    for message in catalog:
        if not message.id:  # the header: metadata, not text
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        found = [p for s in strings if s for p in problems(s, lang)]
        keys = message.id if isinstance(message.id, tuple) else (message.id,)
        found += [p for k, s in zip(keys, strings) if k and s if (p := left_in_english(k, s, lang))]
        errors += [
            InputError(path, f"line {message.lineno}", None, f"msgid {message.id!r}: {problem}")
            for problem in found
        ]
    return tuple(errors)
