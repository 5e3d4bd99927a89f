"""The 2-player short rule (docs/rules/eva.md "ショートルール", EVA-SHORT-1..12; I-SHORT): its setup (補完 and 使徒
set aside, a hidden character each, all six grouped), speaking セリフ only, the answer that takes the answering
player's turn, the end of the game when a player's character is downed, 「パス」 and the end of a turn with its
refill. The short rule shares the city and the rules of speech with the standard rules (talk.py); its Game and
State classes, options and dispatch are in game.py (`EvaShortGame`, `EvaShortState`).
"""

from __future__ import annotations

from tcgsim.engine import TempoMetric, Termination
from tcgsim.games.eva import actions as A
from tcgsim.games.eva.cards import CHAR_NAMES, N_CHARS, Mark, distinct
from tcgsim.games.eva.fields import ShortFields
from tcgsim.games.eva.options import TalkLimit
from tcgsim.games.eva.state import Offer, ShortWinReason, Spoken

SHORT_HAND = 6  # EVA-SHORT-6, EVA-SHORT-10: 6 cards, refilled to 6
PASSES_TO_END = 2  # EVA-SHORT-10: 「パス」が2回続いたらターン終了

SHORT_TEMPO = (
    TempoMetric("hand", "cards in hand at the end of the turn (before the refill)"),
    TempoMetric("deck", "cards left in the deck"),
    TempoMetric("spoken", "cards the player spoke this turn (counters included)"),
    TempoMetric("downed", "main characters downed"),
    TempoMetric("grouped", "main characters in a group"),
    TempoMetric("exposed", "1 when the player's own character is out of every group: one 傷 from down (EVA-SHORT-2)"),
    TempoMetric("hurt_cards", "cards in hand with a 傷 for the opponent's character (the ways to win)"),
    TempoMetric("seek_cards", "cards in hand with a 求 for the player's own character (the ways to regroup it)"),
)


class ShortRules(ShortFields):
    """The short rule's rules, mixed into `EvaShortState`."""

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
            self.deck_rng(seat).shuffle(p.deck)  # the deck's own generator (State.deck_rng)
        # EVA-SHORT-4: two different characters, drawn by the table (seeded by the game seed alone) for the two
        # seats: in a pair each deck plays each of the two characters once, so the luck of the draw cancels in
        # the pair instead of repeating (as it did when a deck kept its character in both games)
        self.assigned = self.rng.sample(range(N_CHARS), 2)
        self.group = [0] * N_CHARS  # EVA-SHORT-5: all six grouped
        for seat in (0, 1):
            self._draw_to(seat, SHORT_HAND)  # EVA-SHORT-6
            for uid in self.players[seat].hand:
                self.hand_turn[uid] = 0
        # EVA-SHORT-7: from the table, which drew the same before: the same seat moves first in both games of a pair
        self.active = self.rng.randrange(2) if self.game.options.random_first_player else 0
        self.first_seat = self.active
        self.to_act = self.active
        self.record("setup", None, "short_setup")
        self.record("setup", self.active, "first_player")

    def can_speak(self, c: int) -> bool:
        """EVA-TALK-4, -7 in the short rule: a face-up character, with one card per turn unless the option
        `talk_limit=void` reads the limit as one of the voided rules of the city (EVA-SHORT-12, I-SHORT)."""
        if self.down[c]:
            return False
        return self.game.options.talk_limit is TalkLimit.VOID or self.speak_count[c] < self.allowance(c)

    def serif_options(self, seat: int) -> list[A.Speak]:
        """EVA-SHORT-8, -12: every card is spoken as a セリフ (talk rules as in the standard rules, I-SHORT)."""
        out = []
        for uid in distinct(self.players[seat].hand, self.cards):
            for m in self.serif_marks(self.cards[uid]):
                out.append(A.speak(uid, True, m, -1))
        return out

    def counter_options(self, seat: int) -> list[int]:
        assert self.offer is not None
        answered = self.spoken[self.offer.index]
        return [u for u in distinct(self.players[seat].hand, self.cards)
                if self.serif_counter_ok(self.cards[u], answered)]

    def _speak(self, seat: int, action: A.Speak) -> None:
        card = self.cards[action.card]
        self.players[seat].hand.remove(action.card)
        self.speak_count[card.serif_colour] += 1
        self.tally[seat] += 1
        self.spoken.append(Spoken(action.card, seat, card.serif_colour, True, action.mark))
        if self.played_turn[action.card] < 0:
            self.played_turn[action.card] = self.turn
        self.passes = 0
        kind, target = card.marks[action.mark]
        self.history.append((seat, int(kind), target))
        self.record("short", seat, "serif", speaker=CHAR_NAMES[card.serif_colour], card=card.name,
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
        self.speak_count[card.serif_colour] += 1
        self.tally[seat] += 1
        self.spoken.append(Spoken(uid, seat, card.serif_colour, True, -1, -1, index))
        if self.played_turn[uid] < 0:
            self.played_turn[uid] = self.turn
        answered.cancelled = True
        self.offer = None
        kind, target = self.cards[answered.uid].marks[answered.mark]
        self.history.append((seat, 2 + int(kind), target))
        self.record("short", seat, "counter", speaker=CHAR_NAMES[card.serif_colour], card=card.name,
                    answered=self.cards[answered.uid].name)
        self.to_act = answered.owner  # EVA-SHORT-9: who answered does not speak a セリフ of its own now

    def _resolve(self, index: int) -> None:
        sp = self.spoken[index]
        kind, target = self.cards[sp.uid].marks[sp.mark]
        result = self.resolve_serif(sp.speaker, kind, target)
        self.record("short", sp.owner, "serif_result", target=CHAR_NAMES[target], result=result)
        if result == "downed":
            self.cleared[target] = True
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

    def _tempo_values(self, seat: int) -> tuple[float, ...]:
        """The seat's figures in SHORT_TEMPO order (the tempo table at each turn's end; the search evaluation's
        inputs at any time)."""
        p = self.players[seat]
        mine, theirs = self.assigned[seat], self.assigned[1 - seat]
        hurt = sum(1 for u in p.hand if self.cards[u].mark_for(Mark.HURT, theirs))
        seek = sum(1 for u in p.hand if self.cards[u].mark_for(Mark.SEEK, mine))
        return (len(p.hand), len(p.deck), self.tally[seat], sum(self.down), sum(1 for g in self.group if g >= 0),
                float(self.down[mine] or self.group[mine] < 0), hurt, seek)

    def _end_turn(self) -> None:
        """EVA-SHORT-10, -11: spoken cards to the discard piles, refill to 6, swap who speaks first."""
        for seat in (0, 1):
            values = self._tempo_values(seat)
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
        if self.turn > self.game.options.turn_limit:  # I-LIMIT: `turn_limit` rounds were played
            self.turn = self.game.options.turn_limit  # the game records the rounds played, not the next one
            self._end(None, Termination.TURN_LIMIT)
            return
        self.active = 1 - self.active
        self.to_act = self.active
