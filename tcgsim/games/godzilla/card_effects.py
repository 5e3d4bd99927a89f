"""The GODZILLA effect verbs in play (docs/rules/godzilla.md "Effect vocabulary": the vocabulary of effects.py).

`EffectRules`, one of the mixins `GzState` (game.py) is made of, applies the effects of an operation or an event to
their target, and fixed damage (GZ-MON-12); `_filter_ok` is an effect's attribute / species filter on a card, read
by the other areas too. The battle applies the effects of battle cards and abilities itself (battle.py, GZ-INT-3).
"""

from __future__ import annotations

from collections.abc import Sequence

from tcgsim.games.godzilla.cards import GzCard
from tcgsim.games.godzilla.effects import Eff, Verb
from tcgsim.games.godzilla.state import GzStateFields, J, _opp

__all__ = ["EffectRules"]


def _filter_ok(e: Eff, card: GzCard) -> bool:
    return (not e.attr or bool(card.attrs & e.attr)) and (not e.species or card.species == e.species)


class EffectRules(GzStateFields):
    """The effect verbs in play: on the chosen target, after the card resolved."""

    def _effects(self, effs: Sequence[Eff], seat: int, source: int, target: int) -> None:
        """Effects of an operation or of an event when played (timing on_play), on the chosen target."""
        for e in effs:
            self._effect(e, seat, target)

    def _effect(self, e: Eff, seat: int, target: int) -> None:
        v = e.verb
        if v is Verb.DRAW:
            for _ in range(e.amount):
                self._draw(seat, e.deck == "battle")
            return
        if v is Verb.DISCARD:
            them = _opp(seat)
            n = min(e.amount, len(self.players[them].hand))
            if n:
                self.jobs.append((J.DISCARD, them, n))
            return
        if v is Verb.COUNTER:
            return
        m = self.mon(target)
        s = self.site(target) if m is None else None
        if m is None and s is None:
            return  # the target left: the effect does nothing
        card = self.cards[m.uid if m is not None else s.uid]  # type: ignore[union-attr]
        if not _filter_ok(e, card):
            return
        if v is Verb.DAMAGE:
            self._damage(target, e.amount)
        elif v is Verb.HEAL:
            if m is not None:
                m.damage = max(0, m.damage - e.amount)
            elif s is not None:
                s.damage = max(0, s.damage - e.amount)
        elif v is Verb.MODIFY:
            if e.duration == "turn":
                self.turn_mods.append((target, e.stat, e.amount))
                self.dirty = True
        elif m is not None:
            if v is Verb.SLEEP:
                m.asleep = True
            elif v is Verb.WAKE:
                m.asleep = False
            elif v is Verb.DESTROY:
                self._remove_mon(m, "dead")
            elif v is Verb.BOUNCE:
                self._remove_mon(m, "deck")
            elif v is Verb.EVOLVE_NOW:
                self.jobs.append((J.EVOLVE_NOW, m.owner, m.mid))
            elif v is Verb.DEVOLVE:
                self.jobs.append((J.DEVOLVE, m.owner, m.mid))

    def _damage(self, ident: int, amount: int) -> None:
        """Fixed damage markers (GZ-MON-12's fixed damage, `damage` effects): defense does not reduce them."""
        m = self.mon(ident)
        if m is not None:
            m.damage += amount
            m.hurt = True  # GZ-INT-6
            self._check_mon(m)
            return
        s = self.site(ident)
        if s is not None:
            s.damage += amount
            self._check_site(s)
