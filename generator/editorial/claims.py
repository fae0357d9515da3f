"""The claims registry: every figure an article quotes, with its verification status, sources and,
where possible, a recomputation from the results dataset.

``data/claims.yaml`` holds ``sources`` (publisher, title, date, URL, referenced by id) and
``claims``. A claim has a value and unit, what it measures, a status (see ``STATUSES``), its
sources, and optionally a ``derivation``: a formula over records of the dataset selected by
their fields, with a relative tolerance. ``generator.editorial.recomputation`` evaluates derivations; ``check`` in
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
from generator.editorial.editor_yaml import key_lines, line_of, value_texts
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
        """True when every given field matches ``record``: a result published for both suites
        matches either suite, and an ID matches in either of its forms (``v4.1-0050``,
        ``4.1-0050``)."""
        # Most records differ in round or model: answer those without building the table below
        # (claims are recomputed in every language build and every preview rebuild).
        if record.round != self.round or record.model != self.model:
            return False
        wanted = {"round": self.round, "model": self.model, "scenario": self.scenario,
                  "division": self.division, "submitter": self.submitter,
                  "system_name": self.system, "platform": self.platform}
        return (all(value is None or getattr(record, field) == value
                    for field, value in wanted.items())
                and (self.suite is None or self.suite in record.suites)
                and (self.result_id is None
                     or canonical_result_id(self.result_id) == record.result_id))

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
    retracted: dt.date | None = None

    @model_validator(mode="after")
    def _one_outcome(self) -> "Preview":
        if self.confirmed and self.retracted:
            raise ValueError("a preview is either confirmed or retracted, not both")
        return self

    @property
    def phase(self) -> str:
        """``"confirmed"``, ``"retracted"`` or ``"open"`` (no outcome recorded yet)."""
        return ("confirmed" if self.confirmed else "retracted" if self.retracted else "open")

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
    lines = key_lines(text)
    try:
        registry = Registry.model_validate(raw)
    except ValidationError as exc:
        errors = []
        for problem in exc.errors():
            loc = [str(p) for p in problem["loc"]]
            errors.append(InputError(path, line_of(lines, loc), ".".join(loc),
                                     problem["msg"]))
        raise InputErrors(errors) from None
    errors = [InputError(path, line_of(lines, ["claims", claim_id]),
                         f"claims.{claim_id}.sources",
                         f"unknown source '{source}'; define it under 'sources'")
              for claim_id, claim in registry.claims.items()
              for source in claim.sources if source not in registry.sources]
    if errors:
        raise InputErrors(errors)
    for claim_id, text in value_texts(text).items():
        if claim_id in registry.claims:
            registry.claims[claim_id]._written = text
    return registry


