"""The command line, through Typer's runner: exit codes, output contracts, help texts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tcgsim.cli import app

runner = CliRunner()
REPO = Path(__file__).resolve().parent.parent


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def command_names() -> list[str]:
    return [c.name or (c.callback.__name__ if c.callback else "") for c in app.registered_commands]


@pytest.mark.parametrize("name", command_names())
def test_every_command_has_help_with_an_example(name: str) -> None:
    code, out, _ = run(name, "--help")
    assert code == 0
    assert "Example:" in out and f"tcgsim {name}" in out


def test_games_lists_all_three() -> None:
    code, out, _ = run("games")
    assert code == 0
    for key in ("godzilla", "eva", "mana"):
        assert key in out


def test_cards_json_contract() -> None:
    code, out, _ = run("cards", "mana", "--format", "json")
    assert code == 0
    cards = json.loads(out)
    assert len(cards) == 150
    for card in cards:
        assert {"id", "name", "name_ja", "type", "stats", "unique", "max_copies"} <= set(card)
        assert card["type"] in {"artifact", "monster", "support", "item", "character"}
        assert isinstance(card["unique"], bool) and card["max_copies"] == 4


def test_cards_filters() -> None:
    code, out, _ = run("cards", "mana", "--type", "monster", "--search", "dragon", "--format", "json")
    assert code == 0
    assert {c["name"] for c in json.loads(out)} == {"Kid Dragon", "Sky Dragon"}


def test_cards_bad_game_and_type_are_usage_errors() -> None:
    code, _, err = run("cards", "chess")
    assert code == 2 and "unknown game" in err
    code, _, err = run("cards", "mana", "--type", "spell")
    assert code == 2 and "unknown card type" in err


def test_validate_bundled_decks_exit_0() -> None:
    code, out, _ = run("validate", str(REPO / "decks"))
    assert code == 0, out
    assert "0 invalid" in out


def test_validate_json_contract(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: mana\nmain:\n  Drakonis: 5\ncharacters: [Hero]\n", encoding="utf-8")
    code, out, _ = run("validate", str(bad), str(REPO / "decks" / "mana" / "firestorm.yaml"), "--format", "json")
    assert code == 1
    reports = json.loads(out)
    assert [r["valid"] for r in reports] == [False, True]
    first = reports[0]
    assert set(first) == {"path", "game", "deck", "valid", "errors", "warnings"}
    assert {"code", "message", "card", "line"} == set(first["errors"][0])
    assert any(e["code"] == "MANA-COPIES" and e["line"] == 3 and e["card"] == "Drakonis" for e in first["errors"])


def test_validate_text_line_format(tmp_path: Path) -> None:
    bad = tmp_path / "red.yaml"
    bad.write_text("game: mana\nmain:\n  Drakonis: 5\ncharacters: [Hero]\n", encoding="utf-8")
    code, out, _ = run("validate", str(bad))
    assert code == 1
    assert f'{bad}:3: MANA-COPIES: "Drakonis" x5, at most 4 copies' in out.splitlines()


def test_validate_github_annotations(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: mana\nmain:\n  Drakonis: 5\n", encoding="utf-8")
    code, out, _ = run("validate", str(bad), "--format", "github")
    assert code == 1
    assert f"::error file={bad},line=3,title=MANA-COPIES::" in out


def test_validate_github_totals_summary_and_a_line_for_a_missing_section(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """GitHub shows 10 error annotations a step: twelve bad decks get twelve annotations, a totals line, a line
    saying where the rest are, and a job summary table of all problems; a missing section is annotated on line 1
    (an annotation without a line shows in no file view)."""
    for i in range(12):
        (tmp_path / f"bad{i:02}.yaml").write_text("game: mana\nmain:\n  Drakonis: 5\n", encoding="utf-8")
    summary = tmp_path / "summary.md"
    summary.write_text("earlier step\n", encoding="utf-8")
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary))
    code, out, _ = run("validate", str(tmp_path), "--format", "github")
    assert code == 1
    lines = out.splitlines()
    annotations = [x for x in lines if x.startswith("::error ")]
    problems = len(annotations)
    assert problems >= 24  # each deck: too many copies and no character deck
    assert any("title=MANA-CHAR" in a and ",line=1," in a for a in annotations), annotations[:3]
    assert f"12 decks checked: 0 valid, 12 invalid ({problems} errors, 0 warnings)" in lines
    assert any(x.startswith("GitHub shows the first 10 errors") for x in lines)
    table = summary.read_text(encoding="utf-8")
    assert table.startswith("earlier step\n## tcgsim validate")  # appended, never overwritten
    assert table.count("| error | MANA-") == problems


def test_validate_github_without_a_summary_file_prints_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("GITHUB_STEP_SUMMARY", raising=False)
    code, out, _ = run("validate", str(REPO / "decks" / "mana" / "firestorm.yaml"), "--format", "github")
    assert code == 0 and out.splitlines() == ["1 deck checked: 1 valid, 0 invalid (0 errors, 0 warnings)"]


def test_validate_unreadable_and_missing_paths_exit_1(tmp_path: Path) -> None:
    (tmp_path / "empty.yaml").write_text("")
    code, out, _ = run("validate", str(tmp_path / "empty.yaml"), str(tmp_path / "missing.yaml"))
    assert code == 1
    assert "DECK-EMPTY" in out and "no such file" in out
    assert "Traceback" not in out


def test_validate_globs_and_folders() -> None:
    code, out, _ = run("validate", str(REPO / "decks" / "mana" / "*.yaml"))
    assert code == 0 and "checked" in out


def test_validate_usage_errors_exit_2() -> None:
    code, _, _ = run("validate")
    assert code == 2
    code, _, _ = run("validate", "x.yaml", "--format", "xml")
    assert code == 2
    code, _, _ = run("validate", "x.yaml", "--game", "chess")
    assert code == 2


def test_python_dash_m_works() -> None:
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-m", "tcgsim", "games"], capture_output=True, text=True, check=True)
    assert "mana" in out.stdout
