"""The comparison build: the generated pages built with a default Material configuration
(automatic navigation, no hooks, the same plugins), one language after another, timed."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import time
from pathlib import Path

# Seconds after which the capped default build (×10 data, English only) is stopped.
DEFAULT_CAP_S = 900


def default_config(root: Path, lang) -> Path:
    """A default Material configuration for ``lang``: no nav (MkDocs builds it from the files),
    no hooks, the claims extension the articles need, the same plugins."""
    path = root / f"mkdocs.default.{lang.code}.yml"
    path.write_text(
        f"site_name: Default\nsite_url: https://example.org/{lang.code}/\n"
        f"docs_dir: docs/{lang.code}\ntheme:\n  name: material\n  language: {lang.code}\n"
        "plugins:\n  - search\n  - blog\n  - tags:\n"
        "      tags_slugify: !!python/name:generator.editorial.registries.slugify\n"
        "markdown_extensions: [attr_list, tables, footnotes, admonition,\n"
        f"  {{generator.editorial.claim_markdown: {{lang: {lang.code}}}}}]\n",
        encoding="utf-8",
    )
    return path


def mkdocs(config: Path, out: Path, root: Path, timeout: float | None = None) -> tuple[float, int]:
    """Wall seconds of one MkDocs build and the peak resident set (KB) of child processes so
    far; a build still running after ``timeout`` seconds is stopped and counted as taking
    ``timeout`` (a lower bound, marked in the table)."""
    started = time.perf_counter()
    try:
        subprocess.run(
            [sys.executable, "-m", "mkdocs", "build", "-q", "-f", str(config), "-d", str(out)],
            cwd=root,
            check=True,
            capture_output=True,
            env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
            timeout=timeout,
        )
    except subprocess.TimeoutExpired:
        return float(timeout), resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return time.perf_counter() - started, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
