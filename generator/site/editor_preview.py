"""The editor's preview (``make serve LANG=zh``): one language, quickly, without the generated
results pages.

The published build never runs in this mode: it is switched on by ``MLPERF_PREVIEW=1``, which
only ``make serve`` sets. Then, before each (re)build, the pages an editor's files feed -- the
home page, the blog's authors, the tag pages, the Verification page and the results overview --
are generated again for the previewed language (``write_editorial_pages``, about 1 s), so a
changed claim, author or tag shows at the next reload; the ~2,200 generated files under
``results/`` below the overview are left out of the preview (``left_out``), and the log says so.

The preview tells the truth at once and never stops serving: before each build it runs
``check`` (``problems``) and shows check's own messages (file, line, what to do) in its log and
in a banner on every page (``overrides/main.html``, ``config.extra.preview_errors``). What
would stop the build is set aside instead: a claim reference that cannot be shown becomes a
visible mark (``disarm``), a post whose front matter cannot be read is left out
(``unreadable_posts``), an unreadable ``claims.yaml`` is replaced by its last good version
(``claim_markdown.registry``, switched on in ``configure``). A drifted claim's flag shows the
drift (``verification.ClaimView.drifted``).

A post shows as the build shows it (``read_as_built``: reading time, the ® after MLPerf in its
front matter) without the preview writing into the file being edited; MkDocs' notes on links
to claims table rows, which it cannot see, are quiet (``ClaimAnchorNotes``).
"""

from __future__ import annotations

import logging
import os
import re
from pathlib import Path

from generator.data.dataset import load
from generator.editorial import registries as editorial
from generator.editorial.article_markdown import parse
from generator.editorial.article_structure import balanced
from generator.editorial.articles import (
    CLAIM_REFERENCE,
    articles,
    as_built,
    read_article,
)
from generator.editorial.claim_markdown import registry
from generator.editorial.claims import Registry, registry_in
from generator.editorial.recomputation import figure, recompute
from generator.errors import InputError, InputErrors
from generator.files import load_unless_unchanged, write_text_atomic
from generator.i18n.languages import Language, language
from generator.i18n.prose import mask_comments
from generator.pages.output import Page
from generator.project import ROOT
from generator.site.config import CLAIMS_EXTENSION

ENVIRONMENT = "MLPERF_PREVIEW"
KEPT = frozenset({"results/index.md"})
log = logging.getLogger("mkdocs.hooks.preview")


def active() -> bool:
    """True in the editor's preview (``MLPERF_PREVIEW=1``), never in the published build."""
    return os.environ.get(ENVIRONMENT) == "1"


def left_out(src_uri: str) -> bool:
    """True for a generated results file the preview does not build (``src_uri`` relative to
    the language's docs folder, with forward slashes)."""
    return src_uri.startswith("results/") and src_uri not in KEPT


def write_editorial_pages(root: Path, lang: Language) -> int:
    """Generate again the pages of ``lang`` that editors' files feed (``data/claims.yaml``,
    ``authors.yaml``, ``tags.yaml``, the posts), from the files as they are now.

    Returns:
        the number of files written (changed ones only, so live reload does not loop).

    Raises:
        InputError, InputErrors: an editor's file cannot be read (``problems`` reports it; the
            pages written before stay).
    """
    # Imported here, as in ``problems``: the published build loads this module through its hook
    # and runs neither; their imports (Altair, vl-convert) were half a second of its start.
    from generator.pages.home import editorial_pages, home_page
    from generator.pages.results import results_index

    editorial.authors.cache_clear()
    editorial.tags.cache_clear()
    data = load_unless_unchanged(load, root / "data")
    claims = load_unless_unchanged(registry_in, root / "data")
    posts = articles(root / "docs")
    pages: list[Page] = [home_page(data, lang, posts), results_index(data, lang),
                         *editorial_pages(claims, posts, list(data.records), lang,
                                          root / "data")]
    folder = root / "docs" / lang.code
    from generator.site.build import copy_shared_images  # the shared article images
    return (sum(write_text_atomic(folder / page.path, page.content) for page in pages)
            + copy_shared_images(root / "docs", (lang,)))


def problems(root: Path) -> list[str]:
    """What ``check`` reports for the project as it is now, one message per problem, exactly
    as ``make check`` prints it (empty when it passes)."""
    from generator.editorial.check import check

    try:
        check(root)
    except InputErrors as exc:
        return [str(error) for error in exc.errors]
    except InputError as exc:
        return [str(exc)]
    return []


def disarm(markdown: str, claims: Registry, records: list) -> str:
    """``markdown`` with every claim reference the build could not show (an unknown id, a
    derivation that selects no single result) replaced by a visible mark, ``✖ claim 'ID'``;
    ``problems`` says why."""
    masked = mask_comments(markdown)
    pieces, end = [], 0
    for match in CLAIM_REFERENCE.finditer(masked):
        claim = claims.claims.get(match.group(1))
        try:
            if claim is not None and claim.derivation is not None:
                figure(claim, recompute(claim.derivation, records))
            usable = claim is not None
        except (LookupError, ValueError):
            usable = False
        if not usable:
            name = re.sub(r"[^a-z0-9.-]", "?", match.group(1))
            pieces += [markdown[end:match.start()],
                       f'<mark class="preview-error">✖ claim \'{name}\'</mark>']
            end = match.end()
    return "".join(pieces) + markdown[end:]


def unreadable_posts(root: Path, lang: Language) -> set[str]:
    """Posts of ``lang`` (``blog/posts/x.md``) whose front matter cannot be read: the blog would
    stop the build on them, so the preview leaves them out until they are fixed."""
    out = set()
    for path in sorted((root / "docs" / lang.code / "blog" / "posts").glob("*.md")):
        try:
            post = read_article(path, lang)
        except (InputError, InputErrors):
            out.add(f"blog/posts/{path.name}")
            continue
        if post.date is None:
            out.add(f"blog/posts/{path.name}")
    return out


# What the MkDocs adapter (hooks/preview.py) calls at each event of a preview build; each does
# nothing in the published build.

# MkDocs' note on a link to an article's claims table row (``#claim-ID``): the row is raw HTML
# that ``generator.site.rawhtml`` keeps out of MkDocs' anchor collector, so MkDocs reports every
# such link, about 190 lines each rebuild, though the row is there; ``check`` judges these links
# (``article_links.anchors``) and shows a broken one in the log and banner.
CLAIM_ANCHOR_NOTE = re.compile(r"^Doc file '[^']*' contains a link '[^']*#claim-[^']*', but ")


class ClaimAnchorNotes(logging.Filter):
    """Makes MkDocs' ``CLAIM_ANCHOR_NOTE`` lines DEBUG messages: shown only with
    ``mkdocs serve --verbose``; every other anchor note stays as MkDocs logs it."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno != logging.INFO or not CLAIM_ANCHOR_NOTE.match(record.getMessage()):
            return True
        record.levelno, record.levelname = logging.DEBUG, "DEBUG"
        return logging.getLogger("mkdocs").isEnabledFor(logging.DEBUG)


def configure(config) -> None:
    """No social cards in the preview (publication only); the claims extension renders with
    the last readable ``claims.yaml`` while the file cannot be read; MkDocs' notes on claim
    anchors are quiet (``ClaimAnchorNotes``)."""
    if not active():
        return
    pages_log = logging.getLogger("mkdocs.structure.pages")
    if not any(isinstance(f, ClaimAnchorNotes) for f in pages_log.filters):
        pages_log.addFilter(ClaimAnchorNotes())
    if "material/social" in config.plugins:
        config.plugins["material/social"].config.enabled = False
    config.mdx_configs.setdefault(CLAIMS_EXTENSION, {})["keep_last_good"] = True


def before_build(config, root: Path = ROOT) -> None:
    """Run ``check`` and log its messages; put them in ``config.extra.preview_errors`` for the
    banner (``overrides/main.html``); generate the editorial pages again (what cannot be
    generated keeps its previous pages: check said why); links to the results pages the
    preview leaves out are not worth a warning each."""
    if not active():
        return
    found = problems(root)
    for problem in found:
        log.warning("check: %s", problem)
    config.extra["preview_errors"] = found
    try:
        write_editorial_pages(root, language(config.theme["language"]))
    except (InputError, InputErrors, LookupError, ValueError):
        pass  # a claim whose derivation does not resolve: check said why
    config.validation.links.not_found = logging.DEBUG
    config.validation.nav.not_found = logging.DEBUG


def kept_files(files, config, root: Path = ROOT):
    """``files`` (MkDocs' collection) without the generated results files the preview leaves
    out and the posts whose front matter cannot be read; the others read as built
    (``read_as_built``)."""
    if not active():
        return files
    lang = language(config.theme["language"])
    unreadable = unreadable_posts(root, lang)
    dropped = [f for f in files if left_out(f.src_uri) or f.src_uri in unreadable]
    for file in dropped:
        files.remove(file)
    if dropped:
        log.info("preview: %d generated results files left out (make site builds them all)",
                 len(dropped))
    read_as_built(files, lang, root)
    return files


# Where the preview keeps its copies of posts as `make site` writes them (``read_as_built``).
BUILT_POSTS = Path(".cache") / "preview"


def read_as_built(files, lang: Language, root: Path = ROOT) -> None:
    """Point each post of ``files`` whose file ``make site`` would change at a copy as it
    would write it (``articles.as_built``: the reading time, the ® after MLPerf in its
    title, description and tags), kept in ``BUILT_POSTS/<code>/``: the blog and tags plugins
    read the post from there and show it as the build does (a tag typed ``MLPerf`` shows as
    ``MLPerf®``, one tag in the index), while the file the editor has open is never written
    while they type; ``make site`` writes the same text into it."""
    for file in files:
        if not (file.src_uri.startswith("blog/posts/") and file.src_uri.endswith(".md")):
            continue
        try:
            text = Path(file.abs_src_path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):  # check reports it
            continue
        built = as_built(text, lang)
        if built != text:
            copy = root / BUILT_POSTS / lang.code / file.src_uri
            write_text_atomic(copy, built)
            file.abs_src_path = str(copy)


def page_markdown(markdown: str, src_uri: str, root: Path = ROOT) -> str:
    """A post's Markdown with every claim reference the build could not show disarmed, and
    any HTML element or code fence it leaves open closed at its end (``balanced``); a post the
    site's Markdown cannot convert at all (``article_markdown.parse``) is shown as its source
    (``as_source``), check's banner naming the line."""
    if not active() or not src_uri.startswith("blog/posts/"):
        return markdown
    records = list(load_unless_unchanged(load, root / "data").records)
    shown = balanced(disarm(markdown, registry(root, keep_last_good=True), records))
    return as_source(shown) if parse(shown).failure else shown


def as_source(markdown: str) -> str:
    """``markdown`` as a code block (its title heading kept), with a fence longer than any
    run of backticks it holds."""
    title, _, body = markdown.partition("\n") if markdown.startswith("# ") else ("", "", markdown)
    body = body.strip("\n")
    longest = max((len(run) for run in re.findall(r"`+", body)), default=0)
    fence = "`" * max(3, longest + 1)
    return (f"{title}\n\n" if title else "") + f"{fence}text\n{body}\n{fence}\n"
