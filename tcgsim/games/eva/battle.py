"""Battles against 使徒 (docs/rules/eva.md "② バトルフェイズ", EVA-BATTLE-1..10; I-BATTLE, I-RIGHT): the Evas'
weapon slots and strength, sending them out, the result fixed at the end of the (2) window, what a loss costs
(three cards, the Evas downed with what is under them, the 使徒's own effects) and a 使徒 defeated. When the
battle phase starts and its three speaking windows follow each other is game.py (`EvaState._close_window`).
"""

from __future__ import annotations

from tcgsim.games.eva.cards import CHAR_NAMES, EVA_NAMES, N_CHARS, N_EVAS, EvaCard, Kind
from tcgsim.games.eva.effects import Effect, Target, Verb
from tcgsim.games.eva.fields import EvaFields
from tcgsim.games.eva.state import Window, WindowKind, WinReason

BATTLE_LOSS_CARDS = 3  # EVA-BATTLE-8: 右隣のプレイヤーから手札のカードをランダムに3枚引かれ


class BattleRules(EvaFields):
    """The battle phase's rules, mixed into `EvaState`."""

    def free_weapon_slot(self, e: int) -> bool:
        """EVA-BATTLE-2: one <武器> per Eva, more with eva cards put under it; weapons spoken this turn and not
        yet slid under count too."""
        slots = self.weapon_slots(e)
        used = sum(1 for u in self.under_eva[e] if self.cards[u].weapon is not None)
        used += sum(1 for sp in self.spoken if not sp.serif and not sp.cancelled and sp.target == e
                    and self.cards[sp.uid].kind is Kind.PUT and self.cards[sp.uid].weapon is not None)
        return used < slots

    def weapon_slots(self, e: int) -> int:
        return self.city.weapon_slots[e] + sum(self.cards[u].weapons for u in self.under_eva[e])

    def _down_eva(self, e: int) -> None:
        """EVA-BATTLE-9: a downed main Eva loses every card put under it."""
        self.eva_down[e] = True
        lost = [self.cards[u].name for u in self.under_eva[e]]
        for uid in self.under_eva[e]:
            self._to_discard(uid)
        self.under_eva[e] = []
        self.record(self._phase_name(), None, "eva_down", eva=EVA_NAMES[e], lost=lost)

    def _deploy_options(self) -> list[int]:
        """EVA-BATTLE-3: face-up Evas whose pilot is up (or with a sortie put card under them)."""
        b = self.battle
        assert b is not None
        out = []
        for e in range(N_EVAS):
            if e in b.evas or self.eva_down[e]:
                continue
            pilot_up = not self.down[self.city.pilot[e]]
            if pilot_up or any(x.verb is Verb.SORTIE for u in self.under_eva[e] for x in self.cards[u].effects):
                out.append(e)
        return out

    def _launch(self) -> None:
        b = self.battle
        assert b is not None
        b.step = 1
        self.record("battle", self.active, "launch", evas=[EVA_NAMES[e] for e in b.evas])
        self.window = Window(WindowKind.BATTLE1, self.order_from(self.active))

    def eva_strength(self, e: int) -> int:
        """A main Eva's strength: printed, plus eva cards, weapons (as many as it has slots) and strength put
        cards under it, plus put cards under characters that name it (Interface Headset)."""
        total = self.city.eva_strength[e]
        weapons = self.weapon_slots(e)
        for uid in self.under_eva[e]:
            card = self.cards[uid]
            total += card.eva_strength
            for x in card.effects:
                if x.verb is Verb.WEAPON:
                    if weapons > 0 and (not x.keys or e in x.keys):
                        total += x.amount
                        weapons -= 1
                elif x.verb is Verb.STRENGTH and x.target is Target.EVA and x.key in (-1, e):
                    total += x.amount
        for c in range(N_CHARS):
            for uid in self.under_char[c]:
                for x in self.cards[uid].effects:
                    if x.verb is Verb.STRENGTH and x.target is Target.EVA and x.key == e:
                        total += x.amount
        return total

    def battle_strengths(self) -> tuple[int, int]:
        """EVA-BATTLE-5: (the fighting Evas' total, the 使徒's strength) with every modifier now in force."""
        b = self.battle
        assert b is not None
        seat = self.active
        total = sum(self.eva_strength(e) for e in b.evas)
        angel_card = self.cards[b.angel]
        angel = angel_card.strength
        for x in angel_card.effects:
            if x.verb is Verb.STRENGTH and not x.when and self._holds(x, seat):
                angel += x.amount
        for uid in b.cards:
            if any(sp.uid == uid and sp.cancelled for sp in self.spoken):
                continue
            for x in self.cards[uid].effects:
                if x.verb is not Verb.STRENGTH or x.when or not self._holds(x, seat):
                    continue
                if x.target is Target.EVAS:
                    total += x.amount
                elif x.target is Target.ANGEL:
                    angel += x.amount
                elif x.target is Target.EVA and x.key in b.evas:
                    total += x.amount
        return total, angel

    def _battle_result(self) -> None:
        """EVA-BATTLE-5, -7, -8, -9 at the end of the (2) window (I-BATTLE)."""
        b = self.battle
        assert b is not None
        b.step = 3
        total, angel = self.battle_strengths()
        won = bool(b.evas) and (b.forced_win or total > angel)  # EVA-BATTLE-3: no Eva, always lost
        b.won = won
        seat = self.active
        self.record("battle", seat, "battle_result", result="wins" if won else "loses", total=total,
                    angel=self.cards[b.angel].name, angel_strength=angel)
        if won:
            self._defeat_angel()
        else:
            right = self.order_from(seat)[-1]  # I-RIGHT: the player before, clockwise
            p = self.players[seat]
            taken = []
            for _ in range(min(BATTLE_LOSS_CARDS, len(p.hand))):
                uid = p.hand.pop(self.rng.randrange(len(p.hand)))
                p.discard.append(uid)
                taken.append(self.cards[uid].name)
            self.record("battle", seat, "battle_loss_cards", right=f"P{right + 1}", cards=taken)
            angel_card = self.cards[b.angel]
            for x in angel_card.effects:
                if x.when == "lost":
                    self._angel_effect(x, angel_card)
            for e in b.evas:
                if e in b.protected:
                    self.record("battle", seat, "eva_protected", eva=EVA_NAMES[e], by="a battle card")
                    continue
                shield = next((u for u in self.under_eva[e] if any(
                    x.verb is Verb.PROTECT for x in self.cards[u].effects)), None)
                if shield is not None:
                    self.under_eva[e].remove(shield)
                    self._to_discard(shield)
                    self.record("battle", seat, "eva_protected", eva=EVA_NAMES[e], by=self.cards[shield].name)
                    continue
                self._down_eva(e)
        if self.last_stand and len(self.alive()) == 1:  # EVA-WIN-2, EVA-WIN-3
            if won:
                self._end(self.alive()[0], WinReason.LAST_STANDING)
            else:
                self._end(None, WinReason.HUMANITY_DESTROYED)

    def _defeat_angel(self) -> None:
        """EVA-BATTLE-7: the 使徒 goes to its owner's discard pile."""
        uid = self.angel
        card = self.cards[uid]
        self.angel = -1
        self._to_discard(uid)
        self.angels_defeated += 1
        self.record("battle", self.active, "angel_defeated", card=card.name, defeated=self.angels_defeated)
        for x in card.effects:
            if x.when == "won":
                self._angel_effect(x, card)

    def _angel_effect(self, x: Effect, card: EvaCard) -> None:
        if x.verb is Verb.DISCARD_RANDOM:
            self._discard_random(self.active, x.amount, card.name)
        elif x.verb is Verb.DOWN and x.key >= 0 and x.target is Target.CHARACTER and not self.down[x.key]:
            self._down_char(x.key)
            self.record("battle", None, "effect", card=card.name, text=f"{CHAR_NAMES[x.key]} is downed")
