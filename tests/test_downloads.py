"""Downloads the same in every language are published once, at the site root's downloads/
(generator/site/downloads.py), and every language's pages link them there."""

import json
import posixpath
import re

import pytest

from generator.data.dataset import Dataset
from generator.i18n.languages import LANGUAGES
from generator.pages.output import LOCALIZED_FIELDS, Page, SharedDownload, downloads
from generator.site import build as site_module
from generator.site.downloads import DOWNLOADS, SharedFiles
from tests.conftest import pages_under
from tests.fixtures import ROOT

BENCHMARK = "results/v6.1/datacenter/gpt-oss-120b/offline"
# A link offered for download in the built HTML: <a href="…" download>.
DOWNLOAD_LINK = re.compile(r'<a [^>]*?href="([^"]+)"[^>]*?\bdownload\b')
HAN = re.compile(r"[\u3400-\u9fff\u3000-\u303f\uff00-\uffef]")  # Chinese text and punctuation


def test_the_kind_of_a_downloads_columns_decides_where_it_is_published():
    data_only = downloads("x", [{"rank": 1, "result": 2.5}])
    localized = downloads("x", [{"rank": 1, "citation": "MLCommons, …"}])
    assert [type(p) for p in data_only] == [SharedDownload, SharedDownload]
    assert [type(p) for p in localized] == [Page, Page]
    assert [p.path for p in data_only] == ["x.csv", "x.json"]


def test_pages_link_a_shared_download_out_of_their_language_folder(tmp_path):
    page = Page(
        f"{BENCHMARK}/index.md",
        '<a href="leaders.csv" download>CSV</a> '
        '<a href="results.csv" download>CSV</a> <a href="../../../../data/v6.1.csv" '
        'download>CSV</a> <a href="leaders.csv">not offered for download</a>',
    )
    shared = SharedFiles(tmp_path, {})
    rest = shared.split(
        [
            page,
            *downloads(f"{BENCHMARK}/leaders", [{"rank": 1}]),
            *downloads(f"{BENCHMARK}/results", [{"citation": "c"}]),
        ]
    )
    # The page is en/results/v6.1/datacenter/gpt-oss-120b/offline/: six folders below the root.
    assert rest[0].content == (
        f'<a href="../../../../../../downloads/{BENCHMARK}/leaders.csv" download>CSV</a> '
        '<a href="results.csv" download>CSV</a> <a href="../../../../data/v6.1.csv" '
        'download>CSV</a> <a href="leaders.csv">not offered for download</a>'
    )
    assert [p.path for p in rest] == [
        page.path,
        f"{BENCHMARK}/results.csv",
        f"{BENCHMARK}/results.json",
    ]
    assert sorted(shared.downloads) == [f"{BENCHMARK}/leaders.csv", f"{BENCHMARK}/leaders.json"]
    shared.write()
    assert (tmp_path / DOWNLOADS / BENCHMARK / "leaders.csv").read_text() == "rank\n1\n"


def test_a_run_for_articles_only_keeps_and_links_the_published_downloads(tmp_path):
    first = SharedFiles(tmp_path, {})
    first.split(downloads("results/v6.1/benchmarks", [{"suite": "edge"}]))
    first.write()
    articles_only = SharedFiles(tmp_path, {}, articles_only=True)
    home = Page("index.md", '<a href="results/v6.1/benchmarks.csv" download>CSV</a>')
    assert articles_only.split([home])[0].content == (
        '<a href="../downloads/results/v6.1/benchmarks.csv" download>CSV</a>'
    )
    articles_only.write()
    assert (tmp_path / DOWNLOADS / "results/v6.1/benchmarks.csv").is_file()
    SharedFiles(tmp_path, {}).write()  # a full run that makes it no more removes it
    assert not (tmp_path / DOWNLOADS).exists()


@pytest.mark.slow
def test_shared_downloads_are_the_same_in_every_language_and_the_others_are_not(dataset):
    # The newest round alone (its pages, downloads and the data page): the rule is the same
    # for every round. Every language must make the same shared files, byte for byte; a file
    # the rule keeps with its language must differ between two languages somewhere.
    newest = Dataset(tuple(r for r in dataset.records if r.round == dataset.rounds[-1]))
    shared, localized = {}, {}
    for lang in LANGUAGES:
        pages = site_module.language_pages(newest, lang, ROOT / "data", "https://example.org/")
        shared[lang.code] = {p.path: p.content for p in pages if isinstance(p, SharedDownload)}
        localized[lang.code] = {
            p.path: p.content
            for p in pages
            if type(p) is Page
            and p.path.startswith("results/")
            and p.path.endswith((".csv", ".json"))
            and not p.path.endswith(".vl.json")
        }
    assert len(shared["en"]) > 200  # leaders, per-accelerator, submitters', accelerators'
    for code in ("zh", "it"):
        assert shared[code] == shared["en"], code
    assert localized["en"]  # each benchmark's results table, with its citation column
    for name in {posixpath.basename(path) for path in localized["en"]}:
        assert any(
            localized["en"][p] != localized["zh"][p] for p in localized["en"] if p.endswith(name)
        ), name


def _links(site_pages: dict[str, str], code: str) -> dict[str, set[str]]:
    """Every page of a language's built site (``site_pages``) -> the files, relative to the
    site, its download links lead to."""
    out = {}
    for name, text in pages_under(site_pages, code).items():
        hrefs = DOWNLOAD_LINK.findall(text)
        if hrefs:
            out[name] = {
                posixpath.normpath(posixpath.join(posixpath.dirname(name), href)) for href in hrefs
            }
    return out


@pytest.mark.parametrize("code", [lang.code for lang in LANGUAGES])
def test_every_download_link_resolves_and_every_shared_file_is_linked(site, site_pages, code):
    shared = {p.relative_to(site).as_posix() for p in (site / DOWNLOADS).rglob("*") if p.is_file()}
    assert len(shared) > 900
    linked = set().union(*_links(site_pages, code).values())
    assert sorted(t for t in linked if not (site / t).is_file()) == []
    # Each shared file is linked from this language's pages, and not published in it again.
    assert shared <= linked
    again = [t for t in shared if (site / code / t.removeprefix(f"{DOWNLOADS}/")).exists()]
    assert again == []


def test_shared_downloads_hold_no_text_of_a_language(site):
    files = [p for p in (site / DOWNLOADS).rglob("*") if p.is_file()]
    assert files
    for path in files:
        text = path.read_text(encoding="utf-8")
        assert not HAN.search(text), path  # no Chinese (zh's files would hold some)
        columns = (
            next(iter(json.loads(text)), {})
            if path.suffix == ".json"
            else dict.fromkeys(text.split("\n", 1)[0].split(","))
        )
        assert not LOCALIZED_FIELDS & set(columns), path


@pytest.mark.browser
def test_an_old_download_address_leads_a_browser_to_the_shared_file(page, base_url, site):
    # leaders.json of the benchmark was published at <lang>/…/leaders.json until 2026-12; the
    # site's 404 page sends a browser on to the shared file, now named after the benchmark
    # (downloads/…/mlperf-inference-v6.1-…-leaders.json).
    page.goto(f"{base_url}zh/{BENCHMARK}/leaders.json")
    name = "mlperf-inference-" + BENCHMARK.removeprefix("results/").replace("/", "-")
    page.wait_for_url(f"**/{DOWNLOADS}/{BENCHMARK}/{name}-leaders.json", timeout=10000)
    expected = json.loads((site / DOWNLOADS / BENCHMARK / f"{name}-leaders.json").read_text())
    assert json.loads(page.locator("body").inner_text()) == expected
