"""What a finished run says in a few lines: win rate per deck, draws, errors (each with the `tcgsim play`
command that replays it) and, for `matchups`, the matrix of head-to-head win rates.

Computed from games.parquet column by column in batches, so summarising a 100,000-game run costs a few MB.
The full analysis (confidence intervals, seat advantage, tempo, cards) is `tcgsim report`'s job.
"""

from __future__ import annotations

import csv
import shlex
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tcgsim.sim.worker import MAX_SEATS

__all__ = ["DeckScore", "ErroredGame", "Matrix", "Summary", "summarize", "summary_lines", "write_matrix_csv",
           "MAX_LISTED_ERRORS"]

MAX_LISTED_ERRORS = 20  # a run where every game fails needs its first errors, not 100,000 replay commands


@dataclass(frozen=True)
class DeckScore:
    """One deck's results over the run. Errored games are not results: they count apart."""

    key: str
    games: int  # finished games the deck played (draws included, errors not)
    wins: int
    draws: int
    errors: int

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True)
class ErroredGame:
    """A game that raised: enough to replay it with `tcgsim play`."""

    game_id: int
    seed: int
    decks: tuple[str, ...]  # deck keys in seat order
    paths: tuple[str, ...]  # their files, in seat order
    agents: tuple[str, ...]
    error: str

    def play_command(self) -> str:
        """The exact command that replays this game (decks in its seat order, its seed and agents)."""
        parts = ["tcgsim", "play", *self.paths, "--seed", str(self.seed)]
        for agent in self.agents:
            parts += ["--ai", agent]
        return shlex.join(parts)


@dataclass(frozen=True)
class Matrix:
    """Head-to-head win rates of two-player matchups: rate[(row, col)] is the share of their finished games that
    `row` won against `col` (in a mirror match, half the decided games)."""

    keys: tuple[str, ...]
    rate: Mapping[tuple[str, str], float]
    games: Mapping[tuple[str, str], int]


@dataclass(frozen=True)
class Summary:
    folder: Path
    games: int
    decided: int
    draws: int
    errors: int
    decks: tuple[DeckScore, ...]
    errored: tuple[ErroredGame, ...]  # the first MAX_LISTED_ERRORS
    reasons: Mapping[str, int]
    matrix: Matrix | None


def summarize(folder: Path, meta: Mapping[str, Any]) -> Summary:
    """Summarise a merged run from its games.parquet and run.json."""
    import pyarrow.parquet as pq

    keys = [d["key"] for d in meta["decks"]]
    paths = {d["key"]: d["path"] for d in meta["decks"]}
    wins: Counter[str] = Counter()
    played: Counter[str] = Counter()
    draws_by: Counter[str] = Counter()
    errors_by: Counter[str] = Counter()
    reasons: Counter[str] = Counter()
    pair_games: Counter[tuple[str, str]] = Counter()
    pair_wins: Counter[tuple[str, str]] = Counter()
    errored: list[ErroredGame] = []
    games = draws = errors = 0
    seats = [f"deck_{i}" for i in range(MAX_SEATS)]
    agents = [f"ai_{i}" for i in range(MAX_SEATS)]
    columns = ["game_id", "game_seed", "winner_deck", "reason", "error", *seats, *agents]
    source = pq.ParquetFile(folder / "games.parquet")
    for batch in source.iter_batches(batch_size=65_536, columns=columns):
        data = {name: batch.column(name).to_pylist() for name in columns}
        for row in range(batch.num_rows):
            games += 1
            decks = tuple(d for d in (data[s][row] for s in seats) if d is not None)
            present = set(decks)
            reason = data["reason"][row]
            reasons[reason] += 1
            if data["error"][row] is not None:
                errors += 1
                errors_by.update(present)
                if len(errored) < MAX_LISTED_ERRORS:
                    errored.append(ErroredGame(
                        data["game_id"][row], data["game_seed"][row], decks, tuple(paths[d] for d in decks),
                        tuple(data[a][row] for a in agents[:len(decks)]), data["error"][row]))
                continue
            played.update(present)
            winner = data["winner_deck"][row]
            if winner is None:
                draws += 1
                draws_by.update(present)
            else:
                wins[winner] += 1
            if len(decks) == 2:
                a, b = sorted(decks)
                pair_games[(a, b)] += 1
                if winner is not None:
                    pair_wins[(winner, b if winner == a else a)] += 1
    scores = tuple(DeckScore(k, played[k], wins[k], draws_by[k], errors_by[k]) for k in keys)
    matrix = None
    if meta.get("kind") == "matchups":
        rate: dict[tuple[str, str], float] = {}
        counts: dict[tuple[str, str], int] = {}
        for (a, b), n in pair_games.items():
            for mine, theirs in ((a, b), (b, a)):
                counts[(mine, theirs)] = n
                won = pair_wins[(mine, theirs)] / 2 if mine == theirs else pair_wins[(mine, theirs)]
                rate[(mine, theirs)] = won / n if n else 0.0
        matrix = Matrix(tuple(keys), rate, counts)
    return Summary(folder, games, games - errors - draws, draws, errors, scores, tuple(errored), dict(reasons),
                   matrix)


def write_matrix_csv(path: Path, matrix: Matrix) -> None:
    """matrix.csv: one row per deck, one column per opponent; the row deck's win rate (blank: not played)."""
    with path.open("w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow(["deck", *matrix.keys])
        for row in matrix.keys:
            cells: Sequence[str] = [f"{matrix.rate[(row, col)]:.4f}" if (row, col) in matrix.rate else ""
                                    for col in matrix.keys]
            writer.writerow([row, *cells])


def summary_lines(s: Summary) -> list[str]:
    """The summary as printed after a run: win rate per deck with its games, draws and errors, the matchup
    matrix, and a replay command for each game that raised."""
    width = max(len(d.key) for d in s.decks)
    lines = [f"  {d.key:<{width}}  {100 * d.win_rate:5.1f}% wins  ({d.wins} of {d.games} games)"
             for d in sorted(s.decks, key=lambda d: -d.win_rate)]
    lines.append(f"  {s.games} games: {s.decided} decided, {s.draws} draws, {s.errors} errors")
    if s.matrix is not None:
        keys = s.matrix.keys
        widths = [max(6, len(k)) for k in keys]
        lines.append("matchup matrix (row deck's win rate against the column deck):")
        lines.append(" " * (width + 2) + "".join(f"  {k:>{w}}" for k, w in zip(keys, widths, strict=True)))
        for row in keys:
            cells = [f"{100 * s.matrix.rate[(row, col)]:.1f}%" if (row, col) in s.matrix.rate else "-"
                     for col in keys]
            lines.append(f"  {row:<{width}}" + "".join(f"  {c:>{w}}" for c, w in zip(cells, widths, strict=True)))
    if s.errored:
        shown = (f"the first {len(s.errored)} of {s.errors}; all are in games.parquet" if s.errors > len(s.errored)
                 else str(s.errors))
        lines.append(f"games that raised ({shown}); each command below replays one:")
        for game in s.errored:
            lines.append(f"  game {game.game_id}: {game.error}")
            lines.append(f"    {game.play_command()}")
    return lines
