"""No broken internal link in the built site (LinkChecker over site/, offline)."""

import html
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from generator.project import site_prefix

pytestmark = pytest.mark.slow

LINKCHECKER = Path(sys.executable).with_name("linkchecker")


def run_linkchecker(start):
    return subprocess.run(
        [
            str(LINKCHECKER),
            "--no-status",
            "--no-warnings",
            "--threads",
            "8",
            "--ignore-url",
            r"^https?://",
            "--ignore-url",
            r"^mailto:",
            "--output",
            "text",
            str(start),
        ],
        capture_output=True,
        text=True,
    )


def test_linkchecker_finds_no_broken_internal_link(site):
    # From the root page LinkChecker reaches every language and follows every relative link.
    done = run_linkchecker(site / "index.html")
    assert done.returncode == 0, done.stdout[-4000:]
    assert " 0 errors found" in done.stdout
    checked = int(re.search(r"(\d+) links in \d+ URLs checked", done.stdout).group(1))
    assert checked > 3000  # the crawl reached the whole site, not only the root page


def test_linkchecker_reports_a_broken_link(site):
    # LinkChecker drops root privileges to "nobody": the page must be world-readable, which
    # pytest's private tmp_path is not.
    with tempfile.TemporaryDirectory() as folder:
        os.chmod(folder, 0o755)
        page = Path(folder) / "index.html"
        page.write_text('<a href="missing/page.html">x</a>', encoding="utf-8")
        page.chmod(0o644)
        done = run_linkchecker(page)
    assert done.returncode == 1
    assert "missing/page.html" in done.stdout and "1 error found" in done.stdout


def test_path_absolute_links_point_into_the_site(site, site_pages):
    # LinkChecker checks relative links; the few path-absolute ones (the language selector,
    # hreflang alternates, the 404 page) are checked here against the files of site/.
    prefix = site_prefix()
    broken = set()
    for name, text in site_pages.items():
        for href in re.findall(r'href="(/[^"]*)"', text):
            path = unquote(urlsplit(html.unescape(href)).path)
            assert path.startswith(prefix), f"{name}: {href} is outside {prefix}"
            target = site / path[len(prefix) :]
            if not (target.is_file() or (target / "index.html").is_file()):
                broken.add((name, href))
    assert not broken
