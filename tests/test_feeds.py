"""The blog's RSS feeds as RSS 2.0 readers and validators see them.

feedparser (a tolerant parser that flags every document it had to repair: ``bozo``) reads each
feed; the RSS 2.0 rules it does not enforce are checked on the XML itself, as the RSS 2.0
specification states them: ``<image><url>`` is the URL of a GIF, JPEG or PNG image, and an
item's ``<author>`` is an e-mail address (a name alone belongs in Dublin Core's ``creator``).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from urllib.parse import urlsplit

import feedparser
import pytest

from generator.editorial.articles import articles
from generator.project import site_prefix
from generator.site.feeds import EMAIL, valid_rss
from tests.conftest import ROOT

FEEDS = ["feed_rss_created.xml", "feed_rss_updated.xml"]
DC_CREATOR = "{http://purl.org/dc/elements/1.1/}creator"


@pytest.mark.parametrize("code", ["en", "zh", "it"])
@pytest.mark.parametrize("name", FEEDS)
def test_rss_feeds_are_valid_rss_2(site, code, name):
    text = (site / code / name).read_text(encoding="utf-8")
    parsed = feedparser.parse(text)
    assert parsed.bozo == 0, parsed.get("bozo_exception")
    assert parsed.version == "rss20"
    # Every published post of the language (the feed's length limit is 20).
    assert len(parsed.entries) == len(
        [p for p in articles(ROOT / "docs") if p.lang.code == code and not p.draft]
    )
    channel = ET.fromstring(text.encode("utf-8")).find("channel")
    for image in channel.findall("image"):
        url = image.findtext("url")
        assert url.startswith("https://") and url.endswith((".png", ".gif", ".jpg", ".jpeg"))
        # The image is a file of this language's site, at its published address.
        path = urlsplit(url).path.removeprefix(site_prefix())
        assert (site / path).is_file(), url
    for item in channel.iter("item"):
        assert all(EMAIL.match(a.text or "") for a in item.findall("author"))
        assert [c.text for c in item.findall(DC_CREATOR)], "each post names its authors"
    assert all(entry.get("author") for entry in parsed.entries)  # feedparser reads dc:creator


def test_names_in_author_become_dc_creator_and_a_none_image_is_dropped():
    # The two faults of mkdocs-rss-plugin 1.19's output, as the case observed them.
    broken = (
        '<?xml version="1.0" encoding="UTF-8" ?>\n'
        '<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel>'
        "<title>MLPerf Wiki</title><link>https://example.org/en/</link>"
        "<description>d</description>"
        "<image><url>None</url><title>MLPerf Wiki</title></image>"
        "<item><title>t</title><author>MLPerf Wiki 编辑部</author>"
        "<author>desk@example.org (Desk)</author></item></channel></rss>"
    )
    fixed = ET.fromstring(valid_rss(broken).encode("utf-8")).find("channel")
    assert fixed.find("image") is None
    item = fixed.find("item")
    assert [a.text for a in item.findall("author")] == ["desk@example.org (Desk)"]
    assert [c.text for c in item.findall(DC_CREATOR)] == ["MLPerf Wiki 编辑部"]
