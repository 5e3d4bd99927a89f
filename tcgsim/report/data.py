"""Reading a result store (docs/results.md) into DataFrames. Of the simulator it takes only the store's names for
its files (tcgsim.sim.folder), so the two can never disagree on what a shard is called or how it is stamped.

games.parquet is read whole (one row per game: small). tempo.parquet and cards.parquet (a row per turn and seat, a row
per seat and card: tens of millions of rows in a large run) are not: they are `Table`s, read chunk by chunk
(`Table.chunks`, a DataFrame of `CHUNK_ROWS` rows holding only the columns asked for), and the statistics add the
chunks up, so a report's memory does not grow with the number of turns and card rows.

Everything read is checked before the statistics see it, so a damaged or foreign file is one `ReportError` that
names the file and what is wrong with it, never an exception from deep inside pandas:

- each table's columns the report uses, and their kinds (integer, text, number; see `GAMES_SCHEMA` and friends);
- run.json: a JSON object whose fields the report reads have the types the store writes (`check_meta`);
- an interrupted run's shards (`shards/{table}-NNNNNN.parquet`, the run store's names; nothing else in shards/
  is read): a shard that is damaged, of the wrong shape or stamped by another run (key-value metadata
  `tcgsim_run` differing from run.json's `run_id`; no stamp is fine) is skipped with a warning, and with it the
  rest of its task, so the three tables keep covering the same games. The report says how many games it covers.
  A merged table stamped by another run is an error (it cannot be left out).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

import pandas as pd

from tcgsim.sim.folder import SHARD_NAME, SHARDS, STAMP_KEY

if TYPE_CHECKING:
    import pyarrow as pa

__all__ = ["CARDS_SCHEMA", "CHUNK_ROWS", "GAMES_COLUMNS", "GAMES_SCHEMA", "TEMPO_SCHEMA", "Column", "ReportError",
           "RunData", "RunLike", "Table", "as_run", "check_meta", "read_run"]

INTEGER, TEXT, NUMBER = "integer", "text", "number"
_KIND_WORDS = {INTEGER: "integers", TEXT: "text", NUMBER: "numbers"}


@dataclass(frozen=True)
class Column:
    """A column the report reads: its kind, whether a table must have it, whether it may hold missing values."""

    kind: str
    required: bool = True
    nulls: bool = True


GAMES_SCHEMA: dict[str, Column] = {
    "game_id": Column(INTEGER, nulls=False),
    "matchup": Column(TEXT),
    "game": Column(TEXT),
    "n_players": Column(INTEGER, nulls=False),
    "deck_0": Column(TEXT),
    "deck_1": Column(TEXT),
    "deck_2": Column(TEXT, required=False),
    "deck_3": Column(TEXT, required=False),
    **{f"ai_{i}": Column(TEXT, required=False) for i in range(4)},
    "winner_seat": Column(INTEGER),
    "winner_deck": Column(TEXT),
    "reason": Column(TEXT),
    "turns": Column(INTEGER, nulls=False),
    # the seat that moved first (the play/draw split); absent from runs written before it: seat 0 then
    "first_seat": Column(INTEGER, required=False),
    "error": Column(TEXT, required=False),
    "run_seed": Column(INTEGER, required=False),
    "game_seed": Column(INTEGER, required=False),  # the replay command of a game without a result needs it
    # a deal (matchup_id, pair: every seat rotation of one seed) is the ranking bootstrap's unit
    "matchup_id": Column(INTEGER, required=False),
    "pair": Column(INTEGER, required=False),
    **{f"mulligans_{i}": Column(INTEGER, required=False) for i in range(4)},  # null: no mulligan rule, no seat
}
TEMPO_KEYS = ("game_id", "turn", "seat", "deck")
TEMPO_SCHEMA: dict[str, Column] = {
    "game_id": Column(INTEGER, nulls=False),
    "turn": Column(INTEGER, nulls=False),
    "seat": Column(INTEGER, required=False),
    "deck": Column(TEXT),
}  # every other column is a tempo metric: NUMBER
CARDS_SCHEMA: dict[str, Column] = {
    "game_id": Column(INTEGER, nulls=False),
    "seat": Column(INTEGER),
    "deck": Column(TEXT),
    "card_id": Column(TEXT),
    "card_name": Column(TEXT),
    "copies": Column(INTEGER, nulls=False),
    "in_opening_hand": Column(INTEGER, nulls=False),
    "drawn": Column(INTEGER, nulls=False),
    "played": Column(INTEGER, nulls=False),
    "first_turn_played": Column(INTEGER),
    "result": Column(TEXT),
    "entered_play": Column(INTEGER, required=False),  # a run written before it had the column: no figure
}
SCHEMAS = {"games": GAMES_SCHEMA, "tempo": TEMPO_SCHEMA, "cards": CARDS_SCHEMA}
TABLES = ("games", "tempo", "cards")
GAMES_COLUMNS = tuple(k for k, c in GAMES_SCHEMA.items() if c.required)
GAMES_READ = tuple(GAMES_SCHEMA)  # the columns of games.parquet the report reads (the rest it never looks at)
CARDS_COLUMNS = tuple(CARDS_SCHEMA)


class ReportError(ValueError):
    """A run folder that cannot be reported on, or a report that cannot be written; the message is one line that
    says what and where."""


class RunLike(Protocol):
    """What a report needs of a run: the three tables and run.json (tcgsim's `Run` has these)."""

    @property
    def games(self) -> pd.DataFrame: ...

    @property
    def tempo(self) -> pd.DataFrame: ...

    @property
    def cards(self) -> pd.DataFrame: ...

    @property
    def meta(self) -> dict[str, Any]: ...


@dataclass
class RunData:
    """A run as read from its folder: games, tempo and cards tables and run.json (empty dict if absent).

    `source` is "tables" for the merged tables of a finished run, "shards" when the games came from an
    interrupted run's shards; `skipped` names the shards left out (damaged, or of another run) and `warnings`
    holds the lines to show the user about them. `tempo` and `cards` are `Table`s, read chunk by chunk; a
    DataFrame given for either is taken as a table of one chunk."""

    games: pd.DataFrame
    tempo: Table
    cards: Table
    meta: dict[str, Any] = field(default_factory=dict)
    path: Path | None = None
    source: str = "tables"
    skipped: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.tempo = as_table(self.tempo)
        self.cards = as_table(self.cards)


def one_line(text: object) -> str:
    """Messages from pyarrow and the OS may span lines; the user gets one."""
    return " ".join(str(text).split())


# --- run.json -------------------------------------------------------------------------------------------------

def _what(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return f"{str(value).lower()} (true/false)"
    if isinstance(value, int | float):
        return f"a number ({value})"
    if isinstance(value, str):
        return f"a string ({value[:40]!r})"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_str(value: Any) -> bool:
    return isinstance(value, str)


def _is_num(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


_DECK_FIELDS = ("key", "name", "path", "sha256", "game", "plan", "ai")


def check_meta(meta: Any, where: str) -> dict[str, Any]:
    """run.json as a dict, once its fields the report reads have the types the run store writes; a ReportError
    naming the field otherwise. `where` names the file in the message."""
    if not isinstance(meta, dict):
        raise ReportError(f"{where}: not a JSON object but {_what(meta)}")

    def bad(name: str, value: Any, expected: str) -> ReportError:
        return ReportError(f"{where}: \"{name}\" is {_what(value)}, expected {expected}")

    def optional(data: Mapping[str, Any], name: str, ok: Any, expected: str, prefix: str = "") -> Any:
        value = data.get(name)
        if value is not None and not ok(value):
            raise bad(prefix + name, value, expected)
        return value

    for name in ("finished", "status", "kind"):
        optional(meta, name, _is_str, "a string")
    for name in ("seed", "run_seed", "total_games"):
        optional(meta, name, _is_int, "an integer")
    optional(meta, "run_id", lambda v: isinstance(v, str) or _is_int(v), "a string")
    for name in ("command", "argv"):
        optional(meta, name, lambda v: isinstance(v, str) or (isinstance(v, list) and all(map(_is_str, v))),
                 "a string or a list of strings")
    for name in ("versions", "version"):
        optional(meta, name, lambda v: isinstance(v, str | dict), "a string or an object")
    if optional(meta, "seeds", lambda v: isinstance(v, dict), "an object") is not None:
        optional(meta["seeds"], "run_seed", _is_int, "an integer", "seeds.")
    if optional(meta, "timings", lambda v: isinstance(v, dict), "an object") is not None:
        timings = meta["timings"]
        optional(timings, "seconds", _is_num, "a number", "timings.")
        sessions = optional(timings, "sessions", lambda v: isinstance(v, list), "a list", "timings.") or []
        for i, session in enumerate(sessions):
            if not isinstance(session, dict):
                raise bad(f"timings.sessions[{i}]", session, "an object")
            optional(session, "finished", _is_str, "a string", f"timings.sessions[{i}].")
    decks = optional(meta, "decks", lambda v: isinstance(v, list | dict), "a list of decks")
    entries = list(decks.items()) if isinstance(decks, dict) else list(enumerate(decks or []))
    for key, deck in entries:
        label = f"decks[{key!r}]" if isinstance(decks, dict) else f"decks[{key}]"
        if isinstance(deck, str):
            continue
        if not isinstance(deck, dict):
            raise bad(label, deck, "an object or a string")
        for name in _DECK_FIELDS:
            optional(deck, name, _is_str, "a string", f"{label}.")
    return meta


def _no_constant(name: str) -> Any:
    # Python's json reads NaN and Infinity, which are not JSON: summary.json could not be written from them
    raise ValueError(f"{name} is not a JSON value")


def _read_meta(root: Path) -> dict[str, Any]:
    path = root / "run.json"
    if not path.exists():
        return {}
    try:
        loaded = json.loads(path.read_text(encoding="utf-8"), parse_constant=_no_constant)
    except (OSError, ValueError) as exc:  # UnicodeDecodeError and JSONDecodeError are ValueErrors
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
        raise ReportError(f"{path}: cannot read it as JSON ({one_line(reason)})") from exc
    return check_meta(loaded, str(path))


# --- tables ---------------------------------------------------------------------------------------------------

class _Unusable(Exception):
    """A Parquet file the report cannot use; the message says why (one line, no path)."""


def _kind(t: pa.DataType) -> str:
    import pyarrow as pa

    if pa.types.is_dictionary(t):
        t = t.value_type
    if pa.types.is_null(t):
        return "null"  # a column with nothing but missing values fits every kind
    if pa.types.is_integer(t):
        return INTEGER
    if pa.types.is_floating(t):
        return NUMBER
    if pa.types.is_string(t) or pa.types.is_large_string(t) or getattr(pa.types, "is_string_view", bool)(t):
        return TEXT
    return str(t)


def _fits(found: str, expected: str) -> bool:
    return found in (expected, "null") or (expected == NUMBER and found == INTEGER)


def _spec(table: str, schema: pa.Schema) -> dict[str, Column]:
    spec = dict(SCHEMAS[table])
    if table == "tempo":  # tempo metric columns are the game's own: any name, all numbers
        index = _index_columns(schema)
        spec.update({f.name: Column(NUMBER) for f in schema if f.name not in spec and f.name not in index})
    return spec


def _index_columns(schema: pa.Schema) -> set[str]:
    """A pandas index stored as columns (to_parquet without index=False) is not a table column."""
    try:
        meta = schema.pandas_metadata or {}
    except Exception:  # a malformed pandas record: the columns are read as they are
        return set()
    return {c for c in meta.get("index_columns", []) if isinstance(c, str)}


def _probe(path: Path, table: str, run_id: str | None) -> _Probe:
    """What a table file's footer says, checked: readable Parquet, the columns the report uses, of the right
    kinds, no missing values where the statistics need them (the footer's null counts, when it has them) and not
    stamped by another run. Reads no rows. Raises _Unusable saying why."""
    import pyarrow.parquet as pq

    try:
        size = path.stat().st_size
    except OSError as exc:
        raise _Unusable(one_line(exc.strerror or exc)) from exc
    if size == 0:
        raise _Unusable("the file is empty (0 bytes), not a Parquet table")
    try:
        with pq.ParquetFile(path) as probe:
            schema = probe.schema_arrow
            footer = probe.metadata
            rows = footer.num_rows
            stamp = (footer.metadata or {}).get(STAMP_KEY)
            spec = _spec(table, schema)
            nulls = _footer_nulls(footer, [c for c, col in spec.items() if not col.nulls])
    except Exception as exc:  # pyarrow raises several types for a truncated or foreign file
        raise _Unusable(f"not a readable Parquet file ({one_line(f'{type(exc).__name__}: {exc}')})") from exc
    if stamp is not None and run_id is not None and stamp.decode("utf-8", "replace") != run_id:
        raise _Unusable(f"it was written by run {stamp.decode('utf-8', 'replace')!r}, not by this folder's run "
                        f"{run_id!r} (run.json)")
    names = set(schema.names)
    if table == "games" or rows:  # an empty optional table is read as absent, whatever its columns
        missing = [c for c, col in spec.items() if col.required and c not in names]
        if missing:
            raise _Unusable(f"missing column{'s' if len(missing) > 1 else ''} {', '.join(missing)}")
        for f in schema:
            col = spec.get(f.name)
            if col is not None and not _fits(found := _kind(f.type), col.kind):
                held = _KIND_WORDS.get(found, found)
                raise _Unusable(f"column {f.name} holds {held} ({f.type}), expected {_KIND_WORDS[col.kind]}")
    for name, n in nulls.items():
        _no_nulls(name, n)
    index = _index_columns(schema)
    # text columns as dictionaries: a run repeats the same few deck, card and reason names millions of times, and
    # as Python strings they would take gigabytes for a 100,000-game run
    text = tuple(f.name for f in schema if f.name in spec and _kind(f.type) == TEXT)
    return _Probe(path, table, rows, tuple(n for n in schema.names if n not in index), text,
                  tuple(c for c, col in spec.items() if not col.nulls and c in names))


def _footer_nulls(footer: Any, columns: list[str]) -> dict[str, int]:
    """The missing values of `columns` by the footer's statistics; a column some row group has no count for is
    left out (its chunks are checked as they are read)."""
    wanted = set(columns)
    where = {footer.schema.column(j).path: j for j in range(footer.num_columns)}  # leaf columns: plain ones
    where = {name: j for name, j in where.items() if name in wanted}
    counts = dict.fromkeys(where, 0)
    for g in range(footer.num_row_groups):
        group = footer.row_group(g)
        for name, j in list(where.items()):
            stats = group.column(j).statistics
            if stats is None or not stats.has_null_count:
                del where[name], counts[name]
            else:
                counts[name] += stats.null_count
    return counts


def _no_nulls(name: str, n: int) -> None:
    if n:
        raise _Unusable(f"column {name} has {n:,} missing value{'s' if n > 1 else ''}")


@dataclass(frozen=True)
class _Probe:
    """A table file whose footer passed `_probe`: what reading it needs."""

    path: Path
    table: str
    rows: int
    columns: tuple[str, ...]  # in file order, without a stored pandas index
    text: tuple[str, ...]  # read as dictionaries
    not_null: tuple[str, ...]  # checked in every chunk read


def _read(probe: _Probe, columns: Sequence[str] | None = None) -> pa.Table:
    """A whole table file (or `columns` of it), checked. Raises _Unusable."""
    import pyarrow.parquet as pq

    try:
        with pq.ParquetFile(probe.path, read_dictionary=probe.text) as source:
            data = source.read(columns=None if columns is None else [c for c in columns if c in probe.columns])
    except Exception as exc:  # a file whose footer reads but whose pages are damaged
        raise _Unusable(f"not a readable Parquet file ({one_line(f'{type(exc).__name__}: {exc}')})") from exc
    for name in probe.not_null:
        if name in data.column_names:
            _no_nulls(name, data.column(name).null_count)
    return data


def _load(path: Path, table: str, run_id: str | None, columns: Sequence[str] | None = None) -> pa.Table:
    """One table file read whole and checked (`_probe`, then every page and missing value). Raises _Unusable."""
    return _read(_probe(path, table, run_id), columns)


def _to_frame(table: pa.Table, sort: bool = False) -> pd.DataFrame:
    try:
        # hand the Arrow buffers over column by column instead of holding both copies at once
        frame = table.to_pandas(split_blocks=True, self_destruct=True)
    except Exception as exc:  # malformed pandas metadata in a file that otherwise reads
        raise _Unusable(f"cannot convert it to a table ({one_line(f'{type(exc).__name__}: {exc}')})") from exc
    if sort:
        frame = frame.sort_values(_sort_keys(frame.columns), kind="stable")
    return frame.reset_index(drop=True)


def _sort_keys(columns: Iterable[str]) -> list[str]:
    present = set(columns)
    return [c for c in SORT_KEYS if c in present]


SORT_KEYS = ("game_id", "turn", "seat", "card_id")  # the store's row order (docs/results.md)
CHUNK_ROWS = 65_536  # rows per chunk of a Table read from files: the store's row groups are this size


class Table:
    """One of a run's big tables (tempo, cards), read chunk by chunk in the store's row order: the statistics add
    chunks up (`tcgsim.report.metrics`), so the table is never in memory whole. `columns` are its column names,
    `len()` its rows. From a DataFrame (`Table.of_frame`) it is that one chunk; from files, a chunk per row group
    of a merged table or per shard of an interrupted run, each checked as it is read (one `ReportError` naming
    the file)."""

    def __init__(self, columns: Sequence[str], rows: int,
                 read: Callable[[Sequence[str]], Iterator[pd.DataFrame]]) -> None:
        self.columns = tuple(columns)
        self.rows = rows
        self._read = read

    def __len__(self) -> int:
        return self.rows

    def __repr__(self) -> str:
        return f"<Table: {self.rows:,} rows; {', '.join(self.columns)}>"

    def chunks(self, columns: Sequence[str]) -> Iterator[pd.DataFrame]:
        """The table as DataFrames, in row order, each with `columns` (a column this table lacks is all missing:
        None, or NaN for a tempo metric), nothing else; empty chunks are not given."""
        return self._read(list(columns))

    @classmethod
    def of_frame(cls, frame: pd.DataFrame) -> Table:
        """A table held in memory (a `Run`'s, a test's): one chunk, the frame's own columns (not copied)."""

        def read(columns: Sequence[str]) -> Iterator[pd.DataFrame]:
            if len(frame):
                yield _with_columns(frame[[c for c in columns if c in frame.columns]], columns)

        return cls([str(c) for c in frame.columns], len(frame), read)

    @classmethod
    def of_files(cls, probes: Sequence[_Probe], shards: bool, where: Path) -> Table:
        """A merged table (one file: a chunk per row group) or the shards of an interrupted run in task order (a
        chunk per shard, each sorted in the store's row order, so the chunks follow one another as the merged
        table's rows would). `where` names the file in errors a shard's own name cannot."""
        columns: dict[str, None] = {}
        for p in probes:
            columns.update(dict.fromkeys(p.columns))
        rows = sum(p.rows for p in probes)

        def read(wanted: Sequence[str]) -> Iterator[pd.DataFrame]:
            for probe in probes:
                if not probe.rows:
                    continue
                try:
                    if shards:  # one task's rows: small, read whole and sorted as the merge would leave them
                        keys = [k for k in _sort_keys(probe.columns) if k not in wanted]
                        frame = _plain_frame(_read(probe, [*wanted, *keys]))
                        frame = frame.sort_values(_sort_keys(frame.columns), kind="stable").reset_index(drop=True)
                        yield _with_columns(frame.drop(columns=keys), wanted)
                        continue
                    for batch in _batches(probe, wanted):
                        yield _with_columns(_plain_frame(batch), wanted)
                except _Unusable as exc:
                    raise ReportError(f"{probe.path if not shards else where / probe.path.name}: {exc}") from None

        return cls(list(columns), rows, read)


def _batches(probe: _Probe, columns: Sequence[str]) -> Iterator[pa.Table]:
    """A merged table file's rows, CHUNK_ROWS at a time, checked; raises _Unusable."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    present = [c for c in columns if c in probe.columns]
    try:
        with pq.ParquetFile(probe.path, read_dictionary=probe.text) as source:
            for batch in source.iter_batches(batch_size=CHUNK_ROWS, columns=present, use_threads=False):
                part = pa.Table.from_batches([batch])
                for name in probe.not_null:
                    if name in part.column_names:
                        _no_nulls(name, part.column(name).null_count)
                yield part
    except _Unusable:
        raise
    except Exception as exc:  # a file whose footer reads but whose pages are damaged
        raise _Unusable(f"not a readable Parquet file ({one_line(f'{type(exc).__name__}: {exc}')})") from exc


def _plain_frame(table: pa.Table) -> pd.DataFrame:
    """A chunk as a DataFrame by its Arrow types alone (the pandas record of a whole file says nothing true of a
    chunk: its index, say): dictionaries become categoricals, integers with missing values floats."""
    try:
        return table.replace_schema_metadata(None).to_pandas()
    except Exception as exc:
        raise _Unusable(f"cannot convert it to a table ({one_line(f'{type(exc).__name__}: {exc}')})") from exc


def _with_columns(frame: pd.DataFrame, columns: Sequence[str]) -> pd.DataFrame:
    """`frame` with exactly `columns`, in that order; one it lacks (a shard written before a column existed, an
    all-missing column left out) is all NaN."""
    if list(frame.columns) == list(columns):
        return frame
    return frame.reindex(columns=list(columns))


def _shard_files(root: Path) -> dict[str, dict[int, Path]]:
    """The shards of each table by task id, named exactly as the run store names them (store.shard_path:
    `{table}-{task:06d}.parquet`); anything else in shards/ (notes, temporary files, copies) is not ours."""
    found: dict[str, dict[int, Path]] = {t: {} for t in TABLES}
    folder = root / SHARDS
    if not folder.is_dir():
        return found
    for path in folder.iterdir():
        m = SHARD_NAME.fullmatch(path.name)
        if m is not None and path.name == f"{m[1]}-{int(m[2]):06d}.parquet" and path.is_file():
            found[m[1]][int(m[2])] = path
    return found


def _concat(parts: list[pa.Table]) -> pa.Table:
    import pyarrow as pa

    if len(parts) == 1:
        return parts[0]
    # shards written at different times may differ in integer width or in all-null columns
    return pa.concat_tables(parts, promote_options="permissive")


@dataclass
class _Tables:
    games: pd.DataFrame
    tempo: Table
    cards: Table
    source: str
    skipped: list[str]
    warnings: list[str]


def _read_tables(root: Path, run_id: str | None) -> _Tables:
    finals = {t: root / f"{t}.parquet" for t in TABLES}
    for path in finals.values():
        if path.exists() and not path.is_file():  # a partitioned dataset, say: not the store's single file
            raise ReportError(f"{path}: not a file (a run folder's tables are single Parquet files)")
    shards = _shard_files(root)
    skipped: dict[str, str] = {}  # shard name -> why

    def final(table: str) -> _Probe:
        try:
            return _probe(finals[table], table, run_id)
        except _Unusable as exc:
            raise ReportError(f"{finals[table]}: {exc}") from None

    def shard(table: str, task: int, columns: Sequence[str] | None = None) -> pa.Table | None:
        path = shards[table][task]
        try:
            return _load(path, table, run_id, columns)
        except _Unusable as exc:
            skipped[path.name] = str(exc)
            return None

    if finals["games"].is_file():
        source = "tables"
        try:
            games = _to_frame(_read(final("games"), GAMES_READ))
        except _Unusable as exc:
            raise ReportError(f"{finals['games']}: {exc}") from None
        # a merge stopped between tables leaves the rest in the shards of the tasks it merged: those whose games
        # shard exists, since the store writes the games shard last
        tasks = sorted(shards["games"])
    elif shards["games"]:
        source = "shards"
        read = {task: shard("games", task, GAMES_READ) for task in sorted(shards["games"])}
        tasks = [task for task, part in read.items() if part is not None]
    else:
        raise ReportError(_nothing_found(root))

    others: dict[str, dict[int, _Probe]] = {}
    for table in ("tempo", "cards"):
        if finals[table].is_file() or not shards[table]:
            continue
        others[table] = {}
        for task in tasks:
            if task not in shards[table]:
                skipped.setdefault(f"{table}-{task:06d}.parquet", "missing")
                continue
            path = shards[table][task]
            try:  # read whole once, to know now which tasks read whole; the statistics read it again
                probe = _probe(path, table, run_id)
                _read(probe)
            except _Unusable as exc:
                skipped[path.name] = str(exc)
            else:
                others[table][task] = probe
    if source == "shards":  # a task counts only when all its tables read, so every table covers the same games
        tasks = [t for t in tasks if all(t in parts for parts in others.values())]
        games_parts = [read[t] for t in tasks]
        if not games_parts:
            raise ReportError(f"{root / SHARDS}: not one finished task of the run reads whole: "
                              f"{_listed(skipped)}")
        try:
            games = _to_frame(_concat([p for p in games_parts if p is not None]), sort=True)
        except _Unusable as exc:
            raise ReportError(f"{root / SHARDS}: {exc}") from None

    def other(table: str) -> Table:
        if finals[table].is_file():
            return Table.of_files([final(table)], shards=False, where=root)
        parts = [others[table][t] for t in tasks if t in others.get(table, {})]
        if not parts:
            return Table.of_frame(pd.DataFrame())
        return Table.of_files(parts, shards=True, where=root / SHARDS)

    tempo, cards = other("tempo"), other("cards")
    warnings = []
    if skipped:
        covered = f"the report covers the {len(games):,} games of the {len(tasks):,} task(s) that read whole" \
            if source == "shards" else "their games are in games.parquet; only their tempo or card rows are left out"
        warnings.append(f"{root / SHARDS}: skipped {len(skipped)} shard file(s): {_listed(skipped)}; {covered}")
    return _Tables(games, tempo, cards, source, sorted(skipped), warnings)


def _listed(skipped: Mapping[str, str]) -> str:
    return "; ".join(f"{name}: {why}" for name, why in sorted(skipped.items()))


def _nothing_found(root: Path) -> str:
    if (root / "run.json").is_file() or (root / SHARDS).is_dir():
        return (f"{root}: no games.parquet and no finished games in {SHARDS}/: the run has not finished a game yet "
                "(or this is not a run folder)")
    return f"{root}: not a tcgsim run folder (it holds no games.parquet, run.json or {SHARDS}/)"


def _check_games(games: pd.DataFrame, where: Path) -> None:
    """What the statistics assume of games beyond column kinds: one row per game, a deck column per seat."""
    if not len(games):
        return
    dup = games["game_id"].duplicated()
    if dup.any():
        first = games.loc[dup, "game_id"].iloc[0]
        raise ReportError(f"{where}: game_id {first} appears more than once ({int(dup.sum()):,} repeated rows)")
    most = int(games["n_players"].max())
    least = int(games["n_players"].min())
    if least < 1:
        raise ReportError(f"{where}: n_players is {least} in some game, expected 1 or more")
    if lacking := [f"deck_{i}" for i in range(most) if f"deck_{i}" not in games.columns]:
        raise ReportError(f"{where}: a game has {most} players but there is no {lacking[0]} column")


def read_run(run_dir: str | Path) -> RunData:
    """Read a run folder: games.parquet (required; or an interrupted run's shards), tempo.parquet and
    cards.parquet (optional), run.json (optional). Raises ReportError for anything it cannot use."""
    root = Path(run_dir)
    try:
        if not root.exists():
            raise ReportError(f"{root}: no such run folder")
        if not root.is_dir():
            raise ReportError(f"{root}: not a folder (a run folder holds run.json and games.parquet)")
        meta = _read_meta(root)
        run_id = meta.get("run_id")
        tables = _read_tables(root, None if run_id is None else str(run_id))
    except OSError as exc:  # an unreadable folder or file (permissions, a vanished disk)
        where = exc.filename or root
        raise ReportError(f"{where}: cannot read ({one_line(exc.strerror or exc)})") from exc
    _check_games(tables.games, root / "games.parquet" if tables.source == "tables" else root / SHARDS)
    return RunData(games=tables.games, tempo=tables.tempo, cards=tables.cards, meta=meta, path=root,
                   source=tables.source, skipped=tables.skipped, warnings=tables.warnings)


def as_run(run: RunLike | str | Path) -> RunData:
    """A `RunData` from a run folder path or from any object with games, tempo, cards and meta."""
    if isinstance(run, str | Path):
        return read_run(run)
    if isinstance(run, RunData):
        return run
    path = getattr(run, "path", None)
    meta = check_meta(dict(getattr(run, "meta", None) or {}), "run.meta")
    return RunData(games=run.games, tempo=as_table(getattr(run, "tempo", None)),
                   cards=as_table(getattr(run, "cards", None)), meta=meta,
                   path=Path(path) if isinstance(path, str | Path) else None)


def as_table(table: Table | pd.DataFrame | None) -> Table:
    """A `Table` as it is; a DataFrame as a table of one chunk; None as an empty table."""
    if isinstance(table, Table):
        return table
    return Table.of_frame(pd.DataFrame() if table is None else table)
