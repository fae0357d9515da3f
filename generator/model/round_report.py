"""What changed in a round: the round against the round before it in this dataset.

A reader's first questions about a new round ("who is new?", "which records fell?", "did last
round's previews ship?") are answered here once, language-neutral; the round report page of each
language (``pages/round_report.py``) renders it.

The rules, each stated where it is applied:

* **Organizations** are counted as MLCommons counts a round (``organizations.organizations_of``):
  a joint submission (``Dell_AMD``, ``Lambda_SIT``) counts each of its companies, so a company
  that submitted jointly last round and alone this round (Lambda: ``Lambda_SIT`` in v6.0,
  ``Lambda`` in v6.1) is returning, not new. **Submitter names** are compared as MLCommons
  publishes them, one organization's respellings folded (``organizations.submitter_name``:
  ``ORACLE`` and ``Oracle`` are one name); a joint name is a name of its own.
* **New** means absent from the previous round of this dataset; ``seen_before`` says which of
  them had submitted in an older round of the dataset. **Absent** means in the previous round and
  not in this one.
* **New systems**: the round's systems under test (result IDs) that are not
  ``comparisons.same_system`` as any result of an earlier round. **New accelerators** and **new
  benchmarks** (suite, model, scenario): never in an earlier round of this dataset.
* **Records**: each benchmark's best closed-division result against the best closed-division
  result of the same suite, model and scenario, in the same unit, of every earlier round. A
  benchmark of the same name may have changed its rules between rounds (the page says so).
* **Previews**: the preview systems due in this round (``preview_tracker.due_round``), or in a
  round between the previous one and this one that the dataset does not hold, with the available
  result this round shows for each (``preview_tracker.track``), or none.
* **Same systems**: each closed-division result of the round whose system
  (``comparisons.same_system``) has a result on the same benchmark, in the same unit, in the
  previous round: both results and their ratio (software and configuration changes on the same
  hardware).
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.data.organizations import organizations_of, submitter_name
from generator.data.schema import ResultRecord, round_key
from generator.model.benchmarks import Benchmark, benchmarks_of
from generator.model.comparisons import same_system
from generator.model.preview_tracker import Preview, track


@dataclass(frozen=True)
class Presence:
    """Organizations or submitter names of a round against the previous round.

    Attributes:
        new: in this round, not in the previous one, sorted case-insensitively.
        returning: in both.
        absent: in the previous round, not in this one.
        seen_before: ``{name: latest earlier round}`` for the new names that had submitted in
            a round older than the previous one.
    """

    new: tuple[str, ...]
    returning: tuple[str, ...]
    absent: tuple[str, ...]
    seen_before: dict[str, str]


@dataclass(frozen=True)
class BenchmarkRecord:
    """A benchmark's best closed-division result of the round against the best of the earlier
    rounds (``previous`` None when no earlier round ran it in this unit).

    ``ratio`` is best / previous best for a throughput and previous best / best for a latency,
    so a ratio above 1 is always an improvement; ``broken`` says whether it is one."""

    benchmark: Benchmark
    best: ResultRecord
    previous: ResultRecord | None

    @property
    def ratio(self) -> float | None:
        """How many times better (above 1) or worse the round's best is, None without an
        earlier result."""
        if self.previous is None:
            return None
        a, b = self.benchmark.value(self.best), self.benchmark.value(self.previous)
        return a / b if self.benchmark.higher_is_better else b / a

    @property
    def broken(self) -> bool:
        """True when the round's best beats every earlier round's."""
        return self.ratio is not None and self.ratio > 1


@dataclass(frozen=True)
class SameSystem:
    """One benchmark result of a system and the same system's result on the same benchmark in
    the previous round (``comparisons.same_system``); ``ratio`` as ``BenchmarkRecord.ratio``."""

    benchmark: Benchmark
    record: ResultRecord
    previous: ResultRecord

    @property
    def ratio(self) -> float:
        """This round's result against the previous one's, above 1 when it improved."""
        a, b = self.benchmark.value(self.record), self.benchmark.value(self.previous)
        return a / b if self.benchmark.higher_is_better else b / a


@dataclass(frozen=True)
class RoundReport:
    """What is new in ``round`` against ``previous`` (None for the dataset's first round: then
    every list but the benchmarks' bests is empty, and the page says so)."""

    round: str
    previous: str | None
    older: tuple[str, ...]
    organizations: Presence
    submitters: Presence
    new_systems: tuple[ResultRecord, ...]
    new_accelerators: tuple[ResultRecord, ...]
    new_benchmarks: tuple[Benchmark, ...]
    records: tuple[BenchmarkRecord, ...]
    previews: tuple[tuple[Preview, ResultRecord | None], ...]
    same_systems: tuple[SameSystem, ...]


def presence(rounds: list[str], members: dict[str, set[str]]) -> Presence:
    """The names of the last of ``rounds`` against the one before it.

    Args:
        rounds: the rounds up to the reported one, oldest first (at least one).
        members: ``{round: names}`` for each of ``rounds``.
    """
    current = members[rounds[-1]]
    previous = members[rounds[-2]] if len(rounds) > 1 else set()
    new = current - previous
    seen_before = {}
    for name in new:
        older = [r for r in rounds[:-2] if name in members[r]]
        if older:
            seen_before[name] = older[-1]
    order = str.casefold
    return Presence(
        tuple(sorted(new, key=order)),
        tuple(sorted(current & previous, key=order)),
        tuple(sorted(previous - current, key=order)),
        seen_before,
    )


def _best(records: list[ResultRecord], benchmark: Benchmark) -> ResultRecord | None:
    """The best of ``records`` by ``benchmark``'s direction (its value in its unit), ties to
    the lower result ID."""
    if not records:
        return None
    sign = -1 if benchmark.higher_is_better else 1
    return min(records, key=lambda r: (sign * benchmark.value(r), r.result_id))


def _system_first(records: list[ResultRecord]) -> dict[str, ResultRecord]:
    """``{result_id: its first record}``, in the order given."""
    out: dict[str, ResultRecord] = {}
    for record in records:
        out.setdefault(record.result_id, record)
    return out


def round_reports(records: list[ResultRecord]) -> list[RoundReport]:
    """One report per round of ``records`` (the whole dataset), oldest round first.

    Args:
        records: every record of the dataset (withdrawn results are not in it).
    """
    rounds = sorted({r.round for r in records}, key=round_key)
    by_round = {name: [r for r in records if r.round == name] for name in rounds}
    benchmarks = {
        name: [b for b in benchmarks_of(by_round[name]) if not b.apart] for name in rounds
    }
    organizations = {
        name: {o for r in by_round[name] for o in organizations_of(r.submitter)} for name in rounds
    }
    submitters = {name: {submitter_name(r.submitter) for r in by_round[name]} for name in rounds}
    tracked = track(records)
    reports = []
    for index, name in enumerate(rounds):
        earlier = rounds[:index]
        previous = earlier[-1] if earlier else None
        older_records = [r for e in earlier for r in by_round[e]]
        older_systems = list(_system_first(older_records).values())
        systems = _system_first(
            sorted(
                by_round[name],
                key=lambda r: (r.result_id, r.division != "closed", r.model, r.scenario),
            )
        )
        new_systems = tuple(
            s
            for s in systems.values()
            if earlier and not any(same_system(s, o) for o in older_systems)
        )
        seen_parts = {r.accelerator_id for r in older_records}
        new_parts: dict[str, ResultRecord] = {}
        for record in systems.values():
            if earlier and record.accelerator_id and record.accelerator_id not in seen_parts:
                new_parts.setdefault(record.accelerator_id, record)
        seen_benchmarks = {(b.suite, b.model, b.scenario) for e in earlier for b in benchmarks[e]}
        new_benchmarks = tuple(
            b
            for b in benchmarks[name]
            if earlier and (b.suite, b.model, b.scenario) not in seen_benchmarks
        )
        bests = []
        for b in benchmarks[name]:
            closed = b.division("closed")
            if not closed:
                continue
            before = [
                r
                for e in earlier
                for o in benchmarks[e]
                if (o.suite, o.model, o.scenario, o.units[0])
                == (b.suite, b.model, b.scenario, b.units[0])
                for r in o.division("closed")
            ]
            bests.append(BenchmarkRecord(b, closed[0], _best(before, b)))
        # Previews due in this round, or in a round between the previous one and this one
        # that this dataset does not hold (v4.1's were due in v5.0, reported with v5.1).
        previews = tuple(
            (p, p.followed_by if p.followed_by and p.followed_by.round == name else None)
            for p in tracked
            if previous and round_key(previous) < round_key(p.due) <= round_key(name)
        )
        same = []
        if previous:
            prior = {(b.suite, b.model, b.scenario, b.units[0]): b for b in benchmarks[previous]}
            for b in benchmarks[name]:
                other = prior.get((b.suite, b.model, b.scenario, b.units[0]))
                if other is None:
                    continue
                seen: set[str] = set()
                for record in b.division("closed"):  # best first: one row per system
                    if record.result_id in seen:
                        continue
                    seen.add(record.result_id)
                    match = next(
                        (o for o in other.division("closed") if same_system(record, o)), None
                    )
                    if match is not None:
                        same.append(SameSystem(b, record, match))
        reports.append(
            RoundReport(
                name,
                previous,
                tuple(earlier[:-1]),
                presence(rounds[: index + 1], organizations),
                presence(rounds[: index + 1], submitters),
                new_systems,
                tuple(sorted(new_parts.values(), key=lambda r: r.accelerator.casefold())),
                new_benchmarks,
                tuple(bests),
                previews,
                tuple(same),
            )
        )
    return reports
