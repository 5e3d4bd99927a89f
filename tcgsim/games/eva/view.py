"""What one player may see (state.view(player)): `EvaView` for the standard rules, `EvaShortView` for the short
rule. Agents decide from a view alone; the invariant tests re-deal what it hides and check their choice stays.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from tcgsim.engine import SamplingView
from tcgsim.games.eva.cards import EvaCard
from tcgsim.games.eva.effects import Board
from tcgsim.games.eva.options import CounterAnswers, TalkLimit
from tcgsim.games.eva.state import ChoiceKind, Phase, WindowKind

if TYPE_CHECKING:
    from tcgsim.games.eva.fields import EvaFields, ShortFields


@dataclass(frozen=True, slots=True)
class SpokenView:
    card: EvaCard
    owner: int
    speaker: int
    serif: bool
    mark: int
    target: int
    cancelled: bool


class EvaView(SamplingView):
    """What one player may see: the whole city, every 補完 card (they lie face up, EVA-SETUP-3), every discard
    pile and spoken card, hand and deck sizes; its own hand and the cards of its own deck (not their order).
    Agents decide from this alone."""

    __slots__ = ("_s", "player")

    def __init__(self, state: EvaFields, player: int) -> None:
        self._s = state
        self.player = player

    # the turn
    @property
    def turn(self) -> int:
        return self._s.turn

    @property
    def active(self) -> int:
        return self._s.active

    @property
    def phase(self) -> Phase:
        return self._s.phase

    @property
    def players(self) -> int:
        return self._s.n

    @property
    def window(self) -> WindowKind | None:
        w = self._s.window
        return w.kind if w is not None else None

    @property
    def pending(self) -> ChoiceKind | None:
        return self._s.pending[-1].kind if self._s.pending else None

    def pending_choice(self) -> tuple[ChoiceKind, int, str] | None:
        """(kind, how many cards still to choose, the card type a search looks for) of the decision being asked."""
        if not self._s.pending:
            return None
        ch = self._s.pending[-1]
        return ch.kind, ch.count, ch.type

    def alive(self) -> list[int]:
        return self._s.alive()

    def order_from(self, seat: int, include: bool = True) -> tuple[int, ...]:
        return self._s.order_from(seat, include)

    # cards
    def card(self, uid: int) -> EvaCard | None:
        """The printed card of a uid if this player may know it (not another player's hand or deck, not a
        face-down 使徒 of another player)."""
        s = self._s
        if uid < 0 or uid >= len(s.cards):
            return None
        owner = s.owner[uid]
        if owner != self.player:
            them = s.players[owner]
            if uid in them.hand or uid in them.deck or uid in s.angel_queue:
                return None
        return s.cards[uid]

    def hand(self) -> list[int]:
        return list(self._s.players[self.player].hand)

    def deck_cards(self) -> list[EvaCard]:
        """The cards left in this player's own deck, in a fixed order (not the deck's)."""
        s = self._s
        return [s.cards[u] for u in sorted(s.players[self.player].deck)]

    def hand_size(self, seat: int) -> int:
        return len(self._s.players[seat].hand)

    def deck_size(self, seat: int) -> int:
        return len(self._s.players[seat].deck)

    def discard(self, seat: int) -> list[EvaCard]:
        s = self._s
        return [s.cards[u] for u in s.players[seat].discard]

    def hokan(self, seat: int) -> EvaCard | None:
        uid = self._s.players[seat].hokan
        return self._s.cards[uid] if uid >= 0 else None

    def level(self, seat: int) -> int:
        return self._s.players[seat].level

    def out(self, seat: int) -> bool:
        return self._s.players[seat].out

    # the city
    def board(self, seat: int | None = None) -> Board:
        return self._s.board(self.player if seat is None else seat)

    @property
    def down(self) -> tuple[bool, ...]:
        return tuple(self._s.down)

    @property
    def group(self) -> tuple[int, ...]:
        return tuple(self._s.group)

    @property
    def eva_down(self) -> tuple[bool, ...]:
        return tuple(self._s.eva_down)

    def reach(self, c: int, t: int) -> bool:
        return self._s.reach(c, t)

    def can_speak(self, c: int) -> bool:
        return self._s.can_speak(c)

    def under_char(self, c: int) -> list[EvaCard]:
        return [self._s.cards[u] for u in self._s.under_char[c]]

    def under_eva(self, e: int) -> list[EvaCard]:
        return [self._s.cards[u] for u in self._s.under_eva[e]]

    def angel(self) -> EvaCard | None:
        s = self._s
        return s.cards[s.angel] if s.angel >= 0 else None

    def angels_queued(self) -> int:
        return len(self._s.angel_queue)

    @property
    def angels_defeated(self) -> int:
        return self._s.angels_defeated

    def spoken(self) -> list[SpokenView]:
        s = self._s
        return [SpokenView(s.cards[sp.uid], sp.owner, sp.speaker, sp.serif, sp.mark, sp.target, sp.cancelled)
                for sp in s.spoken]

    def offered(self) -> SpokenView | None:
        """The card being offered for <対抗>, when this player is asked."""
        s = self._s
        if s.offer is None:
            return None
        sp = s.spoken[s.offer.index]
        return SpokenView(s.cards[sp.uid], sp.owner, sp.speaker, sp.serif, sp.mark, sp.target, sp.cancelled)

    def counters_answerable(self) -> bool:
        """A card-side <対抗> card spoken now could be answered by a counter セリフ (EVA-COUNTER-3: the option
        `counter_answers=seed`, in the メインフェイズ)."""
        s = self._s
        return (s.game.options.counter_answers is CounterAnswers.SEED and s.window is not None
                and s.window.kind is WindowKind.MAIN)

    def offered_answers(self) -> SpokenView | None:
        """When the card offered for <対抗> is itself a card-side <対抗> card: the card it answers (which takes
        effect if the <対抗> card is answered, EVA-COUNTER-3)."""
        s = self._s
        if s.offer is None:
            return None
        sp = s.spoken[s.offer.index]
        if sp.answers < 0 or sp.serif:
            return None
        o = s.spoken[sp.answers]
        return SpokenView(s.cards[o.uid], o.owner, o.speaker, o.serif, o.mark, o.target, o.cancelled)

    def eva_strength(self, e: int) -> int:
        return self._s.eva_strength(e)

    def pilot(self, e: int) -> int:
        return self._s.city.pilot[e]

    def battle(self) -> tuple[tuple[int, ...], int, int, int, bool] | None:
        """(Evas in the battle, step, their total, the 使徒's strength, forced win) of the battle in progress."""
        s = self._s
        b = s.battle
        if b is None:
            return None
        total, angel = s.battle_strengths()
        return b.evas, b.step, total, angel, b.forced_win

    def stage(self) -> tuple[int, int, tuple[int, ...]] | None:
        """(declarer, character, barred players) of the 補完ステージ in progress."""
        st = self._s.stage
        return (st.declarer, st.character, st.barred) if st is not None else None

    def last_stand(self) -> bool:
        return self._s.last_stand


class EvaShortView(SamplingView):
    """What one player may see in the short rule: the city, its own hand and character, both discard piles and
    the cards spoken this turn, the public history (every セリフ, the characters ever downed), hand and deck
    sizes. Never the opponent's hand or character."""

    __slots__ = ("_s", "player")

    def __init__(self, state: ShortFields, player: int) -> None:
        self._s = state
        self.player = player

    @property
    def talk_limit(self) -> bool:
        """Each main character speaks one card per turn (EVA-TALK-4; `talk_limit=kept`, EVA-SHORT-12)."""
        return self._s.game.options.talk_limit is TalkLimit.KEPT

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

    @property
    def cleared(self) -> tuple[bool, ...]:
        """Characters downed at some time in this game, revived or not: the game went on, so neither player is in
        charge of them (public: both saw it)."""
        return tuple(self._s.cleared)

    def offered(self) -> tuple[EvaCard, int, int] | None:
        """(card, speaker character, mark) of the セリフ offered for <対抗>, when this player is asked."""
        s = self._s
        if s.offer is None:
            return None
        sp = s.spoken[s.offer.index]
        return s.cards[sp.uid], sp.speaker, sp.mark
