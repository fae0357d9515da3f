"""Preview claims follow their product (issue 12, item 7; case
``../shared/cases/site/preview-retracted-not-shown``): ``available_by``, ``confirmed`` and
``retracted`` reach the flag, its tooltip, the tables and ``claims.json``, in every language,
and ``check`` notes a preview whose product is overdue.

Expected texts are written by hand: the dates in CLDR's long form of each language (en
"MMMM d, y", zh "y年M月d日", it "d MMMM y") inside the catalog's phrases."""

import datetime as dt
import json
import re

import pytest

from generator.editorial.article_markdown import render
from generator.editorial.articles import read_article
from generator.editorial.check import notes
from generator.editorial.claim_checks import overdue_previews
from generator.editorial.claims import load_registry
from generator.i18n.languages import LANGUAGES, language
from generator.pages.home import editorial_pages
from tests.conftest import DATA, ROOT, make_fixture_project
from tests.fixtures import long_date

CLAIM = "vr-qwen3vl-interactive"  # the case's claim: available_by 2027-03-15


def registry_with(tmp_path, extra: str):
    """data/claims.yaml with ``extra`` added under the claim's ``preview:`` block, as the case's
    claims-retracted.diff does, in a project folder ``tmp_path/"p"`` (the committed dataset:
    ``make_fixture_project``) that ``article_markdown.render`` can render from."""
    text = (DATA / "claims.yaml").read_text(encoding="utf-8")
    anchor = "    preview:\n      available_by: 2027-03-15\n"
    # The claim's own block: the first preview block after the claim's id line.
    start = text.index(f"\n  {CLAIM}:\n")
    at = text.index(anchor, start) + len(anchor)
    assert "\n  " not in text[start + 1 : at].replace("\n   ", "")  # still inside the claim
    path = make_fixture_project(tmp_path / "p") / "data" / "claims.yaml"
    path.write_text(text[:at] + extra + text[at:], encoding="utf-8")
    return load_registry(path)


# Chinese: no space between the date and the Chinese word after it (formatting.tidy_spacing).
# The label is short (it follows the figure in running text): the tooltip says the dates, once.
RETRACTED = {
    "en": (
        "⊘ Preview, retracted",
        "March 15, 2027",
        "the result was retracted on November 20, 2026",
    ),
    "zh": ("⊘ 预览，已撤回", "2027年3月15日", "这项结果已于 2026年11月20日撤回"),
    "it": (
        "⊘ Anteprima, ritirata",
        "15 marzo 2027",
        "il risultato è stato ritirato il 20 novembre 2026",
    ),
}


@pytest.mark.parametrize("code", [lang.code for lang in LANGUAGES])
def test_a_retracted_preview_reads_as_retracted(tmp_path, code):
    registry_with(tmp_path, "      retracted: 2026-11-20\n")
    label, due, sentence = RETRACTED[code]
    out = render(f"X [[claim:{CLAIM}]].", code, tmp_path / "p")
    flag = re.search(
        r'<span class="claim claim--preview claim--retracted".*?</a></span>', out
    ).group(0)
    tooltip = re.search(
        rf'<a class="claim__flag" href="#claim-{CLAIM}" title="([^"]*)">{label}</a>', flag
    ).group(1)
    assert due in tooltip and sentence in tooltip
    row = re.search(rf'<tr id="claim-{CLAIM}">.*?</tr>', out).group(0)
    assert label.split(" ", 1)[1] in row and "⊘" in row and "claim--retracted" in row


def test_the_claims_download_carries_the_follow_up(tmp_path, dataset):
    registry = registry_with(tmp_path, "      retracted: 2026-11-20\n")
    lang = language("en")
    pages = editorial_pages(registry, [], list(dataset.records), lang)
    rows = json.loads(next(p.content for p in pages if p.path == "claims.json"))
    row = next(r for r in rows if r["claim_id"] == CLAIM)
    assert (
        row["status"],
        row["preview_phase"],
        row["preview_available_by"],
        row["preview_confirmed"],
        row["preview_retracted"],
    ) == ("preview", "retracted", "2027-03-15", None, "2026-11-20")
    assert row["label"] == "Preview, retracted"
    other = next(r for r in rows if r["status"] == "verified")
    assert other["preview_phase"] is None and other["preview_available_by"] is None
    csv_text = next(p.content for p in pages if p.path == "claims.csv")
    assert "preview_retracted" in csv_text.split("\n")[0] and ",2026-11-20," in csv_text


def test_a_confirmed_preview_reads_as_confirmed(tmp_path):
    registry_with(tmp_path, "      confirmed: 2027-02-01\n")
    out = render(f"[[claim:{CLAIM}]]", "it", tmp_path / "p")
    assert f'href="#claim-{CLAIM}" title="' in out and '">◕ Anteprima, confermata</a>' in out
    assert "è diventato disponibile il 1 febbraio 2027" in out  # a date no round was published on


def test_check_notes_an_overdue_preview_and_not_a_settled_one(tmp_path):
    # The real registry: the case's claim is open until 2027-03-15.
    registry = load_registry(DATA / "claims.yaml")
    assert CLAIM not in " ".join(overdue_previews(registry, dt.date(2027, 3, 15)))
    late = overdue_previews(registry, dt.date(2027, 3, 16))
    assert any(f"claim '{CLAIM}': preview product was due by 2027-03-15" in n for n in late)
    settled = registry_with(tmp_path, "      retracted: 2026-11-20\n")
    assert CLAIM not in " ".join(overdue_previews(settled, dt.date(2027, 3, 16)))
    assert CLAIM not in " ".join(notes(settled, [], tmp_path, dt.date(2027, 3, 16)))


def test_built_articles_show_when_their_previews_are_due(site):
    # Every built post quoting a preview claim shows its available_by date, whatever the posts.
    registry = load_registry(DATA / "claims.yaml")
    previews = {cid: c.preview for cid, c in registry.claims.items() if c.preview}
    checked = 0
    for lang in LANGUAGES:
        for path in sorted((ROOT / "docs" / lang.code / "blog" / "posts").glob("*.md")):
            post = read_article(path, lang)
            quoted = {r.claim_id for r in post.claim_references()} & set(previews)
            if not quoted or post.meta.get("draft"):
                continue
            page = (
                ROOT
                / "site"
                / lang.code
                / "blog"
                / f"{post.date:%Y/%m/%d}"
                / post.meta["slug"]
                / "index.html"
            ).read_text(encoding="utf-8")
            for cid in quoted:
                assert long_date(previews[cid].available_by, lang.code) in page, (path, cid)
                checked += 1
    if not checked:
        pytest.skip("no article quotes a preview claim")
