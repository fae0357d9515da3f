"""The bad-input corpus (tests/bad_inputs.yaml): every case fails with its message, naming the
file; the command line exits non-zero and leaves the previous site untouched."""

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from generator.data import dataset
from generator.data.importer import run_import
from generator.editorial import registries as editorial
from generator.editorial.check import check
from generator.errors import InputError, InputErrors
from tests.fixtures import DATA, FIXTURES, ROOT, make_fixture_project
from tests.fixtures import copy_work_tree as copy_project_for_site  # noqa: F401 (its old name)

CASES = yaml.safe_load((Path(__file__).with_name("bad_inputs.yaml")).read_text(encoding="utf-8"))


def test_corpus_is_large_enough():
    assert len(CASES) >= 40
    assert len({case["id"] for case in CASES}) == len(CASES)


def target_file(case, tmp_path):
    target = case["target"]
    if target in ("summary", "final"):
        name = {"summary": "checker_summary.json", "final": "final_report.json"}[target]
        return shutil.copy(FIXTURES / name, tmp_path / name)
    if target == "csv":
        # The table the cases edit, alone: each case's rule reads one round (a load of the
        # four tables validates 3,397 records where v6.1 holds 492).
        (tmp_path / "data" / "results").mkdir(parents=True)
        return shutil.copy2(DATA / "results" / "v6.1.csv", tmp_path / "data" / "results")
    make_fixture_project(tmp_path)
    if target == "post":
        return tmp_path / "docs" / case.get("lang", "en") / "blog" / "posts" / "record.md"
    return tmp_path / "data" / f"{target}.yaml"


def apply_edit(case, path):
    path = Path(path)
    if case.get("remove"):
        path.unlink()
    elif "text" in case:
        path.write_text(case["text"], encoding="utf-8")
    elif "replace" in case:
        old, new = case["replace"]
        text = path.read_text(encoding="utf-8")
        assert old in text, f"case {case['id']}: text to replace not found"
        path.write_text(text.replace(old, new, 1), encoding="utf-8")
    elif case["target"] == "csv":
        import csv
        import io

        rows = list(csv.reader(io.StringIO(path.read_text(encoding="utf-8"))))
        edit = case["set"]
        rows[edit["row"]][rows[0].index(edit["column"])] = edit["value"]
        out = io.StringIO()
        csv.writer(out, lineterminator="\n").writerows(rows)
        path.write_text(out.getvalue(), encoding="utf-8")
    else:
        data = json.loads(path.read_text(encoding="utf-8"))
        edit = case.get("set") or case["delete"]
        record = data[edit["record"]]
        if "set" in case:
            record[edit["field"]] = edit["value"]
        else:
            del record[edit["field"]]
        path.write_text(json.dumps(data), encoding="utf-8")  # NaN/Infinity as JSON5-ish tokens


def run_target(case, path, tmp_path):
    if case["target"] in ("summary", "final"):
        run_import([path], tmp_path / "out")
        assert not (tmp_path / "out").exists()
    elif case["target"] == "csv":
        dataset.load(tmp_path / "data")
    else:
        check(tmp_path)


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_bad_input_gives_its_message(case, tmp_path):
    path = target_file(case, tmp_path)
    apply_edit(case, path)
    with pytest.raises((InputErrors, InputError)) as caught:
        run_target(case, path, tmp_path)
    errors = caught.value.errors if isinstance(caught.value, InputErrors) else [caught.value]
    text = "\n".join(str(e) for e in errors)
    assert case["message"] in text
    matching = [str(e) for e in errors if case["message"] in str(e)]
    assert any(m.startswith(str(tmp_path)) for m in matching), matching  # a file is named
    assert not (tmp_path / "out").exists()
    editorial.authors.cache_clear()
    editorial.tags.cache_clear()


def test_failed_build_leaves_the_previous_site_untouched(tmp_path):
    # The fixture project (its claims quote v6.1's best gpt-oss-120b Offline result, 5749440):
    # the build's check fails before anything is built.
    root = make_fixture_project(tmp_path)
    previous = root / "site" / "en" / "index.html"
    previous.parent.mkdir(parents=True)
    previous.write_text("previous build", encoding="utf-8")
    claims = root / "data" / "claims.yaml"
    claims.write_text(
        claims.read_text(encoding="utf-8").replace(
            "    sources: [mlcommons-v6.1]\n",
            "    stated: 5999999\n    sources: [mlcommons-v6.1]\n",
            1,
        ),
        encoding="utf-8",
    )
    done = subprocess.run(
        [sys.executable, "-m", "generator", "--root", str(root), "site"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 1
    assert "stated 5,999,999 Tokens/s, but its derivation computes 5,749,440" in done.stderr
    assert previous.read_text(encoding="utf-8") == "previous build"
    assert sorted(p.name for p in (root / "site").iterdir()) == ["en"]


def test_failed_mkdocs_build_swaps_nothing(tmp_path, monkeypatch):
    from generator.site import build as site

    target = tmp_path / "site"
    (target / "en").mkdir(parents=True)
    (target / "en" / "index.html").write_text("previous build", encoding="utf-8")

    def fail(lang, out, strict, root, epoch):
        raise site.BuildError(f"MkDocs build of '{lang.code}' failed")

    monkeypatch.setattr(site, "_mkdocs_build", fail)
    with pytest.raises(site.BuildError):
        site.build(target)
    assert (target / "en" / "index.html").read_text(encoding="utf-8") == "previous build"
    assert sorted(p.name for p in tmp_path.iterdir()) == [".site.lock", "site"]
