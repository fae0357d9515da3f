"""What ``check`` asks of the links an article writes: each one leads to a page of the site, in
every form an editor can write it, with the file line of a broken one.

Forms (``[text](target)``, ``[label]: target``, ``<a href="target">``, images too):

* a ``.md`` file relative to the post (``../../results/index.md``), as MkDocs resolves it;
* a URL relative to the post's published address (``../../../../../results/previews/``; a post
  is published at ``blog/YYYY/MM/DD/<slug>/``, Material's ``post_url_format``);
* an absolute site URL, by path (``/mlperf-wiki/en/results/``) or in full
  (``https://mlperf-wiki.github.io/mlperf-wiki/zh/results/``), into any language;
* an anchor, alone (``#a-heading``) or after a post's address: a heading of that post, or a
  claim of its claims table (``#claim-ID``).

Generated pages (``results/``, the home page, the blog index...) exist once ``build`` has
written ``docs/<lang>/``: until then (``check`` on a fresh clone) links into them are left for
the build, which checks every link after writing the pages and before MkDocs runs.
"""

from __future__ import annotations

import posixpath
from pathlib import Path
from urllib.parse import unquote, urlsplit

from generator.editorial.article_markdown import parse
from generator.editorial.article_structure import image_file
from generator.editorial.articles import Article
from generator.errors import InputError
from generator.i18n.languages import LANGUAGES

CODES = tuple(lang.code for lang in LANGUAGES)


def post_url(post: Article) -> str | None:
    """The post's address below its language (``blog/2026/09/17/record/``), or None without a
    date and slug (``check_articles`` reports those)."""
    slug = post.meta.get("slug")
    return f"blog/{post.date:%Y/%m/%d}/{slug}/" if post.date and slug else None


def anchors(post: Article) -> set[str]:
    """The ids a link may name in ``post``: its headings' (as the build's toc makes them:
    ``article_markdown``) and its claims table's rows."""
    return set(parse(post.body).heading_ids) | {
        f"claim-{r.claim_id}" for r in post.claim_references()
    }


def links(post: Article) -> list[tuple[int, str]]:
    """Every link and image target of ``post`` as (0-based body line, target): Markdown's
    links, images and reference definitions, and raw HTML's ``<a href>`` and ``<img src>``,
    as the build's Markdown reads them (never in code; footnote references are no links)."""
    return [
        (tag.line, target)
        for tag in parse(post.body).tags
        if tag.name in ("a", "img")
        and (target := tag.attrs.get("href" if tag.name == "a" else "src"))
    ]


def check_links(
    posts: list[Article], docs: Path, site_url: str, generated: bool | None = None
) -> list[InputError]:
    """Every link of every post that leads nowhere, with its file line and the page it was
    looked for. ``docs``: the docs folder; ``site_url``: the site's address (``mkdocs.yml``);
    ``generated``: whether ``docs`` holds the generated pages (default: each language's data
    page exists, which only the whole generation writes -- the editor's preview writes the
    home page and the results overview, not the results pages), without which links into them
    are not judged."""
    by_url = {(p.lang.code, url): p for p in posts if (url := post_url(p))}
    site = urlsplit(site_url)
    errors = []
    for post in posts:
        here = post_url(post)
        ready = (
            generated
            if generated is not None
            else (docs / post.lang.code / "data" / "index.md").is_file()
        )
        for line0, target in links(post):
            problem = _problem(target, post, here, by_url, docs, site, ready)
            if problem:
                line = post.body_line + line0
                errors.append(
                    InputError(
                        post.path, f"line {line}", None, f"broken link '{target}': {problem}"
                    )
                )
    return errors


def _problem(target, post, here, by_url, docs, site, ready) -> str | None:
    parts = urlsplit(target)
    if parts.scheme or parts.netloc:
        if (parts.netloc, parts.scheme) != (site.netloc, site.scheme) or not parts.path.startswith(
            site.path
        ):
            return None  # another site: not ours to check
        parts = parts._replace(scheme="", netloc="")
    path, fragment = unquote(parts.path), unquote(parts.fragment)
    code = post.lang.code
    if not path:
        return (
            None
            if not fragment or fragment in anchors(post)
            else f"no heading or claim '#{fragment}' in this article"
        )
    if path.startswith("/"):
        if not path.startswith(site.path):
            return f"an absolute path outside the site ({site.path})"
        path = path[len(site.path) :]
        first = path.split("/", 1)[0]
        if first not in CODES:
            return f"an address of the site starts with a language ({', '.join(CODES)})"
        code, path = first, path[len(first) + 1 :]
    elif path.endswith(".md"):
        file = (post.path.parent / path).resolve()
        folder = (docs / code).resolve()
        if not file.is_relative_to(folder):
            return "outside this language's pages"
        path = file.relative_to(folder).as_posix()
        posts = {p.path.resolve(): u for (c, u), p in by_url.items() if c == code}
        if file in posts:
            return _post_anchor(by_url[(code, posts[file])], fragment)
        return _page(docs / code, path, ready, fragment)
    elif image_file(post, docs, target) is not None:
        return None  # a file beside the post or in the shared images, as MkDocs resolves it
    elif here is None:
        return None  # a post without date or slug has no address: reported elsewhere
    else:
        path = posixpath.normpath(posixpath.join(here, path)) + ("/" if path.endswith("/") else "")
        if path.startswith("../"):
            return "above the language's root (one '../' too many?)"
    path = path.removeprefix("./")
    if path.startswith("blog/") and path.count("/") >= 5:
        found = by_url.get((code, path if path.endswith("/") else path + "/"))
        if found is None:
            return f"no {code} post is published at {path}"
        return _post_anchor(found, fragment)
    return _page(docs / code, path, ready, fragment, url=True)


def _post_anchor(post: Article, fragment: str) -> str | None:
    if fragment and fragment not in anchors(post):
        return f"no heading or claim '#{fragment}' in {post.path.name}"
    return None


def _page(folder: Path, path: str, ready: bool, fragment: str, url: bool = False) -> str | None:
    """None when ``path`` (below a language folder) names a page or file of it; anchors in
    pages other than posts are not judged (the generated pages' ids come from their HTML)."""
    if url and (path == "" or path.endswith("/")):
        candidates = [path + "index.md", path.rstrip("/") + ".md"]
    elif url and "." not in path.rsplit("/", 1)[-1]:
        candidates = [path + "/index.md", path + ".md"]
    elif url and path.endswith(".html"):
        candidates = [path[: -len(".html")] + ".md", path.replace("index.html", "index.md")]
    else:
        candidates = [path]
    if any((folder / c).is_file() for c in candidates):
        return None
    if not ready and not path.startswith("blog/posts/"):
        return None  # a generated page: judged by the build, once the pages are written
    return f"no such page ({folder / candidates[0]})"
