"""``check`` on GitHub Actions: each error as a workflow annotation on its file and line (shown
on the pull request's diff), and a Markdown job summary a reviewer reads on the run's page.

Only when the environment says so (``GITHUB_ACTIONS=true``, set by every Actions runner); the
summary goes to the file ``GITHUB_STEP_SUMMARY`` names. Formats: GitHub's "Workflow commands
for GitHub Actions" (``::error file=…,line=…,title=…::message``, with ``%``, ``\\r``, ``\\n``
escaped, and ``:`` and ``,`` too in properties) and "Adding a job summary".

A pull request's preview (``.github/workflows/pr.yml``): ``changed_languages`` says which
languages its changed files reach, and ``preview_summary`` writes, for each, the link to the
built language's artifact and the addresses of its changed articles.
"""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

from generator.editorial.article_links import post_url
from generator.editorial.articles import read_article
from generator.errors import InputError, InputErrors
from generator.i18n.languages import language

LINE = re.compile(r"^line (\d+)$")


def active(environ=os.environ) -> bool:
    """True on a GitHub Actions runner."""
    return environ.get("GITHUB_ACTIONS") == "true"


def _data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _property(text: str) -> str:
    return _data(text).replace(":", "%3A").replace(",", "%2C")


def relative(path: str, root: Path) -> str:
    """``path`` relative to the project folder ``root`` when it lies inside it (an annotation
    names a file of the repository), else as given."""
    try:
        return Path(path).resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return path


def problem_text(error: InputError) -> str:
    """What an error says, without its file and line (the annotation places it)."""
    field = f"field '{error.field}': " if error.field else ""
    where = "" if not error.where or LINE.match(error.where) else f"{error.where}: "
    return f"{where}{field}{error.problem}"


def annotation(error: InputError, root: Path) -> str:
    """The workflow command that shows ``error`` on its file and line."""
    props = [f"file={_property(relative(error.path, root))}"]
    found = LINE.match(error.where or "")
    if found:
        props.append(f"line={found.group(1)}")
    props.append("title=make check")
    return f"::error {','.join(props)}::{_data(problem_text(error))}"


def summary(errors: list[InputError], root: Path, passed: str = "", notes: list[str] = ()) -> str:
    """The job summary (Markdown): every error as a row (file and line, what to fix), or
    ``passed`` (check's "all valid" line), then the notes. Cells escape ``|`` and ``<``."""

    def cell(text: str) -> str:
        return text.replace("|", "\\|").replace("<", "&lt;").replace("\n", " ")

    if errors:
        lines = [
            f"## `make check`: {len(errors)} error{'s' if len(errors) != 1 else ''}",
            "",
            "Each is also marked on its line in the pull request's *Files changed*.",
            "",
            "| where | what to fix |",
            "|---|---|",
        ]
        for error in errors:
            where = relative(error.path, root)
            found = LINE.match(error.where or "")
            where += f":{found.group(1)}" if found else ""
            lines.append(f"| `{cell(where)}` | {cell(problem_text(error))} |")
    else:
        lines = ["## `make check`: all valid", "", cell(passed)]
    if notes:
        lines += ["", "### Notes (nothing to fix, worth a look)", ""]
        lines += [f"- {cell(relative_note(note, root))}" for note in notes]
    return "\n".join(lines) + "\n"


def relative_note(note: str, root: Path) -> str:
    """A note with the project folder left out of the paths it names."""
    return note.replace(str(root.resolve()) + "/", "").replace(str(root) + "/", "")


def report(
    errors: list[InputError],
    root: Path,
    passed: str = "",
    notes: list[str] = (),
    environ=os.environ,
    out=print,
) -> None:
    """On GitHub Actions, print an annotation per error (``out``) and append the summary to
    ``GITHUB_STEP_SUMMARY``; elsewhere, nothing."""
    if not active(environ):
        return
    for error in errors:
        out(annotation(error, root))
    target = environ.get("GITHUB_STEP_SUMMARY")
    if target:
        with open(target, "a", encoding="utf-8") as handle:
            handle.write(summary(errors, root, passed, notes))


# --- The preview of a pull request: which languages it changes, and where to look ------------
# Paths whose change alters no page of the site (the build reads none of them); any other
# path outside a language's own folders changes every language.
NOT_BUILT = (
    ".ci/",
    ".github/",
    "tests/",
    "tools/",
    "README.md",
    "CONTRIBUTING.md",
    "CONTRIBUTING.zh.md",
    "CONTRIBUTING.it.md",
    "CITATION.cff",
    "Makefile",
    "ruff.toml",
    "pytest.ini",
    ".gitignore",
    "requirements-canary.in",
    "requirements-canary.txt",
)
LANGUAGE_FOLDERS = ("docs/{code}/", "generator/i18n/locales/{code}/")


def changed_languages(paths: list[str] | None, codes: tuple[str, ...]) -> list[str]:
    """The languages (codes, in ``codes``' order) whose built pages a change of ``paths``
    (repository-relative, as ``git diff --name-only`` prints them) can alter: a post or
    catalog of one language changes that language; the dataset, claims, code, templates or
    shared images change every one; tests, tools, CI and the contributors' guides none.
    Unknown changes (None) reach every language."""
    if paths is None:
        return list(codes)
    found: set[str] = set()
    for path in paths:
        own = [
            code
            for code in codes
            if any(path.startswith(f.format(code=code)) for f in LANGUAGE_FOLDERS)
        ]
        if own:
            found.update(own)
        elif not path.startswith(NOT_BUILT):
            return list(codes)
    return [code for code in codes if code in found]


def git_changes(root: Path, since: str) -> list[str] | None:
    """The paths changed between ``since`` (a commit) and the work tree's ``HEAD``, or None
    when ``since`` is no commit of the clone (a shallow checkout needs ``fetch-depth: 2``). On
    a pull request's merge commit, ``HEAD^1`` is the base branch: these are its changes."""
    done = subprocess.run(
        ["git", "diff", "--name-only", "--no-renames", since, "HEAD"],
        cwd=root,
        capture_output=True,
        text=True,
    )
    if done.returncode:
        return None
    return [line for line in done.stdout.splitlines() if line]


def preview_summary(root: Path, code: str, paths: list[str], artifact: str, url: str) -> str:
    """The job summary of a language's preview (Markdown): the artifact ``artifact`` to
    download (``url``, as ``actions/upload-artifact`` gives it), how to serve it, and the
    address of each post of the language that ``paths`` change, with its title."""
    lang = language(code)
    lines = [
        f"## Preview: {lang.name} (`{code}`)",
        "",
        f"The built site of this language: [download `{artifact}`]({url}) (a zip). Serve it "
        f"and open the pages below: `unzip {artifact}.zip -d {artifact} && python3 -m "
        f"http.server -d {artifact}`.",
        "",
    ]
    posts = []
    for path in sorted(paths or ()):
        file = root / path
        if not (path.startswith(f"docs/{code}/blog/posts/") and file.suffix == ".md"):
            continue
        try:
            post = read_article(file, lang)
        except (OSError, InputError, InputErrors):
            continue  # deleted, or a front matter check reports
        address = post_url(post)
        if address:
            title = post.title.replace("[", "\\[").replace("]", "\\]")
            posts.append(f"- [{title}](http://127.0.0.1:8000/{code}/{address}) (`{path}`)")
    if posts:
        lines += ["Changed articles:", "", *posts]
    else:
        lines += [
            f"No article of this language changed; the home page is "
            f"http://127.0.0.1:8000/{code}/ (the change reaches the pages built from "
            "the data, code or templates it touches)."
        ]
    return "\n".join(lines) + "\n"
