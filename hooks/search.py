"""MkDocs hook: after Material's search plugin has written the search index, add to it the other
forms of each section's words (``generator.i18n.search``), for languages whose words inflect."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from mkdocs.plugins import event_priority

# The hook is loaded by file path; make the project's package importable whatever the cwd.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from generator.files import write_text_atomic  # noqa: E402
from generator.i18n.languages import language  # noqa: E402
from generator.i18n.search import add_word_forms  # noqa: E402


@event_priority(-100)  # after the search plugin (priority 0) has written the index
def on_post_build(config, **_):
    lang = language(config.theme["language"])
    path = Path(config.site_dir) / "search" / "search_index.json"
    if lang.stemmer is None or not path.exists():
        return
    index = add_word_forms(json.loads(path.read_text(encoding="utf-8")), lang.stemmer)
    write_text_atomic(path, json.dumps(index, separators=(",", ":")))
