"""The preview tracker: did each system submitted in the preview category become available?

MLCommons' rules (``submission_rules.adoc``, "Preview Systems"): a preview system must qualify
as available by the next submission round, or by the first round after 140 days if that is
later, and the submitter commits to submitting it as available then; otherwise the preview
result is marked invalid. MLPerf Inference publishes two rounds a year (x.0 and x.1), so a
preview of v4.1 was due in v5.0, and one of v6.0 in v6.1.

For each preview system of the dataset, the tracker looks in the dataset's later rounds for an
available result of the same submitter (or of its organizations, for a joint submission): the
same system under test (``comparisons.same_system``: the same system name and number of
accelerators), or else a system with the same accelerator (for a CPU-only system, the same host
processor, whatever its case). A preview system is one result ID: two preview submissions under
one name are tracked apart. It reports:

* ``available``: such a result exists; the first one found (earliest round, the same system
  before the same accelerator, closed division first) is linked;
* ``not-seen``: the dataset has later rounds, none with such a result (the round it was due
  in may be one this dataset does not hold);
* ``pending``: the dataset has no later round yet.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.data.organizations import organizations_of
from generator.data.schema import ResultRecord, round_key
from generator.data.vocabulary import fold
from generator.model.comparisons import same_system
from generator.model.qualifiers import due_round

AVAILABLE, NOT_SEEN, PENDING = "available", "not-seen", "pending"


@dataclass(frozen=True)
class Preview:
    """One system under test submitted in the preview category, and what became of it.

    Attributes:
        records: its preview results (one result ID).
        due: the round it had to be available by (``due_round``).
        status: ``"available"``, ``"not-seen"`` or ``"pending"``.
        followed_by: the first later available result found, or None.
        match: ``"system"`` (``comparisons.same_system``), ``"accelerator"`` (same accelerator) or
            ``"processor"`` (a CPU-only system with the same host processor), or None.
    """

    records: tuple[ResultRecord, ...]
    due: str
    status: str
    followed_by: ResultRecord | None = None
    match: str | None = None

    @property
    def first(self) -> ResultRecord:
        """The preview's first result, for its round, submitter, system and accelerator."""
        return self.records[0]


def track(records: list[ResultRecord]) -> list[Preview]:
    """The preview systems (result IDs) of ``records`` (the whole dataset) with their status, by
    round (oldest first), submitter, system name and ID.

    Args:
        records: every record of the dataset.
    """
    rounds = sorted({r.round for r in records}, key=round_key)
    systems: dict[tuple[str, str, str, str], list[ResultRecord]] = {}
    for record in records:
        if record.category == "preview":
            systems.setdefault(
                (record.round, record.submitter, record.system_name, record.result_id), []
            ).append(record)
    available = sorted(
        (r for r in records if r.category == "available"),
        key=lambda r: (
            round_key(r.round),
            r.division != "closed",
            r.result_id,
            r.model,
            r.scenario,
        ),
    )
    out = []
    for (round_name, submitter, _, _), members in sorted(
        systems.items(), key=lambda item: (round_key(item[0][0]), *item[0][1:])
    ):
        later = [name for name in rounds if round_key(name) > round_key(round_name)]
        due = due_round(round_name)
        if not later:
            out.append(Preview(tuple(members), due, PENDING))
            continue
        organizations = set(organizations_of(submitter))
        ours = [
            r
            for r in available
            if round_key(r.round) > round_key(round_name)
            and organizations & set(organizations_of(r.submitter))
        ]
        first = members[0]
        same = next((r for r in ours if same_system(first, r)), None)
        if first.accelerator_id:
            same_part = next((r for r in ours if r.accelerator_id == first.accelerator_id), None)
            part = "accelerator"
        else:
            same_part = next(
                (
                    r
                    for r in ours
                    if not r.accelerator
                    and first.host_processor
                    and fold(r.host_processor) == fold(first.host_processor)
                ),
                None,
            )
            part = "processor"
        # The earliest round wins; within it the same system before the same part.
        candidates = [(r, kind) for r, kind in ((same, "system"), (same_part, part)) if r]
        if candidates:
            found, kind = min(candidates, key=lambda c: (round_key(c[0].round), c[1] != "system"))
            out.append(Preview(tuple(members), due, AVAILABLE, found, kind))
        else:
            out.append(Preview(tuple(members), due, NOT_SEEN))
    return out
