"""The scripted Legend of Mana styles: each beats the random agent, deterministically."""

from __future__ import annotations

from pathlib import Path

import pytest

from tcgsim.agents import RandomAgent, make_agent
from tcgsim.decks import read_deck
from tcgsim.engine import play_game
from tcgsim.games.mana.ai import STYLES
from tcgsim.games.mana.game import ManaGame
from tests.conftest import wins_against_random

REPO = Path(__file__).resolve().parents[2]
DECKS = [read_deck(p) for p in sorted((REPO / "decks" / "mana").iterdir())]


@pytest.mark.parametrize("style", sorted(STYLES))
def test_each_style_beats_random_in_90_percent_of_200_games(style: str) -> None:
    """Mirror matches over every bundled deck, seats alternating, so only the play differs."""
    wins = wins_against_random("mana", style, DECKS)
    assert wins >= 180, f"{style} won {wins}/200 against random"


@pytest.mark.parametrize("style", sorted(STYLES))
def test_styles_are_deterministic_given_the_seed(style: str) -> None:
    runs = [play_game(ManaGame([DECKS[0], DECKS[1]], 77), [make_agent("mana", style), make_agent("mana", "raider")])
            for _ in range(2)]
    assert runs[0].actions == runs[1].actions


def test_builder_and_raider_play_differently() -> None:
    deck = DECKS[0]
    b = play_game(ManaGame([deck, deck], 5), [make_agent("mana", "builder"), RandomAgent()])
    r = play_game(ManaGame([deck, deck], 5), [make_agent("mana", "raider"), RandomAgent()])
    assert b.actions != r.actions
