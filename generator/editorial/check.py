"""``python -m generator check``: everything an editor can touch, validated in one pass.

It loads the results dataset, the claims registry, the authors and tags registries and every
article, then runs the article checks (``article_checks``), the claim checks (``claim_checks``)
and the language checks. Every problem is collected (not only the first) as
``file: line N: ...``. ``notes`` adds what is worth a look but fails nothing: outdated
translations (``translation_history``) and preview claims whose product is overdue.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from generator.data import publication
from generator.data.dataset import Dataset, load
from generator.data.identity import Superseded
from generator.data.schema import ResultRecord
from generator.editorial import registries as editorial
from generator.editorial.article_checks import check_articles, check_languages
from generator.editorial.article_ids import (
    ids_in_references,
    references_in_raw_html,
    typed_result_ids,
)
from generator.editorial.article_links import check_links
from generator.editorial.article_safety import check_markup, invisible_characters
from generator.editorial.article_structure import check_structure
from generator.editorial.articles import Article, read_article, read_body
from generator.editorial.claim_checks import (
    accelerators_without_family,
    check_claims,
    corrected_claims,
    overdue_previews,
    preview_due_dates,
    preview_followups,
    recomputed,
)
from generator.editorial.claims import Registry, load_registry
from generator.editorial.recomputation import figure
from generator.editorial.redirects import check_redirects
from generator.editorial.sentences import check_sentences, claim_facets
from generator.editorial.translation_history import outdated_translations
from generator.errors import InputError, InputErrors
from generator.files import load_unless_unchanged
from generator.i18n.languages import LANGUAGES
from generator.i18n.style import check_language
from generator.model import specs
from generator.project import site_root_url

# Every rule `check` enforces, by the name CONTRIBUTING.md (and its zh and it versions) gives it
# in its table "What make check enforces"; tests/test_contributing.py holds the three to it.
RULES = (
    "claim-reference",
    "claim-unknown",
    "claim-computed",
    "claim-recomputed",
    "claim-precision",
    "claim-percent",
    "claim-recomputable",
    "claim-status",
    "claim-disputed",
    "claim-sources",
    "yaml-duplicate-key",
    "yaml-date",
    "front-matter",
    "future-date",
    "authors-tags",
    "slug",
    "translations",
    "same-claims",
    "sentence-claim",
    "verification-words",
    "bare-figure",
    "typed-result-id",
    "title",
    "placeholder",
    "excerpt",
    "unsafe-markup",
    "flag-markup",
    "markup-balance",
    "images",
    "https-only",
    "links",
    "address-change",
    "language-style",
    "accelerator-specs",
    "claim-spec",
)


def check(root: Path) -> tuple[Dataset, Registry, list[Article]]:
    """Validate the project under ``root``; return what was loaded.

    Raises:
        InputErrors: every problem found, each naming file, line and what to fix.
    """
    data = load_unless_unchanged(load, root / "data")  # the preview checks at every save
    registry = load_registry(root / "data" / "claims.yaml")
    authors_file, tags_file = root / "data" / "authors.yaml", root / "data" / "tags.yaml"
    errors: list[InputError] = []
    for registry_file, reader in ((authors_file, editorial.authors), (tags_file, editorial.tags)):
        reader.cache_clear()
        try:
            reader(registry_file)
        except InputError as exc:
            errors.append(exc)
        except InputErrors as exc:
            errors += exc.errors
    registry_errors = list(errors)
    posts = _read_all(root / "docs", errors)
    if not registry_errors:
        readable = [p for p in posts if p.meta]
        errors += check_articles(readable, authors_file, tags_file)
    errors += check_markup(posts)
    errors += invisible_characters(posts)
    errors += check_structure(posts, root / "docs")
    errors += check_links(posts, root / "docs", _site_url(root))
    errors += check_claims(registry, posts, data, root / "data" / "claims.yaml")
    errors += check_languages(posts, set(registry.claims))
    facets, statuses = _facets(registry, data)
    errors += check_sentences(
        registry, posts, facets, frozenset(r.model for r in data.records), statuses
    )
    selected = _selected(registry, data)
    errors += typed_result_ids(posts, registry, selected, Superseded.read(root / "data"))
    errors += ids_in_references(posts, registry, selected)
    errors += references_in_raw_html(posts)
    errors += check_redirects(posts, root / "data" / "redirects.yaml", root)[0]
    errors += check_language([p for p in posts if p.meta])  # glossary, Chinese punctuation
    errors += check_specs(root / "data")
    if errors:
        raise InputErrors(errors)
    return data, registry, posts


def _facets(
    registry: Registry, data: Dataset
) -> tuple[dict[str, dict[str, frozenset[str]]], dict[str, str]]:
    """``sentences.claim_facets`` and the computed status (``recomputation.figure``) of every
    claim whose derivation resolves (the others are reported by ``check_claims``), from the
    recomputations it has made."""
    out, statuses = {}, {}
    for claim_id, claim in registry.claims.items():
        if claim.derivation is None:
            continue
        try:
            result = recomputed(claim.derivation, data.records)
        except (LookupError, ValueError):
            continue
        out[claim_id] = claim_facets(claim.derivation.formula, result.records)
        try:
            statuses[claim_id] = figure(claim, result).status
        except ValueError:
            continue
    return out, statuses


def _selected(registry: Registry, data: Dataset) -> dict[str, list[ResultRecord]]:
    """The records each computed claim selects (``recomputed``, remembered from ``_facets``);
    claims whose derivation does not resolve are left out (``check_claims`` reports them)."""
    out = {}
    for claim_id, claim in registry.claims.items():
        if claim.derivation is None:
            continue
        try:
            out[claim_id] = list(recomputed(claim.derivation, data.records).records)
        except (LookupError, ValueError):
            continue
    return out


def check_specs(data_dir: Path) -> list[InputError]:
    """The accelerator cards (``model.specs.read_cards``): every problem of
    ``accelerator_specs.yaml`` and its Epoch seed, or none when the project has no registry."""
    registry = data_dir / specs.REGISTRY_FILE.name
    if not registry.is_file():
        return []
    try:
        specs.read_cards(registry, data_dir / specs.SEED_FILE.name)
    except InputErrors as exc:
        return list(exc.errors)
    except InputError as exc:
        return [exc]
    return []


def spec_notes(data_dir: Path, records: list[ResultRecord]) -> list[str]:
    """``check``'s notes on the cards: accelerators of the dataset without a card, or whose
    card lacks memory, bandwidth or power, and a seed that Epoch's CSV (when at hand) would
    change."""
    registry = data_dir / specs.REGISTRY_FILE.name
    if not registry.is_file():
        return []
    cards = specs.read_cards(registry, data_dir / specs.SEED_FILE.name)
    outdated = specs.seed_outdated(registry, data_dir / specs.SEED_FILE.name)
    return specs.missing_cards(records, cards) + ([outdated] if outdated else [])


def check_generated_links(root: Path, posts: list[Article]) -> None:
    """After ``build`` has written the generated pages into ``docs/``, and before MkDocs
    runs: every link of every post, now that every page it may name exists.

    Raises:
        InputErrors: each broken link, with file and line (``article_links.check_links``).
    """
    errors = check_links(posts, root / "docs", _site_url(root), generated=True)
    if errors:
        raise InputErrors(errors)


def _site_url(root: Path) -> str:
    """The site's address from ``root``'s ``mkdocs.yml``, or this checkout's for a project
    folder without one (a test's copy of the editors' files)."""
    return site_root_url(root) if (root / "mkdocs.yml").is_file() else site_root_url()


def _read_all(docs: Path, errors: list[InputError]) -> list[Article]:
    """Every post; one whose front matter cannot be read is reported, and its body is still
    checked (``bodies_only``) so that one mistake hides no other."""
    posts = []
    for lang in LANGUAGES:
        for path in sorted((docs / lang.code / "blog" / "posts").glob("*.md")):
            try:
                posts.append(read_article(path, lang))
            except (InputError, InputErrors) as exc:
                errors += exc.errors if isinstance(exc, InputErrors) else [exc]
                posts.append(read_body(path, lang))
    return posts


def notes(
    registry: Registry,
    posts: list[Article],
    root: Path,
    today: dt.date | None = None,
    records: list[ResultRecord] = (),
) -> list[str]:
    """What ``check`` prints as ``note:`` lines without failing: outdated translations, changed
    addresses kept by a redirect, then
    overdue previews (``today`` defaults to the current date), then preview claims whose
    system the dataset now shows as available (``records``: the dataset), then preview
    claims due by another date than their due round's publication (``preview_due_dates``), then claims quoting a
    result MLCommons corrected (``corrected_claims``), then the claims whose derived result
    IDs were rebound to the official IDs of the same systems (``claims.rebind``). An article
    never types a result ID (``article_ids``, an error): its ``[[id:CLAIM]]`` follow the
    rebinding, so a publication of official IDs changes no article's meaning."""
    return (
        outdated_translations(posts, root)
        + check_redirects(posts, root / "data" / "redirects.yaml", root)[1]
        + overdue_previews(registry, today or dt.date.today())
        + preview_followups(registry, records)
        + preview_due_dates(registry, records, publication.read(root / "data"))
        + accelerators_without_family(list(records))
        + corrected_claims(registry, list(records), root / "data")
        + spec_notes(root / "data", list(records))
        + registry.rebound
    )
