"""`tcgsim tune` through the command line and the library: what it writes, that it never touches the user's
deck, that it is the same on 1 or 2 workers and after a kill and resume, and its one-line refusals."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tcgsim.cli import app
from tcgsim.decks import read_deck
from tcgsim.tune import TUNE_JSON, TuneSettings, run_tune
from tcgsim.validate import validate_deck

REPO = Path(__file__).resolve().parent.parent
DECK = str(REPO / "decks/mana/firestorm.yaml")
FIELD = [str(REPO / "decks/mana/floodwater.yaml"), str(REPO / "decks/mana/night-raid.yaml")]
# a small tune: two rounds over 3 incoming cards for the weakest card, a few hundred games (seconds)
SMALL = ["--budget", "300", "--cuts", "1", "--swaps", "2", "--pool-limit", "3", "--seed", "4"]
runner = CliRunner()


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def findings(folder: Path) -> dict[str, Any]:
    """What a tune found, without what differs between sittings (time, the folder's own paths)."""
    result = json.loads((folder / TUNE_JSON).read_text(encoding="utf-8"))["result"]
    result.pop("seconds")
    for step in result["steps"]:
        step["deck_file"] = Path(step["deck_file"]).name
    result["best"] = result["best"] and Path(result["best"]).name
    return result


@pytest.fixture(scope="module")
def tuned(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("tune") / "t"
    before = hashlib.sha256(Path(DECK).read_bytes()).hexdigest()
    code, stdout, stderr = run("tune", DECK, "--field", *FIELD, *SMALL, "--workers", "1", "--out", str(out), "-q")
    assert code == 0, stderr
    assert hashlib.sha256(Path(DECK).read_bytes()).hexdigest() == before  # the user's deck is only read
    assert stdout.splitlines()[0].startswith(f"tune: {out} (")
    return out


def test_a_tune_writes_valid_variants_and_a_report_of_validated_gains(tuned: Path) -> None:
    state = json.loads((tuned / TUNE_JSON).read_text(encoding="utf-8"))
    assert state["status"] == "complete" and state["command"].startswith("tcgsim tune ")
    result = state["result"]
    assert 0 < result["games"] <= 300
    for step in result["steps"]:
        deck = read_deck(step["deck_file"])
        assert validate_deck(deck).valid
        assert step["validated"]["pairs"] > 0 and set(step["per_matchup"]) == {"Floodwater", "Night Raid"}
    report = (tuned / "tune.md").read_text(encoding="utf-8")
    assert "validation deals" in report and "## Rounds" in report
    assert [r["round"] for r in result["rounds"]][:1] == [1]


def test_the_same_seed_finds_the_same_on_two_workers(tuned: Path, tmp_path: Path) -> None:
    out = tmp_path / "t2"
    code, _, stderr = run("tune", DECK, "--field", *FIELD, *SMALL, "--workers", "2", "--out", str(out), "-q")
    assert code == 0, stderr
    assert findings(out) == findings(tuned)


def test_a_killed_tune_resumes_to_the_same_findings(tuned: Path, tmp_path: Path) -> None:
    out = tmp_path / "t3"
    settings = TuneSettings(DECK, tuple(FIELD), 300, 4, (), None, 3, 1, 2)

    def kill(done: int, _total: int, _what: str) -> None:
        if done > 100:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_tune(settings, out, workers=1, progress=kill)
    assert json.loads((out / TUNE_JSON).read_text(encoding="utf-8"))["status"] == "running"
    code, _, stderr = run("tune", "--resume", str(out), "-q", "--workers", "1")
    assert code == 0, stderr
    # the resumed tune recorded its own --out in its command; what it found is the uninterrupted one's
    assert findings(out) == findings(tuned)


def one_line(code: int, err: str, expected_code: int, text: str) -> None:
    assert code == expected_code, err
    assert err.startswith("tcgsim: ") and text in err and len(err.strip().splitlines()) == 1, err


def test_refusals_are_one_line(tuned: Path, tmp_path: Path) -> None:
    one_line(*run("tune", DECK, "--out", str(tmp_path / "a"))[::2], 2, "--field")
    one_line(*run("tune", DECK, "--field", *FIELD, "--out", str(tuned))[::2], 2, "--force")
    stranger = tmp_path / "mine"
    stranger.mkdir()
    (stranger / "notes.txt").write_text("keep me", encoding="utf-8")
    one_line(*run("tune", DECK, "--field", *FIELD, "--out", str(stranger), "--force")[::2], 2, "not a tune folder")
    assert (stranger / "notes.txt").read_text(encoding="utf-8") == "keep me"
    one_line(*run("tune", DECK, "--field", *FIELD, "--budget", "10", "--out", str(tmp_path / "b"))[::2], 2,
             "at least")
    one_line(*run("tune", DECK, "--field", *FIELD, "--keep", "Tomato Mun", "--out", str(tmp_path / "c"))[::2], 2,
             "did you mean 'Tomato Man'")
    owned = tmp_path / "owned.txt"
    owned.write_text("3 Flame\n2 Tomato Mun\n", encoding="utf-8")
    one_line(*run("tune", DECK, "--field", *FIELD, "--from", str(owned), "--out", str(tmp_path / "d"))[::2], 1,
             f"{owned}:2")
    one_line(*run("tune", "--resume", str(tmp_path / "nothing"))[::2], 2, "no tune.json")


def test_the_progress_says_what_is_played_the_candidates_alive_and_the_best_validated_gain(tmp_path: Path) -> None:
    seen: list[tuple[int, int, str]] = []
    settings = TuneSettings(DECK, tuple(FIELD), 300, 4, (), None, 3, 1, 2)
    run_tune(settings, tmp_path / "t", workers=1, progress=lambda done, total, what: seen.append((done, total, what)))
    labels = [what for _, _, what in seen]
    assert any("validating" in w for w in labels) and any("scouting" in w for w in labels)
    assert any("candidates alive" in w for w in labels) and any("the last, fresh rung" in w for w in labels)
    assert any("best validated gain" in w for w in labels)  # after the first accepted step (this seed has two)
    done = [d for d, _, _ in seen]
    assert done == sorted(done) and all(d <= t for d, t, _ in seen)


def test_a_tune_on_a_dask_cluster_finds_what_local_workers_find(tmp_path: Path) -> None:
    """The same backend choice as simulate: every part of a tune is a run, and a run's games do not depend on who
    plays them."""
    tiny = ["--budget", "120", "--cuts", "1", "--swaps", "1", "--pool-limit", "2", "--seed", "2", "-q"]
    for backend, out in (("local", "l"), ("dask", "d")):
        code, _, err = run("tune", DECK, "--field", FIELD[0], *tiny, "--workers", "2", "--backend", backend,
                           "--out", str(tmp_path / out))
        assert code == 0, err
    assert findings(tmp_path / "d") == findings(tmp_path / "l")
