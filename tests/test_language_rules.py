"""The language rules the build and `check` enforce: no interface string left in English on a
zh or it page unless it is a name, Chinese spacing after placeholders are filled, one word for
"verified"; and Material's own strings translated."""

import html
import re

import pytest

from generator.editorial.figures import format_value
from generator.i18n.formatting import format_items, tidy_spacing
from generator.i18n.languages import language
from generator.i18n.style import left_in_english, problems
from tests.conftest import ROOT, SITE


def test_a_translation_left_in_english_is_refused():
    it = language("it")
    assert left_in_english("Data of this chart:", "Data of this chart:", it)
    assert left_in_english("Round", "Round", it) is None  # MLPerf's term, kept in Italian
    assert left_in_english("Data of this chart:", "Dati del grafico:", it) is None
    assert left_in_english("Tabs", "Tabs", language("en")) is None


def test_chinese_words_filled_into_a_pattern_lose_the_space():
    zh = language("zh")
    assert tidy_spacing("数据中心 套件", zh) == "数据中心套件"
    assert tidy_spacing("单加速器 tokens/秒", zh) == "单加速器 tokens/秒"  # Latin keeps its space
    assert tidy_spacing("数据中心 套件", language("it")) == "数据中心 套件"


def test_one_chinese_word_for_verified():
    assert problems("结果未经核实。", language("zh"))
    assert problems("结果未经核验。", language("zh")) == []


@pytest.mark.parametrize("lang", ["zh", "it"])
def test_pages_hold_no_material_string_in_english(lang):
    # Material's it catalog keeps "Tabs" (the navigation tabs' label), its 404 page heading
    # is English in every language: both translated by overrides/partials/language.html.
    home = (SITE / lang / "index.html").read_text(encoding="utf-8")
    assert 'aria-label="Tabs"' not in home
    missing = (SITE / lang / "404.html").read_text(encoding="utf-8")
    assert "Not found" not in missing
    assert {"zh": "页面未找到", "it": "Pagina non trovata"}[lang] in missing


@pytest.mark.parametrize(
    "page",
    [
        "results/v6.1/datacenter/gpt-oss-120b/offline/index.html",
        "results/v6.1/index.html",
        "index.html",
        "blog/2026/10/01/mlperf-v6-1-buyers-guide/index.html",
        "blog/2026/09/22/vera-rubin-nvl72-preview-debut/index.html",
        "blog/2026/12/01/two-years-of-accelerator-generations/index.html",
        "verification/index.html",
        "results/previews/index.html",
        "results/compare/index.html",
        "results/explore/index.html",
        "results/families/index.html",
        "cite/index.html",
        "data/index.html",
    ],
)
def test_chinese_pages_have_no_space_between_chinese_words(page):
    text = (SITE / "zh" / page).read_text(encoding="utf-8")
    text = re.sub(r"<(script|style)\b.*?</\1>", "", text, flags=re.S)
    gaps = re.findall(r"[\u4e00-\u9fff] [\u4e00-\u9fff]", text)
    assert gaps == []


def test_italian_division_and_category_read_as_italian():
    page = (SITE / "it" / "results/v6.1/datacenter/gpt-oss-120b/offline/index.html").read_text(
        encoding="utf-8"
    )
    assert "divisione closed · disponibile" in page
    assert ">closed · disponibile<" not in page


def test_the_home_page_record_is_the_same_figure_in_every_language():
    # en writes the record in full (5,749,440 Tokens/s in v6.1: data/results/v6.1.csv, the
    # highest result); zh wrote 575万 and a spaced dash.
    figures = {
        lang: re.search(
            r"<li><strong>([\d,.]+)</strong>[^<]*tokens?/",
            (SITE / lang / "index.html").read_text(encoding="utf-8"),
            re.I,
        ).group(1)
        for lang in ("en", "zh", "it")
    }
    assert figures["en"] == figures["zh"] == figures["it"].replace(".", ",")
    assert "—— " not in (SITE / "zh" / "index.html").read_text(encoding="utf-8")
    assert " — " not in (SITE / "zh" / "index.html").read_text(encoding="utf-8")


def test_italian_feed_label_is_not_word_for_word():
    # Material's it.html names the feed of updated posts "Contenuto aggiornato del feed RSS"
    # (English "RSS feed of updated content" rendered word by word): overrides/partials/
    # language.html says it as Italian does.
    home = (SITE / "it" / "index.html").read_text(encoding="utf-8")
    assert "Contenuto aggiornato del feed RSS" not in home
    assert 'title="Feed RSS degli articoli aggiornati"' in home


@pytest.mark.parametrize(
    "lang, words", [("it", "Pagina non trovata"), ("zh", "页面未找到"), ("en", "Page not found")]
)
def test_the_404_page_title_says_not_found_in_its_language(lang, words):
    # Material titles its 404 page with the site's name alone, in every language.
    missing = (SITE / lang / "404.html").read_text(encoding="utf-8")
    assert re.search(rf"<title>404 – {words} - MLPerf Wiki</title>", missing)


# One page of each kind a template assembles; their visible text must follow the Italian
# glossary, whatever the template put together (a filled placeholder, a flag's label).
ITALIAN_PAGES = [
    "index.html",
    "404.html",
    "results/index.html",
    "results/v6.1/index.html",
    "results/v6.1/datacenter/gpt-oss-120b/offline/index.html",
    "results/v6.1/submitters/amd/index.html",
    "results/accelerators/amd-instinct-mi300x/index.html",
    "results/families/amd-instinct/index.html",
    "results/compare/index.html",
    "results/explore/index.html",
    "results/v4.1/power/index.html",
    "results/previews/index.html",
    "verification/index.html",
    "cite/index.html",
    "data/index.html",
    "tags/index.html",
    "blog/2026/09/22/vera-rubin-nvl72-preview-debut/index.html",
]


@pytest.mark.parametrize("page", ITALIAN_PAGES)
def test_italian_pages_follow_the_glossary(page):
    from bs4 import BeautifulSoup

    soup = BeautifulSoup((SITE / "it" / page).read_text(encoding="utf-8"), "html.parser")
    # Code, scripts and links to outside documents (the sources' own English titles) are not
    # our text.
    for element in soup(["script", "style", "code", "pre"]) + soup.select('a[href^="http"]'):
        element.decompose()
    lines = soup.get_text("\n").split("\n") + [e["aria-label"] for e in soup.select("[aria-label]")]
    found = {
        p for line in lines for p in problems(line, language("it")) if p.startswith("glossary")
    }
    assert found == set()


def test_italian_preview_tracker_and_flags_name_the_category_in_italian():
    # The flags' tooltips said "nella categoria available (disponibile)" and "nella categoria
    # preview"; a tracker row said "Vista per la prima volta…", a participle with no noun to agree.
    post = (SITE / "it" / "blog/2026/09/22/vera-rubin-nvl72-preview-debut/index.html").read_text(
        encoding="utf-8"
    )
    assert "nella categoria anteprima" in post and "categoria preview" not in post
    assert "Calcolato: Calcolato" not in post
    tracker = (SITE / "it" / "results/previews/index.html").read_text(encoding="utf-8")
    assert "Compare per la prima volta come disponibile in v5.1" in tracker


# Slips of the native-level Chinese review, each as the catalog or an article wrote it.
@pytest.mark.parametrize(
    "text",
    [
        "%(name)s — %(size)s — %(id)s",  # a spaced lone em dash as separator
        "本站的数字 —— 见下文",  # the Chinese dash takes no spaces
        "均由本站推算并作了标注。",  # derived is computed, not estimated
        "派生数值：由本站根据 MLCommons 官方结果计算。",
        "作为已撤回结果保留，结果 ID 不变。",  # one word for result ID: 结果编号
        "并链接到官方结果文件夹。",  # 官方结果目录, as everywhere else
        "按照 MLCommons 结果使用准则的要求",  # one name for the results guidelines
        "首次以已上市身份出现在 v5.1",  # the category's name
        "这些同样未经 MLCommons 验证。",  # one word for verified: 核验
        "AMD 单机的每卡成绩",  # per accelerator: 单加速器
        "维护数据声明登记表",  # claim: 数据点 (data/authors.yaml)
        "在 [[plain:2024]] 年 [[plain:8]] 月至",  # the pages' dates have no spaces
    ],
)
def test_slips_of_the_chinese_review_are_caught(text):
    assert problems(text, language("zh"))


@pytest.mark.parametrize(
    "text",
    [
        "%(name)s（%(size)s，%(id)s）",
        "结果是：一个与公布值吻合，还有一个对不上——不过偏差对英伟达有利。",
        "单加速器成绩，以及未公布编号的轮次的结果编号，均由本站得出，并加以标注。",
        "一块采用定制散热方案的 H200 单卡系统",  # a one-GPU system is not per card
        "在 [[plain:2024]]年[[plain:8]]月至[[plain:2026]]年[[plain:9]]月间",
        "54 条结果，预计 2027年3月15日前上市",
    ],
)
def test_the_corrected_chinese_passes(text):
    assert problems(text, language("zh")) == []


def test_a_chinese_list_spaces_its_joiner_beside_latin_words():
    # CLDR's zh pattern joins the last two items with 和 and no space: "Dell和MangoBoost".
    zh = language("zh")
    assert format_items(["Dell", "MangoBoost"], zh) == "Dell 和 MangoBoost"
    assert format_items(["v4.1", "v5.1", "v6.0"], zh) == "v4.1、v5.1 和 v6.0"
    assert format_items(["英伟达", "AMD"], zh) == "英伟达和 AMD"
    assert format_items(["数据中心", "边缘"], zh) == "数据中心和边缘"
    assert format_items(['<a href="v5.1/">v5.1</a>', '<a href="v6.0/">v6.0</a>'], zh) == (
        '<a href="v5.1/">v5.1</a> 和 <a href="v6.0/">v6.0</a>'
    )
    assert format_items(["Dell", "MangoBoost"], language("en")) == "Dell and MangoBoost"


def test_a_chinese_multiple_reads_bei():
    # "是 H100 的 5.39×" is a calque; Chinese says 5.39 倍. Tables keep ×.
    assert format_value(5.39, "x", language("zh")) == "5.39 倍"
    assert format_value(5.39, "x", language("en")) == "5.39×"


@pytest.mark.parametrize(
    "page",
    [
        "blog/2026/10/01/mlperf-v6-1-buyers-guide/index.html",
        "blog/2026/12/01/two-years-of-accelerator-generations/index.html",
    ],
)
def test_a_chinese_footnote_names_its_differences_in_chinese(page):
    # Footnotes of ratios between rounds: the category and accelerator-count differences
    # (claims gen-b200-available-over-preview, intel-b70-*: 已上市 over 预览) read as Chinese,
    # not "类别：已上市 对 预览" nor the count noun "个加速器：8 对 1".
    text = (SITE / "zh" / page).read_text(encoding="utf-8")
    assert "类别（已上市与预览）" in text
    assert " 对 " not in text and "个加速器：" not in text


# The native review of December 2026, kept fixed on every built page: each check reads what a
# reader sees or hears of a page (its text, and its tooltips and labels: title, aria-label and
# alt attributes), never what is code (scripts, styles, code spans) or quoted in English on
# purpose (the trademark legend's lang="en" quotation).
_HIDDEN = re.compile(
    r"<(script|style|code|pre)\b.*?</\1>"
    r"|<(span|p|q|blockquote)\b[^>]*\slang=\"en\"[^>]*>.*?</\2>",
    re.S,
)
_ATTRIBUTES = re.compile(r'\s(?:title|aria-label|alt)="([^"]*)"')
_BLOCK_END = re.compile(
    r"</(?:p|li|td|th|h\d|figcaption|small|div|dd|dt|summary|option)>|<br\s*/?>"
)


def reader_texts(html_text: str) -> list[str]:
    """The passages a reader meets on a page: each block's text (a paragraph, a cell, a list
    item, a note) and each tooltip, label and alternative text, entities decoded."""
    text = _HIDDEN.sub("x", html_text)  # as style.text_only: neighbours stay apart
    attributes = [html.unescape(value) for value in _ATTRIBUTES.findall(text)]
    blocks = re.sub(r"<[^>]+>", "", _BLOCK_END.sub("\n", text))
    return [line for line in html.unescape(blocks).split("\n") if line.strip()] + attributes


def zh_it_pages(site):
    return [(code, path) for code in ("zh", "it") for path in sorted((site / code).rglob("*.html"))]


def english_labels() -> list[str]:
    """What this site writes in English and must say in zh and it too: the labels of the claims'
    sources (data/claims.yaml, a source's `label`)."""
    import yaml

    sources = yaml.safe_load((ROOT / "data" / "claims.yaml").read_text(encoding="utf-8"))["sources"]
    return [source["label"]["en"] for source in sources.values() if "label" in source]


def test_no_source_label_in_english_on_a_zh_or_it_page(site):
    # LK-1: "MLPerf® Inference v6.1 results" was on 7 pages per language, 277 times (flag
    # tooltips, the source column, footnotes). Each label is data with a text per language;
    # a source's own title (NVIDIA's post) is quoted as published.
    labels = english_labels()
    assert "MLPerf Inference v6.1 results" in labels
    marked = [label.replace("MLPerf", "MLPerf®") for label in labels]
    found = {
        (code, str(path.relative_to(site / code)), label)
        for code, path in zh_it_pages(site)
        for text in [path.read_text(encoding="utf-8")]
        for label in labels + marked
        if label in text
    }
    assert found == set()


# Dates in citations are the language's, CLDR's long form (formatting.format_day): the footnote
# "retrieved 2026-09-16", the citation "于 2026-12-01 获取", a source "(2026-09-16)".
ISO_DAY = re.compile(r"(?<![\w-])20\d\d-\d\d-\d\d(?![\w-])")


@pytest.mark.parametrize("lang", ["en", "zh", "it"])
def test_no_iso_date_reaches_a_reader(site, lang):
    found = {}
    for path in sorted((site / lang).rglob("*.html")):
        page = path.read_text(encoding="utf-8")
        # The citation a reader copies is assembled from the table's data-cite words.
        cites = [html.unescape(v) for v in re.findall(r'data-cite(?:-pattern)?="([^"]*)"', page)]
        dates = {m.group(0) for text in reader_texts(page) + cites for m in ISO_DAY.finditer(text)}
        if dates:
            found[str(path.relative_to(site / lang))] = sorted(dates)[:3]
    assert found == {}


def test_chinese_pages_and_charts_have_no_space_between_chinese_words(site):
    # ZH-F1: the axis titles of 92 charts read "单加速器 样本/秒"; every page's text and
    # tooltips, and every chart's text, are read.
    gap = re.compile(r"[\u3400-\u9fff] +[\u3400-\u9fff]")
    found = {}
    for path in sorted((site / "zh").rglob("*.html")):
        texts = reader_texts(path.read_text(encoding="utf-8"))
        found.update({str(path): m.group(0) for t in texts for m in [gap.search(t)] if m})
    for path in sorted((site / "zh").rglob("*.svg")):
        labels = re.findall(r"<text[^>]*>([^<]*)</text>", path.read_text(encoding="utf-8"))
        found.update(
            {str(path): m.group(0) for t in labels for m in [gap.search(html.unescape(t))] if m}
        )
    assert found == {}


def test_chinese_text_and_tooltips_use_chinese_punctuation(site):
    # ZH-F2: flag tooltips ended "MLCommons, MLPerf® Inference v6.1 results, 2026-09-16", ASCII
    # commas after a Chinese sentence; the fresh-clone review of issue 34: the specifications'
    # credit read "加速器规格：Epoch AI, Data on Machine Learning Hardware" (a title takes 《》
    # after a Chinese comma). The rule of style.py over every zh page's text and tooltips.
    from generator.i18n.style import ASCII_COMMA_IN_CHINESE

    found = {}
    for path in sorted((site / "zh").rglob("*.html")):
        texts = reader_texts(path.read_text(encoding="utf-8"))
        found.update(
            {str(path): m.group(0) for t in texts for m in [ASCII_COMMA_IN_CHINESE.search(t)] if m}
        )
    assert found == {}
    credit = (site / "zh/results/specifications/index.html").read_text(encoding="utf-8")
    assert "Epoch AI，《Data on Machine Learning Hardware》（" in re.sub(r"<[^>]+>", "", credit)


def test_italian_passages_write_one_decimal_separator(site):
    # IT-F1: open-division notes read "accuratezza F1: 88.42042174998099. È sotto l'obiettivo
    # della divisione closed (F1 ≥ 89,965)", 1,744 times on 24 pages; the accuracy is now
    # written in Italian's form ("accuratezza F1 88,42042174998099"), and a value quoted as
    # published is marked as such («…»).
    from generator.i18n.style import mixed_decimals

    found = {}
    for path in sorted((site / "it").rglob("*.html")):
        texts = reader_texts(path.read_text(encoding="utf-8"))
        found.update({str(path): mixed[0] for t in texts if (mixed := mixed_decimals(t))})
    assert found == {}


@pytest.mark.parametrize(
    "lang, words",
    [
        ("zh", ["跳到正文", "返回文章列表", "阅读时长约"]),
        ("it", ["Inizializzazione della ricerca", "Torna agli articoli"]),
    ],
)
def test_material_strings_read_as_a_native_editor_writes_them(site, lang, words):
    # ZH-U1, ZH-U10, ZH-F8, IT-U12, IT-U19: Material's 跳转至, 回到主页, 需要 6 分钟阅读时间,
    # "Inizializza la ricerca" and "Torna all'indice" (beside a table of contents titled
    # "Indice"), replaced by overrides/partials/language.html.
    post = (site / lang / "blog/2026/09/17/amd-512-accelerator-record/index.html").read_text(
        encoding="utf-8"
    )
    assert [w for w in words if w not in post] == []
    assert not {
        "跳转至",
        "回到主页",
        "分钟阅读时间",
        "Inizializza la ricerca",
        "Torna all'indice",
    } & set(
        re.findall(
            r"跳转至|回到主页|分钟阅读时间|"
            r"Inizializza la ricerca|Torna all'indice",
            post,
        )
    )


def test_a_preview_confirmed_by_a_round_is_dated_by_that_round(site):
    # SH-1: Intel B70's tooltip said it "became available on 2026年9月16日", v6.1's publication
    # date: the data cannot date availability. It says the round and when the round was
    # published, and the flag's label carries no date (the tooltip says it once).
    post = {
        code: (site / code / "blog/2026/10/01/mlperf-v6-1-buyers-guide/index.html").read_text(
            encoding="utf-8"
        )
        for code in ("en", "zh", "it")
    }
    assert "became available on" not in post["en"]
    assert "first seen as available in v6.1, published on September 16, 2026" in post["en"]
    assert "已于 2026年9月16日上市" not in post["zh"]
    assert "首次以已上市类别出现在 v6.1（2026年9月16日发布）" in post["zh"]
    assert "ed è diventato disponibile il" not in post["it"]
    assert (
        "compare come disponibile per la prima volta in v6.1 (pubblicato il 16 settembre 2026)"
        in post["it"]
    )
    assert "预览，应于" not in post["zh"] and "Anteprima, disponibile entro" not in post["it"]


def english_fragments(code: str) -> set[str]:
    """The runs of three words or more that this site writes in English (the catalog's keys,
    cut at their placeholders and markup) and that the ``code`` catalog does not keep as they
    are (a name, a quoted title): what must not appear on a page of that language."""
    from babel.messages.pofile import read_po

    from generator.i18n.catalogs import catalog_path
    from generator.i18n.style import same_words

    with catalog_path(language(code)).open("rb") as handle:
        catalog = read_po(handle)
    kept = " ".join(
        s for m in catalog for s in (m.string if isinstance(m.string, tuple) else (m.string,)) if s
    )
    names = same_words()
    fragments = set()
    for message in catalog:
        for key in message.id if isinstance(message.id, tuple) else (message.id,):
            for piece in re.split(r"%\(\w+\)[sd]|<[^>]+>|\[[^\]]*\]\([^)]*\)|[:;.,()«»“”\"]", key):
                words = re.findall(r"[A-Za-z][A-Za-z'-]+", piece)
                if len(words) >= 3 and set(words) - names:
                    fragment = " ".join(words)
                    if fragment not in kept and " ".join(piece.split()) == fragment:
                        fragments.add(fragment)
    return fragments


@pytest.mark.parametrize("code", ["zh", "it"])
def test_no_site_written_english_on_a_zh_or_it_page(site, code):
    # The review found 12 English strings on 8 pages per language (source labels, a system
    # described in English, the field types of the data page). Every English run of three
    # words that the catalog translates must be absent from each page's text, tooltips and
    # labels, and from the text of its charts.
    fragments = english_fragments(code)
    assert "Result verified by MLCommons Association" in fragments  # the check can see one
    by_start = {}
    for fragment in fragments:
        by_start.setdefault(tuple(fragment.split()[:3]), []).append(fragment)
    found = {}
    for path in sorted((site / code).rglob("*.html")) + sorted((site / code).rglob("*.svg")):
        page = path.read_text(encoding="utf-8")
        texts = (
            reader_texts(page)
            if path.suffix == ".html"
            else [html.unescape(t) for t in re.findall(r"<text[^>]*>([^<]*)</text>", page)]
        )
        for text in texts:
            words = re.findall(r"[A-Za-z][A-Za-z'-]+", text)
            for at in range(len(words) - 2):
                for fragment in by_start.get(tuple(words[at : at + 3]), ()):
                    if fragment in " ".join(words[at:]):
                        found.setdefault(str(path.relative_to(site)), set()).add(fragment)
    assert found == {}


def test_a_published_accuracy_reads_in_the_page_language(site, dataset):
    # The fresh-clone review of issue 34: Italian pages quoted «acc: 76.454» beside the target
    # "acc ≥ 75,695" on ~17 pages, and Chinese ones showed MLCommons' raw text. An accuracy
    # the site writes follows the locale (formatting.format_accuracy), so no open-division
    # result's published text ("NAME: value", its form in data/results/*.csv) reaches a reader.
    published = {
        r.accuracy for r in dataset.records if r.division == "open" and ": " in (r.accuracy or "")
    }
    assert "acc: 76.454" in published  # v4.1, Krai's open resnet50 (data/results/v4.1.csv)
    raw = re.compile(r"\b[A-Za-z][\w-]*: -?\d+\.\d+")
    found = {}
    for code in ("en", "zh", "it"):
        for path in sorted((site / code).rglob("*.html")):
            texts = [t for t in reader_texts(path.read_text(encoding="utf-8")) if raw.search(t)]
            hits = [t for t in texts if any(a in t for a in published)]
            if hits:
                found[f"{code}/{path.relative_to(site / code)}"] = hits[0][:120]
    assert found == {}
    # Krai's note, by hand: the published 76.454 in Italian's decimal comma, as the target.
    krai = (site / "it/results/v4.1/submitters/krai/index.html").read_text(encoding="utf-8")
    assert (
        "accuratezza acc 76,454. Raggiunge l'obiettivo della divisione closed (acc ≥ 75,695)"
        in (html.unescape(krai))
    )


def test_the_trademark_legend_is_not_repeated_in_english(site):
    # The fresh-clone review of issue 34: every zh and it page's footer followed its legend
    # with MLCommons' English text. Only the How to cite page quotes it, labelled as such.
    from generator.editorial.guidelines import LEGEND

    found = {
        f"{code}/{path.relative_to(site / code)}"
        for code, path in zh_it_pages(site)
        if LEGEND in path.read_text(encoding="utf-8")
    }
    assert found == {"it/cite/index.html", "zh/cite/index.html"}
