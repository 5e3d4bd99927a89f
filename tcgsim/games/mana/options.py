"""The interpretations of a Legend of Mana game that a player may change (`tcgsim ... --option NAME=VALUE`):
`ManaOptions`, the options class of `ManaGame` (game.py re-exports it). A module of its own, below the state's
fields (fields.py reads them as `game.options`), so nothing that reads the options imports the game."""

from __future__ import annotations

from dataclasses import dataclass

from tcgsim.engine import GameOptions
from tcgsim.games.mana.common import ArrowReading

__all__ = ["ManaOptions"]


@dataclass(frozen=True)
class ManaOptions(GameOptions):
    turn_limit: int = 80
    arrows: ArrowReading = ArrowReading.OUTGOING
