"""The game registry: one `GameInfo` per playable game, the single place the CLI and library look games up.

Game packages are imported lazily so that `tcgsim games` or validating a mana deck never pays for loading
the other games' engines.
"""

from __future__ import annotations

import difflib
import importlib
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tcgsim.engine import Game

__all__ = ["GameInfo", "GAMES", "UnknownGame", "all_lose_reasons", "get_game", "game_keys", "playable_games"]


class UnknownGame(ValueError):
    """A game name that is not registered; the message suggests the nearest one."""


@dataclass(frozen=True)
class GameInfo:
    key: str  # what users type: `tcgsim cards mana`, `game: mana` in a deck file
    title: str
    title_ja: str
    min_players: int
    max_players: int
    summary: str  # one line for `tcgsim games`
    card_types: tuple[str, ...]
    package: str  # folder under tcgsim/games
    carddb: str  # folder under carddb/
    game_attr: str = "GAME"  # the Game class's name in the package's game.py (variants share a package)

    def module(self, name: str) -> ModuleType:
        """One of the game's modules (rules, cards, state, actions, game, effects, ai)."""
        return importlib.import_module(f"tcgsim.games.{self.package}.{name}")

    @property
    def playable(self) -> bool:
        """Whether the game has an engine (its package has game.py with a GAME class)."""
        import importlib.util

        return importlib.util.find_spec(f"tcgsim.games.{self.package}.game") is not None

    def game_class(self) -> type[Game]:
        """The engine's Game subclass; UnknownGame if this game cannot be played yet."""
        if not self.playable:
            raise UnknownGame(f"{self.key} games cannot be played yet (deck validation only)")
        cls: type[Game] = getattr(self.module("game"), self.game_attr)
        return cls

    @property
    def players(self) -> str:
        if self.min_players == self.max_players:
            return str(self.min_players)
        return f"{self.min_players}-{self.max_players}"


GAMES: dict[str, GameInfo] = {
    info.key: info
    for info in (
        GameInfo(
            key="godzilla",
            title="The Legends of GODZILLA",
            title_ja="怪獣大戦",
            min_players=2,
            max_players=2,
            summary="Kaiju battle (Yanoman 1998): destroy 4 enemy bases, close them all, or hold 8 open bases.",
            card_types=("base", "monster", "event", "operation", "battle"),
            package="godzilla",
            carddb="godzilla",
        ),
        GameInfo(
            key="eva",
            title="Neon Genesis Evangelion card game",
            title_ja="新世紀エヴァンゲリオン カードゲーム",
            min_players=2,
            max_players=4,
            summary="Dialogue and angels (Bandai 1998): win by your own 補完 (instrumentality) or last one standing.",
            card_types=("character", "eva", "drama", "battle", "put", "angel", "hokan"),
            package="eva",
            carddb="eva",
        ),
        GameInfo(
            key="eva-short",
            title="Neon Genesis Evangelion card game, short rule",
            title_ja="新世紀エヴァンゲリオン カードゲーム ショートルール",
            min_players=2,
            max_players=2,
            summary="The 2-player short rule: dialogue only; down the opponent's hidden character.",
            card_types=("character", "eva", "drama", "battle", "put", "angel", "hokan"),
            package="eva",
            carddb="eva",
            game_attr="SHORT_GAME",
        ),
        GameInfo(
            key="mana",
            title="Legend of Mana CARD DUEL",
            title_ja="聖剣伝説 Legend of Mana CARD DUEL",
            min_players=2,
            max_players=2,
            summary="Land making (Square/Aspect 1999): reach 12 mana, 9 lands, rout the 8 characters, or deck out.",
            card_types=("artifact", "monster", "support", "item", "character"),
            package="mana",
            carddb="mana",
        ),
    )
}


def game_keys() -> list[str]:
    return list(GAMES)


def playable_games() -> list[GameInfo]:
    return [info for info in GAMES.values() if info.playable]


def all_lose_reasons(key: str) -> frozenset[str]:
    """The reasons that end a `key` game with every player losing (its Game's `all_lose_reasons`, which
    `tcgsim.stats.endings` scores 0 for all); none for a game that cannot be played or is not registered (it has
    no engine, so no run of it ends that way)."""
    try:
        return frozenset(str(r) for r in get_game(key).game_class().all_lose_reasons)
    except UnknownGame:
        return frozenset()


def get_game(key: str) -> GameInfo:
    """The registered game called `key`; UnknownGame with the nearest names otherwise."""
    info = GAMES.get(str(key).strip().lower())
    if info is None:
        close = difflib.get_close_matches(str(key).lower(), list(GAMES), n=1, cutoff=0.4)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        raise UnknownGame(f"unknown game {key!r} (known: {', '.join(GAMES)}){hint}")
    return info
