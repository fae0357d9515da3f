"""Comparisons readers ask for: every result of one submitter, or of one accelerator, across the
benchmarks of a round, and an accelerator's best results round after round.

A comparison never divides a latency by accelerators, and states next to each figure what
MLCommons' results guidelines require a comparison to state: division, category, scenario and
accelerator count.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from generator.data.names import Naming
from generator.data.schema import ResultRecord
from generator.results.benchmarks import SCENARIO_ORDER, Benchmark


@dataclass(frozen=True)
class Entry:
    """One result in a comparison, with its benchmark and its rank there (closed division)."""

    record: ResultRecord
    benchmark: Benchmark
    rank: int | None


def entries(benchmarks: list[Benchmark]) -> list[Entry]:
    """Every result of ``benchmarks`` with its rank in its division, in benchmark order."""
    out = []
    for benchmark in benchmarks:
        for division in ("closed", "open"):
            for rank, record in enumerate(benchmark.division(division), start=1):
                out.append(Entry(record, benchmark, rank))
    return out


def group_by(items: list[Entry], key: Callable[[ResultRecord], str | None],
             slugs: dict[str, str], name: Callable[[str], str] = str
             ) -> dict[str, tuple[str, list[Entry]]]:
    """``{slug: (display name, entries)}`` of the entries with a ``key`` (records without one,
    such as CPU-only systems for accelerators, are left out), sorted by display name.

    Args:
        key: what the entries are grouped by (a submitter, an accelerator id).
        slugs: the slug of each key (``names.Naming``), unique per key.
        name: the display name of a key.
    """
    groups: dict[str, tuple[str, list[Entry]]] = {}
    for entry in items:
        value = key(entry.record)
        if value:
            groups.setdefault(slugs[value], (name(value), []))[1].append(entry)
    return dict(sorted(groups.items(), key=lambda item: (item[1][0].lower(), item[0])))


@dataclass(frozen=True)
class TimelineRow:
    """One benchmark (model and scenario of a suite, in one unit) across rounds: for each
    accelerator and round, its best closed-division result per accelerator,
    ``{(accelerator_id, round): record}``."""

    suite: str
    model: str
    scenario: str
    units: str
    best: dict[tuple[str, str], ResultRecord]

    @property
    def rounds(self) -> list[str]:
        """The rounds with a result, as they come in ``best``."""
        return list(dict.fromkeys(round_name for _, round_name in self.best))


def timeline(benchmarks_by_round: dict[str, list[Benchmark]],
             accelerator_ids: tuple[str, ...]) -> list[TimelineRow]:
    """Round-over-round view of some accelerators (one, or a family's): for each throughput
    benchmark they ran in more than one round, the best per-accelerator closed result of each
    accelerator in each round. The same hardware in two rounds shows the software gain; a new
    generation on the same benchmark shows the hardware step (the page shows the counts).

    A benchmark whose unit changed between rounds gives one row per unit: results in different
    units are never joined. Latencies are left out (never divided by accelerators), and so are
    mixed systems, whose accelerator ids name no single part.

    Args:
        benchmarks_by_round: ``{round: benchmarks}``, oldest round first.
        accelerator_ids: canonical accelerator ids (``accelerators.yaml``).
    """
    table: dict[tuple, dict[tuple[str, str], ResultRecord]] = {}
    for round_name, benchmarks in benchmarks_by_round.items():
        for benchmark in benchmarks:
            if not benchmark.higher_is_better:
                continue
            for record in benchmark.division("closed"):
                if (record.accelerator_id not in accelerator_ids or record.accelerator_mixed
                        or record.result_per_accelerator is None):
                    continue
                key = (benchmark.suite, benchmark.model, benchmark.scenario, record.units)
                cell = (record.accelerator_id, round_name)
                best = table.setdefault(key, {}).get(cell)
                if best is None or record.result_per_accelerator > best.result_per_accelerator:
                    table[key][cell] = record
    rows = [TimelineRow(*key, best) for key, best in table.items()
            if len({round_name for _, round_name in best}) > 1]
    return sorted(rows, key=lambda r: (r.suite, r.model, SCENARIO_ORDER.index(r.scenario),
                                       r.units))


@dataclass(frozen=True)
class System:
    """A system under test of one round with its best result on every benchmark it ran.

    Attributes:
        key: ``system_key`` of its records.
        round, submitter, name: as MLCommons publishes them (spelling of its best-ranked
            record).
        results: ``{(suite, model, scenario): (benchmark, record)}`` -- the system's
            closed-division result where it has one, else its open one; the best of them when
            it submitted several (highest throughput, lowest latency).
    """

    key: str
    round: str
    submitter: str
    name: str
    results: dict[tuple[str, str, str], tuple[Benchmark, ResultRecord]]


def systems(benchmarks_by_round: dict[str, list[Benchmark]], naming: Naming) -> list[System]:
    """Every system under test of every round, for the comparison of two systems; sorted by
    round (newest first, as given), submitter and name.

    Args:
        benchmarks_by_round: ``{round: benchmarks}`` as ``benchmarks.benchmarks_of`` gives them.
        naming: the keys of the systems (``names.Naming.system_key``).
    """
    found: dict[str, dict] = {}
    for round_name, benchmarks in benchmarks_by_round.items():
        for benchmark in benchmarks:
            # Benchmark.results is ranked closed first, best first: a system's first record
            # is the one the comparison uses.
            for record in benchmark.results:
                entry = found.setdefault(naming.system_key(record), {
                    "round": round_name, "submitter": record.submitter,
                    "name": record.system_name, "results": {}})
                entry["results"].setdefault((benchmark.suite, benchmark.model,
                                             benchmark.scenario), (benchmark, record))
    order = {name: index for index, name in enumerate(benchmarks_by_round)}
    return sorted((System(key, **entry) for key, entry in found.items()),
                  key=lambda s: (order[s.round], s.submitter.lower(), s.name.lower()))


def default_pair(all_systems: list[System]) -> tuple[System, System] | None:
    """The pair the comparison page opens with: in the newest round, the system with the most
    benchmarks, and the system of another submitter sharing the most benchmarks with it."""
    newest = [s for s in all_systems if s.round == all_systems[0].round] if all_systems else []
    if not newest:
        return None
    first = max(newest, key=lambda s: (len(s.results), s.key))
    others = [s for s in newest if s.submitter != first.submitter]
    if not others:
        return None
    second = max(others, key=lambda s: (len(s.results.keys() & first.results.keys()), s.key))
    return first, second
