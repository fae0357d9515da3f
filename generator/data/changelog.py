"""The errata changelog of each round: what a re-import of MLCommons' summary changed in ``data/``.

MLCommons corrects published summaries (a system name, a power value, a withdrawn result). Each
import that changes a round appends an entry to ``data/changelog/<round>.json``, as Our World in
Data and Epoch AI log changes to their datasets: the date, the source files with their sha256, and
the records added, withdrawn (``removed``), restored (withdrawn before, published again under
their IDs), moved between divisions or categories (``moved``) and changed (field, old value,
new value), and the publication of a derived-ID round's official IDs (``ids_published``).
Records are matched by ``identity.match`` (published ID, then result folder, then the fields a
rename leaves alone, then the pinned ID), so a renamed system is logged field by field
(``system_name: old -> new``), not as records removed and added.

Only fields that carry MLCommons' published values are compared; fields this project derives
(``DERIVED_FIELDS``) follow from them.
"""

from __future__ import annotations

import csv
import datetime as dt
import json
from dataclasses import dataclass
from pathlib import Path

from generator.data import identity
from generator.data.dataset import cell
from generator.data.schema import FIELDS, ResultRecord
from generator.files import write_text_atomic

CHANGELOG_DIR = "changelog"
DERIVED_FIELDS = frozenset(
    {
        "result_id_derived",
        "result_per_accelerator",
        "accelerator_id",
        "accelerator_variant",
        "accelerator_mixed",
    }
)
PUBLISHED_FIELDS = tuple(f for f in FIELDS if f not in DERIVED_FIELDS)
# A result moved between divisions (closed -> open) or categories (preview -> available) is
# the same result, published elsewhere: named as a move, not as a withdrawal and an addition.
MOVES = ("division", "category")
ID_FIELDS = ("result_id", "result_id_published")


@dataclass(frozen=True)
class Source:
    """A summary file an import read: its file name and the sha256 of its bytes (hex)."""

    file: str
    sha256: str


def changelog_path(data_dir: Path, round_name: str) -> Path:
    """``data/changelog/<round>.json``."""
    return data_dir / CHANGELOG_DIR / f"{round_name}.json"


def read_changelog(data_dir: Path, round_name: str) -> list[dict]:
    """The entries of a round, oldest first; ``[]`` when it has none yet."""
    path = changelog_path(data_dir, round_name)
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else []


def retrieval_dates(data_dir: Path, rounds) -> dict[str, str]:
    """``{round: ISO date}`` on which this dataset last read each of ``rounds`` (its
    changelog's last entry): the retrieval date every citation of one of its results gives,
    on the results pages and in the articles' footnotes alike. A round with no changelog is
    left out."""
    return {
        name: entries[-1]["date"] for name in rounds if (entries := read_changelog(data_dir, name))
    }


def id_publications(data_dir: Path, rounds) -> dict[str, identity.IdPublication]:
    """``{round: identity.IdPublication}`` for each of ``rounds`` whose changelog records the
    publication of its official result IDs (``ids_published``)."""
    return identity.id_publications({name: read_changelog(data_dir, name) for name in rounds})


def read_previous(table: Path) -> list[dict[str, str]] | None:
    """The rows of a round table as committed, as plain text cells (read without the schema,
    whose columns may have changed since it was written); None when there is none."""
    if not table.exists():
        return None
    with table.open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def entry(
    previous: list[dict[str, str]] | None,
    gone: list[dict[str, str]],
    records: list[ResultRecord],
    sources: list[Source],
    today: dt.date,
    first: bool,
) -> dict | None:
    """The changelog entry of importing ``records`` over ``previous`` (``read_previous``), or
    None when the round already has a changelog and no published value changed.

    Args:
        gone: the round's withdrawn rows (``withdrawn.read_rows``); one published again is
            logged as restored (under its old ID).
        first: the round has no changelog yet; its first entry records the sources even when
            nothing changed.

    Returns:
        ``{"date", "sources": [{"file", "sha256"}], "records": n}`` for a round's first import;
        a re-import adds ``"added"``/``"removed"`` (withdrawn): ``[{"result_id", "model",
        "scenario", "location"}]`` and ``"changed"``: the same plus ``"field", "old", "new"``
        (cells as the CSV table writes them; "" for empty); and, only when there are
        some, ``"restored"`` (withdrawn results published again, under their IDs; not among
        ``added``) and ``"moved"``: the matched results whose division or category changed,
        each ``{"result_id", "model", "scenario", "location", "division", "category",
        "division_old", "category_old"}`` (the field changes are also in ``changed``);
        ``"ids_published"``: when MLCommons publishes the IDs of a round whose IDs were
        derived, ``identity.published_ids`` (the ID fields are then not in ``changed``).
    """
    head = {
        "date": today.isoformat(),
        "sources": [{"file": s.file, "sha256": s.sha256} for s in sources],
        "records": len(records),
    }
    if previous is None:
        return head
    new = [{f: cell(getattr(r, f)) for f in FIELDS} for r in records]
    pairs = identity.match(previous + gone, records)
    kept = {j for j in pairs.values() if j < len(previous)}
    added = [_ref(new[i]) for i in range(len(new)) if i not in pairs]
    restored = [_ref(new[i]) for i, j in sorted(pairs.items()) if j >= len(previous)]
    removed = [_ref(previous[j]) for j in range(len(previous)) if j not in kept]
    # A restored result's changes are against the version withdrawn.
    was = previous + gone
    published = identity.published_ids(was, records, pairs)
    # MLCommons publishing a round's IDs is one change with its own name (``ids_published``),
    # not a change of every record's ID fields.
    same = ID_FIELDS if published else ()
    changed = [
        {**_ref(new[i]), "field": name, "old": was[j].get(name, ""), "new": new[i][name]}
        for i, j in sorted(pairs.items())
        for name in PUBLISHED_FIELDS
        if name not in same and name in was[j] and was[j][name] != new[i][name]
    ]
    moved = [
        {
            **_ref(new[i]),
            **{f"{name}_old": previous[j].get(name, "") for name in MOVES},
            **{name: new[i][name] for name in MOVES},
        }
        for i, j in sorted(pairs.items())
        if j < len(previous)
        if any(previous[j].get(name, "") != new[i][name] for name in MOVES)
    ]
    if not (added or removed or changed or restored or published):
        return head if first else None
    found = {**head, "added": added, "removed": removed, "changed": changed}
    # Written only when there are some: entries written before these kinds had names stay
    # as they were, and so does every entry without such a change.
    if restored:
        found["restored"] = restored
    if moved:
        found["moved"] = moved
    if published:
        found["ids_published"] = published
    return found


def _ref(row: dict[str, str]) -> dict[str, str]:
    """A result as a changelog names it: its result ID as published (``v4.1-0050``), benchmark,
    scenario and result folder."""
    return {
        "result_id": row.get("result_id_published") or row.get("result_id", ""),
        "model": row.get("model", ""),
        "scenario": row.get("scenario", ""),
        "location": row["location"],
    }


def entries_of(
    data_dir: Path, round_name: str, result_id: str, model: str, scenario: str
) -> list[tuple[int, dict, dict]]:
    """The changes the changelog records for one result: ``(entry number from 1, entry,
    change)`` for each ``changed`` item of it, oldest first (``result_id`` in either form)."""
    wanted = result_id.removeprefix("v")
    return [
        (n, each, change)
        for n, each in enumerate(read_changelog(data_dir, round_name), 1)
        for change in each.get("changed", [])
        if change["result_id"].removeprefix("v") == wanted
        and (change.get("model"), change.get("scenario")) == (model, scenario)
    ]


def append(data_dir: Path, round_name: str, new_entry: dict) -> Path:
    """Append ``new_entry`` to the round's changelog (written atomically)."""
    entries = read_changelog(data_dir, round_name) + [new_entry]
    path = changelog_path(data_dir, round_name)
    write_text_atomic(path, json.dumps(entries, indent=1, ensure_ascii=False) + "\n")
    return path
