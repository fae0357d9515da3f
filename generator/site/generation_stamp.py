"""What the last successful ``check`` and ``generate`` saw, so the next build does only the work
its changes need: nothing when no input changed, only the pages that list articles when only
articles changed (``site.build.generate``, ``articles_only``), everything otherwise.

Two SHA-256 stamps in ``.cache/site/``: one of every input but the articles, one of the articles
(the blog folder of each language, posts included). Generated files under ``docs/`` are inputs
too, so a generated file edited or deleted by hand is generated again.
"""

from __future__ import annotations

from pathlib import Path

from generator.files import write_text_atomic
from generator.i18n.languages import LANGUAGES
from generator.project import ROOT
from generator.site.assets import THEME_ASSETS
from generator.site.build import FINGERPRINTS, tree_fingerprint

# What `check` and `generate` read, and the docs/ folder they write into; generate copies our
# scripts and stylesheets (overrides/assets/...) content-hashed into docs/.
GENERATION_INPUTS = (
    "data",
    "generator",
    "templates",
    "docs",
    "mkdocs.yml",
    "requirements.txt",
    *(f"overrides/{folder}" for folder in THEME_ASSETS),
)
# The articles (hand-written) and the blog files generated from them: only the pages that list
# articles (home, blog index, tags, verification, claims downloads) read them.
ARTICLES = tuple(f"docs/{lang.code}/blog" for lang in LANGUAGES)
# What editors and developers write (every input but the files generate writes into docs/):
# compared before and after a run, so that an edit made while it runs is not recorded as built.
EDITED_INPUTS = (
    *(top for top in GENERATION_INPUTS if top != "docs"),
    "docs/images",
    *(f"docs/{lang.code}/blog/posts" for lang in LANGUAGES),
)
GENERATED_STAMP = FINGERPRINTS / "generated.sha256"
ARTICLES_STAMP = FINGERPRINTS / "generated-articles.sha256"


def _fingerprints(root: Path) -> tuple[str, str]:
    return (
        tree_fingerprint(root, GENERATION_INPUTS, skip=ARTICLES),
        tree_fingerprint(root, ARTICLES),
    )


def changes(root: Path = ROOT) -> str:
    """What changed since ``check`` and ``generate`` last succeeded (``mark_generated``):
    ``"none"`` (running them again would write no file), ``"articles"`` (only files under
    ``ARTICLES``) or ``"all"`` (anything else, or no record of a previous run)."""
    stamps = root / GENERATED_STAMP, root / ARTICLES_STAMP
    if not all(stamp.is_file() for stamp in stamps):
        return "all"
    others, articles = _fingerprints(root)
    if stamps[0].read_text() != others:
        return "all"
    return "none" if stamps[1].read_text() == articles else "articles"


def generation_unchanged(root: Path = ROOT) -> bool:
    """True when nothing ``check`` and ``generate`` read or write has changed since they last
    succeeded (``mark_generated``): running them again would write no file."""
    return changes(root) == "none"


def edited_inputs(root: Path = ROOT) -> str:
    """SHA-256 (hex) of the files of ``EDITED_INPUTS``: taken when a run starts and given to
    ``mark_generated`` when it ends."""
    return tree_fingerprint(root, EDITED_INPUTS)


def mark_generated(root: Path = ROOT, edited_at_start: str | None = None) -> bool:
    """Record that ``check`` and ``generate`` succeeded on the project as it is now, unless an
    input was edited while they ran (``edited_at_start``, from ``edited_inputs``, differs from
    the inputs now): then nothing is recorded, so the next run does all the work again.
    Returns whether the run was recorded."""
    if edited_at_start is not None and edited_inputs(root) != edited_at_start:
        forget_generated(root)
        return False
    others, articles = _fingerprints(root)
    write_text_atomic(root / GENERATED_STAMP, others)
    write_text_atomic(root / ARTICLES_STAMP, articles)
    return True


def forget_generated(root: Path = ROOT) -> None:
    """Forget the last generation (before ``check`` runs: a failed check must not be skipped
    next time)."""
    (root / GENERATED_STAMP).unlink(missing_ok=True)
    (root / ARTICLES_STAMP).unlink(missing_ok=True)
