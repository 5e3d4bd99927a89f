"""Models over a field of decks: strengths that use each game as one observation, how sure the ranking is, and
the correction for testing many findings at once.

`tcgsim.stats` keeps the rates, intervals and the draw policy; this module reads every point from there
(`stats.seat_points`) and never scores a game itself. What it adds:

- **The first-choice Plackett-Luce model** (`fit`): deck i has strength s_i = exp(theta_i); in a game seating the
  decks of S (a deck twice in S counts twice), seat j wins with probability s_j / sum over S. A game with a result
  is one observation, each deck credited with the points it scored there (a draw's share from `stats.draw_share`),
  so the log-likelihood is sum over games of [sum_j points_j log s_j - (sum_j points_j) log sum_S s]. In a game of
  two that is the Bradley-Terry likelihood with a draw half a win each way, so for two-player runs the fit is
  `stats.bradley_terry` (tests/test_ranking.py holds it to that); in games of 3-4 players it does not split a game
  into pairs counted as if independent, which made the pairwise errors about a fifth too small.
- **The bootstrap over pairs** (`bootstrap`): the unit is a deal, the games of one (matchup_id, pair) of
  games.parquet with every seat rotation together, since those games share a seed and are not independent. Deals
  are drawn with replacement within each matchup (every matchup keeps its number of deals), the strengths are
  refitted, and each deck's rank is counted: P(rank = k), P(deck i above deck j) and the ratings' standard error.
  The generator is seeded from the run seed alone, so a run gives the same figures on any machine.
- **Holm's step-down correction** (`holm`) for the family of findings a report tests, with the p-value of a rate
  against a neutral value (`rate_z`, the score test the Wilson interval inverts) and of a difference of two rates
  (`newcombe_z`, the Newcombe interval inverted), so a finding that survives has a 95% interval excluding the
  neutral value.

numpy only: the report wraps these in tables.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from tcgsim import stats

__all__ = [
    "DEFAULT_RESAMPLES", "ELO", "Field", "Fit", "RankProbabilities", "bootstrap", "bootstrap_generator", "fit",
    "holm", "joint_bootstrap_ratings", "newcombe_z", "not_separated", "p_value", "rank_range", "rate_z",
]

ELO = 400.0 / np.log(10.0)  # a log-strength on the Elo scale: 400 log10 s
DEFAULT_RESAMPLES = 400  # rank probabilities to about +-2.5 points; a 20-deck field's report takes ~1 s for them
BOOTSTRAP_TAG = 0x72616E6B  # "rank": the bootstrap's spawn key, apart from the games' (matchup, pair) keys
SEPARATED = 0.975  # a pair is separated when one deck is above the other in at least this share of resamples
BATCH = 50  # resamples drawn and fitted together
_TIE = 1e-9  # log-strengths closer than this are the same strength (a tie is half a resample each way)


# --- the field -------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Field:
    """The games of a run reduced to what the strengths need, kept by deal for the bootstrap.

    A *group* is a set of seated decks (a matchup: its games all seat the same decks); `seats[g, i]` is how many
    seats deck i holds in group g. A *deal* (one (matchup_id, pair), every rotation) belongs to one group and one
    stratum (its matchup); `points[c, i]` is what deck i scored over deal c's games with a result."""

    keys: tuple[str, ...]
    seats: np.ndarray  # (groups, k) seat counts
    deal_group: np.ndarray  # (deals,) the group of each deal
    deal_stratum: np.ndarray  # (deals,) the matchup each deal is resampled within, 0.. in matchup order
    points: np.ndarray  # (deals, k)

    @property
    def k(self) -> int:
        return len(self.keys)

    def totals(self, weights: np.ndarray | None = None) -> np.ndarray:
        """Points per group and deck, (groups, k); with `weights` (replicates, deals): (replicates, groups, k)."""
        g = self.seats.shape[0]
        if weights is None:
            out = np.zeros((g, self.k))
            np.add.at(out, self.deal_group, self.points)
            return out
        out = np.zeros((len(weights), g, self.k))
        for group in range(g):  # a deal is in one group: a product per group, not a (B, deals, k) array
            members = np.flatnonzero(self.deal_group == group)
            out[:, group, :] = weights[:, members] @ self.points[members]
        return out

    @classmethod
    def from_games(cls, keys: Sequence[str], decks: Any, results: Any, n_players: Any, matchup_id: Any,
                   pair: Any) -> Field:
        """From per-game arrays: `decks` and `results` (games, seats) as `stats.seat_results` gives them (None in
        empty seats), the game's player count, and its matchup_id and pair. Seats holding a deck not in `keys` and
        games that raised (ERROR: no points) add nothing."""
        d = np.asarray(decks, dtype=object)
        r = np.asarray(results, dtype=object)
        k = len(keys)
        index = {key: i for i, key in enumerate(keys)}
        deck = np.frompyfunc(lambda x: index.get(x, -1), 1, 1)(d).astype(np.int64) if d.size else \
            np.zeros((0, d.shape[1] if d.ndim == 2 else 0), dtype=np.int64)  # None (an empty seat): -1
        n = np.broadcast_to(np.asarray(n_players, dtype=float)[:, None], r.shape)
        pts = np.nan_to_num(np.asarray(stats.seat_points(r, n), dtype=float), nan=0.0)
        valid = deck >= 0
        count = np.zeros((len(d), k))
        score = np.zeros((len(d), k))
        rows = np.broadcast_to(np.arange(len(d))[:, None], deck.shape)
        np.add.at(count, (rows[valid], deck[valid]), 1.0)
        np.add.at(score, (rows[valid], deck[valid]), pts[valid])
        # a group's key: its seats' deck indices sorted (an empty seat as k), as digits base k + 1
        code = np.sort(np.where(deck >= 0, deck, k), axis=1).astype(np.int64) @ \
            (k + 1) ** np.arange(deck.shape[1], dtype=np.int64) if len(d) else np.zeros(0, dtype=np.int64)
        _, first, group = np.unique(code, return_index=True, return_inverse=True)
        group = np.asarray(group, dtype=np.int64).ravel()
        seats = count[first]
        m = np.asarray(matchup_id, dtype=np.int64)
        p = np.asarray(pair, dtype=np.int64)
        # a deal: one (matchup, pair, group), numbered in that order so the draws do not depend on row order
        deal_keys = np.stack([m, p, group], axis=1) if len(d) else np.zeros((0, 3), dtype=np.int64)
        order = np.lexsort((deal_keys[:, 2], deal_keys[:, 1], deal_keys[:, 0]))
        ordered = deal_keys[order]
        new = np.ones(len(ordered), dtype=bool)
        new[1:] = (ordered[1:] != ordered[:-1]).any(axis=1)
        deal = np.empty(len(ordered), dtype=np.int64)
        deal[order] = np.cumsum(new) - 1
        uniq = ordered[new]
        points = np.zeros((len(uniq), k))
        np.add.at(points, deal, score)
        _, stratum = np.unique(uniq[:, 0], return_inverse=True)
        return cls(tuple(keys), seats, uniq[:, 2].astype(np.int64), np.asarray(stratum, dtype=np.int64).ravel(),
                   points)


# --- the fit ---------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Fit:
    """First-choice Plackett-Luce strengths of a field's k decks (in its key order)."""

    theta: np.ndarray  # log-strengths, mean 0
    rating: np.ndarray  # ELO * theta: the Elo scale, mean 0
    rating_se: np.ndarray  # from the observed information, every game an independent observation
    regularised: bool  # virtual draws between every pair were added to keep the strengths finite


def _connected(scored: np.ndarray, seats: np.ndarray) -> np.ndarray:
    """Whether the maximum-likelihood strengths exist, per replicate: every deck reaches every other along edges
    i -> j 'i scored in a group where j was seated' (Hunter 2004's condition, for a first choice). `scored`
    is (B, groups, k) points, `seats` (groups, k)."""
    k = seats.shape[1]
    edge = np.einsum("bgi,gj->bij", (scored > 0).astype(float), (seats > 0).astype(float)) > 0
    reach = edge | np.eye(k, dtype=bool)[None]
    for _ in range(max(1, int(np.ceil(np.log2(max(k, 2))))) + 1):
        reach = reach | (np.matmul(reach.astype(float), reach.astype(float)) > 0)
    return np.asarray(reach.all(axis=(1, 2)))


def _virtual(k: int, prior: float) -> tuple[np.ndarray, np.ndarray]:
    """`prior` virtual two-player draws between every pair, as `stats.bradley_terry` adds them: groups (pairs, k)
    of seat counts and of points (half a point each way per virtual game)."""
    i, j = np.triu_indices(k, 1)
    seats = np.zeros((len(i), k))
    seats[np.arange(len(i)), i] = 1.0
    seats[np.arange(len(i)), j] = 1.0
    return seats, seats * 0.5 * prior


def _newton(scored: np.ndarray, seats: np.ndarray, theta: np.ndarray, tol: float = 1e-10,
            max_iter: int = 200) -> tuple[np.ndarray, np.ndarray]:
    """Maximise the first-choice log-likelihood for B replicates at once by Newton's method; returns the
    log-strengths (B, k), mean 0, and the information matrices (B, k, k) at them. `scored` (B, groups, k)
    points, `seats` (groups, k), `theta` (B, k) the start. The log-likelihood is concave in theta; a step is cut
    to at most one unit of log-strength, so a start far from the optimum cannot overshoot into overflow."""
    total = scored.sum(axis=2)  # (B, g): the points each group handed out
    gain = scored.sum(axis=1)  # (B, k)
    k = seats.shape[1]
    gauge = np.ones((k, k)) / k  # the information is singular along theta + c; this fixes mean(theta) = 0
    theta = theta - theta.mean(axis=1, keepdims=True)
    info = np.zeros((len(theta), k, k))
    for _ in range(max_iter):
        w = seats[None] * np.exp(theta - theta.max(axis=1, keepdims=True))[:, None, :]  # (B, g, k)
        denom = w.sum(axis=2, keepdims=True)
        share = np.divide(w, denom, out=np.zeros_like(w), where=denom > 0)
        grad = gain - np.einsum("bg,bgk->bk", total, share)
        weighted = share * total[:, :, None]
        info = -np.matmul(weighted.transpose(0, 2, 1), share)
        info[:, np.arange(k), np.arange(k)] += weighted.sum(axis=1)
        step = np.linalg.solve(info + gauge[None], grad[:, :, None])[:, :, 0]
        big = np.abs(step).max(axis=1, keepdims=True)
        step = step / np.maximum(1.0, big)
        theta = theta + step
        theta = theta - theta.mean(axis=1, keepdims=True)
        if float(np.abs(step).max()) < tol:
            break
    return theta, info


def _fit_many(scored: np.ndarray, seats: np.ndarray, prior: float | None, start: np.ndarray | None = None
              ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Fit B replicates; a replicate whose strengths would be infinite gets `prior` virtual draws (one when
    None), as `stats.bradley_terry` does. Returns (theta, info, regularised) per replicate."""
    b, _, k = scored.shape
    regular = np.full(b, bool(prior)) if prior else ~_connected(scored, seats) if k > 1 else np.zeros(b, bool)
    add = float(prior) if prior else 1.0
    vseats, vpoints = _virtual(k, add)
    all_seats = np.concatenate([seats, vseats])
    extra = np.where(regular[:, None, None], vpoints[None], 0.0)
    all_scored = np.concatenate([scored, extra], axis=1)
    theta0 = np.zeros((b, k)) if start is None else np.broadcast_to(start, (b, k)).copy()
    theta, info = _newton(all_scored, all_seats, theta0)
    return theta, info, regular


def fit(field: Field, prior: float | None = None) -> Fit:
    """The first-choice Plackett-Luce maximum-likelihood strengths of a field, with standard errors from the
    observed information (every game independent: the bootstrap's are the honest ones for a run of deals).
    With `prior` None, one virtual draw per pair is added only when the strengths would be infinite."""
    scored = field.totals()[None]
    theta, info, regular = _fit_many(scored, field.seats, prior)
    k = field.k
    cov = np.linalg.pinv(info[0]) if k > 1 else np.zeros((1, 1))
    se = np.sqrt(np.clip(np.diag(cov), 0.0, None))
    return Fit(theta[0], ELO * theta[0], ELO * se, bool(regular[0]))


# --- the bootstrap over pairs ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class RankProbabilities:
    """What the bootstrap over deals says of a field's ranking (arrays in the field's key order)."""

    keys: tuple[str, ...]
    resamples: int
    rank: np.ndarray  # (k, k): rank[i, r] = P(deck i has rank r + 1); rank 1 is the strongest
    above: np.ndarray  # (k, k): above[i, j] = P(deck i is stronger than deck j), a tie half each way
    rating_se: np.ndarray  # standard deviation of each deck's rating over the resamples (Elo scale)
    regularised: int  # resamples that needed virtual draws to keep their strengths finite

    def likely_rank(self) -> np.ndarray:
        """Each deck's most likely rank (1-based; the better of two equally likely ranks)."""
        return np.asarray(self.rank.argmax(axis=1) + 1)


def bootstrap_generator(run_seed: int) -> np.random.Generator:
    """The bootstrap's generator: from the run seed alone, with a spawn key of its own (the games' seeds use
    (matchup, pair)), so the same run gives the same rank probabilities on any machine."""
    return np.random.Generator(np.random.PCG64(np.random.SeedSequence(entropy=int(run_seed),
                                                                      spawn_key=(BOOTSTRAP_TAG,))))


def _weights(field: Field, resamples: int, rng: np.random.Generator) -> np.ndarray:
    """How many times each deal is drawn in each resample, (resamples, deals): within each matchup as many deals
    as it has, uniformly with replacement, matchup by matchup in order."""
    out = np.zeros((resamples, len(field.deal_stratum)))
    for s in range(int(field.deal_stratum.max()) + 1 if len(field.deal_stratum) else 0):
        members = np.flatnonzero(field.deal_stratum == s)
        n = len(members)
        draws = rng.integers(0, n, size=(resamples, n))
        flat = (np.arange(resamples)[:, None] * n + draws).ravel()
        out[:, members] = np.bincount(flat, minlength=resamples * n).reshape(resamples, n)
    return out


def _ranks(theta: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per replicate, each deck's rank (1 = strongest; among equal strengths the earlier key first) and the
    above matrix: (B, k) ranks and (B, k, k) with 1 where i is stronger, 1/2 where tied."""
    diff = theta[:, :, None] - theta[:, None, :]
    greater = diff > _TIE
    tied = np.abs(diff) <= _TIE
    k = theta.shape[1]
    earlier = np.tril(np.ones((k, k), dtype=bool), -1)  # [i, j]: j comes before i
    rank = 1 + greater.transpose(0, 2, 1).sum(axis=2) + (tied & earlier[None]).sum(axis=2)
    above = greater + 0.5 * (tied & ~np.eye(k, dtype=bool)[None])
    return rank, above


def bootstrap(field: Field, seed: int, resamples: int = DEFAULT_RESAMPLES, prior: float | None = None
              ) -> RankProbabilities:
    """Rank probabilities of a field by the bootstrap over deals (the module's docstring): `resamples`
    resamples from `bootstrap_generator(seed)`, drawn and fitted BATCH at a time (a fixed number, so the draws,
    and the figures, are the same on any machine; memory: BATCH x deals floats)."""
    k = field.k
    rng = bootstrap_generator(seed)
    start = fit(field, prior).theta
    ranks = np.zeros((k, k))
    above = np.zeros((k, k))
    ratings = np.zeros((resamples, k))
    regularised = 0
    for lo in range(0, resamples, BATCH):
        size = min(BATCH, resamples - lo)
        scored = field.totals(_weights(field, size, rng))
        theta, _, regular = _fit_many(scored, field.seats, prior, start)
        rank, abv = _ranks(theta)
        np.add.at(ranks, (np.broadcast_to(np.arange(k), rank.shape), rank - 1), 1.0)
        above += abv.sum(axis=0)
        ratings[lo:lo + size] = ELO * theta
        regularised += int(regular.sum())
    n = max(resamples, 1)
    sd = ratings.std(axis=0, ddof=1) if resamples > 1 else np.full(k, np.nan)
    return RankProbabilities(field.keys, resamples, ranks / n, above / n, sd, regularised)


def joint_bootstrap_ratings(fields: Sequence[Field], seed: int, resamples: int = DEFAULT_RESAMPLES
                            ) -> list[np.ndarray]:
    """Each field's Elo-scale ratings, (resamples, k), over the SAME resampled deals: for runs that share their
    deals (an AI panel: one plan and run seed, so deal c of one run is deal c of every other), whose figures
    must be resampled together or the noise of a comparison between them is overstated. The draws come from
    `bootstrap_generator(seed)` as `bootstrap`'s do."""
    if not fields:
        return []
    base = fields[0]
    for other in fields[1:]:
        if not (np.array_equal(other.deal_stratum, base.deal_stratum)
                and np.array_equal(other.deal_group, base.deal_group)):
            raise ValueError("joint resamples need fields with the same deals (runs of one plan and seed)")
    rng = bootstrap_generator(seed)
    starts = [fit(f).theta for f in fields]
    out = [np.zeros((resamples, f.k)) for f in fields]
    for lo in range(0, resamples, BATCH):
        size = min(BATCH, resamples - lo)
        weights = _weights(base, size, rng)
        for f, ratings, start in zip(fields, out, starts, strict=True):
            theta, _, _ = _fit_many(f.totals(weights), f.seats, None, start)
            ratings[lo:lo + size] = ELO * theta
    return out


def rank_range(probs: np.ndarray, level: float = 0.95) -> tuple[int, int]:
    """The central `level` range of a rank distribution (P(rank = r + 1) = probs[r]): from the rank where the
    cumulative probability first passes (1 - level) / 2 to the one where it reaches (1 + level) / 2."""
    cum = np.cumsum(probs)
    tail = (1 - level) / 2
    lo = int(np.searchsorted(cum, tail + 1e-12, side="left")) + 1
    hi = int(np.searchsorted(cum, 1 - tail - 1e-12, side="left")) + 1
    return lo, min(hi, len(probs))


def not_separated(above: np.ndarray, order: Sequence[int], level: float = SEPARATED) -> list[tuple[int, int, float]]:
    """Pairs (i, j, P(i above j)) the bootstrap does not separate: i listed before j in `order` (the ranking) and
    i above j in fewer than `level` of the resamples (and j above i in fewer, as i comes first), in ranking
    order."""
    out = []
    for a, i in enumerate(order):
        for j in order[a + 1:]:
            p = float(above[i, j])
            if 1 - level < p < level:
                out.append((int(i), int(j), p))
    return out


# --- multiplicity ----------------------------------------------------------------------------------------------

def p_value(z: Any) -> Any:
    """Two-sided p-value of a standard-normal statistic |z|: 2 (1 - Phi(|z|))."""
    zs = np.abs(np.asarray(z, dtype=float))
    # erfc rather than 1 - cdf: the tail of a strong finding stays a number (1e-300), not 0
    out = np.array([math.erfc(v / math.sqrt(2)) if not np.isnan(v) else np.nan for v in zs.ravel()])
    out = out.reshape(zs.shape)
    return float(out) if out.ndim == 0 else out


def rate_z(points: Any, games: Any, neutral: Any) -> Any:
    """The score statistic of a rate against a neutral value p0: (p - p0) / sqrt(p0 (1 - p0) / n). The Wilson
    interval is the set of p0 it does not reject, so |z| > 1.96 exactly when the 95% Wilson interval excludes p0:
    a finding and its interval never disagree. NaN without games."""
    s = np.asarray(points, dtype=float)
    n = np.asarray(games, dtype=float)
    p0 = np.asarray(neutral, dtype=float)
    with np.errstate(divide="ignore", invalid="ignore"):
        out = np.where(n > 0, (s / n - p0) / np.sqrt(p0 * (1 - p0) / n), np.nan)
    return float(out) if out.ndim == 0 else out


def newcombe_z(s1: Any, n1: Any, s2: Any, n2: Any, cap: float = 38.0) -> np.ndarray:
    """The statistic of a difference of two rates that matches Newcombe's interval: the largest z at which the
    interval (`stats.newcombe_interval`) still excludes zero, signed as the difference; 0 when even a tiny z
    does not exclude it. Intervals widen with z, so bisection finds it; `cap` (p ~ 1e-315) stands for beyond."""
    a1, b1 = np.asarray(s1, dtype=float), np.asarray(n1, dtype=float)
    a2, b2 = np.asarray(s2, dtype=float), np.asarray(n2, dtype=float)
    lo = np.zeros(a1.shape)
    hi = np.full(a1.shape, cap)

    def excludes(z: np.ndarray) -> np.ndarray:
        zz: Any = z  # newcombe_interval's arithmetic broadcasts an array of z, one per difference
        _, low, high = stats.newcombe_interval(a1, b1, a2, b2, z=zz)
        return np.asarray((np.asarray(low) > 0) | (np.asarray(high) < 0))

    top = excludes(hi)
    lo = np.where(top, hi, lo)
    for _ in range(60):
        mid = (lo + hi) / 2
        ok = excludes(mid)
        lo = np.where(ok, mid, lo)
        hi = np.where(ok, hi, mid)
    d, _, _ = stats.newcombe_interval(a1, b1, a2, b2)
    sign = np.sign(np.nan_to_num(np.asarray(d, dtype=float)))
    return np.asarray(np.where(np.isfinite(np.asarray(d, dtype=float)), sign * lo, np.nan))


def holm(p: Any) -> np.ndarray:
    """Holm's (1979) step-down adjusted p-values: sorted ascending, p_(r) is multiplied by (m - r + 1) for the
    r-th smallest, made non-decreasing, capped at 1. Rejecting where the adjusted value is under alpha keeps the
    chance of any false rejection under alpha whatever the dependence between the tests. NaN stays NaN and is
    not counted in m."""
    values = np.asarray(p, dtype=float)
    out = np.full(values.shape, np.nan)
    ok = np.flatnonzero(np.isfinite(values))
    m = len(ok)
    if not m:
        return out
    order = ok[np.argsort(values[ok], kind="stable")]
    scaled = values[order] * (m - np.arange(m))
    out[order] = np.minimum(1.0, np.maximum.accumulate(scaled))
    return out
