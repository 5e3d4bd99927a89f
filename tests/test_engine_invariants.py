"""One generic test for every registered game, as OpenSpiel does: play many random games and check, after every
action, the invariants every game owes (card conservation, no negative counter, exact clones, terminal states)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tcgsim.decks import read_deck
from tcgsim.engine import IllegalAction, play_game, replay
from tcgsim.games import playable_games

REPO = Path(__file__).resolve().parent.parent
GAMES = playable_games()


class RandomAgent:
    name = "random"

    def choose(self, view, legal, rng):  # type: ignore[no-untyped-def]
        return legal[rng.randrange(len(legal))]


def bundled_decks(key: str) -> list:  # type: ignore[type-arg]
    folder = REPO / "decks" / key
    return [read_deck(p) for p in sorted(folder.iterdir()) if p.suffix in (".yaml", ".txt")]


def new_game(info, seed: int):  # type: ignore[no-untyped-def]
    decks = bundled_decks(info.key)
    rng = random.Random(seed)
    chosen = [decks[rng.randrange(len(decks))] for _ in range(info.min_players)]
    return info.game_class()(chosen, seed)


@pytest.mark.parametrize("info", GAMES, ids=[g.key for g in GAMES])
def test_random_games_keep_every_invariant(info) -> None:  # type: ignore[no-untyped-def]
    for seed in range(40):
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
        a = play_game(new_game(info, seed), [RandomAgent(), RandomAgent()])
        b = play_game(new_game(info, seed), [RandomAgent(), RandomAgent()])
        assert a.actions == b.actions and a.outcome == b.outcome
        replayed = replay(new_game(info, seed), [x.to_json() for x in a.actions])
        assert replayed.signature() == a.state.signature()


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
