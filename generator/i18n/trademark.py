"""The notice symbol of the MLPerf mark, as MLCommons' results messaging guidelines ask.

``mlcommons/policies``, ``MLPerf_Results_Messaging_Guidelines.adoc``, "Notice Symbol": "You
must include the ® next to all uses of the MLPerf name." -- every use, not only the first of a
page. Two texts *name* the mark rather than use it and are left as written: the guidelines'
own attribution legend, quoted as they give it ("The MLPerf name and logo are registered and
unregistered trademarks ..."), and this site's advice on how to write the name. A name that
only contains the word (a file name such as ``MLPerf_Results_...``) is no use of the mark.

``mark`` is applied to every message of the catalogs when they are read
(``catalogs.translations``), so every page, chart and script label of every language gets the
symbol through one code path; articles get it where they are rendered
(``verification.render_article``).
"""

from __future__ import annotations

import re

# A use of the name: the word MLPerf, not part of a longer name, not already marked.
USE = re.compile(r"(?<![\w/.-])MLPerf(?![\w®/-]|\.\w)")
# Catalog keys that name the mark instead of using it (their translations are left alone).
NAMING = ("The MLPerf name and logo are registered and unregistered trademarks",
          "Put the registered mark after the name MLPerf")


def mark(text: str, key: str | None = None) -> str:
    """``text`` with ® after every use of MLPerf (``"MLPerf Inference"`` -> ``"MLPerf®
    Inference"``); unchanged when ``key``, its catalog key, is one of ``NAMING``."""
    if key is not None and key.startswith(NAMING):
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


# What Markdown shows as written: fenced code, code spans, HTML comments, link targets.
VERBATIM = re.compile(r"```.*?```|~~~.*?~~~|`[^`\n]*`|<!--.*?-->|\]\([^)\s]*", re.DOTALL)


def mark_markdown(text: str) -> str:
    """An article's Markdown with ® after every use of MLPerf in its prose (``mark``), code,
    comments and link targets left as written."""
    pieces, end = [], 0
    for found in VERBATIM.finditer(text):
        pieces += [mark(text[end:found.start()]), found.group()]
        end = found.end()
    return "".join(pieces) + mark(text[end:])
