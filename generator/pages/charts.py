"""Charts: Vega-Lite specs (Altair's, made as plain dicts), and the static SVG rendered from each at build time.

Every chart is written twice beside its page: ``<name>.vl.json`` (the spec, which the
self-hosted vega-embed bundle turns into an interactive chart) and ``<name>.svg`` (the same
chart, rendered by vl-convert, shown when JavaScript is off or before it runs). Axis titles come
from the message catalog and numbers follow the page's locale (Vega format locale, from CLDR
via d3-format's locale files).
"""

from __future__ import annotations

import json
from functools import cache

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

VEGA_LITE_VERSION = "v6.4"  # the Vega-Lite version of Altair's schema, also bundled by vl-convert
# What Altair writes into every spec it makes (its schema's address, its default view size):
# the specs are dicts made here, in Altair's layout, key for key (Altair's object layer was a
# fifth of the pages' CPU); tests/test_charts.py holds that each kind equals Altair's spec.
SCHEMA = "https://vega.github.io/schema/vega-lite/v6.4.1.json"
VIEW = {"continuousWidth": 300, "continuousHeight": 300}
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
    return {
        "config": {"view": dict(VIEW)},
        "data": {"values": data},
        "mark": {"type": "bar"},
        "description": description,
        "encoding": {
            "color": {
                "field": "submitter",
                "scale": {
                    "domain": submitters,
                    "range": [submitter_colour(colours, s) for s in submitters],
                },
                "title": _("Submitter"),
                "type": "nominal",
            },
            "tooltip": [
                _tip("system", _("System")),
                _tip("submitter", _("Submitter")),
                _tip("accelerators", _("Accelerators")),
                _tip("category", _("Category")),
                *(
                    [
                        _tip("division", _("Division")),
                        _tip("used_model", _("Model run")),
                        _tip("accuracy", _("Accuracy")),
                    ]
                    if any(row.get("used_model") for row in data)
                    else []
                ),
                _tip("result", axis_title, "quantitative", value_format),
            ],
            # Axis numbers as in the table (5,000,000 / 5.000.000), not SI-prefixed.
            "x": {
                "axis": {"format": value_format, "tickCount": 5},
                "field": "result",
                "title": axis_title,
                "type": "quantitative",
            },
            "y": {
                "axis": {"labelLimit": 0},
                "field": "label",
                "sort": {"field": "rank", "order": "ascending"},
                "title": None,
                "type": "nominal",
            },
        },
        "height": {"step": 22},
        "width": WIDTH_PX,
        "$schema": SCHEMA,
        "usermeta": _usermeta(lang),
    }


def _tip(field: str, title: str, kind: str = "nominal", value_format: str | None = None) -> dict:
    """A tooltip entry of a Vega-Lite encoding, keys in Altair's (alphabetical) order."""
    return {
        "field": field,
        **({"format": value_format} if value_format else {}),
        "title": title,
        "type": kind,
    }


def _usermeta(lang: Language) -> dict:
    """vega-embed's options, carried by the spec: the format locale, no action menu."""
    return {"embedOptions": {"formatLocale": format_locale(lang), "actions": False}}


def chart_json(spec: dict) -> str:
    """The spec as stable JSON text (sorted keys), so unchanged charts are not rewritten."""
    return json.dumps(spec, ensure_ascii=False, sort_keys=True, indent=1) + "\n"


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
    best = max(points, key=lambda point: point["result"])
    description += lang.sentence_gap + _("Highest: %(accelerator)s in %(round)s, %(result)s.") % {
        "accelerator": best["accelerator"],
        "round": best["round"],
        "result": format_result(best["result"], lang),
    }
    # The line and the points share their axes and colours.
    axes = {
        "color": {
            "field": "accelerator",
            "legend": {"columns": 2, "labelLimit": 260, "orient": "bottom"},
            "scale": {"range": list(PALETTE)},
            "title": _("Accelerator"),
            "type": "nominal",
        },
        "x": {
            "axis": {"labelAngle": 0},
            "field": "round",
            "sort": rounds,
            "title": _("Round"),
            "type": "ordinal",
        },
        "y": {
            "axis": {"format": value_format, "tickCount": 5},
            "field": "result",
            "title": axis_title,
            "type": "quantitative",
        },
    }
    dots = {
        "color": axes["color"],
        "href": {"field": "url", "type": "nominal"},
        "tooltip": [
            _tip("accelerator", _("Accelerator")),
            _tip("round", _("Round"), "ordinal"),
            _tip("system", _("System")),
            _tip("submitter", _("Submitter")),
            _tip("result_id", _("Result ID")),
            _tip("category", _("Category")),
            _tip("result", axis_title, "quantitative", value_format),
        ],
        "x": axes["x"],
        "y": axes["y"],
    }
    return {
        "config": {"view": dict(VIEW)},
        "layer": [
            {"mark": {"type": "line", "opacity": 0.6}, "encoding": axes},
            {"mark": {"type": "point", "filled": True, "size": 70}, "encoding": dots},
        ],
        "data": {"values": points},
        "description": description,
        "height": 260,
        "width": WIDTH_PX,
        "$schema": SCHEMA,
        "usermeta": _usermeta(lang),
    }


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
