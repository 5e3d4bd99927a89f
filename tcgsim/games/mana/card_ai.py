"""The scripted Legend of Mana players' judgement of card uses (`CardJudgement`, a mixin of ai.ScriptedAgent):
supports, artifacts and items used from hand, characters' abilities, cancels (a threat weighed against what the
answer costs), what spending mana risks (`_reserve`: the mana our face-down monsters need), and the picks a used
card asks for (a card, a place). In a battle window a use goes to battle_ai.py, a land move to land_ai.py; ai.py
keeps the styles and the play on the field (lands, monsters, battles)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tcgsim.games.mana import actions as A
from tcgsim.games.mana.battle_ai import character_worth, monster_value
from tcgsim.games.mana.cards import Kind
from tcgsim.games.mana.effects import Verb
from tcgsim.games.mana.state import ChoiceKind
from tcgsim.games.mana.view import ManaView

if TYPE_CHECKING:
    from collections.abc import Sequence

# Enum members bound to module names for the hot paths (as in ai.py: an Enum attribute costs about four globals).
_ChoiceKind_BATTLE_WINDOW = ChoiceKind.BATTLE_WINDOW
_ChoiceKind_CANCEL = ChoiceKind.CANCEL
_Kind_ARTIFACT = Kind.ARTIFACT
_Kind_CHARACTER = Kind.CHARACTER
_Kind_ITEM = Kind.ITEM
_Kind_SUPPORT = Kind.SUPPORT
_Verb_ARRANGE_CHARACTER_DECK = Verb.ARRANGE_CHARACTER_DECK
_Verb_BECOME_LAND = Verb.BECOME_LAND
_Verb_DISCARD = Verb.DISCARD
_Verb_DISCARD_HAND_DRAW = Verb.DISCARD_HAND_DRAW
_Verb_DRAW = Verb.DRAW
_Verb_DRAW_TO = Verb.DRAW_TO
_Verb_DUEL = Verb.DUEL
_Verb_FORCE_BATTLE = Verb.FORCE_BATTLE
_Verb_GAIN_MANA = Verb.GAIN_MANA
_Verb_LASTING = Verb.LASTING
_Verb_LOSE_MANA = Verb.LOSE_MANA
_Verb_MILL_CHOOSE = Verb.MILL_CHOOSE
_Verb_MOVE_LAND = Verb.MOVE_LAND
_Verb_OPEN_MONSTERS = Verb.OPEN_MONSTERS
_Verb_RESHUFFLE_DRAW = Verb.RESHUFFLE_DRAW
_Verb_RETURN_CHARACTER_FROM_DISCARD = Verb.RETURN_CHARACTER_FROM_DISCARD
_Verb_RETURN_FROM_DISCARD = Verb.RETURN_FROM_DISCARD
_Verb_RETURN_LAND_TO_HAND = Verb.RETURN_LAND_TO_HAND
_Verb_SEARCH = Verb.SEARCH
_Verb_TAP_CHARACTER = Verb.TAP_CHARACTER
_Verb_TAP_OR_UNTAP = Verb.TAP_OR_UNTAP
_Verb_TO_CHARACTER_DECK = Verb.TO_CHARACTER_DECK
_Verb_TRASH_CHARACTER = Verb.TRASH_CHARACTER
_Verb_TRASH_FROM_HAND = Verb.TRASH_FROM_HAND
_Verb_TRASH_ITEMS = Verb.TRASH_ITEMS
_Verb_TRASH_LAND = Verb.TRASH_LAND
_Verb_TRASH_MISMATCHED = Verb.TRASH_MISMATCHED
_Verb_TRASH_MONSTER = Verb.TRASH_MONSTER
_Verb_UNTAP_CHARACTER = Verb.UNTAP_CHARACTER


KEEP_CANCEL = 2.5  # a cancel card in hand: kept for a threat bigger than this (its mana is counted apart)


def tap_price(card: Any) -> float:
    """What tapping one of our characters out of turn costs (a cancel, an ability): the blocks and the party
    defence it cannot join until our next start phase, more for a stronger one."""
    return 0.3 + 0.1 * card.str_


class CardJudgement:
    """How much a player likes using a card or an ability, answering a card, or a pick a used card asks for. The
    caches it reads are set up and cleared by ai.ScriptedAgent (`__init__`, `_begin`)."""

    _available: int
    _enemy_monsters: bool | None
    _answers: tuple[Any, ...] | None
    _answer_uids: tuple[int, ...]
    _party_state: list[dict[int, bool] | None]
    _mine: set[int] | None
    _use_memo: dict[int, tuple[Any, ...]]
    _use_facts: dict[int, tuple[Any, ...]]
    _duels: dict[tuple[Any, ...], float]
    _facedown_memo: tuple[int, list[tuple[int, float, tuple[int, int, int]]]] | None

    if TYPE_CHECKING:  # ai.ScriptedAgent's, declared for mypy alone
        def _kills(self, monster_str: int, defs: Sequence[int]) -> int: ...
        def _open_cost(self, view: ManaView, card: Any) -> int: ...
        def _dig_value(self, view: ManaView, at: tuple[int, int, int]) -> float: ...  # land_ai.LandMoveJudgement
        def _destination_value(self, view: ManaView, at: tuple[int, int, int]) -> float: ...
        def _forced_battle_value(self, view: ManaView, a: A.UseCard) -> float: ...  # battle_ai.BattleJudgement
        def _battle_use(self, view: ManaView, a: A.UseCard, card: Any,
                        user: int | None = None) -> float: ...

    def _pass(self, view: ManaView, action: A.Pass) -> float:
        return 0.0

    def _use_card(self, view: ManaView, action: A.UseCard) -> float:
        uid = action.card
        memo = self._use_memo.get(uid)
        if memo is None:  # what does not depend on the target, once per card and decision
            facts = self._use_facts.get(uid)
            if facts is None:
                card = view.card(uid)
                if card is None:
                    return -1.0
                fx = card.effects
                effects = fx.main if card.kind is not _Kind_ARTIFACT else fx.artifact
                cost = (card.cost or 0) if card.kind is not _Kind_CHARACTER else 0
                facts = self._use_facts[uid] = (
                    card, tuple((e, _CONSTANT_VALUES.get(e.verb)) for e in effects if e.verb not in _TARGETED),
                    tuple(e for e in effects if e.verb in _TARGETED), cost)
            card, untargeted, targeted, cost = facts
            window = view.pending_kind()
            fixed = 0.0
            if window is None and card.kind is not _Kind_ITEM:
                for e, constant in untargeted:  # as sum(): left to right
                    fixed += constant if constant is not None else self._effect_value(view, e, action)
            memo = self._use_memo[uid] = (card, window, fixed, targeted, cost)
        card, window, fixed, targeted, cost = memo
        if window is not None:
            if window is _ChoiceKind_CANCEL:
                return self._cancel_value(view, action)
            if window is _ChoiceKind_BATTLE_WINDOW:
                return self._battle_use(view, action, card)
        if card.variable_cost:
            cost = action.x
        if card.kind is _Kind_ITEM:  # equip before attacking: the better the fighter, the better
            c = view.card(action.target)
            value = 2.5 + 0.2 * (c.str_ if c is not None else 0) - 0.1 * cost
        else:
            if targeted:
                if len(targeted) == 1:
                    value = fixed + self._effect_value(view, targeted[0], action)
                else:
                    total = 0.0
                    for e in targeted:
                        total += self._effect_value(view, e, action)
                    value = fixed + total
            else:
                value = fixed
            if card.kind is _Kind_CHARACTER:  # an ability taps its character (MANA-FX-CHAR-1)
                value -= tap_price(card)
            value -= 0.15 * cost  # spent mana still counts toward 12: only this turn's budget shrinks
        if cost and value >= 0:  # what the spending risks (`_reserve`): it only ever takes a use below ending
            available = self._available
            if available < 0:
                available = self._available = view.available(view.player)
            if available - cost < 1 or available - cost < self._facedown(view)[0]:
                value -= self._reserve(view, cost)
        return value

    def _reserve(self, view: ManaView, cost: int, opening: tuple[int, int, int] | None = None) -> float:
        """What spending `cost` now risks until our next turn, when our mana comes back: 3 for leaving no mana to
        let a party attack through while enemy monsters could attack, and the worth of each face-down monster of
        ours it leaves us unable to open when the enemy attacks it (trashed for nothing; the cheapest are covered
        first). `opening`: the face-down monster this cost opens (it needs no cover afterwards)."""
        if cost <= 0:
            return 0.0
        available = self._available
        if available < 0:
            available = self._available = view.available(view.player)
        left = available - cost
        committed, facedown = self._facedown(view)
        if left >= 1 and left >= committed:
            return 0.0
        risk = 0.0
        if left < 1:
            threat = self._enemy_monsters
            if threat is None:
                enemy = 1 - view.player
                threat = self._enemy_monsters = any(o == enemy for _w, o, _u, _up, _a in view.monsters())
            if threat:
                risk = 3.0
        for open_cost, worth, where in facedown:
            if where == opening:
                continue
            if open_cost <= left:
                left -= open_cost
            else:
                risk += worth
        return risk

    def _facedown(self, view: ManaView) -> tuple[int, list[tuple[int, float, tuple[int, int, int]]]]:
        """(their open costs in all, [(open cost, worth, place)] cheapest first) of our face-down monsters on the
        field: an enemy attack opens one, and we pay from the mana we keep (once per decision)."""
        found = self._facedown_memo
        if found is None:
            me = view.player
            out = []
            for where, owner, uid, face_up, _acted in view.monsters():
                if owner == me and not face_up and uid is not None:
                    card = view.card(uid)
                    if card is not None:
                        cost = self._open_cost(view, card)
                        if cost > 0:
                            out.append((cost, monster_value(card), where))
            out.sort()
            found = self._facedown_memo = (sum(c for c, _w, _at in out), out)
        return found

    def _tapped(self, view: ManaView, seat: int) -> dict[int, bool]:
        """Character uid -> tapped, for a party (once per decision)."""
        found = self._party_state[seat]
        if found is None:
            found = self._party_state[seat] = dict(view.party(seat))
        return found

    def _my_party(self, view: ManaView) -> set[int]:
        mine = self._mine
        if mine is None:
            mine = self._mine = {u for u, _t in view.party(view.player)}
        return mine

    def _effect_value(self, view: ManaView, e: Any, a: A.UseCard) -> float:
        v = e.verb
        constant = _CONSTANT_VALUES.get(v)
        if constant is not None:
            return constant
        me = view.player
        opp = 1 - me
        if v is _Verb_DUEL:  # our fighter against their best answer: worth it when ours wins outright
            answers = self._answers
            if answers is None:  # parties are face up: every card is known
                answers = self._answers = tuple(view.party_cards(opp))
                self._answer_uids = tuple(u for u, _t in view.party(opp))
            key = (a.target, self._answer_uids)
            value = self._duels.get(key)
            if value is None:  # printed values only: the same all game
                fighter = view.card(a.target)
                if fighter is None or not answers:
                    return -1.0
                safe = all(c.str_ < fighter.def_ for c in answers)
                kills = sum(1 for c in answers if fighter.str_ >= c.def_)
                value = self._duels[key] = (2.0 + 1.0 * kills / len(answers)) if safe else -1.0
            return value
        if v is _Verb_LASTING:
            return self._lasting_value(view, e.flag)
        if v is _Verb_TRASH_CHARACTER:
            if a.target < 0:
                return 1.0
            c = view.card(a.target)
            mine = a.target in self._my_party(view)
            worth = character_worth(c)
            return -worth if mine else worth
        if v in (_Verb_TRASH_MONSTER, _Verb_TRASH_LAND):
            if not a.at:
                return 1.0
            w = a.at[0]
            owner = next((o for where, o, _u, _f, _a in view.monsters() if where == w), None)
            if v is _Verb_TRASH_LAND:
                return 4.0 if w[0] == opp else -4.0
            return 3.0 if owner == opp else -3.0
        if v is _Verb_GAIN_MANA:
            return 4.0 * e.amount
        if v is _Verb_LOSE_MANA:  # mana is the score: each one lost counts
            if e.who != "opponent":
                return -2.5 * min(e.amount, sum(view.mana(me)))
            pool = view.mana(opp)
            return 2.0 * min(e.amount, pool[0] if e.pool == "available" else sum(pool))
        if v in (_Verb_DRAW, _Verb_DRAW_TO, _Verb_RESHUFFLE_DRAW):
            return 0.8 * max(1, e.count) - (1.0 if view.deck_size(me) < 8 else 0.0)
        if v is _Verb_BECOME_LAND:
            return 4.0
        if v is _Verb_RETURN_LAND_TO_HAND:
            return 3.0 if a.at and a.at[0][0] == opp else -3.0
        if v is _Verb_TRASH_ITEMS:
            items = view.items(opp)
            theirs = sum(len(i) for i in items.values()) if a.target < 0 else len(items.get(a.target, []))
            own = sum(len(i) for i in view.items(me).values()) if a.target < 0 else 0
            return 2.0 * (theirs - own)
        if v is _Verb_OPEN_MONSTERS:
            return 1.0 * max(1, a.x or len(a.at)) if (a.at or a.x) else 0.5
        if v is _Verb_TO_CHARACTER_DECK:
            return 1.5 if a.target == opp else -1.0
        if v is _Verb_TAP_CHARACTER or v is _Verb_UNTAP_CHARACTER or v is _Verb_TAP_OR_UNTAP:
            mine = a.target in self._my_party(view)
            tapped = self._tapped(view, me if mine else opp).get(a.target, False)
            if mine:
                return 1.0 if tapped else -1.0
            return 1.0 if not tapped else -1.0
        if v is _Verb_TRASH_FROM_HAND:
            return 1.0 * max(1, e.count) if view.hand_size(opp) else -1.0
        if v is _Verb_SEARCH or v is _Verb_RETURN_FROM_DISCARD or v is _Verb_RETURN_CHARACTER_FROM_DISCARD:
            return 1.5
        if v is _Verb_DISCARD:
            return -0.7 * e.count
        if v is _Verb_DISCARD_HAND_DRAW:
            return 0.8 * (view.land_count(opp) - view.hand_size(me))
        if v is _Verb_MOVE_LAND:  # Roger, Dudbear: the land make it opens (land_ai)
            return self._dig_value(view, a.at[0]) if a.at else -0.5
        if v is _Verb_MILL_CHOOSE:
            return self._mill_value(view)
        if v is _Verb_ARRANGE_CHARACTER_DECK:
            return self._arrange_value(view)
        if v is _Verb_FORCE_BATTLE:  # King of the Winds Selva: the battle it forces (battle_ai)
            return self._forced_battle_value(view, a)
        if v is _Verb_TRASH_MISMATCHED:
            return 1.5
        return 0.3

    def _arrange_value(self, view: ManaView) -> float:
        """Meimei's Fruit Divination: our character deck in the order we like, the strongest first. Worth the STR
        and DEF the characters joining the party soon gain over the deck's average: those the party lacks now, and
        one more for the next character it loses (0.3 a point, as a character's worth counts them)."""
        deck = (view.card(u) for u in view.own_character_deck())
        cards = [c for c in deck if c is not None and c.kind is _Kind_CHARACTER]  # Useless Putty stays on top
        if len(cards) < 2:
            return -0.5
        strength = sorted((c.str_ + c.def_ for c in cards), reverse=True)
        soon = min(len(strength), 3 - len(view.party(view.player)) + 1)
        mean = sum(strength) / len(strength)
        return 0.3 * (sum(strength[:soon]) - soon * mean)

    def _mill_value(self, view: ManaView) -> float:
        """Lil' Cactus Diary: one of the next three cards of their main deck trashed: a card they will not draw,
        their deck a card shorter and their deck-out (MANA-WIN-4) a turn nearer, which counts more as it runs low.
        Which of the three goes is ours to pick, but the view does not show them (`_choose_card` picks blind), so
        that choice is not counted."""
        left = view.deck_size(1 - view.player)
        if left <= 0:
            return -0.5
        return 0.5 + (2.0 if left <= 3 else 0.5 if left <= 10 else 0.0)

    def _lasting_value(self, view: ManaView, flag: str | None) -> float:
        me = view.player
        if flag == "free_open":
            return 1.0 * sum(1 for _w, o, _u, up, _a in view.monsters() if o == me and not up)
        if flag == "no_party_attacks":
            return 1.5 * sum(1 for _w, o, _u, up, _a in view.monsters() if o != me and up)
        if flag == "no_blocks":
            return 0.8 * sum(1 for w, o, _u, _up, acted in view.monsters() if o == me and w[0] == me and not acted)
        if flag in ("spoon", "bone", "brooch", "draw_on_trash"):
            return 1.2
        if flag == "recover_at_end":
            return 0.5
        return 0.3

    def _cancel_value(self, view: ManaView, answer: A.UseCard) -> float:
        """Answer the card being used when what it would do outweighs what the answer costs us: a cancel card
        spends itself and its mana, and is kept for a bigger threat unless this one is worth it; a character's
        cancel (Gilbert) only taps him until our next turn."""
        threat = self._threat(view)
        card = view.card(answer.card)
        if card is None:
            return -1.0
        if card.kind is _Kind_CHARACTER:
            return threat - tap_price(card)
        used = view.being_used()
        paid = (used[2].x if used is not None and card.variable_cost else card.cost) or 0
        return threat - KEEP_CANCEL - 0.15 * paid

    def _threat(self, view: ManaView) -> float:
        """What the card being used would do for the opponent, against nothing: a land make by the mana it pays
        and the 9 lands it nears; a support in a battle by how it turns the battle for its user (battle_ai); any
        other card by its cost, what its effect is priced at, and the mana its user loses with it."""
        used = view.being_used()
        if used is None:
            return 0.0
        seat, card, action = used
        if type(action) is A.MakeLand:
            gain = view.land_gain(action.card, (action.x, action.y)) if seat == view.player else card.base_mana
            return 3.0 if gain >= 2 or view.land_count(seat) >= 6 else 0.5 * gain
        cost = (action.x if card.variable_cost else card.cost) or 0
        if view.battle() is not None and card.kind is _Kind_SUPPORT and card.timing == "battle":
            return max(0.0, self._battle_use(view, action, card, seat)) + 0.15 * cost
        return 1.0 + cost

    def _choose_card(self, view: ManaView, action: A.ChooseCard) -> float:
        card = view.card(action.card)
        if card is None:
            return 0.0
        return float(card.str_ + card.def_ + (card.base_mana * 2 if card.kind is _Kind_ARTIFACT else 0))

    def _choose_place(self, view: ManaView, action: A.ChoosePlace) -> float:
        at = action.at
        if (at[1], at[2]) not in view.land_squares(at[0]):  # where a land picked up goes (Roger, Dudbear)
            return self._destination_value(view, at)
        st = view.monster_strength(at)
        return float(sum(st)) if st is not None else 3.0


# verbs whose value depends on the target the action names
_TARGETED = frozenset({Verb.TRASH_CHARACTER, Verb.TRASH_MONSTER, Verb.TRASH_LAND, Verb.RETURN_LAND_TO_HAND,
                       Verb.TRASH_ITEMS, Verb.OPEN_MONSTERS, Verb.TO_CHARACTER_DECK, Verb.TAP_CHARACTER,
                       Verb.UNTAP_CHARACTER, Verb.TAP_OR_UNTAP, Verb.DUEL, Verb.MOVE_LAND, Verb.FORCE_BATTLE})

# verbs _effect_value works out from the position, the action or the effect's numbers; every other verb has a
# fixed value, in _CONSTANT_VALUES (0.3, the end of its chain, unless it names the verb)
_VALUED = frozenset({
    Verb.TRASH_CHARACTER, Verb.TRASH_MONSTER, Verb.TRASH_LAND, Verb.GAIN_MANA, Verb.LOSE_MANA, Verb.DRAW,
    Verb.DRAW_TO, Verb.RESHUFFLE_DRAW, Verb.RETURN_LAND_TO_HAND, Verb.TRASH_ITEMS, Verb.OPEN_MONSTERS,
    Verb.TO_CHARACTER_DECK, Verb.TAP_CHARACTER, Verb.UNTAP_CHARACTER, Verb.TAP_OR_UNTAP, Verb.TRASH_FROM_HAND,
    Verb.DISCARD, Verb.DISCARD_HAND_DRAW, Verb.DUEL, Verb.LASTING, Verb.MOVE_LAND, Verb.FORCE_BATTLE,
    Verb.MILL_CHOOSE, Verb.ARRANGE_CHARACTER_DECK,
})
_CONSTANT_VALUES: dict[Verb, float] = {
    **{v: 0.3 for v in Verb if v not in _VALUED},
    Verb.BECOME_LAND: 4.0, Verb.SEARCH: 1.5, Verb.RETURN_FROM_DISCARD: 1.5, Verb.RETURN_CHARACTER_FROM_DISCARD: 1.5,
    Verb.TRASH_MISMATCHED: 1.5,
}
