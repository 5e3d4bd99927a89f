"""Scripted EVA players, for the standard rules (EvaView) and the short rule (EvaShortView). Each style is a
subclass that changes class-level weights; all decide from the view alone (what their player may see) and break
ties with the seeded generator they are handed.

- `seeker`: pursues its own 補完. Speaks the dialogue and drama that move its 補完 card's conditions, keeps 求 cards
  for the stage, answers only what sets it back, and plays battles to win them. In the short rule it weighs
  the danger to its own character more.
- `hurter`: works against the others. Hurts, ungroups and downs the characters the other players' 補完 cards need,
  answers their dialogue, plays against their battles (a lost battle costs them 3 cards) and keeps 傷 cards for
  their stages. In the short rule it weighs the chance to win more.

Both judge one action ahead. In the standard rules the city after the action (groups, downed characters, cards
under main cards) is scored by how near each player's 補完 card is to its next level, with a cliff where a card
may declare at its owner's next 補完 phase (READY: the stage is then one turn away, so stopping a rival there is
worth a card); every card spoken is weighed against what it was kept for (補完 ammunition, a <対抗>, for a battle
card the share of the 使徒 still to come it would beat) and what its draw points bring back (cards of the deck,
or the hand's cheapest discarded); an empty hand, or a deck that the next turn would empty, drops a player out
(EVA-DRAW2-5) and is never risked. The Evas go out only when the ones that may fight can win with the battle
cards whose speakers can still speak. In the short rule a position is scored by the chance to down the
opponent's hidden character with the lines we hold and will draw, against the danger to our own (short_ai.py;
city_model.py holds the model of the city both rule sets' players share).
"""

from __future__ import annotations

import dataclasses
import functools
import random
from collections import Counter
from collections.abc import Sequence
from typing import Any, ClassVar

from tcgsim.cards import on_pool_change
from tcgsim.engine import best_scored
from tcgsim.games.eva import actions as A
from tcgsim.games.eva.battle import BATTLE_LOSS_CARDS
from tcgsim.games.eva.cards import EvaCard, Kind, Mark, eva_cards, normalise_groups
from tcgsim.games.eva.city_model import _down, _seek, hokan_value, serif_result
from tcgsim.games.eva.effects import Board, Cond, CondKind, Target, Verb, holds
from tcgsim.games.eva.short_ai import _ShortCtx
from tcgsim.games.eva.state import Phase
from tcgsim.games.eva.view import EvaShortView, EvaView, SpokenView

# ------------------------------------------------------------------------------------------------ the city


BATTLE_SPARE = 0.15  # a battle card as a card in hand, before the battles it may decide
BATTLE_STAKE = 6.0  # a battle turned from lost to won (what battle_card counts for our own)
LAST_STAND = 100.0  # a 使徒 the Evas that can fight cannot beat, with one player left: the game (I-LAST)
DECK_FLOOR = 2  # a deck left smaller after a turn is empty by the end of the player's next turn: out
DECK_RESERVE = 6  # the deck a player wants left after a turn (each turn draws from it)
DECK_SHORT = 1.5  # cost of each card the deck falls short of it


# hokan_value is a pure function of the card, the level and the board (plain tuples, all public), and the same
# boards come back decision after decision (a city an action does not change, a rival's board while others speak):
# `_Ctx.position` caches it for the process by the card's id, the level and the board's fields in order, bounded.
# An id names one printed card (eva_cards() is built once per process).
_HOKAN_VALUES: dict[tuple[Any, ...], float] = {}
_HOKAN_VALUES_MAX = 1 << 16

# ------------------------------------------------------------------------------------------------ agents


_POOL_ANGELS = tuple(sorted((c for c in eva_cards().values() if c.kind is Kind.ANGEL), key=lambda c: c.id))

# decides() and deck_worth() are pure functions of the keys they are memoised by (see there), for the process,
# bounded like _HOKAN_VALUES; an id names one printed card.
_DECIDES: dict[tuple[Any, ...], float] = {}
_DECK_WORTHS: dict[tuple[Any, ...], float] = {}
_CACHE_MAX = 1 << 15


@functools.cache
def _asks_only_evas(card: EvaCard) -> bool:
    """Every `if` of the card asks only which Evas are in the battle (`evas_in_battle`)."""
    return all(e.cond is None or _kinds(e.cond) <= {CondKind.EVAS_IN_BATTLE} for e in card.effects)


def _kinds(cond: Cond) -> set[CondKind]:
    return {cond.kind} if not cond.parts else set().union(*(_kinds(p) for p in cond.parts))


# The 使徒's strengths against the Evas that fight depend on the rest of the city only if one of their `if`s asks
# more than which Evas fight (none of the pool's does): then outlook() memoises them by the fighters and the 使徒
# still to be met.
_ANGELS_ASK_ONLY_EVAS = all(_asks_only_evas(c) for c in _POOL_ANGELS)
_STRENGTHS: dict[tuple[Any, ...], tuple[int, ...]] = {}


def _new_pool() -> None:
    """User card files changed the pool (tcgsim.cards.use_cards): an id may now name another printed card, so
    the memos above start afresh and the pool's 使徒 are read again."""
    global _POOL_ANGELS, _ANGELS_ASK_ONLY_EVAS
    for memo in (_HOKAN_VALUES, _DECIDES, _DECK_WORTHS, _STRENGTHS):
        memo.clear()
    _asks_only_evas.cache_clear()
    _POOL_ANGELS = tuple(sorted((c for c in eva_cards().values() if c.kind is Kind.ANGEL), key=lambda c: c.id))
    _ANGELS_ASK_ONLY_EVAS = all(_asks_only_evas(c) for c in _POOL_ANGELS)


on_pool_change(_new_pool)


class ScriptedAgent:
    """The shared judgement; styles tune the weights."""

    name: ClassVar[str] = "scripted"
    own_weight: ClassVar[float] = 1.0  # value of one point of own 補完 progress
    rival_weight: ClassVar[float] = 0.6  # cost of one point of the leading rival's progress
    sabotage: ClassVar[bool] = False  # play against the other players' battles
    cushion: ClassVar[int] = 3  # the hand it wants to keep after the 第2ドローフェイズ
    hand_card: ClassVar[float] = 0.7  # a card in hand, before what it is kept for
    answer_at: ClassVar[float] = 1.0  # how much harm a card must do before it answers with a <対抗>
    short_aggression: ClassVar[float] = 1.0  # short rule: weight of the chance to win
    short_guard: ClassVar[float] = 1.0  # short rule: weight of the danger to its own character

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        return best_scored(legal, self.scores(view, legal), rng)

    def scores(self, view: Any, legal: Sequence[Any]) -> list[float]:
        """Every legal action's score (the best is played)."""
        if isinstance(view, EvaShortView):
            ctx: Any = _ShortCtx(self, view)
        else:
            ctx = _Ctx(self, view, legal)
        return [ctx.score(a) for a in legal]


class _Ctx:
    """One decision of the standard rules: facts worked out once, then every action scored."""

    def __init__(self, agent: ScriptedAgent, view: EvaView, legal: Sequence[Any] = ()) -> None:
        self.a = agent
        self.v = view
        self.legal = legal
        self.me = view.player
        self.hand = [(u, view.card(u)) for u in view.hand()]
        self.cards: dict[int, EvaCard] = {u: c for u, c in self.hand if c is not None}
        spoken = view.spoken()
        self.dp = sum(sv.card.draw_points for sv in spoken if sv.owner == self.me)
        self.deck = view.deck_size(self.me)
        self.alive = view.alive()
        self.rivals = [s for s in self.alive if s != self.me]
        self.boards = {s: view.board(s) for s in self.alive}
        self.hokans = {s: view.hokan(s) for s in self.alive}
        self.levels = {s: view.level(s) for s in self.alive}
        self.down = view.down
        self.group = view.group
        # memos of this decision (the view does not change while its actions are scored)
        self._positions: dict[tuple[tuple[bool, ...], tuple[int, ...], tuple[str, int] | None, int], float] = {}
        self._keep: dict[str, float] = {}  # keep_value by card id
        self._deck_worth: float | None = None
        self._decides: dict[str, float] = {}  # decides() by card id, for cards it cannot memoise for the process
        self._outlook: tuple[tuple[int, ...], int, tuple[int, ...], tuple[int, ...], tuple[bool, ...]] | None = None
        self._cheapest: list[tuple[float, int]] | None = None  # the hand's keep values, cheapest first
        self._battle_boards: dict[tuple[int, ...], Board] = {}
        self._beatable: dict[tuple[bool, ...], bool] = {}
        self._battle_loss: int | None = None
        self._drain: int | None = None
        self.angel_up = view.angel() is not None
        self._protect_memo: dict[int, bool] = {}
        self._serif_memo: dict[tuple[Mark, int, int], float] = {}  # city_delta of a セリフ
        self.angel_soon = view.angel() is not None or view.angels_queued() > 0  # a battle is coming
        my = self.hokans.get(self.me)
        self.my_char = my.hokan_char if my is not None else -1
        self.base = self.position(self.down, self.group, None)

    # ----------------------------------------------------------------------------------- position

    def position(self, down: tuple[bool, ...], group: tuple[int, ...], under: tuple[str, int] | None,
                 angels: int = 0) -> float:
        """Own progress minus the leading rival's, on a city with these groups and downed characters (and one
        card more under a main card, `angels` more 使徒 defeated); memoised for the decision."""
        key = (down, group, under, angels)
        found = self._positions.get(key)
        if found is not None:
            return found
        own = 0.0
        rival = 0.0
        for s in self.alive:
            card = self.hokans[s]
            if card is None:
                continue
            b = self.boards[s]
            under_char = b.under_char
            under_eva = b.under_eva
            if under is not None:
                kind, index = under
                if kind == "character":
                    under_char = tuple(n + (i == index) for i, n in enumerate(under_char))
                else:
                    under_eva = tuple(n + (i == index) for i, n in enumerate(under_eva))
            level = self.levels[s]
            angels_defeated = b.angels_defeated + angels if angels else b.angels_defeated
            hokan_key = (card.id, level, down, group, b.eva_down, under_char, under_eva, angels_defeated,
                         b.angel_present, b.in_battle, b.spoken_by_colour, b.hand)
            value = _HOKAN_VALUES.get(hokan_key)
            if value is None:
                if len(_HOKAN_VALUES) >= _HOKAN_VALUES_MAX:
                    _HOKAN_VALUES.clear()
                value = _HOKAN_VALUES[hokan_key] = hokan_value(card, level, Board(
                    down, group, b.eva_down, under_char, under_eva, angels_defeated, b.angel_present, b.in_battle,
                    b.spoken_by_colour, b.hand))
            if s == self.me:
                own = value
            else:
                rival = max(rival, value)
        result = self.a.own_weight * own - self.a.rival_weight * rival
        if self.angel_up and self.v.last_stand() and not self.beatable(down):
            result -= LAST_STAND  # (with others left, `drain` counts the cards such a 使徒 takes instead)
        self._positions[key] = result
        return result

    def beatable(self, down: tuple[bool, ...]) -> bool:
        """The Evas that can fight in a city with these characters down (their pilots up, or a sortie card under
        them: EVA-BATTLE-3) beat the 使徒 in the city with our battle cards (memoised for the decision). One they
        cannot beat costs each turn player three cards a turn (EVA-BATTLE-8) and, with one player left, the
        game (EVA-WIN-3): turning a pilot up is how to beat it."""
        found = self._beatable.get(down)
        if found is None:
            v = self.v
            angel = v.angel()
            fighters = tuple(e for e in range(3) if not down[v.pilot(e)] or any(
                x.verb is Verb.SORTIE for u in v.under_eva(e) for x in u.effects))
            found = angel is None or self.winnable(fighters, sum(v.eva_strength(e) for e in fighters), 0, angel)
            self._beatable[down] = found
        return found

    def stake(self) -> float:
        """What the battle in progress is worth to win: BATTLE_STAKE, the game itself when one player is left
        (I-LAST: winning it wins, losing it loses for everyone)."""
        return LAST_STAND if self.v.last_stand() else BATTLE_STAKE

    def city_delta(self, card: EvaCard, speaker: int, target: int, serif_mark: int = -1) -> float:
        """The change in position if `card` resolves (dialogue or city effects), before economy."""
        down = list(self.down)
        group = list(self.group)
        under: tuple[str, int] | None = None
        if serif_mark >= 0:
            kind, t = card.marks[serif_mark]
            key = (kind, speaker, t)  # a セリフ's effect is its mark and speaker, whatever the card
            found = self._serif_memo.get(key)
            if found is None:
                found = self._serif_memo[key] = self._serif_delta(kind, speaker, t)
            return found
        if card.is_put:
            if card.kind is Kind.CHARACTER:
                under = ("character", card.put_char)
            elif card.kind is Kind.EVA or card.target_kind == "eva":
                under = ("eva", target)
            elif target >= 0:
                under = ("character", target)
        else:
            for e in card.effects:
                if e.when:
                    continue
                t = e.key if e.key >= 0 else target
                if e.verb is Verb.DOWN and t >= 0 and e.target is Target.CHARACTER:
                    _down(down, group, t)
                elif e.verb is Verb.REVIVE and t >= 0 and e.target is Target.CHARACTER:
                    down[t] = False
                elif e.verb is Verb.GROUP and not down[e.characters[0]] and not down[e.characters[1]]:
                    _seek(down, group, e.characters[0], e.characters[1])
                elif e.verb is Verb.UNGROUP and t >= 0 and group[t] >= 0:
                    group[t] = -1
                    normalise_groups(group)
        down_t = tuple(down)
        group_t = tuple(group)
        if down_t == self.down and group_t == self.group and under is None:
            return 0.0
        return self.position(down_t, group_t, under) - self.base

    def _serif_delta(self, kind: Mark, speaker: int, t: int) -> float:
        if kind is Mark.HURT and self._protected(t):
            return 0.0
        down, group = serif_result(kind, speaker, t, self.down, self.group)
        if down == self.down and group == self.group:
            return 0.0
        return self.position(down, group, None) - self.base

    def _protected(self, c: int) -> bool:
        """A protect put card lies under c (the next hurt on it is ignored); memoised for the decision."""
        found = self._protect_memo.get(c)
        if found is None:
            found = self._protect_memo[c] = any(
                x.kind is Kind.PUT and any(e.verb is Verb.PROTECT for e in x.effects) for x in self.v.under_char(c))
        return found

    # ----------------------------------------------------------------------------------- economy

    def keep_value(self, card: EvaCard) -> float:
        """What a card in hand is worth: what it is kept for (`worth`), and for a battle card the battles it may
        decide (memoised by card for the decision)."""
        found = self._keep.get(card.id)
        if found is None:
            found = self.worth(card)
            if card.kind is Kind.BATTLE:
                found += BATTLE_STAKE * self.decides(card)
            self._keep[card.id] = found
        return found

    def worth(self, card: EvaCard) -> float:
        """A card's worth to us apart from the battles to come: a card in hand (a battle card, which does nothing
        else, less), its draw points, 補完 ammunition (a 求 for our character once our card has a level, a 傷 for a
        rival's that has one) and a card-side <対抗>. Reads our 補完 character and level and the rivals'."""
        value = (self.a.hand_card if card.kind is not Kind.BATTLE else BATTLE_SPARE) + 0.3 * max(0, card.draw_points)
        if self.my_char >= 0 and self.levels.get(self.me, 0) >= 1 and card.mark_for(Mark.SEEK, self.my_char):
            value += 2.0
        for s in self.rivals:
            h = self.hokans[s]
            if h is not None and self.levels[s] >= 1 and card.mark_for(Mark.HURT, h.hokan_char):
                value += 1.5
        if card.card_counter:
            value += 0.5
        return value

    def outlook(self) -> tuple[tuple[int, ...], int, tuple[int, ...], tuple[int, ...], tuple[bool, ...]]:
        """The battles to come, as `decides` weighs them: (the Evas that can fight: their pilots up, or a sortie
        card under them, a face-down Eva turning up at the next first draw, EVA-DRAW1-1; their total; the strengths
        against them of the 使徒 still to be met: the face-up one and the pool's not yet seen in a discard pile,
        ours among them, the others' decks being hidden: each as likely; every Eva's strength; the face-down
        Evas). Worked out once for the decision."""
        if self._outlook is None:
            v = self.v
            fighters = tuple(e for e in range(3) if not v.down[v.pilot(e)] or any(
                x.verb is Verb.SORTIE for u in v.under_eva(e) for x in u.effects))
            seen = frozenset(c.id for s in range(v.players) for c in v.discard(s) if c.kind is Kind.ANGEL)
            present = v.angel()
            key = (fighters, seen, present.id if present is not None else "")
            strengths = _STRENGTHS.get(key) if _ANGELS_ASK_ONLY_EVAS else None
            if strengths is None:
                met = [present] if present is not None else []
                met += [c for c in _POOL_ANGELS if c.id not in seen and (present is None or c.id != present.id)]
                board = self.battle_board(fighters)
                strengths = tuple(c.strength + sum(e.amount for e in c.effects if e.verb is Verb.STRENGTH
                                                   and not e.when and (e.cond is None or holds(e.cond, board, -1)))
                                  for c in met)
                if _ANGELS_ASK_ONLY_EVAS:
                    if len(_STRENGTHS) >= _CACHE_MAX:
                        _STRENGTHS.clear()
                    _STRENGTHS[key] = strengths
            evas = tuple(v.eva_strength(e) for e in range(3))
            self._outlook = (fighters, sum(evas[e] for e in fighters), strengths, evas, v.eva_down)
        return self._outlook

    def decides(self, card: EvaCard) -> float:
        """The share of the 使徒 still to be met (`outlook`) that a battle card would turn from a lost battle into
        a won one, played alone by the Evas that can fight. A battle card does nothing else on its card side
        (EVA-CARD-4), so this is what it is kept for. A pure function of the card and the outlook when the card's
        conditions ask only which Evas fight: then memoised for the process (the outlook changes a few times a
        game), else for the decision."""
        outlook = self.outlook()
        key = (card.id, outlook)
        pure = _asks_only_evas(card)
        found = _DECIDES.get(key) if pure else self._decides.get(card.id)
        if found is not None:
            return found
        fighters, total, strengths, _evas, _down = outlook
        d_total, d_angel, win, _after = self.swing(card, -1, fighters)
        turned = sum(1 for s in strengths if total <= s and (win or total + d_total > s + d_angel))
        found = turned / max(1, len(strengths))
        if pure:
            if len(_DECIDES) >= _CACHE_MAX:
                _DECIDES.clear()
            _DECIDES[key] = found
        else:
            self._decides[card.id] = found
        return found

    def deck_worth(self) -> float:
        """What a card drawn from our deck is worth on average: its keep value (the deck's cards are ours to know,
        not their order; a 使徒 drawn goes to the city, no card in hand). A pure function of the deck's cards and
        what `worth` reads, with the outlook when the deck holds battle cards (whose conditions ask only which
        Evas fight): memoised for the process (the same deck comes back decision after decision)."""
        if self._deck_worth is None:
            cards = self.v.deck_cards()
            battles = [c for c in cards if c.kind is Kind.BATTLE]
            key: tuple[Any, ...] | None = None
            if all(_asks_only_evas(c) for c in battles):
                # the style is part of it: keep_value weighs cards by the style's weights (a seeker's memo
                # read by a hurter, or the other way, made a game depend on the games played before it)
                key = (type(self.a), tuple([c.id for c in cards]), self.my_char, self.levels.get(self.me, 0) >= 1,
                       tuple((h.hokan_char, self.levels[s] >= 1) for s in self.rivals if (h := self.hokans[s])),
                       self.outlook() if battles else None)
            found = _DECK_WORTHS.get(key) if key is not None else None
            if found is None:
                copies = Counter(c.id for c in cards if c.kind is not Kind.ANGEL)
                first = {c.id: c for c in cards}
                found = sum(n * self.keep_value(first[i]) for i, n in copies.items()) / max(1, len(cards))
                if key is not None:
                    if len(_DECK_WORTHS) >= _CACHE_MAX:
                        _DECK_WORTHS.clear()
                    _DECK_WORTHS[key] = found
            self._deck_worth = found
        return self._deck_worth

    def returns(self, points: int, spoken: int) -> float:
        """What `points` draw points bring in the 第2ドローフェイズ (EVA-DRAW2-2): as many cards from the deck, or,
        below zero, as many cards of the hand discarded, the player's choice: the cheapest (the card `spoken`
        left the hand)."""
        if points >= 0:
            return points * self.deck_worth() if points else 0.0
        if self._cheapest is None:
            self._cheapest = sorted((self.keep_value(c), u) for u, c in self.hand if c is not None)
        lost = 0.0
        n = -points
        for value, u in self._cheapest:
            if n <= 0:
                break
            if u != spoken:
                lost += value
                n -= 1
        return -lost

    def cost(self, card: EvaCard, uid: int = -1, drawn: int = 0, pending: bool = True) -> float:
        """Speaking a card: it leaves the hand (its keep value) and its draw points bring cards back (or take
        the cheapest away). `drawn`: the cards its effect draws at once. A deck left empty at the end of the
        第2ドローフェイズ drops the player out (EVA-DRAW2-5, I-DRAW), and the player's next turn starts by drawing one
        (EVA-DRAW1-3), so a deck left below DECK_FLOOR is as bad; an empty hand too: never risked. A deck running
        low costs what the turns it no longer feeds are worth. `pending`: count the cards a lost battle will
        take (our battle to come, a 使徒 nobody beats); not for the battle cards that are to win it."""
        hand_after = max(0, len(self.hand) - 1 + drawn - (self.battle_loss() if pending else 0))
        dp = self.dp + card.draw_points
        left = self.deck - drawn - max(0, dp)  # the deck after the 第2ドローフェイズ
        if left < DECK_FLOOR <= self.deck:
            return 100.0
        end = hand_after + dp
        if end <= 0:
            return 100.0
        value = self.keep_value(card) - (self.returns(dp, uid) - self.returns(self.dp, uid))
        cushion = self.a.cushion + (self.drain() if pending else 0)
        if end < cushion:
            value += 2.0 * (cushion - end)
        before = self.deck - max(0, self.dp)
        value += DECK_SHORT * (max(0, DECK_RESERVE - left) - max(0, DECK_RESERVE - before))
        return value

    def drain(self) -> int:
        """The cards a 使徒 in the city that the Evas cannot beat takes from each turn player's hand at its battle
        (EVA-BATTLE-8): the hand to keep beyond the cushion while it stays (worked out once)."""
        if self._drain is None:
            self._drain = 0  # while the battle cards are judged for it (winnable asks their cost)
            self._drain = BATTLE_LOSS_CARDS if self.angel_up and not self.beatable(self.down) else 0
        return self._drain

    def battle_loss(self) -> int:
        """The cards our battle of this turn, still to be fought and lost as things stand, will take from our
        hand (EVA-BATTLE-8): a hand that speaks before it keeps the fewer cards (worked out once)."""
        if self._battle_loss is None:
            v = self.v
            self._battle_loss = 0  # while the battle cards are judged for it (winnable asks their cost)
            lost = False
            if v.active == self.me and self.angel_up:
                battle = v.battle()
                if battle is None:
                    lost = v.phase is Phase.DRAW1 and not self.beatable(self.down)  # the battle phase is next
                else:
                    evas, step, total, angel, forced = battle
                    lost = step <= 2 and not forced and not (evas and total > angel)
            self._battle_loss = BATTLE_LOSS_CARDS if lost else 0
        return self._battle_loss

    def drawn_now(self, card: EvaCard) -> int:
        """The cards a card side draws from the deck as it resolves (its `draw` effects whose condition holds,
        a tutor's card)."""
        n = 0
        for e in card.effects:
            if e.when or card.is_put or (e.cond is not None and not holds(e.cond, self.boards[self.me], -1)):
                continue
            if e.verb is Verb.DRAW:
                n += e.amount
            elif e.verb is Verb.TUTOR and e.type != "angel":
                n += 1
        return min(n, self.deck)

    # ----------------------------------------------------------------------------------- scoring

    def score(self, action: Any) -> float:
        t = type(action)
        if t is A.Pass or t is A.Decline:
            return 0.0
        if t is A.Speak:
            return self.speak(action)
        if t is A.Counter:
            return self.counter(action)
        if t is A.Deploy:
            return self.deploy_value()
        if t is A.Launch:
            return 0.0
        if t is A.Discard:
            card = self.cards.get(action.card)
            return -self.keep_value(card) if card is not None else 0.0
        if t is A.Take:
            return self.take(action)
        if t is A.Declare:
            return self.declare(action.yes)
        if t is A.StagePlay:
            card = self.cards.get(action.card)
            return 10.0 - (self.keep_value(card) if card is not None else 0.0)
        if t is A.StagePass:
            return -5.0
        return 0.0

    def speak(self, action: A.Speak) -> float:
        card = self.cards.get(action.card)
        if card is None:
            return -1.0
        battle = card.kind is Kind.BATTLE and not action.serif  # to win the battle: no loss to count
        cost = self.cost(card, action.card, 0 if action.serif else self.drawn_now(card), not battle)
        if action.serif:
            return self.city_delta(card, card.serif_colour, -1, action.mark) - cost
        if card.kind is Kind.BATTLE:
            return (self.battle_card(card, action.target, action.card) + self.effects_value(card, action.target)
                    - cost)
        return self.effects_value(card, action.target) + self.city_delta(card, card.colour, action.target) - cost

    def effects_value(self, card: EvaCard, target: int) -> float:
        """What a card side brings beyond the city: cards, protection, allowance, battle strength."""
        value = 0.0
        v = self.v
        angel_soon = self.angel_soon
        if card.kind is Kind.CHARACTER:
            value += 1.2 * card.allowance
        elif card.kind is Kind.EVA:
            value += (0.4 if angel_soon else 0.2) * (card.eva_strength + card.weapons)
        for e in card.effects:
            verb = e.verb
            if card.kind is Kind.PUT:
                if verb is Verb.WEAPON or verb is Verb.STRENGTH:
                    value += (0.4 if angel_soon else 0.2) * max(1, e.amount)
                elif verb is Verb.PROTECT:
                    protected = e.key if e.key >= 0 else target
                    value += 1.2 if protected == self.my_char else 0.3
                elif verb is Verb.DRAW and e.when == "draw1":
                    value += 2.0
                elif verb is Verb.SORTIE:
                    value += 0.3
                continue
            if e.cond is not None and not holds(e.cond, self.boards[self.me], -1):
                continue
            if verb is Verb.DRAW:
                value += self.deck_worth() * min(e.amount, self.deck - max(0, self.dp))
            elif verb is Verb.DISCARD_RANDOM:
                if e.target is Target.EACH:
                    value += 0.5 * len(self.rivals) - 0.8
                elif e.target is Target.OPPONENT:
                    value += 0.6 * e.amount
            elif verb is Verb.RECOVER:
                value += 0.8 * min(e.amount, sum(1 for c in v.discard(self.me) if c.kind is not Kind.ANGEL))
            elif verb is Verb.TUTOR:
                if e.type == "angel":
                    nxt = v.order_from(v.active, include=False)
                    value += 1.0 if self.a.sabotage and nxt and nxt[0] != self.me else -1.5
                elif any(c.type == e.type for c in v.deck_cards()):
                    value += 0.8
            elif verb is Verb.PROTECT and e.target is Target.CHARACTER:
                protected = e.key if e.key >= 0 else target
                value += 0.8 if protected == self.my_char else 0.1
            elif verb is Verb.REVIVE and e.target is Target.EVA:
                value += 0.5 if angel_soon else 0.1
        return value

    # ----------------------------------------------------------------------------------- battles

    def interest(self) -> float:
        """+1: humanity should win this battle; -1: it should lose (a rival pays 3 cards)."""
        v = self.v
        if v.active == self.me:
            return 1.0
        my = self.hokans.get(self.me)
        wants_angels = my is not None and my.lv1 is not None and my.lv2 is not None and any(
            _mentions(c, CondKind.ANGELS_DEFEATED) for c in (my.lv1, my.lv2))
        if wants_angels:
            return 0.5
        return -1.0 if self.a.sabotage else 0.0

    def battle_board(self, in_battle: tuple[int, ...]) -> Board:
        """Our board with these Evas in the battle (what a battle card's or a 使徒's `if` is asked of); memoised."""
        found = self._battle_boards.get(in_battle)
        if found is None:
            found = self._battle_boards[in_battle] = dataclasses.replace(self.boards[self.me], in_battle=in_battle)
        return found

    def swing(self, card: EvaCard, target: int, in_battle: tuple[int, ...]) -> tuple[int, int, bool, tuple[int, ...]]:
        """What a battle card's card side does to a battle with these Evas in it: (change to the Evas' total,
        change to the 使徒's strength, a forced win, the Evas in it after). A `sortie` sends one more face-up Eva
        (`target`, or its fixed key; -1 chooses the strongest left out); the other effects count only where their
        `if` holds with the Evas then in the battle (I-BATTLE)."""
        v = self.v
        d_total = d_angel = 0
        win = False
        for e in card.effects:
            if e.verb is Verb.SORTIE:
                t = e.key if e.key >= 0 else target
                if t < 0:
                    left = [x for x in range(3) if x not in in_battle and not v.eva_down[x]]
                    t = max(left, key=v.eva_strength) if left else -1
                if t >= 0 and t not in in_battle and not v.eva_down[t]:
                    d_total += v.eva_strength(t)
                    in_battle = (*in_battle, t)
        board = self.battle_board(in_battle)
        for e in card.effects:
            if e.when or (e.cond is not None and not holds(e.cond, board, -1)):
                continue
            if e.verb is Verb.STRENGTH:
                if e.target is Target.EVAS or (e.target is Target.EVA and e.key in in_battle):
                    d_total += e.amount
                elif e.target is Target.ANGEL:
                    d_angel += e.amount
            elif e.verb is Verb.DEFEAT_ANGEL:
                win = True
        return d_total, d_angel, win, in_battle

    def battle_card(self, card: EvaCard, target: int, uid: int = -1) -> float:
        """A battle card in the (1) or (2) window: worth the battle (BATTLE_STAKE, times our interest in it) when
        it turns the result, or, when we want the battle won, when it is a step the rest of our battle cards can
        complete (several cards together may win what none wins alone); else a little less than nothing."""
        v = self.v
        battle = v.battle()
        if battle is None:
            return -1.0
        evas, step, total, angel, forced = battle
        if step not in (1, 2):
            return -0.5
        before = forced or (bool(evas) and total > angel)
        d_total, d_angel, win, in_battle = self.swing(card, target, evas)
        after = forced or (bool(in_battle) and (win or total + d_total > angel + d_angel))
        interest = self.interest()
        if not before and not after and interest > 0:
            after = self.winnable(in_battle, total + d_total, angel + d_angel, None, uid, card.colour)
        if after != before:
            return self.stake() * interest * (1 if after else -1)
        return -0.5

    def deploy_value(self) -> float:
        """Send the Evas out when they can win the battle, with the battle cards the player can still speak;
        else none: a lost battle costs the same three cards either way, and the Evas sent are downed with the
        cards under them (EVA-BATTLE-8, -9). Only the Evas that may go count (face up, the pilot printed on the
        card up or a sortie card under it: EVA-BATTLE-3, the legal list), and each battle card only where its
        condition holds with them and its speaker can still speak (EVA-TALK-4)."""
        v = self.v
        battle = v.battle()
        angel = v.angel()
        if battle is None or angel is None:
            return -1.0
        # the Evas that may fight: those in the battle and those the legal list may still send (EVA-BATTLE-3)
        going = (*battle[0], *(a.eva for a in self.legal if type(a) is A.Deploy))
        if v.last_stand():
            return 5.0  # one player left: a battle without an Eva is lost, and everyone with it (EVA-WIN-3)
        return 5.0 if self.winnable(going, sum(v.eva_strength(e) for e in going), 0, angel) else -1.0

    def winnable(self, in_battle: tuple[int, ...], total: int, strength: int, angel: EvaCard | None,
                 spoken: int = -1, colour: int = -1) -> bool:
        """Whether a battle with these Evas, their total and the 使徒's strength (or, given `angel`, its printed
        strength and its own conditions with the Evas that end up fighting: before the battle) is won with the
        best battle cards of the hand we would speak (their speaker can speak, they cost less than a battle is
        worth): the sortie cards first (they bring Evas, which other cards' conditions may ask for), then for each
        character that can still speak the card of its colour that helps most, and every helpful (OTHER) card
        (they use no allowance, EVA-TALK-5). `spoken` is a card about to be spoken, by `colour`: not counted."""
        v = self.v
        battle_cards = [c for u, c in self.hand if c is not None and c.kind is Kind.BATTLE and u != spoken
                        and v.can_speak(c.colour) and self.cost(c, u, pending=False) < self.stake()]
        used: set[int] = {colour} if 0 <= colour < 6 else set()  # speakers whose one card is spoken
        for card in battle_cards:
            if any(e.verb is Verb.SORTIE for e in card.effects) and (card.other or card.colour not in used):
                d_total, _d_angel, _win, after = self.swing(card, -1, in_battle)
                if after != in_battle:
                    total += d_total
                    in_battle = after
                    if not card.other:
                        used.add(card.colour)
        if not in_battle:
            return False  # no Eva: the battle is lost whatever is spoken (EVA-BATTLE-3)
        if angel is not None:
            board = self.battle_board(in_battle)
            strength += angel.strength + sum(e.amount for e in angel.effects if e.verb is Verb.STRENGTH
                                             and not e.when and (e.cond is None or holds(e.cond, board, -1)))
        best: dict[int, int] = {}  # per speaker, the most its one card adds to the margin
        extra = 0  # (OTHER) cards
        for card in battle_cards:
            if not card.other and card.colour in used:
                continue
            d_total, d_angel, win, _after = self.swing(card, -1, in_battle)
            if win:
                return True  # defeat_angel: humanity wins this battle (it has an Eva)
            gain = d_total - d_angel
            if gain <= 0:
                continue
            if card.other:
                extra += gain
            else:
                best[card.colour] = max(best.get(card.colour, 0), gain)
        return total + extra + sum(best.values()) > strength

    # ----------------------------------------------------------------------------------- answers

    def counter(self, action: A.Counter) -> float:
        card = self.cards.get(action.card)
        offered = self.v.offered()
        if card is None or offered is None:
            return -1.0
        freed = self.v.offered_answers()
        if freed is not None:  # a card-side <対抗>: answering it lets the card it answers take effect
            if freed.serif:
                gain = self.city_delta(freed.card, freed.speaker, -1, freed.mark)
            elif freed.card.kind is Kind.BATTLE:
                gain = self.battle_card(freed.card, freed.target)
            else:
                gain = self.city_delta(freed.card, freed.speaker, freed.target)
                effects = self.effects_value(freed.card, freed.target)
                gain += effects if freed.owner == self.me else -0.3 * max(0.0, effects)
            if gain < self.a.answer_at:
                return -1.0
            return gain - self.cost(card, action.card)
        if offered.serif:
            harm = self.city_delta(offered.card, offered.speaker, -1, offered.mark)
        elif offered.card.kind is Kind.BATTLE:
            harm = self.battle_card(offered.card, offered.target) * (1 if offered.owner == self.me else 1)
            harm = min(harm, 0.0) if harm < -1.0 else 0.0
        else:
            harm = self.city_delta(offered.card, offered.speaker, offered.target)
            if offered.owner != self.me:
                harm -= 0.3 * max(0.0, self.effects_value(offered.card, offered.target))
        if card.card_counter and self.v.counters_answerable():
            harm *= 1.0 - self.answered_back(offered)
        if harm > -self.a.answer_at:
            return -1.0
        return -harm - self.cost(card, action.card)

    def answered_back(self, offered: SpokenView) -> float:
        """The chance a card-side <対抗> of ours against `offered` is itself answered by a counter セリフ of the
        card's owner (EVA-COUNTER-3): likelier when one of its characters can still speak to the card's speaker."""
        v = self.v
        if v.hand_size(offered.owner) <= 0:
            return 0.0
        s = offered.speaker
        if not 0 <= s < 6:
            return ANSWERED_BACK_OTHER
        if any(c != s and v.can_speak(c) and v.reach(c, s) for c in range(6)):
            return ANSWERED_BACK
        return 0.0

    def take(self, action: A.Take) -> float:
        if action.card < 0:
            return 0.0
        card = self.v.card(action.card)
        if card is None:
            return 0.1
        if card.kind is Kind.ANGEL:
            nxt = self.v.order_from(self.v.active, include=False)
            bad_for_next = self.a.sabotage and nxt and nxt[0] != self.me
            return card.strength * 0.1 if bad_for_next else 1.0 - card.strength * 0.1
        return self.keep_value(card)

    def declare(self, yes: bool) -> float:
        if not yes:
            return 0.0
        char = self.my_char
        seeks = sum(1 for _u, c in self.hand if c is not None and c.mark_for(Mark.SEEK, char))
        if seeks >= 2 or (seeks >= 1 and len(self.hand) >= 2):
            return 1.0
        return -1.0


ANSWERED_BACK = 0.4  # a card-side <対抗> of ours answered back by a counter セリフ, when the owner can reach it
ANSWERED_BACK_OTHER = 0.15  # ... against an (OTHER) card, which only a flagged <対抗> dialogue answers


def _mentions(cond: Cond, kind: CondKind) -> bool:
    return cond.kind is kind or any(_mentions(p, kind) for p in cond.parts)


class Seeker(ScriptedAgent):
    name: ClassVar[str] = "seeker"
    own_weight: ClassVar[float] = 1.0
    rival_weight: ClassVar[float] = 0.5
    sabotage: ClassVar[bool] = False
    short_aggression: ClassVar[float] = 1.2
    short_guard: ClassVar[float] = 0.6


class Hurter(ScriptedAgent):
    name: ClassVar[str] = "hurter"
    hand_card: ClassVar[float] = 1.0  # it keeps its hand for the others' stages
    own_weight: ClassVar[float] = 0.9
    rival_weight: ClassVar[float] = 1.5
    answer_at: ClassVar[float] = 0.4
    sabotage: ClassVar[bool] = True
    short_aggression: ClassVar[float] = 2.0
    short_guard: ClassVar[float] = 0.9


STYLES = {"seeker": Seeker, "hurter": Hurter}
DEFAULT_STYLE = "seeker"
