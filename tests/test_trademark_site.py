"""Every use of MLPerf a reader can see on the built site carries the ®, as MLCommons' results
messaging guidelines ask ("Notice Symbol": "You must include the ® next to all uses of the
MLPerf name"): the text of every page and the attributes a reader or a link preview sees
(``<title>``, meta description, OpenGraph and Twitter tags, tooltips, labels, the texts scripts
show from ``data-`` attributes), the feeds and the search index, in the three languages.

What is not a use of the mark is left out: code (``<code>``, ``<pre>``, scripts), addresses,
names that only contain the word (``MLPerf_Results_Messaging_Guidelines.adoc``,
``results/MLPerf-...``), the site's own name "MLPerf Wiki" (a name, as the authors' names that
hold it; see ``generator/i18n/trademark.py``), and the texts that *name* the mark rather than use
it (the guidelines' attribution legend, the site's advice on writing the name: the catalog
messages of ``trademark.NAMING``, in every language).
"""

from __future__ import annotations

import json
import re
from functools import cache
from html.parser import HTMLParser
from xml.etree import ElementTree

import pytest
from babel.messages.pofile import read_po

from generator.i18n.catalogs import catalog_path
from generator.i18n.languages import LANGUAGES
from generator.i18n.trademark import NAMING, SITE_NAME
from tests.conftest import pages_under

# A use without the symbol: the word, not inside a file name, path or slug (a letter, digit,
# "_", "/", "." or "-" joined to it), and not followed by ®. A Han character may follow: in
# Chinese "MLPerf推理" is a use. Written here, not taken from trademark.py, so that a mistake
# there cannot hide one here.
UNMARKED = re.compile(r"(?<![A-Za-z0-9_/.@-])MLPerf(?![®A-Za-z0-9_/-]|\.[A-Za-z0-9])")
ADDRESS = re.compile(r"\S*://\S*|\bwww\.\S+")
# Elements whose text is code or not shown.
VERBATIM = {"code", "pre", "kbd", "samp", "script", "style"}
# Attributes a reader (or a screen reader, or a script that shows them) sees as text.
SHOWN = {"title", "alt", "aria-label", "aria-description", "placeholder", "value", "label"}
# <meta> whose content a browser or a link preview shows.
META = re.compile(r"^(?:description|og:(?!url|image|locale|type)\S+|twitter:(?!card|image)\S+)$")


@cache
def naming_texts() -> tuple[str, ...]:
    """The catalog messages that name the mark, in every language and as written in English."""
    texts = set()
    for lang in LANGUAGES:
        with catalog_path(lang).open("rb") as handle:
            for message in read_po(handle):
                if isinstance(message.id, str) and message.id.startswith(NAMING):
                    texts.update(t for t in (message.id, message.string) if t)
    return tuple(sorted(texts, key=len, reverse=True))


def unmarked(text: str) -> list[str]:
    """Each use of MLPerf in the shown ``text`` without the ®, with 40 characters around it."""
    text = re.sub(r"\\u([0-9a-fA-F]{4})", lambda m: chr(int(m.group(1), 16)), text)
    # Material's search plugin separates Chinese words with zero-width spaces (jieba).
    text = text.replace("\u200b", "")
    if "MLPerf" not in text:  # most texts of a page: what follows only removes text
        return []
    text = " ".join(text.split())
    for naming in naming_texts():
        text = text.replace(naming, " ")
    text = ADDRESS.sub(" ", text.replace(SITE_NAME, " "))
    return [
        " ".join(text[max(0, m.start() - 40) : m.end() + 40].split())
        for m in UNMARKED.finditer(text)
    ]


class ShownText(HTMLParser):
    """The texts of an HTML page a reader sees: ``texts`` of (where, text)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.texts: list[tuple[str, str]] = []
        self.hidden = 0

    def handle_starttag(self, tag, attrs):
        if tag in VERBATIM:
            self.hidden += 1
        attrs = dict(attrs)
        if tag == "meta" and META.match(attrs.get("name") or attrs.get("property") or ""):
            self.texts.append(
                (f"<meta {attrs.get('name') or attrs.get('property')}>", attrs.get("content") or "")
            )
        for name, value in attrs.items():
            if value and (name in SHOWN or name.startswith("data-")):
                self.texts.append((f"<{tag} {name}>", value))

    def handle_endtag(self, tag):
        if tag in VERBATIM and self.hidden:
            self.hidden -= 1

    def handle_data(self, data):
        if not self.hidden:
            self.texts.append(("text", data))


def page_problems(html: str) -> list[str]:
    """``where: text`` of each unmarked use in an HTML page."""
    parser = ShownText()
    parser.feed(html)
    return [f"{where}: {found}" for where, text in parser.texts for found in unmarked(text)]


def report(problems: dict[str, list[str]]) -> str:
    lines = [f"{path}: {problem}" for path, found in problems.items() for problem in found]
    return f"{len(lines)} uses of MLPerf without ®:\n" + "\n".join(lines[:60])


def test_the_scan_finds_what_it_must():
    # Each of these is a use a reader sees; each must be reported.
    for html in (
        "<title>MLPerf Inference v6.1</title>",
        '<meta name="description" content="Four MLPerf Inference rounds">',
        '<meta property="og:title" content="MLPerf">',
        '<a class="md-tag" href="../tags/mlperf/#tag:mlperf">MLPerf</a>',
        "<p>MLPerf推理</p>",
        "<p>MLPerf™ Inference</p>",
        '<span title="MLPerf Power">x</span>',
    ):
        assert page_problems(html), html
    # None of these is: marked, code, an address, a file name, the site's name, the legend.
    legend = next(t for t in naming_texts() if t.startswith("The MLPerf name"))
    for html in (
        "<p>MLPerf® Inference</p>",
        "<code>MLPerf</code>",
        "<pre>MLPerf</pre>",
        '<a href="https://x.org/MLPerf">MLPerf® x</a>',
        "<p>MLPerf_Results.adoc</p>",
        "<p>results/MLPerf-power/</p>",
        "<p>MLPerf Wiki</p>",
        f"<p>{legend}</p>",
        '<form data-labels="{&quot;a&quot;: &quot;MLPerf\\u00ae Power&quot;}">',
        '<meta property="og:url" content="https://x.org/MLPerf/">',
    ):
        assert not page_problems(html), html


@pytest.mark.parametrize("code", [lang.code for lang in LANGUAGES] + [pytest.param("", id="root")])
def test_every_page_marks_every_use(site_pages, code):
    # "": the root pages (the language chooser and the 404 page).
    problems = {}
    pages = (
        pages_under(site_pages, code)
        if code
        else {name: text for name, text in site_pages.items() if "/" not in name}
    )
    for name, text in pages.items():
        found = page_problems(text)
        if found:
            problems[name] = found
    assert not problems, report(problems)


@pytest.mark.parametrize("code", [lang.code for lang in LANGUAGES])
def test_feeds_and_search_index_mark_every_use(site, code):
    # RSS and JSON feeds (titles, descriptions, categories), the search index (titles, tags,
    # the text of each section).
    problems = {}
    for name in ("feed_rss_created.xml", "feed_rss_updated.xml"):
        feed = ElementTree.parse(site / code / name).getroot()
        problems[name] = [
            f"<{element.tag}>: {found}"
            for element in feed.iter()
            if element.tag in ("title", "description", "category")
            for found in unmarked(element.text or "")
        ]
    for name in ("feed_json_created.json", "feed_json_updated.json"):
        feed = json.loads((site / code / name).read_text("utf-8"))
        problems[name] = [
            f"{field}: {found}"
            for item in [feed, *feed["items"]]
            for field in ("title", "description", "content_html", "tags")
            for found in unmarked(
                " ".join(item.get(field) or []) if field == "tags" else item.get(field) or ""
            )
        ]
    index = json.loads((site / code / "search" / "search_index.json").read_text("utf-8"))
    problems["search_index.json"] = [
        f"{doc['location']} {field}: {found}"
        for doc in index["docs"]
        for field in ("title", "tags")
        for found in unmarked(
            " ".join(doc.get(field) or []) if field == "tags" else doc.get(field) or ""
        )
    ]
    problems["search_index.json"] += [
        f"{doc['location']} text: {found}"
        for doc in index["docs"]
        for found in page_problems(doc.get("text") or "")
    ]
    assert not any(problems.values()), report(problems)


def test_no_address_or_anchor_holds_the_symbol(site, site_pages):
    # The ® is text only: every file of the site, every link, every anchor and every sitemap
    # entry is the address it was before the mark (slugs come from data/tags.yaml and the
    # posts' `slug:`, which are never marked).
    forms = ("®", "%C2%AE", "%c2%ae", "&reg;", "&#174;")
    paths = [str(p.relative_to(site)) for p in site.rglob("*")]
    assert [p for p in paths if any(form in p for form in forms)] == []
    attribute = re.compile(r'\b(?:href|src|id|name)="([^"]*)"')
    holding = {}
    for name, text in site_pages.items():
        found = [value for value in attribute.findall(text) if any(form in value for form in forms)]
        if found:
            holding[name] = found[:3]
    for sitemap in site.glob("*/sitemap.xml"):
        locs = re.findall(r"<loc>([^<]*)</loc>", sitemap.read_text(encoding="utf-8"))
        holding[str(sitemap)] = [loc for loc in locs if any(form in loc for form in forms)]
    assert not any(holding.values()), holding


@pytest.mark.parametrize("code", [lang.code for lang in LANGUAGES])
def test_tag_and_post_addresses_are_their_slugs(site, code):
    from generator.editorial import registries
    from generator.editorial.articles import articles
    from tests.conftest import ROOT

    posts = [p for p in articles(ROOT / "docs") if p.lang.code == code and not p.draft]
    # A post is at blog/<date>/<slug>/ (post_url_format of mkdocs.yml), whatever its title.
    for post in posts:
        assert (
            site / code / "blog" / f"{post.date:%Y/%m/%d}" / post.meta["slug"] / "index.html"
        ).is_file(), post.path
    # A tag is at tags/<slug>/ with its anchor #tag:<slug>, the slug of data/tags.yaml.
    used = {registries.tag_slug(str(t), post.lang) for post in posts for t in post.meta["tags"]}
    pages = {p.parent.name for p in (site / code / "tags").glob("*/index.html")}
    assert used and used <= pages and "mlperf" in used
    index = (site / code / "tags" / "index.html").read_text(encoding="utf-8")
    assert {slug for slug in used if f'id="tag:{slug}"' not in index} == set()


def test_the_data_page_cites_the_dataset_with_the_mark(site):
    # The BibTeX entry is code (the scan above skips it), but what it says is a use of the name:
    # its title and note carry ®, written as the UTF-8 character (BibTeX files are UTF-8, as
    # biber and LaTeX since 2018 read them); the author is the site's name.
    for lang in LANGUAGES:
        page = (site / lang.code / "data" / "index.html").read_text(encoding="utf-8")
        entry = re.search(r'<code class="language-bibtex">(.*?)</code>', page, re.DOTALL)
        text = entry.group(1)
        assert "title = {MLPerf® Inference results, normalized (" in text
        assert "Official MLCommons MLPerf® Inference result summaries" in text
        assert unmarked(text) == []
