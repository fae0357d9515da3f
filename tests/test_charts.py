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
        r"<tr><td class=\"num\"[^>]*>\d+</td>\s*<td[^>]*>([^<]*)(?:<br>|</td>)", tables[0]
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
    # Its empty view holds the chart's height (charts.reserved_height), so that the table
    # below does not move when it is drawn.
    reserved = hidden.locator(".mlperf-chart__view").evaluate("v => parseFloat(v.style.minHeight)")
    page.locator(".tabbed-labels label", has_text="Per accelerator").click()
    column, chart = drawn_width(page, "per-accelerator")
    assert column > 500 and abs(column - chart) <= 2
    height = hidden.evaluate("f => f.querySelector('svg').getBoundingClientRect().height")
    assert abs(height - reserved) <= 0.1 * height, (reserved, height)
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
