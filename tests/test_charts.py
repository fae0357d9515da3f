"""Charts: which rows each chart shows, its table alternative, and that it draws at its
column's width wherever it sits -- in a tab or a collapsed block opened later.

Expected rows come from the committed CSV table read with pandas."""

import re

import pandas as pd
import pytest

from generator.model.benchmarks import benchmarks_of
from generator.model.chart_rows import per_accelerator_rows
from tests.conftest import DATA
from tests.test_browser import BENCHMARK

LEADERS = 10


@pytest.fixture(scope="module")
def offline():
    table = pd.read_csv(DATA / "results" / "v6.1.csv")
    return table[
        (table.model == "gpt-oss-120b")
        & (table.scenario == "Offline")
        & (table.division == "closed")
    ]


def test_per_accelerator_chart_ranks_by_result_per_accelerator(dataset, offline):
    benchmark = next(
        b
        for b in benchmarks_of(dataset.of_round("v6.1"))
        if b.model == "gpt-oss-120b" and b.scenario == "Offline"
    )
    expected = (
        offline.assign(per=offline.result / offline.total_accelerators)
        .sort_values(["per", "result_id"], ascending=[False, True])
        .head(LEADERS)
    )
    assert [r.result_id for r in per_accelerator_rows(benchmark)] == list(expected.result_id)


@pytest.fixture(scope="module")
def vega_lite():
    """A validator of the Vega-Lite schema Altair ships, the schema itself checked once:
    ``jsonschema.validate`` checks the schema and builds a new validator on every call (0.27 s
    of CPU each; then 0.003 s a spec)."""
    import jsonschema
    from altair.vegalite.v6.schema import load_schema

    schema = load_schema()
    validator = jsonschema.validators.validator_for(schema)
    validator.check_schema(schema)
    return validator(schema)


@pytest.mark.parametrize("per_accelerator", [False, True])
def test_chart_specs_are_valid_vega_lite(dataset, per_accelerator, vega_lite):
    # The build skips Altair's schema validation for speed; every kind of spec is validated here.
    import jsonschema

    from generator.i18n.languages import LANGUAGES
    from generator.model.chart_rows import assign_colours
    from generator.pages.charts import leaders_chart

    benchmarks = benchmarks_of(dataset.of_round("v6.1"))
    colours = assign_colours(benchmarks)
    kinds = [b for b in benchmarks if b.higher_is_better] + (
        [] if per_accelerator else [b for b in benchmarks if not b.higher_is_better][:1]
    )
    for benchmark in kinds[:3]:
        for lang in LANGUAGES:
            spec = leaders_chart(benchmark, lang, colours, per_accelerator=per_accelerator)
            vega_lite.validate(spec)
    with pytest.raises(jsonschema.ValidationError):
        vega_lite.validate({**spec, "mark": {"type": "no-such-mark"}})


def test_latency_benchmarks_have_no_per_accelerator_chart(dataset, site):
    latency = [b for b in benchmarks_of(dataset.of_round("v6.1")) if not b.higher_is_better]
    assert latency and all(per_accelerator_rows(b) == [] for b in latency)
    folder = site / "en" / "results" / latency[0].path
    assert not (folder / "per-accelerator.svg").exists()
    assert 'data-spec="per-accelerator.' not in (folder / "index.html").read_text("utf-8")


def test_each_chart_has_a_table_alternative(site, offline):
    page = (site / "en" / BENCHMARK / "index.html").read_text("utf-8")
    tables = re.findall(r'<details class="mlperf-chart-table">(.*?)</details>', page, re.S)
    assert len(tables) == 2  # the chart of results and the chart per accelerator
    leaders = offline.sort_values(["result", "result_id"], ascending=[False, True]).head(LEADERS)
    rows = re.findall(
        r"<tr><td class=\"num\"[^>]*>\d+</td><td[^>]*>([^<]*)(?:<br>|</td>)", tables[0]
    )
    assert rows == [re.sub("&", "&amp;", name) for name in leaders.system_name]


def drawn_width(page, spec):
    # The interactive chart loads when the reader reaches for it (charts.js). Specs have
    # content-hashed names (leaders.<hash>.vl.json): ``spec`` is the name's first part.
    page.hover(f'figure.mlperf-chart[data-spec^="{spec}."]')
    figure = page.locator(f'figure.mlperf-chart[data-spec^="{spec}."][data-drawn]')
    figure.locator("svg .mark-rect path").first.wait_for(timeout=15000)
    return figure.evaluate(
        "f => [f.clientWidth, f.querySelector('svg').getBoundingClientRect().width]"
    )


@pytest.mark.browser
def test_chart_in_a_tab_draws_when_the_tab_opens(page, base_url):
    page.goto(f"{base_url}en/{BENCHMARK}")
    drawn_width(page, "leaders")
    hidden = page.locator('figure.mlperf-chart[data-spec^="per-accelerator."]')
    assert hidden.get_attribute("data-drawn") is None  # no width yet, nothing drawn
    page.locator(".tabbed-labels label", has_text="Per accelerator").click()
    column, chart = drawn_width(page, "per-accelerator")
    assert column > 500 and abs(column - chart) <= 2
    assert page.console_errors == []


@pytest.mark.browser
def test_chart_in_a_collapsed_block_draws_when_opened(page, base_url):
    # The page as served, with its first chart moved into a closed <details> block.
    def wrap(route):
        html = route.fetch().text()
        html = re.sub(
            r'(<figure class="mlperf-chart" data-spec="leaders\.\w+\.vl\.json">.*?</figure>)',
            r'<details class="note" id="closed"><summary>Chart</summary>\1</details>',
            html,
            count=1,
            flags=re.S,
        )
        route.fulfill(body=html, content_type="text/html; charset=utf-8")

    page.route(re.compile(r".*/gpt-oss-120b/offline/$"), wrap)
    page.goto(f"{base_url}en/{BENCHMARK}")
    page.wait_for_timeout(1500)
    assert page.locator("#closed figure").get_attribute("data-drawn") is None
    page.click("#closed summary")
    column, chart = drawn_width(page, "leaders")
    assert column > 500 and abs(column - chart) <= 2
    assert page.console_errors == []


@pytest.mark.browser
def test_chart_follows_its_column_when_the_window_narrows(page, base_url):
    page.goto(f"{base_url}en/{BENCHMARK}")
    wide, _ = drawn_width(page, "leaders")
    page.set_viewport_size({"width": 700, "height": 900})
    page.wait_for_function(
        "w => { const f = document.querySelector('figure[data-spec^=\"leaders.\"]');"
        " const s = f.querySelector('svg');"
        " return s && f.clientWidth < w && Math.abs(s.getBoundingClientRect().width"
        " - f.clientWidth) <= 2; }",
        arg=wide,
        timeout=15000,
    )


# The legend's names that reach past the right edge of a drawn chart's SVG (which clips them).
LEGEND_CUT = """f => {
  const edge = f.querySelector("svg").getBoundingClientRect().right;
  return [...f.querySelectorAll("svg .role-legend-label text")]
    .filter(t => t.getBoundingClientRect().right > edge + 1).map(t => t.textContent);
}"""


@pytest.mark.browser
def test_chart_leaves_the_bars_room_on_a_phone(page, base_url):
    # At 390 px the full system names and the legend beside the chart left the bars ~10 px.
    # The legend below it in two columns then cut the second column's names at the edge.
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{base_url}en/{BENCHMARK}")
    page.hover('figure.mlperf-chart[data-spec^="leaders."]')
    figure = page.locator('figure.mlperf-chart[data-spec^="leaders."][data-drawn]')
    figure.locator("svg .mark-rect path").first.wait_for(timeout=15000)
    column, bars = figure.evaluate(
        "f => [f.clientWidth, Math.max(...[...f.querySelectorAll('svg .mark-rect path')]"
        ".map(p => p.getBoundingClientRect().width))]"
    )
    assert bars >= 0.4 * column, (bars, column)
    assert figure.locator("svg .role-legend-label text").count() > 1
    assert figure.evaluate(LEGEND_CUT) == []


def test_timeline_specs_are_valid_vega_lite(dataset, vega_lite):
    # Timelines skip Altair's validation at build time too; a few of every language are checked
    # against the Vega-Lite schema here (and a broken copy must fail it).
    import jsonschema

    from generator.i18n.languages import LANGUAGES
    from generator.pages.output import ChartImage
    from generator.pages.research import research_pages

    for lang in LANGUAGES:
        specs = [
            page
            for page in research_pages(dataset, lang)
            if isinstance(page, ChartImage) and "/timeline-" in page.path
        ][:3]
        assert specs
        for image in specs:
            vega_lite.validate(image.spec)
    with pytest.raises(jsonschema.ValidationError):
        vega_lite.validate({**image.spec, "layer": [{"mark": "no-such-mark"}]})


# The build writes each chart's Vega-Lite spec as a plain dict (charts.py: Altair's object layer
# was a fifth of the pages' CPU); Altair stays the reference of what a spec holds. The two
# functions below are the charts as Altair made them before (the code of charts.py until then):
# each kind of chart must be the same JSON, key order included, from the same inputs.
def altair_bar_chart(data, axis_title, lang, colours, description):
    import altair as alt

    from generator.i18n.catalogs import translations
    from generator.model.chart_rows import submitter_colour
    from generator.pages.charts import WIDTH_PX, format_locale

    _ = translations(lang).gettext
    submitters = sorted({row["submitter"] for row in data})
    largest = max(row["result"] for row in data)
    value_format = ",.3~r" if largest < 1 else ",.2~f" if largest < 100 else ",.0f"
    with alt.utils.schemapi.debug_mode(False):
        chart = (
            alt.Chart(alt.Data(values=data))
            .mark_bar()
            .encode(
                x=alt.X(
                    "result:Q", title=axis_title, axis=alt.Axis(format=value_format, tickCount=5)
                ),
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
                        domain=submitters,
                        range=[submitter_colour(colours, s) for s in submitters],
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
        spec = chart.properties(description=description).to_dict(validate=False)
    spec["usermeta"] = {"embedOptions": {"formatLocale": format_locale(lang), "actions": False}}
    return spec


def altair_timeline_chart(points, axis_title, lang, description):
    import altair as alt

    from generator.i18n.catalogs import translations
    from generator.i18n.formatting import format_result
    from generator.model.chart_rows import PALETTE
    from generator.pages.charts import WIDTH_PX, format_locale

    _ = translations(lang).gettext
    rounds = list(dict.fromkeys(point["round"] for point in points))
    largest = max(point["result"] for point in points)
    value_format = ",.3~r" if largest < 1 else ",.2~f" if largest < 100 else ",.0f"
    with alt.utils.schemapi.debug_mode(False):
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
        description += lang.sentence_gap + _(
            "Highest: %(accelerator)s in %(round)s, %(result)s."
        ) % {
            "accelerator": best["accelerator"],
            "round": best["round"],
            "result": format_result(best["result"], lang),
        }
        spec = (
            (lines + dots)
            .properties(width=WIDTH_PX, height=260, description=description)
            .to_dict(validate=False)
        )
    spec["usermeta"] = {"embedOptions": {"formatLocale": format_locale(lang), "actions": False}}
    return spec


def as_text(spec):
    import json

    return json.dumps(spec, ensure_ascii=False)  # not sorted: the key order must agree too


def test_bar_specs_are_altairs(dataset):
    # Every kind of bar chart in every language -- the v6.1 leaders (with and without
    # open-division bars, whose tooltip says what they ran), per accelerator, a power chart --
    # against Altair's spec from the same bars, titles and description.
    from generator.i18n.languages import LANGUAGES
    from generator.model import power
    from generator.model.chart_rows import assign_colours
    from generator.pages.charts import bar_chart, leaders_chart, power_chart

    benchmarks = benchmarks_of(dataset.of_round("v6.1"))
    colours = assign_colours(benchmarks)
    open_only = [b for b in benchmarks if not b.division("closed")]
    throughput = [b for b in benchmarks if b.higher_is_better]
    latency = [b for b in benchmarks if not b.higher_is_better]
    # The newest round with MLPerf Power results (v6.1 has none).
    efficiency = [
        f
        for name in reversed(dataset.rounds)
        for f in (power.ranked(list(b.results)) for b in benchmarks_of(dataset.of_round(name)))
        if f
    ]
    assert open_only and throughput and latency and efficiency
    for lang in LANGUAGES:
        specs = [
            leaders_chart(open_only[0], lang, colours),
            leaders_chart(throughput[0], lang, colours),
            leaders_chart(throughput[0], lang, colours, per_accelerator=True),
            leaders_chart(latency[0], lang, colours),
            power_chart(efficiency[0], lang, colours),
        ]
        assert any("used_model" in as_text(s["encoding"]["tooltip"]) for s in specs)
        for spec in specs:
            inputs = (
                spec["data"]["values"],
                spec["encoding"]["x"]["title"],
                lang,
                colours,
                spec["description"],
            )
            assert as_text(bar_chart(*inputs)) == as_text(spec)
            assert as_text(spec) == as_text(altair_bar_chart(*inputs))


def test_timeline_specs_are_altairs(dataset):
    # The timelines of the research pages (the first of each language), against Altair's spec
    # from the same points, axis title and description.
    from generator.i18n.languages import LANGUAGES
    from generator.pages.charts import timeline_chart
    from generator.pages.output import ChartImage
    from generator.pages.research import research_pages

    for lang in LANGUAGES:
        image = next(
            page
            for page in research_pages(dataset, lang)
            if isinstance(page, ChartImage) and "/timeline-" in page.path
        )
        points = image.spec["data"]["values"]
        title = image.spec["layer"][0]["encoding"]["y"]["title"]
        assert len({p["accelerator"] for p in points}) > 1
        assert as_text(timeline_chart(points, title, lang, "A chart.")) == as_text(
            altair_timeline_chart(points, title, lang, "A chart.")
        )
