"""Hand-built Legend of Mana positions for the rulebook tests (tests/games/test_mana_rules.py).

`position(...)` builds a `ManaGame` from two small decks that hold exactly the cards the position names, lets the
engine deal its normal setup, then rearranges every card instance into the zones asked for. Cards are never
invented: each uid of the game ends up in exactly one zone, so `state.card_locations()` still accounts for all of
them. Cards are named by their printed name ("Flame", "Drakonis", "Hero"); a name used twice for one seat means two
copies.

    state = position(
        p0_hand=["Drakonis"],
        p0_lands={(0, 0): "Flame", (1, 0): "Jade Egg"},
        p1_lands={(0, 0): "Wheel"},
        monsters=[monster(1, (0, 0), "Sahagin", owner=0, face_up=True, stolen=1)],
        p0_mana=(3, 1),
    )

Conventions:
- lands are `{(x, y): name}` on the owner's own grid; "up" is +y (see `ARROW_OFFSETS` in the engine).
- a party entry is a name, or `(name, tapped)`, or `(name, tapped, [item names])`.
- decks (main and character) are listed TOP FIRST: `p0_deck=["Flame", "Wheel"]` means Flame is drawn next.
- mana is `(available, used)`.
- a monster is `(land owner, (x, y), name, monster owner, face_up)`, optionally followed by `acted` and `stolen`
  (the `monster()` helper spells these out).

The state comes back with no pending choice, no battle, no outcome, in `phase` of player `active` on `turn`;
`land_made` and `shifted` are False unless asked otherwise.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from tcgsim.decks import Deck, DeckEntry
from tcgsim.games.mana.game import ManaGame, ManaOptions, ManaState
from tcgsim.games.mana.state import Character, Land, Monster, Phase, Player, Pos

__all__ = ["DEFAULT_PARTY", "DEFAULT_CHAR_DECK", "DEFAULT_DECK", "EIGHT", "make_game", "monster", "position", "uid_of",
           "uids_of", "refresh"]

# Hero 4/2, Heroine 3/3, Niccolo 1/4 (2/4 beside Hero or Heroine: synchro; Hero and Heroine swap only when
# the start phase brings a character in, so these plain positions ask nothing of them).
DEFAULT_PARTY: tuple[str, ...] = ("Hero", "Heroine", "Niccolo")
DEFAULT_CHAR_DECK: tuple[str, ...] = ("Escad", "Daena", "Larc", "Sierra", "Princess Pearl")
# A support that needs a Fire source and 2 mana: unusable in most positions, so drawing it rarely adds an action.
DEFAULT_DECK: tuple[str, ...] = ("Useless Putty",) * 5
EIGHT: tuple[str, ...] = DEFAULT_PARTY + DEFAULT_CHAR_DECK  # a legal character deck

MonsterSpec = tuple[Any, ...]
PartySpec = str | tuple[Any, ...]


def monster(land_owner: int, pos: Pos, name: str, owner: int, face_up: bool = False, acted: bool = False,
            stolen: int = 0) -> MonsterSpec:
    """A monster for `position(monsters=[...])`: on land `pos` of `land_owner`'s grid, belonging to `owner`."""
    return (land_owner, pos, name, owner, face_up, acted, stolen)


def _party_entry(entry: PartySpec) -> tuple[str, bool, list[str]]:
    if isinstance(entry, str):
        return entry, False, []
    name, tapped, *rest = entry
    return name, bool(tapped), list(rest[0]) if rest else []


def _deck(seat: int, main: Iterable[str], chars: Iterable[str]) -> Deck:
    def entries(names: Iterable[str]) -> tuple[DeckEntry, ...]:
        return tuple(DeckEntry(name, count, None) for name, count in Counter(names).items())

    return Deck(path=f"<position seat {seat}>", game="mana", name=f"position {seat}",
                sections={"main": entries(main), "characters": entries(chars)})


def make_game(p0_main: Sequence[str], p1_main: Sequence[str], p0_chars: Sequence[str] = EIGHT,
              p1_chars: Sequence[str] = EIGHT, *, seed: int = 0, options: ManaOptions | None = None) -> ManaGame:
    """A game of two decks given as lists of card names (any sizes: the engine does not validate decks)."""
    return ManaGame([_deck(0, p0_main, p0_chars), _deck(1, p1_main, p1_chars)], seed, options)


def position(
    *,
    p0_hand: Sequence[str] = (),
    p1_hand: Sequence[str] = (),
    p0_lands: Mapping[Pos, str] | None = None,
    p1_lands: Mapping[Pos, str] | None = None,
    p0_party: Sequence[PartySpec] = DEFAULT_PARTY,
    p1_party: Sequence[PartySpec] = DEFAULT_PARTY,
    p0_char_deck: Sequence[str] = DEFAULT_CHAR_DECK,
    p1_char_deck: Sequence[str] = DEFAULT_CHAR_DECK,
    p0_char_discard: Sequence[str] = (),
    p1_char_discard: Sequence[str] = (),
    p0_deck: Sequence[str] = DEFAULT_DECK,
    p1_deck: Sequence[str] = DEFAULT_DECK,
    p0_discard: Sequence[str] = (),
    p1_discard: Sequence[str] = (),
    monsters: Sequence[MonsterSpec] = (),
    p0_mana: tuple[int, int] = (0, 0),
    p1_mana: tuple[int, int] = (0, 0),
    phase: Phase = Phase.MAIN,
    active: int = 0,
    turn: int = 3,
    options: ManaOptions | None = None,
    seed: int = 0,
    record_events: bool = False,
) -> ManaState:
    """A `ManaState` in exactly the position described (see the module docstring for the conventions)."""
    hands = (p0_hand, p1_hand)
    lands = (dict(p0_lands or {}), dict(p1_lands or {}))
    parties = ([_party_entry(e) for e in p0_party], [_party_entry(e) for e in p1_party])
    char_decks = (p0_char_deck, p1_char_deck)
    char_discards = (p0_char_discard, p1_char_discard)
    decks = (p0_deck, p1_deck)
    discards = (p0_discard, p1_discard)
    mana = (p0_mana, p1_mana)
    specs = [(m[0], m[1], m[2], m[3], m[4], m[5] if len(m) > 5 else False, m[6] if len(m) > 6 else 0)
             for m in monsters]

    # 1. Two decks holding exactly the cards named for each seat.
    main_names: list[list[str]] = [[], []]
    char_names: list[list[str]] = [[], []]
    for seat in (0, 1):
        main_names[seat] += [*hands[seat], *lands[seat].values(), *decks[seat], *discards[seat]]
        main_names[seat] += [item for _n, _t, items in parties[seat] for item in items]
        char_names[seat] += [n for n, _t, _i in parties[seat]] + [*char_decks[seat], *char_discards[seat]]
    for _lo, _pos, name, owner, *_ in specs:
        main_names[owner].append(name)
    game = make_game(main_names[0], main_names[1], char_names[0], char_names[1], seed=seed, options=options)
    state = game.new_initial_state(record_events=record_events)

    # 2. Every uid of the game, by seat and name, handed out as the zones are filled.
    free: list[dict[str, list[int]]] = [{}, {}]
    for seat in (0, 1):
        for uid in [*game.main_uids[seat], *game.char_uids[seat]]:
            free[seat].setdefault(game.cards[uid].name, []).append(uid)

    def take(seat: int, name: str) -> int:
        uids = free[seat].get(name)
        if not uids:
            raise ValueError(f"no {name!r} left for seat {seat} (check the card name)")
        return uids.pop(0)

    players = [Player(), Player()]
    for seat in (0, 1):
        p = players[seat]
        p.hand = [take(seat, n) for n in hands[seat]]
        p.deck = [take(seat, n) for n in decks[seat]][::-1]  # the engine's top is the end of the list
        p.discard = [take(seat, n) for n in discards[seat]]
        p.char_deck = [take(seat, n) for n in char_decks[seat]][::-1]
        p.char_discard = [take(seat, n) for n in char_discards[seat]]
        p.party = [Character(take(seat, n), tapped, [take(seat, i) for i in items])
                   for n, tapped, items in parties[seat]]
        p.lands = {pos: Land(take(seat, n)) for pos, n in lands[seat].items()}
        p.available, p.used = mana[seat]
        p.mulligan_done = True
    for land_owner, pos, name, owner, face_up, acted, stolen in specs:
        land = players[land_owner].lands[pos]
        if land.monster is not None:
            raise ValueError(f"two monsters on land {pos} of seat {land_owner}")
        m = Monster(take(owner, name), owner, face_up)
        m.acted = acted
        m.stolen = stolen
        land.monster = m
    leftover = {seat: {n: u for n, u in free[seat].items() if u} for seat in (0, 1)}
    assert not leftover[0] and not leftover[1], f"cards left out of every zone: {leftover}"

    # 3. The position replaces the dealt one.
    state.players = players
    state.pending = []
    state.battle = None
    state.shifted = False
    state._outcome = None
    state.phase = phase
    state.active = active
    state.turn = turn
    state._legal = None
    if state.events is not None:
        state.events.clear()  # keep only what happens from the position on
    assert len(state.card_locations()) == len(game.cards)
    return state


def refresh(state: ManaState) -> ManaState:
    """After a test edits a state by hand (e.g. `land_made`), forget the cached legal actions."""
    state._legal = None
    return state


def uid_of(state: ManaState, seat: int, name: str, zone: str = "hand") -> int:
    """The first uid of card `name` in `zone` of `seat` (hand, deck, discard, char_deck, char_discard, party,
    lands, monsters: a monster of that owner anywhere on the field)."""
    found = uids_of(state, seat, name, zone)
    if not found:
        raise LookupError(f"no {name!r} in {zone} of seat {seat}")
    return found[0]


def uids_of(state: ManaState, seat: int, name: str, zone: str = "hand") -> list[int]:
    p = state.players[seat]
    if zone == "party":
        uids = [c.uid for c in p.party]
    elif zone == "lands":
        uids = [land.uid for _pos, land in sorted(p.lands.items())]
    elif zone == "monsters":
        uids = [land.monster.uid for s in (0, 1) for _pos, land in sorted(state.players[s].lands.items())
                if land.monster is not None and land.monster.owner == seat]
    else:
        uids = list(getattr(p, zone))
    return [u for u in uids if state.cards[u].name == name]
