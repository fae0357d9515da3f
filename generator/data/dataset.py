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
from typing import TYPE_CHECKING
from urllib.parse import quote

from pydantic import ValidationError

from generator.data import rules, spellings, withdrawn
from generator.data.schema import FIELDS, ResultRecord, field_descriptors, round_key
from generator.errors import InputError, InputErrors
from generator.files import write_text_atomic

if TYPE_CHECKING:  # imported where ``frame`` is asked for: every MkDocs build loads this module
    import pandas as pd

    from generator.data.identity import Superseded

RESULTS_DIR = "results"
IDS_DIR = "ids"  # identity.ids_table: derived -> official IDs of a round
DESCRIPTOR = "datapackage.json"
LICENSE = {
    "name": "Apache-2.0",
    "title": "Apache License 2.0 (MLCommons result data)",
    "path": "https://www.apache.org/licenses/LICENSE-2.0",
}
# MLCommons publishes each round's result folders in this repository.
RESULTS_REPOSITORY = "https://github.com/mlcommons/inference_results_{round}/tree/main/"

WITHDRAWAL_FIELDS = [
    {
        "name": "withdrawn_on",
        "type": "date",
        "title": "Withdrawn on",
        "description": "Date of the import whose summary no longer held the result.",
    },
    {
        "name": "withdrawn_by",
        "type": "string",
        "title": "Withdrawn by",
        "description": "Source files of that import with their sha256 (file sha256; ...).",
    },
]


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
    rows = sorted(
        records, key=lambda r: (id_order(r.result_id), r.model, r.used_model, r.scenario, r.units)
    )
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=FIELDS, lineterminator="\n")
    writer.writeheader()
    for record in rows:
        writer.writerow({k: cell(v) for k, v in record.model_dump().items()})
    path = round_table(data_dir, round_name)
    write_text_atomic(path, buffer.getvalue())
    write_descriptor(data_dir)
    return path


def id_order(result_id: str) -> tuple[int, str]:
    """Sort key of a canonical result ID by its system number: ``6.1-10000`` after
    ``6.1-9999``."""
    return (len(result_id), result_id)


def cell(value: object) -> str:
    """A value as the round tables write it: "" for None, true/false, the shortest float text."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return repr(value)  # shortest text that reads back to the same float
    return str(value)


def write_descriptor(data_dir: Path) -> None:
    """Write ``datapackage.json`` describing every round table present under ``data_dir``."""
    tables = sorted((data_dir / RESULTS_DIR).glob("*.csv"), key=lambda p: round_key(p.stem))
    descriptor = {
        "profile": "tabular-data-package",
        "name": "mlperf-inference-results",
        "title": "MLPerf Inference results, normalized",
        "description": "Official MLCommons MLPerf Inference result summaries, one table per "
        "round, with MLCommons' field meanings and canonical spellings.",
        "licenses": [LICENSE],
        "sources": [
            {
                "title": f"MLCommons inference_results_{p.stem}",
                "path": RESULTS_REPOSITORY.format(round=p.stem),
            }
            for p in tables
        ],
        "resources": [
            {
                "name": f"inference-{p.stem}".replace(".", "-"),
                "path": f"{RESULTS_DIR}/{p.name}",
                "profile": "tabular-data-resource",
                "format": "csv",
                "mediatype": "text/csv",
                "encoding": "utf-8",
                "schema": {"fields": field_descriptors(), "missingValues": [""]},
            }
            for p in tables
        ]
        + [
            {
                "name": f"withdrawn-{p.stem}".replace(".", "-"),
                "path": f"{withdrawn.WITHDRAWN_DIR}/{p.name}",
                "description": "Results of the round that a corrected MLCommons summary no longer "
                "holds, kept with their result IDs; not part of any ranking.",
                "profile": "tabular-data-resource",
                "format": "csv",
                "mediatype": "text/csv",
                "encoding": "utf-8",
                "schema": {
                    "fields": field_descriptors() + WITHDRAWAL_FIELDS,
                    "missingValues": [""],
                },
            }
            for p in sorted(
                (data_dir / withdrawn.WITHDRAWN_DIR).glob("*.csv"), key=lambda p: round_key(p.stem)
            )
        ]
        + [
            {
                "name": f"ids-{p.stem}".replace(".", "-"),
                "path": f"{IDS_DIR}/{p.name}",
                "description": "The result IDs this project derived for the round with "
                "MLCommons' rule, each with the official ID MLCommons later published for the "
                "same system (empty for a result withdrawn before): an ID derived once keeps "
                "its meaning.",
                "profile": "tabular-data-resource",
                "format": "csv",
                "mediatype": "text/csv",
                "encoding": "utf-8",
                "schema": {
                    "fields": [
                        {"name": "derived", "type": "string", "title": "Derived result ID"},
                        {"name": "official", "type": "string", "title": "Official result ID"},
                        {"name": "submitter", "type": "string", "title": "Submitter"},
                        {"name": "system_name", "type": "string", "title": "System name"},
                    ],
                    "missingValues": [""],
                },
            }
            for p in sorted((data_dir / IDS_DIR).glob("*.csv"), key=lambda p: round_key(p.stem))
        ],
    }
    write_text_atomic(
        data_dir / DESCRIPTOR, json.dumps(descriptor, indent=2, ensure_ascii=False) + "\n"
    )


@dataclass(frozen=True)
class Dataset:
    """All rounds of the committed dataset, validated.

    ``records`` are in table order, rounds oldest first. ``frame`` is the same as a pandas
    DataFrame with one column per schema field. ``warnings`` are what the rules report without
    refusing (``rules.Findings``), for ``check`` to print. ``withdrawn`` are the results a
    corrected summary no longer holds (``withdrawn``): never among ``records``, so never ranked,
    counted or charted.
    """

    records: tuple[ResultRecord, ...]
    warnings: tuple[InputError, ...] = ()
    withdrawn: tuple[withdrawn.Withdrawal, ...] = ()
    # The derived IDs the official IDs of their rounds superseded: ``identity.Superseded``
    # (``data/ids/<round>.csv``), by which every page resolves an old derived ID.
    superseded: Superseded | None = None

    def withdrawal(self, result_id: str) -> list[withdrawn.Withdrawal]:
        """The withdrawn results of ``result_id`` (canonical, ``6.1-0073``)."""
        return [w for w in self.withdrawn if w.record.result_id == result_id]

    @cached_property
    def frame(self) -> pd.DataFrame:
        import pandas as pd  # about a second of each process's start, for a table only tests use

        return pd.DataFrame([r.model_dump() for r in self.records], columns=FIELDS)

    @property
    def rounds(self) -> list[str]:
        """Round names, oldest first, e.g. ``["v5.1", "v6.0", "v6.1"]``."""
        return sorted({r.round for r in self.records}, key=round_key)

    def of_round(self, round_name: str) -> list[ResultRecord]:
        """Records of one round, in table order."""
        return [r for r in self.records if r.round == round_name]


def load(data_dir: Path) -> Dataset:
    """Load and validate every round table under ``data_dir``.

    Raises:
        InputErrors: every invalid cell, as ``data/results/v6.1.csv: line 12: field 'result':
            ...`` (file lines: the header is line 1), an unexpected or missing column, a table
            whose rows belong to another round, and whatever breaks the rules the importer also
            applies (``rules``). Nothing is returned half-checked.
    """
    tables = sorted((data_dir / RESULTS_DIR).glob("*.csv"), key=lambda p: round_key(p.stem))
    if not tables:
        raise InputErrors(
            [
                InputError(
                    data_dir / RESULTS_DIR, None, None, "no round tables (*.csv); run `make import`"
                )
            ]
        )
    rows: list[tuple[rules.Place, ResultRecord]] = []
    errors: list[InputError] = []
    for path in tables:
        rows += [
            (rules.Place(str(path), f"line {line}"), record)
            for line, record in _load_table(path, errors)
        ]
    found = rules.check_dataset(rows)
    errors += found.errors
    gone = withdrawn.load(data_dir, errors)
    errors += _withdrawals_stay_apart(rows, gone, data_dir)
    if errors:
        raise InputErrors(spellings.merged(errors))
    from generator.data.identity import Superseded  # identity reads this module's cells

    return Dataset(
        tuple(record for _, record in rows),
        tuple(found.warnings),
        tuple(gone),
        Superseded.read(data_dir),
    )


def _withdrawals_stay_apart(
    rows: list[tuple[rules.Place, ResultRecord]], gone: list[withdrawn.Withdrawal], data_dir: Path
) -> list[InputError]:
    """A withdrawn result is not also live, and its ID names no other system of the round (a
    result ID never changes meaning)."""
    live = {(r.round, r.result_id, r.model, r.used_model, r.scenario): r for _, r in rows}
    system_of = {(r.round, r.result_id): r for _, r in rows}
    errors = []
    for each in gone:
        r = each.record
        path = withdrawn.table(data_dir, r.round)
        if (r.round, r.result_id, r.model, r.used_model, r.scenario) in live:
            errors.append(
                InputError(
                    path,
                    None,
                    "result_id",
                    f"{r.result_id} {r.model} "
                    f"{r.scenario} is both withdrawn and in the round table",
                )
            )
        other = system_of.get((r.round, r.result_id))
        if other is not None and (other.submitter, other.division) != (r.submitter, r.division):
            errors.append(
                InputError(
                    path,
                    None,
                    "result_id",
                    f"the withdrawn {r.result_id} of "
                    f"{r.submitter} is now the ID of {other.submitter}'s "
                    f"{other.system_name}: an ID is never given again",
                )
            )
    return errors


def _load_table(path: Path, errors: list[InputError]) -> list[tuple[int, ResultRecord]]:
    """The valid rows of one table with their file line numbers (the header is line 1)."""
    with path.open(encoding="utf-8", newline="") as handle:
        reader = csv.DictReader(handle)
        header = reader.fieldnames or []
        if header != FIELDS:
            missing = [f for f in FIELDS if f not in header]
            extra = [f for f in header if f not in FIELDS]
            errors.append(
                InputError(
                    path,
                    "header",
                    (missing or extra or [None])[0],
                    f"columns differ from the schema: missing {missing}, unexpected {extra}",
                )
            )
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
                errors.append(
                    InputError(path, where, "round", f"expected {path.stem}, got {record.round}")
                )
                continue
            rows.append((line, record))
        return rows
