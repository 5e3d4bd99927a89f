"""<対抗>: counters in the standard rules (docs/rules/eva.md "<対抗>: counters", EVA-COUNTER-1..4; I-COUNTER):
which cards a player may answer a spoken card with, and the answer that cancels it. Whether a セリフ may answer
a セリフ is shared with the short rule (`TalkRules.serif_counter_ok`, talk.py); the offer of a card to the
players who hold an answer is made when it is spoken (`SpeakRules._speak`, speak.py).
"""

from __future__ import annotations

from tcgsim.games.eva.cards import CHAR_NAMES, N_CHARS, EvaCard, distinct
from tcgsim.games.eva.effects import OTHER
from tcgsim.games.eva.fields import EvaFields
from tcgsim.games.eva.options import CounterAnswers
from tcgsim.games.eva.state import Offer, Spoken, WindowKind


class CounterRules(EvaFields):
    """<対抗> in the standard rules, mixed into `EvaState`."""

    def _card_counter(self, sp: Spoken) -> bool:
        """`sp` is a card spoken on its card side as a <対抗> (an answer that is not a セリフ)."""
        return sp.answers >= 0 and not sp.serif

    def _counter_options(self, seat: int, answered: Spoken) -> list[int]:
        """The cards `seat` may answer `answered` with (I-COUNTER)."""
        out = []
        answered_card = self.cards[answered.uid]
        against_counter = self._card_counter(answered)
        for uid in distinct(self.players[seat].hand, self.cards):
            card = self.cards[uid]
            if answered.serif:
                if self.serif_counter_ok(card, answered):
                    out.append(uid)
            elif against_counter:
                if self._serif_answers_counter(card, answered):
                    out.append(uid)
            elif answered_card.type in card.card_counter and self.can_speak(card.colour):
                out.append(uid)
        return out

    def _serif_answers_counter(self, card: EvaCard, counter: Spoken) -> bool:
        """EVA-COUNTER-3 (`counter_answers=seed`): a counter セリフ may answer a card-side <対抗> card in the
        メインフェイズ (the one phase where セリフ are spoken, EVA-MAIN-1), by a face-up character with allowance
        left that addresses (I-REACH) the character who spoke the <対抗> card or the one who spoke the card it
        answers, with a mark for that character or a dialogue side flagged <対抗>; where neither is a main
        character ((OTHER) cards), only a flagged <対抗> dialogue answers."""
        w = self.window
        if w is None or w.kind is not WindowKind.MAIN:
            return False
        c = card.serif_colour
        if not 0 <= c < N_CHARS or not self.can_speak(c):
            return False
        addressees = [x for x in (counter.speaker, self.spoken[counter.answers].speaker) if 0 <= x < N_CHARS]
        if not addressees:
            return card.serif_counter
        return any(a != c and self.reach(c, a) and (card.serif_counter or card.mark_for_any(a))
                   for a in addressees)

    def _counter(self, seat: int, uid: int) -> None:
        """EVA-COUNTER-1..4: the answered card is cancelled. A counter セリフ cannot be answered; a card-side
        <対抗> card can, by a counter セリフ (`counter_answers=seed`), and takes effect only if no one does."""
        assert self.offer is not None
        index = self.offer.index
        answered = self.spoken[index]
        card = self.cards[uid]
        self.players[seat].hand.remove(uid)
        serif = answered.serif or self._card_counter(answered)  # a セリフ answers a セリフ or a <対抗> card
        speaker = card.serif_colour if serif else card.colour  # EVA-SERIF-1
        if speaker != OTHER:
            self.speak_count[speaker] += 1
        self.tally[seat][speaker] += 1
        self.spoken.append(Spoken(uid, seat, speaker, serif, -1, -1, index))
        self._played(uid)
        self.offer = None
        self.record(self._phase_name(), seat, "counter", speaker="(OTHER)" if speaker == OTHER
                    else CHAR_NAMES[speaker], card=card.name, answered=self.cards[answered.uid].name)
        if serif and self._card_counter(answered):
            answered.cancelled = True  # the <対抗> card is void, so the card it answered takes effect
            self._resolve(answered.answers)
            return
        if not serif and self.game.options.counter_answers is CounterAnswers.SEED:
            mine = len(self.spoken) - 1
            queue = tuple(q for q in self.order_from(seat, include=False)
                          if self._counter_options(q, self.spoken[mine]))
            if queue:
                self.offer = Offer(mine, queue)  # answered (or not) before it cancels (EVA-COUNTER-1)
                return
        answered.cancelled = True

    def _counter_stands(self, index: int) -> None:
        """A card-side <対抗> card no one answered: the card it answers is cancelled."""
        self.spoken[self.spoken[index].answers].cancelled = True
