"""Debian's Chromium, as the tests and the benchmarks launch it through Playwright.

One home for its path and its flags: a headless browser that makes no request of its own
(updates, sync, background networking), so that what it loads is only what a reader's
browser asks of the site.
"""

from __future__ import annotations

from pathlib import Path

CHROMIUM = "/usr/bin/chromium"
ARGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
)


def launch(chromium_type, why: str, **options):
    """A Playwright ``Browser`` of Debian's Chromium. ``chromium_type``: ``playwright.chromium``;
    ``options``: more of ``BrowserType.launch``'s arguments (``ignore_default_args``...).

    Raises:
        RuntimeError: Chromium is not installed; the message says ``why`` it is needed.
    """
    if not Path(CHROMIUM).exists():
        raise RuntimeError(f"{CHROMIUM} is missing: {why} (Debian: apt-get install chromium)")
    return chromium_type.launch(executable_path=CHROMIUM, args=list(ARGS), **options)
