"""The calibration script of issue 17 (tests/calibration.py): the rows of a few real games hold together, the same
seed gives the same figures whatever the workers, and the aggregation gives the exact figures of hand-made
records."""

from __future__ import annotations

import json
import math

import pytest

from tcgsim.bench import bundled_decks
from tcgsim.cards import bundled_pool
from tcgsim.stats import wilson_interval
from tests.calibration import (
    EVA_PLANS,
    GODZILLA_PLANS,
    REASONS,
    SEED_WINS,
    SHORT_PLANS,
    GameRecord,
    Target,
    main,
    measure,
    plans,
    run,
    targets,
    win_rate_band,
)
from tests.conftest import bundled_with_one_over_its_limit

RUNS = {"godzilla": (2, 10), "eva-short": (2, 8), "eva": (2, 10)}  # game: (players, games)


@pytest.fixture(scope="module", params=sorted(RUNS))
def measured(request: pytest.FixtureRequest) -> tuple[str, list[GameRecord], list[Target]]:
    game = request.param
    players, games = RUNS[game]
    from tcgsim.agents import default_agent

    records = measure(game, games, default_agent(game), players, seed=3)
    return game, records, targets(game, players, records, [d.name for d in bundled_decks(game)])


def by_id(rows: list[Target]) -> dict[str, Target]:
    ids = [t.id for t in rows]
    assert len(ids) == len(set(ids)), "target ids are unique"
    return {t.id: t for t in rows}


def test_records_come_in_game_order_and_seat_the_bundled_decks(measured: tuple) -> None:
    game, records, _ = measured
    names = {d.name for d in bundled_decks(game)}
    assert [r.index for r in records] == list(range(len(records)))
    for r in records:
        assert len(set(r.decks)) == len(r.decks) and set(r.decks) <= names  # different decks, never a mirror


def test_win_condition_shares_cover_every_game(measured: tuple) -> None:
    game, records, rows = measured
    ends = [t for t in rows if ".win_condition." in t.id]
    assert {t.id.rsplit(".", 1)[1] for t in ends} >= set(REASONS[game])
    assert sum(t.count for t in ends) == len(records)
    assert math.isclose(sum(t.value for t in ends), 1.0)
    for t in ends:
        assert (t.met is None) == (t.id.rsplit(".", 1)[1] not in SEED_WINS[game])


def test_every_bundled_deck_has_a_plan_row_and_a_win_rate_row(measured: tuple) -> None:
    game, records, rows = measured
    ids = by_id(rows)
    plan = "plan_card" if game == "godzilla" else "plan"
    for deck in bundled_decks(game):
        assert f"{game}.{plan}.{deck.name}" in ids
        assert f"{game}.win_rate.{deck.name}" in ids
    seats = sum(t.n for t in rows if ".win_rate." in t.id)
    stopped = sum(1 for r in records if r.reason == "decision_limit")
    assert seats == sum(len(r.decks) for r in records if r.reason != "decision_limit")
    assert stopped == 0 or seats < sum(len(r.decks) for r in records)


def test_every_rate_lies_in_its_interval_and_met_is_a_bool_where_there_is_a_target(measured: tuple) -> None:
    game, _, rows = measured
    for t in rows:
        if t.value is None:
            assert t.n == 0 and t.low is None and t.high is None
            continue
        assert t.low is not None and t.high is not None
        assert t.low <= t.value <= t.high, t
        if not t.id.endswith(".median_turns"):
            assert 0 <= t.low <= t.high <= 1
            assert (t.low, t.high) == pytest.approx(wilson_interval(t.count, t.n))
        assert t.met in (True, False, None)
    if game == "eva":
        assert {"eva.median_turns", "eva.hurt_in_hokan", "eva.angel_losses"} <= set(by_id(rows))
    if game == "godzilla":
        assert "godzilla.stalls" in by_id(rows)


def test_the_same_seed_gives_the_same_json_with_one_or_two_workers() -> None:
    one = run("godzilla", 6, players=2, seed=5, workers=1, fmt="json")
    two = run("godzilla", 6, players=2, seed=5, workers=2, fmt="json")
    assert one == two
    data = json.loads(one)
    assert {"game", "players", "ai", "games", "seed", "targets"} <= set(data)
    assert all({"id", "what", "target", "value", "n", "low", "high", "met"} <= set(t) for t in data["targets"])
    assert run("godzilla", 6, players=2, seed=6, workers=1, fmt="json") != one


def test_the_eva_figures_of_hand_made_records() -> None:
    ck, gs, rb, rm, sl = sorted(EVA_PLANS)  # Commander Katsuragi, Gendo's Scenario, Rei's Bonds, Ritsuko's, Shinji's
    records = [
        GameRecord(0, (ck, gs), 0, "hokan", 10, stages=2, stages_hurt=1, battles=3, battles_lost=1),
        GameRecord(1, (gs, ck), 0, "last_standing", 14, battles=2),
        GameRecord(2, (rb, rm), None, "humanity_destroyed", 20, stages=1, stages_hurt=1, battles=1, battles_lost=1),
        GameRecord(3, (rm, sl), None, "turn_limit", 200),
        GameRecord(4, (ck, sl), None, "decision_limit", 7),  # no result: in no win rate
    ]
    t = by_id(targets("eva", 2, records, [ck, gs, rb, rm, sl]))
    median = t["eva.median_turns"]
    assert (median.value, median.n, median.low, median.high, median.met) == (14, 5, 7, 200, True)
    assert (t["eva.hurt_in_hokan"].count, t["eva.hurt_in_hokan"].n, t["eva.hurt_in_hokan"].met) == (2, 3, True)
    assert t["eva.hurt_in_hokan"].value == pytest.approx(2 / 3)
    assert (t["eva.angel_losses"].count, t["eva.angel_losses"].n, t["eva.angel_losses"].met) == (2, 6, True)
    ends = {k.rsplit(".", 1)[1]: (v.count, v.n, v.met) for k, v in t.items() if ".win_condition." in k}
    assert ends == {"hokan": (1, 5, True), "last_standing": (1, 5, True), "humanity_destroyed": (1, 5, True),
                    "all_dropped": (0, 5, None), "turn_limit": (1, 5, None), "decision_limit": (1, 5, None)}
    plan = {k.rsplit(".", 1)[1]: (v.count, v.n, v.value, v.met) for k, v in t.items() if ".plan." in k}
    assert plan == {ck: (1, 1, 1.0, True), gs: (0, 1, 0.0, False), rb: (0, 0, None, False),
                    rm: (0, 0, None, False), sl: (0, 0, None, False)}
    # a win 1, a draw 1/2 each, everyone losing 0 each, the stopped game left out
    rates = {k.rsplit(".", 1)[1]: (v.count, v.n, v.met) for k, v in t.items() if ".win_rate." in k}
    assert rates == {ck: (1, 2, True), gs: (1, 2, True), rb: (0, 1, False), rm: (0.5, 2, False), sl: (0.5, 1, True)}
    assert (t[f"eva.win_rate.{rm}"].low, t[f"eva.win_rate.{rm}"].high) == pytest.approx(wilson_interval(0.5, 2))


def test_the_win_rate_band_is_the_fair_share_scaled() -> None:
    """35-65% in two players (the issue's band); with three, 0.7-1.3 times a third: a deck winning 30% of its
    three-player games is inside it, one winning 20% is not."""
    assert win_rate_band(2) == pytest.approx((0.35, 0.65))
    assert win_rate_band(3) == pytest.approx((0.7 / 3, 1.3 / 3))
    ck, gs, rb, rm, sl = sorted(EVA_PLANS)
    records = [GameRecord(i, (ck, gs, rb), (0, 1, 2, 1, 2, 1, 2, 1, 2, 2)[i], "hokan", 20) for i in range(10)]
    t = by_id(targets("eva", 3, records, [ck, gs, rb, rm, sl]))
    assert (t[f"eva.win_rate.{ck}"].value, t[f"eva.win_rate.{ck}"].met) == (pytest.approx(0.1), False)
    assert (t[f"eva.win_rate.{gs}"].value, t[f"eva.win_rate.{gs}"].met) == (pytest.approx(0.4), True)
    assert (t[f"eva.win_rate.{rb}"].value, t[f"eva.win_rate.{rb}"].met) == (pytest.approx(0.5), False)
    assert t[f"eva.win_rate.{gs}"].target == "23.3%-43.3%"


def test_the_godzilla_figures_of_hand_made_records() -> None:
    bg, gf, gi, ms, sm = sorted(GODZILLA_PLANS)
    records = [
        GameRecord(0, (bg, gf), 0, "bases_destroyed", 9, plan_reached=(True, False)),
        GameRecord(1, (gf, bg), None, "turn_limit", 101, plan_reached=(False, False), open_bases=(5, 6),
                   bases_left=(2, 0), bases_blocked=(2, 0)),
    ]
    t = by_id(targets("godzilla", 2, records, [bg, gf, gi, ms, sm]))
    assert (t["godzilla.win_condition.bases_destroyed"].value, t["godzilla.win_condition.bases_destroyed"].met) \
        == (0.5, True)
    assert (t["godzilla.win_condition.open_bases"].count, t["godzilla.win_condition.open_bases"].met) == (0, False)
    plan = {k.rsplit(".", 1)[1]: (v.count, v.n, v.met) for k, v in t.items() if ".plan_card." in k}
    assert plan == {bg: (1, 2, True), gf: (0, 2, False), gi: (0, 0, False), ms: (0, 0, False), sm: (0, 0, False)}
    stalls = t["godzilla.stalls"]
    assert (stalls.count, stalls.n, stalls.met) == (1, 2, False)
    assert "turn_limit 1, decision_limit 0" in stalls.note and "in 1 of them" in stalls.note
    assert "game 1" in stalls.note and "P1 5 open, 2/2 bases left unplaceable" in stalls.note
    rates = {k.rsplit(".", 1)[1]: (v.count, v.n) for k, v in t.items() if ".win_rate." in k}
    assert rates == {bg: (1.5, 2), gf: (0.5, 2), gi: (0, 0), ms: (0, 0), sm: (0, 0)}


@pytest.mark.parametrize("game", ["godzilla", "eva", "eva-short"])
def test_the_plan_tables_name_every_bundled_deck_and_real_cards_or_reasons(game: str) -> None:
    table = plans(game)
    assert sorted(table) == sorted(d.name for d in bundled_decks(game))
    if game == "godzilla":
        pool = bundled_pool(game)
        stocks = {d.name: {getattr(pool.lookup(e.ref), "name", None) for e in d.entries("stock")}
                  for d in bundled_decks(game)}
        for deck, cards in table.items():
            assert set(cards) <= stocks[deck], deck  # the plan cards are in the deck's stock
    else:
        assert set(table.values()) <= set(SEED_WINS[game])
        assert table is (EVA_PLANS if game == "eva" else SHORT_PLANS)


def test_the_command_prints_the_table_and_exits_0_with_targets_not_met(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["godzilla", "--games", "2", "--workers", "1", "--seed", "1"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("calibration (issue 17): godzilla, 2 players, builder in every seat, 2 games, seed 1")
    assert "godzilla.win_rate.Sea Monsters" in out and ("not met:" in out or "targets met" in out)


def test_the_command_refuses_an_invalid_bundled_deck(monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """A trial deck over a copy limit is refused with the validator's line, not calibrated."""
    name = bundled_with_one_over_its_limit(monkeypatch, "godzilla")
    with pytest.raises(SystemExit) as done:
        main(["godzilla", "--games", "2", "--workers", "1"])
    assert done.value.code == 2
    err = capsys.readouterr().err
    assert "the bundled decks must be valid to calibrate" in err and "COPIES" in err and name in err
