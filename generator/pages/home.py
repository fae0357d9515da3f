"""The home page, the data page (the dataset, its descriptor and how to cite it) and the editorial pages (blog index, tags, verification)."""

from __future__ import annotations

import json
from pathlib import Path

from generator.data import changelog, identity, withdrawn
from generator.data.dataset import (
    DESCRIPTOR,
    RESULTS_DIR,
    RESULTS_REPOSITORY,
    Dataset,
    round_table,
)
from generator.data.schema import ResultRecord, field_descriptors
from generator.editorial import registries as editorial
from generator.editorial.articles import Article
from generator.editorial.claims import Registry
from generator.editorial.guidelines import LEGEND
from generator.editorial.verification import (
    ICONS,
    STATUS_MEANINGS,
    claim_view,
    grouped_by_status,
)
from generator.i18n.catalogs import translations
from generator.i18n.languages import Language
from generator.i18n.trademark import mark
from generator.model.benchmarks import benchmarks_of, record_holder
from generator.pages.citations import citation
from generator.pages.filters import environment
from generator.pages.output import Page, downloads
from generator.project import ROOT


def home_page(dataset: Dataset, lang: Language, posts: list[Article] = ()) -> Page:
    """The language's home page: what the site is, the latest posts of ``lang`` and the latest
    round's headline figures."""
    latest = dataset.rounds[-1]
    benchmarks = benchmarks_of(dataset.of_round(latest))
    records = dataset.of_round(latest)
    return Page(
        "index.md",
        environment(lang)
        .get_template("home.md.j2")
        .render(
            round=latest,
            benchmarks=benchmarks,
            records=records,
            record=record_holder(benchmarks),
            latest=sorted(
                (p for p in posts if p.lang == lang), key=lambda p: (p.date, p.key), reverse=True
            )[:3],
        ),
    )


BIBTEX = """@misc{{mlperf_wiki_dataset,
  title = {{MLPerf Inference results, normalized ({rounds})}},
  author = {{{{MLPerf Wiki}}}},
  howpublished = {{\\url{{{url}}}}},
  note = {{Official MLCommons MLPerf Inference result summaries, Apache License 2.0}}
}}"""


def published_descriptor(data_dir: Path) -> str:
    """``data/datapackage.json`` as the Data page publishes it: a resource's ``path`` is read
    relative to the descriptor (Frictionless Data, "Data Resource"), and the site publishes
    each round's table beside it (``data/v6.1.csv``) where the repository keeps it under
    ``results/``; the withdrawn tables keep their folder in both places. Its titles and
    descriptions mark MLPerf with its ® as the pages do (``trademark.mark``; names such as
    ``mlperf-inference-results`` and addresses are no use of the mark)."""
    descriptor = json.loads((data_dir / DESCRIPTOR).read_text(encoding="utf-8"))
    for resource in descriptor["resources"]:
        resource["path"] = resource["path"].removeprefix(f"{RESULTS_DIR}/")
    return mark(json.dumps(descriptor, indent=2, ensure_ascii=False)) + "\n"  # trademark.py


def data_pages(data_dir: Path, dataset: Dataset, lang: Language, site_url: str) -> list[Page]:
    """The Data page of ``lang`` and its downloads: each round's table as committed in
    ``data/results/`` and the data package descriptor, with the fields documented from the
    schema (titles and descriptions translated by the catalog), each round's changelog
    (``changelog``: what each import changed, newest first; the publication of a round's
    official IDs as ``identity.IdPublication``, with its ``data/ids/<round>.csv``) and a
    citation; and the "How to cite" page (``cite.md``): MLCommons' results guidelines in short, an example citation of
    the newest round's first benchmark leader, the trademark legend."""
    env = environment(lang)
    rounds = [
        (
            name,
            len(dataset.of_round(name)),
            RESULTS_REPOSITORY.format(round=name).removesuffix("tree/main/"),
        )
        for name in reversed(dataset.rounds)
    ]
    files = [
        Page(f"data/{name}.csv", round_table(data_dir, name).read_text(encoding="utf-8"))
        for name, _, _ in rounds
    ]
    files += [
        Page(f"data/withdrawn/{name}.csv", path.read_text(encoding="utf-8"))
        for name, _, _ in rounds
        if (path := withdrawn.table(data_dir, name)).exists()
    ]
    files += [
        Page(f"data/ids/{name}.csv", path.read_text(encoding="utf-8"))
        for name, _, _ in rounds
        if (path := identity.ids_table(data_dir, name)).exists()
    ]
    files.append(Page("data/datapackage.json", published_descriptor(data_dir)))
    # The ® of MLPerf as the character itself, as the page shows it (trademark.py): biber reads
    # the entry as UTF-8, and LaTeX, UTF-8 by default since 2018, prints ® as \textregistered.
    bibtex = mark(
        BIBTEX.format(
            rounds=", ".join(name for name, _, _ in rounds), url=f"{site_url}{lang.code}/data/"
        )
    )
    changes = {
        name: list(reversed(changelog.read_changelog(data_dir, name))) for name, _, _ in rounds
    }
    latest = dataset.rounds[-1]
    example = benchmarks_of(dataset.of_round(latest))[0].leader
    cite = env.get_template("cite.md.j2").render(
        example=example,
        legend=translations(lang).gettext(LEGEND),
        legend_original=LEGEND,
        example_citation=citation(
            example, lang, changes[latest][0]["date"] if changes[latest] else latest
        ),
    )
    return [
        Page(
            "data/index.md",
            env.get_template("data.md.j2").render(
                rounds=rounds,
                fields=field_descriptors(),
                bibtex=bibtex,
                changes=changes,
                publications=identity.id_publications(changes),
                withdrawals={
                    name: [w for w in dataset.withdrawn if w.record.round == name]
                    for name, _, _ in rounds
                },
                titles={field["name"]: field["title"] for field in field_descriptors()},
            ),
        ),
        Page("cite.md", cite),
        *files,
    ]


def post_url(post: Article) -> str:
    """A post's URL path relative to the language root, as the blog plugin builds it
    (``post_url_format: "{date}/{slug}"``, date as ``yyyy/MM/dd``)."""
    return f"blog/{post.date:%Y/%m/%d}/{post.meta['slug']}/"


def editorial_pages(
    registry: Registry,
    posts: list[Article],
    records: list[ResultRecord],
    lang: Language,
    data_dir: Path = ROOT / "data",
) -> list[Page]:
    """The generated editorial pages of ``lang``: the blog's index and authors file, the tag
    index and one page per tag (with its post count), the Verification page listing every
    claim by status, and ``claims.csv``/``.json``: one row per claim with its status, a
    preview's phase and dates (``preview_available_by``, ``_confirmed``, ``_retracted``, ISO
    dates), the flag's label in the language, value, recomputation, sources and articles.
    Authors and tags are those of ``data_dir``, the project's ``data/``."""
    env = environment(lang)
    own = [p for p in posts if p.lang == lang]
    pages = [
        Page("blog/index.md", env.get_template("blog_index.md.j2").render()),
        Page("blog/.authors.yml", editorial.authors_file(lang, data_dir / editorial.AUTHORS_NAME)),
    ]
    tags = []
    for slug, names in sorted(editorial.tags(data_dir / editorial.TAGS_NAME).items()):
        name = names[lang.code]
        count = sum(name in (p.meta.get("tags") or []) for p in own)
        pages.append(
            Page(f"tags/{slug}.md", env.get_template("tag.md.j2").render(name=name, count=count))
        )
        tags.append({"slug": slug, "name": name, "count": count})
    # The tag index: the tags posts use, by name, each linked to its page (tags_index.md.j2).
    pages.append(
        Page(
            "tags/index.md",
            env.get_template("tags_index.md.j2").render(
                tags=sorted((t for t in tags if t["count"]), key=lambda t: t["name"].casefold())
            ),
        )
    )
    used_in: dict[str, list[dict]] = {}
    for post in own:
        for ref in post.claim_references():
            entry = {"url": post_url(post), "title": post.title}
            if entry not in used_in.setdefault(ref.claim_id, []):
                used_in[ref.claim_id].append(entry)
    groups = grouped_by_status(
        [claim_view(cid, registry, records, lang) for cid in registry.claims]
    )
    pages.append(
        Page(
            "verification.md",
            env.get_template("verification.md.j2").render(
                groups=groups,
                registry=registry,
                used_in=used_in,
                icons=ICONS,
                meanings=STATUS_MEANINGS,
            ),
        )
    )
    pages += downloads(
        "claims",
        [
            {
                "claim_id": v.claim_id,
                "status": v.status,
                # A preview's follow-up (claims.Preview): phase and ISO dates, empty for other claims.
                "preview_phase": v.preview_phase,
                **{
                    f"preview_{field}": (
                        getattr(v.claim.preview, field).isoformat()
                        if v.claim.preview and getattr(v.claim.preview, field)
                        else None
                    )
                    for field in ("available_by", "confirmed", "retracted")
                },
                "label": v.label,
                # The figure shown (computed, at its precision; a quoted claim's as typed).
                "value": v.figure.value,
                "unit": v.figure.unit,
                "measures": "; ".join(
                    f"{k}: {' vs '.join(values)}" for k, values in v.figure.scope
                ),
                # In the claim's unit, as the value: percent for "%".
                "recomputed_value": v.figure.computed,
                # The IDs as published, their canonical forms, and for each whether it is derived.
                **{
                    name: " ".join(value(r) for r in v.recomputation.records)
                    if v.recomputation
                    else None
                    for name, value in (
                        ("recomputed_from", lambda r: r.shown_id),
                        ("recomputed_from_canonical", lambda r: r.result_id),
                        (
                            "recomputed_from_derived",
                            lambda r: "true" if r.result_id_derived else "false",
                        ),
                    )
                },
                "sources": " ".join(registry.sources[s].url for s in v.claim.sources),
                "articles": " ".join(post["url"] for post in used_in.get(v.claim_id, [])),
            }
            for _, views in groups
            for v in views
        ],
    )
    return pages
