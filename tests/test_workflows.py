"""The GitHub Actions workflows: valid, free of known weaknesses, pinned, never run with secrets
on pull-request code. Everything here runs offline (check-jsonschema's GitHub workflow schema
is vendored in the package; zizmor's online audits are switched off)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from tests.conftest import ROOT

WORKFLOWS = sorted((ROOT / ".github" / "workflows").glob("*.y*ml"))
# `uses: owner/repo[/path]@<40 hex> # vX.Y.Z`: a commit SHA, and the release it is, for readers.
PINNED = re.compile(r"^[\w.-]+/[\w./-]+@[0-9a-f]{40}$")
VERSION_COMMENT = re.compile(r"#\s*v\d+(\.\d+){0,2}\b")
SEVERITIES = ["unknown", "informational", "low", "medium", "high"]


def load(path: Path) -> dict:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def uses_lines(path: Path) -> list[tuple[int, str, str]]:
    """Every ``uses:`` of a workflow, as (line number, reference, rest of the line)."""
    found = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        match = re.match(r"^\s*(?:-\s+)?uses:\s*(['\"]?)([^\s'\"#]+)\1\s*(.*)$", line)
        if match:
            found.append((number, match.group(2), match.group(3)))
    return found


def all_uses(node) -> list[str]:
    """Every ``uses`` value anywhere in a parsed workflow (jobs, steps, reusable workflows)."""
    if isinstance(node, dict):
        return [v for k, v in node.items() if k == "uses" and isinstance(v, str)] + [
            u for v in node.values() for u in all_uses(v)
        ]
    if isinstance(node, list):
        return [u for v in node for u in all_uses(v)]
    return []


def triggers(workflow: dict) -> set[str]:
    # YAML 1.1 reads the key `on` as True.
    on = workflow.get("on", workflow.get(True))
    if isinstance(on, str):
        return {on}
    return set(on or ())


def describe(finding: dict) -> str:
    """``ident (severity): description at file:line`` of a zizmor JSON finding."""
    places = []
    for location in finding.get("locations", []):
        if location.get("symbolic", {}).get("kind") != "Primary":
            continue
        try:
            path = next(iter(location["symbolic"]["key"].values()))["verbatim_path"]
            row = location["concrete"]["location"]["start_point"]["row"] + 1
            places.append(f"{Path(path).name}:{row}")
        except (KeyError, StopIteration, TypeError):
            places.append("?")
    return (
        f"{finding['ident']} ({finding['determinations']['severity']}): "
        f"{finding['desc']} at {', '.join(places)}"
    )


def test_there_are_workflows():
    names = {path.name for path in WORKFLOWS}
    assert {"pr.yml", "deploy.yml"} <= names, names


def test_workflows_match_the_github_workflow_schema():
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "check_jsonschema",
            "--builtin-schema",
            "vendor.github-workflows",
            *map(str, WORKFLOWS),
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_zizmor_finds_nothing_of_medium_severity_or_more():
    zizmor = shutil.which("zizmor", path=str(Path(sys.executable).parent)) or shutil.which("zizmor")
    if zizmor is None:
        pytest.fail("zizmor is not installed: pip install -r requirements.txt")
    done = subprocess.run(
        [zizmor, "--offline", "--no-progress", "--format", "json", *map(str, WORKFLOWS)],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    # 0: no findings; 10-14: findings (by highest severity); anything else: zizmor failed.
    assert done.returncode == 0 or 10 <= done.returncode <= 14, done.stderr
    findings = json.loads(done.stdout)
    serious = [
        describe(f)
        for f in findings
        if SEVERITIES.index(f["determinations"]["severity"].lower()) >= SEVERITIES.index("medium")
    ]
    assert serious == []


@pytest.mark.parametrize("path", WORKFLOWS, ids=lambda p: p.name)
def test_every_action_is_pinned_to_a_commit_sha_with_its_version(path):
    lines = uses_lines(path)
    # The line scan must see every `uses` the YAML has (none hidden in flow style).
    assert sorted(ref for _, ref, _ in lines) == sorted(all_uses(load(path)))
    assert lines, f"{path.name} uses no action"
    for number, ref, rest in lines:
        if ref.startswith(("./", "docker://")):
            continue
        assert PINNED.match(ref), f"{path.name}:{number}: {ref} is not pinned to a commit SHA"
        assert VERSION_COMMENT.search(rest), (
            f"{path.name}:{number}: {ref} lacks its release as a comment, e.g. '# v1.2.3'"
        )


@pytest.mark.parametrize("path", WORKFLOWS, ids=lambda p: p.name)
def test_no_workflow_runs_on_pull_request_target(path):
    # pull_request_target runs with the base repository's token and secrets, and workflows
    # that check out the pull request's code under it hand both to whoever opened it.
    assert "pull_request_target" not in triggers(load(path))


def test_the_first_job_runs_check_and_the_builds_wait_for_it():
    # A pull request's first answer: `check` (and the lint) in a job of its own that needs no
    # other; every build needs it, so a broken dataset or article is reported before them.
    jobs = load(ROOT / ".github" / "workflows" / "pr.yml")["jobs"]
    runs = " ".join(step.get("run", "") for step in jobs["check"]["steps"])
    assert "needs" not in jobs["check"]
    assert "generator check" in runs and "ruff check" in runs and "ruff format --check" in runs
    assert jobs["build"]["needs"] == "check"


def commands(workflow: dict) -> list[str]:
    """Every `run:` script of a workflow's steps."""
    return [
        step["run"]
        for job in workflow["jobs"].values()
        for step in job.get("steps", [])
        if "run" in step
    ]


@pytest.mark.parametrize("path", WORKFLOWS, ids=lambda p: p.name)
def test_every_make_target_and_generator_command_a_workflow_runs_exists(path, capsys):
    # A renamed target or command fails a workflow only on GitHub; here it fails at once.
    from generator.cli import main

    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    targets = set(re.findall(r"^([a-z][\w-]*):", makefile, re.MULTILINE))
    scripts = " ".join(commands(load(path)))
    for target in re.findall(r"\bmake\s+([a-z][\w-]*)", scripts):
        assert target in targets, (path.name, target)
    for command in set(re.findall(r"-m generator\s+(?:--root\s+\S+\s+)?([a-z][\w-]*)", scripts)):
        with pytest.raises(SystemExit) as done:
            main([command, "--help"])
        assert done.value.code == 0, (path.name, command)  # argparse exits 2 on an unknown one


def test_the_builds_link_the_preview_of_the_languages_the_pull_request_changes():
    # check finds the changed languages (HEAD^1 of the merge commit: both checkouts fetch two
    # levels); each build uploads its site and, for a changed language, links it in the
    # summary with the artifact's own address.
    jobs = load(ROOT / ".github" / "workflows" / "pr.yml")["jobs"]
    check, build = jobs["check"], jobs["build"]
    assert check["outputs"]["languages"] == "${{ steps.changes.outputs.languages }}"
    [changes] = [s for s in check["steps"] if s.get("id") == "changes"]
    assert "generator changed-languages --since HEAD^1" in changes["run"]
    for job in (check, build):
        checkout = next(s for s in job["steps"] if s.get("uses", "").startswith("actions/checkout"))
        assert checkout["with"]["fetch-depth"] >= 2
    [upload] = [s for s in build["steps"] if s.get("id") == "upload"]
    assert upload["with"]["name"] == "site-${{ matrix.lang }}"
    [preview] = [s for s in build["steps"] if "preview-summary" in s.get("run", "")]
    assert preview["if"] == "contains(fromJSON(needs.check.outputs.languages), matrix.lang)"
    assert preview["env"]["ARTIFACT_URL"] == "${{ steps.upload.outputs.artifact-url }}"
    assert '"$GITHUB_STEP_SUMMARY"' in preview["run"] and "--since HEAD^1" in preview["run"]
