"""The report's tables: pandas DataFrames built from the result store's tables (see docs/results.md).

Every figure in them (points, rates, intervals, the matchup matrix, the ranking) is computed by `tcgsim.stats`,
the one statistics module the terminal summary and matrix.csv read too; this module only groups rows and lays
the figures out as tables. The conventions (draws, errors, intervals, seats) are stated there; in short:

- **Score and win rate.** A win counts 1, a loss 0 and a draw the win shared (`stats.draw_share`: 1/n); a game
  the rules end with every player losing (`stats.Ending.ALL_LOSE`) is a loss for each. A deck's win rate is its
  points divided by its games, so draws are inside the rate *and* reported as a count beside it. Games that
  raised an error or that the decision limit stopped are no result: left out of every rate and counted apart.
- **Seats.** Seat 0 is the seat that plays first (on the play), seat 1 is on the draw; games of 3-4 players are
  reported as seats 1..n. Every pair of a run is played with the seats rotated, so seat advantage is measured on
  the game itself, not on one deck's strength.
- **Small samples.** A figure built on fewer than `stats.MIN_SAMPLE` games is flagged.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any, TypeAlias

import numpy as np
import pandas as pd

from tcgsim import ranking, stats
from tcgsim.games import all_lose_reasons

__all__ = [
    "CARD_STATS_COLUMNS", "bradley_terry_table", "card_stats", "cumulative_wins", "deck_results", "end_reasons",
    "field_of", "game_lengths", "head_to_head", "matchup_matrix", "mulligan_table", "pairwise_results", "rate_table",
    "seat_advantage", "seat_results", "tempo_curves", "wins_by_reason",
]

RATE_COLUMNS = ["games", "wins", "losses", "draws", "errors", "points", "win_rate", "ci_low", "ci_high", "stopped"]
NO_RESULT_COLUMNS = ["errors", "stopped"]  # counts of seats outside every rate: not part of a matchup cell


def _tally_columns(t: stats.Tally) -> dict[str, Any]:
    """A tally's counts and figures as table columns."""
    r, lo, hi = t.rates()
    return {"games": t.games, "wins": t.wins, "losses": t.losses, "draws": t.draws_total, "errors": t.errors,
            "points": t.points, "win_rate": r, "ci_low": lo, "ci_high": hi, "stopped": t.stopped}


def rate_table(frame: pd.DataFrame, by: list[str], n_players: str | int = "n_players") -> pd.DataFrame:
    """Games, wins, losses, draws, errors, points, win rate and its Wilson interval per group of a per-seat
    frame with a `result` column (win, loss, draw, error) and the game's player count (a column, or one number
    for every row), groups in order of appearance."""
    if not len(frame):
        return pd.DataFrame(columns=[*by, *RATE_COLUMNS])
    grouped = frame.groupby(by, sort=False, observed=True)
    group = grouped.ngroup().to_numpy()
    keys = grouped.size().reset_index()[by]
    n = frame[n_players].to_numpy() if isinstance(n_players, str) else n_players
    counts = stats.tally(group, len(keys), frame["result"].astype(object).to_numpy(), n, _pairs(frame))
    out = keys.reset_index(drop=True)
    for name, values in _tally_columns(counts).items():
        out[name] = values
    return out


def _pairs(frame: pd.DataFrame) -> np.ndarray | None:
    """Each row's pair of shared deals (`pair`, the game seed) for the intervals' design effect; None in a run
    without seeds (its games then count as independent)."""
    if "pair" not in frame or frame["pair"].isna().any():
        return None
    return frame["pair"].to_numpy(dtype=np.int64)


# --- per seat and per deck --------------------------------------------------------------------------------------

def game_endings(games: pd.DataFrame) -> np.ndarray:
    """Each game's `stats.Ending` (`stats.endings`, with the all-lose reasons of the game in its `game` column;
    a game that raised, by its error or its reason, is an ERROR)."""
    winner = games["winner_seat"].astype("Float64").to_numpy(dtype=float, na_value=np.nan)
    reason = games["reason"].astype(object).to_numpy()
    is_error = (reason == "error") | (games["error"].notna().to_numpy() if "error" in games else False)
    game = games["game"].astype(object).to_numpy() if "game" in games else np.full(len(games), None)
    out = np.empty(len(games), dtype=object)
    for key in pd.unique(game):
        rows = game == key if key is not None else pd.isna(game)
        out[rows] = stats.endings(winner[rows], reason[rows], is_error[rows],
                                  all_lose_reasons(str(key)) if key is not None else ())
    return out


def seat_results(games: pd.DataFrame) -> pd.DataFrame:
    """One row per game and seat: game_id, matchup, seat, deck, ai, n_players, result (win, loss, draw, error,
    stopped), points, winner_deck, reason, ending, turns. The long form every per-deck statistic is grouped from;
    each seat's result is `stats.seat_results`' of the game's `game_endings`."""
    n_players = games["n_players"].astype(int).to_numpy()
    winner = games["winner_seat"].astype("Float64").to_numpy(dtype=float, na_value=np.nan)
    ending = game_endings(games)
    max_seats = int(n_players.max()) if len(games) else 2  # no games: still the columns, typed
    results = stats.seat_results(winner, n_players, ending, seats=max_seats)
    parts = []
    for seat in range(max_seats):
        present = n_players > seat
        part = pd.DataFrame({
            "game_id": games["game_id"].to_numpy(),
            "matchup": games["matchup"].astype(object).to_numpy(),
            "seat": seat,
            "deck": games[f"deck_{seat}"].astype(object).to_numpy(),
            "ai": games[f"ai_{seat}"].astype(object).to_numpy() if f"ai_{seat}" in games else None,
            "n_players": n_players,
            "result": results[:, seat],
            "winner_deck": games["winner_deck"].astype(object).to_numpy(),
            "reason": games["reason"].astype(object).to_numpy(),
            "ending": ending.astype(str) if len(ending) else np.zeros(0, dtype=object),
            "turns": games["turns"].astype(int).to_numpy(),
            # the pair of shared deals the game was played in: its seed, shared by every rotation of the pair
            "pair": games["game_seed"].astype("Int64").to_numpy() if "game_seed" in games else pd.NA,
        })[present]
        parts.append(part)
    long = pd.concat(parts, ignore_index=True)
    long["points"] = stats.seat_points(long["result"].to_numpy(), long["n_players"].to_numpy())
    return long.sort_values(["game_id", "seat"], kind="stable").reset_index(drop=True)


def deck_results(long: pd.DataFrame, by_seat: bool = False) -> pd.DataFrame:
    """Per deck (and seat): games, wins, losses, draws, points, win rate with its Wilson interval, and errors and
    stopped (seats in games that raised or the decision limit stopped, outside every rate). `long` is
    `seat_results(games)`."""
    keys = ["deck", "seat"] if by_seat else ["deck"]
    out = rate_table(long, keys)
    return out.sort_values(keys, kind="stable").reset_index(drop=True)


def seat_advantage(long: pd.DataFrame) -> pd.DataFrame:
    """Per number of players and seat: the seat's win rate over all games with its interval, the fair share
    (`stats.fair_share` of the points those games handed out: 1/n, less when some ended with everyone losing) and
    the advantage (rate - fair share, with the interval shifted alike). Deals are played with the seats rotated,
    so deck strength cancels out and what remains is the game's own seat advantage."""
    ok = long[~long["result"].isin([stats.ERROR, stats.STOPPED])]
    out = rate_table(ok, ["n_players", "seat"]).drop(columns=NO_RESULT_COLUMNS)
    one = ok.drop_duplicates("game_id")  # a game's ending and points once, not once per seat
    handed_out = pd.Series(stats.game_points(one["ending"].to_numpy(), one["n_players"].to_numpy()),
                           index=one.index).groupby(one["n_players"]).mean()
    out["fair"], out["advantage"], out["adv_low"], out["adv_high"] = stats.seat_advantage(
        out["win_rate"].to_numpy(dtype=float), out["ci_low"].to_numpy(dtype=float),
        out["ci_high"].to_numpy(dtype=float), out["n_players"].to_numpy(dtype=float),
        out["n_players"].map(handed_out).to_numpy(dtype=float) if len(out) else 1.0)
    return out.sort_values(["n_players", "seat"]).reset_index(drop=True)


def mulligan_table(games: pd.DataFrame, long: pd.DataFrame) -> pd.DataFrame:
    """Per deck, for games whose rules have a mulligan (games.parquet `mulligans_<seat>` not null): `games` (its
    seats with a result), `mulligans` (those in which it took one), `mulligan_rate` with its Wilson interval
    (`mulligan_low`, `mulligan_high`), and the deck's win rate after a mulligan (`after_wr`, `after_low`,
    `after_high`, over `mulligans` games) and when it kept (`kept_wr`, ...). Empty when no game has a mulligan
    rule (GODZILLA and EVA have none). `long` is `seat_results(games)`."""
    columns = ["deck", "games", "mulligans", "mulligan_rate", "mulligan_low", "mulligan_high", "after_wr",
               "after_low", "after_high", "kept_wr", "kept_low", "kept_high"]
    seats = [c for c in (f"mulligans_{i}" for i in range(4)) if c in games.columns]
    if not seats or not len(long) or games[seats].isna().all(axis=None):
        return pd.DataFrame(columns=columns)
    taken = games.set_index("game_id")[seats].astype("Float64")
    value = taken.to_numpy(dtype=float, na_value=np.nan)
    row = taken.index.get_indexer(long["game_id"])
    seat = long["seat"].to_numpy(dtype=int)
    count = np.full(len(long), np.nan)
    inside = (row >= 0) & (seat < len(seats))
    count[inside] = value[row[inside], seat[inside]]
    ok = long.assign(_m=count)
    ok = ok[~ok["result"].isin([stats.ERROR, stats.STOPPED]) & ok["_m"].notna()]  # results only, as every rate
    if not len(ok):
        return pd.DataFrame(columns=columns)
    after, kept = ok["_m"] > 0, ok["_m"] == 0
    decks = list(pd.unique(ok["deck"]))
    total = ok.groupby("deck", sort=False).size().reindex(decks, fill_value=0)
    took = ok[after].groupby("deck", sort=False).size().reindex(decks, fill_value=0)
    out = pd.DataFrame({"deck": decks, "games": total.to_numpy(), "mulligans": took.to_numpy()})
    out["mulligan_rate"], out["mulligan_low"], out["mulligan_high"] = stats.rate_interval(out["mulligans"],
                                                                                         out["games"])
    for name, mask in (("after", after), ("kept", kept)):
        rates = rate_table(ok[mask], ["deck"]).set_index("deck").reindex(decks)
        out[f"{name}_wr"] = rates["win_rate"].to_numpy(dtype=float)
        out[f"{name}_low"] = rates["ci_low"].to_numpy(dtype=float)
        out[f"{name}_high"] = rates["ci_high"].to_numpy(dtype=float)
    return out[columns]


# --- matchups and ranking -------------------------------------------------------------------------------------

def _by_game(long: pd.DataFrame) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The long table (one row per game and seat) as (game ids, decks, results): (games, seats) arrays, None in
    the seats a game did not have."""
    ids, row = np.unique(long["game_id"].to_numpy(), return_inverse=True)
    seats = int(long["seat"].max()) + 1
    decks = np.full((len(ids), seats), None, dtype=object)
    results = np.full((len(ids), seats), None, dtype=object)
    seat = long["seat"].to_numpy(dtype=int)
    decks[row, seat] = long["deck"].astype(object).to_numpy()
    results[row, seat] = long["result"].astype(object).to_numpy()
    return ids, decks, results


def pairwise_results(long: pd.DataFrame) -> pd.DataFrame:
    """Head-to-head results (`stats.seat_pairs`): one row per game and ordered pair of different decks that met
    in it (`deck`, `opponent`), with `result` from `deck`'s side and its points (a pair is scored as a game of
    two). In a game of 3-4 players a pair counts only when one of the two won or nobody did (a game everyone
    lost is a draw of the pair); games without a result never."""
    if not len(long):
        return pd.DataFrame(columns=["game_id", "deck", "opponent", "result", "points"])
    ids, decks, results = _by_game(long)
    game, deck, opponent, result = stats.seat_pairs(decks, results)
    pair = long.drop_duplicates("game_id").set_index("game_id")["pair"] if "pair" in long else None
    return pd.DataFrame({"game_id": ids[game], "deck": deck, "opponent": opponent, "result": result,
                         "points": stats.seat_points(result, stats.PAIR_PLAYERS),
                         "pair": pair.reindex(ids[game]).to_numpy() if pair is not None else pd.NA})


def head_to_head(pairs: pd.DataFrame, decks: Sequence[str]) -> stats.Matrix:
    """The `stats.Matrix` of `pairwise_results` rows over `decks` (in that order), with the pairs of shared deals
    for its intervals."""
    return stats.Matrix.from_pairs(list(decks), pairs["deck"].to_numpy(), pairs["opponent"].to_numpy(),
                                   pairs["result"].to_numpy(), _pairs(pairs))


def matchup_matrix(pairs: pd.DataFrame, decks: list[str] | None = None) -> pd.DataFrame:
    """Long matchup table (`stats.Matrix`): per (deck, opponent) that met, the games, wins, losses, draws,
    points, win rate of `deck` against `opponent` and its Wilson interval, rows in the order of `decks` (default:
    sorted). Pivot `win_rate` on deck x opponent for the matrix."""
    keys = decks if decks is not None else sorted(set(pairs["deck"]) | set(pairs["opponent"]))
    return matrix_frame(head_to_head(pairs, keys))


def matrix_frame(matrix: stats.Matrix) -> pd.DataFrame:
    """A `stats.Matrix` as the long table: one row per cell with games."""
    cols = [c for c in RATE_COLUMNS if c not in NO_RESULT_COLUMNS]  # a pair never meets in a game without result
    rows = [{"deck": a, "opponent": b, **{c: getattr(rec, c) for c in cols}} for a, b, rec in matrix.played()]
    return pd.DataFrame(rows, columns=["deck", "opponent", *cols])


def bradley_terry_table(matrix: pd.DataFrame, prior: float | None = None) -> pd.DataFrame:
    """`stats.bradley_terry` over a `matchup_matrix` table: per deck (sorted) its strength, rating (Elo scale,
    mean 0), rating_se, expected (win probability against a deck of average strength), games, regularised."""
    decks = sorted(set(matrix["deck"]) | set(matrix["opponent"]))
    k = len(decks)
    index = {d: i for i, d in enumerate(decks)}
    points = np.zeros((k, k))
    games = np.zeros((k, k))
    rows = matrix["deck"].map(index).to_numpy()
    cols = matrix["opponent"].map(index).to_numpy()
    np.add.at(points, (rows, cols), matrix["points"].to_numpy(dtype=float))
    np.add.at(games, (rows, cols), matrix["games"].to_numpy(dtype=float))
    bt = stats.bradley_terry(points, games, prior=prior)
    return pd.DataFrame({"deck": decks, "strength": bt.strength, "rating": bt.rating, "rating_se": bt.rating_se,
                         "expected": bt.expected, "games": bt.games, "regularised": bt.regularised})


def field_of(games: pd.DataFrame, long: pd.DataFrame, keys: list[str]) -> ranking.Field:
    """The field `tcgsim.ranking` fits: each game's seats, results and deal (games.parquet's matchup_id and pair;
    a table without them makes every game its own deal in its matchup). `long` is `seat_results(games)`."""
    if not len(long):
        return ranking.Field.from_games(keys, np.zeros((0, 2), dtype=object), np.zeros((0, 2), dtype=object),
                                        np.zeros(0), np.zeros(0), np.zeros(0))
    ids, decks, results = _by_game(long)
    by_id = games.drop_duplicates("game_id").set_index("game_id").reindex(ids)
    n_players = by_id["n_players"].to_numpy(dtype=float)
    matchup = by_id["matchup_id"].to_numpy(dtype=np.int64) if "matchup_id" in by_id else \
        pd.factorize(by_id["matchup"].astype(object))[0]
    pair = by_id["pair"].to_numpy(dtype=np.int64) if "pair" in by_id else np.asarray(ids, dtype=np.int64)
    return ranking.Field.from_games(keys, decks, results, n_players, matchup, pair)


RANKING_COLUMNS = ["rank", "deck", "opponents", "mean_win_rate", "strength", "rating", "rating_se",
                   "rating_se_model", "expected", "games", "regularised", "likely_rank", "rank_low", "rank_high",
                   "p_rank"]


def ranking_table(matrix: stats.Matrix, fit: ranking.Fit | None = None,
                  probs: ranking.RankProbabilities | None = None) -> pd.DataFrame:
    """The ranking, best first: rank (the order of the fitted ratings), deck, opponents, mean_win_rate (from the
    matrix, `stats.ranking`) and the strengths: `strength`, `rating` (Elo scale, mean 0), `rating_se`,
    `rating_se_model`, `expected` (win probability against a deck of average strength), games, regularised.
    Without `fit` they are `stats.ranking`'s pairwise Bradley-Terry figures; with it (`tcgsim.ranking.fit`,
    keys the ranked decks) the first-choice model's, whose `rating_se_model` is the observed information's and
    `rating_se` the bootstrap's when `probs` is given. With `probs`: `likely_rank`, the central 95% rank range
    (`rank_low`, `rank_high`) and `p_rank`, each deck's probabilities of ranks 1..k."""
    ranked = stats.ranking(matrix)
    if ranked is None:
        return pd.DataFrame(columns=RANKING_COLUMNS)
    bt = ranked.bt
    out = pd.DataFrame({"deck": list(ranked.decks), "opponents": ranked.opponents,
                        "mean_win_rate": ranked.mean_win_rate, "strength": bt.strength, "rating": bt.rating,
                        "rating_se": bt.rating_se, "rating_se_model": bt.rating_se, "expected": bt.expected,
                        "games": bt.games, "regularised": bt.regularised})
    if fit is not None:
        at = {d: i for i, d in enumerate(probs.keys if probs is not None else ranked.decks)}
        i = out["deck"].map(at).to_numpy(dtype=int)
        strength = np.exp(fit.theta[i])
        out["strength"], out["rating"], out["expected"] = strength, fit.rating[i], strength / (strength + 1.0)
        out["rating_se"] = out["rating_se_model"] = fit.rating_se[i]
        out["regularised"] = fit.regularised
        if probs is not None:
            out["rating_se"] = probs.rating_se[i]
            likely = probs.likely_rank()
            spans = [ranking.rank_range(probs.rank[j]) for j in i]
            out["likely_rank"] = likely[i]
            out["rank_low"] = [lo for lo, _ in spans]
            out["rank_high"] = [hi for _, hi in spans]
            out["p_rank"] = [probs.rank[j].tolist() for j in i]
        out = out.iloc[np.lexsort((-out["mean_win_rate"].to_numpy(), -out["rating"].to_numpy()))]
    out.insert(0, "rank", np.arange(1, len(out) + 1))
    for col in RANKING_COLUMNS:
        if col not in out:
            out[col] = None
    return out[RANKING_COLUMNS].reset_index(drop=True)


# --- game length and endings ----------------------------------------------------------------------------------

def game_lengths(games: pd.DataFrame, by: str = "matchup") -> pd.DataFrame:
    """Turns per game by matchup (errors excluded): games, mean, and the 10/25/50/75/90% quantiles, min, max."""
    ok = games[games["reason"].astype(object) != "error"]
    g = ok.groupby(ok[by].astype(object), sort=False)["turns"]
    out = g.agg(["count", "mean", "min", "max"]).rename(columns={"count": "games"})
    for q in (0.1, 0.25, 0.5, 0.75, 0.9):
        out[f"p{int(q * 100)}"] = g.quantile(q)
    return out.reset_index().rename(columns={by: by})


def end_reasons(games: pd.DataFrame, by: str = "matchup") -> pd.DataFrame:
    """How games end, per matchup: counts and shares of every reason (each win condition, the turn and decision
    limits, errors), with the Wilson interval of each share."""
    key = games[by].astype(object)
    counts = games.groupby([key, games["reason"].astype(object)], sort=False).size().rename("games").reset_index()
    counts.columns = [by, "reason", "games"]
    totals = counts.groupby(by)["games"].transform("sum")
    counts["share"], counts["ci_low"], counts["ci_high"] = stats.rate_interval(counts["games"].to_numpy(),
                                                                              totals.to_numpy())
    counts["of"] = totals
    return counts.sort_values([by, "games"], ascending=[True, False], kind="stable").reset_index(drop=True)


def wins_by_reason(long: pd.DataFrame) -> pd.DataFrame:
    """Per deck, result (win/loss) and reason: games, share of the deck's games (errors excluded), share of its
    wins (or losses), and the median and quartiles of the turn it happened."""
    ok = long[~long["result"].isin([stats.ERROR, stats.STOPPED])]
    played = ok.groupby("deck").size().rename("deck_games")
    decided = ok[ok["result"].isin([stats.WIN, stats.LOSS])]
    g = decided.groupby(["deck", "result", "reason"], sort=False)["turns"]
    out = g.agg(games="count", median_turn="median").reset_index()
    out["q25_turn"] = g.quantile(0.25).to_numpy()
    out["q75_turn"] = g.quantile(0.75).to_numpy()
    out = out.merge(played.reset_index(), on="deck")
    out["share_of_games"] = stats.rate(out["games"].to_numpy(), out["deck_games"].to_numpy())
    out["of_result"] = out.groupby(["deck", "result"])["games"].transform("sum")
    out["share_of_result"], out["ci_low"], out["ci_high"] = stats.rate_interval(out["games"].to_numpy(),
                                                                               out["of_result"].to_numpy())
    return out.sort_values(["deck", "result", "games"], ascending=[True, False, False], kind="stable") \
        .reset_index(drop=True)


def cumulative_wins(long: pd.DataFrame, max_turn: int | None = None) -> pd.DataFrame:
    """Per deck and turn t = 1..max_turn: the share of the deck's games (errors excluded) it has won by turn t,
    i.e. won in a game that ended at turn <= t. The curve's end is the deck's plain share of games won."""
    ok = long[~long["result"].isin([stats.ERROR, stats.STOPPED])]
    if not len(ok):
        return pd.DataFrame({"deck": pd.Series(dtype=object), "turn": pd.Series(dtype=int),
                             "won": pd.Series(dtype=int), "games": pd.Series(dtype=int),
                             "share": pd.Series(dtype=float)})
    if max_turn is None:
        max_turn = int(ok["turns"].max())
    played = ok.groupby("deck").size()
    wins = ok[ok["result"] == stats.WIN]
    counts = wins.groupby(["deck", "turns"]).size().unstack(fill_value=0)
    counts = counts.reindex(index=played.index, columns=range(1, max_turn + 1), fill_value=0)
    cum = counts.cumsum(axis=1)
    out = cum.stack().rename("won").reset_index()
    out.columns = ["deck", "turn", "won"]
    out["games"] = out["deck"].map(played)
    out["share"] = stats.rate(out["won"].to_numpy(), out["games"].to_numpy())
    return out


# --- tempo ----------------------------------------------------------------------------------------------------

# a table whole, or its chunks in row order (what report.data.Table.chunks gives)
Chunks: TypeAlias = "pd.DataFrame | Iterable[pd.DataFrame]"


def _chunks(table: Chunks) -> Iterator[pd.DataFrame]:
    return iter([table]) if isinstance(table, pd.DataFrame) else iter(table)


class _Keys:
    """Group keys (tuples) numbered in order of first appearance across chunks, as a groupby with sort=False
    numbers them over the whole table."""

    def __init__(self) -> None:
        self.index: dict[tuple[Any, ...], int] = {}

    def __len__(self) -> int:
        return len(self.index)

    def ids(self, *columns: pd.Series) -> np.ndarray:
        """Each row's group id; -1 where a key is missing (a groupby leaves such rows out)."""
        codes, uniques = zip(*(pd.factorize(c, use_na_sentinel=True) for c in columns), strict=True)
        missing = np.zeros(len(columns[0]), dtype=bool)
        combined = np.zeros(len(columns[0]), dtype=np.int64)
        for code, unique in zip(codes, uniques, strict=True):
            missing |= code < 0
            combined = combined * (len(unique) + 1) + code
        local, first = pd.factorize(combined[~missing])  # pairs of this chunk, in order of first appearance
        values = [list(u) for u in uniques]
        bases = [len(u) + 1 for u in values]
        keys = [tuple(u[c] for u, c in zip(values, _digits(x, bases), strict=True)) for x in first]
        lookup = np.array([self.index.setdefault(k, len(self.index)) for k in keys], dtype=np.int64)
        out = np.full(len(combined), -1, dtype=np.int64)
        out[~missing] = lookup[local]
        return out


def _digits(x: int, bases: list[int]) -> list[int]:
    """The mixed-radix digits of `x` (most significant first): the codes `_Keys.ids` combined."""
    out = []
    for base in reversed(bases):
        x, d = divmod(int(x), base)
        out.append(d)
    return out[::-1]


class _Moments:
    """Count, mean and sample standard deviation of value columns by group, added up chunk by chunk, with the
    very arithmetic of pandas' grouped mean (compensated summation) and std (Welford's update), row by row in
    table order, so a table read in chunks gives the same bits as `groupby(...).agg(["count", "mean", "std"])`
    over the whole table (tests/report/test_metrics.py holds it to that)."""

    def __init__(self, width: int) -> None:
        self.width = width
        self.n = np.zeros((0, width))
        self.sum = np.zeros((0, width))
        self.comp = np.zeros((0, width))
        self.mean = np.zeros((0, width))
        self.m2 = np.zeros((0, width))

    def add(self, group: np.ndarray, values: np.ndarray, groups: int) -> None:
        """Rows `values` (rows x width; NaN: missing) of groups `group` (-1: no group), in table order."""
        grow = groups - len(self.n)
        if grow > 0:
            pad = np.zeros((grow, self.width))
            self.n, self.sum, self.comp, self.mean, self.m2 = (
                np.concatenate([a, pad]) for a in (self.n, self.sum, self.comp, self.mean, self.m2))
        keep = np.flatnonzero(group >= 0)
        g, v = group[keep], values[keep]
        if not len(g):
            return
        # The updates go rank by rank (a row's rank: how many rows of its group come before it in this chunk),
        # every group at once. With the chunk's groups numbered most rows first, the groups with a row of rank r
        # are the first active[r]; rows sorted by (rank, that number) then make one slice per rank.
        sizes = np.bincount(g, minlength=groups)
        present = np.flatnonzero(sizes)
        local = present[np.argsort(-sizes[present], kind="stable")]
        number = np.empty(groups, dtype=np.int64)
        number[local] = np.arange(len(local))
        order = np.argsort(g, kind="stable")
        starts = np.cumsum(sizes) - sizes
        rank = np.empty(len(g), dtype=np.int64)
        rank[order] = np.arange(len(g)) - starts[g[order]]
        depth = sizes[local]
        active = len(local) - np.cumsum(np.bincount(depth, minlength=int(depth[0]) + 1))[:-1]
        rows = v[np.lexsort((number[g], rank))]
        n, total, comp, mean, m2 = (a[local] for a in (self.n, self.sum, self.comp, self.mean, self.m2))
        at = 0
        with np.errstate(invalid="ignore", divide="ignore"):
            for k in active.tolist():
                x = rows[at:at + k]
                at += k
                self._update(x, n[:k], total[:k], comp[:k], mean[:k], m2[:k])
        self.n[local], self.sum[local], self.comp[local], self.mean[local], self.m2[local] = n, total, comp, mean, m2

    @staticmethod
    def _update(x: np.ndarray, n: np.ndarray, total: np.ndarray, comp: np.ndarray, mean: np.ndarray,
                m2: np.ndarray) -> None:
        """One row `x` of each of k groups into their state (views, updated in place) where x is not NaN."""
        ok = x == x
        count = n + ok
        y = x - comp  # pandas group_mean: Kahan summation
        t = total + y
        c = (t - total) - y
        c[c != c] = 0.0
        moved = mean + (x - mean) / count  # pandas group_var: Welford
        spread = m2 + (x - moved) * (x - mean)
        n[...] = count
        np.copyto(total, t, where=ok)
        np.copyto(comp, c, where=ok)
        np.copyto(mean, moved, where=ok)
        np.copyto(m2, spread, where=ok)

    def result(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(count, mean, std) per group and column: NaN mean without values, NaN std under two."""
        with np.errstate(invalid="ignore", divide="ignore"):
            mean = np.where(self.n > 0, self.sum / self.n, np.nan)
            std = np.where(self.n > 1, np.sqrt(self.m2 / (self.n - 1)), np.nan)
        return self.n.astype(np.int64), mean, std


TEMPO_KEYS = ("game_id", "turn", "seat", "deck")


def tempo_curves(tempo: Chunks, metrics: list[str] | None = None, min_games: int = 10) -> pd.DataFrame:
    """Per deck, metric and turn: the number of games still running, the mean with a 95% band
    (`stats.mean_interval`) and the standard deviation. Turns with fewer than `min_games` running games are left out
    (the tail of long games says little). Means are over games still running at that turn. `tempo` is the table
    (deck, turn and the metric columns) or its chunks in row order: the figures are added up chunk by chunk."""
    keys, moments = _Keys(), None
    for chunk in _chunks(tempo):
        if metrics is None:
            metrics = [c for c in chunk.columns if c not in TEMPO_KEYS]
        if moments is None:
            moments = _Moments(len(metrics))
        group = keys.ids(chunk["deck"], chunk["turn"])
        moments.add(group, chunk[metrics].to_numpy(dtype=float), len(keys))
    columns = ["deck", "metric", "turn", "games", "mean", "std", "ci_low", "ci_high"]
    if moments is None or not len(keys) or not metrics:
        return pd.DataFrame(columns=columns)
    count, mean, std = moments.result()
    found = list(keys.index)
    order = sorted(range(len(found)), key=lambda i: (str(found[i][0]), found[i][1]))  # groupby(sort=True)
    decks = np.array([str(found[i][0]) for i in order], dtype=object)
    turns = np.array([int(found[i][1]) for i in order], dtype=np.int64)
    frames = []
    for j, metric in enumerate(metrics):
        n, mu, sd = count[order, j], mean[order, j], std[order, j]
        keep = n >= min_games
        lo, hi = stats.mean_interval(mu[keep], sd[keep], n[keep].astype(float))
        frames.append(pd.DataFrame({
            "deck": decks[keep], "metric": metric, "turn": turns[keep], "games": n[keep],
            "mean": mu[keep], "std": sd[keep], "ci_low": lo, "ci_high": hi,
        }))
    return pd.concat(frames, ignore_index=True)


# --- cards ----------------------------------------------------------------------------------------------------

CARD_STATS_COLUMNS = ["game_id", "deck", "card_id", "card_name", "copies", "in_opening_hand", "drawn", "played",
                      "first_turn_played", "result", "entered_play"]  # what card_stats reads of cards.parquet
LENGTH_BINS = 5  # game-length strata of the adjusted IWD: fifths of the run's games by turns


def _grown(t: stats.Tally, groups: int) -> stats.Tally:
    """`t` with empty groups added up to `groups` (groups first seen in a later chunk)."""
    more = groups - len(t)
    if more <= 0:
        return t
    return stats.Tally(np.r_[t.wins, np.zeros(more, np.int64)], np.r_[t.losses, np.zeros(more, np.int64)],
                       np.vstack([t.draws, np.zeros((more, t.draws.shape[1]), np.int64)]),
                       np.r_[t.errors, np.zeros(more, np.int64)])


def _grow(a: np.ndarray, groups: int, fill: Any = 0) -> np.ndarray:
    return a if len(a) >= groups else np.concatenate([a, np.full(groups - len(a), fill, dtype=a.dtype)])


def card_stats(cards: Chunks, n_players: pd.Series | None = None, min_sample: int = stats.MIN_SAMPLE,
               turns: pd.Series | None = None) -> pd.DataFrame:
    """17lands / HSReplay-style card figures per deck and card, each with its sample size:

    - `gp`: games the card was in the deck; `gp_wr` the deck's win rate in them.
    - `oh`: games with a copy in the opening hand; `oh_wr`.
    - `gd`: games where a copy was drawn after the opening hand (drawn > in_opening_hand); `gd_wr`.
    - `gih`: games in hand (opening hand or drawn later: drawn >= 1); `gih_wr`.
    - `gns`: games not seen: no copy reached the hand nor entered play (a card searched onto the field was
      seen); `gns_wr`.
    - `entered`: games where a copy entered play from anywhere (`entered_play` >= 1: played from the hand, or
      put into play without it); `entered_wr`. For a card that never reached a hand (`holdable` False: a mana
      character, a GODZILLA evolution target, an EVA 補完 card) this is its only figure beside GP: its hand
      figures (OH, GD, GIH, GNS, IWD, play rate) are left empty rather than read as "never seen".
    - `played`: games with a copy played from the hand; `played_wr`; `mean_turn_played` (first copy played or
      put into play, mean over those); `play_rate` = played / gih with its Wilson interval `play_low`,
      `play_high`; `dead` (`stats.dead_card`: held in enough games, almost never played).
    - `iwd` = gih_wr - gns_wr, "improvement when drawn", with its Newcombe interval `iwd_low`, `iwd_high`;
      `iwd_rel` = iwd minus the deck's median card's (over its cards that are not dead): what game length and
      the deck's plan give every card of a deck drops out.
    - `iwd_adj` (`_se`, `_low`, `_high`): IWD compared within game-length strata (`stats.stratified_difference`
      over LENGTH_BINS quantile bins of `turns`), so a card is not credited for the longer games in which more
      cards are drawn. The findings read this figure alone.
    - `small`: True when the GIH or GNS sample is under `min_sample` (IWD not readable), and per-figure flags
      `<fig>_small`.

    Win rates are deck win rates (`stats.tally`: draws as the win shared, errors left out) over the games each
    figure selects, each with its Wilson interval (`<fig>_low`, `<fig>_high`). `n_players` maps game_id to the
    game's player count (default 2) for draw points; `turns` maps game_id to its length (none: one stratum).
    `cards` is the table (CARD_STATS_COLUMNS) or its chunks in row order: every figure is a count or a sum of
    whole numbers (first turns), so adding chunks up gives exactly the figures of the whole table. A table
    without `entered_play` (a run older than the column) reads it as `played`, which then counted every entry.
    """
    names = ("gp", "oh", "gd", "gih", "gns", "entered", "played")
    keys = _Keys()
    tallies = {key: stats.Tally.empty(0) for key in names}
    edges = stats.length_bins(turns.to_numpy(dtype=float), LENGTH_BINS) if turns is not None else np.zeros(0)
    strata = len(edges) + 1
    by_length = {key: stats.Tally.empty(0) for key in ("gih", "gns")}
    card_name = np.zeros(0, dtype=object)
    copies = np.zeros(0, dtype=np.int64)
    turn_sum = np.zeros(0)
    turn_n = np.zeros(0, dtype=np.int64)
    for chunk in _chunks(cards):
        ok = chunk[(chunk["result"].astype(object) != stats.ERROR).to_numpy()]
        if n_players is not None:
            n = ok["game_id"].map(n_players).fillna(2).to_numpy(dtype=int)
        else:
            n = np.full(len(ok), 2)
        result = ok["result"].astype(object).to_numpy()
        drawn = ok["drawn"].to_numpy(dtype=int)
        opening = ok["in_opening_hand"].to_numpy(dtype=int)
        played = ok["played"].to_numpy(dtype=int)
        entered = ok["entered_play"].astype("Float64").fillna(ok["played"].astype("Float64")) \
            .to_numpy(dtype=float) if "entered_play" in ok else played.astype(float)
        first = ok["first_turn_played"].astype("Float64").to_numpy(dtype=float, na_value=np.nan)
        masks = {"gp": np.ones(len(ok), dtype=bool), "oh": opening > 0, "gd": drawn > opening, "gih": drawn > 0,
                 "gns": (drawn == 0) & (entered == 0), "entered": entered > 0, "played": played > 0}
        group = keys.ids(ok["deck"], ok["card_id"])
        groups = len(keys)
        for key, mask in masks.items():
            # a row the figure does not select has no result for it: not counted
            tallies[key] = _grown(tallies[key], groups) + stats.tally(group, groups, np.where(mask, result, None), n)
        length = ok["game_id"].map(turns).to_numpy(dtype=float) if turns is not None else np.zeros(len(ok))
        stratum = np.searchsorted(edges, length, side="right")
        cell = np.where(group >= 0, group * strata + stratum, -1)
        for key in by_length:
            by_length[key] = _grown(by_length[key], groups * strata) + stats.tally(
                cell, groups * strata, np.where(masks[key], result, None), n)
        counted = group >= 0
        name = ok["card_name"].astype(object).to_numpy()
        named = np.flatnonzero(counted & pd.notna(name))
        card_name = _grow(card_name, groups, None)
        firsts, at = np.unique(group[named], return_index=True)  # groupby "first": the first name given
        unset = pd.isna(card_name[firsts])
        card_name[firsts[unset]] = name[named[at[unset]]]
        copies = _grow(copies, groups, np.iinfo(np.int64).min)
        np.maximum.at(copies, group[counted], ok["copies"].to_numpy(dtype=np.int64)[counted])
        timed = (entered > 0) & ~np.isnan(first) & counted
        turn_sum = _grow(turn_sum, groups) + np.bincount(group[timed], first[timed], minlength=groups)
        turn_n = _grow(turn_n, groups) + np.bincount(group[timed], minlength=groups)
    found = list(keys.index)
    out = pd.DataFrame({"deck": np.array([k[0] for k in found], dtype=object),
                        "card_id": np.array([k[1] for k in found], dtype=object),
                        "card_name": card_name, "copies": copies})
    figures: dict[str, stats.Tally] = {}
    for key in names:
        figures[key] = t = _grown(tallies[key], len(found))
        out[key] = t.games
        out[f"{key}_wr"], out[f"{key}_low"], out[f"{key}_high"] = t.rates()
        out[f"{key}_small"] = out[key] < min_sample
    holdable = out["gih"].to_numpy() > 0
    out["holdable"] = holdable
    for key in ("gns",):  # "not seen" means nothing for a card no hand can hold: every game would be one
        out.loc[~holdable, key] = 0
        out.loc[~holdable, [f"{key}_wr", f"{key}_low", f"{key}_high"]] = np.nan
    gih, gns = figures["gih"], figures["gns"]
    gns_points = np.where(holdable, gns.points, 0.0)
    gns_games = np.where(holdable, gns.games, 0)
    out["iwd"], out["iwd_low"], out["iwd_high"] = stats.newcombe_interval(gih.points, gih.games, gns_points,
                                                                          gns_games)
    out["play_rate"], out["play_low"], out["play_high"] = stats.rate_interval(out["played"].to_numpy(),
                                                                              out["gih"].to_numpy())
    out["dead"] = stats.dead_card(out["gih"].to_numpy(), out["played"].to_numpy())
    live = out["iwd"].where(~out["dead"])
    out["iwd_rel"] = out["iwd"] - live.groupby(out["deck"], sort=False).transform("median")
    shape = (len(found), strata)
    s1, n1 = (_grown(by_length["gih"], len(found) * strata).points.reshape(shape),
              _grown(by_length["gih"], len(found) * strata).games.reshape(shape))
    s2, n2 = (_grown(by_length["gns"], len(found) * strata).points.reshape(shape),
              _grown(by_length["gns"], len(found) * strata).games.reshape(shape))
    n2 = np.where(holdable[:, None], n2, 0)
    adj, se = stats.stratified_difference(s1, n1, s2, n2)
    out["iwd_adj"], out["iwd_adj_se"] = adj, se
    out["iwd_adj_low"], out["iwd_adj_high"] = adj - stats.Z95 * se, adj + stats.Z95 * se
    out["mean_turn_played"] = stats.rate(turn_sum, turn_n)
    out["small"] = out["gih_small"] | out["gns_small"]
    return out.sort_values(["deck", "iwd_adj", "iwd"], ascending=[True, False, False], na_position="last",
                           kind="stable").reset_index(drop=True)
