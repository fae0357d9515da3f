"""Readers on phones and desktops, in their own language, in headless Chromium: tables that fit
or show that they scroll, search that finds whole words, highlighting that marks words, a
language switch that keeps the reader's place, charts that draw without warnings."""

from __future__ import annotations

import json
from urllib.parse import parse_qs, unquote, urlsplit

import pytest

from tests.test_browser import load_config, serve_file

pytestmark = pytest.mark.browser

CODES = ["en", "zh", "it"]
PAIR = "a=6.1-0109&b=6.1-0004"  # two AMD MI355X systems of v6.1, by result ID
# Results (a throughput and a latency benchmark, a round), comparison (two systems, a
# submitter, an accelerator) and article pages, plus the two pages of long tables.
LAYOUT_PAGES = [
    "results/v6.1/datacenter/gpt-oss-120b/offline/",
    "results/v6.1/edge/wan-2.2-t2v-a14b/singlestream/",
    "results/v6.1/",
    "results/compare/",  # the script picks two systems that share benchmarks
    "results/v6.1/submitters/nvidia/",
    "results/v6.1/accelerators/amd-instinct-mi355x/",
    "results/accelerators/amd-instinct-mi355x/",  # across rounds, with its history table
    "results/previews/",
    "results/families/",
    "results/v4.1/power/",  # energy efficiency (MLPerf Power)
    "blog/2026/09/17/amd-512-accelerator-record/",
    "blog/2026/09/22/vera-rubin-nvl72-preview-debut/",
    "blog/2026/10/01/mlperf-v6-1-buyers-guide/",
    "verification/",
    "data/",
]
# Every element that scrolls sideways inside the content without showing it, and the page
# itself. A results table whose figures, IDs and words never break (tests/test_unbroken_tokens.py)
# may be wider than its column: it scrolls inside its block, whose shadows at the edges show
# that there is more (mlperf.css); Material's wrappers inside it do not scroll (overflow visible).
OVERFLOW = """() => {
  document.querySelectorAll("details").forEach(d => { d.open = true; });
  const wide = [];
  const root = document.documentElement;
  if (root.scrollWidth > root.clientWidth) wide.push(["page", root.scrollWidth, root.clientWidth]);
  const shadowed = el => el.classList.contains("mlperf-table")
    && getComputedStyle(el).backgroundImage.includes("radial-gradient");
  document.querySelectorAll(".md-content .mlperf-table, .md-content .md-typeset__scrollwrap, "
                            + ".md-content .md-typeset__table").forEach(el => {
    if (!el.classList.contains("mlperf-table") && el.closest(".mlperf-table")) return;
    if (el.clientWidth && el.scrollWidth > el.clientWidth + 1 && !shadowed(el))
      wide.push([el.getAttribute("aria-label") || el.className, el.scrollWidth, el.clientWidth]);
  });
  return wide;
}"""


def pages_measured_elsewhere() -> set[str]:
    """The pages of ``LAYOUT_PAGES`` that tests/test_unbroken_tokens.py already loads at both
    widths in every language; its one load of each also runs ``OVERFLOW``
    (test_no_table_or_page_overflows_without_showing_it there), so they are not loaded again here."""
    from tests.test_unbroken_tokens import PAGES

    return set(PAGES.values())


@pytest.mark.slow  # 24 pages at each width
@pytest.mark.parametrize("width", [390, 1280])
def test_no_horizontal_overflow_on_results_comparison_and_article_pages(browser, base_url, width):
    context = browser.new_context(viewport={"width": width, "height": 900})
    tab = context.new_page()
    found = {}
    elsewhere = pages_measured_elsewhere()
    assert 0 < len(elsewhere & set(LAYOUT_PAGES)) < len(LAYOUT_PAGES)
    for code in CODES:
        for path in (p for p in LAYOUT_PAGES if p not in elsewhere):
            tab.goto(f"{base_url}{code}/{path}")
            if path.startswith("results/compare/"):
                tab.wait_for_selector(".mlperf-compare__output table tbody tr", timeout=10000)
            wide = tab.evaluate(OVERFLOW)
            if wide:
                found[f"{code}/{path}"] = wide
    context.close()
    assert found == {}


@pytest.mark.parametrize(
    "code, essentials",
    [
        # The submitter too: the results guidelines ask every table to name it (with the system).
        ("en", ["Rank", "Submitter", "System", "Result (tokens/s)"]),
        ("zh", ["排名", "提交方", "系统", "成绩（tokens/秒）"]),
    ],
)
def test_a_phone_shows_rank_submitter_system_and_result_of_a_ranking(
    browser, base_url, code, essentials
):
    # Headings written by hand from the catalogs. On a phone each row is a card whose fields
    # are named by their columns (tests/test_phone_tables.py checks that none is left out):
    # these come first, and every field is on screen.
    context = browser.new_context(viewport={"width": 390, "height": 800})
    tab = context.new_page()
    tab.goto(f"{base_url}{code}/results/v6.1/datacenter/gpt-oss-120b/offline/")
    table = tab.locator(".mlperf-table[data-cite-pattern]").last
    cells = table.locator("tbody tr").first.locator("td:visible")
    shown = cells.evaluate_all("tds => tds.map(td => td.dataset.label)")
    assert [shown[i] for i in (0, 1, 2, 4)] == essentials
    for box in cells.evaluate_all("tds => tds.map(td => td.getBoundingClientRect().toJSON())"):
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    context.close()


# The queries of ../shared/cases/site/zh-search-english-words: a scenario, submitters (Nebius
# submitted in v5.1, v6.0 and v6.1: data/results/*.csv), on the zh site and on the it site,
# whose search runs with other settings (generator/site/config.py).
@pytest.mark.parametrize(
    "lang, query",
    [
        *(("zh", query) for query in ("Offline", "Interactive", "Crusoe", "CoreWeave", "Nebius")),
        *(("it", query) for query in ("Offline", "Interactive", "Crusoe")),
    ],
)
def test_search_finds_whole_english_words(searcher, lang, query):
    links = searcher(lang, query)[0]
    assert links and all(f"/{lang}/" in link for link in links)
    if query == "Crusoe":  # the record article is about Crusoe's 512-accelerator cluster
        assert any("amd-512-accelerator-record" in link for link in links)
    if query == "Offline":  # the benchmark pages of the Offline scenario
        assert any(urlsplit(link).path.endswith("/offline/") for link in links), links[:10]


def test_a_two_character_chinese_query_matches_the_word(searcher, site):
    # Before: 集群 was searched as 集 (133 results, mostly 数据集 pages) and links carried ?h=集.
    links = searcher("zh", "集群")[0]
    index = json.loads((site / "zh" / "search" / "search_index.json").read_text("utf-8"))
    text_of = {doc["location"]: doc["title"] + doc["text"] for doc in index["docs"]}
    # Material lists an article above its matching sections; the article's own link has no
    # ?h= when the word is only in those sections.
    highlighted = [link for link in links if "h" in parse_qs(urlsplit(link).query)]
    assert highlighted
    for link in highlighted:
        url = urlsplit(link)
        assert parse_qs(url.query)["h"] == ["集群"], link
        location = url.path.split("/zh/", 1)[1] + (
            f"#{unquote(url.fragment)}" if url.fragment else ""
        )
        assert "集群" in text_of[location], location


def test_one_character_terms_are_not_highlighted(page, base_url):
    post = "blog/2026/09/17/amd-512-accelerator-record/"
    page.goto(f"{base_url}en/{post}?h=t")
    page.wait_for_load_state("networkidle")
    assert page.locator("article mark, .md-content mark").count() == 0  # was 566
    page.goto(f"{base_url}zh/{post}?h=集群")
    page.wait_for_selector(".md-content mark", timeout=10000)  # words are still highlighted
    assert set(page.locator(".md-content mark").all_inner_texts()) == {"集群"}


def test_language_switch_keeps_the_comparison_in_the_address(browser, site):
    # Served at the published address, as in test_browser (Material compares host names).
    published = urlsplit(load_config()["site_url"])
    origin = f"{published.scheme}://{published.netloc}"
    context = browser.new_context()
    context.route(f"{origin}/**", lambda route: serve_file(route, site, published.path))
    tab = context.new_page()
    tab.goto(f"{origin}{published.path}en/results/compare/?{PAIR}")
    tab.wait_for_load_state("networkidle")
    tab.hover(".md-header__option .md-select")
    tab.click('.md-select__link[hreflang="it"]')
    tab.wait_for_url(f"**/it/results/compare/?{PAIR}", timeout=10000)
    assert tab.locator("html").get_attribute("lang") == "it"
    context.close()


def test_charts_draw_without_vega_warnings(page, base_url):
    warnings = []
    page.on("console", lambda m: m.type == "warning" and warnings.append(m.text))
    page.goto(f"{base_url}en/results/v6.1/datacenter/gpt-oss-120b/offline/")
    page.hover("figure.mlperf-chart")  # charts draw when reached for
    page.wait_for_selector("figure.mlperf-chart[data-drawn] svg .mark-rect path", timeout=15000)
    assert [w for w in warnings if "fit" in w or "WARN" in w] == []
