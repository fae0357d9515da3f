"""Content-hashed asset names (generator/site/assets.py)."""

import hashlib

from generator.i18n.languages import language
from generator.pages.output import ChartImage, Page
from generator.site import assets


def test_the_hash_goes_before_the_first_suffix():
    # sha256(b"x") = 2d711642b726b044…, by hand with hashlib below.
    assert hashlib.sha256(b"x").hexdigest()[:8] == "2d711642"
    assert assets.hashed_name("a/leaders.vl.json", b"x") == "a/leaders.2d711642.vl.json"
    assert (
        assets.hashed_name("assets/javascripts/charts.js", b"x")
        == "assets/javascripts/charts.2d711642.js"
    )


def test_files_a_page_fetches_get_hashed_names_and_the_page_names_them():
    spec = '{"mark": "bar"}'
    pages = [
        Page(
            "r/a/index.md",
            '<figure data-spec="leaders.vl.json"><img src="leaders.svg">'
            '<form data-systems="systems.json" data-bundle="../assets/vendor/vega-bundle.js">',
        ),
        Page("r/a/leaders.vl.json", spec),
        Page("r/a/systems.json", "{}"),
        Page("r/b/leaders.vl.json", spec),  # named by no page: left as it is
        ChartImage("r/a/leaders.svg", "r/a/leaders.vl.json", {"mark": "bar"}, language("en")),
    ]
    shared = {"assets/vendor/vega-bundle.js": "assets/vendor/vega-bundle.0badc0de.js"}
    out = assets.fingerprint_pages(pages, shared)
    spec_name = assets.hashed_name("leaders.vl.json", spec.encode())
    systems_name = assets.hashed_name("systems.json", b"{}")
    assert [p.path for p in out] == [
        "r/a/index.md",
        f"r/a/{spec_name}",
        f"r/a/{systems_name}",
        "r/b/leaders.vl.json",
        "r/a/leaders.svg",
    ]
    assert out[0].content == (
        f'<figure data-spec="{spec_name}"><img src="leaders.svg">'
        f'<form data-systems="{systems_name}" '
        'data-bundle="../assets/vendor/vega-bundle.0badc0de.js">'
    )
    assert out[4].spec_path == f"r/a/{spec_name}"  # the SVG is drawn again when the spec changes


def test_our_scripts_name_the_hashed_vega_bundle(tmp_path):
    theme = tmp_path / "overrides" / "assets" / "javascripts"
    theme.mkdir(parents=True)
    (theme / "charts.js").write_text('var url = "../../../assets/vendor/vega-bundle.js";')
    files = assets.theme_files(
        tmp_path, {"assets/vendor/vega-bundle.js": "assets/vendor/vega-bundle.0badc0de.js"}
    )
    hashed, text = files["assets/javascripts/charts.js"]
    assert text == 'var url = "../../../assets/vendor/vega-bundle.0badc0de.js";'
    assert hashed == assets.hashed_name("assets/javascripts/charts.js", text.encode())


def test_the_shared_file_last_written_is_read_back_only_when_there_is_one(tmp_path):
    # What an articles-only generation reuses instead of computing the explorer's dataset again.
    plain = "assets/data/results.json"
    assets.write_shared(tmp_path, {plain: (assets.hashed_name(plain, b"[1]"), b"[1]")})
    assert assets.written_file(tmp_path, plain) == b"[1]"
    assert assets.written_file(tmp_path, "assets/vendor/vega-bundle.js") is None
    # A second hash beside it (an interrupted write): which one is current is unknown.
    (tmp_path / assets.hashed_name(plain, b"[2]")).write_bytes(b"[2]")
    assert assets.written_file(tmp_path, plain) is None


def test_files_a_fetched_file_names_get_hashed_names_first():
    # The comparison's index names each round's file by its plain name; the round's file is
    # hashed first, the index then names its hashed name, and the index's own hash is of that
    # text, so that a changed round file gives the index a new name too.
    index = '{"shards":{"v6.1":"systems-v6-1.json"},"note":"other.json"}'
    shard = '{"systems":{}}'
    pages = [
        Page("r/c/index.md", '<form data-systems="systems.json">'),
        Page("r/c/systems.json", index),
        Page("r/c/systems-v6-1.json", shard),
    ]
    out = {p.path: p.content for p in assets.fingerprint_pages(pages, {})}
    shard_name = assets.hashed_name("systems-v6-1.json", shard.encode())
    renamed = index.replace("systems-v6-1.json", shard_name)  # other.json: no such file
    index_name = assets.hashed_name("systems.json", renamed.encode())
    assert out == {
        "r/c/index.md": f'<form data-systems="{index_name}">',
        f"r/c/{index_name}": renamed,
        f"r/c/{shard_name}": shard,
    }
    changed = [*pages[:2], Page("r/c/systems-v6-1.json", '{"systems":{"x":1}}')]
    assert f"r/c/{index_name}" not in {p.path for p in assets.fingerprint_pages(changed, {})}
