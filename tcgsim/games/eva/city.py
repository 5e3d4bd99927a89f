"""第3新東京市 in play: the six main characters (face up / down, groups), the three main Evas, the cards under
them, and the rules of speech both the standard rules and the short rule share: who may speak (EVA-TALK-4..7),
who may be addressed (EVA-SERIF-2, I-REACH), what a 傷 or 求 does (EVA-SERIF-5..9) and who may answer with a
<対抗> セリフ (I-COUNTER).
"""

from __future__ import annotations

from collections.abc import Sequence

from tcgsim.engine import State
from tcgsim.games.eva.cards import City, EvaCard, Kind, Mark, city
from tcgsim.games.eva.effects import OTHER, Verb
from tcgsim.games.eva.state import Spoken

N_CHARS = 6
N_EVAS = 3


def normalise_groups(group: list[int]) -> None:
    """Label each group by its smallest member; a group of one is no group (I-REACH)."""
    members: dict[int, list[int]] = {}
    for c, label in enumerate(group):
        if label >= 0:
            members.setdefault(label, []).append(c)
    for c in range(len(group)):
        group[c] = -1
    for chars in members.values():
        if len(chars) > 1:
            for c in chars:
                group[c] = chars[0]


def can_reach(adjacent: Sequence[frozenset[int]], group: Sequence[int], c: int, t: int) -> bool:
    """I-REACH: c may address t if they are adjacent in the city or in one group."""
    return c != t and (t in adjacent[c] or (group[c] >= 0 and group[c] == group[t]))


class CityState(State):
    """The part of a position both variants share. Subclasses own the players, turn and flow."""

    cards: tuple[EvaCard, ...]
    owner: tuple[int, ...]
    city: City
    down: list[bool]
    group: list[int]
    eva_down: list[bool]
    under_char: list[list[int]]
    under_eva: list[list[int]]
    speak_count: list[int]
    spoken: list[Spoken]
    protect_turn: list[bool]  # a drama's protect, until the end of the turn

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

    # ------------------------------------------------------------------------------------------ speech

    def reach(self, c: int, t: int) -> bool:
        return can_reach(self.city.adjacent, self.group, c, t)

    def allowance(self, c: int) -> int:
        """EVA-TALK-4, -6: one card per turn, plus one per character card put under the character."""
        return 1 + sum(self.cards[u].allowance for u in self.under_char[c])

    def can_speak(self, c: int) -> bool:
        """EVA-TALK-4, -5, -7: a face-up character with allowance left; (OTHER): any face-up character."""
        if c == OTHER:
            return not all(self.down)
        return not self.down[c] and self.speak_count[c] < self.allowance(c)

    def serif_marks(self, card: EvaCard) -> list[int]:
        """The mark numbers of a card's dialogue side that its colour may speak now (EVA-SERIF-2, -3)."""
        c = card.colour
        if c == OTHER or c < 0 or not self.can_speak(c):
            return []
        return [i for i, (_kind, t) in enumerate(card.marks) if self.reach(c, t)]

    def serif_counter_ok(self, card: EvaCard, answered: Spoken) -> bool:
        """I-COUNTER: `card` may answer the セリフ `answered` as a <対抗> セリフ."""
        c = card.colour
        if c == OTHER or c < 0 or not self.can_speak(c):
            return False
        speaker = answered.speaker
        target = self.cards[answered.uid].marks[answered.mark][1]
        for addressee in (speaker, target):
            if addressee != c and self.reach(c, addressee) and (
                    card.serif_counter or any(t == addressee for _k, t in card.marks)):
                return True
        return False

    # ------------------------------------------------------------------------------------------ the city

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

    def _to_discard(self, uid: int) -> None:
        raise NotImplementedError

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
