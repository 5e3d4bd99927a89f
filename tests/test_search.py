"""The search player (tcgsim.search) and its learned evaluation (tcgsim.evaluation): every game has it, its budget
is parsed with a clear message, its games replay from the seed, the shipped evaluations fit the games' figures,
and `tcgsim fit-eval` fits and writes one without overwriting what is there. That it decides from its view alone
is the generic hidden-information test (tests/test_engine_invariants.py), which plays it with the scripted
styles; its strength is measured in docs/ai.md."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tcgsim.agents import UnknownAgent, make_agent
from tcgsim.bench import bundled_decks
from tcgsim.cli import app
from tcgsim.engine import play_game
from tcgsim.evaluation import Evaluation, fit_evaluation, load_evaluation, save_evaluation
from tcgsim.games import get_game, playable_games

KEYS = [g.key for g in playable_games()]


@pytest.mark.parametrize("key", KEYS)
def test_every_game_has_a_search_player_with_a_budget(key: str) -> None:
    assert make_agent(key, "search").name == "search"
    assert make_agent(key, "search:3").name == "search:3"
    for bad, why in (("search:0", "must be 1 or more"), ("search:lots", "not a whole number")):
        with pytest.raises(UnknownAgent, match=why):
            make_agent(key, bad)


@pytest.mark.parametrize("key", KEYS)
def test_a_search_game_replays_from_its_seed(key: str) -> None:
    cls = get_game(key).game_class()
    decks = bundled_decks(key)[:2]

    def once() -> tuple[object, ...]:
        agents = [make_agent(key, "search"), make_agent(key, "first")]
        result = play_game(cls(decks, 11, cls.options_class(turn_limit=12)), agents)
        return tuple(result.actions), result.outcome

    assert once() == once()


@pytest.mark.parametrize("key", KEYS)
def test_the_shipped_evaluation_reads_the_games_figures(key: str) -> None:
    evaluation = load_evaluation(key)
    metrics = [m.name for m in get_game(key).game_class().tempo_metrics]
    assert evaluation.game == key and evaluation.rows > 1000
    assert evaluation.names == (*(f"own_{m}" for m in metrics), *(f"opponents_{m}" for m in metrics), "turn",
                                "players"), "the game's figures changed: refit with `tcgsim fit-eval`"
    assert evaluation.log_loss < math.log(2)
    state = get_game(key).game_class()(bundled_decks(key)[:2], 3).new_initial_state()
    assert 0.0 < evaluation(state, 0) < 1.0


def test_the_fit_finds_what_decides_the_result(tmp_path: Path) -> None:
    """On made-up positions where a seat wins more the more it leads in the first figure, the fitted weight of
    that figure is positive and that of a figure that decides nothing is near zero."""
    rng = random.Random(1)
    xs, ys = [], []
    for _ in range(4000):
        lead, noise = rng.gauss(0, 1), rng.gauss(0, 1)
        xs.append([lead, noise, 0.0, 0.0, 5.0, 2.0])
        ys.append(1.0 if rng.random() < 1 / (1 + math.exp(-2 * lead)) else 0.0)
    fitted = fit_evaluation("mana", ["a", "b"], xs, ys, games=100)
    assert fitted.weights[1] > 1.5 and abs(fitted.weights[2]) < 0.15
    save_evaluation(fitted, tmp_path / "e.json")
    assert Evaluation.from_json(json.loads((tmp_path / "e.json").read_text())) == fitted
    with pytest.raises(ValueError, match="tcgsim-evaluation/1"):
        Evaluation.from_json({"format": "something else"})


def test_fit_eval_writes_an_evaluation_and_never_overwrites_one(tmp_path: Path) -> None:
    runner = CliRunner()
    out = tmp_path / "mana.json"
    result = runner.invoke(app, ["fit-eval", "mana", "--games", "20", "--out", str(out)])
    assert result.exit_code == 0 and "fitted on" in result.stdout and out.exists()
    before = out.read_bytes()
    result = runner.invoke(app, ["fit-eval", "mana", "--games", "20", "--out", str(out)])
    assert result.exit_code == 2 and "--force" in result.stderr and out.read_bytes() == before
    result = runner.invoke(app, ["fit-eval", "mana", "--games", "20", "--seed", "5", "--out", str(out), "--force"])
    assert result.exit_code == 0 and out.read_bytes() != before
