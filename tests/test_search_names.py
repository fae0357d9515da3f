"""Search finds names as readers type them: the Chinese names of companies written in Latin script
on the pages (i18n/search_aliases.yaml, added to the index by the finishing step), product codes
inside Chinese text; and pages that do not jump while they load (chart sizes, script-drawn areas),
measured with Chromium's layout-shift entries."""

from __future__ import annotations

import json
import re

import pytest

from generator.i18n.search import add_aliases, aliases


def test_a_name_gets_its_readers_names_as_a_whole_word_only():
    # By hand: "Dell" as a word gets 戴尔; "della" (Italian) and "Dellx" do not; a joint name
    # (AMD_MangoBoost) counts as naming AMD.
    index = {
        "config": {"fields": {}},
        "docs": [
            {"location": "a/", "title": "Dell PowerEdge", "text": "<p>AMD_MangoBoost</p>"},
            {"location": "b/", "title": "Dellx", "text": "della"},
        ],
    }
    out = add_aliases(index, {"Dell": ("戴尔",), "AMD": ("超威",)})
    assert out["docs"][0]["aliases"] == "戴尔 超威"
    assert "aliases" not in out["docs"][1]
    assert out["config"]["fields"]["aliases"] == {"boost": 1.0}


def test_the_alias_file_names_the_companies_the_issue_lists():
    zh = aliases()["zh"]
    for written, typed in {
        "NVIDIA": "英伟达",
        "Intel": "英特尔",
        "AMD": "超威",
        "Dell": "戴尔",
        "Oracle": "甲骨文",
        "Microsoft": "微软",
    }.items():
        assert typed in zh[written]


def test_the_chinese_index_carries_the_aliases(site):
    docs = json.loads((site / "zh" / "search" / "search_index.json").read_text(encoding="utf-8"))[
        "docs"
    ]
    dell = [d for d in docs if re.search(r"(?<![^\W_])Dell(?![^\W_])", d["title"] + d["text"])]
    assert dell and all("戴尔" in d.get("aliases", "") for d in dell)


@pytest.mark.browser
@pytest.mark.parametrize(
    "query,expect",
    [
        ("戴尔", r"/submitters/dell|Dell"),
        ("英伟达 B200", r"b200"),
        ("B200", r"b200"),
        ("甲骨文", r"oracle"),
    ],
)
def test_chinese_search_finds_company_names_and_product_codes(searcher, query, expect):
    links, tab = searcher("zh", query)
    titles = tab.locator(".md-search-result__item").all_inner_texts()
    assert any(
        re.search(expect, link + " " + title, re.I) for link, title in zip(links[:10], titles[:10])
    ), links[:5]


LOADS = {  # a page, and what shows that its scripts have drawn it
    "": "body",
    "results/v6.1/datacenter/gpt-oss-120b/offline/": "img[src$='leaders.svg']",
    "blog/2026/09/17/amd-512-accelerator-record/": "body",
    "results/explore/": ".mlperf-explore__count:not([hidden])",
    "results/compare/": ".mlperf-compare__output table",
}


@pytest.mark.browser
@pytest.mark.parametrize("width", [390, 1280])
@pytest.mark.parametrize("path", list(LOADS))
def test_pages_do_not_jump_while_they_load(browser, base_url, path, width):
    # Cumulative layout shift ("good" is 0.1 or less, web.dev), summed from Chromium's
    # layout-shift entries (buffered from the page's start) once its scripts have drawn it and
    # the images in view have loaded; two frames later, for a shift the last drawing caused.
    tab = browser.new_context(viewport={"width": width, "height": 900}).new_page()
    try:
        tab.goto(f"{base_url}en/{path}", wait_until="load")
        tab.locator(LOADS[path]).first.wait_for(state="attached")
        # Every image in view has loaded (a lazy chart below the fold, or in a tab not shown,
        # has not).
        tab.wait_for_function(
            "() => [...document.images].every(i => { "
            "const r = i.getBoundingClientRect(); "
            "return !r.height || r.top >= innerHeight || i.complete; })"
        )
        total = tab.evaluate("""() => new Promise(resolve => {
          let sum = 0;
          new PerformanceObserver(list => {
            for (const e of list.getEntries()) if (!e.hadRecentInput) sum += e.value; })
            .observe({type: "layout-shift", buffered: true});
          requestAnimationFrame(() => requestAnimationFrame(() => resolve(sum)));
        })""")
        assert total <= 0.1, (path, width, total)
    finally:
        tab.context.close()
