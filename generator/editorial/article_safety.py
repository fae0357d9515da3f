"""What ``check`` refuses in an article's Markdown because a browser would run it: raw HTML
that carries code (``<script>``, ``<iframe>``, event handlers such as ``onclick=``) and links
whose URL runs code (``javascript:``, ``vbscript:``, ``data:`` other than an image).

Articles are safe by construction: the build runs ``check`` first, so such markup never reaches
a published page. Charts, tables and scripts come from the generator and the theme, never from
an article; harmless HTML (``<sup>``, ``<abbr title>``, ``<img src alt>``) stays allowed.

Only the renderer makes flags (``check_flags``, rule ``flag-markup``): raw HTML with a flag's
classes (``claim``, ``claim__flag``, ``claim--verified``…), its ``data-claim`` attribute or a
claims-table row id, and the flags' symbols (✔ ◔ ◕ ∑ ⚑ ◇ ✖ ⊘) anywhere in the prose would show a
reader a verification no claim backs. An inline ``style=`` could dress text as a flag or hide
it, and a link or image over ``http://`` can be altered on its way to the reader: both are
refused with their fix (rule ``https-only`` for the second).
"""

from __future__ import annotations

import html
import re

from generator.editorial.article_markdown import Tag, parse
from generator.editorial.articles import Article
from generator.editorial.sentences import VERIFY
from generator.errors import InputError
from generator.i18n.prose import mask_comments

# Elements that run code, load another document or change how the page loads.
UNSAFE_TAGS = frozenset(
    {
        "script",
        "iframe",
        "frame",
        "frameset",
        "object",
        "embed",
        "applet",
        "form",
        "base",
        "meta",
        "link",
        "style",
        "template",
    }
)
URL_ATTRIBUTES = frozenset(
    {"href", "src", "action", "formaction", "xlink:href", "data", "poster", "background", "srcset"}
)
SAFE_DATA_URL = re.compile(r"^data:image/(?:png|jpeg|gif|webp|avif);", re.IGNORECASE)
# The flag symbols are looked for in prose: fenced blocks and code spans are blanked first.
CODE = re.compile(r"^(?:```|~~~).*?^(?:```|~~~)[^\n]*$|`[^`\n]*`", re.DOTALL | re.MULTILINE)


def unsafe_url(url: str) -> bool:
    """True for a URL a browser would run or render as a document: ``javascript:`` and
    ``vbscript:`` in any case, with entities or control characters mixed in, and ``data:``
    URLs other than images."""
    compact = re.sub(r"[\x00-\x20]", "", html.unescape(url)).lower()
    return compact.startswith(("javascript:", "vbscript:")) or (
        compact.startswith("data:") and not SAFE_DATA_URL.match(compact)
    )


# What only the renderer writes (``verification.ClaimView.flag`` and the claims table).
FLAG_CLASS = re.compile(r"(?:^|\s)claim(?:$|\s|__|--)|(?:^|\s)claims-table(?:$|\s)")
# The flags' own symbols, and the marks a reader takes for them: check marks and ballot boxes
# (✓ ✅ ☑ 🗸 🗹), crosses (✗ ✘ ❌ ❎), a flag (⚐), traffic-light dots (🟢 🟡 🔴).
FLAG_SYMBOLS = "✔◔◕∑⚑◇✖⊘✓✅☑🗸🗹✗✘❌❎⚐🟢🔴🟡"
FLAG_SYMBOL = re.compile(f"[{FLAG_SYMBOLS}]")
# Attributes a reader meets as a flag's words (a tooltip, a label read aloud), in raw HTML or
# a Markdown link's title: "verified" there dresses any figure as a verified one.
TEXT_ATTRIBUTES = frozenset({"title", "aria-label", "aria-description"})
# A character reference (``&#10004;``, ``&#x2714;``, a named one): the page shows the character.
CHARACTER_REFERENCE = re.compile(r"&(?:#[0-9]+|#[xX][0-9a-fA-F]+|[A-Za-z][A-Za-z0-9]*);?")


class _Finder:
    """What each start tag of an article holds that runs code, is insecure or imitates a flag,
    as (0-based body line, what)."""

    def __init__(self):
        self.found: list[tuple[int, str]] = []
        self.flags: list[tuple[int, str]] = []
        self.insecure: list[tuple[int, str]] = []

    def tag(self, tag: Tag) -> None:
        line, name = tag.line, tag.name
        if tag.raw and name in UNSAFE_TAGS:
            self.found.append((line, f"<{name}>"))
        for attr, value in tag.attrs.items():
            # A Markdown link's or image's own target is named as the editor wrote it.
            what = (
                "the link target '{}'"
                if not tag.raw and attr in ("href", "src") and name in ("a", "img")
                else f'{attr}="{{}}" of <{name}>'
            )
            if attr.startswith("on") or attr == "srcdoc":
                self.found.append((line, f"the attribute {attr}= of <{name}>"))
            elif attr in URL_ATTRIBUTES and value and unsafe_url(value):
                self.found.append((line, what.format(value[:40])))
            elif attr in URL_ATTRIBUTES and value and insecure_url(value):
                self.insecure.append((line, what.format(value[:60])))
            if attr == "class" and value and FLAG_CLASS.search(value):
                self.flags.append((line, f'<{name} class="{value}">, a flag\'s class'))
            elif attr == "data-claim" or (attr == "id" and value and value.startswith("claim-")):
                self.flags.append((line, f"the attribute {attr}= of <{name}>, a claim's"))
            elif (
                attr in TEXT_ATTRIBUTES
                and value
                and any(words.search(value) for words in VERIFY.values())
            ):
                self.flags.append(
                    (line, f'{attr}="{value[:40]}" of <{name}>, a verification word in a tooltip')
                )
            elif attr == "style":
                self.flags.append(
                    (
                        line,
                        f"the inline style= of <{name}>: an article's look "
                        "comes from the theme, and a style can dress text as "
                        "a flag or hide it; remove it",
                    )
                )


def insecure_url(url: str) -> bool:
    """True for an ``http://`` URL (any case, entities decoded)."""
    return re.sub(r"[\x00-\x20]", "", html.unescape(url)).lower().startswith("http://")


# Characters a reader does not see: inside a word they hide it from every rule that reads the
# prose ("con\u00adfirmed" is no verification word to a pattern) while the page shows it whole.
INVISIBLE = re.compile("[\u00ad\u200b\u200c\u200d\u2060\ufeff]")
INVISIBLE_NAMES = {
    "\u00ad": "SOFT HYPHEN",
    "\u200b": "ZERO WIDTH SPACE",
    "\u200c": "ZERO WIDTH NON-JOINER",
    "\u200d": "ZERO WIDTH JOINER",
    "\u2060": "WORD JOINER",
    "\ufeff": "ZERO WIDTH NO-BREAK SPACE",
}


def invisible_characters(posts: list[Article]) -> list[InputError]:
    """One error per invisible character in an article's body (``INVISIBLE``), with its line:
    the build's own rules break long words where they must."""
    return [
        InputError(
            post.path,
            f"line {post.body_line + post.body.count(chr(10), 0, m.start())}",
            None,
            f"an invisible character, U+{ord(m.group(0)):04X} {INVISIBLE_NAMES[m.group(0)]}: a "
            "reader does not see it, and it hides the word it is in from check's rules; "
            "remove it (the page breaks long words itself)",
        )
        for post in posts
        for m in INVISIBLE.finditer(post.body)
    ]


def check_markup(posts: list[Article]) -> list[InputError]:
    """Every piece of an article that would run code in the reader's browser, with its file
    line: unsafe elements, event-handler attributes, unsafe URLs in HTML or Markdown links
    (and attributes written with ``{ … }`` on Markdown elements); then ``http://`` addresses
    and markup imitating a flag. Each article is read by the build's Markdown once
    (``article_markdown.parse``): only what the build passes through as HTML is judged as
    HTML, never code."""
    errors = []
    for post in posts:
        finder = _Finder()
        for tag in parse(post.body).tags:
            finder.tag(tag)
        for line, what in sorted(finder.found):
            errors.append(
                InputError(
                    post.path,
                    f"line {post.body_line + line}",
                    None,
                    f"unsafe markup: {what} would run code in the reader's "
                    "browser; remove it (an article holds text, links and "
                    "images; charts and scripts come from the generator)",
                )
            )
        for line, what in sorted(finder.insecure):
            errors.append(
                InputError(
                    post.path,
                    f"line {post.body_line + line}",
                    None,
                    f"{what} is http://: a page or image over http can be "
                    "altered on its way to the reader and browsers block it "
                    "on an https page; write https:// (every source the site "
                    "cites has it)",
                )
            )
        # The symbols are text: looked for in the prose, code and comments blanked.
        prose = CODE.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), mask_comments(post.body))
        flags = (
            list(finder.flags)
            + [
                (prose.count("\n", 0, m.start()), f"the flag symbol '{m.group(0)}'")
                for m in FLAG_SYMBOL.finditer(prose)
            ]
            + [
                (
                    prose.count("\n", 0, m.start()),
                    f"the flag symbol '{m.group(0)}' (written as a character reference)",
                )
                for m in CHARACTER_REFERENCE.finditer(prose)
                if FLAG_SYMBOL.search(html.unescape(m.group(0)))
            ]
        )
        for line, what in sorted(flags):
            fix = (
                ""
                if "style=" in what
                else ": only the build draws a flag, from a claim, so that no flag can show a "
                "status its figure does not have; quote the figure as [[claim:ID]] and the "
                "page shows its flag"
            )
            errors.append(
                InputError(
                    post.path,
                    f"line {post.body_line + line}",
                    None,
                    f"flag markup: {what}{fix}",
                )
            )
    return errors
