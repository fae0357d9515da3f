"""Build benchmark: `make bench` prints build times, page weights and search index sizes.

Runs on (a) the real data and (b) a synthetic dataset ten times larger, made from the real
records (each real round copied into nine more rounds with renamed systems and results scaled
by a few per cent). Each runs in a copy of the project, from a clean state: import, check and
generate, each language's MkDocs build (in parallel, as `make site` does), then the same
generated pages built with a default Material configuration (automatic navigation, languages
one after another) for comparison. Figures are wall seconds on this machine; peak memory is
the largest resident set of this process or one MkDocs build.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator import site as site_module  # noqa: E402
from generator.check import check  # noqa: E402
from generator.importer import run_import  # noqa: E402
from generator.languages import LANGUAGES  # noqa: E402

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
    no hooks beyond the claims renderer the articles need, the same plugins."""
    path = root / f"mkdocs.default.{lang.code}.yml"
    path.write_text(
        f"site_name: Default\nsite_url: https://example.org/{lang.code}/\n"
        f"docs_dir: docs/{lang.code}\ntheme:\n  name: material\n  language: {lang.code}\n"
        "hooks: [hooks/claims.py]\nplugins:\n  - search\n  - blog\n  - tags:\n"
        "      tags_slugify: !!python/name:generator.editorial.slugify\n"
        "markdown_extensions: [attr_list, tables, footnotes, admonition]\n",
        encoding="utf-8")
    return path


def mkdocs(config: Path, out: Path, root: Path) -> tuple[float, int]:
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q", "-f", str(config), "-d",
                    str(out)], cwd=root, check=True, capture_output=True,
                   env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    return time.perf_counter() - started, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss


def page_weight(site_lang: Path, page: str) -> int:
    """Gzip bytes of a page and every file it loads (stylesheets, scripts, images, and the Vega
    bundle and chart spec when the page has a chart)."""
    html_path = site_lang / page / "index.html" if not page.endswith(".html") else site_lang / page
    text = html_path.read_text(encoding="utf-8")
    assets = set(re.findall(r'<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"', text))
    assets |= set(re.findall(r'<script[^>]+src="([^"]+)"', text))
    assets |= set(re.findall(r'<img[^>]+src="([^"]+)"', text))
    if 'class="mlperf-chart"' in text:
        assets |= {"leaders.vl.json"}
        bundle = site_lang / "assets/javascripts/vendor/vega-bundle.js"
        total = len(gzip.compress(bundle.read_bytes(), 9, mtime=0))
    else:
        total = 0
    total += len(gzip.compress(html_path.read_bytes(), 9, mtime=0))
    for asset in assets:
        if asset.startswith(("http:", "https:", "data:")):
            continue
        file = (html_path.parent / asset.split("?")[0].split("#")[0]).resolve()
        if file.is_file():
            total += len(gzip.compress(file.read_bytes(), 9, mtime=0))
    return total


def run(label: str, summaries: list[Path], work: Path) -> dict:
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
    with ThreadPoolExecutor(len(LANGUAGES)) as pool:
        builds = list(pool.map(lambda l: mkdocs(root / f"mkdocs.{l.code}.yml",
                                                root / "site" / l.code, root), LANGUAGES))
    row["mkdocs"] = {l.code: b[0] for l, b in zip(LANGUAGES, builds)}
    row["mkdocs_wall"] = time.perf_counter() - t
    row["total"] = time.perf_counter() - started
    row["peak_mb"] = max(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
                         max(b[1] for b in builds)) / 1024
    row["pages"] = sum(len(list((root / "site" / l.code).rglob("index.html")))
                       for l in LANGUAGES)
    row["weights"] = {name: page_weight(root / "site" / "en", page)
                      for name, page in SAMPLE_PAGES.items()}
    row["search"] = {l.code: (root / "site" / l.code / "search" / "search_index.json")
                     .stat().st_size for l in LANGUAGES}
    print(f"  {label}: rebuild with nothing changed…", flush=True)
    t = time.perf_counter()
    data, registry, posts = check(root)
    site_module.generate(data, root / "docs", LANGUAGES, registry, posts, log=lambda *a: None)
    with ThreadPoolExecutor(len(LANGUAGES)) as pool:
        list(pool.map(lambda l: mkdocs(root / f"mkdocs.{l.code}.yml", root / "site" / l.code,
                                       root), LANGUAGES))
    row["rebuild"] = time.perf_counter() - t
    print(f"  {label}: default configuration, languages one after another…", flush=True)
    t = time.perf_counter()
    for lang in LANGUAGES:
        mkdocs(default_config(root, lang), root / "default" / lang.code, root)
    row["default_mkdocs"] = time.perf_counter() - t
    return row


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scale", type=int, default=10, help="size of the synthetic dataset")
    args = parser.parse_args()
    real = sorted(MLCOMMONS.glob("inference_v*_summary.json"))
    if not real:
        print(f"{MLCOMMONS} is absent: the benchmark imports the raw MLCommons files")
        return 1
    with tempfile.TemporaryDirectory(prefix="mlperf-bench-") as tmp:
        work = Path(tmp)
        rows = [run("real", real, work)]
        rows.append(run(f"×{args.scale}", synthetic_summaries(work, args.scale), work))
    print_table(rows)
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
    show("ms per page, rebuild", [f"{1000 * r['rebuild'] / r['pages']:.1f}" for r in rows])
    show("peak memory (MB)", [f"{r['peak_mb']:.0f}" for r in rows])
    for name in SAMPLE_PAGES:
        show(f"gzip KB, {name} page (en)", [f"{r['weights'][name] / 1024:.1f}" for r in rows])
    for lang in LANGUAGES:
        show(f"search index {lang.code} (KB)", [f"{r['search'][lang.code] / 1024:.0f}"
                                              for r in rows])
    show("default config mkdocs (s)", [f"{r['default_mkdocs']:.2f}" for r in rows])
    show("default ÷ ours (mkdocs)", [f"{r['default_mkdocs'] / r['mkdocs_wall']:.2f}"
                                     for r in rows])
    show("check (s)", [f"{r['check']:.2f}" for r in rows])
    if len(rows) == 2:
        print(f"\n×{rows[1]['records'] / rows[0]['records']:.1f} the records cost "
              f"×{rows[1]['total'] / rows[0]['total']:.2f} the total time.")


if __name__ == "__main__":
    sys.exit(main())
