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

import codecs
import json
import re
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
IGNORED = {
    "Details",
    "Code",
    "Unique ID (e.g. for Audit)",
    "ColorKey",
    "p#",
    "compliance",
    "errors",
    "has_power",
    "design_power_watts",
    "PrivateID",
    "MlperfModel",
    "Model",
    "UsedModel",
}
# Keys every record of a format must have (the rest may be absent, e.g. in older rounds).
REQUIRED = (
    "submitter",
    "category",
    "division",
    "suite",
    "system_name",
    "platform",
    "used_model",
    "scenario",
    "result",
    "units",
    "nodes",
    "location",
    "version",
)


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
        return {
            "model": "Model",
            **{name: keys[column] for name, keys in KEYS.items() if keys[column]},
        }

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
        InputError: unreadable or malformed JSON (with line and column), a file in another
            encoding than UTF-8 (with or without BOM) or UTF-16 (with BOM), a CSV summary, a key
            written twice in one object (both places named), an unknown layout.
        InputErrors: records that are not objects, lack a required key or carry an unknown one
            (named with the summary file's spelling), every one of them.
    """
    text = _decoded(Path(path))
    head = text.lstrip().split("\n", 1)[0]
    if Path(path).suffix.lower() == ".csv" or (head[:1].isalpha() and "," in head):
        raise InputError(
            path,
            None,
            None,
            "this is not a JSON summary (MLCommons' summary.csv?): "
            "CSV summaries are not read; import the summary.json beside it (the "
            "submission checker's summary) or the round's summary_results.json",
        )
    try:
        data = json.loads(text, object_pairs_hook=_pairs(text))
    except json.JSONDecodeError as exc:
        raise InputError(
            path, f"line {exc.lineno} column {exc.colno}", None, f"malformed JSON: {exc.msg}"
        ) from None
    except _DuplicateKey as exc:
        raise InputError(path, exc.where, exc.key, exc.problem) from None
    if isinstance(data, dict):
        fmt, column, items = CHECKER, 0, [(f"record '{k}'", v) for k, v in data.items()]
    elif isinstance(data, list):
        fmt, column, items = (
            FINAL_REPORT,
            1,
            [
                (
                    f"record {i} (ID {v['ID']})"
                    if isinstance(v, dict) and v.get("ID")
                    else f"record {i}",
                    v,
                )
                for i, v in enumerate(data)
            ],
        )
    else:
        raise InputError(
            path,
            None,
            None,
            "expected a JSON object (submission-checker summary) "
            "or a JSON list (final report) of records",
        )
    records, errors = [], []
    known = {spellings[column] for spellings in KEYS.values()} | IGNORED
    for where, raw in items:
        if not isinstance(raw, dict):
            errors.append(
                InputError(path, where, None, f"expected a JSON object, got {type(raw).__name__}")
            )
            continue
        values = {}
        for name, spellings in KEYS.items():
            key = spellings[column]
            if key is not None and key in raw:
                values[name] = raw[key]
            elif name in REQUIRED:
                errors.append(
                    InputError(path, where, key or name, f"missing from this {fmt} record", name)
                )
        errors += [
            InputError(
                path,
                where,
                key,
                f"unknown key in a {fmt} record; known: the keys of generator/data/mlcommons.py",
            )
            for key in sorted(set(raw) - known)
        ]
        records.append(SummaryRecord(str(path), where, fmt, values))
    if errors:
        raise InputErrors(errors)
    return records


def _decoded(path: Path) -> str:
    """The file's text: UTF-8 (a BOM is dropped) or UTF-16 with its BOM, as editors save JSON."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise InputError(path, None, None, f"cannot read the file: {exc}") from None
    for bom, encoding in (
        (codecs.BOM_UTF8, "utf-8-sig"),
        (codecs.BOM_UTF16_LE, "utf-16"),
        (codecs.BOM_UTF16_BE, "utf-16"),
    ):
        if raw.startswith(bom):
            break
    else:
        encoding = "utf-8"
    try:
        return raw.decode(encoding)
    except UnicodeDecodeError as exc:
        raise InputError(
            path,
            f"byte {exc.start}",
            None,
            f"not {encoding.upper().removesuffix('-SIG')} text ({exc.reason}); "
            "summaries are read as UTF-8, or UTF-16 with a byte-order mark",
        ) from None


class _DuplicateKey(ValueError):
    def __init__(self, key: str, where: str, problem: str):
        super().__init__(problem)
        self.key, self.where, self.problem = key, where, problem


def _pairs(text: str):
    """An ``object_pairs_hook`` that refuses a key written twice in one object (a bad merge
    keeps one silently), naming the lines of both (``_same_object``)."""

    def hook(pairs: list[tuple[str, object]]) -> dict:
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                first, second = _same_object(text, key)
                raise _DuplicateKey(
                    key,
                    f"line {second}",
                    f"key {key!r} written twice in one object, at line "
                    f"{first} and at line {second} (a bad merge?); keep one",
                )
            seen.add(key)
        return dict(pairs)

    return hook


STRING = re.compile(r'"(?:[^"\\]|\\.)*"')


def _same_object(text: str, key: str) -> tuple[int | str, int | str]:
    """Lines (1-based) of the first two places where ``key`` is written as a key of one object:
    two occurrences with only whole objects and lists between them. ``?`` if none is found."""
    places = [
        m
        for m in re.finditer(r'"((?:[^"\\]|\\.)*)"\s*:', text)
        if json.loads(f'"{m.group(1)}"') == key
    ]
    for a, b in zip(places, places[1:]):
        between = STRING.sub('""', text[a.end() : b.start()])
        depth = 0
        for char in between:
            depth += char in "{["
            depth -= char in "}]"
            if depth < 0:
                break
        else:
            if depth == 0:
                return (text.count("\n", 0, a.start()) + 1, text.count("\n", 0, b.start()) + 1)
    return ("?", "?")
