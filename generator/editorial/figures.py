"""A claim's figure as a page shows it, in every language: the number at the stated precision
and its unit (``3.7×``, ``96.9%``, ``5,749,440 Tokens/s``, ``1,466 ms``, ``512 accelerators``)."""

from __future__ import annotations

from babel.numbers import format_percent

from generator.data.vocabulary import vocabulary
from generator.editorial.precision import COUNT_UNITS
from generator.i18n.catalogs import N_, translations
from generator.i18n.formatting import format_number, format_result, units_label
from generator.i18n.languages import Language
from generator.model.power import ENERGY_UNIT, PER_JOULE

COUNT_LABELS = {
    "accelerators": N_("accelerators"),
    "submitters": N_("submitters"),
    "results": N_("results"),
}
# Latencies inside a sentence read better with the short unit ("1,466 ms") than with the
# table heading ("Latency (ms)").
LATENCY_FORMATS = {"Latency (ms)": N_("%(value)s ms"), "Latency (s)": N_("%(value)s s")}
# A multiple: "3.7×"; a Chinese sentence says 3.7 倍 ("是前者的 3.7 倍").
MULTIPLE = N_("%(value)s×")


def format_value(value: float, unit: str, lang: Language, decimals: int | None = None) -> str:
    """A claim's value with its unit in ``lang``: ``5,749,440 tokens/s``, ``3.7×``, ``96.9%``
    (``value`` in percent for ``%``), ``512 accelerators``; MLPerf units and count nouns are
    translated by the catalog. ``decimals``: exactly that many (the stated precision), else
    the page's usual rounding."""
    _ = translations(lang).gettext
    fixed = decimals is not None

    def number(usual: str) -> str:
        return (
            format_number(value, lang, decimals, fixed=True)
            if fixed
            else format_result(value, lang)
            if usual == "result"
            else format_number(value, lang, 2)
        )

    if unit == "x":
        return _(MULTIPLE) % {"value": number("x")}  # as stated: 1.83×, 3.7×
    if unit == "%":
        pattern = "#,##0" + ("." + "0" * decimals if decimals else "" if fixed else ".#")
        return format_percent(value / 100, format=pattern + "%", locale=lang.cldr)
    if unit in LATENCY_FORMATS:
        return _(LATENCY_FORMATS[unit]) % {"value": number("result")}
    if unit in COUNT_UNITS:
        return f"{format_number(value, lang, 0)} {_(COUNT_LABELS[unit])}"
    label = (
        units_label(unit, lang)
        if unit in vocabulary().units or unit in (*PER_JOULE.values(), ENERGY_UNIT)
        else unit
    )
    return f"{number('result')} {label}"
