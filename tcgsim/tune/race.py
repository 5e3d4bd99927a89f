"""Successive halving over a deck's variants (Karnin, Koren and Somekh, 2013), on shared deals.

One round races the incumbent deck (arm 0) and its candidate variants. The round's games are split evenly over
its rungs; at each rung every arm still alive plays the same new pairs against every field deck (the same seeds
for every arm: common random numbers), and the better half of the candidates by their mean difference from the
incumbent over all the pairs so far goes on. The incumbent plays every rung, so each candidate's difference is
always paired. The last rung holds the incumbent and one candidate: its games were dealt after every choice
was made, so the difference it measures is not inflated by having been picked for luck, and the round's swap is
accepted on it alone.

Everything here is bookkeeping over arrays of pair points, so it is tested without playing a game.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from tcgsim import stats

__all__ = ["GAMES_PER_PAIR", "Estimate", "arms_that_fit", "rung_count", "rung_pairs", "halve", "paired_gain"]

GAMES_PER_PAIR = 2  # a pair is the two games of a two-player matchup with the seats swapped


def rung_count(candidates: int) -> int:
    """Rungs of a race of `candidates` variants and the incumbent: halving down to one candidate, and a last
    rung for that one alone."""
    return max(1, math.ceil(math.log2(candidates))) + 1 if candidates > 1 else 1


def rung_pairs(games: int, rungs: int, alive: int, field: int) -> int:
    """Pairs per field deck each of `alive` arms (the incumbent among them) plays at a rung of a race whose
    `games` are split evenly over `rungs`: at least 1."""
    return max(1, games // (rungs * alive * field * GAMES_PER_PAIR))


def arms_that_fit(candidates: int, games: int, field: int) -> int:
    """The most candidates a race of `games` games can start with, so that the first rung still gives every
    arm one pair against each field deck."""
    n = candidates
    while n > 1 and games // (rung_count(n) * (n + 1) * field * GAMES_PER_PAIR) < 1:
        n = max(1, n * 3 // 4)
    return n


def halve(alive: list[int], gains: np.ndarray) -> list[int]:
    """The better half (rounded up, at least one) of the candidates `alive` (arm indices, the incumbent 0 not
    among them) by `gains[arm]`, ties to the lower index: deterministic whatever the order of the games."""
    ranked = sorted(alive, key=lambda a: (-float(gains[a]) if np.isfinite(gains[a]) else math.inf, a))
    return sorted(ranked[: max(1, (len(ranked) + 1) // 2)])


@dataclass(frozen=True)
class Estimate:
    """A win-rate difference against the field (candidate minus reference) with its 95% interval and sample."""

    gain: float
    low: float
    high: float
    pairs: int  # pairs of games compared (deals x field decks), each the two games of one deal against one field deck

    def to_json(self) -> dict[str, float | int | None]:
        def num(x: float) -> float | None:
            return round(x, 5) if math.isfinite(x) else None

        return {"gain": num(self.gain), "low": num(self.low), "high": num(self.high), "pairs": self.pairs}


def paired_gain(candidate: np.ndarray, reference: np.ndarray) -> Estimate:
    """The difference in win rate between two decks that played the same deals: `candidate` and `reference` are
    (field decks, pairs) arrays of pair points (0-2, NaN for a pair with a game that had no result). The field
    decks weigh equally: deal p's difference is the mean over the field of the pair's difference, and the
    interval is the paired Student t over the deals (stats.paired_t_interval). Deals where either deck has no
    result against some field deck are left out."""
    diff = (np.asarray(candidate, dtype=float) - np.asarray(reference, dtype=float)) / GAMES_PER_PAIR
    if diff.ndim == 1:
        diff = diff[None, :]
    per_deal = diff.mean(axis=0)
    per_deal = per_deal[np.isfinite(per_deal)]
    gain, low, high = stats.paired_t_interval(per_deal)
    return Estimate(gain, low, high, int(per_deal.size) * diff.shape[0])
