"""MkDocs hook: the editor's preview (``make serve``, ``generator.site.editor_preview``) runs
``check`` before each build and shows its messages in the log and in a banner, regenerates the
pages an editor's files feed, leaves the generated results pages out, draws no social cards,
and sets aside what would stop the build (so the server never hangs on a mistake). Does
nothing in the published build."""

from __future__ import annotations

import logging
import sys
from pathlib import Path

from mkdocs.plugins import event_priority

# The hook is loaded by file path; make the project's package importable whatever the cwd.
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.data.dataset import load  # noqa: E402
from generator.errors import InputError, InputErrors  # noqa: E402
from generator.files import load_unless_unchanged  # noqa: E402
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
        problems = preview.problems(ROOT)
        for problem in problems:
            log.warning("check: %s", problem)
        # Shown by overrides/main.html in Material's announcement bar, on every page.
        config.extra["preview_errors"] = problems
        try:
            preview.write_editorial_pages(ROOT, language(config.theme["language"]))
        except (InputError, InputErrors):
            pass  # reported above; the pages generated before stay
        # Pages link to results pages the preview leaves out: not worth a warning each.
        config.validation.links.not_found = logging.DEBUG
        config.validation.nav.not_found = logging.DEBUG


@event_priority(100)  # before any plugin collects the pages
def on_files(files, config, **_):
    if not preview.active():
        return files
    unreadable = preview.unreadable_posts(ROOT, language(config.theme["language"]))
    dropped = [f for f in files if preview.left_out(f.src_uri) or f.src_uri in unreadable]
    for file in dropped:
        files.remove(file)
    if dropped:
        log.info("preview: %d generated results files left out (make site builds them all)",
                 len(dropped))
    return files


@event_priority(100)  # before hooks/claims.py renders the claim references
def on_page_markdown(markdown, page, **_):
    if not preview.active() or not page.file.src_uri.startswith("blog/posts/"):
        return markdown
    records = list(load_unless_unchanged(load, ROOT / "data").records)
    return preview.disarm(markdown, preview.registry(ROOT), records)
