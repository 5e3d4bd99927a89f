"""新世紀エヴァンゲリオン カードゲーム: the game's contract. The standard rules for 2-4 players (`EvaGame` /
`EvaState`, exported as GAME) and the 2-player short rule, a variant with its own class-level settings
(`EvaShortGame` / `EvaShortState`, SHORT_GAME); both build on `CityState`, the city in play.

This module holds the Game and State classes: options, construction, clone, signature, the view and hidden
information, whose decision it is, the order of the phases (`_advance`, `_close_window`), the legal actions and
their dispatch, the win checks and the end of the game. The rules of each area are mixins in the module named
after its section of docs/rules/eva.md, which the state classes inherit (their methods moved there verbatim):

    setup.py         SetupRules       Setup (EVA-SETUP)
    turn.py          TurnRules        ① 第1ドローフェイズ, ④ 第2ドローフェイズ, the end of the turn (EVA-DRAW1, -DRAW2)
    talk.py          TalkRules        Speaking cards and セリフ, as both rule sets share them (EVA-TALK, EVA-SERIF)
    speak.py         SpeakRules       speaking a card in the standard rules: windows, targets (EVA-TALK, EVA-MAIN)
    card_effects.py  CardEffectRules  the effect vocabulary's verbs at work (Effect vocabulary, EVA-CARD)
    counters.py      CounterRules     <対抗> (EVA-COUNTER)
    battle.py        BattleRules      ② バトルフェイズ (EVA-BATTLE)
    hokan.py         HokanRules       ⑤ 補完フェイズ and the 補完ステージ (EVA-HOKAN)
    short.py         ShortRules       ショートルール (EVA-SHORT)

fields.py declares the attributes they share, for the type checker; view.py holds what a player may see;
options.py holds the options classes (re-exported here).
Rule ids (EVA-...) refer to docs/rules/eva.md, which cites the seed for each and lists every interpretation
(I-...); the interpretations are constants and options of these modules, so each can be changed in one place.
"""

from __future__ import annotations

import random
from abc import abstractmethod
from collections.abc import Callable, Hashable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, ClassVar

from tcgsim.cards import load_pool
from tcgsim.decks import Deck, card_lists
from tcgsim.engine import CardUse, Game, GameOptions, IllegalAction, Outcome, State, TempoMetric, card_uses
from tcgsim.games.eva import actions as A
from tcgsim.games.eva.battle import BattleRules
from tcgsim.games.eva.card_effects import CardEffectRules
from tcgsim.games.eva.cards import (
    CHAR_NAMES,
    EVA_NAMES,
    N_CHARS,
    N_EVAS,
    EvaCard,
    Kind,
    city,
    distinct,
    eva_cards,
)
from tcgsim.games.eva.counters import CounterRules
from tcgsim.games.eva.effects import Board, Effect, holds
from tcgsim.games.eva.hokan import HokanRules
from tcgsim.games.eva.options import EvaOptions, EvaShortOptions
from tcgsim.games.eva.setup import SetupRules
from tcgsim.games.eva.short import SHORT_TEMPO, ShortRules
from tcgsim.games.eva.speak import SpeakRules
from tcgsim.games.eva.state import (
    PHASE_NAMES,
    Battle,
    Choice,
    ChoiceKind,
    Offer,
    Phase,
    Player,
    ShortWinReason,
    Stage,
    Window,
    WindowKind,
    WinReason,
)
from tcgsim.games.eva.talk import TalkRules
from tcgsim.games.eva.turn import TEMPO, TurnRules
from tcgsim.games.eva.view import EvaShortView, EvaView

# The game's contract (what the registry, the CLI and the tests import from here); the rules of each area are in
# the module named after its section of docs/rules/eva.md, mixed into the state classes below.
__all__ = ["GAME", "SHORT_GAME", "EVENT_FIELDS", "EVENT_TEXT", "EvaGame", "EvaState", "EvaOptions", "WinReason",
           "EvaShortGame", "EvaShortState", "EvaShortOptions", "ShortWinReason", "CityState"]


_PASS = A.Pass()
_DECLINE = A.Decline()
_LAUNCH = A.Launch()
_STAGE_PASS = A.StagePass()
_STOP = A.Take(-1)


# ------------------------------------------------------------------------------------------------ the city
# 第3新東京市 in play: the six main characters (face up / down, groups), the three main Evas and the cards under
# them (the attributes: fields.CityFields); the rules of speech both rule sets share are TalkRules (talk.py).


class CityState(TalkRules, State):
    """The part of a position both variants share. Subclasses own the players, turn and flow."""

    def _init_city(self) -> None:
        self.city = city()
        self.down = [False] * N_CHARS
        self.group = [-1] * N_CHARS
        self.eva_down = [False] * N_EVAS
        self.under_char = [[] for _ in range(N_CHARS)]
        self.under_eva = [[] for _ in range(N_EVAS)]
        self.speak_count = [0] * N_CHARS
        self.spoken = []
        self.protect_turn = [False] * N_CHARS

    def _copy_city(self, other: CityState) -> None:
        self.city = other.city
        self.down = list(other.down)
        self.group = list(other.group)
        self.eva_down = list(other.eva_down)
        self.under_char = [list(u) for u in other.under_char]
        self.under_eva = [list(u) for u in other.under_eva]
        self.speak_count = list(other.speak_count)
        self.spoken = [s.copy() for s in other.spoken]
        self.protect_turn = list(other.protect_turn)

    def _city_sig(self) -> tuple[object, ...]:
        return (tuple(self.down), tuple(self.group), tuple(self.eva_down), tuple(map(tuple, self.under_char)),
                tuple(map(tuple, self.under_eva)), tuple(self.speak_count), tuple(s.sig() for s in self.spoken),
                tuple(self.protect_turn))

    @abstractmethod
    def _to_discard(self, uid: int) -> None:
        """Put a card in its owner's discard pile (each rule set keeps its piles its own way)."""


# ------------------------------------------------------------------------------------------------ standard rules


class EvaGame(Game):
    """Decks, a seed and options: everything that does not change during a game."""

    key: ClassVar[str] = "eva"
    min_players: ClassVar[int] = 2  # EVA-SETUP-1: 2 or more (3-4 recommended); 4 is the simulator's cap
    max_players: ClassVar[int] = 4
    tempo_metrics: ClassVar[tuple[TempoMetric, ...]] = TEMPO
    options_class: ClassVar[type[GameOptions]] = EvaOptions
    # one turn already holds every player's speaking windows, the battle and the 補完 stage: measured at 4 worlds
    # against seeker, 2 players, 200 games: horizon 1 63.0% at 38x the style's cost, 2 64.0% at 79x (docs/ai.md)
    search_horizon: ClassVar[int] = 1
    # what the opponents hold for the 補完 stage decides, and 4 sampled worlds see too little of it: 2 players, 1,200
    # games against seeker, head to head 60.0% (57.2-62.7) at 40x the style's cost with 4, 62.0% (59.2-64.7) at
    # 67x with 8; 3 players, on the even seating's 1,260 deals, 8 took 60.9% of the meetings with two seekers at
    # 71x, where 4 took 57.8% of the first 630 at 44x (docs/ai.md); four players are not measured at 8 and keep 4
    search_worlds: ClassVar[int] = 8
    search_worlds_by_players: ClassVar[Mapping[int, int]] = MappingProxyType({4: 4})
    # EVA-WIN-3: the last player lost to the 使徒 and every player loses; and when the last players drop out
    # together (EVA-WIN-4) no one is left who did not drop out, so every player lost too (I-LAST): 0 points each
    all_lose_reasons: ClassVar[frozenset[str]] = frozenset({WinReason.HUMANITY_DESTROYED, WinReason.ALL_DROPPED})
    options: EvaOptions

    def __init__(self, decks: Sequence[Deck], seed: int, options: EvaOptions | None = None,
                 deals: Sequence[int] | None = None, deal_round: int = 0) -> None:
        super().__init__(decks, seed, options or self.options_class(), deals, deal_round)  # type: ignore[arg-type]
        records = eva_cards()
        cards: list[EvaCard] = []
        owners: list[int] = []
        self.main_uids: list[list[int]] = []
        self.hokan_uids: list[int] = []
        for seat, deck in enumerate(self.decks):
            lists = card_lists(deck, load_pool("eva"))
            main = []
            for card_id in lists.get("main", []):
                main.append(len(cards))
                cards.append(records[card_id])
                owners.append(seat)
            hokan = -1
            for card_id in lists.get("hokan", [])[:1]:
                hokan = len(cards)
                cards.append(records[card_id])
                owners.append(seat)
            self.main_uids.append(main)
            self.hokan_uids.append(hokan)
        self.cards: tuple[EvaCard, ...] = tuple(cards)
        self.owner: tuple[int, ...] = tuple(owners)

    def new_initial_state(self, record_events: bool = False) -> EvaState:
        return EvaState(self, record_events)

    def action_from_json(self, data: Mapping[str, Any]) -> A.EvaAction:
        return A.action_from_json(data)


class EvaState(SetupRules, TurnRules, SpeakRules, CardEffectRules, CounterRules, BattleRules, HokanRules,
               CityState):
    """A standard-rules game in progress."""

    game: EvaGame

    def __init__(self, game: EvaGame, record_events: bool = False, _blank: bool = False) -> None:
        self.game = game
        self.cards = game.cards
        self.owner = game.owner
        self.n = game.num_players
        if _blank:
            return
        self._init_city()
        self._seed_rngs()  # the table's generator and each deck's (engine.State.deck_rng)
        self.players = [Player() for _ in range(self.n)]
        self.turn = 0
        self.active = 0
        self.phase = Phase.DRAW1
        self.window: Window | None = None
        self.offer: Offer | None = None
        self.battle: Battle | None = None
        self.stage: Stage | None = None
        self.pending: list[Choice] = []
        self.draw2: list[tuple[int, int]] = []  # (seat, step) still to do in the 第2ドローフェイズ
        self.starved = [False] * self.n  # could not draw all its draw points (EVA-DRAW2-5)
        self.angel = -1  # the face-up 使徒 in the city
        self.angel_queue: list[int] = []  # face-down 使徒, top first (EVA-DRAW1-3)
        self.angels_defeated = 0
        self.last_stand = False  # one player left with a 使徒 in the city (EVA-DRAW2-6)
        self.turn_done = False
        self.tally = [[0] * 7 for _ in range(self.n)]  # cards spoken this turn per seat and colour
        self._outcome: Outcome | None = None
        self.action_log: list[Any] = []
        self.events = [] if record_events else None
        self.tempo: list[tuple[int, int, tuple[float, ...]]] = []
        self._legal: list[Any] | None = None
        n = len(game.cards)
        self.hand_turn = [-1] * n
        self.played_turn = [-1] * n
        self._setup()

    # ------------------------------------------------------------------------------------------ contract

    @property
    def current_player(self) -> int:
        if self.pending:
            return self.pending[-1].player
        if self.offer is not None and self.offer.queue:
            return self.offer.queue[0]
        if self.stage is not None:
            st = self.stage
            return st.declarer if st.seeking or not st.queue else st.queue[0]
        if self.window is not None:
            return self.window.to_act
        return self.active

    def clone(self) -> EvaState:
        s = EvaState(self.game, _blank=True)
        s._copy_city(self)
        self._share_rng(s)
        s.first_seat = self.first_seat
        s.players = [p.copy() for p in self.players]
        s.turn = self.turn
        s.active = self.active
        s.phase = self.phase
        s.window = self.window.copy() if self.window is not None else None
        s.offer = self.offer.copy() if self.offer is not None else None
        s.battle = self.battle.copy() if self.battle is not None else None
        s.stage = self.stage.copy() if self.stage is not None else None
        s.pending = [c.copy() for c in self.pending]
        s.draw2 = list(self.draw2)
        s.starved = list(self.starved)
        s.angel = self.angel
        s.angel_queue = list(self.angel_queue)
        s.angels_defeated = self.angels_defeated
        s.last_stand = self.last_stand
        s.turn_done = self.turn_done
        s.tally = [list(t) for t in self.tally]
        s._outcome = self._outcome
        s.action_log = list(self.action_log)
        s.events = list(self.events) if self.events is not None else None
        s.tempo = list(self.tempo)
        s._legal = list(self._legal) if self._legal is not None else None
        s.hand_turn = list(self.hand_turn)
        s.played_turn = list(self.played_turn)
        return s

    def signature(self) -> Hashable:
        return (
            tuple(p.sig() for p in self.players), self.turn, self.active, self.phase,
            self.window.sig() if self.window else None, self.offer.sig() if self.offer else None,
            self.battle.sig() if self.battle else None, self.stage.sig() if self.stage else None,
            tuple(c.sig() for c in self.pending), tuple(self.draw2), tuple(self.starved), self.angel,
            tuple(self.angel_queue), self.angels_defeated, self.last_stand, self.turn_done,
            tuple(map(tuple, self.tally)), self._city_sig(), self._outcome, self._rng_states(),
        )

    def resample_hidden(self, player: int, rng: random.Random) -> EvaState:
        """Re-deal what `player` cannot see: the other players' hands and decks (a hand never holds a 使徒) and
        the face-down 使徒 they queued in the city; and shuffle the player's own deck order. A function of
        `player`'s view and `rng` alone (every pool is sorted before it is shuffled, and the copy draws its own
        future from `rng`), so a search agent sampling through its view cannot tell apart two states its player
        cannot."""
        s = self.clone()
        cards = self.cards
        for q in range(self.n):
            if q == player:
                continue
            them = s.players[q]
            slots = [i for i, uid in enumerate(s.angel_queue) if self.owner[uid] == q]
            pool = sorted(them.hand + them.deck + [s.angel_queue[i] for i in slots])
            angels = [u for u in pool if cards[u].kind is Kind.ANGEL]
            others = [u for u in pool if cards[u].kind is not Kind.ANGEL]
            rng.shuffle(angels)
            rng.shuffle(others)
            for i, slot in enumerate(slots):
                s.angel_queue[slot] = angels[i]
            hand_size = len(them.hand)
            them.hand = others[:hand_size]
            them.deck = others[hand_size:] + angels[len(slots):]
            rng.shuffle(them.deck)
        s.players[player].deck = sorted(s.players[player].deck)
        rng.shuffle(s.players[player].deck)
        s._reseed_rngs(rng)
        s._legal = None
        return s

    def card_locations(self) -> dict[int, str]:
        where: dict[int, str] = {}

        def put(uid: int, zone: str) -> None:
            if uid in where:
                raise AssertionError(f"card {uid} in both {where[uid]} and {zone}")
            where[uid] = zone

        for seat, p in enumerate(self.players):
            for zone, uids in (("deck", p.deck), ("hand", p.hand), ("discard", p.discard)):
                for uid in uids:
                    put(uid, f"{zone}{seat}")
            if p.hokan >= 0:
                put(p.hokan, f"hokan{seat}")
        for sp in self.spoken:
            put(sp.uid, "spoken")
        for c in range(N_CHARS):
            for uid in self.under_char[c]:
                put(uid, f"under_char{c}")
        for e in range(N_EVAS):
            for uid in self.under_eva[e]:
                put(uid, f"under_eva{e}")
        if self.angel >= 0:
            put(self.angel, "angel")
        for uid in self.angel_queue:
            put(uid, "angel_queue")
        return where

    def counters(self) -> dict[str, int]:
        out = {f"level{seat}": p.level for seat, p in enumerate(self.players)}
        out.update({f"spoke{c}": n for c, n in enumerate(self.speak_count)})
        out.update({f"room{c}": self.allowance(c) - self.speak_count[c] for c in range(N_CHARS)})
        out["angels_defeated"] = self.angels_defeated
        if self.stage is not None:
            out.update({f"stage_used{seat}": u for seat, u in enumerate(self.stage.used)})
        for ch in self.pending:
            out[f"pending_count{ch.player}"] = ch.count
        return out

    def view(self, player: int) -> EvaView:
        return EvaView(self, player)

    def _apply_legal(self, action: Any) -> None:
        self._dispatch(action)
        self._advance()

    def _end_game(self, winner: int | None, reason: Any) -> None:
        self._end(winner, reason)

    def card_usage(self) -> list[CardUse]:
        out: list[CardUse] = []
        ids = [card.id for card in self.cards]
        for seat in range(self.n):
            uids = list(self.game.main_uids[seat])
            played = self.played_turn
            hokan = self.game.hokan_uids[seat]
            if hokan >= 0:
                # the 補完 card is never held: it is put into play at setup (EVA-SETUP-3) and stays there
                uids.append(hokan)
                played = list(played)
                played[hokan] = 0
            out.extend(card_uses(seat, ids, uids, self.hand_turn, played))
        return out

    # ------------------------------------------------------------------------------------------ helpers

    def _why_illegal(self, action: Any) -> str:
        if self._outcome is not None:
            return "the game is over"
        return f"{action} is not legal now ({PHASE_NAMES[self.phase]} phase, player {self.current_player} to act)"

    def _phase_name(self) -> str:
        return PHASE_NAMES[self.phase]

    def _end(self, winner: int | None, reason: Any) -> None:
        if self._outcome is None:
            self._outcome = Outcome(winner, reason, self.turn)
            self.phase = Phase.OVER
            self.pending.clear()
            self.offer = None
            self.window = None
            self.record("end", winner, "game_end", winner=winner, reason=str(reason), turns=self.turn)

    def _enter(self, phase: Phase) -> None:
        self.phase = phase
        self.record(PHASE_NAMES[phase], self.active, "phase")

    def alive(self) -> list[int]:
        return [s for s in range(self.n) if not self.players[s].out]

    def order_from(self, seat: int, include: bool = True) -> tuple[int, ...]:
        """Players still in, clockwise (seat+1 is to the left) from `seat`."""
        seats = [(seat + i) % self.n for i in range(self.n)]
        if not include:
            seats = seats[1:]
        return tuple(s for s in seats if not self.players[s].out)

    def _to_discard(self, uid: int) -> None:
        self.players[self.owner[uid]].discard.append(uid)

    def _played(self, uid: int) -> None:
        if self.played_turn[uid] < 0:
            self.played_turn[uid] = self.turn

    def board(self, seat: int) -> Board:
        """The public facts conditions ask about, for `seat` (its spoken tally and hand)."""
        return Board(  # positional, in the field order: built for every player at every decision
            tuple(self.down), tuple(self.group), tuple(self.eva_down), tuple(map(len, self.under_char)),
            tuple(map(len, self.under_eva)), self.angels_defeated, self.angel >= 0,
            self.battle.evas if self.battle is not None else (), tuple(self.tally[seat]),
            len(self.players[seat].hand),
        )

    def _holds(self, effect: Effect, seat: int) -> bool:
        return effect.cond is None or holds(effect.cond, self.board(seat), -1)

    # ------------------------------------------------------------------------------------------ win checks, phases

    def _drop(self, seat: int, reason: str) -> None:
        """EVA-WIN-4: the player takes no further part; its cards stay where they are."""
        if not self.players[seat].out:
            self.players[seat].out = True
            self.record(self._phase_name(), seat, "drop", reason=reason)

    def _check_survivors(self) -> None:
        """EVA-WIN-2, EVA-WIN-3, EVA-DRAW2-6 (I-LAST)."""
        alive = self.alive()
        if not alive:
            angel = self.angel >= 0 or bool(self.angel_queue)
            self._end(None, WinReason.HUMANITY_DESTROYED if angel else WinReason.ALL_DROPPED)
        elif len(alive) == 1:
            if self.angel < 0 and not self.angel_queue:
                self._end(alive[0], WinReason.LAST_STANDING)
            elif not self.last_stand:
                self.last_stand = True
                self.record(self._phase_name(), alive[0], "last_stand")

    def _advance(self) -> None:
        """Run everything automatic until a player must decide or the game is over."""
        while self._outcome is None:
            if self.turn_done:
                self._end_turn()
                continue
            if self.pending:
                break
            if self.offer is not None:
                if self.offer.queue:
                    break
                index = self.offer.index
                self.offer = None
                self._resolve(index)
                continue
            if self.stage is not None:
                if self._stage_auto():
                    continue
                break
            if self.window is not None:
                w = self.window
                if w.passes >= len(w.order):
                    self._close_window()
                    continue
                options = self._speak_options(w.to_act, w.kind)
                if not options:  # nothing it could speak: it passes
                    w.passes += 1
                    w.idx = (w.idx + 1) % len(w.order)
                    continue
                self._legal = [_PASS, *options]
                return
            if self.battle is not None and self.battle.step == 0:
                if self._deploy_options():
                    break
                self._launch()
                continue
            if self.phase is Phase.DRAW2:
                self._draw2_step()
                continue
            if self.phase is Phase.HOKAN:
                self._hokan_phase()
                continue
            raise AssertionError(f"stuck in {self.phase!r}")
        self._legal = None

    def _close_window(self) -> None:
        w = self.window
        assert w is not None
        self.window = None
        if w.kind is WindowKind.DRAW1:
            if self.angel >= 0:  # EVA-BATTLE-1
                self._enter(Phase.BATTLE)
                self.battle = Battle(self.angel)
                card = self.cards[self.angel]
                self.record("battle", self.active, "battle", angel=card.name, strength=card.strength)
            else:
                self._open_main()
        elif w.kind is WindowKind.BATTLE1:
            b = self.battle
            assert b is not None
            b.step = 2
            total, angel = self.battle_strengths()
            self.record("battle", self.active, "battle_odds", total=total, angel=self.cards[b.angel].name,
                        angel_strength=angel)
            self.window = Window(WindowKind.BATTLE2, self.order_from(self.active))
        elif w.kind is WindowKind.BATTLE2:
            self._battle_result()
            if self._outcome is None:
                self.window = Window(WindowKind.BATTLE3, self.order_from(self.active))
        elif w.kind is WindowKind.BATTLE3:
            self.battle = None
            self._open_main()
        else:
            self._enter(Phase.DRAW2)  # EVA-DRAW2-1: each player in turn, from the turn player
            self.draw2 = [(s, 0) for s in self.order_from(self.active)]

    def _open_main(self) -> None:
        self._enter(Phase.MAIN)
        self.window = Window(WindowKind.MAIN, self.order_from(self.active))

    # ------------------------------------------------------------------------------------------ legal / apply

    def _deploy_legal(self) -> list[Any]:
        return [_LAUNCH, *(A.Deploy(e) for e in self._deploy_options())]

    def _compute_legal(self) -> list[Any]:
        if self.pending:
            ch = self.pending[-1]
            p = self.players[ch.player]
            if ch.kind is ChoiceKind.DISCARD:
                return [A.Discard(u) for u in distinct(p.hand, self.cards)]
            if ch.kind is ChoiceKind.RECOVER:
                return [_STOP, *(A.Take(u) for u in distinct(
                    [u for u in p.discard if self.cards[u].kind is not Kind.ANGEL], self.cards))]
            if ch.kind is ChoiceKind.TUTOR:
                return [_STOP, *(A.Take(u) for u in distinct(
                    [u for u in p.deck if self.cards[u].type == ch.type], self.cards))]
            return [A.Declare(False), A.Declare(True)]
        if self.offer is not None and self.offer.queue:
            seat = self.offer.queue[0]
            answered = self.spoken[self.offer.index]
            return [_DECLINE, *(A.Counter(u) for u in self._counter_options(seat, answered))]
        if self.stage is not None:
            st = self.stage
            seat = st.declarer if st.seeking else st.queue[0]
            return [_STAGE_PASS, *(A.StagePlay(u) for u in self.stage_cards(seat))]
        if self.window is not None:
            w = self.window
            return [_PASS, *self._speak_options(w.to_act, w.kind)]
        if self.battle is not None and self.battle.step == 0:
            return self._deploy_legal()
        return []

    def _dispatch(self, action: Any) -> None:
        seat = self.current_player
        t = type(action)
        if t is A.Pass:
            w = self.window
            assert w is not None
            w.passes += 1
            w.idx = (w.idx + 1) % len(w.order)
        elif t is A.Speak:
            self._speak(seat, action)
        elif t is A.Counter:
            self._counter(seat, action.card)
        elif t is A.Decline:
            assert self.offer is not None
            self.offer.queue = self.offer.queue[1:]
        elif t is A.Deploy:
            b = self.battle
            assert b is not None
            b.evas = (*b.evas, action.eva)
            self.record("battle", seat, "deploy", eva=EVA_NAMES[action.eva])
        elif t is A.Launch:
            self._launch()
        elif t is A.Discard:
            ch = self.pending[-1]
            p = self.players[seat]
            p.hand.remove(action.card)
            p.discard.append(action.card)
            self.record(self._phase_name(), seat, "discard", card=self.cards[action.card].name)
            ch.count -= 1
            if ch.count <= 0 or not p.hand:
                self.pending.pop()
        elif t is A.Take:
            self._take(seat, action.card)
        elif t is A.Declare:
            self.pending.pop()
            p = self.players[seat]
            if action.yes:  # EVA-HOKAN-3
                char = self.cards[p.hokan].hokan_char
                self.stage = Stage(seat, char, self.n)
                self._enter(Phase.STAGE)
                self._played(p.hokan)
                self.record("hokan", seat, "declare", character=CHAR_NAMES[char])
            else:
                self.turn_done = True
        elif t is A.StagePlay:
            self._stage_play(seat, action.card)
        elif t is A.StagePass:
            st = self.stage
            assert st is not None
            if seat == st.declarer:
                self._stage_fail()
            else:
                self._bar(seat)
        else:
            raise IllegalAction(f"{action} is not an action of this game")


# ------------------------------------------------------------------------------------------------ short rule
# The 2-player short rule (ショートルール, EVA-SHORT-*): dialogue only, each player secretly in charge of one main
# character; down the opponent's character to win. A variant with its own class-level settings (as python-chess
# does with its variants): EvaShortGame / EvaShortState share the city and the rules of speech (CityState) with
# the standard rules; its interpretations are I-SHORT in docs/rules/eva.md; its rules are ShortRules (short.py).


class EvaShortGame(Game):
    key: ClassVar[str] = "eva-short"
    min_players: ClassVar[int] = 2  # EVA-SHORT-1
    max_players: ClassVar[int] = 2
    tempo_metrics: ClassVar[tuple[TempoMetric, ...]] = SHORT_TEMPO
    options_class: ClassVar[type[GameOptions]] = EvaShortOptions
    # who holds the 傷 for whose hidden character is what decides, and 4 sampled worlds see too little of it: 200
    # games against hurter, 4 worlds 58.2% (51.3-64.9) at 73x the style's cost, 8 worlds 64.8% (57.9-71.0) at 118x
    search_worlds: ClassVar[int] = 8
    options: EvaShortOptions

    def __init__(self, decks: Sequence[Deck], seed: int, options: EvaShortOptions | None = None,
                 deals: Sequence[int] | None = None, deal_round: int = 0) -> None:
        super().__init__(decks, seed, options or EvaShortOptions(), deals, deal_round)
        records = eva_cards()
        cards: list[EvaCard] = []
        owners: list[int] = []
        self.main_uids: list[list[int]] = []
        self.aside_uids: list[list[int]] = []
        for seat, deck in enumerate(self.decks):
            lists = card_lists(deck, load_pool("eva"))
            main: list[int] = []
            aside: list[int] = []
            for section in ("main", "hokan"):
                for card_id in lists.get(section, []):
                    card = records[card_id]
                    # EVA-SHORT-3: 補完 and 使徒 are taken out of the starter
                    (aside if card.kind in (Kind.ANGEL, Kind.HOKAN) else main).append(len(cards))
                    cards.append(card)
                    owners.append(seat)
            self.main_uids.append(main)
            self.aside_uids.append(aside)
        self.cards: tuple[EvaCard, ...] = tuple(cards)
        self.owner: tuple[int, ...] = tuple(owners)

    def new_initial_state(self, record_events: bool = False) -> EvaShortState:
        return EvaShortState(self, record_events)

    def action_from_json(self, data: Mapping[str, Any]) -> A.EvaAction:
        return A.action_from_json(data)


class EvaShortState(ShortRules, CityState):
    game: EvaShortGame

    def __init__(self, game: EvaShortGame, record_events: bool = False, _blank: bool = False) -> None:
        self.game = game
        self.cards = game.cards
        self.owner = game.owner
        if _blank:
            return
        self._init_city()
        self._seed_rngs()  # the table's generator and each deck's (engine.State.deck_rng)
        self.players = [Player(), Player()]
        self.assigned = [-1, -1]  # each player's hidden character (EVA-SHORT-4)
        self.turn = 1
        self.active = 0  # who speaks first this turn
        self.to_act = 0
        self.passes = 0
        self.offer: Offer | None = None
        self.tally = [0, 0]
        self.history: list[tuple[int, int, int]] = []  # public: (seat, what, character), see EvaShortView.history
        self.cleared = [False] * N_CHARS  # public: characters downed at some time (so neither player's)
        self._outcome: Outcome | None = None
        self.action_log: list[Any] = []
        self.events = [] if record_events else None
        self.tempo: list[tuple[int, int, tuple[float, ...]]] = []
        self._legal: list[Any] | None = None
        n = len(game.cards)
        self.hand_turn = [-1] * n
        self.played_turn = [-1] * n
        self._setup()

    # ------------------------------------------------------------------------------------------ contract

    @property
    def current_player(self) -> int:
        if self.offer is not None and self.offer.queue:
            return self.offer.queue[0]
        return self.to_act

    def clone(self) -> EvaShortState:
        s = EvaShortState(self.game, _blank=True)
        s._copy_city(self)
        self._share_rng(s)
        s.first_seat = self.first_seat
        s.players = [p.copy() for p in self.players]
        s.assigned = list(self.assigned)
        s.turn = self.turn
        s.active = self.active
        s.to_act = self.to_act
        s.passes = self.passes
        s.offer = self.offer.copy() if self.offer is not None else None
        s.tally = list(self.tally)
        s.history = list(self.history)
        s.cleared = list(self.cleared)
        s._outcome = self._outcome
        s.action_log = list(self.action_log)
        s.events = list(self.events) if self.events is not None else None
        s.tempo = list(self.tempo)
        s._legal = list(self._legal) if self._legal is not None else None
        s.hand_turn = list(self.hand_turn)
        s.played_turn = list(self.played_turn)
        return s

    def signature(self) -> Hashable:
        return (tuple(p.sig() for p in self.players), tuple(self.assigned), self.turn, self.active, self.to_act,
                self.passes, self.offer.sig() if self.offer else None, tuple(self.tally), tuple(self.history),
                tuple(self.cleared), self._city_sig(),
                self._outcome, self._rng_states())

    def resample_hidden(self, player: int, rng: random.Random) -> EvaShortState:
        """Re-deal the opponent's hand and deck and its character (one of the characters other than the player's
        own that were never downed: downing it would have ended the game); shuffle the player's own deck order. A
        function of `player`'s view and `rng` alone, as for the standard rules."""
        s = self.clone()
        opp = 1 - player
        them = s.players[opp]
        pool = sorted(them.hand + them.deck)
        rng.shuffle(pool)
        them.hand = pool[: len(them.hand)]
        them.deck = pool[len(them.hand):]
        s.players[player].deck = sorted(s.players[player].deck)
        rng.shuffle(s.players[player].deck)
        if s._outcome is None:
            choices = [c for c in range(N_CHARS) if c != s.assigned[player] and not s.down[c] and not s.cleared[c]]
            s.assigned[opp] = choices[rng.randrange(len(choices))]
        s._reseed_rngs(rng)
        s._legal = None
        return s

    def card_locations(self) -> dict[int, str]:
        where: dict[int, str] = {}

        def put(uid: int, zone: str) -> None:
            if uid in where:
                raise AssertionError(f"card {uid} in both {where[uid]} and {zone}")
            where[uid] = zone

        for seat, p in enumerate(self.players):
            for zone, uids in (("deck", p.deck), ("hand", p.hand), ("discard", p.discard), ("aside", p.aside)):
                for uid in uids:
                    put(uid, f"{zone}{seat}")
        for sp in self.spoken:
            put(sp.uid, "spoken")
        return where

    def counters(self) -> dict[str, int]:
        out = {f"spoke{c}": n for c, n in enumerate(self.speak_count)}
        out.update({f"room{c}": self.allowance(c) - self.speak_count[c] for c in range(N_CHARS)})
        out["passes"] = self.passes
        return out

    def view(self, player: int) -> EvaShortView:
        return EvaShortView(self, player)

    def _end_game(self, winner: int | None, reason: Any) -> None:
        self._end(winner, reason)

    def _apply_legal(self, action: Any) -> None:
        seat = self.current_player
        t = type(action)
        if t is A.Speak:
            self._speak(seat, action)
        elif t is A.Counter:
            self._counter(seat, action.card)
        elif t is A.Decline:
            assert self.offer is not None
            self.offer.queue = self.offer.queue[1:]
            if not self.offer.queue:
                index = self.offer.index
                self.offer = None
                self._resolve(index)
        elif t is A.PassDiscard:
            self._pass(seat, action.card)
        else:
            raise IllegalAction(f"{action} is not an action of the short rule")

    def card_usage(self) -> list[CardUse]:
        out: list[CardUse] = []
        ids = [card.id for card in self.cards]
        for seat in (0, 1):
            uids = (*self.game.main_uids[seat], *self.game.aside_uids[seat])
            out.extend(card_uses(seat, ids, uids, self.hand_turn, self.played_turn))
        return out

    # ------------------------------------------------------------------------------------------ helpers, legal

    def _to_discard(self, uid: int) -> None:
        self.players[self.owner[uid]].discard.append(uid)

    def _end(self, winner: int | None, reason: Any) -> None:
        if self._outcome is None:
            self._outcome = Outcome(winner, reason, self.turn)
            self.offer = None
            for seat in (0, 1):  # the characters are told once the game is decided (EVA-SHORT-4)
                self.record("short", seat, "short_reveal", character=CHAR_NAMES[self.assigned[seat]])
            self.record("end", winner, "game_end", winner=winner, reason=str(reason), turns=self.turn)

    def _compute_legal(self) -> list[Any]:
        if self.offer is not None and self.offer.queue:
            return [A.Decline(), *(A.Counter(u) for u in self.counter_options(self.offer.queue[0]))]
        seat = self.to_act
        hand = self.players[seat].hand
        passes = [A.PassDiscard(u) for u in distinct(hand, self.cards)] if hand else [A.PassDiscard(-1)]
        return [*passes, *self.serif_options(seat)]


GAME = EvaGame
SHORT_GAME = EvaShortGame


def _speaker_text(data: Mapping[str, Any]) -> dict[str, str]:
    """'Rei speaks', or for an (OTHER) card (no main character speaks it, EVA-SERIF-3) 'plays the (OTHER) card'."""
    other = data.get("speaker") == "(OTHER)"
    target = data.get("target")
    return {"speaker_text": "plays the (OTHER) card" if other else f"{data.get('speaker')} speaks",
            "target_text": f" on {target}" if target else ""}


# Fields some templates need beyond an event's data: clauses that are left out when there is nothing to say.
EVENT_FIELDS: dict[str, Callable[[Mapping[str, Any]], Mapping[str, Any]]] = {
    "turn_start": lambda d: {"recovered_text": f"; face up again: {', '.join(map(str, d['recovered']))}"
                             if d.get("recovered") else ""},
    "speak": _speaker_text,
    "counter": _speaker_text,
}

# How `tcgsim play` words each event (format fields are the event's data, plus {who}: "P1"/"P2"...).
EVENT_TEXT: dict[str, str] = {
    "setup": "Decks shuffled; {players} players draw 6 each ({returned} 使徒 returned and redrawn).",
    "first_player": "{who} plays first (clockwise from there).",
    "turn_start": "{who} begins the turn ({hand} in hand, {deck} in the deck){recovered_text}.",
    "draw": "{who} draws {count} ({hand} in hand, {deck} left in the deck).",
    "angel_arrives": "使徒 {card} (strength {strength}) arrives in Tokyo-3, {how}.",
    "angel_up": "The queued 使徒 {card} (strength {strength}) turns face up.",
    "drop": "{who} drops out ({reason}).",
    "last_stand": "{who} is the last one standing, but a 使徒 is in Tokyo-3: it must be defeated.",
    "speak": "{who}: {speaker_text} {card} ({type}){target_text}.",
    "serif": "{who}: {speaker} {verb} {target} with {card}.",
    "serif_result": "  -> {target}: {result}.",
    "counter": "{who}: {speaker_text} {card} <対抗> in answer: {answered} has no effect.",
    "effect": "  {card}: {text}.",
    "discard_random": "{who} discards at random ({source}): {cards}.",
    "take": "{who} takes {card} to hand from the {source}.",
    "battle": "Battle phase against {angel} (strength {strength}).",
    "deploy": "{who} sends {eva} out.",
    "launch": "{who} launches: {evas}.",
    "battle_odds": "  Evas {total} against {angel} {angel_strength}.",
    "battle_result": "Humanity {result}: Evas {total} against {angel} {angel_strength}.",
    "battle_loss_cards": "{right} takes cards at random from {who}'s hand: {cards}.",
    "eva_down": "{eva} is downed; lost from under it: {lost}.",
    "eva_protected": "{eva} stays up ({by}).",
    "angel_defeated": "{card} is defeated ({defeated} 使徒 defeated so far).",
    "draw2": "{who} has {points} draw points: {what}.",
    "draw2_zero": "",
    "discard": "{who} discards {card}.",
    "put_under": "  {card} goes under {place}.",
    "level": "{who}'s {card} reaches level {level}.",
    "declare": "{who} declares 補完 of {character}!",
    "stage_seek": "  {who} seeks {character} with {card}.",
    "stage_hurt": "  {who} hurts {character} with {card}.",
    "stage_barred": "  {who} cannot hurt and is out of the stage.",
    "stage_fail": "{who} can seek no more: the 補完 fails and the others draw what they used.",
    "congratulations": "おめでとう! {who} and {character} are instrumentalised; warm applause.",
    "short_setup": "Short rule: each player secretly draws a character; all six are grouped.",
    "short_pass": "{who} passes{discard_text}.",
    "short_refill": "Turn over: spoken cards discarded; hands refilled to 6 ({hands}).",
    "short_reveal": "{who}'s character was {character}.",
    "phase": "",
    "tempo": "",
    "turn_end": "",
    "game_end": "Game over after {turns} turns: {result}.",
}
