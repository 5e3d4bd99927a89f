"""Speaking cards and セリフ, the rules of speech both rule sets share (docs/rules/eva.md "Speaking cards",
"セリフ"): who may speak (EVA-TALK-4..7), who may be addressed (EVA-SERIF-2, I-REACH), what a 傷 or 求 does
(EVA-SERIF-5..9, the groups of I-REACH, I-PROTECT) and who may answer a セリフ with a <対抗> セリフ (I-COUNTER).

`TalkRules` is mixed into `CityState` (game.py), the base of both rule sets' states. Speaking a card in the
standard rules (its windows and targets) is `SpeakRules` in speak.py, what its card side does card_effects.py;
in the short rule, short.py.
"""

from __future__ import annotations

from tcgsim.games.eva.cards import N_CHARS, EvaCard, Kind, Mark, can_reach, normalise_groups
from tcgsim.games.eva.effects import OTHER, Verb
from tcgsim.games.eva.fields import CityFields
from tcgsim.games.eva.state import Spoken


class TalkRules(CityFields):
    """The rules of speech on the city in play (the state's attributes: `CityFields`)."""

    def reach(self, c: int, t: int) -> bool:
        return can_reach(self.city.adjacent, self.group, c, t)

    def allowance(self, c: int) -> int:
        """EVA-TALK-4, -6: one card per turn, plus one per character card put under the character."""
        under = self.under_char[c]
        if not under:  # the common case, asked for every card of every hand offered
            return 1
        return 1 + sum(self.cards[u].allowance for u in under)

    def can_speak(self, c: int) -> bool:
        """EVA-TALK-4, -5, -7: a face-up character with allowance left; (OTHER): any face-up character."""
        if c == OTHER:
            return not all(self.down)
        return not self.down[c] and self.speak_count[c] < self.allowance(c)

    def serif_marks(self, card: EvaCard) -> list[int]:
        """The mark numbers of a card's dialogue side that its colour may speak now (EVA-SERIF-1..3)."""
        c = card.serif_colour
        if c == OTHER or c < 0 or not self.can_speak(c):
            return []
        return [i for i, (_kind, t) in enumerate(card.marks) if self.reach(c, t)]

    def serif_counter_ok(self, card: EvaCard, answered: Spoken) -> bool:
        """I-COUNTER: `card` may answer the セリフ `answered` as a <対抗> セリフ."""
        c = card.serif_colour
        if c == OTHER or c < 0 or not self.can_speak(c):
            return False
        speaker = answered.speaker
        target = self.cards[answered.uid].marks[answered.mark][1]
        for addressee in (speaker, target):
            if addressee != c and self.reach(c, addressee) and (
                    card.serif_counter or any(t == addressee for _k, t in card.marks)):
                return True
        return False

    def _merge(self, a: int, b: int) -> None:
        """Group a and b (merging their groups, I-REACH)."""
        ga, gb = self.group[a], self.group[b]
        new = min(a, b) if ga < 0 and gb < 0 else max(ga, gb)
        old = {x for x in (ga, gb) if x >= 0}
        for c in range(N_CHARS):
            if self.group[c] in old:
                self.group[c] = new
        self.group[a] = self.group[b] = new
        normalise_groups(self.group)

    def _leave_group(self, c: int) -> None:
        if self.group[c] >= 0:
            self.group[c] = -1
            normalise_groups(self.group)

    def _down_char(self, c: int) -> None:
        """A character downed by any effect first leaves its group (I-REACH)."""
        self._leave_group(c)
        self.down[c] = True

    def _protected(self, c: int) -> bool:
        """The next hurt on c is ignored: a drama's protect this turn, else a protect put card under c (which is
        then discarded)."""
        if self.protect_turn[c]:
            self.protect_turn[c] = False
            return True
        for uid in self.under_char[c]:
            card = self.cards[uid]
            if card.kind is Kind.PUT and any(e.verb is Verb.PROTECT for e in card.effects):
                self.under_char[c].remove(uid)
                self._to_discard(uid)
                return True
        return False

    def resolve_serif(self, speaker: int, kind: Mark, target: int) -> str:
        """EVA-SERIF-6, -8: what an uncancelled 傷 / 求 does; returns what happened, for the log."""
        if kind is Mark.HURT:
            if self._protected(target):
                return "protected"
            if self.group[target] >= 0:
                self._leave_group(target)
                return "ungrouped"
            if self.down[target]:
                return "nothing"
            self._down_char(target)
            return "downed"
        if self.down[target]:
            self.down[target] = False
            return "revived"
        if self.group[speaker] >= 0 and self.group[speaker] == self.group[target]:
            return "nothing"
        self._merge(speaker, target)
        return "grouped"
