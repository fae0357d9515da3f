"""The claims downloads committed in git (``docs/<lang>/claims.csv`` and ``claims.json``, which
CONTRIBUTING asks editors to commit with a changed claim) are what the build writes from the
committed claims, articles and dataset: a fresh clone's ``make site`` leaves them unchanged."""

from __future__ import annotations

import pytest

from generator.editorial.articles import articles
from generator.editorial.claims import load_registry
from generator.i18n.languages import LANGUAGES
from generator.pages.home import editorial_pages
from tests.conftest import DATA, ROOT


@pytest.mark.parametrize("lang", LANGUAGES, ids=lambda lang: lang.code)
def test_committed_claims_downloads_are_up_to_date(dataset, lang):
    posts = [post for post in articles(ROOT / "docs") if not post.draft]
    pages = {page.path: page.content for page in editorial_pages(
        load_registry(DATA / "claims.yaml"), posts, list(dataset.records), lang)}
    for name in ("claims.csv", "claims.json"):
        committed = (ROOT / "docs" / lang.code / name).read_text(encoding="utf-8")
        assert committed == pages[name], (
            f"docs/{lang.code}/{name} is stale: run `make site` and commit it")
