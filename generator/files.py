"""Writing files at the edge: atomically, and only when their content changed."""

from __future__ import annotations

import os
import tempfile
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
