"""<対抗>: counters in the standard rules (docs/rules/eva.md "<対抗>: counters", EVA-COUNTER-1..4; I-COUNTER):
which cards a player may answer a spoken card with, and the answer that cancels it. Whether a セリフ may answer
a セリフ is shared with the short rule (`TalkRules.serif_counter_ok`, talk.py); the offer of a card to the
players who hold an answer is made when it is spoken (`SpeakRules._speak`, speak.py).
"""

from __future__ import annotations

from tcgsim.games.eva.cards import CHAR_NAMES, distinct
from tcgsim.games.eva.effects import OTHER
from tcgsim.games.eva.fields import EvaFields
from tcgsim.games.eva.state import Spoken


class CounterRules(EvaFields):
    """<対抗> in the standard rules, mixed into `EvaState`."""

    def _counter_options(self, seat: int, answered: Spoken) -> list[int]:
        """The cards `seat` may answer `answered` with (I-COUNTER)."""
        out = []
        answered_card = self.cards[answered.uid]
        for uid in distinct(self.players[seat].hand, self.cards):
            card = self.cards[uid]
            if answered.serif:
                if self.serif_counter_ok(card, answered):
                    out.append(uid)
            elif answered_card.type in card.card_counter and self.can_speak(card.colour):
                out.append(uid)
        return out

    def _counter(self, seat: int, uid: int) -> None:
        """EVA-COUNTER-1..4: the answered card is cancelled; the answer itself cannot be answered."""
        assert self.offer is not None
        index = self.offer.index
        answered = self.spoken[index]
        card = self.cards[uid]
        self.players[seat].hand.remove(uid)
        speaker = card.serif_colour if answered.serif else card.colour  # a セリフ answers a セリフ (EVA-SERIF-1)
        if speaker != OTHER:
            self.speak_count[speaker] += 1
        self.tally[seat][speaker] += 1
        self.spoken.append(Spoken(uid, seat, speaker, answered.serif, -1, -1, index))
        self._played(uid)
        answered.cancelled = True
        self.offer = None
        self.record(self._phase_name(), seat, "counter", speaker="(OTHER)" if speaker == OTHER
                    else CHAR_NAMES[speaker], card=card.name, answered=self.cards[answered.uid].name)
