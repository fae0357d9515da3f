"""Command line of the mlperf-wiki generator.

``import`` reads MLCommons summary files into ``data/``; ``check`` validates everything an
editor can touch (dataset, claims, authors, tags, articles); ``build`` checks, then writes the
generated pages into ``docs/``; ``site`` builds, then builds every language into ``site/``;
``new-article`` scaffolds a post in every language; ``catalogs`` updates the message catalogs;
``specs-seed`` writes the accelerator cards' Epoch AI values from its CSV; ``changed-languages``
and ``preview-summary`` serve a pull request's preview on GitHub Actions (``generator.ci``).
Errors are printed one per line as ``file: place: field 'x': problem``; the exit status is 1.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import sys
import time
from pathlib import Path

from generator import ci, files
from generator.data import dataset, editor_yaml, fetch, identity, importer, publication, withdrawn
from generator.editorial.check import check, check_generated_links, notes
from generator.editorial.import_check import claims_validator
from generator.editorial.scaffold import WORKING_TITLE
from generator.errors import InputError, InputErrors
from generator.files import write_text_atomic
from generator.i18n.languages import LANGUAGES, language
from generator.model import specs
from generator.pages.new_article import new_article
from generator.project import ROOT
from generator.site import build as site
from generator.site import catalog_update, generation_stamp


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m generator", description=__doc__.split("\n\n")[1].replace("``", "")
    )
    parser.add_argument(
        "--root",
        type=Path,
        default=ROOT,
        help="project folder (data/, docs/, mkdocs.yml); default: this checkout",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    p_import = commands.add_parser("import", help="import MLCommons summary files into data/")
    p_import.add_argument("paths", nargs="+", type=Path, help="summary JSON files")
    p_import.add_argument(
        "--replace-round",
        action="append",
        default=[],
        metavar="ROUND",
        help="let the import remove records of this round (e.g. v6.1) that "
        "data/ holds: replace the round on purpose (repeatable)",
    )
    p_import.add_argument(
        "--published",
        action="append",
        default=[],
        metavar="ROUND=DATE",
        type=_round_date,
        help="official publication date of a round, e.g. v6.2=2027-03-31 "
        "(repeatable; default: the date data/rounds.yaml holds, else "
        "today for a new round)",
    )
    codes = [lang.code for lang in LANGUAGES]
    for name, text in (
        ("build", "write the generated pages into docs/"),
        ("site", "build, then build each language into site/<code>/"),
    ):
        sub = commands.add_parser(name, help=text)
        sub.add_argument(
            "--lang",
            action="append",
            choices=codes,
            help="only this language (repeatable); default: all",
        )
        sub.add_argument(
            "--deploy",
            action="store_true",
            help="the deployed site: leave out rounds published less than 14 days "
            "ago (MLCommons' results messaging guidelines; data/rounds.yaml)",
        )
        if name == "site":
            sub.add_argument(
                "--site",
                type=Path,
                default=None,
                help="output folder; default: site/ of the project",
            )
    p_fetch = commands.add_parser(
        "fetch",
        help="download MLCommons' summary files of every round in data/ and of the next round",
    )
    p_fetch.add_argument("--to", type=Path, required=True, help="folder for the files")
    p_fetch.add_argument(
        "--base",
        default=fetch.RAW,
        help="where the repositories are read (default: GitHub's raw files)",
    )
    commands.add_parser("check", help="validate data, claims, authors, tags and articles")
    # A pull request's preview on GitHub Actions (generator/ci.py, .github/workflows/pr.yml).
    p_changed = commands.add_parser(
        "changed-languages",
        help="print, as a JSON list, the languages whose pages the changes since a commit reach",
    )
    p_preview = commands.add_parser(
        "preview-summary",
        help="print the Markdown summary of a language's preview: its artifact and changed posts",
    )
    for sub in (p_changed, p_preview):
        sub.add_argument("--since", required=True, help="the commit compared with HEAD")
    p_preview.add_argument("--lang", required=True, choices=codes)
    p_preview.add_argument("--artifact", required=True, help="the artifact's name")
    p_preview.add_argument("--url", required=True, help="the artifact's address")
    p_new = commands.add_parser("new-article", help="create a post in every language")
    p_new.add_argument("slug", help="file name and URL slug, e.g. v6-1-power-results")
    p_new.add_argument("--title", default=WORKING_TITLE)
    p_new.add_argument(
        "--date",
        type=dt.date.fromisoformat,
        default=dt.date.today(),
        help="publication date, YYYY-MM-DD (default: today)",
    )
    p_new.add_argument("--author", default="editorial-team", help="id in data/authors.yaml")
    p_new.add_argument(
        "--tag",
        action="append",
        default=[],
        dest="tags",
        help="tag slug in data/tags.yaml (repeatable)",
    )
    commands.add_parser("catalogs", help="update the message catalogs from code and templates")
    p_seed = commands.add_parser(
        "specs-seed",
        help="write data/accelerator_specs_epoch.yaml "
        "from Epoch AI's CSV through the registry's name map",
    )
    p_seed.add_argument(
        "--csv",
        type=Path,
        default=specs.EPOCH_CSV,
        help="Epoch AI's ml_hardware.csv (default: ../shared/data/specs/)",
    )
    args = parser.parse_args(argv)
    root = args.root.resolve()
    started = time.perf_counter()
    # An import killed between the two renames of its swap left data/ aside: every command
    # reads data/, so each first puts the last whole state back (files.recover).
    recovered = files.recover_unless_busy(root / "data")
    if recovered:
        print(recovered, file=sys.stderr)
    # What changed since the last full generation: "none", "articles" or "all" (a partial
    # build, of some languages or of the deployed rounds, always generates its pages).
    whole = args.command in ("build", "site") and not args.lang and not args.deploy
    try:
        changed = generation_stamp.changes(root) if whole else "all"
        edited_at_start = generation_stamp.edited_inputs(root) if whole else None
        if args.command == "import":
            report = importer.run_import(
                args.paths,
                root / "data",
                frozenset(args.replace_round),
                progress=lambda message: print(message, file=sys.stderr),
                validate=claims_validator(root),
                published=dict(args.published),
            )
            print_import_report(report, root / "data")
        elif args.command == "fetch":
            rounds = fetch.rounds_to_fetch(dataset.load(root / "data").rounds)
            fetch.fetch(rounds, args.to, base=args.base)
        elif args.command == "changed-languages":
            changed_paths = ci.git_changes(root, args.since)
            print(json.dumps(ci.changed_languages(changed_paths, tuple(codes))))
            return 0
        elif args.command == "preview-summary":
            changed_paths = ci.git_changes(root, args.since)
            print(ci.preview_summary(root, args.lang, changed_paths, args.artifact, args.url))
            return 0
        elif args.command == "new-article":
            paths = new_article(
                root / "docs",
                args.slug,
                args.title,
                args.date,
                args.author,
                args.tags or ["mlperf"],
            )
            for path in paths:
                print(f"created {os.path.relpath(path)}")  # from where the editor is
            print(
                "next (CONTRIBUTING.md): write the article in each language, title "
                "included; quote every figure as [[claim:ID]] defined in data/claims.yaml; "
                "run `make check` until it is green; preview with `make serve LANG=en` (zh, "
                "it); run `make test`; commit the three languages together"
            )
        elif args.command == "specs-seed":
            registry = root / "data" / specs.REGISTRY_FILE.name
            seeded = specs.seed(
                editor_yaml.read(registry) or {}, specs.epoch_rows(args.csv), registry
            )
            write_text_atomic(root / "data" / specs.SEED_FILE.name, specs.seed_text(seeded))
            print(
                f"wrote {len(seeded)} accelerators' Epoch values to "
                f"data/{specs.SEED_FILE.name}; review the diff"
            )
        elif args.command == "catalogs":
            for path in catalog_update.update_catalogs(ROOT):
                print(f"updated {path.relative_to(ROOT)}")
        elif changed == "none":
            # Nothing check and generate read or write changed since they last succeeded.
            print("check and generate: no input changed since they last succeeded, skipped")
            if args.command == "site":
                out = args.site or root / "site"
                print("building with MkDocs")
                site.build(out, LANGUAGES, root=root)
                print(f"site written to {out}")
        else:
            if args.command in ("build", "site"):
                generation_stamp.forget_generated(root)
            data, registry, posts = check(root)
            passed = (
                f"check: {len(data.records)} records in {len(data.rounds)} rounds, "
                f"{len(registry.claims)} claims, {len(posts)} articles: all valid"
            )
            print(passed)
            if args.command == "check":
                for warning in data.warnings:
                    print(f"warning: {warning}")
                found = notes(registry, posts, root, records=list(data.records))
                for note in found:
                    print(f"note: {note}")
                ci.report([], root, passed, found)  # on GitHub Actions: the job summary
                print(f"done in {time.perf_counter() - started:.2f} s")
                return 0
            languages = tuple(language(c) for c in args.lang) if args.lang else LANGUAGES
            if args.deploy:
                data = publication.deployable(data, root / "data", dt.date.today())
            # Only articles changed: the pages that list them are generated again, no other.
            site.generate(
                data, root / "docs", languages, registry, posts, articles_only=changed == "articles"
            )
            check_generated_links(root, [p for p in posts if p.lang in languages])
            if whole and not generation_stamp.mark_generated(root, edited_at_start):
                print("an input changed during this run: the next run generates again")
            if args.command == "site":
                out = args.site or root / "site"
                print("building with MkDocs")
                site.build(out, languages, root=root)
                print(f"site written to {out}")
    except InputErrors as exc:
        for error in exc.errors:
            print(error, file=sys.stderr)
        ci.report(exc.errors, root)  # on GitHub Actions: annotations and the job summary
        print(f"{len(exc.errors)} error(s); nothing was written", file=sys.stderr)
        return 1
    except (InputError, site.BuildError) as exc:
        print(exc, file=sys.stderr)
        return 1
    print(f"done in {time.perf_counter() - started:.1f} s")
    return 0


def _round_date(text: str) -> tuple[str, dt.date]:
    """``"v6.2=2027-03-31"`` -> ``("v6.2", date(2027, 3, 31))`` (``--published``)."""
    name, _, day = text.partition("=")
    try:
        return "v" + name.strip().removeprefix("v"), dt.date.fromisoformat(day.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected ROUND=YYYY-MM-DD, e.g. v6.2=2027-03-31, got {text!r}"
        ) from None


def print_import_report(report: importer.ImportReport, data_dir: Path) -> None:
    """Per round: records read, added, changed and removed against ``data/``, new models and
    warnings (stdout); then remarks about the files."""
    for round_name, each in sorted(report.rounds.items()):
        table = dataset.round_table(data_dir, round_name)
        restored = f", {each.restored} restored" if each.restored else ""
        print(
            f"{round_name}: {each.read} records read; {each.added} added, {each.changed} "
            f"changed, {each.removed} withdrawn{restored} -> {table}"
        )
        if each.restored:
            print("  restored records (withdrawn before, published again) keep their result IDs")
        for move in each.moved:
            print(f"  moved between divisions or categories: {move}")
        if each.ids_published:
            print(
                f"  MLCommons published the round's result IDs: {each.ids_published} derived "
                f"IDs, {each.ids_published - each.ids_unchanged} now naming another system or "
                f"none, {each.ids_unchanged} unchanged but for the derived mark (derived -> "
                f"official in {identity.ids_table(data_dir, round_name)})"
            )
        for reused in each.reused_ids:
            print(
                f"  warning: {reused}: an address or text citing the derived ID now means "
                "another system"
            )
        if each.removed:
            print(
                f"  withdrawn records keep their result IDs in "
                f"{withdrawn.table(data_dir, round_name)}"
            )
        if each.new_models:
            print(
                f"  new models (not in generator/data/vocabulary.yaml, imported under their own "
                f"names): {', '.join(each.new_models)}"
            )
        if each.unknown_accelerators:
            print(
                f"  accelerators not in generator/data/accelerators.yaml (imported under their own "
                f"names): {', '.join(each.unknown_accelerators)}"
            )
        for warning in each.warnings:
            print(f"  warning: {warning}")
    for note in report.notes:
        print(f"note: {note}")
