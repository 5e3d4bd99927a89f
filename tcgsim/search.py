"""A search player for every game, built once on the engine contract (docs/ai.md).

Information-set search by determinization, as ensemble determinization does (Cowling, Ward and Powley, 2012, for
Magic: The Gathering): each of `determinizations` samples deals the cards the searching player cannot see again at
random, consistently with its view alone (`view.sample(rng)`, a function of the view and the generator, tested for
every game), so it never reads the true hidden cards. In each sampled world every legal action is tried and played
out by the game's scripted style for every seat (the default policy) until `horizon` turns (the game's
`search_horizon` unless set) have begun after the decision, then scored: the points the searcher got if the game
ended, else the learned evaluation of the position (tcgsim.evaluation). With more than one world the budget is
spent by sequential halving (Karnin, Koren and Somekh, 2013): every action gets the first world, the better half
(and the style's own choice) the next two, the better half of those the next four, and so on, so the worlds go to
telling the good actions apart. The action with the best total over the worlds it saw is played, unless it does
not beat the style's choice by a margin.

Two choices keep it cheap and sharp (a third, `candidates`: searching only the style's best-scored actions of a
wide decision, is off by default: it halved godzilla's cost but cut the search's edge over the style from 16.5
points to 6). All the actions of one world are played out with the same random seed (common random numbers), so
their difference is the action's and not the luck of the draw: a one-world ensemble already ranks actions well.
And a playout stops at the next turns' start, where the evaluation is most reliable, instead of running to the end
of the game.

The searcher's own legal actions do not depend on what it cannot see (the hidden-information test checks it for
every game), so they are the same in every world. Everything random comes from the agent's own generator, so a
game is replayable and the same whatever the number of workers.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from tcgsim.engine import Agent, ScoringAgent, State, best_scored
from tcgsim.evaluation import seat_labels

__all__ = ["SearchAgent", "SearchSettings", "parse_budget"]


@dataclass(frozen=True)
class SearchSettings:
    """How hard the search player thinks; `determinizations` is its budget (`--ai search:N`)."""

    # worlds per decision, spent by sequential halving; None: the game's own for its number of players
    # (`Game.search_budget`)
    determinizations: int | None = None
    horizon: int | None = None  # turns begun after the decision before the evaluation scores the playout (None:
    # the game's `search_horizon`)
    max_playout_decisions: int = 400  # a playout's safety net: no policy loops for ever inside one turn
    margin: float = 0.05  # points per world by which an action must beat the scripted style's choice to replace it
    # of a wider decision, only the style's best-scored actions are searched (0: all of them). Off by default: in
    # godzilla 8 candidates halved the cost (127x the style's, from 271x) but cut the points from 66.5% to 56.0%
    # (200 games each, docs/ai.md): the actions the style ranks low are where the search finds its wins.
    candidates: int = 0


def parse_budget(text: str) -> int:
    """The N of `search:N`: a whole number of sampled worlds per decision, 1 or more."""
    try:
        value = int(text)
    except ValueError:
        raise ValueError(f"the search budget {text!r} is not a whole number (say search:4)") from None
    if value < 1:
        raise ValueError(f"the search budget {value} must be 1 or more")
    return value


class SearchAgent:
    """Ensemble determinization with the game's scripted style as the playout policy."""

    def __init__(self, policy: Callable[[], Agent], evaluate: Callable[[State, int], float],
                 settings: SearchSettings | None = None, name: str | None = None) -> None:
        self.settings = settings or SearchSettings()
        worlds = self.settings.determinizations
        self.name = name or ("search" if worlds is None else f"search:{worlds}")
        self._policy = policy
        self._evaluate = evaluate

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        if len(legal) == 1:
            return legal[0]
        me = view.player
        policy = self._policy()
        wide = self.settings.candidates
        if 0 < wide < len(legal) and isinstance(policy, ScoringAgent):
            # Progressive pruning by the style's own scores: in a wide decision (a monster to place on one of a
            # dozen bases, an attack by one of many groups) most actions are variants of a few ideas, and the
            # style's ranking keeps the worlds for the ones that might be right.
            scores = policy.scores(view, legal)
            scripted = legal.index(best_scored(legal, scores, rng))  # the style's choice, as `choose` makes it
            ranked = sorted(range(len(legal)), key=lambda i: (-scores[i], i))
            alive = sorted({*ranked[:wide], scripted})
        else:
            scripted = legal.index(policy.choose(view, legal, rng))
            alive = list(range(len(legal)))
        totals = [0.0] * len(legal)
        budget = self.settings.determinizations
        worlds, batch = 0, 1
        while True:
            for _ in range(batch):
                world = view.sample(rng)
                if budget is None:  # the game's budget for its number of players, which every world shares
                    budget = world.game.search_budget(world.game.num_players)
                seed = rng.getrandbits(64)  # one seed for every action of this world: common random numbers
                for i in alive:
                    trial = world.clone()
                    trial.apply(legal[i])
                    totals[i] += self._playout(trial, me, random.Random(seed), world.turn)
            worlds += batch
            assert budget is not None  # set from the first world at the latest
            if worlds >= budget or len(alive) == 1:
                break
            # Sequential halving: the better half (and the style's choice) go on to twice as many new worlds, so
            # the budget is spent telling the good actions apart rather than confirming the bad ones are bad.
            ranked = sorted(alive, key=lambda i: (-totals[i], i != scripted, i))
            alive = sorted({*ranked[: max(2, (len(alive) + 1) // 2)], scripted})
            batch = min(2 * batch, budget - worlds)
        best = max(alive, key=lambda i: (totals[i], i == scripted, -i))
        if totals[best] - totals[scripted] <= self.settings.margin * worlds:
            return legal[scripted]  # the style's own choice, unless the search finds a clearly better one
        return legal[best]

    def _playout(self, world: State, me: int, rng: random.Random, decided_at: int) -> float:
        """Play every seat with the scripted style until the game ends or `horizon` turns have begun since the
        decision (made in turn `decided_at`); the points `me` gets (win 1, loss 0, a draw its share) or, cut
        short, the evaluation's estimate of them.

        The horizon counts from the decision, not from the position the action led to: an action that ends the
        turn (a pass, the end of a phase) must be judged at the same moment as one that does not, or its playout
        runs through the opponents' turn as well and is judged a turn later, where the evaluation sees them
        developed and the searcher not. Counted from the action, that made godzilla's searcher close 5 of its 6
        sound bases rather than end its placement phase, one Close at a time, and lose the next turn (GZ-WIN-2)."""
        players = [self._policy() for _ in range(world.game.num_players)]
        horizon = self.settings.horizon
        stop_turn = decided_at + (world.game.search_horizon if horizon is None else horizon)
        for _ in range(self.settings.max_playout_decisions):
            if world.is_terminal or world.turn >= stop_turn:
                break
            seat = world.current_player
            legal = world.legal_actions()
            world.apply(legal[0] if len(legal) == 1 else players[seat].choose(world.view(seat), legal, rng))
        outcome = world.outcome
        if outcome is None:
            return self._evaluate(world, me)
        return seat_labels(outcome, world.game)[me]  # the one draw rule: an all-lose end is worth nothing
