"""Search across word forms (generator.i18n.search): a reader who types one form of a word finds
sections that use another form of it. Expected forms are written by hand from Italian grammar
and checked against the articles' text, not taken from the generator."""

import re

import pytest

from generator.i18n.search import add_word_forms
from tests.conftest import ROOT
from tests.test_browser import search


def index(*texts):
    return {"config": {"fields": {"title": {"boost": 1000.0}, "text": {"boost": 1.0}}},
            "docs": [{"location": f"page-{i}/", "title": "", "text": text}
                     for i, text in enumerate(texts)]}


def test_each_section_lists_the_other_forms_of_its_words():
    out = add_word_forms(index("<p>Un <b>acceleratore</b> veloce.</p>",
                               "<p>Due acceleratori, &egrave; tutto.</p>",
                               "<p>Nessuna parola in comune.</p>"), "italian")
    first, second, third = out["docs"]
    assert first["variants"] == "acceleratori"
    assert second["variants"] == "acceleratore"
    assert "variants" not in third
    assert out["config"]["fields"]["variants"] == {"boost": 1.0}


def test_markup_and_numbers_are_not_words():
    out = add_word_forms(index('<a href="risultati">8 risultato</a>', "risultati 6.1-0073"),
                         "italian")
    assert out["docs"][0]["variants"] == "risultati"  # "href" and "8" are not words
    assert out["docs"][1]["variants"] == "risultato"


@pytest.mark.browser
def test_italian_search_finds_another_form_of_the_word(page, base_url):
    # The AMD article says "prezzo" (price) and never "prezzi" (prices); the buyers' guide says
    # "prezzi". Typed as a prefix, "prezzi" cannot match "prezzo": only stemming finds it.
    article = (ROOT / "docs/it/blog/posts/amd-512-accelerator-record.md").read_text("utf-8")
    assert re.search(r"\bprezzo\b", article) and not re.search(r"\bprezzi\b", article)
    links = search(page, base_url, "it", "prezzi")
    assert any("amd-512-accelerator-record" in link for link in links)
    assert any("mlperf-v6-1-buyers-guide" in link for link in links)
    assert all("/it/" in link for link in links)
