"""Monsters (怪獣カード, GZ-MON-*): a monster's values with its attachments, the environments and this turn's
modifiers; placing one on a base (GZ-MISC-4: awake and open); destruction (GZ-MON-13); leaving the field (to the
撃破ゾーン, the bottom of the main deck or the stock) with its attachments. Where monsters may be placed is decided
in setup.py and turn.py, their recovery at the end of the turn in turn.py (GZ-MON-14/15), battles in battle.py.

`MonsterRules` is one of the mixins `GzState` (game.py) is made of; its methods moved verbatim from game.py.
"""

from __future__ import annotations

from tcgsim.games.godzilla.card_effects import _filter_ok
from tcgsim.games.godzilla.effects import Verb
from tcgsim.games.godzilla.state import GzStateFields, Mon


class MonsterRules(GzStateFields):
    """Monsters on the field: values, placement, leaving."""

    def mstat(self, m: Mon, stat: str) -> int:
        """A monster's value of `stat` (power, defense, health, rebellion) with its attachments, the environments
        and this turn's modifiers (battle modifiers are added by the battle itself)."""
        cards = self.cards
        c = cards[m.uid]
        v: int = getattr(c, stat)
        if m.attached:
            for a in m.attached:
                for e in cards[a].effects:
                    if e.verb is Verb.MODIFY and e.stat == stat and e.target == "attached" and _filter_ok(e, c):
                        v += e.amount
        if self.envs:
            for env in self.envs:
                for e in cards[env].effects:
                    if e.verb is Verb.MODIFY and e.stat == stat and e.target == "all_monsters" and _filter_ok(e, c):
                        v += e.amount
        if self.turn_mods:
            v += sum(a for i, s, a in self.turn_mods if i == m.mid and s == stat)
        if stat == "rebellion" and v < 0:
            v = 0
        return v

    def mstats(self, m: Mon) -> tuple[int, int, int]:
        """(power, defense, health): `mstat` of each, read at once (the scripted players weigh all three)."""
        if not m.attached and not self.envs and not self.turn_mods:  # nothing modifies them: the printed values
            c = self.cards[m.uid]
            return c.power, c.defense, c.health
        mstat = self.mstat
        return mstat(m, "power"), mstat(m, "defense"), mstat(m, "health")

    def _place_monster(self, seat: int, uid: int, sid: int) -> Mon:
        m = Mon(self._new_id(), uid, seat, sid)  # GZ-MISC-4: awake and open
        self.players[seat].mons.append(m)
        self._played(uid)
        self.dirty = True
        self.record(self._phase_name(), seat, "place_monster", card=self._name(uid), base=self._id_name(sid))
        return m

    def _check_mon(self, m: Mon) -> bool:
        """GZ-MON-13: destroyed at damage >= health."""
        if m.damage >= self.mstat(m, "health"):
            self._remove_mon(m, "dead")
            return True
        return False

    def _remove_mon(self, m: Mon, to: str) -> None:
        """A monster leaves the field: to the 撃破ゾーン, the bottom of the main deck, or the stock."""
        p = self.players[m.owner]
        if m not in p.mons:
            return
        p.mons.remove(m)
        if to == "dead":
            p.dead.append(m.uid)
            self.record(self._phase_name(), m.owner, "monster_destroyed", card=self._name(m.uid))
        elif to == "deck":
            p.deck.insert(0, m.uid)
            self.record(self._phase_name(), m.owner, "monster_to_deck", card=self._name(m.uid))
        else:
            p.stock.append(m.uid)
        where = self.where_is(m)
        self._release(m.attached, {where, *self.adjacent_sids(where)})
        m.attached = []
        self.dirty = True
