"""Did my edit help? Two runs of the same deals, one deck edited between them, compared game for game.

A run's plan (which decks meet, in which seats, with which seed) is a pure function of its run seed and settings
(tcgsim/sim/seeds.py), so a second run made with the same seed and plan (`tcgsim simulate ... --baseline RUN`)
plays every deal of the first again. A deck edited between them (its file's sha256 differs) then meets the same
deals in both runs, and the question "did the edit help?" becomes a paired one: for each pair of games (one deal,
every seat rotation of it) the deck's points in run B minus its points in run A. Those per-pair differences are
independent (each pair has its own seed), so their mean has a Student t interval; the games within a pair are
not independent (they share a deal), which is why the pair, not the game, is the unit. In a 3-4 player run (one
matchup of all the decks, `tcgsim simulate`) a pair is the deal's n rotations, and the unit is the same.

Per opponent, the figure is the head-to-head one of the matrix (stats.seat_pairs: two decks of a game meet when
one of them won or nobody did; a game a third deck won is no head-to-head of the two), paired over the games
where the two met in both runs. Those rows are several tests at once: their verdicts come from Holm-adjusted
p-values (tcgsim.ranking.holm) over the deck's opponents, while their intervals stay the plain 95% ones.

The library half of `tcgsim compare`: `compare_runs(a, b)` reads two complete run folders, refuses runs that do
not pair (RunsDoNotPair, one line naming what differs), and returns a `Comparison` of typed records that the
command prints as text (`Comparison.lines`) or JSON (`Comparison.to_json`). `check_baseline` is the same pairing
test for a run about to start with `--baseline RUN`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass, replace
from enum import StrEnum
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

import numpy as np

from tcgsim import stats
from tcgsim.ranking import holm
from tcgsim.sim.errors import EXIT_PROBLEM, EXIT_USAGE, SimError
from tcgsim.sim.store import RUN_JSON, RunMeta, RunStatus, meta_from_json, read_meta, tables_exist
from tcgsim.sim.worker import MAX_SEATS
from tcgsim.terminal import table_lines

if TYPE_CHECKING:
    from tcgsim.engine import GameOptions
    from tcgsim.sim import RunConfig

__all__ = ["METHOD", "NotARun", "PlayedGames", "RunsDoNotPair", "Verdict", "Difference", "MatchupDifference",
           "DeckComparison", "Comparison", "BaselineSettings", "read_complete_run", "read_games",
           "pairing_differences", "baseline_settings", "check_baseline", "paired_difference", "paired_t_p",
           "holm_corrected", "compare_runs"]

METHOD = ("paired by deal: for each pair of games (one deal, every seat rotation) the deck's points in B minus "
          "its points in A, averaged over the pair's games; the mean of those per-pair differences with its 95% "
          "Student t interval (n pairs, n - 1 degrees of freedom). A game that raised in either run is left out. "
          "Per opponent: the head-to-head result (as in the matrix: the two met when one of them won or nobody "
          "did), paired over the games where they met in both runs; the interval is the plain 95% one, the "
          "verdict is from the Holm-adjusted p-value (two-sided paired t) over the deck's opponents.")
ALPHA = 0.05  # the level of every verdict: 1 - the intervals' 95%


class NotARun(SimError):
    """A folder given to compare (or as --baseline) that is missing, is not a run folder, or has not finished."""

    exit_status: ClassVar[int] = EXIT_PROBLEM


class RunsDoNotPair(SimError):
    """Two runs whose games are not the same deals (another seed, plan, game, options or agents)."""

    exit_status: ClassVar[int] = EXIT_USAGE


class Verdict(StrEnum):
    """What the test says about the edit: a difference is claimed only when the 95% interval excludes 0 (the
    overall figure), or, for a per-opponent row, when its Holm-adjusted p-value is under 0.05."""

    HELPED = "helped"
    HURT = "hurt"
    NONE = "none"  # the interval holds 0: no measurable difference
    TOO_FEW = "too_few"  # under two pairs there is no interval


# --------------------------------------------------------------------------------------------------- records


@dataclass(frozen=True)
class Difference:
    """One deck's paired difference over a set of pairs: its win rate in A and in B over the paired games, and
    the mean per-pair difference B - A (as a fraction: 0.041 is 4.1 points) with its 95% t interval and the
    two-sided p-value of the same paired t test (p < 0.05 exactly when the interval excludes 0)."""

    pairs: int  # pairs with at least one game that had a result in both runs
    games: int  # the games of those pairs, counted once (a game of A with its twin in B)
    left_out: int  # games that raised in either run: no result to pair
    win_rate_a: float  # points / games in A over the paired games (NaN without games)
    win_rate_b: float
    difference: float  # mean over pairs of (points in B - points in A); B - A exactly when no game raised
    ci_low: float  # 95% t interval; NaN with fewer than two pairs
    ci_high: float
    verdict: Verdict
    p_value: float = math.nan  # two-sided paired t test of "no difference"; NaN with fewer than two pairs

    def verdict_line(self) -> str:
        """'the edit helped: +4.1 points (95% +1.2..+7.0), 2,000 paired games' and the like."""
        games = f"{self.games:,} paired game{'s' * (self.games != 1)}"
        if self.verdict is Verdict.TOO_FEW:
            return f"too few pairs to tell ({self.pairs}; an interval needs two): {_points(self.difference)}, {games}"
        head = {Verdict.HELPED: "the edit helped", Verdict.HURT: "the edit hurt",
                Verdict.NONE: "no measurable difference"}[self.verdict]
        return f"{head}: {_points(self.difference)} (95% {_interval(self.ci_low, self.ci_high)}), {games}"


@dataclass(frozen=True)
class MatchupDifference:
    """The deck's paired head-to-head difference against one opponent within one matchup: in a two-player
    matchup the matchup itself, in a 3-4 player one a row per other deck of it.

    The results are head to head as in the matrix (stats.seat_pairs): the two met in a game when one of them won
    or nobody did (an all-lose game is a draw between them), scored as a two-player game; only the games where
    they met in both runs pair (`not_met` counts the others, where a third deck won in A or in B). The
    difference's interval is the plain 95% one; its verdict is from `p_holm`, the p-value Holm-adjusted over the
    deck's opponents (`holm_corrected`): with one opponent that is the plain test."""

    matchup_id: int
    matchup: str  # run B's name of the matchup ("Firestorm vs Night Raid")
    opponents: tuple[str, ...]  # run B's key of the opponent (one: a row is one opponent)
    difference: Difference
    not_met: int = 0  # games with a result in both runs where the two did not meet in A or in B
    p_holm: float = math.nan  # difference.p_value Holm-adjusted over the deck's rows; NaN: under two pairs

    @property
    def opponent(self) -> str:
        return ", ".join(self.opponents)


@dataclass(frozen=True)
class DeckComparison:
    """A deck that differs between the runs (at the same place in the run's deck list), and what the edit did."""

    position: int  # index in the runs' deck lists
    key_a: str
    key_b: str
    sha256_a: str
    sha256_b: str
    overall: Difference
    matchups: tuple[MatchupDifference, ...]  # one per opponent (per matchup and opponent), Holm-corrected

    @property
    def holm_family(self) -> int:
        """How many rows the Holm correction was over: those with a p-value (two pairs or more)."""
        return sum(math.isfinite(m.p_holm) for m in self.matchups)

    @property
    def label(self) -> str:
        return self.key_b if self.key_a == self.key_b else f"{self.key_a} -> {self.key_b}"


@dataclass(frozen=True)
class Comparison:
    """What `tcgsim compare RUN_A RUN_B` found: the runs, how many games paired, and each deck that differs."""

    run_a: Path
    run_b: Path
    game: str
    kind: str
    run_seed: int
    games: int  # games in each run (every one has its twin)
    decks: tuple[DeckComparison, ...]  # the decks that differ; empty when none does
    notes: tuple[str, ...]  # differences that do not break the pairing but colour it (versions, card data)
    method: str = METHOD

    @property
    def confounded(self) -> bool:
        return len(self.decks) > 1

    def to_json(self) -> dict[str, Any]:
        """The comparison as JSON-ready data: NaN (no interval) as null, paths and verdicts as text."""
        data = asdict(self)
        data["run_a"], data["run_b"] = str(self.run_a), str(self.run_b)
        data["confounded"] = self.confounded
        return _clean(data)

    def lines(self) -> list[str]:
        """The comparison as `tcgsim compare` prints it: the runs, then per differing deck its win rates, its
        verdict line and a table per opponent."""
        out = [f"comparing {self.run_b} (B) with {self.run_a} (A): {self.game} {self.kind}, run seed "
               f"{self.run_seed}, {self.games:,} games paired by deal"]
        out += [f"note: {note}" for note in self.notes]
        if not self.decks:
            out.append("no deck differs between the runs (every deck's file has the same sha256): nothing to "
                       "compare; the runs should hold the same games")
            return out
        if self.confounded:
            out.append(f"{len(self.decks)} decks differ between the runs: their differences are confounded (each "
                       "figure below mixes the edits of all of them where they met)")
        for deck in self.decks:
            d = deck.overall
            out.append(f"{deck.label} (sha256 {deck.sha256_a[:12]} in A, {deck.sha256_b[:12]} in B): win rate "
                       f"{stats.format_pct(d.win_rate_a)} in A, {stats.format_pct(d.win_rate_b)} in B")
            out.append(f"  {d.verdict_line()}")
            if d.left_out:
                out.append(f"  {d.left_out} game{'s' * (d.left_out != 1)} left out: they raised in A or B")
            out += _opponent_lines(deck)
        return out


def _opponent_lines(deck: DeckComparison) -> list[str]:
    """The per-opponent table of one deck: its heading line says what the figures are."""
    if not deck.matchups:
        return []
    n = deck.holm_family
    ids = [m.matchup_id for m in deck.matchups]
    multi = len(set(ids)) < len(ids) or any(m.not_met for m in deck.matchups)  # a 3-4 player matchup's rows
    out = [f"  per opponent (head to head as in the matrix, points B - A; verdicts Holm-corrected over {n} "
           f"opponent{'s' * (n != 1)}, the 95% column the plain t interval over pairs):"]
    if multi:
        out.append("  (a row pairs the games where the two decks met in both runs, one of them winning or nobody; "
                   "'not met': the games a third deck won in A or in B, left out of the row)")
    head = ("opponent", "A", "B", "B - A", "95% (plain)", "p (Holm)", "games", *(("not met",) if multi else ()),
            "verdict")
    rows = []
    for m in deck.matchups:
        d = m.difference
        rows.append((m.opponent, stats.format_pct(d.win_rate_a), stats.format_pct(d.win_rate_b),
                     _points(d.difference, ""), _interval(d.ci_low, d.ci_high), _p(m.p_holm), f"{d.games:,}",
                     *((f"{m.not_met:,}",) if multi else ()), _verdict_word(d.verdict)))
    right = (1, 2, 3, 5, 6, *((7,) if multi else ()))
    return out + table_lines(head, rows, right=right, indent=4)


def _p(p: float) -> str:
    if not math.isfinite(p):
        return "—"
    return "<0.001" if p < 0.001 else f"{p:.3f}"


def _points(x: float, unit: str = " points") -> str:
    """A difference as signed points of win rate: 0.041 -> '+4.1 points'."""
    return "—" if not math.isfinite(x) else f"{100 * x:+.1f}{unit}"


def _interval(lo: float, hi: float) -> str:
    return "—" if not (math.isfinite(lo) and math.isfinite(hi)) else f"{100 * lo:+.1f}..{100 * hi:+.1f}"


def _verdict_word(v: Verdict) -> str:
    return {Verdict.HELPED: "helped", Verdict.HURT: "hurt", Verdict.NONE: "no difference",
            Verdict.TOO_FEW: "too few"}[v]


def _clean(value: Any) -> Any:
    """JSON has no NaN: a missing figure is null."""
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, StrEnum):
        return value.value
    if isinstance(value, dict):
        return {k: _clean(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_clean(v) for v in value]
    return value


# ------------------------------------------------------------------------------------------------- pairing


def read_complete_run(folder: str | Path, role: str = "run") -> RunMeta:
    """The run.json of a complete run in `folder`, or NotARun with one line saying what `folder` is instead."""
    path = Path(folder)
    if not path.exists():
        raise NotARun(f"{role} {path}: no such folder")
    if not path.is_dir():
        raise NotARun(f"{role} {path}: not a folder (give the run folder that holds {RUN_JSON})")
    try:
        meta = meta_from_json(read_meta(path), path / RUN_JSON)
    except SimError as exc:
        raise NotARun(f"{role} {path}: {exc}") from None
    if meta.status != RunStatus.COMPLETE or not tables_exist(path):
        raise NotARun(f"{role} {path}: the run has not finished; finish it first with tcgsim {meta.kind} --resume "
                      f"{path}")
    return meta


def _matchup_positions(meta: RunMeta) -> list[tuple[int, ...]]:
    """Each matchup as indices into the run's deck list: comparable between runs whose decks are renamed."""
    index = {d.key: i for i, d in enumerate(meta.decks)}
    return [tuple(index.get(k, -1) for k in m.decks) for m in meta.matchups]


def pairing_differences(a: RunMeta, b: RunMeta, name_a: str = "A", name_b: str = "B") -> list[str]:
    """What keeps runs `a` and `b` from playing the same deals, each as 'what: value in A, value in B' (empty:
    they pair). The decks themselves may differ: that is what is being compared."""
    found: list[str] = []

    def differ(what: str, x: Any, y: Any) -> bool:
        if x != y:
            found.append(f"{what} {x} in {name_a}, {y} in {name_b}")
            return True
        return False

    differ("game", a.game, b.game)
    differ("kind of run", a.kind, b.kind)
    differ("run seed", a.seeds.get("run_seed"), b.seeds.get("run_seed"))
    if a.seeds.get("scheme") != b.seeds.get("scheme"):
        found.append(f"seed scheme differs between {name_a} and {name_b} (made by different tcgsim versions)")
    differ("number of decks", len(a.decks), len(b.decks))
    differ("games per matchup", a.games_per_matchup, b.games_per_matchup)
    differ("mirror matches", "on" if a.mirror else "off", "on" if b.mirror else "off")
    differ("gauntlet", "on" if a.gauntlet is not None else "off", "on" if b.gauntlet is not None else "off")
    if a.game == b.game:
        for name in dict.fromkeys([*a.options, *b.options]):
            differ(f"option {name}", a.options.get(name, "unset"), b.options.get(name, "unset"))
    if len(a.decks) == len(b.decks):
        for i, (x, y) in enumerate(zip(a.decks, b.decks, strict=True)):
            differ(f"agent of deck {i + 1} ({y.key})", x.ai, y.ai)
        if not found and _matchup_positions(a) != _matchup_positions(b):
            found.append(f"matchups differ between {name_a} and {name_b}")
    return found


def _colouring_notes(a: RunMeta, b: RunMeta) -> list[str]:
    """Differences that keep the pairing but mix something else into the edit's effect."""
    notes: list[str] = []
    va, vb = a.versions.get("tcgsim"), b.versions.get("tcgsim")
    if va != vb:
        notes.append(f"A was made by tcgsim {va}, B by {vb}: the difference mixes the edit with any change of "
                     "engine or AI between them")
    if a.card_pool != b.card_pool:
        notes.append("the card data differs between A and B: the difference mixes the edit with that change")
    return notes


@dataclass(frozen=True)
class BaselineSettings:
    """The settings of a run to pair with a baseline: what the command line gave, the baseline's otherwise."""

    seed: int
    games: int
    agents: list[str] | None  # one per deck in the baseline's order; None: the command line's (or the decks')
    options: GameOptions | list[str] | None


def baseline_settings(baseline: RunMeta, folder: str | Path, n_decks: int, *, seed: int | None, games: int | None,
                      agents: list[str] | None, options: list[str] | None) -> BaselineSettings:
    """Fill what the command line left out (None / empty) from the baseline's run.json, so that `tcgsim simulate
    EDITED OTHER --baseline RUN` alone pairs with RUN. A --seed other than the baseline's is refused: it would
    play other deals. Agents are taken over only for as many decks as the baseline had (otherwise the pairing
    check names the number of decks)."""
    from tcgsim.games import get_game
    from tcgsim.options import BadOption, options_from_json

    run_seed = int(baseline.seeds["run_seed"])
    if seed is not None and seed != run_seed:
        raise RunsDoNotPair(f"--seed {seed} and --baseline {folder} (run seed {run_seed}) disagree: drop --seed, "
                            "the baseline's is used")
    chosen_options: GameOptions | list[str] | None = options or None
    if not options:
        try:
            chosen_options = options_from_json(get_game(baseline.game).game_class().options_class, baseline.options,
                                               baseline.game)
        except BadOption as exc:
            raise NotARun(f"--baseline {folder}: {exc}") from None
    taken = [d.ai for d in baseline.decks] if not agents and len(baseline.decks) == n_decks else None
    return BaselineSettings(run_seed, games if games is not None else baseline.games_requested, agents or taken,
                            chosen_options)


def check_baseline(baseline: RunMeta, folder: str | Path, config: RunConfig) -> list[str]:
    """Refuse (RunsDoNotPair) a run about to start with `--baseline folder` when it would not play the baseline's
    deals; otherwise the notes worth printing (another tcgsim version or card data)."""
    new = config.meta()
    found = pairing_differences(baseline, new, "the baseline", "this run")
    if found:
        raise RunsDoNotPair(f"--baseline {folder}: this run cannot pair with it: {'; '.join(found)}")
    return _colouring_notes(baseline, new)


# ------------------------------------------------------------------------------------------------- reading


@dataclass(frozen=True)
class PlayedGames:
    """games.parquet of one run, sorted by (matchup_id, pair, rotation), with each seat's points."""

    matchup_id: np.ndarray
    pair: np.ndarray
    rotation: np.ndarray
    game_id: np.ndarray
    game_seed: np.ndarray
    decks: np.ndarray  # (games, MAX_SEATS) deck keys, None past the game's players
    points: np.ndarray  # (games, MAX_SEATS) stats.seat_points: NaN for a game that raised or an empty seat
    results: np.ndarray  # (games, MAX_SEATS) stats.seat_results: WIN / LOSS / DRAW / ERROR / STOPPED, None empty

    def deck_points(self, key: str) -> np.ndarray:
        """The deck's points in each game (NaN where it did not play, or the game raised)."""
        mine = self.decks == key
        total = np.where(mine, np.nan_to_num(self.points, nan=0.0), 0.0).sum(axis=1)
        had = (mine & ~np.isnan(self.points)).any(axis=1)
        return np.where(had, total, np.nan)

    @cached_property
    def _pairs(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        return stats.seat_pairs(self.decks, self.results)

    def head_to_head(self, key: str, opponent: str) -> np.ndarray:
        """The deck's head-to-head points against `opponent` in each game (stats.seat_pairs, scored as a game
        of two: win 1, draw 1/2, loss 0); NaN where the two did not meet (a third deck won, the game raised, or
        one of them did not play)."""
        game, deck, opp, result = self._pairs
        mine = (deck == key) & (opp == opponent)
        rows = game[mine]
        pts = stats.seat_points(result[mine], stats.PAIR_PLAYERS)
        n = len(self.game_id)
        met = np.bincount(rows, minlength=n)
        total = np.bincount(rows, weights=pts, minlength=n)  # a deck twice in a game: its seats' mean
        return np.where(met > 0, total / np.maximum(met, 1), np.nan)


def read_games(folder: Path, expected: int, game: str) -> PlayedGames:
    """A run folder's games.parquet with each seat's points (NotARun if it cannot be read or holds other than
    `expected` games): what compare pairs, and what tune races its candidates by."""
    import pyarrow.compute as pc
    import pyarrow.parquet as pq

    from tcgsim.games import all_lose_reasons

    seats = [f"deck_{i}" for i in range(MAX_SEATS)]
    try:
        table = pq.read_table(folder / "games.parquet", columns=[
            "game_id", "game_seed", "matchup_id", "pair", "rotation", "n_players", "winner_seat", "reason", "error",
            *seats])
    except Exception as exc:  # pyarrow raises several types for a damaged or foreign file
        raise NotARun(f"cannot read {folder / 'games.parquet'}: {type(exc).__name__}: {exc}") from None
    if table.num_rows != expected:
        raise NotARun(f"{folder / 'games.parquet'} holds {table.num_rows} games where its run.json plans {expected}")

    def col(name: str) -> np.ndarray:
        return np.asarray(table.column(name).to_numpy(zero_copy_only=False))

    n = col("n_players").astype(np.int64)
    winner = np.asarray(pc.fill_null(table.column("winner_seat"), -1).to_numpy(zero_copy_only=False))
    # how each game ended is decided by stats.endings alone (draws, all-lose games, games that raised or were
    # stopped), so a deck's points here are the points the summary and the report give it
    ending = stats.endings(winner, table.column("reason").to_pylist(), pc.is_valid(table.column("error"))
                           .to_numpy(zero_copy_only=False), all_lose_reasons(game))
    results = stats.seat_results(winner, n, ending, seats=MAX_SEATS)
    points = stats.seat_points(results, n[:, None])
    decks = np.stack([np.asarray(table.column(s).to_numpy(zero_copy_only=False), dtype=object) for s in seats],
                     axis=1)
    m, p, r = col("matchup_id").astype(np.int64), col("pair").astype(np.int64), col("rotation").astype(np.int64)
    order = np.lexsort((r, p, m))
    return PlayedGames(m[order], p[order], r[order], col("game_id")[order], col("game_seed")[order], decks[order],
                  points[order], results[order])


def _check_same_games(a: PlayedGames, b: PlayedGames, path_a: Path, path_b: Path) -> None:
    """Every game of A has its twin in B: the same (matchup, pair, rotation), game id and seed."""
    same_keys = (np.array_equal(a.matchup_id, b.matchup_id) and np.array_equal(a.pair, b.pair)
                 and np.array_equal(a.rotation, b.rotation))
    if not same_keys:
        raise RunsDoNotPair(f"{path_b} does not pair with {path_a}: their games.parquet hold different matchups, "
                            "pairs or rotations")
    for what, x, y in (("game id", a.game_id, b.game_id), ("seed", a.game_seed, b.game_seed)):
        odd = np.flatnonzero(x != y)
        if len(odd):
            i = int(odd[0])
            raise RunsDoNotPair(f"{path_b} does not pair with {path_a}: game {int(a.game_id[i])} (matchup "
                                f"{int(a.matchup_id[i])}, pair {int(a.pair[i])}, rotation {int(a.rotation[i])}) "
                                f"has {what} {int(x[i])} in A and {int(y[i])} in B ({len(odd)} games differ)")


# ------------------------------------------------------------------------------------------------ figures


def paired_difference(points_a: Sequence[float] | np.ndarray, points_b: Sequence[float] | np.ndarray,
                      unit: Sequence[int] | np.ndarray) -> Difference:
    """The paired difference of a deck's points over games grouped into pairs: `points_a[i]` and `points_b[i]`
    are its points in game i in A and in B (NaN: no result, left out), `unit[i]` the pair game i belongs to.

    Each pair's difference is the mean of (B - A) over its games with a result in both runs; the estimate is
    the mean of the pairs' differences, with the Student t interval over pairs (stats.paired_t_interval)."""
    a = np.asarray(points_a, dtype=float)
    b = np.asarray(points_b, dtype=float)
    u = np.asarray(unit, dtype=np.int64)
    both = ~np.isnan(a) & ~np.isnan(b)
    left_out = int((~both).sum())
    a, b, u = a[both], b[both], u[both]
    units, which = np.unique(u, return_inverse=True)
    games = np.bincount(which, minlength=len(units)).astype(float)
    per_pair = np.bincount(which, weights=b - a, minlength=len(units)) / np.where(games > 0, games, 1.0)
    mean, lo, hi = stats.paired_t_interval(per_pair)
    if len(units) < 2:
        verdict = Verdict.TOO_FEW
    elif lo > 0:
        verdict = Verdict.HELPED
    elif hi < 0:
        verdict = Verdict.HURT
    else:
        verdict = Verdict.NONE
    rate_a = float(stats.rate(a.sum(), len(a)))
    rate_b = float(stats.rate(b.sum(), len(b)))
    return Difference(len(units), len(a), left_out, rate_a, rate_b, mean, lo, hi, verdict, paired_t_p(per_pair))


def paired_t_p(differences: Sequence[float] | np.ndarray) -> float:
    """The two-sided p-value of the paired t test that the mean of `differences` is 0: t = mean / (s / sqrt(n)),
    p = 2 (1 - T(|t|; n - 1)) (stats.t_cdf). NaN under two differences; with no spread, 0 for a mean other than
    0 and 1 for 0 (the interval is then the single point mean)."""
    d = np.asarray(differences, dtype=float).ravel()
    n = len(d)
    if n < 2:
        return math.nan
    mean, sd = float(d.mean()), float(d.std(ddof=1))
    if sd == 0.0:
        return 1.0 if mean == 0.0 else 0.0
    t = mean / (sd / math.sqrt(n))
    return min(1.0, 2.0 * (1.0 - stats.t_cdf(abs(t), n - 1)))


def holm_corrected(rows: Sequence[MatchupDifference]) -> tuple[MatchupDifference, ...]:
    """The rows with `p_holm`, their p-values Holm-adjusted over the rows that have one (tcgsim.ranking.holm),
    and each row's verdict from it: helped or hurt (by the sign) where p_holm < 0.05, no difference otherwise,
    too few under two pairs. The intervals are left as they are (plain 95%). One row: the plain test."""
    adjusted = holm([r.difference.p_value for r in rows])
    out = []
    for row, p in zip(rows, adjusted, strict=True):
        d = row.difference
        if d.verdict is Verdict.TOO_FEW or not math.isfinite(p):
            verdict = Verdict.TOO_FEW
        elif p < ALPHA:
            verdict = Verdict.HELPED if d.difference > 0 else Verdict.HURT
        else:
            verdict = Verdict.NONE
        out.append(replace(row, difference=replace(d, verdict=verdict), p_holm=float(p)))
    return tuple(out)


def _deck_comparison(i: int, a_meta: RunMeta, b_meta: RunMeta, a: PlayedGames, b: PlayedGames) -> DeckComparison:
    key_a, key_b = a_meta.decks[i].key, b_meta.decks[i].key
    pa_, pb_ = a.deck_points(key_a), b.deck_points(key_b)
    # a matchup of the deck against itself says nothing about it (a mirror game scores exactly one half): only
    # the matchups where it meets other decks count
    positions = _matchup_positions(b_meta)
    involved = [m for m, decks in enumerate(positions) if i in decks and decks.count(i) == 1]
    # one number per (matchup, pair): the unit, whose games (every seat rotation of one deal) share a seed
    unit = a.matchup_id * (int(a.pair.max(initial=0)) + 1) + a.pair
    in_any = np.isin(a.matchup_id, involved)
    overall = paired_difference(pa_[in_any], pb_[in_any], unit[in_any])
    per: list[MatchupDifference] = []
    for m in involved:
        here = a.matchup_id == m
        raised = int((here & (np.isnan(pa_) | np.isnan(pb_))).sum())
        for j in dict.fromkeys(positions[m]):
            if j == i:
                continue
            # head to head as the matrix counts it, each run by its own keys of the two decks
            ha = a.head_to_head(key_a, a_meta.decks[j].key)[here]
            hb = b.head_to_head(key_b, b_meta.decks[j].key)[here]
            d = paired_difference(ha, hb, unit[here])
            not_met = d.left_out - raised  # no head-to-head in A or B, though the game had a result in both
            per.append(MatchupDifference(m, b_meta.matchups[m].matchup, (b_meta.decks[j].key,),
                                         replace(d, left_out=raised), not_met))
    return DeckComparison(i, key_a, key_b, a_meta.decks[i].sha256, b_meta.decks[i].sha256, overall,
                          holm_corrected(per))


def compare_runs(run_a: str | Path, run_b: str | Path) -> Comparison:
    """Compare two complete runs of the same deals: for each deck whose file differs between them, its paired
    difference B - A overall and per matchup. NotARun (exit 1) for a folder that is not a complete run,
    RunsDoNotPair (exit 2) for runs that did not play the same deals."""
    path_a, path_b = Path(run_a), Path(run_b)
    a_meta = read_complete_run(path_a, "RUN_A")
    b_meta = read_complete_run(path_b, "RUN_B")
    found = pairing_differences(a_meta, b_meta)
    if found:
        raise RunsDoNotPair(f"{path_b} does not pair with {path_a}: {'; '.join(found)} (make B with tcgsim "
                            f"{a_meta.kind} ... --baseline {path_a})")
    a = read_games(path_a, a_meta.total_games, a_meta.game)
    b = read_games(path_b, b_meta.total_games, b_meta.game)
    _check_same_games(a, b, path_a, path_b)
    changed = [i for i, (x, y) in enumerate(zip(a_meta.decks, b_meta.decks, strict=True)) if x.sha256 != y.sha256]
    decks = tuple(_deck_comparison(i, a_meta, b_meta, a, b) for i in changed)
    return Comparison(path_a, path_b, a_meta.game, a_meta.kind, int(a_meta.seeds["run_seed"]), len(a.game_id),
                      decks, tuple(_colouring_notes(a_meta, b_meta)))
