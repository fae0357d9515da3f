"""The built site: every benchmark has a page in every language, with the right figures."""

import html
import json
import re

import pytest

from generator.data.dataset import result_url
from generator.i18n.languages import LANGUAGES
from generator.model.benchmarks import benchmarks_of


@pytest.mark.parametrize("lang", [l.code for l in LANGUAGES])
def test_every_benchmark_has_a_page_with_chart_files(site, dataset, lang):
    for round_name in dataset.rounds:
        for benchmark in benchmarks_of(dataset.of_round(round_name)):
            folder = site / lang / "results" / benchmark.path
            assert (folder / "index.html").is_file(), folder
            assert (folder / "leaders.svg").is_file() and list(folder.glob("leaders.*.vl.json"))


def test_root_pages_send_readers_to_their_language(site):
    root = (site / "index.html").read_text(encoding="utf-8")
    for lang in LANGUAGES:
        assert f'href="{lang.code}/"' in root
    assert "navigator.languages" in root
    assert (site / "404.html").is_file()


# The highest Tokens/s result of v6.1, found by hand in the raw summary file: gpt-oss-120b,
# Offline, Crusoe Cloud 64x8 MI355X (512 GPU), 5749440.0 Tokens/s.
RECORD = {"en": "5,749,440", "it": "5.749.440", "zh": "5,749,440"}
UNITS = {"en": "tokens/s", "it": "token/s", "zh": "tokens/秒"}  # formatting.UNIT_TEXTS


@pytest.mark.parametrize("lang", ["en", "zh", "it"])
def test_highest_tokens_per_second_result_is_on_its_page(site, dataset, lang):
    top = max(
        (r for r in dataset.of_round("v6.1") if r.units == "Tokens/s"), key=lambda r: r.result
    )
    assert (top.model, top.scenario, top.result) == ("gpt-oss-120b", "Offline", 5749440.0)
    page = (site / lang / "results/v6.1/datacenter/gpt-oss-120b/offline/index.html").read_text(
        encoding="utf-8"
    )
    # The ranked table's rows carry their division and category as classes.
    first_row = page[page.index('<tr class="closed') :].split("</tr>")[0]
    assert html.escape(top.system_name) in first_row
    assert f">{RECORD[lang]}<" in first_row
    assert UNITS[lang] in page
    assert f'href="{html.escape(result_url("v6.1", top.location))}"' in first_row


def test_results_pages_declare_their_language(site):
    for lang in LANGUAGES:
        page = (site / lang.code / "results/index.html").read_text(encoding="utf-8")
        assert re.search(rf'<html[^>]* lang="{lang.code}"', page)


def test_a_cname_in_docs_reaches_the_site_root(tmp_path):
    import shutil

    from generator.site.finish import write_root_pages
    from tests.conftest import ROOT

    shutil.copy(ROOT / "mkdocs.yml", tmp_path / "mkdocs.yml")
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "CNAME").write_text("mlperf.example.org\n", encoding="utf-8")
    write_root_pages(tmp_path / "site", tmp_path, "/mlperf-wiki/")
    assert (tmp_path / "site" / "CNAME").read_text(encoding="utf-8") == "mlperf.example.org\n"
    assert (tmp_path / "site" / "404.html").is_file()


def test_submitters_keep_one_colour_and_never_share_one_on_a_chart(site):
    seen: dict[str, str] = {}
    for spec_file in (site / "en" / "results").rglob("leaders.*.vl.json"):
        scale = json.loads(spec_file.read_text(encoding="utf-8"))["encoding"]["color"]["scale"]
        pairs = dict(zip(scale["domain"], scale["range"]))
        assert len(set(pairs.values())) == len(pairs), spec_file  # distinct on this chart
        for submitter, colour in pairs.items():
            assert seen.setdefault(submitter, colour) == colour, submitter  # same everywhere
    assert len(seen) > 20  # enough submitters that a 20-colour hash would have collided
