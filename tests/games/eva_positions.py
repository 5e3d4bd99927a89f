"""Hand-built EVA positions for the rulebook tests (tests/games/test_eva_rules.py).

`position(...)` builds an `EvaGame` whose decks hold exactly the cards the position names (plus filler), lets the
engine deal its normal setup, then rearranges every card instance into the zones asked for, so
`state.card_locations()` still accounts for all of them. Cards are named by their printed name; a name used twice
for one seat means two copies. Characters and Evas are named by key ("shinji", "unit01").

    s = position(hands=[["Moving In"], ["Anta Baka?"]], phase="main", group=[["shinji", "asuka"]])

Conventions:
- decks are listed TOP FIRST (`decks=[["Sachiel", "Bonds"], []]`: seat 0 draws Sachiel next); every seat's deck
  ends with FILLER cards unless `filler=False`.
- `under_char={"shinji": [(0, "Toji Suzuhara")]}`: (owner seat, card name) under a main character; the same
  for `under_eva`. `angel=(owner, name)` is the face-up 使徒, `angel_queue=[(owner, name), ...]` the face-down ones.
  `angels_defeated=N`: the 使徒 defeated so far this game (most 補完 cards' LV1 asks for one).
- `phase`: "draw1", "main" (its speaking window opened, the turn player to act), "battle" (choosing Evas),
  "hokan" (the 補完 phase about to run), or "none" (nothing opened: for tests that call engine steps).

The state comes back with no pending choice and the speaking window (if any) fresh.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from tcgsim.decks import Deck, DeckEntry
from tcgsim.games.eva.effects import CHAR_INDEX, EVA_INDEX
from tcgsim.games.eva.game import EvaGame, EvaOptions, EvaShortGame, EvaShortOptions, EvaShortState, EvaState
from tcgsim.games.eva.state import Battle, Phase, Window, WindowKind

__all__ = ["FILLER", "C", "E", "make_game", "position", "uid_of", "uids_of", "short_position", "names"]

# Cards whose sides the tests rarely want: an (OTHER) battle card whose dialogue side (Rei: ●Misato ●Asuka) reaches
# no one at setup (Rei is adjacent to neither), so it is spoken as a セリフ only where a test groups Rei with them.
FILLER: tuple[str, ...] = ("Japan's Electric Power",) * 6
C = CHAR_INDEX
E = EVA_INDEX


def _deck(seat: int, main: Iterable[str], hokan: str | None, game: str = "eva") -> Deck:
    entries = tuple(DeckEntry(name, count, None) for name, count in Counter(main).items())
    sections: dict[str, tuple[DeckEntry, ...]] = {"main": entries}
    if hokan is not None:
        sections["hokan"] = (DeckEntry(hokan, 1, None),)
    return Deck(path=f"<position seat {seat}>", game=game, name=f"position {seat}", sections=sections)


def make_game(mains: Sequence[Sequence[str]], hokans: Sequence[str | None] | None = None, *, seed: int = 0,
              options: EvaOptions | None = None) -> EvaGame:
    hokans = hokans or ["H-01"] * len(mains)
    return EvaGame([_deck(i, m, h) for i, (m, h) in enumerate(zip(mains, hokans, strict=True))], seed,
                   options or EvaOptions(random_first_player=False))


def names(s: EvaState | EvaShortState, uids: Iterable[int]) -> list[str]:
    return [s.cards[u].name for u in uids]


def uids_of(s: EvaState | EvaShortState, seat: int, name: str) -> list[int]:
    return [u for u in range(len(s.cards)) if s.owner[u] == seat and s.cards[u].name == name]


def uid_of(s: EvaState | EvaShortState, seat: int, name: str, zone: Sequence[int] | None = None) -> int:
    """The uid of a seat's card by name (the first in `zone` if given)."""
    found = [u for u in uids_of(s, seat, name) if zone is None or u in zone]
    assert found, f"seat {seat} has no {name!r}" + (" there" if zone is not None else "")
    return found[0]


def position(
    hands: Sequence[Sequence[str]],
    *,
    decks: Sequence[Sequence[str]] | None = None,
    discards: Sequence[Sequence[str]] | None = None,
    hokans: Sequence[str | None] | None = None,
    levels: Sequence[int] | None = None,
    active: int = 0,
    phase: str = "main",
    down: Iterable[str] = (),
    group: Sequence[Sequence[str]] = (),
    eva_down: Iterable[str] = (),
    under_char: Mapping[str, Sequence[tuple[int, str]]] | None = None,
    under_eva: Mapping[str, Sequence[tuple[int, str]]] | None = None,
    angel: tuple[int, str] | None = None,
    angel_queue: Sequence[tuple[int, str]] = (),
    angels_defeated: int = 0,
    out: Iterable[int] = (),
    filler: bool = True,
    turn: int = 1,
    seed: int = 0,
    options: EvaOptions | None = None,
) -> EvaState:
    n = len(hands)
    decks = decks or [[] for _ in range(n)]
    discards = discards or [[] for _ in range(n)]
    decks = [list(d) + (list(FILLER) if filler else []) for d in decks]
    extra: list[list[str]] = [[] for _ in range(n)]
    for where in (under_char or {}, under_eva or {}):
        for cards in where.values():
            for owner, name in cards:
                extra[owner].append(name)
    for owner, name in ([angel] if angel else []) + list(angel_queue):
        extra[owner].append(name)
    mains = [[*hands[i], *decks[i], *discards[i], *extra[i]] for i in range(n)]
    game = make_game(mains, hokans or ["H-01"] * n, seed=seed, options=options)
    s = game.new_initial_state()
    free = {i: list(game.main_uids[i]) for i in range(n)}

    def take(seat: int, name: str) -> int:
        for u in free[seat]:
            if s.cards[u].name == name:
                free[seat].remove(u)
                return u
        raise AssertionError(f"no spare {name!r} for seat {seat}")

    for i, p in enumerate(s.players):
        p.hand = [take(i, name) for name in hands[i]]
        p.discard = [take(i, name) for name in discards[i]]
        p.level = levels[i] if levels else 0
        p.out = i in set(out)
    s.under_char = [[] for _ in range(6)]
    s.under_eva = [[] for _ in range(3)]
    for key, cards in (under_char or {}).items():
        s.under_char[C[key]] = [take(owner, name) for owner, name in cards]
    for key, cards in (under_eva or {}).items():
        s.under_eva[E[key]] = [take(owner, name) for owner, name in cards]
    s.angel = take(*angel) if angel else -1
    s.angel_queue = [take(owner, name) for owner, name in angel_queue]
    s.angels_defeated = angels_defeated
    for i, p in enumerate(s.players):
        top_first = [take(i, name) for name in decks[i]]
        p.deck = list(reversed(top_first))  # the top of the deck is the END of the list
        assert not free[i], f"seat {i}: cards left over {names(s, free[i])}"
    s.down = [k in set(down) for k in C]
    s.group = [-1] * 6
    for members in group:
        label = min(C[m] for m in members)
        for m in members:
            s.group[C[m]] = label
    s.eva_down = [k in set(eva_down) for k in E]
    s.speak_count = [0] * 6
    s.spoken = []
    s.protect_turn = [False] * 6
    s.tally = [[0] * 7 for _ in range(n)]
    s.pending = []
    s.offer = None
    s.stage = None
    s.battle = None
    s.window = None
    s.draw2 = []
    s.turn_done = False
    s.last_stand = False
    s.turn = turn
    s.active = active
    s._outcome = None
    s.events = []
    s.action_log = []
    if phase == "main":
        s.phase = Phase.MAIN
        s.window = Window(WindowKind.MAIN, s.order_from(active))
    elif phase == "draw1":
        s.phase = Phase.DRAW1
        s.window = Window(WindowKind.DRAW1, s.order_from(active))
    elif phase == "battle":
        assert s.angel >= 0
        s.phase = Phase.BATTLE
        s.battle = Battle(s.angel)
    elif phase == "hokan":
        s.phase = Phase.HOKAN
    else:
        s.phase = Phase.MAIN
    s._legal = None
    return s


def short_position(
    hands: Sequence[Sequence[str]],
    characters: tuple[int, int],
    *,
    decks: Sequence[Sequence[str]] | None = None,
    active: int = 0,
    down: Iterable[str] = (),
    group: Sequence[Sequence[str]] | None = None,
    filler: bool = True,
    seed: int = 0,
    options: EvaShortOptions | None = None,
) -> EvaShortState:
    """A short-rule position: hands, each player's character (indices), decks top first."""
    decks = [list(d) + (list(FILLER) if filler else []) for d in (decks or [[], []])]
    mains = [[*hands[i], *decks[i]] for i in range(2)]
    game = EvaShortGame([_deck(i, mains[i], None, "eva-short") for i in range(2)], seed,
                        options or EvaShortOptions(random_first_player=False))
    s = game.new_initial_state()
    for i, p in enumerate(s.players):
        pool = list(game.main_uids[i])

        def take(name: str, pool: list[int] = pool) -> int:
            u = next(x for x in pool if s.cards[x].name == name)
            pool.remove(u)
            return u

        p.hand = [take(name) for name in hands[i]]
        p.deck = list(reversed([take(name) for name in decks[i]]))
        p.discard = []
    s.assigned = list(characters)
    s.down = [k in set(down) for k in C]
    s.cleared = list(s.down)  # a downed character is known to be neither player's
    if group is None:
        s.group = [0] * 6
    else:
        s.group = [-1] * 6
        for members in group:
            label = min(C[m] for m in members)
            for m in members:
                s.group[C[m]] = label
    s.active = s.to_act = active
    s.events = []
    s._legal = None
    return s
