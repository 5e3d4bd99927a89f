"""A deck file may name the AI style it is played with (`ai: raider`): read from YAML and text lists, checked by
validate (an unknown style is one error on its line, with the nearest name), used by play and simulate unless the
command line names an agent (issue 15)."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from tcgsim.cli import app
from tcgsim.decks import parse_deck_text, read_deck
from tcgsim.sim import plan_simulation
from tcgsim.validate import validate_file

REPO = Path(__file__).resolve().parent.parent
FIRESTORM = REPO / "decks" / "mana" / "firestorm.yaml"
runner = CliRunner()


def with_ai(tmp_path: Path, style: str, source: Path = FIRESTORM, name: str = "styled.yaml") -> Path:
    """A copy of a bundled deck with `ai: <style>` after its first line."""
    lines = source.read_text(encoding="utf-8").splitlines(keepends=True)
    path = tmp_path / name
    path.write_text(lines[0] + f"ai: {style}\n" + "".join(lines[1:]), encoding="utf-8")
    return path


def test_yaml_and_text_decks_read_ai_with_its_line() -> None:
    deck = parse_deck_text("game: mana\nai: raider\nmain: {Flame: 3}\n", "x.yaml")
    assert (deck.ai, deck.ai_line) == ("raider", 2)
    text = parse_deck_text("game: mana\nname: Pasted\nai: raider\n# main\n3 Flame\n", "p.txt", fmt="text")
    assert (text.ai, text.ai_line) == ("raider", 3)
    assert parse_deck_text("game: mana\nmain: {Flame: 3}\n", "x.yaml").ai is None


def test_an_unknown_style_is_one_error_on_its_line_with_the_nearest_name(tmp_path: Path) -> None:
    report = validate_file(with_ai(tmp_path, "raidr"))
    assert not report.valid
    [error] = report.errors
    assert error.code == "DECK-AI" and error.line == 2
    assert "unknown agent 'raidr'" in error.message and "did you mean 'raider'" in error.message
    assert validate_file(with_ai(tmp_path, "raider", name="good.yaml")).valid
    assert validate_file(with_ai(tmp_path, "search:2", name="search.yaml")).valid


def test_simulate_plays_each_deck_with_its_own_style_unless_the_command_line_names_one(tmp_path: Path) -> None:
    styled = with_ai(tmp_path, "raider")
    other = REPO / "decks" / "mana" / "floodwater.yaml"
    assert [d.ai for d in plan_simulation([styled, other], games=2).decks] == ["raider", "builder"]
    assert [d.ai for d in plan_simulation([styled, other], games=2, ai="random").decks] == ["random", "random"]
    named = plan_simulation([styled, other], games=2, ai=["Floodwater=random"]).decks
    assert [d.ai for d in named] == ["raider", "random"]


def test_play_uses_the_decks_style_and_the_command_line_overrides_it(tmp_path: Path) -> None:
    styled = with_ai(tmp_path, "raider")
    other = str(REPO / "decks" / "mana" / "floodwater.yaml")

    def first_line(*extra: str) -> str:  # the log's first line names each seat with its AI
        result = runner.invoke(app, ["play", str(styled), other, "--seed", "3", *extra])
        assert result.exit_code == 0, result.output
        return result.stdout.splitlines()[0]

    assert first_line() == "P1: Firestorm (raider); P2: Floodwater (builder)"
    overridden = first_line("--ai", "builder")
    assert overridden == "P1: Firestorm (builder); P2: Floodwater (builder)"
    assert read_deck(styled).ai == "raider"
