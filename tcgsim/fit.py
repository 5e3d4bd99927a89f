"""Fitting the search player's evaluation from the simulator's own games (`tcgsim fit-eval GAME`, docs/ai.md).

It sits above the agents and the bench workload it plays with; tcgsim.evaluation itself only reads positions.
"""

from __future__ import annotations

from tcgsim.agents import default_agent, make_agent
from tcgsim.bench import bundled_decks
from tcgsim.engine import play_game
from tcgsim.evaluation import Evaluation, fit_evaluation, rows_of_game, seat_labels
from tcgsim.games import get_game

__all__ = ["fit_for_game"]


def fit_for_game(game: str, games: int = 600, seed: int = 0) -> Evaluation:
    """Play `games` games of the bundled decks with the game's default scripted style in every seat (the policy
    the search plays out with), pairs of decks and, for eva, player counts rotating; fit on every turn's end."""
    cls = get_game(game).game_class()
    decks = bundled_decks(game)
    style = default_agent(game)
    counts = range(cls.min_players, cls.max_players + 1)
    xs: list[list[float]] = []
    ys: list[float] = []
    for i in range(games):
        n = counts[i % len(counts)]
        chosen = [decks[(i + 3 * k) % len(decks)] for k in range(n)]
        match = cls(chosen, seed + i)
        result = play_game(match, [make_agent(game, style) for _ in range(n)])
        x, y = rows_of_game(result.tempo, seat_labels(result.outcome, match), n)
        xs += x
        ys += y
    return fit_evaluation(game, [m.name for m in cls.tempo_metrics], xs, ys, games)

