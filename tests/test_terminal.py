"""Terminal tables line up by display width, so Japanese names (two columns a character) do not push the
columns after them out of line."""

from __future__ import annotations

from rich.cells import cell_len
from typer.testing import CliRunner

from tcgsim.cli import app
from tcgsim.terminal import table_lines


def test_columns_after_japanese_names_start_at_the_same_display_column() -> None:
    lines = table_lines(("name_ja", "type"), [("平地", "base"), ("ニューヨーク", "base"), ("x", "monster")])
    starts = {cell_len(line[: line.index(kind)]) for line in lines[2:] for kind in ("base", "monster")
              if kind in line}
    assert len(starts) == 1
    assert lines[0].startswith("name_ja")


def test_cards_table_has_a_header_and_aligned_columns() -> None:
    result = CliRunner().invoke(app, ["cards", "godzilla", "--type", "base"])
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0].split()[:4] == ["id", "name", "name_ja", "type"]
    starts = {cell_len(line[: line.index(" base ")]) for line in lines[2:]}
    assert len(starts) == 1, lines[:5]


def test_games_table_lists_every_game_key() -> None:
    result = CliRunner().invoke(app, ["games"])
    assert result.exit_code == 0
    keys = [line.split()[0] for line in result.stdout.splitlines()[2:]]
    assert keys == ["godzilla", "eva", "eva-short", "mana"]
