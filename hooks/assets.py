"""MkDocs hook: the published site carries no source maps (Material ships one per script and
stylesheet, about 1 MB per language, useful only to Material's own developers)."""

from __future__ import annotations


def on_files(files, **_):
    for file in [f for f in files if f.src_uri.endswith(".map")]:
        files.remove(file)
    return files
