"""The research pages as built: power, preview tracker, families, organizations and joint
submissions, in every language. Expected counts come from the committed CSV tables read with
pandas (or the raw files, as said), not from the generator."""

import csv
import io

import pandas as pd
import pytest

from tests.conftest import DATA, download
from tests.test_browser import only_local

CODES = ["en", "zh", "it"]


@pytest.fixture(scope="module")
def table():
    return pd.concat(pd.read_csv(path) for path in sorted((DATA / "results").glob("*.csv")))


def rows_of(site, lang, path):
    return list(csv.DictReader(io.StringIO(download(site, lang, path).read_text("utf-8"))))


@pytest.mark.parametrize("lang", CODES)
def test_each_round_with_power_results_lists_them_all(site, table, lang):
    # 31 power results in v4.1, 24 in v5.1 (Power_Result keys in the raw files).
    for round_name, count in (("v4.1", 31), ("v5.1", 24)):
        rows = rows_of(site, lang, f"results/{round_name}/power/power.csv")
        assert (
            len(rows)
            == count
            == table[(table["round"] == round_name) & table.power_result.notna()].shape[0]
        )
        assert (site / lang / f"results/{round_name}/power/index.html").exists()
    assert not (site / lang / "results/v6.1/power").exists()  # v6.1 published no power


def test_benchmark_pages_show_their_power_results(site):
    # v4.1 bert-99 Offline has one power result: v4.1-0049, NVIDIA H200 MaxQ, 54,063.2
    # Samples/s at 5,531.247344 W (raw file), 9.77 samples per joule.
    page = (site / "en/results/v4.1/datacenter/bert-99/offline/index.html").read_text("utf-8")
    assert "Energy efficiency (MLPerf® Power)" in page
    assert ">9.77<" in page and "v4.1-0049" in page
    assert (site / "en/results/v4.1/datacenter/bert-99/offline/power.svg").exists()
    plain = (site / "en/results/v6.1/datacenter/gpt-oss-120b/offline/index.html").read_text("utf-8")
    assert "Energy efficiency (MLPerf® Power)" not in plain


@pytest.mark.parametrize("lang", CODES)
def test_preview_tracker_lists_every_preview_system(site, table, lang):
    # One row per preview system, that is per result ID: UntetherAI's v4.1 previews have two
    # IDs under each name (v4.1-0075 and v4.1-0077, v4.1-0076 and v4.1-0078).
    previews = table[table.category == "preview"]
    rows = rows_of(site, lang, "results/previews/previews.csv")
    assert sorted(r["result_id"] for r in rows) == sorted(previews.result_id.unique())
    assert len(rows) > len(previews[["round", "submitter", "system_name"]].drop_duplicates())
    # Each row names its ID as the dataset does: canonical, as published (v4.1 writes a "v";
    # empty when derived), and whether it is derived (v6.1's are).
    assert all(
        (r["result_id_published"] == r["result_id"]) == (r["round"] in ("v5.1", "v6.0"))
        and (r["result_id_published"] == "") == (r["round"] == "v6.1")
        and r["result_id_derived"] == str(r["round"] == "v6.1")
        for r in rows
    )
    newest = sorted(table["round"].unique(), key=lambda r: tuple(map(int, r[1:].split("."))))[-1]
    assert {r["status"] for r in rows if r["round"] == newest} == {"pending"}
    assert all(
        r["followed_by_url"].startswith("https://github.com/mlcommons/")
        for r in rows
        if r["status"] == "available"
    )


def test_round_page_counts_organizations_and_submitters(site):
    # MLCommons announced v6.1 with 30 organizations; its summary has 33 submitter names.
    page = (site / "en/results/v6.1/index.html").read_text("utf-8")
    assert "Behind the 33 submitter names stand 30 organizations" in page


def test_a_submitter_page_lists_the_joint_results_of_its_company(site, table):
    # Dell submitted alone and, in v6.1, as Dell_AMD and Dell_MangoBoost (submitter names of
    # the v6.1 table); Dell's page lists those results too.
    page = (site / "en/results/v6.1/submitters/dell/index.html").read_text("utf-8")
    assert "Joint submissions" in page
    for joint in ("Dell_AMD", "Dell_MangoBoost"):
        assert f">{joint}</a>" in page
    joint_page = (site / "en/results/v6.1/submitters/dell-amd/index.html").read_text("utf-8")
    assert "A joint submission of Dell and AMD." in joint_page


def test_family_pages_cover_the_rounds_and_link_official_results(site):
    rows = rows_of(site, "en", "results/families/nvidia-datacenter/timeline.csv")
    assert len({r["round"] for r in rows}) > 1
    assert all(r["division"] == "closed" and r["result_per_accelerator"] for r in rows)
    assert all(r["result_url"].startswith("https://github.com/mlcommons/") for r in rows)


@pytest.mark.browser
@pytest.mark.parametrize("lang", CODES)
def test_family_page_draws_its_timelines_offline(page, base_url, lang):
    page.goto(f"{base_url}{lang}/results/families/nvidia-datacenter/")
    page.hover("figure.mlperf-chart")  # charts draw when reached for
    page.wait_for_selector("figure.mlperf-chart[data-drawn] svg .mark-symbol path", timeout=15000)
    assert page.console_errors == []
    assert only_local(page.requests) == []


@pytest.mark.browser
def test_family_timelines_draw_on_a_phone(page, base_url):
    # At 390 px charts.js narrows the axes of bar charts; a timeline is a layered chart with
    # no top-level encoding, and must still draw (it failed with a TypeError once).
    tab = page
    tab.set_viewport_size({"width": 390, "height": 800})
    errors = []
    tab.on("pageerror", lambda e: errors.append(str(e)))
    tab.goto(f"{base_url}zh/results/families/amd-instinct/")
    tab.hover("figure.mlperf-chart")  # charts draw when reached for
    tab.wait_for_selector("figure.mlperf-chart[data-drawn] svg .mark-symbol path", timeout=15000)
    assert errors == []
