"""The rules a round's records obey together, written once and applied at import and at load.

A record on its own is checked by its schema (``schema.ResultRecord``). What only the records of
a round together can show is checked here: each official result folder appears once, one result
ID is one system, derived IDs follow MLCommons' rule, and each model has one spelling. The
importer runs these rules on what it is about to write, and ``dataset.load`` on what it reads,
so nothing accepted at import can fail when the site is built.

Each record is given with its :class:`Place` (``data/results/v6.1.csv: line 12``, or a summary
file's ``record 12 (ID v4.1-0050)``), so a problem names the file, the record and the field.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from generator.data import accelerators, organizations, spellings
from generator.data.result_ids import assign_result_ids, audit_key
from generator.data.schema import ResultRecord
from generator.data.vocabulary import vocabulary
from generator.errors import InputError


@dataclass(frozen=True)
class Place:
    """Where a record comes from: a file, the record's place in it and, for a summary file, how
    that file spells each dataset field (``{"accelerators_per_node": "a#"}``)."""

    path: str
    where: str
    spellings: dict[str, str] = field(default_factory=dict)

    def error(self, dataset_field: str | None, problem: str) -> InputError:
        """An :class:`InputError` at this place, naming the field as the file spells it."""
        spelled = self.spellings.get(dataset_field, dataset_field) if dataset_field else None
        return InputError(self.path, self.where, spelled, problem, dataset_field)


Rows = Sequence[tuple[Place, ResultRecord]]


@dataclass
class Findings:
    """Problems found by the rules: ``errors`` refuse the records, ``warnings`` are reported
    (import, ``check``) and do not."""

    errors: list[InputError] = field(default_factory=list)
    warnings: list[InputError] = field(default_factory=list)


def check_round(rows: Rows) -> Findings:
    """Apply every rule to the records of one round.

    Args:
        rows: ``(place, record)`` pairs, all of one round, in file order.

    Returns:
        the errors and warnings, each located at its record and field.
    """
    found = Findings()
    for rule in ROUND_RULES:
        found.errors += rule(rows)
    found.warnings += accelerator_counts(rows)
    return found


def check_dataset(rows: Rows) -> Findings:
    """Apply the round rules to each round of ``rows`` and the rules across rounds (one spelling
    per model) to all of them."""
    by_round: dict[str, list[tuple[Place, ResultRecord]]] = {}
    for place, record in rows:
        by_round.setdefault(record.round, []).append((place, record))
    found = Findings()
    for members in by_round.values():
        each = check_round(members)
        found.errors += each.errors
        found.warnings += each.warnings
    found.errors += one_spelling_per_model(rows) + one_spelling_per_submitter(rows)
    return found


def one_folder_per_result(rows: Rows) -> list[InputError]:
    """An official result folder appears once in a round: a record copied twice would count one
    result twice in every ranking."""
    errors, seen = [], {}
    for place, record in rows:
        first = seen.setdefault(record.location, place)
        if first is not place:
            errors.append(
                place.error(
                    "location",
                    f"{record.location!r} is already the result "
                    f"folder of {first.where}: one result, one "
                    "record",
                )
            )
    return errors


SYSTEM_FIELDS = ("system_name", "submitter", "platform", "suite", "division", "category")


def one_system_per_id(rows: Rows) -> list[InputError]:
    """One result ID is one system under test: the records of an ID agree on what identifies the
    system (MLCommons numbers systems, not results; ``result_ids``)."""
    errors, first_of = [], {}
    for place, record in rows:
        first_place, first = first_of.setdefault(record.result_id, (place, record))
        for name in SYSTEM_FIELDS:
            if getattr(record, name) != getattr(first, name):
                errors.append(
                    place.error(
                        name,
                        f"{getattr(record, name)!r} differs from "
                        f"{getattr(first, name)!r} of {first_place.where}"
                        f", another record of result "
                        f"{record.result_id}",
                    )
                )
    return errors


def derived_ids_follow_the_rule(rows: Rows) -> list[InputError]:
    """Result IDs this project derives are the IDs MLCommons' final-report tool would give
    (``result_ids.assign_result_ids``, computed over every derived record of the round). Applied
    by the import of a round new to ``data/``; after that, IDs are pinned (``identity``) and
    only ``one_id_per_system`` holds."""
    derived = [(place, r) for place, r in rows if r.result_id_derived]
    if not derived:
        return []
    expected = assign_result_ids(
        derived[0][1].round,
        (
            {
                "suite": r.suite,
                "division": r.division,
                "category": r.category,
                "submitter": r.submitter,
                "platform": r.platform,
                "used_model": r.used_model,
            }
            for _, r in derived
        ),
    )
    return [
        place.error(
            "result_id",
            f"{record.result_id} does not follow MLCommons' rule for "
            f"derived IDs; expected {wanted}",
        )
        for (place, record), wanted in zip(derived, expected)
        if record.result_id != wanted
    ]


def one_id_per_system(rows: Rows) -> list[InputError]:
    """A system under test has one ID in its round: records of one MLCommons audit key (suite,
    division, submitter, platform, plus the model as run in the open division;
    ``result_ids.audit_key``) share their result ID."""
    errors, first_of = [], {}
    for place, r in rows:
        key = audit_key(r.suite, r.division, r.submitter, r.platform, r.used_model)
        first_place, first = first_of.setdefault(key, (place, r))
        if r.result_id != first.result_id:
            errors.append(
                place.error(
                    "result_id",
                    f"{r.result_id} differs from "
                    f"{first.result_id} of {first_place.where}, "
                    f"another record of the system {key}",
                )
            )
    return errors


def ids_belong_to_their_round(rows: Rows) -> list[InputError]:
    """A result ID names its round (``6.1-0073`` is of v6.1): an ID of another round is a
    misplaced record or a typing slip."""
    return [
        place.error(
            "result_id",
            f"result ID {record.shown_id} belongs to round "
            f"v{record.result_id.split('-')[0]}, not {record.round}",
        )
        for place, record in rows
        if record.result_id.split("-")[0] != record.round.removeprefix("v")
    ]


def ids_all_published_or_all_derived(rows: Rows) -> list[InputError]:
    """A round's IDs are all MLCommons' or all derived: MLCommons numbers every system of a
    round in one pass, so IDs derived for some records beside published ones could repeat a
    published ID for another system."""
    published = next((place for place, r in rows if not r.result_id_derived), None)
    derived = next((place for place, r in rows if r.result_id_derived), None)
    if published is None or derived is None:
        return []
    return [
        derived.error(
            "result_id",
            f"this record has no published ID while "
            f"{published.path} {published.where} has one; a round's "
            "records carry MLCommons' IDs all or none",
        )
    ]


def one_result_per_benchmark_run(rows: Rows) -> list[InputError]:
    """A system has one result per model as run, scenario and unit quantity."""
    errors, seen = [], {}
    for place, r in rows:
        key = (r.result_id, r.model, r.used_model, r.scenario, vocabulary().quantity(r.units))
        first = seen.setdefault(key, place)
        if first is not place:
            errors.append(
                place.error(
                    None, f"duplicate of {first.where}: same system, model, scenario and quantity"
                )
            )
    return errors


def one_spelling_per_model(rows: Rows) -> list[InputError]:
    """Each model has one spelling: a model that differs from a known one (``vocabulary.yaml``)
    or from another model of the dataset only in case or punctuation would split one benchmark
    in two; it needs an alias in ``vocabulary.yaml``. One error per odd spelling
    (``spellings``)."""
    respelled = [
        place.error("model", _respelled(record.model, note))
        for place, record in rows
        for canonical, note in [vocabulary().model(record.model)]
        if canonical is None
    ]
    return spellings.merged(respelled) + spellings.odd_spellings(
        rows,
        "model",
        lambda model: model if vocabulary().model(model)[0] else None,
        "model",
        lambda name, known: (
            f"use one spelling, or list {name!r} among the aliases of "
            f"{known!r} in generator/data/vocabulary.yaml (table `model:`) "
            "and import again"
        ),
    )


def one_spelling_per_submitter(rows: Rows) -> list[InputError]:
    """One company, one submitter name: a submitter that differs from another submitter of the
    dataset only in case or punctuation (``DELL`` beside ``Dell``) would make two submitter
    pages and count one organization twice, unless ``generator/data/organizations.yaml``
    lists the spelling under ``spellings`` (as ``ORACLE`` for Oracle); the same for a name
    listed under ``also_known_as`` as another name of a submitter (``GIGABYTE`` beside
    ``GigaComputing``). One error per odd spelling, at the records that carry it
    (``spellings``)."""
    return spellings.odd_spellings(
        rows,
        "submitter",
        organizations.submitter_name,
        "submitter",
        _submitter_advice,
        organizations.also_known_as,
    )


def _submitter_advice(name: str, known: str) -> str:
    known_spellings = ", ".join(repr(s) for s in (known, *organizations.spellings_of(known)))
    if organizations.is_joint(known):
        parts = ", ".join(organizations.organizations_of(known))
        return (
            f"known spelling: {known_spellings}; if it is the same joint submission, add "
            f"`{name}: [{parts}]` under `joint:` in generator/data/organizations.yaml "
            "and import again"
        )
    listed = ", ".join((*organizations.spellings_of(known), name))
    label = "known spellings" if organizations.spellings_of(known) else "known spelling"
    other = (
        f"; if it is another company, remove {name!r} from `also_known_as:` there"
        if organizations.also_known_as(name)
        else ""
    )
    return (
        f"{label}: {known_spellings}; if it is the same company, add {name!r} to "
        f"its spellings in generator/data/organizations.yaml (under `spellings:`, "
        f"`{known}: [{listed}]`){other} and import again"
    )


def _respelled(name: str, known: str) -> str:
    return (
        f"{name!r} differs from the model {known!r} only in case or punctuation; add it "
        f"to the aliases of {known!r} in generator/data/vocabulary.yaml"
    )


def accelerators_follow_the_table(rows: Rows) -> list[InputError]:
    """The canonical accelerator of each record is the one the alias table
    (``accelerators.yaml``) gives its published name; after the table changes, ``make import``
    brings the dataset up to date."""
    errors = []
    for place, record in rows:
        for name, wanted in accelerators.record_fields(record.accelerator).items():
            if getattr(record, name) != wanted:
                errors.append(
                    place.error(
                        name,
                        f"{getattr(record, name)!r} is not what "
                        f"generator/data/accelerators.yaml gives for "
                        f"{record.accelerator!r} ({wanted!r}); run "
                        "`make import`",
                    )
                )
    return errors


def power_fits_the_result(rows: Rows) -> list[InputError]:
    """MLPerf Power publishes Watts beside a throughput (Offline, Server) and millijoules per
    query or stream beside a latency (SingleStream, MultiStream): any other pairing cannot be
    read as an energy figure (``power.efficiency``)."""
    words = vocabulary()
    expected = {True: "Watts", False: "millijoules"}
    return [
        place.error(
            "power_units",
            f"{record.power_units} beside a result in "
            f"{record.units}; MLPerf Power publishes "
            f"{expected[words.is_throughput(record.units)]} there",
        )
        for place, record in rows
        if record.power_units is not None
        and record.power_units != expected[words.is_throughput(record.units)]
    ]


def accelerator_counts(rows: Rows) -> list[InputError]:
    """Warnings: a named accelerator without a count (its results cannot be divided per
    accelerator), as MLCommons' files write 0 or nothing where they mean "no accelerator"."""
    return [
        place.error(
            "accelerators_per_node",
            f"accelerator {record.accelerator!r} is named but its count is missing or 0",
        )
        for place, record in rows
        if record.accelerator and not record.total_accelerators
    ]


ROUND_RULES: tuple[Callable[[Rows], list[InputError]], ...] = (
    one_folder_per_result,
    ids_belong_to_their_round,
    ids_all_published_or_all_derived,
    one_system_per_id,
    one_id_per_system,
    one_result_per_benchmark_run,
    accelerators_follow_the_table,
    power_fits_the_result,
)
