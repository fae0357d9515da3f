"""SHA-256 digests of files, remembered by their metadata so an unchanged file is read once, and
the fingerprint of a tree of files made from them (``tree_fingerprint``).

A build fingerprints the same inputs several times (the generation stamp before and after
generating, each language's build inputs), about 140 MB of generated pages, charts and downloads
each time. A file whose size, modification and change times (nanoseconds) and inode are those
recorded with its digest is not read again; any write changes its change time. The record is
kept between runs in ``.cache/site/digests.json`` under the project root, and written again only
when a file was read (``save``).
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from pathlib import Path

from generator.files import write_text_atomic

RECORD = Path(".cache") / "site" / "digests.json"
_known: dict[Path, dict[str, list]] = {}  # project root -> {path: [size, mtime, ctime, inode, hex]}
_read: set[Path] = set()  # project roots with a digest computed since the record was last saved


def _record(root: Path) -> dict[str, list]:
    if root not in _known:
        path = root / RECORD
        try:
            _known[root] = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
        except ValueError:  # a record cut short: start again
            _known[root] = {}
    return _known[root]


def file_digest(root: Path, name: str) -> tuple[int, bytes]:
    """Size in bytes and SHA-256 digest of the file ``name`` (a path relative to ``root``),
    read only when its metadata differ from the recorded ones."""
    known = _record(root)
    path = os.path.join(root, name)
    stat = os.stat(path)
    meta = [stat.st_size, stat.st_mtime_ns, stat.st_ctime_ns, stat.st_ino]
    entry = known.get(name)
    if entry is None or entry[:4] != meta:
        with open(path, "rb") as handle:
            entry = known[name] = [*meta, hashlib.sha256(handle.read()).hexdigest()]
        _read.add(root)
    return stat.st_size, bytes.fromhex(entry[4])


def save(root: Path) -> None:
    """Keep the digests known for ``root`` in ``RECORD`` (entries of files that are gone are
    dropped), unless no file was read since the record was last loaded or saved: the record on
    disk then holds every entry already (a build fingerprints its inputs seven times, and
    writing 23,000 entries each time cost more than the fingerprints)."""
    known = _record(root)
    if root not in _read and (root / RECORD).is_file():
        return
    _read.discard(root)
    for name in [name for name in known if not os.path.isfile(os.path.join(root, name))]:
        del known[name]
    write_text_atomic(root / RECORD, json.dumps(known, separators=(",", ":"), sort_keys=True))


# Environment variables that change what a build writes.
BUILD_ENVIRONMENT = ("SITE_URL", "SOCIAL_CARDS")


def tree_fingerprint(root: Path, tops: tuple[str, ...], salt: str = "",
                     skip: tuple[str, ...] = ()) -> str:
    """SHA-256 (hex) of the files under ``tops`` (paths relative to ``root``, folders or
    files; names, sizes and bytes) but those under ``skip`` (folders relative to ``root``), of
    ``BUILD_ENVIRONMENT`` and of ``salt``. Each file is read once while it is unchanged
    (``file_digest``); hashing costs about 0.1 s per 10 MB of input read."""
    root = root.resolve()
    digest = hashlib.sha256(f"{salt}\0{sys.version}\0".encode())
    for name in BUILD_ENVIRONMENT:
        digest.update(f"{name}={os.environ.get(name)}\0".encode())
    skipped = tuple(os.path.join(folder, "") for folder in skip)
    for top in tops:
        for name in _files(root, top):
            if not name.startswith(skipped):
                size, content = file_digest(root, name)
                digest.update(f"{name}\0{size}\0".encode() + content)
    save(root)
    return digest.hexdigest()


def _files(root: Path, top: str) -> list[str]:
    """The files under ``top`` (a folder or a file, relative to ``root``) as sorted relative
    paths, ``__pycache__`` folders left out; links to folders are not followed (os.scandir:
    pathlib, then os.walk with a stat of every file, took most of the time here)."""
    path = os.path.join(root, top)
    if not os.path.isdir(path):
        return [top] if os.path.isfile(path) else []
    names, folders = [], [os.path.normpath(top)]
    while folders:
        relative = folders.pop()
        with os.scandir(os.path.join(root, relative)) as entries:
            for entry in entries:
                name = os.path.join(relative, entry.name)
                if entry.is_dir(follow_symlinks=False):
                    if entry.name != "__pycache__":
                        folders.append(name)
                elif entry.is_file():
                    names.append(name)
    return sorted(names)
