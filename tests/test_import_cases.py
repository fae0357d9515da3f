"""The import cases of ``fixtures/cases/import`` (copied from the project's case collection; its
README says what each must do): each stands for a kind of fault, and each is a test here.

Expected values are worked by hand from the case files and MLCommons' rules, as each test says.
"""

import hashlib
import json
import shutil

import pytest

from generator.data import dataset
from generator.data.importer import run_import
from generator.data.names import Naming, unique_slugs
from generator.errors import InputErrors
from generator.i18n.languages import LANGUAGES
from generator.model.benchmarks import benchmarks_of
from generator.pages.home import data_pages, home_page
from generator.pages.results import results_pages
from tests.conftest import DATA, FIXTURES, committed_dataset

CASES = FIXTURES / "cases" / "import"


def import_cases(tmp_path, *names, **options):
    """Import case files into an empty data/; the report and the dataset as loaded."""
    data = tmp_path / "data"
    report = run_import([CASES / n for n in names], data, **options)
    return report, dataset.load(data)


def build_pages(data_dir, data):
    """Every generated page of every language, in memory (what `make site` hands MkDocs)."""
    return {
        lang.code: [
            home_page(data, lang),
            *results_pages(data, lang),
            *data_pages(data_dir, data, lang, "https://example.org/"),
        ]
        for lang in LANGUAGES
    }


def test_an_id_written_with_a_v_is_the_same_id(tmp_path):
    # t1: "v4.1-0050" is round 4.1, system 0050; pages show the ID as published.
    _, data = import_cases(tmp_path, "t1_id_v_prefix.json")
    (record,) = data.records
    assert (record.round, record.result_id, record.result_id_published) == (
        "v4.1",
        "4.1-0050",
        "v4.1-0050",
    )
    assert not record.result_id_derived
    pages = build_pages(tmp_path / "data", data)
    page = next(p for p in pages["en"] if p.path.endswith("resnet/singlestream/index.md"))
    assert ">v4.1-0050</a>" in page.content


def test_a_result_of_both_suites_is_stored_once_and_listed_in_both(tmp_path):
    # t2: Suite "datacenter,edge", CPU-only (Accelerator "", a# "").
    _, data = import_cases(tmp_path, "t2_suite_both.json")
    (record,) = data.records
    assert record.suite == "datacenter,edge"
    assert (record.accelerator, record.total_accelerators) == (None, None)
    assert [b.suite for b in benchmarks_of(data.of_round("v4.1"))] == ["datacenter", "edge"]
    pages = build_pages(tmp_path / "data", data)["en"]  # once (about a second)
    round_page = next(p for p in pages if p.path == "results/v4.1/index.md")
    assert "1 results from 1 submitters" in round_page.content  # counted once per round
    assert (
        "CPU only"
        in next(p for p in pages if p.path.endswith("edge/bert-99/offline/index.md")).content
    )


def test_latencies_in_ms_and_s_are_compared_in_one_unit(tmp_path):
    # c3c: 5120.0 Latency (ms) and 6.0 Latency (s) on one benchmark. One each, so the shown
    # unit is the first by name, ms; 5,120 ms = 5.12 s < 6 s, so the ms result ranks first.
    _, data = import_cases(tmp_path, "c3c_two_units_same_benchmark.json")
    (benchmark,) = benchmarks_of(data.records)
    assert benchmark.units == ["Latency (ms)", "Latency (s)"]
    first, second = benchmark.results
    assert (first.result, first.units) == (5120.0, "Latency (ms)")  # kept as published
    assert (second.result, second.units) == (6.0, "Latency (s)")
    assert benchmark.value(second) == pytest.approx(6000.0)  # 6 s shown in ms


def test_results_of_different_quantities_are_ranked_apart(tmp_path):
    # Real v4.1: llama2-70b-99.9 Offline has 40 Tokens/s results and 3 open-division Samples/s
    # ones (NeuralMagic, counted in the raw file); the Samples/s ones get their own page.
    data = committed_dataset()
    offline = [
        b
        for b in benchmarks_of(data.of_round("v4.1"))
        if (b.suite, b.model, b.scenario) == ("datacenter", "llama2-70b-99.9", "Offline")
    ]
    assert [(b.units, len(b.results), b.apart) for b in offline] == [
        (["Tokens/s"], 40, False),
        (["Samples/s"], 3, True),
    ]
    assert offline[1].path == "v4.1/datacenter/llama2-70b-99.9/offline-samples-s"


def test_a_round_is_not_replaced_by_a_smaller_file_by_accident(tmp_path):
    # c3: one v6.1 record over data/, which holds the 492 records of v6.1.
    shutil.copytree(DATA, tmp_path / "data")
    before = {p: p.read_bytes() for p in (tmp_path / "data").rglob("*") if p.is_file()}
    with pytest.raises(InputErrors) as caught:
        run_import([CASES / "c3_latency_ms_in_s_benchmark.json"], tmp_path / "data")
    assert "would remove 492 of the 492 records data/ holds for v6.1" in str(caught.value)
    assert "--replace-round v6.1" in str(caught.value)
    assert before == {p: p.read_bytes() for p in (tmp_path / "data").rglob("*") if p.is_file()}
    # On purpose, the round is replaced and the changelog says what went.
    run_import(
        [CASES / "c3_latency_ms_in_s_benchmark.json"],
        tmp_path / "data",
        replace_rounds=frozenset({"v6.1"}),
    )
    assert len(dataset.load(tmp_path / "data").of_round("v6.1")) == 1
    last = json.loads((tmp_path / "data" / "changelog" / "v6.1.json").read_text())[-1]
    assert (len(last["added"]), len(last["removed"])) == (1, 492)


def test_files_of_one_round_are_merged_before_ids_are_derived(tmp_path):
    # d1: a (edge/closed/ExampleOrg/EX_EDGE) and b (datacenter/closed/ExampleOrg/CPU_A), both
    # closed, available, ExampleOrg: the audit keys sort "datacenter/..." first, so b is
    # 6.2-0001 and a 6.2-0002 (result_ids' rule), over the merged round.
    report, data = import_cases(tmp_path, "d1_same_round_a.json", "d1_same_round_b.json")
    ids = {r.platform: r.result_id for r in data.records}
    assert ids == {"CPU_A": "6.2-0001", "EX_EDGE": "6.2-0002"}
    assert report.rounds["v6.2"].read == 2


def test_the_same_file_given_twice_is_reported_and_imported_once(tmp_path):
    report, data = import_cases(tmp_path, "d1_same_round_a.json", "d1_same_round_a.json")
    assert len(data.records) == 1
    assert report.notes and "imported once" in report.notes[0]


def test_names_in_chinese_get_distinct_readable_urls(tmp_path):
    # c4b: 测试公司 / 测试系统 / 一号 and 另一公司 / 另一系统; pinyin by text-unidecode.
    _, data = import_cases(tmp_path, "c4b_two_cjk_submitters.json")
    naming = Naming.of(data.records, lambda r: r.accelerator_id)
    assert naming.submitters == {"另一公司": "ling-yi-gong-si", "测试公司": "ce-shi-gong-si"}
    keys = sorted(naming.system_key(r) for r in data.records)
    assert keys == [
        "v6.2.ce-shi-gong-si.ce-shi-xi-tong-yi-hao",
        "v6.2.ling-yi-gong-si.ling-yi-xi-tong",
    ]
    paths = {p.path for p in build_pages(tmp_path / "data", data)["zh"]}
    assert {
        "results/v6.2/submitters/ce-shi-gong-si/index.md",
        "results/v6.2/submitters/ling-yi-gong-si/index.md",
    } <= paths


def test_two_names_never_share_a_slug():
    # The first name keeps the plain slug; the second gets the first 6 hex digits of the SHA-1
    # of its spelling (computed here independently with hashlib).
    suffix = hashlib.sha1("Oracle".encode()).hexdigest()[:6]
    assert unique_slugs(["ORACLE", "Oracle", "ORACLE"]) == {
        "ORACLE": "oracle",
        "Oracle": f"oracle-{suffix}",
    }


def test_real_names_get_distinct_slugs_and_keys(dataset):
    # The real rounds publish both "ORACLE" and "Oracle" as submitters: one organization
    # (organizations.yaml), one slug; every other submitter name has its own
    # (tests/test_one_organization.py).
    naming = Naming.of(dataset.records, lambda r: r.accelerator_id)
    assert {"ORACLE", "Oracle"} <= set(naming.submitters)
    assert len(set(naming.submitters.values())) == len(naming.submitters) - 1
    systems = {(r.round, r.submitter, r.system_name) for r in dataset.records}
    assert len({naming.system_key(r) for r in dataset.records}) == len(systems)


def test_placeholders_mean_no_accelerator_and_a_missing_count_is_a_warning(tmp_path):
    # c5: null and "N/A" are CPU-only systems; "Example GPU 192GB" with count 0 is a warning.
    report, data = import_cases(tmp_path, "c5_cpu_only_zero.json")
    by_system = {r.system_name: r for r in data.records}
    assert by_system["CPU box A"].accelerator is None
    assert by_system["CPU box B"].accelerator is None
    assert by_system["GPU box, count 0"].accelerator == "Example GPU 192GB"
    (warning,) = report.rounds["v6.2"].warnings
    assert (warning.where, warning.field) == ("record '2'", "accelerators_per_node")
    assert report.rounds["v6.2"].unknown_accelerators == ["Example GPU 192GB"]
    paths = {p.path for p in build_pages(tmp_path / "data", data)["en"]}
    assert not any("/accelerators/n-a" in p for p in paths)


def test_power_needs_a_known_unit(tmp_path):
    # t5: record 0 in kW, record 1 without Power_Units.
    with pytest.raises(InputErrors) as caught:
        import_cases(tmp_path, "t5_power_units.json")
    errors = [(e.where, e.field, e.dataset_field) for e in caught.value.errors]
    assert errors == [
        ("record 0 (ID 4.1-0049)", "Power_Units", "power_units"),
        ("record 1 (ID 4.1-0049)", "Power_Units", "power_units"),
    ]
    assert "unknown power units 'kW'" in str(caught.value.errors[0])
    assert "has no unit" in str(caught.value.errors[1])
    assert not (tmp_path / "data").exists()


def test_a_number_mlcommons_could_not_have_meant_is_an_error(tmp_path):
    # c6c: "1_234_567.8" is refused (Python's float() would take it); " 5000 ", "8" and "8.0"
    # are plain numbers with spaces or a zero fraction.
    with pytest.raises(InputErrors) as caught:
        import_cases(tmp_path, "c6c_underscore_and_padded.json")
    (error,) = caught.value.errors
    assert (error.where, error.field) == ("record '0'", "Result")
    raw = json.loads((CASES / "c6c_underscore_and_padded.json").read_text(encoding="utf-8"))
    single = tmp_path / "padded.json"
    single.write_text(json.dumps({"2": raw["2"]}), encoding="utf-8")
    run_import([single], tmp_path / "out")
    (record,) = dataset.load(tmp_path / "out").records
    assert (record.result, record.total_accelerators, record.accelerators_per_node) == (
        5000.0,
        8,
        8,
    )


@pytest.mark.parametrize(
    "names",
    [[p.name] for p in sorted(CASES.glob("*.json"))]
    + [["d1_same_round_a.json", "d1_same_round_b.json"]],
)
def test_no_case_imports_and_then_breaks_the_build(tmp_path, names):
    # Import either refuses a case or accepts it; what it accepts, load and page generation
    # (every language) accept too: the same rules at import, at load and at build.
    try:
        run_import([CASES / n for n in names], tmp_path / "data")
    except InputErrors:
        assert not (tmp_path / "data").exists()  # nothing half-written
        return
    data = dataset.load(tmp_path / "data")
    assert all(build_pages(tmp_path / "data", data).values())


def test_an_erratum_is_logged_field_by_field_and_shown_in_every_language(tmp_path):
    # A corrected re-publication of fixtures/final_report.json: its record 0 (9.8-0002, "Acme
    # Box 8x", power 5000.5 Watts) renamed and its power corrected. The changelog names the
    # record, each field with its old and new value, and the new source with its sha256.
    original = FIXTURES / "final_report.json"
    run_import([original], tmp_path / "data")
    raw = json.loads(original.read_text(encoding="utf-8"))
    raw[0].update(System="Renamed box", Power_Result=4999.5)
    corrected = tmp_path / "final_report_corrected.json"
    corrected.write_text(json.dumps(raw), encoding="utf-8")
    report = run_import([corrected], tmp_path / "data")
    log = json.loads((tmp_path / "data" / "changelog" / "v9.8.json").read_text())
    assert len(log) == 2 and "added" not in log[0]  # the first import, then the erratum
    erratum = log[1]
    assert erratum["sources"] == [
        {"file": corrected.name, "sha256": hashlib.sha256(corrected.read_bytes()).hexdigest()}
    ]
    location = "closed/Acme/results/acme_box_8x/llama2-70b-99/Server"
    result = {
        "result_id": "9.8-0002",
        "model": "llama2-70b-99",
        "scenario": "Server",
        "location": location,
    }
    assert erratum["changed"] == [
        {**result, "field": "system_name", "old": "Acme Box 8x", "new": "Renamed box"},
        {**result, "field": "power_result", "old": "5000.5", "new": "4999.5"},
    ]
    assert (erratum["added"], erratum["removed"]) == ([], [])
    assert (report.rounds["v9.8"].changed, report.rounds["v9.8"].added) == (1, 0)
    data = dataset.load(tmp_path / "data")
    for lang in LANGUAGES:
        page, *_ = data_pages(tmp_path / "data", data, lang, "https://example.org/")
        assert "Renamed box" in page.content and "4999.5" in page.content


def review_record(**changes):
    """A final-report record of a new round v6.2, edited (for the rules a review found)."""
    raw = json.loads((CASES / "t1_id_v_prefix.json").read_text(encoding="utf-8"))[0]
    return {**raw, "version": "v6.2", "ID": "6.2-0001", "Availability": "available", **changes}


def import_records(tmp_path, records):
    path = tmp_path / "summary.json"
    path.write_text(json.dumps(records), encoding="utf-8")
    return run_import([path], tmp_path / "data")


def test_a_new_model_with_any_name_builds_its_page(tmp_path):
    # "Llama 4 Scout" is no URL segment: its page is under its slug, llama-4-scout.
    import_records(tmp_path, [review_record(Model="Llama 4 Scout", UsedModel="Llama 4 Scout")])
    data = dataset.load(tmp_path / "data")
    paths = {p.path for p in build_pages(tmp_path / "data", data)["en"]}
    assert "results/v6.2/edge/llama-4-scout/singlestream/index.md" in paths


def test_two_new_models_spelled_alike_are_refused_at_import(tmp_path):
    second = review_record(
        ID="6.2-0002",
        Model="Zeta-7B",
        UsedModel="Zeta-7B",
        Platform="other",
        Location="closed/ExampleGPU/results/other/zeta/SingleStream",
    )
    with pytest.raises(InputErrors) as caught:
        import_records(tmp_path, [review_record(Model="zeta-7b", UsedModel="zeta-7b"), second])
    (error,) = caught.value.errors
    assert (error.path, error.where, error.field) == (
        str(tmp_path / "summary.json"),
        "record 1 (ID 6.2-0002)",
        "Model",
    )
    assert not (tmp_path / "data").exists()


def test_an_id_of_another_round_is_refused(tmp_path):
    with pytest.raises(
        InputErrors,
        match="field 'ID' \\(result_id\\): result ID 4.1-0050 belongs to round v4.1, not v6.2",
    ):
        import_records(tmp_path, [review_record(ID="4.1-0050")])


def test_published_and_missing_ids_do_not_mix_in_one_round(tmp_path):
    unnamed = review_record(
        ID="",
        Submitter="Other",
        Platform="p2",
        Location="closed/Other/results/p2/resnet/SingleStream",
    )
    with pytest.raises(InputErrors, match="carry MLCommons' IDs all or none"):
        import_records(tmp_path, [review_record(), unnamed])


def test_power_problems_name_their_field(tmp_path):
    with pytest.raises(InputErrors) as caught:
        import_records(tmp_path, [review_record(Power_Units="millijoules", Power_Result="")])
    assert [(e.field, e.dataset_field) for e in caught.value.errors] == [
        ("Power_Result", "power_result")
    ]
