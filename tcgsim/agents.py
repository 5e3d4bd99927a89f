"""Agents: who chooses among the legal actions. Generic ones live here; each game's scripted styles live in
games/<game>/ai.py and are found through the registry below.

An agent decides from `view` (what its player may see) and `legal`; its randomness comes from the `rng` the
runner hands it (seeded from the game seed and seat), never from time, so a game is replayable.
"""

from __future__ import annotations

import difflib
import random
from collections.abc import Callable, Sequence
from typing import Any

from tcgsim.engine import Agent
from tcgsim.games import get_game

__all__ = ["RandomAgent", "SafeRandomAgent", "FirstAgent", "make_agent", "agent_names", "style_names", "default_agent",
           "UnknownAgent"]


class UnknownAgent(ValueError):
    """An agent name that the game does not know; the message lists the known ones."""


class RandomAgent:
    """Uniform over the legal actions: the baseline every scripted style must beat."""

    name = "random"

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        return legal[rng.randrange(len(legal))]


class SafeRandomAgent:
    """Uniform over the legal actions that do not lose the game at once (random if every one does).

    The plain random baseline throws games away (in GODZILLA it closes its own last open base, an instant loss,
    in about half its games), so "a style beats random" says little; beating this one says the style plays
    better than chance, not merely that it does not resign. Whether an action loses at once is decided in a
    world sampled from the player's view (`view.sample`), so it reads nothing its player cannot see."""

    name = "safe-random"

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        order = list(range(len(legal)))
        rng.shuffle(order)
        if len(legal) == 1:
            return legal[0]
        world = view.sample(rng)
        for i in order:  # a random order, the first action that does not lose at once
            trial = world.clone()
            trial.apply(legal[i])
            outcome = trial.outcome
            if outcome is None or outcome.winner is None or outcome.winner == view.player:
                return legal[i]
        return legal[order[0]]


class FirstAgent:
    """Always the first legal action: a fixed, cheap opponent for tests and benchmarks of the engine alone."""

    name = "first"

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        return legal[0]


GENERIC: dict[str, Callable[[], Agent]] = {"random": RandomAgent, "safe-random": SafeRandomAgent,
                                           "first": FirstAgent}
SEARCH = "search"  # the search player (tcgsim.search): `search`, or `search:N` for N sampled worlds a decision


def _search_agent(game: str, budget: str | None) -> Agent:
    from tcgsim.evaluation import load_evaluation
    from tcgsim.search import SearchAgent, SearchSettings, parse_budget

    worlds = None if budget is None else parse_budget(budget)  # None: the game's budget (`Game.search_budget`)
    styles, default = _styles(game)
    # The style's factory itself, not `make_agent` by name: a playout builds a fresh policy for every seat, and
    # looking the game and its styles up again each time was a tenth of a searched game's time.
    policy = styles[str(default)]
    return SearchAgent(policy, load_evaluation(game), SearchSettings(determinizations=worlds),
                       "search" if budget is None else f"search:{worlds}")


def _styles(game: str) -> tuple[dict[str, Callable[[], Agent]], str | None]:
    info = get_game(game)
    if not info.playable:
        return {}, None
    module = info.module("ai")
    return dict(module.STYLES), str(module.DEFAULT_STYLE)


def style_names(game: str) -> list[str]:
    """The game's scripted styles (games/<game>/ai.py), in the order it lists them."""
    return list(_styles(game)[0])


def agent_names(game: str) -> list[str]:
    """Every agent a game can use: its scripted styles first, then the generic ones, then search."""
    styles, _ = _styles(game)
    return [*styles, *GENERIC, *([SEARCH] if styles else [])]


def default_agent(game: str) -> str:
    _, default = _styles(game)
    return default or "random"


def make_agent(game: str, name: str) -> Agent:
    styles, _ = _styles(game)
    base, colon, budget = name.partition(":")
    if base == SEARCH and styles:
        try:
            return _search_agent(game, budget if colon else None)
        except ValueError as exc:
            raise UnknownAgent(f"{name!r}: {exc}") from None
    factory = styles.get(name) or GENERIC.get(name)
    if factory is None:
        known = agent_names(game)
        close = difflib.get_close_matches(name, known, n=1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        raise UnknownAgent(f"unknown agent {name!r} for {game} (known: {', '.join(known)}){hint}")
    return factory()
