"""Import: MLCommons summary files -> the normalized results dataset under ``data/``.

Three visible stages, as in ``run_import``:

1. **Load** the summary files (``mlcommons``); a file given twice (same bytes) is read once and
   reported; the records of several files of one round are merged.
2. **Normalize** each record through the vocabulary tables (``vocabulary``), give the records
   without a published ID the ID MLCommons' rule gives them over the merged round
   (``result_ids``), and apply the rules a round obeys (``rules``, the same as at load).
3. **Save** one table per round with its descriptor and changelog entry (``dataset``,
   ``changelog``): first into a staging copy of ``data/`` that ``dataset.load`` must accept,
   then into ``data/``. A round that would lose records is refused unless it is named in
   ``replace_rounds``.

Every problem found is reported with its file, record and field, all of a record's problems
together; nothing is written unless every record is valid.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import re
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import ValidationError

from generator.data import accelerators, changelog, dataset, rules
from generator.data.mlcommons import FINAL_REPORT, SummaryRecord, read_summary
from generator.data.numbers import plain_number
from generator.data.result_ids import assign_result_ids
from generator.data.schema import ROUND_PATTERN, ResultRecord, canonical_result_id
from generator.data.vocabulary import vocabulary
from generator.errors import InputError, InputErrors

# Free-text fields kept as published (stripped); None and placeholders become "".
TEXT_FIELDS = ("system_name", "platform", "submitter", "accuracy", "host_processor",
               "host_processor_core_count", "framework", "operating_system", "weight_data_types",
               "notes")


@dataclass
class RoundReport:
    """What an import did to one round: records ``read`` from its files, ``added``,
    ``changed`` (records with a changed published value) and ``removed`` against ``data/``, the
    models new to the vocabulary, the accelerator names the alias table
    (``accelerators.yaml``) does not know, and the warnings."""

    read: int = 0
    added: int = 0
    changed: int = 0
    removed: int = 0
    new_models: list[str] = field(default_factory=list)
    unknown_accelerators: list[str] = field(default_factory=list)
    warnings: list[InputError] = field(default_factory=list)


@dataclass
class ImportReport:
    """Per round, a :class:`RoundReport`; ``notes`` are remarks about the files (a file given
    twice)."""

    rounds: dict[str, RoundReport] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)


def run_import(paths: list[Path], data_dir: Path, replace_rounds: frozenset[str] = frozenset(),
               today: dt.date | None = None,
               progress: Callable[[str], None] = lambda message: None) -> ImportReport:
    """Import MLCommons summary files into ``data_dir``.

    Args:
        paths: summary files of one or more rounds (either MLCommons format); files of one
            round are merged.
        data_dir: the dataset folder (``data/``); its tables of other rounds are kept.
        replace_rounds: rounds (``"v6.1"``) that may lose records against ``data_dir``: the
            explicit "replace this round" of the command line.
        today: the date of changelog entries (default: today).
        progress: called with a line of text as each long step starts.

    Returns:
        the import report.

    Raises:
        InputErrors: every problem found in every file, each naming file, record and field;
            ``data_dir`` is then left as it was.
    """
    today = today or dt.date.today()
    report = ImportReport()
    errors: list[InputError] = []
    by_round, sources = _load(paths, report, errors, progress)
    records_by_round: dict[str, list[ResultRecord]] = {}
    normalized_rows: list[list[tuple[rules.Place, ResultRecord]]] = []
    entries: dict[str, dict] = {}
    for round_name, summary in by_round.items():
        progress(f"{round_name}: normalizing {len(summary)} records")
        round_report = report.rounds.setdefault(round_name, RoundReport(read=len(summary)))
        before = len(errors)
        rows = _normalize_round(round_name, summary, errors, round_report)
        normalized_rows.append(rows)
        if len(errors) == before:
            # The rules across records apply to a whole round: with a record refused, they
            # would report what only follows from its absence (derived IDs shifting).
            found = rules.check_round(rows)
            errors += found.errors
            round_report.warnings += found.warnings
        records = [record for _, record in rows]
        previous = changelog.read_previous(dataset.round_table(data_dir, round_name))
        entry = changelog.entry(previous, records, sources[round_name], today,
                                first=not changelog.read_changelog(data_dir, round_name))
        _count_changes(round_report, previous, entry, len(records))
        if round_report.removed and round_name not in replace_rounds:
            errors.append(InputError(
                ", ".join(s.file for s in sources[round_name]), f"round {round_name}", None,
                f"this import would remove {round_report.removed} of the {len(previous)} "
                f"records data/ holds for {round_name} (first: {entry['removed'][0]['location']}"
                f"); to replace the round on purpose, import with --replace-round "
                f"{round_name}"))
        records_by_round[round_name] = records
        if entry is not None:
            entries[round_name] = entry
    if not errors:
        # The rules across rounds (one spelling per model), with the rounds data/ keeps.
        errors += rules.one_spelling_per_model(_kept_rows(data_dir, records_by_round) + [
            row for rows in normalized_rows for row in rows])
    if errors:
        raise InputErrors(errors)
    progress("validating the dataset as it will be written")
    with tempfile.TemporaryDirectory(prefix=".import-", dir=data_dir.parent) as staging:
        staged = Path(staging) / "data"
        if data_dir.exists():
            shutil.copytree(data_dir, staged)
        _save(staged, records_by_round, entries)
        try:
            dataset.load(staged)  # the rules of the build
        except InputErrors as exc:  # name the files of data/, not of the staging copy
            raise InputErrors([InputError(e.path.replace(str(staged), str(data_dir)), e.where,
                                          e.field, e.problem, e.dataset_field)
                               for e in exc.errors]) from None
    _save(data_dir, records_by_round, entries)
    return report


def _kept_rows(data_dir: Path, replaced: dict[str, list[ResultRecord]]
               ) -> list[tuple[rules.Place, ResultRecord]]:
    """The records of the rounds ``data/`` keeps (not imported now), with their table lines;
    none when ``data/`` has no valid dataset yet (its own problems are the staged load's)."""
    try:
        kept = dataset.load(data_dir)
    except InputErrors:
        return []
    return [(rules.Place(str(dataset.round_table(data_dir, r.round)), "table"), r)
            for r in kept.records if r.round not in replaced]


def _load(paths: list[Path], report: ImportReport, errors: list[InputError],
          progress: Callable[[str], None]
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
            report.notes.append(f"{path} has the same content as {digests[digest]}: "
                                "imported once")
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
        errors.append(record.error("version", f"expected a round such as v6.1, got "
                                              f"{record.values['version']!r}"))
        return None
    return name


def _count_changes(report: RoundReport, previous: dict | None, entry: dict | None,
                   count: int) -> None:
    if previous is None:
        report.added = count
    elif entry is not None:
        report.added = len(entry.get("added", []))
        report.removed = len(entry.get("removed", []))
        report.changed = len({c["location"] for c in entry.get("changed", [])})


def _save(data_dir: Path, records_by_round: dict[str, list[ResultRecord]],
          entries: dict[str, dict]) -> None:
    for round_name, records in records_by_round.items():
        dataset.save_round(data_dir, round_name, records)
        if round_name in entries:
            changelog.append(data_dir, round_name, entries[round_name])


def _normalize_round(round_name: str, summary: list[SummaryRecord], errors: list[InputError],
                     report: RoundReport) -> list[tuple[rules.Place, ResultRecord]]:
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
            rows.append((rules.Place(record.path, record.where, record.spellings),
                         ResultRecord(**fields)))
        except ValidationError as exc:
            errors += [_schema_error(record, problem) for problem in exc.errors()]
    return rows


def _schema_error(record: SummaryRecord, problem: dict) -> InputError:
    name = ".".join(str(p) for p in problem["loc"]) or None
    message = problem["msg"]
    if name is not None and repr(problem.get("input")) not in message:
        message += f" (got {problem.get('input')!r})"
    return record.error(name, message)


def normalize_fields(record: SummaryRecord, round_name: str, problems: list[InputError],
                     report: RoundReport | None = None) -> dict:
    """The fields of a :class:`ResultRecord` for one raw summary record, before validation.

    Args:
        record: raw values as read by ``mlcommons.read_summary``.
        round_name: the record's round, ``"v6.1"``.
        problems: receives every problem of the record (an unknown division, a number that is
            not a plain decimal...), each naming the field as the file spells it.
        report: receives the models new to the vocabulary.

    Returns:
        the fields, ``result_id`` ``""`` when the file publishes none; meaningless when
        ``problems`` grew.
    """
    v = record.values
    words = vocabulary()

    def canonical(table: str, name: str) -> str:
        found = words.canonical(table, v[name])
        if found is None:
            problems.append(record.error(name, f"unknown {table} {v[name]!r}; known: "
                                               f"{', '.join(words.known(table))} (add the "
                                               "spelling to generator/data/vocabulary.yaml)"))
        return found or ""

    def number(name: str) -> float | None:
        try:
            return plain_number(v.get(name))
        except ValueError as exc:
            problems.append(record.error(name, f"{exc} (got {v.get(name)!r})"))
            return None

    def count(name: str) -> int | None:
        """A whole count; None for null, "" or 0 (MLCommons writes 0 or "" for none)."""
        value = number(name)
        if value is None or value == 0:
            return None
        if value < 0 or value != int(value):
            problems.append(record.error(name, f"expected a whole number >= 0 (got {v[name]!r})"))
            return None
        return int(value)

    used_model = _text(v["used_model"])
    model = _model(record, problems, report)
    units = canonical("units", "units")
    result = number("result")
    total, per_node, nodes = (count("total_accelerators"), count("accelerators_per_node"),
                              count("nodes"))
    if total is None and per_node is not None and nodes is not None:
        total = per_node * nodes  # older final reports carry no total
    per_accelerator = (result / total if total and units and words.is_throughput(units)
                       and result is not None else None)
    power_result = number("power_result")
    power_units = None
    if not words.is_missing(v.get("power_units")):
        power_units = words.canonical("power_units", v["power_units"])
        if power_units is None:
            problems.append(record.error("power_units", f"unknown power units "
                                                        f"{v['power_units']!r}; known: "
                                         f"{', '.join(words.known('power_units'))}"))
    elif power_result is not None:
        problems.append(record.error("power_units", f"the power result {power_result!r} has "
                                                    "no unit; expected Watts or millijoules"))
    if power_units is not None and power_result is None:
        problems.append(record.error("power_result", f"power units {v['power_units']!r} "
                                                     "without a power result"))
    if power_result is not None and power_result <= 0:
        problems.append(record.error("power_result", f"expected a positive power or energy "
                                                     f"(got {v['power_result']!r})"))
    published_id = _text(v.get("result_id"))
    accelerator = None if words.is_missing(v.get("accelerator")) else _text(v["accelerator"])
    if (accelerator and report is not None and not accelerators.is_known(accelerator)
            and accelerator not in report.unknown_accelerators):
        report.unknown_accelerators.append(accelerator)
    return {
        "round": round_name,
        "result_id": canonical_result_id(published_id) if published_id else "",
        "result_id_published": published_id or None,
        "result_id_derived": not published_id,
        "division": canonical("division", "division"),
        "category": canonical("category", "category"),
        "suite": canonical("suite", "suite"),
        "model": model,
        "used_model": used_model,
        "scenario": canonical("scenario", "scenario"),
        "result": result,
        "units": units,
        "result_per_accelerator": per_accelerator,
        "nodes": nodes,
        "accelerator": accelerator,
        **accelerators.record_fields(accelerator),
        "accelerators_per_node": per_node,
        "total_accelerators": total,
        "host_processors_per_node": count("host_processors_per_node"),
        "power_result": power_result,
        "power_units": power_units,
        "inferred": bool(count("inferred") or 0),
        "location": _text(v["location"]).removeprefix("./"),
        **{name: "" if words.is_missing(v.get(name)) else _text(v.get(name))
           for name in TEXT_FIELDS},
    }


def _model(record: SummaryRecord, problems: list[InputError],
           report: RoundReport | None) -> str:
    """The benchmark model of a record. Final reports name the benchmark in ``Model``; checker
    summaries name the model as run in ``Model`` and its family in ``MlperfModel``, so the
    benchmark is the canonical name of either, else a new model named as run. A name the
    vocabulary does not know is a new model (reported), unless it respells a known one."""
    words = vocabulary()
    if record.format == FINAL_REPORT:
        name, spelled_as = record.values.get("mlperf_model", ""), "mlperf_model"
    else:
        name, spelled_as = record.values["used_model"], "used_model"
        if words.canonical("model", name) is None and words.canonical(
                "model", record.values.get("mlperf_model", "")) is not None:
            name, spelled_as = record.values["mlperf_model"], "mlperf_model"
    canonical, note = words.model(_text(name))
    if canonical is None:
        problems.append(record.error(spelled_as, f"{name!r} differs from the model {note!r} "
                                                 "only in case or punctuation; add it to the "
                                                 f"aliases of {note!r} in "
                                                 "generator/data/vocabulary.yaml"))
        return ""
    if not canonical:
        problems.append(record.error(spelled_as, "the model is empty"))
    elif note == "new" and report is not None and canonical not in report.new_models:
        report.new_models.append(canonical)
    return canonical


def _text(value: object) -> str:
    return "" if value is None else str(value).strip()
