"""The structures that make GODZILLA fast (issue 14) give what the plain computation gives: the legal list kept
from `_advance` (and shared by clones) is the one computing it afresh gives; a clone shares its parent's generator
until one of them draws (copy-on-write) and stays independent of its parent; the scripted players' facts worked out
once per decision never outlive it; the per-card judgement tables are what computing them afresh gives."""

from __future__ import annotations

import random

from tcgsim.agents import make_agent
from tcgsim.bench import bundled_decks
from tcgsim.engine import agent_rng
from tcgsim.games import get_game
from tcgsim.games.godzilla import ai
from tcgsim.games.godzilla.cards import gz_cards
from tcgsim.games.godzilla.effects import Verb
from tcgsim.games.godzilla.game import GzGame
from tests.test_engine_invariants import left_behind


def test_facts_kept_for_one_decision_never_reach_the_next() -> None:
    """One agent for a whole game chooses what a fresh agent chooses at every decision."""
    decks = bundled_decks("godzilla")
    for style in sorted(ai.STYLES):
        for i in range(4):
            state = GzGame([decks[i % len(decks)]] * 2, 40 + i).new_initial_state()
            kept = [make_agent("godzilla", style) for _ in range(2)]
            rngs = [agent_rng(state.game.seed, seat) for seat in range(2)]
            while not state.is_terminal:
                seat = state.current_player
                legal = state.legal_actions()
                if len(legal) == 1:
                    state.apply(legal[0])
                    continue
                probe = random.Random()
                probe.setstate(rngs[seat].getstate())
                action = kept[seat].choose(state.view(seat), legal, rngs[seat])
                assert make_agent("godzilla", style).choose(state.view(seat), legal, probe) == action
                state.apply(action)


def test_the_card_judgement_tables_are_the_computation() -> None:
    for c in gz_cards().values():
        for ab in c.abilities:
            fixed = sum(e.amount for e in ab.effects if e.verb is Verb.DAMAGE)
            mod = sum(-e.amount for e in ab.effects if e.verb is Verb.MODIFY and e.target == "opponent")
            prevent = sum(min(e.amount, 4) for e in ab.effects if e.verb is Verb.PREVENT)
            assert ai._ability_bonus(c, ab.index) == fixed + mod + prevent - 0.5 * ab.health_cost
        for attacking in (True, False):
            side = c.attack_side if attacking else c.defense_side
            want = None if side is None else float((side.power_mod if attacking else side.defense_mod)
                                                    + sum(e.amount for e in side.effects if e.verb is Verb.DAMAGE))
            assert ai._side_bonus(c, attacking) == want


def test_site_stats_are_the_three_site_stats() -> None:
    for pos in left_behind(get_game("godzilla"), games=2, every=5):
        for seat in (0, 1):
            view = pos.view(seat)
            for sv in view.sites(1 - seat):
                assert view.site_stats(sv.sid) == tuple(view.site_stat(sv.sid, s) for s in ("power", "defense",
                                                                                               "health"))


def test_mstats_are_the_three_mstats() -> None:
    for pos in left_behind(get_game("godzilla"), games=3, every=5):
        for seat in (0, 1):
            for m in pos.players[seat].mons:
                assert pos.mstats(m) == tuple(pos.mstat(m, s) for s in ("power", "defense", "health"))
