"""The notice symbol of the MLPerf mark, as MLCommons' results messaging guidelines ask.

``mlcommons/policies``, ``MLPerf_Results_Messaging_Guidelines.adoc``, "Notice Symbol": "You
must include the ® next to all uses of the MLPerf name." -- every use, not only the first of a
page. Two texts *name* the mark rather than use it and are left as written: the guidelines'
own attribution legend, quoted as they give it ("The MLPerf name and logo are registered and
unregistered trademarks ..."), and this site's advice on how to write the name. A name that
only contains the word (a file name such as ``MLPerf_Results_...``) is no use of the mark, nor
is the site's own name, ``SITE_NAME`` (``site_name`` of ``mkdocs.yml``), written as it is
everywhere (page titles, feeds, authors' names).

``mark`` is applied to every message of the catalogs when they are read
(``catalogs.translations``), so every page, chart and script label of every language gets the
symbol through one code path; articles get it where they are rendered
(``claim_markdown``).
"""

from __future__ import annotations

import re
from functools import cache

SITE_NAME = "MLPerf Wiki"
# A use of the name: the word MLPerf, not part of a longer name, not already marked (by the
# symbol itself, or as a page's script data or HTML writes it: \u00ae, &reg;, &#174;).
USE = re.compile(r"(?<![\w/.-])MLPerf(?![\w®/-]|\.\w| Wiki\b|\\u00[aA][eE]|&reg;|&#174;)")
# Catalog keys that name the mark instead of using it (their translations are left alone):
# the guidelines' legend (``guidelines.LEGEND``) and the How to cite page's advice.
NAMING = (
    "The MLPerf name and logo are registered and unregistered trademarks of MLCommons "
    "Association in the United States and other countries. All rights reserved. "
    "Unauthorized use strictly prohibited. See www.mlcommons.org for more information.",
    "Put the registered mark after the name MLPerf and never translate or shorten the name.",
)


def mark(text: str, key: str | None = None) -> str:
    """``text`` with ® after every use of MLPerf (``"MLPerf Inference"`` -> ``"MLPerf®
    Inference"``); unchanged when ``key``, its catalog key, is one of ``NAMING``."""
    if key in NAMING:
        return text
    return USE.sub("MLPerf®", text)


def mark_catalog(catalog) -> None:
    """Mark every message of a Babel ``catalog`` in place (``mark``); a message without a
    translation gets its marked key as translation, as gettext would show the key."""
    for message in catalog:
        if not message.id:
            continue
        key = message.id if isinstance(message.id, str) else message.id[0]
        if isinstance(message.id, str):
            text = message.string or message.id
            if USE.search(text):
                message.string = mark(text, key)
        else:
            strings = message.string or ("",) * len(message.id)
            texts = [s or message.id[min(i, 1)] for i, s in enumerate(strings)]
            if any(USE.search(t) for t in texts):
                message.string = tuple(mark(t, key) for t in texts)


# What Markdown shows as written: fenced code, code spans, HTML comments, link targets; and an
# HTML tag with its attributes (a generated page's script data, already marked where it was
# made, with its own escapes).
VERBATIM = re.compile(
    r"```.*?```|~~~.*?~~~|`[^`\n]*`|<!--.*?-->|\]\([^)\s]*|<[a-zA-Z][^>]*>", re.DOTALL
)


@cache
def _verbatim(keep: tuple[str, ...]) -> re.Pattern:
    return re.compile("|".join([VERBATIM.pattern, *map(re.escape, keep)]), re.DOTALL)


def mark_markdown(text: str, keep: tuple[str, ...] = NAMING) -> str:
    """An article's Markdown with ® after every use of MLPerf in its prose (``mark``); code,
    comments, link targets, HTML tags and the texts ``keep`` (those that name the mark, as the
    page's language writes them: ``catalogs.naming_texts``) left as written."""
    verbatim = _verbatim(keep)
    pieces, end = [], 0
    for found in verbatim.finditer(text):
        pieces += [mark(text[end : found.start()]), found.group()]
        end = found.end()
    return "".join(pieces) + mark(text[end:])


# Front matter keys whose values a reader sees (page title, meta and link-preview description,
# feed item, tag names); the others (slug, date, authors...) are identifiers, left as written.
SHOWN_KEYS = ("title", "description", "tags")
KEY = re.compile(r"^(\w+)\s*:")


def mark_front_matter(front_matter: str) -> str:
    """A post's front matter (the YAML text between its ``---`` lines) with ``mark`` applied to
    the values of ``SHOWN_KEYS``, lines and line count kept as written: ``description: Four
    MLPerf Inference rounds`` -> ``description: Four MLPerf® Inference rounds``, ``tags: [MLPerf,
    AMD]`` -> ``tags: [MLPerf®, AMD]``. A value continued on the next lines (a folded text, a
    list) is marked too; ``slug: mlperf-v6-1`` never changes."""
    lines, key = [], None
    for line in front_matter.splitlines(keepends=True):
        found = KEY.match(line)
        key = found.group(1) if found else key
        if key in SHOWN_KEYS:
            start = found.end() if found else 0
            line = line[:start] + mark(line[start:])
        lines.append(line)
    return "".join(lines)


POST_FRONT_MATTER = re.compile(r"\A(---\s*\n)(.*?\n)(?=---\s*\n)", re.DOTALL)


def mark_post(text: str) -> str:
    """A post file's ``text`` with its front matter marked (``mark_front_matter``) and its body
    as written (the body is marked where it is rendered); text without front matter unchanged."""
    return POST_FRONT_MATTER.sub(
        lambda m: m.group(1) + mark_front_matter(m.group(2)), text, count=1
    )
