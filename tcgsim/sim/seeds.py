"""The seed scheme and the game plan of a batch run: which games are played, in which seats, with which seed.

Everything here is a pure function of the run's settings (decks, games per matchup, run seed), never of the
number of workers, the backend or timing. That is what makes a run reproducible whatever runs it, and what lets
a killed run resume: the plan is rebuilt identically and only the tasks without a finished shard are played.

The scheme (docs/results.md): the seed of pair `p` of matchup `m` is

    SeedSequence(entropy=run_seed, spawn_key=(m, p)).generate_state(1, dtype=uint64)[0] & 0x7FFF_FFFF_FFFF_FFFF

and every rotation of the pair shares it. Each seat has its own deal generator (`PlannedGame.deals`,
engine.State.deck_rng), the same in every rotation, so the deck in a seat gets that seat's library order, mulligan
reshuffles and later shuffles whichever deck it is: the luck of the deal stays with the seat and cancels between
the decks of a pair (GODZILLA: a deck's two results in a pair correlate at rho -0.29, so a matchup needs 29% fewer
games than from independent deals); a mirror pair's rotations are dealt afresh (`deal_round`), or they would be
one game twice. A choice the rules leave to chance (who moves first) falls to the same seat, so each deck moves
first equally often. Game ids run 0.. matchup by matchup, pair
by pair, rotation by rotation.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

__all__ = [
    "SEED_MASK", "TASK_GAMES", "MIN_TASKS", "SEED_SCHEME", "deal_round", "game_seed", "rotation_seats", "round_games",
    "all_pairs", "gauntlet_pairs", "Matchup", "Task", "PlannedGame", "GamePlan",
]

SEED_MASK = 0x7FFF_FFFF_FFFF_FFFF  # game seeds are non-negative int64 (Parquet int64, JSON-safe as text)
TASK_GAMES = 48  # at most this many games per task: a few dozen keeps per-task overhead (IPC, shard files) low
MIN_TASKS = 16  # small matchups are cut finer, so that even a 40-game run spreads over the workers
SEED_SCHEME = (
    "game_seed(matchup m, pair p) = numpy.random.SeedSequence(entropy=run_seed, spawn_key=(m, p))"
    ".generate_state(1, dtype=numpy.uint64)[0] & 0x7FFFFFFFFFFFFFFF; every rotation of a pair shares it; each "
    "seat's deal is keyed by the seat (Game.deals = seats), dealt afresh per rotation only in a mirror pair"
)


def game_seed(run_seed: int, matchup: int, pair: int) -> int:
    """The seed of every game of pair `pair` of matchup `matchup` (all its rotations)."""
    import numpy as np  # here, not at the top: the supervising process only cuts tasks and never needs numpy

    if run_seed < 0:
        raise ValueError(f"the run seed must be >= 0, got {run_seed}")
    state = np.random.SeedSequence(entropy=run_seed, spawn_key=(matchup, pair)).generate_state(1, dtype=np.uint64)
    return int(state[0]) & SEED_MASK


def rotation_seats(n_players: int, rotation: int) -> tuple[int, ...]:
    """Which matchup position sits in each seat at `rotation`: seat s gets position (s + rotation) % n.

    Rotation 0 is the matchup order; over all rotations every deck sits in every seat exactly once.
    """
    return tuple((seat + rotation) % n_players for seat in range(n_players))


def round_games(games: int, n_players: int) -> int:
    """`games` rounded up to whole pairs (a pair is one game per rotation)."""
    return math.ceil(games / n_players) * n_players


def all_pairs(n_decks: int, mirror: bool = False) -> list[tuple[int, int]]:
    """Every pair of decks (i < j) in deck order; with `mirror` each deck against itself too (i == j)."""
    return [(i, j) for i in range(n_decks) for j in range(i if mirror else i + 1, n_decks)]


def gauntlet_pairs(n_field: int, mirror: bool = False) -> list[tuple[int, int]]:
    """Deck 0 (the gauntlet deck) against each of decks 1..n_field; with `mirror` against itself first."""
    return ([(0, 0)] if mirror else []) + [(0, j) for j in range(1, n_field + 1)]


@dataclass(frozen=True, slots=True)
class Matchup:
    """One matchup: which decks meet (indices into the run's deck list, in matchup order) and how often."""

    matchup_id: int
    decks: tuple[int, ...]
    pairs: int
    first_game_id: int
    pairs_per_task: int
    # which deals the matchup's pairs get: game_seed(run_seed, seed_key, pair). The matchup's own index unless the
    # plan says otherwise: `tune` gives every candidate's matchup against one field deck the same key, so the
    # candidates meet that deck with the very same deals (common random numbers)
    seed_key: int

    @property
    def n_players(self) -> int:
        return len(self.decks)

    @property
    def games(self) -> int:
        return self.pairs * self.n_players


@dataclass(frozen=True, slots=True)
class Task:
    """A unit of work: whole pairs [pair_start, pair_stop) of one matchup, i.e. a contiguous run of game ids.

    A task's results are written as one shard; a task is either finished (its shard exists) or replayed whole.
    """

    task_id: int
    matchup_id: int
    pair_start: int
    pair_stop: int
    first_game_id: int
    n_games: int


@dataclass(frozen=True, slots=True)
class PlannedGame:
    """One game to play: its identity, seed and the run deck index in each seat."""

    game_id: int
    matchup_id: int
    pair: int
    rotation: int
    seed: int
    seats: tuple[int, ...]

    @property
    def deals(self) -> tuple[int, ...]:
        """Each seat's deal key (`engine.Game.deals`): the seat itself, so a seat's deal (its library order,
        mulligan reshuffles and later shuffles) is the same in every rotation of a pair, whichever deck sits
        there: the luck of the deal stays with the seat and cancels between the decks (docs/statistics.md)."""
        return tuple(range(len(self.seats)))

    @property
    def deal_round(self) -> int:
        """`engine.Game.deal_round`: `deal_round(self.seats, self.rotation)`."""
        return deal_round(self.seats, self.rotation)


def deal_round(seats: Sequence[object], rotation: int) -> int:
    """Which round of its seat's deals a game of a pair gets: 0 in every rotation (the seats keep their deals),
    except in a pair that seats one deck twice (a mirror), whose rotations would otherwise be the same game
    twice: there each rotation is dealt afresh."""
    return rotation if len(set(seats)) < len(seats) else 0


@dataclass(frozen=True)
class GamePlan:
    """All the games of a run, cut into tasks. Build it with `GamePlan.build`."""

    run_seed: int
    matchups: tuple[Matchup, ...]

    @classmethod
    def build(cls, run_seed: int, matchups: Sequence[Sequence[int]], games_per_matchup: int,
              task_games: int = TASK_GAMES, seed_keys: Sequence[int] | None = None) -> GamePlan:
        """Plan `games_per_matchup` games (rounded up to whole pairs) for each matchup, in order. `seed_keys`
        (one per matchup, each >= 0) replace the matchup indices in the seeds: matchups with one key share deals."""
        if run_seed < 0 or run_seed > SEED_MASK:
            raise ValueError(f"the run seed must be between 0 and {SEED_MASK}, got {run_seed}")
        if games_per_matchup < 1:
            raise ValueError(f"games per matchup must be >= 1, got {games_per_matchup}")
        if seed_keys is not None and (len(seed_keys) != len(matchups) or min(seed_keys, default=0) < 0):
            raise ValueError(f"seed keys must be one per matchup, each >= 0: {len(seed_keys)} for {len(matchups)}")
        planned: list[Matchup] = []
        next_id = 0
        for m, decks in enumerate(matchups):
            n = len(decks)
            pairs = math.ceil(games_per_matchup / n)
            per_task = max(1, min(math.ceil(pairs / MIN_TASKS), task_games // n))
            key = m if seed_keys is None else seed_keys[m]
            planned.append(Matchup(m, tuple(decks), pairs, next_id, per_task, key))
            next_id += pairs * n
        return cls(run_seed, tuple(planned))

    @property
    def total_games(self) -> int:
        return sum(m.games for m in self.matchups)

    @property
    def n_tasks(self) -> int:
        return sum(math.ceil(m.pairs / m.pairs_per_task) for m in self.matchups)

    def iter_tasks(self) -> Iterator[Task]:
        """Every task of the run, in game id order (task ids 0..), made as they are asked for: a run's memory
        does not grow with its number of games."""
        task_id = 0
        for m in self.matchups:
            for start in range(0, m.pairs, m.pairs_per_task):
                stop = min(start + m.pairs_per_task, m.pairs)
                yield Task(task_id, m.matchup_id, start, stop, m.first_game_id + start * m.n_players,
                           (stop - start) * m.n_players)
                task_id += 1

    def tasks(self) -> list[Task]:
        """Every task of the run as a list (for small plans and tests; runs use `iter_tasks`)."""
        return list(self.iter_tasks())

    def games_of(self, task: Task) -> Iterator[PlannedGame]:
        """The games of one task, in game id order."""
        m = self.matchups[task.matchup_id]
        n = m.n_players
        for pair in range(task.pair_start, task.pair_stop):
            seed = game_seed(self.run_seed, m.seed_key, pair)
            for rotation in range(n):
                seats = tuple(m.decks[pos] for pos in rotation_seats(n, rotation))
                yield PlannedGame(m.first_game_id + pair * n + rotation, m.matchup_id, pair, rotation, seed, seats)
