"""Addresses that never break: when a published post's address changes (its ``slug`` or
``date``), its old address keeps working through a redirect listed in ``data/redirects.yaml``.

The file maps an old address to the new one, both below a language's root and the same in
every language (a post's three translations share slug and date)::

    blog/2026/09/17/record/: blog/2026/09/17/new-record/

For each entry the generator writes a small static HTML page at the old address of every
language (``redirect_pages``): an HTTP-equivalent refresh, a canonical link and a plain link.
It is a file, not a plugin or hook, so it works with any static site engine and any host.

Which addresses are published is itself committed: ``data/published.yaml`` lists every address
a post has had, with the post's file name (``published``). ``make site`` adds the address of a
post it does not list yet (``record_published``) and never changes or removes a line, so the
list only grows and travels with every commit: ``check`` (in CI too, on a pull request's merge
commit, with no history) requires that every listed address is a post's, or leads to one
through ``redirects.yaml``; a changed slug or date is refused with the line to add. It also
compares each post's address with the one last committed (git), for a change not yet built,
and notes the redirects that keep an old address working.
"""

from __future__ import annotations

import html
import posixpath
import re
import subprocess
from pathlib import Path

from generator.data import editor_yaml
from generator.editorial.article_links import post_url
from generator.editorial.articles import FRONT_MATTER, Article
from generator.errors import InputError, InputErrors
from generator.files import write_text_atomic
from generator.i18n.languages import Language

ADDRESS = re.compile(r"^(?:[a-z0-9][a-z0-9._-]*/)+$")


def load(path: Path) -> dict[str, str]:
    """Old address -> new address, from ``data/redirects.yaml`` (empty when absent).

    Raises:
        InputErrors: duplicate keys or malformed YAML (``editor_yaml.read``); an address that
            is not a path below the language root ending with ``/``.
    """
    raw = editor_yaml.read(path) if path.is_file() else None
    raw = raw or {}
    if not isinstance(raw, dict):
        raise InputErrors(
            [InputError(path, None, None, "expected a mapping: old address: new address")]
        )
    problems = [
        InputError(
            path,
            None,
            str(old),
            f"'{address}' is not an address below the language root such as blog/2026/09/17/slug/",
        )
        for old, new in raw.items()
        for address in (old, new)
        if not ADDRESS.match(str(address))
    ]
    if problems:
        raise InputErrors(problems)
    return {str(old): str(new) for old, new in raw.items()}


def redirect_page(old: str, new: str, lang: Language) -> str:
    """The HTML page written at ``old`` that sends the reader on to ``new`` (relative link, so
    it works under any site address)."""
    target = html.escape(posixpath.relpath(new, old) + "/", quote=True)
    return (
        f'<!doctype html>\n<html lang="{lang.code}"><head><meta charset="utf-8">'
        f'<title>{target}</title><link rel="canonical" href="{target}">'
        f'<meta name="robots" content="noindex">'
        f'<meta http-equiv="refresh" content="0; url={target}"></head>'
        f'<body><p><a href="{target}">{target}</a></p></body></html>\n'
    )


PUBLISHED_HEADER = (
    "# Every address a post of the site has had, below each language's root, with the post's\n"
    "# file name. `make site` adds the address of a new post and never changes or removes a\n"
    "# line: a published address stays, and `make check` asks for a redirect\n"
    "# (data/redirects.yaml) when no post is there any more. Remove a line only for a post that\n"
    "# was never published (one not yet merged into the default branch).\n"
)


def published(path: Path) -> dict[str, str]:
    """Address -> post file name (``blog/2026/09/17/record/: record``) of ``data/published.yaml``
    (empty when absent).

    Raises:
        InputErrors: malformed YAML, a key written twice (``editor_yaml.read``), or an entry
            that is not an address below the language root.
    """
    raw = (editor_yaml.read(path) if path.is_file() else None) or {}
    if not isinstance(raw, dict):
        raise InputErrors([InputError(path, None, None, "expected a mapping: address: file name")])
    problems = [
        InputError(
            path,
            None,
            str(address),
            f"'{address}' is not an address below the language root such as blog/2026/09/17/slug/",
        )
        for address in raw
        if not ADDRESS.match(str(address))
    ]
    if problems:
        raise InputErrors(problems)
    return {str(address): str(key) for address, key in raw.items()}


def record_published(posts: list[Article], path: Path) -> bool:
    """Add to ``path`` (``data/published.yaml``) the address of every post it does not list,
    keeping every line it has (written atomically; True when it changed). Drafts are left
    out: Material's blog does not publish them."""
    listed = published(path)
    new = sorted(
        {
            (url, post.key)
            for post in posts
            if not post.draft and (url := post_url(post)) and url not in listed
        }
    )
    if not new:
        return False
    text = path.read_text(encoding="utf-8") if path.is_file() else PUBLISHED_HEADER
    lines = "".join(f"{url}: {key}\n" for url, key in new)
    return write_text_atomic(path, text + ("" if text.endswith("\n") else "\n") + lines)


def _lands(address: str, redirects: dict[str, str], current: set[str]) -> bool:
    """True when ``address`` is a post's, or ``redirects`` lead from it to one."""
    for _ in range(len(redirects) + 1):
        if address in current:
            return True
        if address not in redirects:
            return False
        address = redirects[address]
    return False  # a loop of redirects


def committed_address(post: Article, root: Path) -> str | None:
    """The address of ``post`` as last committed (``git show HEAD:<file>``), None when the
    file is new, its front matter unreadable, or outside git."""
    try:
        name = post.path.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return None
    done = subprocess.run(["git", "show", f"HEAD:{name}"], cwd=root, capture_output=True, text=True)
    match = FRONT_MATTER.match(done.stdout) if done.returncode == 0 else None
    if not match:
        return None
    try:
        meta = editor_yaml.read(post.path, match.group(1), first_line=2) or {}
    except InputErrors:
        return None
    before = Article(post.path, post.lang, meta if isinstance(meta, dict) else {}, "", "", 1)
    return post_url(before)


def check_redirects(
    posts: list[Article], path: Path, root: Path
) -> tuple[list[InputError], list[str]]:
    """Errors and notes about addresses: a post whose address changed since its last commit
    needs an entry from the old address (the error gives the line to add); an entry must not
    shadow a post's current address and must lead to one (or to a page). Notes say which
    redirects the change created."""
    try:
        redirects = load(path)
    except InputErrors as exc:
        return exc.errors, []
    current = {url for p in posts if (url := post_url(p))}
    errors, notes = [], []
    for old, new in sorted(redirects.items()):
        if old in current:
            errors.append(
                InputError(
                    path,
                    None,
                    old,
                    f"'{old}' is the address of a post: a redirect there would hide it",
                )
            )
        elif new.startswith("blog/") and new not in current and new not in redirects:
            errors.append(
                InputError(path, None, old, f"leads to '{new}', where no post is published")
            )
    seen = set()
    published_file = path.with_name("published.yaml")
    try:
        listed = published(published_file)
    except InputErrors as exc:
        errors += exc.errors
        listed = {}
    text = published_file.read_text(encoding="utf-8") if listed else ""
    by_key = {}
    for post in posts:
        by_key.setdefault(post.key, post)
    for address, key in listed.items():
        if _lands(address, redirects, current):
            continue
        line = next(
            (n for n, t in enumerate(text.split("\n"), 1) if t.startswith(address + ":")), None
        )
        post = by_key.get(key)
        now = post_url(post) if post is not None else None
        if now is None:
            errors.append(
                InputError(
                    published_file,
                    f"line {line}",
                    address,
                    f"the published address of '{key}' leads to no post: "
                    "readers and search engines know it; add the line "
                    f"'{address}: <the address it moved to>' to "
                    f"data/{path.name} (or, for a draft that was never merged into the "
                    "default branch, remove this line of data/published.yaml)",
                )
            )
            continue
        seen.add((address, now))
        errors.append(
            InputError(
                post.path,
                f"line {post.meta_line('slug')}",
                "slug",
                f"the address changed from {address} (published: data/{published_file.name} line "
                f"{line}) to {now} (slug or date): readers and search engines know the old one; "
                f"add the line '{address}: {now}' to data/{path.name} (if the post was never "
                "published, not yet merged, remove its old line from "
                f"data/{published_file.name} instead)",
            )
        )
    for post in posts:
        now, before = post_url(post), committed_address(post, root)
        if not now or not before or now == before or (before, now) in seen:
            continue
        seen.add((before, now))
        if redirects.get(before) == now:
            notes.append(
                f"{post.path}: its address changed from {before} to {now}; "
                f"{path.name} keeps the old address working"
            )
        else:
            errors.append(
                InputError(
                    post.path,
                    f"line {post.meta_line('slug')}",
                    "slug",
                    f"the address changed from {before} to {now} (slug or "
                    "date): readers and search engines know the old one; "
                    f"add the line '{before}: {now}' to data/{path.name}",
                )
            )
    return errors, notes
