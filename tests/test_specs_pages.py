"""Accelerator cards on the built accelerator pages (issue 35): the vendor's figures flagged as
such and linked to their sources, Epoch AI credited with its licence in every language, the
derived figures marked as derived, and the downloads. Reads the built ``site/`` (fixture)."""

from __future__ import annotations

import csv
import html
import io
import json
import re

import pytest

from generator.data import accelerators
from generator.model import specs
from tests.conftest import committed_dataset, download

PAGE = "results/accelerators/{slug}/index.html"
# What each language says of a card and of a derived figure (its catalog's words).
WORDS = {
    "en": (
        "Vendor figures, not MLCommons results",
        "Derived figure",
        "Accelerator specifications:",
    ),
    "zh": ("厂商数据，并非 MLCommons 结果", "计算所得数值", "加速器规格："),
    "it": (
        "Dati del produttore, non risultati MLCommons",
        "Valore derivato",
        "Specifiche degli acceleratori:",
    ),
}


def page(site, lang, slug):
    return (site / lang / PAGE.format(slug=slug)).read_text(encoding="utf-8")


def card_table(text):
    start = text.index('class="mlperf-table mlperf-card"')
    return text[start : text.index("</table>", start)]


@pytest.mark.parametrize("lang", WORDS)
def test_mi355x_card_shows_the_vendor_figures_with_their_source(site, lang):
    text = page(site, lang, "amd-instinct-mi355x")
    flag, derived, credit = WORDS[lang]
    assert flag in text and credit in text
    table = card_table(text)
    rows = dict(re.findall(r'<tr data-spec="(\w+)">(.*?)</tr>', table, re.DOTALL))
    # Epoch's row "AMD Instinct MI355X": 2.88e11 bytes, 8e12 byte/s, 1400 W (grouped as the
    # language writes 1,400: "1,400" en/zh, "1.400" it).
    assert "288 GB" in rows["memory"] and "8 TB/s" in rows["memory_bandwidth"]
    assert re.search(r"1[.,]400 W", rows["power"])
    # Each figure links to its source (Epoch's dataset) and to its numbered entry, which names
    # the row and links the row's own datasheet (AMD's brochure).
    assert 'href="https://epoch.ai/data/machine-learning-hardware"' in rows["power"]
    assert 'href="#spec-source-1"' in rows["power"]
    listed = text[text.index('id="spec-source-1"') :]
    assert "amd-instinct-mi355x-gpu-brochure.pdf" in listed[:1500]
    # Epoch AI credited with its licence, the row named, the retrieval date given.
    assert "https://creativecommons.org/licenses/by/4.0/" in text
    assert "https://epoch.ai/data/machine-learning-hardware" in text
    assert html.escape("AMD Instinct MI355X") in text
    # The derived table is marked as derived in the language.
    section = text[text.index('id="per-specification"') :]
    assert derived in section[:3000]


def test_an_accelerator_without_a_card_shows_none(site):
    # The RTX PRO 6000 Blackwell has no card (data/accelerator_specs.yaml's header says why).
    assert "nvidia-rtx-pro-6000-blackwell" not in specs.cards()
    text = page(site, "en", "nvidia-rtx-pro-6000-blackwell")
    assert 'id="specifications"' not in text and "Epoch AI" not in text


def test_vera_rubins_card_cites_nvidia_and_credits_no_epoch(site):
    # data/accelerator_specs.yaml: 288 GB HBM4 and 2,300 W per GPU, from the system description
    # NVIDIA filed with its v6.1 submission; no Epoch row, so no Epoch credit.
    text = page(site, "en", "nvidia-vera-rubin-vr200")
    section = text[text.index('id="specifications"') :]
    section = section[: section.index("</ol>")]
    assert "288 GB" in section and "2,300 W" in section and "HBM4" in section
    assert "closed/NVIDIA/systems/VR-NVL72_VR-288GB_aarch64x72_TRT.json" in section
    assert ">NVIDIA</a>" in section and "Epoch AI" not in section
    # Its bandwidth from NVIDIA's technical blog on the Rubin GPU; no compute rate (NVIDIA's
    # NVFP4 figure does not say whether it counts sparsity).
    assert "22 TB/s" in section and "developer.nvidia.com/blog/inside-nvidia-rubin-gpu" in section
    assert 'data-spec="fp4"' not in section


# Vera Rubin's power note in data/accelerator_specs.yaml, part of each language's text.
RUBIN_POWER_NOTE = {
    "en": "not a datasheet TDP",
    "zh": "并非规格书中的 TDP",
    "it": "non un TDP da scheda tecnica",
}


@pytest.mark.parametrize("lang", RUBIN_POWER_NOTE)
def test_a_values_note_says_what_kind_of_figure_it_is_in_each_language(site, lang):
    # On the card, under the 2,300 W figure (its note is a TGP configured for one submission).
    rows = dict(
        re.findall(
            r'<tr data-spec="(\w+)">(.*?)</tr>',
            card_table(page(site, lang, "nvidia-vera-rubin-vr200")),
            re.DOTALL,
        )
    )
    note = re.search(r'<small class="mlperf-spec-note">(.*?)</small>', rows["power"])
    assert note and RUBIN_POWER_NOTE[lang] in html.unescape(note.group(1))
    assert 'class="mlperf-spec-note"' not in rows["memory"]  # no note, none shown
    # The card's download gives it in English, the catalogs' source language.
    if lang == "en":
        power = next(
            row
            for row in csv.DictReader(
                io.StringIO(
                    download(
                        site,
                        "en",
                        "results/accelerators/nvidia-vera-rubin-vr200/specifications.csv",
                    ).read_text(encoding="utf-8")
                )
            )
            if row["field"] == "power"
        )
        assert power["value"] == "2300.0" and RUBIN_POWER_NOTE["en"] in power["note"]
    # And in the table of every card, in the Vera Rubin row.
    text = (site / lang / SPECS_PAGE / "index.html").read_text(encoding="utf-8")
    start = text.index('<tr data-accelerator="nvidia-vera-rubin-vr200">')
    assert RUBIN_POWER_NOTE[lang] in html.unescape(text[start : text.index("</tr>", start)])


def test_the_card_and_derived_downloads_hold_the_values_and_their_kind(site):
    rows = list(
        csv.DictReader(
            io.StringIO(
                download(
                    site, "en", "results/accelerators/amd-instinct-mi355x/specifications.csv"
                ).read_text(encoding="utf-8")
            )
        )
    )
    by_field = {row["field"]: row for row in rows}
    assert by_field["memory"]["value"] == "288.0" and by_field["memory"]["unit"] == "GB"
    assert by_field["power"]["licence"] == "CC BY 4.0"
    assert all(row["kind"] == "vendor figure, not an MLCommons result" for row in rows)
    derived = list(
        csv.DictReader(
            io.StringIO(
                download(
                    site, "en", "results/accelerators/amd-instinct-mi355x/derived.csv"
                ).read_text(encoding="utf-8")
            )
        )
    )
    assert derived and all("derived by mlperf-wiki" in row["kind"] for row in derived)
    # Each figure is its result per accelerator over the card's 8 TB/s, to 2 decimals.
    for row in derived:
        assert float(row["tokens_per_s_per_accelerator_per_tb_s"]) == pytest.approx(
            float(row["result_per_accelerator"]) / 8.0, abs=0.01
        )
    assert specs.cards()["amd-instinct-mi355x"].get("memory_bandwidth") == 8


SPECS_PAGE = "results/specifications/"


def test_the_specification_table_lists_every_card_with_its_downloads(site):
    text = (site / "en" / SPECS_PAGE / "index.html").read_text(encoding="utf-8")
    listed = re.findall(r'<tr data-accelerator="([a-z0-9-]+)">', text)
    assert listed == list(specs.cards())  # every card once, in the registry's order
    rows = list(
        csv.DictReader(
            io.StringIO(
                download(site, "en", SPECS_PAGE + "specifications.csv").read_text(encoding="utf-8")
            )
        )
    )
    assert {row["accelerator_id"] for row in rows} == set(specs.cards())
    assert sum(len(card.values) for card in specs.cards().values()) == len(rows)


@pytest.mark.parametrize("width", [390, 1280])
def test_two_cards_compare_at_an_address_and_ticking_builds_it(browser, base_url, width):
    from tests.test_explore import tab_at

    pair = "amd-instinct-mi355x,nvidia-b300-sxm"
    with tab_at(browser, width) as tab:
        errors = []
        tab.on("pageerror", lambda e: errors.append(str(e)))
        tab.goto(f"{base_url}en/{SPECS_PAGE}?compare={pair},not-a-card")
        shown = tab.locator("table[data-spec-table] tbody tr:visible")
        shown.first.wait_for()
        assert [
            shown.nth(i).get_attribute("data-accelerator") for i in range(shown.count())
        ] == pair.split(",")
        assert tab.locator("[data-spec-compared]").is_visible()
        # The id no card has is named, and what is shown instead.
        assert tab.locator("[data-spec-notice]").inner_text() == (
            "The address asks to compare not-a-card, which this table does not hold. "
            "The others asked for are compared."
        )
        # The MI355X's row: Epoch's 288 GB, 8 TB/s, 1,400 W.
        cells = tab.locator('tr[data-accelerator="amd-instinct-mi355x"] td').all_inner_texts()
        assert {"288", "8", "1,400"} <= {c.strip() for c in cells}
        # From the whole table, ticking two makes the link to their comparison.
        tab.goto(f"{base_url}en/{SPECS_PAGE}")
        # A figure's first click ranks the largest first: memory, 288 GB (the MI350X and
        # MI355X rows of Epoch's CSV, 2.88e11 bytes; Vera Rubin's 288 GB from NVIDIA's system
        # description) before any smaller card.
        tab.locator("table[data-spec-table] thead th", has_text="Memory").first.click()
        first = tab.locator("table[data-spec-table] tbody tr").first
        assert first.get_attribute("data-accelerator") in (
            "amd-instinct-mi350x",
            "amd-instinct-mi355x",
            "nvidia-vera-rubin-vr200",
        )
        link = tab.locator("[data-spec-compare]")
        assert link.get_attribute("aria-disabled") == "true"
        for accelerator in ("nvidia-h100-sxm", "nvidia-h200-sxm"):
            tab.locator(f'tr[data-accelerator="{accelerator}"] input[data-compare]').check()
        assert link.get_attribute("href") == "?compare=nvidia-h100-sxm,nvidia-h200-sxm"
        assert link.get_attribute("aria-disabled") == "false"
        # Without a comparison, no card's best results are listed.
        assert not tab.locator("[data-spec-results]").is_visible()
        assert errors == []


@pytest.mark.parametrize("width", [390, 1280])
def test_a_comparison_shows_each_cards_best_results_with_their_marks(browser, base_url, width):
    from tests.test_explore import tab_at

    pair = ["amd-instinct-mi355x", "nvidia-vera-rubin-vr200"]
    best = specs.best_results(committed_dataset().records)
    expected = {a: [r.shown_id for r in best[a]] for a in pair}
    with tab_at(browser, width) as tab:
        tab.goto(f"{base_url}en/{SPECS_PAGE}?compare={','.join(pair)}")
        section = tab.locator("[data-spec-results]")
        section.wait_for()
        rows = section.locator("tbody tr:visible")
        shown: dict[str, list[str]] = {a: [] for a in pair}
        for i in range(rows.count()):
            row = rows.nth(i)
            shown[row.get_attribute("data-accelerator")].append(
                row.locator("td").last.locator("a").inner_text()
            )
        assert {a: sorted(ids) for a, ids in shown.items()} == {
            a: sorted(ids) for a, ids in expected.items()
        }
        # Vera Rubin's v6.1 results are previews with derived IDs: each row says so.
        rubin = section.locator('tbody tr[data-accelerator="nvidia-vera-rubin-vr200"]').first
        assert "Preview: to be available by v7.0" in rubin.inner_text()
        assert rubin.locator("sup.mlperf-derived").count() == 1
        assert "comparable on the same benchmark" in section.inner_text()
        tab.screenshot(path=f"/tmp/a35-compare-{width}.png", full_page=False)


@pytest.mark.parametrize("lang", ["en", "zh", "it"])
def test_the_best_results_are_a_file_loaded_for_a_comparison_not_hidden_rows(site, lang):
    folder = site / lang / SPECS_PAGE
    text = (folder / "index.html").read_text(encoding="utf-8")
    # Measured: 261 KB with every card's best results written hidden into the page (the
    # commit before); the page now holds none of them, and a no-script reader gets the CSV.
    assert len(text.encode()) < 100_000
    table = text[text.index("data-spec-results-table") :]
    table = table[: table.index("</table>")]
    assert "<tr data-accelerator" not in table
    # The page's second column heading, in the language: what each row names its accelerator.
    accelerator_head = re.findall(r"<th[^>]*>([^<]+)</th>", table)[1]
    body = text[text.index("<body") :]  # (the <noscript> of <head> holds a style)
    noscript = body[body.index("<noscript>") : body.index("</noscript>")]
    assert re.search(r'href="[^"]*best-results\.csv"', noscript)
    # One file per card with a throughput result, each named in the table's data-rows-of;
    # together, in the order their rows give, they hold each row of best-results.csv once,
    # its ID linked (a card with rows but no file would leave a gap in that order).
    rows_of = re.search(r'data-rows-of="([^"]*)"', table).group(1).split()
    assert sorted(p.stem for p in (folder / "comparison").glob("*.json")) == sorted(rows_of)
    assert set(rows_of) <= set(specs.cards())
    files = {
        a: json.loads((folder / "comparison" / f"{a}.json").read_text(encoding="utf-8"))
        for a in rows_of
    }
    assert all(files.values())
    rows = sorted(
        ({"accelerator": a, **row} for a, file in files.items() for row in file),
        key=lambda row: row["order"],
    )
    best = list(
        csv.DictReader(
            io.StringIO(download(site, lang, SPECS_PAGE + "best-results.csv").read_text("utf-8"))
        )
    )
    assert [row["order"] for row in rows] == list(range(len(best)))
    for row, expected in zip(rows, best):
        assert row["cells"].startswith("<td") and row["cells"].count("<td") == 6
        link = re.search(r'<a href="([^"]+)">([^<]+)</a>', row["cells"].split("<td")[-1])
        assert link and html.unescape(link.group(1)) == expected["result_url"]
        assert link.group(2) in (expected["result_id"], expected["result_id_published"])
        # Each file holds its own accelerator's rows, named in the accelerator column.
        name = accelerators.table().accelerators[row["accelerator"]].name
        assert f'data-label="{accelerator_head}">{html.escape(name)}</td>' in row["cells"]
    # Marks travel with the rows: Vera Rubin's v6.1 previews carry theirs.
    rubin = [row["cells"] for row in rows if row["accelerator"] == "nvidia-vera-rubin-vr200"]
    assert rubin and all('class="mlperf-preview"' in cells for cells in rubin)


def test_a_comparison_whose_rows_cannot_load_says_so_beside_the_downloads(browser, base_url):
    from tests.test_explore import tab_at

    with tab_at(browser, 1280) as tab:
        tab.route("**/comparison/nvidia-b300-sxm.json", lambda route: route.fulfill(status=404))
        tab.goto(f"{base_url}en/{SPECS_PAGE}?compare=amd-instinct-mi355x,nvidia-b300-sxm")
        failed = tab.locator("[data-spec-results-failed]")
        failed.wait_for()
        assert "could not be loaded" in failed.inner_text()
        assert tab.locator("[data-spec-results] a[href$='best-results.csv']").is_visible()
        assert tab.locator("[data-spec-results] tbody tr").count() == 0


# The notice of an address naming no card of the table (catalogs' texts, the ids filled in).
UNKNOWN_CARD = {
    "en": "The address asks to compare not-a-card, nor-this, which this table does not hold. "
    "Every accelerator is shown instead; tick two or more to compare them.",
    "zh": "地址要求比较 not-a-card，nor-this，但本表中没有。因此显示全部加速器；勾选两个或更多即可比较。",
    "it": "L'indirizzo chiede di confrontare not-a-card, nor-this, che questa tabella non contiene. "
    "Sono mostrati invece tutti gli acceleratori; selezionatene due o più per confrontarli.",
}


@pytest.mark.parametrize("lang", ["en", "zh", "it"])
def test_an_address_naming_unknown_cards_says_so_and_shows_every_card(browser, base_url, lang):
    # ?compare= with ids no card has (and one known id alone, which compares nothing): the
    # whole table shows, as before, and a notice in the page's language names the ids and
    # says what is shown; a known id alone is told that a comparison needs two.
    from tests.test_explore import tab_at

    with tab_at(browser, 390) as tab:
        errors = []
        tab.on("pageerror", lambda e: errors.append(str(e)))
        tab.goto(f"{base_url}{lang}/{SPECS_PAGE}?compare=not-a-card,nor-this")
        notice = tab.locator("[data-spec-notice]")
        notice.wait_for()
        assert notice.inner_text() == UNKNOWN_CARD[lang]
        rows = tab.locator("table[data-spec-table] tbody tr")
        assert rows.count() == len(specs.cards())
        assert tab.locator("table[data-spec-table] tbody tr:visible").count() == rows.count()
        assert not tab.locator("[data-spec-compared]").is_visible()
        if lang == "en":
            tab.goto(f"{base_url}en/{SPECS_PAGE}?compare=nvidia-h100-sxm")
            notice.wait_for()
            assert notice.inner_text() == (
                "A comparison needs two accelerators or more: every accelerator is shown instead."
            )
        assert errors == []
