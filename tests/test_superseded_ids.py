"""Every derived result ID stays resolvable after MLCommons publishes its round's official IDs
(issue 32): the search entries, the explorer's ``?id=``, the comparison's ``?a=``/``?b=`` and the
links of the results pages read an old derived ID as the system it was derived for
(``data/ids/<round>.csv``, ``identity.Superseded``), say so in the page's language, and offer the
system that carries the same number as its official ID now.

The committed dataset holds no published v6.1 IDs yet, so these tests give the pages a table of
the kind the import writes when MLCommons' final report numbers two systems the other way round
(``tests/test_errata.py`` makes and imports such a file from the real v6.1 summary): in the
world of these tests, the system the site shows as 6.1-0002 had the derived ID 6.1-0001, and
the one shown as 6.1-0001 had 6.1-0002."""

from __future__ import annotations

import pytest

from generator.data.identity import Superseded
from generator.i18n.languages import LANGUAGES
from generator.pages.explorer import explorer_link, official_ids_mark
from generator.pages.result_search import result_search_entries


def system(records, result_id):
    """(submitter, system name) of the v6.1 system ``result_id`` of the committed dataset."""
    first = next(r for r in records if r.round == "v6.1" and r.result_id == result_id)
    return first.submitter, first.system_name


def swapped(records) -> Superseded:
    """``data/ids/v6.1.csv`` of a final report that swaps 6.1-0001 and 6.1-0002: each derived
    ID names the system that now shows the other number."""
    rows = {}
    for derived, official in (("6.1-0001", "6.1-0002"), ("6.1-0002", "6.1-0001")):
        submitter, name = system(records, official)
        rows[derived] = {
            "derived": derived,
            "official": official,
            "submitter": submitter,
            "system_name": name,
        }
    return Superseded({"v6.1": rows})


FORMERLY = {
    "en": "(formerly 6.1-0001, derived by this site)",
    "zh": "（原为本站推导的编号 6.1-0001）",
    "it": "(in precedenza 6.1-0001, ricavato da questo sito)",
}


@pytest.mark.parametrize("lang", LANGUAGES, ids=lambda lang: lang.code)
def test_a_search_for_an_old_derived_id_finds_the_system_it_meant(dataset, lang):
    records = list(dataset.records)
    entries = {e["location"]: e for e in result_search_entries(records, lang, swapped(records))}
    # The system 6.1-0001 was derived for, shown as 6.1-0002: its entry holds the old ID in its
    # title and its number in its tags (Material ranks a tag first), and opens the explorer on
    # its official ID, marked as official.
    meant = entries["results/explore/?id=6.1-0002&ids=official"]
    assert FORMERLY[lang.code] in meant["title"]
    assert meant["tags"] == ["0002", "0001"]
    # The system that carries 6.1-0001 now is found by the same search, marked as well.
    assert entries["results/explore/?id=6.1-0001&ids=official"]["tags"] == ["0001", "0002"]
    # An ID no derived ID had keeps its plain address and title.
    plain = entries["results/explore/?id=6.1-0003"]
    assert plain["tags"] == ["0003"] and "6.1-0003" in plain["title"]


def test_the_links_of_the_results_pages_mark_an_official_id_whose_text_was_derived(dataset):
    table = swapped(list(dataset.records))
    assert (
        explorer_link("../../", table, id="6.1-0002") == "../../explore/?id=6.1-0002&ids=official"
    )
    assert explorer_link("../../", table, id="6.1-0003") == "../../explore/?id=6.1-0003"
    assert official_ids_mark(table, "v4.1-0050", "6.1-0001") == "&ids=official"
    assert official_ids_mark(table, "v4.1-0050") == ""
    assert official_ids_mark(None, "6.1-0001") == ""


def with_superseded(page, pattern, pairs):
    """Serve the page's data file (``pattern``) with ``pairs`` as its ``superseded``, as a
    build with ``data/ids/v6.1.csv`` writes it."""

    def handle(route):
        data = route.fetch().json()
        data["superseded"] = pairs
        route.fulfill(json=data)

    page.route(pattern, handle)


# What the notice says, per language (the catalogs' texts, filled by the script).
SAID = {
    "en": (
        "6.1-0001 was this site's derived ID of {meant} until MLCommons published the "
        "official result IDs of v6.1: that system's official ID is 6.1-0002, shown here.",
        "6.1-0001 is now MLCommons' official ID of another system, {now}:",
        "show that system",
    ),
    "zh": (
        "在 MLCommons 公布 v6.1 的官方结果编号之前，6.1-0001 是本站为 {meant} 推导的编号；"
        "该系统的官方结果编号是 6.1-0002，此处显示的就是它。",
        "6.1-0001 现在是另一个系统 {now} 的 MLCommons 官方结果编号：",
        "显示该系统",
    ),
    "it": (
        "6.1-0001 era l'ID ricavato da questo sito per {meant} finché MLCommons non ha "
        "pubblicato gli ID risultato ufficiali del round v6.1: l'ID ufficiale di quel sistema "
        "è 6.1-0002, mostrato qui.",
        "6.1-0001 è ora l'ID ufficiale MLCommons di un altro sistema, {now}:",
        "mostra quel sistema",
    ),
}


@pytest.mark.parametrize("lang", ["en", "zh", "it"])
def test_the_explorer_opens_an_old_derived_id_on_its_system_and_offers_the_other(
    page, base_url, dataset, lang
):
    records = list(dataset.records)
    pairs = swapped(records).pairs()
    with_superseded(page, "**/assets/data/results.*.json*", pairs)
    page.goto(f"{base_url}{lang}/results/explore/?id=6.1-0001")
    notice = page.locator(".mlperf-explore__notice")
    page.locator(".mlperf-explore__count").wait_for()
    # The rows of the system 6.1-0001 was derived for, shown as 6.1-0002 (the dataset's records
    # of that ID; the first ten are drawn), and the ID field holds its official ID.
    count = sum(r.round == "v6.1" and r.result_id == "6.1-0002" for r in records)
    ids = page.locator(".mlperf-explore__output td:nth-child(2) a").all_inner_texts()
    assert len(ids) == min(count, 10) and set(ids) == {"6.1-0002"}
    assert page.locator("#explore-id").input_value() == "6.1-0002"
    meant = " ".join(system(records, "6.1-0002"))
    now = " ".join(system(records, "6.1-0001"))
    first, second, link = SAID[lang]
    text = notice.inner_text()
    assert first.format(meant=meant) in text and second.format(now=now) in text, text
    # Both are offered: the link opens the system that carries 6.1-0001 now, and says nothing.
    page.get_by_role("link", name=link).click()
    page.wait_for_url("**?id=6.1-0001&ids=official")
    page.wait_for_function(
        "() => (document.querySelector('#explore-id') || {}).value === '6.1-0001'"
    )
    assert page.locator(".mlperf-explore__notice").is_hidden()
    ids = page.locator(".mlperf-explore__output td:nth-child(2) a").all_inner_texts()
    assert set(ids) == {"6.1-0001"}
    assert page.console_errors == []


def test_the_comparison_opens_an_old_derived_id_on_its_system(page, base_url, dataset):
    records = list(dataset.records)
    with_superseded(page, "**/results/compare/systems.*.json*", swapped(records).pairs())
    page.goto(f"{base_url}en/results/compare/?a=6.1-0001&b=6.1-0003")
    notice = page.locator(".mlperf-compare__notice")
    notice.wait_for()
    assert page.locator("#compare-a").input_value() == "6.1-0002"
    meant = " ".join(system(records, "6.1-0002"))
    assert (
        f"System A: 6.1-0001 was this site's derived ID of {meant} until MLCommons published "
        "the official result IDs of v6.1: that system's official ID is 6.1-0002, shown here."
    ) in notice.inner_text()
    # The address now names the official ID, marked as such.
    page.wait_for_url("**ids=official*")
    page.get_by_role("link", name="show that system").click()
    page.wait_for_url("**a=6.1-0001**")
    page.locator("#compare-a").wait_for()
    page.wait_for_function(
        "() => (document.querySelector('#compare-a') || {}).value === '6.1-0001'"
    )


def test_an_id_typed_whose_text_was_another_systems_derived_id_is_said(page, base_url, dataset):
    # The reader types 6.1-0001 (copied from an article written before the publication, say):
    # the explorer reads it as the official ID the table shows, and says which system this
    # site's derived 6.1-0001 named, with a link to it.
    records = list(dataset.records)
    with_superseded(page, "**/assets/data/results.*.json*", swapped(records).pairs())
    page.goto(f"{base_url}en/results/explore/")
    page.locator(".mlperf-explore__count").wait_for()
    page.locator("#explore-id").fill("6.1-0001")
    page.locator("#explore-id").press("Tab")
    notice = page.locator(".mlperf-explore__notice")
    notice.wait_for()
    meant = " ".join(system(records, "6.1-0002"))
    assert notice.inner_text() == (
        "Until MLCommons published the official result IDs of v6.1, 6.1-0001 was this site's "
        f"derived ID of {meant}, whose official ID is 6.1-0002: show that system"
    )
    page.wait_for_url("**?id=6.1-0001&ids=official")
    ids = page.locator(".mlperf-explore__output td:nth-child(2) a").all_inner_texts()
    assert set(ids) == {"6.1-0001"}
    page.get_by_role("link", name="show that system").click()
    page.wait_for_function(
        "() => (document.querySelector('#explore-id') || {}).value === '6.1-0002'"
    )
