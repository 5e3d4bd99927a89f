"""The Evangelion card game at the terminal (tcgsim/games/eva/human.py, issue 19): at every decision of seeded games
of the bundled decks (the standard rules with 2, 3 and 4 players, and the short rule) the board is text, every
legal action reads in words and no two read the same, and `?` names rule ids that docs/rules/eva.md has; a seat
that cannot tell two states apart is shown the same words for both; and a whole game through the CLI."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tcgsim.agents import make_agent
from tcgsim.bench import bundled_decks
from tcgsim.cli import app
from tcgsim.engine import Event, State
from tcgsim.games.eva import actions as A
from tcgsim.games.eva.game import EVENT_TEXT, EvaGame, EvaShortGame
from tcgsim.games.eva.human import PRESENTER
from tcgsim.games.eva.state import ChoiceKind
from tcgsim.games.eva.view import EvaShortView, EvaView
from tcgsim.human import Reveal, presenter_for, shows_hidden

REPO = Path(__file__).resolve().parents[2]
RULE_ID = re.compile(r"\b(EVA-[A-Z0-9]+-\d+|I-[A-Z]+)\b")
DOC_IDS = frozenset(re.findall(r"\*\*(EVA-[A-Z0-9]+-\d+|I-[A-Z]+)\b", (REPO / "docs/rules/eva.md").read_text("utf-8")))
# (game key, players): the standard rules at every table size, and the short rule
TABLES = [("eva", 2), ("eva", 3), ("eva", 4), ("eva-short", 2)]


class RandomAgent:
    name = "random"

    def choose(self, view: Any, legal: list[Any], rng: random.Random) -> Any:
        return legal[rng.randrange(len(legal))]


def new_state(key: str, players: int, seed: int) -> State:
    decks = bundled_decks(key)
    rng = random.Random(seed)
    chosen = [decks[rng.randrange(len(decks))] for _ in range(players)]
    game = (EvaGame if key == "eva" else EvaShortGame)(chosen, seed)
    return game.new_initial_state()


def agents(key: str, players: int, seed: int) -> list[Any]:
    """Random players in odd seeds; in even ones the scripted seeker, whose games reach battles and the stage."""
    return [RandomAgent() if seed % 2 else make_agent(key, "seeker") for _ in range(players)]


def decisions(key: str, players: int, seeds: range):  # type: ignore[no-untyped-def]
    """(state, view, legal) at every decision of more than one action, games played to the end."""
    for seed in seeds:
        state = new_state(key, players, seed)
        seats = agents(key, players, seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            legal = state.legal_actions()
            seat = state.current_player
            view = state.view(seat)
            if len(legal) > 1:
                yield state, view, legal
            state.apply(seats[seat].choose(view, legal, rng) if len(legal) > 1 else legal[0])


def check_decision(view: Any, legal: list[Any]) -> list[str]:
    board = PRESENTER.board_lines(view)
    assert board and all(isinstance(line, str) for line in board) and any(line.strip() for line in board)
    assert not any("\x1b" in line for line in board)  # plain text
    texts = [PRESENTER.action_text(view, a) for a in legal]
    assert all(t.strip() for t in texts)
    assert all("=" not in t for t in texts), texts  # no action reads as its generic record ("card=4")
    assert len(set(texts)) == len(texts), [t for t in texts if texts.count(t) > 1]
    why = PRESENTER.decision_text(view, legal)
    named = RULE_ID.findall(why)
    assert named, why
    assert set(named) <= DOC_IDS, (set(named) - DOC_IDS, why)
    assert 1 <= len(why.splitlines()) <= 5
    return texts


@pytest.mark.parametrize(("key", "players"), TABLES, ids=[f"{k}-{n}p" for k, n in TABLES])
def test_every_decision_reads_in_words(key: str, players: int) -> None:
    seen: set[str] = set()
    view_type = EvaView if key == "eva" else EvaShortView
    for _state, view, legal in decisions(key, players, range(6)):
        assert isinstance(view, view_type)
        check_decision(view, legal)
        seen.update(type(a).__name__ for a in legal)
    common = {"Pass", "Speak", "Decline", "Counter", "Deploy", "Launch", "Discard"} if key == "eva" else \
        {"Speak", "PassDiscard", "Counter", "Decline"}
    assert common <= seen, common - seen


def test_every_action_type_has_its_words() -> None:
    """Every action type of actions.py is worded (none falls back to the generic record) in a position where it
    can be legal: the standard rules' in games of the scripted seeker (which reach the battles, the 補完 stage and
    the cards taken), the short rule's 「パス」 in the short rule."""
    short = {"Speak", "Counter", "Decline", "PassDiscard"}
    standard = {cls.__name__ for cls in A.ACTION_TYPES.values()} - {"PassDiscard"}
    assert short | standard == {cls.__name__ for cls in A.ACTION_TYPES.values()}
    for key, players, wanted in (("eva", 3, standard), ("eva-short", 2, short)):
        found: set[str] = set()
        for _state, view, legal in decisions(key, players, range(0, 20, 2)):
            check_decision(view, legal)
            found.update(type(a).__name__ for a in legal)
            if wanted <= found:
                break
        assert wanted <= found, (key, wanted - found)


@pytest.mark.parametrize(("key", "players"), TABLES, ids=[f"{k}-{n}p" for k, n in TABLES])
def test_what_the_seat_cannot_tell_apart_reads_the_same(key: str, players: int) -> None:
    """Re-deal what the deciding seat cannot see (the others' hands and decks, the face-down 使徒, in the short
    rule the opponent's character; its own deck's order): the board and every action read the same."""
    rng = random.Random(7)
    checked = 0
    for i, (state, view, legal) in enumerate(decisions(key, players, range(3))):
        if i % 3:
            continue
        seat = state.current_player
        words = (PRESENTER.board_lines(view), [PRESENTER.action_text(view, a) for a in legal],
                 PRESENTER.decision_text(view, legal))
        for _ in range(2):
            other = state.resample_hidden(seat, rng)
            assert other.current_player == seat
            again = other.legal_actions()
            twin = other.view(seat)
            assert (PRESENTER.board_lines(twin), [PRESENTER.action_text(twin, a) for a in again],
                    PRESENTER.decision_text(twin, again)) == words
        checked += 1
    assert checked > 10


def test_the_presenter_is_the_one_both_game_keys_load() -> None:
    assert presenter_for("eva") is PRESENTER and presenter_for("eva-short") is PRESENTER
    assert set(PRESENTER.reveals) <= EVENT_TEXT.keys()  # this game's event kinds only
    assert all(isinstance(r, Reveal) for r in PRESENTER.reveals.values())


def _shows(kind: str, player: int | None, humans: frozenset[int] = frozenset({0})) -> bool:
    """Whether `undo` is refused after this event, with P1 at the terminal (tcgsim.human.shows_hidden)."""
    return shows_hidden(Event(3, "draw1", player, kind, {}), PRESENTER.reveals, humans)


def test_undo_rule_another_players_draw_shows_nothing_ones_own_draw_and_a_shiito_turned_up_do() -> None:
    """P1 at the terminal, P2 and P3 at the table."""
    for kind in ("draw", "draw2", "effect"):  # a card drawn shows only its drawer ("draws 2" is an effect)
        assert _shows(kind, 0) and not _shows(kind, 1) and not _shows(kind, 2), kind
    for kind in ("angel_arrives", "angel_up", "discard_random", "battle_loss_cards", "take", "short_setup"):
        assert _shows(kind, 0) and _shows(kind, 1), kind  # in sight of everyone, or picked at random
    assert _shows("short_refill", None)  # every hand refilled: recorded for no player
    for kind in ("speak", "serif", "counter", "discard", "stage_hurt", "short_pass"):  # a card of a hand
        assert _shows(kind, 1) and _shows(kind, 2) and not _shows(kind, 0), kind
        assert _shows(kind, 0, frozenset({0, 1})), kind  # P2 at the terminal too: P2 learnt it
    for kind in ("turn_start", "phase", "pass", "battle_result", "level", "deploy", "serif_result"):
        assert not _shows(kind, 0) and not _shows(kind, 1), kind
    assert _shows("effect", None)  # an effect recorded for no player: it cannot say whom it showed


def test_a_hand_and_the_city_are_shown_as_a_player_would_want_them() -> None:
    """The first decision of a 3-player game: whose turn, the six characters and three Evas, every player's
    counts and 補完 card, the seat's own hand by name; the others' hands by their size only."""
    state, view, legal = next(decisions("eva", 3, range(1)))
    board = "\n".join(PRESENTER.board_lines(view))
    for name in ("Shinji", "Rei", "Asuka", "Misato", "Ritsuko", "Gendo", "Unit-00", "Unit-01", "Unit-02", "使徒",
                 "P1", "P2", "P3", "補完", "Your hand"):
        assert name in board, name
    me = view.player
    for uid in view.hand():
        card = view.card(uid)
        assert card is not None and card.name in board
    others = {state.cards[u].name for q in range(3) if q != me for u in state.players[q].hand}
    mine = {state.cards[u].name for u in state.players[me].hand} | {c.name for c in view.deck_cards()}
    for name in others - mine:
        assert name not in board, name  # what only another player holds is never named


def _counted(names: list[str]) -> str:
    counts: dict[str, int] = {}
    for name in names:
        counts[name] = counts.get(name, 0) + 1
    return ", ".join(name if n == 1 else f"{n}x {name}" for name, n in counts.items())


@pytest.mark.parametrize(("key", "players"), [("eva", 3), ("eva-short", 2)], ids=["eva-3p", "eva-short"])
def test_every_discard_pile_the_own_deck_and_the_cards_left_to_choose_are_shown(key: str, players: int) -> None:
    """What the view holds that the board only counted: each player's discard pile (face up), top first; the
    cards left in the seat's own deck (in no order); how many cards a discard, a recover or a search still takes.
    Nothing hidden comes with them: re-dealt hidden cards (the others' hands and decks) leave these lines as
    they were."""
    rng = random.Random(3)
    piles = counts = 0
    for i, (state, view, _legal) in enumerate(decisions(key, players, range(0, 4, 2))):
        board = PRESENTER.board_lines(view)
        me = view.player
        for seat in range(players):
            pile = view.discard(seat)
            if pile:
                whose = "your" if seat == me else f"P{seat + 1}'s"
                assert f"    {whose} discard pile (top first): {_counted([c.name for c in pile[::-1]])}" in board
                piles += 1
        deck = view.deck_cards()
        line = next(x for x in board if x.startswith(f"Your deck ({len(deck)}, in no order): "))
        names = [c.name for c in deck]
        assert all((f"{names.count(n)}x {n}" if names.count(n) > 1 else n) in line for n in names), line
        choice = view.pending_choice() if isinstance(view, EvaView) else None
        if choice is not None and choice[0] is not ChoiceKind.DECLARE:
            wanted = rf"To (discard|take from your (discard pile|deck)): (up to )?{choice[1]} cards? more"
            assert any(re.match(wanted, x) for x in board), board
            counts += 1
        if i % 5 == 0:
            twin = state.resample_hidden(me, rng).view(me)
            piled = [x for x in board if "discard pile (top first)" in x or x.startswith("Your deck")]
            assert piled == [x for x in PRESENTER.board_lines(twin)
                             if "discard pile (top first)" in x or x.startswith("Your deck")]
    assert piles > 50
    if key == "eva":
        assert counts > 0


def test_a_short_rule_board_hides_the_opponents_character() -> None:
    state, view, legal = next(decisions("eva-short", 2, range(1)))
    assert isinstance(view, EvaShortView)
    board = "\n".join(PRESENTER.board_lines(view))
    mine = view.character
    theirs = state.assigned[1 - view.player]  # type: ignore[attr-defined]
    assert "Your character (secret)" in board and "hidden, one of" in board
    line = next(x for x in board.splitlines() if x.startswith("Your character"))
    assert line.count(["Shinji", "Rei", "Asuka", "Misato", "Ritsuko", "Gendo"][theirs]) == 1  # among five, not told
    assert mine != theirs


runner = CliRunner()


@pytest.mark.parametrize(("key", "names"), [
    ("eva", ("reis_bonds", "commander_katsuragi", "gendos_scenario")),
    ("eva-short", ("third_child", "tokyo3_mixed")),
])
def test_a_whole_game_at_the_terminal(key: str, names: tuple[str, ...]) -> None:
    """`tcgsim play ... --human 0` with the first action typed at every prompt: the board and the worded actions
    are shown, and the game runs to its end, the last line saying who won."""
    decks = [str(REPO / "decks" / key / f"{n}.yaml") for n in names]
    result = runner.invoke(app, ["play", *decks, "--human", "0", "--seed", "3"], input="1\n" * 4000)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Your hand (" in out and "Tokyo-3" in out
    assert " 1. " in out and "action=" not in out  # the numbered actions, in words
    last = out.rstrip().splitlines()[-1].rsplit("]> ", 1)[-1]  # piped input echoes no newline after a prompt
    assert last.startswith("Game over") and ("wins" in last or "a draw" in last), last
