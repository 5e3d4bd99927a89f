"""What a finished run says in a few lines: each deck's win rate with its 95% interval and games, draws, errors
and decision-limit stops (each of these with the `tcgsim play` command that replays it) and, for `matchups`, the
matrix of head-to-head win rates, also written as matrix.csv and matrix_long.csv.

Every figure comes from `tcgsim.stats`, the module the report reads too, so the terminal, the CSV files,
summary.json and the report give the same numbers for the same run, draws included. games.parquet is read column
by column in batches and tallied as integer counts, so summarising a 100,000-game run costs a few MB, and
without pandas: this runs in the supervising process of a run (pandas would cost it ~55 MB). The full analysis
(seat advantage, tempo, cards) is `tcgsim report`'s job.
"""

from __future__ import annotations

import csv
import math
import shlex
from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import asdict, dataclass, fields, is_dataclass
from pathlib import Path
from typing import Any

import numpy as np

from tcgsim import stats
from tcgsim.sim.worker import MAX_SEATS
from tcgsim.stats import format_pct, format_rate
from tcgsim.terminal import table_lines

__all__ = ["LONG_MATRIX", "MAX_LISTED_ERRORS", "STOPPED_TEXT", "DeckScore", "ErroredGame", "Summary", "replay_options",
           "summarize", "summary_lines", "unscored_game",
           "write_matrix_csv", "summary_json"]

MAX_LISTED_ERRORS = 20  # a run where every game fails needs its first errors, not 100,000 replay commands
# what the listing says of a game the decision limit stopped (it has no error text)
STOPPED_TEXT = "stopped at the decision limit (stuck inside one turn: likely an engine or AI bug)"
LONG_MATRIX = "matrix_long.csv"  # written beside matrix.csv: one row per matchup cell, with games and interval
_LONG_COLUMNS = ("deck", "opponent", "games", "wins", "losses", "draws", "points", "win_rate", "ci_low", "ci_high")


@dataclass(frozen=True)
class DeckScore:
    """One deck's results over the run (`stats.Record`): its games are the seats it played, errored games are
    not results and count apart."""

    key: str
    games: int  # seats with a result (draws included, errors not); a mirror game counts twice
    wins: int
    losses: int
    draws: int
    errors: int
    points: float  # wins + each draw's share (stats.draw_share)
    win_rate: float  # points / games; NaN without games
    ci_low: float  # 95% Wilson interval
    ci_high: float
    stopped: int = 0  # seats in games the decision limit stopped: no result, counted apart like errors


@dataclass(frozen=True)
class ErroredGame:
    """A game without a result (it raised, or the decision limit stopped it): enough to replay it with
    `tcgsim play`."""

    game_id: int
    seed: int
    decks: tuple[str, ...]  # deck keys in seat order
    paths: tuple[str, ...]  # their files, in seat order
    agents: tuple[str, ...]
    error: str  # the error, or STOPPED_TEXT
    options: tuple[str, ...] = ()  # the run's --option arguments (the game's options differing from defaults)

    def play_command(self) -> str:
        """The exact command that replays this game (decks in its seat order, its seed, agents and options)."""
        parts = ["tcgsim", "play", *self.paths, "--seed", str(self.seed)]
        for agent in self.agents:
            parts += ["--ai", agent]
        return shlex.join([*parts, *self.options])


@dataclass(frozen=True)
class Summary:
    folder: Path
    games: int
    decided: int  # games with a winner (stats.Ending.DECIDED)
    draws: int  # games drawn: no winner, the point shared (Ending.DRAW)
    errors: int  # games that raised (Ending.ERROR)
    decks: tuple[DeckScore, ...]
    errored: tuple[ErroredGame, ...]  # the first MAX_LISTED_ERRORS
    reasons: Mapping[str, int]
    matrix: stats.Matrix | None  # `matchups` runs only
    all_lose: int = 0  # games the rules ended with every player losing (Ending.ALL_LOSE): 0 points each
    stopped: int = 0  # games the decision limit stopped (Ending.STOPPED): no result
    stopped_games: tuple[ErroredGame, ...] = ()  # the first MAX_LISTED_ERRORS of them


def _column(batch: Any, name: str) -> np.ndarray:
    return np.asarray(batch.column(name).to_numpy(zero_copy_only=False))


def replay_options(meta: Mapping[str, Any]) -> list[str]:
    """The run's game options as `tcgsim play` takes them, so a replay command plays the game the run played."""
    from tcgsim.games import get_game
    from tcgsim.options import option_arguments, options_from_json

    if not meta.get("options"):
        return []
    options_class = get_game(meta["game"]).game_class().options_class
    return option_arguments(options_from_json(options_class, meta["options"], meta["game"]))


def unscored_game(row: Mapping[str, Any], ending: stats.Ending, paths: Mapping[str, str],
                  options: tuple[str, ...]) -> ErroredGame:
    """A game without a result (`ending` ERROR or STOPPED) as listed with its replay command, from its games.parquet
    row (game_id, game_seed, deck_<i>, ai_<i>, error); `paths` maps deck keys to their files. The report lists
    these too, through this function, so both surfaces give the same command."""
    in_seats = tuple(str(d) for d in (row.get(f"deck_{i}") for i in range(MAX_SEATS)) if isinstance(d, str))
    text = (row.get("error") or "the game ended with reason 'error'") if ending == stats.Ending.ERROR \
        else STOPPED_TEXT
    return ErroredGame(int(row["game_id"]), int(row["game_seed"]), in_seats,
                       tuple(paths.get(d, d) for d in in_seats),
                       tuple(str(row.get(f"ai_{i}")) for i in range(len(in_seats))), str(text), options)


def _whole_pairs(source: Any, columns: list[str], batch_size: int = 65_536) -> Iterator[Any]:
    """The games of a games.parquet as record batches that each hold whole pairs of shared deals: a pair's games
    are consecutive (game ids run pair by pair), so the games of the last seed of a batch wait for the next one.
    The design effect of a rate needs a pair's games together (`stats.tally`)."""
    import pyarrow as pa

    held: Any = None
    for batch in source.iter_batches(batch_size=batch_size, columns=columns):
        if held is not None:
            batch = pa.concat_batches([held, batch])
        seeds = _column(batch, "game_seed")
        cut = len(seeds)
        while cut > 0 and seeds[cut - 1] == seeds[-1]:
            cut -= 1
        if cut == 0:  # one pair so far: wait for more
            held = batch
            continue
        held = batch.slice(cut)
        yield batch.slice(0, cut)
    if held is not None and held.num_rows:
        yield held


def summarize(folder: Path, meta: Mapping[str, Any]) -> Summary:
    """Summarise a merged run from its games.parquet and run.json."""
    import pyarrow as pa
    import pyarrow.compute as pc
    import pyarrow.parquet as pq

    from tcgsim.games import all_lose_reasons

    keys = [d["key"] for d in meta["decks"]]
    paths = {d["key"]: d["path"] for d in meta["decks"]}
    all_lose = all_lose_reasons(meta["game"]) if meta.get("game") else frozenset()
    options = tuple(replay_options(meta))
    names = np.array(keys, dtype=object)
    value_set = pa.array(keys, type=pa.string())
    scores = stats.Tally.empty(len(keys))
    matrix = stats.Matrix(tuple(keys), stats.Tally.empty(len(keys) ** 2)) if meta.get("kind") == "matchups" \
        else None
    reasons: Counter[str] = Counter()
    errored: list[ErroredGame] = []
    stopped_games: list[ErroredGame] = []
    counts: Counter[str] = Counter()  # games by stats.Ending
    seats = [f"deck_{i}" for i in range(MAX_SEATS)]
    agents = [f"ai_{i}" for i in range(MAX_SEATS)]
    columns = ["game_id", "game_seed", "n_players", "winner_seat", "reason", "error", *seats, *agents]
    for batch in _whole_pairs(pq.ParquetFile(folder / "games.parquet"), columns):
        n = _column(batch, "n_players").astype(np.int64)
        pair = _column(batch, "game_seed").astype(np.int64)
        winner = np.asarray(pc.fill_null(batch.column("winner_seat"), -1).to_numpy(zero_copy_only=False))
        reason = batch.column("reason")
        # a game that raised, by its error or its reason (the report reads it the same way)
        failed = np.asarray(pc.or_(pc.is_valid(batch.column("error")),
                                   pc.fill_null(pc.equal(reason, "error"), False)).to_numpy(zero_copy_only=False))
        index = np.stack([np.asarray(pc.fill_null(pc.index_in(batch.column(s), value_set=value_set), -1)
                                     .to_numpy(zero_copy_only=False)) for s in seats], axis=1)
        ending = stats.endings(winner, reason.to_numpy(zero_copy_only=False), failed, all_lose)
        results = stats.seat_results(winner, n, ending, seats=MAX_SEATS)
        scores = scores + stats.tally(index, len(keys), results, n[:, None], pair[:, None])
        if matrix is not None:
            decks = np.where(index >= 0, names[np.maximum(index, 0)], None)
            game, deck, opponent, result = stats.seat_pairs(decks, results)
            matrix = matrix + stats.Matrix.from_pairs(keys, deck, opponent, result, pair[game])
        counts.update(str(e) for e in ending)
        reasons.update(reason.to_pylist())
        for kind, listed in ((stats.Ending.ERROR, errored), (stats.Ending.STOPPED, stopped_games)):
            for row in np.flatnonzero(ending == kind)[:MAX_LISTED_ERRORS - len(listed)]:
                got = {name: batch.column(name)[int(row)].as_py() for name in columns}
                listed.append(unscored_game(got, kind, paths, options))
    decks_scored = tuple(DeckScore(key, **asdict(rec)) for key, rec in zip(keys, scores.records(), strict=True))
    E = stats.Ending
    return Summary(folder, sum(counts.values()), counts[E.DECIDED], counts[E.DRAW], counts[E.ERROR], decks_scored,
                   tuple(errored), dict(reasons), matrix, all_lose=counts[E.ALL_LOSE], stopped=counts[E.STOPPED],
                   stopped_games=tuple(stopped_games))


def write_matrix_csv(path: Path, matrix: stats.Matrix) -> None:
    """matrix.csv at `path`: one row per deck, one column per opponent, the row deck's win rate to 4 decimals
    (blank: they never met, or a deck against itself). Beside it, matrix_long.csv: one row per cell that was
    played, with its games, wins, losses, draws, points, win rate and 95% interval, unrounded (the same numbers
    as summary.json's `matchups`)."""
    cells = {(a, b): rec for a, b, rec in matrix.played()}
    with path.open("w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow(["deck", *matrix.keys])
        for row in matrix.keys:
            writer.writerow([row, *(f"{cells[(row, col)].win_rate:.4f}" if (row, col) in cells else ""
                                    for col in matrix.keys)])
    with path.with_name(LONG_MATRIX).open("w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow(_LONG_COLUMNS)
        for (deck, opponent), rec in cells.items():
            # repr of a float is the shortest text that reads back as the same number: exact, not rounded
            writer.writerow([deck, opponent, rec.games, rec.wins, rec.losses, rec.draws, repr(rec.points),
                             repr(rec.win_rate), repr(rec.ci_low), repr(rec.ci_high)])


def _best_first(d: DeckScore) -> tuple[bool, float]:
    return (math.isnan(d.win_rate), -d.win_rate if not math.isnan(d.win_rate) else 0.0)


def summary_lines(s: Summary) -> list[str]:
    """The summary as printed after a run: each deck's win rate with its 95% interval and games, the totals, the
    matchup matrix, and a replay command for each game that raised."""
    everyone_lost = ", a game everyone lost scores 0" if s.all_lose else ""
    void = "games that raised or the decision limit stopped" if s.stopped else "games that raised"
    lines = [f"win rate per deck (95% interval); a draw is the win shared{everyone_lost}, {void} are left out:"]
    # the stopped column only when a game was stopped: the table of an ordinary run keeps its shape
    rows = [(d.key, format_rate(d.win_rate, d.ci_low, d.ci_high), str(d.wins), str(d.losses), str(d.draws),
             str(d.games), str(d.errors), *((str(d.stopped),) if s.stopped else ()))
            for d in sorted(s.decks, key=_best_first)]
    head = ("deck", "win rate", "won", "lost", "drawn", "games", "raised", *(("stopped",) if s.stopped else ()))
    lines += table_lines(head, rows, right=tuple(range(2, len(head))), indent=2)
    extra = (f", {s.all_lose} all lost" if s.all_lose else "") + (f", {s.stopped} stopped" if s.stopped else "")
    lines.append(f"  {s.games} games: {s.decided} decided, {s.draws} draws{extra}, {s.errors} errors")
    if s.matrix is not None:
        keys = s.matrix.keys
        cells = {(a, b): rec for a, b, rec in s.matrix.played()}
        lines.append(f"matchup matrix (row deck's win rate against the column deck; games and 95% intervals in "
                     f"{LONG_MATRIX}):")
        grid = [(row, *(format_pct(cells[(row, col)].win_rate) if (row, col) in cells else "-" for col in keys))
                for row in keys]
        lines += table_lines(("", *keys), grid, right=tuple(range(1, len(keys) + 1)), indent=2)
    if s.errored:
        shown_errors = (f"the first {len(s.errored)} of {s.errors}; all are in games.parquet"
                        if s.errors > len(s.errored) else str(s.errors))
        lines.append(f"games that raised ({shown_errors}); each command below replays one:")
        for game in s.errored:
            lines.append(f"  game {game.game_id}: {game.error}")
            lines.append(f"    {game.play_command()}")
    if s.stopped_games:
        shown = (f"the first {len(s.stopped_games)} of {s.stopped}; all are in games.parquet"
                 if s.stopped > len(s.stopped_games) else str(s.stopped))
        lines.append(f"games the decision limit stopped, left out of every rate ({shown}); each command below "
                     f"replays one:")
        for game in s.stopped_games:
            lines.append(f"  game {game.game_id}")
            lines.append(f"    {game.play_command()}")
    return lines


def summary_json(s: Summary) -> dict[str, Any]:
    """The summary as `--format json` prints it: every field of Summary (the figures `summary_lines` shows), each
    deck's record in run order, for `matchups` the matrix as its played cells (the rows of matrix_long.csv), each
    listed game with its replay command; unrounded, a rate without games (NaN) as null."""
    def plain(value: Any) -> Any:
        if isinstance(value, float):
            return value if math.isfinite(value) else None
        if isinstance(value, ErroredGame):
            return {**{k: plain(v) for k, v in asdict(value).items()}, "replay": value.play_command()}
        if isinstance(value, stats.Matrix):
            return [{"deck": deck, "opponent": opponent, **plain(rec)} for deck, opponent, rec in value.played()]
        if is_dataclass(value) and not isinstance(value, type):
            return {k: plain(v) for k, v in asdict(value).items()}
        if isinstance(value, Path):
            return str(value)
        if isinstance(value, Mapping):
            return {str(k): plain(v) for k, v in value.items()}
        if isinstance(value, (list, tuple)):
            return [plain(v) for v in value]
        return value

    return {f.name: plain(getattr(s, f.name)) for f in fields(s)}
