"""Social cards: drawn with local fonts only, Chinese included, and every card's text fits.

Sizes come from Material's default card layout (1200 x 630; title 832 x 310 px in three lines,
description 832 x 64 px in two), font sizes from the plugin's own metrics function."""

import html
import re
import types

import pytest
from PIL import Image, ImageFont

from generator.site.build import social
from tests.conftest import skip_without_cards

SYSTEM_FONTS = social.find_collection(social.COLLECTIONS["Bold"]) is not None


def test_card_text_may_break_after_chinese_punctuation_and_underscores():
    assert (
        social.card_text("纪录集群：谁创造的，又能说明什么") == "纪录集群： 谁创造的， 又能说明什么"
    )
    assert social.card_text("Ends here。") == "Ends here。"
    assert social.card_text("A: b, c") == "A: b, c"  # ASCII punctuation already has its space
    assert social.card_text("Quanta_Cloud_Technology") == "Quanta Cloud Technology"
    assert social.card_text("llama2-70b_99 _x") == "llama2-70b 99 _x"


def test_missing_fonts_are_named_with_the_package_that_installs_them(tmp_path):
    with pytest.raises(social.CardsUnavailable, match="fonts-noto-cjk"):
        social.prepare_fonts(tmp_path / "cache", font_dirs=(str(tmp_path / "no-fonts"),))


@pytest.fixture(scope="module")
def prepared(tmp_path_factory):
    if not SYSTEM_FONTS:
        pytest.skip("Noto Sans CJK is not installed (.ci/run installs fonts-noto-cjk)")
    return social.prepare_fonts(tmp_path_factory.mktemp("social"))


def test_the_simplified_chinese_face_is_extracted(prepared):
    from fontTools.ttLib import TTFont

    for style in social.COLLECTIONS:
        font = TTFont(prepared / f"{style}.otf", lazy=True)
        assert font["name"].getDebugName(1) == "Noto Sans CJK SC"
        assert font["name"].getDebugName(2) == style


def test_the_plugin_finds_the_family_without_downloading(prepared, monkeypatch):
    from material.plugins.social import plugin as social_plugin

    def no_network(*args, **kwargs):
        raise AssertionError(f"the social plugin tried to download {args}")

    monkeypatch.setattr(social_plugin.requests, "get", no_network)
    card_plugin = social_plugin.SocialPlugin()
    card_plugin.config = types.SimpleNamespace(cache_dir=str(prepared.parent.parent))
    card_plugin.lock = __import__("threading").Lock()
    assert card_plugin._resolve_font(social.FAMILY, "Bold") == str(prepared / "Bold.otf")


def cards(site):
    """(page, card path, title, description) of every Chinese page with a card."""
    for page in sorted((site / "zh").rglob("index.html")):
        text = page.read_text("utf-8")
        image = re.search(r'<meta property="og:image" content="[^"]*/zh/([^"]+\.png)"', text)
        if image:
            title = re.search(r'<meta property="og:title" content="([^"]*)"', text).group(1)
            description = re.search(
                r'<meta property="og:description" content="([^"]*)"', text
            ).group(1)
            yield (
                page,
                site / "zh" / image.group(1),
                html.unescape(title).removesuffix(" - MLPerf Wiki"),
                html.unescape(description),
            )


def wants_card(site, page):
    """Pages below a round and each accelerator's page have no card (``cards_exclude``)."""
    parts = page.relative_to(site / "zh").parts
    return not (parts[0] == "results" and len(parts) >= 4)


def test_every_chinese_page_worth_a_preview_has_a_card(site):
    skip_without_cards()
    found = list(cards(site))
    # A redirect page (data/redirects.yaml: an old address) only sends the reader on.
    pages = sorted(
        p
        for p in (site / "zh").rglob("index.html")
        if 'http-equiv="refresh"' not in p.read_text("utf-8")
    )
    assert sorted(page for page, *_ in found) == [p for p in pages if wants_card(site, p)]
    for page in (p for p in pages if not wants_card(site, p)):
        # No card, but a link preview still has the page's own title and description.
        text = page.read_text("utf-8")
        assert text.count('property="og:title"') == 1 and 'property="og:image"' not in text
        assert 'property="og:description"' in text, page
    for page, card, _, _ in found[:: max(1, len(found) // 20)]:
        with Image.open(card) as image:
            assert image.size == (1200, 630), card


@pytest.mark.parametrize(
    "field, box, lines", [("title", (832, 310), 3), ("description", (832, 64), 2)]
)
def test_every_run_of_card_text_fits_its_line(site, prepared, field, box, lines):
    skip_without_cards()
    # A run is what the plugin never breaks: text between two spaces.
    from material.plugins.social.plugin import _metrics

    style = "Bold" if field == "title" else "Regular"
    path = str(prepared / f"{style}.otf")
    height = 1.25 if field == "title" else 1.5
    size, _ = _metrics(
        path, types.SimpleNamespace(amount=lines, height=height), Image.new("RGBA", box)
    )
    font = ImageFont.truetype(path, size)
    too_long = set()
    for page, _, title, description in cards(site):
        # The hook rewrites card titles only; descriptions are drawn as written.
        text = social.card_text(title) if field == "title" else description
        too_long |= {run for run in text.split() if font.getlength(run) > box[0]}
    assert too_long == set()


def test_link_previews_quote_the_description_as_written(site):
    # Card titles get breaking spaces; the description a link preview shows must not.
    for page in (site / "zh").rglob("index.html"):
        text = page.read_text("utf-8")
        og = re.search(r'<meta property="og:description" content="([^"]*)"', text)
        plain = re.search(r'<meta name="description" content="([^"]*)"', text)
        if og and plain:
            assert html.unescape(og.group(1)) == html.unescape(plain.group(1)), page


def test_cards_switched_off_are_recorded_configured_and_relayed(tmp_path, monkeypatch):
    # SOCIAL_CARDS=0: the language's generated configuration switches the plugin off, the
    # reason is recorded for the tests, and site.build passes it to its own log.
    import subprocess

    monkeypatch.setenv("SOCIAL_CARDS", "0")
    options, reason = social.plugin_options(tmp_path, "it")
    assert options == {"enabled": False} and reason.startswith("SOCIAL_CARDS=0")
    assert social.skipped_reason(tmp_path, "it").startswith("SOCIAL_CARDS=0")
    assert social.skipped_reason(tmp_path, "en") is None

    from generator.i18n.languages import language
    from generator.site import build as site

    monkeypatch.setattr(
        site.subprocess,
        "run",
        lambda *a, **k: subprocess.CompletedProcess(
            a, 0, stdout="INFO    -  Building documentation...\n", stderr=""
        ),
    )
    _, notes = site._mkdocs_build(language("it"), tmp_path / "out", True, tmp_path, "0")
    assert notes == [
        "social cards are not drawn: SOCIAL_CARDS=0 asks for a build without "
        "them (site/ will have no cards)"
    ]
