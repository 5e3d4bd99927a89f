"""Dead cards: cards a style holds but never plays while the random agent plays them (a blind spot of the style).

    python -m tests.dead_cards GAME [--games N] [--agent STYLE] [--workers W]

Every agent plays N games of the bundled decks (every pair of decks in turn, both seatings, one seed per game)
in every seat. A card of a deck is *held* in a game when a copy reached its owner's hand, *played* when a copy
was played. A card is dead for a style when it is held in at least HELD_GAMES games and played in under DEAD of
them by the style while the random agent plays it in RANDOM_PLAYS or more of the games it holds it in: the
style never finds a use the rules offer. The test over every game key is tests/test_dead_cards.py.
"""

from __future__ import annotations

import argparse
from collections import Counter
from dataclasses import dataclass
from itertools import combinations
from multiprocessing import Pool

from tcgsim.agents import default_agent, make_agent
from tcgsim.bench import bundled_decks
from tcgsim.engine import play_game
from tcgsim.games import get_game
from tcgsim.stats import DEAD_HELD_GAMES as HELD_GAMES  # one definition with the report's dead-card flag
from tcgsim.stats import DEAD_PLAY_RATE as DEAD

RANDOM_PLAYS = 0.20
SEED = 70_000


@dataclass(frozen=True)
class CardPlay:
    """How often one deck's card was held and played over a set of games."""

    deck: str
    card_id: str
    held: int  # games in which a copy reached the hand
    played: int  # of those, games in which a copy was played

    @property
    def share(self) -> float:
        return self.played / self.held if self.held else 0.0


def _one(job: tuple[str, str, int]) -> list[tuple[str, str, bool, bool]]:
    game, agent, i = job
    decks = bundled_decks(game)
    pairs = list(combinations(decks, 2))
    first, second = pairs[i // 2 % len(pairs)]
    seated = [first, second] if i % 2 == 0 else [second, first]
    cls = get_game(game).game_class()
    result = play_game(cls(seated, SEED + i), [make_agent(game, agent) for _ in seated])
    # played: a copy entered play from anywhere (CardUse.entered_play), as before `played` came to mean "from the
    # hand": GODZILLA's styles put most of their bases and monsters into play at setup, from the deck (GZ-SETUP-4),
    # and a card the style uses that way is not dead though the copies it later draws stay in hand
    return [(seated[u.seat].name, u.card_id, u.drawn > 0, u.entered_play > 0) for u in result.state.card_usage()]


def card_plays(game: str, agent: str, games: int, workers: int = 1) -> dict[tuple[str, str], CardPlay]:
    """Per (deck name, card id): the games it was held in and played in, over `games` games of `agent`."""
    jobs = [(game, agent, i) for i in range(games)]
    if workers > 1:
        with Pool(workers) as pool:
            rows = [r for part in pool.map(_one, jobs, chunksize=4) for r in part]
    else:
        rows = [r for job in jobs for r in _one(job)]
    held: Counter[tuple[str, str]] = Counter()
    played: Counter[tuple[str, str]] = Counter()
    for deck, card, was_held, was_played in rows:
        if was_held:
            held[deck, card] += 1
            played[deck, card] += was_played
    return {key: CardPlay(key[0], key[1], held[key], played[key]) for key in held}


def dead_cards(game: str, games: int, agent: str | None = None, workers: int = 1) -> list[tuple[CardPlay, CardPlay]]:
    """(the style's figures, random's figures) of every card dead for the style (empty when none is)."""
    style = card_plays(game, agent or default_agent(game), games, workers)
    rand = card_plays(game, "random", games, workers)
    return [(s, rand[key]) for key, s in sorted(style.items())
            if s.held >= HELD_GAMES and s.share < DEAD and key in rand and rand[key].share >= RANDOM_PLAYS]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--agent", default=None)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    agent = args.agent or default_agent(args.game)
    found = dead_cards(args.game, args.games, agent, args.workers)
    print(f"{args.game}: {len(found)} dead card(s) for {agent} over {args.games} games")
    for s, r in found:
        print(f"  {s.deck}: {s.card_id}: {agent} plays it in {s.played}/{s.held} games held, "
              f"random in {r.played}/{r.held}")


if __name__ == "__main__":
    main()
