"""The statistics of a report: pure functions over the result store's DataFrames (see docs/results.md).

Conventions every function here keeps, and the report states:

- **Score and win rate.** A win counts 1, a loss 0 and a draw (turn limit, decision limit) counts as the win shared
  equally among the players: 1/2 in a two-player game, 1/n in an n-player game. A deck's win rate is its points
  divided by its games, so draws are inside the rate *and* reported separately as a count beside it. Games that
  raised an error are no result: they are left out of every rate and counted on their own.
- **Intervals.** 95% Wilson score intervals for every rate (they stay inside [0, 1] and behave for small samples
  and rates near 0 or 1, unlike the normal approximation); the Newcombe hybrid score interval for a difference of
  two rates (IWD); mean +- 1.96 standard errors for tempo means.
- **Seats.** Seat 0 is the seat that plays first (on the play), seat 1 is on the draw; games of 3-4 players are
  reported as seats 1..n. Every pair of a run is played with the seats rotated, so seat advantage is measured on
  the game itself, not on one deck's strength.
- **Small samples.** A figure built on fewer than `MIN_SAMPLE` games is flagged: its 95% interval is wider than
  about +-14 points, too wide to tell a good card from a bad one.
"""

from __future__ import annotations

from statistics import NormalDist
from typing import Any

import numpy as np
import pandas as pd

__all__ = [
    "MIN_SAMPLE", "Z95", "bradley_terry", "card_stats", "cumulative_wins", "deck_results", "end_reasons",
    "game_lengths", "matchup_matrix", "newcombe_interval", "pairwise_results", "points", "rate_table",
    "seat_advantage", "seat_results", "tempo_curves", "wilson_interval", "wins_by_reason",
]

Z95 = NormalDist().inv_cdf(0.975)  # 1.959964...
MIN_SAMPLE = 50  # below this many games a rate's 95% interval is wider than +-14 points: flagged, not read

ArrayLike = Any  # float, numpy array or pandas Series: every function below is vectorised over its arguments


# --- intervals -----------------------------------------------------------------------------------------------

def wilson_interval(successes: ArrayLike, n: ArrayLike, z: float = Z95) -> tuple[Any, Any]:
    """The Wilson score interval (lower, upper) for `successes` out of `n` (fractional successes allowed, as with
    draws counted as half a win). NaN where n is 0. Vectorised: scalars in, scalars out; arrays in, arrays out.

    Wilson (1927): centre (p + z^2/2n) / (1 + z^2/n), half-width z / (1 + z^2/n) * sqrt(p(1-p)/n + z^2/4n^2).
    """
    s = np.asarray(successes, dtype=float)
    m = np.asarray(n, dtype=float)
    with np.errstate(divide="ignore", invalid="ignore"):
        p = np.where(m > 0, s / m, np.nan)
        denom = 1.0 + z * z / m
        centre = (p + z * z / (2 * m)) / denom
        half = z / denom * np.sqrt(np.clip(p * (1 - p), 0.0, None) / m + z * z / (4 * m * m))
        # the interval holds p exactly; rounding at p = 0 or 1 would put it 1e-17 outside, and a plot's error
        # bar (p - lo, hi - p) would then be negative
        lo = np.where(m > 0, np.clip(np.minimum(centre - half, p), 0.0, 1.0), np.nan)
        hi = np.where(m > 0, np.clip(np.maximum(centre + half, p), 0.0, 1.0), np.nan)
    if lo.ndim == 0:
        return float(lo), float(hi)
    if isinstance(successes, pd.Series):
        return pd.Series(lo, index=successes.index), pd.Series(hi, index=successes.index)
    return lo, hi


def newcombe_interval(s1: ArrayLike, n1: ArrayLike, s2: ArrayLike, n2: ArrayLike,
                      z: float = Z95) -> tuple[Any, Any, Any]:
    """Difference of two independent rates p1 - p2 with its 95% interval (Newcombe 1998, method 10: the hybrid
    score interval built from the two Wilson intervals). Returns (difference, lower, upper); NaN if either n is 0.
    """
    a1, b1 = np.asarray(s1, dtype=float), np.asarray(n1, dtype=float)
    a2, b2 = np.asarray(s2, dtype=float), np.asarray(n2, dtype=float)
    l1, u1 = (np.asarray(v, dtype=float) for v in wilson_interval(a1, b1, z))
    l2, u2 = (np.asarray(v, dtype=float) for v in wilson_interval(a2, b2, z))
    with np.errstate(divide="ignore", invalid="ignore"):
        p1 = np.where(b1 > 0, a1 / b1, np.nan)
        p2 = np.where(b2 > 0, a2 / b2, np.nan)
    d = p1 - p2
    lo = d - np.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2)
    hi = d + np.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)
    if d.ndim == 0:
        return float(d), float(lo), float(hi)
    return d, lo, hi


def rate_table(frame: pd.DataFrame, by: list[str], points: str = "points") -> pd.DataFrame:
    """Games, wins, losses, draws, points, win rate and its Wilson interval per group of a per-seat frame with
    columns `result` (win/loss/draw) and `points`. Error rows must already be removed."""
    res = frame["result"]
    work = pd.DataFrame({
        **{k: frame[k] for k in by},
        "games": 1,
        "wins": (res == "win").astype(int),
        "losses": (res == "loss").astype(int),
        "draws": (res == "draw").astype(int),
        "points": frame[points].astype(float),
    })
    out = work.groupby(by, sort=False, observed=True)[["games", "wins", "losses", "draws", "points"]].sum()
    out = out.reset_index()
    out["win_rate"] = out["points"] / out["games"]
    out["ci_low"], out["ci_high"] = wilson_interval(out["points"], out["games"])
    return out


# --- per seat and per deck --------------------------------------------------------------------------------------

def points(result: pd.Series, n_players: ArrayLike) -> pd.Series:
    """Points of a per-seat result: win 1, loss 0, draw 1/n_players (the win shared), error NaN."""
    n = np.asarray(n_players, dtype=float)
    r = result.astype(object).to_numpy()
    out = np.where(r == "win", 1.0, np.where(r == "loss", 0.0, np.where(r == "draw", 1.0 / n, np.nan)))
    return pd.Series(out, index=result.index, dtype=float)


def seat_results(games: pd.DataFrame) -> pd.DataFrame:
    """One row per game and seat: game_id, matchup, seat, deck, ai, n_players, result (win, loss, draw, error),
    points, winner_deck, reason, turns. The long form every per-deck statistic is grouped from."""
    n_players = games["n_players"].astype(int)
    winner = games["winner_seat"].astype("Float64").to_numpy(dtype=float, na_value=np.nan)
    is_error = (games["reason"].astype(object) == "error").to_numpy(copy=True)
    if "error" in games:
        is_error = is_error | games["error"].notna().to_numpy()
    max_seats = int(n_players.max()) if len(games) else 2
    parts = []
    for seat in range(max_seats):
        present = (n_players > seat).to_numpy()
        result = np.where(is_error, "error", np.where(np.isnan(winner), "draw",
                                                      np.where(winner == seat, "win", "loss")))
        part = pd.DataFrame({
            "game_id": games["game_id"].to_numpy(),
            "matchup": games["matchup"].astype(object).to_numpy(),
            "seat": seat,
            "deck": games[f"deck_{seat}"].astype(object).to_numpy(),
            "ai": games[f"ai_{seat}"].astype(object).to_numpy() if f"ai_{seat}" in games else None,
            "n_players": n_players.to_numpy(),
            "result": result,
            "winner_deck": games["winner_deck"].astype(object).to_numpy(),
            "reason": games["reason"].astype(object).to_numpy(),
            "turns": games["turns"].astype(int).to_numpy(),
        })[present]
        parts.append(part)
    long = pd.concat(parts, ignore_index=True) if parts else pd.DataFrame(
        columns=["game_id", "matchup", "seat", "deck", "ai", "n_players", "result", "winner_deck", "reason", "turns"])
    long["points"] = points(long["result"], long["n_players"])
    return long.sort_values(["game_id", "seat"], kind="stable").reset_index(drop=True)


def deck_results(long: pd.DataFrame, by_seat: bool = False) -> pd.DataFrame:
    """Per deck (and seat): games, wins, losses, draws, win rate with its Wilson interval, and errors (games that
    raised, outside every rate). `long` is `seat_results(games)`."""
    keys = ["deck", "seat"] if by_seat else ["deck"]
    ok = long[long["result"] != "error"]
    out = rate_table(ok, keys)
    errors = long[long["result"] == "error"].groupby(keys, sort=False).size().rename("errors")
    out = out.merge(errors.reset_index(), on=keys, how="outer")
    for col in ("games", "wins", "losses", "draws", "errors"):
        out[col] = out[col].fillna(0).astype(int)
    out["points"] = out["points"].fillna(0.0)
    return out.sort_values(keys, kind="stable").reset_index(drop=True)


def seat_advantage(long: pd.DataFrame) -> pd.DataFrame:
    """Per number of players and seat: the seat's win rate over all games with its interval, the fair share
    (1/n) and the advantage (rate - fair share, with the interval shifted alike). Deals are played with the seats
    rotated, so deck strength cancels out and what remains is the game's own seat advantage."""
    ok = long[long["result"] != "error"]
    out = rate_table(ok, ["n_players", "seat"])
    fair = 1.0 / out["n_players"].astype(float)
    out["fair"] = fair
    out["advantage"] = out["win_rate"] - fair
    out["adv_low"] = out["ci_low"] - fair
    out["adv_high"] = out["ci_high"] - fair
    return out.sort_values(["n_players", "seat"]).reset_index(drop=True)


# --- matchups and ranking -------------------------------------------------------------------------------------

def pairwise_results(long: pd.DataFrame) -> pd.DataFrame:
    """Head-to-head results: one row per game and ordered pair of different decks in it (`deck`, `opponent`),
    with `result` from `deck`'s side and its points. In a game of 3-4 players a pair counts only when one of the
    two won (a win/loss) or nobody did (a draw, half a point each); games another deck won say nothing about the
    pair and are left out. Errors are left out."""
    ok = long.loc[long["result"] != "error", ["game_id", "deck", "result"]]
    pairs = ok.merge(ok, on="game_id", suffixes=("", "_opp"))
    pairs = pairs[pairs["deck"] != pairs["deck_opp"]]
    a, b = pairs["result"].to_numpy(), pairs["result_opp"].to_numpy()
    keep = (a == "win") | (b == "win") | ((a == "draw") & (b == "draw"))
    pairs = pairs[keep]
    return pd.DataFrame({
        "game_id": pairs["game_id"].to_numpy(),
        "deck": pairs["deck"].to_numpy(),
        "opponent": pairs["deck_opp"].to_numpy(),
        "result": pairs["result"].to_numpy(),
        "points": np.where(pairs["result"] == "win", 1.0, np.where(pairs["result"] == "draw", 0.5, 0.0)),
    })


def matchup_matrix(pairs: pd.DataFrame) -> pd.DataFrame:
    """Long matchup table: per (deck, opponent) the games, wins, losses, draws, win rate of `deck` against
    `opponent` (draws as half) and its Wilson interval. Pivot `win_rate` on deck x opponent for the matrix."""
    out = rate_table(pairs, ["deck", "opponent"])
    return out.sort_values(["deck", "opponent"]).reset_index(drop=True)


def _strongly_connected(beats: np.ndarray) -> bool:
    """Whether every deck reaches every other along 'scored points against' edges (the condition for the
    Bradley-Terry maximum-likelihood strengths to exist and be finite)."""
    k = beats.shape[0]
    reach = (beats > 0) | np.eye(k, dtype=bool)
    for _ in range(max(1, int(np.ceil(np.log2(max(k, 2)))) + 1)):
        reach = reach | ((reach.astype(int) @ reach.astype(int)) > 0)
    return bool(reach.all())


def bradley_terry(matrix: pd.DataFrame, prior: float | None = None, tol: float = 1e-10,
                  max_iter: int = 100_000) -> pd.DataFrame:
    """Bradley-Terry strengths from a `matchup_matrix` (P(i beats j) = s_i / (s_i + s_j); draws as half a win
    each way), fitted by maximum likelihood with Hunter's (2004) MM iteration, scaled to geometric mean 1.

    Columns: deck, strength, rating (the same on the Elo scale: 400 log10 s, mean 0), rating_se (from the Fisher
    information), expected (win probability against a deck of average strength), games, regularised. The maximum
    likelihood estimate is finite only if no group of decks scored nothing against the rest; if that happens (a
    deck that never lost, say) `prior` virtual draws are added between every pair (default: one) and
    `regularised` is True. Pass `prior` to always add it.
    """
    decks = sorted(set(matrix["deck"]) | set(matrix["opponent"]))
    k = len(decks)
    index = {d: i for i, d in enumerate(decks)}
    wins = np.zeros((k, k))
    games = np.zeros((k, k))
    rows = matrix["deck"].map(index).to_numpy()
    cols = matrix["opponent"].map(index).to_numpy()
    np.add.at(wins, (rows, cols), matrix["points"].to_numpy(dtype=float))
    np.add.at(games, (rows, cols), matrix["games"].to_numpy(dtype=float))
    games = np.maximum(games, games.T)  # the matrix lists each pair from both sides; keep one count
    played = games.sum(axis=1)
    regularised = False
    if prior is None and k > 1 and not _strongly_connected(wins):
        prior = 1.0
    if prior:
        off = 1.0 - np.eye(k)
        wins = wins + 0.5 * prior * off
        games = games + prior * off
        regularised = True
    s = np.ones(k)
    total = wins.sum(axis=1)
    for _ in range(max_iter):
        denom = (games / (s[:, None] + s[None, :])).sum(axis=1)
        with np.errstate(divide="ignore", invalid="ignore"):
            new = np.where(denom > 0, total / denom, 1.0)
        new = new / np.exp(np.mean(np.log(np.clip(new, 1e-300, None))))
        if np.max(np.abs(new - s)) < tol * max(1.0, float(np.max(new))):
            s = new
            break
        s = new
    theta = np.log(s)
    q = s[:, None] / (s[:, None] + s[None, :])
    w = games * q * q.T
    info = np.diag(w.sum(axis=1)) - w
    cov = np.linalg.pinv(info) if k > 1 else np.zeros((1, 1))
    scale = 400.0 / np.log(10.0)
    return pd.DataFrame({
        "deck": decks,
        "strength": s,
        "rating": scale * (theta - theta.mean()),
        "rating_se": scale * np.sqrt(np.clip(np.diag(cov), 0.0, None)),
        "expected": s / (s + 1.0),
        "games": played.astype(int),
        "regularised": regularised,
    })


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
    counts["share"] = counts["games"] / totals
    counts["ci_low"], counts["ci_high"] = wilson_interval(counts["games"], totals)
    counts["of"] = totals
    return counts.sort_values([by, "games"], ascending=[True, False], kind="stable").reset_index(drop=True)


def wins_by_reason(long: pd.DataFrame) -> pd.DataFrame:
    """Per deck, result (win/loss) and reason: games, share of the deck's games (errors excluded), share of its
    wins (or losses), and the median and quartiles of the turn it happened."""
    ok = long[long["result"] != "error"]
    played = ok.groupby("deck").size().rename("deck_games")
    decided = ok[ok["result"].isin(["win", "loss"])]
    g = decided.groupby(["deck", "result", "reason"], sort=False)["turns"]
    out = g.agg(games="count", median_turn="median").reset_index()
    out["q25_turn"] = g.quantile(0.25).to_numpy()
    out["q75_turn"] = g.quantile(0.75).to_numpy()
    out = out.merge(played.reset_index(), on="deck")
    out["share_of_games"] = out["games"] / out["deck_games"]
    out["of_result"] = out.groupby(["deck", "result"])["games"].transform("sum")
    out["share_of_result"] = out["games"] / out["of_result"]
    out["ci_low"], out["ci_high"] = wilson_interval(out["games"], out["of_result"])
    return out.sort_values(["deck", "result", "games"], ascending=[True, False, False], kind="stable") \
        .reset_index(drop=True)


def cumulative_wins(long: pd.DataFrame, max_turn: int | None = None) -> pd.DataFrame:
    """Per deck and turn t = 1..max_turn: the share of the deck's games (errors excluded) it has won by turn t,
    i.e. won in a game that ended at turn <= t. The curve's end is the deck's plain share of games won."""
    ok = long[long["result"] != "error"]
    if not len(ok):
        return pd.DataFrame({"deck": pd.Series(dtype=object), "turn": pd.Series(dtype=int),
                             "won": pd.Series(dtype=int), "games": pd.Series(dtype=int),
                             "share": pd.Series(dtype=float)})
    if max_turn is None:
        max_turn = int(ok["turns"].max())
    played = ok.groupby("deck").size()
    wins = ok[ok["result"] == "win"]
    counts = wins.groupby(["deck", "turns"]).size().unstack(fill_value=0)
    counts = counts.reindex(index=played.index, columns=range(1, max_turn + 1), fill_value=0)
    cum = counts.cumsum(axis=1)
    out = cum.stack().rename("won").reset_index()
    out.columns = ["deck", "turn", "won"]
    out["games"] = out["deck"].map(played)
    out["share"] = out["won"] / out["games"]
    return out


# --- tempo ----------------------------------------------------------------------------------------------------

def tempo_curves(tempo: pd.DataFrame, metrics: list[str] | None = None, min_games: int = 10) -> pd.DataFrame:
    """Per deck, metric and turn: the number of games still running, the mean with a 95% band (mean +- 1.96
    standard errors) and the standard deviation. Turns with fewer than `min_games` running games are left out
    (the tail of long games says little). Means are over games still running at that turn."""
    if metrics is None:
        metrics = [c for c in tempo.columns if c not in ("game_id", "turn", "seat", "deck")]
    frames = []
    grouped = tempo.groupby([tempo["deck"].astype(object), "turn"], sort=True)
    for metric in metrics:
        agg = grouped[metric].agg(["count", "mean", "std"])
        agg = agg[agg["count"] >= min_games].reset_index()
        se = agg["std"].fillna(0.0) / np.sqrt(agg["count"])
        frames.append(pd.DataFrame({
            "deck": agg["deck"], "metric": metric, "turn": agg["turn"].astype(int), "games": agg["count"],
            "mean": agg["mean"], "std": agg["std"], "ci_low": agg["mean"] - Z95 * se,
            "ci_high": agg["mean"] + Z95 * se,
        }))
    if not frames:
        return pd.DataFrame(columns=["deck", "metric", "turn", "games", "mean", "std", "ci_low", "ci_high"])
    return pd.concat(frames, ignore_index=True)


# --- cards ----------------------------------------------------------------------------------------------------

def card_stats(cards: pd.DataFrame, n_players: pd.Series | None = None, min_sample: int = MIN_SAMPLE
               ) -> pd.DataFrame:
    """17lands / HSReplay-style card figures per deck and card, each with its sample size:

    - `gp`: games the card was in the deck; `gp_wr` the deck's win rate in them.
    - `oh`: games with a copy in the opening hand; `oh_wr`.
    - `gd`: games where a copy was drawn after the opening hand (drawn > in_opening_hand); `gd_wr`.
    - `gih`: games in hand (opening hand or drawn later: drawn >= 1); `gih_wr`.
    - `gns`: games not seen (drawn == 0); `gns_wr`.
    - `iwd` = gih_wr - gns_wr, "improvement when drawn", with its Newcombe interval `iwd_low`, `iwd_high`.
    - `played`: games with a copy played; `played_wr`; `mean_turn_played` (first copy played, mean over those).
    - `small`: True when the GIH or GNS sample is under `min_sample` (IWD not readable), and per-figure flags
      `<fig>_small`.

    Win rates use points (draws as the win shared, 1/n); error games are left out. `n_players` maps game_id to the
    game's player count (default 2) for draw points.
    """
    res = cards["result"].astype(object)
    ok = cards[(res != "error").to_numpy()]
    if n_players is not None:
        n = ok["game_id"].map(n_players).fillna(2).to_numpy(dtype=float)
    else:
        n = np.full(len(ok), 2.0)
    pts = points(ok["result"], n).to_numpy()
    drawn = ok["drawn"].to_numpy(dtype=int)
    opening = ok["in_opening_hand"].to_numpy(dtype=int)
    played = ok["played"].to_numpy(dtype=int)
    first = ok["first_turn_played"].astype("Float64").to_numpy(dtype=float, na_value=np.nan)
    masks = {
        "gp": np.ones(len(ok), dtype=bool),
        "oh": opening > 0,
        "gd": drawn > opening,
        "gih": drawn > 0,
        "gns": drawn == 0,
        "played": played > 0,
    }
    work = pd.DataFrame({"deck": ok["deck"].astype(object).to_numpy(),
                         "card_id": ok["card_id"].astype(object).to_numpy(),
                         "card_name": ok["card_name"].astype(object).to_numpy(),
                         "copies": ok["copies"].to_numpy(dtype=int)})
    for key, mask in masks.items():
        work[key] = mask.astype(int)
        work[f"{key}_pts"] = np.where(mask, pts, 0.0)
    work["turn_sum"] = np.where(masks["played"] & ~np.isnan(first), first, 0.0)
    work["turn_n"] = (masks["played"] & ~np.isnan(first)).astype(int)
    value_cols = [c for c in work.columns if c not in ("deck", "card_id", "card_name", "copies")]
    g = work.groupby(["deck", "card_id"], sort=False)
    out = g[value_cols].sum()
    meta = g[["card_name", "copies"]].agg({"card_name": "first", "copies": "max"})
    out = meta.join(out).reset_index()
    for key in masks:
        with np.errstate(divide="ignore", invalid="ignore"):
            out[f"{key}_wr"] = np.where(out[key] > 0, out[f"{key}_pts"] / out[key], np.nan)
        out[f"{key}_low"], out[f"{key}_high"] = wilson_interval(out[f"{key}_pts"], out[key])
        out[f"{key}_small"] = out[key] < min_sample
    out["iwd"], out["iwd_low"], out["iwd_high"] = newcombe_interval(out["gih_pts"], out["gih"], out["gns_pts"],
                                                                    out["gns"])
    with np.errstate(divide="ignore", invalid="ignore"):
        out["mean_turn_played"] = np.where(out["turn_n"] > 0, out["turn_sum"] / out["turn_n"], np.nan)
    out["small"] = out["gih_small"] | out["gns_small"]
    out = out.drop(columns=[c for c in out.columns if c.endswith("_pts")] + ["turn_sum", "turn_n"])
    return out.sort_values(["deck", "iwd"], ascending=[True, False], na_position="last", kind="stable") \
        .reset_index(drop=True)
