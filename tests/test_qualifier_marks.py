"""Every surface of the built site marks a result's qualifiers wherever the result appears.

The test walks the built site of the three languages and finds each result the way a reader
does, without the site model's help: a link to its official result folder (every table that
lists results), a row naming its system and submitter on its benchmark's page (the tables of
the charts), a round's leader named in the round's table, and each bar of every chart (the
Vega-Lite spec, its static SVG). The result is looked up in ``data/results/*.csv`` (pandas),
and then:

* a preview result must carry its mark: under its system's name in a table
  (``mlperf-preview``), after its name on a bar, and its due round in the bar's tooltip;
* a result ID this project derived must be followed by ``†`` wherever it is shown;
* an open-division result must say which model it ran (``mlperf-open`` in a table, the model
  in a chart's tooltip).
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from functools import cache
from html import escape
from html.parser import HTMLParser
from urllib.parse import unquote

import pandas as pd
import pytest

from generator.i18n.catalogs import translations
from generator.i18n.languages import LANGUAGES
from generator.pages.results import ON_DEMAND
from tests.conftest import DATA, SITE

RESULT_LINK = re.compile(
    r"^https://github\.com/mlcommons/inference_results_(v[0-9.]+)/tree/main/"
    r"(.+)$"
)
# A result linked by its ID to the explorer (the round reports link their results so).
ID_LINK = re.compile(r"explore/\?id=([^&#]+)")


def is_result_link(href: str) -> bool:
    """Whether ``href`` links one result: its official folder, or the explorer on its ID."""
    return bool(RESULT_LINK.match(href) or ID_LINK.search(href))


def due_round(round_name: str) -> str:
    """MLCommons' preview rule, written out again on purpose: the next of the two yearly
    rounds (v4.1 -> v5.0, v6.0 -> v6.1)."""
    major, minor = (int(part) for part in round_name.removeprefix("v").split("."))
    return f"v{major + 1}.0" if minor >= 1 else f"v{major}.{minor + 1}"


@cache
def frame() -> pd.DataFrame:
    table = pd.concat(
        pd.read_csv(path, dtype={"result_id_published": str})
        for path in sorted((DATA / "results").glob("*.csv"))
    )
    table["shown_id"] = table.result_id_published.fillna(table.result_id)
    return table


@cache
def by_location() -> dict[tuple[str, str], list[dict]]:
    found = defaultdict(list)
    for row in frame().to_dict("records"):
        found[(row["round"], row["location"])].append(row)
    return found


@cache
def by_shown_id() -> dict[str, list[dict]]:
    """The rows of each result ID as pages show it: one system, whose rows share its category,
    division and ID (so the first row stands for the system)."""
    found = defaultdict(list)
    for row in frame().to_dict("records"):
        found[row["shown_id"]].append(row)
    return found


@cache
def benchmark_rows(round_name: str, suite: str, model: str, scenario: str) -> tuple[dict, ...]:
    """The results of a benchmark page's folder (``v6.1/datacenter/deepseek-r1/offline``)."""
    table = frame()
    return tuple(
        table[
            (table["round"] == round_name)
            & table.suite.str.split(",").apply(lambda s: suite in s)
            & (table.model.str.lower() == model)
            & (table.scenario.str.lower() == scenario.split("-")[0])
        ].to_dict("records")
    )


class Units(HTMLParser):
    """Each table row of a page (and each list item and paragraph outside tables), with its
    cells' text, the links in it, the classes of the elements in it and its cells apart."""

    UNITS = ("tr", "li", "p")

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack: list[dict] = []
        self.units: list[dict] = []
        self.cell: dict | None = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        classes = set((attrs.get("class") or "").split())
        if tag in self.UNITS and not (tag != "tr" and any(u["tag"] == "tr" for u in self.stack)):
            self.stack.append(
                {
                    "tag": tag,
                    "text": [],
                    "links": [],
                    "classes": set(),
                    "cells": [],
                    "chart_table": bool(self.in_chart_table),
                }
            )
        if tag == "details" and "mlperf-chart-table" in classes:
            self.in_chart_table = True
        if tag in ("td", "th") and self.stack:
            self.cell = {"text": [], "links": [], "classes": set()}
            self.stack[-1]["cells"].append(self.cell)
        for unit in self.stack[-1:]:
            unit["classes"] |= classes
            if tag == "a" and attrs.get("href"):
                unit["links"].append(attrs["href"])
        if self.cell is not None:
            self.cell["classes"] |= classes
            if tag == "a" and attrs.get("href"):
                self.cell["links"].append(attrs["href"])

    in_chart_table = False

    def handle_endtag(self, tag):
        if tag == "details":
            self.in_chart_table = False
        if tag in ("td", "th"):
            self.cell = None
        if self.stack and self.stack[-1]["tag"] == tag:
            unit = self.stack.pop()
            unit["text"] = "".join(unit["text"])
            for cell in unit["cells"]:
                cell["text"] = "".join(cell["text"])
            self.units.append(unit)

    def handle_data(self, data):
        for unit in self.stack[-1:]:
            unit["text"].append(data)
        if self.cell is not None:
            self.cell["text"].append(data)


def missing_marks(row: dict, where: dict, derived_id_shown: bool = True) -> list[str]:
    """What ``where`` (a table row, a cell, an item) fails to say of the result ``row``."""
    missing = []
    if row["category"] == "preview" and "mlperf-preview" not in where["classes"]:
        missing.append("preview")
    if row["division"] == "open" and "mlperf-open" not in where["classes"]:
        missing.append("open division")
    if (
        derived_id_shown
        and row["result_id_derived"]
        and row["shown_id"] in where["text"]
        and not re.search(re.escape(row["shown_id"]) + r"\s*†", where["text"])
    ):
        missing.append("derived ID †")
    return missing


def pages(lang: str):
    """The pages that show results as data: the results section (benchmarks, rounds,
    submitters, accelerators, families, power, previews) and the home page. Articles cite
    results in MLCommons' citation form, which names the category and explains a derived ID in
    words (editorial/guidelines.py; tests/test_guidelines.py)."""
    return [SITE / lang / "index.html", *sorted((SITE / lang / "results").rglob("index.html"))]


@pytest.mark.parametrize("lang", [language.code for language in LANGUAGES])
def test_every_result_in_a_page_carries_its_marks(site, lang):
    failures = []
    for page in pages(lang):
        text = page.read_text(encoding="utf-8")
        if (
            "inference_results_" not in text
            and "mlperf-chart-table" not in text
            and "explore/?id=" not in text
        ):
            continue
        parser = Units()
        parser.feed(text)
        where = page.relative_to(SITE / lang).parent.as_posix()
        for unit in parser.units:
            links = [h for h in unit["links"] if is_result_link(h)]
            # A row holding several results (a family's row of rounds) is read cell by cell.
            places = (
                [c for c in unit["cells"] if any(is_result_link(h) for h in c["links"])]
                if len(set(links)) > 1 and unit["cells"]
                else [unit]
            )
            for place in places:
                for href in place["links"]:
                    match, by_id = RESULT_LINK.match(href), ID_LINK.search(href)
                    if match:
                        rows = by_location().get((match.group(1), unquote(match.group(2))), [])
                    elif by_id:
                        rows = by_shown_id().get(unquote(by_id.group(1)), [])[:1]
                    else:
                        continue
                    for row in rows:
                        for what in missing_marks(row, place):
                            failures.append(
                                f"{where}: {row['shown_id']} {row['system_name']} "
                                f"({row['model']} {row['scenario']}): no {what} mark"
                            )
            if unit["chart_table"] and unit["cells"] and not links:
                failures += chart_table_failures(where, unit)
        if re.fullmatch(r"results/v[0-9.]+", where):
            failures += leader_failures(where, parser.units)
    assert not failures, f"{len(failures)} results without their marks, e.g.:\n" + "\n".join(
        sorted(set(failures))[:40]
    )


def chart_table_failures(where: str, unit: dict) -> list[str]:
    """A row of "This chart as a table" on a benchmark page: rank, system, submitter, ..."""
    parts = where.split("/")
    if len(parts) != 5 or len(unit["cells"]) < 3:
        return []
    system, submitter = unit["cells"][1]["text"], unit["cells"][2]["text"].strip()
    rows = [
        r
        for r in benchmark_rows(*parts[1:])
        if r["submitter"] == submitter and system.startswith(r["system_name"])
    ]
    return [
        f"{where} (chart table): {r['shown_id']} {r['system_name']}: no {what} mark"
        for r in rows[:1]
        if all(x["category"] == r["category"] and x["division"] == r["division"] for x in rows)
        for what in missing_marks(r, unit, derived_id_shown=False)
    ]


def leader_failures(where: str, units: list[dict]) -> list[str]:
    """A round's table of benchmarks: each row links its benchmark and names its leader
    (``submitter — system``, in the language's dash)."""
    failures = []
    round_name = where.split("/")[1]
    for unit in units:
        benchmark = [h for h in unit["links"] if re.fullmatch(r"(datacenter|edge)/[^/]+/[^/]+/", h)]
        if unit["tag"] != "tr" or not benchmark:
            continue
        suite, model, scenario = benchmark[0].strip("/").split("/")
        rows = benchmark_rows(round_name, suite, model, scenario)
        named = [
            r for r in rows if r["system_name"] in unit["text"] and r["submitter"] in unit["text"]
        ]
        # The leader is the named result; a row naming several of its systems is not judged.
        if named and len({(r["category"], r["division"]) for r in named}) == 1:
            failures += [
                f"{where}: leader of {model} {scenario} {named[0]['system_name']}: no {what} mark"
                for what in missing_marks(named[0], unit, derived_id_shown=False)
            ]
    return failures


@pytest.mark.parametrize("lang", [language.code for language in LANGUAGES])
def test_every_bar_of_every_chart_carries_its_marks(site, lang):
    catalog = translations(next(x for x in LANGUAGES if x.code == lang))
    preview_suffix = catalog.gettext("%(label)s · preview") % {"label": ""}
    failures = []
    for spec_path in sorted((SITE / lang / "results").rglob("*.vl.json")):
        spec = json.loads(spec_path.read_text(encoding="utf-8"))
        values = (spec.get("data") or {}).get("values") or []
        if not values or "submitter" not in values[0] or "label" not in values[0]:
            continue
        folder = spec_path.parent.relative_to(SITE / lang / "results").as_posix().split("/")
        if len(folder) != 4:
            continue
        # leaders.5e8ca8a7.vl.json is drawn as leaders.svg; a chart behind a tab has no SVG
        # (results.ON_DEMAND: the script draws it from the spec, whose labels are read here).
        svg = spec_path.with_name(spec_path.name.split(".")[0] + ".svg")
        on_demand = spec_path.name.split(".")[0] in ON_DEMAND
        assert svg.exists() != on_demand, svg
        drawn = "" if on_demand else svg.read_text(encoding="utf-8")
        where = f"{'/'.join(folder)}/{spec_path.name}"
        for datum in values:
            rows = [
                r
                for r in benchmark_rows(*folder)
                if r["system_name"] == datum["system"] and r["submitter"] == datum["submitter"]
            ]
            if not rows or len({(r["category"], r["division"]) for r in rows}) > 1:
                continue
            row = rows[0]
            if row["category"] == "preview":
                if not datum["label"].endswith(preview_suffix):
                    failures.append(f"{where}: bar {datum['label']!r} has no preview mark")
                elif not on_demand and escape(datum["label"], quote=False) not in drawn:
                    failures.append(f"{where}: the SVG's bar {datum['label']!r} is not drawn")
                if due_round(row["round"]) not in datum.get("category", ""):
                    failures.append(
                        f"{where}: the tooltip of {datum['system']!r} does not give its due round"
                    )
            if row["division"] == "open" and not datum.get("used_model"):
                failures.append(
                    f"{where}: open-division bar {datum['label']!r} does not say which model ran"
                )
    assert not failures, f"{len(failures)} bars without their marks, e.g.:\n" + "\n".join(
        failures[:40]
    )


# The comparison (results/compare/) is drawn by compare.js: a preview system with a derived ID
# (6.1-0106, NVIDIA Vera Rubin NVL72) against an open-division one (6.1-0118), which share two
# benchmarks (found with pandas over data/results/v6.1.csv: the v6.1 preview and open IDs
# whose suite, model and scenario meet). The test reads what the script drew.
COMPARED = ("6.1-0106", "6.1-0118")


def marks_missing_in_text(row: dict, text: str, catalog) -> list[str]:
    """What a label (a list's entry, a column's heading), which names the result ``row`` by
    its ID and can hold no element, fails to say of it: ``†`` after a derived ID, the
    preview's and the open division's words (marks.PREVIEW_LABEL, marks.OPEN_LABEL)."""
    missing = []
    if row["result_id_derived"] and not re.search(re.escape(row["shown_id"]) + r"†", text):
        missing.append("derived ID †")
    if (
        row["category"] == "preview"
        and catalog.gettext("%(label)s · preview") % {"label": ""} not in text
    ):
        missing.append("preview")
    if (
        row["division"] == "open"
        and catalog.gettext("%(label)s · open division") % {"label": ""} not in text
    ):
        missing.append("open division")
    return missing


@pytest.mark.browser
@pytest.mark.parametrize("lang", [language.code for language in LANGUAGES])
def test_every_result_the_comparison_draws_carries_its_marks(page, base_url, lang):
    catalog = translations(next(x for x in LANGUAGES if x.code == lang))
    a, b = (by_shown_id()[key][0] for key in COMPARED)
    assert a["category"] == "preview" and b["division"] == "open"
    assert a["result_id_derived"] and b["result_id_derived"]
    page.goto(f"{base_url}{lang}/results/compare/?a={COMPARED[0]}&b={COMPARED[1]}")
    output = page.locator(".mlperf-compare__output table")
    output.locator("tbody tr").first.wait_for()
    failures = []
    # The cells: each result linked to its folder, as on every page.
    parser = Units()
    parser.feed(output.evaluate("table => table.outerHTML"))
    for unit in parser.units:
        for cell in unit["cells"]:
            for href in cell["links"]:
                match = RESULT_LINK.match(href)
                for row in (
                    by_location().get((match.group(1), unquote(match.group(2))), [])
                    if match
                    else []
                ):
                    failures += [
                        f"cell {row['shown_id']}: no {w} mark" for w in missing_marks(row, cell)
                    ]
                    # MLCommons' inferred mark after the figure, as on the ranked pages (every
                    # v6.1 result of 6.1-0106 is marked inferred: data/results/v6.1.csv).
                    if str(row["inferred"]).lower() == "true" and "*" not in cell["text"]:
                        failures.append(f"cell {row['shown_id']}: no inferred mark")
    inferred_notes = page.locator(".mlperf-compare__output p.mlperf-compare__key").all_inner_texts()
    if not any(note.startswith("* ") for note in inferred_notes):
        failures.append("no note says what the inferred mark means")
    # The two systems' headings: the derived ID's † is a mark that says what it means.
    headings = output.locator("thead th").evaluate_all(
        "cells => cells.map(c => [c.textContent, [...c.querySelectorAll('sup[title]')].map(s => s.textContent)])"
    )
    for (text, sups), row in zip(headings[1:3], (a, b)):
        failures += [
            f"heading {text!r}: no {w} mark" for w in marks_missing_in_text(row, text, catalog)
        ]
        if row["result_id_derived"] and "†" not in sups:
            failures.append(f"heading {text!r}: its † does not say what it means")
    # Every entry of both lists.
    for value, text in page.locator("#compare-a option, #compare-b option").evaluate_all(
        "options => options.map(o => [o.value, o.textContent])"
    ):
        row = by_shown_id()[value][0]
        failures += [
            f"entry {text!r}: no {w} mark" for w in marks_missing_in_text(row, text, catalog)
        ]
    assert not failures, f"{len(failures)} results without their marks, e.g.:\n" + "\n".join(
        failures[:40]
    )


@pytest.mark.parametrize("lang", [language.code for language in LANGUAGES])
def test_a_figure_per_accelerator_carries_its_results_inferred_mark(site, lang):
    # data/results/v6.1.csv: 6.1-0106 (NVIDIA Vera Rubin NVL72, 72 accelerators) on
    # qwen3-vl-235b-a22b Interactive is marked inferred: 1,306.6 queries/s, 18.15 per
    # accelerator. Both figures of its row carry "*", as the explorer's per-accelerator view does.
    row = next(
        r
        for r in by_shown_id()["6.1-0106"]
        if r["model"] == "qwen3-vl-235b-a22b" and r["scenario"] == "Interactive"
    )
    assert str(row["inferred"]).lower() == "true"
    page = SITE / lang / "results/v6.1/datacenter/qwen3-vl-235b-a22b/interactive/index.html"
    text = page.read_text(encoding="utf-8")
    ranked = text[text.index("data-cite-pattern") :]
    [row_html] = [tr for tr in ranked.split("<tr")[1:] if ">6.1-0106</a>" in tr]
    assert row_html.count('class="mlperf-inferred"') == 2
