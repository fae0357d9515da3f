"""The precision a stated figure carries: the number as an editor wrote it (``2.50``,
``96.9 %``), its decimals and significant figures, the most decimals a page shows, and the
rounding of what a page shows (half to even, as Babel rounds)."""

from __future__ import annotations

import re
from decimal import ROUND_HALF_EVEN, Decimal

from generator.i18n.formatting import result_decimals

COUNT_UNITS = ("accelerators", "submitters", "results")
# A percentage as editors write it: "96.9 %", "96.9%".
PERCENT_TEXT = re.compile(r"^\s*([-+]?\d[\d_]*(?:\.\d+)?)\s*%\s*$")
# A figure in quoted text: grouped (5,749,440) or with a decimal point or comma (2.5, 96,9).
NUMBER_IN_TEXT = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?(?!\d)|\d+(?:[.,]\d+)?")


def written_number(value: object) -> object:
    """A claim's ``value`` as pydantic receives it, a string refused in the project's words
    when it is no number: ``"96.9 ％"`` (a full-width percent sign, as Chinese text writes
    it) or ``"2.6x"``. Percentages written ``96.9 %`` are read before (``Claim``).

    Raises:
        ValueError: a string that is not a plain number, with the forms to write.
    """
    if not isinstance(value, str):
        return value
    try:
        float(value.replace("_", ""))
    except ValueError:
        sign = " with the ASCII percent sign %, not the full-width ％" if "％" in value else ""
        raise ValueError(
            f"value {value!r} is not a number: write a multiple as 2.6 (unit x) "
            f"and a percentage as 96.9 %{sign}"
        ) from None
    return value


def number_text(written: str) -> str:
    """The number of a value as written: ``"96.9 %"`` -> ``"96.9"``, ``"5_749_440"`` ->
    ``"5749440"``."""
    text = written.replace("_", "").strip()
    found = PERCENT_TEXT.match(text)
    return found.group(1) if found else text


def decimals(number: str) -> int:
    """Decimals written: ``"2.50"`` -> 2, ``"512"`` -> 0."""
    exponent = Decimal(number).as_tuple().exponent
    return max(0, -exponent) if isinstance(exponent, int) else 0


def significant_figures(number: str) -> int:
    """Significant figures written: ``"3"`` -> 1, ``"2.6"`` -> 2, ``"0.04"`` -> 1, ``"2.50"``
    -> 3; an integer's trailing zeros count (``"10"`` -> 2)."""
    return len(Decimal(number).as_tuple().digits)


def states(text: str, number: str) -> bool:
    """True when ``text`` (a quotation) contains ``number`` as a figure: ``"up to 2.5x"``
    states ``"2.5"``, ``"96,9 %"`` states ``"96.9"``, ``"5,749,440"`` states ``"5749440"``."""

    def value(found: str) -> Decimal:
        grouped = re.fullmatch(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?", found)
        return Decimal(found.replace(",", "") if grouped else found.replace(",", "."))

    return any(value(found) == Decimal(number) for found in NUMBER_IN_TEXT.findall(text))


def shown_decimals(value: float, unit: str) -> int:
    """The most decimals a page shows of a claim's ``value`` in ``unit`` (the rule of
    ``figures.format_value``): 2 for a multiple (``1.83×``), 1 for a percentage
    (``99.5 %``), 0 for counts, else ``formatting.result_decimals``."""
    if unit == "x":
        return 2
    if unit == "%":
        return 1
    if unit in COUNT_UNITS:
        return 0
    return result_decimals(value)


def rounded(value: float, decimals: int) -> Decimal:
    """``value`` rounded half-to-even at ``decimals`` (as Babel rounds what a page shows)."""
    return Decimal(repr(value)).quantize(Decimal(1).scaleb(-decimals), ROUND_HALF_EVEN)
