"""``python -m generator check``: everything an editor can touch, validated in one pass.

It loads the results dataset, the claims registry, the authors and tags registries and every
article, then checks front matter, claim references, translations and each claim's
recomputation. Every problem is collected (not only the first) as ``file: line N: ...``.
"""

from __future__ import annotations

import re
import subprocess
import time
from collections import defaultdict
from pathlib import Path

from . import editorial
from .articles import Article, read_article, read_body
from .catalogs import translations
from .style import check_language
from .scaffold import BODY_PLACEHOLDERS, DESCRIPTION_PLACEHOLDER, WORKING_TITLE
from .claims import Registry, claim_lines, load_registry, recompute
from .dataset import Dataset, load
from .errors import InputError, InputErrors
from .languages import LANGUAGES

REQUIRED_META = ("date", "authors", "tags", "slug", "description")
MARKDOWN_LINK = re.compile(r"\]\(([^)\s#]+?\.md)(?:#[^)\s]*)?\)")
SLUG = re.compile(r"^[a-z0-9][a-z0-9-]*$")


def check(root: Path) -> tuple[Dataset, Registry, list[Article]]:
    """Validate the project under ``root``; return what was loaded.

    Raises:
        InputErrors: every problem found, each naming file, line and what to fix.
    """
    data = load(root / "data")
    registry = load_registry(root / "data" / "claims.yaml")
    authors_file, tags_file = root / "data" / "authors.yaml", root / "data" / "tags.yaml"
    errors: list[InputError] = []
    for registry_file, reader in ((authors_file, editorial.authors), (tags_file, editorial.tags)):
        reader.cache_clear()
        try:
            reader(registry_file)
        except InputError as exc:
            errors.append(exc)
    registry_errors = list(errors)
    posts = _read_all(root / "docs", errors)
    if not registry_errors:
        readable = [p for p in posts if p.meta]
        errors += check_articles(readable, authors_file, tags_file)
    errors += check_links(posts)
    errors += check_claims(registry, posts, data, root / "data" / "claims.yaml")
    errors += check_language([p for p in posts if p.meta])  # glossary, Chinese punctuation
    if errors:
        raise InputErrors(errors)
    return data, registry, posts


def _read_all(docs: Path, errors: list[InputError]) -> list[Article]:
    """Every post; one whose front matter cannot be read is reported, and its body is still
    checked (``bodies_only``) so that one mistake hides no other."""
    posts = []
    for lang in LANGUAGES:
        for path in sorted((docs / lang.code / "blog" / "posts").glob("*.md")):
            try:
                posts.append(read_article(path, lang))
            except InputError as exc:
                errors.append(exc)
                posts.append(read_body(path, lang))
    return posts


def check_articles(posts: list[Article], authors_file: Path,
                   tags_file: Path) -> list[InputError]:
    """Front matter (known authors and tags, valid date, unique slug, same slug in every
    language) and translations (each article in every language)."""
    errors = []
    authors, tags = editorial.authors(authors_file), editorial.tags(tags_file)
    by_key: dict[str, dict[str, Article]] = defaultdict(dict)
    slugs: dict[tuple[str, str], Path] = {}
    for post in posts:
        by_key[post.key][post.lang.code] = post
        here = post.path

        def error(field, problem, post=post):
            errors.append(InputError(here, f"line {post.meta_line(field)}", field, problem))
        for field in REQUIRED_META:
            if not post.meta.get(field):
                error(field, "missing from the front matter")
        if post.meta.get("date") and post.date is None:
            error("date", f"expected a date like 2026-09-17, got {post.meta['date']!r}")
        for author in _as_list(post.meta.get("authors")):
            if author not in authors:
                error("authors", f"unknown author '{author}'; known: {', '.join(authors)} "
                                 f"({authors_file.name})")
        for tag in _as_list(post.meta.get("tags")):
            if editorial.tag_slug(str(tag), post.lang, tags_file) is None:
                names = ", ".join(t[post.lang.code] for t in tags.values())
                error("tags", f"unknown tag '{tag}' in {post.lang.code}; known: {names} "
                              f"({tags_file.name})")
        placeholders = [translations(post.lang).gettext(text) for text in
                        (DESCRIPTION_PLACEHOLDER, *BODY_PLACEHOLDERS)]
        if post.meta.get("description") == placeholders[0]:
            error("description", "still the new-article placeholder: write one sentence "
                                 "about the article")
        if post.title == WORKING_TITLE:
            heading = re.search(rf"^#\s+{WORKING_TITLE}", post.body, re.MULTILINE)
            line = post.body_line + post.body.count("\n", 0, heading.start())
            errors.append(InputError(here, f"line {line}", None,
                                     f"the title is still the new-article placeholder "
                                     f"'{WORKING_TITLE}'"))
        for text in placeholders[1:]:
            if text in post.body:
                line = post.body_line + post.body[:post.body.index(text)].count("\n")
                errors.append(InputError(here, f"line {line}", None,
                                         f"still the new-article placeholder '{text}'"))
        for field in ("authors", "tags"):
            if field in post.meta and not isinstance(post.meta[field], list):
                error(field, f"expected a list, e.g. {field}: [{post.meta[field]}]")
        slug = str(post.meta.get("slug") or "")
        if slug and not SLUG.match(slug):
            error("slug", f"'{slug}' must be lowercase ASCII letters, digits and hyphens")
        if slug and (post.lang.code, slug) in slugs:
            error("slug", f"'{slug}' is also used by {slugs[(post.lang.code, slug)]}")
        slugs[(post.lang.code, slug)] = here
    for key, versions in sorted(by_key.items()):
        some = next(iter(versions.values()))
        for lang in LANGUAGES:
            if lang.code not in versions:
                errors.append(InputError(some.path, None, None,
                                         f"no {lang.code} translation: expected "
                                         f"docs/{lang.code}/blog/posts/{key}.md"))
        slugs_by_lang = {code: v.meta.get("slug") for code, v in versions.items()}
        dates_by_lang = {code: v.date for code, v in versions.items()}
        for name, values in (("slug", slugs_by_lang), ("date", dates_by_lang)):
            if None in values.values() or len(set(values.values())) < 2:
                continue  # a missing value is reported above
            usual = max(set(values.values()), key=list(values.values()).count)
            for code, value in values.items():
                if value != usual:
                    post = versions[code]
                    errors.append(InputError(post.path, f"line {post.meta_line(name)}", name,
                                             f"translations must share {name} (the language "
                                             f"selector relies on it): {code} has {value}, "
                                             + ", ".join(f"{c} {v}" for c, v in values.items()
                                                         if c != code)))
        tag_sets = {code: frozenset(slug for t in _as_list(v.meta.get("tags"))
                                    if (slug := editorial.tag_slug(str(t), v.lang, tags_file)))
                    for code, v in versions.items()}
        if len(set(tag_sets.values())) > 1:
            union = frozenset().union(*tag_sets.values())
            for code, tags_here in tag_sets.items():
                if tags_here != union:
                    post = versions[code]
                    missing = ", ".join(sorted(str(t) for t in union - tags_here))
                    errors.append(InputError(post.path, f"line {post.meta_line('tags')}", "tags",
                                             f"lacks tags its translations carry: {missing} "
                                             f"(slugs in {tags_file.name})"))
    return errors


def _plain(value: float) -> str:
    """A number as an editor would type it: 5749440 -> "5,749,440", 0.99493 -> "0.9949"."""
    return f"{value:,.4f}".rstrip("0").rstrip(".")


def _as_list(value) -> list:
    return value if isinstance(value, list) else []


def check_links(posts: list[Article]) -> list[InputError]:
    """Relative Markdown links to pages (``[text](../../results/index.md)``) must name a file of
    the same language's docs folder, generated pages included (they are written by ``build``
    before MkDocs runs, so a link to a benchmark page is checked against the data instead)."""
    errors = []
    for post in posts:
        for match in MARKDOWN_LINK.finditer(post.body):
            target = (post.path.parent / match.group(1)).resolve()
            if not target.is_file():
                line = post.body_line + post.body.count("\n", 0, match.start())
                errors.append(InputError(post.path, f"line {line}", None,
                                         f"broken link '{match.group(1)}': no such page "
                                         f"({target})"))
    return errors


def outdated_translations(posts: list[Article], root: Path) -> list[str]:
    """Translations last changed before another language's version of the same article, by git
    history (uncommitted changes count as now): ``"docs/it/…md is older than docs/en/…md"``."""
    def changed_at(path: Path) -> float:
        relative = str(path.relative_to(root))
        dirty = subprocess.run(["git", "status", "--porcelain", "--", relative], cwd=root,
                               capture_output=True, text=True).stdout.strip()
        if dirty:
            return time.time()
        out = subprocess.run(["git", "log", "-1", "--format=%ct", "--", relative], cwd=root,
                             capture_output=True, text=True).stdout.strip()
        return float(out) if out else time.time()

    by_key: dict[str, list[Article]] = defaultdict(list)
    for post in posts:
        by_key[post.key].append(post)
    notes = []
    for key, versions in sorted(by_key.items()):
        dated = sorted(((changed_at(p.path), p) for p in versions), key=lambda t: t[0])
        newest_time, newest = dated[-1]
        for when, post in dated[:-1]:
            if when < newest_time:
                notes.append(f"{post.path.relative_to(root)} is older than "
                             f"{newest.path.relative_to(root)}: check the translation")
    return notes


def check_claims(registry: Registry, posts: list[Article], data: Dataset,
                 claims_file: Path) -> list[InputError]:
    """Claim references point at known claims; every derivation resolves and agrees with the
    stated value within its tolerance (a ``disputed`` claim must disagree)."""
    errors = []
    records = list(data.records)
    used_at: dict[str, tuple[Path, int]] = {}
    for post in posts:
        for bad in post.malformed_references():
            errors.append(InputError(post.path, f"line {bad.line}", None,
                                     f"malformed claim reference '{bad.claim_id}': write "
                                     "[[claim:ID]] with an id of lowercase letters, digits, "
                                     "dots and hyphens"))
        for ref in post.claim_references():
            if not ref.claim_id:
                errors.append(InputError(post.path, f"line {ref.line}", None,
                                         "empty claim reference [[claim:]]: name a claim id"))
            elif ref.claim_id not in registry.claims:
                errors.append(InputError(post.path, f"line {ref.line}", None,
                                         f"unknown claim '{ref.claim_id}': add it to "
                                         f"data/claims.yaml or fix the id"))
            used_at.setdefault(ref.claim_id, (post.path, ref.line))
    lines = claim_lines(claims_file)
    for claim_id, claim in registry.claims.items():
        if claim.derivation is None:
            continue
        where = f"line {lines[claim_id]}" if claim_id in lines else None
        quoted = (f"; quoted in {used_at[claim_id][0]} line {used_at[claim_id][1]}"
                  if claim_id in used_at else "")

        def error(problem):
            errors.append(InputError(claims_file, where, None,
                                     f"claim '{claim_id}': {problem}{quoted}"))
        try:
            result = recompute(claim.derivation, records)
        except (LookupError, ValueError) as exc:
            error(f"derivation points at no single result: {exc}")
            continue
        agrees = result.agrees(claim)
        if claim.status == "disputed" and agrees:
            error(f"marked disputed, but its stated value {_plain(claim.value)} matches the "
                  f"computed {_plain(result.value)}; change its status")
        elif claim.status != "disputed" and not agrees:
            error(f"stated {_plain(claim.value)} {claim.unit}, computed "
                  f"{_plain(result.value)} from the dataset (tolerance "
                  f"{claim.derivation.tolerance:.1%}); correct the value or mark the claim "
                  "disputed")
    return errors
