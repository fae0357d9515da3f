"""The results explorer ranks only results that compare (one round, benchmark, scenario and
division, in one unit: MLCommons' results guidelines), in its table, its chart and its first
click on a result's heading; its count is of every matching result, the notes say what the
view's figure leaves out; systems without accelerators can be chosen, and a count limit says
it leaves them out; and the notice on the address stays readable.

Expected rows are selected here, independently of the page's script, from the committed tables
``data/results/*.csv`` with pandas."""

from __future__ import annotations

import csv
import io

import pytest

from tests.test_explore import (
    ROWS,
    download,
    open_view,
    shown_count,
    table,  # noqa: F401  (the fixture of the committed tables)
)

pytestmark = pytest.mark.browser

RANKING = ("division", "round", "model", "scenario", "units")


def test_sorted_by_result_each_ranking_is_apart(page, base_url, table):  # noqa: F811
    # v6.1 closed Offline results, sorted by result: the CSV holds several benchmarks (whisper,
    # rgat, llama2-70b-99.9, ...); ranked together, a whisper result came between two rgat ones.
    view = table[
        (table["round"] == "v6.1") & (table.division == "closed") & (table.scenario == "Offline")
    ]
    rankings = view.groupby(list(RANKING)).ngroups
    assert rankings > 5
    open_view(page, base_url, "?round=v6.1&division=closed&scenario=Offline&sort=-result")
    assert (
        f"these results form {rankings} rankings"
        in page.locator(".mlperf-explore__output").inner_text()
    )
    rows = list(csv.DictReader(io.StringIO(download(page))))
    assert len(rows) == len(view)
    # Each ranking's rows come together, best (highest) first, and none comes back later.
    seen, previous = set(), None
    for row in rows:
        key = tuple(row[column] for column in RANKING)
        if key != previous:
            assert key not in seen, key
            seen.add(key)
            best = None
        value = float(row["result"])
        assert best is None or value <= best, (key, value, best)
        best, previous = value, key
    assert len(seen) == rankings
    # In the table, the first row of each ranking after the first is marked: from the CSV's
    # rows, where the first ten change ranking.
    starts = [
        i
        for i in range(1, 10)
        if tuple(rows[i][c] for c in RANKING) != tuple(rows[i - 1][c] for c in RANKING)
    ]
    marked = page.locator(ROWS).evaluate_all(
        "rows => rows.map((row, i) => row.classList.contains('mlperf-explore__ranking') ? i : -1)"
        ".filter(i => i >= 0)"
    )
    assert marked == starts and starts


def test_the_chart_ranks_the_first_rows_benchmark_only(page, base_url, table):  # noqa: F811
    # The whole dataset sorted by result: the first row's ranking (closed, in the file's order
    # the newest round first) is the only one charted, named in the caption, and the other
    # results are counted as left out.
    open_view(page, base_url, "?sort=-result")
    first = page.locator(ROWS).first.locator("td")
    model, scenario = first.nth(2).inner_text().split("\n")[0], first.nth(3).inner_text()
    round_name = first.nth(0).inner_text()
    first_id = first.nth(1).locator("a").inner_text().replace("†", "").strip()
    published = table.result_id_published.where(table.result_id_published != "", table.result_id)
    units = table[published == first_id].units.iloc[0]
    same = table[
        (table.division == "closed")
        & (table["round"] == round_name)
        & (table.model == model)
        & (table.scenario == scenario)
        & (table.units == units)
    ]
    caption = page.locator(".mlperf-explore__chart figcaption").text_content()
    assert f"of {model} {scenario} ({round_name}, closed division) in " in caption
    # At most 20 bars: the others of its ranking are not drawn either.
    drawn = min(20, len(same))
    assert caption.startswith(
        f"The {drawn} best results of " if len(same) > 20 else f"All {drawn} results of "
    )
    assert f"{len(table) - drawn:,} results of this view are not drawn" in caption


def test_a_first_click_on_a_latency_ranks_the_lowest_first(page, base_url, table):  # noqa: F811
    # v5.1 closed resnet SingleStream: latencies in ms, lower is better (the CSV's smallest
    # result is the best); the first click on "Result" lists it first, as the chart does.
    view = table[
        (table["round"] == "v5.1")
        & (table.division == "closed")
        & (table.model == "resnet")
        & (table.scenario == "SingleStream")
    ]
    assert set(view.units) == {"Latency (ms)"} and len(view) > 1
    best = view.assign(value=view.result.astype(float)).sort_values("value").iloc[0]
    open_view(page, base_url, "?round=v5.1&division=closed&model=resnet&scenario=SingleStream")
    page.locator(".mlperf-explore__sort[data-column=result]").click()
    page.wait_for_function("() => location.search.includes('sort=-result')")  # best first
    cell = page.locator(ROWS).first.locator("td").nth(1).locator("a").inner_text()
    assert cell.replace("†", "").strip() == (best.result_id_published or best.result_id)
    heading = page.locator(".mlperf-explore__output th").nth(9)
    assert heading.get_attribute("aria-sort") == "ascending"


@pytest.mark.parametrize(
    "lang, words",
    [
        ("en", "1 matching result is not listed"),
        ("it", "1 risultato che corrisponde ai filtri non è elencato"),
    ],
)
def test_the_count_is_of_every_match_and_one_left_out_is_singular(
    page,
    base_url,
    table,  # noqa: F811
    lang,
    words,
):
    # v6.1 closed Offline llama2-70b-99.9 per accelerator: of the matching rows of the CSV,
    # exactly one has no per-accelerator figure: 6.1-0016, a mixed system (H200 with MI350X).
    view = table[
        (table["round"] == "v6.1")
        & (table.model == "llama2-70b-99.9")
        & (table.scenario == "Offline")
        & (table.division == "closed")
    ]
    assert ((view.result_per_accelerator == "") | (view.accelerator_mixed == "true")).sum() == 1
    open_view(
        page,
        base_url,
        "?round=v6.1&model=llama2-70b-99.9&scenario=Offline"
        "&division=closed&per=accelerator&sort=-result",
        lang,
    )
    assert shown_count(page) == len(view)
    assert words in page.locator(".mlperf-explore__output").inner_text()


def test_matches_without_the_views_figure_are_counted_not_denied(page, base_url, table):  # noqa: F811
    # v6.1 results of one accelerator: none of them has an MLPerf Power result in the CSV, so
    # per unit of energy the table is empty, but they match: the count and the note say how
    # many, and "no result matches" is not said.
    view = table[(table["round"] == "v6.1") & (table.total_accelerators == "1")]
    assert len(view) > 1 and (view.power_result == "").all()
    open_view(page, base_url, "?per=watt&round=v6.1&max_accelerators=1")
    assert shown_count(page) == len(view)
    output = page.locator(".mlperf-explore__output")
    assert f"{len(view)} matching results are not listed" in output.inner_text()
    assert page.locator(ROWS).count() == 0
    assert page.get_by_text("No result matches these filters.").is_hidden()


def test_the_notice_names_an_empty_name_and_counts_a_long_list(page, base_url):
    open_view(page, base_url, "?=")
    assert page.locator(".mlperf-explore__notice").inner_text() == "Ignored in the address: =."
    # 300 parameters not understood: nine named, the others counted.
    open_view(page, base_url, "?" + "&".join(f"x{i}=1" for i in range(300)))
    notice = page.locator(".mlperf-explore__notice").inner_text()
    assert notice.startswith("Ignored in the address: x0=1, x1=1,")
    assert "x8=1" in notice and "x9=1" not in notice and notice.endswith("and 291 more.")


@pytest.mark.parametrize("name", ["min_accelerators", "per"])
def test_the_fields_and_radios_show_the_focus(page, base_url, name):
    # Reached with the keyboard, a text field and a radio are outlined (Material removes the
    # outline of every input).
    open_view(page, base_url, "")
    target = page.locator(f"form.mlperf-explore input[name={name}]").first
    # The control before it in the form: the Result ID field before the least count.
    page.locator("#explore-sort" if name == "per" else "#explore-id").focus()
    page.keyboard.press("Tab")
    assert target.evaluate("node => node === document.activeElement")
    style = target.evaluate("node => getComputedStyle(node).outlineStyle")
    assert style not in ("none", "")


def test_systems_without_accelerators_can_be_chosen(page, base_url, table):  # noqa: F811
    # CPU-only results have no accelerator ID in the CSV (and no accelerator count): the menu
    # lists them as one choice, before the families, and the view holds exactly them.
    cpu = table[table.accelerator_id == ""]
    assert len(cpu) > 100 and (cpu.total_accelerators == "").all()
    open_view(page, base_url, "?accelerator=cpu-only")
    assert shown_count(page) == len(cpu)
    assert page.locator(".mlperf-explore__notice").is_hidden()
    assert page.locator("#explore-accelerator > option[value=cpu-only]").inner_text() == "CPU only"
    cells = page.locator(f"{ROWS} td:nth-child(8)").all_inner_texts()
    assert cells and set(cells) == {"CPU only"}
    # A count limit leaves them out, and says so while it applies.
    open_view(page, base_url, "?accelerator=cpu-only&max_accelerators=4")
    assert shown_count(page) == 0
    assert "Clear the limit to see them." in page.locator("#explore-limits").inner_text()
    open_view(page, base_url, "?max_accelerators=1")
    note = page.locator("#explore-limits")
    assert "leaves out the systems that have none" in note.inner_text()
    assert shown_count(page) == int((table.total_accelerators == "1").sum())
    page.fill("#explore-max_accelerators", "")
    page.locator("#explore-max_accelerators").dispatch_event("change")
    assert note.is_hidden()


# The CSV's units whose figure is better lower (its latencies; the others are throughputs:
# Queries/s, Samples/s, Tasks/s, Tokens/s), listed here by hand.
LOWER_IS_BETTER = ("Latency (ms)", "Latency (s)")


def test_each_ranking_is_best_first_whichever_way_it_is_better(page, base_url, table):  # noqa: F811
    # v5.1 closed, sorted by result: throughput rankings (samples/s, tokens/s...) and latency
    # ones (SingleStream, MultiStream in ms): each is listed best first, highest throughput or
    # lowest latency, and the heading's order is "other" (no one order of the figures).
    view = table[(table["round"] == "v5.1") & (table.division == "closed")]
    assert set(view.units) & set(LOWER_IS_BETTER) and set(view.units) - set(LOWER_IS_BETTER)
    assert set(view.units) <= {*LOWER_IS_BETTER, "Queries/s", "Samples/s", "Tasks/s", "Tokens/s"}
    open_view(page, base_url, "?round=v5.1&division=closed&sort=-result")
    rows = list(csv.DictReader(io.StringIO(download(page))))
    assert len(rows) == len(view)
    groups: dict[tuple, list[float]] = {}
    for row in rows:
        groups.setdefault(tuple(row[column] for column in RANKING), []).append(float(row["result"]))
    for key, values in groups.items():
        best_first = sorted(values, reverse=key[-1] not in LOWER_IS_BETTER)
        assert values == best_first, key
    heading = page.locator(".mlperf-explore__output th").nth(9)
    assert heading.get_attribute("aria-sort") == "other"
    assert (
        page.locator("#explore-sort").evaluate("s => s.selectedOptions[0].textContent")
        == "Result, best first"
    )
