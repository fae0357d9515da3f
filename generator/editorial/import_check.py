"""What an import must pass besides the dataset's own rules: the claims and articles that
``check`` validates, run on the staged dataset before anything is written (``importer.run_import``'s
``validate``), so that an import never writes a dataset that ``check`` or the build then rejects.
"""

from __future__ import annotations

from pathlib import Path

from generator.data import dataset
from generator.editorial.check import _read_all
from generator.editorial.claim_checks import _plain, check_claims
from generator.editorial.claims import load_registry
from generator.editorial.recomputation import recompute
from generator.errors import InputError, InputErrors


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
    failing = {(e.where, e.problem) for e in check_claims(registry, posts, before,
                                                          data_dir / "claims.yaml")}

    def validate(staged: Path) -> tuple[list[InputError], list[str]]:
        after = dataset.load(staged)
        problems = [InputError(e.path, e.where, e.field, f"this import would break {e.problem}")
                    for e in check_claims(registry, posts, after, staged / "claims.yaml")
                    if (e.where, e.problem) not in failing]
        remarks = []
        for claim_id, claim in sorted(registry.claims.items()):
            if claim.derivation is None:
                continue
            try:
                old = recompute(claim.derivation, list(before.records)).value
                new = recompute(claim.derivation, list(after.records)).value
            except (LookupError, ValueError):
                continue
            if old != new:
                remarks.append(f"claim '{claim_id}': its recomputed value changes from "
                               f"{_plain(old)} to {_plain(new)} {claim.unit} "
                               f"({(new - old) / old:+.2%})")
        return problems, remarks
    return validate
