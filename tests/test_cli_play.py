"""`tcgsim play`, `tcgsim agents` and `tcgsim bench` through Typer's runner."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tcgsim.cli import app

runner = CliRunner()
REPO = Path(__file__).resolve().parent.parent
RED = str(REPO / "decks" / "mana" / "firestorm.yaml")
BLUE = str(REPO / "decks" / "mana" / "floodwater.yaml")


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_play_prints_a_readable_game_to_its_end() -> None:
    code, out, _ = run("play", RED, BLUE, "--seed", "7", "--ai", "raider", "--ai", "builder")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "P1: Firestorm (raider); P2: Floodwater (builder)"  # each seat named once, up front
    assert lines[1].startswith("Decks shuffled")
    assert "-- turn 1 --" in lines
    assert any("makes land:" in line for line in lines)
    assert lines[-1].startswith("Game over after")
    assert out.count("Firestorm") == 1 or "(Firestorm" not in out.split("\n", 1)[1]  # short labels after it
    assert not any(re.search(r"\b1 cards\b", line) for line in lines)
    assert re.search(r"wins by (12 mana|party routed|9 lands|deck out): (Firestorm|Floodwater) \(\w+\)\.$|a draw \(",
                     lines[-1]), lines[-1]


def test_play_board_shows_every_seats_figures_each_turn() -> None:
    code, out, _ = run("play", RED, BLUE, "--seed", "7", "--board")
    assert code == 0
    boards = [x for x in out.splitlines() if x.startswith("  board: ")]
    turns = [x for x in out.splitlines() if x.startswith("-- turn ")]
    assert len(boards) >= len(turns) - 1 and all("P1 mana " in b and " | P2 mana " in b for b in boards)
    assert "board:" not in run("play", RED, BLUE, "--seed", "7")[1]


def test_play_shows_japanese_card_names_where_the_pool_has_them() -> None:
    """EVA's pool has Japanese names: --lang ja shows them, both shows both; its log leaves out empty clauses
    ('face up again: none') and words (OTHER) cards ('plays the (OTHER) card', not '(OTHER) speaks')."""
    eva = [str(REPO / "decks" / "eva" / n) for n in ("reis_bonds.yaml", "ritsukos_magi.yaml")]
    _, en, _ = run("play", *eva, "--seed", "3")
    _, ja, _ = run("play", *eva, "--seed", "3", "--lang", "ja")
    _, both, _ = run("play", *eva, "--seed", "3", "--lang", "both")
    assert "Harmonics Test" in en and "ハーモニクステスト" not in en
    assert "ハーモニクステスト" in ja and "Harmonics Test" not in ja
    assert "ハーモニクステスト (Harmonics Test)" in both
    assert "face up again: none" not in en and "(OTHER) speaks" not in en
    assert len(en.splitlines()) == len(ja.splitlines())  # the same game, only the names differ


def test_play_is_reproducible_from_the_seed() -> None:
    first = run("play", RED, BLUE, "--seed", "11")[1]
    assert first == run("play", RED, BLUE, "--seed", "11")[1]
    assert first != run("play", RED, BLUE, "--seed", "12")[1]


def test_play_writes_the_event_stream(tmp_path: Path) -> None:
    events = tmp_path / "game.jsonl"
    code, out, _ = run("play", RED, BLUE, "--seed", "3", "--events", str(events), "--quiet")
    assert code == 0 and out.startswith("Game over")
    rows = [json.loads(line) for line in events.read_text(encoding="utf-8").splitlines()]
    assert all({"turn", "player", "kind", "phase"} <= set(r) for r in rows)
    assert rows[-1]["kind"] == "game_end" and {"winner", "reason", "turns"} <= set(rows[-1])
    tempo = [r for r in rows if r["kind"] == "tempo"]
    assert tempo and {"mana", "lands", "hand", "party", "monsters"} <= set(tempo[0])
    phases = {r["phase"] for r in rows}
    assert {"setup", "start", "main", "end"} <= phases
    # never overwrite without being asked
    code, _, err = run("play", RED, BLUE, "--events", str(events))
    assert code == 2 and "--force" in err
    assert run("play", RED, BLUE, "--events", str(events), "--force", "--quiet")[0] == 0


def test_play_refuses_bad_input_with_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: mana\nmain: {Drakonis: 9}\n", encoding="utf-8")
    code, _, err = run("play", str(bad), BLUE)
    assert code == 1 and "MANA-COPIES" in err and "Traceback" not in err
    code, _, err = run("play", RED, BLUE, "--ai", "genius")
    assert code == 2 and "unknown agent" in err
    code, _, err = run("play", RED, BLUE, "--ai", "raider", "--ai", "builder", "--ai", "random")
    assert code == 2
    code, _, err = run("play", RED)
    assert code == 2 and "takes 2-2 decks" in err
    gz = str(next((REPO / "decks" / "godzilla").glob("*.yaml")))
    code, _, err = run("play", RED, gz)
    assert code == 2 and "decks of different games" in err  # a usage error, as in simulate


def test_agents_lists_styles_with_the_default() -> None:
    code, out, _ = run("agents", "mana")
    assert code == 0
    assert "builder  (default)" in out and "raider" in out and "random" in out


def test_bench_reports_rates_as_json() -> None:
    code, out, _ = run("bench", "mana", "--games", "4", "--format", "json", "--playouts", "0")
    assert code == 0
    data = json.loads(out)
    assert data["games"] == 4 and data["decisions"] > 0 and data["decisions_per_s"] > 0
    assert data["agent"] == "builder" and data["search"] is None and data["peak_rss_mb"] > 0


def test_bench_measures_the_engine_alone_and_search_from_mid_game() -> None:
    code, out, _ = run("bench", "godzilla", "--games", "3", "--ai", "random", "--playouts", "6")
    assert code == 0
    assert "(agent: random)" in out and "godzilla search, from 20 mid-game positions" in out
    assert "clones/s" in out and "random playouts/s" in out
    code, _, err = run("bench", "godzilla", "--ai", "nobody")
    assert code == 2 and "unknown agent 'nobody'" in err


def test_mid_game_positions_are_live_and_half_way() -> None:
    from tcgsim.agents import make_agent
    from tcgsim.bench import mid_game_positions
    from tcgsim.engine import play_game

    positions = mid_game_positions("mana", count=3)
    assert len(positions) == 3 and not any(p.is_terminal for p in positions)
    for position in positions:  # half the actions of the same game played whole
        whole = play_game(position.game, [make_agent("mana", "builder") for _ in range(2)])
        assert len(position.action_log) == len(whole.actions) // 2
        assert position.action_log == whole.actions[: len(whole.actions) // 2]


def test_report_rewrites_a_run_and_refuses_what_is_not_one(tmp_path: Path) -> None:
    run_dir = tmp_path / "run"
    code, _, _ = run("simulate", RED, BLUE, "--games", "8", "--workers", "1", "--out", str(run_dir), "--quiet",
                     "--no-report")
    assert code == 0 and not (run_dir / "report.html").exists()
    code, out, _ = run("report", str(run_dir))
    assert code == 0 and "report.html" in out
    assert (run_dir / "report.html").exists() and (run_dir / "summary.json").exists()
    assert json.loads((run_dir / "summary.json").read_text(encoding="utf-8"))
    code, _, err = run("report", str(tmp_path / "nowhere"))
    assert code == 1 and "no such run folder" in err
    (tmp_path / "empty").mkdir()
    code, _, err = run("report", str(tmp_path / "empty"))
    assert code == 1 and "Traceback" not in err


def test_an_internal_error_is_one_line_unless_debugging(monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    import pytest

    import tcgsim.cli as cli

    def boom(*_args: object, **_kwargs: object) -> None:
        raise RuntimeError("engine exploded")

    monkeypatch.setattr(cli, "app", boom)
    monkeypatch.delenv("TCGSIM_DEBUG", raising=False)
    with pytest.raises(SystemExit) as exit_info:
        cli.main()
    assert exit_info.value.code == 3
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "internal error: RuntimeError: engine exploded" in err
    monkeypatch.setenv("TCGSIM_DEBUG", "1")
    with pytest.raises(RuntimeError):
        cli.main()


@pytest.mark.parametrize(("game", "decks"), [
    ("mana", ("firestorm.yaml", "floodwater.yaml")), ("godzilla", ("mothra_song.yaml", "sea_monsters.yaml")),
    ("eva", ("reis_bonds.yaml", "ritsukos_magi.yaml")), ("eva-short", ("nerv_command.yaml", "second_child.yaml")),
])
def test_no_log_line_shows_an_engine_code(game: str, decks: tuple[str, str]) -> None:
    """A player reads words, not the engine's codes ('mana_12', 'character_attack'), and no '1 cards'."""
    paths = [str(REPO / "decks" / game / d) for d in decks]
    for seed in ("5", "6"):
        code, out, _ = run("play", *paths, "--seed", seed)
        assert code == 0
        assert re.findall(r"\b[a-z]+_[a-z_]+\b", out) == []
        assert re.findall(r"\b1 (?:cards|bases|monsters|lands)\b", out) == []
