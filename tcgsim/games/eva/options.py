"""The interpretations of an EVA game that a player may change (`tcgsim ... --option NAME=VALUE`): `EvaOptions`
(the standard rules, `EvaGame`) and `EvaShortOptions` (the short rule, `EvaShortGame`); game.py re-exports both.
A module of its own, below the state's fields (fields.py reads them as `game.options`), so nothing that reads the
options imports the game."""

from __future__ import annotations

from dataclasses import dataclass

from tcgsim.engine import GameOptions

__all__ = ["EvaOptions", "EvaShortOptions"]


@dataclass(frozen=True)
class EvaOptions(GameOptions):
    turn_limit: int = 200  # I-LIMIT: total turns (all players) before the game is a draw
    rei_recovers: bool = True  # EVA-DRAW1-2 (CITY-02's rule); the short rule voids it (EVA-SHORT-12)
    random_first_player: bool = True  # EVA-SETUP-7: じゃんけん, i.e. the seeded RNG; False: seat 0 first


@dataclass(frozen=True)
class EvaShortOptions(GameOptions):
    turn_limit: int = 60  # I-LIMIT: rounds (①-④) before the game is a draw
    random_first_player: bool = True  # EVA-SHORT-7: seeded RNG; False: seat 0 first
