"""Typed GODZILLA card records, built once from carddb/godzilla (stats as ints, attributes as bit masks, effects
compiled once by effects.py)."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from enum import IntEnum
from typing import Any

from tcgsim.cards import Card, CardDataError, CardPool, load_pool, on_pool_change
from tcgsim.games.godzilla.effects import _VERBS, ATTR_BITS, Eff, Verb, attr_mask, compile_effect

__all__ = ["Kind", "Ability", "Side", "GzCard", "gz_cards", "build_card"]


class Kind(IntEnum):
    BASE = 0  # 拠点
    MONSTER = 1  # 怪獣
    EVENT = 2  # イベント
    OPERATION = 3  # オペレーション
    BATTLE = 4  # 戦闘カード


_KIND = {"base": Kind.BASE, "monster": Kind.MONSTER, "event": Kind.EVENT, "operation": Kind.OPERATION,
         "battle": Kind.BATTLE}
_SUBTYPE = {"付加": "attach", "人物": "person", "環境": "environment"}


@dataclass(frozen=True, slots=True)
class Ability:
    """A combat ability (戦闘能力): used instead of a battle card, costs `health_cost` damage to its user."""

    index: int
    name: str
    attr: int  # 0: 属性無し (null), else the attribute bit (無 included)
    attack: bool  # usable when attacking
    defense: bool  # usable when defending
    health_cost: int
    effects: tuple[Eff, ...]


@dataclass(frozen=True, slots=True)
class Side:
    """One usable side of a battle card: its modifiers and effects."""

    power_mod: int
    defense_mod: int
    effects: tuple[Eff, ...]


@dataclass(frozen=True, slots=True)
class GzCard:
    uid_name: str  # "GZ-021 Godzilla 1984", for logs
    id: str
    name: str
    kind: Kind
    unique: bool
    unlimited: bool  # 平地
    attrs: int  # attribute bits (monsters, bases; battle cards: the user must share one)
    # base
    control: int
    battle_cards: bool
    # base and monster
    power: int
    defense: int
    health: int
    effects: tuple[Eff, ...]  # a base's own ability; an event's or operation's effect
    # monster
    rebellion: int
    blue: bool  # blue rebellion ground: evolution only (GZ-BLUE-2)
    species: str
    evolves_to: tuple[str, ...]
    devolves_to: tuple[str, ...]
    fusion: tuple[str, ...]  # the parts (下位種) of a fused form
    weapon: bool  # 兵器
    range_any: bool  # moves (and relieves) ignoring distance
    movement: str  # 移動: 陸上 飛行 水中 地中 (GZ-MON-9; reach, GZ-INT-33)
    abilities: tuple[Ability, ...]
    # event / operation
    subtype: str  # attach | person | environment
    cost: int
    attach_to: str  # own_monster | any_monster | own_base
    counter: str  # what an operation counters ("" if none): operation | event | monster | any
    # battle card
    attack_side: Side | None
    defense_side: Side | None

    @property
    def is_base(self) -> bool:
        return self.kind is Kind.BASE

    @property
    def self_heal(self) -> int:
        """A base's own damage recovery (kept while closed, GZ-BASE-11)."""
        return sum(e.amount for e in self.effects if e.verb is Verb.HEAL and e.target == "self"
                   and e.timing == "end_of_turn") if self.kind is Kind.BASE else 0


def _int(value: Any) -> int:
    return value if isinstance(value, int) else 0


def _side(card_id: str, power_mod: Any, defense_mod: Any, effect: Any) -> Side:
    return Side(_int(power_mod), _int(defense_mod), compile_effect(card_id, effect))


# The card schema, for user card files (tcgsim.usercards) and docs/cards/godzilla.md: every `stats` field
# build_card reads (and `origin`, the film a monster comes from, kept for people), with the YAML types it may
# hold; effects are `stats.effect` (also inside each of `abilities` and a battle card's `reverse`), each naming
# its verb by `verb:`. evolves_to, devolves_to and fusion name other cards by id.
_N = type(None)
STAT_FIELDS: dict[str, tuple[type, ...]] = {
    "attributes": (list,), "control": (int,), "battle_cards": (bool,), "power": (int,), "defense": (int,),
    "health": (int,), "effect": (dict, list, _N), "rebellion": (int,), "rebellion_color": (str,),
    "species": (str,), "evolves_to": (list,), "devolves_to": (list,), "fusion": (list,), "weapon": (bool,),
    "range": (str,), "movement": (str,), "abilities": (list,), "subtype": (str,), "cost": (int,),
    "attach_to": (str,), "counter": (bool,), "kind": (str,), "power_mod": (int,), "defense_mod": (int,),
    "reverse": (dict,), "origin": (str,),
}
SIGNED_FIELDS: tuple[str, ...] = ("power_mod", "defense_mod")  # may be below 0
# The closed vocabularies among them: a text field (or each item of a list field) must be one of these; the
# reader would take an unknown movement, range or subtype as none at all.
STAT_CHOICES: dict[str, tuple[str, ...]] = {
    "attributes": tuple(ATTR_BITS), "rebellion_color": ("red", "blue"),
    "range": ("adjacent", "any"), "movement": ("陸上", "飛行", "水中", "地中"), "subtype": tuple(_SUBTYPE),
    "kind": ("attack", "defense", "both"), "attach_to": ("own_monster", "any_monster", "own_base"),
}
EFFECT_PLACES: tuple[tuple[str, ...], ...] = (("stats", "effect"),)
VERB_KEY = "verb"
EFFECT_VERBS: tuple[str, ...] = tuple(_VERBS)
EFFECT_KEYS: tuple[str, ...] = ("verb", "amount", "stat", "target", "duration", "timing", "attribute", "species",
                                "source_attribute", "what", "deck")
CARD_REFS: tuple[str, ...] = ("evolves_to", "devolves_to", "fusion")
ABILITY_KEYS: tuple[str, ...] = ("name", "name_ja", "kind", "attribute", "health_cost", "effect")
REVERSE_KEYS: tuple[str, ...] = ("kind", "power_mod", "defense_mod", "effect")


def build_card(card: Card) -> GzCard:
    s = card.stats
    kind = _KIND[card.type]
    effects = compile_effect(card.id, s.get("effect"))
    abilities = []
    for i, raw in enumerate(s.get("abilities") or ()):
        k = raw.get("kind")
        if k not in ("attack", "defense", "both"):
            raise CardDataError(f"{card.id}: ability kind {k!r}")
        abilities.append(Ability(i, str(raw.get("name")), attr_mask([raw["attribute"]]) if raw.get("attribute") else 0,
                                 k in ("attack", "both"), k in ("defense", "both"), _int(raw.get("health_cost")),
                                 compile_effect(card.id, raw.get("effect"))))
    attack_side = defense_side = None
    if kind is Kind.BATTLE:
        upright = _side(card.id, s.get("power_mod"), s.get("defense_mod"), s.get("effect"))
        bk = s.get("kind")
        if bk == "attack":
            attack_side = upright
        elif bk == "defense":
            defense_side = upright
        elif bk == "both":  # GZ-BATTLE-5: upright side and the upside-down `reverse`, one for each timing
            rev = s.get("reverse") or {}
            reverse = _side(card.id, rev.get("power_mod"), rev.get("defense_mod"), rev.get("effect"))
            if rev.get("kind") == "defense":
                attack_side, defense_side = upright, reverse
            else:
                attack_side, defense_side = reverse, upright
        else:
            raise CardDataError(f"{card.id}: battle kind {bk!r}")
    counter = ""
    if kind is Kind.OPERATION and s.get("counter"):
        counter = next((e.what for e in effects if e.what), "any")
    return GzCard(
        uid_name=f"{card.id} {card.name}",
        id=card.id,
        name=card.name,
        kind=kind,
        unique=card.unique,
        unlimited=card.max_copies is None,
        attrs=attr_mask(s.get("attributes")),
        control=_int(s.get("control")),
        battle_cards=bool(s.get("battle_cards")),
        power=_int(s.get("power")),
        defense=_int(s.get("defense")),
        health=_int(s.get("health")),
        effects=effects,
        rebellion=_int(s.get("rebellion")),
        blue=s.get("rebellion_color") == "blue",
        species=str(s.get("species") or ""),
        evolves_to=tuple(s.get("evolves_to") or ()),
        devolves_to=tuple(s.get("devolves_to") or ()),
        fusion=tuple(s.get("fusion") or ()),
        weapon=bool(s.get("weapon")),
        range_any=s.get("range") == "any",
        movement=str(s.get("movement") or ""),
        abilities=tuple(abilities),
        subtype=_SUBTYPE.get(str(s.get("subtype")), ""),
        cost=_int(s.get("cost")),
        attach_to=str(s.get("attach_to") or ""),
        counter=counter,
        attack_side=attack_side,
        defense_side=defense_side,
    )


@functools.cache
def gz_cards() -> dict[str, GzCard]:
    """Every card of the pool as a typed record, by id (built once per process)."""
    pool: CardPool = load_pool("godzilla")
    return {c.id: build_card(c) for c in pool}


on_pool_change(gz_cards.cache_clear)  # user card files changed the pool: the records are rebuilt from it
