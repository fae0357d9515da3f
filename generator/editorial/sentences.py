"""What ``check`` asks of the sentence around a claim: that it says of the figure what the
claim's derivation selects, in any of the three languages.

A name of a scenario, a benchmark, a round, a division or a category is judged against the
claim that governs it (``governed``): the sentence is cut into clauses at commas, semicolons,
colons, parentheses and the conjunctions that open a clause (``CONJUNCTION``: "while", "and",
mentre, 而…), and a name belongs to the claim of its own clause, else to the next claim of its
part of the sentence (semicolons and colons part it), else to the one before. A name in the
claim's own clause must be what the claim is: "Server results aside, in the Offline scenario X
reached [[claim:s]]" with ``s`` a Server result is refused. Names in the clauses around it are
its context and must include it ("the highest in all four rounds (v4.1 to v6.1), …"; "Unlike
the preview racks, this available system reached …"). So a sentence comparing two claims of
different scenarios passes when each scenario is named beside its own claim (rule
``sentence-claim``). The facets of a claim come from the records its derivation selects
(``claim_facets``), never from what an editor typed. An ``accelerators`` claim (a system's
accelerator count) has no benchmark or scenario: the count is the system's, whatever it ran.

A verification word (en "verified", "verifiable"; zh 核验/验证/核实/认证; it "verificato/a/i/e",
"verifica", "verificò"…) governed by a claim MLCommons did not verify is refused too (rule
``verification-words``): MLCommons verifies an official result quoted as published
(``guidelines.status_sentences`` gives its footnote "Result verified by MLCommons
Association."), nothing else. A negated word ("not verified", 未经…验证, "non verificato",
"nessuna verifica") says the opposite and passes.

Sentences end at ``. ! ?`` followed by a space (en, it), at ``。！？`` (zh), at a blank line, a
heading or a list item. A mention matches only MLPerf's own names (scenarios as the dataset's
vocabulary spells them, rounds ``v6.1`` or a span ``v4.1 to v6.1``, benchmarks by the dataset's
model names and their shorter forms such as ``Qwen3-VL`` or ``Llama 2 70B``, divisions and
categories by their names in each language's catalog), so prose that names none of them is
never judged.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass
from functools import cache

from generator.data.schema import DIVISIONS, SCENARIOS, ResultRecord, round_key
from generator.editorial.articles import CLAIM_REFERENCE, ID_REFERENCE, PLAIN, Article
from generator.editorial.claims import Registry
from generator.editorial.guidelines import VERIFIED, status_sentences
from generator.errors import InputError
from generator.i18n.catalogs import translations
from generator.i18n.languages import language
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
# What a sentence quotes rather than says: ``[[claim:…]]`` and ``[[id:…]]``.
REFERENCES = re.compile(f"{CLAIM_REFERENCE.pattern}|{ID_REFERENCE.pattern}")
# Where a sentence ends: after . ! ? and a space (en, it), after 。！？ (zh), at a blank line,
# before a heading, a list item or a table row.
SENTENCE_END = re.compile(
    r"(?<=[.!?])\s+|(?<=[。！？])|\n\s*\n|\n(?=\s{0,3}(?:#|[-*+]\s|\d+[.)]\s|\|))"
)
LATIN = "A-Za-z0-9"

# A round, or a span of rounds ("v4.1 to v6.1", "v4.1–v6.1", "da v4.1 a v6.1", "v4.1 至 v6.1"):
# a span names every round in it, so the claim's round inside it is named.
ROUND = re.compile(
    r"(?<![\w.])(v\d+\.\d+)(?:\s*(?:to|through|–|—|-|a|al|fino a|至|到)\s*(v\d+\.\d+))?(?![\d])"
)
# How each language names a division or a category in prose, around its name in the
# language's message catalog ({w}: the translation of vocabulary.yaml's value, e.g. 封闭组,
# anteprima): an English "available" or an Italian "disponibile" names the category only beside
# a noun that it qualifies, so that "available on request" is no mention.
DIVISION_FRAMES = {
    "en": (r"\b{w}[ -]division\b", r"\bdivision\s+{w}\b"),
    "zh": ("{w}",),
    "it": (r"\bdivisione\s+{w}\b",),
}
CATEGORY_FRAMES = {
    "en": {
        "preview": r"\b{w}\b",
        "available": r"\b{w}\s+(?:category|systems?|results?|racks?|products?)\b",
    },
    "zh": {"preview": "{w}", "available": "{w}"},
    "it": {
        "preview": r"\b{w}\b",
        "available": r"\b(?:categoria|sistem[ai]|risultat[oi])\s+{w}\b",
    },
}


@cache
def named_values(code: str) -> tuple[tuple[str, str, re.Pattern], ...]:
    """``(facet, value, pattern)`` for each division and category ``code``'s prose can name,
    from vocabulary.yaml's values and their translations in the language's catalog (an Italian
    adjective in -e names its plural in -i too: risultati disponibili)."""
    gettext = translations(language(code)).gettext
    out = []
    for facet, frames in (
        ("division", {v: DIVISION_FRAMES[code] for v in DIVISIONS}),
        ("category", {v: (f,) for v, f in CATEGORY_FRAMES[code].items()}),
    ):
        for value, patterns in frames.items():
            word = re.escape(gettext(value))
            if code == "it" and word.endswith("e"):
                word = word[:-1] + "[ei]"
            for frame in patterns:
                out.append((facet, value, re.compile(frame.format(w=word), re.I)))
    return tuple(out)


# Verification words and, before them in the same clause, what negates them. Every word that
# says a figure was checked by someone other than its author says what only MLCommons' review
# of an official result can: confirmed, audited (MLCommons' word for its review, Italian
# "revisionato" in the glossary), reviewed, validated, certified, attested.
VERIFY = {
    "en": re.compile(
        r"\b(?:verif(?:y|ies|ied|ying|ications?|iab(?:le|ly))|confirm(?:s|ed|ing|ations?)?"
        r"|audit(?:s|ed|ing)?|(?:peer-)?reviewed|validat(?:e|es|ed|ing|ions?)"
        r"|certif(?:y|ies|ied|ying|ications?|icates?)|attest(?:s|ed|ing|ations?)?"
        r"|checked|approved)\b",
        re.I,
    ),
    # 认证 (certified), 确认 (confirmed), 审核 and 审计 (audited), 证实 (proven) say the same of a
    # figure as 验证.
    "zh": re.compile(r"核验|验证|核实|认证|确认|审核|审计|证实|核准|检验"),
    "it": re.compile(
        r"\b(?:verific|conferm|certific|convalid|validat|revisionat|attestat|controllat"
        r"|approvat)\w*",
        re.I,
    ),
}
# A negation stands right before the word it negates, with only such words between them as
# leave it negated ("not yet independently verified", "未经 MLCommons 核验", "non è stata
# verificata"): "not just audited", "no more than an audited figure", 不超过经审核的, 无疑已经审核
# and "non solo revisionata" say the figure was checked.
_BETWEEN = {
    "en": r"(?:been|be|being|is|was|were|are|has|have|had|yet|ever|so\s+far|independently|"
    r"formally|officially|fully|by|an?|the|MLCommons(?:'s?)?|its|their|it|them)",
    "it": r"(?:è|e'|sono|era|stat[oaie]|essere|viene|vengono|ha|hanno|l'ha|l'hanno|l[oaie]|"
    r"ancora|mai|da|dal|della|di|MLCommons|ufficialmente|formalmente|alcun[oa]?|una?)",
}
# Words and the negation between them are parted by spaces (or an apostrophe), never by
# punctuation: in "Only a company figure? No, MLCommons audited it" the "No" negates nothing.
NEGATION = {
    "en": re.compile(
        r"(?:\b(?:not|never|no|nobody|no\s+one|none|without|cannot|nor|yet\s+to|far\s+from)"
        rf"|n't)(?:\s+{_BETWEEN['en']})*\s*$"
        r"|\bnon-$|\bun$",  # "a non-audited figure", "un-audited"
        re.I,
    ),
    # 未经 (not through), 尚未, 没有 (经过), 无法, 无人 (nobody), 并未 (对其进行) … then at most
    # "MLCommons" and 独立 (independently), before the word.
    "zh": re.compile(
        # 无一不 and 无不 (without exception) negate the negation: "all were audited".
        r"(?<!无一)(?<!无)(?:未|没有|没|从未|并未|尚未|无法|无人|不能|不|非|无)\s*"
        r"(?:对其|对它|对该数字)?\s*(?:进行|经过|经|被|由|获得|得到)?\s*"
        r"(?:MLCommons\s*(?:的)?)?\s*(?:独立|正式)?\s*$"
    ),
    "it": re.compile(
        rf"\b(?:non|mai|senza|né|nessun[oa]?)\b(?:['\s]+{_BETWEEN['it']})*['\s]*$", re.I
    ),
}


# What a figure is counted over: per accelerator, or for the whole system under test. A
# sentence that says one of a claim whose derivation computes the other misreads the figure
# 72-fold on a rack (the fresh-clone review: "the full rack delivered [16,435 tokens/s] in total").
# A product code after "per" ("per MI355X", "per GB300"): a capital, and a digit in the word.
_PER_PRODUCT = r"\bper (?-i:[A-Z])(?=[\w-]*\d)[\w-]+"
PER_ACCELERATOR = {
    "en": re.compile(
        r"\bper[- ](?:accelerator|GPU|chip|device)s?\b"
        r"|\b(?:for|on|of) (?:each|every) (?:accelerator|GPU|chip)\b|" + _PER_PRODUCT,
        re.I,
    ),
    "zh": re.compile(
        r"每(?:个|张|块|颗)?\s*(?:加速器|GPU|卡|芯片)|单(?:个|张|块|颗)?\s*(?:加速器|卡|芯片)"
    ),
    "it": re.compile(
        r"\bper (?:ogni |ciascun[oa]? )?(?:acceleratore|GPU|chip)\b|" + _PER_PRODUCT, re.I
    ),
}
WHOLE_SYSTEM = {
    "en": re.compile(
        r"\b(?:in total|a total of|in aggregate|combined|all together|altogether"
        r"|(?:across|for) the (?:whole|entire) (?:rack|system|cluster|fleet))\b",
        re.I,
    ),
    "zh": re.compile(r"总共|合计|总计|一共|加起来|整个(?:机柜|系统|集群)"),
    "it": re.compile(
        r"\b(?:in totale|complessivamente|nel complesso|in tutto"
        r"|(?:l'|dell'|sull')inter[oa] (?:rack|sistema|cluster))\b",
        re.I,
    ),
}


def counted_per_accelerator(claim) -> bool | None:
    """Whether ``claim``'s figure is counted per accelerator (formula ``per_accelerator``, or a
    ratio of figures per accelerator), for the whole system (any other formula of results), or
    None when it has no derivation (a quoted figure: the source says what it counts)."""
    derivation = claim.derivation
    if derivation is None or derivation.formula in ("accelerators", "scaling_efficiency"):
        return None
    if derivation.formula == "ratio":
        return True if derivation.of == "per_accelerator" else None
    return derivation.formula == "per_accelerator"


# Where a clause ends: a semicolon or a colon parts the sentence ("part"), a comma, a dash
# between spaces or a parenthesis ends a clause ("comma"), and a conjunction opens the next
# one, which it belongs to (no group).
_PART = r"(?P<part>[;:；：]\s*)"
_COMMA = r"(?P<comma>[,，、()（）]\s*|\s[–—-]\s)"
CONJUNCTION = {
    "en": r"\b(?:while|whereas|but|and|or|against|versus|vs\.?|compared (?:with|to)"
    r"|than|unlike)\b",
    "zh": r"而|但|和|与|或|即|相比|对比|比起|不同于",
    "it": r"\b(?:mentre|ma|e|ed|o|oppure|cioè|ossia|ovvero|contro|rispetto a|invece"
    r"|a differenza d(?:i|el\w*|ei|egli))\b",
}
OPENS = {code: re.compile(words, re.I) for code, words in CONJUNCTION.items()}
CLAUSE_END = {
    code: re.compile(f"{_PART}|{_COMMA}|(?<!^)(?={words})", re.I)
    for code, words in CONJUNCTION.items()
}


@dataclass(frozen=True)
class Mention:
    """A name of ``facet`` (a key of ``FACETS``) at ``start`` of a sentence; ``values`` are
    the record values it may stand for (``Qwen3-VL`` stands for every qwen3-vl model)."""

    facet: str
    words: str
    values: frozenset[str]
    start: int
    # A span of rounds ("v4.1 to v6.1"): its first and last round.
    span: tuple[str, str] | None = None

    def names(self, values: frozenset[str]) -> bool:
        """Whether this mention names one of ``values`` (a claim's values of its facet)."""
        if self.values & values:
            return True
        if self.span is None:
            return False
        low, high = sorted(self.span, key=round_key)
        return any(round_key(low) <= round_key(v) <= round_key(high) for v in values)


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
        first, last = m.group(1), m.group(2)
        span = (first, last) if last else None
        values = frozenset({first, last} if last else {first})
        found.append(Mention("round", m.group(0), values, m.start(), span))
    for facet, value, pattern in named_values(lang):
        for m in pattern.finditer(text):
            found.append(Mention(facet, m.group(0), frozenset({value}), m.start()))
    pattern, stands = benchmark_names(models)
    for m in pattern.finditer(text):
        models_named = stands.get(_key(m.group(0)))
        if models_named:
            found.append(Mention("benchmark", m.group(0), models_named, m.start()))
    return found


def claim_facets(formula: str, records: tuple[ResultRecord, ...]) -> dict[str, frozenset[str]]:
    """What a claim's records are, by facet: their scenarios, models, rounds, divisions,
    categories and accelerator counts (``accelerators``). A system's accelerator count
    (formula ``accelerators``) belongs to no benchmark or scenario."""
    facets = {
        facet: frozenset(str(getattr(r, field)) for r in records) for facet, field in FACETS.items()
    }
    if formula == "accelerators":
        del facets["scenario"], facets["benchmark"]
    # Not a name a sentence says, but what its figure counts: a system of one accelerator's
    # figure is also per accelerator (check_sentences).
    facets["accelerators"] = frozenset(str(r.total_accelerators) for r in records)
    return facets


def sentences(post: Article) -> list[tuple[int, str]]:
    """The prose of ``post`` cut into sentences: ``(offset in the body, text)``, with code,
    link targets, HTML and ``[[plain:…]]`` marks blanked (offsets keep their places): a plain
    mark is a number that is not a claim (``Llama [[plain:3.1]]``), never a name the rule
    reads, and its dots end no sentence."""
    blank = lambda m: re.sub(r"[^\n]", " ", m.group(0))  # noqa: E731
    body = NOT_PROSE.sub(blank, mask_comments(post.body))
    body = PLAIN.sub(blank, body)
    out, start = [], 0
    for end in SENTENCE_END.finditer(body):
        out.append((start, body[start : end.start()]))
        start = end.end()
    out.append((start, body[start:]))
    return out


# A sentence that points back at the figure of the sentence before it ("MLCommons audited
# this."): its verification word is said of that figure.
POINTS_BACK = {
    "en": re.compile(r"\b(?:this|that|it|these|those|the (?:figure|number|claim|result))\b", re.I),
    # (因此 "therefore" and 其他 "other" point at nothing.)
    "zh": re.compile(
        r"这一?(?:数字|数据|结果|成绩|说法)|该(?:数字|数据|结果|成绩|说法)|(?<![因彼如])此"
    ),
    "it": re.compile(
        r"\b(?:questo|questa|quest'|ciò|l'ha|l'hanno|lo ha|la cifra|il dato|il risultato)", re.I
    ),
}


def verification_words(text: str, code: str) -> list[re.Match]:
    """The verification words of ``text`` (``VERIFY``) that no negation before them negates
    (``NEGATION``)."""
    return [w for w in VERIFY[code].finditer(text) if not NEGATION[code].search(text[: w.start()])]


def _said_after(
    post: Article,
    before: tuple[int, str] | None,
    at: int,
    text: str,
    registry: Registry,
    statuses: dict[str, str],
) -> list[InputError]:
    """The verification words of ``text``, a sentence at ``at`` that quotes no claim, when it
    points back (``POINTS_BACK``) at ``before``, the sentence before it in the same paragraph,
    whose last claim MLCommons did not verify: "… [[claim:vendor]]. MLCommons audited this."
    says of the vendor's figure what only MLCommons' review of an official result can."""
    if before is None or not POINTS_BACK[post.lang.code].search(text):
        return []
    before_at, before_text = before
    refs = [m.group(1) for m in CLAIM_REFERENCE.finditer(before_text)]
    if not refs or refs[-1] not in registry.claims or "\n\n" in post.body[before_at:at]:
        return []
    claim = registry.claims[refs[-1]]
    status = statuses.get(refs[-1], claim.status)
    if verified_by_mlcommons(claim, status):
        return []
    return [
        InputError(
            post.path,
            f"line {post.body_line + post.body.count(chr(10), 0, at + w.start())}",
            None,
            f"'{w.group(0)}' in the sentence after claim '{refs[-1]}', which MLCommons did not "
            f"verify (status {status}): the sentence says it of that figure; drop the word, or "
            "say that it is not verified",
        )
        for w in verification_words(text, post.lang.code)
    ]


def clauses(text: str, lang: str) -> list[tuple[int, int, int]]:
    """``text`` (one sentence) cut into clauses: ``(start, end, part)``, ``part`` numbering
    the parts between semicolons and colons (a stronger break than a comma). A clause ends at a
    comma (``,`` ``，`` ``、``), a semicolon, a colon, a dash between spaces or a parenthesis,
    and before a conjunction that opens another clause (``CONJUNCTION``)."""
    out, start, part = [], 0, 0
    for cut in CLAUSE_END[lang].finditer(text):
        if cut.start() > start:
            out.append((start, cut.start(), part))
        if cut.group("part"):
            part += 1
        start = cut.end() if cut.group("part") or cut.group("comma") else cut.start()
    out.append((start, len(text), part))
    return out


def governed(
    text: str, lang: str, refs: list[tuple[int, int, str]], found: list[Mention], judged
) -> dict[int, list[tuple[Mention, bool]]]:
    """Each mention of ``found`` attached to the claim reference (an index of ``refs``) that
    governs it, with whether it stands in that reference's own clause: the nearest reference
    of its clause, else the next one of its part of the sentence ("In the Server scenario, the
    system reached [[claim:x]]"), else the last before it in that part ("… [[claim:x]], in
    Server; …"), else the nearest in the sentence. ``judged(mention, claim_id)`` says whether a
    claim can govern a mention (an accelerator count has no scenario)."""
    cut = clauses(text, lang)

    def clause_of(at):
        return max(i for i, (s, _, _) in enumerate(cut) if s <= at or i == 0)

    out: dict[int, list[tuple[Mention, bool]]] = defaultdict(list)
    for mention in found:
        here = clause_of(mention.start)
        part = cut[here][2]
        able = [i for i, r in enumerate(refs) if judged(mention, r[2])]
        if not able:
            continue
        own = [i for i in able if clause_of(refs[i][0]) == here]
        same = [i for i in able if cut[clause_of(refs[i][0])][2] == part]
        after = [i for i in same if refs[i][0] > mention.start]
        before = [i for i in same if refs[i][0] < mention.start]

        def distance(i, at=mention.start):
            return min(abs(at - refs[i][0]), abs(at - refs[i][1]))

        # A clause that the next one leaves by a conjunction stays with the claim before it
        # ("… [[claim:x]], verified by MLCommons, or [[claim:y]] …").
        closed = (
            here + 1 < len(cut)
            and cut[here + 1][2] == part
            and OPENS[lang].match(text, cut[here + 1][0])
        )
        if own:
            out[min(own, key=distance)].append((mention, True))
        elif after and not (closed and before):
            out[after[0]].append((mention, False))
        elif before:
            out[before[-1]].append((mention, False))
        else:
            out[min(able, key=distance)].append((mention, False))
    return out


def disagreements(
    prose: str,
    lang: str,
    refs: list[tuple[int, int, str]],
    facets_of: dict[str, dict[str, frozenset[str]]],
    models: frozenset[str],
) -> list[tuple[Mention, str]]:
    """The mentions of ``prose`` (one sentence, claim references blanked; ``refs``: their
    ``(start, end, claim id)``) that say another scenario, benchmark, round, division or
    category than the claim governing them (``governed``), with the problem: a mention in the
    claim's own clause must name what the claim is; the others, its context, must include it
    ("Unlike the preview racks, this available system reached …"). A claim without a
    derivation governs the mentions near it and is not judged (it says nothing of them), so
    that a sentence comparing two claims names each one's scenario beside it."""

    def judged(mention, claim_id):
        return claim_id not in facets_of or mention.facet in facets_of[claim_id]

    out = []
    attached = governed(prose, lang, refs, mentions(prose, lang, models), judged)
    for index, named in sorted(attached.items()):
        claim_id = refs[index][2]
        if claim_id not in facets_of:
            continue
        for facet in FACETS:
            these = [(m, own) for m, own in named if m.facet == facet]
            if not these:
                continue
            values = facets_of[claim_id][facet]
            wrong = [m for m, own in these if own and not m.names(values)]
            if not wrong and any(m.names(values) for m, _ in these):
                continue
            mention = wrong[0] if wrong else these[0][0]
            where = "beside it" if wrong else "in the sentence"
            out.append(
                (
                    mention,
                    f"the sentence names the {facet} '{mention.words}', but claim "
                    f"'{claim_id}' is of the {facet} {', '.join(sorted(values))} (from the "
                    "results its derivation selects): a figure must be read as what it "
                    f"measures; name its {facet} {where}, or quote a claim whose derivation "
                    f"selects {mention.words}",
                )
            )
    return sorted(out, key=lambda found: found[0].start)


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
    derivation resolved), and every verification word beside a claim MLCommons did not verify
    (or in the sentence after it, pointing back: ``_said_after``), with the file line of the
    word and the fix. ``models``: the dataset's model names;
    ``statuses``: claim id -> the status computed from its results (``recomputation.figure``),
    for the claims whose derivation resolved."""
    statuses = statuses or {}
    errors = []
    for post in posts:
        code = post.lang.code
        previous = None
        for offset, text in sentences(post):
            before, previous = previous, (offset, text)
            if "[[claim:" not in text:
                errors += _said_after(post, before, offset, text, registry, statuses)
                continue
            refs = [
                (m.start(), m.end(), m.group(1))
                for m in CLAIM_REFERENCE.finditer(text)
                if m.group(1) in registry.claims
            ]
            if not refs:
                continue

            def line(at, offset=offset):
                return post.body_line + post.body.count("\n", 0, offset + at)

            # Claim and result-ID references are not prose: a mention inside one (a claim id
            # such as deepseek-r1-offline-ratio) is none. Blanked with a mark that no clause
            # break consumes.
            prose = REFERENCES.sub(lambda m: "\ufffc" * len(m.group(0)), text)
            errors += [
                InputError(post.path, f"line {line(mention.start)}", None, problem)
                for mention, problem in disagreements(prose, code, refs, facets_of, models)
            ]
            for pattern, per_accelerator, says in (
                (PER_ACCELERATOR[code], False, "per accelerator"),
                (WHOLE_SYSTEM[code], True, "for the whole system"),
            ):
                counted = [
                    Mention("counting", w.group(0), frozenset(), w.start())
                    for w in pattern.finditer(prose)
                ]
                for index, said in governed(prose, code, refs, counted, lambda *_: True).items():
                    nearest = refs[index][2]
                    if counted_per_accelerator(registry.claims[nearest]) is not per_accelerator:
                        continue
                    if facets_of.get(nearest, {}).get("accelerators") == frozenset({"1"}):
                        continue  # one accelerator: the system's figure is also its figure
                    errors += [
                        InputError(
                            post.path,
                            f"line {line(word.start)}",
                            None,
                            f"'{word.words}' says the figure is counted {says}, but claim "
                            f"'{nearest}' is "
                            + (
                                "a figure per accelerator"
                                if per_accelerator
                                else "the whole system's figure (formula "
                                f"{registry.claims[nearest].derivation.formula})"
                            )
                            + ": a figure must be read as what it counts; quote a claim that "
                            "counts it so (formula per_accelerator, or a ratio of: "
                            "per_accelerator), or drop the words",
                        )
                        for word, _ in said
                    ]
            words = [
                Mention("verification", w.group(0), frozenset(), w.start())
                for w in verification_words(prose, code)
            ]
            for index, said in governed(prose, code, refs, words, lambda *_: True).items():
                nearest = refs[index][2]
                claim = registry.claims[nearest]
                status = statuses.get(nearest, claim.status)
                if verified_by_mlcommons(claim, status):
                    continue
                errors += [
                    InputError(
                        post.path,
                        f"line {line(word.start)}",
                        None,
                        f"'{word.words}' beside claim '{nearest}', which MLCommons did not "
                        f"verify (status {status}"
                        + (f", formula {claim.derivation.formula}" if claim.derivation else "")
                        + "): only an official result quoted as published is verified by "
                        "MLCommons; its flag says what the figure is, so drop the word, or say "
                        "that it is not verified",
                    )
                    for word, _ in said
                ]
    return errors
