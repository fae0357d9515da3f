"""The normalized results dataset: one record per published result, validated on every load.

Field names follow MLCommons' own vocabulary (round, division, category, suite, submitter,
system name, model, scenario, result, units...). Each field's title, unit and description are
declared here once; the importer writes them into ``data/datapackage.json`` (a Frictionless Data
Package descriptor) so the committed CSV files are documented for anyone who downloads them.
"""

from __future__ import annotations

import math
import re
from typing import Annotated, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, field_validator, model_validator

from generator.data.numbers import plain_number
from generator.data.vocabulary import BOTH_SUITES, vocabulary

ROUND_PATTERN = r"^v\d+\.\d+$"
# Four digits, more past 9,999 systems (as MLCommons' rule writes them: f"{n:04d}").
RESULT_ID_PATTERN = r"^\d+\.\d+-\d{4,}$"


def round_key(name: str) -> tuple[int, ...]:
    """A round's place in time, for ordering: ``"v6.1"`` -> ``(6, 1)``, so v10.0 follows v9.1."""
    return tuple(int(part) for part in name.removeprefix("v").split("."))


# As MLCommons writes IDs in summary files: "6.0-0001", or "v4.1-0001" in the v4.1 summary.
PUBLISHED_ID_PATTERN = r"^v?\d+\.\d+-\d{4,}$"
# Official result folders are relative paths inside the round's results repository.
LOCATION_PATTERN = r"^(closed|open|network)/\S.*$"
# No MLPerf Inference result has come near this (the largest, v6.1, is 5.7 million Tokens/s); a
# larger value is a unit or parsing mistake, not a record.
MAX_RESULT = 1e10
# The values a field may take, in their order on every surface: read from the vocabulary, their one
# home (``vocabulary.yaml``), so that a division, category, suite or scenario is written once.
DIVISIONS = vocabulary().values("division")
CATEGORIES = vocabulary().values("category")
SUITES = vocabulary().values("suite")
SCENARIOS = vocabulary().values("scenario")


def _field(title: str, description: str, unit: str | None = None, **kwargs):
    extra = {"title": title}
    if unit:
        extra["unit"] = unit
    return Field(description=description, json_schema_extra=extra, **kwargs)


NonEmpty = Annotated[str, Field(min_length=1)]
# Numbers follow one rule wherever they are read (``numbers.plain_number``).
Number = Annotated[float, BeforeValidator(plain_number)]


def canonical_result_id(published: str) -> str:
    """The canonical form of a published result ID: ``"v4.1-0050"`` and ``"4.1-0050"`` are both
    ``"4.1-0050"`` (round 4.1, system number 0050)."""
    return published.strip().removeprefix("v")


class ResultRecord(BaseModel):
    """One MLPerf Inference result (one system, one benchmark, one scenario) of one round."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True, frozen=True)

    round: Annotated[str, Field(pattern=ROUND_PATTERN)] = _field(
        "Round", "MLPerf Inference round (publication), e.g. v6.1."
    )
    result_id: Annotated[str, Field(pattern=RESULT_ID_PATTERN)] = _field(
        "Result ID",
        "MLCommons result ID in canonical form, e.g. 6.1-0073: one ID per system of "
        "a round (suite, division, submitter, platform; plus the used model in the open "
        "division).",
    )
    result_id_published: Annotated[str, Field(pattern=PUBLISHED_ID_PATTERN)] | None = _field(
        "Published result ID",
        "The result ID as MLCommons wrote it in the summary file (the "
        "v4.1 summary writes v4.1-0050 for 4.1-0050); empty when the ID is derived.",
        default=None,
    )
    result_id_derived: bool = _field(
        "Result ID derived",
        "True when the ID was computed by this project with MLCommons' "
        "published rule because the summary file carries none; false when MLCommons published it.",
    )
    division: Literal[DIVISIONS] = _field(  # type: ignore[valid-type]
        "Division", "closed: the reference model and rules, comparable; open: changes allowed."
    )
    category: Literal[CATEGORIES] = _field(  # type: ignore[valid-type]
        "Category",
        "available: can be bought or rented now; preview: to be available within "
        "MLCommons' deadline; rdi: research, development or internal.",
    )
    suite: Literal[SUITES] = _field(  # type: ignore[valid-type]
        "Suite",
        "Datacenter or edge benchmark suite; datacenter,edge for a result MLCommons "
        "published for both, listed in the tables of both.",
    )
    submitter: NonEmpty = _field("Submitter", "Organization that submitted the result.")
    system_name: NonEmpty = _field("System name", "System under test, as named by the submitter.")
    platform: NonEmpty = _field(
        "Platform", "Submitter's identifier of the system under test (its results folder name)."
    )
    model: NonEmpty = _field("Model", "MLPerf benchmark model, canonical spelling.")
    used_model: NonEmpty = _field(
        "Used model", "Model as submitted; differs from the benchmark model in the open division."
    )
    scenario: Literal[SCENARIOS] = _field(  # type: ignore[valid-type]
        "Scenario", "MLPerf LoadGen scenario."
    )
    result: Number = _field(
        "Result", "Performance result in `units`; for latencies lower is better.", unit="see units"
    )
    units: NonEmpty = _field(
        "Units",
        "Unit of `result`: Tokens/s, Samples/s, Queries/s, Tasks/s, Latency (ms) or Latency (s).",
    )
    result_per_accelerator: Number | None = _field(
        "Result per accelerator",
        "result / total_accelerators, for throughputs only; empty for "
        "latencies and for systems without accelerators. Derived by this project, not by MLCommons.",
        unit="see units",
        default=None,
    )
    accuracy: str = _field(
        "Accuracy", "Accuracy metrics reported with the run (free text).", default=""
    )
    nodes: int = _field("Nodes", "Number of nodes of the system under test.", unit="nodes", ge=1)
    accelerator: str | None = _field(
        "Accelerator",
        "Accelerator model name as published; empty for a CPU-only system.",
        default=None,
    )
    accelerator_id: str | None = _field(
        "Accelerator ID",
        "The canonical accelerator of the published name "
        "(generator/data/accelerators.yaml): one ID per hardware part, whatever the spelling; for a "
        "mixed system, the IDs of its parts joined by -and-. Derived by this project.",
        default=None,
    )
    accelerator_variant: str | None = _field(
        "Accelerator variant",
        "What the published name adds to the canonical accelerator: a "
        "power cap, a partition mode, an annotation. Derived by this project.",
        default=None,
    )
    accelerator_mixed: bool = _field(
        "Mixed accelerators",
        "True when the system combines different accelerator models.",
        default=False,
    )
    accelerators_per_node: int | None = _field(
        "Accelerators per node",
        "Accelerators in each node.",
        unit="accelerators",
        default=None,
        ge=1,
    )
    total_accelerators: int | None = _field(
        "Total accelerators",
        "Accelerators in the whole system under test.",
        unit="accelerators",
        default=None,
        ge=1,
    )
    host_processor: str = _field("Host processor", "Host processor model name.", default="")
    host_processors_per_node: int | None = _field(
        "Host processors per node",
        "Host processors in each node.",
        unit="processors",
        default=None,
        ge=0,
    )
    host_processor_core_count: str = _field(
        "Host processor core count",
        "Cores per host processor (free text in MLCommons files).",
        default="",
    )
    framework: str = _field("Framework", "Software stack (free text).", default="")
    operating_system: str = _field("Operating system", "Operating system (free text).", default="")
    weight_data_types: str = _field(
        "Weight data types", "Numeric formats of the weights.", default=""
    )
    power_result: Number | None = _field(
        "Power result",
        "MLPerf Power result, if measured: average system power in Watts "
        "(Offline, Server) or energy per query or stream in millijoules (SingleStream, "
        "MultiStream).",
        unit="see power_units",
        default=None,
    )
    power_units: str | None = _field(
        "Power units", "Unit of `power_result`: Watts or millijoules.", default=None
    )
    inferred: bool = _field(
        "Inferred",
        "MLCommons' inferred flag, as published; its meaning depends on the round's "
        "submission checker: in v5.1 a result computed from another scenario's run; in v6.0 and "
        "v6.1 a result whose scenario is written differently from the one LoadGen ran, as every "
        "Interactive result is; v4.1 flags none.",
        default=False,
    )
    notes: str = _field("Notes", "Submitter's notes (free text).", default="")
    location: Annotated[str, Field(pattern=LOCATION_PATTERN)] = _field(
        "Location", "Official result folder, relative to the round's results repository."
    )

    @field_validator("result")
    @classmethod
    def _finite_positive(cls, value: float) -> float:
        if not math.isfinite(value) or value <= 0:
            raise ValueError(f"expected a positive finite number, got {value!r}")
        if value > MAX_RESULT:
            raise ValueError(
                f"implausibly large result {value!r} (more than {MAX_RESULT:g}); check the units"
            )
        return value

    @field_validator("units")
    @classmethod
    def _known_units(cls, value: str) -> str:
        if value not in vocabulary().units:
            raise ValueError(
                f"unknown units {value!r}; expected one of {', '.join(vocabulary().known('units'))}"
            )
        return value

    @field_validator("power_units")
    @classmethod
    def _known_power_units(cls, value: str | None) -> str | None:
        known = vocabulary().known("power_units")
        if value is not None and value not in known:
            raise ValueError(f"unknown power units {value!r}; expected one of {', '.join(known)}")
        return value

    @field_validator("location")
    @classmethod
    def _no_parent_segments(cls, value: str) -> str:
        if ".." in re.split(r"[\\/]", value):
            raise ValueError("a result location may not contain '..'")
        return value

    @model_validator(mode="after")
    def _derived_fields_agree(self) -> "ResultRecord":
        if (self.power_result is None) != (self.power_units is None):
            raise ValueError("a power result needs its power units, and power units a power result")
        if self.power_result is not None and self.power_result <= 0:
            raise ValueError(f"power_result must be positive, got {self.power_result!r}")
        if (
            self.result_id_published is not None
            and canonical_result_id(self.result_id_published) != self.result_id
        ):
            raise ValueError(
                f"result_id_published {self.result_id_published} is not result_id {self.result_id}"
            )
        if self.result_id_published is not None and self.result_id_derived:
            raise ValueError("a derived result ID has no published spelling")
        if self.result_per_accelerator is not None and not vocabulary().is_throughput(self.units):
            raise ValueError(
                f"result_per_accelerator must be empty for {self.units}: "
                "latencies are never divided by accelerators"
            )
        if vocabulary().is_throughput(self.units) and self.total_accelerators:
            expected = self.result / self.total_accelerators
            if self.result_per_accelerator is None or not math.isclose(
                self.result_per_accelerator, expected, rel_tol=1e-9
            ):
                raise ValueError(
                    f"result_per_accelerator must be result / total_accelerators "
                    f"= {expected!r}, got {self.result_per_accelerator!r}"
                )
        elif self.result_per_accelerator is not None:
            raise ValueError("result_per_accelerator must be empty without total_accelerators")
        if (
            self.total_accelerators
            and self.accelerators_per_node
            and self.total_accelerators != self.nodes * self.accelerators_per_node
        ):
            raise ValueError(
                f"total_accelerators {self.total_accelerators} is not nodes × "
                f"accelerators_per_node = {self.nodes} × "
                f"{self.accelerators_per_node}"
            )
        return self

    @property
    def higher_is_better(self) -> bool:
        """True for throughputs, False for latencies."""
        return vocabulary().is_throughput(self.units)

    @property
    def suites(self) -> tuple[str, ...]:
        """The suites whose tables list this result: ``("datacenter", "edge")`` for a result
        published for both."""
        return tuple(self.suite.split(",")) if self.suite == BOTH_SUITES else (self.suite,)

    @property
    def shown_id(self) -> str:
        """The result ID as readers find it in MLCommons' publication: the published spelling
        where there is one (``v4.1-0050``), else the canonical ID."""
        return self.result_id_published or self.result_id


FIELDS = list(ResultRecord.model_fields)


def field_descriptors() -> list[dict]:
    """Frictionless Table Schema field descriptors for :class:`ResultRecord`, in column order.

    Returns:
        a list of ``{"name", "type", "title", "description", ["unit"]}`` dicts.
    """
    schema = ResultRecord.model_json_schema()["properties"]
    descriptors = []
    for name in FIELDS:
        prop = schema[name]
        kinds = {p.get("type") for p in prop.get("anyOf", [prop])} - {"null"}
        kind = {"number": "number", "integer": "integer", "boolean": "boolean"}.get(
            next(iter(kinds), "string"), "string"
        )
        descriptor = {
            "name": name,
            "type": kind,
            "title": prop["title"],
            "description": prop["description"],
        }
        if "unit" in prop:
            descriptor["unit"] = prop["unit"]
        descriptors.append(descriptor)
    return descriptors
