"""GODZILLA games end to end: long random games keep every invariant (the generic test's random players close
their own last base early and rarely reach a battle, so these avoid that one move), replays, and the CLI commands
on the bundled decks."""

from __future__ import annotations

import json
import random
from pathlib import Path

from typer.testing import CliRunner

from tcgsim.cli import app
from tcgsim.decks import read_deck
from tcgsim.engine import replay
from tcgsim.games.godzilla import actions as A
from tcgsim.games.godzilla.game import GzGame

REPO = Path(__file__).resolve().parents[2]
DECKS = [read_deck(p) for p in sorted((REPO / "decks" / "godzilla").iterdir())]


def test_long_random_games_keep_every_invariant() -> None:
    seen: set[str] = set()
    for seed in range(150):
        game = GzGame([DECKS[seed % 5], DECKS[(seed * 3 + 1) % 5]], seed)
        state = game.new_initial_state()
        rng = random.Random(seed)
        total = len(state.card_locations())
        steps = 0
        while not state.is_terminal:
            legal = state.legal_actions()
            assert legal
            if steps % 5 == 0:
                twin = state.clone()
                assert twin.signature() == state.signature()
                twin.apply(legal[-1])
                assert state.legal_actions() == legal
            pool = [a for a in legal if type(a) is not A.Close] or legal  # no self-inflicted GZ-WIN-2
            action = pool[rng.randrange(len(pool))]
            seen.add(type(action).__name__)
            state.apply(action)
            steps += 1
            assert len(state.card_locations()) == total
            assert all(v >= 0 for v in state.counters().values())
        assert state.outcome is not None and state.legal_actions() == []
        if seed % 25 == 0:
            again = replay(GzGame(game.decks, seed), [a.to_json() for a in state.action_log])
            assert again.signature() == state.signature()
    assert {"Attack", "Relieve", "Fight", "Evolve", "PlayEvent", "UseOperation", "Counter", "Pick", "Pay"} <= seen


runner = CliRunner()


def run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout


def test_play_prints_a_godzilla_game() -> None:
    decks = [str(p) for p in sorted((REPO / "decks" / "godzilla").glob("*.yaml"))[:2]]
    code, out = run("play", *decks, "--seed", "3", "--ai", "builder", "--ai", "aggressor")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("P1: ") and "; P2: " in lines[0]  # the seats, named once
    assert "places the first base" in lines[2] and "-- turn 1 --" in lines
    assert any("Battle:" in line for line in lines) and lines[-1].startswith("Game over after")
    assert not any(line.startswith("P1 ") and "{" in line for line in lines)  # every event has its words


def test_agents_and_bench_know_godzilla() -> None:
    code, out = run("agents", "godzilla")
    assert code == 0 and "builder  (default)" in out and "aggressor" in out
    code, out = run("bench", "godzilla", "--games", "3", "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert data["games"] == 3 and data["decisions"] > 0
