"""The structures that make the EVA scripted players fast (issue 14) give what the plain computation gives, bit for
bit: the card tables derived once from the marks, the process-wide caches of pure functions (reach masks,
regrouping, a セリフ's city, the opponent tables, the deck's lines, 補完 values), and the memos of one decision
(an action scores the same on a fresh decision context, whatever was scored before it). A clone shares its
parent's generator until one of them draws (copy-on-write) and stays independent of it."""

from __future__ import annotations

import dataclasses
import itertools
from typing import Any

from tcgsim.agents import make_agent
from tcgsim.bench import bundled_decks
from tcgsim.engine import agent_rng
from tcgsim.games.eva import ai, city_model, short_ai
from tcgsim.games.eva.cards import Mark, can_reach, city, eva_cards, normalise_groups
from tcgsim.games.eva.game import EvaGame, EvaShortGame
from tcgsim.games.eva.view import EvaShortView, EvaView

ADJ = city().adjacent


def _decisions(game: str, games: int = 4, every: int = 3) -> list[tuple[Any, list[Any]]]:
    """(view, legal actions) at every `every`-th real decision of default-style games."""
    cls = EvaShortGame if game == "eva-short" else EvaGame
    decks = bundled_decks(game)
    out: list[tuple[Any, list[Any]]] = []
    for i in range(games):
        g = cls([decks[i % len(decks)]] * cls.min_players, 700 + i)
        state = g.new_initial_state()
        agents = [make_agent(game, "seeker") for _ in range(g.num_players)]
        rngs = [agent_rng(g.seed, s) for s in range(g.num_players)]
        n = 0
        while not state.is_terminal:
            player = state.current_player
            legal = state.legal_actions()
            if len(legal) == 1:
                action = legal[0]
            else:
                if n % every == 0:
                    out.append((state.clone().view(player), list(legal)))
                action = agents[player].choose(state.view(player), legal, rngs[player])
                n += 1
            state.apply(action)
    return out


def test_the_card_tables_are_what_the_marks_say() -> None:
    for card in eva_cards().values():
        targets = sorted({t for _k, t in card.marks})
        assert card.serif_targets == tuple(targets)
        assert card.serif_pairs == tuple(itertools.combinations(targets, 2))
        for t in range(6):
            assert bool(card.hurt_mask >> t & 1) == card.mark_for(Mark.HURT, t)
            assert bool(card.seek_mask >> t & 1) == card.mark_for(Mark.SEEK, t)


def test_the_cached_city_tables_are_the_rules_of_grouping() -> None:
    groups: set[tuple[int, ...]] = set()
    for labels in itertools.product(range(-1, 6), repeat=6):
        g = list(labels)
        normalise_groups(g)
        groups.add(tuple(g))
    for group in groups:
        masks = city_model.reach_masks(group)
        for c in range(6):
            for t in range(6):
                assert bool(masks[c] >> t & 1) == can_reach(ADJ, group, c, t)
            out = list(group)
            out[c] = -1
            normalise_groups(out)
            assert city_model.leave_group(group, c) == tuple(out)
        for down in ((False,) * 6, (True, False, False, True, False, False)):
            for kind, speaker, target in itertools.product(Mark, range(6), range(6)):
                d, g2 = list(down), list(group)
                (city_model._hurt(d, g2, target) if kind is Mark.HURT else city_model._seek(d, g2, speaker, target))
                assert city_model.serif_result(kind, speaker, target, down, group) == (tuple(d), tuple(g2))


def _reference_tables(ctx: Any) -> tuple[list[float], list[list[float]], list[list[list[float]]], list[float],
                                         list[float]]:
    """The opponent tables summed card by card, as the short player first did."""
    flag = [0.0] * 6
    marked = [[0.0] * 6 for _ in range(6)]
    both = [[[0.0] * 6 for _ in range(6)] for _ in range(6)]
    seen = len(ctx.opp_seen)
    for cards, weight in ((ctx.opp_seen, 1.0 / (seen + short_ai.PRIOR)),
                          (ctx.own_list, short_ai.PRIOR / (seen + short_ai.PRIOR) / max(1, len(ctx.own_list)))):
        for card in cards:
            c = card.serif_colour
            if not 0 <= c < 6:
                continue
            if card.serif_counter:
                flag[c] += weight
                continue
            targets = sorted({t for _k, t in card.marks})
            for i, a in enumerate(targets):
                marked[c][a] += weight
                for b in targets[i + 1:]:
                    both[c][a][b] += weight
                    both[c][b][a] += weight
    threat_seen = [0.0] * 6
    threat_prior = [0.0] * 6
    for cards, into, weight in ((ctx.opp_seen, threat_seen, 1.0),
                                (ctx.own_list, threat_prior, 1.0 / max(1, len(ctx.own_list)))):
        for card in cards:
            if 0 <= card.serif_colour < 6 and card.mark_for(Mark.HURT, ctx.mine):
                into[card.serif_colour] += weight
    return flag, marked, both, threat_seen, threat_prior


def test_the_short_players_cached_tables_are_the_card_by_card_sums() -> None:
    for view, _legal in _decisions("eva-short"):
        assert isinstance(view, EvaShortView)
        ctx = short_ai._ShortCtx(ai.Seeker(), view)
        flag, marked, both, threat_seen, threat_prior = _reference_tables(ctx)
        cells = ctx.cells
        for c in range(6):
            assert cells[c] == flag[c]
            assert cells[short_ai._THREAT + c] == threat_seen[c]
            assert ctx.threat_prior[c] == threat_prior[c]
            for a in range(6):
                assert cells[short_ai._MARKED + 6 * c + a] == marked[c][a]
                for b in range(6):
                    assert cells[short_ai._BOTH + 36 * c + 6 * a + b] == both[c][a][b]
        hurt = [[0.0] * 6 for _ in range(6)]
        seek = [[0.0] * 6 for _ in range(6)]
        for cards, weight in ((ctx.cards.values(), 1.0), (view.deck_cards(), short_ai.DECK_LINE)):
            for card in cards:
                if 0 <= card.serif_colour < 6:
                    for kind, t in card.marks:
                        (hurt if kind is Mark.HURT else seek)[card.serif_colour][t] += weight
        assert ctx.hurt == hurt
        assert ctx.seek == seek


def _scores(ctx_of: Any, view: Any, legal: list[Any]) -> tuple[list[float], list[float], list[float]]:
    """The scores of `legal` on one context in order, on one context in reverse order, and each on a fresh one."""
    shared = ctx_of(view)
    forward = [shared.score(a) for a in legal]
    shared = ctx_of(view)
    backward = [shared.score(a) for a in reversed(legal)][::-1]
    fresh = [ctx_of(view).score(a) for a in legal]
    return forward, backward, fresh


def test_the_short_players_memos_do_not_change_a_score() -> None:
    for view, legal in _decisions("eva-short"):
        forward, backward, fresh = _scores(lambda v: short_ai._ShortCtx(ai.Hurter(), v), view, legal)
        assert forward == backward == fresh


def test_the_standard_players_memos_do_not_change_a_score() -> None:
    for view, legal in _decisions("eva", games=3):
        forward, backward, fresh = _scores(lambda v: ai._Ctx(ai.Seeker(), v), view, legal)
        assert forward == backward == fresh


def _reference_position(ctx: Any, down: tuple[bool, ...], group: tuple[int, ...]) -> float:
    """A position as first computed: every player's board copied with the city changed, and scored afresh."""
    own = rival = 0.0
    for s in ctx.alive:
        card = ctx.hokans[s]
        if card is None:
            continue
        board = dataclasses.replace(ctx.boards[s], down=down, group=group)
        value = ai.hokan_value(card, ctx.levels[s], board)
        if s == ctx.me:
            own = value
        else:
            rival = max(rival, value)
    return ctx.a.own_weight * own - ctx.a.rival_weight * rival


def test_the_standard_players_cached_positions_are_the_plain_scores() -> None:
    for view, _legal in _decisions("eva", games=3, every=5):
        assert isinstance(view, EvaView)
        ctx = ai._Ctx(ai.Hurter(), view)
        assert ctx.base == _reference_position(ctx, ctx.down, ctx.group)
        for kind, speaker, target in itertools.product(Mark, range(6), range(6)):
            down, group = city_model.serif_result(kind, speaker, target, ctx.down, ctx.group)
            assert ctx.position(down, group, None) == _reference_position(ctx, down, group)
