"""``python -m generator check``'s errors as GitHub annotations and a job summary.

Reads what ``check`` wrote (its standard error, ``path: line N: field 'x': problem``, one
error a line, then ``N error(s); nothing was written``) from standard input, prints each error
as a ``::error file=…,line=…::…`` workflow command (GitHub shows it on the pull request's
lines) and appends a summary to the file ``$GITHUB_STEP_SUMMARY`` names. Used by the pull
request workflow's first job (.github/workflows/pr.yml); prints nothing for a clean check.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

# path: line N: rest (the place may be "line N", "header", "record 12" ...).
ERROR = re.compile(r"^(?P<path>[^:\s][^:]*?): (?:line (?P<line>\d+): )?(?P<problem>.+)$")


def escape(text: str) -> str:
    """A workflow command's data: %, CR and LF escaped (GitHub's workflow commands)."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def annotations(lines: list[str], workspace: str) -> list[str]:
    """The ``::error`` commands of ``check``'s error lines, paths relative to ``workspace``."""
    out = []
    for line in lines:
        match = ERROR.match(line.strip())
        if not match or line.startswith(("check:", "done in")) or "error(s);" in line:
            continue
        path = match["path"].removeprefix(workspace.rstrip("/") + "/")
        where = f"file={escape(path)}" + (f",line={match['line']}" if match["line"] else "")
        out.append(f"::error {where}::{escape(match['problem'])}")
    return out


def main() -> int:
    lines = sys.stdin.read().splitlines()
    found = annotations(lines, os.environ.get("GITHUB_WORKSPACE", os.getcwd()))
    for command in found:
        print(command)
    summary = os.environ.get("GITHUB_STEP_SUMMARY")
    if summary:
        text = ("### `make check`: all valid\n" if not found else
                f"### `make check`: {len(found)} error(s)\n\n```\n" + "\n".join(lines) + "\n```\n")
        with Path(summary).open("a", encoding="utf-8") as handle:
            handle.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
