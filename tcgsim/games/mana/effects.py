"""The Legend of Mana effect vocabulary: triggers, conditions, verbs, compiled once from the card data.

Cards are data (carddb/mana/cards.yaml, key `effects`); this module turns each card's list of effect mappings
into a `CardEffects` bundle the engine reads on its hot path without parsing anything. A verb the vocabulary
does not know is a data error, raised at load time, so a card can never silently do nothing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from tcgsim.cards import CardDataError, CardPool

__all__ = ["Trigger", "Cond", "Verb", "Effect", "CardEffects", "compile_effects", "unmodelled_card_ids"]

ATTRS = ("fire", "earth", "wind", "water", "light", "dark", "wood", "gold")


class Trigger(StrEnum):
    ALWAYS = "always"  # continuous: stat formulas, attribute bonus changes
    BATTLE = "battle"  # while in a battle: modifiers and battle abilities
    OPEN = "open"  # when turned face up, for any reason
    TRASHED = "trashed"  # when sent to the discard pile, anywhere
    TRASHED_IN_BATTLE = "trashed_in_battle"
    SURVIVED_BATTLE = "survived_battle"  # at the end of a battle it was in and not trashed
    END_OF_BATTLE = "end_of_battle"  # at the end of a battle it was in, either way
    KILLS_CHARACTER = "kills_character"  # when its damage trashes a character
    LAND = "land"  # a land side: applies to the monster standing on it, or to the land's controller
    ARTIFACT = "artifact"  # an artifact used as an artifact (main phase, its printed cost)
    MAIN = "main"  # a support used in the main phase; a character's main-phase ability (taps it)
    CANCEL = "cancel"  # answers a card as it is used (a support, an artifact, an item, a land make)
    REPLENISH = "replenishment"  # a character's ability at character replenishment (start phase)
    TECHNIQUE = "technique"  # an item's special technique (in battle; listed in printed order)


class Cond(StrEnum):
    ON_OWN_LAND = "on_own_land"
    ON_ENEMY_LAND = "on_enemy_land"
    ON_A_LAND = "on_a_land"  # the battle happens on a land (not an attack on the party)
    MOVEMENT_BATTLE = "movement_battle"
    PARTY_BATTLE = "party_battle"
    IN_BATTLE = "in_battle"
    OPENED_BY_CHARACTER_ATTACK = "opened_by_character_attack"
    LAND_NOT = "land_not"  # the land it stands on is not of the given attribute
    # techniques and character abilities (seen from the character side)
    VS_OWN_LAND = "vs_own_land"  # the monster stands on a land of the character's side
    VS_ENEMY_LAND = "vs_enemy_land"  # the monster stands on a land of the other side
    VS_OPEN = "vs_open"  # the monster was already face up when the battle began
    VS_COST_AT_LEAST = "vs_cost_at_least"  # the monster's printed cost is at least the argument
    ALONE = "alone"  # the character attacks a monster alone
    TAPPING_BATTLE = "tapping_battle"  # a battle that taps its characters (attack or block)
    # when an in-battle support may be used
    VS_FACEDOWN = "vs_facedown"  # the user's characters fight an enemy monster that is face down
    OWN_MONSTER = "own_monster"  # the monster of the battle is the user's


class Verb(StrEnum):
    MODIFY = "modify"  # STR/DEF change of the card itself
    MODIFY_OPPONENTS = "modify_opponents"  # STR/DEF change of the characters fighting it
    SET_STAT = "set_stat"  # STR or DEF (or both) defined by a count
    SET_STATS = "set_stats"  # STR and DEF replaced by fixed values
    ATTRIBUTE_BONUS = "attribute_bonus"  # its attribute bonus differs from +1/+1
    FIRST_STRIKE = "first_strike"
    NO_DAMAGE = "no_damage"  # takes no damage
    DISABLE_BATTLE_SKILLS = "disable_battle_skills"  # in its battle, in-battle skills of others do nothing
    DAMAGE_EACH_CHARACTER = "damage_each_character"  # deals its damage to every character in the battle
    SACRIFICE_FROM_HAND = "sacrifice_from_hand"  # trash cards of a type from hand for +STR/+DEF each
    DISCARD = "discard"  # a player discards cards of their choice from hand
    DRAW = "draw"
    GAIN_MANA = "gain_mana"  # to the available pool
    TAP_CHARACTER = "tap_character"
    TAP_ALL_CHARACTERS = "tap_all_characters"
    TRASH_SELF = "trash_self"
    TRASH_LAND_AND_SELF = "trash_land_and_self"
    TRASH_CHARACTER = "trash_character"
    TRASH_ITEM_IN_BATTLE = "trash_item_in_battle"
    TRASH_TOP_CHARACTER_DECK = "trash_top_character_deck"
    RETURN_CHARACTER_FROM_DISCARD = "return_character_from_discard"
    TO_TOP_OF_DECK = "to_top_of_deck"  # replaces going to the discard pile
    MAY_PAY_RETURN_TO_HAND = "may_pay_return_to_hand"
    # land sides
    MODIFY_MONSTER_HERE = "modify_monster_here"
    BLOCK_ENEMY_MOVES = "block_enemy_moves"
    PLACE_IF = "place_if"
    SHIFT_LAND = "shift_land"
    CHARACTER_TRASHED_HERE = "character_trashed_here"
    MONSTER_TRASHED_HERE = "monster_trashed_here"
    COUNTS_AS = "counts_as"
    # artifacts and supports (used from hand), character abilities
    RESHUFFLE_DRAW = "reshuffle_draw"  # hand and discard pile back into the deck, shuffle, draw `count`
    TRASH_ITEMS = "trash_items"  # every item in play, or those of the target character
    TRASH_ITEM = "trash_item"  # one item (the target)
    OPEN_MONSTERS = "open_monsters"  # every face-down monster, or the targets
    TRASH_FROM_HAND = "trash_from_hand"  # from a player's hand: every card of a type, or `count` at random
    RETURN_LAND_TO_HAND = "return_land_to_hand"
    TRASH_MONSTER = "trash_monster"  # the target monster (or the battle's monster)
    TRASH_LAND = "trash_land"  # the target land, with any monster on it
    SEARCH = "search"  # a card of a type from the main deck to hand (shuffle); `place`: onto an own land
    REVEAL_DECK = "reveal_deck"
    LASTING = "lasting"  # a flag that lasts `duration` (this_turn | next_turn)
    LOSE_MANA = "lose_mana"  # `pool`: available (depletes) or any (used first)
    TRASH_MISMATCHED = "trash_mismatched"  # Sword of Mana
    TO_CHARACTER_DECK = "to_character_deck"  # Useless Putty: face up on top of a character deck
    MODIFY_TARGET = "modify_target"  # a character or the monster of the battle gets STR/DEF
    PLACE_AS_MONSTER = "place_as_monster"  # Lilipea's Illusion
    ARRANGE_CHARACTER_DECK = "arrange_character_deck"
    BECOME_LAND = "become_land"  # Gaeus's Pulse
    MOVE_LAND = "move_land"  # pick a land up and re-place it (no mana)
    DUEL = "duel"  # Duelle's Battle Arena
    BATTLE_FLAG = "battle_flag"  # a rule for the rest of this battle (`flag`)
    COUNTER = "counter"  # answer a card being used (`mode`: trash | return | double)
    FORCE_BATTLE = "force_battle"  # King of the Winds Selva
    TAP_OR_UNTAP = "tap_or_untap"
    UNTAP_CHARACTER = "untap_character"
    TO_TOP_FROM_DISCARD = "to_top_from_discard"
    PEEK_MONSTER = "peek_monster"
    STAND_IN = "stand_in"  # Professor Thesenis: fights in place of the monster
    RETURN_FROM_DISCARD = "return_from_discard"  # a card of one's discard pile back to hand
    MILL_CHOOSE = "mill_choose"  # Lil' Cactus Diary
    DISCARD_HAND_DRAW = "discard_hand_draw"  # Trent's Fruiting Time
    DRAW_TO = "draw_to"  # draw until the hand holds `count`
    SWAP_WITH_CHARACTER_DECK = "swap_with_character_deck"  # Hero, Heroine
    LAND_FROM_DISCARD = "land_from_discard"  # Rosiotti's Teaching: an artifact of the discard pile made land
    # continuous character abilities
    SYNCHRO = "synchro"  # STR/DEF while a named partner is in play (`with`)
    EQUIP_LIMIT = "equip_limit"  # `only` / `never` item types; `none`; `any_number`
    COST_DISCOUNT = "cost_discount"  # `of`: support | open | technique, by `amount`, never below 1
    DAMAGE_TO_ME_FIRST = "damage_to_me_first"  # Escad
    MODIFY_ALLIES = "modify_allies"  # the other characters of the battle
    DISABLE_MONSTER_SKILLS = "disable_monster_skills"
    PER_ITEM = "per_item"  # STR/DEF per equipped item
    NO_TECHNIQUES = "no_techniques"
    TRASH_LAND_IF_KILLED = "trash_land_if_killed"  # Larc
    # techniques
    MODIFY_MONSTER = "modify_monster"  # the monster of the battle gets STR/DEF
    UNTAP_AFTER = "untap_after"  # the character untaps at the end of the battle
    STR_PLUS_MONSTER_COST = "str_plus_monster_cost"
    TRASH_BOTH = "trash_both"  # the monster and the equipped character
    RETURN_MONSTER_IF_SURVIVES = "return_monster_if_survives"
    RETURN_IF_TRASHED = "return_if_trashed"  # Shockwave
    TRICKSHOT = "trickshot"


@dataclass(frozen=True, slots=True)
class Count:
    """A number read off the position: lands (of an attribute, on a side), characters in the battle, the
    opponent's available mana; times a factor."""

    what: str  # lands | characters_in_battle | opponent_available_mana
    attribute: str | None = None
    side: str = "both"  # own | enemy | both (seen from the card's owner)
    times: int = 1


@dataclass(frozen=True, slots=True)
class Effect:
    on: Trigger
    verb: Verb
    cond: Cond | None = None
    cond_arg: str | None = None
    who: str | None = None  # owner | opponent | both
    count: int = 1
    amount: int = 0
    str_: int = 0
    def_: int = 0
    stat: str | None = None  # str | def | both
    value: Count | None = None
    attribute: str | None = None
    among: str | None = None  # battle | party
    chooser: str | None = None  # owner | opponent
    card_type: str | None = None
    not_in_battle: bool = False
    cost: int = 0
    # used cards, abilities and techniques
    target: str | None = None  # what the user picks (see TARGETS)
    max_def: int = 0  # the target character's printed DEF at most this (0: any)
    name_has: str | None = None  # the target's name contains this
    face: str | None = None  # the target monster is face "down" / "up"
    duration: str | None = None  # lasting effects: this_turn | next_turn
    flag: str | None = None  # lasting and battle flags
    pool: str | None = None  # lose_mana: available | any
    mode: str | None = None  # counter: trash | return | double
    answers: tuple[str, ...] = ()  # counter: what it answers (land, support, artifact, item)
    max_cost: int = 0  # counter: the answered card's cost at most this (0: any)
    partners: tuple[str, ...] = ()  # synchro: names of the partners (any one suffices)
    only: tuple[str, ...] = ()  # equip limit: item types allowed
    never: tuple[str, ...] = ()  # equip limit: item types refused
    none: bool = False  # equip limit: no items at all
    any_number: bool = False  # equip limit: any number of items
    of: str | None = None  # cost discount: support | open | technique
    needs: tuple[str, ...] = ()  # instrument technique: attribute icons (each needs its own source)
    vs: str | None = None  # extra STR against monsters of this attribute
    vs_str: int = 0
    name: str | None = None  # a technique's name
    attributes: tuple[str, ...] = ()  # counts_as for characters


@dataclass(frozen=True, slots=True)
class CardEffects:
    """A card's effects, sorted by when the engine needs them."""

    all: tuple[Effect, ...] = ()
    always: tuple[Effect, ...] = ()
    battle: tuple[Effect, ...] = ()
    on_open: tuple[Effect, ...] = ()
    on_trashed: tuple[Effect, ...] = ()
    on_trashed_in_battle: tuple[Effect, ...] = ()
    on_survived_battle: tuple[Effect, ...] = ()
    on_end_of_battle: tuple[Effect, ...] = ()
    on_kills_character: tuple[Effect, ...] = ()
    land: tuple[Effect, ...] = ()
    artifact: tuple[Effect, ...] = ()
    main: tuple[Effect, ...] = ()
    cancel: tuple[Effect, ...] = ()
    replenish: tuple[Effect, ...] = ()
    techniques: tuple[Effect, ...] = ()
    # flags and numbers the hot path reads directly
    first_strike: bool = False
    disables_battle_skills: bool = False
    attribute_bonus: tuple[int, int] = (1, 1)
    blocks_enemy_moves: bool = False
    place_if_discards: int = 0
    shift_land: bool = False
    to_top_of_deck: bool = False
    has_battle_skill: bool = False
    land_mods: tuple[tuple[str | None, int, int], ...] = field(default=())  # (monster attribute or None, str, def)
    synchro: tuple[Effect, ...] = ()
    equip_limit: Effect | None = None
    counts_as: tuple[str, ...] = ()  # a character counting as attributes for conditions
    discount: tuple[tuple[str, int], ...] = ()  # (support | open | technique, amount)
    pearl: bool = False  # disables the monster's skills in its battle (Princess Pearl)
    first_damage: bool = False  # takes the monster's damage first (Escad)
    counted: bool = False  # its STR/DEF is counted off the position (set_stat, always or in battle)
    # the effect that names what a use acts on (its target), else the first: read when uses are listed
    main_head: Effect | None = None
    battle_head: Effect | None = None
    artifact_head: Effect | None = None

    @property
    def modelled(self) -> bool:
        return bool(self.all)


_PARAMS = {"on", "do", "if", "who", "count", "amount", "str", "def", "stat", "value", "attribute", "among",
           "chooser", "card_type", "not_in_battle", "cost", "discards_at_least", "gain_mana",
           "may_pay_return_to_hand", "target", "max_def", "name_has", "face", "duration", "flag", "pool", "mode",
           "answers", "max_cost", "with", "only", "never", "none", "any_number", "of", "needs", "vs", "vs_str", "name",
           "attributes"}
_TUPLES = ("answers", "with", "only", "never", "needs", "attributes")
TARGETS = frozenset({
    "opponent_character", "own_character", "any_character", "battle_fighter", "own_battle_character",
    "opponent_monster", "own_monster", "battle_monster", "opponent_land", "empty_land", "any_land_move",
    "own_land_move", "own_empty_land", "land_square", "discard_artifact_square", "own_discard",
    "discard_monster_or_character", "opponent_item", "seat", "opponent_character_and_own_monster",
    "opponent_facedown_monsters",
})


def _cond(card_id: str, raw: object) -> tuple[Cond | None, str | None]:
    if raw is None:
        return None, None
    if isinstance(raw, Mapping) and len(raw) == 1:
        ((key, arg),) = raw.items()
        if key == "land_not" and arg in ATTRS:
            return Cond.LAND_NOT, str(arg)
        if key == "vs_cost_at_least":
            return Cond.VS_COST_AT_LEAST, str(int(arg))
        raise CardDataError(f"mana {card_id}: unknown condition {dict(raw)}")
    try:
        return Cond(str(raw)), None
    except ValueError:
        raise CardDataError(f"mana {card_id}: unknown condition {raw!r}") from None


def _count(card_id: str, raw: object) -> Count | None:
    if raw is None:
        return None
    if not isinstance(raw, Mapping) or "count" not in raw:
        raise CardDataError(f"mana {card_id}: a value is {{count: ...}}, got {raw!r}")
    what = str(raw["count"])
    if what not in ("lands", "characters_in_battle", "opponent_available_mana"):
        raise CardDataError(f"mana {card_id}: unknown count {what!r}")
    return Count(what, raw.get("attribute"), str(raw.get("side", "both")), int(raw.get("times", 1)))


def compile_effect(card_id: str, raw: Mapping[str, Any]) -> Effect:
    unknown = set(raw) - _PARAMS
    if unknown:
        raise CardDataError(f"mana {card_id}: unknown effect keys {sorted(unknown)}")
    try:
        on = Trigger(str(raw["on"]))
        verb = Verb(str(raw["do"]))
    except (KeyError, ValueError) as exc:
        raise CardDataError(f"mana {card_id}: bad effect {dict(raw)} ({exc})") from None
    cond, cond_arg = _cond(card_id, raw.get("if"))
    target = raw.get("target")
    if target is not None and target not in TARGETS:
        raise CardDataError(f"mana {card_id}: unknown target {target!r}")
    tuples = {}
    for key in _TUPLES:
        value = raw.get(key) or ()
        tuples[key] = (value,) if isinstance(value, str) else tuple(str(v) for v in value)
    amount = int(raw.get("amount", raw.get("gain_mana", 0)) or 0)
    cost = int(raw.get("cost", raw.get("may_pay_return_to_hand", 0)) or 0)
    return Effect(
        on=on, verb=verb, cond=cond, cond_arg=cond_arg, who=raw.get("who"), count=int(raw.get("count", 1)),
        amount=amount, str_=int(raw.get("str", 0)), def_=int(raw.get("def", 0)), stat=raw.get("stat"),
        value=_count(card_id, raw.get("value")), attribute=raw.get("attribute"), among=raw.get("among"),
        chooser=raw.get("chooser"), card_type=raw.get("card_type"), not_in_battle=bool(raw.get("not_in_battle")),
        cost=cost if verb is not Verb.PLACE_IF else int(raw.get("discards_at_least", 0)),
        target=target, max_def=int(raw.get("max_def", 0)), name_has=raw.get("name_has"), face=raw.get("face"),
        duration=raw.get("duration"), flag=raw.get("flag"), pool=raw.get("pool"), mode=raw.get("mode"),
        answers=tuples["answers"], max_cost=int(raw.get("max_cost", 0)), partners=tuples["with"],
        only=tuples["only"], never=tuples["never"], none=bool(raw.get("none")), any_number=bool(raw.get("any_number")),
        of=raw.get("of"), needs=tuples["needs"], vs=raw.get("vs"), vs_str=int(raw.get("vs_str", 0)),
        name=raw.get("name"), attributes=tuples["attributes"],
    )


def compile_effects(card_id: str, raws: Sequence[Mapping[str, Any]]) -> CardEffects:
    effects = tuple(compile_effect(card_id, raw) for raw in raws)
    by: dict[Trigger, list[Effect]] = {t: [] for t in Trigger}
    for e in effects:
        by[e.on].append(e)
    bonus = next(((e.str_, e.def_) for e in effects if e.verb is Verb.ATTRIBUTE_BONUS), (1, 1))
    return CardEffects(
        all=effects,
        always=tuple(by[Trigger.ALWAYS]),
        battle=tuple(by[Trigger.BATTLE]),
        on_open=tuple(by[Trigger.OPEN]),
        on_trashed=tuple(by[Trigger.TRASHED]),
        on_trashed_in_battle=tuple(by[Trigger.TRASHED_IN_BATTLE]),
        on_survived_battle=tuple(by[Trigger.SURVIVED_BATTLE]),
        on_end_of_battle=tuple(by[Trigger.END_OF_BATTLE]),
        on_kills_character=tuple(by[Trigger.KILLS_CHARACTER]),
        land=tuple(by[Trigger.LAND]),
        artifact=tuple(by[Trigger.ARTIFACT]),
        main=tuple(by[Trigger.MAIN]),
        cancel=tuple(by[Trigger.CANCEL]),
        replenish=tuple(by[Trigger.REPLENISH]),
        techniques=tuple(by[Trigger.TECHNIQUE]),
        first_strike=any(e.verb is Verb.FIRST_STRIKE for e in effects),
        disables_battle_skills=any(e.verb is Verb.DISABLE_BATTLE_SKILLS for e in effects),
        attribute_bonus=bonus,
        blocks_enemy_moves=any(e.verb is Verb.BLOCK_ENEMY_MOVES for e in effects),
        place_if_discards=max((e.cost for e in effects if e.verb is Verb.PLACE_IF), default=0),
        shift_land=any(e.verb is Verb.SHIFT_LAND for e in effects),
        to_top_of_deck=any(e.verb is Verb.TO_TOP_OF_DECK for e in effects),
        has_battle_skill=bool(by[Trigger.BATTLE]),
        land_mods=tuple((e.attribute, e.str_, e.def_) for e in effects if e.verb is Verb.MODIFY_MONSTER_HERE),
        synchro=tuple(e for e in effects if e.verb is Verb.SYNCHRO),
        equip_limit=next((e for e in effects if e.verb is Verb.EQUIP_LIMIT), None),
        counts_as=next((e.attributes for e in effects if e.verb is Verb.COUNTS_AS and e.on is Trigger.ALWAYS), ()),
        discount=tuple((str(e.of), e.amount) for e in effects if e.verb is Verb.COST_DISCOUNT),
        pearl=any(e.verb is Verb.DISABLE_MONSTER_SKILLS and e.on is Trigger.BATTLE for e in effects),
        first_damage=any(e.verb is Verb.DAMAGE_TO_ME_FIRST for e in effects),
        counted=any(e.verb is Verb.SET_STAT for e in by[Trigger.ALWAYS] + by[Trigger.BATTLE]),
        main_head=_head(by[Trigger.MAIN]),
        battle_head=_head(by[Trigger.BATTLE]),
        artifact_head=_head(by[Trigger.ARTIFACT]),
    )


def _head(effects: Sequence[Effect]) -> Effect | None:
    """The effect a use of these effects is checked and targeted by: the first with a target, else the first."""
    if not effects:
        return None
    return next((e for e in effects if e.target is not None), effects[0])


# Markers of printed text that has nothing to model.
_NOTHING = ("no skill (vanilla)",)


def unmodelled_card_ids(pool: CardPool) -> frozenset[str]:
    """Ids of cards with an effect the simulator does not model yet (they play as their printed stats).

    A land/artifact card needs both sides: its land side (unless it has no land text) and its artifact side
    (unless it has none); every other card needs its effects, unless its text has nothing to model."""
    missing: set[str] = set()
    for card in pool:
        ons = {str(e.get("on")) for e in card.effects}
        if card.type == "artifact":
            land_text = str(card.stats.get("land_text") or "")
            needs_land = "no land text" not in land_text
            needs_artifact = card.stats.get("cost") is not None
            if (needs_land and "land" not in ons) or (needs_artifact and "artifact" not in ons):
                missing.add(card.id)
        elif card.text and not any(m in card.text for m in _NOTHING) and not card.effects:
            missing.add(card.id)
    return frozenset(missing)
