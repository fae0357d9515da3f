"""Which characters are Chinese: the one definition every rule that tells Chinese text apart
reads (the style rules, the reading time, the checks of a Chinese title or image text, the
spacing of Chinese sentences on the pages and in the explorer's script).

The ranges are Unicode's blocks of Han ideographs (The Unicode Standard, chapter 18.1): CJK
Unified Ideographs Extension A (U+3400-U+4DBF), CJK Unified Ideographs (U+4E00-U+9FFF) and CJK
Compatibility Ideographs (U+F900-U+FAFF); the Yijing hexagram symbols between the first two are
not Han. Chinese punctuation is in CJK Symbols and Punctuation (U+3000-U+303F) and the
full-width forms (U+FF00-U+FFEF).
"""

from __future__ import annotations

import re

# Bodies of a regular expression's character class ("[...]"), the same in Python and JavaScript.
HAN = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
CJK_PUNCTUATION = "\u3000-\u303f\uff00-\uffef"

HAN_CHARACTER = re.compile(f"[{HAN}]")
