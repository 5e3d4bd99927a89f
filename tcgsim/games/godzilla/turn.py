"""Turns (全体の基本進行, GZ-TURN-*; the turn order of GZ-INT-1): the start of a turn and its draws (GZ-INT-2,
GZ-INT-12), the placement phase (bases placed, opened and closed, weapons, monsters, events, persons), the advance
phase (operations, fusion, moves, attack declarations), the combat jobs, the return phase, the end phase
(recovery GZ-MON-14/15, GZ-BASE-13, GZ-INT-8; GZ-WIN-3; the hand limit GZ-START-3) and the tempo metrics.

`TurnRules` is one of the mixins `GzState` (game.py) is made of; its methods moved verbatim from game.py.
"""

from __future__ import annotations

from typing import Any

from tcgsim.engine import IllegalAction, TempoMetric, Termination
from tcgsim.games.godzilla import actions as A
from tcgsim.games.godzilla.card_effects import _filter_ok
from tcgsim.games.godzilla.cards import Kind
from tcgsim.games.godzilla.effects import Verb
from tcgsim.games.godzilla.options import Draws, OperationWindows
from tcgsim.games.godzilla.rules import WIN_OPEN_BASES
from tcgsim.games.godzilla.state import OPWIN_TURN, GzStateFields, J, Phase, _opp
from tcgsim.games.godzilla.winning import WinReason

MONSTER_RECOVERY = (1, 2)  # GZ-MON-14: 1, or 2 on a base sharing an attribute

TEMPO = (
    TempoMetric("open_bases", "the player's open bases at the end of the turn"),
    TempoMetric("closed_bases", "the player's closed bases"),
    TempoMetric("destroyed", "enemy bases the player has destroyed (GZ-WIN-1 counts to 4)"),
    TempoMetric("monsters", "the player's monsters on the field"),
    TempoMetric("control", "total control (sum of the control of own bases, closed ones included)"),
    TempoMetric("rebellion", "total rebellion of the player's monsters"),
    TempoMetric("hand", "cards in hand"),
)

_END_PLACEMENT = A.EndPlacement()
_END_ADVANCE = A.EndAdvance()


class TurnRules(GzStateFields):
    """The phases of a turn (Phase.DRAW to COMBAT) and the steps between turns."""

    def _draw(self, seat: int, battle: bool) -> bool:
        p = self.players[seat]
        deck = p.bdeck if battle else p.deck
        if not deck:  # GZ-MISC-2 / GZ-INT-12: nothing is drawn, the game goes on
            return False
        uid = deck.pop()
        p.hand.append(uid)
        if self.hand_turn[uid] < 0:
            self.hand_turn[uid] = self.turn
        return True

    def _drawer(self) -> int:
        """GZ-INT-2: who draws next in the draw phase: the active player, then (`draws=both`) the other one."""
        if self.opts.draws is Draws.BOTH and self.draws_left <= self.opts.draws_per_turn:
            return _opp(self.active)
        return self.active

    def _draw_step(self) -> bool:
        """The draw phase's automatic steps: a drawer with two empty decks draws nothing (GZ-INT-12); when the
        draws are done, the placement phase. True if something happened."""
        if self.draws_left > 0:
            seat = self._drawer()
            p = self.players[seat]
            if p.deck or p.bdeck:
                return False
            self.draws_left = self.opts.draws_per_turn if seat == self.active and self.opts.draws is Draws.BOTH \
                else 0
            return True
        self.phase = Phase.PLACEMENT
        self._turn_window()
        return True

    def _turn_window(self) -> None:
        """GZ-OP-3 / GZ-INT-31: the non-active player may use one operation at the start of the placement and of
        the advance phase (相手ターンに使ったり)."""
        if self.opts.operation_windows is OperationWindows.SEED:
            self.jobs.append((J.OPWIN, _opp(self.active), OPWIN_TURN))

    def _start_turn(self) -> None:
        """GZ-INT-1 steps 1-2: wake the active player's cards, then the draw phase."""
        self.turn += 1
        if self.turn > self.opts.turn_limit:
            self._win(None, Termination.TURN_LIMIT)
            return
        seat = self.active
        p = self.players[seat]
        for q in self.players:
            for m in q.mons:
                m.moved = False
                m.relieved = False
                if q is p:
                    m.asleep = False  # GZ-STATE-1: stand up
        p.base_placed = False
        self.moved_persons = []
        self.turn_mods = []
        self.attacks = []
        self.phase = Phase.DRAW
        self.draws_left = self.opts.draws_per_turn * (2 if self.opts.draws is Draws.BOTH else 1)
        self.win_dirty = True
        self.record("start", seat, "turn_start", hand=len(p.hand), open=self.open_bases(seat),
                    control=self.control(seat))

    def _placement_legal(self) -> list[Any]:
        seat = self.active
        p = self.players[seat]
        cards = self.cards
        turn = self.turn
        out: list[Any] = [_END_PLACEMENT]
        hand = p.hand
        spare = len(hand) - 1  # cards left to pay a cost with, once the played card has left the hand
        sites = p.sites()
        open_attrs: list[tuple[int, int]] | None = None  # (sid, attributes) of the open bases, once needed
        slots: list[int] | None = None
        for u in self._distinct(hand):
            c = cards[u]
            k = c.kind
            if k is Kind.BASE:
                if not p.base_placed and self._base_allowed(seat, c):
                    if slots is None:
                        slots = self._base_slots(seat)
                    out.extend([A.PlaceBase(u, slot) for slot in slots])
            elif k is Kind.MONSTER:
                if not c.blue:  # GZ-BLUE-2
                    if open_attrs is None:
                        open_attrs = [(s.sid, cards[s.uid].attrs) for s in sites if not s.closed]
                    attrs = c.attrs
                    out.extend([A.PlaceMonster(u, sid) for sid, a in open_attrs if a & attrs])
            elif k is Kind.EVENT and c.cost <= spare:
                out.extend([A.PlayEvent(u, t) for t in self._event_targets(seat, c)])
        for s in sites:
            if s.flip_turn != turn:
                if s.closed:
                    out.append(A.Open(s.sid))
                elif s.damage < self._closed_health(s):
                    out.append(A.Close(s.sid))
        for m in p.mons:
            if m.at < 0 and m.flip_turn != turn and cards[m.uid].weapon:
                out.append(A.Open(m.mid) if m.closed else A.Close(m.mid))
        for q in self.players:  # GZ-EVENT-5: the player's persons wherever they are, enemy cards included
            for m in q.mons:
                if m.attached:
                    self._person_moves(seat, m.attached, m.mid, out)
            for x in q.row:
                if x is not None and x.attached:
                    self._person_moves(seat, x.attached, x.sid, out)
        return out

    def _person_moves(self, seat: int, attached: list[int], ident: int, out: list[Any]) -> None:
        """GZ-EVENT-5: the moves of the player's persons attached to the card `ident`, added to `out`."""
        cards = self.cards
        owner = self.game.owner
        for a in attached:
            if cards[a].subtype == "person" and owner[a] == seat and a not in self.moved_persons:
                out.extend([A.MovePerson(a, t) for t in self._event_targets(seat, cards[a]) if t != ident])

    def _placement_action(self, action: Any) -> None:
        seat = self.active
        p = self.players[seat]
        t = type(action)
        if t is A.EndPlacement:
            self.phase = Phase.ADVANCE
            self._turn_window()
        elif t is A.PlaceBase:
            p.hand.remove(action.card)
            self._insert_site(seat, action.card, action.slot, closed=True)  # GZ-BASE-5
            p.base_placed = True
            self.record("placement", seat, "place_base", card="a face-down base", closed=True,
                        ruin=action.slot >= 0)
        elif t is A.Open or t is A.Close:
            closing = t is A.Close
            s = self.site(action.target)
            if s is not None:
                s.closed = closing
                s.flip_turn = self.turn
                if not closing:
                    s.known = True
                self.win_dirty = True
                self.record("placement", seat, "close" if closing else "open", card=self._name(s.uid))
            else:
                m = self.mon(action.target)
                assert m is not None
                m.closed = closing
                m.flip_turn = self.turn
                self.record("placement", seat, "close" if closing else "open", card=self._name(m.uid))
        elif t is A.PlaceMonster or t is A.PlayEvent:
            self._play(seat, action.card, action.site if t is A.PlaceMonster else action.target)
        elif t is A.MovePerson:
            self._detach(action.card)
            self._attach(action.card, action.target)
            self.moved_persons.append(action.card)
            self.record("placement", seat, "move_person", card=self._name(action.card),
                        to=self._id_name(action.target))
        else:
            raise IllegalAction(f"{action} is not a placement action")

    def _advance_legal(self) -> list[Any]:
        """GZ-INT-1 step 4: operations, fusion / separation, moves, attack declarations."""
        seat = self.active
        p = self.players[seat]
        cards = self.cards
        out: list[Any] = [_END_ADVANCE]
        out.extend(self._operation_actions(seat))
        turn = self.turn
        sites = p.sites()
        for m in p.mons:
            if m.asleep or m.closed or m.at >= 0:
                continue
            c = cards[m.uid]
            mid = m.mid
            if not m.moved:
                if c.range_any:
                    home = m.home
                    out.extend([A.Move(mid, s.sid) for s in sites if s.sid != home])
                else:
                    out.extend([A.Move(mid, sid) for sid in self.adjacent_sids(m.home)])
            out.extend([A.Attack(mid, sid) for sid in self.reach_sids(m)])  # GZ-MISC-9 within GZ-INT-33
            if c.fusion and m.evo_turn != turn and self._separation_parts(seat, c) is not None:
                out.append(A.Separate(m.mid))
        out.extend(self._fusions(seat))
        return out

    def _advance_action(self, action: Any) -> None:
        seat = self.active
        t = type(action)
        if t is A.EndAdvance:
            self._begin_combat()
        elif t is A.UseOperation:
            self._play(seat, action.card, action.target)
        elif t is A.Move:
            m = self.mon(action.monster)
            assert m is not None
            m.home = action.site
            m.moved = True
            self.record("advance", seat, "move", card=self._name(m.uid), to=self._id_name(action.site))
        elif t is A.Attack:
            m = self.mon(action.monster)
            assert m is not None
            m.at = action.site  # it goes to the enemy base (GZ-FIELD-5)
            self.attacks.append((m.mid, action.site, -1))
            self.record("advance", seat, "attack", card=self._name(m.uid), target=self._id_name(action.site))
        elif t is A.Fuse:
            self._fuse(seat, action.card, action.site)
        elif t is A.Separate:
            self._separate(seat, action.monster)
        else:
            raise IllegalAction(f"{action} is not an advance-phase action")

    def _begin_combat(self) -> None:
        """GZ-INT-1 steps 5-9 as jobs: relief for each attack in order, the battles, return, end, next turn."""
        self.phase = Phase.COMBAT
        jobs = self.jobs
        jobs.append((J.NEXT_TURN,))
        jobs.append((J.END,))
        jobs.append((J.RETURN,))
        jobs.append((J.BATTLE, 0))
        defender = _opp(self.active)
        for i in range(len(self.attacks) - 1, -1, -1):
            jobs.append((J.RELIEF, defender, i))

    def _return_phase(self) -> None:
        """GZ-INT-1 step 7: attackers come back; evolutions, the active player's first."""
        for m in self.players[self.active].mons:
            m.at = -1
        self.dirty = True
        self.jobs.append((J.EVOLVE, _opp(self.active)))
        self.jobs.append((J.EVOLVE, self.active))

    def _end_phase(self) -> None:
        """GZ-INT-1 steps 8-9: recovery (GZ-MON-14/15, GZ-BASE-13, GZ-INT-8), end-of-turn effects, GZ-WIN-3,
        the hand limit (GZ-START-3)."""
        seat = self.active
        p = self.players[seat]
        cards = self.cards
        sites = {s.sid: s for s in p.row if s is not None}
        for m in p.mons:
            c = cards[m.uid]
            if c.weapon and not m.closed:
                continue
            home = sites.get(m.home)
            amount = MONSTER_RECOVERY[1] if home is not None and not home.closed and cards[home.uid].attrs & c.attrs \
                else MONSTER_RECOVERY[0]
            m.damage = max(0, m.damage - amount)
        for s in sites.values():
            c = cards[s.uid]
            amount = c.self_heal + (self.opts.closed_base_recovery if s.closed else 0)
            s.damage = max(0, s.damage - amount)
            if not s.closed:  # a base's ability on its monsters works only while open (GZ-BASE-11)
                for e in c.effects:
                    if e.verb is Verb.HEAL and e.target == "here" and e.timing == "end_of_turn":
                        for m in p.mons:
                            if m.home == s.sid and _filter_ok(e, cards[m.uid]):
                                m.damage = max(0, m.damage - e.amount)
        for q in self.players:
            for m in q.mons:
                for a in m.attached:
                    if self.game.owner[a] == seat:
                        for e in cards[a].effects:
                            if e.timing == "end_of_turn" and e.verb is Verb.HEAL and _filter_ok(e, cards[m.uid]):
                                m.damage = max(0, m.damage - e.amount)
        if self.open_bases(seat) >= WIN_OPEN_BASES:  # GZ-WIN-3, "maintained" to the end of one's turn
            self._win(seat, WinReason.OPEN_BASES)
            return
        excess = len(p.hand) - self.opts.hand_limit
        if excess > 0:
            self.jobs.append((J.DISCARD, seat, excess))

    def _next_turn(self) -> None:
        for seat in (self.active, _opp(self.active)):
            values = self._tempo_values(seat)
            self.tempo.append((self.turn, seat, values))
            if self.events is not None:
                self.record("end", seat, "tempo", **dict(zip([t.name for t in TEMPO], values, strict=True)))
        self.record("end", self.active, "turn_end")
        for q in self.players:
            for m in q.mons:
                m.hurt = False
        self.active = _opp(self.active)
        self._start_turn()

    def _tempo_values(self, seat: int) -> tuple[float, ...]:
        p = self.players[seat]
        sites = p.sites()
        opened = sum(1 for s in sites if not s.closed)
        return (opened, len(sites) - opened, self.players[_opp(seat)].lost, len(p.mons), self.control(seat),
                self.rebellion(seat), len(p.hand))
