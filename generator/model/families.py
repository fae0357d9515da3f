"""Accelerator families and generations (``families.yaml``): which canonical accelerators
succeed one another, for the family pages' round-over-round view.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

import yaml

from generator.data import accelerators
from generator.errors import InputError

FAMILIES_FILE = Path(__file__).with_name("families.yaml")


@dataclass(frozen=True)
class Generation:
    """One generation of a family: its name (an architecture, e.g. ``"Hopper"``) and its
    accelerator ids (``accelerators.yaml``), in the table's order."""

    name: str
    accelerators: tuple[str, ...]

    @property
    def parts(self) -> tuple[str, str | None]:
        """The name's architecture and the parts or codename it gives in parentheses:
        ``("Xe2", "Battlemage")`` for ``"Xe2 (Battlemage)"``, ``("Hopper", None)``; a page
        that sets the name in parentheses itself lists the two instead of nesting them."""
        head, _, rest = self.name.partition(" (")
        return (head, rest[:-1]) if rest.endswith(")") else (self.name, None)


@dataclass(frozen=True)
class Family:
    """One vendor's line of accelerators: ``id`` (URL slug), display ``name``, ``vendor`` and its
    ``generations`` oldest first."""

    id: str
    name: str
    vendor: str
    generations: tuple[Generation, ...]

    @property
    def accelerators(self) -> tuple[str, ...]:
        """Every accelerator id of the family, oldest generation first."""
        return tuple(a for g in self.generations for a in g.accelerators)

    def generation_of(self, accelerator_id: str) -> Generation | None:
        """The generation an accelerator belongs to, or None if not of this family."""
        return next((g for g in self.generations if accelerator_id in g.accelerators), None)


@cache
def families(path: Path = FAMILIES_FILE) -> tuple[Family, ...]:
    """The families of ``families.yaml``, in file order.

    Raises:
        InputError: a family without name, vendor or generations, an accelerator id that
            ``accelerators.yaml`` does not define, or one listed twice (file and entry named).
    """
    raw = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    known = accelerators.table().accelerators
    seen: dict[str, str] = {}
    out = []
    for family_id, spec in raw.items():
        where = f"family '{family_id}'"
        for field in ("name", "vendor", "generations"):
            if not isinstance(spec, dict) or not spec.get(field):
                raise InputError(path, where, field, "required")
        generations = []
        for generation in spec["generations"]:
            ids = tuple(generation.get("accelerators") or ())
            for accelerator_id in ids:
                if accelerator_id not in known:
                    raise InputError(
                        path,
                        where,
                        "accelerators",
                        f"{accelerator_id!r} is not an id of generator/data/accelerators.yaml",
                    )
                if accelerator_id in seen:
                    raise InputError(
                        path,
                        where,
                        "accelerators",
                        f"{accelerator_id!r} is already in family '{seen[accelerator_id]}'",
                    )
                seen[accelerator_id] = family_id
            generations.append(Generation(str(generation["name"]), ids))
        out.append(Family(family_id, spec["name"], spec["vendor"], tuple(generations)))
    return tuple(out)


def family_of(accelerator_id: str | None) -> Family | None:
    """The family of an accelerator id, or None (no accelerator, a mixed system, or an
    accelerator the table does not list: ``check`` reports the latter)."""
    return next((f for f in families() if accelerator_id in f.accelerators), None)
