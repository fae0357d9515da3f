"""Build benchmark: `make bench` prints build times, page weights and search index sizes.

Runs on (a) the real data and (b) a synthetic dataset ten times larger, made from the real
records (each real round copied into nine more rounds with renamed systems and results scaled
by a few per cent). Each runs in a copy of the project, from a clean state (no .cache/): import,
check and generate, every language's MkDocs build (``site.build``, in parallel, strict, as
`make site` does), a rebuild with nothing changed, then the same generated pages built with a
default Material configuration (automatic navigation, languages one after another) for
comparison -- on the ×10 data only English is built that way and the time is multiplied by the
number of languages (said in the table). On the real data it also times the editor's preview
(`make serve`: start, then an edited post and an edited data/claims.yaml until rebuilt) and
prints a cProfile summary of one language's MkDocs build (Markdown, plugins and hooks, theme
templates, copying, configuration), and times `make site` after one article was edited. Last,
the targets table (``bench_targets``) sets each target beside the figure measured in this run,
with the rows of ``EXTRA_SECTIONS``. ``--builds-only`` runs the two datasets' builds alone (the
×10 target's figures, without the default configuration, the editor's and the reader's).

Each concept has its module: ``bench_project`` (the copy and the synthetic data),
``bench_default`` (the default configuration's build), ``bench_weights`` (page weights, site
size), ``bench_editor`` (an edited article, the preview, the profile), ``bench_load`` and
``bench_explorer`` (a reader's first load, the explorer's redraw), ``bench_targets``.

The targets are CPU seconds (user and system, of this process and every process it ran: the
chart pool, each language's MkDocs), per stage: other work sharing the machine changes wall
times, not CPU times. Other figures are wall seconds on this machine: the load average is
printed, and ratios are taken within one run. Peak memory is the largest resident set of this
process or one MkDocs build. Page weights are gzip KB of what a reader's first load fetches.
Each language's search index is given raw and gzip (level 6, as ``bench_load`` counts a
transfer; ``bench_weights.search_index_sizes``): what a reader fetches on starting to search.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.data.importer import run_import  # noqa: E402
from generator.editorial.check import check  # noqa: E402
from generator.i18n.languages import LANGUAGES  # noqa: E402
from generator.site import build as site_module  # noqa: E402
from generator.site import generation_stamp  # noqa: E402
from tools import bench_load  # noqa: E402
from tools.bench_default import DEFAULT_CAP_S, default_config, mkdocs  # noqa: E402
from tools.bench_editor import edited_article_seconds, preview_times, profile_build  # noqa: E402
from tools.bench_explorer import VIEWPORTS, explorer_redraw, summary  # noqa: E402
from tools.bench_project import MLCOMMONS, copy_project, synthetic_summaries  # noqa: E402
from tools.bench_targets import build_rows, print_targets, reader_rows  # noqa: E402
from tools.bench_weights import page_weight, search_index_sizes, site_size  # noqa: E402

SAMPLE_PAGES = {
    "home": "index.html",
    "article": "blog/2026/09/17/amd-512-accelerator-record/",
    "results": "results/v6.1/datacenter/gpt-oss-120b/offline/",
    "tag": "tags/nvidia/",
}

# More measurements of the real data's build, each a function of the built project's root
# folder returning target rows for the targets table (``bench_targets``: target, measured,
# limit, met). Each benchmark of another kind (a reader's first load, the explorer) adds its
# function here; they run in this order after the build measurements.
EXTRA_SECTIONS: list = []


def run(
    label: str, summaries: list[Path], work: Path, default_langs=LANGUAGES, extras: bool = False
) -> dict:
    root = copy_project(work / label)
    row: dict = {"label": label}
    started = time.perf_counter()
    t = time.perf_counter()
    shutil.rmtree(root / "data" / "results")
    run_import(summaries, root / "data")
    row["import"] = time.perf_counter() - t
    t, cpu = time.perf_counter(), cpu_seconds()
    data, registry, posts = check(root)
    row["check"] = time.perf_counter() - t
    split = {"check: data, claims, posts": cpu_seconds()[0] - cpu[0]}
    cpu = cpu_seconds()
    site_module.generate(data, root / "docs", LANGUAGES, registry, posts, log=lambda *a: None)
    row["generate"] = time.perf_counter() - t
    row["records"] = len(data.records)
    # The pages (and the site model they render) are made in this process; the charts are
    # drawn in the pool's processes, which have ended (and are counted) when generate returns.
    generated = cpu_seconds()
    split["generate: model and pages"] = generated[0] - cpu[0]
    split["generate: charts (pool)"] = generated[1] - cpu[1]
    t = time.perf_counter()
    print(f"  {label}: building {len(LANGUAGES)} languages in parallel…", flush=True)
    row["mkdocs"] = site_module.build(root / "site", LANGUAGES, log=lambda *a: None, root=root)
    row["mkdocs_wall"] = time.perf_counter() - t
    built = cpu_seconds()
    split["MkDocs and social cards"] = built[1] - generated[1]
    split["finishing step"] = built[0] - generated[0]
    row["cpu"] = split
    row["total"] = time.perf_counter() - started
    row["peak_mb"] = (
        max(
            resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
            resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss,
        )
        / 1024
    )
    row["pages"] = sum(len(list((root / "site" / l.code).rglob("index.html"))) for l in LANGUAGES)
    row["weights"] = {
        name: page_weight(root / "site" / "en", page) for name, page in SAMPLE_PAGES.items()
    }
    row["search"] = search_index_sizes(root / "site")
    row["size"] = site_size(root / "site")
    print(f"  {label}: rebuild with nothing changed…", flush=True)
    t = time.perf_counter()
    data, registry, posts = check(root)
    site_module.generate(data, root / "docs", LANGUAGES, registry, posts, log=lambda *a: None)
    generation_stamp.mark_generated(root)  # as `make site` records it
    row["regenerate"] = time.perf_counter() - t
    site_module.build(root / "site", LANGUAGES, log=lambda *a: None, root=root)
    row["rebuild"] = time.perf_counter() - t
    if label == "real":  # the editor's wait, measured with --builds-only too
        print(f"  {label}: make site after editing one article…", flush=True)
        (row["edited_article"], row["edited_article_cpu"], row["edited_article_mkdocs_cpu"]) = (
            edited_article_seconds(root)
        )
    if extras:
        row["extra_targets"] = [target for section in EXTRA_SECTIONS for target in section(root)]
    if default_langs:
        print(
            f"  {label}: default configuration ({', '.join(l.code for l in default_langs)}), "
            "one language after another…",
            flush=True,
        )
        capped = len(default_langs) != len(LANGUAGES)
        took = sum(
            mkdocs(
                default_config(root, lang),
                root / "default" / lang.code,
                root,
                timeout=DEFAULT_CAP_S if capped else None,
            )[0]
            for lang in default_langs
        )
        row["default_mkdocs"] = took * len(LANGUAGES) / len(default_langs)
        row["default_extrapolated"] = capped
        row["default_timed_out"] = capped and took >= DEFAULT_CAP_S
    if extras:
        print(f"  {label}: editor's preview (make serve LANG=zh)…", flush=True)
        row["preview"] = preview_times(root)
        print(f"  {label}: profile of the en build…", flush=True)
        row["profile"] = profile_build(root, "en")
        print(f"  {label}: first loads in Chromium (tools/bench_load.py)…", flush=True)
        row["load"] = bench_load.first_loads(root / "site")
        print(f"  {label}: results explorer's redraw (CPU ×4)…", flush=True)
        row["explorer"] = [explorer_redraw(root / "site", viewport=shape) for shape in VIEWPORTS]
        row["extra_targets"] += reader_rows(row["load"], row["explorer"])
    return row


def cpu_seconds() -> tuple[float, float]:
    """CPU seconds (user and system) of this process, and of the finished processes it has
    waited for: the machine may be shared, so the build is measured in CPU time, not wall time."""
    own, children = (
        resource.getrusage(who) for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)
    )
    return own.ru_utime + own.ru_stime, children.ru_utime + children.ru_stime


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scale", type=int, default=10, help="size of the synthetic dataset")
    parser.add_argument(
        "--builds-only",
        action="store_true",
        help="only the builds of the real and the synthetic data (the ×N "
        "target): no default configuration, editor or reader figures",
    )
    args = parser.parse_args()
    real = sorted(MLCOMMONS.glob("inference_v*_summary.json"))
    if not real:
        print(f"{MLCOMMONS} is absent: the benchmark imports the raw MLCommons files")
        return 1
    load = os.getloadavg()
    with tempfile.TemporaryDirectory(prefix="mlperf-bench-") as tmp:
        work = Path(tmp)
        rows = [
            run(
                "real",
                real,
                work,
                default_langs=() if args.builds_only else LANGUAGES,
                extras=not args.builds_only,
            )
        ]
        if args.scale > 1:
            print_table(rows)  # the real data's figures, while the larger run goes on
            print(flush=True)
            # A default build of ten times the pages takes most of an hour on two cores: one
            # language is built that way and multiplied by the number of languages.
            rows.append(
                run(
                    f"×{args.scale}",
                    synthetic_summaries(work, args.scale),
                    work,
                    default_langs=() if args.builds_only else LANGUAGES[:1],
                )
            )
    print_table(rows)
    print_targets(build_rows(rows) + rows[0].get("extra_targets", []))
    print(
        f"\nload average (1, 5, 15 min) at the start: {load[0]:.1f} {load[1]:.1f} "
        f"{load[2]:.1f}; at the end: "
        + " ".join(f"{x:.1f}" for x in os.getloadavg())
        + f"; {os.cpu_count()} cores"
    )
    return 0


def print_default_rows(rows: list[dict], show) -> None:
    """The rows comparing the build with a default Material configuration's."""
    show(
        "default config mkdocs (s)",
        [f"{r['default_mkdocs']:.2f}" + ("*" if r["default_extrapolated"] else "") for r in rows],
    )
    show("default ÷ ours (mkdocs)", [f"{r['default_mkdocs'] / r['mkdocs_wall']:.2f}" for r in rows])
    show(
        "default ÷ ours (total wall)",
        [f"{(r['total'] - r['mkdocs_wall'] + r['default_mkdocs']) / r['total']:.2f}" for r in rows],
    )
    if any(r["default_extrapolated"] for r in rows):
        print(
            "* English only with the default configuration, multiplied by "
            f"{len(LANGUAGES)} languages"
            + (
                f"; stopped after {DEFAULT_CAP_S} s, so a lower bound"
                if any(r.get("default_timed_out") for r in rows)
                else ""
            )
        )


def print_table(rows: list[dict]) -> None:
    """The figures of each ``run`` row side by side (real data, then the synthetic data)."""
    line = "{:<28}" + "{:>14}" * len(rows)
    print()
    print(line.format("", *(r["label"] for r in rows)))

    def show(name, values):
        print(line.format(name, *values))

    show("records", [f"{r['records']:,}" for r in rows])
    show("pages built (3 languages)", [f"{r['pages']:,}" for r in rows])
    show("import (s)", [f"{r['import']:.2f}" for r in rows])
    show("check + generate (s)", [f"{r['generate']:.2f}" for r in rows])
    for lang in LANGUAGES:
        show(f"mkdocs {lang.code} (s)", [f"{r['mkdocs'][lang.code]:.2f}" for r in rows])
    show("mkdocs, parallel wall (s)", [f"{r['mkdocs_wall']:.2f}" for r in rows])
    show("total wall (s)", [f"{r['total']:.2f}" for r in rows])
    show("ms per page", [f"{1000 * r['total'] / r['pages']:.1f}" for r in rows])
    show("CPU s, cold make site", [f"{sum(r['cpu'].values()):.1f}" for r in rows])
    for stage in rows[0]["cpu"]:
        show(f"  {stage}", [f"{r['cpu'][stage]:.1f}" for r in rows])
    show("CPU ms per page", [f"{1000 * sum(r['cpu'].values()) / r['pages']:.1f}" for r in rows])
    show("rebuild, unchanged (s)", [f"{r['rebuild']:.2f}" for r in rows])
    show("  of which check + generate", [f"{r['regenerate']:.2f}" for r in rows])
    show("ms per page, rebuild", [f"{1000 * r['rebuild'] / r['pages']:.1f}" for r in rows])
    show("peak memory (MB)", [f"{r['peak_mb']:.0f}" for r in rows])
    for name in SAMPLE_PAGES:
        show(f"gzip KB, {name} page (en)", [f"{r['weights'][name][0] / 1024:.1f}" for r in rows])
    show("  results, chart interactive", [f"{r['weights']['results'][1] / 1024:.1f}" for r in rows])
    show("site size (MB)", [f"{r['size']['mb']:.1f}" for r in rows])
    show("  files", [f"{r['size']['files']:,}" for r in rows])
    show("  social cards (MB)", [f"{r['size']['cards_mb']:.1f}" for r in rows])
    show("  source maps", [f"{r['size']['maps']}" for r in rows])
    show("  copies of the Vega bundle", [f"{r['size']['bundles']}" for r in rows])
    show(
        "  downloads once for all languages",
        [
            f"{r['size']['shared_downloads']:,} ({r['size']['shared_downloads_mb']:.1f} MB)"
            for r in rows
        ],
    )
    show("  downloads of each language", [f"{r['size']['language_downloads']:,}" for r in rows])
    for lang in LANGUAGES:
        show(
            f"search index {lang.code} (KB raw)",
            [f"{r['search'][lang.code][0] / 1024:.0f}" for r in rows],
        )
        show("  gzip (KB)", [f"{r['search'][lang.code][1] / 1024:.0f}" for r in rows])
    show("check (s)", [f"{r['check']:.2f}" for r in rows])
    if all("default_mkdocs" in r for r in rows):  # not measured with --builds-only
        print_default_rows(rows, show)
    if len(rows) == 2:
        print(
            f"\n×{rows[1]['records'] / rows[0]['records']:.1f} the records cost "
            f"×{rows[1]['total'] / rows[0]['total']:.2f} the total time "
            f"(×{rows[1]['pages'] / rows[0]['pages']:.1f} the pages)."
        )
    for row in rows:
        if "preview" in row:
            p = row["preview"]
            print(
                f"\neditor's preview ({row['label']}, make serve LANG=zh): serving after "
                f"{p['start']:.1f} s; an edited post rebuilt {p['post']:.1f} s after saving, "
                f"an edited data/claims.yaml {p['claims']:.1f} s after saving"
            )
        for figures in row.get("explorer", []):
            print(f"\n{summary(figures)} ({row['label']})")
        if "profile" in row:
            print(
                f"\nprofile of the en MkDocs build ({row['label']}, cProfile, cumulative s; "
                "groups overlap):"
            )
            for name, seconds in row["profile"]:
                print(f"  {name:<40}{seconds:>8.2f}")
        if "load" in row:
            print(f"\na reader's first load ({row['label']}; targets: results ≤ 150, home ≤ 100):")
            bench_load.print_loads(row["load"])


if __name__ == "__main__":
    sys.exit(main())
