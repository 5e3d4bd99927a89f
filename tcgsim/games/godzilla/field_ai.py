"""The scripted GODZILLA players' judgement of where their cards stand (`FieldJudgement`, a mixin of
ai.ScriptedAgent): moving a monster along the own row (GZ-MON-10), fusing and separating (GZ-FUSE-*) and sharing a
separation's damage, and moving a person (GZ-EVENT-5). Each move is judged by what the new place gives that the
old one does not: the part a fusion needs, enemy bases within reach (GZ-INT-33), a better recovery (GZ-MON-14), a
person's lasting effect where it works. Like every judgement of the styles it reads `GzView` alone."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from tcgsim.cards import on_pool_change
from tcgsim.games.godzilla import actions as A
from tcgsim.games.godzilla.card_effects import _filter_ok
from tcgsim.games.godzilla.cards import GzCard, gz_cards
from tcgsim.games.godzilla.effects import Verb
from tcgsim.games.godzilla.state import Mon, Phase
from tcgsim.games.godzilla.turn import MONSTER_RECOVERY
from tcgsim.games.godzilla.view import GzView, SiteView

FUSE = 4.0  # fusing: one stronger monster, 1 damage less per part (GZ-FUSE-5), against ending the advance phase
SEPARATE = 2.0  # separating a fused monster about to fall
RECOVERY = 0.6  # a damage point more recovered at the end of the turn
REACH = 0.5  # an enemy base more within reach, times the style's attack_weight
PERSON_GAIN = 0.5  # a person moves for a gain above this


class FieldJudgement:
    """How much a style likes moving a monster or a person, fusing and separating."""

    attack_weight: ClassVar[float]  # the style's appetite for attacking (ai.ScriptedAgent)
    _movers: dict[int, tuple[GzCard, bool, int]]  # by monster id: (its card, a fusion part, enemy bases reached)
    _ready: dict[int, list[tuple[Mon, str]]] | None  # `_ready_by_site`, once per decision
    _forms: list[GzCard] | None  # the fused forms we hold (hand, stock), once per decision
    _threat_power: float | None  # the strongest enemy monster's power in a battle, once per decision
    _person_here: dict[int, float]  # what each of our persons gives where it stands, once per decision
    _recovery_by_card: dict[str, dict[int, int]]  # `_recoveries`, once per phase
    _recovery_phase: tuple[int, Phase]  # (turn, phase) `_recovery_by_card` holds for

    if TYPE_CHECKING:  # ai.ScriptedAgent's, declared for mypy alone
        def _mon(self, view: GzView, mid: int) -> Mon | None: ...

        def _hand_pairs(self, view: GzView) -> list[tuple[int, GzCard]]: ...

        def sites(self, view: GzView, seat: int) -> list[SiteView]: ...

        def _control_room(self, view: GzView) -> int: ...

        def _event_value(self, view: GzView, c: GzCard, target: int, lasting: bool = False) -> float: ...

    # ------------------------------------------------------------------------------------------ monsters

    def _move(self, view: GzView, action: A.Move) -> float:
        """Move a monster where it does more (GZ-MON-10, once a turn, and it may still attack from there): next to
        the part it fuses with (the parts must stand on one base, GZ-FUSE-3), within reach of more enemy bases
        (GZ-INT-33; a style that attacks little counts that only for a monster reaching none), or, damaged, onto
        a base where it recovers more at the end of the turn (GZ-MON-14). A move that gains nothing is not made;
        a loss of reach counts against the others."""
        m = self._mon(view, action.monster)
        if m is None:
            return -1.0
        mover = self._movers.get(m.mid)  # one monster is offered several bases: its part once
        if mover is None:
            card = view.card(m.uid)
            if card is None:
                return -1.0
            mover = self._movers[m.mid] = (card, _is_part(card), len(view.reach(m)))
        c, part, here = mover
        value = 0.0
        if part:
            forms = self._forms
            if forms is None:
                forms = self._fusion_forms(view)
            if forms:
                value = self._fusion_pull(view, m, c, action.site, forms)
        if m.damage:
            value += RECOVERY * self._recovery_gain(view, m, c, action.site)
        reaching = self.attack_weight >= 1.0 or here == 0
        if not reaching and value <= 0:  # (tested first: it needs no reach from the new base)
            return -1.0
        shift = len(view.reach(m, action.site)) - here
        value += REACH * self.attack_weight * (shift if reaching else min(shift, 0))
        return 0.2 + value if value > 0 else -1.0

    def _recovery_gain(self, view: GzView, m: Mon, c: GzCard, sid: int) -> int:
        """How much more of its damage our monster (of card `c`) would recover at the end of our turn on our base
        `sid` than where it stands, each at most its damage (`_recoveries`); nothing for an open weapon
        (GZ-MON-15)."""
        if c.weapon and not m.closed:
            return 0
        amounts = self._recoveries(view, c)
        return min(amounts.get(sid, 0), m.damage) - min(amounts.get(m.home, 0), m.damage)

    def _recoveries(self, view: GzView, c: GzCard) -> dict[int, int]:
        """What a monster of this card recovers at the end of our turn on each of our bases (GZ-MON-14: 2 on an
        open base sharing an attribute, else 1; plus the base's own heal of the monsters on it, which works while
        the base is open, GZ-BASE-11): once per card and phase. Moves are made in the advance phase, where
        nothing opens, closes or places our bases (only the placement phase does), so the figures hold for the
        whole phase (a base destroyed meanwhile is offered to no move)."""
        phase = (view.turn, view.phase)
        if self._recovery_phase != phase:
            self._recovery_by_card.clear()
            self._recovery_phase = phase
        found = self._recovery_by_card.get(c.id)
        if found is None:
            found = self._recovery_by_card[c.id] = {}
            for s in self.sites(view, view.player):
                amount = MONSTER_RECOVERY[0]
                if not s.closed and s.card is not None:
                    if s.card.attrs & c.attrs:
                        amount = MONSTER_RECOVERY[1]
                    amount += sum(e.amount for e in s.card.effects if e.verb is Verb.HEAL and e.target == "here"
                                  and e.timing == "end_of_turn" and _filter_ok(e, c))
                found[s.sid] = amount
        return found

    # ------------------------------------------------------------------------------------------ fusion

    def _fusion_pull(self, view: GzView, m: Mon, c: GzCard, sid: int, forms: list[GzCard]) -> float:
        """What moving our monster to our base `sid` does for a fusion (GZ-FUSE-3: every part open, awake, not
        evolved this turn and on one base): the fusion's worth if the other parts of a fused form we hold (hand
        or stock) stand there and it is not possible where the monster is; its loss if it is possible only where
        the monster (of card `c`) is. 0 when none of the fused forms we hold (`forms`) has it as a part."""
        if m.evo_turn == view.turn:
            return 0.0  # it cannot fuse this turn (GZ-EVO-8)
        value = 0.0
        for f in forms:
            if c.id not in f.fusion:
                continue
            there, here = self._parts_at(view, f, m, c, sid), self._parts_at(view, f, m, c, m.home)
            if there and not here:
                value = max(value, self._fusion_worth(view, f))
            elif here and not there:
                value -= self._fusion_worth(view, f)
        return value

    def _placement_pull(self, view: GzView, c: GzCard, sid: int) -> float:
        """What placing a monster of card `c` on our base `sid` does for a fusion: the fusion's worth when the other
        parts of a fused form we hold stand there ready (GZ-FUSE-3). A monster enters open and awake, so the parts
        may fuse in the advance phase that follows; placed anywhere else it would need a move (once a turn, to an
        adjacent base, GZ-MON-10) first, and in short games the parts seldom met that way."""
        if not _is_part(c):
            return 0.0
        value = 0.0
        for f in self._fusion_forms(view):
            if c.id in f.fusion and self._parts_at(view, f, None, c, sid):
                value = max(value, self._fusion_worth(view, f))
        return value

    def _fusion_forms(self, view: GzView) -> list[GzCard]:
        """The fused forms we hold, in hand or stock (GZ-INT-18: the fused form comes from either)."""
        found = self._forms
        if found is None:
            seen = {c.id: c for _u, c in self._hand_pairs(view) if c.fusion}
            seen.update((c.id, c) for u in view.stock() if (c := view.card(u)) is not None and c.fusion)
            found = self._forms = list(seen.values())
        return found

    def _parts_at(self, view: GzView, f: GzCard, m: Mon | None, c: GzCard, sid: int) -> bool:
        """Whether the other parts of the fused form `f` (one of them our monster `m`, of card `c`; None for a card
        not yet placed) stand on our base `sid` ready to fuse with it (`_ready`)."""
        wanted = list(f.fusion)
        wanted.remove(c.id)
        for x, xid in self._ready_by_site(view).get(sid, ()):
            if x is not m and xid in wanted:
                wanted.remove(xid)
        return not wanted

    def _ready_by_site(self, view: GzView) -> dict[int, list[tuple[Mon, str]]]:
        """Our monsters ready to fuse (GZ-FUSE-3: open, awake, at home; not evolved this turn, GZ-EVO-8) with
        their card ids, by the base they stand on: once per decision."""
        found = self._ready
        if found is None:
            found = self._ready = {}
            turn = view.turn
            for x in view.monsters(view.player):
                if x.at < 0 and not x.asleep and not x.closed and x.evo_turn != turn:
                    xc = view.card(x.uid)
                    if xc is not None:
                        found.setdefault(x.home, []).append((x, xc.id))
        return found

    def _fusion_worth(self, view: GzView, f: GzCard) -> float:
        """A fusion into `f`, for the move that makes it possible: a little less than fusing itself (the move
        comes first, the fusion after); nothing if the fused form would rebel (`_rebels`)."""
        return 0.0 if self._rebels(view, f) else FUSE - 0.5

    def _rebels(self, view: GzView, f: GzCard) -> bool:
        """Whether the fused form's rebellion beyond its parts' would exceed our control at once (GZ-EVO-9
        through GZ-FUSE-4)."""
        return f.rebellion - sum(p.rebellion for p in _parts(f)) > self._control_room(view)

    def _fuse(self, view: GzView, action: A.Fuse) -> float:
        """Fuse, unless the fused form would rebel (`_rebels`)."""
        f = view.card(action.card)
        if f is None:
            return -1.0
        return -3.0 if self._rebels(view, f) else FUSE

    def _separate(self, view: GzView, action: A.Separate) -> float:
        """Separate a fused monster (GZ-FUSE-6) when it would not survive the enemy's strongest monster and its
        parts, sharing its damage (each part less than its health, `_split`), would all live: two monsters on
        their feet instead of one about to fall, to fuse again later (1 damage less per part, GZ-FUSE-5). A sound
        fused monster stays whole: it was fused for its strength."""
        m = self._mon(view, action.monster)
        c = view.card(m.uid) if m is not None else None
        if m is None or c is None:
            return -2.0
        parts = _parts(c)
        _power, defense, health = view.mstats(m)
        if health - m.damage > self._threat(view) - defense:
            return -2.0
        if m.damage > sum(p.health - 1 for p in parts):
            return -2.0  # a part would fall at once
        if sum(p.rebellion for p in parts) - c.rebellion > self._control_room(view):
            return -2.0
        return SEPARATE

    def _threat(self, view: GzView) -> float:
        """The power the enemy's strongest monster may bring to a battle: its power and about one card's worth
        (their hand is unknown, as in ai.ScriptedAgent._battle_bonus)."""
        found = self._threat_power
        if found is None:
            found = self._threat_power = max((view.mstat(x, "power") + 1.5 for x in view.monsters(1 - view.player)),
                                             default=0.0)
        return found

    def _split(self, view: GzView, action: A.Split) -> float:
        """GZ-FUSE-6: the damage of a separation shared in proportion to the parts' health, no part taking as much
        as its health (it would be destroyed at once) while the others could take it."""
        job = view.pending
        if job is None:
            return 0.0
        parts = [view.mon(mid) for mid in job[3]]
        healths = [view.mstat(p, "health") for p in parts if p is not None]
        if len(healths) != len(parts):
            return 0.0
        share = -abs(action.amount - job[2] * healths[0] / sum(healths))
        rest = job[2] - action.amount
        if action.amount >= healths[0] or rest > sum(h - 1 for h in healths[1:]):
            return share - 10.0
        return share

    # ------------------------------------------------------------------------------------------ persons

    def _move_person(self, view: GzView, action: A.MovePerson) -> float:
        """GZ-EVENT-5 / GZ-INT-28: move a person to the card where its lasting effects do clearly more than
        where it stands (its heal to a damaged monster, a species' or attribute's bonus to a monster that has
        it, a rebellion push from our monster onto an enemy's)."""
        c = view.card(action.card)
        if c is None:
            return -1.0
        here = self._person_here.get(action.card)  # where it stands: once for all the cards it may move to
        if here is None:
            holder = next((x.mid for seat in (0, 1) for x in view.monsters(seat) if action.card in x.attached), None)
            if holder is None:  # a person of the kind attached to bases
                holder = next((x.sid for seat in (0, 1) for x in self.sites(view, seat)
                               if action.card in x.attached), None)
            here = self._person_here[action.card] = 0.0 if holder is None else \
                self._event_value(view, c, holder, lasting=True)
        gain = self._event_value(view, c, action.target, lasting=True) - here
        return gain - PERSON_GAIN if gain > PERSON_GAIN else -1.0


_PART: dict[str, bool] = {}  # _is_part by card id (printed cards: invalidated only by user card files)
on_pool_change(_PART.clear)


def _is_part(c: GzCard) -> bool:
    """Whether a monster card is a part (下位種) of some fused form: one of the forms it may become fuses."""
    found = _PART.get(c.id)
    if found is None:
        pool = gz_cards()
        found = _PART[c.id] = any(t in pool and pool[t].fusion for t in c.evolves_to)
    return found


def _parts(f: GzCard) -> list[GzCard]:
    """The printed parts (下位種) of a fused form, from the pool (printed cards: public)."""
    pool = gz_cards()
    return [pool[part] for part in f.fusion]
