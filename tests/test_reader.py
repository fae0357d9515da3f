"""What readers get beyond the pages themselves: accessibility, no third-party requests,
downloads of exactly the rows shown, OpenGraph metadata and a sitemap with hreflang."""

import csv
import io
import json
import re

import pytest

from generator.model.benchmarks import benchmarks_of
from generator.model.chart_rows import chart_rows
from tests.conftest import ROOT, download, skip_without_cards
from tests.test_browser import only_local

PAGES = {
    "home": "",
    "article": "blog/2026/09/17/amd-512-accelerator-record/",
    "results": "results/v6.1/datacenter/gpt-oss-120b/offline/",
    "round": "results/v6.1/",
    "tag": "tags/nvidia/",
    "verification": "verification/",
    "data": "data/",
    "submitter": "results/v6.1/submitters/nvidia/",
    "accelerator": "results/accelerators/amd-instinct-mi355x/",
    "compare": "results/compare/",
}
CODES = ["en", "zh", "it"]


@pytest.mark.browser
@pytest.mark.slow  # axe over ten pages a language
@pytest.mark.parametrize("lang", CODES)
def test_pages_have_no_serious_accessibility_violation_and_stay_offline(page, base_url, lang):
    from axe_playwright_python.sync_playwright import Axe

    axe = Axe()  # axe-core ships inside the package: nothing is fetched
    for name, path in PAGES.items():
        page.goto(f"{base_url}{lang}/{path}")
        page.wait_for_load_state("networkidle")
        assert page.locator("html").get_attribute("lang") == lang
        violations = [
            f"{v['id']} ({v['impact']}): {v['nodes'][0]['target']}"
            for v in axe.run(page).response["violations"]
            if v["impact"] in ("serious", "critical")
            # Moderate, but a screen reader's list of landmarks is useless with twins.
            or v["id"] == "landmark-unique"
        ]
        assert violations == [], f"{lang} {name}"
    assert only_local(page.requests) == []
    assert page.console_errors == []


@pytest.mark.browser
def test_keyboard_focus_is_visible(page, base_url):
    page.goto(f"{base_url}en/")
    page.keyboard.press("Tab")
    outline = page.evaluate("""() => {
        const s = getComputedStyle(document.activeElement);
        return [document.activeElement.tagName, s.outlineStyle, s.outlineWidth, s.boxShadow];
    }""")
    assert outline[0] == "A"
    assert outline[1] != "none" or outline[3] != "none", outline


def test_downloads_hold_exactly_the_rows_shown(site, dataset):
    benchmark = next(
        b
        for b in benchmarks_of(dataset.of_round("v6.1"))
        if b.path == "v6.1/datacenter/gpt-oss-120b/offline"
    )
    folder = site / "zh" / "results" / benchmark.path
    stem = "mlperf-inference-v6.1-datacenter-gpt-oss-120b-offline"  # round, benchmark, scenario
    table = list(csv.DictReader(io.StringIO((folder / f"{stem}.csv").read_text("utf-8"))))
    assert [r["result_id"] for r in table] == [r.result_id for r in benchmark.results]
    assert float(table[0]["result"]) == benchmark.results[0].result == 5749440.0
    leaders = json.loads(
        download(site, "zh", f"results/{benchmark.path}/{stem}-leaders.json").read_text("utf-8")
    )
    assert [r["system_name"] for r in leaders] == [r.system_name for r in chart_rows(benchmark)]
    (spec_file,) = folder.glob("leaders.*.vl.json")  # a content-hashed name (site/assets.py)
    spec = json.loads(spec_file.read_text("utf-8"))
    assert [v["system"] for v in spec["data"]["values"]] == [r["system_name"] for r in leaders]
    page = (folder / "index.html").read_text("utf-8")
    # The chart's data is the same in every language: linked at the site root's downloads/.
    assert f'href="{stem}.csv"' in page
    assert (
        f'href="../../../../../../downloads/results/{benchmark.path}/{stem}-leaders.json"' in page
    )


def test_data_page_offers_every_round_with_fields_and_citation(site, dataset):
    page = (site / "it" / "data" / "index.html").read_text("utf-8")
    for round_name in dataset.rounds:
        assert f'href="{round_name}.csv"' in page
        assert (site / "it" / "data" / f"{round_name}.csv").is_file()
    assert "datapackage.json" in page and "@misc{mlperf_wiki_dataset" in page
    assert "Risultato per acceleratore" in page  # field titles from the catalog


@pytest.mark.parametrize("lang", ["en", "zh", "it"])
def test_the_published_data_package_names_files_that_are_published(site, lang):
    # Frictionless reads a resource's path relative to the descriptor: every table it lists
    # must be a file beside it in the language's data/ folder, one per round and per
    # withdrawn table the repository holds (data/results/*.csv, data/withdrawn/*.csv).
    folder = site / lang / "data"
    descriptor = json.loads((folder / "datapackage.json").read_text("utf-8"))
    paths = [resource["path"] for resource in descriptor["resources"]]
    expected = sorted(f"{p.stem}.csv" for p in (ROOT / "data" / "results").glob("*.csv"))
    assert sorted(p for p in paths if "/" not in p) == expected
    assert all((folder / path).is_file() for path in paths), paths
    # Its titles and descriptions mark the name as the pages do (trademark.py).
    text = (folder / "datapackage.json").read_text("utf-8")
    assert "MLPerf®" in descriptor["title"] and not re.search(r"MLPerf(?!®)", text)


def test_pages_carry_opengraph_metadata(site):
    page = (site / "zh" / PAGES["article"] / "index.html").read_text("utf-8")
    # The social plugin writes the card's tags; the site name and locales come from main.html.
    assert page.count('property="og:type"') == 1
    assert '<meta property="og:locale" content="zh_CN">' in page
    assert re.search(r'<meta property="og:title" content="[^"]*纪录', page)
    assert '<meta property="og:url" content="https://' in page


def test_pages_carry_their_social_card(site):
    skip_without_cards()
    page = (site / "zh" / PAGES["article"] / "index.html").read_text("utf-8")
    assert re.search(
        r'<meta property="og:image" content="https://[^"]+/zh/assets/images/'
        r'social/blog/[^"]+\.png"',
        page,
    )


def test_sitemap_lists_the_other_languages_of_each_page(site):
    sitemap = (site / "it" / "sitemap.xml").read_text("utf-8")
    entry = re.search(r"<url>\s*<loc>[^<]*/it/verification/</loc>.*?</url>", sitemap, re.S)
    for code in CODES:
        assert f'hreflang="{code}" href="' in entry.group(0)
        assert f'/{code}/verification/"' in entry.group(0)


def test_submitter_page_lists_every_result_of_the_submitter(site, dataset):
    # Crusoe's v6.1 results, counted in the data: each appears once with its result ID.
    crusoe = [r for r in dataset.of_round("v6.1") if r.submitter == "Crusoe"]
    page = (site / "en" / "results/v6.1/submitters/crusoe/index.html").read_text("utf-8")
    # Each row opens "<tr>" or "<tr data-cite=…>" (its citation); minus the header row.
    assert len(re.findall(r"<tr[ >]", page)) - 1 == len(crusoe)
    for record in crusoe:
        assert f">{record.result_id}</a>" in page


def test_accelerator_history_compares_throughputs_per_accelerator_only(site, dataset):
    from generator.model.benchmarks import benchmarks_of
    from generator.model.comparisons import timeline

    by_round = {name: benchmarks_of(dataset.of_round(name)) for name in dataset.rounds}
    rows = timeline(by_round, ("amd-instinct-mi355x",))
    assert rows, "MI355X ran benchmarks in v6.0 and v6.1"
    for row in rows:
        assert len(row.best) > 1
        for record in row.best.values():
            assert not record.units.startswith("Latency")
            assert record.division == "closed" and record.result_per_accelerator > 0
    page = (site / "it" / "results/accelerators/amd-instinct-mi355x/index.html").read_text("utf-8")
    assert "Round dopo round" in page and 'acceleratori, <span class="keep">6.1-' in page


@pytest.mark.parametrize("lang", CODES)
def test_each_language_has_an_rss_feed_of_its_posts(site, lang):
    import xml.etree.ElementTree as ElementTree

    from generator.editorial.articles import articles
    from tests.conftest import ROOT

    feed = ElementTree.parse(site / lang / "feed_rss_created.xml").getroot()
    assert feed.findtext("channel/language") == lang
    items = feed.findall("channel/item")
    titles = sorted(item.findtext("title") for item in items)
    # The posts' titles with ® after MLPerf (read_article marks them), as the site writes
    # every use of the name.
    assert titles == sorted(p.title for p in articles(ROOT / "docs") if p.lang.code == lang)
    assert all("MLPerf®" in title for title in titles if "MLPerf" in title)
    assert all(f"/{lang}/blog/" in item.findtext("link") for item in items)


def test_citation_file_describes_the_dataset():
    import yaml

    from tests.conftest import ROOT

    citation = yaml.safe_load((ROOT / "CITATION.cff").read_text(encoding="utf-8"))
    assert citation["cff-version"] == "1.2.0" and citation["type"] == "dataset"
    assert citation["license"] == "Apache-2.0" and citation["authors"]
    # The rounds named in the title are the rounds of the committed dataset.
    from tests.conftest import committed_dataset

    assert all(name in citation["title"] for name in committed_dataset().rounds)


def test_every_results_table_offers_its_rows(site):
    # Expected rows counted in the committed CSV with pandas, not taken from the generator.
    import pandas as pd
    import yaml

    table = pd.read_csv(ROOT / "data" / "results" / "v6.1.csv")
    read = lambda path: list(
        csv.DictReader(io.StringIO(download(site, "it", path).read_text("utf-8")))
    )
    crusoe = read("results/v6.1/submitters/crusoe/mlperf-inference-v6.1-crusoe.csv")
    assert sorted(r["result_id"] for r in crusoe) == sorted(
        table[table.submitter == "Crusoe"].result_id
    )
    benchmarks = read("results/v6.1/benchmarks.csv")
    assert len(benchmarks) == len(table.groupby(["suite", "model", "scenario"]))
    submitters = read("results/v6.1/submitters/submitters.csv")
    assert {r["submitter"] for r in submitters} == set(table.submitter)
    claims = {r["claim_id"]: r for r in read("claims.csv")}
    registry = yaml.safe_load((ROOT / "data" / "claims.yaml").read_text("utf-8"))["claims"]
    assert set(claims) == set(registry)
    assert float(claims["gpt-oss-512-offline"]["recomputed_value"]) == 5749440.0
    history = json.loads(
        download(
            site,
            "it",
            "results/accelerators/nvidia-gb300/mlperf-inference-nvidia-gb300-round-over-round.json",
        ).read_text("utf-8")
    )
    assert all(r["result_per_accelerator"] for r in history)
    assert len({r["round"] for r in history}) > 1  # the GB300 ran in v6.0 and v6.1


def test_downloads_spell_each_id_once_and_say_whether_it_is_derived(site):
    # From data/results/v4.1.csv: MLCommons published 4.1-0021 as "v4.1-0021" (column
    # result_id_published), and v6.1's IDs are derived (result_id_derived true, none published).
    import pandas as pd

    published = pd.read_csv(ROOT / "data" / "results" / "v4.1.csv")
    spelling = dict(zip(published.result_id, published.result_id_published))
    read = lambda path: list(
        csv.DictReader(io.StringIO(download(site, "en", path).read_text("utf-8")))
    )
    # The columns are the whole dataset's: result_id canonical, result_id_published as
    # MLCommons spelled it (empty when derived), result_id_derived.
    folder = "results/v4.1/datacenter/bert-99/offline"
    stem = "mlperf-inference-v4.1-datacenter-bert-99-offline"
    for name in ("", "-leaders", "-per-accelerator"):  # the table and its charts' data
        for row in read(f"{folder}/{stem}{name}.csv"):
            assert row["result_id_published"] == spelling[row["result_id"]]
            assert row["result_id_published"] != row["result_id"]
            assert row["result_id_derived"] == "False"
            assert "result_id_canonical" not in row
        page = (site / "en" / folder / "index.html").read_text("utf-8")
        assert f">{row['result_id_published']}</a>" in page  # the spelling the page shows
    for row in read(
        "results/v6.1/datacenter/gpt-oss-120b/offline/"
        "mlperf-inference-v6.1-datacenter-gpt-oss-120b-offline-leaders.csv"
    ):
        assert row["result_id_published"] == ""
        assert row["result_id_derived"] == "True"
    claims = {row["claim_id"]: row for row in read("claims.csv")}
    assert claims["agentic-jetson-thor"]["recomputed_from_derived"] == "true"
    # An article's citation of a v4.1 result spells its ID as MLCommons did, like the tables.
    article = next((site / "en" / "blog").glob("*/*/*/two-years-of-accelerator-generations"))
    text = re.sub(r"<[^>]+>", "", (article / "index.html").read_text("utf-8"))  # IDs are spans
    assert "result v4.1-0043 " in text and "result 4.1-" not in text
