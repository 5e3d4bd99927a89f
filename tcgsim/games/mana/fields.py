"""The attributes of a Legend of Mana state that its rule mixins share, typed once.

`ManaState` (game.py) inherits one mixin per rule area (setup.py, lands.py ... card_effects.py), and every mixin
inherits `StateFields`: annotations only, so mypy knows what `self` holds in each module. The methods one area
calls in another are declared here for mypy alone (`if TYPE_CHECKING`); at run time the class is empty, and
every method lookup finds the one definition it found before the split."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from tcgsim.engine import State

if TYPE_CHECKING:
    from tcgsim.games.mana.cards import Attr, ManaCard
    from tcgsim.games.mana.game import ManaGame
    from tcgsim.games.mana.state import Battle, Choice, Land, Phase, Player, Pos


class StateFields(State):
    """What every rule mixin of `ManaState` may use: its attributes (typed), and for mypy the methods of the
    other areas. Nothing here is a value: at run time lookups go straight to the mixins and `State`."""

    game: ManaGame
    cards: tuple[ManaCard, ...]
    rng: random.Random
    players: list[Player]
    active: int  # whose turn it is
    phase: Phase
    battle: Battle | None
    pending: list[Choice]  # decisions the rules hand to a player, the newest last
    shifted: bool  # SS Buccaneer used this turn
    stack: list[tuple[int, Any, int]]  # cards being used: (seat, action, cost paid), newest last
    lasting: list[tuple[str, int, int]]  # (flag, seat, last turn it holds)
    _relocated: bool  # the card being resolved went somewhere of its own (not the discard pile)
    _attr_cache: dict[int, list[frozenset[Attr]]] | None
    hand_turn: list[int]
    played_turn: list[int]

    if TYPE_CHECKING:
        # ManaState, game.py
        def _win(self, winner: int | None, reason: Any) -> None: ...
        def _draw(self, seat: int, n: int = 1) -> int: ...
        def _played(self, uid: int) -> None: ...
        def _phase_name(self) -> str: ...
        def _advance(self) -> None: ...
        def _trash_monster(self, land_owner: int, pos: Pos, *, in_battle: bool) -> None: ...
        def _battle_land(self, b: Battle | None = None) -> Land | None: ...
        def _lasting_on(self, flag: str, seat: int | None = None) -> bool: ...
        def _monster_codes(self, owner: int) -> tuple[int, ...]: ...
