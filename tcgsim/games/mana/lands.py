"""Mana and land make (docs/rules/mana.md, MANA-MANA-*, MANA-LAND-*, MANA-FX-LAND-2): the two mana pools, where
a land may go inside its 3x3 frame, the mana a land make gives, a land leaving play, and SS Buccaneer's shift."""

from __future__ import annotations

from tcgsim.games.mana.cards import ARROW_OFFSETS, ManaCard
from tcgsim.games.mana.common import GRID, WIN_LANDS, WinReason, _ArrowReading_INCOMING, _ArrowReading_OUTGOING
from tcgsim.games.mana.fields import StateFields
from tcgsim.games.mana.state import Land, Pos

_FREE_SQUARES: dict[tuple[Pos, ...], tuple[Pos, ...]] = {}


def _free_squares(grid: tuple[Pos, ...]) -> tuple[Pos, ...]:
    """The empty squares next to these lands that keep the frame within GRID x GRID, sorted; memoised by the
    squares in the order they were made (grids are small and repeat across games)."""
    min_x = min(x for x, _ in grid)
    max_x = max(x for x, _ in grid)
    min_y = min(y for _, y in grid)
    max_y = max(y for _, y in grid)
    lo_x, hi_x = max_x - GRID + 1, min_x + GRID - 1
    lo_y, hi_y = max_y - GRID + 1, min_y + GRID - 1
    taken = set(grid)
    out: set[Pos] = set()
    for (x, y) in grid:
        for nx, ny in ((x, y + 1), (x - 1, y), (x + 1, y), (x, y - 1)):
            if lo_x <= nx <= hi_x and lo_y <= ny <= hi_y and (nx, ny) not in taken:
                out.add((nx, ny))
    if len(_FREE_SQUARES) > 8192:
        _FREE_SQUARES.clear()
    found = _FREE_SQUARES[grid] = tuple(sorted(out))
    return found


class LandRules(StateFields):
    """The mana pools (MANA-MANA-4/6) and land make (MANA-LAND-1..9, MANA-FX-LAND-1/2)."""

    def _pay(self, seat: int, cost: int) -> None:
        """MANA-MANA-4: a cost moves mana from available to used."""
        p = self.players[seat]
        p.available -= cost
        p.used += cost

    def _take_mana(self, seat: int, amount: int, from_used_first: bool) -> int:
        """Remove up to `amount` mana from a player's pools (never below zero); how much was taken."""
        p = self.players[seat]
        taken = 0
        for _ in range(amount):
            if from_used_first and p.used > 0:
                p.used -= 1
            elif p.available > 0:
                p.available -= 1
            elif p.used > 0:
                p.used -= 1
            else:
                break
            taken += 1
        return taken

    def land_positions(self, seat: int) -> list[Pos]:
        """MANA-LAND-3/4: empty squares next to an own land, inside a 3x3 frame, not next to an enemy monster."""
        lands = self.players[seat].lands
        if not lands:
            return [(0, 0)]
        key = tuple(lands)
        free = _FREE_SQUARES.get(key)
        if free is None:
            free = _free_squares(key)
        shut: set[Pos] | None = None
        for (bx, by), land in lands.items():
            m = land.monster
            if m is not None and m.owner != seat:
                if shut is None:
                    shut = set()
                shut.update(((bx, by + 1), (bx - 1, by), (bx + 1, by), (bx, by - 1)))
        if shut is None:
            return list(free)
        return [q for q in free if q not in shut]

    def land_gain(self, seat: int, card: ManaCard, pos: Pos) -> int:
        """MANA-LAND-5/6: base mana plus the arrow values toward occupied neighbours; never below 0."""
        lands = self.players[seat].lands
        total = card.base_mana
        if self.game.options.arrows is _ArrowReading_OUTGOING:  # the usual reading, unrolled
            x, y = pos
            up, left, right, down = card.arrows
            if (x, y + 1) in lands:
                total += up
            if (x - 1, y) in lands:
                total += left
            if (x + 1, y) in lands:
                total += right
            if (x, y - 1) in lands:
                total += down
            return max(0, total)
        incoming = self.game.options.arrows is _ArrowReading_INCOMING
        for i, (dx, dy) in enumerate(ARROW_OFFSETS):
            neighbour = lands.get((pos[0] + dx, pos[1] + dy))
            if neighbour is None:
                continue
            if incoming:
                total += self.cards[neighbour.uid].arrows[3 - i]  # its arrow pointing back at us
            else:
                total += card.arrows[i]
        return max(0, total)

    def _land_names(self, seat: int) -> set[str]:
        return {self.cards[land.uid].name for land in self.players[seat].lands.values()}

    def _may_make_land(self, seat: int, card: ManaCard) -> bool:
        need = card.effects.place_if_discards  # Junkyard (Broken Doll)
        if need:
            p = self.players[seat]
            if len(p.discard) + len(p.char_discard) < need:
                return False
        return True

    def _make_land(self, seat: int, uid: int, pos: Pos, from_hand: bool = True) -> None:
        p = self.players[seat]
        card = self.cards[uid]
        if pos in p.lands or pos not in self.land_positions(seat):
            p.discard.append(uid)  # the square was taken meanwhile: the artifact is spent
            return
        gained = self.land_gain(seat, card, pos)
        if from_hand:
            p.hand.remove(uid)
        p.lands[pos] = Land(uid)
        p.land_made = True
        self._played(uid)
        p.available += gained
        if self.events is not None:
            self.record("main", seat, "land_make", card=card.name, x=pos[0], y=pos[1], gained=gained, mana=p.mana,
                        lands=len(p.lands))
        if len(p.lands) >= WIN_LANDS:  # MANA-WIN-3: checked at once, enemy monsters or not
            self._win(seat, WinReason.LANDS_9)

    def _lose_land(self, owner: int, pos: Pos, to_hand: bool = False) -> None:
        """MANA-LAND-9: a land that leaves play takes its base mana with it (a monster on it goes too)."""
        p = self.players[owner]
        land = p.lands.get(pos)
        if land is None:
            return
        if land.monster is not None:
            self._trash_monster(owner, pos, in_battle=False)
        del p.lands[pos]
        (p.hand if to_hand else p.discard).append(land.uid)
        lost = self._take_mana(owner, self.cards[land.uid].base_mana, from_used_first=True)
        if self.events is not None:
            self.record(self._phase_name(), owner, "land_lost", card=self.cards[land.uid].name, mana_lost=lost)

    def _replace_squares(self, owner: int, pos: Pos) -> list[Pos]:
        """Where a land of `owner` at `pos` could be re-placed (Dudbear, Roger): a land make square once it is
        picked up, other than where it was."""
        lands = self.players[owner].lands
        land = lands.pop(pos)
        try:
            squares = [q for q in self.land_positions(owner) if q != pos]
        finally:
            lands[pos] = land
        return squares

    def _shift_targets(self, seat: int, pos: Pos, mover: int | None = None) -> list[Pos]:
        """Where SS Buccaneer at `pos` of `seat`'s grid may shift, for `mover` (the land's owner, or the player
        whose monster holds it, MANA-FX-LAND-2): inside that grid's 3x3 frame, next to another of its lands, not
        next to a land holding a monster of the mover's opponent."""
        mover = seat if mover is None else mover
        lands = self.players[seat].lands
        others = {p: land for p, land in lands.items() if p != pos}
        blocked = {p for p, land in others.items() if land.monster is not None and land.monster.owner != mover}
        out = []
        for dx, dy in ARROW_OFFSETS:
            to = (pos[0] + dx, pos[1] + dy)
            if to in others:
                continue
            xs = [x for x, _ in others] + [to[0]]
            ys = [y for _, y in others] + [to[1]]
            if max(xs) - min(xs) >= GRID or max(ys) - min(ys) >= GRID:
                continue
            if any((to[0] + ox, to[1] + oy) in blocked for ox, oy in ARROW_OFFSETS):
                continue
            if others and not any((to[0] + ox, to[1] + oy) in others for ox, oy in ARROW_OFFSETS):
                continue
            out.append(to)
        return sorted(out)

    def _shift(self, seat: int, land_uid: int, to: Pos) -> None:
        """`seat` shifts SS Buccaneer: its own, or an enemy one its monster holds (MANA-FX-LAND-2)."""
        owner = seat if any(land.uid == land_uid for land in self.players[seat].lands.values()) else 1 - seat
        lands = self.players[owner].lands
        pos = next(p for p, land in lands.items() if land.uid == land_uid)
        lands[to] = lands.pop(pos)
        self.shifted = True
        if self.events is not None:
            self.record("main", seat, "land_shift", card=self.cards[land_uid].name, x=to[0], y=to[1])
