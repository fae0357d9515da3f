"""What ``check`` asks of articles: front matter, authors and tags, slugs, and the three languages of one article agreeing (same claims, no bare figure, a translated title)."""

from __future__ import annotations

import datetime as dt
import re
from collections import defaultdict
from pathlib import Path

from generator.data.editor_yaml import DATE_HINT
from generator.data.names import SLUG
from generator.editorial import registries as editorial
from generator.editorial.articles import CLAIM_REFERENCE, Article
from generator.editorial.scaffold import (
    BODY_PLACEHOLDERS,
    DESCRIPTION_PLACEHOLDER,
    WORKING_TITLE,
)
from generator.errors import InputError
from generator.i18n.catalogs import translations
from generator.i18n.han import HAN_CHARACTER
from generator.i18n.languages import LANGUAGES

REQUIRED_META = ("date", "authors", "tags", "slug", "description")


MORE_MARK = "<!-- more -->"
MORE = re.compile(r"^\s*<!--\s*more\s*-->\s*$", re.MULTILINE)
CODE_BLOCK = re.compile(r"^(?:```|~~~).*?^(?:```|~~~)[^\n]*$", re.DOTALL | re.MULTILINE)


def mask_code(markdown: str) -> str:
    """``markdown`` with fenced code blanked (newlines kept)."""
    return CODE_BLOCK.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), markdown)


def latest_today() -> dt.date:
    """Today's date where it is latest (UTC+14): a post dated today anywhere is not in the
    future."""
    return (dt.datetime.now(dt.timezone.utc) + dt.timedelta(hours=14)).date()


def check_articles(posts: list[Article], authors_file: Path, tags_file: Path) -> list[InputError]:
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
            error("date", f"{post.meta['date']!r} is not a date: {DATE_HINT}")
        elif post.date is not None and post.date > latest_today():
            error(
                "date",
                f"{post.date.isoformat()} is in the future: the site is built when a "
                "change is merged, so the post would be published now, dated ahead, "
                "and lead the blog index, the home page and the feed until then; "
                "date it the day it is merged",
            )
        for author in _as_list(post.meta.get("authors")):
            if author not in authors:
                error(
                    "authors",
                    f"unknown author '{author}'; known: {', '.join(authors)} ({authors_file.name})",
                )
        for tag in _as_list(post.meta.get("tags")):
            if editorial.tag_slug(str(tag), post.lang, tags_file) is None:
                names = ", ".join(t[post.lang.code] for t in tags.values())
                error(
                    "tags",
                    f"unknown tag '{tag}' in {post.lang.code}; known: {names} ({tags_file.name})",
                )
        placeholders = [
            translations(post.lang).gettext(text)
            for text in (DESCRIPTION_PLACEHOLDER, *BODY_PLACEHOLDERS)
        ]
        if post.meta.get("description") == placeholders[0]:
            error(
                "description",
                "still the new-article placeholder: write one sentence about the article",
            )
        for field in ("title", "description"):
            if CLAIM_REFERENCE.search(str(post.meta.get(field) or "")):
                error(
                    field,
                    "a claim reference ([[claim:ID]]) is drawn in the article's text only: "
                    "the front matter is shown as it is written (lists, feeds, search "
                    "results, social cards), where no flag can go; write the figure in the "
                    "body and describe the article without it here",
                )
        if post.title == WORKING_TITLE:
            heading = re.search(rf"^#\s+{WORKING_TITLE}", post.body, re.MULTILINE)
            line = post.body_line + post.body.count("\n", 0, heading.start())
            errors.append(
                InputError(
                    here,
                    f"line {line}",
                    None,
                    f"the title is still the new-article placeholder '{WORKING_TITLE}'",
                )
            )
        if post.meta and not re.search(r"\w", post.title):
            heading = re.search(r"^#\s+.*$", post.body, re.MULTILINE)
            line = (
                post.body_line + post.body.count("\n", 0, heading.start())
                if heading
                else post.meta_line("title")
            )
            errors.append(
                InputError(
                    here,
                    f"line {line}",
                    "title",
                    f"'{post.title}' has no letters or digits: write the "
                    "title in words (a title of symbols or emoji alone says "
                    "nothing, and its social card draws empty boxes)",
                )
            )
        for text in placeholders[1:]:
            if text in post.body:
                line = post.body_line + post.body[: post.body.index(text)].count("\n")
                errors.append(
                    InputError(
                        here, f"line {line}", None, f"still the new-article placeholder '{text}'"
                    )
                )
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
                errors.append(
                    InputError(
                        some.path,
                        None,
                        None,
                        f"no {lang.code} translation: expected "
                        f"docs/{lang.code}/blog/posts/{key}.md",
                    )
                )
        slugs_by_lang = {code: v.meta.get("slug") for code, v in versions.items()}
        dates_by_lang = {code: v.date for code, v in versions.items()}
        for name, values in (("slug", slugs_by_lang), ("date", dates_by_lang)):
            if None in values.values() or len(set(values.values())) < 2:
                continue  # a missing value is reported above
            usual = max(set(values.values()), key=list(values.values()).count)
            for code, value in values.items():
                if value != usual:
                    post = versions[code]
                    errors.append(
                        InputError(
                            post.path,
                            f"line {post.meta_line(name)}",
                            name,
                            f"translations must share {name} (the language "
                            f"selector relies on it): {code} has {value}, "
                            + ", ".join(f"{c} {v}" for c, v in values.items() if c != code),
                        )
                    )
        tag_sets = {
            code: frozenset(
                slug
                for t in _as_list(v.meta.get("tags"))
                if (slug := editorial.tag_slug(str(t), v.lang, tags_file))
            )
            for code, v in versions.items()
        }
        if len(set(tag_sets.values())) > 1:
            union = frozenset().union(*tag_sets.values())
            for code, tags_here in tag_sets.items():
                if tags_here != union:
                    post = versions[code]
                    missing = ", ".join(sorted(str(t) for t in union - tags_here))
                    errors.append(
                        InputError(
                            post.path,
                            f"line {post.meta_line('tags')}",
                            "tags",
                            f"lacks tags its translations carry: {missing} "
                            f"(slugs in {tags_file.name})",
                        )
                    )
    return errors


def _as_list(value) -> list:
    return value if isinstance(value, list) else []


def check_languages(posts: list[Article], known: set[str] | None = None) -> list[InputError]:
    """The language versions of each article agree:

    * every version quotes the same set of claims (a figure written as a bare number in one
      language, or dropped from it, shows up here); the odd one out is told to change: a claim
      most versions quote is missing from the others, a claim only a minority quotes is
      theirs to replace. An article quoting an id not in ``known`` (the registry) is compared
      once the id is fixed: the unknown id is the mistake to report;
    * no bare figure: every number of the prose is a claim reference, part of a name, or
      marked ``[[plain:...]]`` (``Article.bare_figures``);
    * the title is translated: the zh title contains Chinese characters, and neither the zh
      nor the it title is the English one.
    """
    errors = []
    by_key: dict[str, dict[str, Article]] = defaultdict(dict)
    for post in posts:
        by_key[post.key][post.lang.code] = post
        for bare in post.bare_figures():
            errors.append(
                InputError(
                    post.path,
                    f"line {bare.line}",
                    None,
                    f"bare figure '{bare.claim_id}': quote it as "
                    "[[claim:ID]], or write [[plain:" + bare.claim_id + "]] "
                    "if it is not a figure (a version, a year)",
                )
            )
    for key, versions in sorted(by_key.items()):
        quoted = {
            code: {r.claim_id: r.line for r in v.claim_references() if r.claim_id}
            for code, v in versions.items()
        }
        if known is not None and any(set(refs) - known for refs in quoted.values()):
            continue  # a misspelt id is reported as such; comparing languages waits for it
        for claim_id in sorted(set().union(*quoted.values())):
            having = [code for code, refs in quoted.items() if claim_id in refs]
            lacking = [code for code in versions if code not in having]
            if not lacking:
                continue
            if 2 * len(having) > len(versions):  # the others quote it: the odd ones lack it
                elsewhere = ", ".join(
                    f"{versions[o].path} line {quoted[o][claim_id]}" for o in having
                )
                for code in lacking:
                    errors.append(
                        InputError(
                            versions[code].path,
                            None,
                            None,
                            f"does not quote claim '{claim_id}', which its translations quote "
                            f"({elsewhere}): the languages of an article quote the same claims; "
                            f"a figure written as a bare number here must become [[claim:"
                            f"{claim_id}]]",
                        )
                    )
            else:  # the odd ones out quote a claim their translations do not
                others = ", ".join(str(versions[o].path) for o in lacking)
                for code in having:
                    errors.append(
                        InputError(
                            versions[code].path,
                            f"line {quoted[code][claim_id]}",
                            None,
                            f"quotes claim '{claim_id}', which its translations do not ({others}): "
                            "the languages of an article quote the same claims; quote the claim "
                            "they quote here, or add this one to them",
                        )
                    )
        excerpt = {code: MORE.search(mask_code(v.body)) for code, v in versions.items()}
        if any(excerpt.values()):
            having = ", ".join(
                f"{versions[c].path} line "
                f"{versions[c].body_line + versions[c].body.count(chr(10), 0, m.start())}"
                for c, m in excerpt.items()
                if m
            )
            for code, found in excerpt.items():
                if not found:
                    errors.append(
                        InputError(
                            versions[code].path,
                            None,
                            None,
                            f"no {MORE_MARK} while its translations have one ({having}): the blog "
                            "index would show this version whole; put it after the introduction",
                        )
                    )
        english = versions.get("en")
        for code, post in versions.items():
            if code == "en" or not post.meta:
                continue
            heading = re.search(r"^#\s+.*$", post.body, re.MULTILINE)
            line = (
                post.body_line + post.body.count("\n", 0, heading.start())
                if heading
                else post.meta_line("title")
            )
            if code == "zh" and not HAN_CHARACTER.search(post.title):
                errors.append(
                    InputError(
                        post.path,
                        f"line {line}",
                        "title",
                        f"'{post.title}' has no Chinese: translate the title",
                    )
                )
            elif english is not None and post.title == english.title:
                errors.append(
                    InputError(
                        post.path,
                        f"line {line}",
                        "title",
                        f"'{post.title}' is the English title: translate it",
                    )
                )
    return errors
