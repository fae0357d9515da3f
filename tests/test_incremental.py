"""A build with nothing changed does no work twice: check and generate are skipped when none of
their inputs changed, and a language whose inputs are unchanged is linked from the previous
site instead of built again. Any change rebuilds (whole languages: never MkDocs' --dirty)."""

import shutil

import pytest

from generator.i18n.languages import LANGUAGES
from generator.site import build as site_module
from generator.site import finish
from tests.conftest import ROOT


@pytest.fixture
def project(tmp_path):
    root = tmp_path / "project"
    root.mkdir()
    for name in ("mkdocs.yml", "requirements.txt"):
        shutil.copy(ROOT / name, root / name)
    for folder in ("hooks", "templates", "data"):
        shutil.copytree(ROOT / folder, root / folder)
    shutil.copytree(ROOT / "generator", root / "generator",
                    ignore=shutil.ignore_patterns("__pycache__"))
    (root / "overrides").mkdir()
    for lang in LANGUAGES:
        (root / "docs" / lang.code).mkdir(parents=True)
        (root / "docs" / lang.code / "index.md").write_text(f"# {lang.code}\n")
    return root


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
        "en": 0.0, "zh": 0.0, "it": 0.0}
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
    assert not site_module.generation_unchanged(project)
    site_module.mark_generated(project)
    assert site_module.generation_unchanged(project)
    (project / "data" / "claims.yaml").write_text(
        (project / "data" / "claims.yaml").read_text() + "\n")
    assert not site_module.generation_unchanged(project)
    site_module.mark_generated(project)
    (project / "docs" / "en" / "index.md").write_text("# edited by hand\n")
    assert not site_module.generation_unchanged(project)
    site_module.mark_generated(project)
    site_module.forget_generated(project)
    assert not site_module.generation_unchanged(project)
