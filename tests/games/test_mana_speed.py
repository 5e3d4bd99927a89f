"""The structures that make Legend of Mana fast (issue 14) give what the plain computation gives: a clone shares
its parent's generator until one of them draws (copy-on-write), clones stay independent of their parent, and a
game's card table, shared by the games of the same card lists, is what building it afresh gives."""

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


def test_card_table_is_shared_and_equals_a_fresh_build() -> None:
    from tcgsim.cards import load_pool
    from tcgsim.decks import card_lists
    from tcgsim.games.mana.cards import mana_cards
    from tcgsim.games.mana.common import WindowReading
    from tcgsim.games.mana.options import ManaOptions

    decks = bundled_decks("mana")
    records = mana_cards()
    for i, deck in enumerate(decks):
        pair = [deck, decks[(i + 1) % len(decks)]]
        game = ManaGame(pair, 1)
        again = ManaGame(pair, 2)
        assert game.cards is again.cards and game.stats_memo is again.stats_memo
        other = ManaGame(pair, 3, ManaOptions(windows=WindowReading.BEFORE_REVEAL))
        assert other.cards is game.cards and other.stats_memo is not game.stats_memo  # the memo is per options
        # what the table holds: seat 0's main deck, its characters, then seat 1's, in file order
        cards: list[object] = []
        for seat, d in enumerate(pair):
            lists = card_lists(d, load_pool("mana"))
            main = [records[c] for c in lists.get("main", [])]
            chars = [records[c] for c in lists.get("characters", [])]
            assert [game.cards[u] for u in game.main_uids[seat]] == main
            assert [game.cards[u] for u in game.char_uids[seat]] == chars
            assert all(game.owner[u] == seat for u in (*game.main_uids[seat], *game.char_uids[seat]))
            cards += main + chars
        assert list(game.cards) == cards
        assert game.shift_lands == any(c.effects.shift_land for c in game.cards)
        assert game.discounts == any(c.effects.discount for c in game.cards)
