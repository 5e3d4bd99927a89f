"""新世紀エヴァンゲリオン カードゲーム, the rulebook: one test (at least) per rule id of docs/rules/eva.md.

Each test builds a position by hand (tests/games/eva_positions.py), plays legal actions through the public contract
(`legal_actions()`, `apply()`) and checks the exact position after: zones, the city (downed characters, groups,
Evas, cards under main cards), levels, the outcome. Numbers are worked out by hand from carddb/eva (the comments
show them). Construction rules (EVA-DECK-n) are tested in test_eva_construction.py.

The city (I-CITY): シンジ-レイ-リツコ-ミサト-アスカ on a pentagon, ゲンドウ in the centre next to everyone.
Cards used often (colour, draw points, dialogue marks ▲ hurt / ● seek, card side):
    Moving In            ミサト -1  ●シンジ            drama: group Misato and Shinji
    Shall We Kiss?       アスカ -1  ●シンジ            drama: group Asuka and Shinji
    Anta Baka?           アスカ +1  ▲シンジ <対抗>      drama: ungroup a character
    Toji Suzuhara        シンジ  0  ▲アスカ ●レイ       character: +1 allowance for Shinji
    Asuka in Plugsuit    アスカ  0  ▲シンジ            character: +1 allowance for Asuka
    Pen Pen              ミサト +1  ●アスカ ●リツコ     character: +1 allowance for Misato
    Emergency Alert      (OTHER)  0 ミサト: ●アスカ ●リツコ   drama: draw 1 (0 draw points since issue 17)
    Shigeru Aoba         (OTHER) +1 ミサト: ●リツコ ▲アスカ   character: +1 allowance for Misato
    Cease Operation      (OTHER) -1 ゲンドウ: ▲ミサト ●レイ   drama <対抗> against drama, battle
    Power Outage         (OTHER)  0 リツコ: ▲ゲンドウ ●ミサト  drama <対抗> against put, character, eva
    Japan's Electric Power (OTHER) 0 レイ: ●ミサト ●アスカ    battle: +2 to the Evas (the FILLER of the decks)
    ((OTHER) cards: the speaker of the dialogue side after the colon, EVA-SERIF-1)
Evas: 零号機 3 (pilot Rei), 初号機 4 (Shinji), 弐号機 4 (Asuka); one weapon slot each.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from tcgsim.engine import IllegalAction, Termination, play_game
from tcgsim.games.eva.actions import (
    Counter,
    Declare,
    Decline,
    Deploy,
    Discard,
    Launch,
    Pass,
    PassDiscard,
    Speak,
    StagePass,
    StagePlay,
    Take,
)
from tcgsim.games.eva.cards import CHAR_NAMES, Kind, Mark, city, eva_cards
from tcgsim.games.eva.effects import CHARACTERS
from tcgsim.games.eva.game import EvaGame, EvaOptions, EvaShortGame, EvaState, ShortWinReason, WinReason
from tcgsim.games.eva.options import CounterAnswers, EvaShortOptions, TalkLimit
from tcgsim.games.eva.setup import HAND_SIZE
from tcgsim.games.eva.state import Phase, WindowKind
from tests.games.eva_positions import C, E, make_game, names, position, short_position, uid_of

REPO = Path(__file__).resolve().parents[2]
CARDS = {c.name: c for c in eva_cards().values()}


# ---------------------------------------------------------------------------------------------------- helpers


def hand_uid(s: EvaState, seat: int, name: str) -> int:
    return uid_of(s, seat, name, s.players[seat].hand)


def speak(s: EvaState, seat: int, name: str, target: int = -1, decline: bool = True) -> None:
    """The card side of a card in `seat`'s hand; the others let it resolve unless `decline` is False."""
    assert s.current_player == seat, (s.current_player, seat)
    action = Speak(hand_uid(s, seat, name), False, -1, target)
    assert action in s.legal_actions(), (action, s.legal_actions())
    s.apply(action)
    while decline and s.offer is not None and s.offer.queue:
        s.apply(Decline())


def serif(s: EvaState, seat: int, name: str, addressee: str, kind: Mark, decline: bool = True) -> None:
    """The dialogue side of a card: the mark aimed at `addressee`."""
    assert s.current_player == seat
    uid = hand_uid(s, seat, name)
    mark = s.cards[uid].marks.index((kind, C[addressee]))
    action = Speak(uid, True, mark, -1)
    assert action in s.legal_actions(), (action, s.legal_actions())
    s.apply(action)
    while decline and s.offer is not None and s.offer.queue:
        s.apply(Decline())


def battle_result(s: EvaState) -> dict:  # type: ignore[type-arg]
    """The last battle result recorded: result ("wins" / "loses"), total, angel_strength."""
    return dict(next(e.data for e in reversed(s.events or []) if e.kind == "battle_result"))


def speakable(s: EvaState) -> set[str]:
    """Names of the cards the current player may speak (either side)."""
    return {s.cards[a.card].name for a in s.legal_actions() if isinstance(a, Speak)}


def pass_until(s: EvaState, done) -> None:  # type: ignore[no-untyped-def]
    """Everyone passes (or declines) until `done(s)`."""
    for _ in range(200):
        if done(s) or s.is_terminal:
            return
        legal = s.legal_actions()
        for quiet in (Pass(), Decline(), Launch(), Take(-1), Declare(False), StagePass()):
            if quiet in legal:
                s.apply(quiet)
                break
        else:
            s.apply(legal[0])
    raise AssertionError("never done")


def deploy(s: EvaState, *evas: int) -> None:
    """Send these Evas out and launch (sending the last one available launches by itself)."""
    for e in evas:
        s.apply(Deploy(e))
    if Launch() in s.legal_actions():
        s.apply(Launch())


def kinds(s: EvaState) -> list[str]:
    return [e.kind for e in s.events or []]


def assert_conserved(s: EvaState) -> None:
    assert len(s.card_locations()) == len(s.cards)


# ---------------------------------------------------------------------------------------------------- winning


def test_eva_win_1_the_declarer_wins_when_nobody_can_hurt() -> None:
    # Seat 0 holds H-01 at level 2, Shinji up; seat 1 holds no ▲シンジ card: one seek and it is over.
    s = position([["Moving In"], ["Pen Pen"]], hokans=["H-01", "H-03"], levels=[2, 0], phase="hokan")
    s._advance()
    assert s.legal_actions() == [Declare(False), Declare(True)]
    s.apply(Declare(True))
    s.apply(StagePlay(hand_uid(s, 0, "Moving In")))
    assert s.outcome is not None and s.outcome.winner == 0 and s.outcome.reason is WinReason.HOKAN


def test_eva_win_2_the_last_one_standing_wins() -> None:
    # Seat 1 ends the 第2ドローフェイズ with no card: it drops out, seat 0 is alone and no 使徒 is in the city.
    s = position([["Emergency Alert"], []], phase="main")
    pass_until(s, lambda s: s.is_terminal)
    assert s.players[1].out
    assert s.outcome is not None and s.outcome.winner == 0 and s.outcome.reason is WinReason.LAST_STANDING


def test_eva_win_2_with_a_angel_in_the_city_the_survivor_must_defeat_it() -> None:
    # Seat 1 drops out with Sachiel (5) in the city: the game goes on; seat 0 sends the Evas (11) and wins.
    s = position([["Emergency Alert", "Pen Pen"], []], angel=(1, "Sachiel"), phase="main")
    pass_until(s, lambda s: s.battle is not None or s.is_terminal)
    assert not s.is_terminal and s.last_stand and s.active == 0 and s.players[1].out
    deploy(s, 0, 1, 2)
    pass_until(s, lambda s: s.is_terminal)
    assert s.outcome is not None and s.outcome.winner == 0 and s.outcome.reason is WinReason.LAST_STANDING


def test_eva_win_3_losing_that_battle_destroys_humanity_and_everyone_loses() -> None:
    s = position([["Emergency Alert", "Pen Pen"], []], angel=(1, "Zeruel"), phase="main")
    pass_until(s, lambda s: s.battle is not None or s.is_terminal)
    s.apply(Launch())  # no Eva: the battle is lost
    pass_until(s, lambda s: s.is_terminal)
    assert s.outcome is not None and s.outcome.winner is None
    assert s.outcome.reason is WinReason.HUMANITY_DESTROYED


def test_eva_win_4_a_dropped_player_takes_no_part() -> None:
    # Three players; seat 1 is out: the window goes 0 -> 2, and seat 1 is never asked for a counter.
    s = position([["Shall We Kiss?"], ["Toji Suzuhara"], ["Pen Pen"]], out=[1], phase="main")
    assert s.window is not None and s.window.order == (0, 2)
    serif(s, 0, "Shall We Kiss?", "shinji", Mark.SEEK, decline=False)  # seat 1's Toji could answer it, were it in
    assert s.offer is not None and s.offer.queue == (2,)


def test_eva_win_4_dropping_out_ends_nothing_while_two_are_left() -> None:
    s = position([["Emergency Alert"], [], ["Pen Pen", "Emergency Alert"]], phase="main")
    pass_until(s, lambda s: s.players[1].out)
    assert not s.is_terminal and s.alive() == [0, 2]


def test_eva_win_5_the_winner_gets_congratulations() -> None:
    s = position([["Moving In"], ["Pen Pen"]], hokans=["H-01", "H-03"], levels=[2, 0], phase="hokan")
    s._advance()
    s.apply(Declare(True))
    s.apply(StagePlay(hand_uid(s, 0, "Moving In")))
    assert "congratulations" in kinds(s)
    from tcgsim.games.eva.game import EVENT_TEXT
    assert "おめでとう" in EVENT_TEXT["congratulations"]


def test_eva_i_limit_the_turn_cap_is_a_draw_with_its_reason() -> None:
    deck = ["Emergency Alert"] * 30
    game = make_game([deck, deck], options=EvaOptions(turn_limit=3, random_first_player=False))
    s = game.new_initial_state()
    pass_until(s, lambda s: s.is_terminal)
    assert s.outcome is not None and s.outcome.winner is None and s.outcome.reason is Termination.TURN_LIMIT
    assert s.outcome.turns == 3  # the turns played (issue 13: it reported limit + 1)


# ---------------------------------------------------------------------------------------------------- setup


def test_eva_setup_1_two_to_four_players() -> None:
    deck = ["Emergency Alert"] * 30
    for n in (2, 3, 4):
        assert make_game([deck] * n).new_initial_state().n == n
    for n in (1, 5):
        with pytest.raises(ValueError):
            make_game([deck] * n)
    assert (EvaGame.min_players, EvaGame.max_players) == (2, 4)


def test_eva_setup_2_each_deck_is_shuffled() -> None:
    deck = [c.name for c in eva_cards().values() if c.kind is Kind.DRAMA][:30]
    orders = {tuple(make_game([deck, deck], seed=seed).new_initial_state().players[0].deck) for seed in range(5)}
    assert len(orders) == 5


def test_eva_setup_3_the_hokan_card_lies_lv1_side_up_outside_the_deck() -> None:
    s = make_game([["Emergency Alert"] * 30] * 2, ["H-01", "H-09"]).new_initial_state()
    for seat, name in ((0, "Instrumentality of Shinji"), (1, "Instrumentality of Ritsuko")):
        p = s.players[seat]
        assert s.cards[p.hokan].name == name and p.level == 0
        assert p.hokan not in p.deck + p.hand
        assert s.card_locations()[p.hokan] == f"hokan{seat}"
    assert s.view(1).hokan(0) is not None  # it lies face up: everyone sees it


def test_eva_setup_4_the_city_holds_six_characters_and_three_evas_of_no_one() -> None:
    town = city()
    assert [CHAR_NAMES[c] for c in range(6)] == ["Shinji", "Rei", "Asuka", "Misato", "Ritsuko", "Gendo"]
    assert C["misato"] not in town.adjacent[C["shinji"]]  # data/eva/README: not adjacent at setup
    assert all(C["gendo"] in town.adjacent[c] for c in range(5))
    assert town.pilot == (C["rei"], C["shinji"], C["asuka"]) and town.eva_strength == (3, 4, 4)
    s = make_game([["Emergency Alert"] * 30] * 2).new_initial_state()
    assert all(not s.cards[u].id.startswith("CITY") for u in range(len(s.cards)))  # not anyone's cards
    assert not any(s.down) and s.group == [-1] * 6 and not any(s.eva_down)


def test_eva_setup_5_six_cards_each_and_no_hand_limit() -> None:
    s = make_game([["Emergency Alert"] * 30] * 3).new_initial_state()
    assert [len(p.hand) for p in s.players] == [HAND_SIZE + 1, HAND_SIZE, HAND_SIZE]  # seat 0 drew its first card
    s = position([["Emergency Alert"] * 15, ["Pen Pen"]], phase="main")
    pass_until(s, lambda s: s.turn == 2)
    assert len(s.players[0].hand) == 15  # no discarding down to any limit


def test_eva_setup_6_angels_drawn_at_setup_are_returned_and_redrawn() -> None:
    deck = ["Sachiel", "Shamshel", "Ramiel", "Gaghiel"] + ["Emergency Alert"] * 8
    for seed in range(20):
        s = make_game([deck, deck], seed=seed).new_initial_state()
        for seat in (0, 1):
            opening = [u for u in s.game.main_uids[seat] if s.hand_turn[u] == 0]
            assert len(opening) == HAND_SIZE
            assert all(s.cards[u].kind is not Kind.ANGEL for u in opening)
    assert any(e.data["returned"] > 0 for e in make_game([deck, deck], seed=1).new_initial_state(True).events or []
               if e.kind == "setup")


def test_eva_setup_7_the_first_player_is_drawn_then_play_goes_clockwise() -> None:
    deck = ["Emergency Alert"] * 30
    firsts = {EvaGame([_d(deck)] * 3, seed).new_initial_state().active for seed in range(30)}
    assert firsts == {0, 1, 2}
    s = make_game([deck] * 3).new_initial_state()  # random_first_player=False: seat 0
    seen = []
    for _ in range(4):
        seen.append(s.active)
        pass_until(s, lambda s, t=s.turn: s.turn > t)
    assert seen == [0, 1, 2, 0]


def _d(main: list[str]):  # type: ignore[no-untyped-def]
    from tests.games.eva_positions import _deck

    return _deck(0, main, "H-01")


# ---------------------------------------------------------------------------------------------------- speaking


def test_eva_talk_1_a_turn_is_the_five_phases_in_order() -> None:
    s = position([["Emergency Alert", "Pen Pen", "Bonds", "Bonds", "Bonds", "Bonds"], ["Emergency Alert"]],
                 angel=(1, "Matarael"), phase="draw1", hokans=["H-01", "H-03"], levels=[2, 0],
                 group=[["shinji", "rei"]])
    s.record("draw1", 0, "test_start")
    pass_until(s, lambda s: s.turn > 1)
    phases = []
    for e in s.events or []:
        if e.turn == 1 and e.phase not in phases:
            phases.append(e.phase)
    assert phases == ["draw1", "battle", "main", "draw2", "hokan", "end"]


def test_eva_talk_2_using_a_card_is_speaking_it() -> None:
    s = position([["Emergency Alert"], ["Pen Pen"]], phase="main")
    uid = hand_uid(s, 0, "Emergency Alert")
    speak(s, 0, "Emergency Alert")
    assert uid not in s.players[0].hand and [sp.uid for sp in s.spoken] == [uid]


def test_eva_talk_3_a_card_is_spoken_by_the_character_of_its_colour() -> None:
    s = position([["Shall We Kiss?"], ["Pen Pen"]], phase="main")
    speak(s, 0, "Shall We Kiss?")
    assert s.spoken[0].speaker == C["asuka"] and s.speak_count[C["asuka"]] == 1


def test_eva_talk_4_one_card_per_character_per_turn_whoever_speaks_it() -> None:
    s = position([["Shall We Kiss?", "Anta Baka?"], ["Asuka in Plugsuit", "Pen Pen"]], phase="main")
    assert {"Shall We Kiss?", "Anta Baka?"} <= speakable(s)
    speak(s, 0, "Shall We Kiss?")  # Asuka speaks
    assert speakable(s) == {"Pen Pen"}  # seat 1's Asuka card can no longer be spoken this turn
    s.apply(Pass())
    assert "Anta Baka?" not in speakable(s)


def test_eva_talk_5_other_cards_use_no_allowance() -> None:
    s = position([["Emergency Alert", "Emergency Alert", "Shall We Kiss?"], ["Pen Pen"]], phase="main")
    speak(s, 0, "Emergency Alert")
    s.apply(Pass())
    speak(s, 0, "Emergency Alert")
    assert s.speak_count == [0] * 6 and s.spoken[0].speaker == 6
    s.apply(Pass())
    assert "Shall We Kiss?" in speakable(s)


def test_eva_talk_6_character_cards_put_under_raise_the_allowance() -> None:
    s = position([["Shall We Kiss?", "Anta Baka?"], ["Pen Pen"]], phase="main",
                 under_char={"asuka": [(0, "Asuka in Plugsuit")]})
    assert s.allowance(C["asuka"]) == 2
    speak(s, 0, "Shall We Kiss?")
    s.apply(Pass())
    assert "Anta Baka?" in speakable(s)  # Asuka's second card this turn


def test_eva_talk_7_a_downed_character_cannot_speak() -> None:
    s = position([["Shall We Kiss?", "Emergency Alert"], ["Pen Pen"]], phase="main", down=["asuka"])
    assert speakable(s) == {"Emergency Alert"}
    s = position([["Emergency Alert"], ["Pen Pen"]], phase="main", down=list(CHARACTERS))
    assert speakable(s) == set()  # (OTHER) needs some face-up character to speak it


def test_eva_talk_8_every_spoken_card_shows_who_spoke_it() -> None:
    s = position([["Emergency Alert", "Pen Pen"], ["Emergency Alert", "Pen Pen"]], phase="main")
    speak(s, 0, "Emergency Alert")
    speak(s, 1, "Emergency Alert")
    assert [sp.owner for sp in s.spoken] == [0, 1]
    assert [(v.owner, v.card.name) for v in s.view(1).spoken()] == [(0, "Emergency Alert"), (1, "Emergency Alert")]


def test_eva_talk_9_put_cards_stay_on_top_until_the_second_draw_phase() -> None:
    s = position([["Toji Suzuhara", "Emergency Alert"], ["Pen Pen"]], phase="main")
    speak(s, 0, "Toji Suzuhara", C["shinji"])
    uid = s.spoken[0].uid
    assert s.card_locations()[uid] == "spoken" and s.allowance(C["shinji"]) == 1
    pass_until(s, lambda s: s.phase is not Phase.MAIN)
    pass_until(s, lambda s: s.phase is not Phase.DRAW2)
    assert s.under_char[C["shinji"]] == [uid] and s.allowance(C["shinji"]) == 2


def test_eva_talk_10_the_window_closes_when_all_pass_in_a_row() -> None:
    s = position([["Emergency Alert", "Emergency Alert"], ["Shigeru Aoba", "Emergency Alert"]], phase="main")
    s.apply(Pass())  # seat 0
    speak(s, 1, "Shigeru Aoba", C["misato"])  # seat 1 speaks (+1 draw point): the passes start again
    s.apply(Pass())  # seat 0
    assert s.window is not None and s.window.kind is WindowKind.MAIN and s.current_player == 1
    s.apply(Pass())  # seat 1: both passed in a row
    assert "draw2" in kinds(s) and s.turn == 2


def test_eva_i_window_a_player_who_passed_may_speak_again() -> None:
    s = position([["Emergency Alert", "Emergency Alert"], ["Emergency Alert"]], phase="main")
    s.apply(Pass())
    speak(s, 1, "Emergency Alert")
    assert "Emergency Alert" in speakable(s) and s.current_player == 0


def test_eva_i_autopass_a_player_with_nothing_to_speak_passes_by_itself() -> None:
    s = position([["Emergency Alert"], ["Shall We Kiss?"]], phase="main", down=["asuka"])
    s._advance()
    speak(s, 0, "Emergency Alert")
    assert s.current_player == 0  # seat 1 could speak nothing and passed
    assert Pass() not in s.action_log[1:]


# ---------------------------------------------------------------------------------------------------- ① 第1ドロー


def test_eva_draw1_1_downed_evas_turn_face_up() -> None:
    s = position([["Pen Pen"], ["Pen Pen"]], phase="none", eva_down=["unit00", "unit02"])
    s._start_turn()
    assert s.eva_down == [False, False, False]


def test_eva_draw1_2_rei_turns_face_up_but_no_one_else() -> None:
    s = position([["Pen Pen"], ["Pen Pen"]], phase="none", down=["rei", "asuka"])
    s._start_turn()
    assert not s.down[C["rei"]] and s.down[C["asuka"]]


def test_eva_draw1_3_only_the_turn_player_draws_one() -> None:
    s = position([["Pen Pen"], ["Pen Pen"]], decks=[["Bonds"], ["Moving In"]], phase="none", active=1)
    s._start_turn()
    assert names(s, s.players[1].hand) == ["Pen Pen", "Moving In"] and names(s, s.players[0].hand) == ["Pen Pen"]


def test_eva_draw1_3_a_angel_goes_to_the_city_face_up_at_once() -> None:
    s = position([["Pen Pen"], ["Pen Pen"]], decks=[["Sachiel"], []], phase="none")
    s._start_turn()
    assert s.cards[s.angel].name == "Sachiel" and names(s, s.players[0].hand) == ["Pen Pen"]


def test_eva_draw1_3_a_second_angel_waits_face_down_and_turns_up_later() -> None:
    s = position([["Pen Pen"], ["Pen Pen"]], decks=[["Ireul"], []], angel=(1, "Sachiel"),
                 angel_queue=[(1, "Matarael")], phase="none")
    s._start_turn()
    assert s.cards[s.angel].name == "Sachiel" and names(s, s.angel_queue) == ["Matarael", "Ireul"]
    assert s.view(1).card(s.angel_queue[1]) is None  # face down: seat 1 does not see seat 0's
    s._defeat_angel()
    assert s.angel < 0
    s._start_turn()
    assert s.cards[s.angel].name == "Matarael" and names(s, s.angel_queue) == ["Ireul"]


def test_eva_draw1_4_a_player_who_cannot_draw_drops_out() -> None:
    s = position([["Pen Pen"], ["Pen Pen"], ["Pen Pen"]], decks=[[], ["Bonds"] * 5, ["Bonds"] * 5], filler=False,
                 phase="none")
    s._start_turn()
    assert s.players[0].out and s.turn_done
    s._advance()
    assert s.active == 1 and not s.is_terminal


def test_eva_draw1_5_only_drama_cards_in_the_first_draw_window() -> None:
    s = position([["Emergency Alert", "Toji Suzuhara", "Unit-01 Activates", "Moving In"], ["Pen Pen"]],
                 phase="draw1")
    assert speakable(s) == {"Emergency Alert", "Moving In"}
    assert not any(isinstance(a, Speak) and a.serif for a in s.legal_actions())


# ---------------------------------------------------------------------------------------------------- ② バトル


def test_eva_battle_1_no_battle_without_a_angel() -> None:
    s = position([["Pen Pen"], ["Pen Pen"]], phase="draw1")
    pass_until(s, lambda s: s.window is None or s.window.kind is not WindowKind.DRAW1)
    assert s.phase is Phase.MAIN and s.battle is None
    s = position([["Pen Pen"], ["Pen Pen"]], phase="draw1", angel=(1, "Sachiel"))
    pass_until(s, lambda s: s.window is None)
    assert s.phase is Phase.BATTLE and s.battle is not None


def test_eva_battle_2_one_weapon_a_eva_more_with_eva_cards() -> None:
    s = position([["Progressive Knife", "Pallet Rifle"], ["Pen Pen"]], phase="main",
                 under_eva={"unit01": [(0, "Smash Hawk")]})
    knife = [a.target for a in s.legal_actions()
             if isinstance(a, Speak) and not a.serif and s.cards[a.card].name == "Pallet Rifle"]
    assert knife == [E["unit00"], E["unit02"]]  # Unit-01's one slot is taken
    s = position([["Pallet Rifle"], ["Pen Pen"]], phase="main",
                 under_eva={"unit01": [(0, "Smash Hawk"), (0, "Unit-01 S2 Engine")]})
    assert Speak(hand_uid(s, 0, "Pallet Rifle"), False, -1, E["unit01"]) in s.legal_actions()
    assert s.eva_strength(E["unit01"]) == 4 + 2 + 2  # printed, S2 Engine, Smash Hawk


def test_eva_battle_3_choose_evas_whose_pilots_are_up() -> None:
    s = position([["Pen Pen"], ["Pen Pen"]], phase="battle", angel=(1, "Sachiel"), down=["shinji"])
    assert s.legal_actions() == [Launch(), Deploy(E["unit00"]), Deploy(E["unit02"])]
    s.apply(Deploy(E["unit00"]))
    assert s.legal_actions() == [Launch(), Deploy(E["unit02"])]


def test_eva_battle_3_no_eva_at_all_always_loses() -> None:
    s = position([["Pen Pen", "N2 Mine", "N2 Mine"], ["Pen Pen"]], phase="battle", angel=(1, "Matarael"))
    s.apply(Launch())
    speak(s, 0, "N2 Mine")  # Matarael 8 - 3 = 5 against 0 Evas
    pass_until(s, lambda s: s.battle is None)
    assert battle_result(s) == {"result": "loses", "total": 0, "angel": "Matarael", "angel_strength": 5}


def test_eva_battle_4_drama_and_battle_cards_after_the_evas_are_chosen() -> None:
    s = position([["Unit-01 Activates", "Emergency Alert", "Toji Suzuhara"], ["Pen Pen"]], phase="battle",
                 angel=(1, "Sachiel"))
    s.apply(Launch())
    assert s.window is not None and s.window.kind is WindowKind.BATTLE1
    assert speakable(s) == {"Unit-01 Activates", "Emergency Alert"}


def test_eva_battle_5_the_evas_must_exceed_the_angel_a_tie_loses() -> None:
    s = position([["Pen Pen"], ["Pen Pen"]], phase="battle", angel=(1, "Sandalphon"))  # 11
    deploy(s, E["unit00"], E["unit01"], E["unit02"])  # 3 + 4 + 4 = 11: a tie
    pass_until(s, lambda s: s.battle is None)
    assert battle_result(s)["result"] == "loses" and battle_result(s)["total"] == 11


def test_eva_battle_5_angel_effects_count_when_their_evas_fight() -> None:
    s = position([["Pen Pen"], ["Pen Pen"]], phase="battle", angel=(1, "Ramiel"))  # 14, -4 with 00 and 01
    deploy(s, E["unit00"], E["unit01"], E["unit02"])
    pass_until(s, lambda s: s.battle is None)
    assert battle_result(s) == {"result": "wins", "total": 11, "angel": "Ramiel", "angel_strength": 10}


def test_eva_battle_6_cards_of_the_second_window_still_count() -> None:
    s = position([["Pen Pen"], ["Unit-01 Activates", "Pen Pen"]], phase="battle", angel=(1, "Sandalphon"))
    deploy(s, E["unit00"], E["unit01"], E["unit02"])
    pass_until(s, lambda s: s.window is not None and s.window.kind is WindowKind.BATTLE2)
    assert s.battle_strengths() == (11, 11) and s.current_player == 1  # seat 0 had nothing to speak
    speak(s, 1, "Unit-01 Activates")  # +1 in window (2): 12 > 11
    pass_until(s, lambda s: s.battle is None)
    assert battle_result(s)["result"] == "wins" and battle_result(s)["total"] == 12


def test_eva_battle_7_a_defeated_angel_goes_to_its_owners_discard_pile() -> None:
    s = position([["Pen Pen"], ["Pen Pen"]], phase="battle", angel=(1, "Sachiel"))
    angel = s.angel
    deploy(s, 0, 1, 2)
    pass_until(s, lambda s: s.battle is None or s.battle.step == 3)
    assert s.angel < 0 and angel in s.players[1].discard and s.angels_defeated == 1


def test_eva_battle_8_a_loss_costs_the_turn_player_three_random_cards() -> None:
    hand = ["Pen Pen", "Moving In", "Bonds", "Anta Baka?", "Emergency Alert"]
    s = position([hand, ["Pen Pen"]], phase="battle", angel=(1, "Zeruel"))
    s.apply(Launch())
    pass_until(s, lambda s: s.battle is None or s.battle.step == 3)
    assert len(s.players[0].hand) == 2 and len(s.players[0].discard) == 3
    assert sorted(names(s, s.players[0].hand + s.players[0].discard)) == sorted(hand)
    losses = {tuple(sorted(names(t, t.players[0].discard))) for t in _loss_variants(hand)}
    assert len(losses) > 1  # which three depends on the seed: random


def _loss_variants(hand: list[str]) -> list[EvaState]:
    out = []
    for seed in range(6):
        s = position([hand, ["Pen Pen"]], phase="battle", angel=(1, "Zeruel"), seed=seed)
        s.apply(Launch())
        pass_until(s, lambda s: s.battle is None or s.battle.step == 3)
        out.append(s)
    return out


def test_eva_battle_9_a_loss_downs_the_evas_that_fought_and_discards_their_put_cards() -> None:
    s = position([["Pen Pen"], ["Pen Pen"]], phase="battle", angel=(1, "Zeruel"),
                 under_eva={"unit01": [(1, "Smash Hawk"), (0, "Unit-01 S2 Engine")], "unit02": [(0, "Pallet Rifle")]})
    s.apply(Deploy(E["unit01"]))
    s.apply(Launch())
    pass_until(s, lambda s: s.battle is None or s.battle.step == 3)
    assert s.eva_down == [False, True, False] and s.under_eva[E["unit01"]] == []
    assert names(s, s.players[1].discard) == ["Smash Hawk"] and "Unit-01 S2 Engine" in names(s, s.players[0].discard)
    assert names(s, s.under_eva[E["unit02"]]) == ["Pallet Rifle"]  # it did not fight
    assert s.angel >= 0  # the 使徒 stays


def test_eva_battle_10_a_third_window_then_the_main_phase() -> None:
    s = position([["Pen Pen"], ["Pen Pen", "I Mustn't Run Away"]], phase="battle", angel=(1, "Zeruel"))
    deploy(s, E["unit01"])
    pass_until(s, lambda s: s.window is not None and s.window.kind is WindowKind.BATTLE3)
    assert s.eva_down[E["unit01"]]
    speak(s, 1, "I Mustn't Run Away", E["unit01"])  # a drama after the result: Unit-01 face up again
    assert not s.eva_down[E["unit01"]]
    pass_until(s, lambda s: s.window is not None and s.window.kind is WindowKind.MAIN)
    assert s.battle is None and s.phase is Phase.MAIN


def test_eva_i_battle_a_sortie_card_sends_a_eva_whose_pilot_is_down() -> None:
    s = position([["Switch to the Dummy System", "Pen Pen"], ["Pen Pen"]], phase="battle", angel=(1, "Sachiel"),
                 down=["shinji"])
    s.apply(Launch())
    assert [a.target for a in s.legal_actions() if isinstance(a, Speak)] == [0, 1, 2]
    speak(s, 0, "Switch to the Dummy System", E["unit01"])
    pass_until(s, lambda s: s.battle is None)
    assert battle_result(s)["total"] == 4  # Unit-01 fought alone


def test_eva_i_battle_defeat_angel_wins_at_once() -> None:
    s = position([["Unit-00 Self-Destruct", "Pen Pen"], ["Pen Pen"]], phase="battle", angel=(1, "Zeruel"))
    deploy(s, E["unit00"])
    speak(s, 0, "Unit-00 Self-Destruct")  # humanity wins; Rei is downed
    pass_until(s, lambda s: s.battle is None)
    assert battle_result(s)["result"] == "wins" and s.down[C["rei"]] and s.angels_defeated == 1


def test_eva_battle_3_no_eva_loses_even_with_defeat_angel() -> None:
    """EVA-BATTLE-3: 「1機も参加させなくても構わないが戦闘は必ず負けになる」: a defeat_angel card does not win a
    battle no Eva joined (issue 13: forced_win won it)."""
    s = position([["Unit-00 Self-Destruct", "Pen Pen"], ["Pen Pen"]], phase="battle", angel=(1, "Zeruel"))
    s.apply(Launch())
    if "Unit-00 Self-Destruct" in {s.cards[a.card].name for a in s.legal_actions()
                                   if isinstance(a, Speak) and not a.serif}:
        speak(s, 0, "Unit-00 Self-Destruct")
    pass_until(s, lambda s: s.battle is None)
    assert battle_result(s)["result"] == "loses" and s.angels_defeated == 0


def test_eva_i_right_the_player_before_takes_the_cards() -> None:
    s = position([["Pen Pen"] * 4, ["Pen Pen"], ["Pen Pen"]], phase="battle", angel=(1, "Zeruel"), active=1)
    s.apply(Launch())
    pass_until(s, lambda s: s.battle is None or s.battle.step == 3)
    event = next(e for e in s.events or [] if e.kind == "battle_loss_cards")
    assert event.data["right"] == "P1"  # seat 0 plays just before seat 1


# ---------------------------------------------------------------------------------------------------- ③ メイン


def test_eva_main_1_drama_put_character_eva_and_serif_cards() -> None:
    hand = ["Emergency Alert", "Toji Suzuhara", "Unit-01 S2 Engine", "Pallet Rifle", "Unit-01 Activates",
            "Moving In"]
    s = position([hand, ["Pen Pen"]], phase="main", group=[["misato", "asuka"]])
    assert speakable(s) == set(hand)  # the battle card only as dialogue (Unit-01 Activates: ▲Asuka)
    assert not any(isinstance(a, Speak) and not a.serif and s.cards[a.card].name == "Unit-01 Activates"
                   for a in s.legal_actions())


def test_eva_main_2_only_the_turn_player_speaks_serif_first() -> None:
    s = position([["Pen Pen"], ["Shall We Kiss?", "Emergency Alert"]], phase="main")
    s.apply(Pass())
    assert {a.serif for a in s.legal_actions() if isinstance(a, Speak)} == {False}
    assert speakable(s) == {"Shall We Kiss?", "Emergency Alert"}  # its card side (drama) is fine


def test_eva_main_2_the_others_speak_serif_as_counters() -> None:
    s = position([["Shall We Kiss?"], ["Toji Suzuhara"]], phase="main")
    serif(s, 0, "Shall We Kiss?", "shinji", Mark.SEEK, decline=False)  # Asuka seeks Shinji
    assert s.current_player == 1 and s.legal_actions() == [Decline(), Counter(hand_uid(s, 1, "Toji Suzuhara"))]


# ---------------------------------------------------------------------------------------------------- ④ 第2ドロー


def test_eva_draw2_1_every_player_in_turn_from_the_turn_player() -> None:
    s = position([["Shigeru Aoba"], ["Shigeru Aoba"], ["Shigeru Aoba"]], phase="main", active=1)
    for seat in (1, 2, 0):
        speak(s, seat, "Shigeru Aoba", C["misato"])  # (OTHER) +1 each
    pass_until(s, lambda s: s.phase is not Phase.MAIN)
    pass_until(s, lambda s: s.phase is not Phase.DRAW2)
    order = [e.player for e in s.events or [] if e.kind == "draw2" and e.turn == 1]
    assert order == [1, 2, 0]


def test_eva_draw2_2_draw_points() -> None:
    s = position([["Emergency Alert", "Rei Ayanami (School Uniform)", "Kozo Fuyutsuki", "Bonds"],
                  ["Moving In", "Shall We Kiss?", "Bonds", "Pen Pen"]],
                 phase="main", decks=[["Toji Suzuhara", "Sachiel", "Cello Practice"], []])
    speak(s, 0, "Emergency Alert")  # (OTHER) 0, draws Toji at once
    speak(s, 1, "Moving In")  # Misato -1
    speak(s, 0, "Rei Ayanami (School Uniform)", C["rei"])  # Rei +1
    speak(s, 1, "Shall We Kiss?")  # Asuka -1
    speak(s, 0, "Kozo Fuyutsuki", C["gendo"])  # Gendo +1
    pass_until(s, lambda s: s.phase is not Phase.MAIN)
    # seat 0: +2: draws Sachiel (to the city at once) and Cello Practice
    assert s.current_player == 1 and s.pending and s.pending[-1].count == 2  # seat 1: -2: discards 2 of its 2
    assert s.cards[s.angel].name == "Sachiel" and "Cello Practice" in names(s, s.players[0].hand)
    s.apply(Discard(hand_uid(s, 1, "Bonds")))
    s.apply(Discard(hand_uid(s, 1, "Pen Pen")))
    assert sorted(names(s, s.players[1].discard)) == ["Bonds", "Moving In", "Pen Pen", "Shall We Kiss?"]


def test_eva_draw2_3_put_cards_go_under_their_targets_the_others_to_the_discard_pile() -> None:
    s = position([["Toji Suzuhara", "Emergency Alert", "Pallet Rifle"], ["Pen Pen"]], phase="main")
    speak(s, 0, "Toji Suzuhara", C["shinji"])
    s.apply(Pass())
    speak(s, 0, "Pallet Rifle", E["unit02"])
    s.apply(Pass())
    speak(s, 0, "Emergency Alert")
    pass_until(s, lambda s: s.phase not in (Phase.MAIN, Phase.DRAW2))
    assert names(s, s.under_char[C["shinji"]]) == ["Toji Suzuhara"]
    assert names(s, s.under_eva[E["unit02"]]) == ["Pallet Rifle"]
    assert "Emergency Alert" in names(s, s.players[0].discard) and s.spoken == []


def test_eva_character_spoken_as_serif_is_discarded() -> None:
    """EVA-DRAW2-3: a character card spoken on its セリフ side is a セリフ (④(2): ドラマ、バトル、セリフ go to the
    捨て札): it does not go under its main character, so it gives no allowance and no put_under credit."""
    s = position([["Toji Suzuhara", "Emergency Alert"], ["Pen Pen"]], phase="main")
    serif(s, 0, "Toji Suzuhara", "rei", Mark.SEEK)
    pass_until(s, lambda s: s.phase not in (Phase.MAIN, Phase.DRAW2))
    assert s.under_char[C["shinji"]] == []
    assert "Toji Suzuhara" in names(s, s.players[0].discard)
    assert s.allowance(C["shinji"]) == 1


def test_eva_draw2_4_the_phase_ends_when_everyone_is_done() -> None:
    s = position([["Emergency Alert", "Pen Pen"], ["Pen Pen"]], phase="main", hokans=["H-01", "H-01"],
                 levels=[2, 0])
    pass_until(s, lambda s: s.phase is not Phase.MAIN)
    assert s.phase is Phase.HOKAN and s.legal_actions() == [Declare(False), Declare(True)]


def test_eva_draw2_5_an_empty_hand_drops_out() -> None:
    s = position([["Emergency Alert", "Pen Pen"], ["Moving In"], ["Pen Pen"]], phase="main",
                 group=[["misato", "shinji"]])
    s.apply(Pass())
    speak(s, 1, "Moving In")  # its last card, -1 draw points
    pass_until(s, lambda s: s.phase not in (Phase.MAIN, Phase.DRAW2))
    assert s.players[1].out and not s.players[0].out and not s.players[2].out


def test_eva_draw2_5_a_player_who_cannot_draw_its_points_drops_out() -> None:
    s = position([["Rei Ayanami (School Uniform)", "Pen Pen"], ["Pen Pen"], ["Pen Pen"]], phase="main",
                 decks=[[], ["Bonds"] * 4, ["Bonds"] * 4], filler=False)
    speak(s, 0, "Rei Ayanami (School Uniform)", C["rei"])  # +1 with an empty deck
    pass_until(s, lambda s: s.phase not in (Phase.MAIN, Phase.DRAW2))
    assert s.players[0].out and s.alive() == [1, 2]


def test_eva_i_draw_an_empty_deck_drops_out_at_the_end_of_the_second_draw_phase() -> None:
    """I-DRAW (issue 13): 「山札がなくなりカードが引けなくなったプレイヤー」: a player whose 山札 is empty at the end
    of the 第2ドローフェイズ drops out, even with no draw points to draw; --option deck_out=short keeps the old
    reading (only a player who drew fewer than its points)."""
    from tcgsim.games.eva.options import DeckOutReading
    hands = [["Pen Pen", "Pen Pen"], ["Pen Pen"], ["Pen Pen"]]
    decks = [[], ["Bonds"] * 4, ["Bonds"] * 4]
    s = position(hands, phase="main", decks=decks, filler=False)
    pass_until(s, lambda s: s.phase not in (Phase.MAIN, Phase.DRAW2))
    assert s.players[0].out and s.alive() == [1, 2]
    s = position(hands, phase="main", decks=decks, filler=False,
                 options=EvaOptions(random_first_player=False, deck_out=DeckOutReading.SHORT))
    pass_until(s, lambda s: s.phase not in (Phase.MAIN, Phase.DRAW2))
    assert not s.players[0].out and s.alive() == [0, 1, 2]


def test_eva_draw2_6_one_player_left_wins_or_must_face_the_angel() -> None:
    s = position([["Emergency Alert"], []], phase="main")
    pass_until(s, lambda s: s.is_terminal)
    assert s.outcome is not None and s.outcome.winner == 0
    s = position([["Emergency Alert", "Pen Pen"], []], phase="main", angel=(0, "Sachiel"))
    pass_until(s, lambda s: s.phase is not Phase.MAIN)
    pass_until(s, lambda s: s.turn == 2)
    assert not s.is_terminal and s.last_stand and s.active == 0
    assert "declare" not in kinds(s)


# ---------------------------------------------------------------------------------------------------- ⑤ 補完


def test_eva_hokan_1_the_level_rises_when_the_condition_holds() -> None:
    s = position([["Pen Pen"], ["Pen Pen"]], phase="hokan", hokans=["H-01", "H-01"], group=[["shinji", "rei"]],
                 angels_defeated=1)
    s._advance()  # H-01 LV1: Shinji in a group of 2 or more, and a 使徒 defeated
    assert s.players[0].level == 1 and s.turn == 2
    s = position([["Pen Pen"], ["Pen Pen"]], phase="hokan", hokans=["H-01", "H-01"], angels_defeated=1)
    s._advance()
    assert s.players[0].level == 0
    s = position([["Pen Pen"], ["Pen Pen"]], phase="hokan", hokans=["H-01", "H-01"], group=[["shinji", "rei"]])
    s._advance()  # every part of the condition must hold: no 使徒 defeated yet (issue 17's third step)
    assert s.players[0].level == 0


def test_eva_hokan_2_one_level_a_turn_only_in_ones_own_turn_never_down() -> None:
    # Both conditions of H-01 hold (Shinji grouped with Misato): level 0 -> 1 only.
    s = position([["Pen Pen"], ["Pen Pen"]], phase="hokan", hokans=["H-01", "H-01"], group=[["shinji", "misato"]],
                 angels_defeated=1)
    s._advance()
    assert [p.level for p in s.players] == [1, 0]  # seat 1's conditions hold too: not its turn
    s.group = [-1] * 6  # the conditions fail now: the level stays
    pass_until(s, lambda s: s.turn == 3)
    assert s.players[0].level == 1


def test_eva_hokan_3_declare_at_level_2_with_the_character_up() -> None:
    s = position([["Pen Pen"], ["Pen Pen"]], phase="hokan", hokans=["H-01", "H-01"], levels=[2, 0], down=["shinji"])
    s._advance()
    assert not s.pending and s.turn == 2  # Shinji is downed: no declaration
    s = position([["Moving In"], ["Pen Pen"]], phase="hokan", hokans=["H-01", "H-01"], levels=[2, 0])
    s._advance()
    assert s.legal_actions() == [Declare(False), Declare(True)]
    s.apply(Declare(True))
    assert s.phase is Phase.STAGE and s.stage is not None and s.stage.character == C["shinji"]


def test_eva_hokan_3_a_level_reached_this_turn_may_declare_at_once() -> None:
    s = position([["Pen Pen"], ["Pen Pen"]], phase="hokan", hokans=["H-01", "H-01"], levels=[1, 0],
                 group=[["shinji", "misato"]])
    s._advance()
    assert s.players[0].level == 2 and Declare(True) in s.legal_actions()


def _stage(hands: list[list[str]], **kw) -> EvaState:  # type: ignore[no-untyped-def]
    s = position(hands, phase="hokan", hokans=["H-01"] * len(hands), levels=[2] + [0] * (len(hands) - 1), **kw)
    s._advance()
    s.apply(Declare(True))
    return s


def test_eva_hokan_4_in_the_stage_anyone_speaks_anything_to_anyone() -> None:
    # Kaworu: Shinji's colour, ●Asuka ●Misato: no ●Shinji; Moving In (Misato, ●Shinji) is fine though Misato is
    # downed, has spoken her card, and is not next to Shinji.
    s = _stage([["Moving In", "Kaworu Nagisa"], ["Toji Suzuhara"]], down=["misato"])
    assert s.legal_actions() == [StagePass(), StagePlay(hand_uid(s, 0, "Moving In"))]


def test_eva_hokan_5_the_declarer_speaks_a_seek_of_the_character() -> None:
    s = _stage([["Moving In", "Shall We Kiss?"], ["Asuka in Plugsuit"]])
    assert s.current_player == 0
    s.apply(StagePlay(hand_uid(s, 0, "Moving In")))
    assert "Moving In" in names(s, s.players[0].discard) and s.stage is not None and not s.stage.seeking


def test_eva_hokan_6_each_other_player_hurts_or_is_barred() -> None:
    s = _stage([["Moving In", "Shall We Kiss?"], ["Asuka in Plugsuit", "Anta Baka?"], ["Pen Pen"]])
    s.apply(StagePlay(hand_uid(s, 0, "Moving In")))
    assert s.current_player == 1 and s.legal_actions()[0] == StagePass()
    s.apply(StagePass())  # seat 1 chooses not to; seat 2 holds no ▲Shinji: both barred
    assert s.stage is not None and s.stage.barred == (1, 2)
    assert s.is_terminal and s.outcome is not None and s.outcome.winner == 0


def test_eva_hokan_7_after_a_hurt_the_declarer_seeks_again() -> None:
    s = _stage([["Moving In", "Shall We Kiss?", "Pen Pen"], ["Asuka in Plugsuit", "Anta Baka?", "Pen Pen"]])
    s.apply(StagePlay(hand_uid(s, 0, "Moving In")))
    s.apply(StagePlay(hand_uid(s, 1, "Asuka in Plugsuit")))
    assert s.current_player == 0 and s.stage is not None and s.stage.seeking
    s.apply(StagePlay(hand_uid(s, 0, "Shall We Kiss?")))
    s.apply(StagePlay(hand_uid(s, 1, "Anta Baka?")))
    assert "stage_fail" in kinds(s) and "congratulations" not in kinds(s)  # seat 0 has no seek left


def test_eva_hokan_8_when_nobody_hurts_the_declarer_wins() -> None:
    s = _stage([["Moving In", "Shall We Kiss?"], ["Asuka in Plugsuit"]])
    s.apply(StagePlay(hand_uid(s, 0, "Moving In")))
    s.apply(StagePlay(hand_uid(s, 1, "Asuka in Plugsuit")))
    s.apply(StagePlay(hand_uid(s, 0, "Shall We Kiss?")))
    assert s.outcome is not None and s.outcome.winner == 0 and s.outcome.reason is WinReason.HOKAN


def test_eva_hokan_9_a_failed_stage_the_others_draw_what_they_used() -> None:
    s = _stage([["Moving In"], ["Asuka in Plugsuit", "Pen Pen"], ["Anta Baka?", "Pen Pen"]],
               decks=[[], ["Bonds"], ["Bonds"]])
    s.apply(StagePlay(hand_uid(s, 0, "Moving In")))
    s.apply(StagePlay(hand_uid(s, 1, "Asuka in Plugsuit")))
    s.apply(StagePlay(hand_uid(s, 2, "Anta Baka?")))
    # seat 0 has no seek left: the stage fails, seats 1 and 2 draw 1 each, seat 0 nothing
    assert s.stage is None and "stage_fail" in kinds(s)
    draws = [(e.player, e.data["count"]) for e in s.events or [] if e.phase == "stage" and e.kind == "draw"]
    assert draws == [(1, 1), (2, 1)]
    assert "Bonds" in names(s, s.players[2].hand)


def test_eva_hokan_10_after_the_hokan_phase_the_next_player_clockwise() -> None:
    s = position([["Pen Pen"], ["Pen Pen"], ["Pen Pen"]], phase="hokan", active=2)
    s._advance()
    assert s.active == 0 and s.turn == 2


# ---------------------------------------------------------------------------------------------------- セリフ


def test_eva_serif_1_every_card_but_hokan_and_angels_has_a_dialogue_side() -> None:
    for card in eva_cards().values():
        if card.kind in (Kind.ANGEL, Kind.HOKAN):
            assert card.marks == () and card.colour == -1
        else:
            assert card.colour >= 0 and card.marks
            assert 0 <= card.serif_colour < 6  # (OTHER) cards too: their dialogue side names its speaker
            assert card.serif_colour == card.colour or card.colour == 6


def test_eva_every_card_but_hokan_and_angel_has_a_serif_side() -> None:
    """EVA-SERIF-1: an (OTHER) card is a セリフ too, spoken by the colour of its dialogue side, under its allowance."""
    others = [c for c in eva_cards().values() if c.colour == 6]
    assert len(others) == 16 and all(c.marks and 0 <= c.serif_colour < 6 for c in others)
    s = position([["Emergency Alert", "Pen Pen"], ["Toji Suzuhara"]], phase="main")  # Misato: ●Asuka ●Ritsuko
    alert = hand_uid(s, 0, "Emergency Alert")
    serifs = [a for a in s.legal_actions() if isinstance(a, Speak) and a.serif and a.card == alert]
    assert [s.cards[alert].marks[a.mark] for a in serifs] == [(Mark.SEEK, C["asuka"]), (Mark.SEEK, C["ritsuko"])]
    serif(s, 0, "Emergency Alert", "asuka", Mark.SEEK)
    assert s.group[C["misato"]] >= 0 and s.group[C["misato"]] == s.group[C["asuka"]]
    assert s.speak_count[C["misato"]] == 1  # Misato spoke it: her one card this turn
    pen = hand_uid(s, 0, "Pen Pen")  # also Misato's: no allowance left for either side
    assert not any(isinstance(a, Speak) and a.card == pen for a in s.legal_actions())


def test_eva_serif_2_only_to_an_adjacent_or_grouped_character() -> None:
    s = position([["Moving In"], ["Pen Pen"]], phase="main")  # Misato -> Shinji: not adjacent
    assert not any(a.serif for a in s.legal_actions() if isinstance(a, Speak))
    s = position([["Moving In"], ["Pen Pen"]], phase="main", group=[["misato", "shinji"]])
    assert any(a.serif for a in s.legal_actions() if isinstance(a, Speak))


def test_eva_serif_3_the_colour_speaks_and_each_mark_names_whom() -> None:
    s = position([["Toji Suzuhara"], ["Pen Pen"]], phase="main")  # Shinji: ▲Asuka ●Rei, both adjacent
    serifs = [a for a in s.legal_actions() if isinstance(a, Speak) and a.serif]
    assert [s.cards[a.card].marks[a.mark] for a in serifs] == [(Mark.HURT, C["asuka"]), (Mark.SEEK, C["rei"])]


def test_eva_serif_4_the_player_declares_who_hurts_or_seeks_whom() -> None:
    s = position([["Toji Suzuhara"], ["Pen Pen"]], phase="main")
    serif(s, 0, "Toji Suzuhara", "rei", Mark.SEEK)
    assert s.group[C["shinji"]] == s.group[C["rei"]] >= 0
    assert s.events is not None and s.events[0].data["verb"] == "seeks" and s.events[0].data["target"] == "Rei"


def test_eva_serif_5_a_countered_hurt_does_nothing() -> None:
    s = position([["Anta Baka?"], ["Toji Suzuhara"]], phase="main", group=[["shinji", "asuka"]])
    serif(s, 0, "Anta Baka?", "shinji", Mark.HURT, decline=False)
    s.apply(Counter(hand_uid(s, 1, "Toji Suzuhara")))  # Shinji answers Asuka (▲Asuka mark)
    assert s.group[C["shinji"]] >= 0 and "counter" in kinds(s) and "serif_result" not in kinds(s)


def test_eva_serif_6_a_hurt_ungroups_then_downs() -> None:
    s = position([["Anta Baka?"], ["Pen Pen"]], phase="main", group=[["shinji", "asuka", "rei"]])
    serif(s, 0, "Anta Baka?", "shinji", Mark.HURT)
    assert s.group[C["shinji"]] == -1 and s.group[C["asuka"]] == s.group[C["rei"]] >= 0 and not s.down[C["shinji"]]
    s = position([["Anta Baka?"], ["Pen Pen"]], phase="main")
    serif(s, 0, "Anta Baka?", "shinji", Mark.HURT)
    assert s.down[C["shinji"]]


def test_eva_serif_7_a_countered_seek_does_nothing() -> None:
    s = position([["Shall We Kiss?"], ["Toji Suzuhara"]], phase="main")
    serif(s, 0, "Shall We Kiss?", "shinji", Mark.SEEK, decline=False)
    s.apply(Counter(hand_uid(s, 1, "Toji Suzuhara")))
    assert s.group == [-1] * 6


def test_eva_serif_8_a_seek_groups_or_revives() -> None:
    s = position([["Shall We Kiss?"], ["Pen Pen"]], phase="main")
    serif(s, 0, "Shall We Kiss?", "shinji", Mark.SEEK)
    assert s.group[C["asuka"]] == s.group[C["shinji"]] >= 0
    s = position([["Shall We Kiss?"], ["Pen Pen"]], phase="main", down=["shinji"])
    serif(s, 0, "Shall We Kiss?", "shinji", Mark.SEEK)
    assert not s.down[C["shinji"]] and s.group == [-1] * 6


def test_eva_serif_9_grouping_opens_talk_with_characters_not_adjacent() -> None:
    s = position([["Shall We Kiss?"], ["Pen Pen"]], phase="none")
    assert not s.reach(C["asuka"], C["rei"])
    s._merge(C["asuka"], C["shinji"])
    s._merge(C["shinji"], C["rei"])
    assert s.reach(C["asuka"], C["rei"])  # one group (I-REACH: groups merge)


def test_eva_i_reach_a_hurt_removes_only_its_target_and_a_group_of_one_is_none() -> None:
    s = position([["Anta Baka?"], ["Pen Pen"]], phase="main", group=[["shinji", "asuka"]])
    serif(s, 0, "Anta Baka?", "shinji", Mark.HURT)
    assert s.group == [-1] * 6


def test_eva_i_protect_a_put_card_takes_the_hurt_and_is_discarded() -> None:
    s = position([["Anta Baka?"], ["Pen Pen"]], phase="main", under_char={"shinji": [(1, "Shinji's S-DAT")]})
    serif(s, 0, "Anta Baka?", "shinji", Mark.HURT)
    assert not s.down[C["shinji"]] and s.under_char[C["shinji"]] == []
    assert names(s, s.players[1].discard) == ["Shinji's S-DAT"]


# ---------------------------------------------------------------------------------------------------- <対抗>


def test_eva_counter_1_answers_come_before_the_effect() -> None:
    s = position([["Emergency Alert", "Pen Pen"], ["Cease Operation", "Pen Pen"]], phase="main",
                 decks=[["Bonds"], []])
    speak(s, 0, "Emergency Alert", decline=False)
    assert s.current_player == 1 and "Bonds" not in names(s, s.players[0].hand)  # not drawn yet
    s.apply(Counter(hand_uid(s, 1, "Cease Operation")))
    assert "Bonds" not in names(s, s.players[0].hand)
    s = position([["Emergency Alert", "Pen Pen"], ["Cease Operation", "Pen Pen"]], phase="main",
                 decks=[["Bonds"], []])
    speak(s, 0, "Emergency Alert", decline=False)
    s.apply(Decline())
    assert "Bonds" in names(s, s.players[0].hand)


def test_eva_counter_2_card_counters_answer_their_types_serif_counters_answer_serif() -> None:
    s = position([["Toji Suzuhara"], ["Cease Operation", "Power Outage"]], phase="main")
    speak(s, 0, "Toji Suzuhara", C["shinji"], decline=False)  # a character card: only Power Outage answers it
    assert s.legal_actions() == [Decline(), Counter(hand_uid(s, 1, "Power Outage"))]
    s = position([["Moving In"], ["Cease Operation", "Power Outage", "Anta Baka?"]], phase="main",
                 group=[["misato", "shinji"]])
    serif(s, 0, "Moving In", "shinji", Mark.SEEK, decline=False)  # a セリフ: only a counter セリフ answers it
    # (the two <対抗> cards answer on their dialogue sides: Gendo ▲Misato, Ritsuko ●Misato; EVA-SERIF-1)
    assert s.legal_actions() == [Decline(), *(Counter(hand_uid(s, 1, n))
                                              for n in ("Cease Operation", "Power Outage", "Anta Baka?"))]
    s.apply(Counter(hand_uid(s, 1, "Cease Operation")))
    assert s.spoken[-1].serif and s.spoken[-1].speaker == C["gendo"] and s.speak_count[C["gendo"]] == 1


def test_eva_counter_3_a_counter_cannot_be_answered() -> None:
    s = position([["Emergency Alert", "Cease Operation"], ["Cease Operation", "Pen Pen"]], phase="main")
    speak(s, 0, "Emergency Alert", decline=False)
    s.apply(Counter(hand_uid(s, 1, "Cease Operation")))
    assert s.offer is None and s.current_player == 1  # nobody is asked about the counter; seat 1's turn to speak


def test_eva_counter_3_a_counter_serif_answers_a_card_side_counter() -> None:
    """Only a <対抗> セリフ on a <対抗> セリフ is forbidden: a card-side <対抗> card can be answered by a counter
    セリフ, and the card it answered then takes effect; the counter セリフ itself cannot be answered."""
    s = position([["Toji Suzuhara", "Anta Baka?"], ["Power Outage", "Pen Pen"]], phase="main")
    speak(s, 0, "Toji Suzuhara", C["shinji"], decline=False)
    s.apply(Counter(hand_uid(s, 1, "Power Outage")))  # (OTHER), against a character card
    # seat 0 may answer it: Asuka's <対抗> dialogue addresses Shinji, who spoke Toji Suzuhara
    assert s.current_player == 0 and s.legal_actions() == [Decline(), Counter(hand_uid(s, 0, "Anta Baka?"))]
    s.apply(Counter(hand_uid(s, 0, "Anta Baka?")))
    toji, outage, baka = s.spoken
    assert outage.cancelled and not toji.cancelled and not baka.cancelled
    assert baka.serif and baka.speaker == C["asuka"] and s.speak_count[C["asuka"]] == 1
    assert s.offer is None  # nothing answers the counter セリフ
    # unanswered, the <対抗> card stands and cancels the card
    s = position([["Toji Suzuhara", "Anta Baka?"], ["Power Outage", "Pen Pen"]], phase="main")
    speak(s, 0, "Toji Suzuhara", C["shinji"], decline=False)
    s.apply(Counter(hand_uid(s, 1, "Power Outage")))
    s.apply(Decline())
    assert s.offer is None and s.spoken[0].cancelled and not s.spoken[1].cancelled


def test_eva_counter_3_counter_answers_none_keeps_every_counter_unanswerable() -> None:
    s = position([["Toji Suzuhara", "Anta Baka?"], ["Power Outage", "Pen Pen"]], phase="main",
                 options=EvaOptions(counter_answers=CounterAnswers.NONE))
    speak(s, 0, "Toji Suzuhara", C["shinji"], decline=False)
    s.apply(Counter(hand_uid(s, 1, "Power Outage")))
    assert s.offer is None and s.spoken[0].cancelled


def test_eva_counter_4_a_cancelled_card_still_counts_and_gives_its_draw_points() -> None:
    s = position([["Emergency Alert", "Shall We Kiss?"], ["Cease Operation", "Pen Pen"]], phase="main",
                 decks=[["Bonds", "Moving In"], []])
    speak(s, 0, "Shall We Kiss?", decline=False)  # Asuka, -1
    s.apply(Counter(hand_uid(s, 1, "Cease Operation")))  # (OTHER), -1
    assert s.speak_count[C["asuka"]] == 1 and s.group == [-1] * 6
    pass_until(s, lambda s: s.phase is not Phase.MAIN)
    assert s.pending and s.pending[-1].player == 0 and s.pending[-1].count == 1


def test_eva_i_counter_a_counter_serif_must_reach_the_speaker_or_the_target() -> None:
    # Misato seeks Shinji (grouped). Kaji's Message is Misato's: she has spoken. Yebisu Beer (Misato) too.
    # Unit-00 Kai: Ritsuko ●Rei ▲Misato: Ritsuko reaches Misato (adjacent) with a mark for her: it may answer.
    # Terminal Dogma: Ritsuko ●Misato ▲Rei: also. Unit-01 Frozen: Gendo ▲Shinji <対抗>: also.
    # Because I Have Nothing Else: Rei ▲Shinji: Rei reaches Shinji: also. I Won't Lose: Asuka ▲Shinji ●Misato.
    # Sonic Glaive: Asuka ▲Shinji ▲Rei: Asuka reaches Shinji (adjacent): yes.
    # Dummy Plug: Ritsuko ▲Rei: Ritsuko reaches neither with that mark: no.
    hand = ["Unit-00 Kai", "Unit-01 Frozen", "Dummy Plug"]
    s = position([["Moving In"], hand], phase="main", group=[["misato", "shinji"]])
    serif(s, 0, "Moving In", "shinji", Mark.SEEK, decline=False)
    answers = {s.cards[a.card].name for a in s.legal_actions() if isinstance(a, Counter)}
    assert answers == {"Unit-00 Kai", "Unit-01 Frozen"}


# ---------------------------------------------------------------------------------------------------- card types


def test_eva_card_1_a_character_card_goes_under_its_character() -> None:
    s = position([["Asuka in Plugsuit"], ["Pen Pen"]], phase="main")
    assert [a.target for a in s.legal_actions() if isinstance(a, Speak) and not a.serif] == [C["asuka"]]
    speak(s, 0, "Asuka in Plugsuit", C["asuka"])
    pass_until(s, lambda s: s.turn == 2)
    assert names(s, s.under_char[C["asuka"]]) == ["Asuka in Plugsuit"]


def test_eva_card_2_a_eva_card_powers_up_its_eva() -> None:
    s = position([["Unit-01 S2 Engine", "Eva Unit-03"], ["Pen Pen"]], phase="main")
    speak(s, 0, "Unit-01 S2 Engine", E["unit01"])
    s.apply(Pass())
    speak(s, 0, "Eva Unit-03", E["unit00"])  # any Eva
    pass_until(s, lambda s: s.turn == 2)
    assert s.eva_strength(E["unit01"]) == 6 and s.eva_strength(E["unit00"]) == 5
    assert s.weapon_slots(E["unit01"]) == 2


def test_eva_card_3_a_drama_card_acts_once_and_is_discarded() -> None:
    s = position([["Moving In"], ["Pen Pen"]], phase="main")
    speak(s, 0, "Moving In")
    assert s.group[C["misato"]] == s.group[C["shinji"]] >= 0
    pass_until(s, lambda s: s.turn == 2)
    assert "Moving In" in names(s, s.players[0].discard)


def test_eva_card_4_battle_cards_only_in_battles() -> None:
    s = position([["Unit-01 Activates", "Japan's Electric Power"], ["Pen Pen"]], phase="main")
    assert not any(isinstance(a, Speak) and not a.serif for a in s.legal_actions())


def test_eva_card_5_a_put_card_is_attached_and_acts_from_there() -> None:
    s = position([["Interface Headset", "Pallet Rifle"], ["Pen Pen"]], phase="main")
    speak(s, 0, "Interface Headset", C["asuka"])
    s.apply(Pass())
    speak(s, 0, "Pallet Rifle", E["unit02"])
    assert s.eva_strength(E["unit02"]) == 4
    pass_until(s, lambda s: s.turn == 2)
    assert s.eva_strength(E["unit02"]) == 4 + 1 + 1  # the rifle, and the headset under Asuka


def test_eva_card_6_a_angel_is_put_into_the_city_when_drawn() -> None:
    s = position([["Emergency Alert"], ["Pen Pen"]], phase="main", decks=[["Sachiel"], []])
    speak(s, 0, "Emergency Alert")
    assert s.cards[s.angel].name == "Sachiel" and s.players[0].hand == []


def test_eva_card_7_the_hokan_card_is_the_players_own_goal() -> None:
    s = position([["Pen Pen"], ["Pen Pen"]], phase="hokan", hokans=["H-03", "H-01"], group=[["rei", "gendo"]],
                 angels_defeated=1)
    s._advance()
    assert s.players[0].level == 1  # H-03 LV1: Rei grouped with Gendo (and a 使徒 defeated); H-01 would not have risen
    card = s.cards[s.players[1].hokan]
    assert card.text_lv1 and card.text_lv2 and card.lv1 is not None and card.lv2 is not None


# ---------------------------------------------------------------------------------------------------- short rule


def _short_decks() -> list:  # type: ignore[type-arg]
    from tcgsim.decks import read_deck

    return [read_deck(p) for p in sorted((REPO / "decks" / "eva-short").iterdir())]


def test_eva_short_1_two_players() -> None:
    decks = _short_decks()
    assert (EvaShortGame.min_players, EvaShortGame.max_players) == (2, 2)
    with pytest.raises(ValueError):
        EvaShortGame(decks[:1] * 3, 1)


def test_eva_short_2_downing_the_opponents_character_wins() -> None:
    s = short_position([["Anta Baka?"], ["Bonds"]], (C["misato"], C["shinji"]), group=[])
    s.apply(Speak(uid_of(s, 0, "Anta Baka?"), True, 0, -1))  # Asuka ▲Shinji, ungrouped: downed
    assert s.outcome is not None and s.outcome.winner == 0 and s.outcome.reason is ShortWinReason.DOWNED


def test_eva_short_2_even_downing_ones_own_character_loses() -> None:
    s = short_position([["Anta Baka?"], ["Bonds"]], (C["shinji"], C["misato"]), group=[])
    s.apply(Speak(uid_of(s, 0, "Anta Baka?"), True, 0, -1))
    assert s.outcome is not None and s.outcome.winner == 1


def test_eva_short_3_hokan_and_angels_are_set_aside() -> None:
    decks = _short_decks()
    s = EvaShortGame(decks[:2], 3).new_initial_state()
    for p in s.players:
        assert all(s.cards[u].kind in (Kind.ANGEL, Kind.HOKAN) for u in p.aside)
        assert {s.cards[u].kind for u in p.aside} == {Kind.ANGEL, Kind.HOKAN}
        assert all(s.cards[u].kind not in (Kind.ANGEL, Kind.HOKAN) for u in p.deck + p.hand)


def test_eva_short_4_each_player_has_a_hidden_character() -> None:
    decks = _short_decks()
    seen = set()
    for seed in range(30):
        s = EvaShortGame(decks[:2], seed).new_initial_state()
        a, b = s.assigned
        assert a != b
        seen.add(a)
        view = s.view(0)
        assert view.character == a and not hasattr(view, "assigned")
        others = {s.resample_hidden(0, random.Random(k)).assigned[1] for k in range(40)}
        assert a not in others and len(others) == 5  # the opponent's could be any of the other five
    assert len(seen) == 6


def test_eva_short_5_all_six_start_grouped() -> None:
    s = EvaShortGame(_short_decks()[:2], 1).new_initial_state()
    assert len(set(s.group)) == 1 and s.group[0] >= 0 and not any(s.down)


def test_eva_short_6_six_cards_each() -> None:
    s = EvaShortGame(_short_decks()[:2], 1).new_initial_state()
    assert [len(p.hand) for p in s.players] == [6, 6]


def test_eva_short_7_the_first_player_is_drawn() -> None:
    decks = _short_decks()
    assert {EvaShortGame(decks[:2], seed).new_initial_state().active for seed in range(20)} == {0, 1}


def test_eva_short_8_the_first_player_speaks_the_opponent_may_counter() -> None:
    s = short_position([["Anta Baka?", "Pen Pen"], ["Toji Suzuhara"]], (C["rei"], C["misato"]))
    assert {type(a) for a in s.legal_actions()} == {PassDiscard, Speak}
    s.apply(Speak(uid_of(s, 0, "Anta Baka?"), True, 0, -1))  # Asuka ▲Shinji
    assert s.current_player == 1 and s.legal_actions() == [Decline(), Counter(uid_of(s, 1, "Toji Suzuhara"))]
    s.apply(Counter(uid_of(s, 1, "Toji Suzuhara")))
    assert s.group[C["shinji"]] >= 0 and s.current_player == 0  # the answer took seat 1's turn to speak


def test_eva_short_9_the_second_speaks_or_passes_discarding_a_card() -> None:
    s = short_position([["Anta Baka?"], ["Bonds", "Moving In"]], (C["rei"], C["misato"]))
    s.apply(Speak(uid_of(s, 0, "Anta Baka?"), True, 0, -1))
    assert s.current_player == 1 and s.legal_actions()[0] == Decline()  # Moving In could answer (●Shinji)
    s.apply(Decline())
    assert s.current_player == 1 and PassDiscard(uid_of(s, 1, "Moving In")) in s.legal_actions()
    s.apply(PassDiscard(uid_of(s, 1, "Moving In")))
    assert names(s, s.players[1].discard) == ["Moving In"] and s.passes == 1 and s.current_player == 0


def test_eva_short_10_two_passes_end_the_turn_spoken_cards_discarded_hands_refilled() -> None:
    s = short_position([["Anta Baka?", "Pen Pen"], ["Bonds", "Moving In"]], (C["rei"], C["misato"]),
                       decks=[["Bonds"] * 6, ["Bonds"] * 6])
    s.apply(Speak(uid_of(s, 0, "Anta Baka?"), True, 0, -1))
    s.apply(Decline())
    s.apply(PassDiscard(uid_of(s, 1, "Moving In")))
    s.apply(PassDiscard(uid_of(s, 0, "Pen Pen")))
    assert s.turn == 2 and [len(p.hand) for p in s.players] == [6, 6] and s.spoken == []
    assert sorted(names(s, s.players[0].discard)) == ["Anta Baka?", "Pen Pen"] and s.speak_count == [0] * 6


def test_eva_short_11_the_first_player_changes_every_turn() -> None:
    s = short_position([["Pen Pen"], ["Pen Pen"]], (C["rei"], C["misato"]), decks=[["Bonds"] * 6] * 2)
    s.apply(PassDiscard(uid_of(s, 0, "Pen Pen")))
    s.apply(PassDiscard(uid_of(s, 1, "Pen Pen")))
    assert s.turn == 2 and s.active == 1 and s.current_player == 1


def test_eva_short_12_every_card_is_a_serif_and_the_city_rules_are_void() -> None:
    s = short_position([["Emergency Alert", "Moving In", "Toji Suzuhara"], ["Pen Pen"]], (C["asuka"], C["misato"]),
                       down=["rei"])
    assert all(a.serif for a in s.legal_actions() if isinstance(a, Speak))
    assert {s.cards[a.card].name for a in s.legal_actions() if isinstance(a, Speak)} == {
        "Moving In", "Toji Suzuhara", "Emergency Alert"}  # an (OTHER) card too, by Misato (EVA-SERIF-1)
    s.apply(PassDiscard(uid_of(s, 0, "Emergency Alert")))
    s.apply(PassDiscard(uid_of(s, 1, "Pen Pen")))
    assert s.down[C["rei"]]  # no recovery for Rei in the short rule


def test_eva_short_12_the_talk_limit_is_kept_and_void_only_by_option() -> None:
    """The one card per character per turn (EVA-TALK-4) is a rule of speech, not one of the city's voided special
    rules: kept by default; `talk_limit=void` lets a face-up character speak again in the same turn."""
    for limit, again in ((TalkLimit.KEPT, False), (TalkLimit.VOID, True)):
        s = short_position([["Moving In", "Pen Pen"], ["Toji Suzuhara"]], (C["asuka"], C["gendo"]),
                           options=EvaShortOptions(random_first_player=False, talk_limit=limit))
        s.apply(Speak(uid_of(s, 0, "Moving In"), True, 0, -1))  # Misato ●Shinji; seat 1 cannot answer it
        assert s.current_player == 1
        s.apply(PassDiscard(uid_of(s, 1, "Toji Suzuhara")))
        pen = uid_of(s, 0, "Pen Pen")  # Misato again
        assert any(isinstance(a, Speak) and a.card == pen for a in s.legal_actions()) is again


def test_eva_i_short_the_game_ends_when_no_card_is_left() -> None:
    s = short_position([["Pen Pen"], ["Pen Pen"]], (C["rei"], C["misato"]), filler=False)
    s.apply(PassDiscard(uid_of(s, 0, "Pen Pen")))
    s.apply(PassDiscard(uid_of(s, 1, "Pen Pen")))
    assert s.outcome is not None and s.outcome.winner is None and s.outcome.reason is ShortWinReason.EXHAUSTED


def test_eva_i_short_a_character_once_downed_is_known_to_be_neither_players() -> None:
    s = short_position([["Anta Baka?", "Pen Pen"], ["Thank You"]], (C["misato"], C["rei"]), group=[])
    s.apply(Speak(uid_of(s, 0, "Anta Baka?"), True, 0, -1))  # Asuka ▲Shinji, ungrouped: downed, no one's
    s.apply(Decline())  # Thank You (Rei ●Shinji) could have answered
    assert s.outcome is None and s.down[C["shinji"]] and s.view(1).cleared[C["shinji"]]
    s.apply(Speak(uid_of(s, 1, "Thank You"), True, 0, -1))  # Rei ●Shinji: turned up again
    assert not s.down[C["shinji"]] and s.view(0).cleared == tuple(c == C["shinji"] for c in range(6))
    rng = random.Random(4)
    hidden = {s.resample_hidden(0, rng).assigned[1] for _ in range(60)}
    assert hidden == {C["rei"], C["asuka"], C["ritsuko"], C["gendo"]}  # never Shinji, nor seat 0's Misato


# ---------------------------------------------------------------------------------------------------- whole games


def test_whole_games_of_three_and_four_end_and_replay() -> None:
    from tcgsim.agents import make_agent
    from tcgsim.decks import read_deck

    decks = [read_deck(p) for p in sorted((REPO / "decks" / "eva").iterdir())]
    for n in (3, 4):
        game = EvaGame(decks[:n], 11)
        result = play_game(game, [make_agent("eva", "seeker") for _ in range(n)])
        assert result.outcome.turns > 0
        again = play_game(EvaGame(decks[:n], 11), [make_agent("eva", "seeker") for _ in range(n)])
        assert again.actions == result.actions


def test_an_illegal_action_is_refused() -> None:
    s = position([["Moving In"], ["Pen Pen"]], phase="main")
    with pytest.raises(IllegalAction):
        s.apply(Speak(hand_uid(s, 0, "Moving In"), True, 0, -1))  # Misato cannot reach Shinji
    assert_conserved(s)


# ---------------------------------------------------------------------------------------------------- docs


def _snake(rule_id: str) -> str:
    return rule_id.lower().replace("-", "_")


def test_every_rule_of_the_docs_has_a_status_and_done_rules_a_test() -> None:
    doc = (REPO / "docs" / "rules" / "eva.md").read_text(encoding="utf-8")
    ids = []
    for m in re.finditer(r"^- \*\*(EVA-[A-Z0-9]+-\d+)\*\*(.*?)(?=^- |^#|\n\n|\Z)", doc, re.MULTILINE | re.DOTALL):
        status = re.findall(r"\*(done|interp|validator|commentary|not yet implemented[^*]*)\*", m.group(2))
        assert status, f"{m.group(1)} has no status"
        if status[-1] in ("done", "interp", "validator"):
            ids.append(m.group(1))
    assert len(ids) > 90 and len(ids) == len(set(ids))
    tests = []
    for path in (Path(__file__), Path(__file__).with_name("test_eva_construction.py")):
        tests += re.findall(r"^def (test_\w+)\(", path.read_text(encoding="utf-8"), re.MULTILINE)
    missing = [i for i in ids if not any(re.search(rf"_{_snake(i)}(_|$)", t) for t in tests)]
    assert missing == []


def test_every_interpretation_used_by_the_code_is_written_down() -> None:
    doc = (REPO / "docs" / "rules" / "eva.md").read_text(encoding="utf-8")
    code = "".join(p.read_text(encoding="utf-8") for p in (REPO / "tcgsim" / "games" / "eva").glob("*.py"))
    used = set(re.findall(r"\bI-[A-Z]+\b", code))
    written = set(re.findall(r"\*\*(I-[A-Z]+)", doc))
    assert used and used <= written
