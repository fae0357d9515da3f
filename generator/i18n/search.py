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

import snowballstemmer

# A word: letters only (digits, model names and units are matched as typed).
WORD = re.compile(r"[^\W\d_]{3,}")
TAG = re.compile(r"<[^>]+>")
FIELD = "variants"


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
        found = words(" ".join([entry.get("title", ""), entry.get("text", ""),
                                *entry.get("tags", [])]))
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
