"""The scripted Legend of Mana styles: each beats the random agent, deterministically."""

from __future__ import annotations

from pathlib import Path
from typing import Any

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


@pytest.mark.parametrize("style", sorted(STYLES))
def test_styles_answer_the_issue_13_decisions(style: str) -> None:
    """Hero's card from the character deck (the strongest), Meimei's order (strongest first), Boyd's next monster
    to open: each style picks a legal, sensible answer, never a crash."""
    import random

    from tcgsim.games.mana.actions import ChooseCard, EndMain, EndPlacement, UseCard
    from tcgsim.games.mana.state import ChoiceKind
    from tests.games.mana_positions import monster, position

    def answer(st: Any) -> Any:
        legal = st.legal_actions()
        choice = make_agent("mana", style).choose(st.view(st.current_player), legal, random.Random(0))
        assert choice in legal
        return choice

    def strength(st: Any, uid: int) -> int:
        return int(st.cards[uid].str_ + st.cards[uid].def_)

    s = position(active=1, p0_party=["Hero", "Lisa"], p0_char_deck=["Niccolo", "Daena", "Escad", "Larc"])
    s.apply(EndMain())
    s.apply(EndPlacement())
    picked = False
    while s.pending:
        a = answer(s)
        if s.pending[-1].kind is ChoiceKind.PICK_CARD:
            assert isinstance(a, ChooseCard)
            assert strength(s, a.card) == max(strength(s, u) for u in s.pending[-1].options)
            picked = True
        s.apply(a)
    assert picked  # Lisa (1/2) is swapped out for the best of the character deck
    s = position(p0_hand=["Meimei's Fruit Divination"], p0_lands={(0, 0): "Skull Lantern"}, p0_mana=(2, 0),
                 p0_char_deck=["Lisa", "Escad", "Larc"])
    s.apply(next(a for a in s.legal_actions() if isinstance(a, UseCard)))
    while s.pending:
        s.apply(answer(s))
    deck = s.players[0].char_deck
    assert strength(s, deck[-1]) == max(strength(s, u) for u in deck)  # the strongest on top
    s = position(p0_hand=["Inspector Boyd's Investigation"], p0_lands={(0, 0): "Moon's Mirror"}, p0_mana=(3, 0),
                 p1_lands={(0, 0): "Stone Eye", (1, 0): "Jade Egg", (2, 0): "Skull Lantern"}, p1_mana=(2, 0),
                 monsters=[monster(1, (0, 0), "Sahagin", 1), monster(1, (1, 0), "Narcissos", 1),
                           monster(1, (2, 0), "Molebear", 1)])
    s.apply(next(a for a in s.legal_actions() if isinstance(a, UseCard) and a.x == 3))
    while s.pending:
        s.apply(answer(s))
    assert all(land.monster is None or land.monster.face_up for land in s.players[1].lands.values())
