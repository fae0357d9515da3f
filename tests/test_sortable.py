"""Ranked tables re-sorted by the reader (tablesort, vendored unchanged: see
overrides/assets/javascripts/tablesort/SOURCE.txt): a numeric column sorts by the figure
published in data/results/*.csv, whatever the language's number format, by mouse and keyboard,
with the order stated in aria-sort; the open division stays ranked apart."""

from __future__ import annotations

import hashlib
import re

import pandas as pd
import pytest

from tests.conftest import DATA, ROOT
from tests.test_browser import only_local

VENDOR = ROOT / "overrides" / "assets" / "javascripts" / "tablesort"
BENCHMARK = "results/v6.1/datacenter/llama2-70b-99.9/offline/"
# The ranked table (the charts' tables are inside <details>, the power table comes after it).
RANKED = "article table[data-sortable]:not(details table)"


def ranked(page):
    return page.locator(RANKED).first


def test_the_vendored_files_are_the_pinned_ones():
    # SOURCE.txt records the SHA-256 of each file taken from the npm package; an edited or
    # swapped file fails here.
    listed = re.findall(
        r"^\s+([0-9a-f]{64})\s+(\S+)", (VENDOR / "SOURCE.txt").read_text(), re.MULTILINE
    )
    assert {name for _, name in listed} == {"tablesort.min.js", "tablesort.number.min.js"}
    for digest, name in listed:
        assert hashlib.sha256((VENDOR / name).read_bytes()).hexdigest() == digest, name
    assert "tablesort v5.7.1" in (VENDOR / "tablesort.min.js").read_text()
    assert (VENDOR / "LICENCE").read_text().startswith("Copyright (c) Tristen Brown")


@pytest.fixture(scope="module")
def closed_results():
    """The benchmark's closed-division results from the CSV, by the ID a page shows (the
    published spelling, else the canonical one): {id: (result, result per accelerator)}; a
    system of several kinds of chip has no per-accelerator figure on the page ("—")."""
    table = pd.read_csv(DATA / "results" / "v6.1.csv", dtype=str, keep_default_na=False)
    rows = table[
        (table.model == "llama2-70b-99.9")
        & (table.scenario == "Offline")
        & (table.division == "closed")
        & table.suite.str.split(",").apply(lambda s: "datacenter" in s)
    ]
    assert len(rows) > 10
    return {
        (r.result_id_published or r.result_id): (
            float(r.result),
            float(r.result_per_accelerator)
            if r.result_per_accelerator and r.accelerator_mixed != "true"
            else None,
        )
        for r in rows.itertuples()
    }


def closed_ids(page) -> list[str]:
    """The result IDs of the ranked table's closed division (its first body), in order."""
    return ranked(page).locator("> tbody").first.locator("tr td:last-child a").all_inner_texts()


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["en", "it"])
def test_a_numeric_column_sorts_by_the_published_figure(page, base_url, lang, closed_results):
    page.goto(f"{base_url}{lang}/{BENCHMARK}")
    result = ranked(page).locator("thead th").nth(4)
    # First click on a figure: descending, the largest result first (as a reader of results
    # expects); second: ascending. Expected orders: the CSV's results sorted here.
    result.click()
    assert result.get_attribute("aria-sort") == "descending"
    ids = closed_ids(page)
    assert sorted(ids) == sorted(closed_results)
    values = [closed_results[i][0] for i in ids]
    assert values == sorted(values, reverse=True)
    if lang == "it":
        # The largest reads "1.136.100" in Italian: a text sort of that would put 99.000 first.
        first = ranked(page).locator("> tbody").first.locator("tr td:nth-child(5)").first
        assert "." in first.inner_text() and "," not in first.inner_text()
    result.click()
    assert result.get_attribute("aria-sort") == "ascending"
    values = [closed_results[i][0] for i in closed_ids(page)]
    assert values == sorted(values)
    # Per accelerator, highest first at the first press of Enter (keyboard only); results
    # without the figure (no count, or several kinds of chip) come last.
    per = ranked(page).locator("thead th").nth(5)
    per.focus()
    page.keyboard.press("Enter")
    assert per.get_attribute("aria-sort") == "descending"
    assert result.get_attribute("aria-sort") is None  # only one column states an order
    figures = [closed_results[i][1] for i in closed_ids(page)]
    known = [f for f in figures if f is not None]
    assert figures[: len(known)] == sorted(known, reverse=True)
    assert page.console_errors == []
    assert only_local(page.requests) == []


@pytest.mark.browser
def test_space_sorts_and_the_open_division_stays_apart(page, base_url):
    page.goto(f"{base_url}en/{BENCHMARK}")
    bodies = ranked(page).locator("> tbody")
    assert bodies.count() == 2  # closed, then open with its heading row
    open_before = bodies.nth(1).locator("tr td:last-child a").all_inner_texts()
    rank = ranked(page).locator("thead th").first
    rank.focus()
    # The rank is a position, not a figure: its first press sorts rank 1 first (ascending),
    # the second turns it round.
    page.keyboard.press(" ")
    assert rank.get_attribute("aria-sort") == "ascending"
    page.keyboard.press(" ")
    assert rank.get_attribute("aria-sort") == "descending"
    ranks = bodies.first.locator("tr td:first-child").all_inner_texts()
    assert [int(r) for r in ranks] == list(range(len(ranks), 0, -1))
    # The open division's heading row keeps its place; its results are sorted among
    # themselves only.
    assert bodies.nth(1).locator("tr").first.get_attribute("class") == "mlperf-division"
    assert sorted(bodies.nth(1).locator("tr td:last-child a").all_inner_texts()) == sorted(
        open_before
    )


@pytest.mark.browser
def test_tables_sort_after_instant_navigation(page, base_url):
    page.goto(f"{base_url}en/results/v6.1/")
    page.locator("a[href$='datacenter/llama2-70b-99.9/offline/']").first.click()
    page.wait_for_url(f"**/{BENCHMARK}")
    result = ranked(page).locator("thead th").nth(4)
    result.click()
    assert result.get_attribute("aria-sort") == "descending"


@pytest.mark.browser
def test_a_submitters_results_sort_but_never_rank_units_together(page, base_url):
    # AMD's v6.1 results span several benchmarks and units: its table sorts by rank (a number),
    # but its result and per-accelerator columns do not sort at all.
    page.goto(f"{base_url}en/results/v6.1/submitters/amd/")
    table = page.locator("article table[data-sortable]").first
    headings = table.locator("thead th")
    names = headings.all_inner_texts()
    rank, result = names.index("Rank"), names.index("Result")
    assert names[result + 1] == "Per accelerator"
    for figure in (result, result + 1):
        assert headings.nth(figure).get_attribute("tabindex") is None
        assert headings.nth(figure).get_attribute("role") is None
    headings.nth(rank).click()
    headings.nth(rank).click()
    assert headings.nth(rank).get_attribute("aria-sort") == "descending"
    cells = table.locator(f"tbody tr td:nth-child({rank + 1})").all_inner_texts()
    ranks = [int(r) for r in cells]
    assert len(ranks) > 3 and ranks == sorted(ranks, reverse=True)
    assert page.console_errors == []


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["zh", "en", "it"])
def test_cards_on_a_phone_sort_by_their_headings(page, base_url, lang, closed_results):
    # At 390 px the ranked table is cards; its sortable headings stay above them as buttons
    # (mlperf.css), and the result's sorts the cards by the published figure (the CSV's).
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{base_url}{lang}/{BENCHMARK}")
    headings = ranked(page).locator("thead th")
    result = headings.nth(4)
    assert result.is_visible()
    box = result.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    # Every visible heading sorts; a heading that does not is not offered.
    for th in headings.all():
        assert th.is_visible() == (th.get_attribute("data-sort-method") != "none")
    result.click()
    assert result.get_attribute("aria-sort") == "descending"
    values = [closed_results[i][0] for i in closed_ids(page)]
    assert values == sorted(values, reverse=True)
    first_card = ranked(page).locator("> tbody").first.locator("tr").first
    assert first_card.bounding_box()["width"] <= 390
    assert page.console_errors == []
