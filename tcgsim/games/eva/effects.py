"""The EVA effect vocabulary and condition kinds (docs/rules/eva.md "The reconstructed pool"), compiled once.

Cards are data (carddb/eva/cards.yaml: `stats.effect`, 補完 `lv1` / `lv2`); this module turns them into frozen
records the engine reads without parsing anything. A verb or condition kind the vocabulary does not know is a
data error raised at load time, so a card can never silently do nothing.

Conditions are evaluated on a `Board` (plain tuples), the public part of a position: the engine and the
scripted players ask the same questions of it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import IntEnum, StrEnum
from typing import Any

from tcgsim.cards import CardDataError

__all__ = ["CHARACTERS", "EVAS", "OTHER", "Verb", "CondKind", "Cond", "Effect", "Board", "compile_effects",
           "compile_cond", "holds"]

# The six main characters and three main Evas, as indices (seed ▼ゲーム開始準備▼ ③ order).
CHARACTERS: tuple[str, ...] = ("shinji", "rei", "asuka", "misato", "ritsuko", "gendo")
EVAS: tuple[str, ...] = ("unit00", "unit01", "unit02")
OTHER = 6  # the colour of (OTHER) cards: spoken by any face-up character, no allowance used
CHAR_INDEX = {k: i for i, k in enumerate(CHARACTERS)}
EVA_INDEX = {k: i for i, k in enumerate(EVAS)}


class Verb(StrEnum):
    DRAW = "draw"
    DISCARD_RANDOM = "discard_random"
    RECOVER = "recover"
    TUTOR = "tutor"
    DOWN = "down"
    REVIVE = "revive"
    GROUP = "group"
    UNGROUP = "ungroup"
    PROTECT = "protect"
    STRENGTH = "strength"
    WEAPON = "weapon"
    COUNTER = "counter"
    DEFEAT_ANGEL = "defeat_angel"
    SORTIE = "sortie"


class CondKind(StrEnum):
    GROUPED_WITH = "grouped_with"
    GROUP_SIZE = "group_size"
    ALONE = "alone"
    CHARACTER_UP = "character_up"
    DOWNED = "downed"
    DOWNED_COUNT = "downed_count"
    EVAS_UP = "evas_up"
    ANGELS_DEFEATED = "angels_defeated"
    ANGEL_PRESENT = "angel_present"
    SPOKEN_COUNT = "spoken_count"
    HAND_AT_LEAST = "hand_at_least"
    PUT_UNDER = "put_under"
    EVAS_IN_BATTLE = "evas_in_battle"
    ALL_OF = "all_of"


class Target(IntEnum):
    """What an effect's `target` names."""

    NONE = 0
    CHARACTER = 1
    EVA = 2
    EVAS = 3  # the Evas' battle total
    ANGEL = 4
    OPPONENT = 5  # discard_random: an opponent the speaker chooses
    EACH = 6
    TURN_PLAYER = 7


_TARGETS = {"character": Target.CHARACTER, "eva": Target.EVA, "evas": Target.EVAS, "angel": Target.ANGEL,
            "opponent": Target.OPPONENT, "each": Target.EACH, "turn_player": Target.TURN_PLAYER}


@dataclass(frozen=True, slots=True)
class Cond:
    kind: CondKind
    character: int = -1  # -1: the 補完 card's character (or, in `if`, the card's own context)
    characters: tuple[int, ...] = ()
    count: int = 0
    colour: int = -1
    place: tuple[str, int] = ("", -1)  # put_under: ("character" | "eva", index)
    evas: tuple[int, ...] = ()
    parts: tuple[Cond, ...] = ()


@dataclass(frozen=True, slots=True)
class Effect:
    verb: Verb
    amount: int = 0
    target: Target = Target.NONE
    key: int = -1  # a fixed character / Eva index; -1: chosen by the speaker (or the card's own place)
    keys: tuple[int, ...] = ()
    characters: tuple[int, ...] = ()
    type: str = ""  # tutor: the card type searched for
    against: frozenset[str] = frozenset()  # counter: the card types it answers
    cond: Cond | None = None  # `if`
    when: str = ""  # "", "draw1", "lost", "won"


@dataclass(frozen=True, slots=True)
class Board:
    """The public facts conditions are about. Tuples indexed like CHARACTERS / EVAS."""

    down: tuple[bool, ...]  # per character
    group: tuple[int, ...]  # per character: a group label, -1 for none
    eva_down: tuple[bool, ...]
    under_char: tuple[int, ...]  # cards under each main character
    under_eva: tuple[int, ...]
    angels_defeated: int
    angel_present: bool
    in_battle: tuple[int, ...]  # Evas in the current battle
    spoken_by_colour: tuple[int, ...]  # for the player asking: cards it spoke this turn, per colour (7 entries)
    hand: int  # the asking player's hand size


def _char(value: object, where: str) -> int:
    if value is None:
        return -1
    if str(value) not in CHAR_INDEX:
        raise CardDataError(f"{where}: unknown character {value!r}")
    return CHAR_INDEX[str(value)]


def _eva(value: object, where: str) -> int:
    if value is None or value == "any":
        return -1
    if str(value) not in EVA_INDEX:
        raise CardDataError(f"{where}: unknown Eva {value!r}")
    return EVA_INDEX[str(value)]


def _place(value: object, where: str) -> tuple[str, int]:
    if str(value) in CHAR_INDEX:
        return ("character", CHAR_INDEX[str(value)])
    if str(value) in EVA_INDEX:
        return ("eva", EVA_INDEX[str(value)])
    raise CardDataError(f"{where}: unknown main card {value!r}")


def compile_cond(raw: Mapping[str, Any], where: str) -> Cond:
    try:
        kind = CondKind(str(raw.get("kind")))
    except ValueError:
        raise CardDataError(f"{where}: unknown condition kind {raw.get('kind')!r}") from None
    if kind is CondKind.ALL_OF:
        return Cond(kind, parts=tuple(compile_cond(c, where) for c in raw.get("conditions") or ()))
    colour = raw.get("colour")
    return Cond(
        kind,
        character=_char(raw.get("character"), where),
        characters=tuple(_char(c, where) for c in raw.get("characters") or ()),
        count=int(raw.get("count") or 0),
        colour=(OTHER if colour == "other" else _char(colour, where)) if colour is not None else -1,
        place=_place(raw["target"], where) if kind is CondKind.PUT_UNDER else ("", -1),
        evas=tuple(_eva(e, where) for e in raw.get("evas") or ()),
    )


def _effect(raw: Mapping[str, Any], where: str) -> Effect:
    try:
        verb = Verb(str(raw.get("verb")))
    except ValueError:
        raise CardDataError(f"{where}: unknown verb {raw.get('verb')!r}") from None
    target_name = raw.get("target")
    target = _TARGETS.get(str(target_name), Target.NONE) if target_name is not None else Target.NONE
    if target_name is not None and target is Target.NONE:
        raise CardDataError(f"{where}: unknown target {target_name!r}")
    key_raw = raw.get("key")
    key = -1
    if key_raw is not None:
        key = CHAR_INDEX[key_raw] if key_raw in CHAR_INDEX else _eva(key_raw, where)
    keys = tuple(_eva(k, where) for k in raw.get("keys") or ())
    cond = compile_cond(raw["if"], where) if raw.get("if") else None
    when = str(raw.get("when") or "")
    if when not in ("", "draw1", "lost", "won"):
        raise CardDataError(f"{where}: unknown trigger {when!r}")
    return Effect(
        verb=verb,
        amount=int(raw.get("amount") or 0),
        target=target,
        key=key,
        keys=keys,
        characters=tuple(_char(c, where) for c in raw.get("characters") or ()),
        type=str(raw.get("type") or ""),
        against=frozenset(str(t) for t in raw.get("against") or ()),
        cond=cond,
        when=when,
    )


def compile_effects(raw: object, where: str) -> tuple[Effect, ...]:
    if raw is None:
        return ()
    if isinstance(raw, Mapping):
        return (_effect(raw, where),)
    if isinstance(raw, Sequence) and not isinstance(raw, str):
        return tuple(_effect(e, where) for e in raw)
    raise CardDataError(f"{where}: an effect is null, a mapping or a list of mappings")


def group_members(group: Sequence[int], c: int) -> int:
    """How many characters share c's group (c included); 1 when c is in no group."""
    label = group[c]
    return 1 if label < 0 else sum(1 for g in group if g == label)


def holds(cond: Cond, board: Board, character: int) -> bool:
    """Whether a condition holds on the board; `character` is the 補完 card's character (the default)."""
    k = cond.kind
    c = cond.character if cond.character >= 0 else character
    if k is CondKind.GROUPED_WITH:
        label = board.group[c] if c >= 0 else -1
        return label >= 0 and all(board.group[o] == label for o in cond.characters)
    if k is CondKind.GROUP_SIZE:
        return c >= 0 and group_members(board.group, c) >= cond.count and board.group[c] >= 0
    if k is CondKind.ALONE:
        return c >= 0 and board.group[c] < 0
    if k is CondKind.CHARACTER_UP:
        return c >= 0 and not board.down[c]
    if k is CondKind.DOWNED:
        return c >= 0 and board.down[c]
    if k is CondKind.DOWNED_COUNT:
        return sum(board.down) >= cond.count
    if k is CondKind.EVAS_UP:
        return sum(1 for d in board.eva_down if not d) >= cond.count
    if k is CondKind.ANGELS_DEFEATED:
        return board.angels_defeated >= cond.count
    if k is CondKind.ANGEL_PRESENT:
        return board.angel_present
    if k is CondKind.SPOKEN_COUNT:
        return board.spoken_by_colour[cond.colour] >= cond.count
    if k is CondKind.HAND_AT_LEAST:
        return board.hand >= cond.count
    if k is CondKind.PUT_UNDER:
        kind, index = cond.place
        under = board.under_char if kind == "character" else board.under_eva
        return under[index] >= cond.count
    if k is CondKind.EVAS_IN_BATTLE:
        if cond.evas:
            return all(e in board.in_battle for e in cond.evas)
        return len(board.in_battle) >= cond.count
    if k is CondKind.ALL_OF:
        return all(holds(p, board, character) for p in cond.parts)
    raise AssertionError(k)
