"""Two clean builds of the same commit are byte-identical."""

import filecmp
import subprocess
import sys

import pytest

from tests.conftest import ROOT
from tests.test_bad_inputs import copy_project_for_site

pytestmark = pytest.mark.slow


def differing_files(left, right):
    comparison = filecmp.dircmp(left, right)
    found = [*comparison.left_only, *comparison.right_only, *comparison.diff_files,
             *comparison.funny_files]
    for name, sub in comparison.subdirs.items():
        found += [f"{name}/{f}" for f in differing_files(sub.left, sub.right)]
    return found


def test_two_clean_builds_are_identical(tmp_path):
    # Two independent copies, each built from nothing by its own `generator site` process
    # (no shared cache, output folder or interpreter). They run at the same time: each build
    # has long single-threaded stretches (check, page generation, finishing), so two at once
    # take about the time of one and a half. Running them side by side also shows that a build
    # depends on nothing another build on the machine is doing.
    roots = [copy_project_for_site(tmp_path / name) for name in ("first", "second")]
    # The copies have no git history: both builds take the same fixed date.
    builds = [subprocess.Popen([sys.executable, "-m", "generator", "--root", str(root), "site"],
                               cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               text=True) for root in roots]
    outputs = [build.communicate()[0] for build in builds]
    for build, output in zip(builds, outputs):
        assert build.returncode == 0, output[-4000:]
    first, second = (root / "site" for root in roots)
    assert (first / "en" / "index.html").exists()
    assert differing_files(first, second) == []
    # The Vega bundle is published once, at the root, not in each language.
    assert len(list((first / "assets" / "vendor").glob("vega-bundle.*.js"))) == 1
    assert not list(first.glob("*/assets/javascripts/vendor/vega-bundle.js"))
    assert not list(first.rglob("*.map"))  # no source maps in the published site
