"""Cumulative layout shift (CLS) of each page kind, measured in Chromium as Lighthouse does:
``python -m tools.bench_cls [site/] [--runs N]`` (from the project root).

How it is measured (``page_cls``): the built ``site/`` is served on 127.0.0.1 under the
published path prefix (``bench_load.serve``). Each page is opened in a fresh browser context
(an empty cache: a reader's first load) at a phone's width (390 px) and a desktop's (1280 px),
with the CPU slowed four times (Chrome DevTools Protocol ``Emulation.setCPUThrottlingRate``,
Lighthouse's mobile setting), so that scripts, styles and fonts settle late, as on a reader's
phone, and with a desktop's classic scrollbars (``launch``). A ``PerformanceObserver`` for ``layout-shift`` entries is installed before any script of
the page runs; the shifts are collected until the page has loaded, its network has been idle
for 500 ms (Playwright's ``networkidle``), its fonts are loaded and what its scripts draw is
drawn (``READY``: the comparison's table, the explorer's rows), and two frames more. CLS is the
largest session window of shifts without recent input (shifts less than 1 s apart, a window at
most 5 s long): web.dev's definition, which Lighthouse reports. "Good" is at most 0.1.

The page kinds are those Lighthouse was run on (issue #33): home, a benchmark's results page, an
article, the results explorer and the comparison of two systems, in the three languages.
"""

from __future__ import annotations

import sys
from pathlib import Path

from tools import chromium
from tools.bench_load import serve

PAGES = {
    "home": "",
    "benchmark": "results/v6.1/datacenter/deepseek-r1/offline/",
    "article": "blog/2026/09/17/amd-512-accelerator-record/",
    "explorer": "results/explore/",
    "compare": "results/compare/",
}
LANGS = ("zh", "en", "it")
WIDTHS = (390, 1280)
THROTTLE = 4
GOOD = 0.1
# What a page kind's scripts draw after the load, and which must be drawn before CLS is read.
READY = {
    "explorer": ".mlperf-explore__output table tbody tr",
    "compare": ".mlperf-compare__output table tbody tr",
}

# Installed before the page's own scripts (Playwright's init script): every layout shift, with
# the elements it moved (for the report of a failure).
OBSERVER = """
window.__shifts = [];
new PerformanceObserver(function (list) {
  list.getEntries().forEach(function (entry) {
    if (entry.hadRecentInput) return;
    window.__shifts.push({
      value: entry.value, time: entry.startTime,
      sources: (entry.sources || []).map(function (source) {
        var node = source.node, name = "";
        if (node && node.nodeType === 1) {
          name = node.tagName.toLowerCase() + (node.id ? "#" + node.id : "") +
                 (node.className && typeof node.className === "string"
                  ? "." + node.className.trim().split(/\\s+/).join(".") : "");
        } else if (node) { name = "#text " + (node.textContent || "").slice(0, 30); }
        return { node: name, before: [source.previousRect.y, source.previousRect.height],
                 after: [source.currentRect.y, source.currentRect.height] };
      })
    });
  });
}).observe({ type: "layout-shift", buffered: true });
"""

# Resolves after two frames, once the fonts are loaded: shifts of the last frame are reported.
SETTLED = """
() => document.fonts.ready.then(() => new Promise((resolve) =>
  requestAnimationFrame(() => requestAnimationFrame(() => resolve(window.__shifts)))))
"""


def session_cls(shifts: list[dict]) -> float:
    """The largest session window of ``shifts`` (dicts with ``value`` and ``time`` in ms, in
    time order): consecutive shifts less than 1,000 ms apart, a window at most 5,000 ms long
    (web.dev/articles/evolving-cls, as Lighthouse computes CLS)."""
    best = current = 0.0
    first = last = None
    for shift in shifts:
        if first is None or shift["time"] - last >= 1000 or shift["time"] - first >= 5000:
            first, current = shift["time"], 0.0
        current += shift["value"]
        last = shift["time"]
        best = max(best, current)
    return best


def page_cls(browser, url: str, width: int, kind: str, throttle: int = THROTTLE) -> dict:
    """The layout shifts of one first load of ``url`` in a fresh context of ``browser`` (a
    Playwright Chromium) ``width`` px wide, the CPU slowed ``throttle`` times: ``{"cls": the
    largest session window, "shifts": [{value, time, sources}]}``."""
    context = browser.new_context(viewport={"width": width, "height": 900 if width > 600 else 844})
    page = context.new_page()
    page.add_init_script(OBSERVER)
    if throttle > 1:
        cdp = context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": throttle})
    page.goto(url, wait_until="networkidle", timeout=120000)
    if kind in READY:
        page.wait_for_selector(READY[kind], timeout=120000)
    shifts = page.evaluate(SETTLED)
    context.close()
    return {"cls": session_cls(shifts), "shifts": shifts}


def launch(chromium_type):
    """Headless Chromium (``tools.chromium``, launched by ``chromium_type``, a Playwright
    ``BrowserType``) with the flags of the tests' browser, but with
    a desktop's classic scrollbars, which Playwright hides by default (``--hide-scrollbars``):
    a scrollbar appearing after the first paint moves the whole page sideways."""
    return chromium.launch(
        chromium_type, "the measurement needs it", ignore_default_args=["--hide-scrollbars"]
    )


def measure(
    site: Path,
    prefix: str = "/mlperf-wiki/",
    runs: int = 1,
    pages=PAGES,
    langs=LANGS,
    widths=WIDTHS,
) -> dict:
    """``{(kind, lang, width): [page_cls of each run]}`` over the built ``site``."""
    from playwright.sync_api import sync_playwright

    found = {}
    with serve(site, prefix) as base, sync_playwright() as playwright:
        browser = launch(playwright.chromium)
        for lang in langs:
            for kind, path in pages.items():
                for width in widths:
                    found[(kind, lang, width)] = [
                        page_cls(browser, f"{base}{lang}/{path}", width, kind) for _ in range(runs)
                    ]
        browser.close()
    return found


def print_cls(found: dict, verbose: bool = False) -> None:
    """A line per page kind, language and width: the CLS of each run, the worst marked."""
    print(f"{'CLS (CPU ×4)':<26}runs")
    for (kind, lang, width), runs in found.items():
        worst = max(r["cls"] for r in runs)
        flag = "  > 0.1" if worst > GOOD else ""
        print(
            f"{kind} ({lang}, {width} px):".ljust(26)
            + " ".join(f"{r['cls']:.3f}" for r in runs)
            + flag
        )
        if verbose:
            for run in runs:
                for shift in run["shifts"]:
                    nodes = "; ".join(
                        f"{s['node']} {s['before']}→{s['after']}" for s in shift["sources"]
                    )
                    print(f"    {shift['time']:8.0f} ms {shift['value']:.4f}  {nodes}")


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("-")]
    runs = next((int(a.split("=")[1]) for a in sys.argv if a.startswith("--runs=")), 1)
    site = Path(args[0]) if args else Path(__file__).resolve().parent.parent / "site"
    print_cls(measure(site, runs=runs), verbose="-v" in sys.argv)
