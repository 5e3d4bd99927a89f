"""The strength script's paired figures (tests/strength.py): a run saved with --save and the same run read back
with --paired-with differ by nothing, game by game; a saved run of other games is refused in one line, and a
saved run is never overwritten."""

from __future__ import annotations

import json
import sys
from enum import StrEnum
from pathlib import Path
from typing import cast

import pytest

from tcgsim.agents import default_agent
from tcgsim.engine import Game, Outcome
from tcgsim.stats import DRAW, LOSS, WIN
from tests import strength
from tests.conftest import bundled_with_one_over_its_limit


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
    saved.write_text(json.dumps({"game": "godzilla", "players": 2, "seating": strength.SEATING, "points": [1.0, 0.0]}),
                     encoding="utf-8")
    with pytest.raises(SystemExit, match="not of godzilla with 2 and 4"):
        _run(monkeypatch, capsys, "--games", "4", "--paired-with", str(saved))


def test_a_run_from_a_later_deal_plays_new_deals_and_pairs_only_with_runs_of_them(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # deal K is group K: its first game is number K x P^2, played on seed SEED + K, the tables in the same order
    assert list(strength.games_of_run(8, 2, first_deal=3)) == list(range(12, 20))
    assert list(strength.games_of_run(9, 3)) == list(range(9))
    decks, seat, seed = strength.seating("godzilla", 2, 12)
    assert (seed, seat) == (strength.SEED + 3, 0)
    saved = tmp_path / "later.json"
    _run(monkeypatch, capsys, "--games", "4", "--first-deal", "2", "--save", str(saved))
    assert json.loads(saved.read_text(encoding="utf-8"))["first_deal"] == 2
    again = _run(monkeypatch, capsys, "--games", "4", "--first-deal", "2", "--paired-with", str(saved))
    assert "+0.0%" in again.splitlines()[-1]
    with pytest.raises(SystemExit, match="a run from deal 2, not from 0"):  # deals 0-1 are other deals
        _run(monkeypatch, capsys, "--games", "4", "--paired-with", str(saved))


class _Finished:
    """The two things `pairs_of` reads of a finished game."""

    all_lose_reasons = frozenset({"humanity_destroyed"})

    def __init__(self, players: int) -> None:
        self.num_players = players


@pytest.mark.parametrize(("players", "winner", "reason", "seat", "expected"), [
    (2, 0, "life", 0, (WIN,)),
    (2, 0, "life", 1, (LOSS,)),
    (2, None, "turn_limit", 1, (DRAW,)),  # a draw
    (2, None, "humanity_destroyed", 0, (DRAW,)),  # everyone lost: neither did better, a draw between the pair
    (3, 0, "life", 0, (WIN, WIN)),
    (3, 1, "life", 0, (LOSS, None)),  # lost to seat 1; seat 2 and it did not meet (a third player won)
    (3, 1, "life", 2, (None, LOSS)),
    (3, None, "humanity_destroyed", 2, (DRAW, DRAW)),
    (2, None, "decision_limit", 0, ()),  # stopped: no result, no meeting
])
def test_pairs_of_reads_a_game_as_the_matchup_matrix_does(players: int, winner: int | None, reason: str, seat: int,
                                                          expected: tuple[str | None, ...]) -> None:
    outcome = Outcome(winner, StrEnum("Why", {"it": reason}).it, 9)  # type: ignore[attr-defined]
    assert strength.pairs_of(cast(Game, _Finished(players)), outcome, seat) == expected


def test_head_to_head_counts_meetings_and_widens_for_the_pairs_a_game_holds() -> None:
    played = [strength.Played(1.0, 0.1, (WIN, WIN), 0), strength.Played(0.0, 0.1, (LOSS, None), 1),
              strength.Played(0.0, 0.1, (DRAW, DRAW), 2), strength.Played(0.0, 0.1, (), 3)]
    rec = strength.head_to_head(played)
    assert (rec.games, rec.wins, rec.losses, rec.draws) == (5, 2, 1, 2)
    assert rec.win_rate == pytest.approx(3 / 5)
    # a seat's two meetings in one deal go together (here they always agree): worth fewer than separate games
    together = [strength.Played(0.0, 0.1, (r, r), i) for i, r in enumerate((WIN, LOSS, WIN, DRAW))]
    apart = [strength.Played(0.0, 0.1, (r,), i) for i, r in enumerate((WIN, LOSS, WIN, DRAW) * 2)]
    paired, single = strength.head_to_head(together), strength.head_to_head(apart)
    assert paired.win_rate == single.win_rate == pytest.approx(5 / 8)
    assert paired.ci_high - paired.ci_low > single.ci_high - single.ci_low


def test_the_games_of_one_deal_count_as_one_for_the_interval() -> None:
    # the games of a group share a deal: four games that agree within their group are worth two groups, not four
    results = (WIN, LOSS, WIN, DRAW)
    grouped = [strength.Played(0.0, 0.1, (r,), i // 2) for i, r in enumerate(r for r in results for _ in (0, 1))]
    apart = [strength.Played(0.0, 0.1, (r,), i) for i, r in enumerate(r for r in results for _ in (0, 1))]
    one, many = strength.head_to_head(grouped), strength.head_to_head(apart)
    assert one.win_rate == many.win_rate == pytest.approx(5 / 8)
    assert one.ci_high - one.ci_low > many.ci_high - many.ci_low
    points = [1.0, 1.0, 0.0, 0.0, 1.0, 1.0, 0.5, 0.5]
    mean, low, high = strength.by_group(grouped, points)
    _, low_apart, high_apart = strength.by_group(apart, points)
    assert mean == pytest.approx(5 / 8) and high - low > high_apart - low_apart


@pytest.mark.parametrize(("key", "players"), [("godzilla", 2), ("mana", 2), ("eva", 3)])
def test_the_style_in_the_tested_seat_scores_exactly_the_fair_share(key: str, players: int) -> None:
    """The seating's promise: a group plays every deck of its table from every seat on one deal, so the style
    against itself scores the fair share to the game (head to head 50%), whatever the decks' strengths. (The
    seating before, every deck against the decks after it only, gave the tested seat 42.1% head to head in
    three-player eva.)"""
    style = default_agent(key)
    size = strength.group_size(players)
    for group in range(2):
        played = [strength.play_seated(key, style, style, players, group * size + k) for k in range(size)]
        assert len({p.group for p in played}) == 1
        assert strength.head_to_head(played).win_rate == pytest.approx(0.5), (key, group)
        for rotation in range(players):  # its tested seats are every seat of one game: the game's points
            seats = played[rotation * players:(rotation + 1) * players]
            everyone_lost = all(p.points == 0.0 and p.pairs and set(p.pairs) == {DRAW} for p in seats)
            assert sum(p.points for p in seats) == pytest.approx(0.0 if everyone_lost else 1.0), (key, group)


def test_a_saved_run_of_the_earlier_seating_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    saved = tmp_path / "run.json"
    saved.write_text(json.dumps({"game": "godzilla", "players": 2, "points": [1.0, 0.0, 1.0, 0.0]}),
                     encoding="utf-8")
    with pytest.raises(SystemExit, match="earlier seating"):
        _run(monkeypatch, capsys, "--games", "4", "--paired-with", str(saved))


def test_a_game_everyone_loses_is_a_draw_head_to_head(monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    # eva's two players: a game every player loses gives nobody a point, so the per-game points of the tested
    # seat may sit under 50%; head to head it is a draw between the pair, as in the matchup matrix
    monkeypatch.setattr(sys, "argv", ["strength", "eva", "--agent", "seeker", "--games", "20", "--workers", "1"])
    strength.main()
    out = capsys.readouterr().out
    played = [strength.play_seated("eva", "seeker", "seeker", 2, i) for i in range(20)]
    assert any(p.pairs == (DRAW,) and p.points == 0.0 for p in played)  # the premise: humanity destroyed
    wins, draws = sum(p.pairs == (WIN,) for p in played), sum(p.pairs == (DRAW,) for p in played)
    assert f"head to head, seeker: {(wins + draws / 2) / 20:.1%}" in out
    assert f"of 20 meetings in 20 games: {wins} won" in out


def test_an_invalid_bundled_deck_is_refused_before_any_game(monkeypatch: pytest.MonkeyPatch,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    """The check both measuring scripts share (`check_bundled_decks`): a deck over a copy limit stops the run."""
    name = bundled_with_one_over_its_limit(monkeypatch, "godzilla")
    with pytest.raises(SystemExit) as done:
        _run(monkeypatch, capsys, "--games", "2")
    assert done.value.code == 2
    err = capsys.readouterr().err
    assert "the bundled decks must be valid to measure" in err and name in err
