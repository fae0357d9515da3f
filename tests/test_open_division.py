"""Open-division results say what they ran and how accurately, wherever a result is shown, and
are never ranked with closed ones; mixed-accelerator systems are marked and get no
per-accelerator figure."""

import csv
import json

import pytest

from generator.model.open_division import TARGETS, accuracy_value, meets_closed_target
from tests.conftest import SITE, download

# The v5.1 edge ResNet Offline page: its best open result ran a MobileNet at 44.116 % top-1
# accuracy (data/results/v5.1.csv, model resnet, division open, used_model
# mobilenet-v1-precision_float-0, "acc: 44.116"), below the closed target 99 % × 76.46 %.
RESNET = "results/v5.1/edge/resnet/offline"
RESNET_FILE = "mlperf-inference-v5.1-edge-resnet-offline"  # round, suite, benchmark, scenario
MIXED = "Cisco UCS H200 x8 + MI350X x8 G200 2x2 TOR"


def test_every_closed_result_meets_the_target_the_rules_state(dataset):
    # The targets are read from MLPerf's rules; every closed result of those benchmarks was
    # accepted by MLCommons, so each must reach it. A wrong reference or share fails here.
    closed = [r for r in dataset.records if r.division == "closed" and r.model in TARGETS]
    assert len(closed) > 200
    assert all(meets_closed_target(r) for r in closed)


def test_a_mobilenet_run_is_below_the_resnet_target(dataset):
    record = next(
        r
        for r in dataset.records
        if r.round == "v5.1"
        and r.model == "resnet"
        and r.accuracy == "acc: 44.116"
        and r.suite == "edge"
    )
    assert accuracy_value(record, "acc") == 44.116
    assert TARGETS["resnet"].threshold == pytest.approx(75.6954)  # 0.99 × 76.46, by hand
    assert meets_closed_target(record) is False


def test_no_verdict_without_a_stated_target(dataset):
    record = next(r for r in dataset.records if r.model == "llama2-70b-99" and r.division == "open")
    assert meets_closed_target(record) is None


@pytest.mark.parametrize("lang", ["en", "zh", "it"])
def test_page_downloads_name_the_model_run_and_its_accuracy(lang):
    rows = list(
        csv.DictReader((SITE / lang / RESNET / f"{RESNET_FILE}.csv").open(encoding="utf-8"))
    )
    open_rows = [r for r in rows if r["division"] == "open"]
    assert open_rows and all(r["used_model"] and r["accuracy"] for r in open_rows)
    mobile = [r for r in open_rows if r["accuracy"] == "acc: 44.116"]
    assert mobile and mobile[0]["meets_closed_accuracy_target"] == "False"
    assert "inference_rules.adoc" in mobile[0]["accuracy_target_source"]
    # Open never ranked with closed: every closed row comes first, each division ranked from 1.
    divisions = [r["division"] for r in rows]
    assert divisions == sorted(divisions)  # "closed" < "open"
    assert rows[divisions.index("open")]["rank"] == "1"
    data = json.loads((SITE / lang / RESNET / f"{RESNET_FILE}.json").read_text(encoding="utf-8"))
    assert data[divisions.index("open")]["used_model"] == open_rows[0]["used_model"]


def test_mixed_systems_have_no_per_accelerator_figure():
    rows = list(
        csv.DictReader(
            (
                SITE
                / "en"
                / "results/v6.1/datacenter/gpt-oss-120b/offline"
                / "mlperf-inference-v6.1-datacenter-gpt-oss-120b-offline.csv"
            ).open(encoding="utf-8")
        )
    )
    mixed = [r for r in rows if r["system_name"] == MIXED]
    assert mixed and all(
        r["accelerator_mixed"] == "True" and r["result_per_accelerator"] == "" for r in mixed
    )
    chart = json.loads(
        download(
            SITE,
            "en",
            "results/v6.1/datacenter/gpt-oss-120b/offline/"
            "mlperf-inference-v6.1-datacenter-gpt-oss-120b-offline-"
            "per-accelerator.json",
        ).read_text(encoding="utf-8")
    )
    assert MIXED not in {r["system_name"] for r in chart}


def test_chart_tooltips_of_an_open_chart_name_the_model_run(dataset):
    # v4.1 edge ResNet has no closed Offline result on some pages; find any chart spec whose
    # bars are open-division results and check its tooltip fields.
    specs = [
        json.loads(p.read_text(encoding="utf-8"))
        for p in (SITE / "en" / "results").glob("*/*/*/*/leaders.*.vl.json")
    ]
    open_specs = [s for s in specs if any(v.get("used_model") for v in s["data"]["values"])]
    assert open_specs
    fields = {t["field"] for t in open_specs[0]["encoding"]["tooltip"]}
    assert {"used_model", "accuracy", "division"} <= fields


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["en", "zh", "it"])
def test_open_rows_say_what_they_ran_on_a_phone(page, base_url, lang):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{base_url}{lang}/{RESNET}/")
    table = page.locator(".mlperf-table[aria-label]").filter(has=page.locator("tr.open")).first
    row = table.locator("tr.open").first
    note = row.locator("small.mlperf-open")
    assert note.is_visible()
    assert "mobilenet" in note.inner_text()
    # The division heading row separates the two rankings and is visible too.
    assert table.locator("tr.mlperf-division th").is_visible()
    box = note.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390


def test_per_accelerator_charts_leave_mixed_systems_out(dataset):
    from generator.model.benchmarks import benchmarks_of
    from generator.model.chart_rows import LEADERS, per_accelerator_rows

    would_rank = 0
    for round_name in dataset.rounds:
        for benchmark in benchmarks_of(dataset.of_round(round_name)):
            assert not any(r.accelerator_mixed for r in per_accelerator_rows(benchmark))
            if not benchmark.higher_is_better:
                continue
            pool = sorted(
                (r for r in benchmark.division("closed") if r.result_per_accelerator is not None),
                key=lambda r: -r.result_per_accelerator,
            )[:LEADERS]
            would_rank += any(r.accelerator_mixed for r in pool)
    # Without the rule, mixed systems would sit among the leaders of some charts.
    assert would_rank > 0


@pytest.mark.browser
def test_the_explorer_writes_an_accuracy_as_the_static_pages_do(browser, base_url):
    # The explorer's table fills its cells by script (explore-table.js): the published
    # "acc: 76.454" of v4.1-0088 (data/results/v4.1.csv, Krai's open resnet50) reads in each
    # language's number format, as formatting.format_accuracy writes it on the static pages.
    from generator.i18n.formatting import format_accuracy
    from generator.i18n.languages import language

    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    try:
        shown = {}
        for lang in ("en", "zh", "it"):
            page.goto(f"{base_url}{lang}/results/explore/?id=v4.1-0088")
            page.locator(".mlperf-explore__output tbody tr").first.wait_for()
            shown[lang] = page.locator(".mlperf-explore__output tbody").inner_text()
        expected = {"en": "acc 76.454", "zh": "acc 76.454", "it": "acc 76,454"}
        assert expected == {lang: format_accuracy("acc: 76.454", language(lang)) for lang in shown}
        assert {lang: expected[lang] in text for lang, text in shown.items()} == dict.fromkeys(
            shown, True
        )
        assert not any("acc: 76.454" in text for text in shown.values())
    finally:
        context.close()
