"""MLCommons' results messaging guidelines (mlcommons/policies,
MLPerf_Results_Messaging_Guidelines.adoc) as the build applies them: the trademark legend on
every page, the verified / not verified sentences, derived figures marked, and comparisons that
state their differences."""

import csv
import re

import pytest

from generator.editorial.guidelines import differences, unstated_differences
from generator.i18n.languages import language
from generator.pages import citations
from tests.conftest import SITE, pages_under

# Quoted from the guidelines' "Attribution" section.
LEGEND = (
    "The MLPerf name and logo are registered and unregistered trademarks of MLCommons "
    "Association in the United States and other countries. All rights reserved. "
    "Unauthorized use strictly prohibited. See www.mlcommons.org for more information."
)
# Our translations, in each language's own words (mkdocs.<code>.yml).
LOCAL = {
    "en": LEGEND,
    "zh": "MLPerf 名称和标志是 MLCommons Association 在美国和其他国家的注册商标",
    "it": "Il nome e il logo MLPerf sono marchi registrati e non registrati di MLCommons",
}
RECORD = "blog/2026/09/17/amd-512-accelerator-record/index.html"
GENERATIONS = "blog/2026/12/01/two-years-of-accelerator-generations/index.html"


@pytest.mark.parametrize("lang", ["en", "zh", "it"])
def test_every_page_carries_the_trademark_legend(site_pages, lang):
    pages = pages_under(site_pages, lang)
    assert len(pages) > 300
    missing = [
        name
        for name, text in pages.items()
        if LOCAL[lang] not in text and 'http-equiv="refresh"' not in text
    ]
    assert missing == []
    if lang != "en":  # in the page's language only (the English text is on How to cite)
        home = (SITE / lang / "index.html").read_text(encoding="utf-8")
        assert '<span lang="en">' not in home and LEGEND not in home


def test_a_comparison_must_state_its_differences(dataset):
    # Two records of the same system kind in two rounds (data/results/v6.0.csv and v6.1.csv):
    # gpt-oss-120b Offline of AMD differs in round, so a ratio of them must say so.
    first = next(
        r
        for r in dataset.records
        if r.round == "v6.1" and r.model == "gpt-oss-120b" and r.division == "closed"
    )
    second = next(
        r
        for r in dataset.records
        if r.round == "v6.0"
        and r.model == "gpt-oss-120b"
        and r.division == "closed"
        and r.category == first.category
        and r.total_accelerators == first.total_accelerators
        and r.scenario == first.scenario
    )
    assert [d[0] for d in differences([first, second])] == ["round"]
    assert unstated_differences("ratio", [], [first, second]) == ["round"]
    assert unstated_differences("ratio", ["round"], [first, second]) == []
    assert unstated_differences("result", [], [first, second]) == []


@pytest.mark.parametrize(
    "lang, differ, verified, derived",
    [
        (
            "en",
            "The compared results differ in: round v6.1 vs v4.1",
            "Result verified by MLCommons",
            "Result not verified by MLCommons",
        ),
        (
            "zh",
            "所比较的结果在以下方面不同",
            "结果已经 MLCommons Association 核验",
            "结果未经 MLCommons Association 核验",
        ),
        (
            "it",
            "I risultati confrontati differiscono per",
            "Risultato verificato da MLCommons",
            "Risultato non verificato da MLCommons",
        ),
    ],
)
def test_claim_footnotes_state_differences_and_verification(lang, differ, verified, derived):
    page = (SITE / lang / GENERATIONS).read_text(encoding="utf-8")
    notes = re.findall(r'<li id="fn:[^"]+">(.*?)</li>', page, re.S)
    assert any(differ in n for n in notes)
    assert any(derived in n for n in notes)  # the generations article's ratios are derived
    record = (SITE / lang / RECORD).read_text(encoding="utf-8")  # quotes official results
    assert any(verified in n for n in re.findall(r'<li id="fn:[^"]+">(.*?)</li>', record, re.S))


@pytest.mark.parametrize("lang", ["en", "zh", "it"])
def test_the_footer_legend_is_the_catalog_translation(lang):
    # The footer (written into each language's generated configuration) and the citations
    # (catalog) say the same legend, once, in the page's language: zh and it pages repeated it
    # in English after their own (the fresh-clone review of issue 34); only the How to cite
    # page quotes MLCommons' English text, labelled as such.
    from generator.editorial.guidelines import LEGEND as KEY
    from generator.i18n.catalogs import translations
    from generator.i18n.languages import language

    page = (SITE / lang / "index.html").read_text(encoding="utf-8")
    legend = page[page.index('<span class="mlperf-legend">') :]
    assert translations(language(lang)).gettext(KEY) in legend
    assert legend.count(KEY) == (lang == "en")
    assert 'lang="en"' not in legend
    assert KEY == LEGEND


@pytest.mark.parametrize(
    "lang, title", [("en", "How to cite"), ("zh", "如何引用"), ("it", "Come citare")]
)
def test_each_language_has_a_how_to_cite_page_and_results_offer_a_citation(lang, title):
    cite = (SITE / lang / "cite" / "index.html").read_text(encoding="utf-8")
    assert "<h1" in cite and title in cite and LEGEND in cite
    assert "MLPerf® Inference" in cite
    # It says what a citation of a derived ID (marked †) must say.
    assert {
        "en": "A result ID marked † is one this site derived",
        "zh": "标有 † 的结果编号由本站按 MLCommons 的规则推导",
        "it": "Un ID risultato segnato con † è stato ricavato",
    }[lang] in cite
    page = (SITE / lang / "results/v6.1/datacenter/gpt-oss-120b/offline/index.html").read_text(
        encoding="utf-8"
    )
    block = re.search(
        r'<pre class="mlperf-citation"[^>]*><code>(.*?)</code></pre>', page, re.S
    ).group(1)
    # The leader of gpt-oss-120b Offline in v6.1 (data/results/v6.1.csv): its result ID and
    # official folder, the round, and the legend in the page's language.
    assert "v6.1" in block and "github.com/mlcommons/inference_results_v6.1" in block
    assert LOCAL[lang] in block


def test_every_row_of_a_results_download_carries_its_citation():
    rows = list(
        csv.DictReader(
            (
                SITE
                / "it"
                / "results/v6.1/datacenter/gpt-oss-120b/offline"
                / "mlperf-inference-v6.1-datacenter-gpt-oss-120b-offline.csv"
            ).open(encoding="utf-8")
        )
    )
    assert rows and all(
        r["result_id"] in r["citation"]
        and "MLPerf® Inference v6.1" in r["citation"]
        and LOCAL["it"] in r["citation"]
        for r in rows
    )


# What a citation of a derived result ID says, written out by hand in each language, then the
# verified sentence that follows it (the catalogs' words).
DERIVED_ID = {
    "en": (
        "entry 6.1-0025. Result ID 6.1-0025 is not published by MLCommons: the v6.1 summary "
        "carries no result IDs, so this site derived it with the rule of MLCommons' "
        "final-report tool (generate_final_report.py in mlcommons/inference), one number per "
        "system under test; the ID MLCommons publishes may differ. Result verified by "
        "MLCommons Association."
    ),
    "zh": (
        "结果编号 6.1-0025。结果编号 6.1-0025 不是 MLCommons 公布的编号：v6.1 的汇总文件没有结果编号，"
        "本站按 MLCommons 最终报告工具（mlcommons/inference 仓库中的 generate_final_report.py）"
        "的规则推导得出，每个被测系统一个编号；MLCommons 日后公布的编号可能与此不同。"
        "结果已经 MLCommons Association 核验。"
    ),
    "it": (
        "voce 6.1-0025. L'ID risultato 6.1-0025 non è pubblicato da MLCommons: il "
        "riepilogo del round v6.1 non riporta gli ID dei risultati, perciò questo sito lo ha "
        "ricavato con la regola dello strumento con cui MLCommons redige il rapporto finale "
        "(generate_final_report.py in mlcommons/inference), un numero per ogni sistema in "
        "prova; l'ID che MLCommons pubblicherà potrebbe essere diverso. Risultato verificato "
        "da MLCommons Association."
    ),
}
PUBLISHED_ID = {
    "en": "entry v4.1-0001. Result verified",
    "zh": "结果编号 v4.1-0001。结果已经",
    "it": "voce v4.1-0001. Risultato verificato",
}


@pytest.mark.parametrize("code", ["en", "zh", "it"])
def test_the_citation_of_a_derived_id_says_it_is_derived_and_how(dataset, code):
    # data/results/v6.1.csv: 6.1-0025 (CoreWeave) has result_id_derived true, as every v6.1
    # ID; data/results/v4.1.csv: v4.1-0001 (AMD) is published (result_id_published v4.1-0001).
    lang = language(code)
    derived = next(r for r in dataset.records if r.result_id == "6.1-0025")
    published = next(r for r in dataset.records if r.result_id == "4.1-0001")
    assert DERIVED_ID[code] in citations.citation(derived, lang, "2026-12-01")
    assert PUBLISHED_ID[code] in citations.citation(published, lang, "2026-12-01")
    # The pages' pattern leaves the sentence to a row's words, empty for a published ID.
    assert "{id}" in citations.pattern(lang) and "{id_note}" in citations.pattern(lang)
    assert citations.words(published, lang, "2026-12-01")["id_note"] == ""
