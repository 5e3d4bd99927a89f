"""The scripted GODZILLA styles: each beats the random agent and the non-suicidal baseline, deterministically,
deciding from its view alone (the generic hidden-information test in tests/test_engine_invariants.py re-deals what
they cannot see); and, on positions where the styles before issue 15 chose badly, their judgement of battle cards,
of waking a monster and of where a monster is placed (where cards stand on the field: test_godzilla_field_ai.py)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from tcgsim.agents import RandomAgent, make_agent
from tcgsim.decks import Deck, read_deck
from tcgsim.engine import play_game
from tcgsim.games.godzilla import actions as A
from tcgsim.games.godzilla.ai import DEFAULT_STYLE, STYLES
from tcgsim.games.godzilla.game import GzGame, GzOptions, GzState
from tcgsim.games.godzilla.options import Draws
from tcgsim.games.godzilla.state import J, Phase
from tcgsim.games.godzilla.winning import WinReason
from tests.conftest import wins_against_random
from tests.games.godzilla_positions import base, mon, mon_id, position, site_id, uid_of
from tests.strength import points

REPO = Path(__file__).resolve().parents[2]
DECKS = [read_deck(p) for p in sorted((REPO / "decks" / "godzilla").iterdir())]


@pytest.mark.parametrize("style", sorted(STYLES))
def test_each_style_beats_random_in_90_percent_of_200_games(style: str) -> None:
    """Mirror matches over every bundled deck, seats alternating, so only the play differs."""
    wins = wins_against_random("godzilla", style, DECKS)
    assert wins >= 180, f"{style} won {wins}/200 against random"


@pytest.mark.parametrize("style", sorted(STYLES))
def test_styles_are_deterministic_given_the_seed(style: str) -> None:
    runs = [play_game(GzGame([DECKS[0], DECKS[1]], 77), [make_agent("godzilla", style),
                                                         make_agent("godzilla", "aggressor")]) for _ in range(2)]
    assert runs[0].actions == runs[1].actions


def test_builder_and_aggressor_play_differently() -> None:
    deck = DECKS[0]
    b = play_game(GzGame([deck, deck], 5), [make_agent("godzilla", "builder"), RandomAgent()])
    a = play_game(GzGame([deck, deck], 5), [make_agent("godzilla", "aggressor"), RandomAgent()])
    assert b.actions != a.actions


def test_the_styles_are_registered() -> None:
    assert set(STYLES) == {"builder", "aggressor"} and DEFAULT_STYLE == "builder"


# ---------------------------------------------------------------------------------------------- issue 15

SAFE_GAMES = 20  # each style against safe-random, seats swapped (tests.strength's pairing of the bundled decks)


@pytest.mark.parametrize("style", sorted(STYLES))
def test_each_style_beats_the_non_suicidal_baseline(style: str) -> None:
    """safe-random never loses at once (plain random closes its own last open base): a style must still take at
    least 85% of the points."""
    won = points("godzilla", style, "safe-random", SAFE_GAMES)
    assert won >= 0.85 * SAFE_GAMES, f"{style}: {won}/{SAFE_GAMES} against safe-random"


def mirror_decks(i: int) -> list[Deck]:
    """Game i of the builder mirrors below: each bundled deck against the next, in both seats."""
    return [DECKS[i // 2], DECKS[(i // 2 + 1) % len(DECKS)]][:: 1 if i % 2 == 0 else -1]


def test_builder_mirror_games_end_before_the_turn_limit() -> None:
    """Builder mirrors once stalled to the turn cap; each bundled deck against the next, both seats, must end by a
    win well within it."""
    for i in range(2 * len(DECKS)):
        decks = mirror_decks(i)
        result = play_game(GzGame(decks, 40_000 + i), [make_agent("godzilla", "builder") for _ in decks])
        assert result.outcome.winner is not None and result.state.turn < GzOptions().turn_limit // 2


def test_gz_win_2_the_builder_opens_with_five_bases_and_never_closes_one() -> None:
    """Why no builder mirror ends by GZ-WIN-2 (issue 17's one unmet target, docs/rules/godzilla.md, "Not met"): a
    row keeps open = opening + opened - closed - destroyed open bases, and a 4th destroyed base ends the game by
    GZ-WIN-1 first, so a row is left with no open base only if its owner closed at least opening - 3 + opened of
    its own. The builder opens with 5 (its best opening, measured there) and closes none."""
    for i in range(2 * len(DECKS)):
        decks = mirror_decks(i)
        opening: dict[int, int] = {}
        closed_bases: list[int] = []

        def watch(state: Any, action: Any, opening: dict[int, int] = opening, closed_bases: list[int] = closed_bases
                  ) -> None:
            if state.phase is Phase.DRAW and not opening:
                opening.update({seat: state.open_bases(seat) for seat in (0, 1)})
            if isinstance(action, A.Close) and state.site(action.target) is not None:
                closed_bases.append(action.target)

        result = play_game(GzGame(decks, 40_000 + i), [make_agent("godzilla", "builder") for _ in decks],
                           on_action=watch)
        assert opening == {0: 5, 1: 5} and closed_bases == []
        assert result.outcome.reason is not WinReason.NO_OPEN_BASE


def choice(state: GzState, style: str, seed: int = 0) -> Any:
    seat = state.current_player
    return make_agent("godzilla", style).choose(state.view(seat), state.legal_actions(), random.Random(seed))


def test_the_aggressor_draws_no_more_battle_cards_than_its_monsters_fight_with() -> None:
    # one monster fights one battle a turn (GZ-INT-3): with two usable battle cards for its one Godzilla, the
    # aggressor (appetite 3) draws from the main deck
    s = position(["Mount Fuji", "Kagoshima"], ["Plain"], [mon("Godzilla 1984", 0, 0)],
                 p0_hand=["Atomic Breath", "Tail Swing"],
                 p0_deck=["Plain", "Plain"], p0_bdeck=["Charge", "Charge"], phase=Phase.DRAW, draws_left=2,
                 options=GzOptions(draws=Draws.ACTIVE))
    assert choice(s, "aggressor") == A.Draw(False)


def test_a_battle_card_no_monster_of_ours_can_use_does_not_count() -> None:
    # three 蟲 battle cards and two 火陸 monsters: none of the cards fights a battle, so the aggressor draws one
    # that may (GZ-BATTLE-6)
    s = position(["Mount Fuji", "Kagoshima", "Mount Mihara"], ["Plain"],
                 [mon("Godzilla 1984", 0, 0), mon("Baragon", 0, 1)],
                 p0_hand=["Venom Sting", "Venom Sting", "Cocoon Guard"], p0_deck=["Plain", "Plain"],
                 p0_bdeck=["Charge", "Charge"], phase=Phase.DRAW, draws_left=2, options=GzOptions(draws=Draws.ACTIVE))
    assert choice(s, "aggressor") == A.Draw(True)


@pytest.mark.parametrize("style", sorted(STYLES))
def test_a_battle_card_nothing_of_ours_can_use_goes_first_at_the_hand_limit(style: str) -> None:
    # Atomic Breath (火, power +3) with only 陸 monsters on the field and in hand: it goes before an event
    s = position(["Mount Fuji"], ["Plain"], [mon("Anguirus", 0, 0)], p0_hand=["Atomic Breath", "Armor Plating"])
    s.jobs.append((J.DISCARD, 0, 1))
    assert choice(s, style) == A.Discard(uid_of(s, 0, "Atomic Breath"))


@pytest.mark.parametrize("style", sorted(STYLES))
def test_battle_cards_beyond_one_per_monster_go_first_at_the_hand_limit(style: str) -> None:
    # one monster, three usable battle cards: it fights with Burrow (defense +3); Tail Swing (power +2) and
    # Counterattack (defense +1) are spare, worth less than an event
    s = position(["Mount Fuji"], ["Plain"], [mon("Anguirus", 0, 0)],
                 p0_hand=["Burrow", "Tail Swing", "Counterattack", "Armor Plating"])
    s.jobs.append((J.DISCARD, 0, 1))
    assert choice(s, style) in (A.Discard(uid_of(s, 0, "Tail Swing")), A.Discard(uid_of(s, 0, "Counterattack")))


def opponents_battle_window() -> GzState:
    """The opponent's Baragon attacks; our Anguirus sleeps since its own attack, our Kumonga relieves; in the
    window before the battle we hold Scramble (wake one of our monsters) and a spare card (a second Mount Fuji,
    which cannot be placed)."""
    s = position(["Mount Fuji", "Plain"], ["Mount Fuji"],
                 [mon("Anguirus", 0, 0, asleep=True), mon("Kumonga", 0, 1), mon("Baragon", 1, 0)],
                 p0_hand=["Scramble", "Mount Fuji"], active=1, phase=Phase.ADVANCE)
    s.apply(A.Attack(mon_id(s, 1, "Baragon"), site_id(s, 0, 0)))  # its only attack: the advance phase ends
    s.apply(A.Relieve(mon_id(s, 0, "Kumonga")))
    while s.current_player == 1:
        s.apply(A.Pass())
    return s


def test_scramble_is_kept_when_waking_relieves_nothing() -> None:
    # the reliefs of this turn are assigned: waking Anguirus now gives nothing (it wakes in our turn anyway)
    s = opponents_battle_window()
    assert s.jobs[-1][0] is J.OPWIN and choice(s, "builder") == A.Pass()


def test_scramble_wakes_a_sleeping_guard_before_the_opponent_attacks() -> None:
    # the start of the opponent's placement phase (GZ-INT-31): Anguirus, asleep since its attack, may relieve
    s = position(["Mount Fuji", "Plain"], ["Mount Fuji"], [mon("Anguirus", 0, 0, asleep=True), mon("Baragon", 1, 0)],
                 p0_hand=["Scramble", "Mount Fuji"], p1_deck=["Plain", "Plain"], active=1, phase=Phase.DRAW,
                 draws_left=2, options=GzOptions(draws=Draws.ACTIVE))
    while s.phase is Phase.DRAW:
        s.apply(A.Draw(False))
    assert s.jobs[-1][0] is J.OPWIN and s.current_player == 0
    assert choice(s, "builder") == A.UseOperation(uid_of(s, 0, "Scramble"), mon_id(s, 0, "Anguirus"))


@pytest.mark.parametrize(("hand", "attacks"), [(["Scramble", "Plain"], True), (["Plain", "Plain"], False)])
def test_the_builder_attacks_with_a_guard_it_can_wake_again(hand: list[str], attacks: bool) -> None:
    # an attack on the closed base, met by Kumonga, is worth a little less than the guard Titanosaurus stops
    # being for the opponent's turn (it sleeps after its battle); with Scramble in hand it can be woken again.
    # Five Plains in the deck keep its race to 8 open bases alive (GZ-WIN-3), as in a game's opening
    s = position(["Mount Fuji", "Odo Island", "Plain"], ["Tokyo", base("Plain", closed=True)],
                 [mon("Titanosaurus", 0, 0), mon("Anguirus", 0, 1), mon("Kumonga", 1, 0)], p0_hand=hand,
                 p0_deck=["Plain"] * 5, phase=Phase.ADVANCE)
    assert (type(choice(s, "builder")) is A.Attack) == attacks


@pytest.mark.parametrize(("deck", "attacks"), [(["Plain"] * 5, False), (["Plain"] * 3 + ["Mount Fuji"] * 2, True)])
def test_gz_win_3_a_builder_that_cannot_keep_8_open_bases_attacks(deck: list[str], attacks: bool) -> None:
    # the position above without Scramble: 3 bases in the row, a Plain in hand. Five Plains in the deck: 9
    # bases it may field, the race alive, and the guard stays home. Three Plains and two Mount Fujis, which may
    # not join a row holding one (GZ-BASE-9): 3 + 1 + 3 = 7, the race to 8 is lost, and only attacking can win
    s = position(["Mount Fuji", "Odo Island", "Plain"], ["Tokyo", base("Plain", closed=True)],
                 [mon("Titanosaurus", 0, 0), mon("Anguirus", 0, 1), mon("Kumonga", 1, 0)], p0_hand=["Plain"],
                 p0_deck=deck, phase=Phase.ADVANCE)
    assert (type(choice(s, "builder")) is A.Attack) == attacks


@pytest.mark.parametrize("style", sorted(STYLES))
def test_the_opening_places_a_monster_where_it_reaches_the_most_enemy_bases(style: str) -> None:
    # the second player's pre-game placement (GZ-SETUP-12), three bases against three: the middle one faces all of
    # them, an end one two (GZ-INT-33); before, every base scored alike and the generator chose
    for seed in range(12):
        s = position(["Plain", "Plain", "Plain"], ["Plain", "Plain", "Plain"], p0_hand=["Anguirus"],
                     phase=Phase.PREGAME)
        assert choice(s, style, seed) == A.PlaceMonster(uid_of(s, 0, "Anguirus"), site_id(s, 0, 1))
