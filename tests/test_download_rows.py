"""A table's download says what its page says: the dataset's column names and qualifiers
(``generator/model/download_rows.py``), and a file name that names the round, benchmark and
scenario.

Expected values come from the committed CSV tables (``data/results/*.csv``) read with pandas
and from ``data/datapackage.json``, not from the generator."""

import csv
import json
import re

import pandas as pd
import pytest

from generator.data.schema import ResultRecord
from generator.model.download_rows import DOWNLOAD_FIELDS, SPEC_FIELDS, result_id_fields
from tests.conftest import DATA, download

# The benchmark of the issue: v6.1 gpt-oss-120b Offline.
FOLDER = "results/v6.1/datacenter/gpt-oss-120b/offline"
STEM = "mlperf-inference-v6.1-datacenter-gpt-oss-120b-offline"
# A benchmark with inferred results beside others (3 of 8 in the committed CSV).
QWEN = "results/v6.0/datacenter/qwen3-vl-235b-a22b/offline"
QWEN_STEM = "mlperf-inference-v6.0-datacenter-qwen3-vl-235b-a22b-offline"
# Columns a download adds to the dataset's: its rank, the verdict on an open-division result's
# accuracy and where the target comes from, the official result folder, and (in the language's
# copy of a table) a citation.
ADDED = {
    "rank",
    "meets_closed_accuracy_target",
    "accuracy_target_source",
    "result_url",
    "citation",
    # Figures derived from the accelerator's card (issue 35), named in download_rows.SPEC_FIELDS.
    *SPEC_FIELDS,
}


@pytest.fixture(scope="module")
def table():
    return pd.concat(
        pd.read_csv(path, dtype={"result_id_published": str})
        for path in sorted((DATA / "results").glob("*.csv"))
    )


def dataset_fields() -> list[str]:
    package = json.loads((DATA / "datapackage.json").read_text("utf-8"))
    (resource, *_) = package["resources"]
    return [field["name"] for field in resource["schema"]["fields"]]


def read(path) -> list[dict]:
    return list(csv.DictReader(path.open(encoding="utf-8")))


def test_download_columns_are_the_datasets_or_named_additions():
    fields = set(dataset_fields())
    assert set(DOWNLOAD_FIELDS) - fields <= ADDED
    assert {"inferred", "result_id_published", "result_id_derived", "category"} <= set(
        DOWNLOAD_FIELDS
    )


@pytest.mark.parametrize("lang", ["en", "zh", "it"])
def test_benchmark_download_is_named_after_its_benchmark_and_marks_inferred_rows(site, table, lang):
    # Rows expected: the committed CSV's v6.0 qwen3-vl-235b-a22b Offline results of the
    # datacenter suite, and those MLCommons marks inferred.
    rows = table[
        (table["round"] == "v6.0")
        & (table.model == "qwen3-vl-235b-a22b")
        & (table.scenario == "Offline")
        & table.suite.str.contains("datacenter")
    ]
    inferred = set(rows[rows.inferred].result_id)
    assert 0 < len(inferred) < len(rows), "the benchmark has inferred results and others"
    page = (site / lang / QWEN / "index.html").read_text("utf-8")
    assert f'href="{QWEN_STEM}.csv"' in page and f'href="{QWEN_STEM}.json"' in page
    assert 'href="results.csv"' not in page
    got = read(download(site, lang, f"{QWEN}/{QWEN_STEM}.csv"))
    assert sorted(r["result_id"] for r in got) == sorted(rows.result_id)
    assert {r["result_id"] for r in got if r["inferred"] == "True"} == inferred
    assert "result_id_canonical" not in got[0]
    # The page marks each inferred row with its asterisk, no other row: after its result and,
    # where it has one (result_per_accelerator), after its figure per accelerator.
    marks = re.findall(r'<sup class="mlperf-inferred" title="[^"]*">\*</sup>', page)
    marked = rows[rows.inferred]
    assert len(marks) == len(marked) + int(marked.result_per_accelerator.notna().sum())
    data = json.loads(download(site, lang, f"{QWEN}/{QWEN_STEM}.json").read_text("utf-8"))
    assert {r["result_id"] for r in data if r["inferred"] is True} == inferred


def test_entity_downloads_are_named_after_their_page(site, table):
    # Crusoe's v6.1 results, counted in the committed CSV.
    page = (site / "en" / "results/v6.1/submitters/crusoe/index.html").read_text("utf-8")
    # A file with no text of a language is linked at the site root's downloads/ (shared).
    assert re.search(r'href="[^"]*\bmlperf-inference-v6\.1-crusoe\.csv" download', page)
    got = read(
        download(site, "en", "results/v6.1/submitters/crusoe/mlperf-inference-v6.1-crusoe.csv")
    )
    crusoe = table[(table["round"] == "v6.1") & (table.submitter == "Crusoe")]
    assert sorted(r["result_id"] for r in got) == sorted(crusoe.result_id)
    b70 = "results/accelerators/intel-arc-pro-b70"
    page = (site / "en" / b70 / "index.html").read_text("utf-8")
    for name in (
        "mlperf-inference-intel-arc-pro-b70.csv",
        "mlperf-inference-intel-arc-pro-b70-round-over-round.csv",
    ):
        assert f'href="{name}"' in page or f'/{b70}/{name}" download' in page
        assert download(site, "en", f"{b70}/{name}").is_file()


def test_id_columns_of_a_prefixed_download_keep_the_datasets_names(dataset):
    record: ResultRecord = next(r for r in dataset.records if r.round == "v4.1")
    assert result_id_fields(record, "followed_by_") == {
        "followed_by_result_id": record.result_id,
        "followed_by_result_id_published": record.result_id_published,
        "followed_by_result_id_derived": record.result_id_derived,
    }


@pytest.mark.browser
def test_an_old_table_download_address_leads_to_its_new_name(page, base_url, site):
    # results.csv of a benchmark page was its table's name until 2026-12; the site's 404
    # page sends a browser on to the file named after the benchmark.
    # (A JSON file, which the browser shows: a CSV one would be saved, not shown.)
    page.goto(f"{base_url}en/{FOLDER}/results.json")
    page.wait_for_url(f"**/en/{FOLDER}/{STEM}.json", timeout=10000)
    shown = json.loads(page.locator("body").inner_text())
    assert shown == json.loads((site / "en" / FOLDER / f"{STEM}.json").read_text("utf-8"))
    page.goto(f"{base_url}en/results/accelerators/nvidia-gb300/history.json")
    page.wait_for_url("**/mlperf-inference-nvidia-gb300-round-over-round.json", timeout=10000)
