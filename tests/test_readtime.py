"""Reading time per language (Brysbaert 2019 rates: en 238 words/min, it 285 words/min,
zh 255 characters/min)."""

from generator.i18n.languages import language
from generator.i18n.readtime import reading_minutes


def test_chinese_is_counted_in_characters():
    text = "数" * 1020  # 1020 / 255 = 4.0 minutes
    assert reading_minutes(text, language("zh")) == 4
    # Material's word count would see one "word" here and say one minute.


def test_english_and_italian_use_their_word_rates():
    words = " ".join(["word"] * 476)  # 476 / 238 = 2.0; 476 / 285 = 1.67 -> 2
    assert reading_minutes(words, language("en")) == 2
    assert reading_minutes(" ".join(["parola"] * 571), language("it")) == 3  # 571/285 = 2.004


def test_front_matter_markup_and_claim_references_are_not_read():
    text = "---\ntitle: " + "x " * 1000 + "\n---\n# Title\n[[claim:abc-def]] <span>ok</span>"
    assert reading_minutes(text, language("en")) == 1


def test_the_reading_time_is_written_into_the_front_matter_and_nothing_else():
    from generator.i18n.readtime import with_reading_time

    # 476 words at 238 a minute: 2 minutes; an older value is replaced, not added to.
    text = "---\ndate: 2026-01-01\nreadtime: 9\nslug: x\n---\n\n" + "word " * 476 + "\n"
    stamped = with_reading_time(text, language("en"))
    assert stamped == "---\ndate: 2026-01-01\nslug: x\nreadtime: 2\n---\n\n" + "word " * 476 + "\n"
    assert with_reading_time(stamped, language("en")) == stamped
    assert with_reading_time("no front matter", language("en")) == "no front matter"
