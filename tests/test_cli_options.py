"""One option language (issue 18): an option means the same in every command that takes it, is refused alike,
and the help shows what each one takes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tcgsim.cli import app

runner = CliRunner()
REPO = Path(__file__).resolve().parent.parent
RED = str(REPO / "decks" / "mana" / "firestorm.yaml")
BLUE = str(REPO / "decks" / "mana" / "floodwater.yaml")
EVA = str(REPO / "decks" / "eva" / "reis_bonds.yaml")
COMMANDS = ("games", "cards", "validate", "agents", "options", "play", "fit-eval", "bench", "simulate", "matchups",
            "compare", "report")


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), input=stdin)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def test_play_takes_deck_equals_agent_as_simulate_does() -> None:
    code, out, err = run("play", RED, BLUE, "--seed", "3", "--ai", "Floodwater=raider", "-q")
    assert code == 0, err
    code, _, err = run("play", RED, BLUE, "--ai", "Nobody=raider", "-q")
    assert code == 2 and "no deck 'Nobody'" in err


@pytest.mark.parametrize("command", ["play", "simulate"])
def test_a_negative_seed_is_refused_by_every_command(command: str, tmp_path: Path) -> None:
    code, _, err = run(command, RED, BLUE, "--seed", "-3", *(("--out", str(tmp_path / "r")) if command != "play"
                                                            else ()))
    assert code == 2 and "--seed" in err


@pytest.mark.parametrize("command", ["play", "simulate"])
def test_decks_of_two_games_are_a_usage_error_everywhere(command: str, tmp_path: Path) -> None:
    code, _, err = run(command, RED, EVA, *(("--out", str(tmp_path / "r")) if command != "play" else ()))
    assert code == 2 and "decks of different games" in err


def test_quiet_means_only_the_result(tmp_path: Path) -> None:
    """play: the result line; simulate: the summary, without the notes (here the rounding note)."""
    code, out, _ = run("play", RED, BLUE, "--seed", "3", "--quiet")
    assert code == 0 and len(out.splitlines()) == 1 and out.startswith("Game over")
    code, _, err = run("simulate", RED, BLUE, "-n", "3", "-w", "1", "--no-report", "--out", str(tmp_path / "a"))
    assert code == 0 and "--games 3 plays 4 games" in err  # said when it rounds
    code, _, err = run("simulate", RED, BLUE, "-n", "3", "-w", "1", "--no-report", "--quiet", "--out",
                       str(tmp_path / "b"))
    assert code == 0 and "note" not in err


def test_a_text_list_without_its_game_plays_with_game(tmp_path: Path) -> None:
    text = (REPO / "decks" / "mana" / "starlight.txt").read_text(encoding="utf-8").replace("game: mana\n", "")
    deck = tmp_path / "nameless.txt"
    deck.write_text(text, encoding="utf-8")
    code, _, err = run("play", str(deck), BLUE, "-q")
    assert code == 1 and "no game given" in err
    code, _, err = run("play", str(deck), BLUE, "--game", "mana", "-q")
    assert code == 0, err
    code, _, err = run("simulate", str(deck), BLUE, "--game", "mana", "-n", "2", "-w", "1", "--no-report", "--out",
                       str(tmp_path / "r"))
    assert code == 0, err
    code, _, err = run("simulate", "--resume", str(tmp_path / "r"))  # the run remembers its game
    assert code == 0, err


def test_validate_reads_a_deck_from_standard_input() -> None:
    code, out, _ = run("validate", "-", stdin=(REPO / "decks" / "mana" / "starlight.txt").read_text(encoding="utf-8"))
    assert code == 0 and "<stdin>: valid mana deck 'Starlight Vanguard'" in out
    code, out, _ = run("validate", "-", RED, stdin="game: mana\nmain:\n  Drakonis: 5\n")
    assert code == 1 and out.splitlines()[0].startswith("<stdin>:")


@pytest.mark.parametrize("command", COMMANDS)
def test_the_help_shows_what_each_option_takes(command: str) -> None:
    """No flag reads as taking a value (`--quiet <bool>`), no list argument doubles its dots (`{PATH...}...`),
    and every option that takes a value names it (`--games N`), not its Python type."""
    code, out, _ = run(command, "--help")
    assert code == 0
    assert "<bool>" not in out and "...}..." not in out
    options = out.split("Options:", 1)[1]
    assert re.findall(r"--[a-z-]+ <[^>]+>", options) == []


def test_version_and_shell_completion() -> None:
    code, out, _ = run("--version")
    assert code == 0 and re.fullmatch(r"tcgsim \d+\.\d+\.\d+\n", out)
    code, out, _ = run("--help")
    assert "--install-completion" in out and "--show-completion" in out
