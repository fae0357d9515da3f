"""The round report (``results/<round>/report/``): what is new in a round against the previous
one, as ``model.round_report`` computes it, rendered in each language with every row linking
its results (the explorer filtered to a result ID, the benchmark and submitter pages)."""

from __future__ import annotations

from jinja2 import Environment

from generator.data import organizations
from generator.data.dataset import Dataset, result_url
from generator.data.identity import IdPublication
from generator.data.names import Naming
from generator.model.download_rows import result_id_fields
from generator.model.preview_tracker import due_round
from generator.model.round_report import RoundReport, round_reports
from generator.pages.output import RESULTS, Page, downloads

REPORT = "report"  # results/<round>/report/


def report_pages(
    env: Environment,
    dataset: Dataset,
    naming: Naming,
    publications: dict[str, IdPublication] | None = None,
) -> list[Page]:
    """The report of every round of ``dataset`` and the downloads of its tables (the same
    systems' results, the records per benchmark), in the language of ``env``. A round of
    ``publications`` (``changelog.id_publications``) says that MLCommons published its official
    result IDs: when this dataset read them, how many, how many now name another system, with
    a link to the data page's table."""
    pages: list[Page] = []
    for report in round_reports(list(dataset.records)):
        folder = f"{RESULTS}/{report.round}/{REPORT}"
        missing = report.previous is not None and due_round(report.previous) != report.round
        pages.append(
            Page(
                f"{folder}/index.md",
                env.get_template("round_report.md.j2").render(
                    report=report,
                    publication=(publications or {}).get(report.round),
                    missing=missing,
                    skipped=due_round(report.previous) if report.previous else None,
                    names=organization_names(dataset, report),
                    slugs=naming.submitters,
                    joint=sorted(
                        {
                            (s, organizations.organizations_of(s))
                            for name in filter(None, (report.round, report.previous))
                            for s in {r.submitter for r in dataset.of_round(name)}
                            if organizations.is_joint(s)
                        }
                    ),
                ),
            )
        )
        if report.previous is None:  # the page says there is nothing to compare with
            continue
        pages += downloads(f"{folder}/records", [record_row(report, r) for r in report.records])
        if not report.same_systems:  # nothing to link: the page says so
            continue
        pages += downloads(
            f"{folder}/same-systems",
            [
                {
                    "suite": s.benchmark.suite,
                    "model": s.benchmark.model,
                    "scenario": s.benchmark.scenario,
                    "units": s.benchmark.units[0],
                    "submitter": s.record.submitter,
                    "system_name": s.record.system_name,
                    "total_accelerators": s.record.total_accelerators,
                    "previous_round": s.previous.round,
                    **result_id_fields(s.previous, "previous_"),
                    "previous_result": s.benchmark.value(s.previous),
                    **result_id_fields(s.record),
                    "result": s.benchmark.value(s.record),
                    "improvement": s.ratio,
                    "previous_result_url": result_url(s.previous.round, s.previous.location),
                    "result_url": result_url(s.record.round, s.record.location),
                }
                for s in report.same_systems
            ],
        )
    return pages


def record_row(report: RoundReport, r) -> dict:
    """One row of the records download: the benchmark, the round's best and the earlier best
    (empty without one) with their IDs and URLs, and the improvement (``ratio``)."""
    b, previous = r.benchmark, r.previous
    none = dict.fromkeys(result_id_fields(r.best, "previous_"))
    return {
        "suite": b.suite,
        "model": b.model,
        "scenario": b.scenario,
        "units": b.units[0],
        **result_id_fields(r.best),
        "submitter": r.best.submitter,
        "system_name": r.best.system_name,
        "result": b.value(r.best),
        "previous_round": previous.round if previous else None,
        **(result_id_fields(previous, "previous_") if previous else none),
        "previous_result": b.value(previous) if previous else None,
        "improvement": r.ratio,
        "record": r.broken,
        "result_url": result_url(r.best.round, r.best.location),
    }


def organization_names(dataset: Dataset, report: RoundReport) -> dict[str, dict[str, list[str]]]:
    """``{round: {organization: [submitter names]}}`` for the report's round and the previous
    one: the submitter names (``organizations.submitter_name``) under which each organization
    submitted, so that an organization links its submitter pages (Stevens Institute of
    Technology: ``Lambda_SIT``)."""
    out: dict[str, dict[str, list[str]]] = {}
    for name in filter(None, (report.round, report.previous)):
        table: dict[str, list[str]] = {}
        for submitter in sorted(
            {organizations.submitter_name(r.submitter) for r in dataset.of_round(name)},
            key=str.casefold,
        ):
            for organization in organizations.organizations_of(submitter):
                table.setdefault(organization, []).append(submitter)
        out[name] = table
    return out
