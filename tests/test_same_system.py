"""Round-over-round tables compare the same system, or say that the rows are different
systems, and link each pair to the comparison; the comparison's menus name the submitter and
can be filtered by typing (generator/model/comparisons.py ``TimelineRow.steps``,
templates/entity.md.j2, templates/compare.md.j2, compare.js).

Expected values come from the committed CSV tables read with pandas, not from the generator."""

import html
import json
import re

import pandas as pd
import pytest

from generator.data.organizations import submitter_name
from generator.model.benchmarks import benchmarks_of
from generator.model.comparisons import timeline
from tests.conftest import DATA, download

B70 = "intel-arc-pro-b70"
B70_PAGE = "results/accelerators/intel-arc-pro-b70/index.html"


@pytest.fixture(scope="module")
def table():
    return pd.concat(
        pd.read_csv(path, dtype={"result_id_published": str})
        for path in sorted((DATA / "results").glob("*.csv"))
    )


def closed(table, accelerator_id, model, scenario):
    return table[
        (table.accelerator_id == accelerator_id)
        & (table.model == model)
        & (table.scenario == scenario)
        & (table.division == "closed")
    ]


@pytest.fixture(scope="module")
def b70_steps(dataset):
    by_round = {name: benchmarks_of(dataset.of_round(name)) for name in dataset.rounds}
    return {
        (row.model, row.scenario): row.steps(B70, list(dataset.rounds))
        for row in timeline(by_round, (B70,))
    }


def test_a_step_follows_the_same_system_not_the_best_one(table, b70_steps):
    # llama3.1-8b Offline on the Arc Pro B70, from the committed CSV: the best per accelerator
    # of v6.1 is QCT's, of v6.0 Intel's (+7.8 % between them, two different systems); Intel's
    # own system (same name, four accelerators) ran in both rounds.
    rows = closed(table, B70, "llama3.1-8b", "Offline")
    intel = rows[(rows.submitter == "Intel") & (rows.system_name == "1-node-4x-BMG-B70")]
    before = intel[intel["round"] == "v6.0"].iloc[0]
    after = intel[intel["round"] == "v6.1"].iloc[0]
    best_v61 = rows[rows["round"] == "v6.1"].sort_values("result_per_accelerator").iloc[-1]
    assert best_v61.submitter != "Intel"  # the best cell of v6.1 is another system
    step = b70_steps[("llama3.1-8b", "Offline")]["v6.1"]
    assert step.same_system
    assert (step.before.result_id, step.after.result_id) == (before.result_id, after.result_id)
    assert step.change == pytest.approx(after.result / before.result - 1)
    assert round(step.change * 100, 2) == -0.09


def test_the_accelerator_page_states_the_same_systems_change_and_links_the_pair(site, table):
    rows = closed(table, B70, "llama3.1-8b", "Offline")
    intel = rows[(rows.submitter == "Intel")]
    before = intel[intel["round"] == "v6.0"].result_id.iloc[0]
    after = intel[intel["round"] == "v6.1"].result_id.iloc[0]
    expected = {
        "en": f"The same system, {before} in v6.0 and {after} here: -0.09%.",
        "it": f"Lo stesso sistema, {before} in v6.0 e {after} qui: -0,09%.",
        "zh": f"同一个系统，v6.0 为 {before}，本轮为 {after}：-0.09%。",
    }
    for lang, sentence in expected.items():
        page = html.unescape((site / lang / B70_PAGE).read_text("utf-8"))
        # The IDs sit in spans that keep them whole (class "keep"): read the sentence's text.
        assert sentence in re.sub(r'<span class="keep">([^<]*)</span>', r"\1", page), lang
        assert f'href="../../compare/?a={before}&b={after}"' in page
        assert "+7.8" not in page and "+7,8" not in page
    # Its download of the pairs compared says the same.
    pairs = json.loads(
        download(
            site,
            "en",
            "results/accelerators/intel-arc-pro-b70/"
            "mlperf-inference-intel-arc-pro-b70-round-over-round-pairs.json",
        ).read_text("utf-8")
    )
    (pair,) = [p for p in pairs if (p["model"], p["scenario"]) == ("llama3.1-8b", "Offline")]
    assert (pair["before_result_id"], pair["after_result_id"]) == (before, after)
    assert pair["same_system"] is True
    intel_results = intel.set_index("result_id").result
    assert pair["change"] == pytest.approx(intel_results[after] / intel_results[before] - 1)


def test_different_systems_are_said_to_be_different(site, dataset, table):
    # From the committed CSV: an accelerator and benchmark whose closed results of two
    # consecutive rounds share no system name with the same accelerator count (so no system
    # can be the same by the site's rule, whatever the submitters).
    rounds = list(dataset.rounds)
    key = ["system_name", "total_accelerators"]
    found = None
    for (accelerator_id, model, scenario, units), group in table[
        (table.division == "closed")
        & table.result_per_accelerator.notna()
        & table.accelerator_id.notna()
        & ~table.accelerator_mixed
    ].groupby(["accelerator_id", "model", "scenario", "units"]):
        present = [r for r in rounds if (group["round"] == r).any()]
        for earlier, later in zip(present, present[1:]):
            a = set(map(tuple, group[group["round"] == earlier][key].values))
            b = set(map(tuple, group[group["round"] == later][key].values))
            if not a & b and group.suite.nunique() == 1:
                found = (accelerator_id, model, scenario, earlier, later)
                break
        if found:
            break
    assert found
    accelerator_id, model, scenario, earlier, later = found
    by_round = {name: benchmarks_of(dataset.of_round(name)) for name in rounds}
    (row,) = [
        r
        for r in timeline(by_round, (accelerator_id,))
        if (r.model, r.scenario) == (model, scenario)
    ]
    step = row.steps(accelerator_id, rounds)[later]
    assert not step.same_system and step.change is None
    pages = list((site / "en" / "results" / "accelerators").glob("*/index.html"))
    page = next(
        p
        for p in pages
        if f'explore/?accelerator={accelerator_id}"' in p.read_text("utf-8")
        or f"accelerator={accelerator_id}&" in p.read_text("utf-8")
    )
    text = html.unescape(page.read_text("utf-8"))
    assert f"Not the same system as in {earlier}: no change is shown." in text
    assert f'href="../../compare/?a={step.before.shown_id}&b={step.after.shown_id}"' in text


def test_every_entry_of_the_comparisons_menus_names_its_submitter(site, table):
    # One entry per result ID of the committed CSV, each naming its round and submitter (as
    # one organization: Oracle for v6.0's ORACLE, organizations.submitter_name).
    # The script draws the entries from the index's menu (compare.js menuGroups: the group's
    # round and organization, then the system's label); tests/js/compare.test.mjs checks that.
    (index,) = (site / "en" / "results" / "compare").glob("systems.*.json")
    options = [
        (key, f"{round_name} · {organization} · {label}")
        for round_name, organization, entries in json.loads(index.read_text("utf-8"))["menu"]
        for key, label in entries
    ]
    ids = table.drop_duplicates("result_id")
    assert len(options) == len(ids)
    submitter = {
        (row.result_id_published if isinstance(row.result_id_published, str) else row.result_id): (
            row["round"],
            submitter_name(row.submitter),
        )
        for _, row in ids.iterrows()
    }
    for key, text in options:
        round_name, name = submitter[key]
        assert html.unescape(text).startswith(f"{round_name} · {name} · "), text


@pytest.mark.browser
@pytest.mark.parametrize("lang,width", [("en", 1280), ("zh", 390), ("it", 390)])
def test_the_comparisons_menu_is_filtered_by_typing_and_chosen_by_keyboard(
    page, base_url, table, lang, width
):
    # Intel's v6.1 Arc Pro B70 systems, counted in the committed CSV.
    wanted = table[
        (table["round"] == "v6.1")
        & (table.submitter == "Intel")
        & table.system_name.str.contains("b70", case=False)
    ].result_id.unique()
    tab = page
    page.set_viewport_size({"width": width, "height": 900})
    tab.goto(f"{base_url}{lang}/results/compare/")
    tab.locator(".mlperf-compare__output table").first.wait_for()
    field = tab.locator("#compare-b-filter")
    field.focus()
    tab.keyboard.type("v6.1 intel b70")
    shown = tab.locator("#compare-b option").evaluate_all(
        "options => options.map(o => [o.value, o.selected])"
    )
    matching = [value for value, selected in shown if not selected]
    assert sorted(matching) == sorted(wanted)
    assert str(len(wanted)) in tab.locator("#compare-b-count").inner_text()
    # Without a mouse: Tab to the list B, then its first entry; the entry chosen before the
    # filter stays in the list (filtering changes no comparison), so one more step down
    # when it comes first.
    tab.keyboard.press("Tab")
    assert tab.evaluate("document.activeElement.id") == "compare-b"
    tab.keyboard.press("Home")
    if tab.locator("#compare-b").evaluate("s => s.value") not in wanted:
        tab.keyboard.press("ArrowDown")
    chosen = tab.locator("#compare-b").evaluate("s => s.value")
    assert chosen in wanted
    tab.wait_for_function(f"location.search.includes('b={chosen}')")
