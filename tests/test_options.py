"""Game options on the command line (--option NAME=VALUE), in run.json, in the run's command and its resume."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tcgsim.cli import app
from tcgsim.games.mana.game import ArrowReading, ManaOptions
from tcgsim.options import (
    BadOption,
    option_arguments,
    option_infos,
    options_from_json,
    options_from_strings,
    options_to_json,
)

REPO = Path(__file__).resolve().parent.parent
RED, BLUE = str(REPO / "decks/mana/firestorm.yaml"), str(REPO / "decks/mana/floodwater.yaml")
runner = CliRunner()


def test_options_are_typed_from_name_value_strings() -> None:
    options = options_from_strings(ManaOptions, ["arrows=INCOMING", "turn-limit=150"], "mana")
    assert options == ManaOptions(turn_limit=150, arrows=ArrowReading.INCOMING)
    assert options_from_json(ManaOptions, options_to_json(options)) == options
    assert option_arguments(options) == ["--option", "turn_limit=150", "--option", "arrows=incoming"]
    assert option_arguments(ManaOptions()) == []


@pytest.mark.parametrize(("item", "message"), [
    ("arows=incoming", "did you mean 'arrows'?"),
    ("arrows=sideways", "not one of outgoing, incoming"),
    ("turn_limit=ten", "give a whole number"),
    ("turn_limit=0", "at least 1"),
    ("turn_limit", "write it as NAME=VALUE"),
])
def test_a_wrong_option_is_one_line(item: str, message: str) -> None:
    with pytest.raises(BadOption, match=message):
        options_from_strings(ManaOptions, [item], "mana")
    result = runner.invoke(app, ["play", RED, BLUE, "--option", item])
    assert result.exit_code == 2 and message in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_every_option_has_words_for_tcgsim_options() -> None:
    assert all(i.help for i in option_infos(ManaOptions) if i.name in ("turn_limit", "decision_limit"))
    result = runner.invoke(app, ["options", "mana"])
    assert result.exit_code == 0 and "arrows" in result.stdout and "outgoing | incoming" in result.stdout


def test_a_run_records_its_options_and_resumes_with_them(tmp_path: Path) -> None:
    out = tmp_path / "run"
    args = ["simulate", RED, BLUE, "-n", "4", "-w", "1", "--ai", "random", "--option", "turn_limit=30",
            "--out", str(out), "--no-report"]
    assert runner.invoke(app, args).exit_code == 0
    meta = json.loads((out / "run.json").read_text())
    assert meta["options"]["turn_limit"] == 30 and "--option turn_limit=30" in meta["command"]
    other = runner.invoke(app, ["simulate", RED, BLUE, "-n", "4", "--ai", "random", "--resume", str(out)])
    assert other.exit_code == 2 and "options" in other.stderr
    meta["status"] = "running"
    (out / "run.json").write_text(json.dumps(meta))
    again = runner.invoke(app, ["simulate", "--resume", str(out), "--no-report"])
    assert again.exit_code == 0, again.stderr
    assert json.loads((out / "run.json").read_text())["options"]["turn_limit"] == 30
