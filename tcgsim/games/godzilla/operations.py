"""Operations (オペレーションカード, GZ-OP-*): which operations a player may use now and on what (GZ-OP-3,
GZ-INT-17: in the advance phase and in the battle windows, GZ-INT-21; counter operations only as counters,
counters.py). Using one is playing a card from hand (counters.py); after use it goes to the 撃破ゾーン (GZ-OP-4).

`OperationRules` is one of the mixins `GzState` (game.py) is made of; its methods moved verbatim from game.py.
"""

from __future__ import annotations

from typing import Any

from tcgsim.games.godzilla import actions as A
from tcgsim.games.godzilla.cards import GzCard, Kind
from tcgsim.games.godzilla.effects import Verb
from tcgsim.games.godzilla.state import GzStateFields, _opp


class OperationRules(GzStateFields):
    """The operations usable now, and their targets."""

    def _operation_actions(self, seat: int) -> list[Any]:
        """Operations usable now (not counters: those answer a card being played)."""
        p = self.players[seat]
        cards = self.cards
        spare = len(p.hand) - 1
        out: list[Any] = []
        for u in self._distinct(p.hand, Kind.OPERATION):
            c = cards[u]
            if c.counter or c.cost > spare:
                continue
            out.extend([A.UseOperation(u, t) for t in self._op_targets(seat, c)])
        return out

    def _op_targets(self, seat: int, c: GzCard) -> list[int]:
        word = next((e.target for e in c.effects if e.target), "")
        if word == "enemy_monster":
            return [m.mid for m in self.players[_opp(seat)].mons]
        if word == "own_monster":
            if any(e.verb is Verb.EVOLVE_NOW for e in c.effects):
                return [m.mid for m in self.players[seat].mons if self._evolutions(m)]
            return [m.mid for m in self.players[seat].mons]
        if word == "any_monster":
            return [m.mid for q in self.players for m in q.mons]
        if word == "own_base":
            return [s.sid for s in self.players[seat].row if s is not None]
        if word == "enemy_base":
            return [s.sid for s in self.players[_opp(seat)].row if s is not None]
        return [-1]
