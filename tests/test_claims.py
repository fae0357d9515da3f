"""Claims: registry validation, recomputation on the real v6.1 data, the `check` messages, and
how flags, footnotes and claim tables render in each language."""

import re

import pytest
import yaml

from generator.editorial.article_markdown import render
from generator.editorial.check import check
from generator.editorial.claims import Quote, load_registry
from generator.editorial.recomputation import figure, recompute
from generator.errors import InputErrors
from generator.i18n.languages import language
from tests.conftest import DATA as ROOT_DATA
from tests.conftest import FIXTURES, make_fixture_project

PROJECT = FIXTURES / "project"


@pytest.fixture
def root(tmp_path):
    return make_fixture_project(tmp_path)


def edit_claims(root, change):
    path = root / "data" / "claims.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")


def messages(root):
    with pytest.raises(InputErrors) as caught:
        check(root)
    return [str(e) for e in caught.value.errors]


def test_fixture_project_passes(root):
    data, registry, posts = check(root)
    assert len(posts) == 3 and set(registry.claims) == {
        "top-offline",
        "top-per-accelerator",
        "vendor-efficiency",
    }


def test_recomputation_on_real_v61_data(dataset):
    registry = load_registry(PROJECT / "claims.yaml")
    records = list(dataset.records)
    assert recompute(registry.claims["top-offline"].derivation, records).value == 5749440.0
    per_accelerator = recompute(registry.claims["top-per-accelerator"].derivation, records)
    assert per_accelerator.value == pytest.approx(5749440 / 512)  # worked by hand: 11229.375


def test_a_drifting_claim_fails_with_stated_and_computed_values(root):
    edit_claims(root, lambda d: d["claims"]["top-offline"].update(stated=5900000))
    [message] = messages(root)
    posts = [root / "docs" / code / "blog" / "posts" / "record.md" for code in ("en", "zh", "it")]
    # Reported where the fix goes (the line of the stated figure), and at every place the claim
    # is quoted: line 11 of each fixture post (front matter is lines 1-7, the title line 9).
    claims = (root / "data" / "claims.yaml").read_text(encoding="utf-8").split("\n")
    stated_line = 1 + next(i for i, line in enumerate(claims) if "stated: 5900000" in line)
    assert message.startswith(
        f"{root}/data/claims.yaml: line {stated_line}: field 'claims.top-offline.stated': "
        "claim 'top-offline': stated 5,900,000 Tokens/s, but its derivation computes "
        "5,749,440 Tokens/s from the dataset"
    )
    assert message.endswith("quoted in " + ", ".join(f"{post} line 11" for post in posts))


def test_an_unknown_claim_id_is_reported_with_file_and_line(root):
    post = root / "docs" / "it" / "blog" / "posts" / "record.md"
    post.write_text(
        post.read_text(encoding="utf-8").replace("top-offline", "no-such-claim"), encoding="utf-8"
    )
    assert f"{post}: line 11: unknown claim 'no-such-claim'" in "\n".join(messages(root))


def test_a_claim_without_a_source_fails(root):
    edit_claims(root, lambda d: d["claims"]["vendor-efficiency"].update(sources=[]))
    [message] = messages(root)
    assert re.match(
        rf"{root}/data/claims.yaml: line \d+: field 'claims.vendor-efficiency"
        r".sources': List should have at least 1 item",
        message,
    )


def test_a_derivation_pointing_at_no_result_fails(root):
    edit_claims(
        root,
        lambda d: d["claims"]["top-offline"]["derivation"]["results"][0].update(
            result_id="6.1-9999"
        ),
    )
    [message] = messages(root)
    assert "claim 'top-offline': derivation points at no single result: selector" in message
    assert "matches 0 records" in message


def test_an_unknown_status_fails(root):
    edit_claims(root, lambda d: d["claims"]["vendor-efficiency"].update(status="probably"))
    [message] = messages(root)
    assert (
        "field 'claims.vendor-efficiency.status': Input should be 'vendor', 'third-party' "
        "or 'unverified'" in message
    )


# The source is this site's label in the page's language (data/claims.yaml `label`), with its
# date in CLDR's long form and the language's punctuation (the ® by trademark.py).
@pytest.mark.parametrize(
    "code, value, label, source",
    [
        (
            "en",
            "5,749,440 tokens/s",
            "Verified",
            "MLCommons, MLPerf® Inference v6.1 results, September 16, 2026.",
        ),
        (
            "zh",
            "5,749,440 tokens/秒",
            "已核验",
            "MLCommons，《MLPerf® Inference v6.1 官方结果》，2026年9月16日。",
        ),
        (
            "it",
            "5.749.440 token/s",
            "Verificato",
            "MLCommons, risultati di MLPerf® Inference v6.1, 16 settembre 2026.",
        ),
    ],
)
def test_flags_render_localized_value_label_tooltip_and_footnote(root, code, value, label, source):
    # The fixture project's claims (tests/fixtures/project/claims.yaml) rendered as the build
    # renders an article (article_markdown.render: the claims extension of mkdocs.yml).
    out = render("Reached [[claim:top-offline]].", code, root)
    flag = re.search(r'<span class="claim claim--verified".*?</a></span>', out).group(0)
    assert f'<span class="claim__value">{value}</span>' in flag
    assert re.search(
        rf'<a class="claim__flag" href="#claim-top-offline" title="[^"]+">'
        rf"✔ {label}</a>",
        flag,
    )
    assert source in flag
    # The flag's footnote reference, and its note: MLCommons' citation of 6.1-0027.
    assert re.search(r'</span><sup id="fnref:top-offline-[0-9a-f]{6}">', out)
    footnote = re.search(r'<li id="fn:top-offline-[0-9a-f]{6}">(.*?)</li>', out, re.S).group(1)
    assert "v6.1" in footnote and "gpt-oss-120b" in footnote and "Offline" in footnote
    assert 'href="https://github.com/mlcommons/inference_results_v6.1/tree/main/' in footnote
    # It ends with the link to the claim's row, then Markdown's way back to the text.
    assert re.search(
        r'<a href="#claim-top-offline">[^<]+</a>&#160;<a class="footnote-backref"', footnote
    )
    assert '<tr id="claim-top-offline">' in out


def test_vendor_claims_get_escaped_claimreview_json_ld(root):
    out = render("Acme says [[claim:vendor-efficiency]].", "en", root)
    script = re.search(r'<script type="application/ld\+json">(.*?)</script>', out).group(1)
    assert '"@type": "ClaimReview"' in script
    assert "<b>" not in script and "\\u003cb\\u003e" in script  # title "Acme <b>fast</b> blog"
    assert "Result not verified by MLCommons Association." in out


def git_project(root):
    """The fixture project as a git work tree with one commit; returns a git runner."""
    import subprocess

    def git(*args):
        return subprocess.run(
            ["git", "-c", "user.email=t@t", "-c", "user.name=t", *args],
            cwd=root,
            check=True,
            capture_output=True,
            text=True,
        )

    git("init", "-q")
    git("add", ".")
    git("commit", "-qm", "one", "--date=2026-01-01T00:00:00")
    return git


def fixture_posts(root, key="record"):
    from generator.editorial.articles import read_article

    return [
        read_article(root / "docs" / c / f"blog/posts/{key}.md", language(c))
        for c in ("en", "zh", "it")
    ]


def outdated(root):
    from generator.editorial.translation_history import outdated_translations

    return sorted(note.split(":")[0] for note in outdated_translations(fixture_posts(root), root))


def touch(root, code):
    path = root / "docs" / code / "blog/posts/record.md"
    path.write_text(path.read_text(encoding="utf-8") + "\nOne more paragraph.\n", encoding="utf-8")


def test_outdated_translations_follow_git_history(root):
    git = git_project(root)
    assert outdated(root) == []  # committed together: all current
    touch(root, "en")  # uncommitted English edit
    assert outdated(root) == ["docs/it/blog/posts/record.md", "docs/zh/blog/posts/record.md"]
    git("commit", "-qam", "en", "--date=2026-01-01T00:00:00")  # same second as the first
    touch(root, "it")
    git("commit", "-qam", "it", "--date=2026-01-01T00:00:00")
    # Italian caught up with the English change (three commits in one second: order, not
    # time, decides); English is not "outdated" by that update, Chinese still is.
    assert outdated(root) == ["docs/zh/blog/posts/record.md"]
    from generator.editorial.translation_history import outdated_translations

    [note] = outdated_translations(fixture_posts(root), root)
    assert note.startswith(
        "docs/zh/blog/posts/record.md: translation outdated: "
        "docs/en/blog/posts/record.md changed after it (commit "
    )
    touch(root, "zh")  # uncommitted update of the last one
    assert outdated(root) == []


def test_a_wording_fix_marked_unaffected_outdates_no_translation(root):
    git = git_project(root)
    touch(root, "it")
    git("commit", "-qam", "it: wording\n\nTranslations: unaffected")
    assert outdated(root) == []
    touch(root, "en")  # a real change still outdates the others, the trailer aside
    git("commit", "-qam", "en: a new paragraph")
    assert outdated(root) == ["docs/it/blog/posts/record.md", "docs/zh/blog/posts/record.md"]
    touch(root, "zh")  # a Chinese wording fix does not count as its update
    git("commit", "-qam", "zh: wording\n\nTranslations: unaffected")
    assert outdated(root) == ["docs/it/blog/posts/record.md", "docs/zh/blog/posts/record.md"]


def test_a_new_uncommitted_article_is_not_called_outdated(root):
    # The bug this replaces: every uncommitted file was dated "now" when it was looked at, so
    # the last of three new files always looked newest.
    git_project(root)
    for code in ("en", "zh", "it"):
        folder = root / "docs" / code / "blog" / "posts"
        (folder / "fresh.md").write_text(
            (folder / "record.md").read_text(encoding="utf-8"), encoding="utf-8"
        )
    from generator.editorial.translation_history import outdated_translations

    assert outdated_translations(fixture_posts(root, "fresh"), root) == []


def test_translation_status_outside_git_is_silent(root):
    from generator.editorial.translation_history import outdated_translations

    assert outdated_translations(fixture_posts(root), root) == []


def test_derived_figures_equal_their_recomputation_at_the_stated_precision(dataset):
    # The real claim of issue 13: Vera Rubin NVL72 / GB300 NVL72, DeepSeek-R1 Interactive.
    # Its two results in data/results/v6.1.csv (6.1-0106: 652,750.1 and 6.1-0074: 253,506
    # Tokens/s) divide to 2.5749, shown as 2.57 (two decimals for a multiple).
    registry = load_registry(ROOT_DATA / "claims.yaml")
    claim = registry.claims["vr-gb300-deepseek-interactive-ratio"]
    records = list(dataset.records)
    result = recompute(claim.derivation, records)
    first, second = result.records
    assert result.value == pytest.approx(first.result / second.result)
    assert round(result.value, 4) == 2.5749
    shown = figure(claim, result)
    assert (shown.value, shown.unit, shown.precision) == (2.57, "x", 2) and shown.agrees
    # Stated 2.575, shown 2.58x: the precision rule refuses it (2.5749 is 2.57 at two decimals).
    assert not figure(claim.model_copy(update={"stated": "2.575"}), result).agrees
    # Stated to one decimal, 2.6 agrees and is shown as 2.6; 2.5 does not. With a quote of
    # the source that published 2.5, the claim is flagged disputed and shows the source's 2.5.
    assert figure(claim.model_copy(update={"stated": "2.6"}), result).value == 2.6
    stale = claim.model_copy(update={"stated": "2.5"})
    assert not figure(stale, result).agrees and figure(stale, result).status == "preview"
    quoted = stale.model_copy(update={"quote": Quote(source="nvidia", text="up to 2.5x")})
    assert (figure(quoted, result).status, figure(quoted, result).value) == ("disputed", 2.5)


def test_flags_units_and_scope_are_computed_from_the_selected_results(dataset):
    # Worked by hand from data/results/v6.1.csv: 6.1-0027 gpt-oss-120b Offline is 5,749,440
    # Tokens/s on 512 accelerators, available; 6.1-0106 (preview) deepseek-r1 Offline is
    # 1,183,327 Tokens/s and 6.1-0074 (available) 679,740: 1.7409; 6.1-0069 / 6.1-0003
    # gpt-oss-120b Offline (MiTAC / AMD) is 0.969, below 1.1, so a percentage.
    registry = load_registry(ROOT_DATA / "claims.yaml")
    records = list(dataset.records)

    def shown(claim_id):
        claim = registry.claims[claim_id]
        return figure(claim, recompute(claim.derivation, records) if claim.derivation else None)

    official = shown("gpt-oss-512-offline")
    assert (official.status, official.unit, official.value) == ("verified", "Tokens/s", 5749440)
    assert ("scenario", ("Offline",)) in official.scope
    assert ("result_id", ("6.1-0027",)) in official.scope
    per = shown("gpt-oss-512-per-accelerator")  # 5,749,440 / 512 = 11,229.375
    assert (per.status, per.value, per.precision) == ("derived", 11229, 0)
    ratio = shown("vr-gb300-deepseek-offline-ratio")
    assert (ratio.status, ratio.unit, ratio.value) == ("preview", "x", 1.74)
    assert ("result_id", ("6.1-0106", "6.1-0074")) in ratio.scope
    share = shown("partner-mitac-gpt-oss-vs-amd")
    assert (share.status, share.unit, share.value) == ("derived", "%", 96.9)
    # stated: 74 % keeps the article's rounding: 6.1-0027 per accelerator over 6.1-0003's.
    assert shown("gpt-oss-512-vs-amd-8gpu-efficiency").value == 74
    # The Verification page joins the compared results' values as each language says "vs".
    from generator.editorial.verification import claim_view

    pairs = {
        code: dict(claim_view("gen-gb300-over-h100", registry, records, language(code)).measures)
        for code in ("en", "zh", "it")
    }
    assert pairs["en"]["Round"] == "v6.1 vs v4.1" and pairs["zh"]["轮次"] == "v6.1／v4.1"
    assert pairs["it"]["Round"] == "v6.1 contro v4.1"
    vendor = shown("amd-partners-within-4pct")  # no derivation: the source's figure, as typed
    assert (vendor.status, vendor.value, vendor.unit, vendor.computed) == ("vendor", 4, "%", None)


def test_a_preview_is_due_by_the_next_rounds_publication(root):
    # 6.0-0101 (Intel, gpt-oss-120b Offline) is a preview of v6.0 (data/results/v6.0.csv, 1536.9
    # Tokens/s): due in v6.1 (qualifiers.due_round), published 2026-09-16 (data/rounds.yaml).
    import shutil

    shutil.copy(ROOT_DATA / "rounds.yaml", root / "data" / "rounds.yaml")

    def select_intel(data, available_by):
        claim = data["claims"]["top-offline"]
        claim["derivation"]["results"] = [
            {
                "round": "v6.0",
                "model": "gpt-oss-120b",
                "scenario": "Offline",
                "result_id": "6.0-0101",
            }
        ]
        claim["preview"] = {"available_by": available_by}

    # A note, not an error: the import of the round a preview was due in must not wait.
    from generator.editorial.check import notes

    edit_claims(root, lambda d: select_intel(d, "2026-12-31"))
    data, registry, posts = check(root)
    assert (
        "claim 'top-offline': preview.available_by 2026-12-31, but 6.0-0101 (preview in v6.0) "
        "was due in v6.1, published on 2026-09-16 (data/rounds.yaml): write "
        "`available_by: 2026-09-16`"
    ) in notes(registry, posts, root, records=data.records)
    edit_claims(root, lambda d: select_intel(d, "2026-09-16"))
    data, registry, posts = check(root)
    assert not [n for n in notes(registry, posts, root, records=data.records) if "due in" in n]


def test_stated_precision_comes_from_the_text_and_the_page(dataset):
    registry_text = (
        (PROJECT / "claims.yaml")
        .read_text(encoding="utf-8")
        .replace("= 11229.375\n", "= 11229.375\n    stated: 11229.40\n")
    )
    import pathlib
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = pathlib.Path(folder) / "claims.yaml"
        path.write_text(registry_text, encoding="utf-8")
        claim = load_registry(path).claims["top-per-accelerator"]
    assert claim.stated_decimals == 2  # "11229.40" as written
    # Tokens/s above 10,000 show no decimals
    assert figure(claim, recompute(claim.derivation, list(dataset.records))).precision == 0


def test_overdue_previews_are_noted():
    import datetime as dt

    from generator.editorial.claim_checks import overdue_previews

    registry = load_registry(ROOT_DATA / "claims.yaml")
    open_ids = [
        cid
        for cid, c in registry.claims.items()
        if c.preview and not (c.preview.confirmed or c.preview.retracted)
    ]
    assert open_ids  # the real registry has open previews (vr-qwen3vl-interactive, 2027-03-15)
    due = {cid: registry.claims[cid].preview.available_by for cid in open_ids}
    before = min(due.values())
    assert overdue_previews(registry, before) == []  # due that day, not yet late
    late = overdue_previews(registry, before + dt.timedelta(days=1))
    assert [n.split("'")[1] for n in late] == sorted(c for c, d in due.items() if d == before)
    assert "add preview.confirmed or preview.retracted" in late[0]


def test_two_articles_quoting_one_claim_get_distinct_footnote_ids(root):
    # The blog index shows both excerpts on one page: their footnote ids must differ.
    texts = ["Reached [[claim:top-offline]].", "A short note: [[claim:top-offline]]."]
    ids = [set(re.findall(r'id="(fn(?:ref)?:[^"]+)"', render(t, "en", root))) for t in texts]
    assert ids[0] and ids[1] and not ids[0] & ids[1]


@pytest.mark.parametrize("lang", ["en", "zh", "it"])
def test_blog_list_pages_have_unique_ids(lang):
    from tests.conftest import SITE

    blog = SITE / lang / "blog"
    pages = [
        blog / "index.html",
        *blog.glob("archive/*/index.html"),
        *blog.glob("page/*/index.html"),
    ]
    assert (blog / "index.html").exists()
    for page in pages:
        ids = re.findall(r' id="([^"]*)"', page.read_text(encoding="utf-8"))
        assert len(ids) == len(set(ids)), (page, sorted({i for i in ids if ids.count(i) > 1}))


def test_a_source_label_needs_a_text_for_every_language(root):
    # A label is this site's description of a source: a zh or it page must not show it in
    # English (the native review of December 2026: "MLPerf Inference v6.1 results" 277 times).
    edit_claims(root, lambda data: data["sources"]["mlcommons-v6.1"]["label"].pop("it"))
    assert any(
        "'label' needs one text per language of the site (en, zh, it); missing: it" in m
        for m in messages(root)
    )


def test_a_source_is_named_by_a_title_or_a_label_not_both(root):
    def both(data):
        data["sources"]["mlcommons-v6.1"]["title"] = "MLPerf Inference v6.1 results"

    edit_claims(root, both)
    assert any("give either 'title'" in m for m in messages(root))


def test_a_preview_confirmed_on_a_rounds_publication_date_must_name_the_round():
    # Intel B70 (data/claims.yaml) was "confirmed: 2026-09-16", v6.1's publication date
    # (data/rounds.yaml), and its tooltip said the product "became available on September 16,
    # 2026": the results date no product's availability. With confirmed_in the pages say
    # "first seen as available in v6.1, published on September 16, 2026".
    import datetime as dt

    from generator.editorial.claim_checks import round_dated_preview

    claim = load_registry(ROOT_DATA / "claims.yaml").claims["intel-b70-gpt-oss-software-gain"]
    published = {dt.date(2026, 9, 16): "v6.1", dt.date(2026, 4, 1): "v6.0"}
    assert claim.preview.confirmed_in == "v6.1"
    assert round_dated_preview(claim, published) is None
    undated = claim.model_copy(
        update={"preview": claim.preview.model_copy(update={"confirmed_in": None})}
    )
    assert "add `confirmed_in: v6.1`" in round_dated_preview(undated, published)
    assert round_dated_preview(undated, {dt.date(2026, 9, 1): "v6.1"}) is None  # its own date
