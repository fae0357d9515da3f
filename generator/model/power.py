"""Energy efficiency from MLPerf Power results.

MLPerf Power measures the whole system under test at the wall, with an approved power analyzer
(SPEC PTDaemon), in power runs of their own beside the performance runs (MLCommons'
``power_measurement.adoc``). What it publishes depends on the scenario:

* Offline and Server: the average system power in Watts. A throughput divided by it is work
  per joule (Tokens/s ÷ W = tokens per joule): **higher is better**.
* SingleStream and MultiStream: the energy per query or per stream in millijoules, as
  published: **lower is better**.

The two are never ranked together, and neither is divided by the number of accelerators: the
power is the whole system's.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.data.schema import ResultRecord
from generator.data.vocabulary import vocabulary
from generator.i18n.catalogs import N_

WATTS = "Watts"
MILLIJOULES = "millijoules"
# The efficiency unit of each throughput unit: a rate per second divided by joules per second.
# The units are translation keys (``formatting.units_label``).
PER_JOULE = {
    "Tokens/s": N_("tokens/J"),
    "Samples/s": N_("samples/J"),
    "Queries/s": N_("queries/J"),
    "Tasks/s": N_("tasks/J"),
}
ENERGY_UNIT = N_("mJ")
# What the published power figure is, as a table heading or an axis title: MLCommons reports
# the energy of one query for SingleStream and of one stream (a query of several samples) for
# MultiStream (``power_measurement.adoc``), the average power for Offline and Server.
POWER_HEADINGS = {
    "SingleStream": N_("Energy per query (mJ)"),
    "MultiStream": N_("Energy per stream (mJ)"),
}
AVERAGE_POWER = N_("Average power (W)")


@dataclass(frozen=True)
class Efficiency:
    """The energy figure of one power result.

    Attributes:
        record: the result, with its power measurement.
        value: work per joule (``units`` tokens/J, samples/J...) for Offline and Server; energy
            per query or stream in millijoules (``units`` mJ) for SingleStream and MultiStream.
        units: ``"tokens/J"``, ``"samples/J"``, ``"queries/J"``, ``"tasks/J"`` or ``"mJ"``.
        higher_is_better: True for work per joule, False for energy per query.
    """

    record: ResultRecord
    value: float
    units: str
    higher_is_better: bool

    @property
    def published_heading(self) -> str:
        """The translation key naming the published power figure: ``Average power (W)``,
        ``Energy per query (mJ)`` (SingleStream) or ``Energy per stream (mJ)`` (MultiStream)."""
        if self.higher_is_better:
            return AVERAGE_POWER
        return POWER_HEADINGS.get(self.record.scenario, POWER_HEADINGS["SingleStream"])


def efficiency(record: ResultRecord) -> Efficiency | None:
    """The energy figure of ``record``, or None when it has no power result.

    A result in Watts is a throughput divided by its average power (``result / power_result``,
    e.g. 41.664 Samples/s at 4,613.6 W is 0.00903 samples/J); a result in millijoules is its
    energy per query, as published.

    Raises:
        ValueError: a power unit that does not fit the result (Watts beside a latency,
            millijoules beside a throughput); ``rules.power_fits_the_result`` refuses such
            records at import and load.
    """
    if record.power_result is None:
        return None
    throughput = vocabulary().is_throughput(record.units)
    if record.power_units == WATTS and throughput:
        return Efficiency(
            record, record.result / record.power_result, PER_JOULE[record.units], True
        )
    if record.power_units == MILLIJOULES and not throughput:
        return Efficiency(record, record.power_result, ENERGY_UNIT, False)
    raise ValueError(f"{record.power_units} does not fit a result in {record.units}")


def ranked(records: list[ResultRecord]) -> list[Efficiency]:
    """The energy figures of ``records`` that have one, closed division first, best first
    within each division (most work per joule, or least energy per query); ties by result ID.

    ``records`` are of one benchmark, so their figures share one unit.
    """
    figures = [e for e in map(efficiency, records) if e is not None]
    return sorted(
        figures,
        key=lambda e: (
            e.record.division != "closed",
            -e.value if e.higher_is_better else e.value,
            e.record.result_id,
        ),
    )
