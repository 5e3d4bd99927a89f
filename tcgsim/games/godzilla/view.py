"""What one GODZILLA player may see of a game (GZ-STOCK-3 the hidden stock, GZ-INT-27 face-down bases, GZ-INT-3
the battle card chosen face down): `GzView`, from which the scripted players (ai.py) decide, and `SiteView`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tcgsim.engine import SamplingView
from tcgsim.games.godzilla.cards import GzCard, Kind
from tcgsim.games.godzilla.options import BattleCards, Relief
from tcgsim.games.godzilla.state import DECISIONS, GzStateFields, Mon, Phase, _opp


@dataclass(frozen=True, slots=True)
class SiteView:
    sid: int
    card: GzCard | None  # None: face down and never seen by this player
    closed: bool
    damage: int
    attached: tuple[int, ...]
    index: int  # position in the row


class GzView(SamplingView):
    """What one player may see: the own hand and stock; of the opponent, the field (a face-down base never seen
    open stays unknown), the sizes of hidden zones. Decks' orders are hidden from both. Agents decide from this
    alone. A view lives for one decision; it reads the state without changing it."""

    __slots__ = ("_s", "player", "_hidden", "_cards", "_owner")

    def __init__(self, state: GzStateFields, player: int) -> None:
        self._s = state
        self.player = player
        self._hidden: frozenset[int] | None = None
        self._cards = state.cards  # printed cards and owners by uid (the game's: never change)
        self._owner = state.game.owner

    def _hidden_uids(self) -> frozenset[int]:
        if self._hidden is None:
            them = self._s.players[_opp(self.player)]
            hidden = {*them.hand, *them.deck, *them.bdeck, *them.stock}
            hidden.update(x.uid for x in them.row if x is not None and x.closed and not x.known)
            b = self._s.battle
            face_down = self._s.opts.battle_cards is BattleCards.FACE_DOWN
            if b is not None and face_down and None in b.picks:  # chosen face down, until both chose (GZ-INT-3)
                pick = b.picks[0] if b.player != self.player else b.picks[1]
                if pick is not None and pick[0] >= 0:
                    hidden.add(pick[0])
            self._hidden = frozenset(hidden)
        return self._hidden

    @property
    def turn(self) -> int:
        return self._s.turn

    @property
    def active(self) -> int:
        return self._s.active

    @property
    def phase(self) -> Phase:
        return self._s.phase

    @property
    def pending(self) -> tuple[Any, ...] | None:
        """The decision being asked (a job tuple: kind, player, public details), None in a phase decision."""
        jobs = self._s.jobs
        if jobs and jobs[-1][0] in DECISIONS:
            return jobs[-1]
        return None

    def card(self, uid: int) -> GzCard | None:
        """The printed card of a uid, if this player may know it (own cards, anything face up)."""
        cards = self._cards
        if uid < 0 or uid >= len(cards):
            return None
        if self._owner[uid] == self.player:
            return cards[uid]
        hidden = self._hidden
        if hidden is None:
            hidden = self._hidden_uids()
        return None if uid in hidden else cards[uid]

    def hand(self) -> list[int]:
        return list(self._s.players[self.player].hand)

    def stock(self) -> list[int]:
        return list(self._s.players[self.player].stock)

    def hand_size(self, seat: int) -> int:
        return len(self._s.players[seat].hand)

    def deck_size(self, seat: int) -> int:
        return len(self._s.players[seat].deck)

    def battle_deck_size(self, seat: int) -> int:
        return len(self._s.players[seat].bdeck)

    def stock_size(self, seat: int) -> int:
        return len(self._s.players[seat].stock)

    def lost(self, seat: int) -> int:
        return self._s.players[seat].lost

    def destroyed(self, seat: int) -> list[int]:
        """A player's 撃破ゾーン (destroyed zone: destroyed bases, monsters and events, used operations, counters
        and countered cards; GZ-FIELD-6), oldest first. Public for every seat, all of it: every card there came
        face up (cards are played face up, GZ-INT-5; a face-down base is named as it is destroyed, the
        base_destroyed event), so `card` names each and resample_hidden leaves the zone as it is."""
        return list(self._s.players[seat].dead)

    def sites(self, seat: int) -> list[SiteView]:
        out = []
        for i, x in enumerate(self._s.players[seat].row):
            if x is None:
                continue
            visible = x.owner == self.player or not x.closed or x.known
            out.append(SiteView(x.sid, self._s.cards[x.uid] if visible else None, x.closed, x.damage,
                                tuple(x.attached), i))
        return out

    def ruins(self, seat: int) -> int:
        return sum(1 for x in self._s.players[seat].row if x is None)

    def monsters(self, seat: int) -> list[Mon]:
        """The player's monsters (all face up: read only)."""
        return self._s.players[seat].mons

    def mon(self, mid: int) -> Mon | None:
        return self._s.mon(mid)

    def mstat(self, m: Mon, stat: str) -> int:
        return self._s.mstat(m, stat)

    def mstats(self, m: Mon) -> tuple[int, int, int]:
        """(power, defense, health) of a monster, as `mstat` gives each."""
        return self._s.mstats(m)

    def site_stat(self, sid: int, stat: str) -> int:
        """A base's power / defense / health (a closed base's are public: 0/0/5 plus attachments)."""
        x = self._s.site(sid)
        return self._s.sstat(x, stat) if x is not None else 0

    def site_stats(self, sid: int) -> tuple[int, int, int]:
        """`site_stat` of power, defense and health at once (one lookup of the base)."""
        x = self._s.site(sid)
        if x is None:
            return 0, 0, 0
        sstat = self._s.sstat
        return sstat(x, "power"), sstat(x, "defense"), sstat(x, "health")

    def site_owner(self, sid: int) -> int:
        return self._s.site_index(sid)[0]

    def adjacent(self, sid: int) -> list[int]:
        return self._s.adjacent_sids(sid)

    def reach(self, m: Mon, home: int | None = None) -> list[int]:
        """The enemy bases the monster may attack from its base (or from `home`), GZ-INT-33."""
        return self._s.reach_sids(m, home)

    def control(self, seat: int) -> int | None:
        """Total control; None for an opponent with a face-down base never seen (its control is hidden)."""
        if seat != self.player and any(x is not None and x.closed and not x.known for x in self._s.players[seat].row):
            return None
        return self._s.control(seat)

    def rebellion(self, seat: int) -> int:
        return self._s.rebellion(seat)

    def open_bases(self, seat: int) -> int:
        return self._s.open_bases(seat)

    def bases_to_field(self) -> list[GzCard]:
        """This player's base cards in its hand, deck and stock, in uid order: the bases it may still field (it
        built the deck, so it knows them; their order in the deck stays hidden)."""
        me = self._s.players[self.player]
        cards = self._cards
        return [cards[u] for u in sorted((*me.hand, *me.deck, *me.stock)) if cards[u].kind is Kind.BASE]

    def environments(self) -> list[int]:
        return list(self._s.envs)

    def attacks(self) -> list[tuple[int, int, int]]:
        return list(self._s.attacks)

    def chain(self) -> list[tuple[int, int, int]]:
        """Cards being played (face up: everyone sees them)."""
        return list(self._s.chain)

    def battle(self) -> tuple[int, int, int, bool] | None:
        """(attacker monster id, attacked site id, defender id, the base defends itself) of the battle."""
        b = self._s.battle
        return None if b is None else (b.attacker, b.site, b.defender, b.base_defends)

    def hand_limit(self) -> int:
        return self._s.opts.hand_limit

    def relief_anywhere(self) -> bool:
        """GZ-INT-24: any awake, open monster may relieve any base (`relief=any`)."""
        return self._s.opts.relief is Relief.ANY
