"""Locale-aware formatting of results, counts, units and dates, with CLDR data through Babel.

Examples for 5,750,000 tokens/s: ``5,750,000`` (en), ``5.750.000`` (it), ``5,750,000`` (zh):
every figure is written out in full, headline figures too, so that no language rounds a record
another shows exactly.
"""

from __future__ import annotations

import datetime as dt
import math
import re
from decimal import Decimal
from functools import cache, lru_cache

from babel import Locale
from babel.dates import format_date
from babel.lists import format_list
from babel.numbers import NumberPattern, format_decimal, format_percent, parse_pattern

from generator.i18n.catalogs import N_, translations
from generator.i18n.han import CJK_PUNCTUATION, HAN
from generator.i18n.languages import Language


@cache
def _decimal_pattern(decimals: int, fixed: bool = False) -> NumberPattern:
    digit = "0" if fixed else "#"
    return parse_pattern("#,##0" + ("." + digit * decimals if decimals else ""))


@cache
def _locale(cldr: str) -> Locale:
    return Locale.parse(cldr)


@lru_cache(maxsize=None, typed=True)  # 5 and 5.0 apart, as their texts may differ
def format_number(value: float, lang: Language, decimals: int = 2, fixed: bool = False) -> str:
    """A number with the locale's grouping and decimal separators and at most ``decimals``
    decimals, trailing zeros dropped (``format_number(5750000, it) == "5.750.000"``), or kept
    with ``fixed`` (``format_number(516, en, 1, fixed=True) == "516.0"``).

    What ``babel.numbers.format_decimal`` does, with the pattern and locale parsed once: the
    pages format about 100,000 numbers per build, and parsing took 0.1 ms of each. Each number
    is formatted once a process (a result is shown on several pages of each language)."""
    return _decimal_pattern(decimals, fixed).apply(
        value, _locale(lang.cldr), numbering_system="latn"
    )


def format_result(value: float, lang: Language, fixed: bool = False) -> str:
    """A result for a table: two decimals below 100, one below 10,000, none above, so that the
    precision shown matches what MLPerf runs can distinguish (about 0.1 %); below 1, three
    significant digits (a video model's 0.0042 samples/s per accelerator is not shown as 0).

    Trailing zeros are dropped (``516``), or kept with ``fixed`` (``516.0``), which a table
    column uses so that figures of one magnitude read alike (``516.0`` above ``489.1``)."""
    return format_number(value, lang, result_decimals(value), fixed)


def result_decimals(value: float) -> int:
    """The most decimals ``format_result`` shows for ``value`` (the rule of its docstring)."""
    if 0 < abs(value) < 1:
        return max(2, 2 - math.floor(math.log10(abs(value))))
    return 2 if abs(value) < 100 else 1 if abs(value) < 10_000 else 0


def format_change(change: float, lang: Language) -> str:
    """A relative change with its sign, in the locale's percent format: one decimal, two
    below 1 % (a run-to-run difference of MLPerf results is about 0.1 %, so -0.09 % is not
    rounded to -0.1 %): ``format_change(-0.000892, en) == "-0.09%"``,
    ``format_change(0.273, it) == "+27,3%"``. ``change`` is a ratio minus one."""
    decimals = "00" if abs(change) < 0.01 else "0"
    return format_percent(change, format=f"+#,##0.{decimals}%;-#,##0.{decimals}%", locale=lang.cldr)


# How every surface writes MLPerf's throughput units, in each language: in lower case after a
# figure and in running text ("5,749,440 tokens/s", it "token/s", zh "tokens/秒"), where
# MLCommons' tables capitalize them as headings do ("Tokens/s"). This is their one spelling: the
# catalogs translate these English texts, and a heading capitalizes the first letter
# (``filters``' ``heading``). The latency units keep MLPerf's names (``LATENCY_SYMBOLS`` below).
UNIT_TEXTS = {
    "Tokens/s": N_("tokens/s"),
    "Samples/s": N_("samples/s"),
    "Queries/s": N_("queries/s"),
    "Tasks/s": N_("tasks/s"),
}


def units_label(units: str, lang: Language) -> str:
    """The name of an MLPerf unit in ``lang`` (``"Tokens/s"`` -> ``"tokens/s"``, zh
    ``"tokens/秒"``, it ``"token/s"``): ``UNIT_TEXTS`` for a throughput, the canonical unit of
    ``vocabulary.yaml`` otherwise (``"Latency (ms)"``), translated by the message catalog."""
    return translations(lang).gettext(UNIT_TEXTS.get(units, units))


# MLPerf names its latency units like table headings ("Latency (ms)"). After a figure and in
# running text they read as units: the SI symbol (zh: 毫秒, 秒) and the unit's name.
LATENCY_SYMBOLS = {"Latency (ms)": N_("ms"), "Latency (s)": N_("s")}
LATENCY_NAMES = {"Latency (ms)": N_("milliseconds"), "Latency (s)": N_("seconds")}


def per_accelerator_units(units: str, lang: Language) -> str:
    """The title of a per-accelerator figure (an axis, a column): ``"tokens/s per accelerator"``,
    in Chinese with no space between two Chinese words (``"单加速器样本/秒"``) and one beside a
    Latin word (``"单加速器 tokens/秒"``): :func:`tidy_spacing`, as the pages' text."""
    return tidy_spacing(
        translations(lang).gettext("%(units)s per accelerator")
        % {"units": units_label(units, lang)},
        lang,
    )


def unit_symbol(units: str, lang: Language) -> str:
    """What follows a figure of an MLPerf unit: the symbol of a latency unit (``"Latency (s)"``
    -> ``"s"``; zh ``"秒"``), :func:`units_label` otherwise (``"Tokens/s"`` -> ``"tokens/s"``).

    Args:
        units: a canonical unit of ``vocabulary.yaml``.
        lang: the page's language.
    """
    if units in LATENCY_SYMBOLS:
        return translations(lang).gettext(LATENCY_SYMBOLS[units])
    return units_label(units, lang)


def unit_name(units: str, lang: Language) -> str:
    """The unit as a sentence names it: a latency unit by its plural name (``"seconds"``,
    ``"secondi"``, ``"秒"``), any other unit as :func:`units_label`."""
    if units in LATENCY_NAMES:
        return translations(lang).gettext(LATENCY_NAMES[units])
    return units_label(units, lang)


def format_day(day: dt.date, lang: Language) -> str:
    """A date in the locale's long form: ``September 16, 2026`` / ``2026年9月16日`` /
    ``16 settembre 2026``."""
    return format_date(day, format="long", locale=lang.cldr)


def format_items(items: list[str], lang: Language) -> str:
    """A list in the locale's words, by CLDR list patterns: ``v4.1, v5.1 and v6.0`` /
    ``v4.1、v5.1 和 v6.0`` / ``v4.1, v5.1 e v6.0``. CLDR's Chinese joiner 和 touches its items;
    beside a Latin word or a figure it takes the space the Chinese style rule asks for
    (CONTRIBUTING.md), judged on the item's text outside HTML tags (a list of links)."""
    items = [str(item) for item in items]
    if lang.code != "zh":
        return format_list(items, locale=lang.cldr)
    marks = [f"\x00{index}\x00" for index in range(len(items))]
    pieces = re.split("\x00(\\d+)\x00", format_list(marks, locale=lang.cldr))
    visible = [re.sub(r"<[^>]*>", "", item) for item in items]
    joined = pieces[0]
    for at in range(1, len(pieces), 2):
        index, joiner = int(pieces[at]), pieces[at + 1]
        if re.fullmatch(_HAN_WORD, joiner) and at + 2 < len(pieces):
            after = visible[int(pieces[at + 2])]
            joiner = (
                (" " if visible[index][-1:].isascii() and visible[index] else "")
                + joiner
                + (" " if after[:1].isascii() and after else "")
            )
        joined += items[index] + joiner
    return joined


_HAN_WORD = rf"[{HAN}]+"
# A space between two Chinese characters, or a Chinese character and full-width punctuation.
_HAN = rf"[{HAN}{CJK_PUNCTUATION}]"
HAN_GAP = re.compile(rf"(?<={_HAN}) (?={_HAN})")


def tidy_spacing(text: str, lang: Language) -> str:
    """``text`` with the spaces the Chinese style rule forbids removed (CONTRIBUTING.md: a space
    only between Chinese and Latin words or figures): a sentence whose placeholder was filled with
    a Chinese word (``%(suite)s 套件`` with 数据中心) reads 「数据中心套件」. Other languages'
    text is returned as given; markup stays markup."""
    if lang.code != "zh":
        return text
    tidied = HAN_GAP.sub("", str(text))
    return type(text)(tidied) if isinstance(text, str) and type(text) is not str else tidied


# MLCommons' accuracy text: metrics and values separated by blanks ("acc: 76.454",
# "ROUGE1: 44.7951  ROUGE2: 22.3759  ROUGEL: 29.1534  TOKENS_PER_SAMPLE: 272.8"), or a bare
# value ("0.6994130989447821"). Every open-division accuracy of data/results/*.csv has this form.
_ACCURACY_METRIC = re.compile(r"\s*(?:([A-Za-z][\w-]*):\s*)?(-?\d+(?:\.\d+)?)(?=\s|$)")


def accuracy_metrics(text: str) -> list[tuple[str | None, str]] | None:
    """The ``(metric, value)`` pairs of an accuracy ``text`` as MLCommons publishes it, the value
    as written (``"acc: 76.454"`` -> ``[("acc", "76.454")]``; a bare value has metric ``None``);
    ``None`` when the text is not of that form."""
    pairs, end = [], 0
    for found in _ACCURACY_METRIC.finditer(text):
        if found.start() != end:
            return None
        pairs.append((found.group(1), found.group(2)))
        end = found.end()
    return pairs if pairs and not text[end:].strip() else None


@lru_cache(maxsize=4096)
def format_accuracy(text: str, lang: Language) -> str:
    """An open-division result's published accuracy in the language's number format, every
    published digit kept: ``"acc: 76.454"`` -> ``"acc 76.454"`` (en, zh), ``"acc 76,454"``
    (it), beside the closed division's target the page writes the same way (``acc ≥ 75,695``);
    several metrics joined by the language's comma (``"ROUGE1 44,7951, ROUGE2 22,3759"``,
    zh ``"ROUGE1 44.7951，ROUGE2 22.3759"``). A text of another form is quoted as published,
    in the language's quotation marks (it: «…»), so that no figure of the page reads in another
    language's format unmarked (the native review of December 2026)."""
    catalog = translations(lang)
    pairs = accuracy_metrics(text)
    if pairs is None:
        return catalog.gettext("“%(text)s”") % {"text": text}
    parts = [
        " ".join(
            filter(
                None,
                (
                    metric,
                    format_decimal(
                        Decimal(value),
                        locale=_locale(lang.cldr),
                        decimal_quantization=False,
                        numbering_system="latn",
                    ),
                ),
            )
        )
        for metric, value in pairs
    ]
    return catalog.gettext(", ").join(parts)
