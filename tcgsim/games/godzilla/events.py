"""Events (イベントカード, GZ-EVENT-*): where an event may go, attaching and detaching (attach and person events,
GZ-EVENT-4/5), environments (at most 2, GZ-EVENT-6/7, GZ-MISC-8), and what becomes of the attachments of a card
leaving the field: to their owners' 撃破ゾーン, or a person's escape (GZ-INT-11). Moving a person is a placement
action (GZ-INT-28, turn.py).

`EventRules` is one of the mixins `GzState` (game.py) is made of; its methods moved verbatim from game.py.
"""

from __future__ import annotations

from tcgsim.games.godzilla.cards import GzCard
from tcgsim.games.godzilla.effects import Verb
from tcgsim.games.godzilla.state import GzStateFields, J, _opp


class EventRules(GzStateFields):
    """Events on the field: targets, attachments, environments, escapes."""

    def _event_targets(self, seat: int, c: GzCard) -> list[int]:
        """Where an event may go: the ids of the cards it may be attached to, or for an environment the
        environment it destroys (-1: none; GZ-EVENT-7: with 2 in play one must go)."""
        if c.subtype == "environment":
            return list(self.envs) if len(self.envs) >= 2 else [-1, *self.envs]
        to = c.attach_to
        if to == "own_base":
            return [s.sid for s in self.players[seat].row if s is not None]
        if to == "own_monster":
            return [m.mid for m in self.players[seat].mons]
        if to == "enemy_monster":
            return [m.mid for m in self.players[_opp(seat)].mons]
        return [m.mid for q in self.players for m in q.mons]

    def _resolve_event(self, seat: int, uid: int, target: int) -> None:
        c = self.cards[uid]
        if c.subtype == "environment":  # GZ-EVENT-6/7
            if target >= 0 and target in self.envs:
                self.envs.remove(target)
                self._to_dead(target)
                self.record(self._phase_name(), seat, "environment_destroyed", card=self._name(target))
            if len(self.envs) >= 2:
                old = self.envs.pop(0)
                self._to_dead(old)
            self.envs.append(uid)
            self.dirty = True
            self.record(self._phase_name(), seat, "environment", card=c.name)
            return
        if self.mon(target) is None and self.site(target) is None:
            self._to_dead(uid)
            return
        self._attach(uid, target)
        self.dirty = True
        self.record(self._phase_name(), seat, "attach", card=c.name, to=self._id_name(target))
        self._effects(tuple(e for e in c.effects if e.timing == "on_play" and e.verb is not Verb.MODIFY),
                      seat, uid, target)

    def _attach(self, uid: int, target: int) -> None:
        m = self.mon(target)
        if m is not None:
            m.attached.append(uid)
        else:
            s = self.site(target)
            assert s is not None
            s.attached.append(uid)
        self.dirty = True

    def _detach(self, uid: int) -> None:
        for p in self.players:
            for m in p.mons:
                if uid in m.attached:
                    m.attached.remove(uid)
                    return
            for s in p.row:
                if s is not None and uid in s.attached:
                    s.attached.remove(uid)
                    return

    def _release(self, attached: list[int], near: set[int]) -> None:
        """GZ-EVENT-4/5: attachments of a card leaving the field go to their owners' 撃破ゾーン; persons try to
        escape first (GZ-INT-11) to a card on the bases `near` (where it stood and next to it)."""
        cards = self.cards
        for a in attached:
            c = cards[a]
            if c.subtype == "person":
                owner = self.game.owner[a]
                options = self._escape_targets(owner, c, near)
                if options:
                    self.limbo.append(a)
                    self.jobs.append((J.ESCAPE, owner, a, tuple(options)))
                    continue
            self._to_dead(a)

    def _escape_targets(self, owner: int, c: GzCard, near: set[int]) -> list[int]:
        valid = set(self._event_targets(owner, c))
        out = [s for s in near if s in valid]  # bases (own_base persons)
        for q in self.players:
            for m in q.mons:
                if m.mid in valid and self.where_is(m) in near:
                    out.append(m.mid)
        return sorted(out)
