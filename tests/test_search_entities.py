"""Search finds the entity pages -- accelerators, accelerator families, submitters -- by their
names and by every spelling MLCommons published for them, in each language, while their large
tables stay out of the search index (Material's `search: boost` and `data-search-exclude`)."""

import json
import re

import pytest

pytestmark = pytest.mark.browser

CODES = ["zh", "en", "it"]
MI355X = "results/accelerators/amd-instinct-mi355x/"


def first_page(links):
    """The address of the first result, without its highlight query or anchor."""
    return links[0].split("?")[0].split("#")[0]


@pytest.mark.parametrize("lang", CODES)
@pytest.mark.parametrize(
    "query, expected",
    [
        ("MI355X", MI355X),
        # A published spelling of the part (data/results/v6.1.csv, column accelerator).
        ("Instinct MI355X", MI355X),
        ("GB300", "results/accelerators/nvidia-gb300/"),
        # A submitter by its name (Crusoe submitted in v6.1 only).
        ("Crusoe", "results/v6.1/submitters/crusoe/"),
    ],
)
def test_an_entity_is_the_first_result_for_its_name(searcher, base_url, lang, query, expected):
    links, page = searcher(lang, query)
    assert first_page(links) == f"{base_url}{lang}/{expected}", links[:5]
    assert page.console_errors == []


@pytest.mark.parametrize("lang", CODES)
def test_a_family_is_found_by_its_name(searcher, base_url, lang):
    # Articles tagged "AMD" come first (Material weighs tags highest); the family page follows
    # them, before the pages of its accelerators.
    links = [link.split("?")[0].split("#")[0] for link in searcher(lang, "AMD Instinct")[0]]
    pages = [link for link in dict.fromkeys(links) if "/blog/" not in link]
    assert pages[0] == f"{base_url}{lang}/results/families/amd-instinct/", pages[:5]


@pytest.mark.parametrize("lang", CODES)
def test_entity_pages_are_indexed_without_their_tables(site, dataset, lang):
    # One entry per entity page: its title and introduction, with every published spelling of
    # the accelerator (from the dataset), and none of the result IDs of its tables.
    docs = json.loads((site / lang / "search" / "search_index.json").read_text("utf-8"))["docs"]

    def entries(location):
        return [d for d in docs if d["location"].split("#")[0] == location]

    (mi355x,) = entries(MI355X)
    spellings = {
        r.accelerator for r in dataset.records if r.accelerator_id == "amd-instinct-mi355x"
    }
    assert spellings and all(f"<code>{s}</code>" in mi355x["text"] for s in spellings)
    crusoe = [r for r in dataset.records if r.submitter == "Crusoe"]
    for location in (
        MI355X,
        "results/v6.1/submitters/crusoe/",
        "results/families/amd-instinct/",
        "results/accelerators/",
    ):
        found = entries(location)
        assert len(found) == 1, location
        assert not any(r.shown_id in found[0]["text"] for r in crusoe), location


# "dell" is an Italian stop word ("dell'acceleratore"): the stop-word filter of Material's
# Italian pipeline leaves the word out of the index, and the pages naming Dell are indexed under
# "DellTechnologies" too (generator/site/config.py, i18n/search_aliases.yaml), which "Dell" finds.
@pytest.mark.parametrize(
    "lang, query, slug",
    [
        (lang, query, slug)
        for lang in CODES
        for query, slug in (
            ("NVIDIA", "nvidia"),
            ("AMD", "amd"),
            ("Dell", "dell"),
            ("Supermicro", "supermicro"),
        )
    ],
)
def test_a_company_finds_its_own_submitter_page_first(searcher, base_url, lang, query, slug):
    # Each submitted alone in every round and took part in joint submissions (Dell_Broadcom,
    # AMD_MangoBoost... in generator/data/organizations.yaml), and names families and
    # accelerators. Articles tagged with the name may come first (Material weighs tags
    # highest); after them, the company's own page, within the first 8 results.
    # One result item per page (its sections' links follow the page's own).
    found, page = searcher(lang, query)
    links = list(dict.fromkeys(link.split("?")[0].split("#")[0] for link in found))
    own = re.compile(rf"{re.escape(base_url)}{lang}/results/v[0-9.]+/submitters/{slug}/")
    first = next((i for i, link in enumerate(links) if own.fullmatch(link)), None)
    assert first is not None, links
    assert first < 8, links[:8]
    assert all("/blog/" in link for link in links[:first]), links[: first + 1]
    assert page.console_errors == []
