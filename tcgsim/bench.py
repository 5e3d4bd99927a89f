"""A fixed workload for measuring the engine: scripted mirror games of one game, in one process or spread over
worker processes (the same supervisor as `tcgsim simulate`).

The games are the same whatever the number of workers (game i: bundled deck i mod n, seed + i), so the ratio of
two runs is the parallel speed-up. Use the same command before and after a change; compare ratios.
"""

from __future__ import annotations

import os
import resource
import time
from dataclasses import asdict, dataclass
from pathlib import Path

from tcgsim.agents import default_agent, make_agent
from tcgsim.decks import Deck, read_deck
from tcgsim.engine import play_game
from tcgsim.games import get_game

CHUNK = 25  # games per task with several workers: small enough to balance, big enough to amortise the IPC


@dataclass(frozen=True)
class BenchResult:
    game: str
    games: int
    decisions: int
    seconds: float
    games_per_s: float
    decisions_per_s: float
    peak_rss_mb: float  # the whole process tree: this process plus every worker's peak
    agent: str
    workers: int = 1

    def to_json(self) -> dict[str, object]:
        return asdict(self)


def bundled_decks(game: str, root: Path | None = None) -> list[Deck]:
    folder = (root or Path(__file__).resolve().parent.parent) / "decks" / game
    return [read_deck(p) for p in sorted(folder.iterdir()) if p.suffix in (".yaml", ".yml", ".txt")]


@dataclass(frozen=True)
class _Workload:
    game: str
    decks: tuple[Deck, ...]
    agent: str
    seed: int


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # Linux reports KiB


def _play_range(work: _Workload, games: range) -> tuple[int, float]:
    """Play games `games` of the workload; (decisions, this process's peak RSS in MB)."""
    cls = get_game(work.game).game_class()
    decisions = 0
    for i in games:
        deck = work.decks[i % len(work.decks)]
        players = [make_agent(work.game, work.agent) for _ in range(cls.min_players)]
        decisions += play_game(cls([deck] * cls.min_players, work.seed + i), players).decisions
    return decisions, _peak_mb()


def run_bench(game: str, games: int = 200, seed: int = 0, agent: str | None = None,
              decks: list[Deck] | None = None, workers: int = 1, chunk: int = CHUNK) -> BenchResult:
    """Play `games` mirror games (every bundled deck in turn) with the game's default scripted style, in this
    process (workers=1) or in chunks of `chunk` games on `workers` worker processes."""
    get_game(game).game_class()  # UnknownGame before any work
    work = _Workload(game, tuple(decks or bundled_decks(game)), agent or default_agent(game), seed)
    if workers > 1:
        from tcgsim.sim.runner import supervise  # only now (and before the clock): it loads pyarrow
    cls = get_game(game).game_class()
    for deck in work.decks:  # load the card data before the clock (and, forked, in the workers): startup is not
        cls([deck] * cls.min_players, seed)  # what the bench measures
    start = time.perf_counter()
    if workers <= 1:
        decisions, peak = _play_range(work, range(games))
        workers = 1
    else:
        chunk = max(1, min(chunk, -(-games // (4 * workers))))  # small runs still reach every worker
        ranges = (range(i, min(i + chunk, games)) for i in range(0, games, chunk))  # lazy: memory flat in games
        worker_peak: dict[int, float] = {}
        totals: list[int] = []

        def collect(_chunk: range, result: tuple[int, float, int]) -> None:
            totals.append(result[0])
            worker_peak[result[2]] = max(worker_peak.get(result[2], 0.0), result[1])

        workers = min(workers, -(-games // chunk))
        supervise(_play_chunk, work, ranges, workers, collect)
        decisions = sum(totals)
        peak = _peak_mb() + sum(worker_peak.values())
    seconds = time.perf_counter() - start
    return BenchResult(game, games, decisions, round(seconds, 3), round(games / seconds, 1),
                       round(decisions / seconds), round(peak, 1), work.agent, workers)


def _play_chunk(work: _Workload, games: range) -> tuple[int, float, int]:
    decisions, peak = _play_range(work, games)
    return decisions, peak, os.getpid()
