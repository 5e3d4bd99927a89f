"""The numbers of a GODZILLA game that the seed leaves open and a player may change (`tcgsim ... --option
NAME=VALUE`): `GzOptions`, the options class of `GzGame` (game.py re-exports it). A module of its own, below the
state (state.py reads them as `opts`), so nothing that reads the options imports the game."""

from __future__ import annotations

from dataclasses import dataclass

from tcgsim.engine import GameOptions

__all__ = ["GzOptions"]


@dataclass(frozen=True)
class GzOptions(GameOptions):
    turn_limit: int = 100  # total turns (both players) before a draw (GZ-INT-12)
    first_player: int | None = 0  # GZ-SETUP-1: seat 0 plays first (runners play each deal both ways); None: the
    # game's seeded RNG decides
    draws_per_turn: int = 2  # GZ-INT-2
    hand_limit: int = 8  # GZ-START-3
    closed_base_recovery: int = 2  # GZ-INT-8
    same_card_counters: bool = True  # GZ-COUNTER-2: the standard rules' same-card counter
