"""The targets of `make bench` (issue #19) beside what one run measured, as one table.

Each target row is ``(target, measured, limit, met)``: what is measured, the figure as text,
the limit as text, and whether the figure meets it (None when it could not be measured).
``tools/bench.py`` adds the rows its extra sections return (``bench.EXTRA_SECTIONS``).
"""

from __future__ import annotations

# A fresh clone's `make site`, wall milliseconds per page on this 2-core machine: issue #30's
# measure ("today 55-77 s for 1,118 pages, 49-69 ms"). Its CPU time is printed beneath it.
COLD_MS_PER_PAGE = 35.0
DEFAULT_RATIO = 3.0  # at least this many times faster than a default Material configuration
WARM_EDIT_S = 8.0  # `make site` after editing one article, CPU seconds (issue #30)
SCALE_RATIO = 6.0  # ten times the records cost at most this many times the time
FIRST_LOAD_KB = {"results": 150.0, "home": 100.0}  # a reader's first load, KB gzip
REDRAW_MS = 100.0  # the explorer's redraw of a filter change, CPU throttled ×4


def cold_seconds(row: dict) -> float:
    """What a fresh clone's `make site` runs, in wall seconds: check and generate, then every
    language's MkDocs build (the benchmark's import step is not part of it)."""
    return row["generate"] + row["mkdocs_wall"]


def build_rows(rows: list[dict]) -> list[tuple[str, str, str, bool | None]]:
    """Target rows of the build (cold, against the default configuration, after an edit,
    at scale) from ``bench.run``'s rows: the real data first, then the larger dataset."""
    real = rows[0]
    cpu = sum(real["cpu"].values())
    wall = cold_seconds(real)
    ms = 1000 * wall / real["pages"]
    out = [
        (
            "cold make site, ms per page (wall s)",
            f"{ms:.1f} ({wall:.1f} s)",
            f"≤ {COLD_MS_PER_PAGE:.0f}",
            ms <= COLD_MS_PER_PAGE,
        ),
        (
            "  its CPU, ms per page (CPU s)",
            f"{1000 * cpu / real['pages']:.1f} ({cpu:.1f})",
            "",
            None,
        ),
    ]
    if "default_mkdocs" in real:  # not measured with --builds-only
        ratio = real["default_mkdocs"] / real["mkdocs_wall"]
        out.append(
            (
                "× faster than default Material (MkDocs)",
                f"{ratio:.2f}",
                f"≥ {DEFAULT_RATIO:.0f}",
                ratio >= DEFAULT_RATIO,
            )
        )
    edit = real.get("edited_article")
    out.append(
        (
            "make site after editing one article (s; CPU s)",
            "-" if edit is None else f"{edit:.2f}; {real['edited_article_cpu']:.2f}",
            f"≤ {WARM_EDIT_S:.0f}",
            None if edit is None else real["edited_article_cpu"] <= WARM_EDIT_S,
        )
    )
    if edit is not None:  # where the edit's CPU goes: the one MkDocs build, and the rest
        mkdocs = real["edited_article_mkdocs_cpu"]
        out += [
            ("  of which MkDocs (en, the one built; CPU s)", f"{mkdocs:.2f}", "", None),
            (
                "  of which check, generate, finishing (CPU s)",
                f"{real['edited_article_cpu'] - mkdocs:.2f}",
                "",
                None,
            ),
        ]
    if len(rows) > 1:
        scale = cold_seconds(rows[1]) / cold_seconds(real)
        records = rows[1]["records"] / real["records"]
        out.append(
            (
                f"×{records:.1f} the records cost × the time",
                f"{scale:.2f}",
                f"≤ {SCALE_RATIO:.0f}",
                scale <= SCALE_RATIO,
            )
        )
    return out


def reader_rows(loads: dict, explorer: list[dict]) -> list[tuple[str, str, str, bool | None]]:
    """Target rows of a reader's wait: the first load of the pages with a budget
    (``FIRST_LOAD_KB``) in every language measured (``bench_load.first_loads``' figures), and
    the explorer's slowest and median redraw on each screen measured (a list of
    ``bench_explorer.explorer_redraw``'s figures)."""
    out = []
    for (name, lang), figures in loads.items():
        if name in FIRST_LOAD_KB:
            kb = figures["total"] / 1024
            out.append(
                (
                    f"first load, {name} page ({lang}), KB gzip",
                    f"{kb:.1f}",
                    f"≤ {FIRST_LOAD_KB[name]:.0f}",
                    kb <= FIRST_LOAD_KB[name],
                )
            )
    for figures in explorer:
        for key, what in (
            ("median_ms", "median"),
            ("max_ms", f"slowest, median of {figures['runs']} runs"),
        ):
            out.append(
                (
                    f"explorer redraw ×{figures['throttle']} CPU, {figures['width']} px, "
                    f"{what} (ms)",
                    f"{figures[key]:.0f}",
                    f"≤ {REDRAW_MS:.0f}",
                    figures[key] <= REDRAW_MS,
                )
            )
    return out


def print_targets(target_rows: list[tuple[str, str, str, bool | None]]) -> None:
    """Print the target rows as one table: target, measured, limit, met."""
    line = "{:<64}{:>16}{:>10}{:>8}"
    print()
    print(line.format("target", "measured", "limit", "met"))
    for name, measured, limit, met in target_rows:
        # A row without a limit details the row above it (where its figure goes).
        verdict = {True: "yes", False: "NO", None: "?"}[met] if limit else ""
        print(line.format(name, measured, limit, verdict))
