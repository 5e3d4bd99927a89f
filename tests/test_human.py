"""A person at the terminal (issue 19), through the CLI with scripted input: a whole game of every game key, each
kind of bad input, undo (and the rule that refuses it: only what showed a person something hidden), quit and its
saved game, records and their replay, and one run in a real terminal (tmux) where tmux exists."""

from __future__ import annotations

import json
import random
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tcgsim.bench import bundled_decks
from tcgsim.cli import app
from tcgsim.engine import Event
from tcgsim.games import get_game
from tcgsim.human import DEFAULT_REVEALS, Reveal, presenter_for, shows_hidden

runner = CliRunner()
REPO = Path(__file__).resolve().parent.parent
DECKS = {
    "mana": ("mana/firestorm.yaml", "mana/floodwater.yaml"),
    "godzilla": ("godzilla/mothra_song.yaml", "godzilla/sea_monsters.yaml"),
    "eva": ("eva/reis_bonds.yaml", "eva/ritsukos_magi.yaml", "eva/shinjis_longing.yaml"),  # three players
    "eva-short": ("eva-short/nerv_command.yaml", "eva-short/second_child.yaml"),
}


def decks(game: str) -> list[str]:
    return [str(REPO / "decks" / d) for d in DECKS[game]]


def play(*args: str, lines: str = "") -> tuple[int, str, str]:
    result = runner.invoke(app, ["play", *args], input=lines)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize("game", list(DECKS))
def test_a_whole_game_played_by_input_lines(game: str, tmp_path: Path) -> None:
    """Always the first action: the game ends, the last line says who won, and the record replays to the same
    end."""
    record = tmp_path / "game.jsonl"
    code, out, err = play(*decks(game), "--human", "0", "--seed", "4", "--record", str(record),
                          lines="1\n" * 5000)
    assert code == 0, err
    assert "[1-" in out  # it asked
    last = out.rstrip().splitlines()[-1].rsplit("]> ", 1)[-1]  # piped input echoes no newline after a prompt
    assert last.startswith("Game over"), last
    header = json.loads(record.read_text(encoding="utf-8").splitlines()[0])
    assert header["format"] == "tcgsim-game/1" and header["agents"][0] == "human"
    code, again, err = play("--replay", str(record))
    assert code == 0, err
    replayed = again.rstrip().splitlines()[-1]
    assert replayed.replace("(human)", "(you)") == last, (replayed, last)  # the same game, to the end


def test_every_bad_input_is_one_line_and_the_prompt_again() -> None:
    """Not a number, out of range, nothing, an unknown word, undo with nothing to undo: a line each, then the
    same decision again; the game still goes on to the end."""
    code, out, _ = play(*decks("mana"), "--human", "0", "--seed", "4",
                        lines="abc\n99\n0\n-1\n\nfrobnicate\nundo\n?\nlog\n" + "1\n" * 3000)
    assert code == 0
    assert "'abc' is not a command" in out
    assert "99 is not one of the actions" in out and "0 is not one of the actions" in out
    assert "-1 is not one of the actions" in out
    assert "type the number of an action" in out
    assert "'frobnicate' is not a command" in out
    assert "cannot undo" in out
    assert "Traceback" not in out


def test_undo_takes_back_a_decision_nothing_hidden_followed(tmp_path: Path) -> None:
    """mana, seed 4: the first decision is a land make (nothing hidden revealed by it); at the next decision
    `undo` brings the land make back."""
    code, out, _ = play(*decks("mana"), "--human", "0", "--seed", "4", lines="1\nundo\n" + "1\n" * 3000)
    assert code == 0
    prompts = out.split("undo, quit]> ")
    first = prompts[0].rsplit("\n\n", 1)[-1]  # the first decision as shown
    assert "cannot undo" not in prompts[2]
    assert first.strip().splitlines()[-1] in prompts[2]  # the same choices again, after the undo


def _recorded_actions(tmp_path: Path, lines: str) -> tuple[list[object], str]:
    """godzilla, seed 5, against the random AI, with `lines` typed: (the recorded actions, what was printed)."""
    record = tmp_path / "undo.jsonl"
    code, out, err = play(*decks("godzilla"), "--human", "0", "--ai", "random", "--seed", "5", "--record",
                          str(record), "--force", lines=lines)
    assert code == 0, err
    return [json.loads(line) for line in record.read_text(encoding="utf-8").splitlines()[1:]], out


def test_undo_rewinds_the_ais_luck_too(tmp_path: Path) -> None:
    """Against the random AI: `undo` then the same choice again is the same game as never undoing, at every prompt
    where undo is allowed, so undo is not a way to re-roll the AI's dice (its luck is rewound with the game)."""
    plain, _ = _recorded_actions(tmp_path, "1\n" * 3000)
    undone = 0
    for i in range(1, 12):  # undo passes at prompts 5 and 10, after the AI chose among several actions
        actions, out = _recorded_actions(tmp_path, "1\n" * i + "undo\n" + "1\n" * 3000)
        if "cannot undo" in out:
            continue
        undone += 1
        assert actions == plain, f"undo at prompt {i}"
    assert undone >= 2  # the check above ran where it matters


# ------------------------------------------------------------------------------------------------ the undo rule

def test_the_undo_rule_by_whom_an_event_kind_shows_something() -> None:
    """PUBLIC always refuses; OWNER only when the event's player is a person at the table; OTHERS only when a
    person at the table is not the event's player; a kind the map does not name never; no player: public."""
    reveals = {"turn_up": Reveal.PUBLIC, "draw": Reveal.OWNER, "play": Reveal.OTHERS}

    def shows(kind: str, player: int | None, humans: set[int]) -> bool:
        return shows_hidden(Event(1, "main", player, kind, {}), reveals, humans)

    assert shows("turn_up", 1, {0}) and shows("turn_up", 0, {0})
    assert shows("draw", 0, {0}) and not shows("draw", 1, {0})
    assert shows("draw", 1, {0, 1})  # a second person at the terminal saw it
    assert shows("play", 1, {0}) and not shows("play", 0, {0})
    assert shows("play", 0, {0, 1})  # P2, a person too, learnt P1's card
    assert not shows("move", 0, {0}) and not shows("move", 1, {0})
    assert shows("draw", None, {0}) and shows("play", None, {0})
    assert set(DEFAULT_REVEALS.values()) == {Reveal.PUBLIC}  # a game with no presenter: no event is trusted


def _prompts(game: str, answers: str) -> list[str]:
    """What was printed before each prompt of a 2-player game against `--ai first` (it plays the first legal
    action: no tuning of the AI changes the game) with the `answers` typed, and what came after the last."""
    code, out, err = play(*decks(game)[:2], "--human", "0", "--ai", "first", "--seed", "4", lines=answers)
    assert code == 0, err
    return out.split("undo, quit]> ")


def _news(chunk: str) -> list[str]:
    """The event lines shown before a prompt: what happened since the person last decided."""
    return [] if chunk.startswith("\n") or "\n\n" not in chunk else chunk.split("\n\n", 1)[0].splitlines()


def _actions(chunk: str) -> list[str]:
    return [line for line in chunk.splitlines() if re.match(r"\s+\d+\. ", line)]


def _first(chunks: list[str], only: str, needs: str) -> int:
    """The first prompt (from the second: one decision to take back) whose news lines all match `only` and one
    matches `needs`."""
    for i, chunk in enumerate(chunks[1:-1], start=1):
        news = _news(chunk)
        if any(re.match(needs, x) for x in news) and all(re.match(only, x) for x in news):
            return i
    raise AssertionError(f"no prompt whose news is only {only!r}")


def _undo_at(game: str, i: int) -> tuple[str, str]:
    """`undo` typed at prompt i (0-based), then quit: (what the undo printed, the prompt before it)."""
    chunks = _prompts(game, "1\n" * i + "undo\n1\nquit\n")
    return chunks[i + 1], chunks[i - 1]


# (game, an event line of the opponent's turn that shows P1 nothing, the opponent's draw, P1's own draw)
DRAWS = [
    ("eva", r"P2 (begins the turn|draws \d)", r"P2 draws \d", r"P1 (begins the turn|draws \d)", r"P1 draws \d"),
    ("godzilla", r"P2 (starts the turn|draws from)", r"P2 draws from", r"P1 draws from", r"P1 draws from"),
]


@pytest.mark.parametrize(("game", "theirs", "their_draw", "mine", "my_draw"), DRAWS, ids=[d[0] for d in DRAWS])
def test_undo_passes_the_opponents_draw_but_not_ones_own(game: str, theirs: str, their_draw: str, mine: str,
                                                         my_draw: str, tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """Typed at the first prompt after which only the opponent drew (its cards go to a hand P1 sees the size of),
    `undo` takes the decision back: the same choices again. At the first prompt after P1's own draw, it is
    refused."""
    monkeypatch.chdir(tmp_path)  # `quit` saves the game here
    chunks = _prompts(game, "1\n" * 60 + "quit\n")
    after, before = _undo_at(game, _first(chunks, theirs, their_draw))
    assert "cannot undo" not in after
    assert _actions(after) == _actions(before) and _actions(after)  # the decision taken back, asked again
    after, _ = _undo_at(game, _first(chunks, mine, my_draw))
    assert after.startswith("cannot undo")


def test_undo_is_refused_after_a_card_turned_up_for_everyone(tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """eva: a 使徒 drawn goes face up to Tokyo-3, in sight of every player; the opponent's draw beside it hides
    nothing, the 使徒 does."""
    monkeypatch.chdir(tmp_path)
    chunks = _prompts("eva", "1\n" * 60 + "quit\n")
    i = _first(chunks, r"P2 (begins the turn|draws \d)|使徒 .* arrives in Tokyo-3, face up", r"使徒 .* face up")
    after, _ = _undo_at("eva", i)
    assert after.startswith("cannot undo")


def _own_decks(state: object, seat: int) -> set[int]:
    p = state.players[seat]  # type: ignore[attr-defined]
    return {u for zone in ("deck", "bdeck", "char_deck") for u in getattr(p, zone, ())}


def _seen(state: object, seat: int) -> set[int]:
    view = state.view(seat)  # type: ignore[attr-defined]
    return {u for u in range(len(state.cards)) if view.card(u) is not None}  # type: ignore[attr-defined]


@pytest.mark.parametrize("game", list(DECKS))
def test_no_card_comes_to_the_persons_sight_where_undo_would_be_allowed(game: str) -> None:
    """Random games, P1 taken for the person: between two of its decisions, whenever a card left P1's decks (a
    draw, a search, a card milled) or a card P1 could not see came into its view (a card played from the
    opponent's hand, a face-down card turned up), other than the card P1's own action named, some event of the
    span refuses `undo` by the game's presenter. And some span with the opponent's draw in it lets `undo` through
    (P1 sees only the size of the opponent's hand)."""
    info = get_game(game)
    reveals = presenter_for(game).reveals
    pool = bundled_decks(game)
    spans = passed = 0
    for seed in range(20):
        rng = random.Random(seed)
        state = info.game_class()([pool[rng.randrange(len(pool))] for _ in range(2)], seed).new_initial_state(
            record_events=True)
        last: tuple[int, set[int], set[int], int] | None = None
        while not state.is_terminal:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
            if state.current_player == 0 and len(legal) > 1:
                events = state.events or []
                decks_now, seen_now = _own_decks(state, 0), _seen(state, 0)
                if last is not None:
                    start, decks_then, seen_then, named = last
                    span = events[start:]
                    learnt = ((decks_then - decks_now) | (seen_now - seen_then)) - {named}
                    refused = any(shows_hidden(e, reveals, {0}) for e in span)
                    assert refused or not learnt, (seed, state.turn, sorted({e.kind for e in span}), learnt)
                    spans += 1
                    passed += not refused and any(e.kind in ("draw", "draw2") and e.player == 1 for e in span)
                last = (len(events), decks_now, seen_now, getattr(action, "card", -1))
            state.apply(action)
    assert spans > 50
    if game != "eva-short":  # the short rule refills both hands at once (short_refill): no draw of P2's alone
        assert passed, "no span with the opponent's draw let undo through"


def test_end_of_input_saves_the_game_and_it_goes_on_from_the_record(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """Input that ends mid-game (Ctrl-D, then the end of a script) saves the game beside the player, never over
    a file, and `--replay FILE --human 0` goes on from there."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "tcgsim-game-mana-4.jsonl").write_text("mine\n", encoding="utf-8")
    code, out, err = play(*decks("mana"), "--human", "0", "--seed", "4", lines="1\n1\n")
    assert code == 0, err
    assert "end of input" in out
    saved = tmp_path / "tcgsim-game-mana-4-2.jsonl"
    assert saved.is_file() and (tmp_path / "tcgsim-game-mana-4.jsonl").read_text(encoding="utf-8") == "mine\n"
    assert f"written to {saved.name}" in err and "--replay" in err
    actions = len(saved.read_text(encoding="utf-8").splitlines()) - 1
    code, out, err = play("--replay", str(saved), "--human", "0", lines="1\n" * 3000)
    assert code == 0, err
    assert out.rstrip().splitlines()[-1].rsplit("]> ", 1)[-1].startswith("Game over")
    assert actions > 0


def test_an_ai_game_record_replays_to_the_same_log(tmp_path: Path) -> None:
    record = tmp_path / "ai.jsonl"
    code, first, _ = play(*decks("godzilla"), "--seed", "9", "--record", str(record))
    assert code == 0
    code, again, _ = play("--replay", str(record))
    assert code == 0 and again == first


def test_a_bad_record_and_a_bad_seat_are_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"format": "other"}\n', encoding="utf-8")
    code, _, err = play("--replay", str(bad))
    assert code == 1 and "not a tcgsim game record" in err and "Traceback" not in err
    code, _, err = play(*decks("mana"), "--human", "5")
    assert code == 2 and "seats 0 to 1" in err


@pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux: a real terminal for the prompt")
def test_in_a_real_terminal(tmp_path: Path) -> None:
    """The prompt in a terminal (tmux): the first decision shows, a key press plays, Ctrl-C asks to save."""
    session = f"tcgsim-test-{time.monotonic_ns()}"
    command = " ".join([sys.executable, "-m", "tcgsim", "play", *decks("mana"), "--human", "0", "--seed", "4"])
    subprocess.run(["tmux", "new-session", "-d", "-s", session, "-x", "160", "-y", "50", "-c", str(tmp_path),
                    command], check=True)
    try:
        def screen() -> str:
            return subprocess.run(["tmux", "capture-pane", "-p", "-t", session], capture_output=True,
                                  text=True).stdout

        def wait_for(text: str) -> str:
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline:
                shown = screen()
                if text in shown:
                    return shown
                time.sleep(0.1)
            raise AssertionError(f"{text!r} never showed:\n{screen()}")

        wait_for("P1 [1-")
        subprocess.run(["tmux", "send-keys", "-t", session, "1", "Enter"], check=True)
        time.sleep(0.5)  # at the next prompt, or while the AI plays: Ctrl-C makes the same offer either way
        subprocess.run(["tmux", "send-keys", "-t", session, "C-c"], check=True)
        wait_for("save the game and quit?")
        subprocess.run(["tmux", "send-keys", "-t", session, "y", "Enter"], check=True)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and not list(tmp_path.glob("tcgsim-game-*.jsonl")):
            time.sleep(0.1)
        assert list(tmp_path.glob("tcgsim-game-mana-4*.jsonl"))
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)


@pytest.mark.parametrize("game", list(DECKS))
def test_a_person_plays_a_whole_game_against_each_scripted_style_and_baseline(game: str) -> None:
    """Every AI of `tcgsim agents GAME` but search (the next test): the game's styles and the baselines."""
    from tcgsim.agents import agent_names

    styles = [a for a in agent_names(game) if a != "search"]
    assert len(styles) >= 5
    for style in styles:
        code, out, err = play(*decks(game), "--human", "0", "--ai", style, "--seed", "5", lines="1\n" * 5000)
        assert code == 0, err
        assert out.rstrip().splitlines()[-1].rsplit("]> ", 1)[-1].startswith("Game over"), (game, style)


@pytest.mark.parametrize("game", list(DECKS))
def test_a_person_plays_a_whole_game_against_the_search_player(game: str) -> None:
    """The search AI in every other seat (two of them in three-player eva): it decides from its own view while a
    person waits at the prompt, and the game ends."""
    code, out, err = play(*decks(game), "--human", "0", "--ai", "search", "--seed", "5", lines="1\n" * 5000)
    assert code == 0, err
    assert "(search" in out.splitlines()[0], out.splitlines()[0]  # the seats as announced: the AI is the searcher
    assert out.rstrip().splitlines()[-1].rsplit("]> ", 1)[-1].startswith("Game over"), game
