"""Page building: Jinja2 templates + message catalogs + the dataset -> Markdown pages.

One code path for every language: a page is the same template rendered with the language's
catalog and CLDR locale. Data reaches the output only through autoescaping (HTML) and the
``md`` filter (Markdown), so a system name can never inject markup.
"""

from __future__ import annotations

import csv
import datetime as dt
import html
import io
import json
import re
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape
from markupsafe import Markup, escape

from generator.data import accelerators, changelog
from generator.data.dataset import DESCRIPTOR, RESULTS_REPOSITORY, Dataset, result_url, round_table
from generator.data.names import Naming
from generator.data.schema import ResultRecord, field_descriptors
from generator.editorial import registries as editorial
from generator.editorial.articles import Article
from generator.editorial.claims import Registry
from generator.editorial.verification import ICONS, STATUS_MEANINGS, claim_view, grouped_by_status
from generator.i18n.catalogs import translations
from generator.i18n.formatting import (
    format_day,
    format_headline,
    format_items,
    format_number,
    format_result,
    unit_name,
    unit_symbol,
    units_label,
)
from generator.i18n.languages import LANGUAGES, Language
from generator.pages.charts import (
    assign_colours,
    chart_json,
    chart_rows,
    leaders_chart,
    per_accelerator_rows,
    power_chart,
    render_svg,
)
from generator.results import families, organizations, power
from generator.results.benchmarks import DIVISION_ORDER, Benchmark, benchmarks_of, record_holder
from generator.results.comparisons import default_pair, entries, group_by, systems, timeline

TEMPLATES_DIR = Path(__file__).resolve().parents[2] / "templates"
RESULTS = "results"
# Characters with a meaning in Markdown that may occur in MLCommons' free text.
MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|~])")


def md_escape(value: object) -> Markup:
    """Escape ``value`` for Markdown prose: HTML-escaped, Markdown punctuation backslashed."""
    return Markup(MARKDOWN_SPECIAL.sub(r"\\\1", html.escape(str(value), quote=True)))


def code_spans(text: str) -> Markup:
    """HTML-escaped ``text`` whose `backquoted` names become ``<code>`` elements (field
    descriptions are written for Markdown but shown inside HTML tables)."""
    return Markup(re.sub(r"`([^`]+)`", r"<code>\1</code>", str(escape(text))))


def yaml_string(value: object) -> Markup:
    """A YAML double-quoted scalar for front matter (JSON string syntax, which YAML reads).

    The text is HTML-escaped first, quotes included: MkDocs themes insert front-matter titles
    into navigation HTML without escaping them, and Material's social plugin puts them into
    ``content="…"`` attributes of its meta tags."""
    return Markup(json.dumps(html.escape(str(value), quote=True), ensure_ascii=False))


def yaml_name(value: object) -> Markup:
    """A YAML double-quoted scalar for a name that plugins compare, not display (the tags a
    tag page lists): not HTML-escaped, but with ``<`` and ``>`` as escapes, so that it can
    neither end the HTML comment it sits in nor open a tag."""
    text = json.dumps(str(value), ensure_ascii=False)
    return Markup(text.replace("<", "\\u003c").replace(">", "\\u003e"))


def items(values: list, lang: Language) -> str | Markup:
    """``values`` as a list in ``lang``'s words (``formatting.format_items``, CLDR list
    patterns); already-escaped markup (links) stays markup, the separators being plain text."""
    text = format_items(values, lang)
    return Markup(text) if values and all(isinstance(v, Markup) for v in values) else text


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
        figure=lambda v: format_result(v, lang, fixed=True),
        headline=lambda v: format_headline(v, lang),
        units=lambda u: units_label(u, lang),
        unit=lambda u: unit_symbol(u, lang),
        unit_name=lambda u: unit_name(u, lang),
        yaml_string=yaml_string,
        yaml_name=yaml_name,
        code_spans=code_spans,
        sentences=lambda parts: Markup(lang.sentence_gap).join(
            escape(part) for part in parts if part),
        result_url=result_url,
        date=lambda iso: format_day(dt.date.fromisoformat(iso), lang),
        items=lambda values: items(list(values), lang),
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
    naming = Naming.of(dataset.records, lambda r: r.accelerator_id)
    env.filters["system_key"] = naming.system_key
    pages: list[Page | ChartImage] = []
    rounds = [(name, benchmarks_of(dataset.of_round(name))) for name in reversed(dataset.rounds)]
    colours = assign_colours([b for _, benchmarks in rounds for b in benchmarks])
    by_round = dict(rounds)
    pages.extend(accelerator_pages(env, by_round, naming))
    for round_name, benchmarks in rounds:
        pages.extend(comparison_pages(env, round_name, benchmarks, naming))
        pages.append(Page(f"{RESULTS}/{round_name}/index.md",
                          env.get_template("round.md.j2").render(
                              round=round_name, benchmarks=benchmarks,
                              records=dataset.of_round(round_name),
                              organizations=organizations.count(
                                  r.submitter for r in dataset.of_round(round_name)),
                              has_power=any(r.power_result is not None
                                            for r in dataset.of_round(round_name)))))
        pages += downloads(f"{RESULTS}/{round_name}/benchmarks", [
            {"suite": b.suite, "model": b.model, "scenario": b.scenario,
             "results": len(b.results), "units": b.units[0], "best_result": b.value(b.leader),
             "leader_submitter": b.leader.submitter, "leader_system": b.leader.system_name,
             "leader_result_id": b.leader.shown_id, "page": f"{b.path.split('/', 1)[1]}/"}
            for b in benchmarks])
        for benchmark in benchmarks:
            siblings = [b for b in benchmarks if b is not benchmark and (b.suite, b.model,
                        b.scenario) == (benchmark.suite, benchmark.model, benchmark.scenario)]
            pages.extend(benchmark_pages(env, benchmark, lang, colours, siblings))
    pages.extend(system_comparison_pages(env, by_round, lang, naming))
    pages.insert(0, results_index(dataset, lang, rounds))
    return pages


def results_index(dataset: Dataset, lang: Language,
                  rounds: list[tuple[str, list[Benchmark]]] | None = None) -> Page:
    """The overview of the rounds (``results/index.md``); ``rounds`` as ``results_pages``
    computes them (newest first), or computed here."""
    if rounds is None:
        rounds = [(name, benchmarks_of(dataset.of_round(name)))
                  for name in reversed(dataset.rounds)]
    power_rounds = {name: sum(r.power_result is not None for r in dataset.of_round(name))
                    for name in dataset.rounds}
    return Page(f"{RESULTS}/index.md", environment(lang).get_template("results.md.j2").render(
        rounds=rounds, power_rounds=power_rounds))


def comparison_pages(env: Environment, round_name: str, benchmarks: list[Benchmark],
                     naming: Naming) -> list[Page]:
    """Pages of every submitter of a round (all its results, with rank, division, category and
    accelerator count) with their index, and the index of the round's accelerators, which links
    each accelerator's page across rounds (``accelerator_pages``)."""
    base = f"{RESULTS}/{round_name}"
    all_entries = entries(benchmarks)
    submitters = group_by(all_entries, lambda r: r.submitter, naming.submitters)
    accelerators = group_by(all_entries, lambda r: r.accelerator_id, naming.accelerators,
                            lambda accelerator_id: accelerator_name(all_entries, accelerator_id))
    pages = []
    for kind, folder, groups, link in (("submitter", "submitters", submitters, ""),
                                       ("accelerator", "accelerators", accelerators,
                                        "../../accelerators/")):
        pages.append(Page(f"{base}/{folder}/index.md",
                          env.get_template("comparisons_index.md.j2").render(
                              round=round_name, kind=kind, groups=groups, link=link)))
        pages += downloads(f"{base}/{folder}/{folder}", [
            {kind: name, "results": len(members),
             "benchmarks": len({entry.benchmark.path for entry in members}),
             "page": f"{link}{group_slug}/"}
            for group_slug, (name, members) in groups.items()])
    for group_slug, (name, members) in submitters.items():
        companies = set(organizations.organizations_of(name))
        # Joint submissions its company took part in (Dell's page lists Dell_AMD's results).
        joint = [(other, slug, rows) for slug, (other, rows) in submitters.items()
                 if other != name and organizations.is_joint(other)
                 and companies & set(organizations.organizations_of(other))
                 and not organizations.is_joint(name)]
        pages.append(Page(f"{base}/submitters/{group_slug}/index.md",
                          env.get_template("comparison.md.j2").render(
                              round=round_name, kind="submitter", name=name, entries=members,
                              spellings=[], history=[], rounds=[], joint=joint, family=None,
                              partners=organizations.organizations_of(name)
                              if organizations.is_joint(name) else ())))
        pages += downloads(f"{base}/submitters/{group_slug}/results", download_rows(
            [entry.record for entry in members], [entry.rank for entry in members]))
    return pages


ACCELERATORS = f"{RESULTS}/accelerators"


def accelerator_pages(env: Environment, by_round: dict[str, list[Benchmark]],
                      naming: Naming) -> list[Page]:
    """One page per canonical accelerator with its results of every round (newest first), the
    published spellings it gathers and its round-over-round table
    (``comparisons.timeline``), and the index of all accelerators."""
    rounds_oldest_first = list(reversed(by_round))
    all_entries = [e for benchmarks in by_round.values() for e in entries(benchmarks)]
    groups = group_by(all_entries, lambda r: r.accelerator_id, naming.accelerators,
                      lambda accelerator_id: accelerator_name(all_entries, accelerator_id))
    pages = [Page(f"{ACCELERATORS}/index.md", env.get_template("comparisons_index.md.j2").render(
        round=None, kind="accelerator", groups=groups, link=""))]
    pages += downloads(f"{ACCELERATORS}/accelerators", [
        {"accelerator": name, "results": len(members),
         "rounds": " ".join(dict.fromkeys(e.record.round for e in members)),
         "page": f"{group_slug}/"} for group_slug, (name, members) in groups.items()])
    for group_slug, (name, members) in groups.items():
        accelerator_id = members[0].record.accelerator_id
        history = timeline(dict(reversed(by_round.items())), (accelerator_id,))
        spellings = sorted({e.record.accelerator for e in members})
        pages.append(Page(f"{ACCELERATORS}/{group_slug}/index.md",
                          env.get_template("comparison.md.j2").render(
                              round=None, kind="accelerator", name=name, entries=members,
                              spellings=spellings, history=history, accelerator_id=accelerator_id,
                              rounds=rounds_oldest_first, joint=[], partners=(),
                              family=families.family_of(accelerator_id))))
        pages += downloads(f"{ACCELERATORS}/{group_slug}/results", download_rows(
            [entry.record for entry in members], [entry.rank for entry in members]))
        if history:
            best = [row.best[(accelerator_id, r)] for row in history for r in rounds_oldest_first
                    if (accelerator_id, r) in row.best]
            pages += downloads(f"{ACCELERATORS}/{group_slug}/history", download_rows(
                best, [None] * len(best)))
    return pages


def accelerator_name(all_entries: list, accelerator_id: str) -> str:
    """The display name of a canonical accelerator (``accelerators.yaml``); for a mixed system,
    the names of its parts joined by "+"; for an accelerator the table does not know, its
    published spelling (``accelerators.identify``)."""
    known = accelerators.table().accelerators.get(accelerator_id)
    if known:
        return known.name
    spelling = next(e.record.accelerator for e in all_entries
                    if e.record.accelerator_id == accelerator_id)
    return accelerators.identify(spelling).accelerator.name


COMPARE = f"{RESULTS}/compare"


def system_comparison_pages(env: Environment, by_round: dict[str, list[Benchmark]],
                            lang: Language, naming: Naming) -> list[Page]:
    """The page comparing two systems under test (``results/compare/``) and its data
    (``systems.json``).

    The reader picks two systems of any rounds; the page's script
    (``assets/javascripts/compare.js``) pairs their results on the benchmarks both ran (same
    suite, model and scenario) and shows the ratio of the results and, for throughputs only,
    of the results per accelerator, with every difference in round, division, category and
    accelerator count that MLCommons' results guidelines require a comparison to state.

    ``systems.json`` is ``{"repositories": {round: URL of its official results},
    "systems": {key: {"round", "submitter", "name", "results": {benchmark key: result}}}}``; a
    result carries its value in MLCommons' units (``value``, and ``per_accelerator`` for
    throughputs), whether higher is better, the location of its result folder in its round's
    repository, and the texts the page shows, already formatted for ``lang`` (CLDR), so the
    script formats nothing but ratios.
    """
    all_systems = systems(by_round, naming)
    catalog = translations(lang)

    def result(benchmark: Benchmark, record: ResultRecord) -> dict:
        per_accelerator = record.result_per_accelerator
        units = unit_symbol(record.units, lang)
        return {
            "benchmark": f"{benchmark.model} · {catalog.gettext(benchmark.suite)}",
            "scenario": benchmark.scenario,
            "href": f"../{benchmark.path}/",
            "value": record.result,
            "text": f"{format_result(record.result, lang)} {units}",
            "units": record.units,
            "units_text": units,
            "higher_is_better": benchmark.higher_is_better,
            "per_accelerator": per_accelerator,
            # One catalog sentence, so each language orders value, unit and "per accelerator".
            "per_accelerator_text": None if per_accelerator is None else
            catalog.gettext("%(value)s %(units)s per accelerator") % {
                "value": format_result(per_accelerator, lang), "units": units},
            "division": record.division,
            "category": record.category,
            "accelerators": record.total_accelerators,
            "result_id": record.shown_id,
            "location": quote(record.location),
        }

    data = {"repositories": {name: result_url(name, "") for name in by_round}, "systems": {
            system.key: {"round": system.round, "submitter": system.submitter,
                         "name": system.name,
                         "results": {"/".join(key): result(*pair)
                                     for key, pair in system.results.items()}}
            for system in all_systems}}
    groups: dict[tuple[str, str], list] = {}
    for system in all_systems:
        groups.setdefault((system.round, system.submitter), []).append(system)
    return [
        Page(f"{COMPARE}/index.md", env.get_template("compare.md.j2").render(
            groups=groups, pair=default_pair(all_systems))),
        Page(f"{COMPARE}/systems.json", json.dumps(data, ensure_ascii=False,
                                                   separators=(",", ":")) + "\n"),
    ]


def benchmark_pages(env: Environment, benchmark: Benchmark, lang: Language,
                    colours: dict[str, str], siblings: list[Benchmark] = ()
                    ) -> list[Page | ChartImage]:
    """The page of one benchmark, its charts and downloads of exactly the rows shown.

    ``siblings`` are the benchmarks of the same model, scenario and suite in other quantities
    (``Benchmark.apart``); the page links them and says why they are ranked apart.

    Files beside the page: the table (``results.csv``/``.json``); the chart of the leading
    results (``leaders.vl.json``, ``leaders.svg``, ``leaders.csv``/``.json``); for a
    throughput, the chart of the leading results per accelerator (``per-accelerator.*``); with
    MLPerf Power results, their chart (``power.*``, see ``power``).
    """
    folder = f"{RESULTS}/{benchmark.path}"
    table = [row for division in DIVISION_ORDER
             for row in download_rows(benchmark.division(division))]
    charts = {"leaders": chart_rows(benchmark),
              "per-accelerator": per_accelerator_rows(benchmark)}
    figures = power.ranked(list(benchmark.results))
    files: list[Page | ChartImage] = [
        Page(f"{folder}/index.md", env.get_template("benchmark.md.j2").render(
            benchmark=benchmark, siblings=siblings, power=figures,
            charts={name: rows for name, rows in charts.items() if rows})),
        *downloads(f"{folder}/results", table),
    ]
    if figures:
        spec = power_chart(figures, lang, colours)
        files += [Page(f"{folder}/power.vl.json", chart_json(spec)),
                  ChartImage(f"{folder}/power.svg", f"{folder}/power.vl.json", spec, lang)]
    for name, rows in charts.items():
        if not rows:
            continue
        spec = leaders_chart(benchmark, lang, colours, per_accelerator=name != "leaders")
        files += [*downloads(f"{folder}/{name}", download_rows(rows)),
                  Page(f"{folder}/{name}.vl.json", chart_json(spec)),
                  ChartImage(f"{folder}/{name}.svg", f"{folder}/{name}.vl.json", spec, lang)]
    return files


DOWNLOAD_FIELDS = ("rank", "round", "suite", "model", "scenario", "result_id", "division",
                   "category", "submitter", "system_name", "accelerator", "total_accelerators",
                   "result", "units", "result_per_accelerator", "result_url")


def download_rows(records: list[ResultRecord], ranks: list[int | None] | None = None
                  ) -> list[dict]:
    """Rows of a table or chart of results as offered for download: the rank (within the list
    given, or ``ranks``), the benchmark and the fields shown on the page, in MLCommons' units,
    and the official result folder's URL."""
    ranks = ranks or list(range(1, len(records) + 1))
    return [{"rank": rank, **{f: getattr(r, f) for f in DOWNLOAD_FIELDS[1:-1]},
             "result_url": result_url(r.round, r.location)}
            for rank, r in zip(ranks, records)]


def downloads(stem: str, rows: list[dict]) -> list[Page]:
    """``<stem>.csv`` and ``<stem>.json`` of ``rows`` (UTF-8, stable order and layout; the
    columns are the keys of the rows, in order)."""
    fields = list(rows[0]) if rows else list(DOWNLOAD_FIELDS)
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=fields, lineterminator="\n")
    writer.writeheader()
    writer.writerows({k: "" if v is None else v for k, v in row.items()} for row in rows)
    return [Page(f"{stem}.csv", buffer.getvalue()),
            Page(f"{stem}.json", json.dumps(rows, ensure_ascii=False, indent=1) + "\n")]


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


BIBTEX = """@misc{{mlperf_wiki_dataset,
  title = {{MLPerf Inference results, normalized ({rounds})}},
  author = {{{{MLPerf Wiki}}}},
  howpublished = {{\\url{{{url}}}}},
  note = {{Official MLCommons MLPerf Inference result summaries, Apache License 2.0}}
}}"""


def data_pages(data_dir: Path, dataset: Dataset, lang: Language, site_url: str) -> list[Page]:
    """The Data page of ``lang`` and its downloads: each round's table as committed in
    ``data/results/`` and the data package descriptor, with the fields documented from the
    schema (titles and descriptions translated by the catalog), each round's changelog
    (``changelog``: what each import changed, newest first) and a citation."""
    env = environment(lang)
    rounds = [(name, len(dataset.of_round(name)),
               RESULTS_REPOSITORY.format(round=name).removesuffix("tree/main/"))
              for name in reversed(dataset.rounds)]
    files = [Page(f"data/{name}.csv", round_table(data_dir, name).read_text(encoding="utf-8"))
             for name, _, _ in rounds]
    files.append(Page("data/datapackage.json",
                      (data_dir / DESCRIPTOR).read_text(encoding="utf-8")))
    bibtex = BIBTEX.format(rounds=", ".join(name for name, _, _ in rounds),
                           url=f"{site_url}{lang.code}/data/")
    changes = {name: list(reversed(changelog.read_changelog(data_dir, name)))
               for name, _, _ in rounds}
    return [Page("data/index.md", env.get_template("data.md.j2").render(
        rounds=rounds, fields=field_descriptors(), bibtex=bibtex, changes=changes,
        titles={field["name"]: field["title"] for field in field_descriptors()})), *files]


def post_url(post: Article) -> str:
    """A post's URL path relative to the language root, as the blog plugin builds it
    (``post_url_format: "{date}/{slug}"``, date as ``yyyy/MM/dd``)."""
    return f"blog/{post.date:%Y/%m/%d}/{post.meta['slug']}/"


def editorial_pages(registry: Registry, posts: list[Article], records: list[ResultRecord],
                    lang: Language) -> list[Page]:
    """The generated editorial pages of ``lang``: the blog's index and authors file, the tag
    index and one page per tag (with its post count), the Verification page listing every
    claim by status, and ``claims.csv``/``.json``: one row per claim with its status, a
    preview's phase and dates (``preview_available_by``, ``_confirmed``, ``_retracted``, ISO
    dates), the flag's label in the language, value, recomputation, sources and articles."""
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
    pages += downloads("claims", [
        {"claim_id": v.claim_id, "status": v.claim.status,
         # A preview's follow-up (claims.Preview): phase and ISO dates, empty for other claims.
         "preview_phase": v.preview_phase,
         **{f"preview_{field}": (getattr(v.claim.preview, field).isoformat()
                                 if v.claim.preview and getattr(v.claim.preview, field)
                                 else None)
            for field in ("available_by", "confirmed", "retracted")},
         "label": v.label, "value": v.claim.value,
         "unit": v.claim.unit,
         "measures": "; ".join(f"{k}: {value}" for k, value in v.claim.measures.items()),
         "recomputed_value": v.recomputation.value if v.recomputation else None,
         "recomputed_from": " ".join(r.result_id for r in v.recomputation.records)
         if v.recomputation else None,
         "sources": " ".join(registry.sources[s].url for s in v.claim.sources),
         "articles": " ".join(post["url"] for post in used_in.get(v.claim_id, []))}
        for _, views in groups for v in views])
    return pages
