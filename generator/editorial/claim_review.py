"""schema.org ClaimReview JSON-LD for the vendor and third-party figures an article quotes, so
that search engines read them as reviewed claims (``verification.render_article`` appends it)."""

from __future__ import annotations

import json


def claim_reviews(views) -> str:
    """schema.org ClaimReview JSON-LD for vendor and third-party claims, safe inside
    ``<script>`` (``<``, ``>`` and ``&`` escaped as JSON unicode escapes)."""
    items = []
    for view in views:
        if view.claim.status not in ("vendor", "third-party"):
            continue
        source = view.registry.sources[view.claim.sources[0]]
        items.append({
            "@context": "https://schema.org", "@type": "ClaimReview",
            "claimReviewed": f"{view.value}",
            "itemReviewed": {"@type": "Claim", "datePublished": source.date.isoformat(),
                             "appearance": {"@type": "CreativeWork", "url": source.url,
                                            "headline": source.name(view.lang.code)},
                             "author": {"@type": "Organization", "name": source.publisher}},
            "reviewRating": {"@type": "Rating", "alternateName": view.label},
            "author": {"@type": "Organization", "name": "MLPerf Wiki"},
        })
    if not items:
        return ""
    text = json.dumps(items, ensure_ascii=False, sort_keys=True)
    for char in "<>&":
        text = text.replace(char, f"\\u{ord(char):04x}")
    return f'<script type="application/ld+json">{text}</script>\n'
