"""Comparison of two systems under test: which result of each system is used, which
benchmarks are paired, and what the page shows and states (results/compare/).

Expected values come from the committed CSV tables read with pandas, not from the generator."""

import csv
import io
from urllib.parse import parse_qs, urlparse

import pandas as pd
import pytest

from generator.data.names import Naming
from generator.results.benchmarks import benchmarks_of
from generator.results.comparisons import default_pair, systems
from tests.conftest import DATA

GB300 = "NVIDIA GB300 NVL72 (72x GB300-288GB_aarch64, TensorRT)"


@pytest.fixture(scope="module")
def table():
    return pd.concat(pd.read_csv(path) for path in (DATA / "results").glob("*.csv"))


@pytest.fixture(scope="module")
def naming(dataset):
    return Naming.of(dataset.records, lambda r: r.accelerator_id)


@pytest.fixture(scope="module")
def all_systems(dataset, naming):
    return systems({name: benchmarks_of(dataset.of_round(name))
                    for name in reversed(dataset.rounds)}, naming)


def rows_of(table, round_name, system):
    return table[(table["round"] == round_name) & (table["submitter"] == "NVIDIA")
                 & (table["system_name"] == system)]


def test_a_system_keeps_its_best_closed_result_per_benchmark(table, all_systems):
    # In v6.1 NVIDIA submitted two closed deepseek-r1 Offline results of the GB300 NVL72.
    rows = rows_of(table, "v6.1", GB300)
    offline = rows[(rows.model == "deepseek-r1") & (rows.scenario == "Offline")
                   & (rows.division == "closed")]
    assert len(offline) == 2
    system = next(s for s in all_systems if s.round == "v6.1" and s.name == GB300)
    _, record = system.results[("datacenter", "deepseek-r1", "Offline")]
    assert record.result == offline.result.max()
    # Every benchmark of the system is there, and nothing else.
    assert set(system.results) == set(zip(rows.suite, rows.model, rows.scenario))


def test_default_pair_is_two_submitters_of_the_newest_round(all_systems):
    first, second = default_pair(all_systems)
    assert first.round == second.round == "v6.1"
    assert first.submitter != second.submitter
    assert first.results.keys() & second.results.keys()


def test_system_keys_are_unique_and_url_safe(all_systems):
    keys = [s.key for s in all_systems]
    assert len(keys) == len(set(keys))
    assert all(key.replace(".", "").replace("-", "").isalnum() for key in keys)


@pytest.mark.browser
def test_two_rounds_of_one_system_side_by_side(page, base_url, table, dataset, naming):
    old = rows_of(table, "v6.0", GB300)
    new = rows_of(table, "v6.1", GB300).sort_values("result", ascending=False)
    shared = (set(zip(old.model, old.scenario)) & set(zip(new.model, new.scenario)))
    a = naming.system_key(next(r for r in dataset.of_round("v6.0") if r.system_name == GB300))
    b = naming.system_key(next(r for r in dataset.of_round("v6.1") if r.system_name == GB300))
    page.goto(f"{base_url}en/results/compare/?a={a}&b={b}")
    rows = page.locator(".mlperf-compare__output tbody tr")
    rows.first.wait_for()
    assert rows.count() == len(shared)
    # Each row: B ÷ A from the CSV (best closed result of each round), to two decimals, and the
    # change of round stated next to it.
    for i in range(rows.count()):
        cells = rows.nth(i).locator("td")
        model, scenario = cells.nth(0).inner_text().replace(" · datacenter", "").split(" · ")
        before = old[(old.model == model) & (old.scenario == scenario)].result.max()
        after = new[(new.model == model) & (new.scenario == scenario)].result.max()
        assert cells.nth(3).inner_text().startswith(f"{after / before:.2f}×")
        assert "round: v6.0 / v6.1" in cells.nth(5).inner_text()
    # The address keeps the choice, and a new choice redraws the table.
    page.select_option("#compare-b", a)
    page.wait_for_function("document.querySelector('.mlperf-compare__output td:nth-child(4)')"
                           ".textContent.startsWith('1.00×')")
    assert parse_qs(urlparse(page.url).query) == {"a": [a], "b": [a]}
    assert page.console_errors == []


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["en", "zh", "it"])
def test_latency_is_never_divided_by_accelerators(page, base_url, lang):
    # The default pair of v6.1 shares a latency benchmark (wan-2.2-t2v-a14b SingleStream).
    page.goto(f"{base_url}{lang}/results/compare/")
    rows = page.locator(".mlperf-compare__output tbody tr")
    rows.first.wait_for()
    latency = rows.filter(has_text="SingleStream")
    assert latency.count() >= 1
    for i in range(latency.count()):
        assert latency.nth(i).locator("td").nth(4).inner_text().startswith("—")
    throughput = rows.filter(has_text="Offline").first.locator("td").nth(4)
    assert throughput.inner_text().endswith("×")
    assert page.console_errors == []


@pytest.mark.browser
def test_comparison_downloads_hold_the_rows_shown(page, base_url):
    page.goto(f"{base_url}en/results/compare/")
    rows = page.locator(".mlperf-compare__output tbody tr")
    rows.first.wait_for()
    href = page.locator(".mlperf-compare__output a[download='comparison.csv']").get_attribute(
        "href")
    text = page.evaluate("href => fetch(href).then(r => r.text())", href)
    lines = list(csv.DictReader(io.StringIO(text)))
    assert len(lines) == rows.count()
    shown = rows.first.locator("td").nth(1).inner_text()
    assert lines[0]["a_result_id"] in shown


@pytest.mark.browser
def test_results_in_different_units_are_never_divided(page, base_url, table, dataset, naming):
    # A benchmark whose metric changed between rounds (one unit in each round, more than one
    # across rounds), found in the CSV tables.
    keys = ["suite", "model", "scenario"]
    per_round = table.groupby([*keys, "round"]).units.nunique()
    uniform = table.merge(per_round[per_round == 1].reset_index()[[*keys, "round"]])
    units = uniform.groupby(keys).units.nunique()
    suite, model, scenario = units[units > 1].index[0]
    rows = uniform[(uniform.suite == suite) & (uniform.model == model)
                   & (uniform.scenario == scenario)]
    first, second = (rows[rows.units == u].iloc[0] for u in rows.units.unique()[:2])
    keys = [naming.system_key(next(r for r in dataset.of_round(row["round"])
                            if r.result_id == row.result_id and r.model == model))
            for row in (first, second)]
    page.goto(f"{base_url}en/results/compare/?a={keys[0]}&b={keys[1]}")
    row = page.locator(".mlperf-compare__output tbody tr", has_text=f"{model} · ").filter(
        has_text=scenario).first
    row.wait_for()
    cells = row.locator("td")
    assert cells.nth(3).inner_text().startswith("—")
    assert "different units" in cells.nth(3).inner_text()
    assert cells.nth(4).inner_text().startswith("—")
    assert "units:" in cells.nth(5).inner_text()


@pytest.mark.browser
def test_an_unknown_system_in_the_address_is_reported(page, base_url):
    page.goto(f"{base_url}en/results/compare/?a=no-such-system")
    notice = page.locator(".mlperf-compare__notice")
    notice.wait_for()
    assert "no-such-system" in notice.inner_text()
    page.locator(".mlperf-compare__output tbody tr").first.wait_for()
