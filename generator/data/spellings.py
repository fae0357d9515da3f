"""One error per odd spelling: how a name checked against an alias table is reported when some
records spell it otherwise.

A submitter, a model or a vocabulary value (division, scenario, units...) is checked against its
alias table (``organizations.yaml``, ``vocabulary.yaml``). When a correction respells a name in
two records, the editor needs to read one error that names those two records, the spelling
they carry, the spelling the other records use and the table to extend -- not one error per
record, and never an error on each of the hundreds of records that spell the name as usual.

- ``odd_spellings``: across records, the names that differ from another only in case or
  punctuation (``vocabulary.fold``). The spelling most records carry is the known one (on a
  tie, the one met first: the oldest round, as rows come); each other spelling is one error
  per file, at every record that carries it.
- ``merged``: the errors of one file that say the same thing of the same field (an unknown
  division ``'closed '`` in every record) become one error listing the records.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence

from generator.data.vocabulary import fold
from generator.errors import InputError

# How many places an error lists before "and N more".
LISTED = 8


def listed(wheres: Sequence[str]) -> str:
    """The places of one error: ``"record '119'"`` alone, ``"records '119', '120'"`` for two
    places of one kind (``record``, ``line``), the first ``LISTED`` and ``"and N more"``
    beyond that."""
    if len(wheres) == 1:
        return wheres[0]
    kinds = {where.split(" ", 1)[0] for where in wheres}
    shown = list(wheres[:LISTED])
    if len(kinds) == 1 and all(" " in where for where in wheres):
        kind = kinds.pop()
        text = f"{kind}s " + ", ".join(where.split(" ", 1)[1] for where in shown)
    else:
        text = ", ".join(shown)
    more = len(wheres) - len(shown)
    return text + (f" and {more} more" if more else "")


def _records(places: Sequence) -> str:
    """``"306 records in data/results/v4.1.csv, data/results/v5.1.csv"``: how many records
    spell a name so, and where."""
    files = ", ".join(dict.fromkeys(place.path for place in places))
    return f"{len(places)} record{'s' if len(places) != 1 else ''} in {files}"


def _these(count: int) -> str:
    return "this record" if count == 1 else f"these {count} records"


Advice = Callable[[str, str], str]


def odd_spellings(
    rows: Sequence[tuple],
    field: str,
    resolve: Callable[[str], str | None],
    what: str,
    advice: Advice,
    also_known_as: Callable[[str], str | None] = lambda name: None,
) -> list[InputError]:
    """The names of ``field`` that differ from another only in case or punctuation, or that
    are a known other name of another (``also_known_as``).

    Args:
        rows: ``(place, record)`` pairs (``rules.Place``, ``schema.ResultRecord``), oldest
            round first.
        field: the record's field (``"submitter"``, ``"model"``).
        resolve: the name a spelling stands for once its alias table is applied
            (``"ORACLE"`` -> ``"Oracle"``), or None for a value not to check.
        what: what the field names, for the message (``"submitter"``).
        advice: ``(odd spelling, known spelling) -> what to do``, naming the table to extend.
        also_known_as: the name a spelling is known to be another name of (``"GIGABYTE"`` ->
            ``"GigaComputing"``), or None: grouped with that name as a respelling is.

    Returns:
        one error per odd spelling and file, located at every record of that file carrying it
        (``listed``), naming the spelling found, the known spelling and how many records carry
        it, and the advice.
    """
    groups: dict[str, dict[str, list]] = {}
    for place, record in rows:
        name = resolve(getattr(record, field))
        if name:
            groups.setdefault(fold(also_known_as(name) or name), {}).setdefault(name, []).append(
                place
            )
    errors = []
    for spellings in groups.values():
        if len(spellings) < 2:
            continue
        known = max(spellings, key=lambda name: len(spellings[name]))  # first on a tie
        for name, places in spellings.items():
            if name == known:
                continue
            by_file: dict[str, list] = {}
            for place in places:
                by_file.setdefault(place.path, []).append(place)
            for in_file in by_file.values():
                where = listed([place.where for place in in_file])
                errors.append(
                    dataclasses.replace(in_file[0], where=where).error(
                        field,
                        f"the {what} {name!r} of {_these(len(in_file))} "
                        f"{_differs(name, known)} {known!r}, the {what} of "
                        f"{_records(spellings[known])}; {advice(name, known)}",
                    )
                )
    return errors


def _differs(name: str, known: str) -> str:
    return (
        "differs only in case or punctuation from"
        if fold(name) == fold(known)
        else "is a known other name of"
    )


def merged(errors: list[InputError]) -> list[InputError]:
    """``errors`` with those of one file, field and problem text made one, at the places of
    all of them (``listed``), in the order each was first found."""
    groups: dict[tuple, list[InputError]] = {}
    for error in errors:  # an error of a whole file (no place) stays apart
        key = (
            error.path,
            error.field,
            error.dataset_field,
            error.problem,
            id(error) if error.where is None else None,
        )
        groups.setdefault(key, []).append(error)
    return [
        same[0]
        if len(same) == 1
        else InputError(
            same[0].path,
            listed([e.where for e in same]),
            same[0].field,
            same[0].problem,
            same[0].dataset_field,
        )
        for same in groups.values()
    ]
