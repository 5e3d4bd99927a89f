"""The EVA figures issue 15 measured the styles' blind spots by, over two-player mirror games of the bundled decks:

    python -m tests.eva_figures STYLE [--games N] [--players P]

turns in which nobody speaks a card, the turn players' セリフ a turn, 補完 wins that met a hurt (and in how many a
hurt was legal for a player other than the declarer at all), how often Ritsuko's MAGI's plan cards are played
(spoken, or as a <対抗>), and the median game length (docs/ai.md).
"""

from __future__ import annotations

import argparse
from collections import Counter
from multiprocessing import Pool
from typing import Any

from tcgsim.agents import make_agent
from tcgsim.bench import bundled_decks
from tcgsim.engine import play_game
from tcgsim.games import get_game
from tcgsim.games.eva import actions as A

PLAN = ("Harmonics Test", "MAGI System", "NERV Headquarters")  # Ritsuko's MAGI's plan (decks/eva/ritsukos_magi)
SEED = 80_000


def one(job: tuple[str, int, int]) -> tuple[int, int, int, bool, bool, bool, Counter[str], int]:
    style, players, i = job
    decks = bundled_decks("eva")
    n = len(decks)
    seated = [decks[(i + k * (1 + i // n)) % n] for k in range(players)]
    turns: set[int] = set()
    spoke: set[int] = set()
    serif = 0
    declarer: int | None = None
    hurt = legal_hurt = 0
    plan: Counter[str] = Counter()

    def watch(s: Any, a: Any) -> None:
        nonlocal serif, declarer, hurt, legal_hurt
        turns.add(s.turn)
        if type(a) is A.Speak:
            spoke.add(s.turn)
            serif += a.serif and s.current_player == s.active
        if type(a) in (A.Speak, A.Counter) and s.cards[a.card].name in PLAN:  # spoken, or answering (<対抗>)
            plan[s.cards[a.card].name] += 1
        if type(a) is A.Declare and a.yes:
            declarer, hurt, legal_hurt = s.current_player, 0, 0
        if (declarer is not None and s.current_player != declarer and s.stage is not None
                and any(type(x) is A.StagePlay for x in s.legal_actions())):
            legal_hurt += 1
            hurt += type(a) is A.StagePlay

    result = play_game(get_game("eva").game_class()(seated, SEED + i), [make_agent("eva", style)] * players,
                       on_action=watch)
    hokan = str(result.outcome.reason) == "hokan"
    return (len(turns), len(spoke), serif, hokan, hokan and hurt > 0, hokan and legal_hurt > 0, plan,
            result.outcome.turns)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("style")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args()
    with Pool(2) as pool:
        rows = pool.map(one, [(args.style, args.players, i) for i in range(args.games)], chunksize=4)
    turns = sum(r[0] for r in rows)
    silent = turns - sum(r[1] for r in rows)
    hokan, met, could = (sum(r[k] for r in rows) for k in (3, 4, 5))
    plan = sum((r[6] for r in rows), Counter())
    lengths = sorted(r[7] for r in rows)
    serifs = sum(r[2] for r in rows) / turns
    print(f"eva, {args.players} players, {args.style} in every seat, {args.games} games: turns nobody speaks in "
          f"{silent}/{turns} = {silent / turns:.1%}; turn players' セリフ {serifs:.2f} a turn; "
          f"補完 wins {hokan}, {met} meeting a hurt, a hurt legal in {could}; plan cards played "
          f"{', '.join(f'{k} {plan[k]}' for k in PLAN)}; median length {lengths[len(lengths) // 2]} turns")


if __name__ == "__main__":
    main()
