"""Every "copy of the project" a test builds, in one place: the repository's paths, the work
tree as an editor has it (``copy_work_tree``), the small fixture project ``check`` passes
(``make_fixture_project``), a buildable project with a small dataset and every kind of page
(``small_project_for_site``), the code and configuration alone (``code_project``) and the real
articles over the committed data (``real_articles_project``).

A copy holds what the work tree holds, ignoring only what ``.gitignore`` ignores: an article an
editor has just written (``python -m generator new-article``) and not yet committed is in the
copy, as it is in the site ``make site`` built from the work tree."""

from __future__ import annotations

import csv
import datetime as dt
import io
import shutil
import subprocess
from pathlib import Path

from generator.project import ROOT

DATA = ROOT / "data"
SITE = ROOT / "site"
FIXTURES = Path(__file__).resolve().parent / "fixtures"
PROJECT = FIXTURES / "project"


def work_tree_files(root: Path = ROOT) -> list[str]:
    """The files of ``root``'s work tree, relative and sorted: tracked ones and untracked ones
    that ``.gitignore`` does not ignore (``git ls-files --cached --others --exclude-standard``),
    less tracked files deleted from the work tree (a copy holds what the editor has)."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=root,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split("\0")
    return sorted(
        {
            name
            for name in listed
            if name and ((root / name).is_file() or (root / name).is_symlink())
        }
    )


def copy_work_tree(folder: Path, root: Path = ROOT) -> Path:
    """A buildable copy of ``root`` in ``folder`` (``work_tree_files``, without ``.git`` and
    without what the build writes); symbolic links stay links. Returns ``folder``."""
    for name in work_tree_files(root):
        target = folder / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(root / name, target, follow_symlinks=False)
    return folder


def make_fixture_project(folder: Path) -> Path:
    """A project tree for ``check``: the committed dataset, the fixture registries of
    ``fixtures/project`` (claims, authors, tags) and its three posts, one per language."""
    (folder / "data").mkdir(parents=True, exist_ok=True)
    # copy2 keeps the tables' modification times: a check of an unchanged copy then reuses
    # the dataset the worker has already loaded (conftest.py, ``_load_dataset_once``).
    shutil.copytree(DATA / "results", folder / "data" / "results")
    for name in ("claims.yaml", "authors.yaml", "tags.yaml"):
        shutil.copy(PROJECT / name, folder / "data" / name)
    for lang in ("en", "zh", "it"):
        posts = folder / "docs" / lang / "blog" / "posts"
        posts.mkdir(parents=True)
        shutil.copy(PROJECT / "posts" / lang / "record.md", posts / "record.md")
    return folder


def read_rows(table: Path) -> list[dict[str, str]]:
    """The rows of a round table (``data/results/<round>.csv``) as dictionaries of text."""
    return list(csv.DictReader(io.StringIO(table.read_text(encoding="utf-8"))))


def write_rows(table: Path, rows: list[dict[str, str]]) -> None:
    """Write ``rows`` (``read_rows``' shape) as a round table, with the header of the first."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(rows[0]), lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    table.write_text(out.getvalue(), encoding="utf-8")


def small_project_for_site(folder: Path) -> Path:
    """A buildable copy of the project with a small dataset, so that a site built from it takes
    seconds: per round the rows of gpt-oss-120b (every row of v6.1's, whose Offline record the
    fixture claims quote), or the round's first three rows where it has none, and one edge
    benchmark of v6.1; the fixture claims registry (``fixtures/project/claims.yaml``, three
    claims on v6.1) and its post in each language, in place of the site's articles, which quote
    the whole dataset; no redirects (they lead to pages of the full dataset). Every kind of page
    of the full site is built (tests/test_reproducible.py holds it to that): results (data
    centre and edge), round, power, submitter, accelerator, family, comparison and download
    pages, the blog, the explorer."""
    root = copy_work_tree(folder)
    shutil.copy(PROJECT / "claims.yaml", root / "data" / "claims.yaml")
    (root / "data" / "redirects.yaml").write_text("{}\n", encoding="utf-8")
    # Its posts are not the site's: none of the site's published addresses is its own (the
    # build lists the addresses of its posts).
    (root / "data" / "published.yaml").unlink(missing_ok=True)
    for lang in ("en", "zh", "it"):
        posts = root / "docs" / lang / "blog" / "posts"
        shutil.rmtree(posts)
        posts.mkdir()
        # The site's own author registry (a built site reads it).
        text = (PROJECT / "posts" / lang / "record.md").read_text(encoding="utf-8")
        (posts / "record.md").write_text(
            text.replace("authors: [desk]", "authors: [data-desk]"), encoding="utf-8"
        )
    for table in (root / "data" / "results").glob("*.csv"):
        rows = read_rows(table)
        # v6.1 has 112 rows of gpt-oss-120b, v6.0 63, v4.1 and v5.1 none (data/results/);
        # v6.1's first edge benchmark (qwen3.6-27b SingleStream, 6 rows) builds the edge pages;
        # the power results of a round's first benchmark measured with power (v4.1 3d-unet-99
        # Offline, v5.1 llama2-70b-99 Offline) build its power page.
        edge = next((r["model"], r["scenario"]) for r in rows if r["suite"] == "edge")
        power = next(((r["model"], r["scenario"]) for r in rows if r["power_result"]), None)
        write_rows(
            table,
            [
                r
                for r in rows
                if r["model"] == "gpt-oss-120b"
                or (table.stem == "v6.1" and (r["model"], r["scenario"]) == edge)
                or (r["power_result"] and (r["model"], r["scenario"]) == power)
            ]
            or rows[:3],
        )
    return root


def code_project(folder: Path, with_docs: bool = False) -> Path:
    """The code and configuration of the project without its articles (``mkdocs.yml``,
    ``requirements.txt``, ``hooks/``, ``templates/``, ``data/``, ``generator/``, an empty
    ``overrides/``, a one-line home page per language), for builds whose MkDocs step a test
    replaces; ``with_docs``: the work tree's ``docs/`` (generated pages included) and
    ``overrides/`` instead. Returns ``folder``."""
    from generator.i18n.languages import LANGUAGES

    folder.mkdir(parents=True, exist_ok=True)
    for name in ("mkdocs.yml", "requirements.txt"):
        shutil.copy(ROOT / name, folder / name)
    folders = (
        ("data", "templates", "docs", "overrides") if with_docs else ("hooks", "templates", "data")
    )
    for name in folders:
        shutil.copytree(ROOT / name, folder / name)
    shutil.copytree(
        ROOT / "generator", folder / "generator", ignore=shutil.ignore_patterns("__pycache__")
    )
    if not with_docs:
        (folder / "overrides").mkdir()
        for lang in LANGUAGES:
            (folder / "docs" / lang.code).mkdir(parents=True)
            (folder / "docs" / lang.code / "index.md").write_text(f"# {lang.code}\n")
    return folder


def real_articles_project(folder: Path) -> Path:
    """The committed ``data/`` and every language's articles (what ``check`` reads)."""
    shutil.copytree(DATA, folder / "data")
    for code in ("en", "zh", "it"):
        shutil.copytree(
            ROOT / "docs" / code / "blog" / "posts", folder / "docs" / code / "blog" / "posts"
        )
    return folder


def long_date(day: dt.date, code: str) -> str:
    """CLDR's long date, written out by hand per language (not Babel's output):
    ``2026年12月1日``, ``December 1, 2026``, ``1 dicembre 2026``."""
    months = {
        "en": [
            "January",
            "February",
            "March",
            "April",
            "May",
            "June",
            "July",
            "August",
            "September",
            "October",
            "November",
            "December",
        ],
        "it": [
            "gennaio",
            "febbraio",
            "marzo",
            "aprile",
            "maggio",
            "giugno",
            "luglio",
            "agosto",
            "settembre",
            "ottobre",
            "novembre",
            "dicembre",
        ],
    }
    if code == "zh":
        return f"{day.year}年{day.month}月{day.day}日"
    month = months[code][day.month - 1]
    return f"{month} {day.day}, {day.year}" if code == "en" else f"{day.day} {month} {day.year}"


def stub_site_build(monkeypatch, root: Path) -> None:
    """Make ``site.build`` write one page per language, ``<lang>/index.html`` holding "new
    <code>", instead of running MkDocs and the finishing step, in a project at ``root`` that
    holds only ``mkdocs.yml`` (the site's address): for the tests of what the build does
    around MkDocs (the staging folder, the swap, a language kept, a kill at any write)."""
    from generator.site import build as site_module

    def built(lang, out, strict, root, epoch):
        out.mkdir(parents=True)
        (out / "index.html").write_text(f"new {lang.code}")
        return 1.0, []

    monkeypatch.setattr(site_module, "_mkdocs_build", built)
    monkeypatch.setattr(site_module, "build_fingerprint", lambda *args: "inputs")
    monkeypatch.setattr(site_module.finish, "finish_language", lambda out, lang, root: None)
    monkeypatch.setattr(site_module.finish, "finish_site", lambda staging, root, prefix: None)
    shutil.copy(ROOT / "mkdocs.yml", root / "mkdocs.yml")
