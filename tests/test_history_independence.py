"""A game's result is a function of its seed, decks and agents alone, never of the games a process played before
it: a worker plays many games in a row, so a memo that leaked one game into the next would make a run depend on
how its games were shared out. Found in eva: the scripted players' deck-worth memo was keyed without the style,
so a seeker's games after a hurter's differed from the same games in a fresh process."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tcgsim.agents import agent_names

REPO = Path(__file__).resolve().parent.parent
KEYS = ["mana", "godzilla", "eva", "eva-short"]
SCRIPTED = {key: [a for a in agent_names(key) if a not in ("random", "first", "safe-random", "search")]
            for key in KEYS}

# Plays, in one fresh process, the games of each style named on the command line in turn, and prints a digest of
# the actions of the last style's games.
SCRIPT = """
import hashlib, sys
from itertools import combinations
from tcgsim.agents import make_agent
from tcgsim.bench import bundled_decks
from tcgsim.engine import play_game
from tcgsim.games import get_game
key, styles, n = sys.argv[1], sys.argv[2].split(","), int(sys.argv[3])
pairs = list(combinations(bundled_decks(key), 2))
cls = get_game(key).game_class()
for style in styles:
    digest = hashlib.sha256()
    for i in range(n):
        game = play_game(cls(list(pairs[i % len(pairs)]), 60_000 + i), [make_agent(key, style), make_agent(key, style)])
        digest.update(repr([a.to_json() for a in game.actions]).encode())
print(digest.hexdigest())
"""


def _digest(key: str, styles: list[str], games: int) -> str:
    done = subprocess.run([sys.executable, "-c", SCRIPT, key, ",".join(styles), str(games)], cwd=REPO,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


@pytest.mark.parametrize("key", KEYS)
def test_a_styles_games_are_the_same_after_the_other_styles_games(key: str) -> None:
    """Each style's games alone in a fresh process, and after every other style's games: the same actions."""
    styles = SCRIPTED[key]
    assert len(styles) >= 2
    games = 20
    for style in styles:
        others = [s for s in styles if s != style]
        assert _digest(key, [*others, style], games) == _digest(key, [style], games), f"{key} {style}"
