"""A person at the terminal in one or more seats of a game (`tcgsim play --human SEAT`), and game records.

The human seat is an Agent like any other: at each of its decisions it is shown what its player may see (the
game's `Presenter.board_lines` of the seat's view, never the hidden cards), the legal actions as a numbered list
in plain words (`Presenter.action_text`) and a prompt. At the prompt:

- a number plays that action;
- `?` explains the decision and the rule ids behind it (`Presenter.decision_text`);
- `log` shows the recent events in the words of `tcgsim play`;
- `undo` takes back the seat's last decision, when nothing since showed a person at the table something hidden
  (`shows_hidden`: the game's `Presenter.reveals` says what each event kind shows whom);
- `quit` (or Ctrl-C, then y) saves the game so far and stops.

Anything else is one clear line and the prompt again. Each game words its own positions in games/<game>/human.py
(`PRESENTER`); a game without one gets the generic wording (the action's record).

A game record (`--record FILE`, and what a human game saves) is JSON lines: a header (`tcgsim-game/1`: the game,
the decks' paths and digests, the seed, the rotation, the options, the agents), then one line per action in
order. `tcgsim play --replay FILE` plays it back through the engine and prints its log, so a bug report can
attach the game it is about.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from types import MappingProxyType
from typing import IO, Any, Protocol

from tcgsim.engine import Agent, Event, Game, State, agent_rng

__all__ = ["DEFAULT_REVEALS", "RECORD_FORMAT", "BadRecord", "Console", "GenericPresenter", "HumanAgent", "HumanQuit",
           "Presenter", "RecordHeader", "Reveal", "TakeBack", "counted", "play_with_humans", "presenter_for",
           "read_record", "shows_hidden", "terminal_console", "with_text", "write_record"]

RECORD_FORMAT = "tcgsim-game/1"
RECENT = 12  # events `log` shows


class Reveal(Enum):
    """Whom an event kind shows something hidden (`Presenter.reveals`). After such an event `undo` would let a
    person take a decision back knowing more than when they made it, so `shows_hidden` refuses it."""

    PUBLIC = "public"  # every player, the event's own too: a card turned up from a deck, a random pick
    OWNER = "owner"  # the event's player alone (`Event.player`): a card drawn, a face-down card peeked at
    OTHERS = "others"  # everyone but the event's player, who knew it: a card played from its hidden hand


def shows_hidden(event: Event, reveals: Mapping[str, Reveal], humans: Collection[int]) -> bool:
    """Whether `event` showed a person in one of the `humans` seats something hidden: a PUBLIC kind always, an
    OWNER kind when the event's player is one of them, an OTHERS kind when one of them is not the event's player.
    An event that names no player counts as public (it cannot say whom it showed); a kind `reveals` does not name
    shows nothing. This is the one place `undo` asks (`play_with_humans`)."""
    reveal = reveals.get(event.kind)
    if reveal is None:
        return False
    if reveal is Reveal.PUBLIC or event.player is None:
        return True
    if reveal is Reveal.OWNER:
        return event.player in humans
    return any(seat != event.player for seat in humans)


# A game without a presenter of its own: the kinds the games record that show something hidden, all PUBLIC (what
# a game's event player means is the game's to say, so none is trusted to concern one player only).
DEFAULT_REVEALS: Mapping[str, Reveal] = MappingProxyType(dict.fromkeys((
    "setup", "draw", "opening_hand", "mulligan", "party_fill", "open", "peek", "milled", "swap", "take",
    "angel_arrives", "angel_up", "discard_random", "battle_loss_cards", "draw2", "short_reveal", "short_refill",
    "evolve", "turn_start",
), Reveal.PUBLIC))


class Presenter(Protocol):
    """How a game shows a seat its position and its choices (games/<game>/human.py: PRESENTER)."""

    reveals: Mapping[str, Reveal]  # the event kinds that show someone something hidden, and whom (`shows_hidden`)

    def board_lines(self, view: Any) -> list[str]:
        """What the seat may see: its hand, the board, pools, counters, the opponents' visible cards and counts."""
        ...

    def action_text(self, view: Any, action: Any) -> str:
        """One legal action in plain words: card names, targets, costs."""
        ...

    def decision_text(self, view: Any, legal: Sequence[Any]) -> str:
        """What is being decided now, and the rule ids behind it (`?` at the prompt)."""
        ...


class GenericPresenter:
    """The wording of a game without a presenter of its own: the action's record, the view's counts."""

    reveals = DEFAULT_REVEALS

    def board_lines(self, view: Any) -> list[str]:
        return [f"(you are P{getattr(view, 'player', 0) + 1}; this game has no board view yet)"]

    def action_text(self, view: Any, action: Any) -> str:
        data = action.to_json() if hasattr(action, "to_json") else {"action": repr(action)}
        kind = data.pop("kind", type(action).__name__)
        return " ".join([str(kind).replace("_", " "), *(f"{k}={v}" for k, v in data.items())])

    def decision_text(self, view: Any, legal: Sequence[Any]) -> str:
        return f"Choose one of the {len(legal)} legal actions (docs/rules/ lists the rules by id)."


def presenter_for(game_key: str) -> Presenter:
    """The game's presenter (games/<game>/human.py PRESENTER), or the generic one."""
    from tcgsim.games import get_game

    try:
        module = get_game(game_key).module("human")
    except ModuleNotFoundError:
        return GenericPresenter()
    presenter: Presenter = module.PRESENTER
    return presenter


class TakeBack(Exception):  # noqa: N818 - a request, not an error
    """`undo` at the prompt: replay the game up to before the seat's last decision."""


class HumanQuit(Exception):  # noqa: N818 - a request, not an error
    """`quit` at the prompt, or Ctrl-C confirmed: save the game so far and stop."""


@dataclass
class Console:
    """Where the human reads and types: input and output functions (the terminal; a script in the tests), and
    how a board is shown (plain lines; in a terminal, a framed panel: `terminal_console`)."""

    read: Callable[[str], str] = input
    write: Callable[[str], None] = print
    board: Callable[[str, list[str]], None] | None = None  # (title, lines); None: the lines as they are


def terminal_console() -> Console:
    """The console of a person at a terminal: boards in a rich panel, the rest as plain lines."""
    from rich.console import Console as RichConsole
    from rich.panel import Panel
    from rich.text import Text

    screen = RichConsole()

    def board(title: str, lines: list[str]) -> None:
        screen.print(Panel(Text("\n".join(lines)), title=title, title_align="left", expand=False))

    return Console(read=input, write=print, board=board)


@dataclass
class HumanAgent:
    """An Agent that asks a person (`Console`) for every decision of its seat with more than one legal action."""

    presenter: Presenter
    console: Console = field(default_factory=Console)
    recent: Callable[[], list[str]] = list  # the last event lines, for `log`
    news: Callable[[], list[str]] = list  # the event lines since this seat last decided: what the others did
    can_undo: Callable[[], bool] = lambda: False  # whether `undo` is allowed now
    name: str = "human"

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        out = self.console.write
        for line in self.news():
            out(line)
        out("")
        lines = self.presenter.board_lines(view)
        if self.console.board is not None:
            self.console.board(f"P{view.player + 1}: what you see", lines)
        else:
            for line in lines:
                out(line)
        for i, action in enumerate(legal, start=1):
            out(f"  {i:>2}. {self.presenter.action_text(view, action)}")
        ends = 0
        while True:
            try:
                answer = self.console.read(f"P{view.player + 1} [1-{len(legal)}, ?, log, undo, quit]> ").strip()
            except EOFError:
                ends += 1
                if ends >= 2:  # the input has ended for good (a pipe, a script): stop as `quit` does
                    raise HumanQuit() from None
                out("end of input (Ctrl-D): type a number to play, or quit to save and stop")
                continue
            except KeyboardInterrupt:
                out("")
                try:
                    sure = self.console.read("save the game and quit? [y/N] ").strip().lower()
                except (EOFError, KeyboardInterrupt):
                    sure = "y"
                if sure in ("y", "yes"):
                    raise HumanQuit() from None
                continue
            ends = 0
            if answer in ("?", "help"):
                out(self.presenter.decision_text(view, legal))
            elif answer == "log":
                for line in self.recent() or ["(nothing has happened yet)"]:
                    out(line)
            elif answer == "undo":
                if self.can_undo():
                    raise TakeBack()
                out("cannot undo: there is no decision of yours to take back, or something hidden was shown to "
                    "you since (a card you drew, a card turned up or played from another's hand)")
            elif answer in ("quit", "exit"):
                raise HumanQuit()
            elif answer.isdigit() and 1 <= int(answer) <= len(legal):
                return legal[int(answer) - 1]
            elif answer.isdigit() or (answer.startswith("-") and answer[1:].isdigit()):
                out(f"{answer} is not one of the actions: type 1 to {len(legal)}")
            elif not answer:
                out(f"type the number of an action (1 to {len(legal)}), or ? for help")
            else:
                out(f"{answer!r} is not a command: type a number (1 to {len(legal)}), ?, log, undo or quit")


@dataclass
class Played:
    """A game played with people at the table: its final state and the actions in order."""

    state: State
    actions: list[Any]
    quit: bool  # stopped by a person before the end (the state is where it stopped)


def play_with_humans(game: Game, agents: Sequence[Agent], humans: Iterable[int],
                     describe: Callable[[Event], str] | None = None, start: Sequence[Any] = ()) -> Played:
    """Play `game` with `agents` (HumanAgent in the `humans` seats), as `engine.play_game` deals the AIs' luck,
    with `undo` and `quit` for the people. `describe` words an event for `log`; `start` are actions already
    played (a saved game going on)."""
    seats = set(humans)
    actions: list[Any] = list(start)
    state = _replayed(game, actions)
    rngs = [agent_rng(game.seed, deal, game.deal_round) for deal in game.deals]
    human_at: list[int] = []  # indices in `actions` of the people's decisions
    # The AIs' luck as it stood at each of those decisions: `undo` rewinds it too, so taking a decision back and
    # making it again meets the same AI replies (undo is not a way to re-roll the AI's dice).
    luck_at: list[list[tuple[Any, ...]]] = []

    shown = [0]  # events already shown to the people

    def words(events: Sequence[Event]) -> list[str]:
        lines = [describe(e) if describe else f"{e.kind} {dict(e.data)}" for e in events]
        return [x for x in lines if x]

    def recent() -> list[str]:
        return words((state.events or [])[-RECENT * 3:])[-RECENT:]

    def news() -> list[str]:
        events = state.events or []
        start, shown[0] = min(shown[0], len(events)), len(events)
        return words(events[start:])

    def can_undo() -> bool:
        if not human_at:
            return False
        reveals = _reveals(agents, seats)
        since = _events_after(game, actions[:human_at[-1]], state)
        return not any(shows_hidden(e, reveals, seats) for e in since)

    for seat in seats:
        agent = agents[seat]
        if isinstance(agent, HumanAgent):
            agent.recent, agent.news, agent.can_undo = recent, news, can_undo
    while not state.is_terminal:
        player = state.current_player
        legal = state.legal_actions()
        try:
            action = legal[0] if len(legal) == 1 else agents[player].choose(state.view(player), legal, rngs[player])
        except KeyboardInterrupt:  # Ctrl-C while an AI thinks: the same offer as at the prompt
            if _confirm_quit(agents, seats):
                return Played(state, actions, quit=True)
            continue
        except TakeBack:
            keep = human_at.pop()
            for rng, luck in zip(rngs, luck_at.pop(), strict=True):
                rng.setstate(luck)
            actions = actions[:keep]
            state = _replayed(game, actions)
            continue
        except HumanQuit:
            return Played(state, actions, quit=True)
        if player in seats and len(legal) > 1:
            human_at.append(len(actions))
            luck_at.append([rng.getstate() for rng in rngs])
        state.apply(action)
        actions.append(action)
    return Played(state, actions, quit=False)


def _confirm_quit(agents: Sequence[Agent], seats: set[int]) -> bool:
    """Ask a person at the table whether to save and quit (Ctrl-C between their decisions)."""
    console = next((a.console for s in seats if isinstance(a := agents[s], HumanAgent)), Console())
    console.write("")
    try:
        return console.read("save the game and quit? [y/N] ").strip().lower() in ("y", "yes")
    except (EOFError, KeyboardInterrupt):
        return True


def _reveals(agents: Sequence[Agent], seats: set[int]) -> Mapping[str, Reveal]:
    for seat in seats:
        agent = agents[seat]
        if isinstance(agent, HumanAgent):
            return agent.presenter.reveals
    return DEFAULT_REVEALS


def _replayed(game: Game, actions: Sequence[Any]) -> State:
    state = game.new_initial_state(record_events=True)
    for action in actions:
        state.apply(action)
    return state


def _events_after(game: Game, before: Sequence[Any], now: State) -> list[Event]:
    """The events `now` recorded after the position the actions `before` lead to."""
    return list((now.events or [])[len(_replayed(game, before).events or []):])


# ------------------------------------------------------------------------------------------------ game records

@dataclass(frozen=True)
class RecordHeader:
    """The first line of a game record: everything that decides the game but the choices."""

    game: str
    decks: tuple[str, ...]  # the deck files, in seat order
    sha256: tuple[str, ...]  # their digests when the game was played (a replay says when a file has changed)
    seed: int
    rotation: int
    options: Mapping[str, Any]
    agents: tuple[str, ...]
    format: str = RECORD_FORMAT


def write_record(out: IO[str], header: RecordHeader, actions: Iterable[Any]) -> int:
    """The record as JSON lines; returns the number of actions written."""
    head = {"format": header.format, "game": header.game, "decks": list(header.decks),
            "sha256": list(header.sha256), "seed": header.seed, "rotation": header.rotation,
            "options": dict(header.options), "agents": list(header.agents)}
    out.write(json.dumps(head, ensure_ascii=False) + "\n")
    n = 0
    for action in actions:
        out.write(json.dumps({"action": action.to_json()}, ensure_ascii=False) + "\n")
        n += 1
    return n


class BadRecord(ValueError):
    """A file that is not a tcgsim game record (one line: the file, the line, what is wrong)."""


def read_record(path: Path) -> tuple[RecordHeader, list[Mapping[str, Any]]]:
    """The header and the actions (as their JSON forms) of a game record."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise BadRecord(f"{path}: cannot read ({exc})") from None
    rows: list[Any] = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            rows.append(json.loads(line))
        except ValueError as exc:
            raise BadRecord(f"{path}:{number}: not a JSON line ({exc.args[0]})") from None
    if not rows or not isinstance(rows[0], dict) or rows[0].get("format") != RECORD_FORMAT:
        raise BadRecord(f"{path}:1: not a tcgsim game record (its first line names the format {RECORD_FORMAT}); "
                        "write one with tcgsim play --record FILE")
    head = rows[0]
    try:
        header = RecordHeader(str(head["game"]), tuple(head["decks"]), tuple(head["sha256"]), int(head["seed"]),
                              int(head.get("rotation", 0)), dict(head.get("options") or {}), tuple(head["agents"]))
    except (KeyError, TypeError, ValueError) as exc:
        raise BadRecord(f"{path}:1: the header lacks or misstates {exc}") from None
    actions = []
    for number, row in enumerate(rows[1:], start=2):
        if not isinstance(row, dict) or not isinstance(row.get("action"), dict):
            raise BadRecord(f"{path}:{number}: expected {{\"action\": {{...}}}}")
        actions.append(row["action"])
    return header, actions


def with_text(line: str, text: str) -> str:
    """A card's line with its printed text after it (`cards.printed_texts`), as every board shows a hand card."""
    return f"{line} | {text}" if text else line


def counted(names: Sequence[str]) -> str:
    """'A, 2x B, C': each name once, in first-seen order, with its copies: how every board words a pile."""
    counts: dict[str, int] = {}
    for name in names:
        counts[name] = counts.get(name, 0) + 1
    return ", ".join(name if n == 1 else f"{n}x {name}" for name, n in counts.items())
