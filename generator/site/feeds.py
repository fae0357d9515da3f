"""The blog's RSS 2.0 feeds (mkdocs-rss-plugin) made valid RSS 2.0.

The plugin writes each post's author names into ``<author>``, which RSS 2.0 reserves for an
e-mail address, and the channel ``<image>`` with the URL "None" when no image is configured.
The site's authors are editorial desks without public addresses, so their names go into
``<dc:creator>`` (Dublin Core, whose namespace the feed already declares; the form the RSS
Advisory Board's best practices recommend for a name), and the channel image is the site's
favicon at its absolute address.
"""

from __future__ import annotations

import datetime as dt
import re
import subprocess
import xml.etree.ElementTree as ET
from email.utils import format_datetime
from pathlib import Path

DC = "http://purl.org/dc/elements/1.1/"
ATOM = "http://www.w3.org/2005/Atom"
# An RSS 2.0 <author>: "address" or "address (name)".
EMAIL = re.compile(r"^[^@\s()]+@[^@\s()]+\.[^@\s()]+( \(.+\))?$")


def _parsed(text: str) -> tuple[ET.Element, str]:
    """The feed ``text`` as an element tree (namespaces dc and atom kept as prefixed) and its
    ``<?xml-stylesheet?>`` instruction ("" without), which ElementTree drops."""
    ET.register_namespace("dc", DC)
    ET.register_namespace("atom", ATOM)
    stylesheet = re.search(r"<\?xml-stylesheet[^>]*\?>", text)
    return ET.fromstring(text.encode("utf-8")), stylesheet.group(0) if stylesheet else ""


def _serialized(root: ET.Element, stylesheet: str) -> str:
    """``root`` as a feed again: the XML declaration, ``stylesheet`` and the document."""
    body = ET.tostring(root, encoding="unicode")
    return (
        '<?xml version="1.0" encoding="UTF-8" ?>\n'
        + (stylesheet + "\n" if stylesheet else "")
        + body
        + "\n"
    )


def channel_image(site_url: str, favicon: str) -> str:
    """Absolute address of the feed's channel image: the theme's favicon (a PNG) under the
    language's ``site_url`` (``https://…/mlperf-wiki/en/``, ending with a slash)."""
    return site_url + favicon.lstrip("/")


FRONT_MATTER_FIELD = re.compile(r"^(slug|date):\s*(\S+)\s*$", re.M)


def post_changes(posts: Path, repository: Path) -> dict[str, dt.datetime]:
    """``{slug: when the post last changed}`` for every post file of ``posts`` (a language's
    ``blog/posts/``): the time of the last commit that touched the file (``git log``), or, for
    a file git does not know (no history, or not committed yet), midnight UTC of its front
    matter's ``date``. A post's slug is its front matter's ``slug``, else its file name."""
    changes = {}
    for path in sorted(posts.glob("*.md")):
        head = path.read_text(encoding="utf-8").split("\n---", 1)[0]
        fields = dict(FRONT_MATTER_FIELD.findall(head))
        done = subprocess.run(
            ["git", "log", "-1", "--format=%cI", "--", str(path)],
            cwd=repository,
            capture_output=True,
            text=True,
        )
        stamp = done.stdout.strip() if done.returncode == 0 else ""
        when = (
            dt.datetime.fromisoformat(stamp)
            if stamp
            else dt.datetime.combine(
                dt.date.fromisoformat(fields.get("date", "1970-01-01")[:10]),
                dt.time(),
                dt.timezone.utc,
            )
        )
        changes[fields.get("slug", path.stem)] = when
    return changes


def dated_by_changes(text: str, changes: dict[str, dt.datetime]) -> str:
    """The feed of updated posts ``text`` with each item's ``pubDate`` the post's own last
    change (``post_changes``, matched by the last segment of the item's link) and the items
    newest first (posts changed in one commit: by their links, which hold the posts' dates); the channel's ``pubDate`` and ``lastBuildDate`` become the newest item's. An
    item whose post is not in ``changes`` keeps its date.

    Raises:
        xml.etree.ElementTree.ParseError: ``text`` is not well-formed XML.
    """
    root, stylesheet = _parsed(text)
    channel = root.find("channel")
    items = channel.findall("item")
    dated = []
    for item in items:
        slug = (item.findtext("link") or "").rstrip("/").rsplit("/", 1)[-1]
        when = changes.get(slug)
        date = item.find("pubDate")
        if when is not None and date is not None:
            date.text = format_datetime(when.astimezone(dt.timezone.utc))
        dated.append((when, item))
    first = list(channel).index(items[0]) if items else 0
    for item in items:
        channel.remove(item)
    # Posts changed in one commit: the newest post first (a post's link holds its date).
    ordered = sorted(
        dated,
        key=lambda pair: (
            pair[0] or dt.datetime.min.replace(tzinfo=dt.timezone.utc),
            pair[1].findtext("link") or "",
        ),
        reverse=True,
    )
    for offset, (_, item) in enumerate(ordered):
        channel.insert(first + offset, item)
    newest = next((when for when, _ in ordered if when is not None), None)
    if newest is not None:
        for name in ("pubDate", "lastBuildDate"):
            field = channel.find(name)
            if field is not None:
                field.text = format_datetime(newest.astimezone(dt.timezone.utc))
    return _serialized(root, stylesheet)


def valid_rss(text: str) -> str:
    """The RSS document ``text`` with every ``<item><author>`` that is not an e-mail address
    turned into ``<dc:creator>``; an ``<image>`` whose URL is not absolute is dropped.

    Args:
        text: an RSS 2.0 document as the plugin writes it (UTF-8 text).

    Returns:
        the document serialized again (UTF-8, XML declaration kept).

    Raises:
        xml.etree.ElementTree.ParseError: ``text`` is not well-formed XML.
    """
    root, stylesheet = _parsed(text)
    channel = root.find("channel")
    for item in channel.iter("item"):
        for author in list(item):
            if author.tag == "author" and not EMAIL.match((author.text or "").strip()):
                author.tag = f"{{{DC}}}creator"
    for image in channel.findall("image"):
        url = (image.findtext("url") or "").strip()
        if not url.startswith(("https://", "http://")):
            channel.remove(image)
    return _serialized(root, stylesheet)
