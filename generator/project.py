"""Where the project is: its folder, its templates, and the site's address from ``mkdocs.yml``.

Every stage reads these from here, so that the project folder is named once.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

from mkdocs.utils.yaml import yaml_load

ROOT = Path(__file__).resolve().parents[1]  # the project folder: data/, templates/, mkdocs.yml
TEMPLATES_DIR = ROOT / "templates"


def site_root_url(root: Path = ROOT) -> str:
    """Address of the whole site, ``site_url`` of ``mkdocs.yml`` (``SITE_URL`` overrides it),
    ending with a slash."""
    with (root / "mkdocs.yml").open(encoding="utf-8") as handle:
        config = yaml_load(handle)
    return config["site_url"].rstrip("/") + "/"


def site_prefix(root: Path = ROOT) -> str:
    """URL path of the site root, from ``site_url`` in ``mkdocs.yml`` (``/mlperf-wiki/``)."""
    return urlsplit(site_root_url(root)).path
