"""Two clean builds of the same commit are byte-identical."""

import filecmp
import subprocess
import sys

from tests.conftest import ROOT
from tests.test_bad_inputs import copy_project_for_site


def differing_files(left, right):
    comparison = filecmp.dircmp(left, right)
    found = [*comparison.left_only, *comparison.right_only, *comparison.diff_files,
             *comparison.funny_files]
    for name, sub in comparison.subdirs.items():
        found += [f"{name}/{f}" for f in differing_files(sub.left, sub.right)]
    return found


def test_two_clean_builds_are_identical(tmp_path):
    builds = []
    for name in ("first", "second"):
        root = copy_project_for_site(tmp_path / name)
        # The copies have no git history: both builds take the same fixed date.
        subprocess.run([sys.executable, "-m", "generator", "--root", str(root), "site"],
                       cwd=ROOT, check=True, capture_output=True)
        builds.append(root / "site")
    assert (builds[0] / "en" / "index.html").exists()
    assert differing_files(*builds) == []
    # The Vega bundle is published once, at the root, not in each language.
    assert len(list((builds[0] / "assets" / "vendor").glob("vega-bundle.*.js"))) == 1
    assert not list(builds[0].glob("*/assets/javascripts/vendor/vega-bundle.js"))
    assert not list(builds[0].rglob("*.map"))  # no source maps in the published site
