"""Command line: ``python -m generator {import,build,site,check}``.

``import`` reads MLCommons summary files into ``data/``; ``build`` writes the generated pages
into ``docs/``; ``site`` does ``build`` and then builds every language into ``site/``; ``check``
validates everything an editor can touch. Errors are printed one per line as
``file: place: field 'x': problem`` and the exit status is 1.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from . import catalogs, dataset, importer, site
from .errors import InputError, InputErrors

ROOT = site.ROOT


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m generator", description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=ROOT / "data", help="dataset folder")
    commands = parser.add_subparsers(dest="command", required=True)
    p_import = commands.add_parser("import", help="import MLCommons summary files into data/")
    p_import.add_argument("paths", nargs="+", type=Path, help="summary JSON files")
    p_build = commands.add_parser("build", help="write the generated pages into docs/")
    p_build.add_argument("--docs", type=Path, default=ROOT / "docs")
    p_site = commands.add_parser("site", help="build, then build every language into site/")
    p_site.add_argument("--docs", type=Path, default=ROOT / "docs")
    p_site.add_argument("--site", type=Path, default=ROOT / "site")
    commands.add_parser("check", help="validate the dataset")
    commands.add_parser("catalogs", help="update the message catalogs from code and templates")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    try:
        if args.command == "import":
            counts = importer.run_import(args.paths, args.data)
            for round_name, count in sorted(counts.items()):
                print(f"{round_name}: {count} records -> {dataset.round_table(args.data, round_name)}")
        elif args.command == "catalogs":
            for path in catalogs.update_catalogs(ROOT):
                print(f"updated {path.relative_to(ROOT)}")
        elif args.command == "check":
            data = dataset.load(args.data)
            print(f"data: {len(data.records)} records in {len(data.rounds)} rounds, all valid")
        else:
            data = dataset.load(args.data)
            print(f"generating pages from {len(data.records)} records")
            site.generate(data, args.docs)
            if args.command == "site":
                print("building with MkDocs")
                site.build(args.site)
                print(f"site written to {args.site}")
    except InputErrors as exc:
        for error in exc.errors:
            print(error, file=sys.stderr)
        print(f"{len(exc.errors)} error(s); nothing was written", file=sys.stderr)
        return 1
    except (InputError, site.BuildError) as exc:
        print(exc, file=sys.stderr)
        return 1
    print(f"done in {time.perf_counter() - started:.1f} s")
    return 0
