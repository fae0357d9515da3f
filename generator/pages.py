"""Page building: Jinja2 templates + message catalogs + the dataset -> Markdown pages.

One code path for every language: a page is the same template rendered with the language's
catalog and CLDR locale. Data reaches the output only through autoescaping (HTML) and the
``md`` filter (Markdown), so a system name can never inject markup.
"""

from __future__ import annotations

import html
import json
import re
from dataclasses import dataclass
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape
from markupsafe import Markup, escape

from . import editorial
from .articles import Article
from .benchmarks import Benchmark, benchmarks_of, record_holder
from .catalogs import translations
from .claims import Registry
from .charts import assign_colours, chart_json, leaders_chart, render_svg
from .dataset import Dataset, result_url
from .formatting import format_headline, format_number, format_result, units_label
from .languages import LANGUAGES, Language
from .schema import ResultRecord
from .verification import ICONS, STATUS_MEANINGS, claim_view, grouped_by_status

TEMPLATES_DIR = Path(__file__).resolve().parent.parent / "templates"
RESULTS = "results"
# Characters with a meaning in Markdown that may occur in MLCommons' free text.
MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|~])")


def md_escape(value: object) -> Markup:
    """Escape ``value`` for Markdown prose: HTML-escaped, Markdown punctuation backslashed."""
    return Markup(MARKDOWN_SPECIAL.sub(r"\\\1", html.escape(str(value), quote=True)))


def yaml_string(value: object) -> Markup:
    """A YAML double-quoted scalar for front matter (JSON string syntax, which YAML reads).

    The text is HTML-escaped first: MkDocs themes insert front-matter titles into navigation
    HTML without escaping them."""
    return Markup(json.dumps(html.escape(str(value), quote=False), ensure_ascii=False))


def environment(lang: Language) -> Environment:
    """The Jinja2 environment of ``lang``: templates from ``templates/``, HTML autoescaping on
    for every template, gettext from the language's catalog, locale-aware number filters."""
    env = Environment(loader=FileSystemLoader(TEMPLATES_DIR),
                      autoescape=select_autoescape(default=True, default_for_string=True),
                      undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True,
                      keep_trailing_newline=True, extensions=["jinja2.ext.i18n"])
    env.install_gettext_translations(translations(lang), newstyle=True)
    env.filters.update(
        md=md_escape,
        number=lambda v, decimals=2: format_number(v, lang, decimals),
        result=lambda v: format_result(v, lang),
        headline=lambda v: format_headline(v, lang),
        units=lambda u: units_label(u, lang),
        yaml_string=yaml_string,
        sentences=lambda parts: Markup(lang.sentence_gap).join(
            escape(part) for part in parts if part),
        result_url=result_url,
    )
    env.globals.update(lang=lang, languages=LANGUAGES)
    return env


@dataclass(frozen=True)
class Page:
    """A generated file: ``path`` relative to the language's docs folder, and its content."""

    path: str
    content: str


@dataclass(frozen=True)
class ChartImage:
    """A static SVG still to render from a Vega-Lite ``spec`` (rendering is the slow step, so the
    writer renders only charts whose spec changed)."""

    path: str
    spec_path: str
    spec: dict
    lang: Language

    def render(self) -> str:
        """The SVG text (vl-convert)."""
        return render_svg(self.spec, self.lang)


def results_pages(dataset: Dataset, lang: Language) -> list[Page | ChartImage]:
    """Every page of the results section of ``lang``: an overview of the rounds, an index per
    round (benchmarks grouped by suite and model) and one page per benchmark, each with its chart
    spec and static SVG.

    Args:
        dataset: the validated dataset.
        lang: the language to render.

    Returns:
        pages under ``results/``, in a stable order.
    """
    env = environment(lang)
    pages: list[Page | ChartImage] = []
    rounds = [(name, benchmarks_of(dataset.of_round(name))) for name in reversed(dataset.rounds)]
    colours = assign_colours([b for _, benchmarks in rounds for b in benchmarks])
    for round_name, benchmarks in rounds:
        pages.append(Page(f"{RESULTS}/{round_name}/index.md",
                          env.get_template("round.md.j2").render(
                              round=round_name, benchmarks=benchmarks,
                              records=dataset.of_round(round_name))))
        for benchmark in benchmarks:
            pages.extend(benchmark_pages(env, benchmark, lang, colours))
    pages.insert(0, Page(f"{RESULTS}/index.md",
                         env.get_template("results.md.j2").render(rounds=rounds)))
    return pages


def benchmark_pages(env: Environment, benchmark: Benchmark, lang: Language,
                    colours: dict[str, str]) -> list[Page | ChartImage]:
    """The page of one benchmark and its chart files (``leaders.vl.json``, ``leaders.svg``)."""
    folder = f"{RESULTS}/{benchmark.path}"
    spec = leaders_chart(benchmark, lang, colours)
    return [
        Page(f"{folder}/index.md", env.get_template("benchmark.md.j2").render(
            benchmark=benchmark, chart_rows=len(spec["data"]["values"]))),
        Page(f"{folder}/leaders.vl.json", chart_json(spec)),
        ChartImage(f"{folder}/leaders.svg", f"{folder}/leaders.vl.json", spec, lang),
    ]


def home_page(dataset: Dataset, lang: Language, posts: list[Article] = ()) -> Page:
    """The language's home page: what the site is, the latest posts of ``lang`` and the latest
    round's headline figures."""
    latest = dataset.rounds[-1]
    benchmarks = benchmarks_of(dataset.of_round(latest))
    records = dataset.of_round(latest)
    return Page("index.md", environment(lang).get_template("home.md.j2").render(
        round=latest, benchmarks=benchmarks, records=records,
        record=record_holder(benchmarks),
        latest=sorted((p for p in posts if p.lang == lang), key=lambda p: (p.date, p.key),
                      reverse=True)[:3]))


def post_url(post: Article) -> str:
    """A post's URL path relative to the language root, as the blog plugin builds it
    (``post_url_format: "{date}/{slug}"``, date as ``yyyy/MM/dd``)."""
    return f"blog/{post.date:%Y/%m/%d}/{post.meta['slug']}/"


def editorial_pages(registry: Registry, posts: list[Article], records: list[ResultRecord],
                    lang: Language) -> list[Page]:
    """The generated editorial pages of ``lang``: the blog's index and authors file, the tag
    index and one page per tag (with its post count), and the Verification page listing every
    claim by status."""
    env = environment(lang)
    own = [p for p in posts if p.lang == lang]
    pages = [Page("blog/index.md", env.get_template("blog_index.md.j2").render()),
             Page("blog/.authors.yml", editorial.authors_file(lang)),
             Page("tags/index.md", env.get_template("tags_index.md.j2").render())]
    for slug, names in sorted(editorial.tags().items()):
        name = names[lang.code]
        count = sum(name in (p.meta.get("tags") or []) for p in own)
        pages.append(Page(f"tags/{slug}.md", env.get_template("tag.md.j2").render(
            name=name, count=count)))
    used_in: dict[str, list[dict]] = {}
    for post in own:
        for ref in post.claim_references():
            entry = {"url": post_url(post), "title": post.title}
            if entry not in used_in.setdefault(ref.claim_id, []):
                used_in[ref.claim_id].append(entry)
    groups = [(status, [claim_view(cid, registry, records, lang) for cid in ids])
              for status, ids in grouped_by_status(registry)]
    pages.append(Page("verification.md", env.get_template("verification.md.j2").render(
        groups=groups, registry=registry, used_in=used_in, icons=ICONS,
        meanings=STATUS_MEANINGS)))
    return pages
