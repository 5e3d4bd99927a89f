"""Card effects carried out (docs/rules/mana.md, Card effects: the vocabulary of effects.py). Triggered effects
under their conditions (`_cond`, `_do`), the effects of a card or ability used (`_effect`), picks among cards,
and Duelle's duel."""

from __future__ import annotations

from typing import Any

from tcgsim.games.mana.characters import _shuffle_characters
from tcgsim.games.mana.common import (
    _ATTR_NAME,
    BATTLE_MONSTER,
    WIN_LANDS,
    WinReason,
    _BattleKind_CHARACTER_ATTACK,
    _BattleKind_MOVEMENT,
    _BattleKind_PARTY_ATTACK,
    _ChoiceKind_DISCARD,
    _ChoiceKind_DUEL,
    _ChoiceKind_PICK_CARD,
    _ChoiceKind_PICK_PLACE,
    _ChoiceKind_TAP_CHARACTER,
    _ChoiceKind_TRASH_CHARACTER,
    _Cond_IN_BATTLE,
    _Cond_LAND_NOT,
    _Cond_MOVEMENT_BATTLE,
    _Cond_ON_A_LAND,
    _Cond_ON_ENEMY_LAND,
    _Cond_ON_OWN_LAND,
    _Cond_OPENED_BY_CHARACTER_ATTACK,
    _Cond_PARTY_BATTLE,
    _Ctx,
    _distinct,
    _Kind_ARTIFACT,
    _Kind_CHARACTER,
    _Kind_MONSTER,
    _Kind_SUPPORT,
    _opp,
    _Verb_ARRANGE_CHARACTER_DECK,
    _Verb_BATTLE_FLAG,
    _Verb_BECOME_LAND,
    _Verb_DISCARD,
    _Verb_DISCARD_HAND_DRAW,
    _Verb_DRAW,
    _Verb_DRAW_TO,
    _Verb_DUEL,
    _Verb_FORCE_BATTLE,
    _Verb_GAIN_MANA,
    _Verb_LAND_FROM_DISCARD,
    _Verb_LASTING,
    _Verb_LOSE_MANA,
    _Verb_MAY_PAY_RETURN_TO_HAND,
    _Verb_MILL_CHOOSE,
    _Verb_MODIFY_TARGET,
    _Verb_MOVE_LAND,
    _Verb_OPEN_MONSTERS,
    _Verb_PEEK_MONSTER,
    _Verb_PLACE_AS_MONSTER,
    _Verb_RESHUFFLE_DRAW,
    _Verb_RETURN_CHARACTER_FROM_DISCARD,
    _Verb_RETURN_FROM_DISCARD,
    _Verb_RETURN_LAND_TO_HAND,
    _Verb_REVEAL_DECK,
    _Verb_SEARCH,
    _Verb_STAND_IN,
    _Verb_SWAP_WITH_CHARACTER_DECK,
    _Verb_TAP_ALL_CHARACTERS,
    _Verb_TAP_CHARACTER,
    _Verb_TAP_OR_UNTAP,
    _Verb_TO_CHARACTER_DECK,
    _Verb_TO_TOP_FROM_DISCARD,
    _Verb_TRASH_CHARACTER,
    _Verb_TRASH_FROM_HAND,
    _Verb_TRASH_ITEM,
    _Verb_TRASH_ITEM_IN_BATTLE,
    _Verb_TRASH_ITEMS,
    _Verb_TRASH_LAND,
    _Verb_TRASH_LAND_AND_SELF,
    _Verb_TRASH_MISMATCHED,
    _Verb_TRASH_MONSTER,
    _Verb_TRASH_SELF,
    _Verb_TRASH_TOP_CHARACTER_DECK,
    _Verb_UNTAP_CHARACTER,
)
from tcgsim.games.mana.effects import Effect
from tcgsim.games.mana.fields import StateFields
from tcgsim.games.mana.state import Battle, Character, Choice, Land, Monster, Pos


class CardEffectRules(StateFields):
    """What the verbs of effects.py do to a position (triggered effects and used cards)."""

    def _cond(self, effect: Effect, monster: Monster | None, land_owner: int | None, ctx: _Ctx) -> bool:
        cond = effect.cond
        if cond is None:
            return True
        owner = monster.owner if monster is not None else -1
        if cond is _Cond_ON_OWN_LAND:
            return land_owner == owner
        if cond is _Cond_ON_ENEMY_LAND:
            return land_owner is not None and land_owner != owner
        if cond is _Cond_IN_BATTLE:
            return ctx.in_battle
        if cond is _Cond_OPENED_BY_CHARACTER_ATTACK:
            return ctx.by_character_attack
        kind = ctx.battle_kind
        if kind is None and self.battle is not None:
            kind = self.battle.kind
        if cond is _Cond_MOVEMENT_BATTLE:
            return kind is _BattleKind_MOVEMENT
        if cond is _Cond_PARTY_BATTLE:
            return kind is _BattleKind_PARTY_ATTACK
        if cond is _Cond_ON_A_LAND:
            return kind is not _BattleKind_PARTY_ATTACK
        if cond is _Cond_LAND_NOT:
            if kind is _BattleKind_PARTY_ATTACK:
                return False  # attacking the party, it stands on no land
            land_uid = ctx.land_uid
            if land_uid is None and ctx.battle_kind is None:
                land = self._battle_land()
                land_uid = land.uid if land is not None else None
            attr = self.cards[land_uid].attribute if land_uid is not None else None
            return attr is None or _ATTR_NAME[attr] != effect.cond_arg
        return False

    def _do(self, effect: Effect, source: int, seat: int, land_owner: int | None, pos: Pos | None) -> None:
        """Carry out one triggered effect of card `source` owned by `seat`."""
        verb = effect.verb
        opp = _opp(seat)
        target = opp if effect.who == "opponent" else seat
        if verb is _Verb_DISCARD:
            hand = self.players[target].hand
            if hand:
                self.pending.append(Choice(_ChoiceKind_DISCARD, target, count=min(effect.count, len(hand)),
                                           source=source))
        elif verb is _Verb_DRAW:
            for s in ((0, 1) if effect.who == "both" else (target,)):
                self._draw(s, effect.count)
        elif verb is _Verb_GAIN_MANA:
            self.players[target].available += effect.amount
            if self.events is not None:
                self.record(self._phase_name(), target, "mana_gained", amount=effect.amount,
                            source=self.cards[source].name)
        elif verb is _Verb_TAP_CHARACTER:
            in_battle = set(self.battle.chars) if self.battle is not None else set()
            options = tuple(c.uid for c in self.players[target].party
                            if not c.tapped and not (effect.not_in_battle and c.uid in in_battle))
            if options:
                self.pending.append(Choice(_ChoiceKind_TAP_CHARACTER, seat, options, 1, source))
        elif verb is _Verb_TAP_ALL_CHARACTERS:
            for c in self.players[target].party:
                c.tapped = True
        elif verb is _Verb_TRASH_SELF:
            found = self.find_monster(source)
            if found is not None:
                self._trash_monster(found[0], found[1], in_battle=self.battle is not None)
        elif verb is _Verb_TRASH_LAND_AND_SELF:  # the land named by the caller: where it stands, or fought
            found = self.find_monster(source)
            if found is not None:
                self._trash_monster(found[0], found[1], in_battle=self.battle is not None)
            if land_owner is not None and pos is not None:
                self._lose_land(land_owner, pos)
        elif verb is _Verb_TRASH_CHARACTER:
            if effect.among == "battle":
                b = self.battle
                options = tuple(u for u in (b.chars if b else ()) if self.players[target].character(u) is not None)
            else:
                options = tuple(c.uid for c in self.players[target].party)
            if options:
                chooser = target if effect.chooser == "opponent" or effect.who == "owner" else seat
                self.pending.append(Choice(_ChoiceKind_TRASH_CHARACTER, chooser, options, 1, source))
        elif verb is _Verb_TRASH_TOP_CHARACTER_DECK:
            p = self.players[target]
            if p.char_deck:
                p.char_discard.append(p.char_deck.pop())
                self._check_routed(target)
        elif verb is _Verb_RETURN_CHARACTER_FROM_DISCARD:
            p = self.players[target]
            if p.char_discard:
                # the character side picks which one: the strongest (highest STR+DEF) is what anyone would take
                best = max(p.char_discard, key=lambda u: (self.cards[u].str_ + self.cards[u].def_, -u))
                p.char_discard.remove(best)
                p.char_deck.append(best)
                _shuffle_characters(p.char_deck, self.cards, self.deck_rng(target))
        elif verb is _Verb_MAY_PAY_RETURN_TO_HAND:
            self._offer_return(seat, source, effect.cost)
        elif verb is _Verb_TRASH_ITEM_IN_BATTLE:
            b = self.battle
            if b is not None:
                items = [(cs, it) for cs in b.chars for it in
                         (self.players[b.char_player].character(cs) or Character(-1)).items]
                if items:
                    char_uid, item = items[0]
                    ch = self.players[b.char_player].character(char_uid)
                    assert ch is not None
                    ch.items.remove(item)
                    self.players[b.char_player].discard.append(item)
        # the remaining verbs are read where they apply (battle stats, land make, movement)

    def _target_char(self, uid: int) -> tuple[int, Character | None]:
        for s in (0, 1):
            c = self.players[s].character(uid)
            if c is not None:
                return s, c
        return -1, None

    def _effect(self, e: Effect, seat: int, a: Any) -> None:
        """Carry out one effect of a card or ability used by `seat` (MANA-FX-USE-*)."""
        v = e.verb
        P = self.players
        opp = _opp(seat)
        me = P[seat]
        b = self.battle
        phase = self._phase_name()
        if v is _Verb_TRASH_CHARACTER and e.target is not None:
            owner, c = self._target_char(a.target)
            if c is not None:
                self._trash_character(owner, c.uid)
        elif v is _Verb_TRASH_CHARACTER and e.among == "battle" and b is not None:  # Shadole: the characters' side
            options = tuple(u for u in b.chars if P[b.char_player].character(u) is not None)
            if options:
                self.pending.append(Choice(_ChoiceKind_TRASH_CHARACTER, b.char_player, options, 1, a.card))
        elif v is _Verb_TAP_CHARACTER and e.target is not None:
            _o, c = self._target_char(a.target)
            if c is not None:
                c.tapped = True
        elif v is _Verb_UNTAP_CHARACTER:
            _o, c = self._target_char(a.target)
            if c is not None:
                c.tapped = False
        elif v is _Verb_TAP_OR_UNTAP:
            _o, c = self._target_char(a.target)
            if c is not None:
                c.tapped = not c.tapped
        elif v is _Verb_RESHUFFLE_DRAW:
            me.deck += me.hand + me.discard
            me.hand.clear()
            me.discard.clear()
            self.deck_rng(seat).shuffle(me.deck)
            self._draw(seat, e.count)
        elif v is _Verb_TRASH_ITEMS:
            chars = [self._target_char(a.target)] if e.target is not None else \
                [(s, c) for s in (0, 1) for c in P[s].party]
            for _s, c in chars:
                if c is not None and c.items:
                    for item in c.items:
                        P[self.game.owner[item]].discard.append(item)
                    c.items = []
        elif v is _Verb_TRASH_ITEM:
            _o, c = self._target_char(next((c.uid for s in (0, 1) for c in P[s].party if a.target in c.items), -1))
            if c is not None:
                c.items.remove(a.target)
                P[self.game.owner[a.target]].discard.append(a.target)
        elif v is _Verb_OPEN_MONSTERS:
            places = []
            if e.target == "opponent_facedown_monsters":  # Inspector Boyd: X of them, in the order its user picks
                self._boyd_next(seat, a.card, a.x)
            elif a.at:
                places = [(w[0], (w[1], w[2])) for w in a.at]
            else:  # Tome of Magic: every face-down monster, the user's own first
                places = [(s, pos) for s in (seat, opp) for pos, land in P[s].lands.items()
                          if land.monster is not None and not land.monster.face_up]
            for s, pos in places:
                land = P[s].lands.get(pos)
                if land is not None and land.monster is not None and not land.monster.face_up:
                    self._open_monster(s, pos, in_battle=False, by_character_attack=False)
        elif v is _Verb_TRASH_FROM_HAND:
            target = opp if e.who == "opponent" else seat
            hand = P[target].hand
            if e.card_type == "artifact":  # Jade Egg
                for u in [u for u in hand if self.cards[u].kind is _Kind_ARTIFACT]:
                    hand.remove(u)
                    P[target].discard.append(u)
            else:  # blind picks
                for _ in range(min(e.count, len(hand))):
                    u = hand[self.rng.randrange(len(hand))]
                    hand.remove(u)
                    P[target].discard.append(u)
                    if self.events is not None:
                        self.record(phase, target, "discard", card=self.cards[u].name)
        elif v is _Verb_RETURN_LAND_TO_HAND:
            w = a.at[0]
            land = P[w[0]].lands.get((w[1], w[2]))
            if land is not None and land.monster is None:
                self._lose_land(w[0], (w[1], w[2]), to_hand=True)
        elif v is _Verb_TRASH_MONSTER:
            if a.target == BATTLE_MONSTER or e.target == "battle_monster":
                found = self._battle_monster(b) if b is not None else None
                if found is not None:
                    self._trash_monster(found[0], found[1], in_battle=True)
            elif a.at:
                w = a.at[0]
                if self.monster_at(w) is not None:
                    self._trash_monster(w[0], (w[1], w[2]), in_battle=b is not None)
        elif v is _Verb_TRASH_LAND:
            w = a.at[0]
            self._lose_land(w[0], (w[1], w[2]))
        elif v is _Verb_SEARCH:
            kind = {"support": _Kind_SUPPORT, "artifact": _Kind_ARTIFACT, "monster": _Kind_MONSTER}[str(e.card_type)]
            options = tuple(u for u in _distinct(me.deck, self.cards) if self.cards[u].kind is kind)
            if options:
                arg = a.at[0] if a.at else ()
                self.pending.append(Choice(_ChoiceKind_PICK_CARD, seat, options, 1, a.card, arg))
            else:
                self.deck_rng(seat).shuffle(me.deck)
        elif v is _Verb_REVEAL_DECK:
            P[a.target].deck_revealed = True
        elif v is _Verb_LASTING:
            until = self.turn + (1 if e.duration == "next_turn" else 0)
            self.lasting.append((str(e.flag), seat, until))
        elif v is _Verb_LOSE_MANA:
            for t in ((opp,) if e.who == "opponent" else (seat,)):
                amount = e.amount
                if e.pool == "available":
                    lost = min(amount, P[t].available)
                    P[t].available -= lost
                else:
                    lost = self._take_mana(t, amount, from_used_first=True)
                if self.events is not None:
                    self.record(phase, t, "mana_lost", amount=lost, source=self.cards[a.card].name)
        elif v is _Verb_TRASH_MISMATCHED:  # Sword of Mana
            for pos, land in list(P[opp].lands.items()):
                m = land.monster
                if m is not None and m.face_up and self.cards[m.uid].attribute != self.cards[land.uid].attribute:
                    self._trash_monster(opp, pos, in_battle=False)
        elif v is _Verb_TO_CHARACTER_DECK:  # Useless Putty, face up on top of a character deck
            P[a.target].char_deck.append(a.card)
            self._relocated = True
        elif v is _Verb_MODIFY_TARGET and b is not None:
            b.mods = b.mods + ((a.target, e.str_, e.def_, a.card),)
        elif v is _Verb_PLACE_AS_MONSTER:  # Lilipea's Illusion
            w = a.at[0]
            land = P[w[0]].lands.get((w[1], w[2]))
            if land is not None and land.monster is None:
                m = Monster(a.card, seat, True)
                m.acted = True
                land.monster = m
                self._relocated = True
        elif v is _Verb_ARRANGE_CHARACTER_DECK:
            options = tuple(u for u in me.char_deck if self.cards[u].kind is _Kind_CHARACTER)
            if len(options) > 1:
                self.pending.append(Choice(_ChoiceKind_PICK_CARD, seat, options, 1, a.card))
        elif v is _Verb_BECOME_LAND:  # Gaeus's Pulse: a land of its own (no mana, no arrows)
            w = a.at[0]
            if (w[1], w[2]) not in me.lands and (w[1], w[2]) in self.land_positions(seat):
                me.lands[(w[1], w[2])] = Land(a.card)
                self._relocated = True
                if self.events is not None:
                    self.record(phase, seat, "land_make", card=self.cards[a.card].name, x=w[1], y=w[2], gained=0,
                                mana=me.mana, lands=len(me.lands))
                if len(me.lands) >= WIN_LANDS:
                    self._win(seat, WinReason.LANDS_9)
        elif v is _Verb_MOVE_LAND:  # Dudbear, Roger: the user picks where the land goes next
            src = a.at[0]
            squares = self._replace_squares(src[0], (src[1], src[2])) if (src[1], src[2]) in P[src[0]].lands else []
            if squares:
                self.pending.append(Choice(_ChoiceKind_PICK_PLACE, seat,
                                           tuple(self._code(src[0], q) for q in squares), 1, a.card, (2, *src)))
        elif v is _Verb_DUEL:  # Duelle's Battle Arena
            for s in (0, 1):
                for c in P[s].party:
                    c.tapped = False
            options = tuple(c.uid for c in P[opp].party)
            if options and me.character(a.target) is not None:
                self.pending.append(Choice(_ChoiceKind_DUEL, opp, options, 1, a.card, (a.target,)))
        elif v is _Verb_BATTLE_FLAG and b is not None:
            b.flags = b.flags + ((str(e.flag), seat, a.target),)
        elif v is _Verb_STAND_IN and b is not None:
            b.flags = b.flags + (("stand_in", seat, a.card),)
        elif v is _Verb_FORCE_BATTLE:  # King of the Winds Selva
            _o, c = self._target_char(a.target)
            w = a.at[0]
            m = self.monster_at(w)
            if c is not None and m is not None:
                c.tapped = False
                self._start_battle(Battle(_BattleKind_CHARACTER_ATTACK, seat, m.uid, seat, (w[0], (w[1], w[2])),
                                          None, (c.uid,), opp))
        elif v is _Verb_TO_TOP_FROM_DISCARD:  # Florina: a monster or a character back on top of its deck
            for s in (0, 1):
                q = P[s]
                if a.target in q.discard:
                    q.discard.remove(a.target)
                    q.deck.append(a.target)
                elif a.target in q.char_discard:
                    q.char_discard.remove(a.target)
                    q.char_deck.append(a.target)
        elif v is _Verb_PEEK_MONSTER:
            m = self.monster_at(a.at[0])
            if m is not None:
                m.seen = True
                if self.events is not None:
                    self.record(phase, seat, "peek", card=self.cards[m.uid].name, str=self.cards[m.uid].str_,
                                defence=self.cards[m.uid].def_)
        elif v is _Verb_RETURN_FROM_DISCARD:
            if a.target in me.discard:
                me.discard.remove(a.target)
                me.hand.append(a.target)
        elif v is _Verb_MILL_CHOOSE:  # Lil' Cactus Diary: look at the top 3, trash 1
            top = tuple(P[opp].deck[-3:])
            if top:
                self.pending.append(Choice(_ChoiceKind_PICK_CARD, seat, top, 1, a.card, (opp,)))
        elif v is _Verb_DISCARD_HAND_DRAW:
            me.discard += me.hand
            me.hand.clear()
            self._draw(seat, len(P[opp].lands))
        elif v is _Verb_DRAW_TO:
            self._draw(seat, max(0, e.count - len(me.hand)))
        elif v is _Verb_LAND_FROM_DISCARD:  # Rosiotti: a new land (mana as a land make), not the turn's make
            w = a.at[0]
            pos = (w[1], w[2])
            card = self.cards[a.target]
            if a.target in me.discard and pos not in me.lands and pos in self.land_positions(seat) \
                    and card.name not in self._land_names(seat):
                me.discard.remove(a.target)
                gained = self.land_gain(seat, card, pos)
                me.lands[pos] = Land(a.target)
                me.available += gained
                if self.events is not None:
                    self.record(phase, seat, "land_make", card=card.name, x=pos[0], y=pos[1], gained=gained,
                                mana=me.mana, lands=len(me.lands))
                if len(me.lands) >= WIN_LANDS:
                    self._win(seat, WinReason.LANDS_9)
        elif v is _Verb_RETURN_CHARACTER_FROM_DISCARD:
            if me.char_discard:
                best = max(me.char_discard, key=lambda u: (sum(self.char_stats(u)), -u))
                me.char_discard.remove(best)
                me.char_deck.append(best)
                _shuffle_characters(me.char_deck, self.cards, self.deck_rng(seat))
        else:
            self._do(e, a.card, seat, None, None)

    def _boyd_next(self, seat: int, source: int, left: int) -> None:
        """Inspector Boyd's Investigation: `left` more enemy face-down monsters to open; its user names the next
        (a PICK_PLACE choice marked `(3,)`), unless only one can be."""
        places = self._facedown_enemy_places(seat)
        if left <= 0 or not places or self._outcome is not None:
            return
        if len(places) == 1:
            w = places[0]
            self._open_monster(w[0], (w[1], w[2]), in_battle=False, by_character_attack=False)
            return
        self.pending.append(Choice(_ChoiceKind_PICK_PLACE, seat, tuple(self._code(w[0], (w[1], w[2]))
                                                                       for w in places), left, source, (3,)))

    def _boyd_open(self, ch: Choice, w: tuple[int, int, int]) -> None:
        m = self.monster_at(w)
        if m is not None and not m.face_up:
            self._open_monster(w[0], (w[1], w[2]), in_battle=False, by_character_attack=False)
        self._boyd_next(ch.player, ch.source, ch.count - 1)

    def _picked(self, ch: Choice, uid: int) -> None:
        seat = ch.player
        p = self.players[seat]
        verbs = {e.verb for e in self.cards[ch.source].effects.all}
        if _Verb_SEARCH in verbs:
            p.deck.remove(uid)
            land = self.players[ch.arg[0]].lands.get((ch.arg[1], ch.arg[2])) if ch.arg else None
            if land is not None and land.monster is None:  # Summoner Nunuzac: onto the land, face down
                m = Monster(uid, seat, False)
                m.acted = True  # no action until its owner's next turn
                land.monster = m
                self._played(uid)
            else:
                p.hand.append(uid)
                if self.hand_turn[uid] < 0:
                    self.hand_turn[uid] = self.turn
            self.deck_rng(seat).shuffle(p.deck)
        elif _Verb_SWAP_WITH_CHARACTER_DECK in verbs:  # Hero, Heroine: the chosen character comes in
            self._swap_in(seat, ch.arg[0], uid)
        elif _Verb_ARRANGE_CHARACTER_DECK in verbs:  # Meimei: the deck is ordered one card at a time, top first
            placed = (*ch.arg, uid)
            cards = self.cards
            others = [u for u in p.char_deck if cards[u].kind is not _Kind_CHARACTER]  # Useless Putty stays on top
            rest = [u for u in p.char_deck if cards[u].kind is _Kind_CHARACTER and u not in placed]
            p.char_deck = rest + list(reversed(placed)) + others  # the top is the end of the list
            left = tuple(u for u in ch.options if u != uid)
            if len(left) > 1:
                self.pending.append(Choice(_ChoiceKind_PICK_CARD, seat, left, 1, ch.source, placed))
        elif _Verb_MILL_CHOOSE in verbs:
            q = self.players[ch.arg[0]]
            q.deck.remove(uid)
            q.discard.append(uid)
            if self.events is not None:
                self.record(self._phase_name(), seat, "milled", card=self.cards[uid].name)

    def _duel(self, user: int, mine: int, theirs: int) -> None:
        """Duelle's Battle Arena: the two characters deal their STR to each other at once; a character whose
        DEF it reaches is trashed; the survivors tap; the side whose fighter alone survives gains 1 mana."""
        a = self.players[user].character(mine)
        b = self.players[_opp(user)].character(theirs)
        if a is None or b is None:
            return
        sa, da = (x + y for x, y in zip(self.char_stats(mine), self._synchro(user, mine), strict=True))
        sb, db = (x + y for x, y in zip(self.char_stats(theirs), self._synchro(_opp(user), theirs), strict=True))
        a_dies, b_dies = sb >= da, sa >= db
        if self.events is not None:
            self.record(self._phase_name(), user, "duel", card=self.cards[mine].name, other=self.cards[theirs].name)
        for seat, c, dies in ((user, a, a_dies), (_opp(user), b, b_dies)):
            if dies:
                self._trash_character(seat, c.uid)
            else:
                c.tapped = True
        if a_dies != b_dies and self._outcome is None:
            winner = _opp(user) if a_dies else user
            self.players[winner].available += 1
            if self.events is not None:
                self.record(self._phase_name(), winner, "mana_gained", amount=1, source="Duelle's Battle Arena")
