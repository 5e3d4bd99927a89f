"""The GODZILLA effect vocabulary (13 verbs, docs/rules/godzilla.md "Effect vocabulary"), compiled once.

Cards are data (carddb/godzilla/cards.yaml: `effect` of bases, abilities, events, operations and battle cards);
this module turns each mapping into a frozen `Eff` the engine reads on its hot path without parsing anything. An
unknown verb, target, duration or timing is a data error raised at load time, so a card never silently does
nothing.

This is the vocabulary only: it knows no card record and no state, so cards.py builds on it. What the verbs do in
play is card_effects.py (`EffectRules`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import IntEnum
from typing import Any

from tcgsim.cards import CardDataError

__all__ = ["ATTR_BITS", "ALL", "Eff", "Verb", "attr_mask", "attr_names", "compile_effect", "ability_matches"]

# GZ-ATTR-2: the seven attributes and 無属性 (written 無 in the pool), one bit each, so "shares an attribute" is a
# bitwise and. 属性無し (no attribute: an ability whose attribute is null) is the empty mask 0 (GZ-ATTR-4).
ATTR_BITS: dict[str, int] = {"火": 1, "水": 2, "機": 4, "陸": 8, "異": 16, "翼": 32, "蟲": 64, "無": 128}
ALL = 10_000  # `prevent: all`


class Verb(IntEnum):
    DAMAGE = 0
    HEAL = 1
    MODIFY = 2
    PREVENT = 3
    DRAW = 4
    DISCARD = 5
    SLEEP = 6
    WAKE = 7
    DESTROY = 8
    BOUNCE = 9
    COUNTER = 10
    EVOLVE_NOW = 11
    DEVOLVE = 12


_VERBS = {v.name.lower(): v for v in Verb}
TARGETS = frozenset({"self", "attached", "opponent", "own_monster", "enemy_monster", "any_monster", "own_base",
                     "enemy_base", "here", "all_monsters", "opponent_player"})
DURATIONS = frozenset({"battle", "turn", "permanent"})
TIMINGS = frozenset({"on_play", "end_of_turn"})
STATS = frozenset({"power", "defense", "health", "rebellion"})
WHATS = frozenset({"operation", "event", "monster", "any"})


@dataclass(frozen=True, slots=True)
class Eff:
    verb: Verb
    amount: int = 0  # ALL for `prevent: all`
    stat: str = ""
    target: str = ""
    duration: str = "permanent"
    timing: str = "on_play"
    attr: int = 0  # filter: only cards with this attribute are affected (0: no filter)
    species: str = ""  # filter: only cards of this 種族 are affected ("": no filter)
    source_attr: int = 0  # prevent: only damage from a combat ability of this attribute (0: any damage)
    what: str = ""  # counter: the kind of card it counters
    deck: str = "main"  # draw: main | battle


def attr_mask(names: Sequence[str] | None) -> int:
    mask = 0
    for name in names or ():
        if name not in ATTR_BITS:
            raise CardDataError(f"unknown attribute {name!r}")
        mask |= ATTR_BITS[name]
    return mask


def attr_names(mask: int) -> list[str]:
    return [name for name, bit in ATTR_BITS.items() if mask & bit]


def ability_matches(ability_attr: int, wanted: int) -> bool:
    """GZ-ATTR-4 / GZ-INT-9: does a combat ability of attribute `ability_attr` (0 = 属性無し) meet an attribute
    condition `wanted`? 無 (無属性) is an attribute like the others; 属性無し meets no condition at all."""
    return ability_attr != 0 and bool(ability_attr & wanted)


def compile_effect(card_id: str, raw: Any) -> tuple[Eff, ...]:
    """One effect mapping or a list of them, in order."""
    if raw is None:
        return ()
    items = raw if isinstance(raw, list) else [raw]
    out = []
    for item in items:
        if not isinstance(item, Mapping):
            raise CardDataError(f"{card_id}: an effect must be a mapping, got {item!r}")
        verb = _VERBS.get(str(item.get("verb")))
        if verb is None:
            raise CardDataError(f"{card_id}: unknown effect verb {item.get('verb')!r}")
        target = str(item.get("target", ""))
        if target and target not in TARGETS:
            raise CardDataError(f"{card_id}: unknown target {target!r}")
        default_duration = "battle" if verb is Verb.PREVENT else "permanent"
        duration = str(item.get("duration", default_duration))
        timing = str(item.get("timing", "on_play"))
        if duration not in DURATIONS or timing not in TIMINGS:
            raise CardDataError(f"{card_id}: unknown duration {duration!r} or timing {timing!r}")
        amount = item.get("amount", 0)
        stat = str(item.get("stat", ""))
        if verb is Verb.MODIFY and stat not in STATS:
            raise CardDataError(f"{card_id}: modify needs a stat, got {stat!r}")
        what = str(item.get("what", ""))
        if verb is Verb.COUNTER and what not in WHATS:
            raise CardDataError(f"{card_id}: counter needs what, got {what!r}")
        attribute = item.get("attribute")
        source = item.get("source_attribute")
        out.append(Eff(
            verb=verb,
            amount=ALL if amount == "all" else int(amount),
            stat=stat,
            target=target,
            duration=duration,
            timing=timing,
            attr=attr_mask([attribute]) if attribute else 0,
            species=str(item.get("species") or ""),
            source_attr=attr_mask([source]) if source else 0,
            what=what,
            deck=str(item.get("deck", "main")),
        ))
    return tuple(out)
