"""Claims recomputed from the results dataset: the record(s) a derivation selects, the figure its
formula computes (``recompute``) and whether a claim's stated value agrees with it
(``Recomputation.agrees``; the agreement rule is in ``generator.editorial.claims``)."""

from __future__ import annotations

import math
from dataclasses import dataclass

from generator.data.schema import ResultRecord
from generator.editorial.claims import (
    DEFAULT_TOLERANCE,
    QUOTED_STATUSES,
    Claim,
    Derivation,
    Selector,
)
from generator.editorial.precision import rounded
from generator.model import power


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

    def agrees(self, claim: Claim) -> bool:
        """True when the claim's stated value matches: equal at its stated precision
        (``Claim.precision``) for a figure from the dataset, within the relative tolerance for
        one quoted from others (``QUOTED_STATUSES``; see the module docstring)."""
        computed = self.in_unit(claim.unit)
        if claim.status not in QUOTED_STATUSES:
            return rounded(claim.value, claim.precision) == rounded(computed, claim.precision)
        tolerance = claim.derivation.tolerance if claim.derivation else DEFAULT_TOLERANCE
        return math.isclose(claim.value, computed, rel_tol=tolerance)


def shown_value(claim: Claim, recomputation: Recomputation | None) -> float:
    """The figure a page shows for ``claim``: a figure of ours (not ``QUOTED_STATUSES``) is its
    recomputation rounded to the stated precision, so that the page can only show what the
    data give; a quoted figure, or one without a derivation, is the value as stated."""
    if recomputation is None or claim.status in QUOTED_STATUSES:
        return claim.value
    return float(rounded(recomputation.in_unit(claim.unit), claim.precision))


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
