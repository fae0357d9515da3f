"""Each round's official publication date (``data/rounds.yaml``) and the publication rule.

MLCommons' results messaging guidelines (mlcommons/policies,
``MLPerf_Results_Messaging_Guidelines.adoc``) let those who did not submit publish a round's
results only from two weeks after its official publication date. A round is therefore built for
editors (``make serve``, ``make site``) as soon as it is imported, but the deployed site
(``python -m generator site --deploy``) leaves it out until ``published + EMBARGO``.

The import writes a new round's date as the day of its first import (``published_on``); an editor
corrects it to MLCommons' announced date in ``data/rounds.yaml``, or passes
``--published v6.2=2027-03-31`` to the import.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import yaml

from generator.data.dataset import Dataset
from generator.data.schema import round_key
from generator.errors import InputError
from generator.files import write_text_atomic

ROUNDS_FILE = "rounds.yaml"
EMBARGO = dt.timedelta(days=14)
HEADER = (
    "# MLCommons' official publication date of each round. The deployed site shows a round\n"
    "# from 14 days after it (MLCommons' results messaging guidelines;\n"
    "# generator/data/publication.py). The import writes a new round's first-import date:\n"
    "# correct it to the announced date.\n"
)


def read(data_dir: Path) -> dict[str, dt.date]:
    """``{round: publication date}`` from ``data/rounds.yaml``; ``{}`` when it does not exist.

    Raises:
        InputError: not a mapping of rounds to ``{published: YYYY-MM-DD}``.
    """
    path = data_dir / ROUNDS_FILE
    if not path.exists():
        return {}
    raw = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    dates = {}
    for name, entry in raw.items() if isinstance(raw, dict) else [(None, raw)]:
        value = entry.get("published") if isinstance(entry, dict) else None
        if not isinstance(value, dt.date):
            raise InputError(
                path,
                f"round {name}",
                "published",
                f"expected {{published: YYYY-MM-DD}}, got {entry!r}",
            )
        dates[name] = value
    return dates


def write(data_dir: Path, dates: dict[str, dt.date]) -> None:
    """Write ``data/rounds.yaml`` (rounds in order; unchanged content is not rewritten)."""
    body = "".join(
        f"{name}: {{published: {dates[name].isoformat()}}}\n"
        for name in sorted(dates, key=round_key)
    )
    write_text_atomic(data_dir / ROUNDS_FILE, HEADER + body)


def published_on(
    known: dict[str, dt.date], rounds: list[str], today: dt.date, given: dict[str, dt.date]
) -> dict[str, dt.date]:
    """The dates after an import of ``rounds``: ``given`` (the command line) first, then what
    ``known`` holds, else ``today`` for a round new to ``data/``."""
    dates = dict(known)
    for name in rounds:
        dates[name] = given.get(name) or known.get(name) or today
    return dates


def embargoed(dates: dict[str, dt.date], rounds: list[str], today: dt.date) -> dict[str, dt.date]:
    """``{round: first day it may be deployed}`` for each of ``rounds`` not yet deployable on
    ``today``; a round without a date is embargoed from an unknown day (``dt.date.max``)."""
    out = {}
    for name in rounds:
        opens = dates[name] + EMBARGO if name in dates else dt.date.max
        if today < opens:
            out[name] = opens
    return out


def deployable(data: Dataset, data_dir: Path, today: dt.date, log=print) -> Dataset:
    """``data`` without the rounds still under the publication rule on ``today``, each left out
    with one log line; the withdrawn results of those rounds go with them."""
    closed = embargoed(read(data_dir), data.rounds, today)
    for name, opens in sorted(closed.items(), key=lambda item: round_key(item[0])):
        when = (
            "has no publication date in data/rounds.yaml"
            if opens == dt.date.max
            else f"may be published from {opens.isoformat()}"
        )
        log(
            f"{name}: left out of this deploy build: it {when} (MLCommons' results messaging "
            "guidelines: 14 days after the official publication date)"
        )
    if not closed:
        return data
    return Dataset(
        tuple(r for r in data.records if r.round not in closed),
        data.warnings,
        tuple(w for w in data.withdrawn if w.record.round not in closed),
    )
