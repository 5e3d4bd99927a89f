"""Setup (docs/rules/eva.md "Setup", EVA-SETUP-2..7): decks shuffled, 補完 cards laid out, the opening hands with
their 使徒 sent back, and the first player. The short rule's setup is its own (short.py, EVA-SHORT-3..7).
"""

from __future__ import annotations

from tcgsim.games.eva.cards import Kind
from tcgsim.games.eva.fields import EvaFields

HAND_SIZE = 6  # EVA-SETUP-5: 山札から6枚引いて手札にする
MAX_SETUP_REDRAWS = 100  # EVA-SETUP-6 repeats "until no 使徒": a guard for decks that are nearly all 使徒


class SetupRules(EvaFields):
    """The standard rules' setup, mixed into `EvaState`."""

    def _setup(self) -> None:
        """EVA-SETUP-2..7."""
        g = self.game
        returned = 0
        for seat in range(self.n):
            p = self.players[seat]
            p.deck = list(g.main_uids[seat])
            self.deck_rng(seat).shuffle(p.deck)  # EVA-SETUP-2, by the deck's own generator (State.deck_rng)
            p.hokan = g.hokan_uids[seat]  # EVA-SETUP-3: LV1 side up, level 0
            p.hand = [p.deck.pop() for _ in range(min(HAND_SIZE, len(p.deck)))]  # EVA-SETUP-5
            for _ in range(MAX_SETUP_REDRAWS):  # EVA-SETUP-6: 使徒 back, shuffle, draw as many, until none
                angels = [u for u in p.hand if self.cards[u].kind is Kind.ANGEL]
                if not angels:
                    break
                returned += len(angels)
                p.hand = [u for u in p.hand if u not in angels]
                p.deck.extend(angels)
                self.deck_rng(seat).shuffle(p.deck)
                p.hand.extend(p.deck.pop() for _ in range(min(len(angels), len(p.deck))))
            else:  # a deck of (almost) only 使徒: keep the 使徒 out of the hand
                angels = [u for u in p.hand if self.cards[u].kind is Kind.ANGEL]
                p.hand = [u for u in p.hand if u not in angels]
                p.deck[:0] = angels
            for uid in p.hand:
                self.hand_turn[uid] = 0
        # EVA-SETUP-7: the table's first draw (no deck draws from it), so from the game seed alone the same seat
        # moves first in every rotation of a pair: each deck moves first exactly once per pair
        self.active = self.rng.randrange(self.n) if self.game.options.random_first_player else 0
        self.first_seat = self.active
        self.record("setup", None, "setup", players=self.n, returned=returned)
        self.record("setup", self.active, "first_player")
        self._start_turn()
        self._advance()
