"""A result's qualifiers (``model.qualifiers``) worded in a page's language: the one place every
surface takes them from -- the templates (as globals, ``install``) and the charts (labels,
tooltips, accessible descriptions).

The marks a reader meets, and what each stands for:

* a preview result: "Preview: to be available by v7.0" under its system's name, and
  "· preview" after its name on a chart's bar (the label keeps the mark when it is cut);
* a result ID this project derived: ``†`` after the ID (``DERIVED_ID_MARK``);
* MLCommons' ``inferred`` flag: ``*`` after the figure, glossed per round (``inferred_note``);
* an open-division result: the model it ran and its accuracy (``templates/partials/reading``);
* a result no accelerator ran: said under its system's name, and no figure per accelerator.
"""

from __future__ import annotations

from generator.data.schema import ResultRecord
from generator.editorial.verification import DERIVED_ID_MARK
from generator.i18n.catalogs import N_, translations
from generator.i18n.languages import Language
from generator.model.qualifiers import INFERRED_MEANING, qualifiers

PREVIEW_NOTE = N_("Preview: to be available by %(round)s, under MLCommons' rules.")
PREVIEW_LABEL = N_("%(label)s · preview")
OPEN_LABEL = N_("%(label)s · open division")
DERIVED_ID = "†"
PREVIEW_CATEGORY = N_("preview, to be available by %(round)s")
UNUSED_NOTE = N_(
    "No accelerator ran this benchmark, as the submitter's notes say: no per-accelerator figure."
)
INFERRED_TITLE = N_("Marked inferred by MLCommons: see the note below the table")
# What MLCommons' flag means in a round (qualifiers.INFERRED_MEANING), after "* ".
INFERRED_NOTES = {
    "scenario": N_(
        "Marked inferred by MLCommons: in this round its submission checker marks a "
        "result computed from the run of another scenario (Offline from a "
        "SingleStream or MultiStream run, MultiStream from a SingleStream run)."
    ),
    "name-differs": N_(
        "Marked inferred by MLCommons: in this round its submission checker "
        "marks every result whose scenario is written differently from the one "
        "LoadGen logged as run, which includes every Interactive result (run as "
        "Server): the mark does not say whether the result was computed from "
        "another scenario's run."
    ),
    "unset": N_("Marked inferred by MLCommons."),
    "unknown": N_(
        "Marked inferred by MLCommons; what the mark means in this round is not "
        "documented by MLCommons."
    ),
}


def preview_note(record: ResultRecord, lang: Language) -> str | None:
    """The sentence under a preview result's system name, or None for any other category."""
    due = qualifiers(record).preview_due
    return None if due is None else translations(lang).gettext(PREVIEW_NOTE) % {"round": due}


def category_text(record: ResultRecord, lang: Language) -> str:
    """The result's category as a chart's tooltip names it: ``available``, ``rdi`` or, for a
    preview, ``preview, to be available by v7.0``, translated."""
    catalog = translations(lang)
    due = qualifiers(record).preview_due
    return (
        catalog.gettext(record.category)
        if due is None
        else catalog.gettext(PREVIEW_CATEGORY) % {"round": due}
    )


def chart_label(label: str, record: ResultRecord, lang: Language, limit: int) -> str:
    """A bar's label (``"1. NVIDIA Vera Rubin NVL72"``) with the result's mark (``· preview``),
    cut to ``limit`` characters before the mark, so the mark is never cut off."""
    if not qualifiers(record).preview:
        return _cut(label, limit)
    pattern = translations(lang).gettext(PREVIEW_LABEL)
    mark_chars = len(pattern % {"label": ""})
    return pattern % {"label": _cut(label, limit - mark_chars)}


def marked_name(record: ResultRecord, lang: Language) -> str:
    """The system's name with its mark, as a chart's description names the leading result."""
    if not qualifiers(record).preview:
        return record.system_name
    return translations(lang).gettext(PREVIEW_LABEL) % {"label": record.system_name}


def inferred_note(round_name: str, lang: Language) -> str:
    """What MLCommons' ``inferred`` mark means in ``round_name``, for a table's footnote."""
    meaning = INFERRED_MEANING.get(round_name, "unknown")
    return translations(lang).gettext(INFERRED_NOTES[meaning])


def _cut(label: str, limit: int) -> str:
    """``label`` cut to ``limit`` characters, ending with an ellipsis when cut."""
    return label if len(label) <= limit else label[: limit - 1].rstrip() + "…"


def install(env, lang: Language) -> None:
    """Make the marks templates use globals of ``env``: ``qualifiers(r)``,
    ``preview_note(r)``, ``category_text(r)``, ``marked_name(r)``,
    ``inferred_note(round)``, ``unused_note`` and ``derived_id_title`` (texts in ``lang``)."""
    catalog = translations(lang)
    env.globals.update(
        qualifiers=qualifiers,
        preview_note=lambda r: preview_note(r, lang),
        category_text=lambda r: category_text(r, lang),
        marked_name=lambda r: marked_name(r, lang),
        inferred_note=lambda round_name: inferred_note(round_name, lang),
        inferred_title=catalog.gettext(INFERRED_TITLE),
        unused_note=catalog.gettext(UNUSED_NOTE),
        derived_id_title=catalog.gettext(DERIVED_ID_MARK),
    )
