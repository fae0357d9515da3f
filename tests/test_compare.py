"""Comparison of two systems under test: a system is one result ID, which result of it is
used, which benchmarks are paired, how a system is followed across rounds, and what the page
shows and states (results/compare/).

Expected values come from the committed CSV tables read with pandas, not from the generator."""

import csv
import io
import json
import re
from urllib.parse import parse_qs, urlparse

import pandas as pd
import pytest

from generator.data.names import Naming
from generator.model.benchmarks import benchmarks_of
from generator.model.comparisons import default_pair, same_system, systems
from tests.conftest import DATA

GB300 = "NVIDIA GB300 NVL72 (72x GB300-288GB_aarch64, TensorRT)"
VERA_RUBIN = "NVIDIA Vera Rubin NVL72 (72x VR-288GB_aarch64)"
XD690 = "HPE Compute XD690 (8x NVIDIA B300-SXM-270GB, TensorRT)"


@pytest.fixture(scope="module")
def table():
    return pd.concat(
        pd.read_csv(path, dtype={"result_id_published": str})
        for path in (DATA / "results").glob("*.csv")
    )


@pytest.fixture(scope="module")
def naming(dataset):
    return Naming.of(dataset.records, lambda r: r.accelerator_id)


@pytest.fixture(scope="module")
def all_systems(dataset):
    return systems(
        {name: benchmarks_of(dataset.of_round(name)) for name in reversed(dataset.rounds)}
    )


@pytest.fixture(scope="module")
def systems_json(site):
    """The comparison's index and its files of each round's systems, as one: ``{"canonical",
    "systems": {key: system}, "renamed": {old key: [keys]}}`` (generator/pages/entities.py)."""
    # Published under content-hashed names (generator/site/assets.py): systems.<hash>.json,
    # which names each round's file (systems-v6-1.<hash>.json).
    folder = site / "en" / "results" / "compare"
    (path,) = folder.glob("systems.*.json")
    index = json.loads(path.read_text("utf-8"))
    rounds = [json.loads((folder / name).read_text("utf-8")) for name in index["shards"].values()]
    return {
        "canonical": index["canonical"],
        "systems": {k: v for r in rounds for k, v in r["systems"].items()},
        "renamed": {k: v for r in rounds for k, v in r["renamed"].items()},
    }


def rows_of(table, round_name, system, submitter="NVIDIA"):
    return table[
        (table["round"] == round_name)
        & (table["submitter"] == submitter)
        & (table["system_name"] == system)
    ]


def record_of(dataset, result_id):
    return next(r for r in dataset.records if r.result_id == result_id)


def test_two_submissions_of_one_name_are_two_systems(table, all_systems):
    # v6.1: NVIDIA published the GB300 NVL72 name for a rack of 72 accelerators (6.1-0074) and
    # for four racks of 288 (6.1-0073) (Oracle's result under that name is Oracle's); HPE the XD690 name
    # for 16 accelerators (6.1-0051), for 8 (6.1-0052) and for 8 in the open division
    # (6.1-0113). Each ID is one system, holding exactly the ID's rows of the CSV.
    for submitter, name in (("NVIDIA", GB300), ("HPE", XD690)):
        rows = rows_of(table, "v6.1", name, submitter)
        found = {
            s.key: s
            for s in all_systems
            if (s.round, s.submitter, s.name) == ("v6.1", submitter, name)
        }
        assert set(found) == set(rows.result_id) and len(found) > 1
        for key, system in found.items():
            mine = rows[rows.result_id == key]
            assert {r.result_id for _, r in system.results.values()} == {key}
            assert set(system.results) == set(zip(mine.suite, mine.model, mine.scenario))
            assert system.first.total_accelerators == mine.total_accelerators.iloc[0]
    sizes = rows_of(table, "v6.1", GB300).groupby("result_id").total_accelerators.first()
    assert sizes["6.1-0073"] == 288 and sizes["6.1-0074"] == 72


def test_a_system_keeps_its_best_result_per_benchmark(table, all_systems):
    # 6.1-0074 ran deepseek-r1 Offline once; the system holds that row of the CSV.
    rows = table[
        (table.result_id == "6.1-0074")
        & (table.model == "deepseek-r1")
        & (table.scenario == "Offline")
    ]
    system = next(s for s in all_systems if s.key == "6.1-0074")
    _, record = system.results[("datacenter", "deepseek-r1", "Offline")]
    assert record.result == rows.result.max()


def test_the_same_system_across_rounds_needs_the_same_accelerator_count(dataset, table):
    # From the CSV: NVIDIA's GB300 NVL72 name has IDs of 72 and 288 accelerators in v6.0 and in
    # v6.1. Only IDs of equal counts follow each other; two IDs of one round never do.
    both = pd.concat([rows_of(table, "v6.0", GB300), rows_of(table, "v6.1", GB300)])
    counts = {
        (r, i): n
        for r, i, n in both[["round", "result_id", "total_accelerators"]]
        .drop_duplicates()
        .itertuples(index=False)
    }
    assert sorted(counts.values()) == [72, 72, 288, 288]
    for (round_a, a), size_a in counts.items():
        for (round_b, b), size_b in counts.items():
            expected = a == b or (round_a != round_b and size_a == size_b)
            assert same_system(record_of(dataset, a), record_of(dataset, b)) == expected, (a, b)
    assert same_system(record_of(dataset, "6.0-0078"), record_of(dataset, "6.1-0074"))
    assert not same_system(record_of(dataset, "6.0-0076"), record_of(dataset, "6.1-0074"))
    # HPE's XD690 entries are all of v6.1: three systems, none the same as another, even the
    # two of 8 accelerators (one closed, one open: two IDs).
    xd690 = sorted(set(rows_of(table, "v6.1", XD690, "HPE").result_id))
    assert xd690 == ["6.1-0051", "6.1-0052", "6.1-0113"]
    for a in xd690:
        for b in xd690:
            assert same_system(record_of(dataset, a), record_of(dataset, b)) == (a == b)


def test_default_pair_is_two_submitters_of_the_newest_round(all_systems):
    first, second = default_pair(all_systems)
    assert first.round == second.round == "v6.1"
    assert first.submitter != second.submitter
    assert first.results.keys() & second.results.keys()


def test_system_keys_are_unique_and_url_safe(all_systems):
    keys = [s.key for s in all_systems]
    assert len(keys) == len(set(keys))
    assert all(key.replace(".", "").replace("-", "").isalnum() for key in keys)


def test_no_comparison_entry_holds_two_result_ids(systems_json, table):
    # One entry per result ID of the CSV, keyed by its published spelling (v4.1-0043 in v4.1).
    # Its results carry no ID of their own, where each once held the published spelling under
    # the name the CSV gives the canonical ID (result_id): the entry's fields are the ID's.
    entries = systems_json["systems"]
    shown = table.result_id_published.fillna(table.result_id)
    assert set(entries) == set(shown)
    for key, entry in entries.items():
        assert not any("result_id" in r for r in entry["results"].values()), key
        # The ID fields as the CSV names them: the canonical ID, and the published spelling.
        assert entry["result_id"] == key.removeprefix("v")
        assert (entry["result_id_published"] or entry["result_id"]) == key
        assert "result_id_canonical" not in entry
    v41 = table[table["round"] == "v4.1"]
    assert all(
        systems_json["canonical"][i] == p for i, p in zip(v41.result_id, v41.result_id_published)
    )


def test_old_addresses_by_name_lead_to_every_id_of_that_name(systems_json, dataset, naming, table):
    # The key by name of NVIDIA's v6.1 GB300 NVL72 stood for three IDs; 6.1-0074 has the most
    # benchmark rows in the CSV and comes first.
    old = naming.system_key(record_of(dataset, "6.1-0074"))
    rows = rows_of(table, "v6.1", GB300)
    by_count = rows.groupby("result_id").size().sort_values(ascending=False)
    assert systems_json["renamed"][old] == list(by_count.index)
    assert systems_json["renamed"][old][0] == "6.1-0074"


@pytest.mark.browser
def test_gb300_against_vera_rubin_compares_the_72_accelerator_rack(
    page, base_url, table, dataset, naming
):
    # deepseek-r1 Offline, v6.1, by hand from data/results/v6.1.csv: GB300 NVL72 6.1-0074,
    # 679,740 Tokens/s on 72 accelerators = 9,440.83 per accelerator; Vera Rubin NVL72
    # 6.1-0106, 1,183,326.85 Tokens/s on 72 = 16,435.10; 16,435.10 / 9,440.83 = 1.74 in Vera
    # Rubin's (B's) favour, per accelerator and per system alike (both 72 accelerators).
    gb300 = table[
        (table.result_id == "6.1-0074")
        & (table.model == "deepseek-r1")
        & (table.scenario == "Offline")
    ].iloc[0]
    rubin = table[
        (table.result_id == "6.1-0106")
        & (table.model == "deepseek-r1")
        & (table.scenario == "Offline")
    ].iloc[0]
    assert (gb300.total_accelerators, rubin.total_accelerators) == (72, 72)
    ratio = (rubin.result / rubin.total_accelerators) / (gb300.result / gb300.total_accelerators)
    assert f"{ratio:.2f}" == "1.74"
    # The address of the older form, by name, which chose the 288-accelerator ID's result:
    # the page now opens 6.1-0074 and says which IDs share the name.
    old_a = naming.system_key(record_of(dataset, "6.1-0074"))
    old_b = naming.system_key(record_of(dataset, "6.1-0106"))
    page.goto(f"{base_url}en/results/compare/?a={old_a}&b={old_b}")
    notice = page.locator(".mlperf-compare__notice")
    notice.wait_for()
    assert "6.1-0073" in notice.inner_text() and "288 accelerators" in notice.inner_text()
    for url in (page.url, f"{base_url}en/results/compare/?a=6.1-0074&b=6.1-0106"):
        page.goto(url)
        row = (
            page.locator(".mlperf-compare__output tbody tr", has_text="deepseek-r1 · ")
            .filter(has_text="Offline")
            .first
        )
        row.wait_for()
        assert parse_qs(urlparse(page.url).query) == {"a": ["6.1-0074"], "b": ["6.1-0106"]}
        cells = row.locator("td")
        assert cells.nth(3).inner_text().startswith(f"{ratio:.2f}×")
        assert "B is better" in cells.nth(3).inner_text()
        assert cells.nth(4).inner_text() == f"{ratio:.2f}×"
        # 6.1-0106 is a preview of v6.1 (data/results/v6.1.csv), due as available in the next
        # round, v7.0; 6.1-0074 is available.
        assert "Preview: to be available by v7.0" in cells.nth(2).inner_text()
        assert "Preview" not in cells.nth(1).inner_text()
        head = page.locator(".mlperf-compare__output thead th").nth(1).inner_text()
        # v6.1's IDs are derived (the CSV's result_id_derived): the ID is marked †.
        assert head == f"A · {GB300} — 72 accelerators — 6.1-0074†"
    assert page.console_errors == []


@pytest.mark.browser
def test_two_rounds_of_one_system_side_by_side(page, base_url, table):
    # 6.0-0078 and 6.1-0074: NVIDIA's GB300 NVL72 with 72 accelerators in both rounds.
    old, new = table[table.result_id == "6.0-0078"], table[table.result_id == "6.1-0074"]
    shared = set(zip(old.model, old.scenario)) & set(zip(new.model, new.scenario))
    page.goto(f"{base_url}en/results/compare/?a=6.0-0078&b=6.1-0074")
    rows = page.locator(".mlperf-compare__output tbody tr")
    rows.first.wait_for()
    assert rows.count() == len(shared)
    assert page.get_by_text("the same system in two rounds by this site's rule").count() == 1
    # Each row: B ÷ A from the CSV, to two decimals, and the change of round stated next to it.
    for i in range(rows.count()):
        cells = rows.nth(i).locator("td")
        model, scenario = cells.nth(0).inner_text().replace(" · datacenter", "").split(" · ")
        before = old[(old.model == model) & (old.scenario == scenario)].result.max()
        after = new[(new.model == model) & (new.scenario == scenario)].result.max()
        assert cells.nth(3).inner_text().startswith(f"{after / before:.2f}×")
        assert "round: v6.0 / v6.1" in cells.nth(5).inner_text()
    # The address keeps the choice, and a new choice redraws the table.
    page.select_option("#compare-b", "6.0-0078")
    page.wait_for_function(
        "document.querySelector('.mlperf-compare__output td:nth-child(4)')"
        ".textContent.startsWith('1.00×')"
    )
    assert parse_qs(urlparse(page.url).query) == {"a": ["6.0-0078"], "b": ["6.0-0078"]}
    # The 288-accelerator system of v6.1 is another system under the same name.
    page.select_option("#compare-b", "6.1-0073")
    page.locator(".mlperf-compare__output tbody tr").first.wait_for()
    assert page.get_by_text("the same system in two rounds by this site's rule").count() == 0
    assert page.console_errors == []


@pytest.mark.browser
def test_the_same_system_is_said_when_its_ids_are_written_with_mlcommons_prefix(
    page, base_url, dataset, table
):
    # v4.1's IDs are published with MLCommons' prefix (v4.1-0002 for the canonical 4.1-0002,
    # data/results/v4.1.csv): a system's same_system lists such keys, so the page must compare
    # keys, not the canonical result_id of a round's file. Supermicro's AS-8125GS-TNMR2 with 8
    # accelerators of v5.1 (5.1-0001) and of v4.1 is one system by the site's rule.
    assert same_system(record_of(dataset, "5.1-0001"), record_of(dataset, "4.1-0002"))
    (published,) = set(table[table.result_id == "4.1-0002"].result_id_published)
    assert published == "v4.1-0002"
    page.goto(f"{base_url}en/results/compare/?a=5.1-0001&b={published}")
    page.locator(".mlperf-compare__output tbody tr").first.wait_for()
    assert page.get_by_text("the same system in two rounds by this site's rule").count() == 1
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
        "href"
    )
    text = page.evaluate("href => fetch(href).then(r => r.text())", href)
    lines = list(csv.DictReader(io.StringIO(text)))
    assert len(lines) == rows.count()
    shown = rows.first.locator("td").nth(1).inner_text()
    assert (lines[0]["a_result_id_published"] or lines[0]["a_result_id"]) in shown
    # Every download names an ID as the whole dataset does and says whether MLCommons
    # published it or this site derived it.
    assert {"a_result_id_published", "a_result_id_derived", "b_result_id_derived"} <= set(lines[0])
    assert "a_result_id_canonical" not in lines[0]


@pytest.mark.browser
def test_results_in_different_units_are_never_divided(page, base_url, table):
    # A benchmark whose metric changed between rounds (one unit in each round, more than one
    # across rounds), found in the CSV tables.
    keys = ["suite", "model", "scenario"]
    per_round = table.groupby([*keys, "round"]).units.nunique()
    uniform = table.merge(per_round[per_round == 1].reset_index()[[*keys, "round"]])
    units = uniform.groupby(keys).units.nunique()
    suite, model, scenario = units[units > 1].index[0]
    rows = uniform[
        (uniform.suite == suite) & (uniform.model == model) & (uniform.scenario == scenario)
    ]
    first, second = (rows[rows.units == u].iloc[0] for u in rows.units.unique()[:2])
    keys = [
        row.result_id_published if isinstance(row.result_id_published, str) else row.result_id
        for row in (first, second)
    ]
    page.goto(f"{base_url}en/results/compare/?a={keys[0]}&b={keys[1]}")
    row = (
        page.locator(".mlperf-compare__output tbody tr", has_text=f"{model} · ")
        .filter(has_text=scenario)
        .first
    )
    row.wait_for()
    cells = row.locator("td")
    assert cells.nth(3).inner_text().startswith("—")
    assert "different units" in cells.nth(3).inner_text()
    assert cells.nth(4).inner_text().startswith("—")
    assert "units:" in cells.nth(5).inner_text()


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["zh", "en", "it"])
def test_the_first_load_fetches_the_index_alone_and_a_choice_its_rounds_file(
    page, base_url, table, lang
):
    # The lists name every system in the page already; the first comparison is drawn from the
    # index (systems.<hash>.json), which holds the two systems the lists open with. Choosing a
    # system of another round fetches that round's file (systems-v4-1.<hash>.json) once.
    page.goto(f"{base_url}{lang}/results/compare/")
    output = page.locator(".mlperf-compare__output")
    output.locator("tbody tr").first.wait_for()
    page.wait_for_load_state("networkidle")

    def fetched():
        return [
            url.rsplit("/", 1)[1]
            for url in page.requests
            if f"/{lang}/results/compare/" in url and url.endswith(".json")
        ]

    [index] = fetched()
    assert re.fullmatch(r"systems\.[0-9a-f]{8}\.json", index)
    # Two v4.1 systems that ran a benchmark in common (data/results/v4.1.csv; IDs as MLCommons
    # published them), so that the table shows both.
    v41 = table[table["round"] == "v4.1"]
    ran = {key: set(zip(r.model, r.scenario)) for key, r in v41.groupby("result_id_published")}
    first = next(iter(ran))
    second = next(key for key in ran if key != first and ran[key] & ran[first])
    idle = "!document.querySelector('.mlperf-compare__output').hasAttribute('aria-busy')"
    page.select_option("#compare-b", first)
    page.wait_for_function(idle)
    page.select_option("#compare-a", second)
    page.wait_for_function(idle)
    names = fetched()
    assert len(names) == 2 and names[0] == index
    assert re.fullmatch(r"systems-v4-1\.[0-9a-f]{8}\.json", names[1])
    assert parse_qs(urlparse(page.url).query) == {"a": [second], "b": [first]}
    assert first in output.inner_text() and second in output.inner_text()
    assert page.console_errors == []


@pytest.mark.browser
def test_an_unknown_system_in_the_address_is_reported(page, base_url):
    page.goto(f"{base_url}en/results/compare/?a=no-such-system")
    notice = page.locator(".mlperf-compare__notice")
    notice.wait_for()
    assert "no-such-system" in notice.inner_text()
    page.locator(".mlperf-compare__output tbody tr").first.wait_for()


@pytest.mark.browser
@pytest.mark.parametrize(
    "written, key",
    [
        # v6.1 IDs are derived, written without a "v" (data/results/v6.1.csv, result_id). The
        # other written forms (v6.1-0106, V6.1-106, 4.1-0043 and v4.1-0043 for v4.1's published
        # IDs) are tests/js/compare.test.mjs's, on the same rule (compare.js systemOf); this one
        # shows the page reading an address, spaces and all, and writing it back.
        ("%206.1-0106%20", "6.1-0106"),
    ],
)
def test_a_result_id_in_any_written_form_opens_its_system(page, base_url, table, written, key):
    canonical = key.removeprefix("v")
    published = table[table.result_id == canonical].result_id_published.dropna()
    assert (published.iloc[0] if len(published) else canonical) == key
    page.goto(f"{base_url}en/results/compare/?a=6.1-0074&b={written}")
    # Drawn (a table, or the note that the two ran no benchmark in common).
    page.wait_for_function("document.querySelector('.mlperf-compare__output').childElementCount")
    assert page.locator("#compare-b").input_value() == key
    assert parse_qs(urlparse(page.url).query) == {"a": ["6.1-0074"], "b": [key]}
    assert page.locator(".mlperf-compare__notice").is_hidden()
    assert page.console_errors == []


@pytest.mark.browser
@pytest.mark.parametrize(
    "written, says",
    [
        # A well-formed ID no system has (v6.1 numbers its systems up to 6.1-0119 or so, never 9999).
        (
            "6.1-9999",
            "System B: no system of the rounds on this site (v6.1, v6.0, v5.1, v4.1) has "
            "the result ID 6.1-9999; ",
        ),
        # Not an ID at all: what was found, and the forms accepted.
        (
            "gb300",
            "System B: the address gives “gb300”, which is not a result ID. A system is "
            "named by its result ID, as MLCommons publishes it or without the v (v4.1-0043, "
            "4.1-0043, 6.1-0106); ",
        ),
    ],
)
def test_a_system_not_found_is_named_with_the_forms_accepted(page, base_url, written, says):
    page.goto(f"{base_url}en/results/compare/?a=6.1-0074&b={written}")
    notice = page.locator(".mlperf-compare__notice")
    notice.wait_for()
    page.locator(".mlperf-compare__output tbody tr").first.wait_for()
    shown = page.locator("#compare-b option:checked").inner_text()
    # An entry reads "round · submitter · label"; the notice names the system by its label.
    assert notice.inner_text() == f"{says}{shown.split(' · ', 2)[2]} is shown instead."
    assert page.locator("#compare-a").input_value() == "6.1-0074"


@pytest.mark.browser
@pytest.mark.parametrize(
    "lang, says",
    [
        ("en", "A and B are the same system, 6.1-0106: each ratio is 1 by construction."),
        ("zh", "A 和 B 是同一个系统 6.1-0106：每个比值按定义都是 1。"),
        ("it", "A e B sono lo stesso sistema, 6.1-0106: ogni rapporto vale 1 per costruzione."),
    ],
)
def test_a_system_compared_with_itself_says_so(page, base_url, lang, says):
    # The published form and the v-prefixed one name the same system.
    page.goto(f"{base_url}{lang}/results/compare/?a=6.1-0106&b=v6.1-0106")
    rows = page.locator(".mlperf-compare__output tbody tr")
    rows.first.wait_for()
    assert says in page.locator(".mlperf-compare__same").inner_text()
    for i in range(rows.count()):
        assert (
            rows.nth(i)
            .locator("td")
            .nth(3)
            .inner_text()
            .startswith("1.00×" if lang == "en" else "1,00×" if lang == "it" else "1.00×")
        )
    assert page.console_errors == []
