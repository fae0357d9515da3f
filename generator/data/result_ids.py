"""MLCommons' rule for result IDs.

MLCommons assigns result IDs when it writes a round's final report
(``tools/submission/generate_final_report.py`` in the mlcommons/inference repository):

1. Each system of the round gets a key, the "Unique ID (e.g. for Audit)":
   ``suite/division/submitter/platform``, with ``/used model`` appended in the open division.
2. Records are sorted by division, category ("Availability"), submitter and that key
   (plain string order, as pandas sorts them).
3. Keys are numbered 1, 2, 3... in the order they first appear; the ID is
   ``"<round number>-<number, 4 digits>"``, e.g. ``6.1-0073``.

The function below reproduces every published ID of v6.0 and v5.1 (see the tests), so it can give
v6.1 records, whose summary file carries no IDs, the IDs MLCommons' tool would give them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

# A result ID as a page writes it ("6.1-0073", "v4.1-0070", the published spelling), not part of
# a longer name or address: the pages keep it on one line (a line may break after a hyphen).
WRITTEN_ID = r"(?<![\w.\-/])v?\d+\.\d+-\d{4}(?![\w\-])"


def audit_key(suite: str, division: str, submitter: str, platform: str, used_model: str) -> str:
    """MLCommons' "Unique ID (e.g. for Audit)" of a system: ``suite/division/submitter/platform``,
    plus ``/used_model`` in the open division. Arguments are the raw values of the summary file."""
    parts = [suite, division, submitter, platform]
    if division == "open":
        parts.append(used_model)
    return "/".join(parts)


def assign_result_ids(round_name: str, records: Iterable[Mapping[str, str]]) -> list[str]:
    """Give each record the result ID MLCommons' final-report tool would give it.

    Args:
        round_name: ``"v6.1"`` or ``"6.1"``.
        records: mappings with the raw summary-file values under the keys ``suite``,
            ``division``, ``category``, ``submitter``, ``platform`` and ``used_model``.

    Returns:
        one ID per record, in the order of ``records``, e.g. ``["6.1-0001", "6.1-0001", ...]``.
    """
    records = list(records)
    keys = [
        audit_key(r["suite"], r["division"], r["submitter"], r["platform"], r["used_model"])
        for r in records
    ]
    order = sorted(
        range(len(records)),
        key=lambda i: (
            records[i]["division"],
            records[i]["category"],
            records[i]["submitter"],
            keys[i],
        ),
    )
    numbers: dict[str, int] = {}
    for i in order:
        numbers.setdefault(keys[i], len(numbers) + 1)
    version = round_name.removeprefix("v")
    return [f"{version}-{numbers[key]:04d}" for key in keys]
