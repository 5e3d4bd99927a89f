"""The search player's evaluation of a position: a logistic regression of a seat's final points on what the
position shows of it, learned from the simulator's own games and shipped as data (docs/ai.md).

Inputs, for the seat being judged: its figures now (the game's tempo metrics, `State.features`), the mean of its
opponents' figures, the turn and the number of players. The fit uses every seat at the end of every turn of
scripted games of the bundled decks (the rows the tempo table records), labelled with the points the seat finally
scored (win 1, loss 0, a draw its share), by Newton's method on the cross-entropy with a small ridge. Learned
beats hand-tuned here: the weights of a dozen figures in four rule sets are exactly what nobody can tune by hand,
and a refit follows any change of the rules or the styles (`tcgsim fit-eval GAME`).

A game played by 2 to 4 players gets one model per number of players (`GameEvaluation`): a figure weighs
differently with one opponent than with three, and one model over all counts fitted eva's two-player games far
worse than a model of their own (held-out log loss 0.636 against 0.600, docs/ai.md).
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np

from tcgsim.engine import Game, Outcome, State
from tcgsim.stats import draw_share, outcome_points

__all__ = ["Evaluation", "GameEvaluation", "fit_evaluation", "load_evaluation", "rows_of_game", "save_evaluation",
           "seat_labels", "shipped_path"]

FORMAT = "tcgsim-evaluation/2"  # /1 held one model for every number of players
RIDGE = 1e-3  # on standardised inputs: keeps the fit finite when a figure never varies or separates perfectly


@dataclass(frozen=True)
class Evaluation:
    """One fitted model, for games of `players` players: weights over standardised inputs (names[i] ~
    weights[i + 1]; weights[0] the bias)."""

    game: str
    players: int
    names: tuple[str, ...]
    mean: tuple[float, ...]
    scale: tuple[float, ...]
    weights: tuple[float, ...]
    rows: int  # positions the fit used
    games: int  # games they came from
    log_loss: float  # on those positions (a constant predictor scores log 2 = 0.693 on even results)

    def inputs(self, state: State, seat: int) -> list[float]:
        figures = [state.features(s) for s in range(state.game.num_players)]
        return _inputs(figures[seat], [f for s, f in enumerate(figures) if s != seat], state.turn)

    def __call__(self, state: State, seat: int) -> float:
        """The estimated points of `seat` in `state`, in (0, 1)."""
        z = self.weights[0]
        for x, m, s, w in zip(self.inputs(state, seat), self.mean, self.scale, self.weights[1:], strict=True):
            z += w * (x - m) / s
        return 1.0 / (1.0 + math.exp(-z)) if z > -700 else 0.0

    def to_json(self) -> dict[str, object]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Evaluation:
        floats = {k: tuple(float(v) for v in data[k]) for k in ("mean", "scale", "weights")}
        names = tuple(str(v) for v in data["names"])
        if not len(names) == len(floats["mean"]) == len(floats["scale"]) == len(floats["weights"]) - 1:
            raise ValueError("an evaluation's names, mean, scale and weights do not match in length")
        return cls(str(data["game"]), int(data["players"]), names, floats["mean"], floats["scale"],
                   floats["weights"], int(data["rows"]), int(data["games"]), float(data["log_loss"]))


@dataclass(frozen=True)
class GameEvaluation:
    """A game's evaluation, what `--ai search` scores its cut playouts with: one model per number of players the
    game is played by, each fitted on games of that many players."""

    game: str
    models: tuple[Evaluation, ...]  # by players, ascending

    def __post_init__(self) -> None:
        counts = [m.players for m in self.models]
        if not counts or counts != sorted(set(counts)) or any(m.game != self.game for m in self.models):
            raise ValueError(f"an evaluation of {self.game} needs one model per number of players, in order")

    def model(self, players: int) -> Evaluation:
        for m in self.models:
            if m.players == players:
                return m
        raise ValueError(f"the evaluation of {self.game} has no model for {players} players (it has "
                         f"{', '.join(str(m.players) for m in self.models)}): refit it with `tcgsim fit-eval`")

    def __call__(self, state: State, seat: int) -> float:
        """The estimated points of `seat` in `state`, by the model of its number of players."""
        return self.model(state.game.num_players)(state, seat)

    def to_json(self) -> dict[str, object]:
        return {"format": FORMAT, "game": self.game, "models": [m.to_json() for m in self.models]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> GameEvaluation:
        if data.get("format") != FORMAT:
            raise ValueError(f"not a {FORMAT} file (format {data.get('format')!r}): refit it with `tcgsim fit-eval`")
        return cls(str(data["game"]), tuple(Evaluation.from_json(m) for m in data["models"]))


def _inputs(own: Sequence[float], others: Sequence[Sequence[float]], turn: int) -> list[float]:
    """One seat's inputs: its figures, its opponents' mean figures, the turn, the players (the one definition:
    fitting and evaluating both read it)."""
    mean_others = [sum(f[i] for f in others) / len(others) for i in range(len(own))]
    return [*own, *mean_others, float(turn), float(len(others) + 1)]


def input_names(metrics: Sequence[str]) -> tuple[str, ...]:
    return (*(f"own_{m}" for m in metrics), *(f"opponents_{m}" for m in metrics), "turn", "players")


def rows_of_game(tempo: Iterable[tuple[int, int, tuple[float, ...]]], points: Sequence[float],
                 n_players: int) -> tuple[list[list[float]], list[float]]:
    """The fitting rows of one finished game: for each turn's end and seat, the inputs `Evaluation.inputs` would
    compute at that moment, and the points the seat finally scored."""
    by_turn: dict[int, dict[int, tuple[float, ...]]] = {}
    for turn, seat, values in tempo:
        by_turn.setdefault(turn, {})[seat] = values
    xs: list[list[float]] = []
    ys: list[float] = []
    for turn, seats in sorted(by_turn.items()):
        if len(seats) != n_players:
            continue
        for seat, own in seats.items():
            xs.append(_inputs(own, [v for s, v in seats.items() if s != seat], turn))
            ys.append(points[seat])
    return xs, ys


def seat_labels(outcome: Outcome, game: Game) -> list[float]:
    """What every seat of a finished game is labelled with: its points by the one draw rule
    (`stats.outcome_points`: an all-lose game 0 to all). A game stopped without a result gives each seat the
    draw share: it says nothing about who was ahead. The search scores its playouts with the same function."""
    points = outcome_points(outcome.winner, str(outcome.reason), game.num_players, game.all_lose_reasons)
    return points if points is not None else [float(draw_share(game.num_players))] * game.num_players


def fit_evaluation(game: str, players: int, metrics: Sequence[str], xs: Sequence[Sequence[float]],
                   ys: Sequence[float], games: int, iterations: int = 50) -> Evaluation:
    """Logistic regression of the points on the inputs of games of `players` players, by Newton's method
    (fractional labels are fine: the cross-entropy is defined for any target in [0, 1])."""
    x = np.asarray(xs, dtype=float)
    y = np.asarray(ys, dtype=float)
    if len(x) < 10:
        raise ValueError(f"{len(x)} positions are too few to fit an evaluation")
    mean = x.mean(axis=0)
    scale = x.std(axis=0)
    scale[scale == 0] = 1.0
    design = np.hstack([np.ones((len(x), 1)), (x - mean) / scale])
    w = np.zeros(design.shape[1])
    ridge = RIDGE * len(x) * np.eye(design.shape[1])
    ridge[0, 0] = 0.0  # the bias is not shrunk
    for _ in range(iterations):
        p = 1.0 / (1.0 + np.exp(-(design @ w)))
        gradient = design.T @ (p - y) + ridge @ w
        hessian = (design * (p * (1 - p))[:, None]).T @ design + ridge
        step = np.linalg.solve(hessian, gradient)
        w -= step
        if float(np.abs(step).max()) < 1e-9:
            break
    p = np.clip(1.0 / (1.0 + np.exp(-(design @ w))), 1e-12, 1 - 1e-12)
    loss = float(-(y * np.log(p) + (1 - y) * np.log(1 - p)).mean())
    return Evaluation(game, players, input_names(metrics), tuple(float(v) for v in mean),
                      tuple(float(v) for v in scale), tuple(float(v) for v in w), len(x), games, round(loss, 6))


def shipped_path(game: str) -> Path:
    """Where the evaluation of a game key ships: beside the game's code, as data."""
    from tcgsim.games import get_game

    folder = Path(get_game(game).module("game").__file__ or "").parent
    return folder / f"evaluation-{game}.json"


def load_evaluation(game: str, path: Path | None = None) -> GameEvaluation:
    where = path or shipped_path(game)
    return GameEvaluation.from_json(json.loads(where.read_text(encoding="utf-8")))


def save_evaluation(evaluation: GameEvaluation, path: Path) -> None:
    path.write_text(json.dumps(evaluation.to_json(), indent=1) + "\n", encoding="utf-8")
