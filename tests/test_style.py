"""The language style rules that ``check`` enforces (generator/i18n/style.py, CONTRIBUTING.md): the
glossary and Chinese punctuation, on catalogs, articles and the built pages."""

from __future__ import annotations

import html
import re

import pytest

from generator.editorial.articles import articles
from generator.editorial.check import check
from generator.errors import InputErrors
from generator.i18n.languages import language
from generator.i18n.style import ASCII_BESIDE_HAN, SPACE_AFTER_FULL_WIDTH, check_language, problems, text_only
from tests.conftest import ROOT, make_fixture_project

ZH, IT, EN = language("zh"), language("it"), language("en")


# The slips issue 12 found, each as it was written (expected: one problem each).
@pytest.mark.parametrize("lang, text", [
    (ZH, "数据包描述文件说明每一列：datapackage.json (Frictionless 数据包)."),
    (ZH, "无法计算; 原因未知"),
    (ZH, "同一提交方在所有图表中颜色保持一致。 图表数据："),
    (ZH, "全部数据点及其重算结果与来源："),
    (IT, "Analisi delle tornate MLPerf Inference"),
    (IT, "i risultati sono nella pagina del suo submitter."),
])
def test_each_slip_of_the_issue_is_caught(lang, text):
    assert problems(text, lang)


@pytest.mark.parametrize("lang, text", [
    (ZH, "结果为延迟，单位为%(units)s：数值越低越好。"),   # a placeholder is not punctuation
    (ZH, "封闭组（Closed）中成绩领先的系统。"),
    (ZH, "MLPerf Inference v6.1，数据中心套件。"),          # the full stop of v6.1 is a number's
    (ZH, "字段 `result` 的单位：`Latency (ms)` 或 `Latency (s)`。"),  # code is not text
    (ZH, "见[核验标记说明](../verification.md)。"),         # a link's address is not text
    (IT, "il campo `submitter` del dataset"),             # MLCommons' field name, as code
    (EN, "Results of each submitter, per round."),
])
def test_correct_text_passes(lang, text):
    assert problems(text, lang) == []


def test_catalogs_and_articles_follow_the_style():
    assert [str(e) for e in check_language(articles(ROOT / "docs"))] == []


def test_check_refuses_a_glossary_slip_in_an_article(tmp_path):
    project = make_fixture_project(tmp_path)
    post = project / "docs" / "it" / "blog" / "posts" / "record.md"
    post.write_text(post.read_text(encoding="utf-8").replace(
        "\n\n", "\n\nLe tornate precedenti non avevano questo benchmark.\n\n", 1),
        encoding="utf-8")
    with pytest.raises(InputErrors) as raised:
        check(project)
    assert any("record.md" in str(e) and "not 'le tornate'" in str(e) for e in raised.value.errors)


@pytest.mark.parametrize("page", ["data/index.html", "verification/index.html",
                                  "blog/2026/09/17/amd-512-accelerator-record/index.html",
                                  "results/v6.1/datacenter/gpt-oss-120b/offline/index.html",
                                  "blog/index.html", "results/v4.1/power/index.html",
                                  "cite/index.html", "results/previews/index.html"])
def test_chinese_pages_use_full_width_punctuation(site, page):
    text = (site / "zh" / page).read_text(encoding="utf-8")
    text = re.sub(r"<(script|style|code|pre)\b.*?</\1>", "x", text, flags=re.S)  # as text_only
    text = re.sub(r"<br\s*/?>", "\n", text)  # a line break separates what it stands between
    text = text_only(html.unescape(re.sub(r"<[^>]+>", "", text)))
    slips = [text[max(0, m.start() - 10):m.end() + 10] for rule in (ASCII_BESIDE_HAN,
             SPACE_AFTER_FULL_WIDTH) for m in rule.finditer(text)]
    assert slips == []
