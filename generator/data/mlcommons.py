"""Reading MLCommons' two result-summary formats.

* **Submission-checker summary** (``summary.json`` of a results repository, e.g. v6.1): a JSON
  object of records keyed "0", "1", ...; keys such as ``Organization``, ``Division``,
  ``SystemType``, ``SystemName``, ``Result``, ``Units``; no result IDs.
* **Final report** (``summary_results.json``, e.g. v6.0 and v5.1): a JSON list of records with
  ``ID``, ``Submitter``, ``Category`` (the division), ``Suite``, ``System``,
  ``Performance_Result``, ``Performance_Units``, ``Power_Result``...

Both are read into :class:`SummaryRecord`: the same raw values under one set of names, with the
record's position in the file for error messages. Nothing is normalized here; see ``importer``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from generator.errors import InputError, InputErrors

CHECKER = "submission-checker summary"
FINAL_REPORT = "final report"

# Our name -> (submission-checker key, final-report key). None: absent from that format.
KEYS: dict[str, tuple[str | None, str | None]] = {
    "result_id": (None, "ID"),
    "submitter": ("Organization", "Submitter"),
    "category": ("Availability", "Availability"),
    "division": ("Division", "Category"),
    "suite": ("SystemType", "Suite"),
    "system_name": ("SystemName", "System"),
    "platform": ("Platform", "Platform"),
    "used_model": ("Model", "UsedModel"),
    "mlperf_model": ("MlperfModel", "Model"),
    "scenario": ("Scenario", "Scenario"),
    "result": ("Result", "Performance_Result"),
    "units": ("Units", "Performance_Units"),
    "power_result": (None, "Power_Result"),
    "power_units": (None, "Power_Units"),
    "accuracy": ("Accuracy", "Accuracy"),
    "nodes": ("number_of_nodes", "Nodes"),
    "host_processor": ("host_processor_model_name", "Processor"),
    "host_processors_per_node": ("host_processors_per_node", "host_processors_per_node"),
    "host_processor_core_count": ("host_processor_core_count", "host_processor_core_count"),
    "accelerator": ("accelerator_model_name", "Accelerator"),
    "accelerators_per_node": ("accelerators_per_node", "a#"),
    "total_accelerators": ("total_accelerators", "Total Accelerators"),
    "location": ("Location", "Location"),
    "framework": ("framework", "Software"),
    "operating_system": ("operating_system", "operating_system"),
    "notes": ("notes", "Notes"),
    "version": ("version", "version"),
    "inferred": ("inferred", "inferred"),
    "weight_data_types": ("weight_data_types", "weight_data_types"),
}
# Keys MLCommons writes that carry nothing we publish: links and keys rebuilt from other fields,
# checker bookkeeping. Any other key is reported, so a format change is noticed.
IGNORED = {"Details", "Code", "Unique ID (e.g. for Audit)", "ColorKey", "p#", "compliance",
           "errors", "has_power", "design_power_watts", "PrivateID", "MlperfModel", "Model",
           "UsedModel"}
# Keys every record of a format must have (the rest may be absent, e.g. in older rounds).
REQUIRED = ("submitter", "category", "division", "suite", "system_name", "platform", "used_model",
            "scenario", "result", "units", "nodes", "location", "version")


@dataclass(frozen=True)
class SummaryRecord:
    """One record of a summary file, with raw values under our names (see ``KEYS``).

    ``path`` and ``where`` locate it: ``record 12 (ID v4.1-0050)`` in a final report (its
    position and its published ID), ``record '12'`` (its key) in a checker summary.
    """

    path: str
    where: str
    format: str
    values: dict

    @property
    def spellings(self) -> dict[str, str]:
        """How this record's format spells each of our names: ``{"accelerators_per_node":
        "a#", ...}`` in a final report."""
        column = 0 if self.format == CHECKER else 1
        # The benchmark model (our "model") is named by the "Model" key in both formats.
        return {"model": "Model",
                **{name: keys[column] for name, keys in KEYS.items() if keys[column]}}

    def error(self, field: str | None, problem: str) -> InputError:
        """An :class:`InputError` at this record, naming ``field`` (our name) as the file spells
        it, beside our name."""
        spelled = self.spellings.get(field, field) if field else None
        return InputError(self.path, self.where, spelled, problem, field)


def read_summary(path: Path) -> list[SummaryRecord]:
    """Read an MLCommons summary file of either format.

    Args:
        path: a ``summary.json`` (checker) or ``summary_results.json`` (final report) file.

    Returns:
        its records in file order.

    Raises:
        InputError: unreadable or malformed JSON (with line and column), an unknown layout.
        InputErrors: records that are not objects, lack a required key or carry an unknown one
            (named with the summary file's spelling), every one of them.
    """
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise InputError(path, f"line {exc.lineno} column {exc.colno}", None,
                         f"malformed JSON: {exc.msg}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(path, None, None, f"cannot read the file: {exc}") from None
    if isinstance(data, dict):
        fmt, column, items = CHECKER, 0, [(f"record '{k}'", v) for k, v in data.items()]
    elif isinstance(data, list):
        fmt, column, items = FINAL_REPORT, 1, [
            (f"record {i} (ID {v['ID']})" if isinstance(v, dict) and v.get("ID")
             else f"record {i}", v) for i, v in enumerate(data)]
    else:
        raise InputError(path, None, None, "expected a JSON object (submission-checker summary) "
                         "or a JSON list (final report) of records")
    records, errors = [], []
    known = {spellings[column] for spellings in KEYS.values()} | IGNORED
    for where, raw in items:
        if not isinstance(raw, dict):
            errors.append(InputError(path, where, None,
                                     f"expected a JSON object, got {type(raw).__name__}"))
            continue
        values = {}
        for name, spellings in KEYS.items():
            key = spellings[column]
            if key is not None and key in raw:
                values[name] = raw[key]
            elif name in REQUIRED:
                errors.append(InputError(path, where, key or name,
                                         f"missing from this {fmt} record", name))
        errors += [InputError(path, where, key, f"unknown key in a {fmt} record; known: the "
                                                "keys of generator/data/mlcommons.py")
                   for key in sorted(set(raw) - known)]
        records.append(SummaryRecord(str(path), where, fmt, values))
    if errors:
        raise InputErrors(errors)
    return records
