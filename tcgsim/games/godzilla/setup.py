"""Setup (開始準備, GZ-SETUP-*; the start of the game, ゲーム開始時基本設定, GZ-START-*): the first base of each
player, the initial placement from the main deck (GZ-INT-14, GZ-INT-29), the shuffle, the second player's hand
and pre-game placement; then the first turn starts (turn.py).

`SetupRules` is one of the mixins `GzState` (game.py) is made of; its methods moved verbatim from game.py.
"""

from __future__ import annotations

from typing import Any

from tcgsim.games.godzilla import actions as A
from tcgsim.games.godzilla.cards import Kind
from tcgsim.games.godzilla.state import GzStateFields, Phase, _opp

# The seed's numbers for the setup, each in one place.
INITIAL_CARDS = 6  # GZ-SETUP-4: 拠点と怪獣を合計 6枚まで (the first base included)
INITIAL_REBELLION = 10  # GZ-SETUP-9: 反逆値の合計値が 10以下
INITIAL_REBELLION_ONE_BASE = 5  # GZ-SETUP-9: 拠点が 1枚だけの場合は合計が 5以下
SECOND_PLAYER_HAND = 2  # GZ-START-2 / GZ-SETUP-11
PREGAME_BASES = 1  # GZ-SETUP-13: 拠点は最大1枚まで, closed

_END_PLACEMENT = A.EndPlacement()


class SetupRules(GzStateFields):
    """The setup phases (Phase.FIRST_BASE, INITIAL, PREGAME): their legal actions and their steps."""

    def _first_base_legal(self) -> list[Any]:
        p = self.players[self.actor]
        return [A.PlaceBase(u, A.LEFT) for u in self._distinct(p.deck[::-1], Kind.BASE)]  # in the list's order

    def _initial_legal(self) -> list[Any]:
        """GZ-SETUP-4..9: bases and red monsters from the main deck, 6 cards at most, rebellion 10 (5)."""
        seat = self.actor
        p = self.players[seat]
        out: list[Any] = [_END_PLACEMENT]
        if p.placed >= INITIAL_CARDS:
            return out
        cards = self.cards
        sites: list[tuple[int, int]] | None = None  # (sid, attributes) of the bases, once a monster needs them
        room = 0  # the rebellion a monster may still bring (GZ-SETUP-9)
        for u in self._distinct(p.deck[::-1]):
            c = cards[u]
            if c.kind is Kind.BASE:
                if self._base_allowed(seat, c):
                    out.extend([A.PlaceBase(u, A.LEFT), A.PlaceBase(u, A.RIGHT)])
            elif c.kind is Kind.MONSTER and not c.blue:
                if sites is None:
                    sites = [(s.sid, cards[s.uid].attrs) for s in p.row if s is not None]
                    limit = INITIAL_REBELLION if len(sites) >= 2 else INITIAL_REBELLION_ONE_BASE
                    room = limit - sum(cards[m.uid].rebellion for m in p.mons)
                if c.rebellion > room:
                    continue
                attrs = c.attrs
                out.extend([A.PlaceMonster(u, sid) for sid, a in sites if a & attrs])
        return out

    def _pregame_legal(self) -> list[Any]:
        """GZ-SETUP-12..14: from the hand, one closed base at most, red monsters on open bases sharing an
        attribute."""
        seat = self.actor
        p = self.players[seat]
        out: list[Any] = [_END_PLACEMENT]
        cards = self.cards
        for u in self._distinct(p.hand):
            c = cards[u]
            if c.kind is Kind.BASE and p.placed < PREGAME_BASES and self._base_allowed(seat, c):
                out.extend(A.PlaceBase(u, slot) for slot in self._base_slots(seat))
            elif c.kind is Kind.MONSTER and not c.blue:
                out.extend(A.PlaceMonster(u, s.sid) for s in p.sites()
                           if not s.closed and cards[s.uid].attrs & c.attrs)
        return out

    def _setup_action(self, action: Any) -> None:
        seat = self.actor
        p = self.players[seat]
        t = type(action)
        if self.phase is Phase.FIRST_BASE:
            p.deck.remove(action.card)
            self._insert_site(seat, action.card, A.LEFT, closed=False)  # GZ-SETUP-2/3: open
            p.placed = 1
            self.record("setup", seat, "first_base", card=self._name(action.card))
            self._next_setup_step()
        elif self.phase is Phase.INITIAL:
            if t is A.EndPlacement:
                self.initial_done[seat] = True
                self.dirty = True  # GZ-INT-14: the rebellion check after the initial placement
                self.record("setup", seat, "initial_done", bases=len(p.sites()), monsters=len(p.mons))
                self._next_setup_step()
            elif t is A.PlaceBase:
                p.deck.remove(action.card)
                self._insert_site(seat, action.card, action.slot, closed=False)
                p.placed += 1
                self.record("setup", seat, "place_base", card=self._name(action.card), closed=False)
            else:
                p.deck.remove(action.card)
                self._place_monster(seat, action.card, action.site)
                p.placed += 1
        else:  # pre-game placement
            if t is A.EndPlacement:
                self.dirty = True  # GZ-SETUP-15: the rebellion check after the pre-game placement
                self._next_setup_step()
            elif t is A.PlaceBase:
                p.hand.remove(action.card)
                self._insert_site(seat, action.card, action.slot, closed=True)  # GZ-SETUP-13
                p.placed += 1
                self.record("setup", seat, "place_base", card="a face-down base", closed=True)
            else:
                p.hand.remove(action.card)
                self._place_monster(seat, action.card, action.site)

    def _next_setup_step(self) -> None:
        second = _opp(self.first)
        if self.phase is Phase.FIRST_BASE:
            if self.actor == self.first:
                self.actor = second
            else:
                self.phase = Phase.INITIAL
                self.actor = self.first
                for p in self.players:
                    p.placed = len(p.row)
        elif self.phase is Phase.INITIAL:
            if self.actor == self.first:
                self.actor = second
            else:
                for seat, p in enumerate(self.players):  # GZ-SETUP-10, each deck by its own generator
                    self.deck_rng(seat).shuffle(p.deck)
                    self.deck_rng(seat).shuffle(p.bdeck)
                for _ in range(SECOND_PLAYER_HAND):  # GZ-SETUP-11
                    self._draw(second, False)
                self.record("setup", second, "opening_hand", hand=len(self.players[second].hand))
                self.phase = Phase.PREGAME
                self.actor = second
                self.players[second].placed = 0
        else:
            self.initial_done = [True, True]
            self.active = self.first
            self._start_turn()
