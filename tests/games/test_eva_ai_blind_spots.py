"""The blind spots issue 15 found in the standard-rules EVA styles, each as a test the old players fail: a
position where they chose badly, or a share measured over a handful of fixed-seed games.

Positions are built by tests/games/eva_positions.py (decks top first, filler `Japan's Electric Power` cards in
every deck unless `filler=False`). The city (I-CITY): シンジ-レイ-リツコ-ミサト-アスカ on a pentagon, ゲンドウ in the
centre; Evas 零号機 3 (pilot Rei), 初号機 4 (Shinji), 弐号機 4 (Asuka).
"""

from __future__ import annotations

import random

import pytest

from tcgsim.agents import make_agent
from tcgsim.games.eva.actions import Deploy, Launch
from tcgsim.games.eva.ai import STYLES
from tcgsim.games.eva.game import EvaState
from tests.games.eva_positions import E, position


def choice(s: EvaState, style: str, seed: int = 0) -> object:
    """What the style chooses in this position (the engine asks only when there is a choice)."""
    legal = s.legal_actions()
    assert len(legal) > 1, legal
    return make_agent("eva", style).choose(s.view(s.current_player), legal, random.Random(seed))


# ------------------------------------------------------------------------------------------- the deployment
# EVA-BATTLE-3: an Eva whose pilot is downed cannot join; a battle card counts only where its condition holds with
# the Evas that fight and its speaker can still speak. A battle that cannot be won costs three cards whether or not
# the Evas go (EVA-BATTLE-8), and the Evas sent are downed with what is under them (EVA-BATTLE-9): none should go.


@pytest.mark.parametrize("style", sorted(STYLES))
def test_an_eva_whose_pilot_is_down_does_not_count_toward_the_battle(style: str) -> None:
    # Shinji downed: Unit-01 stays home; Unit-00 and Unit-02 make 3 + 4 = 7, a tie with Sandalphon (7) loses
    s = position([["Pen Pen", "Pen Pen"], ["Pen Pen"]], phase="battle", angel=(1, "Sandalphon"), down=["shinji"])
    assert s.legal_actions() == [Launch(), Deploy(E["unit00"]), Deploy(E["unit02"])]
    assert choice(s, style) == Launch()


@pytest.mark.parametrize("style", sorted(STYLES))
def test_a_battle_boost_counts_only_where_its_condition_holds(style: str) -> None:
    # Unit-02 face down: Unit-00 and Unit-01 make 7 against Bardiel (8); Unison Attack's +4 needs Unit-01 and Unit-02
    s = position([["Unison Attack", "Pen Pen"], ["Pen Pen"]], phase="battle", angel=(1, "Bardiel"),
                 eva_down=["unit02"])
    assert choice(s, style) == Launch()
    # ... and with Unit-02 up as well the Evas make 11: they go
    s = position([["Unison Attack", "Pen Pen"], ["Pen Pen"]], phase="battle", angel=(1, "Bardiel"))
    assert isinstance(choice(s, style), Deploy)


@pytest.mark.parametrize("style", sorted(STYLES))
def test_a_battle_boost_counts_only_if_its_speaker_can_speak(style: str) -> None:
    # Unit-00 and Unit-01 make 7 against Bardiel (8); Pattern Blue (Ritsuko: the 使徒 -2) would win it, but Ritsuko
    # is downed and cannot speak (EVA-TALK-7)
    s = position([["Pattern Blue", "Pen Pen"], ["Pen Pen"]], phase="battle", angel=(1, "Bardiel"),
                 eva_down=["unit02"], down=["ritsuko"])
    assert choice(s, style) == Launch()
    s = position([["Pattern Blue", "Pen Pen"], ["Pen Pen"]], phase="battle", angel=(1, "Bardiel"),
                 eva_down=["unit02"])
    assert isinstance(choice(s, style), Deploy)  # Ritsuko up: 7 against 8 - 2
