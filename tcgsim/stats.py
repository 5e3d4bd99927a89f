"""Every rate, interval and matchup figure tcgsim shows, computed in one place.

The terminal summary and matrix.csv (`tcgsim.sim.summary`), summary.json and the report (`tcgsim.report`) all
read their figures from here, so the same run gives the same numbers in each, to the digit. The conventions:

- **How a game ended** (`Ending`, decided in one place, `endings`, from its winner and reason): DECIDED (a
  player won), DRAW (no winner: the turn limit, a rules draw), ALL_LOSE (a reason the game declares in its
  `Game.all_lose_reasons` ends it with every player losing, e.g. eva's `humanity_destroyed`), STOPPED (the
  decision limit, a safety net for a bug) and ERROR (it raised). STOPPED and ERROR (`VOID_ENDINGS`) are no result:
  left out of every rate and counted apart, and the terminal summary and the report list each with its replay
  command.
- **Points and the draw policy** (`draw_share`, the one place it is decided): a win scores 1, a loss 0, a draw
  1/n for each of the n players (the win shared), an all-lose game 0 for every player (each seat a loss). So a
  game with a result hands out one point in all, or none when everyone lost (`game_points`), and the neutral
  value of a seat's rate is `fair_share` of the points the games handed out, not always 1/n.
- **Win rate** = points / games, where a deck's games are the seats it played (a mirror game, the same deck in
  both seats, counts twice and scores exactly one half).
- **Head to head** (`seat_pairs`): two different decks of a game meet when one of them won or nobody did; the
  pair's result is then scored as a two-player game (a shared draw is half a point each). A game a third deck
  won says nothing about the pair. An all-lose game is a draw between every two of its decks (both lost, neither
  did better), so each pair game hands out exactly one point, as Bradley-Terry needs.
- **Intervals**: the 95% Wilson score interval for a rate, Newcombe's hybrid score interval for a difference of
  two rates, mean +- 1.96 standard errors for a mean. A run's games come in pairs that share their deals
  (tcgsim.sim.seeds), and two games of one deal are not independent: a rate's interval is Wilson's with its
  games divided by the design effect of the pairs (`design_effect`, Kish 1965: the pair-clustered variance of the
  rate over the binomial one), never below 1, so an interval is never narrower than independent games would give.
- **Ranking**: Bradley-Terry strengths by maximum likelihood over the head-to-head results.

Counts are integers and points are computed from them by one function (`Tally.points`) in a fixed order, so the
totals do not depend on how the rows were grouped or batched: floats summed in another order could differ in
their last bit, which a rounding at x.xx5 would then show.

numpy only, never pandas: a run's supervising process writes the terminal summary from pyarrow batches and must
stay small (pandas costs ~55 MB a process). The report wraps these functions in pandas tables.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from statistics import NormalDist
from typing import Any

import numpy as np

from tcgsim.engine import Termination

__all__ = [
    "DRAW", "ERROR", "LOSS", "MAX_PLAYERS", "MIN_SAMPLE", "PAIR_PLAYERS", "RESULTS", "STOPPED", "VOID_ENDINGS",
    "WIN", "Z95",
    "POINT_UNITS", "REASON_LABELS", "BradleyTerry", "Ending", "Matrix", "Ranking", "Record", "Tally", "bonferroni_z",
    "bradley_terry",
    "design_effect", "draw_share",
    "ending", "endings", "fair_share", "game_points", "outcome_points",
    "format_pct", "format_rate", "mean_interval", "newcombe_interval", "pair_results", "rate", "rate_interval",
    "reason_label", "seat_advantage", "seat_pairs", "seat_points", "seat_results", "tally", "wilson_interval",
]

Z95 = NormalDist().inv_cdf(0.975)  # 1.959964...
MIN_SAMPLE = 50  # below this many games a rate's 95% interval is wider than +-14 points: flagged, not read
MAX_PLAYERS = 4  # the most players any of the games seats; tallies keep draws by player count up to here

WIN, LOSS, DRAW, ERROR = "win", "loss", "draw", "error"  # a seat's result, as cards.parquet spells it
STOPPED = "stopped"  # a seat's result in a game the decision limit stopped: no result, like ERROR
RESULTS = (WIN, LOSS, DRAW, ERROR, STOPPED)
PAIR_PLAYERS = 2  # a head-to-head result is scored as a game of two

ArrayLike = Any  # a number or a numpy array (anything np.asarray takes): the functions below are vectorised


# --- the scoring policy ----------------------------------------------------------------------------------------
# A game's Ending is decided by `endings` alone; `seat_results` turns it into each seat's result. A seat's result
# scores WIN 1, LOSS 0, DRAW draw_share(n). ERROR and STOPPED are no result: seat_points gives them NaN and a Tally
# counts them in `errors` and `stopped`, outside `games` and `points`, so they are in no rate. A different policy
# is a change here alone: every surface reads its points from this module.

class Ending(StrEnum):
    """How a game ended, for scoring (`endings` decides it from the game's winner and reason)."""

    DECIDED = "decided"  # a player won: 1 point to it, 0 to the others
    DRAW = "draw"  # no winner (turn limit, a rules draw such as godzilla's simultaneous win): 1/n to each player
    ALL_LOSE = "all_lose"  # the rules end the game with every player losing (Game.all_lose_reasons): 0 to all
    STOPPED = "stopped"  # the decision limit stopped it: a safety net for a bug, no result
    ERROR = "error"  # the engine or an agent raised: no result


# How a game's end reason reads, in the report and in a game's log (mana_12 -> "12 mana"): the win conditions of
# the seeds and the engine's own ends
REASON_LABELS = {
    "mana_12": "12 mana", "party_routed": "party routed", "lands_9": "9 lands", "deck_out": "deck out",
    "bases_destroyed": "4 bases destroyed", "no_open_base": "no open base left", "open_bases": "8 open bases",
    "simultaneous": "both at once (draw)", "hokan": "補完 (instrumentality)", "last_standing": "last one standing",
    "character_downed": "the hidden character downed", "cards_exhausted": "cards exhausted",
    "turn_limit": "turn limit (draw)", "decision_limit": "decision limit (no result)", "error": "error",
    "humanity_destroyed": "humanity destroyed (all lose)", "all_dropped": "all dropped out (all lose)",
}


def reason_label(reason: str) -> str:
    """A win reason or termination in words (mana_12 -> '12 mana'); unknown ones with spaces for underscores."""
    return REASON_LABELS.get(str(reason), str(reason).replace("_", " "))


VOID_ENDINGS = frozenset({Ending.STOPPED, Ending.ERROR})  # no result: in no rate, counted and listed apart


def endings(winner_seat: ArrayLike, reason: ArrayLike, errored: ArrayLike = False,
            all_lose_reasons: Collection[str] = ()) -> np.ndarray:
    """THE ONE PLACE a game's Ending is decided: an object array of `Ending`, one per game. In this order: a game
    that raised (`errored`, or reason `error`) is ERROR; reason `decision_limit` is STOPPED; a winning seat (>= 0)
    is DECIDED; a reason in `all_lose_reasons` (the game's `Game.all_lose_reasons`) is ALL_LOSE; any other game
    without a winner is a DRAW. `winner_seat` is negative, NaN or None when nobody won."""
    why = np.atleast_1d(np.asarray(reason, dtype=object))
    winner = np.atleast_1d(np.asarray(winner_seat, dtype=object))
    won = np.array([w is not None and w == w and w >= 0 for w in winner], dtype=bool)  # w == w: not NaN
    failed = np.broadcast_to(np.asarray(errored, dtype=bool), why.shape) | (why == str(Termination.ERROR))
    all_lose = np.zeros(why.shape, dtype=bool)
    for name in all_lose_reasons:  # a few names: compare each, never sort the reasons (they may hold None)
        all_lose |= why == str(name)
    out = np.empty(why.shape, dtype=object)
    out.fill(Ending.DRAW)  # np.full would store the plain string
    out[all_lose & ~won] = Ending.ALL_LOSE
    out[won] = Ending.DECIDED
    out[why == str(Termination.DECISION_LIMIT)] = Ending.STOPPED
    out[failed] = Ending.ERROR
    return out


def ending(winner_seat: int | None, reason: str, errored: bool = False,
           all_lose_reasons: Collection[str] = ()) -> Ending:
    """One game's Ending (`endings` for a single game)."""
    got: Ending = endings([winner_seat], [reason], [errored], all_lose_reasons)[0]
    return got


def outcome_points(winner_seat: int | None, reason: str, n_players: int,
                   all_lose_reasons: Collection[str] = ()) -> list[float] | None:
    """Each seat's points from one finished game by the one draw rule (`ending`, `seat_points`): for what scores
    single games as they end (the search's playouts, its evaluation's labels, the strength runs). None for a game
    without a result (stopped or raised): the caller says what such a game means to it."""
    got = ending(winner_seat, reason, False, all_lose_reasons)
    if got in (Ending.STOPPED, Ending.ERROR):
        return None
    if got is Ending.DECIDED:
        return [1.0 if seat == winner_seat else 0.0 for seat in range(n_players)]
    share = 0.0 if got is Ending.ALL_LOSE else float(draw_share(n_players))
    return [share] * n_players


def game_points(ending_: ArrayLike, n_players: ArrayLike) -> Any:
    """The points a game hands out in all: 1 when decided, n x draw_share(n) for a draw (1 under the shared-win
    policy), 0 when everyone lost; NaN for no result. The mean over a set of games is what `fair_share` splits."""
    e = np.asarray(ending_, dtype=object)
    n = np.broadcast_to(np.asarray(n_players, dtype=float), e.shape)
    drawn = n * draw_share(np.where(n > 0, n, 1.0))
    out = np.where(e == Ending.DECIDED, 1.0, np.where(e == Ending.DRAW, drawn,
                                                      np.where(e == Ending.ALL_LOSE, 0.0, np.nan)))
    return float(out) if out.ndim == 0 else out

def draw_share(n_players: ArrayLike) -> Any:
    """THE DRAW POLICY: the points each player of an n-player game gets when it ends without a winner (turn or
    decision limit): the win shared, 1/n. Every figure that counts a draw reads it from here, so a different
    policy is a change to this function alone. Scalar in, float out; array in, array out."""
    share = 1.0 / np.asarray(n_players, dtype=float)
    return float(share) if share.ndim == 0 else share


def fair_share(n_players: ArrayLike, points_per_game: ArrayLike = 1.0) -> Any:
    """What a seat scores on average when every player is as strong as the others: the points a game hands out
    split n ways, points_per_game / n. The neutral value of a seat's or a multiplayer deck's win rate.
    `points_per_game` is the mean of `game_points` over the games the rate is taken on: 1 when every game was
    decided or drawn, less when some ended with everyone losing (then 1/n would call every seat weak)."""
    share = np.asarray(points_per_game, dtype=float) / np.asarray(n_players, dtype=float)
    return float(share) if share.ndim == 0 else share


def seat_points(result: ArrayLike, n_players: ArrayLike) -> np.ndarray:
    """Points of each seat's result: win 1, loss 0 (an all-lose game's seats too), draw `draw_share(n_players)`;
    NaN for an error or a stopped game (no result) or an empty seat."""
    r = np.asarray(result, dtype=object)
    n = np.broadcast_to(np.asarray(n_players, dtype=float), r.shape)
    drawn = np.where(r == DRAW, draw_share(np.where(n > 0, n, 1.0)), np.nan)
    return np.where(r == WIN, 1.0, np.where(r == LOSS, 0.0, drawn))


def seat_results(winner_seat: ArrayLike, n_players: ArrayLike, ending_: ArrayLike,
                 seats: int = MAX_PLAYERS) -> np.ndarray:
    """Each seat's result of each game, a (games, seats) array of WIN / LOSS / DRAW / ERROR / STOPPED, None past
    the game's players, from each game's `Ending` (`endings`): DECIDED is WIN for `winner_seat` and LOSS for the
    others, DRAW is DRAW everywhere, ALL_LOSE is LOSS everywhere, ERROR and STOPPED are that in every seat."""
    e = np.asarray(ending_, dtype=object)
    if e.dtype == bool or not set(e.ravel().tolist()) <= set(Ending):  # a stale caller's errored flags
        raise TypeError("seat_results takes each game's stats.Ending (stats.endings), not an errored flag")
    winner = np.asarray(winner_seat, dtype=float)
    winner = np.where(np.isnan(winner), -1.0, winner)[:, None]
    n = np.asarray(n_players, dtype=int)[:, None]
    seat = np.arange(seats)[None, :]
    # small integer codes, then one lookup: comparing and choosing among object arrays per seat cost ~1 s a
    # million games
    code = np.where((e == Ending.DECIDED)[:, None] & (winner == seat), 0, 1)  # WIN, else LOSS (all-lose too)
    for kind, c in ((Ending.DRAW, 2), (Ending.ERROR, 3), (Ending.STOPPED, 4)):
        code[e == kind] = c
    out = np.array([WIN, LOSS, DRAW, ERROR, STOPPED], dtype=object)[code]
    out[np.broadcast_to(seat >= n, out.shape)] = None
    return out


# --- rates and intervals ---------------------------------------------------------------------------------------

def rate(points: ArrayLike, games: ArrayLike) -> Any:
    """points / games; NaN where there are no games."""
    s = np.asarray(points, dtype=float)
    m = np.asarray(games, dtype=float)
    with np.errstate(divide="ignore", invalid="ignore"):
        out = np.where(m > 0, s / m, np.nan)
    return float(out) if out.ndim == 0 else out


def wilson_interval(successes: ArrayLike, n: ArrayLike, z: float = Z95) -> tuple[Any, Any]:
    """The Wilson score interval (lower, upper) for `successes` out of `n` (fractional successes allowed, as with
    draws counted as part of a win). NaN where n is 0. Scalars in, floats out; arrays in, arrays out.

    Wilson (1927): centre (p + z^2/2n) / (1 + z^2/n), half-width z / (1 + z^2/n) * sqrt(p(1-p)/n + z^2/4n^2).
    Unlike the normal approximation it stays inside [0, 1] and behaves for small n and rates near 0 or 1.
    """
    s = np.asarray(successes, dtype=float)
    m = np.asarray(n, dtype=float)
    with np.errstate(divide="ignore", invalid="ignore"):
        p = np.where(m > 0, s / m, np.nan)
        denom = 1.0 + z * z / m
        centre = (p + z * z / (2 * m)) / denom
        half = z / denom * np.sqrt(np.clip(p * (1 - p), 0.0, None) / m + z * z / (4 * m * m))
        # the interval holds p exactly; rounding at p = 0 or 1 would put it 1e-17 outside, and a plot's error
        # bar (p - lo, hi - p) would then be negative
        lo = np.where(m > 0, np.clip(np.minimum(centre - half, p), 0.0, 1.0), np.nan)
        hi = np.where(m > 0, np.clip(np.maximum(centre + half, p), 0.0, 1.0), np.nan)
    if lo.ndim == 0:
        return float(lo), float(hi)
    return lo, hi


def rate_interval(points: ArrayLike, games: ArrayLike, z: float = Z95) -> tuple[Any, Any, Any]:
    """(rate, lower, upper): a rate with its Wilson interval, the triple every table shows."""
    lo, hi = wilson_interval(points, games, z)
    return rate(points, games), lo, hi


def newcombe_interval(s1: ArrayLike, n1: ArrayLike, s2: ArrayLike, n2: ArrayLike,
                      z: float = Z95) -> tuple[Any, Any, Any]:
    """Difference of two independent rates p1 - p2 with its interval (Newcombe 1998, method 10: the hybrid score
    interval built from the two Wilson intervals). Returns (difference, lower, upper); NaN if either n is 0."""
    a1, b1 = np.asarray(s1, dtype=float), np.asarray(n1, dtype=float)
    a2, b2 = np.asarray(s2, dtype=float), np.asarray(n2, dtype=float)
    l1, u1 = (np.asarray(v, dtype=float) for v in wilson_interval(a1, b1, z))
    l2, u2 = (np.asarray(v, dtype=float) for v in wilson_interval(a2, b2, z))
    p1 = np.asarray(rate(a1, b1), dtype=float)
    p2 = np.asarray(rate(a2, b2), dtype=float)
    d = p1 - p2
    lo = d - np.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2)
    hi = d + np.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)
    if d.ndim == 0:
        return float(d), float(lo), float(hi)
    return d, lo, hi


def mean_interval(mean: ArrayLike, sd: ArrayLike, n: ArrayLike, z: float = Z95) -> tuple[Any, Any]:
    """mean +- z standard errors (sd / sqrt(n)); a missing sd (one value) counts as 0."""
    m = np.asarray(mean, dtype=float)
    s = np.nan_to_num(np.asarray(sd, dtype=float), nan=0.0)
    with np.errstate(divide="ignore", invalid="ignore"):
        half = z * s / np.sqrt(np.asarray(n, dtype=float))
    lo, hi = m - half, m + half
    if lo.ndim == 0:
        return float(lo), float(hi)
    return lo, hi


def bonferroni_z(comparisons: int, level: float = 0.95) -> float:
    """The two-sided critical value that keeps `level` confidence over `comparisons` intervals at once
    (Bonferroni): with dozens of cards, plain 95% intervals would miss the truth for one card in twenty."""
    return NormalDist().inv_cdf(1 - (1 - level) / (2 * max(1, comparisons)))


def seat_advantage(rate_: ArrayLike, lo: ArrayLike, hi: ArrayLike, n_players: ArrayLike,
                   points_per_game: ArrayLike = 1.0) -> tuple[Any, ...]:
    """A seat's win rate against its fair share (`fair_share`, of the `points_per_game` its games handed out):
    (fair share, advantage, lower, upper), the interval the rate's shifted alike."""
    fair = np.asarray(fair_share(n_players, points_per_game), dtype=float)
    out = (fair, np.asarray(rate_, dtype=float) - fair, np.asarray(lo, dtype=float) - fair,
           np.asarray(hi, dtype=float) - fair)
    if fair.ndim == 0:
        return tuple(float(v) for v in out)
    return out


# --- tallies: results of groups as counts ----------------------------------------------------------------------

@dataclass(frozen=True)
class Record:
    """One group's results (a deck, a deck in a seat, a seat, a matchup cell), with its rate and interval."""

    games: int  # results: wins + losses + draws (errors not)
    wins: int
    losses: int
    draws: int
    errors: int  # seats in games that raised: no result, counted apart
    points: float
    win_rate: float  # NaN without games
    ci_low: float
    ci_high: float
    stopped: int = 0  # seats in games the decision limit stopped: no result, counted apart


@dataclass(frozen=True)
class Tally:
    """Results of a set of groups as integer counts (arrays, one entry per group). Draws are kept by the number
    of players of their game (`draws[:, n]`), since a draw's points depend on it."""

    wins: np.ndarray
    losses: np.ndarray  # all-lose games' seats included
    draws: np.ndarray  # (groups, MAX_PLAYERS + 1) or wider: draws[:, n] in games of n players
    errors: np.ndarray
    # seats of games the decision limit stopped; left empty by a caller that never counts them (then zeros)
    stopped: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    # The pairs' moments for the design effect (`tally(..., pair=)`; zeros: the games are taken as independent),
    # per group, in whole numbers so they add up exactly however a run is batched: `pairs`, the pairs the group
    # played in; `pair_xx`, `pair_xm`, `pair_mm`, the sums over them of x*x, x*m and m*m, where m is the group's
    # games with a result in the pair and x their points in units of 1/POINT_UNITS.
    pairs: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    pair_xx: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    pair_xm: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    pair_mm: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))

    def __post_init__(self) -> None:
        for name in ("stopped", "pairs", "pair_xx", "pair_xm", "pair_mm"):
            if len(getattr(self, name)) != len(self.wins):
                if len(getattr(self, name)):
                    raise ValueError(f"a Tally's {name} need one entry per group")
                object.__setattr__(self, name, np.zeros(len(self.wins), dtype=np.int64))

    @classmethod
    def empty(cls, groups: int) -> Tally:
        zero = np.zeros(groups, dtype=np.int64)
        return cls(zero, zero.copy(), np.zeros((groups, MAX_PLAYERS + 1), dtype=np.int64), zero.copy(),
                   zero.copy(), zero.copy(), zero.copy(), zero.copy(), zero.copy())

    def __len__(self) -> int:
        return len(self.wins)

    def __add__(self, other: Tally) -> Tally:
        """The counts of both (the same groups): how batches of a run are added up."""
        width = max(self.draws.shape[1], other.draws.shape[1])
        return Tally(self.wins + other.wins, self.losses + other.losses,
                     _widen(self.draws, width) + _widen(other.draws, width), self.errors + other.errors,
                     self.stopped + other.stopped, self.pairs + other.pairs, self.pair_xx + other.pair_xx,
                     self.pair_xm + other.pair_xm, self.pair_mm + other.pair_mm)

    def select(self, rows: slice | np.ndarray) -> Tally:
        """The tally of some of its groups (a slice or an index array), in that order."""
        return Tally(self.wins[rows], self.losses[rows], self.draws[rows], self.errors[rows], self.stopped[rows],
                     self.pairs[rows], self.pair_xx[rows], self.pair_xm[rows], self.pair_mm[rows])

    @property
    def draws_total(self) -> np.ndarray:
        return np.asarray(self.draws.sum(axis=1), dtype=np.int64)

    @property
    def games(self) -> np.ndarray:
        return np.asarray(self.wins + self.losses + self.draws_total, dtype=np.int64)

    @property
    def points(self) -> np.ndarray:
        """wins + each draw's share, added player count by player count: one fixed order of float additions, so
        a group's points are the same bits however its rows were counted."""
        pts = self.wins.astype(float)
        for n in range(1, self.draws.shape[1]):
            pts = pts + self.draws[:, n] * draw_share(n)
        return pts

    @property
    def design_effect(self) -> np.ndarray:
        """Per group, how much the pairing widens the rate's variance (`design_effect`); 1 without pairs."""
        return np.asarray(design_effect(self.points, self.games, self.pairs, self.pair_xx, self.pair_xm,
                                        self.pair_mm), dtype=float)

    def rates(self, z: float = Z95) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(win rate, lower, upper) per group: the rate of all its games, the Wilson interval of its games divided
        by the design effect of their pairs."""
        points, games, effect = self.points, self.games, self.design_effect
        # points / effect: the rate is unchanged, the games it rests on fewer (exactly the Wilson interval at 1)
        lo, hi = wilson_interval(points / effect, games / effect, z)
        return np.asarray(rate(points, games)), np.asarray(lo), np.asarray(hi)

    def record(self, i: int) -> Record:
        return self.select(slice(i, i + 1)).records()[0]

    def records(self) -> list[Record]:
        pts, games, draws = self.points, self.games, self.draws_total
        r, lo, hi = self.rates()
        return [Record(int(games[i]), int(self.wins[i]), int(self.losses[i]), int(draws[i]), int(self.errors[i]),
                       float(pts[i]), float(r[i]), float(lo[i]), float(hi[i]), int(self.stopped[i]))
                for i in range(len(self))]


def _widen(draws: np.ndarray, width: int) -> np.ndarray:
    if draws.shape[1] == width:
        return draws
    return np.pad(draws, ((0, 0), (0, width - draws.shape[1])))


POINT_UNITS = 12  # a point in twelfths: every draw share (1/2, 1/3, 1/4) is a whole number of them


def design_effect(points: ArrayLike, games: ArrayLike, pairs: ArrayLike, xx: ArrayLike, xm: ArrayLike,
                  mm: ArrayLike) -> Any:
    """The factor by which games played in pairs of shared deals inflate the variance of a rate, never below 1.

    A group's rate p = X / M (points over games) over C pairs, pair c holding m_c of its games with x_c points,
    has the pair-clustered (cluster-robust) variance sum_c (x_c - p m_c)^2 / M^2; over the binomial variance
    p(1-p)/M it is the design effect (Kish 1965), and M / design effect the games the rate is worth. Games each in
    a pair of their own give exactly 1 (the sum is then M p(1-p)), so unpaired games keep Wilson's interval.
    `xx`, `xm`, `mm` are the sums over the pairs of x_c^2, x_c m_c and m_c^2 with x in units of 1/POINT_UNITS
    (`Tally`). Below 1 (the pair's two games pull apart, as when one seat is strong) it is taken as 1: an interval
    is never narrower than independent games would give, so a pair of games is never read as more than two.
    1 where it is undefined (fewer than two pairs, a rate of 0 or 1)."""
    x = np.asarray(points, dtype=float)
    m = np.asarray(games, dtype=float)
    c = np.asarray(pairs, dtype=float)
    u = float(POINT_UNITS)
    with np.errstate(divide="ignore", invalid="ignore"):
        p = x / m
        spread = (np.asarray(xx, dtype=float) / (u * u) - 2 * p * np.asarray(xm, dtype=float) / u
                  + p * p * np.asarray(mm, dtype=float))
        binomial = m * p * (1 - p)
        out = np.where((c >= 2) & (binomial > 0), np.maximum(spread / binomial, 1.0), 1.0)
    return float(out) if out.ndim == 0 else out


def tally(group: ArrayLike, groups: int, result: ArrayLike, n_players: ArrayLike,
          pair: ArrayLike | None = None) -> Tally:
    """Count results by group: `group[i]` (0..groups-1; negative: not counted) had `result[i]` (WIN, LOSS,
    DRAW, ERROR, STOPPED; anything else, as None for an empty seat, is not counted) in a game of `n_players[i]`. The
    arrays may have any shape (a (games, seats) grid, say); `n_players` is broadcast to the results' shape.

    `pair[i]` names the pair of shared deals the game belongs to (its game seed), for the design effect of the
    rates' intervals; a pair's rows must all be in one call (a run's batches are cut at whole pairs)."""
    shape = np.shape(result)
    g = np.broadcast_to(np.asarray(group, dtype=np.int64), shape).ravel()
    r = np.asarray(result, dtype=object).ravel()
    n = np.broadcast_to(np.asarray(n_players, dtype=np.int64), shape).ravel()
    keep = (g >= 0) & (g < groups)

    def count(mask: np.ndarray) -> np.ndarray:
        return np.bincount(g[keep & mask], minlength=groups).astype(np.int64)

    is_draw = keep & (r == DRAW)
    width = max(MAX_PLAYERS, int(n[is_draw].max()) if is_draw.any() else 0) + 1
    draws = np.bincount(g[is_draw] * width + n[is_draw], minlength=groups * width).astype(np.int64)
    moments = _pair_moments(g, r, n, keep, groups, pair, shape)
    return Tally(count(r == WIN), count(r == LOSS), draws.reshape(groups, width), count(r == ERROR),
                 count(r == STOPPED), *moments)


def _pair_moments(g: np.ndarray, r: np.ndarray, n: np.ndarray, keep: np.ndarray, groups: int,
                  pair: ArrayLike | None, shape: tuple[int, ...]) -> tuple[np.ndarray, ...]:
    """(pairs, xx, xm, mm) per group (`Tally`): each group's points and games summed within each pair first."""
    if pair is None:
        zero = np.zeros(groups, dtype=np.int64)
        return zero, zero.copy(), zero.copy(), zero.copy()
    c = np.broadcast_to(np.asarray(pair, dtype=np.int64), shape).ravel()
    scored = keep & ((r == WIN) | (r == LOSS) | (r == DRAW))
    gs, cs, rs, ns = g[scored], c[scored], r[scored], n[scored]
    units = np.where(rs == WIN, POINT_UNITS, 0)
    drawn = rs == DRAW
    units[drawn] = POINT_UNITS // ns[drawn]
    order = np.lexsort((cs, gs))
    gs, cs, units = gs[order], cs[order], units[order]
    new = np.ones(len(gs), dtype=bool)
    new[1:] = (gs[1:] != gs[:-1]) | (cs[1:] != cs[:-1])
    run = np.cumsum(new) - 1  # which (group, pair) each row belongs to
    x = np.bincount(run, units).astype(np.int64) if len(run) else np.zeros(0, dtype=np.int64)
    m = np.bincount(run).astype(np.int64) if len(run) else np.zeros(0, dtype=np.int64)
    owner = gs[new]

    def per_group(values: np.ndarray) -> np.ndarray:
        return np.bincount(owner, values, minlength=groups).astype(np.int64)  # exact: whole numbers below 2^53

    return (np.bincount(owner, minlength=groups).astype(np.int64), per_group(x * x), per_group(x * m),
            per_group(m * m))


# --- head to head ----------------------------------------------------------------------------------------------

def pair_results(mine: ArrayLike, theirs: ArrayLike, nobody_won: ArrayLike = False) -> np.ndarray:
    """The head-to-head result of two seats of one game, from the first seat's side: WIN if it won, LOSS if the
    other did, DRAW if both drew, or if both lost a game `nobody_won` (an all-lose game: neither did better),
    None when the pair did not meet (a third seat won, or the game has no result). Scored as a game of
    PAIR_PLAYERS, whatever the game's own player count."""
    a = np.asarray(mine, dtype=object)
    b = np.asarray(theirs, dtype=object)
    out = np.full(a.shape, None, dtype=object)
    out[(a == WIN) & (b == LOSS)] = WIN
    out[(a == LOSS) & (b == WIN)] = LOSS
    out[(a == DRAW) & (b == DRAW)] = DRAW
    out[(a == LOSS) & (b == LOSS) & np.broadcast_to(np.asarray(nobody_won, dtype=bool), a.shape)] = DRAW
    return out


def seat_pairs(decks: ArrayLike, results: ArrayLike) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Every head-to-head result in a set of games. `decks` and `results` are (games, seats) arrays; a seat
    whose result is None is empty. For each game (row) and ordered pair of seats holding two different decks
    that met (`pair_results`): the game's row, the deck, the opponent and the result from the deck's side,
    ordered by game, then the deck's seat, then the opponent's."""
    d = np.asarray(decks, dtype=object)
    r = np.asarray(results, dtype=object)
    seats = d.shape[1] if d.ndim == 2 else 0
    # every seat lost and none won: an all-lose game (seat_results), a draw between each two of its decks
    nobody_won = ~(r == WIN).any(axis=1) if seats else np.zeros(0, dtype=bool)
    games, mine, theirs, res = [], [], [], []
    for i in range(seats):
        for j in range(seats):
            if i == j:
                continue
            pr = pair_results(r[:, i], r[:, j], nobody_won)
            met = np.flatnonzero(pr.astype(bool) & (d[:, i] != d[:, j]))  # None is falsy, a result is not
            games.append(met)
            mine.append(np.full(len(met), i))
            theirs.append(np.full(len(met), j))
            res.append(pr[met])
    if not games:
        nothing = np.zeros(0, dtype=object)
        return np.zeros(0, dtype=np.int64), nothing, nothing.copy(), nothing.copy()
    game, seat, opp = np.concatenate(games), np.concatenate(mine), np.concatenate(theirs)
    order = np.lexsort((opp, seat, game))
    game, seat, opp = game[order], seat[order], opp[order]
    return game, d[game, seat], d[game, opp], np.concatenate(res)[order]


@dataclass(frozen=True)
class Matrix:
    """The matchup matrix: head-to-head results of every ordered pair (deck, opponent) of `keys`, as a Tally of
    len(keys)^2 cells, row-major. A cell is the row deck's win rate against the column deck, with its games and
    interval; a deck against itself has no cell (a mirror says nothing about strength)."""

    keys: tuple[str, ...]
    cells: Tally

    @classmethod
    def from_pairs(cls, keys: Sequence[str], deck: ArrayLike, opponent: ArrayLike, result: ArrayLike,
                   pair: ArrayLike | None = None) -> Matrix:
        """From head-to-head rows (`seat_pairs`); rows naming a deck not in `keys` are not counted. `pair`: each
        row's pair of shared deals (its game seed), for the intervals' design effect (`tally`)."""
        k = len(keys)
        index = {key: i for i, key in enumerate(keys)}
        a = np.array([index.get(x, -1) for x in np.asarray(deck, dtype=object).ravel()], dtype=np.int64)
        b = np.array([index.get(x, -1) for x in np.asarray(opponent, dtype=object).ravel()], dtype=np.int64)
        cell = np.where((a >= 0) & (b >= 0) & (a != b), a * k + b, -1)
        return cls(tuple(keys), tally(cell, k * k, result, PAIR_PLAYERS, pair))

    def __add__(self, other: Matrix) -> Matrix:
        if self.keys != other.keys:
            raise ValueError("matrices of different decks cannot be added")
        return Matrix(self.keys, self.cells + other.cells)

    def cell(self, deck: str, opponent: str) -> Record | None:
        """The row deck's results against the column deck; None when they never met."""
        k = len(self.keys)
        i = self.keys.index(deck) * k + self.keys.index(opponent)
        return self.cells.record(i) if self.cells.games[i] else None

    def played(self) -> Iterator[tuple[str, str, Record]]:
        """(deck, opponent, record) of every cell with games, row by row in key order."""
        k = len(self.keys)
        games = self.cells.games
        for i, rec in enumerate(self.cells.records()):
            if games[i]:
                yield self.keys[i // k], self.keys[i % k], rec

    def arrays(self) -> tuple[np.ndarray, np.ndarray]:
        """(points, games) as k x k arrays: [i, j] is what deck i scored against deck j, in how many games."""
        k = len(self.keys)
        return self.cells.points.reshape(k, k), self.cells.games.reshape(k, k).astype(float)


# --- ranking ---------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class BradleyTerry:
    """Bradley-Terry strengths of k decks (arrays in the matrix's order)."""

    strength: np.ndarray  # scaled to geometric mean 1
    rating: np.ndarray  # the same on the Elo scale: 400 log10 strength, mean 0
    rating_se: np.ndarray  # from the Fisher information
    expected: np.ndarray  # win probability against a deck of average strength
    games: np.ndarray  # head-to-head games the deck played
    regularised: bool  # virtual draws were added to keep the strengths finite


def _strongly_connected(beats: np.ndarray) -> bool:
    """Whether every deck reaches every other along 'scored points against' edges (the condition for the
    Bradley-Terry maximum-likelihood strengths to exist and be finite)."""
    k = beats.shape[0]
    reach = (beats > 0) | np.eye(k, dtype=bool)
    for _ in range(max(1, int(np.ceil(np.log2(max(k, 2)))) + 1)):
        reach = reach | ((reach.astype(int) @ reach.astype(int)) > 0)
    return bool(reach.all())


def bradley_terry(points: ArrayLike, games: ArrayLike, prior: float | None = None, tol: float = 1e-10,
                  max_iter: int = 100_000) -> BradleyTerry:
    """Bradley-Terry strengths (P(i beats j) = s_i / (s_i + s_j)) from k x k arrays: `points[i, j]` what deck i
    scored against deck j (a drawn pair half each way; an all-lose game is such a draw, `seat_pairs`, so each
    game of a pair hands out one point), `games[i, j]` their games (either side may hold it).
    Maximum likelihood by Hunter's (2004) MM iteration, scaled to geometric mean 1.

    The estimate is finite only if no group of decks scored nothing against the rest; if that happens (a deck
    that never lost, say) `prior` virtual draws are added between every pair (default: one) and `regularised`
    is True. Pass `prior` to always add it."""
    wins = np.array(points, dtype=float)
    n = np.array(games, dtype=float)
    k = wins.shape[0]
    n = np.maximum(n, n.T)  # a matrix lists each pair from both sides; keep one count
    played = n.sum(axis=1)
    regularised = False
    if prior is None and k > 1 and not _strongly_connected(wins):
        prior = 1.0
    if prior:
        off = 1.0 - np.eye(k)
        wins = wins + 0.5 * prior * off
        n = n + prior * off
        regularised = True
    s = np.ones(k)
    total = wins.sum(axis=1)
    for _ in range(max_iter):
        denom = (n / (s[:, None] + s[None, :])).sum(axis=1)
        with np.errstate(divide="ignore", invalid="ignore"):
            new = np.where(denom > 0, total / denom, 1.0)
        new = new / np.exp(np.mean(np.log(np.clip(new, 1e-300, None))))
        if np.max(np.abs(new - s)) < tol * max(1.0, float(np.max(new))):
            s = new
            break
        s = new
    theta = np.log(s)
    q = s[:, None] / (s[:, None] + s[None, :])
    w = n * q * q.T
    info = np.diag(w.sum(axis=1)) - w
    cov = np.linalg.pinv(info) if k > 1 else np.zeros((1, 1))
    scale = 400.0 / np.log(10.0)
    return BradleyTerry(strength=s, rating=scale * (theta - theta.mean()),
                        rating_se=scale * np.sqrt(np.clip(np.diag(cov), 0.0, None)), expected=s / (s + 1.0),
                        games=played.astype(np.int64), regularised=regularised)


@dataclass(frozen=True)
class Ranking:
    """Decks ranked best first: the plain mean of each deck's matchup win rates, and its Bradley-Terry figures."""

    decks: tuple[str, ...]
    opponents: np.ndarray  # decks it met
    mean_win_rate: np.ndarray
    bt: BradleyTerry


def ranking(matrix: Matrix) -> Ranking | None:
    """Rank the decks of a matrix that met at least one other (best Bradley-Terry rating first, then mean win
    rate); None with fewer than two such decks."""
    points, games = matrix.arrays()
    met = games.sum(axis=1) > 0
    idx = np.flatnonzero(met)
    if len(idx) < 2:
        return None
    points, games = points[np.ix_(idx, idx)], games[np.ix_(idx, idx)]
    with np.errstate(divide="ignore", invalid="ignore"):
        cell = np.where(games > 0, points / games, np.nan)
    opponents = (games > 0).sum(axis=1)
    mean = np.nansum(cell, axis=1) / opponents
    bt = bradley_terry(points, games)
    order = np.lexsort((-mean, -bt.rating))
    pick = BradleyTerry(bt.strength[order], bt.rating[order], bt.rating_se[order], bt.expected[order],
                        bt.games[order], bt.regularised)
    return Ranking(tuple(matrix.keys[i] for i in idx[order]), opponents[order], mean[order], pick)


# --- how a figure is written -----------------------------------------------------------------------------------
# One formatter for every surface, so the terminal and the report round the same number the same way.

def format_pct(x: float | None, digits: int = 1) -> str:
    """0.6412 -> '64.1%'; NaN or None -> '—'."""
    if x is None or not np.isfinite(x):
        return "—"
    return f"{100 * x:.{digits}f}%"


def format_rate(r: float | None, lo: float, hi: float, digits: int = 1) -> str:
    """'64.1% (61.0–67.1)': a rate with its 95% interval; '—' without games."""
    if r is None or not np.isfinite(r):
        return "—"
    return f"{100 * r:.{digits}f}% ({100 * lo:.{digits}f}–{100 * hi:.{digits}f})"


# --- paired comparison of two runs (tcgsim compare) ------------------------------------------------------------
# Two runs made from the same run seed and plan play the same deals; a deck edited between them is judged by the
# per-pair differences of its points, a paired design whose interval is far narrower than comparing two
# independent win rates (newcombe_interval) would give. The t interval needs Student's t quantile; numpy has none
# (and scipy is not a dependency), so it is computed here from the regularised incomplete beta function.

def _incomplete_beta(a: float, b: float, x: float) -> float:
    """The regularised incomplete beta function I_x(a, b), by its continued fraction (modified Lentz; Numerical
    Recipes 6.4), evaluated on the side where it converges fast."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    if x > (a + 1.0) / (a + b + 2.0):
        return 1.0 - _incomplete_beta(b, a, 1.0 - x)
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)) / a
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1.0)
    d = 1.0 / (d if abs(d) > tiny else tiny)
    f = d
    for m in range(1, 400):
        for numerator in (m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
                          -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))):
            d = 1.0 + numerator * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + numerator / c
            c = c if abs(c) > tiny else tiny
            f *= c * d
        if abs(c * d - 1.0) < 1e-15:
            break
    return front * f


def t_cdf(t: float, df: float) -> float:
    """P(T <= t) for Student's t with `df` degrees of freedom."""
    tail = 0.5 * _incomplete_beta(df / 2.0, 0.5, df / (df + t * t))
    return 1.0 - tail if t > 0 else tail


def t_quantile(p: float, df: float) -> float:
    """The `p` quantile of Student's t with `df` (> 0) degrees of freedom, by bisection on `t_cdf` (60 halvings:
    exact to double precision for the quantiles an interval uses). t_quantile(0.975, 1) = 12.706..."""
    if not 0.0 < p < 1.0 or df <= 0:
        raise ValueError(f"t_quantile needs 0 < p < 1 and df > 0, got p={p}, df={df}")
    if p < 0.5:
        return -t_quantile(1.0 - p, df)
    lo, hi = 0.0, 1.0
    while t_cdf(hi, df) < p:
        lo, hi = hi, hi * 2.0
    for _ in range(200):
        mid = (lo + hi) / 2.0
        if t_cdf(mid, df) < p:
            lo = mid
        else:
            hi = mid
        if hi - lo <= 1e-15 * hi:
            break
    return (lo + hi) / 2.0


def paired_t_interval(differences: ArrayLike, level: float = 0.95) -> tuple[float, float, float]:
    """(mean, lower, upper): the mean of paired differences with its Student t interval, mean +- t(n-1) * sd /
    sqrt(n) (sd with n - 1). NaN without differences; with one, the mean and no interval (NaN, NaN)."""
    d = np.asarray(differences, dtype=float).ravel()
    n = len(d)
    if n == 0:
        return math.nan, math.nan, math.nan
    mean = float(d.mean())
    if n == 1:
        return mean, math.nan, math.nan
    half = t_quantile(0.5 + level / 2.0, n - 1) * float(d.std(ddof=1)) / math.sqrt(n)
    return mean, mean - half, mean + half


# --- card figures: dead cards and game-length-adjusted differences --------------------------------------------
# (issue 16) The thresholds of a dead card are the one definition tests/dead_cards.py imports too.

DEAD_HELD_GAMES = 40  # a card held in at least this many games can be called dead...
DEAD_PLAY_RATE = 0.05  # ...when it is played in under this share of them


def dead_card(held_games: ArrayLike, played_games: ArrayLike) -> Any:
    """True where a card was held (reached the hand) in at least DEAD_HELD_GAMES games and played in under
    DEAD_PLAY_RATE of them: the player never uses it, so its win rates describe the games it sat in a hand, not
    the card."""
    held = np.asarray(held_games, dtype=float)
    played = np.asarray(played_games, dtype=float)
    with np.errstate(divide="ignore", invalid="ignore"):
        out = (held >= DEAD_HELD_GAMES) & (played < DEAD_PLAY_RATE * held)
    return bool(out) if out.ndim == 0 else out


def stratified_difference(s1: ArrayLike, n1: ArrayLike, s2: ArrayLike, n2: ArrayLike) -> tuple[Any, Any]:
    """(difference, standard error) of two rates compared stratum by stratum: arrays of shape (..., strata) of
    points `s` over games `n` of each side, the last axis the strata. The difference is the Mantel-Haenszel
    weighted mean of the strata's differences s1/n1 - s2/n2, weights n1 n2 / (n1 + n2) (a stratum with either
    side empty weighs nothing); its standard error sqrt(sum w^2 (p1 q1 / n1 + p2 q2 / n2)) / sum w. NaN where no
    stratum has both sides. A difference inside strata of similar games cannot come from the strata differing."""
    a1, m1 = np.asarray(s1, dtype=float), np.asarray(n1, dtype=float)
    a2, m2 = np.asarray(s2, dtype=float), np.asarray(n2, dtype=float)
    with np.errstate(divide="ignore", invalid="ignore"):
        both = (m1 > 0) & (m2 > 0)
        w = np.where(both, m1 * m2 / (m1 + m2), 0.0)
        p1 = np.where(both, a1 / m1, 0.0)
        p2 = np.where(both, a2 / m2, 0.0)
        var = np.where(both, p1 * (1 - p1) / m1 + p2 * (1 - p2) / m2, 0.0)
        total = w.sum(axis=-1)
        diff = np.where(total > 0, (w * (p1 - p2)).sum(axis=-1) / total, np.nan)
        se = np.where(total > 0, np.sqrt((w * w * np.clip(var, 0.0, None)).sum(axis=-1)) / total, np.nan)
    if np.ndim(diff) == 0:
        return float(diff), float(se)
    return diff, se


def length_bins(turns: ArrayLike, bins: int = 5) -> np.ndarray:
    """The inner edges splitting game lengths `turns` into `bins` groups of about equal size (quantiles; ties
    can merge groups, so fewer edges may come back). `np.searchsorted(edges, t, side="right")` is a game's bin."""
    t = np.asarray(turns, dtype=float)
    t = t[np.isfinite(t)]
    if not len(t) or bins < 2:
        return np.zeros(0)
    return np.unique(np.quantile(t, np.arange(1, bins) / bins))
