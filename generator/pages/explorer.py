"""The results explorer (``results/explore/``): every result of every round in one table that
the reader filters, sorts and normalizes in the browser, with the whole view in the address.

One dataset file serves the three languages (``explorer_data``): it holds values in MLCommons'
units and no text of any language; the page of each language (``explorer_page``) carries the
translated labels, and the script (``assets/javascripts/explore.js``) formats every number in
the reader's locale with ``Intl.NumberFormat`` (CLDR, like Babel on the other pages).
"""

from __future__ import annotations

import json
from urllib.parse import urlencode

from jinja2 import Environment

from generator.data import accelerators, organizations
from generator.data.dataset import result_url
from generator.data.identity import Superseded
from generator.data.schema import CATEGORIES, DIVISIONS, ResultRecord, round_key
from generator.data.vocabulary import vocabulary
from generator.i18n.catalogs import translations
from generator.i18n.formatting import unit_symbol
from generator.i18n.han import CJK_PUNCTUATION, HAN
from generator.i18n.languages import Language
from generator.model import families, power, specs
from generator.model.chart_rows import PALETTE, submitter_colour
from generator.model.qualifiers import qualifiers
from generator.pages import marks
from generator.pages.charts import bar_chart
from generator.pages.output import RESULTS, Page

EXPLORE = f"{RESULTS}/explore"
# Published once for every language, at the site root (``finish.write_shared_assets``).
EXPLORER_DATA = "assets/data/results.json"

# Columns of the dataset file, in order. Text columns are stored as indexes into a list of the
# column's distinct values (the file is about a third of its plain size, and gzips well). A
# result's folder in MLCommons' repository (``location``) is stored in two such columns, the
# system's folder (its first four parts, shared by the system's results) and the rest (model,
# scenario and run, shared across systems): 17 KB less gzip than whole paths, a quarter of the
# file.
TEXT_COLUMNS = (
    "round",
    "result_id",
    "result_id_published",
    "division",
    "category",
    "preview_due",
    "suite",
    "submitter",
    "submitter_published",
    "system",
    "model",
    "used_model",
    "scenario",
    "units",
    "accelerator",
    "accelerator_id",
    "accuracy",
    "power_units",
    "energy_units",
    "location_folder",
    "location_rest",
    "precision",
)
LOCATION_FOLDER_PARTS = 4
# The figure per accelerator is not stored: explore.js divides ``result`` by ``accelerators``
# for a throughput of a system with one kind of accelerator, the division the import made
# (``normalize``: result / total accelerators, exact in both languages' doubles), and gives a
# mixed system or a result no accelerator ran none, as the ranked tables do (9 KB less gzip).
NUMBER_COLUMNS = (
    "result",
    "accelerators",
    "accelerator_mixed",
    "accelerator_unused",
    "power",
    "energy",
    "result_id_derived",
    "inferred",
)


def explorer_records(records: list[ResultRecord]) -> list[ResultRecord]:
    """The results the explorer lists, newest round first, then by result ID, model and
    scenario: every result of the dataset except a withdrawn one (a record whose ``withdrawn``
    field, where the dataset has one, is true). This is the one place the selection is made."""
    kept = [r for r in records if not getattr(r, "withdrawn", False)]
    return sorted(
        kept,
        key=lambda r: (
            tuple(-part for part in round_key(r.round)),
            r.result_id,
            r.model,
            r.scenario,
            r.suite,
        ),
    )


def explorer_data(records: list[ResultRecord], superseded: Superseded | None = None) -> str:
    """The explorer's dataset file (JSON, compact): ``{"columns": {name: [value per row]},
    "values": {text column: [distinct values]}, "repositories": {round: URL of its results
    folder}, "units": {units: {"higher_is_better", "quantity"}}, "accelerators": {id: {"name",
    "family", "spec"}} (``spec``: ``card_values``), "families": {id: name}, "organizations": {submitter: [organizations]}, "power_rounds":
    [round], "order": {field: [value]}}`` (``power_rounds``: see ``power_rounds``; ``order``
    the divisions and categories in the vocabulary's order, which the menus follow).

    Per row: ``result`` in ``units`` as published; ``accelerator_mixed`` 1 for a system of
    more than one kind of accelerator (no figure per accelerator, see ``NUMBER_COLUMNS``);
    ``accelerator_unused`` 1 for a result the submitter's notes say no accelerator ran (no
    figure per accelerator either, ``qualifiers.accelerator_unused``);
    ``power`` and
    ``power_units`` MLPerf Power's measurement; ``preview_due`` a preview result's due round
    (``qualifiers.preview_due``; empty for any other category); ``energy`` and ``energy_units`` the energy
    figure of ``power.efficiency`` (work per joule, derived, or energy per query in mJ, as
    published); ``result_id`` the canonical ID, ``result_id_published`` MLCommons' spelling
    where it is another text (``v4.1-0050``; empty otherwise: decode() gives a published ID
    its spelling, and a derived one none, as the dataset's column does) and
    ``result_id_derived`` 1 when this site derived the ID with MLCommons' rule, the three ID
    fields of the whole dataset (``datapackage.json``); ``submitter`` the organization's one name
    (``organizations.submitter_name``: ``Oracle`` for v6.0's ``ORACLE``) and
    ``submitter_published`` the round's spelling where it differs (``ORACLE``; empty
    otherwise), which a result's citation names (``citations.words``); ``accuracy`` and
    ``used_model`` are given for open-division results only (the closed division runs the
    reference model at its required accuracy); ``precision`` the card field of the lowest
    precision the weights name (``specs.precision_of``: ``fp4``, ``fp8``, ``int8``, ``fp16``),
    which the figure per peak TFLOPS divides by; ``inferred`` 1 for a result MLCommons marked
    inferred (``qualifiers.inferred``; the page says what the mark means in its round).

    ``superseded`` is ``identity.Superseded.pairs`` (``{}`` without): each derived ID that
    the official IDs of its round superseded, which an address still resolves to the system
    it meant (``explore.js``)."""
    rows = explorer_records(records)
    values: dict[str, dict] = {name: {} for name in TEXT_COLUMNS}
    columns: dict[str, list] = {name: [] for name in TEXT_COLUMNS + NUMBER_COLUMNS}

    def text(name: str, value: str | None) -> None:
        columns[name].append(
            None
            if value is None or value == ""
            else values[name].setdefault(value, len(values[name]))
        )

    for r in rows:
        figure = power.efficiency(r)
        open_division = r.division == "open"
        for name, value in (
            ("round", r.round),
            # The ID fields as the whole dataset names them (data/results/*.csv): the canonical
            # ID, and the published spelling only where it is another text (v4.1-0050 for
            # 4.1-0050), which explore.js decode() restores for every published ID.
            ("result_id", r.result_id),
            (
                "result_id_published",
                None if r.result_id_published in (None, r.result_id) else r.result_id_published,
            ),
            ("division", r.division),
            ("category", r.category),
            ("preview_due", qualifiers(r).preview_due),
            ("suite", r.suite),
            ("submitter", organizations.submitter_name(r.submitter)),
            (
                "submitter_published",
                None if r.submitter == organizations.submitter_name(r.submitter) else r.submitter,
            ),
            ("system", r.system_name),
            ("model", r.model),
            ("used_model", r.used_model if open_division else None),
            ("scenario", r.scenario),
            ("units", r.units),
            ("accelerator", r.accelerator),
            ("accelerator_id", r.accelerator_id),
            ("accuracy", r.accuracy if open_division else None),
            ("power_units", r.power_units),
            ("energy_units", figure.units if figure else None),
            *zip(("location_folder", "location_rest"), split_location(r.location)),
            ("precision", specs.precision_of(r.weight_data_types)),
        ):
            text(name, value)
        for name, value in (
            ("result", r.result),
            ("accelerators", r.total_accelerators),
            ("accelerator_mixed", int(r.accelerator_mixed)),
            ("accelerator_unused", int(qualifiers(r).accelerator_unused)),
            ("power", r.power_result),
            ("energy", figure.value if figure else None),
            ("result_id_derived", int(r.result_id_derived)),
            ("inferred", int(qualifiers(r).inferred)),
        ):
            columns[name].append(value)
    data = {
        "columns": columns,
        "values": {name: list(found) for name, found in values.items()},
        "repositories": {name: result_url(name, "") for name in values["round"]},
        "units": {
            u: {
                "higher_is_better": vocabulary().is_throughput(u),
                "quantity": vocabulary().quantity(u),
            }
            for u in values["units"]
        },
        "accelerators": {
            i: {
                "name": accelerator_display_name(i, rows),
                "family": getattr(families.family_of(i), "id", None),
                "spec": card_values(i),
            }
            for i in values["accelerator_id"]
        },
        "families": {f.id: f.name for f in families.families()},
        "organizations": {s: list(organizations.organizations_of(s)) for s in values["submitter"]},
        "power_rounds": power_rounds(rows),
        # The order of the menus that list a field's values in the vocabulary's order rather
        # than by name: the one home of divisions and categories (schema.DIVISIONS), not a
        # copy in the script.
        "order": {"division": list(DIVISIONS), "category": list(CATEGORIES)},
        "superseded": superseded.pairs() if superseded else {},
    }
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n"


# The card values the explorer divides a result by (specs.spec_figures: the memory bandwidth,
# and the peak rate of each precision a submission's weights may name).
SPEC_DIVISORS = ("memory_bandwidth", *specs.LOWEST_FIRST)


def card_values(accelerator_id: str) -> dict | None:
    """The values of ``accelerator_id``'s card the explorer divides by, ``{field: [value,
    unit, sparsity]}`` (``SPEC_DIVISORS``, those the card has), or None without a card. The
    script divides a row's result per accelerator by them for LLM results only, the rule of
    ``specs.spec_figures``."""
    card = specs.card_of(accelerator_id)
    if card is None:
        return None
    found = {
        name: [v.value, v.field.unit, v.sparsity]
        for name in SPEC_DIVISORS
        if (v := card.values.get(name)) is not None
    }
    return found or None


def power_rounds(rows: list[ResultRecord]) -> list[str]:
    """The rounds of ``rows`` in which MLPerf Power measured at least one of them (a record with
    an energy figure, ``power.efficiency``), newest first: the explorer says which rounds of a
    view per unit of energy hold no power result at all (v6.0 and v6.1 of the committed
    dataset), rather than only counting the results it leaves out."""
    found = {r.round for r in rows if power.efficiency(r) is not None}
    return sorted(found, key=round_key, reverse=True)


def split_location(location: str) -> tuple[str, str]:
    """A result's folder below its round's repository as the dataset file stores it: the
    system's folder (``closed/AMD/results/8xMI350X_2xEPYC_9575F``) and the rest
    (``dlrm-v3/Offline/performance/run_1``; ``""`` for a shorter path). ``explore.js`` joins
    them with ``/``."""
    parts = location.split("/", LOCATION_FOLDER_PARTS)
    return "/".join(parts[:LOCATION_FOLDER_PARTS]), "/".join(parts[LOCATION_FOLDER_PARTS:])


def accelerator_display_name(accelerator_id: str, rows: list[ResultRecord]) -> str:
    """The display name of a canonical accelerator (``accelerators.yaml``); for a mixed system
    or an accelerator the table does not know, the identity of its first published spelling."""
    known = accelerators.table().accelerators.get(accelerator_id)
    if known:
        return known.name
    spelling = next(r.accelerator for r in rows if r.accelerator_id == accelerator_id)
    return accelerators.identify(spelling).accelerator.name


def explorer_page(
    env: Environment,
    records: list[ResultRecord],
    lang: Language,
    colours: dict[str, str] | None = None,
) -> Page:
    """The explorer page of ``lang``: its controls, the translated labels and unit symbols of
    every unit of ``records`` (and of the energy figures), the translated family names, and the
    address of the shared dataset file (``EXPLORER_DATA``, which ``assets.fingerprint_pages``
    replaces by its content-hashed name, so that a new dataset is never read from a stale
    cache); and the chart style (``charts.bar_chart`` of one placeholder bar, whose data, axis title, colours and description the script replaces),
    with each submitter's colour on every other chart (``colours``, from
    ``chart_rows.assign_colours``; ``chart_rows.submitter_colour`` for a submitter on none of them)."""
    catalog = translations(lang)
    units = sorted({r.units for r in records})
    symbols = {u: unit_symbol(u, lang) for u in units}
    symbols.update({u: catalog.gettext(u) for u in (*power.PER_JOULE.values(), power.ENERGY_UNIT)})
    placeholder = {
        "rank": 1,
        "label": "",
        "system": "",
        "submitter": "",
        "accelerators": "",
        "category": "",
        "result": 1.0,
    }
    chart = {
        "spec": bar_chart([placeholder], "", lang, {}, ""),
        "palette": list(PALETTE),
        "colours": {
            s: submitter_colour(colours or {}, s) for s in sorted({r.submitter for r in records})
        },
    }
    return Page(
        f"{EXPLORE}/index.md",
        env.get_template("explore.md.j2").render(
            data_url=f"../../../{EXPLORER_DATA}",
            units=symbols,
            locale=lang.vega,
            families={f.id: catalog.gettext(f.name) for f in families.families()},
            chart=chart,
            rounds=sorted({r.round for r in records}, key=round_key, reverse=True),
            han=HAN,
            cjk_punctuation=CJK_PUNCTUATION,
            # A preview result's marks, worded as on every other page (marks.py).
            marks={
                "preview_due": catalog.gettext(marks.PREVIEW_CATEGORY),
                "preview_label": catalog.gettext(marks.PREVIEW_LABEL),
                # MLCommons' inferred mark: its title, and what it means in each round.
                "inferred_title": catalog.gettext(marks.INFERRED_TITLE),
                "inferred_notes": {
                    name: marks.inferred_note(name, lang) for name in {r.round for r in records}
                },
            },
        ),
    )


def explorer_link(prefix: str, superseded: Superseded | None = None, **filters: str) -> str:
    """The address of the explorer with ``filters`` in its query (``round``, ``model``...),
    relative to a page ``prefix`` away from ``results/`` (``"../../"``); values are
    percent-encoded. An ``id`` whose text was a derived ID that now means another system
    (``superseded``) is marked as the official ID (``ids=official``): without the mark, the
    explorer reads it as the derived ID it was."""
    if superseded is not None and filters.get("id") and filters["id"] in superseded:
        filters = {**filters, "ids": "official"}
    query = urlencode({k: v for k, v in filters.items() if v})
    return f"{prefix}explore/" + (f"?{query}" if query else "")


def official_ids_mark(superseded: Superseded | None, *result_ids: str) -> str:
    """``"&ids=official"`` when the text of one of ``result_ids`` (official IDs the page
    links) was the derived ID of another system (``identity.Superseded``): the comparison and
    the explorer read an ID so marked as the official one, an unmarked one as the derived ID
    it was; else ``""``."""
    if superseded is not None and any(i.removeprefix("v") in superseded for i in result_ids):
        return "&ids=official"
    return ""
