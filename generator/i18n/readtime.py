"""Reading time per language.

Material's blog counts words separated by spaces; Chinese has none, so a long Chinese post
would read as one minute. Here Chinese is counted in characters and other text in words, at the
silent-reading rates of Brysbaert (2019), "How many words do we read per minute?", Journal of
Memory and Language 109: non-fiction English 238 words/min, Italian 285 words/min, Chinese
255 characters/min.
"""

from __future__ import annotations

import math
import re

from generator.i18n.han import HAN_CHARACTER
from generator.i18n.languages import Language

WORDS_PER_MINUTE = {"en": 238, "it": 285}
HAN_PER_MINUTE = 255
WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*|\d+(?:[.,]\d+)*", re.UNICODE)
MARKUP = re.compile(
    r"^---\n.*?\n---\n|<[^>]+>|\[\[claim:[^\]]*\]\]|\[\[plain:|[#*_`>|\[\]()!-]", re.DOTALL
)


def reading_minutes(markdown: str, lang: Language) -> int:
    """Minutes to read ``markdown`` (front matter and markup ignored), at least 1.

    Han characters count at 255 a minute; the remaining words at the language's rate
    (Brysbaert 2019), so an English or Italian phrase inside a Chinese post counts too.
    """
    text = MARKUP.sub(" ", markdown)
    han = len(HAN_CHARACTER.findall(text))
    words = len(WORD.findall(HAN_CHARACTER.sub(" ", text)))
    minutes = han / HAN_PER_MINUTE + words / WORDS_PER_MINUTE.get(lang.code, 238)
    return max(1, math.ceil(minutes))


FRONT_MATTER_END = re.compile(r"\A(---\s*\n.*?\n)(---\s*\n)", re.DOTALL)
READTIME_LINE = re.compile(r"^readtime:.*\n", re.MULTILINE)


def with_reading_time(text: str, lang: Language) -> str:
    """A post's file ``text`` with ``readtime: <minutes>`` in its front matter (Material's blog
    shows that value instead of counting words itself, which fails for Chinese), replacing the
    key's previous value; the rest of the file is unchanged. Text without front matter is
    returned as it is (``check`` reports it)."""
    found = FRONT_MATTER_END.match(text)
    if not found:
        return text
    head = READTIME_LINE.sub("", found.group(1))
    return f"{head}readtime: {reading_minutes(text, lang)}\n{found.group(2)}" + text[found.end() :]
