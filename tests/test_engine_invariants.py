"""One generic test for every registered game, as OpenSpiel does: play many random games and check, after every
action, the invariants every game owes (card conservation, no negative counter, exact clones, terminal states)."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from tcgsim.decks import read_deck
from tcgsim.engine import IllegalAction, play_game, replay
from tcgsim.games import playable_games

REPO = Path(__file__).resolve().parent.parent
GAMES = playable_games()
# Random games per game in the invariant test: 200 keep `make test` inside CI's ten minutes (600 took 82 s of the
# suite, 200 about 27 s); raise it for a longer hunt (TCGSIM_RANDOM_GAMES=20000 make test).
RANDOM_GAMES = int(os.environ.get("TCGSIM_RANDOM_GAMES", "200"))


class RandomAgent:
    name = "random"

    def choose(self, view, legal, rng):  # type: ignore[no-untyped-def]
        return legal[rng.randrange(len(legal))]


def bundled_decks(key: str) -> list:  # type: ignore[type-arg]
    folder = REPO / "decks" / key
    return [read_deck(p) for p in sorted(folder.iterdir()) if p.suffix in (".yaml", ".txt")]


def new_game(info, seed: int):  # type: ignore[no-untyped-def]
    """Odd seeds seat the most players the game takes, even seeds the fewest (the same for 2-player games)."""
    decks = bundled_decks(info.key)
    rng = random.Random(seed)
    players = info.max_players if seed % 2 else info.min_players
    chosen = [decks[rng.randrange(len(decks))] for _ in range(players)]
    return info.game_class()(chosen, seed)


@pytest.mark.parametrize("info", GAMES, ids=[g.key for g in GAMES])
def test_random_games_keep_every_invariant(info) -> None:  # type: ignore[no-untyped-def]
    for seed in range(RANDOM_GAMES):
        game = new_game(info, seed)
        state = game.new_initial_state()
        rng = random.Random(seed)
        total = len(state.card_locations())
        steps = 0
        while not state.is_terminal:
            legal = state.legal_actions()
            assert legal, f"seed {seed}: a live state with no legal action"
            if steps % 7 == 0:  # clones are equal, then diverge only when changed
                twin = state.clone()
                assert twin.signature() == state.signature()
                twin.apply(legal[0])
                assert state.legal_actions() == legal
            state.apply(legal[rng.randrange(len(legal))])
            steps += 1
            where = state.card_locations()
            assert len(where) == total, f"seed {seed}: {total - len(where)} cards vanished"
            assert all(v >= 0 for v in state.counters().values()), state.counters()
        assert state.outcome is not None
        assert state.legal_actions() == []
        with pytest.raises(IllegalAction):
            state.apply(legal[0])


@pytest.mark.parametrize("info", GAMES, ids=[g.key for g in GAMES])
def test_game_replays_from_seed_and_from_action_list(info) -> None:  # type: ignore[no-untyped-def]
    for seed in (1, 2, 3):
        players = new_game(info, seed).num_players
        a = play_game(new_game(info, seed), [RandomAgent() for _ in range(players)])
        b = play_game(new_game(info, seed), [RandomAgent() for _ in range(players)])
        assert a.actions == b.actions and a.outcome == b.outcome
        replayed = replay(new_game(info, seed), [x.to_json() for x in a.actions])
        assert replayed.signature() == a.state.signature()


def left_behind(info, games: int = 4, every: int = 6) -> list:  # type: ignore[no-untyped-def,type-arg]
    """Clones left behind every `every`-th action of random games (the setup's decisions included)."""
    out = []
    for seed in range(games):
        state = new_game(info, 300 + seed).new_initial_state()
        rng = random.Random(seed)
        steps = 0
        while not state.is_terminal:
            if steps % every == 0:
                out.append(state.clone())
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            steps += 1
    return out


def _random_playout(state, seed: int):  # type: ignore[no-untyped-def]
    rng = random.Random(seed)
    while not state.is_terminal:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return state.signature()


@pytest.mark.parametrize("info", GAMES, ids=[g.key for g in GAMES])
def test_clones_share_the_generator_until_one_draws_and_stay_independent(info) -> None:  # type: ignore[no-untyped-def]
    """Clones are cheap (engine.State.rng: the game's generator is shared until one copy draws) and exact: a draw
    in one copy never moves another's, a clone played to the end leaves its parent as it was, and the same moves
    from the same position end the same whichever copy plays them."""
    for i, pos in enumerate(left_behind(info)):
        before = pos.signature()
        twin, other = pos.clone(), pos.clone()
        assert twin._rng is pos._rng and twin.signature() == before
        twin.rng.random()
        assert twin._rng is not pos._rng
        assert pos.signature() == before and other.signature() == before
        first = _random_playout(pos.clone(), i)
        assert pos.signature() == before
        assert _random_playout(other, i) == first == _random_playout(pos, i)


@pytest.mark.parametrize("info", GAMES, ids=[g.key for g in GAMES])
def test_the_legal_list_a_game_leaves_is_the_one_computed_afresh(info) -> None:  # type: ignore[no-untyped-def]
    """A game may leave the next position's legal list where its automatic play stopped (engine.State.apply keeps
    it): it must be the list computing it afresh gives."""
    for seed in range(3):
        state = new_game(info, 500 + seed).new_initial_state()
        rng = random.Random(seed)
        while not state.is_terminal:
            fresh = state.clone()
            fresh._legal = None
            legal = state.legal_actions()  # the list the game left, where it left one
            assert fresh.legal_actions() == legal
            state.apply(legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("info", GAMES, ids=[g.key for g in GAMES])
def test_an_illegal_action_is_refused_and_changes_nothing(info) -> None:  # type: ignore[no-untyped-def]
    state = new_game(info, 5).new_initial_state()
    before = state.signature()
    legal = state.legal_actions()
    other = state.clone()
    while not other.is_terminal and set(map(repr, other.legal_actions())) & set(map(repr, legal)):
        other.apply(other.legal_actions()[-1])
    foreign = [a for a in other.legal_actions() if a not in legal]
    if foreign:
        with pytest.raises(IllegalAction):
            state.apply(foreign[0])
        assert state.signature() == before


@pytest.mark.parametrize("info", GAMES, ids=[g.key for g in GAMES])
def test_agents_decide_only_from_what_their_player_may_see(info) -> None:  # type: ignore[no-untyped-def]
    """Re-deal everything the deciding player cannot see: every agent must make the same choice."""
    from tcgsim.agents import SEARCH, agent_names, make_agent

    # search at 2 worlds: its halving path at half the default's cost (the budget changes nothing of what it reads)
    styles = [f"{n}:2" if n == SEARCH else n for n in agent_names(info.key) if n not in ("random", "first")]
    checked = 0
    for seed in range(6):
        game = new_game(info, seed)
        agents = [make_agent(info.key, styles[(seed + i) % len(styles)]) for i in range(game.num_players)]
        state = game.new_initial_state()
        rng = random.Random(seed)
        while not state.is_terminal:
            player = state.current_player
            legal = state.legal_actions()
            choice = agents[player].choose(state.view(player), legal, random.Random(seed))
            if len(legal) > 1 and rng.random() < 0.3:
                for _ in range(3):
                    other = state.resample_hidden(player, rng)
                    assert other.legal_actions() == legal
                    again = agents[player].choose(other.view(player), other.legal_actions(), random.Random(seed))
                    assert again == choice, f"seed {seed} turn {state.turn}: {choice} became {again}"
                checked += 1
            state.apply(choice)
    assert checked > 50


@pytest.mark.parametrize("info", GAMES, ids=[g.key for g in GAMES])
def test_a_sample_depends_only_on_the_view_and_the_generator(info) -> None:  # type: ignore[no-untyped-def]
    """`view.sample(rng)` (resample_hidden) from two states the player cannot tell apart gives the same state for
    the same generator: what a search agent samples says nothing of the true hidden cards. Every sample is a live
    position with the same legal actions, and each of them can be played in it."""
    checked = 0
    for seed in range(4):
        state = new_game(info, 700 + seed).new_initial_state()
        rng = random.Random(seed)
        while not state.is_terminal:
            player = state.current_player
            legal = state.legal_actions()
            if rng.random() < 0.2:
                other = state.resample_hidden(player, rng)  # the same view, other hidden cards
                mine = state.view(player).sample(random.Random(seed))
                theirs = other.view(player).sample(random.Random(seed))
                assert mine.signature() == theirs.signature(), f"seed {seed} turn {state.turn}"
                assert mine.legal_actions() == legal
                for action in legal:
                    mine.clone().apply(action)
                checked += 1
            state.apply(legal[rng.randrange(len(legal))])
    assert checked > 20


def test_the_hidden_information_check_catches_a_cheat() -> None:
    """The check above can fail: an agent that peeks at the opponent's hand is caught."""
    info = next(g for g in GAMES if g.key == "mana")

    class Peeker:
        name = "peeker"

        def choose(self, view, legal, rng):  # type: ignore[no-untyped-def]
            secret = view._s.players[1 - view.player].hand  # reaching behind the view
            return legal[sum(secret) % len(legal)]

    state = new_game(info, 3).new_initial_state()
    rng = random.Random(0)
    caught = False
    for _ in range(200):
        if state.is_terminal:
            break
        player = state.current_player
        legal = state.legal_actions()
        choice = Peeker().choose(state.view(player), legal, rng)
        if len(legal) > 1:
            other = state.resample_hidden(player, rng)
            caught |= Peeker().choose(other.view(player), other.legal_actions(), rng) != choice
        state.apply(choice)
    assert caught
