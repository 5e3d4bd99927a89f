"""tcgsim.ranking: the first-choice model against hand-worked values and Bradley-Terry, the bootstrap over deals,
Holm's correction and the statistics the findings are tested with."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pytest

from tcgsim import ranking as R
from tcgsim import stats


def two_player_field(results: dict[tuple[str, str], tuple[int, int, int]], keys: tuple[str, ...],
                     rotations: int = 2) -> tuple[R.Field, np.ndarray, np.ndarray]:
    """A field of two-player games from counts: results[(a, b)] = (wins of a, wins of b, draws), each game its
    own deal played with the seats rotated (`rotations` games of one deal, seats swapped on odd ones; each game's
    result as listed). Returns the field and the Bradley-Terry (points, games) arrays of the same games."""
    decks: list[list[str]] = []
    res: list[list[Any]] = []
    matchup: list[int] = []
    pair: list[int] = []
    for m, ((a, b), (wa, wb, dr)) in enumerate(results.items()):
        outcomes = [("win", "loss")] * wa + [("loss", "win")] * wb + [("draw", "draw")] * dr
        for g, (ra, rb) in enumerate(outcomes):
            swap = g % rotations == 1
            decks.append([b, a] if swap else [a, b])
            res.append([rb, ra] if swap else [ra, rb])
            matchup.append(m)
            pair.append(g // rotations)
    d = np.array(decks, dtype=object)
    r = np.array(res, dtype=object)
    field = R.Field.from_games(keys, d, r, np.full(len(d), 2), matchup, pair)
    _, deck, opp, result = stats.seat_pairs(d, r)
    points, games = stats.Matrix.from_pairs(keys, deck, opp, result).arrays()
    return field, points, games


KEYS3 = ("A", "B", "C")
COUNTS3 = {("A", "B"): (6, 3, 1), ("B", "C"): (7, 2, 1), ("A", "C"): (8, 1, 1)}


def test_first_choice_reduces_to_bradley_terry_in_two_players() -> None:
    field, points, games = two_player_field(COUNTS3, KEYS3)
    pl = R.fit(field)
    bt = stats.bradley_terry(points, games)
    assert pl.rating == pytest.approx(bt.rating, abs=1e-6)
    assert pl.rating_se == pytest.approx(bt.rating_se, rel=1e-6)
    assert not pl.regularised and not bt.regularised


def test_first_choice_reduces_to_bradley_terry_when_regularised() -> None:
    """A never lost: both add one virtual draw per pair and still agree."""
    field, points, games = two_player_field({("A", "B"): (5, 0, 0), ("B", "C"): (3, 2, 0), ("A", "C"): (4, 0, 0)},
                                            KEYS3)
    pl, bt = R.fit(field), stats.bradley_terry(points, games)
    assert pl.regularised and bt.regularised
    assert pl.rating == pytest.approx(bt.rating, abs=1e-6)


def test_three_to_one_hand_worked() -> None:
    """3 wins to 1: s_A / s_B = 3, a gap of 400 log10 3 = 190.85; var(theta_A - theta_B) = 1 / (n p q) = 4/3 and
    each rating is half the gap: SE = 173.72 * sqrt(4/3) / 2 = 100.29."""
    field, _, _ = two_player_field({("A", "B"): (3, 1, 0)}, ("A", "B"))
    pl = R.fit(field)
    assert pl.rating[0] - pl.rating[1] == pytest.approx(400 * math.log10(3))
    assert pl.rating_se[0] == pytest.approx(100.29, abs=0.01)


def test_three_player_first_choice_hand_worked() -> None:
    """Three decks always seated together, winning 6, 3 and 1 of 10 games: the multinomial's maximum likelihood
    is s proportional to the wins, so A - B = 400 log10 2 and B - C = 400 log10 3. Seats rotate: the model sees
    decks, not seats."""
    decks, res = [], []
    for g, winner in enumerate("A" * 6 + "B" * 3 + "C"):
        seat_order = np.roll(["A", "B", "C"], g % 3)
        decks.append(list(seat_order))
        res.append(["win" if x == winner else "loss" for x in seat_order])
    field = R.Field.from_games(KEYS3, np.array(decks, dtype=object), np.array(res, dtype=object), np.full(10, 3),
                               np.zeros(10), np.arange(10) // 3)
    pl = R.fit(field)
    assert pl.rating[0] - pl.rating[1] == pytest.approx(400 * math.log10(2))
    assert pl.rating[1] - pl.rating[2] == pytest.approx(400 * math.log10(3))
    assert len(field.deal_group) == 4  # deals 0..3: the rotations of a deal are one unit


def test_a_game_nobody_scored_in_says_nothing() -> None:
    """An all-lose game (every seat a loss: no points handed out) and a game that raised add nothing."""
    base = [["A", "B", "C"]] * 3
    res = [["win", "loss", "loss"], ["loss", "win", "loss"], ["loss", "loss", "win"]]
    field = R.Field.from_games(KEYS3, np.array(base, dtype=object), np.array(res, dtype=object), np.full(3, 3),
                               np.zeros(3), np.arange(3))
    more = R.Field.from_games(KEYS3, np.array(base + base[:2], dtype=object),
                              np.array(res + [["loss"] * 3, ["error"] * 3], dtype=object), np.full(5, 3),
                              np.zeros(5), np.arange(5))
    assert R.fit(field).rating == pytest.approx(R.fit(more).rating, abs=1e-9)
    assert R.fit(field).rating == pytest.approx(np.zeros(3), abs=1e-9)


def test_holm_hand_worked() -> None:
    """p = 0.01, 0.04, 0.03, 0.005: sorted 0.005 x 4 = 0.02, 0.01 x 3 = 0.03, 0.03 x 2 = 0.06, 0.04 x 1 = 0.04
    made non-decreasing (0.06); NaN is not a test and does not count in m."""
    adjusted = R.holm([0.01, 0.04, 0.03, 0.005, np.nan])
    assert adjusted[:4] == pytest.approx([0.03, 0.06, 0.06, 0.02])
    assert np.isnan(adjusted[4])
    assert R.holm([0.5, 0.9]) == pytest.approx([1.0, 1.0])


@pytest.mark.parametrize(("points", "games", "neutral"), [(60, 100, 0.5), (59, 100, 0.5), (61, 100, 0.5),
                                                           (45.5, 100, 1 / 3), (20, 100, 0.3), (7, 9, 0.5)])
def test_rate_z_rejects_exactly_when_the_wilson_interval_excludes(points: float, games: int, neutral: float) -> None:
    lo, hi = stats.wilson_interval(points, games)
    z = R.rate_z(points, games, neutral)
    assert (abs(z) > stats.Z95) == (lo > neutral or hi < neutral)
    assert R.p_value(z) < 0.05 if abs(z) > stats.Z95 else R.p_value(z) >= 0.05


def test_newcombe_z_is_where_the_interval_touches_zero() -> None:
    z = R.newcombe_z(np.array([60.0, 52.0]), np.array([100.0, 100.0]), np.array([40.0, 50.0]),
                     np.array([100.0, 100.0]))
    for i, (s1, s2) in enumerate([(60.0, 40.0), (52.0, 50.0)]):
        _, lo, _ = stats.newcombe_interval(s1, 100.0, s2, 100.0, z=float(z[i]) * 0.999)
        _, lo2, _ = stats.newcombe_interval(s1, 100.0, s2, 100.0, z=float(z[i]) * 1.001)
        assert lo > 0 > lo2 or z[i] == 0
    assert z[0] > stats.Z95 > z[1] >= 0


def test_one_deck_winning_everything_is_first_in_every_resample() -> None:
    field, _, _ = two_player_field({("A", "B"): (40, 0, 0), ("B", "C"): (20, 20, 0), ("A", "C"): (40, 0, 0)},
                                   KEYS3)
    rp = R.bootstrap(field, seed=1, resamples=200)
    assert rp.rank[0, 0] == 1.0
    assert rp.above[0, 1] == 1.0 and rp.above[0, 2] == 1.0
    assert rp.likely_rank()[0] == 1
    assert R.rank_range(rp.rank[0]) == (1, 1)
    assert rp.regularised == 200  # A never lost: every resample (as the fit) adds the virtual draws


def test_a_symmetric_field_gives_even_probabilities() -> None:
    field, _, _ = two_player_field({p: (50, 50, 0) for p in [("A", "B"), ("B", "C"), ("A", "C")]}, KEYS3)
    rp = R.bootstrap(field, seed=3, resamples=400)
    assert rp.rank == pytest.approx(np.full((3, 3), 1 / 3), abs=0.08)
    off = ~np.eye(3, dtype=bool)
    assert rp.above[off] == pytest.approx(np.full(6, 0.5), abs=0.08)
    assert rp.above + rp.above.T == pytest.approx(1 - np.eye(3))
    assert rp.rank.sum(axis=0) == pytest.approx(np.ones(3)) and rp.rank.sum(axis=1) == pytest.approx(np.ones(3))
    assert [R.rank_range(rp.rank[i]) for i in range(3)] == [(1, 3)] * 3
    # nobody is separated from anybody: all three pairs, in ranking order
    assert len(R.not_separated(rp.above, [0, 1, 2])) == 3


def test_bootstrap_is_deterministic_under_its_seed() -> None:
    field, _, _ = two_player_field(COUNTS3, KEYS3)
    a, b = R.bootstrap(field, seed=11, resamples=120), R.bootstrap(field, seed=11, resamples=120)
    assert np.array_equal(a.rank, b.rank) and np.array_equal(a.above, b.above)
    assert np.array_equal(a.rating_se, b.rating_se)
    c = R.bootstrap(field, seed=12, resamples=120)
    assert not np.array_equal(a.rating_se, c.rating_se)


def test_bootstrap_error_matches_the_information_for_independent_games() -> None:
    """Every game its own deal (rotations=1): the bootstrap's standard error estimates the same thing as the
    information's, within its own noise (400 resamples: about 4% relative)."""
    field, _, _ = two_player_field({("A", "B"): (120, 80, 0), ("B", "C"): (110, 90, 0), ("A", "C"): (130, 70, 0)},
                                   KEYS3, rotations=1)
    rp, pl = R.bootstrap(field, seed=5, resamples=400), R.fit(field)
    assert rp.rating_se == pytest.approx(pl.rating_se, rel=0.15)


def test_not_separated_and_rank_range() -> None:
    above = np.array([[0.0, 0.71, 0.99], [0.29, 0.0, 0.96], [0.01, 0.04, 0.0]])
    assert R.not_separated(above, [0, 1, 2]) == [(0, 1, 0.71), (1, 2, 0.96)]
    assert R.rank_range(np.array([0.7, 0.28, 0.02])) == (1, 2)
    assert R.rank_range(np.array([0.01, 0.98, 0.01])) == (2, 2)
    assert R.rank_range(np.array([0.03, 0.96, 0.01])) == (1, 2)


# --- the report ------------------------------------------------------------------------------------------------

def _report_run(rows: list[dict[str, Any]]) -> Any:
    import pandas as pd

    from tcgsim.report.data import RunData
    from tests.report.synth import games_frame

    tempo = pd.DataFrame({"game_id": pd.Series(dtype="int64"), "turn": pd.Series(dtype="int32"),
                          "seat": pd.Series(dtype="int8"), "deck": pd.Series(dtype="string")})
    cards = pd.DataFrame({c: pd.Series(dtype=t) for c, t in [("game_id", "int64"), ("seat", "int8"),
                                                            ("deck", "string"), ("card_id", "string")]})
    return RunData(games_frame(rows), tempo, cards.iloc[0:0], {"seeds": {"run_seed": 7}}, path=None)


def _matchup(a: str, b: str, m: int, a_wins: int, games: int) -> list[dict[str, Any]]:
    """`games` games of a against b as deals of two (seats swapped), a winning the first `a_wins`."""
    rows = []
    for g in range(games):
        decks = [a, b] if g % 2 == 0 else [b, a]
        winner = decks.index(a) if g < a_wins else decks.index(b)
        rows.append({"decks": decks, "winner": winner, "reason": "mana_12", "turns": 20, "matchup_id": m,
                     "matchup": f"{a} vs {b}", "pair": g // 2, "rotation": g % 2})
    return rows


def test_report_ranking_shows_rank_ranges_and_names_pairs_not_separated() -> None:
    """A and B are even (52 to 48), both beat C 85 to 15: C is third in every resample, A and B share ranks 1-2
    and the report says so in words."""
    from tcgsim.report.render import build_document, to_markdown
    from tcgsim.report.tables import build_tables

    rows = _matchup("A", "B", 0, 52, 100) + _matchup("A", "C", 1, 85, 100) + _matchup("B", "C", 2, 85, 100)
    t = build_tables(_report_run(rows))
    ranking = t.ranking.set_index("deck")
    assert (ranking.loc["C", "rank_low"], ranking.loc["C", "rank_high"]) == (3, 3)
    assert (ranking.loc["A", "rank_low"], ranking.loc["A", "rank_high"]) == (1, 2)
    assert ranking.loc["C", "p_rank"] == pytest.approx([0.0, 0.0, 1.0])
    md = to_markdown(build_document(t, []))
    assert "| rank | deck | rating (95% CI) | most likely rank | rank range |" in md
    assert "| 1 | **A** |" in md and "| 1–2 |" in md and "| 3 | **C** |" in md
    assert "**A** and **B** are not separated: A above in " in md
    assert "**C**" not in md.split("Not separated")[1].split("##")[0]  # C is separated from both


def test_findings_survive_holm_or_are_not_stated() -> None:
    """One matchup, A 60 of 100 games (z = 2.0, p = 0.046: its plain interval excludes 50%), seats even, every
    game by 12 mana: three tests. The ending's p is ~0, so Holm multiplies the matchup's by 2 (0.09): not
    stated; the matchup is called too close instead."""
    from tcgsim.report.tables import build_findings, build_tables

    rows = _matchup("A", "B", 0, 60, 100)
    for g, row in enumerate(rows):  # A wins 30 on the play and 30 on the draw: seat 0 wins exactly half
        a_seat = row["decks"].index("A")
        a_won = (g // 2) < 30
        row["winner"] = a_seat if a_won else 1 - a_seat
    notes, family = build_findings(build_tables(_report_run(rows)))
    assert (family.tested, family.method) == (3, "Holm")
    plain = [n.plain for n in notes]
    assert any("too close to call: 60%" in p for p in plain), plain
    assert not any("wins 60%" in p for p in plain)
    assert any("Most decided games end by 12 mana" in p for p in plain)


def test_at_most_ten_findings_are_stated() -> None:
    """Six decks, each stronger one beating each weaker 80 to 20: 15 matchups and 6 decks all clear, but ten are
    stated, the strongest of each topic in turn, and the text says how many survived."""
    from tcgsim.report.render import build_document, to_markdown
    from tcgsim.report.tables import build_tables

    decks = [f"D{i}" for i in range(6)]
    rows: list[dict[str, Any]] = []
    m = 0
    for i in range(6):
        for j in range(i + 1, 6):
            rows += _matchup(decks[i], decks[j], m, 80, 100)
            m += 1
    t = build_tables(_report_run(rows))
    tested = [n for n in t.notes if n.topic != "seats"]
    assert len(tested) == 10 and t.findings.shown == 10
    assert t.findings.surviving >= 15
    assert {n.topic for n in tested} == {"run", "matchups", "decks"}
    md = to_markdown(build_document(t, []))
    assert f"{t.findings.surviving} survive the correction; 10 are stated" in md
    assert "Holm's step-down" in md
