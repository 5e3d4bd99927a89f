"""Monsters (docs/rules/mana.md, MANA-MON-*): opening (its cost and condition), trashing, moving into an enemy
land, going back to hand, and a monster's STR/DEF where it stands (printed or text-defined, MANA-FX-STAT-*)."""

from __future__ import annotations

from tcgsim.games.mana.cards import ManaCard
from tcgsim.games.mana.common import (
    _ATTR_NAME,
    BATTLE_MONSTER,
    NO_EFFECTS,
    STAND_IN_STATS,
    _BattleKind_PARTY_ATTACK,
    _ChoiceKind_PAY_TO_RETURN,
    _Ctx,
    _Kind_MONSTER,
    _opp,
    _StealReading_SPENT_ONLY,
    _Verb_DAMAGE_EACH_CHARACTER,
    _Verb_MODIFY,
    _Verb_MODIFY_MONSTER,
    _Verb_MONSTER_TRASHED_HERE,
    _Verb_SET_STAT,
    _Verb_SET_STATS,
    _Verb_TRASH_LAND_AND_SELF,
)
from tcgsim.games.mana.effects import Effect
from tcgsim.games.mana.fields import StateFields
from tcgsim.games.mana.state import BattleKind, Choice, Monster, Pos


class MonsterRules(StateFields):
    """Monsters on the field (MANA-MON-5..10, MANA-FX-OPEN-*, MANA-FX-TRASH-*, MANA-FX-STAT-*)."""

    def _open_monster(self, land_owner: int, pos: Pos, *, in_battle: bool, by_character_attack: bool,
                      paid: bool = False) -> bool:
        """MANA-MON-5/6: turn a monster face up; its owner pays the cost (as much as possible, and the monster
        is trashed if that is not enough) and its open condition must hold. True if it is still on the field."""
        land = self.players[land_owner].lands[pos]
        monster = land.monster
        assert monster is not None
        seat = monster.owner
        card = self.cards[monster.uid]
        monster.face_up = True
        cost = self.open_cost(seat, card)
        p = self.players[seat]
        if not paid:
            paying = min(cost, p.available)
            self._pay(seat, paying)
            if paying < cost:
                if self.events is not None:
                    self.record(self._phase_name(), seat, "open_failed", card=card.name, reason="cost")
                self._trash_monster(land_owner, pos, in_battle=in_battle)
                return False
        if self.events is not None:
            self.record(self._phase_name(), seat, "open", card=card.name, cost=cost)
        if card.open_condition is not None and not self._controls(seat, card.open_condition):
            if self.events is not None:
                self.record(self._phase_name(), seat, "open_failed", card=card.name, reason="condition")
            self._trash_monster(land_owner, pos, in_battle=in_battle)
            return False
        place = self._battle_place() if in_battle else (land_owner, pos)
        at_owner = place[0] if place is not None else None
        ctx = _Ctx(in_battle, by_character_attack, at_owner)
        b = self.battle
        if in_battle and b is not None and b.monster_uid == monster.uid:
            if any(f == "auction" for f, _s, _a in b.flags) and (card.cost or 0) >= 4:  # Kristie's Auction Time
                for f, who, _a in b.flags:
                    if f == "auction":
                        self.players[who].available += 2
                        if self.events is not None:
                            self.record(self._phase_name(), who, "mana_gained", amount=2,
                                        source="Kristie's Auction Time")
            if self._monster_disabled(b):
                return True  # its skills are off in this battle (Princess Pearl, Flowers of Gold)
        for effect in card.effects.on_open:
            if effect.verb is _Verb_TRASH_LAND_AND_SELF and in_battle:
                continue  # Iron Centaur: devastation waits for the battle's end (MANA-FX-OPEN-3)
            if self._cond(effect, monster, at_owner, ctx):
                self._do(effect, monster.uid, seat, land_owner, pos)
            if self.find_monster(monster.uid) is None:
                return False
        return True

    def _trash_monster(self, land_owner: int, pos: Pos, *, in_battle: bool) -> None:
        """A monster leaves the field: stolen mana goes back, then its 'when trashed' effects."""
        land = self.players[land_owner].lands.get(pos)
        if land is None or land.monster is None:
            return
        monster = land.monster
        land.monster = None
        seat = monster.owner
        card = self.cards[monster.uid]
        if monster.stolen:  # MANA-MON-8: the taken mana returns to the land's owner
            back = self._take_mana(seat, monster.stolen, from_used_first=False)
            self.players[land_owner].used += back
        owner_p = self.players[seat]
        if card.effects.to_top_of_deck:  # Succubus
            owner_p.deck.append(monster.uid)
        else:
            owner_p.discard.append(monster.uid)
        if self.events is not None:
            self.record(self._phase_name(), seat, "monster_trashed", card=card.name, in_battle=in_battle)
        if self.lasting and self._lasting_on("draw_on_trash", seat):  # Frozen Heart
            self._draw(seat)
        if card.kind is not _Kind_MONSTER:
            return  # Lilipea's Illusion: a support standing in for a monster has no skills
        if in_battle and self.battle is not None and self.battle.monster_uid == monster.uid:
            self.battle.monster_trashed = True
            if self._monster_disabled(self.battle):
                return
        effects: tuple[Effect, ...] = card.effects.on_trashed
        if in_battle:
            effects = effects + card.effects.on_trashed_in_battle
            fought_on = self._battle_land() if self.battle is not None else land
            here = self.cards[fought_on.uid].effects.land if fought_on is not None else ()
            for e in here:  # Underworld: pay 1 to take the monster back to hand
                if e.verb is _Verb_MONSTER_TRASHED_HERE and monster.uid in owner_p.discard:
                    self._offer_return(seat, monster.uid, e.cost)
        for effect in effects:
            self._do(effect, monster.uid, seat, land_owner, pos)

    def _offer_return(self, seat: int, uid: int, cost: int) -> None:
        if self.players[seat].available >= cost and uid in self.players[seat].discard:
            self.pending.append(Choice(_ChoiceKind_PAY_TO_RETURN, seat, (uid,), cost, uid))

    def _count(self, effect: Effect, seat: int) -> int:
        v = effect.value
        assert v is not None
        if v.what == "characters_in_battle":
            n = len(self.battle.chars) if self.battle is not None else 0
        elif v.what == "opponent_available_mana":
            n = self.players[_opp(seat)].available
        else:
            n = 0
            sides = (seat,) if v.side == "own" else (_opp(seat),) if v.side == "enemy" else (0, 1)
            for s in sides:
                for land in self.players[s].lands.values():
                    attr = self.cards[land.uid].attribute
                    if v.attribute is None or (attr is not None and _ATTR_NAME[attr] == v.attribute):
                        n += 1
        return n * v.times

    def monster_stats(self, uid: int, seat: int, land_owner: int | None,
                      assume: BattleKind | None = None, pos: Pos | None = None) -> tuple[int, int]:
        """A monster's STR/DEF in the current battle: printed, text-defined, attribute bonus on a matching land
        (MANA-MON-10), land effects, its own battle skills and one-off bonuses. Out of battle, `assume` asks
        what they would be in a battle of that kind where it stands (what a player works out before attacking)."""
        b = self.battle
        if (b is None or b.monster_uid != uid) and not self.cards[uid].effects.counted:
            # out of its battle and not counted off the position: a function of where it stands (memoised)
            if land_owner is None or assume is _BattleKind_PARTY_ATTACK:
                land_uid = -1
            else:
                found = self.players[land_owner].lands.get(pos if pos is not None else self._pos_of(uid, land_owner))
                land_uid = found.uid if found is not None else -1
            memo = self.game.stats_memo
            key = (uid, seat, land_owner, assume, land_uid)
            stats = memo.get(key)
            if stats is None:
                if len(memo) > 65536:
                    memo.clear()
                stats = memo[key] = self._monster_stats(uid, seat, land_owner, assume, pos)
            return stats
        return self._monster_stats(uid, seat, land_owner, assume, pos)

    def _monster_stats(self, uid: int, seat: int, land_owner: int | None, assume: BattleKind | None,
                       pos: Pos | None) -> tuple[int, int]:
        card = self.cards[uid]
        fx = card.effects
        b = self.battle
        here = b is not None and b.monster_uid == uid
        if here:
            assert b is not None
            if b.flags and self._flag(b, "stand_in") is not None:  # Professor Thesenis fights instead
                s, d = STAND_IN_STATS
                for t, ms, md, _src in b.mods:
                    if t == BATTLE_MONSTER:
                        s += ms
                        d += md
                return max(0, s), max(0, d)
            if (b.flags or b.techs or b.chars) and self._monster_disabled(b):
                fx = NO_EFFECTS  # Princess Pearl, Flowers of Gold, Phenomenal Fist: no skills in this battle
        s, d = card.str_, card.def_
        for e in fx.battle:
            if e.verb is _Verb_DAMAGE_EACH_CHARACTER:  # Sky Dragon: its STR * is the 3 it deals (then modified)
                s = int(e.amount or 0)
        for e in fx.always:
            if e.verb is _Verb_SET_STAT:
                n = self._count(e, seat)
                if e.stat in ("str", "both"):
                    s = n
                if e.stat in ("def", "both"):
                    d = n
        if here:
            kind: BattleKind | None = b.kind  # type: ignore[union-attr]
            land = self._battle_land()
            place = self._battle_place()
            land_owner = place[0] if place is not None else None
        else:
            kind = assume
            if land_owner is None or kind is _BattleKind_PARTY_ATTACK:
                land = None
            else:  # `pos`: where the caller knows it stands
                land = self.players[land_owner].lands.get(pos if pos is not None else self._pos_of(uid, land_owner))
        in_battle = kind is not None
        skills = fx.battle if in_battle else ()
        if skills:
            ctx = _Ctx(in_battle, False, land_owner, kind, land.uid if land is not None else None)
            monster = Monster(uid, seat, True)
            for e in skills:
                if not self._cond(e, monster, land_owner, ctx):
                    continue
                if e.verb is _Verb_SET_STAT:
                    n = self._count(e, seat)
                    if e.stat in ("str", "both"):
                        s = n
                    if e.stat in ("def", "both"):
                        d = n
                elif e.verb is _Verb_SET_STATS:
                    s, d = e.str_, e.def_
        if land is not None:
            land_card = self.cards[land.uid]
            if card.attribute is not None and land_card.attribute == card.attribute:
                bs, bd = fx.attribute_bonus
                s += bs
                d += bd
            if in_battle and land_card.effects.land_mods:
                own = _ATTR_NAME[card.attribute] if card.attribute is not None else None
                for attr, ms, md in land_card.effects.land_mods:
                    if attr is None or own == attr:
                        s += ms
                        d += md
        if in_battle:
            for e in skills:
                if e.verb is _Verb_MODIFY and self._cond(e, monster, land_owner, ctx):
                    s += e.str_
                    d += e.def_
            if here:
                assert b is not None
                s += b.bonus_str
                d += b.bonus_def
                for t, ms, md, _src in b.mods:
                    if t == BATTLE_MONSTER:
                        s += ms
                        d += md
                if b.techs and not self._characters_disabled(b):
                    for item, _c, idx in self._live_techs(b):
                        e = self.cards[item].effects.techniques[idx]
                        if e.verb is _Verb_MODIFY_MONSTER:  # Bird of Prey
                            s += e.str_
                            d += e.def_
        return max(0, s), max(0, d)

    def _pos_of(self, uid: int, land_owner: int) -> Pos:
        for pos, land in self.players[land_owner].lands.items():
            if land.monster is not None and land.monster.uid == uid:
                return pos
        return (99, 99)

    def _monster_to_hand(self, found: tuple[int, Pos]) -> None:
        land = self.players[found[0]].lands[found[1]]
        m = land.monster
        if m is None:
            return
        land.monster = None
        if m.stolen:
            back = self._take_mana(m.owner, m.stolen, from_used_first=False)
            self.players[found[0]].used += back
        self.players[m.owner].hand.append(m.uid)
        if self.events is not None:
            self.record(self._phase_name(), m.owner, "returned_to_hand", card=self.cards[m.uid].name, cost=0)

    def _complete_move(self, found: tuple[int, Pos], dest: tuple[int, Pos]) -> None:
        """MANA-MON-8: the monster arrives and takes the land's base mana from the owner's used pool (the `steal`
        option: then from the available pool) while it stays."""
        src = self.players[found[0]].lands[found[1]]
        monster = src.monster
        assert monster is not None
        target = self.players[dest[0]].lands.get(dest[1])
        if target is None or target.monster is not None:
            return  # the land is gone or taken meanwhile: the monster stays where it was
        src.monster = None
        target.monster = monster
        base = self.cards[target.uid].base_mana
        if self.game.options.steal is _StealReading_SPENT_ONLY:  # the seed: 使用済みマナ置き場から
            owner_p = self.players[dest[0]]
            stolen = min(max(base, 0), owner_p.used)
            owner_p.used -= stolen
        else:  # StealReading.SPENT_FIRST: the spent pool, then the available pool
            stolen = self._take_mana(dest[0], base, from_used_first=True)
        monster.stolen = stolen
        self.players[monster.owner].available += stolen
        if self.events is not None:
            self.record(self._phase_name(), monster.owner, "move", card=self.cards[monster.uid].name if monster.face_up
                        else "face-down monster", x=dest[1][0], y=dest[1][1], stolen=stolen)

    def open_cost(self, seat: int, card: ManaCard) -> int:
        """A monster's open cost: Stone Eye makes it 0; Matilda 1 less, never below 1."""
        cost = card.cost or 0
        if self.lasting and self._lasting_on("free_open", seat):
            return 0
        if cost > 1:
            cost = max(1, cost - self._discount(seat, "open"))
        return cost
