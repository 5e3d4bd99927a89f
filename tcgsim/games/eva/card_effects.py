"""Card effects carried out (docs/rules/eva.md "Effect vocabulary", the verbs effects.py compiles; I-TARGET,
I-PROTECT): what an uncancelled drama or battle card does, verb by verb, and the cards a recover or tutor effect
lets its player take. Put-type cards act from under their main card instead (turn.py slides them under; their
strength, weapons and protection count in battle.py, their allowance in talk.py).
"""

from __future__ import annotations

from tcgsim.games.eva.cards import CHAR_NAMES, EVA_NAMES, EvaCard, Kind
from tcgsim.games.eva.effects import Effect, Target, Verb
from tcgsim.games.eva.fields import EvaFields
from tcgsim.games.eva.state import Choice, ChoiceKind, Spoken


class CardEffectRules(EvaFields):
    """The effect vocabulary's verbs at work, mixed into `EvaState`."""

    def _effect(self, e: Effect, sp: Spoken, card: EvaCard) -> None:
        v = e.verb
        seat = sp.owner
        target = e.key if e.key >= 0 else sp.target
        phase = self._phase_name()
        if v is Verb.DRAW:
            got = self._draw(seat, e.amount)
            self.record(phase, seat, "effect", card=card.name, text=f"draws {got}")
        elif v is Verb.DISCARD_RANDOM:
            if e.target is Target.EACH:
                victims = list(self.alive())
            elif e.target is Target.TURN_PLAYER:
                victims = [self.active]
            else:
                victims = [target] if target >= 0 else []
            for q in victims:
                self._discard_random(q, e.amount, card.name)
        elif v is Verb.RECOVER:
            if any(self.cards[u].kind is not Kind.ANGEL for u in self.players[seat].discard):
                self.pending.append(Choice(ChoiceKind.RECOVER, seat, e.amount))
        elif v is Verb.TUTOR:
            if any(self.cards[u].type == e.type for u in self.players[seat].deck):
                self.pending.append(Choice(ChoiceKind.TUTOR, seat, e.amount, e.type))
        elif v is Verb.DOWN and target >= 0:
            if e.target is Target.EVA:
                self._down_eva(target)
            elif not self.down[target]:
                self._down_char(target)
                self.record(phase, seat, "effect", card=card.name, text=f"{CHAR_NAMES[target]} is downed")
        elif v is Verb.REVIVE and target >= 0:
            if e.target is Target.EVA:
                if self.eva_down[target]:
                    self.eva_down[target] = False
                    self.record(phase, seat, "effect", card=card.name, text=f"{EVA_NAMES[target]} is face up")
            elif self.down[target]:
                self.down[target] = False
                self.record(phase, seat, "effect", card=card.name, text=f"{CHAR_NAMES[target]} is face up")
        elif v is Verb.GROUP:
            first, second = e.characters
            if not self.down[first] and not self.down[second]:
                self._merge(first, second)
                self.record(phase, seat, "effect", card=card.name,
                            text=f"{CHAR_NAMES[first]} and {CHAR_NAMES[second]} are grouped")
        elif v is Verb.UNGROUP and target >= 0:
            if self.group[target] >= 0:
                self._leave_group(target)
                self.record(phase, seat, "effect", card=card.name, text=f"{CHAR_NAMES[target]} leaves the group")
        elif v is Verb.PROTECT and target >= 0:
            if e.target is Target.EVA:
                if self.battle is not None and target not in self.battle.protected:
                    self.battle.protected = (*self.battle.protected, target)
            else:
                self.protect_turn[target] = True
            self.record(phase, seat, "effect", card=card.name, text="protects " + (
                EVA_NAMES[target] if e.target is Target.EVA else CHAR_NAMES[target]))
        elif v is Verb.DEFEAT_ANGEL:
            b = self.battle
            if b is not None and b.step in (1, 2):
                b.forced_win = True
                self.record(phase, seat, "effect", card=card.name, text="humanity wins this battle")
            elif b is not None and b.won is False and b.evas and self.angel == b.angel:  # EVA-BATTLE-3
                b.won = True
                self._defeat_angel()
        elif v is Verb.SORTIE and target >= 0:
            b = self.battle
            if b is not None and b.step in (1, 2) and target not in b.evas and not self.eva_down[target]:
                b.evas = (*b.evas, target)
                self.record(phase, seat, "effect", card=card.name, text=f"{EVA_NAMES[target]} joins the battle")

    def _discard_random(self, seat: int, n: int, source: str) -> list[str]:
        p = self.players[seat]
        names = []
        for _ in range(min(n, len(p.hand))):
            uid = p.hand.pop(self.rng.randrange(len(p.hand)))
            p.discard.append(uid)
            names.append(self.cards[uid].name)
        if names:
            self.record(self._phase_name(), seat, "discard_random", cards=names, source=source)
        return names

    def _take(self, seat: int, uid: int) -> None:
        """Recover (from the discard pile) or tutor (from the deck, then shuffled) one card, or stop."""
        ch = self.pending[-1]
        p = self.players[seat]
        if uid >= 0:
            ch.count -= 1
            if ch.kind is ChoiceKind.RECOVER:
                p.discard.remove(uid)
                p.hand.append(uid)
                self.record(self._phase_name(), seat, "take", card=self.cards[uid].name, source="discard pile")
            else:
                p.deck.remove(uid)
                if self.hand_turn[uid] < 0:
                    self.hand_turn[uid] = self.turn
                self.record(self._phase_name(), seat, "take", card=self.cards[uid].name, source="deck")
                if self.cards[uid].kind is Kind.ANGEL:
                    self._angel_arrives(uid)
                else:
                    p.hand.append(uid)
        if ch.kind is ChoiceKind.RECOVER:
            left = any(self.cards[u].kind is not Kind.ANGEL for u in p.discard)
        else:
            left = any(self.cards[u].type == ch.type for u in p.deck)
        if uid < 0 or ch.count <= 0 or not left:
            self.pending.remove(ch)
            if ch.kind is ChoiceKind.TUTOR:
                self.deck_rng(seat).shuffle(p.deck)
