"""MkDocs hook: the editor's preview (``make serve``, ``generator.site.editor_preview``) regenerates the
pages an editor's files feed before each build, leaves the generated results pages out and
draws no social cards.
Does nothing in the published build."""

from __future__ import annotations

import logging
import sys
from pathlib import Path

from mkdocs.plugins import event_priority

# The hook is loaded by file path; make the project's package importable whatever the cwd.
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.i18n.languages import language  # noqa: E402
from generator.site import editor_preview as preview  # noqa: E402

log = logging.getLogger("mkdocs.hooks.preview")


@event_priority(100)  # before the social plugin reads its configuration
def on_config(config, **_):
    if preview.active() and "material/social" in config.plugins:
        config.plugins["material/social"].config.enabled = False  # cards: publication only


@event_priority(100)  # before the blog and tags plugins read the generated files
def on_pre_build(config, **_):
    if preview.active():
        preview.write_editorial_pages(ROOT, language(config.theme["language"]))
        # Pages link to results pages the preview leaves out: not worth a warning each.
        config.validation.links.not_found = logging.DEBUG
        config.validation.nav.not_found = logging.DEBUG


@event_priority(100)  # before any plugin collects the pages
def on_files(files, config, **_):
    if not preview.active():
        return files
    dropped = [f for f in files if preview.left_out(f.src_uri)]
    for file in dropped:
        files.remove(file)
    if dropped:
        log.info("preview: %d generated results files left out (make site builds them all)",
                 len(dropped))
    return files
