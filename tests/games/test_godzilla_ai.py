"""The scripted GODZILLA styles: each beats the random agent, deterministically, deciding from its view alone (the
generic hidden-information test in tests/test_engine_invariants.py re-deals what they cannot see)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tcgsim.agents import RandomAgent, make_agent
from tcgsim.decks import read_deck
from tcgsim.engine import play_game
from tcgsim.games.godzilla.ai import DEFAULT_STYLE, STYLES
from tcgsim.games.godzilla.game import GzGame
from tests.conftest import wins_against_random

REPO = Path(__file__).resolve().parents[2]
DECKS = [read_deck(p) for p in sorted((REPO / "decks" / "godzilla").iterdir())]


@pytest.mark.parametrize("style", sorted(STYLES))
def test_each_style_beats_random_in_90_percent_of_200_games(style: str) -> None:
    """Mirror matches over every bundled deck, seats alternating, so only the play differs."""
    wins = wins_against_random("godzilla", style, DECKS)
    assert wins >= 180, f"{style} won {wins}/200 against random"


@pytest.mark.parametrize("style", sorted(STYLES))
def test_styles_are_deterministic_given_the_seed(style: str) -> None:
    runs = [play_game(GzGame([DECKS[0], DECKS[1]], 77), [make_agent("godzilla", style),
                                                         make_agent("godzilla", "aggressor")]) for _ in range(2)]
    assert runs[0].actions == runs[1].actions


def test_builder_and_aggressor_play_differently() -> None:
    deck = DECKS[0]
    b = play_game(GzGame([deck, deck], 5), [make_agent("godzilla", "builder"), RandomAgent()])
    a = play_game(GzGame([deck, deck], 5), [make_agent("godzilla", "aggressor"), RandomAgent()])
    assert b.actions != a.actions


def test_the_styles_are_registered() -> None:
    assert set(STYLES) == {"builder", "aggressor"} and DEFAULT_STYLE == "builder"
