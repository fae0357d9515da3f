"""MkDocs hook: pages that ``cards_exclude`` of ``mkdocs.yml`` leaves out are marked
``social.cards: false`` (Material's own switch, which ``overrides/main.html`` reads to write
their OpenGraph tags), and a card's title may wrap where Chinese puts no spaces
(``generator.site.social.card_text``). Whether cards are drawn, and with which local fonts, is
in each language's generated configuration (``generator.site.social.plugin_options``)."""

from __future__ import annotations

import re
import sys
from fnmatch import fnmatch
from pathlib import Path

from mkdocs.plugins import event_priority

# The hook is loaded by file path; make the project's package importable whatever the cwd.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from generator.editorial.articles import render_plain  # noqa: E402
from generator.site import social  # noqa: E402

HEADING = re.compile(r"^# (.+)$", re.MULTILINE)


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
    # Markdown has not run yet: the claims extension renders [[plain:...]] marks later.
    title = page.meta.get("title") or (render_plain(heading.group(1)) if heading else page.title)
    # Only the title: the card's description is also the page's og:description, which must
    # stay the text as written.
    if title and social.card_text(title) != title:
        options = page.meta.setdefault("social", {}).setdefault("cards_layout_options", {})
        options.setdefault("title", social.card_text(title))
    return markdown
