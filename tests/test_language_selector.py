"""The language selector keeps the reader on the same page wherever the built site is served: at
the root of a host (a local server, a custom domain), under another repository's name, or under
the published path of site_url (alternate.js), in headless Chromium."""

from __future__ import annotations

import functools
import http.server
import re
import threading

import pytest

from generator.project import site_prefix
from tests.conftest import _QuietHandler

pytestmark = pytest.mark.browser

# One page of each kind, present in every language (each language's sitemap.xml lists it).
PAGES = [
    "results/v6.1/datacenter/gpt-oss-120b/offline/",
    "blog/2026/09/17/amd-512-accelerator-record/",
    "tags/amd/",
]
# The root of a host, a fork's repository name, and the published prefix of site_url.
PREFIXES = ["", "other-name/", site_prefix().strip("/") + "/"]


@pytest.fixture(scope="module")
def served(site, tmp_path_factory):
    """A function: the URL of site/ served on 127.0.0.1 under ``prefix`` ("" or "a/b/")."""
    servers, urls = [], {}

    def serve(prefix):
        if prefix not in urls:
            root = tmp_path_factory.mktemp("prefix")
            mount = root / prefix.strip("/") if prefix else root
            if prefix:
                mount.parent.mkdir(parents=True, exist_ok=True)
                mount.symlink_to(site, target_is_directory=True)
            handler = functools.partial(_QuietHandler, directory=str(root if prefix else site))
            server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
            threading.Thread(target=server.serve_forever, daemon=True).start()
            servers.append(server)
            urls[prefix] = f"http://127.0.0.1:{server.server_port}/{prefix}"
        return urls[prefix]

    yield serve
    for server in servers:
        server.shutdown()


def switch(page, lang):
    page.hover(".md-header__option .md-select")
    page.click(f'.md-select__link[hreflang="{lang}"]')


@pytest.mark.parametrize("prefix", PREFIXES)
@pytest.mark.parametrize("path", PAGES)
def test_switching_languages_keeps_the_page_under_any_prefix(page, served, prefix, path):
    base = served(prefix)
    page.goto(f"{base}en/{path}?x=1#top")
    for lang in ("zh", "it"):
        switch(page, lang)
        page.wait_for_url(f"{base}{lang}/{path}?x=1#top", timeout=10000)
        assert page.locator("html").get_attribute("lang") == lang
    assert page.console_errors == []


@pytest.mark.parametrize("prefix", PREFIXES[:2])
def test_a_page_missing_in_a_language_opens_its_home_page(page, served, prefix):
    # Every page of the site exists in all three languages, so the Italian sitemap is served
    # here without the results page's entry, as it would read if the page were not translated.
    base = served(prefix)
    path = PAGES[0]

    def without_page(route):
        text = route.fetch().text()
        entry = re.compile(r"<url>\s*<loc>[^<]*/it/" + re.escape(path) + r"</loc>.*?</url>", re.S)
        assert entry.search(text)
        route.fulfill(status=200, body=entry.sub("", text), content_type="application/xml")

    page.route(f"{base}it/sitemap.xml", without_page)
    page.goto(f"{base}en/{path}")
    switch(page, "zh")
    page.wait_for_url(f"{base}zh/{path}", timeout=10000)  # the Chinese page exists
    switch(page, "it")
    page.wait_for_url(f"{base}it/", timeout=10000)
    assert page.locator("html").get_attribute("lang") == "it"


def test_the_comparison_keeps_its_pair_under_another_prefix(page, served):
    # Opened without a query, the comparison writes its default pair into the address
    # (compare.js); the other language opens the same pair (../shared/cases/site/
    # lang-switch-drops-query: it opened the language's home page).
    base = served(PREFIXES[1])
    page.goto(f"{base}en/results/compare/")
    page.wait_for_url(re.compile(r".*/compare/\?a=[^&]+&b=.+"), timeout=15000)
    query = page.url.split("?", 1)[1]
    switch(page, "zh")
    page.wait_for_url(f"{base}zh/results/compare/?{query}", timeout=10000)
    assert page.console_errors == []


def test_the_explorer_keeps_its_view_in_another_language(page, served):
    # The explorer's whole view is its query (explore.js query()): the other language opens
    # the same view, its menus set from it (the kind of ../shared/cases/site/
    # lang-switch-drops-query, for the explorer).
    base = served(PREFIXES[1])
    query = "round=v6.1&scenario=Offline&per=accelerator"
    page.goto(f"{base}en/results/explore/?{query}")
    page.locator(".mlperf-explore__count").wait_for()
    switch(page, "it")
    page.wait_for_url(f"{base}it/results/explore/?{query}", timeout=10000)
    page.locator(".mlperf-explore__count").wait_for()
    assert page.locator("#explore-round").input_value() == "v6.1"
    assert page.locator("input[name=per][value=accelerator]").is_checked()
    assert page.console_errors == []
