"""Run folders under faults and misuse: nothing the user had is deleted, two runs never mix, damaged shards are
replayed, a killed or terminated tcgsim leaves no process behind, and every refusal is one line with exit 1 or 2.

The real-process tests play random agents (the cheapest full games) so each takes a few seconds.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tcgsim.cli import app
from tcgsim.sim import execute, plan_matchups, plan_simulation
from tcgsim.sim.folder import RunLock
from tcgsim.sim.seeds import TASK_GAMES, GamePlan

from .conftest import BLUE, GAMES, GREEN, RED, SEED, assert_same_tables

runner = CliRunner()
PROCESS_GAMES, PROCESS_SEED, AI = 400, 3, "random"


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def one_line(code: int, err: str, expected_code: int, message: str) -> None:
    assert code == expected_code, err
    assert err.startswith("tcgsim: ") and message in err, err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, err


def _tree(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def _small_run(folder: Path, seed: int = SEED) -> None:
    assert run("simulate", RED, BLUE, "-n", "4", "-w", "1", "--seed", str(seed), "--ai", AI, "--out", str(folder),
               "--no-report")[0] == 0


def _interrupted(folder: Path, seed: int = SEED, tasks: int = 2) -> None:
    """A run of GAMES games stopped (as by Ctrl-C) after `tasks` tasks: its shards are left for a resume."""
    finished: list[int] = []

    def stop_after(done: int, _total: int) -> None:
        if done:
            finished.append(done)
        if len(finished) >= tasks:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        execute(plan_simulation([RED, BLUE], GAMES, seed), folder, workers=1, progress=stop_after)


# ------------------------------------------------------------------------------------------- --force, --out


def test_force_never_deletes_a_folder_whose_run_json_is_not_a_tcgsim_run(tmp_path: Path) -> None:
    work = tmp_path / "project"
    (work / "src").mkdir(parents=True)
    (work / "src" / "main.c").write_text("int main(void) { return 0; }\n")
    (work / "run.json").write_text('{"lr": 0.1}\n')
    before = _tree(work)
    code, _, err = run("simulate", RED, BLUE, "-n", "2", "--out", str(work), "--force")
    one_line(code, err, 2, "refusing to delete it, even with --force")
    assert _tree(work) == before


def test_force_never_deletes_a_run_folder_holding_files_tcgsim_did_not_write(tmp_path: Path) -> None:
    out = tmp_path / "run"
    _small_run(out)
    (out / "my-notes.txt").write_text("keep me")
    (out / "plots").mkdir()
    (out / "plots" / "sketch.svg").write_text("<svg/>")
    before = _tree(out)
    code, _, err = run("simulate", RED, BLUE, "-n", "2", "--out", str(out), "--force")
    one_line(code, err, 2, "holds files tcgsim did not write (my-notes.txt, plots/)")
    assert _tree(out) == before


def test_force_replaces_only_tcgsim_files_and_keeps_the_folder(tmp_path: Path) -> None:
    out = tmp_path / "run"
    _small_run(out, seed=1)
    inode = out.stat().st_ino
    code, _, _ = run("simulate", RED, BLUE, "-n", "6", "-w", "1", "--seed", "2", "--ai", AI, "--out", str(out),
                     "--force", "--no-report")
    assert code == 0
    assert out.stat().st_ino == inode  # cleared file by file, not deleted and made again
    assert json.loads((out / "run.json").read_text())["total_games"] == 6


@pytest.mark.parametrize("out", ["", "."])
def test_force_refuses_the_current_folder_and_an_empty_path(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                            out: str) -> None:
    _small_run(tmp_path / "run")
    monkeypatch.chdir(tmp_path / "run")
    before = _tree(tmp_path)
    code, _, err = run("simulate", RED, BLUE, "-n", "2", "--out", out, "--force")
    one_line(code, err, 2, "--out is empty" if out == "" else "current folder")
    assert _tree(tmp_path) == before


def test_force_refuses_a_symbolic_link(tmp_path: Path) -> None:
    _small_run(tmp_path / "run")
    (tmp_path / "link").symlink_to(tmp_path / "run")
    before = _tree(tmp_path / "run")
    code, _, err = run("simulate", RED, BLUE, "-n", "2", "--out", str(tmp_path / "link"), "--force")
    one_line(code, err, 2, "symbolic link")
    assert _tree(tmp_path / "run") == before


@pytest.mark.parametrize("where", ["under-a-file", "proc"])
def test_an_out_folder_that_cannot_be_made_is_one_line_and_exit_1(tmp_path: Path, where: str) -> None:
    (tmp_path / "file.txt").write_text("x")
    out = tmp_path / "file.txt" / "run" if where == "under-a-file" else Path("/proc/tcgsim-run")
    code, _, err = run("simulate", RED, BLUE, "-n", "2", "--out", str(out))
    one_line(code, err, 1, "cannot create the run folder")


def test_an_out_that_is_a_file_is_refused(tmp_path: Path) -> None:
    (tmp_path / "file.txt").write_text("x")
    code, _, err = run("simulate", RED, BLUE, "-n", "2", "--out", str(tmp_path / "file.txt"), "--force")
    one_line(code, err, 2, "is not a folder")
    assert (tmp_path / "file.txt").read_text() == "x"


# ------------------------------------------------------------------------------------------------ the lock


def test_a_folder_in_use_by_another_run_is_refused_and_left_alone(tmp_path: Path) -> None:
    out = tmp_path / "run"
    _small_run(out)
    before = _tree(out)
    with RunLock(out):  # as a run in progress holds it
        for extra in (["--force"], ["--resume", str(out)]):
            code, _, err = run("simulate", RED, BLUE, "-n", "4", "--ai", AI, "--seed", str(SEED), "--out", str(out),
                               *extra)
            one_line(code, err, 1, "another tcgsim process is using")
    assert _tree(out) == before


def test_a_second_process_cannot_force_its_way_into_a_running_run(tmp_path: Path) -> None:
    out = tmp_path / "run"
    first = subprocess.Popen(_command("--out", str(out)), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    _wait_for_shards(first, out)
    second = subprocess.run(_command("--out", str(out), "--force", "--seed", "9"), capture_output=True, text=True,
                            timeout=60)
    assert first.wait(timeout=120) == 0
    one_line(second.returncode, second.stderr, 1, "another tcgsim process is using")
    whole = tmp_path / "whole"
    execute(plan_simulation([RED, BLUE], PROCESS_GAMES, PROCESS_SEED, ai=AI), whole, workers=2)
    assert_same_tables(out, whole)  # nothing of the second command's seed got in


# ------------------------------------------------------------------------------------------------ shards


def test_a_foreign_shard_is_never_merged(tmp_path: Path, reference: Path) -> None:
    ours, theirs = tmp_path / "ours", tmp_path / "theirs"
    _interrupted(ours, SEED, tasks=2)
    _interrupted(theirs, SEED + 1, tasks=4)
    for table in ("games", "tempo", "cards"):  # task 3 of another seed, where ours has none yet
        shutil.copy(theirs / "shards" / f"{table}-000003.parquet", ours / "shards" / f"{table}-000003.parquet")
    notes: list[str] = []
    execute(plan_simulation([RED, BLUE], GAMES, SEED), ours, workers=1, resume=True, notify=notes.append)
    assert any("from another run" in n for n in notes), notes
    assert_same_tables(ours, reference)


@pytest.mark.parametrize("damage", ["zero-length", "truncated", "garbage"])
def test_a_damaged_shard_is_named_and_its_games_replayed(tmp_path: Path, reference: Path, damage: str) -> None:
    out = tmp_path / "run"
    _interrupted(out, tasks=3)
    shard = out / "shards" / "games-000001.parquet"
    data = shard.read_bytes()
    shard.write_bytes({"zero-length": b"", "truncated": data[: len(data) // 2], "garbage": b"PAR1" + b"x" * 40}
                      [damage])
    (out / "shards" / "notes.txt").write_text("mine")
    (out / "shards" / "games-x.parquet").write_text("not a shard")
    code, _, err = run("simulate", RED, BLUE, "-n", str(GAMES), "--seed", str(SEED), "-w", "1", "--resume", str(out),
                       "--no-report")
    assert code == 0, err
    assert "games-000001.parquet" in err and "played again" in err and "notes.txt" in err
    assert_same_tables(out, reference)
    assert (out / "shards" / "notes.txt").read_text() == "mine"  # not ours: kept, with the folder


# ------------------------------------------------------------------------------------------------ run.json


@pytest.mark.parametrize("edit", ["extra key", "missing key", "wrong type", "not json"])
def test_a_damaged_run_json_is_one_line_for_resume_and_blocks_force(tmp_path: Path, edit: str) -> None:
    out = tmp_path / "run"
    _interrupted(out)
    meta = json.loads((out / "run.json").read_text())
    if edit == "extra key":
        meta["colour"] = "blue"
    elif edit == "missing key":
        del meta["tasks"]
    elif edit == "wrong type":
        meta["decks"] = 5
    text = "{not json" if edit == "not json" else json.dumps(meta)
    (out / "run.json").write_text(text)
    before = _tree(out)
    code, _, err = run("simulate", "--resume", str(out))
    one_line(code, err, 1, "run.json")
    code, _, err = run("simulate", RED, BLUE, "-n", "2", "--out", str(out), "--force")
    one_line(code, err, 2, "refusing to delete it")
    assert _tree(out) == before


def test_resume_needs_only_the_folder(tmp_path: Path, reference: Path) -> None:
    out = tmp_path / "run"
    _interrupted(out)
    code, stdout, err = run("simulate", "--resume", str(out), "-w", "1", "--no-report")
    assert code == 0, err
    assert "resumed after" in stdout
    assert_same_tables(out, reference)


def test_matchups_resume_needs_only_the_folder(tmp_path: Path) -> None:
    def config() -> object:
        return plan_matchups([BLUE, GREEN], 8, 2, ai=AI, gauntlet=RED)

    whole, cut = tmp_path / "whole", tmp_path / "cut"
    execute(config(), whole, workers=1)  # type: ignore[arg-type]
    calls: list[int] = []

    def stop(done: int, _total: int) -> None:
        calls.append(done)
        if len(calls) > 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        execute(config(), cut, workers=1, progress=stop)  # type: ignore[arg-type]
    code, stdout, err = run("matchups", "--resume", str(cut), "--no-report")
    assert code == 0 and "resumed after" in stdout, err
    assert_same_tables(cut, whole)


@pytest.mark.parametrize(("key", "value", "message"), [
    ("versions", {"tcgsim": "0.0.1"}, "started by tcgsim 0.0.1"),
    ("card_pool", "0" * 64, "card data of the game has changed"),
])
def test_resume_across_another_tcgsim_or_card_pool_is_refused(tmp_path: Path, key: str, value: object,
                                                               message: str) -> None:
    out = tmp_path / "run"
    _interrupted(out)
    meta = json.loads((out / "run.json").read_text())
    meta[key] = {**meta[key], **value} if isinstance(value, dict) else value
    (out / "run.json").write_text(json.dumps(meta))
    code, _, err = run("simulate", "--resume", str(out))
    one_line(code, err, 2, message)


def test_the_deck_files_are_still_checked_on_a_resume_from_the_folder(tmp_path: Path) -> None:
    deck = tmp_path / "red.yaml"
    deck.write_text(Path(RED).read_text(encoding="utf-8"), encoding="utf-8")
    out = tmp_path / "run"
    assert run("simulate", str(deck), BLUE, "-n", "4", "-w", "1", "--ai", AI, "--out", str(out), "--no-report")[0] == 0
    meta = json.loads((out / "run.json").read_text())
    meta["status"] = "running"
    (out / "run.json").write_text(json.dumps(meta))
    deck.write_text(deck.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    code, _, err = run("simulate", "--resume", str(out))
    one_line(code, err, 2, "has changed since")
    deck.unlink()
    code, _, err = run("simulate", "--resume", str(out))
    one_line(code, err, 1, "is not there")


# ----------------------------------------------------------------------------------------- sizes and names


def test_absurd_game_counts_are_refused_at_once() -> None:
    code, _, err = run("simulate", RED, BLUE, "--games", "1000000000000")
    one_line(code, err, 2, "at most 1,000,000,000")
    code, _, err = run("matchups", RED, BLUE, GREEN, "--games", "400000000")
    one_line(code, err, 2, "3 matchups")


def test_a_plan_of_a_billion_games_is_made_lazily() -> None:
    plan = GamePlan.build(1, [(0, 1)], 1_000_000_000)
    assert plan.n_tasks == 1_000_000_000 // TASK_GAMES + (1_000_000_000 % TASK_GAMES > 0)
    first = next(plan.iter_tasks())
    assert first.task_id == 0 and first.n_games == TASK_GAMES


def test_workers_far_above_the_cores_are_capped_with_a_note(tmp_path: Path) -> None:
    notes: list[str] = []
    outcome = execute(plan_simulation([RED, BLUE], 4, 1, ai=AI), tmp_path / "run", workers=500, notify=notes.append)
    assert outcome.session is not None and outcome.session.workers <= (os.cpu_count() or 1)
    assert notes and "--workers 500 is more than" in notes[0]


def test_a_lone_surrogate_in_a_game_error_is_kept_as_an_escape(monkeypatch: pytest.MonkeyPatch,
                                                               tmp_path: Path) -> None:
    import tcgsim.agents
    from tcgsim.sim import load_run

    class Broken:
        name = "broken"

        def choose(self, *_args: object) -> object:
            raise RuntimeError("bad name \ud800 here")

    monkeypatch.setitem(tcgsim.agents.GENERIC, "broken", Broken)
    execute(plan_simulation([RED, BLUE], 2, 1, ai="broken"), tmp_path / "run", workers=1)
    errors = set(load_run(tmp_path / "run").games.error)
    assert errors == {"RuntimeError: bad name \\ud800 here"}


def test_a_deck_name_with_a_lone_surrogate_is_refused_before_the_run() -> None:
    from dataclasses import replace

    from tcgsim.decks import read_deck
    from tcgsim.sim import SimError

    deck = replace(read_deck(RED), name="Fire\udc80")
    with pytest.raises(SimError, match="lone surrogate"):
        plan_simulation([deck, BLUE], 2, 1)


def test_a_scheduler_that_is_not_an_address_is_one_line() -> None:
    code, _, err = run("simulate", RED, BLUE, "-n", "2", "--backend", "dask", "--scheduler", "not a url")
    one_line(code, err, 2, "is not a Dask scheduler address")


# ------------------------------------------------------------------------------------------------ full disk


def test_a_disk_that_fills_at_the_merge_is_one_line_and_a_resume_finishes(monkeypatch: pytest.MonkeyPatch,
                                                                          tmp_path: Path, reference: Path) -> None:
    import tcgsim.sim.store

    def full(*_args: object, **_kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    with monkeypatch.context() as patch:
        patch.setattr(tcgsim.sim.store._RowGroupWriter, "_write", full)
        code, _, err = run("simulate", RED, BLUE, "-n", str(GAMES), "--seed", str(SEED), "-w", "1",
                           "--out", str(tmp_path / "run"), "--no-report")
    one_line(code, err, 1, "run failed: cannot write the tables")
    assert "No space left on device" in err and "To finish: tcgsim simulate --resume" in err
    assert run("simulate", "--resume", str(tmp_path / "run"), "--no-report")[0] == 0
    assert_same_tables(tmp_path / "run", reference)


def test_a_disk_that_refuses_failure_txt_too_is_still_one_line(monkeypatch: pytest.MonkeyPatch,
                                                               tmp_path: Path) -> None:
    import tcgsim.sim.runner

    def full(*_args: object, **_kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    write_text = Path.write_text

    def failure_txt_fails(path: Path, *args: object, **kwargs: object) -> int:
        if path.name == "failure.txt":  # the traceback file fails as well
            raise OSError(28, "No space left on device")
        return write_text(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(tcgsim.sim.runner, "write_shard", full)
    monkeypatch.setattr(Path, "write_text", failure_txt_fails)
    code, _, err = run("simulate", RED, BLUE, "-n", "4", "-w", "1", "--out", str(tmp_path / "run"), "--no-report")
    one_line(code, err, 1, "its traceback could not be saved")


@pytest.fixture()
def tiny_disk(tmp_path: Path) -> object:
    """A 1 MiB tmpfs (root, Linux); the test is skipped where it cannot be mounted."""
    mount = tmp_path / "disk"
    mount.mkdir()
    if os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("mounting a small tmpfs needs root")
    made = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(mount)], capture_output=True)
    if made.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {made.stderr.decode().strip()}")
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False)


def test_a_real_full_disk_at_the_start_and_mid_run(tiny_disk: Path, tmp_path: Path, reference: Path) -> None:
    filler = tiny_disk / "filler"
    with contextlib.suppress(OSError), filler.open("wb") as f:  # fill the disk to its last block
        while True:
            f.write(b"\0" * 4096)
            f.flush()
    code, _, err = run("simulate", RED, BLUE, "-n", "4", "--out", str(tiny_disk / "run"))
    one_line(code, err, 1, "No space left on device")
    filler.unlink()
    # now room for run.json and a few shards, not for all
    (tiny_disk / "filler").write_bytes(b"\0" * (1024 * 1024 - 80 * 1024))
    out = tiny_disk / "run2"
    code, _, err = run("simulate", RED, BLUE, "-n", str(GAMES), "--seed", str(SEED), "-w", "1", "--out", str(out),
                       "--no-report")
    one_line(code, err, 1, "No space left on device")
    assert "--resume" in err
    (tiny_disk / "filler").unlink()
    code, _, err = run("simulate", "--resume", str(out), "--no-report")
    assert code == 0, err
    assert_same_tables(out, reference)


# ------------------------------------------------------------------------------------ processes left behind


def _command(*extra: str) -> list[str]:
    return [sys.executable, "-m", "tcgsim", "simulate", RED, BLUE, "--games", str(PROCESS_GAMES), "--seed",
            str(PROCESS_SEED), "--ai", AI, "--workers", "2", "--no-report", "--quiet", *extra]


def _wait_for_shards(process: subprocess.Popen[str], out: Path, count: int = 1) -> None:
    deadline = time.monotonic() + 60
    while len(list((out / "shards").glob("games-*.parquet"))) < count:
        assert process.poll() is None, process.communicate()
        assert time.monotonic() < deadline, "no shard within 60 s"
        time.sleep(0.01)


def _children(pid: int) -> list[int]:
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        text = (task / "children").read_text() if (task / "children").exists() else ""
        found.extend(int(p) for p in text.split())
    return found


def _gone(pids: list[int], within: float = 10.0) -> bool:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        alive = [p for p in pids if Path(f"/proc/{p}").exists()
                 and "zombie" not in Path(f"/proc/{p}/status").read_text().lower()]
        if not alive:
            return True
        time.sleep(0.05)
    return False


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_killing_tcgsim_leaves_no_worker_holding_its_output(tmp_path: Path) -> None:
    out = tmp_path / "run"
    process = subprocess.Popen(_command("--out", str(out)), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True)
    _wait_for_shards(process, out)
    workers = _children(process.pid)
    assert len(workers) == 2
    process.kill()  # SIGKILL of tcgsim alone, as the OOM killer or a timeout does
    process.communicate(timeout=10)  # returns only once every holder of its stdout/stderr is gone
    assert _gone(workers)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_sigterm_stops_a_run_like_ctrl_c_and_it_resumes(tmp_path: Path) -> None:
    out = tmp_path / "run"
    process = subprocess.Popen(_command("--out", str(out)), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True)
    _wait_for_shards(process, out, 2)
    workers = _children(process.pid)
    process.send_signal(signal.SIGTERM)
    _, err = process.communicate(timeout=15)
    assert process.returncode == 143, err
    one_line(1, err, 1, f"terminated; finished games are kept. To finish: tcgsim simulate --resume {out}")
    assert _gone(workers)
    resumed = subprocess.run([sys.executable, "-m", "tcgsim", "simulate", "--resume", str(out), "--quiet",
                              "--no-report"], capture_output=True, text=True, timeout=120)
    assert resumed.returncode == 0, resumed.stderr
    whole = tmp_path / "whole"
    execute(plan_simulation([RED, BLUE], PROCESS_GAMES, PROCESS_SEED, ai=AI), whole, workers=2)
    assert_same_tables(out, whole)


def test_bench_workers_far_above_the_cores_are_capped_with_a_note() -> None:
    code, stdout, err = run("bench", "mana", "--games", "4", "--workers", "64", "--format", "json")
    assert code == 0 and "--workers 64 is more than" in err
    assert json.loads(stdout)["workers"] <= (os.cpu_count() or 1)
