"""CONTRIBUTING in three languages covers every rule `check` enforces (issue 21, item 8): each
rule of ``check.RULES`` has its row in the table of each language, the zh and it versions are
translated down to the comments of their examples, and the Italian scaffold says "dato"."""

import re

import pytest

from generator.editorial.check import RULES
from generator.i18n.catalogs import translations
from generator.i18n.languages import language
from tests.conftest import ROOT

FILES = {"en": "CONTRIBUTING.md", "zh": "CONTRIBUTING.zh.md", "it": "CONTRIBUTING.it.md"}
HAN = re.compile(r"[\u4e00-\u9fff]")


def text(code):
    return (ROOT / FILES[code]).read_text(encoding="utf-8")


def comments(code):
    """The comments of the shell and YAML examples, in order."""
    blocks = re.findall(r"```(?:sh|yaml)\n(.*?)```", text(code), re.DOTALL)
    return [
        m.group(1).strip()
        for block in blocks
        for m in re.finditer(r"(?:^|\s)#\s+(.+)$", block, re.MULTILINE)
    ]


@pytest.mark.parametrize("code", FILES)
def test_the_rules_table_lists_every_rule_check_enforces(code):
    body = text(code)
    start = body.index("| `claim-reference` |")
    table = body[start : body.index("\n\n", start)]
    rows = re.findall(r"^\| `([a-z-]+)` \| .+ \|$", table, re.MULTILINE)
    assert rows == list(RULES)  # every rule, once, in check's order


@pytest.mark.parametrize("code", FILES)
def test_the_percent_rule_formulas_and_of_are_explained(code):
    body = text(code)
    for needle in (
        "96.9 %",
        "`efficiency`",
        "`of`",
        "`rounding:`",
        "`quote:`",
        "data/redirects.yaml",
        "`warning:`",
        "claims.csv",
    ):
        assert needle in body, (code, needle)


def test_zh_and_it_examples_have_translated_comments():
    english = set(comments("en"))
    assert len(comments("zh")) == len(comments("en")) == len(comments("it"))
    # A comment is translated when zh has Chinese in it and it differs from the English; the
    # formula list and the quoted NVIDIA words are the same in every language.
    same = {c for c in english if not re.search(r"[a-z]{4,} [a-z]{3,}", c.split("|")[0])}
    for comment in comments("zh"):
        assert HAN.search(comment) or comment in same, comment
    for comment in comments("it"):
        assert comment not in english or comment in same, comment


def test_the_italian_scaffold_says_dato_not_claim():
    from generator.editorial.scaffold import BODY_PLACEHOLDERS  # noqa: F401 (same catalog)

    guidance = next(
        m
        for m in translations(language("it"))._catalog.values()
        if isinstance(m, str) and m.startswith("Indicazioni: traduci il titolo")
    )
    prose = re.sub(r"\[\[claim:[^\]]*\]\]|data/claims\.yaml", "", guidance)
    assert "dato" in prose and not re.search(r"\bclaim\b", prose)
