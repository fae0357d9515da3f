"""MkDocs hook: each language build is served under ``<site_url><language>/``.

The base ``mkdocs.yml`` names the site's address once (``site_url``); every language build
derives from it its own address and the language selector's links (``extra.alternate``) from
the languages table in ``generator/languages.py``. The selector's links are path-absolute
(``/mlperf-wiki/zh/``), so they work on the published host and on a local server alike, and
Material keeps the reader on the same page when the page exists in the other language.
"""

from __future__ import annotations

import sys
from pathlib import Path
from urllib.parse import urlsplit

# The hook is loaded by file path; make the project's package importable whatever the cwd.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from generator.languages import LANGUAGES, language  # noqa: E402


def on_config(config, **_):
    lang = language(config.theme["language"])
    root = config.site_url.rstrip("/") + "/"
    config.site_url = f"{root}{lang.code}/"
    prefix = urlsplit(root).path
    config.extra["alternate"] = [
        {"name": other.name, "link": f"{prefix}{other.code}/", "lang": other.code}
        for other in LANGUAGES
    ]
    return config
