"""Accelerator cards (issue 35): the registry, its Epoch AI seed through the reviewed name map,
what ``check`` refuses and reports, and the figures derived from cards and results.

Expected values are read by hand from Epoch AI's CSV (../shared/data/specs/
epoch_ml_hardware.csv, each row named by its "Hardware name") or from the dataset with pandas.
"""

from __future__ import annotations

import datetime as dt
import shutil

import pandas as pd
import pytest

from generator.data import editor_yaml
from generator.errors import InputErrors
from generator.model import specs
from tests.conftest import DATA


def epoch_csv():
    if not specs.EPOCH_CSV.is_file():
        pytest.skip(f"{specs.EPOCH_CSV} is absent: Epoch AI's CSV is on the project's machines")
    return specs.EPOCH_CSV


def v61_datacenter_accelerators() -> set[str]:
    """Accelerators (one kind per system) with a v6.1 datacenter result, by pandas."""
    frame = pd.read_csv(DATA / "results" / "v6.1.csv")
    single = frame[
        (frame.suite == "datacenter")
        & frame.accelerator_id.notna()
        & ~frame.accelerator_mixed.astype(bool)
    ]
    return set(single.accelerator_id)


def test_mi355x_card_shows_288_gb_8_tb_s_1400_w_from_epochs_row():
    # Epoch's row "AMD Instinct MI355X": Memory (bytes) 2.88e11, Memory bandwidth (byte/s)
    # 8e12, TDP (W) 1400, Tensor-FP16/BF16 2.5166e15 FLOP/s, Last modified 2025-11-05.
    card = specs.cards()["amd-instinct-mi355x"]
    assert card.get("memory") == 288
    assert card.get("memory_bandwidth") == 8
    assert card.get("power") == 1400
    assert card.get("fp16") == pytest.approx(2516.6)
    assert card.values["fp16"].sparsity is False  # Epoch lists dense figures
    source = card.values["power"].source
    assert (source.publisher, source.row, source.modified) == (
        "Epoch AI",
        "AMD Instinct MI355X",
        "2025-11-05",
    )
    assert source.datasheet == (
        "https://www.amd.com/content/dam/amd/en/documents/"
        "instinct-tech-docs/product-briefs/amd-instinct-mi355x-gpu-"
        "brochure.pdf"
    )


def test_variants_are_kept_apart():
    cards = specs.cards()
    # H100 SXM5 / PCIe / NVL are three rows of Epoch's CSV: 3.35e12, 2.04e12, 3.938e12 byte/s.
    assert [
        cards[a].get("memory_bandwidth")
        for a in ("nvidia-h100-sxm", "nvidia-h100-pcie", "nvidia-h100-nvl")
    ] == [3.35, 2.04, 3.938]
    # B200 vs GB200 (per GPU): rows "NVIDIA B200" 1000 W, "NVIDIA GB200" 1200 W.
    assert cards["nvidia-b200-sxm"].get("power") == 1000
    assert (cards["nvidia-gb200"].get("power"), cards["nvidia-gb200"].per) == (1200, "GPU")
    # GH200: the one row's 4.9 TB/s is the 144 GB variant's; the 96 GB card does not take it.
    assert cards["nvidia-gh200-144gb"].get("memory_bandwidth") == 4.9
    assert cards["nvidia-gh200-96gb"].get("memory_bandwidth") is None


def test_estimates_are_not_taken():
    # Row "Google TPU v6e Trillium": TDP 380 W is Epoch's estimate (its notes): set aside.
    assert specs.cards()["google-tpu-v6e"].get("power") is None
    assert specs.cards()["google-tpu-v6e"].get("memory") == 32


def test_the_committed_seed_is_what_the_map_gives_from_epochs_csv():
    path = epoch_csv()
    registry = editor_yaml.read(specs.REGISTRY_FILE)
    expected = specs.seed_text(specs.seed(registry, specs.epoch_rows(path)))
    assert specs.SEED_FILE.read_text(encoding="utf-8") == expected
    # Every map entry names a row exactly (no fuzzy match): the names are CSV names.
    rows = specs.epoch_rows(path)
    assert all(
        entry["epoch"] in rows for entry in registry["accelerators"].values() if entry.get("epoch")
    )


def test_every_v61_datacenter_accelerator_with_a_card_has_memory_bandwidth_power():
    cards = specs.cards()
    complete = {
        a
        for a in v61_datacenter_accelerators()
        if a in cards and all(cards[a].get(name) for name in specs.ESSENTIAL)
    }
    # Epoch's rows give all three for these; the others need a vendor datasheet (the notes).
    assert complete >= {
        "amd-instinct-mi300x",
        "amd-instinct-mi350x",
        "amd-instinct-mi355x",
        "nvidia-b200-sxm",
        "nvidia-b300-sxm",
        "nvidia-gb200",
        "nvidia-gb300",
        "nvidia-vera-rubin-vr200",
    }


def test_check_notes_each_accelerator_without_a_complete_card(dataset):
    notes = specs.missing_cards(list(dataset.records), specs.cards())
    # No card: the RTX PRO 6000 Blackwell (no Epoch row, no vendor datasheet found).
    assert any("'nvidia-rtx-pro-6000-blackwell' has no card" in note for note in notes)
    # Vera Rubin: memory and power from NVIDIA's system description, bandwidth from its blog.
    assert not any("'nvidia-vera-rubin-vr200'" in note for note in notes)
    assert not any("'nvidia-h200-sxm'" in note for note in notes)  # memory from NVIDIA now
    assert not any("'amd-instinct-mi355x'" in note for note in notes)


REGISTRY = """\
sources:
  vendor-sheet:
    publisher: NVIDIA
    title: A datasheet
    url: https://example.com/sheet.pdf
    retrieved: 2026-12-01
accelerators:
  nvidia-vera-rubin-vr200:
    memory: {value: 288, unit: GB, source: vendor-sheet}
    fp4: {value: 50000, unit: TFLOPS, sparsity: false, source: vendor-sheet}
"""


def write(tmp_path, text, seed=""):
    (tmp_path / "accelerator_specs.yaml").write_text(text, encoding="utf-8")
    (tmp_path / "accelerator_specs_epoch.yaml").write_text(
        seed or "accelerators: {}\n", encoding="utf-8"
    )
    return tmp_path / "accelerator_specs.yaml", tmp_path / "accelerator_specs_epoch.yaml"


def problems(tmp_path, text, seed=""):
    with pytest.raises(InputErrors) as caught:
        specs.read_cards(*write(tmp_path, text, seed))
    return [str(e) for e in caught.value.errors]


def test_a_vendor_value_is_read_with_its_source(tmp_path):
    card = specs.read_cards(*write(tmp_path, REGISTRY))["nvidia-vera-rubin-vr200"]
    assert card.get("memory") == 288
    assert card.values["memory"].source.url == "https://example.com/sheet.pdf"
    assert card.values["memory"].source.retrieved == dt.date(2026, 12, 1)
    assert not card.uses_epoch


@pytest.mark.parametrize(
    "change, expected",
    [
        ("{value: 288, unit: GB,", "{value: 288, unit: GiB,"),
        ("sparsity: false, ", ""),
        ("source: vendor-sheet}\n  ", "source: nowhere}\n  "),
        ("value: 288,", "value: 2880000,"),
    ],
)
def test_a_wrong_unit_a_silent_sparsity_an_unknown_source_an_implausible_value_fail(
    tmp_path, change, expected
):
    found = problems(tmp_path, REGISTRY.replace(change, expected))
    assert len(found) == 1
    # Each error names the file and the line of its field (memory is line 9, fp4 line 10).
    assert (
        "accelerator_specs.yaml: line 9" in found[0]
        or "accelerator_specs.yaml: line 10" in found[0]
    )


def test_a_value_the_epoch_row_gives_is_not_written_twice(tmp_path):
    text = REGISTRY.replace(
        "nvidia-vera-rubin-vr200:", 'amd-instinct-mi355x:\n    epoch: "AMD Instinct MI355X"'
    )
    seed = (
        "accelerators:\n  amd-instinct-mi355x:\n    row: AMD Instinct MI355X\n"
        "    values: {memory: 288.0}\n"
    )
    found = problems(tmp_path, text, seed)
    assert (
        len(found) == 1 and "field 'memory': Epoch's row 'AMD Instinct MI355X' gives it" in found[0]
    )


def test_a_map_entry_the_seed_lacks_asks_for_specs_seed(tmp_path):
    found = problems(
        tmp_path,
        REGISTRY.replace(
            "nvidia-vera-rubin-vr200:", 'nvidia-vera-rubin-vr200:\n    epoch: "NVIDIA Rubin"'
        ),
    )
    assert any("run `python -m generator specs-seed`" in f for f in found)


def test_a_row_name_not_in_the_csv_is_refused_with_its_line(tmp_path):
    path, _ = write(tmp_path, 'accelerators:\n  nvidia-l4:\n    epoch: "NVIDIA L4 PCIe"\n')
    with pytest.raises(InputErrors) as caught:
        specs.seed(editor_yaml.read(path), specs.epoch_rows(epoch_csv()), path)
    assert str(caught.value.errors[0]) == (
        f"{path}: line 3: field 'epoch': Epoch's CSV has no row named 'NVIDIA L4 PCIe'; write "
        "its 'Hardware name' exactly"
    )


def test_derived_figures_are_the_result_per_accelerator_over_the_card(dataset):
    card = specs.cards()["amd-instinct-mi355x"]
    records = [r for r in dataset.records if r.accelerator_id == "amd-instinct-mi355x"]
    derived = specs.derived_figures(records, card)
    # By pandas: the closed, available Tokens/s results of the MI355X, each per accelerator
    # over Epoch's 8 TB/s.
    frame = pd.concat(pd.read_csv(p) for p in sorted((DATA / "results").glob("*.csv")))
    rows = frame[
        (frame.accelerator_id == "amd-instinct-mi355x")
        & (frame.units == "Tokens/s")
        & (frame.division == "closed")
        & (frame.category == "available")
        & frame.result_per_accelerator.notna()
    ]
    assert len(derived) == len(rows) > 0
    assert sorted(d.per_tb_s for d in derived) == pytest.approx(
        sorted(rows.result_per_accelerator / 8.0)
    )
    # Per peak TFLOPS at the weights' precision: Epoch's row gives FP4 9.2e15 and FP8 4.6e15.
    peak = {"fp4": 9200.0, "fp8": 4600.0}
    for d in derived:
        precision = specs.precision_of(d.record.weight_data_types)
        if precision in peak:
            assert d.per_tflops == pytest.approx(d.record.result_per_accelerator / peak[precision])


@pytest.mark.parametrize(
    "written, precision",
    [
        ("fp4", "fp4"),
        ("NVFP4, FP8 (KV cache)", "fp4"),
        ("bf16, fp8, fp4", "fp4"),
        ("MXFP4", "fp4"),
        ("fp8", "fp8"),
        ("nvfp4, fp8-kv", "fp4"),
        ("int8,bf16", "int8"),
        ("INT8", "int8"),
        ("BF16/F32/F8_E4M3/U8", "fp8"),
        ("fp16,bf16,fp8", "fp8"),
        ("bf16", "fp16"),
        ("fp32", None),
        ("int4", None),
        (None, None),
    ],
)
def test_the_weights_precision_is_the_lowest_named(written, precision):
    # Spellings of v6.1's weight_data_types column (data/results/v6.1.csv).
    assert specs.precision_of(written) == precision


def test_the_seed_command_writes_the_file(tmp_path):
    epoch_csv()
    from generator.cli import main

    (tmp_path / "data").mkdir()
    shutil.copy(specs.REGISTRY_FILE, tmp_path / "data" / "accelerator_specs.yaml")
    assert main(["--root", str(tmp_path), "specs-seed"]) == 0
    assert (tmp_path / "data" / "accelerator_specs_epoch.yaml").read_text(
        encoding="utf-8"
    ) == specs.SEED_FILE.read_text(encoding="utf-8")


CLAIMS = """\
sources:
  epoch:
    publisher: Epoch AI
    title: Data on Machine Learning Hardware
    date: 2025-12-24
    url: https://epoch.ai/data/machine-learning-hardware
claims:
  mi355x-memory:
    value: 288
    unit: GB
    status: vendor
    measures: {accelerator: MI355X, metric: memory}
    spec: {accelerator: amd-instinct-mi355x, field: memory}
    sources: [epoch]
"""


def spec_claim_problem(tmp_path, text):
    from generator.editorial.claim_checks import spec_problem
    from generator.editorial.claims import load_registry

    (tmp_path / "claims.yaml").write_text(text, encoding="utf-8")
    registry = load_registry(tmp_path / "claims.yaml")
    return spec_problem(registry.claims["mi355x-memory"], registry)


def test_a_claim_quotes_a_card_value_with_the_cards_source(tmp_path):
    # The MI355X card's memory is Epoch's row "AMD Instinct MI355X": 2.88e11 bytes = 288 GB.
    assert spec_claim_problem(tmp_path, CLAIMS) is None


@pytest.mark.parametrize(
    "change, expected, problem",
    [
        ("value: 288", "value: 256", "states 256 GB, but the card gives 288 GB (Epoch AI)"),
        ("unit: GB", "unit: TB/s", "unit 'TB/s', but the card gives memory in GB"),
        ("field: memory}", "field: memory_bandwidth}", "unit 'GB', but the card gives"),
        (
            "url: https://epoch.ai/data/machine-learning-hardware",
            "url: https://www.amd.com/",
            "cite the card's source",
        ),
        (
            # No card of the RTX PRO 6000 Blackwell (data/accelerator_specs.yaml's header).
            "accelerator: amd-instinct-mi355x",
            "accelerator: nvidia-rtx-pro-6000-blackwell",
            "the card of 'nvidia-rtx-pro-6000-blackwell' has no memory",
        ),
    ],
)
def test_a_claim_that_differs_from_its_card_is_refused(tmp_path, change, expected, problem):
    assert problem in spec_claim_problem(tmp_path, CLAIMS.replace(change, expected))


def test_a_spec_claim_is_a_vendor_figure(tmp_path):
    with pytest.raises(InputErrors) as caught:
        spec_claim_problem(tmp_path, CLAIMS.replace("status: vendor", "status: unverified"))
    assert "has status 'vendor'" in str(caught.value.errors[0])


def test_vera_rubin_and_h200_values_cite_nvidias_own_system_descriptions():
    # data/accelerator_specs.yaml, by hand: NVIDIA's v6.1 system description of Vera Rubin NVL72
    # ("accelerator_memory_capacity": "288 GB", "HBM4", "2300W TGP Per GPU") and its v4.1 one of
    # H200-SXM-141GBx8 ("141 GB", "HBM3e").
    rubin = specs.cards()["nvidia-vera-rubin-vr200"]
    assert (rubin.get("memory"), rubin.get("memory_type"), rubin.get("power")) == (
        288,
        "HBM4",
        2300,
    )
    # NVIDIA's technical blog on the Rubin GPU: "up to 22 TB/s of peak bandwidth", NVLink 6
    # "3,600 GB/s scale-up bandwidth"; its NVFP4 figure does not say whether it counts
    # sparsity, so no compute rate is written.
    assert (rubin.get("memory_bandwidth"), rubin.get("interconnect")) == (22, 3600)
    assert rubin.per == "GPU" and not any(rubin.get(f) for f in ("fp16", "fp8", "fp4", "int8"))
    assert {s.publisher for s in rubin.sources} == {"NVIDIA"} and not rubin.uses_epoch
    assert {s.url.split("/")[2] for s in rubin.sources} == {"github.com", "developer.nvidia.com"}
    assert "/closed/NVIDIA/systems/" in rubin.values["power"].source.url
    h200 = specs.cards()["nvidia-h200-sxm"]
    assert h200.get("memory") == 141 and h200.values["memory"].source.publisher == "NVIDIA"
    assert h200.values["memory_bandwidth"].source.is_epoch  # the rest stays Epoch's row


def _best_by_pandas(accelerator_id: str) -> dict[tuple, str]:
    """Each benchmark's expected best result ID, by pandas over data/results/*.csv: rows with a
    figure per accelerator (a throughput of one accelerator kind), the newest round, closed
    before open, then the highest result_per_accelerator."""
    frame = pd.concat(pd.read_csv(p) for p in sorted((DATA / "results").glob("*.csv")))
    rows = frame[
        (frame.accelerator_id == accelerator_id)
        & frame.result_per_accelerator.notna()
        & (frame.result_per_accelerator > 0)
        & ~frame.accelerator_mixed.astype(bool)
    ].copy()
    rows["round_key"] = rows["round"].map(lambda r: tuple(int(p) for p in r[1:].split(".")))
    rows["closed"] = rows.division == "closed"
    rows = rows.sort_values(["round_key", "closed", "result_per_accelerator"], ascending=False)
    first = rows.groupby(["suite", "model", "scenario", "units"], sort=False).head(1)
    return {(r.suite, r.model, r.scenario, r.units): str(r.result_id) for r in first.itertuples()}


@pytest.mark.parametrize("accelerator_id", ["amd-instinct-mi355x", "nvidia-b300-sxm"])
def test_best_results_per_benchmark_are_newest_round_closed_first_highest(dataset, accelerator_id):
    got = specs.best_results(dataset.records)[accelerator_id]
    assert {(r.suite, r.model, r.scenario, r.units): r.result_id for r in got} == (
        _best_by_pandas(accelerator_id)
    )
    # Benchmark order: suite, model, scenario.
    assert [(r.suite, r.model, r.scenario) for r in got] == sorted(
        (r.suite, r.model, r.scenario) for r in got
    )


def test_spec_figures_divide_the_result_per_accelerator_by_the_card(dataset):
    from generator.model.download_rows import SPEC_FIELDS, result_row

    # A v6.1 MI355X LLM result with FP4 weights, by pandas; the card by hand from Epoch's row
    # "AMD Instinct MI355X" (data/accelerator_specs_epoch.yaml): 8.0 TB/s, FP4 9,200 TFLOPS dense.
    frame = pd.read_csv(DATA / "results" / "v6.1.csv")
    row = frame[
        (frame.accelerator_id == "amd-instinct-mi355x")
        & (frame.units == "Tokens/s")
        & frame.weight_data_types.str.lower().str.contains("fp4", na=False)
        & frame.result_per_accelerator.notna()
    ].iloc[0]
    record = next(
        r
        for r in dataset.records
        if r.round == "v6.1"
        and r.result_id == row.result_id
        and r.model == row.model
        and r.scenario == row.scenario
        and r.suite == row.suite
    )
    got = result_row(record, None)
    assert got["memory_bandwidth_tb_s"] == 8.0
    assert got["tokens_per_s_per_accelerator_per_tb_s"] == pytest.approx(
        row.result_per_accelerator / 8.0
    )
    assert (got["peak_compute_precision"], got["peak_compute"]) == ("fp4", 9200.0)
    assert got["peak_compute_sparsity"] is False
    assert got["tokens_per_s_per_accelerator_per_peak_tflops"] == pytest.approx(
        row.result_per_accelerator / 9200.0
    )
    assert "not an MLPerf result" in got["spec_figures_derived_by"]
    # The Arc Pro B70's card has no bandwidth or compute (Intel's system description states
    # memory only): its results carry no spec figure, and no column of rated power exists (a
    # rated watt is not a measured efficiency).
    b70 = next(r for r in dataset.records if r.accelerator_id == "intel-arc-pro-b70")
    assert all(result_row(b70, None)[name] is None for name in SPEC_FIELDS)
    assert not any("power" in name or "watt" in name for name in SPEC_FIELDS)


def test_the_explorer_file_carries_the_card_values_and_each_rows_precision(dataset):
    import json

    from generator.pages.explorer import explorer_data, explorer_records

    data = json.loads(explorer_data(dataset.records))
    # By hand from data/accelerator_specs_epoch.yaml (Epoch's "AMD Instinct MI355X" row).
    spec = data["accelerators"]["amd-instinct-mi355x"]["spec"]
    assert spec["memory_bandwidth"] == [8.0, "TB/s", None]
    assert spec["fp4"] == [9200.0, "TFLOPS", False]
    # The Arc Pro B70's card has neither a bandwidth nor a compute rate: nothing to divide by.
    assert data["accelerators"]["intel-arc-pro-b70"]["spec"] is None
    # Vera Rubin's has NVIDIA's 22 TB/s (its technical blog) and no compute rate.
    assert data["accelerators"]["nvidia-vera-rubin-vr200"]["spec"] == {
        "memory_bandwidth": [22.0, "TB/s", None]
    }
    precisions = data["values"]["precision"]
    rows = explorer_records(dataset.records)
    for i in range(0, len(rows), 97):
        index = data["columns"]["precision"][i]
        assert (precisions[index] if index is not None else None) == specs.precision_of(
            rows[i].weight_data_types
        )


def test_cards_from_the_system_descriptions_their_vendors_filed():
    # data/accelerator_specs.yaml, by hand from each file's "accelerator_memory_capacity" and
    # "accelerator_memory_configuration": Dell_AMD's v6.1 XE7745_8xMI350P_2xEPYC-9455 ("144GB",
    # "HBM3E"), Intel's v6.1 1-node-4x-BMG-B70 ("32GB", "GDDR6"), NVIDIA's v4.0 L40Sx8_TRT
    # ("48 GB", "GDDR6"); Jetson AGX Thor's memory is "Shared with host": 128 GB LPDDR5X.
    cards = specs.cards()
    expected = {
        "amd-instinct-mi350p": (144, "HBM3E", "Dell_AMD", "/closed/Dell_AMD/systems/"),
        "intel-arc-pro-b70": (32, "GDDR6", "Intel", "/closed/Intel/systems/"),
        "nvidia-l40s": (48, "GDDR6", "NVIDIA", "/closed/NVIDIA/systems/"),
        "nvidia-jetson-agx-thor": (128, "LPDDR5X", "NVIDIA", "/closed/NVIDIA/systems/"),
    }
    for accelerator_id, (memory, kind, publisher, folder) in expected.items():
        card = cards[accelerator_id]
        assert (card.get("memory"), card.get("memory_type")) == (memory, kind), accelerator_id
        assert [(s.publisher, folder in s.url) for s in card.sources] == [(publisher, True)]
        # None of them states bandwidth or power: left empty, not taken from a review.
        assert card.get("memory_bandwidth") is None and card.get("power") is None
    # GH200: NVIDIA's v4.1 GH200-144GB ("144 GB", "HBM3e") and v4.0 GH200-96GB ("96 GB",
    # "HBM3") descriptions, beside Epoch's row (which gives no memory).
    for accelerator_id, memory, kind in (
        ("nvidia-gh200-144gb", 144, "HBM3e"),
        ("nvidia-gh200-96gb", 96, "HBM3"),
    ):
        card = cards[accelerator_id]
        assert (card.get("memory"), card.get("memory_type")) == (memory, kind)
        assert card.values["memory"].source.publisher == "NVIDIA" and card.uses_epoch
    # Shared memory says so, in every language.
    assert set(cards["nvidia-jetson-agx-thor"].values["memory"].note) == {"en", "zh", "it"}


def test_check_notes_what_the_new_cards_still_lack(dataset):
    notes = specs.missing_cards(list(dataset.records), specs.cards())
    for accelerator_id in ("amd-instinct-mi350p", "intel-arc-pro-b70", "nvidia-l40s"):
        assert f"the card of '{accelerator_id}' has no memory_bandwidth, power" in "\n".join(notes)
    assert any("'nvidia-rtx-pro-4500-blackwell' has no card" in note for note in notes)


def test_a_note_is_read_in_every_language(tmp_path):
    text = REGISTRY.replace(
        "source: vendor-sheet}\n  ",
        "source: vendor-sheet,\n      note: {en: A TGP., zh: 一个 TGP。, it: Un TGP.}}\n  ",
    )
    card = specs.read_cards(*write(tmp_path, text))["nvidia-vera-rubin-vr200"]
    assert card.values["memory"].note == {"en": "A TGP.", "zh": "一个 TGP。", "it": "Un TGP."}
    assert card.note is None


@pytest.mark.parametrize(
    "note, problem",
    [
        ("note: A TGP.", "write the note in every language: {en, zh, it}"),
        ("note: {en: A TGP., it: Un TGP.}", "the text for zh is missing"),
        ("note: {en: A TGP., zh: '', it: Un TGP.}", "the text for zh is missing"),
        ("note: {en: A, zh: B, it: C, fr: D}", "'fr' is not a language of the site"),
    ],
)
def test_a_note_missing_a_language_is_refused_with_its_line(tmp_path, note, problem):
    # A card's own note (line 9, under the accelerator of line 8) and a value's note.
    text = REGISTRY.replace("nvidia-vera-rubin-vr200:\n", f"nvidia-vera-rubin-vr200:\n    {note}\n")
    found = problems(tmp_path, text)
    assert len(found) == 1
    assert "accelerator_specs.yaml: line 9: field 'note': " in found[0] and problem in found[0]
    valued = REGISTRY.replace("source: vendor-sheet}\n  ", f"source: vendor-sheet, {note}}}\n  ")
    found = problems(tmp_path, valued)
    assert len(found) == 1 and "field 'memory.note'" in found[0] and problem in found[0]
