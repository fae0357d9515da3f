"""Builds are reproducible and the build cache changes nothing, proven without building the
whole site a second time:

- the small project (``tests.fixtures.small_project_for_site``: every kind of page, in every
  language) built from nothing in two folders of its own, and once more with the cache after an
  edit, gives the same bytes;
- the full site: site/ is the build of the present inputs (the fingerprints ``make site``
  recorded: generated pages, templates, code, data, date), and a fresh generation of every
  language from the data writes no file of the generated pages and chart specs it was built
  from, in another process (another hash seed) than the one that wrote them
  (tests/test_incremental.py)."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from generator.i18n.languages import LANGUAGES
from generator.site import social
from generator.site.build import _fingerprint_file, build_epoch, build_fingerprint
from tests.fixtures import ROOT, small_project_for_site, work_tree_files

pytestmark = pytest.mark.slow(first=True)  # the longest file: three builds of the small project


def tree_files(folder: Path) -> dict[str, Path]:
    """Every file under ``folder`` by its path relative to it (symbolic links as files)."""
    found = {}
    for parent, _, names in os.walk(folder):
        for name in names:
            path = Path(parent, name)
            found[path.relative_to(folder).as_posix()] = path
    return found


def differing_files(left: Path, right: Path) -> list[str]:
    """Relative paths that are in one tree only, or whose bytes differ (every file is read:
    no size-and-date shortcut, so a same-sized file with other bytes is found), sorted."""
    ours, theirs = tree_files(left), tree_files(right)
    return sorted(
        {
            *ours.keys() ^ theirs.keys(),
            *(
                name
                for name in ours.keys() & theirs.keys()
                if ours[name].read_bytes() != theirs[name].read_bytes()
            ),
        }
    )


def test_differing_files_finds_every_kind_of_difference(tmp_path):
    # The comparison below can fail: a file in one tree only (either side), and a file with
    # other bytes of the same size and the same modification time, deep in a sub-folder.
    left, right = tmp_path / "left", tmp_path / "right"
    for tree in (left, right):
        (tree / "en" / "results").mkdir(parents=True)
        (tree / "index.html").write_text("same", encoding="utf-8")
    (left / "en" / "results" / "page.html").write_text("build A", encoding="utf-8")
    (right / "en" / "results" / "page.html").write_text("build B", encoding="utf-8")
    for tree in (left, right):
        os.utime(tree / "en" / "results" / "page.html", (1_700_000_000, 1_700_000_000))
    (left / "only-left.txt").write_text("x", encoding="utf-8")
    (right / "en" / "only-right.txt").write_text("x", encoding="utf-8")
    assert differing_files(left, left) == []
    assert differing_files(left, right) == [
        "en/only-right.txt",
        "en/results/page.html",
        "only-left.txt",
    ]


def build(root: Path, env: dict[str, str]) -> Path:
    """``python -m generator site`` on the project ``root``, in a process of its own; returns
    its site/."""
    done = subprocess.run(
        [sys.executable, "-m", "generator", "--root", str(root), "site"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
    )
    assert done.returncode == 0, done.stdout[-4000:]
    return root / "site"


def edit_chinese_post(root: Path) -> None:
    """An editor's change to the Chinese article of the small project: a sentence added."""
    post = root / "docs" / "zh" / "blog" / "posts" / "record.md"
    post.write_text(post.read_text(encoding="utf-8") + "\n编辑后补充的一句话。\n", encoding="utf-8")


@pytest.fixture(scope="module")
def small_builds(tmp_path_factory):
    """The small project built three times, as (warm, cold): ``warm`` from nothing, then with
    the Chinese article edited, in the same folder (its build cache reused: unchanged
    languages moved from the previous site, chart images whose spec is unchanged kept, only
    the article lists generated again); ``cold`` from nothing with the same edit, in another
    folder, by another process."""
    env = {**os.environ, "SOURCE_DATE_EPOCH": build_epoch(ROOT)}
    warm = small_project_for_site(tmp_path_factory.mktemp("warm"))
    cold = small_project_for_site(tmp_path_factory.mktemp("cold"))
    build(warm, env)
    edit_chinese_post(warm)
    edit_chinese_post(cold)
    return build(warm, env), build(cold, env)


def test_a_build_from_nothing_is_identical_to_a_build_with_the_cache(small_builds):
    # Two independent builds of the small project, in folders of their own, one with the build
    # cache of a previous build and an edited article (so the Chinese site is built again
    # with cached chart images, the others moved), one from nothing. Any difference in bytes,
    # or a file only one of them wrote, fails the test
    # (test_differing_files_finds_every_kind_of_difference shows the comparison can fail).
    warm, cold = small_builds
    assert (cold / "zh" / "index.html").exists()
    assert "编辑后补充的一句话" in "".join(
        p.read_text(encoding="utf-8") for p in (cold / "zh" / "blog").rglob("*.html")
    )
    assert differing_files(warm, cold) == []


def page_kinds(folder: Path) -> set[str]:
    """The kinds of page below a language's folder of a built site: each page's folder with
    round names as ``<round>``, down to the third level under results/ (a round's benchmark
    pages, its submitters, its power page...), the first elsewhere (the blog, tags, data...);
    one accelerator or family page stands for all."""
    kinds = set()
    for page in folder.rglob("index.html"):
        parts = [
            re.sub(r"^v\d+\.\d+$", "<round>", part)
            for part in page.relative_to(folder).parent.parts
        ]
        if parts[:2] in (["results", "accelerators"], ["results", "families"]):
            parts = parts[:2] + ["<one>"] * (len(parts) > 2)
        kinds.add("/".join(parts[:3] if parts[:1] == ["results"] else parts[:1]))
    return kinds


def test_the_small_project_has_every_kind_of_page(small_builds, site):
    # Every kind of page of the full site (site/) is in each language of the small build, so
    # the small builds prove every kind reproducible.
    _, small = small_builds
    for lang in LANGUAGES:
        full = page_kinds(site / lang.code)
        assert {
            "results/<round>/power",
            "results/<round>/edge",
            "results/explore",
            "results/accelerators/<one>",
            "blog",
            "tags",
        } <= full  # the scan finds them
        assert full - page_kinds(small / lang.code) == set(), lang.code


def cold_build_environment() -> dict[str, str]:
    """The environment of a build that should write the bytes of site/: the build date of
    site/ (the last commit's; the copy has no git history) and, for social cards, what the
    build of site/ did (it records why it drew none: ``social.skipped_reason``)."""
    env = {
        **os.environ,
        "SOURCE_DATE_EPOCH": os.environ.get("SOURCE_DATE_EPOCH") or build_epoch(ROOT),
    }
    reason = social.skipped_reason(ROOT, "en")
    if reason is None:
        env.pop("SOCIAL_CARDS", None)
    elif reason.startswith("SOCIAL_CARDS=0"):
        env["SOCIAL_CARDS"] = "0"
    return env


def site_is_current(site: Path, epoch: str) -> bool:
    """Whether site/ was built from the present inputs, build date ``epoch`` and environment
    (the build records each language's ``build_fingerprint``: generated pages, templates, code,
    date, ``SOCIAL_CARDS``)."""
    stamps = [_fingerprint_file(ROOT, site.resolve(), lang) for lang in LANGUAGES]
    return all(
        stamp.is_file() and stamp.read_text() == build_fingerprint(lang, ROOT, True, epoch)
        for stamp, lang in zip(stamps, LANGUAGES)
    )


def test_the_built_site_is_the_build_of_the_present_inputs(site):
    # site/ was built (make site) from docs/ as it is now, with the present code and data:
    # each language's recorded fingerprint says so. That docs/ (pages and chart specs) is what
    # the data gives, whatever the process, is test_incremental's
    # test_generating_after_an_article_edit_writes_what_a_full_generation_writes (a generation
    # of every language in a copy writes no file); the small builds above prove MkDocs and the
    # chart drawing reproducible for every kind of page.
    epoch = cold_build_environment()["SOURCE_DATE_EPOCH"]
    # A commit changes the build date, so the feeds' dates.
    assert site_is_current(site, epoch), (
        "site/ is not the build of the present tree and last commit: run `make site`"
    )


def test_the_site_publishes_one_vega_bundle_and_no_source_maps(site):
    # The Vega bundle is published once, at the root, not in each language.
    assert len(list((site / "assets" / "vendor").glob("vega-bundle.*.js"))) == 1
    assert not list(site.glob("*/assets/javascripts/vendor/vega-bundle.js"))
    assert not list(site.rglob("*.map"))  # no source maps in the published site


def test_a_copy_holds_the_work_tree_as_the_editor_has_it(tmp_path):
    # An article written and not yet committed is in the copy the builds above start from, as
    # in the site `make site` built from the work tree; what .gitignore ignores is not, nor a
    # tracked file the editor deleted. A repository made here: a tracked file, an untracked
    # article, an ignored build output, a deleted tracked file.
    def git(*args):
        subprocess.run(["git", *args], cwd=tmp_path, check=True, capture_output=True)

    git("init", "-q")
    (tmp_path / ".gitignore").write_text("/site/\n*.pyc\n", encoding="utf-8")
    posts = tmp_path / "docs" / "en" / "blog" / "posts"
    posts.mkdir(parents=True)
    (posts / "committed.md").write_text("committed", encoding="utf-8")
    (posts / "deleted.md").write_text("deleted", encoding="utf-8")
    git("add", ".")
    git("-c", "user.name=t", "-c", "user.email=t@example.org", "commit", "-q", "-m", "x")
    (posts / "deleted.md").unlink()
    (posts / "new-article.md").write_text("new", encoding="utf-8")
    (tmp_path / "site").mkdir()
    (tmp_path / "site" / "index.html").write_text("built", encoding="utf-8")
    (tmp_path / "module.pyc").write_bytes(b"")
    assert work_tree_files(tmp_path) == [
        ".gitignore",
        "docs/en/blog/posts/committed.md",
        "docs/en/blog/posts/new-article.md",
    ]
    # This work tree: every untracked article is listed too.
    untracked = subprocess.run(
        ["git", "ls-files", "--others", "--exclude-standard", "docs"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    assert set(untracked) <= set(work_tree_files())
