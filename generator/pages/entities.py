"""Entity pages: submitters and accelerators (per round and across rounds) and the comparison of two systems."""

from __future__ import annotations

import json
from urllib.parse import quote

from jinja2 import Environment

from generator.data import accelerators, organizations
from generator.data.dataset import result_url
from generator.data.names import Naming
from generator.data.schema import ResultRecord
from generator.i18n.catalogs import translations
from generator.i18n.formatting import format_result, unit_symbol
from generator.i18n.languages import Language
from generator.model import families
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
from generator.pages.citations import shared_words
from generator.pages.filters import system_label
from generator.pages.output import RESULTS, Page, download_rows, downloads


def comparison_pages(env: Environment, round_name: str, benchmarks: list[Benchmark],
                     naming: Naming) -> list[Page]:
    """Pages of every submitter of a round (all its results, with rank, division, category and
    accelerator count) with their index, and the index of the round's accelerators, which links
    each accelerator's page across rounds (``accelerator_pages``)."""
    base = f"{RESULTS}/{round_name}"
    all_entries = entries(benchmarks)
    # One organization, one page, whatever the round's spelling (``ORACLE`` on Oracle's page).
    submitters = group_by(all_entries, lambda r: organizations.submitter_name(r.submitter),
                          naming.submitters)
    accelerators = group_by(all_entries, lambda r: r.accelerator_id, naming.accelerators,
                            lambda accelerator_id: accelerator_name(all_entries, accelerator_id))
    pages = []
    for kind, folder, groups, link in (("submitter", "submitters", submitters, ""),
                                       ("accelerator", "accelerators", accelerators,
                                        "../../accelerators/")):
        pages.append(Page(f"{base}/{folder}/index.md",
                          env.get_template("entities_index.md.j2").render(
                              round=round_name, kind=kind, groups=groups, link=link)))
        pages += downloads(f"{base}/{folder}/{folder}", [
            {kind: name, "results": len(members),
             "benchmarks": len({entry.benchmark.path for entry in members}),
             "page": f"{link}{group_slug}/"}
            for group_slug, (name, members) in groups.items()])
    for group_slug, (name, members) in submitters.items():
        companies = set(organizations.organizations_of(name))
        # Joint submissions its company took part in (Dell's page lists Dell_AMD's results).
        joint = [(other, slug, rows) for slug, (other, rows) in submitters.items()
                 if other != name and organizations.is_joint(other)
                 and companies & set(organizations.organizations_of(other))
                 and not organizations.is_joint(name)]
        pages.append(Page(f"{base}/submitters/{group_slug}/index.md",
                          env.get_template("entity.md.j2").render(
                              round=round_name, kind="submitter", name=name, entries=members,
                              spellings=published_spellings(name, members), history=[],
                              rounds=[], joint=joint, family=None,
                              partners=organizations.organizations_of(name)
                              if organizations.is_joint(name) else ())))
        pages += downloads(f"{base}/submitters/{group_slug}/results", download_rows(
            [entry.record for entry in members], [entry.rank for entry in members]))
    return pages


def published_spellings(name: str, members: list) -> list[str]:
    """The submitter names a submitter page gathers when one differs from the page's name
    (``["ORACLE"]`` on Oracle's v6.0 page, ``organizations.submitter_name``), else none."""
    found = sorted({entry.record.submitter for entry in members})
    return [] if found == [name] else found


ACCELERATORS = f"{RESULTS}/accelerators"


def accelerator_pages(env: Environment, by_round: dict[str, list[Benchmark]],
                      naming: Naming) -> list[Page]:
    """One page per canonical accelerator with its results of every round (newest first), the
    published spellings it gathers and its round-over-round table
    (``comparisons.timeline``), and the index of all accelerators."""
    rounds_oldest_first = list(reversed(by_round))
    all_entries = [e for benchmarks in by_round.values() for e in entries(benchmarks)]
    groups = group_by(all_entries, lambda r: r.accelerator_id, naming.accelerators,
                      lambda accelerator_id: accelerator_name(all_entries, accelerator_id))
    pages = [Page(f"{ACCELERATORS}/index.md", env.get_template("entities_index.md.j2").render(
        round=None, kind="accelerator", groups=groups, link=""))]
    pages += downloads(f"{ACCELERATORS}/accelerators", [
        {"accelerator": name, "results": len(members),
         "rounds": " ".join(dict.fromkeys(e.record.round for e in members)),
         "page": f"{group_slug}/"} for group_slug, (name, members) in groups.items()])
    for group_slug, (name, members) in groups.items():
        accelerator_id = members[0].record.accelerator_id
        history = timeline(dict(reversed(by_round.items())), (accelerator_id,))
        spellings = sorted({e.record.accelerator for e in members})
        pages.append(Page(f"{ACCELERATORS}/{group_slug}/index.md",
                          env.get_template("entity.md.j2").render(
                              round=None, kind="accelerator", name=name, entries=members,
                              spellings=spellings, history=history, accelerator_id=accelerator_id,
                              rounds=rounds_oldest_first, joint=[], partners=(),
                              family=families.family_of(accelerator_id))))
        pages += downloads(f"{ACCELERATORS}/{group_slug}/results", download_rows(
            [entry.record for entry in members], [entry.rank for entry in members]))
        if history:
            best = [row.best[(accelerator_id, r)] for row in history for r in rounds_oldest_first
                    if (accelerator_id, r) in row.best]
            pages += downloads(f"{ACCELERATORS}/{group_slug}/history", download_rows(
                best, [None] * len(best)))
    return pages


def accelerator_name(all_entries: list, accelerator_id: str) -> str:
    """The display name of a canonical accelerator (``accelerators.yaml``); for a mixed system,
    the names of its parts joined by "+"; for an accelerator the table does not know, its
    published spelling (``accelerators.identify``)."""
    known = accelerators.table().accelerators.get(accelerator_id)
    if known:
        return known.name
    spelling = next(e.record.accelerator for e in all_entries
                    if e.record.accelerator_id == accelerator_id)
    return accelerators.identify(spelling).accelerator.name


COMPARE = f"{RESULTS}/compare"


def system_comparison_pages(env: Environment, by_round: dict[str, list[Benchmark]],
                            lang: Language, naming: Naming) -> list[Page]:
    """The page comparing two systems under test (``results/compare/``) and its data
    (``systems.json``).

    The reader picks two systems -- result IDs -- of any rounds; the page's script
    (``assets/javascripts/compare.js``) pairs their results on the benchmarks both ran (same
    suite, model and scenario) and shows the ratio of the results and, for throughputs only,
    of the results per accelerator, with every difference in round, division, category and
    accelerator count that MLCommons' results guidelines require a comparison to state.

    ``systems.json`` is ``{"repositories": {round: URL of its official results},
    "systems": {key: system}, "canonical": {canonical ID: key}, "renamed": {old key: [keys]}}``.
    A system's key is its result ID as MLCommons publishes it; it carries its ``label``
    (``filters.system_label``), its ID's canonical form and whether the ID is derived, the keys
    of the systems of other rounds that are the same system (``comparisons.same_system``), and
    its results, each with its value in MLCommons' units (``value``, and ``per_accelerator``
    for throughputs), whether higher is better, the location of its result folder in its
    round's repository, and the texts the page shows, already formatted for ``lang`` (CLDR), so
    the script formats nothing but ratios. ``canonical`` maps IDs written without MLCommons'
    prefix (``4.1-0043``) to their key; ``renamed`` maps the keys by system name that earlier
    addresses used (``names.Naming.system_key``) to the IDs now under that name, the one with the
    most results first.

    Each result's citation is given as the words of ``citations.words`` (``env`` has
    ``citations.install``'s globals): those shared by all of a system's results once, as the
    system's ``cite``, the others as the result's ``cite``, but for its figure and its folder's
    address, which the result gives already (``text``; the round's repository and ``location``).
    The page gives the pattern they fill (``citations.script_texts``).
    """
    all_systems = systems(by_round)
    catalog = translations(lang)

    def cited(system: System) -> tuple[dict, dict]:
        words = {key: {name: value for name, value in env.globals["cite_words"](record).items()
                       if name not in ("result", "url")}
                 for key, (_, record) in system.results.items()}
        shared = shared_words(list(words.values()))
        return shared, {key: {name: value for name, value in own.items() if name not in shared}
                        for key, own in words.items()}

    def result(benchmark: Benchmark, record: ResultRecord) -> dict:
        # No per-accelerator figure for a mixed system, as on every page.
        per_accelerator = None if record.accelerator_mixed else record.result_per_accelerator
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
            "per_accelerator_text": None if per_accelerator is None else
            catalog.gettext("%(value)s %(units)s per accelerator") % {
                "value": format_result(per_accelerator, lang), "units": units},
            "division": record.division,
            # The model an open-division result ran and its accuracy, as its benchmark page says.
            "open_text": None if record.division != "open" else
            catalog.gettext("Open division: ran %(model)s, accuracy %(accuracy)s.") % {
                "model": record.used_model,
                "accuracy": record.accuracy or catalog.gettext("not published")},
            "category": record.category,
            "accelerators": record.total_accelerators,
            "result_id": record.shown_id,
            "location": quote(record.location),
        }

    by_name: dict[tuple[str, int | None], list] = {}
    for system in all_systems:
        by_name.setdefault((system.name, system.first.total_accelerators), []).append(system)
    cite = {system.key: cited(system) for system in all_systems}
    data = {"repositories": {name: result_url(name, "") for name in by_round}, "systems": {
            system.key: {"round": system.round, "submitter": system.submitter,
                         "name": system.name, "label": system_label(system.first, lang),
                         "result_id": system.key,
                         "result_id_canonical": system.first.result_id,
                         "result_id_derived": system.first.result_id_derived,
                         "same_system": [other.key for other in by_name[
                             (system.name, system.first.total_accelerators)]
                             if other.round != system.round
                             and same_system(system.first, other.first)],
                         "cite": cite[system.key][0],
                         "results": {"/".join(key): {**result(*pair),
                                                     "cite": cite[system.key][1][key]}
                                     for key, pair in system.results.items()}}
            for system in all_systems},
            "canonical": {s.first.result_id: s.key for s in all_systems
                          if s.first.result_id != s.key},
            "renamed": renamed_keys(all_systems, naming)}
    groups: dict[tuple[str, str], list] = {}
    for system in all_systems:  # one group per organization, whatever the round's spelling
        groups.setdefault((system.round, organizations.submitter_name(system.submitter)),
                          []).append(system)
    return [
        Page(f"{COMPARE}/index.md", env.get_template("compare.md.j2").render(
            groups=groups, pair=default_pair(all_systems), slugs=naming.submitters)),
        Page(f"{COMPARE}/systems.json", json.dumps(data, ensure_ascii=False,
                                                   separators=(",", ":")) + "\n"),
    ]


def renamed_keys(all_systems: list[System], naming: Naming) -> dict[str, list[str]]:
    """``{key by name: [result IDs]}``: what the comparison's earlier addresses
    (``?a=v6.1.nvidia.nvidia-gb300-…``, one key per submitter and system name of a round,
    ``names.Naming.system_key``) now stand for -- every system of that name in that round, the
    one with the most benchmarks first (then by ID), which the page opens with a note."""
    found: dict[str, list[System]] = {}
    for system in all_systems:
        found.setdefault(naming.system_key(system.first), []).append(system)
    return {old: [s.key for s in sorted(members, key=lambda s: (-len(s.results),
                                                                  s.first.result_id))]
            for old, members in found.items()}
