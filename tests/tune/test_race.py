"""The bookkeeping of a tune's race (tcgsim.tune.race), on made-up pair points: no game is played."""

from __future__ import annotations

import math

import numpy as np
import pytest

from tcgsim.tune.race import arms_that_fit, halve, paired_gain, rung_count, rung_pairs


@pytest.mark.parametrize(("candidates", "rungs"), [(1, 1), (2, 2), (3, 3), (4, 3), (5, 4), (416, 10)])
def test_a_race_halves_down_to_one_candidate_then_plays_it_once_more(candidates: int, rungs: int) -> None:
    assert rung_count(candidates) == rungs
    alive, seen = list(range(1, candidates + 1)), 1
    gains = np.arange(candidates + 1, dtype=float)
    while len(alive) > 1:
        alive = halve(alive, gains)
        seen += 1
    assert seen == rungs or candidates == 1
    assert alive == [candidates]  # the best by gain survives every halving


def test_halving_keeps_the_better_half_rounded_up_ties_to_the_lower_arm_and_nan_last() -> None:
    gains = np.array([0.0, 0.1, 0.3, 0.3, np.nan, -0.2])
    assert halve([1, 2, 3, 4, 5], gains) == [1, 2, 3]
    assert halve([2, 3], gains) == [2]
    assert halve([4, 5], gains) == [5]


def test_rungs_split_the_round_evenly_and_a_race_is_cut_to_what_its_first_rung_affords() -> None:
    # 10 rungs, 417 arms (the incumbent too), 4 field decks: 40,000 games give each arm 1 pair a rung
    assert rung_pairs(40_000, 10, 417, 4) == 1
    assert rung_pairs(40_000, 10, 2, 4) == 250
    assert rung_pairs(10, 10, 417, 4) == 1  # never less than one pair
    fit = arms_that_fit(741, 20_000, 4)
    assert 1 <= fit < 741
    assert 20_000 // (rung_count(fit) * (fit + 1) * 4 * 2) >= 1
    assert arms_that_fit(10, 10_000, 2) == 10


def test_the_paired_gain_weighs_field_decks_equally_and_leaves_out_deals_without_a_result() -> None:
    reference = np.array([[1.0, 1.0, 0.0, 2.0], [0.0, 0.0, 1.0, 1.0]])
    candidate = np.array([[1.0, 1.0, 1.0, 2.0], [0.0, 1.0, 1.0, np.nan]])
    got = paired_gain(candidate, reference)
    # per deal: mean over the two field decks of (candidate - reference) / 2 games
    per_deal = np.array([(0.0 + 0.0) / 2, (0.0 + 0.5) / 2, (0.5 + 0.0) / 2])
    assert got.gain == pytest.approx(per_deal.mean())
    assert got.pairs == 3 * 2
    assert got.low < got.gain < got.high
    same = paired_gain(reference, reference)
    assert (same.gain, same.low, same.high) == (0.0, 0.0, 0.0)  # identical deals: no difference, no doubt
    assert math.isnan(paired_gain(np.full((1, 2), np.nan), reference[:1, :2]).gain)
