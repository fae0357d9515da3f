"""Comparisons readers ask for: every result of one submitter, or of one accelerator, across the
benchmarks of a round, and an accelerator's best results round after round.

A comparison never divides a latency by accelerators, and states next to each figure what
MLCommons' results guidelines require a comparison to state: division, category, scenario and
accelerator count.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from .benchmarks import SCENARIO_ORDER, Benchmark
from .schema import ResultRecord


def slug(name: str) -> str:
    """An ASCII URL segment for a submitter or accelerator name: ``"NVIDIA B300-SXM-270GB"`` ->
    ``"nvidia-b300-sxm-270gb"``. Case and punctuation variants of one name share a slug."""
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_name.lower()).strip("-") or "unnamed"


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


def group_by(items: list[Entry], key) -> dict[str, tuple[str, list[Entry]]]:
    """``{slug: (display name, entries)}``, the display name being the most frequent spelling;
    sorted by display name."""
    groups: dict[str, list[Entry]] = {}
    for entry in items:
        name = key(entry.record)
        if name:
            groups.setdefault(slug(name), []).append(entry)
    named = {}
    for group_slug, members in groups.items():
        spellings = [key(e.record) for e in members]
        named[group_slug] = (max(set(spellings), key=lambda s: (spellings.count(s), s)), members)
    return dict(sorted(named.items(), key=lambda item: item[1][0].lower()))


@dataclass(frozen=True)
class HistoryRow:
    """An accelerator's best closed-division result per accelerator on one benchmark (model and
    scenario of a suite), in each round that has one: ``{round: record}``."""

    suite: str
    model: str
    scenario: str
    best: dict[str, ResultRecord]


def accelerator_history(benchmarks_by_round: dict[str, list[Benchmark]],
                        accelerator_slug: str) -> list[HistoryRow]:
    """Round-over-round view of one accelerator: for each throughput benchmark it ran in more
    than one round, its best per-accelerator closed result in each round (the software gains on
    unchanged hardware, when the count of accelerators is alike; the page shows the counts)."""
    table: dict[tuple, dict[str, ResultRecord]] = {}
    for round_name, benchmarks in benchmarks_by_round.items():
        for benchmark in benchmarks:
            if not benchmark.higher_is_better:
                continue
            for record in benchmark.division("closed"):
                if record.accelerator and slug(record.accelerator) == accelerator_slug \
                        and record.result_per_accelerator is not None:
                    key = (benchmark.suite, benchmark.model, benchmark.scenario)
                    best = table.setdefault(key, {}).get(round_name)
                    if best is None or record.result_per_accelerator > best.result_per_accelerator:
                        table[key][round_name] = record
    rows = [HistoryRow(*key, best) for key, best in table.items() if len(best) > 1]
    return sorted(rows, key=lambda r: (r.suite, r.model, SCENARIO_ORDER.index(r.scenario)))
