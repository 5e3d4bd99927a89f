"""Control and rebellion (支配力と反逆について, GZ-CTRL-*): total control and total rebellion, when rebellion is
due (GZ-CTRL-3, GZ-INT-14, GZ-INT-22), which monster rebels (GZ-CTRL-4), what it attacks (GZ-CTRL-5..7), the
rebel's attack (GZ-CTRL-8) and its leaving (GZ-CTRL-9). The loop (`GzState._advance`, game.py) starts a
rebellion as soon as the step that made it due is over.

`ControlRules` is one of the mixins `GzState` (game.py) is made of; its methods moved verbatim from game.py.
"""

from __future__ import annotations

from tcgsim.games.godzilla.options import PregameRebellion
from tcgsim.games.godzilla.state import GzStateFields, J, Mon, Phase, _opp


class ControlRules(GzStateFields):
    """Control, rebellion, and the rebel's attack."""

    def control(self, seat: int) -> int:
        """GZ-CTRL-2: the printed control of the player's bases, closed ones included."""
        cards = self.cards
        total = 0
        for s in self.players[seat].row:
            if s is not None:
                total += cards[s.uid].control
        return total

    def rebellion(self, seat: int) -> int:
        mstat = self.mstat
        total = 0
        for m in self.players[seat].mons:
            total += mstat(m, "rebellion")
        return total

    def _rebellion_due(self, seat: int) -> bool:
        """GZ-CTRL-3: total rebellion above total control (after one's initial placement, GZ-INT-14; after the
        pre-game placement, GZ-SETUP-15, unless `pregame_rebellion=each_card`)."""
        if not self.initial_done[seat] or not self.players[seat].mons:
            return False
        if self.phase is Phase.PREGAME and self.opts.pregame_rebellion is PregameRebellion.AFTER:
            return False
        return self.rebellion(seat) > self.control(seat)

    def _rebel_start(self, seat: int) -> None:
        """GZ-CTRL-4: one rebel at a time, highest rebellion first; the opponent breaks ties."""
        if not self._rebellion_due(seat):
            self.rebel_active = False
            self.dirty = True  # the other player may be due too
            return
        values = [(self.mstat(m, "rebellion"), m.mid) for m in self.players[seat].mons]
        top = max(v for v, _ in values)
        tied = tuple(mid for v, mid in values if v == top)
        self.jobs.append((J.REBEL_START, seat))
        if len(tied) == 1:
            self.jobs.append((J.REBEL_DO, seat, tied[0]))
        else:
            self.jobs.append((J.REBEL_PICK, _opp(seat), seat, tied))

    def rebel_targets(self, m: Mon) -> list[int]:
        """GZ-CTRL-5..7: the highest-rebellion own monster or base (rebellion 0) where the rebel stands, else on
        an adjacent base; all tied candidates (the opponent picks)."""
        seat = m.owner
        here = self.where_is(m)
        for places in ([here], self.adjacent_sids(here)):
            cands: list[tuple[int, int]] = []
            for o in self.players[seat].mons:
                if o is not m and self.where_is(o) in places:
                    cands.append((self.mstat(o, "rebellion"), o.mid))
            for sid in places:
                s = self.site(sid)
                if s is not None and s.owner == seat:
                    cands.append((0, sid))
            if cands:
                top = max(v for v, _ in cands)
                return [i for v, i in cands if v == top]
        return []

    def _rebel_do(self, seat: int, mid: int) -> None:
        m = self.mon(mid)
        if m is None:
            return
        self.record(self._phase_name(), seat, "rebellion", card=self._name(m.uid),
                    rebellion=self.rebellion(seat), control=self.control(seat))
        targets = self.rebel_targets(m)
        if not targets:
            self._rebel_leaves(m)
        elif len(targets) == 1:
            self.jobs.append((J.REBEL_FIGHT, seat, mid, targets[0]))
        else:
            self.jobs.append((J.REBEL_TARGET, _opp(seat), seat, mid, tuple(targets)))

    def _rebel_fight(self, seat: int, mid: int, target: int) -> None:
        """GZ-CTRL-8: no cards or abilities, power ±0 both ways with modifiers; both deal damage; nobody is put
        to sleep; the target took damage (it may evolve)."""
        m = self.mon(mid)
        if m is None:
            return
        t = self.mon(target)
        s = self.site(target) if t is None else None
        if t is None and s is None:
            self._rebel_leaves(m)
            return
        a_pow, a_def = self.mstat(m, "power"), self.mstat(m, "defense")
        if t is not None:
            t_pow, t_def = self.mstat(t, "power"), self.mstat(t, "defense")
        else:
            assert s is not None
            t_pow, t_def = self.sstat(s, "power"), self.sstat(s, "defense")
        to_t = max(0, a_pow - t_def)
        to_m = max(0, t_pow - a_def)
        m.damage += to_m
        m.hurt = True
        self.record(self._phase_name(), seat, "rebel_attack", card=self._name(m.uid), target=self._id_name(target),
                    dealt=to_t, taken=to_m)
        if t is not None:
            t.damage += to_t
            t.hurt = True
            self._check_mon(t)
        else:
            assert s is not None
            s.damage += to_t
            self._check_site(s)
        if not self._check_mon(m):
            self._rebel_leaves(m)

    def _rebel_leaves(self, m: Mon) -> None:
        """GZ-CTRL-9: a surviving rebel goes to the bottom of the main deck."""
        self._remove_mon(m, "deck")
