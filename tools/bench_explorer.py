"""The results explorer's redraw time, for `make bench` (``tools/bench.py``) or on its own:
``python tools/bench_explorer.py [site/]``.

Opens ``<site>/en/results/explore/`` with the whole dataset in headless Chromium, on a desktop
screen and on a phone's (``VIEWPORTS``: the table, and its rows as cards), whose CPU is
slowed four times (the DevTools protocol's ``Emulation.setCPUThrottlingRate``, rate 4: a
phone-class CPU, as the explorer issue asks), then makes ``changes`` changes one after
another (``CHANGES``: each kind of filter, figure and sort a reader chooses, each back to "all",
the full dataset redrawn, and "Show 10 more"); ``RUNS`` times, each in a page freshly
opened. A change is timed in the page with ``performance.now()`` from the
change event to the next frame painted (``TIME_CHANGE``): what a reader waits for before the
view is drawn, as the Event Timing API's interaction to next paint counts it, the script's
redraw, style, layout and paint: the count, the notes, the table's rows and the view's chart
block (a collapsed block whose bars are drawn when the reader opens it, explore-chart.js). Work
the script leaves until after that frame (explore-table.js: the address of the view, each
figure's order made while the page is idle) is not timed, as a reader does not wait for it.
Figures are milliseconds, on this machine, which other work
may share: compare medians and maxima of several runs made one after another.
"""

from __future__ import annotations

import functools
import http.server
import statistics
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
THROTTLE = 4
# (width, height) in CSS px: a desktop screen, and a phone's (where each row is a card).
VIEWPORTS = ((1280, 900), (390, 844))
# Runs of the changes on each screen, each in a page freshly opened.
RUNS = 3
# (control, value) pairs a reader might choose, each followed by its "all" again ("" is "all"):
# each kind of filter and the least accelerator count, the three figures, a sort by result
# both ways and one by a name, then "Show 10 more" twice ("more", the button under the table).
# Each run makes each change once, the first of its kind on the page (the page still uses the
# time between two changes, as it uses a reader's, to make the orders of its columns).
CHANGES = (
    ("round", "v6.1"),
    ("round", ""),
    ("division", "closed"),
    ("division", ""),
    ("scenario", "Offline"),
    ("scenario", ""),
    ("per", "accelerator"),
    ("per", "system"),
    ("sort", "-result"),
    ("sort", ""),
    ("suite", "edge"),
    ("suite", ""),
    ("model", "llama2-70b-99.9"),
    ("model", ""),
    ("submitter", "NVIDIA"),
    ("submitter", ""),
    ("family", "amd-instinct"),
    ("family", ""),
    ("accelerator", "nvidia-h100-sxm"),
    ("accelerator", ""),
    ("category", "preview"),
    ("category", ""),
    ("organization", "Dell"),
    ("organization", ""),
    ("min_accelerators", "8"),
    ("min_accelerators", ""),
    ("per", "watt"),
    ("per", "system"),
    ("sort", "system"),
    ("sort", ""),
    ("sort", "result"),
    ("sort", ""),
    ("more", ""),
    ("more", ""),
)

# A change timed from its event to the next frame painted: the main thread's part of a frame
# (the page's animation-frame callbacks, style, layout, paint) runs in one task, so a message
# posted from an animation-frame callback arrives once the frame is painted. That callback is
# asked for before the change, so that it runs first in the frame and its message comes before
# any task the page leaves for after the paint (explore.js afterPaint: the address), which is
# not timed. Each change starts after a frame too, with nothing left of the last one.
TIME_CHANGE = """async ([name, value]) => {
  const painted = () => new Promise(resolve => requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = resolve;
    channel.port2.postMessage(null);
  }));
  await painted();
  const form = document.querySelector("form.mlperf-explore");
  const control = name === "more" ? null : form.elements[name];
  const more = document.querySelector(".mlperf-explore__output button.md-button");
  const started = performance.now();
  const drawn = painted();
  if (!control) {
    more.click();
  } else if (control instanceof RadioNodeList) {
    for (const radio of control) radio.checked = radio.value === value;
    control[0].dispatchEvent(new Event("change", {bubbles: true}));
  } else {
    control.value = value;
    control.dispatchEvent(new Event("change", {bubbles: true}));
  }
  await drawn;
  return performance.now() - started;
}"""


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def explorer_redraw(
    site: Path = ROOT / "site",
    changes: int = len(CHANGES),
    runs: int = RUNS,
    throttle: int = THROTTLE,
    viewport: tuple[int, int] = VIEWPORTS[0],
) -> dict:
    """Time ``changes`` changes (``CHANGES``) of the explorer of the built ``site`` (a folder
    holding ``en/results/explore/``), under CPU throttling ×``throttle``, on a screen of ``viewport``
    (width, height) CSS px, ``runs`` times, each in a page freshly opened.

    Returns:
        ``{"median_ms", "max_ms", "worst_ms", "run_max_ms", "changes", "runs", "rows",
        "throttle", "width", "cpu_median_ms", "cpu_max_ms"}``: the median change of all runs,
        the median of the runs' slowest changes (``max_ms``, the figure the target reads: one
        run's slowest change varies by 40-50 ms between identical runs on a machine whose two
        cores other work shares), the slowest change of all, each run's slowest, in
        milliseconds; the number of changes per run and of runs; the dataset's row count;
        the main thread's CPU time per change (``thread_time``), median and max.

    Raises:
        FileNotFoundError: ``site`` has no explorer page, or Chromium is missing.
    """
    from playwright.sync_api import sync_playwright

    page_file = site / "en" / "results" / "explore" / "index.html"
    if not page_file.is_file():
        raise FileNotFoundError(f"{page_file}: build the site first (make site)")
    if not Path(CHROMIUM).exists():
        raise FileNotFoundError(f"{CHROMIUM} is missing")
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(_Quiet, directory=str(site))
    )
    threading.Thread(target=server.serve_forever, daemon=True).start()
    times, cpu, run_max = [], [], []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"]
            )
            for _ in range(runs):
                context = browser.new_context(
                    viewport={"width": viewport[0], "height": viewport[1]}
                )
                page = context.new_page()
                page.goto(f"http://127.0.0.1:{server.server_port}/en/results/explore/")
                page.locator(".mlperf-explore__count").wait_for()
                rows = page.evaluate("""() => Number(document.querySelector(
                    ".mlperf-explore__count").textContent.replace(/\\D/g, ""))""")
                cdp = context.new_cdp_session(page)
                cdp.send("Performance.enable")
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": throttle})
                this_run = []
                for i in range(changes):
                    before = thread_time(cdp)
                    this_run.append(page.evaluate(TIME_CHANGE, list(CHANGES[i % len(CHANGES)])))
                    cpu.append((thread_time(cdp) - before) * 1000)
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
                context.close()
                times += this_run
                run_max.append(max(this_run))
            browser.close()
    finally:
        server.shutdown()
    return {
        "median_ms": statistics.median(times),
        "max_ms": statistics.median(run_max),
        "worst_ms": max(run_max),
        "run_max_ms": run_max,
        "changes": changes,
        "runs": runs,
        "rows": rows,
        "throttle": throttle,
        "width": viewport[0],
        "cpu_median_ms": statistics.median(cpu),
        "cpu_max_ms": max(cpu),
    }


def thread_time(cdp) -> float:
    """The CPU seconds the page's main thread has used (the DevTools ``ThreadTime`` metric)."""
    metrics = cdp.send("Performance.getMetrics")["metrics"]
    return next(m["value"] for m in metrics if m["name"] == "ThreadTime")


def summary(figures: dict) -> str:
    """One line of ``explorer_redraw``'s figures, for the bench's report."""
    return (
        f"results explorer at {figures['width']} px, a change redrawn under CPU "
        f"×{figures['throttle']} ({figures['rows']} results, {figures['runs']} runs of "
        f"{figures['changes']} changes): median {figures['median_ms']:.0f} ms; slowest "
        f"change {figures['max_ms']:.0f} ms, the median of the runs' "
        f"({', '.join(f'{m:.0f}' for m in figures['run_max_ms'])}; target 100 ms); "
        f"main thread's CPU time median {figures['cpu_median_ms']:.0f} ms, "
        f"max {figures['cpu_max_ms']:.0f} ms"
    )


if __name__ == "__main__":
    for shape in VIEWPORTS:
        print(
            summary(
                explorer_redraw(
                    Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "site", viewport=shape
                )
            ),
            flush=True,
        )
