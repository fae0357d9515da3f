"""The editorial wiki as built: posts, tags, reading time, verification page (all languages)."""

import html
import re
from pathlib import Path

import pytest

from generator import editorial
from generator.articles import articles
from generator.claims import STATUSES, load_registry
from generator.languages import LANGUAGES, language
from generator.readtime import reading_minutes
from tests.conftest import DATA, ROOT

POSTS = articles(ROOT / "docs")
CODES = [lang.code for lang in LANGUAGES]


def post_html(site, post):
    return (site / post.lang.code / "blog" / f"{post.date:%Y/%m/%d}" / post.meta["slug"] /
            "index.html").read_text(encoding="utf-8")


def test_nine_posts_three_per_language_with_shared_urls(site):
    assert len(POSTS) == 9
    for code in CODES:
        assert len([p for p in POSTS if p.lang.code == code]) == 3
    for post in POSTS:
        assert "claim claim--" in post_html(site, post)  # the page exists and has flags


@pytest.mark.parametrize("code", CODES)
def test_reading_time_is_computed_for_the_language(site, code):
    # Expected minutes from generator.readtime (its rates are tested on hand-counted text);
    # for zh this is several minutes, where word counting would say 1.
    label = {"en": r"(\d+) min read", "zh": r"需要 (\d+) 分钟阅读时间",
             "it": r"(\d+) minuti? di lettura"}[code]
    for post in (p for p in POSTS if p.lang.code == code):
        shown = re.search(label, post_html(site, post))
        assert shown, f"no reading time on {post.path}"
        text = post.path.read_text(encoding="utf-8")
        assert int(shown.group(1)) == reading_minutes(text, post.lang)
        if code == "zh":
            assert int(shown.group(1)) > 1


@pytest.mark.parametrize("code", CODES)
def test_tag_pages_list_exactly_the_posts_with_the_tag(site, code):
    for slug, names in editorial.tags().items():
        name = names[code]
        expected = sorted(p.title for p in POSTS if p.lang.code == code
                          and name in p.meta["tags"])
        page = (site / code / "tags" / slug / "index.html").read_text(encoding="utf-8")
        listed = sorted(html.unescape(t).strip() for t in re.findall(
            r'<li class="md-tag-listing__item"[^>]*>\s*<a [^>]*>([^<]+)</a>', page)
            or re.findall(r'<a href="[^"]*/blog/\d{4}/[^"]*">([^<]+)</a>', page))
        assert listed == expected, (code, slug)
        count = len(expected)
        heading = {"en": f"{count} post{'s' if count != 1 else ''} tagged with “{name}”",
                   "zh": f"共 {count} 篇文章带有标签“{name}”",
                   "it": f"{count} articol{'i' if count != 1 else 'o'} con il tag “{name}”"}
        assert heading[code] in html.unescape(page)
        assert 'href="../"' in page  # link to all tags


@pytest.mark.parametrize("code", CODES)
def test_verification_page_lists_every_claim_by_status(site, code):
    registry = load_registry(DATA / "claims.yaml")
    page = (site / code / "verification" / "index.html").read_text(encoding="utf-8")
    for claim_id in registry.claims:
        assert f'id="claim-{claim_id}"' in page
    positions = [page.find(f'<span class="claim claim--{s}"><span class="claim__flag">')
                 for s in STATUSES if any(c.status == s for c in registry.claims.values())]
    assert -1 not in positions and positions == sorted(positions)


def test_every_figure_in_articles_is_a_claim():
    # Digits in prose outside claim references: only names (v6.1, gpt-oss-120b, MI355X...),
    # never a free-standing quantity like "5.75" or "3.7x".
    bare = re.compile(r"(?<![\w.\-/])\d+(?:[.,]\d+)*\s*(?:%|×|x\b|M\b|万|亿|tokens)")
    for post in POSTS:
        body = re.sub(r"\[\[claim:[^\]]+\]\]", "", post.body)
        body = re.sub(r"`[^`]*`", "", body)
        found = bare.findall(body)
        assert not found, f"{post.path}: figures outside claims: {found}"
