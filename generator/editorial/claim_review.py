"""schema.org ClaimReview JSON-LD for the vendor and third-party figures an article quotes, so
that search engines read them as reviewed claims (``claim_markdown`` appends it).

What Google's ClaimReview guide and schema.org ask, and where each value comes from:

* ``url``: the page of the review with the anchor of the claim (Google: "the page URL plus an
  optional anchor link"): the claim's row of the article's claims table, ``#claim-<id>``. The
  renderer does not know the page's address, so it writes the anchor alone and the finishing
  step makes it absolute with the page's canonical address (``absolute_urls``).
* ``claimReviewed``: "a short summary of the claim": the article's sentence that quotes the
  figure, as a reader reads it (``claim_sentence``).
* ``itemReviewed``: the Claim, with ``appearance`` the source that made it (the claim's first
  source in ``data/claims.yaml``: its URL, title and publisher) and its date. A source whose URL
  is only its publisher's home page gives no ``url``: the claim does not appear there, and
  schema.org lets a CreativeWork be described without one (``source_url``).
* ``reviewRating``: a Rating whose ``alternateName`` is the verdict as the page shows it.
"""

from __future__ import annotations

import json
import re
from urllib.parse import urlsplit

from generator.editorial.articles import CLAIM_REFERENCE


def source_url(url: str) -> dict[str, str]:
    """``{"url": url}`` for the address of a page, ``{}`` for a bare home page (``https://x/``,
    path empty or ``/``), which does not show the claim."""
    return {"url": url} if urlsplit(url).path.strip("/") else {}


SCRIPT = re.compile(r'(<script type="application/ld\+json">)(.*?)(</script>)', re.S)
CANONICAL = re.compile(r'<link rel="canonical" href="([^"]+)"')
# Markdown a sentence of an article may hold, reduced to its text.
LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
FOOTNOTE = re.compile(r"\[\^[^\]]*\]")
EMPHASIS = re.compile(r"(\*{1,3}|_{2,3}|`)")
TAG = re.compile(r"<[^>]+>")
# A sentence ends at . ! ? followed by a space, or at Chinese full stops (no space after).
SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[^\s])|(?<=[。！？])")


def claim_sentence(markdown: str, position: int, values: dict[str, str]) -> str:
    """The plain text of the sentence of ``markdown`` at ``position`` (where a claim
    reference stands), with every claim reference replaced by its value (``values``, ``{claim
    id: shown value}``; an id not given is left out) and links, emphasis, footnote labels and
    tags reduced to their text."""
    start = markdown.rfind("\n\n", 0, position)
    end = markdown.find("\n\n", position)
    paragraph = markdown[start + 2 if start >= 0 else 0 : end if end >= 0 else len(markdown)]
    offset = position - (start + 2 if start >= 0 else 0)
    sentence, at = paragraph, 0
    for part in SENTENCE_END.split(paragraph):
        if at <= offset < at + len(part) + 1:
            sentence = part
            break
        at = paragraph.find(part, at) + len(part)
    text = CLAIM_REFERENCE.sub(lambda m: values.get(m.group(1), ""), sentence)
    for pattern, repl in ((LINK, r"\1"), (FOOTNOTE, ""), (TAG, ""), (EMPHASIS, "")):
        text = pattern.sub(repl, text)
    return " ".join(text.split())


def claim_reviews(views, sentences: dict[str, str] | None = None) -> str:
    """schema.org ClaimReview JSON-LD for vendor and third-party claims, safe inside
    ``<script>`` (``<``, ``>`` and ``&`` escaped as JSON unicode escapes).

    Args:
        views: ``verification.ClaimView`` of the article's claims, in order.
        sentences: ``{claim id: the article's sentence that quotes it}`` (``claim_sentence``);
            the figure alone where none is given.
    """
    items = []
    for view in views:
        if view.status not in ("vendor", "third-party"):
            continue
        source = view.registry.sources[view.claim.sources[0]]
        items.append(
            {
                "@context": "https://schema.org",
                "@type": "ClaimReview",
                "url": f"#claim-{view.claim_id}",
                "claimReviewed": (sentences or {}).get(view.claim_id) or f"{view.value}",
                "itemReviewed": {
                    "@type": "Claim",
                    "datePublished": source.date.isoformat(),
                    "appearance": {
                        "@type": "CreativeWork",
                        **source_url(source.url),
                        "headline": source.name(view.lang.code),
                        "datePublished": source.date.isoformat(),
                        "publisher": {"@type": "Organization", "name": source.publisher},
                    },
                    "author": {"@type": "Organization", "name": source.publisher},
                },
                "reviewRating": {"@type": "Rating", "alternateName": view.label},
                "author": {"@type": "Organization", "name": "MLPerf Wiki"},
            }
        )
    if not items:
        return ""
    text = json.dumps(items, ensure_ascii=False, sort_keys=True)
    for char in "<>&":
        text = text.replace(char, f"\\u{ord(char):04x}")
    return f'<script type="application/ld+json">{text}</script>\n'


def absolute_urls(page_html: str) -> str:
    """``page_html`` with the ``url`` of each ClaimReview (an anchor, ``#claim-<id>``) made
    absolute with the page's canonical address; unchanged without a canonical link or a
    ClaimReview."""
    canonical = CANONICAL.search(page_html)
    if canonical is None or '"ClaimReview"' not in page_html:
        return page_html
    base = canonical.group(1).replace("&amp;", "&")

    def fix(match: re.Match) -> str:
        items = json.loads(match.group(2))
        if not isinstance(items, list) or not any(
            isinstance(i, dict) and i.get("@type") == "ClaimReview" for i in items
        ):
            return match.group(0)
        for item in items:
            if str(item.get("url", "")).startswith("#"):
                item["url"] = base.split("#")[0] + item["url"]
        text = json.dumps(items, ensure_ascii=False, sort_keys=True)
        for char in "<>&":
            text = text.replace(char, f"\\u{ord(char):04x}")
        return match.group(1) + text + match.group(3)

    return SCRIPT.sub(fix, page_html)
