"""Site assembly in three stages: generate, render, finish.

Generate: pages and charts into ``docs/<language>/``, each post's reading time into its front
matter, and each language's configuration ``mkdocs.<code>.yml`` (``config``). Render: one
MkDocs build per language into a temporary folder (claims are rendered by a Python-Markdown
extension, ``editorial.claim_markdown``, so any engine that runs the configured extensions
renders them). Finish: our code over the built output (``finish``: search word forms, feeds,
the claim check, the root pages); only then does the result replace ``site/``.
"""

from __future__ import annotations

import hashlib
import multiprocessing
import os
import shutil
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path

from generator import files
from generator.data import changelog
from generator.data.dataset import Dataset
from generator.editorial import article_structure, redirects
from generator.editorial.articles import Article, as_built
from generator.editorial.claims import Registry
from generator.files import write_bytes_atomic, write_text_atomic
from generator.i18n.languages import LANGUAGES, Language
from generator.pages import charts
from generator.pages.explorer import EXPLORER_DATA, explorer_data
from generator.pages.home import data_pages, editorial_pages, home_page
from generator.pages.output import ChartImage, Page
from generator.pages.research import research_pages
from generator.pages.result_search import result_search_page
from generator.pages.results import results_pages
from generator.project import ROOT, site_prefix, site_root_url
from generator.site import assets, chart_fonts, downloads, finish, social
from generator.site.config import write_language_configs
from generator.site.digests import tree_fingerprint
from generator.site.finish import SHARED_DOCS


class BuildError(Exception):
    """A language's MkDocs build failed; the message holds its output. ``site/`` is untouched."""


def generate(dataset: Dataset, docs_dir: Path, languages: tuple[Language, ...] = LANGUAGES,
             registry: Registry | None = None, posts: list[Article] = (),
             log=print, articles_only: bool = False) -> dict[str, int]:
    """Write every generated page of every language under ``docs_dir/<code>/``.

    With ``articles_only`` (only articles changed since the last generation,
    ``generation_stamp.changes``) only the pages that list articles are written again
    (``language_pages``); the others, which read no article, stay as the last run wrote them.

    Files whose content is unchanged are not rewritten; a chart's SVG is drawn again only when
    its spec changed, charts of one spec once (0.03 s of CPU a chart, on every core).
    Generated files that are no longer produced (a benchmark that disappeared) are removed;
    hand-written files are never touched.

    Returns:
        the number of files written (changed) per language code.
    """
    # Before the bundle moved to the site root it lived in the theme folder, from where MkDocs
    # would still copy it into every language.
    (docs_dir.parent / "overrides" / "assets" / "javascripts" / "vendor" / "vega-bundle.js"
     ).unlink(missing_ok=True)
    site_url = site_root_url(docs_dir.parent)
    # Only articles changed: the explorer's dataset is the one the last generation wrote.
    last = (assets.written_file(docs_dir / SHARED_DOCS, EXPLORER_DATA) if articles_only
            else None)
    shared = last.decode() if last else explorer_data(list(dataset.records), dataset.superseded)
    # One pool for every language, so workers start once ("spawn": vl-convert runs threads, a
    # forked worker would wait on their locks). Each language's stale charts are sent to it as
    # soon as its pages exist, to be drawn while this process makes the next language's pages,
    # with the fonts a chart's layout depends on alone (chart_fonts: twice as fast, same SVGs).
    fonts = chart_fonts.font_config(docs_dir.parent / ".cache" / "chart-fonts")
    with ProcessPoolExecutor(mp_context=multiprocessing.get_context("spawn"),
                             initializer=chart_fonts.use, initargs=(fonts,)) as pool:
        # A first build makes the Vega bundle (4 s) there while this process makes pages.
        bundle = (None if (docs_dir.parent / assets.VEGA_BUNDLE_CACHE).is_file()
                  else pool.submit(assets.vega_bundle, docs_dir.parent))
        pages, drawing, hashed = {}, {}, None
        for lang in languages:
            made = language_pages(dataset, lang, docs_dir.parent / "data", site_url, registry,
                                  posts, articles_only)
            if hashed is None:
                if bundle is not None:
                    bundle.result()
                hashed = _hashed_assets(docs_dir, shared, site_url, languages, articles_only)
            names, theme, shared_files = hashed
            pages[lang] = (assets.fingerprint_pages(shared_files.split(made), names)
                           + assets.theme_pages(theme))
            # A chart's spec as its page beside it holds it (made once, not again per check).
            spec_texts = {page.path: page.content for page in pages[lang]
                          if isinstance(page, Page) and page.path.endswith(".vl.json")}
            stale, specs = [], []
            for page in pages[lang]:
                if isinstance(page, ChartImage):
                    spec = spec_texts.get(page.spec_path) or charts.chart_json(page.spec)
                    if not _is_current(docs_dir / lang.code, page, spec):
                        stale.append(page)
                        specs.append(spec)
            # Two benchmarks may chart the same results (llama2-70b-99 and -99.9): one spec
            # is drawn once.
            distinct: dict[str, ChartImage] = {}
            for spec, page in zip(specs, stale):
                distinct.setdefault(spec, page)
            drawing[lang] = (stale, specs, distinct, pool.map(ChartImage.render,
                                                              distinct.values(), chunksize=4))
        stamp_reading_times(posts)
        # The addresses now published stay published (check asks a redirect for each).
        redirects.record_published(posts, docs_dir.parent / "data" / "published.yaml")
        copy_shared_images(docs_dir, languages)
        shared_files.write()
        written = {}
        for lang, lang_pages in pages.items():
            folder = docs_dir / lang.code
            changed = sum(write_text_atomic(folder / p.path, p.content)
                          for p in lang_pages if isinstance(p, Page))
            stale, specs, distinct, svgs = drawing[lang]
            drawn = dict(zip(distinct, svgs))
            changed += sum(write_text_atomic(folder / page.path, drawn[spec])
                           for page, spec in zip(stale, specs))
            _remove_stale(folder, {folder / p.path for p in lang_pages},
                          ("tags",) if articles_only else OWNED)
            written[lang.code] = changed
            log(f"  {lang.code}: {len(lang_pages)} generated files, {changed} changed, "
                f"{len(distinct)} charts rendered")
    return written


def _hashed_assets(docs_dir: Path, shared: str, site_url: str,
                   languages: tuple[Language, ...], articles_only: bool):
    """Our assets under content-hashed names (assets.py), each language's configuration naming
    them: (plain -> hashed names, theme files, ``downloads.SharedFiles`` of the root files)."""
    root_files = assets.shared_files(docs_dir.parent, shared)
    root_names = {plain: hashed for plain, (hashed, _) in root_files.items()}
    theme = assets.theme_files(docs_dir.parent, root_names)
    theme_names = {plain: hashed for plain, (hashed, _) in theme.items()}
    write_language_configs(docs_dir.parent, site_url, languages, theme_names)
    return ({**root_names, **theme_names}, theme,
            downloads.SharedFiles(docs_dir / SHARED_DOCS, root_files, articles_only))


def language_pages(dataset: Dataset, lang: Language, data_dir: Path, site_url: str,
                   registry: Registry | None = None, posts: list[Article] = (),
                   articles_only: bool = False
                   ) -> list[Page | ChartImage]:
    """Every generated page of ``lang``: home, results, research, data and (with a claims
    registry) the editorial pages (tags, verification, claims downloads), and the redirect
    pages of ``data/redirects.yaml`` (``editorial.redirects``). With ``articles_only``, only
    the pages given ``posts`` (home, redirects, editorial): the others are made without them,
    so the articles never change them.

    Posts marked ``draft: true`` are checked like any other but built by nobody (Material's
    blog skips them), so no generated list names them: the home page, tag pages and
    verification page see only published posts.
    """
    published = [post for post in posts if not post.draft]
    moved = [Page(f"{old}index.html", redirects.redirect_page(old, new, lang))
             for old, new in sorted(redirects.load(data_dir / "redirects.yaml").items())]
    listing = ([home_page(dataset, lang, published), *moved]
               + (editorial_pages(registry, published, list(dataset.records), lang, data_dir)
                  if registry is not None else []))
    if articles_only:
        return listing
    retrieved = changelog.retrieval_dates(data_dir, dataset.rounds)
    publications = changelog.id_publications(data_dir, dataset.rounds)
    return [*listing, *results_pages(dataset, lang, retrieved, publications),
            *research_pages(dataset, lang, retrieved),
            *data_pages(data_dir, dataset, lang, site_url),
            result_search_page(list(dataset.records), lang, dataset.superseded)]


def copy_shared_images(docs_dir: Path, languages: tuple[Language, ...] = LANGUAGES) -> int:
    """Copy the images several languages' articles show (``docs/images/``, committed) into
    each language's ``docs/<code>/images/`` (generated, not committed), where a post names them
    ``../../images/chart.webp``: each language is a site of its own, and MkDocs publishes only
    the files of its docs folder. Images no longer in ``docs/images/`` are removed.

    Returns:
        the number of files written (changed).
    """
    source = docs_dir / article_structure.SHARED_IMAGES
    files = [p for p in sorted(source.rglob("*")) if p.is_file()] if source.is_dir() else []
    written = 0
    for lang in languages:
        target = docs_dir / lang.code / article_structure.SHARED_IMAGES
        written += sum(write_bytes_atomic(target / f.relative_to(source), f.read_bytes())
                       for f in files)
        _remove_stale(docs_dir / lang.code, {target / f.relative_to(source) for f in files},
                      (article_structure.SHARED_IMAGES,))
    return written


def stamp_reading_times(posts: list[Article]) -> int:
    """Write each post's reading time into its front matter (``readtime``), where every
    Material-compatible blog reads it, and the ® after MLPerf into the front matter values a
    reader sees (``trademark.mark_front_matter``: description, title, tags), which the engine
    shows as written (meta and link-preview description, feed, tag names): the only generated
    changes to a hand-written file.

    Returns:
        the number of post files rewritten (those whose reading time or marks changed).
    """
    return sum(write_text_atomic(post.path, as_built(post.path.read_text(encoding="utf-8"),
                                                     post.lang)) for post in posts)


def _is_current(folder: Path, image: ChartImage, spec: str) -> bool:
    """True when the SVG exists and was rendered from the same spec (``spec``, its text,
    ``charts.chart_json``) as the one on disk."""
    spec_file = folder / image.spec_path
    return ((folder / image.path).exists() and spec_file.exists()
            and spec_file.read_text(encoding="utf-8") == spec)


# The folders below each language's docs that only the generator writes.
OWNED = ("results", "tags", "data", "assets")


def _remove_stale(folder: Path, expected: set[Path], owned_folders: tuple[str, ...] = OWNED
                  ) -> None:
    """Delete files in the generator's own folders (``owned_folders``, below ``folder``) that it
    no longer makes."""
    for owned in (folder / name for name in owned_folders):
        for path in sorted(owned.rglob("*"), reverse=True) if owned.exists() else []:
            if path.is_file() and path not in expected:
                path.unlink()
            elif path.is_dir() and not any(path.iterdir()):
                path.rmdir()


# Every input of a language's MkDocs build besides its docs folder: configuration, hooks and the
# generator code they import, theme overrides, data the hooks read, pinned dependencies.
BUILD_INPUTS = ("mkdocs.yml", "hooks", "generator", "overrides", "data", "requirements.txt")
FINGERPRINTS = Path(".cache") / "site"


def build_fingerprint(lang: Language, root: Path = ROOT, strict: bool = True,
                      epoch: str = "0") -> str:
    """SHA-256 (hex) of everything a language's MkDocs build reads: ``docs/<code>/``,
    ``mkdocs.<code>.yml``, ``BUILD_INPUTS``, ``digests.BUILD_ENVIRONMENT``, the build date and the
    strict flag."""
    return tree_fingerprint(root, (f"docs/{lang.code}", f"mkdocs.{lang.code}.yml",
                                   *BUILD_INPUTS), f"{strict}\0{epoch}")


def _fingerprint_file(root: Path, site_dir: Path, lang: Language) -> Path:
    key = hashlib.sha256(str(site_dir).encode()).hexdigest()[:12]
    return root / FINGERPRINTS / f"{key}-{lang.code}.sha256"


def build(site_dir: Path, languages: tuple[Language, ...] = LANGUAGES, strict: bool = True,
          log=print, root: Path = ROOT) -> dict[str, float]:
    """Build every language with MkDocs, in parallel, then swap the result into ``site_dir``.

    Each language builds from ``mkdocs.<code>.yml`` into a temporary folder next to
    ``site_dir``; the root pages (language chooser, 404) are added; only then is the previous
    ``site_dir`` replaced. On any failure the previous ``site_dir`` stays as it was. What the
    hooks report (social cards not drawn, and why) is passed to ``log``.

    A language whose inputs (``build_fingerprint``) are those of the previous build of
    ``site_dir`` is not built again: its previous output is moved into the new site as the
    swap begins (builds are reproducible, so a new build would write the same bytes; moving a
    folder costs nothing, where linking its 2,500 files and deleting the old ones took
    seconds). This is not MkDocs' ``--dirty``: any change to a language's inputs rebuilds that
    whole language.

    Returns:
        wall seconds per language build (0.0 for a language that was unchanged).

    Raises:
        BuildError: with the failing language's MkDocs output.
    """
    site_dir = site_dir.resolve()
    with files.writing(site_dir):  # one build of site_dir at a time
        return _build(site_dir, languages, strict, log, root)


def _build(site_dir: Path, languages: tuple[Language, ...], strict: bool, log, root: Path
           ) -> dict[str, float]:
    # A fixed staging folder beside site_dir: what a killed build left is removed here, at
    # the next start (files.recover), instead of lying there for ever.
    staging = files.fresh_staging(site_dir)
    epoch = os.environ.get("SOURCE_DATE_EPOCH") or build_epoch(root)
    fingerprints = {l.code: build_fingerprint(l, root, strict, epoch) for l in languages}
    stamps = {l.code: _fingerprint_file(root, site_dir, l) for l in languages}

    def build_one(lang: Language) -> tuple[float, list[str]]:
        stamp, previous = stamps[lang.code], site_dir / lang.code
        if (stamp.is_file() and stamp.read_text() == fingerprints[lang.code]
                and (previous / "index.html").is_file()):
            return 0.0, []  # kept: moved into the new site by _swap
        built = _mkdocs_build(lang, staging / lang.code, strict, root, epoch)
        try:
            finish.finish_language(staging / lang.code, lang, root)
        except finish.UnrenderedClaims as unrendered:
            raise BuildError(str(unrendered)) from None
        return built

    try:
        # The root pages and shared files (finish_site: 12 MB of downloads copied) are written
        # while the languages build, each into its own folder of the staging site.
        with ThreadPoolExecutor(max_workers=len(languages) + 1) as pool:
            root_pages = pool.submit(finish.finish_site, staging, root, site_prefix(root))
            builds = dict(zip((l.code for l in languages), pool.map(build_one, languages)))
            root_pages.result()
        seconds = {code: took for code, (took, _) in builds.items()}
        for code, (took, notes) in builds.items():
            log(f"  {code}: built in {took:.1f} s" if took else
                f"  {code}: inputs unchanged since the last build, not built again")
            for note in notes:
                log(f"  {code}: {note}")
        for lang in languages:
            stamps[lang.code].unlink(missing_ok=True)
        # The languages not built now (`site --lang en`) keep their previous output.
        others = [lang.code for lang in LANGUAGES
                  if lang not in languages and (site_dir / lang.code).is_dir()]
        _swap(staging, site_dir, [code for code, took in seconds.items() if not took] + others)
        for lang in languages:
            # In place, not through a temporary file a kill would leave in the cache: a stamp
            # cut short matches no fingerprint, and the language is only built again.
            stamps[lang.code].parent.mkdir(parents=True, exist_ok=True)
            stamps[lang.code].write_text(fingerprints[lang.code])
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return seconds


def _mkdocs_build(lang: Language, out: Path, strict: bool, root: Path, epoch: str
                  ) -> tuple[float, list[str]]:
    started = time.perf_counter()
    # Not --quiet: with it MkDocs stops counting warnings, and --strict never fails.
    command = [sys.executable, "-m", "mkdocs", "build", "--clean",
               "-f", str(root / f"mkdocs.{lang.code}.yml"), "-d", str(out)]
    if strict:
        command.append("--strict")
    # A fixed hash seed and build date (the last commit's) make two builds of one commit
    # byte-identical: MkDocs dates the sitemap with SOURCE_DATE_EPOCH when it is set.
    env = {**os.environ, "PYTHONHASHSEED": "0", "NO_MKDOCS_2_WARNING": "1",
           "SOURCE_DATE_EPOCH": epoch}
    done = subprocess.run(command, cwd=root, capture_output=True, text=True, env=env)
    if done.returncode != 0:
        raise BuildError(f"MkDocs build of '{lang.code}' failed:\n{done.stdout}{done.stderr}")
    # MkDocs' own output is hidden when the build succeeds; why it drew no cards is not.
    reason = social.skipped_reason(root, lang.code)
    notes = [f"{social.SKIPPED}: {reason}"] if reason else []
    return time.perf_counter() - started, notes


def build_epoch(root: Path) -> str:
    """Seconds since 1970 of the last commit of ``root`` (0 outside a git checkout): the build
    date of reproducible builds."""
    done = subprocess.run(["git", "log", "-1", "--format=%ct"], cwd=root, capture_output=True,
                          text=True)
    return done.stdout.strip() if done.returncode == 0 and done.stdout.strip() else "0"


def _swap(staging: Path, site_dir: Path, kept: list[str] = ()) -> None:
    """Replace ``site_dir`` with ``staging``, after moving the language folders ``kept``
    (codes) of ``site_dir`` into ``staging`` (``files.lend``: if a move fails, those moved go
    back). The replacement itself is ``files.replace_folder``. A kill at any point is undone by
    ``files.recover`` (the next build's, or any command's): a language folder already moved
    goes back into ``site_dir``, so the previous site is whole until the new one replaces it."""
    staging.chmod(0o755)  # the site is public, whatever the umask made of the folder
    files.lend(site_dir, staging, list(kept))
    files.replace_folder(staging, site_dir)
