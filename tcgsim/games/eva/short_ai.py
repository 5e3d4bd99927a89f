"""The short rule's player (EvaShortView): a position is scored by the chance to down the opponent's hidden
character with the lines we hold and will draw, against the danger to our own. The styles of ai.py tune it."""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from tcgsim.cards import on_pool_change
from tcgsim.games.eva import actions as A
from tcgsim.games.eva.cards import EvaCard, Mark
from tcgsim.games.eva.city_model import ADJACENT, ADJACENT_MASK, leave_group, reach_masks, serif_result
from tcgsim.games.eva.view import EvaShortView

WIN = 100.0  # short rule: a position is worth about WIN times the chance to win
LOSS = -1000.0  # our own character downed
DECK_LINE = 0.5  # a card still in the deck, against one in hand (it comes later, if at all)
LATER_ANSWER = 0.6  # a later hurt can wait for a safer moment: the answer chance then, against now
ANSWER_NOW = 0.75  # the chance an opponent holding a possible answer gives it now
REVIVE_LINE = 0.5  # a line whose speaker is downed but can be turned up again by one of our 求 lines
SPEND = 0.3  # share of a card's worth a セリフ costs: a card kept is not a card used (the hand holds six)
SPEAK_COST = 1.0  # a セリフ or an answer costs a card, and the turn goes on
AHEAD = 8  # the opponent's cards we fear in the next turns
GROUPED_RISK = 0.2  # our character in a group: the danger, against out of every group
SETUP = 1.0  # worth of a セリフ that leaves the opponent one character fewer to answer our next hurt with
CANDIDATE_LINE = 0.6  # a line whose speaker may be the opponent's character (we may have to down it first)
SIGN_HURT = 0.6  # belief: the opponent hurt that character (hardly its own)
SIGN_SEEK = 1.3  # it sought that character
PRIOR = 10.0  # weight, in cards, of our own list as the guess of the opponent's before its cards are seen


class ShortWeights(Protocol):
    """What a style sets for the short rule (ai.ScriptedAgent's class settings)."""

    @property
    def short_aggression(self) -> float: ...  # weight of the chance to win

    @property
    def short_guard(self) -> float: ...  # weight of the danger to its own character


def _p_one(mu: float) -> float:
    """The chance of at least one success among Poisson(mu)."""
    return 1.0 - math.exp(-mu)


class _ShortCtx:
    """One decision of the short rule, judged by the chance to win (about WIN per certainty) minus the danger to
    our own character (the chance one of the opponent's ▲ lines at it lands soon).

    The opponent's character is one of the others never downed (downing it would have ended the game, so one
    turned up again is known to be neither player's); a belief weighs them by the opponent's public play. Each
    candidate counts its probability times how surely we can down it with the cards we hold and will draw: it
    must first be hurt out of its group, and the hurt that downs it needs a face-up character next to it of a
    colour we hold a ▲ line for (I-REACH). Lines whose speaker is downed count at a discount when one of our 求
    lines can turn the speaker up again, and so do lines whose speaker may be the opponent's character (we may
    have to down it first). Every line is discounted by the chance the opponent answers it: the share of its
    cards (its public ones, our own list as the prior) that the characters reaching the speaker or the target
    could speak as an answer (I-COUNTER). Downing a candidate wins with its probability and otherwise clears it.
    A セリフ is worth its effect times the chance it is not answered now, and what it sets up (a character that
    has spoken cannot answer our next hurt), against part of what the card is worth kept; a card is worth what
    the position loses without it, and a pass throws away the cheapest.

    Speed (the same numbers, bit for bit): positions are tuples, and everything that does not depend on the
    candidate is memoised for the decision: the answer chances and the danger per city, `feasible` per
    candidate character, city and the lines it reads, and the value with and after each card. Our lines change
    only while one card is taken out of them (`_without_lines`); the memos key that by `_removed`, the card's id
    (copies of a card change the lines alike).
    """

    def __init__(self, agent: ShortWeights, view: EvaShortView) -> None:
        self.a = agent
        self.v = view
        self.me = view.player
        self.opp = 1 - view.player
        self.mine = view.character
        self.cards = {u: c for u, c in ((u, view.card(u)) for u in view.hand()) if c is not None}
        self.down = view.down
        self.group = view.group
        self.cleared = view.cleared
        self.win = WIN * agent.short_aggression
        self.guard = WIN * agent.short_guard
        self.belief = self._belief()
        # our lines: hurt[s][t] / seek[s][t], cards whose colour s ▲ / ● t; those in the deck at a discount
        self._removed: str | None = None  # the id of the card taken out of our lines (None: all in)
        self._removed_card: EvaCard | None = None
        deck = view.deck_cards()
        hurt_deck, seek_deck = _deck_lines(deck)
        self.hurt = [list(row) for row in hurt_deck]
        self.seek = [list(row) for row in seek_deck]
        for card in self.cards.values():
            self._lines(card, 1.0)
        self._all_hurt = self.hurt  # our full lines (self.hurt / self.seek are these unless a card is taken out)
        self._all_seek = self.seek
        self._lines_without: dict[str, tuple[list[list[float]], list[list[float]]]] = {}
        opp_deck = view.deck_size(self.opp)
        opp_hand = view.hand_size(self.opp)
        self.opp_hand = opp_hand
        self.opp_future = 6 if opp_deck else opp_hand  # the hand it will answer from in later turns
        spoken = view.spoken()
        self.opp_seen = [*view.discard(self.opp), *(c for c, owner, _m, _x in spoken if owner == self.opp)]
        self.own_list = [*self.cards.values(), *deck, *view.discard(self.me),
                         *(c for c, owner, _m, _x in spoken if owner == self.me)]
        tables = _opponent_tables(self.opp_seen, self.own_list, self.mine)
        self.cells = tables.cells
        self.threat_prior = tables.threat_prior
        self.ahead = min(AHEAD, opp_hand + opp_deck)
        self._can: list[bool] | None = None  # can_speak per character now (view facts)
        self._answer_memo: dict[tuple[int, int, int], float] = {}
        self._later_memo: dict[tuple[tuple[bool, ...], tuple[int, ...]], dict[int, float]] = {}
        self._danger_memo: dict[tuple[tuple[bool, ...], tuple[int, ...]], float] = {}
        self._feasible_memo: dict[tuple[tuple[bool, ...], tuple[int, ...]],
                                  dict[tuple[int, int, str | None], float]] = {}
        self._value_memo: dict[tuple[str | None, tuple[bool, ...], tuple[int, ...], tuple[float, ...]], float] = {}
        self._after_memo: dict[tuple[str | None, Mark, int, int], float] = {}
        self._hurts: list[tuple[int, int, int, float]] | None = None
        self._keep_memo: dict[int, float] = {}
        self.base = self.value(self.down, self.group, self.belief)

    # ----------------------------------------------------------------------------------- knowledge

    def _belief(self) -> tuple[float, ...]:
        """How likely each character is the opponent's, from what it did in public. Answering a hurt on a
        character is no sign: a player answers whatever harms it."""
        down, cleared = self.down, self.cleared
        weight = [0.0 if c == self.mine or down[c] or cleared[c] else 1.0 for c in range(6)]
        for seat, what, c in self.v.history():
            if seat != self.opp:
                continue
            if what == 0:
                weight[c] *= SIGN_HURT  # it hurt c: hardly its own
            elif what == 1:
                weight[c] *= SIGN_SEEK  # it sought c
        total = sum(weight) or 1.0
        return tuple(w / total for w in weight)

    def _lines(self, card: EvaCard, weight: float) -> None:
        s = card.serif_colour
        if not 0 <= s < 6:
            return
        hurt = self.hurt[s]
        seek = self.seek[s]
        for kind, t in card.marks:
            if kind is Mark.HURT:
                hurt[t] += weight
            else:
                seek[t] += weight

    def _without_lines(self, card: EvaCard) -> None:
        """Take `card` out of our lines (until `_restore_lines`): what the memos call `_removed`. The lines without
        a card are worked out once per card id for the decision (copies: the row of its colour, the others
        shared); our full lines stay as they are."""
        assert self._removed is None
        found = self._lines_without.get(card.id)
        if found is None:
            hurt = list(self._all_hurt)
            seek = list(self._all_seek)
            s = card.serif_colour
            if 0 <= s < 6:
                hurt[s] = list(hurt[s])
                seek[s] = list(seek[s])
                for kind, t in card.marks:
                    if kind is Mark.HURT:
                        hurt[s][t] += -1.0
                    else:
                        seek[s][t] += -1.0
            found = self._lines_without[card.id] = (hurt, seek)
        self.hurt, self.seek = found
        self._removed = card.id
        self._removed_card = card

    def _restore_lines(self, card: EvaCard) -> None:
        self.hurt = self._all_hurt
        self.seek = self._all_seek
        self._removed = None
        self._removed_card = None

    def can_speak(self, c: int) -> bool:
        can = self._can
        if can is None:
            can = self._can = [self.v.can_speak(x) for x in range(6)]
        return can[c]

    def answer_chance(self, speaker: int, target: int, spent: int = -1) -> float:
        """The chance the opponent answers our セリフ by `speaker` to `target` now (or once `spent` has spoken
        too): it must hold a セリフ whose character is up, has not spoken this turn and reaches the speaker or the
        target (I-COUNTER)."""
        if self.opp_hand <= 0:
            return 0.0
        key = (speaker, target, spent)
        found = self._answer_memo.get(key)
        if found is not None:
            return found
        limited = self.v.talk_limit  # a character that has spoken cannot answer (EVA-TALK-4), unless void
        who = 0
        for c in range(6):
            if (not limited or (c != speaker and c != spent)) and self.can_speak(c):
                who |= 1 << c
        f = self._answer_mass(who, speaker, target, self.group)
        chance = ANSWER_NOW * (1.0 - (1.0 - min(1.0, f)) ** self.opp_hand)
        self._answer_memo[key] = chance
        return chance

    def _answer_mass(self, who: int, speaker: int, target: int, group: tuple[int, ...]) -> float:
        """The shares, summed over the characters c in `who` (bits, ascending), of the opponent's cards of colour c
        that answer a セリフ by `speaker` to `target` on a city grouped so: flagged <対抗>, or with a mark for one
        of the two that c reaches and that is not c (a card with marks for both counts once); which cells to add
        is `answer_plan`."""
        cells = self.cells
        f = 0.0
        for flag, first, second, both in answer_plan(who, speaker, target, group):
            if second < 0:
                f += cells[flag] + cells[first]
            else:
                f += cells[flag] + cells[first] + cells[second] - cells[both]
        return f

    def _later_table(self, down: tuple[bool, ...], group: tuple[int, ...]) -> dict[int, float]:
        """later_answer's memo for one city, by speaker * 8 + target."""
        city_key = (down, group)
        memo = self._later_memo.get(city_key)
        if memo is None:
            memo = self._later_memo[city_key] = {}
        return memo

    def later_answer(self, speaker: int, target: int, down: tuple[bool, ...], group: tuple[int, ...],
                     memo: dict[int, float] | None = None) -> float:
        """The chance a hurt of ours by `speaker` on `target` is answered in a later turn, every face-up
        character able to speak: those reaching the speaker or the target, with the hand the opponent will
        have. `memo`: _later_table(down, group), when the caller has it."""
        h = self.opp_future
        if h <= 0:
            return 0.0
        if memo is None:
            memo = self._later_table(down, group)
        key = speaker * 8 + target
        found = memo.get(key)
        if found is not None:
            return found
        who = 0
        for c in range(6):
            if c != speaker and not down[c]:
                who |= 1 << c
        f = self._answer_mass(who, speaker, target, group)
        chance = LATER_ANSWER * ANSWER_NOW * (1.0 - (1.0 - min(1.0, f)) ** h)
        memo[key] = chance
        return chance

    # ----------------------------------------------------------------------------------- the position

    def _revivable(self, d: int, down: Sequence[bool]) -> bool:
        """A downed d can be turned up by one of our 求 lines from a face-up neighbour (a downed d is in no
        group)."""
        return any(self.seek[r][d] > 0 and not down[r] for r in ADJACENT[d])

    def feasible(self, c: int, down: tuple[bool, ...], group: tuple[int, ...], mask: int,
                 memo: dict[tuple[int, int, str | None], float] | None = None) -> float:
        """How surely we can down c: our ▲ lines from its face-up neighbours (the last hurt needs one), and from
        the other members of its group (they can take it out of the group, not down it). A neighbour that may be
        the opponent's character (bit s of `mask`: its belief is not 0) counts less: we may have to down it
        first. `memo`: the feasible memo of this city (down, group), when the caller has it."""
        # it reads the hurt lines at c and the seek lines at c's neighbours (_revivable): a card taken out of our
        # lines that has neither leaves it as with every card in
        removed = self._removed
        card = self._removed_card
        if card is not None and not (card.hurt_mask >> c & 1 or card.seek_mask & ADJACENT_MASK[c]):
            removed = None
        if memo is None:
            memo = self._feasible_table(down, group)
        key = (c, mask, removed)
        found = memo.get(key)
        if found is not None:
            return found
        near = 0.0
        inside = 0.0
        label = group[c]
        hurt = self.hurt
        alone = group if label < 0 else leave_group(group, c)  # the last hurt falls on c out of its group
        alone_memo = self._later_table(down, alone)
        group_memo = alone_memo if alone is group else self._later_table(down, group)
        adjacent = ADJACENT[c]
        for s in range(6):
            n = hurt[s][c]
            if not n or s == c:
                continue
            if mask >> s & 1:
                n *= CANDIDATE_LINE
            if s in adjacent:
                if not down[s]:
                    later = alone_memo.get(s * 8 + c)
                    if later is None:
                        later = self.later_answer(s, c, down, alone, alone_memo)
                    near += n * (1.0 - later)
                elif self._revivable(s, down):
                    near += REVIVE_LINE * n * (1.0 - self.later_answer(s, c, down, alone, alone_memo))
            elif label >= 0 and group[s] == label and not down[s]:
                inside += n * (1.0 - self.later_answer(s, c, down, group, group_memo))
        if label < 0:
            result = _p_one(near)
        else:
            one = near * math.exp(-near)
            result = 1.0 - math.exp(-near) * (1.0 + near) + one * _p_one(inside)
        memo[key] = result
        return result

    def _feasible_table(self, down: tuple[bool, ...], group: tuple[int, ...]) -> dict[tuple[int, int, str | None],
                                                                                     float]:
        """feasible's memo for one city, by (character, belief mask, the card out of our lines if it matters)."""
        city_key = (down, group)
        memo = self._feasible_memo.get(city_key)
        if memo is None:
            memo = self._feasible_memo[city_key] = {}
        return memo

    def danger(self, down: tuple[bool, ...], group: tuple[int, ...]) -> float:
        """The chance the opponent downs our character soon: out of every group, one of its ▲ lines from a face-up
        character that reaches ours does it; in a group it takes two."""
        key = (down, group)
        found = self._danger_memo.get(key)
        if found is not None:
            return found
        me = self.mine
        reach = reach_masks(group)
        seen = prior = 0.0
        for c in range(6):
            if not down[c] and reach[c] >> me & 1:
                seen += self.cells[_THREAT + c]
                prior += self.threat_prior[c]
        f = (seen + prior * PRIOR) / (len(self.opp_seen) + PRIOR)
        exposed = 1.0 - (1.0 - f) ** self.ahead
        result = exposed if group[me] < 0 else GROUPED_RISK * exposed
        self._danger_memo[key] = result
        return result

    def value(self, down: tuple[bool, ...], group: tuple[int, ...], belief: tuple[float, ...]) -> float:
        if down[self.mine]:
            return LOSS
        key = (self._removed, down, group, belief)
        found = self._value_memo.get(key)
        if found is not None:
            return found
        mask = 0
        for c in range(6):
            if belief[c]:
                mask |= 1 << c
        memo = self._feasible_table(down, group)
        chance = 0.0
        for c in range(6):
            p = belief[c]
            if p:
                chance += p if down[c] else p * self.feasible(c, down, group, mask, memo)
        result = self.win * chance - self.guard * self.danger(down, group)
        self._value_memo[key] = result
        return result

    def after(self, kind: Mark, speaker: int, target: int) -> float:
        """The value once a セリフ resolves: downing a candidate wins with its probability, else clears it."""
        key = (self._removed, kind, speaker, target)
        found = self._after_memo.get(key)
        if found is not None:
            return found
        down, group = serif_result(kind, speaker, target, self.down, self.group)
        if down[self.mine]:
            result = LOSS
        elif down[target] and not self.down[target]:
            p = self.belief[target]
            if p >= 0.999:
                result = self.win
            else:
                rest = tuple(0.0 if c == target else b / (1.0 - p) for c, b in enumerate(self.belief))
                result = p * self.win + (1.0 - p) * self.value(down, group, rest)
        else:
            result = self.value(down, group, self.belief)
        self._after_memo[key] = result
        return result

    def without(self, card: EvaCard) -> float:
        """The value of the present position had we not this card."""
        self._without_lines(card)
        try:
            return self.value(self.down, self.group, self.belief)
        finally:
            self._restore_lines(card)

    def keep(self, uid: int) -> float:
        """What a card in hand is worth: what the position loses without it, and a little for an answer or a 求
        that regroups our character."""
        found = self._keep_memo.get(uid)
        if found is not None:
            return found
        card = self.cards[uid]
        value = self.base - self.without(card)
        mine = self.mine
        if card.serif_counter:
            value += 2.0
        for kind, t in card.marks:
            if kind is Mark.SEEK and (t == mine or card.serif_colour == mine):
                value += 1.5
        value += 0.1 * len(card.marks)
        self._keep_memo[uid] = value
        return value

    def gain(self, card: EvaCard, mark: int) -> float:
        """What a セリフ of ours changes if it is not answered."""
        kind, target = card.marks[mark]
        self._without_lines(card)
        try:
            return self.after(kind, card.serif_colour, target) - self.value(self.down, self.group, self.belief)
        finally:
            self._restore_lines(card)

    def hurts(self) -> list[tuple[int, int, int, float]]:
        """Our ▲ セリフ in hand worth speaking this turn: (uid, speaker, target, gain)."""
        if self._hurts is None:
            self._hurts = []
            reach = reach_masks(self.group)
            for uid, card in self.cards.items():
                s = card.serif_colour
                if not 0 <= s < 6 or not self.can_speak(s):
                    continue
                for m, (kind, t) in enumerate(card.marks):
                    if kind is Mark.HURT and reach[s] >> t & 1:
                        g = self.gain(card, m)
                        if g > 0:
                            self._hurts.append((uid, s, t, g))
        return self._hurts

    def setup(self, uid: int, speaker: int) -> float:
        """Speaking with `speaker` uses its turn: it can no longer answer the hurt we speak next (I-COUNTER;
        nothing when the short rule's talk limit is void)."""
        if self.opp_hand <= 0 or not self.v.talk_limit:
            return 0.0
        best = 0.0
        for u, s, t, g in self.hurts():
            if u != uid and s != speaker:
                drop = self.answer_chance(s, t) - self.answer_chance(s, t, speaker)
                best = max(best, drop * g)
        return SETUP * best

    # ----------------------------------------------------------------------------------- actions

    def score(self, action: Any) -> float:
        t = type(action)
        if t is A.PassDiscard:
            return -self.keep(action.card) if action.card in self.cards else 0.0
        if t is A.Decline:
            return 0.0
        if t is A.Speak:
            card = self.cards.get(action.card)
            if card is None:
                return -1.0
            kind, target = card.marks[action.mark]
            self._without_lines(card)
            try:
                failed = self.value(self.down, self.group, self.belief)
                done = self.after(kind, card.serif_colour, target)
            finally:
                self._restore_lines(card)
            if done <= LOSS:
                return LOSS
            q = self.answer_chance(card.serif_colour, target)
            return ((1.0 - q) * (done - failed) + self.setup(action.card, card.serif_colour)
                    - SPEND * self.keep(action.card) - SPEAK_COST)
        if t is A.Counter:
            offered = self.v.offered()
            card = self.cards.get(action.card)
            if offered is None or card is None:
                return -1.0
            o_card, speaker, mark = offered
            kind, target = o_card.marks[mark]
            return self.base - self.after(kind, speaker, target) - SPEND * self.keep(action.card) - SPEAK_COST
        return 0.0


@dataclass(frozen=True, slots=True)
class _OpponentTables:
    """The opponent's cards as a distribution (its public cards, our own list as the prior): per colour c, the
    share that answers anything (flagged <対抗>: flag[c]), that has a mark for a (marked[c][a]), and that has marks
    for both a and b (both[c][a][b]); and its ▲ lines at our character, per colour: among its public cards
    (threat_seen[c], a count), and our list's share (threat_prior[c]). All but threat_prior in one flat tuple
    `cells`: flag[c] is cell c, marked[c][a] _MARKED + 6c + a, both[c][a][b] _BOTH + 36c + 6a + b, threat_seen[c]
    _THREAT + c."""

    cells: tuple[float, ...]
    threat_prior: tuple[float, ...]


_MARKED, _BOTH, _THREAT = 6, 42, 258


def _cell_counts(cards: Sequence[EvaCard], mine: int) -> dict[int, int]:
    """How many of `cards` add to each cell of the opponent tables (see _OpponentTables)."""
    counts: dict[int, int] = {}
    get = counts.get
    mine_bit = 1 << mine
    for card in cards:
        c = card.serif_colour
        if not 0 <= c < 6:
            continue
        if card.hurt_mask & mine_bit:
            counts[_THREAT + c] = get(_THREAT + c, 0) + 1
        if card.serif_counter:
            counts[c] = get(c, 0) + 1
            continue
        for a in card.serif_targets:
            cell = _MARKED + 6 * c + a
            counts[cell] = get(cell, 0) + 1
        for a, b in card.serif_pairs:
            for cell in (_BOTH + 36 * c + 6 * a + b, _BOTH + 36 * c + 6 * b + a):
                counts[cell] = get(cell, 0) + 1
    return counts


_RUNS: dict[tuple[float, int, float, int], float] = {}


def _runs(first: float, n_first: int, then: float, n_then: int) -> float:
    """0.0 plus `first` n_first times, then plus `then` n_then times, one addition at a time (the order the tables
    were always summed in, so the very same floats); a pure function, cached for the process."""
    key = (first, n_first, then, n_then)
    found = _RUNS.get(key)
    if found is None:
        total = 0.0
        for _ in range(n_first):
            total += first
        for _ in range(n_then):
            total += then
        if len(_RUNS) >= _TABLES_MAX:
            _RUNS.clear()
        found = _RUNS[key] = total
    return found


def _build_opponent_tables(opp_seen: Sequence[EvaCard], own_counts: dict[int, int], own: int,
                           mine: int) -> _OpponentTables:
    """The tables from the opponent's public cards and the cell counts of our list (`own` cards): each cell is
    a run of the opponent cards' weight, then a run of our list's."""
    seen = len(opp_seen)
    weight_seen = 1.0 / (seen + PRIOR)
    weight_own = PRIOR / (seen + PRIOR) / own
    t_own = 1.0 / own
    seen_counts = _cell_counts(opp_seen, mine)
    cells = [0.0] * (_THREAT + 6)
    threat_prior = [0.0] * 6
    runs: dict[int, float] = {}  # by n_seen * 1024 + n_own: cells touched as often hold the same run
    for cell in {*seen_counts, *own_counts}:
        n_seen = seen_counts.get(cell, 0)
        n_own = own_counts.get(cell, 0)
        if cell >= _THREAT:  # threat_seen counts the opponent's cards (1.0 each), threat_prior our list's share
            cells[cell] = _runs(1.0, n_seen, 0.0, 0)
            threat_prior[cell - _THREAT] = _runs(t_own, n_own, 0.0, 0)
        else:
            key = n_seen * 1024 + n_own
            value = runs.get(key)
            if value is None:
                value = runs[key] = _runs(weight_seen, n_seen, weight_own, n_own)
            cells[cell] = value
    return _OpponentTables(tuple(cells), tuple(threat_prior))


# Each cell of the tables is a run of equal weights from the opponent's cards, then a run of equal weights from
# our list: it depends on how many cards of each list touch it, not on their order. So the tables are a pure
# function of the two lists as multisets of card ids (an id names one printed card: eva_cards() is built once per
# process) and of our character: cached for the process, bounded, and so are our list's cell counts (the same all
# game long; the opponent's public cards grow a few times a turn).
_TABLES: dict[tuple[tuple[str, ...], tuple[str, ...], int], _OpponentTables] = {}
_OWN_COUNTS: dict[tuple[tuple[str, ...], int], dict[int, int]] = {}
_TABLES_MAX = 4096
for _memo in (_TABLES, _OWN_COUNTS):  # keyed by card id: user card files (use_cards) start them afresh
    on_pool_change(_memo.clear)


def _opponent_tables(opp_seen: Sequence[EvaCard], own_list: Sequence[EvaCard], mine: int) -> _OpponentTables:
    own_key = tuple(sorted([c.id for c in own_list]))
    key = (tuple(sorted([c.id for c in opp_seen])), own_key, mine)
    found = _TABLES.get(key)
    if found is None:
        counts = _OWN_COUNTS.get((own_key, mine))
        if counts is None:
            if len(_OWN_COUNTS) >= _TABLES_MAX:
                _OWN_COUNTS.clear()
            counts = _OWN_COUNTS[(own_key, mine)] = _cell_counts(own_list, mine)
        if len(_TABLES) >= _TABLES_MAX:
            _TABLES.clear()
        found = _TABLES[key] = _build_opponent_tables(opp_seen, counts, max(1, len(own_list)), mine)
    return found


# Our lines from the deck, at DECK_LINE a mark (hurt[s][t] / seek[s][t]): a pure function of the deck's cards
# (in the view's fixed order), cached for the process like the tables above. Every line is a sum of halves and
# ones, exact in floating point, so adding the hand's lines after the deck's gives the very same numbers.
_DECK_LINES: dict[tuple[str, ...], tuple[tuple[tuple[float, ...], ...], tuple[tuple[float, ...], ...]]] = {}
on_pool_change(_DECK_LINES.clear)


def _deck_lines(deck: Sequence[EvaCard]) -> tuple[tuple[tuple[float, ...], ...], tuple[tuple[float, ...], ...]]:
    key = tuple([c.id for c in deck])
    found = _DECK_LINES.get(key)
    if found is None:
        hurt = [[0.0] * 6 for _ in range(6)]
        seek = [[0.0] * 6 for _ in range(6)]
        for card in deck:
            s = card.serif_colour
            if 0 <= s < 6:
                for kind, t in card.marks:
                    (hurt if kind is Mark.HURT else seek)[s][t] += DECK_LINE
        if len(_DECK_LINES) >= _TABLES_MAX:
            _DECK_LINES.clear()
        found = _DECK_LINES[key] = (tuple(map(tuple, hurt)), tuple(map(tuple, seek)))
    return found


@functools.lru_cache(maxsize=1 << 16)
def answer_plan(who: int, speaker: int, target: int, group: tuple[int, ...]) -> tuple[tuple[int, int, int, int], ...]:
    """Which cells of the opponent tables (_OpponentTables.cells) `_ShortCtx._answer_mass` adds, per character c in
    `who` (bits) in ascending order that answers at all: (flag, marked for the one addressee it reaches, -1, -1),
    or (flag, marked for the speaker, marked for the target, both) when it reaches the two. A pure function of
    the city's grouping, cached for the process."""
    reach = reach_masks(group)
    plan = []
    for c in range(6):
        if not who >> c & 1:
            continue
        m = reach[c]
        a = speaker if m >> speaker & 1 and speaker != c else -1
        b = target if m >> target & 1 and target != c and target != a else -1
        if a < 0 and b < 0:
            continue
        if a < 0 or b < 0:
            plan.append((c, _MARKED + 6 * c + max(a, b), -1, -1))
        else:
            plan.append((c, _MARKED + 6 * c + a, _MARKED + 6 * c + b, _BOTH + 36 * c + 6 * a + b))
    return tuple(plan)
