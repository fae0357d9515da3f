"""``check`` on GitHub Actions: each error as a workflow annotation on its file and line (shown
on the pull request's diff), and a Markdown job summary a reviewer reads on the run's page.

Only when the environment says so (``GITHUB_ACTIONS=true``, set by every Actions runner); the
summary goes to the file ``GITHUB_STEP_SUMMARY`` names. Formats: GitHub's "Workflow commands
for GitHub Actions" (``::error file=…,line=…,title=…::message``, with ``%``, ``\\r``, ``\\n``
escaped, and ``:`` and ``,`` too in properties) and "Adding a job summary".
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from generator.errors import InputError

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
