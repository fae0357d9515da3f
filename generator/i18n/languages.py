"""The site's languages: each is a folder of ``docs/``, a message catalog and a CLDR locale."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Language:
    """One language of the site.

    Attributes:
        code: folder and URL prefix, and the catalog's name (``"zh"``); also Material's
            ``theme.language`` and the search plugin's ``lang``.
        cldr: CLDR locale identifier used by Babel for numbers and dates (``"zh_Hans_CN"``).
        vega: d3-format / d3-time-format locale name for Vega charts (``"zh-CN"``).
        name: the language's own name, for the language selector (``"中文"``).
        sentence_gap: what separates two sentences: a space, or nothing in Chinese, whose full
            stop already carries the gap.
        stemmer: the Snowball stemmer that relates word forms in search (``"italian"``), or
            None where words do not inflect (Chinese).
    """

    code: str
    cldr: str
    vega: str
    name: str
    sentence_gap: str = " "
    stemmer: str | None = None


LANGUAGES: tuple[Language, ...] = (
    Language("en", "en_US", "en-US", "English", stemmer="english"),
    Language("zh", "zh_Hans_CN", "zh-CN", "中文", sentence_gap=""),
    Language("it", "it_IT", "it-IT", "Italiano", stemmer="italian"),
)
SOURCE_LANGUAGE = LANGUAGES[0]


def language(code: str) -> Language:
    """The :class:`Language` whose ``code`` is ``code``.

    Raises:
        KeyError: naming the known codes.
    """
    for lang in LANGUAGES:
        if lang.code == code:
            return lang
    raise KeyError(f"unknown language {code!r}; known: {', '.join(l.code for l in LANGUAGES)}")
