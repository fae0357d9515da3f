"""``python -m generator new-article``: one new post in every language, ready to edit."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from generator.data.names import SLUG
from generator.editorial import registries as editorial
from generator.editorial.articles import POSTS
from generator.editorial.scaffold import BODY_PLACEHOLDERS, DESCRIPTION_PLACEHOLDER
from generator.errors import InputError
from generator.files import write_text_atomic
from generator.i18n.languages import LANGUAGES
from generator.pages.filters import environment


def new_article(
    docs_dir: Path, slug: str, title: str, date: dt.date, author: str, tags: list[str]
) -> list[Path]:
    """Create ``docs/<code>/blog/posts/<slug>.md`` for every language from
    ``templates/new_article.md.j2`` (front matter, inline guidance in the language).

    Args:
        slug: the file name and URL slug, shared by the translations (lowercase ASCII).
        title: the working title (the same in every language until translated).
        date: the publication date.
        author: an author id of ``data/authors.yaml``.
        tags: tag slugs of ``data/tags.yaml``; each language gets its display names.

    Raises:
        InputError: an invalid slug, an unknown author or tag, or an existing article.
    """
    if not SLUG.match(slug):
        raise InputError(
            "new-article",
            None,
            "slug",
            f"'{slug}' must be lowercase ASCII letters, digits and hyphens",
        )
    # The registries of the project whose docs folder this is (``--root``).
    authors_path = docs_dir.parent / "data" / editorial.AUTHORS_NAME
    tags_path = docs_dir.parent / "data" / editorial.TAGS_NAME
    known_authors, known_tags = editorial.authors(authors_path), editorial.tags(tags_path)
    if author not in known_authors:
        raise InputError(
            authors_path,
            None,
            "authors",
            f"unknown author '{author}'; known: {', '.join(known_authors)}",
        )
    unknown = [t for t in tags if t not in known_tags]
    if unknown:
        raise InputError(
            tags_path,
            None,
            "tags",
            f"unknown tag slug(s) {unknown}; known: {', '.join(known_tags)}",
        )
    paths = [docs_dir / lang.code / POSTS / f"{slug}.md" for lang in LANGUAGES]
    existing = [p for p in paths if p.exists()]
    if existing:
        raise InputError(existing[0], None, None, "already exists; choose another slug")
    for lang, path in zip(LANGUAGES, paths):
        names = [known_tags[t][lang.code] for t in tags]
        write_text_atomic(
            path,
            environment(lang)
            .get_template("new_article.md.j2")
            .render(
                date=date.isoformat(),
                author=author,
                tags=names,
                slug=slug,
                title=title,
                description=DESCRIPTION_PLACEHOLDER,
                body=BODY_PLACEHOLDERS,
            ),
        )
    return paths
