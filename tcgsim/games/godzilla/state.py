"""The mutable GODZILLA position: slots, ints and small lists, cheap to copy.

Cards are instances numbered 0..N-1 (`uid`); their printed values live in the immutable `GzGame.cards`. Every uid
is in exactly one zone at all times (the conservation test checks it). Bases on the field are `Site`s with a
site id (`sid`), monsters are `Mon`s with an individual id (`mid`): both come from one counter, never reused, so
a site id and a monster id never collide, and an action that names them never names a hidden card.
"""

from __future__ import annotations

from enum import IntEnum
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import random
    from collections.abc import Sequence

    from tcgsim.engine import Event, Outcome
    from tcgsim.games.godzilla.cards import GzCard, Kind
    from tcgsim.games.godzilla.effects import Eff
    from tcgsim.games.godzilla.options import GzOptions


class Phase(IntEnum):
    FIRST_BASE = 0  # GZ-SETUP-2/3: each chooses its first base (first player, then second)
    INITIAL = 1  # GZ-SETUP-4..9: initial placement (first player, then second)
    PREGAME = 2  # GZ-SETUP-12..15: the second player's pre-game placement
    DRAW = 3  # GZ-INT-1 step 2
    PLACEMENT = 4  # GZ-INT-1 step 3
    ADVANCE = 5  # GZ-INT-1 step 4
    COMBAT = 6  # steps 5-9: relief, battles, return, capture check, end (driven by jobs)
    OVER = 7


class J(IntEnum):
    """Jobs: the steps of a procedure in progress, on a stack (the top runs first). Decision jobs wait for the
    player they name; the others run by themselves."""

    # decisions
    PAY = 0  # (J, player, points left)
    COUNTER = 1  # (J, player): may counter the top card of the chain
    OPWIN = 2  # (J, player[, once]): may use operations (GZ-OP-3): before a battle, until a pass; with `once`
    # (OPWIN_TURN, OPWIN_REVEALED) one operation or a pass (GZ-INT-31)
    RELIEF = 3  # (J, defender, attack index)
    FIGHT = 4  # (J, player, side 0 attacker / 1 defender)
    EVOLVE = 5  # (J, player): return-phase evolutions
    EVOLVE_NOW = 6  # (J, player, mid): an evolve_now effect
    DEVOLVE = 7  # (J, player, mid): choose the devolution card (or none)
    REBEL_PICK = 8  # (J, chooser, player, options): which of equally high rebels rebels first
    REBEL_TARGET = 9  # (J, chooser, player, rebel mid, options)
    RELOCATE = 10  # (J, player, mid): its base was destroyed: to which own base
    ESCAPE = 11  # (J, player, person uid, options): where an escaping person goes
    DISCARD = 12  # (J, player, count)
    SPLIT = 13  # (J, player, damage left, part mids still to share, all part mids)
    # automatic
    RESOLVE_CHAIN = 20  # (J,)
    BATTLE = 21  # (J, attack index)
    RESOLVE_BATTLE = 22  # (J,)
    REBEL_START = 23  # (J, player)
    REBEL_DO = 24  # (J, player, rebel mid)
    REBEL_FIGHT = 25  # (J, player, rebel mid, target id)
    RETURN = 26  # (J,)
    END = 27  # (J,)
    NEXT_TURN = 28  # (J,)


DECISIONS = frozenset({J.PAY, J.COUNTER, J.OPWIN, J.RELIEF, J.FIGHT, J.EVOLVE, J.EVOLVE_NOW, J.DEVOLVE,
                       J.REBEL_PICK, J.REBEL_TARGET, J.RELOCATE, J.ESCAPE, J.DISCARD, J.SPLIT})
# Fix-ups answered before anything else happens (no rebellion check runs while a monster has no base yet).
FIXUPS = frozenset({J.RELOCATE, J.ESCAPE, J.SPLIT, J.DEVOLVE})


OPWIN_TURN = 1  # the OPWIN job's `once`: a window of the opponent's turn (no battle needed)
OPWIN_REVEALED = 2  # the OPWIN job's `once`: inside a battle, after the battle cards are revealed


def _opp(player: int) -> int:
    """The other seat (GODZILLA is for exactly 2 players, GZ-MISC-3)."""
    return 1 - player


_new = object.__new__  # the pieces' allocator: their copies set every slot themselves


class Site:
    """A base on the field (拠点)."""

    __slots__ = ("sid", "uid", "owner", "closed", "known", "damage", "attached", "flip_turn")

    def __init__(self, sid: int, uid: int, owner: int, closed: bool, known: bool, damage: int = 0,
                 flip_turn: int = -1) -> None:
        self.sid = sid
        self.uid = uid
        self.owner = owner
        self.closed = closed  # face down (GZ-STATE-4)
        self.known = known  # seen face up by the opponent at some time (a face-down base never opened is hidden)
        self.damage = damage
        self.attached: list[int] = []
        self.flip_turn = flip_turn  # the turn it was placed, opened or closed (no second flip that turn)

    def copy(self) -> Site:
        s = _new(Site)  # no __init__: every slot is set here (clones make many)
        s.sid = self.sid
        s.uid = self.uid
        s.owner = self.owner
        s.closed = self.closed
        s.known = self.known
        s.damage = self.damage
        s.attached = self.attached[:]
        s.flip_turn = self.flip_turn
        return s

    def sig(self) -> tuple[object, ...]:
        return (self.sid, self.uid, self.owner, self.closed, self.known, self.damage, tuple(self.attached),
                self.flip_turn)


class Mon:
    """A monster on the field (怪獣), one individual through its evolutions."""

    __slots__ = ("mid", "uid", "owner", "home", "at", "damage", "asleep", "closed", "attached", "moved",
                 "relieved", "evo_turn", "hurt", "flip_turn")

    def __init__(self, mid: int, uid: int, owner: int, home: int) -> None:
        self.mid = mid
        self.uid = uid
        self.owner = owner
        self.home = home  # the site id of the own base it stands on
        self.at = -1  # the enemy site id it is attacking (it stands there until the return phase)
        self.damage = 0
        self.asleep = False  # GZ-STATE-2
        self.closed = False  # weapons only (GZ-INT-10)
        self.attached: list[int] = []
        self.moved = False  # moved this turn
        self.relieved = False  # relieved this turn
        self.evo_turn = -1  # the turn it last evolved (GZ-EVO-8)
        self.hurt = False  # took damage this turn, 0 included (GZ-EVO-4, GZ-INT-6)
        self.flip_turn = -1

    def copy(self) -> Mon:
        m = _new(Mon)  # no __init__: every slot is set here
        m.mid = self.mid
        m.uid = self.uid
        m.owner = self.owner
        m.home = self.home
        m.at = self.at
        m.damage = self.damage
        m.asleep = self.asleep
        m.closed = self.closed
        m.attached = self.attached[:]
        m.moved = self.moved
        m.relieved = self.relieved
        m.evo_turn = self.evo_turn
        m.hurt = self.hurt
        m.flip_turn = self.flip_turn
        return m

    def sig(self) -> tuple[object, ...]:
        return (self.mid, self.uid, self.owner, self.home, self.at, self.damage, self.asleep, self.closed,
                tuple(self.attached), self.moved, self.relieved, self.evo_turn, self.hurt, self.flip_turn)


class Player:
    __slots__ = ("deck", "bdeck", "hand", "stock", "dead", "row", "mons", "base_placed", "lost", "placed")

    def __init__(self) -> None:
        self.deck: list[int] = []  # main deck; the top is the END of the list
        self.bdeck: list[int] = []  # battle deck
        self.hand: list[int] = []  # main and battle cards together (GZ-INT-2)
        self.stock: list[int] = []  # カード在庫
        self.dead: list[int] = []  # 撃破ゾーン
        self.row: list[Site | None] = []  # bases left to right; None is a ruin (廃墟)
        self.mons: list[Mon] = []
        self.base_placed = False  # a base placed this turn (GZ-BASE-4)
        self.lost = 0  # own bases destroyed (the opponent's GZ-WIN-1 count)
        self.placed = 0  # cards placed in the initial / pre-game placement

    def copy(self) -> Player:
        p = _new(Player)
        p.deck = self.deck[:]
        p.bdeck = self.bdeck[:]
        p.hand = self.hand[:]
        p.stock = self.stock[:]
        p.dead = self.dead[:]
        p.row = [s.copy() if s is not None else None for s in self.row]
        p.mons = [m.copy() for m in self.mons]
        p.base_placed = self.base_placed
        p.lost = self.lost
        p.placed = self.placed
        return p

    def sites(self) -> list[Site]:
        return [s for s in self.row if s is not None]

    def sig(self) -> tuple[object, ...]:
        return (tuple(self.deck), tuple(self.bdeck), tuple(self.hand), tuple(self.stock), tuple(self.dead),
                tuple(s.sig() if s is not None else None for s in self.row), tuple(m.sig() for m in self.mons),
                self.base_placed, self.lost, self.placed)


class Battle:
    """The battle being fought (GZ-INT-3). Fighters by id: the attacker's monster id; the defender a relief
    monster id or the attacked site id."""

    __slots__ = ("index", "attacker", "player", "site", "defender", "base_defends", "picks")

    def __init__(self, index: int, attacker: int, player: int, site: int, defender: int, base_defends: bool) -> None:
        self.index = index
        self.attacker = attacker
        self.player = player  # the attacking player
        self.site = site  # the attacked site
        self.defender = defender
        self.base_defends = base_defends
        self.picks: list[tuple[int, int] | None] = [None, None]  # (battle card uid, ability index) per side

    def void_ability(self, mid: int) -> None:
        """The fighting monster `mid` became another card (evolved, devolved, separated) or left the battle: a
        combat ability it chose was its old card's, so it fights with nothing (a battle card stays played)."""
        for side, fighter in ((0, self.attacker), (1, -1 if self.base_defends else self.defender)):
            pick = self.picks[side]
            if fighter == mid and pick is not None and pick[0] < 0 and pick[1] >= 0:
                self.picks[side] = (-1, -1)

    def copy(self) -> Battle:
        b = Battle(self.index, self.attacker, self.player, self.site, self.defender, self.base_defends)
        b.picks = list(self.picks)
        return b

    def sig(self) -> tuple[object, ...]:
        return (self.index, self.attacker, self.player, self.site, self.defender, self.base_defends,
                tuple(self.picks))


class GzGameData(Protocol):
    """What a state reads of its game (`GzGame`, game.py, has these: it satisfies the protocol by its shape, so
    this module needs no import of the game): the card records and owners by uid, the seed, the options and each
    seat's deck sections as uids."""

    cards: tuple[GzCard, ...]
    owner: tuple[int, ...]
    seed: int
    options: GzOptions
    section_uids: list[dict[str, list[int]]]


class GzStateFields:
    """What a GODZILLA state holds, for the type checker of the rule-area mixins (`SetupRules` in setup.py,
    `BattleRules` in battle.py, ...) that `GzState` (game.py) is made of: the attributes `GzState._reset` sets,
    and the methods one area calls on another. Annotations only: at run time the class is empty (the method
    declarations exist only for mypy), so it adds nothing to the lookup of any name; mypy checks each mixin's
    methods against these declarations."""

    game: GzGameData
    cards: tuple[GzCard, ...]
    opts: GzOptions
    rng: random.Random  # engine.State.rng: a property over `_rng`, shared by clones until one draws (copy-on-write)
    _rng: random.Random
    _rng_shared: bool
    first: int
    players: list[Player]
    turn: int
    active: int
    actor: int
    phase: Phase
    jobs: list[tuple[Any, ...]]
    chain: list[tuple[int, int, int]]
    battle: Battle | None
    attacks: list[tuple[int, int, int]]
    envs: list[int]
    limbo: list[int]
    next_id: int
    moved_persons: list[int]
    turn_mods: list[tuple[int, str, int]]
    draws_left: int
    initial_done: list[bool]
    dirty: bool
    rebel_active: bool
    win_dirty: bool
    _outcome: Outcome | None
    action_log: list[Any]
    events: list[Event] | None
    tempo: list[tuple[int, int, tuple[float, ...]]]
    _legal: list[Any] | None
    hand_turn: list[int]
    played_turn: list[int]

    if TYPE_CHECKING:
        # engine.State
        def record(self, phase: str, player: int | None, kind: str, **data: Any) -> None: ...
        def deck_rng(self, seat: int) -> random.Random: ...
        # winning.py
        def _win(self, winner: int | None, reason: Any) -> None: ...
        # turn.py
        def _draw(self, seat: int, battle: bool) -> bool: ...
        def _start_turn(self) -> None: ...
        # counters.py
        def _play(self, seat: int, uid: int, target: int) -> None: ...
        # control.py
        def control(self, seat: int) -> int: ...
        def rebellion(self, seat: int) -> int: ...
        # evolution.py
        def _evolutions(self, m: Mon) -> list[int]: ...
        def _fusions(self, seat: int) -> list[Any]: ...
        def _fuse(self, seat: int, uid: int, sid: int) -> None: ...
        def _separation_parts(self, seat: int, c: GzCard) -> list[int] | None: ...
        def _separate(self, seat: int, mid: int) -> None: ...
        # bases.py
        def sstat(self, s: Site, stat: str) -> int: ...
        def _closed_health(self, s: Site) -> int: ...
        def open_bases(self, seat: int) -> int: ...
        def _base_allowed(self, seat: int, card: GzCard) -> bool: ...
        def _base_slots(self, seat: int) -> list[int]: ...
        def _insert_site(self, seat: int, uid: int, slot: int, closed: bool) -> Site: ...
        def _check_site(self, s: Site) -> bool: ...
        # monsters.py
        def mstat(self, m: Mon, stat: str) -> int: ...
        def mstats(self, m: Mon) -> tuple[int, int, int]: ...
        def _place_monster(self, seat: int, uid: int, sid: int) -> Mon: ...
        def _check_mon(self, m: Mon) -> bool: ...
        def _remove_mon(self, m: Mon, to: str) -> None: ...
        # events.py
        def _event_targets(self, seat: int, c: GzCard) -> list[int]: ...
        def _resolve_event(self, seat: int, uid: int, target: int) -> None: ...
        def _attach(self, uid: int, target: int) -> None: ...
        def _detach(self, uid: int) -> None: ...
        def _release(self, attached: list[int], near: set[int]) -> None: ...
        # operations.py
        def _operation_actions(self, seat: int) -> list[Any]: ...
        # field.py
        def mon(self, mid: int) -> Mon | None: ...
        def site(self, sid: int) -> Site | None: ...
        def site_index(self, sid: int) -> tuple[int, int]: ...
        def adjacent_sids(self, sid: int) -> list[int]: ...
        def reach_sids(self, m: Mon, home: int | None = None) -> list[int]: ...
        def _new_id(self) -> int: ...
        def where_is(self, m: Mon) -> int: ...
        def _to_bottom(self, uid: int) -> None: ...
        def _to_dead(self, uid: int) -> None: ...
        def _played(self, uid: int) -> None: ...
        def _phase_name(self) -> str: ...
        def _name(self, uid: int) -> str: ...
        def _id_name(self, ident: int) -> str: ...
        def _distinct(self, uids: Sequence[int], kind: Kind | None = None) -> list[int]: ...
        # card_effects.py
        def _effects(self, effs: Sequence[Eff], seat: int, source: int, target: int) -> None: ...
        def _effect(self, e: Eff, seat: int, target: int) -> None: ...
