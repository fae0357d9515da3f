"""Generate -> render -> finish: claims are rendered by a standard Python-Markdown extension (any
engine that runs ``markdown_extensions`` renders them), and the finishing step over the built
site stops a build whose articles still show a raw claim reference."""

import markdown
import pytest

from generator.editorial.claims import load_registry
from generator.i18n.languages import language
from generator.site import finish
from tests.conftest import DATA


def test_the_extension_renders_a_claim_as_its_flag_and_footnote():
    # crusoe-512-accelerators is a claim of data/claims.yaml: a count of 512 accelerators,
    # verified (the en post amd-512-accelerator-record cites it).
    assert "crusoe-512-accelerators" in load_registry(DATA / "claims.yaml").claims
    html = markdown.markdown(
        "A cluster of [[claim:crusoe-512-accelerators]].",
        extensions=["footnotes", "tables", "generator.editorial.claim_markdown"],
        extension_configs={"generator.editorial.claim_markdown": {"lang": "en"}},
    )
    assert "[[claim:" not in html
    assert 'class="claim claim--verified"' in html and "512" in html
    assert 'class="footnote"' in html and 'id="claim-crusoe-512-accelerators"' in html


def test_pages_without_marks_are_left_alone():
    text = "# Title\n\nNo claims here, 42 of them."
    plain = markdown.markdown(text)
    assert markdown.markdown(text, extensions=["generator.editorial.claim_markdown"]) == plain


def test_a_raw_claim_left_in_an_article_stops_the_build(tmp_path):
    post = tmp_path / "blog" / "2026" / "01" / "01" / "x" / "index.html"
    post.parent.mkdir(parents=True)
    post.write_text("<p>[[claim:some-id]]</p>", encoding="utf-8")
    (tmp_path / "index.html").write_text("<p>[[claim:documented-syntax]]</p>")  # not an article
    assert finish.unrendered_claims(tmp_path) == ["blog/2026/01/01/x/index.html"]
    with pytest.raises(finish.UnrenderedClaims, match="blog/2026/01/01/x/index.html"):
        finish.finish_language(tmp_path, language("en"))


def test_the_built_articles_hold_no_raw_claim(site):
    for code in ("en", "zh", "it"):
        assert finish.unrendered_claims(site / code) == []
