"""Comparisons readers ask for: every result of one submitter, or of one accelerator, across the
benchmarks of a round, and an accelerator's best results round after round.

A comparison never divides a latency by accelerators, and states next to each figure what
MLCommons' results guidelines require a comparison to state: division, category, scenario and
accelerator count.

A system under test is one result ID, as MLCommons numbers them: two submissions under one name
are two systems, and results of different IDs are never joined. Across rounds, where IDs change,
one rule (``same_system``) says when two results are of the same system.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from generator.data.organizations import organizations_of
from generator.data.schema import ResultRecord
from generator.model.benchmarks import DIVISION_ORDER, SCENARIO_ORDER, Benchmark
from generator.model.qualifiers import per_accelerator


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
        for division in DIVISION_ORDER:
            for rank, record in enumerate(benchmark.division(division), start=1):
                out.append(Entry(record, benchmark, rank))
    return out


def group_by(
    items: list[Entry],
    key: Callable[[ResultRecord], str | None],
    slugs: dict[str, str],
    name: Callable[[str], str] = str,
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
class Step:
    """What became of an accelerator's results on one benchmark from one round to the next:
    the pair of results a round-over-round table compares.

    Attributes:
        before, after: a result of the earlier round and one of the later round.
        same_system: whether they are the same system under test (``same_system``); only
            then does their ratio say what changed (mostly software, on unchanged hardware).
    """

    before: ResultRecord
    after: ResultRecord
    same_system: bool

    @property
    def change(self) -> float | None:
        """``after ÷ before − 1`` of the two results (a throughput, same units), or None when
        they are different systems: a ratio of two systems mixes every difference between them
        (their software, host, cooling, submitter), so no change is stated."""
        if not self.same_system:
            return None
        return self.after.result / self.before.result - 1


@dataclass(frozen=True)
class TimelineRow:
    """One benchmark (model and scenario of a suite, in one unit) across rounds: for each
    accelerator and round, its best closed-division result per accelerator,
    ``{(accelerator_id, round): record}``, and every closed-division result it had there
    (``results``, best first), from which ``steps`` finds the same system in two rounds."""

    suite: str
    model: str
    scenario: str
    units: str
    best: dict[tuple[str, str], ResultRecord]
    results: dict[tuple[str, str], tuple[ResultRecord, ...]] = field(default_factory=dict)

    @property
    def rounds(self) -> list[str]:
        """The rounds with a result, as they come in ``best``."""
        return list(dict.fromkeys(round_name for _, round_name in self.best))

    def steps(self, accelerator_id: str, rounds: list[str]) -> dict[str, Step]:
        """``{later round: Step}`` for each two consecutive rounds of ``rounds`` (oldest first)
        in which ``accelerator_id`` has a result on this benchmark.

        The step compares the same system where the data has one in both rounds: of the pairs
        that are the same system (``same_system``), the one whose later result is the best per
        accelerator (then the earlier one). Otherwise it pairs the two rounds' best results and
        says that they are different systems. So a best result that changed hands between
        submitters is never read as a gain of the hardware."""
        present = [r for r in rounds if (accelerator_id, r) in self.best]
        out = {}
        for earlier, later in zip(present, present[1:]):
            pairs = [
                (a, b)
                for b in self.results.get((accelerator_id, later), ())
                for a in self.results.get((accelerator_id, earlier), ())
                if same_system(a, b)
            ]
            if pairs:
                before, after = max(
                    pairs,
                    key=lambda pair: (
                        pair[1].result_per_accelerator,
                        pair[0].result_per_accelerator,
                    ),
                )
                out[later] = Step(before, after, True)
            else:
                out[later] = Step(
                    self.best[(accelerator_id, earlier)], self.best[(accelerator_id, later)], False
                )
        return out


def timeline(
    benchmarks_by_round: dict[str, list[Benchmark]], accelerator_ids: tuple[str, ...]
) -> list[TimelineRow]:
    """Round-over-round view of some accelerators (one, or a family's): for each throughput
    benchmark they ran in more than one round, the best per-accelerator closed result of each
    accelerator in each round. The same hardware in two rounds shows the software gain; a new
    generation on the same benchmark shows the hardware step (the page shows the counts).

    A benchmark whose unit changed between rounds gives one row per unit: results in different
    units are never joined. Latencies are left out (never divided by accelerators), and so are
    results without a figure per accelerator (``qualifiers.per_accelerator``): mixed systems,
    whose accelerator ids name no single part, and results no accelerator ran.

    Args:
        benchmarks_by_round: ``{round: benchmarks}``, oldest round first.
        accelerator_ids: canonical accelerator ids (``accelerators.yaml``).
    """
    table: dict[tuple, dict[tuple[str, str], ResultRecord]] = {}
    every: dict[tuple, dict[tuple[str, str], list[ResultRecord]]] = {}
    for round_name, benchmarks in benchmarks_by_round.items():
        for benchmark in benchmarks:
            if not benchmark.higher_is_better:
                continue
            for record in benchmark.division("closed"):
                if record.accelerator_id not in accelerator_ids or per_accelerator(record) is None:
                    continue
                key = (benchmark.suite, benchmark.model, benchmark.scenario, record.units)
                cell = (record.accelerator_id, round_name)
                every.setdefault(key, {}).setdefault(cell, []).append(record)
                best = table.setdefault(key, {}).get(cell)
                if best is None or record.result_per_accelerator > best.result_per_accelerator:
                    table[key][cell] = record
    rows = [
        TimelineRow(*key, best, {cell: tuple(found) for cell, found in every[key].items()})
        for key, best in table.items()
        if len({round_name for _, round_name in best}) > 1
    ]
    return sorted(rows, key=lambda r: (r.suite, r.model, SCENARIO_ORDER.index(r.scenario), r.units))


def same_system(a: ResultRecord, b: ResultRecord) -> bool:
    """Whether two results of different rounds are of the same system under test, by the one
    rule this site follows a system across rounds with: the same organization (a joint
    submission shares it with each of its companies, ``organizations.organizations_of``), the
    same system name and the same number of accelerators.

    MLCommons gives every system under test of a round its own result ID and a new one in the
    next round, so no ID links two rounds; a name alone does not either, since one name may
    stand for systems of different sizes (NVIDIA's GB300 NVL72 of 72 and of 288 accelerators in
    v6.0 and v6.1). Two results of one round are the same system only when they share a result
    ID: two IDs under one name (HPE's two XD690 entries of v6.1) are two systems.
    """
    if a.round == b.round:
        return a.result_id == b.result_id
    return (
        a.system_name == b.system_name
        and a.total_accelerators == b.total_accelerators
        and bool(set(organizations_of(a.submitter)) & set(organizations_of(b.submitter)))
    )


@dataclass(frozen=True)
class System:
    """A system under test of one round -- one result ID in MLCommons' scheme -- with its best
    result on every benchmark it ran.

    Attributes:
        key: its result ID as MLCommons publishes it (``ResultRecord.shown_id``), the key of
            the comparison's addresses (``?a=v4.1-0043``).
        round, submitter, name: as MLCommons publishes them.
        first: its first record (closed before open, best first), for what every record of an
            ID shares (``rules.one_system_per_id``): ID spellings, accelerator and its count.
        results: ``{(suite, model, scenario): (benchmark, record)}`` -- the best of its results
            on each benchmark (highest throughput, lowest latency).
    """

    key: str
    round: str
    submitter: str
    name: str
    first: ResultRecord
    results: dict[tuple[str, str, str], tuple[Benchmark, ResultRecord]]


def systems(benchmarks_by_round: dict[str, list[Benchmark]]) -> list[System]:
    """Every system under test (result ID) of every round, for the comparison of two systems;
    sorted by round (newest first, as given), submitter, name and ID. Results of different IDs
    are never joined, even under one system name.

    Args:
        benchmarks_by_round: ``{round: benchmarks}`` as ``benchmarks.benchmarks_of`` gives them.
    """
    found: dict[str, dict] = {}
    for round_name, benchmarks in benchmarks_by_round.items():
        for benchmark in benchmarks:
            # Benchmark.results is ranked closed first, best first: a system's first record
            # on a benchmark is the one the comparison uses.
            for record in benchmark.results:
                entry = found.setdefault(
                    record.shown_id,
                    {
                        "round": round_name,
                        "submitter": record.submitter,
                        "name": record.system_name,
                        "first": record,
                        "results": {},
                    },
                )
                entry["results"].setdefault(
                    (benchmark.suite, benchmark.model, benchmark.scenario), (benchmark, record)
                )
    order = {name: index for index, name in enumerate(benchmarks_by_round)}
    return sorted(
        (System(key, **entry) for key, entry in found.items()),
        key=lambda s: (order[s.round], s.submitter.lower(), s.name.lower(), s.first.result_id),
    )


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
