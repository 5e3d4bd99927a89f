"""The contract every game implements, and the loop that plays one game.

Learned from OpenSpiel and PokerKit: an immutable `Game` (card pool, decks, options, seed) makes a mutable
`State` with `current_player`, `legal_actions()`, `apply()`, `is_terminal`, `outcome`, `view(player)` and
`clone()`. Every random draw comes from the state's own seeded generator, so a game replays exactly from
(decks, seed, agents) and from its recorded action list. Decisions the rules give the opponent (blocking, letting
a monster through) are ordinary decisions of that player: `current_player` switches to them.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import Any, ClassVar, Protocol, runtime_checkable

__all__ = [
    "Action", "ActionRecord", "Agent", "best_scored", "CardUse", "card_uses", "Event", "decode_action", "Game",
    "GameOptions", "GameResult", "IllegalAction", "Outcome", "State", "TempoMetric", "Termination", "View",
    "agent_rng", "deal_rng", "play_game", "replay", "ScoringAgent",
]


class IllegalAction(ValueError):
    """An action that the rules do not allow in this state; the message says why."""


class Termination(StrEnum):
    """How a game ended, beyond each game's own win conditions (its `WinReason`)."""

    TURN_LIMIT = "turn_limit"  # the turn cap was reached: a draw, never an endless loop
    DECISION_LIMIT = "decision_limit"  # a safety net for a bug that loops inside one turn: a draw
    ERROR = "error"  # the engine or an agent raised: recorded by batch runs, never a result


class ActionRecord:
    """Shared behaviour of actions built as NamedTuple records (immutable, and about twice as fast to build as
    frozen dataclasses: engines build one per legal move). Mix it in before the NamedTuple base:
    `class Pass(ActionRecord, _Nothing)`. Equality also compares the type, so `Pass()` never equals `EndMain()`."""

    __slots__ = ()
    kind: ClassVar[str] = "action"

    def to_json(self) -> dict[str, Any]:
        data = self._asdict()  # type: ignore[attr-defined]
        for key, value in data.items():
            if isinstance(value, tuple):
                data[key] = _lists(value)
        return {"action": self.kind, **data}

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and tuple.__eq__(self, other)  # type: ignore[arg-type, operator]

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return tuple.__hash__(self)  # type: ignore[arg-type]


def _lists(value: Any) -> Any:
    return [_lists(v) for v in value] if isinstance(value, tuple) else value


def _tuples(value: Any) -> Any:
    return tuple(_tuples(v) for v in value) if isinstance(value, list) else value


def decode_action(types: Mapping[str, type], data: Mapping[str, Any]) -> Any:
    """Rebuild an action from its JSON form (`{"action": kind, field: value...}`), lists back to tuples."""
    kind = str(data.get("action"))
    cls = types.get(kind)
    if cls is None:
        raise IllegalAction(f"unknown action {kind!r} in a recorded game")
    return cls(**{k: _tuples(v) for k, v in data.items() if k != "action"})


class Action(Protocol):
    """A game's move: a small frozen dataclass, hashable, with a JSON form for logs and replays."""

    def to_json(self) -> Mapping[str, Any]: ...


@dataclass(frozen=True, slots=True)
class Outcome:
    winner: int | None  # seat index; None for a draw
    reason: StrEnum  # the game's WinReason, or a Termination
    turns: int

    @property
    def is_draw(self) -> bool:
        return self.winner is None

    def to_json(self) -> dict[str, Any]:
        return {"winner": self.winner, "reason": str(self.reason), "turns": self.turns}


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, for the readable log and the JSONL stream (recorded only when asked for)."""

    turn: int
    phase: str
    player: int | None
    kind: str
    data: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"turn": self.turn, "phase": self.phase, "player": self.player, "kind": self.kind, **self.data}


@dataclass(frozen=True, slots=True)
class TempoMetric:
    """A per-turn, per-player figure a game records for tempo reports (e.g. mana, lands, hand size)."""

    name: str
    meaning: str


@dataclass(frozen=True, slots=True)
class CardUse:
    """What one player did with one card of its deck in one game (per-card statistics are built from these)."""

    seat: int
    card_id: str
    copies: int  # copies in the deck
    in_opening_hand: int  # copies in the opening hand (after any mulligan)
    drawn: int  # copies that reached the hand at any time, the opening hand included
    played: int  # copies played from the hand (made into land, placed, used, equipped...)
    first_turn_played: int | None  # the first turn a copy was played or put into play (from anywhere)
    # copies that entered play from anywhere: played from the hand, or put into play without passing through it
    # (a mana character from the character deck, a GODZILLA evolution target, an EVA 補完 card, a card searched
    # onto the field); so a card that can never be held still has a figure
    entered_play: int = 0


def card_uses(seat: int, card_ids: Sequence[str], uids: Iterable[int], hand_turn: Sequence[int],
              played_turn: Sequence[int]) -> list[CardUse]:
    """The `CardUse` rows of one seat from the per-instance turns every game keeps: `hand_turn[uid]` the turn a
    copy first reached its owner's hand (0: the opening hand, -1: never), `played_turn[uid]` the turn it was first
    played or put into play (-1: never). A copy counts as played (from the hand) when it had reached the hand by
    the turn it entered play; every copy that entered play counts in `entered_play`."""
    per: dict[str, list[Any]] = {}
    for uid in uids:
        row = per.setdefault(card_ids[uid], [0, 0, 0, 0, None, 0])
        held = hand_turn[uid]
        played = played_turn[uid]
        row[0] += 1
        row[1] += held == 0
        row[2] += held >= 0
        if played >= 0:
            row[3] += 0 <= held <= played
            row[4] = played if row[4] is None else min(row[4], played)
            row[5] += 1
    return [CardUse(seat, card_id, *row) for card_id, row in per.items()]


@dataclass(frozen=True)
class GameOptions:
    """Options every game has; games subclass this with their own (frozen, typed: never a dict)."""

    turn_limit: int = field(default=100, metadata={"help": "total turns (both players) before the game is a draw"})
    decision_limit: int = field(default=20_000, metadata={
        "help": "total actions before the game is declared stuck (a draw, reported apart)"})


class View(Protocol):
    """What one player may see of a state. Agents decide from this alone."""

    player: int

    def sample(self, rng: random.Random) -> State:
        """A full state this player might be in: what it cannot see dealt at random from `rng` (for search)."""
        ...


class SamplingView:
    """What every game's view shares: `sample`, a position drawn from what the player may see. It goes through
    the state's `resample_hidden`, which is a function of the player's view and `rng` alone (a generic test proves
    it for every game), so an agent that samples cannot learn what its player cannot see."""

    __slots__ = ()
    _s: Any
    player: int

    def sample(self, rng: random.Random) -> State:
        sampled: State = self._s.resample_hidden(self.player, rng)
        return sampled


class State(ABC):
    """A game in progress. Mutable; `clone()` is cheap and exact."""

    game: Game
    turn: int
    action_log: list[Any]
    events: list[Event] | None
    tempo: list[tuple[int, int, tuple[float, ...]]]  # (turn, player, values in game.tempo_metrics order)

    # The cached legal actions and the outcome; games set both, the base class reads them. A game whose automatic
    # play stops at a decision having just worked out its answers may leave them in _legal (it is cleared before
    # each action, so it never outlives the position it was computed for).
    _legal: list[Any] | None = None
    _outcome: Outcome | None = None

    # The game's generator: every random draw of the rules goes through `rng`. A clone shares its parent's until
    # one of them draws (copy-on-write, `_share_rng`): copying the Mersenne Twister's 625 words (after seeding a
    # fresh generator from os.urandom) was most of what a clone cost, and most clones never shuffle. Since every
    # draw goes through `rng`, a generator two states share is never advanced; `_rng` may be read directly only
    # where nothing is drawn (a signature).
    _rng: random.Random
    _rng_shared: bool = False

    @property
    def rng(self) -> random.Random:
        if self._rng_shared:
            self._rng = _copied(self._rng)
            self._rng_shared = False
        return self._rng

    @rng.setter
    def rng(self, value: random.Random) -> None:
        self._rng = value
        self._rng_shared = False

    def _share_rng(self, clone: State) -> None:
        """Give `clone` this state's generators (the table's and the decks'), shared until one of them draws (see
        `rng` and `deck_rng`)."""
        clone._rng = self._rng
        clone._rng_shared = self._rng_shared = True
        clone._deck_rngs = self._deck_rngs
        clone._deck_rngs_shared = self._deck_rngs_shared = True

    # Each seat's deal generator, seeded from (game seed, the seat's deal key `game.deals[seat]`,
    # `game.deal_round`): every shuffle and draw order of a player's own deck goes through `deck_rng(seat)`,
    # everything else through the table's `rng`. A run keys the deals by seat and keeps them across the rotations
    # of a pair (sim/seeds.py), so the luck of the deal stays with the seat and cancels between the decks; and
    # because a seat's deal does not depend on the other seats' decks, an unchanged deck in an unchanged seat
    # is dealt the same in another run of the plan (`tcgsim compare`).
    # Copy-on-write like `rng`: a clone shares the list until one of them draws from any deck's generator.
    _deck_rngs: list[random.Random]
    _deck_rngs_shared: bool = False

    def deck_rng(self, seat: int) -> random.Random:
        """The generator of the deck in `seat`: keyed by the seat's deal (`Game.deals`, `Game.deal_round`)."""
        if self._deck_rngs_shared:
            self._deck_rngs = [_copied(shared) for shared in self._deck_rngs]
            self._deck_rngs_shared = False
        return self._deck_rngs[seat]

    def _seed_rngs(self) -> None:
        """A new game's generators: the table's from the game seed alone (so a choice the rules leave to chance,
        such as who moves first, falls to the same seat in every rotation of a pair), each deck's from the seed
        and its deal key (`deal_rng`)."""
        game = self.game
        self.rng = random.Random(game.seed)
        self._deck_rngs = [deal_rng(game.seed, key, game.deal_round) for key in game.deals]
        self._deck_rngs_shared = False

    def _reseed_rngs(self, rng: random.Random) -> None:
        """Every generator drawn afresh from `rng` (resample_hidden: a sampled world's future, the decks' future
        shuffles included, must come from the sampler's generator and never from the true state's)."""
        self.rng = random.Random(rng.getrandbits(64))
        self._deck_rngs = [random.Random(rng.getrandbits(64)) for _ in self._deck_rngs]
        self._deck_rngs_shared = False

    def _rng_states(self) -> tuple[Any, ...]:
        """Every generator's state, for `signature` (reading a state draws nothing: no copy needed)."""
        return (self._rng.getstate(), *(r.getstate() for r in self._deck_rngs))

    # The seat that took (or will take) the first turn: each game sets it where its rules choose (games.parquet
    # `first_seat`, and the report's play/draw split).
    first_seat: int = 0

    @property
    @abstractmethod
    def current_player(self) -> int: ...

    @property
    def is_terminal(self) -> bool:
        return self._outcome is not None

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    def legal_actions(self) -> list[Any]:
        """The actions the current player may take (computed once per position)."""
        if self._outcome is not None:
            return []
        if self._legal is None:
            self._legal = self._compute_legal()
        return self._legal

    def apply(self, action: Any) -> None:
        """Apply one legal action; IllegalAction (state unchanged) otherwise. A game that reaches its options'
        decision_limit ends at once as a draw (`decision_limit`): a safety net against a loop inside one turn."""
        legal = self.legal_actions()
        if id(action) not in map(id, legal) and action not in legal:  # agents normally hand back one of ours
            raise IllegalAction(self._why_illegal(action))
        self._legal = None
        self.action_log.append(action)
        self._apply_legal(action)  # a game may leave the next position's legal list in _legal: it is kept
        if self._outcome is None and len(self.action_log) >= self.game.options.decision_limit:
            self._end_game(None, Termination.DECISION_LIMIT)

    @abstractmethod
    def _compute_legal(self) -> list[Any]:
        """The legal actions of a live position."""

    @abstractmethod
    def _apply_legal(self, action: Any) -> None:
        """Carry out an action already known to be legal, then run everything automatic up to the next decision."""

    @abstractmethod
    def _end_game(self, winner: int | None, reason: StrEnum) -> None:
        """End the game now with this result (recording it once)."""

    def _why_illegal(self, action: Any) -> str:
        if self._outcome is not None:
            return "the game is over"
        return f"{action} is not legal now (player {self.current_player} to act)"

    @abstractmethod
    def view(self, player: int) -> Any: ...

    def features(self, seat: int) -> tuple[float, ...]:
        """The seat's figures now, in `game.tempo_metrics` order: what the tempo table records at each turn's end,
        and what the search player's evaluation reads of a position (tcgsim.evaluation)."""
        return self._tempo_values(seat)

    @abstractmethod
    def _tempo_values(self, seat: int) -> tuple[float, ...]:
        """The seat's figures in `game.tempo_metrics` order."""

    @abstractmethod
    def clone(self) -> State: ...

    @abstractmethod
    def resample_hidden(self, player: int, rng: random.Random) -> State:
        """A copy in which everything `player` cannot see (hidden hands, deck orders, face-down cards) is dealt
        again at random, consistently with what they can see. Tests use it to prove an agent decides from its
        view alone; search agents use it to sample the positions they might be in."""

    @abstractmethod
    def card_usage(self) -> list[CardUse]:
        """Per seat and card of its decks: copies, in the opening hand, drawn, played, entered play (for card
        statistics)."""

    def mulligans(self) -> tuple[int, ...] | None:
        """The mulligans each seat took, in seat order; None for a game whose rules have no mulligan (so a
        table can tell "none taken" from "none possible")."""
        return None

    @abstractmethod
    def card_locations(self) -> Mapping[int, str]:
        """Every card instance's zone, for the conservation invariant tests (each card in exactly one zone)."""

    @abstractmethod
    def counters(self) -> Mapping[str, int]:
        """Every numeric counter (mana pools, damage...), which must never be negative."""

    @abstractmethod
    def signature(self) -> Hashable:
        """A full, comparable snapshot of the state, for clone and replay equality tests."""

    def record(self, phase: str, player: int | None, kind: str, **data: Any) -> None:
        if self.events is not None:
            self.events.append(Event(self.turn, phase, player, kind, data))


class Game(ABC):
    """An immutable game description: pool, decks, options and seed. Variants are subclasses with class-level
    settings (as python-chess does with its variants)."""

    key: ClassVar[str]
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    tempo_metrics: ClassVar[tuple[TempoMetric, ...]] = ()
    options_class: ClassVar[type[GameOptions]] = GameOptions
    # turns begun after a decision before the search player's playouts stop and the evaluation scores them
    # (tcgsim.search): long enough for the decision's effect to show, short enough to stay cheap (docs/ai.md)
    search_horizon: ClassVar[int] = 2
    # sampled worlds per decision of `--ai search` (`search:N` sets N): the budget docs/ai.md measures
    search_worlds: ClassVar[int] = 4
    # a number of players whose budget is not `search_worlds` (eva's three and four: what 8 worlds buy in its
    # two-player games they do not); read through `search_budget`
    search_worlds_by_players: ClassVar[Mapping[int, int]] = MappingProxyType({})
    # the game's reasons (its WinReason values) that end it with every player losing, e.g. eva's
    # humanity_destroyed: tcgsim.stats scores them 0 for all, not as a draw; declared here so stats needs no game
    all_lose_reasons: ClassVar[frozenset[str]] = frozenset()

    @classmethod
    def search_budget(cls, players: int) -> int:
        """The sampled worlds per decision `--ai search` spends in a game of `players` players."""
        return cls.search_worlds_by_players.get(players, cls.search_worlds)

    def __init__(self, decks: Sequence[Any], seed: int, options: GameOptions | None = None,
                 deals: Sequence[int] | None = None, deal_round: int = 0) -> None:
        if not self.min_players <= len(decks) <= self.max_players:
            raise ValueError(f"{self.key} takes {self.min_players}-{self.max_players} decks, got {len(decks)}")
        self.decks = tuple(decks)
        self.seed = int(seed)
        self.options = options or self.options_class()
        # deals[seat]: the deal key of the deck in that seat (State.deck_rng, agent_rng); a run passes the seats
        # themselves (sim/seeds.py), as the default does; a permutation would give a deck another seat's deal.
        self.deals = tuple(range(len(decks))) if deals is None else tuple(int(k) for k in deals)
        if sorted(self.deals) != list(range(len(decks))):
            raise ValueError(f"deals must be a permutation of the seats 0..{len(decks) - 1}, got {self.deals}")
        # deal_round: which round of the seats' deals the game gets (a run passes 0, or the rotation in a mirror
        # pair, whose rotations would otherwise be one game twice; the table's generator stays the pair's)
        if deal_round < 0:
            raise ValueError(f"deal_round must be >= 0, got {deal_round}")
        self.deal_round = int(deal_round)

    @property
    def num_players(self) -> int:
        return len(self.decks)

    @abstractmethod
    def new_initial_state(self, record_events: bool = False) -> State: ...

    @abstractmethod
    def action_from_json(self, data: Mapping[str, Any]) -> Any:
        """Rebuild an action from its logged JSON form (replays)."""


class Agent(Protocol):
    """A player: chooses one of the legal actions from its view. Its randomness comes from `rng`, seeded by the
    runner from the game seed and the seat's deal key (`agent_rng`), never from wall-clock time."""

    name: str

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any: ...


@runtime_checkable
class ScoringAgent(Agent, Protocol):
    """A player that scores every legal action and plays the best (the scripted styles): the search player reads
    the scores to try the most promising actions first."""

    def scores(self, view: Any, legal: Sequence[Any]) -> list[float]: ...


def best_scored(legal: Sequence[Any], scores: Sequence[float], rng: random.Random) -> Any:
    """The action with the highest score; a tie (within 1e-9) broken by `rng`, which is drawn only for a tie."""
    top = max(scores) - 1e-9
    best = [i for i, value in enumerate(scores) if value >= top]
    return legal[best[0]] if len(best) == 1 else legal[best[rng.randrange(len(best))]]


@dataclass
class GameResult:
    outcome: Outcome
    decisions: int
    actions: list[Any]
    tempo: list[tuple[int, int, tuple[float, ...]]]
    events: list[Event] | None
    state: State


def _copied(shared: random.Random) -> random.Random:
    """A generator in the same state as `shared`, for the copy-on-write of `State.rng` and `State.deck_rng`
    (seeded with 0 first: cheaper than from os.urandom, and replaced at once)."""
    copy = random.Random(0)
    copy.setstate(shared.getstate())
    return copy


def agent_rng(seed: int, deal: int, deal_round: int = 0) -> random.Random:
    """The generator an agent gets: derived from the game seed and its seat's deal (`Game.deals`,
    `Game.deal_round`) only, so an AI's choices belong to its deck's deal, not to its seat."""
    return random.Random(seed * 1_000_003 + deal * 7919 + 17 + deal_round * 104_729)


def deal_rng(seed: int, deal: int, deal_round: int = 0) -> random.Random:
    """The generator of the deck dealt with key `deal` (round `deal_round`) in a game of seed `seed`
    (`State.deck_rng`). Seeded from text, which `random` hashes with SHA-512: no integer seed (the table's
    `Random(seed)`, an agent's) collides. Round 0 keeps the text it had before rounds existed."""
    return random.Random(f"tcgsim-deal:{seed}:{deal}" + (f":{deal_round}" if deal_round else ""))


def play_game(
    game: Game,
    agents: Sequence[Agent],
    record_events: bool = False,
    on_action: Callable[[State, Any], None] | None = None,
) -> GameResult:
    """Play one game to its end: the agent of the current player chooses, the state applies."""
    if len(agents) != game.num_players:
        raise ValueError(f"{len(agents)} agents for {game.num_players} players")
    state = game.new_initial_state(record_events=record_events)
    rngs = [agent_rng(game.seed, deal, game.deal_round) for deal in game.deals]
    decisions = 0
    while not state.is_terminal:
        player = state.current_player
        legal = state.legal_actions()
        action = legal[0] if len(legal) == 1 else agents[player].choose(state.view(player), legal, rngs[player])
        if on_action is not None:
            on_action(state, action)
        state.apply(action)
        decisions += 1
    outcome = state.outcome
    assert outcome is not None
    return GameResult(outcome, decisions, list(state.action_log), state.tempo, state.events, state)


def replay(game: Game, actions: Iterable[Any], record_events: bool = False) -> State:
    """Rebuild a game from its action list (as objects or their JSON forms)."""
    state = game.new_initial_state(record_events=record_events)
    for action in actions:
        if isinstance(action, Mapping):
            action = game.action_from_json(action)
        state.apply(action)
    return state
