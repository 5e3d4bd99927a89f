"""The result store of a run folder (docs/results.md): shards as tasks finish, the merged tables, run.json.

Durability is per task: a task's three shard files are written under temporary names and renamed into place,
the games shard last, so a games shard is the mark of a finished task. A run killed at any moment keeps every
finished task; resuming replays only the others, and the merge reads the shards in task order, so the final
tables do not depend on which process finished what, or when.

The merge streams: it holds one row group (ROW_GROUP rows) at a time, whatever the size of the run, and cuts
row groups at fixed row counts so the files' bytes do not depend on how the games were batched.

Every shard carries its run's identity (`run_id`, in the Parquet key-value metadata under `tcgsim_run`): a merge
takes only shards of its own run, and a shard that is damaged (truncated by a power cut, zero length) or foreign
is named and its games played again instead of being counted as finished.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from collections.abc import Callable, Iterable
from contextlib import suppress
from dataclasses import MISSING, asdict, dataclass, field, fields
from datetime import datetime
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tcgsim.sim.errors import OutputExists, ResumeMismatch, RunFolderError, RunIncomplete, SimError
from tcgsim.sim.folder import (
    OWN_FOLDERS,
    SHARD_NAME,
    SHARDS,
    STAMP_KEY,
    RunLock,
    check_place,
    clear_own_files,
    foreign_entries,
    make_folder,
)

if TYPE_CHECKING:  # pyarrow and pandas are imported where used: the supervising process forks its workers lean
    import pandas as pd
    import pyarrow as pa

    from tcgsim.sim.seeds import Task
    from tcgsim.sim.worker import ShardTables

__all__ = [
    "FORMAT", "TABLES", "ROW_GROUP", "RUN_JSON", "STAMP_KEY", "SimError", "OutputExists", "ResumeMismatch",
    "RunIncomplete", "RunFolderError", "RunStatus", "DeckMeta", "MatchupMeta", "Session", "Counts", "RunMeta", "Run",
    "ShardScan", "DamagedShards", "RunLock", "open_folder", "shard_path", "write_shard", "scan_shards",
    "clean_partial", "merge", "write_meta", "read_meta", "prepare_out", "default_out", "load_run", "remove_shards",
    "tables_exist", "mismatch", "meta_from_json", "read_frame",
]

# /2 added run_id and card_pool (a /1 folder cannot be resumed: it lacks them); /3 deals each deck by its matchup
# position rather than its seat and records first_seat (a /2 folder's games cannot be continued: they would change)
FORMAT = "tcgsim-run/3"
_WHY_NOT = {"tcgsim-run/2": "its games were dealt from one shared generator, this tcgsim gives each seat its own"}
TABLES = ("games", "tempo", "cards")
ROW_GROUP = 65_536
RUN_JSON = "run.json"
COMPRESSION = "zstd"
NULLABLE = {"games": {"winner_seat": "Int8", "first_seat": "Int8", **{f"mulligans_{i}": "Int8" for i in range(4)}},
            "cards": {"first_turn_played": "Int32"}}  # pandas' nullable types: null seats stay null, not NaN floats
_PARQUET_MAGIC = b"PAR1"


class RunStatus(StrEnum):
    RUNNING = "running"  # until the tables are merged
    COMPLETE = "complete"


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
    """run.json `results`: the run's games by how they ended (`stats.Ending`), as the terminal summary counts them."""

    games: int
    decided: int
    draws: int
    errors: int
    all_lose: int = 0  # games the rules ended with every player losing (absent from runs before the key)
    stopped: int = 0  # games the decision limit stopped


@dataclass
class RunMeta:
    """run.json: what was run (command, versions, decks, seeds, agents, plan), its status and timings."""

    format: str
    run_id: str  # the digest of everything that decides the games; every shard of the run carries it
    kind: str
    command: str
    status: RunStatus
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
    card_pool: str  # the sha256 of the game's card data: a resume with other cards would mix two pools' games
    options: dict[str, Any]  # the game's options (tcgsim options GAME), every one with its value
    results: Counts | None = None
    sessions: list[Session] = field(default_factory=list)
    # the user's card files merged into the pool (--cards), by name; card_pool is the merged pool's digest
    card_files: list[str] = field(default_factory=list)

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
        "tcgsim version": data.get("versions", {}).get("tcgsim"),
        "card pool": data.get("card_pool"),
        "options": data.get("options"),
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
            if key == "tcgsim version":
                return (f"it was started by tcgsim {old.get(key)} and this is tcgsim {value}; resuming would mix "
                        "two engines' games (start it again with --force)")
            if key == "card pool":
                return _pool_mismatch(list(saved.get("card_files") or []), list(wanted.card_files))
            return f"its {key} was {_shown(old.get(key))}, this command's is {_shown(value)}"
    return None


def _pool_mismatch(saved: list[str], wanted: list[str]) -> str:
    """Why the card pools differ, with what to type: most often a resume that forgot (or added) --cards."""
    mixing = "resuming would mix two card pools' games"
    if saved and saved != wanted:
        given = f"this command's are {', '.join(wanted)}" if wanted else "this command gives none"
        return (f"it was played with the card files {', '.join(saved)} (--cards) and {given}; resume it with the "
                f"same --cards (or start it again with --force)")
    if wanted and not saved:
        return (f"it was played with the bundled cards and this command adds {', '.join(wanted)} (--cards); "
                f"{mixing} (drop --cards, or start it again with --force)")
    return (f"the card data of the game has changed since it started; {mixing} (start it again with "
            f"--force)")


def _shown(value: Any) -> str:
    if isinstance(value, list):
        return ", ".join(" vs ".join(m[0]) if isinstance(m, tuple) and isinstance(m[0], list) else str(m)
                         for m in value) or "none"
    return str(value)


def write_meta(folder: Path, meta: RunMeta) -> None:
    """Write run.json atomically (a kill never leaves half a file)."""
    tmp = folder / f".{RUN_JSON}.{os.getpid()}.tmp"
    try:
        tmp.write_text(json.dumps(meta.to_json(), indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        os.replace(tmp, folder / RUN_JSON)
    except OSError:
        tmp.unlink(missing_ok=True)
        raise


def read_meta(folder: Path) -> dict[str, Any]:
    """run.json as a dict, checked to be a run description of this tcgsim's format (else one-line errors)."""
    path = Path(folder) / RUN_JSON
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise SimError(f"{folder} holds no {RUN_JSON}: not a tcgsim run folder") from None
    except (OSError, ValueError) as exc:
        raise RunFolderError(f"cannot read {path}: {exc}") from None
    if not isinstance(data, dict) or not str(data.get("format", "")).startswith("tcgsim-run/"):
        raise RunFolderError(f"{path} is not a tcgsim run description")
    if data["format"] != FORMAT:
        why = _WHY_NOT.get(str(data["format"]))
        raise RunFolderError(f"{path} is a {data['format']} run from another tcgsim version (this one writes "
                             f"{FORMAT}{': ' + why if why else ''}); start the run again in a new folder")
    return data


_REQUIRED = {f.name for f in fields(RunMeta) if f.name not in ("results", "sessions", "card_files")}
_KNOWN = _REQUIRED | {"results", "timings", "card_files"}  # card_files: absent from runs before --cards


def _rebuild(kind: type[Any], raw: Any, where: str) -> Any:
    if not isinstance(raw, dict):
        raise TypeError(f"{where} is not an object")
    names = {f.name for f in fields(kind)}
    optional = {f.name for f in fields(kind) if f.default is not MISSING}  # keys added since: older files lack them
    if not names - optional <= set(raw) <= names:
        odd = sorted((set(raw) - names) | (names - optional - set(raw)))
        raise TypeError(f"{where} has {'unknown' if set(raw) - names else 'missing'} keys {', '.join(odd)}")
    return kind(**raw)


def meta_from_json(data: dict[str, Any], path: Path | str = RUN_JSON) -> RunMeta:
    """Rebuild a RunMeta from run.json (to resume a run, or to know --force may clear it). A run.json with
    unknown or missing keys or values of the wrong shape is refused in one line: it is not one tcgsim wrote."""
    try:
        missing = sorted(_REQUIRED - set(data))
        extra = sorted(set(data) - _KNOWN)
        if missing or extra:
            raise TypeError(f"{'missing keys ' + ', '.join(missing) if missing else ''}"
                            f"{'; ' if missing and extra else ''}"
                            f"{'unknown keys ' + ', '.join(extra) if extra else ''}")
        values = dict(data)
        timings = values.pop("timings", None) or {}
        if not isinstance(timings, dict):
            raise TypeError("timings is not an object")
        values["status"] = RunStatus(values["status"])
        values["decks"] = [_rebuild(DeckMeta, d, "a deck") for d in values["decks"]]
        values["matchups"] = [_rebuild(MatchupMeta, m, "a matchup") for m in values["matchups"]]
        values["results"] = _rebuild(Counts, values["results"], "results") if values.get("results") else None
        values["sessions"] = [_rebuild(Session, s, "a session") for s in timings.get("sessions", [])]
        for name in ("games_requested", "games_per_matchup", "total_games", "tasks"):
            if not isinstance(values[name], int) or isinstance(values[name], bool):
                raise TypeError(f"{name} is not a whole number")
        if not isinstance(values["seeds"], dict) or not isinstance(values["seeds"].get("run_seed"), int):
            raise TypeError("seeds.run_seed is not a whole number")
        return RunMeta(**values)
    except (TypeError, ValueError, KeyError, AttributeError) as exc:
        raise RunFolderError(f"{path} is damaged or was not written by tcgsim: {exc}") from None


# --------------------------------------------------------------------------------------------------- folders


def prepare_out(folder: Path, force: bool) -> None:
    """Make `folder` ready for a new run; the caller holds its RunLock. An empty or new folder is used as it is.
    A non-empty one needs --force, and is cleared only when its run.json is a run of this tcgsim and nothing
    else is there: --force never deletes what tcgsim did not write."""
    entries = list(folder.iterdir())
    if not entries:
        (folder / SHARDS).mkdir()
        return
    if not force:
        raise OutputExists(f"{folder} exists; pass --force to overwrite it, or --resume {folder} to finish it")
    if not (folder / RUN_JSON).is_file():
        raise SimError(f"{folder} is not empty and is not a tcgsim run folder (no {RUN_JSON}); "
                       "refusing to delete it, even with --force")
    try:
        meta_from_json(read_meta(folder), folder / RUN_JSON)
    except SimError as exc:
        raise SimError(f"{folder} is not a run folder this tcgsim can read ({exc}); refusing to delete it, "
                       "even with --force") from None
    foreign = foreign_entries(folder)
    if foreign:
        shown = ", ".join(foreign[:5]) + (f" and {len(foreign) - 5} more" if len(foreign) > 5 else "")
        raise SimError(f"{folder} holds files tcgsim did not write ({shown}); refusing to delete it, even with "
                       "--force")
    clear_own_files(folder)
    (folder / SHARDS).mkdir()


def open_folder(folder: Path, *, clearing: bool) -> RunLock:
    """Check the place, create the folder and return its (not yet taken) lock: `with open_folder(...) as lock`."""
    check_place(folder, clearing=clearing)
    make_folder(folder)
    return RunLock(folder)


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
    """Write one task's tables, each stamped with the run's identity; the games shard goes last and marks the
    task finished."""
    import pyarrow.parquet as pq

    (folder / SHARDS).mkdir(parents=True, exist_ok=True)
    stamp = {STAMP_KEY: shard.run_id.encode()}
    for table in ("tempo", "cards", "games"):
        final = shard_path(folder, table, shard.task_id)
        tmp = final.with_name(f".{final.stem}.{os.getpid()}.tmp")
        try:
            pq.write_table(getattr(shard, table).replace_schema_metadata(stamp), tmp, compression=COMPRESSION)
            os.replace(tmp, final)
        except OSError:
            tmp.unlink(missing_ok=True)  # a full disk must not also leave half a file behind
            raise


def _looks_whole(path: Path) -> bool:
    """A Parquet file starts and ends with PAR1 around a footer shorter than the file: a cheap test, without
    pyarrow, that catches what a power cut or a full disk leaves (zero length, a cut-off tail)."""
    try:
        size = path.stat().st_size
        if size < 12:
            return False
        with path.open("rb") as f:
            head = f.read(4)
            f.seek(size - 8)
            tail = f.read(8)
    except OSError:
        return False
    footer = int.from_bytes(tail[:4], "little")
    return head == _PARQUET_MAGIC and tail[4:] == _PARQUET_MAGIC and footer + 12 <= size


@dataclass(frozen=True)
class ShardScan:
    """What a resume finds in shards/: finished tasks, damaged shards (replayed) and stray files (ignored)."""

    finished: frozenset[int]
    damaged: tuple[str, ...]
    stray: tuple[str, ...]

    def notes(self, folder: Path) -> list[str]:
        out: list[str] = []
        if self.damaged:
            out.append(f"{len(self.damaged)} damaged shard{'s' * (len(self.damaged) != 1)} in {folder / SHARDS} "
                       f"({', '.join(self.damaged[:3])}{', ...' if len(self.damaged) > 3 else ''}): "
                       "their games are played again")
        if self.stray:
            out.append(f"ignored {len(self.stray)} file{'s' * (len(self.stray) != 1)} in {folder / SHARDS} that "
                       f"tcgsim did not write ({', '.join(self.stray[:3])}{', ...' if len(self.stray) > 3 else ''})")
        return out


def scan_shards(folder: Path, n_tasks: int) -> ShardScan:
    """Which tasks have whole shards. A task counts as finished only when all three of its shard files are
    there and look whole; anything else in shards/ is never read."""
    shards = folder / SHARDS
    if not shards.is_dir():
        return ShardScan(frozenset(), (), ())
    present: dict[int, set[str]] = {}
    damaged: list[str] = []
    stray: list[str] = []
    for path in sorted(shards.iterdir()):
        m = SHARD_NAME.fullmatch(path.name)
        if (m is None or int(m.group(2)) >= n_tasks or path.name != shard_path(folder, m[1], int(m[2])).name
                or path.is_symlink() or not path.is_file()):
            if not path.name.endswith(".tmp"):
                stray.append(path.name)
            continue
        if _looks_whole(path):
            present.setdefault(int(m.group(2)), set()).add(m.group(1))
        else:
            damaged.append(path.name)
    finished = frozenset(t for t, tables in present.items() if len(tables) == len(TABLES))
    return ShardScan(finished, tuple(damaged), tuple(stray))


def clean_partial(folder: Path) -> None:
    """Remove files half-written by a killed run (they were never renamed into place)."""
    for directory in (folder, folder / SHARDS):
        if directory.is_dir():
            for tmp in directory.glob(".*.tmp"):
                tmp.unlink(missing_ok=True)


def remove_shards(folder: Path) -> None:
    """Remove shards/ once the tables are merged: only our shard files, and the folder only if that empties it
    (a file the user put there stays, with the folder)."""
    shards = folder / SHARDS
    if not shards.is_dir():
        return
    pattern = OWN_FOLDERS[SHARDS]
    for path in shards.iterdir():
        if pattern.fullmatch(path.name) or path.name.endswith(".tmp"):
            path.unlink(missing_ok=True)
    with_rest = any(shards.iterdir())
    if not with_rest:
        shutil.rmtree(shards, ignore_errors=True)


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

    def abort(self) -> None:
        """Close without writing what is buffered (the table is being given up)."""
        self.parts, self.rows = [], 0
        with suppress(OSError):  # the disk that failed the write may fail the close too
            self.writer.close()


class DamagedShards(Exception):
    """Shards the merge could not take (task id -> why): unreadable, from another run, or short of games.
    They have been deleted, so that playing their tasks again replaces them."""

    def __init__(self, bad: dict[int, str]) -> None:
        shown = "; ".join(list(bad.values())[:3]) + ("; ..." if len(bad) > 3 else "")
        super().__init__(f"{len(bad)} shard{'s' * (len(bad) != 1)} could not be merged ({shown})")
        self.bad = bad


def _checked_shard(path: Path, schema: pa.Schema, run_id: str, rows: int | None) -> pa.Table | str:
    """A shard's table, or why it cannot be merged into run `run_id`."""
    import pyarrow.parquet as pq

    try:
        with pq.ParquetFile(path) as source:  # ParquetFile, not read_table: the dataset machinery costs ~50 MB
            stamp = (source.metadata.metadata or {}).get(STAMP_KEY)
            if stamp != run_id.encode():
                return f"{path.name}: {'from another run' if stamp else 'not stamped with this run'}"
            if rows is not None and source.metadata.num_rows != rows:
                return f"{path.name}: {source.metadata.num_rows} games where its task has {rows}"
            table = source.read(use_threads=False).replace_schema_metadata(None)
    except FileNotFoundError:
        return f"{path.name}: missing"
    except OSError:
        raise
    except Exception as exc:  # pyarrow raises several types for a damaged file
        return f"{path.name}: unreadable ({type(exc).__name__})"
    try:
        return table if table.schema.equals(schema) else table.cast(schema)
    except Exception as exc:  # columns of another layout
        return f"{path.name}: columns do not fit ({type(exc).__name__})"


def merge(folder: Path, tasks: Callable[[], Iterable[Task]], schemas: dict[str, pa.Schema], run_id: str) -> None:
    """Concatenate the shards of every task (`tasks()` gives them in game id order) into the three tables.

    Each shard is checked as it is read: it must carry this run's stamp and, for games, its task's number of
    games. Any that fail are deleted and reported together (DamagedShards), for the caller to play again."""
    bad: dict[int, str] = {}
    for table in TABLES:
        final = folder / f"{table}.parquet"
        tmp = folder / f".{table}.parquet.{os.getpid()}.tmp"
        writer = _RowGroupWriter(tmp, schemas[table])
        try:
            for task in tasks():
                if task.task_id in bad:
                    continue
                piece = _checked_shard(shard_path(folder, table, task.task_id), schemas[table], run_id,
                                       task.n_games if table == "games" else None)
                if isinstance(piece, str):
                    bad[task.task_id] = piece
                elif not bad:
                    writer.add(piece)
        except BaseException:
            writer.abort()
            tmp.unlink(missing_ok=True)
            raise
        if bad:
            writer.abort()
            tmp.unlink(missing_ok=True)
            for task_id in bad:
                for name in TABLES:
                    shard_path(folder, name, task_id).unlink(missing_ok=True)
            raise DamagedShards(bad)
        writer.close()
        os.replace(tmp, final)


# ------------------------------------------------------------------------------------------------ reading


@dataclass
class Run:
    """A run: the three tables as pandas DataFrames and run.json as a dict. `complete` is False for the finished
    games of a run that was interrupted (`load_run(folder, partial=True)`)."""

    path: Path | None
    meta: dict[str, Any]
    games: pd.DataFrame
    tempo: pd.DataFrame
    cards: pd.DataFrame
    complete: bool = True

    def __repr__(self) -> str:
        where = f" at {self.path}" if self.path else ""
        part = "" if self.complete else ", unfinished"
        return (f"<Run{where}: {len(self.games)} games{part}, {len(self.tempo)} tempo rows, {len(self.cards)} card "
                f"rows>")


def read_frame(folder: Path, table: str) -> pd.DataFrame:
    """One table as a DataFrame; nullable integer columns keep their nulls (pandas Int8/Int32)."""
    import pyarrow.parquet as pq

    frame = pq.read_table(folder / f"{table}.parquet").to_pandas()
    for column, dtype in NULLABLE.get(table, {}).items():
        frame[column] = frame[column].astype(dtype)
    return frame


def load_run(folder: str | Path, partial: bool = False) -> Run:
    """Read a run folder (what `tcgsim simulate` and `tcgsim matchups` wrote). A run that has not finished is
    refused, unless `partial`: then its finished games are read from its whole shards (as `tcgsim report` reads
    them), in game order, with `complete` False."""
    path = Path(folder)
    meta = read_meta(path)
    if meta.get("status") == RunStatus.COMPLETE and tables_exist(path):
        games, tempo, cards = (read_frame(path, t) for t in TABLES)
        return Run(path, meta, games, tempo, cards)
    if not partial:
        raise RunIncomplete(f"the run in {path} has not finished: rerun its command with --resume {path} (or read "
                            "its finished games with load_run(folder, partial=True))")
    import pandas as pd

    finished = sorted(scan_shards(path, int(meta.get("tasks") or 0)).finished)  # tasks run in game-id order
    frames = {table: pd.concat([_read_shard(shard_path(path, table, task), table) for task in finished],
                               ignore_index=True) if finished else pd.DataFrame() for table in TABLES}
    return Run(path, meta, frames["games"], frames["tempo"], frames["cards"], complete=False)


def _read_shard(shard: Path, table: str) -> pd.DataFrame:
    import pyarrow.parquet as pq

    frame = pq.read_table(shard).to_pandas()
    for column, dtype in NULLABLE.get(table, {}).items():
        if column in frame:
            frame[column] = frame[column].astype(dtype)
    return frame
