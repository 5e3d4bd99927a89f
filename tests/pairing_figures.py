"""How much the pairing of a run's games reduces variance: `python -m tests.pairing_figures RUN_DIR...`.

Reads games.parquet and cards.parquet of each run folder directly (any run format: a folder written before the
deals were keyed by deck reads as well) and prints, per folder:

- the share of a deck's games whose opening hand (cards.parquet `in_opening_hand`) equals the same deck's in the
  pair's rotation-0 game;
- rho, the within-pair correlation of a deck's score (win 1, draw 1/n, loss 0) across the rotations of its pair:
  the one-way intraclass correlation over groups (matchup, pair, matchup position), after taking out each
  (matchup, position, rotation) mean so that neither the matchup's balance nor the seat advantage counts as
  correlation; its 95% interval from Fisher's z for the intraclass correlation (k games a group, N pairs, since
  the decks of one pair are not independent:
  z = 0.5 ln((1 + (k-1) r) / (1 - r)), se = sqrt(k / (2 (k-1) (N-2))));
- the games needed to separate two decks at 80% power (two-sided 5%) when the true head-to-head rate is 55%:
  independent games need n = (z_.975 + z_.80)^2 s2 / d^2, d = 0.05 and s2 the per-game score variance; games
  played in pairs of k with correlation rho need n (1 + (k-1) rho) (the design effect of the clustered games);
- the pairs needed to detect a first-player edge of 5 points (the play-minus-draw difference of a deck's score)
  when the play and draw games are paired: 2 s2 (1 - rho) (z + z)^2 / d^2, against 2 s2 (z + z)^2 / d^2 for
  play and draw games from independent deals (two-player runs).
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

import numpy as np
import pandas as pd

Z = 1.959964 + 0.841621  # z_.975 + z_.80: a two-sided 5% test at 80% power
EDGE = 0.05  # the difference to detect: a 55:45 matchup, or a 5-point first-player edge


def deck_scores(games: pd.DataFrame) -> pd.DataFrame:
    """One row per game and seat: matchup_id, pair, rotation, position (the deck's matchup position), score."""
    rows = []
    for seat in range(int(games["n_players"].max())):
        present = games[games["n_players"] > seat]
        n = present["n_players"].to_numpy(dtype=int)
        winner = present["winner_seat"].astype("Float64").to_numpy(dtype=float, na_value=np.nan)
        ok = present["error"].isna().to_numpy() if "error" in present else np.ones(len(present), dtype=bool)
        score = np.where(np.isnan(winner), 1.0 / n, (winner == seat).astype(float))
        rows.append(pd.DataFrame({
            "matchup_id": present["matchup_id"].to_numpy(), "pair": present["pair"].to_numpy(),
            "rotation": present["rotation"].to_numpy(), "n": n,
            "position": (seat + present["rotation"].to_numpy()) % n, "score": score, "ok": ok,
            "deck": present[f"deck_{seat}"].astype(object).to_numpy(), "game_id": present["game_id"].to_numpy(),
        }))
    out = pd.concat(rows, ignore_index=True)
    return out[out["ok"]].drop(columns="ok")


def same_opening_hands(cards: pd.DataFrame, games: pd.DataFrame) -> tuple[int, int]:
    """(games whose deck opened with the same hand as in its pair's rotation-0 game, games compared)."""
    seat_pos = deck_scores(games)[["game_id", "position", "matchup_id", "pair", "rotation", "n"]]
    held = cards[cards["in_opening_hand"] > 0]
    hands = (held.sort_values("card_id").groupby(["game_id", "seat"])
             .apply(lambda g: tuple(zip(g["card_id"], g["in_opening_hand"], strict=True)), include_groups=False)
             .rename("hand").reset_index())
    seat_pos = seat_pos.assign(seat=(seat_pos["position"] - seat_pos["rotation"]) % seat_pos["n"])
    merged = seat_pos.merge(hands, on=["game_id", "seat"], how="left")
    first = merged[merged["rotation"] == 0].set_index(["matchup_id", "pair", "position"])["hand"]
    later = merged[merged["rotation"] > 0]
    base = first.reindex(pd.MultiIndex.from_frame(later[["matchup_id", "pair", "position"]])).to_numpy()
    return int(sum(a == b for a, b in zip(later["hand"].to_numpy(), base, strict=True))), len(later)


def within_pair(scores: pd.DataFrame) -> tuple[float, float, float, int, int, float]:
    """(rho, low, high, groups N, games per group k, per-game score variance s2)."""
    cell = scores.groupby(["matchup_id", "position", "rotation"])["score"].transform("mean")
    x = scores.assign(resid=scores["score"] - cell)
    k = int(x.groupby(["matchup_id", "pair", "position"]).size().mode().iloc[0])
    groups = x.groupby(["matchup_id", "pair", "position"])["resid"]
    sizes = groups.size()
    keep = sizes[sizes == k].index
    x = x.set_index(["matchup_id", "pair", "position"]).loc[keep].reset_index()
    groups = x.groupby(["matchup_id", "pair", "position"])["resid"]
    means = groups.mean()
    n_groups = len(means)
    grand = x["resid"].mean()
    msb = k * float(((means - grand) ** 2).sum()) / (n_groups - 1)
    msw = float(((x["resid"] - groups.transform("mean")) ** 2).sum()) / (n_groups * (k - 1))
    rho = (msb - msw) / (msb + (k - 1) * msw)
    z = 0.5 * math.log((1 + (k - 1) * rho) / (1 - rho))
    # the decks of one pair are not independent (their scores sum to 1): the interval counts pairs, not decks
    n_pairs = x.groupby(["matchup_id", "pair"]).ngroups
    se = math.sqrt(k / (2 * (k - 1) * (n_pairs - 2)))

    def back(v: float) -> float:
        return (math.exp(2 * v) - 1) / (math.exp(2 * v) + k - 1)

    s2 = float(x["resid"].var(ddof=1))
    return rho, back(z - 1.96 * se), back(z + 1.96 * se), n_groups, k, s2


def figures(folder: Path) -> list[str]:
    games = pd.read_parquet(folder / "games.parquet")
    cards = pd.read_parquet(folder / "cards.parquet", columns=["game_id", "seat", "card_id", "in_opening_hand"])
    scores = deck_scores(games)
    same, compared = same_opening_hands(cards, games)
    rho, low, high, n_groups, k, s2 = within_pair(scores)
    independent = Z ** 2 * s2 / EDGE ** 2
    paired = independent * (1 + (k - 1) * rho)
    lines = [
        f"{folder}: {games['game'].iloc[0]}, {len(games):,} games, {games['matchup_id'].nunique()} matchups, "
        f"{k} games a pair",
        f"  same opening hand as in the pair's rotation-0 game: {same:,} of {compared:,} "
        f"({100 * same / max(compared, 1):.1f}%)",
        f"  within-pair correlation of a deck's score: rho = {rho:+.3f} (95% CI {low:+.3f} to {high:+.3f}), "
        f"{n_groups:,} deck-pairs, score variance {s2:.4f}",
        f"  games to separate a 55:45 matchup at 80% power: independent games {independent:,.0f}; "
        f"in pairs (x{1 + (k - 1) * rho:.3f}) {paired:,.0f} "
        f"[{independent * (1 + (k - 1) * low):,.0f} to {independent * (1 + (k - 1) * high):,.0f}]",
    ]
    if k == 2:
        unpaired = 2 * s2 * Z ** 2 / EDGE ** 2
        lines.append(f"  deals to detect a 5-point first-player edge: independent deals {unpaired:,.0f}; "
                     f"paired play/draw (x{1 - rho:.3f}) {unpaired * (1 - rho):,.0f}")
    return lines


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__.strip().splitlines()[0], file=sys.stderr)
        return 2
    for arg in argv:
        for line in figures(Path(arg)):
            print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
