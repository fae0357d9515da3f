"""The editor's preview (``make serve LANG=zh``): one language, quickly, without the generated
results pages.

The published build never runs in this mode: it is switched on by ``MLPERF_PREVIEW=1``, which
only ``make serve`` sets. Then, before each (re)build, the pages an editor's files feed -- the
home page, the blog's authors, the tag pages, the Verification page and the results overview --
are generated again for the previewed language (``write_editorial_pages``, about 1 s), so a
changed claim, author or tag shows at the next reload; the ~2,200 generated files under
``results/`` below the overview are left out of the preview (``left_out``), and the log says so.
"""

from __future__ import annotations

import os
from pathlib import Path

from generator.editorial import registries as editorial
from generator.editorial.articles import articles
from generator.editorial.claims import load_registry
from generator.data.dataset import load
from generator.files import load_unless_unchanged, write_text_atomic
from generator.i18n.languages import Language
from generator.pages.home import editorial_pages, home_page
from generator.pages.output import Page
from generator.pages.results import results_index

ENVIRONMENT = "MLPERF_PREVIEW"
KEPT = frozenset({"results/index.md"})


def active() -> bool:
    """True in the editor's preview (``MLPERF_PREVIEW=1``), never in the published build."""
    return os.environ.get(ENVIRONMENT) == "1"


def left_out(src_uri: str) -> bool:
    """True for a generated results file the preview does not build (``src_uri`` relative to
    the language's docs folder, with forward slashes)."""
    return src_uri.startswith("results/") and src_uri not in KEPT


def write_editorial_pages(root: Path, lang: Language) -> int:
    """Generate again the pages of ``lang`` that editors' files feed (``data/claims.yaml``,
    ``authors.yaml``, ``tags.yaml``, the posts), from the files as they are now.

    Returns:
        the number of files written (changed ones only, so live reload does not loop).
    """
    editorial.authors.cache_clear()
    editorial.tags.cache_clear()
    data = load_unless_unchanged(load, root / "data")
    registry = load_unless_unchanged(load_registry, root / "data" / "claims.yaml")
    posts = articles(root / "docs")
    pages: list[Page] = [home_page(data, lang, posts), results_index(data, lang),
                         *editorial_pages(registry, posts, list(data.records), lang)]
    folder = root / "docs" / lang.code
    return sum(write_text_atomic(folder / page.path, page.content) for page in pages)
