"""The interpretations of a Legend of Mana game that a player may change (`tcgsim ... --option NAME=VALUE`):
`ManaOptions`, the options class of `ManaGame` (game.py re-exports it). A module of its own, below the state's
fields (fields.py reads them as `game.options`), so nothing that reads the options imports the game."""

from __future__ import annotations

from dataclasses import dataclass, field

from tcgsim.engine import GameOptions
from tcgsim.games.mana.common import ArrowReading, MoveBattleReading, StealReading, WindowReading

__all__ = ["ManaOptions"]


@dataclass(frozen=True)
class ManaOptions(GameOptions):
    # MANA-WIN-5: above the longest game the decks allow: a 60-card deck (53 after the opening hand) decks out by
    # turn 109 (first player: draws on turns 3, 5, ..., 107) unless cards go back into it (Mailbox, Succubus).
    turn_limit: int = field(default=120, metadata={
        "help": "total turns before the game is a draw; above the 109 turns after which a 60-card deck is out"})
    arrows: ArrowReading = ArrowReading.OUTGOING
    steal: StealReading = field(default=StealReading.SPENT_ONLY, metadata={
        "help": "MANA-MON-8: where an arriving monster takes the land's base mana from: spent_only (the seed: the "
                "land owner's spent pool, a short pool gives less) or spent_first (then the available pool)"})
    move_battle: MoveBattleReading = field(default=MoveBattleReading.ORIGIN, metadata={
        "help": "MANA-BATTLE-11: where a blocked move is fought: origin (the seed: the fight happens on the way, "
                "on the land the monster leaves) or destination (on the land it enters)"})
    windows: WindowReading = field(default=WindowReading.REVEAL_FIRST, metadata={
        "help": "MANA-FX-WINDOW-1: reveal_first (a face-down monster opens, then the sides alternate windows "
                "until both pass; only Thesenis and Kristie before the opening) or before_reveal (the old order: "
                "characters' side, monster's side, then the opening)"})
