"""No broken internal link or anchor in the built site: every relative address of every page of
site/ (``href``, ``src``, ``srcset``, a redirect's ``<meta http-equiv="refresh">``) names a file
of site/, and its ``#fragment``, on a page, an element of that page. Read from the pages the
``site_pages`` fixture has already read (LinkChecker did this from the root page in a process
of its own, about a minute of CPU, without the anchors)."""

import html
import html.parser
import os
import posixpath
import re
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from generator.project import site_prefix

pytestmark = pytest.mark.slow


class _Page(html.parser.HTMLParser):
    """A page's addresses (``links``: ``(tag, address)``) and the fragments it answers to
    (``ids``: every ``id``, and an ``<a name>``)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.links: list[tuple[str, str]] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        for name in ("href", "src"):
            if attrs.get(name) is not None:
                self.links.append((tag, attrs[name]))
        for candidate in (attrs.get("srcset") or "").split(","):
            if candidate.strip():
                self.links.append((tag, candidate.split()[0]))
        refresh = re.match(r"\s*\d+\s*;\s*url=(.+)", attrs.get("content") or "", re.I)
        if tag == "meta" and (attrs.get("http-equiv") or "").lower() == "refresh" and refresh:
            self.links.append((tag, refresh.group(1).strip("'\" ")))
        if attrs.get("id"):
            self.ids.add(attrs["id"])
        if tag == "a" and attrs.get("name"):
            self.ids.add(attrs["name"])

    handle_startendtag = handle_starttag


def parse_pages(pages: dict[str, str]) -> dict[str, _Page]:
    """``{path relative to the site: its parsed page}`` for ``{path: HTML}``."""
    parsed = {}
    for name, text in pages.items():
        page = parsed[name] = _Page()
        page.feed(text)
        page.close()
    return parsed


def broken_links(site: Path, pages: dict[str, str]) -> tuple[int, list[str]]:
    """The relative addresses of ``pages`` (``{path relative to site: HTML}``) checked against
    the files of ``site``, as (how many were checked, the broken ones as ``"page: address
    (why)"``). An address is broken when no file is at its path (a folder stands for its
    ``index.html``), or when its fragment names no element of the page it leads to. Addresses
    with a scheme, a host or an absolute path are left to other tests (path-absolute ones:
    ``test_path_absolute_links_point_into_the_site``)."""
    parsed = parse_pages(pages)
    # The site's files and folders, listed once (a stat per address was most of the time).
    files, folders = set(), set()
    for parent, _, names in os.walk(site):
        where = Path(parent).relative_to(site).as_posix()
        folders.add(where)
        files.update(posixpath.normpath(posixpath.join(where, n)) for n in names)
    checked, broken = 0, []
    for name, page in parsed.items():
        folder = posixpath.dirname(name)
        for tag, address in page.links:
            parts = urlsplit(address)
            if parts.scheme or parts.netloc or address.startswith("/"):
                continue
            checked += 1
            path = unquote(parts.path)
            target = posixpath.normpath(posixpath.join(folder, path)) if path else name
            key = posixpath.join(target, "index.html") if target in folders else target
            if key not in files:
                broken.append(f"{name}: {address} (no file {target})")
                continue
            if parts.fragment and key in parsed and unquote(parts.fragment) not in parsed[key].ids:
                broken.append(f"{name}: {address} (no element #{unquote(parts.fragment)})")
    return checked, broken


def test_every_internal_link_and_anchor_resolves(site, site_pages):
    checked, broken = broken_links(site, site_pages)
    assert broken == []
    # Every page was read (the three languages' folders, the root pages): about 80 links a page.
    assert {name.split("/")[0] for name in site_pages} >= {"en", "zh", "it", "index.html"}
    assert checked > 50 * len(site_pages)


def test_the_link_check_finds_a_missing_file_and_a_missing_anchor(tmp_path):
    # The check above can fail: a missing page, a missing image of a srcset, an anchor the
    # target page lacks, a redirect to nowhere; links that resolve are not reported.
    (tmp_path / "en").mkdir()
    (tmp_path / "en" / "logo.png").write_bytes(b"")
    pages = {
        "en/index.html": (
            '<a href="page/">ok</a> <a href="page/#here">ok</a> <a href="#top" id="top">ok</a>'
            '<img src="logo.png" srcset="logo.png 1x, missing.png 2x">'
            '<a href="page/#gone">x</a> <a href="missing/page.html">x</a>'
            '<a href="https://example.org/missing">elsewhere</a>'
        ),
        "en/old/index.html": '<meta http-equiv="refresh" content="0; url=../nowhere/">',
        "en/page/index.html": '<h2 id="here">x</h2>',
    }
    for name, text in pages.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    checked, broken = broken_links(tmp_path, pages)
    assert checked == 9
    assert broken == [
        "en/index.html: missing.png (no file en/missing.png)",
        "en/index.html: page/#gone (no element #gone)",
        "en/index.html: missing/page.html (no file en/missing/page.html)",
        "en/old/index.html: ../nowhere/ (no file en/nowhere)",
    ]


def test_path_absolute_links_point_into_the_site(site, site_pages):
    # LinkChecker checks relative links; the few path-absolute ones (the language selector,
    # hreflang alternates, the 404 page) are checked here against the files of site/.
    prefix = site_prefix()
    broken = set()
    for name, text in site_pages.items():
        for href in re.findall(r'href="(/[^"]*)"', text):
            path = unquote(urlsplit(html.unescape(href)).path)
            assert path.startswith(prefix), f"{name}: {href} is outside {prefix}"
            target = site / path[len(prefix) :]
            if not (target.is_file() or (target / "index.html").is_file()):
                broken.add((name, href))
    assert not broken
