"""The interpretations of an EVA game that a player may change (`tcgsim ... --option NAME=VALUE`): `EvaOptions`
(the standard rules, `EvaGame`) and `EvaShortOptions` (the short rule, `EvaShortGame`); game.py re-exports both.
A module of its own, below the state's fields (fields.py reads them as `game.options`), so nothing that reads the
options imports the game."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from tcgsim.engine import GameOptions

__all__ = ["CounterAnswers", "DeckOutReading", "EvaOptions", "EvaShortOptions", "TalkLimit"]


class DeckOutReading(StrEnum):
    """I-DRAW: who drops out under ④'s 「山札がなくなりカードが引けなくなったプレイヤー」 at the end of the phase."""

    EMPTY = "empty"  # the seed's words: the 山札 is gone, so the player can draw no more
    SHORT = "short"  # the player drew fewer cards than its draw points this phase


class CounterAnswers(StrEnum):
    """I-COUNTER, EVA-COUNTER-3: what may answer a card spoken on its card side as a <対抗>."""

    SEED = "seed"  # the seed forbids only a <対抗> セリフ on a <対抗> セリフ: a counter セリフ may answer it
    NONE = "none"  # nothing answers a counter of either kind (the reading before issue 13)


@dataclass(frozen=True)
class EvaOptions(GameOptions):
    turn_limit: int = 200  # I-LIMIT: total turns (all players) before the game is a draw
    rei_recovers: bool = True  # EVA-DRAW1-2 (CITY-02's rule); the short rule voids it (EVA-SHORT-12)
    random_first_player: bool = True  # EVA-SETUP-7: じゃんけん, i.e. the seeded RNG; False: seat 0 first
    deck_out: DeckOutReading = field(default=DeckOutReading.EMPTY, metadata={
        "help": "EVA-DRAW2-5 / I-DRAW: who drops out at the end of the 第2ドローフェイズ besides an empty hand: empty "
                "(the seed: 山札がなくなり, an empty deck) or short (drew fewer than its draw points this phase)"})
    counter_answers: CounterAnswers = field(default=CounterAnswers.SEED, metadata={
        "help": "EVA-COUNTER-3 / I-COUNTER: may a card-side <対抗> card be answered? seed (by a counter セリフ in the "
                "メインフェイズ; only セリフ on セリフ is forbidden) or none (no counter can be answered)"})


class TalkLimit(StrEnum):
    """EVA-SHORT-12 / I-SHORT: does the short rule keep EVA-TALK-4's one card per character per turn?"""

    KEPT = "kept"  # a rule of speech (▼ゲームの流れ＆カード使用方法▼), not a special rule of a city card
    VOID = "void"  # one of 「第3新東京市に置かれたメインキャラの特殊ルール等」: a face-up character speaks any number


@dataclass(frozen=True)
class EvaShortOptions(GameOptions):
    turn_limit: int = 60  # I-LIMIT: rounds (①-④) before the game is a draw
    random_first_player: bool = True  # EVA-SHORT-7: seeded RNG; False: seat 0 first
    talk_limit: TalkLimit = field(default=TalkLimit.KEPT, metadata={
        "help": "EVA-SHORT-12 / I-SHORT: kept (each main character speaks one card per turn, EVA-TALK-4) or void "
                "(the limit is one of the city's voided rules: a face-up character may speak any number)"})
