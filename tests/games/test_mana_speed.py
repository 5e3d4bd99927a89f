"""The structures that make Legend of Mana fast (issue 14) give what the plain computation gives: a clone shares
its parent's generator until one of them draws (copy-on-write), clones stay independent of their parent, and a
game's card table, shared by the games of the same card lists, is what building it afresh gives."""

from __future__ import annotations

from tcgsim.bench import bundled_decks
from tcgsim.games.mana.game import ManaGame


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
