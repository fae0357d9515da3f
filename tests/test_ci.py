"""`check` on GitHub Actions (issue 31, item 6): each error an annotation on its file and line,
and a Markdown job summary; nothing of the kind elsewhere."""

import os
import subprocess
import sys

from generator import ci
from generator.editorial.articles import read_article
from generator.errors import InputError
from generator.i18n.languages import language
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


# --- The preview of a pull request (pr.yml: check's `changes` step, each build's summary) -----
CODES = ("en", "zh", "it")


def test_a_change_reaches_the_languages_whose_pages_it_builds():
    def reach(*paths):
        return ci.changed_languages(list(paths), CODES)

    assert reach("docs/zh/blog/posts/record.md") == ["zh"]
    assert reach(
        "docs/it/blog/posts/x.md", "generator/i18n/locales/en/LC_MESSAGES/messages.po"
    ) == [
        "en",
        "it",
    ]
    # Shared inputs reach every language: the dataset, the claims, code, templates, images.
    for shared in ("data/claims.yaml", "generator/site/build.py", "docs/images/a.webp"):
        assert reach("docs/zh/blog/posts/record.md", shared) == list(CODES), shared
    # Files no build reads reach none: no preview to link.
    assert reach("tests/test_ci.py", "CONTRIBUTING.zh.md", ".github/workflows/pr.yml") == []
    assert ci.changed_languages(None, CODES) == list(CODES)  # unknown: all


def test_the_changes_are_the_pull_requests(tmp_path):
    # On the merge commit of a pull request, HEAD^1 is the base branch.
    def git(*args):
        subprocess.run(["git", *args], cwd=tmp_path, check=True, capture_output=True)

    git("init", "-q")
    git("config", "user.email", "editor@example.org")
    git("config", "user.name", "Editor")
    (tmp_path / "docs" / "zh").mkdir(parents=True)
    (tmp_path / "README.md").write_text("base\n")
    git("add", ".")
    git("commit", "-q", "-m", "base")
    (tmp_path / "docs" / "zh" / "post.md").write_text("new\n")
    git("add", ".")
    git("commit", "-q", "-m", "the pull request")
    assert ci.git_changes(tmp_path, "HEAD^1") == ["docs/zh/post.md"]
    assert ci.git_changes(tmp_path, "0" * 40) is None  # no such commit (a shallow clone)


def test_the_preview_summary_links_the_artifact_and_the_changed_articles(tmp_path):
    root = make_fixture_project(tmp_path)
    changed = ["docs/en/blog/posts/record.md", "docs/zh/blog/posts/record.md", "data/claims.yaml"]
    url = "https://github.com/o/r/actions/runs/1/artifacts/2"
    text = ci.preview_summary(root, "en", changed, "site-en", url)
    # The fixture post's date and slug (tests/fixtures/project/posts/en/record.md): published
    # at blog/2026/09/17/record/; the zh post is another language's summary.
    assert text.startswith("## Preview: English (`en`)\n")
    assert f"[download `site-en`]({url})" in text
    assert "python3 -m http.server -d site-en" in text
    title = read_article(root / changed[0], language("en")).title
    assert (
        f"- [{title}](http://127.0.0.1:8000/en/blog/2026/09/17/record/) "
        "(`docs/en/blog/posts/record.md`)"
    ) in text
    assert "/zh/" not in text
    # No changed article: the language's home page.
    assert "http://127.0.0.1:8000/it/" in ci.preview_summary(root, "it", changed, "site-it", url)


def test_the_preview_commands_run(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "generator", "changed-languages", "--since", "HEAD"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0 and done.stdout.strip() == "[]", done.stderr  # HEAD vs HEAD
