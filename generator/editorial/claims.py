"""The claims registry: every figure an article quotes, with its sources and, where the
dataset can give it, the derivation that computes it.

``data/claims.yaml`` holds ``sources`` (publisher, title, date, URL, referenced by id) and
``claims``. A claim is one of two kinds:

* **computed** -- it has a ``derivation``: a formula over results of the dataset, each selected
  by its permanent identity (``Selector``: round, model, scenario, result ID). Its figure,
  unit, precision, status flag (verified, preview, derived, disputed) and scope (round,
  benchmark, scenario, submitter, system... of the footnote and the Verification page) are
  computed from the results it selects (``recomputation.figure``); the editor types none of
  them. An editor may write ``stated:``, the figure rounded as the article states it (``2.5``,
  ``74 %``): ``check`` verifies it against the computation at the stated precision, never the
  reverse, and the page shows the computation at that precision. With ``quote:`` (the words of
  a source that published the stated figure) a stated figure the data contradict is shown as
  disputed; without it, it is refused.
* **quoted** -- no derivation: a figure the dataset cannot give (a company's, an analyst's, a
  vendor's specification through ``spec``). It types ``value``, ``unit``, ``status``
  (``QUOTED_STATUSES``: vendor, third-party, unverified) and ``measures`` (what it says it
  measures, in the editor's words), and may never carry the flags of a figure from the data
  (✔ verified, ◔ preview, ∑ derived).

Precision: a computed figure is shown at the page's precision (``precision.shown_decimals``)
or at the decimals of ``stated``; a ratio or percentage stated with fewer than two significant
figures needs ``rounding:`` saying why (``claim_checks.precision_problem``); a percentage is
written in percent (``96.9 %``).
"""

from __future__ import annotations

import datetime as dt
import difflib
import math
import re
from pathlib import Path
from typing import Annotated, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    PrivateAttr,
    ValidationError,
    field_validator,
    model_validator,
)

from generator.data import editor_yaml, identity
from generator.data.editor_yaml import DATE_HINT, key_lines, line_of, value_texts
from generator.data.schema import SCENARIOS, ResultRecord, canonical_result_id
from generator.data.vocabulary import vocabulary
from generator.editorial.guidelines import DIFFERENCE_FIELDS
from generator.editorial.precision import (
    PERCENT_TEXT,
    decimals,
    number_text,
    significant_figures,
    states,
    written_number,
)
from generator.errors import InputError, InputErrors
from generator.i18n.languages import LANGUAGES
from generator.i18n.trademark import mark
from generator.model import power, specs

# Status taxonomy. "verified" and "preview" follow MLCommons' categories (available, preview);
# "vendor" is MLCommons' "result not verified by MLCommons Association".
STATUSES = ("verified", "preview", "derived", "vendor", "third-party", "unverified", "disputed")
# The statuses computed from a derivation (never typed), and those an editor types for a
# figure the dataset cannot give.
COMPUTED_STATUSES = ("verified", "preview", "derived", "disputed")
TYPED_STATUSES = ("vendor", "third-party", "unverified")
FORMULAS = (
    "result",
    "accelerators",
    "per_accelerator",
    "ratio",
    "sum",
    "scaling_efficiency",
    "efficiency",
)
# What ``ratio`` divides: the results, the results per accelerator, or the energy figures.
RATIO_OF = ("result", "per_accelerator", "efficiency")
# Units a claim may have besides the MLPerf result units of vocabulary.yaml: a multiple, a
# fraction shown as a percentage, counts, and energy efficiency as companies report it.
CLAIM_UNITS = (
    "x",
    "%",
    "accelerators",
    "submitters",
    "results",
    "tokens/s/MW",
    *power.PER_JOULE.values(),
    power.ENERGY_UNIT,
    *dict.fromkeys(f.unit for f in specs.FIELDS if f.unit),
)
DEFAULT_TOLERANCE = 0.005  # relative: 0.5 %, a vendor's rounding of a card's specification
# Figures quoted from others keep their authors' rounding; the rest are ours.
QUOTED_STATUSES = ("vendor", "third-party", "disputed")
# The fields a computed claim never types, and what ``check`` says instead of each.
COMPUTED_FIELDS = {
    "value": "the figure is computed from the results the derivation selects; to state it "
    "rounded as the article does, write `stated: 2.5` (or `stated: 74 %`)",
    "unit": "the unit is the derivation's (a ratio is a multiple, shown as a percentage below "
    "1.1 or when `stated` is written with %)",
    "status": "the flag comes from the selected results (verified: an available result quoted "
    "as published; preview: a preview result among them; derived: computed from available "
    "results; disputed: a quoted source states a figure the data contradict)",
    "measures": "what the figure measures (round, benchmark, scenario, submitter, system) is "
    "read from the selected results",
}

Id = Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9.-]*$")]


def _stated_text(value: object) -> object:
    """``stated`` as text: a number as YAML read it (``2.5``), or a percentage (``"74 %"``).

    Raises:
        ValueError: no number, or not a finite one (with the forms to write).
    """
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise ValueError(f"stated {value!r} is not a number: write 2.5 (a multiple) or 74 %")
    text = repr(value) if not isinstance(value, str) else value.strip()
    found = PERCENT_TEXT.match(text)
    number = found.group(1) if found else written_number(text)
    if not math.isfinite(float(str(number).replace("_", ""))):
        raise ValueError("stated must be a finite number")
    return f"{number_text(text)} %" if found else number_text(text)


def _marked_labels(labels: dict[str, str]) -> dict[str, str]:
    return {code: mark(text) for code, text in labels.items()}


class Source(BaseModel):
    """Where a figure was published, named in one of two ways: ``title``, the title its
    publisher gave it (an article's headline), quoted as published in every language; or
    ``label``, a description this site writes (``MLPerf Inference v6.1 results``), with a
    text for every language of the site (``{en: ..., zh: ..., it: ...}``), so that no
    site-written English reaches a zh or it page. Exactly one of the two."""

    model_config = ConfigDict(extra="forbid")
    publisher: str = Field(min_length=1)
    title: Annotated[str, Field(min_length=1), AfterValidator(mark)] | None = None  # with its ®
    label: (
        Annotated[dict[str, Annotated[str, Field(min_length=1)]], AfterValidator(_marked_labels)]
        | None
    ) = None
    date: dt.date
    url: str

    @field_validator("url")
    @classmethod
    def _https(cls, url: str) -> str:
        if url.startswith("http://"):
            raise ValueError(
                f"{url!r} is http://: a source over http can be altered on its way "
                "to the reader; write https:// (https-only)"
            )
        if not re.match(r"^https://\S+$", url):
            raise ValueError(f"{url!r} is not an address: write https://… with no spaces")
        return url

    @model_validator(mode="after")
    def _one_name(self) -> "Source":
        if (self.title is None) == (self.label is None):
            raise ValueError(
                "give either 'title' (the source's own title, as published) or "
                "'label' (this site's description, one text per language), "
                "exactly one"
            )
        if self.label is not None:
            missing = [lang.code for lang in LANGUAGES if lang.code not in self.label]
            unknown = sorted(set(self.label) - {lang.code for lang in LANGUAGES})
            if missing or unknown:
                raise ValueError(
                    "'label' needs one text per language of the site ("
                    + ", ".join(lang.code for lang in LANGUAGES)
                    + ")"
                    + (f"; missing: {', '.join(missing)}" if missing else "")
                    + (f"; unknown: {', '.join(unknown)}" if unknown else "")
                )
        return self

    def name(self, code: str) -> str:
        """What a page in the language ``code`` calls the source: its published title, or this
        site's label in that language."""
        return self.title if self.title is not None else self.label[code]


class Selector(BaseModel):
    """One result of the dataset by its permanent identity (``generator/data/identity.py``):
    round, benchmark model, scenario and result ID (``6.1-0027``, or as published:
    ``v4.1-0050``). Names are not selectors: a corrected system name, platform or submitter
    leaves the claim on its result, and a withdrawn result is reported as withdrawn.

    An ID this project derived keeps its meaning after MLCommons publishes the round's official
    IDs: ``load_registry`` rebinds it to the official ID of the same system through
    ``data/ids/<round>.csv`` (``resolved_id``), and ``check`` says so. ``official: true`` says
    that ``result_id`` is MLCommons' official ID as published, written after the publication:
    needed only where its text was also the derived ID of another system.
    """

    model_config = ConfigDict(extra="forbid")
    round: str
    model: str
    # One of the vocabulary's scenarios (schema.SCENARIOS), their one home: a misspelt one is
    # refused with its line rather than matching no result.
    scenario: Literal[SCENARIOS]  # type: ignore[valid-type]
    result_id: str = Field(pattern=r"^v?\d+\.\d+-\d{4,}$")
    official: bool = False
    # The official ID the written derived ID was rebound to ("" when its result was withdrawn
    # before the publication, so that it names no result), set by load_registry; None when the
    # ID is read as written.
    _meant: str | None = PrivateAttr(default=None)

    @property
    def resolved_id(self) -> str:
        """The canonical ID of the result this selector means: the written one, or the
        official ID a derived one was rebound to (the written one when that result was
        withdrawn: it is then found among the withdrawn only, ``gone``)."""
        return self._meant or canonical_result_id(self.result_id)

    @property
    def gone(self) -> bool:
        """The written ID was derived for a result withdrawn before MLCommons published the
        round's IDs: no live record is that result, whatever carries its number now."""
        return self._meant == ""

    def matches(self, record: ResultRecord) -> bool:
        """True when ``record`` is this result (an ID matches in either of its forms)."""
        return (
            record.round == self.round
            and record.model == self.model
            and record.scenario == self.scenario
            and record.result_id == self.resolved_id
        )

    def describe(self) -> str:
        said = ", ".join(
            f"{k}={v}" for k, v in self.model_dump(exclude_none=True, exclude_defaults=True).items()
        )
        return said + (f" (rebound to {self._meant})" if self._meant else "")


class SpecReference(BaseModel):
    """The value of an accelerator card (``data/accelerator_specs.yaml``) that a claim quotes:
    the canonical ``accelerator`` id and the card's ``field`` (``memory``, ``power``...).
    ``check`` compares the claim with the card (``claim_checks.spec_problem``)."""

    model_config = ConfigDict(extra="forbid")
    accelerator: str = Field(min_length=1)
    field: Literal[tuple(f.name for f in specs.FIELDS if f.unit)]  # type: ignore[valid-type]


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
    # What a comparison (ratio, scaling_efficiency) states differs between its two results, as
    # MLCommons' guidelines require (editorial/guidelines.py; `check` derives and compares them).
    differences: list[Literal[tuple(DIFFERENCE_FIELDS)]] = []  # type: ignore[valid-type]

    @property
    def label(self) -> str:
        """What the formula computes, as a key of ``verification.FORMULA_LABELS``."""
        return f"ratio of {self.of}" if self.formula == "ratio" else self.formula

    @model_validator(mode="after")
    def _arity(self) -> "Derivation":
        if self.of != "result" and self.formula != "ratio":
            raise ValueError(f"'of' applies to formula 'ratio' only, not '{self.formula}'")
        needed = {
            "result": 1,
            "accelerators": 1,
            "per_accelerator": 1,
            "ratio": 2,
            "scaling_efficiency": 2,
            "efficiency": 1,
        }
        if self.formula in needed and len(self.results) != needed[self.formula]:
            raise ValueError(
                f"formula '{self.formula}' takes {needed[self.formula]} result(s), "
                f"got {len(self.results)}"
            )
        return self


class Preview(BaseModel):
    """Follow-up of a preview result: when the product should be available (MLCommons' preview
    rule: by the next round, or the first round after 140 days if later) and what happened -- ``confirmed``, the date the
    product became available, or ``retracted``, the date the result was withdrawn; at most one.
    """

    model_config = ConfigDict(extra="forbid")
    available_by: dt.date
    confirmed: dt.date | None = None
    # The round that first showed the product available: pages say "first seen as available
    # in v5.1, published on ..." and never date the product's availability itself, which the
    # results cannot tell (``confirmed`` is then that round's publication date).
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
        return (
            "seen"
            if self.confirmed_in
            else "confirmed"
            if self.confirmed
            else "retracted"
            if self.retracted
            else "open"
        )

    def overdue(self, today: dt.date) -> bool:
        """True when ``available_by`` is before ``today`` and no outcome is recorded."""
        return self.phase == "open" and self.available_by < today


class Quote(BaseModel):
    """The words of a source stating a figure (``text``, quoted exactly), for a claim that
    quotes others: a ``disputed`` claim must show who stated the figure it disputes."""

    model_config = ConfigDict(extra="forbid")
    source: str = Field(min_length=1)
    text: str = Field(min_length=1)


class Claim(BaseModel):
    """One figure quoted by articles: computed (with ``derivation``) or quoted (without; see
    the module docstring).

    A computed claim may write ``stated`` (the figure as the article rounds it) and never
    ``value``, ``unit``, ``status`` or ``measures`` (``COMPUTED_FIELDS``); a quoted claim writes
    ``value`` (a multiple as ``2.6`` with unit ``x``, a percentage as ``96.9 %``), ``unit``,
    ``status`` (``TYPED_STATUSES``) and ``measures``. ``rounding`` says why a ratio or
    percentage of ours is stated with fewer than two significant figures; ``quote`` holds the
    words of the source that states the figure (a computed claim's ``stated``); ``preview``
    follows a preview result's product (a computed claim whose results include one).
    """

    model_config = ConfigDict(extra="forbid")
    value: Annotated[float, BeforeValidator(written_number)] | None = None
    # As written: "2.5", "74 %" (kept as text: a percent sign says the unit).
    stated: Annotated[str, BeforeValidator(_stated_text)] | None = None
    unit: str | None = Field(default=None, min_length=1)
    status: Literal[TYPED_STATUSES] | None = None  # type: ignore[valid-type]
    measures: dict[str, str | int | float] | None = Field(default=None, min_length=1)
    sources: list[str] = Field(min_length=1)
    derivation: Derivation | None = None
    # A vendor's specification the claim quotes, from the accelerator cards (status vendor).
    spec: SpecReference | None = None
    preview: Preview | None = None
    quote: Quote | None = None
    rounding: str | None = Field(default=None, min_length=1)
    note: str | None = None
    # The figure as written in claims.yaml ("2.50"), set by load_registry: its decimals are the
    # stated precision.
    _written: str | None = PrivateAttr(default=None)

    @model_validator(mode="before")
    @classmethod
    def _percent_text(cls, raw):
        """``value: 96.9 %`` is the percentage 96.9 (unit ``%``, which may then be omitted);
        ``stated: 74 %`` states a computed figure in percent. A computed claim typing a field
        the data give is refused here, with what to write instead (``COMPUTED_FIELDS``)."""
        if not isinstance(raw, dict):
            return raw
        if raw.get("derivation") is not None:
            typed = [name for name in COMPUTED_FIELDS if name in raw]
            if typed:
                if raw.get("status") in ("vendor", "third-party", "unverified"):
                    raise ValueError(
                        f"status '{raw['status']}' is for a figure the dataset cannot give, "
                        "but this claim has a derivation: a figure computed from MLCommons "
                        "results is flagged from them; remove status (and value, unit, "
                        "measures), or remove the derivation if the figure is the source's own"
                    )
                raise ValueError(
                    "a claim with a derivation does not type "
                    + ", ".join(f"'{n}'" for n in typed)
                    + ": "
                    + "; ".join(COMPUTED_FIELDS[n] for n in typed)
                    + ". Remove "
                    + ("it" if len(typed) == 1 else "them")
                )
        if isinstance(raw.get("value"), str):
            found = PERCENT_TEXT.match(raw["value"])
            if found:
                if raw.get("unit", "%") != "%":
                    raise ValueError(
                        f"value {raw['value']!r} is a percentage but unit is "
                        f"{raw['unit']!r}: write unit '%' or drop the % sign"
                    )
                raw = {**raw, "value": float(found.group(1).replace("_", "")), "unit": "%"}
        return raw

    @property
    def computed(self) -> bool:
        """True for a claim whose figure the dataset gives (it has a derivation)."""
        return self.derivation is not None

    @property
    def figure_typed(self) -> float | None:
        """The figure the editor wrote, as a number: ``stated`` of a computed claim (``74``
        for ``74 %``), ``value`` of a quoted one (None for a computed claim without
        ``stated``)."""
        if self.computed:
            return None if self.stated is None else float(number_text(self.stated))
        return self.value

    @property
    def stated_percent(self) -> bool:
        """``stated`` was written as a percentage (``74 %``)."""
        return self.stated is not None and "%" in self.stated

    @property
    def written(self) -> str:
        """The number as written in ``claims.yaml`` (``"2.50"``, ``"96.9"`` for ``96.9 %``);
        without the file's text, the shortest form of the number; "" when none is written."""
        figure = self.figure_typed
        if figure is None:
            return ""
        if self.computed and self._written is None:
            return number_text(self.stated)
        return number_text(self._written or repr(figure))

    @property
    def stated_decimals(self) -> int:
        """Decimals of the figure as written in ``claims.yaml`` (``2.50`` -> 2, ``512`` -> 0)."""
        return decimals(self.written)

    @property
    def significant_figures(self) -> int:
        """Significant figures of the value as written (``3`` -> 1, ``2.6`` -> 2, ``0.04`` ->
        1, ``96.9`` -> 3, ``2.50`` -> 3; an integer's trailing zeros count: ``10`` -> 2)."""
        return significant_figures(self.written)

    def quote_states_value(self) -> bool:
        """True when ``quote.text`` contains the stated figure (``"up to 2.5x"`` for 2.5)."""
        return (
            self.quote is not None and bool(self.written) and states(self.quote.text, self.written)
        )

    @model_validator(mode="after")
    def _kind_rules(self) -> "Claim":
        if self.spec is not None and self.derivation is not None:
            raise ValueError(
                "a claim quoting a card's specification has no derivation: it is the "
                "vendor's figure, not an MLPerf result"
            )
        if self.derivation is not None:
            if self.quote is not None and self.stated is None:
                raise ValueError(
                    "a quote gives a source's figure: write it as `stated:` (the figure "
                    "the quoted words give)"
                )
            return self
        missing = [n for n in ("value", "unit", "status", "measures") if getattr(self, n) is None]
        if self.stated is not None:
            raise ValueError(
                "'stated' is the rounded figure of a computed claim: a claim without a "
                "derivation writes its source's figure as `value:`"
            )
        if self.preview is not None:
            raise ValueError(
                "'preview' follows a preview result of the dataset: a claim without a "
                "derivation quotes no result"
            )
        if missing:
            raise ValueError(
                "a claim without a derivation quotes a figure the dataset cannot give, and "
                "must say it: missing "
                + ", ".join(f"'{n}'" for n in missing)
                + " (status: vendor, third-party or unverified); if the results give the "
                "figure, add a derivation instead"
            )
        if self.spec is not None and self.status != "vendor":
            raise ValueError(
                "a claim quoting a card's specification has status 'vendor': it is the "
                "vendor's figure, not an MLPerf result"
            )
        if not math.isfinite(self.value):
            raise ValueError("value must be a finite number")
        return self

    @field_validator("status", mode="before")
    @classmethod
    def _typed_status(cls, status):
        if status in ("verified", "derived", "preview", "disputed"):
            raise ValueError(
                f"status '{status}' is never typed: it is computed from the results a "
                "derivation selects, and a figure without one can never carry ✔ verified, "
                "◔ preview or ∑ derived. If the dataset gives this figure, add a derivation "
                "(formula and results) and remove status, value, unit and measures; "
                "otherwise give the status of its source: vendor, third-party or unverified"
            )
        return status

    @field_validator("unit")
    @classmethod
    def _known_unit(cls, unit: str | None) -> str | None:
        units = (*vocabulary().units, *CLAIM_UNITS)
        if unit is not None and unit not in units:
            raise ValueError(f"unknown unit {unit!r}; expected one of {', '.join(units)}")
        return unit


class Registry(BaseModel):
    """The whole ``claims.yaml``."""

    model_config = ConfigDict(extra="forbid")
    sources: dict[Id, Source]
    claims: dict[Id, Claim]
    # check's notes on the selectors load_registry rebound (``rebind``), one per selector.
    _rebound: list[str] = PrivateAttr(default_factory=list)

    @property
    def rebound(self) -> list[str]:
        """What ``rebind`` said: each selector whose derived ID now reads as another ID."""
        return list(self._rebound)

    def unknown(self, claim_id: str) -> str:
        """What an article is told of a reference to ``claim_id``, a claim not in the registry:
        where claims live, and up to three ids it may have meant (``difflib``'s ratio ≥ 0.6,
        which takes one typo in an id of ten letters)."""
        near = difflib.get_close_matches(claim_id, list(self.claims), n=3, cutoff=0.6)
        hint = f"; did you mean {' or '.join(repr(n) for n in near)}?" if near else ""
        return f"unknown claim '{claim_id}': add it to data/claims.yaml or fix the id{hint}"


def load_registry(path: Path) -> Registry:
    """Read and validate ``claims.yaml`` (YAML safe loader).

    Raises:
        InputErrors: what ``editor_yaml.read`` refuses (duplicate ids and keys, impossible
            dates); every schema problem as ``data/claims.yaml: line N: field
            'claims.x.status': ...``; sources referenced but not defined; a ``disputed`` quote
            that does not state the figure.
    """
    text = path.read_text(encoding="utf-8")
    raw = editor_yaml.read(path, text)
    lines = key_lines(text)
    try:
        registry = Registry.model_validate(raw)
    except ValidationError as exc:
        errors = []
        for problem in exc.errors():
            loc = [str(p) for p in problem["loc"]]
            message = problem["msg"]
            if problem["type"].startswith(("date", "datetime")):
                message = f"{problem['input']!r} is not a date: {DATE_HINT}"
            errors.append(InputError(path, line_of(lines, loc), ".".join(loc), message))
        raise InputErrors(errors) from None
    errors = [
        InputError(
            path,
            line_of(lines, ["claims", claim_id]),
            f"claims.{claim_id}.sources",
            f"unknown source '{source}'; define it under 'sources'",
        )
        for claim_id, claim in registry.claims.items()
        for source in claim.sources
        if source not in registry.sources
    ]
    errors += [
        InputError(
            path,
            line_of(lines, ["claims", claim_id, "sources"]),
            f"claims.{claim_id}.sources",
            f"a {claim.status} figure is sourced to MLCommons "
            f"('{claim.sources[0]}'), which publishes results, not this figure: "
            "list first the publication of whoever stated it (the flag's tooltip "
            "names the first source); a figure MLCommons published is a "
            "verified, preview or derived claim with a derivation",
        )
        for claim_id, claim in registry.claims.items()
        if claim.status in ("vendor", "third-party")
        and claim.sources
        and (first := registry.sources.get(claim.sources[0])) is not None
        and first.publisher == "MLCommons"
    ]
    for claim_id, text in value_texts(text).items():
        if claim_id in registry.claims:
            registry.claims[claim_id]._written = text
    for claim_id, claim in registry.claims.items():
        if claim.quote is not None:
            where = line_of(lines, ["claims", claim_id, "quote"])
            errors += [
                InputError(path, where, f"claims.{claim_id}.quote", problem)
                for problem in _quote_problems(claim, registry.sources)
            ]
    errors += rebind(registry, path, lines)
    if errors:
        raise InputErrors(errors)
    return registry


def registry_in(data_dir: Path) -> Registry:
    """``load_registry`` of ``data_dir/claims.yaml``; for ``files.load_unless_unchanged`` over
    ``data_dir``, so that a process that keeps the registry (the editor's preview) reads it
    again when an import writes the ``ids`` tables its selectors are rebound by, not only when
    ``claims.yaml`` changes."""
    return load_registry(Path(data_dir) / "claims.yaml")


def rebind(registry: Registry, path: Path, lines) -> list[InputError]:
    """Bind each selector to the result its ID meant when written: a derived ID of a round
    whose official IDs MLCommons has since published (``identity.Superseded``, from the
    ``ids`` folder beside ``claims.yaml``) is read as the official ID of the same system, and
    ``registry.rebound`` says so, with the ID to write; never as the system that carries the
    same text as its official ID now.

    Returns:
        the errors of ``official: true`` written where no official ID was published.
    """
    superseded = identity.Superseded.read(path.parent)
    errors = []
    for claim_id, claim in registry.claims.items():
        rebound: dict[str, str] = {}  # derived ID -> official, of this claim's selectors
        for n, selector in enumerate(claim.derivation.results if claim.derivation else []):
            field = f"claims.{claim_id}.derivation.results.{n}"
            where = line_of(lines, ["claims", claim_id, "derivation", "results"])
            table = identity.ids_table(path.parent, selector.round)
            if selector.official:
                if selector.round not in superseded.tables:
                    errors.append(
                        InputError(
                            path,
                            where,
                            f"{field}.official",
                            f"official: true, but this project never derived the IDs of "
                            f"{selector.round} or MLCommons has not published them ({table} "
                            "does not exist): remove official",
                        )
                    )
                continue
            row = superseded.row(selector.round, selector.result_id)
            if row is None:
                continue
            selector._meant = row["official"]
            written = row["derived"]
            rebound[written] = row["official"]
            now = superseded.carried_by(selector.round, written)
            was = (
                f"{path}: {where}: field '{field}.result_id': {written} was the derived ID "
                f"of {row['submitter']} {row['system_name']} until MLCommons published the "
                f"official IDs of {selector.round} ({table})"
            )
            if not row["official"]:
                registry._rebound.append(
                    f"{was}; that result was withdrawn and has no official ID"
                    + (
                        f" ({written} is now {now['submitter']} {now['system_name']})"
                        if now
                        else ""
                    )
                    + ": the claim quotes no result; quote another"
                )
                continue
            ambiguous = superseded.row(selector.round, row["official"]) is not None
            registry._rebound.append(
                f"{was}; claim '{claim_id}' still quotes that system, whose official ID is "
                f"{row['official']}"
                + (f" ({written} is now {now['submitter']} {now['system_name']})" if now else "")
                + f": write result_id: {row['official']}"
                + (
                    f", official: true (as {row['official']} was also a derived ID)"
                    if ambiguous
                    else ""
                )
            )
        # The result ID a claim's "measures" types is shown on the claims pages: it follows
        # the selector it names; one naming no selector is for the editor to write again.
        if not claim.measures:  # a computed claim's scope is read from the results it selects
            continue
        typed = str(claim.measures.get("result_id", ""))
        round_name = str(claim.measures.get("round", ""))
        row = superseded.row(round_name, typed) if typed else None
        if row is None:
            continue
        if rebound.get(row["derived"]):
            claim.measures["result_id"] = rebound[row["derived"]]
        elif row["derived"] not in rebound:
            registry._rebound.append(
                f"{path}: {line_of(lines, ['claims', claim_id, 'measures'])}: field "
                f"'claims.{claim_id}.measures.result_id': {typed} was the derived ID of "
                f"{row['submitter']} {row['system_name']} until MLCommons published the official "
                f"IDs of {round_name} ({identity.ids_table(path.parent, round_name)}), and no "
                "selector of the claim names it: write the official ID of the result the claim "
                f"measures ({row['official'] or 'none: that result was withdrawn'})"
            )
    return errors


def _quote_problems(claim: Claim, sources: dict[str, Source]) -> list[str]:
    """What is wrong with a claim's ``quote``: its source must be one of the claim's, not the
    MLCommons results (a figure of our own, off the data, is wrong, not disputed), and its
    text must state the figure as ``value`` gives it."""
    source = sources.get(claim.quote.source)
    if claim.quote.source not in claim.sources or source is None:
        return [
            f"quote.source '{claim.quote.source}' must be one of the claim's sources "
            f"({', '.join(claim.sources)})"
        ]
    if source.publisher == "MLCommons":
        return [
            "a quote must come from whoever stated the figure, not from the MLCommons "
            "results: a figure of ours that differs from the data is corrected, not "
            "disputed"
        ]
    if not claim.quote_states_value():
        return [
            f"the quoted text {claim.quote.text!r} does not state {claim.written}: quote "
            "the words that give the figure"
        ]
    return []
