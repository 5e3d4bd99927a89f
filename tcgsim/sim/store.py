"""The result store of a run folder (docs/results.md): shards as tasks finish, the merged tables, run.json.

Durability is per task: a task's three shard files are written under temporary names and renamed into place,
the games shard last, so a games shard is the mark of a finished task. A run killed at any moment keeps every
finished task; resuming replays only the others, and the merge reads the shards in task order, so the final
tables do not depend on which process finished what, or when.

The merge streams: it holds one row group (ROW_GROUP rows) at a time, whatever the size of the run, and cuts
row groups at fixed row counts so the files' bytes do not depend on how the games were batched.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from dataclasses import asdict, dataclass, field
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pyarrow and pandas are imported where used: the supervising process forks its workers lean
    import pandas as pd
    import pyarrow as pa

    from tcgsim.sim.worker import ShardTables

__all__ = [
    "FORMAT", "TABLES", "ROW_GROUP", "RUN_JSON", "SimError", "OutputExists", "ResumeMismatch", "RunIncomplete",
    "DeckMeta", "MatchupMeta", "Session", "Counts", "RunMeta", "Run",
    "shard_path", "write_shard", "finished_tasks", "clean_partial", "merge", "write_meta", "read_meta",
    "prepare_out", "default_out", "load_run", "remove_shards", "tables_exist", "mismatch", "meta_from_json",
    "read_frame",
]

FORMAT = "tcgsim-run/1"
TABLES = ("games", "tempo", "cards")
ROW_GROUP = 65_536
RUN_JSON = "run.json"
SHARDS = "shards"
COMPRESSION = "zstd"
NULLABLE = {"games": {"winner_seat": "Int8"}, "cards": {"first_turn_played": "Int32"}}


class SimError(ValueError):
    """A run that cannot start as asked (bad settings, output folder, resume mismatch): one line for the user."""


class OutputExists(SimError):
    """The output folder exists and --force was not given."""


class ResumeMismatch(SimError):
    """--resume DIR whose run.json was made by a different command."""


class RunIncomplete(SimError):
    """load_run on a folder whose run has not finished (resume it first)."""


# ------------------------------------------------------------------------------------------------- run.json


@dataclass(frozen=True)
class DeckMeta:
    key: str
    name: str
    path: str
    sha256: str
    game: str
    ai: str


@dataclass(frozen=True)
class MatchupMeta:
    matchup_id: int
    matchup: str
    decks: list[str]
    pairs: int
    games: int
    first_game_id: int
    pairs_per_task: int


@dataclass(frozen=True)
class Session:
    """One sitting of a run (a resumed run has several): when, how fast, on what. Never in the tables."""

    started: str
    finished: str
    seconds: float
    games_played: int
    games_per_s: float
    backend: str
    workers: int
    scheduler: str | None
    worker_restarts: int


@dataclass(frozen=True)
class Counts:
    games: int
    decided: int
    draws: int
    errors: int


@dataclass
class RunMeta:
    """run.json: what was run (command, versions, decks, seeds, agents, plan), its status and timings."""

    format: str
    kind: str
    command: str
    status: str  # "running" until the tables are merged, then "complete"
    game: str
    decks: list[DeckMeta]
    agents: dict[str, str]
    seeds: dict[str, Any]
    games_requested: int
    games_per_matchup: int
    total_games: int
    tasks: int
    mirror: bool
    gauntlet: str | None
    matchups: list[MatchupMeta]
    tempo_metrics: list[str]  # the metric columns of tempo.parquet, in order
    tempo_meanings: dict[str, str]  # column -> what it measures (from the game's TempoMetric declarations)
    versions: dict[str, str]
    results: Counts | None = None
    sessions: list[Session] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["timings"] = {"sessions": data.pop("sessions"),
                           "seconds": round(sum(s.seconds for s in self.sessions), 3)}
        return data

    def identity(self) -> dict[str, Any]:
        """What must match for --resume: everything that decides the games, nothing about how they ran."""
        return _identity(self.to_json())


def _identity(data: dict[str, Any]) -> dict[str, Any]:
    return {
        "format": data.get("format"),
        "kind": data.get("kind"),
        "game": data.get("game"),
        "decks": [(d.get("key"), d.get("sha256"), d.get("ai")) for d in data.get("decks", [])],
        "seed": data.get("seeds", {}).get("run_seed"),
        "games per matchup": data.get("games_per_matchup"),
        "mirror": data.get("mirror"),
        "gauntlet": data.get("gauntlet"),
        "matchups": [(m.get("decks"), m.get("pairs"), m.get("pairs_per_task")) for m in data.get("matchups", [])],
    }


def mismatch(saved: dict[str, Any], wanted: RunMeta) -> str | None:
    """Why a saved run.json is not the run this command asks for (None when it is)."""
    old, new = _identity(saved), wanted.identity()
    for key, value in new.items():
        if old.get(key) != value:
            if key == "decks":
                old_decks = {k: (sha, ai) for k, sha, ai in old[key]}
                for k, sha, ai in value:
                    if k not in old_decks:
                        return f"it has no deck {k!r} (its decks: {', '.join(old_decks)})"
                    if old_decks[k][0] != sha:
                        return f"deck {k!r} has changed since"
                    if old_decks[k][1] != ai:
                        return f"deck {k!r} played with --ai {old_decks[k][1]}, not {ai}"
                return f"its decks were {', '.join(old_decks)}"
            return f"its {key} was {_shown(old.get(key))}, this command's is {_shown(value)}"
    return None


def _shown(value: Any) -> str:
    if isinstance(value, list):
        return ", ".join(" vs ".join(m[0]) if isinstance(m, tuple) and isinstance(m[0], list) else str(m)
                         for m in value) or "none"
    return str(value)


def write_meta(folder: Path, meta: RunMeta) -> None:
    """Write run.json atomically (a kill never leaves half a file)."""
    tmp = folder / f".{RUN_JSON}.{os.getpid()}.tmp"
    tmp.write_text(json.dumps(meta.to_json(), indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    os.replace(tmp, folder / RUN_JSON)


def read_meta(folder: Path) -> dict[str, Any]:
    path = Path(folder) / RUN_JSON
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise SimError(f"{folder} holds no {RUN_JSON}: not a tcgsim run folder") from None
    except (OSError, ValueError) as exc:
        raise SimError(f"cannot read {path}: {exc}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SimError(f"{path} is not a {FORMAT} run description")
    return data


def meta_from_json(data: dict[str, Any]) -> RunMeta:
    """Rebuild a RunMeta from run.json (to add a session when a run resumes)."""
    fields = dict(data)
    timings = fields.pop("timings", {}) or {}
    fields["decks"] = [DeckMeta(**d) for d in fields["decks"]]
    fields["matchups"] = [MatchupMeta(**m) for m in fields["matchups"]]
    fields["results"] = Counts(**fields["results"]) if fields.get("results") else None
    fields["sessions"] = [Session(**s) for s in timings.get("sessions", [])]
    return RunMeta(**fields)


# --------------------------------------------------------------------------------------------------- folders


def prepare_out(folder: Path, force: bool) -> None:
    """Make an empty run folder. An existing non-empty one needs --force, and is only deleted if it is a run
    folder (holds run.json): --force never wipes an arbitrary folder given by mistake."""
    if folder.exists() and not folder.is_dir():
        raise SimError(f"{folder} exists and is not a folder")
    if folder.is_dir() and any(folder.iterdir()):
        if not force:
            raise OutputExists(f"{folder} exists; pass --force to overwrite it, or --resume {folder} to finish it")
        if not (folder / RUN_JSON).exists():
            raise SimError(f"{folder} is not empty and is not a tcgsim run folder (no {RUN_JSON}); "
                           "refusing to delete it, even with --force")
        shutil.rmtree(folder)
    (folder / SHARDS).mkdir(parents=True, exist_ok=True)


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "deck"


def default_out(keys: list[str], root: Path = Path("reports"), now: datetime | None = None) -> Path:
    """reports/<decks>-<timestamp>, never an existing folder (a suffix -2, -3 is added if needed)."""
    stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
    decks = "-".join(_slug(k) for k in keys)
    if len(decks) > 60:
        decks = f"{_slug(keys[0])}-and-{len(keys) - 1}-more"
    base = root / f"{decks}-{stamp}"
    path, n = base, 1
    while path.exists():
        n += 1
        path = base.with_name(f"{base.name}-{n}")
    return path


# ---------------------------------------------------------------------------------------------------- shards


def shard_path(folder: Path, table: str, task_id: int) -> Path:
    return folder / SHARDS / f"{table}-{task_id:06d}.parquet"


def write_shard(folder: Path, shard: ShardTables) -> None:
    """Write one task's tables; the games shard goes last and marks the task finished."""
    import pyarrow.parquet as pq

    (folder / SHARDS).mkdir(parents=True, exist_ok=True)
    for table in ("tempo", "cards", "games"):
        final = shard_path(folder, table, shard.task_id)
        tmp = final.with_name(f".{final.stem}.{os.getpid()}.tmp")
        pq.write_table(getattr(shard, table), tmp, compression=COMPRESSION)
        os.replace(tmp, final)


def finished_tasks(folder: Path) -> set[int]:
    """Task ids whose shards are complete."""
    found: set[int] = set()
    shards = folder / SHARDS
    if not shards.is_dir():
        return found
    for path in shards.glob("games-*.parquet"):
        task = int(path.stem.split("-", 1)[1])
        if all(shard_path(folder, t, task).exists() for t in TABLES):
            found.add(task)
    return found


def clean_partial(folder: Path) -> None:
    """Remove files half-written by a killed run (they were never renamed into place)."""
    for directory in (folder, folder / SHARDS):
        if directory.is_dir():
            for tmp in directory.glob(".*.tmp"):
                tmp.unlink(missing_ok=True)


def remove_shards(folder: Path) -> None:
    shutil.rmtree(folder / SHARDS, ignore_errors=True)


def tables_exist(folder: Path) -> bool:
    return all((folder / f"{t}.parquet").exists() for t in TABLES)


class _RowGroupWriter:
    """Writes a table as row groups of exactly `size` rows (the last one shorter), whatever pieces it gets."""

    def __init__(self, path: Path, schema: pa.Schema, size: int = ROW_GROUP) -> None:
        import pyarrow.parquet as pq

        self.writer = pq.ParquetWriter(path, schema, compression=COMPRESSION)
        self.size = size
        self.parts: list[pa.Table] = []
        self.rows = 0

    def add(self, table: pa.Table) -> None:
        import pyarrow as pa

        self.parts.append(table)
        self.rows += table.num_rows
        if len(self.parts) >= 64:  # hundreds of small shard tables cost far more memory than their rows: compact
            self.parts = [pa.concat_tables(self.parts).combine_chunks()]
        while self.rows >= self.size:
            whole = pa.concat_tables(self.parts)
            self._write(whole.slice(0, self.size))
            rest = whole.slice(self.size)
            self.parts, self.rows = [rest], rest.num_rows

    def _write(self, table: pa.Table) -> None:
        self.writer.write_table(table.combine_chunks(), row_group_size=self.size)

    def close(self) -> None:
        import pyarrow as pa

        if self.rows:
            self._write(pa.concat_tables(self.parts))
        self.parts, self.rows = [], 0
        self.writer.close()


def _read_shard(path: Path, schema: pa.Schema) -> pa.Table:
    # ParquetFile, not pq.read_table: the dataset machinery behind read_table costs ~50 MB of resident memory
    import pyarrow.parquet as pq

    with pq.ParquetFile(path) as source:
        table = source.read(use_threads=False)
    return table if table.schema.equals(schema) else table.cast(schema)


def merge(folder: Path, task_ids: list[int], schemas: dict[str, pa.Schema]) -> None:
    """Concatenate the shards of `task_ids` (in that order: game id order) into the three final tables."""
    for table in TABLES:
        final = folder / f"{table}.parquet"
        tmp = folder / f".{table}.parquet.{os.getpid()}.tmp"
        writer = _RowGroupWriter(tmp, schemas[table])
        try:
            for task in task_ids:
                writer.add(_read_shard(shard_path(folder, table, task), schemas[table]))
        finally:
            writer.close()
        os.replace(tmp, final)


# ------------------------------------------------------------------------------------------------ reading


@dataclass
class Run:
    """A finished run: the three tables as pandas DataFrames and run.json as a dict."""

    path: Path | None
    meta: dict[str, Any]
    games: pd.DataFrame
    tempo: pd.DataFrame
    cards: pd.DataFrame

    def __repr__(self) -> str:
        where = f" at {self.path}" if self.path else ""
        return f"<Run{where}: {len(self.games)} games, {len(self.tempo)} tempo rows, {len(self.cards)} card rows>"


def read_frame(folder: Path, table: str) -> pd.DataFrame:
    """One table as a DataFrame; nullable integer columns keep their nulls (pandas Int8/Int32)."""
    import pyarrow.parquet as pq

    frame = pq.read_table(folder / f"{table}.parquet").to_pandas()
    for column, dtype in NULLABLE.get(table, {}).items():
        frame[column] = frame[column].astype(dtype)
    return frame


def load_run(folder: str | Path) -> Run:
    """Read a finished run folder (what `tcgsim simulate` and `tcgsim matchups` wrote)."""
    path = Path(folder)
    meta = read_meta(path)
    if meta.get("status") != "complete" or not tables_exist(path):
        raise RunIncomplete(f"the run in {path} has not finished: rerun its command with --resume {path}")
    games, tempo, cards = (read_frame(path, t) for t in TABLES)
    return Run(path, meta, games, tempo, cards)
