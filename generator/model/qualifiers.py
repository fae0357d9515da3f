"""What a reader must be told wherever one result is shown: its qualifiers, computed once.

A result is never just a number. MLCommons' results messaging guidelines
(mlcommons/policies, ``MLPerf_Results_Messaging_Guidelines.adoc``) ask every use of a result to
say what makes it comparable, and the submission rules (``submission_rules.adoc``, "Results
categories") make a preview result a promise, not a product. Every surface of the site (ranked
tables, charts and their tables and tooltips, a round's leaders, submitter, accelerator and
family pages) renders the qualifiers of this module, so that a rule fixed here holds everywhere:

* **category**, and for a preview its due round: MLCommons' rule ("Preview Systems") asks a
  preview system to be available, and submitted as available, by the next submission round, or
  by the first round after 140 days if that is later; MLPerf Inference publishes two rounds a
  year, so this is the next round (``due_round``). The dataset holds no
  availability date of its own: the round is what is known, never the round's publication date;
* **derived ID**: a result ID this project computed with MLCommons' rule (the v6.1 summary has
  none), not one MLCommons published;
* **inferred**: MLCommons' own flag, as published (its meaning differs between rounds:
  ``INFERRED_MEANING``);
* **open division**: the model actually run and its accuracy (``open_division``);
* **accelerators**: how many accelerators ran the benchmark, or none -- a CPU-only system, or one
  whose submitter's notes say no accelerator was used for it (``accelerator_unused``); only then
  is a result divided by its accelerator count (``per_accelerator``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from generator.data.schema import ResultRecord, round_key
from generator.model import open_division

# What MLCommons' ``inferred`` flag means in each round's summary, read from the checker that
# wrote it (mlcommons/inference, tools/submission). Up to v5.1 ``submission_checker.py``
# (``get_inferred_result``) set it when a scenario's result was computed from the run of another
# scenario: Offline from a SingleStream or MultiStream run, MultiStream from a SingleStream run
# (edge systems). From v6.0 the checker's exporter (``submission_checker/results.py``) sets it when
# the scenario of the result's folder differs, as written, from the scenario LoadGen logged as run
# (``effective_scenario``), except the pair (server, interactive) written in lower case, which the
# logged names never are: so every Interactive result (LoadGen runs it as Server with
# Interactive's latency bounds) and every result of a folder spelt in lower case
# (``singlestream``) is flagged, next to results really computed from another scenario's run.
# The checker compares the names in lower case where it computes a result, so those flagged
# results were measured in their own scenario: in v6.0 and v6.1 the flag does not say which.
INFERRED_MEANING = {
    "v4.1": "unset",  # no result of the v4.1 summary carries the flag
    "v5.1": "scenario",  # computed from another scenario's run
    "v6.0": "name-differs",  # the folder's scenario differs from LoadGen's, as written
    "v6.1": "name-differs",
}

# A submitter's notes saying no accelerator ran a result: "CPU only submission" (v6.0, Dell's
# GB10 system), "e2e-rag-db: CPU-only vector-database build, no accelerator used" (v6.1,
# Intel's Arc Pro B70 system).
_UNUSED = re.compile(r"\bcpu[- ]only\b|\bno accelerators? (?:was |were )?used\b", re.IGNORECASE)
# A clause of the notes that names a benchmark: "e2e-rag-db: ...". Notes of systems that ran
# several benchmarks say per benchmark what ran on what.
_NAMED = re.compile(r"(?:^|(?<=[\s.;]))([a-z0-9][a-z0-9.\-]*[a-z0-9]):\s", re.IGNORECASE)


def accelerator_unused(record: ResultRecord) -> bool:
    """True when the submitter's notes say that no accelerator ran this result, although the
    system has one (MLCommons publishes the system's accelerator for every result).

    The notes are read clause by clause: a clause that begins with a benchmark's name
    (``"e2e-rag-db: ..."``) speaks of that benchmark only; the text before any such clause
    speaks of the whole system. A clause says no accelerator ran when it has "CPU only" or "no
    accelerator used" (``_UNUSED``). A name that is not the record's model or used model never
    speaks of it."""
    if not record.accelerator or not record.notes:
        return False
    names = {record.model.lower(), record.used_model.lower()}
    marks = list(_NAMED.finditer(record.notes))
    starts = [m.start() for m in marks] + [len(record.notes)]
    clauses = [(None, record.notes[: starts[0]])]
    clauses += [
        (m.group(1).lower(), record.notes[m.end() : end]) for m, end in zip(marks, starts[1:])
    ]
    return any(_UNUSED.search(text) for name, text in clauses if name is None or name in names)


def due_round(name: str) -> str:
    """The round in which a preview of round ``name`` must be submitted as available: the next
    of MLCommons' two yearly rounds (``v4.1`` -> ``v5.0``, ``v6.0`` -> ``v6.1``)."""
    major, minor = round_key(name)
    return f"v{major + 1}.0" if minor >= 1 else f"v{major}.{minor + 1}"


@dataclass(frozen=True)
class Qualifiers:
    """Every qualifier of one result, language-neutral (pages word them per language).

    Attributes:
        category: ``"available"``, ``"preview"`` or ``"rdi"``.
        preview_due: for a preview, the round by which it must be available (``"v7.0"``);
            otherwise None.
        id_derived: the ID was derived by this project, not published by MLCommons.
        shown_id: the ID as readers find it (``ResultRecord.shown_id``).
        inferred: MLCommons' ``inferred`` flag as published.
        inferred_meaning: what the flag means in the result's round (``INFERRED_MEANING``;
            ``"unknown"`` for a round this module does not know).
        open_division: the result is of the open division.
        used_model: for an open-division result, the model it ran; else None.
        accuracy: for an open-division result, its accuracy as published (may be ``""``).
        meets_closed_target: for an open-division result, whether its accuracy meets the
            closed division's target (True, False, or None when unknown).
        accelerators: how many accelerators ran the result; None when none did (CPU only,
            or the notes say so) or MLCommons published no count.
        accelerator_unused: the system has an accelerator but the notes say none ran it.
        per_accelerator: the result divided by ``accelerators`` (throughputs only; in the
            record's units), or None: for a latency, a mixed system, or no accelerator.
    """

    category: str
    preview_due: str | None
    id_derived: bool
    shown_id: str
    inferred: bool
    inferred_meaning: str
    open_division: bool
    used_model: str | None
    accuracy: str | None
    meets_closed_target: bool | None
    accelerators: int | None
    accelerator_unused: bool
    per_accelerator: float | None

    @property
    def preview(self) -> bool:
        """True for a result of MLCommons' preview category."""
        return self.category == "preview"


@lru_cache(maxsize=None)
def qualifiers(record: ResultRecord) -> Qualifiers:
    """The qualifiers of ``record`` (a dataset record; records are frozen, so each is computed
    once per build)."""
    unused = accelerator_unused(record)
    open_run = record.division == "open"
    return Qualifiers(
        category=record.category,
        preview_due=due_round(record.round) if record.category == "preview" else None,
        id_derived=record.result_id_derived,
        shown_id=record.shown_id,
        inferred=record.inferred,
        inferred_meaning=INFERRED_MEANING.get(record.round, "unknown"),
        open_division=open_run,
        used_model=record.used_model if open_run else None,
        accuracy=record.accuracy if open_run else None,
        meets_closed_target=open_division.meets_closed_target(record) if open_run else None,
        accelerators=None if unused else record.total_accelerators,
        accelerator_unused=unused,
        per_accelerator=None
        if unused or record.accelerator_mixed
        else record.result_per_accelerator,
    )


def per_accelerator(record: ResultRecord) -> float | None:
    """The figure per accelerator a page may show for ``record`` (``Qualifiers.per_accelerator``):
    None for a latency, a system of several accelerator kinds, or a result no accelerator ran."""
    return qualifiers(record).per_accelerator
