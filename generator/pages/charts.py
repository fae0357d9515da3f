"""Charts: Vega-Lite specs built with Altair, and the static SVG rendered from each at build time.

Every chart is written twice beside its page: ``<name>.vl.json`` (the spec, which the
self-hosted vega-embed bundle turns into an interactive chart) and ``<name>.svg`` (the same
chart, rendered by vl-convert, shown when JavaScript is off or before it runs). Axis titles come
from the message catalog and numbers follow the page's locale (Vega format locale, from CLDR
via d3-format's locale files).
"""

from __future__ import annotations

import json
from functools import cache

import altair as alt
import vl_convert

from generator.editorial.guidelines import DERIVED
from generator.i18n.catalogs import translations
from generator.i18n.formatting import (
    format_accuracy,
    format_result,
    per_accelerator_units,
    unit_symbol,
    units_label,
)
from generator.i18n.languages import Language
from generator.model import qualifiers
from generator.model.benchmarks import Benchmark
from generator.model.chart_rows import (
    PALETTE,
    chart_rows,
    per_accelerator_rows,
    power_rows,
    submitter_colour,
)
from generator.pages import marks
from generator.pages.output import ChartImage, Page

VEGA_LITE_VERSION = "v6.4"  # the Vega-Lite version of Altair's schema, also bundled by vl-convert
# System names are cut here rather than by Vega's labelLimit, whose text measuring made each
# SVG render four times slower; the full name stays in the tooltip and the table.
LABEL_CHARS = 44
WIDTH_PX = 560


@cache
def format_locale(lang: Language) -> dict:
    """d3-format locale (decimal and thousands separators, grouping) of ``lang`` for Vega."""
    return vl_convert.get_format_locale(lang.vega)


def bar(rank: int, record, lang: Language) -> dict:
    """What a bar of a results chart says of its result, but its figure: ``rank``, ``label``
    (the y axis: rank, system name and, for a preview, its mark, ``marks.chart_label``),
    ``system``, ``submitter``, ``accelerators`` and, for the tooltip, ``category`` (with a
    preview's due round) and ``division``, ``used_model`` and ``accuracy`` (what an
    open-division result ran, ``open_division``; empty for a closed one)."""
    open_run = record.division == "open"
    return {
        "rank": rank,
        # Two entries may share a system name (one system, two submitters): the rank keeps
        # each bar apart.
        "label": marks.chart_label(f"{rank}. {record.system_name}", record, lang, LABEL_CHARS),
        "system": record.system_name,
        "submitter": record.submitter,
        "accelerators": (
            f"{record.accelerator} × {record.total_accelerators}"
            if record.accelerator and record.total_accelerators
            else ""
        ),
        "category": marks.category_text(record, lang),
        "division": translations(lang).gettext(record.division),
        "used_model": record.used_model if open_run else "",
        "accuracy": format_accuracy(record.accuracy, lang) if open_run and record.accuracy else "",
    }


def leaders_chart(
    benchmark: Benchmark, lang: Language, colours: dict[str, str], per_accelerator: bool = False
) -> dict:
    """Vega-Lite spec of a horizontal bar chart of the benchmark's leading closed-division
    results (open-division results when it has no closed one), best on top.

    Args:
        benchmark: the benchmark; its results' unit is the x axis (Tokens/s, Samples/s... or a
            latency, where shorter bars are better).
        lang: the page's language, for titles and the number format locale.
        colours: submitter colours from ``assign_colours``.
        per_accelerator: chart the results per accelerator (``per_accelerator_rows``; only for
            throughputs) instead of the systems' results.

    Returns:
        a JSON-ready dict: the Vega-Lite spec, with vega-embed options (the format locale) under
        ``usermeta.embedOptions`` so the page's script needs no other input.
    """
    _ = translations(lang).gettext
    rows = per_accelerator_rows(benchmark) if per_accelerator else chart_rows(benchmark)
    units = benchmark.units[0]
    axis_title = per_accelerator_units(units, lang) if per_accelerator else units_label(units, lang)
    data = [
        {
            **bar(i + 1, r, lang),
            # One unit per chart: a latency published in ms on a benchmark shown in s is converted.
            "result": qualifiers.per_accelerator(r) if per_accelerator else benchmark.value(r),
        }
        for i, r in enumerate(rows)
    ]
    first, value = rows[0], data[0]["result"]
    words = {
        "n": len(rows),
        "system": marks.marked_name(first, lang),
        "submitter": first.submitter,
        "result": format_result(value, lang),
        "units": unit_symbol(units, lang),
    }
    description = (
        _(
            "Bar chart of the %(n)s leading results per accelerator; first: "
            "%(system)s (%(submitter)s), %(result)s %(units)s per accelerator."
        )
        if per_accelerator
        else _(
            "Bar chart of the %(n)s leading results; first: %(system)s (%(submitter)s), "
            "%(result)s %(units)s."
        )
    ) % words
    if per_accelerator:
        description += lang.sentence_gap + _(DERIVED)
    return bar_chart(data, axis_title, lang, colours, description)


def bar_chart(
    data: list[dict], axis_title: str, lang: Language, colours: dict[str, str], description: str
) -> dict:
    """Vega-Lite spec of a horizontal bar chart, best on top, one colour per submitter.

    Args:
        data: one dict per bar with ``rank``, ``label`` (the y axis), ``system``,
            ``submitter``, ``accelerators``, ``category`` and ``result`` (the x axis); for
            open-division bars also ``division``, ``used_model`` and ``accuracy``, which the
            tooltip then shows.
        axis_title: the x axis title, translated (its unit).
        description: what the chart shows and its leading result, in the page's language:
            the drawn chart's accessible name (Vega puts it in the SVG's ``aria-label``).
    """
    _ = translations(lang).gettext
    submitters = sorted({row["submitter"] for row in data})
    largest = max(row["result"] for row in data)
    # Grouped like the table's figures; three significant digits below 1 (0.00419).
    value_format = ",.3~r" if largest < 1 else ",.2~f" if largest < 100 else ",.0f"
    with _unchecked():
        return _bar_chart(data, axis_title, lang, colours, description, submitters, value_format)


def _unchecked():
    """Altair's schema objects built without validating each against the Vega-Lite schema as
    it is made (its debug mode: half of every chart's making); the same spec results, and
    tests/test_charts.py validates the specs of each kind whole."""
    return alt.utils.schemapi.debug_mode(False)


def _bar_chart(
    data: list[dict],
    axis_title: str,
    lang: Language,
    colours: dict[str, str],
    description: str,
    submitters: list[str],
    value_format: str,
) -> dict:
    _ = translations(lang).gettext
    chart = (
        alt.Chart(alt.Data(values=data))
        .mark_bar()
        .encode(
            # Axis numbers as in the table (5,000,000 / 5.000.000), not SI-prefixed.
            x=alt.X("result:Q", title=axis_title, axis=alt.Axis(format=value_format, tickCount=5)),
            y=alt.Y(
                "label:N",
                title=None,
                sort=alt.EncodingSortField("rank", order="ascending"),
                axis=alt.Axis(labelLimit=0),
            ),
            color=alt.Color(
                "submitter:N",
                title=_("Submitter"),
                scale=alt.Scale(
                    domain=submitters, range=[submitter_colour(colours, s) for s in submitters]
                ),
            ),
            tooltip=[
                alt.Tooltip("system:N", title=_("System")),
                alt.Tooltip("submitter:N", title=_("Submitter")),
                alt.Tooltip("accelerators:N", title=_("Accelerators")),
                alt.Tooltip("category:N", title=_("Category")),
                *(
                    [
                        alt.Tooltip("division:N", title=_("Division")),
                        alt.Tooltip("used_model:N", title=_("Model run")),
                        alt.Tooltip("accuracy:N", title=_("Accuracy")),
                    ]
                    if any(row.get("used_model") for row in data)
                    else []
                ),
                alt.Tooltip("result:Q", title=axis_title, format=value_format),
            ],
        )
        .properties(width=WIDTH_PX, height=alt.Step(22))
    )
    # Not validated against the Vega-Lite schema at every build: that was 60 % of the pages'
    # generation; tests/test_charts.py validates a spec of each kind.
    spec = chart.properties(description=description).to_dict(validate=False)
    spec["usermeta"] = {"embedOptions": {"formatLocale": format_locale(lang), "actions": False}}
    return spec


def chart_json(spec: dict) -> str:
    """The spec as stable JSON text (sorted keys), so unchanged charts are not rewritten."""
    return json.dumps(spec, ensure_ascii=False, sort_keys=True, indent=1) + "\n"


# What a bar chart draws besides its bars: the x axis, its labels and title (measured: 42 px in
# the static SVG of a benchmark's leading results, 262 px high for 10 bars of 22).
AXIS_PX = 42


def reserved_height(spec: dict) -> int:
    """The height in px a bar chart ``spec`` (a height of ``{"step": px}`` per bar, or a fixed
    one) is drawn at, its axis included: the room a chart drawn by the page's script reserves
    before it is drawn, so that drawing it does not push the page down."""
    height = spec.get("height")
    if isinstance(height, dict):
        return height["step"] * len(spec["data"]["values"]) + AXIS_PX
    return int(height or 0) + AXIS_PX


def chart_files(
    stem: str, spec: dict, lang: Language, image: bool = True
) -> list[Page | ChartImage]:
    """A chart's files at ``stem`` (a path without suffix): its spec as ``<stem>.vl.json``
    and, with ``image``, its static SVG ``<stem>.svg`` still to render (``output.ChartImage``);
    a chart drawn on demand by the page's script has no image."""
    spec_page = Page(f"{stem}.vl.json", chart_json(spec))
    return (
        [spec_page, ChartImage(f"{stem}.svg", spec_page.path, spec, lang)] if image else [spec_page]
    )


def render_svg(spec: dict, lang: Language) -> str:
    """Render ``spec`` to SVG text with vl-convert, numbers in ``lang``'s format locale."""
    return vl_convert.vegalite_to_svg(
        spec, vl_version=VEGA_LITE_VERSION, format_locale=format_locale(lang)
    )


def javascript_bundle() -> str:
    """The vega-embed + Vega-Lite + Vega bundle (about 0.9 MB) that pages with charts load from
    the site itself, never from a CDN. It defines ``window.vegaEmbed``."""
    return vl_convert.javascript_bundle(vl_version=VEGA_LITE_VERSION)


def timeline_chart(points: list[dict], axis_title: str, lang: Language, description: str) -> dict:
    """Vega-Lite spec of a benchmark's round-over-round chart: one point per accelerator and
    round (its best per-accelerator result), a line per accelerator; each point links its
    official result folder.

    Args:
        points: one dict per point with ``round``, ``accelerator`` (display name),
            ``result`` (per accelerator, in ``axis_title``'s unit), ``system``,
            ``submitter``, ``result_id`` and ``url``; rounds in the order they should read.
        axis_title: the y axis title, translated.
        description: what the chart shows, in the page's language (its accessible name);
            the leading point is added to it.
    """
    _ = translations(lang).gettext
    rounds = list(dict.fromkeys(point["round"] for point in points))
    largest = max(point["result"] for point in points)
    value_format = ",.3~r" if largest < 1 else ",.2~f" if largest < 100 else ",.0f"
    with _unchecked():
        return _timeline_chart(points, axis_title, lang, description, rounds, value_format)


def _timeline_chart(
    points: list[dict],
    axis_title: str,
    lang: Language,
    description: str,
    rounds: list[str],
    value_format: str,
) -> dict:
    _ = translations(lang).gettext
    base = alt.Chart(alt.Data(values=points)).encode(
        x=alt.X("round:O", title=_("Round"), sort=rounds, axis=alt.Axis(labelAngle=0)),
        y=alt.Y("result:Q", title=axis_title, axis=alt.Axis(format=value_format, tickCount=5)),
        color=alt.Color(
            "accelerator:N",
            title=_("Accelerator"),
            scale=alt.Scale(range=list(PALETTE)),
            legend=alt.Legend(orient="bottom", columns=2, labelLimit=260),
        ),
    )
    lines = base.mark_line(opacity=0.6)
    dots = base.mark_point(filled=True, size=70).encode(
        href="url:N",
        tooltip=[
            alt.Tooltip("accelerator:N", title=_("Accelerator")),
            alt.Tooltip("round:O", title=_("Round")),
            alt.Tooltip("system:N", title=_("System")),
            alt.Tooltip("submitter:N", title=_("Submitter")),
            alt.Tooltip("result_id:N", title=_("Result ID")),
            alt.Tooltip("category:N", title=_("Category")),
            alt.Tooltip("result:Q", title=axis_title, format=value_format),
        ],
    )
    best = max(points, key=lambda point: point["result"])
    description += lang.sentence_gap + _("Highest: %(accelerator)s in %(round)s, %(result)s.") % {
        "accelerator": best["accelerator"],
        "round": best["round"],
        "result": format_result(best["result"], lang),
    }
    # Not validated at every build (a third of the pages' generation); tests/test_charts.py
    # validates timelines of every language.
    spec = (
        (lines + dots)
        .properties(width=WIDTH_PX, height=260, description=description)
        .to_dict(validate=False)
    )
    spec["usermeta"] = {"embedOptions": {"formatLocale": format_locale(lang), "actions": False}}
    return spec


def power_chart(figures: list, lang: Language, colours: dict[str, str]) -> dict:
    """Vega-Lite spec of a benchmark's MLPerf Power chart: its leading closed-division figures
    (open ones when it has no closed one), best on top, at most ``LEADERS``.

    Args:
        figures: ``power.Efficiency`` of one benchmark, ranked (``power.ranked``).
    """
    _ = translations(lang).gettext
    pool = power_rows(figures)
    first = pool[0]
    axis_title = (
        units_label(first.units, lang) if first.higher_is_better else _(first.published_heading)
    )
    data = [{**bar(i + 1, f.record, lang), "result": f.value} for i, f in enumerate(pool)]
    description = _(
        "Bar chart of the MLPerf Power results of this benchmark; first: %(system)s "
        "(%(submitter)s), %(value)s %(units)s."
    ) % {
        "system": marks.marked_name(first.record, lang),
        "submitter": first.record.submitter,
        "value": format_result(first.value, lang),
        "units": units_label(first.units, lang),
    }
    return bar_chart(data, axis_title, lang, colours, description)
