"""Message catalogs: gettext ``.po`` files, one per language, read with Babel.

Page text, table headings, unit names and chart titles are looked up by their English source
string (the translation key) in ``generator/i18n/locales/<code>/LC_MESSAGES/messages.po``. The catalogs
are compiled in memory when the build starts, so no compiled ``.mo`` file is committed.
``make catalogs`` re-extracts the keys from the code and templates and updates the ``.po`` files.
"""

from __future__ import annotations

import io
from functools import cache
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import NullTranslations, Translations

from generator.i18n.languages import SOURCE_LANGUAGE, Language
from generator.i18n.trademark import NAMING, mark_catalog

LOCALES_DIR = Path(__file__).with_name("locales")
DOMAIN = "messages"


def N_(text: str) -> str:
    """Mark ``text`` as a translation key without translating it here (gettext convention)."""
    return text


# Tooltips that Python-Markdown's extensions write in English (toc's heading anchor, footnotes'
# back-link, whose %d is the footnote number); generator/site/config.py sets them per language.
PERMALINK_TITLE = N_("Permanent link")
BACKLINK_TITLE = N_("Jump back to footnote %d in the text")


def catalog_path(lang: Language) -> Path:
    """Path of the ``.po`` file of ``lang``."""
    return LOCALES_DIR / lang.code / "LC_MESSAGES" / f"{DOMAIN}.po"


@cache
def translations(lang: Language) -> NullTranslations:
    """The gettext translations of ``lang`` (identity for the source language, English).

    Fuzzy entries are ignored, as gettext does, so an outdated translation falls back to English
    rather than showing a wrong text.

    Raises:
        FileNotFoundError: the catalog of a non-source language is missing.
    """
    path = catalog_path(lang)
    if lang == SOURCE_LANGUAGE and not path.exists():
        return NullTranslations()
    with path.open("rb") as handle:
        catalog = read_po(handle, locale=lang.cldr, domain=DOMAIN)
    mark_catalog(catalog)  # ® after every use of MLPerf (trademark.py)
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    buffer.seek(0)
    return Translations(buffer, domain=DOMAIN)


@cache
def naming_texts(lang: Language) -> tuple[str, ...]:
    """The texts that name the mark rather than use it (``trademark.NAMING``), in English and as
    ``lang``'s catalog translates them, longest first: what ``trademark.mark_markdown`` leaves
    as written on a page of ``lang``."""
    texts = {*NAMING, *(translations(lang).gettext(key) for key in NAMING)}
    return tuple(sorted(texts, key=len, reverse=True))
