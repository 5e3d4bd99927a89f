"""The actions a Legend of Mana player can take: small immutable records, hashable, with a JSON form.

Which of them are legal in a position is decided by `ManaState.legal_actions()` (game.py, with the rule area
mixins it inherits), never here. Cards in hand and characters are named by instance uid; places on the field by
(land owner, x, y), so an action never reveals a hidden card.

Each action is a NamedTuple underneath (immutable, and about twice as fast to build as a frozen dataclass: the
engine builds one per legal move, tens of thousands a second); equality also compares the action's type, so
`Block(())` never equals `Defend(())`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, NamedTuple

from tcgsim.engine import ActionRecord, decode_action

Where = tuple[int, int, int]  # (land owner, x, y)


class ManaAction(ActionRecord):
    """Every mana action (the shared record behaviour lives in tcgsim.engine.ActionRecord)."""

    __slots__ = ()


class _Mulligan(NamedTuple):
    take: bool


class Mulligan(ManaAction, _Mulligan):
    """Setup: return the 7 cards, shuffle, draw 7 (only when the hand is all artifacts or has none)."""

    kind: ClassVar[str] = "mulligan"


class _MakeLand(NamedTuple):
    card: int
    x: int
    y: int


class MakeLand(ManaAction, _MakeLand):
    """Land make: an artifact from hand becomes a land at (x, y) of one's own grid (once a turn, free).
    A negative card (-1 - land uid) shifts that land instead (SS Buccaneer)."""

    kind: ClassVar[str] = "make_land"


class _Where(NamedTuple):
    at: Where


class OpenMonster(ManaAction, _Where):
    """Pay a face-down monster's cost and turn it face up."""

    kind: ClassVar[str] = "open"


class AttackParty(ManaAction, _Where):
    """A face-up monster attacks the enemy party."""

    kind: ClassVar[str] = "attack_party"


class _AttackMonster(NamedTuple):
    at: Where
    characters: tuple[int, ...]


class AttackMonster(ManaAction, _AttackMonster):
    """Untapped characters attack one enemy monster together (they tap afterwards)."""

    kind: ClassVar[str] = "attack_monster"


class _MoveMonster(NamedTuple):
    at: Where
    to: Where


class MoveMonster(ManaAction, _MoveMonster):
    """A monster on one's own land moves into an empty enemy land (one way)."""

    kind: ClassVar[str] = "move"


class _Nothing(NamedTuple):
    pass


class EndMain(ManaAction, _Nothing):
    kind: ClassVar[str] = "end_main"


class EndPlacement(ManaAction, _Nothing):
    kind: ClassVar[str] = "end_placement"


class _PlaceMonster(NamedTuple):
    card: int
    x: int
    y: int
    open: bool = False


class PlaceMonster(ManaAction, _PlaceMonster):
    """Monster placement phase: a monster from hand onto an own empty land, face down (free) or open (paid)."""

    kind: ClassVar[str] = "place"


class _Characters(NamedTuple):
    characters: tuple[int, ...]


class Block(ManaAction, _Characters):
    """Answer to a moving monster: block with these untapped characters (none: let it move)."""

    kind: ClassVar[str] = "block"


class Defend(ManaAction, _Characters):
    """Answer to a party attack: fight with these characters, or (empty) let it through for 1 mana."""

    kind: ClassVar[str] = "defend"


class _Order(NamedTuple):
    order: tuple[int, ...]


class AssignDamage(ManaAction, _Order):
    """The monster's side: the order its damage goes to the characters fighting it."""

    kind: ClassVar[str] = "assign_damage"


class _Card(NamedTuple):
    card: int


class Discard(ManaAction, _Card):
    kind: ClassVar[str] = "discard"


class _Character(NamedTuple):
    character: int


class ChooseCharacter(ManaAction, _Character):
    kind: ClassVar[str] = "choose_character"


class _Yes(NamedTuple):
    yes: bool


class Pay(ManaAction, _Yes):
    kind: ClassVar[str] = "pay"


class _Cards(NamedTuple):
    cards: tuple[int, ...]


class Sacrifice(ManaAction, _Cards):
    kind: ClassVar[str] = "sacrifice"


class _Use(NamedTuple):
    card: int
    target: int = -1
    at: tuple[Where, ...] = ()
    x: int = 0


class UseCard(ManaAction, _Use):
    """Use a card or an ability: a support or an artifact from hand, an item to equip (`target`: the character),
    an item's technique (`card`: the item, `x`: which technique), a character's ability (`card`: the character).
    `target` is a uid (a character, an item, a card in a discard pile), -2 for the battle's monster, or a seat
    for effects that name a player; `at` names monsters and lands by place (a destination last); `x` is an X
    cost or a technique's index."""

    kind: ClassVar[str] = "use"


class Pass(ManaAction, _Nothing):
    """Decline a window: no cancel, nothing more in this battle, no swap."""

    kind: ClassVar[str] = "pass"


class ChooseCard(ManaAction, _Card):
    kind: ClassVar[str] = "choose_card"


class ChoosePlace(ManaAction, _Where):
    kind: ClassVar[str] = "choose_place"


ACTION_TYPES: dict[str, type[ManaAction]] = {
    cls.kind: cls
    for cls in (Mulligan, MakeLand, OpenMonster, AttackMonster, MoveMonster, AttackParty, EndMain, PlaceMonster,
                EndPlacement, Block, Defend, AssignDamage, Discard, ChooseCharacter, Pay, Sacrifice, UseCard, Pass,
                ChooseCard, ChoosePlace)
}


def action_from_json(data: Mapping[str, Any]) -> ManaAction:
    action: ManaAction = decode_action(ACTION_TYPES, data)
    return action
