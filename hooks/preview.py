"""MkDocs adapter of the editor's preview (``make serve``, ``generator.site.editor_preview``):
before each build it runs ``check`` and shows its messages in the log and in a banner,
regenerates the pages an editor's files feed, leaves the generated results pages out, draws no
social cards, and sets aside what would stop the build (so the server never hangs on a
mistake). Does nothing in the published build."""

from __future__ import annotations

import sys
from pathlib import Path

from mkdocs.plugins import event_priority

# The hook is loaded by file path; make the project's package importable whatever the cwd.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from generator.site import editor_preview as preview  # noqa: E402


@event_priority(100)  # before the social plugin reads its configuration
def on_config(config, **_):
    preview.configure(config)


@event_priority(100)  # before the blog and tags plugins read the generated files
def on_pre_build(config, **_):
    preview.before_build(config)


@event_priority(100)  # before any plugin collects the pages
def on_files(files, config, **_):
    return preview.kept_files(files, config)


@event_priority(100)  # before the claims extension renders the claim references
def on_page_markdown(markdown, page, **_):
    return preview.page_markdown(markdown, page.file.src_uri)
