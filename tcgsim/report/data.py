"""Reading a result store (docs/results.md) into DataFrames, independently of the simulator that wrote it."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

import pandas as pd

__all__ = ["GAMES_COLUMNS", "RunData", "RunLike", "ReportError", "as_run", "read_run"]

GAMES_COLUMNS = ("game_id", "matchup", "game", "n_players", "deck_0", "deck_1", "winner_seat", "winner_deck",
                 "reason", "turns")
CARDS_COLUMNS = ("game_id", "seat", "deck", "card_id", "card_name", "copies", "in_opening_hand", "drawn", "played",
                 "first_turn_played", "result")


class ReportError(ValueError):
    """A run folder that cannot be reported on (missing or malformed tables); the message says what and where."""


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
    """A run as read from its folder: games, tempo and cards tables and run.json (empty dict if absent)."""

    games: pd.DataFrame
    tempo: pd.DataFrame
    cards: pd.DataFrame
    meta: dict[str, Any] = field(default_factory=dict)
    path: Path | None = None


def _read_parquet(path: Path) -> pd.DataFrame:
    """A table with its text columns as categoricals: a run repeats the same few deck, card and reason names
    millions of times, and as Python strings they would take gigabytes for a 100,000-game run."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    schema = pq.read_schema(path)
    text = [f.name for f in schema if pa.types.is_string(f.type) or pa.types.is_large_string(f.type)]
    table = pq.read_table(path, read_dictionary=text)
    # hand the Arrow buffers over column by column instead of holding both copies at once
    return table.to_pandas(split_blocks=True, self_destruct=True)


def _read_table(run_dir: Path, name: str, required: bool) -> pd.DataFrame:
    path = run_dir / f"{name}.parquet"
    if path.exists():
        try:
            return _read_parquet(path)
        except Exception as exc:  # pyarrow raises several types for a damaged file
            raise ReportError(f"{path}: cannot read ({type(exc).__name__}: {exc})") from exc
    shards = sorted((run_dir / "shards").glob(f"**/{name}*.parquet")) if (run_dir / "shards").is_dir() else []
    if shards:  # an interrupted run: its finished games are in the shards
        frame = pd.concat([pd.read_parquet(p) for p in shards], ignore_index=True)
        keys = [c for c in ("game_id", "turn", "seat", "card_id") if c in frame.columns]
        return frame.sort_values(keys, kind="stable").reset_index(drop=True)
    if required:
        raise ReportError(f"{run_dir}: no {name}.parquet (is this a tcgsim run folder?)")
    return pd.DataFrame()


def read_run(run_dir: str | Path) -> RunData:
    """Read a run folder: games.parquet (required), tempo.parquet and cards.parquet (optional), run.json."""
    root = Path(run_dir)
    if not root.is_dir():
        raise ReportError(f"{root}: no such run folder")
    games = _read_table(root, "games", required=True)
    missing = [c for c in GAMES_COLUMNS if c not in games.columns]
    if missing:
        raise ReportError(f"{root / 'games.parquet'}: missing columns {', '.join(missing)}")
    tempo = _read_table(root, "tempo", required=False)
    cards = _read_table(root, "cards", required=False)
    if len(cards) and (bad := [c for c in CARDS_COLUMNS if c not in cards.columns]):
        raise ReportError(f"{root / 'cards.parquet'}: missing columns {', '.join(bad)}")
    meta: dict[str, Any] = {}
    meta_path = root / "run.json"
    if meta_path.exists():
        try:
            loaded = json.loads(meta_path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise ReportError(f"{meta_path}: cannot read ({exc})") from exc
        if isinstance(loaded, dict):
            meta = loaded
    return RunData(games=games, tempo=tempo, cards=cards, meta=meta, path=root)


def as_run(run: RunLike | str | Path) -> RunData:
    """A `RunData` from a run folder path or from any object with games, tempo, cards and meta."""
    if isinstance(run, str | Path):
        return read_run(run)
    if isinstance(run, RunData):
        return run
    path = getattr(run, "path", None)
    meta = getattr(run, "meta", None) or {}
    return RunData(games=run.games, tempo=getattr(run, "tempo", pd.DataFrame()),
                   cards=getattr(run, "cards", pd.DataFrame()), meta=dict(meta),
                   path=Path(path) if isinstance(path, str | Path) else None)
