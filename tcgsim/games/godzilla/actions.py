"""The actions a GODZILLA player can take: small immutable records, hashable, with a JSON form.

Which of them are legal in a position is decided by `GzState.legal_actions()` (game.py and the rule-area modules
its state is made of, setup.py, turn.py, battle.py...), the one place the rules live. Names used in the fields:
- `card`: a card instance (uid) in the acting player's hand or stock;
- `site`: a base on the field, by its site id (stable while the base stays: a face-down base is never named by
  its card, so an action never reveals a hidden card);
- `monster`: a monster on the field, by its individual id (stable through evolution: GZ-EVO-8's "same
  individual");
- `target`: a site id, a monster id, or a card uid, as the action explains; -1 for none.

Each action is a NamedTuple underneath (fast to build: the engine builds one per legal move); equality also
compares the action's type, so `Pass()` never equals `EndPlacement()`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, NamedTuple

from tcgsim.engine import ActionRecord, decode_action

LEFT = -1  # PlaceBase slot: the left end of the row
RIGHT = -2  # PlaceBase slot: the right end of the row


class GzAction(ActionRecord):
    """Every godzilla action (the shared record behaviour lives in tcgsim.engine.ActionRecord)."""

    __slots__ = ()


class _Nothing(NamedTuple):
    pass


class _Card(NamedTuple):
    card: int


class _CardTarget(NamedTuple):
    card: int
    target: int


class _Site(NamedTuple):
    card: int
    slot: int


class _CardSite(NamedTuple):
    card: int
    site: int


class _Monster(NamedTuple):
    monster: int


class _MonsterSite(NamedTuple):
    monster: int
    site: int


class _Target(NamedTuple):
    target: int


class PlaceBase(GzAction, _Site):
    """Place a base: at the left (-1) or right (-2) end of one's row, or into the ruin at row index `slot`
    (GZ-BASE-15). Setup: the first base, the initial placement (open); pre-game and in turn: closed."""

    kind: ClassVar[str] = "place_base"


class PlaceMonster(GzAction, _CardSite):
    """Place a red monster from hand (or, at setup, from the main deck) on one's open base sharing an attribute."""

    kind: ClassVar[str] = "place_monster"


class EndPlacement(GzAction, _Nothing):
    """End the initial placement, the pre-game placement or the placement phase."""

    kind: ClassVar[str] = "end_placement"


class _Deck(NamedTuple):
    battle: bool


class Draw(GzAction, _Deck):
    """Draw phase: draw one card from the main deck or (battle=True) from the battle deck (GZ-INT-2)."""

    kind: ClassVar[str] = "draw"


class Open(GzAction, _Target):
    """Turn a closed base (site id) or closed weapon (monster id) of one's own face up (GZ-INT-7, GZ-INT-10)."""

    kind: ClassVar[str] = "open"


class Close(GzAction, _Target):
    """Close an open base (site id, GZ-BASE-10) or weapon (monster id, GZ-INT-10) of one's own."""

    kind: ClassVar[str] = "close"


class PlayEvent(GzAction, _CardTarget):
    """Play an event from hand, paying its cost: attached to `target` (a monster or site id), or, for an
    environment, `target` is the environment card (uid) it destroys, -1 for none (GZ-EVENT-7)."""

    kind: ClassVar[str] = "play_event"


class MovePerson(GzAction, _CardTarget):
    """Move one's person event `card` (on the field) to another card it may be attached to (GZ-EVENT-5)."""

    kind: ClassVar[str] = "move_person"


class UseOperation(GzAction, _CardTarget):
    """Use an operation from hand, paying its cost; `target` a monster or site id, -1 if it names none."""

    kind: ClassVar[str] = "use_operation"


class Pay(GzAction, _Card):
    """Pay one point of a cost: this hand card goes to the bottom of its deck (GZ-COST-2, GZ-COST-3)."""

    kind: ClassVar[str] = "pay"


class Counter(GzAction, _Card):
    """Counter (打ち消し) the card being played with this hand card (GZ-COUNTER-2)."""

    kind: ClassVar[str] = "counter"


class Pass(GzAction, _Nothing):
    """Decline: no counter, no (more) operations, no (more) evolutions."""

    kind: ClassVar[str] = "pass"


class Move(GzAction, _MonsterSite):
    """Advance phase: move an awake monster to another own base (adjacent, or any with range any)."""

    kind: ClassVar[str] = "move"


class Attack(GzAction, _MonsterSite):
    """Advance phase: declare an attack of an awake monster on an enemy base (GZ-MISC-9)."""

    kind: ClassVar[str] = "attack"


class Fuse(GzAction, _CardSite):
    """Advance phase: fuse the parts standing on `site` into the fused form `card` (hand or stock, GZ-FUSE-*)."""

    kind: ClassVar[str] = "fuse"


class Separate(GzAction, _Monster):
    """Advance phase: separate a fused monster into its parts (GZ-FUSE-6)."""

    kind: ClassVar[str] = "separate"


class EndAdvance(GzAction, _Nothing):
    """End the advance phase: the declared attacks go to the defender's relief assignment and battle."""

    kind: ClassVar[str] = "end_advance"


class Relieve(GzAction, _Monster):
    """Defender: send this monster as relief (救援) against the attack being assigned; -1 for none."""

    kind: ClassVar[str] = "relieve"


class _Fight(NamedTuple):
    card: int
    ability: int


class Fight(GzAction, _Fight):
    """Battle: fight with a battle card from hand (`card`), or a combat ability (its index), or neither (-1, -1:
    "power ±0")."""

    kind: ClassVar[str] = "fight"


class _Evolve(NamedTuple):
    monster: int
    card: int


class Evolve(GzAction, _Evolve):
    """Evolve a monster into `card` from hand or stock (GZ-EVO-*)."""

    kind: ClassVar[str] = "evolve"


class Pick(GzAction, _Target):
    """Answer a choice the rules hand to a player: a rebel, a rebellion target, a base to flee to, a card for an
    escaping person, a devolution card (-1: none)."""

    kind: ClassVar[str] = "pick"


class Discard(GzAction, _Card):
    """Put a hand card at the bottom of its deck (hand limit, or an opponent's `discard` effect)."""

    kind: ClassVar[str] = "discard"


class _Amount(NamedTuple):
    amount: int


class Split(GzAction, _Amount):
    """Separation: the damage the next part takes (GZ-FUSE-6)."""

    kind: ClassVar[str] = "split"


ACTION_TYPES: dict[str, type[GzAction]] = {
    cls.kind: cls
    for cls in (PlaceBase, PlaceMonster, EndPlacement, Draw, Open, Close, PlayEvent, MovePerson, UseOperation, Pay,
                Counter, Pass, Move, Attack, Fuse, Separate, EndAdvance, Relieve, Fight, Evolve, Pick, Discard, Split)
}


def action_from_json(data: Mapping[str, Any]) -> GzAction:
    action: GzAction = decode_action(ACTION_TYPES, data)
    return action
