"""Benchmarks of a round: the results of one model in one scenario of one suite, ranked.

A benchmark page compares like with like, as MLCommons' results guidelines ask: one model, one
scenario, one suite, one quantity, and the closed division apart from the open one. Results of one
quantity in different units (a latency in ms beside one in s) are ranked together in one unit;
results of another quantity (Samples/s beside Tokens/s, as some open-division results of v4.1)
form a benchmark of their own, shown apart on a page beside the benchmark's page.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

from generator.data.names import download_stem, slug
from generator.data.schema import DIVISIONS, SCENARIOS, ResultRecord
from generator.data.vocabulary import vocabulary

SCENARIO_ORDER = SCENARIOS  # the vocabulary's order, the one home of the scenarios
DIVISION_ORDER = DIVISIONS
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
        results: records of one quantity, ranked best first within each division (closed
            first): highest throughput, or lowest latency.
        apart: False for the benchmark's main quantity (the one of most closed-division
            results); True for results in another quantity, ranked on a page of their own.
    """

    round: str
    suite: str
    model: str
    scenario: str
    results: tuple[ResultRecord, ...]
    apart: bool = False

    @cached_property
    def units(self) -> list[str]:
        """Units of the results, most common first (one unit in every real benchmark); counted
        once a benchmark (``value`` reads it for each result)."""
        counts: dict[str, int] = {}
        for record in self.results:
            counts[record.units] = counts.get(record.units, 0) + 1
        return sorted(counts, key=lambda u: (-counts[u], u))

    @property
    def higher_is_better(self) -> bool:
        """True for throughput benchmarks, False for latency ones."""
        return vocabulary().is_throughput(self.units[0])

    def value(self, record: ResultRecord) -> float:
        """``record``'s result in the benchmark's unit (``units[0]``): a latency published in
        ms on a benchmark shown in s is divided by 1,000; other results are as published."""
        return vocabulary().in_units(record.result, record.units, self.units[0])

    def division(self, division: str) -> list[ResultRecord]:
        """Ranked results of one division (``"closed"`` or ``"open"``): a new list."""
        return list(self._divisions.get(division, ()))

    @cached_property
    def _divisions(self) -> dict[str, list[ResultRecord]]:
        """The ranked results of each division, sorted once a benchmark (every page of every
        language asks for them: 36,000 times a build)."""
        divisions: dict[str, list[ResultRecord]] = {}
        for record in self.results:
            divisions.setdefault(record.division, []).append(record)
        return divisions

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
        offline``. A model whose name is not a plain segment (a new model "Llama 4 Scout", or
        one named in Chinese) gets its slug (``names.slug``: ``llama-4-scout``). Each segment is
        checked so that no data value can escape the folder."""
        scenario = self.scenario.lower()
        if self.apart:
            scenario += "-" + slug(self.units[0])
        model = self.model.lower()
        if not SAFE_SEGMENT.match(model) or model in {".", ".."}:
            model = slug(self.model)
        segments = [self.round, self.suite, model, scenario]
        for segment in segments:
            if not SAFE_SEGMENT.match(segment) or segment in {".", ".."}:
                raise ValueError(f"unsafe path segment {segment!r} for a benchmark page")
        return "/".join(segments)

    @property
    def download_stem(self) -> str:
        """The name of the benchmark's downloads, without extension, naming the round, suite,
        model and scenario so that files saved from several pages never share a name:
        ``mlperf-inference-v6.1-datacenter-gpt-oss-120b-offline`` (``path``'s segments)."""
        return download_stem(*self.path.split("/"))


def rank(records: list[ResultRecord]) -> tuple[ResultRecord, ...]:
    """Sort by division (closed first), then best result first; ties by result ID.

    Throughputs rank descending, latencies ascending (``vocabulary.yaml``, ``better``), each
    compared in its quantity's base unit (a latency in ms beside one in s). ``records`` are of
    one quantity.
    """
    words = vocabulary()

    def key(r: ResultRecord):
        sign = -1 if words.is_throughput(r.units) else 1
        base = r.result * words.units[r.units].factor
        return (DIVISION_ORDER.index(r.division), sign * base, r.result_id, r.system_name)

    return tuple(sorted(records, key=key))


def benchmarks_of(records: list[ResultRecord]) -> list[Benchmark]:
    """Group one round's records into benchmarks, ordered by suite, model, scenario; a result
    published for both suites is in the benchmarks of both. A benchmark's results of another
    quantity than its main one follow it as benchmarks ``apart``.

    Args:
        records: the records of one round.
    """
    words = vocabulary()
    groups: dict[tuple, list[ResultRecord]] = {}
    for r in records:
        for suite in r.suites:
            groups.setdefault(
                (r.round, suite, r.model, SCENARIO_ORDER.index(r.scenario)), []
            ).append(r)
    out = []
    for key in sorted(groups):
        by_quantity: dict[str, list[ResultRecord]] = {}
        for r in groups[key]:
            by_quantity.setdefault(words.quantity(r.units), []).append(r)
        order = sorted(
            by_quantity,
            key=lambda q: (
                -sum(r.division == "closed" for r in by_quantity[q]),
                -len(by_quantity[q]),
                q,
            ),
        )
        round_name, suite, model, scenario = key
        for position, quantity in enumerate(order):
            out.append(
                Benchmark(
                    round_name,
                    suite,
                    model,
                    SCENARIO_ORDER[scenario],
                    rank(by_quantity[quantity]),
                    apart=position > 0,
                )
            )
    return out


def record_holder(benchmarks: list[Benchmark], units: str = "Tokens/s") -> Benchmark | None:
    """The benchmark whose closed-division leader has the round's highest result in ``units``
    (a throughput), or None when no benchmark reports in ``units``."""
    candidates = [b for b in benchmarks if b.units[0] == units]
    return max(candidates, key=lambda b: b.leader.result, default=None)
