"""An editor's waits: `make site` after one article's edit, the preview's (`make serve`) start and
rebuilds after saving, and a cProfile summary of one language's MkDocs build (where its time
goes: Markdown, plugins and hooks, theme templates, copying, configuration)."""

from __future__ import annotations

import cProfile
import os
import pstats
import resource
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path


def edited_article_seconds(root: Path) -> tuple[float, float, float]:
    """Wall and CPU seconds (user and system, of every process it ran) of `make site`
    (``python -m generator site``, cards as configured) after one English article's text
    changed, the previous build being complete; and the CPU seconds of the one MkDocs build it
    runs (English: the other languages' inputs are unchanged), measured again alone, the same
    build of the same inputs into a scratch folder. The rest is check, generate, the finishing
    step and the processes' start."""
    from generator.i18n.languages import language
    from generator.site import build as site_module

    post = sorted((root / "docs" / "en" / "blog" / "posts").glob("*.md"))[0]
    post.write_text(post.read_text(encoding="utf-8") + "\nOne more sentence.\n", encoding="utf-8")
    started, cpu = time.perf_counter(), children_cpu()
    subprocess.run(
        [sys.executable, "-m", "generator", "site"],
        cwd=root,
        check=True,
        capture_output=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    wall, total = time.perf_counter() - started, children_cpu() - cpu
    cpu = children_cpu()
    epoch = os.environ.get("SOURCE_DATE_EPOCH") or site_module.build_epoch(root)
    site_module._mkdocs_build(language("en"), root / "edited-en", True, root, epoch)
    return wall, total, children_cpu() - cpu


def children_cpu() -> float:
    """CPU seconds (user and system) of the finished processes this one has waited for."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


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
        config = load_config(
            str(root / f"mkdocs.{lang_code}.yml"), site_dir=str(root / "profiled" / lang_code)
        )
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
    return [
        (label, sum(v for k, v in by_name.items() if wanted(k))) for label, wanted in PROFILE_GROUPS
    ]


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
        [
            sys.executable,
            "-m",
            "mkdocs",
            "serve",
            "-f",
            f"mkdocs.{lang_code}.yml",
            "-a",
            f"127.0.0.1:{free_port()}",
        ],
        cwd=root,
        env=env,
        text=True,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    lines: list[tuple[float, str]] = []
    reader = threading.Thread(
        target=lambda: [lines.append((time.perf_counter(), line)) for line in server.stdout],
        daemon=True,
    )
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
        for name, path in (
            ("post", sorted((root / "docs" / lang_code / "blog" / "posts").glob("*.md"))[0]),
            ("claims", root / "data" / "claims.yaml"),
        ):
            saved = time.perf_counter()
            with path.open("a", encoding="utf-8") as handle:
                handle.write("\n")
            times[name] = wait_for("Documentation built", saved) - saved
            time.sleep(1)
    finally:
        server.terminate()
        server.wait(30)
    return times
