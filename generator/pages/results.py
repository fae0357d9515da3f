"""The results pages: one per benchmark of a round, the round and suite indexes, the results overview."""

from __future__ import annotations

from functools import partial

from jinja2 import Environment

from generator.data import organizations
from generator.data.dataset import Dataset
from generator.data.identity import IdPublication
from generator.data.names import Naming
from generator.i18n.languages import Language
from generator.model import power
from generator.model.benchmarks import DIVISION_ORDER, Benchmark, benchmarks_of
from generator.model.chart_rows import assign_colours, chart_rows, per_accelerator_rows
from generator.pages import citations
from generator.pages.charts import chart_files, leaders_chart, power_chart, reserved_height
from generator.pages.entities import (
    accelerator_pages,
    comparison_pages,
    specification_pages,
    system_comparison_pages,
)
from generator.pages.explorer import explorer_link, explorer_page, official_ids_mark
from generator.pages.filters import environment
from generator.pages.output import RESULTS, ChartImage, Page, download_rows, downloads
from generator.pages.round_report import report_pages


def results_pages(
    dataset: Dataset,
    lang: Language,
    retrieved: dict[str, str] | None = None,
    publications: dict[str, IdPublication] | None = None,
) -> list[Page | ChartImage]:
    """Every page of the results section of ``lang``: an overview of the rounds, an index per
    round (benchmarks grouped by suite and model) and one page per benchmark, each with its chart
    spec and static SVG, and the results explorer.

    Args:
        dataset: the validated dataset.
        lang: the language to render.
        retrieved: ISO date on which this dataset read each round (``{round: date}``, the
            last import in its changelog), for the results' citations; the round's name
            when not given.
        publications: the rounds whose official IDs MLCommons published after this dataset
            had derived them (``changelog.id_publications``), which their round reports state.

    Returns:
        pages under ``results/``, in a stable order.
    """
    env = environment(lang)
    # An ID whose text was another system's derived ID is linked as the official one.
    env.globals["explorer_link"] = partial(explorer_link, superseded=dataset.superseded)
    env.globals["official_ids_mark"] = partial(official_ids_mark, dataset.superseded)
    naming = Naming.of(dataset.records, lambda r: r.accelerator_id)
    citations.install(env, lang, retrieved)  # each row's citation (citations.py, cite.js)
    pages: list[Page | ChartImage] = []
    rounds = [(name, benchmarks_of(dataset.of_round(name))) for name in reversed(dataset.rounds)]
    colours = assign_colours([b for _, benchmarks in rounds for b in benchmarks])
    by_round = dict(rounds)
    pages.extend(accelerator_pages(env, by_round, naming))
    pages.extend(specification_pages(env, naming, dataset.records))
    for round_name, benchmarks in rounds:
        pages.extend(comparison_pages(env, round_name, benchmarks, naming))
        pages.append(
            Page(
                f"{RESULTS}/{round_name}/index.md",
                env.get_template("round.md.j2").render(
                    round=round_name,
                    benchmarks=benchmarks,
                    records=dataset.of_round(round_name),
                    organizations=organizations.count(
                        r.submitter for r in dataset.of_round(round_name)
                    ),
                    has_power=any(r.power_result is not None for r in dataset.of_round(round_name)),
                    withdrawn=[w for w in dataset.withdrawn if w.record.round == round_name],
                ),
            )
        )
        pages += downloads(
            f"{RESULTS}/{round_name}/benchmarks",
            [
                {
                    "suite": b.suite,
                    "model": b.model,
                    "scenario": b.scenario,
                    "results": len(b.results),
                    "units": b.units[0],
                    "best_result": b.value(b.leader),
                    "leader_submitter": b.leader.submitter,
                    "leader_system": b.leader.system_name,
                    "leader_result_id": b.leader.shown_id,
                    "page": f"{b.path.split('/', 1)[1]}/",
                }
                for b in benchmarks
            ],
        )
        for benchmark in benchmarks:
            siblings = [
                b
                for b in benchmarks
                if b is not benchmark
                and (b.suite, b.model, b.scenario)
                == (benchmark.suite, benchmark.model, benchmark.scenario)
            ]
            pages.extend(benchmark_pages(env, benchmark, lang, colours, siblings))
    pages.extend(system_comparison_pages(env, by_round, lang, naming, dataset.superseded))
    pages.extend(report_pages(env, dataset, naming, publications or {}))
    pages.append(explorer_page(env, list(dataset.records), lang, colours))
    pages.insert(0, results_index(dataset, lang, rounds))
    return pages


def results_index(
    dataset: Dataset, lang: Language, rounds: list[tuple[str, list[Benchmark]]] | None = None
) -> Page:
    """The overview of the rounds (``results/index.md``); ``rounds`` as ``results_pages``
    computes them (newest first), or computed here."""
    if rounds is None:
        rounds = [
            (name, benchmarks_of(dataset.of_round(name))) for name in reversed(dataset.rounds)
        ]
    power_rounds = {
        name: sum(r.power_result is not None for r in dataset.of_round(name))
        for name in dataset.rounds
    }
    return Page(
        f"{RESULTS}/index.md",
        environment(lang)
        .get_template("results.md.j2")
        .render(rounds=rounds, power_rounds=power_rounds),
    )


# The charts of a benchmark page behind a tab (templates/benchmark.md.j2): drawn by the page's
# script when the reader opens the tab, with no static SVG (issue #30's decision: a chart
# visible without interaction keeps its SVG).
ON_DEMAND = frozenset({"per-accelerator"})


def benchmark_pages(
    env: Environment,
    benchmark: Benchmark,
    lang: Language,
    colours: dict[str, str],
    siblings: list[Benchmark] = (),
) -> list[Page | ChartImage]:
    """The page of one benchmark, its charts and downloads of exactly the rows shown.

    ``siblings`` are the benchmarks of the same model, scenario and suite in other quantities
    (``Benchmark.apart``); the page links them and says why they are ranked apart.

    Files beside the page: the table (``<stem>.csv``/``.json``, ``Benchmark.download_stem``:
    ``mlperf-inference-v6.1-datacenter-gpt-oss-120b-offline.csv``); the chart of the leading
    results (``leaders.vl.json``, ``leaders.svg``, ``<stem>-leaders.csv``/``.json``); for a
    throughput, the chart of the leading results per accelerator (``per-accelerator.vl.json``,
    ``<stem>-per-accelerator.*``); with MLPerf Power results, their chart (``power.*``, see
    ``power``).

    A chart shown without interaction has its static SVG; the chart per accelerator, behind a
    tab (``ON_DEMAND``), has none: the page's script draws it when the tab opens, and its table
    ("This chart as a table") serves readers without scripts. A third of the site's charts
    were drawn at every build for a tab few open.
    """
    folder = f"{RESULTS}/{benchmark.path}"
    table = [
        row
        for division in DIVISION_ORDER
        for row in download_rows(benchmark.division(division), cite=env.globals["cite"])
    ]
    charts = {"leaders": chart_rows(benchmark), "per-accelerator": per_accelerator_rows(benchmark)}
    specs = {
        name: leaders_chart(benchmark, lang, colours, per_accelerator=name != "leaders")
        for name, rows in charts.items()
        if rows
    }
    figures = power.ranked(list(benchmark.results))
    files: list[Page | ChartImage] = [
        Page(
            f"{folder}/index.md",
            env.get_template("benchmark.md.j2").render(
                benchmark=benchmark,
                on_demand=ON_DEMAND,
                # A chart drawn on demand reserves the room it is drawn in.
                heights={name: reserved_height(spec) for name, spec in specs.items()},
                siblings=siblings,
                power=figures,
                charts={name: rows for name, rows in charts.items() if rows},
            ),
        ),
        *downloads(f"{folder}/{benchmark.download_stem}", table),
    ]
    if figures:
        spec = power_chart(figures, lang, colours)
        files += chart_files(f"{folder}/power", spec, lang)
    for name, rows in charts.items():
        if not rows:
            continue
        spec = specs[name]
        files += [
            *downloads(f"{folder}/{benchmark.download_stem}-{name}", download_rows(rows)),
            *chart_files(f"{folder}/{name}", spec, lang, image=name not in ON_DEMAND),
        ]
    return files
