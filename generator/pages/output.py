"""What page generation produces: Markdown pages, chart images and CSV/JSON downloads."""

from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass

from generator.data.schema import ResultRecord
from generator.i18n.languages import Language
from generator.model.download_rows import DOWNLOAD_FIELDS, result_rows

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


# Columns whose text is the page language's: a row's citation (``filters.citation``), a claim's
# flag label and the articles of the language that quote it (``home.editorial_pages``). Every
# other column of a download holds data only (figures, IDs, MLCommons' names and spellings,
# URLs), the same in every language.
LOCALIZED_FIELDS = frozenset({"citation", "label", "articles"})


def download_rows(
    records: list[ResultRecord], ranks: list[int | None] | None = None, cite=None
) -> list[dict]:
    """Rows of a table or chart of results as offered for download: each result with the
    dataset's columns and qualifiers (``download_rows.result_rows``: its rank within the list
    given, or ``ranks``). With ``cite`` (``record -> text``, the page language's
    ``filters.citation``), each row also carries its ``citation``, ready to copy."""
    rows = result_rows(records, ranks)
    if cite:
        rows = [{**row, "citation": cite(record)} for row, record in zip(rows, records)]
    return rows


# The language-neutral downloads last serialised, by stem: (rows, pages). Every language makes
# the same rows; their files are written once (serialising them was 7 % of the pages' CPU when
# each language did it again).
_SHARED: dict[str, tuple[list[dict], list[Page]]] = {}


def downloads(stem: str, rows: list[dict]) -> list[Page]:
    """``<stem>.csv`` and ``<stem>.json`` of ``rows`` (UTF-8, stable order and layout; the
    columns are the keys of the rows, in order).

    The rule of where they are published is the kind of their columns: with a column of
    ``LOCALIZED_FIELDS`` they are the language's (``Page``, in its folder), otherwise they are
    data only and the same in every language (``SharedDownload``, published once). The files
    of language-neutral rows equal (``==``) to the rows last given under ``stem`` are those
    made then."""
    fields = list(rows[0]) if rows else list(DOWNLOAD_FIELDS)
    shared = not LOCALIZED_FIELDS.intersection(fields)
    if shared:
        last = _SHARED.get(stem)
        # Equal rows of the same columns in the same order (a dict's == ignores the order).
        if last is not None and last[0] == rows and (not rows or list(last[0][0]) == fields):
            return list(last[1])
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=fields, lineterminator="\n")
    writer.writeheader()
    writer.writerows({k: "" if v is None else v for k, v in row.items()} for row in rows)
    kind = SharedDownload if shared else Page
    pages = [
        kind(f"{stem}.csv", buffer.getvalue()),
        kind(f"{stem}.json", json.dumps(rows, ensure_ascii=False, indent=1) + "\n"),
    ]
    if shared:
        _SHARED[stem] = (rows, pages)
    return pages
