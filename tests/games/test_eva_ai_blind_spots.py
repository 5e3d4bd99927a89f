"""The blind spots issue 15 found in the standard-rules EVA styles, each as a test the old players fail: a
position where they chose badly, or a share measured over a handful of fixed-seed games.

Positions are built by tests/games/eva_positions.py (decks top first, filler `Japan's Electric Power` cards in
every deck unless `filler=False`). The city (I-CITY): シンジ-レイ-リツコ-ミサト-アスカ on a pentagon, ゲンドウ in the
centre; Evas 零号機 3 (pilot Rei), 初号機 4 (Shinji), 弐号機 4 (Asuka).
"""

from __future__ import annotations

import dataclasses
import functools
import random
from collections import Counter
from collections.abc import Callable
from itertools import combinations

import pytest

from tcgsim.agents import make_agent
from tcgsim.bench import bundled_decks
from tcgsim.engine import play_game
from tcgsim.games.eva.actions import Counter as Answer
from tcgsim.games.eva.actions import Deploy, Launch, Pass, Speak
from tcgsim.games.eva.ai import STYLES
from tcgsim.games.eva.cards import Kind, Mark
from tcgsim.games.eva.city_model import ready, serif_result
from tcgsim.games.eva.effects import Verb
from tcgsim.games.eva.game import EvaGame, EvaState
from tcgsim.games.eva.state import WindowKind
from tests.games.eva_positions import C, E, position, uid_of


def choice(s: EvaState, style: str, seed: int = 0) -> object:
    """What the style chooses in this position (the engine asks only when there is a choice)."""
    legal = s.legal_actions()
    assert len(legal) > 1, legal
    return make_agent("eva", style).choose(s.view(s.current_player), legal, random.Random(seed))


# ------------------------------------------------------------------------------------------- the deployment
# EVA-BATTLE-3: an Eva whose pilot is downed cannot join; a battle card counts only where its condition holds with
# the Evas that fight and its speaker can still speak. A battle that cannot be won costs three cards whether or not
# the Evas go (EVA-BATTLE-8), and the Evas sent are downed with what is under them (EVA-BATTLE-9): none should go.


@pytest.mark.parametrize("style", sorted(STYLES))
def test_an_eva_whose_pilot_is_down_does_not_count_toward_the_battle(style: str) -> None:
    # Shinji downed: Unit-01 stays home; Unit-00 and Unit-02 make 3 + 4 = 7, against Sandalphon (11) lose
    s = position([["Pen Pen", "Pen Pen"], ["Pen Pen"]], phase="battle", angel=(1, "Sandalphon"), down=["shinji"])
    assert s.legal_actions() == [Launch(), Deploy(E["unit00"]), Deploy(E["unit02"])]
    assert choice(s, style) == Launch()


@pytest.mark.parametrize("style", sorted(STYLES))
def test_a_battle_boost_counts_only_where_its_condition_holds(style: str) -> None:
    # Unit-02 face down: Unit-00 and Unit-01 make 7 against Matarael (8); Unison Attack's +4 needs Unit-01 and Unit-02
    s = position([["Unison Attack", "Pen Pen"], ["Pen Pen"]], phase="battle", angel=(1, "Matarael"),
                 eva_down=["unit02"])
    assert choice(s, style) == Launch()
    # ... and with Unit-02 up as well the Evas make 11: they go
    s = position([["Unison Attack", "Pen Pen"], ["Pen Pen"]], phase="battle", angel=(1, "Matarael"))
    assert isinstance(choice(s, style), Deploy)


@pytest.mark.parametrize("style", sorted(STYLES))
def test_a_battle_boost_counts_only_if_its_speaker_can_speak(style: str) -> None:
    # Unit-00 and Unit-01 make 7 against Matarael (8); Pattern Blue (Ritsuko: the 使徒 -2) would win it, but Ritsuko
    # is downed and cannot speak (EVA-TALK-7)
    s = position([["Pattern Blue", "Pen Pen"], ["Pen Pen"]], phase="battle", angel=(1, "Matarael"),
                 eva_down=["unit02"], down=["ritsuko"])
    assert choice(s, style) == Launch()
    s = position([["Pattern Blue", "Pen Pen"], ["Pen Pen"]], phase="battle", angel=(1, "Matarael"),
                 eva_down=["unit02"])
    assert isinstance(choice(s, style), Deploy)  # Ritsuko up: 7 against 8 - 2


@pytest.mark.parametrize("style", sorted(STYLES))
def test_battle_cards_that_win_together_are_spoken(style: str) -> None:
    # Asuka downed: Unit-00 and Unit-01 (3 + 4 = 7) fight Sandalphon (11); AT Field Full Power (+2) and N2 Mine (the
    # 使徒 -3) win it together (9 against 8), neither alone (9 against 11, 7 against 8). The deployment counted both;
    # battle_card valued a card only if it turned the result by itself, so the old players passed and lost with the
    # Evas out. (Before issue 17's stronger 使徒: Unit-00 alone against Sandalphon 7.)
    s = position([["AT Field Full Power", "N2 Mine", "Pen Pen", "Pen Pen", "Pen Pen"], ["Pen Pen"]],
                 phase="battle", angel=(1, "Sandalphon"), down=["asuka"])
    assert choice(s, style) in (Deploy(E["unit00"]), Deploy(E["unit01"]))
    s.apply(Deploy(E["unit00"]))
    assert choice(s, style) == Deploy(E["unit01"])
    s.apply(Deploy(E["unit01"]))
    assert s.window is not None and s.window.kind is WindowKind.BATTLE1 and s.current_player == 0
    picked = choice(s, style)
    assert isinstance(picked, Speak) and s.cards[picked.card].name in {"AT Field Full Power", "N2 Mine"}, picked


@pytest.mark.parametrize("style", sorted(STYLES))
def test_no_card_is_spoken_that_a_battle_about_to_be_lost_would_leave_the_hand_empty_for(style: str) -> None:
    # Seat 0's first draw window, Bardiel (11) in the city, Rei and Asuka down: Unit-01 (4) alone will lose, and a
    # lost battle takes three cards (EVA-BATTLE-8). Moving In (-1 draw point) would group Misato and Shinji, seat
    # 0's LV1 (H-01), but from four cards it leaves none after the battle and the 第2ドローフェイズ: out (EVA-DRAW2-5).
    # The old players counted the hand as if the battle would take nothing, and spoke it.
    s = position([["Moving In", "Pen Pen", "Pen Pen", "Pen Pen"], ["Pen Pen"]], phase="draw1",
                 angel=(1, "Bardiel"), down=["rei", "asuka"], hokans=["H-01", "H-11"])
    moving_in = Speak(uid_of(s, 0, "Moving In", s.players[0].hand), False, -1, -1)
    assert moving_in in s.legal_actions()
    assert choice(s, style) == Pass()


@pytest.mark.parametrize("style", sorted(STYLES))
def test_the_last_player_sends_its_evas_out(style: str) -> None:
    # One player left with a 使徒 in the city: the battle decides the game (I-LAST), and one without an Eva is lost
    # whatever else is spoken (EVA-BATTLE-3). The Evas (11) against Zeruel (17) will lose, but not going loses
    # for sure: the old players, judging the battle lost, sent none.
    s = position([["Pen Pen", "Pen Pen"], ["Pen Pen"]], phase="battle", angel=(1, "Zeruel"), out=[1])
    s.last_stand = True
    assert isinstance(choice(s, style), Deploy)


# ------------------------------------------------------------------------------------------- a rival about to win


def test_a_rival_that_may_declare_next_is_stopped_rather_than_the_hurt_kept() -> None:
    """Seat 0 (H-01, level 1) has Shinji grouped with Misato, its LV2: at its next 補完 phase it rises to level 2
    and may declare at once (I-HOKAN). Seat 1, the turn player, holds a ▲ Shinji line (Because I Have Nothing Else,
    Rei, next to Shinji): taking Shinji out of the group stops that. The old seeker kept the card for a stage it
    would not win (the rival declares with two 求 or more) and let the rival rise."""
    s = position([["Pen Pen", "Pen Pen", "Pen Pen"],
                  ["Because I Have Nothing Else", "Pen Pen", "Kozo Fuyutsuki", "Maya Ibuki", "SSTOL Shield"]],
                 hokans=["H-01", "H-09"], levels=[1, 0], active=1, group=[["shinji", "misato"]])
    uid = uid_of(s, 1, "Because I Have Nothing Else", s.players[1].hand)
    hurt = Speak(uid, True, s.cards[uid].marks.index((Mark.HURT, C["shinji"])), -1)
    assert hurt in s.legal_actions()
    assert choice(s, "seeker") == hurt


def mirror_games(style: str, games: int, seed: int, watch: Callable[[int, EvaState, object], None]) -> list[int]:
    """Two-player mirror games of the style over every pair of bundled decks (both seatings), seeds from `seed`;
    `watch(game, state, action)` sees every decision before it is applied. Returns the turns each game lasted."""
    decks = bundled_decks("eva")
    pairs = list(combinations(decks, 2))
    lengths = []
    for i in range(games):
        seated = list(pairs[i % len(pairs)])
        if i // len(pairs) % 2:
            seated.reverse()
        result = play_game(EvaGame(seated, seed + i), [make_agent("eva", style) for _ in seated],
                           on_action=functools.partial(watch, i))
        lengths.append(result.state.turn)
    return lengths


def _readiness(state: EvaState, q: int, down: tuple[bool, ...], group: tuple[int, ...]) -> bool:
    board = dataclasses.replace(state.board(q), down=down, group=group)
    return ready(state.cards[state.players[q].hokan], state.players[q].level, board)


def _stops(state: EvaState, action: object) -> bool:
    """The turn player's セリフ would end a rival's readiness to declare at its next 補完 phase (if unanswered)."""
    if not isinstance(action, Speak) or not action.serif:
        return False
    card = state.cards[action.card]
    kind, t = card.marks[action.mark]
    if kind is Mark.HURT and (state.protect_turn[t] or any(state.cards[u].kind is Kind.PUT and any(
            e.verb is Verb.PROTECT for e in state.cards[u].effects) for u in state.under_char[t])):
        return False  # a protected character takes no hurt (I-PROTECT)
    now = (tuple(state.down), tuple(state.group))
    after = serif_result(kind, card.serif_colour, t, *now)
    return any(_readiness(state, q, *now) and not _readiness(state, q, *after)
               for q in state.alive() if q != state.active)


def _stopping_share(style: str, games: int, seed: int) -> tuple[int, int]:
    """(turns, turns taken): turns in which the turn player may speak a セリフ that ends a rival's readiness to
    declare at its next 補完 phase, and those in which it speaks one."""
    turns: dict[tuple[int, int], list[bool]] = {}  # (game, turn): [a chance, taken]

    def watch(game: int, state: EvaState, action: object) -> None:
        w = state.window
        if w is None or w.kind is not WindowKind.MAIN or state.current_player != state.active:
            return
        seen = turns.setdefault((game, state.turn), [False, False])
        if not seen[0] and any(_stops(state, a) for a in state.legal_actions()):
            seen[0] = True
        if seen[0] and _stops(state, action):
            seen[1] = True

    mirror_games(style, games, seed, watch)
    return sum(1 for c, _t in turns.values() if c), sum(1 for c, t in turns.values() if c and t)


def test_a_rival_about_to_declare_is_stopped_when_a_serif_can() -> None:
    """Over 100 seeker mirror games the old seeker took 9 of the 19 turns in which it could stop a rival ready to
    declare (the hurter, which weighs the rivals' progress three times as much, took all it met). 130 games since
    decks are dealt by deal key (issue 16): the 100 games of this seed then held 14 chances (all 14 taken), one
    short of the 15 the share needs; 130 hold 20."""
    chances, taken = _stopping_share("seeker", 130, 60_000)
    assert chances >= 15
    assert taken >= 0.85 * chances, f"the seeker stopped a ready rival in {taken} of {chances} turns"


# ------------------------------------------------------------------------------------------- the card economy


def _silence(style: str, games: int, seed: int) -> tuple[float, float]:
    """(share of turns in which nobody speaks a card, セリフ the turn player speaks a turn) over mirror games."""
    spoken: Counter[tuple[int, int]] = Counter()  # (game, turn): cards spoken (counters included)
    serif: Counter[tuple[int, int]] = Counter()  # (game, turn): the turn player's セリフ

    def watch(game: int, state: EvaState, action: object) -> None:
        key = (game, state.turn)
        if isinstance(action, (Speak, Answer)):
            spoken[key] += 1
        if isinstance(action, Speak) and action.serif and state.current_player == state.active:
            serif[key] += 1

    turns = sum(mirror_games(style, games, seed, watch))
    return 1.0 - len(spoken) / turns, sum(serif.values()) / turns


@pytest.mark.parametrize("style", sorted(STYLES))
def test_turns_are_not_spent_in_silence(style: str) -> None:
    """Every card was worth a whole card however little it could still do, and draw points paid back one card
    each, negative ones a whole card too though the player discards its cheapest: over 60 mirror games the old
    styles let 45% of the turns pass with nobody speaking and their turn players spoke 0.26-0.29 セリフ a turn.
    On issue 17's calibrated pool (smaller hands: a lost battle takes three cards, a draw card no longer gains
    one, and the hurter keeps its ▲ lines for the others' stages) the styles are silent in 35.9% (seeker) and
    41.3% (hurter) of these turns, and their turn players speak 0.289 and 0.301 セリフ a turn (measured with the
    style-keyed deck-worth memo of the commit after 78fedc3): the smaller hands took back most of the gain in
    セリフ, so the bounds are regression checks until the styles are tuned to the new pool. Issue 17's third step
    (a 使徒 defeated before most 補完 cards' LV1) left the silent turns as they were and lowered the seeker's
    dialogue: silent 34.9% (seeker) and 36.2% (hurter) of these turns, the turn players speaking 0.264 and 0.294
    セリフ a turn. The bounds: under the old 45% silent, and at least 0.25 セリフ a turn."""
    quiet, serif = _silence(style, 60, 60_000)
    assert quiet < 0.44, f"{style}: {quiet:.0%} of the turns silent"
    assert serif >= 0.25, f"{style}: the turn player speaks {serif:.2f} セリフ a turn"


SEEN = ["Bardiel", "Sandalphon", "Tabris", "Sahaquiel"]  # the 使徒 Pattern Blue (-2) turns against the Evas' 11


@pytest.mark.parametrize("style", sorted(STYLES))
def test_a_battle_card_no_battle_needs_is_the_card_spent(style: str) -> None:
    """Seat 1 speaks Cease Operation's dialogue (Gendo ▲ Misato) at Misato, grouped with Shinji: seat 0's LV2 (H-01
    at level 1). Two of seat 0's cards may answer: Welcome Home (drama; Misato, a <対抗> dialogue) and Pattern Blue
    (battle, the 使徒 -2; Ritsuko ● Misato); neither is 補完 ammunition. No 使徒 still to come is one the Evas (11)
    lose to by less than 2 (the four that are, Bardiel, Sandalphon, Tabris 11 and Sahaquiel 16 - 4, lie in a discard
    pile: since issue 17's stronger 使徒 the pool has them), so the battle card is the one to spend. The old players
    weighed both as one whole card and chose either, by the generator."""
    picks = set()
    for seed in range(8):
        s = position([["Welcome Home", "Pattern Blue", "Japan's Electric Power"], ["Cease Operation", "Pen Pen"]],
                     active=1, hokans=["H-01", "H-11"], levels=[1, 0], group=[["shinji", "misato"]],
                     discards=[[], SEEN])
        uid = uid_of(s, 1, "Cease Operation", s.players[1].hand)
        s.apply(Speak(uid, True, s.cards[uid].marks.index((Mark.HURT, C["misato"])), -1))
        assert s.current_player == 0 and s.offer is not None
        picked = make_agent("eva", style).choose(s.view(0), s.legal_actions(), random.Random(seed))
        picks.add(s.cards[picked.card].name if isinstance(picked, Answer) else type(picked).__name__)
    assert picks == {"Pattern Blue"}, picks


# ------------------------------------------------------------------------------------------- the deck


@pytest.mark.parametrize("style", sorted(STYLES))
def test_a_deck_is_not_drawn_down_to_where_the_next_turn_empties_it(style: str) -> None:
    """Emergency Alert ((OTHER), draw 1, +1 draw point) from a deck of 3: one drawn now, one in the 第2ドローフェイズ,
    and the last one at the start of the player's next turn; an empty deck at the end of that turn's 第2ドローフェイズ
    drops the player out (EVA-DRAW2-5, I-DRAW). The old players spoke it (they only checked that the draw points
    could be drawn)."""
    filler = "Japan's Electric Power"  # a battle card: not spoken in the メインフェイズ, its dialogue reaches no one
    s = position([["Emergency Alert", filler, filler, filler], ["Pen Pen"]],
                 decks=[["Pen Pen", "Pen Pen", "Pen Pen"], ["Pen Pen"] * 6], filler=False)
    alert = Speak(uid_of(s, 0, "Emergency Alert", s.players[0].hand), False, -1, -1)
    assert alert in s.legal_actions()
    assert choice(s, style) == Pass()
