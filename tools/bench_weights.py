"""What the built site weighs: gzip bytes of a page's first load as the HTML names it, and the
published site's size (files, social cards, source maps, copies of the Vega bundle, downloads)."""

from __future__ import annotations

import gzip
import re
from pathlib import Path

from generator.i18n.languages import LANGUAGES


def gzip_size(path: Path) -> int:
    """Bytes of ``path`` compressed with gzip -9."""
    return len(gzip.compress(path.read_bytes(), 9, mtime=0))


def page_weight(site_lang: Path, page: str) -> tuple[int, int]:
    """Gzip bytes a reader's browser fetches for a page: (first load, after its first chart
    turned interactive).

    First load: the HTML, its stylesheets and scripts, the images not marked
    ``loading="lazy"`` and the first chart's static SVG (at the top of the page, in view). The
    interactive chart code -- the Vega bundle (published once, at the site root) and the
    chart's spec -- is fetched after the page has loaded, when a chart comes into view or the
    reader reaches for it (charts.js); it is the second figure's addition."""
    html_path = site_lang / page / "index.html" if not page.endswith(".html") else site_lang / page
    text = html_path.read_text(encoding="utf-8")
    assets = set(re.findall(r'<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"', text))
    assets |= set(re.findall(r'<script[^>]+src="([^"]+)"', text))
    assets |= {
        src
        for tag, src in re.findall(r'(<img[^>]+src="([^"]+)")', text)
        if 'loading="lazy"' not in tag
    }
    charts = re.findall(
        r'<figure class="mlperf-chart" data-spec="([^"]+)">\s*<img src="([^"]+)"', text
    )
    later = 0
    if charts:
        spec, svg = charts[0]
        assets.add(svg)
        [bundle] = (site_lang.parent / "assets" / "vendor").glob("vega-bundle.*.js")  # hashed
        later = gzip_size(bundle)
        later += gzip_size(html_path.parent / spec)
    total = gzip_size(html_path)
    for asset in assets:
        if asset.startswith(("http:", "https:", "data:")):
            continue
        file = (html_path.parent / asset.split("?")[0].split("#")[0]).resolve()
        if file.is_file():
            total += gzip_size(file)
    return total, total + later


CODES = {lang.code for lang in LANGUAGES}


def site_size(site: Path) -> dict:
    """Size of the published site: MB, files, social-card PNGs (MB), source maps, copies of
    the Vega bundle (under its content-hashed name, ``vega-bundle.<hash>.js``), and the CSV/JSON
    downloads: those published once for every language (``downloads/``, files and MB) and
    those of each language (files, all languages)."""
    files = [p for p in site.rglob("*") if p.is_file()]
    cards = [p for p in files if "social" in p.parts and p.suffix == ".png"]
    top = {p: p.parts[len(site.parts)] for p in files}  # the folder below the site root
    once = [p for p in files if top[p] == "downloads"]
    own = [
        p
        for p in files
        if p.suffix in (".csv", ".json")
        and top[p] in CODES
        and not p.name.endswith(".vl.json")
        and p.parent.name != "search"
    ]
    return {
        "mb": sum(p.stat().st_size for p in files) / 2**20,
        "files": len(files),
        "cards_mb": sum(p.stat().st_size for p in cards) / 2**20,
        "maps": sum(p.suffix == ".map" for p in files),
        "bundles": sum(p.name.startswith("vega-bundle.") and p.suffix == ".js" for p in files),
        "shared_downloads": len(once),
        "shared_downloads_mb": sum(p.stat().st_size for p in once) / 2**20,
        "language_downloads": len(own),
    }


def search_index_sizes(site: Path) -> dict[str, tuple[int, int]]:
    """``{language code: (raw bytes, gzip bytes)}`` of each language's search index
    (``<code>/search/search_index.json``, with the word forms and aliases the finishing step
    adds), gzip at level 6 as ``bench_load`` counts what GitHub Pages' servers send: what a
    reader's browser fetches when the reader starts to search (never on the first load,
    ``tests/test_first_load.py``)."""
    sizes = {}
    for lang in LANGUAGES:
        data = (site / lang.code / "search" / "search_index.json").read_bytes()
        sizes[lang.code] = (len(data), len(gzip.compress(data, 6, mtime=0)))
    return sizes
