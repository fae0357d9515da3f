"""Entity pages: submitters and accelerators (per round and across rounds) and the comparison of two systems."""

from __future__ import annotations

import json
from urllib.parse import quote

from jinja2 import Environment

from generator.data import accelerators, organizations
from generator.data.dataset import result_url
from generator.data.identity import Superseded
from generator.data.names import Naming, download_stem
from generator.data.schema import ResultRecord, round_key
from generator.i18n.catalogs import translations
from generator.i18n.formatting import format_accuracy, format_result, unit_symbol
from generator.i18n.languages import SOURCE_LANGUAGE, Language
from generator.model import families, qualifiers, specs
from generator.model.benchmarks import Benchmark
from generator.model.comparisons import (
    System,
    default_pair,
    entries,
    group_by,
    same_system,
    systems,
    timeline,
)
from generator.model.download_rows import step_row
from generator.pages import marks
from generator.pages.citations import shared_words
from generator.pages.filters import marked_label
from generator.pages.output import RESULTS, Page, download_rows, downloads


def comparison_pages(
    env: Environment, round_name: str, benchmarks: list[Benchmark], naming: Naming
) -> list[Page]:
    """Pages of every submitter of a round (all its results, with rank, division, category and
    accelerator count) with their index, and the index of the round's accelerators, which links
    each accelerator's page across rounds (``accelerator_pages``)."""
    base = f"{RESULTS}/{round_name}"
    all_entries = entries(benchmarks)
    # One organization, one page, whatever the round's spelling (``ORACLE`` on Oracle's page).
    submitters = group_by(
        all_entries, lambda r: organizations.submitter_name(r.submitter), naming.submitters
    )
    accelerators = group_by(
        all_entries,
        lambda r: r.accelerator_id,
        naming.accelerators,
        lambda accelerator_id: accelerator_name(all_entries, accelerator_id),
    )
    pages = []
    for kind, folder, groups, link in (
        ("submitter", "submitters", submitters, ""),
        ("accelerator", "accelerators", accelerators, "../../accelerators/"),
    ):
        pages.append(
            Page(
                f"{base}/{folder}/index.md",
                env.get_template("entities_index.md.j2").render(
                    round=round_name, kind=kind, groups=groups, link=link
                ),
            )
        )
        pages += downloads(
            f"{base}/{folder}/{folder}",
            [
                {
                    kind: name,
                    "results": len(members),
                    "benchmarks": len({entry.benchmark.path for entry in members}),
                    "page": f"{link}{group_slug}/",
                }
                for group_slug, (name, members) in groups.items()
            ],
        )
    for group_slug, (name, members) in submitters.items():
        companies = set(organizations.organizations_of(name))
        # Joint submissions its company took part in (Dell's page lists Dell_AMD's results).
        joint = [
            (other, slug, rows)
            for slug, (other, rows) in submitters.items()
            if other != name
            and organizations.is_joint(other)
            and companies & set(organizations.organizations_of(other))
            and not organizations.is_joint(name)
        ]
        stem = download_stem(round_name, group_slug)
        pages.append(
            Page(
                f"{base}/submitters/{group_slug}/index.md",
                env.get_template("entity.md.j2").render(
                    round=round_name,
                    kind="submitter",
                    name=name,
                    entries=members,
                    download=stem,
                    spellings=published_spellings(name, members),
                    history=[],
                    rounds=[],
                    joint=joint,
                    family=None,
                    card=None,
                    derived=(),
                    partners=organizations.organizations_of(name)
                    if organizations.is_joint(name)
                    else (),
                ),
            )
        )
        pages += downloads(
            f"{base}/submitters/{group_slug}/{stem}",
            download_rows([entry.record for entry in members], [entry.rank for entry in members]),
        )
    return pages


def published_spellings(name: str, members: list) -> list[str]:
    """The submitter names a submitter page gathers when one differs from the page's name
    (``["ORACLE"]`` on Oracle's v6.0 page, ``organizations.submitter_name``), else none."""
    found = sorted({entry.record.submitter for entry in members})
    return [] if found == [name] else found


ACCELERATORS = f"{RESULTS}/accelerators"


def accelerator_pages(
    env: Environment, by_round: dict[str, list[Benchmark]], naming: Naming
) -> list[Page]:
    """One page per canonical accelerator with its results of every round (newest first), the
    published spellings it gathers and its round-over-round table
    (``comparisons.timeline``), and the index of all accelerators."""
    rounds_oldest_first = list(reversed(by_round))
    all_entries = [e for benchmarks in by_round.values() for e in entries(benchmarks)]
    groups = group_by(
        all_entries,
        lambda r: r.accelerator_id,
        naming.accelerators,
        lambda accelerator_id: accelerator_name(all_entries, accelerator_id),
    )
    pages = [
        Page(
            f"{ACCELERATORS}/index.md",
            env.get_template("entities_index.md.j2").render(
                round=None, kind="accelerator", groups=groups, link=""
            ),
        )
    ]
    pages += downloads(
        f"{ACCELERATORS}/accelerators",
        [
            {
                "accelerator": name,
                "results": len(members),
                "rounds": " ".join(dict.fromkeys(e.record.round for e in members)),
                "page": f"{group_slug}/",
            }
            for group_slug, (name, members) in groups.items()
        ],
    )
    for group_slug, (name, members) in groups.items():
        accelerator_id = members[0].record.accelerator_id
        history = timeline(dict(reversed(by_round.items())), (accelerator_id,))
        spellings = sorted({e.record.accelerator for e in members})
        card = specs.card_of(accelerator_id)
        derived = best_derived(specs.derived_figures([e.record for e in members], card))
        stem = download_stem(group_slug)
        steps = [(row, row.steps(accelerator_id, rounds_oldest_first)) for row in history]
        pages.append(
            Page(
                f"{ACCELERATORS}/{group_slug}/index.md",
                env.get_template("entity.md.j2").render(
                    round=None,
                    kind="accelerator",
                    name=name,
                    entries=members,
                    download=stem,
                    spellings=spellings,
                    accelerator_id=accelerator_id,
                    history=steps,
                    rounds=rounds_oldest_first,
                    joint=[],
                    partners=(),
                    family=families.family_of(accelerator_id),
                    card=card,
                    derived=derived,
                    epoch=specs.EPOCH,
                ),
            )
        )
        if card:
            pages += downloads(f"{ACCELERATORS}/{group_slug}/specifications", card_rows(card))
        if derived:
            pages += downloads(f"{ACCELERATORS}/{group_slug}/derived", derived_rows(derived))
        pages += downloads(
            f"{ACCELERATORS}/{group_slug}/{stem}",
            download_rows([entry.record for entry in members], [entry.rank for entry in members]),
        )
        if history:
            best = [
                row.best[(accelerator_id, r)]
                for row in history
                for r in rounds_oldest_first
                if (accelerator_id, r) in row.best
            ]
            pages += downloads(
                f"{ACCELERATORS}/{group_slug}/{stem}-round-over-round",
                download_rows(best, [None] * len(best)),
            )
            # The pairs the table compares, each said to be the same system or not.
            pages += downloads(
                f"{ACCELERATORS}/{group_slug}/{stem}-round-over-round-pairs",
                [
                    step_row(row.suite, row.model, row.scenario, step)
                    for row, by_round_name in steps
                    for step in by_round_name.values()
                ],
            )
    return pages


SPECIFICATIONS = f"{RESULTS}/specifications"


def specification_pages(
    env: Environment, naming: Naming, records: list[ResultRecord]
) -> list[Page]:
    """The table of every card (``results/specifications/``), sortable by each figure, with its
    CSV and JSON (every value of every card with its source, ``card_rows``). An accelerator
    links its page when the dataset has its results. Below it, each card's best result per
    benchmark (``specs.best_results`` of ``records``), shown for the accelerators a reader
    compares (``?compare=id,id``) with every result's marks, and downloaded as
    ``best-results`` rows.

    Those rows are not in the page: ``comparison/<accelerator id>.json`` (in the language's
    folder, as their marks are worded in it) holds an accelerator's rows,
    ``[{"order": its place in the table, "cells": "<td>...</td>..."}]``, each row's cells
    rendered by the template's own macro (``partials/spec_results.md.j2``, autoescaped); the
    page's script loads the files of the accelerators compared, and only then. A card without
    a throughput result has no file (the results table names the cards that have one, in
    ``data-rows-of``): an empty file would be the same in every language. Without a script the
    page links ``best-results.csv``. (Written hidden into the page, every card's rows made it
    261 KB.)"""
    known = accelerators.table().accelerators
    best = specs.best_results(records)
    results = [
        {"name": known[accelerator_id].name, "record": r}
        for accelerator_id in specs.cards()
        for r in best.get(accelerator_id, [])
    ]
    results.sort(key=lambda row: (row["record"].suite, row["record"].model, row["record"].scenario))
    rows = [
        {
            "card": card,
            "name": known[accelerator_id].name,
            "slug": naming.accelerators.get(accelerator_id),
        }
        for accelerator_id, card in specs.cards().items()
    ]
    cells = env.get_template("partials/spec_results.md.j2").module.result_cells
    comparison: dict[str, list[dict]] = {}
    for order, row in enumerate(results):
        comparison.setdefault(row["record"].accelerator_id, []).append(
            {"order": order, "cells": str(cells(row)).strip()}
        )
    fields = [f for f in specs.FIELDS if f.unit]
    pages = [
        Page(
            f"{SPECIFICATIONS}/index.md",
            env.get_template("specifications.md.j2").render(
                rows=rows,
                fields=fields,
                epoch=specs.EPOCH,
                results=results,
                rows_of=sorted(comparison),
            ),
        )
    ]
    pages += downloads(
        f"{SPECIFICATIONS}/specifications", [row for r in rows for row in card_rows(r["card"])]
    )
    pages += [
        Page(
            f"{SPECIFICATIONS}/comparison/{accelerator_id}.json",
            json.dumps(file_rows, ensure_ascii=False, separators=(",", ":")) + "\n",
        )
        for accelerator_id, file_rows in comparison.items()
    ]
    pages += downloads(
        f"{SPECIFICATIONS}/best-results",
        download_rows([row["record"] for row in results], [None] * len(results)),
    )
    return pages


def card_rows(card: specs.Card) -> list[dict]:
    """A card's download rows: one per value, with its unit, sparsity, note (in English, the
    catalogs' source language; the card shows it in each) and source (a vendor figure, never
    an MLCommons result; Epoch AI's rows with the licence its credit needs)."""
    return [
        {
            "accelerator_id": card.accelerator_id,
            "field": name,
            "value": value.value.isoformat() if hasattr(value.value, "isoformat") else value.value,
            "unit": value.field.unit or "",
            "per": card.per or "",
            "sparsity": "" if value.sparsity is None else value.sparsity,
            "note": value.note[SOURCE_LANGUAGE.code] if value.note else "",
            "kind": "vendor figure, not an MLCommons result",
            "source": value.source.publisher,
            "source_title": value.source.title,
            "source_url": value.source.url,
            "epoch_row": value.source.row or "",
            "datasheet": value.source.datasheet or "",
            "licence": specs.EPOCH["licence"] if value.source.is_epoch else "",
            "retrieved": value.source.retrieved.isoformat(),
        }
        for name, value in card.values.items()
    ]


def best_derived(derived: list[specs.Derived]) -> list[specs.Derived]:
    """The derived figures of the best result per accelerator of each benchmark (model,
    scenario, suite) and round, newest round first, then benchmark order."""
    best: dict[tuple, specs.Derived] = {}
    for figure in derived:
        r = figure.record
        key = (r.round, r.suite, r.model, r.scenario)
        if key not in best or figure.per_accelerator > best[key].per_accelerator:
            best[key] = figure
    newest_first = sorted(
        best.values(), key=lambda d: (d.record.suite, d.record.model, d.record.scenario)
    )
    return sorted(newest_first, key=lambda d: round_key(d.record.round), reverse=True)


def derived_rows(derived: list[specs.Derived]) -> list[dict]:
    """The derived figures' download rows, each marked as derived by this site."""
    return [
        {
            "round": d.record.round,
            "suite": d.record.suite,
            "model": d.record.model,
            "scenario": d.record.scenario,
            "result_id": d.record.shown_id,
            "system_name": d.record.system_name,
            "result_per_accelerator": d.per_accelerator,
            "units": d.record.units,
            "weight_data_types": d.record.weight_data_types,
            "memory_bandwidth_tb_s": d.bandwidth.value if d.bandwidth else None,
            "tokens_per_s_per_accelerator_per_tb_s": round(d.per_tb_s, 2) if d.bandwidth else None,
            "precision": d.compute.field.name if d.compute else None,
            "peak_compute": d.compute.value if d.compute else None,
            "peak_compute_unit": d.compute.field.unit if d.compute else None,
            "peak_compute_sparsity": d.compute.sparsity if d.compute else None,
            "tokens_per_s_per_accelerator_per_peak_tflops": round(d.per_tflops, 4)
            if d.compute
            else None,
            "sources": "; ".join(
                dict.fromkeys(
                    v.source.publisher + (f" ({v.source.row})" if v.source.row else "")
                    for v in (d.bandwidth, d.compute)
                    if v
                )
            ),
            "kind": "derived by mlperf-wiki from an MLCommons result and a vendor "
            "specification; not an MLPerf result",
        }
        for d in derived
    ]


def accelerator_name(all_entries: list, accelerator_id: str) -> str:
    """The display name of a canonical accelerator (``accelerators.yaml``); for a mixed system,
    the names of its parts joined by "+"; for an accelerator the table does not know, its
    published spelling (``accelerators.identify``)."""
    known = accelerators.table().accelerators.get(accelerator_id)
    if known:
        return known.name
    spelling = next(
        e.record.accelerator for e in all_entries if e.record.accelerator_id == accelerator_id
    )
    return accelerators.identify(spelling).accelerator.name


COMPARE = f"{RESULTS}/compare"


def system_comparison_pages(
    env: Environment,
    by_round: dict[str, list[Benchmark]],
    lang: Language,
    naming: Naming,
    superseded: Superseded | None = None,
) -> list[Page]:
    """The page comparing two systems under test (``results/compare/``) and its data: an index
    (``systems.json``) and one file of systems per round (``systems-v6-1.json``, ``shard_name``).

    The reader picks two systems -- result IDs -- of any rounds; the page's script
    (``assets/javascripts/compare.js``) pairs their results on the benchmarks both ran (same
    suite, model and scenario) and shows the ratio of the results and, for throughputs only,
    of the results per accelerator, with every difference in round, division, category and
    accelerator count that MLCommons' results guidelines require a comparison to state.

    The first load fetches the index alone (about 15 KB gzip of the 150 KB every system
    weighs): ``{"repositories": {round: URL of its official results}, "inferred_notes":
    {round: what MLCommons' inferred mark means in it}, "shards": {round: file name},
    "systems": {key: round}, "canonical": {canonical ID: key}, "opening": {key: system},
    "menu": [[round, organization, [[key, label], ...]], ...], "chosen": [key, key]}``, where
    ``opening`` holds the systems the lists open with (``chosen``: ``default_pair``, or the
    first entry of both lists when there is none), so that the first comparison is drawn
    without another file, and ``menu`` the entries of the two lists, one group per round and
    organization, which the script draws (the page itself holds none: 752 entries twice made
    it 220 KB, and Chromium painted it before its end had come). A choice of another system
    fetches its round's file, once: ``{"systems": {key: system}, "renamed": {old key: [keys]}}``.

    A system's key is its result ID as MLCommons publishes it; it carries its ``label``
    (``filters.marked_label``: ``filters.system_label`` with its marks), its ID fields named
    as in the whole dataset (``result_id`` canonical, ``result_id_published`` as MLCommons wrote
    it or null, ``result_id_derived``), the keys of the systems of other rounds that are the same system (``comparisons.same_system``), and
    its results, each with its value in MLCommons' units (``value``, and ``per_accelerator``
    for throughputs), whether higher is better, the location of its result folder in its
    round's repository, and the texts the page shows, already formatted for ``lang`` (CLDR), so
    the script formats nothing but ratios. ``canonical`` maps IDs written without MLCommons'
    prefix (``4.1-0043``) to their key; a round's ``renamed`` maps the keys by system name that
    earlier addresses used (``names.Naming.system_key``, which begins with the round) to the IDs
    now under that name, the one with the most results first. The index's ``superseded``
    (``identity.Superseded.pairs``) gives each derived ID that official IDs superseded, which
    an address still resolves to the system it meant before any round's file has come
    (``compare.js``; ``?ids=official`` reads the address's IDs as official ones).

    Each result's citation is given as the words of ``citations.words`` (``env`` has
    ``citations.install``'s globals): those shared by all of a system's results once, as the
    system's ``cite``, the others as the result's ``cite``, but for its figure and its folder's
    address, which the result gives already (``text``; the round's repository and ``location``).
    The page gives the pattern they fill (``citations.script_texts``).
    """
    all_systems = systems(by_round)
    catalog = translations(lang)

    def cited(system: System) -> tuple[dict, dict]:
        words = {
            key: {
                name: value
                for name, value in env.globals["cite_words"](record).items()
                if name not in ("result", "url")
            }
            for key, (_, record) in system.results.items()
        }
        shared = shared_words(list(words.values()))
        return shared, {
            key: {name: value for name, value in own.items() if name not in shared}
            for key, own in words.items()
        }

    def result(benchmark: Benchmark, record: ResultRecord) -> dict:
        # No per-accelerator figure for a mixed system or one no accelerator ran, as on
        # every page (qualifiers.per_accelerator).
        per_accelerator = qualifiers.per_accelerator(record)
        units = unit_symbol(record.units, lang)
        return {
            "benchmark": f"{benchmark.model} · {catalog.gettext(benchmark.suite)}",
            "scenario": benchmark.scenario,
            "href": f"../{benchmark.path}/",
            "value": record.result,
            "text": f"{format_result(record.result, lang)} {units}",
            "units": record.units,
            "units_text": units,
            "higher_is_better": benchmark.higher_is_better,
            "per_accelerator": per_accelerator,
            # One catalog sentence, so each language orders value, unit and "per accelerator".
            "per_accelerator_text": None
            if per_accelerator is None
            else catalog.gettext("%(value)s %(units)s per accelerator")
            % {"value": format_result(per_accelerator, lang), "units": units},
            "division": record.division,
            # The model an open-division result ran and its accuracy, as its benchmark page says.
            "open_text": None
            if record.division != "open"
            else catalog.gettext("Open division: ran %(model)s, accuracy %(accuracy)s.")
            % {
                "model": record.used_model,
                "accuracy": format_accuracy(record.accuracy, lang)
                if record.accuracy
                else catalog.gettext("not published"),
            },
            "category": record.category,
            # A preview's due round, as every page says it (marks.preview_note); None else.
            "preview_text": marks.preview_note(record, lang),
            # MLCommons' inferred mark; what it means is said once per round in the index.
            "inferred": record.inferred,
            "accelerators": record.total_accelerators,
            # No ID of its own: a system is one result ID, given once by the system's fields.
            "location": quote(record.location),
        }

    by_name: dict[tuple[str, int | None], list] = {}
    for system in all_systems:
        by_name.setdefault((system.name, system.first.total_accelerators), []).append(system)
    cite = {system.key: cited(system) for system in all_systems}

    def entry(system: System) -> dict:
        return {
            "round": system.round,
            "submitter": system.submitter,
            "name": system.name,
            # With its marks (filters.marked_label): the lists and the columns' headings show it.
            "label": marked_label(system.first, lang),
            # The ID fields of the whole dataset (data/results/*.csv, datapackage.json).
            "result_id": system.first.result_id,
            "result_id_published": system.first.result_id_published,
            "result_id_derived": system.first.result_id_derived,
            "same_system": [
                other.key
                for other in by_name[(system.name, system.first.total_accelerators)]
                if other.round != system.round and same_system(system.first, other.first)
            ],
            "cite": cite[system.key][0],
            "results": {
                "/".join(key): {**result(benchmark, record), "cite": cite[system.key][1][key]}
                for key, (benchmark, record) in system.results.items()
            },
        }

    entries = {system.key: entry(system) for system in all_systems}
    pair = default_pair(all_systems)
    # The lists open with the default pair, or with their first entry (all_systems[0]: the
    # groups below keep its order) when there is none.
    opening = list(pair) if pair else all_systems[:1]
    renamed = renamed_keys(all_systems, naming)
    groups: dict[tuple[str, str], list] = {}
    for system in all_systems:  # one group per organization, whatever the round's spelling
        groups.setdefault(
            (system.round, organizations.submitter_name(system.submitter)), []
        ).append(system)
    index = {
        "repositories": {name: result_url(name, "") for name in by_round},
        # What MLCommons' inferred mark means in each round (marks.inferred_note), said under
        # the table of a comparison that shows a marked result.
        "inferred_notes": {name: marks.inferred_note(name, lang) for name in by_round},
        "shards": {name: shard_name(name) for name in by_round},
        "systems": {system.key: system.round for system in all_systems},
        "canonical": {s.first.result_id: s.key for s in all_systems if s.first.result_id != s.key},
        "superseded": superseded.pairs() if superseded else {},
        "opening": {system.key: entries[system.key] for system in opening},
        # The lists' entries, drawn by the script: [round, organization, [[key, label], ...]]
        # per group, and the keys the two lists open with.
        "menu": [
            [round_name, organization, [[s.key, entries[s.key]["label"]] for s in members]]
            for (round_name, organization), members in groups.items()
        ],
        # Empty when the dataset holds no system (a deploy build whose only round is embargoed).
        "chosen": [opening[0].key, opening[-1].key] if opening else [],
    }
    shards = [
        Page(
            f"{COMPARE}/{shard_name(name)}",
            compact_json(
                {
                    "systems": {s.key: entries[s.key] for s in all_systems if s.round == name},
                    "renamed": {
                        old: keys
                        for old, keys in renamed.items()
                        if index["systems"][keys[0]] == name
                    },
                }
            ),
        )
        for name in by_round
    ]
    return [
        Page(
            f"{COMPARE}/index.md",
            env.get_template("compare.md.j2").render(pair=pair, slugs=naming.submitters),
        ),
        Page(f"{COMPARE}/systems.json", compact_json(index)),
        *shards,
    ]


def shard_name(round_name: str) -> str:
    """The file of the comparison's systems of one round: ``systems-v6-1.json`` for v6.1 (no
    dot in its stem, which the content hash follows: ``assets.hashed_name``)."""
    return f"systems-{round_name.replace('.', '-')}.json"


def compact_json(value) -> str:
    """``value`` as the comparison's files are published: UTF-8 text, no spaces."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")) + "\n"


def renamed_keys(all_systems: list[System], naming: Naming) -> dict[str, list[str]]:
    """``{key by name: [result IDs]}``: what the comparison's earlier addresses
    (``?a=v6.1.nvidia.nvidia-gb300-…``, one key per submitter and system name of a round,
    ``names.Naming.system_key``) now stand for -- every system of that name in that round, the
    one with the most benchmarks first (then by ID), which the page opens with a note."""
    found: dict[str, list[System]] = {}
    for system in all_systems:
        found.setdefault(naming.system_key(system.first), []).append(system)
    return {
        old: [s.key for s in sorted(members, key=lambda s: (-len(s.results), s.first.result_id))]
        for old, members in found.items()
    }
