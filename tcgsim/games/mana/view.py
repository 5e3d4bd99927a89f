"""What one Legend of Mana player may see of a position (`ManaState.view`): agents decide from it alone.

`ManaView` reads its state as `StateFields` (fields.py declares every attribute and method it reads), so this
module does not import game.py: game.py imports the view, not both ways."""

from __future__ import annotations

from collections.abc import KeysView, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tcgsim.engine import SamplingView
from tcgsim.games.mana.cards import Attr, ManaCard
from tcgsim.games.mana.state import Battle, BattleKind, ChoiceKind, Phase, Pos

if TYPE_CHECKING:
    from tcgsim.games.mana.fields import StateFields


_UNSET: Any = object()  # a memo slot not worked out yet


@dataclass(frozen=True, slots=True)
class PendingView:
    kind: ChoiceKind
    player: int
    options: tuple[int, ...]
    count: int


@dataclass(frozen=True, slots=True)
class BattleView:
    kind: BattleKind
    attacker: int
    monster_owner: int
    monster: ManaCard | None  # None while it is face down and not the viewer's
    where: tuple[int, Pos] | None
    destination: tuple[int, Pos] | None
    chars: tuple[int, ...]


class ManaView(SamplingView):
    """What one player may see: own hand and face-down monsters; of the enemy, only what is face up and the
    sizes of hidden zones. Agents decide from this alone.

    A view lives for one decision (the state does not change while an agent thinks), so it memoises what it
    works out: agents ask the same questions for every candidate action."""

    __slots__ = ("_s", "player", "_hidden", "_monsters", "_strength", "_positions", "_lands", "_owner", "_cards",
                 "_battle", "_numbers")

    def __init__(self, state: StateFields, player: int) -> None:
        self._s = state
        self.player = player
        self._owner = state.game.owner
        self._cards = state.cards
        self._hidden: frozenset[int] | None = None
        self._monsters: list[tuple[tuple[int, int, int], int, int | None, bool, bool]] | None = None
        self._strength: dict[tuple[object, ...], tuple[int, int] | None] = {}
        self._positions: dict[int, list[Pos]] = {}
        self._lands: dict[int, dict[Pos, int]] = {}  # memo tables: small, and most decisions touch one or two
        self._battle: Any = _UNSET
        self._numbers: Any = _UNSET

    @property
    def game_token(self) -> object:
        """An opaque object, the same for every view of one game and different between games: agents key what
        they remember about printed cards by it (a uid names different cards in another game)."""
        return self._s.game.token

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
    def pending(self) -> PendingView | None:
        """The decision being asked, without its source card (which may be a face-down monster)."""
        if not self._s.pending:
            return None
        ch = self._s.pending[-1]
        return PendingView(ch.kind, ch.player, ch.options, ch.count)

    def pending_kind(self) -> ChoiceKind | None:
        """The kind of the decision being asked (`pending.kind`), None in a phase's own decisions."""
        pending = self._s.pending
        return pending[-1].kind if pending else None

    def _hidden_uids(self) -> frozenset[int]:
        if self._hidden is None:
            s = self._s
            them = s.players[1 - self.player]
            hidden = set(them.hand)
            hidden.update(them.char_deck)
            if not them.deck_revealed:
                hidden.update(them.deck)
            for seat in (0, 1):
                for land in s.players[seat].lands.values():
                    m = land.monster
                    if m is not None and not m.face_up and m.owner != self.player and not m.seen:
                        hidden.add(m.uid)
            self._hidden = frozenset(hidden)
        return self._hidden

    def card(self, uid: int) -> ManaCard | None:
        """The printed card of a uid, if this player may know it."""
        if uid < 0:
            return None
        try:
            if self._owner[uid] == self.player:
                return self._cards[uid]
        except IndexError:
            return None
        hidden = self._hidden
        if hidden is None:
            hidden = self._hidden_uids()
        return self._cards[uid] if uid not in hidden else None

    def mana(self, seat: int) -> tuple[int, int]:
        p = self._s.players[seat]
        return p.available, p.used

    def available(self, seat: int) -> int:
        return self._s.players[seat].available

    def hand(self) -> list[int]:
        return list(self._s.players[self.player].hand)

    def hand_size(self, seat: int) -> int:
        return len(self._s.players[seat].hand)

    def deck_size(self, seat: int) -> int:
        return len(self._s.players[seat].deck)

    def party(self, seat: int) -> list[tuple[int, bool]]:
        return [(c.uid, c.tapped) for c in self._s.players[seat].party]

    def party_cards(self, seat: int) -> list[ManaCard]:
        """The cards of a party, in order (a party is face up: `card` of each uid)."""
        cards = self._cards
        return [cards[c.uid] for c in self._s.players[seat].party]

    def discard(self, seat: int) -> list[int]:
        """A player's discard pile (face up: `card` names each), oldest first: the last is the top card."""
        return list(self._s.players[seat].discard)

    def character_discard(self, seat: int) -> list[int]:
        """A player's trashed characters (face up), oldest first."""
        return list(self._s.players[seat].char_discard)

    def revealed_deck(self, seat: int) -> list[int] | None:
        """A deck played face up (Ancient Tablet), in order, its top card last; None while it is face down."""
        p = self._s.players[seat]
        return list(p.deck) if p.deck_revealed else None

    def own_character_deck(self) -> list[int]:
        """The viewer's character deck: its contents (its own 8 characters less those in sight), not its order."""
        return sorted(self._s.players[self.player].char_deck)

    def characters_left(self, seat: int) -> int:
        p = self._s.players[seat]
        return len(p.party) + len(p.char_deck)

    def lands(self, seat: int) -> dict[Pos, int]:
        """Position -> land uid of a player's grid (shared for this decision: do not modify)."""
        found = self._lands.get(seat)
        if found is None:
            found = self._lands[seat] = {pos: land.uid for pos, land in self._s.players[seat].lands.items()}
        return found

    def land_squares(self, seat: int) -> KeysView[Pos]:
        """The squares of a player's grid (a live view of the position: read it now, do not keep it)."""
        return self._s.players[seat].lands.keys()

    def land_count(self, seat: int) -> int:
        return len(self._s.players[seat].lands)

    def monsters(self) -> list[tuple[tuple[int, int, int], int, int | None, bool, bool]]:
        """(where, owner, uid if visible, face_up, acted) for every monster on the field."""
        if self._monsters is not None:
            return self._monsters
        out = []
        for s in (0, 1):
            for pos, land in self._s.players[s].lands.items():
                m = land.monster
                if m is None:
                    continue
                visible = m.face_up or m.owner == self.player or m.seen
                out.append(((s, pos[0], pos[1]), m.owner, m.uid if visible else None, m.face_up, m.acted))
        self._monsters = out
        return out

    def land_positions(self, seat: int) -> list[Pos]:
        """Where a player could make land now (public: the grids are face up)."""
        if seat not in self._positions:
            self._positions[seat] = self._s.land_positions(seat)
        return self._positions[seat]

    def land_gain(self, uid: int, pos: Pos) -> int:
        s = self._s
        return s.land_gain(self.player, s.cards[uid], pos)

    def monster_strength(self, where: tuple[int, int, int], kind: BattleKind = BattleKind.CHARACTER_ATTACK
                         ) -> tuple[int, int] | None:
        """A visible monster's STR/DEF in a battle of `kind` where it stands; None if face down and not ours."""
        key = (where, kind)
        if key in self._strength:
            return self._strength[key]
        s = self._s
        pos = (where[1], where[2])
        land = s.players[where[0]].lands.get(pos)
        value: tuple[int, int] | None = None
        if land is not None and land.monster is not None:
            m = land.monster
            if m.face_up or m.owner == self.player or m.seen:
                value = s.monster_stats(m.uid, m.owner, where[0], kind, pos)
        self._strength[key] = value
        return value

    def land_card(self, seat: int, pos: Pos) -> ManaCard | None:
        """The card of a player's land at `pos`, if any (lands are face up: `card` of its uid)."""
        land = self._s.players[seat].lands.get(pos)
        return self._cards[land.uid] if land is not None else None

    def monster_facts(self, where: tuple[int, int, int], kind: BattleKind = BattleKind.CHARACTER_ATTACK
                      ) -> tuple[ManaCard | None, tuple[int, int] | None]:
        """(`monster_card`, `monster_strength`) of the square `where`, in one look."""
        pos = (where[1], where[2])
        land = self._s.players[where[0]].lands.get(pos)
        m = land.monster if land is not None else None
        key = (where, kind)
        memo = self._strength
        if m is None:
            memo[key] = None
            return None, None
        visible = m.face_up or m.seen
        if key in memo:
            strength = memo[key]
        else:
            strength = memo[key] = self._s.monster_stats(m.uid, m.owner, where[0], kind, pos) \
                if visible or m.owner == self.player else None
        if visible:
            return self._cards[m.uid], strength
        return (self.card(m.uid) if m.owner == self.player else None), strength

    def monster_acted(self, where: tuple[int, int, int]) -> bool | None:
        """Has the monster at `where` used its action this turn (public); None if no monster stands there."""
        land = self._s.players[where[0]].lands.get((where[1], where[2]))
        m = land.monster if land is not None else None
        return m.acted if m is not None else None

    def monster_card(self, where: tuple[int, int, int]) -> ManaCard | None:
        """The card of the monster at `where`, if there is one and this player may know it: `card` of the uid
        `monsters()` shows there (a face-up or seen card is known without looking at the hidden zones)."""
        land = self._s.players[where[0]].lands.get((where[1], where[2]))
        m = land.monster if land is not None else None
        if m is None:
            return None
        if m.face_up or m.seen:
            return self._cards[m.uid]
        return self.card(m.uid) if m.owner == self.player else None

    def battle(self) -> BattleView | None:
        """The battle in progress, as this player may see it (a face-down enemy monster stays unknown)."""
        if self._battle is not _UNSET:
            return self._battle  # type: ignore[no-any-return]
        b = self._s.battle
        if b is None:
            view = None
        else:
            view = BattleView(b.kind, b.attacker, b.monster_owner, self._fought(b), b.where, b.destination, b.chars)
        self._battle = view
        return view

    def condition_met(self, needs: Sequence[Attr]) -> bool:
        return self._s.condition_met(self.player, needs)

    def _fought(self, b: Battle) -> ManaCard | None:
        """`card` of the battle's monster, read off the field while it is there (no look at the hidden zones:
        on the field only a face-down monster of the opponent, never seen, is hidden)."""
        s = self._s
        found = s._battle_monster(b)
        if found is None:
            return self.card(b.monster_uid)
        m = s.players[found[0]].lands[found[1]].monster
        assert m is not None
        if m.face_up or m.seen or m.owner == self.player or self._owner[m.uid] == self.player:
            return self._cards[m.uid]
        return None

    def items(self, seat: int) -> dict[int, list[int]]:
        """Character uid -> the items it carries (items are face up)."""
        return {c.uid: c.items for c in self._s.players[seat].party}

    def being_used(self) -> tuple[int, ManaCard, Any] | None:
        """(user, card, action) of the card a cancel would answer, if any (it is face up: it is being used)."""
        if not self._s.stack:
            return None
        seat, action, _cost = self._s.stack[-1]
        return seat, self._cards[action.card], action

    def battle_numbers(self) -> tuple[int, list[int], int, int] | None:
        """(characters' total STR, their DEFs, the monster's STR, its DEF) as things stand in the battle, the
        monster taken as average while it is face down and not ours."""
        if self._numbers is _UNSET:
            self._numbers = self._battle_numbers()
        numbers = self._numbers
        if numbers is None:
            return None
        return numbers[0], list(numbers[1]), numbers[2], numbers[3]

    def _battle_numbers(self) -> tuple[int, list[int], int, int] | None:
        s = self._s
        b = s.battle
        if b is None:
            return None
        found = s._battle_monster(b)
        m = s.players[found[0]].lands[found[1]].monster if found is not None else None
        if m is None:
            return None
        known = m.face_up or m.owner == self.player or m.seen or s._flag(b, "stand_in") is not None
        fighters = s._fighters(b, known)
        if known:
            m_str, m_def = s.monster_stats(b.monster_uid, b.monster_owner, found[0] if found else None)
        else:
            m_str, m_def = 3, 3
        return sum(f[1] for f in fighters), [f[2] for f in fighters], m_str, m_def

    def lasting(self, flag: str) -> bool:
        return self._s._lasting_on(flag)
