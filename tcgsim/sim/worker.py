"""Play one task (a few dozen games) and turn the games into rows of the three result tables.

This is what runs inside a worker process (or a Dask worker, or the main process with one worker). A game that
raises is recorded as an error row (seed, decks, `ExceptionType: message`) and the task goes on; only a failure
outside the games (say, a full disk) fails the task.

Rows are built column by column and sorted as docs/results.md says (game_id, then turn, seat, card_id), so a
shard's bytes depend on its games alone.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any

from tcgsim.agents import make_agent
from tcgsim.cards import load_pool, on_pool_change, use_cards
from tcgsim.decks import Deck
from tcgsim.engine import Agent, GameOptions, GameResult, State, Termination, play_game
from tcgsim.games import get_game
from tcgsim.sim.seeds import GamePlan, PlannedGame, Task

if TYPE_CHECKING:  # pyarrow is imported by the worker that builds tables, not by the process that forks it
    import pyarrow as pa

    from tcgsim.usercards import UserCards

__all__ = ["MAX_SEATS", "TEMPO_KEYS", "RunDeck", "RunSpec", "ShardTables", "arrow_column", "deck_sha256", "error_text",
           "play_task", "table_schemas", "tempo_column", "warm"]

MAX_SEATS = 4  # deck_0..deck_3, ai_0..ai_3: the most players any game has (eva)


def deck_sha256(deck: Deck) -> str:
    """The sha256 of the bytes the deck was read from (not the file as it is now: it may have changed since);
    for a deck built in memory, of its contents (so resume still checks it)."""
    if deck.sha256 is not None:
        return deck.sha256
    content = {"game": deck.game, "name": deck.name,
               "sections": {k: [[e.ref, e.count] for e in v] for k, v in deck.sections.items()}}
    return hashlib.sha256(json.dumps(content, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


@dataclass(frozen=True)
class RunDeck:
    """A deck as a run knows it: its unique key (what every table names it by), provenance and agent."""

    key: str
    name: str
    path: str
    sha256: str
    game: str
    ai: str
    deck: Deck = field(repr=False, compare=False)


@dataclass(frozen=True)
class RunSpec:
    """Everything a worker needs to play any task of a run; sent once per worker process."""

    run_id: str  # a digest of the settings: names caches and Dask keys
    game: str
    decks: tuple[RunDeck, ...]
    plan: GamePlan
    options: GameOptions | None = None  # the game's options (None: its defaults)
    # the user's card files (--cards) as text: a worker plays with them whatever its disk or start method
    cards: UserCards | None = None


@dataclass(frozen=True)
class ShardTables:
    """The rows of one task's games, one Arrow table per result table, and the run they belong to."""

    run_id: str
    task_id: int
    games: pa.Table
    tempo: pa.Table
    cards: pa.Table

    @property
    def n_games(self) -> int:
        return int(self.games.num_rows)


TEMPO_KEYS = ("game_id", "turn", "seat", "deck")


def tempo_column(metric: str) -> str:
    """The tempo column of a metric: its name, or metric_<name> when that name is one of the key columns (eva
    counts the cards left in its `deck`, which is also the deck key column)."""
    return f"metric_{metric}" if metric in TEMPO_KEYS else metric


@cache
def table_schemas(game: str) -> tuple[pa.Schema, pa.Schema, pa.Schema]:
    """The Arrow schemas of games, tempo and cards for one game (tempo has one column per tempo metric)."""
    import pyarrow as pa

    games = pa.schema([
        ("game_id", pa.int64()), ("run_seed", pa.int64()), ("game_seed", pa.int64()),
        ("matchup_id", pa.int32()), ("matchup", pa.string()), ("pair", pa.int32()), ("rotation", pa.int32()),
        ("game", pa.string()), ("n_players", pa.int8()),
        ("first_seat", pa.int8()),  # the seat that took the first turn (null: no game was made)
        *[(f"deck_{i}", pa.string()) for i in range(MAX_SEATS)],
        *[(f"ai_{i}", pa.string()) for i in range(MAX_SEATS)],
        ("winner_seat", pa.int8()), ("winner_deck", pa.string()), ("reason", pa.string()),
        ("turns", pa.int32()), ("decisions", pa.int32()), ("error", pa.string()),
        *[(f"mulligans_{i}", pa.int8()) for i in range(MAX_SEATS)],  # null: no such seat, or no mulligan rule
    ])
    metrics = [tempo_column(m.name) for m in get_game(game).game_class().tempo_metrics]
    tempo = pa.schema([("game_id", pa.int64()), ("turn", pa.int32()), ("seat", pa.int8()), ("deck", pa.string()),
                       *[(name, pa.float64()) for name in metrics]])
    cards = pa.schema([
        ("game_id", pa.int64()), ("seat", pa.int8()), ("deck", pa.string()), ("card_id", pa.string()),
        ("card_name", pa.string()), ("copies", pa.int16()), ("in_opening_hand", pa.int16()), ("drawn", pa.int16()),
        ("played", pa.int16()), ("first_turn_played", pa.int32()), ("result", pa.string()),
        ("entered_play", pa.int16()),
    ])
    return games, tempo, cards


class _Columns:
    """Column lists for one table, filled row by row and turned into an Arrow table at the end of a task."""

    def __init__(self, schema: pa.Schema) -> None:
        self.schema = schema
        self.data: dict[str, list[Any]] = {name: [] for name in schema.names}

    def table(self) -> pa.Table:
        import pyarrow as pa

        arrays = [arrow_column(self.data[f.name], f.type) for f in self.schema]
        return pa.Table.from_arrays(arrays, schema=self.schema)


def arrow_column(values: Sequence[Any], kind: pa.DataType) -> pa.Array:
    """An Arrow array (string, float64 or intN, nulls allowed) built from its buffers.

    Why not `pa.array(values)`: on first use it imports pandas (to check whether `values` is a pandas object),
    about 55 MB of resident memory in every worker process that never needs pandas.
    """
    import numpy as np
    import pyarrow as pa

    n = len(values)
    valid = np.fromiter((v is not None for v in values), dtype=bool, count=n)
    nulls = n - int(valid.sum())
    bitmap = pa.py_buffer(np.packbits(valid, bitorder="little")) if nulls else None
    if pa.types.is_string(kind):
        data = [v.encode() if v is not None else b"" for v in values]
        offsets = np.zeros(n + 1, dtype=np.int32)
        np.cumsum(np.fromiter(map(len, data), dtype=np.int32, count=n), out=offsets[1:])
        return pa.Array.from_buffers(kind, n, [bitmap, pa.py_buffer(offsets), pa.py_buffer(b"".join(data))], nulls)
    filled = [0 if v is None else v for v in values] if nulls else values
    return pa.Array.from_buffers(kind, n, [bitmap, pa.py_buffer(np.array(filled, dtype=kind.to_pandas_dtype()))],
                                 nulls)


@dataclass
class _Played:
    """What one game left behind, whether it finished or raised."""

    result: GameResult | None
    state: State | None
    error: str | None


def _play_one(cls: Any, decks: Sequence[Deck], seed: int, agents: Sequence[Agent],
              options: GameOptions | None, deals: Sequence[int] | None = None, deal_round: int = 0) -> _Played:
    seen: list[State] = []

    def track(state: State, _action: Any) -> None:
        if not seen:
            seen.append(state)

    try:
        result = play_game(cls(decks, seed, options, deals, deal_round), agents, on_action=track)
    except Exception as exc:  # a game that raises is a recorded result of the batch, never its end
        return _Played(None, seen[0] if seen else None, error_text(exc))
    return _Played(result, result.state, None)


def error_text(exc: BaseException) -> str:
    """`ExceptionType: message` on one line (the error column, and the run's one-line failures).

    A message can carry text that is not valid Unicode (a lone surrogate from a deck name, say); it is written
    as a backslash escape, since the tables and run.json hold UTF-8 and must never fail to encode it."""
    message = " ".join(str(exc).split())
    message = message.encode("utf-8", "backslashreplace").decode("utf-8")
    return f"{type(exc).__name__}: {message}" if message else type(exc).__name__


@cache
def _card_names(game: str) -> dict[str, str]:
    return {card.id: card.name for card in load_pool(game)}


on_pool_change(_card_names.cache_clear)


def warm(spec: RunSpec) -> None:
    """Load the card pool and the decks' card lists once in this process, so that forked workers share them
    instead of each loading them again. (Arrow is deliberately not warmed here: its ~90 MB would then count in
    every worker's resident memory.) Errors are left for the games to record."""
    use_cards(spec.cards)
    _card_names(spec.game)
    cls = get_game(spec.game).game_class()
    for matchup in spec.plan.matchups:
        try:
            cls([spec.decks[i].deck for i in matchup.decks], 0, spec.options)
        except Exception:  # the games of this matchup will say what is wrong, row by row
            continue


def play_task(spec: RunSpec, task: Task) -> ShardTables:
    """Play every game of `task` and return its rows. Agents are made afresh for each game (as `tcgsim play`
    does), so a game never depends on the games played before it in the same task and any row replays."""
    use_cards(spec.cards)  # the run's card files, whichever process this is (forked, spawned, on Dask)
    cls = get_game(spec.game).game_class()
    games_schema, tempo_schema, cards_schema = table_schemas(spec.game)
    metrics = tempo_schema.names[4:]
    names = _card_names(spec.game)
    games, tempo, cards = _Columns(games_schema), _Columns(tempo_schema), _Columns(cards_schema)
    matchup = spec.plan.matchups[task.matchup_id]
    matchup_name = " vs ".join(spec.decks[i].key for i in matchup.decks)
    for planned in spec.plan.games_of(task):
        seat_decks = [spec.decks[i] for i in planned.seats]
        try:
            agents = [make_agent(spec.game, d.ai) for d in seat_decks]
        except Exception as exc:  # an agent that cannot even be built is that game's error
            played = _Played(None, None, error_text(exc))
        else:
            played = _play_one(cls, [d.deck for d in seat_decks], planned.seed, agents, spec.options,
                               planned.deals, planned.deal_round)  # each seat its deal, kept across the pair
        _game_row(games.data, spec, planned, matchup_name, seat_decks, played)
        if played.state is not None:
            _tempo_rows(tempo.data, planned, seat_decks, played.state, metrics)
            _card_rows(cards.data, planned, seat_decks, played, names)
    return ShardTables(spec.run_id, task.task_id, games.table(), tempo.table(), cards.table())


def _game_row(out: dict[str, list[Any]], spec: RunSpec, planned: PlannedGame, matchup_name: str,
              seat_decks: Sequence[RunDeck], played: _Played) -> None:
    n = len(seat_decks)
    out["game_id"].append(planned.game_id)
    out["run_seed"].append(spec.plan.run_seed)
    out["game_seed"].append(planned.seed)
    out["matchup_id"].append(planned.matchup_id)
    out["matchup"].append(matchup_name)
    out["pair"].append(planned.pair)
    out["rotation"].append(planned.rotation)
    out["game"].append(spec.game)
    out["n_players"].append(n)
    for i in range(MAX_SEATS):
        out[f"deck_{i}"].append(seat_decks[i].key if i < n else None)
        out[f"ai_{i}"].append(seat_decks[i].ai if i < n else None)
    out["first_seat"].append(played.state.first_seat if played.state is not None else None)
    if played.result is not None:
        outcome = played.result.outcome
        out["winner_seat"].append(outcome.winner)
        out["winner_deck"].append(None if outcome.winner is None else seat_decks[outcome.winner].key)
        out["reason"].append(str(outcome.reason))
        out["turns"].append(outcome.turns)
        out["decisions"].append(played.result.decisions)
        out["error"].append(None)
    else:
        out["winner_seat"].append(None)
        out["winner_deck"].append(None)
        out["reason"].append(str(Termination.ERROR))
        out["turns"].append(played.state.turn if played.state is not None else 0)
        out["decisions"].append(len(played.state.action_log) if played.state is not None else 0)
        out["error"].append(played.error)
    taken = played.state.mulligans() if played.state is not None else None
    for i in range(MAX_SEATS):
        out[f"mulligans_{i}"].append(taken[i] if taken is not None and i < len(taken) else None)


def _tempo_rows(out: dict[str, list[Any]], planned: PlannedGame, seat_decks: Sequence[RunDeck], state: State,
                metrics: Sequence[str]) -> None:
    for turn, seat, values in sorted(state.tempo, key=lambda row: (row[0], row[1])):
        out["game_id"].append(planned.game_id)
        out["turn"].append(turn)
        out["seat"].append(seat)
        out["deck"].append(seat_decks[seat].key)
        for name, value in zip(metrics, values, strict=True):
            out[name].append(float(value))


def _card_rows(out: dict[str, list[Any]], planned: PlannedGame, seat_decks: Sequence[RunDeck], played: _Played,
               names: dict[str, str]) -> None:
    assert played.state is not None
    try:
        usage = played.state.card_usage()
    except Exception:  # a game that already raised may be too broken to count its cards: its game row says why
        if played.error is None:
            raise
        return
    if played.result is None:
        results = ["error"] * len(seat_decks)
    else:
        winner = played.result.outcome.winner
        results = ["draw" if winner is None else "win" if seat == winner else "loss" for seat in
                   range(len(seat_decks))]
    for use in sorted(usage, key=lambda u: (u.seat, u.card_id)):
        out["game_id"].append(planned.game_id)
        out["seat"].append(use.seat)
        out["deck"].append(seat_decks[use.seat].key)
        out["card_id"].append(use.card_id)
        out["card_name"].append(names.get(use.card_id, use.card_id))
        out["copies"].append(use.copies)
        out["in_opening_hand"].append(use.in_opening_hand)
        out["drawn"].append(use.drawn)
        out["played"].append(use.played)
        out["entered_play"].append(use.entered_play)
        out["first_turn_played"].append(use.first_turn_played)
        out["result"].append(results[use.seat])
