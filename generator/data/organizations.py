"""Organizations behind submitter names (``organizations.yaml``): joint submissions name two
companies, and MLCommons counts the organizations of a round, each once."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from pathlib import Path

import yaml

from generator.data.vocabulary import fold
from generator.errors import InputError

ORGANIZATIONS_FILE = Path(__file__).with_name("organizations.yaml")


@cache
def _table(path: Path = ORGANIZATIONS_FILE) -> dict[str, tuple[str, ...]]:
    """``{submitter: organizations}`` for every submitter the file names.

    Raises:
        InputError: a joint name with fewer than two organizations, or a submitter named
            twice.
    """
    raw = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    table: dict[str, tuple[str, ...]] = {}
    for name, parts in (raw.get("joint") or {}).items():
        if not isinstance(parts, list) or len(parts) < 2:
            raise InputError(path, f"joint '{name}'", None, "expected two organizations or more")
        table[name] = tuple(parts)
    for organization, spellings in (raw.get("spellings") or {}).items():
        for spelling in spellings:
            if spelling in table:
                raise InputError(
                    path, f"spellings '{organization}'", None, f"{spelling!r} is already listed"
                )
            table[spelling] = (organization,)
    return table


@cache
def _also_known_as(path: Path = ORGANIZATIONS_FILE) -> dict[str, str]:
    """``{folded other name: submitter}`` from ``also_known_as`` (names an organization is
    known by that are not, or not yet, among its ``spellings``), folded as ``vocabulary.fold``
    folds (so ``Gigabyte`` is ``GIGABYTE``)."""
    raw = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    found: dict[str, str] = {}
    for submitter, names in (raw.get("also_known_as") or {}).items():
        for name in names:
            if fold(name) in found:
                raise InputError(
                    path, f"also_known_as '{submitter}'", None, f"{name!r} is already listed"
                )
            found[fold(name)] = submitter
    return found


def also_known_as(submitter: str) -> str | None:
    """The submitter a name is a known other name of (``"GigaComputing"`` for
    ``"GIGABYTE"``), unless ``spellings`` already resolves it; else None. The import refuses
    such a name until ``organizations.yaml`` says whether it is the same company
    (``rules.one_spelling_per_submitter``)."""
    if submitter in _table():
        return None
    return _also_known_as().get(fold(submitter))


def organizations_of(submitter: str) -> tuple[str, ...]:
    """The organizations a submitter name stands for: ``("Dell", "AMD")`` for ``"Dell_AMD"``,
    ``("Oracle",)`` for ``"ORACLE"``, else the name itself."""
    return _table().get(submitter, (submitter,))


def spellings_of(organization: str) -> tuple[str, ...]:
    """The submitter names listed under ``spellings`` for ``organization`` (``("ORACLE",)``
    for ``"Oracle"``), in file order; none for a name the file does not list."""
    return tuple(
        name
        for name, parts in _table().items()
        if parts == (organization,) and name != organization
    )


def submitter_name(submitter: str) -> str:
    """The one name of the organization a submitter name stands for alone: ``"Oracle"`` for
    ``"ORACLE"`` (a spelling listed under ``spellings``), else the name itself (joint names
    included). Submitter pages, their slugs, the explorer's menu and search use it, so one
    organization is one entry whatever the round's spelling; tables and downloads keep the
    published spelling."""
    parts = organizations_of(submitter)
    return parts[0] if len(parts) == 1 else submitter


def is_joint(submitter: str) -> bool:
    """True when the submitter name stands for several organizations."""
    return len(organizations_of(submitter)) > 1


def count(submitters: Iterable[str]) -> int:
    """The number of distinct organizations behind ``submitters``, as MLCommons counts a round
    (v6.1: 33 submitter names, 30 organizations)."""
    return len({o for s in set(submitters) for o in organizations_of(s)})


def names_submitter(submitter: str, system_name: str) -> bool:
    """True when ``system_name`` begins with the submitter's name as a word of its own (any
    case): ``("NVIDIA", "NVIDIA GB300 NVL72 (…)")``, ``("ORACLE", "Oracle BM.GPU…")``, but not
    ``("Dell_MangoBoost", "Dell PowerEdge XE9785")`` nor ``("Intel", "IntelliServer")``. A label
    that names the submitter and then the system (``"NVIDIA — NVIDIA GB300 NVL72"``) then says
    the system alone, which already names its submitter."""
    name = system_name.casefold()
    for said in dict.fromkeys((submitter, submitter_name(submitter))):
        said = said.casefold()
        if name.startswith(said) and not name[len(said) : len(said) + 1].isalnum():
            return True
    return False
