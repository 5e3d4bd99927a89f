"""Hand-built GODZILLA positions for the rulebook tests (tests/games/test_godzilla_rules.py).

`position(...)` builds a `GzGame` from two decks that hold exactly the cards the position names, then puts every
card instance into the zone asked for. Cards are never invented: each uid of the game ends up in exactly one zone,
so `state.card_locations()` still accounts for all of them. Cards are named by their printed name ("Plain",
"Godzilla 1984", "Atomic Breath"); a name used twice for one seat means two copies.

    state = position(
        p0_bases=["Plain", base("Mount Fuji", damage=2)],
        p1_bases=[base("Tokyo", closed=True)],
        monsters=[mon("Godzilla 1984", 0, 1, damage=1), mon("Anguirus", 1, 0)],
        p0_hand=["Atomic Breath", "Plain"],
    )

Conventions:
- bases are listed left to right; `RUIN` stands for a ruin (廃墟);
- a monster is on base number `base` (its index in its owner's row, ruins counted); `at=k` puts it on the enemy
  base number k (attacking);
- decks (main and battle) are listed TOP FIRST: `p0_deck=["Plain", "Rodan"]` means Plain is drawn next;
- attached events are names (owned by the carrier's owner) or `(name, owner)`.

The state comes back (checked: each player's total rebellion is within its control, unless `check_control` is
False) with no job, no chain, no battle, no outcome, in `phase` of player `active` on `turn`; the monsters are awake
unless asked otherwise, and the ids of sites and monsters are those `site_id` / `mon_id` give.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from tcgsim.decks import Deck, DeckEntry
from tcgsim.games.godzilla.cards import Kind, gz_cards
from tcgsim.games.godzilla.game import GzGame, GzOptions, GzState
from tcgsim.games.godzilla.state import Mon, Phase, Site

__all__ = ["RUIN", "BaseSpec", "MonSpec", "base", "field", "hand_names", "make_game", "mon", "mon_id", "names",
           "position", "site_id", "uid_of"]

BY_NAME = {c.name: c for c in gz_cards().values()}


@dataclass(frozen=True)
class BaseSpec:
    name: str
    closed: bool = False
    damage: int = 0
    known: bool | None = None  # default: known unless closed
    attached: tuple[Any, ...] = ()
    flip_turn: int = -1


@dataclass(frozen=True)
class MonSpec:
    name: str
    owner: int
    base: int
    damage: int = 0
    asleep: bool = False
    closed: bool = False
    attached: tuple[Any, ...] = ()
    at: int | None = None
    hurt: bool = False
    evo_turn: int = -1
    moved: bool = False
    relieved: bool = False


RUIN = BaseSpec("")


def base(name: str, *, closed: bool = False, damage: int = 0, known: bool | None = None,
         attached: Sequence[Any] = (), flip_turn: int = -1) -> BaseSpec:
    return BaseSpec(name, closed, damage, known, tuple(attached), flip_turn)


def mon(name: str, owner: int, base: int, *, damage: int = 0, asleep: bool = False, closed: bool = False,
        attached: Sequence[Any] = (), at: int | None = None, hurt: bool = False, evo_turn: int = -1,
        moved: bool = False, relieved: bool = False) -> MonSpec:
    return MonSpec(name, owner, base, damage, asleep, closed, tuple(attached), at, hurt, evo_turn, moved, relieved)


def _deck(seat: int, main: Iterable[str], battle: Iterable[str], stock: Iterable[str]) -> Deck:
    def entries(items: Iterable[str]) -> tuple[DeckEntry, ...]:
        return tuple(DeckEntry(name, count, None) for name, count in Counter(items).items())

    return Deck(path=f"<position seat {seat}>", game="godzilla", name=f"position {seat}",
                sections={"main": entries(main), "battle": entries(battle), "stock": entries(stock)})


def make_game(p0: Sequence[str], p1: Sequence[str], p0_battle: Sequence[str] = (), p1_battle: Sequence[str] = (),
              p0_stock: Sequence[str] = (), p1_stock: Sequence[str] = (), *, seed: int = 0,
              options: GzOptions | None = None) -> GzGame:
    """A game of two decks given as lists of card names (any sizes: the engine does not validate decks)."""
    return GzGame([_deck(0, p0, p0_battle, p0_stock), _deck(1, p1, p1_battle, p1_stock)], seed, options)


def _split(names: Iterable[str]) -> tuple[list[str], list[str]]:
    army, battle = [], []
    for n in names:
        (battle if BY_NAME[n].kind is Kind.BATTLE else army).append(n)
    return army, battle


def _attached_names(spec_attached: Sequence[Any], owner: int) -> list[tuple[str, int]]:
    return [(a, owner) if isinstance(a, str) else (a[0], a[1]) for a in spec_attached]


def position(
    p0_bases: Sequence[str | BaseSpec] = ("Plain",),
    p1_bases: Sequence[str | BaseSpec] = ("Plain",),
    monsters: Sequence[MonSpec] = (),
    *,
    p0_hand: Sequence[str] = (),
    p1_hand: Sequence[str] = (),
    p0_deck: Sequence[str] = (),
    p1_deck: Sequence[str] = (),
    p0_bdeck: Sequence[str] = (),
    p1_bdeck: Sequence[str] = (),
    p0_stock: Sequence[str] = (),
    p1_stock: Sequence[str] = (),
    p0_dead: Sequence[str] = (),
    p1_dead: Sequence[str] = (),
    envs: Sequence[tuple[str, int]] = (),
    active: int = 0,
    phase: Phase = Phase.PLACEMENT,
    turn: int = 3,
    draws_left: int = 0,
    lost: tuple[int, int] = (0, 0),
    base_placed: bool = False,
    seed: int = 0,
    options: GzOptions | None = None,
    record_events: bool = False,
    check_control: bool = True,
) -> GzState:
    bases = [[b if isinstance(b, BaseSpec) else BaseSpec(b) for b in p0_bases],
             [b if isinstance(b, BaseSpec) else BaseSpec(b) for b in p1_bases]]
    hands, decks, bdecks = [list(p0_hand), list(p1_hand)], [list(p0_deck), list(p1_deck)], \
        [list(p0_bdeck), list(p1_bdeck)]
    stocks, deads = [list(p0_stock), list(p1_stock)], [list(p0_dead), list(p1_dead)]
    main: list[list[str]] = [[], []]
    battle: list[list[str]] = [[], []]
    for seat in (0, 1):
        for b in bases[seat]:
            if b.name:
                main[seat].append(b.name)
            for name, owner in _attached_names(b.attached, seat):
                main[owner].append(name)
        army, bat = _split([*hands[seat], *deads[seat]])
        main[seat] += army + decks[seat]
        battle[seat] += bat + bdecks[seat]
    for m in monsters:
        main[m.owner].append(m.name)
        for name, owner in _attached_names(m.attached, m.owner):
            main[owner].append(name)
    for name, owner in envs:
        main[owner].append(name)
    game = make_game(main[0], main[1], battle[0], battle[1], stocks[0], stocks[1], seed=seed, options=options)
    s = GzState(game, _blank=True)
    s._reset(record_events)
    free: list[dict[str, list[int]]] = [{}, {}]
    for uid, card in enumerate(game.cards):
        free[game.owner[uid]].setdefault(card.name, []).append(uid)

    def take(seat: int, name: str) -> int:
        return free[seat][name].pop(0)

    for seat in (0, 1):
        p = s.players[seat]
        for b in bases[seat]:
            if not b.name:
                p.row.append(None)
                continue
            site = Site(s._new_id(), take(seat, b.name), seat, b.closed,
                        known=(not b.closed) if b.known is None else b.known, damage=b.damage, flip_turn=b.flip_turn)
            site.attached = [take(owner, name) for name, owner in _attached_names(b.attached, seat)]
            p.row.append(site)
        p.lost = lost[seat]
        p.base_placed = base_placed if seat == active else False
    for spec in monsters:
        row = s.players[spec.owner].row
        home = row[spec.base]
        assert home is not None, f"{spec.name}: base {spec.base} is a ruin"
        m = Mon(s._new_id(), take(spec.owner, spec.name), spec.owner, home.sid)
        m.damage, m.asleep, m.closed, m.hurt, m.evo_turn = spec.damage, spec.asleep, spec.closed, spec.hurt, \
            spec.evo_turn
        m.moved, m.relieved = spec.moved, spec.relieved
        if spec.at is not None:
            target = s.players[1 - spec.owner].row[spec.at]
            assert target is not None
            m.at = target.sid
        m.attached = [take(owner, name) for name, owner in _attached_names(spec.attached, spec.owner)]
        s.players[spec.owner].mons.append(m)
    for name, owner in envs:
        s.envs.append(take(owner, name))
    for seat in (0, 1):
        p = s.players[seat]
        p.hand = [take(seat, n) for n in hands[seat]]
        p.dead = [take(seat, n) for n in deads[seat]]
        p.deck = [take(seat, n) for n in decks[seat]][::-1]
        p.bdeck = [take(seat, n) for n in bdecks[seat]][::-1]
        p.stock = [take(seat, n) for n in stocks[seat]]
        assert not any(free[seat].values()), free[seat]
    s.first = 0
    s.active = s.actor = active
    s.phase = phase
    s.turn = turn
    s.draws_left = draws_left
    s.initial_done = [True, True]
    for seat in (0, 1):
        for m in s.players[seat].mons:
            if m.at >= 0:
                s.attacks.append((m.mid, m.at, -1))
        if check_control:  # a position already in rebellion is a mistake in the test, unless asked for
            assert s.rebellion(seat) <= s.control(seat), f"seat {seat}: rebellion above control"
    return s


def site_id(state: GzState, seat: int, index: int) -> int:
    """The site id of base number `index` in a player's row."""
    site = state.players[seat].row[index]
    assert site is not None
    return site.sid


def mon_id(state: GzState, seat: int, name: str, n: int = 0) -> int:
    """The id of a player's monster by card name (the n-th of that name)."""
    found = [m.mid for m in state.players[seat].mons if state.cards[m.uid].name == name]
    return found[n]


def uid_of(state: GzState, seat: int, name: str, zone: str = "hand", n: int = 0) -> int:
    """The uid of a card by name in a zone of a player: hand, deck, bdeck, stock, dead."""
    uids = getattr(state.players[seat], zone)
    found = [u for u in uids if state.cards[u].name == name]
    return found[n]


def names(state: GzState, uids: Iterable[int]) -> list[str]:
    return [state.cards[u].name for u in uids]


def hand_names(state: GzState, seat: int) -> list[str]:
    return sorted(names(state, state.players[seat].hand))


def field(state: GzState, seat: int) -> list[str | None]:
    """A player's row by card name (None for a ruin)."""
    return [state.cards[s.uid].name if s is not None else None for s in state.players[seat].row]

