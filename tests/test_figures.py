"""Bare figures: every number of an article's prose is a claim, part of a name, or marked
``[[plain:...]]`` (issue 13). Each example below is read by hand: what a reader would take
for a quantity is a figure; names, versions inside names and result IDs are not."""

from pathlib import Path

import pytest

from generator.editorial.article_markdown import render
from generator.editorial.articles import Article, render_plain
from generator.i18n.languages import language
from generator.i18n.readtime import reading_minutes


def figures(text: str, code: str = "en") -> list[str]:
    post = Article(Path(f"{code}.md"), language(code), {}, "", text, 1)
    return [ref.claim_id for ref in post.bare_figures()]


@pytest.mark.parametrize(
    "text, found",
    [
        ("The rack reached 3.7x the old one.", ["3.7"]),
        ("It used 512 GPUs, or 99% of the budget.", ["512", "99"]),
        ("Il cluster ha fornito 5.749.440 token/s, cioè 5,75 Mln.", ["5.749.440", "5,75"]),
        ("该系统达到 5749440 tokens/秒，领先 12%。", ["5749440", "12"]),
        ("共512个加速器，排名第3。", ["512", "3"]),
        ("In 2026 the round grew.", ["2026"]),
        # names: versions glued to letters, model sizes, product numbers, result IDs
        ("MLPerf v6.1 on gpt-oss-120b, llama2-70b and an MI355X in a GB300 NVL72.", []),
        ("A Xeon 6787P server ran Llama-3.1-8B; result 6.1-0027 and (6.1-0106).", []),
        ("Llama 3.1 8B", ["3.1"]),
        ("Llama [[plain:3.1]] 8B, [[plain:Llama 3.1 8B]] and [[claim:top-offline]].", []),
        # not prose: code, link targets, HTML, comments, footnote labels, list markers
        ('`512` [the page](../v6.1/512.md) <span data-n="3">x</span> <!-- 42 --> [^a1]', []),
        ("1. First\n2. Second\n", []),
    ],
)
def test_bare_figures(text, found):
    assert figures(text) == found


def test_bare_figures_carry_their_file_line():
    post = Article(Path("x.md"), language("it"), {}, "", "# Titolo\n\nRiga con 42 unità.\n", 8)
    [ref] = post.bare_figures()
    assert (ref.claim_id, ref.line) == ("42", 10)  # body starts on file line 8, then 2 lines


def test_plain_marks_render_as_written(tmp_path):
    from tests.conftest import make_fixture_project

    root = make_fixture_project(tmp_path)  # tests/fixtures/project: top-offline is a claim
    assert render_plain("Llama [[plain:3.1]] 8B") == "Llama 3.1 8B"
    out = render("Llama [[plain:3.1]] 8B reached [[claim:top-offline]].", "en", root)
    assert out.startswith("<p>Llama 3.1 8B reached <span") and "[[plain:" not in out
    # The marker is not read as a word: "plain" is not counted (1 minute either way, so count
    # directly: 238 marked numbers are 238 words, one minute, not 476).
    assert reading_minutes("[[plain:7]] " * 238, language("en")) == 1
    assert reading_minutes("[[plain:7]] " * 239, language("en")) == 2
