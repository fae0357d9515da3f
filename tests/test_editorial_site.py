"""The editorial wiki as built: posts, tags, reading time, verification page (all languages)."""

import html
import re
from pathlib import Path

import pytest

from generator.editorial import registries as editorial
from generator.editorial.articles import articles
from generator.editorial.claims import STATUSES, load_registry
from generator.i18n.languages import LANGUAGES
from generator.i18n.readtime import reading_minutes
from tests.conftest import DATA, ROOT

POSTS = articles(ROOT / "docs")
CODES = [lang.code for lang in LANGUAGES]


def post_html(site, post):
    return (
        site / post.lang.code / "blog" / f"{post.date:%Y/%m/%d}" / post.meta["slug"] / "index.html"
    ).read_text(encoding="utf-8")


def material_phrase(code, key):
    """A phrase of Material's interface for ``code``: ours where overrides/partials/
    language.html replaces it (zh ``readtime.other`` -> ``"阅读时长约 # 分钟"``), else Material's
    own translation (its ``partials/languages/<code>.html``, ``"# minuti di lettura"``)."""
    import material

    ours = (ROOT / "overrides/partials/language.html").read_text("utf-8")
    block = re.search(rf'"{code}": \{{(.*?)\}}', ours, re.S)
    if block and (found := re.search(rf'"{re.escape(key)}": "([^"]*)"', block.group(1))):
        return found.group(1)
    partial = Path(material.__file__).parent / "templates/partials/languages" / f"{code}.html"
    return re.search(rf'"{re.escape(key)}": "([^"]*)"', partial.read_text("utf-8")).group(1)


def test_every_post_is_built_in_every_language_with_shared_urls(site):
    # Whatever the articles: the files on disk, one set of names per language.
    names = {
        code: sorted(p.name for p in (ROOT / "docs" / code / "blog/posts").glob("*.md"))
        for code in CODES
    }
    assert names["zh"] == names["en"] == names["it"]
    assert len(POSTS) == sum(len(n) for n in names.values())
    for post in POSTS:
        page = post_html(site, post)  # the page exists at the shared date/slug address
        if post.claim_references():
            assert "claim claim--" in page


@pytest.mark.parametrize("code", CODES)
def test_reading_time_is_computed_for_the_language(site, code):
    # Expected minutes from generator.i18n.readtime (its rates are tested on hand-counted text);
    # the label is Material's own phrase for the language, singular or plural.
    one = re.escape(material_phrase(code, "readtime.one")).replace("1", "(1)", 1)
    other = re.escape(material_phrase(code, "readtime.other")).replace(r"\#", r"(\d+)")
    label = re.compile(f"{one}|{other}")
    for post in (p for p in POSTS if p.lang.code == code):
        shown = label.search(post_html(site, post))
        assert shown, f"no reading time on {post.path}"
        minutes = int(next(g for g in shown.groups() if g))
        text = post.path.read_text(encoding="utf-8")
        assert minutes == reading_minutes(text, post.lang)
        # Chinese is counted in characters: 255 of them are a minute's reading (Brysbaert
        # 2019), where Material's word count would see a handful of "words".
        if code == "zh" and len(re.findall(r"[\u4e00-\u9fff]", text)) > 255:
            assert minutes > 1


@pytest.mark.parametrize("code", CODES)
def test_tag_pages_list_exactly_the_posts_with_the_tag(site, code):
    for slug, names in editorial.tags().items():
        name = names[code]
        # Titles as read_article gives them, with the guidelines' ® after MLPerf, which
        # the site adds to every use of the name (generator/i18n/trademark.py).
        expected = sorted(p.title for p in POSTS if p.lang.code == code and name in p.meta["tags"])
        page = (site / code / "tags" / slug / "index.html").read_text(encoding="utf-8")
        listed = sorted(
            html.unescape(t).strip()
            for t in re.findall(
                r'<li class="md-tag-listing__item"[^>]*>\s*<a [^>]*>([^<]+)</a>', page
            )
            or re.findall(r'<a href="[^"]*/blog/\d{4}/[^"]*">([^<]+)</a>', page)
        )
        assert listed == expected, (code, slug)
        count = len(expected)
        heading = {
            "en": f"{count} post{'s' if count != 1 else ''} tagged with “{name}”",
            "zh": f"共 {count} 篇文章带有标签“{name}”",
            "it": f"{count} articol{'i' if count != 1 else 'o'} con il tag «{name}»",
        }
        assert heading[code] in html.unescape(page)
        assert 'href="../"' in page  # link to all tags


@pytest.mark.parametrize("code", CODES)
def test_verification_page_lists_every_claim_by_status(site, code, dataset):
    from generator.editorial.verification import claim_view
    from generator.i18n.languages import language

    registry = load_registry(DATA / "claims.yaml")
    page = (site / code / "verification" / "index.html").read_text(encoding="utf-8")
    for claim_id in registry.claims:
        assert f'id="claim-{claim_id}"' in page
    # Statuses as computed from the claims' results (or typed, for quoted figures).
    statuses = {
        claim_view(cid, registry, list(dataset.records), language(code)).status
        for cid in registry.claims
    }
    positions = [
        page.find(f'<span class="claim claim--{s}"><span class="claim__flag">')
        for s in STATUSES
        if s in statuses
    ]
    assert -1 not in positions and positions == sorted(positions)


def test_every_figure_in_articles_is_a_claim():
    # The rule `check` enforces (generator.editorial.article_checks.check_languages), on the articles as they are.
    from generator.editorial.article_checks import check_languages

    assert [str(e) for e in check_languages(POSTS)] == []
