"""The citation of any row of a ranked table, as a reader gets it with the row's "Cite"
button (cite.js), in headless Chromium against the built site."""

import datetime as dt
import json

import pytest

from tests.conftest import DATA
from tests.fixtures import long_date

pytestmark = pytest.mark.browser

BENCHMARK = "results/v6.1/datacenter/gpt-oss-120b/offline/"
# The second closed row of the benchmark (not the leader, whose citation the page prints),
# from data/results/v6.1.csv: CoreWeave, "CoreWeave GB300 NVL72 (72x GB300-288GB_aarch64)",
# result 1197710.0 Tokens/s, closed, available, datacenter, result ID 6.1-0025 (derived, so
# shown without a "v"), location closed/CoreWeave/results/GB300-NVL72_GB300-288GB_aarch64x72_TRT/
# gpt-oss-120b/Offline/performance/run_1.
ROW_ID = "6.1-0025"
URL = (
    "https://github.com/mlcommons/inference_results_v6.1/tree/main/closed/CoreWeave/results/"
    "GB300-NVL72_GB300-288GB_aarch64x72_TRT/gpt-oss-120b/Offline/performance/run_1"
)
SYSTEM = "CoreWeave GB300 NVL72 (72x GB300-288GB_aarch64)"


def long_day(iso: str, lang: str) -> str:
    """An ISO date in CLDR's long form, written out by hand (``fixtures.long_date``): a
    citation's date of retrieval."""
    return long_date(dt.date.fromisoformat(iso), lang)


def retrieved(round_name="v6.1"):
    """The day this dataset read a round: the date of the last import in its changelog."""
    path = DATA / "changelog" / f"{round_name}.json"
    return json.loads(path.read_text(encoding="utf-8"))[-1]["date"]


# The sentence a citation adds for a result ID this site derived (every v6.1 ID: the column
# result_id_derived of data/results/v6.1.csv is true), written out by hand.
DERIVED = {
    "en": (
        "Result ID {id} is not published by MLCommons: the {round} summary carries no result "
        "IDs, so this site derived it with the rule of MLCommons' final-report tool "
        "(generate_final_report.py in mlcommons/inference), one number per system under test; "
        "the ID MLCommons publishes may differ. "
    ),
    "it": (
        "L'ID risultato {id} non è pubblicato da MLCommons: il riepilogo del round {round} "
        "non riporta gli ID dei risultati, perciò questo sito lo ha ricavato con la regola "
        "dello strumento con cui MLCommons redige il rapporto finale (generate_final_report.py "
        "in mlcommons/inference), un numero per ogni sistema in prova; l'ID che MLCommons "
        "pubblicherà potrebbe essere diverso. "
    ),
}


def cited(lang, submitter, figure, round, model, scenario, system, url, id, derived, day=None):
    """A datacenter, closed, available result's citation written out by hand in the
    guidelines' form, in en or it, with the figure as the language writes it
    (1,197,710 / 1.197.710) and the catalog's words for the unit, division, category and
    suite."""
    day = long_day(day or retrieved(round), lang)
    note = DERIVED[lang].format(id=id, round=round) if derived else ""
    if lang == "en":
        return (
            f"{submitter} achieved {figure} on the MLPerf® Inference {round} {model} "
            f"benchmark, {scenario} scenario, using {system} [1].\n"
            f"[1] MLPerf® Inference {round}, datacenter suite, closed division, available "
            f"category, {model}, {scenario}. Retrieved from {url} on {day}, entry {id}. {note}"
            "Result verified by MLCommons Association. The MLPerf name and logo are registered "
            "and unregistered trademarks of MLCommons Association in the United States and "
            "other countries. All rights reserved. Unauthorized use strictly prohibited. See "
            "www.mlcommons.org for more information."
        )
    return (
        f"{submitter} ha ottenuto {figure} nel benchmark {model} di MLPerf® "
        f"Inference {round}, scenario {scenario}, con il sistema {system} [1].\n"
        f"[1] MLPerf® Inference {round}, suite datacenter, divisione closed, categoria "
        f"disponibile, {model}, {scenario}. Consultato su {url} il {day}, voce {id}. {note}"
        "Risultato verificato da MLCommons Association. Il nome e il logo MLPerf sono marchi "
        "registrati e non registrati di MLCommons Association negli Stati Uniti e in altri "
        "paesi. Tutti i diritti riservati. Ogni uso non autorizzato è severamente vietato. Per "
        "maggiori informazioni si veda www.mlcommons.org."
    )


def expected(lang):
    """The citation of the benchmark's second closed row (ROW_ID, derived)."""
    return cited(
        lang,
        "CoreWeave",
        {"en": "1,197,710 tokens/s", "it": "1.197.710 token/s"}[lang],
        "v6.1",
        "gpt-oss-120b",
        "Offline",
        SYSTEM,
        URL,
        ROW_ID,
        derived=True,
    )


@pytest.mark.parametrize("lang, label", [("en", "Cite result"), ("it", "Cita il risultato")])
def test_a_non_leading_row_gives_its_citation(page, base_url, lang, label):
    page.goto(f"{base_url}{lang}/{BENCHMARK}")
    button = page.get_by_role("button", name=f"{label} {ROW_ID}", exact=True)
    # Keyboard: the button takes the focus and Enter opens the citation, focused to copy.
    button.focus()
    page.keyboard.press("Enter")
    shown = page.locator(".mlperf-cite-panel pre")
    assert shown.evaluate("node => node === document.activeElement")
    assert shown.inner_text() == expected(lang)
    assert page.console_errors == []


def test_without_script_the_rows_stay_as_they_are(browser, base_url):
    context = browser.new_context(java_script_enabled=False)
    tab = context.new_page()
    tab.goto(f"{base_url}en/{BENCHMARK}")
    row = tab.locator("tr", has=tab.locator(f"a:text-is('{ROW_ID}')"))
    assert row.locator("button").count() == 0
    assert SYSTEM in row.inner_text() and "1,197,710" in row.inner_text()
    context.close()


def test_a_submitter_page_cites_its_rows(page, base_url):
    # CoreWeave's v6.1 page has this row among others of several benchmarks.
    page.goto(f"{base_url}en/results/v6.1/submitters/coreweave/")
    row = page.locator("tr", has=page.locator(f"a[href='{URL}']"))
    row.get_by_role("button", name=f"Cite result {ROW_ID}").click()
    assert page.locator(".mlperf-cite-panel pre").first.inner_text() == expected("en")


def test_a_family_table_cites_the_result_of_a_cell(page, base_url):
    # The NVIDIA datacenter family's gpt-oss-120b Offline table shows GB300's best v6.1
    # figure per accelerator, 1197710 / 72 = 16,635, whose result is this row's.
    page.goto(f"{base_url}en/results/families/nvidia-datacenter/")
    cell = page.locator("td", has=page.locator(f"a[href='{URL}']"))
    cell.get_by_role("button", name=f"Cite result {ROW_ID}").click()
    table = page.locator(".mlperf-table", has=cell)
    panel = page.locator(".mlperf-table + .mlperf-cite-panel", has=page.locator("pre:focus"))
    assert panel.locator("pre").inner_text() == expected("en")
    assert table.count() == 1


# The comparison of AMD's v4.1 system v4.1-0001 (A) with AMD's v6.1 system 6.1-0003 (B), row
# "llama2-70b-99.9 · datacenter · Offline", from data/results/v4.1.csv and v6.1.csv:
# A: "Supermicro AS-8125GS-TNMR2", 3062.72 Tokens/s (3,062.7: one decimal from 100 to 10,000),
#    ID published as v4.1-0001, folder closed/AMD/results/1xMI300X_2xEPYC-9374F/
#    llama2-70b-99.9/Offline;
# B: "smci355-ccs-aus-m13-13 (AS -4126GS-NMR-LCC)", 106517.0 Tokens/s, ID 6.1-0003 (derived),
#    folder closed/AMD/results/8xMI355X_2xEPYC_9575F/llama2-70b-99.9/Offline/performance/run_1.
COMPARE = "results/compare/?a=v4.1-0001&b=6.1-0003"
REPOSITORY = "https://github.com/mlcommons/inference_results_{}/tree/main/"
COMPARED = {
    "v4.1-0001": dict(
        submitter="AMD",
        round="v4.1",
        model="llama2-70b-99.9",
        scenario="Offline",
        system="Supermicro AS-8125GS-TNMR2",
        id="v4.1-0001",
        derived=False,
        url=REPOSITORY.format("v4.1") + "closed/AMD/results/1xMI300X_2xEPYC-9374F/"
        "llama2-70b-99.9/Offline",
        figure={"en": "3,062.7 tokens/s", "it": "3.062,7 token/s"},
    ),
    "6.1-0003": dict(
        submitter="AMD",
        round="v6.1",
        model="llama2-70b-99.9",
        scenario="Offline",
        system="smci355-ccs-aus-m13-13 (AS -4126GS-NMR-LCC)",
        id="6.1-0003",
        derived=True,
        url=REPOSITORY.format("v6.1") + "closed/AMD/results/"
        "8xMI355X_2xEPYC_9575F/llama2-70b-99.9/Offline/performance/run_1",
        figure={"en": "106,517 tokens/s", "it": "106.517 token/s"},
    ),
}


def by_hand(lang, words):
    return cited(lang, **{**words, "figure": words["figure"][lang]})


@pytest.mark.parametrize("lang, label", [("en", "Cite result"), ("it", "Cita il risultato")])
def test_each_result_of_a_comparison_gives_its_citation(page, base_url, lang, label):
    page.goto(f"{base_url}{lang}/{COMPARE}")
    row = page.locator(
        ".mlperf-compare__output tbody tr",
        has=page.locator(
            "td:first-child",
            has_text="llama2-70b-99.9 · datacenter" if lang == "en" else "llama2-70b-99.9",
        ),
        has_text="Offline",
    )
    row.first.wait_for()  # compare.js draws the rows after the page has loaded
    assert row.count() == 1
    shown = page.locator(".mlperf-cite-panel pre")
    for id in ("v4.1-0001", "6.1-0003"):
        # Keyboard: the button takes the focus and Enter opens the citation, focused to copy.
        row.get_by_role("button", name=f"{label} {id}", exact=True).focus()
        page.keyboard.press("Enter")
        assert shown.evaluate("node => node === document.activeElement")
        assert shown.inner_text() == by_hand(lang, COMPARED[id])
    assert page.console_errors == []


def test_the_comparison_download_carries_both_citations(page, base_url):
    page.goto(f"{base_url}en/{COMPARE}")
    page.locator(".mlperf-compare__output tbody tr").first.wait_for()
    with page.expect_download() as started:
        page.locator(".mlperf-compare__output a[download='comparison.json']").click()
    rows = json.loads(started.value.path().read_text(encoding="utf-8"))
    row = next(r for r in rows if r["benchmark"] == "datacenter/llama2-70b-99.9/Offline")
    assert row["a_citation"] == by_hand("en", COMPARED["v4.1-0001"])
    assert row["b_citation"] == by_hand("en", COMPARED["6.1-0003"])


EXPLORE = "results/explore/"
# The best closed v6.1 llama2-70b-99.9 Offline result, from data/results/v6.1.csv: CoreWeave's
# 6.1-0025 (derived), 1136100.0 Tokens/s on 72 accelerators, folder closed/CoreWeave/results/
# GB300-NVL72_GB300-288GB_aarch64x72_TRT/llama2-70b-99.9/Offline/performance/run_1. Shown per
# accelerator (15,779.2), it is still cited as MLCommons published it, per system.
EXPLORED = dict(
    submitter="CoreWeave",
    round="v6.1",
    model="llama2-70b-99.9",
    scenario="Offline",
    system=SYSTEM,
    id="6.1-0025",
    derived=True,
    url=REPOSITORY.format("v6.1") + "closed/CoreWeave/results/"
    "GB300-NVL72_GB300-288GB_aarch64x72_TRT/llama2-70b-99.9/Offline/performance/run_1",
    figure={"en": "1,136,100 tokens/s", "it": "1.136.100 token/s"},
)


@pytest.mark.parametrize("lang, label", [("en", "Cite result"), ("it", "Cita il risultato")])
def test_an_explorer_row_gives_its_citation(page, base_url, lang, label):
    page.goto(
        f"{base_url}{lang}/{EXPLORE}?round=v6.1&model=llama2-70b-99.9&scenario=Offline"
        "&division=closed&sort=-result&per=accelerator"
    )
    page.get_by_role("button", name=f"{label} 6.1-0025", exact=True).focus()
    page.keyboard.press("Enter")
    shown = page.locator(".mlperf-cite-panel pre")
    assert shown.evaluate("node => node === document.activeElement")
    assert shown.inner_text() == by_hand(lang, EXPLORED)
    assert page.console_errors == []


def test_an_explorer_row_of_a_published_id_and_the_view_download(page, base_url):
    # v4.1-0001's llama2-70b-99.9 Offline result, as in the comparison above; its ID is
    # published, so its citation has no sentence on a derived ID. Its download's line carries
    # the same text.
    page.goto(
        f"{base_url}en/{EXPLORE}?round=v4.1&model=llama2-70b-99.9&scenario=Offline&submitter=AMD"
    )
    page.get_by_role("button", name="Cite result v4.1-0001", exact=True).click()
    text = page.locator(".mlperf-cite-panel pre").inner_text()
    assert text == by_hand("en", COMPARED["v4.1-0001"]) and "derived" not in text
    with page.expect_download() as started:
        page.locator(".mlperf-explore__output a[download='mlperf-results.json']").click()
    lines = json.loads(started.value.path().read_text(encoding="utf-8"))
    # The download names the ID as the dataset does: published spelling beside the canonical.
    assert [line["citation"] for line in lines if line["result_id_published"] == "v4.1-0001"] == [
        text
    ]


@pytest.mark.parametrize(
    "lang, query",
    [
        # Every round's llama2-70b-99.9 Offline: IDs published (v4.1's "v4.1-…", v5.1, v6.0) and
        # derived (v6.1), figures of 3 to 7 digits.
        ("zh", "?model=llama2-70b-99.9&scenario=Offline"),
        # v6.0 spells Oracle "ORACLE" (data/results/v6.0.csv): the citation names the submitter
        # as published, though the explorer lists it under the organization's one name.
        ("en", "?round=v6.0&submitter=Oracle"),
        # Edge results of v5.1: latencies in ms beside throughputs.
        ("it", "?round=v5.1&suite=edge"),
    ],
)
def test_every_explorer_citation_is_the_one_the_build_writes(page, base_url, dataset, lang, query):
    # The explorer puts each row's words together in the browser: every line of a view's
    # download must carry exactly the citation the build writes for its record
    # (citations.citation, as the ranked tables' and downloads' citations).
    from generator.i18n.languages import language
    from generator.pages import citations

    page.goto(f"{base_url}{lang}/{EXPLORE}{query}")
    page.locator(".mlperf-explore__count").wait_for()
    with page.expect_download() as started:
        page.locator(".mlperf-explore__output a[download='mlperf-results.json']").click()
    lines = json.loads(started.value.path().read_text(encoding="utf-8"))
    assert len(lines) > 5
    for line in lines:
        records = [
            r
            for r in dataset.records
            if (r.result_id, r.model, r.scenario, r.suite, r.result)
            == (line["result_id"], line["model"], line["scenario"], line["suite"], line["result"])
        ]
        assert len(records) == 1, line
        record = records[0]
        assert line["citation"] == citations.citation(
            record, language(lang), retrieved(record.round)
        ), line
    if "Oracle" in query:
        assert all("ORACLE achieved" in line["citation"] for line in lines)


def test_a_derived_id_of_a_comparison_is_marked_as_on_the_benchmark_pages(page, base_url):
    # 6.1-0003 is derived (v6.1's summary carries no IDs: result_id_derived true in
    # data/results/v6.1.csv), v4.1-0001 is MLCommons' own: only B's IDs carry the †.
    page.goto(f"{base_url}en/{COMPARE}")
    rows = page.locator(".mlperf-compare__output tbody tr")
    rows.first.wait_for()
    a_cells, b_cells = (rows.locator(f"td:nth-child({n})") for n in (2, 3))
    assert a_cells.locator("sup").count() == 0
    marks = b_cells.locator("sup")
    assert marks.count() == rows.count()
    assert {m.inner_text() for m in marks.all()} == {"†"}
    assert {m.get_attribute("title") for m in marks.all()} == {
        "ID derived with MLCommons' rule; MLCommons has not published it yet"
    }


def test_an_explorer_citation_is_closed_when_its_row_leaves_the_table(page, base_url):
    # v4.1-0001 is AMD's llama2-70b-99.9 Offline result (data/results/v4.1.csv); choosing
    # v5.1 leaves it out of the table: its citation must not stay shown. Sorting the view
    # keeps the row, and its citation.
    page.goto(
        f"{base_url}en/{EXPLORE}?round=v4.1&model=llama2-70b-99.9&scenario=Offline&submitter=AMD"
    )
    page.get_by_role("button", name="Cite result v4.1-0001", exact=True).click()
    panel = page.locator(".mlperf-cite-panel")
    assert panel.is_visible() and "v4.1-0001" in panel.inner_text()
    page.select_option("#explore-sort", "-accelerators")
    page.wait_for_function("new URLSearchParams(location.search).get('sort') === '-accelerators'")
    assert panel.is_visible() and "v4.1-0001" in panel.inner_text()
    page.select_option("#explore-round", "v5.1")
    page.wait_for_function("new URLSearchParams(location.search).get('round') === 'v5.1'")
    assert "v4.1-0001" not in page.locator(".mlperf-explore__output tbody").inner_text()
    assert panel.is_hidden()
    assert "v4.1-0001" not in panel.evaluate("node => node.textContent")
    assert page.console_errors == []
