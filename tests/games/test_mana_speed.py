"""The structures that make Legend of Mana fast (issue 14) give what the plain computation gives: a clone shares
its parent's generator until one of them draws (copy-on-write), and clones stay independent of their parent."""

from __future__ import annotations

import random

from tcgsim.bench import bundled_decks
from tcgsim.games.mana.game import ManaGame, ManaState


def _positions(games: int = 6, every: int = 7) -> list[ManaState]:
    """Positions of random games (every `every`-th action), each a clone left behind as the game went on."""
    decks = bundled_decks("mana")
    out: list[ManaState] = []
    for i in range(games):
        state = ManaGame([decks[i % len(decks)]] * 2, 300 + i).new_initial_state()
        rng = random.Random(i)
        n = 0
        while not state.is_terminal:
            if n % every == 0:
                out.append(state.clone())
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            n += 1
    return out


def _playout(state: ManaState, seed: int) -> tuple[object, ...]:
    rng = random.Random(seed)
    while not state.is_terminal:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return state.signature()  # type: ignore[return-value]


def test_clones_share_the_generator_until_one_draws() -> None:
    for pos in _positions():
        before = pos.signature()
        twin = pos.clone()
        other = pos.clone()
        assert twin.signature() == before
        # the generator is one object until a draw, and a draw in one copy never moves another's
        assert twin.rng.getstate() == pos.rng.getstate()
        twin.rng.random()
        assert pos.signature() == before
        assert other.signature() == before
        # the same playout from each copy: the same game, whichever drew first
        assert _playout(other.clone(), 5) == _playout(pos.clone(), 5) == _playout(pos, 5)


def test_clone_is_independent_of_its_parent() -> None:
    for pos in _positions():
        before = pos.signature()
        child = pos.clone()
        _playout(child, 11)
        assert pos.signature() == before
        again = pos.clone()
        assert again.signature() == before
