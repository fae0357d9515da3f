"""The importer, on hand-written fixtures of both MLCommons formats and on the real files."""

import json
import shutil

import pytest

from generator.data import dataset
from generator.data.importer import run_import
from generator.errors import InputErrors
from tests.conftest import DATA, FIXTURES, MLCOMMONS, mlcommons_file


def import_fixture(tmp_path, *names):
    run_import([FIXTURES / n for n in names], tmp_path)
    return dataset.load(tmp_path)


def test_checker_format_is_normalized_through_the_vocabulary(tmp_path):
    records = {
        (r.submitter, r.scenario): r
        for r in import_fixture(tmp_path, "checker_summary.json").records
    }
    acme = records[("Acme", "Offline")]  # scenario "offline" in the file
    assert acme.model == "llama3.1-8b"  # "llama3_1-8b" in the file
    assert acme.used_model == "llama3_1-8b"
    assert acme.result == 1200.5  # the string "1200.5" in the file
    assert acme.result_per_accelerator == 1200.5 / 8
    assert acme.location == "closed/Acme/results/acme_box_8x/llama3.1-8b/Offline/performance/run_1"
    # IDs by MLCommons' rule, worked by hand: closed/available/Acme datacenter box, then the
    # Acme edge system, then the preview system of Beta Labs.
    assert (acme.result_id, acme.result_id_derived) == ("9.9-0001", True)
    edge = records[("Acme", "SingleStream")]
    assert (edge.model, edge.result_id) == ("resnet", "9.9-0002")
    assert edge.result_per_accelerator is None  # a latency is never divided by accelerators
    cpu = records[("Beta Labs", "Server")]
    assert cpu.result_id == "9.9-0003"
    assert (cpu.accelerator, cpu.total_accelerators, cpu.result_per_accelerator) == (
        None,
        None,
        None,
    )
    assert cpu.inferred and cpu.category == "preview" and cpu.nodes == 2


def test_final_report_keeps_published_ids_and_derives_missing_totals(tmp_path):
    records = {r.scenario: r for r in import_fixture(tmp_path, "final_report.json").records}
    server = records["Server"]
    assert (server.result_id, server.result_id_derived) == ("9.8-0002", False)
    assert server.total_accelerators == 16  # 2 nodes × 8 accelerators ("a#")
    assert server.result_per_accelerator == 20000.0 / 16
    assert (server.power_result, server.power_units) == (5000.5, "Watts")
    multistream = records["MultiStream"]
    assert multistream.accelerator is None and multistream.accelerators_per_node is None


def bad_copy(tmp_path, name, edit):
    data = json.loads((FIXTURES / name).read_text(encoding="utf-8"))
    edit(data)
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


# Each message names the field as the checker summary spells it, then the dataset's name.
@pytest.mark.parametrize(
    "field, value, message",
    [
        ("Scenario", "Offlin", "field 'Scenario' (scenario): unknown scenario 'Offlin'"),
        ("Units", "Furlongs/s", "field 'Units' (units): unknown units 'Furlongs/s'"),
        ("Division", "closedish", "field 'Division' (division): unknown division 'closedish'"),
        ("Result", "fast", "field 'Result' (result): expected a plain decimal number"),
        ("Result", -3, "field 'Result' (result): Value error, expected a positive finite number"),
        # A respelling of a known model is refused; a name never seen is a new model (below).
        (
            "Model",
            "Llama3.1-8B",
            "field 'Model' (used_model): 'Llama3.1-8B' differs from the "
            "model 'llama3.1-8b' only in case or punctuation",
        ),
    ],
)
def test_bad_records_are_named_by_file_record_and_field(tmp_path, field, value, message):
    def edit(data):
        data["1"][field] = value
        if field == "Model":
            data["1"]["MlperfModel"] = value

    path = bad_copy(tmp_path, "checker_summary.json", edit)
    out = tmp_path / "out"
    with pytest.raises(InputErrors) as caught:
        run_import([path], out)
    assert str(caught.value).startswith(f"{path}: record '1': {message}")
    assert not out.exists()  # nothing half-written


# The kind of the respelled submitter (tests/test_errata.py) for every field checked against an
# alias table: the three records of checker_summary.json given one unknown spelling are one
# error naming all three, not three errors.
@pytest.mark.parametrize(
    "field, value, message",
    [
        ("Division", "Closed ", "field 'Division' (division): unknown division 'Closed '"),
        ("Scenario", "Offlin", "field 'Scenario' (scenario): unknown scenario 'Offlin'"),
        (
            "Model",
            "Llama3.1-8B",
            "field 'Model' (used_model): 'Llama3.1-8B' differs from the "
            "model 'llama3.1-8b' only in case or punctuation",
        ),
    ],
)
def test_one_spelling_in_every_record_is_one_error_naming_the_records(
    tmp_path, field, value, message
):
    def edit(data):
        for record in data.values():
            record[field] = value
            if field == "Model":
                record["MlperfModel"] = value

    path = bad_copy(tmp_path, "checker_summary.json", edit)
    with pytest.raises(InputErrors) as caught:
        run_import([path], tmp_path / "out")
    (error,) = caught.value.errors
    assert str(error).startswith(f"{path}: records '0', '1', '2': {message}")


def test_every_problem_of_a_record_is_reported_together(tmp_path):
    def edit(data):
        data["1"].update(Scenario="Offlin", Units="Furlongs/s", Result="1,5")

    path = bad_copy(tmp_path, "checker_summary.json", edit)
    with pytest.raises(InputErrors) as caught:
        run_import([path], tmp_path / "out")
    fields = [(e.where, e.field) for e in caught.value.errors]
    assert sorted(fields) == [
        ("record '1'", "Result"),
        ("record '1'", "Scenario"),
        ("record '1'", "Units"),
    ]


def test_a_new_model_is_imported_under_its_own_name_and_reported(tmp_path):
    # The next round's models must not need a vocabulary edit just because they are new.
    def edit(data):
        data["1"]["Model"] = data["1"]["MlperfModel"] = "llama5-1t"

    report = run_import([bad_copy(tmp_path, "checker_summary.json", edit)], tmp_path / "out")
    assert report.rounds["v9.9"].new_models == ["llama5-1t"]
    assert "llama5-1t" in {r.model for r in dataset.load(tmp_path / "out").records}


def test_malformed_json_names_line_and_column(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"0": {"Organization": "Acme",,}}', encoding="utf-8")
    with pytest.raises(InputErrors) as caught:
        run_import([path], tmp_path / "out")
    assert str(caught.value).startswith(f"{path}: line 1 column 31: malformed JSON")


# Record counts of the MLCommons files' README (data/mlperf/README.md of the shared material).
@pytest.mark.parametrize(
    "round_name, count", [("v6.1", 492), ("v6.0", 520), ("v5.1", 1448), ("v4.1", 937)]
)
def test_real_files_import_every_record(tmp_path, round_name, count):
    report = run_import([mlcommons_file(round_name)], tmp_path)
    assert (report.rounds[round_name].read, report.rounds[round_name].added) == (count, count)
    assert len(dataset.load(tmp_path).of_round(round_name)) == count


def test_committed_dataset_is_what_importing_the_real_files_gives(tmp_path):
    # Importing the four files over the committed data/ changes nothing: no table, descriptor
    # or changelog entry; a stale table (or one edited by hand) would be rewritten.
    paths = sorted(MLCOMMONS.glob("inference_v*_summary.json"))
    if not paths:
        mlcommons_file("v6.1")  # skips with the reason
    shutil.copytree(DATA, tmp_path / "data")
    report = run_import(paths, tmp_path / "data")
    assert all((r.added, r.changed, r.removed) == (0, 0, 0) for r in report.rounds.values())
    committed = sorted(p for p in DATA.rglob("*") if p.is_file())
    fresh = sorted(p for p in (tmp_path / "data").rglob("*") if p.is_file())
    assert [p.relative_to(tmp_path / "data") for p in fresh] == [
        p.relative_to(DATA) for p in committed
    ]
    for table in committed:
        again = tmp_path / "data" / table.relative_to(DATA)
        assert again.read_bytes() == table.read_bytes(), f"{table} is stale: run `make import`"


def test_real_v41_ids_are_reproduced_by_the_rule():
    # MLCommons wrote every v4.1 ID as "v4.1-0001"; the rule gives "4.1-0001", the same ID.
    from generator.data.result_ids import assign_result_ids

    raw = json.loads(mlcommons_file("v4.1").read_text(encoding="utf-8"))
    derived = assign_result_ids(
        "v4.1",
        [
            {
                "suite": r["Suite"],
                "division": r["Category"],
                "category": r["Availability"],
                "submitter": r["Submitter"],
                "platform": r["Platform"],
                "used_model": r["UsedModel"],
            }
            for r in raw
        ],
    )
    assert len(raw) == 937
    assert [r["ID"] for r in raw] == [f"v{d}" for d in derived]


def test_real_v41_values_match_the_raw_file(dataset):
    # Checked by hand in inference_v4.1_summary.json:
    # - v4.1-0049, NVIDIA H200 MaxQ, 3d-unet-99 Offline: 41.664 Samples/s, power 4613.6193832599
    #   Watts, 8 × NVIDIA H200-SXM-141GB (a final-report record with power);
    # - v4.1-0006, Cisco C240M7-1-node-2S-EMR-PyTorch, 3d-unet-99.9 Offline: 1.93148 Samples/s,
    #   Accelerator "" and a# "" (CPU only);
    # - v4.1-0093, NeuralMagic PCSPECIALIST AMD AM5, bert-99 Offline (used model
    #   bert-base-pruned90-none-bert-99), 98.963 Samples/s, Suite "datacenter,edge".
    v41 = dataset.of_round("v4.1")
    power = next(
        r
        for r in v41
        if r.result_id == "4.1-0049" and r.model == "3d-unet-99" and r.scenario == "Offline"
    )
    assert (power.result_id_published, power.shown_id) == ("v4.1-0049", "v4.1-0049")
    assert (power.result, power.units) == (41.664, "Samples/s")
    assert (power.power_result, power.power_units) == (4613.6193832599, "Watts")
    assert (power.accelerator, power.total_accelerators) == ("NVIDIA H200-SXM-141GB", 8)
    assert power.accelerator_id == "nvidia-h200-sxm"
    cpu = next(
        r
        for r in v41
        if r.result_id == "4.1-0006" and r.model == "3d-unet-99.9" and r.scenario == "Offline"
    )
    assert (cpu.system_name, cpu.result) == ("C240M7-1-node-2S-EMR-PyTorch", 1.93148)
    assert (cpu.accelerator, cpu.accelerator_id, cpu.total_accelerators) == (None, None, None)
    both = [r for r in v41 if r.result_id == "4.1-0093"]
    assert len(both) == 1  # stored once...
    assert (both[0].suite, both[0].suites) == ("datacenter,edge", ("datacenter", "edge"))
    assert (both[0].used_model, both[0].result) == ("bert-base-pruned90-none-bert-99", 98.963)
    from generator.model.benchmarks import benchmarks_of

    listed = {b.suite for b in benchmarks_of(v41) if both[0] in b.results}
    assert listed == {"datacenter", "edge"}  # ...and listed in both suites' tables


def test_real_v61_values_match_the_raw_file(dataset):
    # Record "0" of the raw v6.1 file: AMD 8xMI350X_2xEPYC_9575F, dlrm-v3 Offline,
    # Result 10891.1 Samples/s on 8 accelerators -> 1361.3875 per accelerator.
    raw = json.loads(mlcommons_file("v6.1").read_text(encoding="utf-8"))["0"]
    assert (raw["Organization"], raw["Model"], raw["Result"]) == ("AMD", "dlrm-v3", 10891.1)
    match = [
        r
        for r in dataset.of_round("v6.1")
        if r.platform == raw["Platform"] and r.model == "dlrm-v3" and r.scenario == "Offline"
    ]
    assert len(match) == 1
    assert match[0].result == 10891.1 and match[0].units == "Samples/s"
    assert match[0].result_per_accelerator == pytest.approx(1361.3875)
    # The raw file spells one model two ways and scenarios in two cases; none survive.
    raw_all = json.loads(mlcommons_file("v6.1").read_text(encoding="utf-8")).values()
    assert {"llama3_1-8b", "llama3.1-8b"} <= {r["Model"] for r in raw_all}
    models = {r.model for r in dataset.of_round("v6.1")}
    assert "llama3_1-8b" not in models and "llama3.1-8b" in models
    assert {r.scenario for r in dataset.of_round("v6.1")} <= {
        "Offline",
        "Server",
        "Interactive",
        "SingleStream",
        "MultiStream",
    }


def test_family_labels_import_as_their_benchmark_in_either_format(tmp_path):
    # The real v6.0 final report's 33 records of qwen3-vl-235b-a22b and wan-2.2-t2v-a14b,
    # once as published and once with `Model` written as MLCommons' family labels (the
    # checker's MlperfModel of v6.1: "VLM", "text_to_video"): the same table either way.
    raw = [
        r
        for r in json.loads(mlcommons_file("v6.0").read_text(encoding="utf-8"))
        if r["Model"] in ("qwen3-vl-235b-a22b", "wan-2.2-t2v-a14b")
    ]
    labels = {"qwen3-vl-235b-a22b": "VLM", "wan-2.2-t2v-a14b": "text_to_video"}
    labelled = [{**r, "Model": labels[r["Model"]]} for r in raw]
    tables = []
    for name, records in (("published", raw), ("labelled", labelled)):
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps(records), encoding="utf-8")
        report = run_import([path], tmp_path / name / "data")
        assert report.rounds["v6.0"].new_models == []
        tables.append((tmp_path / name / "data" / "results" / "v6.0.csv").read_bytes())
    assert len(raw) == 33 and tables[0] == tables[1]


def test_a_family_label_over_another_model_is_refused_naming_record_and_field(tmp_path):
    raw = json.loads(mlcommons_file("v6.0").read_text(encoding="utf-8"))
    record = next(r for r in raw if r["Model"] == "llama3.1-8b")
    path = tmp_path / "label.json"
    path.write_text(json.dumps([{**record, "Model": "VLM"}]), encoding="utf-8")
    with pytest.raises(InputErrors) as caught:
        run_import([path], tmp_path / "data")
    assert str(caught.value).startswith(
        f"{path}: record 0 (ID {record['ID']}): field 'Model' (mlperf_model): 'VLM' is "
        "MLCommons' family label of qwen3-vl-235b-a22b, and the model as run, 'llama3.1-8b' "
        "(field 'UsedModel'), is none of them"
    )
    assert not (tmp_path / "data").exists()
