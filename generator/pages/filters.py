"""The Jinja2 environment of every page and the filters through which data reaches the output.

Data reaches a page only through autoescaping (HTML) and the ``md`` filter (Markdown), so a
system name can never inject markup. One code path for every language: a page is the same
template rendered with the language's catalog and CLDR locale.
"""

from __future__ import annotations

import datetime as dt
import html
import json
import re
from decimal import Decimal

from jinja2 import (
    BytecodeCache,
    Environment,
    FileSystemLoader,
    StrictUndefined,
    Template,
    pass_context,
    select_autoescape,
)
from markupsafe import Markup, escape

from generator.data import organizations
from generator.data.dataset import result_url
from generator.data.result_ids import WRITTEN_ID
from generator.editorial.verification import keep
from generator.i18n.catalogs import translations
from generator.i18n.formatting import (
    format_accuracy,
    format_change,
    format_day,
    format_items,
    format_number,
    format_result,
    tidy_spacing,
    unit_name,
    unit_symbol,
    units_label,
)
from generator.i18n.languages import LANGUAGES, Language
from generator.model import open_division
from generator.model.qualifiers import qualifiers
from generator.pages import marks
from generator.pages.explorer import explorer_link
from generator.project import TEMPLATES_DIR

# Characters with a meaning in Markdown that may occur in MLCommons' free text.
MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|~])")


def md_escape(value: object) -> Markup:
    """Escape ``value`` for Markdown prose: HTML-escaped, Markdown punctuation backslashed."""
    return Markup(MARKDOWN_SPECIAL.sub(r"\\\1", html.escape(str(value), quote=True)))


def code_spans(text: str) -> Markup:
    """HTML-escaped ``text`` whose `backquoted` names become ``<code>`` elements (field
    descriptions are written for Markdown but shown inside HTML tables), its result IDs kept
    whole (``keep_ids``)."""
    return Markup(re.sub(r"`([^`]+)`", r"<code>\1</code>", str(keep_ids(text))))


def yaml_string(value: object) -> Markup:
    """A YAML double-quoted scalar for front matter (JSON string syntax, which YAML reads).

    The text is HTML-escaped first, quotes included: MkDocs themes insert front-matter titles
    into navigation HTML without escaping them, and Material's social plugin puts them into
    ``content="…"`` attributes of its meta tags. A ``Markup`` value (a translated sentence
    whose values Jinja escaped) is unescaped first, so that it is escaped once, not twice."""
    text = value.unescape() if isinstance(value, Markup) else str(value)
    return Markup(json.dumps(html.escape(text, quote=True), ensure_ascii=False))


def yaml_name(value: object) -> Markup:
    """A YAML double-quoted scalar for a name that plugins compare, not display (the tags a
    tag page lists): not HTML-escaped, but with ``<`` and ``>`` as escapes, so that it can
    neither end the HTML comment it sits in nor open a tag."""
    text = json.dumps(str(value), ensure_ascii=False)
    return Markup(text.replace("<", "\\u003c").replace(">", "\\u003e"))


def items(values: list, lang: Language) -> str | Markup:
    """``values`` as a list in ``lang``'s words (``formatting.format_items``, CLDR list
    patterns); already-escaped markup (links) stays markup, the separators being plain text."""
    text = format_items(values, lang)
    return Markup(text) if values and all(isinstance(v, Markup) for v in values) else text


def keep_ids(text: str) -> Markup:
    """``text`` escaped, each result ID in it (``result_ids.WRITTEN_ID``) in a span no line
    break divides: ``"X — 8 accelerators — 5.1-0055"`` never ends a line at ``5.1-``."""
    return Markup(
        re.sub(WRITTEN_ID, lambda m: f'<span class="keep">{m.group(0)}</span>', str(escape(text)))
    )


def submitter_system(record, lang: Language) -> str:
    """A result's submitter and system, as a table cell or a list names them: ``"Cisco — UCS
    C885A"``; the system name alone when it begins with the submitter's name (``"NVIDIA GB300
    NVL72 (…)"``, not ``"NVIDIA — NVIDIA GB300 NVL72 (…)"``: ``organizations.names_submitter``).

    Args:
        record: a ``schema.ResultRecord``, or a mapping with ``submitter`` and ``system_name``.
    """
    read = record.get if isinstance(record, dict) else lambda name: getattr(record, name)
    submitter, system = read("submitter"), read("system_name")
    if organizations.names_submitter(submitter, system):
        return system
    pattern = translations(lang).gettext("%(submitter)s — %(system)s")
    return tidy_spacing(pattern % {"submitter": submitter, "system": system}, lang)


def accelerators_cell(record, lang: Language) -> Markup:
    """A result's accelerators as a table cell names them, escaped: ``"NVIDIA
    B300-SXM-270GB × 16"`` (a no-break space keeps the count with its sign), the accelerator
    alone when MLCommons published no count, ``"CPU only"`` when no accelerator ran it.

    Args:
        record: a ``schema.ResultRecord`` (its ``accelerator`` and ``total_accelerators``).
    """
    if not record.accelerator:
        return escape(translations(lang).gettext("CPU only"))
    if not record.total_accelerators:
        return escape(record.accelerator)
    count = format_number(record.total_accelerators, lang, 0)
    return Markup("{} ×\u00a0{}").format(record.accelerator, count)


def system_label(record, lang: Language, shown_id: str | None = None) -> str:
    """How a system under test is named wherever one is chosen or compared, so that two
    submissions under one name read apart: ``"NVIDIA GB300 NVL72 (…) — 72 accelerators —
    6.1-0074"`` (name, accelerator count -- or "CPU only", or the accelerator when MLCommons
    published no count -- and result ID as published).

    Args:
        record: any ``schema.ResultRecord`` of the system (all records of an ID agree).
        shown_id: the ID as written in the label, when not ``record.shown_id`` (with its
            mark: ``marked_label``).
    """
    catalog = translations(lang)
    count = record.total_accelerators
    if count:
        size = catalog.ngettext("%(num)s accelerator", "%(num)s accelerators", count) % {
            "num": format_number(count, lang, 0)
        }
    elif record.accelerator:
        size = catalog.gettext("%(accelerator)s, count not published") % {
            "accelerator": record.accelerator
        }
    else:
        size = catalog.gettext("CPU only")
    return catalog.gettext("%(name)s — %(size)s — %(id)s") % {
        "name": record.system_name,
        "size": size,
        "id": record.shown_id if shown_id is None else shown_id,
    }


def marked_label(record, lang: Language) -> str:
    """A system's label (``system_label``) with its marks (``marks``), as a text that is chosen or
    compared (the comparison's lists and column headings): ``†`` after an ID this project
    derived, then `` · preview`` for a preview result and `` · open division`` for an
    open-division one (all results of a result ID share its category and division). A page
    that shows it says what ``†`` means (``verification.DERIVED_ID_MARK``)."""
    shown = record.shown_id + (marks.DERIVED_ID if record.result_id_derived else "")
    label = system_label(record, lang, shown)
    catalog = translations(lang)
    if qualifiers(record).preview:
        label = catalog.gettext(marks.PREVIEW_LABEL) % {"label": label}
    if record.division == "open":
        label = catalog.gettext(marks.OPEN_LABEL) % {"label": label}
    return label


def _tidied(function, lang: Language):
    """Jinja's gettext callable ``function`` (context-passing, newstyle), its formatted result
    passed through ``formatting.tidy_spacing``."""

    @pass_context
    def call(context, *args, **kwargs):
        return tidy_spacing(function(context, *args, **kwargs), lang)

    return call


def sort_key(value: float | int | None) -> str:
    """A number as a sortable table's ``data-sort`` holds it (``sortable.js``): a plain decimal
    with ``.`` as decimal point, no grouping and no exponent (tablesort's number sort reads
    "1e-05" as 1), the same in every language; ``""`` for ``None``."""
    if value is None:
        return ""
    return format(Decimal(repr(value)), "f")


class _CompiledTemplates(BytecodeCache):
    """Every template compiled once per process, for every language's environment.

    Each page-making function makes its own environment (it adds globals of its own, e.g. the
    citations'); the compiled code of a template depends only on its source and on the
    options ``environment`` gives every environment alike (Jinja's bucket checks the source's
    checksum), so it is kept here and not compiled again per language (7 % of the pages'
    CPU before)."""

    def __init__(self) -> None:
        self._code: dict[str, bytes] = {}

    def load_bytecode(self, bucket) -> None:
        if bucket.key in self._code:
            bucket.bytecode_from_string(self._code[bucket.key])

    def dump_bytecode(self, bucket) -> None:
        self._code[bucket.key] = bucket.bytecode_to_string()


COMPILED = _CompiledTemplates()

# The end of a table cell followed at once by the next cell, or a <br> followed at once by text
# or an element that opens.
JOINED = re.compile(r"</t[dh]>(?=<t[dh][\s>])|<br>(?=[^\s<]|<[^/])")


def apart(html_text: str) -> str:
    """``html_text`` with a line break after each table cell followed at once by another, and
    after each ``<br>`` followed at once by text or an opening tag, as Python-Markdown writes
    its own tables: a browser draws the same page, and text read without the layout keeps the
    words of two cells apart. Material's search index joins the text of adjacent elements:
    ``<td>EPYC 9455</td><td>Dell_AMD</td>`` was indexed as ``9455Dell_AMD``, and a reader's
    "Dell_AMD" did not find the ranked tables (issue 33)."""
    return JOINED.sub(lambda match: match.group(0) + "\n", html_text)


class _Template(Template):
    """A page template whose rendered HTML keeps adjacent cells apart (``apart``)."""

    def render(self, *args, **kwargs) -> str:
        return apart(super().render(*args, **kwargs))


def environment(lang: Language) -> Environment:
    """The Jinja2 environment of ``lang``: templates from ``templates/``, HTML autoescaping on
    for every template (whose rendered text keeps adjacent table cells apart: ``apart``),
    gettext from the language's catalog, locale-aware number filters, and
    ``explorer_link`` (the address of the results explorer with a filter) and a result's
    marks (``marks.install``)."""
    env = Environment(
        loader=FileSystemLoader(TEMPLATES_DIR),
        autoescape=select_autoescape(default=True, default_for_string=True),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        extensions=["jinja2.ext.i18n"],
        bytecode_cache=COMPILED,
    )
    env.template_class = _Template
    env.install_gettext_translations(translations(lang), newstyle=True)
    # Chinese sentences filled with Chinese words lose the space their pattern put there.
    for name in ("gettext", "ngettext", "_"):
        env.globals[name] = _tidied(env.globals[name], lang)
    env.filters.update(
        md=md_escape,
        number=lambda v, decimals=2: format_number(v, lang, decimals),
        result=lambda v: format_result(v, lang),
        figure=lambda v: format_result(v, lang, fixed=True),
        change=lambda v: format_change(v, lang),
        # An open-division result's published accuracy, in the language's number format.
        accuracy=lambda text: format_accuracy(text, lang),
        units=lambda u: units_label(u, lang),
        unit=lambda u: unit_symbol(u, lang),
        unit_name=lambda u: unit_name(u, lang),
        yaml_string=yaml_string,
        yaml_name=yaml_name,
        code_spans=code_spans,
        sentences=lambda parts: Markup(lang.sentence_gap).join(
            escape(part) for part in parts if part
        ),
        result_url=result_url,
        date=lambda iso: format_day(dt.date.fromisoformat(str(iso)), lang),
        # A figure with its unit, an ID or a date that no line break may divide (mlperf.css).
        keep=keep,
        # A name written with underscores for spaces ("Quanta_Cloud_Technology"), escaped, that a
        # narrow column may break after each underscore (<wbr>), as it breaks at spaces.
        breakable=lambda text: Markup("_<wbr>").join(escape(part) for part in str(text).split("_")),
        # Text holding result IDs (a system's label), escaped, each ID kept on one line.
        keep_ids=keep_ids,
        # A unit standing alone as a table heading starts with a capital, as headings do
        # ("Campioni/s" beside "Latenza (ms)"); running text keeps the unit's own case.
        heading=lambda text: type(text)(text[:1].upper() + text[1:]) if text else text,
        items=lambda values: items(list(values), lang),
        system_label=lambda record: system_label(record, lang),
        submitter_system=lambda record: submitter_system(record, lang),
        accelerators_cell=lambda record: accelerators_cell(record, lang),
        marked_label=lambda record: marked_label(record, lang),
        sort_key=sort_key,
    )
    env.globals.update(
        lang=lang,
        languages=LANGUAGES,
        explorer_link=explorer_link,
        # Pages of results bind it to the dataset's superseded IDs (results.results_pages).
        official_ids_mark=lambda *ids: "",
        accuracy_target=lambda r: open_division.TARGETS.get(r.model),
        meets_closed_target=open_division.meets_closed_target,
    )
    marks.install(env, lang)  # a result's qualifiers, worded in the language
    return env
