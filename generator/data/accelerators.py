"""Accelerators: the canonical part behind each published accelerator spelling.

MLCommons' summaries name a system's accelerator as its submitter wrote it, so one part appears
under many spellings ("AMD Instinct MI355X 288GB HBM3e", "... (x87)", "... (Power Cap 1000 W)";
v4.1's "AMD Instinct MI300X-NPS1-SPX-192GB-750W" is v5.1's "AMD Instinct MI300X 192GB HBM3").
The alias table ``accelerators.yaml`` beside this module maps every spelling of the rounds we
import to one :class:`Accelerator` and a variant; its header comment gives the rules and sources.

:func:`identify` resolves a published value, in this order:

1. a value meaning "nothing published" (``vocabulary.yaml``'s ``missing``: "", "N/A", "-",
   "None"..., null; any case, surrounding spaces) means no accelerator (a CPU-only system):
   ``None``;
2. a spelling listed in the table: its accelerator and variant;
3. a listed spelling followed by a "(...)" annotation: its accelerator, the annotation as
   variant (how parts of mixed systems are written: "AMD Instinct MI300X 192GB HBM3 (x2x8)");
4. spellings of steps 2-3 joined by " + ", " and " or ", ": a mixed system of those parts;
5. anything else: an accelerator made from the spelling itself, which :func:`is_known` reports
   as unknown so that the caller (the importer) names it in its report. Nothing is guessed.

Spellings are compared exactly, after trimming and collapsing runs of spaces: case and
punctuation differences are listed in the table, not guessed.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import yaml
from slugify import slugify

from generator.data.vocabulary import vocabulary
from generator.errors import InputError

TABLE_FILE = Path(__file__).with_name("accelerators.yaml")

# An id is lowercase ASCII letters and digits in words joined by single hyphens.
ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
# How mixed systems join their parts (v5.1 ", ", v6.0 and v6.1 " and ", v6.1 " + ").
MIXED_SEPARATOR = re.compile(r"\s+\+\s+|\s+and\s+|\s*,\s*")
# A trailing annotation: "AMD Instinct MI355X 288GB HBM3e (x2x8)" -> base, "x2x8".
ANNOTATION = re.compile(r"^(?P<base>.*\S)\s*\((?P<note>[^()]*)\)$")
REQUIRED = ("id", "vendor", "model", "memory", "spellings")


@dataclass(frozen=True)
class Accelerator:
    """A canonical accelerator: one hardware part.

    Attributes:
        id: stable ASCII slug naming its page and URL, e.g. ``"amd-instinct-mi355x"``.
        vendor: who sells it, e.g. ``"AMD"``; a mixed system of several vendors has them all,
            ``"AMD + NVIDIA"``.
        model: its name without the vendor, e.g. ``"Instinct MI355X"``.
        memory: capacity per accelerator as published, e.g. ``"288 GB HBM3E"``; ``None`` when
            MLCommons' files do not publish it.
    """

    id: str
    vendor: str
    model: str
    memory: str | None

    @property
    def name(self) -> str:
        """Display name: vendor, model and memory, e.g. ``"AMD Instinct MI355X 288 GB HBM3E"``.

        A mixed system of several vendors names every part in full in its model, so its name
        is the model: ``"AMD Instinct MI350X 288 GB HBM3E + NVIDIA H200 SXM 141 GB"``.
        """
        if " + " in self.vendor:
            return self.model
        return " ".join(part for part in (self.vendor, self.model, self.memory) if part)


@dataclass(frozen=True)
class Identity:
    """What a published accelerator spelling means.

    Attributes:
        accelerator: the canonical accelerator; for a mixed system, one accelerator standing
            for the combination (id ``"<id>-and-<id>"`` of its parts' ids in sorted order, so
            that the same models in any order or count are one combination).
        variant: what the spelling adds beyond the part, short and readable (``"x87"``,
            ``"power cap 1000 W"``, ``"NPS1, SPX, 750 W"``), or ``None``. For a mixed system,
            its parts' variants, each after its model (``"Instinct MI300X x32, Instinct
            MI325X x16"``), or ``None``.
        mixed: True when the system combines different accelerator models.
        parts: for a mixed system, the identity of each part in published order; ``()``
            otherwise.
    """

    accelerator: Accelerator
    variant: str | None
    mixed: bool
    parts: tuple[Identity, ...] = field(default=())


@dataclass(frozen=True)
class Table:
    """The alias table, loaded and checked.

    Attributes:
        path: the YAML file it was read from.
        accelerators: canonical accelerators by id, in file order.
        spellings: each published spelling (spaces collapsed) -> (accelerator, variant).
        placeholders: values meaning "no accelerator", lowercased: the vocabulary's values
            meaning "nothing published" (``vocabulary.Vocabulary.missing``).
    """

    path: Path
    accelerators: dict[str, Accelerator]
    spellings: dict[str, tuple[Accelerator, str | None]]
    placeholders: frozenset[str]


def _clean(text: str) -> str:
    """``text`` trimmed, with each run of whitespace made one space."""
    return " ".join(text.split())


def load(path: Path = TABLE_FILE) -> Table:
    """Read and check the alias table at ``path`` (YAML, safe loader).

    Raises:
        InputError: naming ``path``, the entry (``"accelerator 3 (amd-instinct-mi355x)"``) and
            the field, when the file is not a mapping with ``accelerators``, an entry lacks a required field (id, vendor, model, memory,
            spellings) or has an empty one, an id is not slug-shaped or is used twice, or a
            spelling is listed twice (in one entry or two) or is a placeholder.
    """
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    if not isinstance(raw, dict) or not isinstance(raw.get("accelerators"), list):
        raise InputError(path, None, "accelerators", "expected a list of accelerators")
    empty = frozenset(_clean(p) for p in vocabulary().missing)

    accelerators: dict[str, Accelerator] = {}
    spellings: dict[str, tuple[Accelerator, str | None]] = {}
    where_listed: dict[str, str] = {}
    for number, entry in enumerate(raw["accelerators"], start=1):
        where = f"accelerator {number}"
        if not isinstance(entry, dict):
            raise InputError(path, where, None, "expected a mapping with " + ", ".join(REQUIRED))
        if isinstance(entry.get("id"), str):
            where += f" ({entry['id']})"
        for key in REQUIRED:
            if key not in entry:
                raise InputError(path, where, key, "missing")
        for key in ("id", "vendor", "model"):
            if not isinstance(entry[key], str) or not entry[key].strip():
                raise InputError(path, where, key, "expected a non-empty string")
        if entry["memory"] is not None and not (
            isinstance(entry["memory"], str) and entry["memory"].strip()
        ):
            raise InputError(path, where, "memory", "expected a non-empty string or null")
        ident = entry["id"]
        if not ID.match(ident):
            raise InputError(
                path,
                where,
                "id",
                f"'{ident}' must be lowercase ASCII letters and digits joined by single hyphens",
            )
        if ident in accelerators:
            raise InputError(path, where, "id", f"'{ident}' is already used by another entry")
        accelerator = Accelerator(
            ident,
            entry["vendor"].strip(),
            entry["model"].strip(),
            entry["memory"].strip() if entry["memory"] else None,
        )
        accelerators[ident] = accelerator

        items = entry["spellings"]
        if not isinstance(items, list) or not items:
            raise InputError(path, where, "spellings", "expected a non-empty list")
        for item in items:
            spelling, variant = _spelling_item(item, path, where)
            if spelling.lower() in empty:
                raise InputError(
                    path, where, "spellings", f"'{spelling}' is a placeholder (no accelerator)"
                )
            if spelling in spellings:
                raise InputError(
                    path,
                    where,
                    "spellings",
                    f"'{spelling}' is listed twice (also in {where_listed[spelling]})",
                )
            spellings[spelling] = (accelerator, variant)
            where_listed[spelling] = where
    return Table(path, accelerators, spellings, empty)


def _spelling_item(item: object, path: Path, where: str) -> tuple[str, str | None]:
    """One item of ``spellings``: ``"spelling"`` or ``{"spelling": variant}``."""
    if isinstance(item, str) and item.strip():
        return _clean(item), None
    if isinstance(item, dict) and len(item) == 1:
        ((spelling, variant),) = item.items()
        if (
            isinstance(spelling, str)
            and spelling.strip()
            and (variant is None or isinstance(variant, str) and variant.strip())
        ):
            return _clean(spelling), _clean(variant) if variant else None
    raise InputError(
        path,
        where,
        "spellings",
        f"{item!r}: expected a spelling, or a mapping of one spelling to its variant",
    )


@cache
def table() -> Table:
    """The alias table ``accelerators.yaml``, read and checked once (see :func:`load`)."""
    return load(TABLE_FILE)


def identify(published: str | None) -> Identity | None:
    """What the published accelerator value ``published`` means.

    Args:
        published: the value of ``Accelerator`` (final report) or ``accelerator_model_name``
            (submission checker), as published; ``None`` when absent.

    Returns:
        ``None`` for no accelerator (a placeholder or ``None``); otherwise its :class:`Identity`
        (resolution steps in the module docstring). A spelling the table does not know gives an
        accelerator made from the spelling: id its slug (python-slugify) and 6 hex digits of the
        SHA-256 of the spelling, so that two spellings never share one (more digits
        if that id is a known one), vendor its first word, model the rest, memory ``None``.
        Never raises for an unknown spelling; check :func:`is_known`.

    Raises:
        InputError: when the table itself is invalid (see :func:`load`).
    """
    if published is None:
        return None
    return _identify(_clean(str(published)))


def is_known(published: str | None) -> bool:
    """True when the table knows ``published`` (a placeholder counts as known: no accelerator).

    A mixed system is known when each of its parts is.
    """
    if published is None:
        return True
    text = _clean(str(published))
    return text.lower() in table().placeholders or _known(text) is not None


@cache
def _identify(text: str) -> Identity | None:
    known = table()
    if text.lower() in known.placeholders:
        return None
    return _known(text) or _unknown(text, known)


def _known(text: str) -> Identity | None:
    """Steps 2-4 of the module docstring, or ``None`` when the table does not know ``text``."""
    single = _single(text)
    if single is not None:
        return single
    pieces = MIXED_SEPARATOR.split(text)
    if len(pieces) < 2:
        return None
    parts = tuple(_single(piece) for piece in pieces)
    if any(part is None for part in parts):
        return None
    return _combine(parts)  # type: ignore[arg-type]


def _single(text: str) -> Identity | None:
    """Steps 2-3: a listed spelling, bare or with a trailing "(...)" annotation."""
    spellings = table().spellings
    if text in spellings:
        accelerator, variant = spellings[text]
        return Identity(accelerator, variant, mixed=False)
    annotated = ANNOTATION.match(text)
    if annotated and annotated["base"] in spellings:
        accelerator, variant = spellings[annotated["base"]]
        note = _clean(annotated["note"])
        variant = ", ".join(v for v in (variant, note) if v) or None
        return Identity(accelerator, variant, mixed=False)
    return None


def _combine(parts: tuple[Identity, ...]) -> Identity:
    """A mixed system of ``parts``; one identity when every part is the same accelerator."""
    labels = [f"{p.accelerator.model} {p.variant}" for p in parts if p.variant]
    models = sorted({p.accelerator.id: p.accelerator for p in parts}.values(), key=lambda a: a.id)
    if len(models) == 1:
        variants = [p.variant for p in parts if p.variant]
        return Identity(models[0], ", ".join(variants) or None, mixed=False)
    vendors = list(dict.fromkeys(a.vendor for a in models))
    if len(vendors) == 1:
        model = " + ".join(" ".join(filter(None, (a.model, a.memory))) for a in models)
    else:
        model = " + ".join(a.name for a in models)
    combined = Accelerator("-and-".join(a.id for a in models), " + ".join(vendors), model, None)
    return Identity(combined, ", ".join(labels) or None, mixed=True, parts=parts)


def _unknown(text: str, known: Table) -> Identity:
    """An accelerator made from a spelling the table does not know (step 5)."""
    # The slug and the first hex digits of the SHA-256 of the exact spelling: two spellings the
    # table does not know never share an id ("Foo GPU", "FOO GPU"), nor take a known one.
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    ident, digits = f"{slugify(text) or 'accelerator'}-{digest[:6]}", 6
    while ident in known.accelerators:
        digits += 2
        ident = f"{slugify(text) or 'accelerator'}-{digest[:digits]}"
    vendor, _, model = text.partition(" ")
    return Identity(Accelerator(ident, vendor, model or text, None), None, mixed=False)


def record_fields(accelerator: str | None) -> dict:
    """The canonical accelerator fields of a published accelerator name
    (:func:`identify`): ``accelerator_id``, ``accelerator_variant``,
    ``accelerator_mixed``; empty for a CPU-only system."""
    identity = identify(accelerator)
    if identity is None:
        return {"accelerator_id": None, "accelerator_variant": None, "accelerator_mixed": False}
    return {
        "accelerator_id": identity.accelerator.id,
        "accelerator_variant": identity.variant,
        "accelerator_mixed": identity.mixed,
    }
