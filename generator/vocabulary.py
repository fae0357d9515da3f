"""MLPerf vocabulary: canonical spellings of divisions, categories, suites, scenarios, models, units.

The tables live in ``vocabulary.yaml`` beside this module so that they can be read and extended
without touching code. Every spelling seen in MLCommons summary files maps to one canonical value;
a spelling the tables do not know is an error for the caller to report, never a guess.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

import yaml

VOCABULARY_FILE = Path(__file__).with_name("vocabulary.yaml")

THROUGHPUT = "higher"
LATENCY = "lower"


@dataclass(frozen=True)
class Vocabulary:
    """Alias tables: for each table name, a mapping ``spelling -> canonical value``.

    ``better`` maps each canonical unit to ``"higher"`` (throughputs: Tokens/s, Samples/s,
    Queries/s, Tasks/s) or ``"lower"`` (latencies in ms or s).
    """

    aliases: dict[str, dict[str, str]]
    better: dict[str, str]

    def canonical(self, table: str, spelling: object) -> str | None:
        """Return the canonical value for ``spelling`` in ``table``, or ``None`` if unknown."""
        return self.aliases[table].get(str(spelling).strip())

    def known(self, table: str) -> list[str]:
        """Canonical values of ``table``, sorted, for error messages."""
        return sorted(set(self.aliases[table].values()))

    def is_throughput(self, units: str) -> bool:
        """True when ``units`` (canonical) is a rate where higher is better."""
        return self.better[units] == THROUGHPUT


@cache
def vocabulary(path: Path = VOCABULARY_FILE) -> Vocabulary:
    """Load the alias tables from ``path`` (YAML, safe loader).

    Raises:
        ValueError: when one spelling maps to two canonical values.
    """
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    aliases: dict[str, dict[str, str]] = {}
    better: dict[str, str] = {}
    for table, entries in raw.items():
        mapping: dict[str, str] = {}
        for canonical, spec in entries.items():
            spellings = spec["aliases"] if isinstance(spec, dict) else spec
            if isinstance(spec, dict):
                better[canonical] = spec["better"]
            for spelling in [canonical, *spellings]:
                if mapping.get(spelling, canonical) != canonical:
                    raise ValueError(f"{path}: {table}: '{spelling}' maps to two values")
                mapping[spelling] = canonical
        aliases[table] = mapping
    return Vocabulary(aliases, better)
