"""The attributes of the EVA state classes, declared once for the type checker.

The rules of each area live in a mixin class in the module named after its section of docs/rules/eva.md
(talk.py, battle.py, ...), and the state classes of game.py inherit them. A mixin reads and writes the state's
attributes and calls methods of the other areas; these bases say what those are, so mypy checks every mixin as
if it were the state itself. They hold annotations only (and, under TYPE_CHECKING, the signatures of the methods
other areas call): at run time they add no attribute and no method, so the state and its hot path are the same.
mypy checks each signature here against the real method (a state inherits both, and they must agree).

- `CityFields`: 第3新東京市 in play, both rule sets (set by `CityState._init_city`).
- `EvaFields`: the standard rules (`EvaState`); `ShortFields`: the short rule (`EvaShortState`).

This module imports neither game.py nor any area module, so the areas and the view (view.py) build on it without
a circle: what a state reads of its game is the `EvaGameData` / `EvaShortGameData` protocol (`EvaGame` and
`EvaShortGame` have them by their shape; mypy checks it where the state classes narrow `game` to the game).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from tcgsim.engine import Event, Outcome
    from tcgsim.games.eva.cards import City, EvaCard, Mark
    from tcgsim.games.eva.effects import Board, Effect
    from tcgsim.games.eva.options import EvaOptions, EvaShortOptions
    from tcgsim.games.eva.state import Battle, Choice, Offer, Phase, Player, Spoken, Stage, Window


class EvaGameData(Protocol):
    """What a standard-rules state reads of its game (`EvaGame`): the card records and owners by uid, the
    options, each seat's main deck and 補完 card as uids."""

    cards: tuple[EvaCard, ...]
    owner: tuple[int, ...]
    options: EvaOptions
    main_uids: list[list[int]]
    hokan_uids: list[int]


class EvaShortGameData(Protocol):
    """What a short-rule state reads of its game (`EvaShortGame`): the card records and owners by uid, the
    options, each seat's starter and the 補完 and 使徒 cards set aside, as uids, and the seats' deal keys."""

    cards: tuple[EvaCard, ...]
    owner: tuple[int, ...]
    options: EvaShortOptions
    main_uids: list[list[int]]
    aside_uids: list[list[int]]
    deals: tuple[int, ...]  # engine.Game.deals: each seat's deal key


class CityFields:
    # engine.State: `CityFields` is a plain class, not a `State` (the state classes inherit `State` after their
    # mixins, so the order of lookup is the same), so `game` can be typed as a protocol in the subclasses below.
    turn: int
    action_log: list[Any]
    events: list[Event] | None
    tempo: list[tuple[int, int, tuple[float, ...]]]
    _legal: list[Any] | None
    _outcome: Outcome | None
    cards: tuple[EvaCard, ...]
    owner: tuple[int, ...]
    city: City
    down: list[bool]
    group: list[int]
    eva_down: list[bool]
    under_char: list[list[int]]
    under_eva: list[list[int]]
    speak_count: list[int]
    spoken: list[Spoken]
    protect_turn: list[bool]  # a drama's protect, until the end of the turn
    first_seat: int  # engine.State: the seat that took the first turn

    if TYPE_CHECKING:  # the methods the areas call on the city
        # engine.State
        def record(self, phase: str, player: int | None, kind: str, **data: Any) -> None: ...
        def deck_rng(self, seat: int) -> random.Random: ...

        def _to_discard(self, uid: int) -> None: ...  # each state's own

        # talk.py (TalkRules)
        def reach(self, c: int, t: int) -> bool: ...
        def can_speak(self, c: int) -> bool: ...
        def allowance(self, c: int) -> int: ...
        def serif_marks(self, card: EvaCard) -> list[int]: ...
        def serif_counter_ok(self, card: EvaCard, answered: Spoken) -> bool: ...
        def _merge(self, a: int, b: int) -> None: ...
        def _leave_group(self, c: int) -> None: ...
        def _down_char(self, c: int) -> None: ...
        def resolve_serif(self, speaker: int, kind: Mark, target: int) -> str: ...


class EvaFields(CityFields):
    game: EvaGameData
    n: int
    rng: random.Random
    players: list[Player]
    active: int
    phase: Phase
    window: Window | None
    offer: Offer | None
    battle: Battle | None
    stage: Stage | None
    pending: list[Choice]
    draw2: list[tuple[int, int]]
    starved: list[bool]
    angel: int
    angel_queue: list[int]
    angels_defeated: int
    last_stand: bool
    turn_done: bool
    tally: list[list[int]]
    hand_turn: list[int]
    played_turn: list[int]

    if TYPE_CHECKING:  # the methods one area calls in another
        # game.py (EvaState): helpers, win checks, the phase sequence
        def _phase_name(self) -> str: ...
        def _end(self, winner: int | None, reason: Any) -> None: ...
        def _enter(self, phase: Phase) -> None: ...
        def alive(self) -> list[int]: ...
        def order_from(self, seat: int, include: bool = True) -> tuple[int, ...]: ...
        def _played(self, uid: int) -> None: ...
        def board(self, seat: int) -> Board: ...
        def _holds(self, effect: Effect, seat: int) -> bool: ...
        def _drop(self, seat: int, reason: str) -> None: ...
        def _check_survivors(self) -> None: ...
        def _advance(self) -> None: ...

        # turn.py (TurnRules)
        def _start_turn(self) -> None: ...
        def _draw(self, seat: int, n: int) -> int: ...
        def _angel_arrives(self, uid: int) -> None: ...

        # battle.py (BattleRules)
        def eva_strength(self, e: int) -> int: ...
        def battle_strengths(self) -> tuple[int, int]: ...
        def free_weapon_slot(self, e: int) -> bool: ...
        def weapon_slots(self, e: int) -> int: ...
        def _down_eva(self, e: int) -> None: ...
        def _defeat_angel(self) -> None: ...

        # counters.py (CounterRules)
        def _counter_options(self, seat: int, answered: Spoken) -> list[int]: ...
        def _counter_stands(self, index: int) -> None: ...

        # speak.py (SpeakRules)
        def _resolve(self, index: int) -> None: ...

        # card_effects.py (CardEffectRules)
        def _effect(self, e: Effect, sp: Spoken, card: EvaCard) -> None: ...
        def _discard_random(self, seat: int, n: int, source: str) -> list[str]: ...


class ShortFields(CityFields):
    game: EvaShortGameData
    rng: random.Random
    players: list[Player]
    assigned: list[int]
    active: int
    to_act: int
    passes: int
    offer: Offer | None
    tally: list[int]
    history: list[tuple[int, int, int]]
    cleared: list[bool]
    hand_turn: list[int]
    played_turn: list[int]

    if TYPE_CHECKING:  # game.py (EvaShortState)
        def _end(self, winner: int | None, reason: Any) -> None: ...
