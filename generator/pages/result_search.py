"""Result IDs in search: one search entry per system under test (result ID), which opens the
results explorer on that system's results (``results/explore/?id=6.1-0073``).

A reader types an ID as MLCommons publishes it (``v4.1-0050``), as MLCommons' later rounds
write it (``4.1-0050``), or as this site derives it (``6.1-0073``). Material's search splits a
query at hyphens (``v4.1`` and ``0050``) and matches each word as a prefix, so each entry's title
holds every spelling of its ID and its tag the system number, which ranks it first for its ID
(``ENTRY_BOOST`` says how the weights work). A system's name and accelerator are in its text,
where a search for a name finds them after the pages about it.

The entries are written by ``generate`` beside the explorer (``RESULT_SEARCH``) in each
language's docs folder and merged into Material's index by the finishing step (``site.finish``),
which removes the file from the built site.
"""

from __future__ import annotations

import json

from markupsafe import escape

from generator.data.identity import Superseded
from generator.data.schema import ResultRecord, round_key
from generator.i18n.catalogs import translations
from generator.i18n.languages import Language
from generator.pages.explorer import EXPLORE, explorer_records
from generator.pages.filters import submitter_system, system_label
from generator.pages.output import Page

# Beside the explorer, in a generated folder; the finishing step removes it from the site.
RESULT_SEARCH = f"{EXPLORE}/result-ids.search.json"
# Material's search weighs each entry by its "boost" (a factor on its score, 1 for pages): an
# entry's text names a submitter, system and models, which must not rank hundreds of ID entries
# above the pages and articles about them ("Crusoe", "B200"). Its system number ("0050") is its
# tag, the field search weighs most (a million): with the round in its title, an ID typed whole
# ranks its entry first even at a twentieth, above the pages whose titles name the round
# ("v4.1"); the round alone, which no tag holds, still finds the round's pages first.
ENTRY_BOOST = 0.05


def spellings(record: ResultRecord) -> list[str]:
    """Every spelling of a result's ID a reader may type, the shown one first:
    ``["v4.1-0050", "4.1-0050"]``, ``["6.1-0073", "v6.1-0073"]``."""
    return list(dict.fromkeys([record.shown_id, record.result_id, f"v{record.result_id}"]))


def result_search_entries(
    records: list[ResultRecord], lang: Language, superseded: Superseded | None = None
) -> list[dict]:
    """One Material search entry per result ID of ``records``, newest round first, then by
    ID: ``{"location": "results/explore/?id=<shown ID>", "title", "text", "tags", "boost"}``,
    the tags its system number (``["0050"]``), the title in
    ``lang`` with every spelling of the ID (``spellings``) and nothing else, the text naming
    the round, submitter, system, accelerator and benchmarks.

    After MLCommons published the official IDs of a round whose IDs this site derived
    (``superseded``), a system's entry also holds the derived ID it had ("formerly
    6.1-0001"), in its title and tags, so that a search for an old ID finds the system it
    meant as well as the one that carries that number now; and the location of an official ID
    whose text was another system's derived ID says so (``&ids=official``, read by
    ``explore.js``)."""
    _ = translations(lang).gettext
    systems: dict[str, list[ResultRecord]] = {}
    for record in explorer_records(records):
        systems.setdefault(record.result_id, []).append(record)
    formerly: dict[tuple[str, str], list[str]] = {}
    for derived, pair in (superseded.pairs() if superseded else {}).items():
        formerly.setdefault((pair["round"], pair["official"]), []).append(derived)
    entries = []
    for members in sorted(
        systems.values(), key=lambda m: (tuple(-p for p in round_key(m[0].round)), m[0].result_id)
    ):
        first = members[0]
        ids = spellings(first)
        old = formerly.get((first.round, first.result_id), [])
        title = _("Result %(ids)s") % {"ids": " · ".join(ids)}
        if old:
            title += " " + _("(formerly %(ids)s, derived by this site)") % {"ids": ", ".join(old)}
        marked = superseded is not None and first.result_id in superseded
        label = system_label(first, lang)
        entries.append(
            {
                "location": f"{EXPLORE}/?id={first.shown_id}" + ("&ids=official" if marked else ""),
                # Material shows titles and texts as HTML: data is escaped.
                "title": escape(title),
                "text": escape(
                    _("MLPerf Inference %(round)s, %(system)s. Benchmarks: %(models)s.")
                    % {
                        "round": first.round,
                        # The submitter, then the system, unless its name begins with the
                        # submitter's (filters.submitter_system); then its count and ID.
                        "system": submitter_system(
                            {"submitter": first.submitter, "system_name": label}, lang
                        ),
                        "models": ", ".join(dict.fromkeys(r.model for r in members)),
                    }
                ),
                "tags": [i.split("-", 1)[1] for i in (first.result_id, *old)],
                "boost": ENTRY_BOOST,
            }
        )
    return entries


def result_search_page(
    records: list[ResultRecord], lang: Language, superseded: Superseded | None = None
) -> Page:
    """The file of ``result_search_entries`` for ``lang`` (JSON, one entry a line)."""
    return Page(
        RESULT_SEARCH,
        "[\n"
        + ",\n".join(
            json.dumps(
                {k: v if k in ("boost", "tags") else str(v) for k, v in e.items()},
                ensure_ascii=False,
            )
            for e in result_search_entries(records, lang, superseded)
        )
        + "\n]\n",
    )
