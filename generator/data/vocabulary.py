"""MLPerf vocabulary: canonical spellings of divisions, categories, suites, scenarios, models, units.

The tables live in ``vocabulary.yaml`` beside this module so that they can be read and extended
without touching code. Every spelling seen in MLCommons summary files maps to one canonical value;
a spelling the tables do not know is an error for the caller to report, never a guess (models
excepted: see :meth:`Vocabulary.model`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import yaml

VOCABULARY_FILE = Path(__file__).with_name("vocabulary.yaml")

THROUGHPUT = "higher"
LATENCY = "lower"
BOTH_SUITES = "datacenter,edge"


@dataclass(frozen=True)
class Unit:
    """A result unit: which direction wins, the quantity it measures and the factor that converts
    a value to the quantity's base unit (``Latency (ms)``: quantity ``latency``, factor 0.001 to
    seconds)."""

    better: str
    quantity: str
    factor: float


def fold(name: str) -> str:
    """A name without case and punctuation, to tell a new model from a respelled known one:
    ``"Llama3_1-8B"`` and ``"llama3.1-8b"`` both fold to ``"llama318b"``."""
    return re.sub(r"[\W_]+", "", name.lower())


@dataclass(frozen=True)
class Vocabulary:
    """Alias tables: for each table name, a mapping ``spelling -> canonical value``.

    ``units`` maps each canonical unit to its :class:`Unit`; ``missing`` holds the placeholder
    spellings (lowercase) that mean "nothing published".
    """

    aliases: dict[str, dict[str, str]]
    units: dict[str, Unit]
    missing: frozenset[str]
    # MLCommons' family label ("VLM") -> the benchmarks it names (``families`` in the YAML).
    families: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def canonical(self, table: str, spelling: object) -> str | None:
        """Return the canonical value for ``spelling`` in ``table``, or ``None`` if unknown."""
        return self.aliases[table].get(str(spelling).strip())

    def known(self, table: str) -> list[str]:
        """Canonical values of ``table``, sorted, for error messages."""
        return sorted(set(self.aliases[table].values()))

    def values(self, table: str) -> tuple[str, ...]:
        """Canonical values of ``table`` in the order ``vocabulary.yaml`` lists them, which is the
        order every surface shows them in (``("closed", "open")``; the scenarios from Offline
        to MultiStream): the one home of the divisions, categories, suites and scenarios that
        the schema, the model, the claims and the explorer's data file read."""
        return tuple(dict.fromkeys(self.aliases[table].values()))

    def is_missing(self, value: object) -> bool:
        """True for ``None`` and the placeholders MLCommons writes for "none" (``""``, ``N/A``,
        ``-``, ``None``...), whatever their case or surrounding spaces."""
        return value is None or str(value).strip().lower() in self.missing

    def model(self, spelling: str) -> tuple[str | None, str | None]:
        """The canonical model of ``spelling`` and, for a name the table does not know, what to
        say about it.

        Returns:
            ``(canonical, None)`` for a known spelling; ``(spelling, "new")`` for a new model,
            imported under its own name; ``(None, known)`` when ``spelling`` differs from the
            known model ``known`` only in case or punctuation, which needs an alias in
            ``vocabulary.yaml`` rather than a new benchmark.
        """
        spelling = str(spelling).strip()
        found = self.canonical("model", spelling)
        if found is not None:
            return found, None
        for alias, canonical in self.aliases["model"].items():
            if fold(alias) == fold(spelling):
                return None, canonical
        return spelling, "new"

    def is_throughput(self, units: str) -> bool:
        """True when ``units`` (canonical) is a rate where higher is better."""
        return self.units[units].better == THROUGHPUT

    def quantity(self, units: str) -> str:
        """The quantity ``units`` measures: results of one quantity are ranked together."""
        return self.units[units].quantity

    def in_units(self, value: float, units: str, target: str) -> float:
        """``value`` given in ``units`` expressed in ``target``, a unit of the same quantity
        (``in_units(5120, "Latency (ms)", "Latency (s)") == 5.12``).

        Raises:
            ValueError: the two units measure different quantities.
        """
        if self.quantity(units) != self.quantity(target):
            raise ValueError(f"{units} and {target} measure different quantities")
        return value * self.units[units].factor / self.units[target].factor


@cache
def vocabulary(path: Path = VOCABULARY_FILE) -> Vocabulary:
    """Load the alias tables from ``path`` (YAML, safe loader).

    Raises:
        ValueError: when one spelling maps to two canonical values.
    """
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    missing = frozenset(str(s).strip().lower() for s in raw.pop("missing", []))
    families = {str(label): tuple(names) for label, names in raw.pop("families", {}).items()}
    aliases: dict[str, dict[str, str]] = {}
    units: dict[str, Unit] = {}
    for table, entries in raw.items():
        mapping: dict[str, str] = {}
        for canonical, spec in entries.items():
            spellings = spec["aliases"] if isinstance(spec, dict) else spec
            if table == "units":
                units[canonical] = Unit(spec["better"], spec["quantity"], float(spec["factor"]))
            for spelling in [canonical, *spellings]:
                if mapping.get(spelling, canonical) != canonical:
                    raise ValueError(f"{path}: {table}: '{spelling}' maps to two values")
                mapping[spelling] = canonical
        aliases[table] = mapping
    for label, names in families.items():
        if label in aliases["model"] or any(n not in aliases["model"] for n in names):
            raise ValueError(
                f"{path}: families: '{label}' must name benchmarks of `model`, and not be one"
            )
    return Vocabulary(aliases, units, missing, families)
