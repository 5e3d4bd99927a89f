"""Every scripted style of every game beats the baseline that plays at random among the moves that do not lose at
once (`safe-random`): plain random throws games away (GODZILLA's closes its own last base), so beating it says
little (issue 15). A style passes when the 95% interval of its head-to-head share (`tests.strength.head_to_head`:
a win, a loss, or a draw when both drew or everyone lost, as the matchup matrix reads a game), over every deck
of the bundled tables from every seat, lies above an even share. Head to head, because in eva a game everyone loses
is no win of the random player's: per game it would count as the style's loss."""

from __future__ import annotations

import pytest

from tcgsim.agents import style_names
from tcgsim.games import playable_games
from tests.strength import head_to_head, play_seated

GAMES = 24  # 6 deals (tests.strength.seating); the interval is widened for the games one deal holds
CASES = [(g.key, style) for g in playable_games() for style in style_names(g.key)]


@pytest.mark.parametrize(("key", "style"), CASES)
def test_every_style_beats_the_random_player_that_never_loses_at_once(key: str, style: str) -> None:
    rec = head_to_head([play_seated(key, style, "safe-random", 2, i) for i in range(GAMES)])
    assert rec.ci_low > 0.5, f"{key} {style}: {rec} against safe-random"
