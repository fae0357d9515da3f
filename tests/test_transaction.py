"""An import is one transaction: a process killed at any write leaves ``data/`` as it was, and the
next import completes (``files.replace_folder``, ``files.recover``)."""

import datetime as dt
import json
import os
import shutil

import pytest

from generator import files
from generator.data.importer import run_import
from generator.errors import InputError, InputErrors
from tests.conftest import FIXTURES
from tests.fixtures import stub_site_build

TODAY = dt.date(2026, 12, 3)

KILLED = 9


def killed_import(kill_at, correction, data_dir):
    """Import ``correction`` into ``data_dir`` in a forked process killed at its ``kill_at``-th
    write (``killed``)."""
    return killed(
        kill_at, lambda: run_import([correction], data_dir, frozenset({"v9.8"}), today=TODAY)
    )


def killed(kill_at, run):
    """Call ``run`` in a forked process that ends itself with os._exit -- no clean-up runs, as
    under a kill -9 -- just before its ``kill_at``-th write (os.replace, os.rename or
    os.unlink: write_bytes_atomic ends in os.replace, Path.rename calls os.rename,
    shutil.rmtree and Path.unlink call os.unlink); 0 kills never.

    Returns:
        (exit status, the writes made in order: "replace", "rename" or "unlink" each).
    """
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns into pytest
        status = 1
        try:
            calls = []

            def counted(real):
                def counting(*args, **kwargs):
                    calls.append(real.__name__)
                    if len(calls) == kill_at:
                        os._exit(KILLED)
                    return real(*args, **kwargs)

                return counting

            os.replace, os.rename, os.unlink = map(counted, (os.replace, os.rename, os.unlink))
            run()
            os.write(write, " ".join(calls).encode())
            status = 0
        finally:
            os._exit(status)
    os.close(write)
    _, status = os.waitpid(pid, 0)
    with os.fdopen(read) as pipe:
        calls = pipe.read().split()
    return os.waitstatus_to_exitcode(status), calls


def snapshot(folder):
    """Every file under ``folder`` (relative path -> bytes), and the folders beside it."""
    return (
        {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()},
        sorted(p.name for p in folder.parent.iterdir()),
    )


@pytest.fixture()
def corrected(tmp_path):
    """data/ holding fixtures/final_report.json (2 records of round v9.8), and a correction
    that withdraws its record 1 and changes record 0's result: every kind of write an import
    makes (round table, descriptor, withdrawn table, changelog, rounds.yaml)."""
    data_dir = tmp_path / "project" / "data"
    run_import([FIXTURES / "final_report.json"], data_dir, today=TODAY - dt.timedelta(days=2))
    raw = json.loads((FIXTURES / "final_report.json").read_text(encoding="utf-8"))
    raw[0]["Performance_Result"] = raw[0]["Performance_Result"] * 1.02
    correction = tmp_path / "correction.json"
    correction.write_text(json.dumps(raw[:1]), encoding="utf-8")
    return data_dir, correction


def test_an_import_killed_at_any_write_leaves_data_as_it_was(tmp_path, corrected):
    data_dir, correction = corrected
    before = snapshot(data_dir)
    # The uninterrupted import, on a copy: how many writes it makes and what it leaves.
    reference = tmp_path / "reference" / "data"
    shutil.copytree(data_dir, reference)
    status, writes = killed_import(0, correction, reference)
    assert status == 0
    expected = snapshot(reference)[0]
    assert expected != before[0]  # the correction changes data/
    # One write per file the import changes (round table, descriptor, withdrawn table,
    # changelog; rounds.yaml keeps its content, so it is not written), then the swap's two
    # renames, then the old state deleted.
    assert writes[:6] == ["replace"] * 4 + ["rename"] * 2 and set(writes[6:]) == {"unlink"}
    for kill_at in range(1, len(writes) + 1):
        assert killed_import(kill_at, correction, data_dir) == (KILLED, []), kill_at
        # What a reader sees at once: the old state whole, or (killed after the swap, while
        # the old state was being deleted) the new one whole -- never a mix.
        files.recover(data_dir)
        now = snapshot(data_dir)
        assert now in (before, (expected, before[1])), kill_at
        assert not [p for p in data_dir.parent.rglob("*") if p.name.endswith(".tmp")]
        if now == before:
            continue
        # Killed after the swap: put the old state back, to kill at the next write.
        shutil.rmtree(data_dir)
        restore(data_dir, before[0])
    # The next run after a kill between the two renames of the swap (data/ renamed aside, the
    # new state not yet in its place) completes the import.
    between = writes.index("rename") + 2
    assert killed_import(between, correction, data_dir) == (KILLED, [])
    assert not data_dir.exists()
    run_import([correction], data_dir, frozenset({"v9.8"}), today=TODAY)
    assert snapshot(data_dir) == (expected, before[1])


def restore(data_dir, contents):
    for name, data in contents.items():
        (data_dir / name).parent.mkdir(parents=True, exist_ok=True)
        (data_dir / name).write_bytes(data)


def test_a_refused_import_leaves_no_staging_folder(tmp_path, corrected):
    data_dir, correction = corrected
    before = snapshot(data_dir)
    with pytest.raises(InputErrors):
        run_import([correction], data_dir)  # removes a record without --replace-round
    assert snapshot(data_dir) == before


def test_recover_undoes_a_swap_killed_between_its_renames(tmp_path):
    target = tmp_path / "data"
    target.mkdir()
    (target / "a.csv").write_text("old")
    staging = files.fresh_staging(target)
    (staging / "a.csv").write_text("new")
    target.rename(tmp_path / ".data.old")  # the first rename of replace_folder, then a kill
    assert "restored" in files.recover(target)
    assert (target / "a.csv").read_text() == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["data"]
    assert files.recover(target) is None


def test_a_command_starting_during_an_import_leaves_its_staging_alone(tmp_path):
    # An import holds files.writing(data/) while it writes .data.staging/; a command that
    # starts meanwhile (recover_unless_busy, as the command line does) must not delete it.
    target = tmp_path / "data"
    target.mkdir()
    with files.writing(target):
        staging = files.fresh_staging(target)
        assert files.recover_unless_busy(target) is None
        assert staging.is_dir()
    assert files.recover_unless_busy(target) == f"removed the unfinished {staging}"


def test_an_edit_made_while_the_import_runs_is_kept(tmp_path, corrected):
    # An editor saves claims.yaml while the import validates its staging copy: the swap would
    # put the copy taken before the edit in place, so the import refuses and keeps the edit.
    data_dir, correction = corrected
    claims = data_dir / "claims.yaml"

    def edit_meanwhile(staged):
        claims.write_text("claims: {}  # saved by an editor\n", encoding="utf-8")
        return [], []

    before = snapshot(data_dir)[0]
    with pytest.raises(InputError, match="changed while the import ran"):
        run_import([correction], data_dir, frozenset({"v9.8"}), validate=edit_meanwhile)
    after = snapshot(data_dir)[0]
    assert after.pop("claims.yaml") == b"claims: {}  # saved by an editor\n"
    assert after == before
    assert sorted(p.name for p in data_dir.parent.iterdir()) == [".data.lock", "data"]


def test_a_build_killed_at_any_write_leaves_the_site_as_it_was(tmp_path, monkeypatch):
    # `site --lang en` over a site of three languages (MkDocs and the finishing step replaced
    # by writes of their own, as in tests/test_incremental.py), killed at each of its writes:
    # after the recovery any command starts with, the site is the previous one whole (zh and
    # it included, even when killed after moving one of them into the new site) or the new
    # one whole; no staging folder, no temporary file; the next build completes.
    from generator.i18n.languages import language
    from generator.site import build as site_module

    site = tmp_path / "site"
    previous = {f"{code}/index.html": f"previous {code}".encode() for code in ("en", "zh", "it")}
    restore(site, previous)

    stub_site_build(monkeypatch, tmp_path)

    def build():
        site_module.build(site, (language("en"),), root=tmp_path, log=lambda *a: None)

    status, writes = killed(0, build)
    assert status == 0
    expected = {**previous, "en/index.html": b"new en"}
    assert snapshot(site)[0] == expected
    # The swap moves zh and it into the new site: the kill points include one between them.
    assert writes.count("rename") >= 4, writes

    def put_back():
        shutil.rmtree(site)
        restore(site, previous)
        shutil.rmtree(tmp_path / ".cache", ignore_errors=True)  # en is built again

    for kill_at in range(1, len(writes) + 1):
        put_back()
        assert killed(kill_at, build) == (KILLED, []), kill_at
        files.recover(site)
        assert snapshot(site)[0] in (previous, expected), kill_at
        assert sorted(p.name for p in tmp_path.iterdir()) in (
            [".cache", ".site.lock", "mkdocs.yml", "site"],
            [".site.lock", "mkdocs.yml", "site"],
        ), kill_at
        assert not [p for p in tmp_path.rglob("*") if p.name.endswith(".tmp")], kill_at
        build()  # the next run completes
        assert snapshot(site)[0] == expected, kill_at
