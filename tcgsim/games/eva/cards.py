"""Typed EVA card records and the city (第3新東京市), built once from carddb/eva (stats as ints, effects compiled).

The city is card data: the nine city cards (CITY-01..09) belong to no one (EVA-SETUP-4), and what the rules read
of them is here: the adjacency of the six main characters (I-CITY), the Evas' pilots and strength, and the two
rules of grouping every rule set and the scripted players share (`normalise_groups`, `can_reach`, I-REACH).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum

import yaml

from tcgsim.cards import Card, CardDataError, carddb_dir, load_pool, on_pool_change, one_per_card
from tcgsim.games.eva.effects import (
    CHAR_INDEX,
    CHARACTERS,
    EVA_INDEX,
    EVAS,
    OTHER,
    Cond,
    Effect,
    Verb,
    compile_cond,
    compile_effects,
)


class Kind(IntEnum):
    CHARACTER = 0
    EVA = 1
    DRAMA = 2
    BATTLE = 3
    PUT = 4
    ANGEL = 5
    HOKAN = 6


KIND_NAMES = {"character": Kind.CHARACTER, "eva": Kind.EVA, "drama": Kind.DRAMA, "battle": Kind.BATTLE,
              "put": Kind.PUT, "angel": Kind.ANGEL, "hokan": Kind.HOKAN}
PUT_KINDS = frozenset({Kind.CHARACTER, Kind.EVA, Kind.PUT})  # EVA-TALK-9: cards that end under a main card


class Mark(IntEnum):
    HURT = 0  # ▲ 傷
    SEEK = 1  # ● 求


@dataclass(frozen=True, slots=True)
class EvaCard:
    id: str
    name: str
    kind: Kind
    type: str  # the type name as in the data ("drama"...), for counters' `against`
    colour: int  # 0..5 a main character, OTHER (6) for (OTHER) cards, -1 for 使徒 / 補完
    draw_points: int
    marks: tuple[tuple[Mark, int], ...]  # the dialogue side: (▲ / ●, addressee)
    serif_colour: int  # the dialogue side's speaker: its colour, or `serif.colour` of an (OTHER) card (-1: none)
    serif_counter: bool  # the dialogue side is flagged <対抗> (I-COUNTER)
    card_counter: frozenset[str]  # card side <対抗>: the types it answers (empty: not a counter)
    effects: tuple[Effect, ...]
    # put-type cards
    put_char: int  # character card: the character it goes under (-1 otherwise)
    allowance: int  # character card: extra cards per turn
    put_eva: int  # eva card: its Eva, -1 for "any"
    eva_strength: int  # eva card: +strength while its Eva fights
    weapons: int  # eva card: extra weapon slots
    target_kind: str  # put card: "character" | "eva" | ""
    keys: tuple[int, ...]  # put card: the only main characters / Evas it may go under (empty: any)
    # 使徒
    strength: int
    # 補完
    hokan_char: int
    lv1: Cond | None
    lv2: Cond | None
    text_lv1: str
    text_lv2: str
    # derived from `marks` once at load (the scripted players read them per card per decision)
    serif_targets: tuple[int, ...] = ()  # the dialogue side's addressees, distinct, ascending
    serif_pairs: tuple[tuple[int, int], ...] = ()  # every two of serif_targets (a < b)
    hurt_mask: int = 0  # bit t: a ▲ for t
    seek_mask: int = 0  # bit t: a ● for t

    @property
    def is_put(self) -> bool:
        return self.kind in PUT_KINDS

    @property
    def other(self) -> bool:
        return self.colour == OTHER

    @property
    def weapon(self) -> Effect | None:
        return next((e for e in self.effects if e.verb is Verb.WEAPON), None)

    def mark_for(self, kind: Mark, addressee: int) -> bool:
        return (kind, addressee) in self.marks

    def mark_for_any(self, addressee: int) -> bool:
        """A ▲ or ● of the dialogue side names `addressee`."""
        return any(t == addressee for _k, t in self.marks)


def _colour(value: object, card_id: str) -> int:
    if value is None:
        return -1
    if value == "other":
        return OTHER
    if value not in CHAR_INDEX:
        raise CardDataError(f"card {card_id}: unknown colour {value!r}")
    return CHAR_INDEX[str(value)]


# The card schema, for user card files (tcgsim.usercards) and docs/cards/eva.md: every `stats` field build_card
# reads (and `other`, `pilot`, `pilot_of`, kept for people), with the YAML types it may hold; effects are
# `stats.effect`, each naming its verb by `verb:`.
_N = type(None)
STAT_FIELDS: dict[str, tuple[type, ...]] = {
    "colour": (str, _N), "draw_points": (int, _N), "serif": (dict, _N), "effect": (dict, list, _N),
    "counter": (bool,), "target": (str, _N), "allowance": (int, _N), "strength": (int, _N), "weapons": (int, _N),
    "target_kind": (str, _N), "keys": (list,), "character": (str,), "lv1": (dict,), "lv2": (dict,),
    "text_lv1": (str,), "text_lv2": (str,), "key": (str,), "other": (bool,), "pilot": (str,),
    "pilot_of": (str, _N),
}
SIGNED_FIELDS: tuple[str, ...] = ("draw_points", "strength")  # may be below 0
# The closed vocabularies among them: a text field (or each item of a list field) must be one of these.
STAT_CHOICES: dict[str, tuple[str, ...]] = {
    "colour": (*CHARACTERS, "other"), "target": (*CHARACTERS, *EVAS, "any"), "target_kind": ("character", "eva"),
    "character": CHARACTERS, "key": (*CHARACTERS, *EVAS), "keys": (*CHARACTERS, *EVAS), "pilot": CHARACTERS,
    "pilot_of": EVAS,
}
EFFECT_PLACES: tuple[tuple[str, ...], ...] = (("stats", "effect"),)
VERB_KEY = "verb"
EFFECT_VERBS: tuple[str, ...] = tuple(v.value for v in Verb)
EFFECT_KEYS: tuple[str, ...] = ("verb", "amount", "target", "key", "keys", "characters", "type", "against", "if",
                                "when")
SERIF_KEYS: tuple[str, ...] = ("colour", "counter", "marks")
CONDITION_KEYS: tuple[str, ...] = ("kind", "character", "characters", "colour", "count", "target", "evas",
                                   "conditions")


def build_card(card: Card) -> EvaCard:
    s = card.stats
    where = f"card {card.id}"
    serif = s.get("serif") or {}
    marks = tuple(
        (Mark.HURT if m["kind"] == "hurt" else Mark.SEEK, CHAR_INDEX[m["target"]]) for m in serif.get("marks") or ()
    )
    kind = KIND_NAMES[card.type]
    colour = _colour(s.get("colour"), card.id) if kind not in (Kind.ANGEL, Kind.HOKAN) else -1
    # EVA-SERIF-1: every card but 補完 and 使徒 has a dialogue side, and its colour is the speaker (EVA-SERIF-3);
    # an (OTHER) card's dialogue side names its own (`serif.colour`, I-OTHER)
    serif_colour = colour
    if colour == OTHER:
        serif_colour = _colour(serif.get("colour"), card.id)
        if serif_colour == OTHER:
            raise CardDataError(f"card {card.id}: the dialogue side of an (OTHER) card needs a character colour")
    effects = compile_effects(s.get("effect"), where)
    counter = next((e for e in effects if e.verb is Verb.COUNTER), None)
    target = s.get("target")
    targets = tuple(sorted({t for _k, t in marks}))
    return EvaCard(
        id=card.id,
        name=card.name,
        kind=kind,
        type=card.type,
        colour=colour,
        draw_points=int(s.get("draw_points") or 0),
        marks=marks,
        serif_colour=serif_colour,
        serif_counter=bool(serif.get("counter", False)),
        card_counter=counter.against if counter is not None and s.get("counter") else frozenset(),
        effects=effects,
        put_char=CHAR_INDEX[target] if kind is Kind.CHARACTER and target in CHAR_INDEX else -1,
        allowance=int(s.get("allowance") or 0) if kind is Kind.CHARACTER else 0,
        put_eva=EVA_INDEX.get(str(target), -1) if kind is Kind.EVA else -1,
        eva_strength=int(s.get("strength") or 0) if kind is Kind.EVA else 0,
        weapons=int(s.get("weapons") or 0) if kind is Kind.EVA else 0,
        target_kind=str(s.get("target_kind") or "") if kind is Kind.PUT else "",
        keys=tuple((CHAR_INDEX[k] if k in CHAR_INDEX else EVA_INDEX[k]) for k in s.get("keys") or ()),
        strength=int(s.get("strength") or 0) if kind is Kind.ANGEL else 0,
        hokan_char=CHAR_INDEX[s["character"]] if kind is Kind.HOKAN else -1,
        lv1=compile_cond(s["lv1"], where) if kind is Kind.HOKAN else None,
        lv2=compile_cond(s["lv2"], where) if kind is Kind.HOKAN else None,
        text_lv1=str(s.get("text_lv1") or ""),
        text_lv2=str(s.get("text_lv2") or ""),
        serif_targets=targets,
        serif_pairs=tuple((a, b) for i, a in enumerate(targets) for b in targets[i + 1:]),
        hurt_mask=sum({1 << t for k, t in marks if k is Mark.HURT}),
        seek_mask=sum({1 << t for k, t in marks if k is Mark.SEEK}),
    )


@functools.cache
def eva_cards() -> dict[str, EvaCard]:
    """Every non-city card of the pool as a typed record, by id (built once per process)."""
    pool = load_pool("eva")
    return {c.id: build_card(c) for c in pool if not c.city}


on_pool_change(eva_cards.cache_clear)  # user card files changed the pool: the records are rebuilt from it


@dataclass(frozen=True, slots=True)
class City:
    """第3新東京市 as data (carddb/eva/city.yaml; I-CITY): adjacency of the six, the Evas' pilots and strength."""

    adjacent: tuple[frozenset[int], ...]  # per character
    pilot: tuple[int, ...]  # per Eva: its pilot character
    eva_strength: tuple[int, ...]
    weapon_slots: tuple[int, ...]
    names_ja: tuple[str, ...]
    eva_names_ja: tuple[str, ...]


@functools.cache
def city() -> City:
    path = carddb_dir() / "eva" / "city.yaml"
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise CardDataError(f"{path}: cannot read ({exc.strerror})") from exc
    chars = {c["key"]: c for c in data["characters"]}
    evas = {e["key"]: e for e in data["evas"]}
    adjacent = tuple(frozenset(CHAR_INDEX[o] for o in chars[k]["adjacent"]) for k in CHARACTERS)
    for i, near in enumerate(adjacent):
        for j in near:
            if i not in adjacent[j]:
                raise CardDataError(f"{path}: adjacency of {CHARACTERS[i]} and {CHARACTERS[j]} is not symmetric")
    return City(
        adjacent=adjacent,
        pilot=tuple(CHAR_INDEX[evas[k]["pilot"]] for k in EVAS),
        eva_strength=tuple(int(evas[k]["strength"]) for k in EVAS),
        weapon_slots=tuple(int(evas[k].get("weapon_slots", 1)) for k in EVAS),
        names_ja=tuple(str(chars[k]["name_ja"]) for k in CHARACTERS),
        eva_names_ja=tuple(str(evas[k]["name_ja"]) for k in EVAS),
    )


N_CHARS = 6
N_EVAS = 3


def normalise_groups(group: list[int]) -> None:
    """Label each group by its smallest member; a group of one is no group (I-REACH)."""
    members: dict[int, list[int]] = {}
    for c, label in enumerate(group):
        if label >= 0:
            members.setdefault(label, []).append(c)
    for c in range(len(group)):
        group[c] = -1
    for chars in members.values():
        if len(chars) > 1:
            for c in chars:
                group[c] = chars[0]


def can_reach(adjacent: Sequence[frozenset[int]], group: Sequence[int], c: int, t: int) -> bool:
    """I-REACH: c may address t if they are adjacent in the city or in one group."""
    return c != t and (t in adjacent[c] or (group[c] >= 0 and group[c] == group[t]))


CHAR_NAMES = ("Shinji", "Rei", "Asuka", "Misato", "Ritsuko", "Gendo")
EVA_NAMES = ("Unit-00", "Unit-01", "Unit-02")




def distinct(uids: Sequence[int], cards: Sequence[EvaCard]) -> list[int]:
    """One uid (the smallest) per card name, in uid order: copies give the same choices, so offer them once.
    Independent of the order of the zone, so a re-dealt deck offers the same choices."""
    return one_per_card(sorted(uids), cards)


