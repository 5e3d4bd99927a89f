"""Shared test helpers: build decks from Python data without touching the bundled files."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from pathlib import Path

import pytest
import yaml

from tcgsim import bench
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


def bundled_with_one_over_its_limit(monkeypatch: pytest.MonkeyPatch, game: str) -> str:
    """Make `tcgsim.bench.bundled_decks(game)` return the bundled decks with one card of the first deck at one
    copy over the limit of 3; returns that card's name (what a refusal must name)."""
    decks = bench.bundled_decks(game)
    first = decks[0]
    main = first.entries("main")
    at = next(i for i, e in enumerate(main) if e.count == 3 and e.ref != "Plain")
    over = (*main[:at], dataclasses.replace(main[at], count=4), *main[at + 1:])
    bad = dataclasses.replace(first, sections={**first.sections, "main": over})
    monkeypatch.setattr(bench, "bundled_decks", lambda key, root=None: [bad, *decks[1:]])
    return main[at].ref


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
