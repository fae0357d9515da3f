"""MkDocs hook: the theme's templates are compiled once and kept in ``.cache/jinja/`` (Jinja's
bytecode cache, keyed by each template's source) instead of at every build and every preview
rebuild (about 1.5 s). Speed only: without it the site is the same."""

from pathlib import Path

from jinja2 import FileSystemBytecodeCache

CACHE = Path(__file__).resolve().parent.parent / ".cache" / "jinja"


def on_env(env, **_):
    CACHE.mkdir(parents=True, exist_ok=True)
    env.bytecode_cache = FileSystemBytecodeCache(str(CACHE))
    return env
