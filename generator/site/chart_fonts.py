"""The fonts vl-convert measures chart text with: the ones a chart's width depends on, no others.

Vega lays a chart out by the width of its texts, which vl-convert measures with the fonts its
font database holds (its bundled Liberation Sans, Vega's ``sans-serif``, and every system
font). A system font is read from its file at each use: every glyph of every measured text
opened and mapped the system's copy of Liberation Sans again, about 175 file openings per
label, half of each chart's drawing. The drawing processes are therefore given a fontconfig
file (``FONTCONFIG_FILE``, which vl-convert's font database reads in place of
``/etc/fonts/fonts.conf``) naming one folder that links only the Chinese collection Chinese
labels are measured with (``social.COLLECTIONS``, Noto Sans CJK); Latin text is then measured
with the bundled Liberation Sans, held in memory. Both measure every glyph as before: each chart
of the site is drawn byte for byte as with all the system fonts (tests/test_chart_fonts.py).
On a machine without the collection, the drawing processes keep all the system fonts.
"""

from __future__ import annotations

import os
from pathlib import Path
from xml.sax.saxutils import escape

from generator.files import write_text_atomic
from generator.site import social

CONFIG = "fonts.conf"


def font_config(folder: Path, font_dirs: tuple[str, ...] = social.FONT_DIRS) -> Path | None:
    """Write ``folder/fonts.conf``, a fontconfig file whose one font folder, ``folder/fonts/``,
    links the Noto Sans CJK regular collection found under ``font_dirs``.

    Returns:
        the file's path, or None when no collection is installed (nothing is written).
    """
    collection = social.find_collection(social.COLLECTIONS["Regular"], font_dirs)
    if collection is None:
        return None
    fonts = folder / "fonts"
    fonts.mkdir(parents=True, exist_ok=True)
    link = fonts / collection.name
    if not (link.is_symlink() and link.resolve() == collection.resolve()):
        link.unlink(missing_ok=True)
        link.symlink_to(collection.resolve())
    config = folder / CONFIG
    folders = f"<dir>{escape(str(fonts.resolve()))}</dir>"
    write_text_atomic(config, '<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n'
                              f"<fontconfig>{folders}</fontconfig>\n")
    return config


def use(config: Path | None) -> None:
    """Make this process's vl-convert load the fonts of ``config`` (``font_config``): a drawing
    process's initializer, run before its first chart (vl-convert loads its fonts once, at its
    first conversion). None leaves the system's fonts."""
    if config is not None:
        os.environ["FONTCONFIG_FILE"] = str(config)
