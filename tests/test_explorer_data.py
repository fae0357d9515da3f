"""The explorer's dataset file (generator/pages/explorer.py): one row per result of the
committed tables, in MLCommons' units, and withdrawn results left out."""

from __future__ import annotations

import csv
import html
import json
import re

import pytest

from generator.i18n.languages import language
from generator.pages import citations
from generator.pages.explorer import EXPLORER_DATA, explorer_data, explorer_page, explorer_records
from generator.pages.filters import environment
from generator.site import assets
from tests.conftest import DATA


def page_environment(lang):
    """The templates' environment as results.results_pages sets it up (with citations)."""
    env = environment(lang)
    citations.install(env, lang, None)
    return env


def rows_of(text: str) -> list[dict]:
    """The file's columns decoded into one dict per row (what explore.js decode() does)."""
    data = json.loads(text)
    columns = data["columns"]
    rows = [
        {
            name: (
                data["values"][name][values[i]]
                if name in data["values"] and values[i] is not None
                else values[i]
            )
            for name, values in columns.items()
        }
        for i in range(len(columns["result"]))
    ]
    for row in rows:  # a result's folder: the system's folder, then the rest of its path
        row["location"] = "/".join(filter(None, (row["location_folder"], row["location_rest"])))
        # A published ID's spelling, stored only where it is another text than the ID.
        if row["result_id_derived"] != 1:
            row["result_id_published"] = row["result_id_published"] or row["result_id"]
    return rows


def test_every_result_of_the_tables_is_one_row(dataset):
    # Counted and read from data/results/*.csv with the csv module: every line is a row, with
    # its published result ID spelling where there is one, its result and its accelerator count.
    lines = [
        line
        for path in sorted((DATA / "results").glob("*.csv"))
        for line in csv.DictReader(path.open(encoding="utf-8"))
    ]
    rows = rows_of(explorer_data(list(dataset.records)))
    assert len(rows) == len(lines)
    key = lambda r: (r["round"], r["result_id"], r["model"], r["scenario"], r["location"])
    expected = {
        (
            l["round"],
            l["result_id"],
            l["model"],
            l["scenario"],
            l["location"],
        ): l
        for l in lines
    }
    assert len(expected) == len(lines)
    for row in rows:
        line = expected[key(row)]
        # The three ID fields as the CSV holds them (canonical, as published or empty when
        # derived, derived or not), where result_id held the published spelling.
        assert row["result_id_published"] == (line["result_id_published"] or None)
        assert row["result_id_derived"] == int(line["result_id_derived"] == "true")
        assert row["result"] == float(line["result"])
        assert row["units"] == line["units"]
        assert row["accelerators"] == (
            int(line["total_accelerators"]) if line["total_accelerators"] else None
        )
        # Model run and accuracy are given for the open division only.
        assert (row["accuracy"] is not None) == (
            line["division"] == "open" and bool(line["accuracy"])
        )


def test_newest_round_first_and_withdrawn_results_left_out(dataset):
    records = list(dataset.records)
    kept = explorer_records(records)
    assert [r.round for r in kept[:1]] == ["v6.1"] and kept[-1].round == "v4.1"

    class Withdrawn:
        """A record as the dataset will mark a withdrawn result (a ``withdrawn`` field)."""

        def __init__(self, record):
            self.record = record
            self.withdrawn = True

        def __getattr__(self, name):
            return getattr(self.record, name)

    marked = [Withdrawn(records[0]), *records[1:]]
    assert len(explorer_records(marked)) == len(records) - 1
    assert not any(isinstance(r, Withdrawn) for r in explorer_records(marked))


@pytest.mark.parametrize(
    "code, first",
    [("en", "First: %(system)s"), ("zh", "第一名：%(system)s"), ("it", "Primo: %(system)s")],
)
def test_the_explorer_page_carries_its_chart_template_and_description(dataset, code, first):
    # The page of each language renders (the chart style is charts.bar_chart, which requires a
    # description) and hands the script the translated sentence of the chart's leading result,
    # which it puts in the drawn chart's description (its accessible name).
    lang = language(code)
    records = list(dataset.records)
    page = explorer_page(page_environment(lang), records, lang)
    form = re.search(r"data-labels='([^']*)'.*?data-chart='([^']*)'", page.content, re.S)
    labels, chart = (json.loads(html.unescape(group)) for group in form.groups())
    assert labels["chart_first"].startswith(first)
    assert "description" in chart["spec"]


@pytest.mark.parametrize("code", ["zh", "it"])
def test_the_explorer_page_names_families_in_its_language(dataset, code):
    # The dataset file is shared by the languages and holds English family names; the page
    # gives the script each family's name from its catalog (as the family pages show it):
    # 「NVIDIA 数据中心 GPU」, "GPU NVIDIA per data center" for nvidia-datacenter.
    lang = language(code)
    records = list(dataset.records)
    page = explorer_page(page_environment(lang), records, lang)
    labels = json.loads(html.unescape(re.search(r"data-labels='([^']*)'", page.content).group(1)))
    english = json.loads(explorer_data(records))["families"]
    assert labels["families"].keys() == english.keys()
    assert (
        labels["families"]["nvidia-datacenter"]
        == {"zh": "NVIDIA 数据中心 GPU", "it": "GPU NVIDIA per data center"}[code]
    )


def test_the_explorer_page_names_the_dataset_by_its_content_hashed_name_only(dataset):
    # The dataset's published name carries its digest (assets.hashed_name), so the address the
    # page gives the script needs no ?v= query: a new dataset is a new name. Expected: the plain
    # path rewritten by fingerprint_pages into results.<first 8 hex digits of SHA-256>.json.
    lang = language("en")
    records = list(dataset.records)
    page = explorer_page(page_environment(lang), records, lang)
    assert 'data-src="../../../assets/data/results.json"' in page.content
    hashed = assets.hashed_name(EXPLORER_DATA, explorer_data(records).encode())
    [out] = assets.fingerprint_pages([page], {EXPLORER_DATA: hashed})
    src = re.search(r'data-src="([^"]*)"', out.content).group(1)
    assert src == f"../../../{hashed}" and "?" not in src
    assert re.fullmatch(r"assets/data/results\.[0-9a-f]{8}\.json", hashed)


def test_the_rounds_with_power_results_are_those_of_the_tables(dataset):
    # The rounds in which MLPerf Power measured a system, read from the committed tables: a
    # row with a power_result (31 in v4.1.csv, 24 in v5.1.csv, none in v6.0.csv nor v6.1.csv).
    measured = set()
    for path in sorted((DATA / "results").glob("*.csv")):
        with path.open(encoding="utf-8", newline="") as handle:
            measured |= {row["round"] for row in csv.DictReader(handle) if row["power_result"]}
    assert measured == {"v4.1", "v5.1"}
    data = json.loads(explorer_data(list(dataset.records)))
    assert data["power_rounds"] == ["v5.1", "v4.1"]  # newest first, as the file's rows


def test_menu_order_comes_from_the_vocabulary(dataset):
    """The explorer's division and category menus follow the file's ``order``, which is the
    vocabulary's (vocabulary.yaml lists closed before open; available, preview, rdi), so the
    script keeps no copy of them; read here from the YAML itself, not through the module."""
    import yaml

    from generator.data.vocabulary import VOCABULARY_FILE

    raw = yaml.safe_load(VOCABULARY_FILE.read_text(encoding="utf-8"))
    data = json.loads(explorer_data(list(dataset.records)))
    assert data["order"] == {"division": list(raw["division"]), "category": list(raw["category"])}
    assert data["order"]["division"] == ["closed", "open"]
