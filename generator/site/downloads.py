"""Downloads published once for every language.

A CSV or JSON download whose columns hold no text of the page's language
(``pages.output.downloads``: a ``SharedDownload``) is the same file in zh, en and it. It is
published once, at ``downloads/<path>`` below the site root, where ``<path>`` is its path below
a language's folder (``en/results/v6.1/.../leaders.csv`` becomes
``downloads/results/v6.1/.../leaders.csv``); every language's pages link there. ``generate``
writes these files into ``docs/_shared/downloads/`` and ``finish.write_shared_assets`` copies
them to the site root, whatever languages a build makes (the deploy builds each language alone
and merges the results). Unlike our scripts, downloads keep plain names (no content hash): a
reader may save and cite their address.

Downloads with the language's text (a benchmark table's citation column, the claims list) stay
in each language's folder, as do the data page's dataset files (``data/<round>.csv``,
``datapackage.json``), which ``pages.home.data_pages`` does not make with ``downloads``: their
addresses are the dataset's published ones. A browser that follows an older per-language address
of a shared download is sent on to its new one by the site's 404 page (``templates/root/``).
"""

from __future__ import annotations

import dataclasses
import posixpath
import re
from pathlib import Path

from generator.pages.output import SharedDownload
from generator.site import assets

DOWNLOADS = "downloads"  # below the site root, and below docs/_shared/
# A page's link to a file offered for download: <a href="leaders.csv" download>.
LINK = re.compile(r'href="([^":#?/][^":#?]*)"(?=\s+download\b)')


def page_folder(path: str) -> str:
    """The URL folder of a generated Markdown page (``path`` below the language's docs folder)
    with MkDocs' directory URLs: ``a/b/index.md`` -> ``a/b/``, ``a/cite.md`` -> ``a/cite/``,
    ``index.md`` -> ``""``."""
    folder, name = posixpath.split(path.removesuffix(".md"))
    return posixpath.join(folder, name, "") if name != "index" else posixpath.join(folder, "")


def shared_link(page_path: str, href: str, shared: set[str]) -> str:
    """``href`` of the page at ``page_path`` (below the language's docs folder) pointed at the
    shared copy when it names one of ``shared`` (paths below a language's folder), else as it
    is. The link is relative, so it works under any host and prefix: one ``../`` more than the
    page's depth leads out of the language's folder."""
    folder = page_folder(page_path)
    target = posixpath.normpath(posixpath.join(folder, href))
    if target not in shared:
        return href
    return posixpath.relpath(f"{DOWNLOADS}/{target}", posixpath.join("lang", folder))


class SharedFiles:
    """The files of one generation run published once at the site root: ``assets``' root files
    (``assets.shared_files``) and the shared downloads of every language's pages (``split``),
    written together into ``folder`` (``docs/_shared/``) by ``write``.

    An articles-only run (``build.generate``) makes no download: the ones an earlier run wrote
    there are kept, and pages link them all the same."""

    def __init__(self, folder: Path, root_files: dict[str, tuple[str, bytes]],
                 articles_only: bool = False):
        self.folder, self.root_files, self.articles_only = folder, root_files, articles_only
        self.downloads: dict[str, str] = {}  # path below a language's folder -> content
        self.known = published(folder) if articles_only else set()

    def split(self, pages: list) -> list:
        """``pages`` (one language's ``Page`` and ``ChartImage``) without their shared
        downloads, which are kept for ``write``, and with every Markdown page's link to a shared
        download (of any language's pages so far, or of an earlier run) at its shared address
        (``shared_link``)."""
        self.downloads.update((page.path, page.content) for page in pages
                              if isinstance(page, SharedDownload))
        names = set(self.downloads) | self.known
        rest = []
        for page in pages:
            if isinstance(page, SharedDownload):
                continue
            if page.path.endswith(".md") and " download" in page.content:
                page = dataclasses.replace(page, content=LINK.sub(
                    lambda m, path=page.path: f'href="{shared_link(path, m.group(1), names)}"',
                    page.content))
            rest.append(page)
        return rest

    def write(self) -> None:
        """Write the root files and the shared downloads (at ``downloads/<path>``, plain names)
        below ``folder``, and remove every other file there (but the earlier downloads in an
        articles-only run)."""
        assets.write_shared(self.folder, {
            **self.root_files,
            **{f"{DOWNLOADS}/{path}": (f"{DOWNLOADS}/{path}", content.encode())
               for path, content in self.downloads.items()}},
            keep=DOWNLOADS if self.articles_only else None)


def published(folder: Path) -> set[str]:
    """The shared downloads an earlier run wrote below ``folder`` (``docs/_shared/``), as paths
    below a language's folder."""
    base = folder / DOWNLOADS
    return {path.relative_to(base).as_posix() for path in base.rglob("*")
            if path.is_file()} if base.is_dir() else set()
