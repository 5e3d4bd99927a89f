"""The search player's strength and cost against a scripted style, on the bundled decks (docs/ai.md):

    python -m tests.strength GAME [--games N] [--agent search] [--against STYLE] [--players P] [--workers W]
                                  [--horizon H]

Games come in groups of P (one per seat of the searcher), all with one seed: in group g the searcher plays
bundled deck g mod n and each opponent (the style, default the game's default style) the decks after it, and the
searcher takes every seat once, so seat and deck effects cancel. Prints the searcher's points per game with its
95% Wilson interval, and the time of its games against the time of the same games with the style in its seat.
`--horizon H` tries the search with playouts of H turns instead of the game's `search_horizon` (a trial of a
setting, so that no throwaway patch is needed to measure one).
"""

from __future__ import annotations

import argparse
import time
from dataclasses import replace
from multiprocessing import Pool

from tcgsim.agents import default_agent, make_agent
from tcgsim.bench import bundled_decks
from tcgsim.decks import Deck
from tcgsim.engine import Agent, play_game
from tcgsim.evaluation import seat_labels
from tcgsim.games import get_game
from tcgsim.search import SearchAgent
from tcgsim.stats import wilson_interval

SEED = 50_000


def seating(game: str, players: int, i: int) -> tuple[list[Deck], int, int]:
    """Game i of a strength run: the decks in seat order, the tested agent's seat, and the seed."""
    decks = bundled_decks(game)
    group, seat = divmod(i, players)
    ours = [decks[(group + k) % len(decks)] for k in range(players)]
    seated = ours[1:][:seat] + [ours[0]] + ours[1:][seat:]  # the tested deck at its seat, the others in order
    return seated, seat, SEED + group


def tested_agent(game: str, agent: str, horizon: int | None = None) -> Agent:
    """`agent` as `make_agent` builds it, or a search player with playouts of `horizon` turns."""
    searcher = make_agent(game, agent)
    if horizon is None:
        return searcher
    if not isinstance(searcher, SearchAgent):
        raise SystemExit(f"--horizon is a setting of the search player, not of {agent!r}")
    searcher.settings = replace(searcher.settings, horizon=horizon)
    return searcher


def play_seated(game: str, agent: str, against: str, players: int, i: int,
                horizon: int | None = None) -> tuple[float, float]:
    """(the points `agent` got in game i, the seconds the game took), every other seat played by `against`."""
    cls = get_game(game).game_class()
    decks, seat, seed = seating(game, players, i)
    agents = [make_agent(game, against) for _ in range(players)]
    agents[seat] = tested_agent(game, agent, horizon)
    start = time.perf_counter()
    match = cls(decks, seed)
    result = play_game(match, agents)
    seconds = time.perf_counter() - start
    return seat_labels(result.outcome, match)[seat], seconds


def points(game: str, agent: str, against: str, games: int, players: int = 2) -> float:
    """The points `agent` gets over `games` games against `against` (one process: for tests)."""
    return sum(play_seated(game, agent, against, players, i)[0] for i in range(games))


def _one(job: tuple[str, str, str, int, int, int | None]) -> tuple[float, float, float]:
    """(the tested agent's points, seconds of its game, seconds of the same game with `against` in its seat)."""
    game, agent, against, players, i, horizon = job
    ours, seconds = play_seated(game, agent, against, players, i, horizon)
    _, theirs = play_seated(game, against, against, players, i)
    return ours, seconds, theirs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--agent", default="search")
    parser.add_argument("--against", default=None)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--horizon", type=int, default=None)
    args = parser.parse_args()
    against = args.against or default_agent(args.game)
    jobs = [(args.game, args.agent, against, args.players, i, args.horizon) for i in range(args.games)]
    with Pool(args.workers) as pool:
        results = pool.map(_one, jobs, chunksize=2)
    points = sum(r[0] for r in results)
    lo, hi = wilson_interval(points, len(results))
    cost = sum(r[1] for r in results) / sum(r[2] for r in results)
    print(f"{args.game} ({args.players} players): {args.agent} vs {against}: {points:g} points in {len(results)} "
          f"games = {points / len(results):.1%} (95% {lo:.1%}-{hi:.1%}); its games cost {cost:.0f}x the "
          f"style's ({sum(r[1] for r in results) / len(results) * 1000:.0f} ms a game)")


if __name__ == "__main__":
    main()
