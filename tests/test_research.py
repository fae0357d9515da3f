"""Research views over four rounds: energy efficiency, the preview tracker, accelerator families
and timelines, organizations. Expected values are read by hand in the raw MLCommons files, as
each test says."""

import pytest

from generator.data import organizations
from generator.model import families, power
from generator.model import preview_tracker as previews
from generator.model.benchmarks import benchmarks_of
from generator.model.comparisons import timeline
from tests.fixtures import real_articles_project as real_project


def one(dataset, result_id, model, scenario):
    found = [
        r
        for r in dataset.records
        if (r.result_id, r.model, r.scenario) == (result_id, model, scenario)
    ]
    assert len(found) == 1
    return found[0]


def test_efficiency_of_an_offline_result_in_watts(dataset):
    # inference_v4.1_summary.json, v4.1-0049 (NVIDIA H200 MaxQ), 3d-unet-99 Offline:
    # Performance_Result 41.664 Samples/s, Power_Result 4613.6193832599 Watts, so
    # 41.664 / 4613.6193832599 = 0.0090306... samples per joule.
    figure = power.efficiency(one(dataset, "4.1-0049", "3d-unet-99", "Offline"))
    assert figure.value == pytest.approx(41.664 / 4613.6193832599)
    assert (figure.units, figure.higher_is_better) == ("samples/J", True)


def test_energy_of_a_singlestream_result_in_millijoules(dataset):
    # v4.1-0068 (UntetherAI, 3x speedAI240 Slim), resnet SingleStream: Power_Result
    # 29.2389869184 millijoules per query, as published; lower is better.
    figure = power.efficiency(one(dataset, "4.1-0068", "resnet", "SingleStream"))
    assert (figure.value, figure.units, figure.higher_is_better) == (29.2389869184, "mJ", False)


def test_every_power_result_has_an_energy_figure(dataset):
    # 31 power results in v4.1 and 24 in v5.1 (Power_Result keys counted in the raw files).
    figures = [power.efficiency(r) for r in dataset.records if r.power_result is not None]
    assert len(figures) == 55 and all(f.value > 0 for f in figures)
    assert {f.record.round for f in figures} == {"v4.1", "v5.1"}


def test_preview_due_round_follows_the_two_rounds_a_year():
    assert previews.due_round("v4.1") == "v5.0"
    assert previews.due_round("v6.0") == "v6.1"


def test_preview_tracker_on_three_v41_previews(dataset):
    # Checked by hand in the raw files:
    # - AMD "Supermicro AS-8125GS-TNMR2" (preview in v4.1) is an available system of AMD in
    #   v5.1, ID 5.1-0001;
    # - Google "tpu-v6-4" (TPU v6) has no later available Google TPU result: Google's v5.1,
    #   v6.0 and v6.1 results are on NVIDIA GPUs;
    # - Intel "1-node-2S-GNR-PyTorch" (CPU only, INTEL(R) XEON(R) 6980P) is followed in v5.1
    #   by Intel's "1-node-2S-GNR_128C" on the same processor, ID 5.1-0055.
    tracked = {
        (p.first.submitter, p.first.system_name): p
        for p in previews.track(list(dataset.records))
        if p.first.round == "v4.1"
    }
    amd = tracked[("AMD", "Supermicro AS-8125GS-TNMR2")]
    assert (amd.status, amd.match, amd.followed_by.result_id) == ("available", "system", "5.1-0001")
    google = tracked[("Google", "tpu-v6-4")]
    assert (google.status, google.followed_by, google.due) == ("not-seen", None, "v5.0")
    intel = tracked[("Intel", "1-node-2S-GNR-PyTorch")]
    assert (intel.status, intel.match, intel.followed_by.result_id) == (
        "available",
        "processor",
        "5.1-0055",
    )


def test_previews_of_the_newest_round_are_pending(dataset):
    newest = dataset.rounds[-1]
    for preview in previews.track(list(dataset.records)):
        assert (preview.status == "pending") == (preview.first.round == newest)


def test_every_accelerator_of_the_dataset_has_a_family(dataset):
    single = {
        r.accelerator_id for r in dataset.records if r.accelerator_id and not r.accelerator_mixed
    }
    assert single and not {a for a in single if families.family_of(a) is None}


def test_a_family_table_naming_an_unknown_accelerator_is_refused(tmp_path):
    from generator.errors import InputError

    bad = tmp_path / "families.yaml"
    bad.write_text(
        "x:\n  name: X\n  vendor: X\n  generations:\n"
        "    - {name: One, accelerators: [no-such-part]}\n",
        encoding="utf-8",
    )
    with pytest.raises(InputError, match="'no-such-part' is not an id"):
        families.families(bad)


def test_timelines_never_join_results_of_different_units(dataset):
    by_round = {name: benchmarks_of(dataset.of_round(name)) for name in dataset.rounds}
    family = next(f for f in families.families() if f.id == "nvidia-datacenter")
    rows = timeline(by_round, family.accelerators)
    assert rows
    for row in rows:
        assert {r.units for r in row.best.values()} == {row.units}
        assert len(row.rounds) > 1
        assert all(r.division == "closed" and not r.accelerator_mixed for r in row.best.values())


def test_organizations_count_as_mlcommons_announces(dataset):
    # MLCommons announced v6.1 with 30 organizations; the summary has 33 submitter names, four
    # of them joint (Dell_AMD, Dell_MangoBoost, RedHat_Intel, RedHat_Supermicro).
    submitters = {r.submitter for r in dataset.of_round("v6.1")}
    assert len(submitters) == 33
    assert organizations.count(submitters) == 30
    assert organizations.organizations_of("Dell_AMD") == ("Dell", "AMD")
    assert organizations.organizations_of("ORACLE") == ("Oracle",)
    assert not organizations.is_joint("Sustainable_Metal_Cloud")


def registry_of(**claims):
    from generator.editorial.claims import Registry

    return Registry.model_validate(
        {
            "sources": {
                "s": {
                    "publisher": "MLCommons",
                    "title": "t",
                    "date": "2024-08-28",
                    "url": "https://github.com/mlcommons/inference_results_v4.1",
                }
            },
            "claims": claims,
        }
    )


def test_check_notes_a_preview_claim_whose_system_became_available(dataset):
    # AMD's "Supermicro AS-8125GS-TNMR2" was a preview in v4.1 (v4.1-0070, 8 GPUs, 24109.8
    # Tokens/s on llama2-70b-99 Offline in the raw file) and is available in v5.1 as 5.1-0001:
    # a preview claim on that result gets a note naming 5.1-0001.
    from generator.editorial.claim_checks import preview_followups

    claim = {
        "sources": ["s"],
        "preview": {"available_by": "2025-04-01"},
        "derivation": {
            "formula": "result",
            "results": [
                {
                    "round": "v4.1",
                    "model": "llama2-70b-99",
                    "scenario": "Offline",
                    "result_id": "v4.1-0070",
                }
            ],
        },
    }
    (note,) = preview_followups(registry_of(mi300x=claim), list(dataset.records))
    assert "claim 'mi300x'" in note and "5.1-0001" in note and "v5.1" in note
    confirmed = {**claim, "preview": {"available_by": "2025-04-01", "confirmed": "2025-04-02"}}
    assert preview_followups(registry_of(mi300x=confirmed), list(dataset.records)) == []


def test_claim_formulas_for_energy_and_per_accelerator_ratios(dataset):
    # From the raw files: v4.1-0049 (8x H200 MaxQ) llama2-70b-99.9 Offline 25262.1 Tokens/s at
    # 6152.99... W; 5.1-0061 (Lenovo 8x B200) 102909 Tokens/s at 10400.96... W; per accelerator
    # (8 each) 3157.76 and 12863.6.
    from generator.editorial.claims import Derivation
    from generator.editorial.recomputation import recompute

    h200 = {
        "round": "v4.1",
        "model": "llama2-70b-99.9",
        "scenario": "Offline",
        "result_id": "v4.1-0049",
    }
    b200 = {
        "round": "v5.1",
        "model": "llama2-70b-99.9",
        "scenario": "Offline",
        "result_id": "5.1-0061",
    }
    h200_record = one(dataset, "4.1-0049", "llama2-70b-99.9", "Offline")
    b200_record = one(dataset, "5.1-0061", "llama2-70b-99.9", "Offline")
    energy = recompute(Derivation(formula="efficiency", results=[h200]), list(dataset.records))
    assert energy.value == pytest.approx(25262.1 / h200_record.power_result)
    assert energy.value == pytest.approx(4.106, abs=0.001)
    ratio = recompute(
        Derivation(formula="ratio", of="efficiency", results=[b200, h200]), list(dataset.records)
    )
    assert ratio.value == pytest.approx(
        (102909 / b200_record.power_result) / (25262.1 / h200_record.power_result)
    )
    per = recompute(
        Derivation(formula="ratio", of="per_accelerator", results=[b200, h200]),
        list(dataset.records),
    )
    assert per.value == pytest.approx((102909 / 8) / (25262.1 / 8))
    with pytest.raises(ValueError, match="'of' applies to formula 'ratio' only"):
        Derivation(formula="result", of="efficiency", results=[h200])


ARTICLE = "two-years-of-accelerator-generations"


def test_the_generations_article_quotes_ten_derived_figures_that_check_recomputes():
    # Issue 11 asks for at least ten figures derived from the dataset and recomputed.
    from generator.editorial.articles import articles
    from generator.editorial.claims import load_registry
    from tests.conftest import ROOT

    registry = load_registry(ROOT / "data" / "claims.yaml")
    posts = [p for p in articles(ROOT / "docs") if p.key == ARTICLE]
    assert sorted(p.lang.code for p in posts) == ["en", "it", "zh"]
    quoted = {r.claim_id for p in posts for r in p.claim_references()}
    derived = {c for c in quoted if registry.claims[c].derivation is not None}
    assert len(derived) >= 10 and derived == quoted


def test_a_drifted_figure_of_the_article_fails_check(tmp_path):
    # 5.39× is 16,531.625 / 3,065.6125 (per accelerator, 6.1-0088 over v4.1-0043) rounded to
    # two decimals; stating 5.40 must fail, naming the article in every language (the page
    # would otherwise show the data's 5.39 beside an article rounded otherwise).
    from generator.editorial.check import check
    from generator.errors import InputErrors

    root = real_project(tmp_path)
    claims = root / "data" / "claims.yaml"
    text = claims.read_text(encoding="utf-8")
    start = text.index("  gen-gb300-over-h100:")
    claims.write_text(
        text[:start]
        + text[start:].replace(
            "  gen-gb300-over-h100:\n", "  gen-gb300-over-h100:\n    stated: 5.40\n", 1
        ),
        encoding="utf-8",
    )
    with pytest.raises(InputErrors) as caught:
        check(root)
    (message,) = [str(e) for e in caught.value.errors if "gen-gb300-over-h100" in str(e)]
    for code in ("en", "zh", "it"):
        assert f"docs/{code}/blog/posts/{ARTICLE}.md line" in message


def check_messages(tmp_path, claim_id, **changes):
    """``check`` errors about ``claim_id`` after editing it in a copy of the real project."""
    import yaml

    from generator.editorial.check import check
    from generator.errors import InputErrors

    root = real_project(tmp_path)
    path = root / "data" / "claims.yaml"
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    raw["claims"][claim_id].update(changes)
    path.write_text(yaml.safe_dump(raw, allow_unicode=True, sort_keys=False), encoding="utf-8")
    with pytest.raises(InputErrors) as caught:
        check(root)
    return [
        str(e)
        for e in caught.value.errors
        if f"claim '{claim_id}'" in str(e) or f"'claims.{claim_id}" in str(e)
    ]


def test_a_claim_unit_is_what_its_derivation_computes(tmp_path):
    # gen-h200-tokens-per-joule is an efficiency of a Tokens/s result: tokens/J, never mJ, and
    # the unit is not typed at all; nor may a stated figure claim to be a percentage.
    (message,) = check_messages(tmp_path, "gen-h200-tokens-per-joule", unit="mJ")
    assert "a claim with a derivation does not type 'unit'" in message
    (message,) = check_messages(tmp_path / "pct", "gen-h200-tokens-per-joule", stated="4.11 %")
    assert "stated 4.11 % is a percentage, but the derivation computes tokens/J" in message


def test_a_ratio_of_figures_in_different_units_is_refused(tmp_path):
    # v4.1-0049 bert-99 Offline is in samples/J, v4.1-0068 resnet SingleStream in mJ.
    derivation = {
        "formula": "ratio",
        "of": "efficiency",
        "results": [
            {"round": "v4.1", "model": "bert-99", "scenario": "Offline", "result_id": "v4.1-0049"},
            {
                "round": "v4.1",
                "model": "resnet",
                "scenario": "SingleStream",
                "result_id": "v4.1-0068",
            },
        ],
    }
    (message,) = check_messages(tmp_path, "gen-b200-over-h200-energy", derivation=derivation)
    assert "over figures in different units" in message and "samples/J" in message


def test_a_status_is_the_category_of_its_results(tmp_path, dataset):
    # v4.1-0074 (B200) is a preview-category result in the raw v4.1 file. Quoted as published
    # (formula result: one accelerator, so the same 11,264 Tokens/s) its flag is computed as
    # preview, never verified; without the preview block that says when the product is due,
    # check refuses it, and a typed status is refused whatever it says.
    from generator.editorial.claims import Claim
    from generator.editorial.recomputation import figure, recompute

    quoted = {
        "formula": "result",
        "results": [
            {
                "round": "v4.1",
                "model": "llama2-70b-99.9",
                "scenario": "Offline",
                "result_id": "4.1-0074",
            }
        ],
    }
    claim = Claim.model_validate(
        {"sources": ["s"], "derivation": quoted, "preview": {"available_by": "2025-04-02"}}
    )
    shown = figure(claim, recompute(claim.derivation, list(dataset.records)))
    assert (shown.status, shown.value) == ("preview", 11264)
    (message,) = check_messages(tmp_path, "gen-b200-llama2-v41", preview=None, derivation=quoted)
    assert "v4.1-0074 is a preview result, so the figure is flagged ◔ preview" in message
    (message,) = check_messages(tmp_path / "typed", "gen-b200-llama2-v41", status="verified")
    assert "a claim with a derivation does not type 'status'" in message
    (message,) = check_messages(
        tmp_path / "derived", "gen-b200-available-over-preview", preview=None
    )
    assert "v4.1-0074 is a preview result" in message
