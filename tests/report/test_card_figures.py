"""Card figures a designer can trust (issue 16): play rate, the dead-card flag, IWD against the deck's median
card and adjusted for game length, entered play, mulligans; all on constructed tables with hand-worked values."""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd
import pytest

from tcgsim import stats
from tcgsim.report import metrics as M
from tcgsim.report.data import RunData
from tcgsim.report.tables import build_tables
from tests.report.synth import cards_frame, games_frame


def approx(x: float) -> object:
    return pytest.approx(x, rel=1e-9, abs=1e-12)


def _rows(deck: str, card: str, spec: list[tuple[int, int, str]], start: int = 0, **extra: Any
          ) -> list[dict[str, Any]]:
    """One row per game from (drawn, played, result), game ids from `start`."""
    return [{"game_id": start + i, "deck": deck, "card_id": card, "card_name": card, "drawn": d, "played": p,
             "result": r, **extra} for i, (d, p, r) in enumerate(spec)]


def test_play_rate_and_dead_flag_by_hand() -> None:
    """X held in 40 games, played in 1: play rate 2.5% < 5% -> dead. Y held in 40, played in 2: exactly 5%, not
    under it -> live. Z held in 39, played in none: too few games to call -> live. The threshold is the one
    tests/dead_cards.py uses."""
    rows = (_rows("A", "X", [(1, 1, "win")] + [(1, 0, "loss")] * 39 + [(0, 0, "win")] * 10)
            + _rows("A", "Y", [(1, 1, "win")] * 2 + [(1, 0, "loss")] * 38 + [(0, 0, "win")] * 10)
            + _rows("A", "Z", [(1, 0, "loss")] * 39 + [(0, 0, "win")] * 11))
    out = M.card_stats(cards_frame(rows)).set_index("card_id")
    assert out.loc["X", "play_rate"] == approx(1 / 40)
    assert out.loc["Y", "play_rate"] == approx(2 / 40)
    assert out.loc["Z", "play_rate"] == approx(0.0)
    lo, hi = stats.wilson_interval(1, 40)
    assert (out.loc["X", "play_low"], out.loc["X", "play_high"]) == (approx(lo), approx(hi))
    assert out["dead"].to_dict() == {"X": True, "Y": False, "Z": False}
    from tests.dead_cards import DEAD, HELD_GAMES
    assert (HELD_GAMES, DEAD) == (stats.DEAD_HELD_GAMES, stats.DEAD_PLAY_RATE)


def test_iwd_relative_to_the_deck_median_card() -> None:
    """Deck A, 4 games each way: P (held: 3 wins of 4; not seen 1 of 4) IWD +50; Q (2/4 vs 2/4) 0; R (1/4 vs
    3/4) -50. The median of +50, 0, -50 is 0, so vs median = IWD; adding S
    (4/4 vs 0/4, +100) moves the median to +25: P +25, Q -25, R -75, S +75."""
    w, lo = "win", "loss"
    rows = (_rows("A", "P", [(1, 1, w)] * 3 + [(1, 1, lo)] + [(0, 0, w)] + [(0, 0, lo)] * 3)
            + _rows("A", "Q", [(1, 1, w)] * 2 + [(1, 1, lo)] * 2 + [(0, 0, w)] * 2 + [(0, 0, lo)] * 2)
            + _rows("A", "R", [(1, 1, w)] + [(1, 1, lo)] * 3 + [(0, 0, w)] * 3 + [(0, 0, lo)]))
    out = M.card_stats(cards_frame(rows)).set_index("card_id")
    assert out["iwd"].to_dict() == {"P": approx(0.5), "Q": approx(0.0), "R": approx(-0.5)}
    assert out["iwd_rel"].to_dict() == {"P": approx(0.5), "Q": approx(0.0), "R": approx(-0.5)}
    rows += _rows("A", "S", [(1, 1, w)] * 4 + [(0, 0, lo)] * 4)
    out = M.card_stats(cards_frame(rows)).set_index("card_id")
    assert out["iwd_rel"].to_dict() == {"P": approx(0.25), "Q": approx(-0.25), "R": approx(-0.75),
                                        "S": approx(0.75)}


def test_iwd_adjusted_for_game_length_by_hand() -> None:
    """80 games, 40 short (10 turns) and 40 long (30 turns), the length quintiles' edges 10 and 30.

    Card L is drawn in long games, which the deck wins: short, held 10 games at 20%, not seen 30 at 20%; long,
    held 30 at 80%, not seen 10 at 80%. Plain IWD: GIH 26/40 = 65% - GNS 14/40 = 35% = +30 points; within each
    length there is no difference, so the adjusted IWD is 0.

    Card M: short, held 10 at 50%, not seen 30 at 20% (d = .3, weight 10*30/40 = 7.5); long, held 30 at 90%, not
    seen 10 at 80% (d = .1, weight 7.5): adjusted (7.5*.3 + 7.5*.1) / 15 = +20 points, standard error
    sqrt(7.5^2 (.25/10 + .16/30) + 7.5^2 (.09/30 + .16/10)) / 15."""
    turns = pd.Series([10] * 40 + [30] * 40, index=range(80))

    def games(held: int, held_wins: int, unseen: int, unseen_wins: int) -> list[tuple[int, int, str]]:
        return ([(1, 1, "win")] * held_wins + [(1, 1, "loss")] * (held - held_wins)
                + [(0, 0, "win")] * unseen_wins + [(0, 0, "loss")] * (unseen - unseen_wins))

    rows = (_rows("A", "L", games(10, 2, 30, 6)) + _rows("A", "L", games(30, 24, 10, 8), start=40)
            + _rows("A", "M", games(10, 5, 30, 6)) + _rows("A", "M", games(30, 27, 10, 8), start=40))
    out = M.card_stats(cards_frame(rows), turns=turns).set_index("card_id")
    assert out.loc["L", "iwd"] == approx(0.65 - 0.35)
    assert out.loc["L", "iwd_adj"] == approx(0.0)
    assert out.loc["M", "iwd_adj"] == approx(0.2)
    se = np.sqrt(7.5 ** 2 * (0.25 / 10 + 0.16 / 30) + 7.5 ** 2 * (0.09 / 30 + 0.16 / 10)) / 15
    assert out.loc["M", "iwd_adj_se"] == approx(se)
    assert out.loc["M", "iwd_adj_low"] == approx(0.2 - stats.Z95 * se)
    # without game lengths there is one stratum: the adjusted figure is the plain difference
    assert M.card_stats(cards_frame(rows)).set_index("card_id").loc["L", "iwd_adj"] == approx(0.3)


def test_a_card_never_in_hand_has_entered_figures_not_not_seen() -> None:
    """A character (never drawn, entered play in 30 of 40 games) gets no GNS, IWD or play rate; a card searched
    onto the field in a game is seen in it, so that game is not in its GNS."""
    rows = [{**r, "entered_play": 1 if r["game_id"] < 30 else 0}
            for r in _rows("A", "C", [(0, 0, "win")] * 20 + [(0, 0, "loss")] * 20)]
    rows += [{**r, "entered_play": r["played"] + (1 if r["game_id"] == 2 else 0)}
             for r in _rows("A", "S", [(1, 1, "win"), (0, 0, "win"), (0, 0, "loss"), (0, 0, "loss")])]
    frame = cards_frame(rows).assign(entered_play=[r["entered_play"] for r in rows])
    out = M.card_stats(frame).set_index("card_id")
    c = out.loc["C"]
    assert not c["holdable"] and c["gns"] == 0 and np.isnan(c["gns_wr"]) and np.isnan(c["iwd"])
    assert np.isnan(c["play_rate"]) and np.isnan(c["iwd_adj"])
    assert (c["entered"], c["entered_wr"]) == (30, approx(20 / 30))
    s = out.loc["S"]
    assert s["holdable"] and (s["gih"], s["gns"], s["entered"]) == (1, 2, 2)  # game 2 was seen: on the field
    assert s["gns_wr"] == approx(0.5)


def _run(games: pd.DataFrame, cards: pd.DataFrame) -> RunData:
    tempo = pd.DataFrame({"game_id": pd.Series(dtype="int64"), "turn": pd.Series(dtype="int32"),
                          "seat": pd.Series(dtype="int8"), "deck": pd.Series(dtype="string")})
    return RunData(games, tempo, cards, {}, path=None)


def test_findings_never_name_a_dead_card_as_a_bad_card() -> None:
    """Deck A loses every game in which it holds Dud or Drag (they sit in the same hands). Drag is played in
    those games, Dud never: only Drag is named; Dud gets no IWD verdict."""
    n = 200
    games = games_frame([{"decks": ["A", "B"], "winner": 1 if i % 2 == 0 else 0, "reason": "mana_12",
                          "turns": 20} for i in range(n)])
    rows = []
    for i in range(n):
        held = i % 2 == 0
        result = "loss" if held else "win"
        rows.append({"game_id": i, "deck": "A", "card_id": "Dud", "card_name": "Dud", "drawn": int(held),
                     "played": 0, "result": result})
        rows.append({"game_id": i, "deck": "A", "card_id": "Drag", "card_name": "Drag", "drawn": int(held),
                     "played": int(held), "result": result})
    t = build_tables(_run(games, cards_frame(rows)))
    named = [n.plain for n in t.notes if n.topic == "cards"]
    assert any("Drag" in s for s in named)
    assert not any("Dud" in s for s in named)
    dud = t.cards.set_index("card_id").loc["Dud"]
    assert dud["dead"] and dud["iwd"] == approx(-1.0)  # the figure is kept, the verdict withheld
    from tcgsim.report.render import DEAD_TEXT, build_document, to_markdown
    assert DEAD_TEXT in to_markdown(build_document(t, {}))


def test_mulligan_rate_and_win_rate_after_a_mulligan() -> None:
    """A takes a mulligan in games 0-3 (wins 0 and 1), keeps in 4-9 (wins 4); B never mulligans. Mulligan rate
    of A 4/10, after one 2/4 = 50%, kept 1/6."""
    games = games_frame([{"decks": ["A", "B"], "winner": 0 if i in (0, 1, 4) else 1, "reason": "mana_12",
                          "turns": 12} for i in range(10)])
    games["mulligans_0"] = pd.array([1 if i < 4 else 0 for i in range(10)], dtype="Int8")
    games["mulligans_1"] = pd.array([0] * 10, dtype="Int8")
    long = M.seat_results(games)
    out = M.mulligan_table(games, long).set_index("deck")
    a = out.loc["A"]
    assert (a["games"], a["mulligans"], a["mulligan_rate"]) == (10, 4, approx(0.4))
    assert (a["after_wr"], a["kept_wr"]) == (approx(0.5), approx(1 / 6))
    assert (a["after_low"], a["after_high"]) == tuple(approx(x) for x in stats.wilson_interval(2, 4))
    assert out.loc["B", "mulligans"] == 0 and np.isnan(out.loc["B", "after_wr"])
    # a game whose rules have no mulligan: null columns, no table
    games["mulligans_0"] = pd.array([None] * 10, dtype="Int8")
    games["mulligans_1"] = pd.array([None] * 10, dtype="Int8")
    assert M.mulligan_table(games, long).empty
