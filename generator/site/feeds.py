"""The blog's RSS 2.0 feeds (mkdocs-rss-plugin) made valid RSS 2.0.

The plugin writes each post's author names into ``<author>``, which RSS 2.0 reserves for an
e-mail address, and the channel ``<image>`` with the URL "None" when no image is configured.
The site's authors are editorial desks without public addresses, so their names go into
``<dc:creator>`` (Dublin Core, whose namespace the feed already declares; the form the RSS
Advisory Board's best practices recommend for a name), and the channel image is the site's
favicon at its absolute address.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

DC = "http://purl.org/dc/elements/1.1/"
ATOM = "http://www.w3.org/2005/Atom"
# An RSS 2.0 <author>: "address" or "address (name)".
EMAIL = re.compile(r"^[^@\s()]+@[^@\s()]+\.[^@\s()]+( \(.+\))?$")


def channel_image(site_url: str, favicon: str) -> str:
    """Absolute address of the feed's channel image: the theme's favicon (a PNG) under the
    language's ``site_url`` (``https://…/mlperf-wiki/en/``, ending with a slash)."""
    return site_url + favicon.lstrip("/")


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
    ET.register_namespace("dc", DC)
    ET.register_namespace("atom", ATOM)
    stylesheet = re.search(r"<\?xml-stylesheet[^>]*\?>", text)
    root = ET.fromstring(text.encode("utf-8"))
    channel = root.find("channel")
    for item in channel.iter("item"):
        for author in list(item):
            if author.tag == "author" and not EMAIL.match((author.text or "").strip()):
                author.tag = f"{{{DC}}}creator"
    for image in channel.findall("image"):
        url = (image.findtext("url") or "").strip()
        if not url.startswith(("https://", "http://")):
            channel.remove(image)
    body = ET.tostring(root, encoding="unicode")
    return ('<?xml version="1.0" encoding="UTF-8" ?>\n'
            + (stylesheet.group(0) + "\n" if stylesheet else "") + body + "\n")
