"""The calibration targets of issue 17 ("Calibrate the reconstructions"), measured over a round robin of the
bundled decks:

    python -m tests.calibration GAME [--games N] [--ai STYLE] [--players P] [--seed S] [--workers W]
                                     [--format text|json]

GAME is godzilla, eva or eva-short. Every seat plays --ai (default: the game's default style; `search` works too).
The games are a round robin of the bundled decks (tcgsim.bench.bundled_decks): every combination of P different
decks, in the project's seed scheme (tcgsim.sim.seeds): game i is rotation i mod P of pair i // P, the pairs dealt
matchup by matchup in turn (so the games spread evenly over the matchups), every rotation of a pair shares its
seed (`game_seed`) and each seat keeps its deal (`rotation_seats`), so every deck sits in every seat equally. A
game depends on (--seed, i) alone: the same seed gives the same figures whatever --workers.

For each target: its definition, the target, the measured value with its sample size (rates with their 95%
Wilson interval, tcgsim.stats) and whether it is met (judged on the measured value; the interval says how
sure that is). The exit status is 0 whenever the games ran: a target not met is a finding, not an error.

The measurement is two steps, so that each can be checked on its own (tests/test_calibration.py): `measure_game`
plays one game and keeps what the targets need as a `GameRecord`; `targets` turns a list of records into the
rows. Which events count (file:line of the game code):

- a 補完 stage: a `declare` event (tcgsim/games/eva/game.py, the `A.Declare` branch of `_apply_legal`); a hurt
  (傷) played in it: a `stage_hurt` event, the non-declarer branch of `HokanRules._stage_play`
  (tcgsim/games/eva/hokan.py). Every stage counts, won or failed.
- an angel (使徒) battle and its result: the `battle_result` event of `BattleRules._battle_result`
  (tcgsim/games/eva/battle.py): `loses` when the Evas' total does not beat the 使徒 (a tie loses) or no Eva was
  sent out (EVA-BATTLE-3); the last player's battle (EVA-WIN-2/3) included.
- a GODZILLA plan card reached the field: a copy of it entered play (`CardUse.entered_play`, the per-card
  `played_turn` the game sets when a card evolves or fuses onto the field, tcgsim/games/godzilla/evolution.py
  `_evolve` and `_fuse`).
- a stall: the game ended by the turn cap (`turn_limit`) or the decision limit (`decision_limit`); a stalled
  GODZILLA game's note says how many bases each seat had left and how many of them it could not place because a
  copy already stands in its row (GZ-BASE-9, `BaseRules._base_allowed`).
- a deck's win rate: its points over its seats, by the project's one draw rule (tcgsim.stats.outcome_points: a
  win 1, a draw shared, an everyone-loses end 0); a game stopped by the decision limit has no result and is in
  no rate (tcgsim.stats.VOID_ENDINGS).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from itertools import combinations
from multiprocessing import Pool
from typing import Any

from tcgsim.agents import UnknownAgent, default_agent, make_agent
from tcgsim.bench import bundled_decks, check_bundled_decks
from tcgsim.cards import bundled_pool
from tcgsim.engine import State, Termination, play_game
from tcgsim.games import get_game
from tcgsim.games.eva.state import ShortWinReason
from tcgsim.games.eva.state import WinReason as EvaWin
from tcgsim.games.godzilla.cards import Kind
from tcgsim.games.godzilla.winning import WinReason as GzWin
from tcgsim.sim.seeds import game_seed, rotation_seats
from tcgsim.stats import Z95, outcome_points, rate_interval
from tcgsim.validate import InvalidDecks

GAMES = ("godzilla", "eva", "eva-short")
SEED = 17  # the default --seed (issue 17)

# Every end reason of each game: its rules module's WinReason (the outcome's `reason`), then the engine's own
# (tcgsim.engine.Termination); `targets` counts each, so the shares of the rows sum to 1 over the games.
REASONS: dict[str, tuple[str, ...]] = {
    "godzilla": (*(str(r) for r in GzWin), str(Termination.TURN_LIMIT), str(Termination.DECISION_LIMIT)),
    "eva": (*(str(r) for r in EvaWin), str(Termination.TURN_LIMIT), str(Termination.DECISION_LIMIT)),
    "eva-short": (*(str(r) for r in ShortWinReason), str(Termination.TURN_LIMIT), str(Termination.DECISION_LIMIT)),
}
# The win conditions the seed states, which the targets are about; the other reasons are counted as information:
# GODZILLA's simultaneous win is a draw by GZ-INT-13, EVA's all_dropped the interpretation I-LAST (the last players
# drop out together), the short rule's cards_exhausted I-SHORT, and the engine's two limits are stalls.
SEED_WINS: dict[str, tuple[str, ...]] = {
    "godzilla": (GzWin.BASES_DESTROYED, GzWin.NO_OPEN_BASE, GzWin.OPEN_BASES),  # GZ-WIN-1, -2, -3
    "eva": (EvaWin.HOKAN, EvaWin.LAST_STANDING, EvaWin.HUMANITY_DESTROYED),  # EVA-WIN-1, -2, -3 (▼勝利条件▼)
    "eva-short": (ShortWinReason.DOWNED,),  # EVA-SHORT-2
}
STALLS = (str(Termination.TURN_LIMIT), str(Termination.DECISION_LIMIT))

# EVA: the end reason each bundled deck's plan (the `plan:` of its deck file) wins by. Every standard-rules plan
# is the road to its own 補完 card's LV1 and LV2 conditions (the `hokan:` line of the deck file names the card and
# its conditions) and the 補完 stage that follows; none of them is to outlast the others (last_standing). A 補完
# level never drops (EVA-HOKAN-2), so a 補完 win is a win by the plan's conditions.
EVA_PLANS: dict[str, str] = {
    # "defeat three 使徒 while all three Evas stay up": H-08's LV1 (1 使徒 defeated) and LV2 (3 使徒 defeated, three
    # Evas up), then 補完. No stricter target is needed (issue 17): both of H-08's levels are angel conditions and a
    # level never drops, so every `hokan` win of this deck went through the 使徒 it counts; `angels_defeated` counts
    # every player's victories (I-HOKAN), so "its own battles" is not a condition the rules know.
    "Commander Katsuragi": EvaWin.HOKAN,
    # "let them be defeated, then down three main characters": H-11's LV1 (2 使徒 defeated), LV2 (3 downed)
    "Gendo's Scenario": EvaWin.HOKAN,
    # "Bond Rei to Gendo, then to Shinji ... win the 補完 stage with ● Rei dialogue": H-03's LV1 and LV2
    "Rei's Bonds": EvaWin.HOKAN,
    # "Draw to eight cards ... stack Maya, Naoko and the cat figurines under Ritsuko": H-09's LV1 (8+ in hand),
    # LV2 (2+ cards under Ritsuko)
    "Ritsuko's MAGI": EvaWin.HOKAN,
    # "Group Shinji with Asuka, then with Misato ... win the 補完 stage": H-01's LV1 and LV2
    "Shinji's Longing": EvaWin.HOKAN,
}
# The short rule has one way to win, downing the opponent's hidden character (EVA-SHORT-2): every starter's plan
# (how its lines reach and guard the characters) is a plan to win that way.
SHORT_PLANS: dict[str, str] = {
    "NERV Command": ShortWinReason.DOWNED,
    "Second Child": ShortWinReason.DOWNED,
    "Third Child": ShortWinReason.DOWNED,
    "Tokyo-3 Mixed": ShortWinReason.DOWNED,
}
# GODZILLA: each bundled deck's plan card(s), the evolution or fusion target its `plan:` names (any one of them
# reaching the field counts); all are in the deck's stock.
GODZILLA_PLANS: dict[str, tuple[str, ...]] = {
    "Burning Godzilla": ("Burning Godzilla",),  # "evolve it ... up the Heisei line to Burning Godzilla"
    "G-Force Arsenal": ("Super Mechagodzilla", "MOGUERA"),  # "fusion into Super Mechagodzilla or MOGUERA"
    # "then Grand King Ghidorah and Destoroyah evolve": Destoroyah's last form (Aggregate and Flying Form are steps)
    "Ghidorah Invasion": ("Grand King Ghidorah", "Destoroyah Perfect Form"),
    "Mothra's Song": ("Mothra", "Mothra Leo", "Battra"),  # "then far-flying Mothra, Mothra Leo and Battra"
    "Sea Monsters": ("Biollante",),  # "and Biollante as the big evolution"
}

MEDIAN_TURNS = 12  # EVA: median game length at least 12 turns
HURT_SHARE = 0.50  # EVA: a hurt card in at least half of the 補完 stages
ANGEL_LOSSES = (0.15, 0.40)  # EVA: angel battles lost 15-40% of the time
WIN_SHARE = 0.05  # GODZILLA: each win condition ends at least 5% of games
PLAN_CARD_SHARE = 0.30  # GODZILLA: a deck's plan card reached in at least 30% of its games
WIN_RATE = (0.7, 1.3)  # both: every deck's overall win rate, as multiples of the fair share 1/P: 35-65% in two
# players, as the issue states it; with three players 23.3-43.3% (five decks over three seats average 1/3, so the
# two-player band cannot hold for all of them: docs/rules/eva.md "Targets")


def win_rate_band(players: int) -> tuple[float, float]:
    """The band every deck's overall win rate must fall in, in a game of `players` players."""
    lo, hi = WIN_RATE
    return lo / players, hi / players


@dataclass(frozen=True)
class GameRecord:
    """What the targets need of one game."""

    index: int
    decks: tuple[str, ...]  # deck names in seat order
    winner: int | None
    reason: str
    turns: int  # Outcome.turns (games.parquet `turns`)
    stages: int = 0  # EVA: 補完 stages declared
    stages_hurt: int = 0  # EVA: of them, stages in which a hurt (傷) was played
    battles: int = 0  # EVA: angel battles fought
    battles_lost: int = 0  # EVA: of them, battles the Evas lost
    plan_reached: tuple[bool, ...] = ()  # GODZILLA, per seat: a plan card of the seat's deck reached the field
    # GODZILLA, per seat, at the end of a stalled game only: open bases, bases left in hand and deck, and of those
    # the ones it could not place because a copy stands in its row (GZ-BASE-9)
    open_bases: tuple[int, ...] = ()
    bases_left: tuple[int, ...] = ()
    bases_blocked: tuple[int, ...] = ()


@dataclass(frozen=True)
class Target:
    """One row of the calibration table. `value` is a share in [0, 1] (`count` of `n`, with its Wilson interval
    `low`-`high`), except for the median game length (turns, with the order-statistic interval of the median);
    `met` is None for a row that is information without a target."""

    id: str
    what: str
    target: str
    value: float | None
    n: int
    low: float | None
    high: float | None
    met: bool | None
    count: float | None = None
    unit: str = "games"
    note: str = ""


# --------------------------------------------------------------------------------------------- the games


def matchups(n_decks: int, players: int) -> list[tuple[int, ...]]:
    """Every combination of `players` different decks (indices), in deck order."""
    return list(combinations(range(n_decks), players))


def seating(n_decks: int, players: int, seed: int, i: int) -> tuple[tuple[int, ...], int]:
    """Game i of the round robin: the deck indices in seat order and the game seed (see the module docstring)."""
    table = matchups(n_decks, players)
    group, rotation = divmod(i, players)
    pair, matchup = divmod(group, len(table))
    decks = table[matchup]
    return tuple(decks[pos] for pos in rotation_seats(players, rotation)), game_seed(seed, matchup, pair)


def _eva_counts(state: State) -> dict[str, int]:
    """補完 stages (with a hurt) and angel battles (lost), from the game's events (module docstring)."""
    out = {"stages": 0, "stages_hurt": 0, "battles": 0, "battles_lost": 0}
    hurt_in_stage = True  # no stage open yet
    assert state.events is not None
    for event in state.events:
        if event.kind == "declare":
            out["stages"] += 1
            hurt_in_stage = False
        elif event.kind == "stage_hurt" and not hurt_in_stage:
            out["stages_hurt"] += 1
            hurt_in_stage = True
        elif event.kind == "battle_result":
            out["battles"] += 1
            out["battles_lost"] += event.data["result"] != "wins"
    return out


def _plan_reached(state: Any, decks: Sequence[str]) -> tuple[bool, ...]:
    """GODZILLA: per seat, whether a copy of one of its deck's plan cards entered the field."""
    pool = bundled_pool("godzilla")
    reached = [False] * len(decks)
    for use in state.card_usage():
        names = GODZILLA_PLANS.get(decks[use.seat], ())
        if use.entered_play and pool[use.card_id].name in names:
            reached[use.seat] = True
    return tuple(reached)


def _bases(state: Any) -> dict[str, tuple[int, ...]]:
    """GODZILLA, per seat: open bases, bases left in hand and deck, and those a copy in its row blocks."""
    out: dict[str, list[int]] = {"open_bases": [], "bases_left": [], "bases_blocked": []}
    for seat, p in enumerate(state.players):
        left = [u for u in (*p.hand, *p.deck) if state.cards[u].kind is Kind.BASE]
        out["open_bases"].append(state.open_bases(seat))
        out["bases_left"].append(len(left))
        out["bases_blocked"].append(sum(1 for u in left if not state._base_allowed(seat, state.cards[u])))
    return {k: tuple(v) for k, v in out.items()}


def measure_game(game: str, players: int, ai: str, seed: int, i: int) -> GameRecord:
    """Play game i of the round robin (every seat `ai`) and keep what the targets need."""
    decks = bundled_decks(game)
    seats, game_seed_ = seating(len(decks), players, seed, i)
    seated = [decks[k] for k in seats]
    names = tuple(d.name for d in seated)
    match = get_game(game).game_class()(seated, game_seed_)
    result = play_game(match, [make_agent(game, ai) for _ in seated], record_events=game == "eva")
    out = result.outcome
    extra: dict[str, Any] = {}
    if game == "eva":
        extra.update(_eva_counts(result.state))
    if game == "godzilla":
        extra["plan_reached"] = _plan_reached(result.state, names)
        if str(out.reason) in STALLS:
            extra.update(_bases(result.state))
    return GameRecord(i, names, out.winner, str(out.reason), out.turns, **extra)


def _job(job: tuple[str, int, str, int, int]) -> GameRecord:
    return measure_game(*job)


def measure(game: str, games: int, ai: str, players: int = 2, seed: int = SEED, workers: int = 1) -> list[GameRecord]:
    """The records of games 0..games-1, in game order (the same whatever `workers`)."""
    jobs = [(game, players, ai, seed, i) for i in range(games)]
    if workers > 1:
        with Pool(workers) as pool:
            return pool.map(_job, jobs, chunksize=max(1, min(8, games // (4 * workers))))
    return [_job(job) for job in jobs]


# --------------------------------------------------------------------------------------------- the targets


def _share(id_: str, what: str, target: str, count: float, n: int, met: bool | None, unit: str,
           note: str = "") -> Target:
    value, low, high = rate_interval(count, n) if n else (None, None, None)
    return Target(id_, what, target, value, n, low, high, met, count, unit, note)


def _median(turns: Sequence[int]) -> tuple[float | None, float | None, float | None]:
    """The median and its distribution-free 95% interval (order statistics n/2 -+ 1.96 sqrt(n)/2, 1-based)."""
    if not turns:
        return None, None, None
    s = sorted(turns)
    n = len(s)
    lo = max(1, math.floor(n / 2 - Z95 * math.sqrt(n) / 2))
    hi = min(n, math.ceil(n / 2 + 1 + Z95 * math.sqrt(n) / 2))
    return float(statistics.median(s)), float(s[lo - 1]), float(s[hi - 1])


def _stall_text(r: GameRecord) -> str:
    seats = ", ".join(f"P{s + 1} {o} open, {b}/{n} bases left unplaceable"
                      for s, (o, n, b) in enumerate(zip(r.open_bases, r.bases_left, r.bases_blocked, strict=True)))
    return f"game {r.index} ({' vs '.join(r.decks)}) {r.reason} at turn {r.turns}: {seats}"


def plans(game: str) -> dict[str, Any]:
    """Each bundled deck's plan: its end reason (eva, eva-short) or its plan cards (godzilla)."""
    table: dict[str, dict[str, Any]] = {"godzilla": GODZILLA_PLANS, "eva": EVA_PLANS, "eva-short": SHORT_PLANS}
    return table[game]


def targets(game: str, players: int, records: Sequence[GameRecord], decks: Sequence[str]) -> list[Target]:
    """The calibration rows of `records` (games of `game` with `players` players between `decks`)."""
    g = len(records)
    rows: list[Target] = []
    eva = game in ("eva", "eva-short")
    reasons = Counter(r.reason for r in records)

    if eva:
        med, low, high = _median([r.turns for r in records])
        turn = ("a short-rule turn is one round in which both players speak" if game == "eva-short"
                else "every player's turn counts, so a round of P players is P turns")
        # issue 17 asks the >= 12 of the standard rules (2 and 3 players); the short rule's length is information
        short = game == "eva-short"
        rows.append(Target(f"{game}.median_turns", "median game length in turns (Outcome.turns, as games.parquet "
                           f"`turns`: {turn})", "none (counted)" if short else f">= {MEDIAN_TURNS}", med, g, low,
                           high, None if med is None or short else med >= MEDIAN_TURNS, None, "games"))
    if game == "eva":
        stages = sum(r.stages for r in records)
        hurt = sum(r.stages_hurt for r in records)
        rows.append(_share("eva.hurt_in_hokan", "share of 補完 stages in which a hurt (傷) card is played",
                           f">= {HURT_SHARE:.0%}", hurt, stages, stages > 0 and hurt / stages >= HURT_SHARE,
                           "補完 stages"))
        battles = sum(r.battles for r in records)
        lost = sum(r.battles_lost for r in records)
        lo, hi = ANGEL_LOSSES
        rows.append(_share("eva.angel_losses", "share of angel (使徒) battles the Evas lose", f"{lo:.0%}-{hi:.0%}",
                           lost, battles, battles > 0 and lo <= lost / battles <= hi, "battles"))

    for reason in REASONS[game]:
        count = reasons[reason]
        if reason in SEED_WINS[game]:
            if game == "godzilla":
                target, met = f">= {WIN_SHARE:.0%} of games", g > 0 and count / g >= WIN_SHARE
            else:
                target, met = ">= 1 game", count >= 1
        else:
            target, met = "none (counted)", None
        rows.append(_share(f"{game}.win_condition.{reason}", f"share of games ended by `{reason}`", target, count,
                           g, met, "games"))
    unknown = sorted(set(reasons) - set(REASONS[game]))
    for reason in unknown:  # a reason the tables above do not know (an error, a new rule): shown, never hidden
        rows.append(_share(f"{game}.win_condition.{reason}", f"share of games ended by `{reason}` (a reason this "
                           "script does not know)", "none (counted)", reasons[reason], g, None, "games"))

    table = plans(game)
    for deck in decks:
        plan = table.get(deck)
        seats = [(r, s) for r in records for s, name in enumerate(r.decks) if name == deck]
        if game == "godzilla":
            reached = sum(1 for r, s in seats if r.plan_reached and r.plan_reached[s])
            cards = " or ".join(plan) if plan else "(no plan card in tests/calibration.py)"
            rows.append(_share(f"godzilla.plan_card.{deck}", f"share of the games of {deck} in which its plan card "
                               f"({cards}) reaches the field", f">= {PLAN_CARD_SHARE:.0%}", reached, len(seats),
                               bool(plan) and bool(seats) and reached / len(seats) >= PLAN_CARD_SHARE, "games"))
        else:
            wins = [r for r, s in seats if r.winner == s]
            by_plan = sum(1 for r in wins if r.reason == plan)
            rows.append(_share(f"{game}.plan.{deck}", f"wins of {deck} by its plan (`{plan}`), as a share of its "
                               "wins", ">= 1 win", by_plan, len(wins), plan is not None and by_plan >= 1, "wins"))

    if game == "godzilla":
        stalled = [r for r in records if r.reason in STALLS]
        by = Counter(r.reason for r in stalled)
        stuck = sum(1 for r in stalled
                    if any(0 < b == left for b, left in zip(r.bases_blocked, r.bases_left, strict=True)))
        note = ", ".join(f"{k} {by[k]}" for k in STALLS)
        if stalled:
            note += (f"; in {stuck} of them a seat could place none of the bases it had left (each a second copy "
                     "of a base in its row, GZ-BASE-9); e.g. " + "; ".join(_stall_text(r) for r in stalled[:3]))
        rows.append(_share("godzilla.stalls", "games that hit the turn cap or the decision limit", "0 games",
                           len(stalled), g, not stalled, "games", note))

    all_lose = get_game(game).game_class().all_lose_reasons
    lo, hi = win_rate_band(players)
    for deck in decks:
        points = 0.0
        seats_n = 0
        for r in records:
            got = outcome_points(r.winner, r.reason, len(r.decks), all_lose)
            if got is None:  # stopped: no result, in no rate
                continue
            for s, name in enumerate(r.decks):
                if name == deck:
                    points += got[s]
                    seats_n += 1
        rows.append(_share(f"{game}.win_rate.{deck}", f"overall win rate of {deck} in the round robin (points: a "
                           "win 1, a draw shared, an everyone-loses end 0; a stopped game has no result)",
                           f"{lo:.1%}-{hi:.1%}".replace(".0%", "%"), points, seats_n,
                           seats_n > 0 and lo <= points / seats_n <= hi,
                           "games"))
    return rows


# --------------------------------------------------------------------------------------------- the output


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{x:.1%}"


def _count(x: float | None) -> str:
    return "-" if x is None else f"{x:g}"


def _measured(t: Target) -> str:
    if t.id.endswith(".median_turns"):
        if t.value is None:
            return f"no games; n={t.n}"
        return f"{t.value:g} turns (95% {t.low:g}-{t.high:g}), n={t.n} {t.unit}"
    if t.value is None:
        return f"{_count(t.count)} of 0 {t.unit}"
    return f"{_pct(t.value)} (95% {_pct(t.low)}-{_pct(t.high)}), {_count(t.count)} of n={t.n} {t.unit}"


def header(game: str, players: int, ai: str, games: int, seed: int) -> str:
    pool = bundled_pool(game)
    return (f"calibration (issue 17): {game}, {players} players, {ai} in every seat, {games} games, seed {seed}, "
            f"card pool {pool.description()}")


def render_text(head: str, rows: Sequence[Target]) -> str:
    status = {True: "met    ", False: "NOT MET", None: "info   "}
    lines = [head]
    for t in rows:
        lines.append(f"{status[t.met]}  {t.id}: {_measured(t)}; target {t.target}")
        lines.append(f"         {t.what}" + (f" [{t.note}]" if t.note else ""))
    missed = [t.id for t in rows if t.met is False]
    scored = sum(1 for t in rows if t.met is not None)
    lines.append(f"not met: {len(missed)} of {scored} targets: {', '.join(missed)}" if missed
                 else f"all {scored} targets met")
    return "\n".join(lines)


def render_json(game: str, players: int, ai: str, games: int, seed: int, rows: Sequence[Target]) -> str:
    return json.dumps({"game": game, "players": players, "ai": ai, "games": games, "seed": seed,
                       "card_pool": bundled_pool(game).sha256, "targets": [asdict(t) for t in rows]},
                      ensure_ascii=False, indent=1)


def run(game: str, games: int, ai: str | None = None, players: int = 2, seed: int = SEED, workers: int = 1,
        fmt: str = "text") -> str:
    """The whole report as text or JSON."""
    ai = ai or default_agent(game)
    records = measure(game, games, ai, players, seed, workers)
    rows = targets(game, players, records, [d.name for d in bundled_decks(game)])
    if fmt == "json":
        return render_json(game, players, ai, games, seed, rows)
    return render_text(header(game, players, ai, games, seed), rows)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=GAMES)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--ai", default=None, help="the agent of every seat (default: the game's default style)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--format", choices=("text", "json"), default="text")
    args = parser.parse_args(argv)
    cls = get_game(args.game).game_class()
    if not cls.min_players <= args.players <= cls.max_players:
        parser.error(f"{args.game} takes {cls.min_players}-{cls.max_players} players, not {args.players}")
    if args.players > len(bundled_decks(args.game)):
        parser.error(f"{args.game} has {len(bundled_decks(args.game))} bundled decks, fewer than {args.players}")
    if args.games < 1 or args.workers < 1 or args.seed < 0:
        parser.error("--games and --workers must be >= 1 and --seed >= 0")
    try:
        check_bundled_decks(args.game)
    except InvalidDecks as exc:
        parser.error(f"the bundled decks must be valid to calibrate: {exc}")
    ai = args.ai or default_agent(args.game)
    try:
        make_agent(args.game, ai)
    except UnknownAgent as exc:
        parser.error(str(exc))
    print(run(args.game, args.games, ai, args.players, args.seed, args.workers, args.format))
    sys.exit(0)


if __name__ == "__main__":
    main()
