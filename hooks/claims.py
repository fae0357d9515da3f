"""MkDocs hook: claim references in blog posts become verification flags, and each post's
reading time is computed for its language (Chinese by characters).

The registry and dataset are loaded once per build; ``python -m generator check`` has already
validated them, so a failure here is a bug, reported as a build error.
"""

from __future__ import annotations

import sys
from pathlib import Path

# The hook is loaded by file path; make the project's package importable whatever the cwd.
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.data.dataset import load  # noqa: E402
from generator.editorial.claims import load_registry  # noqa: E402
from generator.editorial.verification import render_article  # noqa: E402
from generator.files import load_unless_unchanged  # noqa: E402
from generator.i18n.languages import language  # noqa: E402
from generator.i18n.readtime import reading_minutes  # noqa: E402
from generator.site import editor_preview as preview  # noqa: E402

_state: dict = {}


def on_config(config, **_):
    _state["lang"] = language(config.theme["language"])
    # Read again only when changed: `make serve` runs this at every rebuild, where a registry
    # that cannot be read is replaced by its last good version (check's message is shown).
    _state["registry"] = (preview.registry(ROOT) if preview.active() else
                          load_unless_unchanged(load_registry, ROOT / "data" / "claims.yaml"))
    _state["records"] = list(load_unless_unchanged(load, ROOT / "data").records)


def on_page_markdown(markdown, page, **_):
    if not page.file.src_uri.startswith("blog/posts/"):
        return markdown
    # Material's blog reads `readtime` from the post before counting words itself.
    if getattr(page, "config", None) is not None and not page.config.readtime:
        page.config.readtime = reading_minutes(markdown, _state["lang"])
    return render_article(markdown, _state["registry"], _state["records"], _state["lang"])
