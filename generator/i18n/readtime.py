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

from generator.i18n.languages import Language

WORDS_PER_MINUTE = {"en": 238, "it": 285}
HAN_PER_MINUTE = 255
HAN = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*|\d+(?:[.,]\d+)*", re.UNICODE)
MARKUP = re.compile(r"^---\n.*?\n---\n|<[^>]+>|\[\[claim:[^\]]*\]\]|\[\[plain:|[#*_`>|\[\]()!-]",
                    re.DOTALL)


def reading_minutes(markdown: str, lang: Language) -> int:
    """Minutes to read ``markdown`` (front matter and markup ignored), at least 1.

    Han characters count at 255 a minute; the remaining words at the language's rate
    (Brysbaert 2019), so an English or Italian phrase inside a Chinese post counts too.
    """
    text = MARKUP.sub(" ", markdown)
    han = len(HAN.findall(text))
    words = len(WORD.findall(HAN.sub(" ", text)))
    minutes = han / HAN_PER_MINUTE + words / WORDS_PER_MINUTE.get(lang.code, 238)
    return max(1, math.ceil(minutes))
