"""新世紀エヴァンゲリオン カードゲーム, the 2-player short rule (ショートルール, EVA-SHORT-*): dialogue only, each
player secretly in charge of one main character; down the opponent's character to win.

It shares the city and the rules of speech with the standard rules (city.py); the interpretations are I-SHORT in
docs/rules/eva.md and the constants below.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, ClassVar

from tcgsim.decks import Deck
from tcgsim.engine import CardUse, Game, GameOptions, IllegalAction, Outcome, TempoMetric, Termination
from tcgsim.games.eva import actions as A
from tcgsim.games.eva.cards import CHAR_NAMES, EvaCard, Kind, Mark, card_lists, distinct, eva_cards
from tcgsim.games.eva.city import N_CHARS, CityState
from tcgsim.games.eva.state import Offer, Phase, Player, Spoken

SHORT_HAND = 6  # EVA-SHORT-6, EVA-SHORT-10: 6 cards, refilled to 6
PASSES_TO_END = 2  # EVA-SHORT-10: 「パス」が2回続いたらターン終了


class ShortWinReason(StrEnum):
    DOWNED = "character_downed"  # EVA-SHORT-2
    EXHAUSTED = "cards_exhausted"  # I-SHORT: both hands and decks empty, nothing can happen any more (a draw)


@dataclass(frozen=True)
class EvaShortOptions(GameOptions):
    turn_limit: int = 60  # I-LIMIT: rounds (①-④) before the game is a draw
    random_first_player: bool = True  # EVA-SHORT-7: seeded RNG; False: seat 0 first


SHORT_TEMPO = (
    TempoMetric("hand", "cards in hand at the end of the turn (before the refill)"),
    TempoMetric("deck", "cards left in the deck"),
    TempoMetric("spoken", "cards the player spoke this turn (counters included)"),
    TempoMetric("downed", "main characters downed"),
    TempoMetric("grouped", "main characters in a group"),
)


class EvaShortGame(Game):
    key: ClassVar[str] = "eva-short"
    min_players: ClassVar[int] = 2  # EVA-SHORT-1
    max_players: ClassVar[int] = 2
    tempo_metrics: ClassVar[tuple[TempoMetric, ...]] = SHORT_TEMPO
    options_class: ClassVar[type[GameOptions]] = EvaShortOptions
    options: EvaShortOptions

    def __init__(self, decks: Sequence[Deck], seed: int, options: EvaShortOptions | None = None) -> None:
        super().__init__(decks, seed, options or EvaShortOptions())
        records = eva_cards()
        cards: list[EvaCard] = []
        owners: list[int] = []
        self.main_uids: list[list[int]] = []
        self.aside_uids: list[list[int]] = []
        for seat, deck in enumerate(self.decks):
            lists = card_lists(deck)
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


class EvaShortState(CityState):
    game: EvaShortGame

    def __init__(self, game: EvaShortGame, record_events: bool = False, _blank: bool = False) -> None:
        self.game = game
        self.cards = game.cards
        self.owner = game.owner
        if _blank:
            return
        self._init_city()
        self.rng = random.Random(game.seed)
        self.players = [Player(), Player()]
        self.assigned = [-1, -1]  # each player's hidden character (EVA-SHORT-4)
        self.turn = 1
        self.active = 0  # who speaks first this turn
        self.to_act = 0
        self.passes = 0
        self.offer: Offer | None = None
        self.tally = [0, 0]
        self.history: list[tuple[int, int, int]] = []  # public: (seat, what, character), see EvaShortView.history
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

    @property
    def is_terminal(self) -> bool:
        return self._outcome is not None

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    def clone(self) -> EvaShortState:
        s = EvaShortState(self.game, _blank=True)
        s._copy_city(self)
        s.rng = random.Random()
        s.rng.setstate(self.rng.getstate())
        s.players = [p.copy() for p in self.players]
        s.assigned = list(self.assigned)
        s.turn = self.turn
        s.active = self.active
        s.to_act = self.to_act
        s.passes = self.passes
        s.offer = self.offer.copy() if self.offer is not None else None
        s.tally = list(self.tally)
        s.history = list(self.history)
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
                self._city_sig(),
                self._outcome, self.rng.getstate())

    def resample_hidden(self, player: int, rng: random.Random) -> EvaShortState:
        """Re-deal the opponent's hand and deck and its character (one of the face-up characters other than the
        player's own: a downed one would have ended the game); shuffle the player's own deck order."""
        s = self.clone()
        opp = 1 - player
        them = s.players[opp]
        pool = them.hand + them.deck
        rng.shuffle(pool)
        them.hand = pool[: len(them.hand)]
        them.deck = pool[len(them.hand):]
        rng.shuffle(s.players[player].deck)
        if s._outcome is None:
            choices = [c for c in range(N_CHARS) if c != s.assigned[player] and not s.down[c]]
            s.assigned[opp] = choices[rng.randrange(len(choices))]
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

    def legal_actions(self) -> list[Any]:
        if self._legal is None:
            self._legal = self._compute_legal() if self._outcome is None else []
        return self._legal

    def apply(self, action: Any) -> None:
        legal = self.legal_actions()
        if id(action) not in map(id, legal) and action not in legal:
            raise IllegalAction("the game is over" if self._outcome is not None else
                                f"{action} is not legal now (player {self.current_player} to act)")
        self._legal = None
        self.action_log.append(action)
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
        if self._outcome is None and len(self.action_log) >= self.game.options.decision_limit:
            self._end(None, Termination.DECISION_LIMIT)

    def card_usage(self) -> list[CardUse]:
        out: list[CardUse] = []
        for seat in (0, 1):
            per: dict[str, list[Any]] = {}
            for uid in (*self.game.main_uids[seat], *self.game.aside_uids[seat]):
                row = per.setdefault(self.cards[uid].id, [0, 0, 0, 0, None])
                row[0] += 1
                row[1] += self.hand_turn[uid] == 0
                row[2] += self.hand_turn[uid] >= 0
                played = self.played_turn[uid]
                if played >= 0:
                    row[3] += 1
                    row[4] = played if row[4] is None else min(row[4], played)
            out.extend(CardUse(seat, card_id, *row) for card_id, row in per.items())
        return out

    # ------------------------------------------------------------------------------------------ rules

    def _to_discard(self, uid: int) -> None:
        self.players[self.owner[uid]].discard.append(uid)

    def _end(self, winner: int | None, reason: Any) -> None:
        if self._outcome is None:
            self._outcome = Outcome(winner, reason, self.turn)
            self.offer = None
            for seat in (0, 1):  # the characters are told once the game is decided (EVA-SHORT-4)
                self.record("short", seat, "short_reveal", character=CHAR_NAMES[self.assigned[seat]])
            self.record("end", winner, "game_end", winner=winner, reason=str(reason), turns=self.turn)

    def _draw_to(self, seat: int, size: int) -> None:
        p = self.players[seat]
        while len(p.hand) < size and p.deck:
            uid = p.deck.pop()
            p.hand.append(uid)
            if self.hand_turn[uid] < 0:
                self.hand_turn[uid] = self.turn

    def _setup(self) -> None:
        g = self.game
        for seat in (0, 1):
            p = self.players[seat]
            p.aside = list(g.aside_uids[seat])  # EVA-SHORT-3
            p.deck = list(g.main_uids[seat])
            self.rng.shuffle(p.deck)
        self.assigned = self.rng.sample(range(N_CHARS), 2)  # EVA-SHORT-4: two different characters
        self.group = [0] * N_CHARS  # EVA-SHORT-5: all six grouped
        for seat in (0, 1):
            self._draw_to(seat, SHORT_HAND)  # EVA-SHORT-6
            for uid in self.players[seat].hand:
                self.hand_turn[uid] = 0
        self.active = self.rng.randrange(2) if self.game.options.random_first_player else 0  # EVA-SHORT-7
        self.to_act = self.active
        self.record("setup", None, "short_setup")
        self.record("setup", self.active, "first_player")

    def serif_options(self, seat: int) -> list[A.Speak]:
        """EVA-SHORT-8, -12: every card is spoken as a セリフ (talk rules as in the standard rules, I-SHORT)."""
        out = []
        for uid in distinct(self.players[seat].hand, self.cards):
            for m in self.serif_marks(self.cards[uid]):
                out.append(A.Speak(uid, True, m, -1))
        return out

    def counter_options(self, seat: int) -> list[int]:
        assert self.offer is not None
        answered = self.spoken[self.offer.index]
        return [u for u in distinct(self.players[seat].hand, self.cards)
                if self.serif_counter_ok(self.cards[u], answered)]

    def _compute_legal(self) -> list[Any]:
        if self.offer is not None and self.offer.queue:
            return [A.Decline(), *(A.Counter(u) for u in self.counter_options(self.offer.queue[0]))]
        seat = self.to_act
        hand = self.players[seat].hand
        passes = [A.PassDiscard(u) for u in distinct(hand, self.cards)] if hand else [A.PassDiscard(-1)]
        return [*passes, *self.serif_options(seat)]

    def _speak(self, seat: int, action: A.Speak) -> None:
        card = self.cards[action.card]
        self.players[seat].hand.remove(action.card)
        self.speak_count[card.colour] += 1
        self.tally[seat] += 1
        self.spoken.append(Spoken(action.card, seat, card.colour, True, action.mark))
        if self.played_turn[action.card] < 0:
            self.played_turn[action.card] = self.turn
        self.passes = 0
        kind, target = card.marks[action.mark]
        self.history.append((seat, int(kind), target))
        self.record("short", seat, "serif", speaker=CHAR_NAMES[card.colour], card=card.name,
                    verb="hurts" if kind is Mark.HURT else "seeks", target=CHAR_NAMES[target])
        index = len(self.spoken) - 1
        opp = 1 - seat
        self.offer = Offer(index, (opp,))
        if not self.counter_options(opp):
            self.offer = None
            self._resolve(index)

    def _counter(self, seat: int, uid: int) -> None:
        """EVA-SHORT-8: the answer cancels the セリフ and takes the answering player's turn to speak (I-SHORT)."""
        assert self.offer is not None
        index = self.offer.index
        answered = self.spoken[index]
        card = self.cards[uid]
        self.players[seat].hand.remove(uid)
        self.speak_count[card.colour] += 1
        self.tally[seat] += 1
        self.spoken.append(Spoken(uid, seat, card.colour, True, -1, -1, index))
        if self.played_turn[uid] < 0:
            self.played_turn[uid] = self.turn
        answered.cancelled = True
        self.offer = None
        kind, target = self.cards[answered.uid].marks[answered.mark]
        self.history.append((seat, 2 + int(kind), target))
        self.record("short", seat, "counter", speaker=CHAR_NAMES[card.colour], card=card.name,
                    answered=self.cards[answered.uid].name)
        self.to_act = answered.owner  # EVA-SHORT-9: who answered does not speak a セリフ of its own now

    def _resolve(self, index: int) -> None:
        sp = self.spoken[index]
        kind, target = self.cards[sp.uid].marks[sp.mark]
        result = self.resolve_serif(sp.speaker, kind, target)
        self.record("short", sp.owner, "serif_result", target=CHAR_NAMES[target], result=result)
        for seat in (sp.owner, 1 - sp.owner):  # EVA-SHORT-2 (I-SHORT: even one's own character)
            if self.down[self.assigned[seat]]:
                self._end(1 - seat, ShortWinReason.DOWNED)
                return
        self.to_act = 1 - sp.owner  # EVA-SHORT-9

    def _pass(self, seat: int, uid: int) -> None:
        """EVA-SHORT-9: 「パス」, discarding a card (none if the hand is empty)."""
        p = self.players[seat]
        if uid >= 0:
            p.hand.remove(uid)
            p.discard.append(uid)
        self.passes += 1
        self.record("short", seat, "short_pass", discard_text=f", discarding {self.cards[uid].name}" if uid >= 0
                    else " with an empty hand")
        if self.passes >= PASSES_TO_END:
            self._end_turn()
        else:
            self.to_act = 1 - seat

    def _end_turn(self) -> None:
        """EVA-SHORT-10, -11: spoken cards to the discard piles, refill to 6, swap who speaks first."""
        for seat in (0, 1):
            p = self.players[seat]
            values = (len(p.hand), len(p.deck), self.tally[seat], sum(self.down),
                      sum(1 for g in self.group if g >= 0))
            self.tempo.append((self.turn, seat, values))
            if self.events is not None:
                self.record("end", seat, "tempo", **dict(zip([m.name for m in SHORT_TEMPO], values, strict=True)))
        for sp in self.spoken:
            self._to_discard(sp.uid)
        self.spoken = []
        self.speak_count = [0] * N_CHARS
        self.tally = [0, 0]
        self.passes = 0
        self.record("end", self.active, "turn_end")
        self.turn += 1
        for seat in (self.active, 1 - self.active):
            self._draw_to(seat, SHORT_HAND)
        self.record("short", None, "short_refill", hands=[len(p.hand) for p in self.players])
        if not any(p.hand for p in self.players):
            self._end(None, ShortWinReason.EXHAUSTED)
            return
        if self.turn > self.game.options.turn_limit:
            self._end(None, Termination.TURN_LIMIT)
            return
        self.active = 1 - self.active
        self.to_act = self.active


class EvaShortView:
    """What one player may see in the short rule: the city, its own hand and character, both discard piles and
    the cards spoken this turn, hand and deck sizes. Never the opponent's hand or character."""

    __slots__ = ("_s", "player")

    def __init__(self, state: EvaShortState, player: int) -> None:
        self._s = state
        self.player = player

    @property
    def turn(self) -> int:
        return self._s.turn

    @property
    def active(self) -> int:
        return self._s.active

    @property
    def phase(self) -> Phase:
        return Phase.SHORT

    @property
    def character(self) -> int:
        """The character this player is in charge of."""
        return self._s.assigned[self.player]

    def card(self, uid: int) -> EvaCard | None:
        s = self._s
        if uid < 0 or uid >= len(s.cards):
            return None
        owner = s.owner[uid]
        if owner != self.player and (uid in s.players[owner].hand or uid in s.players[owner].deck):
            return None
        return s.cards[uid]

    def hand(self) -> list[int]:
        return list(self._s.players[self.player].hand)

    def hand_size(self, seat: int) -> int:
        return len(self._s.players[seat].hand)

    def deck_size(self, seat: int) -> int:
        return len(self._s.players[seat].deck)

    def deck_cards(self) -> list[EvaCard]:
        """The cards left in this player's own deck, in a fixed order (not the deck's)."""
        s = self._s
        return [s.cards[u] for u in sorted(s.players[self.player].deck)]

    def discard(self, seat: int) -> list[EvaCard]:
        return [self._s.cards[u] for u in self._s.players[seat].discard]

    @property
    def down(self) -> tuple[bool, ...]:
        return tuple(self._s.down)

    @property
    def group(self) -> tuple[int, ...]:
        return tuple(self._s.group)

    def reach(self, c: int, t: int) -> bool:
        return self._s.reach(c, t)

    def can_speak(self, c: int) -> bool:
        return self._s.can_speak(c)

    @property
    def passes(self) -> int:
        return self._s.passes

    def spoken(self) -> list[tuple[EvaCard, int, int, bool]]:
        """(card, who spoke it, its mark (-1 for a counter), cancelled) for this turn's cards."""
        s = self._s
        return [(s.cards[sp.uid], sp.owner, sp.mark, sp.cancelled) for sp in s.spoken]

    def history(self) -> list[tuple[int, int, int]]:
        """Every セリフ of the game so far, public: (seat, what, character) with what 0: hurt, 1: seek, 2: answered
        a hurt on that character, 3: answered a seek of it."""
        return list(self._s.history)

    def offered(self) -> tuple[EvaCard, int, int] | None:
        """(card, speaker character, mark) of the セリフ offered for <対抗>, when this player is asked."""
        s = self._s
        if s.offer is None:
            return None
        sp = s.spoken[s.offer.index]
        return s.cards[sp.uid], sp.speaker, sp.mark

