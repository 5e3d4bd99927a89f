"""Costs and counters (コストについて GZ-COST-*, カードの打ち消しについて GZ-COUNTER-*): a card played from hand
(a monster, an event, an operation) pays its cost, then the counter window opens (GZ-INT-5); the chain of
counters resolves from the top down, and the card that survives it takes effect.

`CounterRules` is one of the mixins `GzState` (game.py) is made of; its methods moved verbatim from game.py.
"""

from __future__ import annotations

from typing import Any

from tcgsim.games.godzilla import actions as A
from tcgsim.games.godzilla.cards import GzCard, Kind
from tcgsim.games.godzilla.state import GzStateFields, J, _opp


class CounterRules(GzStateFields):
    """Playing a card from hand: cost, counter window, the chain."""

    def _play(self, seat: int, uid: int, target: int) -> None:
        """A card played from hand (monster, event, operation): pay its cost, then the counter window
        (GZ-INT-5), then it resolves."""
        p = self.players[seat]
        p.hand.remove(uid)
        self.chain.append((uid, seat, target))
        self._played(uid)
        c = self.cards[uid]
        self.record(self._phase_name(), seat, "play", card=c.name, target=self._id_name(target) if target >= 0
                    else "-")
        jobs = self.jobs
        jobs.append((J.RESOLVE_CHAIN,))
        jobs.append((J.COUNTER, _opp(seat)))
        if c.cost:
            jobs.append((J.PAY, seat, c.cost))

    def _play_battle_card(self, seat: int, uid: int, side: int) -> None:
        """GZ-INT-32 (`battle_cards=in_turn`): a battle card is played from hand face up; the opponent may counter
        it (GZ-COUNTER-1: only bases and costs are excluded); if it survives the chain it is the side's choice."""
        self.players[seat].hand.remove(uid)
        self.chain.append((uid, seat, side))
        self._played(uid)
        self.record(self._phase_name(), seat, "battle_card", card=self.cards[uid].name)
        self.jobs.append((J.RESOLVE_CHAIN,))
        self.jobs.append((J.COUNTER, _opp(seat)))

    def _same_card(self, c: GzCard, top: GzCard) -> bool:
        """GZ-COUNTER-2/4: the same card, or for monsters the same species (種族)."""
        if not self.opts.same_card_counters:
            return False
        if top.kind is Kind.MONSTER:
            return c.kind is Kind.MONSTER and (c.id == top.id or (bool(c.species) and c.species == top.species))
        return c.id == top.id

    def _counter_options(self, seat: int) -> list[Any]:
        top = self.cards[self.chain[-1][0]]
        p = self.players[seat]
        spare = len(p.hand) - 1
        out: list[Any] = []
        kind_word = top.kind.name.lower()
        for u in self._distinct(p.hand):
            c = self.cards[u]
            same = self._same_card(c, top)  # GZ-COUNTER-2/5: free
            if same or (c.counter and c.cost <= spare and c.counter in ("any", kind_word)):
                out.append(A.Counter(u))
        return out

    def _resolve_chain(self) -> None:
        """GZ-INT-5: from the top down, each counter that is not itself countered cancels the card below it."""
        chain = self.chain
        self.chain = []
        n = len(chain)
        countered = [False] * n
        for i in range(n - 1, 0, -1):
            if not countered[i]:
                countered[i - 1] = True
        for uid, _seat, _t in chain[1:]:
            self._to_dead(uid)  # GZ-COUNTER-6, GZ-OP-4
        uid, seat, target = chain[0]
        c = self.cards[uid]
        b = self.battle
        if countered[0]:
            self._to_dead(uid)
            self.record(self._phase_name(), seat, "countered", card=self._name(uid))
            if c.kind is Kind.BATTLE and b is not None:
                b.picks[target] = (-1, -1)  # GZ-INT-32: the side fights with nothing
            return
        if c.kind is Kind.BATTLE:
            if b is None:
                self.players[seat].hand.append(uid)
            else:
                b.picks[target] = (uid, -1)
            return
        if c.kind is Kind.MONSTER:
            s = self.site(target)
            if s is None or s.owner != seat:
                self._to_dead(uid)
                return
            self._place_monster(seat, uid, target)
        elif c.kind is Kind.EVENT:
            self._resolve_event(seat, uid, target)
        else:
            self._to_dead(uid)  # GZ-OP-4: after use
            self.record(self._phase_name(), seat, "operation", card=c.name, target=self._id_name(target)
                        if target >= 0 else "-")
            self._effects(c.effects, seat, uid, target)
