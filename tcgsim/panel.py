"""AI panels: the same field played under several AIs on the same seeds, and how far the verdicts agree
(`tcgsim matchups DECKS --ai-panel builder,raider,search`, docs/statistics.md "AI panels").

A ranking of decks is a fact about the decks only if it survives a change of the AI that plays them: in Legend of
Mana switching every deck from `builder` to `raider` once swapped two decks beyond noise. A panel plays the field
once per AI, each into a run folder of its own (every seat of every game played by that AI, the same run seed,
so the same deals), and compares:

- each AI's ranking (first-choice Plackett-Luce strengths, `tcgsim.ranking.fit`);
- the agreement of every two rankings: Kendall's tau-b between their strengths, with a 95% percentile interval
  from a bootstrap over deals drawn *jointly* (the same deals resampled for both AIs: their games share seeds, so
  resampling them apart would overstate the noise);
- reversals: two decks each AI's own bootstrap separates (one above the other in 97.5% of resamples or more),
  in opposite orders;
- flipped matchups: a cell whose 95% interval lies wholly above 50% under one AI and wholly below under another.

The panel disagrees beyond noise when there is a reversal or a flipped matchup; its summary then says so first.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np

from tcgsim import ranking

__all__ = ["Agreement", "Flip", "Member", "Panel", "Reversal", "analyse_panel", "kendall_tau", "panel_lines",
           "member_folder", "write_panel"]

PANEL_JSON = "panel.json"
PANEL_MD = "panel.md"
FORMAT = "tcgsim-panel/1"


def member_folder(panel_dir: Path, ai: str) -> Path:
    """Where the run of one AI of a panel goes: a sub-folder named after the AI (`search:8` -> `search-8`)."""
    return panel_dir / "".join(c if c.isalnum() or c in "-_" else "-" for c in ai)


def kendall_tau(x: Sequence[float] | np.ndarray, y: Sequence[float] | np.ndarray) -> float:
    """Kendall's tau-b of two scorings of the same items: (concordant - discordant) pairs over the geometric mean
    of the pairs untied in each; NaN with fewer than two untied pairs in either."""
    a = np.asarray(x, dtype=float)
    b = np.asarray(y, dtype=float)
    i, j = np.triu_indices(len(a), 1)
    sa = np.sign(a[i] - a[j])
    sb = np.sign(b[i] - b[j])
    untied = np.sqrt(float(np.count_nonzero(sa)) * float(np.count_nonzero(sb)))
    return float(np.sum(sa * sb) / untied) if untied > 0 else float("nan")


@dataclass(frozen=True)
class Member:
    """One AI of the panel: its run and the ranking it gives (best first), with the Elo-scale ratings."""

    ai: str
    folder: str
    order: tuple[str, ...]
    rating: tuple[float, ...]  # in the panel's deck order (`Panel.decks`)


@dataclass(frozen=True)
class Agreement:
    """Kendall's tau-b between two AIs' rankings, with its 95% interval over `resamples` joint resamples."""

    a: str
    b: str
    tau: float
    low: float
    high: float
    resamples: int


@dataclass(frozen=True)
class Reversal:
    """Two decks ranked in opposite orders by two AIs, each order separated by that AI's own bootstrap."""

    upper: str  # the deck AI `a` puts above
    lower: str
    a: str
    b: str
    above_a: float  # P(upper above lower) under a's bootstrap (>= 97.5%)
    above_b: float  # ... under b's (<= 2.5%)


@dataclass(frozen=True)
class Flip:
    """A matchup cell (deck against opponent) won beyond noise under one AI and lost beyond noise under another."""

    deck: str
    opponent: str
    winning_ai: str
    win_rate: float
    win_interval: tuple[float, float]
    losing_ai: str
    lose_rate: float
    lose_interval: tuple[float, float]
    games: int  # the cell's games under each of the two AIs, the smaller


@dataclass(frozen=True)
class Panel:
    decks: tuple[str, ...]
    members: tuple[Member, ...]
    agreements: tuple[Agreement, ...]
    reversals: tuple[Reversal, ...]
    flips: tuple[Flip, ...]
    games_per_member: int

    @property
    def disagrees(self) -> bool:
        """The AIs' verdicts differ beyond noise: a separated pair reversed, or a matchup flipped."""
        return bool(self.reversals or self.flips)

    def to_json(self) -> dict[str, object]:
        return {"format": FORMAT, "disagrees": self.disagrees, **asdict(self)}


@dataclass(frozen=True)
class _RunFigures:
    """What a panel reads of one run: its decks in run order, its field for the strengths (by deal) and its
    matchup cells with their intervals, computed as the run's report computes them."""

    decks: tuple[str, ...]
    field: ranking.Field
    matchups: Any  # pandas DataFrame: deck, opponent, games, win_rate, ci_low, ci_high, ...
    games: int

    @classmethod
    def read(cls, folder: Path) -> _RunFigures:
        from tcgsim.report import metrics as M
        from tcgsim.report.data import as_run

        data = as_run(folder)
        games = data.games.sort_values("game_id", kind="stable").reset_index(drop=True)
        long = M.seat_results(games)
        decks = tuple(str(d["key"]) for d in data.meta["decks"])
        pairs = M.pairwise_results(long)
        matrix = M.head_to_head(pairs, decks)
        return cls(decks, M.field_of(games, long, list(decks)), M.matrix_frame(matrix), len(games))


def _separated(above: float) -> bool:
    return above >= ranking.SEPARATED


def analyse_panel(folders: Sequence[Path], ais: Sequence[str], seed: int,
                  resamples: int = ranking.DEFAULT_RESAMPLES) -> Panel:
    """Compare the complete runs `folders` (one per AI of `ais`, the same field and seeds)."""
    runs = [_RunFigures.read(f) for f in folders]
    decks = runs[0].decks
    if any(r.decks != decks for r in runs):
        raise ValueError("the runs of a panel must play the same decks")
    fields = [r.field for r in runs]
    fits = [ranking.fit(f) for f in fields]
    probs = [ranking.bootstrap(f, seed, resamples) for f in fields]
    members = tuple(
        Member(ai, str(folder), tuple(decks[i] for i in np.argsort(-fit.rating, kind="stable")),
               tuple(float(r) for r in fit.rating))
        for ai, folder, fit in zip(ais, folders, fits, strict=True))
    joint = ranking.joint_bootstrap_ratings(fields, seed, resamples)
    agreements: list[Agreement] = []
    reversals: list[Reversal] = []
    for a in range(len(ais)):
        for b in range(a + 1, len(ais)):
            taus = np.array([kendall_tau(x, y) for x, y in zip(joint[a], joint[b], strict=True)])
            taus = taus[~np.isnan(taus)]
            low, high = (float(np.quantile(taus, 0.025)), float(np.quantile(taus, 0.975))) if len(taus) else \
                (float("nan"), float("nan"))
            agreements.append(Agreement(ais[a], ais[b], kendall_tau(fits[a].rating, fits[b].rating), low, high,
                                        resamples))
            for i in range(len(decks)):  # an ordered pair: each reversed pair matches in one order only
                for j in range(len(decks)):
                    pa, pb = float(probs[a].above[i, j]), float(probs[b].above[i, j])
                    if i != j and _separated(pa) and _separated(1 - pb):
                        reversals.append(Reversal(decks[i], decks[j], ais[a], ais[b], pa, pb))
    flips = _flips(runs, ais)
    games = runs[0].games
    return Panel(decks, members, tuple(agreements), tuple(reversals), tuple(flips), games)


def _flips(runs: Sequence[Any], ais: Sequence[str]) -> list[Flip]:
    """Matchup cells won beyond noise under one AI and lost beyond noise under another (`runs`: anything with a
    `matchups` table of deck, opponent, games, win_rate, ci_low, ci_high)."""
    cells = []
    for run in runs:
        m = run.matchups
        cells.append({(str(r.deck), str(r.opponent)): r for r in m.itertuples()})
    out: list[Flip] = []
    for a, ca in enumerate(cells):
        for b, cb in enumerate(cells):
            if a == b:
                continue
            for key, ra in ca.items():
                rb = cb.get(key)
                if rb is None or not (ra.ci_low > 0.5 and rb.ci_high < 0.5) or key[0] > key[1]:
                    continue  # each unordered cell once: its row deck first in name order
                out.append(Flip(key[0], key[1], ais[a], float(ra.win_rate), (float(ra.ci_low), float(ra.ci_high)),
                                ais[b], float(rb.win_rate), (float(rb.ci_low), float(rb.ci_high)),
                                int(min(ra.games, rb.games))))
    return out


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def panel_lines(p: Panel) -> list[str]:
    """The panel's summary for the terminal and panel.md: the verdict first, then each ranking, the agreements,
    the reversals and the flipped matchups."""
    names = ", ".join(m.ai for m in p.members)
    if p.disagrees:
        lines = [f"The AIs disagree beyond noise ({names}): {len(p.reversals)} separated pair(s) reversed, "
                 f"{len(p.flips)} matchup(s) flipped. Read the win rates as facts about the decks with this AI, "
                 "not about the decks alone."]
    else:
        lines = [f"No disagreement beyond noise between {names}: no separated pair is reversed and no matchup "
                 "flips."]
    lines.append(f"{len(p.decks)} decks, {p.games_per_member:,} games per AI, the same deals for every AI.")
    for m in p.members:
        lines.append(f"  {m.ai:>12}: " + " > ".join(m.order) + f"   ({m.folder})")
    for g in p.agreements:
        lines.append(f"  Kendall tau {g.a} vs {g.b}: {g.tau:+.2f} (95% {g.low:+.2f}..{g.high:+.2f}, "
                     f"{g.resamples} joint resamples of the deals)")
    for r in p.reversals:
        lines.append(f"  reversed: {r.upper} above {r.lower} under {r.a} ({_pct(r.above_a)} of resamples), "
                     f"below under {r.b} ({_pct(1 - r.above_b)} below)")
    for f in p.flips:
        lines.append(f"  flipped: {f.deck} vs {f.opponent}: {_pct(f.win_rate)} ({_pct(f.win_interval[0])}-"
                     f"{_pct(f.win_interval[1])}) under {f.winning_ai}, {_pct(f.lose_rate)} ({_pct(f.lose_interval[0])}"
                     f"-{_pct(f.lose_interval[1])}) under {f.losing_ai}")
    return lines


def write_panel(panel_dir: Path, p: Panel) -> tuple[Path, Path]:
    """panel.json (the figures) and panel.md (the summary) in the panel's folder."""
    js = panel_dir / PANEL_JSON
    md = panel_dir / PANEL_MD
    js.write_text(json.dumps(p.to_json(), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    lines = panel_lines(p)
    md.write_text("# AI panel\n\n**" + lines[0] + "**\n\n" + "\n".join(f"- {x.strip()}" for x in lines[1:]) + "\n",
                  encoding="utf-8")
    return js, md
