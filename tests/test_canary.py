"""The canary: the English site as Zensical (Material for MkDocs' successor) builds it with
only our own stages (``make canary``, ``generator.site.canary``). Skipped, with the reason,
where the canary's environment or output is absent."""

import re

import pytest

from generator.editorial.articles import articles
from generator.i18n.languages import LANGUAGES, language
from generator.site.canary import OUT
from tests.conftest import ROOT

CANARY = ROOT / OUT / "en"
VENV = ROOT / ".cache" / "canary-venv" / "bin" / "zensical"
pytestmark = pytest.mark.skipif(
    not VENV.is_file() or not (CANARY / "index.html").is_file(),
    reason="no canary build: `make canary` installs Zensical in .cache/canary-venv and "
    "builds site-canary/en/",
)
POSTS = [post for post in articles(ROOT / "docs", (language("en"),)) if not post.draft]


def page(path: str) -> str:
    return (CANARY / path).read_text(encoding="utf-8")


@pytest.mark.parametrize("post", POSTS, ids=lambda post: post.key)
def test_every_claim_of_an_article_is_a_flag_with_its_footnote(post):
    # The claim ids the post cites, from its Markdown; each one's footnote and claims-table
    # row are rendered by the claims extension, which Zensical runs like MkDocs.
    text = page(f"blog/{post.date:%Y/%m/%d}/{post.meta['slug']}/index.html")
    assert "[[claim:" not in text and "[[plain:" not in text
    cited = {reference.claim_id for reference in post.claim_references()}
    assert cited
    for claim_id in cited:
        assert f'id="claim-{claim_id}"' in text, claim_id  # its row in the claims table
        # Footnote labels carry a digest of the article (claim_markdown._Page.label).
        assert re.search(rf'<li id="fn:{re.escape(claim_id)}-[0-9a-f]{{6}}"', text), claim_id
    assert text.count('class="claim claim--') >= len(cited)


def test_results_pages_and_their_charts_exist():
    assert (CANARY / "results" / "index.html").is_file()
    rounds = [p for p in (CANARY / "results").glob("v*/index.html")]
    assert len(rounds) == 4  # v4.1, v5.1, v6.0, v6.1: the rounds of data/results/
    charts = list((CANARY / "results").rglob("*.svg"))
    assert charts and all(chart.stat().st_size > 1000 for chart in charts[:20])
    # A chart image is referenced by the page that shows it.
    assert any(
        ".svg" in p.read_text(encoding="utf-8") for p in (CANARY / "results").rglob("index.html")
    )


def test_the_language_selector_links_the_other_languages():
    home = page("index.html")
    for lang in LANGUAGES:
        assert re.search(rf'<a href="[^"]*\.\./{lang.code}/" hreflang="{lang.code}"', home), (
            lang.code
        )
