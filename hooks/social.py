"""MkDocs hook: Material's social plugin draws the cards with local fonts only
(``generator.site.social``), in a cache folder per language; on a machine without the fonts or the
Cairo library, or with ``SOCIAL_CARDS=0``, the build goes on without cards and says why. Pages
that ``cards_exclude`` of ``mkdocs.yml`` leaves out are marked ``social.cards: false``."""

from __future__ import annotations

import logging
import re
import sys
from fnmatch import fnmatch
from pathlib import Path

from mkdocs.plugins import event_priority

# The hook is loaded by file path; make the project's package importable whatever the cwd.
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.editorial.articles import render_plain  # noqa: E402
from generator.i18n.languages import language  # noqa: E402
from generator.site import social  # noqa: E402

log = logging.getLogger("mkdocs.hooks.social")
HEADING = re.compile(r"^# (.+)$", re.MULTILINE)


@event_priority(100)  # before the social plugin reads its configuration
def on_config(config, **_):
    plugin = config.plugins.get("material/social")
    if plugin is None or not plugin.config.enabled:
        return config
    code = language(config.theme["language"]).code
    reason = None
    if not social.enabled_by_environment():
        reason = "SOCIAL_CARDS=0 asks for a build without them (site/ will have no cards)"
    else:
        folder = social.cache_dir(ROOT, code)
        try:
            social.prepare_fonts(folder)
            plugin.config.cache_dir = str(folder)
        except social.CardsUnavailable as unavailable:
            reason = str(unavailable)
    social.record_skip(ROOT, code, reason)
    if reason is not None:
        # INFO, not WARNING: the strict build must go on without cards.
        log.info("%s: %s", social.SKIPPED, reason)
        plugin.config.enabled = False
    return config


@event_priority(100)  # before the social plugin queues the page's card
def on_page_markdown(markdown, page, config, **_):
    plugin = config.plugins.get("material/social")
    if plugin is None or not plugin.config.enabled:
        return markdown
    if any(fnmatch(page.file.src_uri, pattern) for pattern in plugin.config.cards_exclude):
        # Material's own per-page switch; overrides/main.html then writes the OpenGraph tags.
        page.meta.setdefault("social", {})["cards"] = False
        return markdown
    heading = HEADING.search(markdown)
    # This hook runs before the claims hook renders [[plain:...]] marks in the heading.
    title = page.meta.get("title") or (render_plain(heading.group(1)) if heading
                                       else page.title)
    # Only the title: the card's description is also the page's og:description, which must
    # stay the text as written.
    if title and social.card_text(title) != title:
        options = page.meta.setdefault("social", {}).setdefault("cards_layout_options", {})
        options.setdefault("title", social.card_text(title))
    return markdown
