"""Winning (勝利条件, GZ-WIN-1..3) and when it is checked (GZ-INT-13): the reasons, GZ-WIN-1's number (GZ-WIN-3's,
WIN_OPEN_BASES, is in rules.py, beside the deck check that counts fieldable bases), and `WinRules`, which ends the
game and checks GZ-WIN-1 / GZ-WIN-2 whenever a base is destroyed or closed and at the start of every turn. GZ-WIN-3
("maintain") is checked at the end of the player's own turn (`_end_phase`).

`WinRules` is one of the mixins `GzState` (game.py) is made of; its methods moved verbatim from game.py.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from tcgsim.engine import Outcome
from tcgsim.games.godzilla.state import GzStateFields, Phase, _opp

WIN_DESTROYED = 4  # GZ-WIN-1


class WinReason(StrEnum):
    BASES_DESTROYED = "bases_destroyed"  # GZ-WIN-1: 4+ enemy bases destroyed
    NO_OPEN_BASE = "no_open_base"  # GZ-WIN-2: every enemy base destroyed or closed
    OPEN_BASES = "open_bases"  # GZ-WIN-3: 8+ own open bases at the end of one's turn
    SIMULTANEOUS = "simultaneous"  # GZ-INT-13: both players meet a condition at once: a draw


class WinRules(GzStateFields):
    """The end of the game and the checks of GZ-WIN-1 / GZ-WIN-2."""

    def _win(self, winner: int | None, reason: Any) -> None:
        if self._outcome is None:
            self._outcome = Outcome(winner, reason, self.turn)
            self.phase = Phase.OVER
            self.jobs.clear()
            self.record("end", winner, "game_end", winner=winner, reason=str(reason), turns=self.turn)

    def _check_wins(self) -> None:
        """GZ-WIN-1 and GZ-WIN-2, whenever a base is destroyed or closed (GZ-INT-13)."""
        if self.phase < Phase.DRAW or self._outcome is not None:
            return
        won = []
        for seat in (0, 1):
            them = self.players[_opp(seat)]
            if them.lost >= WIN_DESTROYED:
                won.append((seat, WinReason.BASES_DESTROYED))
            elif not any(s is not None and not s.closed for s in them.row):
                won.append((seat, WinReason.NO_OPEN_BASE))
        if len(won) == 2:
            self._win(None, WinReason.SIMULTANEOUS)
        elif won:
            self._win(*won[0])
