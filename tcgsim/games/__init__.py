"""The game registry: one `GameInfo` per playable game, the single place the CLI and library look games up.

Game packages are imported lazily so that `tcgsim games` or validating a mana deck never pays for loading
the other games' engines.
"""

from __future__ import annotations

import difflib
import importlib
import unicodedata
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
    # other names players call the game by (its titles, in Japanese first): `game: 聖剣伝説` reads as `game: mana`
    aliases: tuple[str, ...] = ()

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
            aliases=("怪獣大戦", "ゴジラ", "The Legends of GODZILLA 怪獣大戦", "Legends of GODZILLA"),
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
            aliases=("新世紀エヴァンゲリオン", "エヴァンゲリオン", "エヴァ", "Neon Genesis Evangelion", "Evangelion"),
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
            aliases=("ショートルール", "エヴァ ショートルール", "エヴァンゲリオン ショートルール"),
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
            aliases=("聖剣伝説", "聖剣伝説 LEGEND OF MANA", "Legend of Mana", "聖剣伝説 カードデュエル"),
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


def _folded(name: str) -> str:
    """A game name as it is compared: NFKC (full-width letters and spaces as plain ones), case-folded, one space."""
    return " ".join(unicodedata.normalize("NFKC", str(name)).casefold().split())


def _by_name() -> dict[str, GameInfo]:
    """Every name a game answers to: its key, its titles and its aliases (the first game to claim a name keeps
    it: eva's titles are also the start of eva-short's)."""
    out: dict[str, GameInfo] = {}
    for info in GAMES.values():
        for name in (info.key, info.title, info.title_ja, *info.aliases):
            out.setdefault(_folded(name), info)
    return out


def get_game(key: str) -> GameInfo:
    """The registered game called `key` (its key, or a title or alias: `聖剣伝説` is mana); UnknownGame with the
    nearest names otherwise."""
    names = _by_name()
    info = names.get(_folded(key))
    if info is None:
        close = difflib.get_close_matches(_folded(key), list(names), n=1, cutoff=0.4)
        hint = f"; did you mean {names[close[0]].key!r} ({close[0]})?" if close and close[0] != names[close[0]].key \
            else (f"; did you mean {close[0]!r}?" if close else "")
        raise UnknownGame(f"unknown game {key!r} (known: {', '.join(GAMES)}, or their titles){hint}")
    return info
