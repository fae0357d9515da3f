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
with the rows of ``EXTRA_SECTIONS``.

Figures are wall seconds on this machine, which other work may share: the load average is
printed, and ratios are taken within one run. Peak memory is the largest resident set of this
process or one MkDocs build. Page weights are gzip KB of what a reader's first load fetches.
"""

from __future__ import annotations

import argparse
import cProfile
import gzip
import json
import os
import pstats
import re
import resource
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.data.importer import run_import  # noqa: E402
from generator.editorial.check import check  # noqa: E402
from generator.i18n.languages import LANGUAGES  # noqa: E402
from generator.site import build as site_module  # noqa: E402
from tools import bench_load  # noqa: E402
from tools.bench_explorer import explorer_redraw, summary  # noqa: E402
from generator.site import generation_stamp  # noqa: E402
from tools.bench_targets import build_rows, print_targets, reader_rows  # noqa: E402

MLCOMMONS = ROOT.parent / "shared" / "data" / "mlperf"
SAMPLE_PAGES = {"home": "index.html", "article": "blog/2026/09/17/amd-512-accelerator-record/",
                "results": "results/v6.1/datacenter/gpt-oss-120b/offline/", "tag": "tags/nvidia/"}


def copy_project(target: Path) -> Path:
    files = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True,
                           check=True).stdout.split()
    for name in files:
        (target / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / name, target / name)
    return target


def synthetic_summaries(folder: Path, copies: int) -> list[Path]:
    """Final-report files: each real round, plus ``copies - 1`` renamed copies of it."""
    out = []
    for source in sorted(MLCOMMONS.glob("inference_v*_summary.json")):
        raw = json.loads(source.read_text(encoding="utf-8"))
        records = list(raw.values()) if isinstance(raw, dict) else raw
        major, minor = records[0]["version"].removeprefix("v").split(".")
        for copy in range(copies):
            version = f"v{int(major) + 10 * copy}.{minor}"
            rows = []
            for r in records:
                r = dict(r)
                r["version"] = version
                r.pop("ID", None)
                key = "Result" if "Result" in r else "Performance_Result"
                r[key] = float(r[key]) * (1 + 0.01 * copy)
                name_key = "SystemName" if "SystemName" in r else "System"
                r[name_key] = f"{r[name_key]} (copy {copy})" if copy else r[name_key]
                rows.append(r)
            path = folder / f"{version}-{source.stem}.json"
            data = {str(i): r for i, r in enumerate(rows)} if isinstance(raw, dict) else rows
            path.write_text(json.dumps(data), encoding="utf-8")
            out.append(path)
    return out


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
        encoding="utf-8")
    return path


def mkdocs(config: Path, out: Path, root: Path, timeout: float | None = None
           ) -> tuple[float, int]:
    """Wall seconds of one MkDocs build and the peak resident set (KB) of child processes so
    far; a build still running after ``timeout`` seconds is stopped and counted as taking
    ``timeout`` (a lower bound, marked in the table)."""
    started = time.perf_counter()
    try:
        subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q", "-f", str(config), "-d",
                        str(out)], cwd=root, check=True, capture_output=True,
                       env={**os.environ, "NO_MKDOCS_2_WARNING": "1"}, timeout=timeout)
    except subprocess.TimeoutExpired:
        return float(timeout), resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return time.perf_counter() - started, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss


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
    assets |= {src for tag, src in re.findall(r'(<img[^>]+src="([^"]+)")', text)
               if 'loading="lazy"' not in tag}
    charts = re.findall(r'<figure class="mlperf-chart" data-spec="([^"]+)">\s*<img src="([^"]+)"',
                        text)
    later = 0
    if charts:
        spec, svg = charts[0]
        assets.add(svg)
        later = gzip_size(site_lang.parent / "assets" / "vendor" / "vega-bundle.js")
        later += gzip_size(html_path.parent / spec)
    total = gzip_size(html_path)
    for asset in assets:
        if asset.startswith(("http:", "https:", "data:")):
            continue
        file = (html_path.parent / asset.split("?")[0].split("#")[0]).resolve()
        if file.is_file():
            total += gzip_size(file)
    return total, total + later


def site_size(site: Path) -> dict:
    """Size of the published site: MB, files, social-card PNGs (MB), source maps, copies of
    the Vega bundle, and the CSV/JSON downloads: those published once for every language
    (``downloads/``, files and MB) and those of each language (files, all languages)."""
    files = [p for p in site.rglob("*") if p.is_file()]
    cards = [p for p in files if "social" in p.parts and p.suffix == ".png"]
    top = {p: p.parts[len(site.parts)] for p in files}  # the folder below the site root
    once = [p for p in files if top[p] == "downloads"]
    own = [p for p in files if p.suffix in (".csv", ".json") and top[p] in CODES
           and not p.name.endswith(".vl.json") and p.parent.name != "search"]
    return {"mb": sum(p.stat().st_size for p in files) / 2**20, "files": len(files),
            "cards_mb": sum(p.stat().st_size for p in cards) / 2**20,
            "maps": sum(p.suffix == ".map" for p in files),
            "bundles": sum(p.name == "vega-bundle.js" for p in files),
            "shared_downloads": len(once),
            "shared_downloads_mb": sum(p.stat().st_size for p in once) / 2**20,
            "language_downloads": len(own)}


CODES = {lang.code for lang in LANGUAGES}


# More measurements of the real data's build, each a function of the built project's root
# folder returning target rows for the targets table (``bench_targets``: target, measured,
# limit, met). Each benchmark of another kind (a reader's first load, the explorer) adds its
# function here; they run in this order after the build measurements.
EXTRA_SECTIONS: list = []


def edited_article_seconds(root: Path) -> float:
    """Wall seconds of `make site` (``python -m generator site``, cards as configured) after
    one English article's text changed, the previous build being complete."""
    post = sorted((root / "docs" / "en" / "blog" / "posts").glob("*.md"))[0]
    post.write_text(post.read_text(encoding="utf-8") + "\nOne more sentence.\n",
                    encoding="utf-8")
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "generator", "site"], cwd=root, check=True,
                   capture_output=True, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    return time.perf_counter() - started


# Seconds after which the capped default build (×10 data, English only) is stopped.
DEFAULT_CAP_S = 900

PROFILE_GROUPS = (  # (label, predicate on "file:function") in the cProfile summary
    ("configuration (load_config)", lambda k: k.endswith("config/base.py:load_config")),
    ("Markdown (Python-Markdown convert)", lambda k: k.endswith("markdown/core.py:convert")),
    ("plugins and hooks (all events)", lambda k: k.endswith("mkdocs/plugins.py:run_event")),
    ("  search plugin, per page", lambda k: k.endswith("search/plugin.py:on_page_context")),
    ("  social plugin, per page", lambda k: k.endswith("social/plugin.py:on_post_page")),
    ("  claims extension, per page", lambda k: k.endswith("claim_markdown.py:run")),
    ("theme templates (Jinja render)", lambda k: k.endswith("jinja2/environment.py:render")),
    ("copying static files", lambda k: k.endswith("structure/files.py:copy_static_files")),
    ("whole build (mkdocs build)", lambda k: k.endswith("commands/build.py:build")),
)


def profile_build(root: Path, lang_code: str) -> list[tuple[str, float]]:
    """cProfile of one language's MkDocs build in this process: cumulative seconds per group of
    ``PROFILE_GROUPS`` (groups overlap: templates run inside plugins' events too). Profiling
    slows the build about 1.5×; the shares are what matters."""
    from mkdocs.commands.build import build as mkdocs_build
    from mkdocs.config import load_config
    cwd = os.getcwd()
    os.chdir(root)
    os.environ["NO_MKDOCS_2_WARNING"] = "1"
    profiler = cProfile.Profile()
    try:
        profiler.enable()
        config = load_config(str(root / f"mkdocs.{lang_code}.yml"),
                             site_dir=str(root / "profiled" / lang_code))
        config.plugins.on_startup(command="build", dirty=False)
        mkdocs_build(config)
        config.plugins.on_shutdown()
        profiler.disable()
    finally:
        os.chdir(cwd)
    stats = pstats.Stats(profiler).stats
    by_name: dict[str, float] = {}
    for (file, _, function), (_, _, _, cumulative, _) in stats.items():
        key = f"{file}:{function}"
        by_name[key] = max(by_name.get(key, 0.0), cumulative)
    return [(label, sum(v for k, v in by_name.items() if wanted(k)))
            for label, wanted in PROFILE_GROUPS]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def preview_times(root: Path, lang_code: str = "zh") -> dict[str, float]:
    """Wall seconds of the editor's preview as `make serve LANG=zh` runs it: until it serves,
    then from saving an edited post, and an edited data/claims.yaml, until it has rebuilt."""
    env = {**os.environ, "MLPERF_PREVIEW": "1", "SOCIAL_CARDS": "0", "NO_MKDOCS_2_WARNING": "1"}
    started = time.perf_counter()
    server = subprocess.Popen(
        [sys.executable, "-m", "mkdocs", "serve", "-f", f"mkdocs.{lang_code}.yml", "-a",
         f"127.0.0.1:{free_port()}"], cwd=root, env=env, text=True,
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    lines: list[tuple[float, str]] = []
    reader = threading.Thread(target=lambda: [lines.append((time.perf_counter(), line))
                                              for line in server.stdout], daemon=True)
    reader.start()

    def wait_for(text: str, after: float) -> float:
        deadline = time.perf_counter() + 300
        while time.perf_counter() < deadline:
            for at, line in list(lines):
                if at >= after and text in line:
                    return at
            time.sleep(0.05)
        raise RuntimeError(f"the preview never said {text!r}:\n" + "".join(l for _, l in lines))

    times = {}
    try:
        times["start"] = wait_for("Serving on", started) - started
        time.sleep(1)
        for name, path in (("post", sorted((root / "docs" / lang_code / "blog" / "posts")
                                           .glob("*.md"))[0]),
                           ("claims", root / "data" / "claims.yaml")):
            saved = time.perf_counter()
            with path.open("a", encoding="utf-8") as handle:
                handle.write("\n")
            times[name] = wait_for("Documentation built", saved) - saved
            time.sleep(1)
    finally:
        server.terminate()
        server.wait(30)
    return times


def run(label: str, summaries: list[Path], work: Path, default_langs=LANGUAGES,
        extras: bool = False) -> dict:
    root = copy_project(work / label)
    row: dict = {"label": label}
    started = time.perf_counter()
    t = time.perf_counter()
    shutil.rmtree(root / "data" / "results")
    run_import(summaries, root / "data")
    row["import"] = time.perf_counter() - t
    t = time.perf_counter()
    data, registry, posts = check(root)
    row["check"] = time.perf_counter() - t
    site_module.generate(data, root / "docs", LANGUAGES, registry, posts,
                         log=lambda *a: None)
    row["generate"] = time.perf_counter() - t
    row["records"] = len(data.records)
    t = time.perf_counter()
    print(f"  {label}: building {len(LANGUAGES)} languages in parallel…", flush=True)
    row["mkdocs"] = site_module.build(root / "site", LANGUAGES, log=lambda *a: None, root=root)
    row["mkdocs_wall"] = time.perf_counter() - t
    row["total"] = time.perf_counter() - started
    row["peak_mb"] = max(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
                         resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss) / 1024
    row["pages"] = sum(len(list((root / "site" / l.code).rglob("index.html")))
                       for l in LANGUAGES)
    row["weights"] = {name: page_weight(root / "site" / "en", page)
                      for name, page in SAMPLE_PAGES.items()}
    row["search"] = {l.code: (root / "site" / l.code / "search" / "search_index.json")
                     .stat().st_size for l in LANGUAGES}
    row["size"] = site_size(root / "site")
    print(f"  {label}: rebuild with nothing changed…", flush=True)
    t = time.perf_counter()
    data, registry, posts = check(root)
    site_module.generate(data, root / "docs", LANGUAGES, registry, posts, log=lambda *a: None)
    generation_stamp.mark_generated(root)  # as `make site` records it
    row["regenerate"] = time.perf_counter() - t
    site_module.build(root / "site", LANGUAGES, log=lambda *a: None, root=root)
    row["rebuild"] = time.perf_counter() - t
    if extras:
        print(f"  {label}: make site after editing one article…", flush=True)
        row["edited_article"] = edited_article_seconds(root)
        row["extra_targets"] = [target for section in EXTRA_SECTIONS for target in section(root)]
    print(f"  {label}: default configuration ({', '.join(l.code for l in default_langs)}), "
          "one language after another…", flush=True)
    capped = len(default_langs) != len(LANGUAGES)
    took = sum(mkdocs(default_config(root, lang), root / "default" / lang.code, root,
                      timeout=DEFAULT_CAP_S if capped else None)[0] for lang in default_langs)
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
        row["explorer"] = explorer_redraw(root / "site")
        row["extra_targets"] += reader_rows(row["load"], row["explorer"])
    return row


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scale", type=int, default=10, help="size of the synthetic dataset")
    args = parser.parse_args()
    real = sorted(MLCOMMONS.glob("inference_v*_summary.json"))
    if not real:
        print(f"{MLCOMMONS} is absent: the benchmark imports the raw MLCommons files")
        return 1
    load = os.getloadavg()
    with tempfile.TemporaryDirectory(prefix="mlperf-bench-") as tmp:
        work = Path(tmp)
        rows = [run("real", real, work, extras=True)]
        if args.scale > 1:
            print_table(rows)  # the real data's figures, while the larger run goes on
            print(flush=True)
            # A default build of ten times the pages takes most of an hour on two cores: one
            # language is built that way and multiplied by the number of languages.
            rows.append(run(f"×{args.scale}", synthetic_summaries(work, args.scale), work,
                            default_langs=LANGUAGES[:1]))
    print_table(rows)
    print_targets(build_rows(rows) + rows[0].get("extra_targets", []))
    print(f"\nload average (1, 5, 15 min) at the start: {load[0]:.1f} {load[1]:.1f} "
          f"{load[2]:.1f}; at the end: " + " ".join(f"{x:.1f}" for x in os.getloadavg())
          + f"; {os.cpu_count()} cores")
    return 0


def print_table(rows: list[dict]) -> None:
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
    show("rebuild, unchanged (s)", [f"{r['rebuild']:.2f}" for r in rows])
    show("  of which check + generate", [f"{r['regenerate']:.2f}" for r in rows])
    show("ms per page, rebuild", [f"{1000 * r['rebuild'] / r['pages']:.1f}" for r in rows])
    show("peak memory (MB)", [f"{r['peak_mb']:.0f}" for r in rows])
    for name in SAMPLE_PAGES:
        show(f"gzip KB, {name} page (en)", [f"{r['weights'][name][0] / 1024:.1f}" for r in rows])
    show("  results, chart interactive", [f"{r['weights']['results'][1] / 1024:.1f}"
                                          for r in rows])
    show("site size (MB)", [f"{r['size']['mb']:.1f}" for r in rows])
    show("  files", [f"{r['size']['files']:,}" for r in rows])
    show("  social cards (MB)", [f"{r['size']['cards_mb']:.1f}" for r in rows])
    show("  source maps", [f"{r['size']['maps']}" for r in rows])
    show("  copies of the Vega bundle", [f"{r['size']['bundles']}" for r in rows])
    show("  downloads once for all languages", [
        f"{r['size']['shared_downloads']:,} ({r['size']['shared_downloads_mb']:.1f} MB)"
        for r in rows])
    show("  downloads of each language", [f"{r['size']['language_downloads']:,}" for r in rows])
    for lang in LANGUAGES:
        show(f"search index {lang.code} (KB)", [f"{r['search'][lang.code] / 1024:.0f}"
                                              for r in rows])
    show("default config mkdocs (s)", [f"{r['default_mkdocs']:.2f}"
                                        + ("*" if r["default_extrapolated"] else "")
                                        for r in rows])
    show("default ÷ ours (mkdocs)", [f"{r['default_mkdocs'] / r['mkdocs_wall']:.2f}"
                                     for r in rows])
    show("check (s)", [f"{r['check']:.2f}" for r in rows])
    show("default ÷ ours (total wall)", [f"{(r['total'] - r['mkdocs_wall'] + r['default_mkdocs']) / r['total']:.2f}"
                                         for r in rows])
    if any(r["default_extrapolated"] for r in rows):
        print("* English only with the default configuration, multiplied by "
              f"{len(LANGUAGES)} languages"
              + (f"; stopped after {DEFAULT_CAP_S} s, so a lower bound"
                 if any(r.get("default_timed_out") for r in rows) else ""))
    if len(rows) == 2:
        print(f"\n×{rows[1]['records'] / rows[0]['records']:.1f} the records cost "
              f"×{rows[1]['total'] / rows[0]['total']:.2f} the total time "
              f"(×{rows[1]['pages'] / rows[0]['pages']:.1f} the pages).")
    for row in rows:
        if "preview" in row:
            p = row["preview"]
            print(f"\neditor's preview ({row['label']}, make serve LANG=zh): serving after "
                  f"{p['start']:.1f} s; an edited post rebuilt {p['post']:.1f} s after saving, "
                  f"an edited data/claims.yaml {p['claims']:.1f} s after saving")
        if "explorer" in row:
            print(f"\n{summary(row['explorer'])} ({row['label']})")
        if "profile" in row:
            print(f"\nprofile of the en MkDocs build ({row['label']}, cProfile, cumulative s; "
                  "groups overlap):")
            for name, seconds in row["profile"]:
                print(f"  {name:<40}{seconds:>8.2f}")
        if "load" in row:
            print(f"\na reader's first load ({row['label']}; targets: results ≤ 150, home ≤ 100):")
            bench_load.print_loads(row["load"])


if __name__ == "__main__":
    sys.exit(main())
