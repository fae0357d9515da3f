"""The errata changelog of each round: what a re-import of MLCommons' summary changed in ``data/``.

MLCommons corrects published summaries (a system name, a power value, a withdrawn result). Each
import that changes a round appends an entry to ``data/changelog/<round>.json``, as Our World in
Data and Epoch AI log changes to their datasets: the date, the source files with their sha256, and
the records added, removed and changed (field, old value, new value). Records are matched by
their official result folder (``location``), which a correction does not move.

Only fields that carry MLCommons' published values are compared; fields this project derives
(``DERIVED_FIELDS``) follow from them.
"""

from __future__ import annotations

import csv
import datetime as dt
import json
from dataclasses import dataclass
from pathlib import Path

from generator.data.dataset import cell
from generator.data.schema import FIELDS, ResultRecord
from generator.files import write_text_atomic

CHANGELOG_DIR = "changelog"
DERIVED_FIELDS = frozenset({"result_id_derived", "result_per_accelerator", "accelerator_id",
                            "accelerator_variant", "accelerator_mixed"})
PUBLISHED_FIELDS = tuple(f for f in FIELDS if f not in DERIVED_FIELDS and f != "location")


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


def read_previous(table: Path) -> dict[str, dict[str, str]] | None:
    """The rows of a round table as committed, by location, as plain text cells (read without
    the schema, whose columns may have changed since it was written); None when there is none."""
    if not table.exists():
        return None
    with table.open(encoding="utf-8", newline="") as handle:
        return {row["location"]: row for row in csv.DictReader(handle)}


def entry(previous: dict[str, dict[str, str]] | None, records: list[ResultRecord],
          sources: list[Source], today: dt.date, first: bool) -> dict | None:
    """The changelog entry of importing ``records`` over ``previous`` (``read_previous``), or
    None when the round already has a changelog and no published value changed.

    Args:
        first: the round has no changelog yet; its first entry records the sources even when
            nothing changed.

    Returns:
        ``{"date", "sources": [{"file", "sha256"}], "records": n}`` for a round's first import;
        a re-import adds ``"added"``/``"removed"``: ``[{"result_id", "location"}]`` and
        ``"changed"``: ``[{"result_id", "location", "field", "old", "new"}]`` (cells as the CSV
        table writes them; "" for empty).
    """
    head = {"date": today.isoformat(),
            "sources": [{"file": s.file, "sha256": s.sha256} for s in sources],
            "records": len(records)}
    if previous is None:
        return head
    new = {r.location: {f: cell(getattr(r, f)) for f in FIELDS} for r in records}
    added = [_ref(new[loc]) for loc in new if loc not in previous]
    removed = [_ref(previous[loc]) for loc in previous if loc not in new]
    changed = [{**_ref(row), "field": name, "old": previous[loc].get(name, ""), "new": row[name]}
               for loc, row in new.items() if loc in previous
               for name in PUBLISHED_FIELDS
               if name in previous[loc] and previous[loc][name] != row[name]]
    if not (added or removed or changed):
        return head if first else None
    return {**head, "added": added, "removed": removed, "changed": changed}


def _ref(row: dict[str, str]) -> dict[str, str]:
    """A record as a changelog names it: its result ID as published (``v4.1-0050``) and its
    result folder."""
    return {"result_id": row.get("result_id_published") or row.get("result_id", ""),
            "location": row["location"]}


def append(data_dir: Path, round_name: str, new_entry: dict) -> Path:
    """Append ``new_entry`` to the round's changelog (written atomically)."""
    entries = read_changelog(data_dir, round_name) + [new_entry]
    path = changelog_path(data_dir, round_name)
    write_text_atomic(path, json.dumps(entries, indent=1, ensure_ascii=False) + "\n")
    return path
