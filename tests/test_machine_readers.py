"""What search engines, feed readers and readers without scripts receive: per-page hreflang
alternates, ClaimReview as Google's guide asks, the feed of updated posts dated by each post's
own last change, unique table labels on the power pages, no unlinked page in the sitemap, and
working links in the <noscript> blocks and the language selector."""

from __future__ import annotations

import datetime as dt
import json
import re
import subprocess
import xml.etree.ElementTree as ET
from email.utils import parsedate_to_datetime
from urllib.parse import urljoin, urlsplit

import pytest

from generator.project import ROOT, site_root_url

LANGS = ["en", "zh", "it"]
PAGES = [
    "",
    "results/v6.1/datacenter/gpt-oss-120b/offline/",
    "results/explore/",
    "results/compare/",
    "blog/2026/09/17/amd-512-accelerator-record/",
    "results/v6.1/report/",
]


def html(site, lang, path):
    return (site / lang / path / "index.html").read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("path", PAGES)
def test_hreflang_names_this_page_in_every_language(site, lang, path):
    # Expected by hand: site_url + language + the page's path, for each language, and the
    # site root as x-default; no alternate is relative (Lighthouse's hreflang audit).
    root = site_root_url()
    found = dict(
        (h, u)
        for u, h in re.findall(
            r'<link rel="alternate" href="([^"]+)" hreflang="([^"]+)">', html(site, lang, path)
        )
    )
    assert found == {**{code: f"{root}{code}/{path}" for code in LANGS}, "x-default": root}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("path", PAGES)
def test_the_language_selector_links_the_same_page(site, lang, path):
    page_url = f"http://host/p/{lang}/{path}"
    links = dict(
        (h, href)
        for href, h in re.findall(
            r'<a href="([^"]+)" data-root="[^"]+" hreflang="([^"]+)"', html(site, lang, path)
        )
    )
    assert {h: urljoin(page_url, href) for h, href in links.items()} == {
        code: f"http://host/p/{code}/{path}" for code in LANGS
    }


def claim_reviews(text):
    out = []
    for block in re.findall(r'<script type="application/ld\+json">(.*?)</script>', text, re.S):
        data = json.loads(block)
        out += [
            d
            for d in (data if isinstance(data, list) else [data])
            if d.get("@type") == "ClaimReview"
        ]
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_claim_reviews_meet_googles_requirements(site, lang):
    posts = [p for p in (site / lang / "blog").glob("20*/*/*/*/index.html")]
    reviewed = 0
    for post in posts:
        text = post.read_text(encoding="utf-8")
        canonical = re.search(r'<link rel="canonical" href="([^"]+)"', text).group(1)
        for review in claim_reviews(text):
            reviewed += 1
            # url: the page plus the claim's anchor, which exists on the page.
            page, anchor = review["url"].split("#")
            assert page == canonical and f'id="{anchor}"' in text
            # claimReviewed: the article's sentence, not the figure alone.
            assert len(review["claimReviewed"]) > 30
            assert not re.search(r"\[\[|\]\(|\*\*", review["claimReviewed"])
            # appearance: the source that made the claim, with the address of the page that
            # shows it; a source known only by its publisher's home page gives no address.
            appearance = review["itemReviewed"]["appearance"]
            assert appearance["headline"] and appearance["publisher"]["name"]
            if "url" in appearance:
                assert appearance["url"].startswith("https://")
                assert urlsplit(appearance["url"]).path.strip("/"), appearance["url"]
            assert review["reviewRating"]["alternateName"]
            assert review["author"]["name"]
    assert reviewed >= 3


@pytest.mark.parametrize("lang", LANGS)
def test_the_updated_feed_is_dated_by_each_posts_last_change(site, lang):
    # Expected from git: the last commit of each post file (its front matter date when git
    # does not know it), newest first.
    expected = {}
    for path in (ROOT / "docs" / lang / "blog" / "posts").glob("*.md"):
        stamp = subprocess.run(
            ["git", "log", "-1", "--format=%cI", "--", str(path)],
            cwd=ROOT,
            capture_output=True,
            text=True,
        ).stdout.strip()
        slug = re.search(r"^slug:\s*(\S+)", path.read_text(encoding="utf-8"), re.M)
        expected[slug.group(1) if slug else path.stem] = dt.datetime.fromisoformat(stamp)
    channel = ET.parse(site / lang / "feed_rss_updated.xml").getroot().find("channel")
    items = [
        (
            i.findtext("link").rstrip("/").rsplit("/", 1)[-1],
            parsedate_to_datetime(i.findtext("pubDate")),
        )
        for i in channel.findall("item")
    ]
    assert items and all(when == expected[slug] for slug, when in items)
    dates = [when for _, when in items]
    assert dates == sorted(dates, reverse=True)


@pytest.mark.parametrize("lang", LANGS)
def test_power_pages_label_each_table_once(site, lang):
    pages = list((site / lang / "results").glob("*/power/index.html"))
    assert pages
    for page in pages:
        labels = re.findall(r'role="region" aria-label="([^"]+)"', page.read_text(encoding="utf-8"))
        assert len(labels) > 1 and len(labels) == len(set(labels)), page


@pytest.mark.parametrize("lang", LANGS)
def test_the_sitemap_lists_no_archive_page(site, lang):
    locs = [
        e.text
        for e in ET.parse(site / lang / "sitemap.xml")
        .getroot()
        .iter("{http://www.sitemaps.org/schemas/sitemap/0.9}loc")
    ]
    assert locs and not any("/blog/archive/" in loc for loc in locs)
    assert not (site / lang / "blog" / "archive").exists()


def noscript_links(site, lang, path):
    text = html(site, lang, path)
    # The page's own, in its body (the one in <head> holds the style of script-less pages).
    block = re.search(r"<noscript>(.*?)</noscript>", text[text.index("<body") :], re.S).group(1)
    return [href for href in re.findall(r'href="([^"]+)"', block)]


def exists(site, lang, path, href):
    target = (site / lang / path / href).resolve()
    return target.is_file() or (target / "index.html").is_file()


@pytest.mark.parametrize("lang", LANGS)
def test_noscript_readers_get_working_links(site, lang, dataset):
    explore = noscript_links(site, lang, "results/explore/")
    # Each round's page and its CSV (one round page per round of the dataset), and the data page.
    for round_name in dataset.rounds:
        assert f"../{round_name}/" in explore and f"../../data/{round_name}.csv" in explore
    assert all(exists(site, lang, "results/explore/", href) for href in explore)
    compare = noscript_links(site, lang, "results/compare/")
    assert len(compare) == 2 and all("/submitters/" in href for href in compare)
    assert all(exists(site, lang, "results/compare/", href) for href in compare)


@pytest.mark.browser
@pytest.mark.parametrize("lang", LANGS)
def test_without_scripts_no_inert_form_is_shown(browser, base_url, lang):
    # The explorer's and the comparison's forms and the cards' comparison link do nothing
    # without a script: a reader sees the <noscript> links instead, on a phone with nothing
    # wider than the screen.
    context = browser.new_context(java_script_enabled=False, viewport={"width": 390, "height": 800})
    tab = context.new_page()
    shown = {}
    for path, form in [
        ("results/explore/", "form.mlperf-explore, .mlperf-explore__output"),
        ("results/compare/", "form.mlperf-compare, .mlperf-compare__output"),
        ("results/specifications/", "a[data-spec-compare], input[data-compare]"),
    ]:
        tab.goto(f"{base_url}{lang}/{path}")
        shown[path] = (
            # Neither the inert controls nor the blocks the script would fill (a screen high,
            # so that the page does not jump when it draws them) take any room.
            tab.locator(form).evaluate_all(
                "nodes => nodes.some(n => n.getClientRects().length > 0)"
            ),
            tab.locator(".md-content noscript a").first.is_visible(),
            tab.evaluate("document.documentElement.scrollWidth") <= 390,
        )
    context.close()
    assert shown == {path: (False, True, True) for path in shown}
