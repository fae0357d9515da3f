"""The authors and tags of a project built with ``python -m generator --root`` are its own
``data/authors.yaml`` and ``data/tags.yaml``, not this checkout's: a new article, the generated
tag pages and authors file, and the tags plugin's slugs all read the project's files."""

import datetime as dt

import pytest
import yaml
from mkdocs.utils.yaml import get_yaml_loader

from generator.editorial import registries
from generator.editorial.claims import load_registry
from generator.errors import InputError
from generator.i18n.languages import language
from generator.pages.home import editorial_pages
from generator.pages.new_article import new_article
from generator.site.config import base_config, dump, language_config
from tests.conftest import ROOT, make_fixture_project

# Only in the project below: this checkout's data/authors.yaml has no author "desk"
# (tests/fixtures/project/authors.yaml has), and its tags.yaml no tag named 仅此.
PROJECT_TAGS = (
    "mlperf: {en: MLPerf, zh: MLPerf, it: MLPerf}\n"
    "only-here: {en: Only here, zh: 仅此, it: Solo qui}\n"
)


def project(tmp_path):
    root = make_fixture_project(tmp_path)
    (root / "data" / "tags.yaml").write_text(PROJECT_TAGS, encoding="utf-8")
    return root


def test_new_article_takes_author_and_tags_from_its_project(tmp_path):
    root = project(tmp_path)
    assert "desk" not in registries.authors()  # the checkout's own file lacks both
    assert "only-here" not in registries.tags()
    paths = new_article(
        root / "docs", "a-post", "A post", dt.date(2026, 12, 1), "desk", ["only-here"]
    )
    zh = next(p for p in paths if "/zh/" in str(p)).read_text(encoding="utf-8")
    assert "仅此" in zh and "desk" in zh
    # An author of this checkout but not of the project is unknown there, naming its file.
    with pytest.raises(InputError) as raised:
        new_article(root / "docs", "b-post", "B", dt.date(2026, 12, 1), "editorial-team", [])
    assert str(root / "data" / "authors.yaml") in str(raised.value)


def test_editorial_pages_list_the_projects_tags_and_authors(tmp_path, dataset):
    root = project(tmp_path)
    claims = load_registry(root / "data" / "claims.yaml")
    pages = {
        p.path: p.content
        for p in editorial_pages(claims, [], list(dataset.records), language("zh"), root / "data")
    }
    assert sorted(p for p in pages if p.startswith("tags/") and p != "tags/index.md") == [
        "tags/mlperf.md",
        "tags/only-here.md",
    ]
    assert "仅此" in pages["tags/only-here.md"]
    assert "测试组" in pages["blog/.authors.yml"]  # the fixture's desk, named in Chinese


def test_the_tags_plugin_slugs_come_from_the_projects_tags_file(tmp_path):
    root = project(tmp_path)
    # This checkout's tags.yaml has no 仅此: Material's fallback, a Unicode slug.
    assert registries.slugify("仅此") == "仅此"
    assert registries.tag_slugifier(str(root / "data" / "tags.yaml"))("仅此") == "only-here"
    # The language configuration names the project's file, and MkDocs' loader makes the
    # slugifier of it.
    config = language_config(
        base_config(ROOT), language("zh"), "https://example.org/", {"enabled": False}, root=root
    )
    loaded = yaml.load(dump(config), Loader=get_yaml_loader())  # noqa: S506 (MkDocs' loader)
    assert loaded["plugins"]["tags"]["tags_slugify"]("仅此") == "only-here"


def test_new_article_names_the_files_it_made_from_where_the_editor_is(
    tmp_path, capsys, monkeypatch
):
    # Run from a folder beside the project: each "created" path leads to the file from there.
    (tmp_path / "project").mkdir()
    root = project(tmp_path / "project")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    from generator.cli import main

    assert (
        main(
            ["--root", str(root), "new-article", "c-post", "--author", "desk", "--tag", "only-here"]
        )
        == 0
    )
    created = [
        line.split(" ", 1)[1]
        for line in capsys.readouterr().out.splitlines()
        if line.startswith("created ")
    ]
    assert len(created) == 3 and all((elsewhere / path).is_file() for path in created)
