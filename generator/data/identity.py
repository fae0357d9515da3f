"""A result's permanent identity: which record of a re-imported summary is which committed result,
and the result IDs that follow from it.

A result is one system (its result ID), one benchmark model, one model as run and one scenario:
``RESULT_KEY``. Once committed in ``data/``, a result keeps that identity through every later
import of its round.

**The matching rule** (``match``), tried in this order on the records still unmatched:

1. where MLCommons publishes IDs (v4.1, v5.1, v6.0): the published ID, benchmark model, model as
   run and scenario. MLCommons' ID is what readers cite, so it is the identity where it exists:
   the v5.1 Supermicro system renamed between the first and the final summary, whose records
   kept their published IDs, is one result under a new name, and a result published again
   under its ID after a withdrawal is that result restored, whatever folder it now has;
2. the official result folder (``location``): MLCommons' corrections change values and display
   names, not the folder a result was published from;
   then the folder below its division (``closed/X/results/...`` and ``open/X/results/...``):
   a result MLCommons moved from the closed to the open division is the same result, moved;
3. the fields a rename leaves alone (``UNCHANGED_BY_A_RENAME``: submitter, division, suite,
   model, scenario, accelerator, counts, host processor and the published result), when exactly
   one committed record and one new record share them;
4. the result key (``RESULT_KEY``), for records whose IDs were pinned (``pin_ids``): a new record
   of a known system takes the system's ID, so one that comes back under a withdrawn result's
   ID, benchmark and scenario (from another folder, with another value) is that result restored.
   A result is never both withdrawn and published.

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

import csv
import io
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from generator.data import dataset
from generator.data.dataset import cell
from generator.data.result_ids import assign_result_ids
from generator.data.schema import ResultRecord
from generator.files import write_text_atomic

RESULT_KEY = ("result_id", "model", "used_model", "scenario")
UNCHANGED_BY_A_RENAME = (
    "submitter",
    "division",
    "suite",
    "category",
    "model",
    "used_model",
    "scenario",
    "units",
    "result",
    "accelerator",
    "total_accelerators",
    "nodes",
    "host_processor",
)
Row = Mapping[str, str]  # a committed record as the round table writes its cells


def result_key(row: Row | ResultRecord) -> tuple[str, ...]:
    """A result's identity inside its round: ``(result_id, model, used_model, scenario)``."""
    return tuple(_cell(row, name) for name in RESULT_KEY)


def _cell(row: Row | ResultRecord, name: str) -> str:
    return row.get(name, "") if isinstance(row, Mapping) else cell(getattr(row, name))


def match(old: list[Row], new: list[ResultRecord], final_ids: bool = True) -> dict[int, int]:
    """Which committed record each new record is, by the module's matching rule.

    Args:
        old: the committed records of the round (live and withdrawn), as table cells.
        new: the records of the round as now imported.
        final_ids: ``new`` carries its permanent IDs (published, or pinned by ``pin_ids``), so
            rule 4 applies; ``pin_ids`` passes False: IDs just derived by MLCommons' rule may
            name another system than the same number did before.

    Returns:
        ``{index in new: index in old}`` for every matched record; each side used once.
    """
    found: dict[int, int] = {}
    published = [
        lambda r: (
            _cell(r, "result_id_published") and _cell(r, "result_id"),
            _cell(r, "model"),
            _cell(r, "used_model"),
            _cell(r, "scenario"),
        ),
        lambda r: (_cell(r, "location"),),
        # A result moved between divisions keeps its folder below the division's.
        lambda r: (_cell(r, "location").partition("/")[2],),
        lambda r: tuple(_cell(r, name) for name in UNCHANGED_BY_A_RENAME),
        result_key,
    ][: None if final_ids else -1]
    for key in published:
        taken = set(found.values())
        old_keys = Counter(key(old[i]) for i in range(len(old)) if i not in taken)
        new_keys = Counter(key(new[i]) for i in range(len(new)) if i not in found)
        by_key = {key(old[i]): i for i in range(len(old)) if i not in taken}
        for i, record in enumerate(new):
            k = key(record)
            if i not in found and k[0] and old_keys[k] == 1 and new_keys[k] == 1 and k in by_key:
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
    matched = match(old, new, final_ids=False)
    ids: list[str | None] = [
        old[matched[i]]["result_id"] if i in matched else None for i in range(len(new))
    ]
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
        int(i.split("-")[1]) for i in ids if i
    ]
    fresh = [i for i, record in enumerate(new) if ids[i] is None]
    # The rule's numbers among the new systems give their order; numbering starts after the
    # highest number ever used in the round.
    rule_order = _rule_numbers(version, [new[i] for i in fresh])
    base = max(used, default=0)
    for i, number in zip(fresh, rule_order):
        ids[i] = f"{version}-{base + number:04d}"
    return [
        record if record.result_id == ids[i] else record.model_copy(update={"result_id": ids[i]})
        for i, record in enumerate(new)
    ]


def _rule_numbers(version: str, records: Iterable[ResultRecord]) -> list[int]:
    """1, 2, 3... by MLCommons' rule over ``records`` alone (``result_ids.assign_result_ids``)."""
    assigned = assign_result_ids(
        version,
        (
            {
                "suite": r.suite,
                "division": r.division,
                "category": r.category,
                "submitter": r.submitter,
                "platform": r.platform,
                "used_model": r.used_model,
            }
            for r in records
        ),
    )
    return [int(i.split("-")[1]) for i in assigned]


def published_ids(
    old: list[Row], new: list[ResultRecord], pairs: dict[int, int]
) -> list[dict[str, str]]:
    """The publication of a round's official IDs: what each derived ID became.

    When the committed records of a round carry IDs this project derived (v6.1, from the
    checker's summary) and the new records carry MLCommons' published IDs (its final report),
    each system's derived ID is superseded by its official one.

    Args:
        old: the committed records (live and withdrawn), as table cells.
        new: the records as now imported.
        pairs: ``match(old, new)``.

    Returns:
        one ``{"derived", "official", "submitter", "system_name"}`` per system, sorted by
        derived ID (``[]`` when this import publishes no IDs), every derived ID of ``old``
        included: a result withdrawn before (or by) this import has ``official`` "" (it has
        none). ``derived != official`` is an ID whose text now names another system or none:
        what cited it is rebound (``Superseded``).
    """
    if not any(_cell(row, "result_id_derived") == "true" for row in old) or not any(
        r.result_id_published for r in new
    ):
        return []
    found: dict[str, dict[str, str]] = {}
    for i, j in sorted(pairs.items()):
        if _cell(old[j], "result_id_derived") != "true" or not new[i].result_id_published:
            continue
        found.setdefault(
            old[j]["result_id"],
            {
                "derived": old[j]["result_id"],
                "official": new[i].result_id,
                "submitter": new[i].submitter,
                "system_name": new[i].system_name,
            },
        )
    # Every derived ID stays in the table, a withdrawn result's too (official ""), so that an
    # ID this project derived is never read as another system's official ID.
    for row in old:
        if _cell(row, "result_id_derived") == "true" and row["result_id"] not in found:
            found[row["result_id"]] = {
                "derived": row["result_id"],
                "official": "",
                "submitter": row.get("submitter", ""),
                "system_name": row.get("system_name", ""),
            }
    return sorted(found.values(), key=lambda m: (len(m["derived"]), m["derived"]))


IDS_DIR = dataset.IDS_DIR
IDS_COLUMNS = ("derived", "official", "submitter", "system_name")


def ids_table(data_dir: Path, round_name: str) -> Path:
    """``data/ids/<round>.csv``: each derived ID of the round and the official ID MLCommons
    published for the same system (``published_ids``), kept for ever so that every derived ID
    stays resolvable after the publication."""
    return data_dir / IDS_DIR / f"{round_name}.csv"


def save_published_ids(data_dir: Path, round_name: str, rows: list[dict[str, str]]) -> None:
    """Write the round's derived -> official table (``published_ids``' rows)."""
    buffer = io.StringIO()
    writer = csv.DictWriter(
        buffer, fieldnames=IDS_COLUMNS, lineterminator="\n", extrasaction="ignore"
    )
    writer.writeheader()
    writer.writerows(rows)
    write_text_atomic(ids_table(data_dir, round_name), buffer.getvalue())
    dataset.write_descriptor(data_dir)  # which lists the table


def read_published_ids(data_dir: Path, round_name: str) -> dict[str, dict[str, str]]:
    """``{derived ID: row}`` of the round's table; ``{}`` when MLCommons has published no IDs
    for a round whose IDs were derived."""
    path = ids_table(data_dir, round_name)
    if not path.exists():
        return {}
    with path.open(encoding="utf-8", newline="") as handle:
        return {row["derived"]: row for row in csv.DictReader(handle)}


@dataclass(frozen=True)
class IdPublication:
    """MLCommons' publication of a round's official IDs, as a reader needs it: first what
    changed meaning, then how many IDs merely lost their derived mark.

    Attributes:
        date: the ISO date of the import that read the official IDs (the changelog entry's).
        rows: every derived -> official row (``published_ids``), derived ID order; the full
            table, also ``data/ids/<round>.csv``.
        changed: the rows whose derived text no longer names the system it was derived for,
            each with ``now``: the row of the system whose official ID has that text now
            (None when no system has it: a number left unused, or none as the result was
            withdrawn, ``official`` "").
        unchanged: how many derived IDs are their system's official ID too: they only lose
            the derived mark.
    """

    date: str
    rows: tuple[Mapping[str, str], ...]
    changed: tuple[dict, ...]
    unchanged: int

    @classmethod
    def of(cls, rows: list[Mapping[str, str]], date: str = "") -> "IdPublication":
        """The publication of ``rows`` (``published_ids``' or a changelog entry's
        ``ids_published``)."""
        official = {m["official"]: m for m in rows if m["official"]}
        changed = tuple(
            {**m, "now": official.get(m["derived"])} for m in rows if m["derived"] != m["official"]
        )
        return cls(date, tuple(rows), changed, len(rows) - len(changed))

    @property
    def reassigned(self) -> tuple[dict, ...]:
        """The changed rows whose derived text is another system's official ID now: a
        citation of it, read as an official ID, means another system."""
        return tuple(m for m in self.changed if m["now"] is not None)


def id_publications(entries_by_round: Mapping[str, list[dict]]) -> dict[str, IdPublication]:
    """``{round: IdPublication}`` for each round of ``entries_by_round`` (``{round: changelog
    entries}``) whose changelog records the publication of its official IDs (the entry with
    ``ids_published``; a round's IDs are published once)."""
    return {
        name: IdPublication.of(each["ids_published"], each["date"])
        for name, entries in entries_by_round.items()
        for each in entries
        if each.get("ids_published")
    }


def reused_ids(published: list[dict[str, str]]) -> list[str]:
    """The derived IDs whose text, after the publication, is the official ID of another system:
    ``"6.1-0027 (derived, Acme Box) is now the official ID of Beta Server; Acme Box is
    6.1-0028"``. A citation of such an ID would silently change meaning."""
    return [
        f"{m['derived']} (derived, {m['submitter']} {m['system_name']}) is now the official "
        f"ID of {m['now']['submitter']} {m['now']['system_name']}; {m['system_name']} is "
        f"{m['official']}"
        for m in IdPublication.of(published).reassigned
    ]


class Superseded:
    """The derived IDs of every round whose official IDs MLCommons has published
    (``data/ids/<round>.csv``), for whatever resolves an ID written before the publication: a
    claim's selector, an address of the explorer or the comparison, a search.

    A derived ID never changes meaning in this project: ``meant`` gives the official ID of the
    system it was derived for ("" when that result was withdrawn), and ``carried_by`` the row of
    the system whose official ID has the same text now, when that is another system.
    """

    def __init__(self, tables: Mapping[str, Mapping[str, Mapping[str, str]]]):
        # {round: {derived ID: row}}, IDs canonical ("6.1-0027").
        self.tables = {name: dict(rows) for name, rows in tables.items() if rows}
        self._official = {
            name: {row["official"]: row for row in rows.values() if row["official"]}
            for name, rows in self.tables.items()
        }

    @classmethod
    def read(cls, data_dir: Path) -> "Superseded":
        """Every table under ``data_dir / "ids"`` (none: nothing is superseded)."""
        folder = Path(data_dir) / IDS_DIR
        names = sorted(p.stem for p in folder.glob("*.csv")) if folder.is_dir() else []
        return cls({name: read_published_ids(data_dir, name) for name in names})

    def row(self, round_name: str, result_id: str) -> Mapping[str, str] | None:
        """The table's row of ``result_id`` (``6.1-0027`` or ``v6.1-0027``) when it was a
        derived ID of ``round_name`` whose meaning the publication changed (its system now
        has another official ID, or none); None when the ID means what it meant."""
        row = self.tables.get(round_name, {}).get(result_id.removeprefix("v"))
        return row if row is not None and row["official"] != row["derived"] else None

    def meant(self, round_name: str, result_id: str) -> str | None:
        """The official ID of the system ``result_id`` was derived for ("" if withdrawn), or
        None when ``result_id`` is not a superseded derived ID (``row``)."""
        row = self.row(round_name, result_id)
        return None if row is None else row["official"]

    def carried_by(self, round_name: str, result_id: str) -> Mapping[str, str] | None:
        """The row of the system whose official ID is ``result_id`` now, when ``result_id`` was
        the derived ID of another system (the one text, two systems); else None."""
        if self.row(round_name, result_id) is None:
            return None
        return self._official.get(round_name, {}).get(result_id.removeprefix("v"))

    def pairs(self) -> dict[str, dict[str, str]]:
        """``{derived ID: {"round", "official", "now", "submitter", "system_name"}}`` over
        every round, for the pages' scripts: ``official`` the ID of the system the derived ID
        meant ("" if withdrawn), ``now`` the official ID equal to the derived text when
        another system carries it ("" if none), ``submitter`` and ``system_name`` those of
        the system the derived ID meant."""
        return {
            derived: {
                "round": name,
                "official": row["official"],
                "now": derived if self.carried_by(name, derived) else "",
                "submitter": row["submitter"],
                "system_name": row["system_name"],
            }
            for name, rows in sorted(self.tables.items())
            for derived, row in rows.items()
            if row["official"] != derived
        }

    def __contains__(self, result_id: str) -> bool:
        """True when ``result_id``'s text was a derived ID that now means another ID (or none):
        an address of the site that names the official ID of that text says so
        (``ids=official``)."""
        return any(self.row(name, result_id) for name in self.tables)
