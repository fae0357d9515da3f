"""Corrections of a published round (../shared/cases/errata): permanent result IDs, withdrawn
results kept as withdrawn, renames logged field by field.

The cases run ``make_errata.py`` on the real v6.1 summary when ../shared is present; the small
fixtures of ``tests/fixtures`` test each kind without it."""

import csv
import datetime as dt
import json
import shutil
import subprocess
import sys

import pytest
import yaml

from generator.data import dataset, fetch, publication, withdrawn
from generator.data.importer import run_import
from generator.data.result_ids import assign_result_ids
from generator.editorial.check import check, notes
from generator.editorial.claim_checks import check_claims, corrected_claims
from generator.editorial.claims import load_registry
from generator.editorial.import_check import claims_validator
from generator.editorial.recomputation import figure, recompute
from generator.errors import InputErrors
from generator.i18n.formatting import format_day
from generator.i18n.languages import LANGUAGES
from generator.pages.filters import submitter_system
from generator.pages.home import data_pages
from generator.pages.results import results_pages
from tests.conftest import (
    DATA,
    FIXTURES,
    MLCOMMONS,
    ROOT,
    committed_dataset,
    make_fixture_project,
    mlcommons_file,
)

ERRATA = ROOT.parent / "shared" / "cases" / "errata"
V61 = MLCOMMONS / "inference_v6.1_summary.json"


@pytest.fixture(scope="module")
def errata(tmp_path_factory):
    if not (ERRATA / "make_errata.py").exists() or not V61.exists():
        pytest.skip("../shared/cases/errata or the real v6.1 summary is not on this machine")
    out = tmp_path_factory.mktemp("errata")
    subprocess.run([sys.executable, str(ERRATA / "make_errata.py"), str(V61), str(out)], check=True)
    return out


def import_over_data(tmp_path, path, replace=("v6.1",)):
    """Import one corrected v6.1 file over a copy of the committed data/."""
    shutil.copytree(DATA, tmp_path / "data")
    return run_import([path], tmp_path / "data", frozenset(replace))


def rows(path):
    with path.open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def identity(row):
    return (row["result_id"], row["model"], row["scenario"])


@pytest.mark.parametrize("case, gone", [("withdraw-one", 1), ("withdraw-system", 2)])
def test_a_withdrawal_moves_no_other_id(tmp_path, errata, case, gone):
    before = rows(DATA / "results" / "v6.1.csv")
    report = import_over_data(tmp_path, errata / f"{case}.json")
    after = rows(tmp_path / "data" / "results" / "v6.1.csv")
    # Every result still published keeps its ID (compared by result folder, which the case
    # files do not touch); the ones withdrawn are kept aside with their IDs.
    id_of = {r["location"]: r["result_id"] for r in before}
    assert all(id_of[r["location"]] == r["result_id"] for r in after)
    kept = rows(withdrawn.table(tmp_path / "data", "v6.1"))
    assert len(kept) == gone == len(before) - len(after) == report.rounds["v6.1"].removed
    assert {identity(r) for r in kept} <= {identity(r) for r in before}
    assert all(
        r["withdrawn_on"]
        and r["withdrawn_by"].split()[0] == f"{case}.json"
        and len(r["withdrawn_by"].split()[1]) == 64
        for r in kept
    )  # file and sha256
    log = json.loads((tmp_path / "data" / "changelog" / "v6.1.json").read_text())
    assert len(log[-1]["removed"]) == gone and log[-1]["changed"] == []
    data = dataset.load(tmp_path / "data")
    # Never ranked or counted: withdrawn results are not among the dataset's records.
    assert len(data.of_round("v6.1")) == len(after)
    assert not {identity(r) for r in kept} & {
        (r.result_id, r.model, r.scenario) for r in data.of_round("v6.1")
    }
    assert {identity(w.record.model_dump(mode="json")) for w in data.withdrawn} == {
        identity(r) for r in kept
    }


def test_a_rename_is_logged_as_changes_field_by_field(tmp_path, errata):
    report = import_over_data(tmp_path, errata / "rename.json", replace=())
    entry = json.loads((tmp_path / "data" / "changelog" / "v6.1.json").read_text())[-1]
    assert (entry["added"], entry["removed"]) == ([], [])
    # make_errata.py renames SystemName and Platform of Azure's two GB200 NVL72 systems: the
    # committed v6.1 table holds 4 records of them, so 8 changes of 2 fields.
    azure = [
        r
        for r in rows(DATA / "results" / "v6.1.csv")
        if r["submitter"] == "Azure" and "GB200-NVL72" in r["platform"]
    ]
    assert len(entry["changed"]) == 2 * len(azure) == 8
    assert {c["field"] for c in entry["changed"]} == {"system_name", "platform"}
    assert all(
        c["old"].startswith("Azure-GB200") and c["new"].startswith("Azure-ND-GB200")
        for c in entry["changed"]
        if c["field"] == "platform"
    )
    assert report.rounds["v6.1"].changed == len(azure)
    ids = {r["location"]: r["result_id"] for r in rows(tmp_path / "data" / "results" / "v6.1.csv")}
    assert all(ids[r["location"]] == r["result_id"] for r in azure)  # same IDs, new names


def test_a_correction_is_one_change_old_to_new(tmp_path, errata):
    import_over_data(tmp_path, errata / "correction.json", replace=())
    entry = json.loads((tmp_path / "data" / "changelog" / "v6.1.json").read_text())[-1]
    (change,) = entry["changed"]
    dell = next(
        r for r in rows(DATA / "results" / "v6.1.csv") if r["location"] == change["location"]
    )
    assert change["field"] == "result" and change["old"] == dell["result"]
    # make_errata.py: the value × 1.02, rounded to 3 decimals.
    assert float(change["new"]) == round(float(dell["result"]) * 1.02, 3)


def fixture_copy(tmp_path, name, edit):
    raw = json.loads((FIXTURES / "checker_summary.json").read_text(encoding="utf-8"))
    edit(raw)
    path = tmp_path / name
    path.write_text(json.dumps(raw), encoding="utf-8")
    return path


def test_ids_are_pinned_and_never_given_again(tmp_path):
    # checker_summary.json numbers, by MLCommons' rule: Acme box 9.9-0001, Acme edge 9.9-0002,
    # Beta Labs 9.9-0003 (see test_importer). Withdraw the Acme box and add a new system whose
    # rule position is first (submitter "Aaa"): re-running the rule would renumber all three.
    data_dir = tmp_path / "data"
    run_import([FIXTURES / "checker_summary.json"], data_dir)

    def edit(raw):
        new = json.loads(json.dumps(raw["0"]))
        new.update(
            Organization="Aaa",
            Platform="aaa_box",
            SystemName="Aaa box",
            Location="./closed/Aaa/results/aaa_box/llama3.1-8b/Offline/performance/run_1",
        )
        del raw["0"]
        raw["9"] = new

    run_import([fixture_copy(tmp_path, "corrected.json", edit)], data_dir, frozenset({"v9.9"}))
    ids = {r.submitter + " " + r.platform: r.result_id for r in dataset.load(data_dir).records}
    assert ids == {
        "Acme acme_edge": "9.9-0002",
        "Beta Labs beta_cpu": "9.9-0003",
        "Aaa aaa_box": "9.9-0004",
    }  # after the highest number ever used
    (gone,) = dataset.load(data_dir).withdrawn
    assert (gone.record.result_id, gone.record.platform) == ("9.9-0001", "acme_box_8x")

    # Published again: the result returns under its old ID and leaves the withdrawn table,
    # where the Aaa system, absent from the original file, now is.
    run_import([FIXTURES / "checker_summary.json"], data_dir, frozenset({"v9.9"}))
    data = dataset.load(data_dir)
    assert {r.platform: r.result_id for r in data.records}["acme_box_8x"] == "9.9-0001"
    assert [(w.record.platform, w.record.result_id) for w in data.withdrawn] == [
        ("aaa_box", "9.9-0004")
    ]


def test_a_renamed_folder_keeps_its_id_by_the_unchanged_fields(tmp_path):
    # A derived-ID round whose system is renamed together with its result folder: matched by the
    # fields a rename leaves alone (identity.UNCHANGED_BY_A_RENAME), logged as changes.
    data_dir = tmp_path / "data"
    run_import([FIXTURES / "checker_summary.json"], data_dir)

    def edit(raw):
        raw["2"].update(
            Platform="beta_cpu_v2",
            SystemName="Beta CPU server v2",
            Location="./closed/Beta Labs/results/beta_cpu_v2/llama3.1-8b/Server/performance/run_1",
        )

    run_import([fixture_copy(tmp_path, "renamed.json", edit)], data_dir)
    entry = json.loads((data_dir / "changelog" / "v9.9.json").read_text())[-1]
    assert (entry["added"], entry["removed"]) == ([], [])
    assert {c["field"]: (c["old"], c["new"]) for c in entry["changed"]} == {
        "system_name": ("Beta CPU server", "Beta CPU server v2"),
        "platform": ("beta_cpu", "beta_cpu_v2"),
        "location": (
            "closed/Beta Labs/results/beta_cpu/llama3.1-8b/Server/performance/run_1",
            "closed/Beta Labs/results/beta_cpu_v2/llama3.1-8b/Server/performance/run_1",
        ),
    }
    assert {r.platform: r.result_id for r in dataset.load(data_dir).records}[
        "beta_cpu_v2"
    ] == "9.9-0003"


def test_a_system_renamed_under_its_published_id_is_a_rename(tmp_path):
    # The real v5.1 correction: a Supermicro system renamed between the first and the final
    # summary, its records keeping their published IDs, result folders renamed with it. Here
    # the same on final_report.json: record 0 (ID 9.8-0002) gets a new System, Platform and
    # Location; matched by published ID, model and scenario.
    data_dir = tmp_path / "data"
    run_import([FIXTURES / "final_report.json"], data_dir)
    raw = json.loads((FIXTURES / "final_report.json").read_text(encoding="utf-8"))
    raw[0].update(
        System="Acme Box 8x (final)",
        Platform="acme_box_8x_final",
        Location="closed/Acme/results/acme_box_8x_final/llama2-70b-99/Server",
    )
    final = tmp_path / "final.json"
    final.write_text(json.dumps(raw), encoding="utf-8")
    run_import([final], data_dir)
    entry = json.loads((data_dir / "changelog" / "v9.8.json").read_text())[-1]
    assert (entry["added"], entry["removed"]) == ([], [])
    assert sorted(c["field"] for c in entry["changed"]) == ["location", "platform", "system_name"]


def refused(tmp_path, paths):
    """The errors of an import over a copy of data/, checking that nothing was written."""
    shutil.copytree(DATA, tmp_path / "data")
    before = {p: p.read_bytes() for p in (tmp_path / "data").rglob("*") if p.is_file()}
    with pytest.raises(InputErrors) as caught:
        run_import(paths, tmp_path / "data", frozenset({"v6.1", "v9.9"}))
    assert {p: p.read_bytes() for p in (tmp_path / "data").rglob("*") if p.is_file()} == before
    return str(caught.value)


def test_the_duplicate_key_case_is_refused_naming_both_places(tmp_path, errata):
    message = refused(tmp_path, [errata / "duplicate-key.json"])
    # make_errata.py appends a second copy of the first record, key "0", at the end; the first
    # is at line 2 (the file starts with "{").
    text = (errata / "duplicate-key.json").read_text(encoding="utf-8")
    last = text[: text.rindex('"0":')].count("\n") + 1
    assert (
        f"line {last}: field '0': key '0' written twice in one object, at line 2 and at "
        f"line {last}" in message
    )


def test_a_field_written_twice_is_refused_naming_both_lines(tmp_path):
    text = (FIXTURES / "checker_summary.json").read_text(encoding="utf-8")
    first = text.index('"Result"')
    line = text.count("\n", 0, first) + 1
    doubled = tmp_path / "doubled.json"
    doubled.write_text(text[:first] + '"Result": "1.0",\n' + text[first:], encoding="utf-8")
    message = refused(tmp_path, [doubled])
    assert (
        f"field 'Result': key 'Result' written twice in one object, at line {line} and at "
        f"line {line + 1}"
    ) in message


@pytest.mark.parametrize("others", [(), ("4.1", "5.1", "6.0")])
def test_the_submitter_respelling_case_asks_for_an_alias(tmp_path, errata, others):
    # make_errata.py writes "DELL" in the two records of Dell's 1-node-2S-GNR_128C, keys
    # '119' and '120' of the v6.1 summary. Given first with the other rounds' files (the order
    # of the errata README), the odd spelling is met before any "Dell": still one error, at
    # those two records, never one at each of the other Dell records.
    paths = [errata / "submitter-case.json"] + [
        MLCOMMONS / f"inference_v{v}_summary.json" for v in others
    ]
    message = refused(tmp_path, paths)
    assert message.count("\n") == 0, message
    assert message.startswith(
        f"{errata / 'submitter-case.json'}: records '119', '120': field "
        "'Organization' (submitter): the submitter 'DELL' of these 2 "
        "records differs only in case or punctuation from 'Dell', the "
        "submitter of "
    )
    assert message.endswith(
        "known spelling: 'Dell'; if it is the same company, add 'DELL' to "
        "its spellings in generator/data/organizations.yaml (under "
        "`spellings:`, `Dell: [DELL]`) and import again"
    )


def test_two_records_respelling_a_submitter_are_one_error_at_those_records(tmp_path):
    # respelled_submitter.json: eight records of the real v6.0 final report, Dell's systems
    # 6.0-0026 (2 records, first in the file, "Submitter" written "DELL"), 6.0-0018 (4) and
    # 6.0-0027 (2), all "Dell" as published. The importer used to name each of the six "Dell"
    # records as differing from the first spelling it met.
    path = FIXTURES / "respelled_submitter.json"
    with pytest.raises(InputErrors) as caught:
        run_import([path], tmp_path / "data")
    assert [str(e) for e in caught.value.errors] == [
        f"{path}: records 0 (ID 6.0-0026), 1 (ID 6.0-0026): field 'Submitter' (submitter): the "
        "submitter 'DELL' of these 2 records differs only in case or punctuation from 'Dell', "
        f"the submitter of 6 records in {path}; known spelling: 'Dell'; if it is the same "
        "company, add 'DELL' to its spellings in generator/data/organizations.yaml (under "
        "`spellings:`, `Dell: [DELL]`) and import again"
    ]
    assert not (tmp_path / "data").exists()


def test_a_submitter_respelled_in_a_fixture_is_refused(tmp_path):
    raw = json.loads((FIXTURES / "checker_summary.json").read_text(encoding="utf-8"))
    raw["1"]["Organization"] = "ACME"
    path = tmp_path / "respelled.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    with pytest.raises(
        InputErrors,
        match="the submitter 'ACME' of this record differs only in case or punctuation from 'Acme'",
    ):
        run_import([path], tmp_path / "data")


@pytest.mark.parametrize("encoding", ["utf-8-sig", "utf-16"])
def test_a_bom_or_utf16_summary_is_read(tmp_path, encoding):
    # Python writes a byte-order mark for both encodings.
    text = (FIXTURES / "checker_summary.json").read_text(encoding="utf-8")
    path = tmp_path / "summary.json"
    path.write_text(text, encoding=encoding)
    run_import([path], tmp_path / "data")
    assert len(dataset.load(tmp_path / "data").records) == 3


def test_a_latin1_summary_is_refused_naming_the_encoding(tmp_path):
    path = tmp_path / "summary.json"
    path.write_bytes('{"0": {"Organization": "Açme"}}'.encode("latin-1"))
    with pytest.raises(InputErrors, match="not UTF-8 text .*UTF-16 with a byte-order mark"):
        run_import([path], tmp_path / "data")


def test_a_csv_summary_is_refused_by_name(tmp_path):
    path = tmp_path / "summary.csv"
    path.write_text("Organization,Availability,Division\nAcme,available,closed\n", encoding="utf-8")
    with pytest.raises(InputErrors, match="CSV summaries are not read; import the summary.json"):
        run_import([path], tmp_path / "data")


def test_ids_grow_past_9999_systems():
    # MLCommons' rule writes f"{n:04d}": the 10,000th system is 9.9-10000.
    systems = [
        {
            "suite": "datacenter",
            "division": "closed",
            "category": "available",
            "submitter": "Acme",
            "platform": f"box{n:05d}",
            "used_model": "m",
        }
        for n in range(10_000)
    ]
    ids = assign_result_ids("v9.9", systems)
    assert (ids[0], ids[9_998], ids[9_999]) == ("9.9-0001", "9.9-9999", "9.9-10000")
    record = next(r for r in committed_dataset().records if r.round == "v6.1")
    assert (
        record.model_copy(update={"result_id": "6.1-10000"})
        .model_validate({**record.model_dump(), "result_id": "6.1-10000"})
        .result_id
        == "6.1-10000"
    )


# --- claims bind to results by their result ID -------------------------------------------------


def probe_claim(result_id, model, scenario, value):
    """A claim quoting one result, its figure stated as the article rounds it (``value``), as
    an editor writes it in claims.yaml: a correction of the result breaks the stated figure."""
    return (
        f"  errata-probe:\n    stated: {value}\n"
        "    sources: [mlcommons-v6.1]\n    derivation:\n      formula: result\n"
        f"      results:\n        - {{round: v{result_id.split('-')[0]}, model: {model}, "
        f"scenario: {scenario}, result_id: {result_id}}}\n"
    )


def project(tmp_path, claim=None):
    """A project for ``check``: the fixture project with the whole committed data/ (changelog
    included), optionally with ``claim`` added to its registry."""
    tmp_path.mkdir(parents=True, exist_ok=True)
    make_fixture_project(tmp_path)
    shutil.copytree(DATA / "changelog", tmp_path / "data" / "changelog")
    if claim:
        path = tmp_path / "data" / "claims.yaml"
        path.write_text(
            path.read_text(encoding="utf-8").replace("\nclaims:\n", "\nclaims:\n" + claim, 1),
            encoding="utf-8",
        )
    return tmp_path


def committed(location_of):
    """The committed v6.1 row of the raw record ``location_of`` (a raw summary record)."""
    wanted = location_of["Location"].removeprefix("./")
    return next(r for r in rows(DATA / "results" / "v6.1.csv") if r["location"] == wanted)


def changed_record(errata, name):
    """The raw v6.1 record that ``name`` changes (or drops), from both files."""
    base = json.loads(V61.read_text(encoding="utf-8"))
    other = json.loads((errata / name).read_text(encoding="utf-8"))
    return next(base[k] for k in base if base[k] != other.get(k))


def import_project(root, path):
    return run_import([path], root / "data", frozenset({"v6.1"}), validate=claims_validator(root))


def test_a_claim_follows_a_rename(tmp_path, errata):
    row = committed(changed_record(errata, "rename.json"))  # an Azure GB200 NVL72 result
    root = project(
        tmp_path,
        probe_claim(
            row["result_id"],
            row["model"],
            row["scenario"],
            round(float(row["result"])),
        ),
    )
    import_project(root, errata / "rename.json")
    check(root)  # passes: the claim binds to the result ID, not to the old name
    data = dataset.load(root / "data")
    renamed = next(r for r in data.records if r.location == row["location"])
    assert renamed.result_id == row["result_id"] and "(rev. 2)" in renamed.system_name


def test_a_corrected_value_fails_its_claim_naming_the_changelog(tmp_path, errata):
    row = committed(changed_record(errata, "correction.json"))
    claim = probe_claim(
        row["result_id"], row["model"], row["scenario"], round(float(row["result"]))
    )
    # The import refuses: it would break the claim (import validates what check validates).
    root = project(tmp_path / "a", claim)
    with pytest.raises(
        InputErrors,
        match="this import would break claim 'errata-probe'.*"
        r"data/changelog/v6\.1\.json entry 2",
    ):
        import_project(root, errata / "correction.json")
    # Imported first, the claim written afterwards with the old value: check fails the same way.
    root = project(tmp_path / "b")
    import_project(root, errata / "correction.json")
    path = root / "data" / "claims.yaml"
    path.write_text(
        path.read_text(encoding="utf-8").replace("\nclaims:\n", "\nclaims:\n" + claim),
        encoding="utf-8",
    )
    with pytest.raises(InputErrors) as caught:
        check(root)
    (message,) = [str(e) for e in caught.value.errors if "errata-probe" in str(e)]
    assert (
        "MLCommons corrected the result since: data/changelog/v6.1.json entry 2 (" in message
        and f"result {row['result']} → " in message
    )


def test_a_correction_moves_a_computed_figure_and_refuses_a_stated_one(tmp_path, errata):
    # The house rule (CONTRIBUTING, "When MLCommons corrects a result"): a claim that states no
    # figure follows the data, and the import report names it with its old and new figure; a
    # `stated:` figure the correction no longer gives refuses the import, naming the claim and
    # the figure to write. Old and new values: the committed row and the corrected raw record.
    row = committed(changed_record(errata, "correction.json"))
    raw = json.loads((errata / "correction.json").read_text(encoding="utf-8"))
    new = next(
        float(r["Result"])
        for r in raw.values()
        if r["Location"].removeprefix("./") == row["location"]
    )
    old = float(row["result"])

    def plain(value):  # as an editor types it: 5749440 -> "5,749,440"
        return f"{value:,.4f}".rstrip("0").rstrip(".")

    assert round(new) != round(old)
    stated = probe_claim(row["result_id"], row["model"], row["scenario"], round(old))
    computed = stated.replace(f"    stated: {round(old)}\n", "")
    report = import_project(project(tmp_path / "computed", computed), errata / "correction.json")
    notes = [n for n in report.notes if "errata-probe" in n]
    assert notes == [
        f"claim 'errata-probe': its recomputed value changes from {plain(old)} to "
        f"{plain(new)} {row['units']} ({(new - old) / old:+.2%})"
    ]
    with pytest.raises(InputErrors) as caught:
        import_project(project(tmp_path / "stated", stated), errata / "correction.json")
    (message,) = [str(e) for e in caught.value.errors if "errata-probe" in str(e)]
    assert f"this import would break claim 'errata-probe': stated {round(old):,}" in message
    assert f"Write `stated: {round(new):,}`" in message


@pytest.mark.parametrize("case", ["withdraw-one", "withdraw-system"])
def test_a_claim_on_a_withdrawn_result_fails_saying_so(tmp_path, errata, case):
    row = committed(changed_record(errata, f"{case}.json"))
    claim = probe_claim(
        row["result_id"], row["model"], row["scenario"], round(float(row["result"]))
    )
    root = project(tmp_path / "a", claim)
    with pytest.raises(
        InputErrors,
        match=f"this import would break claim 'errata-probe': "
        f"result {row['result_id']} .* was withdrawn on ",
    ):
        import_project(root, errata / f"{case}.json")
    root = project(tmp_path / "b")
    import_project(root, errata / f"{case}.json")
    path = root / "data" / "claims.yaml"
    path.write_text(
        path.read_text(encoding="utf-8").replace("\nclaims:\n", "\nclaims:\n" + claim),
        encoding="utf-8",
    )
    with pytest.raises(
        InputErrors,
        match=f"claim 'errata-probe': result {row['result_id']} "
        rf"\({row['model']}, {row['scenario']}, .*\) was "
        f"withdrawn on .*: the import of {case}.json",
    ):
        check(root)


FIXTURE_CLAIMS = """sources:
  mlcommons-v9.9: {publisher: MLCommons, title: v9.9, date: 2026-01-01, url: https://example.org/}
claims:
  acme-offline:
    stated: 1200.5
    sources: [mlcommons-v9.9]
    derivation:
      formula: result
      results:
        - {round: v9.9, model: llama3.1-8b, scenario: Offline, result_id: 9.9-0001}
"""


@pytest.mark.parametrize(
    "edit, expected",
    [
        # checker_summary.json record "0": Acme's box, 9.9-0001, llama3.1-8b Offline, 1200.5.
        (lambda raw: raw["0"].update(SystemName="Acme Box 8x (renamed)"), None),
        (
            lambda raw: raw["0"].update(Result="1224.51"),
            "MLCommons corrected the result since: data/changelog/v9.9.json entry 2 (",
        ),
        (
            lambda raw: raw.pop("0"),
            "result 9.9-0001 (llama3.1-8b, Offline, Acme Acme Box 8x) was withdrawn on ",
        ),
    ],
    ids=["rename", "correction", "withdrawal"],
)
def test_claims_follow_their_result_on_fixtures(tmp_path, edit, expected):
    data_dir = tmp_path / "data"
    run_import([FIXTURES / "checker_summary.json"], data_dir)
    (data_dir / "claims.yaml").write_text(FIXTURE_CLAIMS, encoding="utf-8")
    registry = load_registry(data_dir / "claims.yaml")
    assert check_claims(registry, [], dataset.load(data_dir), data_dir / "claims.yaml") == []
    run_import([fixture_copy(tmp_path, "corrected.json", edit)], data_dir, frozenset({"v9.9"}))
    errors = check_claims(registry, [], dataset.load(data_dir), data_dir / "claims.yaml")
    if expected is None:
        assert errors == []
    else:
        (error,) = errors
        assert expected in str(error)


WITHDRAWN_WORDS = {"en": "Withdrawn results", "zh": "已撤回的结果", "it": "Risultati ritirati"}


def test_a_withdrawn_result_is_listed_under_its_id_in_every_language(tmp_path):
    # checker_summary.json's Acme box (9.9-0001) withdrawn: the round page and the data page
    # list it under the anchor withdrawn-9.9-0001 with its date; no ranking holds it.
    # The box gets a second record (Server) first, so that two records of one ID go.
    data_dir = tmp_path / "data"

    def with_server(raw):
        raw["3"] = {
            **raw["0"],
            "Scenario": "Server",
            "Location": raw["0"]["Location"].replace("Offline", "Server"),
        }

    run_import(
        [fixture_copy(tmp_path, "first.json", with_server)], data_dir, today=dt.date(2026, 3, 1)
    )
    run_import(
        [fixture_copy(tmp_path, "corrected.json", lambda raw: raw.pop("0"))],
        data_dir,
        frozenset({"v9.9"}),
        today=dt.date(2026, 3, 2),
    )
    assert len(dataset.load(data_dir).withdrawn) == 2
    data = dataset.load(data_dir)
    for lang in LANGUAGES:
        pages = {p.path: p.content for p in results_pages(data, lang) if p.path.endswith(".md")}
        round_page = pages["results/v9.9/index.md"]
        data_page = data_pages(data_dir, data, lang, "https://example.org/")[0].content
        for page in (round_page, data_page):
            assert WITHDRAWN_WORDS[lang.code] in page
            row = page[page.index('<tr id="withdrawn-9.9-0001">') :]
            row = row[: row.index("</tr>")]
            assert "Acme Box 8x" in row and format_day(dt.date(2026, 3, 2), lang) in row
        # One anchor per ID, however many of its records were withdrawn.
        assert all(page.count('id="withdrawn-9.9-0001"') == 1 for page in (round_page, data_page))
        ranked = [
            content
            for path, content in pages.items()
            if path.startswith("results/v9.9/") and path != "results/v9.9/index.md"
        ]
        assert ranked and not any("Acme Box 8x" in content for content in ranked)


def test_check_notes_a_claim_on_a_corrected_result(tmp_path):
    # The correction changes 1200.5 to 1200.52: the claim's stated 1200.5 still matches at its
    # precision (one decimal), and check notes the correction with the changelog entry.
    data_dir = tmp_path / "data"
    run_import([FIXTURES / "checker_summary.json"], data_dir)
    (data_dir / "claims.yaml").write_text(FIXTURE_CLAIMS, encoding="utf-8")
    registry = load_registry(data_dir / "claims.yaml")
    assert corrected_claims(registry, list(dataset.load(data_dir).records), data_dir) == []
    run_import(
        [fixture_copy(tmp_path, "c.json", lambda raw: raw["0"].update(Result="1200.52"))], data_dir
    )
    records = list(dataset.load(data_dir).records)
    assert check_claims(registry, [], dataset.load(data_dir), data_dir / "claims.yaml") == []
    (note,) = corrected_claims(registry, records, data_dir)
    assert note.startswith("claim 'acme-offline' (stated 1,200.5 Tokens/s, recomputed 1,200.52)")
    assert "data/changelog/v9.9.json entry 2" in note and "result 1200.5 → 1200.52" in note


# --- the publication rule: a round is deployed from 14 days after its publication ---------------


def test_a_new_round_is_left_out_of_the_deploy_build_for_14_days(tmp_path):
    # checker_summary.json is round v9.9; imported on 2027-03-01 with no date given, its
    # publication date is that day, so the deployed site may show it from 2027-03-15.
    data_dir = tmp_path / "data"
    run_import([FIXTURES / "checker_summary.json"], data_dir, today=dt.date(2027, 3, 1))
    assert publication.read(data_dir) == {"v9.9": dt.date(2027, 3, 1)}
    data = dataset.load(data_dir)
    lines = []
    deployed = publication.deployable(data, data_dir, dt.date(2027, 3, 14), log=lines.append)
    assert deployed.records == () and lines == [
        "v9.9: left out of this deploy build: it may be published from 2027-03-15 (MLCommons' "
        "results messaging guidelines: 14 days after the official publication date)"
    ]
    editors = {p.path for p in results_pages(data, LANGUAGES[0])}
    assert "results/v9.9/index.md" in editors  # the editor's build keeps it
    assert "results/v9.9/index.md" not in {p.path for p in results_pages(deployed, LANGUAGES[0])}
    assert publication.deployable(data, data_dir, dt.date(2027, 3, 15)) is data


def test_a_given_publication_date_wins_and_a_reimport_keeps_it(tmp_path):
    data_dir = tmp_path / "data"
    run_import(
        [FIXTURES / "checker_summary.json"],
        data_dir,
        today=dt.date(2027, 3, 1),
        published={"v9.9": dt.date(2027, 2, 1)},
    )
    run_import([FIXTURES / "checker_summary.json"], data_dir, today=dt.date(2027, 3, 9))
    assert publication.read(data_dir) == {"v9.9": dt.date(2027, 2, 1)}
    assert publication.embargoed(publication.read(data_dir), ["v9.9"], dt.date(2027, 2, 14)) == {
        "v9.9": dt.date(2027, 2, 15)
    }


def test_the_committed_rounds_are_past_their_embargo():
    # data/rounds.yaml holds MLCommons' dates (those of data/claims.yaml's sources); the last,
    # v6.1 on 2026-09-16, opened on 2026-09-30.
    dates = publication.read(DATA)
    assert set(dates) == set(committed_dataset().rounds)
    assert publication.embargoed(dates, list(dates), dt.date(2026, 9, 30)) == {}
    assert publication.embargoed(dates, list(dates), dt.date(2026, 9, 29)) == {
        "v6.1": dt.date(2026, 9, 30)
    }


# --- the scheduled import: fetch, on local folders laid out as MLCommons' repositories ---------


def test_fetch_reads_each_round_and_skips_one_not_published(tmp_path):
    repos = tmp_path / "repos" / "mlcommons"
    (repos / "inference_results_v9.8" / "main").mkdir(parents=True)
    (repos / "inference_results_v9.9" / "main").mkdir(parents=True)
    # v9.8 has both files: the final report (with IDs) wins; v9.9 only the checker summary.
    shutil.copy(
        FIXTURES / "final_report.json",
        repos / "inference_results_v9.8" / "main" / "summary_results.json",
    )
    shutil.copy(
        FIXTURES / "checker_summary.json",
        repos / "inference_results_v9.8" / "main" / "summary.json",
    )
    shutil.copy(
        FIXTURES / "checker_summary.json",
        repos / "inference_results_v9.9" / "main" / "summary.json",
    )
    rounds = fetch.rounds_to_fetch(["v9.9", "v9.8"])
    assert rounds == ["v9.8", "v9.9", "v10.0"]  # and the round after the latest
    lines = []
    paths = fetch.fetch(
        rounds, tmp_path / "out", base=(tmp_path / "repos").as_uri(), log=lines.append
    )
    assert [p.name for p in paths] == ["inference_v9.8_summary.json", "inference_v9.9_summary.json"]
    assert paths[0].read_bytes() == (FIXTURES / "final_report.json").read_bytes()
    assert lines[-1] == "v10.0: no summary_results.json or summary.json published yet; skipped"
    run_import(paths, tmp_path / "data")  # what the workflow does next
    assert dataset.load(tmp_path / "data").rounds == ["v9.8", "v9.9"]


def test_the_scheduled_import_workflow_fetches_imports_and_proposes():
    workflow = yaml.safe_load((ROOT / ".github" / "workflows" / "import.yml").read_text())
    on = workflow.get("on", workflow.get(True))
    assert set(on) == {"schedule", "workflow_dispatch"} and on["schedule"][0]["cron"]
    runs = "\n".join(step.get("run", "") for step in workflow["jobs"]["import"]["steps"])
    for command in ("python -m generator fetch", "python -m generator import", "gh pr create"):
        assert command in runs


def test_an_accelerator_respelled_by_a_correction_is_named_in_the_report(tmp_path, errata):
    # Another instance of the rename kind: Azure's GB200 systems with their accelerator name
    # respelled too. The records stay the same results (same IDs); the report says which known
    # part the old spelling was, so that the family pages keep them once it is added.
    raw = json.loads((errata / "rename.json").read_text(encoding="utf-8"))
    azure = [r for r in raw.values() if r["Platform"].startswith("Azure-ND-GB200")]
    old = azure[0]["accelerator_model_name"]
    for record in azure:
        record["accelerator_model_name"] = old.replace("GB200", "GB-200")
    path = tmp_path / "respelled.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    report = import_over_data(tmp_path, path, replace=())
    warnings = [str(w) for w in report.rounds["v6.1"].warnings if "renamed from" in str(w)]
    assert warnings == [f"respelled.json: {w.split(': ', 1)[1]}" for w in warnings]
    (warning,) = warnings
    assert f"renamed from {old!r} (nvidia-gb200) to 'NVIDIA GB-200', which " in warning
    assert "add it to the spellings of nvidia-gb200 if it is the same part" in warning


def real_v51_systems(tmp_path, ids):
    """The records of the real v5.1 final report with these IDs, as a file."""
    raw = json.loads(mlcommons_file("v5.1").read_text(encoding="utf-8"))
    path = tmp_path / f"v51-{len(ids)}.json"
    path.write_text(json.dumps([r for r in raw if r["ID"] in ids]), encoding="utf-8")
    return path


def test_a_result_published_again_after_a_withdrawal_is_restored(tmp_path):
    # MLCommons' v5.1 history replayed on three of its systems (5.1-0086 to 0088, 27 records
    # of the real final report, 7 of them 5.1-0087: Supermicro's SYS-422GA-NBRT-LCC): a file
    # without 5.1-0087 withdraws its 7 records, then the final file publishes them again.
    data_dir = tmp_path / "data"
    final = real_v51_systems(tmp_path, {"5.1-0086", "5.1-0087", "5.1-0088"})
    without = real_v51_systems(tmp_path, {"5.1-0086", "5.1-0088"})
    run_import([final], data_dir)
    committed = rows(data_dir / "results" / "v5.1.csv")
    assert run_import([without], data_dir, frozenset({"v5.1"})).rounds["v5.1"].removed == 7
    report = run_import([final], data_dir, frozenset({"v5.1"})).rounds["v5.1"]
    assert (report.added, report.removed, report.restored, report.changed) == (0, 0, 7, 0)
    # Every result back under its ID, with its values; none left among the withdrawn.
    assert rows(data_dir / "results" / "v5.1.csv") == committed
    assert not withdrawn.table(data_dir, "v5.1").parent.exists()
    entry = json.loads((data_dir / "changelog" / "v5.1.json").read_text())[-1]
    assert entry["added"] == [] and entry["removed"] == []
    assert sorted((r["result_id"], r["model"], r["scenario"]) for r in entry["restored"]) == sorted(
        identity(r) for r in committed if r["result_id"] == "5.1-0087"
    )
    data = dataset.load(data_dir)  # the dataset's own rules accept it
    said = {"en": "7 restored.", "zh": "7 条已恢复。", "it": "7 ripristinati."}
    for lang in LANGUAGES:
        page, *_ = data_pages(data_dir, data, lang, "https://example.org/")
        assert said[lang.code] in page.content, lang.code


def test_a_result_moved_to_the_open_division_is_moved_not_withdrawn(tmp_path):
    # fixtures/final_report.json's record 0 (9.8-0002, closed, llama2-70b-99 Server) published
    # again in the open division, its folder under open/.
    data_dir = tmp_path / "data"
    run_import([FIXTURES / "final_report.json"], data_dir)
    raw = json.loads((FIXTURES / "final_report.json").read_text(encoding="utf-8"))
    raw[0].update(Category="open", Location="open/" + raw[0]["Location"].partition("/")[2])
    moved = tmp_path / "moved.json"
    moved.write_text(json.dumps(raw), encoding="utf-8")
    report = run_import([moved], data_dir).rounds["v9.8"]  # no --replace-round needed
    assert (report.added, report.removed) == (0, 0)
    assert report.moved == ["9.8-0002 llama2-70b-99 Server: closed available -> open available"]
    entry = json.loads((data_dir / "changelog" / "v9.8.json").read_text())[-1]
    assert [(m["division_old"], m["division"]) for m in entry["moved"]] == [("closed", "open")]
    assert {c["field"] for c in entry["changed"]} == {"division", "location"}
    # The data page names the move, in the summary of the import and as a row of its own.
    data = dataset.load(data_dir)
    said = {
        "en": ("1 moved between divisions or categories.", "moved between divisions or categories"),
        "zh": ("1 条在组别或类别之间移动。", "在组别或类别之间移动"),
        "it": ("1 spostati tra divisioni o categorie.", "spostato tra divisioni o categorie"),
    }
    for lang in LANGUAGES:
        page = data_pages(data_dir, data, lang, "https://example.org/")[0].content
        text = page.replace("\n", "")  # cells stand on lines of their own (filters.apart)
        summary, row = said[lang.code]
        assert summary in text, lang.code
        assert (
            f"<td>{row}</td><td><code>closed</code> · <code>available</code></td>"
            "<td><code>open</code> · <code>available</code></td>"
        ) in text, lang.code


def test_a_claim_refused_by_a_move_to_available_names_the_move(tmp_path):
    # A v6.1 preview system (the first with Availability "preview" in the real summary)
    # published again as available, its first result corrected by +2 %: the claim quoting
    # that result is refused, and the refusal says it moved from preview to available.
    raw = json.loads(mlcommons_file("v6.1").read_text(encoding="utf-8"))
    key = next(k for k, r in raw.items() if r["Availability"] == "preview")
    row = committed(raw[key])
    for each in raw.values():
        if (each["Organization"], each["Platform"]) == (
            raw[key]["Organization"],
            raw[key]["Platform"],
        ):
            each["Availability"] = "available"
    raw[key]["Result"] *= 1.02
    moved = tmp_path / "moved.json"
    moved.write_text(json.dumps(raw), encoding="utf-8")
    root = project(
        tmp_path / "p",
        probe_claim(
            row["result_id"],
            row["model"],
            row["scenario"],
            round(float(row["result"])),
        ),
    )
    with pytest.raises(InputErrors) as caught:
        import_project(root, moved)
    assert (
        f"this import moves the result it quoted: {row['result_id']} {row['model']} "
        f"{row['scenario']} from closed preview to closed available"
    ) in str(caught.value)


def test_a_submitter_under_a_known_other_name_is_reported_with_its_likely_match(tmp_path):
    # Two records of GigaComputing's first system in the real v6.0 final report, published
    # again as round v9.7 under "GIGABYTE" (the name organizations.yaml lists as another name
    # of GigaComputing, a submitter of every committed round): refused, naming GigaComputing
    # and the file to edit, instead of a second submitter page.
    raw = json.loads(mlcommons_file("v6.0").read_text(encoding="utf-8"))
    first = next(r for r in raw if r["Submitter"] == "GigaComputing")
    records = [
        {**r, "Submitter": "GIGABYTE", "version": "v9.7", "ID": r["ID"].replace("6.0-", "9.7-")}
        for r in raw
        if r["ID"] == first["ID"]
    ][:2]
    path = tmp_path / "gigabyte.json"
    path.write_text(json.dumps(records), encoding="utf-8")
    message = refused(tmp_path, [path])
    committed_count = sum(
        r["submitter"] == "GigaComputing"
        for name in ("v4.1", "v5.1", "v6.0", "v6.1")
        for r in rows(DATA / "results" / f"{name}.csv")
    )
    tables = ", ".join(
        str(tmp_path / "data" / "results" / f"{name}.csv")
        for name in ("v4.1", "v5.1", "v6.0", "v6.1")
    )
    assert message == (
        f"{path}: records 0 (ID {records[0]['ID']}), 1 (ID {records[1]['ID']}): field "
        "'Submitter' (submitter): the submitter 'GIGABYTE' of these 2 records is a known other "
        f"name of 'GigaComputing', the submitter of {committed_count} records in {tables}; "
        "known spelling: 'GigaComputing'; if it is the same company, add 'GIGABYTE' to its "
        "spellings in generator/data/organizations.yaml (under `spellings:`, "
        "`GigaComputing: [GIGABYTE]`); if it is another company, remove 'GIGABYTE' from "
        "`also_known_as:` there and import again"
    )


def test_a_withdrawn_result_back_from_another_folder_is_restored_under_its_derived_id(tmp_path):
    # fixtures/checker_summary.json (round v9.9, IDs derived) with a second result of Acme's
    # acme_box_8x (llama3.1-8b Server). Withdrawn, then published again from another run
    # folder with another value: no rule of the folder or the fields finds it, but it takes
    # its system's ID again, so it is that result restored -- never both withdrawn and live.
    raw = json.loads((FIXTURES / "checker_summary.json").read_text(encoding="utf-8"))
    raw["3"] = {
        **raw["0"],
        "Scenario": "Server",
        "Result": 900.0,
        "Location": raw["0"]["Location"].replace("Offline", "Server"),
    }
    data_dir = tmp_path / "data"

    def publish(name, records):
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps(records), encoding="utf-8")
        return run_import([path], data_dir, frozenset({"v9.9"})).rounds["v9.9"]

    publish("first", raw)
    server_id = next(
        r["result_id"]
        for r in rows(data_dir / "results" / "v9.9.csv")
        if r["scenario"] == "Server" and r["platform"] == "acme_box_8x"
    )
    assert publish("withdrawn", {k: r for k, r in raw.items() if k != "3"}).removed == 1
    back = {
        **raw,
        "3": {
            **raw["3"],
            "Result": 945.0,
            "Location": raw["3"]["Location"].replace("run_1", "run_2"),
        },
    }
    report = publish("back", back)
    assert (report.added, report.removed, report.restored) == (0, 0, 1)
    restored = [
        r
        for r in rows(data_dir / "results" / "v9.9.csv")
        if r["scenario"] == "Server" and r["platform"] == "acme_box_8x"
    ]
    assert [(r["result_id"], float(r["result"])) for r in restored] == [(server_id, 945.0)]
    assert not withdrawn.table(data_dir, "v9.9").exists()
    entry = json.loads((data_dir / "changelog" / "v9.9.json").read_text())[-1]
    assert [r["result_id"] for r in entry["restored"]] == [server_id]
    # What changed since it was withdrawn is logged as for any corrected result.
    assert {
        c["field"]: (float(c["old"]), float(c["new"]))
        for c in entry["changed"]
        if c["field"] == "result"
    } == {"result": (900.0, 945.0)}


# --- MLCommons publishes the official IDs of a round whose IDs were derived -------------------


def as_final_report(checker, ids):
    """Records of a checker summary written as MLCommons' final report (``summary_results``
    keys, ``mlcommons.KEYS``) with the official IDs ``ids`` (``{result folder: ID}``)."""
    from generator.data.mlcommons import KEYS

    out = []
    for record in checker.values():
        final = {
            keys[1]: record[keys[0]]
            for keys in KEYS.values()
            if keys[0] and keys[1] and keys[0] in record
        }
        final["ID"] = ids[record["Location"].removeprefix("./")]
        out.append(final)
    return out


def official_ids(rows_of_round, swap):
    """The committed derived ID of every result folder, two systems' swapped (``swap``: two
    IDs)."""
    ids = {r["location"]: r["result_id"] for r in rows_of_round}
    a, b = swap
    return {k: {a: b, b: a}.get(v, v) for k, v in ids.items()}


def test_official_ids_are_one_named_change_with_a_table_of_derived_ids(tmp_path):
    # Three systems of the real v6.1 checker summary (the first records of its first three
    # platforms), their IDs derived 6.1-0001 to 0003; then MLCommons' final report of them,
    # the first two numbered the other way round.
    raw = json.loads(mlcommons_file("v6.1").read_text(encoding="utf-8"))
    platforms = list(dict.fromkeys((r["Organization"], r["Platform"]) for r in raw.values()))[:3]
    checker = {k: r for k, r in raw.items() if (r["Organization"], r["Platform"]) in platforms}
    path = tmp_path / "checker.json"
    path.write_text(json.dumps(checker), encoding="utf-8")
    data_dir = tmp_path / "data"
    run_import([path], data_dir)
    derived = rows(data_dir / "results" / "v6.1.csv")
    numbers = sorted({r["result_id"] for r in derived})  # a platform may hold several IDs
    assert numbers[:2] == ["6.1-0001", "6.1-0002"]
    final = tmp_path / "final.json"
    final.write_text(
        json.dumps(as_final_report(checker, official_ids(derived, ("6.1-0001", "6.1-0002")))),
        encoding="utf-8",
    )
    report = run_import([final], data_dir).rounds["v6.1"]
    assert (report.ids_published, report.added, report.removed, report.changed) == (
        len(numbers),
        0,
        0,
        0,
    )
    assert (
        len(report.reused_ids) == 2
        and report.reused_ids[0].startswith("6.1-0001 (derived, ")
        and "is now the official ID of" in report.reused_ids[0]
    )
    entry = json.loads((data_dir / "changelog" / "v6.1.json").read_text())[-1]
    assert entry["changed"] == []  # the publication is not one change per record
    table = {r["derived"]: r["official"] for r in rows(data_dir / "ids" / "v6.1.csv")}
    assert table == {n: {"6.1-0001": "6.1-0002", "6.1-0002": "6.1-0001"}.get(n, n) for n in numbers}
    # Each result now carries its system's official ID, published (no derived mark).
    after = {
        r["location"]: (r["result_id"], r["result_id_derived"])
        for r in rows(data_dir / "results" / "v6.1.csv")
    }
    assert after == {r["location"]: (table[r["result_id"]], "false") for r in derived}
    # The data page names the publication in every language: first the two IDs whose text
    # now names the other system (each row: derived ID, the system it was derived for, that
    # system's official ID, the system the text names now), then how many merely lose their
    # mark, and the full derived -> official table collapsed, with its file.
    data = dataset.load(data_dir)
    unchanged = len(numbers) - 2
    said = {
        "en": f"2 of the {len(numbers)} IDs this site had derived now name another system or "
        f"none; the other {unchanged} name the same system and only lose the derived mark (†).",
        "zh": f"本站计算的 {len(numbers)} 个结果编号中，有 2 个现在指向另一个系统或不指向任何系统；"
        f"其余 {unchanged} 个仍指向同一系统，只是不再带有本站计算的标记（†）。",
        "it": f"2 dei {len(numbers)} ID ricavati da questo sito ora indicano un altro sistema o "
        f"nessuno; gli altri {unchanged} indicano lo stesso sistema e perdono solo il segno di "
        "ID ricavato (†).",
    }
    for lang in LANGUAGES:
        # Named as every table names a system (filters.submitter_system: "AMD — 8xMI350X…").
        by_id = {r["result_id"]: submitter_system(r, lang) for r in derived}
        page, *files = data_pages(data_dir, data, lang, "https://example.org/")
        text = page.content.replace("\n", "")
        assert said[lang.code] in text, lang.code
        singled = text[text.index("<table data-ids-changed>") :]
        singled = singled[: singled.index("</table>")]
        assert singled.count("<tr>") == 3  # the head and the two swapped IDs, nothing else
        assert (
            f"<tr><td>6.1-0001</td><td>{by_id['6.1-0001']}</td><td>6.1-0002</td>"
            f"<td>{by_id['6.1-0002']}</td></tr>"
        ) in singled
        full = text[text.index("<details") :]
        assert full.count("<tr><td>6.1-") == len(numbers)
        assert "<tr><td>6.1-0001</td><td>6.1-0002</td>" in full
        assert 'href="ids/v6.1.csv"' in text
        assert 'id="ids-published-v6.1"' in text
        assert [f.path for f in files if f.path.startswith("data/ids/")] == ["data/ids/v6.1.csv"]
        # The round report says the IDs were published, when, how many, how many changed,
        # and links the table on the data page.
        from generator.data.changelog import id_publications

        report = next(
            p.content
            for p in results_pages(data, lang, None, id_publications(data_dir, ["v6.1"]))
            if p.path == "results/v6.1/report/index.md"
        )
        paragraph = report[report.index('<p class="mlperf-ids-published"') :]
        paragraph = paragraph[: paragraph.index("</p>")]
        assert 'href="../../../data/#ids-published-v6.1"' in paragraph
        assert format_day(dt.date.today(), lang) in paragraph
        assert str(len(numbers)) in paragraph and "2" in paragraph.replace(str(len(numbers)), "")
    # The table is a resource of the data package, and what the pages resolve an old derived
    # ID by: the explorer's file maps 6.1-0001 to the system it meant (official 6.1-0002) and
    # says that another system carries 6.1-0001 now; that system's search entry names its
    # former ID.
    package = json.loads((data_dir / "datapackage.json").read_text(encoding="utf-8"))
    assert "ids/v6.1.csv" in [r["path"] for r in package["resources"]]
    from generator.pages.explorer import explorer_data
    from generator.pages.result_search import result_search_entries

    shared = json.loads(explorer_data(list(data.records), data.superseded))["superseded"]
    first = next(r for r in derived if r["result_id"] == "6.1-0001")
    assert shared["6.1-0001"] == {
        "round": "v6.1",
        "official": "6.1-0002",
        "now": "6.1-0001",
        "submitter": first["submitter"],
        "system_name": first["system_name"],
    }
    assert "6.1-0003" not in shared  # same text, same system
    entry = next(
        e
        for e in result_search_entries(list(data.records), LANGUAGES[0], data.superseded)
        if e["location"] == "results/explore/?id=6.1-0002&ids=official"
    )
    assert "(formerly 6.1-0001, derived by this site)" in entry["title"]


@pytest.fixture(scope="module")
def swapped_v61(tmp_path_factory):
    """The whole real v6.1 summary written as MLCommons' final report whose official IDs swap
    6.1-0001 and 6.1-0002 (the first two systems derived from it), and the committed rows of
    those two systems: ``(path, row of 6.1-0001, row of 6.1-0002)``."""
    raw = json.loads(V61.read_text(encoding="utf-8")) if V61.exists() else pytest.skip("no v6.1")
    committed_rows = rows(DATA / "results" / "v6.1.csv")
    final = tmp_path_factory.mktemp("swapped") / "final.json"
    final.write_text(
        json.dumps(as_final_report(raw, official_ids(committed_rows, ("6.1-0001", "6.1-0002")))),
        encoding="utf-8",
    )
    first = next(r for r in committed_rows if r["result_id"] == "6.1-0001")
    second = next(r for r in committed_rows if r["result_id"] == "6.1-0002")
    return final, first, second


def test_a_claim_on_a_superseded_derived_id_keeps_its_system(tmp_path, swapped_v61):
    # A claim quoting a result of 6.1-0001 by its derived ID, written before MLCommons
    # published v6.1's official IDs, which swap 6.1-0001 and 6.1-0002: the import goes
    # through, the claim still quotes the same system (its own figure, read from the
    # committed row), and the import and check both say to write the official ID
    # 6.1-0002 -- never the figure of the system now numbered 6.1-0001.
    final, row, other = swapped_v61
    claim = probe_claim(
        row["result_id"], row["model"], row["scenario"], round(float(row["result"]))
    ).replace("measures: {round: v6.1,", "measures: {round: v6.1, result_id: 6.1-0001,")
    root = project(tmp_path / "p", claim)
    report = import_project(root, final)
    said = f"{root / 'data' / 'claims.yaml'}: line "
    note = next(n for n in report.notes if "6.1-0001 was the derived ID" in n)
    assert note.startswith(said) and note.endswith(
        f"field 'claims.errata-probe.derivation.results.0.result_id': 6.1-0001 was the derived "
        f"ID of {row['submitter']} {row['system_name']} until MLCommons published the official "
        f"IDs of v6.1 ({root / 'data' / 'ids' / 'v6.1.csv'}); claim 'errata-probe' still "
        f"quotes that system, whose official ID is 6.1-0002 (6.1-0001 is now "
        f"{other['submitter']} {other['system_name']}): write result_id: 6.1-0002, "
        "official: true (as 6.1-0002 was also a derived ID)"
    ), note
    data, registry, posts = check(root)  # the claim's figure still agrees: no error
    picked = recompute(registry.claims["errata-probe"].derivation, list(data.records)).records[0]
    assert (picked.location, picked.result_id) == (row["location"], "6.1-0002")
    assert note in notes(registry, posts, root, records=list(data.records))
    # What the claims page says it measures names the same system, by its official ID.
    claim = registry.claims["errata-probe"]
    scope = dict(figure(claim, recompute(claim.derivation, list(data.records))).scope)
    assert scope["result_id"] == ("6.1-0002",), scope


def test_a_claim_written_with_the_official_id_quotes_that_system(tmp_path, swapped_v61):
    # After the publication, "official: true" reads 6.1-0001 as MLCommons' ID (the system
    # derived as 6.1-0002); the same ID without it still means the system it was derived for.
    final, row, other = swapped_v61
    root = project(tmp_path / "p")
    run_import([final], root / "data", frozenset({"v6.1"}))
    path = root / "data" / "claims.yaml"
    path.write_text(
        path.read_text(encoding="utf-8").replace(
            "\nclaims:\n",
            "\nclaims:\n"
            + probe_claim(
                "6.1-0001", other["model"], other["scenario"], round(float(other["result"]))
            )
            .replace("errata-probe", "official")
            .replace("result_id: 6.1-0001}", "result_id: 6.1-0001, official: true}"),
            1,
        ),
        encoding="utf-8",
    )
    registry = load_registry(path)
    data = dataset.load(root / "data")
    picked = recompute(registry.claims["official"].derivation, list(data.records)).records[0]
    assert (picked.location, picked.result_id) == (other["location"], "6.1-0001")
    assert registry.rebound == []


def test_official_true_where_no_ids_were_published_is_refused(tmp_path):
    row = next(r for r in rows(DATA / "results" / "v6.1.csv") if r["result_id"] == "6.1-0001")
    root = project(
        tmp_path / "p",
        probe_claim(
            row["result_id"],
            row["model"],
            row["scenario"],
            round(float(row["result"])),
        ).replace("result_id: 6.1-0001}", "result_id: 6.1-0001, official: true}"),
    )
    with pytest.raises(InputErrors) as caught:
        load_registry(root / "data" / "claims.yaml")
    assert (
        "field 'claims.errata-probe.derivation.results.0.official': official: true, but this "
        "project never derived the IDs of v6.1 or MLCommons has not published them"
    ) in str(caught.value)


def test_check_refuses_an_article_line_typing_a_superseded_derived_id(tmp_path):
    # After the publication of v6.1's official IDs (data/ids/v6.1.csv as the import writes
    # it: 6.1-0001 and 6.1-0002 swapped, 6.1-0003 unchanged), an article line typing
    # 6.1-0001 is refused, as every typed ID is (article_ids), and told what the ID meant;
    # 6.1-0003 (same text, same system) is refused without that clause; an ID in a comment is
    # not prose. No claim of the fixture project selects these results.
    from generator.data import identity as ids

    root = project(tmp_path / "p")
    ids.save_published_ids(
        root / "data",
        "v6.1",
        [
            {"derived": "6.1-0001", "official": "6.1-0002", "submitter": "AMD", "system_name": "A"},
            {
                "derived": "6.1-0002",
                "official": "6.1-0001",
                "submitter": "Dell",
                "system_name": "B",
            },
            {"derived": "6.1-0003", "official": "6.1-0003", "submitter": "HPE", "system_name": "C"},
        ],
    )
    post = root / "docs" / "en" / "blog" / "posts" / "record.md"
    text = post.read_text(encoding="utf-8")
    post.write_text(
        text + "\nSystem 6.1-0001 beside 6.1-0003.\n<!-- v6.1-0001 -->\n", encoding="utf-8"
    )
    line = text.count("\n") + 2
    with pytest.raises(InputErrors) as caught:
        check(root)
    said = [str(e) for e in caught.value.errors if "typed in the prose" in str(e)]
    assert [s.split(":", 3)[1:3] for s in said] == [
        [
            " line " + str(line),
            " result ID 6.1-0001 typed in the prose (6.1-0001 was the derived ID of that result until MLCommons published v6.1's official IDs; it is 6.1-0002 now)",
        ],
        [" line " + str(line), " result ID 6.1-0003 typed in the prose"],
    ]
    assert "no claim selects it: add one to data/claims.yaml" in said[0]
    assert "result_id: 6.1-0002}]) and write [[id:NEW-CLAIM]]" in said[0]


def test_the_import_report_names_restorations_moves_and_published_ids(tmp_path, capsys):
    from generator.cli import print_import_report
    from generator.data.importer import ImportReport, RoundReport

    report = ImportReport(
        {
            "v6.1": RoundReport(
                read=3,
                restored=1,
                moved=["6.1-0004 whisper Offline: closed preview -> closed available"],
                ids_published=3,
                ids_unchanged=1,
                reused_ids=[
                    "6.1-0001 (derived, AMD A) is now the official ID of Dell B; A is 6.1-0002"
                ],
            )
        }
    )
    print_import_report(report, tmp_path / "data")
    lines = capsys.readouterr().out.splitlines()
    assert lines == [
        f"v6.1: 3 records read; 0 added, 0 changed, 0 withdrawn, 1 restored -> "
        f"{tmp_path / 'data' / 'results' / 'v6.1.csv'}",
        "  restored records (withdrawn before, published again) keep their result IDs",
        "  moved between divisions or categories: 6.1-0004 whisper Offline: closed preview -> "
        "closed available",
        "  MLCommons published the round's result IDs: 3 derived IDs, 2 now naming another "
        "system or none, 1 unchanged but for the derived mark (derived -> official in "
        f"{tmp_path / 'data' / 'ids' / 'v6.1.csv'})",
        "  warning: 6.1-0001 (derived, AMD A) is now the official ID of Dell B; A is 6.1-0002: "
        "an address or text citing the derived ID now means another system",
    ]


def test_a_derived_id_withdrawn_before_the_publication_names_no_result(tmp_path):
    # data/ids/v6.1.csv as an import writes it when 6.1-0001's result was withdrawn before
    # MLCommons published v6.1's IDs (official "") and MLCommons numbered 6.1-0002's system
    # 6.1-0001: a claim on 6.1-0001 quotes no result, never the system numbered so now.
    from generator.data import identity as ids

    live = rows(DATA / "results" / "v6.1.csv")
    row = next(r for r in live if r["result_id"] == "6.1-0001")
    root = project(
        tmp_path / "p",
        probe_claim("6.1-0001", row["model"], row["scenario"], round(float(row["result"]))),
    )
    ids.save_published_ids(
        root / "data",
        "v6.1",
        [
            {"derived": "6.1-0001", "official": "", "submitter": "AMD", "system_name": "A"},
            {
                "derived": "6.1-0002",
                "official": "6.1-0001",
                "submitter": "Dell",
                "system_name": "B",
            },
        ],
    )
    registry = load_registry(root / "data" / "claims.yaml")
    with pytest.raises(LookupError):
        recompute(registry.claims["errata-probe"].derivation, list(dataset.load(DATA).records))
    # The line of the probe's "results:" (the first in the file: the probe comes first).
    text = (root / "data" / "claims.yaml").read_text(encoding="utf-8").splitlines()
    line = next(n for n, t in enumerate(text, 1) if t.strip() == "results:")
    assert registry.rebound == [
        f"{root / 'data' / 'claims.yaml'}: line {line}: field "
        "'claims.errata-probe.derivation.results.0.result_id': 6.1-0001 was the derived ID of "
        "AMD A until MLCommons published the official IDs of v6.1 "
        f"({root / 'data' / 'ids' / 'v6.1.csv'}); that result was withdrawn and has no "
        "official ID (6.1-0001 is now Dell B): the claim quotes no result; quote another"
    ]


def test_the_ids_table_keeps_a_withdrawn_derived_id():
    # identity.published_ids over committed rows (one live, one withdrawn before) and a final
    # report holding the live one only: the withdrawn derived ID stays, mapped to none.
    from generator.data import identity as ids
    from generator.data.schema import ResultRecord

    live = rows(DATA / "results" / "v6.1.csv")
    first = next(r for r in live if r["result_id"] == "6.1-0001")
    gone = {**next(r for r in live if r["result_id"] == "6.1-0002"), "result_id": "6.1-0099"}
    record = dataset.load(DATA).of_round("v6.1")[0]
    assert record.location == first["location"]
    new = ResultRecord.model_validate(
        {
            **record.model_dump(),
            "result_id": "6.1-0005",
            "result_id_derived": False,
            "result_id_published": "6.1-0005",
        }
    )
    table = ids.published_ids([first, gone], [new], {0: 0})
    assert [(m["derived"], m["official"]) for m in table] == [
        ("6.1-0001", "6.1-0005"),
        ("6.1-0099", ""),
    ]


def test_a_kept_registry_is_read_again_when_official_ids_arrive(tmp_path):
    # The registry the build and the editor's preview keep (claim_markdown.registry) follows an
    # import that writes data/ids/v6.1.csv though claims.yaml did not change.
    from generator.data import identity as ids
    from generator.editorial.claim_markdown import registry

    row = next(r for r in rows(DATA / "results" / "v6.1.csv") if r["result_id"] == "6.1-0001")
    root = project(
        tmp_path / "p",
        probe_claim("6.1-0001", row["model"], row["scenario"], round(float(row["result"]))),
    )
    selector = registry(root).claims["errata-probe"].derivation.results[0]
    assert selector.resolved_id == "6.1-0001"
    ids.save_published_ids(
        root / "data",
        "v6.1",
        [{"derived": "6.1-0001", "official": "6.1-0500", "submitter": "S", "system_name": "A"}],
    )
    selector = registry(root).claims["errata-probe"].derivation.results[0]
    assert selector.resolved_id == "6.1-0500"
