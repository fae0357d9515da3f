"""Claims: registry validation, recomputation on the real v6.1 data, the `check` messages, and
how flags, footnotes and claim tables render in each language."""

import re

import markdown
import pytest
import yaml

from generator.check import check
from generator.claims import load_registry, recompute
from generator.errors import InputErrors
from generator.languages import language
from generator.verification import render_article
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
        "top-offline", "top-per-accelerator", "vendor-efficiency"}


def test_recomputation_on_real_v61_data(dataset):
    registry = load_registry(PROJECT / "claims.yaml")
    records = list(dataset.records)
    assert recompute(registry.claims["top-offline"].derivation, records).value == 5749440.0
    per_accelerator = recompute(registry.claims["top-per-accelerator"].derivation, records)
    assert per_accelerator.value == pytest.approx(5749440 / 512)   # worked by hand: 11229.375


def test_a_drifting_claim_fails_with_stated_and_computed_values(root):
    edit_claims(root, lambda d: d["claims"]["top-offline"].update(value=5900000))
    [message] = messages(root)
    post = root / "docs" / "en" / "blog" / "posts" / "record.md"
    # Reported where the fix goes (the line of the value), and where the claim is first
    # quoted: line 11 of the English post (front matter is lines 1-7).
    claims = (root / "data" / "claims.yaml").read_text(encoding="utf-8").split("\n")
    value_line = 1 + next(i for i, line in enumerate(claims) if "value: 5900000" in line)
    assert message.startswith(f"{root}/data/claims.yaml: line {value_line}: claim 'top-offline':"
                              " stated 5,900,000 Tokens/s, computed 5,749,440 from the dataset")
    assert message.endswith(f"quoted in {post} line 11")


def test_an_unknown_claim_id_is_reported_with_file_and_line(root):
    post = root / "docs" / "it" / "blog" / "posts" / "record.md"
    post.write_text(post.read_text(encoding="utf-8").replace("top-offline", "no-such-claim"),
                    encoding="utf-8")
    assert f"{post}: line 11: unknown claim 'no-such-claim'" in "\n".join(messages(root))


def test_a_claim_without_a_source_fails(root):
    edit_claims(root, lambda d: d["claims"]["vendor-efficiency"].update(sources=[]))
    [message] = messages(root)
    assert re.match(rf"{root}/data/claims.yaml: line \d+: field 'claims.vendor-efficiency"
                    r".sources': List should have at least 1 item", message)


def test_a_derivation_pointing_at_no_result_fails(root):
    edit_claims(root, lambda d: d["claims"]["top-offline"]["derivation"]["results"][0].update(
        system="No such system"))
    [message] = messages(root)
    assert "claim 'top-offline': derivation points at no single result: selector" in message
    assert "matches 0 records" in message


def test_an_unknown_status_fails(root):
    edit_claims(root, lambda d: d["claims"]["top-offline"].update(status="probably"))
    [message] = messages(root)
    assert "field 'claims.top-offline.status': Input should be 'verified'" in message


@pytest.mark.parametrize("code, value, label", [
    ("en", "5,749,440 Tokens/s", "Verified"),
    ("zh", "5,749,440 tokens/秒", "已核验"),
    ("it", "5.749.440 token/s", "Verificato"),
])
def test_flags_render_localized_value_label_tooltip_and_footnote(dataset, code, value, label):
    registry = load_registry(PROJECT / "claims.yaml")
    lang = language(code)
    out = render_article("Reached [[claim:top-offline]].", registry, list(dataset.records),
                         lang)
    page = markdown.markdown(out, extensions=["attr_list", "footnotes"])
    flag = re.search(r'<span class="claim claim--verified".*?</a></span>', page).group(0)
    assert f'<span class="claim__value">{value}</span>' in flag
    assert re.search(rf'<a class="claim__flag" href="#claim-top-offline" title="[^"]+">'
                     rf'✔ {label}</a>', flag)
    assert "MLCommons, MLPerf Inference v6.1 results, 2026-09-16" in flag
    assert "[^top-offline]" in out
    footnote = re.search(r"^\[\^top-offline\]: (.*)$", out, re.MULTILINE).group(1)
    assert "v6.1" in footnote and "gpt-oss-120b" in footnote and "Offline" in footnote
    assert "https://github.com/mlcommons/inference_results_v6.1/tree/main/" in footnote
    assert footnote.endswith("(#claim-top-offline)")
    assert '<tr id="claim-top-offline">' in out


def test_vendor_claims_get_escaped_claimreview_json_ld(dataset):
    registry = load_registry(PROJECT / "claims.yaml")
    out = render_article("Acme says [[claim:vendor-efficiency]].", registry,
                         list(dataset.records), language("en"))
    script = re.search(r'<script type="application/ld\+json">(.*?)</script>', out).group(1)
    assert '"@type": "ClaimReview"' in script
    assert "<b>" not in script and "\\u003cb\\u003e" in script  # title "Acme <b>fast</b> blog"
    assert "Result not verified by MLCommons Association." in out


def test_outdated_translations_are_listed_from_git_history(root):
    import subprocess
    from generator.articles import read_article
    from generator.check import outdated_translations
    git = lambda *a: subprocess.run(["git", *a], cwd=root, check=True, capture_output=True)
    git("init", "-q")
    git("-c", "user.email=t@t", "-c", "user.name=t", "add", ".")
    git("-c", "user.email=t@t", "-c", "user.name=t", "commit", "-qm", "one",
        "--date=2026-01-01T00:00:00")
    posts = [read_article(root / "docs" / c / "blog/posts/record.md", language(c))
             for c in ("en", "zh", "it")]
    assert outdated_translations(posts, root) == []
    english = root / "docs/en/blog/posts/record.md"
    english.write_text(english.read_text(encoding="utf-8") + "\nA new paragraph.\n",
                       encoding="utf-8")
    assert sorted(outdated_translations(posts, root)) == [
        "docs/it/blog/posts/record.md is older than docs/en/blog/posts/record.md: check the "
        "translation",
        "docs/zh/blog/posts/record.md is older than docs/en/blog/posts/record.md: check the "
        "translation"]
