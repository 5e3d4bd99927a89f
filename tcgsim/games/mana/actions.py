"""The actions a Legend of Mana player can take: small frozen dataclasses, hashable, with a JSON form.

Which of them are legal in a position is decided by `ManaState.legal_actions()` (game.py), the one place the
rules live. Cards in hand and characters are named by instance uid; places on the field by (land owner, x, y),
so an action never reveals a hidden card.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any, ClassVar

Where = tuple[int, int, int]  # (land owner, x, y)


@dataclass(frozen=True, slots=True)
class ManaAction:
    kind: ClassVar[str] = "action"

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        for key, value in data.items():
            if isinstance(value, tuple):
                data[key] = list(value)
        return {"action": self.kind, **data}


@dataclass(frozen=True, slots=True)
class Mulligan(ManaAction):
    """Setup: return the 7 cards, shuffle, draw 7 (only when the hand is all artifacts or has none)."""

    kind: ClassVar[str] = "mulligan"
    take: bool


@dataclass(frozen=True, slots=True)
class MakeLand(ManaAction):
    """Land make: an artifact from hand becomes a land at (x, y) of one's own grid (once a turn, free)."""

    kind: ClassVar[str] = "make_land"
    card: int
    x: int
    y: int


@dataclass(frozen=True, slots=True)
class OpenMonster(ManaAction):
    """Pay a face-down monster's cost and turn it face up."""

    kind: ClassVar[str] = "open"
    at: Where


@dataclass(frozen=True, slots=True)
class AttackMonster(ManaAction):
    """Untapped characters attack one enemy monster together (they tap afterwards)."""

    kind: ClassVar[str] = "attack_monster"
    at: Where
    characters: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class MoveMonster(ManaAction):
    """A monster on one's own land moves into an empty enemy land (one way)."""

    kind: ClassVar[str] = "move"
    at: Where
    to: Where


@dataclass(frozen=True, slots=True)
class AttackParty(ManaAction):
    """A face-up monster attacks the enemy party."""

    kind: ClassVar[str] = "attack_party"
    at: Where


@dataclass(frozen=True, slots=True)
class EndMain(ManaAction):
    kind: ClassVar[str] = "end_main"


@dataclass(frozen=True, slots=True)
class PlaceMonster(ManaAction):
    """Monster placement phase: a monster from hand onto an own empty land, face down (free) or open (paid)."""

    kind: ClassVar[str] = "place"
    card: int
    x: int
    y: int
    open: bool = False


@dataclass(frozen=True, slots=True)
class EndPlacement(ManaAction):
    kind: ClassVar[str] = "end_placement"


@dataclass(frozen=True, slots=True)
class Block(ManaAction):
    """Answer to a moving monster: block with these untapped characters (none: let it move)."""

    kind: ClassVar[str] = "block"
    characters: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Defend(ManaAction):
    """Answer to a party attack: fight with these characters, or (empty) let it through for 1 mana."""

    kind: ClassVar[str] = "defend"
    characters: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class AssignDamage(ManaAction):
    """The monster's side: the order its damage goes to the characters fighting it."""

    kind: ClassVar[str] = "assign_damage"
    order: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Discard(ManaAction):
    kind: ClassVar[str] = "discard"
    card: int


@dataclass(frozen=True, slots=True)
class ChooseCharacter(ManaAction):
    kind: ClassVar[str] = "choose_character"
    character: int


@dataclass(frozen=True, slots=True)
class Pay(ManaAction):
    kind: ClassVar[str] = "pay"
    yes: bool


@dataclass(frozen=True, slots=True)
class Sacrifice(ManaAction):
    kind: ClassVar[str] = "sacrifice"
    cards: tuple[int, ...]


ACTION_TYPES: dict[str, type[ManaAction]] = {
    cls.kind: cls
    for cls in (Mulligan, MakeLand, OpenMonster, AttackMonster, MoveMonster, AttackParty, EndMain, PlaceMonster,
                EndPlacement, Block, Defend, AssignDamage, Discard, ChooseCharacter, Pay, Sacrifice)
}


def action_from_json(data: Mapping[str, Any]) -> ManaAction:
    cls = ACTION_TYPES[str(data["action"])]
    fields = {k: tuple(v) if isinstance(v, list) else v for k, v in data.items() if k != "action"}
    return cls(**fields)
