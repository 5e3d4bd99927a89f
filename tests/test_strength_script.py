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


@pytest.mark.parametrize(("labels", "seat", "expected"), [
    ((1.0, 0.0), 0, (1.0, 1.0)),  # two players: the seat's own points
    ((0.5, 0.5), 1, (0.5, 1.0)),  # a draw shared
    ((0.0, 0.0), 0, (0.0, 0.0)),  # everyone lost (eva's humanity destroyed): no points given out, none taken
    ((1.0, 0.0, 0.0), 0, (1.0, 1.0)),
    ((0.0, 1.0, 0.0), 0, (0.25, 1.0)),  # lost to one opponent, a draw with the other (the third player won)
    ((0.0, 0.0, 0.0), 2, (0.0, 0.0)),
])
def test_head_to_head_reads_a_game_as_matches_against_each_opponent(labels: tuple[float, ...], seat: int,
                                                                     expected: tuple[float, float]) -> None:
    assert strength.head_to_head(labels, seat) == pytest.approx(expected)


def test_a_game_everyone_loses_counts_for_no_one_head_to_head(monkeypatch: pytest.MonkeyPatch,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    # eva's two players: a game every player loses gives out no points. Seeker against seeker over 12 games: the
    # per-game points of the tested seat may sit under 50% while the head-to-head share is taken over the games
    # that gave out points only (their count is printed, and with it the number that gave out none)
    monkeypatch.setattr(sys, "argv", ["strength", "eva", "--agent", "seeker", "--games", "12", "--workers", "1"])
    strength.main()
    out = capsys.readouterr().out
    played = [strength.play_seated("eva", "seeker", "seeker", 2, i) for i in range(12)]
    given = [p for p in played if p.given_out > 0]
    assert 0 < len(given) < 12  # the premise: some of these games ended with humanity destroyed
    share = sum(p.head_to_head for p in given) / len(given)
    assert f"head to head, seeker: {share:.1%}" in out
    assert f"the {len(given)} games that gave out any gave out; {12 - len(given)} gave out none" in out
