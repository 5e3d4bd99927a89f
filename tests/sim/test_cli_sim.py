"""`tcgsim simulate`, `tcgsim matchups` and `tcgsim bench --workers` through Typer's runner: output, exit codes,
refusals (one line, exit 2), the report hook."""

from __future__ import annotations

import json
import sys
import types
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tcgsim.cli import app

from .conftest import BLUE, GREEN, RED, REPO

runner = CliRunner()
EVA = str(REPO / "decks" / "eva" / "reis_bonds.yaml")


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def one_line_usage_error(code: int, err: str, message: str) -> None:
    assert code == 2, err
    assert err.startswith("tcgsim: ") and message in err and len(err.strip().splitlines()) == 1, err
    assert "Traceback" not in err


def test_simulate_prints_where_the_results_are_and_a_summary(tmp_path: Path) -> None:
    out = tmp_path / "run"
    code, stdout, _ = run("simulate", RED, BLUE, "-n", "8", "--seed", "2", "--workers", "1", "--out", str(out))
    assert code == 0
    lines = stdout.splitlines()
    assert lines[0].startswith(f"results: {out} (8 games in")
    header = next(line.split() for line in lines if line.split()[:2] == ["deck", "win"])
    games = header.index("games") - 1  # "win rate" is two words of the header, one cell of the rows
    rows = {line.split()[0]: line.split() for line in lines if line.strip().startswith(("Firestorm", "Night"))}
    assert rows["Firestorm"][games + 1] == "8"  # the rate and its interval are two cells after the name
    assert rows["Night"][games + 2] == "8"  # "Night Raid" is two words
    assert "8 games:" in lines[-1] and "draws" in lines[-1] and "errors" in lines[-1]
    assert {p.name for p in out.iterdir()} == {"run.json", "games.parquet", "tempo.parquet", "cards.parquet"}
    meta = json.loads((out / "run.json").read_text())
    assert meta["command"].startswith("tcgsim simulate ") and "--games 8 --seed 2" in meta["command"]


def test_existing_out_needs_force(tmp_path: Path) -> None:
    out = tmp_path / "run"
    assert run("simulate", RED, BLUE, "-n", "2", "-w", "1", "--out", str(out))[0] == 0
    code, _, err = run("simulate", RED, BLUE, "-n", "2", "-w", "1", "--out", str(out))
    one_line_usage_error(code, err, "pass --force")
    assert run("simulate", RED, BLUE, "-n", "4", "-w", "1", "--out", str(out), "--force")[0] == 0
    assert json.loads((out / "run.json").read_text())["total_games"] == 4


def test_force_never_deletes_a_folder_that_is_not_a_run(tmp_path: Path) -> None:
    (tmp_path / "precious.txt").write_text("keep me")
    code, _, err = run("simulate", RED, BLUE, "-n", "2", "--out", str(tmp_path), "--force")
    one_line_usage_error(code, err, "not a tcgsim run folder")
    assert (tmp_path / "precious.txt").read_text() == "keep me"


def test_resume_of_a_different_command_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "run"
    assert run("simulate", RED, BLUE, "-n", "4", "-w", "1", "--seed", "1", "--out", str(out))[0] == 0
    code, _, err = run("simulate", RED, BLUE, "-n", "4", "--seed", "2", "--resume", str(out))
    one_line_usage_error(code, err, "seed was 1")
    code, _, err = run("simulate", RED, GREEN, "-n", "4", "--seed", "1", "--resume", str(out))
    one_line_usage_error(code, err, "no deck 'Grove Builder'")
    code, _, err = run("simulate", RED, BLUE, "-n", "4", "--seed", "1", "--ai", "raider", "--resume", str(out))
    one_line_usage_error(code, err, "--ai")
    code, _, err = run("simulate", RED, BLUE, "-n", "4", "--resume", str(tmp_path / "nothing"))
    one_line_usage_error(code, err, "no run.json")
    code, stdout, _ = run("simulate", RED, BLUE, "-n", "4", "--seed", "1", "--resume", str(out))
    assert code == 0 and "already complete" in stdout


@pytest.mark.parametrize(("args", "message"), [
    ((RED, BLUE, GREEN), "mana takes 2 decks, got 3"),
    ((RED,), "at least 2 decks"),
    ((RED, EVA), "decks of different games"),
    ((RED, BLUE, "--ai", "nobody"), "unknown agent 'nobody'"),
    ((RED, BLUE, "--ai", "raider", "--ai", "raider", "--ai", "raider"), "--ai given 3 times for 2 decks"),
    ((RED, BLUE, "--scheduler", "tcp://localhost:8786"), "--scheduler is for --backend dask"),
])
def test_bad_input_is_one_line_and_exit_2(tmp_path: Path, args: tuple[str, ...], message: str) -> None:
    code, _, err = run("simulate", *args, "-n", "2", "--out", str(tmp_path / "run"))
    one_line_usage_error(code, err, message)
    assert not (tmp_path / "run").exists()


def test_invalid_decks_print_the_findings_and_exit_1(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: mana\nmain:\n  Drakonis: 5\ncharacters: [Hero]\n", encoding="utf-8")
    code, _, err = run("simulate", str(bad), BLUE, "-n", "2", "--out", str(tmp_path / "run"))
    assert code == 1 and "MANA-COPIES" in err and "Traceback" not in err


def test_matchups_prints_and_writes_the_matrix(tmp_path: Path) -> None:
    out = tmp_path / "run"
    code, stdout, _ = run("matchups", RED, BLUE, GREEN, "-n", "2", "-w", "2", "--out", str(out))
    assert code == 0
    assert "matchup matrix" in stdout and (out / "matrix.csv").exists()
    assert json.loads((out / "run.json").read_text())["total_games"] == 6
    code, _, _ = run("matchups", str(REPO / "decks" / "mana"), "--gauntlet", RED, "-n", "2", "-w", "1",
                     "--out", str(tmp_path / "gauntlet"))
    assert code == 0
    meta = json.loads((tmp_path / "gauntlet" / "run.json").read_text())
    assert meta["gauntlet"] == "Firestorm" and all(m["decks"][0] == "Firestorm" for m in meta["matchups"])
    assert len(meta["matchups"]) == 4  # the field is the folder's five decks minus the gauntlet deck itself


def test_matchups_with_missing_paths_exit_1(tmp_path: Path) -> None:
    code, _, err = run("matchups", RED, str(tmp_path / "missing.yaml"), "-n", "2")
    assert code == 1 and "no such file" in err


def test_the_report_is_written_when_tcgsim_report_exists(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    calls: list[Path] = []
    fake = types.ModuleType("tcgsim.report")
    fake.write_report = lambda folder, status=None: calls.append(folder)  # type: ignore[attr-defined]
    fake.StatusLine = lambda: types.SimpleNamespace(done=lambda *a, **k: None)  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "tcgsim.report", fake)
    assert run("simulate", RED, BLUE, "-n", "2", "-w", "1", "--out", str(tmp_path / "a"))[0] == 0
    assert calls == [tmp_path / "a"]
    assert run("simulate", RED, BLUE, "-n", "2", "-w", "1", "--out", str(tmp_path / "b"), "--no-report")[0] == 0
    assert calls == [tmp_path / "a"]


def test_bench_with_workers_reports_them() -> None:
    code, out, _ = run("bench", "mana", "--games", "8", "--workers", "2", "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert data["workers"] == 2 and data["games"] == 8 and data["decisions"] > 0


@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_task_that_fails_outside_its_games_stops_the_run_with_one_line(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, workers: str) -> None:
    import tcgsim.sim.runner

    def full_disk(*_args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(tcgsim.sim.runner, "write_shard", full_disk)  # forked workers inherit it
    out = tmp_path / "run"
    code, _, err = run("simulate", RED, BLUE, "-n", "4", "-w", workers, "--out", str(out))
    assert code == 1 and len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert "No space left on device" in err and "failure.txt" in err
    assert "Traceback" in (out / "failure.txt").read_text()


def test_default_out_is_reports_decks_timestamp_and_never_an_existing_folder(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from datetime import datetime

    from tcgsim.sim import default_out

    now = datetime(2026, 1, 2, 3, 4, 5)
    first = default_out(["Firestorm", "Night Raid"], tmp_path / "reports", now)
    assert first == tmp_path / "reports" / "firestorm-night-raid-20260102-030405"
    first.mkdir(parents=True)
    assert default_out(["Firestorm", "Night Raid"], tmp_path / "reports", now).name.endswith("-030405-2")
    monkeypatch.chdir(tmp_path)
    code, stdout, _ = run("simulate", RED, BLUE, "-n", "2", "-w", "1")
    assert code == 0 and stdout.startswith("results: reports/firestorm-night-raid-")
    assert len(list((tmp_path / "reports").iterdir())) == 2


def test_the_progress_bar_follows_the_games(monkeypatch: pytest.MonkeyPatch) -> None:
    from tcgsim.sim.progress import GameProgress, ProgressStyle, show_progress

    assert show_progress(quiet=True) is ProgressStyle.NONE
    monkeypatch.setenv("CI", "true")
    assert show_progress(quiet=False) is ProgressStyle.PLAIN  # no bar in CI: plain lines
    with GameProgress("Firestorm vs Night Raid", ProgressStyle.BAR) as bar:
        for done in (0, 10, 20):
            bar.update(done, 20)
        assert bar._progress is not None and bar._progress.tasks[0].completed == 20


def test_plain_progress_lines_come_every_30_seconds_outside_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """In CI nothing showed until the end of a long run. Games at t = 0, 10, 31, 50, 62 and the last at 70: a line
    at 31 s (31 games in 31 s: 1 game/s, 69 left: about 1m 09s) and at 62 s, none at the end (the summary
    follows), none before the first 30 seconds."""
    from tcgsim.sim.progress import GameProgress, ProgressStyle

    monkeypatch.delenv("TCGSIM_PROGRESS_EVERY", raising=False)
    now = [0.0]
    lines: list[str] = []
    with GameProgress("A vs B", ProgressStyle.PLAIN, clock=lambda: now[0], write=lines.append) as bar:
        for t, done in ((0, 0), (10, 10), (31, 31), (50, 50), (62, 62), (70, 100)):
            now[0] = float(t)
            bar.update(done, 100)
    assert lines == ["A vs B: 31 / 100 games (31%), 1 games/s, about 1m 09s left",
                     "A vs B: 62 / 100 games (62%), 1 games/s, about 0m 38s left"]


def test_a_simulate_in_ci_prints_no_bar_and_a_short_run_no_progress_line(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CI", "true")
    code, _, err = run("simulate", RED, BLUE, "-n", "2", "-w", "1", "--out", str(tmp_path / "r"))
    assert code == 0 and "games/s" not in err and "━" not in err
