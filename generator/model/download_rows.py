"""What a results download holds, in every language: one row per result, with the dataset's
column names and qualifiers.

A table's download says what the page says: the same results, each with every qualifier the page
marks it with (category, a derived result ID, a result MLCommons inferred, an open-division
model and its accuracy, no per-accelerator figure for a mixed system or one no accelerator ran). Its columns are named
as in the whole dataset (``data/results/<round>.csv``, described field by field in
``data/datapackage.json``: ``schema.ResultRecord``), so that a reader who joins a page's file
with the dataset finds the same names with the same meanings. The columns a download adds to
the dataset's are its ``rank`` and those computed here (``open_division.disclosure_fields``,
``result_url``) and the figures derived from the accelerator's card (``SPEC_FIELDS``); a
language's text (a citation) is added by the page (``pages.output``).
"""

from __future__ import annotations

from generator.data.dataset import result_url
from generator.data.schema import ResultRecord
from generator.model import specs
from generator.model.comparisons import Step
from generator.model.open_division import disclosure_fields
from generator.model.qualifiers import per_accelerator

# The result's ID as the dataset names it: the canonical ID (``4.1-0043``), MLCommons'
# published spelling (``v4.1-0043``; empty when the ID is derived) and whether this site derived
# it with MLCommons' rule.
ID_FIELDS = ("result_id", "result_id_published", "result_id_derived")
# Figures derived by this site from the result and its accelerator's card (``specs.spec_figures``:
# LLM results only; never MLCommons results), with the card values they divide by. Rated power
# is not among them: a rated watt is not a measured one.
SPEC_FIELDS = (
    "memory_bandwidth_tb_s",
    "tokens_per_s_per_accelerator_per_tb_s",
    "peak_compute_precision",
    "peak_compute",
    "peak_compute_sparsity",
    "tokens_per_s_per_accelerator_per_peak_tflops",
    "spec_figures_derived_by",
)
SPEC_DERIVED_BY = (
    "mlperf-wiki, from the MLCommons result and the vendor's specification; not an MLPerf result"
)
# Fields of the dataset every results download carries, in the dataset's order, then its own
# columns. ``suite`` is the record's (``datacenter,edge`` for a result MLCommons lists in both).
DATASET_FIELDS = (
    "round",
    "suite",
    "model",
    "scenario",
    *ID_FIELDS,
    "division",
    "category",
    "submitter",
    "system_name",
    "accelerator",
    "total_accelerators",
    "result",
    "units",
    "result_per_accelerator",
    "accelerator_mixed",
    "inferred",
)
FIELDS_ADDED = (
    "used_model",
    "accuracy",
    "meets_closed_accuracy_target",
    "accuracy_target_source",
    "result_url",
    *SPEC_FIELDS,
)
DOWNLOAD_FIELDS = ("rank", *DATASET_FIELDS, *FIELDS_ADDED)


def result_id_fields(record: ResultRecord, prefix: str = "") -> dict:
    """``record``'s ID columns as the dataset names them (``ID_FIELDS``), each name after
    ``prefix`` (``followed_by_result_id`` in the preview tracker's download)."""
    return {f"{prefix}{name}": getattr(record, name) for name in ID_FIELDS}


def result_row(record: ResultRecord, rank: int | None) -> dict:
    """One result as every download gives it (``DOWNLOAD_FIELDS``, in order): its ``rank`` in
    the table it is downloaded from (None where the table ranks nothing), the dataset's fields,
    what an open-division result ran and how accurately, and its official result folder. The
    per-accelerator figure is the pages' (``qualifiers.per_accelerator``): empty for a
    mixed-accelerator system and for a result no accelerator ran."""
    row = {
        "rank": rank,
        **{name: getattr(record, name) for name in DATASET_FIELDS},
        "result_per_accelerator": per_accelerator(record),
    }
    return {
        **row,
        **disclosure_fields(record),
        "result_url": result_url(record.round, record.location),
        **spec_fields(record),
    }


def spec_fields(record: ResultRecord) -> dict:
    """``SPEC_FIELDS`` of ``record``: its figures per TB/s of memory bandwidth and per unit of
    peak compute at its weights' precision (``specs.spec_figures``) with the card values they
    divide (all empty for a result without them), and who derived them."""
    f = specs.spec_figures(record)
    return {
        "memory_bandwidth_tb_s": f.bandwidth.value if f.bandwidth else None,
        "tokens_per_s_per_accelerator_per_tb_s": f.per_tb_s,
        "peak_compute_precision": f.compute.field.name if f.compute else None,
        "peak_compute": f.compute.value if f.compute else None,
        "peak_compute_sparsity": f.compute.sparsity if f.compute else None,
        "tokens_per_s_per_accelerator_per_peak_tflops": f.per_tflops,
        "spec_figures_derived_by": SPEC_DERIVED_BY if f.bandwidth or f.compute else None,
    }


# Rows already made, by (id of the record, rank): (record, row). Every language's pages download
# the same rows (a result is in its benchmark's, accelerator's, submitter's and system's tables);
# the record is kept beside its row, so that its id is not reused while the row is known.
_MADE: dict[tuple[int, int | None], tuple[ResultRecord, dict]] = {}


def result_rows(records: list[ResultRecord], ranks: list[int | None] | None = None) -> list[dict]:
    """``result_row`` of each record, ranked 1, 2, … in the order given, or by ``ranks``
    (each a new dict; a record's row at a rank is made once per process)."""
    ranks = ranks or list(range(1, len(records) + 1))
    rows = []
    for rank, record in zip(ranks, records):
        known = _MADE.get((id(record), rank))
        if known is None:
            known = _MADE[id(record), rank] = (record, result_row(record, rank))
        rows.append(dict(known[1]))
    return rows


def step_row(suite: str, model: str, scenario: str, step: Step) -> dict:
    """One pair of a round-over-round table (``comparisons.Step``) as its download gives it:
    the benchmark, each result's round, ID (the dataset's three columns, ``before_``/``after_``),
    submitter, system, accelerator count and result, whether they are the same system and, only
    then, the change (``after ÷ before − 1``; empty between different systems)."""
    row = {"suite": suite, "model": model, "scenario": scenario, "units": step.after.units}
    for side, record in (("before", step.before), ("after", step.after)):
        row |= {
            f"{side}_round": record.round,
            **result_id_fields(record, f"{side}_"),
            f"{side}_submitter": record.submitter,
            f"{side}_system_name": record.system_name,
            f"{side}_total_accelerators": record.total_accelerators,
            f"{side}_result": record.result,
            f"{side}_result_per_accelerator": per_accelerator(record),
        }
    return {**row, "same_system": step.same_system, "change": step.change}
