"""The mistakes a new contributor makes, each caught by `check` with its file, line and fix
(issue 21): figures that differ from the data, a registry that silently keeps the last of two
copies, dates that are not dates. Each test starts from the fixture project, which passes."""

import pytest

from generator.editorial.check import check
from generator.editorial.claims import load_registry
from generator.editorial.verification import render_article
from generator.errors import InputErrors
from generator.i18n.languages import language
from tests.conftest import make_fixture_project

# Two claims of data/claims.yaml, with their derivations. Expected values worked by hand from
# data/results/v6.1.csv: MiTAC G4826 (6.1-0069) 118042 Tokens/s ÷ AMD 6.1-0003 121818 Tokens/s
# = 0.96900 -> 96.9 %; Vera Rubin NVL72 6.1-0106 ÷ GB300 NVL72 6.1-0074, deepseek-r1
# Interactive, = 2.57 (the ratio data/claims.yaml states, `vr-gb300-deepseek-interactive-ratio`).
EXTRA = """
  mitac-share:
    value: {share}
    status: derived
    measures: {{round: v6.1, model: gpt-oss-120b, scenario: Offline, submitter: MiTAC}}
    sources: [mlcommons-v6.1]
    derivation:
      formula: ratio
      results:
        - {{round: v6.1, model: gpt-oss-120b, scenario: Offline, result_id: 6.1-0069}}  # MiTAC: G4826
        - {{round: v6.1, model: gpt-oss-120b, scenario: Offline, result_id: 6.1-0003}}  # AMD
  vr-ratio:
    value: {ratio}
    unit: x
    status: preview
    measures: {{round: v6.1, model: deepseek-r1, scenario: Interactive}}
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
    path.write_text(path.read_text(encoding="utf-8") + EXTRA.format(
        share=share, ratio=ratio, rounding=rounding), encoding="utf-8")
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


def test_a_percentage_is_written_as_editors_write_it(root, dataset):
    add_claims(root)
    check(root)  # "96.9 %" passes
    registry = load_registry(root / "data" / "claims.yaml")
    shown = render_article("[[claim:mitac-share]]", registry, list(dataset.records),
                           language("en"))
    assert ">96.9%<" in shown and "recomputed: 96.9% ✔" in shown


def test_a_percentage_stored_as_a_fraction_is_refused_with_the_percent_to_state(root):
    path = add_claims(root, share="0.969\n    unit: \"%\"")
    [message] = messages(root)
    assert message.startswith(f"data/claims.yaml: line {line_of(path, '    value: 0.969')}: "
                              "claim 'mitac-share': stated 0.969 %, computed 96.9")
    assert message.endswith("state 96.9 %")


def test_a_ratio_needs_two_significant_figures(root):
    # 3 is 2.57 rounded to no decimals: it used to pass, and the page said 3×.
    path = add_claims(root, ratio="3")
    [message] = messages(root)
    assert message.startswith(f"data/claims.yaml: line {line_of(path, '    value: 3')}: "
                              "claim 'vr-ratio': stated 3× with one significant figure; the "
                              "data give 2.57")
    assert "state 2.6 (two significant figures), or say why in rounding:" in message


def test_a_ratio_may_be_coarse_when_the_claim_says_why(root):
    add_claims(root, ratio="3", rounding="\n    rounding: the headline of NVIDIA's comparison")
    check(root)


def test_the_page_shows_the_recomputation_at_the_stated_precision(root, dataset):
    # Stated 2.6 of 2.57: shown "2.6×", the recomputation rounded at one decimal.
    add_claims(root, ratio="2.6")
    check(root)
    registry = load_registry(root / "data" / "claims.yaml")
    shown = render_article("[[claim:vr-ratio]]", registry, list(dataset.records),
                           language("it"))
    assert ">2,6×<" in shown and "2,57×" in shown  # the footnote's formula gives 2.57


def test_a_drifted_claim_shows_its_drift_in_the_text(root, dataset):
    # Bypassing check (as the preview does while an editor types): the flag itself says so.
    add_claims(root, ratio="2.9")
    registry = load_registry(root / "data" / "claims.yaml")
    shown = render_article("[[claim:vr-ratio]]", registry, list(dataset.records),
                           language("en"))
    flag = shown.split("[^vr-ratio]")[0]
    assert "claim--drifted" in flag and "✖ Stated 2.9×, the data give 2.57×" in flag
    assert ">2.6×<" in flag  # the figure shown is still the data's


def test_a_ratio_cannot_be_verified(root):
    # MiTAC ÷ AMD (EXTRA, both results of the available category) is a figure this site
    # computes; its footnote says "Derived figure", so status 'verified' is refused on its
    # status line, by name, in favour of 'derived'.
    path = add_claims(root)
    edit(path, "    status: derived\n    measures: {round: v6.1, model: gpt-oss-120b, "
         "scenario: Offline, submitter: MiTAC}", "    status: verified\n    measures: {round: "
         "v6.1, model: gpt-oss-120b, scenario: Offline, submitter: MiTAC}")
    lines = path.read_text(encoding="utf-8").split("\n")
    status_line = 1 + lines.index("    status: verified", lines.index("  mitac-share:"))
    [message] = messages(root)
    assert message == (
        f"data/claims.yaml: line {status_line}: field 'claims.mitac-share.status': claim "
        "'mitac-share': status 'verified' is for an official result quoted as published, but "
        "formula 'ratio' computes a figure from results: MLCommons' results guidelines call it "
        "a derived metric, never an official or verified one (its footnote says \"Derived "
        "figure\"); give it status 'derived'")


def test_a_verified_claim_must_be_recomputable(root):
    path = root / "data" / "claims.yaml"
    edit(path, "status: vendor", "status: verified")
    [message] = messages(root)
    assert message == (f"data/claims.yaml: line {line_of(path, '  vendor-efficiency:')}: field "
                       "'claims.vendor-efficiency': Value error, a 'verified' claim must be "
                       "recomputable from the dataset: add a derivation, or give the status of "
                       "its source (vendor, third-party, unverified)")


def test_a_figure_of_ours_off_the_data_is_not_advised_to_be_disputed(root):
    path = add_claims(root, ratio="2.42")  # 5 % below 2.57
    [message] = messages(root)
    assert "state 2.57" in message and "disputed" not in message
    edit(path, "    value: 2.42\n    unit: x\n    status: preview",
         "    value: 2.42\n    unit: x\n    status: disputed\n"
         "    quote: {source: mlcommons-v6.1, text: \"2.42\"}")
    assert "not from the MLCommons results" in messages(root)[0]


def test_a_duplicate_claim_id_names_both_lines(root):
    path = root / "data" / "claims.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text + "  top-offline:\n    value: 1\n    unit: x\n    status: vendor\n"
                    "    measures: {round: v6.1}\n    sources: [acme-blog]\n", encoding="utf-8")
    first, second = line_of(path, "  top-offline:"), len(text.split("\n"))
    [message] = messages(root)
    assert message == (f"data/claims.yaml: line {second}: field 'claims.top-offline': duplicate "
                       f"key 'top-offline', first written at line {first}: YAML would keep "
                       "only this later copy; rename or remove one")


@pytest.mark.parametrize("name, old, new, line, first, field", [
    ("authors.yaml", "  name:", "  name: {en: A, zh: 甲, it: A}\n  name:", 3, 2, "desk.name"),
    ("tags.yaml", "{en: MLPerf,", "{en: MLPerf, en: Other,", 1, 1, "mlperf.en"),
])
def test_duplicate_keys_in_registries_name_both_lines(root, name, old, new, line, first, field):
    path = root / "data" / name
    edit(path, old, new)
    found = [m for m in messages(root) if "duplicate key" in m]
    assert found and found[0].startswith(f"data/{name}: line {line}: field '{field}': "
                                         f"duplicate key '{field.split('.')[-1]}', first "
                                         f"written at line {first}")


def test_a_duplicate_key_in_front_matter_names_both_lines(root):
    post = root / "docs" / "en" / "blog" / "posts" / "record.md"
    edit(post, "slug: record\n", "slug: record\nslug: other\n")
    assert ("docs/en/blog/posts/record.md: line 6: field 'slug': duplicate key 'slug', first "
            "written at line 5") in "\n".join(messages(root))


@pytest.mark.parametrize("date", ["2026-02-30", "2026-9-16", "16.09.2026"])
def test_a_date_that_is_not_a_date_names_line_field_and_form(root, date):
    path = root / "data" / "claims.yaml"
    edit(path, "    date: 2026-09-16", f"    date: {date}")
    [message] = messages(root)
    assert message == (f"data/claims.yaml: line 6: field 'sources.mlcommons-v6.1.date': "
                       f"'{date}' is not a date: write YYYY-MM-DD, e.g. 2026-09-17")


@pytest.mark.parametrize("markup, what", [
    ("<script>alert(1)</script>", "<script>"),
    ('<span onclick="alert(1)">x</span>', "the attribute onclick= of <span>"),
    ('<a href="jav&#x61;script:alert(1)">x</a>', 'href="javascript:alert(1)" of <a>'),
    ("[x](javascript:alert(1))", "the link target 'javascript:alert(1)'"),
    ('<iframe src="https://example.com"></iframe>', "<iframe>"),
    ('<img src="data:text/html,<b>" alt="">', 'src="data:text/html,<b>" of <img>'),
])
def test_unsafe_markup_in_an_article_is_refused_with_its_line(root, markup, what):
    post = root / "docs" / "en" / "blog" / "posts" / "record.md"
    edit(post, "Acme says", f"{markup}\n\nAcme says")
    assert (f"docs/en/blog/posts/record.md: line 12: unsafe markup: {what} would run code in "
            "the reader's browser") in "\n".join(messages(root))


def test_harmless_html_and_code_examples_pass(root):
    post = root / "docs" / "en" / "blog" / "posts" / "record.md"
    edit(post, "Acme says", '<abbr title="MLCommons">MLC</abbr> `<script>` in code.\n\n'
         "```html\n<script>alert(1)</script>\n```\n\nAcme says")
    check(root)


def test_an_unsafe_article_is_never_published(tmp_path):
    # The build runs check first: the page with the script is not written, the site stays.
    import subprocess
    import sys

    from tests.fixtures import ROOT
    root = make_fixture_project(tmp_path)
    post = root / "docs" / "en" / "blog" / "posts" / "record.md"
    post.write_text(post.read_text(encoding="utf-8") + "\n<script>alert(1)</script>\n",
                    encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "generator", "--root", str(root), "site"],
                          cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 1 and "unsafe markup: <script>" in done.stderr
    assert not (root / "site").exists() or not list((root / "site").rglob("*.html"))


def links_in_post(root, link, generated=None):
    """The link errors of the en fixture post with ``link`` added at its line 12. The post is
    published at blog/2026/09/17/record/ (front matter date and slug)."""
    from generator.editorial.article_links import check_links
    from generator.editorial.articles import read_article
    post = root / "docs" / "en" / "blog" / "posts" / "record.md"
    edit(post, "Acme says", f"See {link}.\n\nAcme says")
    posts = [read_article(root / "docs" / code / "blog" / "posts" / "record.md", language(code))
             for code in ("en", "zh", "it")]
    return [str(e).replace(str(root) + "/", "") for e in check_links(
        posts, root / "docs", "https://example.org/wiki/", generated)]


@pytest.mark.parametrize("link, problem", [
    # The URL form CONTRIBUTING recommends for generated pages, five levels up from the post.
    ("[r](../../../../../results/v9.9/power/)", "no such page"),
    ("[r](../../results/nothing.md)", "no such page"),
    ("[r](/wiki/en/results/v9.9/)", "no such page"),
    ("[r](https://example.org/wiki/zh/results/v9.9/)", "no such page"),
    ("[r](/elsewhere/en/)", "an absolute path outside the site (/wiki/)"),
    ("[r](#no-such-heading)", "no heading or claim '#no-such-heading' in this article"),
    ("[r](../../../../../blog/2026/09/18/record/)", "no en post is published at "
                                                      "blog/2026/09/18/record/"),
    ("[r](record.md#nowhere)", "no heading or claim '#nowhere' in record.md"),
    ('<a href="../../../../../results/v9.9/">r</a>', "no such page"),
    # Each language is its own MkDocs site: another language is linked by its address.
    ("[it](../../../it/blog/posts/record.md)", "outside this language's pages"),
])
def test_a_broken_link_is_reported_in_every_form_with_its_line(root, link, problem):
    (root / "docs" / "en" / "index.md").write_text("# Home\n", encoding="utf-8")  # generated
    [message] = links_in_post(root, link, generated=True)
    assert message.startswith("docs/en/blog/posts/record.md: line 12: broken link '")
    assert problem in message


@pytest.mark.parametrize("link", [
    "[home](../../../../../)", "[a claim](#claim-top-offline)", "[top](#the-record)",
    "[same post](../../../../../blog/2026/09/17/record/)", "[other site](https://mlcommons.org/x)",
    "[zh](/wiki/zh/blog/2026/09/17/record/)",
])
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
        edit(root / "docs" / code / "blog" / "posts" / "record.md", "slug: record",
             "slug: new-record")
    [message] = messages(root)
    assert message == ("docs/en/blog/posts/record.md: line 5: field 'slug': the address "
                       "changed from blog/2026/09/17/record/ to blog/2026/09/17/new-record/ "
                       "(slug or date): readers and search engines know the old one; add the "
                       "line 'blog/2026/09/17/record/: blog/2026/09/17/new-record/' to "
                       "data/redirects.yaml")
    (root / "data" / "redirects.yaml").write_text(
        "blog/2026/09/17/record/: blog/2026/09/17/new-record/\n", encoding="utf-8")
    _, registry, posts = check(root)
    assert any("its address changed from blog/2026/09/17/record/ to "
               "blog/2026/09/17/new-record/; redirects.yaml keeps the old address working" in n
               for n in notes(registry, posts, root))


def test_a_redirect_page_sends_the_old_address_to_the_new_one():
    from generator.editorial.redirects import redirect_page
    page = redirect_page("blog/2026/09/17/record/", "blog/2026/09/17/new-record/",
                         language("zh"))
    # From .../17/record/ the new address is one folder up, then new-record/.
    assert '<meta http-equiv="refresh" content="0; url=../new-record/">' in page
    assert '<link rel="canonical" href="../new-record/">' in page and 'lang="zh"' in page


def test_a_redirect_must_not_hide_a_post_nor_lead_nowhere(root):
    path = root / "data" / "redirects.yaml"
    path.write_text("blog/2026/09/17/record/: blog/2026/09/17/other/\n"
                    "blog/2025/01/01/old/: blog/2026/01/01/gone/\n", encoding="utf-8")
    found = messages(root)
    assert ("data/redirects.yaml: field 'blog/2026/09/17/record/': 'blog/2026/09/17/record/' "
            "is the address of a post: a redirect there would hide it") in found
    assert ("data/redirects.yaml: field 'blog/2025/01/01/old/': leads to "
            "'blog/2026/01/01/gone/', where no post is published") in found


def test_a_misspelt_id_is_the_only_message_not_its_consequences(root):
    post = root / "docs" / "zh" / "blog" / "posts" / "record.md"
    edit(post, "[[claim:top-offline]]", "[[claim:top-ofline]]")
    assert messages(root) == ["docs/zh/blog/posts/record.md: line 11: unknown claim "
                              "'top-ofline': add it to data/claims.yaml or fix the id; did you "
                              "mean 'top-offline'?"]


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
    assert ["docs/en/blog/posts/record.md: line 12: bare figure '8': quote it as [[claim:ID]], "
            "or write [[plain:8]] if it is not a figure (a version, a year)"] == messages(root)


def test_an_emoji_only_title_is_refused(root):
    post = root / "docs" / "it" / "blog" / "posts" / "record.md"
    edit(post, "# ", "# 🚀🔥\n\n# ")  # the first heading is the title
    assert any(m.startswith("docs/it/blog/posts/record.md: line 9: field 'title': '🚀🔥' has no "
                            "letters or digits") for m in messages(root))


def test_a_more_marker_missing_in_one_language_is_reported(root):
    for code, before in (("en", "Acme says"), ("zh", "Acme 称")):
        edit(root / "docs" / code / "blog" / "posts" / "record.md", before,
             f"<!-- more -->\n\n{before}")
    [message] = messages(root)
    assert message.startswith("docs/it/blog/posts/record.md: no <!-- more --> while its "
                              "translations have one (")
