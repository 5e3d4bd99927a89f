"""tcgsim.stats against values worked by hand (the arithmetic is in each test's docstring)."""

from __future__ import annotations

import math
import subprocess
import sys

import numpy as np
import pytest

from tcgsim import stats
from tcgsim.stats import DRAW, ERROR, LOSS, STOPPED, WIN, Ending


def approx(x: float, rel: float = 1e-3, abs_: float = 1e-4) -> object:
    return pytest.approx(x, rel=rel, abs=abs_)


# --- the draw policy and each seat's points --------------------------------------------------------------------

def test_a_two_player_draw_gives_each_player_half() -> None:
    """No winner, two players: both seats drew, each scores draw_share(2) = 1/2; a game that raised is an error
    in every seat whatever its winner column says, and scores nothing (NaN, not 0)."""
    ended = stats.endings([np.nan, 1, 0], ["turn_limit", "mana_12", "mana_12"], [False, False, True])
    results = stats.seat_results([np.nan, 1, 0], [2, 2, 2], ended, seats=2)
    assert results.tolist() == [[DRAW, DRAW], [LOSS, WIN], [ERROR, ERROR]]
    points = stats.seat_points(results, np.array([[2], [2], [2]]))
    assert points[:2].tolist() == [[0.5, 0.5], [0.0, 1.0]]
    assert np.isnan(points[2]).all()
    assert stats.draw_share(2) == 0.5


def test_a_three_player_draw_gives_each_player_a_third() -> None:
    """A 3-player game without a winner: every seat scores 1/3, so the game hands out one point in all; the
    fourth seat of the results array is empty (None). A deck with that draw and one win has 1 + 1/3 points in 2
    games: 66.7%."""
    results = stats.seat_results([-1], [3], stats.endings([-1], ["turn_limit"]), seats=4)
    assert results.tolist() == [[DRAW, DRAW, DRAW, None]]
    points = stats.seat_points(results[0, :3], 3)
    assert points.tolist() == [approx(1 / 3)] * 3 and points.sum() == approx(1.0)
    t = stats.tally([0, 0], 1, [DRAW, WIN], [3, 3])
    assert t.games.tolist() == [2] and t.points.tolist() == [approx(4 / 3)]
    assert t.rates()[0].tolist() == [approx(2 / 3)]
    assert stats.fair_share(3) == approx(1 / 3)


EVA_ALL_LOSE = frozenset({"humanity_destroyed", "all_dropped"})  # eva's Game.all_lose_reasons


def test_an_ending_is_decided_from_the_winner_and_the_reason_in_one_order() -> None:
    """An error beats everything (even a recorded winner); the decision limit is a stop, not a draw; a winner
    makes a decided game; a declared all-lose reason without a winner is ALL_LOSE (the same name in a game that
    does not declare it is a draw); any other game without a winner (NaN, None or -1) is a draw."""
    got = stats.endings([0, -1, 1, None, np.nan, -1, -1, 0],
                        ["hokan", "decision_limit", "hokan", "humanity_destroyed", "turn_limit", "all_dropped",
                         "error", "hokan"],
                        [False, False, False, False, False, False, False, True], EVA_ALL_LOSE)
    assert got.tolist() == [Ending.DECIDED, Ending.STOPPED, Ending.DECIDED, Ending.ALL_LOSE, Ending.DRAW,
                            Ending.ALL_LOSE, Ending.ERROR, Ending.ERROR]
    assert all(isinstance(e, Ending) for e in got)
    assert stats.ending(None, "humanity_destroyed") is Ending.DRAW  # not declared: the shared draw
    assert stats.ending(None, "humanity_destroyed", all_lose_reasons=EVA_ALL_LOSE) is Ending.ALL_LOSE
    assert stats.ending(2, "humanity_destroyed", all_lose_reasons=EVA_ALL_LOSE) is Ending.DECIDED


def test_eva_win_3_humanity_destroyed_is_every_player_losing() -> None:
    from tcgsim.games import all_lose_reasons

    assert all_lose_reasons("eva") == EVA_ALL_LOSE
    assert all_lose_reasons("eva-short") == frozenset() and all_lose_reasons("mana") == frozenset()


def test_an_all_lose_game_scores_nothing_for_anyone() -> None:
    """A 3-player game the 使徒 won (humanity destroyed): every seat a loss, 0 points, the game hands out 0 (a
    draw hands out 3 x 1/3 = 1). A deck with one win and that game: 1 point in 2 games, 50.0% (the old rule, a
    shared draw, said (1 + 1/3) / 2 = 66.7%)."""
    ended = stats.endings([-1, -1], ["humanity_destroyed", "turn_limit"], False, EVA_ALL_LOSE)
    results = stats.seat_results([-1, -1], [3, 3], ended, seats=3)
    assert results.tolist() == [[LOSS, LOSS, LOSS], [DRAW, DRAW, DRAW]]
    assert stats.seat_points(results[0], 3).tolist() == [0.0, 0.0, 0.0]
    assert stats.game_points(ended, 3).tolist() == [0.0, approx(1.0)]
    t = stats.tally([0, 0], 1, [WIN, results[0, 0]], 3)
    assert (t.games.tolist(), t.wins.tolist(), t.losses.tolist(), t.points.tolist()) == ([2], [1], [1], [1.0])
    assert t.rates()[0].tolist() == [0.5]


def test_the_fair_share_splits_the_points_the_games_handed_out() -> None:
    """10 three-player games, 2 of them all-lose: 8 points handed out, 0.8 a game, a fair share of 0.8 / 3 =
    26.67% (not 33.3%). A seat at 30% (interval 20-40%) is then 3.33 points above it (-6.67 to +13.33)."""
    assert stats.fair_share(3, 0.8) == approx(0.8 / 3)
    fair, adv, lo, hi = stats.seat_advantage(0.3, 0.2, 0.4, 3, 0.8)
    assert (fair, adv, lo, hi) == (approx(0.26667), approx(0.03333), approx(-0.06667), approx(0.13333))
    assert stats.seat_advantage(0.3, 0.2, 0.4, 3)[0] == approx(1 / 3)  # no all-lose game: 1/n, as before


def test_a_stopped_game_is_no_result_and_is_counted_apart() -> None:
    """The decision limit (a safety net for a bug) is no result, like an error: NaN points, outside games and
    points, counted in `stopped`; no pair meets in it. Deck 0: a win, a loss and a stop -> 2 games, 50%, 1
    stopped (the old rule, a draw, said 1.5 of 3)."""
    ended = stats.endings([-1], ["decision_limit"])
    results = stats.seat_results([-1], [2], ended, seats=2)
    assert results.tolist() == [[STOPPED, STOPPED]]
    assert np.isnan(stats.seat_points(results, 2)).all()
    t = stats.tally([0, 0, 0], 1, [WIN, LOSS, STOPPED], 2)
    rec = t.records()[0]
    assert (rec.games, rec.points, rec.win_rate, rec.errors, rec.stopped) == (2, 1.0, 0.5, 0, 1)
    assert (t + t).stopped.tolist() == [2]
    game, *_ = stats.seat_pairs(np.array([["A", "B"]], dtype=object), results)
    assert len(game) == 0


def test_an_all_lose_game_is_a_draw_between_each_two_decks() -> None:
    """Three decks all lost (humanity destroyed): every ordered pair a draw, half a point each way, so the
    pair's game hands out one point as Bradley-Terry needs. A game C won: A and B both lost to a third deck and
    did not meet."""
    decks = np.array([["A", "B", "C"], ["A", "B", "C"]], dtype=object)
    ended = stats.endings([-1, 2], ["humanity_destroyed", "last_standing"], False, EVA_ALL_LOSE)
    results = stats.seat_results([-1, 2], [3, 3], ended, seats=3)
    game, deck, opp, res = stats.seat_pairs(decks, results)
    assert list(zip(game.tolist(), deck, opp, res, strict=True)) == [
        (0, "A", "B", DRAW), (0, "A", "C", DRAW), (0, "B", "A", DRAW), (0, "B", "C", DRAW), (0, "C", "A", DRAW),
        (0, "C", "B", DRAW), (1, "A", "C", LOSS), (1, "B", "C", LOSS), (1, "C", "A", WIN), (1, "C", "B", WIN)]
    m = stats.Matrix.from_pairs(["A", "B", "C"], deck, opp, res)
    ab, ac = m.cell("A", "B"), m.cell("A", "C")
    assert ab is not None and (ab.games, ab.draws, ab.points) == (1, 1, 0.5)
    assert ac is not None and (ac.games, ac.losses, ac.draws, ac.points, ac.win_rate) == (2, 1, 1, 0.5, 0.25)


def test_seat_results_refuses_errored_flags() -> None:
    """The old third argument (an errored flag per game) would silently score every stop as a draw: refused."""
    with pytest.raises(TypeError, match="stats.endings"):
        stats.seat_results([0], [2], [False])


def test_errors_are_counted_apart_and_left_out_of_the_rate() -> None:
    """Deck 0: a win, a loss, a 2-player draw and an error -> 3 games, 1.5 points, 50%, 1 error. Deck 1: only an
    error -> 0 games and no rate (NaN), not 0%."""
    t = stats.tally([0, 0, 0, 0, 1], 2, [WIN, LOSS, DRAW, ERROR, ERROR], 2)
    a, b = t.records()
    assert (a.games, a.wins, a.losses, a.draws, a.errors, a.points, a.win_rate) == (3, 1, 1, 1, 1, 1.5, 0.5)
    assert (b.games, b.errors) == (0, 1) and math.isnan(b.win_rate) and math.isnan(b.ci_low)


def test_tally_points_do_not_depend_on_batching() -> None:
    """Counts are integers and points come from them in one fixed order, so a run tallied in batches gives the
    same bits as tallied at once (a float sum of thirds in another order may not)."""
    rng = np.random.default_rng(0)
    group = rng.integers(0, 3, 999)
    result = rng.choice(np.array(stats.RESULTS, dtype=object), 999)
    n = rng.integers(2, 5, 999)
    whole = stats.tally(group, 3, result, n)
    parts = stats.Tally.empty(3)
    for lo in range(0, 999, 100):
        parts = parts + stats.tally(group[lo:lo + 100], 3, result[lo:lo + 100], n[lo:lo + 100])
    assert whole.points.tolist() == parts.points.tolist()
    assert whole.records() == parts.records()


def test_design_effect_of_pairs_by_hand() -> None:
    """Group 0 wins both games of pair 1 and loses both of pair 2: p = 2/4, pair sums x = (2, 0), m = (2, 2);
    sum (x - p m)^2 = 1 + 1 = 2 over the binomial M p(1-p) = 1: a design effect of 2, so its interval is Wilson's
    for 1 of 2. Group 1 splits each pair (x = 1, 1): no spread, taken as 1, the plain Wilson interval of 2 of 4.
    Moments in twelfths of a point: xx = 24^2 = 576, xm = 24 * 2 = 48, mm = 4 + 4 = 8."""
    group = np.array([0, 0, 0, 0, 1, 1, 1, 1])
    result = np.array([WIN, WIN, LOSS, LOSS, WIN, LOSS, WIN, LOSS], dtype=object)
    pair = np.array([1, 1, 2, 2, 1, 1, 2, 2])
    t = stats.tally(group, 2, result, 2, pair)
    assert (t.pairs.tolist(), t.pair_xx.tolist(), t.pair_xm.tolist(), t.pair_mm.tolist()) == \
        ([2, 2], [576, 288], [48, 48], [8, 8])
    assert t.design_effect.tolist() == [2.0, 1.0]
    rate, lo, hi = t.rates()
    assert rate.tolist() == [0.5, 0.5]
    assert (lo[0], hi[0]) == stats.wilson_interval(1, 2)
    assert (lo[1], hi[1]) == stats.wilson_interval(2, 4)


def test_games_each_in_their_own_pair_keep_the_wilson_interval() -> None:
    """With one game a pair the clustered variance is the binomial one (sum (x - p)^2 = M p(1-p) for 0/1 x):
    a design effect of exactly 1, whatever the results; a draw's half point only lowers it, and 1 is the floor."""
    rng = np.random.default_rng(3)
    result = rng.choice(np.array([WIN, LOSS, DRAW], dtype=object), 300)
    group = rng.integers(0, 3, 300)
    paired = stats.tally(group, 3, result, 2, np.arange(300))
    plain = stats.tally(group, 3, result, 2)
    assert paired.design_effect.tolist() == [1.0, 1.0, 1.0]
    assert paired.records() == plain.records()


def test_pair_moments_add_up_over_batches_cut_at_whole_pairs() -> None:
    """The moments are whole numbers summed per pair, so batches cut between pairs add up to the same tally, bit
    for bit; the design effect of correlated pairs is above 1 and the interval wider than Wilson's."""
    rng = np.random.default_rng(5)
    pairs = 200
    strong = rng.random(pairs) < 0.5  # the deal favours group 0 in both games of half the pairs
    result = np.where(np.repeat(strong, 2) ^ (rng.random(2 * pairs) < 0.2), WIN, LOSS).astype(object)
    group = np.zeros(2 * pairs, dtype=np.int64)
    pair = np.repeat(np.arange(pairs), 2)
    whole = stats.tally(group, 1, result, 2, pair)
    parts = stats.Tally.empty(1)
    for lo in range(0, 2 * pairs, 50):
        parts = parts + stats.tally(group[lo:lo + 50], 1, result[lo:lo + 50], 2, pair[lo:lo + 50])
    assert parts.records() == whole.records()
    assert whole.design_effect[0] > 1.2
    lo, hi = whole.rates()[1:]
    wlo, whi = stats.wilson_interval(whole.points[0], whole.games[0])
    assert lo[0] < wlo and hi[0] > whi


# --- intervals -------------------------------------------------------------------------------------------------

def test_wilson_8_of_10() -> None:
    """p = .8, z^2/n = .38415: centre (.8 + .19208) / 1.38415 = .71674; half 1.41601 * sqrt(.016 + .0096) = .22658
    -> (.4902, .9433), the textbook value."""
    assert stats.wilson_interval(8, 10) == (approx(0.4902), approx(0.9433))


def test_wilson_at_0_and_at_n() -> None:
    """0 of 10: lower 0, upper (z^2/n) / (1 + z^2/n) = .38415 / 1.38415 = .2775; 10 of 10 mirrors it exactly
    (upper 1, lower .7225); n = 0 is NaN. The interval always holds the rate itself."""
    assert stats.wilson_interval(0, 10) == (0.0, approx(0.2775))
    assert stats.wilson_interval(10, 10) == (approx(0.7225), 1.0)
    lo, hi = stats.wilson_interval(0, 0)
    assert math.isnan(lo) and math.isnan(hi)
    for n in range(1, 60):
        lo, hi = stats.wilson_interval(n, n)
        assert hi == 1.0 and lo <= 1.0


def test_wilson_fractional_and_vectorised() -> None:
    """4.5 of 6 (a draw as half a win): p = .75, z^2/n = .64025; centre 1.070122 / 1.64025 = .65241; half
    1.19492 * sqrt(.03125 + .026677) = .28759 -> (.3648, .9400). Arrays in, arrays out."""
    lo, hi = stats.wilson_interval(np.array([4.5, 8.0]), np.array([6, 10]))
    assert (lo[0], hi[0]) == (approx(0.3648), approx(0.9400))
    assert (lo[1], hi[1]) == (approx(0.4902), approx(0.9433))
    assert stats.rate_interval(4, 6) == (approx(2 / 3), approx(0.2999), approx(0.9032))


def test_newcombe_difference() -> None:
    """Newcombe (1998), method 10, his worked example 56/70 - 48/80 = .2000 with interval (.0524, .3339)."""
    assert stats.newcombe_interval(56, 70, 48, 80) == (approx(0.2), approx(0.0524), approx(0.3339))


def test_mean_interval_and_seat_advantage() -> None:
    """Mean 2, sd 1, n 3: 2 +- 1.95996 / sqrt(3) = (0.8684, 3.1316). A seat scoring .75 (.3648-.9400) of a
    two-player game: fair share .5, advantage +.25 (-.1352 to +.4400)."""
    assert stats.mean_interval(2.0, 1.0, 3) == (approx(0.8684), approx(3.1316))
    assert stats.seat_advantage(0.75, 0.3648, 0.9400, 2) == (0.5, 0.25, approx(-0.1352), approx(0.44))


def test_bonferroni_z() -> None:
    """One comparison: the plain 1.95996; 20 at once: the 1 - .05/40 quantile, 3.0233."""
    assert stats.bonferroni_z(1) == approx(stats.Z95) and stats.bonferroni_z(20) == approx(3.0233)


def test_format_rate() -> None:
    assert stats.format_rate(2 / 3, 0.29994, 0.90324) == "66.7% (30.0–90.3)"
    assert stats.format_rate(float("nan"), 0, 0) == "—" and stats.format_pct(None) == "—"


# --- head to head ----------------------------------------------------------------------------------------------

def test_pairs_meet_when_one_of_the_two_won_or_nobody_did() -> None:
    """Game 0 (3 players, A won): A beats B and C, B vs C did not meet. Game 1 (2 players, a draw): A and B
    drew, half a point each. Game 2 raised: no pair. Game 3 is a mirror (A vs A): no pair."""
    decks = np.array([["A", "B", "C"], ["A", "B", None], ["A", "B", None], ["A", "A", None]], dtype=object)
    ended = stats.endings([0, -1, 0, 1], ["hokan", "turn_limit", "error", "hokan"])
    results = stats.seat_results([0, -1, 0, 1], [3, 2, 2, 2], ended, seats=3)
    game, deck, opp, res = stats.seat_pairs(decks, results)
    assert list(zip(game.tolist(), deck, opp, res, strict=True)) == [
        (0, "A", "B", WIN), (0, "A", "C", WIN), (0, "B", "A", LOSS), (0, "C", "A", LOSS),
        (1, "A", "B", DRAW), (1, "B", "A", DRAW)]
    m = stats.Matrix.from_pairs(["A", "B", "C"], deck, opp, res)
    ab = m.cell("A", "B")
    assert ab is not None and (ab.games, ab.wins, ab.draws, ab.points, ab.win_rate) == (2, 1, 1, 1.5, 0.75)
    assert m.cell("B", "C") is None and m.cell("A", "A") is None
    assert [(a, b) for a, b, _ in m.played()] == [("A", "B"), ("A", "C"), ("B", "A"), ("C", "A")]


# --- ranking ---------------------------------------------------------------------------------------------------

def test_bradley_terry_two_decks_by_hand() -> None:
    """A beats B 3 times in 4: the likelihood equation 3 = 4 s_A / (s_A + s_B) gives s_A / s_B = 3; scaled to
    geometric mean 1 the strengths are sqrt(3) = 1.7321 and 1 / sqrt(3) = .5774, ratings 400 log10 sqrt(3) =
    +-95.42, against an average deck 1.7321 / 2.7321 = .6340. The standard error of the log-strength gap is
    1 / sqrt(n p (1-p)) = 1 / sqrt(4 * .75 * .25) = 1.1547, 200.6 Elo points, so each rating has 100.3."""
    bt = stats.bradley_terry([[0, 3], [1, 0]], [[0, 4], [4, 0]])
    assert bt.strength.tolist() == [approx(math.sqrt(3)), approx(1 / math.sqrt(3))]
    assert bt.rating.tolist() == [approx(95.42), approx(-95.42)]
    assert bt.expected.tolist() == [approx(0.6340), approx(0.3660)]
    assert bt.rating_se.tolist() == [approx(100.29), approx(100.29)]
    assert bt.games.tolist() == [4, 4] and not bt.regularised


def test_bradley_terry_three_decks_by_hand() -> None:
    """A-B 2:1, B-C 2:1, A-C 4:1. Strengths 4:2:1 satisfy every likelihood equation wins_i = sum n_ij s_i/(s_i+s_j):
    A: 3*4/6 + 5*4/5 = 6 = 2+4; B: 3*2/6 + 3*2/3 = 3 = 1+2; C: 3*1/3 + 5*1/5 = 2 = 1+1. Scaled to geometric mean
    1 they are 2, 1, 1/2; on the Elo scale 400 log10 2 = +120.4, 0, -120.4."""
    bt = stats.bradley_terry([[0, 2, 4], [1, 0, 2], [1, 1, 0]], [[0, 3, 5], [3, 0, 3], [5, 3, 0]])
    assert bt.strength.tolist() == [approx(2.0), approx(1.0), approx(0.5)]
    assert bt.rating.tolist() == [approx(120.41), approx(0.0), approx(-120.41)]


def test_an_unbeaten_deck_is_regularised() -> None:
    bt = stats.bradley_terry([[0, 5], [0, 0]], [[0, 5], [5, 0]])
    assert bt.regularised and np.isfinite(bt.rating).all() and bt.rating[0] > bt.rating[1]


def test_ranking_from_a_matrix() -> None:
    """A beats B 3-1 and the two drew once more: A scores 3.5 of 5 (70%); B 1.5 of 5. A ranks first."""
    m = stats.Matrix.from_pairs(["B", "A"], ["A"] * 5 + ["B"] * 5, ["B"] * 5 + ["A"] * 5,
                                [WIN, WIN, WIN, LOSS, DRAW, LOSS, LOSS, LOSS, WIN, DRAW])
    r = stats.ranking(m)
    assert r is not None and r.decks == ("A", "B")
    assert r.mean_win_rate.tolist() == [approx(0.7), approx(0.3)] and r.opponents.tolist() == [1, 1]
    assert r.bt.rating[0] - r.bt.rating[1] == approx(400 * math.log10(3.5 / 1.5))


def test_stats_never_imports_pandas() -> None:
    """The run's supervising process writes the terminal summary through this module: it must stay small."""
    code = "import sys, tcgsim.stats, tcgsim.sim.summary; print('pandas' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False"]
