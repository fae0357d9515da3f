"""Writing files at the edge: atomically, and only when their content changed; whole folders
replaced in one step (``replace_folder``, ``recover``)."""

from __future__ import annotations

import fcntl
import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, TypeVar

T = TypeVar("T")
_loaded: dict[tuple, tuple[tuple, object]] = {}


def write_text_atomic(path: Path, text: str) -> bool:
    """Write ``text`` (UTF-8) to ``path`` through a temporary file and a rename.

    A reader never sees a half-written file. An unchanged file is left alone, so its
    modification time stays and MkDocs' live reload is not triggered for nothing.

    Returns:
        True when the file was written, False when it already had this content.
    """
    return write_bytes_atomic(path, text.encode("utf-8"))


def write_bytes_atomic(path: Path, data: bytes) -> bool:
    """Bytes version of :func:`write_text_atomic`."""
    path = Path(path)
    if path.is_file() and path.read_bytes() == data:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.chmod(temporary, 0o644)  # mkstemp creates 0600; published files are world-readable
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return True


def load_unless_unchanged(load: Callable[[Path], T], path: Path) -> T:
    """``load(path)``, or its previous result in this process when no file under ``path``
    changed since (same names, sizes and modification times).

    For the editor's preview, whose every rebuild would read the dataset and the claims again
    (about 1 s each) though an edit touches one post.
    """
    path = Path(path)
    files = sorted(p for p in path.rglob("*") if p.is_file()) if path.is_dir() else [path]
    state = tuple((str(p), p.stat().st_mtime_ns, p.stat().st_size) for p in files)
    key = (load, path)
    if key in _loaded and _loaded[key][0] == state:
        return _loaded[key][1]  # type: ignore[return-value]
    value = load(path)
    _loaded[key] = (state, value)
    return value


# Replacing a whole folder in one step (the import's data/, the build's site/). The new state is
# written into a sibling staging folder; two renames then swap it in (the old state is first
# renamed aside, then deleted). A process killed at any point leaves either the old or the new
# state whole, and `recover` (run before the next writer starts) finishes or undoes the swap.
# Writers hold `writing`'s lock, so that one never disturbs another in progress.


def staging_folder(target: Path) -> Path:
    """The sibling folder a new state of ``target`` is written into: ``.<name>.staging``."""
    target = Path(target)
    return target.with_name(f".{target.name}.staging")


def _aside(target: Path) -> Path:
    return target.with_name(f".{target.name}.old")


def _lent(target: Path) -> Path:
    return target.with_name(f".{target.name}.lent")


def lend(target: Path, staging: Path, names: list[str]) -> None:
    """Move the entries ``names`` of ``target`` into ``staging``, to be part of the new state
    as they are (a language not built again: a move costs nothing where a copy of its files
    took seconds). The names are written first beside ``target`` (``.<name>.lent``), so that
    ``recover`` moves back whatever a kill left in ``staging``, and ``target`` is whole again.
    On a failed move, those moved go back and the error is raised."""
    target, staging = Path(target), Path(staging)
    # Written in place, not atomically (no temporary file to leave behind): nothing moves
    # before it is whole, so a kill while writing it leaves nothing to move back.
    _lent(target).write_text("".join(f"{name}\n" for name in names), encoding="utf-8")
    moved = []
    try:
        for name in names:
            (target / name).rename(staging / name)
            moved.append(name)
    except OSError:
        for name in moved:
            (staging / name).rename(target / name)
        _lent(target).unlink()
        raise


@contextmanager
def writing(target: Path, wait: bool = True) -> Iterator[bool]:
    """Be the one writer of ``target``'s new state while the block runs: an exclusive lock
    (``flock``) on ``.<name>.lock`` beside it, which the system releases when the process ends,
    killed or not. Without it a second import, or a command's ``recover`` at start, would
    delete the staging folder of an import still writing it.

    Args:
        wait: wait for another writer to finish; if False, yield False at once instead when
            there is one.

    Yields:
        True when the lock is held.
    """
    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    with open(target.with_name(f".{target.name}.lock"), "a") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
        except BlockingIOError:
            yield False
            return
        try:
            yield True
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def recover_unless_busy(target: Path) -> str | None:
    """``recover(target)`` unless another process is writing it (``writing``): for a command
    that reads ``target`` and must not disturb an import in progress."""
    with writing(target, wait=False) as mine:
        return recover(target) if mine else None


def recover(target: Path) -> str | None:
    """Finish or undo a replacement of ``target`` that a killed process left half done (the
    caller holds ``writing(target)``).

    - killed between the two renames (``target`` missing, its old state aside): the old state
      goes back, so what readers see is what they saw before the interrupted run;
    - killed while deleting the old state after the swap: the rest of it is deleted;
    - a staging folder left behind (killed while writing it) is deleted: it was never the state;
      the entries ``lend`` had moved into it from ``target`` go back first.

    Returns:
        what was done, for the log, or None when there was nothing to recover.
    """
    target = Path(target)
    aside, staging, done = _aside(target), staging_folder(target), []
    if aside.exists():
        if target.exists():
            shutil.rmtree(aside)
            done.append(f"removed the previous state left at {aside}")
        else:
            aside.rename(target)
            done.append(f"restored {target} from {aside} (a replacement was interrupted)")
    lent = _lent(target)
    if lent.exists():
        if staging.exists() and target.exists():
            for name in lent.read_text(encoding="utf-8").split():
                if (staging / name).exists() and not (target / name).exists():
                    (staging / name).rename(target / name)
                    done.append(f"moved {name} back into {target}")
        lent.unlink()
    if staging.exists():
        shutil.rmtree(staging)
        done.append(f"removed the unfinished {staging}")
    return "; ".join(done) or None


def fresh_staging(target: Path) -> Path:
    """An empty staging folder for a new state of ``target`` (``staging_folder``), after
    ``recover`` has dealt with what an interrupted run left."""
    recover(target)
    staging = staging_folder(target)
    staging.parent.mkdir(parents=True, exist_ok=True)
    staging.mkdir()
    return staging


def folder_state(folder: Path) -> dict[str, tuple[int, int]]:
    """Each file under ``folder`` (relative path) with its modification time (ns) and size: to
    tell whether anyone changed the folder while a new state of it was being made."""
    folder = Path(folder)
    return (
        {
            str(p.relative_to(folder)): (p.stat().st_mtime_ns, p.stat().st_size)
            for p in folder.rglob("*")
            if p.is_file()
        }
        if folder.exists()
        else {}
    )


def replace_folder(staging: Path, target: Path) -> None:
    """Make ``staging`` (complete) the new ``target`` in one step: ``target`` renamed aside,
    ``staging`` renamed to ``target``, the old state deleted. See ``recover`` for a kill in
    between."""
    target, aside = Path(target), _aside(Path(target))
    if aside.exists():
        shutil.rmtree(aside)
    if target.exists():
        target.rename(aside)
    Path(staging).rename(target)
    # What ``lend`` moved is in the new state now: nothing to move back.
    _lent(target).unlink(missing_ok=True)
    shutil.rmtree(aside, ignore_errors=True)
