"""A result's qualifiers (generator/model/qualifiers.py), on the real records they are about."""

from __future__ import annotations

import json

import pandas as pd
import pytest

from generator.model import qualifiers as q
from generator.model.benchmarks import benchmarks_of
from generator.model.chart_rows import per_accelerator_rows
from generator.pages.explorer import explorer_data, explorer_records
from tests.conftest import DATA


def record(dataset, round_name, result_id, model, scenario):
    return next(
        r
        for r in dataset.records
        if (r.round, r.result_id, r.model, r.scenario) == (round_name, result_id, model, scenario)
    )


def test_notes_saying_no_accelerator_ran_the_benchmark_take_its_figure_per_accelerator(dataset):
    # Intel's v6.1 system 6.1-0060 names 4 Arc Pro B70 for both its results; its notes say
    # "e2e-rag-db: CPU-only vector-database build, no accelerator used" and that e2e-rag-qna ran
    # gpt-oss-120b "on 4x Intel Arc Pro B70".
    db = record(dataset, "v6.1", "6.1-0060", "e2e-rag-db", "Offline")
    qna = record(dataset, "v6.1", "6.1-0060", "e2e-rag-qna", "Offline")
    assert db.result_per_accelerator is not None  # the dataset's division, kept as published
    assert q.qualifiers(db).accelerator_unused and q.per_accelerator(db) is None
    assert q.qualifiers(db).accelerators is None
    assert not q.qualifiers(qna).accelerator_unused
    assert q.per_accelerator(qna) == pytest.approx(qna.result / 4)
    # Dell's v6.0 GB10 system: "CPU only submission", for every benchmark it ran.
    yolo = record(dataset, "v6.0", "6.0-0028", "yolo-95", "Offline")
    assert q.per_accelerator(yolo) is None


def test_the_rule_finds_exactly_the_records_whose_notes_say_so(dataset):
    # Independently of the rule's clause parsing: the records whose notes contain either
    # phrase at all are these two systems' (pandas over data/results/*.csv); of 6.1-0060 only
    # e2e-rag-db is meant by its clause.
    frame = pd.concat(pd.read_csv(p) for p in sorted((DATA / "results").glob("*.csv")))
    said = frame[
        frame.notes.fillna("").str.contains(r"cpu[- ]only|no accelerator", case=False, regex=True)
    ]
    assert set(said.result_id) == {"6.0-0028", "6.1-0060"}
    found = {(r.result_id, r.model, r.scenario) for r in dataset.records if q.accelerator_unused(r)}
    expected = {
        (i, m, s)
        for i, m, s in zip(said.result_id, said.model, said.scenario)
        if (i, m) != ("6.1-0060", "e2e-rag-qna")
    }
    assert found == expected


def test_no_chart_divides_a_result_no_accelerator_ran(dataset):
    for benchmark in benchmarks_of(dataset.of_round("v6.1")):
        if benchmark.model == "e2e-rag-db":
            assert all(r.result_id != "6.1-0060" for r in per_accelerator_rows(benchmark))


def test_a_preview_is_due_in_the_next_round_never_dated_by_its_own_publication(dataset):
    # v6.1's NVIDIA Vera Rubin NVL72 results are preview (data/results/v6.1.csv).
    rubin = [r for r in dataset.of_round("v6.1") if "Vera Rubin" in r.system_name]
    assert rubin and all(r.category == "preview" for r in rubin)
    assert {q.qualifiers(r).preview_due for r in rubin} == {"v7.0"}
    assert q.due_round("v6.0") == "v6.1" and q.due_round("v4.1") == "v5.0"
    available = next(r for r in dataset.records if r.category == "available")
    assert q.qualifiers(available).preview_due is None


def test_every_round_of_the_dataset_has_a_stated_meaning_of_inferred(dataset):
    assert set(dataset.rounds) <= set(q.INFERRED_MEANING)
    # The v6.x meaning is the one that holds of every Interactive result: all are flagged.
    frame = pd.concat(pd.read_csv(p) for p in sorted((DATA / "results").glob("*.csv")))
    interactive = frame[(frame.scenario == "Interactive") & frame["round"].isin(["v6.0", "v6.1"])]
    assert len(interactive) and interactive.inferred.all()
    assert not frame[frame["round"] == "v4.1"].inferred.any()


def test_the_explorer_is_told_which_results_no_accelerator_ran(dataset):
    # explore.js gives a row no figure per accelerator where accelerator_unused is 1, as the
    # pages do; the rows are those of the notes (pandas, above): 6.0-0028 and e2e-rag-db of
    # 6.1-0060.
    data = json.loads(explorer_data(list(dataset.records)))
    rows = explorer_records(list(dataset.records))
    flagged = {
        (r.result_id, r.model)
        for r, unused in zip(rows, data["columns"]["accelerator_unused"])
        if unused
    }
    assert flagged == {("6.0-0028", "yolo-95"), ("6.0-0028", "yolo-99"), ("6.1-0060", "e2e-rag-db")}
