"""Speaking a card in the standard rules (docs/rules/eva.md "Speaking cards", "③ メインフェイズ", "Card types";
EVA-TALK-3, -4, -8, -10, EVA-MAIN-1, -2, EVA-CARD-*; I-WINDOW, I-PUT, I-TARGET, I-OTHER): what each speaking
window allows and at what a card may be spoken, speaking it (and offering it for <対抗>), and an uncancelled
card taking effect (a セリフ's 傷 or 求; a card side's verbs are card_effects.py). Who may speak and what a セリフ
does are shared with the short rule (talk.py).
"""

from __future__ import annotations

from tcgsim.games.eva import actions as A
from tcgsim.games.eva.cards import CHAR_NAMES, EVA_NAMES, N_CHARS, N_EVAS, EvaCard, Kind, Mark, distinct
from tcgsim.games.eva.effects import OTHER, Target, Verb
from tcgsim.games.eva.fields import EvaFields
from tcgsim.games.eva.state import Offer, Phase, Spoken, WindowKind

WINDOW_TYPES: dict[WindowKind, frozenset[Kind]] = {
    WindowKind.DRAW1: frozenset({Kind.DRAMA}),  # EVA-DRAW1-5
    WindowKind.BATTLE1: frozenset({Kind.DRAMA, Kind.BATTLE}),  # EVA-BATTLE-4
    WindowKind.BATTLE2: frozenset({Kind.DRAMA, Kind.BATTLE}),  # EVA-BATTLE-6
    WindowKind.BATTLE3: frozenset({Kind.DRAMA, Kind.BATTLE}),  # EVA-BATTLE-10
    WindowKind.MAIN: frozenset({Kind.DRAMA, Kind.PUT, Kind.CHARACTER, Kind.EVA}),  # EVA-MAIN-1 (+ セリフ)
}
WINDOW_PHASE = {WindowKind.DRAW1: Phase.DRAW1, WindowKind.BATTLE1: Phase.BATTLE, WindowKind.BATTLE2: Phase.BATTLE,
                WindowKind.BATTLE3: Phase.BATTLE, WindowKind.MAIN: Phase.MAIN}


class SpeakRules(EvaFields):
    """Speaking cards in the standard rules, mixed into `EvaState`."""

    def card_targets(self, seat: int, card: EvaCard) -> list[int]:
        """Where a card-side card may go or what it may choose (-1: it chooses nothing); [] if it cannot be
        spoken now. I-PUT for put-type cards; a drama or battle card chooses among the characters its speaker
        can address ((OTHER): any), EVA-... effect vocabulary in docs."""
        k = card.kind
        if k is Kind.CHARACTER:
            return [card.put_char]
        if k is Kind.EVA:
            evas = [card.put_eva] if card.put_eva >= 0 else list(range(N_EVAS))
            return [e for e in evas if not self.eva_down[e]]
        if k is Kind.PUT:
            if card.target_kind == "eva":
                evas = list(card.keys) or list(range(N_EVAS))
                weapon = card.weapon
                if weapon is not None:
                    if weapon.keys:
                        evas = [e for e in evas if e in weapon.keys]
                    evas = [e for e in evas if self.free_weapon_slot(e)]
                return [e for e in evas if not self.eva_down[e]]
            return list(card.keys) or list(range(N_CHARS))
        speaker = card.colour
        for e in card.effects:
            if e.key >= 0 or e.when:
                continue
            v = e.verb
            if e.target is Target.CHARACTER and v in (Verb.DOWN, Verb.REVIVE, Verb.UNGROUP, Verb.PROTECT):
                chars = [t for t in range(N_CHARS) if speaker == OTHER or self.reach(speaker, t)]
                if v is Verb.DOWN:
                    return [t for t in chars if not self.down[t]]
                if v is Verb.REVIVE:
                    return [t for t in chars if self.down[t]]
                if v is Verb.UNGROUP:
                    return [t for t in chars if self.group[t] >= 0]
                return chars
            if e.target is Target.EVA and v is Verb.REVIVE:
                return [x for x in range(N_EVAS) if self.eva_down[x]]
            if e.target is Target.EVA and v is Verb.PROTECT:
                return list(self.battle.evas) if self.battle is not None else []
            if v is Verb.SORTIE:
                if self.battle is None or self.battle.step not in (1, 2):
                    return [-1]  # outside the fight it does nothing (spoken for its draw points)
                return [x for x in range(N_EVAS) if not self.eva_down[x] and x not in self.battle.evas]
            if e.target is Target.OPPONENT:
                return [q for q in self.order_from(seat, include=False) if self.players[q].hand]
        return [-1]

    def _speak_options(self, seat: int, kind: WindowKind) -> list[A.Speak]:
        types = WINDOW_TYPES[kind]
        hand = self.players[seat].hand
        if not hand:
            return []
        out: list[A.Speak] = []
        serif_ok = kind is WindowKind.MAIN and seat == self.active  # EVA-MAIN-2
        cards = self.cards
        can: dict[int, bool] = {}  # can_speak per colour, for this call (nothing changes while options are listed)
        for uid in distinct(hand, cards):
            card = cards[uid]
            if card.kind in types and not card.card_counter:
                colour = card.colour
                ok = can.get(colour)
                if ok is None:
                    ok = can[colour] = self.can_speak(colour)
                if ok:
                    for t in self.card_targets(seat, card):
                        out.append(A.speak(uid, False, -1, t))
            if serif_ok:
                for m in self.serif_marks(card):
                    out.append(A.speak(uid, True, m, -1))
        return out

    def _speak(self, seat: int, action: A.Speak) -> None:
        p = self.players[seat]
        uid = action.card
        card = self.cards[uid]
        p.hand.remove(uid)
        speaker = card.serif_colour if action.serif else card.colour  # EVA-SERIF-1, -3
        if speaker != OTHER:
            self.speak_count[speaker] += 1  # EVA-TALK-4
        self.tally[seat][speaker] += 1
        self.spoken.append(Spoken(uid, seat, speaker, action.serif, action.mark, action.target))
        self._played(uid)
        index = len(self.spoken) - 1
        w = self.window
        if w is not None:
            w.passes = 0
            w.idx = (w.idx + 1) % len(w.order)
        if action.serif:
            kind, addressee = card.marks[action.mark]
            self.record(self._phase_name(), seat, "serif", speaker=CHAR_NAMES[speaker], card=card.name,
                        verb="hurts" if kind is Mark.HURT else "seeks", target=CHAR_NAMES[addressee])
        else:
            self.record(self._phase_name(), seat, "speak", speaker="(OTHER)" if speaker == OTHER
                        else CHAR_NAMES[speaker], card=card.name, type=card.type,
                        target=self._target_name(card, action.target))
        answered = self.spoken[index]
        queue = tuple(q for q in self.order_from(seat, include=False) if self._counter_options(q, answered))
        if queue:
            self.offer = Offer(index, queue)  # EVA-COUNTER-1: answers come before the effect
        else:
            self._resolve(index)

    def _target_name(self, card: EvaCard, target: int) -> str:
        if target < 0:
            return ""
        k = card.kind
        if k is Kind.EVA or (k is Kind.PUT and card.target_kind == "eva") or any(
                e.target is Target.EVA or e.verb is Verb.SORTIE for e in card.effects if e.key < 0):
            return EVA_NAMES[target]
        if any(e.target is Target.OPPONENT for e in card.effects):
            return f"P{target + 1}"
        return CHAR_NAMES[target]

    def _resolve(self, index: int) -> None:
        """The effect of a spoken card that was not cancelled (EVA-SERIF-6, -8; card effects)."""
        sp = self.spoken[index]
        card = self.cards[sp.uid]
        if sp.answers >= 0:
            self._counter_stands(index)  # a card-side <対抗> card no one answered (EVA-COUNTER-3)
            return
        if sp.serif:
            kind, target = card.marks[sp.mark]
            result = self.resolve_serif(sp.speaker, kind, target)
            self.record(self._phase_name(), sp.owner, "serif_result", target=CHAR_NAMES[target], result=result)
            return
        if card.is_put:
            return  # it acts once slid under its target in the 第2ドローフェイズ (I-PUT)
        b = self.battle
        if card.kind is Kind.BATTLE and b is not None and b.step in (1, 2):
            b.cards = (*b.cards, sp.uid)
        for e in card.effects:
            if e.when or not self._holds(e, sp.owner):
                continue
            self._effect(e, sp, card)

