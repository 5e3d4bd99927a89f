"""Using cards (docs/rules/mana.md, MANA-FX-USE-*, MANA-FX-CANCEL-1, MANA-FX-WINDOW-1, MANA-FX-ITEM-1,
MANA-FX-CHAR-1): costs and discounts, what a use may name, the uses a player may make (from hand, abilities,
techniques in a battle window, cancels), and the stack of cards being used."""

from __future__ import annotations

from typing import Any

from tcgsim.games.mana import actions as A
from tcgsim.games.mana.cards import ATTR_BY_NAME, Attr, ManaCard
from tcgsim.games.mana.common import (
    BATTLE_MONSTER,
    _BattleKind_PARTY_ATTACK,
    _ChoiceKind_CANCEL,
    _Cond_ON_A_LAND,
    _Cond_OWN_MONSTER,
    _Cond_VS_FACEDOWN,
    _distinct,
    _Kind_ARTIFACT,
    _Kind_CHARACTER,
    _Kind_ITEM,
    _Kind_MONSTER,
    _Kind_SUPPORT,
    _new,
    _opp,
    _Verb_ARRANGE_CHARACTER_DECK,
    _Verb_LASTING,
    _Verb_MILL_CHOOSE,
    _Verb_NO_TECHNIQUES,
    _Verb_OPEN_MONSTERS,
    _Verb_RETURN_CHARACTER_FROM_DISCARD,
    _Verb_SEARCH,
    _Verb_STAND_IN,
    _Verb_TAP_CHARACTER,
    _Verb_TRASH_FROM_HAND,
    _Verb_TRASH_ITEMS,
    _Verb_TRICKSHOT,
    _Verb_UNTAP_CHARACTER,
)
from tcgsim.games.mana.effects import Effect, Verb
from tcgsim.games.mana.fields import StateFields
from tcgsim.games.mana.state import Battle, Character, Choice

# an instrument technique's icons (Effect.needs) as attributes
_NEEDS: dict[tuple[str, ...], tuple[Attr, ...]] = {}


# verbs whose use `_pointless` may refuse (the others are never pointless)
_MAYBE_POINTLESS = frozenset({Verb.RETURN_CHARACTER_FROM_DISCARD, Verb.TRASH_FROM_HAND, Verb.OPEN_MONSTERS,
                              Verb.TRASH_ITEMS, Verb.SEARCH, Verb.MILL_CHOOSE, Verb.ARRANGE_CHARACTER_DECK,
                              Verb.LASTING})


class CardUseRules(StateFields):
    """Cards and abilities used (MANA-FX-USE-*, MANA-FX-CANCEL-1, MANA-FX-ITEM-1, MANA-FX-CHAR-1)."""

    def _lasting_on(self, flag: str, seat: int | None = None) -> bool:
        return any(f == flag and (seat is None or s == seat) for f, s, _until in self.lasting)

    def _discount(self, seat: int, of: str) -> int:
        if not self.game.discounts:
            return 0
        n = 0
        for c in self.players[seat].party:
            for kind, amount in self.cards[c.uid].effects.discount:
                if kind == of:
                    n += amount
        return n

    def support_cost(self, seat: int, card: ManaCard) -> int:
        """A support's cost (X cards: 0 here, the X is added); Lady Blackpearl makes it 1 less, never below 1."""
        cost = card.cost or 0
        if card.kind is _Kind_SUPPORT and cost > 1:
            cost = max(1, cost - self._discount(seat, "support"))
        return cost

    def _condition_ok(self, seat: int, card: ManaCard) -> bool:
        if not card.condition:
            return True
        if self.lasting and self._lasting_on("ignore_conditions", seat):  # Boink
            return True
        return self.condition_met(seat, card.condition)

    def may_equip(self, c: Character, item: ManaCard) -> bool:
        """MANA-FX-ITEM-1: one item per character unless it may carry any number; the character's limits."""
        card = self.cards[c.uid]
        if card.kind is not _Kind_CHARACTER:
            return False
        lim = card.effects.equip_limit
        if lim is not None:
            if lim.none or (lim.only and item.item_type not in lim.only) or item.item_type in lim.never:
                return False
            if lim.any_number:
                return True
        return not c.items

    def _targets(self, seat: int, e: Effect, x_max: int = 0) -> list[tuple[int, tuple[tuple[int, int, int], ...]]]:
        """(target, at) pairs a used card or ability may name (MANA-FX-USE-2); [] if it has nothing to act on."""
        t = e.target
        if t is None:
            return [(-1, ())]
        opp = _opp(seat)
        P = self.players
        cards = self.cards
        v = e.verb
        if t in ("opponent_character", "own_character", "any_character"):
            seats = (opp,) if t == "opponent_character" else (seat,) if t == "own_character" else (0, 1)
            out: list[tuple[int, tuple[tuple[int, int, int], ...]]] = []
            for s in seats:
                for c in P[s].party:
                    card = cards[c.uid]
                    if e.max_def and self.char_stats(c.uid)[1] > e.max_def:
                        continue
                    if e.name_has and e.name_has not in card.name:
                        continue
                    if v is _Verb_TRASH_ITEMS and not c.items:
                        continue
                    if v is _Verb_UNTAP_CHARACTER and not c.tapped:
                        continue
                    if v is _Verb_TAP_CHARACTER and c.tapped:
                        continue
                    out.append((c.uid, ()))
            return out
        if t in ("opponent_monster", "own_monster"):
            owner = opp if t == "opponent_monster" else seat
            out = []
            for s in (0, 1):
                for pos, land in P[s].lands.items():
                    m = land.monster
                    if m is None or m.owner != owner or cards[m.uid].kind is not _Kind_MONSTER:
                        continue
                    if (e.face == "down" and m.face_up) or (e.face == "up" and not m.face_up):
                        continue
                    out.append((-1, ((s, pos[0], pos[1]),)))
            return out
        if t == "opponent_facedown_monsters":  # Inspector Boyd: X paid, X from 1 to all of them; which and in
            # what order is chosen as it resolves, one at a time (card_effects.py `_boyd_next`)
            n = len(self._facedown_enemy_places(seat))
            return [(-1, ()) for _x in range(min(n, x_max))]
        if t in ("opponent_land", "empty_land"):
            out = []
            for s in ((opp,) if t == "opponent_land" else (0, 1)):
                for pos, land in P[s].lands.items():
                    if t == "empty_land" and land.monster is not None:
                        continue
                    out.append((-1, ((s, pos[0], pos[1]),)))
            return out
        if t in ("any_land_move", "own_land_move"):  # the land now, where it goes next (a PICK_PLACE choice)
            out = []
            for s in ((seat,) if t == "own_land_move" else (0, 1)):
                for pos, land in list(P[s].lands.items()):
                    if t == "own_land_move" and land.monster is not None and land.monster.owner != seat:
                        continue
                    if len(P[s].lands) > 1:  # where it goes is asked next; a lone land has nowhere to go
                        out.append((-1, ((s, pos[0], pos[1]),)))
            return out
        if t == "own_empty_land":
            return [(-1, ((seat, pos[0], pos[1]),)) for pos, land in P[seat].lands.items() if land.monster is None]
        if t == "land_square":
            return [(-1, ((seat, x, y),)) for x, y in self.land_positions(seat)]
        if t == "discard_artifact_square":
            names = self._land_names(seat)
            squares = self.land_positions(seat)
            return [(u, ((seat, x, y),)) for u in _distinct(P[seat].discard, cards)
                    if cards[u].kind is _Kind_ARTIFACT and cards[u].name not in names
                    and self._may_make_land(seat, cards[u]) for x, y in squares]
        if t == "own_discard":
            return [(u, ()) for u in _distinct(P[seat].discard, cards)]
        if t == "discard_monster_or_character":
            out = []
            for s in (0, 1):
                out += [(u, ()) for u in _distinct(P[s].discard, cards) if cards[u].kind is _Kind_MONSTER]
                out += [(u, ()) for u in P[s].char_discard]
            return out
        if t == "opponent_item":
            return [(i, ()) for c in P[opp].party for i in c.items]
        if t == "seat":
            return [(0, ()), (1, ())]
        if t == "opponent_character_and_own_monster":  # King of the Winds Selva
            monsters = [(s, pos[0], pos[1]) for s in (0, 1) for pos, land in P[s].lands.items()
                        if land.monster is not None and land.monster.owner == seat
                        and cards[land.monster.uid].kind is _Kind_MONSTER]
            return [(c.uid, (w,)) for c in P[opp].party for w in monsters]
        b = self.battle
        if b is None:
            return []
        if t == "battle_fighter":
            out = [(u, ()) for u in b.chars if P[b.char_player].character(u) is not None]
            return out + [(BATTLE_MONSTER, ())]
        if t == "own_battle_character":
            if b.char_player != seat:
                return []
            return [(u, ()) for u in b.chars if P[seat].character(u) is not None]
        if t == "battle_monster":
            return [(BATTLE_MONSTER, ())]
        return []

    def _facedown_enemy_places(self, seat: int) -> list[tuple[int, int, int]]:
        """Places of the face-down monsters of `seat`'s opponent, on either side's lands."""
        opp = _opp(seat)
        return [(s, pos[0], pos[1]) for s in (0, 1) for pos, land in self.players[s].lands.items()
                if land.monster is not None and land.monster.owner == opp and not land.monster.face_up
                and self.cards[land.monster.uid].kind is _Kind_MONSTER]

    def _use_ok(self, seat: int, e: Effect) -> bool:
        """The in-battle conditions of a support (Kristie's Auction, Nouvelle's Prayer, Pokiehl...)."""
        cond = e.cond
        if cond is None:
            return True
        b = self.battle
        if b is None:
            return False
        if cond is _Cond_VS_FACEDOWN:
            found = self._battle_monster(b)
            m = self.players[found[0]].lands[found[1]].monster if found is not None else None
            return b.char_player == seat and m is not None and not m.face_up and m.owner != seat
        if cond is _Cond_OWN_MONSTER:
            return b.monster_owner == seat
        if cond is _Cond_ON_A_LAND:
            return b.kind is not _BattleKind_PARTY_ATTACK
        return True

    def _pointless(self, seat: int, e: Effect) -> bool:
        """Uses that could do nothing at all are not offered (MANA-FX-USE-2)."""
        v = e.verb
        p = self.players[seat]
        if v is _Verb_RETURN_CHARACTER_FROM_DISCARD:
            return not p.char_discard
        if v is _Verb_TRASH_FROM_HAND:
            return not self.players[_opp(seat)].hand
        if v is _Verb_OPEN_MONSTERS and e.target is None:
            return not any(land.monster is not None and not land.monster.face_up
                           for s in (0, 1) for land in self.players[s].lands.values())
        if v is _Verb_TRASH_ITEMS and e.target is None:
            return not any(c.items for s in (0, 1) for c in self.players[s].party)
        if v is _Verb_SEARCH:
            return not p.deck
        if v is _Verb_MILL_CHOOSE:
            return not self.players[_opp(seat)].deck
        if v is _Verb_ARRANGE_CHARACTER_DECK:
            return len(p.char_deck) < 2
        if v is _Verb_LASTING and e.duration == "this_turn":
            return self._lasting_on(str(e.flag), seat)
        return False

    def _card_uses(self, seat: int, uid: int, head: Effect | None, cost: int, x_cost: bool = False) -> list[Any]:
        """UseCard actions for one card (or ability), one per choice of targets; `head` is the effect that names
        them (`CardEffects.main_head` and the like: None if the card has no such effects)."""
        if head is None:
            return []
        if head.cond is not None and not self._use_ok(seat, head):
            return []
        if head.verb in _MAYBE_POINTLESS and self._pointless(seat, head):
            return []
        use = A.UseCard
        if head.target is None:
            return [_new(use, (uid, -1, (), 0))]
        if x_cost:  # Inspector Boyd: X is the number of monsters opened
            avail = self.players[seat].available - cost
            return [_new(use, (uid, t, at, x)) for x, (t, at) in enumerate(self._targets(seat, head, avail), 1)]
        return [_new(use, (uid, t, at, 0)) for t, at in self._targets(seat, head)]

    def _hand_uses(self, seat: int, timing: str) -> list[Any]:
        """Supports (of this timing), artifacts and items (main phase) a player may use from hand now."""
        p = self.players[seat]
        avail = p.available
        if avail <= 0:
            return []  # every support, artifact side and item costs at least 1
        out: list[Any] = []
        cards = self.cards
        main = timing == "main"
        discount = -1
        checked: dict[tuple[Attr, ...], bool] = {}
        seen: set[str] = set()
        for uid in p.hand:
            card = cards[uid]
            kind = card.kind
            if kind is _Kind_MONSTER:
                continue
            if kind is _Kind_SUPPORT:
                if card.timing != timing or card.id in seen:
                    continue
                seen.add(card.id)
                cost = card.cost or 0
                if cost > 1:
                    if discount < 0:
                        discount = self._discount(seat, "support")
                    cost = max(1, cost - discount)
                if cost > avail or (card.variable_cost and avail < 1):
                    continue
                if card.condition:
                    ok = checked.get(card.condition)
                    if ok is None:
                        ok = checked[card.condition] = self._condition_ok(seat, card)
                    if not ok:
                        continue
                fx = card.effects
                out += self._card_uses(seat, uid, fx.main_head if main else fx.battle_head, cost, card.variable_cost)
            elif not main or card.id in seen:
                continue
            elif kind is _Kind_ARTIFACT:
                seen.add(card.id)
                if card.cost is None or card.cost > avail or not card.effects.artifact:
                    continue
                out += self._card_uses(seat, uid, card.effects.artifact_head, card.cost)
            elif kind is _Kind_ITEM:
                seen.add(card.id)
                if (card.cost or 0) > avail:
                    continue
                out += [A.UseCard(uid, c.uid) for c in p.party if self.may_equip(c, card)]
        return out

    def _ability_uses(self, seat: int) -> list[Any]:
        """Main-phase abilities of untapped characters (using one taps the character: MANA-FX-CHAR-1)."""
        out: list[Any] = []
        cards = self.cards
        for c in self.players[seat].party:
            # Useless Putty acts as a character but is a support card: its main effect is the support's use
            if c.tapped or cards[c.uid].kind is not _Kind_CHARACTER:
                continue
            head = cards[c.uid].effects.main_head
            if head is not None:
                out += self._card_uses(seat, c.uid, head, 0)
        return out

    def technique_cost(self, b: Battle, e: Effect) -> int:
        cost = e.cost
        if cost > 1:
            for u in b.chars:
                for kind, amount in self.cards[u].effects.discount:
                    if kind == "technique" and self.players[b.char_player].character(u) is not None:
                        cost = max(1, cost - amount)  # Rubens, in his battle
        return cost

    def _window_options(self, seat: int, pre_reveal: bool = False) -> list[Any]:
        """What a player may do in a battle window: in-battle supports, and techniques of the items its fighting
        characters carry (one per item per battle; instruments need their icons as an attribute condition).
        Before the opening (`pre_reveal`, MANA-FX-WINDOW-1) only the supports that need the monster closed:
        Professor Thesenis (it stays closed), Kristie's Auction Time (it pays on the opening)."""
        b = self.battle
        assert b is not None
        cards = self.cards
        hand = self.players[seat].hand
        out: list[Any] = []
        for u in hand:
            if cards[u].timing == "battle":
                out = self._hand_uses(seat, "battle")
                break
        if pre_reveal:
            return [a for a in out if _before_reveal(cards[a.card])]
        if seat != b.char_player:
            return out
        p = self.players[seat]
        used = {item for item, _c, _i in b.techs}
        avail = p.available
        haggar = None
        for u in b.chars:
            c = p.character(u)
            if c is None or not c.items or (b.kind is _BattleKind_PARTY_ATTACK and c.tapped):
                continue
            if any(e.verb is _Verb_NO_TECHNIQUES for e in self.cards[u].effects.battle):
                continue
            if haggar is None:
                haggar = self._characters_disabled(b)
            if haggar:
                return out
            for item in c.items:
                if item in used:
                    continue
                for i, e in enumerate(self.cards[item].effects.techniques):
                    if e.needs:
                        needs = _NEEDS.get(e.needs)
                        if needs is None:
                            needs = _NEEDS[e.needs] = tuple(ATTR_BY_NAME[a] for a in e.needs)
                        if not self.condition_met(seat, needs):
                            continue
                    elif self.technique_cost(b, e) > avail:
                        continue
                    out.append(A.UseCard(item, u, (), i))
        return out

    def _cancel_options(self, seat: int, answers: str, cost: int) -> list[Any]:
        """Cancels a player may answer a card being used with (MANA-FX-CANCEL-1)."""
        p = self.players[seat]
        out: list[Any] = []
        cards = self.cards
        for uid in p.hand:
            card = cards[uid]
            if card.kind is not _Kind_SUPPORT or card.timing != "cancel":
                continue
            e = card.effects.cancel[0]
            if answers not in e.answers or (e.max_cost and cost > e.max_cost):
                continue
            pay = cost if card.variable_cost else self.support_cost(seat, card)
            if pay > p.available or not self._condition_ok(seat, card):
                continue
            a = A.UseCard(uid)
            if a not in out:
                out.append(a)
        for c in p.party:
            if c.tapped:
                continue
            for e in cards[c.uid].effects.cancel:  # Gilbert
                if answers in e.answers and not (e.max_cost and cost > e.max_cost):
                    out.append(A.UseCard(c.uid))
        return out

    def _answers_kind(self, card: ManaCard, action: Any) -> str:
        if type(action) is A.MakeLand:
            return "land"
        return {_Kind_ARTIFACT: "artifact", _Kind_SUPPORT: "support", _Kind_ITEM: "item"}.get(card.kind, "")

    def _printed_cost(self, card: ManaCard, action: Any) -> int:
        if type(action) is A.MakeLand:
            return 0
        return action.x if card.variable_cost else (card.cost or 0)

    def _use(self, seat: int, a: Any) -> None:
        """A UseCard action: an ability, a technique, or a card from hand (paid, then open to a cancel)."""
        uid = a.card
        card = self.cards[uid]
        p = self.players[seat]
        if card.kind is _Kind_CHARACTER:
            c = p.character(uid)
            assert c is not None
            c.tapped = True  # a main-phase ability is the character's action (MANA-FX-CHAR-1)
            if self.events is not None:
                self.record(self._phase_name(), seat, "ability", card=card.name)
            self._resolve(seat, a, card.effects.main)
            return
        if uid not in p.hand:  # an item's technique
            b = self.battle
            assert b is not None
            e = card.effects.techniques[a.x]
            cost = 0 if e.needs else self.technique_cost(b, e)
            self._pay(seat, cost)
            b.techs = b.techs + ((uid, a.target, a.x),)
            if self.events is not None:
                self.record(self._phase_name(), seat, "technique", card=card.name, name=e.name or "", cost=cost)
            if e.verb is _Verb_TRICKSHOT and p.deck:  # trash the top card of the deck; STR+4 if an artifact
                    top = p.deck.pop()
                    p.discard.append(top)
                    if self.cards[top].kind is _Kind_ARTIFACT:
                        b.mods = b.mods + ((a.target, e.str_, 0, uid),)
            return
        if card.kind is _Kind_SUPPORT:
            cost = self.support_cost(seat, card) + (a.x if card.variable_cost else 0)
        else:
            cost = card.cost or 0
        self._pay(seat, cost)
        p.hand.remove(uid)
        self._played(uid)
        if self.events is not None:
            self.record(self._phase_name(), seat, "use", card=card.name, cost=cost)
        self._stack_and_answer(seat, a, cost, card)

    def _stack_and_answer(self, seat: int, a: Any, cost: int, card: ManaCard) -> None:
        self.stack.append((seat, a, cost))
        if self._cancel_options(_opp(seat), self._answers_kind(card, a), self._printed_cost(card, a)):
            self.pending.append(Choice(_ChoiceKind_CANCEL, _opp(seat), (), 1, a.card))
        else:
            self._resolve_top()

    def _cancel(self, seat: int, a: Any) -> None:
        """`seat` answers the card on top of the stack with a cancel (a support from hand, or Gilbert)."""
        uid = a.card
        card = self.cards[uid]
        p = self.players[seat]
        user, used, paid = self.stack[-1]
        used_card = self.cards[used.card]
        if card.kind is _Kind_CHARACTER:
            c = p.character(uid)
            assert c is not None
            c.tapped = True
            e = card.effects.cancel[0]
        else:
            e = card.effects.cancel[0]
            pay = self._printed_cost(used_card, used) if card.variable_cost else self.support_cost(seat, card)
            self._pay(seat, pay)
            p.hand.remove(uid)
            p.discard.append(uid)
            self._played(uid)
        if self.events is not None:
            self.record(self._phase_name(), seat, "cancel", card=card.name, target=used_card.name)
        self.stack.pop()
        owner = self.players[self.game.owner[used.card]]
        if e.mode == "return":  # Precocious Basket Fish: back to its user's hand
            owner.hand.append(used.card)
        elif e.mode == "double":  # Belle's Selfish Nightmare: pay the cost again, or lose the card
            again = self._printed_cost(used_card, used) if not used_card.variable_cost else used.x
            q = self.players[user]
            if q.available >= again:
                self._pay(user, again)
                self.stack.append((user, used, paid + again))
                self._resolve_top()
            else:
                self._pay(user, q.available)
                owner.discard.append(used.card)
        else:  # trash it, no effect
            owner.discard.append(used.card)

    def _resolve_top(self) -> None:
        seat, a, _cost = self.stack.pop()
        card = self.cards[a.card]
        if type(a) is A.MakeLand:
            self._make_land(seat, a.card, (a.x, a.y), from_hand=False)
            return
        if card.kind is _Kind_ITEM:
            c = self.players[seat].character(a.target)
            if c is not None and self.may_equip(c, card):
                c.items.append(a.card)
                if self.events is not None:
                    self.record(self._phase_name(), seat, "equip", card=card.name, character=self.cards[a.target].name)
            else:
                self.players[seat].discard.append(a.card)
            return
        fx = card.effects
        effects = fx.artifact if card.kind is _Kind_ARTIFACT else fx.main if card.timing == "main" else fx.battle
        self._relocated = False
        self._resolve(seat, a, effects)
        if not self._relocated:
            self.players[self.game.owner[a.card]].discard.append(a.card)

    def _resolve(self, seat: int, a: Any, effects: tuple[Effect, ...]) -> None:
        for e in effects:
            if self._outcome is not None:
                return
            self._effect(e, seat, a)


def _before_reveal(card: ManaCard) -> bool:
    """A support used before a face-down monster opens (MANA-FX-WINDOW-1): it needs the monster still closed."""
    head = card.effects.battle_head
    return head is not None and (head.verb is _Verb_STAND_IN or head.cond is _Cond_VS_FACEDOWN)
