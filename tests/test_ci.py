"""`check` on GitHub Actions (issue 31, item 6): each error an annotation on its file and line,
and a Markdown job summary; nothing of the kind elsewhere."""

import os
import subprocess
import sys

from generator import ci
from generator.errors import InputError
from tests.conftest import ROOT, make_fixture_project


def test_an_annotation_escapes_what_github_reads_as_syntax(tmp_path):
    # GitHub's workflow commands: %, CR, LF escaped in the message; also : and , in a property.
    error = InputError(tmp_path / "docs" / "a,b:c.md", "line 7", "slug", "50% off\nnext")
    assert ci.annotation(error, tmp_path) == (
        "::error file=docs/a%2Cb%3Ac.md,line=7,title=make check::field 'slug': 50%25 off%0Anext"
    )
    # A place that is not a line stays in the message; the file is named as given outside root.
    assert ci.annotation(InputError("/elsewhere/x.csv", "record 3", None, "bad"), tmp_path) == (
        "::error file=/elsewhere/x.csv,title=make check::record 3: bad"
    )


def test_nothing_is_reported_off_github(tmp_path):
    printed = []
    ci.report(
        [InputError(tmp_path / "x.md", "line 1", None, "bad")],
        tmp_path,
        environ={},
        out=printed.append,
    )
    assert printed == []


def test_check_on_github_actions_annotates_the_line_and_writes_a_summary(tmp_path):
    (tmp_path / "project").mkdir()
    root = make_fixture_project(tmp_path / "project")
    post = root / "docs" / "en" / "blog" / "posts" / "record.md"
    post.write_text(
        post.read_text(encoding="utf-8").replace(
            "The system reached", "In the Server scenario, the system reached"
        ),
        encoding="utf-8",
    )
    summary = tmp_path / "summary.md"
    env = {**os.environ, "GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": str(summary)}
    done = subprocess.run(
        [sys.executable, "-m", "generator", "--root", str(root), "check"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env=env,
    )
    assert done.returncode == 1
    message = (
        "the sentence names the scenario 'Server', but claim 'top-offline' is of the "
        "scenario Offline"
    )
    assert any(
        line.startswith(
            f"::error file=docs/en/blog/posts/record.md,line=11,title=make check::{message}"
        )
        for line in done.stdout.splitlines()
    )
    text = summary.read_text(encoding="utf-8")
    assert text.startswith("## `make check`: 1 error\n")
    assert f"| `docs/en/blog/posts/record.md:11` | {message}" in text
