"""Fetching MLCommons' summary files for the scheduled import (``.github/workflows/import.yml``).

MLCommons publishes each round in ``mlcommons/inference_results_<round>``: the final report
``summary_results.json`` (with result IDs) once it is written, the submission checker's
``summary.json`` before that. ``fetch`` downloads, for every round ``data/`` holds and the round
that would follow the latest (``next_round``: v6.0 -> v6.1 -> v7.0), the first of those files the
repository has, as ``inference_<round>_summary.json``; a round not published yet (no repository,
no file) is skipped and said so. The files are then imported as ``make import`` does, and the
workflow opens a pull request with the import report and the changelog for an editor to review.

Addresses are built from ``base`` so that the tests read local ``file://`` folders laid out as
the repositories are; nothing here runs in the tests with the network.
"""

from __future__ import annotations

import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path

from generator.data.schema import round_key

RAW = "https://raw.githubusercontent.com"
REPOSITORY = "mlcommons/inference_results_{round}"
# The final report first: it carries MLCommons' result IDs.
CANDIDATES = ("summary_results.json", "summary.json")
MAX_BYTES = 100 * 2**20  # the largest summary so far (v5.1) is 2.2 MB


def next_round(name: str) -> str:
    """The round after ``name``: MLCommons publishes x.0 in spring and x.1 in autumn, so
    ``"v6.0"`` -> ``"v6.1"`` and ``"v6.1"`` -> ``"v7.0"``."""
    major, minor = round_key(name)[:2]
    return f"v{major}.1" if minor == 0 else f"v{major + 1}.0"


def rounds_to_fetch(known: list[str]) -> list[str]:
    """The rounds ``data/`` holds, oldest first, and the one after the latest."""
    ordered = sorted(known, key=round_key)
    return ordered + [next_round(ordered[-1])] if ordered else ordered


def fetch(
    rounds: list[str],
    dest: Path,
    base: str = RAW,
    ref: str = "main",
    log: Callable[[str], None] = print,
) -> list[Path]:
    """Download each round's summary into ``dest`` as ``inference_<round>_summary.json``.

    Args:
        rounds: e.g. ``["v6.0", "v6.1", "v7.0"]``.
        base: where repositories are read, ``<base>/<owner>/<repo>/<ref>/<file>``: GitHub's raw
            file host, or a ``file://`` folder in the tests.

    Returns:
        the files written, in the order of ``rounds``.

    Raises:
        OSError: a file larger than ``MAX_BYTES``, or a failure other than "not found".
    """
    dest.mkdir(parents=True, exist_ok=True)
    written = []
    for name in rounds:
        for candidate in CANDIDATES:
            url = f"{base}/{REPOSITORY.format(round=name)}/{ref}/{candidate}"
            body = _read(url)
            if body is not None:
                path = dest / f"inference_{name}_summary.json"
                path.write_bytes(body)
                log(f"{name}: {url} -> {path}")
                written.append(path)
                break
        else:
            log(f"{name}: no {' or '.join(CANDIDATES)} published yet; skipped")
    return written


def _read(url: str) -> bytes | None:
    """The bytes at ``url``; None when it does not exist (HTTP 404, a missing local file)."""
    try:
        with urllib.request.urlopen(url, timeout=60) as response:  # noqa: S310 (https, file)
            body = response.read(MAX_BYTES + 1)
    except urllib.error.HTTPError as exc:
        if exc.code == 404:
            return None
        raise
    except urllib.error.URLError as exc:
        if isinstance(exc.reason, FileNotFoundError) or "No such file" in str(exc.reason):
            return None
        raise
    if len(body) > MAX_BYTES:
        raise OSError(f"{url}: larger than {MAX_BYTES // 2**20} MiB; not a summary file")
    return body
