"""Fixed workloads for measuring the engine (docs/performance.md).

Games: mirror games of one game with one agent (its default scripted style, or `random` for the engine alone), in
one process or spread over worker processes (the same supervisor as `tcgsim simulate`). The games are the same
whatever the number of workers (game i: bundled deck i mod n, seed + i), so the ratio of two runs is the parallel
speed-up.

Search: what a search agent pays per simulation. Mid-game positions (each of the first games replayed to half its
length) are cloned, and cloned then played out to the end with uniform random moves; clones/s and playouts/s.

Use the same command before and after a change; compare ratios, since the machine's speed varies.
"""

from __future__ import annotations

import os
import resource
import time
from dataclasses import asdict, dataclass
from pathlib import Path

from tcgsim.agents import default_agent, make_agent
from tcgsim.decks import Deck, read_deck
from tcgsim.engine import Agent, Game, State, agent_rng, play_game, replay
from tcgsim.games import get_game
from tcgsim.validate import InvalidDecks, validate_deck

CHUNK = 25  # games per task with several workers: small enough to balance, big enough to amortise the IPC
SEARCH_POSITIONS = 20  # mid-game positions the search figures start from (the workload's first games)
CLONE_ROUNDS = 50  # clones of each position timed together: a clone takes tens of microseconds


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
    search: SearchResult | None = None

    def to_json(self) -> dict[str, object]:
        return asdict(self)


@dataclass(frozen=True)
class SearchResult:
    """The engine's cost for search, from `positions` mid-game positions."""

    positions: int
    clones: int
    clones_per_s: float
    playouts: int
    playout_decisions: int  # random moves made in all the playouts together
    playouts_per_s: float


def bundled_decks(game: str, root: Path | None = None) -> list[Deck]:
    folder = (root or Path(__file__).resolve().parent.parent) / "decks" / game
    return [read_deck(p) for p in sorted(folder.iterdir()) if p.suffix in (".yaml", ".yml", ".txt")]


def check_bundled_decks(game: str) -> None:
    """Raise InvalidDecks when a bundled deck of `game` breaks the construction rules. The measuring scripts play
    the deck files as read, and a figure of a deck no player may bring (a trial's extra copy) measures nothing."""
    invalid = [r for r in map(validate_deck, bundled_decks(game)) if not r.valid]
    if invalid:
        raise InvalidDecks(invalid)


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
    decisions = 0
    for i in games:
        game, players = _game_of(work, i)
        decisions += play_game(game, players).decisions
    return decisions, _peak_mb()


def run_bench(game: str, games: int = 200, seed: int = 0, agent: str | None = None,
              decks: list[Deck] | None = None, workers: int = 1, chunk: int = CHUNK,
              playouts: int = 0) -> BenchResult:
    """Play `games` mirror games (every bundled deck in turn) with `agent` (default: the game's default scripted
    style), in this process (workers=1) or in chunks of `chunk` games on `workers` worker processes; then, with
    `playouts` > 0, the search figures (`_run_search`) in this process."""
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
    search = _run_search(work, playouts) if playouts > 0 else None
    return BenchResult(game, games, decisions, round(seconds, 3), round(games / seconds, 1),
                       round(decisions / seconds), round(max(peak, _peak_mb()), 1), work.agent, workers, search)


def _game_of(work: _Workload, i: int) -> tuple[Game, list[Agent]]:
    """Game i of the workload and its players."""
    cls = get_game(work.game).game_class()
    return cls([work.decks[i % len(work.decks)]] * cls.min_players, work.seed + i), \
        [make_agent(work.game, work.agent) for _ in range(cls.min_players)]


def mid_game_positions(game: str, count: int = SEARCH_POSITIONS, seed: int = 0, agent: str | None = None,
                       decks: list[Deck] | None = None) -> list[State]:
    """The bench workload's first `count` games, each replayed to half its length: a live position, the opening
    and the end game both well away."""
    work = _Workload(game, tuple(decks or bundled_decks(game)), agent or default_agent(game), seed)
    return [_half_way(work, i) for i in range(count)]


def _half_way(work: _Workload, i: int) -> State:
    game, players = _game_of(work, i)
    actions = play_game(game, players).actions
    return replay(game, actions[: len(actions) // 2])


def _run_search(work: _Workload, playouts: int, count: int = SEARCH_POSITIONS) -> SearchResult:
    """Clones/s and random playouts/s from mid-game positions: `playouts` playouts, spread over the positions in
    turn, each from a fresh clone; the random moves come from one seeded generator, so the work is fixed."""
    positions = [_half_way(work, i) for i in range(count)]
    start = time.perf_counter()
    for _ in range(CLONE_ROUNDS):
        for position in positions:
            position.clone()
    clone_seconds = time.perf_counter() - start
    rng = agent_rng(work.seed, 0)
    moves = 0
    start = time.perf_counter()
    for k in range(playouts):
        state = positions[k % len(positions)].clone()
        while not state.is_terminal:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            moves += 1
    playout_seconds = time.perf_counter() - start
    clones = CLONE_ROUNDS * len(positions)
    return SearchResult(len(positions), clones, round(clones / clone_seconds), playouts, moves,
                        round(playouts / playout_seconds, 1))


def _play_chunk(work: _Workload, games: range) -> tuple[int, float, int]:
    decisions, peak = _play_range(work, games)
    return decisions, peak, os.getpid()
