"""Locale formatting with CLDR data; expected strings follow CLDR's patterns for each locale
(en: 1,234.5; it: 1.234,5; zh: 1,234.5)."""

import datetime as dt

import pytest

from generator.i18n.formatting import (
    format_accuracy,
    format_change,
    format_day,
    format_result,
    units_label,
)
from generator.i18n.languages import language

EN, ZH, IT = language("en"), language("zh"), language("it")


@pytest.mark.parametrize(
    "lang, expected", [(EN, "5,750,000"), (IT, "5.750.000"), (ZH, "5,750,000")]
)
def test_large_results_are_grouped_per_locale(lang, expected):
    assert format_result(5_750_000, lang) == expected


def test_small_results_keep_two_decimals():
    assert format_result(12.3456, EN) == "12.35"
    assert format_result(12.3456, IT) == "12,35"


def test_results_below_one_keep_three_significant_digits():
    # wan-2.2-t2v-a14b Offline runs at about 0.03 samples/s, 0.0042 per accelerator: two
    # decimals would print 0.
    assert format_result(0.0041875, EN) == "0.00419"
    assert format_result(0.0312, IT) == "0,0312"
    assert format_result(0.5, EN) == "0.5"
    assert format_result(0, EN) == "0"


def test_units_are_translated_from_the_catalog():
    assert units_label("Tokens/s", ZH) == "tokens/秒"
    assert units_label("Tokens/s", IT) == "token/s"
    assert units_label("Tokens/s", EN) == "tokens/s"  # formatting.UNIT_TEXTS, as it and zh


def test_dates_follow_cldr_long_form():
    day = dt.date(2026, 9, 16)
    assert (format_day(day, EN), format_day(day, ZH), format_day(day, IT)) == (
        "September 16, 2026",
        "2026年9月16日",
        "16 settembre 2026",
    )


@pytest.mark.parametrize(
    "code, change, text",
    [
        # Written by hand from CLDR's percent patterns: a sign always, one decimal, two below 1 %
        # (Intel's Arc Pro B70 system from v6.0 to v6.1: 4613.28 / 4617.40 - 1 = -0.089 %).
        ("en", 4613.28 / 4617.40 - 1, "-0.09%"),
        ("it", 0.27295, "+27,3%"),
        ("zh", 0.0781, "+7.8%"),
    ],
)
def test_a_change_is_signed_in_the_languages_percent(code, change, text):
    assert format_change(change, language(code)) == text


# MLCommons' accuracy texts as data/results/*.csv holds them (v4.1 Krai's open resnet50:
# "acc: 76.454"; a summarization run's several metrics; a DLRM run's bare value), written by
# hand in each locale's CLDR separators with every published digit kept.
@pytest.mark.parametrize(
    "text, en, it, zh",
    [
        ("acc: 76.454", "acc 76.454", "acc 76,454", "acc 76.454"),
        (
            "ROUGE1: 44.7951  ROUGE2: 22.3759  TOKENS_PER_SAMPLE: 3771.458979033728",
            "ROUGE1 44.7951, ROUGE2 22.3759, TOKENS_PER_SAMPLE 3,771.458979033728",
            "ROUGE1 44,7951, ROUGE2 22,3759, TOKENS_PER_SAMPLE 3.771,458979033728",
            "ROUGE1 44.7951，ROUGE2 22.3759，TOKENS_PER_SAMPLE 3,771.458979033728",
        ),
        ("GEN_LEN: 8209110", "GEN_LEN 8,209,110", "GEN_LEN 8.209.110", "GEN_LEN 8,209,110"),
        ("0.6994130989447821", "0.6994130989447821", "0,6994130989447821", "0.6994130989447821"),
        # Not of MLCommons' form: quoted as published, in the language's quotation marks.
        (
            "acc 76.454 (top-1)",
            "“acc 76.454 (top-1)”",
            "«acc 76.454 (top-1)»",
            "“acc 76.454 (top-1)”",
        ),
    ],
)
def test_an_accuracy_is_written_in_the_locale_with_its_published_digits(text, en, it, zh):
    assert (format_accuracy(text, EN), format_accuracy(text, IT), format_accuracy(text, ZH)) == (
        en,
        it,
        zh,
    )


def test_a_claim_figure_and_the_explorer_write_one_unit_spelling():
    """A claim's figure (figures.format_value) and the explorer's text (its unit symbols,
    explorer_page; its sentences, which write "in tokens/s" in English) spell a throughput unit
    alike in each language. They differed in English: "5,749,440 Tokens/s" in a claim beside
    "only LLM results in tokens/s" in the explorer."""
    from generator.editorial.figures import format_value
    from generator.i18n.catalogs import translations
    from generator.i18n.formatting import unit_symbol

    sentence = (
        "1 matching result is not listed: only LLM results in tokens/s with a per-accelerator "
        "figure are divided by a vendor figure, and only for an accelerator whose card gives it "
        "(the bandwidth, or the peak rate at the precision of the submission's weights)."
    )
    for lang in (EN, ZH, IT):
        said = units_label("Tokens/s", lang)
        assert format_value(5749440, "Tokens/s", lang).endswith(" " + said)
        assert unit_symbol("Tokens/s", lang) == said
        assert said in translations(lang).gettext(sentence), lang
