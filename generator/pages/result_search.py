"""Result IDs in search: one search entry per system under test (result ID), which opens the
results explorer on that system's results (``results/explore/?id=6.1-0073``).

A reader types an ID as MLCommons publishes it (``v4.1-0050``), as MLCommons' later rounds
write it (``4.1-0050``), or as this site derives it (``6.1-0073``). Material's search splits a
query at hyphens (``6.1`` and ``0073``) and matches each word as a prefix, so each entry's title
holds every spelling of its ID: the title is the field search weighs most after tags, and no
other page's title holds the system number, so the entry ranks first for its ID.

The entries are written by ``generate`` beside the explorer (``RESULT_SEARCH``) in each
language's docs folder and merged into Material's index by the finishing step (``site.finish``), which removes
the file from the built site.
"""

from __future__ import annotations

import json

from markupsafe import escape

from generator.data.schema import ResultRecord, round_key
from generator.i18n.catalogs import translations
from generator.i18n.languages import Language
from generator.pages.explorer import EXPLORE, explorer_records
from generator.pages.filters import system_label
from generator.pages.output import Page

# Beside the explorer, in a generated folder; the finishing step removes it from the site.
RESULT_SEARCH = f"{EXPLORE}/result-ids.search.json"


def spellings(record: ResultRecord) -> list[str]:
    """Every spelling of a result's ID a reader may type, the shown one first:
    ``["v4.1-0050", "4.1-0050"]``, ``["6.1-0073", "v6.1-0073"]``."""
    return list(dict.fromkeys([record.shown_id, record.result_id, f"v{record.result_id}"]))


def result_search_entries(records: list[ResultRecord], lang: Language) -> list[dict]:
    """One Material search entry per result ID of ``records``, newest round first, then by
    ID: ``{"location": "results/explore/?id=<shown ID>", "title", "text"}``, the title in
    ``lang`` with every spelling of the ID (``spellings``), the text naming the round,
    submitter, system, accelerator and benchmarks."""
    _ = translations(lang).gettext
    systems: dict[str, list[ResultRecord]] = {}
    for record in explorer_records(records):
        systems.setdefault(record.result_id, []).append(record)
    entries = []
    for members in sorted(systems.values(), key=lambda m: (
            tuple(-p for p in round_key(m[0].round)), m[0].result_id)):
        first = members[0]
        ids = spellings(first)
        entries.append({
            "location": f"{EXPLORE}/?id={first.shown_id}",
            # Material shows titles and texts as HTML: data is escaped.
            "title": escape(_("Result %(ids)s: %(submitter)s, %(system)s") % {
                "ids": " · ".join(ids), "submitter": first.submitter,
                "system": first.system_name}),
            "text": escape(_("MLPerf Inference %(round)s: %(system)s. Benchmarks: %(models)s.") % {
                "round": first.round, "system": system_label(first, lang),
                "models": ", ".join(dict.fromkeys(r.model for r in members))})})
    return entries


def result_search_page(records: list[ResultRecord], lang: Language) -> Page:
    """The file of ``result_search_entries`` for ``lang`` (JSON, one entry a line)."""
    return Page(RESULT_SEARCH, "[\n" + ",\n".join(
        json.dumps({k: str(v) for k, v in e.items()}, ensure_ascii=False) for e in result_search_entries(records, lang))
        + "\n]\n")
