"""Search across word forms (stemming) for inflected languages, done when the site is built.

Material's search treats every word the reader types as a prefix (it appends ``*``), and lunr
does not stem a prefix, so ``acceleratori`` would not find a page that says only
``acceleratore``. Stemming the index in the browser makes it worse: the index then holds
``acceler`` and the unstemmed prefix ``acceleratori*`` matches nothing.

So the stemming happens here, on the search index Material writes: the Snowball stemmer of the
language (the algorithms lunr-languages ports to JavaScript) groups the words of the whole site
by stem, and each indexed section gets a ``variants`` field listing the other forms, found
anywhere on the site, of the words it contains. A reader who types any form the site uses
finds every section that uses another form of the same word. A form the site never uses is
matched only as a prefix, as before.
"""

from __future__ import annotations

import html
import re
from functools import cache
from pathlib import Path

import snowballstemmer
import yaml

from generator.errors import InputError

# A word: letters only (digits, model names and units are matched as typed).
WORD = re.compile(r"[^\W\d_]{3,}")
TAG = re.compile(r"<[^>]+>")
FIELD = "variants"
ALIASES_FILE = Path(__file__).with_name("search_aliases.yaml")
ALIAS_FIELD = "aliases"
TITLE_ALIAS_FIELD = "title_aliases"


def words(text: str) -> set[str]:
    """The lower-cased words of an index entry's HTML text (tags and entities removed)."""
    return {w.lower() for w in WORD.findall(html.unescape(TAG.sub(" ", text)))}


def add_word_forms(index: dict, stemmer: str) -> dict:
    """Add the ``variants`` field to a Material search index.

    Args:
        index: the parsed ``search/search_index.json``: ``{"config": {..., "fields": {name:
            {"boost": float}}}, "docs": [{"location", "title", "text", "tags"?}, ...]}``.
        stemmer: a Snowball algorithm name (``"italian"``, ``"english"``).

    Returns:
        the same index, where each entry has ``variants`` (space-separated words that share a
        stem with one of its words but do not occur in it), when it has any, and
        ``config.fields`` declares the field with the weight of body text.

    Raises:
        KeyError: the index lacks ``config.fields`` or ``docs`` (not a Material index).
    """
    stemmer_of_language = snowballstemmer.stemmer(stemmer)
    stem_of: dict[str, str] = {}  # each distinct word is stemmed once
    entry_words = []
    forms: dict[str, set[str]] = {}
    for entry in index["docs"]:
        found = words(
            " ".join([entry.get("title", ""), entry.get("text", ""), *entry.get("tags", [])])
        )
        entry_words.append(found)
        for word in found:
            if word not in stem_of:
                stem_of[word] = stemmer_of_language.stemWord(word)
            forms.setdefault(stem_of[word], set()).add(word)
    for entry, found in zip(index["docs"], entry_words):
        variants = set().union(*(forms[stem_of[word]] for word in found)) - found
        if variants:
            entry[FIELD] = " ".join(sorted(variants))
    index["config"]["fields"][FIELD] = {"boost": 1.0}
    return index


@cache
def aliases(path: Path = ALIASES_FILE) -> dict[str, dict[str, tuple[str, ...]]]:
    """``{language code: {name as written: (names a reader types, ...)}}`` from
    ``search_aliases.yaml``.

    Raises:
        InputError: a language that is not a mapping, or a name whose readers' names are not
            a list of texts.
    """
    raw = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    table: dict[str, dict[str, tuple[str, ...]]] = {}
    for code, names in raw.items():
        if not isinstance(names, dict):
            raise InputError(path, f"'{code}'", None, "expected a mapping of names")
        for written, typed in names.items():
            if not isinstance(typed, list) or not all(
                isinstance(t, str) and t.strip() for t in typed
            ):
                raise InputError(
                    path, f"{code}: '{written}'", None, "expected a list of names, e.g. [英伟达]"
                )
        table[str(code)] = {str(k): tuple(v) for k, v in names.items()}
    return table


def add_aliases(index: dict, names: dict[str, tuple[str, ...]]) -> dict:
    """Add the ``aliases`` field to a Material search index: each entry whose title, text or
    tags contain a written name of ``names`` (as a whole word: no letter or digit beside it,
    any case, and no apostrophe and letter after it: "dell'acceleratore" is an Italian elided
    article, not Dell) gets the names a reader types for it (``aliases``), space-separated;
    those of the names in its title also in ``title_aliases``, which weighs as the title does,
    so that the page named after a company (Dell's own) ranks as it would for the name itself.

    Args:
        index: the parsed ``search/search_index.json`` (``{"config", "docs"}``).
        names: ``{name as written: (names a reader types, ...)}`` (``aliases()[code]``).

    Returns:
        the same index, with ``config.fields`` declaring ``aliases`` with the weight of body
        text and ``title_aliases`` with that of ``title`` (Material's, 1 when none is given).
    """
    patterns = [
        (re.compile(rf"(?<![^\W_]){re.escape(written)}(?![^\W_]|['’][^\W\d_])", re.I), typed)
        for written, typed in names.items()
    ]

    def typed_for(*parts: str) -> dict[str, None]:
        text = html.unescape(TAG.sub(" ", " ".join(parts)))
        return dict.fromkeys(
            t for pattern, typed in patterns if pattern.search(text) for t in typed
        )

    for entry in index["docs"]:
        found = typed_for(entry.get("title", ""), entry.get("text", ""), *entry.get("tags", []))
        if found:
            entry[ALIAS_FIELD] = " ".join(found)
        in_title = typed_for(entry.get("title", ""))
        if in_title:
            entry[TITLE_ALIAS_FIELD] = " ".join(in_title)
    fields = index["config"]["fields"]
    fields[ALIAS_FIELD] = {"boost": 1.0}
    fields[TITLE_ALIAS_FIELD] = {"boost": fields.get("title", {}).get("boost", 1.0)}
    return index
