"""A fixed workload for measuring the engine: scripted mirror games of one game in one process.

Figures are per process (one core). Use the same command before and after a change; compare ratios.
"""

from __future__ import annotations

import resource
import time
from dataclasses import asdict, dataclass
from pathlib import Path

from tcgsim.agents import default_agent, make_agent
from tcgsim.decks import Deck, read_deck
from tcgsim.engine import play_game
from tcgsim.games import get_game


@dataclass(frozen=True)
class BenchResult:
    game: str
    games: int
    decisions: int
    seconds: float
    games_per_s: float
    decisions_per_s: float
    peak_rss_mb: float
    agent: str

    def to_json(self) -> dict[str, object]:
        return asdict(self)


def bundled_decks(game: str, root: Path | None = None) -> list[Deck]:
    folder = (root or Path(__file__).resolve().parent.parent) / "decks" / game
    return [read_deck(p) for p in sorted(folder.iterdir()) if p.suffix in (".yaml", ".yml", ".txt")]


def run_bench(game: str, games: int = 200, seed: int = 0, agent: str | None = None,
              decks: list[Deck] | None = None) -> BenchResult:
    """Play `games` mirror games (every bundled deck in turn) with the game's default scripted style."""
    info = get_game(game)
    cls = info.game_class()
    decks = decks or bundled_decks(game)
    name = agent or default_agent(game)
    decisions = 0
    start = time.perf_counter()
    for i in range(games):
        deck = decks[i % len(decks)]
        players = [make_agent(game, name) for _ in range(cls.min_players)]
        result = play_game(cls([deck] * cls.min_players, seed + i), players)
        decisions += result.decisions
    seconds = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # Linux reports KiB
    return BenchResult(game, games, decisions, round(seconds, 3), round(games / seconds, 1),
                       round(decisions / seconds), round(peak, 1), name)
