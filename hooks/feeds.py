"""MkDocs hook: the RSS feeds are valid RSS 2.0 (``generator.site.feeds``): a real channel image,
and author names where RSS 2.0 puts names."""

from __future__ import annotations

import sys
from pathlib import Path

from mkdocs.plugins import event_priority

# The hook is loaded by file path; make the project's package importable whatever the cwd.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from generator.files import write_text_atomic  # noqa: E402
from generator.site.feeds import channel_image, valid_rss  # noqa: E402


@event_priority(50)  # after hooks/languages.py has set site_url, before the RSS plugin reads it
def on_config(config, **_):
    plugin = config.plugins.get("rss")
    if plugin is not None and not plugin.config.image:
        plugin.config.image = channel_image(config.site_url, config.theme["favicon"])
    return config


@event_priority(-100)  # after the RSS plugin has written its feeds
def on_post_build(config, **_):
    plugin = config.plugins.get("rss")
    if plugin is None:
        return
    names = plugin.config.feeds_filenames
    for name in (names.rss_created, names.rss_updated):
        path = Path(config.site_dir) / name
        if path.exists():
            write_text_atomic(path, valid_rss(path.read_text(encoding="utf-8")))
