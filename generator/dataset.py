"""The committed results dataset: ``data/results/<round>.csv`` plus ``data/datapackage.json``.

Each round is one CSV table whose columns are the fields of :class:`schema.ResultRecord`; the
descriptor documents every field (title, description, unit) as a Frictionless Data Package.
Every load validates every row against the schema, so a hand-edited or corrupted table is
reported with its file, row and field before any page is built.
"""

from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from urllib.parse import quote

import pandas as pd
from pydantic import ValidationError

from .errors import InputError, InputErrors
from .files import write_text_atomic
from .result_ids import assign_result_ids
from .schema import FIELDS, ResultRecord, field_descriptors

RESULTS_DIR = "results"
DESCRIPTOR = "datapackage.json"
LICENSE = {"name": "Apache-2.0", "title": "Apache License 2.0 (MLCommons result data)",
           "path": "https://www.apache.org/licenses/LICENSE-2.0"}
# MLCommons publishes each round's result folders in this repository.
RESULTS_REPOSITORY = "https://github.com/mlcommons/inference_results_{round}/tree/main/"


def round_table(data_dir: Path, round_name: str) -> Path:
    """Path of the CSV table of ``round_name`` (e.g. ``"v6.1"``) under ``data_dir``."""
    return data_dir / RESULTS_DIR / f"{round_name}.csv"


def result_url(round_name: str, location: str) -> str:
    """Public GitHub URL of an official result folder.

    Args:
        round_name: e.g. ``"v6.1"``.
        location: the record's ``location`` (relative, e.g. ``closed/AMD/results/...``).
    """
    return RESULTS_REPOSITORY.format(round=round_name) + quote(location)


def save_round(data_dir: Path, round_name: str, records: list[ResultRecord]) -> Path:
    """Write one round's table (sorted by result ID, model, scenario) and refresh the descriptor.

    Files are replaced atomically; a previous table of the round is overwritten.
    """
    rows = sorted(records, key=lambda r: (r.result_id, r.model, r.used_model, r.scenario,
                                          r.units))
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=FIELDS, lineterminator="\n")
    writer.writeheader()
    for record in rows:
        writer.writerow({k: _cell(v) for k, v in record.model_dump().items()})
    path = round_table(data_dir, round_name)
    write_text_atomic(path, buffer.getvalue())
    write_descriptor(data_dir)
    return path


def _cell(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return repr(value)  # shortest text that reads back to the same float
    return str(value)


def write_descriptor(data_dir: Path) -> None:
    """Write ``datapackage.json`` describing every round table present under ``data_dir``."""
    tables = sorted((data_dir / RESULTS_DIR).glob("*.csv"), key=lambda p: _round_key(p.stem))
    descriptor = {
        "profile": "tabular-data-package",
        "name": "mlperf-inference-results",
        "title": "MLPerf Inference results, normalized",
        "description": "Official MLCommons MLPerf Inference result summaries, one table per "
                       "round, with MLCommons' field meanings and canonical spellings.",
        "licenses": [LICENSE],
        "sources": [{"title": f"MLCommons inference_results_{p.stem}",
                     "path": RESULTS_REPOSITORY.format(round=p.stem)} for p in tables],
        "resources": [{
            "name": f"inference-{p.stem}".replace(".", "-"),
            "path": f"{RESULTS_DIR}/{p.name}",
            "profile": "tabular-data-resource",
            "format": "csv", "mediatype": "text/csv", "encoding": "utf-8",
            "schema": {"fields": field_descriptors(),
                       "missingValues": [""]},
        } for p in tables],
    }
    write_text_atomic(data_dir / DESCRIPTOR,
                      json.dumps(descriptor, indent=2, ensure_ascii=False) + "\n")


def _round_key(name: str) -> tuple[int, ...]:
    return tuple(int(part) for part in name.removeprefix("v").split("."))


@dataclass(frozen=True)
class Dataset:
    """All rounds of the committed dataset, validated.

    ``records`` are in table order, rounds oldest first. ``frame`` is the same as a pandas
    DataFrame with one column per schema field.
    """

    records: tuple[ResultRecord, ...]

    @cached_property
    def frame(self) -> pd.DataFrame:
        return pd.DataFrame([r.model_dump() for r in self.records], columns=FIELDS)

    @property
    def rounds(self) -> list[str]:
        """Round names, oldest first, e.g. ``["v5.1", "v6.0", "v6.1"]``."""
        return sorted({r.round for r in self.records}, key=_round_key)

    def of_round(self, round_name: str) -> list[ResultRecord]:
        """Records of one round, in table order."""
        return [r for r in self.records if r.round == round_name]


def load(data_dir: Path) -> Dataset:
    """Load and validate every round table under ``data_dir``.

    Raises:
        InputErrors: every invalid cell, as ``data/results/v6.1.csv: line 12: field 'result':
            ...`` (file lines: the header is line 1), an unexpected or missing column, a table
            whose rows belong to another round, a benchmark with two units, or a derived
            result ID that MLCommons' rule would not give. Nothing is returned half-checked.
    """
    tables = sorted((data_dir / RESULTS_DIR).glob("*.csv"), key=lambda p: _round_key(p.stem))
    if not tables:
        raise InputErrors([InputError(data_dir / RESULTS_DIR, None, None,
                                      "no round tables (*.csv); run `make import`")])
    records: list[ResultRecord] = []
    errors: list[InputError] = []
    for path in tables:
        rows = _load_table(path, errors)
        errors += _check_consistency(path, rows)
        records.extend(record for _, record in rows)
    if errors:
        raise InputErrors(errors)
    return Dataset(tuple(records))


def _check_consistency(path: Path, rows: list[tuple[int, ResultRecord]]) -> list[InputError]:
    """Rules across the rows of one round: each official result folder appears once (a row
    copied twice would count one result twice in rankings), one unit per benchmark (model,
    scenario, suite), and derived result IDs equal to what MLCommons' rule gives
    (``result_ids``)."""
    errors = []
    seen: dict[str, int] = {}
    for line, record in rows:
        first_line = seen.setdefault(record.location, line)
        if first_line != line:
            errors.append(InputError(path, f"line {line}", "location",
                                     f"{record.location!r} is already the result folder of "
                                     f"line {first_line}: one result, one row"))
    by_benchmark: dict[tuple, list[tuple[int, ResultRecord]]] = {}
    for line, record in rows:
        by_benchmark.setdefault((record.suite, record.model, record.scenario), []).append(
            (line, record))
    for (suite, model, scenario), members in by_benchmark.items():
        counts: dict[str, int] = {}
        for _, record in members:
            counts[record.units] = counts.get(record.units, 0) + 1
        usual = max(counts, key=lambda u: (counts[u], u))
        for line, record in members:
            if record.units != usual:
                errors.append(InputError(path, f"line {line}", "units",
                                         f"{record.units} differs from the {usual} of the "
                                         f"other {model} {scenario} ({suite}) results"))
    # One result ID is one system: its rows must agree on what identifies the system.
    first_of: dict[str, tuple[int, ResultRecord]] = {}
    for line, record in rows:
        first_line, first = first_of.setdefault(record.result_id, (line, record))
        for field in ("system_name", "submitter", "platform", "suite", "division", "category"):
            if getattr(record, field) != getattr(first, field):
                errors.append(InputError(path, f"line {line}", field,
                                         f"{getattr(record, field)!r} differs from "
                                         f"{getattr(first, field)!r} on line {first_line}, "
                                         f"another row of result {record.result_id}"))
    derived = [(line, r) for line, r in rows if r.result_id_derived]
    if derived:
        expected = assign_result_ids(derived[0][1].round, (
            {"suite": r.suite, "division": r.division, "category": r.category,
             "submitter": r.submitter, "platform": r.platform, "used_model": r.used_model}
            for _, r in derived))
        for (line, record), wanted in zip(derived, expected):
            if record.result_id != wanted:
                errors.append(InputError(path, f"line {line}", "result_id",
                                         f"{record.result_id} does not follow MLCommons' "
                                         f"rule for derived IDs; expected {wanted}"))
    return errors


def _load_table(path: Path, errors: list[InputError]) -> list[tuple[int, ResultRecord]]:
    """The valid rows of one table with their file line numbers (the header is line 1)."""
    with path.open(encoding="utf-8", newline="") as handle:
        reader = csv.DictReader(handle)
        header = reader.fieldnames or []
        if header != FIELDS:
            missing = [f for f in FIELDS if f not in header]
            extra = [f for f in header if f not in FIELDS]
            errors.append(InputError(path, "header", (missing or extra or [None])[0],
                                     f"columns differ from the schema: missing {missing}, "
                                     f"unexpected {extra}"))
            return []
        rows = []
        for line, row in enumerate(reader, start=2):
            where = f"line {line}"
            values = {k: (None if v == "" else v) for k, v in row.items()}
            if None in row:
                errors.append(InputError(path, where, None, "more cells than columns"))
                continue
            try:
                record = ResultRecord(**{k: v for k, v in values.items() if v is not None})
            except ValidationError as exc:
                for problem in exc.errors():
                    field = ".".join(str(p) for p in problem["loc"]) or None
                    if problem["type"] == "missing":
                        message = "the cell is empty, but a value is required"
                    elif field is None:  # a rule across fields: the input is the whole row
                        message = problem["msg"]
                    else:
                        message = f"{problem['msg']} (got {problem.get('input')!r})"
                    errors.append(InputError(path, where, field, message))
                continue
            if record.round != path.stem:
                errors.append(InputError(path, where, "round",
                                         f"expected {path.stem}, got {record.round}"))
                continue
            rows.append((line, record))
        return rows
