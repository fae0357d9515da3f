"""Chart images reserve their space: each ``<img>`` of a built page that shows an SVG beside the
page gets the SVG's ``width`` and ``height``, so the browser lays the page out at its final size
before the image loads (lazy-loaded charts made benchmark pages shift by 0.08, Chromium's
cumulative layout shift). The stylesheet keeps them fluid (``max-width: 100%; height: auto``)."""

from __future__ import annotations

import re
from pathlib import Path

from generator.files import write_text_atomic

IMG = re.compile(r'<img src="([^":/?#]+\.svg)"(?![^>]*\swidth=)')
SIZE = re.compile(r'<svg\b[^>]*?\swidth="(\d+(?:\.\d+)?)"[^>]*?\sheight="(\d+(?:\.\d+)?)"')


def svg_size(path: Path) -> tuple[str, str] | None:
    """``(width, height)`` as written on the root element of the SVG file ``path`` (in px),
    or None when it has no numeric size."""
    with path.open(encoding="utf-8") as handle:
        head = handle.read(2048)
    match = SIZE.search(head)
    return match.groups() if match else None


def sized_images(page_html: str, folder: Path) -> str:
    """``page_html`` (a page in ``folder``) with ``width`` and ``height`` on every ``<img>``
    whose ``src`` is an SVG file of ``folder`` and that has no ``width`` yet."""
    def size(match: re.Match) -> str:
        path = folder / match.group(1)
        found = svg_size(path) if path.is_file() else None
        return (f'{match.group(0)} width="{found[0]}" height="{found[1]}"' if found
                else match.group(0))
    return IMG.sub(size, page_html)


def size_images(out: Path) -> int:
    """Apply ``sized_images`` to every page of the built folder ``out``; the number of pages
    changed."""
    changed = 0
    for page in out.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        if ".svg" not in text:
            continue
        sized = sized_images(text, page.parent)
        if sized != text:
            write_text_atomic(page, sized)
            changed += 1
    return changed
