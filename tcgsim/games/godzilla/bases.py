"""Bases (拠点カード, GZ-BASE-*): a base's values (0/0/5 and no attribute while closed, GZ-BASE-11; what closing
would leave, GZ-INT-8), open bases, which base may be placed and where (GZ-BASE-9, GZ-MISC-7; a ruin first, else
either end of the row, GZ-FIELD-2, GZ-BASE-15/16), and destruction (GZ-BASE-12/14; its monsters flee, GZ-INT-19).
Placing, opening and closing a base are placement actions (turn.py); total control is in control.py.

`BaseRules` is one of the mixins `GzState` (game.py) is made of; its methods moved verbatim from game.py.
"""

from __future__ import annotations

from tcgsim.games.godzilla import actions as A
from tcgsim.games.godzilla.card_effects import _filter_ok
from tcgsim.games.godzilla.cards import GzCard
from tcgsim.games.godzilla.effects import Verb
from tcgsim.games.godzilla.state import GzStateFields, J, Site, _opp

CLOSED_BASE = (0, 0, 5)  # GZ-BASE-11: クローズ中は 破壊力 0・防御力 0・体力 5・属性無し
RUIN_DAMAGE = 1  # GZ-BASE-16: 廃墟マーカーは 1ダメージ


class BaseRules(GzStateFields):
    """Bases on the field: values, placement, destruction."""

    def sstat(self, s: Site, stat: str) -> int:
        """A base's value of `stat` (power, defense, health): 0/0/5 while closed (GZ-BASE-11), with attachments."""
        cards = self.cards
        c = cards[s.uid]
        if s.closed:
            v = CLOSED_BASE[("power", "defense", "health").index(stat)]
        else:
            v = getattr(c, stat)
        for a in s.attached:
            for e in cards[a].effects:
                if e.verb is Verb.MODIFY and e.stat == stat and e.target == "attached" and _filter_ok(e, c):
                    v += e.amount
        if self.turn_mods:
            v += sum(a for i, st, a in self.turn_mods if i == s.sid and st == stat)
        return v

    def _closed_health(self, s: Site) -> int:
        """GZ-INT-8: the health a base would have closed (5, plus its attachments): it may close below it only."""
        if not s.attached and not self.turn_mods:  # nothing modifies it: the closed base's printed 5
            return CLOSED_BASE[2]
        was = s.closed
        s.closed = True
        health = self.sstat(s, "health")
        s.closed = was
        return health

    def site_attrs(self, s: Site) -> int:
        return 0 if s.closed else self.cards[s.uid].attrs  # closed: 属性無し (GZ-BASE-11)

    def open_bases(self, seat: int) -> int:
        return sum(1 for s in self.players[seat].row if s is not None and not s.closed)

    def _base_allowed(self, seat: int, card: GzCard) -> bool:
        """GZ-BASE-9 / GZ-MISC-7: no second copy of a base on one's field, except 平地."""
        if card.unlimited:
            return True
        cards = self.cards
        return not any(s is not None and cards[s.uid].id == card.id for s in self.players[seat].row)

    def _base_slots(self, seat: int) -> list[int]:
        """GZ-FIELD-2 / GZ-BASE-15: a ruin first (any of them), else either end of the row."""
        row = self.players[seat].row
        ruins = [i for i, s in enumerate(row) if s is None]
        if ruins:
            return ruins
        return [A.LEFT, A.RIGHT] if row else [A.LEFT]

    def _insert_site(self, seat: int, uid: int, slot: int, closed: bool) -> Site:
        p = self.players[seat]
        site = Site(self._new_id(), uid, seat, closed, known=not closed, flip_turn=self.turn)
        if slot == A.LEFT:
            p.row.insert(0, site)
        elif slot == A.RIGHT:
            p.row.append(site)
        else:
            assert p.row[slot] is None
            p.row[slot] = site
            site.damage = RUIN_DAMAGE  # GZ-BASE-16
        self._played(uid)
        self.dirty = True
        return site

    def _check_site(self, s: Site) -> bool:
        """GZ-BASE-12: destroyed at damage >= health."""
        if s.damage >= self.sstat(s, "health"):
            self._destroy_site(s)
            return True
        return False

    def _destroy_site(self, s: Site) -> None:
        """GZ-BASE-14: to the 撃破ゾーン, a ruin in its place; its monsters flee to another own base (GZ-INT-19),
        attackers standing on it go back."""
        seat, i = self.site_index(s.sid)
        p = self.players[seat]
        p.row[i] = None
        p.dead.append(s.uid)
        p.lost += 1
        self.record(self._phase_name(), seat, "base_destroyed", card=self._name(s.uid), lost=p.lost)
        for m in p.mons:
            if m.home == s.sid:
                self.jobs.append((J.RELOCATE, seat, m.mid))
        for m in self.players[_opp(seat)].mons:
            if m.at == s.sid:
                m.at = -1
        # its attachments: a person may escape to a card next to the ruin
        attached = s.attached
        s.attached = []
        row = p.row
        self._release(attached, {x.sid for j in (i - 1, i + 1) if 0 <= j < len(row) and (x := row[j]) is not None})
        self.dirty = True
        self.win_dirty = True
