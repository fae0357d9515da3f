"""Content-hashed addresses for every asset of ours: a file's published name carries the first
8 hex digits of its SHA-256 (``charts.js`` -> ``charts.1a2b3c4d.js``, ``leaders.vl.json`` ->
``leaders.1a2b3c4d.vl.json``), so a reader's browser may keep it for ever and never runs an old
script against a new page after a deploy. Done by the generator, not during the engine's run:

- the theme's own stylesheets and scripts (``overrides/assets/stylesheets/**.css``,
  ``overrides/assets/javascripts/**.js``, vendored ones included): written hashed into each language's
  ``docs/<code>/assets/`` (``theme_pages``) and named so in ``mkdocs.<code>.yml``'s
  ``extra_css`` and ``extra_javascript`` (``config.language_config``). Material's own assets
  carry its hashes already;
- the files published once at the site root (``shared_files``): the Vega bundle
  (``assets/vendor/vega-bundle.js``, made by vl-convert once and kept in ``.cache/``) and the
  explorer's dataset (``assets/data/results.json``), written into ``docs/_shared/`` and copied
  to the site root by ``finish.write_shared_assets``;
- the files a generated page's scripts read beside it (``fingerprint_pages``): chart specs
  (``data-spec``) and the comparison's index ``systems.json`` (``data-systems``), with the
  files beside it that a fetched JSON file names in its own text (the comparison's systems of
  each round, ``"systems-v6-1.json"``), hashed first so that the index names their hashes.

A page or script names a shared file or one of our scripts by its plain path
(``assets/vendor/vega-bundle.js``, a page's own ``<script src="…/assets/javascripts/compare.js">``);
``rename`` puts the hashed one in its place, before the script's own hash is taken.
"""

from __future__ import annotations

import dataclasses
import hashlib
import posixpath
import re
from pathlib import Path

from generator.files import write_bytes_atomic, write_text_atomic
from generator.pages import charts
from generator.pages.explorer import EXPLORER_DATA
from generator.pages.output import ChartImage, Page

VEGA_BUNDLE = "assets/vendor/vega-bundle.js"
VEGA_BUNDLE_CACHE = Path(".cache") / "vendor" / "vega-bundle.js"
THEME_ASSETS = ("assets/stylesheets", "assets/javascripts")  # below overrides/, ours only
# Attributes by which a generated page names a file beside it that its scripts fetch.
FETCHED = re.compile(r'\b(data-spec|data-systems)="([^"/]+)"')
# A file beside a fetched JSON file that the file names, as a JSON string of its plain name.
NAMED = re.compile(r'"([^"/]+\.json)"')
FETCHED_START = "data-s"  # in every text FETCHED matches


def hashed_name(path: str, data: bytes) -> str:
    """``path`` with the first 8 hex digits of the SHA-256 of ``data`` before its first
    suffix: ``a/leaders.vl.json`` -> ``a/leaders.<hash>.vl.json``."""
    folder, name = posixpath.split(path)
    stem, dot, suffixes = name.partition(".")
    digest = hashlib.sha256(data).hexdigest()[:8]
    return posixpath.join(folder, f"{stem}.{digest}{dot}{suffixes}" if dot else f"{stem}.{digest}")


def rename(text: str, names: dict[str, str]) -> str:
    """``text`` with every plain path of ``names`` (plain -> hashed) replaced by its hashed one."""
    for plain, hashed in names.items():
        if plain in text:
            text = text.replace(plain, hashed)
    return text


def vega_bundle(root: Path) -> bytes:
    """The vega-embed + Vega-Lite + Vega bundle, made by vl-convert on the first build and kept
    in ``root/.cache/`` (about 0.9 MB)."""
    cached = root / VEGA_BUNDLE_CACHE
    if not cached.is_file():
        write_text_atomic(cached, charts.javascript_bundle())
    return cached.read_bytes()


def shared_files(root: Path, explorer_json: str) -> dict[str, tuple[str, bytes]]:
    """The files published once at the site root: ``{plain path: (hashed path, bytes)}``."""
    files = {VEGA_BUNDLE: vega_bundle(root), EXPLORER_DATA: explorer_json.encode()}
    return {plain: (hashed_name(plain, data), data) for plain, data in files.items()}


def written_file(folder: Path, plain: str) -> bytes | None:
    """The bytes of the one hashed file of ``plain`` that ``write_shared`` left in ``folder``
    (``docs/_shared/``), or None when there is none or several (a half-finished folder)."""
    stem, dot, suffixes = posixpath.basename(plain).partition(".")
    found = sorted((folder / posixpath.dirname(plain)).glob(f"{stem}.????????{dot}{suffixes}"))
    return found[0].read_bytes() if len(found) == 1 else None


def theme_files(root: Path, shared: dict[str, str]) -> dict[str, tuple[str, str]]:
    """Our stylesheets and scripts (``THEME_ASSETS`` below ``root/overrides/``):
    ``{plain path: (hashed path, text)}``, each text with the hashed names of ``shared``
    (plain -> hashed) in place of the plain ones."""
    files = {}
    for folder in THEME_ASSETS:
        base = root / "overrides" / folder
        for path in sorted(base.rglob("*")):  # vendored ones in subfolders too (tablesort/)
            if path.suffix not in (".css", ".js"):
                continue
            plain = f"{folder}/{path.relative_to(base).as_posix()}"
            text = rename(path.read_text(encoding="utf-8"), shared)
            files[plain] = (hashed_name(plain, text.encode()), text)
    return files


def theme_names(root: Path) -> dict[str, str]:
    """``theme_files`` as plain path -> hashed path (what ``mkdocs.<code>.yml`` names)."""
    shared = {VEGA_BUNDLE: hashed_name(VEGA_BUNDLE, vega_bundle(root))}
    return {plain: hashed for plain, (hashed, _) in theme_files(root, shared).items()}


def theme_pages(files: dict[str, tuple[str, str]]) -> list[Page]:
    """``theme_files`` as pages of a language's docs folder, at their hashed paths."""
    return [Page(hashed, text) for hashed, text in files.values()]


def fingerprint_pages(pages: list, shared: dict[str, str]) -> list:
    """``pages`` (``Page`` and ``ChartImage``) with each file that a page names by
    ``data-spec``/``data-systems`` published under its hashed name, the page naming that, and
    every plain path of ``shared`` (plain -> hashed) in a page replaced by its hashed one.

    A fetched JSON file that names other files beside it (``NAMED``: ``"systems-v6-1.json"``)
    has them published under their hashed names too, and names those: they are hashed first,
    so a changed file beside it changes the fetched file's name as well."""
    by_path = {page.path: page for page in pages if isinstance(page, Page)}
    names: dict[str, str] = {}  # plain path -> hashed path, of files beside a page
    contents: dict[str, str] = {}  # plain path -> its text naming the hashed files it names

    def fingerprint(path: str, seen: tuple[str, ...] = ()) -> None:
        if path in names or path in seen:
            return
        folder, content = posixpath.dirname(path), by_path[path].content
        if path.endswith(".json"):
            found = {posixpath.join(folder, n) for n in NAMED.findall(content)}
            named = sorted((found & by_path.keys()) - {path})
            for other in named:
                fingerprint(other, (*seen, path))
            content = rename(
                content,
                {
                    f'"{posixpath.basename(o)}"': f'"{posixpath.basename(names[o])}"'
                    for o in named
                    if o in names
                },
            )
        contents[path] = content
        names[path] = hashed_name(path, content.encode())

    # Only pages holding the attributes' common start are searched: the downloads (most of the
    # text, megabytes of CSV and JSON) hold none, and the expression's search of them was a
    # sixth of the pages' CPU.
    naming = [page for page in by_path.values() if FETCHED_START in page.content]
    for page in naming:
        folder = posixpath.dirname(page.path)
        for _, name in FETCHED.findall(page.content):
            if posixpath.join(folder, name) in by_path:
                fingerprint(posixpath.join(folder, name))
    out = []
    for page in pages:
        if isinstance(page, ChartImage):
            out.append(
                dataclasses.replace(page, spec_path=names.get(page.spec_path, page.spec_path))
            )
            continue
        folder = posixpath.dirname(page.path)

        def beside(match, folder=folder):
            target = names.get(posixpath.join(folder, match.group(2)))
            return f'{match.group(1)}="{posixpath.basename(target)}"' if target else match.group(0)

        content = contents.get(page.path, page.content)
        if FETCHED_START in content:
            content = FETCHED.sub(beside, content)
        content = rename(content, shared)
        out.append(Page(names.get(page.path, page.path), content))
    return out


def write_shared(
    folder: Path, files: dict[str, tuple[str, bytes]], keep: str | None = None
) -> None:
    """Write ``shared_files`` at their hashed paths below ``folder`` (``docs/_shared/``) and
    remove every other file there (older hashes) but those below its subfolder ``keep``."""
    wanted = {folder / hashed for hashed, _ in files.values()}
    for hashed, data in files.values():
        write_bytes_atomic(folder / hashed, data)
    kept = folder / keep if keep else None
    for path in sorted(folder.rglob("*"), reverse=True) if folder.exists() else []:
        if kept is not None and kept in path.parents:
            continue
        if path.is_file() and path not in wanted:
            path.unlink()
        elif path.is_dir() and not any(path.iterdir()):
            path.rmdir()
