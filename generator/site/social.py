"""Social cards (the image a link preview shows) in every language, with local fonts only.

Material's social plugin draws each page's card with Pillow in the font family it is given,
and downloads that family from Google Fonts into its cache the first time. Its default
families have no Chinese glyphs, and the build must fetch nothing. So before the plugin runs,
this module puts Noto Sans CJK SC -- which covers Chinese, Latin and Italian text -- into the
plugin's font cache, taken from the machine's own fonts (Debian/Ubuntu: ``fonts-noto-cjk``):
the plugin then finds the family and never downloads it.

Noto Sans CJK ships as font collections (``.ttc``) whose first face is the Japanese one; Pillow
would draw Chinese text with Japanese glyph shapes, so the Simplified Chinese face is extracted
(fontTools) into its own file.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import importlib.util
import io
import os
import re
from pathlib import Path

from fontTools.ttLib import TTCollection

from generator.files import write_bytes_atomic
from generator.i18n.trademark import mark

FAMILY = "Noto Sans CJK SC"
# The styles the plugin's default card layout uses, and the collection file of each.
COLLECTIONS = {"Regular": "NotoSansCJK-Regular.ttc", "Bold": "NotoSansCJK-Bold.ttc"}
# Full-width punctuation, after which Chinese text may break a line.
BREAK_AFTER = re.compile(r"([：，；。、！？])(?=\S)")
# MLCommons' submitter names write spaces as underscores (Quanta_Cloud_Technology).
UNDERSCORE = re.compile(r"(?<=[^\W_])_(?=[^\W_])")
FONT_DIRS = ("/usr/share/fonts", "/usr/local/share/fonts", "~/.local/share/fonts", "~/.fonts",
             "/Library/Fonts", "~/Library/Fonts", "/System/Library/Fonts")


class CardsUnavailable(Exception):
    """Cards cannot be drawn on this machine; the message says what to install."""


def find_collection(name: str, font_dirs: tuple[str, ...] = FONT_DIRS) -> Path | None:
    """The first file called ``name`` under the font folders, or None."""
    for folder in font_dirs:
        root = Path(folder).expanduser()
        if root.is_dir():
            for path in sorted(root.rglob(name)):
                return path
    return None


def extract_face(collection: Path, family: str = FAMILY) -> bytes:
    """The face of ``family`` in a font collection, as a standalone OpenType font.

    Raises:
        CardsUnavailable: the collection has no face of that family.
    """
    for font in TTCollection(str(collection), lazy=True).fonts:
        if font["name"].getDebugName(1) == family:
            out = io.BytesIO()
            font.save(out)
            return out.getvalue()
    raise CardsUnavailable(f"{collection} has no {family!r} face")


def prepare_fonts(cache_dir: Path, font_dirs: tuple[str, ...] = FONT_DIRS) -> Path:
    """Put ``FAMILY`` into the social plugin's font cache, ``<cache_dir>/fonts/<FAMILY>/
    <style>.otf`` for each style of ``COLLECTIONS``; files already there are kept.

    Args:
        cache_dir: the plugin's ``cache_dir``.
        font_dirs: folders searched, recursively, for the Noto Sans CJK collections.

    Returns:
        the family's folder.

    Raises:
        CardsUnavailable: a collection is missing (naming the package that installs it), or
            the Cairo library the plugin needs to draw icons cannot be loaded.
    """
    error = cairo_missing()
    if error:
        raise CardsUnavailable(f"the Cairo library cannot be loaded ({error}); install it "
                               "(Debian/Ubuntu: apt-get install libcairo2)")
    folder = Path(cache_dir) / "fonts" / FAMILY
    for style, name in COLLECTIONS.items():
        target = folder / f"{style}.otf"
        if target.is_file():
            continue
        collection = find_collection(name, font_dirs)
        if collection is None:
            raise CardsUnavailable(f"{name} is not installed (Debian/Ubuntu: apt-get install "
                                   "fonts-noto-cjk)")
        write_bytes_atomic(target, extract_face(collection))
    return folder


# The names and then the file names cairocffi loads the library by (cairocffi/__init__.py).
CAIRO_NAMES = ("cairo-2", "cairo", "libcairo-2")
CAIRO_FILES = ("libcairo.so.2", "libcairo.2.dylib", "libcairo-2.dll")


def cairo_missing() -> str | None:
    """Why the plugin could not draw with Cairo, or None when it can: the ``cairosvg`` package
    is installed and the Cairo library loads, looked up as cairocffi looks it up. Importing
    cairosvg to learn this parsed cairocffi's C declarations (0.3 s of CPU at every
    generation); loading the library with ctypes tells the same."""
    if importlib.util.find_spec("cairosvg") is None:
        return "No module named 'cairosvg'"
    found = [path for path in map(ctypes.util.find_library, CAIRO_NAMES) if path]
    errors = []
    for filename in (*reversed(found), *CAIRO_FILES):
        try:
            ctypes.CDLL(filename)
            return None
        except OSError as error:
            errors.append(str(error))
    return "; ".join(errors)


def cache_dir(root: Path, code: str) -> Path:
    """The social plugin's cache of one language build: its own folder, because the languages
    build in parallel and the plugin rewrites its manifest there."""
    return Path(root) / ".cache" / "plugin" / "social" / code


def enabled_by_environment() -> bool:
    """False when ``SOCIAL_CARDS=0`` asks for a build without cards (faster previews)."""
    return os.environ.get("SOCIAL_CARDS", "1") != "0"


# What the build log says when cards are not drawn (``site.build``).
SKIPPED = "social cards are not drawn"


def skip_record(root: Path, code: str) -> Path:
    """The file where the last build of language ``code`` recorded why it drew no cards
    (``.cache/social-cards-skipped.<code>.txt``; absent when it drew them): tests read it to
    skip card checks with the build's own reason."""
    return Path(root) / ".cache" / f"social-cards-skipped.{code}.txt"


def record_skip(root: Path, code: str, reason: str | None) -> None:
    """Write ``reason`` to ``skip_record`` (cards skipped), or remove it (``None``: drawn)."""
    path = skip_record(root, code)
    if reason is None:
        path.unlink(missing_ok=True)
    else:
        write_bytes_atomic(path, reason.encode("utf-8"))


def skipped_reason(root: Path, code: str) -> str | None:
    """Why the last build of ``code`` drew no cards, or None when it drew them."""
    path = skip_record(root, code)
    return path.read_text(encoding="utf-8") if path.is_file() else None


def plugin_options(root: Path, code: str) -> tuple[dict, str | None]:
    """The social plugin's options for the build of language ``code`` (written into its
    ``mkdocs.<code>.yml``): the cache folder holding the prepared local fonts, or the plugin
    switched off when ``SOCIAL_CARDS=0`` or the fonts or Cairo are missing. The reason is
    recorded (``record_skip``) for the build's log and the tests.

    Returns:
        the options, and why no cards are drawn (None when they are).
    """
    reason = None
    folder = cache_dir(root, code)
    if not enabled_by_environment():
        reason = "SOCIAL_CARDS=0 asks for a build without them (site/ will have no cards)"
    else:
        try:
            prepare_fonts(folder)
        except CardsUnavailable as unavailable:
            reason = str(unavailable)
    record_skip(root, code, reason)
    if reason is not None:
        return {"enabled": False}, reason
    return {"cache_dir": str(folder.relative_to(root))}, None


def card_text(text: str) -> str:
    """A card's title as the card should wrap it. The plugin breaks lines only
    at spaces, and Chinese puts none between words, so a long Chinese title ran off the card.
    A space after each full-width punctuation mark lets it break there, where the mark's own
    blank half already separates the phrases: ``"纪录集群：谁创造的"`` -> ``"纪录集群： 谁创造的"``.
    Likewise an underscore between two words becomes a space on the card:
    ``"Quanta_Cloud_Technology"`` is too wide for one line and reads as three words.
    MLPerf carries its ® (``trademark.mark``): the plugin draws a post's card before the page
    is rendered, from the heading as written."""
    return UNDERSCORE.sub(" ", BREAK_AFTER.sub(r"\1 ", mark(text)))
