"""A build from nothing is byte-identical to the site `make site` built (site/), which usually
reused the build cache: two independent builds of one commit agree, and the cache changes
nothing."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from generator.i18n.languages import LANGUAGES
from generator.site import social
from generator.site.build import _fingerprint_file, build_epoch, build_fingerprint
from tests.conftest import ROOT
from tests.test_bad_inputs import copy_project_for_site

pytestmark = pytest.mark.slow(first=True)  # the longest test: a whole build from nothing


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
    return sorted({*ours.keys() ^ theirs.keys(),
                   *(name for name in ours.keys() & theirs.keys()
                     if ours[name].read_bytes() != theirs[name].read_bytes())})


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
    assert differing_files(left, right) == ["en/only-right.txt", "en/results/page.html",
                                            "only-left.txt"]


def cold_build_environment() -> dict[str, str]:
    """The environment of a build that should write the bytes of site/: the build date of
    site/ (the last commit's; the copy has no git history) and, for social cards, what the
    build of site/ did (it records why it drew none: ``social.skipped_reason``)."""
    env = {**os.environ, "SOURCE_DATE_EPOCH": os.environ.get("SOURCE_DATE_EPOCH")
           or build_epoch(ROOT)}
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
    return all(stamp.is_file() and stamp.read_text() == build_fingerprint(lang, ROOT, True, epoch)
               for stamp, lang in zip(stamps, LANGUAGES))


def test_a_build_from_nothing_is_identical_to_the_built_site(site, tmp_path, monkeypatch):
    # Two independent builds: site/ was built by `make site` in the work tree, most likely
    # with the build cache (languages and chart images whose inputs did not change are
    # reused); this one builds a copy of the tracked files from nothing, in its own process,
    # with its own (empty) cache and output folder. Any difference in bytes, or a file only
    # one of them wrote, fails the test (test_differing_files_finds_every_kind_of_difference
    # shows the comparison can fail). site/ is built before the tests (`make test` depends on
    # `make site`); after an edit run `make site` again, or site/ is stale and differs.
    env = cold_build_environment()
    if "SOCIAL_CARDS" in env:
        monkeypatch.setenv("SOCIAL_CARDS", env["SOCIAL_CARDS"])
    else:
        monkeypatch.delenv("SOCIAL_CARDS", raising=False)
    if not site_is_current(site, env["SOURCE_DATE_EPOCH"]):  # a commit changes the build date, so the feeds' dates
        pytest.fail("site/ is not the build of the present tree and last commit: run `make site`")
    root = copy_project_for_site(tmp_path / "cold")
    done = subprocess.run([sys.executable, "-m", "generator", "--root", str(root), "site"],
                          cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True, env=env)
    assert done.returncode == 0, done.stdout[-4000:]
    cold = root / "site"
    assert (cold / "en" / "index.html").exists()
    assert differing_files(site, cold) == []
    # The Vega bundle is published once, at the root, not in each language.
    assert len(list((cold / "assets" / "vendor").glob("vega-bundle.*.js"))) == 1
    assert not list(cold.glob("*/assets/javascripts/vendor/vega-bundle.js"))
    assert not list(cold.rglob("*.map"))  # no source maps in the published site
