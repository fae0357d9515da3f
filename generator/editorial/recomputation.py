"""Claims recomputed from the results dataset: the record(s) a derivation selects, the figure its
formula computes (``recompute``), and what a page shows of a claim (``figure``): its figure,
unit, precision, status flag and scope, computed from those records for a claim with a
derivation, as typed for a figure the dataset cannot give."""

from __future__ import annotations

from dataclasses import dataclass

from generator.data.schema import ResultRecord
from generator.editorial.claims import (
    Claim,
    Derivation,
    Selector,
)
from generator.editorial.guidelines import QUOTED_FORMULAS
from generator.editorial.precision import rounded, shown_decimals
from generator.model import power

# A ratio below this is shown as a percentage (96.9 %, 105 %), where a two-decimal multiple
# would hide the difference; above it, as a multiple (1.28×).
PERCENT_BELOW = 1.1


@dataclass(frozen=True)
class Recomputation:
    """A derivation evaluated on the dataset: the computed value, the records it used and the
    claim units the value may be stated in (``units``: the records' unit for a result, tokens/J
    for an efficiency, ``x`` or ``%`` for a ratio...)."""

    value: float
    records: tuple[ResultRecord, ...]
    units: tuple[str, ...] = ()

    def in_unit(self, unit: str) -> float:
        """The computed value in the claim unit ``unit``: percent for ``%`` (the formulas
        compute a fraction, 0.969), else as computed."""
        return self.value * 100 if unit == "%" else self.value

    def default_unit(self) -> str:
        """The unit a page shows the value in when the claim states none: a scaling
        efficiency in percent, a ratio in percent below ``PERCENT_BELOW`` and as a multiple
        above, anything else in the records' unit."""
        if "x" in self.units and "%" in self.units:
            if self.units[0] == "%" or self.value < PERCENT_BELOW:
                return "%"
            return "x"
        return self.units[0]


# The scope of a computed claim (the footnote's and the Verification page's "Measures"), by
# the record fields it reads, in the order shown.
SCOPE_FIELDS = (
    ("round", "round"),
    ("suite", "suite"),
    ("model", "model"),
    ("scenario", "scenario"),
    ("submitter", "submitter"),
    ("system", "system_name"),
    ("accelerators", "total_accelerators"),
    ("result_id", "shown_id"),
)


@dataclass(frozen=True)
class Figure:
    """What a page shows of one claim.

    Attributes:
        value: the figure shown: a computed claim's recomputation rounded to ``precision``
            (or, when disputed, the figure its source stated); a quoted claim's ``value``.
        unit: its unit (``x``, ``%``, ``Tokens/s``...).
        precision: the decimals shown.
        status: a key of ``claims.STATUSES``: computed (``status_of``) or typed.
        computed: the recomputation in ``unit`` (None without a derivation).
        stated: the figure the editor typed (``stated`` or ``value``), in ``unit``, or None.
        scope: what the figure measures, as ``(key, values)`` pairs (keys of
            ``verification.MEASURE_LABELS``, or the editor's own keys for a quoted claim):
            one value, or the distinct values of the compared results in their order.
    """

    value: float
    unit: str
    precision: int
    status: str
    computed: float | None
    stated: float | None
    scope: tuple[tuple[str, tuple[str, ...]], ...]

    @property
    def agrees(self) -> bool:
        """The stated figure, if any, equals the computation at the stated precision."""
        if self.computed is None or self.stated is None:
            return True
        return rounded(self.stated, self.precision) == rounded(self.computed, self.precision)


def status_of(derivation: Derivation, records: tuple[ResultRecord, ...]) -> str:
    """The flag of a figure computed by ``derivation`` from ``records`` (MLCommons'
    categories, CONTRIBUTING's statuses): ``preview`` when a preview result is among them,
    ``verified`` for an available result quoted as published (``guidelines.QUOTED_FORMULAS``),
    ``derived`` for any other figure computed from available results.

    Raises:
        ValueError: a result of the research (RDI) category, which no flag describes yet.
    """
    categories = {r.category for r in records}
    if "preview" in categories:
        return "preview"
    if categories - {"available"}:
        odd = next(r for r in records if r.category not in ("available", "preview"))
        raise ValueError(
            f"{odd.shown_id} is in the {odd.category} category, which no claim flag "
            "describes: quote an available or preview result"
        )
    return "verified" if derivation.formula in QUOTED_FORMULAS else "derived"


def scope_of(
    derivation: Derivation, records: tuple[ResultRecord, ...]
) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """What a computed figure measures, read from its records: each of ``SCOPE_FIELDS``, the
    distinct values of the records in order (a ratio of two rounds has ``("v6.1", "v6.0")``),
    then what the formula computes (``formula: per_accelerator``, for the
    claims download; the footnote states the formula itself). A system's accelerator count
    (``accelerators``) has no benchmark or scenario."""
    out = []
    for key, field in SCOPE_FIELDS:
        if derivation.formula == "accelerators" and key in ("model", "scenario"):
            continue
        out.append((key, tuple(dict.fromkeys(str(getattr(r, field)) for r in records))))
    if derivation.formula not in ("result", "accelerators"):
        out.append(("formula", (derivation.label,)))
    return tuple(out)


def unit_of(claim: Claim, recomputation: Recomputation) -> str:
    """The unit of a computed claim: percent when ``stated`` is written with %, a multiple
    when a ratio's ``stated`` is a plain number, else ``Recomputation.default_unit``.

    Raises:
        ValueError: ``stated`` written with % for a figure that is no ratio.
    """
    if claim.stated is None:
        return recomputation.default_unit()
    if claim.stated_percent:
        if "%" not in recomputation.units:
            raise ValueError(
                f"stated {claim.stated} is a percentage, but the derivation computes "
                f"{recomputation.units[0]}: write the figure without %"
            )
        return "%"
    return "x" if "x" in recomputation.units else recomputation.units[0]


def figure(claim: Claim, recomputation: Recomputation | None) -> Figure:
    """What a page shows of ``claim`` (``Figure``), its derivation evaluated as
    ``recomputation`` (None for a claim without one).

    A computed figure is shown at the decimals of ``stated``, else at the page's precision
    (``precision.shown_decimals``), never more; it is ``disputed`` when a ``quote``d source
    states a figure that disagrees with the computation at the stated precision, and then
    shows the source's figure.

    Raises:
        ValueError: from ``status_of`` and ``unit_of``.
    """
    if recomputation is None or claim.derivation is None:
        precision = min(claim.stated_decimals, shown_decimals(claim.value, claim.unit))
        scope = tuple((k, (str(v),)) for k, v in (claim.measures or {}).items())
        return Figure(claim.value, claim.unit, precision, claim.status, None, claim.value, scope)
    unit = unit_of(claim, recomputation)
    computed = recomputation.in_unit(unit)
    stated = claim.figure_typed
    shown = shown_decimals(computed, unit)
    precision = min(claim.stated_decimals, shown) if stated is not None else shown
    status = status_of(claim.derivation, recomputation.records)
    scope = scope_of(claim.derivation, recomputation.records)
    found = Figure(0.0, unit, precision, status, computed, stated, scope)
    if not found.agrees and claim.quote is not None:
        return Figure(stated, unit, precision, "disputed", computed, stated, scope)
    return Figure(
        float(rounded(computed, precision)), unit, precision, status, computed, stated, scope
    )


def select(records: list[ResultRecord], selector: Selector) -> ResultRecord:
    """The one record matching ``selector``.

    Raises:
        LookupError: no record, or several, match (the message says how many and which IDs).
    """
    # The result ID first: it narrows 3,397 records to one or two before the other fields are
    # compared (``Selector.matches`` on every record was most of ``check``).
    result_id = selector.resolved_id
    found = [
        r for r in records if r.result_id == result_id and selector.matches(r) and not selector.gone
    ]
    if len(found) != 1:
        ids = ", ".join(sorted({f"{r.result_id} {r.system_name}" for r in found})[:5])
        raise LookupError(
            f"selector ({selector.describe()}) matches {len(found)} records"
            + (f": {ids}" if ids else "; check round, model, scenario and result ID")
        )
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
    per_accelerator = (
        derivation.formula in ("per_accelerator", "scaling_efficiency")
        or derivation.of == "per_accelerator"
    )
    if per_accelerator and any(r.result_per_accelerator is None for r in picked):
        raise ValueError(
            f"'{derivation.formula}' needs throughputs with a known accelerator "
            f"count; {first.result_id} is {first.units} on "
            f"{first.total_accelerators or 'no'} accelerators"
        )
    if (
        derivation.formula in ("sum", "ratio")
        and len({_unit(r, derivation.of) for r in picked}) > 1
    ):
        raise ValueError(
            f"'{derivation.formula}' of {derivation.of} over figures in different "
            "units: " + ", ".join(f"{r.shown_id} {_unit(r, derivation.of)}" for r in picked)
        )
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
        value = large.result / (large.total_accelerators / small.total_accelerators * small.result)
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
            raise ValueError(
                f"{record.result_id} {record.model} {record.scenario} has no MLPerf Power result"
            )
        return figure.value
    return record.result
