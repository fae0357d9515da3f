"""Withdrawn results: results a corrected MLCommons summary no longer holds, kept findable.

A result that a re-import of its round does not find again (``identity.match``) is not deleted:
it moves to ``data/withdrawn/<round>.csv``, the round table's columns plus ``withdrawn_on`` (the
date of the import that withdrew it) and ``withdrawn_by`` (that import's source files and their
sha256, ``file sha256`` joined by ``; ``). It keeps its result ID, which no later result of the
round takes (``identity.pin_ids``), and it is never ranked, counted or charted: the dataset's
``records`` do not hold it, only its ``withdrawn``. If a later summary publishes it again, it
returns to the round table under the same ID.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from pathlib import Path

from pydantic import ValidationError

from generator.data.schema import FIELDS, ResultRecord
from generator.errors import InputError
from generator.files import write_text_atomic

WITHDRAWN_DIR = "withdrawn"
EXTRA_FIELDS = ["withdrawn_on", "withdrawn_by"]
COLUMNS = FIELDS + EXTRA_FIELDS


@dataclass(frozen=True)
class Withdrawal:
    """A withdrawn result: the record as last published, the date (ISO) of the import that
    withdrew it and that import's sources (``"file sha256; ..."``)."""

    record: ResultRecord
    withdrawn_on: str
    withdrawn_by: str


def table(data_dir: Path, round_name: str) -> Path:
    """``data/withdrawn/<round>.csv``."""
    return data_dir / WITHDRAWN_DIR / f"{round_name}.csv"


def read_rows(data_dir: Path, round_name: str) -> list[dict[str, str]]:
    """The withdrawn rows of a round as plain text cells; ``[]`` when it has none."""
    path = table(data_dir, round_name)
    if not path.exists():
        return []
    with path.open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def save(data_dir: Path, round_name: str, rows: list[dict[str, str]]) -> None:
    """Write the round's withdrawn rows (cells; sorted by result ID, model, scenario); an empty
    list removes the table (and ``withdrawn/`` when no round has one)."""
    path = table(data_dir, round_name)
    if not rows:
        path.unlink(missing_ok=True)
        if path.parent.is_dir() and not any(path.parent.iterdir()):
            path.parent.rmdir()  # no empty folder left once every result is restored
        return
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=COLUMNS, lineterminator="\n", extrasaction="ignore")
    writer.writeheader()
    for row in sorted(
        rows,
        key=lambda r: (
            len(r["result_id"]),
            r["result_id"],
            r["model"],
            r["used_model"],
            r["scenario"],
        ),
    ):
        writer.writerow({name: row.get(name, "") for name in COLUMNS})
    write_text_atomic(path, buffer.getvalue())


def load(data_dir: Path, errors: list[InputError]) -> list[Withdrawal]:
    """Every withdrawn result under ``data_dir``, validated as a round table's row is.

    Problems (a bad cell, a missing column, no withdrawal date) are appended to ``errors`` as
    ``data/withdrawn/v6.1.csv: line N: field ...``.
    """
    found = []
    for path in sorted((data_dir / WITHDRAWN_DIR).glob("*.csv")):
        with path.open(encoding="utf-8", newline="") as handle:
            reader = csv.DictReader(handle)
            if (reader.fieldnames or []) != COLUMNS:
                errors.append(
                    InputError(path, "header", None, f"expected the columns {', '.join(COLUMNS)}")
                )
                continue
            for line, row in enumerate(reader, start=2):
                values = {k: v for k, v in row.items() if k in FIELDS and v != ""}
                try:
                    record = ResultRecord(**values)
                except ValidationError as exc:
                    errors += [
                        InputError(
                            path,
                            f"line {line}",
                            ".".join(str(p) for p in e["loc"]) or None,
                            e["msg"],
                        )
                        for e in exc.errors()
                    ]
                    continue
                if not row["withdrawn_on"]:
                    errors.append(
                        InputError(
                            path,
                            f"line {line}",
                            "withdrawn_on",
                            "a withdrawn result needs the date it was withdrawn",
                        )
                    )
                    continue
                if record.round != path.stem:
                    errors.append(
                        InputError(
                            path,
                            f"line {line}",
                            "round",
                            f"expected {path.stem}, got {record.round}",
                        )
                    )
                    continue
                found.append(Withdrawal(record, row["withdrawn_on"], row["withdrawn_by"]))
    return found
