"""MkDocs hook: each language build is served under ``<site_url><language>/``, with the texts
of ``mkdocs.yml`` (palette toggles, description) in its language; the copyright line and
MLCommons' trademark legend are in each language's own ``mkdocs.<code>.yml``.

The base ``mkdocs.yml`` names the site's address once (``site_url``); every language build
derives from it its own address and the language selector's links (``extra.alternate``) from
the languages table in ``generator/i18n/languages.py``. The selector's links are relative to the
language's root (``../zh/``; Material's ``url`` filter makes them relative to each page), so
they work under any host and path prefix, and Material keeps the reader on the same page when
the page exists in the other language.
"""

from __future__ import annotations

import sys
from pathlib import Path

# The hook is loaded by file path; make the project's package importable whatever the cwd.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mkdocs.plugins import event_priority  # noqa: E402

from generator.i18n.catalogs import BACKLINK_TITLE, PERMALINK_TITLE, translations  # noqa: E402
from generator.i18n.languages import LANGUAGES, language  # noqa: E402


# First of all on_config handlers: plugins that read site_url or texts in their own on_config
# (the RSS feed) must see the language's values.
@event_priority(100)
def on_config(config, **_):
    lang = language(config.theme["language"])
    # The few texts of mkdocs.yml itself are translation keys of the message catalogs too.
    gettext = translations(lang).gettext
    for scheme in config.theme["palette"]:
        scheme["toggle"]["name"] = gettext(scheme["toggle"]["name"])
    for link in config.extra.get("social", []):
        link["name"] = gettext(link["name"])
    # Python-Markdown's own tooltips: the heading anchor and the footnote back-link.
    config.mdx_configs.setdefault("toc", {})["permalink_title"] = gettext(PERMALINK_TITLE)
    config.mdx_configs.setdefault("footnotes", {})["BACKLINK_TITLE"] = gettext(
        BACKLINK_TITLE)
    config.site_description = gettext(config.site_description)
    root = config.site_url.rstrip("/") + "/"
    config.site_url = f"{root}{lang.code}/"
    # For overrides/main.html (OpenGraph) and overrides/sitemap.xml (hreflang alternates).
    config.extra["site_root"] = root
    config.extra["og_locales"] = {other.code: other.vega.replace("-", "_") for other in LANGUAGES}
    config.extra["og_locale"] = config.extra["og_locales"][lang.code]
    config.extra["alternate"] = [
        {"name": other.name, "link": f"../{other.code}/", "lang": other.code}
        for other in LANGUAGES
    ]
    return config
