"""Battles (docs/rules/mana.md, MANA-BATTLE-*): where a battle is fought, its steps (windows, opening, Goblin, the
damage order, damage, the end of battle), the characters' numbers, and whose skills are off (MANA-FX-BATTLE-*,
MANA-FX-END-*)."""

from __future__ import annotations

from tcgsim.games.mana import actions as A
from tcgsim.games.mana.cards import Attr
from tcgsim.games.mana.common import (
    _ATTR_NAME,
    NO_EFFECTS,
    _BattleKind_CHARACTER_ATTACK,
    _BattleKind_MOVEMENT,
    _BattleKind_PARTY_ATTACK,
    _ChoiceKind_ASSIGN_DAMAGE,
    _ChoiceKind_BATTLE_WINDOW,
    _ChoiceKind_SACRIFICE,
    _Cond_ALONE,
    _Cond_TAPPING_BATTLE,
    _Cond_VS_COST_AT_LEAST,
    _Cond_VS_ENEMY_LAND,
    _Cond_VS_OPEN,
    _Cond_VS_OWN_LAND,
    _Ctx,
    _Kind_MONSTER,
    _MoveBattleReading_DESTINATION,
    _Verb_DAMAGE_EACH_CHARACTER,
    _Verb_DISABLE_MONSTER_SKILLS,
    _Verb_FIRST_STRIKE,
    _Verb_MODIFY,
    _Verb_MODIFY_ALLIES,
    _Verb_MODIFY_OPPONENTS,
    _Verb_NO_DAMAGE,
    _Verb_PER_ITEM,
    _Verb_RETURN_IF_TRASHED,
    _Verb_RETURN_MONSTER_IF_SURVIVES,
    _Verb_SACRIFICE_FROM_HAND,
    _Verb_STR_PLUS_MONSTER_COST,
    _Verb_TRASH_BOTH,
    _Verb_TRASH_LAND_AND_SELF,
    _Verb_TRASH_LAND_IF_KILLED,
    _Verb_UNTAP_AFTER,
    _WindowReading_BEFORE_REVEAL,
)
from tcgsim.games.mana.effects import Effect
from tcgsim.games.mana.fields import StateFields
from tcgsim.games.mana.state import Battle, Character, Choice, Land, Monster, Pos


class BattleRules(StateFields):
    """Battles (MANA-BATTLE-1..11, MANA-FX-BATTLE-*, MANA-FX-WINDOW-1, MANA-FX-END-*)."""

    def _battle_place(self, b: Battle | None = None) -> tuple[int, Pos] | None:
        """MANA-BATTLE-11: where a battle is fought: the monster's land (for a movement battle too: it is fought
        on the way, before the monster arrives; `move_battle=destination`: the land being entered), none for an
        attack on the party. Land effects and 'on own / enemy land' read this place."""
        b = b or self.battle
        if b is None or b.kind is _BattleKind_PARTY_ATTACK:
            return None
        if b.kind is _BattleKind_MOVEMENT and self.game.options.move_battle is _MoveBattleReading_DESTINATION:
            return b.destination
        return b.where

    def _battle_land(self, b: Battle | None = None) -> Land | None:
        place = self._battle_place(b)
        return self.players[place[0]].lands.get(place[1]) if place is not None else None

    @staticmethod
    def _flag(b: Battle, name: str) -> tuple[str, int, int] | None:
        for f in b.flags:
            if f[0] == name:
                return f
        return None

    def _live_techs(self, b: Battle) -> list[tuple[int, int, int]]:
        """Techniques used in this battle whose item is still equipped on a character still fighting."""
        p = self.players[b.char_player]
        out = []
        for item, char, idx in b.techs:
            c = p.character(char)
            if c is not None and item in c.items:
                out.append((item, char, idx))
        return out

    def _tech_verbs(self, b: Battle) -> list[tuple[Effect, int]]:
        if not b.techs or self._characters_disabled(b):
            return []
        return [(self.cards[item].effects.techniques[idx], char) for item, char, idx in self._live_techs(b)]

    def _haggar_and_pearl(self, b: Battle) -> tuple[bool, bool]:
        """(the monster disables the characters' in-battle skills, a character disables the monster's skills).
        Fullmetal Haggar against Princess Pearl: both are cancelled (MANA-FX-BATTLE-3)."""
        cards = self.cards
        pearl_here = False
        for u in b.chars:
            if cards[u].effects.pearl:
                pearl_here = True
        if not pearl_here and not cards[b.monster_uid].effects.disables_battle_skills:
            return False, False
        haggar = False
        found = self._battle_monster(b)
        if found is not None and self._flag(b, "stand_in") is None:
            m = self.players[found[0]].lands[found[1]].monster
            haggar = m is not None and m.face_up and self.cards[b.monster_uid].effects.disables_battle_skills
        pearl = False
        p = self.players[b.char_player]
        for u in b.chars:
            c = p.character(u)
            if c is not None and not (b.kind is _BattleKind_PARTY_ATTACK and c.tapped) and cards[u].effects.pearl:
                pearl = True
        if haggar and pearl:
            return False, False
        return haggar, pearl

    def _characters_disabled(self, b: Battle) -> bool:
        """The characters' in-battle skills, techniques and instruments do nothing (Haggar, Crystalle)."""
        if b.flags and self._flag(b, "freeze") is not None:
            return True
        return self._haggar_and_pearl(b)[0]

    def _monster_disabled(self, b: Battle) -> bool:
        """The monster's skills do nothing in this battle (Pearl, Flowers of Gold, Phenomenal Fist, Crystalle)."""
        if b.flags and self._flag(b, "freeze") is not None:
            return True
        haggar, pearl = self._haggar_and_pearl(b)
        if pearl:
            return True
        if b.techs and not haggar:
            p = self.players[b.char_player]
            for item, char, idx in b.techs:
                c = p.character(char)
                if c is not None and item in c.items and \
                        self.cards[item].effects.techniques[idx].verb is _Verb_DISABLE_MONSTER_SKILLS:
                    return True
        return False

    def _tech_applies(self, b: Battle, e: Effect) -> bool:
        cond = e.cond
        if cond is None:
            return True
        place = self._battle_place(b)
        if cond is _Cond_VS_OWN_LAND:
            return place is not None and place[0] == b.char_player
        if cond is _Cond_VS_ENEMY_LAND:
            return place is not None and place[0] != b.char_player
        if cond is _Cond_VS_OPEN:
            return b.was_open
        if cond is _Cond_VS_COST_AT_LEAST:
            return (self.cards[b.monster_uid].cost or 0) >= int(e.cond_arg or 0)
        return False

    def _monster_attribute(self, b: Battle) -> Attr | None:
        if self._flag(b, "stand_in") is not None:
            return Attr.DARK
        return self.cards[b.monster_uid].attribute

    def _fighters(self, b: Battle, monster_known: bool = True) -> list[tuple[int, int, int, bool]]:
        """(uid, STR, DEF, first strike) of the characters fighting: printed values and synchro, their in-battle
        abilities, Daena's shield, techniques, supports; in a party battle tapped characters fight with STR 0
        and keep only what supports and artifacts give (MANA-BATTLE-10); a monster's skills may lower them."""
        p = self.players[b.char_player]
        cards = self.cards
        present = [c for c in (p.character(u) for u in b.chars) if c is not None]
        minus = 0
        disabled = False
        if b.flags or b.techs or len(present) > 0:
            disabled = self._characters_disabled(b)
        if monster_known and self._flag(b, "stand_in") is None and not self._monster_disabled(b):
            minus = sum(e.str_ for e in cards[b.monster_uid].effects.battle if e.verb is _Verb_MODIFY_OPPONENTS)
        techs = self._tech_verbs(b) if b.techs else []
        m_attr = self._monster_attribute(b) if techs else None
        shield: dict[int, int] = {}
        if not disabled:
            for c in present:
                if b.kind is _BattleKind_PARTY_ATTACK and c.tapped:
                    continue
                for e in cards[c.uid].effects.battle:
                    if e.verb is _Verb_MODIFY_ALLIES:  # Daena: the others get DEF+1
                        for o in present:
                            if o.uid != c.uid:
                                shield[o.uid] = shield.get(o.uid, 0) + e.def_
        out = []
        for c in present:
            s, d = self.char_stats(c.uid)
            fs = False
            if b.kind is _BattleKind_PARTY_ATTACK and c.tapped:
                s = 0
            else:
                if cards[c.uid].effects.synchro:
                    ss, sd = self._synchro(b.char_player, c.uid)
                    s += ss
                    d += sd
                d += shield.get(c.uid, 0)
                if not disabled:
                    for e in cards[c.uid].effects.battle:
                        v = e.verb
                        if v is _Verb_FIRST_STRIKE:
                            fs = True
                        elif v is _Verb_MODIFY and e.cond is _Cond_ALONE:  # Sierra
                            if b.kind is _BattleKind_CHARACTER_ATTACK and len(present) == 1:
                                s += e.str_
                                d += e.def_
                        elif v is _Verb_PER_ITEM and b.kind is not _BattleKind_PARTY_ATTACK:  # Machine Golems
                            s += e.str_ * len(c.items)
                            d += e.def_ * len(c.items)
                for e, char in techs:
                    if char != c.uid:
                        continue
                    v = e.verb
                    if v is _Verb_MODIFY and self._tech_applies(b, e):
                        s += e.str_
                        d += e.def_
                        if e.vs is not None and m_attr is not None and _ATTR_NAME[m_attr] == e.vs:
                            s += e.vs_str
                    elif v is _Verb_FIRST_STRIKE:
                        fs = True
                    elif v is _Verb_STR_PLUS_MONSTER_COST:
                        s += self.cards[b.monster_uid].cost or 0
            for t, ms, md, _src in b.mods:
                if t == c.uid:
                    s += ms
                    d += md
            out.append((c.uid, max(0, s + minus), max(0, d), fs))
        return out

    def _start_battle(self, b: Battle) -> None:
        self.battle = b
        found = self._battle_monster(b)
        if found is not None:
            m = self.players[found[0]].lands[found[1]].monster
            b.was_open = bool(m and m.face_up)
        if self.events is not None:
            self.record(self._phase_name(), b.attacker, "battle", battle=b.kind.name.lower(),
                        monster=self.cards[b.monster_uid].name if self._monster_visible(b) else "face-down monster",
                        characters=[self.cards[u].name for u in b.chars])

    def _monster_visible(self, b: Battle) -> bool:
        found = self._battle_monster(b)
        if found is None:
            return True
        land = self.players[found[0]].lands[found[1]]
        return bool(land.monster and land.monster.face_up)

    def _battle_step(self) -> None:
        """MANA-FX-WINDOW-1 (default `windows=reveal_first`): 0/8: windows before the opening, for the cards that
        need a closed monster (characters' side, then monster's side), 9: opening, 10: windows, the sides
        alternating (characters' side first) until one passes with nothing used after both had one;
        `windows=before_reveal`: 0/1: the windows (characters' side, then monster's side), 2: opening.
        Then 3: Goblin, 4: damage order, 5: damage, 6: end of battle, 7: done."""
        b = self.battle
        assert b is not None
        step = b.step
        before_damage = step < 6 or step > 7  # before the damage (steps 8..10 come before 3)
        found = self._battle_monster(b) if before_damage else None
        if found is None and before_damage:
            b.step = 6
            return
        assert found is not None or not before_damage
        if step == 0:
            old = self.game.options.windows is _WindowReading_BEFORE_REVEAL
            b.step = 1 if old else 8
            # reveal first: a window now only before an opening, for the cards that need it
            if (old or not self._monster_visible(b)) and self._window_options(b.char_player, pre_reveal=not old):
                self.pending.append(Choice(_ChoiceKind_BATTLE_WINDOW, b.char_player, (), 0, -1,
                                           () if old else (1,)))
        elif step == 8:
            b.step = 9
            if not self._monster_visible(b) and self._window_options(b.monster_owner, pre_reveal=True):
                self.pending.append(Choice(_ChoiceKind_BATTLE_WINDOW, b.monster_owner, (), 0, -1, (1,)))
        elif step == 1:
            b.step = 2
            if self._window_options(b.monster_owner):
                self.pending.append(Choice(_ChoiceKind_BATTLE_WINDOW, b.monster_owner, (), 0))
        elif step == 2 or step == 9:  # open a face-down monster that is fought (MANA-MON-6), unless Thesenis
            b.step = 3 if step == 2 else 10
            assert found is not None
            land = self.players[found[0]].lands[found[1]]
            assert land.monster is not None
            if not land.monster.face_up and self._flag(b, "stand_in") is None:
                b.opened_here = True
                alive = self._open_monster(found[0], found[1], in_battle=True,
                                           by_character_attack=b.kind is _BattleKind_CHARACTER_ATTACK)
                if not alive:
                    b.step = 6
        elif step == 10:  # the windows after the opening: alternate until a quiet pass once both had a window
            if b.windows >= 2 and b.quiet:
                b.step = 3
                return
            seat = b.char_player if b.windows % 2 == 0 else b.monster_owner
            b.windows += 1
            if self._window_options(seat):
                b.quiet = False
                self.pending.append(Choice(_ChoiceKind_BATTLE_WINDOW, seat, (), 0))
            else:
                b.quiet = True
        elif step == 3:  # battle skills that ask for a choice (Goblin)
            b.step = 4
            if not self.cards[b.monster_uid].effects.battle or self._flag(b, "stand_in") is not None \
                    or self._monster_disabled(b):
                return
            for e in self.cards[b.monster_uid].effects.battle:
                if e.verb is _Verb_SACRIFICE_FROM_HAND:
                    hand = [u for u in self.players[b.monster_owner].hand if self.cards[u].kind is _Kind_MONSTER]
                    if hand:
                        self.pending.append(Choice(_ChoiceKind_SACRIFICE, b.monster_owner, tuple(hand), 1,
                                                   b.monster_uid))
        elif step == 4:  # the monster's side orders its damage (MANA-BATTLE-6); Escad takes it first
            b.step = 5
            assert found is not None
            party = self.players[b.char_player]
            fighting = tuple(u for u in b.chars if party.character(u) is not None)
            first = tuple(u for u in fighting if self.cards[u].effects.first_damage)
            if first and not self._characters_disabled(b):
                rest = tuple(u for u in fighting if u not in first)
                b.order = first + rest
                fighting = rest
                if len(rest) <= 1:
                    return
            else:
                b.order = fighting
            stand_in = self._flag(b, "stand_in") is not None
            each = not stand_in and any(e.verb is _Verb_DAMAGE_EACH_CHARACTER
                                        for e in self.cards[b.monster_uid].effects.battle)
            if len(fighting) > 1 and not each:
                m_str, _ = self.monster_stats(b.monster_uid, b.monster_owner, found[0])
                if m_str > 0:
                    self.pending.append(Choice(_ChoiceKind_ASSIGN_DAMAGE, b.monster_owner, fighting, 1,
                                               b.monster_uid, tuple(b.order[:len(b.order) - len(fighting)])))
        elif step == 5:
            b.step = 6
            assert found is not None
            self._resolve_damage(b, found)
        elif step == 6:  # end of battle
            b.step = 7
            self._end_of_battle(b)
        else:
            self._finish_battle(b)

    def _resolve_damage(self, b: Battle, found: tuple[int, Pos]) -> None:
        """MANA-BATTLE-5..8: simultaneous damage unless a side strikes first: first-strike damage (the monster's
        and first-strike characters', together) lands first; then the rest, from those still standing."""
        land_owner, pos = found
        stand_in = bool(b.flags) and self._flag(b, "stand_in") is not None
        fx = NO_EFFECTS if stand_in or self._monster_disabled(b) else self.cards[b.monster_uid].effects
        techs = self._tech_verbs(b) if b.techs else []
        if b.flags and (self._flag(b, "freeze") or self._flag(b, "draw")) \
                or any(e.verb is _Verb_NO_DAMAGE for e, _c in techs):
            if self.events is not None:
                self.record(self._phase_name(), b.attacker, "no_damage")
            return
        swing = [c for e, c in techs if e.verb is _Verb_TRASH_BOTH]
        if swing:  # Deep Swing: the monster and the character go, no damage is dealt
            for u in swing:
                self._trash_character(b.char_player, u)
            b.trashed_chars = tuple(swing)
            if not stand_in:
                b.killers = tuple(swing)
                self._trash_monster(land_owner, pos, in_battle=True)
            return
        m_str, m_def = self.monster_stats(b.monster_uid, b.monster_owner, land_owner)
        chars = self._fighters(b)
        by = {u: (s, d, fs) for u, s, d, fs in chars}
        # Sky Dragon: its battle STR (the printed 3, attribute bonus and modifiers included) to every character
        each = m_str if any(e.verb is _Verb_DAMAGE_EACH_CHARACTER for e in fx.battle) else None
        place = self._battle_place(b)
        fought = place[0] if place is not None else None
        no_damage = any(e.verb is _Verb_NO_DAMAGE and self._cond(e, Monster(b.monster_uid, b.monster_owner, True),
                                                              fought, _Ctx(True, False, fought, b.kind))
                        for e in fx.battle)

        def monster_hits(alive: list[int]) -> list[int]:
            if each is not None:
                return [u for u in alive if each >= by[u][1]]
            remaining = m_str
            out = []
            for u in b.order:
                if u not in alive or remaining <= 0:
                    continue
                if remaining >= by[u][1]:
                    out.append(u)
                    remaining -= by[u][1]
                else:
                    break
            return out

        dead: list[int] = []
        m_fs = fx.first_strike
        c_fs = [u for u in by if by[u][2]]
        if m_fs or c_fs:
            if m_fs:
                dead += monster_hits(list(by))
            dealt = sum(by[u][0] for u in c_fs)
            if dealt < m_def or no_damage:
                alive = [u for u in by if u not in dead]
                if not m_fs:
                    dead += monster_hits(alive)
                dealt += sum(by[u][0] for u in alive if not by[u][2])
        else:
            dead = monster_hits(list(by))
            dealt = sum(s for s, _d, _f in by.values())
        monster_dies = dealt >= m_def and not no_damage
        if self.events is not None:
            self.record(self._phase_name(), b.attacker, "battle_damage", monster_str=m_str, monster_def=m_def,
                        characters_str=dealt, trashed=[self.cards[u].name for u in dead], monster_trashed=monster_dies)
        b.trashed_chars = tuple(dead)
        if monster_dies and not stand_in:
            b.killers = tuple(by)
        bone = bool(self.lasting) and self._lasting_on("bone")
        for u in dead:
            self._trash_character(b.char_player, u)
            if bone and not stand_in:  # Dragon Bone: the monster's owner gains 1 for each character it trashes
                self.players[b.monster_owner].available += 1
            for e in fx.on_kills_character:
                self._do(e, b.monster_uid, b.monster_owner, land_owner, pos)
            if self._outcome is not None:
                return
        if monster_dies and not stand_in:
            self._trash_monster(land_owner, pos, in_battle=True)

    def _end_of_battle(self, b: Battle) -> None:
        """MANA-FX-END-1: 'if it survived' effects need the monster alive; 'at the end of battle' ones happen
        either way, on the land the battle was fought on. Then the characters' end-of-battle abilities and what
        supports and techniques said would happen at the end (MANA-FX-END-3)."""
        cards = self.cards
        card = cards[b.monster_uid]
        if not (b.flags or b.techs or card.effects.on_survived_battle or card.effects.on_end_of_battle) \
                and not any(cards[u].effects.on_end_of_battle for u in b.chars):
            return  # nobody has anything to do at the end of this battle (the usual case)
        found = self._battle_monster(b)
        place = self._battle_place(b)
        land = self._battle_land(b)
        stand_in = self._flag(b, "stand_in") is not None
        monster = self.players[found[0]].lands[found[1]].monster if found is not None else None
        stand = monster or Monster(b.monster_uid, b.monster_owner, True)
        owner = place[0] if place is not None else None
        ctx = _Ctx(True, b.kind is _BattleKind_CHARACTER_ATTACK, owner, b.kind, land.uid if land is not None else None)
        fx = NO_EFFECTS if stand_in or self._monster_disabled(b) else card.effects
        effects = (fx.on_survived_battle if found is not None else ()) + fx.on_end_of_battle
        for e in effects:
            if self._outcome is not None:
                return
            if self._cond(e, stand, owner, ctx):
                self._do(e, b.monster_uid, b.monster_owner, owner, place[1] if place is not None else None)
        # the characters' end-of-battle abilities (Niccolo, Sandra, Cap'n Tusk need a tapping battle survived)
        p = self.players[b.char_player]
        for u in b.chars:
            if self._outcome is not None:
                return
            for e in self.cards[u].effects.on_end_of_battle:
                if e.verb is _Verb_TRASH_LAND_IF_KILLED:  # Larc
                    if u in b.killers and place is not None:
                        self._lose_land(place[0], place[1])
                    continue
                if e.cond is _Cond_TAPPING_BATTLE and (b.kind is _BattleKind_PARTY_ATTACK or p.character(u) is None):
                    continue
                self._effect(e, b.char_player, A.UseCard(u))
        found = self._battle_monster(b)
        for flag, _seat, _arg in b.flags:
            if flag == "pokiehl" and found is not None and place is not None and not stand_in:
                self._trash_monster(found[0], found[1], in_battle=True)
                self._lose_land(place[0], place[1])
            elif flag == "freeze" and found is not None and not stand_in:  # Crystalle: back to its owner's hand
                self._monster_to_hand(found)
            elif flag == "prayer" and b.monster_trashed:  # Nouvelle's Prayer
                q = self.players[b.monster_owner]
                if b.monster_uid in q.discard:
                    q.discard.remove(b.monster_uid)
                    q.hand.append(b.monster_uid)
            found = self._battle_monster(b)
        for e, char in self._tech_verbs_all(b):
            if e.verb is _Verb_RETURN_MONSTER_IF_SURVIVES and found is not None and not stand_in:
                self._monster_to_hand(found)  # Lo and Behold
                found = None
            elif e.verb is _Verb_RETURN_IF_TRASHED and char in b.trashed_chars and char in p.char_discard:
                p.char_discard.remove(char)  # Shockwave: back to the party, tapped
                p.party.append(Character(char, True))

    def _tech_verbs_all(self, b: Battle) -> list[tuple[Effect, int]]:
        """Techniques used in this battle, equipped or not now (Shockwave's character was trashed)."""
        if not b.techs or self._characters_disabled(b):
            return []
        return [(self.cards[item].effects.techniques[idx], char) for item, char, idx in b.techs]

    def _finish_battle(self, b: Battle) -> None:
        p = self.players[b.char_player]
        if b.kind is not _BattleKind_PARTY_ATTACK:  # MANA-BATTLE-3/4: attackers and blockers tap
            for u in b.chars:
                c = p.character(u)
                if c is not None:
                    c.tapped = True
        for e, char in self._tech_verbs(b):
            if e.verb is _Verb_UNTAP_AFTER:  # Deep Slice, Splashblade
                c = p.character(char)
                if c is not None:
                    c.tapped = False
        draw = self._flag(b, "draw")
        if draw is not None:  # Sage Tote's Mediation: the character untaps after the battle
            c = p.character(draw[2])
            if c is not None:
                c.tapped = False
        self.battle = None
        found = self._battle_monster(b)
        if b.kind is _BattleKind_MOVEMENT and found is not None and b.destination is not None:
            self._complete_move(found, b.destination)
            found = self._battle_monster(b)
        if b.opened_here and found is not None:  # Iron Centaur's devastation, deferred (MANA-FX-OPEN-3)
            monster = self.players[found[0]].lands[found[1]].monster
            assert monster is not None
            for e in self.cards[b.monster_uid].effects.on_open:
                if e.verb is _Verb_TRASH_LAND_AND_SELF and self._cond(e, monster, found[0], _Ctx(False, False,
                                                                                                 found[0])):
                    self._do(e, b.monster_uid, b.monster_owner, found[0], found[1])
