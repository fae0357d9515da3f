"""What ``check`` asks of the sentence around a claim: that it says of the figure what the
claim's derivation selects, in any of the three languages.

A sentence that quotes a claim and names a scenario, a benchmark, a round, a division or a
category must name one that a claim of the sentence selects (it may name others beside it, as
context: "the highest in all four rounds (v4.1 to v6.1)"): "in the Offline scenario
[[claim:x]]" with ``x`` derived from a Server result is refused (rule ``sentence-claim``). The
facets of a claim come from the records its derivation selects (``claim_facets``), never from
what an editor typed (``measures:``). An ``accelerators`` claim (a system's accelerator count)
has no benchmark or scenario: the count is the system's, whatever it ran.

A verification word (en "verified", zh 核验/验证/核实, it "verificat…") beside a claim MLCommons
did not verify is refused too (rule ``verification-words``): MLCommons verifies an official
result quoted as published (``guidelines.status_sentences`` gives its footnote "Result verified
by MLCommons Association."), nothing else. A negated word ("not verified", 未经…验证, "non
verificato") says the opposite and passes.

Sentences end at ``. ! ?`` followed by a space (en, it), at ``。！？`` (zh), at a blank line, a
heading or a list item. A mention matches only MLPerf's own names (scenarios as MLPerf spells
them, rounds ``v6.1``, benchmarks by the dataset's model names and their shorter forms such as
``Qwen3-VL`` or ``Llama 2 70B``), so prose that names none of them is never judged.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass
from functools import cache

from generator.data.schema import SCENARIOS, ResultRecord
from generator.editorial.articles import CLAIM_REFERENCE, PLAIN, Article
from generator.editorial.claims import Registry
from generator.editorial.guidelines import VERIFIED, status_sentences
from generator.errors import InputError
from generator.i18n.prose import mask_comments

# What a sentence may name, by the record field that holds it.
FACETS = {
    "scenario": "scenario",
    "benchmark": "model",
    "round": "round",
    "division": "division",
    "category": "category",
}
# Not prose: fenced code, code spans, link targets, HTML tags (claim references are kept).
NOT_PROSE = re.compile(
    r"^(?:```|~~~).*?^(?:```|~~~)[^\n]*$|`[^`\n]*`|\]\([^)\n]*\)|<[^>\n]+>",
    re.DOTALL | re.MULTILINE,
)
# Where a sentence ends: after . ! ? and a space (en, it), after 。！？ (zh), at a blank line,
# before a heading, a list item or a table row.
SENTENCE_END = re.compile(
    r"(?<=[.!?])\s+|(?<=[。！？])|\n\s*\n|\n(?=\s{0,3}(?:#|[-*+]\s|\d+[.)]\s|\|))"
)
LATIN = "A-Za-z0-9"

ROUND = re.compile(r"(?<![\w.])v\d+\.\d+(?![\d])")
DIVISION = {
    "en": re.compile(r"\b(closed|open)[ -]division|\bdivision\s+(closed|open)\b", re.I),
    "zh": re.compile(r"(封闭)组|(开放)组"),
    "it": re.compile(r"\bdivisione\s+(closed|open)\b", re.I),
}
DIVISION_VALUES = {"closed": "closed", "open": "open", "封闭": "closed", "开放": "open"}
CATEGORY = {
    "en": re.compile(
        r"\b(preview)\b|\b(available)\s+(?:category|systems?|results?|racks?"
        r"|products?)\b",
        re.I,
    ),
    "zh": re.compile(r"(预览)|(已上市)"),
    "it": re.compile(
        r"\b(anteprima)\b|\b(?:categoria|sistem[ai]|risultat[oi])\s+"
        r"(disponibil[ei])\b",
        re.I,
    ),
}
CATEGORY_VALUES = {
    "preview": "preview",
    "available": "available",
    "预览": "preview",
    "已上市": "available",
    "anteprima": "preview",
    "disponibile": "available",
    "disponibili": "available",
}
# Verification words and, before them in the same clause, what negates them.
VERIFY = {
    "en": re.compile(r"\bverif(?:y|ies|ied|ying|ication)\b", re.I),
    "zh": re.compile(r"核验|验证|核实"),
    "it": re.compile(r"\bverific\w*", re.I),
}
NEGATION = {
    "en": re.compile(r"(?:\b(?:not|never|no|without|cannot|nor)\b|n't)(?:\W+\w+){0,3}\W*$", re.I),
    "zh": re.compile(r"(?:未|没|不|非|无)[^，。；：！？,;]{0,20}$"),
    "it": re.compile(r"\b(?:non|mai|senza|né)\b(?:\W+\w+){0,3}\W*$", re.I),
}


@dataclass(frozen=True)
class Mention:
    """A name of ``facet`` (a key of ``FACETS``) at ``start`` of a sentence; ``values`` are
    the record values it may stand for (``Qwen3-VL`` stands for every qwen3-vl model)."""

    facet: str
    words: str
    values: frozenset[str]
    start: int


@cache
def benchmark_names(models: frozenset[str]) -> tuple[re.Pattern, dict[str, frozenset[str]]]:
    """A pattern for the names an article may give the dataset's ``models`` and, by the
    lowercase name without separators, the models each stands for: the model's name and its
    shorter forms at a hyphen (``qwen3-vl`` of ``qwen3-vl-235b-a22b``), at least two parts or
    a first part with a digit (``llama2``), so that an English word ("stable") is no name. A
    separator may be a space or a hyphen, and a space may part letters from digits
    (``Llama 2 70B`` is ``llama2-70b``)."""
    stands: dict[str, set[str]] = defaultdict(set)
    for model in models:
        parts = model.split("-")
        for n in range(1, len(parts) + 1):
            if (
                n == len(parts)
                or n >= 2
                or re.search(r"\d", parts[0])
                and re.search(r"[a-z]", parts[0])
            ):
                stands[_key("-".join(parts[:n]))].add(model)
    names = {
        "-".join(p)
        for model in models
        for p in (model.split("-")[:n] for n in range(1, len(model.split("-")) + 1))
        if _key("-".join(p)) in stands
    }
    patterns = []
    for name in sorted(names, key=len, reverse=True):
        text = re.escape(name).replace(r"\-", "[-\\s]")
        text = re.sub(r"(?<=[a-z])(?=\d)", r"[-\\s]?", text)
        patterns.append(text)
    pattern = re.compile(rf"(?<![{LATIN}.])(?:{'|'.join(patterns)})(?![{LATIN}]|\.\d)", re.I)
    return pattern, {k: frozenset(v) for k, v in stands.items()}


def _key(name: str) -> str:
    return re.sub(r"[^a-z0-9.]", "", name.lower())


def mentions(text: str, lang: str, models: frozenset[str]) -> list[Mention]:
    """The scenarios, rounds, divisions, categories and benchmarks ``text`` names."""
    found = []
    for scenario in SCENARIOS:
        for m in re.finditer(rf"(?<![{LATIN}_-]){scenario}(?![{LATIN}_-])", text):
            found.append(Mention("scenario", scenario, frozenset({scenario}), m.start()))
    for m in ROUND.finditer(text):
        found.append(Mention("round", m.group(0), frozenset({m.group(0)}), m.start()))
    for table, facet, values in (
        (DIVISION, "division", DIVISION_VALUES),
        (CATEGORY, "category", CATEGORY_VALUES),
    ):
        for m in table[lang].finditer(text):
            word = next(g for g in m.groups() if g)
            found.append(Mention(facet, m.group(0), frozenset({values[word.lower()]}), m.start()))
    pattern, stands = benchmark_names(models)
    for m in pattern.finditer(text):
        models_named = stands.get(_key(m.group(0)))
        if models_named:
            found.append(Mention("benchmark", m.group(0), models_named, m.start()))
    return found


def claim_facets(formula: str, records: tuple[ResultRecord, ...]) -> dict[str, frozenset[str]]:
    """What a claim's records are, by facet: their scenarios, models, rounds, divisions and
    categories. A system's accelerator count (formula ``accelerators``) belongs to no
    benchmark or scenario."""
    facets = {
        facet: frozenset(str(getattr(r, field)) for r in records) for facet, field in FACETS.items()
    }
    if formula == "accelerators":
        del facets["scenario"], facets["benchmark"]
    return facets


def sentences(post: Article) -> list[tuple[int, str]]:
    """The prose of ``post`` cut into sentences: ``(offset in the body, text)``, with code,
    link targets and HTML blanked and ``[[plain:…]]`` marks kept as their text (offsets keep
    their places)."""
    blank = lambda m: re.sub(r"[^\n]", " ", m.group(0))  # noqa: E731
    body = NOT_PROSE.sub(blank, mask_comments(post.body))
    body = PLAIN.sub(lambda m: " " * 8 + m.group(1) + "  ", body)
    out, start = [], 0
    for end in SENTENCE_END.finditer(body):
        out.append((start, body[start : end.start()]))
        start = end.end()
    out.append((start, body[start:]))
    return [(s, text) for s, text in out if "[[claim:" in text]


def verified_by_mlcommons(claim, status: str | None) -> bool:
    """True for a claim whose footnote says "Result verified by MLCommons Association."
    (``status``: its computed or typed status; None when its derivation does not resolve)."""
    formula = claim.derivation.formula if claim.derivation else None
    return status_sentences(status or claim.status, formula) == [VERIFIED]


def check_sentences(
    registry: Registry,
    posts: list[Article],
    facets_of: dict[str, dict[str, frozenset[str]]],
    models: frozenset[str],
    statuses: dict[str, str] | None = None,
) -> list[InputError]:
    """Every sentence that names another scenario, benchmark, round, division or category than
    the claims it quotes (``facets_of``: claim id -> ``claim_facets``, for the claims whose
    derivation resolved), and every verification word beside a claim MLCommons did not verify,
    with the file line of the word and the fix. ``models``: the dataset's model names;
    ``statuses``: claim id -> the status computed from its results (``recomputation.figure``),
    for the claims whose derivation resolved."""
    statuses = statuses or {}
    errors = []
    for post in posts:
        code = post.lang.code
        for offset, text in sentences(post):
            refs = [
                (m.start(), m.end(), m.group(1))
                for m in CLAIM_REFERENCE.finditer(text)
                if m.group(1) in registry.claims
            ]
            if not refs:
                continue

            def line(at, offset=offset):
                return post.body_line + post.body.count("\n", 0, offset + at)

            # Claim references are not prose: a mention inside one (an id) is none.
            prose = CLAIM_REFERENCE.sub(lambda m: " " * len(m.group(0)), text)
            by_facet: dict[str, list[Mention]] = defaultdict(list)
            for mention in mentions(prose, code, models):
                by_facet[mention.facet].append(mention)
            for facet, named in by_facet.items():
                known = [
                    (cid, facets_of[cid][facet])
                    for _, _, cid in refs
                    if cid in facets_of and facet in facets_of[cid]
                ]
                # A sentence may name other rounds or benchmarks beside the claim's, as
                # context ("v4.1 to v6.1"); it may not name only others.
                if not known or any(m.values & values for m in named for _, values in known):
                    continue
                mention, what = named[0], facet
                these = "; ".join(
                    f"claim '{cid}' is of the {what} {', '.join(sorted(v))}" for cid, v in known
                )
                errors.append(
                    InputError(
                        post.path,
                        f"line {line(mention.start)}",
                        None,
                        f"the sentence names the {what} '{mention.words}', but {these} (from the "
                        "results its derivation selects): a figure must be read as what it "
                        f"measures; name its {what} in the sentence, or quote a claim whose "
                        f"derivation selects {mention.words}",
                    )
                )
            for word in VERIFY[code].finditer(prose):
                if NEGATION[code].search(prose[: word.start()]):
                    continue
                nearest = min(
                    refs, key=lambda r: min(abs(word.start() - r[1]), abs(r[0] - word.end()))
                )[2]
                claim = registry.claims[nearest]
                status = statuses.get(nearest, claim.status)
                if verified_by_mlcommons(claim, status):
                    continue
                errors.append(
                    InputError(
                        post.path,
                        f"line {line(word.start())}",
                        None,
                        f"'{word.group(0)}' beside claim '{nearest}', which MLCommons did not "
                        f"verify (status {status}"
                        + (f", formula {claim.derivation.formula}" if claim.derivation else "")
                        + "): only an official result quoted as published is verified by "
                        "MLCommons; its flag says what the figure is, so drop the word, or say "
                        "that it is not verified",
                    )
                )
    return errors
