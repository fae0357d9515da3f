"""What an import must pass besides the dataset's own rules: the claims and articles that
``check`` validates, run on the staged dataset before anything is written (``importer.run_import``'s
``validate``), so that an import never writes a dataset that ``check`` or the build then rejects.
"""

from __future__ import annotations

import re
from pathlib import Path

from generator.data import changelog, dataset, identity
from generator.editorial.articles import ID_REFERENCE
from generator.editorial.check import _read_all
from generator.editorial.claim_checks import _plain, check_claims
from generator.editorial.claims import load_registry
from generator.editorial.recomputation import figure, recompute
from generator.errors import InputError, InputErrors
from generator.i18n.prose import mask_comments


def claims_validator(root: Path):
    """A ``validate`` step for ``importer.run_import`` over the project at ``root``.

    The returned function takes the staged ``data/`` folder and returns ``(problems, remarks)``:
    the claim problems ``check`` would report on the staged dataset and does not report now (a
    claim whose figure no longer matches, one whose result was withdrawn), each prefixed with
    "this import would break"; and one remark per claim whose recomputed value the import
    changes (old -> new).
    Claims or articles that do not load are left for ``check`` to report.
    """
    data_dir = root / "data"
    try:
        registry = load_registry(data_dir / "claims.yaml")
        before = dataset.load(data_dir)
    except (InputErrors, InputError, OSError):
        return None
    posts = _read_all(root / "docs", [])
    # What already fails check is check's to report, not this import's.
    failing = {
        (e.where, e.problem)
        for e in check_claims(registry, posts, before, data_dir / "claims.yaml")
    }

    def validate(staged: Path) -> tuple[list[InputError], list[str]]:
        after = dataset.load(staged)
        # Read again beside the staged data: a derived ID whose official ID this import
        # publishes follows its system (``claims.rebind``), as check will read it.
        rebound = load_registry(staged / "claims.yaml")
        problems = [
            InputError(
                e.path,
                e.where,
                e.field,
                f"this import would break {e.problem}"
                f"{_moves(e.problem, registry, before, data_dir, staged)}"
                f"{_published_ids(e.problem, registry, data_dir, staged)}",
            )
            for e in check_claims(rebound, posts, after, staged / "claims.yaml")
            if (e.where, e.problem) not in failing
        ]
        # What the rebinding says, with the ID to write, for each selector this import rebinds.
        remarks = [
            note.replace(str(staged), str(data_dir))
            for note in rebound.rebound
            if note not in registry.rebound
        ]
        remarks += _id_references(posts, registry, rebound)
        for claim_id, claim in sorted(registry.claims.items()):
            if claim.derivation is None:
                continue
            try:
                old = figure(claim, recompute(claim.derivation, list(before.records)))
                new = figure(
                    rebound.claims[claim_id],
                    recompute(rebound.claims[claim_id].derivation, list(after.records)),
                )
            except (LookupError, ValueError):
                continue
            if old.computed != new.computed:
                remarks.append(
                    f"claim '{claim_id}': its recomputed value changes from "
                    f"{_plain(old.computed)} to {_plain(new.computed)} {new.unit} "
                    f"({(new.computed - old.computed) / old.computed:+.2%})"
                )
            if old.status != new.status:
                remarks.append(
                    f"claim '{claim_id}': its flag changes from {old.status} to {new.status}"
                )
        return problems, remarks

    return validate


def _id_references(posts, registry, rebound) -> list[str]:
    """One remark per ``[[id:CLAIM]]`` of an article whose claim this import rebinds to an
    official ID (``claims.rebind``): the reference follows the claim, so the page shows the
    official ID of the same system from now on, and the article's text needs no change (an
    article never types an ID: ``article_ids``)."""
    out = []
    for post in posts:
        body = mask_comments(post.body)
        for match in ID_REFERENCE.finditer(body):
            claim = rebound.claims.get(match.group(1))
            before = registry.claims.get(match.group(1))
            if claim is None or claim.derivation is None or before is None:
                continue
            moved = [
                f"{old.resolved_id} -> {new.resolved_id}"
                for old, new in zip(before.derivation.results, claim.derivation.results)
                if old.resolved_id != new.resolved_id and new.resolved_id
            ]
            if moved:
                line = post.body_line + body.count("\n", 0, match.start())
                out.append(
                    f"{post.path} line {line}: {match.group(0)} now shows the official ID of "
                    f"the same result ({', '.join(moved)}); the article needs no change"
                )
    return out


def _moves(problem: str, registry, before, data_dir: Path, staged: Path) -> str:
    """For a claim problem (``"claim 'ID': ..."``), the moves between divisions or categories
    this import makes to the results the claim quoted before it (the ``moved`` items of the
    changelog entries the import adds, ``changelog.entry``), as a clause; "" when none: a
    preview system now available is named as such, not only as a figure that changed."""
    found = re.match(r"claim '([^']+)'", problem)
    claim = registry.claims.get(found.group(1)) if found else None
    if claim is None or claim.derivation is None:
        return ""
    try:
        quoted = recompute(claim.derivation, list(before.records)).records
    except (LookupError, ValueError):
        return ""
    moves = []
    for round_name in sorted({r.round for r in quoted}):
        new = changelog.read_changelog(staged, round_name)[
            len(changelog.read_changelog(data_dir, round_name)) :
        ]
        keys = {(r.result_id, r.model, r.scenario) for r in quoted if r.round == round_name}
        moves += [
            f"{m['result_id']} {m['model']} {m['scenario']} from {m['division_old']} "
            f"{m['category_old']} to {m['division']} {m['category']}"
            for entry in new
            for m in entry.get("moved", [])
            if (m["result_id"].removeprefix("v"), m["model"], m["scenario"]) in keys
        ]
    return (
        (
            f"; this import moves the result it quoted: {'; '.join(moves)} (MLCommons moved "
            "it between divisions or categories)"
        )
        if moves
        else ""
    )


def _published_ids(problem: str, registry, data_dir: Path, staged: Path) -> str:
    """For a claim problem, the derived IDs the claim cites that this import's publication of
    official IDs supersedes (``identity.published_ids``, the new ``data/ids/<round>.csv``), as
    a clause saying which ID to write to keep quoting the same system -- not, as the figure
    alone would suggest, another system's figure under the old text of the ID."""
    found = re.match(r"claim '([^']+)'", problem)
    claim = registry.claims.get(found.group(1)) if found else None
    if claim is None or claim.derivation is None:
        return ""
    said = []
    for selector in claim.derivation.results:
        if identity.ids_table(data_dir, selector.round).exists():
            continue  # published before this import: check's own problem
        row = identity.read_published_ids(staged, selector.round).get(
            selector.result_id.removeprefix("v")
        )
        if row is None or row["official"] == row["derived"]:
            continue
        now = identity.read_published_ids(staged, selector.round)
        other = next((r for r in now.values() if r["official"] == row["derived"]), None)
        said.append(
            f"it cites {row['derived']}, the derived ID of {row['submitter']} "
            f"{row['system_name']}, whose official ID MLCommons now publishes as "
            f"{row['official']}"
            + (
                f"; {row['derived']} is now the official ID of "
                f"{other['submitter']} {other['system_name']}"
                if other
                else ""
            )
            + f": write result_id: {row['official']} to keep quoting the same result "
            f"({identity.ids_table(data_dir, selector.round).relative_to(data_dir.parent)})"
        )
    return ("; this import publishes MLCommons' result IDs: " + "; ".join(said)) if said else ""
