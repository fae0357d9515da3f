"""The finishing step: what must see the engine's output, done by our code over each built
language (``finish_language``) and over the whole site (``finish_site``).

A language's folder gets: an entry per result ID in the search index
(``pages.result_search``), the other forms of its words (``i18n.search``, for languages
whose words inflect) and the names its readers type for names written in Latin script (戴尔 for
Dell: ``i18n/search_aliases.yaml``); RSS 2.0 feeds made valid (``feeds.valid_rss``); no source
maps (Material ships one per script and stylesheet, about 1 MB per language, useful only to
Material's own developers); and a check that every claim reference of an article became a flag
(a raw ``[[claim:`` left in a post's HTML stops the build, naming the page). The site root gets
the language chooser and the 404 page, and the assets every language shares (the Vega bundle and
the explorer's dataset, under content-hashed names: ``assets``).
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, select_autoescape

from generator.editorial.claim_review import absolute_urls
from generator.files import write_text_atomic
from generator.i18n.languages import LANGUAGES, Language
from generator.i18n.search import add_aliases, add_word_forms, aliases
from generator.pages.result_search import RESULT_SEARCH
from generator.project import ROOT, TEMPLATES_DIR
from generator.site.feeds import dated_by_changes, post_changes, valid_rss
from generator.site.images import size_images

# mkdocs-rss-plugin's default file names (mkdocs.yml does not change them).
FEEDS = ("feed_rss_created.xml", "feed_rss_updated.xml")
UPDATED_FEED = FEEDS[1]
SEARCH_INDEX = Path("search") / "search_index.json"
# A claim or ID reference the renderer left as written; in code it is shown as written on purpose
# (an article explaining the syntax), so code is left out first.
RAW_CLAIM = re.compile(r"\[\[(?:claim|id):")
CODE = re.compile(r"<code[^>]*>.*?</code>", re.DOTALL)
# Generated files the same in every language (the Vega bundle, the explorer's dataset, the
# downloads with no text of a language): written by `generate` into docs/_shared/
# (downloads.SharedFiles), copied to the site root here.
SHARED_DOCS = "_shared"


class UnrenderedClaims(Exception):
    """A built article still shows a raw claim reference: the claims extension did not run."""


def finish_language(out: Path, lang: Language, root: Path = ROOT) -> None:
    """Finish the built language folder ``out`` (``site/<code>/`` being built) in place;
    ``root`` is the project (its posts' git history dates the feed of updated posts).

    Raises:
        UnrenderedClaims: naming the pages (relative to ``out``) with a raw ``[[claim:``.
        xml.etree.ElementTree.ParseError: a feed that is not well-formed XML.
    """
    unrendered = unrendered_claims(out)
    if unrendered:
        raise UnrenderedClaims(
            f"claim references left unrendered in {lang.code}: " + ", ".join(unrendered)
        )
    index = out / SEARCH_INDEX
    if index.exists():
        entries = json.loads(index.read_text(encoding="utf-8"))
        results = out / RESULT_SEARCH
        if results.exists():
            entries = add_result_ids(entries, json.loads(results.read_text(encoding="utf-8")))
            results.unlink()
        if lang.stemmer is not None:
            entries = add_word_forms(entries, lang.stemmer)
        if aliases().get(lang.code):
            entries = add_aliases(entries, aliases()[lang.code])
        write_text_atomic(index, json.dumps(entries, separators=(",", ":"), ensure_ascii=False))
    for name in FEEDS:
        if (out / name).exists():
            text = valid_rss((out / name).read_text(encoding="utf-8"))
            if name == UPDATED_FEED:  # the plugin dates every post at the build's time
                text = dated_by_changes(
                    text, post_changes(root / "docs" / lang.code / "blog" / "posts", root)
                )
            write_text_atomic(out / name, text)
    # ClaimReview's url is the claim's anchor on the page (editorial.claim_review): made
    # absolute here, where each post's address is known.
    for page in (out / "blog").rglob("*.html") if (out / "blog").is_dir() else ():
        text = page.read_text(encoding="utf-8")
        fixed = absolute_urls(text)
        if fixed != text:
            write_text_atomic(page, fixed)
    size_images(out)  # charts reserve their space (no layout shift as they load)
    for source_map in out.rglob("*.map"):
        source_map.unlink()


def add_result_ids(index: dict, entries: list[dict]) -> dict:
    """Material's search index with one entry per result ID (``pages.result_search``) before
    its pages' entries.

    Args:
        index: the parsed ``search/search_index.json`` (``{"config", "docs"}``).
        entries: ``[{"location", "title", "text"}]``, titles and texts as HTML.
    """
    index["docs"] = [*entries, *index["docs"]]
    return index


def unrendered_claims(out: Path) -> list[str]:
    """The article pages under ``out/blog/`` (posts and the lists that show their excerpts)
    whose HTML holds a raw ``[[claim:`` or ``[[id:`` outside code, as paths relative to
    ``out``, sorted."""
    return sorted(
        str(page.relative_to(out))
        for page in (out / "blog").rglob("*.html")
        if RAW_CLAIM.search(CODE.sub("", page.read_text(encoding="utf-8")))
    )


def finish_site(
    site: Path, root: Path, prefix: str, languages: tuple[Language, ...] = LANGUAGES
) -> None:
    """Write the site root's pages (``write_root_pages``) and shared assets
    (``write_shared_assets``) into ``site``; ``prefix`` is the site's URL path (``/mlperf-wiki/``)."""
    write_root_pages(site, root, prefix, languages)
    write_shared_assets(site, root)


def write_root_pages(
    site: Path, root: Path, prefix: str, languages: tuple[Language, ...] = LANGUAGES
) -> None:
    """Write the site root's ``index.html`` (sends readers to their browser's language) and
    ``404.html`` (a styled, trilingual not-found page that works under any subpath).

    They always list every language of the site, so the root pages of one-language builds (the
    parallel CI jobs) are identical and can be merged. A ``docs/CNAME`` file (a GitHub Pages
    custom domain) is copied to the root, where GitHub Pages looks for it."""
    env = Environment(
        loader=FileSystemLoader(TEMPLATES_DIR / "root"),
        autoescape=select_autoescape(default=True),
        keep_trailing_newline=True,
    )
    for name in ("index.html", "404.html"):
        write_text_atomic(
            site / name, env.get_template(f"{name}.j2").render(languages=languages, prefix=prefix)
        )
    cname = root / "docs" / "CNAME"
    if cname.is_file():
        write_text_atomic(site / "CNAME", cname.read_text(encoding="utf-8"))


def write_shared_assets(site: Path, root: Path) -> None:
    """Copy the files that are the same in every language to the site root, once: what
    ``generate`` wrote into ``docs/_shared/`` (the Vega bundle, about 0.9 MB, 300 KB gzip, and
    the explorer's dataset, each under its content-hashed name; the downloads the same in every
    language, about 12 MB, below ``downloads/``: ``downloads``). The root pages of one-language
    builds hold the same files, so they merge."""
    shared = root / "docs" / SHARED_DOCS
    for path in sorted(shared.rglob("*")) if shared.is_dir() else []:
        if path.is_file():
            target = site / path.relative_to(shared)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)
