"""MkDocs hook: the published site carries no source maps (Material ships one per script and
stylesheet, about 1 MB per language, useful only to Material's own developers); the theme's
templates are compiled once and kept in ``.cache/jinja/`` (Jinja's bytecode cache, keyed by
each template's source), instead of at every build and every preview rebuild (about 1.5 s)."""

from __future__ import annotations

from pathlib import Path

from jinja2 import FileSystemBytecodeCache

CACHE = Path(__file__).resolve().parent.parent / ".cache" / "jinja"


def on_env(env, **_):
    CACHE.mkdir(parents=True, exist_ok=True)
    env.bytecode_cache = FileSystemBytecodeCache(str(CACHE))
    return env


def on_files(files, **_):
    for file in [f for f in files if f.src_uri.endswith(".map")]:
        files.remove(file)
    return files
