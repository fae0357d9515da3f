"""What a reader sees, in headless Chromium against the built site served on 127.0.0.1."""

import mimetypes
from urllib.parse import urlsplit

import pytest
from mkdocs.utils.yaml import yaml_load

from tests.conftest import ROOT

pytestmark = pytest.mark.browser

BENCHMARK = "results/v6.1/datacenter/gpt-oss-120b/offline/"


def load_config():
    with (ROOT / "mkdocs.yml").open(encoding="utf-8") as handle:
        return yaml_load(handle)


def only_local(requests):
    return [url for url in requests if not url.startswith(("http://127.0.0.1", "data:", "blob:"))]


@pytest.mark.parametrize("lang", ["en", "zh", "it"])
def test_results_page_draws_its_chart_offline(page, base_url, lang):
    page.goto(f"{base_url}{lang}/{BENCHMARK}")
    page.hover("figure.mlperf-chart")  # the interactive chart loads when the reader reaches for it
    page.wait_for_selector("figure.mlperf-chart[data-drawn] svg .mark-rect path", timeout=15000)
    bars = page.locator("figure.mlperf-chart svg .mark-rect path").count()
    assert bars == 10  # LEADERS bars: the benchmark has more than ten closed results
    assert page.console_errors == []
    assert only_local(page.requests) == []


def test_chart_draws_after_following_a_link(page, base_url):
    page.goto(f"{base_url}en/results/v6.1/")
    page.click('a[href$="datacenter/gpt-oss-120b/offline/"]')
    page.wait_for_url(f"**/{BENCHMARK}")
    page.hover("figure.mlperf-chart")
    page.wait_for_selector("figure.mlperf-chart[data-drawn] svg .mark-rect path", timeout=15000)
    assert page.evaluate("typeof window.vegaEmbed") == "function"  # loaded by charts.js
    assert page.console_errors == []


def serve_file(route, site, prefix):
    path = urlsplit(route.request.url).path.removeprefix(prefix)
    file = site / path
    if file.is_dir():
        file = file / "index.html"
    if not file.is_file():
        return route.fulfill(status=404, body="not found")
    kind = mimetypes.guess_type(file.name)[0] or "application/octet-stream"
    return route.fulfill(status=200, body=file.read_bytes(), content_type=kind)


def test_root_page_redirects_to_the_browser_language(browser, base_url):
    context = browser.new_context(locale="zh-CN")
    tab = context.new_page()
    tab.goto(base_url)
    tab.wait_for_url(f"{base_url}zh/", timeout=10000)
    context.close()


POST = "blog/2026/09/17/amd-512-accelerator-record/"


@pytest.mark.parametrize(
    "lang, label", [("en", "Verified"), ("zh", "已核验"), ("it", "Verificato")]
)
def test_claim_flags_show_a_tooltip_and_footnotes_link_to_the_claims_table(
    page, base_url, lang, label
):
    page.goto(f"{base_url}{lang}/{POST}")
    flag = page.locator(".claim--verified .claim__flag").first
    assert label in flag.inner_text()
    flag.hover()
    # Material's content.tooltips turns the title into a styled tooltip.
    tooltip = page.locator(".md-tooltip2--active, .md-tooltip--active, [role=tooltip]")
    tooltip.first.wait_for(state="visible", timeout=5000)
    assert "MLCommons" in tooltip.first.inner_text()
    footnote_ref = page.locator("sup[id^='fnref'] a").first
    target = footnote_ref.get_attribute("href")
    # Material makes in-page links absolute; the fragment names the target.
    footnote = page.locator(f"[id='{target.split('#')[1]}']")
    table_link = footnote.locator("a[href*='#claim-']")
    row_id = table_link.get_attribute("href").split("#")[1]
    table_link.click()
    assert page.locator(f"tr[id='{row_id}']").is_visible()
    assert page.console_errors == []
    assert only_local(page.requests) == []


def test_not_found_page_works_under_the_subpath(page, base_url):
    response = page.goto(f"{base_url}zh/no/such/page/")
    assert response.status == 404
    assert page.locator("h1").inner_text() == "404"
    page.click('p[lang="zh"] a')
    page.wait_for_url(f"{base_url}zh/", timeout=10000)
    assert page.locator("html").get_attribute("lang") == "zh"
    # The browser logs the 404 response itself; nothing else may fail.
    assert [e for e in page.console_errors if "status of 404" not in e] == []


def search(page, base_url, lang, query):
    page.goto(f"{base_url}{lang}/")
    page.locator("label.md-search__icon, .md-search__input").first.click()
    box = page.locator(".md-search__input")
    box.fill(query)
    # Material reads the query when its worker is ready, on focus and on keyup -- not on the
    # input event that fill() sends. If the worker became ready before fill(), only a key
    # release makes it search, as it does for a reader typing; End moves the caret, nothing else.
    box.press("End")
    page.wait_for_selector(".md-search-result__item", timeout=60000)
    return page.locator(".md-search-result__item a").evaluate_all("links => links.map(a => a.href)")


def test_chinese_search_finds_a_word_inside_a_title(searcher):
    # "纪录" sits in the middle of the zh title "MLPerf Inference v6.1 的纪录集群：…".
    links = searcher("zh", "纪录")[0]
    assert any("amd-512-accelerator-record" in link for link in links)
    assert all("/zh/" in link for link in links)


def test_chinese_search_knows_domain_words(searcher):
    # Without the user dictionary jieba splits 英伟达 into 英 / 伟达.
    links = searcher("zh", "英伟达")[0]
    assert any("vera-rubin-nvl72-preview-debut" in link for link in links)


@pytest.mark.parametrize(
    "lang, words", [("en", "Bar chart of the 10 leading results"), ("zh", "条"), ("it", "Grafico")]
)
def test_drawn_chart_keeps_its_accessible_name(page, base_url, lang, words):
    page.goto(f"{base_url}{lang}/{BENCHMARK}")
    page.hover("figure.mlperf-chart")  # charts draw when reached for
    page.wait_for_selector("figure.mlperf-chart[data-drawn] svg", timeout=15000)
    svg = page.locator("figure.mlperf-chart[data-drawn] svg").first
    name = svg.get_attribute("aria-label")
    assert name and name != "Vega visualization" and words in name
    # Keyboard focus reaches the chart's table alternative (its summary) by Tab.
    summary = page.locator("details.mlperf-chart-table summary").first
    for _ in range(60):
        page.keyboard.press("Tab")
        if summary.evaluate("el => el === document.activeElement"):
            break
    assert summary.evaluate("el => el === document.activeElement")
