"""The numbers of a GODZILLA game that the seed leaves open and a player may change (`tcgsim ... --option
NAME=VALUE`): `GzOptions`, the options class of `GzGame` (game.py re-exports it). A module of its own, below the
state (state.py reads them as `opts`), so nothing that reads the options imports the game."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from tcgsim.engine import GameOptions

__all__ = ["BattleCards", "Draws", "FirstPlayer", "GzOptions", "OperationWindows", "PregameRebellion", "Reach",
           "Relief"]


class FirstPlayer(StrEnum):
    """GZ-SETUP-1: who plays first."""

    SEAT0 = "seat0"
    SEAT1 = "seat1"
    RANDOM = "random"


class Relief(StrEnum):
    """GZ-MISC-10 / GZ-INT-24: which of the defender's monsters may relieve an attacked base."""

    ANY = "any"  # any awake, open monster of the defender, wherever it stands (the seed: 任意に選択する)
    NEIGHBOURS = "neighbours"  # only those on the attacked base or next to it (range any: anywhere)


class Draws(StrEnum):
    """GZ-INT-2: who draws in a turn's draw phase."""

    BOTH = "both"  # the sister game: the active player, then the other, each draws `draws_per_turn`
    ACTIVE = "active"  # only the active player draws


class PregameRebellion(StrEnum):
    """GZ-SETUP-15: when the pre-game placement's rebellion is checked."""

    AFTER = "after"  # once, when the pre-game placement ends (the seed: ここで怪獣を配置した場合 ... 発生する)
    EACH_CARD = "each_card"  # as each card is placed (GZ-CTRL-3's "at once"; tcgsim's rule until issue 13)


class OperationWindows(StrEnum):
    """GZ-OP-3 / GZ-INT-31: when operations may be used outside the active player's advance phase."""

    SEED = "seed"  # also the opponent's turn (start of placement and advance) and inside battles, after the reveal
    BEFORE_BATTLE = "before_battle"  # only the windows before each battle (tcgsim's rule until issue 13)


class BattleCards(StrEnum):
    """GZ-COUNTER-1 / GZ-INT-32: how the two sides of a battle choose what they fight with."""

    IN_TURN = "in_turn"  # the attacker plays first, face up (the defender may counter), then the defender
    FACE_DOWN = "face_down"  # both choose face down, revealed together: no counter (tcgsim's rule until issue 13)


class Reach(StrEnum):
    """GZ-MON-10 / GZ-INT-33: which enemy bases a monster may attack from the own base it stands on."""

    FRONT = "front"  # the facing enemy bases: one area either side (飛行: two); range any: every enemy base
    ANY = "any"  # every enemy base, from anywhere (tcgsim's rule until issue 13)


@dataclass(frozen=True)
class GzOptions(GameOptions):
    turn_limit: int = field(default=100, metadata={"help": "total turns (both players) before a draw (GZ-INT-12)"})
    first_player: FirstPlayer = field(default=FirstPlayer.SEAT0, metadata={
        "help": "GZ-SETUP-1: seat0 plays first (runners play each deal both ways), seat1, or random (the game's "
                "seeded RNG)"})
    draws_per_turn: int = field(default=2, metadata={"help": "cards each drawing player draws in a draw phase "
                                                             "(GZ-INT-2)"})
    draws: Draws = field(default=Draws.BOTH, metadata={
        "help": "GZ-INT-2: both (each turn the active player, then the other, draws; the sister game) or active "
                "(only the active player draws)"})
    hand_limit: int = field(default=8, metadata={"help": "hand size kept at the end of one's turn (GZ-START-3)"})
    closed_base_recovery: int = field(default=2, metadata={
        "help": "damage a closed base recovers at the end of its owner's turn (GZ-INT-8)"})
    same_card_counters: bool = field(default=True, metadata={
        "help": "GZ-COUNTER-2: the standard rules' counter by the same card"})
    relief: Relief = field(default=Relief.ANY, metadata={
        "help": "GZ-INT-24: any (the defender picks any awake, open monster of theirs) or neighbours (only from "
                "the attacked base and the bases next to it)"})
    pregame_rebellion: PregameRebellion = field(default=PregameRebellion.AFTER, metadata={
        "help": "GZ-SETUP-15: after (rebellion checked once, when the pre-game placement ends) or each_card (as "
                "each card is placed)"})
    operation_windows: OperationWindows = field(default=OperationWindows.SEED, metadata={
        "help": "GZ-INT-31: seed (the non-active player may also use an operation at the start of the placement "
                "and advance phases, and both players after the battle cards are revealed) or before_battle (only "
                "the windows before each battle)"})
    battle_cards: BattleCards = field(default=BattleCards.IN_TURN, metadata={
        "help": "GZ-INT-32: in_turn (the attacker's battle card is played face up and may be countered, then the "
                "defender's) or face_down (both chosen face down and revealed together, no counter)"})
    reach: Reach = field(default=Reach.FRONT, metadata={
        "help": "GZ-INT-33: front (a monster attacks the enemy bases facing its own base, one area either side, "
                "two for 飛行, all with range any) or any (every enemy base from anywhere)"})
