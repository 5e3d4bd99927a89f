"""Shared test helpers: build decks from Python data without touching the bundled files."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import pytest
import yaml

from tcgsim.decks import Deck, parse_deck_text
from tcgsim.validate import DeckReport, validate_deck

REPO = Path(__file__).resolve().parent.parent


def deck_yaml(game: str, **sections: object) -> str:
    return yaml.safe_dump({"game": game, **sections}, allow_unicode=True, sort_keys=False)


def make_deck(game: str, **sections: object) -> Deck:
    return parse_deck_text(deck_yaml(game, **sections), "<test>")


def check(game: str, **sections: object) -> DeckReport:
    return validate_deck(make_deck(game, **sections))


def codes(report: DeckReport) -> set[str]:
    return {v.code for v in report.errors}


def warning_codes(report: DeckReport) -> set[str]:
    return {v.code for v in report.warnings}


def counts(entries: Mapping[str, int]) -> dict[str, int]:
    return dict(entries)


@pytest.fixture()
def repo() -> Path:
    return REPO


def wins_against_random(game: str, style: str, decks: list[Deck], games: int = 200, first_seed: int = 20_000) -> int:
    """The project's bar for a scripted style: mirror matches over `decks` (each deck in turn, both seats of
    every deal), seeds first_seed.., against the uniform random agent. Returns the style's wins."""
    from tcgsim.agents import RandomAgent, make_agent
    from tcgsim.engine import play_game
    from tcgsim.games import get_game

    cls = get_game(game).game_class()
    wins = 0
    for i in range(games):
        deck = decks[(i // 2) % len(decks)]
        seat = i % 2
        agents = [make_agent(game, style), RandomAgent()]
        if seat:
            agents.reverse()
        wins += play_game(cls([deck, deck], first_seed + i), agents).outcome.winner == seat
    return wins
