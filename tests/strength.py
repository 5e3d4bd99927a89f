"""The search player's strength and cost against a scripted style, on the bundled decks (docs/ai.md):

    python -m tests.strength GAME [--games N] [--agent search] [--against STYLE] [--players P] [--workers W]
                                  [--set NAME=VALUE ...]

Games come in groups of P x P, all with one seed (one deal): a group seats one table of P bundled decks (every
combination of P of them in turn), in each of its P rotations (every deck in every seat), and in each rotation the
searcher takes every seat once while the style (default the game's default style) plays the others. So the
searcher plays every deck of the table from every seat on the same deal, and the style in the searcher's seat
scores exactly the fair share of those games (50% head to head): the measurement is even before the searcher
is better. (Until the session of 2026-12-07, the fourth, a group was P games: the searcher played deck g mod n
in every seat against the decks after it, so the tested seat met a mix of decks its opponents never did; in
three-player eva the style scored 42.1% head to head in the searcher's seat, in mana 55.5% of the points: docs/ai.md.)
The games are rounded up to whole groups. Prints the searcher's points per game with a 95% t interval over the
groups (the games of one deal are not independent), and the time of its games against the time of the same games
with the style in its seat.
Those same games also give the paired figure: the style's own points in the searcher's seat on the same deals,
and the searcher's gain over them with a paired t interval. The deal decides much of a game, so the pairing
narrows the interval of a gain (in eva's two players the two seats' points correlate about 0.4), and the style's
own points say where the bar starts: a game every player loses (eva's humanity destroyed) gives no one a point,
so the style in its own mirror scores under the fair share. Where that can happen (or with more than two
players) a line more reads the games head to head, for the tested agent and for the style in its seat, by the
rule the matchup matrix uses (tcgsim.stats.pair_results): against each opponent in turn, a win, a loss, a draw
when both drew or everyone lost, and no meeting when a third player won. Its even value is 50% whatever the
share of games everyone loses, which is the reading of issue 15's "60% of the points" docs/ai.md gives.
`--set NAME=VALUE` tries the search with one of its settings changed (a field of tcgsim.search.SearchSettings:
`horizon=2` for playouts of two turns, `margin=0.1`), so that no throwaway patch is needed to measure one.
`--first-deal K` starts at deal K instead of 0 (the groups K, K + 1, ...: new deals, the tables in the same
order), so that a trial picked as the best of several on one set of deals can be measured again on deals it was
not picked on: the best of several runs on the same deals is flattered by their noise.

Trials against each other, paired: `--save FILE` writes every game's points (JSON), and `--paired-with FILE`
prints this run's gain over a saved run of the same game, players and games, game by game (the same deals): a
trial's effect then has an interval sqrt(1 - r) as wide as two separate runs', r the correlation of the two runs'
points (in eva's two players 0.43-0.93 for two search variants on the same deals, most 0.5-0.7).
"""

from __future__ import annotations

import argparse
import json
import math
import time
from collections.abc import Sequence
from dataclasses import fields, replace
from multiprocessing import Pool
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np

from tcgsim.agents import default_agent, make_agent
from tcgsim.bench import bundled_decks, check_bundled_decks
from tcgsim.decks import Deck
from tcgsim.engine import Agent, Game, Outcome, play_game
from tcgsim.evaluation import seat_labels
from tcgsim.games import get_game
from tcgsim.search import SearchAgent, SearchSettings
from tcgsim.sim.seeds import rotation_seats
from tcgsim.stats import (
    DRAW,
    PAIR_PLAYERS,
    VOID_ENDINGS,
    Ending,
    Record,
    ending,
    pair_results,
    paired_t_interval,
    seat_results,
    tally,
)
from tcgsim.validate import InvalidDecks
from tests.calibration import matchups

SEED = 50_000
SEATING = 2  # the design of the games (the module docstring); a saved run of another design is not paired with


def group_size(players: int) -> int:
    """The games of one deal: every rotation of a table, the tested agent in every seat of each."""
    return players * players


def whole_groups(games: int, players: int) -> int:
    """`games` rounded up to whole groups."""
    return math.ceil(games / group_size(players)) * group_size(players)


def seating(game: str, players: int, i: int) -> tuple[list[Deck], int, int]:
    """Game i of a strength run: the decks in seat order, the tested agent's seat, and the seed (the module
    docstring): group i // P^2 plays table group mod C(n, P), rotation (i mod P^2) // P, tested seat i mod P."""
    decks = bundled_decks(game)
    tables = matchups(len(decks), players)  # the round robin's tables, as the calibration plays them
    if not tables:
        raise SystemExit(f"{game}: {len(decks)} bundled decks cannot seat {players} players")
    group, k = divmod(i, group_size(players))
    rotation, seat = divmod(k, players)
    table = tables[group % len(tables)]
    return [decks[table[pos]] for pos in rotation_seats(players, rotation)], seat, SEED + group


def games_of_run(games: int, players: int, first_deal: int = 0) -> range:
    """The game numbers (`seating`'s i) of a run of `games` games (whole groups) from deal `first_deal`."""
    start = first_deal * group_size(players)
    return range(start, start + games)


Settings = tuple[tuple[str, str], ...]


def tested_agent(game: str, agent: str, settings: Settings = ()) -> Agent:
    """`agent` as `make_agent` builds it, with the search settings `settings` (NAME, VALUE) changed."""
    searcher = make_agent(game, agent)
    if not settings:
        return searcher
    if not isinstance(searcher, SearchAgent):
        raise SystemExit(f"--set is for the search player's settings, not for {agent!r}")
    known = {f.name: f for f in fields(SearchSettings)}
    changes: dict[str, Any] = {}
    for name, value in settings:
        if name not in known:
            raise SystemExit(f"--set {name}: no such search setting (known: {', '.join(known)})")
        changes[name] = float(value) if name == "margin" else int(value)
    searcher.settings = replace(searcher.settings, **changes)
    return searcher


class Played(NamedTuple):
    """One game of a strength run, from the tested seat."""

    points: float  # the seat's points (a win 1, a draw shared, an everyone-loses end 0)
    seconds: float
    # the seat's head-to-head result against each opponent in seat order (`pair_results`: WIN, LOSS, DRAW, or
    # None when a third player won); empty for a game without a result
    pairs: tuple[str | None, ...]
    group: int  # the deal it was played on (`seating`): the games of one group are not independent


def pairs_of(match: Game, outcome: Outcome, seat: int) -> tuple[str | None, ...]:
    """The head-to-head results of `seat` in a finished game, against each other seat in order, by the matchup
    matrix's rule (`tcgsim.stats.pair_results`)."""
    got = ending(outcome.winner, str(outcome.reason), False, match.all_lose_reasons)
    if got in VOID_ENDINGS:
        return ()
    results = seat_results([-1 if outcome.winner is None else outcome.winner], [match.num_players], [got],
                           match.num_players)[0]
    nobody_won = got is Ending.ALL_LOSE
    return tuple(pair_results(results[seat], results[j], nobody_won).item()
                 for j in range(match.num_players) if j != seat)


def play_seated(game: str, agent: str, against: str, players: int, i: int, settings: Settings = ()) -> Played:
    """Game i with `agent` in the tested seat and `against` in every other."""
    cls = get_game(game).game_class()
    decks, seat, seed = seating(game, players, i)
    agents = [make_agent(game, against) for _ in range(players)]
    agents[seat] = tested_agent(game, agent, settings)
    start = time.perf_counter()
    match = cls(decks, seed)
    result = play_game(match, agents)
    seconds = time.perf_counter() - start
    return Played(seat_labels(result.outcome, match)[seat], seconds, pairs_of(match, result.outcome, seat),
                  i // group_size(players))


def points(game: str, agent: str, against: str, games: int, players: int = 2) -> float:
    """The points `agent` gets over `games` games against `against` (one process: for tests)."""
    return sum(play_seated(game, agent, against, players, i).points for i in range(games))


def _one(job: tuple[str, str, str, int, int, Settings]) -> tuple[Played, Played]:
    """The game with the tested agent in its seat, and the same game with `against` in that seat."""
    game, agent, against, players, i, settings = job
    return play_seated(game, agent, against, players, i, settings), play_seated(game, against, against, players, i)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--agent", default="search")
    parser.add_argument("--against", default=None)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--save", type=Path, default=None, metavar="FILE")
    parser.add_argument("--paired-with", type=Path, default=None, metavar="FILE")
    parser.add_argument("--first-deal", type=int, default=0, metavar="K")
    args = parser.parse_args()
    if args.first_deal < 0:
        parser.error(f"--first-deal {args.first_deal}: a deal number is 0 or more")
    games = whole_groups(args.games, args.players)
    if games != args.games:
        print(f"{args.games} games rounded up to {games}: whole groups of {group_size(args.players)} (one deal each)")
    try:
        check_bundled_decks(args.game)
    except InvalidDecks as exc:
        parser.error(f"the bundled decks must be valid to measure: {exc}")
    before = _saved(args.paired_with, args.game, args.players, games, args.first_deal) if args.paired_with else None
    if args.save is not None and args.save.exists():  # before the games, so that none are played for nothing
        raise SystemExit(f"--save {args.save}: the file exists; remove it or name another")
    against = args.against or default_agent(args.game)
    settings = tuple(tuple(item.split("=", 1)) for item in args.set)
    if any(len(item) != 2 for item in settings):
        raise SystemExit("--set takes NAME=VALUE")
    jobs = [(args.game, args.agent, against, args.players, i, settings)
            for i in games_of_run(games, args.players, args.first_deal)]
    with Pool(args.workers) as pool:
        results = pool.map(_one, jobs, chunksize=2)
    tested, styled = [r[0] for r in results], [r[1] for r in results]
    points = sum(r.points for r in tested)
    _, lo, hi = by_group(tested, [r.points for r in tested])
    cost = sum(r.seconds for r in tested) / sum(r.seconds for r in styled)
    print(f"{args.game} ({args.players} players): {args.agent} vs {against}: {points:g} points in {len(results)} "
          f"games = {points / len(results):.1%} (95% {lo:.1%}-{hi:.1%}); its games cost {cost:.0f}x the "
          f"style's ({sum(r.seconds for r in tested) / len(results) * 1000:.0f} ms a game)")
    style = sum(r.points for r in styled)
    gain, low, high = by_group(tested, [a.points - b.points for a, b in zip(tested, styled, strict=True)])
    print(f"  the same deals with {against} in its seat: {style:g} points = {style / len(results):.1%}; "
          f"{args.agent}'s gain over it {gain:+.1%} (paired 95% {low:+.1%} to {high:+.1%})")
    for who, played in ((args.agent, tested), (f"{against} in its seat", styled)):
        if args.players > 2 or any(DRAW in r.pairs for r in played):
            print(f"  head to head, {who}: {_head_to_head_line(played)}")
    ours = [r.points for r in tested]
    if before is not None:
        gain, low, high = by_group(tested, [a - b for a, b in zip(ours, before, strict=True)])
        print(f"  against the saved run {args.paired_with} ({sum(before) / len(before):.1%}): {gain:+.1%} "
              f"(paired 95% {low:+.1%} to {high:+.1%})")
    if args.save is not None:
        args.save.write_text(json.dumps({"game": args.game, "players": args.players, "seating": SEATING,
                                         "first_deal": args.first_deal, "points": ours}) + "\n", encoding="utf-8")


def by_group(played: Sequence[Played], values: Sequence[float]) -> tuple[float, float, float]:
    """(mean, lower, upper): the mean of a per-game value (points, or a paired difference) with a 95% t interval
    over the groups' means, as the games of one deal are not independent draws (whole groups: equal sizes)."""
    sums: dict[int, list[float]] = {}
    for p, v in zip(played, values, strict=True):
        sums.setdefault(p.group, []).append(v)
    _, low, high = paired_t_interval([sum(g) / len(g) for g in sums.values()])
    return sum(values) / len(values), low, high


def head_to_head(played: Sequence[Played]) -> Record:
    """The tested seat's head-to-head record over a run (`pairs_of`), its interval widened by the design effect
    of the pairs one game holds (with three players the seat meets both opponents in one deal)."""
    results = [r for p in played for r in p.pairs]
    group = [p.group for p in played for _ in p.pairs]
    return tally(np.zeros(len(results), dtype=np.int64), 1, results, PAIR_PLAYERS, group).record(0)


def _head_to_head_line(played: Sequence[Played]) -> str:
    rec = head_to_head(played)
    if rec.games == 0:
        return "the pair never met"
    return (f"{rec.win_rate:.1%} (95% {rec.ci_low:.1%}-{rec.ci_high:.1%}) of {rec.games} meetings in "
            f"{len(played)} games: {rec.wins} won, {rec.losses} lost, {rec.draws} drawn (everyone lost, or a draw)")


def _saved(path: Path, game: str, players: int, games: int, first_deal: int = 0) -> list[float]:
    """The per-game points of a run saved with --save, checked to be of the same games."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise SystemExit(f"--paired-with {path}: cannot read it ({exc})") from None
    if data.get("seating", 1) != SEATING:
        raise SystemExit(f"--paired-with {path}: a run of the earlier seating (groups of P games), not of these deals")
    if data.get("game") != game or data.get("players") != players or len(data.get("points", ())) != games:
        raise SystemExit(f"--paired-with {path}: a run of {data.get('game')} with {data.get('players')} players and "
                         f"{len(data.get('points', ()))} games, not of {game} with {players} and {games}")
    if data.get("first_deal", 0) != first_deal:
        raise SystemExit(f"--paired-with {path}: a run from deal {data.get('first_deal', 0)}, not from {first_deal}")
    return [float(v) for v in data["points"]]


if __name__ == "__main__":
    main()
