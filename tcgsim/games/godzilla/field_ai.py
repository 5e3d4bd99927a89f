"""The scripted GODZILLA players' judgement of where their cards stand (`FieldJudgement`, a mixin of
ai.ScriptedAgent): moving a monster along the own row (GZ-MON-10), fusing and separating (GZ-FUSE-*) and sharing a
separation's damage, and moving a person (GZ-EVENT-5). Each move is judged by what the new place gives that the
old one does not: the part a fusion needs, enemy bases within reach (GZ-INT-33), a better recovery (GZ-MON-14), a
person's lasting effect where it works. Like every judgement of the styles it reads `GzView` alone."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from tcgsim.games.godzilla import actions as A
from tcgsim.games.godzilla.card_effects import _filter_ok
from tcgsim.games.godzilla.cards import GzCard, gz_cards
from tcgsim.games.godzilla.effects import Verb
from tcgsim.games.godzilla.state import Mon
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
    _reach: dict[int, int]  # enemy bases a monster reaches from where it stands, by monster id
    _forms: list[GzCard] | None  # the fused forms we hold (hand, stock), once per decision
    _threat_power: float | None  # the strongest enemy monster's power in a battle, once per decision

    if TYPE_CHECKING:  # ai.ScriptedAgent's, declared for mypy alone
        def _mon(self, view: GzView, mid: int) -> Mon | None: ...

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
        value = self._fusion_pull(view, m, action.site)
        if m.damage:
            value += RECOVERY * (self._recovery(view, m, action.site) - self._recovery(view, m, m.home))
        here = self._reach.get(m.mid)
        if here is None:
            here = self._reach[m.mid] = len(view.reach(m))
        reaching = self.attack_weight >= 1.0 or here == 0
        if not reaching and value <= 0:  # (tested first: it needs no reach from the new base)
            return -1.0
        shift = len(view.reach(m, action.site)) - here
        value += REACH * self.attack_weight * (shift if reaching else min(shift, 0))
        return 0.2 + value if value > 0 else -1.0

    def _recovery(self, view: GzView, m: Mon, sid: int) -> int:
        """The damage our monster would recover at the end of our turn standing on our base `sid` (GZ-MON-14: 2 on
        an open base sharing an attribute, else 1; an open weapon none, GZ-MON-15; plus the base's own heal of the
        monsters on it, which works while the base is open, GZ-BASE-11), at most its damage."""
        c = view.card(m.uid)
        s = next((x for x in self.sites(view, view.player) if x.sid == sid), None)
        if c is None or s is None or s.card is None or c.weapon and not m.closed:
            return 0
        amount = MONSTER_RECOVERY[0]
        if not s.closed:
            if s.card.attrs & c.attrs:
                amount = MONSTER_RECOVERY[1]
            amount += sum(e.amount for e in s.card.effects if e.verb is Verb.HEAL and e.target == "here"
                          and e.timing == "end_of_turn" and _filter_ok(e, c))
        return min(amount, m.damage)

    # ------------------------------------------------------------------------------------------ fusion

    def _fusion_pull(self, view: GzView, m: Mon, sid: int) -> float:
        """What moving our monster to our base `sid` does for a fusion (GZ-FUSE-3: every part open, awake, not
        evolved this turn and on one base): the fusion's worth if the other parts of a fused form we hold (hand
        or stock) stand there and it is not possible where the monster is; its loss if it is possible only where
        the monster is. 0 when no fused form we hold has the monster as a part."""
        c = view.card(m.uid)
        if c is None or not c.evolves_to:
            return 0.0
        value = 0.0
        for f in self._fusion_forms(view):
            if c.id not in f.fusion:
                continue
            there, here = self._parts_at(view, f, m, sid), self._parts_at(view, f, m, m.home)
            if there and not here:
                value = max(value, self._fusion_worth(view, f))
            elif here and not there:
                value -= self._fusion_worth(view, f)
        return value

    def _fusion_forms(self, view: GzView) -> list[GzCard]:
        """The fused forms we hold, in hand or stock (GZ-INT-18: the fused form comes from either)."""
        found = self._forms
        if found is None:
            seen = {c.id: c for u in (*view.hand(), *view.stock()) if (c := view.card(u)) is not None and c.fusion}
            found = self._forms = list(seen.values())
        return found

    def _parts_at(self, view: GzView, f: GzCard, m: Mon, sid: int) -> bool:
        """Whether the other parts of the fused form `f` (one of them our monster `m`) stand on our base `sid`
        ready to fuse with it (GZ-FUSE-3, GZ-EVO-8)."""
        c = view.card(m.uid)
        if c is None or m.evo_turn == view.turn:
            return False
        wanted = list(f.fusion)
        wanted.remove(c.id)
        for x in view.monsters(view.player):
            if x is m or x.home != sid or x.at >= 0 or x.asleep or x.closed or x.evo_turn == view.turn:
                continue
            xc = view.card(x.uid)
            if xc is not None and xc.id in wanted:
                wanted.remove(xc.id)
        return not wanted

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
        gain = self._event_value(view, c, action.target, lasting=True)
        holder = next((x.mid for seat in (0, 1) for x in view.monsters(seat) if action.card in x.attached),
                      next((x.sid for seat in (0, 1) for x in self.sites(view, seat) if action.card in x.attached),
                           None))
        if holder is not None:
            gain -= self._event_value(view, c, holder, lasting=True)
        return gain - PERSON_GAIN if gain > PERSON_GAIN else -1.0


def _parts(f: GzCard) -> list[GzCard]:
    """The printed parts (下位種) of a fused form, from the pool (printed cards: public)."""
    pool = gz_cards()
    return [pool[part] for part in f.fusion]
