"""The claims registry: every figure an article quotes, with its verification status, sources and,
where possible, a recomputation from the results dataset.

``data/claims.yaml`` holds ``sources`` (publisher, title, date, URL, referenced by id) and
``claims``. A claim has a value and unit, what it measures, a status (see ``STATUSES``), its
sources, and optionally a ``derivation``: a formula over records of the dataset selected by
their fields, with a relative tolerance. ``recompute`` evaluates derivations; ``check`` in
``generator.check`` fails the build when a stated value leaves its tolerance.
"""

from __future__ import annotations

import datetime as dt
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Literal

import yaml
from pydantic import (BaseModel, ConfigDict, Field, ValidationError, field_validator,
                      model_validator)

from .errors import InputError, InputErrors
from .schema import ResultRecord
from .vocabulary import vocabulary

# Status taxonomy. "verified" and "preview" follow MLCommons' categories (available, preview);
# "vendor" is MLCommons' "result not verified by MLCommons Association".
STATUSES = ("verified", "preview", "derived", "vendor", "third-party", "unverified", "disputed")
FORMULAS = ("result", "accelerators", "per_accelerator", "ratio", "sum", "scaling_efficiency")
# Units a claim may have besides the MLPerf result units of vocabulary.yaml: a multiple, a
# fraction shown as a percentage, counts, and energy efficiency as companies report it.
CLAIM_UNITS = ("x", "%", "accelerators", "submitters", "results", "tokens/s/MW")
DEFAULT_TOLERANCE = 0.005  # relative: 0.5 %, about the rounding of figures quoted in articles

Id = Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9.-]*$")]


class Source(BaseModel):
    """Where a figure was published."""

    model_config = ConfigDict(extra="forbid")
    publisher: str = Field(min_length=1)
    title: str = Field(min_length=1)
    date: dt.date
    url: str = Field(pattern=r"^https?://\S+$")


class Selector(BaseModel):
    """Fields that pick exactly one record of the dataset (all given fields must match)."""

    model_config = ConfigDict(extra="forbid")
    round: str
    model: str
    scenario: str
    suite: str | None = None
    division: str = "closed"
    submitter: str | None = None
    system: str | None = Field(default=None, description="system name, exactly as published")
    platform: str | None = None
    result_id: str | None = None

    def matches(self, record: ResultRecord) -> bool:
        # Most records differ in round or model: answer those without building the table below
        # (claims are recomputed in every language build and every preview rebuild).
        if record.round != self.round or record.model != self.model:
            return False
        wanted = {"round": self.round, "model": self.model, "scenario": self.scenario,
                  "suite": self.suite, "division": self.division, "submitter": self.submitter,
                  "system_name": self.system, "platform": self.platform,
                  "result_id": self.result_id}
        return all(value is None or getattr(record, field) == value
                   for field, value in wanted.items())

    def describe(self) -> str:
        return ", ".join(f"{k}={v}" for k, v in self.model_dump(exclude_none=True).items())


class Derivation(BaseModel):
    """How to recompute a claim from official results.

    Formulas (values in the records' units unless said otherwise):
      * ``result``: the one selected result;
      * ``accelerators``: the total accelerator count of the one selected system;
      * ``per_accelerator``: result ÷ total accelerators (throughputs only);
      * ``ratio``: first result ÷ second result (a multiple, unit ``x``);
      * ``sum``: the sum of the selected results;
      * ``scaling_efficiency``: throughput at N accelerators ÷ (N/M × throughput at M), first
        record at N, second at M (a fraction, unit ``%``).
    """

    model_config = ConfigDict(extra="forbid")
    formula: Literal[FORMULAS]  # type: ignore[valid-type]
    results: list[Selector] = Field(min_length=1)
    tolerance: float = Field(default=DEFAULT_TOLERANCE, gt=0, lt=1)

    @model_validator(mode="after")
    def _arity(self) -> "Derivation":
        needed = {"result": 1, "accelerators": 1, "per_accelerator": 1, "ratio": 2,
                  "scaling_efficiency": 2}
        if self.formula in needed and len(self.results) != needed[self.formula]:
            raise ValueError(f"formula '{self.formula}' takes {needed[self.formula]} result(s), "
                             f"got {len(self.results)}")
        return self


class Preview(BaseModel):
    """Follow-up of a preview result: when the product should be available, and what happened."""

    model_config = ConfigDict(extra="forbid")
    available_by: dt.date
    confirmed: dt.date | None = None
    retracted: dt.date | None = None


class Claim(BaseModel):
    """One figure quoted by articles."""

    model_config = ConfigDict(extra="forbid")
    value: float
    unit: str = Field(min_length=1)
    status: Literal[STATUSES]  # type: ignore[valid-type]
    measures: dict[str, str | int | float] = Field(min_length=1)
    sources: list[str] = Field(min_length=1)
    derivation: Derivation | None = None
    preview: Preview | None = None
    note: str | None = None

    @model_validator(mode="after")
    def _status_rules(self) -> "Claim":
        if self.status == "derived" and self.derivation is None:
            raise ValueError("a 'derived' claim needs a derivation")
        if self.status == "preview" and self.preview is None:
            raise ValueError("a 'preview' claim needs preview.available_by")
        if not math.isfinite(self.value):
            raise ValueError("value must be a finite number")
        return self

    @field_validator("unit")
    @classmethod
    def _known_unit(cls, unit: str) -> str:
        units = (*vocabulary().units, *CLAIM_UNITS)
        if unit not in units:
            raise ValueError(f"unknown unit {unit!r}; expected one of {', '.join(units)}")
        return unit


class Registry(BaseModel):
    """The whole ``claims.yaml``."""

    model_config = ConfigDict(extra="forbid")
    sources: dict[Id, Source]
    claims: dict[Id, Claim]


@dataclass(frozen=True)
class Recomputation:
    """A derivation evaluated on the dataset: the computed value and the records it used."""

    value: float
    records: tuple[ResultRecord, ...]

    def agrees(self, claim: Claim) -> bool:
        """True when the claim's stated value is within its relative tolerance."""
        tolerance = claim.derivation.tolerance if claim.derivation else DEFAULT_TOLERANCE
        return math.isclose(claim.value, self.value, rel_tol=tolerance)


def load_registry(path: Path) -> Registry:
    """Read and validate ``claims.yaml`` (YAML safe loader).

    Raises:
        InputErrors: every schema problem as ``data/claims.yaml: line N: field 'claims.x.status':
            ...``, plus sources referenced but not defined.
    """
    text = path.read_text(encoding="utf-8")
    try:
        raw = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1}" if mark else None
        raise InputErrors([InputError(path, where, None, f"malformed YAML: {exc}")]) from None
    except ValueError as exc:  # a well-formed but impossible date, e.g. 2026-02-30
        raise InputErrors([InputError(path, None, None, f"invalid value: {exc}")]) from None
    lines = _key_lines(text)
    try:
        registry = Registry.model_validate(raw)
    except ValidationError as exc:
        errors = []
        for problem in exc.errors():
            loc = [str(p) for p in problem["loc"]]
            errors.append(InputError(path, _line_of(lines, loc), ".".join(loc),
                                     problem["msg"]))
        raise InputErrors(errors) from None
    errors = [InputError(path, _line_of(lines, ["claims", claim_id]),
                         f"claims.{claim_id}.sources",
                         f"unknown source '{source}'; define it under 'sources'")
              for claim_id, claim in registry.claims.items()
              for source in claim.sources if source not in registry.sources]
    if errors:
        raise InputErrors(errors)
    return registry


def _key_lines(text: str) -> dict[tuple[str, ...], int]:
    """Line numbers (1-based) of mapping keys, by their path, from the YAML node tree."""
    lines: dict[tuple[str, ...], int] = {}

    def walk(node, path):
        if isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                lines[path + (key.value,)] = key.start_mark.line + 1
                walk(value, path + (key.value,))
        elif isinstance(node, yaml.SequenceNode):
            for i, item in enumerate(node.value):
                lines[path + (str(i),)] = item.start_mark.line + 1
                walk(item, path + (str(i),))
    try:
        walk(yaml.compose(text, Loader=yaml.SafeLoader), ())
    except yaml.YAMLError:
        pass
    return lines


def claim_lines(path: Path) -> dict[str, int]:
    """File line of each claim's ``value`` (or of its id) in ``claims.yaml``, by claim id."""
    lines = _key_lines(path.read_text(encoding="utf-8"))
    return {key[1]: lines.get(("claims", key[1], "value"), line)
            for key, line in lines.items() if len(key) == 2 and key[0] == "claims"}


def _line_of(lines: dict[tuple[str, ...], int], loc: list[str]) -> str | None:
    for end in range(len(loc), 0, -1):
        if tuple(loc[:end]) in lines:
            return f"line {lines[tuple(loc[:end])]}"
    return None


def select(records: list[ResultRecord], selector: Selector) -> ResultRecord:
    """The one record matching ``selector``.

    Raises:
        LookupError: no record, or several, match (the message says how many and which IDs).
    """
    found = [r for r in records if selector.matches(r)]
    if len(found) != 1:
        ids = ", ".join(sorted({f"{r.result_id} {r.system_name}" for r in found})[:5])
        raise LookupError(f"selector ({selector.describe()}) matches {len(found)} records"
                          + (f": {ids}" if ids else "; check round, model, scenario and system"))
    return found[0]


def recompute(derivation: Derivation, records: list[ResultRecord]) -> Recomputation:
    """Evaluate ``derivation`` on ``records`` (the whole dataset).

    Returns:
        the computed value, in the claim's unit: the records' unit for ``result`` and ``sum``,
        a count for ``accelerators``,
        per accelerator for ``per_accelerator``, a multiple (×) for ``ratio``, a fraction of
        1 (shown as %) for ``scaling_efficiency``.

    Raises:
        LookupError: a selector matches no record or several.
        ValueError: a formula that does not apply, e.g. a latency divided by accelerators.
    """
    picked = tuple(select(records, s) for s in derivation.results)
    first = picked[0]
    if derivation.formula in ("per_accelerator", "scaling_efficiency") and any(
            r.result_per_accelerator is None for r in picked):
        raise ValueError(f"'{derivation.formula}' needs throughputs with a known accelerator "
                         f"count; {first.result_id} is {first.units} on "
                         f"{first.total_accelerators or 'no'} accelerators")
    if derivation.formula == "result":
        value = first.result
    elif derivation.formula == "accelerators":
        if first.total_accelerators is None:
            raise ValueError(f"{first.result_id} has no accelerators")
        value = float(first.total_accelerators)
    elif derivation.formula == "per_accelerator":
        value = first.result / first.total_accelerators
    elif derivation.formula == "ratio":
        value = first.result / picked[1].result
    elif derivation.formula == "sum":
        value = sum(r.result for r in picked)
    else:
        large, small = picked
        value = large.result / (large.total_accelerators / small.total_accelerators
                                * small.result)
    return Recomputation(value, picked)
