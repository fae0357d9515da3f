"""What ``check`` asks of claims: each claim recomputed from the dataset matches its stated figure and status; preview claims followed up; every accelerator in a family."""

from __future__ import annotations

import datetime as dt
import difflib
import math
from collections import defaultdict
from pathlib import Path

from generator.data import changelog, publication
from generator.data.dataset import Dataset
from generator.data.schema import ResultRecord, canonical_result_id
from generator.editorial.articles import Article
from generator.editorial.claims import QUOTED_STATUSES, Registry
from generator.editorial.editor_yaml import claim_lines, key_lines
from generator.editorial.guidelines import QUOTED_FORMULAS, unstated_differences
from generator.editorial.precision import rounded, shown_decimals
from generator.editorial.recomputation import recompute
from generator.errors import InputError
from generator.model import families, specs
from generator.model import preview_tracker as previews


def _plain(value: float) -> str:
    """A number as an editor would type it: 5749440 -> "5,749,440", 0.99493 -> "0.9949"."""
    return f"{value:,.4f}".rstrip("0").rstrip(".")


def overdue_previews(registry: Registry, today: dt.date) -> list[str]:
    """Preview claims whose ``available_by`` is before ``today`` with neither ``confirmed`` nor
    ``retracted``: MLCommons' preview rule requires the product to be available by then, so
    the claim needs its outcome."""
    return [
        f"claim '{cid}': preview product was due by {c.preview.available_by.isoformat()} "
        "and no outcome is recorded; add preview.confirmed or preview.retracted with a date"
        for cid, c in sorted(registry.claims.items())
        if c.preview is not None and c.preview.overdue(today)
    ]


def preview_followups(registry: Registry, records: list[ResultRecord]) -> list[str]:
    """Preview claims whose system the dataset now shows as available (``previews.track``: the
    same system, accelerator or processor from the same submitter in a later round), while the
    claim records no outcome: the editor should confirm it."""
    tracked = {r.location: p for p in previews.track(list(records)) for r in p.records}
    out = []
    for claim_id, claim in sorted(registry.claims.items()):
        if (
            claim.status != "preview"
            or claim.derivation is None
            or (claim.preview is not None and claim.preview.phase != "open")
        ):
            continue
        try:
            used = recompute(claim.derivation, list(records)).records
        except (LookupError, ValueError):
            continue  # check_claims reports it
        for record in used:
            found = tracked.get(record.location)
            if found is not None and found.status == previews.AVAILABLE:
                later = found.followed_by
                out.append(
                    f"claim '{claim_id}': {record.system_name} ({record.submitter}, "
                    f"preview in {record.round}) is followed by an available result in "
                    f"{later.round}, {later.shown_id} ({later.system_name}); record "
                    "preview.confirmed if the product is available"
                )
                break
    return out


def accelerators_without_family(records: list[ResultRecord]) -> list[str]:
    """Accelerators of the dataset that no family of ``generator/model/families.yaml`` lists (mixed
    systems excepted): their results are missing from the family pages until one does. A note,
    not an error: a new round with a new accelerator must still build."""
    missing = sorted(
        {
            r.accelerator_id
            for r in records
            if r.accelerator_id
            and not r.accelerator_mixed
            and families.family_of(r.accelerator_id) is None
        }
    )
    return [
        f"accelerator '{a}' has no family in generator/model/families.yaml; add it to a family's "
        "generation so that the family pages show it"
        for a in missing
    ]


def status_problem(claim, records) -> str | None:
    """What is wrong with a claim's status given the categories of the results it is derived
    from (MLCommons' categories, CONTRIBUTING's statuses): ``verified`` quotes available results
    only, ``preview`` at least one preview result, and a figure ``derived`` from a preview result
    is a preview figure. None when the status fits."""
    categories = {r.category for r in records}
    formula = claim.derivation.formula
    if claim.status == "verified" and formula not in QUOTED_FORMULAS:
        return (
            f"status 'verified' is for an official result quoted as published, but formula "
            f"'{formula}' computes a figure from results: MLCommons' results guidelines call "
            "it a derived metric, never an official or verified one (its footnote says "
            "\"Derived figure\"); give it status 'derived'"
        )
    if claim.status == "verified" and categories != {"available"}:
        return (
            f"status 'verified' quotes available results only; "
            f"{', '.join(r.shown_id + ' is ' + r.category for r in records if r.category != 'available')}"
        )
    if claim.status == "preview" and "preview" not in categories:
        return "status 'preview' needs a result of the preview category"
    if claim.status == "derived" and "preview" in categories:
        preview = next(r for r in records if r.category == "preview")
        return (
            f"derived from the preview result {preview.shown_id}: give it status 'preview' "
            "with preview.available_by"
        )
    return None


_memo: dict = {"records": None, "results": {}}


def recomputed(derivation, records):
    """``recompute(derivation, list(records))``, remembered while ``records`` is the same
    object (the editor's preview checks at every save, with the dataset loaded once): the
    selectors of 58 claims scan the whole dataset, about a second.

    Raises:
        LookupError, ValueError: as ``recompute``, every time it is asked.
    """
    if _memo["records"] is not records:
        _memo.update(records=records, results={})
    # What a selector was rebound to (``claims.rebind``) is no field of the derivation.
    key = (derivation.model_dump_json(), tuple((s.resolved_id, s.gone) for s in derivation.results))
    if key not in _memo["results"]:
        try:
            _memo["results"][key] = recompute(derivation, list(records))
        except (LookupError, ValueError) as exc:
            _memo["results"][key] = exc
    found = _memo["results"][key]
    if isinstance(found, Exception):
        raise found
    return found


def round_dated_preview(claim, published: dict[dt.date, str]) -> str | None:
    """A problem when a preview's ``confirmed`` date is a round's publication date
    (``published``: ``{date: round}``, ``data/rounds.yaml``) with no ``confirmed_in``: the
    results show a product available in a round, never the day it became available, so the
    pages would date its availability with the round's publication (Intel B70: "became
    available on September 16, 2026"). With ``confirmed_in`` they say "first seen as available
    in v6.1, published on September 16, 2026"."""
    preview = claim.preview
    if preview is None or preview.confirmed is None or preview.confirmed_in:
        return None
    if (name := published.get(preview.confirmed)) is None:
        return None
    return (
        f"preview.confirmed {preview.confirmed.isoformat()} is the publication date of "
        f"{name}: the results show when a product was first seen as available, not when it "
        f"became available; add `confirmed_in: {name}`, or give the date the product became "
        "available from its own announcement"
    )


def check_claims(
    registry: Registry, posts: list[Article], data: Dataset, claims_file: Path
) -> list[InputError]:
    """Claim references point at known claims (an unknown id suggests the nearest ones, by
    ``difflib.get_close_matches``); every derivation resolves and agrees with the stated value
    (``Recomputation.agrees``: equal at the stated precision for figures from the dataset,
    within the tolerance for quoted ones; a ``disputed`` claim must disagree). A failing claim
    names every file and line quoting it."""
    errors = []
    records = data.records
    used_at: dict[str, list[tuple[Path, int]]] = defaultdict(list)
    for post in posts:
        for bad in post.malformed_references():
            errors.append(
                InputError(
                    post.path,
                    f"line {bad.line}",
                    None,
                    f"malformed claim reference '{bad.claim_id}': write "
                    "[[claim:ID]] with an id of lowercase letters, digits, "
                    "dots and hyphens",
                )
            )
        for ref in post.claim_references():
            if not ref.claim_id:
                errors.append(
                    InputError(
                        post.path,
                        f"line {ref.line}",
                        None,
                        "empty claim reference [[claim:]]: name a claim id",
                    )
                )
            elif ref.claim_id not in registry.claims:
                near = difflib.get_close_matches(
                    ref.claim_id, list(registry.claims), n=3, cutoff=0.6
                )
                hint = f"; did you mean {' or '.join(repr(n) for n in near)}?" if near else ""
                errors.append(
                    InputError(
                        post.path,
                        f"line {ref.line}",
                        None,
                        f"unknown claim '{ref.claim_id}': add it to "
                        f"data/claims.yaml or fix the id{hint}",
                    )
                )
            used_at[ref.claim_id].append((post.path, ref.line))
    lines = claim_lines(claims_file)
    keys = key_lines(claims_file.read_text(encoding="utf-8"))
    published = {day: name for name, day in publication.read(claims_file.parent).items()}
    for claim_id, claim in registry.claims.items():
        where = f"line {lines[claim_id]}" if claim_id in lines else None
        quoted = (
            "; quoted in " + ", ".join(f"{path} line {line}" for path, line in used_at[claim_id])
            if used_at.get(claim_id)
            else ""
        )

        def error(problem, field=None):
            line = keys.get(("claims", claim_id, field)) if field else None
            errors.append(
                InputError(
                    claims_file,
                    f"line {line}" if line else where,
                    f"claims.{claim_id}.{field}" if field else None,
                    f"claim '{claim_id}': {problem}{quoted}",
                )
            )

        if claim.spec is not None:
            if problem := spec_problem(claim, registry):
                error(problem, "spec")
                continue
        if problem := round_dated_preview(claim, published):
            error(problem, "preview")
        if claim.derivation is None:
            if problem := written_precision_problem(claim):
                error(problem, "value")
            continue
        try:
            result = recomputed(claim.derivation, records)
        except LookupError as exc:
            error(withdrawn_problem(claim, data) or f"derivation points at no single result: {exc}")
            continue
        except ValueError as exc:
            error(f"derivation does not apply: {exc}")
            continue
        if claim.unit not in result.units:
            error(
                f"unit {claim.unit!r}, but its derivation computes "
                f"{' or '.join(repr(u) for u in result.units)}"
            )
            continue
        if problem := status_problem(claim, result.records):
            error(problem, "status")
            continue
        if unstated := unstated_differences(
            claim.derivation.formula, claim.derivation.differences, result.records
        ):
            error(
                f"compares results that differ in {', '.join(unstated)}: MLCommons' results "
                "guidelines ask a comparison to state every difference in round, division, "
                "category, scenario and accelerator count, and a ratio of two benchmarks or "
                "suites is no like-for-like figure; if the comparison is meant, add "
                f"`differences: [{', '.join(unstated)}]` to its derivation"
            )
            continue
        if problem := measures_problem(claim, result.records):
            error(problem, "measures")
            continue
        computed = result.in_unit(claim.unit)
        places = claim.precision
        if problem := precision_problem(claim, computed):
            error(problem)
            continue
        agrees = result.agrees(claim)
        if claim.status == "disputed" and agrees:
            error(
                f"marked disputed, but its stated value {_plain(claim.value)} matches the "
                f"computed {_plain(computed)}; change its status"
            )
        elif claim.status in ("verified", "preview", "derived") and not agrees:
            shown = _plain(float(rounded(computed, places)))
            error(
                f"stated {_plain(claim.value)} {claim.unit}, computed "
                f"{_plain(computed)} from the dataset, which is {shown} at the stated "
                f"precision ({places} decimal{'s' if places != 1 else ''}, as the page "
                "shows it): a figure of ours is what the data give, so rounded; state "
                f"{shown}{' %' if claim.unit == '%' else ''}"
                + elsewhere(claim, result.records, records)
                + corrections(result.records, claims_file.parent)
            )
        elif claim.status != "disputed" and not agrees:
            error(
                f"stated {_plain(claim.value)} {claim.unit}, computed "
                f"{_plain(computed)} from the dataset (tolerance "
                f"{claim.derivation.tolerance:.1%}); correct the value, or, if its source "
                "states it so, mark the claim disputed with the source's words in quote:"
                + corrections(result.records, claims_file.parent)
            )
        elif problem := written_precision_problem(claim):
            error(problem, "value")  # agrees, but says more than its page shows
    return errors


# The keys of ``measures:`` that name a field of the results a derivation selects (those the
# Verification page shows, ``verification.MEASURE_LABELS``), with ``from`` and ``to`` rounds.
MEASURE_FIELDS = {
    "round": "round",
    "from": "round",
    "to": "round",
    "model": "model",
    "scenario": "scenario",
    "suite": "suite",
    "division": "division",
    "submitter": "submitter",
    "system": "system_name",
    "platform": "platform",
    "result_id": "result_id",
    "accelerators": "total_accelerators",
}


def measures_problem(claim, records) -> str | None:
    """What ``measures:`` says that the results of the derivation are not (the Verification
    page shows ``measures``: a claim derived from a Server result must not say Offline there),
    or None. A value agrees when one of the records has it (a ratio measures two results)."""
    wrong = []
    for key, field in MEASURE_FIELDS.items():
        if key not in claim.measures:
            continue
        written = str(claim.measures[key])
        have = {str(getattr(r, field)) for r in records}
        if field == "result_id":
            written = canonical_result_id(written)
        if written not in have:
            wrong.append(
                f"{key}: {claim.measures[key]} (the results are {' and '.join(sorted(have))})"
            )
    if not wrong:
        return None
    return (
        f"measures {'; '.join(wrong)}, which its derivation does not select "
        f"({', '.join(r.shown_id + ' ' + r.model + ' ' + r.scenario for r in records)}): "
        "measures says what the figure is on the Verification page; write what the "
        "derivation selects, or fix the derivation"
    )


def elsewhere(claim, used, records) -> str:
    """When a claim of formula ``result`` states the figure of another result than the one its
    derivation selects (the Offline figure of a claim derived from Server, say), a clause that
    names that result: the figure follows the derivation, so the fix is the selector, not the
    value. "" otherwise."""
    if claim.derivation.formula != "result":
        return ""
    places = claim.precision
    same = [
        r
        for r in records
        if r not in used
        and r.units == used[0].units
        and rounded(r.result, places) == rounded(claim.value, places)
    ]
    if not same:
        return ""
    r = same[0]
    return (
        f"; {_plain(claim.value)} is the result of {r.shown_id} ({r.submitter}, {r.model}, "
        f"{r.scenario}, {r.round}): if the article means that result, select it in the "
        "derivation, and the page will show its figure"
    )


def spec_problem(
    claim, registry: Registry, cards: dict[str, specs.Card] | None = None
) -> str | None:
    """What is wrong with a claim quoting an accelerator card (``claim.spec``), or None: the
    card and its value must exist, the claim's unit must be the card field's, its value must
    equal the card's within the default tolerance (the vendor's rounding), and one of its
    sources must be the card value's source (the same address: a vendor datasheet, or Epoch
    AI's dataset or the row's datasheet), so that the claim cites what the card cites."""
    cards = specs.cards() if cards is None else cards
    card = cards.get(claim.spec.accelerator)
    value = card.values.get(claim.spec.field) if card else None
    if value is None:
        return (
            f"the card of '{claim.spec.accelerator}' has no {claim.spec.field} "
            "(data/accelerator_specs.yaml): add the vendor's figure there first"
        )
    if claim.unit != value.field.unit:
        return f"unit {claim.unit!r}, but the card gives {claim.spec.field} in {value.field.unit}"
    tolerance = claim.derivation.tolerance if claim.derivation else 0.005
    if abs(claim.value - value.value) > tolerance * value.value:
        return (
            f"states {_plain(claim.value)} {claim.unit}, but the card gives "
            f"{_plain(value.value)} {claim.unit} ({value.source.publisher})"
        )
    addresses = {value.source.url, value.source.datasheet} - {None}
    cited = {registry.sources[s].url for s in claim.sources if s in registry.sources}
    if not addresses & cited:
        return (
            "cite the card's source: add a source with the address "
            f"{' or '.join(sorted(addresses))} to sources and to the claim"
        )
    return None


def withdrawn_problem(claim, data: Dataset) -> str | None:
    """Why a claim's derivation finds no result when one of its results was withdrawn (a
    corrected MLCommons summary no longer holds it; ``generator/data/withdrawn.py``), else
    None."""
    for selector in claim.derivation.results:
        live = any(selector.matches(r) for r in data.records)
        gone = [w for w in data.withdrawn if selector.matches(w.record)]
        if not live and gone:
            w = gone[0]
            source = w.withdrawn_by.split(";")[0].split()
            return (
                f"result {w.record.shown_id} ({w.record.model}, {w.record.scenario}, "
                f"{w.record.submitter} {w.record.system_name}) was withdrawn on "
                f"{w.withdrawn_on}: the import of {source[0] if source else '?'} (sha256 "
                f"{source[1][:12] if len(source) > 1 else '?'}…) no longer found it in "
                f"MLCommons' summary (data/withdrawn/{w.record.round}.csv); quote another "
                "result or remove the claim"
            )
    return None


def corrections(records, data_dir: Path) -> str:
    """The changelog entries that corrected a value of ``records`` (``changelog.entries_of``),
    as a clause for a claim's drift message; "" when none did."""
    found = []
    for r in records:
        for number, entry, change in changelog.entries_of(
            data_dir, r.round, r.result_id, r.model, r.scenario
        ):
            if change["field"] in ("result", "power_result", "total_accelerators", "units"):
                found.append(
                    f"data/changelog/{r.round}.json entry {number} ({entry['date']}, "
                    f"{', '.join(s['file'] for s in entry['sources'])}): "
                    f"{change['result_id']} {r.model} {r.scenario} {change['field']} "
                    f"{change['old']} → {change['new']}"
                )
    return ("; MLCommons corrected the result since: " + "; ".join(found)) if found else ""


def corrected_claims(registry: Registry, records: list[ResultRecord], data_dir: Path) -> list[str]:
    """Claims that quote a result MLCommons corrected since its first import (the changelog's
    ``changed`` items of a value: ``corrections``), with the value recomputed now: a note for
    the editor even where the stated figure still matches at its precision."""
    out = []
    for claim_id, claim in sorted(registry.claims.items()):
        if claim.derivation is None:
            continue
        try:
            result = recompute(claim.derivation, list(records))
        except (LookupError, ValueError):
            continue  # check_claims reports it
        if found := corrections(result.records, data_dir):
            out.append(
                f"claim '{claim_id}' (stated {_plain(claim.value)} {claim.unit}, "
                f"recomputed {_plain(result.value)}){found.removeprefix(';')}"
            )
    return out


def written_precision_problem(claim) -> str | None:
    """A figure of ours (not quoted from others) written with more decimals than its page
    shows (``precision.shown_decimals``: none from 10,000 up, one from 100, two below, two
    for a multiple, one for a percentage): ``11229.4`` would be checked and shown as
    ``11,229``, so the decimal in ``claims.yaml`` says what no reader reads. It must be
    written as the page shows it."""
    if claim.status in QUOTED_STATUSES:
        return None
    shown = shown_decimals(claim.value, claim.unit)
    if claim.stated_decimals <= shown:
        return None
    places = f"{shown} decimal{'s' if shown != 1 else ''}" if shown else "no decimals"
    return (
        f"written {claim.written} with {claim.stated_decimals} decimal"
        f"{'s' if claim.stated_decimals != 1 else ''}, but its page shows this figure with "
        f"{places} (generator/i18n/formatting.py, result_decimals): write "
        f"{rounded(claim.value, shown)}{' %' if claim.unit == '%' else ''}"
        ", the figure readers read"
    )


def precision_problem(claim, computed: float) -> str | None:
    """A ratio or percentage of ours (not quoted from others) stated with fewer than two
    significant figures (``3`` for 2.57) says less than the data, and its rounding hides the
    difference: it must be stated with two, unless ``rounding:`` says why not."""
    if (
        claim.unit not in ("x", "%")
        or claim.status in QUOTED_STATUSES
        or claim.rounding
        or claim.significant_figures >= 2
    ):
        return None
    places = max(0, 1 - math.floor(math.log10(abs(computed)))) if computed else 1
    two = _plain(float(rounded(computed, places)))
    return (
        f"stated {claim.written}{' %' if claim.unit == '%' else '×'} with one significant "
        f"figure; the data give {_plain(computed)}: state {two} (two significant figures), "
        "or say why in rounding:"
    )
