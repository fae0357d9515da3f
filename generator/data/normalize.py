"""Normalizing one raw summary record into the fields of a :class:`schema.ResultRecord`.

Every value goes through the vocabulary tables (``vocabulary``), the accelerator table
(``accelerators``) and the one number rule (``numbers``); each problem names the field as the
summary file spells it.
"""

from __future__ import annotations

from generator.data import accelerators
from generator.data.mlcommons import FINAL_REPORT, SummaryRecord
from generator.data.numbers import plain_number
from generator.data.schema import canonical_result_id
from generator.data.vocabulary import vocabulary
from generator.errors import InputError

# Free-text fields kept as published (stripped); None and placeholders become "".
TEXT_FIELDS = (
    "system_name",
    "platform",
    "submitter",
    "accuracy",
    "host_processor",
    "host_processor_core_count",
    "framework",
    "operating_system",
    "weight_data_types",
    "notes",
)


def schema_error(record: SummaryRecord, problem: dict) -> InputError:
    name = ".".join(str(p) for p in problem["loc"]) or None
    message = problem["msg"]
    if name is not None and repr(problem.get("input")) not in message:
        message += f" (got {problem.get('input')!r})"
    return record.error(name, message)


def normalize_fields(
    record: SummaryRecord, round_name: str, problems: list[InputError], report=None
) -> dict:
    """The fields of a :class:`ResultRecord` for one raw summary record, before validation.

    Args:
        record: raw values as read by ``mlcommons.read_summary``.
        round_name: the record's round, ``"v6.1"``.
        problems: receives every problem of the record (an unknown division, a number that is
            not a plain decimal...), each naming the field as the file spells it.
        report: an ``importer.RoundReport`` that receives the models new to the vocabulary and
            the accelerators the alias table does not know; or None.

    Returns:
        the fields, ``result_id`` ``""`` when the file publishes none; meaningless when
        ``problems`` grew.
    """
    v = record.values
    words = vocabulary()

    def canonical(table: str, name: str) -> str:
        found = words.canonical(table, v[name])
        if found is None:
            problems.append(
                record.error(
                    name,
                    f"unknown {table} {v[name]!r}; known: "
                    f"{', '.join(words.known(table))} (if it is one "
                    f"of them, add the spelling to its aliases in "
                    f"generator/data/vocabulary.yaml, table "
                    f"`{table}:`, and import again)",
                )
            )
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
    total, per_node, nodes = (
        count("total_accelerators"),
        count("accelerators_per_node"),
        count("nodes"),
    )
    if total is None and per_node is not None and nodes is not None:
        total = per_node * nodes  # older final reports carry no total
    per_accelerator = (
        result / total
        if total and units and words.is_throughput(units) and result is not None
        else None
    )
    power_result = number("power_result")
    power_units = None
    if not words.is_missing(v.get("power_units")):
        power_units = words.canonical("power_units", v["power_units"])
        if power_units is None:
            problems.append(
                record.error(
                    "power_units",
                    f"unknown power units "
                    f"{v['power_units']!r}; known: "
                    f"{', '.join(words.known('power_units'))}",
                )
            )
    elif power_result is not None:
        problems.append(
            record.error(
                "power_units",
                f"the power result {power_result!r} has no unit; expected Watts or millijoules",
            )
        )
    if power_units is not None and power_result is None:
        problems.append(
            record.error("power_result", f"power units {v['power_units']!r} without a power result")
        )
    if power_result is not None and power_result <= 0:
        problems.append(
            record.error(
                "power_result", f"expected a positive power or energy (got {v['power_result']!r})"
            )
        )
    published_id = _text(v.get("result_id"))
    accelerator = None if words.is_missing(v.get("accelerator")) else _text(v["accelerator"])
    if (
        accelerator
        and report is not None
        and not accelerators.is_known(accelerator)
        and accelerator not in report.unknown_accelerators
    ):
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
        **{
            name: "" if words.is_missing(v.get(name)) else _text(v.get(name))
            for name in TEXT_FIELDS
        },
    }


def _model(record: SummaryRecord, problems: list[InputError], report) -> str:
    """The benchmark model of a record. Final reports name the benchmark in ``Model``; checker
    summaries name the model as run in ``Model`` and its family in ``MlperfModel``, so the
    benchmark is the canonical name of either, else a new model named as run. A name the
    vocabulary does not know is a new model (reported), unless it respells a known one. A
    family label (``families`` in ``vocabulary.yaml``: "VLM", "agentic edge") is never a
    model: the record counts under the family's benchmark that is its model as run, or is
    refused."""
    words = vocabulary()
    if record.format == FINAL_REPORT:
        name, spelled_as = record.values.get("mlperf_model", ""), "mlperf_model"
    else:
        name, spelled_as = record.values["used_model"], "used_model"
        label = _text(record.values.get("mlperf_model", ""))
        if words.canonical("model", name) is None and (
            words.canonical("model", label) is not None or label in words.families
        ):
            name, spelled_as = record.values["mlperf_model"], "mlperf_model"
    family = words.families.get(_text(name))
    if family is not None:  # a family label ("VLM"): the benchmark is the model as run
        run = words.canonical("model", _text(record.values.get("used_model", "")))
        if run not in family:
            problems.append(
                record.error(
                    spelled_as,
                    (
                        f"{_text(name)!r} is MLCommons' family label of {', '.join(family)}, and the "
                        f"model as run, {_text(record.values.get('used_model', ''))!r} (field "
                        f"{record.spellings['used_model']!r}), is none of them; if it is one, add it "
                        "to that benchmark's aliases in generator/data/vocabulary.yaml, else add the "
                        "new benchmark there and to the label's list under `families:`"
                    ),
                )
            )
            return ""
        name = run
    canonical, note = words.model(_text(name))
    if canonical is None:
        problems.append(
            record.error(
                spelled_as,
                f"{name!r} differs from the model {note!r} "
                "only in case or punctuation; add it to the "
                f"aliases of {note!r} in "
                "generator/data/vocabulary.yaml",
            )
        )
        return ""
    if not canonical:
        problems.append(record.error(spelled_as, "the model is empty"))
    elif note == "new" and report is not None and canonical not in report.new_models:
        report.new_models.append(canonical)
    return canonical


def _text(value: object) -> str:
    return "" if value is None else str(value).strip()
