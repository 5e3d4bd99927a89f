"""The report's sections as DataFrames: what was run, results per deck and seat, matchups and ranking, game
length and endings, tempo, cards, and the plain-language notes the numbers support.

Every figure here comes from `tcgsim.stats` (through the table builders of `metrics`); this module only chooses
what goes together and in which order.
"""

from __future__ import annotations

import functools
import importlib.util
import math
import shlex
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from tcgsim import ranking, stats
from tcgsim.report import metrics as M
from tcgsim.report.data import RunData, RunLike, Table, as_run, as_table
from tcgsim.report.text import Text, TextLike, code, markdown, strong, text, words
from tcgsim.stats import format_pct, reason_label

__all__ = ["SUMMARY_SCHEMA", "Note", "ReportTables", "build_tables", "reason_label", "records", "seat_label",
           "to_summary"]

SUMMARY_SCHEMA = "tcgsim-report/1"

MILESTONE_QUANTILES = (0.1, 0.25, 0.5, 0.75, 0.9)  # of game length: the turns the tempo tables show


def milestone_turns(games: pd.DataFrame) -> list[int]:
    """The turns at which the tempo and wins-by-turn tables show values: the 10/25/50/75/90% quantiles of game
    length (errors left out), so they fall where this game's games are actually decided."""
    ok = games.loc[games["reason"].astype(object) != "error", "turns"]
    if not len(ok):
        return [1]
    return sorted({max(1, int(round(float(q)))) for q in ok.quantile(list(MILESTONE_QUANTILES))})



def _japanese_names(game: str) -> dict[str, str]:
    """card id -> Japanese name, where the game's pool has one: the report shows it beside the English name."""
    from tcgsim.cards import load_pool
    from tcgsim.games import UnknownGame

    try:
        return {c.id: c.name_ja for c in load_pool(game) if c.name_ja}
    except (UnknownGame, OSError, ValueError):  # a run of a game this tcgsim cannot read: English names only
        return {}


def shown_card_name(name: object, name_ja: object) -> str:
    """'Harmonics Test (ハーモニクステスト)' where the pool has the Japanese name, else the English one."""
    return f"{name} ({name_ja})" if isinstance(name_ja, str) and name_ja and name_ja != name else str(name)


def seat_label(seat: int, n_players: int) -> str:
    """'on the play' / 'on the draw' for two players, 'seat k' (1-based) otherwise, where `seat` counts from the
    player who moved first (`turn_order`): 0 is on the play."""
    if n_players == 2:
        return "on the play" if seat == 0 else "on the draw"
    return f"seat {seat + 1}"


@dataclass
class ReportTables:
    """Everything a report shows, as DataFrames (numbers, not text) plus the header and the notes."""

    header: dict[str, Any]
    decks: list[str]  # deck keys in run order: the order (and colours) of every table and plot
    n_players: int  # the most players in any game of the run
    long: pd.DataFrame  # metrics.seat_results: one row per game and seat
    deck: pd.DataFrame  # per deck: games, wins, losses, draws, errors, win rate and interval, AI
    deck_seat: pd.DataFrame  # the same per deck and place in the turn order (`seat`: 0 moved first)
    seat: pd.DataFrame  # seat advantage of the game itself, by place in the turn order
    matchups: pd.DataFrame  # long matchup matrix: deck vs opponent
    ranking: pd.DataFrame  # metrics.ranking_table: mean win rate, the fitted strengths, the rank range
    lengths: pd.DataFrame  # turns per matchup (and all games)
    reasons: pd.DataFrame  # how games end per matchup (and all games)
    wins_reason: pd.DataFrame  # per deck: wins and losses by reason, with turns
    cum_wins: pd.DataFrame  # per deck and turn: share of games won by then
    milestones: list[int]  # turns the tempo tables show (quantiles of game length)
    wins_by_turn: pd.DataFrame  # per deck: the cumulative share at milestone turns, median winning turn
    tempo: pd.DataFrame  # per deck, metric and turn: mean with band
    tempo_meanings: dict[str, str]
    cards: pd.DataFrame  # per deck and card: 17lands-style figures
    unmodelled: pd.DataFrame  # cards of the run whose effects the engine does not model
    notes: list[Note] = field(default_factory=list)
    # the bootstrap over deals of the ranking (None: fewer than two ranked decks), keys in stats.ranking's order
    rank_probs: ranking.RankProbabilities | None = None
    findings: Findings = field(default_factory=lambda: Findings())  # the family the notes were tested in
    min_sample: int = stats.MIN_SAMPLE
    # per deck: seats that could mulligan, mulligans taken and the win rate after one (empty: no mulligan rule)
    mulligans: pd.DataFrame = field(default_factory=pd.DataFrame)
    # two-player games: per deck, opponent and `seat` (0 on the play, 1 on the draw) the deck's results
    matchup_play: pd.DataFrame = field(default_factory=pd.DataFrame)
    # tempo metrics with one value for every player of a turn (eva's city: 使徒 defeated, characters downed):
    # their curve once, over every game (one row per game and turn), in `tempo_shared` (deck: SHARED_LABEL)
    shared_metrics: list[str] = field(default_factory=list)
    tempo_shared: pd.DataFrame = field(default_factory=pd.DataFrame)

    def metric_label(self, metric: str) -> str:
        """A tempo metric as a reader names it: its meaning where the game declares one, else its column name in
        words ('characters_left' -> 'characters left')."""
        return self.tempo_meanings.get(metric) or readable(metric)


# --- header ---------------------------------------------------------------------------------------------------

def turn_order(games: pd.DataFrame, long: pd.DataFrame) -> pd.DataFrame:
    """`long` (metrics.seat_results) with `seat` replaced by the seat's place in the turn order: 0 for the player
    who moved first (games.parquet `first_seat`), 1 for the next, and so on. The report's seat figures read this,
    since the first mover is not always seat 0 (EVA chooses at random, GODZILLA may). A run without the column
    (written before it) had seat 0 move first."""
    if "first_seat" not in games.columns or not len(long):
        return long
    first = games.set_index("game_id")["first_seat"].astype("Float64").fillna(0).astype(int)
    moved = first.reindex(long["game_id"]).to_numpy()
    n = long["n_players"].to_numpy(dtype=int)
    return long.assign(seat=(long["seat"].to_numpy(dtype=int) - moved) % n)


def play_draw_matchups(in_order: pd.DataFrame) -> pd.DataFrame:
    """Two-player games, per deck, opponent and place in the turn order (`seat` 0: the deck moved first, on the
    play; 1: on the draw): games, wins, losses, draws, win rate and interval. Mirror games are left out (a deck
    against itself has no cell). `in_order` is `turn_order(games, long)`."""
    two = in_order[in_order["n_players"] == 2]
    if not len(two):
        return pd.DataFrame(columns=["deck", "opponent", "seat", *M.RATE_COLUMNS])
    # seat_results sorts by game, then seat: a two-player game's rows are consecutive, so swapping within each
    # pair of rows gives each row its opponent
    other = two["deck"].astype(object).to_numpy().reshape(-1, 2)[:, ::-1].ravel()
    cells = two.assign(opponent=other)
    cells = cells[cells["deck"] != cells["opponent"]]
    return M.rate_table(cells, ["deck", "opponent", "seat"], 2)


def _deck_order(games: pd.DataFrame, meta: dict[str, Any]) -> list[str]:
    present: list[str] = []
    cols = [c for c in (f"deck_{i}" for i in range(4)) if c in games.columns]
    if cols:
        stacked = games[cols].astype(object).to_numpy().ravel()  # row-major: game order, then seat
        present = list(pd.unique(pd.Series(stacked).dropna()))
    order: list[str] = []
    for d in _meta_decks(meta):
        key = d.get("key") or d.get("name")
        if key in present and key not in order:
            order.append(str(key))
    return order + [str(d) for d in present if d not in order]


def _meta_decks(meta: dict[str, Any]) -> list[dict[str, Any]]:
    decks = meta.get("decks")
    if isinstance(decks, dict):
        return [{"key": k, **(v if isinstance(v, dict) else {"path": v})} for k, v in decks.items()]
    if isinstance(decks, list):
        return [d if isinstance(d, dict) else {"key": str(d)} for d in decks]
    return []


def _command(meta: dict[str, Any]) -> str | None:
    cmd = meta.get("command") or meta.get("argv")
    if isinstance(cmd, list | tuple):
        return shlex.join(str(c) for c in cmd)
    return str(cmd) if cmd else None


def _plan_from_file(path: str | None, sha256: str | None) -> str | None:
    """The deck's plan read from its file, if the file is still there and unchanged since the run."""
    if not path:
        return None
    p = Path(path)
    if not p.is_file():
        return None
    try:
        if sha256:
            import hashlib

            if hashlib.sha256(p.read_bytes()).hexdigest() != sha256:
                return None
        from tcgsim.decks import read_deck

        return read_deck(p).plan
    except Exception:  # the header is best effort: a deck file that no longer reads is simply not quoted
        return None


def _unscored(games: pd.DataFrame, meta: dict[str, Any]) -> list[dict[str, Any]]:
    """The first games without a result (raised, or stopped by the decision limit), each with the command that
    replays it: the same listing and the same commands as the terminal summary (`sim.summary.unscored_game`)."""
    from tcgsim.sim.summary import MAX_LISTED_ERRORS, replay_options, unscored_game

    if not len(games) or "game_seed" not in games:
        return []
    ending = M.game_endings(games)
    paths = {str(d.get("key")): str(d.get("path")) for d in _meta_decks(meta) if d.get("key") and d.get("path")}
    try:
        options = tuple(replay_options(meta))
    except Exception:  # options this version cannot read: the commands then replay with the defaults
        options = ()
    out: list[dict[str, Any]] = []
    for kind in (stats.Ending.ERROR, stats.Ending.STOPPED):
        for row in games[ending == kind].head(MAX_LISTED_ERRORS).to_dict("records"):
            listed = unscored_game({k: (None if v is None or v is pd.NA or v != v else v) for k, v in row.items()},
                                   kind, paths, options)
            out.append({"game_id": listed.game_id, "ending": str(kind), "error": listed.error,
                        "replay": listed.play_command()})
    return out


def _header(run: RunData, decks: list[str], long: pd.DataFrame) -> dict[str, Any]:
    meta = run.meta
    games = run.games
    by_key = {str(d.get("key") or d.get("name")): d for d in _meta_decks(meta)}
    ai = long.groupby("deck")["ai"].agg(lambda s: ", ".join(sorted({str(x) for x in s.dropna()}))).to_dict() \
        if "ai" in long.columns and len(long) else {}
    deck_rows = []
    for key in decks:
        d = by_key.get(key, {})
        plan = d.get("plan") or _plan_from_file(d.get("path"), d.get("sha256"))
        deck_rows.append({"key": key, "name": d.get("name", key), "path": d.get("path"), "game": d.get("game"),
                          "sha256": d.get("sha256"), "plan": plan, "ai": ai.get(key) or d.get("ai")})
    seeds = sorted({int(s) for s in games["run_seed"].dropna()}) if "run_seed" in games.columns else []
    seed = meta.get("seed", meta.get("run_seed"))
    if seed is None and isinstance(meta.get("seeds"), dict):
        seed = meta["seeds"].get("run_seed")
    if seed is None:
        seed = seeds[0] if len(seeds) == 1 else (seeds or None)
    game_keys = sorted({str(g) for g in games["game"].dropna()}) if len(games) else []
    errors = int((long.groupby("game_id")["result"].first() == "error").sum()) if len(long) else 0
    one = long.drop_duplicates("game_id") if len(long) else long
    ending = one["ending"] if len(long) else pd.Series(dtype=object)
    scored = one[~ending.isin(list(stats.VOID_ENDINGS))] if len(long) else one
    n_most = int(scored["n_players"].max()) if len(scored) else 2
    # what a deck scores on average among equals in the run's games of its player count: 1/n, less when some
    # ended with everyone losing (the games hand out fewer points)
    of_n = scored[scored["n_players"] == n_most] if len(scored) else scored
    handed_out = float(np.mean(stats.game_points(of_n["ending"].to_numpy(), of_n["n_players"].to_numpy()))) \
        if len(of_n) else 1.0
    matchups = list(pd.unique(games["matchup"].astype(object))) if len(games) else []
    versions = meta.get("versions") or meta.get("version")
    raw_timings = meta.get("timings")
    timings: dict[str, Any] = raw_timings if isinstance(raw_timings, dict) else {}
    sessions = timings.get("sessions") if isinstance(timings.get("sessions"), list) else []
    finished = sessions[-1].get("finished") if sessions and isinstance(sessions[-1], dict) else None
    return {
        "title": _title(decks, matchups),
        "path": str(run.path) if run.path else None,
        "games": int(len(games)),
        "errors": errors,
        "stopped": int((ending == stats.Ending.STOPPED).sum()),  # the decision limit: no result
        "all_lose": int((ending == stats.Ending.ALL_LOSE).sum()),  # every player lost: 0 points each
        "unscored": _unscored(games, meta),
        "fair_share": stats.fair_share(n_most, handed_out),
        "game": game_keys[0] if len(game_keys) == 1 else ", ".join(game_keys),
        "matchups": [str(m) for m in matchups],
        "decks": deck_rows,
        "seed": seed,
        "command": _command(meta),
        "versions": versions if isinstance(versions, dict) else ({"tcgsim": versions} if versions else {}),
        "card_pool": meta.get("card_pool"), "card_files": list(meta.get("card_files") or []),  # --cards
        "seconds": timings.get("seconds"),
        "finished": meta.get("finished") or finished,
        "status": meta.get("status"),
        "kind": meta.get("kind"),
        "source": run.source,  # "shards": an interrupted run, read from the shards of its finished tasks
        "skipped_shards": list(run.skipped),
        "games_planned": meta.get("total_games"),
    }


def _title(decks: list[str], matchups: list[str]) -> str:
    if len(matchups) == 1:
        return str(matchups[0])
    return f"{len(decks)} decks, {len(matchups)} matchups"


# --- unmodelled cards -----------------------------------------------------------------------------------------

def unmodelled_cards(game: str, cards: Table | pd.DataFrame) -> pd.DataFrame:
    """Cards of the run whose effects the game's engine does not model (`tcgsim.games.<game>.effects.
    unmodelled_card_ids`), with the decks that hold them; empty for games without such a function. `cards` is
    read chunk by chunk (three of its columns)."""
    empty = pd.DataFrame(columns=["card_id", "card_name", "decks"])
    cards = as_table(cards)
    if not len(cards) or not game:
        return empty
    try:
        from tcgsim.cards import load_pool
        from tcgsim.games import get_game

        info = get_game(game)
        if importlib.util.find_spec(f"tcgsim.games.{info.package}.effects") is None:
            return empty
        fn = getattr(info.module("effects"), "unmodelled_card_ids", None)
        if fn is None:
            return empty
        missing = set(fn(load_pool(info.key)))
    except Exception:  # an unknown game key or an engine still being written: no warning rather than no report
        return empty
    columns = ["card_id", "card_name", "deck"]
    seen = [chunk.drop_duplicates().astype(object) for chunk in cards.chunks(columns)]
    used = pd.concat(seen, ignore_index=True).drop_duplicates() if seen else pd.DataFrame(columns=columns)
    used = used[used["card_id"].isin(missing)]
    if not len(used):
        return empty
    out = used.groupby(["card_id", "card_name"], sort=True)["deck"].agg(lambda s: sorted(set(s))).reset_index()
    out.columns = ["card_id", "card_name", "decks"]
    return out


# --- sections -------------------------------------------------------------------------------------------------

def _with_all(games: pd.DataFrame, fn: Any) -> pd.DataFrame:
    """A per-matchup table with an 'all games' block appended when the run has several matchups."""
    per = fn(games)
    if games["matchup"].nunique() > 1:
        every = fn(games.assign(matchup="all games"))
        per = pd.concat([per, every], ignore_index=True)
    return per


def _wins_by_turn(cum: pd.DataFrame, long: pd.DataFrame, milestones: list[int]) -> pd.DataFrame:
    """Per deck: the share of its games won by each milestone turn, in all, and its median winning turn."""
    ok = long[long["result"] == "win"]
    median = ok.groupby("deck")["turns"].median()
    rows = []
    for deck, part in cum.groupby("deck", sort=False):
        share = part.set_index("turn")["share"]
        final = float(share.iloc[-1])
        row: dict[str, Any] = {"deck": deck, "games": int(part["games"].iloc[0])}
        for t in milestones:
            row[f"by_{t}"] = float(share.get(t, final))  # past the longest game: everything is decided
        row["final"] = final
        row["median_win_turn"] = float(median.get(deck, np.nan))
        rows.append(row)
    return pd.DataFrame(rows)


SHARED_LABEL = "every player"  # the deck column of a shared metric's curve: it is the table's, not a deck's


def readable(metric: str) -> str:
    """A column name in words: 'characters_left' -> 'characters left', 'metric_deck' -> 'deck'."""
    return metric.removeprefix("metric_").replace("_", " ")


def _tempo_meanings(game: str, metrics: list[str]) -> dict[str, str]:
    """Each tempo column's meaning, keyed by column: a metric whose name is a key column is stored under
    another name (sim.worker.tempo_column: eva's `deck`, cards left in the deck, is the column `metric_deck`),
    so the game's names are mapped to columns the same way."""
    from tcgsim.sim.worker import tempo_column

    meanings: dict[str, str] = {}
    try:
        from tcgsim.games import get_game

        for m in get_game(game).game_class().tempo_metrics:
            meanings[tempo_column(m.name)] = m.meaning
    except Exception:  # a game without an engine: metrics keep their column names, in words
        pass
    return {m: meanings.get(m, readable(m)) for m in metrics}


class _SharedWatch:
    """Watches the tempo chunks as the curves read them, to find the metrics with the same value for every seat
    of a game's turn (a figure of the table, such as eva's city, not of a player) and to keep one row per game and
    turn for their single curve. A metric counts as shared only when some turn has two seats or more and no turn
    has two values; a game's turn split across two chunks is checked within each part."""

    def __init__(self, metrics: list[str]) -> None:
        self.metrics = metrics
        self.differs = np.zeros(len(metrics), dtype=bool)
        self.seen_many = False
        self.rows: list[pd.DataFrame] = []

    def watch(self, chunks: Iterable[pd.DataFrame]) -> Iterator[pd.DataFrame]:
        for chunk in chunks:
            if self.metrics and len(chunk):
                group = chunk.groupby(["game_id", "turn"], sort=False)[self.metrics]
                spread = group.max() - group.min()
                self.differs |= (spread.to_numpy(dtype=float) > 0).any(axis=0)
                self.seen_many = self.seen_many or bool((group.size() > 1).any())
                self.rows.append(chunk.drop_duplicates(["game_id", "turn"])[["game_id", "turn", *self.metrics]])
            yield chunk

    def shared(self) -> list[str]:
        return [m for m, d in zip(self.metrics, self.differs, strict=True) if not d] if self.seen_many else []

    def curves(self, min_games: int) -> pd.DataFrame:
        """The shared metrics' curves over every game, one row per game and turn (deck: SHARED_LABEL)."""
        shared = self.shared()
        if not shared or not self.rows:
            return pd.DataFrame(columns=["deck", "metric", "turn", "games", "mean", "std", "ci_low", "ci_high"])
        rows = pd.concat(self.rows, ignore_index=True).drop_duplicates(["game_id", "turn"])
        return M.tempo_curves(rows[["game_id", "turn", *shared]].assign(deck=SHARED_LABEL), shared, min_games)


def _ranking(games: pd.DataFrame, long: pd.DataFrame, matrix: stats.Matrix, header: dict[str, Any],
             resamples: int = ranking.DEFAULT_RESAMPLES) -> tuple[pd.DataFrame, ranking.RankProbabilities | None]:
    """The ranking table and its bootstrap: the decks `stats.ranking` ranks (those that met another), fitted by
    the first-choice model over every game (Bradley-Terry itself in two-player games) and resampled by deal,
    with the generator seeded from the run seed (0 when the run records none or several)."""
    ranked = stats.ranking(matrix)
    if ranked is None:
        return M.ranking_table(matrix), None
    keys = list(ranked.decks)
    fld = M.field_of(games, long, keys)
    seed = header.get("seed")
    probs = ranking.bootstrap(fld, seed if isinstance(seed, int) else 0, resamples)
    return M.ranking_table(matrix, ranking.fit(fld), probs), probs


def _rescored(chunks: Iterable[pd.DataFrame], ending_by_game: pd.Series) -> Iterator[pd.DataFrame]:
    """cards.parquet chunks with each seat's result as `stats.seat_results` gives it: the worker writes the
    engine's plain result (a draw whenever nobody won), so an all-lose game becomes a loss and a decision-limit
    stop no result here, as in every other table (marked ERROR: card_stats leaves those rows out whole)."""
    for chunk in chunks:
        ending = chunk["game_id"].map(ending_by_game).astype(object).to_numpy()
        result = chunk["result"].astype(object).to_numpy()
        yield chunk.assign(result=np.where(ending == stats.Ending.ALL_LOSE, stats.LOSS,
                                           np.where(ending == stats.Ending.STOPPED, stats.ERROR, result)))


def build_tables(run: RunLike | RunData | str | Path, min_sample: int = stats.MIN_SAMPLE) -> ReportTables:
    """Compute every table of the report from a run (a folder, a `RunData` or a `Run`)."""
    data = as_run(run)
    games = data.games.sort_values("game_id", kind="stable").reset_index(drop=True)
    long = M.seat_results(games)
    decks = _deck_order(games, data.meta)
    n_players = int(games["n_players"].max()) if len(games) else 2
    order = {d: i for i, d in enumerate(decks)}

    def by_deck(frame: pd.DataFrame, *extra: str) -> pd.DataFrame:
        if not len(frame):
            return frame
        keys = frame["deck"].map(order)
        return frame.assign(_o=keys).sort_values(["_o", *extra], kind="stable").drop(columns="_o") \
            .reset_index(drop=True)

    header = _header(data, decks, long)
    deck = by_deck(M.deck_results(long))
    deck["ai"] = deck["deck"].map({d["key"]: d["ai"] for d in header["decks"]})
    in_order = turn_order(games, long)
    deck_seat = by_deck(M.deck_results(in_order, by_seat=True), "seat")
    seat = M.seat_advantage(in_order)
    matchup_play = by_deck(play_draw_matchups(in_order), "opponent", "seat")
    pairs = M.pairwise_results(long)
    matrix = M.head_to_head(pairs, decks)
    matchups = M.matrix_frame(matrix)  # rows and columns in run order
    ranking, rank_probs = _ranking(games, long, matrix, header)
    lengths = _with_all(games, M.game_lengths)
    reasons = _with_all(games, M.end_reasons)
    wins_reason = by_deck(M.wins_by_reason(long))
    max_turn = int(games["turns"].max()) if len(games) else 1
    cum = by_deck(M.cumulative_wins(long, max_turn), "turn")
    milestones = milestone_turns(games)
    wins_by_turn = _wins_by_turn(cum, long, milestones)
    metric_cols = [c for c in data.tempo.columns if c not in M.TEMPO_KEYS]
    if len(data.tempo):
        ok_ids = games.loc[games["reason"].astype(object) != "error", "game_id"]
        chunks = data.tempo.chunks(["game_id", "turn", "deck", *metric_cols])
        per_deck = long[long["result"] != "error"].groupby("deck").size()
        min_games = max(10, int(0.05 * per_deck.min())) if len(per_deck) else 10
        watch = _SharedWatch(metric_cols)
        tempo = M.tempo_curves(watch.watch(c[c["game_id"].isin(ok_ids)] for c in chunks), metric_cols,
                               min_games=min_games)
        shared, tempo_shared = watch.shared(), watch.curves(min_games)
        tempo = by_deck(tempo.assign(_m=tempo["metric"].map({m: i for i, m in enumerate(metric_cols)})), "_m",
                        "turn").drop(columns="_m")
    else:
        tempo = M.tempo_curves(pd.DataFrame(columns=["game_id", "turn", "seat", "deck"]), [])
        shared, tempo_shared = [], pd.DataFrame()
    n_by_game = games.set_index("game_id")["n_players"]
    turns_by_game = games.loc[games["reason"].astype(object) != "error"].set_index("game_id")["turns"]
    ending_by_game = pd.Series(M.game_endings(games), index=games["game_id"].to_numpy())
    cards = by_deck(M.card_stats(_rescored(data.cards.chunks(M.CARD_STATS_COLUMNS), ending_by_game), n_by_game,
                                 min_sample=min_sample, turns=turns_by_game)) if len(data.cards) else pd.DataFrame()
    if len(cards):
        cards["card_name_ja"] = cards["card_id"].map(_japanese_names(str(data.meta.get("game") or "")))
    mulligans = by_deck(M.mulligan_table(games, long))
    tables = ReportTables(
        header=header, decks=decks, n_players=n_players, long=long, deck=deck, deck_seat=deck_seat, seat=seat,
        matchups=matchups, ranking=ranking, lengths=lengths, reasons=reasons, wins_reason=wins_reason,
        cum_wins=cum, milestones=milestones, wins_by_turn=wins_by_turn, tempo=tempo,
        tempo_meanings=_tempo_meanings(str(header["game"]), metric_cols),
        cards=cards, unmodelled=unmodelled_cards(str(header["game"]), data.cards), min_sample=min_sample,
        mulligans=mulligans, matchup_play=matchup_play, shared_metrics=shared, tempo_shared=tempo_shared,
    )
    tables.rank_probs = rank_probs
    tables.notes, tables.findings = build_findings(tables)
    return tables


# --- notes ----------------------------------------------------------------------------------------------------

def _pct0(x: float) -> str:
    return f"{100 * x:.0f}%"


def _span(lo: float, hi: float, neutral: float = 0.5) -> str:
    """'(61–67%)'; with one decimal when a whole-percent bound would read as the neutral value itself (an
    interval (46–49.6%) must not print as (46–50%) beside a claim that it excludes 50%)."""
    digits = 1 if round(100 * lo) == round(100 * neutral) or round(100 * hi) == round(100 * neutral) else 0
    return f"({100 * lo:.{digits}f}–{100 * hi:.{digits}f}%)"


def _dominant_reason(long: pd.DataFrame) -> tuple[str, float] | None:
    """The win reason that ends more than half of the decided games with 95% confidence, and its share."""
    decided = long[long["result"] == "win"].drop_duplicates("game_id")
    if not len(decided):
        return None
    counts = decided["reason"].value_counts()
    lo, _ = stats.wilson_interval(int(counts.iloc[0]), len(decided))
    return (str(counts.index[0]), stats.rate(int(counts.iloc[0]), len(decided))) if lo > 0.5 else None


def _how_wins(long: pd.DataFrame, deck: str, usual: str | None = None) -> str | None:
    """How `deck` wins in `long`, when one reason carries more than half of its wins with 95% confidence:
    'wins mostly by deck out (79% of its 294 wins; middle half on turns 46–53)'. When that reason is the run's
    `usual` one (nearly every game ends that way) only the timing is news: 'wins its 365 games on turns 22–35
    (middle half)'. None when no reason dominates or there are under 10 wins."""
    wins = long[(long["deck"] == deck) & (long["result"] == "win")]
    if len(wins) < 10:
        return None
    counts = wins["reason"].value_counts()
    top, n_top = str(counts.index[0]), int(counts.iloc[0])
    lo, _ = stats.wilson_interval(n_top, len(wins))
    if lo <= 0.5:
        return None

    def when(turns: pd.Series) -> str:
        q25, q75 = int(turns.quantile(0.25)), int(turns.quantile(0.75))
        return f"turn {q25}" if q25 == q75 else f"turns {q25}–{q75}"

    if usual is not None and top == usual:
        return f"wins its {len(wins):,} games on {when(wins['turns'])} (middle half)"
    share = _pct0(stats.rate(n_top, len(wins)))
    return (f"wins mostly by {reason_label(top)} ({share} of its {len(wins):,} wins; middle "
            f"half on {when(wins.loc[wins['reason'] == top, 'turns'])})")


@dataclass(frozen=True, init=False)
class Note:
    """One plain-language finding, under a topic: run, matchups, decks, seats or cards. Its words are spans
    (deck and card names strong), rendered by each output its own way."""

    topic: str
    spans: Text

    def __init__(self, topic: str, body: TextLike) -> None:
        object.__setattr__(self, "topic", topic)
        object.__setattr__(self, "spans", text(body))

    @property
    def text(self) -> str:
        """The finding as Markdown, as report.md and summary.json's `text` carry it."""
        return markdown(self.spans)

    @property
    def plain(self) -> str:
        """The finding's words without any markup."""
        return words(self.spans)


NOTE_TOPICS = ("run", "matchups", "decks", "seats", "cards")


FINDINGS_SHOWN = 10  # at most this many tested findings are stated: a reader takes in ten, not two hundred
FINDINGS_ALPHA = 0.05  # Holm's family-wise level: the chance that any stated finding is false stays under it


@dataclass(frozen=True)
class Findings:
    """The family of hypotheses a report's findings test, and what Holm's correction kept of it."""

    tested: int = 0  # hypotheses in the family (each matchup, deck, seat and card a finding could be stated of)
    surviving: int = 0  # those whose Holm-adjusted p-value is under FINDINGS_ALPHA
    shown: int = 0  # findings stated: the surviving ones, at most FINDINGS_SHOWN
    method: str = "Holm"


@dataclass(frozen=True)
class _Test:
    """One hypothesis of the family: its topic, its statistic (standard normal under the neutral value; a
    finding's direction is its sign) and the words of the finding, built only if it is stated."""

    topic: str
    z: float
    says: Callable[[], Text]


def build_notes(t: ReportTables) -> list[Note]:
    """The report's findings (`build_findings`), without the account of their family."""
    return build_findings(t)[0]


def build_findings(t: ReportTables) -> tuple[list[Note], Findings]:
    """Plain-language statements the numbers support, and the family they were tested in.

    Facts of the run (errors, draws) are stated as they are. Every other finding is a test against a neutral
    value (50%, a fair share, zero): each matchup, each deck's rate when there are several matchups or players,
    each seat, each card with enough games (its game-length-adjusted IWD) and the commonest ending (more than half
    of the decided games). All of them form one family, corrected by Holm's step-down method (`ranking.holm`) at
    FINDINGS_ALPHA family-wise; a finding is stated only if it survives, and at most FINDINGS_SHOWN are, taken
    the strongest of each topic in turn so one topic does not crowd out the others. Each statistic is the one
    its shown interval inverts (`ranking.rate_z` for a Wilson interval, estimate / standard error for the
    adjusted IWD), so a stated finding's 95% interval always excludes the neutral value. Where a test finds
    nothing and that is news (the only matchup of a run, the first player's seat) the report says so."""
    notes: list[Note] = []
    tests: list[_Test] = []
    quiet: list[tuple[int, Note]] = []  # what a test says when it does not survive: (its index in tests, note)
    long = t.long
    n_err = int(t.header.get("errors", 0))
    if n_err:
        notes.append(Note("run", text(f"{n_err:,} game(s) raised an error and are left out of every rate (see ",
                                      code("error"), " in games.parquet).")))
    games_n = t.header["games"]
    per_game = long.drop_duplicates("game_id")["reason"] if len(long) else pd.Series(dtype=object)
    n = int((per_game == "turn_limit").sum())
    if n and stats.rate(n, games_n) >= 0.01:
        notes.append(Note("run", f"{n:,} games ({format_pct(stats.rate(n, games_n))}) ended at the turn limit and "
                                 f"count as draws."))
    if n := int(t.header.get("stopped", 0)):
        notes.append(Note("run", f"{n:,} games ({format_pct(stats.rate(n, games_n))}) were stopped by the decision "
                                 f"limit (a game stuck inside one turn: likely an engine or AI bug) and are left out "
                                 f"of every rate; What was run lists them with their replay commands."))
    if n := int(t.header.get("all_lose", 0)):
        notes.append(Note("run", f"{n:,} games ({format_pct(stats.rate(n, games_n))}) ended with every player "
                                 f"losing and score 0 for each (a draw between each two decks in the matchups)."))
    dominant = _dominant_reason(long)
    usual = dominant[0] if dominant and dominant[1] >= 0.8 else None
    decided = long[long["result"] == "win"].drop_duplicates("game_id")
    if len(decided):
        counts = decided["reason"].value_counts()
        top, n_top = str(counts.index[0]), int(counts.iloc[0])
        share = stats.rate(n_top, len(decided))
        # the claim is one-sided (more than half): a top reason under half is no finding
        tests.append(_Test("run", max(0.0, float(ranking.rate_z(n_top, len(decided), 0.5))),
                           lambda: text(f"Most decided games end by {reason_label(top)}: {_pct0(share)} of them.")))
    # matchups (two-player games)
    if t.n_players == 2 and len(t.matchups):
        ids = {d: set(g) for d, g in long.groupby("deck")["game_id"]}
        seen: set[frozenset[str]] = set()
        pairs = []
        for row in t.matchups.itertuples(index=False):
            pair = frozenset((row.deck, row.opponent))
            if pair not in seen:
                seen.add(pair)
                pairs.append(row)

        def matchup_says(row: Any) -> Text:
            sub = long[long["game_id"].isin(ids.get(row.deck, set()) & ids.get(row.opponent, set()))]
            fav, dog = (row.deck, row.opponent) if row.win_rate > 0.5 else (row.opponent, row.deck)
            rate, lo, hi = (row.win_rate, row.ci_low, row.ci_high) if fav == row.deck else \
                (1 - row.win_rate, 1 - row.ci_high, 1 - row.ci_low)
            says = text(strong(fav), f" wins {_pct0(rate)} {_span(lo, hi)} of {row.games:,} games against ",
                        strong(dog))
            how_fav, how_dog = _how_wins(sub, fav, usual), _how_wins(sub, dog, usual)
            if how_dog:
                says = text(says, f"; {dog} {how_dog}")
            elif how_fav:
                says = text(says, f"; {fav} {how_fav}")
            return text(says, ".")

        for row in pairs:
            tests.append(_Test("matchups", float(ranking.rate_z(row.points, row.games, 0.5)),
                               functools.partial(matchup_says, row)))
            if len(pairs) == 1:  # the run's one matchup: that it is close is its finding
                quiet.append((len(tests) - 1, Note("matchups", text(
                    strong(row.deck), " vs ", strong(row.opponent), f" is too close to call: "
                    f"{_pct0(row.win_rate)} {_span(row.ci_low, row.ci_high)} over {row.games:,} games."))))
    # decks overall, when there are several matchups or several players
    if len(t.header.get("matchups", [])) > 1 or t.n_players > 2:
        fair = float(t.header.get("fair_share", stats.fair_share(t.n_players)))
        for row in t.deck.itertuples(index=False):
            if not row.games:
                continue

            def deck_says(row: Any = row) -> Text:
                if row.win_rate > fair:
                    return text(strong(row.deck), f" wins {_pct0(row.win_rate)} {_span(row.ci_low, row.ci_high)} "
                                                  f"of its {row.games:,} games, above the fair share of "
                                                  f"{_pct0(fair)}.")
                return text(strong(row.deck), f" wins only {_pct0(row.win_rate)} {_span(row.ci_low, row.ci_high)} "
                                              f"of its {row.games:,} games, below the fair share of {_pct0(fair)}.")

            tests.append(_Test("decks", float(ranking.rate_z(row.points, row.games, fair)), deck_says))
    # seat advantage
    for row in t.seat.itertuples(index=False):
        if int(row.n_players) == 2 and row.seat != 0:
            continue

        def seat_says(row: Any = row) -> Text:
            lo, hi = sorted((abs(row.adv_low), abs(row.adv_high)))
            pts = f"{100 * abs(row.advantage):.1f} points ({100 * lo:.1f} to {100 * hi:.1f})"
            who = "The player on the play" if int(row.n_players) == 2 else \
                seat_label(int(row.seat), int(row.n_players)).capitalize()
            word = "an advantage" if row.advantage > 0 else "a disadvantage"
            return text(f"{who} has {word} of {pts}: it wins {format_pct(row.win_rate)} of {row.games:,} games "
                        f"where the fair share is {_pct0(row.fair)}.")

        tests.append(_Test("seats", float(ranking.rate_z(row.win_rate * row.games, row.games, row.fair)),
                           seat_says))
        if int(row.n_players) == 2:
            quiet.append((len(tests) - 1, Note("seats", f"No measurable first-player advantage: the player on the "
                                                        f"play wins {format_pct(row.win_rate)} "
                                                        f"{_span(row.ci_low, row.ci_high)} of {row.games:,} "
                                                        "games.")))
    # cards: only from the game-length-adjusted IWD (a longer game draws more cards, which moves every card of a
    # deck alike), and never for a dead card (held, almost never played: its IWD describes the hands it sat in)
    if len(t.cards):
        for deck in t.decks:
            part = t.cards[(t.cards["deck"] == deck) & ~t.cards["small"] & t.cards["iwd_adj"].notna()
                           & ~t.cards["dead"]]
            for row in part.itertuples(index=False):
                if row.iwd_adj_se > 0:
                    z_card = float(row.iwd_adj / row.iwd_adj_se)
                elif row.iwd_adj != 0:  # no spread at all (every game it drew lost, say): as sure as can be
                    z_card = math.copysign(math.inf, float(row.iwd_adj))
                else:
                    continue

                def card_says(row: Any = row, deck: str = deck) -> Text:
                    return text(
                        strong(deck), f" wins {_pct0(row.gih_wr)} of the {row.gih:,} games where it draws ",
                        strong(row.card_name), f" and {_pct0(row.gns_wr)} of the {row.gns:,} where it does not; "
                        f"compared within games of similar length, IWD {100 * row.iwd_adj:+.1f} points "
                        f"({100 * row.iwd_adj_low:+.1f} to {100 * row.iwd_adj_high:+.1f}).")

                tests.append(_Test("cards", z_card, card_says))
    z = np.array([x.z for x in tests], dtype=float)
    adjusted = ranking.holm(ranking.p_value(z)) if len(tests) else np.zeros(0)
    survive = np.flatnonzero(adjusted < FINDINGS_ALPHA)
    by_topic: dict[str, list[int]] = {}
    for i in sorted(survive.tolist(), key=lambda i: -abs(z[i])):  # strongest first
        by_topic.setdefault(tests[i].topic, []).append(i)
    chosen: list[int] = []
    queues = [by_topic[topic] for topic in NOTE_TOPICS if topic in by_topic]
    while len(chosen) < FINDINGS_SHOWN and any(queues):
        for queue in queues:
            if queue and len(chosen) < FINDINGS_SHOWN:
                chosen.append(queue.pop(0))
    kept = set(survive.tolist())
    stated = [Note(tests[i].topic, tests[i].says()) for i in chosen]
    stated += [note for i, note in quiet if i not in kept]
    rank = {topic: n for n, topic in enumerate(NOTE_TOPICS)}
    notes += sorted(stated, key=lambda n: rank.get(n.topic, len(rank)))  # stable: strongest first in a topic
    return notes, Findings(tested=len(tests), surviving=len(survive), shown=len(chosen))


# --- summary.json ---------------------------------------------------------------------------------------------

def _plain(value: Any) -> Any:
    """A table value as JSON data: numbers unrounded (json writes a float's repr, which reads back as the same
    number; DataFrame.to_json would round to 10 digits and summary.json would no longer match matrix_long.csv
    or the terminal), missing or infinite values as None."""
    if isinstance(value, bool | np.bool_):
        return bool(value)
    if isinstance(value, int | np.integer):
        return int(value)
    if isinstance(value, float | np.floating):
        return float(value) if np.isfinite(value) else None
    if isinstance(value, list | tuple | np.ndarray):
        return [_plain(v) for v in value]
    if value is None or value is pd.NA or value is pd.NaT:
        return None
    return value if isinstance(value, str) else str(value)


def records(frame: pd.DataFrame) -> list[dict[str, Any]]:
    """A DataFrame as JSON-ready records (NaN as None, numpy scalars as Python numbers, floats unrounded)."""
    columns = [str(c) for c in frame.columns]
    return [{c: _plain(v) for c, v in zip(columns, row, strict=True)}
            for row in frame.itertuples(index=False, name=None)]


def not_separated(t: ReportTables) -> list[dict[str, Any]]:
    """Pairs of ranked decks the bootstrap does not separate (`ranking.not_separated`: neither above the other
    in 97.5% of the resamples), the higher-ranked first, with the share of resamples it is above the other."""
    probs = t.rank_probs
    if probs is None or not len(t.ranking):
        return []
    at = {d: i for i, d in enumerate(probs.keys)}
    order = [at[d] for d in t.ranking["deck"]]
    return [{"deck": probs.keys[i], "other": probs.keys[j], "p_above": p}
            for i, j, p in ranking.not_separated(probs.above, order)]


def to_summary(t: ReportTables) -> dict[str, Any]:
    """Every figure of the report as plain JSON data: the same numbers as the tables, unrounded."""
    unmodelled = [{"card_id": r.card_id, "card_name": r.card_name, "decks": list(r.decks)}
                  for r in t.unmodelled.itertuples(index=False)]
    return {
        "schema": SUMMARY_SCHEMA,
        "conventions": {
            "win_rate": "(wins + draws / n_players) / games; games that raised or that the decision limit "
                        "stopped are left out of every rate",
            "draws": "count as the win shared among the players (half a win for two players)",
            "all_lose": "a game the rules end with every player losing scores 0 for each (a loss in every seat); "
                        "in a matchup it is a draw between the two decks",
            "interval": "95% Wilson score interval (rates); Newcombe hybrid score interval (IWD); "
                        "mean +- 1.96 standard errors (tempo)",
            "seats": "seat 0 is the player who moved first (games.parquet first_seat), on the play",
            "min_sample": t.min_sample,
            "ranking": "first-choice Plackett-Luce maximum likelihood over every game (Bradley-Terry in two-player "
                       "games), rating on the Elo scale (400 log10 strength, mean 0); rating_se, likely_rank, "
                       "rank_low..rank_high (central 95%) and p_rank from a bootstrap over deals (matchup_id, pair) "
                       "within each matchup, seeded from the run seed",
            "findings": f"Holm step-down correction at {FINDINGS_ALPHA:.0%} family-wise over every finding tested; "
                        f"at most {FINDINGS_SHOWN} stated",
        },
        "run": t.header,
        "decks": records(t.deck),
        "decks_by_seat": records(t.deck_seat),
        "seat_advantage": records(t.seat),
        "matchups": records(t.matchups),
        "ranking": records(t.ranking),
        "rank_resamples": t.rank_probs.resamples if t.rank_probs is not None else 0,
        "not_separated": not_separated(t),
        "findings_family": {"method": t.findings.method, "tested": t.findings.tested,
                            "surviving": t.findings.surviving, "shown": t.findings.shown},
        "game_length": records(t.lengths),
        "end_reasons": records(t.reasons),
        "wins_by_reason": records(t.wins_reason),
        "wins_by_turn": records(t.wins_by_turn),
        "wins_cumulative": records(t.cum_wins),
        "tempo": records(t.tempo),
        "tempo_metrics": t.tempo_meanings,
        "cards": records(t.cards),
        "mulligans": records(t.mulligans),
        "unmodelled_cards": unmodelled,
        "notes": [{"topic": n.topic, "text": n.text, "plain": n.plain} for n in t.notes],
    }
