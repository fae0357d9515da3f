"""What ``check`` asks of claims: each derivation selects its results and applies to them, a
figure stated rounded agrees with its computation, a preview figure follows its product,
comparisons state their differences; preview claims followed up; every accelerator in a
family."""

from __future__ import annotations

import datetime as dt
import math
from collections import defaultdict
from pathlib import Path

from generator.data import changelog, publication
from generator.data.dataset import Dataset
from generator.data.editor_yaml import claim_lines, key_lines
from generator.data.schema import ResultRecord, round_key
from generator.editorial.articles import Article
from generator.editorial.claims import DEFAULT_TOLERANCE, QUOTED_STATUSES, Preview, Registry
from generator.editorial.guidelines import unstated_differences
from generator.editorial.precision import rounded, shown_decimals
from generator.editorial.recomputation import figure, recompute
from generator.errors import InputError
from generator.model import families, specs
from generator.model import preview_tracker as previews
from generator.model.qualifiers import due_round


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
        if claim.derivation is None or (
            claim.preview is not None and claim.preview.phase != "open"
        ):
            continue
        try:
            used = recompute(claim.derivation, list(records)).records
        except (LookupError, ValueError):
            continue  # check_claims reports it
        for record in used:
            if record.category != "preview":
                continue
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


def preview_problem(
    claim, status: str, records, rounds: dict[str, dt.date] | None = None
) -> str | None:
    """A ``preview`` block that the results contradict (a claim whose results are all
    available has no product to follow), or a preview figure without one (its flag says by
    when the product is due: the due round's publication date from ``rounds``,
    ``{round: date}``, when it is known, else the window of ``preview_window_problem``). None
    when they agree."""
    previews_used = [r for r in records if r.category == "preview"]
    if status == "preview" and claim.preview is None:
        first = min(previews_used, key=lambda r: round_key(r.round))
        due, rounds = due_round(first.round), rounds or {}
        if due in rounds:
            day = rounds[due].isoformat()
            when = f"`preview: {{available_by: {day}}}`, the publication of {due}"
        elif first.round in rounds:
            start = rounds[first.round]
            low = start + dt.timedelta(days=PREVIEW_MIN_DAYS)
            high = start + dt.timedelta(days=PREVIEW_MAX_DAYS)
            when = (
                f"`preview: {{available_by: YYYY-MM-DD}}`, the date {due} is announced for, "
                f"from {low.isoformat()} to {high.isoformat()}"
            )
        else:
            when = f"`preview: {{available_by: YYYY-MM-DD}}`, the date of {due}"
        return (
            f"{first.shown_id} is a preview result, so the figure is flagged ◔ preview and its "
            f"tooltip says by when the product is due: add {when} (MLCommons' preview rule: "
            "by the next round)"
        )
    if claim.preview is not None and not previews_used:
        return (
            "has a preview block, but the results it selects are all in the available "
            f"category ({', '.join(r.shown_id for r in records)}): remove preview:"
        )
    return None


def preview_due_dates(
    registry: Registry, records: list[ResultRecord], rounds: dict[str, dt.date]
) -> list[str]:
    """Preview claims whose ``available_by`` is not the publication date of the round their
    preview result was due in, when ``rounds`` (``{round: date}``, ``data/rounds.yaml``) holds
    it: MLCommons' preview rule makes a preview of one round due in the next
    (``qualifiers.due_round``). A note, not an error: a new round's import must not wait for
    the editor, who then writes the date the data give."""
    out = []
    for claim_id, claim in sorted(registry.claims.items()):
        if claim.preview is None or claim.derivation is None:
            continue
        try:
            used = recomputed(claim.derivation, records).records
        except (LookupError, ValueError):
            continue  # check_claims reports it
        previews_used = [r for r in used if r.category == "preview"]
        if not previews_used:
            continue
        first = min(previews_used, key=lambda r: round_key(r.round))
        due = due_round(first.round)
        day = rounds.get(due)
        if day is not None and claim.preview.available_by != day:
            out.append(
                f"claim '{claim_id}': preview.available_by "
                f"{claim.preview.available_by.isoformat()}, but {first.shown_id} (preview in "
                f"{first.round}) was due in {due}, published on {day.isoformat()} "
                f"(data/rounds.yaml): write `available_by: {day.isoformat()}`"
            )
    return out


# MLCommons' preview rule (mlcommons/policies, submission_rules.adoc, "Preview Systems"): a
# preview must be available by the next submission round, or by the first round after 140 days
# if that is later. MLPerf Inference publishes two rounds a year, so the next round comes within
# a year of the preview's round: a date past that promises more than the rule gives.
PREVIEW_MIN_DAYS = 140
PREVIEW_MAX_DAYS = 365


def preview_window_problem(claim, records, rounds: dict[str, dt.date]) -> str | None:
    """A typed ``preview.available_by`` the rule cannot give, while the due round is not yet in
    ``rounds`` (``{round: publication date}``, ``data/rounds.yaml``; once it is,
    ``preview_due_dates`` asks for its date): before 140 days after the publication of the
    preview's round, or more than a year after it. ``records``: the claim's selected results.
    None when the date is within the window, or nothing can be said."""
    previews_used = [r for r in records if r.category == "preview"]
    if claim.preview is None or not previews_used:
        return None
    first = min(previews_used, key=lambda r: round_key(r.round))
    due = due_round(first.round)
    start = rounds.get(first.round)
    if due in rounds or start is None:
        return None
    low = start + dt.timedelta(days=PREVIEW_MIN_DAYS)
    high = start + dt.timedelta(days=PREVIEW_MAX_DAYS)
    if low <= claim.preview.available_by <= high:
        return None
    return (
        f"preview.available_by {claim.preview.available_by.isoformat()} is not a date "
        f"MLCommons' preview rule gives {first.shown_id} (preview in {first.round}, published "
        f"{start.isoformat()}): its product is due by the next round, {due}, and no sooner "
        f"than {PREVIEW_MIN_DAYS} days after its round, so by a date from {low.isoformat()} to "
        f"{high.isoformat()} (two rounds a year). Write the date {due} is announced for, "
        "within that window; once data/rounds.yaml holds it, check asks for its publication "
        "date"
    )


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


# What a preview block says of its product, which every claim quoting the result must say alike.
PREVIEW_FIELDS = ("available_by", "confirmed", "confirmed_in", "retracted")


def _shown(value) -> str:
    """A preview field's value as an editor writes it (a date in ISO form), or "none"."""
    return "none" if value is None else value.isoformat() if hasattr(value, "isoformat") else value


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
                    "[[claim:ID]] (or [[id:ID]] for its result ID) with an id of lowercase "
                    "letters, digits, dots and hyphens and no space",
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
                errors.append(
                    InputError(post.path, f"line {ref.line}", None, registry.unknown(ref.claim_id))
                )
            used_at[ref.claim_id].append((post.path, ref.line))
    lines = claim_lines(claims_file)
    keys = key_lines(claims_file.read_text(encoding="utf-8"))
    rounds = publication.read(claims_file.parent)
    published = {day: name for name, day in rounds.items()}

    def field_line(claim_id: str, field: str) -> int | None:
        # A key of the claim, or a dotted path ("preview.available_by"): the line to fix, or
        # its parent key's when the path is not written.
        path = ("claims", claim_id, *field.split("."))
        return keys.get(path) or (keys.get(path[:-1]) if "." in field else None)

    # {(round, result ID): [(claim id, its preview block), ...]}: one product, one follow-up.
    previews_of: dict[tuple[str, str], list[tuple[str, Preview]]] = defaultdict(list)
    for claim_id, claim in registry.claims.items():
        where = f"line {lines[claim_id]}" if claim_id in lines else None
        quoted = (
            "; quoted in " + ", ".join(f"{path} line {line}" for path, line in used_at[claim_id])
            if used_at.get(claim_id)
            else ""
        )

        def error(problem, field=None):
            line = field_line(claim_id, field) if field else None
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
            if problem := written_precision_problem(claim, claim.value, claim.unit):
                error(problem, "value")
            continue
        try:
            result = recomputed(claim.derivation, records)
        except LookupError as exc:
            error(withdrawn_problem(claim, data) or f"derivation points at no single result: {exc}")
            continue
        except ValueError as exc:
            error(f"derivation does not apply: {exc}", "derivation")
            continue
        try:
            shown = figure(claim, result)
        except ValueError as exc:
            error(str(exc), "stated" if "stated" in str(exc) else "derivation")
            continue
        if problem := preview_problem(claim, shown.status, result.records, rounds):
            error(problem, "preview")
            continue
        if problem := preview_window_problem(claim, result.records, rounds):
            error(problem, "preview.available_by")
            continue
        if claim.preview is not None:
            for r in result.records:
                if r.category == "preview":
                    previews_of[r.round, r.result_id].append((claim_id, claim.preview))
        if unstated := unstated_differences(
            claim.derivation.formula, claim.derivation.differences, result.records
        ):
            error(
                f"{'sums' if claim.derivation.formula == 'sum' else 'compares'} results "
                f"that differ in {', '.join(unstated)}: MLCommons' results "
                "guidelines ask a comparison to state every difference in round, division, "
                "category, scenario and accelerator count, and a ratio (or a sum) of two "
                "benchmarks or suites is no like-for-like figure; if the comparison is meant, add "
                f"`differences: [{', '.join(unstated)}]` to its derivation",
                "derivation",
            )
            continue
        if claim.stated is None or shown.status == "disputed":
            continue  # a disputed figure is its source's, rounded as its author chose
        if problem := precision_problem(claim, shown.computed, shown.unit):
            error(problem, "stated")
            continue
        places = shown.precision
        sign = " %" if shown.unit == "%" else "×" if shown.unit == "x" else f" {shown.unit}"
        if not shown.agrees:
            at = _plain(float(rounded(shown.computed, places)))
            error(
                f"stated {_plain(shown.stated)}{sign}, but its derivation computes "
                f"{_plain(shown.computed)}{sign} from the dataset, which is {at}{sign} at the "
                f"stated precision ({places} decimal{'s' if places != 1 else ''}): a figure "
                "from the data is what the data give. Write "
                f"`stated: {at}{' %' if shown.unit == '%' else ''}`, or remove stated: and "
                "the page shows the computed figure; if the article quotes a source that "
                "published this figure, add quote: with its words, and the claim is flagged "
                "disputed"
                + elsewhere(claim, shown, result.records, records)
                + corrections(result.records, claims_file.parent),
                "stated",
            )
        elif problem := written_precision_problem(claim, shown.computed, shown.unit):
            error(problem, "stated")  # agrees, but says more than its page shows
    for (round_name, result_id), quoted in sorted(previews_of.items()):
        for field in PREVIEW_FIELDS:
            said = {claim_id: getattr(preview, field) for claim_id, preview in quoted}
            if len(set(said.values())) < 2:
                continue
            # One error for the result, at the first claim that says it, naming every claim
            # and what it says: which of them is right is the editor's to know.
            claim_id = quoted[0][0]
            line = field_line(claim_id, f"preview.{field}")
            errors.append(
                InputError(
                    claims_file,
                    f"line {line}",
                    f"claims.{claim_id}.preview.{field}",
                    f"the claims quoting the preview result {round_name} {result_id} give it "
                    f"different preview.{field}: "
                    + ", ".join(f"'{cid}' {_shown(value)}" for cid, value in said.items())
                    + ". One product has one follow-up (due date, confirmation or retraction), "
                    f"whichever claim quotes it: write the same {field} in each",
                )
            )
    return errors


def elsewhere(claim, shown, used, records) -> str:
    """When a claim of formula ``result`` states the figure of another benchmark or scenario of
    the same system (the Offline figure of a claim derived from Server, say), a clause that
    names it: the figure follows the derivation, so if the article means that result, the
    fix is the selector. Never another system's result: a figure is not corrected by quoting
    someone else's. "" otherwise."""
    if claim.derivation.formula != "result":
        return ""
    places = shown.precision
    same = [
        r
        for r in records
        if r not in used
        and r.round == used[0].round
        and r.result_id == used[0].result_id
        and r.units == used[0].units
        and rounded(r.result, places) == rounded(shown.stated, places)
    ]
    if not same:
        return ""
    r = same[0]
    return (
        f". {claim.stated} is the same system's result in {r.model} {r.scenario}: if the "
        "article means that figure, select that benchmark and scenario in the derivation "
        "(and say them in the sentence)"
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
    tolerance = DEFAULT_TOLERANCE
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
            shown = figure(claim, result)
        except (LookupError, ValueError):
            continue  # check_claims reports it
        if found := corrections(result.records, data_dir):
            stated = f"stated {_plain(shown.stated)} {shown.unit}, " if claim.stated else ""
            out.append(
                f"claim '{claim_id}' ({stated}recomputed {_plain(shown.computed)}"
                f"{'' if stated else ' ' + shown.unit}){found.removeprefix(';')}"
            )
    return out


def written_precision_problem(claim, value: float, unit: str) -> str | None:
    """A figure of ours (not quoted from others) written with more decimals than its page
    shows (``precision.shown_decimals`` of ``value`` in ``unit``: none from 10,000 up, one
    from 100, two below, two for a multiple, one for a percentage): ``11229.4`` would be
    checked and shown as ``11,229``, so the decimal in ``claims.yaml`` says what no reader
    reads. It must be written as the page shows it."""
    if not claim.computed and claim.status in QUOTED_STATUSES:
        return None
    shown = shown_decimals(value, unit)
    if claim.stated_decimals <= shown:
        return None
    places = f"{shown} decimal{'s' if shown != 1 else ''}" if shown else "no decimals"
    return (
        f"written {claim.written} with {claim.stated_decimals} decimal"
        f"{'s' if claim.stated_decimals != 1 else ''}, but its page shows this figure with "
        f"{places} (generator/i18n/formatting.py, result_decimals): write "
        f"{rounded(claim.figure_typed, shown)}{' %' if unit == '%' else ''}"
        ", the figure readers read"
    )


def precision_problem(claim, computed: float, unit: str) -> str | None:
    """A ratio or percentage of ours stated with fewer than two significant figures (``3``
    for 2.57) says less than the data, and its rounding hides the difference: it must be
    stated with two, unless ``rounding:`` says why not."""
    if unit not in ("x", "%") or claim.rounding or claim.significant_figures >= 2:
        return None
    places = max(0, 1 - math.floor(math.log10(abs(computed)))) if computed else 1
    two = _plain(float(rounded(computed, places)))
    return (
        f"stated {claim.written}{' %' if unit == '%' else '×'} with one significant "
        f"figure; the data give {_plain(computed)}: state {two} (two significant figures), "
        "or say why in rounding:"
    )
