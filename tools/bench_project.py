"""The benchmark's projects: a copy of this checkout's committed files, and synthetic MLCommons
summaries ten times larger, made from the real ones (each real round copied into nine more
rounds with renamed systems and results scaled by a few per cent)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

from generator.project import ROOT

MLCOMMONS = ROOT.parent / "shared" / "data" / "mlperf"


def copy_project(target: Path) -> Path:
    """A copy of the committed files of this checkout (git ls-files) in ``target``."""
    files = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
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
