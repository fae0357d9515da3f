"""What each chart of a benchmark shows, the same in every language: its rows (the leaders,
the leaders per accelerator, the MLPerf Power figures) and one colour per submitter across the
whole site. ``pages.charts`` draws them in each language."""

from __future__ import annotations

import zlib
from collections import defaultdict

from generator.data.schema import ResultRecord
from generator.model import power
from generator.model.benchmarks import Benchmark
from generator.model.qualifiers import per_accelerator

LEADERS = 10  # bars per benchmark chart
# Okabe and Ito's colour-blind-safe set first, then colours of Tableau 20, Paul Tol's and
# ColorBrewer's sets kept only where each is at least CIE ΔE*ab 15 from every earlier one (Tableau
# 20's #ff9d9a and #ff9da7 were 2 apart). Each submitter keeps one colour on every chart, and no
# two submitters on the same chart share one (``assign_colours``); tests/test_colours.py checks
# every generated chart against ΔE 12.
PALETTE = (
    "#0072b2",
    "#e69f00",
    "#009e73",
    "#d55e00",
    "#56b4e9",
    "#cc79a7",
    "#f0e442",
    "#f28e2b",
    "#e15759",
    "#76b7b2",
    "#59a14f",
    "#edc948",
    "#ff9da7",
    "#9c755f",
    "#bab0ac",
    "#a0cbe8",
    "#ffbe7d",
    "#8cd17d",
    "#d4a6c8",
    "#79706e",
    "#332288",
    "#117733",
    "#ddcc77",
    "#cc6677",
    "#aa4499",
    "#882255",
    "#999933",
    "#661100",
    "#a6761d",
    "#7570b3",
    "#e7298a",
    "#66a61e",
)


def chart_rows(benchmark: Benchmark) -> list[ResultRecord]:
    """The records a benchmark's chart shows: its leading closed-division results (open-division
    ones when it has no closed result), best first, at most ``LEADERS``."""
    return (benchmark.division("closed") or list(benchmark.results))[:LEADERS]


def per_accelerator_rows(benchmark: Benchmark) -> list[ResultRecord]:
    """The records of a benchmark's per-accelerator chart: its closed-division results (open
    ones when it has no closed result) with the highest result per accelerator, at most
    ``LEADERS``; none for a latency benchmark, which is never divided by accelerators. A result
    without a figure per accelerator (``qualifiers.per_accelerator``) is left out: systems of
    several accelerator kinds (an average over two kinds of chip describes neither; the page
    says so) and results no accelerator ran."""
    if not benchmark.higher_is_better:
        return []
    pool = benchmark.division("closed") or list(benchmark.results)
    ranked = sorted(
        (r for r in pool if per_accelerator(r) is not None),
        key=lambda r: (-per_accelerator(r), r.result_id, r.system_name),
    )
    return ranked[:LEADERS]


def assign_colours(benchmarks: list[Benchmark]) -> dict[str, str]:
    """One colour per submitter for every chart of the site, distinct within each chart.

    Submitters that appear on a chart together are neighbours; they are coloured greedily (most
    neighbours first, then by name, so the result is the same at every build) with the first
    palette colour no neighbour has. Only if a submitter had more neighbours with distinct
    colours than the palette has colours would it fall back to a colour chosen by a hash of its
    name (tests/test_colours.py fails then).

    Returns:
        ``{submitter: "#rrggbb"}`` for every submitter shown on a chart.
    """
    neighbours: dict[str, set[str]] = defaultdict(set)
    for benchmark in benchmarks:
        power_figures = power_rows(power.ranked(list(benchmark.results)))
        for rows in (
            chart_rows(benchmark),
            per_accelerator_rows(benchmark),
            [f.record for f in power_figures],
        ):
            group = {r.submitter for r in rows}
            for submitter in group:
                neighbours[submitter] |= group - {submitter}
    colours: dict[str, str] = {}
    for submitter in sorted(neighbours, key=lambda s: (-len(neighbours[s]), s)):
        taken = {colours[n] for n in neighbours[submitter] if n in colours}
        free = [c for c in PALETTE if c not in taken]
        colours[submitter] = free[0] if free else _fallback_colour(submitter)
    return colours


def submitter_colour(colours: dict[str, str], submitter: str) -> str:
    """The colour of ``submitter`` on every chart: its colour in ``colours``
    (``assign_colours``), or for a submitter on no generated chart a palette colour chosen by a
    hash of its name."""
    return colours.get(submitter) or _fallback_colour(submitter)


def _fallback_colour(submitter: str) -> str:
    """A palette colour chosen by a hash of the submitter's name."""
    return PALETTE[zlib.crc32(submitter.encode("utf-8")) % len(PALETTE)]


def power_rows(figures: list) -> list:
    """The figures a power chart shows: the leading closed-division ones (open ones when there
    is no closed one), at most ``LEADERS``; ``figures`` as ``power.ranked`` gives them."""
    return ([f for f in figures if f.record.division == "closed"] or figures)[:LEADERS]
