"""What ``check`` refuses in an article's Markdown because a browser would run it: raw HTML
that carries code (``<script>``, ``<iframe>``, event handlers such as ``onclick=``) and links
whose URL runs code (``javascript:``, ``vbscript:``, ``data:`` other than an image).

Articles are safe by construction: the build runs ``check`` first, so such markup never reaches
a published page. Charts, tables and scripts come from the generator and the theme, never from
an article; harmless HTML (``<sup>``, ``<abbr title>``, ``<img src alt>``) stays allowed.
"""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser

from generator.editorial.articles import Article
from generator.errors import InputError
from generator.i18n.prose import mask_comments

# Elements that run code, load another document or change how the page loads.
UNSAFE_TAGS = frozenset({"script", "iframe", "frame", "frameset", "object", "embed", "applet",
                         "form", "base", "meta", "link", "style", "template"})
URL_ATTRIBUTES = frozenset({"href", "src", "action", "formaction", "xlink:href", "data",
                            "poster", "background", "srcset"})
SAFE_DATA_URL = re.compile(r"^data:image/(?:png|jpeg|gif|webp|avif);", re.IGNORECASE)
# Code is not rendered as markup: fenced blocks and code spans are blanked before the search.
CODE = re.compile(r"^(?:```|~~~).*?^(?:```|~~~)[^\n]*$|`[^`\n]*`", re.DOTALL | re.MULTILINE)
# Markdown link and image targets, reference definitions and autolinks.
MARKDOWN_URL = re.compile(r"\]\(\s*<?((?:[^()\s>]|\([^()\s]*\))+)|^\s{0,3}\[[^\]\n]+\]:\s*<?(\S+?)>?(?:\s|$)"
                          r"|<([a-zA-Z][a-zA-Z0-9+.-]*:[^>\s]*)>", re.MULTILINE)


def unsafe_url(url: str) -> bool:
    """True for a URL a browser would run or render as a document: ``javascript:`` and
    ``vbscript:`` in any case, with entities or control characters mixed in, and ``data:``
    URLs other than images."""
    compact = re.sub(r"[\x00-\x20]", "", html.unescape(url)).lower()
    return (compact.startswith(("javascript:", "vbscript:"))
            or (compact.startswith("data:") and not SAFE_DATA_URL.match(compact)))


class _Finder(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[int, str]] = []

    def handle_starttag(self, tag, attrs):
        line = self.getpos()[0]
        if tag in UNSAFE_TAGS:
            self.found.append((line, f"<{tag}>"))
        for name, value in attrs:
            if name.startswith("on") or name == "srcdoc":
                self.found.append((line, f"the attribute {name}= of <{tag}>"))
            elif name in URL_ATTRIBUTES and value and unsafe_url(value):
                self.found.append((line, f"{name}=\"{value[:40]}\" of <{tag}>"))

    handle_startendtag = handle_starttag


def check_markup(posts: list[Article]) -> list[InputError]:
    """Every piece of an article that would run code in the reader's browser, with its file
    line: unsafe elements, event-handler attributes, unsafe URLs in HTML or Markdown links."""
    errors = []
    for post in posts:
        body = CODE.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), mask_comments(post.body))
        finder = _Finder()
        finder.feed(body)
        finder.close()
        found = list(finder.found)
        for match in MARKDOWN_URL.finditer(body):
            url = next(g for g in match.groups() if g)
            if unsafe_url(url):
                found.append((1 + body.count("\n", 0, match.start()),
                              f"the link target '{url[:40]}'"))
        for line, what in sorted(found):
            errors.append(InputError(post.path, f"line {post.body_line + line - 1}", None,
                                     f"unsafe markup: {what} would run code in the reader's "
                                     "browser; remove it (an article holds text, links and "
                                     "images; charts and scripts come from the generator)"))
    return errors
