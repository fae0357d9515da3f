"""The editorial registries: authors and tags, each defined once with names per language.

``data/authors.yaml``: ``id: {name: {en, zh, it}, description: {en, zh, it}}``.
``data/tags.yaml``: ``slug: {en: name, zh: name, it: name}``; the slug is a stable ASCII
identifier used in tag URLs, whatever the language of the name (a tag named only in Chinese
still gets a valid URL).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import yaml
from pymdownx.slugs import slugify as unicode_slugify

from generator.data import editor_yaml
from generator.data.names import SLUG
from generator.errors import InputError
from generator.i18n.languages import LANGUAGES, Language
from generator.i18n.trademark import mark
from generator.project import ROOT

# Below a project's data folder (``<root>/data``, as ``python -m generator --root`` names it);
# the defaults are this checkout's.
AUTHORS_NAME, TAGS_NAME = "authors.yaml", "tags.yaml"
AUTHORS_FILE = ROOT / "data" / AUTHORS_NAME
TAGS_FILE = ROOT / "data" / TAGS_NAME


def _load_translated(path: Path, fields: tuple[str, ...] | None) -> dict[str, dict]:
    raw = editor_yaml.read(path) if path.exists() else {}
    if not isinstance(raw, dict):
        raise InputError(path, None, None, "expected a mapping of ids")
    for key, entry in raw.items():
        if not SLUG.match(str(key)):
            raise InputError(
                path,
                f"entry '{key}'",
                None,
                "ids must be lowercase ASCII letters, digits and hyphens",
            )
        for field in fields or (None,):
            names = entry.get(field) if field else entry
            missing = [
                l.code
                for l in LANGUAGES
                if not isinstance(names, dict) or not str(names.get(l.code) or "").strip()
            ]
            if missing:
                raise InputError(
                    path,
                    f"entry '{key}'",
                    field or "names",
                    f"missing the text for {', '.join(missing)}",
                )
    return raw


@cache
def authors(path: Path = AUTHORS_FILE) -> dict[str, dict]:
    """Authors by id, each with ``name`` and ``description`` per language code.

    Raises:
        InputError: a bad id or a language missing.
        InputErrors: duplicate keys, impossible dates, malformed YAML (``editor_yaml.read``).
    """
    return _load_translated(path, ("name", "description"))


@cache
def tags(path: Path = TAGS_FILE) -> dict[str, dict[str, str]]:
    """Tags by slug, each with its display name per language code, MLPerf marked with its ®
    (``trademark.mark``: ``MLPerf`` -> ``MLPerf®``), as posts' front matter shows it
    (``trademark.mark_front_matter``); the slug, the tag's address, is never marked.

    Raises:
        InputError: a bad slug, a language missing, or one display name used by two tags in the
            same language.
    """
    table = _load_translated(path, None)
    for lang in LANGUAGES:
        seen: dict[str, str] = {}
        for slug, names in table.items():
            name = str(names[lang.code])
            if mark(name) in seen:  # the name as written, compared as shown
                raise InputError(
                    path,
                    f"entry '{slug}'",
                    lang.code,
                    f"display name '{name}' is also used by '{seen[mark(name)]}'",
                )
            seen[mark(name)] = slug
    return {
        slug: {code: mark(str(name)) for code, name in names.items()}
        for slug, names in table.items()
    }


def tag_slug(name: str, lang: Language, path: Path = TAGS_FILE) -> str | None:
    """The slug of the tag displayed as ``name`` in ``lang`` (with or without the ®), or None if
    unknown."""
    return next(
        (slug for slug, names in tags(path).items() if names[lang.code] == mark(name)), None
    )


def slugify(name: str, separator: str = "-", path: Path = TAGS_FILE) -> str:
    """Material's ``tags_slugify``: a tag's display name (in any language) -> its ASCII slug from
    ``path`` (``data/tags.yaml``); an unknown name falls back to a Unicode slug (``check``
    reports it)."""
    for names in tags(path).values():
        if mark(name) in names.values():
            return next(slug for slug, n in tags(path).items() if n is names)
    return unicode_slugify(case="lower")(name, separator)


def tag_slugifier(tags_file: str):
    """``slugify`` reading the tags file ``tags_file`` (an absolute path): what each language's
    configuration names as the tags plugin's ``tags_slugify`` (``site.config``), so that a
    project built with ``--root`` gets the slugs of its own ``data/tags.yaml``."""
    path = Path(tags_file)
    return lambda name, separator="-": slugify(name, separator, path)


def authors_file(lang: Language, path: Path = AUTHORS_FILE) -> str:
    """Material's ``.authors.yml`` for ``lang`` (YAML text) from the authors file ``path``, with
    a local avatar (a path from the site root, which Material's ``url`` filter resolves for
    every page depth)."""
    entries = {
        key: {
            "name": a["name"][lang.code],
            "description": mark(a["description"][lang.code]),  # trademark.py
            "avatar": "assets/images/author.svg",
        }
        for key, a in authors(path).items()
    }
    return yaml.safe_dump({"authors": entries}, allow_unicode=True, sort_keys=True)
