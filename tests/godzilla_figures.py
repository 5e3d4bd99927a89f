"""The GODZILLA figures issue 15 measured the styles' blind spots by, over mirror games of the bundled decks:

    python -m tests.godzilla_figures STYLE [--games N]

the bases and monsters each player has when the first turn begins, the share of draws taken from the battle deck,
monsters moved, person cards moved and fusions separated a game, and how many games reach the turn cap
(docs/ai.md).
"""

from __future__ import annotations

import argparse
from multiprocessing import Pool
from typing import Any

from tcgsim.agents import make_agent
from tcgsim.bench import bundled_decks
from tcgsim.engine import Termination, play_game
from tcgsim.games import get_game
from tcgsim.games.godzilla import actions as A
from tcgsim.games.godzilla.state import Phase

SEED = 81_000


def one(job: tuple[str, int]) -> tuple[int, int, int, int, int, int, int, int, bool]:
    style, i = job
    decks = bundled_decks("godzilla")
    n = len(decks)
    seated = [decks[i % n], decks[(i + 1 + i // n) % n]]
    counts = {"bases": 0, "monsters": 0, "battle": 0, "draws": 0, "moves": 0, "persons": 0, "separations": 0}
    opened = False

    def watch(s: Any, a: Any) -> None:
        nonlocal opened
        if not opened and s.phase > Phase.INITIAL and s.turn >= 1:
            opened = True
            for p in s.players:
                counts["bases"] += sum(1 for x in p.row if x is not None)
                counts["monsters"] += len(p.mons)
        t = type(a)
        if t is A.Draw:
            counts["draws"] += 1
            counts["battle"] += bool(a.battle)
        counts["moves"] += t is A.Move
        counts["persons"] += t is A.MovePerson
        counts["separations"] += t is A.Separate

    result = play_game(get_game("godzilla").game_class()(seated, SEED + i), [make_agent("godzilla", style)] * 2,
                       on_action=watch)
    capped = result.outcome.reason is Termination.TURN_LIMIT
    return (counts["bases"], counts["monsters"], counts["battle"], counts["draws"], counts["moves"],
            counts["persons"], counts["separations"], result.outcome.turns, capped)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("style")
    parser.add_argument("--games", type=int, default=100)
    args = parser.parse_args()
    with Pool(2) as pool:
        rows = pool.map(one, [(args.style, i) for i in range(args.games)], chunksize=4)
    g = len(rows)
    total = [sum(r[k] for r in rows) for k in range(7)]
    print(f"godzilla, {args.style} in every seat, {g} games: at the first turn {total[0] / (2 * g):.1f} bases and "
          f"{total[1] / (2 * g):.1f} monsters a player; battle-deck draws {total[2]}/{total[3]} = "
          f"{total[2] / max(total[3], 1):.0%}; a game: {total[4] / g:.1f} monster moves, {total[5] / g:.2f} person "
          f"moves, {total[6] / g:.2f} separations; turn cap reached in {sum(r[8] for r in rows)}")


if __name__ == "__main__":
    main()
