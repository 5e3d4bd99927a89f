"""The strength script's paired figures (tests/strength.py): a run saved with --save and the same run read back
with --paired-with differ by nothing, game by game; a saved run of other games is refused in one line, and a
saved run is never overwritten."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from tests import strength


def _run(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], *args: str) -> str:
    monkeypatch.setattr(sys, "argv", ["strength", "godzilla", "--agent", "aggressor", "--workers", "1", *args])
    strength.main()
    return capsys.readouterr().out


def test_a_saved_run_pairs_with_itself(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    saved = tmp_path / "run.json"
    first = _run(monkeypatch, capsys, "--games", "4", "--save", str(saved))
    data = json.loads(saved.read_text(encoding="utf-8"))
    assert data["game"] == "godzilla" and data["players"] == 2 and len(data["points"]) == 4
    assert "the same deals with builder in its seat" in first
    again = _run(monkeypatch, capsys, "--games", "4", "--paired-with", str(saved))
    assert "+0.0%" in again.splitlines()[-1]  # the same agent on the same deals: the same points, game by game
    with pytest.raises(SystemExit, match="the file exists"):  # a saved run is never overwritten
        _run(monkeypatch, capsys, "--games", "4", "--save", str(saved))
    assert json.loads(saved.read_text(encoding="utf-8")) == data


def test_a_saved_run_of_other_games_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    saved = tmp_path / "run.json"
    saved.write_text(json.dumps({"game": "godzilla", "players": 2, "points": [1.0, 0.0]}), encoding="utf-8")
    with pytest.raises(SystemExit, match="not of godzilla with 2 and 4"):
        _run(monkeypatch, capsys, "--games", "4", "--paired-with", str(saved))
