"""Data never reaches a page as markup: a script payload in a system name (and its notes,
accelerator, host processor, framework and operating system) is shown as text in the table,
the chart, the comparison pages (also the one the browser builds) and the downloads, and never
runs. The hostile site is built from a small copy of the dataset (``small_project_for_site``):
escaping does not depend on how many records a page has, and the build takes seconds, not a
minute."""

import subprocess
import sys

import pytest

from generator.data import accelerators
from generator.data.dataset import cell as dataset_cell
from tests.conftest import ROOT, _QuietHandler
from tests.fixtures import read_rows, small_project_for_site, write_rows

pytestmark = pytest.mark.slow

PAYLOAD = '<img src=x onerror="alert(1)"></script><script>alert(2)</script>**bold** [x](javascript:alert(3))'


@pytest.fixture(scope="module")
def hostile_site(tmp_path_factory):
    root = small_project_for_site(tmp_path_factory.mktemp("hostile"))
    table = root / "data" / "results" / "v6.1.csv"
    claims = (root / "data" / "claims.yaml").read_text(encoding="utf-8")
    rows = read_rows(table)
    # The leading gpt-oss-120b Offline system no claim names, so `check` still passes and the
    # chart (the 10 leading results) shows it.
    target = max(
        (
            r
            for r in rows
            if r["model"] == "gpt-oss-120b"
            and r["scenario"] == "Offline"
            and r["system_name"] not in claims
            and r["division"] == "closed"
        ),
        key=lambda r: float(r["result"]),
    )
    original = target["system_name"]
    for row in rows:
        if row["system_name"] == original:
            row["system_name"] = PAYLOAD
            row["notes"] = PAYLOAD
            # Free-text fields shown in tables, downloads and the explorer.
            row["host_processor"] = row["framework"] = row["operating_system"] = PAYLOAD
            # The accelerator names a page: its title reaches <title> and the card's meta tags.
            # Its canonical fields are what the importer derives (an accelerator the alias
            # table does not know, named by its spelling).
            row["accelerator"] = PAYLOAD
            row.update(
                {
                    name: dataset_cell(value)
                    for name, value in accelerators.record_fields(PAYLOAD).items()
                }
            )
    write_rows(table, rows)
    subprocess.run(
        [sys.executable, "-m", "generator", "--root", str(root), "site", "--lang", "en"],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    return root / "site"


def test_payload_is_escaped_in_every_generated_file(hostile_site):
    for path in (hostile_site / "en").rglob("*.html"):
        text = path.read_text(encoding="utf-8")
        assert "<script>alert(2)</script>" not in text, path
        assert 'onerror="alert(1)"' not in text, path
        assert 'href="javascript:' not in text, path
    page = hostile_site / "en/results/v6.1/datacenter/gpt-oss-120b/offline/index.html"
    assert "&lt;img src=x onerror=" in page.read_text(encoding="utf-8")


@pytest.mark.browser
def test_payload_never_runs_in_the_browser(hostile_site, browser):
    import functools
    import http.server
    import threading

    # The whole site, not only en/: the chart code is published once, at the site root.
    handler = functools.partial(_QuietHandler, directory=str(hostile_site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    dialogs = []
    page = browser.new_page()
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    try:
        base = f"http://127.0.0.1:{server.server_port}/en/"
        for path in (
            "results/v6.1/datacenter/gpt-oss-120b/offline/",
            "results/v6.1/submitters/",
            "results/v6.1/",
        ):
            page.goto(base + path)
            page.wait_for_load_state("networkidle")
        page.goto(base + "results/v6.1/datacenter/gpt-oss-120b/offline/")
        page.hover("figure.mlperf-chart")  # charts draw when reached for
        page.wait_for_selector("figure.mlperf-chart[data-drawn] svg .mark-rect path", timeout=20000)
        # The payload is on the page as text, in the table and on the chart.
        assert page.locator("td", has_text="onerror=").count() >= 1
        assert "onerror" in page.locator("figure.mlperf-chart svg").inner_html()
        # The comparison of two systems builds its table in the browser, from its round's file
        # of systems (systems-v6-1.<hash>.json), fetched when the system is chosen.
        page.goto(base + "results/compare/")
        hostile = page.locator("#compare-a option", has_text="onerror=").get_attribute("value")
        page.select_option("#compare-a", hostile)
        page.select_option("#compare-b", hostile)  # with itself: every benchmark is shared
        page.wait_for_selector(".mlperf-compare__output th:has-text('onerror=')")
        assert dialogs == []
    finally:
        page.close()
        server.shutdown()
