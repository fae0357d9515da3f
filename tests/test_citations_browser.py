"""The citation of any row of a ranked table, as a reader gets it with the row's "Cite"
button (cite.js), in headless Chromium against the built site."""

import json

import pytest

from tests.conftest import DATA

pytestmark = pytest.mark.browser

BENCHMARK = "results/v6.1/datacenter/gpt-oss-120b/offline/"
# The second closed row of the benchmark (not the leader, whose citation the page prints),
# from data/results/v6.1.csv: CoreWeave, "CoreWeave GB300 NVL72 (72x GB300-288GB_aarch64)",
# result 1197710.0 Tokens/s, closed, available, datacenter, result ID 6.1-0025 (derived, so
# shown without a "v"), location closed/CoreWeave/results/GB300-NVL72_GB300-288GB_aarch64x72_TRT/
# gpt-oss-120b/Offline/performance/run_1.
ROW_ID = "6.1-0025"
URL = ("https://github.com/mlcommons/inference_results_v6.1/tree/main/closed/CoreWeave/results/"
       "GB300-NVL72_GB300-288GB_aarch64x72_TRT/gpt-oss-120b/Offline/performance/run_1")
SYSTEM = "CoreWeave GB300 NVL72 (72x GB300-288GB_aarch64)"


def retrieved():
    """The day this dataset read v6.1: the date of the last import in its changelog."""
    return json.loads((DATA / "changelog" / "v6.1.json").read_text(encoding="utf-8"))[-1]["date"]


def expected(lang):
    """The citation written out by hand in the guidelines' form, with the figure as each
    language writes it (1,197,710 / 1.197.710) and the catalog's words for the unit, division,
    category and suite."""
    day = retrieved()
    if lang == "en":
        return (
            f"CoreWeave achieved 1,197,710 Tokens/s on the MLPerf® Inference v6.1 gpt-oss-120b "
            f"benchmark, Offline scenario, using {SYSTEM} [1].\n"
            f"[1] MLPerf® Inference v6.1, datacenter suite, closed division, available category, "
            f"gpt-oss-120b, Offline. Retrieved from {URL} on {day}, entry {ROW_ID}. "
            "Result verified by MLCommons Association. The MLPerf name and logo are registered "
            "and unregistered trademarks of MLCommons Association in the United States and "
            "other countries. All rights reserved. Unauthorized use strictly prohibited. See "
            "www.mlcommons.org for more information.")
    return (
        f"CoreWeave ha ottenuto 1.197.710 token/s nel benchmark gpt-oss-120b di MLPerf® "
        f"Inference v6.1, scenario Offline, con il sistema {SYSTEM} [1].\n"
        f"[1] MLPerf® Inference v6.1, suite datacenter, divisione closed, categoria disponibile, "
        f"gpt-oss-120b, Offline. Consultato su {URL} in data {day}, voce {ROW_ID}. Risultato "
        "verificato da MLCommons Association. Il nome e il logo MLPerf sono marchi registrati "
        "e non registrati di MLCommons Association negli Stati Uniti e in altri paesi. Tutti i "
        "diritti riservati. Ogni uso non autorizzato è severamente vietato. Per maggiori "
        "informazioni si veda www.mlcommons.org.")


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
