"""Every scripted style of every game beats the baseline that plays at random among the moves that do not lose at
once (`safe-random`): plain random throws games away (GODZILLA's closes its own last base), so beating it says
little (issue 15). A style passes when the 95% Wilson interval of its points, seats swapped over the bundled
decks, lies above an even share."""

from __future__ import annotations

import pytest

from tcgsim.agents import style_names
from tcgsim.games import playable_games
from tcgsim.stats import wilson_interval
from tests.strength import points

GAMES = 24  # 17 points or more out of 24 puts the interval's lower bound above 50%
CASES = [(g.key, style) for g in playable_games() for style in style_names(g.key)]


@pytest.mark.parametrize(("key", "style"), CASES)
def test_every_style_beats_the_random_player_that_never_loses_at_once(key: str, style: str) -> None:
    won = points(key, style, "safe-random", GAMES)
    low, _ = wilson_interval(won, GAMES)
    assert low > 0.5, f"{key} {style}: {won:g} points of {GAMES} against safe-random"
