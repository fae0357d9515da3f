"""A reader's first load, in headless Chromium against the built site: what a page requests
before the reader does anything, and that what it leaves for later still comes when needed."""

import re

import pytest

pytestmark = pytest.mark.browser

BENCHMARK = "results/v6.1/datacenter/gpt-oss-120b/offline/"
# Fetched only once the reader reaches for a chart or starts to search (tools/bench_load.py
# measures the rest): the Vega bundle, chart specs, the search index and worker, any sitemap.
SEARCH_WORKER = re.compile(r"/workers/search\.[^/]*\.js$")
LATER = re.compile(
    r"vega-bundle[^/]*\.js|\.vl\.json|search_index\.json|sitemap\.xml|" + SEARCH_WORKER.pattern
)


@pytest.fixture
def page(fresh_page):
    """A new context's page: what a reader's first load requests (a page that kept the cache of
    an earlier test would fetch less)."""
    return fresh_page


def settle(page):
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(1500)  # as tools/bench_load.py: what scripts fetch after the load


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("path", ["", BENCHMARK])
def test_first_load_requests_no_chart_code_search_index_or_sitemap(page, base_url, lang, path):
    page.goto(f"{base_url}{lang}/{path}")
    settle(page)
    assert [url for url in page.requests if LATER.search(url)] == []
    # The static chart is what the reader sees until then.
    if path:
        assert page.locator("figure.mlperf-chart img").first.is_visible()
    assert page.console_errors == []


@pytest.mark.parametrize("reach", ["hover", "focus"])
def test_reaching_for_a_chart_loads_vega_and_draws_it(page, base_url, reach):
    page.goto(f"{base_url}en/{BENCHMARK}")
    settle(page)
    figure = page.locator('figure.mlperf-chart[data-spec^="leaders."]')
    name = figure.locator("img").get_attribute("alt")
    if reach == "hover":
        figure.hover()
    else:  # keyboard: the chart's data links are the first focusable things in the figure
        figure.locator("figcaption a").first.focus()
    figure.locator("svg .mark-rect path").first.wait_for(timeout=15000)
    assert any("vega-bundle" in url for url in page.requests)
    assert figure.locator("img").count() == 0  # the interactive chart replaced the static one
    # The drawn chart keeps a name that says what it shows, as the static image's alt did
    # ("Bar chart of the 10 leading results; first: …", from the same template).
    drawn = figure.locator("svg").first.get_attribute("aria-label")
    assert name.startswith("Bar chart of the 10 leading results")
    assert drawn and drawn.startswith("Bar chart of the 10 leading results")
    assert page.console_errors == []


@pytest.mark.parametrize(
    "lang, query, expected",
    [
        # The post's title holds "AMD" and "512" (docs/en/blog/posts/…amd-512-accelerator-record…).
        ("en", "AMD 512", "amd-512-accelerator-record"),
        ("zh", "纪录", "amd-512-accelerator-record"),
    ],
)
def test_the_first_search_from_the_keyboard_finds_a_known_page(
    page, base_url, lang, query, expected
):
    page.goto(f"{base_url}{lang}/")
    settle(page)
    assert not any("search_index.json" in url or SEARCH_WORKER.search(url) for url in page.requests)
    page.keyboard.press("/")  # Material's shortcut focuses the search field
    assert page.evaluate("document.activeElement.matches('.md-search__input')")
    page.keyboard.type(query, delay=20)
    page.wait_for_selector(".md-search-result__item", timeout=60000)
    links = page.locator(".md-search-result__item a").evaluate_all("a => a.map(l => l.href)")
    assert any(expected in link for link in links)
    assert any("search_index.json" in url for url in page.requests)
    assert any(SEARCH_WORKER.search(url) for url in page.requests)
    assert page.console_errors == []


def test_a_page_opened_from_a_search_result_highlights_the_terms_at_once(page, base_url):
    # ?h= is what Material's result links add (search.highlight in mkdocs.yml): the index and
    # the worker are fetched at load and the terms are marked in the page without any focus.
    # "accelerator" is in the post's title (docs/en/blog/posts/…amd-512-accelerator-record…).
    page.goto(f"{base_url}en/blog/2026/09/17/amd-512-accelerator-record/?h=accelerator")
    page.locator("article mark").first.wait_for(timeout=60000)
    assert any(SEARCH_WORKER.search(url) for url in page.requests)
    assert "accelerator" in page.locator("article mark").first.inner_text().lower()
    assert page.console_errors == []


OWN = re.compile(r"/assets/(stylesheets|javascripts|vendor|data)/|\.vl\.json|/systems\.")
HASHED = re.compile(r"\.[0-9a-f]{8}\.[a-z.]+(\?.*)?$")  # name.<8 hex digits>.ext, as assets.py


@pytest.mark.parametrize("path", ["", BENCHMARK, "results/explore/?round=v6.1", "results/compare/"])
def test_every_asset_of_ours_has_a_content_hash_in_its_address(page, base_url, path):
    responses = []
    page.on("response", lambda response: responses.append(response))
    page.goto(f"{base_url}en/{path}")
    settle(page)
    if path == BENCHMARK:  # the chart's code and spec, fetched once the reader reaches for it
        page.hover("figure.mlperf-chart")
        page.locator("figure.mlperf-chart svg .mark-rect path").first.wait_for(timeout=15000)
    if path.startswith("results/compare"):
        page.locator("form.mlperf-compare select").first.wait_for()
        page.wait_for_load_state("networkidle")
    own = [r for r in responses if r.url.startswith(base_url) and OWN.search(r.url)]
    # Our stylesheet and scripts on every page; the explorer's dataset and Vega bundle, the
    # comparison's systems file, the chart's spec and the Vega bundle where they are used.
    assert len(own) >= 7
    assert [r.url for r in own if not HASHED.search(r.url.split("/")[-1])] == []
    assert [r.url for r in own if r.status != 200] == []


def test_the_language_selector_keeps_the_page_without_sitemaps_at_load(page, base_url):
    # No sitemap is requested at load; alternate.js requests the chosen language's on click
    # and compares paths only, so this works on 127.0.0.1 with a port too.
    page.goto(f"{base_url}en/{BENCHMARK}?x=1#leaders")
    settle(page)
    assert not any("sitemap.xml" in url for url in page.requests)
    page.hover(".md-header__option .md-select")
    page.click('.md-select__link[hreflang="zh"]')
    page.wait_for_url(f"**/zh/{BENCHMARK}?x=1#leaders", timeout=10000)
    assert [url for url in page.requests if "sitemap.xml" in url] == [f"{base_url}zh/sitemap.xml"]
