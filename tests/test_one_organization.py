"""One organization is one entry everywhere, whatever spelling a round published: submitter
pages and their slugs, the explorer's submitter menu, search (``organizations.submitter_name``).

The real case: v6.0 publishes Oracle as ``ORACLE`` (data/results/v6.0.csv), every other round as
``Oracle``; generator/data/organizations.yaml lists ``ORACLE`` under Oracle's spellings.
Expected counts are read from the committed CSV tables, not from the generator."""

import csv
import json
import re
import shutil

import pytest

from generator.data import dataset, organizations
from generator.data.importer import run_import
from generator.data.names import Naming, unique_slugs
from generator.editorial import redirects
from generator.i18n.languages import LANGUAGES
from generator.model.benchmarks import benchmarks_of
from generator.pages import citations
from generator.pages.entities import comparison_pages, system_comparison_pages
from generator.pages.filters import environment
from tests.conftest import DATA, ROOT
from tests.test_errata import errata  # noqa: F401 (the fixture: make_errata.py's files)


def page_environment(lang):
    """The templates' environment as results.language_pages sets it up (with citations)."""
    env = environment(lang)
    citations.install(env, lang, None)
    return env


def csv_count(round_name, submitter):
    with (DATA / "results" / f"{round_name}.csv").open(encoding="utf-8", newline="") as handle:
        return sum(row["submitter"] == submitter for row in csv.DictReader(handle))


@pytest.fixture(scope="module")
def naming(dataset):
    return Naming.of(dataset.records, lambda r: r.accelerator_id)


def test_the_spellings_of_one_organization_share_one_plain_slug(naming):
    assert naming.submitters["ORACLE"] == naming.submitters["Oracle"] == "oracle"
    # Organizations still never share a slug.
    by_organization = {
        organizations.submitter_name(s): slug for s, slug in naming.submitters.items()
    }
    assert len(set(by_organization.values())) == len(by_organization)


@pytest.mark.parametrize("round_name, published", [("v6.0", "ORACLE"), ("v6.1", "Oracle")])
def test_oracle_has_one_submitter_page_per_round_under_its_plain_slug(
    dataset, naming, round_name, published
):
    lang = LANGUAGES[0]
    pages = {
        p.path: p.content
        for p in comparison_pages(
            page_environment(lang), round_name, benchmarks_of(dataset.of_round(round_name)), naming
        )
    }
    oracle = [
        path for path in pages if re.search(r"/submitters/oracle(-[0-9a-f]{6,})?/index\.md$", path)
    ]
    assert oracle == [f"results/{round_name}/submitters/oracle/index.md"]
    page = pages[oracle[0]]
    assert page.startswith('---\ntitle: "Oracle"\n')
    # Every published row of the round is on it: 8 rows "ORACLE" in v6.0.csv, 43 "Oracle" in
    # v6.1.csv (counted in the CSV here), one table row each.
    rows = re.findall(
        r"<tr\b[^>]*>\s*<td", page.split('aria-label="Oracle"', 1)[1].split("</table>", 1)[0]
    )
    assert len(rows) == csv_count(round_name, published) > 0
    # The page says how the round spelled the name when it differs from the page's.
    assert ("<code>ORACLE</code>" in page) == (published == "ORACLE")
    index = pages[f"results/{round_name}/submitters/index.md"]
    assert index.count(">Oracle<") == 1 and "ORACLE" not in index


def test_the_old_address_of_a_respelled_submitter_still_works(dataset, site):
    # Before ORACLE joined Oracle, its v6.0 page had the slug the names gave each spelling on
    # its own; every such address is in data/redirects.yaml, and the built site sends it on.
    names = sorted(dataset.records, key=lambda r: (float(r.round[1:]), r.submitter))
    before = unique_slugs(dict.fromkeys(r.submitter for r in names))
    after = Naming.of(dataset.records, lambda r: r.accelerator_id).submitters
    table = redirects.load(ROOT / "data" / "redirects.yaml")
    moved = {
        (r.round, before[r.submitter]): after[r.submitter]
        for r in dataset.records
        if before[r.submitter] != after[r.submitter]
    }
    assert moved == {("v6.0", "oracle-b6cdd2"): "oracle"}
    for (round_name, old), new in moved.items():
        old_address = f"results/{round_name}/submitters/{old}/"
        assert table[old_address] == f"results/{round_name}/submitters/{new}/"
        for lang in LANGUAGES:
            page = (site / lang.code / old_address / "index.html").read_text("utf-8")
            assert f'url=../{new}/"' in page


def test_the_explorer_has_one_submitter_value_per_organization(site):
    [path] = (site / "assets" / "data").glob("results.*.json")  # named by its content hash
    data = json.loads(path.read_text("utf-8"))
    values = data["values"]["submitter"]
    assert "Oracle" in values and "ORACLE" not in values
    rows = [values[i] for i in data["columns"]["submitter"] if i is not None]
    # 18 + 7 + 43 rows "Oracle" (v4.1, v5.1, v6.1) and 8 "ORACLE" (v6.0), from the CSV tables.
    expected = sum(
        csv_count(r, "Oracle") + csv_count(r, "ORACLE") for r in ("v4.1", "v5.1", "v6.0", "v6.1")
    )
    assert rows.count("Oracle") == expected == 76
    folded = [re.sub(r"[\W_]+", "", value.lower()) for value in values]
    assert len(set(folded)) == len(folded)


def test_a_respelling_added_to_the_table_joins_its_organization(tmp_path, errata, monkeypatch):
    # The errata case submitter-case.json writes "DELL" in two v6.1 records of Dell. Once the
    # table lists DELL under Dell (as the import's error asks), it imports, and Dell keeps one
    # page with every one of its v6.1 rows (the "Dell" rows of the committed v6.1.csv, which
    # the case respells) and the round's count of organizations does not change.
    table = {**organizations._table(), "DELL": ("Dell",)}
    monkeypatch.setattr(organizations, "_table", lambda: table)
    shutil.copytree(DATA, tmp_path / "data")
    run_import([errata / "submitter-case.json"], tmp_path / "data", frozenset({"v6.1"}))
    data = dataset.load(tmp_path / "data")
    records = data.of_round("v6.1")
    assert sum(r.submitter == "DELL" for r in records) == 2
    naming = Naming.of(data.records, lambda r: r.accelerator_id)
    assert naming.submitters["DELL"] == naming.submitters["Dell"] == "dell"
    pages = {
        p.path: p.content
        for p in comparison_pages(
            page_environment(LANGUAGES[0]), "v6.1", benchmarks_of(records), naming
        )
    }
    dell = [
        path for path in pages if re.search(r"/submitters/dell(-[0-9a-f]{6,})?/index\.md$", path)
    ]
    assert dell == ["results/v6.1/submitters/dell/index.md"]
    own_table = pages[dell[0]].split('aria-label="Dell"', 1)[1].split("</table>", 1)[0]
    rows = re.findall(r"<tr\b[^>]*>\s*<td", own_table)  # joint submissions' tables follow
    assert len(rows) == csv_count("v6.1", "Dell")
    with (DATA / "results" / "v6.1.csv").open(encoding="utf-8", newline="") as handle:
        committed = {row["submitter"] for row in csv.DictReader(handle)}
    assert organizations.count(r.submitter for r in records) == organizations.count(committed)


def test_the_comparison_menu_names_the_organization(dataset, naming):
    by_round = {name: benchmarks_of(dataset.of_round(name)) for name in reversed(dataset.rounds)}
    index = system_comparison_pages(page_environment(LANGUAGES[0]), by_round, LANGUAGES[0], naming)[
        1
    ]  # the page, then its data files (the index, whose menu the script draws, and shards)
    groups = {
        (round_name, organization)
        for round_name, organization, _ in json.loads(index.content)["menu"]
    }
    assert ("v6.0", "Oracle") in groups
    assert not any("ORACLE" in organization for _, organization in groups)


@pytest.mark.parametrize(
    ("submitter", "system", "named"),
    [
        ("NVIDIA", "NVIDIA GB300 NVL72 (72x GB300-288GB_aarch64, TensorRT)", True),
        ("ORACLE", "Oracle BM.GPU.H200.8", True),  # any case: v6.0's spelling
        ("Cisco", "Cisco UCS C885A M8", True),
        ("Dell_MangoBoost", "Dell PowerEdge XE9785", False),  # a joint submission: both
        ("Intel", "IntelliServer 2", False),  # a word of its own, not a prefix
        ("AMD", "8xMI350X_2xEPYC_9575F", False),
    ],
)
def test_a_system_named_after_its_submitter_is_not_named_twice(submitter, system, named):
    """A label that names the submitter and then a system whose name begins with it read
    "NVIDIA — NVIDIA GB300 NVL72" (the v6.1 round page's leaders); the rule is for every
    submitter, in every language (filters.submitter_system, zh's pattern uses ：)."""
    assert organizations.names_submitter(submitter, system) is named
    for lang in LANGUAGES:
        said = environment(lang).filters["submitter_system"](
            {"submitter": submitter, "system_name": system}
        )
        if named:
            assert said == system
        else:
            assert said.startswith(submitter) and said.endswith(system) and said != system


def test_no_round_leader_names_its_submitter_twice():
    """Every (submitter, system) pair of the committed tables for which the system name begins
    with the submitter (found here with a plain regular expression, independent of the rule)
    is labelled by the system alone."""
    env = environment(LANGUAGES[0])
    pairs = set()
    for path in sorted((DATA / "results").glob("*.csv")):
        with path.open(encoding="utf-8", newline="") as handle:
            pairs |= {(r["submitter"], r["system_name"]) for r in csv.DictReader(handle)}
    doubled = [(s, n) for s, n in pairs if re.match(re.escape(s) + r"(?![A-Za-z0-9])", n, re.I)]
    assert len(doubled) > 100  # 130 system names of 17 submitters in the four rounds
    for submitter, system in doubled:
        label = env.filters["submitter_system"]({"submitter": submitter, "system_name": system})
        assert label == system


def test_a_results_accelerators_are_named_with_their_count_kept_on_its_line():
    # filters.accelerators_cell, the one cell of every ranked, power and report table: the
    # count after a no-break space (a phone card once ended a line at "×", "16" below it), the
    # accelerator alone when MLCommons published no count, CPU only as each catalog says it.
    from types import SimpleNamespace as Record

    cells = {lang.code: environment(lang).filters["accelerators_cell"] for lang in LANGUAGES}
    b300 = Record(accelerator="NVIDIA B300-SXM-270GB", total_accelerators=1024)
    assert cells["en"](b300) == "NVIDIA B300-SXM-270GB ×\u00a01,024"
    assert cells["it"](b300) == "NVIDIA B300-SXM-270GB ×\u00a01.024"
    assert cells["en"](Record(accelerator="A<B", total_accelerators=None)) == "A&lt;B"
    none = Record(accelerator="", total_accelerators=None)
    assert [cells[code](none) for code in ("en", "zh", "it")] == ["CPU only", "仅 CPU", "solo CPU"]
