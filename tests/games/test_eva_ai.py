"""The scripted EVA styles (seeker, hurter): each beats the random agent, holds its own at a table of 3-4, and is
deterministic. That they decide from their view alone is checked for every game by
tests/test_engine_invariants.py (re-dealing what they cannot see must not change their choice)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tcgsim.agents import RandomAgent, agent_names, default_agent, make_agent
from tcgsim.decks import read_deck
from tcgsim.engine import play_game
from tcgsim.games.eva.ai import STYLES
from tcgsim.games.eva.game import EvaGame, EvaShortGame
from tests.conftest import wins_against_random

REPO = Path(__file__).resolve().parents[2]
DECKS = [read_deck(p) for p in sorted((REPO / "decks" / "eva").iterdir())]
SHORT_DECKS = [read_deck(p) for p in sorted((REPO / "decks" / "eva-short").iterdir())]


def test_both_variants_offer_the_same_styles() -> None:
    assert len(STYLES) >= 2
    for game in ("eva", "eva-short"):
        assert agent_names(game)[: len(STYLES)] == list(STYLES)
        assert default_agent(game) == "seeker"


@pytest.mark.parametrize("style", sorted(STYLES))
def test_each_style_beats_random_in_95_percent_of_the_games_somebody_wins(style: str) -> None:
    """Standard rules, two players: mirror matches over every bundled deck, seats alternating. Since issue 17's
    stronger 使徒 a tenth of these games end with everyone losing (the random player runs out of cards with a
    使徒 in the city, and the last one standing loses the battle it must win, EVA-WIN-3): neither player won
    those. Of the others the style wins 95% or more, and random wins at most 5% of all 200 (measured at
    78fedc3: seeker 179 wins, random 1, nobody 20; hurter 175, 4, 21)."""
    wins = theirs = 0
    for game in range(200):
        deck = DECKS[(game // 2) % len(DECKS)]
        seat = game % 2
        agents = [make_agent("eva", style), RandomAgent()]
        if seat:
            agents.reverse()
        result = play_game(EvaGame([deck, deck], 20_000 + game), agents)
        wins += result.outcome.winner == seat
        theirs += result.outcome.winner == 1 - seat
    assert wins >= 0.95 * (wins + theirs), f"{style} won {wins} of the {wins + theirs} games somebody won"
    assert theirs <= 10, f"random won {theirs}/200 against {style}"


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("style", sorted(STYLES))
def test_each_style_wins_far_more_than_its_share_against_random_tables(style: str, players: int) -> None:
    """One scripted player among random ones, the seat going round: a fair share would be 1 / players."""
    wins = 0
    games = 60
    for game in range(games):
        seat = game % players
        decks = [DECKS[(game + i) % len(DECKS)] for i in range(players)]
        agents = [make_agent("eva", style) if i == seat else RandomAgent() for i in range(players)]
        result = play_game(EvaGame(decks, 30_000 + game), agents)
        wins += result.outcome.winner == seat
    assert wins >= games * 0.6, f"{style} won {wins}/{games} at tables of {players}"


@pytest.mark.parametrize("style", sorted(STYLES))
def test_each_style_wins_its_share_among_scripted_players(style: str) -> None:
    """One style against three of the other at a table of four: it wins about its share of the games. A game every
    player loses (humanity destroyed) gives nobody a point, so the share is under a quarter: on the pool of issue
    17's third step the hurter won 45 of 240 such games (18.8%, 95% 14.3-24.2%) against three seekers, 33 of them
    (13.8%) lost by everyone, about 21.6% of the games someone won; 11 of the first 80. The bound, 10% of 80,
    sits two standard errors (of 80 games) under the measured 18.8% and fails a style that has stopped winning."""
    other = next(s for s in STYLES if s != style)
    wins = 0
    games = 80
    for game in range(games):
        seat = game % 4
        decks = [DECKS[(game + i) % len(DECKS)] for i in range(4)]
        agents = [make_agent("eva", style if i == seat else other) for i in range(4)]
        result = play_game(EvaGame(decks, 40_000 + game), agents)
        wins += result.outcome.winner == seat
    assert wins >= games * 0.10, f"{style} won {wins}/{games} against three {other}s"


@pytest.mark.parametrize("style", sorted(STYLES))
def test_each_style_beats_random_in_the_short_rule(style: str) -> None:
    """Short rule, mirror matches over the bundled starters, seats alternating: the project's bar of 90%."""
    wins = wins_against_random("eva-short", style, SHORT_DECKS)
    assert wins >= 180, f"{style} won {wins}/200 against random in the short rule"


@pytest.mark.parametrize("style", sorted(STYLES))
def test_styles_are_deterministic_given_the_seed(style: str) -> None:
    runs = [play_game(EvaGame(DECKS[:3], 77), [make_agent("eva", style), make_agent("eva", "hurter"),
                                               make_agent("eva", "seeker")]) for _ in range(2)]
    assert runs[0].actions == runs[1].actions
    short = [play_game(EvaShortGame(SHORT_DECKS[:2], 77), [make_agent("eva-short", style),
                                                           make_agent("eva-short", "seeker")]) for _ in range(2)]
    assert short[0].actions == short[1].actions


def test_seeker_and_hurter_play_differently() -> None:
    differ = 0
    for deck in DECKS:
        for seed in range(4):
            a = play_game(EvaGame([deck, deck], seed), [make_agent("eva", "seeker"), RandomAgent()])
            b = play_game(EvaGame([deck, deck], seed), [make_agent("eva", "hurter"), RandomAgent()])
            differ += a.actions != b.actions
    assert differ >= 8
