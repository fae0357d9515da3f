"""Accelerator cards: each canonical accelerator's specifications as its vendor states them,
every value with its source, and the figures this site derives from them and MLPerf results.

Two files under ``data/``, one home each:

- ``accelerator_specs.yaml`` (editors write it; read strictly, ``editor_yaml.read``): the
  sources (vendor datasheets: publisher, title, URL, retrieval date), and per canonical
  accelerator of ``generator/data/accelerators.yaml`` its ``epoch`` row name -- the reviewed
  name map to Epoch AI's dataset, never a fuzzy match -- the Epoch fields it does not take
  (``epoch_skip``, each with its reason) and the values Epoch lacks, each citing a source.
- ``accelerator_specs_epoch.yaml`` (written by ``python -m generator specs-seed``, never by
  hand): the values of the mapped rows of Epoch AI's "Data on Machine Learning Hardware"
  (``../shared/data/specs/epoch_ml_hardware.csv``, CC BY 4.0), converted from SI base units to
  the card's units (:data:`FIELDS`), with each row's name, datasheet link and modification date.

A value lives in one file: a field the Epoch row gives is not written again in the registry
(``check`` refuses it) unless ``epoch_skip`` sets the row's value aside. A value nobody
publishes is absent, never estimated. Every figure is a vendor figure (or Epoch's compilation of
vendor figures), not an MLCommons result; :func:`derived_figures` relates the two, marked as
derived by this site (MLCommons' results messaging guidelines).
"""

from __future__ import annotations

import csv
import datetime as dt
import math
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from generator.data import accelerators, editor_yaml
from generator.data.schema import ResultRecord, round_key
from generator.errors import InputError, InputErrors
from generator.i18n.catalogs import N_
from generator.i18n.languages import LANGUAGES
from generator.model.qualifiers import per_accelerator
from generator.project import ROOT

REGISTRY_FILE = ROOT / "data" / "accelerator_specs.yaml"
SEED_FILE = ROOT / "data" / "accelerator_specs_epoch.yaml"
EPOCH_CSV = ROOT.parent / "shared" / "data" / "specs" / "epoch_ml_hardware.csv"

# Epoch AI's dataset as this repository reads it (../shared/data/specs/README.md): the copy
# republished unchanged in joshyou/clod at commit 2af7774 of 2025-12-24.
EPOCH = {
    "publisher": "Epoch AI",
    "title": "Data on Machine Learning Hardware",
    "url": "https://epoch.ai/data/machine-learning-hardware",
    "licence": "CC BY 4.0",
    "licence_url": "https://creativecommons.org/licenses/by/4.0/",
    "retrieved": dt.date(2025, 12, 24),
}


@dataclass(frozen=True)
class Field:
    """One specification of a card.

    Attributes:
        name: its key in the YAML files and downloads, e.g. ``"memory_bandwidth"``.
        unit: the one unit its values are written in (``None`` for text and dates); a value
            written in another unit is refused, never converted.
        epoch_column: the column of Epoch's CSV that gives it, or ``None``.
        epoch_scale: what Epoch's SI base value is divided by to give ``unit`` (bytes -> GB:
            1e9; byte/s -> TB/s: 1e12; FLOP/s -> TFLOPS: 1e12).
        compute: a peak compute rate, which states whether it counts sparsity.
        upper: the largest plausible value in ``unit`` (a typo such as 2880 GB fails ``check``).
        label: its name on a page, a translation key.
    """

    name: str
    unit: str | None
    epoch_column: str | None = None
    epoch_scale: float = 1.0
    compute: bool = False
    upper: float | None = None
    label: str = ""


FIELDS = (
    Field("release_date", None, "Release date", label=N_("Release date")),
    Field("form_factor", None, label=N_("Form factor")),
    Field("memory", "GB", "Memory (bytes)", 1e9, upper=4000, label=N_("Memory")),
    Field("memory_type", None, label=N_("Memory type")),
    Field(
        "memory_bandwidth",
        "TB/s",
        "Memory bandwidth (byte/s)",
        1e12,
        upper=100,
        label=N_("Memory bandwidth"),
    ),
    Field("power", "W", "TDP (W)", 1, upper=5000, label=N_("Rated power (TDP)")),
    Field(
        "fp16",
        "TFLOPS",
        "Tensor-FP16/BF16 performance (FLOP/s)",
        1e12,
        True,
        200_000,
        N_("FP16/BF16 compute"),
    ),
    Field("fp8", "TFLOPS", "FP8 performance (FLOP/s)", 1e12, True, 200_000, N_("FP8 compute")),
    Field("fp4", "TFLOPS", "FP4 performance (FLOP/s)", 1e12, True, 400_000, N_("FP4 compute")),
    Field("int8", "TOPS", "INT8 performance (OP/s)", 1e12, True, 200_000, N_("INT8 compute")),
    Field(
        "interconnect",
        "GB/s",
        "Intranode bandwidth (byte/s)",
        1e9,
        upper=20_000,
        label=N_("Accelerator interconnect"),
    ),
)
BY_NAME = {f.name: f for f in FIELDS}
# A source's id is written as an accelerator's id is: one pattern (accelerators.ID).
SOURCE_ID = accelerators.ID


@dataclass(frozen=True)
class Source:
    """Where values come from: ``publisher`` (the vendor, or Epoch AI), ``title``, ``url``
    (https), ``retrieved`` (the date it was read); for an Epoch row, the row's name (``row``),
    its own datasheet link (``datasheet``, may be empty) and its modification date."""

    id: str
    publisher: str
    title: str
    url: str
    retrieved: dt.date
    row: str | None = None
    datasheet: str | None = None
    modified: str | None = None

    @property
    def is_epoch(self) -> bool:
        return self.row is not None


@dataclass(frozen=True)
class Value:
    """One value of a card: ``value`` (a number in its field's unit, a date or a text),
    ``source`` and, for a compute rate, ``sparsity`` (True: the vendor's figure counts 2:4
    structured sparsity; False: dense) and ``note``: what kind of figure it is when its
    source says more than the field's name (e.g. a TGP configured for one submission, not a
    datasheet TDP), ``{language code: text}`` in every language of the site, or None."""

    field: Field
    value: float | str | dt.date
    source: Source
    sparsity: bool | None = None
    note: dict[str, str] | None = None


@dataclass(frozen=True)
class Card:
    """The specifications of one canonical accelerator, ``{field name: Value}`` in
    :data:`FIELDS` order, with its ``epoch`` row name (``None`` when Epoch has no row) and
    ``per``: what one accelerator is (``"GPU"``: GB200 and GB300 values are per GPU, not per
    superchip of two GPUs) and ``note``: what a reader needs to know of the whole card,
    ``{language code: text}`` in every language of the site, or None."""

    accelerator_id: str
    values: dict[str, Value]
    epoch: str | None = None
    per: str | None = None
    note: dict[str, str] | None = None

    def get(self, name: str) -> float | str | dt.date | None:
        """The value of field ``name``, or None when no source publishes it."""
        value = self.values.get(name)
        return None if value is None else value.value

    @property
    def sources(self) -> list[Source]:
        """Every source its values cite, once each, Epoch's rows last."""
        found = {v.source.id: v.source for v in self.values.values()}
        return sorted(found.values(), key=lambda s: (s.is_epoch, s.id))

    @property
    def uses_epoch(self) -> bool:
        return any(v.source.is_epoch for v in self.values.values())


def _epoch_source(row: str, datasheet: str | None, modified: str | None) -> Source:
    return Source(
        f"epoch:{row}",
        EPOCH["publisher"],
        EPOCH["title"],
        EPOCH["url"],
        EPOCH["retrieved"],
        row=row,
        datasheet=datasheet or None,
        modified=modified,
    )


# --- the Epoch seed --------------------------------------------------------------------------


def first_url(text: str | None) -> str | None:
    """The first http(s) address of an Epoch "Link to datasheet" cell (it may hold several,
    separated by spaces, new lines or ";"), or None."""
    found = re.search(r"https?://[^\s;]+", text or "")
    return found.group(0) if found else None


def epoch_rows(path: Path = EPOCH_CSV) -> dict[str, dict[str, str]]:
    """Epoch's CSV as ``{Hardware name: row}`` (its cells as text).

    Raises:
        InputError: the file is missing, or a hardware name is written twice (a map by name
            would then be ambiguous).
    """
    if not path.is_file():
        raise InputError(
            path,
            None,
            None,
            "Epoch AI's CSV is not there; give its path with "
            "--csv (see ../shared/data/specs/README.md)",
        )
    rows: dict[str, dict[str, str]] = {}
    with path.open(encoding="utf-8", newline="") as handle:
        for number, row in enumerate(csv.DictReader(handle), start=1):
            name = row["Hardware name"].strip()
            if name in rows:
                raise InputError(
                    path, f"row {number}", "Hardware name", f"'{name}' is written twice"
                )
            rows[name] = row
    return rows


def seed(registry_raw: dict, rows: dict[str, dict[str, str]], path: Path = REGISTRY_FILE) -> dict:
    """The seed file's data: for each accelerator of the registry with an ``epoch`` row name,
    ``{"row", "datasheet", "modified", "values": {field: number or date text}}``, the row's
    cells converted to each field's unit (:data:`FIELDS`), fields of ``epoch_skip`` and empty
    cells left out. Numbers are rounded to 6 significant digits (Epoch's 2.5166e15 FLOP/s is
    2516.6 TFLOPS, not 2516.6000000000004).

    Raises:
        InputErrors: a row name the CSV does not have (each with its registry line).
    """
    text = path.read_text(encoding="utf-8") if path.is_file() else ""
    lines = editor_yaml.key_lines(text)
    errors, out = [], {}
    for accelerator_id, entry in (registry_raw.get("accelerators") or {}).items():
        row_name = (entry or {}).get("epoch")
        if not row_name:
            continue
        row = rows.get(row_name)
        if row is None:
            errors.append(
                InputError(
                    path,
                    editor_yaml.line_of(lines, ["accelerators", accelerator_id, "epoch"]),
                    "epoch",
                    f"Epoch's CSV has no row named '{row_name}'; write its 'Hardware name' exactly",
                )
            )
            continue
        skip = set((entry.get("epoch_skip") or {}))
        values = {}
        for spec in FIELDS:
            cell = (row.get(spec.epoch_column) or "").strip() if spec.epoch_column else ""
            if not cell or spec.name in skip:
                continue
            if spec.unit is None:
                values[spec.name] = cell[:10]
            else:
                values[spec.name] = float(f"{float(cell) / spec.epoch_scale:.6g}")
        out[accelerator_id] = {
            "row": row_name,
            "datasheet": first_url(row.get("Link to datasheet")),
            "modified": (row.get("Last modified") or "")[:10] or None,
            "values": values,
        }
    if errors:
        raise InputErrors(errors)
    return out


SEED_HEADER = """\
# Generated by `python -m generator specs-seed` from Epoch AI, "Data on Machine Learning
# Hardware" (CC BY 4.0, https://epoch.ai/data/machine-learning-hardware), the copy in
# ../shared/data/specs/epoch_ml_hardware.csv, through the name map of the `epoch` keys of
# data/accelerator_specs.yaml. Do not edit: change the map (or epoch_skip) and run the command.
# Units: memory GB (1e9 bytes), memory_bandwidth TB/s, power W (TDP), fp16/fp8/fp4 TFLOPS and
# int8 TOPS per accelerator without sparsity (Epoch's rule), interconnect GB/s (intranode).
"""


def seed_text(seeded: dict) -> str:
    """The seed file's text: its header, then one block per accelerator in id order."""
    import yaml  # only the seeding command writes YAML

    body = yaml.safe_dump(
        {"accelerators": dict(sorted(seeded.items()))},
        sort_keys=False,
        allow_unicode=True,
        width=100,
    )
    return SEED_HEADER + body


# --- reading the cards -----------------------------------------------------------------------


def _number(raw, where, name, path, errors) -> float | None:
    if (
        isinstance(raw, bool)
        or not isinstance(raw, (int, float))
        or not math.isfinite(raw)
        or raw <= 0
    ):
        errors.append(InputError(path, where, name, f"'{raw}' is not a positive number"))
        return None
    return float(raw)


def _note(raw, where: str | None, name: str, path: Path, errors: list[InputError]):
    """A ``note`` of the registry, ``{en: ..., zh: ..., it: ...}``: text a reader sees on the
    card, so it is written in every language of the site (as ``data/authors.yaml`` writes
    names), or None when absent. A note missing a language, or in a language the site does not
    have, is refused rather than shown in English on the Chinese page."""
    if raw is None:
        return None
    codes = [lang.code for lang in LANGUAGES]
    if not isinstance(raw, dict):
        errors.append(
            InputError(
                path, where, name, f"write the note in every language: {{{', '.join(codes)}}}"
            )
        )
        return None
    missing = [c for c in codes if not isinstance(raw.get(c), str) or not raw[c].strip()]
    unknown = [str(c) for c in raw if c not in codes]
    if missing or unknown:
        problem = (
            f"the text for {', '.join(missing)} is missing"
            if missing
            else f"'{', '.join(unknown)}' is not a language of the site"
        )
        errors.append(
            InputError(path, where, name, f"{problem}: write the note in {', '.join(codes)}")
        )
        return None
    return {c: raw[c].strip() for c in codes}


def _value(
    spec: Field,
    raw,
    source: Source,
    where: str | None,
    path: Path,
    errors: list[InputError],
    epoch: bool = False,
) -> Value | None:
    """One value of the registry (a mapping ``{value, unit, source, sparsity, note}``) or of the
    seed (a bare number or text, in the field's unit), checked: the unit is the field's, the
    number positive and plausible, a compute rate says whether it counts sparsity."""
    if epoch:
        raw = {"value": raw, "unit": spec.unit, "sparsity": False if spec.compute else None}
    if not isinstance(raw, dict) or "value" not in raw:
        errors.append(
            InputError(
                path,
                where,
                spec.name,
                "write {value: ..., unit: ..., source: ...}"
                if spec.unit
                else "write {value: ..., source: ...}",
            )
        )
        return None
    value = raw["value"]
    if spec.unit is not None:
        if raw.get("unit") != spec.unit:
            errors.append(
                InputError(
                    path,
                    where,
                    spec.name,
                    f"unit '{raw.get('unit')}' is not "
                    f"this field's unit: write the value in {spec.unit}",
                )
            )
            return None
        value = _number(value, where, spec.name, path, errors)
        if value is None:
            return None
        if spec.upper and value > spec.upper:
            errors.append(
                InputError(
                    path,
                    where,
                    spec.name,
                    f"{value:g} {spec.unit} is beyond "
                    f"any accelerator's (at most {spec.upper:g}); check the "
                    "unit and the digits",
                )
            )
            return None
    elif spec.name == "release_date":
        try:
            value = dt.date.fromisoformat(str(value)[:10])
        except ValueError:
            errors.append(
                InputError(
                    path, where, spec.name, f"'{value}' is not a date: {editor_yaml.DATE_HINT}"
                )
            )
            return None
    elif not isinstance(value, str) or not value.strip():
        errors.append(InputError(path, where, spec.name, "write a text"))
        return None
    sparsity = raw.get("sparsity")
    if spec.compute and not isinstance(sparsity, bool):
        errors.append(
            InputError(
                path,
                where,
                spec.name,
                "say whether the vendor's figure counts sparsity: sparsity: true or false",
            )
        )
        return None
    note = _note(raw.get("note"), where, f"{spec.name}.note", path, errors)
    return Value(spec, value, source, sparsity if spec.compute else None, note)


def _sources(raw: dict, path: Path, lines, errors: list[InputError]) -> dict[str, Source]:
    out = {}
    today = dt.date.today()
    for source_id, spec in (raw or {}).items():
        where = editor_yaml.line_of(lines, ["sources", source_id])
        if not SOURCE_ID.match(str(source_id)):
            errors.append(
                InputError(
                    path,
                    where,
                    "sources",
                    f"'{source_id}' is not an id: lowercase letters, digits and single hyphens",
                )
            )
            continue
        spec = spec if isinstance(spec, dict) else {}
        missing = [k for k in ("publisher", "title", "url", "retrieved") if not spec.get(k)]
        if missing:
            errors.append(InputError(path, where, ", ".join(missing), "required for a source"))
            continue
        if not str(spec["url"]).startswith("https://"):
            errors.append(InputError(path, where, "url", "write the datasheet's https:// address"))
            continue
        retrieved = spec["retrieved"]
        if not isinstance(retrieved, dt.date) or retrieved > today:
            errors.append(
                InputError(
                    path,
                    where,
                    "retrieved",
                    f"the date the page was read, not after today: {editor_yaml.DATE_HINT}",
                )
            )
            continue
        out[source_id] = Source(
            source_id, str(spec["publisher"]), str(spec["title"]), str(spec["url"]), retrieved
        )
    return out


def read_cards(path: Path = REGISTRY_FILE, seed_path: Path = SEED_FILE) -> dict[str, Card]:
    """Every card, ``{accelerator id: Card}`` in the registry's order: the seed's Epoch values
    and the registry's own, each checked (:func:`_value`).

    Raises:
        InputErrors: every problem, each with file, line and field: an id that
            ``accelerators.yaml`` does not define, an unknown field or source, a value in
            another unit or implausible, a compute rate without ``sparsity``, a value the Epoch
            row gives already (one home), an ``epoch`` row the seed does not hold (run
            ``specs-seed``).
    """
    raw = editor_yaml.read(path) or {}
    lines = editor_yaml.key_lines(path.read_text(encoding="utf-8"))
    seeded = (
        ((editor_yaml.read(seed_path) or {}).get("accelerators") or {})
        if seed_path.is_file()
        else {}
    )
    errors: list[InputError] = []
    sources = _sources(raw.get("sources"), path, lines, errors)
    known = accelerators.table().accelerators
    cards = {}
    for accelerator_id, entry in (raw.get("accelerators") or {}).items():
        at = ["accelerators", accelerator_id]
        where = editor_yaml.line_of(lines, at)
        if accelerator_id not in known:
            errors.append(
                InputError(
                    path,
                    where,
                    None,
                    f"'{accelerator_id}' is not an id of generator/data/accelerators.yaml",
                )
            )
            continue
        entry = entry or {}
        values: dict[str, Value] = {}
        row = entry.get("epoch")
        skip = entry.get("epoch_skip") or {}
        from_epoch = seeded.get(accelerator_id) if row else None
        if row and (from_epoch is None or from_epoch.get("row") != row):
            errors.append(
                InputError(
                    path,
                    editor_yaml.line_of(lines, at + ["epoch"]),
                    "epoch",
                    f"{seed_path.name} holds no values of the row '{row}': "
                    "run `python -m generator specs-seed`",
                )
            )
        for name, reason in skip.items():
            if name not in BY_NAME or not BY_NAME[name].epoch_column or not reason:
                errors.append(
                    InputError(
                        path,
                        editor_yaml.line_of(lines, at + ["epoch_skip"]),
                        f"epoch_skip.{name}",
                        "name a field Epoch gives, with the reason its value is set aside",
                    )
                )
        if from_epoch:
            source = _epoch_source(row, from_epoch.get("datasheet"), from_epoch.get("modified"))
            for name, number in (from_epoch.get("values") or {}).items():
                spec = BY_NAME.get(name)
                if spec and name not in skip:
                    value = _value(
                        spec,
                        number,
                        source,
                        f"accelerator '{accelerator_id}'",
                        seed_path,
                        errors,
                        epoch=True,
                    )
                    if value:
                        values[name] = value
        for name, item in entry.items():
            if name in ("epoch", "epoch_skip", "per", "note"):
                continue
            item_where = editor_yaml.line_of(lines, at + [name])
            spec = BY_NAME.get(name)
            if spec is None:
                errors.append(
                    InputError(
                        path,
                        item_where,
                        name,
                        f"not a field of a card: write one of {', '.join(BY_NAME)}",
                    )
                )
                continue
            if name in values:
                errors.append(
                    InputError(
                        path,
                        item_where,
                        name,
                        f"Epoch's row '{row}' gives "
                        "it already: remove it here, or set the row's value "
                        "aside in epoch_skip with the reason",
                    )
                )
                continue
            source = sources.get((item or {}).get("source")) if isinstance(item, dict) else None
            if source is None:
                errors.append(
                    InputError(
                        path, item_where, name, "cite a source of 'sources' (source: its id)"
                    )
                )
                continue
            value = _value(spec, item, source, item_where, path, errors)
            if value:
                values[name] = value
        ordered = {f.name: values[f.name] for f in FIELDS if f.name in values}
        note = _note(
            entry.get("note"), editor_yaml.line_of(lines, at + ["note"]), "note", path, errors
        )
        cards[accelerator_id] = Card(accelerator_id, ordered, row, entry.get("per"), note)
    if errors:
        raise InputErrors(errors)
    return cards


@cache
def cards() -> dict[str, Card]:
    """The project's cards (:func:`read_cards`), read once."""
    return read_cards()


def card_of(accelerator_id: str | None) -> Card | None:
    """The card of a canonical accelerator, or None (no card, no accelerator, a mixed
    system)."""
    return cards().get(accelerator_id) if accelerator_id else None


# --- what check reports ----------------------------------------------------------------------

# What a card needs to relate results to the part: a buyer's first three questions.
ESSENTIAL = ("memory", "memory_bandwidth", "power")


def missing_cards(records: list[ResultRecord], all_cards: dict[str, Card]) -> list[str]:
    """A note per accelerator of the dataset (mixed systems excepted) without a card, or whose
    card lacks one of :data:`ESSENTIAL`."""
    ids = sorted(
        {r.accelerator_id for r in records if r.accelerator_id and not r.accelerator_mixed}
    )
    notes = []
    for accelerator_id in ids:
        card = all_cards.get(accelerator_id)
        if card is None:
            notes.append(
                f"accelerator '{accelerator_id}' has no card in "
                "data/accelerator_specs.yaml; add its vendor's specifications (or its "
                "Epoch row) so that its page shows them"
            )
            continue
        lacking = [name for name in ESSENTIAL if name not in card.values]
        if lacking:
            notes.append(
                f"the card of '{accelerator_id}' has no {', '.join(lacking)}: add the "
                "vendor's figure with its source where one is published"
            )
    return notes


def seed_outdated(
    registry_path: Path = REGISTRY_FILE, seed_path: Path = SEED_FILE, csv_path: Path = EPOCH_CSV
) -> str | None:
    """A note when Epoch's CSV is at hand and the committed seed differs from what
    ``specs-seed`` would write from it (the map or the CSV changed), else None."""
    if not csv_path.is_file() or not seed_path.is_file():
        return None
    expected = seed_text(
        seed(editor_yaml.read(registry_path) or {}, epoch_rows(csv_path), registry_path)
    )
    if seed_path.read_text(encoding="utf-8") != expected:
        return (
            f"{seed_path.name} differs from what `python -m generator specs-seed` writes "
            f"from {csv_path.name}: run it and review the diff"
        )
    return None


# --- derived figures -------------------------------------------------------------------------

# The precision of a submission's weights, from the words of its ``weight_data_types`` (as
# submitters write them: "fp4", "NVFP4, FP8 (KV cache)", "bf16, fp8, fp4", "int8,bf16",
# "BF16/F32/F8_E4M3/U8"), and the card's field of that precision's peak rate. Where several are
# named, the lowest precision is taken: the one the largest part of the work runs in.
PRECISION_WORDS = {
    "fp4": "fp4",
    "nvfp4": "fp4",
    "mxfp4": "fp4",
    "fp8": "fp8",
    "f8_e4m3": "fp8",
    "e4m3": "fp8",
    "int8": "int8",
    "bf16": "fp16",
    "fp16": "fp16",
}
LOWEST_FIRST = ("fp4", "fp8", "int8", "fp16")


def precision_of(weight_data_types: str | None) -> str | None:
    """The card field of the lowest precision ``weight_data_types`` names (``"fp4"`` for
    ``"NVFP4, FP8 (KV cache)"``), or None when it names none a card holds (fp32, int4, or
    nothing)."""
    words = set(re.split(r"[^a-z0-9_]+", (weight_data_types or "").lower()))
    found = {PRECISION_WORDS[w] for w in words if w in PRECISION_WORDS}
    return next((name for name in LOWEST_FIRST if name in found), None)


@dataclass(frozen=True)
class Derived:
    """Figures this site derives from one MLPerf result and the card of its accelerator: the
    result per accelerator (``qualifiers.per_accelerator``, in ``record.units``) divided by
    the card's memory bandwidth (``bandwidth``, TB/s) and by its peak compute at the precision
    of the submission's weights (``compute``, TFLOPS or TOPS; None when the card lacks it or
    the precision is not one a card holds). Never an MLCommons result."""

    record: ResultRecord
    bandwidth: Value | None
    compute: Value | None

    @property
    def per_accelerator(self) -> float:
        """The result per accelerator the figures divide (the pages' one rule)."""
        return per_accelerator(self.record)

    @property
    def per_tb_s(self) -> float | None:
        return self.per_accelerator / self.bandwidth.value if self.bandwidth else None

    @property
    def per_tflops(self) -> float | None:
        return self.per_accelerator / self.compute.value if self.compute else None


@dataclass(frozen=True)
class SpecFigures:
    """The card values one result is divided by (:func:`spec_figures`): ``bandwidth`` (the
    card's memory bandwidth, TB/s) and ``compute`` (its peak rate at the precision of the
    submission's weights), each None when the card lacks it; and the two figures. The one rule
    of every surface that relates a result to its accelerator's card: the accelerator pages
    (:func:`derived_figures`), the downloads (``download_rows``) and the explorer's dataset
    file (``pages/explorer.py``, whose script divides the same values)."""

    bandwidth: Value | None
    compute: Value | None
    per_tb_s: float | None
    per_tflops: float | None


NO_FIGURES = SpecFigures(None, None, None, None)


def spec_figures(record: ResultRecord) -> SpecFigures:
    """``record``'s result per accelerator (``qualifiers.per_accelerator``) per TB/s of its
    card's memory bandwidth and per TFLOPS (or TOPS) of its card's peak rate at the precision of
    its weights (:func:`precision_of`), for an LLM result (units ``Tokens/s``) of one
    accelerator kind with a card; :data:`NO_FIGURES` otherwise. Derived by this site, never an
    MLCommons result (MLCommons' results messaging guidelines ask derived figures to be marked).
    Rated power is not used: a rated watt is not a measured one (MLPerf Power measures)."""
    figure = per_accelerator(record)
    card = card_of(record.accelerator_id)
    if record.units != "Tokens/s" or not figure or card is None:
        return NO_FIGURES
    bandwidth = card.values.get("memory_bandwidth")
    compute = card.values.get(precision_of(record.weight_data_types) or "")
    return SpecFigures(
        bandwidth,
        compute,
        figure / bandwidth.value if bandwidth else None,
        figure / compute.value if compute else None,
    )


def derived_figures(records: list[ResultRecord], card: Card | None) -> list[Derived]:
    """For each LLM result of ``records`` with figures derived from its card
    (:func:`spec_figures`), closed division and available category (MLCommons' guidelines
    compare available, closed results; a preview system's hardware may differ from its card),
    its :class:`Derived` figures; results with neither figure are left out. ``card`` is the
    records' accelerator's (None: no figures).

    They say how much of its memory bandwidth, and of its peak compute, a system turns into
    tokens: derived figures, which MLCommons' results messaging guidelines require to be marked
    as such.
    """
    if card is None:
        return []
    out = []
    for r in records:
        if r.division != "closed" or r.category != "available":
            continue
        figures = spec_figures(r)
        if figures.bandwidth or figures.compute:
            out.append(Derived(r, figures.bandwidth, figures.compute))
    return out


def best_results(records: list[ResultRecord]) -> dict[str, list[ResultRecord]]:
    """Each accelerator's best result per benchmark, for the comparison of cards: ``{accelerator
    id: [record, ...]}``, records in benchmark order (suite, model, scenario).

    A benchmark is (suite, model, scenario, units); only results with a figure per accelerator
    (``qualifiers.per_accelerator``: a throughput, one accelerator kind, which ran it) count,
    so latency benchmarks and mixed systems are left out. Per accelerator and benchmark the
    result is taken from the newest round in which the accelerator ran it, a closed-division
    result before an open-division one (an open result may run another model, at another
    accuracy), then the highest figure per accelerator. Preview and available results both
    count: every surface marks a preview, a derived ID and an open-division run
    (``pages/marks.py``), and MLCommons' results messaging guidelines compare results of one
    round, division and category, which is why the page shows each result's round and marks.
    """
    best: dict[tuple, ResultRecord] = {}
    for r in records:
        figure = per_accelerator(r)
        if not figure or not r.accelerator_id:
            continue
        key = (r.accelerator_id, r.suite, r.model, r.scenario, r.units)
        rank = (round_key(r.round), r.division == "closed", figure)
        held = best.get(key)
        if held is None or rank > (
            round_key(held.round),
            held.division == "closed",
            per_accelerator(held),
        ):
            best[key] = r
    out: dict[str, list[ResultRecord]] = {}
    for key in sorted(best, key=lambda k: (k[1], k[2], k[3], k[4], k[0])):
        out.setdefault(key[0], []).append(best[key])
    return out
