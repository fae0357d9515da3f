"""Result IDs are first-class: the search index has an entry per result ID that opens the
explorer on that system (pages.result_search), the explorer takes id= in its address, and the
comparison page's option labels are not indexed as text."""

from __future__ import annotations

import json
import re

import pytest

from generator.pages.result_search import spellings


def index(site, lang):
    return json.loads((site / lang / "search" / "search_index.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("lang", ["en", "zh", "it"])
def test_every_result_id_has_one_entry_with_every_spelling(site, dataset, lang):
    # Expected from the dataset: one entry per (round, result ID), named by its shown spelling.
    docs = index(site, lang)["docs"]
    entries = {d["location"]: d for d in docs if "?id=" in d["location"]}
    expected = {f"results/explore/?id={r.shown_id}": r for r in dataset.records}
    assert entries.keys() == expected.keys()
    for location, record in expected.items():
        title = entries[location]["title"]
        assert all(spelling in title for spelling in spellings(record))
    # Weighed below the pages, so that a name in their text does not rank them first
    # (test_layout's "Crusoe" finds the article).
    assert all(0 < e["boost"] < 1 for e in entries.values())
    assert "v4.1-0050" in entries["results/explore/?id=v4.1-0050"]["title"]
    assert "4.1-0050" in entries["results/explore/?id=v4.1-0050"]["title"]
    # The file the entries came from is not published.
    assert not (site / lang / "results" / "explore" / "result-ids.search.json").exists()


@pytest.mark.parametrize("lang", ["en", "zh", "it"])
def test_the_comparison_options_are_not_indexed(site, lang):
    compare = [d for d in index(site, lang)["docs"] if d["location"].startswith("results/compare/")]
    assert compare
    # An option label reads "v6.1 · <system> — <size> — 6.1-0073": of the 752 only the two
    # systems the <noscript> text links are in the index.
    assert sum(len(re.findall(r"\d\.\d-\d{4}", d["text"])) for d in compare) == 2


@pytest.mark.browser
@pytest.mark.parametrize(
    "lang,query", [("en", "6.1-0073"), ("zh", "6.1-0073"), ("it", "v4.1-0050"), ("en", "4.1-0050")]
)
def test_search_finds_the_result_first(searcher, lang, query):
    links, _ = searcher(lang, query)
    canonical = query.removeprefix("v")
    assert re.search(r"/results/explore/\?id=v?" + re.escape(canonical) + r"(&|$)", links[0]), (
        links[:3]
    )


@pytest.mark.browser
@pytest.mark.parametrize("address", ["6.1-0073", "v4.1-0050", "4.1-0050"])
def test_the_explorer_shows_one_system_for_an_id(page, base_url, dataset, address):
    # Expected from the dataset: the results of that ID (canonical: without the "v").
    canonical = address.removeprefix("v")
    count = sum(r.result_id == canonical for r in dataset.records)
    page.goto(f"{base_url}en/results/explore/?id={address}&h=0073")
    status = page.locator(".mlperf-explore__count")
    status.wait_for()
    assert re.search(rf"\b{count}\b", status.inner_text()) or count == 1  # "1 result matches."
    assert page.locator("#explore-id").input_value() == canonical
    assert page.locator(".mlperf-explore__notice").is_hidden()  # h= is Material's, not ignored
    ids = page.locator(".mlperf-explore__output td:nth-child(2) a").all_inner_texts()
    assert len(ids) == min(count, 10) and {i.removeprefix("v") for i in ids} == {canonical}
    assert page.console_errors == []


@pytest.mark.browser
@pytest.mark.parametrize(
    "lang,query,page",
    [("en", "v6.1", "/results/v6.1/"), ("it", "Crusoe", "amd-512-accelerator-record")],
)
def test_a_round_or_a_name_still_finds_its_pages_first(searcher, lang, query, page):
    # The ID entries do not crowd out the pages: a round alone (no entry's tag holds it) and a
    # submitter named in entries' texts (weighed at ENTRY_BOOST).
    links, _ = searcher(lang, query)
    assert not any("?id=" in link for link in links[:5]), links[:5]
    assert any(page in link for link in links)
