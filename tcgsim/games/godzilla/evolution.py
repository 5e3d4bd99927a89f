"""Evolution, devolution and fusion (進化と退化について, GZ-EVO-*, GZ-DEVO-*, GZ-FUSE-*): the cards a monster can
evolve into, evolving and devolving (the card swapped with hand or stock, GZ-EVO-6, GZ-DEVO-3/4), fusion and
separation (GZ-FUSE-3..6, GZ-INT-18). When a monster may evolve is the turn's business (the return phase,
GZ-EVO-4; `evolve_now` effects, GZ-EVO-5); the choices are decisions answered in game.py.

`EvolutionRules` is one of the mixins `GzState` (game.py) is made of; its methods moved verbatim from game.py.
"""

from __future__ import annotations

from typing import Any

from tcgsim.games.godzilla import actions as A
from tcgsim.games.godzilla.cards import GzCard, Kind
from tcgsim.games.godzilla.state import GzStateFields, J, Mon


class EvolutionRules(GzStateFields):
    """Evolution, devolution, fusion and separation."""

    def _evolutions(self, m: Mon) -> list[int]:
        """GZ-EVO-3/6: the cards (hand or stock, one uid per card and place) this monster can evolve into; fused
        forms only by fusion."""
        cards = self.cards
        targets = cards[m.uid].evolves_to
        if not targets:
            return []
        p = self.players[m.owner]
        out = []
        for zone in (p.hand, p.stock):
            seen: set[str] = set()
            for u in zone:
                c = cards[u]
                if c.id in targets and c.id not in seen and not c.fusion:
                    seen.add(c.id)
                    out.append(u)
        return out

    def _evolve(self, m: Mon, uid: int) -> None:
        """GZ-EVO-6/7/8: swap the card; the replaced card goes to the deck bottom (from hand) or the stock."""
        p = self.players[m.owner]
        old = m.uid
        if uid in p.hand:
            p.hand.remove(uid)
            p.deck.insert(0, old)
        else:
            p.stock.remove(uid)
            p.stock.append(old)
        m.uid = uid
        if self.battle is not None:
            self.battle.void_ability(m.mid)  # an ability chosen was the old card's
        m.evo_turn = self.turn
        self._played(uid)
        self.dirty = True  # GZ-EVO-9
        self.record(self._phase_name(), m.owner, "evolve", card=self._name(old), into=self._name(uid))
        self._check_mon(m)

    def _devolve(self, m: Mon, uid: int) -> None:
        """GZ-DEVO-3/4/5."""
        p = self.players[m.owner]
        old = m.uid
        if uid < 0:
            self.record(self._phase_name(), m.owner, "devolve", card=self._name(old), into="the deck bottom")
            self._remove_mon(m, "deck")
            return
        if uid in p.hand:
            p.hand.remove(uid)
            p.deck.insert(0, old)
        else:
            p.stock.remove(uid)
            p.stock.append(old)
        m.uid = uid
        if self.battle is not None:
            self.battle.void_ability(m.mid)  # an ability chosen was the old card's
        self._played(uid)
        self.dirty = True
        self.record(self._phase_name(), m.owner, "devolve", card=self._name(old), into=self._name(uid))
        self._check_mon(m)

    def _fusion_forms(self, seat: int) -> list[int]:
        p = self.players[seat]
        cards = self.cards
        return [u for u in (*self._distinct(p.hand, Kind.MONSTER), *self._distinct(p.stock)) if cards[u].fusion]

    def _fusion_parts(self, seat: int, c: GzCard, sid: int) -> list[Mon] | None:
        """GZ-FUSE-3: every part open, awake, on the same base (and not evolved this turn, GZ-EVO-8)."""
        cards = self.cards
        chosen: list[Mon] = []
        for part in c.fusion:
            found = None
            for m in self.players[seat].mons:
                if (m.home == sid and m.at < 0 and not m.asleep and not m.closed and m.evo_turn != self.turn
                        and cards[m.uid].id == part and m not in chosen):
                    found = m
                    break
            if found is None:
                return None
            chosen.append(found)
        return chosen

    def _fusions(self, seat: int) -> list[Any]:
        forms = self._fusion_forms(seat)
        if not forms:
            return []
        out = []
        for u in forms:
            for s in self.players[seat].sites():
                if self._fusion_parts(seat, self.cards[u], s.sid) is not None:
                    out.append(A.Fuse(u, s.sid))
        return out

    def _fuse(self, seat: int, uid: int, sid: int) -> None:
        """GZ-FUSE-3..5: the parts become one monster; damage summed minus the number of parts."""
        p = self.players[seat]
        c = self.cards[uid]
        parts = self._fusion_parts(seat, c, sid)
        assert parts is not None
        from_hand = uid in p.hand
        (p.hand if from_hand else p.stock).remove(uid)
        keep = parts[0]
        names = [self._name(m.uid) for m in parts]
        keep.damage = max(0, sum(m.damage for m in parts) - len(parts))
        for m in parts:
            if from_hand:
                p.deck.insert(0, m.uid)
            else:
                p.stock.append(m.uid)
            if m is not keep:
                keep.attached.extend(m.attached)
                p.mons.remove(m)
        keep.uid = uid
        keep.evo_turn = self.turn
        self._played(uid)
        self.dirty = True
        self.record("advance", seat, "fuse", parts=names, into=c.name)
        self._check_mon(keep)

    def _separation_parts(self, seat: int, c: GzCard) -> list[int] | None:
        """GZ-INT-18: each part from the stock if there, else from the hand."""
        p = self.players[seat]
        cards = self.cards
        out: list[int] = []
        for part in c.fusion:
            u = next((x for x in p.stock if cards[x].id == part and x not in out), None)
            if u is None:
                u = next((x for x in p.hand if cards[x].id == part and x not in out), None)
            if u is None:
                return None
            out.append(u)
        return out

    def _separate(self, seat: int, mid: int) -> None:
        """GZ-FUSE-6 / GZ-INT-18: the parts come from stock or hand, the fused form goes back the same way; the
        player divides the damage."""
        p = self.players[seat]
        m = self.mon(mid)
        assert m is not None
        c = self.cards[m.uid]
        parts = self._separation_parts(seat, c)
        assert parts is not None
        any_stock = any(u in p.stock for u in parts)
        for u in parts:
            (p.stock if u in p.stock else p.hand).remove(u)
        if any_stock:
            p.stock.append(m.uid)
        else:
            p.deck.insert(0, m.uid)
        damage = m.damage
        self.record("advance", seat, "separate", card=c.name, parts=[self._name(u) for u in parts])
        m.uid = parts[0]
        if self.battle is not None:
            self.battle.void_ability(m.mid)  # an ability chosen was the old card's
        m.damage = 0
        m.evo_turn = self.turn
        mids = [m.mid]
        for u in parts[1:]:
            n = Mon(self._new_id(), u, seat, m.home)
            n.evo_turn = self.turn
            p.mons.append(n)
            mids.append(n.mid)
        for u in parts:
            self._played(u)
        self.dirty = True
        self.jobs.append((J.SPLIT, seat, damage, tuple(mids), tuple(mids)))
