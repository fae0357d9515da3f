"""The importer, on hand-written fixtures of both MLCommons formats and on the real files."""

import json
import shutil

import pytest

from generator import dataset
from generator.errors import InputErrors
from generator.importer import run_import
from tests.conftest import DATA, FIXTURES, MLCOMMONS, mlcommons_file


def import_fixture(tmp_path, *names):
    run_import([FIXTURES / n for n in names], tmp_path)
    return dataset.load(tmp_path)


def test_checker_format_is_normalized_through_the_vocabulary(tmp_path):
    records = {(r.submitter, r.scenario): r
               for r in import_fixture(tmp_path, "checker_summary.json").records}
    acme = records[("Acme", "Offline")]          # scenario "offline" in the file
    assert acme.model == "llama3.1-8b"           # "llama3_1-8b" in the file
    assert acme.used_model == "llama3_1-8b"
    assert acme.result == 1200.5                 # the string "1200.5" in the file
    assert acme.result_per_accelerator == 1200.5 / 8
    assert acme.location == "closed/Acme/results/acme_box_8x/llama3.1-8b/Offline/performance/run_1"
    # IDs by MLCommons' rule, worked by hand: closed/available/Acme datacenter box, then the
    # Acme edge system, then the preview system of Beta Labs.
    assert (acme.result_id, acme.result_id_derived) == ("9.9-0001", True)
    edge = records[("Acme", "SingleStream")]
    assert (edge.model, edge.result_id) == ("resnet", "9.9-0002")
    assert edge.result_per_accelerator is None   # a latency is never divided by accelerators
    cpu = records[("Beta Labs", "Server")]
    assert cpu.result_id == "9.9-0003"
    assert (cpu.accelerator, cpu.total_accelerators, cpu.result_per_accelerator) == (None, None,
                                                                                     None)
    assert cpu.inferred and cpu.category == "preview" and cpu.nodes == 2


def test_final_report_keeps_published_ids_and_derives_missing_totals(tmp_path):
    records = {r.scenario: r for r in import_fixture(tmp_path, "final_report.json").records}
    server = records["Server"]
    assert (server.result_id, server.result_id_derived) == ("9.8-0002", False)
    assert server.total_accelerators == 16       # 2 nodes × 8 accelerators ("a#")
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


@pytest.mark.parametrize("field, value, message", [
    ("Scenario", "Offlin", "field 'scenario': unknown scenario 'Offlin'"),
    ("Units", "Furlongs/s", "field 'units': unknown units 'Furlongs/s'"),
    ("Division", "closedish", "field 'division': unknown division 'closedish'"),
    ("Result", "fast", "field 'result': expected a number, got 'fast'"),
    ("Result", -3, "field 'result': Value error, expected a positive finite number"),
    ("Model", "gpt-9", "field 'used_model': unknown model 'gpt-9'"),
])
def test_bad_records_are_named_by_file_record_and_field(tmp_path, field, value, message):
    def edit(data):
        data["1"][field] = value
        if field == "Model":
            data["1"]["MlperfModel"] = "gpt-9"
    path = bad_copy(tmp_path, "checker_summary.json", edit)
    out = tmp_path / "out"
    with pytest.raises(InputErrors) as caught:
        run_import([path], out)
    assert str(caught.value).startswith(f"{path}: record '1': {message}")
    assert not out.exists()  # nothing half-written


def test_malformed_json_names_line_and_column(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"0": {"Organization": "Acme",,}}', encoding="utf-8")
    with pytest.raises(InputErrors) as caught:
        run_import([path], tmp_path / "out")
    assert str(caught.value).startswith(f"{path}: line 1 column 31: malformed JSON")


@pytest.mark.parametrize("round_name, count", [("v6.1", 492), ("v6.0", 520), ("v5.1", 1448)])
def test_real_files_import_every_record(tmp_path, round_name, count):
    assert run_import([mlcommons_file(round_name)], tmp_path) == {round_name: count}


def test_committed_dataset_is_a_fresh_import_of_the_real_files(tmp_path):
    paths = sorted(MLCOMMONS.glob("inference_v*_summary.json"))
    if not paths:
        mlcommons_file("v6.1")  # skips with the reason
    run_import(paths, tmp_path)
    for table in sorted((DATA / "results").glob("*.csv")) + [DATA / "datapackage.json"]:
        fresh = tmp_path / table.relative_to(DATA)
        assert fresh.read_bytes() == table.read_bytes(), f"{table} is stale: run `make import`"


def test_real_v61_values_match_the_raw_file(dataset):
    # Record "0" of the raw v6.1 file: AMD 8xMI350X_2xEPYC_9575F, dlrm-v3 Offline,
    # Result 10891.1 Samples/s on 8 accelerators -> 1361.3875 per accelerator.
    raw = json.loads(mlcommons_file("v6.1").read_text(encoding="utf-8"))["0"]
    assert (raw["Organization"], raw["Model"], raw["Result"]) == ("AMD", "dlrm-v3", 10891.1)
    match = [r for r in dataset.of_round("v6.1") if r.platform == raw["Platform"]
             and r.model == "dlrm-v3" and r.scenario == "Offline"]
    assert len(match) == 1
    assert match[0].result == 10891.1 and match[0].units == "Samples/s"
    assert match[0].result_per_accelerator == pytest.approx(1361.3875)
    # The raw file spells one model two ways and scenarios in two cases; none survive.
    raw_all = json.loads(mlcommons_file("v6.1").read_text(encoding="utf-8")).values()
    assert {"llama3_1-8b", "llama3.1-8b"} <= {r["Model"] for r in raw_all}
    models = {r.model for r in dataset.of_round("v6.1")}
    assert "llama3_1-8b" not in models and "llama3.1-8b" in models
    assert {r.scenario for r in dataset.of_round("v6.1")} <= {
        "Offline", "Server", "Interactive", "SingleStream", "MultiStream"}
