"""Legend of Mana CARD DUEL, the rulebook: one test (at least) per rule id of docs/rules/mana.md.

In the style of PokerKit's rule tests: each test builds a position by hand (tests/games/mana_positions.py), plays
legal actions through the public contract (`legal_actions()`, `apply()`) and checks the exact position after:
zones, mana pools (available, used), tapped flags, the outcome. Expected numbers are worked out by hand from the
card data in carddb/mana/cards.yaml; the comments show the sums.

Cards used often (printed values):
    characters  Hero 4/2, Heroine 3/3, Niccolo 1/4, Lisa 1/2, Bud 2/1, Princess Pearl 2/2, Gilbert 0/4, Elle 3/1
    monsters    Sahagin water 2/2 cost 0 (vanilla), Narcissos earth 3/4 cost 2 (vanilla), Beholder fire 4/2 cost 2
    lands       Stone Eye light, Jade Egg water, Torch of Coral water, Skull Lantern earth, Moon's Mirror wind,
                Color Blocks gold, Tome of Magic fire: no land effect (the plain lands of these tests)
                Flame fire (Gato Grottoes: Earth monsters STR-2 in battle), Wheel wind (Water monsters STR-2)
Arrows are (up, left, right, down), "up" being +y on the owner's grid (MANA-LAND-6).

Tests marked xfail(strict=True) describe what the rules say where the engine does otherwise (engine bugs).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tcgsim.engine import IllegalAction, Outcome, Termination
from tcgsim.games.mana.actions import (
    AssignDamage,
    AttackMonster,
    AttackParty,
    Block,
    ChooseCharacter,
    Defend,
    Discard,
    EndMain,
    EndPlacement,
    MakeLand,
    MoveMonster,
    Mulligan,
    OpenMonster,
    Pass,
    Pay,
    PlaceMonster,
    Sacrifice,
    UseCard,
)
from tcgsim.games.mana.cards import Attr, Kind, mana_cards
from tcgsim.games.mana.common import HAND_SIZE
from tcgsim.games.mana.game import (
    ArrowReading,
    ManaOptions,
    ManaState,
    MoveBattleReading,
    StealReading,
    WindowReading,
    WinReason,
)
from tcgsim.games.mana.state import ChoiceKind, Phase
from tests.games.mana_positions import make_game, monster, position, uid_of

REPO = Path(__file__).resolve().parents[2]

# A 10-card main deck, 5 artifacts and 5 monsters: every 7-card hand holds both, so nobody may mulligan.
MIXED = ["Flame", "Jade Egg", "Wheel", "Stone Eye", "Medallion", "Sahagin", "Narcissos", "Beholder", "Molebear",
         "Teedie"]


# ---------------------------------------------------------------------------------------------------- helpers


def end_turn(s: ManaState) -> None:
    """The active player ends the main phase and the placement phase (no hand over 7)."""
    s.apply(EndMain())
    s.apply(EndPlacement())


def mana(s: ManaState, seat: int) -> tuple[int, int]:
    p = s.players[seat]
    return p.available, p.used


def names(s: ManaState, uids: list[int]) -> list[str]:
    return [s.cards[u].name for u in uids]


def lands(s: ManaState, seat: int) -> dict[tuple[int, int], str]:
    return {pos: s.cards[land.uid].name for pos, land in s.players[seat].lands.items()}


def on(s: ManaState, land_owner: int, pos: tuple[int, int]) -> tuple[str, int, bool] | None:
    """(name, owner, face up) of the monster on a land, or None."""
    m = s.players[land_owner].lands[pos].monster
    return None if m is None else (s.cards[m.uid].name, m.owner, m.face_up)


def stolen_by(s: ManaState, land_owner: int, pos: tuple[int, int]) -> int:
    """Mana the monster on that land took from the land's owner when it arrived."""
    m = s.players[land_owner].lands[pos].monster
    assert m is not None
    return m.stolen


def party(s: ManaState, seat: int) -> list[tuple[str, bool]]:
    return [(s.cards[c.uid].name, c.tapped) for c in s.players[seat].party]


def chars(s: ManaState, seat: int, *wanted: str) -> tuple[int, ...]:
    """Uids of party members, in party order (the order the engine offers them in)."""
    return tuple(c.uid for c in s.players[seat].party if s.cards[c.uid].name in wanted)


def made(s: ManaState) -> set[tuple[int, int]]:
    """Squares where some land make is legal now."""
    return {(a.x, a.y) for a in s.legal_actions() if isinstance(a, MakeLand) and a.card >= 0}


def assert_illegal(s: ManaState, action: object) -> None:
    """Not offered, refused by apply with IllegalAction, and the state is left unchanged."""
    assert action not in s.legal_actions()
    before = s.signature()
    with pytest.raises(IllegalAction):
        s.apply(action)
    assert s.signature() == before


def battles(s: ManaState) -> list[str]:
    assert s.events is not None
    return [e.data["battle"] for e in s.events if e.kind == "battle"]


# ---------------------------------------------------------------------------------------------------- winning


def test_mana_win_1_twelve_mana_at_own_start_phase() -> None:
    s = position(active=1, p0_mana=(5, 7))  # 5 + 7 = 12: available and used both count
    end_turn(s)  # player 1 ends; player 0's start phase
    assert s.outcome == Outcome(0, WinReason.MANA_12, 4)
    assert s.is_terminal and s.legal_actions() == []


def test_mana_win_1_not_on_reaching_twelve_mid_turn_nor_at_the_enemy_start() -> None:
    s = position(p0_hand=["Flame"], p0_mana=(11, 0), p1_mana=(12, 0))
    s.apply(MakeLand(uid_of(s, 0, "Flame"), 0, 0))  # first land: base 1 -> 12 mana, mid-turn
    assert mana(s, 0) == (12, 0) and s.outcome is None
    end_turn(s)  # player 1's start: player 0 holds 12 but it is not its start; player 1 (12) is checked
    assert s.outcome == Outcome(1, WinReason.MANA_12, 4)


def test_mana_win_1_eleven_is_not_enough() -> None:
    s = position(active=1, p0_mana=(4, 7))
    end_turn(s)
    assert s.outcome is None and s.active == 0 and s.phase is Phase.MAIN


def test_mana_win_2_all_eight_characters_gone_loses_at_once() -> None:
    # Player 1's last character: Bud 2/1, nothing left in the character deck, no mana to let the attack through.
    s = position(p0_lands={(0, 0): "Stone Eye"}, monsters=[monster(0, (0, 0), "Sahagin", 0, True)],
                 p1_party=["Bud"], p1_char_deck=[], p1_char_discard=["Hero", "Heroine", "Niccolo", "Escad", "Daena",
                                                                     "Larc", "Sierra"])
    s.apply(AttackParty((0, 0, 0)))
    assert s.legal_actions() == [Defend(chars(s, 1, "Bud"))]  # without mana, someone must fight
    s.apply(Defend(chars(s, 1, "Bud")))  # Sahagin STR 2 >= Bud's DEF 1
    assert s.outcome == Outcome(0, WinReason.PARTY_ROUTED, 3)
    assert s.players[1].party == [] and len(s.players[1].char_discard) == 8


def test_mana_win_2_an_empty_party_with_characters_in_the_deck_plays_on() -> None:
    s = position(p0_lands={(0, 0): "Stone Eye"}, monsters=[monster(0, (0, 0), "Sahagin", 0, True)],
                 p1_party=["Bud"], p1_char_deck=["Lisa"])
    s.apply(AttackParty((0, 0, 0)))
    s.apply(Defend(chars(s, 1, "Bud")))
    assert s.outcome is None and s.players[1].party == []
    end_turn(s)
    assert party(s, 1) == [("Lisa", False)]  # refilled at its start phase


def test_mana_win_3_nine_lands_win_at_once_even_with_an_enemy_monster_on_one() -> None:
    grid = {(0, 0): "Flame", (1, 0): "Jade Egg", (2, 0): "Wheel", (0, 1): "Sand Rose", (1, 1): "Medallion",
            (2, 1): "Stone Eye", (0, 2): "Color Blocks", (1, 2): "Green Cane"}
    s = position(p0_hand=["Torch of Coral"], p0_lands=grid, monsters=[monster(0, (0, 0), "Sahagin", 1)])
    assert made(s) == {(2, 2)}  # the only square left in the frame, and not next to the occupied (0, 0)
    s.apply(MakeLand(uid_of(s, 0, "Torch of Coral"), 2, 2))
    assert s.outcome == Outcome(0, WinReason.LANDS_9, 3)
    assert len(s.players[0].lands) == 9


def test_mana_win_4_the_enemy_cannot_draw_at_its_start_phase() -> None:
    s = position(p1_deck=[], p0_deck=[])  # player 0's own empty deck does not matter during its turn
    end_turn(s)
    assert s.outcome == Outcome(0, WinReason.DECK_OUT, 4)


def test_mana_win_5_the_turn_cap_is_a_draw() -> None:
    assert ManaOptions().turn_limit == 120
    s = position(turn=4, options=ManaOptions(turn_limit=4))
    end_turn(s)  # turn 5 would start: past the cap
    assert s.outcome == Outcome(None, Termination.TURN_LIMIT, 5)
    assert s.outcome.is_draw and s.legal_actions() == []


def test_mana_win_5_the_last_turn_is_still_played() -> None:
    s = position(turn=3, options=ManaOptions(turn_limit=4))
    end_turn(s)
    assert s.outcome is None and s.turn == 4 and s.active == 1


def test_mana_deck_out_before_turn_cap() -> None:
    """MANA-WIN-5 / MANA-WIN-4: the cap never pre-empts the start-phase ending of the rules: a player who must draw
    from an empty deck on the first turn past the cap has still decked out, and 12 mana still wins there."""
    s = position(turn=4, p1_deck=[], options=ManaOptions(turn_limit=4))
    end_turn(s)  # turn 5 is past the cap, but player 1 must draw from an empty deck
    assert s.outcome == Outcome(0, WinReason.DECK_OUT, 5)
    s = position(turn=4, p1_mana=(6, 6), options=ManaOptions(turn_limit=4))
    end_turn(s)
    assert s.outcome == Outcome(1, WinReason.MANA_12, 5)


def test_mana_win_5_the_default_cap_is_above_the_longest_deck_out() -> None:
    """A 60-card deck holds 53 cards after the opening hand; its first player draws on turns 3, 5, ..., 107 and is
    out at turn 109 (the second player at 108): the default cap lets every such game end by a rule."""
    from tcgsim.games.mana.rules import MAIN_MAX

    last_deck_out = 2 * (MAIN_MAX - HAND_SIZE) + 3
    assert last_deck_out == 109 and ManaOptions().turn_limit > last_deck_out


# ---------------------------------------------------------------------------------------------------- setup


def test_mana_setup_1_seat_0_plays_first() -> None:
    for seed in range(3):
        s = make_game(MIXED, MIXED, seed=seed).new_initial_state()
        assert (s.turn, s.active, s.phase, s.current_player) == (1, 0, Phase.MAIN, 0)


def test_mana_setup_2_both_decks_are_shuffled() -> None:
    orders, char_orders = set(), set()
    for seed in range(6):
        game = make_game(MIXED, MIXED, seed=seed)
        s = game.new_initial_state()
        for seat in (0, 1):
            p = s.players[seat]
            dealt = tuple(p.deck + p.hand)
            assert sorted(dealt) == sorted(game.main_uids[seat])
            assert sorted(p.char_deck + [c.uid for c in p.party]) == sorted(game.char_uids[seat])
            orders.add(tuple(s.cards[u].name for u in dealt))
            char_orders.add(tuple(s.cards[u].name for u in p.char_deck + [c.uid for c in p.party]))
        again = make_game(MIXED, MIXED, seed=seed).new_initial_state()
        assert again.signature() == s.signature()  # the same seed deals the same game
    assert len(orders) > 1 and len(char_orders) > 1


def test_mana_setup_3_seven_cards_each_and_no_mana() -> None:
    s = make_game(MIXED, MIXED, seed=1).new_initial_state()
    for seat in (0, 1):
        assert len(s.players[seat].hand) == HAND_SIZE == 7
        assert len(s.players[seat].deck) == 3
        assert mana(s, seat) == (0, 0)


def test_mana_setup_4_mulligan_when_all_artifacts_or_none_first_player_first() -> None:
    artifacts = ["Flame", "Jade Egg", "Wheel", "Stone Eye", "Medallion", "Sand Rose", "Color Blocks", "Green Cane",
                 "Torch of Coral", "Moon's Mirror"]
    monsters_only = ["Sahagin", "Narcissos", "Beholder", "Molebear", "Teedie", "Kima", "Lullabud", "Goblin",
                     "Malboro", "Eye Spy"]
    game = make_game(artifacts, monsters_only, seed=2)
    s = game.new_initial_state()
    assert s.phase is Phase.MULLIGAN and s.current_player == 0
    assert s.legal_actions() == [Mulligan(False), Mulligan(True)]
    assert s.players[0].party == [] and s.players[1].party == []  # parties come after the mulligans
    before = list(s.players[0].hand)
    s.apply(Mulligan(True))  # the 7 go back, shuffle, draw 7
    p0 = s.players[0]
    assert len(p0.hand) == 7 and len(p0.deck) == 3 and p0.mulligan_done
    assert sorted(p0.hand + p0.deck) == sorted(game.main_uids[0]) and p0.hand != before
    assert s.current_player == 1 and s.legal_actions() == [Mulligan(False), Mulligan(True)]
    kept = list(s.players[1].hand)
    s.apply(Mulligan(False))
    assert s.players[1].hand == kept
    # once only: still all artifacts, but the game goes on to turn 1
    assert (s.phase, s.turn, s.current_player) == (Phase.MAIN, 1, 0)
    assert all(s.cards[u].kind is Kind.ARTIFACT for u in s.players[0].hand)


def test_mana_setup_4_no_mulligan_for_a_mixed_hand() -> None:
    s = make_game(MIXED, MIXED).new_initial_state()
    assert s.phase is Phase.MAIN and not any(isinstance(a, Mulligan) for a in s.legal_actions())


def test_mana_setup_5_three_characters_each_into_the_party() -> None:
    game = make_game(MIXED, MIXED, seed=3)
    s = game.new_initial_state()
    for seat in (0, 1):
        p = s.players[seat]
        assert len(p.party) == 3 and len(p.char_deck) == 5
        assert {c.uid for c in p.party} <= set(game.char_uids[seat])
        assert not any(c.tapped for c in p.party)


def test_mana_setup_6_the_first_player_does_not_draw_on_turn_1() -> None:
    s = make_game(MIXED, MIXED, seed=4).new_initial_state()
    assert (len(s.players[0].hand), len(s.players[0].deck)) == (7, 3)
    end_turn(s)
    assert s.turn == 2 and s.active == 1
    assert (len(s.players[1].hand), len(s.players[1].deck)) == (8, 2)  # the second player draws on turn 2


# ---------------------------------------------------------------------------------------------------- the turn


def test_mana_turn_1_start_phase_untaps_and_monsters_may_act_again() -> None:
    s = position(
        p0_lands={(0, 0): "Stone Eye", (1, 0): "Moon's Mirror"}, p1_lands={(0, 0): "Skull Lantern"},
        p0_party=[("Hero", True), "Heroine", "Niccolo"],
        p1_party=[("Hero", True), ("Heroine", True), "Niccolo"],
        monsters=[monster(1, (0, 0), "Sahagin", 1, True, acted=True),  # on its own land
                  monster(0, (0, 0), "Narcissos", 1, True, acted=True),  # on an enemy land
                  monster(0, (1, 0), "Sahagin", 0, True, acted=True)],
    )
    end_turn(s)
    assert party(s, 1) == [("Hero", False), ("Heroine", False), ("Niccolo", False)]
    assert party(s, 0)[0] == ("Hero", True)  # the other player's characters stay tapped
    ms = {(s.cards[land.monster.uid].name, land.monster.owner): land.monster.acted
          for p in s.players for land in p.lands.values() if land.monster}
    assert ms == {("Sahagin", 1): False, ("Narcissos", 1): False, ("Sahagin", 0): True}
    legal = s.legal_actions()
    assert MoveMonster((1, 0, 0), (0, 1, 0)) not in legal  # (1, 0) of player 0 is taken
    assert AttackParty((0, 0, 0)) in legal and AttackParty((1, 0, 0)) in legal


def test_mana_turn_2_used_mana_recovers_at_the_start_phase() -> None:
    s = position(p0_mana=(1, 4), p1_mana=(2, 3))
    end_turn(s)
    assert mana(s, 1) == (5, 0)
    assert mana(s, 0) == (1, 4)  # not the other player's


def test_mana_turn_3_party_refilled_to_three_from_the_top() -> None:
    s = position(p1_party=["Hero"], p1_char_deck=["Lisa", "Bud", "Elle"])
    end_turn(s)
    assert party(s, 1) == [("Hero", False), ("Lisa", False), ("Bud", False)]
    assert names(s, s.players[1].char_deck) == ["Elle"]


def test_mana_turn_4_draw_one_card_after_the_win_check() -> None:
    s = position(p1_hand=["Sahagin"], p1_deck=["Flame", "Wheel"])
    end_turn(s)
    assert names(s, s.players[1].hand) == ["Sahagin", "Flame"]  # one card, from the top
    assert names(s, s.players[1].deck) == ["Wheel"]


def test_mana_turn_4_twelve_mana_wins_before_the_empty_deck_loses() -> None:
    s = position(p1_deck=[], p1_mana=(0, 12))
    end_turn(s)
    assert s.outcome == Outcome(1, WinReason.MANA_12, 4)


def test_mana_turn_5_main_phase_steps_in_any_order() -> None:
    s = position(
        p0_hand=["Flame"], p0_lands={(0, 0): "Jade Egg"}, p1_lands={(0, 0): "Stone Eye", (1, 0): "Color Blocks"},
        monsters=[monster(0, (0, 0), "Sahagin", 0), monster(1, (0, 0), "Molebear", 1, True)],
        p1_party=["Hero", "Heroine", "Gilbert"],
    )
    kinds = {type(a) for a in s.legal_actions()}
    assert {MakeLand, OpenMonster, AttackMonster, MoveMonster, EndMain} <= kinds
    # a character attack first (Hero 4 >= Molebear's DEF 3 + 1 on its own land; its STR 0 hurts nobody) ...
    s.apply(AttackMonster((1, 0, 0), chars(s, 0, "Hero")))
    assert on(s, 1, (0, 0)) is None
    # ... then land make, then opening, then the party attack
    s.apply(MakeLand(uid_of(s, 0, "Flame"), 1, 0))
    s.apply(OpenMonster((0, 0, 0)))
    s.apply(AttackParty((0, 0, 0)))
    s.apply(Defend(chars(s, 1, "Gilbert")))  # Sahagin 2 vs Gilbert 0/4: nobody falls
    assert s.phase is Phase.MAIN and s.current_player == 0
    assert lands(s, 0) == {(0, 0): "Jade Egg", (1, 0): "Flame"} and on(s, 0, (0, 0)) == ("Sahagin", 0, True)


def test_mana_turn_6_a_monster_acts_once_a_turn() -> None:
    s = position(p0_lands={(0, 0): "Jade Egg"}, p1_lands={(0, 0): "Stone Eye", (1, 0): "Color Blocks"},
                 p1_party=[("Hero", True), ("Heroine", True), ("Niccolo", True)],
                 monsters=[monster(0, (0, 0), "Sahagin", 0, True)])
    s.apply(MoveMonster((0, 0, 0), (1, 0, 0)))  # all blockers tapped: it arrives
    assert on(s, 1, (0, 0)) == ("Sahagin", 0, True)
    assert not any(isinstance(a, AttackParty | MoveMonster) for a in s.legal_actions())
    assert_illegal(s, AttackParty((1, 0, 0)))
    assert_illegal(s, MoveMonster((1, 0, 0), (1, 1, 0)))


def test_mana_turn_6_after_a_party_attack_it_cannot_move() -> None:
    s = position(p0_lands={(0, 0): "Jade Egg"}, p1_lands={(0, 0): "Stone Eye"}, p1_mana=(1, 0),
                 monsters=[monster(0, (0, 0), "Sahagin", 0, True)])
    s.apply(AttackParty((0, 0, 0)))
    s.apply(Defend(()))
    assert_illegal(s, MoveMonster((0, 0, 0), (1, 0, 0)))
    assert_illegal(s, AttackParty((0, 0, 0)))


def test_mana_turn_6_opening_is_not_an_action() -> None:
    s = position(p0_lands={(0, 0): "Jade Egg"}, p1_lands={(0, 0): "Stone Eye"},
                 monsters=[monster(0, (0, 0), "Sahagin", 0)])
    s.apply(OpenMonster((0, 0, 0)))
    assert MoveMonster((0, 0, 0), (1, 0, 0)) in s.legal_actions()
    assert AttackParty((0, 0, 0)) in s.legal_actions()


def test_mana_turn_7_placement_follows_main_so_a_placed_monster_never_acts_that_turn() -> None:
    s = position(p0_hand=["Sahagin"], p0_lands={(0, 0): "Jade Egg"}, p1_lands={(0, 0): "Stone Eye"})
    assert not any(isinstance(a, PlaceMonster) for a in s.legal_actions())  # not in the main phase
    s.apply(EndMain())
    sahagin = uid_of(s, 0, "Sahagin")
    assert s.phase is Phase.PLACEMENT
    assert s.legal_actions() == [PlaceMonster(sahagin, 0, 0, False), PlaceMonster(sahagin, 0, 0, True),
                                 EndPlacement()]
    s.apply(PlaceMonster(sahagin, 0, 0, True))
    assert s.legal_actions() == [EndPlacement()]  # no move, no attack, no going back to the main phase
    s.apply(EndPlacement())
    assert s.active == 1
    end_turn(s)
    assert MoveMonster((0, 0, 0), (1, 0, 0)) in s.legal_actions()  # from its owner's next turn


def test_mana_turn_8_end_phase_passes_the_turn() -> None:
    s = position(turn=5)
    s.apply(EndMain())
    assert (s.phase, s.active) == (Phase.PLACEMENT, 0)
    s.apply(EndPlacement())
    assert (s.phase, s.active, s.turn, s.current_player) == (Phase.MAIN, 1, 6, 1)


def test_mana_turn_9_discard_down_to_seven_of_ones_choice() -> None:
    hand = ["Flame", "Wheel", "Sahagin", "Narcissos", "Jade Egg", "Stone Eye", "Medallion", "Green Cane",
            "Color Blocks"]
    s = position(p0_hand=hand, p1_hand=hand)
    end_turn(s)
    assert (s.phase, s.current_player, s.active) == (Phase.END, 0, 0)
    assert s.pending[-1].kind is ChoiceKind.END_DISCARD
    assert s.legal_actions() == [Discard(u) for u in s.players[0].hand]
    s.apply(Discard(uid_of(s, 0, "Sahagin")))
    s.apply(Discard(uid_of(s, 0, "Green Cane")))
    assert names(s, s.players[0].discard) == ["Sahagin", "Green Cane"]
    assert len(s.players[0].hand) == 7
    assert s.active == 1 and s.phase is Phase.MAIN
    assert len(s.players[1].hand) == 10  # 9 + its draw: the other player adjusts in its own turn


def test_mana_turn_9_seven_cards_need_no_discard() -> None:
    s = position(p0_hand=["Flame"] * 7)
    end_turn(s)
    assert s.active == 1 and len(s.players[0].hand) == 7


# ---------------------------------------------------------------------------------------------------- mana


def test_mana_mana_1_two_pools_and_the_total_is_the_score() -> None:
    s = position(p0_lands={(0, 0): "Stone Eye"}, monsters=[monster(0, (0, 0), "Beholder", 0)], p0_mana=(3, 4))
    assert s.players[0].mana == 7
    assert s.counters()["available0"] == 3 and s.counters()["used0"] == 4
    assert s.view(1).mana(0) == (3, 4)
    s.apply(OpenMonster((0, 0, 0)))  # cost 2 moves to used: the total does not change
    assert mana(s, 0) == (1, 6) and s.players[0].mana == 7


def test_mana_mana_2_land_make_supplies_the_available_pool() -> None:
    s = position(p0_hand=["Jumi's Staff"], p0_mana=(0, 2))
    s.apply(MakeLand(uid_of(s, 0, "Jumi's Staff"), 0, 0))  # first land: its base 2
    assert mana(s, 0) == (2, 2)


def test_mana_mana_3_mana_moves_between_players() -> None:
    s = position(p0_lands={(0, 0): "Stone Eye"}, monsters=[monster(0, (0, 0), "Sahagin", 0, True)],
                 p0_mana=(0, 0), p1_mana=(2, 0))
    s.apply(AttackParty((0, 0, 0)))
    s.apply(Defend(()))  # let through: 1 available mana to the attacker
    assert mana(s, 0) == (1, 0) and mana(s, 1) == (1, 0)


def test_mana_mana_4_only_available_mana_pays() -> None:
    s = position(p0_hand=["Beholder"], p0_lands={(0, 0): "Stone Eye", (1, 0): "Jade Egg"},
                 monsters=[monster(0, (0, 0), "Beholder", 0)], p0_mana=(1, 5))
    assert_illegal(s, OpenMonster((0, 0, 0)))  # cost 2, only 1 available (5 used do not pay)
    s.apply(EndMain())
    beholder = uid_of(s, 0, "Beholder")
    assert PlaceMonster(beholder, 1, 0, False) in s.legal_actions()
    assert_illegal(s, PlaceMonster(beholder, 1, 0, True))
    s2 = position(p0_lands={(0, 0): "Stone Eye"}, monsters=[monster(0, (0, 0), "Beholder", 0)], p0_mana=(2, 0))
    s2.apply(OpenMonster((0, 0, 0)))
    assert mana(s2, 0) == (0, 2)


def test_mana_mana_5_used_mana_recovers_at_its_owners_start_phase_only() -> None:
    s = position(p0_mana=(1, 3), p1_mana=(0, 2))
    end_turn(s)
    assert mana(s, 0) == (1, 3) and mana(s, 1) == (2, 0)
    end_turn(s)
    assert mana(s, 0) == (4, 0) and mana(s, 1) == (2, 0)


def test_mana_mana_6_no_pool_goes_below_zero() -> None:
    # Jumi's Staff has base 2; a monster arriving takes 2 from the used pool, but only what there is.
    for p1_mana, stolen, p1_after in (((0, 0), 0, (0, 0)), ((1, 0), 0, (1, 0)), ((0, 1), 1, (0, 0))):
        s = position(p0_lands={(0, 0): "Stone Eye"}, p1_lands={(0, 0): "Jumi's Staff"}, p1_mana=p1_mana,
                     p1_party=[("Hero", True)], monsters=[monster(0, (0, 0), "Sahagin", 0, True)])
        s.apply(MoveMonster((0, 0, 0), (1, 0, 0)))
        assert stolen_by(s, 1, (0, 0)) == stolen
        assert mana(s, 1) == p1_after and mana(s, 0) == (stolen, 0)
        assert all(v >= 0 for v in s.counters().values())


# ---------------------------------------------------------------------------------------------------- land make


def test_mana_land_1_once_a_turn_in_the_main_phase_free() -> None:
    s = position(p0_hand=["Flame", "Wheel", "Sahagin"], p0_lands={(0, 0): "Jade Egg"}, p0_mana=(0, 3))
    flame, wheel, sahagin = (uid_of(s, 0, n) for n in ("Flame", "Wheel", "Sahagin"))
    offered = {a.card for a in s.legal_actions() if isinstance(a, MakeLand)}
    assert offered == {flame, wheel}  # artifacts only
    s.apply(MakeLand(flame, 1, 0))  # base 1 + its left arrow (+1) toward Jade Egg; nothing paid
    assert lands(s, 0) == {(0, 0): "Jade Egg", (1, 0): "Flame"}
    assert names(s, s.players[0].hand) == ["Wheel", "Sahagin"] and mana(s, 0) == (2, 3)
    assert made(s) == set()
    assert_illegal(s, MakeLand(wheel, 2, 0))  # a second land make this turn
    s.apply(EndMain())
    assert_illegal(s, MakeLand(wheel, 2, 0))  # nor in the placement phase
    s.apply(EndPlacement())
    end_turn(s)
    assert MakeLand(wheel, 2, 0) in s.legal_actions()  # next own turn: again


def test_mana_land_2_one_land_of_each_name_per_player() -> None:
    s = position(p0_hand=["Flame", "Wheel"], p0_lands={(0, 0): "Flame"}, p1_lands={(0, 0): "Wheel"})
    flame, wheel = uid_of(s, 0, "Flame"), uid_of(s, 0, "Wheel")
    assert {a.card for a in s.legal_actions() if isinstance(a, MakeLand)} == {wheel}  # the enemy's Wheel is no bar
    assert_illegal(s, MakeLand(flame, 1, 0))


def test_mana_land_3_first_land_then_orthogonally_adjacent() -> None:
    s = position(p0_hand=["Flame"])
    assert made(s) == {(0, 0)}
    s = position(p0_hand=["Flame"], p0_lands={(0, 0): "Jade Egg"})
    assert made(s) == {(1, 0), (-1, 0), (0, 1), (0, -1)}
    assert_illegal(s, MakeLand(uid_of(s, 0, "Flame"), 1, 1))  # diagonal


def test_mana_land_3_not_next_to_a_land_holding_an_enemy_monster() -> None:
    s = position(p0_hand=["Flame"], p0_lands={(0, 0): "Jade Egg", (1, 0): "Wheel"},
                 monsters=[monster(0, (0, 0), "Sahagin", 1)])
    assert made(s) == {(1, 1), (1, -1), (2, 0)}
    assert_illegal(s, MakeLand(uid_of(s, 0, "Flame"), 0, 1))
    own = position(p0_hand=["Flame"], p0_lands={(0, 0): "Jade Egg", (1, 0): "Wheel"},
                   monsters=[monster(0, (0, 0), "Sahagin", 0)])
    assert (0, 1) in made(own)  # an own monster bars nothing


def test_mana_land_4_all_lands_fit_a_three_by_three_frame() -> None:
    s = position(p0_hand=["Flame"], p0_lands={(0, 0): "Jade Egg", (1, 0): "Wheel", (2, 0): "Stone Eye"})
    assert made(s) == {(0, 1), (1, 1), (2, 1), (0, -1), (1, -1), (2, -1)}
    flame = uid_of(s, 0, "Flame")
    assert_illegal(s, MakeLand(flame, 3, 0))
    assert_illegal(s, MakeLand(flame, -1, 0))


def test_mana_land_4_the_frame_origin_floats() -> None:
    s = position(p0_hand=["Flame"], p0_lands={(0, 0): "Jade Egg", (1, 0): "Wheel"})
    assert {(-1, 0), (2, 0)} <= made(s)  # either end: the frame is not fixed in advance
    s.apply(MakeLand(uid_of(s, 0, "Flame"), -1, 0))
    assert lands(s, 0) == {(-1, 0): "Flame", (0, 0): "Jade Egg", (1, 0): "Wheel"}


def test_mana_land_5_gain_is_base_plus_arrows_toward_neighbours() -> None:
    # Torch of Coral: base 1, arrows up -1, left -1, right +1, down +1. At (1, 1) its occupied neighbours are
    # (2, 1) to the right and (1, 0) below: 1 + 1 + 1 = 3 (up and left point at empty squares and do not count).
    grid = {(1, 0): "Brooch of Love", (2, 0): "Wheel", (2, 1): "The Flames"}
    s = position(p0_hand=["Torch of Coral"], p0_lands=grid)
    torch = uid_of(s, 0, "Torch of Coral")
    assert s.view(0).land_gain(torch, (1, 1)) == 3
    s.apply(MakeLand(torch, 1, 1))
    assert mana(s, 0) == (3, 0)


def test_mana_land_5_gain_of_each_placement_from_the_card_data() -> None:
    cards = {c.name: c for c in mana_cards().values()}
    for name in ("Flame", "Jade Egg", "Color Blocks", "Brooch of Love", "Jumi's Staff"):
        up, left, right, down = cards[name].arrows
        base = cards[name].base_mana
        # at (1, 1) next to a land below (1, 0) and a land to the left (0, 1)
        grid = {(0, 0): "Stone Eye", (1, 0): "Moon's Mirror", (0, 1): "Skull Lantern"}
        s = position(p0_hand=[name], p0_lands=grid)
        s.apply(MakeLand(uid_of(s, 0, name), 1, 1))
        assert mana(s, 0) == (max(0, base + down + left), 0), name


def test_mana_land_5_a_negative_sum_gives_zero() -> None:
    # The Flames: base 2, arrows up -1, left -1, right 0, down -1. At (1, 1) with lands above, left and below:
    # 2 - 1 - 1 - 1 = -1, which gives 0 and takes nothing away.
    grid = {(0, 0): "Jade Egg", (1, 0): "Wheel", (0, 1): "Sand Rose", (0, 2): "Stone Eye", (1, 2): "Medallion"}
    s = position(p0_hand=["The Flames"], p0_lands=grid, p0_mana=(2, 1))
    s.apply(MakeLand(uid_of(s, 0, "The Flames"), 1, 1))
    assert lands(s, 0)[(1, 1)] == "The Flames"
    assert mana(s, 0) == (2, 1)


def test_mana_land_5_incoming_option_reads_the_neighbours_arrows() -> None:
    # ArrowReading.INCOMING: base 1 of Torch of Coral + The Flames' left arrow (-1, it is to the right)
    # + Brooch of Love's up arrow (+1, it is below) = 1.
    grid = {(1, 0): "Brooch of Love", (2, 0): "Wheel", (2, 1): "The Flames"}
    s = position(p0_hand=["Torch of Coral"], p0_lands=grid, options=ManaOptions(arrows=ArrowReading.INCOMING))
    s.apply(MakeLand(uid_of(s, 0, "Torch of Coral"), 1, 1))
    assert mana(s, 0) == (1, 0)


def test_mana_land_5_incoming_option_negative_sum_gives_zero() -> None:
    # Jade Egg at (1, 0): right of Jumi's Staff (its right arrow -1) and below Color Blocks (its down arrow -1):
    # 1 - 1 - 1 = -1 -> 0.
    grid = {(0, 0): "Jumi's Staff", (0, 1): "Stone Eye", (1, 1): "Color Blocks"}
    s = position(p0_hand=["Jade Egg"], p0_lands=grid, p0_mana=(1, 0),
                 options=ManaOptions(arrows=ArrowReading.INCOMING))
    s.apply(MakeLand(uid_of(s, 0, "Jade Egg"), 1, 0))
    assert mana(s, 0) == (1, 0)


@pytest.mark.parametrize("seat", [0, 1])
def test_mana_land_6_arrows_read_upright_up_away_from_the_owner(seat: int) -> None:
    # Flame: up 0, left +1, right 0, down -1, base 1; one land at (0, 0). Each grid is seen from its owner.
    expected = {(1, 0): 2,  # the land is on Flame's left: +1
                (-1, 0): 1,  # on its right: 0
                (0, 1): 0,  # below it: -1
                (0, -1): 1}  # above it: 0
    for (x, y), gain in expected.items():
        kw: dict[str, Any] = {f"p{seat}_hand": ["Flame"], f"p{seat}_lands": {(0, 0): "Jade Egg"}}
        s = position(active=seat, **kw)
        s.apply(MakeLand(uid_of(s, seat, "Flame"), x, y))
        assert mana(s, seat) == (gain, 0), (x, y)


def test_mana_land_7_land_attributes_serve_conditions_and_the_attribute_bonus() -> None:
    # condition: Drakonis needs a Fire land of its owner when opened
    s = position(p0_lands={(0, 0): "Jade Egg", (1, 0): "Flame"}, monsters=[monster(0, (0, 0), "Drakonis", 0)],
                 p0_mana=(5, 0))
    s.apply(OpenMonster((0, 0, 0)))
    assert on(s, 0, (0, 0)) == ("Drakonis", 0, True)
    # bonus: Sahagin (Water 2/2) on Jade Egg (Water) is 3/3; Princess Pearl's 2 does not trash it
    s = position(p1_lands={(0, 0): "Jade Egg"}, monsters=[monster(1, (0, 0), "Sahagin", 1, True)],
                 p0_party=["Princess Pearl"])
    s.apply(AttackMonster((1, 0, 0), chars(s, 0, "Princess Pearl")))
    assert on(s, 1, (0, 0)) == ("Sahagin", 1, True)
    assert names(s, s.players[0].char_discard) == ["Princess Pearl"]  # 3 >= DEF 2
    # on a land of another attribute (Stone Eye: Light) it is 2/2 and falls
    s = position(p1_lands={(0, 0): "Stone Eye"}, monsters=[monster(1, (0, 0), "Sahagin", 1, True)],
                 p0_party=["Princess Pearl"])
    s.apply(AttackMonster((1, 0, 0), chars(s, 0, "Princess Pearl")))
    assert on(s, 1, (0, 0)) is None and names(s, s.players[1].discard) == ["Sahagin"]


def test_mana_land_8_monsters_stand_on_lands_one_per_land() -> None:
    s = position(p0_hand=["Sahagin"], p0_lands={(0, 0): "Jade Egg", (1, 0): "Stone Eye", (0, 1): "Wheel"},
                 p1_lands={(0, 0): "Flame"}, monsters=[monster(0, (0, 0), "Narcissos", 0),
                                                        monster(0, (0, 1), "Narcissos", 1)], phase=Phase.PLACEMENT)
    sahagin = uid_of(s, 0, "Sahagin")
    assert {(a.x, a.y) for a in s.legal_actions() if isinstance(a, PlaceMonster)} == {(1, 0)}
    assert_illegal(s, PlaceMonster(sahagin, 0, 0, False))  # own monster there
    assert_illegal(s, PlaceMonster(sahagin, 0, 1, False))  # enemy monster there
    assert_illegal(s, PlaceMonster(sahagin, 5, 5, False))  # no land there


def test_mana_land_9_a_land_leaving_play_takes_its_base_mana_used_first() -> None:
    # Punkster (Wind 4/1) survives Gilbert (0/4) on its owner's Jumi's Staff (base 2): at the end of the battle
    # it trashes its land and itself; player 1 loses 2 mana, the used one first: (2, 1) -> (1, 0).
    s = position(p1_lands={(0, 0): "Jumi's Staff", (1, 0): "Stone Eye"},
                 monsters=[monster(1, (0, 0), "Punkster", 1, True)], p0_party=["Gilbert", "Hero"], p1_mana=(2, 1))
    s.apply(AttackMonster((1, 0, 0), chars(s, 0, "Gilbert")))
    assert lands(s, 1) == {(1, 0): "Stone Eye"}
    assert names(s, s.players[1].discard) == ["Punkster", "Jumi's Staff"]
    assert mana(s, 1) == (1, 0)
    assert names(s, s.players[0].char_discard) == ["Gilbert"]  # 4 damage >= DEF 4


def test_mana_land_9_the_monster_on_a_lost_land_goes_too() -> None:
    # Iron Centaur (player 0) stands face down on player 1's Jade Egg (base 1), having taken 1 mana on arrival.
    # Opened (cost 3): it is trashed, its 1 stolen mana goes back to player 1's used pool, then the land is lost
    # with its base 1, used first.  p0 (4, 0) -> pay 3 (1, 3) -> give back 1 (0, 3);  p1 (1, 0) -> (1, 1) -> (1, 0).
    s = position(p1_lands={(0, 0): "Jade Egg"}, monsters=[monster(1, (0, 0), "Iron Centaur", 0, stolen=1)],
                 p0_mana=(4, 0), p1_mana=(1, 0))
    s.apply(OpenMonster((1, 0, 0)))
    assert lands(s, 1) == {}
    assert names(s, s.players[1].discard) == ["Jade Egg"] and names(s, s.players[0].discard) == ["Iron Centaur"]
    assert mana(s, 0) == (0, 3) and mana(s, 1) == (1, 0)


# ---------------------------------------------------------------------------------------------------- attributes


def test_mana_attr_1_eight_attributes() -> None:
    assert [a.name.lower() for a in Attr] == ["fire", "earth", "wind", "water", "light", "dark", "wood", "gold"]


def test_mana_attr_2_artifacts_monsters_and_supports_have_an_attribute() -> None:
    cards = mana_cards().values()
    for c in cards:
        if c.kind in (Kind.MONSTER, Kind.SUPPORT):
            assert c.attribute is not None, c.name
    without = {c.name for c in cards if c.kind is Kind.ARTIFACT and c.attribute is None}
    assert without == {"Mailbox", "Golden Seed", "Sword of Mana"}  # Mailbox has none printed (carddata.tsv)
    by_name = {c.name: c for c in cards}
    assert by_name["Golden Seed"].counts_as == {Attr.LIGHT, Attr.DARK, Attr.WOOD, Attr.GOLD}
    assert by_name["Sword of Mana"].counts_as == set(Attr)


def test_mana_attr_2_orchard_and_tree_of_mana_satisfy_open_conditions() -> None:
    for land, mon in (("Sword of Mana", "Drakonis"), ("Golden Seed", "Jewel Beast"), ("Golden Seed", "Labanne")):
        s = position(p0_lands={(0, 0): land}, monsters=[monster(0, (0, 0), mon, 0)], p0_mana=(5, 0))
        s.apply(OpenMonster((0, 0, 0)))
        assert on(s, 0, (0, 0)) == (mon, 0, True), (land, mon)


def test_mana_attr_3_sources_own_free_lands_and_occupied_enemy_lands_one_icon_each() -> None:
    s = position(p0_lands={(0, 0): "Flame", (1, 0): "Jade Egg", (2, 0): "Stone Eye"},
                 p1_lands={(0, 0): "Tome of Magic", (1, 0): "Wheel"},
                 monsters=[monster(0, (1, 0), "Sahagin", 1),  # player 1 occupies player 0's Jade Egg
                           monster(1, (0, 0), "Narcissos", 0)])  # player 0 occupies player 1's Tome of Magic
    F, Wa, Wi, L = Attr.FIRE, Attr.WATER, Attr.WIND, Attr.LIGHT
    assert s.condition_met(0, [F, F])  # Flame + the occupied Tome of Magic: two sources for FF
    assert not s.condition_met(0, [F, F, F])
    assert not s.condition_met(0, [Wa])  # its Jade Egg is held by an enemy monster
    assert s.condition_met(0, [F, L]) and not s.condition_met(0, [Wi])
    assert s.condition_met(1, [Wa, Wi])  # the occupier uses Jade Egg; its own free Wheel
    assert not s.condition_met(1, [F])  # its own Tome of Magic is occupied
    assert s.view(0).condition_met([F, F]) and not s.view(1).condition_met([F])


# ---------------------------------------------------------------------------------------------------- monsters


def test_mana_mon_1_any_number_placed_from_hand_on_own_lands() -> None:
    s = position(p0_hand=["Sahagin", "Narcissos", "Flame"], p0_lands={(0, 0): "Jade Egg", (1, 0): "Stone Eye"},
                 p1_lands={(0, 0): "Wheel"}, phase=Phase.PLACEMENT, p0_mana=(2, 0))
    sahagin, narcissos, flame = (uid_of(s, 0, n) for n in ("Sahagin", "Narcissos", "Flame"))
    placeable = {a.card for a in s.legal_actions() if isinstance(a, PlaceMonster)}
    assert placeable == {sahagin, narcissos}  # monsters only, not the artifact
    assert not any(isinstance(a, PlaceMonster) and (a.x, a.y) == (0, 0) and a.card == flame
                   for a in s.legal_actions())
    s.apply(PlaceMonster(sahagin, 0, 0, False))
    s.apply(PlaceMonster(narcissos, 1, 0, False))
    assert on(s, 0, (0, 0)) == ("Sahagin", 0, False) and on(s, 0, (1, 0)) == ("Narcissos", 0, False)
    assert names(s, s.players[0].hand) == ["Flame"] and mana(s, 0) == (2, 0)
    assert on(s, 1, (0, 0)) is None  # never on an enemy land


def test_mana_mon_2_face_down_free_or_open_by_paying() -> None:
    s = position(p0_hand=["Beholder", "Narcissos"], p0_lands={(0, 0): "Jade Egg", (1, 0): "Stone Eye"},
                 phase=Phase.PLACEMENT, p0_mana=(3, 0))
    s.apply(PlaceMonster(uid_of(s, 0, "Narcissos"), 1, 0, False))
    assert mana(s, 0) == (3, 0) and on(s, 0, (1, 0)) == ("Narcissos", 0, False)
    s.apply(PlaceMonster(uid_of(s, 0, "Beholder"), 0, 0, True))  # cost 2 paid at once
    assert mana(s, 0) == (1, 2) and on(s, 0, (0, 0)) == ("Beholder", 0, True)


def test_mana_mon_3_only_empty_lands_take_a_monster() -> None:
    s = position(p0_hand=["Sahagin", "Narcissos"], p0_lands={(0, 0): "Jade Egg"}, phase=Phase.PLACEMENT)
    s.apply(PlaceMonster(uid_of(s, 0, "Sahagin"), 0, 0, False))
    assert s.legal_actions() == [EndPlacement()]
    assert_illegal(s, PlaceMonster(uid_of(s, 0, "Narcissos"), 0, 0, False))


def test_mana_mon_4_a_monster_is_trashed_when_damage_reaches_its_def() -> None:
    # Sahagin 2/2 on Stone Eye: Lisa's 1 leaves it; Princess Pearl's 2 trashes it.
    s = position(p1_lands={(0, 0): "Stone Eye"}, monsters=[monster(1, (0, 0), "Sahagin", 1, True)],
                 p0_party=["Lisa", "Princess Pearl", "Niccolo"])
    s.apply(AttackMonster((1, 0, 0), chars(s, 0, "Lisa")))
    assert on(s, 1, (0, 0)) == ("Sahagin", 1, True)
    s.apply(AttackMonster((1, 0, 0), chars(s, 0, "Princess Pearl")))
    assert on(s, 1, (0, 0)) is None and names(s, s.players[1].discard) == ["Sahagin"]


def test_mana_mon_5_open_an_own_face_down_monster_in_the_main_phase() -> None:
    s = position(p0_lands={(0, 0): "Stone Eye", (1, 0): "Jade Egg"},
                 p1_lands={(0, 0): "Skull Lantern", (1, 0): "Color Blocks"},
                 monsters=[monster(0, (0, 0), "Beholder", 0), monster(0, (1, 0), "Sahagin", 0, True),
                           monster(1, (0, 0), "Narcissos", 1), monster(1, (1, 0), "Narcissos", 0)],
                 p0_mana=(4, 0))
    opens = {a.at for a in s.legal_actions() if isinstance(a, OpenMonster)}
    assert opens == {(0, 0, 0), (1, 1, 0)}  # own face-down ones, also on an enemy land
    assert_illegal(s, OpenMonster((1, 0, 0)))  # the enemy's
    assert_illegal(s, OpenMonster((0, 1, 0)))  # already face up
    s.apply(OpenMonster((0, 0, 0)))
    assert on(s, 0, (0, 0)) == ("Beholder", 0, True) and mana(s, 0) == (2, 2)
    s.apply(EndMain())
    assert_illegal(s, OpenMonster((1, 1, 0)))  # not in the placement phase


def test_mana_mon_6_opened_by_an_attack_unpaid_in_full_is_trashed() -> None:
    # Beholder costs 2; its owner has 1: pays 1, and it is trashed before any damage.
    s = position(p1_lands={(0, 0): "Stone Eye"}, monsters=[monster(1, (0, 0), "Beholder", 1)], p1_mana=(1, 0))
    s.apply(AttackMonster((1, 0, 0), chars(s, 0, "Hero")))
    assert on(s, 1, (0, 0)) is None and names(s, s.players[1].discard) == ["Beholder"]
    assert mana(s, 1) == (0, 1)
    assert party(s, 0) == [("Hero", True), ("Heroine", False), ("Niccolo", False)]  # unharmed, tapped


def test_mana_mon_6_a_moving_monster_opened_by_blockers_must_be_paid() -> None:
    # Drakonis (cost 5) moves face down; blocked, it is opened; its owner has 3: pays 3, trashed.
    s = position(p0_lands={(0, 0): "Flame"}, p1_lands={(0, 0): "Stone Eye"},
                 monsters=[monster(0, (0, 0), "Drakonis", 0)], p0_mana=(3, 0))
    s.apply(MoveMonster((0, 0, 0), (1, 0, 0)))
    s.apply(Block(chars(s, 1, "Niccolo")))
    assert mana(s, 0) == (0, 3)
    assert on(s, 0, (0, 0)) is None and on(s, 1, (0, 0)) is None
    assert names(s, s.players[0].discard) == ["Drakonis"]
    assert party(s, 1) == [("Hero", False), ("Heroine", False), ("Niccolo", True)]


def test_mana_mon_6_an_open_condition_that_fails_trashes_it_after_payment() -> None:
    s = position(p0_lands={(0, 0): "Jade Egg"}, monsters=[monster(0, (0, 0), "Drakonis", 0)], p0_mana=(5, 0))
    s.apply(OpenMonster((0, 0, 0)))  # no Fire land
    assert on(s, 0, (0, 0)) is None and names(s, s.players[0].discard) == ["Drakonis"]
    assert mana(s, 0) == (0, 5)


def test_mana_mon_7_move_one_way_into_an_empty_enemy_land_never_home() -> None:
    s = position(p0_lands={(0, 0): "Jade Egg"},
                 p1_lands={(0, 0): "Mailbox", (1, 0): "Stone Eye", (2, 0): "Skull Lantern"},
                 p1_party=[("Hero", True), ("Heroine", True), ("Niccolo", True)],
                 monsters=[monster(0, (0, 0), "Sahagin", 0), monster(1, (2, 0), "Narcissos", 1)])
    moves = [a for a in s.legal_actions() if isinstance(a, MoveMonster)]
    assert moves == [MoveMonster((0, 0, 0), (1, 1, 0))]  # not onto Home, not onto a taken land
    assert_illegal(s, MoveMonster((0, 0, 0), (1, 0, 0)))
    s.apply(moves[0])  # nobody can block: it arrives, still face down
    assert on(s, 1, (1, 0)) == ("Sahagin", 0, False) and on(s, 0, (0, 0)) is None
    end_turn(s)
    end_turn(s)
    assert not any(isinstance(a, MoveMonster) for a in s.legal_actions())  # no way back
    assert_illegal(s, MoveMonster((1, 1, 0), (0, 0, 0)))


def test_mana_steal_only_from_spent_pool() -> None:
    """MANA-MON-8: 基本マナ値分のマナがランド側の使用済みマナ置き場から移される: a short used pool gives less; the
    available pool is never touched. `steal=spent_first` keeps the old reading (the rest from the available pool)."""
    for options, p1_after, stolen in ((None, (3, 0), 1), (ManaOptions(steal=StealReading.SPENT_FIRST), (2, 0), 2)):
        s = position(p0_lands={(0, 0): "Stone Eye"}, p1_lands={(0, 0): "Jumi's Staff"},  # base 2
                     p1_party=[("Hero", True)], monsters=[monster(0, (0, 0), "Sahagin", 0, True)], p1_mana=(3, 1),
                     options=options)
        s.apply(MoveMonster((0, 0, 0), (1, 0, 0)))
        assert stolen_by(s, 1, (0, 0)) == stolen
        assert mana(s, 1) == p1_after and mana(s, 0) == (stolen, 0)
    assert ManaOptions().steal is StealReading.SPENT_ONLY


def test_mana_mon_8_steal_option_reads_from_the_command_line() -> None:
    from tcgsim.options import options_from_json, options_from_strings, options_to_json

    chosen = options_from_strings(ManaOptions, ["steal=spent_first"])
    assert chosen.steal is StealReading.SPENT_FIRST
    assert options_from_json(ManaOptions, options_to_json(chosen)) == chosen


def test_mana_mon_8_an_arriving_monster_takes_the_base_mana_and_gives_it_back_when_it_goes() -> None:
    # Jumi's Staff: base 2. Player 1 (1, 3): 2 from used -> (1, 1); player 0 gets 2, available.
    s = position(p0_lands={(0, 0): "Stone Eye"}, p1_lands={(0, 0): "Jumi's Staff"},
                 p1_party=[("Hero", True), "Heroine", ("Niccolo", True)],
                 monsters=[monster(0, (0, 0), "Sahagin", 0, True)], p1_mana=(1, 3))
    s.apply(MoveMonster((0, 0, 0), (1, 0, 0)))
    s.apply(Block(()))
    assert mana(s, 1) == (1, 1) and mana(s, 0) == (2, 0)
    assert stolen_by(s, 1, (0, 0)) == 2
    end_turn(s)  # player 1's turn: (1, 1) recovers to (2, 0)
    s.apply(AttackMonster((1, 0, 0), chars(s, 1, "Heroine")))  # 3 >= Sahagin's 2 DEF; 2 < Heroine's 3
    assert on(s, 1, (0, 0)) is None
    assert mana(s, 0) == (0, 0) and mana(s, 1) == (2, 2)  # back to the land owner's used pool


def test_mana_mon_9_the_occupier_uses_the_land_attribute() -> None:
    s = position(p0_lands={(0, 0): "Jade Egg"}, p1_lands={(0, 0): "Flame"},
                 monsters=[monster(1, (0, 0), "Sahagin", 0, True), monster(0, (0, 0), "Drakonis", 0)],
                 p0_mana=(5, 0))
    assert s.condition_met(0, [Attr.FIRE]) and not s.condition_met(1, [Attr.FIRE])
    s.apply(OpenMonster((0, 0, 0)))  # Drakonis' Fire condition met by the occupied Flame
    assert on(s, 0, (0, 0)) == ("Drakonis", 0, True)


def test_mana_mon_9_the_land_effect_works_for_the_occupier() -> None:
    # Player 0's Sahagin on player 1's The Flames: when a character is trashed there, the monster's owner gains 1.
    s = position(p1_lands={(0, 0): "The Flames"}, monsters=[monster(1, (0, 0), "Sahagin", 0, True)],
                 p1_party=["Bud", "Heroine", "Niccolo"], active=1)
    s.apply(AttackMonster((1, 0, 0), chars(s, 1, "Bud")))  # Bud 2/1 and Sahagin 2/2 trash each other
    assert names(s, s.players[1].char_discard) == ["Bud"]
    assert mana(s, 0) == (1, 0) and mana(s, 1) == (0, 0)


def test_mana_mon_9_no_land_make_next_to_an_occupied_land() -> None:
    s = position(p0_hand=["Flame"], p0_lands={(0, 0): "Jade Egg"}, monsters=[monster(0, (0, 0), "Sahagin", 1)])
    assert made(s) == set()


def test_mana_mon_10_attribute_bonus_on_its_own_attribute_land_not_against_the_party() -> None:
    # Sahagin (Water 2/2) on Jade Egg (Water). Attacking the party it has left its land: 2/2, and
    # Princess Pearl (2/2) trades with it.
    s = position(p0_lands={(0, 0): "Jade Egg"}, monsters=[monster(0, (0, 0), "Sahagin", 0, True)],
                 p1_party=["Princess Pearl", "Niccolo"])
    s.apply(AttackParty((0, 0, 0)))
    s.apply(Defend(chars(s, 1, "Princess Pearl")))
    assert on(s, 0, (0, 0)) is None and names(s, s.players[1].char_discard) == ["Princess Pearl"]
    # Attacked where it stands it is 3/3: Princess Pearl falls, Sahagin stays.
    s = position(p0_lands={(0, 0): "Jade Egg"}, monsters=[monster(0, (0, 0), "Sahagin", 0, True)],
                 p1_party=["Princess Pearl", "Niccolo"], active=1)
    s.apply(AttackMonster((0, 0, 0), chars(s, 1, "Princess Pearl")))
    assert on(s, 0, (0, 0)) == ("Sahagin", 0, True) and names(s, s.players[1].char_discard) == ["Princess Pearl"]


def test_mana_mon_11_face_up_monsters_attack_the_party_unless_printed_otherwise() -> None:
    s = position(p0_lands={(0, 0): "Jade Egg", (1, 0): "Stone Eye", (2, 0): "Skull Lantern"},
                 p1_lands={(0, 0): "Color Blocks"},
                 monsters=[monster(0, (0, 0), "Sahagin", 0, True), monster(0, (1, 0), "Narcissos", 0),
                           monster(0, (2, 0), "Malboro", 0, True), monster(1, (0, 0), "Sahagin", 0, True)])
    attacks = {a.at for a in s.legal_actions() if isinstance(a, AttackParty)}
    assert attacks == {(0, 0, 0), (1, 0, 0)}  # also from an enemy land
    assert_illegal(s, AttackParty((0, 1, 0)))  # face down
    assert_illegal(s, AttackParty((0, 2, 0)))  # Malboro: cannot attack a party


# ---------------------------------------------------------------------------------------------------- characters


def test_mana_char_1_characters_come_from_the_character_deck_and_cost_nothing() -> None:
    game = make_game(MIXED, MIXED, seed=5)
    s = game.new_initial_state()
    for seat in (0, 1):
        assert not any(s.cards[u].kind is Kind.CHARACTER for u in game.main_uids[seat])
        assert all(s.cards[u].kind is Kind.CHARACTER for u in game.char_uids[seat])
    s = position(p1_party=[], p1_char_deck=["Lisa", "Bud", "Elle", "Hero"], p1_deck=["Sahagin"], p1_mana=(0, 0))
    end_turn(s)
    assert party(s, 1) == [("Lisa", False), ("Bud", False), ("Elle", False)] and mana(s, 1) == (0, 0)
    assert names(s, s.players[1].hand) == ["Sahagin"]  # the draw is from the main deck


def test_mana_char_2_party_of_up_to_three_refilled_at_the_start() -> None:
    s = position(p1_party=["Hero", "Heroine", "Niccolo"], p1_char_deck=["Lisa"])
    end_turn(s)
    assert len(s.players[1].party) == 3 and names(s, s.players[1].char_deck) == ["Lisa"]
    s = position(p1_party=[], p1_char_deck=["Lisa", "Bud"])
    end_turn(s)
    assert party(s, 1) == [("Lisa", False), ("Bud", False)]


def test_mana_char_3_damage_never_carries_over_between_battles() -> None:
    # Two Sahagins (2 each) attack; Niccolo (1/4) defends twice and survives both.
    s = position(p0_lands={(0, 0): "Stone Eye", (1, 0): "Skull Lantern"},
                 monsters=[monster(0, (0, 0), "Sahagin", 0, True), monster(0, (1, 0), "Sahagin", 0, True)])
    for x in (0, 1):
        s.apply(AttackParty((0, x, 0)))
        s.apply(Defend(chars(s, 1, "Niccolo")))
    assert ("Niccolo", False) in party(s, 1) and s.players[1].char_discard == []


def test_mana_char_3_trashed_when_damage_reaches_def_items_to_the_discard() -> None:
    s = position(p0_lands={(0, 0): "Stone Eye"}, monsters=[monster(0, (0, 0), "Sahagin", 0, True)],
                 p1_party=[("Lisa", False, ["Laurent Knife"]), "Niccolo"])
    s.apply(AttackParty((0, 0, 0)))
    s.apply(Defend(chars(s, 1, "Lisa")))  # 2 >= Lisa's DEF 2
    assert names(s, s.players[1].char_discard) == ["Lisa"]
    assert names(s, s.players[1].discard) == ["Laurent Knife"]


def test_mana_char_4_trashed_characters_go_to_their_own_discard_pile() -> None:
    s = position(p0_lands={(0, 0): "Stone Eye"}, monsters=[monster(0, (0, 0), "Sahagin", 0, True)],
                 p1_party=["Bud", "Niccolo"])
    s.apply(AttackParty((0, 0, 0)))
    s.apply(Defend(chars(s, 1, "Bud")))
    assert names(s, s.players[1].char_discard) == ["Bud"] and s.players[1].discard == []
    assert s.card_locations()[uid_of(s, 1, "Bud", "char_discard")] == "char_discard1"


# ---------------------------------------------------------------------------------------------------- battles


def test_mana_battle_1_three_kinds_of_battle() -> None:
    s = position(p0_lands={(0, 0): "Jade Egg", (1, 0): "Skull Lantern"},
                 p1_lands={(0, 0): "Tome of Magic", (1, 0): "Stone Eye"},
                 monsters=[monster(0, (0, 0), "Sahagin", 0, True), monster(0, (1, 0), "Narcissos", 0, True),
                           monster(1, (0, 0), "Tomato Man", 1, True)], record_events=True)
    s.apply(AttackMonster((1, 0, 0), chars(s, 0, "Hero")))  # characters attack a monster
    s.apply(MoveMonster((0, 1, 0), (1, 1, 0)))
    s.apply(Block(chars(s, 1, "Niccolo")))  # characters block a moving monster
    s.apply(AttackParty((0, 0, 0)))
    s.apply(Defend(chars(s, 1, "Heroine")))  # a monster attacks the party
    assert battles(s) == ["character_attack", "movement", "party_attack"]


def test_mana_battle_2_a_face_down_monster_fought_is_opened_first() -> None:
    # Beholder (Fire 4/2, cost 2) face down; Heroine (3/3) attacks: its owner pays 2, then they trade.
    s = position(p1_lands={(0, 0): "Stone Eye"}, monsters=[monster(1, (0, 0), "Beholder", 1)], p1_mana=(2, 0),
                 record_events=True)
    s.apply(AttackMonster((1, 0, 0), chars(s, 0, "Heroine")))
    assert mana(s, 1) == (0, 2)
    assert s.events is not None
    kinds = [e.kind for e in s.events if e.kind in ("open", "battle_damage")]
    assert kinds == ["open", "battle_damage"]
    assert names(s, s.players[1].discard) == ["Beholder"] and names(s, s.players[0].char_discard) == ["Heroine"]


def test_mana_battle_3_characters_attack_together_on_either_sides_land_then_tap() -> None:
    # Player 1's Narcissos (3/4) on player 0's own Skull Lantern (Earth: 4/5 with its bonus).
    s = position(p0_lands={(0, 0): "Skull Lantern"}, monsters=[monster(0, (0, 0), "Narcissos", 1, True)],
                 p0_party=["Hero", "Heroine", "Gilbert"])
    attack_sets = {a.characters for a in s.legal_actions() if isinstance(a, AttackMonster)}
    hero, heroine, gilbert = chars(s, 0, "Hero", "Heroine", "Gilbert")
    assert len(attack_sets) == 7 and (hero, heroine, gilbert) in attack_sets
    s.apply(AttackMonster((0, 0, 0), (heroine, gilbert)))  # 3 + 0 = 3 < 5: it stands
    assert s.current_player == 1 and s.pending[-1].kind is ChoiceKind.ASSIGN_DAMAGE
    s.apply(AssignDamage((gilbert, heroine)))  # 4 damage: Gilbert (DEF 4) falls, nothing left for Heroine
    assert party(s, 0) == [("Hero", False), ("Heroine", True)]
    assert {a.characters for a in s.legal_actions() if isinstance(a, AttackMonster)} == {(hero,)}


def test_mana_battle_4_blocking_a_moving_monster() -> None:
    s = position(p0_lands={(0, 0): "Tome of Magic"}, p1_lands={(0, 0): "Stone Eye"},
                 p1_party=["Hero", ("Heroine", True), "Gilbert"], monsters=[monster(0, (0, 0), "Sahagin", 0, True)])
    s.apply(MoveMonster((0, 0, 0), (1, 0, 0)))
    hero, gilbert = chars(s, 1, "Hero", "Gilbert")
    assert s.current_player == 1
    assert s.legal_actions() == [Block(()), Block((hero,)), Block((gilbert,)), Block((hero, gilbert))]
    # blocked by Hero (4/2): Sahagin (2/2) is trashed, the move fails; Hero falls too
    killed = s.clone()
    killed.apply(Block((hero,)))
    assert on(killed, 0, (0, 0)) is None and on(killed, 1, (0, 0)) is None
    assert names(killed, killed.players[0].discard) == ["Sahagin"]
    # blocked by Gilbert (0/4): Sahagin survives and the move completes; the blocker taps
    s.apply(Block((gilbert,)))
    assert on(s, 1, (0, 0)) == ("Sahagin", 0, True) and on(s, 0, (0, 0)) is None
    assert party(s, 1) == [("Hero", False), ("Heroine", True), ("Gilbert", True)]


def test_mana_battle_5_characters_strength_adds_up() -> None:
    # Drakonis 6/5 (face up, on Stone Eye): Hero's 4 does not reach 5; Hero + Lisa (4 + 1) does.
    s = position(p1_lands={(0, 0): "Stone Eye"}, monsters=[monster(1, (0, 0), "Drakonis", 1, True)],
                 p0_party=["Hero", "Lisa", "Niccolo"])
    alone = s.clone()
    alone.apply(AttackMonster((1, 0, 0), chars(s, 0, "Hero")))
    assert on(alone, 1, (0, 0)) == ("Drakonis", 1, True)
    s.apply(AttackMonster((1, 0, 0), chars(s, 0, "Hero", "Lisa")))
    s.apply(AssignDamage(chars(s, 0, "Hero", "Lisa")))
    assert on(s, 1, (0, 0)) is None and names(s, s.players[1].discard) == ["Drakonis"]


def test_mana_battle_6_the_monster_side_orders_its_damage() -> None:
    # Drakonis STR 6 against Hero 4/2, Heroine 3/3, Niccolo 1/4 (8 STR: Drakonis falls in every case).
    s = position(p1_lands={(0, 0): "Stone Eye"}, monsters=[monster(1, (0, 0), "Drakonis", 1, True)])
    hero, heroine, niccolo = chars(s, 0, "Hero", "Heroine", "Niccolo")
    s.apply(AttackMonster((1, 0, 0), (hero, heroine, niccolo)))
    assert s.current_player == 1 and len(s.legal_actions()) == 6  # every order of the three
    cases = {(heroine, hero, niccolo): ["Heroine", "Hero"],  # 3 + 2, the last 1 does not kill Niccolo
             (niccolo, hero, heroine): ["Niccolo", "Hero"],  # 4 + 2
             (niccolo, heroine, hero): ["Niccolo"]}  # 4, then 2 < Heroine's 3: the damage stops there
    for order, trashed in cases.items():
        t = s.clone()
        t.apply(AssignDamage(order))
        assert names(t, t.players[0].char_discard) == trashed, order
        assert names(t, t.players[1].discard) == ["Drakonis"]


def test_mana_battle_7_damage_is_simultaneous() -> None:
    s = position(p1_lands={(0, 0): "Stone Eye"}, monsters=[monster(1, (0, 0), "Sahagin", 1, True)],
                 p0_party=["Princess Pearl", "Niccolo"])
    s.apply(AttackMonster((1, 0, 0), chars(s, 0, "Princess Pearl")))  # 2/2 against 2/2: both go
    assert names(s, s.players[1].discard) == ["Sahagin"] and names(s, s.players[0].char_discard) == ["Princess Pearl"]


def test_mana_battle_7_first_strike_lands_first() -> None:
    # Akravator 5/3 first strike: Hero (4/2) is trashed before dealing his 4.
    s = position(p1_lands={(0, 0): "Stone Eye"}, monsters=[monster(1, (0, 0), "Akravator", 1, True)])
    s.apply(AttackMonster((1, 0, 0), chars(s, 0, "Hero")))
    assert on(s, 1, (0, 0)) == ("Akravator", 1, True) and names(s, s.players[0].char_discard) == ["Hero"]
    # Hero and Niccolo: Hero takes 2 of the 5, the 3 left do not kill Niccolo (DEF 4), whose 1 is not enough.
    s = position(p1_lands={(0, 0): "Stone Eye"}, monsters=[monster(1, (0, 0), "Akravator", 1, True)])
    s.apply(AttackMonster((1, 0, 0), chars(s, 0, "Hero", "Niccolo")))
    s.apply(AssignDamage(chars(s, 0, "Hero", "Niccolo")))
    assert on(s, 1, (0, 0)) == ("Akravator", 1, True) and names(s, s.players[0].char_discard) == ["Hero"]


def test_mana_battle_8_damage_clears_after_each_battle() -> None:
    # Tomato Man 0/4: Heroine's 3, then Niccolo's 1, in two battles, never add up to 4.
    s = position(p1_lands={(0, 0): "Stone Eye"}, monsters=[monster(1, (0, 0), "Tomato Man", 1, True)])
    s.apply(AttackMonster((1, 0, 0), chars(s, 0, "Heroine")))
    s.apply(AttackMonster((1, 0, 0), chars(s, 0, "Niccolo")))
    assert on(s, 1, (0, 0)) == ("Tomato Man", 1, True)


def test_mana_battle_9_let_through_pays_one_mana() -> None:
    s = position(p0_lands={(0, 0): "Stone Eye"}, monsters=[monster(0, (0, 0), "Sahagin", 0, True)],
                 p0_mana=(0, 2), p1_mana=(1, 3))
    s.apply(AttackParty((0, 0, 0)))
    assert s.current_player == 1
    legal = s.legal_actions()
    assert legal[0] == Defend(()) and len(legal) == 1 + 7  # let through, or any non-empty group
    s.apply(Defend(()))
    assert mana(s, 1) == (0, 3) and mana(s, 0) == (1, 2)
    assert s.battle is None and s.current_player == 0 and len(s.players[1].party) == 3


def test_mana_battle_9_without_available_mana_someone_must_fight() -> None:
    s = position(p0_lands={(0, 0): "Stone Eye"}, monsters=[monster(0, (0, 0), "Sahagin", 0, True)],
                 p1_mana=(0, 5))
    s.apply(AttackParty((0, 0, 0)))
    assert_illegal(s, Defend(()))
    assert len(s.legal_actions()) == 7


def test_mana_battle_10_party_defenders_do_not_tap_tapped_ones_fight_with_str_0() -> None:
    # Heroine is tapped (STR 0 here), Lisa not (STR 1): 1 < Sahagin's DEF 2. Sahagin's 2 kills nobody.
    s = position(p0_lands={(0, 0): "Stone Eye"}, monsters=[monster(0, (0, 0), "Sahagin", 0, True)],
                 p1_party=[("Heroine", True), "Lisa", "Hero"])
    s.apply(AttackParty((0, 0, 0)))
    s.apply(Defend(chars(s, 1, "Heroine", "Lisa")))
    s.apply(AssignDamage(chars(s, 1, "Heroine", "Lisa")))
    assert on(s, 0, (0, 0)) == ("Sahagin", 0, True)
    assert party(s, 1) == [("Heroine", True), ("Lisa", False), ("Hero", False)]
    # untapped, Heroine's 3 trashes it
    s = position(p0_lands={(0, 0): "Stone Eye"}, monsters=[monster(0, (0, 0), "Sahagin", 0, True)],
                 p1_party=["Heroine", "Niccolo", "Hero"])
    s.apply(AttackParty((0, 0, 0)))
    s.apply(Defend(chars(s, 1, "Heroine")))
    assert on(s, 0, (0, 0)) is None and party(s, 1)[0] == ("Heroine", False)


# the old reading of MANA-BATTLE-11 (a blocked move fought on the land being entered)
DEST = ManaOptions(move_battle=MoveBattleReading.DESTINATION)


def test_mana_battle_11_a_blocked_move_is_fought_on_the_way_on_the_land_it_leaves() -> None:
    """途中で倒されなかった時に移動が完了する: the fight comes before the monster arrives, where it stands."""
    assert ManaOptions().move_battle is MoveBattleReading.ORIGIN
    # Sahagin leaves its Jade Egg (Water) for a Stone Eye: 3/3 with its bonus, it survives Princess Pearl (2/2)
    s = position(p0_lands={(0, 0): "Jade Egg"}, p1_lands={(0, 0): "Stone Eye"},
                 p1_party=["Princess Pearl"], p1_char_deck=["Niccolo"],
                 monsters=[monster(0, (0, 0), "Sahagin", 0, True)])
    s.apply(MoveMonster((0, 0, 0), (1, 0, 0)))
    s.apply(Block(chars(s, 1, "Princess Pearl")))
    assert on(s, 1, (0, 0)) == ("Sahagin", 0, True) and names(s, s.players[1].char_discard) == ["Princess Pearl"]
    # leaving a Tome of Magic for a Jade Egg: 2/2 (no bonus on the way), it trades with Princess Pearl
    s = position(p0_lands={(0, 0): "Tome of Magic"}, p1_lands={(0, 0): "Jade Egg"},
                 p1_party=["Princess Pearl"], p1_char_deck=["Niccolo"],
                 monsters=[monster(0, (0, 0), "Sahagin", 0, True)])
    s.apply(MoveMonster((0, 0, 0), (1, 0, 0)))
    s.apply(Block(chars(s, 1, "Princess Pearl")))
    assert names(s, s.players[0].discard) == ["Sahagin"] and on(s, 1, (0, 0)) is None


def test_mana_battle_11_a_blocked_move_uses_the_left_lands_effect() -> None:
    # Narcissos (Earth 3/4) leaving its Flame (Gato Grottoes: Earth monsters STR-2) hits with 1 on the way;
    # entering a Flame from a Stone Eye it hits with 3 and trashes Princess Pearl (2/2).
    s = position(p0_lands={(0, 0): "Flame"}, p1_lands={(0, 0): "Stone Eye"},
                 p1_party=["Princess Pearl"], monsters=[monster(0, (0, 0), "Narcissos", 0, True)])
    s.apply(MoveMonster((0, 0, 0), (1, 0, 0)))
    s.apply(Block(chars(s, 1, "Princess Pearl")))
    assert on(s, 1, (0, 0)) == ("Narcissos", 0, True) and party(s, 1) == [("Princess Pearl", True)]
    s = position(p0_lands={(0, 0): "Stone Eye"}, p1_lands={(0, 0): "Flame"},
                 p1_party=["Princess Pearl", "Niccolo"], monsters=[monster(0, (0, 0), "Narcissos", 0, True)])
    s.apply(MoveMonster((0, 0, 0), (1, 0, 0)))
    s.apply(Block(chars(s, 1, "Princess Pearl")))
    assert names(s, s.players[1].char_discard) == ["Princess Pearl"]


def test_mana_battle_11_a_movement_battle_uses_the_entered_lands_bonus() -> None:
    # Sahagin leaves its Jade Egg (Water) for a Stone Eye: no bonus there, 2/2; Princess Pearl trades with it.
    s = position(p0_lands={(0, 0): "Jade Egg"}, p1_lands={(0, 0): "Stone Eye"},
                 p1_party=["Princess Pearl"], p1_char_deck=["Niccolo"],
                 monsters=[monster(0, (0, 0), "Sahagin", 0, True)], options=DEST)
    s.apply(MoveMonster((0, 0, 0), (1, 0, 0)))
    s.apply(Block(chars(s, 1, "Princess Pearl")))
    assert names(s, s.players[0].discard) == ["Sahagin"] and on(s, 1, (0, 0)) is None
    # entering a Jade Egg from a Tome of Magic: 3/3 there, it survives Princess Pearl and arrives
    s = position(p0_lands={(0, 0): "Tome of Magic"}, p1_lands={(0, 0): "Jade Egg"},
                 p1_party=["Princess Pearl"], p1_char_deck=["Niccolo"],
                 monsters=[monster(0, (0, 0), "Sahagin", 0, True)], options=DEST)
    s.apply(MoveMonster((0, 0, 0), (1, 0, 0)))
    s.apply(Block(chars(s, 1, "Princess Pearl")))
    assert on(s, 1, (0, 0)) == ("Sahagin", 0, True) and names(s, s.players[1].char_discard) == ["Princess Pearl"]


def test_mana_battle_11_a_movement_battle_uses_the_entered_lands_effect() -> None:
    # Narcissos (Earth 3/4) entering a Flame (Gato Grottoes: Earth monsters STR-2) hits with 1:
    # Princess Pearl (2/2) survives, and Narcissos (2 < 4) arrives.
    s = position(p0_lands={(0, 0): "Stone Eye"}, p1_lands={(0, 0): "Flame"},
                 p1_party=["Princess Pearl"], monsters=[monster(0, (0, 0), "Narcissos", 0, True)], options=DEST)
    s.apply(MoveMonster((0, 0, 0), (1, 0, 0)))
    s.apply(Block(chars(s, 1, "Princess Pearl")))
    assert on(s, 1, (0, 0)) == ("Narcissos", 0, True)
    assert party(s, 1) == [("Princess Pearl", True)]


# ---------------------------------------------------------------------------------------------------- card effects


def test_mana_fx_stat_1_text_defined_stats_counted_from_the_position() -> None:
    s = position(
        p0_lands={(0, 0): "Stone Eye", (1, 0): "Flame", (2, 0): "Jade Egg", (0, 1): "Torch of Coral",
                  (1, 1): "Rusty Anchor", (2, 1): "Moon's Mirror"},
        p1_lands={(0, 0): "Tome of Magic", (1, 0): "The Flames", (2, 0): "Sword of Mana", (0, 1): "Jade Egg"},
        monsters=[monster(0, (0, 0), "Hitodama", 0, True),  # STR 2 x Fire lands of both: Flame, Tome, The Flames
                  monster(0, (2, 1), "Big Baby", 0, True),  # DEF 2 x own Water lands: Jade Egg, Torch, Anchor
                  monster(1, (2, 0), "Jewel Beast", 0, True),  # STR = the opponent's available mana
                  monster(0, (0, 1), "Labanne", 1, True)],  # STR and DEF = lands of its opponent (player 0): 6
        p1_mana=(4, 7))
    v = s.view(0)
    assert v.monster_strength((0, 0, 0)) == (6, 3)
    assert v.monster_strength((0, 2, 1)) == (3, 6)
    assert v.monster_strength((1, 2, 0)) == (4, 3)
    assert v.monster_strength((0, 0, 1)) == (6, 6)


def test_mana_fx_stat_1_kid_dragon_counts_the_characters_fighting_it() -> None:
    # Kid Dragon 0/1: STR 3 against three characters, put on Heroine first (DEF 3).
    s = position(p1_lands={(0, 0): "Stone Eye"}, monsters=[monster(1, (0, 0), "Kid Dragon", 1, True)])
    hero, heroine, niccolo = chars(s, 0, "Hero", "Heroine", "Niccolo")
    s.apply(AttackMonster((1, 0, 0), (hero, heroine, niccolo)))
    assert s.legal_actions()[0] == AssignDamage((hero, heroine, niccolo))  # STR 3 > 0: an order is asked for
    s.apply(AssignDamage((heroine, hero, niccolo)))
    assert names(s, s.players[0].char_discard) == ["Heroine"]
    assert names(s, s.players[1].discard) == ["Kid Dragon"]


@pytest.mark.parametrize(
    ("mon", "land_owner", "land", "attackers", "monster_survives", "fallen"),
    [
        ("Beholder", 1, "Stone Eye", ["Matilda"], False, ["Matilda"]),  # 4/2 on its own land
        ("Beholder", 0, "Stone Eye", ["Matilda"], True, ["Matilda"]),  # 5/3 on an enemy land
        ("Malboro", 1, "Stone Eye", ["Hero"], True, []),  # Hero's 4 - 2 = 2 < 3; Malboro's 1 < 2
        ("Molebear", 1, "Stone Eye", ["Heroine"], True, []),  # 0/4 on its own land
        ("Molebear", 0, "Stone Eye", ["Heroine"], False, []),  # 0/3 on an enemy land
        ("Tonpole", 1, "Stone Eye", ["Matilda"], False, ["Matilda"]),  # 3/2 off Water
        ("Tonpole", 1, "Jade Egg", ["Matilda"], True, ["Matilda"]),  # 2/3 +1/+1 on Water
    ],
)
def test_mana_fx_stat_2_conditional_battle_modifiers(mon: str, land_owner: int, land: str, attackers: list[str],
                                                      monster_survives: bool, fallen: list[str]) -> None:
    kw: dict[str, Any] = {f"p{land_owner}_lands": {(0, 0): land}}
    s = position(monsters=[monster(land_owner, (0, 0), mon, 1, True)], p0_party=[*attackers, "Niccolo"], **kw)
    s.apply(AttackMonster((land_owner, 0, 0), chars(s, 0, *attackers)))
    assert (on(s, land_owner, (0, 0)) is not None) is monster_survives
    assert names(s, s.players[0].char_discard) == fallen


def test_mana_fx_stat_2_movement_battle_modifiers() -> None:
    # Teedie (Wind 2/2) is 4/4 in a movement battle: it survives Heroine (3) and trashes her.
    s = position(p0_lands={(0, 0): "Stone Eye"}, p1_lands={(0, 0): "Color Blocks"},
                 p1_party=["Heroine", "Niccolo"], monsters=[monster(0, (0, 0), "Teedie", 0, True)])
    s.apply(MoveMonster((0, 0, 0), (1, 0, 0)))
    s.apply(Block(chars(s, 1, "Heroine")))
    assert on(s, 1, (0, 0)) == ("Teedie", 0, True) and names(s, s.players[1].char_discard) == ["Heroine"]
    # Du'Cate (Earth 4/6) is 3/5 in a movement battle: Hero + Lisa (5) trash it; its 3 kills Hero (DEF 2) only.
    s = position(p0_lands={(0, 0): "Stone Eye"}, p1_lands={(0, 0): "Color Blocks"},
                 p1_party=["Hero", "Lisa"], monsters=[monster(0, (0, 0), "Du'Cate", 0, True)])
    s.apply(MoveMonster((0, 0, 0), (1, 0, 0)))
    s.apply(Block(chars(s, 1, "Hero", "Lisa")))
    s.apply(AssignDamage(chars(s, 1, "Hero", "Lisa")))
    assert names(s, s.players[0].discard) == ["Du'Cate"] and names(s, s.players[1].char_discard) == ["Hero"]


@pytest.mark.parametrize(
    ("land", "mon", "attackers", "monster_survives", "fallen"),
    [
        ("Flame", "Narcissos", ["Princess Pearl"], True, []),  # Gato Grottoes: Earth STR-2 -> 1/4
        ("Stone Eye", "Narcissos", ["Princess Pearl"], True, ["Princess Pearl"]),  # plain: 3/4
        ("Rusty Anchor", "Beholder", ["Heroine"], False, []),  # Polpota Harbor: Fire STR-2 -> 2/2
        # Jungle: bonus +1/+1 and DEF+1 -> 4/6, Hero + Lisa's 5 is not enough; its 4 takes Lisa (2) and Hero (2)
        ("Medallion", "Narcissos", ["Hero", "Lisa"], True, ["Lisa", "Hero"]),
        ("Skull Lantern", "Narcissos", ["Hero", "Lisa"], False, ["Lisa", "Hero"]),  # bonus only: 4/5
        ("Brooch of Love", "Sahagin", ["Heroine"], False, ["Heroine"]),  # Lucemia: STR+1 -> 3/2
        ("Stone Eye", "Sahagin", ["Heroine"], False, []),  # plain 2/2
    ],
)
def test_mana_fx_stat_3_land_sides_change_the_monster_standing_on_them(
    land: str, mon: str, attackers: list[str], monster_survives: bool, fallen: list[str]
) -> None:
    s = position(p1_lands={(0, 0): land}, monsters=[monster(1, (0, 0), mon, 1, True)],
                 p0_party=[*attackers, "Niccolo"])
    s.apply(AttackMonster((1, 0, 0), chars(s, 0, *attackers)))
    if s.pending:
        s.apply(AssignDamage(chars(s, 0, *attackers)[::-1]))  # Lisa first, if there are two
    assert (on(s, 1, (0, 0)) is not None) is monster_survives
    assert names(s, s.players[0].char_discard) == fallen


def test_mana_fx_stat_4_chobin_hoods_attribute_bonus_is_two() -> None:
    s = position(p1_lands={(0, 0): "Green Cane"}, monsters=[monster(1, (0, 0), "Chobin Hood", 1, True)],
                 p0_party=["Hero", "Lisa", "Niccolo"])
    assert s.view(0).monster_strength((1, 0, 0)) == (4, 5)  # 2/3 + 2/2 on a Wood land
    alone = s.clone()
    alone.apply(AttackMonster((1, 0, 0), chars(s, 0, "Hero")))  # 4 < 5
    assert on(alone, 1, (0, 0)) == ("Chobin Hood", 1, True)
    s.apply(AttackMonster((1, 0, 0), chars(s, 0, "Hero", "Lisa")))  # 5 >= 5
    s.apply(AssignDamage(chars(s, 0, "Hero", "Lisa")))
    assert on(s, 1, (0, 0)) is None


def test_mana_fx_battle_1_first_strike_no_movement_damage_and_damage_to_every_character() -> None:
    # Chocobo (Light 3/2) takes no damage in a movement battle: Hero's 4 does nothing, Chocobo's 3 trashes him.
    s = position(p0_lands={(0, 0): "Moon's Mirror"}, p1_lands={(0, 0): "Color Blocks"},
                 monsters=[monster(0, (0, 0), "Chocobo", 0, True)])
    s.apply(MoveMonster((0, 0, 0), (1, 0, 0)))
    s.apply(Block(chars(s, 1, "Hero")))
    assert on(s, 1, (0, 0)) == ("Chocobo", 0, True) and names(s, s.players[1].char_discard) == ["Hero"]
    # ... but it does when attacked where it stands
    s = position(p1_lands={(0, 0): "Moon's Mirror"}, monsters=[monster(1, (0, 0), "Chocobo", 1, True)])
    s.apply(AttackMonster((1, 0, 0), chars(s, 0, "Hero")))
    assert on(s, 1, (0, 0)) is None
    # Sky Dragon deals 3 to every character: no order to choose; Hero (2) and Heroine (3) fall, Niccolo (4) not.
    s = position(p1_lands={(0, 0): "Stone Eye"}, monsters=[monster(1, (0, 0), "Sky Dragon", 1, True)])
    s.apply(AttackMonster((1, 0, 0), chars(s, 0, "Hero", "Heroine", "Niccolo")))
    assert s.current_player == 0 and not s.pending
    assert names(s, s.players[0].char_discard) == ["Hero", "Heroine"]
    assert names(s, s.players[1].discard) == ["Sky Dragon"]
    # Akravator's first strike: see test_mana_battle_7_first_strike_lands_first
    s = position(p1_lands={(0, 0): "Stone Eye"}, monsters=[monster(1, (0, 0), "Akravator", 1, True)])
    s.apply(AttackMonster((1, 0, 0), chars(s, 0, "Hero")))
    assert on(s, 1, (0, 0)) is not None


def test_mana_fx_battle_2_goblin_trashes_monster_cards_from_hand_for_two_two_each() -> None:
    s = position(p1_hand=["Sahagin", "Narcissos", "Flame"], p1_lands={(0, 0): "Stone Eye"},
                 monsters=[monster(1, (0, 0), "Goblin", 1, True)])
    s.apply(AttackMonster((1, 0, 0), chars(s, 0, "Hero")))
    sahagin, narcissos = uid_of(s, 1, "Sahagin"), uid_of(s, 1, "Narcissos")
    assert s.current_player == 1
    assert set(s.legal_actions()) == {Sacrifice(()), Sacrifice((sahagin,)), Sacrifice((narcissos,)),
                                      Sacrifice((sahagin, narcissos))}
    none = s.clone()
    none.apply(Sacrifice(()))  # 2/2 against Hero 4/2: both fall
    assert on(none, 1, (0, 0)) is None and names(none, none.players[0].char_discard) == ["Hero"]
    s.apply(Sacrifice((sahagin, narcissos)))  # 6/6: Hero's 4 is not enough
    assert on(s, 1, (0, 0)) == ("Goblin", 1, True)
    assert names(s, s.players[1].discard) == ["Sahagin", "Narcissos"] and names(s, s.players[1].hand) == ["Flame"]
    assert names(s, s.players[0].char_discard) == ["Hero"]


def test_mana_fx_battle_3_fullmetal_haggar_and_princess_pearl_cancel_each_other() -> None:
    # Haggar (Water 4/4) shuts Daena's shield off: Hero 4/2 + Daena 3/3 take 4, put on Hero first: Hero falls.
    s = position(p1_lands={(0, 0): "Stone Eye"}, monsters=[monster(1, (0, 0), "Fullmetal Haggar", 1, True)],
                 p0_party=["Hero", "Daena", "Lisa"])
    s.apply(AttackMonster((1, 0, 0), chars(s, 0, "Hero", "Daena")))
    s.apply(AssignDamage(chars(s, 0, "Hero", "Daena")))
    assert names(s, s.players[0].char_discard) == ["Hero"] and on(s, 1, (0, 0)) is None
    # Pearl against Malboro: no Stinky Breath; Pearl against Haggar: both cancelled, Haggar fights as printed
    s = position(p1_lands={(0, 0): "Stone Eye"}, monsters=[monster(1, (0, 0), "Fullmetal Haggar", 1, True)],
                 p0_party=["Princess Pearl", "Lisa"])
    s.apply(AttackMonster((1, 0, 0), chars(s, 0, "Princess Pearl")))
    assert names(s, s.players[0].char_discard) == ["Princess Pearl"] and on(s, 1, (0, 0)) is not None


def test_mana_fx_open_1_drakonis_makes_its_owner_discard() -> None:
    s = position(p0_hand=["Wheel", "Sahagin"], p0_lands={(0, 0): "Flame"},
                 monsters=[monster(0, (0, 0), "Drakonis", 0)], p0_mana=(5, 0))
    s.apply(OpenMonster((0, 0, 0)))
    assert s.current_player == 0 and s.pending[-1].kind is ChoiceKind.DISCARD
    assert s.legal_actions() == [Discard(uid_of(s, 0, "Wheel")), Discard(uid_of(s, 0, "Sahagin"))]
    s.apply(Discard(uid_of(s, 0, "Sahagin")))
    assert names(s, s.players[0].hand) == ["Wheel"] and names(s, s.players[0].discard) == ["Sahagin"]
    assert on(s, 0, (0, 0)) == ("Drakonis", 0, True) and not s.pending


def test_mana_fx_open_1_boreal_hound_taps_a_character_not_in_the_battle() -> None:
    s = position(p0_lands={(0, 0): "Stone Eye"}, monsters=[monster(0, (0, 0), "Boreal Hound", 0)], p0_mana=(4, 0))
    s.apply(OpenMonster((0, 0, 0)))
    assert s.current_player == 0
    assert s.legal_actions() == [ChooseCharacter(u) for u in chars(s, 1, "Hero", "Heroine", "Niccolo")]
    s.apply(ChooseCharacter(chars(s, 1, "Heroine")[0]))
    assert party(s, 1) == [("Hero", False), ("Heroine", True), ("Niccolo", False)]
    # opened by an attack: the Hound's owner taps one of the attacker's characters outside the battle
    s = position(p1_lands={(0, 0): "Stone Eye"}, monsters=[monster(1, (0, 0), "Boreal Hound", 1)], p1_mana=(4, 0))
    s.apply(AttackMonster((1, 0, 0), chars(s, 0, "Hero")))
    assert s.current_player == 1
    assert s.legal_actions() == [ChooseCharacter(u) for u in chars(s, 0, "Heroine", "Niccolo")]
    s.apply(ChooseCharacter(chars(s, 0, "Niccolo")[0]))
    assert party(s, 0) == [("Heroine", False), ("Niccolo", True)]  # Hero fell to the Hound's 4


def test_mana_fx_open_1_jajara_trashes_an_own_character() -> None:
    s = position(p0_lands={(0, 0): "Stone Eye"}, monsters=[monster(0, (0, 0), "Jajara", 0)], p0_mana=(2, 0))
    s.apply(OpenMonster((0, 0, 0)))
    assert s.current_player == 0
    assert s.legal_actions() == [ChooseCharacter(u) for u in chars(s, 0, "Hero", "Heroine", "Niccolo")]
    s.apply(ChooseCharacter(chars(s, 0, "Niccolo")[0]))
    assert names(s, s.players[0].char_discard) == ["Niccolo"] and on(s, 0, (0, 0)) == ("Jajara", 0, True)


def test_mana_fx_open_1_fierce_face_trashes_itself_on_its_own_land() -> None:
    s = position(p0_lands={(0, 0): "Stone Eye"}, p1_lands={(0, 0): "Color Blocks"},
                 monsters=[monster(0, (0, 0), "Fierce Face", 0), monster(1, (0, 0), "Fierce Face", 0)],
                 p0_mana=(2, 0))
    s.apply(OpenMonster((0, 0, 0)))
    assert on(s, 0, (0, 0)) is None and names(s, s.players[0].discard) == ["Fierce Face"] and mana(s, 0) == (1, 1)
    s.apply(OpenMonster((1, 0, 0)))  # on an enemy land it stays
    assert on(s, 1, (0, 0)) == ("Fierce Face", 0, True)


def test_mana_fx_open_1_shadow_zero_trashes_itself_and_a_character_of_the_battle() -> None:
    s = position(p1_lands={(0, 0): "Dragon Bone"}, monsters=[monster(1, (0, 0), "Shadow Zero", 1)], p1_mana=(1, 0))
    hero, heroine = chars(s, 0, "Hero", "Heroine")
    s.apply(AttackMonster((1, 0, 0), (hero, heroine)))
    assert on(s, 1, (0, 0)) is None and names(s, s.players[1].discard) == ["Shadow Zero"]
    assert s.current_player == 0  # the character side chooses
    assert s.legal_actions() == [ChooseCharacter(hero), ChooseCharacter(heroine)]
    s.apply(ChooseCharacter(hero))
    assert names(s, s.players[0].char_discard) == ["Hero"]
    assert party(s, 0) == [("Heroine", True), ("Niccolo", False)]
    # opened in the main phase: it just goes
    s = position(p0_lands={(0, 0): "Dragon Bone"}, monsters=[monster(0, (0, 0), "Shadow Zero", 0)], p0_mana=(1, 0))
    s.apply(OpenMonster((0, 0, 0)))
    assert names(s, s.players[0].discard) == ["Shadow Zero"] and not s.pending


def test_mana_fx_open_1_mad_mallard_trashes_an_item_when_opened_by_a_character_attack() -> None:
    s = position(p1_lands={(0, 0): "Moon's Mirror"}, monsters=[monster(1, (0, 0), "Mad Mallard", 1)],
                 p0_party=[("Niccolo", False, ["Laurent Knife"]), "Gilbert"], p1_mana=(2, 0))
    s.apply(AttackMonster((1, 0, 0), chars(s, 0, "Niccolo")))
    assert s.players[0].party[0].items == [] and names(s, s.players[0].discard) == ["Laurent Knife"]
    assert on(s, 1, (0, 0)) == ("Mad Mallard", 1, True)  # Niccolo's 1 < 2 (no Hero or Heroine: no synchro)


@pytest.mark.parametrize(
    ("mon", "good", "bad"),
    [("Drakonis", "Flame", "Jade Egg"), ("Du'Cate", "Skull Lantern", "Jade Egg"),
     ("Akravator", "Moon's Mirror", "Jade Egg"), ("Gorgon Eye", "Jade Egg", "Flame"),
     ("Jewel Beast", "Color Blocks", "Jade Egg"), ("Labanne", "Green Cane", "Jade Egg")],
)
def test_mana_fx_open_2_open_conditions(mon: str, good: str, bad: str) -> None:
    cost = next(c.cost or 0 for c in mana_cards().values() if c.name == mon)
    for land, survives in ((good, True), (bad, False)):
        # the monster stands on a Stone Eye (Light): the condition asks for any own land of the attribute
        s = position(p0_lands={(0, 0): "Stone Eye", (1, 0): land}, monsters=[monster(0, (0, 0), mon, 0)],
                     p0_mana=(cost, 0))
        s.apply(OpenMonster((0, 0, 0)))
        assert (on(s, 0, (0, 0)) == (mon, 0, True)) is survives, land
        assert (names(s, s.players[0].discard) == [mon]) is not survives
        assert mana(s, 0) == (0, cost)


def test_mana_fx_open_2_the_condition_counts_the_lands_of_mana_attr_3() -> None:
    """An open condition is an attribute condition (MANA-ATTR-3): an enemy land one's monster occupies counts, an
    own land held by an enemy monster does not."""
    cost = next(c.cost or 0 for c in mana_cards().values() if c.name == "Akravator")
    # Akravator (Wind) face down on player 1's Moon's Mirror (Wind); player 0 holds no Wind land of its own
    s = position(p0_lands={(0, 0): "Stone Eye"}, p1_lands={(0, 0): "Moon's Mirror"},
                 monsters=[monster(1, (0, 0), "Akravator", 0)],
                 p0_mana=(cost, 0))
    s.apply(OpenMonster((1, 0, 0)))
    assert on(s, 1, (0, 0)) == ("Akravator", 0, True)
    # player 0's own Moon's Mirror is held by an enemy monster: it does not count
    s = position(p0_lands={(0, 0): "Stone Eye", (1, 0): "Moon's Mirror"},
                 monsters=[monster(0, (0, 0), "Akravator", 0), monster(0, (1, 0), "Sahagin", 1)], p0_mana=(cost, 0))
    s.apply(OpenMonster((0, 0, 0)))
    assert on(s, 0, (0, 0)) is None and names(s, s.players[0].discard) == ["Akravator"]


def test_mana_fx_open_2_shadow_zero_without_a_dark_land_is_trashed_before_its_skill() -> None:
    s = position(p1_lands={(0, 0): "Stone Eye"}, monsters=[monster(1, (0, 0), "Shadow Zero", 1)], p1_mana=(1, 0))
    s.apply(AttackMonster((1, 0, 0), chars(s, 0, "Hero")))
    assert names(s, s.players[1].discard) == ["Shadow Zero"] and not s.pending
    assert party(s, 0)[0] == ("Hero", True)


def test_mana_fx_open_3_iron_centaur_opened_on_an_enemy_land_devastates_it() -> None:
    s = position(p1_lands={(0, 0): "Jade Egg", (1, 0): "Stone Eye"},
                 monsters=[monster(1, (0, 0), "Iron Centaur", 0, stolen=1)], p0_mana=(4, 0), p1_mana=(1, 0))
    s.apply(OpenMonster((1, 0, 0)))
    assert lands(s, 1) == {(1, 0): "Stone Eye"}
    assert names(s, s.players[0].discard) == ["Iron Centaur"] and names(s, s.players[1].discard) == ["Jade Egg"]
    assert mana(s, 0) == (0, 3) and mana(s, 1) == (1, 0)  # worked out in test_mana_land_9_the_monster_on_...


def test_mana_fx_open_3_iron_centaur_on_its_own_land_does_nothing() -> None:
    s = position(p0_lands={(0, 0): "Jade Egg"}, monsters=[monster(0, (0, 0), "Iron Centaur", 0)], p0_mana=(3, 0))
    s.apply(OpenMonster((0, 0, 0)))
    assert on(s, 0, (0, 0)) == ("Iron Centaur", 0, True) and lands(s, 0) == {(0, 0): "Jade Egg"}


def test_mana_fx_open_3_iron_centaur_opened_in_battle_and_trashed_there_does_nothing() -> None:
    s = position(p1_lands={(0, 0): "Jade Egg"}, monsters=[monster(1, (0, 0), "Iron Centaur", 0)],
                 p0_mana=(3, 0), active=1)
    s.apply(AttackMonster((1, 0, 0), chars(s, 1, "Hero")))  # opened (3 paid), then 4 >= DEF 3
    assert mana(s, 0) == (0, 3)
    assert lands(s, 1) == {(0, 0): "Jade Egg"} and names(s, s.players[0].discard) == ["Iron Centaur"]


def test_mana_fx_open_3_iron_centaur_opened_in_battle_devastates_after_it_if_it_survived() -> None:
    s = position(p1_lands={(0, 0): "Jade Egg"}, monsters=[monster(1, (0, 0), "Iron Centaur", 0)],
                 p0_mana=(3, 0), p1_mana=(0, 2), p1_party=["Lisa", "Hero"], active=1)
    s.apply(AttackMonster((1, 0, 0), chars(s, 1, "Lisa")))  # Lisa's 1 < 3; the Centaur's 4 trashes her
    assert lands(s, 1) == {} and names(s, s.players[1].discard) == ["Jade Egg"]
    assert names(s, s.players[0].discard) == ["Iron Centaur"]
    assert mana(s, 1) == (0, 1) and mana(s, 0) == (0, 3)  # the land's base 1 from the used pool


def test_mana_fx_open_3_iron_centaur_blocked_on_the_way_devastates_where_it_arrives() -> None:
    # Face down on its own Stone Eye, it moves into player 1's Jade Egg (base 1); Lisa blocks.
    # open: p0 (3, 0) -> (0, 3); Lisa falls; it arrives and takes 1: p1 (1, 0) -> (0, 0), p0 (1, 3);
    # devastation: the 1 goes back to p1's used (0, 1), p0 (0, 3); the land takes its 1 with it: p1 (0, 0).
    s = position(p0_lands={(0, 0): "Stone Eye"}, p1_lands={(0, 0): "Jade Egg"}, p1_party=["Lisa", "Hero"],
                 monsters=[monster(0, (0, 0), "Iron Centaur", 0)], p0_mana=(3, 0), p1_mana=(1, 0))
    s.apply(MoveMonster((0, 0, 0), (1, 0, 0)))
    s.apply(Block(chars(s, 1, "Lisa")))
    assert lands(s, 1) == {} and on(s, 0, (0, 0)) is None
    assert names(s, s.players[0].discard) == ["Iron Centaur"] and names(s, s.players[1].discard) == ["Jade Egg"]
    assert mana(s, 0) == (0, 3) and mana(s, 1) == (0, 0)


def test_mana_fx_trash_1_tomato_man_makes_the_opponent_discard() -> None:
    s = position(p0_hand=["Flame", "Sahagin"], p1_lands={(0, 0): "Stone Eye"},
                 monsters=[monster(1, (0, 0), "Tomato Man", 1, True)])
    s.apply(AttackMonster((1, 0, 0), chars(s, 0, "Hero")))
    assert s.current_player == 0 and s.pending[-1].kind is ChoiceKind.DISCARD
    s.apply(Discard(uid_of(s, 0, "Flame")))
    assert names(s, s.players[0].discard) == ["Flame"] and names(s, s.players[0].hand) == ["Sahagin"]
    assert s.phase is Phase.MAIN and not s.pending


def test_mana_fx_trash_1_vadise_returns_the_strongest_character_to_the_deck() -> None:
    s = position(p1_lands={(0, 0): "Moon's Mirror"}, monsters=[monster(1, (0, 0), "Vadise", 1, True)],
                 p1_char_discard=["Lisa", "Hamson", "Gilbert"], p1_char_deck=["Escad"])
    s.apply(AttackMonster((1, 0, 0), chars(s, 0, "Hero")))  # 4 >= DEF 4
    assert names(s, s.players[1].char_discard) == ["Lisa", "Gilbert"]  # Hamson 6/2 is the strongest (8)
    assert sorted(names(s, s.players[1].char_deck)) == ["Escad", "Hamson"]


def test_mana_fx_trash_1_eye_spy_and_polter_box_draw() -> None:
    s = position(p1_lands={(0, 0): "Moon's Mirror", (1, 0): "Stone Eye"}, p0_deck=["Wheel", "Flame"],
                 p1_deck=["Jade Egg", "Sahagin", "Medallion"],
                 monsters=[monster(1, (0, 0), "Eye Spy", 1, True), monster(1, (1, 0), "Polter Box", 1, True)])
    s.apply(AttackMonster((1, 0, 0), chars(s, 0, "Heroine")))  # Eye Spy 3/3: its owner draws 1
    assert names(s, s.players[1].hand) == ["Jade Egg"] and names(s, s.players[0].hand) == []
    s.apply(AttackMonster((1, 1, 0), chars(s, 0, "Hero")))  # Polter Box 1/4: both draw 1
    assert names(s, s.players[1].hand) == ["Jade Egg", "Sahagin"] and names(s, s.players[0].hand) == ["Wheel"]


def test_mana_fx_trash_1_succubus_goes_on_top_of_the_deck() -> None:
    s = position(p1_lands={(0, 0): "Stone Eye"}, monsters=[monster(1, (0, 0), "Succubus", 1, True)],
                 p1_deck=["Flame"])
    s.apply(AttackMonster((1, 0, 0), chars(s, 0, "Niccolo")))  # 1 >= DEF 1
    assert names(s, s.players[1].deck) == ["Flame", "Succubus"]  # the top is the end of the list
    assert s.players[1].discard == []


@pytest.mark.parametrize(("mon", "cost"), [("Kima", 2), ("Lullabud", 1)])
def test_mana_fx_trash_1_pay_to_return_to_hand(mon: str, cost: int) -> None:
    s = position(p1_lands={(0, 0): "Stone Eye"}, monsters=[monster(1, (0, 0), mon, 1, True)], p1_mana=(cost, 0),
                 p0_party=["Hero", "Heroine", "Niccolo"])
    s.apply(AttackMonster((1, 0, 0), chars(s, 0, "Hero", "Heroine")))  # 7 trashes either
    if s.pending and s.pending[-1].kind is ChoiceKind.ASSIGN_DAMAGE:
        s.apply(AssignDamage(chars(s, 0, "Heroine", "Hero")))
    assert s.current_player == 1 and s.legal_actions() == [Pay(False), Pay(True)]
    declined = s.clone()
    declined.apply(Pay(False))
    assert names(declined, declined.players[1].discard) == [mon] and mana(declined, 1) == (cost, 0)
    s.apply(Pay(True))
    assert names(s, s.players[1].hand) == [mon] and s.players[1].discard == [] and mana(s, 1) == (0, cost)
    # without the mana, nothing is offered
    s = position(p1_lands={(0, 0): "Stone Eye"}, monsters=[monster(1, (0, 0), mon, 1, True)], p1_mana=(cost - 1, 9))
    s.apply(AttackMonster((1, 0, 0), chars(s, 0, "Hero", "Heroine")))
    if s.pending and s.pending[-1].kind is ChoiceKind.ASSIGN_DAMAGE:
        s.apply(AssignDamage(chars(s, 0, "Heroine", "Hero")))
    assert not s.pending and names(s, s.players[1].discard) == [mon]


def test_mana_fx_trash_2_deathbringer_trashes_the_top_of_the_enemy_character_deck() -> None:
    s = position(p1_lands={(0, 0): "Stone Eye"}, monsters=[monster(1, (0, 0), "Deathbringer", 1, True)],
                 p0_char_deck=["Escad", "Daena"])
    s.apply(AttackMonster((1, 0, 0), chars(s, 0, "Hero")))  # 4 >= 4; its 5 trashes Hero too
    assert names(s, s.players[0].char_discard) == ["Hero", "Escad"]
    assert names(s, s.players[0].char_deck) == ["Daena"]


def test_mana_fx_trash_2_springball_gives_the_opponent_one_mana() -> None:
    s = position(p1_lands={(0, 0): "Stone Eye"}, monsters=[monster(1, (0, 0), "Springball", 1, True)],
                 p0_mana=(0, 3))
    s.apply(AttackMonster((1, 0, 0), chars(s, 0, "Hero")))  # 4 >= 4
    assert mana(s, 0) == (1, 3) and mana(s, 1) == (0, 0)


def test_mana_fx_trash_2_underworld_pay_one_to_take_the_monster_back() -> None:
    # for the monster's owner, whoever owns the land
    for land_owner, mon_owner in ((1, 1), (1, 0)):
        s = position(p1_lands={(0, 0): "Trembling Spoon"},
                     monsters=[monster(land_owner, (0, 0), "Sahagin", mon_owner, True)],
                     p0_mana=(1, 0), p1_mana=(1, 0), active=1 - mon_owner)
        s.apply(AttackMonster((land_owner, 0, 0), chars(s, 1 - mon_owner, "Heroine")))
        assert s.current_player == mon_owner and s.legal_actions() == [Pay(False), Pay(True)]
        s.apply(Pay(True))
        assert names(s, s.players[mon_owner].hand) == ["Sahagin"] and mana(s, mon_owner) == (0, 1)


def test_mana_fx_trash_2_underworld_applies_to_a_movement_battle_fought_on_it() -> None:
    s = position(p0_lands={(0, 0): "Jade Egg"}, p1_lands={(0, 0): "Trembling Spoon"},
                 monsters=[monster(0, (0, 0), "Sahagin", 0, True)], p0_mana=(2, 0), options=DEST)
    s.apply(MoveMonster((0, 0, 0), (1, 0, 0)))
    s.apply(Block(chars(s, 1, "Hero")))  # Sahagin (2/2 on the Underworld) is trashed there
    assert s.current_player == 0 and s.legal_actions() == [Pay(False), Pay(True)]


def test_mana_fx_trash_2_underworld_does_not_apply_to_a_battle_fought_elsewhere() -> None:
    s = position(p0_lands={(0, 0): "Trembling Spoon"}, p1_lands={(0, 0): "Stone Eye"},
                 monsters=[monster(0, (0, 0), "Sahagin", 0, True)], p0_mana=(2, 0), options=DEST)
    s.apply(MoveMonster((0, 0, 0), (1, 0, 0)))
    s.apply(Block(chars(s, 1, "Hero")))
    assert not s.pending and names(s, s.players[0].discard) == ["Sahagin"]


def test_mana_fx_end_1_gorgon_eye_surviving_trashes_a_character_that_fought_it() -> None:
    # Gorgon Eye 0/5 on Jade Egg (Water): 1/6. Hero + Gilbert (4) do not trash it; its 1 damage kills nobody.
    s = position(p1_lands={(0, 0): "Jade Egg"}, monsters=[monster(1, (0, 0), "Gorgon Eye", 1, True)],
                 p0_party=["Hero", "Heroine", "Gilbert"])
    hero, niccolo = chars(s, 0, "Hero", "Gilbert")
    s.apply(AttackMonster((1, 0, 0), (hero, niccolo)))
    s.apply(AssignDamage((hero, niccolo)))
    assert s.current_player == 0  # the character side chooses which
    assert s.legal_actions() == [ChooseCharacter(hero), ChooseCharacter(niccolo)]
    s.apply(ChooseCharacter(niccolo))
    assert names(s, s.players[0].char_discard) == ["Gilbert"]
    assert party(s, 0) == [("Hero", True), ("Heroine", False)]
    # trashed, it does nothing
    s = position(p1_lands={(0, 0): "Jade Egg"}, monsters=[monster(1, (0, 0), "Gorgon Eye", 1, True)])
    s.apply(AttackMonster((1, 0, 0), chars(s, 0, "Hero", "Heroine", "Niccolo")))
    s.apply(AssignDamage(chars(s, 0, "Hero", "Heroine", "Niccolo")))
    assert not s.pending and s.players[0].char_discard == []


def test_mana_fx_end_1_lord_of_jewels_surviving_gains_one_mana() -> None:
    # Lord of Jewels 999 (Gold 4/3) on Color Blocks (Gold): 5/4; Heroine's 3 does not trash it.
    s = position(p1_lands={(0, 0): "Color Blocks"}, monsters=[monster(1, (0, 0), "Lord of Jewels 999", 1, True)],
                 p1_mana=(0, 2))
    s.apply(AttackMonster((1, 0, 0), chars(s, 0, "Heroine")))
    assert mana(s, 1) == (1, 2)
    s.apply(AttackMonster((1, 0, 0), chars(s, 0, "Hero", "Niccolo")))  # 5 >= 4: no mana this time
    s.apply(AssignDamage(chars(s, 0, "Hero", "Niccolo")))
    assert on(s, 1, (0, 0)) is None and mana(s, 1) == (1, 2)


def test_mana_fx_end_1_punkster_trashes_its_land_and_itself() -> None:
    s = position(p1_lands={(0, 0): "Stone Eye"}, monsters=[monster(1, (0, 0), "Punkster", 1, True)],
                 p0_party=["Gilbert", "Hero"], p1_mana=(0, 1))
    s.apply(AttackMonster((1, 0, 0), chars(s, 0, "Gilbert")))
    assert lands(s, 1) == {} and names(s, s.players[1].discard) == ["Punkster", "Stone Eye"]
    assert mana(s, 1) == (0, 0)


def test_mana_fx_end_1_punkster_trashed_in_battle_still_trashes_its_land() -> None:
    s = position(p1_lands={(0, 0): "Stone Eye"}, monsters=[monster(1, (0, 0), "Punkster", 1, True)],
                 p1_mana=(0, 1))
    s.apply(AttackMonster((1, 0, 0), chars(s, 0, "Niccolo")))  # 1 >= DEF 1; its 4 >= Niccolo's 4
    assert lands(s, 1) == {}
    assert names(s, s.players[1].discard) == ["Punkster", "Stone Eye"] and mana(s, 1) == (0, 0)


def test_mana_fx_end_1_punkster_in_a_movement_battle_trashes_the_land_it_enters() -> None:
    s = position(p0_lands={(0, 0): "Stone Eye"}, p1_lands={(0, 0): "Jade Egg"}, p1_party=["Gilbert", "Hero"],
                 monsters=[monster(0, (0, 0), "Punkster", 0, True)], p1_mana=(1, 0), options=DEST)
    s.apply(MoveMonster((0, 0, 0), (1, 0, 0)))
    s.apply(Block(chars(s, 1, "Gilbert")))  # Gilbert's 0 leaves Punkster; its 4 trashes Gilbert
    assert lands(s, 1) == {} and mana(s, 1) == (0, 0)
    assert lands(s, 0) == {(0, 0): "Stone Eye"}


def test_mana_fx_end_1_basilisk_taps_every_enemy_character_after_a_party_attack() -> None:
    s = position(p0_lands={(0, 0): "Stone Eye"}, monsters=[monster(0, (0, 0), "Basilisk", 0, True)])
    s.apply(AttackParty((0, 0, 0)))
    s.apply(Defend(chars(s, 1, "Niccolo")))  # 1 < 2: it survives
    assert party(s, 1) == [("Hero", True), ("Heroine", True), ("Niccolo", True)]


def test_mana_fx_end_1_basilisk_trashed_in_the_party_battle_still_taps_them() -> None:
    s = position(p0_lands={(0, 0): "Stone Eye"}, monsters=[monster(0, (0, 0), "Basilisk", 0, True)])
    s.apply(AttackParty((0, 0, 0)))
    s.apply(Defend(chars(s, 1, "Heroine")))  # 3 >= 2: Basilisk is trashed
    assert party(s, 1) == [("Hero", True), ("Heroine", True), ("Niccolo", True)]


def test_mana_fx_end_2_lizardon_gains_one_for_each_character_it_trashes() -> None:
    # Lizardon (Water 2/1) on Jade Egg: 3/2; Bud (DEF 1) and Elle (DEF 1) both fall to its 3.
    s = position(p1_lands={(0, 0): "Jade Egg"}, monsters=[monster(1, (0, 0), "Lizardon", 1, True)],
                 p0_party=["Bud", "Elle", "Niccolo"], p1_mana=(0, 1))
    s.apply(AttackMonster((1, 0, 0), chars(s, 0, "Bud", "Elle")))
    s.apply(AssignDamage(chars(s, 0, "Bud", "Elle")))
    assert names(s, s.players[0].char_discard) == ["Bud", "Elle"]
    assert mana(s, 1) == (2, 1) and names(s, s.players[1].discard) == ["Lizardon"]


def test_mana_fx_end_2_the_flames_pays_the_monsters_owner_for_each_character_trashed_on_it() -> None:
    s = position(p1_lands={(0, 0): "The Flames"}, monsters=[monster(1, (0, 0), "Sahagin", 1, True)],
                 p0_party=["Bud", "Lisa", "Niccolo"])
    s.apply(AttackMonster((1, 0, 0), chars(s, 0, "Bud", "Lisa")))  # 3 STR: Sahagin falls
    s.apply(AssignDamage(chars(s, 0, "Bud", "Lisa")))  # 2 damage: Bud (1) falls, 1 left < Lisa's 2
    assert names(s, s.players[0].char_discard) == ["Bud"] and mana(s, 1) == (1, 0)
    # a movement battle into player 1's The Flames is fought there: the mover's owner gains
    s = position(p0_lands={(0, 0): "Jade Egg"}, p1_lands={(0, 0): "The Flames"},
                 p1_party=["Bud", "Niccolo"], monsters=[monster(0, (0, 0), "Sahagin", 0, True)], options=DEST)
    s.apply(MoveMonster((0, 0, 0), (1, 0, 0)))
    s.apply(Block(chars(s, 1, "Bud")))
    assert names(s, s.players[1].char_discard) == ["Bud"] and mana(s, 0) == (1, 0)


def test_mana_fx_land_1_home_refuses_enemy_monsters() -> None:
    s = position(p0_lands={(0, 0): "Jade Egg"}, p1_lands={(0, 0): "Mailbox"},
                 monsters=[monster(0, (0, 0), "Sahagin", 0, True)])
    assert not any(isinstance(a, MoveMonster) for a in s.legal_actions())
    assert_illegal(s, MoveMonster((0, 0, 0), (1, 0, 0)))
    s = position(p0_hand=["Sahagin"], p0_lands={(0, 0): "Mailbox"}, phase=Phase.PLACEMENT)
    assert PlaceMonster(uid_of(s, 0, "Sahagin"), 0, 0, False) in s.legal_actions()  # its owner's monsters: yes


def test_mana_fx_land_1_junkyard_needs_five_cards_in_the_discard_piles() -> None:
    s = position(p0_hand=["Broken Doll"], p0_discard=["Flame", "Wheel"], p0_char_discard=["Lisa", "Bud"])
    assert made(s) == set()
    assert_illegal(s, MakeLand(uid_of(s, 0, "Broken Doll"), 0, 0))
    s = position(p0_hand=["Broken Doll"], p0_discard=["Flame", "Wheel", "Sahagin"], p0_char_discard=["Lisa", "Bud"])
    s.apply(MakeLand(uid_of(s, 0, "Broken Doll"), 0, 0))
    assert lands(s, 0) == {(0, 0): "Broken Doll"} and mana(s, 0) == (2, 0)


def test_mana_fx_land_2_ss_buccaneer_shifts_once_a_turn_with_its_monster_no_mana() -> None:
    s = position(p0_hand=["Flame"], p0_lands={(0, 0): "Pirate's Hook", (1, 0): "Jade Egg", (1, 1): "Stone Eye"},
                 monsters=[monster(0, (0, 0), "Sahagin", 0, True)], p0_mana=(1, 1))
    hook = uid_of(s, 0, "Pirate's Hook", "lands")
    shifts = [a for a in s.legal_actions() if isinstance(a, MakeLand) and a.card < 0]
    # (0, 1) is next to Stone Eye; (-1, 0) and (0, -1) touch no other land
    assert shifts == [MakeLand(-1 - hook, 0, 1)]
    s.apply(shifts[0])
    assert lands(s, 0) == {(0, 1): "Pirate's Hook", (1, 0): "Jade Egg", (1, 1): "Stone Eye"}
    assert on(s, 0, (0, 1)) == ("Sahagin", 0, True) and mana(s, 0) == (1, 1)
    assert not any(isinstance(a, MakeLand) and a.card < 0 for a in s.legal_actions())  # once a turn
    assert made(s)  # the land make is still there
    assert_illegal(s, MakeLand(-1 - hook, 0, 0))


def test_mana_fx_land_2_ss_buccaneer_not_next_to_an_enemy_monster_nor_when_held() -> None:
    grid = {(0, 0): "Pirate's Hook", (1, 0): "Jade Egg", (1, 1): "Stone Eye", (0, 2): "Flame", (1, 2): "Wheel"}
    s = position(p0_lands=grid, monsters=[monster(0, (0, 2), "Sahagin", 1)])
    assert not any(isinstance(a, MakeLand) and a.card < 0 for a in s.legal_actions())  # (0, 1) touches (0, 2)
    s = position(p0_lands={(0, 0): "Pirate's Hook", (1, 0): "Jade Egg", (1, 1): "Stone Eye"},
                 monsters=[monster(0, (0, 0), "Sahagin", 1)])
    assert not any(isinstance(a, MakeLand) and a.card < 0 for a in s.legal_actions())  # held by the enemy


def test_mana_fx_land_2_ss_buccaneer_is_shifted_by_the_player_whose_monster_holds_it() -> None:
    grid = {(0, 0): "Pirate's Hook", (1, 0): "Jade Egg", (1, 1): "Stone Eye"}
    s = position(p1_lands=grid, monsters=[monster(1, (0, 0), "Sahagin", 0, True)], p0_mana=(1, 1), p1_mana=(2, 0))
    hook = uid_of(s, 1, "Pirate's Hook", "lands")
    shifts = [a for a in s.legal_actions() if isinstance(a, MakeLand) and a.card < 0]
    assert shifts == [MakeLand(-1 - hook, 0, 1)]  # on the land owner's grid, its frame and its neighbours
    s.apply(shifts[0])
    assert lands(s, 1) == {(0, 1): "Pirate's Hook", (1, 0): "Jade Egg", (1, 1): "Stone Eye"}
    assert on(s, 1, (0, 1)) == ("Sahagin", 0, True) and mana(s, 0) == (1, 1) and mana(s, 1) == (2, 0)
    assert not any(isinstance(a, MakeLand) and a.card < 0 for a in s.legal_actions())  # once a turn
    # not next to a land holding a monster of the occupier's opponent (the land owner)
    s = position(p1_lands={**grid, (0, 2): "Flame", (1, 2): "Wheel"},
                 monsters=[monster(1, (0, 0), "Sahagin", 0, True), monster(1, (0, 2), "Molebear", 1)])
    assert not any(isinstance(a, MakeLand) and a.card < 0 for a in s.legal_actions())
    s = position(p1_lands=grid)  # an empty enemy SS Buccaneer is not ours to shift
    assert not any(isinstance(a, MakeLand) and a.card < 0 for a in s.legal_actions())


def test_mana_fx_land_3_orchard_and_tree_of_mana_one_icon_each() -> None:
    L, D, Wo, G, F = Attr.LIGHT, Attr.DARK, Attr.WOOD, Attr.GOLD, Attr.FIRE
    s = position(p0_lands={(0, 0): "Golden Seed"})
    assert all(s.condition_met(0, [a]) for a in (L, D, Wo, G))
    assert not s.condition_met(0, [F]) and not s.condition_met(0, [L, D])
    s = position(p0_lands={(0, 0): "Golden Seed", (1, 0): "Stone Eye"})
    assert s.condition_met(0, [L, D]) and not s.condition_met(0, [L, D, G])
    s = position(p0_lands={(0, 0): "Sword of Mana"})
    assert all(s.condition_met(0, [a]) for a in Attr) and not s.condition_met(0, [F, F])
    s = position(p0_lands={(0, 0): "Sword of Mana", (1, 0): "Flame"})
    assert s.condition_met(0, [F, F])


# ---------------------------------------------------------------------------------------------------- using cards


def uses(s: ManaState) -> list[UseCard]:
    return [a for a in s.legal_actions() if isinstance(a, UseCard)]


def test_mana_fx_use_1_cost_condition_and_timing_of_a_support() -> None:
    rage = "Professor Kathinja's Rage"  # cost 3, FF, main phase
    assert uses(position(p0_hand=[rage], p0_lands={(0, 0): "Flame"}, p0_mana=(3, 0))) == []  # one Fire: not FF
    assert uses(position(p0_hand=[rage], p0_lands={(0, 0): "Flame", (1, 0): "Tome of Magic"}, p0_mana=(2, 0))) == []
    s = position(p0_hand=[rage], p0_lands={(0, 0): "Flame"}, p0_party=["Bud", "Lady Blackpearl"], p0_mana=(2, 0))
    assert len(uses(s)) == 3  # Bud is the second Fire source; Lady Blackpearl: 3 - 1 = 2
    s.apply(uses(s)[0])
    assert mana(s, 0) == (0, 2) and names(s, s.players[0].discard) == [rage] and len(s.players[1].char_discard) == 1
    s = position(p0_hand=["Magnolia's Fire Stone"], p0_lands={(0, 0): "Flame"}, p0_mana=(2, 0))
    assert uses(s) == []  # an in-battle support waits for a battle window


def test_mana_fx_use_2_targets_are_named_and_pointless_uses_are_not_offered() -> None:
    s = position(p0_hand=["Windcaller's Anger", "Torch of Coral"], p0_lands={(0, 0): "Moon's Mirror",
                 (1, 0): "Frozen Heart"}, p0_mana=(9, 0))
    assert uses(s) == []  # no open enemy monster, no character in the discard pile
    s = position(p0_hand=["Windcaller's Anger"], p0_lands={(0, 0): "Moon's Mirror", (1, 0): "Frozen Heart"},
                 p0_mana=(3, 0), p1_lands={(0, 0): "Stone Eye"}, monsters=[monster(1, (0, 0), "Sahagin", 1, True)])
    assert uses(s) == [UseCard(uid_of(s, 0, "Windcaller's Anger"), -1, ((1, 0, 0),), 0)]


def test_mana_fx_cancel_1_a_cancel_answers_a_card_as_it_is_used() -> None:
    s = position(p0_hand=["Sproutling's Returning Place"], p0_lands={(0, 0): "Green Cane"}, p0_mana=(4, 0),
                 p1_hand=["Flameshe's Singing"], p1_lands={(0, 0): "Jade Egg"}, p1_mana=(3, 0))
    s.apply(uses(s)[0])
    assert not s.pending and mana(s, 0) == (1, 4)  # player 1 cannot pay X = 4: no window
    s = position(p0_hand=["Sproutling's Returning Place"], p0_lands={(0, 0): "Green Cane"}, p0_mana=(4, 0),
                 p1_hand=["Flameshe's Singing"], p1_lands={(0, 0): "Jade Egg"}, p1_mana=(4, 0))
    s.apply(uses(s)[0])
    assert s.current_player == 1 and s.pending[-1].kind is ChoiceKind.CANCEL
    s.apply(Pass())  # declined: the support resolves
    assert mana(s, 0) == (1, 4) and mana(s, 1) == (4, 0)


BEFORE_REVEAL = ManaOptions(windows=WindowReading.BEFORE_REVEAL)


def test_mana_fx_window_1_the_monster_opens_first_then_the_windows_alternate() -> None:
    s = position(p0_hand=["Magnolia's Fire Stone", "Magnolia's Fire Stone"], p0_lands={(0, 0): "Flame"},
                 p0_mana=(4, 0), p1_hand=["Stubborn Craftsman Watts"], p1_lands={(0, 0): "Skull Lantern"},
                 p1_mana=(4, 0), monsters=[monster(1, (0, 0), "Narcissos", 1)])
    s.apply(AttackMonster((1, 0, 0), chars(s, 0, "Hero")))
    assert on(s, 1, (0, 0)) == ("Narcissos", 1, True) and mana(s, 1) == (2, 2)  # opened before any window
    assert s.current_player == 0 and s.pending[-1].kind is ChoiceKind.BATTLE_WINDOW
    s.apply(UseCard(uid_of(s, 0, "Magnolia's Fire Stone"), chars(s, 0, "Hero")[0]))  # Hero 7/2
    s.apply(Pass())
    assert s.current_player == 1 and s.pending[-1].kind is ChoiceKind.BATTLE_WINDOW
    s.apply(UseCard(uid_of(s, 1, "Stubborn Craftsman Watts"), -2))  # Narcissos 4/5 +0/+3 = 4/8 on Earth
    s.apply(Pass())
    assert s.current_player == 0 and s.pending[-1].kind is ChoiceKind.BATTLE_WINDOW  # the characters answer
    s.apply(UseCard(uid_of(s, 0, "Magnolia's Fire Stone"), chars(s, 0, "Hero")[0]))  # Hero 10/2
    s.apply(Pass())  # the monster's side holds nothing more: the windows close
    assert not s.pending and on(s, 1, (0, 0)) is None and names(s, s.players[0].char_discard) == ["Hero"]
    s = position(p0_hand=["Magnolia's Fire Stone"], p0_lands={(0, 0): "Flame"}, p0_mana=(2, 0),
                 p1_hand=["Stubborn Craftsman Watts"], p1_lands={(0, 0): "Skull Lantern"}, p1_mana=(4, 0),
                 monsters=[monster(1, (0, 0), "Narcissos", 1)])
    s.apply(AttackMonster((1, 0, 0), chars(s, 0, "Hero")))
    s.apply(Pass())  # nothing used by the characters' side
    s.apply(Pass())  # nor by the monster's side: both had a window, the battle goes on
    assert not s.pending and names(s, s.players[0].char_discard) == ["Hero"]
    assert names(s, s.players[0].hand) == ["Magnolia's Fire Stone"]


def test_mana_fx_window_1_windows_option_reads_from_the_command_line() -> None:
    from tcgsim.options import options_from_json, options_from_strings, options_to_json

    assert ManaOptions().windows is WindowReading.REVEAL_FIRST
    chosen = options_from_strings(ManaOptions, ["windows=before_reveal"])
    assert chosen.windows is WindowReading.BEFORE_REVEAL
    assert options_from_json(ManaOptions, options_to_json(chosen)) == chosen


def test_mana_fx_window_1_only_thesenis_and_kristie_before_the_opening() -> None:
    s = position(p0_hand=["Kristie's Auction Time", "Magnolia's Fire Stone"],
                 p0_lands={(0, 0): "Color Blocks", (1, 0): "Flame"}, p0_mana=(4, 0),
                 p1_hand=["Professor Thesenis's Unexpected Appearance", "Stubborn Craftsman Watts"],
                 p1_lands={(0, 0): "Trembling Spoon", (1, 0): "Skull Lantern"}, p1_mana=(6, 0),
                 monsters=[monster(1, (0, 0), "Sahagin", 1)])
    s.apply(AttackMonster((1, 0, 0), chars(s, 0, "Heroine")))
    assert on(s, 1, (0, 0)) == ("Sahagin", 1, False) and s.current_player == 0
    assert {s.cards[a.card].name for a in s.legal_actions() if isinstance(a, UseCard)} == {"Kristie's Auction Time"}
    s.apply(Pass())
    assert s.current_player == 1
    assert {s.cards[a.card].name for a in s.legal_actions() if isinstance(a, UseCard)} == {
        "Professor Thesenis's Unexpected Appearance"}
    s.apply(Pass())
    assert on(s, 1, (0, 0)) == ("Sahagin", 1, True) and s.current_player == 0  # opened: the full windows
    assert {s.cards[a.card].name for a in s.legal_actions() if isinstance(a, UseCard)} == {"Magnolia's Fire Stone"}


def test_mana_fx_window_1_battle_windows_character_side_first_only_when_usable() -> None:
    s = position(p0_hand=["Magnolia's Fire Stone"], p0_lands={(0, 0): "Flame"}, p0_mana=(2, 0),
                 p1_hand=["Stubborn Craftsman Watts"], p1_lands={(0, 0): "Skull Lantern"}, p1_mana=(4, 0),
                 monsters=[monster(1, (0, 0), "Narcissos", 1)], options=BEFORE_REVEAL)
    s.apply(AttackMonster((1, 0, 0), chars(s, 0, "Hero")))
    assert s.current_player == 0 and s.pending[-1].kind is ChoiceKind.BATTLE_WINDOW
    assert on(s, 1, (0, 0)) == ("Narcissos", 1, False)  # the monster opens after the windows
    s.apply(UseCard(uid_of(s, 0, "Magnolia's Fire Stone"), chars(s, 0, "Hero")[0]))
    s.apply(Pass())
    assert s.current_player == 1 and s.pending[-1].kind is ChoiceKind.BATTLE_WINDOW
    s.apply(UseCard(uid_of(s, 1, "Stubborn Craftsman Watts"), -2))  # Narcissos 4/5 +0/+3 = 4/8 on Earth
    s.apply(Pass())
    assert on(s, 1, (0, 0)) == ("Narcissos", 1, True) and names(s, s.players[0].char_discard) == ["Hero"]
    s = position(p1_lands={(0, 0): "Stone Eye"}, monsters=[monster(1, (0, 0), "Sahagin", 1, True)])
    s.apply(AttackMonster((1, 0, 0), chars(s, 0, "Hero")))
    assert not s.pending  # nobody holds anything: no window, no decision


def test_mana_fx_item_1_equip_limits_and_one_technique_per_item() -> None:
    s = position(p0_hand=["Bone Hammer", "Wyvern Flute"], p0_mana=(9, 0), p0_party=["Bud", "Rabite", "Princess Pearl"])
    assert {(s.cards[a.card].name, s.cards[a.target].name) for a in uses(s) if s.cards[a.card].kind.name == "ITEM"} \
        == {("Wyvern Flute", "Bud"), ("Wyvern Flute", "Princess Pearl")}  # Rabite: none; Pearl: no hammers
    s = position(p0_mana=(9, 0), p0_party=[("Hero", False, ["Wendel Flail"]), "Lisa"],
                 p1_lands={(0, 0): "Stone Eye"}, monsters=[monster(1, (0, 0), "Jajara", 1, True)])
    s.apply(AttackMonster((1, 0, 0), chars(s, 0, "Hero")))
    assert len(uses(s)) == 3
    s.apply(uses(s)[2])  # Twilight: 6/4
    assert uses(s) == [] and mana(s, 0) == (6, 3)  # one technique per item and battle


def test_mana_fx_char_1_main_phase_abilities_tap_the_character() -> None:
    s = position(p0_party=["Skippie", ("Hamson", True)], p1_lands={(0, 0): "Stone Eye"},
                 monsters=[monster(1, (0, 0), "Sahagin", 1)])
    s.apply(UseCard(chars(s, 0, "Skippie")[0], -1, ((1, 0, 0),)))
    assert on(s, 1, (0, 0)) == ("Sahagin", 1, True) and party(s, 0) == [("Skippie", True), ("Hamson", True)]
    assert uses(s) == []


def test_mana_fx_char_1_useless_putty_in_the_party_offers_no_ability() -> None:
    """Useless Putty acts as a character once drawn from a character deck, but it is a support card: its own
    main-phase effect (the support's use) is no character ability, so it is not offered, and nothing crashes
    (choosing it raised an AssertionError in card_use._use)."""
    s = position(p0_party=["Useless Putty", "Hero", "Heroine"], p0_lands={(0, 0): "Flame"}, p0_mana=(3, 0))
    putty = s.players[0].party[0].uid
    assert s.cards[putty].name == "Useless Putty"
    assert not any(isinstance(a, UseCard) and a.card == putty for a in s.legal_actions())
    for action in s.legal_actions():
        trial = s.clone()
        trial.apply(action)


def test_mana_fx_char_2_synchro_needs_the_partner_in_the_same_party() -> None:
    s = position(p0_party=["Hamson", "Skippie"], p1_party=["Hero"], p1_lands={(0, 0): "Stone Eye"},
                 monsters=[monster(1, (0, 0), "Jajara", 1, True)])
    s.apply(AttackMonster((1, 0, 0), chars(s, 0, "Skippie")))  # Skippie 2/3 +0/+1: Jajara's 5 still trashes
    assert names(s, s.players[0].char_discard) == ["Skippie"]
    assert s.char_stats(chars(s, 0, "Hamson")[0]) == (6, 2)  # printed; the bonus is counted in battle only


def test_mana_fx_char_3_bud_and_lisa_count_as_attributes() -> None:
    s = position(p0_party=["Bud", "Lisa"])
    assert s.condition_met(0, [Attr.FIRE, Attr.GOLD]) and not s.condition_met(0, [Attr.FIRE, Attr.WATER, Attr.GOLD])


def test_mana_fx_char_4_hero_swaps_only_when_the_party_is_replenished() -> None:
    s = position(active=1, p0_party=["Hero", "Heroine", "Niccolo"])
    end_turn(s)
    assert not s.pending
    s = position(active=1, p0_party=["Hero", "Heroine"])
    end_turn(s)
    assert len(s.pending) == 2 and all(c.kind is ChoiceKind.SWAP for c in s.pending)  # Hero and Heroine
    s.apply(Pass())
    s.apply(Pass())
    assert party(s, 0) == [("Hero", False), ("Heroine", False), ("Escad", False)]


def test_mana_fx_end_3_end_of_battle_abilities_need_a_tapping_battle_survived() -> None:
    s = position(p0_lands={(0, 0): "Stone Eye"}, monsters=[monster(0, (0, 0), "Sahagin", 0, True)],
                 p0_mana=(3, 0), p1_party=["Sandra", "Lisa"])
    s.apply(AttackParty((0, 0, 0)))
    s.apply(Defend(chars(s, 1, "Sandra")))  # a party battle: Sandra drains nothing
    assert mana(s, 0) == (3, 0)
    s = position(p1_mana=(3, 0), p0_party=["Sandra", "Lisa"], p1_lands={(0, 0): "Stone Eye"},
                 monsters=[monster(1, (0, 0), "Sahagin", 1, True)])
    s.apply(AttackMonster((1, 0, 0), chars(s, 0, "Sandra")))  # Sandra 4/1 and Sahagin trade: she is trashed
    assert mana(s, 1) == (3, 0)


def test_mana_fx_art_1_until_the_end_of_the_next_turn() -> None:
    s = position(p0_hand=["Moon's Mirror"], p0_mana=(6, 0))
    s.apply(uses(s)[0])
    assert s.lasting == [("no_blocks", 0, 4)]
    end_turn(s)
    assert s.lasting == [("no_blocks", 0, 4)]
    end_turn(s)
    assert s.lasting == []


# ---------------------------------------------------------------------------------------------------- docs


def _snake(rule_id: str) -> str:
    return rule_id.lower().replace("-", "_")


def test_every_done_or_interp_rule_of_the_docs_has_a_test() -> None:
    doc = (REPO / "docs" / "rules" / "mana.md").read_text(encoding="utf-8")
    ids = []
    for line in doc.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 3 and re.fullmatch(r"MANA-[A-Z]+(?:-[A-Z]+)*-\d+", cells[0]):
            if cells[-1] in ("done", "interp"):
                ids.append(cells[0])
            else:
                assert cells[-1].startswith("not yet"), line
    assert len(ids) > 80 and len(ids) == len(set(ids))
    tests = []
    for path in (Path(__file__), Path(__file__).with_name("test_mana_construction.py")):
        tests += re.findall(r"^def (test_\w+)\(", path.read_text(encoding="utf-8"), re.MULTILINE)
    missing = [i for i in ids if not any(re.search(rf"_{_snake(i)}(_|$)", t) for t in tests)]
    assert missing == []


def _doc_ids() -> set[str]:
    doc = (REPO / "docs" / "rules" / "mana.md").read_text(encoding="utf-8")
    return {m.group(1) for m in re.finditer(r"^\| (MANA-[A-Z]+(?:-[A-Z]+)*-\d+) \|", doc, re.MULTILINE)}


def test_every_rule_id_cited_in_the_code_is_in_the_docs() -> None:
    """A rule id the code names (a comment, a docstring) is a row of docs/rules/mana.md."""
    cited: dict[str, str] = {}
    for path in sorted((REPO / "tcgsim" / "games" / "mana").glob("*.py")):
        for m in re.finditer(r"\bMANA-[A-Z]+(?:-[A-Z]+)*-\d+", path.read_text(encoding="utf-8")):
            cited.setdefault(m.group(0), path.name)
    assert len(cited) > 40
    assert {i: f for i, f in cited.items() if i not in _doc_ids()} == {}
