"""The report's tables against values worked by hand (the arithmetic is in each test's docstring). The figures
themselves (points, intervals, ranking) are tcgsim.stats', tested in tests/test_stats.py; here: that the tables
group the right rows and carry those figures."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from tcgsim import stats
from tcgsim.report import metrics as M
from tests.report.synth import cards_frame, games_frame


def approx(x: float, rel: float = 1e-3, abs_: float = 1e-4) -> object:
    return pytest.approx(x, rel=rel, abs=abs_)


# --- per deck and seat ----------------------------------------------------------------------------------------

def _tiny_games() -> pd.DataFrame:
    """A (seat 0) beats B; B (seat 0) beats A; a draw; an error."""
    return games_frame([
        {"decks": ["A", "B"], "winner": 0, "reason": "mana_12", "turns": 20},
        {"decks": ["B", "A"], "winner": 0, "reason": "lands_9", "turns": 30},
        {"decks": ["A", "B"], "winner": None, "reason": "turn_limit", "turns": 80},
        {"decks": ["B", "A"], "winner": None, "reason": "error", "turns": 3},
    ])


def test_seat_results_long_form() -> None:
    long = M.seat_results(_tiny_games())
    assert len(long) == 8
    a = long[long["deck"] == "A"].set_index("game_id")
    assert a["result"].tolist() == ["win", "loss", "draw", "error"]
    assert a["seat"].tolist() == [0, 1, 0, 1]
    assert a["points"].iloc[:3].tolist() == [1.0, 0.0, 0.5]


def test_deck_results_draws_half_errors_apart() -> None:
    """A: 3 games with a result (1 win, 1 loss, 1 draw) = 1.5 points, rate .5; the error game counted apart."""
    long = M.seat_results(_tiny_games())
    out = M.deck_results(long).set_index("deck")
    assert out.loc["A", ["games", "wins", "losses", "draws", "errors", "points"]].tolist() == [3, 1, 1, 1, 1, 1.5]
    assert out.loc["A", "win_rate"] == approx(0.5)
    lo, hi = stats.wilson_interval(1.5, 3)
    assert (out.loc["A", "ci_low"], out.loc["A", "ci_high"]) == (approx(lo), approx(hi))
    by_seat = M.deck_results(long, by_seat=True).set_index(["deck", "seat"])
    assert by_seat.loc[("A", 0), "games"] == 2 and by_seat.loc[("A", 0), "win_rate"] == approx(0.75)
    assert by_seat.loc[("A", 1), "games"] == 1 and by_seat.loc[("A", 1), "win_rate"] == approx(0.0)
    assert by_seat.loc[("A", 1), "errors"] == 1


def test_seat_advantage_by_hand() -> None:
    """6 games, seat 0 wins 4, seat 1 wins 1, one draw: seat 0 scores 4.5 / 6 = .75, Wilson (.3648, .9400), so the
    advantage is +.25 with interval (-.1352, +.4400); seat 1 mirrors it."""
    rows = [{"decks": ["A", "B"] if i % 2 == 0 else ["B", "A"], "winner": w, "reason": "mana_12" if w is not None
             else "turn_limit", "turns": 10} for i, w in enumerate([0, 0, 0, 0, 1, None])]
    adv = M.seat_advantage(M.seat_results(games_frame(rows))).set_index("seat")
    assert adv.loc[0, "win_rate"] == approx(0.75)
    assert adv.loc[0, "advantage"] == approx(0.25)
    assert (adv.loc[0, "adv_low"], adv.loc[0, "adv_high"]) == (approx(-0.1352), approx(0.4400))
    assert adv.loc[1, "advantage"] == approx(-0.25)
    assert adv.loc[0, "fair"] == 0.5


def test_seat_advantage_multiplayer_fair_share() -> None:
    rows = [{"decks": ["A", "B", "C"], "winner": 0, "reason": "hokan", "turns": 9},
            {"decks": ["B", "C", "A"], "winner": None, "reason": "turn_limit", "turns": 50}]
    adv = M.seat_advantage(M.seat_results(games_frame(rows, game="eva"))).set_index("seat")
    assert adv.loc[0, "fair"] == approx(1 / 3)
    assert adv.loc[0, "win_rate"] == approx((1 + 1 / 3) / 2)  # a win and a shared draw
    assert adv.loc[1, "win_rate"] == approx((0 + 1 / 3) / 2)


# --- matchups and ranking -------------------------------------------------------------------------------------

def test_pairwise_and_matrix() -> None:
    long = M.seat_results(_tiny_games())
    pairs = M.pairwise_results(long)
    assert len(pairs) == 6  # three games with a result, both sides of each
    mm = M.matchup_matrix(pairs).set_index(["deck", "opponent"])
    assert mm.loc[("A", "B"), ["games", "wins", "losses", "draws"]].tolist() == [3, 1, 1, 1]
    assert mm.loc[("A", "B"), "win_rate"] == approx(0.5)


def test_pairwise_multiplayer_leaves_out_third_deck_wins() -> None:
    """A wins a 3-player game: A beats B and A beats C; B vs C says nothing (no row). A draw is half for all."""
    rows = [{"decks": ["A", "B", "C"], "winner": 0, "reason": "hokan", "turns": 9},
            {"decks": ["A", "B", "C"], "winner": None, "reason": "turn_limit", "turns": 50}]
    pairs = M.pairwise_results(M.seat_results(games_frame(rows, game="eva")))
    first = pairs[pairs["game_id"] == 0]
    assert sorted(zip(first["deck"], first["opponent"], first["result"], strict=True)) == [
        ("A", "B", "win"), ("A", "C", "win"), ("B", "A", "loss"), ("C", "A", "loss")]
    second = pairs[pairs["game_id"] == 1]
    assert len(second) == 6 and set(second["points"]) == {0.5}


def _matrix(results: dict[tuple[str, str], tuple[int, int]]) -> pd.DataFrame:
    """A matchup matrix from {(a, b): (wins of a, wins of b)}."""
    rows = []
    for (a, b), (wa, wb) in results.items():
        n = wa + wb
        rows.append({"deck": a, "opponent": b, "games": n, "points": float(wa), "win_rate": wa / n})
        rows.append({"deck": b, "opponent": a, "games": n, "points": float(wb), "win_rate": wb / n})
    return pd.DataFrame(rows)


def test_bradley_terry_three_decks_by_hand() -> None:
    """A-B 2:1, B-C 2:1, A-C 4:1. Strengths 4:2:1 satisfy every likelihood equation wins_i = sum n_ij s_i/(s_i+s_j):
    A: 3*4/6 + 5*4/5 = 6 = 2+4; B: 3*2/6 + 3*2/3 = 3 = 1+2; C: 3*1/3 + 5*1/5 = 2 = 1+1. Scaled to geometric mean
    1 they are 2, 1, 1/2; on the Elo scale 400 log10 2 = +120.4, 0, -120.4; against an average deck 2/3, 1/2, 1/3."""
    bt = M.bradley_terry_table(_matrix({("A", "B"): (2, 1), ("B", "C"): (2, 1), ("A", "C"): (4, 1)})).set_index("deck")
    assert bt["strength"].tolist() == [approx(2.0), approx(1.0), approx(0.5)]
    assert bt["rating"].tolist() == [approx(120.41), approx(0.0), approx(-120.41)]
    assert bt["expected"].tolist() == [approx(2 / 3), approx(0.5), approx(1 / 3)]
    assert bt["games"].tolist() == [8, 6, 8]
    assert not bt["regularised"].any()
    assert (bt["rating_se"] > 0).all()


def test_bradley_terry_two_decks() -> None:
    """3 wins to 1: s_A / s_B = 3, a rating gap of 400 log10 3 = 190.8; the standard error of the log-strength
    difference is 1 / sqrt(n p (1-p)) = 1 / sqrt(4 * .75 * .25) = 1.1547, i.e. 200.6 Elo points for the gap, so
    each rating (half the gap) has 100.3."""
    bt = M.bradley_terry_table(_matrix({("A", "B"): (3, 1)})).set_index("deck")
    assert bt.loc["A", "rating"] - bt.loc["B", "rating"] == approx(190.85)
    assert bt.loc["A", "rating_se"] == approx(100.29)


def test_bradley_terry_unbeaten_deck_is_regularised() -> None:
    bt = M.bradley_terry_table(_matrix({("A", "B"): (5, 0), ("B", "C"): (3, 2), ("A", "C"): (4, 0)})).set_index("deck")
    assert bt["regularised"].all()
    assert np.isfinite(bt["rating"]).all()
    assert bt["rating"].idxmax() == "A"


# --- length, endings, wins by turn ----------------------------------------------------------------------------

def test_game_lengths_and_end_reasons() -> None:
    g = _tiny_games()
    lengths = M.game_lengths(g).set_index("matchup")
    # errors left out: turns 20 and 80 (A vs B), 30 (B vs A)
    assert lengths.loc["A vs B", "games"] == 2 and lengths.loc["A vs B", "mean"] == approx(50.0)
    assert lengths.loc["B vs A", "p50"] == approx(30.0)
    reasons = M.end_reasons(g).set_index(["matchup", "reason"])
    assert reasons.loc[("A vs B", "mana_12"), "share"] == approx(0.5)
    assert reasons.loc[("B vs A", "error"), "games"] == 1
    assert reasons.loc[("B vs A", "error"), "of"] == 2


def test_wins_by_reason_and_cumulative_wins() -> None:
    """A wins at turns 10 (mana_12) and 20 (lands_9) of 4 games, loses one, draws one: by turn 9 0%, by turn 10
    25%, by turn 20 50%."""
    rows = [{"decks": ["A", "B"], "winner": 0, "reason": "mana_12", "turns": 10},
            {"decks": ["B", "A"], "winner": 1, "reason": "lands_9", "turns": 20},
            {"decks": ["A", "B"], "winner": 1, "reason": "mana_12", "turns": 15},
            {"decks": ["B", "A"], "winner": None, "reason": "turn_limit", "turns": 25}]
    long = M.seat_results(games_frame(rows))
    cum = M.cumulative_wins(long).set_index(["deck", "turn"])
    assert cum.loc[("A", 9), "share"] == 0.0
    assert cum.loc[("A", 10), "share"] == approx(0.25)
    assert cum.loc[("A", 25), "share"] == approx(0.5)
    assert cum.loc[("B", 15), "share"] == approx(0.25)
    wr = M.wins_by_reason(long).set_index(["deck", "result", "reason"])
    assert wr.loc[("A", "win", "mana_12"), "share_of_result"] == approx(0.5)
    assert wr.loc[("A", "win", "lands_9"), "median_turn"] == 20
    assert wr.loc[("A", "loss", "mana_12"), "share_of_games"] == approx(0.25)


# --- tempo ----------------------------------------------------------------------------------------------------

def test_tempo_curves_mean_band_and_cut() -> None:
    """Turn 1: values 1, 2, 3 -> mean 2, sd 1, band 2 +- 1.96/sqrt(3) = (0.8684, 3.1316). Turn 2 has 2 games
    only: cut with min_games=3."""
    tempo = pd.DataFrame({"game_id": [0, 1, 2, 0, 1], "turn": [1, 1, 1, 2, 2], "seat": [0] * 5,
                          "deck": ["A"] * 5, "mana": [1.0, 2.0, 3.0, 5.0, 6.0]})
    out = M.tempo_curves(tempo, ["mana"], min_games=3)
    assert len(out) == 1
    row = out.iloc[0]
    assert (row["games"], row["mean"], row["std"]) == (3, approx(2.0), approx(1.0))
    assert (row["ci_low"], row["ci_high"]) == (approx(0.8684), approx(3.1316))
    assert len(M.tempo_curves(tempo, ["mana"], min_games=2)) == 2


def _pandas_tempo(tempo: pd.DataFrame, metrics: list[str], min_games: int) -> pd.DataFrame:
    """The whole-table computation the chunked one must match bit for bit: pandas' grouped count, mean, std."""
    grouped = tempo.groupby([tempo["deck"].astype(object), "turn"], sort=True)
    frames = []
    for metric in metrics:
        agg = grouped[metric].agg(["count", "mean", "std"])
        agg = agg[agg["count"] >= min_games].reset_index()
        frames.append(pd.DataFrame({"deck": agg["deck"], "metric": metric, "turn": agg["turn"].astype(int),
                                    "games": agg["count"], "mean": agg["mean"], "std": agg["std"]}))
    return pd.concat(frames, ignore_index=True)


def _random_tempo(seed: int, games: int = 400) -> pd.DataFrame:
    """Rows in the store's order (game, turn, seat): every deck-and-turn group's rows are spread over the table.
    One metric of whole numbers, one of fractions over many magnitudes, one with missing values."""
    rng = np.random.default_rng(seed)
    turns = rng.integers(1, 30, games)
    game = np.repeat(np.arange(games), turns * 2)
    turn = np.concatenate([np.repeat(np.arange(1, t + 1), 2) for t in turns])
    seat = np.tile([0, 1], len(turn) // 2)
    decks = np.array(["B", "A", "C"])[rng.integers(0, 3, (games, 2))]
    n = len(turn)
    frac = rng.normal(3, 2, n) * 10.0 ** rng.integers(-3, 6, n)
    holes = rng.normal(0, 1, n)
    holes[rng.random(n) < 0.2] = np.nan
    return pd.DataFrame({"game_id": game, "turn": turn, "seat": seat, "deck": decks[game, seat],
                         "whole": rng.integers(0, 12, n).astype(float), "frac": frac, "holes": holes})


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_tempo_curves_read_in_chunks_are_pandas_bit_for_bit(seed: int) -> None:
    """Means and standard deviations added up chunk by chunk are the very floats pandas gives over the whole
    table (its compensated sum and Welford's update, row by row), however the table is cut."""
    tempo = _random_tempo(seed)
    metrics = ["whole", "frac", "holes"]
    expected = _pandas_tempo(tempo, metrics, min_games=3)
    for size in (len(tempo), 1000, 97, 13):
        chunks = (tempo.iloc[i:i + size] for i in range(0, len(tempo), size))
        got = M.tempo_curves(chunks, metrics, min_games=3)
        pd.testing.assert_frame_equal(got[list(expected.columns)], expected, check_exact=True, check_dtype=False)
    head = tempo.iloc[:600]  # one row a chunk, on a part of the table (a chunk costs the same whatever its size)
    expected = _pandas_tempo(head, metrics, min_games=3)
    got = M.tempo_curves((head.iloc[i:i + 1] for i in range(len(head))), metrics, min_games=3)
    pd.testing.assert_frame_equal(got[list(expected.columns)], expected, check_exact=True, check_dtype=False)


def test_card_stats_read_in_chunks_equal_the_whole_table() -> None:
    """Every card figure is a count or a sum of whole numbers: chunks of any size give the same table, groups
    in the same order (the first row of each), names from the first row that has one."""
    rng = np.random.default_rng(5)
    rows = []
    for game in range(300):
        for seat, deck in enumerate(rng.choice(["A", "B", "C"], 2)):
            for card in rng.choice([f"X{i}" for i in range(12)], 6, replace=False):
                drawn = int(rng.integers(0, 3))
                played = int(rng.integers(0, drawn + 1))
                rows.append({"game_id": game, "seat": seat, "deck": deck, "card_id": card,
                             "card_name": None if rng.random() < 0.1 else f"Card {card}",
                             "copies": int(rng.integers(1, 4)), "drawn": drawn,
                             "in_opening_hand": int(rng.integers(0, drawn + 1)), "played": played,
                             "first_turn_played": int(rng.integers(1, 20)) if played else None,
                             "result": str(rng.choice(["win", "loss", "draw", "error"], p=[.45, .45, .05, .05]))})
    cards = cards_frame(rows)
    n_players = pd.Series(rng.integers(2, 5, 300), index=range(300))
    whole = M.card_stats(cards, n_players, min_sample=5)
    for size in (1000, 61, 7):
        chunked = M.card_stats((cards.iloc[i:i + size] for i in range(0, len(cards), size)), n_players,
                               min_sample=5)
        pd.testing.assert_frame_equal(chunked, whole, check_exact=True)
    head = cards.iloc[:400]  # one row a chunk, on a part of the table (a chunk costs the same whatever its size)
    single = M.card_stats((head.iloc[i:i + 1] for i in range(len(head))), n_players, min_sample=5)
    pd.testing.assert_frame_equal(single, M.card_stats(head, n_players, min_sample=5), check_exact=True)


# --- cards ----------------------------------------------------------------------------------------------------

def _card_rows() -> pd.DataFrame:
    """Six games of deck A with card X (2 copies):
    g0 drawn 1 (in the opening hand), played turn 3, win; g1 drawn 2 (later), played turn 5, win; g2 not drawn,
    loss; g3 drawn 1 (later), loss; g4 not drawn, win; g5 not drawn, draw; g6 an error (left out)."""
    spec = [(1, 1, 1, 3, "win"), (2, 0, 1, 5, "win"), (0, 0, 0, None, "loss"), (1, 0, 0, None, "loss"),
            (0, 0, 0, None, "win"), (0, 0, 0, None, "draw"), (2, 2, 2, 1, "error")]
    return cards_frame([{"game_id": i, "deck": "A", "card_id": "X", "card_name": "Card X", "copies": 2,
                         "drawn": d, "in_opening_hand": oh, "played": p, "first_turn_played": ft, "result": r}
                        for i, (d, oh, p, ft, r) in enumerate(spec)])


def test_card_stats_by_hand() -> None:
    """GP 6 games, 3.5 points -> 58.3%. OH: g0 -> 1 game, 100%. GD (drawn after the opening hand): g1, g3 -> 50%.
    GIH: g0, g1, g3 -> 2 of 3 = 66.7%. GNS: g2, g4, g5 -> 1.5 of 3 = 50%. IWD = 66.7 - 50 = +16.7 points.
    Played: g0, g1 -> 100%, mean first turn (3 + 5) / 2 = 4."""
    row = M.card_stats(_card_rows(), min_sample=3).iloc[0]
    assert (row["gp"], row["gp_wr"]) == (6, approx(3.5 / 6))
    assert (row["oh"], row["oh_wr"]) == (1, approx(1.0))
    assert (row["gd"], row["gd_wr"]) == (2, approx(0.5))
    assert (row["gih"], row["gih_wr"]) == (3, approx(2 / 3))
    assert (row["gns"], row["gns_wr"]) == (3, approx(0.5))
    assert row["iwd"] == approx(1 / 6)
    assert (row["played"], row["played_wr"], row["mean_turn_played"]) == (2, approx(1.0), approx(4.0))
    d, lo, hi = stats.newcombe_interval(2, 3, 1.5, 3)
    assert (row["iwd_low"], row["iwd_high"]) == (approx(lo), approx(hi))
    # small-sample flags against the threshold
    assert not row["gih_small"] and not row["gns_small"] and not row["small"]
    assert row["gd_small"] and row["oh_small"]
    assert M.card_stats(_card_rows()).iloc[0]["small"]  # the default threshold, 50 games


def test_card_stats_multiplayer_draw_points() -> None:
    cards = cards_frame([{"game_id": 0, "deck": "A", "card_id": "X", "drawn": 1, "result": "draw"}])
    row = M.card_stats(cards, pd.Series({0: 4})).iloc[0]
    assert row["gih_wr"] == approx(0.25)


def test_an_all_lose_game_and_a_stopped_game_in_the_long_table_and_the_seat_table() -> None:
    """Four two-player eva games: A wins g0, B wins g1, g2 is humanity destroyed (both lose), g3 stopped at the
    decision limit. Seat 0 (A, B, A, B): W, L, L, stopped -> 1 of 3, 33.3%. The three games with a result handed
    out 2 points: the fair share is 2/3 / 2 = 33.3%, so seat 0's advantage is 0 (against 1/2 it would be -16.7
    points). The stopped game is in no rate: seat 0 has 3 games, not 4."""
    rows = [{"decks": ["A", "B"], "winner": 0, "reason": "hokan", "turns": 10},
            {"decks": ["B", "A"], "winner": 1, "reason": "hokan", "turns": 10},
            {"decks": ["A", "B"], "winner": None, "reason": "humanity_destroyed", "turns": 10},
            {"decks": ["B", "A"], "winner": None, "reason": "decision_limit", "turns": 10}]
    long = M.seat_results(games_frame(rows, game="eva"))
    assert long["result"].tolist() == ["win", "loss", "loss", "win", "loss", "loss", "stopped", "stopped"]
    assert long["ending"].tolist()[4:] == ["all_lose", "all_lose", "stopped", "stopped"]
    seat0 = M.seat_advantage(long).set_index("seat").loc[0]
    assert (seat0["games"], seat0["win_rate"]) == (3, pytest.approx(1 / 3))
    assert (seat0["fair"], seat0["advantage"]) == (pytest.approx(1 / 3), pytest.approx(0.0, abs=1e-12))


def test_a_stopped_game_is_left_out_of_the_mulligan_figures() -> None:
    """A took a mulligan in both games: a win (g0) and a decision-limit stop (g1). Its mulligan games are 1 (the
    stop is no result), its win rate after a mulligan 100%; counting the stop would say 2 games."""
    games = games_frame([{"decks": ["A", "B"], "winner": 0, "reason": "mana_12", "turns": 10},
                         {"decks": ["A", "B"], "winner": None, "reason": "decision_limit", "turns": 10}])
    games["mulligans_0"] = pd.array([1, 1], dtype="Int8")
    games["mulligans_1"] = pd.array([0, 0], dtype="Int8")
    table = M.mulligan_table(games, M.seat_results(games)).set_index("deck")
    assert (table.loc["A", "games"], table.loc["A", "mulligans"], table.loc["A", "after_wr"]) == (1, 1, 1.0)
