"""Attributes (docs/rules/mana.md, MANA-ATTR-*): the sources a player may count for an attribute condition, and a
condition matched against them, one source per icon."""

from __future__ import annotations

from collections.abc import Sequence

from tcgsim.games.mana.cards import Attr
from tcgsim.games.mana.common import _Kind_CHARACTER
from tcgsim.games.mana.fields import StateFields


class AttributeRules(StateFields):
    """Attribute conditions (MANA-ATTR-3, MANA-MON-9, MANA-FX-CHAR-3)."""

    def attribute_sources(self, seat: int) -> list[frozenset[Attr]]:
        """MANA-ATTR-3: the attributes a player may count for conditions: own lands without an enemy monster,
        and enemy lands its monsters stand on (the occupier uses them, MANA-MON-9)."""
        cache = self._attr_cache
        if cache is not None:
            found = cache.get(seat)
            if found is not None:
                return found
        sources: list[frozenset[Attr]] = []
        cards = self.cards
        for s in (0, 1):
            mine = s == seat
            for land in self.players[s].lands.values():
                m = land.monster
                if (m.owner == seat if m is not None else mine) and cards[land.uid].sources:
                    sources.append(cards[land.uid].sources)
        for c in self.players[seat].party:  # Bud, Lisa (MANA-FX-CHAR-3); not Useless Putty
            card = cards[c.uid]
            if card.sources and card.kind is _Kind_CHARACTER:
                sources.append(card.sources)
        if cache is not None:
            cache[seat] = sources
        return sources

    def condition_met(self, seat: int, needs: Sequence[Attr]) -> bool:
        """Each icon needs its own source (FF = two Fire sources); a multi-attribute land serves one icon."""
        if not needs:
            return True
        if len(needs) == 1 and (self._attr_cache is None or seat not in self._attr_cache):
            return self._controls(seat, needs[0])
        sources = self.attribute_sources(seat)
        if len(sources) < len(needs):
            return False
        if len(needs) == 1:
            need = needs[0]
            for attrs in sources:  # noqa: SIM110 - a plain loop: no generator on this hot path
                if need in attrs:
                    return True
            return False

        def match(i: int, used: int) -> bool:
            if i == len(needs):
                return True
            for j, attrs in enumerate(sources):
                if not used & (1 << j) and needs[i] in attrs and match(i + 1, used | (1 << j)):
                    return True
            return False

        return match(0, 0)

    def _controls(self, seat: int, attr: Attr) -> bool:
        """Does one of the player's attribute sources give `attr` (`attribute_sources`, looked through only as far
        as needed)?"""
        cache = self._attr_cache
        if cache is not None and seat in cache:
            return any(attr in src for src in cache[seat])
        cards = self.cards
        for s in (0, 1):
            mine = s == seat
            for land in self.players[s].lands.values():
                m = land.monster
                if (m.owner == seat if m is not None else mine) and attr in cards[land.uid].sources:
                    return True
        for c in self.players[seat].party:
            card = cards[c.uid]
            if attr in card.sources and card.kind is _Kind_CHARACTER:
                return True
        return False
