"""Verification flags: how claims look on a page, in every language.

``ClaimView`` is what a ``[[claim:ID]]`` of an article shows (``claim_markdown`` renders it in
the Markdown parse): the localized value and unit, a flag (icon, colour, short label; its
tooltip gives status, source and date) and a footnote in the form MLCommons' results guidelines
ask for (round, division, category, benchmark, scenario, result ID and location, retrieved
date); ``claims_table`` is the article's claims table. ``verification_page`` lists every claim
of the registry grouped by status.

A preview claim follows its product (``claims.Preview``): its label, tooltip, table rows and the
claims download say "available by <date>" while the product is awaited, and "confirmed" or
"retracted" with the date once that happened; a retracted preview's flag shows ``⊘``.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import html
import re
import xml.etree.ElementTree as etree
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property

from markdown.util import AtomicString
from markupsafe import Markup, escape

from generator.data.dataset import result_url
from generator.data.identity import Superseded
from generator.data.schema import ResultRecord
from generator.data.vocabulary import vocabulary
from generator.editorial import guidelines
from generator.editorial.article_structure import fences
from generator.editorial.claims import STATUSES, Claim, Registry, Source
from generator.editorial.figures import format_value
from generator.editorial.recomputation import Figure, Recomputation, figure, recompute
from generator.i18n.catalogs import N_, translations
from generator.i18n.formatting import format_day, tidy_spacing
from generator.i18n.languages import Language
from generator.i18n.prose import mask_comments
from generator.model.power import ENERGY_UNIT

FOOTNOTE_LABEL = re.compile(r"\[\^([^\]\s]+)\]")
ICONS = {
    "verified": "✔",
    "preview": "◔",
    "derived": "∑",
    "vendor": "⚑",
    "third-party": "◇",
    "unverified": "?",
    "disputed": "✖",
}
PREVIEW_ICONS = {"open": "◔", "confirmed": "◕", "seen": "◕", "retracted": "⊘"}
STATUS_LABELS = {
    "verified": N_("Verified"),
    "preview": N_("Preview"),
    "derived": N_("Derived"),
    "vendor": N_("Vendor figure"),
    "third-party": N_("Third-party estimate"),
    "unverified": N_("Unverified"),
    "disputed": N_("Disputed"),
}
STATUS_MEANINGS = {
    "verified": N_("Official MLCommons result in the available category."),
    "preview": N_(
        "Official MLCommons result in the preview category: the product was not yet "
        "available when it was submitted."
    ),
    "derived": N_("Computed by this site from official MLCommons results; the formula is shown."),
    "vendor": N_("Company figure. Result not verified by MLCommons Association."),
    "third-party": N_("Analyst or press estimate, not verified by MLCommons Association."),
    "unverified": N_("No source found yet."),
    "disputed": N_(
        "Our recomputation from the official results disagrees with the figure as published."
    ),
}
# A preview claim's label by phase of its product (claims.Preview.phase): short, as it follows
# the figure in running text; the dates are said once, by the tooltip's sentence.
PREVIEW_LABELS = {
    "open": N_("Preview"),
    "confirmed": N_("Preview, confirmed"),
    "seen": N_("Preview, confirmed"),
    "retracted": N_("Preview, retracted"),
}
PREVIEW_SENTENCES = {
    "open": N_("The product is to be available by %(due)s."),
    "confirmed": N_("The product was to be available by %(due)s and became available on %(date)s."),
    "seen": N_(
        "The product was to be available by %(due)s; it was first seen as available in "
        "%(round)s, published on %(date)s."
    ),
    "retracted": N_(
        "The product was to be available by %(due)s; the result was retracted on %(date)s."
    ),
}
# Keys of a claim's `measures` shown (translated) on the Verification page.
MEASURE_LABELS = {
    "round": N_("Round"),
    "model": N_("Model"),
    "scenario": N_("Scenario"),
    "suite": N_("Suite"),
    "division": N_("Division"),
    "submitter": N_("Submitter"),
    "system": N_("System"),
    "accelerators": N_("Accelerators"),
    "result_id": N_("Result ID"),
    "platform": N_("Platform"),
}
# Two compared results' values of one field (a round, a system...), on the Verification page.
# The title of the mark (†) after a result ID this project derived with MLCommons' rule, on
# every page that shows one (pages/marks.py) and in the citations of claims' footnotes.
DERIVED_ID_MARK = N_("ID derived with MLCommons' rule; MLCommons has not published it yet")
VERSUS = N_("%(first)s vs %(second)s")
FORMULA_LABELS = {
    "result": N_("official result"),
    "accelerators": N_("accelerators of the system under test"),
    "per_accelerator": N_("result ÷ accelerators"),
    "ratio of result": N_("ratio of two results"),
    "ratio of per_accelerator": N_("ratio of two results per accelerator"),
    "ratio of efficiency": N_("ratio of two energy efficiencies (MLPerf Power)"),
    "efficiency": N_("result ÷ average system power (MLPerf Power)"),
    "energy": N_("energy per query or stream (MLPerf Power), as published"),
    "sum": N_("sum of results"),
    "scaling_efficiency": N_("scaling efficiency: throughput at N ÷ (N/M × throughput at M)"),
}


@dataclass(frozen=True)
class ClaimView:
    """What a page shows of one claim, in one language."""

    claim_id: str
    claim: Claim
    registry: Registry
    recomputation: Recomputation | None
    lang: Language
    # {round: ISO date} this dataset read each round (changelog.retrieval_dates): the
    # retrieval date of a result's citation, the same as on its results page.
    retrieved: Mapping[str, str] = field(default_factory=dict)

    def _(self, text: str) -> str:
        return translations(self.lang).gettext(text)

    @cached_property
    def figure(self) -> Figure:
        """What the page shows of the claim (``recomputation.figure``): figure, unit,
        precision, status and scope, computed from its results when it has a derivation."""
        return figure(self.claim, self.recomputation)

    @property
    def status(self) -> str:
        """The claim's status (a key of ``claims.STATUSES``), computed or typed."""
        return self.figure.status

    @property
    def value(self) -> str:
        """The figure shown, with its unit, at its precision."""
        return format_value(self.figure.value, self.figure.unit, self.lang, self.figure.precision)

    @property
    def drifted(self) -> bool:
        """The stated figure disagrees with its recomputation (only in the editor's preview:
        ``check`` refuses it)."""
        return self.status != "disputed" and not self.figure.agrees

    @property
    def status_label(self) -> str:
        """The status's name: ``Preview``, ``Verified``..."""
        return self._(STATUS_LABELS[self.status])

    @property
    def preview_phase(self) -> str | None:
        """``open``, ``confirmed`` or ``retracted`` for a claim with a ``preview`` block."""
        return self.claim.preview.phase if self.claim.preview else None

    @property
    def icon(self) -> str:
        """The flag's icon: the status's, or the preview phase's (◔ open, ◕ confirmed,
        ⊘ retracted)."""
        phase = self.preview_phase
        return (
            "✖"
            if self.drifted
            else PREVIEW_ICONS[phase]
            if phase and self.status == "preview"
            else ICONS[self.status]
        )

    @property
    def classes(self) -> str:
        """CSS classes after ``claim``: the status's, and a preview's phase as a second one
        (``claim--preview claim--retracted``, which strikes the value through)."""
        phase = self.preview_phase if self.status == "preview" else None
        return (
            f"claim--{self.status}"
            + (f" claim--{phase}" if phase else "")
            + (" claim--drifted" if self.drifted else "")
        )

    @property
    def label(self) -> str:
        """The flag's label: the status, and for a preview the phase of its product
        (``Preview, retracted``); the tooltip gives the dates."""
        preview = self.claim.preview
        if self.drifted:
            stated = format_value(
                self.figure.stated, self.figure.unit, self.lang, self.claim.stated_decimals
            )
            return self._("Stated %(stated)s, the data give %(computed)s") % {
                "stated": stated,
                "computed": self.computed,
            }
        if self.status != "preview" or preview is None:
            return self.status_label
        return self._(PREVIEW_LABELS[preview.phase])

    @property
    def tooltip(self) -> str:
        """Status meaning, a preview's follow-up, then the first source: publisher, title,
        date."""
        source = self.registry.sources[self.claim.sources[0]]
        meaning = self._(STATUS_MEANINGS[self.status])
        preview = self.claim.preview
        if preview is not None:
            meaning += self.lang.sentence_gap + self._(PREVIEW_SENTENCES[preview.phase]) % {
                "due": format_day(preview.available_by, self.lang),
                "date": format_day(
                    preview.confirmed or preview.retracted or preview.available_by, self.lang
                ),
                "round": preview.confirmed_in,
            }
        return tidy_spacing(
            self._("%(label)s: %(meaning)s %(source)s")
            % {
                "label": self.label,
                "meaning": meaning,
                "source": self.source_text(source, source.name(self.lang.code)),
            },
            self.lang,
        )

    def source_text(self, source: Source, title: str) -> str:
        """A source as the language cites it: publisher, ``title`` (its name, or a Markdown link
        to it) and its publication date in the language's long form (``MLCommons，《…》，
        2026年9月16日。``)."""
        return self._("%(publisher)s, %(title)s, %(date)s.") % {
            "publisher": source.publisher,
            "title": title,
            "date": format_day(source.date, self.lang),
        }

    @property
    def measures(self) -> list[tuple[str, str]]:
        """What the claim measures (``Figure.scope``: read from its results when it has a
        derivation), as translated (label, value) pairs; the values of compared results are
        joined as the language says "vs" (``%(first)s vs %(second)s``)."""
        words = vocabulary().aliases

        def shown(key: str, value: str):
            if key == "result_id":
                return keep(value)
            if value in words["suite"] or value in words["division"]:
                return self._(value)
            return value

        def joined(key: str, values: tuple[str, ...]):
            out = shown(key, values[0])
            for value in values[1:]:
                out = Markup(escape(self._(VERSUS))) % {"first": out, "second": shown(key, value)}
            return out

        # Other keys are editors' notes in English; the formula and sources say the rest.
        return [
            (self._(MEASURE_LABELS[key]), joined(key, values))
            for key, values in self.figure.scope
            if key in MEASURE_LABELS
        ]

    def flag_element(self) -> etree.Element:
        """The flag as an element (``claim_markdown`` renders references in the Markdown
        parse): the value and unit, then the flag's link to the claims table row with its
        tooltip; every text escaped by the serializer. The flag links to the row rather than
        being a span, so that Material's blog points it at the post when the paragraph is shown
        as an excerpt on a list page (it rewrites links)."""
        outer = etree.Element(
            "span", {"class": f"claim {self.classes}", "data-claim": self.claim_id}
        )
        value = etree.SubElement(outer, "span", {"class": "claim__value"})
        value.text = AtomicString(self.value)
        value.tail = AtomicString(" ")
        link = etree.SubElement(
            outer,
            "a",
            {
                "class": "claim__flag",
                "href": f"#claim-{self.claim_id}",
                # Straight double quotes read as curly ones (as in the footnotes' titles).
                "title": self.tooltip.replace('"', "”"),
            },
        )
        link.text = AtomicString(f"{self.icon} {self.label}")
        return outer

    def footnote(self) -> str:
        """Footnote text (Markdown): MLCommons' citation form for results, else the source."""
        _ = self._
        parts = []
        if self.recomputation:
            for record in self.recomputation.records:
                parts.append(self.citation(record))
            if self.claim.derivation.formula != "result":
                label = self.claim.derivation.label
                if label == "efficiency" and self.figure.unit == ENERGY_UNIT:
                    label = "energy"  # SingleStream, MultiStream: the published energy
                parts.append(
                    _("Formula: %(formula)s = %(value)s.")
                    % {"formula": _(FORMULA_LABELS[label]), "value": self.computed}
                )
        for source_id in self.claim.sources:
            source = self.registry.sources[source_id]
            # The punctuation is the language's (a Chinese footnote uses ，and 。).
            parts.append(
                self.source_text(
                    source.model_copy(update={"publisher": _md(source.publisher)}),
                    f"[{_md(source.name(self.lang.code))}]({source.url})",
                )
            )
        parts += [
            tidy_spacing(sentence, self.lang)
            for sentence in guidelines.footnote_sentences(
                self.status,
                self.claim.derivation and self.claim.derivation.formula,
                self.recomputation.records if self.recomputation else (),
                _,
            )
        ]
        table_link = _("Claims table")
        parts.append(f"[{table_link}](#claim-{self.claim_id})")
        return self.lang.sentence_gap.join(parts)

    def citation(self, record: ResultRecord) -> str:
        """MLCommons results-guidelines citation of one official result (Markdown), retrieved
        on the date the dataset read its round (the claim's first source's date when the view
        was given none)."""
        _ = self._
        source = self.registry.sources[self.claim.sources[0]]
        retrieved = (
            dt.date.fromisoformat(self.retrieved[record.round])
            if record.round in self.retrieved
            else source.date
        )
        return _(
            "MLPerf Inference %(round)s, %(division)s division, %(category)s category, "
            "%(model)s, %(scenario)s scenario, result %(id)s "
            "([official result folder](%(url)s)), retrieved %(date)s."
        ) % {
            "round": record.round,
            "division": _(record.division),
            "category": _(record.category),
            "model": _md(record.model),
            "scenario": record.scenario,
            # Markdown text: the article's parse sets the ID in its unbreakable span
            # (claim_markdown.KeepResultId), once.
            "id": escape(record.shown_id)
            + (
                Markup('<sup class="mlperf-derived" title="{}">†</sup>').format(_(DERIVED_ID_MARK))
                if record.result_id_derived
                else ""
            ),
            "url": result_url(record.round, record.location),
            "date": format_day(retrieved, self.lang),
        }

    @property
    def computed(self) -> str:
        """The recomputed value, in the claim's unit, at the page's usual rounding."""
        return format_value(self.figure.computed, self.figure.unit, self.lang)

    def check_text(self) -> Markup:
        """The claims table's check column (HTML): computed value, or why there is none; the
        value with its unit is never broken across lines (``keep``)."""
        _ = self._
        if not self.recomputation:
            return Markup(escape(_("no recomputation possible")))
        pattern = (
            _("recomputed: %(value)s ✔")
            if self.figure.agrees
            else _("recomputed: %(value)s ✖ differs")
        )
        return Markup(escape(pattern)) % {"value": keep(self.computed)}

    @property
    def value_html(self) -> Markup:
        """The figure with its unit for a table cell, never broken across lines."""
        return keep(self.value)


def keep(text: str) -> Markup:
    """``text`` (a figure with its unit, an ID, a date) escaped, each of its words in a span no
    line break divides (``.keep`` in ``mlperf.css``): ``2,705,130`` and ``tokens/秒`` never
    break inside, and a narrow column may still put the unit under its figure."""
    return Markup(" ").join(
        Markup('<span class="keep">{}</span>').format(word) for word in str(text).split(" ")
    )


def _md(text: str) -> str:
    """``text`` for Markdown link labels and prose: HTML-escaped, brackets and asterisks
    backslashed."""
    return html.escape(text).replace("[", "\\[").replace("]", "\\]").replace("*", "\\*")


def claim_view(
    claim_id: str,
    registry: Registry,
    records: list[ResultRecord],
    lang: Language,
    retrieved: Mapping[str, str] | None = None,
) -> ClaimView:
    """The view of one claim, its derivation recomputed on ``records``; ``retrieved`` as
    ``ClaimView.retrieved``.

    Raises:
        KeyError: unknown claim id. LookupError/ValueError: from ``recomputation.recompute``.
    """
    claim = registry.claims[claim_id]
    recomputation = recompute(claim.derivation, records) if claim.derivation else None
    return ClaimView(claim_id, claim, registry, recomputation, lang, dict(retrieved or {}))


def unique_footnotes(markdown: str) -> str:
    """``markdown`` with each footnote label an editor wrote (``[^1]``, ``[^1]:``) made
    unique to the text (``[^1-3fa2c1]``), outside code and comments: the blog index shows
    several posts' excerpts on one page, where two posts' ``[^1]`` would share an id. The
    reader sees no label (footnotes are numbered in order)."""
    if "[^" not in markdown:
        return markdown
    digest = hashlib.sha1(markdown.encode("utf-8")).hexdigest()[:6]
    masked, _ = fences(mask_comments(markdown))
    pieces, end = [], 0
    for match in FOOTNOTE_LABEL.finditer(masked):
        pieces += [markdown[end : match.start(1)], f"{match.group(1)}-{digest}"]
        end = match.end(1)
    return "".join(pieces) + markdown[end:]


def claims_table(views: list[ClaimView]) -> tuple[str, str]:
    """An article's claims table: its heading (text) and the table (HTML, every value escaped),
    one row per claim of ``views`` (one language), in order, each row the anchor
    ``#claim-ID`` of the flags."""
    lang = views[0].lang
    _ = translations(lang).gettext
    # On a phone each row is a card, its fields named by their columns (data-label, mlperf.css).
    names = [
        html.escape(name, quote=True)
        for name in (_("Claim"), _("Value"), _("Status"), _("Source"), _("Check"))
    ]
    rows = "\n".join(
        f'<tr id="claim-{v.claim_id}"><td data-label="{names[0]}"><code>{v.claim_id}</code></td>'
        f'<td data-label="{names[1]}">{v.value_html}</td>'
        f'<td data-label="{names[2]}"><span class="claim {v.classes}"><span class="claim__flag">'
        f'<span aria-hidden="true">{v.icon}</span> {html.escape(v.label)}'
        f'</span></span></td><td class="card-line" data-label="{names[3]}">'
        f"{html.escape(_source_names(v))}</td>"
        f'<td class="card-line" data-label="{names[4]}">{v.check_text()}</td></tr>'
        for v in views
    )
    heading = _("Claims in this article")
    columns = "".join(f"<th>{name}</th>" for name in names)
    table = (
        f'<div class="mlperf-table mlperf-table--cards mlperf-table--compact claims-table" '
        f'tabindex="0" role="region" '
        f'aria-label="{html.escape(heading)}"><table><thead><tr>{columns}</tr></thead>'
        f"<tbody>\n{rows}\n</tbody></table></div>"
    )
    return heading, table


# From a post's address (blog/YYYY/MM/DD/<slug>/, Material's post_url_format) to its
# language's root, as articles write links to the site's pages (article_links).
POST_TO_ROOT = "../../../../../"


def selected_record(view: ClaimView, index: int = 1) -> ResultRecord | None:
    """The ``index``-th (1-based) distinct result ``view``'s claim selects, in its derivation's
    order (a result selected for two scenarios counts once), or None (a quoted claim, or fewer
    results)."""
    if view.recomputation is None:
        return None
    seen: dict[tuple[str, str], ResultRecord] = {}
    for record in view.recomputation.records:
        seen.setdefault((record.round, record.result_id), record)
    records = list(seen.values())
    return records[index - 1] if 0 < index <= len(records) else None


def result_reference(
    view: ClaimView, index: int = 1, superseded: Superseded | None = None
) -> etree.Element | None:
    """The result ID of ``selected_record(view, index)`` as an article shows it, as an element:
    the ID readers find in MLCommons' publication (``shown_id``: the official one once
    published), never broken across lines, linked to the results explorer on that system
    (``results/explore/?id=``, marked ``&ids=official`` when its text was another system's
    derived ID: ``identity.Superseded``), and the ``†`` of a derived ID with its title in the
    view's language. None when the claim selects no such result."""
    record = selected_record(view, index)
    if record is None:
        return None
    shown = record.shown_id
    query = f"?id={shown}"
    if superseded is not None and shown.removeprefix("v") in superseded:
        query += "&ids=official"
    outer = etree.Element("span", {"class": "mlperf-result-id"})
    link = etree.SubElement(outer, "a", {"href": f"{POST_TO_ROOT}results/explore/{query}"})
    span = etree.SubElement(link, "span", {"class": "keep"})
    span.text = AtomicString(shown)
    if record.result_id_derived:
        mark = etree.SubElement(
            outer, "sup", {"class": "mlperf-derived", "title": view._(DERIVED_ID_MARK)}
        )
        mark.text = AtomicString("†")
    return outer


def _source_names(view: ClaimView) -> str:
    _ = translations(view.lang).gettext
    return _("; ").join(
        _("%(publisher)s, %(title)s")
        % {
            "publisher": view.registry.sources[s].publisher,
            "title": view.registry.sources[s].name(view.lang.code),
        }
        for s in view.claim.sources
    )


def grouped_by_status(views: list[ClaimView]) -> list[tuple[str, list[ClaimView]]]:
    """Claim views grouped by status (``ClaimView.status``), in the taxonomy's order, each
    group sorted by claim id."""
    return [
        (status, sorted((v for v in views if v.status == status), key=lambda v: v.claim_id))
        for status in STATUSES
        if any(v.status == status for v in views)
    ]
