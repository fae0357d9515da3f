"""The mistakes a new contributor makes, each caught by `check` with its file, line and fix
(issue 21): figures that differ from the data, a registry that silently keeps the last of two
copies, dates that are not dates. Each test starts from the fixture project, which passes."""

import re
import shutil

import pytest

from generator.editorial.article_markdown import render
from generator.editorial.articles import CLAIM_REFERENCE
from generator.editorial.check import check
from generator.editorial.claims import load_registry
from generator.errors import InputErrors
from generator.i18n.languages import language
from tests.conftest import FIXTURES, make_fixture_project
from tests.fixtures import DATA

# Two claims of data/claims.yaml, with their derivations. Expected values worked by hand from
# data/results/v6.1.csv: MiTAC G4826 (6.1-0069) 118042 Tokens/s ÷ AMD 6.1-0003 121818 Tokens/s
# = 0.96900 -> 96.9 %; Vera Rubin NVL72 6.1-0106 ÷ GB300 NVL72 6.1-0074, deepseek-r1
# Interactive, = 2.57 (the ratio data/claims.yaml states, `vr-gb300-deepseek-interactive-ratio`).
EXTRA = """
  mitac-share:
    stated: {share}
    sources: [mlcommons-v6.1]
    derivation:
      formula: ratio
      results:
        - {{round: v6.1, model: gpt-oss-120b, scenario: Offline, result_id: 6.1-0069}}  # MiTAC: G4826
        - {{round: v6.1, model: gpt-oss-120b, scenario: Offline, result_id: 6.1-0003}}  # AMD
  vr-ratio:
    stated: {ratio}
    sources: [mlcommons-v6.1]{rounding}
    derivation:
      formula: ratio
      results:
        - {{round: v6.1, model: deepseek-r1, scenario: Interactive, result_id: 6.1-0106}}  # NVIDIA Vera Rubin NVL72
        - {{round: v6.1, model: deepseek-r1, scenario: Interactive, result_id: 6.1-0074}}  # NVIDIA GB300 NVL72
      differences: [category]  # a preview against an available system
    preview:
      available_by: 2027-03-15
"""


@pytest.fixture
def root(tmp_path):
    return make_fixture_project(tmp_path)


def add_claims(root, share="96.9 %", ratio="2.57", rounding=""):
    path = root / "data" / "claims.yaml"
    path.write_text(
        path.read_text(encoding="utf-8")
        + EXTRA.format(share=share, ratio=ratio, rounding=rounding),
        encoding="utf-8",
    )
    return path


def edit(path, old, new):
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def messages(root):
    with pytest.raises(InputErrors) as caught:
        check(root)
    return [str(e).replace(str(root) + "/", "") for e in caught.value.errors]


def line_of(path, text):
    return 1 + path.read_text(encoding="utf-8").split("\n").index(text)


def write_line(root, code, index, text):
    """Line ``index`` (0-based) of the ``code`` fixture post replaced by ``text``: line 10
    quotes top-offline and top-per-accelerator, line 11 vendor-efficiency."""
    post = root / "docs" / code / "blog" / "posts" / "record.md"
    lines = post.read_text(encoding="utf-8").split("\n")
    lines[index] = text
    post.write_text("\n".join(lines), encoding="utf-8")


def test_a_percentage_is_written_as_editors_write_it(root):
    add_claims(root)
    check(root)  # "96.9 %" passes
    shown = render("[[claim:mitac-share]]", "en", root)
    # The figure in the table is a span that never breaks (verification.keep).
    assert '<span class="keep">96.9%</span>' in shown
    assert 'recomputed: <span class="keep">96.9%</span> ✔' in shown


def test_a_percentage_stored_as_a_fraction_is_refused_with_the_percent_to_state(root):
    # 0.969 without a % sign is a multiple (0.97×) of a ratio whose data give 0.96900.
    path = add_claims(root, share="0.969")
    [message] = messages(root)
    assert message.startswith(
        f"data/claims.yaml: line {line_of(path, '    stated: 0.969')}: field "
        "'claims.mitac-share.stated': claim 'mitac-share': stated 0.969× with 3 decimals"
    ) or message.startswith(
        f"data/claims.yaml: line {line_of(path, '    stated: 0.969')}: field "
        "'claims.mitac-share.stated': claim 'mitac-share': written 0.969 with 3 decimals"
    )
    assert message.endswith("write 0.97, the figure readers read")
    # Stated as a share with the % sign: 96.9 % passes (test above), 0.969 % does not.
    path.write_text(
        path.read_text(encoding="utf-8").replace("stated: 0.969", "stated: 0.969 %"),
        encoding="utf-8",
    )
    [message] = messages(root)
    assert "stated 0.969 %, but its derivation computes 96.9" in message
    assert "Write `stated: 96.9 %`" in message


def test_a_ratio_needs_two_significant_figures(root):
    # 3 is 2.57 rounded to no decimals: it used to pass, and the page said 3×.
    path = add_claims(root, ratio="3")
    [message] = messages(root)
    assert message.startswith(
        f"data/claims.yaml: line {line_of(path, '    stated: 3')}: "
        "field 'claims.vr-ratio.stated': claim 'vr-ratio': stated 3× with one significant "
        "figure; the "
        "data give 2.57"
    )
    assert "state 2.6 (two significant figures), or say why in rounding:" in message


def test_a_ratio_may_be_coarse_when_the_claim_says_why(root):
    add_claims(root, ratio="3", rounding="\n    rounding: the headline of NVIDIA's comparison")
    check(root)


def test_the_page_shows_the_recomputation_at_the_stated_precision(root):
    # Stated 2.6 of 2.57: shown "2.6×", the recomputation rounded at one decimal.
    add_claims(root, ratio="2.6")
    check(root)
    shown = render("[[claim:vr-ratio]]", "it", root)
    assert ">2,6×<" in shown and "2,57×" in shown  # the footnote's formula gives 2.57


def test_a_drifted_claim_shows_its_drift_in_the_text(root):
    # Bypassing check (as the preview does while an editor types): the flag itself says so.
    add_claims(root, ratio="2.9")
    shown = render("[[claim:vr-ratio]]", "en", root)
    flag = shown.split("<sup", 1)[0]  # the flag, before its footnote reference
    assert "claim--drifted" in flag and "✖ Stated 2.9×, the data give 2.57×" in flag
    assert ">2.6×<" in flag  # the figure shown is still the data's


def test_a_ratio_is_never_verified(root):
    # MiTAC ÷ AMD (EXTRA, both results of the available category) is a figure this site
    # computes: its flag is computed as derived (footnote "Derived figure"), and a status
    # typed beside the derivation is refused, whatever it says.
    path = add_claims(root)
    check(root)
    shown = render("[[claim:mitac-share]]", "en", root)
    assert "claim--derived" in shown and "claim--verified" not in shown
    edit(path, "  mitac-share:\n", "  mitac-share:\n    status: verified\n")
    [message] = messages(root)
    assert message == (
        f"data/claims.yaml: line {line_of(path, '  mitac-share:')}: field "
        "'claims.mitac-share': Value error, a claim with a derivation does not type 'status': "
        "the flag comes from the selected results (verified: an available result quoted as "
        "published; preview: a preview result among them; derived: computed from available "
        "results; disputed: a quoted source states a figure the data contradict). Remove it"
    )


def test_a_verified_claim_must_be_recomputable(root):
    path = root / "data" / "claims.yaml"
    edit(path, "status: vendor", "status: verified")
    [message] = messages(root)
    assert message == (
        f"data/claims.yaml: line {line_of(path, '    status: verified')}: field "
        "'claims.vendor-efficiency.status': Value error, status 'verified' is never typed: "
        "it is computed from the results a derivation selects, and a figure without one can "
        "never carry ✔ verified, ◔ preview or ∑ derived. If the dataset gives this figure, "
        "add a derivation (formula and results) and remove status, value, unit and measures; "
        "otherwise give the status of its source: vendor, third-party or unverified"
    )


def test_a_figure_of_ours_off_the_data_is_not_advised_to_be_disputed(root):
    path = add_claims(root, ratio="2.42")  # 5 % below 2.57
    [message] = messages(root)
    assert "Write `stated: 2.57`" in message and "flagged disputed" in message
    # Disputed needs the words of whoever published the figure, never MLCommons' results.
    edit(
        path,
        "    stated: 2.42\n",
        '    stated: 2.42\n    quote: {source: mlcommons-v6.1, text: "2.42"}\n',
    )
    assert "not from the MLCommons results" in messages(root)[0]


@pytest.mark.parametrize(
    "typed, problem",
    [
        # v6.1 was published on 2026-09-16 (data/rounds.yaml): 140 days later is 2027-02-03,
        # a year later 2027-09-16; v7.0, the due round, is not in the data.
        ("2026-12-01", "is not a date MLCommons' preview rule gives 6.1-0106"),
        ("2027-02-02", "so by a date from 2027-02-03 to 2027-09-16 (two rounds a year)"),
        ("2028-01-01", "its product is due by the next round, v7.0, and no sooner than 140 days"),
    ],
)
def test_a_preview_date_the_rule_cannot_give_is_refused(root, typed, problem):
    shutil.copy(DATA / "rounds.yaml", root / "data" / "rounds.yaml")
    path = add_claims(root)
    edit(path, "available_by: 2027-03-15", f"available_by: {typed}")
    [message] = messages(root)
    assert message.startswith(  # the line of the date to fix, not of its block
        f"data/claims.yaml: line {line_of(path, f'      available_by: {typed}')}: "
        "field 'claims.vr-ratio.preview.available_by': "
        f"claim 'vr-ratio': preview.available_by {typed} "
    )
    assert problem in message


def test_one_preview_result_has_one_follow_up_whichever_claim_quotes_it(root):
    # A second claim on Vera Rubin NVL72 (6.1-0106, preview in v6.1) alone, due a month later
    # than vr-ratio says: the flags of one product would give two dates.
    shutil.copy(DATA / "rounds.yaml", root / "data" / "rounds.yaml")
    path = add_claims(root)
    path.write_text(
        path.read_text(encoding="utf-8")
        + """
  vr-alone:
    sources: [mlcommons-v6.1]
    derivation:
      formula: result
      results:
        - {round: v6.1, model: deepseek-r1, scenario: Interactive, result_id: 6.1-0106}
    preview:
      available_by: 2027-04-15
""",
        encoding="utf-8",
    )
    # One error for the result, at the first claim that quotes it (vr-ratio), naming both.
    assert messages(root) == [
        f"data/claims.yaml: line {line_of(path, '      available_by: 2027-03-15')}: "
        "field 'claims.vr-ratio.preview.available_by': the claims quoting the preview result "
        "v6.1 6.1-0106 give it different preview.available_by: 'vr-ratio' 2027-03-15, "
        "'vr-alone' 2027-04-15. One product has one follow-up (due date, confirmation or "
        "retraction), whichever claim quotes it: write the same available_by in each"
    ]
    edit(path, "available_by: 2027-04-15", "available_by: 2027-03-15")
    check(root)
    # A confirmation written on one claim only: the other flag would still say "due".
    edit(  # the first: vr-ratio's
        path,
        "      available_by: 2027-03-15\n",
        "      available_by: 2027-03-15\n      confirmed: 2027-02-20\n",
    )
    [message] = messages(root)
    assert message.startswith(
        f"data/claims.yaml: line {line_of(path, '      confirmed: 2027-02-20')}: "
        "field 'claims.vr-ratio.preview.confirmed': the claims quoting the preview result "
        "v6.1 6.1-0106 give it different preview.confirmed: 'vr-ratio' 2027-02-20, "
        "'vr-alone' none."
    )


def test_a_preview_date_within_the_rule_passes(root):
    shutil.copy(DATA / "rounds.yaml", root / "data" / "rounds.yaml")
    path = add_claims(root)
    edit(path, "available_by: 2027-03-15", "available_by: 2027-02-03")
    check(root)
    edit(path, "available_by: 2027-02-03", "available_by: 2027-09-16")
    check(root)


def test_a_preview_figure_without_its_date_is_told_the_window(root):
    shutil.copy(DATA / "rounds.yaml", root / "data" / "rounds.yaml")
    path = add_claims(root)
    edit(path, "    preview:\n      available_by: 2027-03-15\n", "")
    [message] = messages(root)
    assert "claim 'vr-ratio': 6.1-0106 is a preview result" in message
    assert (
        "add `preview: {available_by: YYYY-MM-DD}`, the date v7.0 is announced for, from "
        "2027-02-03 to 2027-09-16 (MLCommons' preview rule: by the next round)"
    ) in message


def test_a_duplicate_claim_id_names_both_lines(root):
    path = root / "data" / "claims.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(
        text + "  top-offline:\n    value: 1\n    unit: x\n    status: vendor\n"
        "    measures: {round: v6.1}\n    sources: [acme-blog]\n",
        encoding="utf-8",
    )
    first, second = line_of(path, "  top-offline:"), len(text.split("\n"))
    [message] = messages(root)
    assert message == (
        f"data/claims.yaml: line {second}: field 'claims.top-offline': duplicate "
        f"key 'top-offline', first written at line {first}: YAML would keep "
        "only this later copy; rename or remove one"
    )


@pytest.mark.parametrize(
    "name, old, new, line, first, field",
    [
        ("authors.yaml", "  name:", "  name: {en: A, zh: 甲, it: A}\n  name:", 3, 2, "desk.name"),
        ("tags.yaml", "{en: MLPerf,", "{en: MLPerf, en: Other,", 1, 1, "mlperf.en"),
    ],
)
def test_duplicate_keys_in_registries_name_both_lines(root, name, old, new, line, first, field):
    path = root / "data" / name
    edit(path, old, new)
    found = [m for m in messages(root) if "duplicate key" in m]
    assert found and found[0].startswith(
        f"data/{name}: line {line}: field '{field}': "
        f"duplicate key '{field.split('.')[-1]}', first "
        f"written at line {first}"
    )


def test_a_duplicate_key_in_front_matter_names_both_lines(root):
    post = root / "docs" / "en" / "blog" / "posts" / "record.md"
    edit(post, "slug: record\n", "slug: record\nslug: other\n")
    assert (
        "docs/en/blog/posts/record.md: line 6: field 'slug': duplicate key 'slug', first "
        "written at line 5"
    ) in "\n".join(messages(root))


@pytest.mark.parametrize("date", ["2026-02-30", "2026-9-16", "16.09.2026"])
def test_a_date_that_is_not_a_date_names_line_field_and_form(root, date):
    path = root / "data" / "claims.yaml"
    edit(path, "    date: 2026-09-16", f"    date: {date}")
    [message] = messages(root)
    assert message == (
        f"data/claims.yaml: line 6: field 'sources.mlcommons-v6.1.date': "
        f"'{date}' is not a date: write YYYY-MM-DD, e.g. 2026-09-17"
    )


@pytest.mark.parametrize(
    "markup, what",
    [
        ("<script>alert(1)</script>", "<script>"),
        ('<span onclick="alert(1)">x</span>', "the attribute onclick= of <span>"),
        ('<a href="jav&#x61;script:alert(1)">x</a>', 'href="javascript:alert(1)" of <a>'),
        ("[x](javascript:alert(1))", "the link target 'javascript:alert(1)'"),
        ('<iframe src="https://example.com"></iframe>', "<iframe>"),
        ('<img src="data:text/html,<b>" alt="">', 'src="data:text/html,<b>" of <img>'),
    ],
)
def test_unsafe_markup_in_an_article_is_refused_with_its_line(root, markup, what):
    post = root / "docs" / "en" / "blog" / "posts" / "record.md"
    edit(post, "Acme says", f"{markup}\n\nAcme says")
    assert (
        f"docs/en/blog/posts/record.md: line 12: unsafe markup: {what} would run code in "
        "the reader's browser"
    ) in "\n".join(messages(root))


def test_harmless_html_and_code_examples_pass(root):
    post = root / "docs" / "en" / "blog" / "posts" / "record.md"
    edit(
        post,
        "Acme says",
        '<abbr title="MLCommons">MLC</abbr> `<script>` in code.\n\n'
        "```html\n<script>alert(1)</script>\n```\n\nAcme says",
    )
    check(root)


def test_an_unsafe_article_is_never_published(tmp_path):
    # The build runs check first: the page with the script is not written, the site stays.
    import subprocess
    import sys

    from tests.fixtures import ROOT

    root = make_fixture_project(tmp_path)
    post = root / "docs" / "en" / "blog" / "posts" / "record.md"
    post.write_text(
        post.read_text(encoding="utf-8") + "\n<script>alert(1)</script>\n", encoding="utf-8"
    )
    done = subprocess.run(
        [sys.executable, "-m", "generator", "--root", str(root), "site"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 1 and "unsafe markup: <script>" in done.stderr
    assert not (root / "site").exists() or not list((root / "site").rglob("*.html"))


def links_in_post(root, link, generated=None):
    """The link errors of the en fixture post with ``link`` added at its line 12. The post is
    published at blog/2026/09/17/record/ (front matter date and slug)."""
    from generator.editorial.article_links import check_links
    from generator.editorial.articles import read_article

    post = root / "docs" / "en" / "blog" / "posts" / "record.md"
    edit(post, "Acme says", f"See {link}.\n\nAcme says")
    posts = [
        read_article(root / "docs" / code / "blog" / "posts" / "record.md", language(code))
        for code in ("en", "zh", "it")
    ]
    return [
        str(e).replace(str(root) + "/", "")
        for e in check_links(posts, root / "docs", "https://example.org/wiki/", generated)
    ]


@pytest.mark.parametrize(
    "link, problem",
    [
        # The URL form CONTRIBUTING recommends for generated pages, five levels up from the post.
        ("[r](../../../../../results/v9.9/power/)", "no such page"),
        ("[r](../../results/nothing.md)", "no such page"),
        ("[r](/wiki/en/results/v9.9/)", "no such page"),
        ("[r](https://example.org/wiki/zh/results/v9.9/)", "no such page"),
        ("[r](/elsewhere/en/)", "an absolute path outside the site (/wiki/)"),
        ("[r](#no-such-heading)", "no heading or claim '#no-such-heading' in this article"),
        (
            "[r](../../../../../blog/2026/09/18/record/)",
            "no en post is published at blog/2026/09/18/record/",
        ),
        ("[r](record.md#nowhere)", "no heading or claim '#nowhere' in record.md"),
        ('<a href="../../../../../results/v9.9/">r</a>', "no such page"),
        # Each language is its own MkDocs site: another language is linked by its address.
        ("[it](../../../it/blog/posts/record.md)", "outside this language's pages"),
    ],
)
def test_a_broken_link_is_reported_in_every_form_with_its_line(root, link, problem):
    (root / "docs" / "en" / "index.md").write_text("# Home\n", encoding="utf-8")  # generated
    [message] = links_in_post(root, link, generated=True)
    assert message.startswith("docs/en/blog/posts/record.md: line 12: broken link '")
    assert problem in message


@pytest.mark.parametrize(
    "link",
    [
        "[home](../../../../../)",
        "[a claim](#claim-top-offline)",
        "[top](#the-record)",
        "[same post](../../../../../blog/2026/09/17/record/)",
        "[other site](https://mlcommons.org/x)",
        "[zh](/wiki/zh/blog/2026/09/17/record/)",
    ],
)
def test_good_links_pass(root, link):
    (root / "docs" / "en" / "index.md").write_text("# Home\n", encoding="utf-8")
    assert links_in_post(root, link, generated=True) == []


def test_links_into_generated_pages_wait_for_them(root):
    # A fresh clone has no docs/en/results yet: check leaves those links to the build, which
    # judges them once the pages are written (check_generated_links).
    assert links_in_post(root, "[r](../../../../../results/v9.9/power/)") == []
    assert links_in_post(root, "[r](../../results/v9.9.md)", generated=True) != []


def test_the_previews_own_pages_do_not_count_as_the_generated_ones(root):
    # The editor's preview writes the home page and the results overview of its language
    # (editor_preview.write_editorial_pages), never the results pages: check still waits.
    for page in ("index.md", "results/index.md"):
        (root / "docs" / "en" / page).parent.mkdir(parents=True, exist_ok=True)
        (root / "docs" / "en" / page).write_text("# Generated\n", encoding="utf-8")
    assert links_in_post(root, "[r](../../../../../results/v9.9/power/)") == []
    (root / "docs" / "en" / "data").mkdir()
    (root / "docs" / "en" / "data" / "index.md").write_text("# Data\n", encoding="utf-8")
    assert links_in_post(root, "[r](../../../../../results/v9.9/power/)") != []


def test_a_changed_slug_needs_a_redirect_and_check_notes_it(root):
    from generator.editorial.check import notes
    from tests.test_claims import git_project

    git_project(root)  # the fixture post, published at blog/2026/09/17/record/
    for code in ("en", "zh", "it"):
        edit(
            root / "docs" / code / "blog" / "posts" / "record.md",
            "slug: record",
            "slug: new-record",
        )
    [message] = messages(root)
    assert message == (
        "docs/en/blog/posts/record.md: line 5: field 'slug': the address "
        "changed from blog/2026/09/17/record/ to blog/2026/09/17/new-record/ "
        "(slug or date): readers and search engines know the old one; add the "
        "line 'blog/2026/09/17/record/: blog/2026/09/17/new-record/' to "
        "data/redirects.yaml"
    )
    (root / "data" / "redirects.yaml").write_text(
        "blog/2026/09/17/record/: blog/2026/09/17/new-record/\n", encoding="utf-8"
    )
    _, registry, posts = check(root)
    assert any(
        "its address changed from blog/2026/09/17/record/ to "
        "blog/2026/09/17/new-record/; redirects.yaml keeps the old address working" in n
        for n in notes(registry, posts, root)
    )


def test_a_redirect_page_sends_the_old_address_to_the_new_one():
    from generator.editorial.redirects import redirect_page

    page = redirect_page("blog/2026/09/17/record/", "blog/2026/09/17/new-record/", language("zh"))
    # From .../17/record/ the new address is one folder up, then new-record/.
    assert '<meta http-equiv="refresh" content="0; url=../new-record/">' in page
    assert '<link rel="canonical" href="../new-record/">' in page and 'lang="zh"' in page


def test_a_redirect_must_not_hide_a_post_nor_lead_nowhere(root):
    path = root / "data" / "redirects.yaml"
    path.write_text(
        "blog/2026/09/17/record/: blog/2026/09/17/other/\n"
        "blog/2025/01/01/old/: blog/2026/01/01/gone/\n",
        encoding="utf-8",
    )
    found = messages(root)
    assert (
        "data/redirects.yaml: field 'blog/2026/09/17/record/': 'blog/2026/09/17/record/' "
        "is the address of a post: a redirect there would hide it"
    ) in found
    assert (
        "data/redirects.yaml: field 'blog/2025/01/01/old/': leads to "
        "'blog/2026/01/01/gone/', where no post is published"
    ) in found


def test_a_misspelt_id_is_the_only_message_not_its_consequences(root):
    post = root / "docs" / "zh" / "blog" / "posts" / "record.md"
    edit(post, "[[claim:top-offline]]", "[[claim:top-ofline]]")
    assert messages(root) == [
        "docs/zh/blog/posts/record.md: line 11: unknown claim "
        "'top-ofline': add it to data/claims.yaml or fix the id; did you "
        "mean 'top-offline'?"
    ]


def test_the_odd_language_out_is_the_one_told_to_change(root):
    # zh quotes another (known) claim than en and it: zh is told, en and it are not.
    post = root / "docs" / "zh" / "blog" / "posts" / "record.md"
    edit(post, "[[claim:top-offline]]", "[[claim:vendor-efficiency]]")
    found = messages(root)
    assert found and all(m.startswith("docs/zh/blog/posts/record.md") for m in found)
    assert any("does not quote claim 'top-offline'" in m for m in found)


def test_numbers_inside_known_product_names_are_not_bare_figures(root):
    post = root / "docs" / "en" / "blog" / "posts" / "record.md"
    edit(post, "Acme says", "The NVIDIA RTX PRO 6000 Blackwell is a name. Acme says")
    check(root)
    edit(post, "is a name.", "is a name, 8 of them.")
    assert [
        "docs/en/blog/posts/record.md: line 12: bare figure '8': quote it as [[claim:ID]], "
        "or write [[plain:8]] if it is not a figure (a version, a year)"
    ] == messages(root)


def test_an_emoji_only_title_is_refused(root):
    post = root / "docs" / "it" / "blog" / "posts" / "record.md"
    edit(post, "# ", "# 🚀🔥\n\n# ")  # the first heading is the title
    assert any(
        m.startswith(
            "docs/it/blog/posts/record.md: line 9: field 'title': '🚀🔥' has no letters or digits"
        )
        for m in messages(root)
    )


def test_a_more_marker_missing_in_one_language_is_reported(root):
    for code, before in (("en", "Acme says"), ("zh", "Acme 称")):
        edit(
            root / "docs" / code / "blog" / "posts" / "record.md",
            before,
            f"<!-- more -->\n\n{before}",
        )
    [message] = messages(root)
    assert message.startswith(
        "docs/it/blog/posts/record.md: no <!-- more --> while its translations have one ("
    )


# --- The sentence agrees with its claim (issue 31, item 2) -----------------------------------
# The fixture's claims top-offline and top-per-accelerator are derived from 6.1-0027 (Crusoe,
# gpt-oss-120b, Offline, v6.1, closed division, available category: data/results/v6.1.csv);
# vendor-efficiency has no derivation. Each sentence below names another scenario, benchmark,
# round, division or category than 6.1-0027's, in the post's line 11.
SENTENCES = {"en": "The system reached", "zh": "该系统达到", "it": "Il sistema ha raggiunto"}


@pytest.mark.parametrize(
    "code, before, words, facet, claim_has",
    [
        ("en", "In the Server scenario, the system reached", "Server", "scenario", "Offline"),
        ("zh", "在 Server 场景中，该系统达到", "Server", "scenario", "Offline"),
        (
            "it",
            "Nello scenario Interactive, il sistema ha raggiunto",
            "Interactive",
            "scenario",
            "Offline",
        ),
        ("en", "On DeepSeek-R1, the system reached", "DeepSeek-R1", "benchmark", "gpt-oss-120b"),
        ("zh", "在 Llama 2 70B 上，该系统达到", "Llama 2 70B", "benchmark", "gpt-oss-120b"),
        ("en", "In v6.0, the system reached", "v6.0", "round", "v6.1"),
        ("it", "Nel round v5.1 il sistema ha raggiunto", "v5.1", "round", "v6.1"),
        ("en", "In the open division, the system reached", "open division", "division", "closed"),
        ("zh", "在开放组中，该系统达到", "开放组", "division", "closed"),
        (
            "it",
            "Nella divisione open il sistema ha raggiunto",
            "divisione open",
            "division",
            "closed",
        ),
        ("en", "As a preview system, the system reached", "preview", "category", "available"),
        ("zh", "作为预览系统，该系统达到", "预览", "category", "available"),
        ("it", "In anteprima, il sistema ha raggiunto", "anteprima", "category", "available"),
    ],
)
def test_a_sentence_naming_what_its_claim_is_not_is_refused(
    root, code, before, words, facet, claim_has
):
    post = root / "docs" / code / "blog" / "posts" / "record.md"
    edit(post, SENTENCES[code], before)
    found = [m for m in messages(root) if "the sentence names" in m]
    # The name opens the sentence, so it governs the first claim after it (top-offline) only;
    # without a comma after it (the Italian round and division cases) it stands in that
    # claim's own clause, and the fix is to name the claim's own beside it.
    where = "in the sentence" if "," in before or "，" in before else "beside it"
    assert found == [
        f"docs/{code}/blog/posts/record.md: line 11: the sentence names the {facet} '{words}', "
        f"but claim 'top-offline' is of the {facet} {claim_has} (from the results its "
        f"derivation selects): a figure must be read as what it measures; name its {facet} "
        f"{where}, or quote a claim whose derivation selects {words}"
    ]


@pytest.mark.parametrize(
    "code, before",
    [
        (
            "en",
            "In the Offline scenario of v6.1 (closed division), on gpt-oss-120b, the system "
            "reached",
        ),
        ("zh", "在 v6.1 封闭组 gpt-oss-120b 的 Offline 场景中，该系统达到"),
        (
            "it",
            "Nella divisione closed, scenario Offline, su gpt-oss-120b, il sistema ha raggiunto",
        ),
        # Other rounds beside the claim's, as context.
        ("en", "The highest in all four rounds (v4.1 to v6.1), the system reached"),
        # A category named beside the claim's: 6.1-0027 is an available system.
        ("en", "Unlike the preview racks, this available system reached"),
        ("it", "A differenza dei sistemi in anteprima, questo sistema disponibile ha raggiunto"),
        # A claim without a derivation says nothing of a scenario: only Acme's sentence names one.
        ("en", "The system reached"),
    ],
)
def test_a_sentence_naming_what_its_claim_is_passes(root, code, before):
    edit(root / "docs" / code / "blog" / "posts" / "record.md", SENTENCES[code], before)
    edit(
        root / "docs" / "en" / "blog" / "posts" / "record.md",
        "Acme says",
        "In the Server scenario, Acme says",
    )
    check(root)


def test_the_scenario_of_a_sentence_is_judged_by_its_own_claims(root):
    # One sentence per claim: "Server" is beside vendor-efficiency (no derivation) only.
    post = root / "docs" / "en" / "blog" / "posts" / "record.md"
    edit(post, "per accelerator.\nAcme says", "per accelerator. In Server, Acme says")
    check(root)
    edit(post, "per accelerator. In Server,", "per accelerator, in Server;")
    assert any("names the scenario 'Server'" in m for m in messages(root))


# A Server claim beside the fixture's Offline one: 6.1-0004 (AMD, gpt-oss-120b, Server, v6.1,
# closed, available; data/results/v6.1.csv). Line 11 of each post becomes the sentence.
SERVER_CLAIM = """
  amd-server:
    sources: [mlcommons-v6.1]
    derivation:
      formula: result
      results:
        - {round: v6.1, model: gpt-oss-120b, scenario: Server, result_id: 6.1-0004}  # AMD
"""


def with_sentence(root, code, sentence):
    """The fixture project with ``amd-server`` and line 11 of the ``code`` post replaced by
    ``sentence`` (the other posts quote top-offline and top-per-accelerator on it, and gain
    amd-server on line 13, so that the languages quote the same claims)."""
    claims = root / "data" / "claims.yaml"
    claims.write_text(claims.read_text(encoding="utf-8") + SERVER_CLAIM, encoding="utf-8")
    for lang in ("en", "zh", "it"):
        post = root / "docs" / lang / "blog" / "posts" / "record.md"
        lines = post.read_text(encoding="utf-8").split("\n")
        if lang == code:
            lines[10] = sentence
        else:
            lines.append(f"{lines[10].split('[[')[0]}[[claim:amd-server]].")
        post.write_text("\n".join(lines), encoding="utf-8")


@pytest.mark.parametrize(
    "code, sentence, words, claim",
    [
        # The claim's own scenario named elsewhere in the sentence does not excuse the one
        # named in its clause.
        (
            "en",
            "Server results aside, in the Offline scenario AMD reached [[claim:amd-server]], "
            "or [[claim:top-offline]] and [[claim:top-per-accelerator]] per accelerator.",
            "Offline",
            "amd-server",
        ),
        (
            "en",
            "In the Server scenario the system reached [[claim:top-offline]], and AMD reached "
            "[[claim:amd-server]] in Server, or [[claim:top-per-accelerator]] per accelerator.",
            "Server",
            "top-offline",
        ),
        (
            "zh",
            "撇开 Server 结果不谈，在 Offline 场景中 AMD 达到 [[claim:amd-server]]，该系统达到 "
            "[[claim:top-offline]]，单加速器为 [[claim:top-per-accelerator]]。",
            "Offline",
            "amd-server",
        ),
        (
            "it",
            "Nello scenario Server il sistema ha raggiunto [[claim:top-offline]], mentre AMD "
            "ha raggiunto [[claim:amd-server]] nello scenario Server, cioè "
            "[[claim:top-per-accelerator]] per acceleratore.",
            "Server",
            "top-offline",
        ),
        # Benchmark, round, division and category bind the same way.
        (
            "en",
            "Unlike DeepSeek-R1 results, on Llama 2 70B the system reached [[claim:top-offline]]"
            ", or [[claim:top-per-accelerator]] per accelerator, and AMD [[claim:amd-server]].",
            "Llama 2 70B",
            "top-offline",
        ),
        (
            "zh",
            "与 v6.0 相比，该系统在 v5.1 达到 [[claim:top-offline]]，单加速器为 "
            "[[claim:top-per-accelerator]]，AMD 为 [[claim:amd-server]]。",
            "v5.1",
            "top-offline",
        ),
        (
            "it",
            "Nella divisione closed AMD ha raggiunto [[claim:amd-server]], e nella divisione "
            "open il sistema ha raggiunto [[claim:top-offline]], cioè "
            "[[claim:top-per-accelerator]] per acceleratore.",
            "divisione open",
            "top-offline",
        ),
        (
            "en",
            "Among available systems, AMD reached [[claim:amd-server]], while the preview "
            "system reached [[claim:top-offline]], or [[claim:top-per-accelerator]] per "
            "accelerator.",
            "preview",
            "top-offline",
        ),
    ],
)
def test_a_name_is_judged_by_the_claim_it_governs(root, code, sentence, words, claim):
    with_sentence(root, code, sentence)
    found = [m for m in messages(root) if "the sentence names" in m]
    assert len(found) == 1, found
    assert f" '{words}', but claim '{claim}' is of the " in found[0]
    assert found[0].startswith(f"docs/{code}/blog/posts/record.md: line 11: ")


@pytest.mark.parametrize(
    "code, sentence",
    [
        # Two claims of different scenarios, each named beside its own claim.
        (
            "en",
            "In the Offline scenario the system reached [[claim:top-offline]], or "
            "[[claim:top-per-accelerator]] per accelerator, while in Server AMD reached "
            "[[claim:amd-server]].",
        ),
        (
            "en",
            "The system reached [[claim:top-offline]] in Offline and "
            "[[claim:top-per-accelerator]] per accelerator; AMD reached [[claim:amd-server]] "
            "in Server.",
        ),
        (
            "zh",
            "在 Offline 场景中，该系统达到 [[claim:top-offline]]，单加速器为 "
            "[[claim:top-per-accelerator]]；而在 Server 场景中，AMD 达到 [[claim:amd-server]]。",
        ),
        (
            "it",
            "Nello scenario Offline il sistema ha raggiunto [[claim:top-offline]], cioè "
            "[[claim:top-per-accelerator]] per acceleratore, mentre nello scenario Server AMD "
            "ha raggiunto [[claim:amd-server]].",
        ),
        # A span of rounds names the claim's round inside it.
        (
            "en",
            "Across v4.1 to v6.1 the system reached [[claim:top-offline]], or "
            "[[claim:top-per-accelerator]] per accelerator; AMD [[claim:amd-server]].",
        ),
        (
            "it",
            "Da v6.0 a v6.1, il sistema ha raggiunto [[claim:top-offline]], cioè "
            "[[claim:top-per-accelerator]] per acceleratore, e AMD [[claim:amd-server]] "
            "nella divisione closed.",
        ),
    ],
)
def test_a_comparison_names_each_claims_qualifiers_beside_it(root, code, sentence):
    with_sentence(root, code, sentence)
    check(root)


# A claim whose id names another benchmark and round than amd-server's (gpt-oss-120b, v6.1):
# 6.1-0026 is Crusoe's deepseek-r1 Offline result of v6.1 (data/results/v6.1.csv).
ID_CLAIM = """
  deepseek-r1-v5.1-offline-ratio:
    sources: [mlcommons-v6.1]
    derivation:
      formula: result
      results:
        - {round: v6.1, model: deepseek-r1, scenario: Offline, result_id: 6.1-0026}  # Crusoe
"""


@pytest.mark.parametrize(
    "code, sentence",
    [
        # The id inside [[id:…]] names deepseek-r1 and v5.1: a claim id, not the sentence
        # naming another benchmark or round beside amd-server (gpt-oss-120b, v6.1).
        (
            "en",
            "In the Server scenario AMD reached [[claim:amd-server]] (not Crusoe's "
            "[[id:deepseek-r1-v5.1-offline-ratio]]), and the system [[claim:top-offline]], or "
            "[[claim:top-per-accelerator]] per accelerator.",
        ),
        (
            "zh",
            "在 Server 场景中，AMD 达到 [[claim:amd-server]]（另见 "
            "[[id:deepseek-r1-v5.1-offline-ratio]]），该系统达到 [[claim:top-offline]]，"
            "单加速器为 [[claim:top-per-accelerator]]。",
        ),
        # A plain mark is a number, not a name: "[[plain:v5.1]]" beside a v6.1 claim.
        (
            "it",
            "Nello scenario Server, con il firmware [[plain:v5.1]], AMD ha raggiunto "
            "[[claim:amd-server]], e il sistema [[claim:top-offline]], cioè "
            "[[claim:top-per-accelerator]] per acceleratore.",
        ),
    ],
)
def test_references_are_not_names_the_sentence_says(root, code, sentence):
    claims = root / "data" / "claims.yaml"
    claims.write_text(claims.read_text(encoding="utf-8") + ID_CLAIM, encoding="utf-8")
    with_sentence(root, code, sentence)
    check(root)


@pytest.mark.parametrize(
    "code, sentence",
    [
        ("en", "MLCommons verified Acme's figure, [[claim:vendor-efficiency]]."),
        ("en", "Acme's verified [[claim:vendor-efficiency]] stands."),
        ("zh", "经 MLCommons 核验，Acme 的能效为 [[claim:vendor-efficiency]]。"),
        ("zh", "Acme 称其能效为 [[claim:vendor-efficiency]]，已经验证。"),
        ("it", "Secondo Acme, [[claim:vendor-efficiency]], verificato da MLCommons."),
        # Every inflection, and a word after the claim governed by it (no claim follows).
        ("en", "Acme says [[claim:vendor-efficiency]], a verifiable figure."),
        ("en", "Acme says [[claim:vendor-efficiency]]; an MLCommons-verified figure."),
        ("it", "Secondo Acme, [[claim:vendor-efficiency]], una cifra verificata."),
        ("it", "Secondo Acme, [[claim:vendor-efficiency]], cifre verificate da MLCommons."),
        ("it", "Superate le verifiche di MLCommons, Acme indica [[claim:vendor-efficiency]]."),
        ("it", "MLCommons verificò [[claim:vendor-efficiency]]."),
        ("zh", "经 MLCommons 认证，Acme 的能效为 [[claim:vendor-efficiency]]。"),
        ("zh", "Acme 称其能效为 [[claim:vendor-efficiency]]，该数字已核实。"),
        ("zh", "MLCommons 验证过的 [[claim:vendor-efficiency]]。"),
        # Other words that say someone checked the figure: confirmed, audited (Italian
        # "revisionata", the glossary's word for MLCommons' review), validated, certified.
        ("en", "Acme says [[claim:vendor-efficiency]], a confirmed figure."),
        ("en", "Acme's audited [[claim:vendor-efficiency]] stands."),
        ("en", "Acme says [[claim:vendor-efficiency]], validated by MLCommons."),
        ("en", "Acme says [[claim:vendor-efficiency]], certified by MLCommons."),
        ("en", "Acme says [[claim:vendor-efficiency]], a peer-reviewed figure."),
        ("it", "Secondo Acme, [[claim:vendor-efficiency]], cifra revisionata da MLCommons."),
        ("it", "Secondo Acme, [[claim:vendor-efficiency]], confermata da MLCommons."),
        ("it", "Secondo Acme, [[claim:vendor-efficiency]], cifra convalidata."),
        ("zh", "Acme 称其能效为 [[claim:vendor-efficiency]]，已经 MLCommons 确认。"),
        ("zh", "经 MLCommons 审核，Acme 的能效为 [[claim:vendor-efficiency]]。"),
        # A negation that does not negate the word: 不超过 (no more than), 无疑 (no doubt),
        # 不仅 (not only), "no more than", "not just", "non solo".
        ("zh", "Acme 称其能效与对手相差不超过经审核的 [[claim:vendor-efficiency]]。"),
        ("zh", "Acme 称其能效为 [[claim:vendor-efficiency]]，无疑已经审核。"),
        ("zh", "Acme 称其能效为 [[claim:vendor-efficiency]]，不仅经过审核。"),
        ("zh", "Acme 称其能效为 [[claim:vendor-efficiency]]，其数据无一不经审核。"),
        ("en", "Acme's lead is no more than an audited [[claim:vendor-efficiency]]."),
        ("en", "Acme says [[claim:vendor-efficiency]], not just audited."),
        ("it", "Secondo Acme, [[claim:vendor-efficiency]], cifra non solo revisionata."),
        # "No," answers a question and negates nothing; more words for a check.
        ("en", "Is it only Acme's figure? No, MLCommons audited [[claim:vendor-efficiency]]."),
        ("en", "Acme's [[claim:vendor-efficiency]] was checked by MLCommons."),
        ("it", "Secondo Acme, [[claim:vendor-efficiency]], cifra controllata da MLCommons."),
        # A derived figure is not verified by MLCommons either: its footnote says so.
        (
            "en",
            "The system reached [[claim:top-offline]], or a verified "
            "[[claim:top-per-accelerator]] per accelerator.",
        ),
    ],
)
def test_verification_words_beside_a_figure_mlcommons_did_not_verify_are_refused(
    root, code, sentence
):
    write_line(root, code, 10 if "top-offline" in sentence else 11, sentence)
    found = [m for m in messages(root) if "which MLCommons did not verify" in m]
    assert len(found) == 1 and found[0].startswith(f"docs/{code}/blog/posts/record.md: line ")
    assert "drop the word, or say that it is not verified" in found[0]


@pytest.mark.parametrize(
    "code, sentence",
    [
        ("en", "Acme says [[claim:vendor-efficiency]], a figure MLCommons has not verified."),
        ("en", "Acme says [[claim:vendor-efficiency]]; MLCommons did not verify it."),
        ("zh", "Acme 称其能效为 [[claim:vendor-efficiency]]，未经 MLCommons 核验。"),
        ("it", "Secondo Acme, [[claim:vendor-efficiency]], cifra non verificata da MLCommons."),
        ("it", "Secondo Acme, [[claim:vendor-efficiency]], senza alcuna verifica di MLCommons."),
        ("it", "Secondo Acme, [[claim:vendor-efficiency]], nessuna verifica di MLCommons."),
        ("zh", "Acme 称其能效为 [[claim:vendor-efficiency]]，尚未经过 MLCommons 认证。"),
        ("zh", "Acme 称其能效为 [[claim:vendor-efficiency]]，MLCommons 无法核验。"),
        ("en", "Acme says [[claim:vendor-efficiency]], a figure MLCommons has not audited."),
        ("it", "Secondo Acme, [[claim:vendor-efficiency]], cifra non revisionata da MLCommons."),
        ("zh", "Acme 称其能效为 [[claim:vendor-efficiency]]，未经 MLCommons 审核。"),
        ("en", "Acme says [[claim:vendor-efficiency]], which has yet to be confirmed."),
        ("en", "Acme says [[claim:vendor-efficiency]], which is far from confirmed."),
        ("en", "Acme says [[claim:vendor-efficiency]], not yet independently verified."),
        ("it", "Secondo Acme, [[claim:vendor-efficiency]], cifra non ancora confermata."),
        ("it", "Secondo Acme, [[claim:vendor-efficiency]], che non è stata verificata."),
        ("zh", "Acme 称其能效为 [[claim:vendor-efficiency]]，尚未确认。"),
        ("zh", "Acme 称其能效为 [[claim:vendor-efficiency]]，没有经过审核。"),
        ("en", "Nobody has confirmed Acme's [[claim:vendor-efficiency]]."),
        ("en", "Acme says [[claim:vendor-efficiency]], a non-audited figure."),
        ("zh", "Acme 称其能效为 [[claim:vendor-efficiency]]，MLCommons 并未对其进行核验。"),
        ("zh", "Acme 称其能效为 [[claim:vendor-efficiency]]，未经 MLCommons 独立审核。"),
        ("it", "Secondo Acme, [[claim:vendor-efficiency]], ma MLCommons non l'ha verificata."),
        ("it", "Secondo Acme, [[claim:vendor-efficiency]], che MLCommons non ha verificato."),
    ],
)
def test_a_figure_said_not_to_be_verified_passes(root, code, sentence):
    write_line(root, code, 11, sentence)
    check(root)


def test_verified_beside_an_official_result_passes(root):
    edit(
        root / "docs" / "en" / "blog" / "posts" / "record.md",
        "[[claim:top-offline]],",
        "[[claim:top-offline]], verified by MLCommons,",
    )
    check(root)


# 6.1-0027 (gpt-oss-120b) 5,749,440 Tokens/s ÷ 6.1-0026 (deepseek-r1) 2,901,950 Tokens/s, both
# Crusoe, v6.1 Offline, closed, available, 512 accelerators (data/results/v6.1.csv) = 1.98.
BENCHMARK_RATIO = """
  two-benchmarks:
    stated: 1.98
    sources: [mlcommons-v6.1]
    derivation:
      formula: ratio
      results:
        - {round: v6.1, model: gpt-oss-120b, scenario: Offline, result_id: 6.1-0027}  # Crusoe
        - {round: v6.1, model: deepseek-r1, scenario: Offline, result_id: 6.1-0026}  # Crusoe
"""


def test_a_ratio_of_two_benchmarks_must_say_so(root):
    path = root / "data" / "claims.yaml"
    path.write_text(path.read_text(encoding="utf-8") + BENCHMARK_RATIO, encoding="utf-8")
    [message] = messages(root)
    lines = path.read_text(encoding="utf-8").split("\n")
    derivation_line = 1 + max(i for i, line in enumerate(lines) if line == "    derivation:")
    assert message.startswith(
        f"data/claims.yaml: line {derivation_line}: "
        "field 'claims.two-benchmarks.derivation': "
        "claim 'two-benchmarks': compares results that differ in "
        "benchmark: "
    )
    assert message.endswith("add `differences: [benchmark]` to its derivation")
    edit(
        path,
        "        - {round: v6.1, model: deepseek-r1, scenario: Offline, result_id: "
        "6.1-0026}  # Crusoe",
        "        - {round: v6.1, model: deepseek-r1, scenario: Offline, "
        "result_id: 6.1-0026}  # Crusoe\n      differences: [benchmark]",
    )
    check(root)
    shown = render("[[claim:two-benchmarks]]", "en", root)
    assert "The compared results differ in: benchmark gpt-oss-120b vs deepseek-r1." in shown


# Two v5.1 open-division resnet Offline results of GATEOverflow on CPUs (data/results/v5.1.csv):
# 5.1-0106 ran efficientnet-fp32-lite0 (175.357 Samples/s), 5.1-0107 efficientnet-fp32-lite1
# (112.388): one benchmark, two models, 175.357 / 112.388 = 1.56.
OPEN_RATIO = """
  two-open-models:
    sources: [mlcommons-v6.1]
    derivation:
      formula: ratio
      results:
        - {round: v5.1, model: resnet, scenario: Offline, result_id: 5.1-0106}  # GATEOverflow
        - {round: v5.1, model: resnet, scenario: Offline, result_id: 5.1-0107}  # GATEOverflow
"""


def test_a_ratio_of_two_models_run_in_the_open_division_must_say_so(root):
    path = root / "data" / "claims.yaml"
    path.write_text(path.read_text(encoding="utf-8") + OPEN_RATIO, encoding="utf-8")
    [message] = messages(root)
    assert "claim 'two-open-models': compares results that differ in used_model: " in message
    assert message.endswith("add `differences: [used_model]` to its derivation")
    edit(
        path,
        "5.1-0107}  # GATEOverflow",
        "5.1-0107}  # GATEOverflow\n      differences: [used_model]",
    )
    check(root)
    shown = render("[[claim:two-open-models]]", "it", root)
    assert (
        "differiscono per: modello eseguito (efficientnet-fp32-lite0 contro "
        "efficientnet-fp32-lite1)." in shown
    )


# Sums, worked from data/results/v6.1.csv (closed, available, Offline): 6.1-0027 (Crusoe,
# gpt-oss-120b, 512 accelerators) 5,749,440 + 6.1-0026 (Crusoe, deepseek-r1) 2,901,950 Tokens/s
# adds two benchmarks; + 6.1-0004 (AMD, gpt-oss-120b, 72 accelerators) 1,039,900 adds two
# systems of one benchmark, whose accelerator counts may differ unsaid.
SUMS = """
  two-benchmarks-summed:
    sources: [mlcommons-v6.1]
    derivation:
      formula: sum
      results:
        - {round: v6.1, model: gpt-oss-120b, scenario: Offline, result_id: 6.1-0027}  # Crusoe
        - {round: v6.1, model: deepseek-r1, scenario: Offline, result_id: 6.1-0026}  # Crusoe
  two-systems-summed:
    sources: [mlcommons-v6.1]
    derivation:
      formula: sum
      results:
        - {round: v6.1, model: gpt-oss-120b, scenario: Offline, result_id: 6.1-0027}  # Crusoe
        - {round: v6.1, model: gpt-oss-120b, scenario: Offline, result_id: 6.1-0004}  # AMD
"""


def test_a_sum_of_two_benchmarks_must_say_so(root):
    path = root / "data" / "claims.yaml"
    path.write_text(path.read_text(encoding="utf-8") + SUMS, encoding="utf-8")
    [message] = messages(root)
    assert message.startswith(
        "data/claims.yaml: line "
        f"{line_of(path, '      formula: sum') - 1}: "
        "field 'claims.two-benchmarks-summed.derivation': "
        "claim 'two-benchmarks-summed': sums results that differ in benchmark: "
    )
    assert message.endswith("add `differences: [benchmark]` to its derivation")
    edit(
        path,
        "result_id: 6.1-0026}  # Crusoe",
        "result_id: 6.1-0026}  # Crusoe\n      differences: [benchmark]",
    )
    check(root)
    shown = render("[[claim:two-benchmarks-summed]] [[claim:two-systems-summed]]", "en", root)
    assert shown.count("The compared results differ in:") == 1
    assert "The compared results differ in: benchmark gpt-oss-120b vs deepseek-r1." in shown


@pytest.mark.parametrize(
    "typed",
    [
        "measures: {round: v6.1, model: gpt-oss-120b, scenario: Server}",
        "measures: {round: v6.0, model: gpt-oss-120b, scenario: Offline}",
        "measures: {round: v6.1, model: deepseek-r1, scenario: Offline, accelerators: 8}",
    ],
)
def test_measures_cannot_say_other_than_the_derivation_selects(root, dataset, typed):
    # What a computed figure measures is read from its results (6.1-0027 gpt-oss-120b Offline,
    # v6.1, 512 accelerators): a typed scope, which could say Server, is refused, and the
    # Verification page and the download show the results' own scope.
    path = root / "data" / "claims.yaml"
    edit(path, "  top-offline:\n", f"  top-offline:\n    {typed}\n")
    [message] = messages(root)
    assert message.startswith(
        f"data/claims.yaml: line {line_of(path, '  top-offline:')}: field 'claims.top-offline': "
        "Value error, a claim with a derivation does not type 'measures'"
    )
    from generator.editorial.verification import claim_view

    fixture = load_registry(FIXTURES / "project" / "claims.yaml")
    view = claim_view("top-offline", fixture, list(dataset.records), language("en"))
    assert ("Scenario", "Offline") in view.measures and ("Round", "v6.1") in view.measures
    assert ("Accelerators", "512") in view.measures


def test_a_vendor_figure_is_not_sourced_to_mlcommons(root):
    path = root / "data" / "claims.yaml"
    edit(path, "    sources: [acme-blog]", "    sources: [mlcommons-v6.1, acme-blog]")
    [message] = messages(root)
    assert message.startswith(
        f"data/claims.yaml: line {line_of(path, '    sources: [mlcommons-v6.1, acme-blog]')}: "
        "field 'claims.vendor-efficiency.sources': a vendor figure is "
        "sourced to MLCommons ('mlcommons-v6.1')"
    )


def test_a_figure_of_another_result_is_fixed_in_the_derivation_not_the_value(root):
    # The editor wrote the Server figure of Crusoe's gpt-oss-120b system (5,392,930 Tokens/s,
    # data/results/v6.1.csv) for a claim derived from its Offline result (5,749,440): the
    # message names the same system's scenario the figure belongs to and says the selector
    # is the fix.
    path = root / "data" / "claims.yaml"
    edit(path, "  top-offline:\n", "  top-offline:\n    stated: 5392930\n")
    [message] = messages(root)
    assert (
        "claim 'top-offline': stated 5,392,930 Tokens/s, but its derivation computes 5,749,440"
        in message
    )
    assert (
        ". 5392930 is the same system's result in gpt-oss-120b Server: if the article means "
        "that figure, select that benchmark and scenario in the derivation"
    ) in message


def test_a_drift_never_suggests_another_systems_figure(root):
    # 5,392,930 ± nothing: 2,901,950 Tokens/s is Crusoe's deepseek-r1 Offline (6.1-0026), another
    # system (data/results/v6.1.csv): the message gives the data's figure, never that one.
    path = root / "data" / "claims.yaml"
    edit(path, "  top-offline:\n", "  top-offline:\n    stated: 2901950\n")
    [message] = messages(root)
    assert "Write `stated: 5,749,440`" in message
    assert "6.1-0026" not in message and "deepseek" not in message and "select" not in message


# --- Only the renderer makes flags (issue 31, item 3) -----------------------------------------
@pytest.mark.parametrize(
    "markup, what",
    [
        # The flag verification.ClaimView.flag draws, copied by hand around a figure no claim backs.
        (
            '<span class="claim claim--verified" data-claim="x"><span class="claim__value">9×</span> '
            '<a class="claim__flag">✔ Verified</a></span>',
            '<span class="claim claim--verified">',
        ),
        (
            '<a class="claim__flag" href="#claim-top-offline">Verified</a>',
            '<a class="claim__flag">, a flag',
        ),
        ('<span data-claim="top-offline">9×</span>', "the attribute data-claim= of <span>"),
        ('<tr id="claim-fake"><td>9×</td></tr>', "the attribute id= of <tr>, a claim's"),
        (
            '<div class="mlperf-table claims-table">x</div>',
            '<div class="mlperf-table claims-table">',
        ),
        ("Acme's figure ∑ Derived", "the flag symbol '∑'"),
        ("◔ Preview", "the flag symbol '◔'"),
        # The same symbols as character references, which the page shows as the symbols.
        ('1.4× <sup title="Verified by MLCommons">&#10004;</sup>', "the flag symbol '&#10004;'"),
        ("<abbr>&#x2714;&#xFE0E;</abbr> Verified", "the flag symbol '&#x2714;'"),
        ("&#8721; Derived", "the flag symbol '&#8721;'"),
        ('<b style="color:#2e7d32">Verified</b>', "the inline style= of <b>"),
    ],
)
def test_markup_imitating_a_flag_is_refused(root, markup, what):
    post = root / "docs" / "en" / "blog" / "posts" / "record.md"
    edit(post, "Acme says", f"{markup}\n\nAcme says")
    found = [m for m in messages(root) if "flag markup" in m]
    assert found and all(
        m.startswith("docs/en/blog/posts/record.md: line 12: flag markup: ") for m in found
    )
    assert any(what in m for m in found)


def test_flag_symbols_in_code_and_comments_pass(root):
    post = root / "docs" / "en" / "blog" / "posts" / "record.md"
    edit(post, "Acme says", "The flag `✔ Verified` in code.\n\n<!-- ✔ a note -->\n\nAcme says")
    check(root)


@pytest.mark.parametrize(
    "markup, what",
    [
        ("[Acme](http://example.com/x)", "the link target 'http://example.com/x'"),
        ("![chart](http://example.com/c.png)", "the link target 'http://example.com/c.png'"),
        ("[a]: http://example.com/a", "the link target 'http://example.com/a'"),
        ('<a href="http://example.com/y">y</a>', 'href="http://example.com/y" of <a>'),
        ('<img src="HTTP://example.com/i.png" alt="i">', 'src="HTTP://example.com/i.png" of <img>'),
    ],
)
def test_http_links_are_refused_with_https_as_the_fix(root, markup, what):
    post = root / "docs" / "en" / "blog" / "posts" / "record.md"
    edit(post, "Acme says", f"{markup}\n\nAcme says")
    found = [m for m in messages(root) if "is http://" in m]
    assert found == [
        f"docs/en/blog/posts/record.md: line 12: {what} is http://: a page or "
        "image over http can be altered on its way to the reader and browsers "
        "block it on an https page; write https:// (every source the site cites "
        "has it)"
    ]


# --- Addresses are permanent across commits (issue 31, item 4) --------------------------------
# The fixture post is published at blog/2026/09/17/record/ (its date and slug). No git here: a
# pull request's merge commit in CI has no history either, only the committed list.
def publish(root):
    from generator.editorial.articles import articles
    from generator.editorial.redirects import record_published

    path = root / "data" / "published.yaml"
    assert record_published(articles(root / "docs"), path)
    return path


def test_the_build_lists_each_address_once_and_never_changes_a_line(root):
    from generator.editorial.articles import articles
    from generator.editorial.redirects import published, record_published

    path = publish(root)
    assert published(path) == {"blog/2026/09/17/record/": "record"}
    for code in ("en", "zh", "it"):
        edit(
            root / "docs" / code / "blog" / "posts" / "record.md",
            "slug: record",
            "slug: new-record",
        )
    assert record_published(articles(root / "docs"), path)  # the new address is added
    assert record_published(articles(root / "docs"), path) is False  # once
    assert published(path) == {
        "blog/2026/09/17/record/": "record",
        "blog/2026/09/17/new-record/": "record",
    }


@pytest.mark.parametrize(
    "field, old, new, now",
    [
        ("slug", "slug: record", "slug: new-record", "blog/2026/09/17/new-record/"),
        ("date", "date: 2026-09-17", "date: 2026-09-18", "blog/2026/09/18/record/"),
    ],
)
def test_a_committed_address_change_is_refused_without_history(root, field, old, new, now):
    path = publish(root)
    for code in ("en", "zh", "it"):
        edit(root / "docs" / code / "blog" / "posts" / "record.md", old, new)
    found = messages(root)
    assert len(found) == 1 and found[0].endswith(
        f"field 'slug': the address changed from blog/2026/09/17/record/ (published: "
        f"data/published.yaml line {line_of(path, 'blog/2026/09/17/record/: record')}) to {now} "
        "(slug or date): readers and search engines know the old one; add the line "
        f"'blog/2026/09/17/record/: {now}' to data/redirects.yaml (if the post was never "
        "published, not yet merged, remove its old line from data/published.yaml instead)"
    )
    (root / "data" / "redirects.yaml").write_text(
        f"blog/2026/09/17/record/: {now}\n", encoding="utf-8"
    )
    check(root)


def test_a_published_post_that_is_gone_needs_a_redirect(root):
    path = publish(root)
    # The file renamed with its slug: no post named 'record' is left to follow.
    for code in ("en", "zh", "it"):
        post = root / "docs" / code / "blog" / "posts" / "record.md"
        edit(post, "slug: record", "slug: renamed")
        post.rename(post.with_name("renamed.md"))
    assert [m for m in messages(root) if "published" in m] == [
        f"data/published.yaml: line {line_of(path, 'blog/2026/09/17/record/: record')}: field "
        "'blog/2026/09/17/record/': the published address of 'record' leads to no post: readers "
        "and search engines know it; add the line 'blog/2026/09/17/record/: <the address it "
        "moved to>' to data/redirects.yaml (or, for a draft that was never merged into the "
        "default branch, remove this line of data/published.yaml)"
    ]


@pytest.mark.parametrize("code", ["en", "zh", "it"])
def test_a_post_dated_in_the_future_is_refused(root, code):
    # Refused, not held back: the site is built when a change is merged, so a future date
    # would lead the blog index, the home page and the feed (issue 31).
    for c in ("en", "zh", "it"):
        edit(
            root / "docs" / c / "blog" / "posts" / "record.md",
            "date: 2026-09-17",
            "date: 2999-01-01",
        )
    found = [m for m in messages(root) if m.startswith(f"docs/{code}/")]
    assert found == [
        f"docs/{code}/blog/posts/record.md: line 2: field 'date': 2999-01-01 is in "
        "the future: the site is built when a change is merged, so the post would "
        "be published now, dated ahead, and lead the blog index, the home page and "
        "the feed until then; date it the day it is merged"
    ]


def test_a_post_dated_today_anywhere_passes(root):
    from generator.editorial.article_checks import latest_today

    for c in ("en", "zh", "it"):
        edit(
            root / "docs" / c / "blog" / "posts" / "record.md",
            "date: 2026-09-17",
            f"date: {latest_today().isoformat()}",
        )
    check(root)


# --- Images, footnotes and balanced markup (issue 31, item 5) ---------------------------------
def image(path, width=40, height=20, noise=False):
    """A PNG of ``width`` × ``height`` px at ``path``; with ``noise``, random pixels, which PNG
    cannot compress (600 × 600 × 3 bytes is about 1 MB)."""
    import os

    from PIL import Image

    path.parent.mkdir(parents=True, exist_ok=True)
    if noise:
        Image.frombytes("RGB", (width, height), os.urandom(width * height * 3)).save(path)
    else:
        Image.new("RGB", (width, height), "white").save(path)
    return path


def add_line(root, text, code="en"):
    post = root / "docs" / code / "blog" / "posts" / "record.md"
    before = {"en": "Acme says", "zh": "Acme 称", "it": "Secondo Acme"}[code]
    edit(post, before, f"{text}\n\n{before}")  # at line 12
    return post


def test_an_image_beside_the_post_and_a_shared_one_pass(root):
    import markdown

    from generator.site.build import copy_shared_images

    image(root / "docs" / "en" / "blog" / "posts" / "chart.png")
    image(root / "docs" / "images" / "logo.png", 30, 30)
    add_line(
        root,
        '![A bar chart](chart.png){ width="40" height="20" } and '
        '![The logo](../../images/logo.png){ width="30" height="30" }',
    )
    check(root)  # the shared image is found in docs/images/ before the build copies it
    assert copy_shared_images(root / "docs") == 3  # once per language
    assert (root / "docs" / "zh" / "images" / "logo.png").is_file()
    # Python-Markdown's attr_list (mkdocs.yml) writes the size into the page.
    html = markdown.markdown(
        '![A bar chart](chart.png){ width="40" height="20" }', extensions=["attr_list"]
    )
    assert 'width="40"' in html and 'height="20"' in html and 'alt="A bar chart"' in html


@pytest.mark.parametrize(
    "code, markup, problem",
    [
        (
            "en",
            "![](chart.png)",
            "the image 'chart.png' has no alt text: say what it shows, in the "
            "article's language, for readers who cannot see it (![what it "
            "shows](…))",
        ),
        (
            "zh",
            '![A chart](chart.png){ width="40" height="20" }',
            "the alt text 'A chart' of 'chart.png' has no Chinese",
        ),
        (
            "it",
            "![Un grafico](chart.png)",
            "the image 'chart.png' is 40×20 px: write { width=\"40\" "
            'height="20" } right after the image, so that the page '
            "keeps its place while the image loads",
        ),
        (
            "en",
            '<img src="chart.png" alt="A chart">',
            'the image \'chart.png\' is 40×20 px: write width="40" height="20" to the <img>',
        ),
        ("en", '<img src="chart.png">', "the image 'chart.png' has no alt text"),
    ],
)
def test_an_image_needs_alt_text_and_its_size(root, code, markup, problem):
    image(root / "docs" / code / "blog" / "posts" / "chart.png")
    add_line(root, markup, code)
    found = [m for m in messages(root) if "image" in m or "alt text" in m]
    assert any(
        m.startswith(f"docs/{code}/blog/posts/record.md: line 12: {problem}") for m in found
    ), found


def test_a_heavy_image_is_refused_with_webp_or_avif_as_the_fix(root):
    path = image(root / "docs" / "en" / "blog" / "posts" / "photo.png", 600, 600, noise=True)
    add_line(root, '![A photo](photo.png){ width="600" height="600" }')
    kb = f"{path.stat().st_size / 1024:,.0f}"
    assert messages(root) == [
        f"docs/en/blog/posts/record.md: line 12: the image 'photo.png' "
        f"weighs {kb} KB, over the 300 KB an article image may weigh "
        "(readers on phones pay for every byte): save it as WebP or AVIF, "
        "at the width it is shown (1,600 px at most)"
    ]


def test_a_missing_image_is_a_broken_link(root):
    add_line(root, "![A chart](nowhere.png)")
    assert any(
        m.startswith("docs/en/blog/posts/record.md: line 12: broken link 'nowhere.png'")
        for m in messages(root)
    )


def test_standard_footnotes_pass_in_every_language(root):
    # "[^1]: The note" used to be read as a link definition: "broken link 'The'".
    for code, before in (("en", "Acme says"), ("zh", "Acme 称"), ("it", "Secondo Acme")):
        edit(
            root / "docs" / code / "blog" / "posts" / "record.md",
            before,
            f"A remark.[^1]\n\n[^1]: The note, from [MLCommons](https://mlcommons.org/).\n\n"
            f"{before}",
        )
    check(root)


def test_a_footnote_without_its_note_is_refused(root):
    add_line(root, "A remark.[^src]")
    assert messages(root) == [
        "docs/en/blog/posts/record.md: line 12: footnote [^src] has no "
        "note: add a line '[^src]: the note' (after the paragraph or at "
        "the end)"
    ]


@pytest.mark.parametrize(
    "markup, problem",
    [
        (
            '<div class="note">\n\nText',
            "<div> is never closed: Markdown would read the rest of the "
            "article as raw HTML (its claims and links unrendered); add "
            "</div> where it ends",
        ),
        ("<section><div>Text</section>", "<div> is never closed"),
        ("Text</div>", "</div> closes no open <div>: remove it, or open the element"),
        (
            "```python\nprint(1)",
            "a code fence opened here is never closed: the page would show its backticks, "
            "and the code after them as text",
        ),
    ],
)
def test_unbalanced_markup_is_reported_with_its_line(root, markup, problem):
    add_line(root, markup)
    found = messages(root)
    assert f"docs/en/blog/posts/record.md: line 12: {problem}" in "\n".join(found), found


def test_balanced_markup_and_html_in_code_pass(root):
    add_line(
        root,
        "<details><summary>More</summary>\n<p>Text\n</details>\n\n"
        "`<div>` in code, <br> and <https://mlcommons.org/>.\n\n~~~\n<div>\n~~~",
    )
    check(root)


# check reads each article with the build's own Markdown (generator/editorial/article_markdown.py):
# what the build makes code, HTML or text is what check judges, and an article the build's
# Markdown cannot convert is refused with its line instead of stopping the build.
@pytest.mark.parametrize(
    "markup",
    [
        # An indented code block: its link and tag are code (regular expressions saw a broken
        # link and an open <div>).
        "An example:\n\n    [a link](nowhere.md) and <div>",
        # A code span of two backticks holding one: code, not an open element.
        "Write ``a ` <div> b`` in code.",
        # A fence of four backticks showing a fence of three around HTML: all of it is code
        # (the raw-HTML stash took the inner fence's end for the outer's, and the build stopped
        # with "raw HTML placeholders lost").
        "````markdown\n```\n\n<div>shown, never run</div>\n\n```\n````",
        # Footnotes whose note holds a link and a reference link defined below it.
        "A remark.[^note] See [the results][results].\n\n"
        "[^note]: From [MLCommons](https://mlcommons.org/).\n\n"
        "[results]: ../../../../../results/",
    ],
)
def test_what_the_builds_markdown_reads_as_code_or_well_formed_passes(root, markup):
    add_line(root, markup)
    check(root)


@pytest.mark.parametrize(
    "markup, line, problem",
    [
        # attr_list (mkdocs.yml) writes any attribute onto a Markdown element: judged as HTML.
        (
            '[Acme](https://example.com/){ onclick="alert(this)" }',
            12,
            "unsafe markup: the attribute onclick= of <a> would run code",
        ),
        ("Acme leads.\n{: .claim--verified }", 13, 'flag markup: <p class="claim--verified">'),
        (
            '![A chart](https://example.com/c.webp){ style="display:none" }',
            12,
            "flag markup: the inline style= of <img>",
        ),
        # An element opened inside a paragraph and never closed.
        ("Acme <span>leads.", 12, "<span> is never closed"),
        # A stray end tag after an HTML block that closed itself.
        ("<div>\nText\n</div>\n</div>", 15, "</div> closes no open <div>"),
    ],
)
def test_markup_the_builds_markdown_passes_through_is_judged(root, markup, line, problem):
    add_line(root, markup)
    found = messages(root)
    assert any(
        m.startswith(f"docs/en/blog/posts/record.md: line {line}: {problem}") for m in found
    ), found


def test_an_article_the_builds_markdown_cannot_convert_is_refused_with_its_line(root, monkeypatch):
    # An extension that fails on an article (here the raw-HTML stash, made to fail) would stop
    # the build with a traceback and no line; check converts every article first and names
    # the block from which the conversion fails.
    from generator.site import rawhtml

    def fail(html, blocks):
        raise ValueError("placeholders lost")

    monkeypatch.setattr(rawhtml, "restore", fail)
    add_line(root, "Fine text.\n\n<div>A block the stash sets aside.</div>")
    found = messages(root)
    assert any(
        m.startswith(
            "docs/en/blog/posts/record.md: line 14: the site's Markdown stops on this "
            "article (ValueError: placeholders lost), from the block that starts here"
        )
        for m in found
    ), found


@pytest.mark.parametrize(
    "markdown, closed",
    [
        (
            '<div class="note">\n\n<section>Text',
            '<div class="note">\n\n<section>Text\n</section></div>\n',
        ),
        ("Text\n\n```python\nprint(1)\n", "Text\n\n```python\nprint(1)\n```\n"),
        ("<p>Fine</p>\n", "<p>Fine</p>\n"),
    ],
)
def test_the_preview_closes_what_an_article_leaves_open(markdown, closed):
    from generator.editorial.article_structure import balanced

    assert balanced(markdown) == closed


def test_two_posts_footnotes_do_not_share_an_id_on_the_blog_index():
    # The blog index shows several excerpts on one page: each post's [^1] gets a label of its
    # own text, code left as written; a text without footnotes is returned unchanged.
    import markdown

    from generator.editorial.verification import unique_footnotes

    first, second = "One[^1].\n\n[^1]: A.\n", "Two[^1] `[^1]`.\n\n[^1]: B.\n"
    ids = [
        re.findall(
            r'<li id="(fn:[^"]+)"', markdown.markdown(unique_footnotes(t), extensions=["footnotes"])
        )
        for t in (first, second)
    ]
    assert len(ids[0]) == len(ids[1]) == 1 and ids[0] != ids[1]
    assert "`[^1]`" in unique_footnotes(second)
    assert unique_footnotes("No notes.\n") == "No notes.\n"


def test_a_claim_in_the_front_matter_is_refused_with_its_line(root):
    # The description is shown as written (lists, feeds, search, social cards): a claim
    # reference there stopped the build with "claim references left unrendered" and no line.
    post = root / "docs" / "en" / "blog" / "posts" / "record.md"
    claim = CLAIM_REFERENCE.search(post.read_text(encoding="utf-8")).group(0)
    edit(post, "description: A test post.", f"description: A record of {claim}.")
    found = [m for m in messages(root) if "field 'description'" in m]
    assert found == [
        "docs/en/blog/posts/record.md: line 6: field 'description': a claim reference "
        "([[claim:ID]]) is drawn in the article's text only: the front matter is shown as it "
        "is written (lists, feeds, search results, social cards), where no flag can go; write "
        "the figure in the body and describe the article without it here"
    ], messages(root)


def test_an_html_comment_left_open_is_refused_with_its_line(root):
    # "<!--" with no "-->" after it: Markdown shows it and the rest of the article as text.
    post = root / "docs" / "en" / "blog" / "posts" / "record.md"
    edit(post, "Acme says", "<!-- an editor's note left open\n\nAcme says")
    assert (
        "docs/en/blog/posts/record.md: line 12: an HTML comment (<!--) opened here is never "
        "closed: the page would show it and the text after it; close it with -->"
    ) in messages(root)
    edit(post, "left open\n", "left open -->\n")  # closed, and a comment in code, pass
    edit(post, "Acme says", "`<!--` opens a comment.\n\nAcme says")
    check(root)


@pytest.mark.parametrize(
    "code, sentence, refused",
    [
        # top-offline is Crusoe's whole 512-GPU cluster (formula result), top-per-accelerator
        # the same result divided by 512 (tests/fixtures/project/claims.yaml).
        ("en", "The cluster reached [[claim:top-offline]] per accelerator.", "per accelerator"),
        ("en", "Each GPU served [[claim:top-per-accelerator]] in total.", "in total"),
        ("zh", "该集群每个加速器达到 [[claim:top-offline]]。", "每个加速器"),
        ("zh", "该集群总共达到 [[claim:top-per-accelerator]]。", "总共"),
        (
            "it",
            "Il cluster ha raggiunto [[claim:top-offline]] per acceleratore.",
            "per acceleratore",
        ),
        ("it", "In totale il cluster ha raggiunto [[claim:top-per-accelerator]].", "In totale"),
        # Other words for the same: a product code, a space before GPU (the zh style), a total.
        ("en", "The cluster reached [[claim:top-offline]] per MI355X.", "per MI355X"),
        ("zh", "该集群每块 GPU 达到 [[claim:top-offline]]。", "每块 GPU"),
        ("en", "The GPUs reached a total of [[claim:top-per-accelerator]].", "a total of"),
        # Each figure with the words that say what it counts (both quoted, as in the
        # translations).
        (
            "en",
            "The cluster reached [[claim:top-offline]] in total, or "
            "[[claim:top-per-accelerator]] per accelerator.",
            None,
        ),
        (
            "zh",
            "该集群总共达到 [[claim:top-offline]]，单加速器成绩为 [[claim:top-per-accelerator]]。",
            None,
        ),
        (
            "it",
            "Il cluster ha raggiunto in totale [[claim:top-offline]], cioè "
            "[[claim:top-per-accelerator]] per acceleratore.",
            None,
        ),
    ],
)
def test_a_sentence_says_what_its_figure_counts(root, code, sentence, refused):
    write_line(root, code, 10, sentence)
    if refused is None:
        check(root)
        return
    found = [m for m in messages(root) if "says the figure is counted" in m]
    assert len(found) == 1 and found[0].startswith(
        f"docs/{code}/blog/posts/record.md: line 11: '{refused}' says the figure is counted"
    ), found


@pytest.mark.parametrize(
    "code, sentence, refused",
    [
        # The sentence after a vendor figure says it of that figure when it points back.
        ("en", "Acme says [[claim:vendor-efficiency]]. MLCommons audited this.", "audited"),
        ("zh", "Acme 称其能效为 [[claim:vendor-efficiency]]。该数字已经 MLCommons 审核。", "审核"),
        (
            "it",
            "Secondo Acme, [[claim:vendor-efficiency]]. MLCommons l'ha revisionata.",
            "revisionata",
        ),
        # Negated, or in the next paragraph, or pointing at nothing: the rule has nothing to say.
        ("en", "Acme says [[claim:vendor-efficiency]]. MLCommons has not audited this.", None),
        ("en", "Acme says [[claim:vendor-efficiency]].\n\nMLCommons audited this.", None),
        ("en", "Acme says [[claim:vendor-efficiency]]. MLCommons audits every round.", None),
    ],
)
def test_a_verification_word_in_the_next_sentence_is_said_of_the_figure(
    root, code, sentence, refused
):
    write_line(root, code, 11, sentence)
    if refused is None:
        check(root)
        return
    found = [m for m in messages(root) if "in the sentence after claim" in m]
    assert len(found) == 1 and found[0].startswith(
        f"docs/{code}/blog/posts/record.md: line 12: '{refused}' in the sentence after claim "
        "'vendor-efficiency', which MLCommons did not verify (status vendor)"
    ), found
