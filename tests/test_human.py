"""A person at the terminal (issue 19), through the CLI with scripted input: a whole game of every game key, each
kind of bad input, undo, quit and its saved game, records and their replay, and one run in a real terminal
(tmux) where tmux exists."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tcgsim.cli import app

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
def test_a_person_plays_a_whole_game_against_each_scripted_style(game: str) -> None:
    from tcgsim.agents import agent_names

    styles = [a for a in agent_names(game) if a not in ("random", "first", "safe-random", "search")]
    assert len(styles) >= 2
    for style in styles:
        code, out, err = play(*decks(game), "--human", "0", "--ai", style, "--seed", "5", lines="1\n" * 5000)
        assert code == 0, err
        assert out.rstrip().splitlines()[-1].rsplit("]> ", 1)[-1].startswith("Game over"), (game, style)
