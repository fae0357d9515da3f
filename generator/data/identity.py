"""A result's permanent identity: which record of a re-imported summary is which committed result,
and the result IDs that follow from it.

A result is one system (its result ID), one benchmark model, one model as run and one scenario:
``RESULT_KEY``. Once committed in ``data/``, a result keeps that identity through every later
import of its round.

**The matching rule** (``match``), tried in this order on the records still unmatched:

1. the official result folder (``location``): MLCommons' corrections change values and display
   names, not the folder a result was published from;
   then the folder below its division (``closed/X/results/...`` and ``open/X/results/...``):
   a result MLCommons moved from the closed to the open division is the same result, moved;
2. where MLCommons publishes IDs (v4.1, v5.1, v6.0): the published ID, benchmark model, model as
   run and scenario -- so the v5.1 Supermicro system renamed between the first and the final
   summary, whose records kept their published IDs, is one result under a new name;
3. the fields a rename leaves alone (``UNCHANGED_BY_A_RENAME``: submitter, division, suite,
   model, scenario, accelerator, counts, host processor and the published result), when exactly
   one committed record and one new record share them.

What the rule matches is logged as a change, field by field (``system_name: old -> new``); what it
does not match is a withdrawal (kept in ``data/withdrawn/``) or an addition.

**Pinned IDs** (``pin_ids``). Rounds that publish IDs keep MLCommons' IDs exactly. For rounds whose
IDs this project derives (v6.1; ``result_ids``), the first import numbers systems with MLCommons'
rule; a later import does *not* re-run the rule, which would renumber every system after a
withdrawn one. Instead a matched record keeps its committed ID, a new record of a known system
takes that system's ID, and a new system takes the next number never used in the round (after
every live and withdrawn ID), new systems numbered among themselves in the rule's order. So after
corrections a derived ID may differ from what re-running MLCommons' rule on the corrected file
would give: the published meaning of ``6.1-0073`` wins over the rule.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping

from generator.data.dataset import cell
from generator.data.result_ids import assign_result_ids
from generator.data.schema import ResultRecord

RESULT_KEY = ("result_id", "model", "used_model", "scenario")
UNCHANGED_BY_A_RENAME = ("submitter", "division", "suite", "category", "model", "used_model",
                         "scenario", "units", "result", "accelerator", "total_accelerators",
                         "nodes", "host_processor")
Row = Mapping[str, str]  # a committed record as the round table writes its cells


def result_key(row: Row | ResultRecord) -> tuple[str, ...]:
    """A result's identity inside its round: ``(result_id, model, used_model, scenario)``."""
    return tuple(_cell(row, name) for name in RESULT_KEY)


def _cell(row: Row | ResultRecord, name: str) -> str:
    return row.get(name, "") if isinstance(row, Mapping) else cell(getattr(row, name))


def match(old: list[Row], new: list[ResultRecord]) -> dict[int, int]:
    """Which committed record each new record is, by the module's matching rule.

    Args:
        old: the committed records of the round (live and withdrawn), as table cells.
        new: the records of the round as now imported.

    Returns:
        ``{index in new: index in old}`` for every matched record; each side used once.
    """
    found: dict[int, int] = {}
    published = [lambda r: (_cell(r, "location"),),
                 # A result moved between divisions keeps its folder below the division's.
                 lambda r: (_cell(r, "location").partition("/")[2],),
                 lambda r: (_cell(r, "result_id_published") and _cell(r, "result_id"),
                            _cell(r, "model"), _cell(r, "used_model"), _cell(r, "scenario")),
                 lambda r: tuple(_cell(r, name) for name in UNCHANGED_BY_A_RENAME)]
    for key in published:
        taken = set(found.values())
        old_keys = Counter(key(old[i]) for i in range(len(old)) if i not in taken)
        new_keys = Counter(key(new[i]) for i in range(len(new)) if i not in found)
        by_key = {key(old[i]): i for i in range(len(old)) if i not in taken}
        for i, record in enumerate(new):
            k = key(record)
            if (i not in found and k[0] and old_keys[k] == 1 and new_keys[k] == 1
                    and k in by_key):
                found[i] = by_key[k]
    return found


def pin_ids(new: list[ResultRecord], old: list[Row]) -> list[ResultRecord]:
    """The records of a derived-ID round with their committed IDs kept (see the module docstring).

    Args:
        new: the round's records as now imported, numbered by MLCommons' rule over the new file.
        old: the committed records of the round, live and withdrawn (table cells).

    Returns:
        ``new`` in the same order, each with its permanent ID; records of rounds that publish
        IDs are returned unchanged.
    """
    if not old or not new or not all(r.result_id_derived for r in new):
        return new
    matched = match(old, new)
    ids: list[str | None] = [old[matched[i]]["result_id"] if i in matched else None
                             for i in range(len(new))]
    # A new record of a system already numbered takes its ID (one ID per system).
    by_system: dict[str, str] = {}
    for i, record in enumerate(new):
        if ids[i] is not None:
            by_system.setdefault(record.result_id, ids[i])
    for i, record in enumerate(new):
        if ids[i] is None and record.result_id in by_system:
            ids[i] = by_system[record.result_id]
    version = new[0].round.removeprefix("v")
    used = [int(row["result_id"].split("-")[1]) for row in old] + [
        int(i.split("-")[1]) for i in ids if i]
    fresh = [i for i, record in enumerate(new) if ids[i] is None]
    # The rule's numbers among the new systems give their order; numbering starts after the
    # highest number ever used in the round.
    rule_order = _rule_numbers(version, [new[i] for i in fresh])
    base = max(used, default=0)
    for i, number in zip(fresh, rule_order):
        ids[i] = f"{version}-{base + number:04d}"
    return [record if record.result_id == ids[i] else record.model_copy(
        update={"result_id": ids[i]}) for i, record in enumerate(new)]


def _rule_numbers(version: str, records: Iterable[ResultRecord]) -> list[int]:
    """1, 2, 3... by MLCommons' rule over ``records`` alone (``result_ids.assign_result_ids``)."""
    assigned = assign_result_ids(version, (
        {"suite": r.suite, "division": r.division, "category": r.category,
         "submitter": r.submitter, "platform": r.platform, "used_model": r.used_model}
        for r in records))
    return [int(i.split("-")[1]) for i in assigned]
