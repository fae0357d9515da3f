"""The citation of every result a ranked table shows, in the page's language.

A page carries, once per table, the citation pattern (``guidelines.citation_text`` with each
field a ``{name}`` placeholder) and, per row, the words of that row's citation
(``guidelines.citation_words``) as JSON in ``data-cite`` attributes; the fields every row of a
table shares are given once, on the table. The pages' script (``cite.js``) fills the pattern
with a row's words when a reader asks for its citation: the same text, from the same function
and catalog, as the downloads' ``citation`` column (``citation``), in every language.
"""

from __future__ import annotations

import datetime as dt
import json

from markupsafe import Markup, escape

from generator.data.dataset import result_url
from generator.editorial.guidelines import (
    CITATION_FIELDS,
    DERIVED_ID,
    citation_text,
    citation_words,
)
from generator.i18n.catalogs import translations
from generator.i18n.formatting import format_day, format_result, unit_symbol
from generator.i18n.languages import Language


def words(record, lang: Language, retrieved: str) -> dict[str, str]:
    """The words of ``record``'s citation in ``lang`` (``guidelines.citation_words``): its
    figure formatted for the language with its unit, its official result folder, and
    ``retrieved``, the ISO date this dataset read its round, in the language's long form
    (``retrieval_day``)."""
    figure = f"{format_result(record.result, lang)} {unit_symbol(record.units, lang)}"
    return citation_words(
        record,
        figure,
        result_url(record.round, record.location),
        retrieval_day(retrieved, lang),
        translations(lang).gettext,
        lang.sentence_gap,
    )


def retrieval_day(retrieved: str, lang: Language) -> str:
    """An ISO date as a citation in ``lang`` writes it, CLDR's long form (``16 settembre
    2026``, ``2026年9月16日``); anything else (a round's name, when the date is not known) as
    given."""
    try:
        return format_day(dt.date.fromisoformat(retrieved), lang)
    except ValueError:
        return retrieved


def citation(record, lang: Language, retrieved: str) -> str:
    """The citation of one official result in ``lang`` (``guidelines.citation_text``)."""
    return citation_text(
        words(record, lang, retrieved), translations(lang).gettext, lang.sentence_gap
    )


def pattern(lang: Language) -> str:
    """The citation of ``lang`` with every field a ``{name}`` placeholder (``CITATION_FIELDS``),
    for the script to fill with a row's words."""
    return citation_text(
        {name: "{%s}" % name for name in CITATION_FIELDS},
        translations(lang).gettext,
        lang.sentence_gap,
    )


def shared_words(rows: list[dict[str, str]]) -> dict[str, str]:
    """The words (``words``) equal in every one of ``rows``; none for no rows."""
    return (
        {name: value for name, value in rows[0].items() if all(row[name] == value for row in rows)}
        if rows
        else {}
    )


def labels(lang: Language) -> dict[str, str]:
    """The texts of the script's button and panel in ``lang``: ``cite`` (the button),
    ``cite_result`` (its accessible name), ``heading`` (the panel's) and ``copied``."""
    gettext = translations(lang).gettext
    return {
        "cite": gettext("Cite"),
        "cite_result": gettext("Cite result %(id)s"),
        "heading": gettext("Citation of result %(id)s"),
        "copied": gettext("Copied to the clipboard."),
    }


def script_texts(lang: Language, retrieved: dict[str, str] | None) -> dict:
    """What a page whose rows the browser builds (the comparison, the explorer) gives the
    script to cite them, with no wording of its own: ``pattern``, ``labels``; for rows whose
    words the script assembles from data of no language (the explorer's), ``derived_id``
    (``guidelines.DERIVED_ID`` in ``lang``, its ``%(id)s`` and ``%(round)s`` left to fill),
    ``gap`` (the language's space between sentences) and ``dates`` (``{round: date}`` the
    dataset read it, in the language's long form; a round not given is cited by its name, as
    ``install`` does)."""
    return {
        "pattern": pattern(lang),
        "labels": labels(lang),
        "derived_id": translations(lang).gettext(DERIVED_ID),
        "gap": lang.sentence_gap,
        "dates": {name: retrieval_day(day, lang) for name, day in (retrieved or {}).items()},
    }


def as_json(values: dict) -> str:
    """Compact JSON for a ``data-`` attribute (autoescaped where the template inserts it)."""
    return json.dumps(values, ensure_ascii=False, separators=(",", ":"))


class CitationTable:
    """The citation words of the rows of one table: ``shared`` (JSON of the fields equal on
    every row, for the table) and ``row(record)`` (JSON of the others, for its row).

    Args:
        records: the records the table shows (``schema.ResultRecord``).
        words_of: ``record -> words`` (``words`` in the page's language).
    """

    def __init__(self, records, words_of):
        self._words = {id(r): words_of(r) for r in records}
        self._shared = shared_words(list(self._words.values()))

    @property
    def shared(self) -> str:
        """JSON of the words every row shares."""
        return as_json(self._shared)

    def row(self, record) -> str:
        """JSON of ``record``'s own words (those not shared)."""
        return as_json(
            {
                name: value
                for name, value in self._words[id(record)].items()
                if name not in self._shared
            }
        )


def table_attributes(table: CitationTable, lang: Language) -> Markup:
    """The attributes of a table's wrapper that let the script cite its rows: the shared
    words, the pattern and the labels of its button and panel, each escaped."""
    # The pattern's line break as a character reference: the start tag stays on one line.
    return Markup(' data-cite="{}" data-cite-pattern="{}" data-cite-labels="{}"').format(
        table.shared,
        Markup(str(escape(pattern(lang))).replace("\n", "&#10;")),
        as_json(labels(lang)),
    )


def install(env, lang: Language, retrieved: dict[str, str] | None) -> None:
    """Give the templates of ``env`` the citations of ``lang``: ``cite(record)`` (the text),
    ``cite_table(records)`` (a ``CitationTable``), ``cite_attributes(table)``
    (``table_attributes``), ``cite_words(record)`` (``words``) and ``cite_script()``
    (``script_texts``); ``retrieved`` is ``{round: ISO date}`` this dataset read each
    round (the round's name when not given)."""

    # A result is shown in many tables (its benchmark's, its accelerator's, its submitter's
    # and system's pages): its words are made once (7 % of the pages' CPU before). The record
    # is kept beside them, so that its id is not reused while the environment lives.
    made: dict[int, tuple] = {}

    def words_of(record) -> dict[str, str]:
        known = made.get(id(record))
        if known is None:
            read_on = (retrieved or {}).get(record.round, record.round)
            known = made[id(record)] = (record, words(record, lang, read_on))
        return known[1]

    env.globals.update(
        cite=lambda record: citation_text(
            words_of(record), translations(lang).gettext, lang.sentence_gap
        ),
        cite_table=lambda records: CitationTable(records, words_of),
        cite_attributes=lambda table: table_attributes(table, lang),
        cite_words=words_of,
        cite_script=lambda: script_texts(lang, retrieved),
    )
