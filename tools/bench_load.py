"""A reader's first load: what the browser fetches for a page, in gzip KB, measured in Chromium.

How it is measured (``first_loads``): the built ``site/`` is served on 127.0.0.1 under the
published path prefix (``site_url`` of ``mkdocs.yml``, e.g. ``/mlperf-wiki/``), as GitHub Pages
serves it. Headless Chromium (``/usr/bin/chromium``, through Playwright) opens each page in a
fresh browser context -- an empty cache, a 1280×900 window -- and records every response the
page and its workers receive until the network is idle (Playwright's ``networkidle``: no request
for 500 ms) and 1.5 s more, so that what scripts fetch after the load event is counted too. No
pointer moves, nothing is focused or typed: this is what a reader pays before doing anything.
Each response body is compressed with gzip at level 6 (what GitHub Pages' servers send is
compressed about so) and the sizes are summed, in total and per kind of response (Playwright's
resource type: document, stylesheet, script, fetch, image, font, other). The local server itself
sends the files uncompressed; only the sums are gzip.

The pages are the home page, a results page (a benchmark with its chart), a blog post, the
results explorer and the comparison of two systems, in English and Chinese (the zh pages carry
longer search indexes and wider fonts' text, so they are the heavier of the three languages).
"""

from __future__ import annotations

import functools
import gzip
import http.server
import tempfile
import threading
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit

from tools import chromium

PAGES = {
    "home": "",
    "results": "results/v6.1/datacenter/gpt-oss-120b/offline/",
    "blog": "blog/2026/09/17/amd-512-accelerator-record/",
    "explorer": "results/explore/",
    "compare": "results/compare/",
}
LANGS = ("en", "zh")
SETTLE_S = 1.5  # seconds after the network is idle during which responses still count


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@contextmanager
def serve(site: Path, prefix: str):
    """Serve ``site`` on 127.0.0.1 under the path ``prefix`` (e.g. ``/mlperf-wiki/``); yields
    the base URL, ending in ``/``."""
    with tempfile.TemporaryDirectory(prefix="mlperf-load-") as tmp:
        root = Path(tmp)
        mount = root / prefix.strip("/") if prefix.strip("/") else root
        if mount != root:
            mount.parent.mkdir(parents=True, exist_ok=True)
            mount.symlink_to(site.resolve(), target_is_directory=True)
        handler = functools.partial(_Quiet, directory=str(root if mount != root else site))
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        try:
            path = f"/{prefix.strip('/')}/" if prefix.strip("/") else "/"
            yield f"http://127.0.0.1:{server.server_port}{path}"
        finally:
            server.shutdown()
            server.server_close()


def first_load(browser, url: str) -> list[dict]:
    """Every response of a first load of ``url`` in a fresh context of ``browser`` (a
    Playwright Chromium): dicts with ``url``, ``type`` (Playwright's resource type), ``raw``
    (body bytes) and ``gzip`` (bytes at gzip level 6)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    responses = []
    context.on("response", lambda response: responses.append(response))
    page.goto(url, wait_until="networkidle")
    page.wait_for_timeout(SETTLE_S * 1000)  # events are taken while Playwright waits
    rows = []
    for response in responses:
        try:
            body = response.body()
        except Exception:  # a redirect or an aborted request has no body
            body = b""
        rows.append(
            {
                "url": response.url,
                "type": response.request.resource_type,
                "raw": len(body),
                "gzip": len(gzip.compress(body, 6, mtime=0)),
            }
        )
    context.close()
    return rows


def first_loads(site: Path, prefix: str = "/mlperf-wiki/", pages=PAGES, langs=LANGS) -> dict:
    """First-load weights of ``pages`` (name -> path below a language) in ``langs``, from the
    built ``site`` served under ``prefix``. Returns ``{(name, lang): {"total": bytes, "types":
    {resource type: bytes}, "responses": [...]}}``, all sizes gzip level 6 (see the module's
    docstring). Raises RuntimeError when Chromium is missing or a page does not answer 200."""
    from playwright.sync_api import sync_playwright

    results = {}
    with serve(site, prefix) as base, sync_playwright() as playwright:
        browser = chromium.launch(playwright.chromium, "the load measurement needs it")
        for lang in langs:
            for name, path in pages.items():
                rows = first_load(browser, f"{base}{lang}/{path}")
                if not rows or not any(r["type"] == "document" for r in rows):
                    raise RuntimeError(f"{base}{lang}/{path}: no document was loaded")
                types: dict[str, int] = {}
                for row in rows:
                    types[row["type"]] = types.get(row["type"], 0) + row["gzip"]
                results[(name, lang)] = {
                    "total": sum(r["gzip"] for r in rows),
                    "types": types,
                    "responses": rows,
                }
        browser.close()
    return results


def print_loads(results: dict) -> None:
    """Print ``first_loads``' figures: a line per page and language, KB gzip in total and per
    resource type."""
    kinds = sorted({kind for figures in results.values() for kind in figures["types"]})
    print(f"{'first load, KB gzip':<22}{'total':>8}" + "".join(f"{k:>12}" for k in kinds))
    for (name, lang), figures in results.items():
        print(
            f"{name + ' (' + lang + ')':<22}{figures['total'] / 1024:>8.1f}"
            + "".join(f"{figures['types'].get(k, 0) / 1024:>12.1f}" for k in kinds)
        )


if __name__ == "__main__":
    import sys

    site = Path(__file__).resolve().parent.parent / "site"
    found = first_loads(site)
    print_loads(found)
    if "-v" in sys.argv:
        for (name, lang), figures in found.items():
            print(f"\n{name} ({lang})")
            for row in sorted(figures["responses"], key=lambda r: -r["gzip"]):
                print(
                    f"  {row['gzip'] / 1024:8.1f} {row['raw'] / 1024:8.1f}  {row['type']:<11}"
                    f" {urlsplit(row['url']).path}"
                )
