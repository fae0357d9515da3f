"""Translation status from git history: a translation is outdated when its source language changed after it."""

from __future__ import annotations

import subprocess
from collections import defaultdict
from pathlib import Path

from generator.editorial.articles import Article

# The git trailer that marks a commit as asking nothing of the other language versions.
TRAILER, UNAFFECTED = "Translations", "unaffected"


def change_events(paths: list[Path], root: Path) -> list[tuple[str, set[Path]]] | None:
    """The changes of ``paths`` in git history, oldest first: ``(what, files changed)`` for each
    commit touching any of them (``what`` = ``"commit 1a2b3c4 of 2026-11-30"``), then one last
    event, ``"uncommitted changes"``, with the files modified, staged or untracked in the work
    tree. Order comes from ``git log --topo-order``, not from commit or file times, so two
    commits in one second, or three files saved a moment apart, compare correctly. None outside
    a git work tree.

    A commit whose message ends with the trailer ``Translations: unaffected`` (a wording or
    style fix within one language, which asks nothing of the others) is left out: it neither
    outdates the other versions nor counts as their update."""

    def git(*args):
        return subprocess.run(["git", *args], cwd=root, capture_output=True, text=True)

    if git("rev-parse", "--is-inside-work-tree").stdout.strip() != "true":
        return None
    by_name = {str(p.resolve().relative_to(root.resolve())): p for p in paths}
    log = git(
        "log",
        "--topo-order",
        "--reverse",
        f"--format=\x01%h %cs\x02%(trailers:key={TRAILER},valueonly,separator=%x20)",
        "--name-only",
        "--",
        *by_name,
    )
    events = []
    for commit in log.stdout.split("\x01")[1:]:
        what, rest = commit.split("\x02", 1)
        trailer, _, names = rest.partition("\n")
        if trailer.strip().lower() == UNAFFECTED:
            continue
        events.append(
            (
                f"commit {what.replace(' ', ' of ')}",
                {by_name[n] for n in names.split("\n") if n in by_name},
            )
        )
    status = git("status", "--porcelain", "--untracked-files=all", "-z", "--", *by_name)
    dirty = {by_name[e[3:]] for e in status.stdout.split("\0") if e[3:] in by_name}
    if dirty:
        events.append(("uncommitted changes", dirty))
    return events


def outdated_translations(posts: list[Article], root: Path) -> list[str]:
    """Language versions of an article that have not caught up with a change to another
    version, from git history (``change_events``), one note per outdated version, sorted by
    article: ``"docs/it/…md: translation outdated: docs/en/…md changed after it (commit
    1a2b3c4 of 2026-11-30); …"``. Empty outside a git work tree.

    The history is replayed in order. A change to a version that was up to date is an original
    change: every version not changed with it becomes outdated by it. A change to an outdated
    version is taken as its update (translation), which makes it current and outdates nobody;
    so editing the English text and then updating the Italian one leaves only the Chinese
    version outdated. Versions changed together (one commit, or all uncommitted) stay current.
    """
    events = change_events([p.path for p in posts], root)
    if events is None:
        return []
    by_key: dict[str, list[Article]] = defaultdict(list)
    for post in posts:
        by_key[post.key].append(post)
    notes = []
    for key, versions in sorted(by_key.items()):
        paths = {p.path for p in versions}
        behind: dict[Path, dict[Path, str]] = {path: {} for path in paths}  # source -> event
        for what, changed in events:
            changed = changed & paths
            originals = [path for path in changed if not behind[path]]
            for path in changed:
                behind[path] = {}
            for path in paths - changed:
                behind[path].update({source: what for source in originals})
        for post in versions:
            for source, what in sorted(behind[post.path].items()):
                notes.append(
                    f"{_relative(post.path, root)}: translation outdated: "
                    f"{_relative(source, root)} changed after it ({what}); update "
                    "it (this note stays until the version changes)"
                )
    return notes


def _relative(path: Path, root: Path) -> str:
    try:
        return str(path.resolve().relative_to(root.resolve()))
    except ValueError:
        return str(path)
