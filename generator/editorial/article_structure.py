"""What ``check`` asks of an article's structure, so that no article can break its page or the
build: HTML elements and code fences closed, footnotes defined, images that load fast and
keep the page still.

* **Balance** (rule ``markup-balance``): an HTML element left open (``<div>`` with no
  ``</div>``) makes Markdown read the rest of the article as raw HTML, its claims unrendered;
  a closing tag with no opening one, and a code fence never closed, are reported with their
  line. The article is read by the build's own Markdown (``article_markdown.parse``), so what
  counts as code, HTML or text is what the build will make of it; an article the build's
  Markdown cannot convert at all is reported too, rather than stopping the build.
* **Footnotes**: standard Markdown footnotes (``text[^1]`` and ``[^1]: the note``, Python-
  Markdown's ``footnotes``); a reference needs its definition.
* **Images** (rule ``images``): a relative image is a file beside the post
  (``![alt](chart.webp)``, MkDocs' form) or in the shared folder ``docs/images/``, which the
  build copies into every language (``../../images/chart.webp`` from a post); it has alt text
  (with Chinese in a zh article), weighs at most ``IMAGE_LIMIT`` bytes, and states its width
  and height (``{ width="1200" height="675" }`` after a Markdown image, attributes of
  ``<img>``), read from the file, so that the page does not move when it loads.
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote, urlsplit

from generator.editorial.article_markdown import parse
from generator.editorial.articles import Article
from generator.errors import InputError
from generator.i18n.han import HAN_CHARACTER

IMAGE_LIMIT = 300 * 1024  # bytes: a photo as WebP or AVIF at 1,600 px is well below it
SHARED_IMAGES = "images"  # docs/images/, copied to docs/<code>/images/ by the build
FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
CODE_SPAN = re.compile(r"`[^`\n]*`")


def fences(body: str) -> tuple[str, list[int]]:
    """``body`` with fenced code blanked (newlines kept) and code spans blanked, and the
    0-based lines of fences opened and never closed: the build's footnote renaming
    (``verification.unique_footnotes``) leaves code as written with it. ``check`` reads
    articles with the build's Markdown instead (``article_markdown``)."""
    lines = body.split("\n")
    out, open_at, fence = [], [], None
    for n, line in enumerate(lines):
        found = FENCE.match(line)
        if fence is None and found:
            fence = (found.group(1)[0], len(found.group(1)), n)
            out.append(" " * len(line))
        elif fence is not None:
            closing = re.match(rf"^ {{0,3}}{re.escape(fence[0])}{{{fence[1]},}}\s*$", line)
            if closing:
                fence = None
            out.append(" " * len(line))
        else:
            out.append(CODE_SPAN.sub(lambda m: " " * len(m.group(0)), line))
    if fence is not None:
        open_at.append(fence[2])
    return "\n".join(out), open_at


def balanced(markdown: str) -> str:
    """``markdown`` with every code fence and HTML element it leaves open closed at its end,
    in the right order: the editor's preview shows such an article as written, ``check``'s
    banner naming the line, instead of reading the rest of it as code or raw HTML.
    Read by the build's Markdown (``article_markdown.parse``)."""
    parsed = parse(markdown)
    if parsed.fences:
        opening = FENCE.match(markdown.split("\n")[parsed.fences[0]])
        return markdown.rstrip("\n") + f"\n{opening.group(1) if opening else '```'}\n"
    left = [tag for tag, _ in parsed.unclosed]
    if not left:
        return markdown
    return markdown.rstrip("\n") + "\n" + "".join(f"</{t}>" for t in reversed(left)) + "\n"


def check_structure(posts: list[Article], docs: Path) -> list[InputError]:
    """Every unclosed element or fence, stray closing tag, undefined footnote and image
    problem of ``posts``, with its file line and the fix, and every article the build's
    Markdown cannot convert. ``docs``: the docs folder. Each post is read by the build's
    Markdown once (``article_markdown.parse``)."""
    errors = []
    for post in posts:
        parsed = parse(post.body)

        def error(line0, problem, post=post):
            errors.append(InputError(post.path, f"line {post.body_line + line0}", None, problem))

        if parsed.failure:
            error(
                parsed.failure_line,
                f"the site's Markdown stops on this article ({parsed.failure}), from the "
                "block that starts here: the build would fail. Look for markup left open "
                "above or in this block; if it looks right, report it as a bug of the site",
            )
            continue
        for n in parsed.fences:
            error(
                n,
                "a code fence opened here is never closed: the page would show its "
                "backticks, and the code after them as text; close it with a line of the "
                "same backticks or tildes",
            )
        for tag, line in parsed.unclosed:
            error(
                line,
                f"<{tag}> is never closed: Markdown would read the rest of the "
                f"article as raw HTML (its claims and links unrendered); add "
                f"</{tag}> where it ends",
            )
        # An HTML comment left open hides nothing: Markdown shows "<!--" and what follows.
        text, _ = fences(post.body)
        opened = text.rfind("<!--")
        if opened >= 0 and text.find("-->", opened + 4) < 0:
            error(
                text.count("\n", 0, opened),
                "an HTML comment (<!--) opened here is never closed: the page would show it "
                "and the text after it; close it with -->",
            )
        for tag, line in parsed.stray:
            error(line, f"</{tag}> closes no open <{tag}>: remove it, or open the element")
        for label, line in parsed.footnotes:
            error(
                line,
                f"footnote [^{label}] has no note: add a line "
                f"'[^{label}]: the note' (after the paragraph or at the end)",
            )
        for tag in parsed.images():
            form = "html" if tag.raw else "markdown"
            src = tag.attrs.get("src") or ""
            for problem in _image_problems(post, docs, src, tag.attrs.get("alt"), tag.attrs, form):
                error(tag.line, problem)
    return errors


def image_file(post: Article, docs: Path, target: str) -> Path | None:
    """The file a relative image ``target`` of ``post`` names: beside the post (as MkDocs
    resolves it) or, for ``docs/<code>/images/…``, in the shared ``docs/images/``; None for
    an address of another site or a file that does not exist."""
    parts = urlsplit(target)
    if parts.scheme or parts.netloc or not parts.path or parts.path.startswith("/"):
        return None
    file = (post.path.parent / unquote(parts.path)).resolve()
    if file.is_file():
        return file
    own = (docs / post.lang.code / SHARED_IMAGES).resolve()
    if file.is_relative_to(own):
        shared = (docs / SHARED_IMAGES).resolve() / file.relative_to(own)
        return shared if shared.is_file() else None
    return None


def _image_problems(post, docs, target, alt, attrs, form) -> list[str]:
    problems = []
    if not (alt or "").strip():
        problems.append(
            f"the image '{target}' has no alt text: say what it shows, in the "
            "article's language, for readers who cannot see it ("
            + ("![what it shows](…)" if form == "markdown" else 'alt="…"')
            + ")"
        )
    elif post.lang.code == "zh" and not HAN_CHARACTER.search(alt):
        problems.append(
            f"the alt text '{alt}' of '{target}' has no Chinese: write it in the article's language"
        )
    file = image_file(post, docs, target)
    if file is None:
        return problems  # another site's image, or a missing file: the links rule says so
    size = file.stat().st_size
    if size > IMAGE_LIMIT:
        problems.append(
            f"the image '{target}' weighs {size / 1024:,.0f} KB, over the "
            f"{IMAGE_LIMIT // 1024} KB an article image may weigh (readers on "
            "phones pay for every byte): save it as WebP or AVIF, at the width it "
            "is shown (1,600 px at most)"
        )
    try:
        from PIL import Image

        with Image.open(file) as image:
            width, height = image.size
    except Exception:  # noqa: BLE001 (any file Pillow cannot read: SVG, a broken file)
        width = height = None
    if width and (attrs.get("width") != str(width) or attrs.get("height") != str(height)):
        fix = (
            f'{{ width="{width}" height="{height}" }} right after the image'
            if form == "markdown"
            else f'width="{width}" height="{height}" to the <img>'
        )
        problems.append(
            f"the image '{target}' is {width}×{height} px: write {fix}, so that "
            "the page keeps its place while the image loads"
        )
    return problems
