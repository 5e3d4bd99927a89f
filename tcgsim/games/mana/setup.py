"""Setup (docs/rules/mana.md, MANA-SETUP-*): the decks shuffled, the opening hands drawn, the mulligan offered.

The mulligan itself answers a choice (`ManaState._answer`, game.py); the parties are filled once the mulligans
are done (`ManaState._advance`, MANA-SETUP-5)."""

from __future__ import annotations

from tcgsim.games.mana.common import HAND_SIZE, _ChoiceKind_MULLIGAN, _Kind_ARTIFACT
from tcgsim.games.mana.fields import StateFields
from tcgsim.games.mana.state import Choice


class SetupRules(StateFields):
    """MANA-SETUP-2..4: what happens before the first turn."""

    def _setup(self) -> None:
        """MANA-SETUP-*: shuffle both decks, draw 7, offer the mulligan, fill the parties."""
        g = self.game
        for seat in (0, 1):
            p = self.players[seat]
            p.deck = list(g.main_uids[seat])
            p.char_deck = list(g.char_uids[seat])
            self.deck_rng(seat).shuffle(p.deck)  # the deck's own generator: the same deal in every seat
            self.deck_rng(seat).shuffle(p.char_deck)
            self._draw(seat, HAND_SIZE)
        if self.events is not None:
            self.record("setup", None, "setup", hands=[len(p.hand) for p in self.players])
        # MANA-SETUP-4: the first player decides first; the choices go on a stack, so push in reverse
        for seat in (1, 0):
            if self._may_mulligan(seat):
                self.pending.append(Choice(_ChoiceKind_MULLIGAN, seat))
        self._advance()

    def _may_mulligan(self, seat: int) -> bool:
        hand = self.players[seat].hand
        artifacts = sum(self.cards[uid].kind is _Kind_ARTIFACT for uid in hand)
        return artifacts == 0 or artifacts == len(hand)
