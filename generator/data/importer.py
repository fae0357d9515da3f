"""Import: MLCommons summary files -> the normalized results dataset under ``data/``.

Three visible stages, as in ``run_import``:

1. **Load** the summary files (``mlcommons``); a file given twice (same bytes) is read once and
   reported; the records of several files of one round are merged.
2. **Normalize** each record through the vocabulary tables (``vocabulary``), give the records
   without a published ID the ID MLCommons' rule gives them over the merged round
   (``result_ids``), and apply the rules a round obeys (``rules``, the same as at load).
3. **Save** one table per round with its descriptor and changelog entry (``dataset``,
   ``changelog``, ``withdrawn``) into a staging copy of ``data/`` that ``dataset.load``
   and the ``validate`` step (claims and articles, as ``check``) must accept, which then
   replaces ``data/`` in one step (``files.replace_folder``: a kill at any point leaves the old
   state or the new one whole, and the next run's ``files.recover`` finishes the swap; one
   import at a time, ``files.writing``). A round that would lose records is refused unless it
   is named in ``replace_rounds``; records it loses are kept as withdrawn.

Result IDs are permanent (``identity``): a re-import of a derived-ID round keeps every
committed ID and gives new systems numbers never used in the round.

Every problem found is reported with its file, record and field, all of a record's problems
together; nothing is written unless every record is valid.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import re
import shutil
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import ValidationError

from generator import files
from generator.data import (
    accelerators,
    changelog,
    dataset,
    identity,
    publication,
    rules,
    spellings,
    withdrawn,
)
from generator.data.mlcommons import SummaryRecord, read_summary
from generator.data.normalize import normalize_fields, schema_error
from generator.data.result_ids import assign_result_ids
from generator.data.schema import ROUND_PATTERN, ResultRecord
from generator.errors import InputError, InputErrors

# A check of the staged dataset beyond its own rules (the claims and articles that `check`
# validates): given the staged data/ folder, the problems that would refuse it and remarks
# for the report.
Validator = Callable[[Path], tuple[list[InputError], list[str]]]


@dataclass
class RoundReport:
    """What an import did to one round: records ``read`` from its files, ``added``,
    ``changed`` (records with a changed published value), ``removed`` (withdrawn: kept in
    ``data/withdrawn/``) and ``restored`` (withdrawn before, published again under their IDs)
    against ``data/``; ``moved``: each result moved between divisions or categories
    (``"5.1-0087 whisper Offline: closed available -> open available"``);
    ``ids_published``: the systems whose derived IDs MLCommons' official IDs supersede now
    (``data/ids/<round>.csv``), ``ids_unchanged`` how many of them are their system's official
    ID too (they only lose the derived mark), ``reused_ids`` those whose derived ID is now
    another system's official ID (``identity.reused_ids``); the
    models new to the vocabulary, the accelerator names the alias table
    (``accelerators.yaml``) does not know, and the warnings."""

    read: int = 0
    added: int = 0
    changed: int = 0
    removed: int = 0
    restored: int = 0
    moved: list[str] = field(default_factory=list)
    ids_published: int = 0
    ids_unchanged: int = 0
    reused_ids: list[str] = field(default_factory=list)
    new_models: list[str] = field(default_factory=list)
    unknown_accelerators: list[str] = field(default_factory=list)
    warnings: list[InputError] = field(default_factory=list)


@dataclass
class ImportReport:
    """Per round, a :class:`RoundReport`; ``notes`` are remarks about the files (a file given
    twice)."""

    rounds: dict[str, RoundReport] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)


def run_import(
    paths: list[Path],
    data_dir: Path,
    replace_rounds: frozenset[str] = frozenset(),
    today: dt.date | None = None,
    progress: Callable[[str], None] = lambda message: None,
    validate: Validator | None = None,
    published: dict[str, dt.date] | None = None,
) -> ImportReport:
    """Import MLCommons summary files into ``data_dir``.

    Args:
        paths: summary files of one or more rounds (either MLCommons format); files of one
            round are merged.
        data_dir: the dataset folder (``data/``); its tables of other rounds are kept.
        replace_rounds: rounds (``"v6.1"``) that may lose records against ``data_dir``: the
            explicit "replace this round" of the command line.
        today: the date of changelog entries (default: today).
        progress: called with a line of text as each long step starts.
        validate: checks the staged ``data/`` as ``check`` would (claims, articles); its
            problems refuse the import, its remarks go to ``report.notes``.
        published: official publication dates of imported rounds (``publication``); a round
            new to ``data/`` without one gets ``today``.

    Returns:
        the import report.

    Raises:
        InputErrors: every problem found in every file, each naming file, record and field;
            ``data_dir`` is then left as it was.
    """
    with files.writing(data_dir):
        return _run_import(paths, data_dir, replace_rounds, today, progress, validate, published)


def _run_import(
    paths: list[Path],
    data_dir: Path,
    replace_rounds: frozenset[str],
    today: dt.date | None,
    progress: Callable[[str], None],
    validate: Validator | None,
    published: dict[str, dt.date] | None,
) -> ImportReport:
    today = today or dt.date.today()
    report = ImportReport()
    recovered = files.recover(data_dir)  # what a killed import left: before data/ is read
    if recovered:
        report.notes.append(recovered)
    errors: list[InputError] = []
    by_round, sources = _load(paths, report, errors, progress)
    records_by_round: dict[str, list[ResultRecord]] = {}
    normalized_rows: list[list[tuple[rules.Place, ResultRecord]]] = []
    entries: dict[str, dict] = {}
    gone_by_round: dict[str, list[dict[str, str]]] = {}
    for round_name, summary in by_round.items():
        progress(f"{round_name}: normalizing {len(summary)} records")
        round_report = report.rounds.setdefault(round_name, RoundReport(read=len(summary)))
        before = len(errors)
        rows = _normalize_round(round_name, summary, errors, round_report)
        previous = changelog.read_previous(dataset.round_table(data_dir, round_name))
        gone = withdrawn.read_rows(data_dir, round_name)
        if previous is not None or gone:
            rows = _pinned(rows, (previous or []) + gone)
        normalized_rows.append(rows)
        if len(errors) == before:
            # The rules across records apply to a whole round: with a record refused, they
            # would report what only follows from its absence (derived IDs shifting).
            found = rules.check_round(rows)
            errors += found.errors
            if previous is None and not gone:  # a new round: IDs by MLCommons' rule
                errors += rules.derived_ids_follow_the_rule(rows)
            round_report.warnings += found.warnings
        records = [record for _, record in rows]
        entry = changelog.entry(
            previous,
            gone,
            records,
            sources[round_name],
            today,
            first=not changelog.read_changelog(data_dir, round_name),
        )
        _count_changes(round_report, previous, entry, len(records))
        round_report.warnings += _respelled_accelerators(entry, sources[round_name])
        if round_report.removed and round_name not in replace_rounds:
            errors.append(
                InputError(
                    ", ".join(s.file for s in sources[round_name]),
                    f"round {round_name}",
                    None,
                    f"this import would remove {round_report.removed} of the {len(previous)} "
                    f"records data/ holds for {round_name} (first: {entry['removed'][0]['location']}"
                    f"); to replace the round on purpose, import with --replace-round "
                    f"{round_name} (records removed are kept in data/withdrawn/ as withdrawn, "
                    "with their IDs)",
                )
            )
        records_by_round[round_name] = records
        gone_by_round[round_name] = _still_withdrawn(
            previous or [], gone, records, today, sources[round_name]
        )
        if entry is not None:
            entries[round_name] = entry
    if not errors:
        # The rules across rounds (one spelling per model and per submitter), with the rounds
        # data/ keeps.
        every = _kept_rows(data_dir, records_by_round) + [
            row for rows in normalized_rows for row in rows
        ]
        errors += rules.one_spelling_per_model(every) + rules.one_spelling_per_submitter(every)
    if errors:  # a problem every record of a file shares is said once (``spellings.merged``)
        raise InputErrors(spellings.merged(errors))
    progress("validating the dataset as it will be written")
    # One transaction: the new state is written whole into a staging copy of data/, checked
    # as the build and `check` will check it, and only then swapped in by renames.
    staged = files.fresh_staging(data_dir)
    try:
        copied = files.folder_state(data_dir)
        if data_dir.exists():
            shutil.copytree(data_dir, staged, dirs_exist_ok=True)
        dates = publication.published_on(
            publication.read(data_dir), list(records_by_round), today, published or {}
        )
        publication.write(staged, dates)
        _save(staged, records_by_round, entries, gone_by_round)
        try:
            dataset.load(staged)  # the rules of the build
            problems, remarks = validate(staged) if validate else ([], [])
            if problems:
                raise InputErrors(problems)
        except InputErrors as exc:  # name the files of data/, not of the staging copy
            raise InputErrors(
                [
                    InputError(
                        e.path.replace(str(staged), str(data_dir)),
                        e.where,
                        e.field,
                        e.problem,
                        e.dataset_field,
                    )
                    for e in exc.errors
                ]
            ) from None
        report.notes += remarks
        # The swap replaces the whole folder: an edit made meanwhile (claims.yaml saved by an
        # editor) would be lost with the old state, so the import gives way to it.
        now = files.folder_state(data_dir)
        if now != copied:
            edited = sorted(
                name for name in now.keys() | copied.keys() if now.get(name) != copied.get(name)
            )
            raise InputError(
                data_dir / edited[0],
                None,
                None,
                f"changed while the import ran ({len(edited)} file(s) of "
                f"{data_dir}); nothing was written: import again",
            )
        files.replace_folder(staged, data_dir)
    finally:
        shutil.rmtree(staged, ignore_errors=True)
    return report


def _pinned(
    rows: list[tuple[rules.Place, ResultRecord]], old: list[dict[str, str]]
) -> list[tuple[rules.Place, ResultRecord]]:
    """``rows`` with the committed IDs kept (``identity.pin_ids``)."""
    pinned = identity.pin_ids([record for _, record in rows], old)
    return [(place, record) for (place, _), record in zip(rows, pinned)]


def _still_withdrawn(
    previous: list[dict[str, str]],
    gone: list[dict[str, str]],
    records: list[ResultRecord],
    today: dt.date,
    sources: list[changelog.Source],
) -> list[dict[str, str]]:
    """The round's withdrawn rows after this import: those withdrawn before and not published
    again, plus the committed records the new file no longer holds (dated today, with the
    sources that withdrew them)."""
    pairs = identity.match(previous + gone, records)
    found = set(pairs.values())
    by = "; ".join(f"{s.file} {s.sha256}" for s in sources)
    return [
        {**row, "withdrawn_on": today.isoformat(), "withdrawn_by": by}
        for j, row in enumerate(previous)
        if j not in found
    ] + [row for k, row in enumerate(gone) if len(previous) + k not in found]


def _kept_rows(
    data_dir: Path, replaced: dict[str, list[ResultRecord]]
) -> list[tuple[rules.Place, ResultRecord]]:
    """The records of the rounds ``data/`` keeps (not imported now), with their table lines;
    none when ``data/`` has no valid dataset yet (its own problems are the staged load's)."""
    try:
        kept = dataset.load(data_dir)
    except InputErrors:
        return []
    return [
        (rules.Place(str(dataset.round_table(data_dir, r.round)), "table"), r)
        for r in kept.records
        if r.round not in replaced
    ]


def _load(
    paths: list[Path],
    report: ImportReport,
    errors: list[InputError],
    progress: Callable[[str], None],
) -> tuple[dict[str, list[SummaryRecord]], dict[str, list[changelog.Source]]]:
    """The records of every file grouped by round, and each round's source files."""
    by_round: dict[str, list[SummaryRecord]] = {}
    sources: dict[str, list[changelog.Source]] = {}
    digests: dict[str, Path] = {}
    for path in paths:
        progress(f"reading {path}")
        try:
            digest = hashlib.sha256(Path(path).read_bytes()).hexdigest()
        except OSError as exc:
            errors.append(InputError(path, None, None, f"cannot read the file: {exc}"))
            continue
        if digest in digests:
            report.notes.append(f"{path} has the same content as {digests[digest]}: imported once")
            continue
        digests[digest] = path
        try:
            summary = read_summary(path)
        except InputError as exc:
            errors.append(exc)
            continue
        except InputErrors as exc:
            errors += exc.errors
            continue
        if not summary:
            report.notes.append(f"{path} holds no records")
        rounds_of_file = set()
        for record in summary:
            round_name = _round_name(record, errors)
            if round_name:
                by_round.setdefault(round_name, []).append(record)
                rounds_of_file.add(round_name)
        for round_name in sorted(rounds_of_file):
            sources.setdefault(round_name, []).append(changelog.Source(Path(path).name, digest))
    return by_round, sources


def _round_name(record: SummaryRecord, errors: list[InputError]) -> str | None:
    """The record's round, ``v`` + number (``"6.1"`` and ``"v6.1"`` are both ``"v6.1"``)."""
    name = "v" + str(record.values["version"]).strip().removeprefix("v")
    if not re.match(ROUND_PATTERN, name):
        errors.append(
            record.error(
                "version", f"expected a round such as v6.1, got {record.values['version']!r}"
            )
        )
        return None
    return name


def _respelled_accelerators(
    entry: dict | None, sources: list[changelog.Source]
) -> list[InputError]:
    """A correction that respells a known accelerator as a name ``accelerators.yaml`` does not
    know: the result would leave its accelerator's pages and family until the spelling is
    added, so the report says which canonical part the old spelling was."""
    found, seen = [], set()
    for change in (entry or {}).get("changed", []):
        if change["field"] != "accelerator" or change["new"] in seen:
            continue
        old = accelerators.identify(change["old"] or None)
        if (
            old is not None
            and accelerators.is_known(change["old"])
            and change["new"]
            and not accelerators.is_known(change["new"])
        ):
            seen.add(change["new"])
            found.append(
                InputError(
                    ", ".join(s.file for s in sources),
                    change["location"],
                    "accelerator",
                    f"renamed from {change['old']!r} "
                    f"({old.accelerator.id}) to {change['new']!r}, which "
                    "generator/data/accelerators.yaml does not know: add it to "
                    f"the spellings of {old.accelerator.id} if it is the same "
                    "part",
                )
            )
    return found


def _count_changes(
    report: RoundReport, previous: dict | None, entry: dict | None, count: int
) -> None:
    if previous is None:
        report.added = count
    elif entry is not None:
        report.added = len(entry.get("added", []))
        report.removed = len(entry.get("removed", []))
        report.changed = len({c["location"] for c in entry.get("changed", [])})
        report.restored = len(entry.get("restored", []))
        report.ids_published = len(entry.get("ids_published", []))
        report.ids_unchanged = identity.IdPublication.of(entry.get("ids_published", [])).unchanged
        report.reused_ids = identity.reused_ids(entry.get("ids_published", []))
        report.moved = [
            f"{m['result_id']} {m['model']} {m['scenario']}: "
            f"{m['division_old']} {m['category_old']} -> {m['division']} "
            f"{m['category']}"
            for m in entry.get("moved", [])
        ]


def _save(
    data_dir: Path,
    records_by_round: dict[str, list[ResultRecord]],
    entries: dict[str, dict],
    gone_by_round: dict[str, list[dict[str, str]]],
) -> None:
    for round_name, records in records_by_round.items():
        withdrawn.save(data_dir, round_name, gone_by_round[round_name])
        dataset.save_round(data_dir, round_name, records)
        if round_name in entries:
            changelog.append(data_dir, round_name, entries[round_name])
            if entries[round_name].get("ids_published"):
                identity.save_published_ids(
                    data_dir, round_name, entries[round_name]["ids_published"]
                )


def _normalize_round(
    round_name: str, summary: list[SummaryRecord], errors: list[InputError], report: RoundReport
) -> list[tuple[rules.Place, ResultRecord]]:
    """Normalize the merged records of one round; records without a published ID get the ID
    MLCommons' rule gives them over the whole merged round (``result_id_derived`` true).
    Problems are appended to ``errors``; bad records are dropped."""
    normalized = []
    for record in summary:
        problems: list[InputError] = []
        fields = normalize_fields(record, round_name, problems, report)
        if problems:
            errors += problems
        else:
            normalized.append((record, fields))
    derived = [fields for _, fields in normalized if not fields["result_id"]]
    for fields, result_id in zip(derived, assign_result_ids(round_name, derived)):
        fields["result_id"] = result_id
    rows = []
    for record, fields in normalized:
        try:
            rows.append(
                (rules.Place(record.path, record.where, record.spellings), ResultRecord(**fields))
            )
        except ValidationError as exc:
            errors += [schema_error(record, problem) for problem in exc.errors()]
    return rows
