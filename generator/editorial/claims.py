"""The claims registry: every figure an article quotes, with its verification status, sources and,
where possible, a recomputation from the results dataset.

``data/claims.yaml`` holds ``sources`` (publisher, title, date, URL, referenced by id) and
``claims``. A claim has a value and unit, what it measures, a status (see ``STATUSES``), its
sources, and optionally a ``derivation``: a formula over results of the dataset, each selected by
its permanent identity (``Selector``: round, model, scenario, result ID), with a relative
tolerance. ``recompute`` evaluates derivations; ``check`` in
``generator.editorial.check`` fails the build when a stated value disagrees with its recomputation.

Agreement (``Recomputation.agrees``): a figure read or computed from the dataset (status
``verified``, ``preview`` or ``derived``) must equal its recomputation rounded to the precision
at which it is stated -- the decimals written in ``claims.yaml``, and no more than the page
shows (``shown_decimals``) -- so that a page never shows "2.58×" beside "recomputed: 2.57×".
The relative tolerance is for figures quoted from others (``vendor``, ``third-party``,
``disputed``), which round as their authors chose.
"""

from __future__ import annotations

import datetime as dt
import math
from dataclasses import dataclass
from decimal import ROUND_HALF_EVEN, Decimal
from pathlib import Path
from typing import Annotated, Literal

import yaml
from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    PrivateAttr,
    ValidationError,
    field_validator,
    model_validator,
)

from generator.data.schema import ResultRecord, canonical_result_id
from generator.data.vocabulary import vocabulary
from generator.errors import InputError, InputErrors
from generator.i18n.formatting import result_decimals
from generator.results import power

# Status taxonomy. "verified" and "preview" follow MLCommons' categories (available, preview);
# "vendor" is MLCommons' "result not verified by MLCommons Association".
STATUSES = ("verified", "preview", "derived", "vendor", "third-party", "unverified", "disputed")
FORMULAS = ("result", "accelerators", "per_accelerator", "ratio", "sum", "scaling_efficiency",
            "efficiency")
# What ``ratio`` divides: the results, the results per accelerator, or the energy figures.
RATIO_OF = ("result", "per_accelerator", "efficiency")
# Units a claim may have besides the MLPerf result units of vocabulary.yaml: a multiple, a
# fraction shown as a percentage, counts, and energy efficiency as companies report it.
CLAIM_UNITS = ("x", "%", "accelerators", "submitters", "results", "tokens/s/MW",
               *power.PER_JOULE.values(), power.ENERGY_UNIT)
DEFAULT_TOLERANCE = 0.005  # relative: 0.5 %, about the rounding of figures quoted in articles
# Figures quoted from others keep their authors' rounding (the tolerance); the rest are ours.
QUOTED_STATUSES = ("vendor", "third-party", "disputed")
COUNT_UNITS = ("accelerators", "submitters", "results")

Id = Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9.-]*$")]


class Source(BaseModel):
    """Where a figure was published."""

    model_config = ConfigDict(extra="forbid")
    publisher: str = Field(min_length=1)
    title: str = Field(min_length=1)
    date: dt.date
    url: str = Field(pattern=r"^https?://\S+$")


class Selector(BaseModel):
    """One result of the dataset by its permanent identity (``generator/data/identity.py``):
    round, benchmark model, scenario and result ID (``6.1-0027``, or as published:
    ``v4.1-0050``). Names are not selectors: a corrected system name, platform or submitter
    leaves the claim on its result, and a withdrawn result is reported as withdrawn."""

    model_config = ConfigDict(extra="forbid")
    round: str
    model: str
    scenario: str
    result_id: str = Field(pattern=r"^v?\d+\.\d+-\d{4,}$")

    def matches(self, record: ResultRecord) -> bool:
        """True when ``record`` is this result (an ID matches in either of its forms)."""
        return (record.round == self.round and record.model == self.model
                and record.scenario == self.scenario
                and record.result_id == canonical_result_id(self.result_id))

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
        record at N, second at M (a fraction, unit ``%``);
      * ``efficiency``: the MLPerf Power figure of the one selected result (``power``): its
        result ÷ average system power (tokens/J, samples/J...) in Offline and Server, or its
        energy per query in millijoules in SingleStream and MultiStream.

    ``ratio`` divides what ``of`` says: ``result`` (default), ``per_accelerator`` (the two
    results per accelerator) or ``efficiency`` (the two MLPerf Power figures).
    """

    model_config = ConfigDict(extra="forbid")
    formula: Literal[FORMULAS]  # type: ignore[valid-type]
    results: list[Selector] = Field(min_length=1)
    of: Literal[RATIO_OF] = "result"  # type: ignore[valid-type]
    tolerance: float = Field(default=DEFAULT_TOLERANCE, gt=0, lt=1)
    # What a comparison (ratio, scaling_efficiency) states differs between its two results, as
    # MLCommons' guidelines require (editorial/guidelines.py; `check` derives and compares them).
    differences: list[Literal["round", "division", "category", "scenario", "accelerators"]] = []

    @property
    def label(self) -> str:
        """What the formula computes, as a key of ``verification.FORMULA_LABELS``."""
        return f"ratio of {self.of}" if self.formula == "ratio" else self.formula

    @model_validator(mode="after")
    def _arity(self) -> "Derivation":
        if self.of != "result" and self.formula != "ratio":
            raise ValueError(f"'of' applies to formula 'ratio' only, not '{self.formula}'")
        needed = {"result": 1, "accelerators": 1, "per_accelerator": 1, "ratio": 2,
                  "scaling_efficiency": 2, "efficiency": 1}
        if self.formula in needed and len(self.results) != needed[self.formula]:
            raise ValueError(f"formula '{self.formula}' takes {needed[self.formula]} result(s), "
                             f"got {len(self.results)}")
        return self


class Preview(BaseModel):
    """Follow-up of a preview result: when the product should be available (MLCommons' preview
    rule: by the next round, or the first round after 140 days if later) and what happened -- ``confirmed``, the date the
    product became available, or ``retracted``, the date the result was withdrawn; at most one.
    """

    model_config = ConfigDict(extra="forbid")
    available_by: dt.date
    confirmed: dt.date | None = None
    # The round that first showed the product available, when it is not the one it was due
    # in (a round this dataset does not hold): pages say "first seen as available in v5.1".
    confirmed_in: str | None = Field(default=None, pattern=r"^v\d+\.\d+$")
    retracted: dt.date | None = None

    @model_validator(mode="after")
    def _one_outcome(self) -> "Preview":
        if self.confirmed and self.retracted:
            raise ValueError("a preview is either confirmed or retracted, not both")
        if self.confirmed_in and not self.confirmed:
            raise ValueError("confirmed_in needs the date the product was confirmed")
        return self

    @property
    def phase(self) -> str:
        """``"confirmed"``, ``"seen"`` (confirmed, first seen available in ``confirmed_in``),
        ``"retracted"`` or ``"open"`` (no outcome recorded yet)."""
        return ("seen" if self.confirmed_in else "confirmed" if self.confirmed
                else "retracted" if self.retracted else "open")

    def overdue(self, today: dt.date) -> bool:
        """True when ``available_by`` is before ``today`` and no outcome is recorded."""
        return self.phase == "open" and self.available_by < today


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
    # The value as written in claims.yaml ("2.50"), set by load_registry: its decimals are the
    # stated precision.
    _written: str | None = PrivateAttr(default=None)

    @property
    def stated_decimals(self) -> int:
        """Decimals of the value as written in ``claims.yaml`` (``2.50`` -> 2, ``512`` -> 0);
        without the file's text, those of the shortest form of the number."""
        text = self._written or repr(self.value)
        exponent = Decimal(text.replace("_", "")).as_tuple().exponent
        return max(0, -exponent) if isinstance(exponent, int) else 0

    @property
    def precision(self) -> int:
        """Decimals at which the claim is stated to readers: those written, at most those the
        page shows (``shown_decimals``); in the unit of ``value`` (a fraction for ``%``)."""
        return min(self.stated_decimals, shown_decimals(self.value, self.unit))

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


def shown_decimals(value: float, unit: str) -> int:
    """The most decimals a page shows of a claim's ``value`` in ``unit`` (the rule of
    ``verification.format_value``): 2 for a multiple (``1.83×``), 3 for a fraction shown as a
    percentage (``0.995`` -> ``99.5%``), 0 for counts, else ``formatting.result_decimals``."""
    if unit == "x":
        return 2
    if unit == "%":
        return 3
    if unit in COUNT_UNITS:
        return 0
    return result_decimals(value)


def rounded(value: float, decimals: int) -> Decimal:
    """``value`` rounded half-to-even at ``decimals`` (as Babel rounds what a page shows)."""
    return Decimal(repr(value)).quantize(Decimal(1).scaleb(-decimals), ROUND_HALF_EVEN)


@dataclass(frozen=True)
class Recomputation:
    """A derivation evaluated on the dataset: the computed value, the records it used and the
    claim units the value may be stated in (``units``: the records' unit for a result, tokens/J
    for an efficiency, ``x`` or ``%`` for a ratio...)."""

    value: float
    records: tuple[ResultRecord, ...]
    units: tuple[str, ...] = ()

    def agrees(self, claim: Claim) -> bool:
        """True when the claim's stated value matches: equal at its stated precision
        (``Claim.precision``) for a figure from the dataset, within the relative tolerance for
        one quoted from others (``QUOTED_STATUSES``; see the module docstring)."""
        if claim.status not in QUOTED_STATUSES:
            return rounded(claim.value, claim.precision) == rounded(self.value, claim.precision)
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
    for claim_id, text in _value_texts(text).items():
        if claim_id in registry.claims:
            registry.claims[claim_id]._written = text
    return registry


def _value_texts(text: str) -> dict[str, str]:
    """Each claim's ``value`` as written (the scalar's text, e.g. ``"2.50"``), by claim id."""
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError:
        return {}
    claims = next((v for k, v in getattr(root, "value", []) if k.value == "claims"), None)
    found = {}
    for key, node in getattr(claims, "value", []):
        for field, value in getattr(node, "value", []) if isinstance(node, yaml.MappingNode) \
                else []:
            if field.value == "value" and isinstance(value, yaml.ScalarNode):
                found[key.value] = value.value
    return found


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
                          + (f": {ids}" if ids else "; check round, model, scenario and result ID"))
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
    per_accelerator = (derivation.formula in ("per_accelerator", "scaling_efficiency")
                       or derivation.of == "per_accelerator")
    if per_accelerator and any(r.result_per_accelerator is None for r in picked):
        raise ValueError(f"'{derivation.formula}' needs throughputs with a known accelerator "
                         f"count; {first.result_id} is {first.units} on "
                         f"{first.total_accelerators or 'no'} accelerators")
    if derivation.formula in ("sum", "ratio") and len({_unit(r, derivation.of)
                                                        for r in picked}) > 1:
        raise ValueError(f"'{derivation.formula}' of {derivation.of} over figures in different "
                         "units: " + ", ".join(f"{r.shown_id} {_unit(r, derivation.of)}"
                                               for r in picked))
    units: tuple[str, ...] = (first.units,)
    if derivation.formula == "result":
        value = first.result
    elif derivation.formula == "accelerators":
        units = ("accelerators",)
        if first.total_accelerators is None:
            raise ValueError(f"{first.result_id} has no accelerators")
        value = float(first.total_accelerators)
    elif derivation.formula == "per_accelerator":
        value = first.result / first.total_accelerators
    elif derivation.formula == "ratio":
        a, b = (_figure(r, derivation.of) for r in picked)
        value, units = a / b, ("x", "%")
    elif derivation.formula == "efficiency":
        value, units = _figure(first, "efficiency"), (_unit(first, "efficiency"),)
    elif derivation.formula == "sum":
        value = sum(r.result for r in picked)
    else:
        large, small = picked
        value = large.result / (large.total_accelerators / small.total_accelerators
                                * small.result)
        units = ("%", "x")
    return Recomputation(value, picked, units)


def _unit(record: ResultRecord, of: str) -> str:
    """The unit of the figure of ``record`` that ``of`` names (``Derivation.of``)."""
    if of == "efficiency":
        figure = power.efficiency(record)
        return figure.units if figure else "none"
    return record.units


def _figure(record: ResultRecord, of: str) -> float:
    """The figure of ``record`` that a ratio divides (``Derivation.of``).

    Raises:
        ValueError: an energy figure asked of a record without an MLPerf Power result.
    """
    if of == "per_accelerator":
        return record.result_per_accelerator
    if of == "efficiency":
        figure = power.efficiency(record)
        if figure is None:
            raise ValueError(f"{record.result_id} {record.model} {record.scenario} has no "
                             "MLPerf Power result")
        return figure.value
    return record.result
