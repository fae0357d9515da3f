"""Where the project is: its folder, its templates, and the site's address from ``mkdocs.yml``.

Every stage reads these from here, so that the project folder is named once.
"""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path
from urllib.parse import urlsplit

from mkdocs.utils.yaml import yaml_load

ROOT = Path(__file__).resolve().parents[1]  # the project folder: data/, templates/, mkdocs.yml
TEMPLATES_DIR = ROOT / "templates"


def site_root_url(root: Path = ROOT) -> str:
    """Address of the whole site, ``site_url`` of ``mkdocs.yml`` (``SITE_URL`` overrides it),
    ending with a slash."""
    path = root / "mkdocs.yml"
    stat = path.stat()
    return _site_root_url(path, stat.st_mtime_ns, stat.st_size, os.environ.get("SITE_URL"))


@cache
def _site_root_url(path: Path, mtime_ns: int, size: int, site_url: str | None) -> str:
    """``site_root_url`` of one version of ``mkdocs.yml`` (its time and size) and ``SITE_URL``:
    every ``check`` asks for it (the editor's preview at every save), and MkDocs' YAML reader
    takes a tenth of a second for the file."""
    with path.open(encoding="utf-8") as handle:
        config = yaml_load(handle)
    return config["site_url"].rstrip("/") + "/"


def site_prefix(root: Path = ROOT) -> str:
    """URL path of the site root, from ``site_url`` in ``mkdocs.yml`` (``/mlperf-wiki/``)."""
    return urlsplit(site_root_url(root)).path
