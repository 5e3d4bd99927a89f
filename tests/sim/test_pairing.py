"""Deals keyed by deck (issue 16): each deck is dealt by its matchup position and the rotation, not its seat,
so an unchanged deck gets the same deals in another run of the plan, and every game of a pair is dealt afresh;
a first player the rules leave to chance falls to the same seat in every rotation, so each deck moves first
exactly once per pair; mirror pairs are two different games; a run's game replays through
`tcgsim play --rotation`."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from typer.testing import CliRunner

from tcgsim.agents import default_agent, make_agent
from tcgsim.cli import app
from tcgsim.decks import Deck, read_deck
from tcgsim.engine import Game, State, deal_rng, play_game
from tcgsim.games import get_game
from tcgsim.games.godzilla.options import FirstPlayer, GzOptions
from tcgsim.report.tables import build_tables
from tcgsim.sim import matchups
from tcgsim.sim.seeds import GamePlan, game_seed, rotation_seats

REPO = Path(__file__).resolve().parents[2]
GAME_KEYS = ("mana", "godzilla", "eva", "eva-short")
PAIRS = 20


def bundled(game: str) -> list[Path]:
    return sorted((REPO / "decks" / game).iterdir())


def decks_of(game: str, n: int) -> list[Deck]:
    return [read_deck(path) for path in bundled(game)[:n]]


def players_of(game: str) -> tuple[int, ...]:
    """Every player count to check: eva is played by 2-4."""
    cls = get_game(game).game_class()
    return tuple(range(cls.min_players, cls.max_players + 1))


def make(game: str, decks: Sequence[Deck], seed: int, rotation: int, options: Any = None,
         deal_round: int | None = None) -> Game:
    """The game of rotation `rotation` of a pair, as a run makes it: seat s holds matchup position (s + r) % n,
    dealt by that position, in deal round r (`deal_round` set: that round instead, to see the deal key alone)."""
    n = len(decks)
    seats = rotation_seats(n, rotation)
    game_class: Any = get_game(game).game_class()
    made: Game = game_class([decks[pos] for pos in seats], seed, options, seats,
                            rotation if deal_round is None else deal_round)
    return made


def library(state: State, seat: int) -> list[str]:
    """The seat's hand and deck as card ids, in order: the whole deal of its deck after the setup."""
    p: Any = state.players[seat]  # type: ignore[attr-defined]
    cards: Any = state.cards  # type: ignore[attr-defined]
    return [cards[u].id for u in (*p.hand, *p.deck)]


def opening(state: State, seat: int) -> tuple[list[str], Any]:
    """The seat's opening hand (after any setup redraw) as sorted card ids, and its deck generator's state (the
    order of the rest of its deck and of its later shuffles)."""
    p: Any = state.players[seat]  # type: ignore[attr-defined]
    cards: Any = state.cards  # type: ignore[attr-defined]
    held: Any = state.hand_turn  # type: ignore[attr-defined]
    return sorted(cards[u].id for u in p.hand if held[u] == 0), state.deck_rng(seat).getstate()


@pytest.mark.parametrize("game", ("mana", "eva", "eva-short"))
def test_a_deck_is_dealt_by_its_deal_key_whatever_its_seat(game: str) -> None:
    """The setup of these games deals without a decision: with the same deal key and round, every deck's opening
    hand and its generator are the same whichever seat it sits in (before deals were keyed by deck the first
    seat's deck was shuffled first from the one generator). mana and eva-short deal nothing more before the first
    decision: there the whole library matches, card for card. This is what gives an unchanged deck the same deals
    in two runs of one plan (`tcgsim compare`)."""
    for n in players_of(game):
        decks = decks_of(game, n)
        for pair in range(PAIRS):
            seed = game_seed(16, 0, pair)
            deals = []
            for rotation in range(n):
                state = make(game, decks, seed, rotation, deal_round=0).new_initial_state()
                seats = rotation_seats(n, rotation)
                look = opening if game == "eva" else library
                deals.append({seats[seat]: look(state, seat) for seat in range(n)})
            assert all(d == deals[0] for d in deals), (game, n, pair)


@pytest.mark.parametrize("game", GAME_KEYS)
def test_a_seat_keeps_its_deal_in_every_rotation_of_a_pair(game: str) -> None:
    """As a run plans them (GamePlan, PlannedGame.deals and .deal_round), every game of a pair gives each seat the
    same deal generator whichever deck sits there, so the luck of the deal stays with the seat and cancels
    between the decks (GODZILLA rho -0.29, docs/statistics.md); a mirror pair's rotations are dealt afresh."""
    plan = GamePlan.build(16, [(0, 1), (0, 0)], 2 * PAIRS)
    by_matchup: dict[int, list[list[Any]]] = {0: [], 1: []}
    decks = decks_of(game, 2)
    for planned in (g for task in plan.tasks() for g in plan.games_of(task)):
        made: Any = get_game(game).game_class()([decks[i] for i in planned.seats], planned.seed, None,
                                               planned.deals, planned.deal_round)
        # what each seat's deck generator starts from (engine.deal_rng of the game's keys: State._seed_rngs)
        by_matchup[planned.matchup_id].append(
            [deal_rng(made.seed, made.deals[s], made.deal_round).getstate() for s in range(2)])
    two = by_matchup[0]
    assert all(two[i] == two[i + 1] for i in range(0, len(two), 2))  # both rotations of a pair: the same deals
    assert two[0] != two[2]  # another pair, another deal
    mirror = by_matchup[1]
    assert all(mirror[i] != mirror[i + 1] for i in range(0, len(mirror), 2))


def test_godzilla_decks_are_dealt_by_their_deal_key_in_both_seats() -> None:
    """GODZILLA shuffles after the first placements (GZ-SETUP-10): with the same placements, deal key and round,
    each deck's shuffled deck is the same in either seat."""
    decks = decks_of("godzilla", 2)
    same = 0
    for pair in range(PAIRS):
        seed = game_seed(16, 0, pair)
        shuffled = []
        for rotation in range(2):
            state: Any = make("godzilla", decks, seed, rotation, deal_round=0).new_initial_state()
            while state.initial_done == [False, False] and state.players[0].hand == [] and not state.is_terminal:
                state.apply(state.legal_actions()[0])  # the same placements in both games: the first legal one
            seats = rotation_seats(2, rotation)
            shuffled.append({seats[seat]: library(state, seat) for seat in range(2)})
        same += shuffled[0] == shuffled[1]
    assert same == PAIRS


@pytest.mark.parametrize("game", GAME_KEYS)
def test_eva_setup_7_eva_short_7_the_first_mover_is_one_seat_per_pair_so_each_deck_moves_first_once(game: str) -> None:
    """EVA-SETUP-7 and EVA-SHORT-7 draw the first player from the table's generator, seeded by the game seed
    alone; mana's seat 0 moves first (MANA-SETUP-1), as does GODZILLA's by default (GZ-SETUP-1, also checked
    with first_player=random). So within a pair the same seat moves first in every rotation, and each deck
    position moves first exactly once per pair."""
    settings: list[Any] = [None]
    if game == "godzilla":
        settings.append(GzOptions(first_player=FirstPlayer.RANDOM))
    for options in settings:
        for n in players_of(game):
            decks = decks_of(game, n)
            first_seats = set()
            for pair in range(PAIRS):
                seed = game_seed(16, 1, pair)
                firsts = [make(game, decks, seed, r, options).new_initial_state().first_seat for r in range(n)]
                assert len(set(firsts)) == 1, (game, n, pair, firsts)
                movers = sorted(rotation_seats(n, r)[firsts[r]] for r in range(n))
                assert movers == list(range(n)), (game, n, pair, movers)
                first_seats.add(firsts[0])
            if game.startswith("eva") or options is not None:
                assert len(first_seats) > 1, "chosen at random: more than one seat over 20 pairs"


@pytest.mark.parametrize("game", GAME_KEYS)
def test_the_two_games_of_a_mirror_pair_differ(game: str) -> None:
    """A deck against itself: the swapped game deals the two copies the other way round, so it is another game
    (before the change the swapped game replayed the first action for action)."""
    deck = decks_of(game, 1)[0]
    style = deck.ai or default_agent(game)
    agents = [make_agent(game, style), make_agent(game, style)]
    for pair in range(PAIRS):
        seed = game_seed(16, 2, pair)
        logs = [play_game(make(game, [deck, deck], seed, r), agents).actions for r in range(2)]
        assert logs[0] != logs[1], (game, pair)


@pytest.mark.parametrize("game", ("mana", "eva-short"))
def test_a_runs_game_replays_through_play_with_its_rotation(game: str, tmp_path: Path) -> None:
    """docs/results.md: `tcgsim play` with the row's decks in seat order, its seed and its rotation replays it."""
    paths = bundled(game)[:2]
    run = matchups([str(p) for p in paths], games=6, seed=3, workers=1, out=tmp_path / "run")
    by_key = {d["key"]: d["path"] for d in run.meta["decks"]}
    runner = CliRunner()
    rows = run.games.to_dict("records")
    assert {r["rotation"] for r in rows} == {0, 1}
    for row in rows:
        events = tmp_path / f"{row['game_id']}.jsonl"
        args = ["play", by_key[row["deck_0"]], by_key[row["deck_1"]], "--seed", str(row["game_seed"]),
                "--rotation", str(row["rotation"]), "--quiet", "--events", str(events)]
        result = runner.invoke(app, args)
        assert result.exit_code == 0, result.stdout
        end = [json.loads(line) for line in events.read_text(encoding="utf-8").splitlines()][-1]
        assert end["kind"] == "game_end"
        winner = None if row["winner_seat"] is None or row["winner_seat"] != row["winner_seat"] \
            else int(row["winner_seat"])
        assert (end["winner"], end["reason"], end["turns"]) == (winner, row["reason"], row["turns"]), row


def test_the_games_table_records_the_first_seat(tmp_path: Path) -> None:
    """games.parquet `first_seat`: eva-short chooses it at random, one seat for both games of a pair, so each
    deck moves first in exactly one game of its pair."""
    run = matchups([str(p) for p in bundled("eva-short")[:2]], games=40, seed=4, workers=1, out=tmp_path / "r")
    games = run.games
    assert str(games["first_seat"].dtype) == "Int8"
    assert games["first_seat"].nunique() == 2
    for _, pair in games.groupby("pair"):
        assert pair["first_seat"].nunique() == 1
        movers = {row[f"deck_{int(row['first_seat'])}"] for row in pair.to_dict("records")}
        assert len(movers) == 2
    # the report's play/draw split follows first_seat, not seat 0
    tables = build_tables(tmp_path / "r")
    moved = pd.Series([row[f"deck_{int(row['first_seat'])}"] for row in games.to_dict("records")])
    on_play = tables.deck_seat[tables.deck_seat["seat"] == 0].set_index("deck")["games"]
    assert on_play.to_dict() == moved.value_counts().to_dict() == {d: 20 for d in moved.unique()}
    wins_on_play = sum(int(row["winner_seat"]) == int(row["first_seat"]) for row in games.to_dict("records")
                       if row["winner_seat"] == row["winner_seat"] and row["winner_seat"] is not None)
    assert int(tables.seat.loc[tables.seat["seat"] == 0, "wins"].iloc[0]) == wins_on_play
    won_first = moved[[row["winner_deck"] == moved[i] for i, row in enumerate(games.to_dict("records"))]]
    deck_wins = tables.deck_seat[tables.deck_seat["seat"] == 0].set_index("deck")["wins"].to_dict()
    assert deck_wins == won_first.value_counts().reindex(list(deck_wins), fill_value=0).to_dict()
    split = tables.matchup_play
    assert sorted(split["seat"]) == [0, 0, 1, 1] and set(split["games"]) == {20}
