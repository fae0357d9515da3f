"""Import: MLCommons summary files -> the normalized results dataset under ``data/``.

Three visible stages, as in ``run_import``: load the summary files (``mlcommons``), normalize
each record through the vocabulary tables and give it a result ID (``result_ids``), then save one
table per round with its descriptor (``dataset``). Every problem found is reported with its file,
record and field; nothing is written unless every record is valid.
"""

from __future__ import annotations

import math
from collections import defaultdict
from pathlib import Path

from pydantic import ValidationError

from . import dataset
from .errors import InputError, InputErrors
from .mlcommons import FINAL_REPORT, SummaryRecord, read_summary
from .result_ids import assign_result_ids
from .schema import ResultRecord
from .vocabulary import vocabulary

# Free-text fields kept as published (stripped); None becomes "".
TEXT_FIELDS = ("system_name", "platform", "submitter", "accuracy", "host_processor",
               "host_processor_core_count", "framework", "operating_system", "weight_data_types",
               "notes")


def run_import(paths: list[Path], data_dir: Path) -> dict[str, int]:
    """Import MLCommons summary files into ``data_dir``.

    Args:
        paths: summary files of one or more rounds (either MLCommons format).
        data_dir: the dataset folder (``data/``); its tables of other rounds are kept.

    Returns:
        the number of records written per round, e.g. ``{"v6.1": 492}``.

    Raises:
        InputErrors: every problem found in every file, each naming file, record and field.
    """
    records_by_round: dict[str, list[ResultRecord]] = {}
    errors: list[InputError] = []
    for path in paths:
        try:
            summary = read_summary(path)
        except InputError as exc:
            errors.append(exc)
            continue
        for round_name, rows in normalize_summary(summary, errors).items():
            records_by_round.setdefault(round_name, []).extend(rows)
    if errors:
        raise InputErrors(errors)
    for round_name, records in records_by_round.items():
        dataset.save_round(data_dir, round_name, records)
    return {name: len(rows) for name, rows in records_by_round.items()}


def normalize_summary(summary: list[SummaryRecord],
                      errors: list[InputError]) -> dict[str, list[ResultRecord]]:
    """Normalize the records of one summary file, grouped by round.

    Records without a published result ID get the ID MLCommons' rule gives them
    (``result_id_derived`` true). Problems are appended to ``errors``; bad records are dropped.
    """
    by_round: dict[str, list[SummaryRecord]] = defaultdict(list)
    for record in summary:
        by_round[str(record.values["version"]).strip()].append(record)
    out: dict[str, list[ResultRecord]] = {}
    for round_name, records in by_round.items():
        derived_ids = assign_result_ids(round_name, (_id_fields(r) for r in records))
        rows: list[ResultRecord] = []
        seen: dict[tuple, str] = {}
        for record, derived_id in zip(records, derived_ids):
            try:
                row = normalize_record(record, derived_id)
            except InputError as exc:
                errors.append(exc)
                continue
            key = (row.result_id, row.used_model, row.scenario, row.units)
            if key in seen:
                errors.append(record.error(None, f"duplicate of {seen[key]}: same system, model, "
                                                 "scenario and units"))
                continue
            seen[key] = record.where
            rows.append(row)
        out[round_name] = rows
    return out


def _id_fields(record: SummaryRecord) -> dict[str, str]:
    return {name: str(record.values.get(name, "")) for name in
            ("suite", "division", "category", "submitter", "platform", "used_model")}


def normalize_record(record: SummaryRecord, derived_id: str) -> ResultRecord:
    """Turn one raw summary record into a validated :class:`ResultRecord`.

    Args:
        record: raw values as read by ``mlcommons.read_summary``.
        derived_id: the ID MLCommons' rule gives this record, used when none is published.

    Raises:
        InputError: a value the vocabulary tables do not know, or one the schema rejects,
            naming the record and the field with its summary-file meaning.
    """
    v = record.values
    words = vocabulary()

    def canonical(table: str, field: str, value: object) -> str:
        found = words.canonical(table, value)
        if found is None:
            raise record.error(field, f"unknown {table} {value!r}; known: "
                                      f"{', '.join(words.known(table))} "
                                      "(add the spelling to generator/vocabulary.yaml)")
        return found

    used_model = str(v["used_model"]).strip()
    if record.format == FINAL_REPORT:
        # Final reports name the benchmark in "Model" (the model as run is "UsedModel").
        model = canonical("model", "model", v.get("mlperf_model", ""))
    else:
        # Checker files name the model as run in "Model"; its canonical name is the benchmark,
        # or failing that (open-division variants) the canonical name of "MlperfModel".
        model = (words.canonical("model", used_model)
                 or words.canonical("model", v.get("mlperf_model", "")))
        if model is None:
            canonical("model", "used_model", used_model)
    units = canonical("units", "units", v["units"])
    result = _number(record, "result", v["result"])
    total = _count(record, "total_accelerators", v.get("total_accelerators"))
    per_node = _count(record, "accelerators_per_node", v.get("accelerators_per_node"))
    nodes = _count(record, "nodes", v["nodes"])
    if total is None and per_node is not None and nodes is not None:
        total = per_node * nodes  # older final reports carry no total
    per_accelerator = (result / total if total and words.is_throughput(units)
                       and result is not None else None)
    fields = {
        "round": str(v["version"]).strip(),
        "result_id": str(v.get("result_id") or derived_id),
        "result_id_derived": not v.get("result_id"),
        "division": canonical("division", "division", v["division"]),
        "category": canonical("category", "category", v["category"]),
        "suite": canonical("suite", "suite", v["suite"]),
        "model": model,
        "used_model": used_model,
        "scenario": canonical("scenario", "scenario", v["scenario"]),
        "result": result,
        "units": units,
        "result_per_accelerator": per_accelerator,
        "nodes": nodes,
        "accelerator": _text(v.get("accelerator")) or None,
        "accelerators_per_node": per_node,
        "total_accelerators": total,
        "host_processors_per_node": _count(record, "host_processors_per_node",
                                           v.get("host_processors_per_node")),
        "power_result": _number(record, "power_result", v.get("power_result")),
        "power_units": _text(v.get("power_units")) or None,
        "inferred": bool(_count(record, "inferred", v.get("inferred")) or 0),
        "location": _text(v["location"]).removeprefix("./"),
        **{name: _text(v.get(name)) for name in TEXT_FIELDS},
    }
    try:
        return ResultRecord(**fields)
    except ValidationError as exc:
        first = exc.errors()[0]
        field = ".".join(str(p) for p in first["loc"]) or None
        raise record.error(field, f"{first['msg']} (got {first.get('input')!r})") from None


def _text(value: object) -> str:
    return "" if value is None else str(value).strip()


def _number(record: SummaryRecord, field: str, value: object) -> float | None:
    """A float from a JSON number or a numeric string; None for null or ""."""
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        raise record.error(field, f"expected a number, got {value!r}")
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise record.error(field, f"expected a number, got {value!r}") from None
    if not math.isfinite(number):
        raise record.error(field, f"expected a finite number, got {value!r}")
    return number


def _count(record: SummaryRecord, field: str, value: object) -> int | None:
    """A whole count from an int or a numeric string; None for null, "" or 0 (MLCommons writes
    0 or "" where a system has none)."""
    number = _number(record, field, value)
    if number is None or number == 0:
        return None
    if number < 0 or number != int(number):
        raise record.error(field, f"expected a whole number >= 0, got {value!r}")
    return int(number)
