"""What of an article's Markdown source is prose to read: the inside of HTML comments is not.

Every stage that reads article prose (the language style of ``i18n.style``, the articles and
their checks) masks comments with the one rule here.
"""

from __future__ import annotations

import re

HTML_COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)


def mask_comments(markdown: str) -> str:
    """``markdown`` with the inside of HTML comments blanked (newlines kept, so line numbers and
    offsets still match): guidance in comments may mention ``[[claim:ID]]`` freely."""
    return HTML_COMMENT.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), markdown)
