"""What page generation produces: Markdown pages, chart images and CSV/JSON downloads."""

from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass

from generator.data.dataset import result_url
from generator.data.schema import ResultRecord
from generator.i18n.languages import Language
from generator.model.open_division import disclosure_fields
from generator.model.qualifiers import per_accelerator

RESULTS = "results"  # where the results pages live, below each language


@dataclass(frozen=True)
class Page:
    """A generated file: ``path`` relative to the language's docs folder, and its content."""

    path: str
    content: str


@dataclass(frozen=True)
class SharedDownload(Page):
    """A download with no text of the page's language (``downloads``): the same file in every
    language, so it is published once for all of them, at ``downloads/<path>`` below the site
    root (``site.downloads``), not in each language's folder."""


@dataclass(frozen=True)
class ChartImage:
    """A static SVG still to render from a Vega-Lite ``spec`` (rendering is the slow step, so the
    writer renders only charts whose spec changed)."""

    path: str
    spec_path: str
    spec: dict
    lang: Language

    def render(self) -> str:
        """The SVG text (vl-convert)."""
        # Imported where charts are drawn: Altair's import was half a second of every MkDocs
        # build's start (the preview's hook names ``Page``).
        from generator.pages.charts import render_svg

        return render_svg(self.spec, self.lang)


DOWNLOAD_FIELDS = ("rank", "round", "suite", "model", "scenario", "result_id",
                   "result_id_canonical", "result_id_derived", "division", "category",
                   "submitter", "system_name", "accelerator", "total_accelerators", "result",
                   "units", "result_per_accelerator", "accelerator_mixed", "used_model",
                   "accuracy", "meets_closed_accuracy_target", "accuracy_target_source",
                   "result_url")
# Columns whose text is the page language's: a row's citation (``filters.citation``), a claim's
# flag label and the articles of the language that quote it (``home.editorial_pages``). Every
# other column of a download holds data only (figures, IDs, MLCommons' names and spellings,
# URLs), the same in every language.
LOCALIZED_FIELDS = frozenset({"citation", "label", "articles"})
# Columns read from the record as they are (the ID ones through ``result_id_fields``); the
# others are computed in ``download_rows``.
RECORD_FIELDS = DOWNLOAD_FIELDS[1:DOWNLOAD_FIELDS.index("used_model")]


def result_id_fields(record: ResultRecord, prefix: str = "") -> dict:
    """The three fields by which every download names a result's ID: ``result_id`` as the
    pages show it (MLCommons' published spelling, ``v4.1-0043``), ``result_id_canonical``
    (``4.1-0043``) and ``result_id_derived`` (true when this site derived the ID with
    MLCommons' rule because MLCommons published none), each name after ``prefix``."""
    return {f"{prefix}result_id": record.shown_id,
            f"{prefix}result_id_canonical": record.result_id,
            f"{prefix}result_id_derived": record.result_id_derived}


def download_rows(records: list[ResultRecord], ranks: list[int | None] | None = None,
                  cite=None) -> list[dict]:
    """Rows of a table or chart of results as offered for download: the rank (within the list
    given, or ``ranks``), the benchmark, the result ID (``result_id_fields``) and the fields
    shown on the page, in MLCommons' units, what an open-division result ran and how
    accurately (``open_division.disclosure_fields``) and the official result folder's URL. The
    per-accelerator figure is the page's (``qualifiers.per_accelerator``): empty for a
    mixed-accelerator system and for a result no accelerator ran. With
    ``cite`` (``record -> text``, the page language's ``filters.citation``), each row also
    carries its ``citation``, ready to copy."""
    ranks = ranks or list(range(1, len(records) + 1))
    rows = []
    for rank, r in zip(ranks, records):
        ids = result_id_fields(r)
        rows.append({"rank": rank, **{f: ids[f] if f in ids else getattr(r, f)
                                      for f in RECORD_FIELDS},
                     "result_per_accelerator": per_accelerator(r),
                     **disclosure_fields(r), "result_url": result_url(r.round, r.location),
                     **({"citation": cite(r)} if cite else {})})
    return rows


def downloads(stem: str, rows: list[dict]) -> list[Page]:
    """``<stem>.csv`` and ``<stem>.json`` of ``rows`` (UTF-8, stable order and layout; the
    columns are the keys of the rows, in order).

    The rule of where they are published is the kind of their columns: with a column of
    ``LOCALIZED_FIELDS`` they are the language's (``Page``, in its folder), otherwise they are
    data only and the same in every language (``SharedDownload``, published once)."""
    fields = list(rows[0]) if rows else list(DOWNLOAD_FIELDS)
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=fields, lineterminator="\n")
    writer.writeheader()
    writer.writerows({k: "" if v is None else v for k, v in row.items()} for row in rows)
    kind = Page if LOCALIZED_FIELDS.intersection(fields) else SharedDownload
    return [kind(f"{stem}.csv", buffer.getvalue()),
            kind(f"{stem}.json", json.dumps(rows, ensure_ascii=False, indent=1) + "\n")]
