"""The search player (tcgsim.search) and its learned evaluation (tcgsim.evaluation): every game has it, its budget
is parsed with a clear message, its games replay from the seed, the shipped evaluations fit the games' figures,
and `tcgsim fit-eval` fits and writes one without overwriting what is there. That it decides from its view alone
is the generic hidden-information test (tests/test_engine_invariants.py), which plays it with the scripted
styles; its strength is measured in docs/ai.md."""

from __future__ import annotations

import json
import math
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tcgsim.agents import UnknownAgent, make_agent
from tcgsim.bench import bundled_decks
from tcgsim.cli import app
from tcgsim.engine import play_game
from tcgsim.evaluation import Evaluation, GameEvaluation, fit_evaluation, load_evaluation, save_evaluation
from tcgsim.games import get_game, playable_games
from tcgsim.search import SearchAgent

KEYS = [g.key for g in playable_games()]


@pytest.mark.parametrize("key", KEYS)
def test_every_game_has_a_search_player_with_a_budget(key: str) -> None:
    default, three = make_agent(key, "search"), make_agent(key, "search:3")
    assert default.name == "search" and three.name == "search:3"
    # `search` samples the game's own number of worlds for the players at the table; search:N sets it
    assert isinstance(default, SearchAgent) and isinstance(three, SearchAgent)
    assert default.settings.determinizations is None and three.settings.determinizations == 3
    for bad, why in (("search:0", "must be 1 or more"), ("search:lots", "not a whole number")):
        with pytest.raises(UnknownAgent, match=why):
            make_agent(key, bad)


@pytest.mark.parametrize(("players", "worlds"), [(2, 8), (3, 8), (4, 4)])
def test_the_default_search_samples_the_games_budget_for_its_players(players: int, worlds: int) -> None:
    """eva's search samples 8 worlds a decision with two or three players and 4 with four (docs/ai.md): counted at
    one decision of a real game, where the first world is sampled for every action and halving does the rest."""
    cls = get_game("eva").game_class()
    assert cls.search_budget(players) == worlds
    state = cls((bundled_decks("eva") * 2)[:players], 5).new_initial_state()
    while len(state.legal_actions()) < 3:  # a decision wide enough to search
        state.apply(state.legal_actions()[0])
    view = state.view(state.current_player)
    sampled = 0
    original = type(view).sample

    def counting(self: Any, rng: random.Random) -> Any:
        nonlocal sampled
        sampled += 1
        return original(self, rng)

    agent = make_agent("eva", "search")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(type(view), "sample", counting)
        agent.choose(view, state.legal_actions(), random.Random(1))
    assert sampled == worlds


@pytest.mark.parametrize("key", KEYS)
def test_a_search_game_replays_from_its_seed(key: str) -> None:
    cls = get_game(key).game_class()
    decks = bundled_decks(key)[:2]

    def once() -> tuple[object, ...]:
        agents = [make_agent(key, "search:2"), make_agent(key, "first")]  # 2 worlds: the halving path
        result = play_game(cls(decks, 11, cls.options_class(turn_limit=12)), agents)
        return tuple(result.actions), result.outcome

    assert once() == once()


@pytest.mark.parametrize("key", KEYS)
def test_the_shipped_evaluation_reads_the_games_figures(key: str) -> None:
    evaluation = load_evaluation(key)
    cls = get_game(key).game_class()
    metrics = [m.name for m in cls.tempo_metrics]
    assert evaluation.game == key
    assert [m.players for m in evaluation.models] == list(range(cls.min_players, cls.max_players + 1))
    for model in evaluation.models:
        assert model.rows > 1000 and model.log_loss < math.log(2)
        assert model.names == (*(f"own_{m}" for m in metrics), *(f"opponents_{m}" for m in metrics), "turn",
                               "players"), "the game's figures changed: refit with `tcgsim fit-eval`"
        state = cls((bundled_decks(key) * 4)[:model.players], 3).new_initial_state()
        assert 0.0 < evaluation(state, 0) < 1.0
        assert evaluation(state, 0) == model(state, 0)  # a game is judged by the model of its player count


def test_the_fit_finds_what_decides_the_result(tmp_path: Path) -> None:
    """On made-up positions where a seat wins more the more it leads in the first figure, the fitted weight of
    that figure is positive and that of a figure that decides nothing is near zero."""
    rng = random.Random(1)
    xs, ys = [], []
    for _ in range(4000):
        lead, noise = rng.gauss(0, 1), rng.gauss(0, 1)
        xs.append([lead, noise, 0.0, 0.0, 5.0, 2.0])
        ys.append(1.0 if rng.random() < 1 / (1 + math.exp(-2 * lead)) else 0.0)
    fitted = fit_evaluation("mana", 2, ["a", "b"], xs, ys, games=100)
    assert fitted.weights[1] > 1.5 and abs(fitted.weights[2]) < 0.15
    save_evaluation(GameEvaluation("mana", (fitted,)), tmp_path / "e.json")
    assert GameEvaluation.from_json(json.loads((tmp_path / "e.json").read_text())).models == (fitted,)
    with pytest.raises(ValueError, match="not a tcgsim-evaluation/2 file .* refit it"):
        GameEvaluation.from_json({"format": "tcgsim-evaluation/1"})


def test_each_player_count_is_judged_by_its_own_model() -> None:
    """eva's evaluation holds a model per number of players: a game of three is judged by the three-player model,
    and a count the file has no model for is refused with what to do, not judged by another count's model."""
    cls = get_game("eva").game_class()
    names = load_evaluation("eva").models[0].names
    flat = [0.0] * len(names)

    def model(players: int, bias: float) -> Evaluation:
        return Evaluation("eva", players, names, tuple(flat), tuple(1.0 for _ in names), (bias, *flat), 100, 10,
                          0.5)

    both = GameEvaluation("eva", (model(2, -1.0), model(3, 1.0)))
    two = cls(bundled_decks("eva")[:2], 3).new_initial_state()
    three = cls(bundled_decks("eva")[:3], 3).new_initial_state()
    assert both(two, 0) == pytest.approx(1 / (1 + math.exp(1.0)))
    assert both(three, 0) == pytest.approx(1 / (1 + math.exp(-1.0)))
    four = cls((bundled_decks("eva") * 2)[:4], 3).new_initial_state()
    with pytest.raises(ValueError, match="no model for 4 players .* fit-eval"):
        both(four, 0)
    with pytest.raises(ValueError, match="one model per number of players"):
        GameEvaluation("eva", (model(3, 0.0), model(2, 0.0)))


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


def test_fit_eval_fits_a_model_for_each_player_count(tmp_path: Path) -> None:
    out = tmp_path / "eva.json"
    result = CliRunner().invoke(app, ["fit-eval", "eva", "--games", "10", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert all(f"{n} players: " in result.stdout for n in (2, 3, 4))
    fitted = load_evaluation("eva", out)
    assert [(m.players, m.games) for m in fitted.models] == [(2, 10), (3, 10), (4, 10)]


class _Toy:
    """A one-decision game for the search's bookkeeping: action i ends it at once and the searcher wins with
    probability WIN[i] (drawn from the playout's generator, so common random numbers apply)."""

    WIN = (0.1, 0.2, 0.3, 0.9, 0.4, 0.5, 0.55, 0.6)
    playouts = 0

    class _Game:
        num_players = 2

    def __init__(self) -> None:
        self.game = _Toy._Game()
        self.turn = 0
        self.is_terminal = False
        self.outcome: object = None
        self.chosen = -1

    def clone(self) -> _Toy:
        return _Toy()

    def apply(self, action: int) -> None:
        self.chosen = action
        self.is_terminal = True
        _Toy.playouts += 1


class _ToyView:
    player = 0

    def sample(self, rng: random.Random) -> _Toy:
        return _Toy()


def test_sequential_halving_spends_the_worlds_on_the_better_actions_and_keeps_the_style_on_a_tie() -> None:
    """8 actions, 4 worlds: 8 playouts, then the better 4 and the style's choice one more world each, then the
    better half of those and the style's choice two more: at most 8 + 5 + 2 * 4 = 21 playouts where every action in
    every world would cost 32; the clearly best action wins, and with every action equal the style's choice stays."""
    from tcgsim.search import SearchAgent, SearchSettings

    class Style:
        name = "style"

        def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
            return 1

    def value(trial: _Toy, me: int, rng: random.Random, decided_at: int) -> float:
        return 1.0 if rng.random() < _Toy.WIN[trial.chosen] else 0.0

    agent = SearchAgent(Style, lambda s, p: 0.5, SearchSettings(determinizations=4))
    setattr(agent, "_playout", value)  # noqa: B010 (the toy stands in for a playout of a real game)
    legal = list(range(len(_Toy.WIN)))
    _Toy.playouts = 0
    picks = [agent.choose(_ToyView(), legal, random.Random(seed)) for seed in range(40)]
    assert 16 * 40 <= _Toy.playouts <= 21 * 40
    assert picks.count(3) > 30  # the 0.9 action, found in most decisions from 4 noisy worlds
    flat = SearchAgent(Style, lambda s, p: 0.5, SearchSettings(determinizations=4))
    setattr(flat, "_playout", lambda trial, me, rng, decided_at: 0.5)  # noqa: B010
    assert {flat.choose(_ToyView(), legal, random.Random(seed)) for seed in range(5)} == {1}


def test_a_wide_decision_searches_only_the_styles_best_scored_actions_and_its_choice() -> None:
    """8 actions, 3 candidates: a style that scores the actions has only its 3 best (and its choice) played out,
    so the best action it ranks last is never found; a style that does not score them has all 8 tried."""
    from tcgsim.search import SearchAgent, SearchSettings

    tried: set[int] = set()

    def value(trial: _Toy, me: int, rng: random.Random, decided_at: int) -> float:
        tried.add(trial.chosen)
        return _Toy.WIN[trial.chosen]

    class Scoring:
        name = "style"

        def scores(self, view: Any, legal: Sequence[Any]) -> list[float]:
            return [7.0, 6.0, 5.0, -1.0, 4.0, 3.0, 2.0, 1.0]  # the 0.9 action (3) ranked last

        def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
            return 0

    class Plain:
        name = "style"

        def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
            return 0

    legal = list(range(len(_Toy.WIN)))
    pruned = SearchAgent(Scoring, lambda s, p: 0.5, SearchSettings(determinizations=1, candidates=3))
    setattr(pruned, "_playout", value)  # noqa: B010 (the toy stands in for a playout of a real game)
    assert pruned.choose(_ToyView(), legal, random.Random(0)) == 2 and tried == {0, 1, 2}
    tried.clear()
    full = SearchAgent(Plain, lambda s, p: 0.5, SearchSettings(determinizations=1, candidates=3))
    setattr(full, "_playout", value)  # noqa: B010
    assert full.choose(_ToyView(), legal, random.Random(0)) == 3 and tried == set(legal)


def test_eva_stage_edge_is_the_stages_arithmetic() -> None:
    """eva's `stage_edge` figure (games/eva/turn.py): for a player that may declare at its next 補完 phase, its 求
    cards for its character less the most 傷 cards for it that ONE other player holds (each other player answers
    one 求 with one 傷, and the stage goes on while any of them can); 0 for a player that may not declare."""
    from tests.games.eva_positions import position

    def edge(s: Any, seat: int) -> float:
        names = [m.name for m in s.game.tempo_metrics]
        return float(s.features(seat)[names.index("stage_edge")])

    seeks = ["Moving In", "Shall We Kiss?", "Pen Pen"]  # two ●Shinji (H-01 is Shinji's 補完); Pen Pen seeks others
    two_hurts = ["Asuka in Plugsuit", "Anta Baka?", "Pen Pen"]  # two ▲Shinji
    one_hurt = ["Asuka in Plugsuit", "Pen Pen"]
    assert edge(position([seeks, two_hurts], hokans=["H-01", "H-01"], levels=[2, 0]), 0) == 0
    assert edge(position([seeks, one_hurt], hokans=["H-01", "H-01"], levels=[2, 0]), 0) == 1
    assert edge(position([seeks, one_hurt], hokans=["H-01", "H-01"], levels=[2, 0], down=["shinji"]), 0) == 0
    assert edge(position([seeks, one_hurt], hokans=["H-01", "H-01"], levels=[0, 0]), 0) == 0  # not ready
    three = position([seeks, one_hurt, two_hurts], hokans=["H-01", "H-01", "H-01"], levels=[2, 0, 0])
    assert edge(three, 0) == 0  # the most of one player (2), not the sum of both (3)


class _Turns:
    """A toy game of turns: "end" ends the turn, "stay" does nothing; it never ends."""

    class _Game:
        num_players = 2
        search_horizon = 1

    def __init__(self, turn: int = 0) -> None:
        self.game = _Turns._Game()
        self.turn = turn
        self.is_terminal = False
        self.outcome: object = None
        self.current_player = turn % 2

    def clone(self) -> _Turns:
        return _Turns(self.turn)

    def legal_actions(self) -> list[str]:
        return ["stay", "end"]

    def apply(self, action: str) -> None:
        if action == "end":
            self.turn += 1
            self.current_player = self.turn % 2

    def view(self, player: int) -> _TurnsView:
        return _TurnsView(self.turn)


class _TurnsView:
    player = 0

    def __init__(self, turn: int) -> None:
        self.turn = turn

    def sample(self, rng: random.Random) -> _Turns:
        return _Turns(self.turn)


def test_a_playout_is_judged_a_horizon_after_the_decision_whatever_the_action() -> None:
    """Horizon 1: every action's playout is scored at the start of the next turn, the one that ends this turn
    (scored at once) as the one that does not (played out to the end of the turn). Counted from the position the
    action led to, the turn-ending action was scored a turn later, after the opponent's turn: a bias against
    ever ending one's turn (godzilla's searcher closed its own bases rather than end its placement)."""
    from tcgsim.search import SearchSettings

    class Ender:
        name = "style"

        def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
            return "end"

    judged: list[int] = []

    def evaluate(state: Any, seat: int) -> float:
        judged.append(state.turn)
        return 0.5

    agent = SearchAgent(Ender, evaluate, SearchSettings(determinizations=1))
    assert agent.choose(_TurnsView(4), ["stay", "end"], random.Random(0)) == "end"  # a tie keeps the style's
    assert judged == [5, 5]


def test_gz_win_2_the_searcher_ends_its_placement_rather_than_close_its_sound_bases() -> None:
    """A position of a search game (G-Force Arsenal's first turn, nothing to play): ending the placement phase or
    closing one of six sound bases. The searcher closed them one by one, 5 of 6, and lost the next turn by
    GZ-WIN-2, while its horizon was counted from after the action."""
    from tcgsim.games.godzilla import actions as A
    from tcgsim.games.godzilla.state import Phase
    from tests.games.godzilla_positions import mon, position

    state = position(["Plain", "JSDF Garrison", "G-Force Headquarters", "Tokyo", "Plain", "Nuclear Power Plant"],
                     ["Plain", "New York", "Okinawa", "Odo Island", "Lake Ashi", "Plain"], [mon("Anguirus", 1, 2)],
                     p0_hand=["Fortification", "Reconstruction"], p1_hand=["New York", "Burrow", "Armor Plating"],
                     p0_stock=["Super Mechagodzilla", "MOGUERA"], p0_deck=["Plain", "Garuda", "Star Falcon"] * 4,
                     p1_deck=["Plain", "Kumonga"] * 4, phase=Phase.PLACEMENT, turn=1)
    legal = state.legal_actions()
    assert A.EndPlacement() in legal and sum(isinstance(a, A.Close) for a in legal) == 6
    agent = make_agent("godzilla", "search")
    assert [agent.choose(state.view(0), legal, random.Random(seed)) for seed in range(3)] == [A.EndPlacement()] * 3
