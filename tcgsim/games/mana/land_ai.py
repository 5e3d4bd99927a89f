"""The scripted Legend of Mana players' judgement of moving a land (`LandMoveJudgement`, a mixin of
ai.ScriptedAgent): Roger's Digging Business (a land picked up and re-placed, then where it goes) and SS Buccaneer's
shift. A land moved makes no mana; what it changes is where the next land can go and what it pays, so a move is
worth the best land make it opens against the best one open now (for the enemy's grid, the land make squares it
takes from them). The grid after a move is worked out by the rules themselves (`land_positions`, `land_gain`) on a
position sampled from the view, in which only what we cannot see differs: the grids, the hand we hold and the land
make of this turn are our own, so nothing hidden is read."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from tcgsim.games.mana import actions as A
from tcgsim.games.mana.cards import Kind, ManaCard
from tcgsim.games.mana.view import ManaView

_Kind_ARTIFACT = Kind.ARTIFACT

HOLD = -0.5  # a move that opens nothing: below ending the phase
Where = tuple[int, int, int]
_AROUND = ((0, 1), (-1, 0), (1, 0), (0, -1))


def land_score(gain: int, potential: int, room: int, land_weight: float) -> float:
    """What a land make is worth (ai.ScriptedAgent._land): the mana it pays, less for a land whose arrows would pay
    more with more neighbours later, a little for free squares around it; any land beats none (it counts toward 9)."""
    return _score(land_value(gain, potential), room, land_weight)


def land_value(gain: int, potential: int) -> float:
    """The part of `land_score` the card makes: the mana it pays, less for what its arrows would pay later."""
    return gain - 0.4 * max(0, potential - gain)


def _score(value: float, room: int, land_weight: float) -> float:
    """`land_score` from `land_value` (it grows with it: the best card for a square is the one of best value)."""
    return max(1.0, 5.0 + land_weight * value + 0.1 * room)


def potential(card: ManaCard) -> int:
    """The most a land can pay: its base mana and every positive arrow."""
    return card.base_mana + sum(a for a in card.arrows if a > 0)


def room(pos: tuple[int, int], lands: Any) -> int:
    """The free squares around `pos` (frame limits ignored): room for later lands' arrows."""
    x, y = pos
    return ((x, y + 1) not in lands) + ((x - 1, y) not in lands) + ((x + 1, y) not in lands) + ((x, y - 1) not in lands)


class LandMoveJudgement:
    """How much a player likes moving a land: one of its own (Roger, Dudbear, SS Buccaneer), or an enemy one (the
    SS Buccaneer its monster holds, Dudbear)."""

    land_weight: ClassVar[float]  # the style's value of one mana a land makes
    _world: Any  # a position sampled from this decision's view (`_sampled`); None: not drawn yet
    _legal: Sequence[Any]  # this decision's legal actions (set by `choose`)
    _grids: dict[int, int]  # `_grid_key` by grid owner, for this decision
    _grid_ids: dict[Any, int]  # what a grid key stands for, for the game
    _digs: dict[tuple[int, tuple[int, int]], float]  # `_dig_value` by (grid key, the land), for the game
    _layable: list[ManaCard] | None  # `_artifacts` of this decision (None: not worked out yet)
    _make_open: bool | None  # `_land_make_open` of this decision (None: not worked out yet)
    _moves: dict[Any, tuple[float | None, float | None]]  # `_move_value`'s facts by (grid key, from, to)
    _squares: dict[Any, Any]  # `_grid_makes` by grid key, for the game
    _places: dict[Any, list[tuple[int, int]]]  # `_destinations` by (grid key, from), for the game

    if TYPE_CHECKING:  # ai.ScriptedAgent's, declared for mypy alone
        def _enemy_facts(self, view: ManaView) -> tuple[int, int, list[int]]: ...

    def _sampled(self, view: ManaView) -> Any:
        """A position drawn from our view (once per decision): its grids are the true ones, its hidden cards not."""
        found = self._world
        if found is None:
            found = self._world = view.sample(random.Random(0))
        return found

    def _grid_key(self, view: ManaView, owner: int) -> int:
        """What a move on `owner`'s grid depends on: that grid, the other player's monsters standing on it (they
        shut the land make squares next to them), and for our grid the artifacts in our hand. Moves are judged
        many times a turn (every main-phase decision while Roger is untapped), so what they are worth is kept by
        it for the game."""
        found = self._grids.get(owner)
        if found is None:
            squatters = tuple(sorted(w for w, o, _u, _up, _a in view.monsters() if w[0] == owner and o != owner))
            layable = tuple(sorted(c.id for c in self._artifacts(view))) if owner == view.player else None
            key = (owner, tuple(sorted(view.lands(owner).items())), squatters, layable)
            # a small number stands for it in the memos (the key itself hashes slowly, and moves look it up often)
            found = self._grids[owner] = self._grid_ids.setdefault(key, len(self._grid_ids))
        return found

    def _artifacts(self, view: ManaView) -> list[ManaCard]:
        """The artifacts in our hand we could lay as a land (no land of that name on our grid; once per
        decision)."""
        found = self._layable
        if found is None:
            names = {c.name for c in (view.card(u) for u in view.lands(view.player).values()) if c is not None}
            found = self._layable = []
            for u in view.hand():
                c = view.card(u)
                if c is not None and c.kind is _Kind_ARTIFACT and c.name not in names:
                    found.append(c)
        return found

    def _makes(self, world: Any, seat: int, tops: Sequence[tuple[ManaCard, int]],
               squares: Any = None) -> dict[tuple[int, int], float]:
        """The best land make of these artifacts (with their potentials) at each of these land make squares of
        `seat` (all of them if None) on the sampled grid as it is now."""
        lands = world.players[seat].lands
        weight = self.land_weight
        gain = world.land_gain
        out = {}
        for pos in world.land_positions(seat) if squares is None else squares:
            best = max(land_value(gain(seat, card, pos), top) for card, top in tops)
            out[pos] = _score(best, room(pos, lands), weight)
        return out

    @staticmethod
    def _moved(world: Any, owner: int, src: tuple[int, int], dst: tuple[int, int] | None, judge: Any) -> Any:
        """`judge()` on the sampled grid of `owner` with its land at `src` moved to `dst` (None: picked up), then
        the land put back (the grid's order may change: the rules' squares do not depend on it)."""
        lands = world.players[owner].lands
        land = lands.pop(src)
        if dst is not None:
            lands[dst] = land
        try:
            return judge()
        finally:
            if dst is not None:
                del lands[dst]
            lands[src] = land

    def _move_value(self, view: ManaView, owner: int, src: tuple[int, int], dst: tuple[int, int]) -> float:
        """What moving the land at `src` of `owner`'s grid to `dst` is worth to us."""
        if owner == view.player and not (self._land_make_open(view) and self._artifacts(view)):
            return HOLD  # no land make left this turn: next turn the land can move first just as well
        key = (self._grid_key(view, owner), src, dst)
        if len(self._moves) > 4096:
            self._moves.clear()
            self._squares.clear()
            self._places.clear()
            self._digs.clear()
        if owner != view.player:
            denied = self._moves.get(key)
            if denied is None:
                denied = self._moves[key] = (self._deny_value(view, owner, src, dst), None)
            return denied[0] if denied[0] is not None else HOLD
        found = self._moves.get(key)
        if found is None:
            found = self._moves[key] = self._makes_opened(view, src, dst)
        now, then = found
        if then is None or (now is not None and then <= now + 1e-9):
            return HOLD
        return then - 0.1  # move first, then make the land it opens (scored just below that land make)

    def _deny_value(self, view: ManaView, owner: int, src: tuple[int, int], dst: tuple[int, int]) -> float:
        """An enemy land moved (the SS Buccaneer our monster holds): the land make squares it takes from them,
        worth more as they near 9 lands."""
        world = self._sampled(view)
        before = len(world.land_positions(owner))
        after = self._moved(world, owner, src, dst, lambda: len(world.land_positions(owner)))
        if after >= before:
            return HOLD
        their_lands = self._enemy_facts(view)[0]
        value = 0.5 * max(1, their_lands - 3) * (before - after)
        return value + (2.0 * max(0, their_lands - 4) if after == 0 else 0.0)

    def _land_make_open(self, view: ManaView) -> bool:
        """Is this turn's land make still to come? Yes if a land make is among the legal actions; no if none is
        while we could lay an artifact on a square; else (no square now, or a pick is being asked) the sampled
        position tells (whether a player made land this turn is public)."""
        found = self._make_open
        if found is None:
            if any(type(a) is A.MakeLand and a.card >= 0 for a in self._legal):
                found = True
            elif view.pending is None and view.land_positions(view.player):
                found = False
            else:
                found = not self._sampled(view).players[view.player].land_made
            self._make_open = found
        return found

    def _makes_opened(self, view: ManaView, src: tuple[int, int], dst: tuple[int, int]
                      ) -> tuple[float | None, float | None]:
        """(the best land make our artifacts have now, the best once our land at `src` is moved to `dst`): None
        where there is none."""
        me = view.player
        artifacts = self._artifacts(view)
        if not artifacts:
            return None, None  # no land to lay: a move opens nothing
        world = self._sampled(view)
        key = self._grid_key(view, me)
        made = self._squares.get(key)
        if made is None:  # the land make now, square by square, and the artifacts that could beat it (once per key)
            made = self._squares[key] = self._grid_makes(world, me, artifacts)
        now, hopeful, before, step = made
        if not hopeful:
            return now, None  # no artifact could pay more anywhere: no move can beat the land make now
        weight = self.land_weight
        gain = world.land_gain

        def after() -> float | None:
            # a move changes a land make only at squares next to where the land was or goes, by at most a step of
            # mana for each (those that could not beat now even so are left out), and at squares it opens (judged
            # in full); anywhere else it stays what it was, no better than now
            gone = {(src[0] + dx, src[1] + dy) for dx, dy in _AROUND}
            come = {(dst[0] + dx, dst[1] + dy) for dx, dy in _AROUND}
            lands = world.players[me].lands
            best = now
            for q in world.land_positions(me):
                was = before.get(q)
                k = 0 if was is None else (q in gone) + (q in come)
                if was is not None and not k:
                    continue
                free = room(q, lands)
                for i, (card, top) in enumerate(hopeful):
                    if was is not None and _score(land_value(was[i] + k * step, top), free + k, weight) <= best:
                        continue  # `best` is not None here: a square was there before
                    value = _score(land_value(gain(me, card, q), top), free, weight)
                    if best is None or value > best:
                        best = value
            return best if best is not None and best != now else None

        return now, self._moved(world, me, src, dst, after)

    def _grid_makes(self, world: Any, me: int, artifacts: Sequence[ManaCard]) -> Any:
        """(the best land make now, the artifacts that could pay more than it with their potentials, each land
        make square's mana for each of those artifacts, the most a neighbour coming or going adds to a land's
        mana) of our grid as it is."""
        tops = [(c, potential(c)) for c in artifacts]
        makes = self._makes(world, me, tops)
        now = max(makes.values(), default=None)
        weight = self.land_weight
        hopeful = [(c, top) for c, top in tops if now is None or _score(land_value(top, top), 4, weight) > now]
        before = {q: [world.land_gain(me, c, q) for c, _top in hopeful] for q in makes}
        # a neighbour adds or takes at most one arrow to a land's mana, whichever way arrows are read (its own or the
        # land's toward it)
        arrows = [abs(a) for c in artifacts for a in c.arrows]
        arrows += [abs(a) for land in world.players[me].lands.values() for a in world.cards[land.uid].arrows]
        return now, hopeful, before, max(arrows, default=0)

    def _destinations(self, view: ManaView, owner: int, src: tuple[int, int]) -> list[tuple[int, int]]:
        """Where the land at `src` of `owner`'s grid could be re-placed (lands.py `_replace_squares`)."""
        key = (self._grid_key(view, owner), src)
        found = self._places.get(key)
        if found is None:
            world = self._sampled(view)
            squares = self._moved(world, owner, src, None, lambda: world.land_positions(owner))
            found = self._places[key] = [q for q in squares if q != src]
        return found

    def _dig_value(self, view: ManaView, at: Where) -> float:
        """Roger's Digging Business (Dudbear's too) on the land at `at`: the best of the places it could go."""
        if at[0] == view.player and not (self._land_make_open(view) and self._artifacts(view)):
            return HOLD  # no land to lay this turn: nothing a move could open (and no position to sample)
        src = (at[1], at[2])
        key = (self._grid_key(view, at[0]), src)
        found = self._digs.get(key)
        if found is None:
            found = self._digs[key] = max((self._move_value(view, at[0], src, q)
                                           for q in self._destinations(view, at[0], src)), default=HOLD)
        return found

    def _shift_value(self, view: ManaView, action: A.MakeLand) -> float:
        """SS Buccaneer shifted to (x, y): a land make encoding the land's uid as -1 - uid."""
        uid = -1 - action.card
        for seat in (view.player, 1 - view.player):
            for pos, land in view.lands(seat).items():
                if land == uid:
                    if seat == view.player and not (self._land_make_open(view) and self._artifacts(view)):
                        return HOLD
                    return self._move_value(view, seat, pos, (action.x, action.y))
        return HOLD

    def _destination_value(self, view: ManaView, at: Where) -> float:
        """Where the land picked up goes: the view does not say which land it is, so it is the land whose possible
        places are exactly the places offered (the value averaged if several are)."""
        options = {(a.at[1], a.at[2]) for a in self._legal if type(a) is A.ChoosePlace}
        sources = [pos for pos in view.lands(at[0]) if set(self._destinations(view, at[0], pos)) == options]
        if not sources:
            return HOLD
        return sum(self._move_value(view, at[0], src, (at[1], at[2])) for src in sources) / len(sources)
