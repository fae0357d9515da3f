"""MLCommons' results messaging guidelines, as the build applies them to claims.

From ``mlcommons/policies``, ``MLPerf_Results_Messaging_Guidelines.adoc``:

* "Required Footnote": a verified result's footnote may state "Result verified by MLCommons
  Association."; an unverified one must state "Result not verified by MLCommons Association."
* "When comparing MLPerf results, you must identify any submission differences": "any
  difference in version, division, category, verified or unverified status, scenario or chip
  count". ``differences`` derives them from the compared results; ``check`` refuses a
  comparison claim whose ``derivation.differences`` does not state each of them, and the
  footnote prints them, so an editor cannot leave one out.
* "Comparisons based on secondary or derived metrics must be explicit" and "must not be
  presented as official or verified MLPerf metrics": a figure this site computes (per
  accelerator, per watt, a ratio, a scaling efficiency) says so and is cited as unverified.
"""

from __future__ import annotations

from generator.data.schema import ResultRecord
from generator.i18n.catalogs import N_

VERIFIED = N_("Result verified by MLCommons Association.")
NOT_VERIFIED = N_("Result not verified by MLCommons Association.")
DERIVED = N_(
    "Derived figure: computed by this site from official MLCommons results, not an "
    "official or verified MLPerf metric."
)
# Statuses whose figure is an official MLCommons result as published.
OFFICIAL = ("verified", "preview")
# Formulas whose figure is an official result as published (any other is derived).
QUOTED_FORMULAS = (None, "result", "accelerators")
# Formulas that compare two results.
COMPARISONS = ("ratio", "scaling_efficiency")
# Formulas that combine results, whose differences a claim states as a comparison's: a sum of
# two benchmarks' Tokens/s, or of two rounds, is no figure of one thing. A sum adds systems, so
# their accelerator counts may differ unsaid.
COMBINED = {"ratio": (), "scaling_efficiency": (), "sum": ("accelerators",)}
# What a comparison must state, by the name a claim's ``derivation.differences`` uses: the
# guidelines' list, and the benchmark and suite, which a ratio of two results in one unit can
# differ in too (a ratio of gpt-oss-120b to deepseek-r1 Tokens/s is no like-for-like figure).
DIFFERENCE_FIELDS = {
    "round": "round",
    "division": "division",
    "category": "category",
    "scenario": "scenario",
    "accelerators": "total_accelerators",
    "benchmark": "model",
    "suite": "suite",
    # An open-division result may run another model than its benchmark's (v5.1 open resnet:
    # 82 models): two results of one benchmark that ran two models are no like-for-like
    # figure either.
    "used_model": "used_model",
}
DIFFERENCE_LABELS = {
    "round": N_("round"),
    "division": N_("division"),
    "category": N_("category"),
    "scenario": N_("scenario"),
    "accelerators": N_("number of accelerators"),
    "benchmark": N_("benchmark"),
    "suite": N_("suite"),
    "used_model": N_("model run"),
}


def differences(
    records: tuple[ResultRecord, ...] | list[ResultRecord],
) -> list[tuple[str, object, object]]:
    """The differences a comparison of results must state, as ``(name, first, second)`` with
    ``name`` a key of ``DIFFERENCE_FIELDS``, in that order, ``first`` the first record's value
    and ``second`` the first other value after it (a sum may combine more than two records);
    none for fewer than two records."""
    out = []
    for name, field in DIFFERENCE_FIELDS.items():
        values = list(dict.fromkeys(getattr(r, field) for r in records))
        if len(values) > 1:
            out.append((name, values[0], values[1]))
    if any(name == "benchmark" for name, _, _ in out):
        # Two benchmarks run two models: the model run differs only within one benchmark.
        out = [found for found in out if found[0] != "used_model"]
    return out


def unstated_differences(
    formula: str, stated: list[str], records: tuple[ResultRecord, ...] | list[ResultRecord]
) -> list[str]:
    """The differences between the compared or summed results that the claim does not state
    (names of ``DIFFERENCE_FIELDS``); empty for a formula that combines nothing
    (``COMBINED``)."""
    if formula not in COMBINED:
        return []
    return [
        name
        for name, _, _ in differences(records)
        if name not in stated and name not in COMBINED[formula]
    ]


def status_sentences(status: str, formula: str | None) -> list[str]:
    """The guideline sentences (catalog keys) a claim's footnote ends with: ``DERIVED`` and
    ``NOT_VERIFIED`` for a figure computed by this site, ``VERIFIED`` for an official result
    quoted as published, ``NOT_VERIFIED`` for every other figure."""
    if status in OFFICIAL and formula in QUOTED_FORMULAS:
        return [VERIFIED]
    if status in OFFICIAL or status == "derived":
        return [DERIVED, NOT_VERIFIED]
    return [NOT_VERIFIED]


def footnote_sentences(
    status: str,
    formula: str | None,
    records: tuple[ResultRecord, ...] | list[ResultRecord],
    gettext,
) -> list[str]:
    """The translated sentences a claim's footnote ends with: the differences between compared
    results (``differences``, for the formulas of ``COMBINED`` only), then ``status_sentences``.

    Args:
        gettext: the page language's ``gettext``; division and category values are catalog
            keys, rounds and counts are shown as published.
    """
    sentences = []
    found = [
        difference
        for difference in (differences(records) if formula in COMBINED else [])
        if difference[0] not in COMBINED[formula]
    ]
    if found:
        words = [
            gettext("%(what)s %(first)s vs %(second)s")
            % {
                "what": gettext(DIFFERENCE_LABELS[name]),
                "first": gettext(first) if name in ("division", "category", "suite") else first,
                "second": gettext(second) if name in ("division", "category", "suite") else second,
            }
            for name, first, second in found
        ]
        sentences.append(
            gettext("The compared results differ in: %(differences)s.")
            % {"differences": gettext("; ").join(words)}
        )
    return sentences + [gettext(text) for text in status_sentences(status, formula)]


# Quoted from the guidelines' "Attribution" section; pages show it translated, with this text.
LEGEND = N_(
    "The MLPerf name and logo are registered and unregistered trademarks of MLCommons "
    "Association in the United States and other countries. All rights reserved. "
    "Unauthorized use strictly prohibited. See www.mlcommons.org for more information."
)


# The fields a citation is filled with (``citation_words``), by their names in its patterns.
CITATION_FIELDS = (
    "submitter",
    "system",
    "round",
    "model",
    "scenario",
    "result",
    "division",
    "category",
    "suite",
    "url",
    "date",
    "id",
    "id_note",
)
# What a citation says of a result ID this site derived (``ResultRecord.result_id_derived``,
# shown with a † in the tables): a reader must not take it for an ID MLCommons published. The
# rule is ``generator/data/result_ids.py``'s, and a committed ID never changes
# (``generator/data/identity.py``), so MLCommons' own numbering may come out otherwise.
DERIVED_ID = N_(
    "Result ID %(id)s is not published by MLCommons: the %(round)s summary carries "
    "no result IDs, so this site derived it with the rule of MLCommons' final-report "
    "tool (generate_final_report.py in mlcommons/inference), one number per system "
    "under test; the ID MLCommons publishes may differ."
)


def citation_words(
    record: ResultRecord, figure: str, url: str, retrieved: str, gettext, gap: str = " "
) -> dict[str, str]:
    """The words a citation of ``record`` is filled with, by the names of ``CITATION_FIELDS``:
    names and IDs as published, division, category and suite translated by ``gettext``;
    ``id_note`` is ``gap`` and ``DERIVED_ID`` for a derived ID, empty for a published one.

    Args:
        figure: the result with its unit, formatted for the language (``5,749,440 tokens/s``).
        url: the result's official folder; retrieved: the ISO date this dataset read it.
        gap: the language's space between sentences (``Language.sentence_gap``).
    """
    return {
        "submitter": record.submitter,
        "system": record.system_name,
        "round": record.round,
        "model": record.model,
        "scenario": record.scenario,
        "result": figure,
        "division": gettext(record.division),
        "category": gettext(record.category),
        "suite": gettext(record.suite),
        "url": url,
        "date": retrieved,
        "id": record.shown_id,
        "id_note": gap + gettext(DERIVED_ID) % {"id": record.shown_id, "round": record.round}
        if record.result_id_derived
        else "",
    }


def citation_text(words: dict[str, str], gettext, gap: str = " ") -> str:
    """A citation in the guidelines' form, filled with ``words`` (``citation_words``): the
    main text (submitter, benchmark and version, system under test, score) and its footnote
    (suite, version, division, category, benchmark, scenario, source and date of retrieval,
    result ID, what a derived ID is (``id_note``), the verified sentence and the trademark
    legend), as plain text in the language of ``gettext``; ``gap`` is its space between
    sentences.

    With ``words`` ``{name: "{name}"}`` it is the pattern the pages' script fills for any row
    (``cite.js``), so that the text a reader copies and the downloads' come from one function.
    """
    text = (
        gettext(
            "%(submitter)s achieved %(result)s on the MLPerf® Inference %(round)s "
            "%(model)s benchmark, %(scenario)s scenario, using %(system)s [1]."
        )
        % words
    )
    note = (
        gettext(
            "[1] MLPerf® Inference %(round)s, %(suite)s suite, %(division)s division, "
            "%(category)s category, %(model)s, %(scenario)s. Retrieved from %(url)s on "
            "%(date)s, entry %(id)s."
        )
        % words
        + words["id_note"]
    )
    return "\n".join([text, gap.join([note, gettext(VERIFIED), gettext(LEGEND)])])


def result_citation(
    record: ResultRecord, figure: str, url: str, retrieved: str, gettext, gap: str = " "
) -> str:
    """The citation of one official result (``citation_text`` filled with
    ``citation_words``; arguments as theirs)."""
    return citation_text(citation_words(record, figure, url, retrieved, gettext, gap), gettext, gap)
