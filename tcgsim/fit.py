"""Fitting the search player's evaluation from the simulator's own games (`tcgsim fit-eval GAME`, docs/ai.md).

It sits above the agents and the bench workload it plays with; tcgsim.evaluation itself only reads positions.
"""

from __future__ import annotations

from tcgsim.agents import default_agent, make_agent
from tcgsim.bench import bundled_decks
from tcgsim.engine import play_game
from tcgsim.evaluation import GameEvaluation, fit_evaluation, rows_of_game, seat_labels
from tcgsim.games import get_game

__all__ = ["fit_for_game"]


def fit_for_game(game: str, games: int = 600, seed: int = 0) -> GameEvaluation:
    """For every number of players the game is played by, play `games` games of the bundled decks with the game's
    default scripted style in every seat (the policy the search plays out with), the decks rotating, and fit that
    count's model on every turn's end."""
    cls = get_game(game).game_class()
    decks = bundled_decks(game)
    style = default_agent(game)
    metrics = [m.name for m in cls.tempo_metrics]
    models = []
    for n in range(cls.min_players, cls.max_players + 1):
        xs: list[list[float]] = []
        ys: list[float] = []
        for i in range(games):
            chosen = [decks[(i + 3 * k) % len(decks)] for k in range(n)]
            match = cls(chosen, seed + i)
            result = play_game(match, [make_agent(game, style) for _ in range(n)])
            x, y = rows_of_game(result.tempo, seat_labels(result.outcome, match), n)
            xs += x
            ys += y
        models.append(fit_evaluation(game, n, metrics, xs, ys, games))
    return GameEvaluation(game, tuple(models))
