"""Text is HTML-escaped once on its way to a page: a name with an apostrophe ("Buyer's guide",
"Guida all'acquisto" of data/tags.yaml) reads as typed in titles, descriptions and menus."""

from __future__ import annotations

import json
import re

from markupsafe import Markup

from generator.pages.filters import yaml_string

# An escaped entity escaped again: what a reader sees as "&#39;" or "&amp;" on the page.
TWICE = re.compile(r"&amp;(#x?[0-9a-fA-F]+|amp|quot|lt|gt|apos);")


def test_front_matter_text_is_escaped_once():
    # A translated sentence whose value Jinja escaped (ngettext(..., tag=name) returns Markup
    # "Buyer&#39;s guide") and the plain name give the same front-matter scalar.
    assert yaml_string(Markup("1 post tagged with “Buyer&#39;s guide”")) == json.dumps(
        "1 post tagged with “Buyer&#x27;s guide”", ensure_ascii=False
    )
    assert yaml_string("Buyer's guide") == '"Buyer&#x27;s guide"'
    assert yaml_string(Markup("<b>")) == '"&lt;b&gt;"'  # a Markup tag is text here, escaped


def test_no_page_shows_an_entity_escaped_twice(site_pages):
    twice = {}
    for name, text in site_pages.items():
        found = TWICE.findall(text)
        if found:
            twice[name] = sorted(set(found))
    assert twice == {}


def test_a_posts_tags_link_the_tags_own_page(site):
    # Each tag of a post links its page, tags/<slug>/, the slug of data/tags.yaml: the index
    # lists tags without being a listing of them, so no tag link depends on which of two
    # listings the tags plugin finds first.
    from generator.editorial import registries
    from generator.editorial.articles import articles
    from tests.conftest import ROOT

    posts = [p for p in articles(ROOT / "docs") if not p.draft]
    assert posts
    for post in posts:
        page = (
            site
            / post.lang.code
            / "blog"
            / f"{post.date:%Y/%m/%d}"
            / post.meta["slug"]
            / "index.html"
        ).read_text(encoding="utf-8")
        links = re.findall(r'<a href="(?:\.\./)+tags/([^"]*)" class="md-tag', page)
        slugs = [registries.tag_slug(str(t), post.lang) for t in post.meta["tags"]]
        assert sorted(links) == sorted(f"{slug}/#tag:{slug}" for slug in slugs), post.path
