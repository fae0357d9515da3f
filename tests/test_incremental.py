"""A build with nothing changed does no work twice: check and generate are skipped when none of
their inputs changed, and a language whose inputs are unchanged is moved from the previous
site instead of built again. Any change rebuilds (whole languages: never MkDocs' --dirty)."""

import re
import shutil

import pytest

from generator import files
from generator.i18n.languages import LANGUAGES, language
from generator.site import build as site_module
from generator.site import finish, generation_stamp
from tests.fixtures import code_project, stub_site_build


@pytest.fixture
def project(tmp_path):
    return code_project(tmp_path / "project")


def fake_mkdocs(calls):
    def build(lang, out, strict, root, epoch):
        calls.append(lang.code)
        out.mkdir(parents=True)
        source = (root / "docs" / lang.code / "index.md").read_text()
        (out / "index.html").write_text(f"{lang.code} {source}")
        return 1.0, []  # seconds, and the notes the hooks logged

    return build


def test_only_the_changed_language_is_built_again(project, monkeypatch):
    calls = []
    monkeypatch.setattr(site_module, "_mkdocs_build", fake_mkdocs(calls))
    monkeypatch.setattr(finish, "write_shared_assets", lambda site, root: None)
    site = project / "site"
    site_module.build(site, LANGUAGES, log=lambda *a: None, root=project)
    assert sorted(calls) == ["en", "it", "zh"]
    calls.clear()
    assert site_module.build(site, LANGUAGES, log=lambda *a: None, root=project) == {
        "en": 0.0,
        "zh": 0.0,
        "it": 0.0,
    }
    assert calls == [] and (site / "zh" / "index.html").read_text() == "zh # zh\n"
    (project / "docs" / "zh" / "index.md").write_text("# changed\n")
    site_module.build(site, LANGUAGES, log=lambda *a: None, root=project)
    assert calls == ["zh"] and (site / "zh" / "index.html").read_text() == "zh # changed\n"
    calls.clear()
    (project / "hooks" / "social.py").write_text("# a changed hook rebuilds every language\n")
    site_module.build(site, LANGUAGES, log=lambda *a: None, root=project)
    assert sorted(calls) == ["en", "it", "zh"]


def test_a_deleted_site_is_built_again(project, monkeypatch):
    calls = []
    monkeypatch.setattr(site_module, "_mkdocs_build", fake_mkdocs(calls))
    monkeypatch.setattr(finish, "write_shared_assets", lambda site, root: None)
    site_module.build(project / "site", LANGUAGES, log=lambda *a: None, root=project)
    shutil.rmtree(project / "site" / "en")
    calls.clear()
    site_module.build(project / "site", LANGUAGES, log=lambda *a: None, root=project)
    assert calls == ["en"]


def test_generation_is_skipped_only_while_nothing_changed(project):
    assert not generation_stamp.generation_unchanged(project)
    generation_stamp.mark_generated(project)
    assert generation_stamp.generation_unchanged(project)
    (project / "data" / "claims.yaml").write_text(
        (project / "data" / "claims.yaml").read_text() + "\n"
    )
    assert not generation_stamp.generation_unchanged(project)
    generation_stamp.mark_generated(project)
    (project / "docs" / "en" / "index.md").write_text("# edited by hand\n")
    assert not generation_stamp.generation_unchanged(project)
    generation_stamp.mark_generated(project)
    # An edited script of ours is published under a new hashed name (assets.theme_files).
    script = project / "overrides" / "assets" / "javascripts" / "explore.js"
    script.parent.mkdir(parents=True, exist_ok=True)
    script.write_text("// edited\n")
    assert not generation_stamp.generation_unchanged(project)
    generation_stamp.mark_generated(project)
    generation_stamp.forget_generated(project)
    assert not generation_stamp.generation_unchanged(project)


def test_an_edited_theme_script_is_generated_again(project):
    # generate writes our scripts and stylesheets content-hashed into docs/<code>/assets/
    # (generator.site.assets.theme_pages): an edited one must not leave the old copy published.
    script = project / "overrides" / "assets" / "javascripts" / "a.js"
    script.parent.mkdir(parents=True)
    script.write_text("var a = 1;\n")
    generation_stamp.mark_generated(project)
    assert generation_stamp.generation_unchanged(project)
    script.write_text("var a = 2;\n")
    assert not generation_stamp.generation_unchanged(project)


def test_an_edited_article_alone_regenerates_only_the_article_lists(project):
    post = project / "docs" / "zh" / "blog" / "posts" / "a.md"
    post.parent.mkdir(parents=True)
    post.write_text("# a\n")
    generation_stamp.mark_generated(project)
    assert generation_stamp.changes(project) == "none"
    post.write_text("# a, edited\n")
    assert generation_stamp.changes(project) == "articles"
    # Anything else changed as well (a generated page, the data): everything is generated.
    (project / "docs" / "en" / "index.md").write_text("# edited by hand\n")
    assert generation_stamp.changes(project) == "all"
    generation_stamp.mark_generated(project)
    (project / "data" / "tags.yaml").write_text((project / "data" / "tags.yaml").read_text() + "\n")
    post.write_text("# a, edited again\n")
    assert generation_stamp.changes(project) == "all"


def test_generating_after_an_article_edit_writes_what_a_full_generation_writes(tmp_path):
    # The built docs/ of this checkout (make site) in a copy of the project; one English
    # article's description is edited. Generating the article lists only must show it on
    # the English home page and leave every other generated file as it was; a full generation
    # of every language afterwards must then find nothing left to write (same bytes as a full
    # build).
    from generator.editorial.check import check

    root = code_project(tmp_path / "project", with_docs=True)
    if not (root / "docs" / "en" / "index.md").is_file():
        pytest.fail("docs/ is not generated: run `make site` (make test does it first)")
    before = {p: p.read_bytes() for p in (root / "docs").rglob("*") if p.is_file()}
    # The newest English article, the first the home page lists: its description is edited.
    home = (root / "docs" / "en" / "index.md").read_text(encoding="utf-8")
    name = re.search(r"\]\(blog/posts/([^)]+\.md)\)", home).group(1)
    post = root / "docs" / "en" / "blog" / "posts" / name
    text = post.read_text(encoding="utf-8")
    post.write_text(
        re.sub(r"(?m)^description: .*$", "description: An edited summary", text, count=1),
        encoding="utf-8",
    )
    data, registry, posts = check(root)
    site_module.generate(
        data, root / "docs", LANGUAGES, registry, posts, log=lambda *a: None, articles_only=True
    )
    home = (root / "docs" / "en" / "index.md").read_text(encoding="utf-8")
    assert "An edited summary" in home
    changed = {
        p.relative_to(root / "docs").as_posix()
        for p, content in before.items()
        if p.read_bytes() != content
    }
    assert changed == {"en/index.md", f"en/blog/posts/{name}"}
    # Every language: this is also the full site's proof that the generated pages and chart
    # specs site/ was built from are what the data gives, in another process (another hash
    # seed) than make site's (tests/test_reproducible.py).
    assert site_module.generate(
        data, root / "docs", LANGUAGES, registry, posts, log=lambda *a: None
    ) == {lang.code: 0 for lang in LANGUAGES}


def test_a_file_rewritten_with_the_same_size_changes_the_fingerprint(project):
    # Digests are remembered by size, times and inode (site.digests): a rewrite of the same
    # length must still be read again, in this process and in the next one (record on disk).
    from generator.site import digests

    claims = project / "data" / "claims.yaml"
    before = site_module.tree_fingerprint(project, ("data",))
    assert site_module.tree_fingerprint(project, ("data",)) == before
    text = claims.read_text()
    claims.write_text(text[:-1] + ("x" if text[-1] != "x" else "y"))
    assert len(claims.read_text()) == len(text)
    changed = site_module.tree_fingerprint(project, ("data",))
    assert changed != before
    digests._known.clear()  # as a new process would start
    assert site_module.tree_fingerprint(project, ("data",)) == changed
    claims.write_text(text)
    assert site_module.tree_fingerprint(project, ("data",)) == before


def test_a_failed_swap_leaves_the_previous_site_whole(tmp_path):
    # An unchanged language is moved from the previous site into the new one as the swap
    # begins; if a move fails (here a language folder that is not there), the folders already
    # moved go back and the previous site stays as it was.
    site, staging = tmp_path / "site", tmp_path / "staging"
    for code in ("en", "zh"):
        (site / code).mkdir(parents=True)
        (site / code / "index.html").write_text(code)
    (staging / "en").mkdir(parents=True)
    with pytest.raises(FileNotFoundError):
        site_module._swap(staging, site, ["zh", "it"])
    assert (site / "zh" / "index.html").read_text() == "zh"
    assert not (staging / "zh").exists()
    site_module._swap(staging, site, ["zh"])
    assert sorted(p.name for p in site.iterdir()) == ["en", "zh"]
    assert (site / "zh" / "index.html").read_text() == "zh" and not staging.exists()


def test_one_language_built_keeps_the_others_and_clears_a_killed_build(tmp_path, monkeypatch):
    # `site --lang en` over a site of three languages, after a build killed while writing its
    # staging folder: en is replaced, zh and it are kept as they were, and the staging folder
    # the killed build left is gone.
    site = tmp_path / "site"
    for code in ("en", "zh", "it"):
        (site / code).mkdir(parents=True)
        (site / code / "index.html").write_text(f"previous {code}")
    left = files.staging_folder(site)
    (left / "en").mkdir(parents=True)
    (left / "en" / "half.html").write_text("killed here")

    stub_site_build(monkeypatch, tmp_path)
    site_module.build(site, (language("en"),), root=tmp_path)
    assert {p.parent.name: p.read_text() for p in site.glob("*/index.html")} == {
        "en": "new en",
        "zh": "previous zh",
        "it": "previous it",
    }
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        ".cache",
        ".site.lock",
        "mkdocs.yml",
        "site",
    ]


def test_an_input_edited_while_a_run_goes_on_is_not_recorded_as_built(project):
    # A run takes the editors' inputs' fingerprint when it starts (cli: edited_inputs) and
    # records its generation at the end only if they are unchanged: here an article and then
    # the data are edited between the two, as an editor saving during `make serve` would.
    post = project / "docs" / "en" / "blog" / "posts" / "a.md"
    post.parent.mkdir(parents=True, exist_ok=True)
    post.write_text("# a\n")
    at_start = generation_stamp.edited_inputs(project)
    post.write_text("# a, saved during the run\n")
    assert not generation_stamp.mark_generated(project, at_start)
    assert generation_stamp.changes(project) == "all"
    at_start = generation_stamp.edited_inputs(project)
    assert generation_stamp.mark_generated(project, at_start)
    assert generation_stamp.changes(project) == "none"
    # Files that generate itself writes into docs/ are not the editors': they do not count.
    (project / "docs" / "en" / "index.md").write_text("# generated\n")
    assert generation_stamp.edited_inputs(project) == at_start
    claims = project / "data" / "claims.yaml"
    claims.write_text(claims.read_text() + "\n")
    assert not generation_stamp.mark_generated(project, at_start)
