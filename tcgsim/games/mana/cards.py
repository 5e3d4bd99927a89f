"""Typed Legend of Mana card records, built once from carddb/mana (stats as ints, effects compiled once)."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from enum import IntEnum

from tcgsim.cards import Card, CardPool, load_pool, on_pool_change
from tcgsim.games.mana.effects import _PARAMS, CardEffects, Verb, compile_effects


class Attr(IntEnum):
    """The eight attributes (属性: 火・土・風・水・光・闇・木・金)."""

    FIRE = 0
    EARTH = 1
    WIND = 2
    WATER = 3
    LIGHT = 4
    DARK = 5
    WOOD = 6
    GOLD = 7


ATTR_BY_NAME = {a.name.lower(): a for a in Attr}


class Kind(IntEnum):
    ARTIFACT = 0
    MONSTER = 1
    SUPPORT = 2
    ITEM = 3
    CHARACTER = 4


# The four printed arrows of a land, in the order (up, left, right, down), as offsets on the grid. "Up" points
# away from the land's owner (MANA-LAND-6).
ARROW_OFFSETS: tuple[tuple[int, int], ...] = ((0, 1), (-1, 0), (1, 0), (0, -1))


@dataclass(frozen=True, slots=True)
class ManaCard:
    uid_name: str  # "LOM-029 Drakonis", for logs
    id: str
    name: str
    kind: Kind
    cost: int | None  # None: no artifact side (The Flames), or X (chosen when used)
    variable_cost: bool
    attribute: Attr | None
    base_mana: int
    arrows: tuple[int, int, int, int]  # up, left, right, down
    counts_as: frozenset[Attr]  # lands (Orchard, Tree of Mana) and characters that count as other attributes
    str_: int  # printed STR (0 where the card's text defines it: see effects)
    def_: int
    open_condition: Attr | None
    can_attack_party: bool
    condition: tuple[Attr, ...]  # supports: attribute icons needed
    timing: str | None
    effects: CardEffects
    # items: knife, sword, axe, sword2h, axe2h, hammer, spear, staff, gloves, flail, bow, instrument
    item_type: str | None = None
    # what the card gives an attribute condition: a land its attribute(s); a character (Bud, Lisa) its counts-as
    sources: frozenset[Attr] = frozenset()

    @property
    def is_land(self) -> bool:
        return self.kind is Kind.ARTIFACT


_KIND = {"artifact": Kind.ARTIFACT, "monster": Kind.MONSTER, "support": Kind.SUPPORT, "item": Kind.ITEM,
         "character": Kind.CHARACTER}


def _attr(value: object) -> Attr | None:
    return ATTR_BY_NAME.get(str(value)) if value else None


def _int(value: object) -> int:
    return value if isinstance(value, int) else 0


# The card schema, for user card files (tcgsim.usercards) and docs/cards/mana.md: every `stats` field build_card
# reads (and the printed texts the pool keeps for people), with the YAML types it may hold; effects are the
# card's own `effects:` list, each naming its verb by `do:`.
_N = type(None)
STAT_FIELDS: dict[str, tuple[type, ...]] = {
    "cost": (int, str, _N), "attribute": (str, _N), "base_mana": (int,), "arrows": (dict,), "counts_as": (list,),
    "str": (int, str), "def": (int, str), "open_condition": (str, _N), "can_attack_party": (bool,),
    "condition": (list,), "timing": (str, _N), "item_type": (str, _N), "instrument": (bool,),
    "land_name": (str,), "land_text": (str,), "artifact_text": (str,), "skill": (str, _N),
}
# The closed vocabularies among them: a text field (or each item of a list field) must be one of these, or the
# engine would read the card as having none (an attribute it does not know counts for no condition).
_ATTRS = tuple(ATTR_BY_NAME)
STAT_CHOICES: dict[str, tuple[str, ...]] = {
    "attribute": (*_ATTRS, "special"), "open_condition": _ATTRS, "counts_as": _ATTRS, "condition": _ATTRS,
    # main, battle and cancel decide when a support is used; the others are printed timings of always-on cards
    "timing": ("main", "battle", "cancel", "replenishment", "end_of_battle", "always"),
    "item_type": ("knife", "sword", "axe", "sword2h", "axe2h", "hammer", "spear", "staff", "gloves", "flail", "bow",
                  "instrument"),
}
EFFECT_PLACES: tuple[tuple[str, ...], ...] = (("effects",),)
VERB_KEY = "do"
EFFECT_VERBS: tuple[str, ...] = tuple(v.value for v in Verb)
EFFECT_KEYS: tuple[str, ...] = tuple(sorted(_PARAMS))


def build_card(card: Card) -> ManaCard:
    s = card.stats
    arrows = s.get("arrows") or {}
    cost = s.get("cost")
    effects = compile_effects(card.id, card.effects)
    counts_as = frozenset(a for a in (_attr(x) for x in s.get("counts_as") or ()) if a is not None)
    attribute = _attr(s.get("attribute"))
    if card.type == "character":
        sources = frozenset(ATTR_BY_NAME[a] for a in effects.counts_as)
    else:
        sources = counts_as or (frozenset({attribute}) if attribute is not None else frozenset())
    return ManaCard(
        uid_name=f"{card.id} {card.name}",
        id=card.id,
        name=card.name,
        kind=_KIND[card.type],
        cost=cost if isinstance(cost, int) else None,
        variable_cost=cost == "X",
        attribute=_attr(s.get("attribute")),
        base_mana=_int(s.get("base_mana")),
        arrows=(_int(arrows.get("up")), _int(arrows.get("left")), _int(arrows.get("right")), _int(arrows.get("down"))),
        counts_as=frozenset(a for a in (_attr(x) for x in s.get("counts_as") or ()) if a is not None),
        str_=_int(s.get("str")),
        def_=_int(s.get("def")),
        open_condition=_attr(s.get("open_condition")),
        can_attack_party=bool(s.get("can_attack_party", True)),
        condition=tuple(a for a in (_attr(x) for x in s.get("condition") or ()) if a is not None),
        timing=s.get("timing"),
        effects=effects,
        item_type=s.get("item_type"),
        sources=sources,
    )


@functools.cache
def mana_cards() -> dict[str, ManaCard]:
    """Every card of the pool as a typed record, by id (built once per process)."""
    pool: CardPool = load_pool("mana")
    return {c.id: build_card(c) for c in pool}


on_pool_change(mana_cards.cache_clear)  # user card files changed the pool: the records are rebuilt from it
