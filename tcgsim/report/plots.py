"""The report's plots: PNG files drawn with matplotlib's Agg canvas (no display, no pyplot global state).

Every deck keeps one colour in every plot (`deck_colors`); every end reason keeps one colour too. Each plot has a
title, labelled axes, deck names on the axis or in a legend, and intervals drawn where the numbers have them.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd
from matplotlib import colormaps, rc_context
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.colors import to_hex
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Rectangle

from tcgsim import stats
from tcgsim.report.fonts import plot_families
from tcgsim.report.tables import SHARED_LABEL, ReportTables, readable, reason_label, seat_label, shown_card_name

__all__ = ["Plot", "deck_colors", "draw_all", "plot_jobs", "reason_colors", "slug"]

DPI = 110
_REASON_PALETTE = ["#4c72b0", "#dd8452", "#55a868", "#c44e52", "#8172b3", "#937860", "#da8bc3", "#8c8c8c"]
_FIXED_REASONS = {"turn_limit": "#b0b0b0", "decision_limit": "#707070", "error": "#222222"}


@dataclass(frozen=True)
class Plot:
    """One written plot: its file, a title and the sentence that says what it shows (alt text and caption)."""

    key: str
    path: Path
    title: str
    caption: str


def deck_colors(decks: Sequence[str]) -> dict[str, str]:
    """One colour per deck, in run order (tab10, then tab20 for bigger runs)."""
    cmap = colormaps["tab10" if len(decks) <= 10 else "tab20"]
    n = 10 if len(decks) <= 10 else 20
    return {d: to_hex(cmap(i % n)) for i, d in enumerate(decks)}


def reason_colors(reasons: Sequence[str]) -> dict[str, str]:
    """One colour per end reason: win reasons from a fixed palette in order, draws grey, errors black."""
    out: dict[str, str] = {}
    i = 0
    for r in reasons:
        if r in _FIXED_REASONS:
            out[r] = _FIXED_REASONS[r]
        elif r not in out:
            out[r] = _REASON_PALETTE[i % len(_REASON_PALETTE)]
            i += 1
    return out


def slug(text: str) -> str:
    """A file-name-safe form of a deck key: 'Grove Builder #2' -> 'grove-builder-2'."""
    s = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    return s or "deck"


def _figure(width: float, height: float) -> Figure:
    fig = Figure(figsize=(width, height), dpi=DPI, layout="constrained")
    FigureCanvasAgg(fig)
    return fig


def _save(fig: Figure, path: Path) -> Path:
    # drawn in memory and written in one call: every file of a report goes through Path.write_bytes
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=DPI, facecolor="white")
    path.write_bytes(buffer.getvalue())
    return path


def _ordered_reasons(t: ReportTables) -> list[str]:
    present = list(t.long.drop_duplicates("game_id")["reason"].value_counts().index)
    wins = [r for r in present if r not in _FIXED_REASONS]
    return wins + [r for r in ("turn_limit", "decision_limit", "error") if r in present]


# --- plots ----------------------------------------------------------------------------------------------------

def plot_win_rates(t: ReportTables, colors: dict[str, str], path: Path) -> Plot:
    """Win rate per deck with its interval, and the same by seat (smaller markers), against the fair share."""
    deck = t.deck[t.deck["games"] > 0]
    fig = _figure(8, 1.2 + 0.55 * max(len(deck), 1))
    ax = fig.add_subplot()
    y = np.arange(len(deck))[::-1]
    pos = dict(zip(deck["deck"], y, strict=True))
    n = t.n_players
    markers = ["^", "v", "s", "D"]
    for row in t.deck_seat.itertuples(index=False):
        if row.deck not in pos or not row.games:
            continue
        yy = pos[row.deck] - 0.18 - 0.12 * row.seat  # seats below their deck's dot, in legend order
        ax.errorbar(row.win_rate, yy, xerr=[[row.win_rate - row.ci_low], [row.ci_high - row.win_rate]],
                    fmt=markers[row.seat % 4], color=colors[row.deck], alpha=0.55, ms=5, capsize=2, lw=1)
    for row in deck.itertuples(index=False):
        ax.errorbar(row.win_rate, pos[row.deck], xerr=[[row.win_rate - row.ci_low], [row.ci_high - row.win_rate]],
                    fmt="o", color=colors[row.deck], ms=8, capsize=4, lw=2)
        ax.annotate(f"{100 * row.win_rate:.1f}%  (n={row.games:,})", (row.ci_high, pos[row.deck]),
                    xytext=(6, 0), textcoords="offset points", va="center", fontsize=8)
    fair = float(t.header.get("fair_share", stats.fair_share(n)))  # below 1/n when some games everyone lost
    ax.axvline(fair, color="grey", ls="--", lw=1)
    ax.set_yticks(y, list(deck["deck"]))
    ax.set_xlim(0, 1.08)
    ax.set_xlabel("win rate (draws count as the win shared; 95% Wilson interval)")
    ax.xaxis.set_major_formatter(lambda v, _: f"{100 * v:.0f}%")
    legend = [Line2D([], [], marker="o", color="dimgray", ls="", ms=8, label="all games")]
    legend += [Line2D([], [], marker=markers[s % 4], color="dimgray", alpha=0.6, ls="", label=seat_label(s, n))
               for s in range(n)]
    legend.append(Line2D([], [], color="grey", ls="--", label=f"fair share {100 * fair:.0f}%"))
    ax.legend(handles=legend, loc="lower right", fontsize=8, framealpha=0.9)
    ax.set_title("Win rate per deck, overall and by seat")
    ax.grid(axis="x", alpha=0.3)
    return Plot("win_rates", _save(fig, path), "Win rate per deck",
                "Each deck's win rate over all its games (large dot) and by seat (small markers), with 95% "
                "intervals; the dashed line is the fair share.")


def plot_seats(t: ReportTables, path: Path) -> Plot:
    """The game's own seat advantage: each seat's win rate over all games, with its interval."""
    seat = t.seat
    fig = _figure(6, 3.2)
    ax = fig.add_subplot()
    labels = [f"{seat_label(int(r.seat), int(r.n_players))}\n({int(r.n_players)} players)" if seat["n_players"]
              .nunique() > 1 else seat_label(int(r.seat), int(r.n_players)) for r in seat.itertuples()]
    x = np.arange(len(seat))
    # each bar rises or falls from its seat's fair share: the advantage is the bar, not the height from 0
    fair = seat["fair"].to_numpy(dtype=float)
    gap = seat["win_rate"].to_numpy(dtype=float) - fair
    ax.bar(x, gap, bottom=fair, color=np.where(gap >= 0, "#7f9fbf", "#d99a8a"), width=0.6)
    ax.errorbar(x, seat["win_rate"], yerr=[seat["win_rate"] - seat["ci_low"], seat["ci_high"] - seat["win_rate"]],
                fmt="none", color="black", capsize=5)
    for xi, r in zip(x, seat.itertuples(), strict=True):
        ax.annotate(f"{100 * r.win_rate:.1f}%\n({100 * r.ci_low:.1f}–{100 * r.ci_high:.1f})", (xi, r.ci_high),
                    xytext=(0, 4), textcoords="offset points", ha="center", fontsize=8)
        ax.hlines(r.fair, xi - 0.4, xi + 0.4, colors="grey", linestyles="--", lw=1)
    ax.set_xticks(x, labels)
    if len(seat):  # centred on the fair share (the mean of the seats' shares), with room for the labels
        centre = float(np.mean(fair))
        reach = float(np.nanmax(np.abs(np.r_[seat["ci_low"] - centre, seat["ci_high"] - centre])))
        half = max(reach, 0.02) * 1.35 + 0.04
        ax.set_ylim(centre - half, centre + half)
        ax.axhline(centre, color="grey", lw=0.8)
    ax.yaxis.set_major_formatter(lambda v, _: f"{100 * v:.0f}%")
    ax.set_ylabel("win rate of the seat")
    ax.set_title("Seat advantage: above or below the fair share (dashed)")
    ax.grid(axis="y", alpha=0.3)
    return Plot("seats", _save(fig, path), "Seat advantage",
                "Win rate of each seat over all games with its 95% interval, drawn up or down from the fair share "
                "(the axis is centred on it); seats are rotated on every deal, so this is the game's own "
                "advantage, not a deck's.")


def plot_matchups(t: ReportTables, path: Path) -> Plot:
    """Heatmap of the win rate of the row deck against the column deck, with intervals in the cells."""
    decks = t.decks
    k = len(decks)
    grid = np.full((k, k), np.nan)
    text = [["" for _ in decks] for _ in decks]
    idx = {d: i for i, d in enumerate(decks)}
    for r in t.matchups.itertuples(index=False):
        i, j = idx[r.deck], idx[r.opponent]
        grid[i, j] = r.win_rate
        text[i][j] = f"{100 * r.win_rate:.0f}%\n{100 * r.ci_low:.0f}–{100 * r.ci_high:.0f}\nn={r.games}"
    size = 1.2 + 1.1 * k
    fig = _figure(size + 1.5, size)
    ax = fig.add_subplot()
    im = ax.imshow(grid, cmap="RdBu", vmin=0.2, vmax=0.8)
    for i in range(k):
        ax.add_patch(Rectangle((i - 0.5, i - 0.5), 1, 1, facecolor="#eeeeee", edgecolor="none"))
        for j in range(k):
            if text[i][j]:
                v = grid[i, j]
                ax.text(j, i, text[i][j], ha="center", va="center", fontsize=7.5,
                        color="white" if abs(v - 0.5) > 0.2 else "black")
    ax.set_xticks(range(k), decks, rotation=30, ha="right")
    ax.set_yticks(range(k), decks)
    colors = deck_colors(decks)
    for lab, d in [*zip(ax.get_yticklabels(), decks, strict=True), *zip(ax.get_xticklabels(), decks, strict=True)]:
        lab.set_color(colors[d])
    ax.set_xlabel("opponent")
    ax.set_ylabel("deck")
    cbar = fig.colorbar(im, ax=ax, shrink=0.8)
    cbar.set_label("win rate of the row deck")
    cbar.ax.yaxis.set_major_formatter(lambda v, _: f"{100 * v:.0f}%")
    ax.set_title("Matchups: win rate of row vs column (95% interval, games)")
    return Plot("matchups", _save(fig, path), "Matchup matrix",
                "Win rate of the row deck against the column deck with its 95% interval and the number of games; "
                "blue favours the row deck, red the column deck.")


def plot_ranking(t: ReportTables, colors: dict[str, str], path: Path) -> Plot:
    """The ranking's ratings (Elo scale) with their 95% bootstrap intervals, best first, each with the deck's
    own win rate."""
    r = t.ranking
    own = dict(zip(t.deck["deck"], t.deck["win_rate"], strict=True))
    fig = _figure(7, 1.2 + 0.5 * len(r))
    ax = fig.add_subplot()
    y = np.arange(len(r))[::-1]
    for yi, row in zip(y, r.itertuples(index=False), strict=True):
        half = stats.Z95 * row.rating_se
        ax.errorbar(row.rating, yi, xerr=half, fmt="o", color=colors.get(row.deck, "black"), ms=8, capsize=4, lw=2)
        ax.annotate(f"{row.rating:+.0f}  (win rate {100 * own.get(row.deck, np.nan):.0f}%)", (row.rating + half, yi),
                    xytext=(6, 0), textcoords="offset points", va="center", fontsize=8)
    ax.axvline(0, color="grey", ls="--", lw=1)
    ax.set_yticks(y, list(r["deck"]))
    lo = float((r["rating"] - stats.Z95 * r["rating_se"]).min())
    hi = float((r["rating"] + stats.Z95 * r["rating_se"]).max())
    span = max(hi - lo, 50.0)
    ax.set_xlim(lo - 0.1 * span, hi + 0.6 * span)
    ax.set_xlabel("rating, Elo scale (0 = average deck; +100 ≈ 64% against it)")
    ax.set_title(f"Ranking by strength ({_FIT_WORDS[t.n_players > 2]}, 95% bootstrap interval)")
    ax.grid(axis="x", alpha=0.3)
    return Plot("ranking", _save(fig, path), "Ranking",
                "Each deck's rating on the Elo scale, fitted to every game of the run at once (the first choice of "
                "a Plackett-Luce model: which seated deck won; in two-player games exactly Bradley-Terry), with "
                "95% intervals from a bootstrap over deals; the label is the deck's own win rate.")


_FIT_WORDS = {False: "Bradley-Terry", True: "first-choice Plackett-Luce"}


def turns_words(n_players: int) -> str:
    """Whose turns the game's turn counter counts, in words that fit the player count."""
    return "both players' turns count" if n_players <= 2 else "every player's turn counts"


def plot_game_length(t: ReportTables, rcolors: dict[str, str], path: Path) -> Plot:
    """Turns per game: a histogram stacked by how the game ended, and box plots per matchup."""
    games = t.long.drop_duplicates("game_id")
    reasons = _ordered_reasons(t)
    matchups = [m for m in t.header["matchups"]]
    several = len(matchups) > 1
    fig = _figure(9, 4 + (0.35 * len(matchups) + 0.8 if several else 0))
    axes = fig.subplots(2 if several else 1, 1, squeeze=False,
                        height_ratios=[4, 0.35 * len(matchups) + 0.8] if several else None)[:, 0]
    ax = axes[0]
    tmax = int(games["turns"].max()) if len(games) else 1
    bins = np.arange(0.5, tmax + 1.5, max(1, int(np.ceil(tmax / 60))))
    data = [games.loc[games["reason"] == r, "turns"].to_numpy() for r in reasons]
    ax.hist(data, bins=bins, stacked=True, color=[rcolors[r] for r in reasons],
            label=[f"{reason_label(r)} ({len(d):,})" for r, d in zip(reasons, data, strict=True)])
    ax.set_xlabel(f"turns (the game's turn counter: {turns_words(t.n_players)})")
    ax.set_ylabel("games")
    ax.set_title(f"Game length and how games end ({len(games):,} games)")
    ax.legend(fontsize=8, title="ended by", title_fontsize=8)
    ax.grid(axis="y", alpha=0.3)
    if several:
        bx = axes[1]
        ok = games[games["reason"] != "error"]
        series = [ok.loc[ok["matchup"] == m, "turns"].to_numpy() for m in matchups]
        bx.boxplot(series, orientation="horizontal", tick_labels=matchups, widths=0.6, showfliers=False,
                   medianprops={"color": "black"})
        bx.invert_yaxis()
        bx.set_xlim(ax.get_xlim())
        bx.set_xlabel("turns per matchup (box: quartiles and median; whiskers: 1.5 IQR)")
        bx.tick_params(axis="y", labelsize=8)
        bx.grid(axis="x", alpha=0.3)
    return Plot("game_length", _save(fig, path), "Game length",
                "Turns per game stacked by how the game ended" + (", and the spread per matchup." if several
                                                                    else "."))


def plot_endings(t: ReportTables, colors: dict[str, str], rcolors: dict[str, str], path: Path) -> Plot:
    """For each deck, the share of its games won by each reason, drawn, and lost by each reason."""
    wr = t.wins_reason
    decks = [d for d in t.decks if d in set(t.deck.loc[t.deck["games"] > 0, "deck"])]
    reasons = [r for r in _ordered_reasons(t) if r not in ("turn_limit", "decision_limit", "error")]
    fig = _figure(10, 1.6 + 0.45 * len(decks))
    axes = fig.subplots(1, 2, sharey=True)
    y = np.arange(len(decks))[::-1]
    for ax, result, title in ((axes[0], "win", "How each deck wins"), (axes[1], "loss", "How each deck loses")):
        left = np.zeros(len(decks))
        for reason in reasons:
            share = np.array([wr.loc[(wr["deck"] == d) & (wr["result"] == result) & (wr["reason"] == reason),
                                     "share_of_games"].sum() for d in decks])
            ax.barh(y, share, left=left, color=rcolors[reason], label=reason_label(reason), height=0.7)
            for yi, s, lft in zip(y, share, left, strict=True):
                if s >= 0.06:
                    ax.text(lft + s / 2, yi, f"{100 * s:.0f}%", ha="center", va="center", fontsize=7, color="white")
            left += share
        ax.set_title(title)
        ax.set_xlabel("share of the deck's games")
        ax.xaxis.set_major_formatter(lambda v, _: f"{100 * v:.0f}%")
        ax.set_xlim(0, 1)
        ax.grid(axis="x", alpha=0.3)
    axes[0].set_yticks(y, decks)
    for lab, d in zip(axes[0].get_yticklabels(), decks, strict=True):
        lab.set_color(colors[d])
    handles, labels = axes[0].get_legend_handles_labels()
    fig.legend(handles, labels, loc="outside lower center", ncols=max(1, len(reasons)), fontsize=8)
    return Plot("endings", _save(fig, path), "How decks win and lose",
                "For each deck, the share of its games it won (left) and lost (right) by each win condition; "
                "the rest of the bar to 100% is draws.")


def plot_wins_by_turn(t: ReportTables, colors: dict[str, str], path: Path) -> Plot:
    """Cumulative share of each deck's games won by turn t."""
    fig = _figure(8, 4.2)
    ax = fig.add_subplot()
    for deck in t.decks:
        part = t.cum_wins[t.cum_wins["deck"] == deck]
        if not len(part):
            continue
        ax.step(part["turn"], part["share"], where="post", color=colors[deck], lw=2,
                label=f"{deck} ({100 * part['share'].iloc[-1]:.0f}% won)")
    ax.set_xlabel("turn")
    ax.set_ylabel("share of the deck's games won by this turn")
    ax.yaxis.set_major_formatter(lambda v, _: f"{100 * v:.0f}%")
    ax.set_ylim(0, None)
    ax.set_title("How fast each deck wins: games won by turn t")
    ax.legend(fontsize=8, loc="upper left")
    ax.grid(alpha=0.3)
    return Plot("wins_by_turn", _save(fig, path), "Games won by turn",
                "The share of each deck's games it has won by turn t (all win conditions); the curve's end is the "
                "deck's share of games won.")


def plot_tempo(t: ReportTables, colors: dict[str, str], path: Path) -> Plot:
    """One panel per tempo metric: the mean by turn per deck with its 95% band."""
    metrics = list(dict.fromkeys(t.tempo["metric"]))
    cols = 2 if len(metrics) > 1 else 1
    rows = int(np.ceil(len(metrics) / cols))
    fig = _figure(5.2 * cols, 1.0 + 2.9 * rows)
    axes = np.atleast_1d(fig.subplots(rows, cols, squeeze=False).ravel())
    for ax, metric in zip(axes, metrics, strict=False):
        shared = metric in t.shared_metrics
        # a metric with one value for the whole table (eva's city) is one curve over every game, not one per deck
        part = t.tempo_shared if shared else t.tempo
        part = part[part["metric"] == metric]
        for deck in [SHARED_LABEL] if shared else t.decks:
            d = part[part["deck"] == deck]
            if not len(d):
                continue
            color = "#555555" if shared else colors[deck]
            ax.plot(d["turn"], d["mean"], color=color, lw=1.8, label=None if shared else deck)
            ax.fill_between(d["turn"], d["ci_low"], d["ci_high"], color=color, alpha=0.2, lw=0)
        name = t.metric_label(metric)
        ax.set_title(f"{name} (the same for every player)" if shared else name, fontsize=9, wrap=True)
        ax.set_xlabel("turn")
        ax.set_ylabel(f"mean {readable(metric)}")
        ax.grid(alpha=0.3)
    for ax in axes[len(metrics):]:
        ax.set_visible(False)
    # the decks' legend from a panel that has them (a shared metric's panel has one grey curve)
    handles, labels = next((h for h in (ax.get_legend_handles_labels() for ax in axes) if h[0]), ([], []))
    if labels:
        fig.legend(handles, labels, loc="outside lower center", ncols=min(len(labels), 5), fontsize=9)
    fig.suptitle("Tempo: each metric at the end of every turn, mean over games still running (95% band)",
                 fontsize=11)
    return Plot("tempo", _save(fig, path), "Tempo",
                "Mean of each tempo metric at the end of each turn, per deck, over the games still running, with "
                "a 95% band; turns with few games left are cut" + (
                    "; a metric with the same value for every player (grey) is drawn once, over every game."
                    if t.shared_metrics else "."))


def plot_cards(t: ReportTables, deck: str, color: str, path: Path) -> Plot:
    """Improvement when drawn (IWD) of every card of one deck, with 95% intervals; small samples greyed."""
    part = t.cards[(t.cards["deck"] == deck) & t.cards["iwd"].notna()].sort_values("iwd")
    fig = _figure(8, 1.4 + 0.26 * max(len(part), 1))
    ax = fig.add_subplot()
    y = np.arange(len(part))
    small = part["small"].to_numpy(dtype=bool)
    ax.barh(y, 100 * part["iwd"], color=np.where(small, "#cccccc", color), height=0.7,
            hatch=None, edgecolor=np.where(small, "#999999", color))
    ax.errorbar(100 * part["iwd"], y, xerr=[100 * (part["iwd"] - part["iwd_low"]),
                                            100 * (part["iwd_high"] - part["iwd"])],
                fmt="none", color="black", capsize=2, lw=0.8)
    names = [shown_card_name(n, j) for n, j in zip(part["card_name"], part.get("card_name_ja", [None] * len(part)),
                                                   strict=True)]
    labels = [f"{n} ×{c}" + (" ‡" if s else "") for n, c, s in zip(names, part["copies"], small, strict=True)]
    ax.set_yticks(y, labels, fontsize=8)
    ax.axvline(0, color="black", lw=0.8)
    if len(part):
        median = 100 * float(part["iwd"].median())
        ax.axvline(median, color="grey", ls="--", lw=1, label=f"median card of the deck ({median:+.1f})")
        ax.legend(loc="lower right", fontsize=8)
    ax.set_xlabel(f"IWD: win rate when drawn minus when not drawn (points, 95% interval)\n"
                  f"‡ grey: fewer than {t.min_sample} games drawn or not drawn")
    ax.set_title(f"{deck}: improvement when drawn (IWD) per card")
    ax.grid(axis="x", alpha=0.3)
    return Plot(path.stem, _save(fig, path), f"Cards of {deck}",
                f"Improvement when drawn (GIH WR − GNS WR) of each card of {deck} with its 95% interval; grey "
                f"bars rest on fewer than {t.min_sample} games in one of the two groups; the dashed line is the "
                f"deck's median card.")


def plot_jobs(t: ReportTables) -> list[tuple[str, Callable[[Path], Plot]]]:
    """The plots the run supports, in report order, as (file name, draw into a path): the names are known before
    anything is drawn, so a report can check what it would overwrite first."""
    colors = deck_colors(t.decks)
    rcolors = reason_colors(_ordered_reasons(t))
    jobs: list[tuple[str, Callable[[Path], Plot]]] = []

    def add(name: str, draw: Callable[[Path], Plot]) -> None:
        jobs.append((name, draw))

    if not len(t.long):
        return jobs
    if not (t.deck["games"] > 0).any():  # every game raised: only how games ended is left to draw
        add("game_length.png", lambda p: plot_game_length(t, rcolors, p))
        return jobs
    add("win_rates.png", lambda p: plot_win_rates(t, colors, p))
    add("seats.png", lambda p: plot_seats(t, p))
    if len(t.decks) >= 3 and len(t.matchups):
        add("matchups.png", lambda p: plot_matchups(t, p))
        add("ranking.png", lambda p: plot_ranking(t, colors, p))
    add("game_length.png", lambda p: plot_game_length(t, rcolors, p))
    if len(t.wins_reason):
        add("endings.png", lambda p: plot_endings(t, colors, rcolors, p))
    add("wins_by_turn.png", lambda p: plot_wins_by_turn(t, colors, p))
    if len(t.tempo):
        add("tempo.png", lambda p: plot_tempo(t, colors, p))
    if len(t.cards):
        used: set[str] = set()
        for deck in t.decks:
            if not (t.cards["deck"] == deck).any():
                continue
            name = slug(deck)
            while name in used:
                name += "-x"
            used.add(name)
            add(f"cards_{name}.png", _cards_drawer(t, deck, colors[deck]))
    return jobs


def _cards_drawer(t: ReportTables, deck: str, color: str) -> Callable[[Path], Plot]:
    return lambda path: plot_cards(t, deck, color, path)


def draw_all(t: ReportTables, out_dir: Path) -> list[Plot]:
    """Draw every plot the run supports into out_dir/plots and return them in report order. Only the files
    named by `plot_jobs` are written: nothing else in plots/ is touched."""
    plots_dir = out_dir / "plots"
    plots_dir.mkdir(parents=True, exist_ok=True)
    with rc_context({"font.family": list(plot_families())}):  # Japanese names need the CJK font (fonts.py)
        return [draw(plots_dir / name) for name, draw in plot_jobs(t)]


def plot_frame(plots: Sequence[Plot]) -> pd.DataFrame:
    """The plots as a small table (key, file, title), for summary.json."""
    return pd.DataFrame([{"key": p.key, "file": f"plots/{p.path.name}", "title": p.title} for p in plots])
