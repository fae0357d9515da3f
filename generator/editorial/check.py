"""``python -m generator check``: everything an editor can touch, validated in one pass.

It loads the results dataset, the claims registry, the authors and tags registries and every
article, then checks front matter, claim references, translations (the three languages of an
article quote the same claims, write no bare figure and translate the title) and each claim's
recomputation. Every problem is collected (not only the first) as ``file: line N: ...``.
``notes`` adds what is worth a look but fails nothing: outdated translations (from git
history) and preview claims whose product is overdue.
"""

from __future__ import annotations

import datetime as dt
import difflib
import re
import subprocess
from collections import defaultdict
from pathlib import Path

from generator.data.dataset import Dataset, load
from generator.data.schema import ResultRecord
from generator.editorial import registries as editorial
from generator.editorial.articles import Article, read_article, read_body
from generator.editorial.claims import Registry, claim_lines, load_registry, recompute, rounded
from generator.editorial.scaffold import BODY_PLACEHOLDERS, DESCRIPTION_PLACEHOLDER, WORKING_TITLE
from generator.errors import InputError, InputErrors
from generator.i18n.catalogs import translations
from generator.i18n.languages import LANGUAGES
from generator.i18n.style import check_language
from generator.results import families
from generator.results import preview_tracker as previews

REQUIRED_META = ("date", "authors", "tags", "slug", "description")
MARKDOWN_LINK = re.compile(r"\]\(([^)\s#]+?\.md)(?:#[^)\s]*)?\)")
SLUG = re.compile(r"^[a-z0-9][a-z0-9-]*$")
HAN = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")


def check(root: Path) -> tuple[Dataset, Registry, list[Article]]:
    """Validate the project under ``root``; return what was loaded.

    Raises:
        InputErrors: every problem found, each naming file, line and what to fix.
    """
    data = load(root / "data")
    registry = load_registry(root / "data" / "claims.yaml")
    authors_file, tags_file = root / "data" / "authors.yaml", root / "data" / "tags.yaml"
    errors: list[InputError] = []
    for registry_file, reader in ((authors_file, editorial.authors), (tags_file, editorial.tags)):
        reader.cache_clear()
        try:
            reader(registry_file)
        except InputError as exc:
            errors.append(exc)
    registry_errors = list(errors)
    posts = _read_all(root / "docs", errors)
    if not registry_errors:
        readable = [p for p in posts if p.meta]
        errors += check_articles(readable, authors_file, tags_file)
    errors += check_links(posts)
    errors += check_languages(posts)
    errors += check_claims(registry, posts, data, root / "data" / "claims.yaml")
    errors += check_language([p for p in posts if p.meta])  # glossary, Chinese punctuation
    if errors:
        raise InputErrors(errors)
    return data, registry, posts


def _read_all(docs: Path, errors: list[InputError]) -> list[Article]:
    """Every post; one whose front matter cannot be read is reported, and its body is still
    checked (``bodies_only``) so that one mistake hides no other."""
    posts = []
    for lang in LANGUAGES:
        for path in sorted((docs / lang.code / "blog" / "posts").glob("*.md")):
            try:
                posts.append(read_article(path, lang))
            except InputError as exc:
                errors.append(exc)
                posts.append(read_body(path, lang))
    return posts


def check_articles(posts: list[Article], authors_file: Path,
                   tags_file: Path) -> list[InputError]:
    """Front matter (known authors and tags, valid date, unique slug, same slug in every
    language) and translations (each article in every language)."""
    errors = []
    authors, tags = editorial.authors(authors_file), editorial.tags(tags_file)
    by_key: dict[str, dict[str, Article]] = defaultdict(dict)
    slugs: dict[tuple[str, str], Path] = {}
    for post in posts:
        by_key[post.key][post.lang.code] = post
        here = post.path

        def error(field, problem, post=post):
            errors.append(InputError(here, f"line {post.meta_line(field)}", field, problem))
        for field in REQUIRED_META:
            if not post.meta.get(field):
                error(field, "missing from the front matter")
        if post.meta.get("date") and post.date is None:
            error("date", f"expected a date like 2026-09-17, got {post.meta['date']!r}")
        for author in _as_list(post.meta.get("authors")):
            if author not in authors:
                error("authors", f"unknown author '{author}'; known: {', '.join(authors)} "
                                 f"({authors_file.name})")
        for tag in _as_list(post.meta.get("tags")):
            if editorial.tag_slug(str(tag), post.lang, tags_file) is None:
                names = ", ".join(t[post.lang.code] for t in tags.values())
                error("tags", f"unknown tag '{tag}' in {post.lang.code}; known: {names} "
                              f"({tags_file.name})")
        placeholders = [translations(post.lang).gettext(text) for text in
                        (DESCRIPTION_PLACEHOLDER, *BODY_PLACEHOLDERS)]
        if post.meta.get("description") == placeholders[0]:
            error("description", "still the new-article placeholder: write one sentence "
                                 "about the article")
        if post.title == WORKING_TITLE:
            heading = re.search(rf"^#\s+{WORKING_TITLE}", post.body, re.MULTILINE)
            line = post.body_line + post.body.count("\n", 0, heading.start())
            errors.append(InputError(here, f"line {line}", None,
                                     f"the title is still the new-article placeholder "
                                     f"'{WORKING_TITLE}'"))
        for text in placeholders[1:]:
            if text in post.body:
                line = post.body_line + post.body[:post.body.index(text)].count("\n")
                errors.append(InputError(here, f"line {line}", None,
                                         f"still the new-article placeholder '{text}'"))
        for field in ("authors", "tags"):
            if field in post.meta and not isinstance(post.meta[field], list):
                error(field, f"expected a list, e.g. {field}: [{post.meta[field]}]")
        slug = str(post.meta.get("slug") or "")
        if slug and not SLUG.match(slug):
            error("slug", f"'{slug}' must be lowercase ASCII letters, digits and hyphens")
        if slug and (post.lang.code, slug) in slugs:
            error("slug", f"'{slug}' is also used by {slugs[(post.lang.code, slug)]}")
        slugs[(post.lang.code, slug)] = here
    for key, versions in sorted(by_key.items()):
        some = next(iter(versions.values()))
        for lang in LANGUAGES:
            if lang.code not in versions:
                errors.append(InputError(some.path, None, None,
                                         f"no {lang.code} translation: expected "
                                         f"docs/{lang.code}/blog/posts/{key}.md"))
        slugs_by_lang = {code: v.meta.get("slug") for code, v in versions.items()}
        dates_by_lang = {code: v.date for code, v in versions.items()}
        for name, values in (("slug", slugs_by_lang), ("date", dates_by_lang)):
            if None in values.values() or len(set(values.values())) < 2:
                continue  # a missing value is reported above
            usual = max(set(values.values()), key=list(values.values()).count)
            for code, value in values.items():
                if value != usual:
                    post = versions[code]
                    errors.append(InputError(post.path, f"line {post.meta_line(name)}", name,
                                             f"translations must share {name} (the language "
                                             f"selector relies on it): {code} has {value}, "
                                             + ", ".join(f"{c} {v}" for c, v in values.items()
                                                         if c != code)))
        tag_sets = {code: frozenset(slug for t in _as_list(v.meta.get("tags"))
                                    if (slug := editorial.tag_slug(str(t), v.lang, tags_file)))
                    for code, v in versions.items()}
        if len(set(tag_sets.values())) > 1:
            union = frozenset().union(*tag_sets.values())
            for code, tags_here in tag_sets.items():
                if tags_here != union:
                    post = versions[code]
                    missing = ", ".join(sorted(str(t) for t in union - tags_here))
                    errors.append(InputError(post.path, f"line {post.meta_line('tags')}", "tags",
                                             f"lacks tags its translations carry: {missing} "
                                             f"(slugs in {tags_file.name})"))
    return errors


def _plain(value: float) -> str:
    """A number as an editor would type it: 5749440 -> "5,749,440", 0.99493 -> "0.9949"."""
    return f"{value:,.4f}".rstrip("0").rstrip(".")


def _as_list(value) -> list:
    return value if isinstance(value, list) else []


def check_links(posts: list[Article]) -> list[InputError]:
    """Relative Markdown links to pages (``[text](../../results/index.md)``) must name a file of
    the same language's docs folder, generated pages included (they are written by ``build``
    before MkDocs runs, so a link to a benchmark page is checked against the data instead)."""
    errors = []
    for post in posts:
        for match in MARKDOWN_LINK.finditer(post.body):
            target = (post.path.parent / match.group(1)).resolve()
            if not target.is_file():
                line = post.body_line + post.body.count("\n", 0, match.start())
                errors.append(InputError(post.path, f"line {line}", None,
                                         f"broken link '{match.group(1)}': no such page "
                                         f"({target})"))
    return errors


def change_events(paths: list[Path], root: Path) -> list[tuple[str, set[Path]]] | None:
    """The changes of ``paths`` in git history, oldest first: ``(what, files changed)`` for each
    commit touching any of them (``what`` = ``"commit 1a2b3c4 of 2026-11-30"``), then one last
    event, ``"uncommitted changes"``, with the files modified, staged or untracked in the work
    tree. Order comes from ``git log --topo-order``, not from commit or file times, so two
    commits in one second, or three files saved a moment apart, compare correctly. None outside
    a git work tree."""
    def git(*args):
        return subprocess.run(["git", *args], cwd=root, capture_output=True, text=True)
    if git("rev-parse", "--is-inside-work-tree").stdout.strip() != "true":
        return None
    by_name = {str(p.resolve().relative_to(root.resolve())): p for p in paths}
    log = git("log", "--topo-order", "--reverse", "--format=\x01%h %cs", "--name-only", "--",
              *by_name)
    events = []
    for commit in log.stdout.split("\x01")[1:]:
        what, *names = commit.strip().split("\n")
        events.append((f"commit {what.replace(' ', ' of ')}",
                       {by_name[n] for n in names if n in by_name}))
    status = git("status", "--porcelain", "--untracked-files=all", "-z", "--", *by_name)
    dirty = {by_name[e[3:]] for e in status.stdout.split("\0") if e[3:] in by_name}
    if dirty:
        events.append(("uncommitted changes", dirty))
    return events


def outdated_translations(posts: list[Article], root: Path) -> list[str]:
    """Language versions of an article that have not caught up with a change to another
    version, from git history (``change_events``), one note per outdated version, sorted by
    article: ``"docs/it/…md: translation outdated: docs/en/…md changed after it (commit
    1a2b3c4 of 2026-11-30); …"``. Empty outside a git work tree.

    The history is replayed in order. A change to a version that was up to date is an original
    change: every version not changed with it becomes outdated by it. A change to an outdated
    version is taken as its update (translation), which makes it current and outdates nobody;
    so editing the English text and then updating the Italian one leaves only the Chinese
    version outdated. Versions changed together (one commit, or all uncommitted) stay current.
    """
    events = change_events([p.path for p in posts], root)
    if events is None:
        return []
    by_key: dict[str, list[Article]] = defaultdict(list)
    for post in posts:
        by_key[post.key].append(post)
    notes = []
    for key, versions in sorted(by_key.items()):
        paths = {p.path for p in versions}
        behind: dict[Path, dict[Path, str]] = {path: {} for path in paths}  # source -> event
        for what, changed in events:
            changed = changed & paths
            originals = [path for path in changed if not behind[path]]
            for path in changed:
                behind[path] = {}
            for path in paths - changed:
                behind[path].update({source: what for source in originals})
        for post in versions:
            for source, what in sorted(behind[post.path].items()):
                notes.append(f"{_relative(post.path, root)}: translation outdated: "
                             f"{_relative(source, root)} changed after it ({what}); update "
                             "it (this note stays until the version changes)")
    return notes


def overdue_previews(registry: Registry, today: dt.date) -> list[str]:
    """Preview claims whose ``available_by`` is before ``today`` with neither ``confirmed`` nor
    ``retracted``: MLCommons' preview rule requires the product to be available by then, so
    the claim needs its outcome."""
    return [f"claim '{cid}': preview product was due by {c.preview.available_by.isoformat()} "
            "and no outcome is recorded; add preview.confirmed or preview.retracted with a date"
            for cid, c in sorted(registry.claims.items())
            if c.preview is not None and c.preview.overdue(today)]


def preview_followups(registry: Registry, records: list[ResultRecord]) -> list[str]:
    """Preview claims whose system the dataset now shows as available (``previews.track``: the
    same system, accelerator or processor from the same submitter in a later round), while the
    claim records no outcome: the editor should confirm it."""
    tracked = {r.location: p for p in previews.track(list(records)) for r in p.records}
    out = []
    for claim_id, claim in sorted(registry.claims.items()):
        if claim.status != "preview" or claim.derivation is None or (
                claim.preview is not None and claim.preview.phase != "open"):
            continue
        try:
            used = recompute(claim.derivation, list(records)).records
        except (LookupError, ValueError):
            continue  # check_claims reports it
        for record in used:
            found = tracked.get(record.location)
            if found is not None and found.status == previews.AVAILABLE:
                later = found.followed_by
                out.append(f"claim '{claim_id}': {record.system_name} ({record.submitter}, "
                           f"preview in {record.round}) is followed by an available result in "
                           f"{later.round}, {later.shown_id} ({later.system_name}); record "
                           "preview.confirmed if the product is available")
                break
    return out


def accelerators_without_family(records: list[ResultRecord]) -> list[str]:
    """Accelerators of the dataset that no family of ``generator/results/families.yaml`` lists (mixed
    systems excepted): their results are missing from the family pages until one does. A note,
    not an error: a new round with a new accelerator must still build."""
    missing = sorted({r.accelerator_id for r in records if r.accelerator_id
                      and not r.accelerator_mixed and families.family_of(r.accelerator_id) is None})
    return [f"accelerator '{a}' has no family in generator/results/families.yaml; add it to a family's "
            "generation so that the family pages show it" for a in missing]


def notes(registry: Registry, posts: list[Article], root: Path,
          today: dt.date | None = None, records: list[ResultRecord] = ()) -> list[str]:
    """What ``check`` prints as ``note:`` lines without failing: outdated translations, then
    overdue previews (``today`` defaults to the current date), then preview claims whose
    system the dataset now shows as available (``records``: the dataset)."""
    return (outdated_translations(posts, root)
            + overdue_previews(registry, today or dt.date.today())
            + preview_followups(registry, records)
            + accelerators_without_family(list(records)))


def _relative(path: Path, root: Path) -> str:
    try:
        return str(path.resolve().relative_to(root.resolve()))
    except ValueError:
        return str(path)


def check_languages(posts: list[Article]) -> list[InputError]:
    """The language versions of each article agree:

    * every version quotes the same set of claims (a figure written as a bare number in one
      language, or dropped from it, shows up here);
    * no bare figure: every number of the prose is a claim reference, part of a name, or
      marked ``[[plain:...]]`` (``Article.bare_figures``);
    * the title is translated: the zh title contains Chinese characters, and neither the zh
      nor the it title is the English one.
    """
    errors = []
    by_key: dict[str, dict[str, Article]] = defaultdict(dict)
    for post in posts:
        by_key[post.key][post.lang.code] = post
        for bare in post.bare_figures():
            errors.append(InputError(post.path, f"line {bare.line}", None,
                                     f"bare figure '{bare.claim_id}': quote it as "
                                     "[[claim:ID]], or write [[plain:" + bare.claim_id + "]] "
                                     "if it is not a figure (a version, a year)"))
    for key, versions in sorted(by_key.items()):
        quoted = {code: {r.claim_id: r.line for r in v.claim_references() if r.claim_id}
                  for code, v in versions.items()}
        for code, post in versions.items():
            for claim_id in sorted(set().union(*quoted.values()) - set(quoted[code])):
                elsewhere = ", ".join(f"{versions[o].path} line {refs[claim_id]}"
                                      for o, refs in quoted.items() if claim_id in refs)
                errors.append(InputError(
                    post.path, None, None,
                    f"does not quote claim '{claim_id}', which its translations quote "
                    f"({elsewhere}): the languages of an article quote the same claims; a "
                    "figure written as a bare number here must become [[claim:"
                    f"{claim_id}]]"))
        english = versions.get("en")
        for code, post in versions.items():
            if code == "en" or not post.meta:
                continue
            heading = re.search(r"^#\s+.*$", post.body, re.MULTILINE)
            line = (post.body_line + post.body.count("\n", 0, heading.start())
                    if heading else post.meta_line("title"))
            if code == "zh" and not HAN.search(post.title):
                errors.append(InputError(post.path, f"line {line}", "title",
                                         f"'{post.title}' has no Chinese: translate the title"))
            elif english is not None and post.title == english.title:
                errors.append(InputError(post.path, f"line {line}", "title",
                                         f"'{post.title}' is the English title: translate it"))
    return errors


def status_problem(claim, records) -> str | None:
    """What is wrong with a claim's status given the categories of the results it is derived
    from (MLCommons' categories, CONTRIBUTING's statuses): ``verified`` quotes available results
    only, ``preview`` at least one preview result, and a figure ``derived`` from a preview result
    is a preview figure. None when the status fits."""
    categories = {r.category for r in records}
    if claim.status == "verified" and categories != {"available"}:
        return (f"status 'verified' quotes available results only; "
                f"{', '.join(r.shown_id + ' is ' + r.category for r in records if r.category != 'available')}")
    if claim.status == "preview" and "preview" not in categories:
        return "status 'preview' needs a result of the preview category"
    if claim.status == "derived" and "preview" in categories:
        preview = next(r for r in records if r.category == "preview")
        return (f"derived from the preview result {preview.shown_id}: give it status 'preview' "
                "with preview.available_by")
    return None


def check_claims(registry: Registry, posts: list[Article], data: Dataset,
                 claims_file: Path) -> list[InputError]:
    """Claim references point at known claims (an unknown id suggests the nearest ones, by
    ``difflib.get_close_matches``); every derivation resolves and agrees with the stated value
    (``Recomputation.agrees``: equal at the stated precision for figures from the dataset,
    within the tolerance for quoted ones; a ``disputed`` claim must disagree). A failing claim
    names every file and line quoting it."""
    errors = []
    records = list(data.records)
    used_at: dict[str, list[tuple[Path, int]]] = defaultdict(list)
    for post in posts:
        for bad in post.malformed_references():
            errors.append(InputError(post.path, f"line {bad.line}", None,
                                     f"malformed claim reference '{bad.claim_id}': write "
                                     "[[claim:ID]] with an id of lowercase letters, digits, "
                                     "dots and hyphens"))
        for ref in post.claim_references():
            if not ref.claim_id:
                errors.append(InputError(post.path, f"line {ref.line}", None,
                                         "empty claim reference [[claim:]]: name a claim id"))
            elif ref.claim_id not in registry.claims:
                near = difflib.get_close_matches(ref.claim_id, list(registry.claims), n=3,
                                                 cutoff=0.6)
                hint = (f"; did you mean {' or '.join(repr(n) for n in near)}?" if near
                        else "")
                errors.append(InputError(post.path, f"line {ref.line}", None,
                                         f"unknown claim '{ref.claim_id}': add it to "
                                         f"data/claims.yaml or fix the id{hint}"))
            used_at[ref.claim_id].append((post.path, ref.line))
    lines = claim_lines(claims_file)
    for claim_id, claim in registry.claims.items():
        if claim.derivation is None:
            continue
        where = f"line {lines[claim_id]}" if claim_id in lines else None
        quoted = ("; quoted in " + ", ".join(f"{path} line {line}"
                                             for path, line in used_at[claim_id])
                  if used_at.get(claim_id) else "")

        def error(problem):
            errors.append(InputError(claims_file, where, None,
                                     f"claim '{claim_id}': {problem}{quoted}"))
        try:
            result = recompute(claim.derivation, records)
        except LookupError as exc:
            error(f"derivation points at no single result: {exc}")
            continue
        except ValueError as exc:
            error(f"derivation does not apply: {exc}")
            continue
        if claim.unit not in result.units:
            error(f"unit {claim.unit!r}, but its derivation computes "
                  f"{' or '.join(repr(u) for u in result.units)}")
            continue
        if problem := status_problem(claim, result.records):
            error(problem)
            continue
        agrees = result.agrees(claim)
        if claim.status == "disputed" and agrees:
            error(f"marked disputed, but its stated value {_plain(claim.value)} matches the "
                  f"computed {_plain(result.value)}; change its status")
        elif claim.status in ("verified", "preview", "derived") and not agrees:
            places = claim.precision
            shown = _plain(float(rounded(result.value, places)))
            error(f"stated {_plain(claim.value)} {claim.unit}, computed "
                  f"{_plain(result.value)} from the dataset, which is {shown} at the stated "
                  f"precision ({places} decimal{'s' if places != 1 else ''}, as the page "
                  "shows it): a figure from the dataset must equal its computation so "
                  f"rounded; state {shown} or mark the claim disputed")
        elif claim.status != "disputed" and not agrees:
            error(f"stated {_plain(claim.value)} {claim.unit}, computed "
                  f"{_plain(result.value)} from the dataset (tolerance "
                  f"{claim.derivation.tolerance:.1%}); correct the value or mark the claim "
                  "disputed")
    return errors
