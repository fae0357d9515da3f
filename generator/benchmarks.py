"""Benchmarks of a round: the results of one model in one scenario of one suite, ranked.

A benchmark page compares like with like, as MLCommons' results guidelines ask: one model, one
scenario, one suite, one unit, and the closed division apart from the open one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import groupby

from .schema import ResultRecord
from .vocabulary import vocabulary

SCENARIO_ORDER = ("Offline", "Server", "Interactive", "SingleStream", "MultiStream")
DIVISION_ORDER = ("closed", "open")
# URL path segments derived from data must be plain, so no value can leave its folder.
SAFE_SEGMENT = re.compile(r"^[a-z0-9][a-z0-9._-]*$")


@dataclass(frozen=True)
class Benchmark:
    """One model × scenario × suite of a round, with its results best first.

    Attributes:
        round: e.g. ``"v6.1"``.
        suite: ``"datacenter"`` or ``"edge"``.
        model: canonical MLPerf model, e.g. ``"llama2-70b-99.9"``.
        scenario: e.g. ``"Offline"``.
        results: records ranked best first within each division (closed first): highest
            throughput, or lowest latency.
    """

    round: str
    suite: str
    model: str
    scenario: str
    results: tuple[ResultRecord, ...]

    @property
    def units(self) -> list[str]:
        """Units of the results, most common first (one unit in every real benchmark)."""
        counts: dict[str, int] = {}
        for record in self.results:
            counts[record.units] = counts.get(record.units, 0) + 1
        return sorted(counts, key=lambda u: -counts[u])

    @property
    def higher_is_better(self) -> bool:
        """True for throughput benchmarks, False for latency ones."""
        return vocabulary().is_throughput(self.units[0])

    def division(self, division: str) -> list[ResultRecord]:
        """Ranked results of one division (``"closed"`` or ``"open"``)."""
        return [r for r in self.results if r.division == division]

    @property
    def submitters(self) -> list[str]:
        """Distinct submitters, in ranking order."""
        return list(dict.fromkeys(r.submitter for r in self.results))

    @property
    def leader(self) -> ResultRecord:
        """Best result of the closed division, or of the open one if there is no closed result."""
        return (self.division("closed") or self.results)[0]

    @property
    def path(self) -> str:
        """Folder of the benchmark's page under ``results/``: ``v6.1/datacenter/llama2-70b-99.9/
        offline``. Each segment is checked so that no data value can escape the folder."""
        segments = [self.round, self.suite, self.model.lower(), self.scenario.lower()]
        for segment in segments:
            if not SAFE_SEGMENT.match(segment) or segment in {".", ".."}:
                raise ValueError(f"unsafe path segment {segment!r} for a benchmark page")
        return "/".join(segments)


def rank(records: list[ResultRecord]) -> tuple[ResultRecord, ...]:
    """Sort by division (closed first), then best result first; ties by result ID.

    Throughputs rank descending, latencies ascending (``vocabulary.yaml``, ``better``).
    """
    def key(r: ResultRecord):
        sign = -1 if vocabulary().is_throughput(r.units) else 1
        return (DIVISION_ORDER.index(r.division), sign * r.result, r.result_id, r.system_name)
    return tuple(sorted(records, key=key))


def benchmarks_of(records: list[ResultRecord]) -> list[Benchmark]:
    """Group one round's records into benchmarks, ordered by suite, model, scenario.

    Args:
        records: the records of one round.
    """
    def key(r: ResultRecord):
        return (r.round, r.suite, r.model, SCENARIO_ORDER.index(r.scenario))
    out = []
    for (round_name, suite, model, _), group in groupby(sorted(records, key=key), key=key):
        group = list(group)
        out.append(Benchmark(round_name, suite, model, group[0].scenario, rank(group)))
    return out


def record_holder(benchmarks: list[Benchmark], units: str = "Tokens/s") -> Benchmark | None:
    """The benchmark whose closed-division leader has the round's highest result in ``units``
    (a throughput), or None when no benchmark reports in ``units``."""
    candidates = [b for b in benchmarks if b.units[0] == units]
    return max(candidates, key=lambda b: b.leader.result, default=None)
