"""Result IDs in article prose come from claims, never typed (rule ``typed-result-id``).

A result ID an editor types ("result ID 6.1-0027") names a string, not a result: when MLCommons
publishes the official IDs of a round whose IDs this project derived, the same text may name
another system, and the sentence silently changes meaning (``identity.Superseded``). Written as
``[[id:CLAIM]]`` (``[[id:CLAIM:N]]`` for the N-th result a claim selects), the ID is rendered
from the claim's selected result (``verification.result_reference``): the official ID once
published, the derived one with its ``†`` until then, and the claim follows the result through
any import (``claims.rebind``).

``typed_result_ids`` refuses every ID typed in the prose of an article, in any language,
outside code (fenced blocks and code spans), HTML comments, link addresses and HTML tags, with
the claim to use and the exact text to write.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from generator.data.identity import Superseded
from generator.data.schema import ResultRecord
from generator.editorial.article_markdown import parse
from generator.editorial.articles import ID_REFERENCE, Article
from generator.editorial.claims import Registry
from generator.errors import InputError
from generator.i18n.prose import mask_comments

# A result ID as an editor types it (``6.1-0027``, ``v4.1-0050``), not inside a longer Latin
# token; Chinese text may touch it (结果编号6.1-0027).
TYPED_RESULT_ID = re.compile(r"(?<![A-Za-z0-9_.\-/])v?(\d+\.\d+)-(\d{4,})(?![A-Za-z0-9_\-])")
# What is not prose: fenced code (indented too: in a list, an admonition or <details>), code
# spans, link addresses, HTML tags and autolinks, and the references of claims and IDs.
NOT_PROSE = re.compile(
    r"^[ \t]*(`{3,}|~{3,})[^\n]*\n.*?^[ \t]*\1[^\n]*$"
    r"|(`+)[^\n]*?(?<!`)\2(?!`)"
    r"|\]\([^)\n]*\)|<[^>\n]+>"
    r"|\[\[(?:claim|plain|id):[^\]\n]*\]\]",
    re.DOTALL | re.MULTILINE,
)


def _blank(match: re.Match) -> str:
    return re.sub(r"[^\n]", " ", match.group(0))


def prose_ids(body: str) -> list[tuple[int, str, str]]:
    """Every result ID typed in the prose of ``body`` (an article's Markdown after its front
    matter) as ``(0-based line, round "v6.1", canonical ID "6.1-0027")``, in order."""
    masked = NOT_PROSE.sub(_blank, mask_comments(body))
    return [
        (masked.count("\n", 0, m.start()), f"v{m.group(1)}", f"{m.group(1)}-{m.group(2)}")
        for m in TYPED_RESULT_ID.finditer(masked)
    ]


def selections(
    registry: Registry, selected: dict[str, list[ResultRecord]]
) -> dict[tuple[str, str], list[tuple[str, int]]]:
    """``{(round, canonical result ID): [(claim id, N)]}``: the claims that select each result,
    N its 1-based place among the distinct results the claim selects (as
    ``verification.selected_record`` counts them); ``selected`` holds each computed claim's
    recomputed records (claims that do not recompute are left out)."""
    out: dict[tuple[str, str], list[tuple[str, int]]] = {}
    for claim_id in registry.claims:
        distinct: list[tuple[str, str]] = []
        for record in selected.get(claim_id, ()):
            key = (record.round, record.result_id)
            if key not in distinct:
                distinct.append(key)
        for index, key in enumerate(distinct, start=1):
            out.setdefault(key, []).append((claim_id, index))
    return out


def reference_text(claim_id: str, index: int) -> str:
    """The text that renders the ``index``-th result of ``claim_id``: ``[[id:CLAIM]]`` for the
    first, ``[[id:CLAIM:N]]`` otherwise."""
    return f"[[id:{claim_id}]]" if index == 1 else f"[[id:{claim_id}:{index}]]"


def typed_result_ids(
    posts: Iterable[Article],
    registry: Registry,
    selected: dict[str, list[ResultRecord]],
    superseded: Superseded,
) -> list[InputError]:
    """One error per result ID typed in an article's prose (see the module's docstring), with
    the claim to use (one the article already quotes first, then one that selects that result
    alone) and the exact text to write; when no claim selects the result, how to add one. A
    derived ID that official IDs superseded is read as the system it was derived for, and the
    message says so."""
    chosen = selections(registry, selected)
    errors = []
    for post in posts:
        references = post.claim_references()
        quoted = {r.claim_id for r in references}
        by_line = {(r.line, r.claim_id) for r in references}
        for line, round_name, typed in prose_ids(post.body):
            meant = superseded.meant(round_name, typed)
            target = meant if meant else typed
            note = (
                f" ({typed} was the derived ID of that result until MLCommons published "
                f"{round_name}'s official IDs; it is {meant} now)"
                if meant
                else ""
            )
            candidates = sorted(
                chosen.get((round_name, target), []),
                # The claim the same line quotes, then one the article quotes, then any;
                # a claim of that result alone before a comparison's.
                key=lambda c: (
                    (post.body_line + line, c[0]) not in by_line,
                    c[0] not in quoted,
                    c[1] != 1,
                    c[0],
                ),
            )
            if candidates:
                claim_id, index = candidates[0]
                fix = (
                    f"write {reference_text(claim_id, index)} (claim '{claim_id}' selects it), "
                    "which shows the official ID once MLCommons publishes it and the derived "
                    "one with its † until then"
                )
            else:
                fix = (
                    f"no claim selects it: add one to data/claims.yaml (derivation: formula: "
                    f"result, results: [{{round: {round_name}, model: ..., scenario: ..., "
                    f"result_id: {target}}}]) and write [[id:NEW-CLAIM]]"
                )
            errors.append(
                InputError(
                    post.path,
                    f"line {post.body_line + line}",
                    None,
                    f"result ID {typed} typed in the prose{note}: a typed ID names a string, "
                    f"which an import of official IDs can give to another system; {fix} "
                    "(in code, `" + typed + "` stays as written)",
                )
            )
    return errors


def ids_in_references(
    posts: Iterable[Article], registry: Registry, selected: dict[str, list[ResultRecord]]
) -> list[InputError]:
    """One error per ``[[id:CLAIM]]`` / ``[[id:CLAIM:N]]`` that renders nothing: an unknown
    claim, a claim that selects no result (a quoted figure), or fewer than N results."""
    errors = []
    for post in posts:
        body = mask_comments(post.body)
        for match in ID_REFERENCE.finditer(body):
            claim_id, index = match.group(1), int(match.group(2) or 1)
            line = post.body_line + body.count("\n", 0, match.start())
            if claim_id not in registry.claims:
                problem = registry.unknown(claim_id)
            else:
                count = len({(r.round, r.result_id) for r in selected.get(claim_id, ())})
                if 0 < index <= count:
                    continue
                problem = (
                    f"claim '{claim_id}' selects no official result (a quoted figure has no "
                    "result ID)"
                    if count == 0
                    else f"claim '{claim_id}' selects {count} result(s), not a result {index}: "
                    + ", ".join(reference_text(claim_id, i) for i in range(1, count + 1))
                )
            errors.append(
                InputError(post.path, f"line {line}", None, f"{match.group(0)}: {problem}")
            )
    return errors


def references_in_raw_html(posts: Iterable[Article]) -> list[InputError]:
    """One error per claim or ID reference written inside raw HTML (``<details>``, ``<div>``):
    Markdown passes raw HTML through as written, so the reader would see ``[[claim:ID]]``
    (``article_markdown.Parsed.raw_references``)."""
    return [
        InputError(
            post.path,
            f"line {post.body_line + line}",
            None,
            f"{reference} is inside raw HTML, which Markdown shows as written: write a "
            "collapsible block as '??? note \"Title\"' (its text indented by four spaces) or "
            "an admonition ('!!! note'), where references render",
        )
        for post in posts
        for reference, line in parse(post.body).raw_references
    ]
