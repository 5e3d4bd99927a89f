"""Battles (battle cards, 戦闘カード, GZ-BATTLE-*; the battle of GZ-INT-1 steps 5-6): the relief a defender may send
(GZ-MISC-10, GZ-INT-24), each battle in the order declared with its operation windows (GZ-INT-20/21), what each
side may fight with (a battle card, a combat ability or nothing: GZ-BATTLE-3/6, GZ-INT-23) and the resolution
(GZ-INT-3: power against defense, fixed damage, prevent, destruction, the other effects, sleep).

`BattleRules` is one of the mixins `GzState` (game.py) is made of; its methods moved verbatim from game.py.
"""

from __future__ import annotations

from typing import Any

from tcgsim.games.godzilla import actions as A
from tcgsim.games.godzilla.card_effects import _filter_ok
from tcgsim.games.godzilla.cards import GzCard, Kind, Side
from tcgsim.games.godzilla.effects import Eff, Verb, ability_matches
from tcgsim.games.godzilla.options import OperationWindows, Relief
from tcgsim.games.godzilla.state import OPWIN_REVEALED, Battle, GzStateFields, J, Mon, _opp

_NO_FIGHT = A.Fight(-1, -1)


class BattleRules(GzStateFields):
    """Relief, the battles and their resolution."""

    def _relief_options(self, index: int) -> list[int]:
        """GZ-MISC-10, GZ-INT-24: the defender's awake, open monsters at home, each relieving once a turn: any of
        them (`relief=any`, the seed's 任意に選択する), or with `relief=neighbours` only those on the attacked base
        or next to it (any base with range any)."""
        _mid, sid, _r = self.attacks[index]
        anywhere = self.opts.relief is Relief.ANY
        near = {sid, *self.adjacent_sids(sid)}
        cards = self.cards
        return [m.mid for m in self.players[_opp(self.active)].mons
                if not m.asleep and not m.closed and not m.relieved and m.at < 0
                and (anywhere or m.home in near or cards[m.uid].range_any)]

    def _start_battle(self, index: int) -> None:
        if index >= len(self.attacks):
            return
        jobs = self.jobs
        jobs.append((J.BATTLE, index + 1))
        mid, sid, relief = self.attacks[index]
        self.battle = Battle(index, mid, self.active, sid, relief if relief >= 0 else sid, relief < 0)
        if not self._battle_valid():
            self.battle = None
            return
        defender = _opp(self.active)
        jobs.append((J.RESOLVE_BATTLE,))
        if self.opts.operation_windows is OperationWindows.SEED:  # GZ-INT-31: after the reveal, before the damage
            jobs.append((J.OPWIN, defender, OPWIN_REVEALED))
            jobs.append((J.OPWIN, self.active, OPWIN_REVEALED))
        jobs.append((J.FIGHT, defender, 1))
        jobs.append((J.FIGHT, self.active, 0))
        jobs.append((J.OPWIN, defender))  # GZ-OP-3 / GZ-INT-17: operations may interrupt the battle
        jobs.append((J.OPWIN, self.active))

    def _battle_valid(self) -> bool:
        """The battle still happens: the attacker stands awake on the attacked base; a relief put to sleep or
        gone leaves the base to defend itself."""
        b = self.battle
        if b is None:
            return False
        m = self.mon(b.attacker)
        if m is None or m.asleep or m.closed or m.at != b.site or self.site(b.site) is None:
            return False
        if not b.base_defends:
            r = self.mon(b.defender)
            if r is None or r.asleep or r.closed:
                b.void_ability(b.defender)  # a combat ability it chose went with it
                b.base_defends = True
                b.defender = b.site
        return True

    def _fight_options(self, side: int) -> list[Any]:
        """GZ-BATTLE-3/6 and GZ-INT-3: a battle card of the right timing sharing an attribute, a combat ability of
        the right timing it can afford, or nothing."""
        b = self.battle
        assert b is not None
        seat = b.player if side == 0 else _opp(b.player)
        cards = self.cards
        out: list[Any] = []
        if side == 0 or not b.base_defends:
            m = self.mon(b.attacker if side == 0 else b.defender)
            assert m is not None
            attrs = cards[m.uid].attrs
            room = self.mstat(m, "health") - m.damage
            for ab in cards[m.uid].abilities:
                if (ab.attack if side == 0 else ab.defense) and ab.health_cost < room:
                    out.append(A.Fight(-1, ab.index))
        else:
            s = self.site(b.site)
            assert s is not None
            if s.closed or not cards[s.uid].battle_cards:  # GZ-BATTLE-4
                return [_NO_FIGHT]
            attrs = cards[s.uid].attrs
        for u in self._distinct(self.players[seat].hand, Kind.BATTLE):
            c = cards[u]
            if (c.attack_side if side == 0 else c.defense_side) is not None and c.attrs & attrs:
                out.append(A.Fight(u, -1))
        out.append(_NO_FIGHT)
        return out

    def _side_of(self, pick: tuple[int, int] | None, side: int, fighter_uid: int) -> tuple[Side | None, Any]:
        if pick is None:
            return None, None
        card, ability = pick
        if card >= 0:
            c = self.cards[card]
            return (c.attack_side if side == 0 else c.defense_side), None
        if ability >= 0:
            return None, self.cards[fighter_uid].abilities[ability]
        return None, None

    def _resolve_battle(self) -> None:
        """GZ-INT-3: reveal; power and defense with modifiers; each deals max(0, power - defense) at once; then the
        cards' and abilities' effects; prevent; destruction; both fighting monsters fall asleep."""
        b = self.battle
        if b is None:
            return
        valid = self._battle_valid()  # (it may turn a fallen relief into the base defending itself)
        self.battle = None
        cards = self.cards
        for pick, seat in ((b.picks[0], b.player), (b.picks[1], _opp(b.player))):
            if pick is not None and pick[0] >= 0:
                if valid:
                    self._to_bottom(pick[0])  # GZ-BATTLE-8
                else:
                    self.players[seat].hand.append(pick[0])
        if not valid:
            return
        am = self.mon(b.attacker)
        assert am is not None
        dm = None if b.base_defends else self.mon(b.defender)
        ds = self.site(b.site) if b.base_defends else None
        side_a, ab_a = self._side_of(b.picks[0], 0, am.uid)
        side_d, ab_d = self._side_of(b.picks[1], 1, dm.uid if dm is not None else -1)
        # health costs of abilities (GZ-MON-12)
        if ab_a is not None:
            am.damage += ab_a.health_cost
        if ab_d is not None and dm is not None:
            dm.damage += ab_d.health_cost
        a_pow, a_def = self.mstat(am, "power"), self.mstat(am, "defense")
        if dm is not None:
            d_pow, d_def = self.mstat(dm, "power"), self.mstat(dm, "defense")
            d_card = cards[dm.uid]
        else:
            assert ds is not None
            d_pow, d_def = self.sstat(ds, "power"), self.sstat(ds, "defense")
            d_card = cards[ds.uid]
        a_card = cards[am.uid]
        effs_a: tuple[Eff, ...] = ()
        effs_d: tuple[Eff, ...] = ()
        if side_a is not None:
            a_pow += side_a.power_mod
            a_def += side_a.defense_mod
            effs_a = side_a.effects
        if ab_a is not None:
            effs_a = ab_a.effects
        if side_d is not None:
            d_pow += side_d.power_mod
            d_def += side_d.defense_mod
            effs_d = side_d.effects
        if ab_d is not None:
            effs_d = ab_d.effects
        stats = [[a_pow, a_def, 0, 0], [d_pow, d_def, 0, 0]]  # power, defense, fixed damage taken, prevent
        own = (a_card, d_card)
        shields = (self._shields(am), self._shields(dm) if dm is not None else ())
        for who in (0, 1):
            stats[who][3] += sum(e.amount for e in shields[who] if not e.source_attr)
        for me, effs, ab in ((0, effs_a, ab_a), (1, effs_d, ab_d)):
            for e in effs:
                who = _opp(me) if e.target == "opponent" else me
                if not _filter_ok(e, own[who]):
                    continue
                if e.verb is Verb.MODIFY:
                    if e.stat == "power":
                        stats[who][0] += e.amount
                    elif e.stat == "defense":
                        stats[who][1] += e.amount
                elif e.verb is Verb.DAMAGE:
                    amount = e.amount
                    if ab is not None:  # GZ-ATTR-4: a shield against abilities of one attribute (GZ-INT-9)
                        for sh in shields[who]:
                            if sh.source_attr and ability_matches(ab.attr, sh.source_attr):
                                amount = max(0, amount - sh.amount)
                    stats[who][2] += amount
                elif e.verb is Verb.PREVENT:
                    stats[who][3] += e.amount
        to_d = max(0, stats[0][0] - stats[1][1]) + stats[1][2]
        to_a = max(0, stats[1][0] - stats[0][1]) + stats[0][2]
        to_d = max(0, to_d - stats[1][3])
        to_a = max(0, to_a - stats[0][3])
        am.damage += to_a
        am.hurt = True
        if dm is not None:
            dm.damage += to_d
            dm.hurt = True
        else:
            assert ds is not None
            ds.damage += to_d
        self.record("battle", b.player, "battle", attacker=a_card.name, defender=d_card.name if dm is not None
                    or (ds is not None and (not ds.closed or ds.known)) else "a face-down base",
                    used=self._pick_name(b.picks[0], a_card), answered=self._pick_name(b.picks[1], d_card),
                    dealt=to_d, taken=to_a + (ab_a.health_cost if ab_a is not None else 0))
        # (what the attacker takes includes its combat ability's health cost, GZ-MON-12)
        # destruction; then the other effects of the cards and abilities (devolve...) on survivors; then the
        # fighting monsters fall asleep (GZ-INT-3: an attacked base is never turned)
        self._check_mon(am)
        if dm is not None:
            self._check_mon(dm)
        elif ds is not None:
            self._check_site(ds)
        for me, effs in ((0, effs_a), (1, effs_d)):
            for e in effs:
                if e.verb in (Verb.MODIFY, Verb.DAMAGE, Verb.PREVENT):
                    continue
                who = _opp(me) if e.target == "opponent" else me
                ident = (am.mid if who == 0 else (dm.mid if dm is not None else b.site))
                self._effect(e, b.player if me == 0 else _opp(b.player), ident)
        for fighter in (am, dm):
            if fighter is not None and self.mon(fighter.mid) is not None:
                fighter.asleep = True

    def _shields(self, m: Mon) -> tuple[Eff, ...]:
        """The `prevent` effects a monster's attachments give it for every battle."""
        if not m.attached:
            return ()
        cards = self.cards
        return tuple(e for a in m.attached for e in cards[a].effects
                     if e.verb is Verb.PREVENT and e.target == "attached" and e.duration == "permanent")

    def _pick_name(self, pick: tuple[int, int] | None, fighter: GzCard) -> str:
        if pick is None or (pick[0] < 0 and pick[1] < 0):
            return "nothing"
        if pick[0] >= 0:
            return self.cards[pick[0]].name
        return fighter.abilities[pick[1]].name if pick[1] < len(fighter.abilities) else "?"
