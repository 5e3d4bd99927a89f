"""The field (場の構成, GZ-FIELD-*): the two rows of bases and the monsters standing on them, found by id; adjacency
(GZ-INT-15); which enemy bases a monster reaches (GZ-INT-33); where a monster stands; the zones a card leaves the
field to (the bottom of its own deck, GZ-FIELD-7; the 撃破ゾーン, GZ-FIELD-6); one choice per card id (GZ-INT-26);
and the names the event log uses.

`FieldRules` is one of the mixins `GzState` (game.py) is made of; its methods moved verbatim from game.py.
"""

from __future__ import annotations

from collections.abc import Sequence

from tcgsim.cards import one_per_card
from tcgsim.games.godzilla.cards import Kind
from tcgsim.games.godzilla.options import Reach
from tcgsim.games.godzilla.state import GzStateFields, Mon, Site, _opp

# GZ-INT-33: how far across the front a monster reaches, in areas to either side of the base facing it
FRONT_REACH = 1  # 通常は隣接地形に移動できる
FLYING_REACH = 2  # 移動 飛行 (flying) without range any
FLYING = "飛行"


class FieldRules(GzStateFields):
    """Lookups and zones every rule area uses."""

    def mon(self, mid: int) -> Mon | None:
        for p in self.players:
            for m in p.mons:
                if m.mid == mid:
                    return m
        return None

    def site(self, sid: int) -> Site | None:
        for p in self.players:
            for s in p.row:
                if s is not None and s.sid == sid:
                    return s
        return None

    def site_index(self, sid: int) -> tuple[int, int]:
        """(owner, row index) of a site; (-1, -1) if it is not on the field."""
        for seat, p in enumerate(self.players):
            for i, s in enumerate(p.row):
                if s is not None and s.sid == sid:
                    return seat, i
        return -1, -1

    def adjacent_sids(self, sid: int) -> list[int]:
        """GZ-INT-15: the bases next to a base in its row (a ruin in between breaks adjacency)."""
        seat, i = self.site_index(sid)
        if seat < 0:
            return []
        row = self.players[seat].row
        out = []
        for j in (i - 1, i + 1):
            if 0 <= j < len(row):
                s = row[j]
                if s is not None:
                    out.append(s.sid)
        return out

    def _new_id(self) -> int:
        n = self.next_id
        self.next_id += 1
        return n

    def _column(self, seat: int, index: int) -> int:
        """GZ-INT-33: where a slot of a row stands across the front, in half areas: the two rows face each other
        centred, so slot i of a row of n slots (ruins counted) is at 2i - (n - 1), read from seat 0's side (the
        second row is mirrored: a player's left faces the opponent's right)."""
        x = 2 * index - (len(self.players[seat].row) - 1)
        return x if seat == 0 else -x

    def reach_sids(self, m: Mon, home: int | None = None) -> list[int]:
        """GZ-MON-10 / GZ-INT-33: the enemy bases a monster may attack from its own base (or from `home`): with
        `range: any` every one; else those facing it, at most one area to either side (two for 飛行, flying)."""
        enemy = _opp(m.owner)
        row = self.players[enemy].row
        c = self.cards[m.uid]
        if self.opts.reach is Reach.ANY or c.range_any:
            return [s.sid for s in row if s is not None]
        seat, i = self.site_index(m.home if home is None else home)
        if seat < 0:
            return []
        here = self._column(seat, i)
        reach = 2 * (FLYING_REACH if c.movement == FLYING else FRONT_REACH)
        # `_column(enemy, j)` inlined (this runs for every monster and move considered): 2j - (n - 1), mirrored
        # for seat 1
        if enemy == 1:
            here = -here
        last = len(row) - 1
        return [s.sid for j, s in enumerate(row) if s is not None and abs(2 * j - last - here) <= reach]

    def where_is(self, m: Mon) -> int:
        """The site a monster stands on: the enemy base it attacks, else its own base."""
        return m.at if m.at >= 0 else m.home

    def _to_bottom(self, uid: int) -> None:
        """GZ-COST-3 / GZ-MISC-1: to the bottom of its own deck (main or battle)."""
        p = self.players[self.game.owner[uid]]
        (p.bdeck if self.cards[uid].kind is Kind.BATTLE else p.deck).insert(0, uid)

    def _to_dead(self, uid: int) -> None:
        self.players[self.game.owner[uid]].dead.append(uid)

    def _played(self, uid: int) -> None:
        if self.played_turn[uid] < 0:
            self.played_turn[uid] = self.turn

    def _phase_name(self) -> str:
        return self.phase.name.lower()

    def _name(self, uid: int) -> str:
        return self.cards[uid].name

    def _id_name(self, ident: int) -> str:
        m = self.mon(ident)
        if m is not None:
            return self._name(m.uid)
        s = self.site(ident)
        if s is not None:
            return self._name(s.uid) if not s.closed or s.known else "a face-down base"
        return "?"

    def _mon_name(self, mid: int) -> str:
        m = self.mon(mid)
        return self._name(m.uid) if m is not None else "?"

    def _distinct(self, uids: Sequence[int], kind: Kind | None = None) -> list[int]:
        """One uid per card id (two copies give the same choices: offer them once)."""
        cards = self.cards
        if kind is None:
            return one_per_card(uids, cards)
        seen: set[str] = set()
        out = []
        for uid in uids:
            c = cards[uid]
            if c.kind is kind and c.id not in seen:
                seen.add(c.id)
                out.append(uid)
        return out
