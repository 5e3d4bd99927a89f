"""A real `tcgsim simulate` process killed with SIGKILL mid-run, then finished with --resume: the tables equal an
uninterrupted run's."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tcgsim.sim import RunIncomplete, execute, load_run, plan_simulation

from .conftest import BLUE, RED, assert_same_tables

GAMES, SEED, AI = 400, 3, "random"  # random play: the cheapest full games, so the test stays quick


def _command(*extra: str) -> list[str]:
    return [sys.executable, "-m", "tcgsim", "simulate", RED, BLUE, "--games", str(GAMES), "--seed", str(SEED),
            "--ai", AI, "--workers", "2", "--no-report", "--quiet", *extra]


def test_a_run_killed_mid_way_resumes_to_the_uninterrupted_tables(tmp_path: Path) -> None:
    killed = tmp_path / "killed"
    shards = killed / "shards"
    process = subprocess.Popen(_command("--out", str(killed)), start_new_session=True,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and len(list(shards.glob("games-*.parquet"))) < 2:
        assert process.poll() is None, process.stderr.read() if process.stderr else ""
        time.sleep(0.01)
    os.killpg(process.pid, signal.SIGKILL)  # the command and its workers, at once, mid-run
    process.wait()
    assert process.returncode == -signal.SIGKILL
    meta = json.loads((killed / "run.json").read_text())
    finished = len(list(shards.glob("games-*.parquet")))
    assert meta["status"] == "running" and 2 <= finished < meta["tasks"]
    assert not (killed / "games.parquet").exists()
    # the library reads what `tcgsim report` reads of it: the finished games, marked unfinished
    with pytest.raises(RunIncomplete, match="partial=True"):
        load_run(killed)
    part = load_run(killed, partial=True)
    assert not part.complete and 0 < len(part.games) < GAMES and "unfinished" in repr(part)
    assert list(part.games.game_id) == sorted(part.games.game_id)
    assert set(part.cards.game_id) == set(part.games.game_id) == set(part.tempo.game_id)

    resumed = subprocess.run(_command("--resume", str(killed)), capture_output=True, text=True, timeout=120)
    assert resumed.returncode == 0, resumed.stderr
    assert "resumed after" in resumed.stdout
    meta = json.loads((killed / "run.json").read_text())
    assert meta["status"] == "complete" and len(meta["timings"]["sessions"]) == 1  # the killed sitting never ended
    assert not shards.exists()

    whole = tmp_path / "whole"
    execute(plan_simulation([RED, BLUE], GAMES, SEED, ai=AI), whole, workers=2)
    assert_same_tables(killed, whole)

    again = subprocess.run(_command("--resume", str(killed)), capture_output=True, text=True, timeout=120)
    assert again.returncode == 0 and "already complete" in again.stdout
