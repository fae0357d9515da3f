"""Research pages across rounds: each round's MLPerf Power results, the preview tracker and the
accelerator family pages. Same code path for every language: templates and catalogs.
"""

from __future__ import annotations

from markupsafe import Markup, escape

from generator.data import accelerators
from generator.data.dataset import Dataset, result_url
from generator.i18n.catalogs import translations
from generator.i18n.formatting import per_accelerator_units, units_label
from generator.i18n.languages import Language
from generator.model.benchmarks import Benchmark, benchmarks_of
from generator.model.comparisons import TimelineRow, same_system, timeline
from generator.model.download_rows import result_id_fields
from generator.model.families import families
from generator.model.power import ranked
from generator.model.preview_tracker import track
from generator.model.qualifiers import per_accelerator
from generator.pages import citations, marks
from generator.pages.charts import chart_files, timeline_chart
from generator.pages.filters import environment
from generator.pages.output import (
    RESULTS,
    ChartImage,
    Page,
    download_rows,
    downloads,
)

POWER = "power"
PREVIEWS = f"{RESULTS}/previews"
FAMILIES = f"{RESULTS}/families"


def research_pages(
    dataset: Dataset, lang: Language, retrieved: dict[str, str] | None = None
) -> list[Page | ChartImage]:
    """Every research page of ``lang``: ``results/<round>/power/`` for each round with power
    results, ``results/previews/`` and ``results/families/`` with a page per family.

    Args:
        dataset: the validated dataset.
        lang: the language to render.
        retrieved: ``{round: ISO date}`` this dataset read each round, for the citations of
            the family tables' results (``citations.install``).
    """
    env = environment(lang)
    citations.install(env, lang, retrieved)
    names = accelerators.table().accelerators
    env.filters["accelerator_name"] = lambda accelerator_id: names[accelerator_id].name
    env.filters["accelerator_link"] = lambda accelerator_id, linked: (
        Markup('<a href="../../accelerators/{}/">{}</a>').format(
            accelerator_id, names[accelerator_id].name
        )
        if accelerator_id in linked
        else escape(names[accelerator_id].name)
    )
    by_round = {name: benchmarks_of(dataset.of_round(name)) for name in dataset.rounds}
    pages: list[Page | ChartImage] = []
    for round_name, benchmarks in by_round.items():
        pages += power_round_page(env, round_name, benchmarks)
    pages += preview_pages(env, dataset)
    pages += family_pages(env, by_round, lang)
    return pages


def power_round_page(env, round_name: str, benchmarks: list[Benchmark]) -> list[Page]:
    """The page listing every MLPerf Power result of a round, benchmark by benchmark, and its
    downloads; none for a round without power results."""
    sections = [(b, ranked(list(b.results))) for b in benchmarks]
    sections = [(b, figures) for b, figures in sections if figures]
    if not sections:
        return []
    folder = f"{RESULTS}/{round_name}/{POWER}"
    rows = [
        {
            **download_rows([f.record])[0],
            "power_result": f.record.power_result,
            "power_units": f.record.power_units,
            "efficiency": f.value,
            "efficiency_units": f.units,
        }
        for _, figures in sections
        for f in figures
    ]
    return [
        Page(
            f"{folder}/index.md",
            env.get_template("power.md.j2").render(round=round_name, sections=sections),
        ),
        *downloads(f"{folder}/power", rows),
    ]


def preview_pages(env, dataset: Dataset) -> list[Page]:
    """The preview tracker (``previews.track``) and its downloads."""
    tracked = track(list(dataset.records))
    none = dict.fromkeys(result_id_fields(tracked[0].first, "followed_by_")) if tracked else {}
    rows = [
        {
            "round": p.first.round,
            **result_id_fields(p.first),
            "submitter": p.first.submitter,
            "system_name": p.first.system_name,
            "accelerator": p.first.accelerator,
            "total_accelerators": p.first.total_accelerators,
            "results": len(p.records),
            "due_round": p.due,
            "status": p.status,
            "match": p.match,
            "followed_by_round": p.followed_by.round if p.followed_by else None,
            **(result_id_fields(p.followed_by, "followed_by_") if p.followed_by else none),
            "followed_by_url": result_url(p.followed_by.round, p.followed_by.location)
            if p.followed_by
            else None,
        }
        for p in tracked
    ]
    return [
        Page(
            f"{PREVIEWS}/index.md",
            env.get_template("previews.md.j2").render(previews=tracked, rounds=dataset.rounds),
        ),
        *downloads(f"{PREVIEWS}/previews", rows),
    ]


def family_pages(
    env, by_round: dict[str, list[Benchmark]], lang: Language
) -> list[Page | ChartImage]:
    """A page per accelerator family with its round-over-round timelines
    (``comparisons.timeline``): for each benchmark two rounds or more of the family ran, a chart
    and a table of the best per-accelerator closed result per accelerator and round; and the
    index of families."""
    pages: list[Page | ChartImage] = []
    catalog = translations(lang)
    listed = []
    present = {
        r.accelerator_id for benchmarks in by_round.values() for b in benchmarks for r in b.results
    }
    for family in families():
        rows = timeline(by_round, family.accelerators)
        members = [a for a in family.accelerators if a in present]
        listed.append((family, members, rows))
        folder = f"{FAMILIES}/{family.id}"
        charts = []
        for index, row in enumerate(rows, start=1):
            name = f"timeline-{index}"
            spec = timeline_chart(
                timeline_points(row, list(by_round), lang),
                axis_title(row, lang),
                lang,
                catalog.gettext(
                    "Chart of the best result per accelerator of %(family)s on %(model)s "
                    "%(scenario)s, round by round, in %(units)s."
                )
                % {
                    "family": catalog.gettext(family.name),
                    "model": row.model,
                    "scenario": row.scenario,
                    "units": units_label(row.units, lang),
                },
            )
            charts.append(
                (
                    row,
                    name,
                    [a for a in family.accelerators if any(cell[0] == a for cell in row.best)],
                )
            )
            pages += chart_files(f"{folder}/{name}", spec, lang)
        pages.append(
            Page(
                f"{folder}/index.md",
                env.get_template("family.md.j2").render(
                    family=family,
                    members=members,
                    charts=charts,
                    rounds=list(by_round),
                    unit_changes=unit_changes(rows),
                    same_system=same_system,
                ),
            )
        )
        pages += downloads(
            f"{folder}/timeline",
            [
                {**download_rows([record])[0], "generation": family.generation_of(cell[0]).name}
                for row in rows
                for cell, record in row.best.items()
            ],
        )
    pages.append(
        Page(f"{FAMILIES}/index.md", env.get_template("families.md.j2").render(families=listed))
    )
    return pages


def timeline_points(row: TimelineRow, rounds: list[str], lang: Language) -> list[dict]:
    """The chart points of a timeline row, rounds oldest first, texts in ``lang``."""
    order = {name: index for index, name in enumerate(rounds)}
    names = accelerators.table().accelerators
    return [
        {
            "round": round_name,
            "accelerator": names[accelerator_id].name,
            "result": per_accelerator(record),
            "system": record.system_name,
            "submitter": record.submitter,
            "result_id": record.shown_id + ("†" if record.result_id_derived else ""),
            "category": marks.category_text(record, lang),
            "url": result_url(record.round, record.location),
        }
        for (accelerator_id, round_name), record in sorted(
            row.best.items(), key=lambda item: (order[item[0][1]], item[0][0])
        )
    ]


def axis_title(row: TimelineRow, lang: Language) -> str:
    """``"Tokens/s per accelerator"`` in ``lang``."""
    return per_accelerator_units(row.units, lang)


def unit_changes(rows: list[TimelineRow]) -> list[tuple[str, str, str, list[str]]]:
    """Benchmarks whose unit changed between rounds: ``(suite, model, scenario, units)`` for
    each benchmark that has timeline rows in more than one unit; the page says so beside the
    charts, which never join the units."""
    units: dict[tuple[str, str, str], list[str]] = {}
    for row in rows:
        units.setdefault((row.suite, row.model, row.scenario), []).append(row.units)
    return [(*key, found) for key, found in units.items() if len(found) > 1]
