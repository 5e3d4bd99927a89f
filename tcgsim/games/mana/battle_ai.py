"""The scripted Legend of Mana players' judgement of battles (`BattleJudgement`, a mixin of ai.ScriptedAgent).

In a battle window: the supports a side may use and the techniques of the items its characters carry, each judged
by how it turns the battle as it stands, worked out from `ManaView.battle_numbers` (the sides' STR and DEF with
what was used so far): the monster killed or saved, characters trashed or saved. What the view does not spell out
(the rules each side already set in this battle, whether the monster was face up when it began) is read off the
public part of a position sampled from the view (`_public_battle`), only when a card needs it. Out of one: the
battle King of the Winds Selva forces. The module's functions are the fight and the worths the field play of
ai.py and the card uses of card_ai.py share (a monster's skills that a plain count leaves out, the outcome of a
fight, what a monster of ours and a character of theirs are worth)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from tcgsim.games.mana import actions as A
from tcgsim.games.mana.cards import Kind
from tcgsim.games.mana.effects import Cond, Effect, Verb
from tcgsim.games.mana.state import BattleKind
from tcgsim.games.mana.view import BattleView, ManaView

# Enum members bound to module names (as in ai.py: an Enum attribute costs about four globals).
_BattleKind_CHARACTER_ATTACK = BattleKind.CHARACTER_ATTACK
_BattleKind_PARTY_ATTACK = BattleKind.PARTY_ATTACK
_Kind_ITEM = Kind.ITEM
_Verb_BATTLE_FLAG = Verb.BATTLE_FLAG
_Verb_DAMAGE_EACH_CHARACTER = Verb.DAMAGE_EACH_CHARACTER
_Verb_DISABLE_MONSTER_SKILLS = Verb.DISABLE_MONSTER_SKILLS
_Verb_FIRST_STRIKE = Verb.FIRST_STRIKE
_Verb_MODIFY = Verb.MODIFY
_Verb_MODIFY_MONSTER = Verb.MODIFY_MONSTER
_Verb_MODIFY_OPPONENTS = Verb.MODIFY_OPPONENTS
_Verb_MODIFY_TARGET = Verb.MODIFY_TARGET
_Verb_NO_DAMAGE = Verb.NO_DAMAGE
_Verb_RETURN_IF_TRASHED = Verb.RETURN_IF_TRASHED
_Verb_STAND_IN = Verb.STAND_IN
_Verb_STR_PLUS_MONSTER_COST = Verb.STR_PLUS_MONSTER_COST
_Verb_TRASH_ITEM = Verb.TRASH_ITEM
_Verb_TRASH_MONSTER = Verb.TRASH_MONSTER

BATTLE_MONSTER = -2  # a use's target naming the battle's monster (common.BATTLE_MONSTER)
KILL = 5.0  # the monster of a battle killed (or, for its side, saved), against ending the window
CHARACTER = 3.0  # a character of the battle trashed (or saved)
HOLD = -0.5  # a use that changes nothing now: keep it to answer what the other side does next
# battle flags after which nothing more is dealt in this battle (Crystalle's Freezing Sigh, Sage Tote's Mediation)
_NO_DAMAGE_FLAGS = frozenset({"freeze", "draw"})

# (monster trashed, characters trashed) of a battle as it stands
Outcome = tuple[bool, int]


def losses(m_str: int, defs: Sequence[int], each: bool) -> int:
    """How many characters a monster's damage trashes: its STR dealt to every one of them (Sky Dragon), else
    spent on the cheapest first (its side orders the damage, MANA-BATTLE-6)."""
    if m_str <= 0:
        return 0
    if each:
        return sum(1 for d in defs if m_str >= d)
    lost = 0
    for d in sorted(defs):
        if m_str >= d:
            m_str -= d
            lost += 1
        else:
            break
    return lost


def deals_to_each(monster: Any) -> int:
    """The damage a monster deals to every character of its battle (Sky Dragon's 3), 0 if it splits its STR."""
    if monster is None:
        return 0
    return next((int(e.amount or 0) for e in monster.effects.battle if e.verb is _Verb_DAMAGE_EACH_CHARACTER), 0)


# (strikes first, STR change of its opponents, deals its STR to each of them) of a monster: `battle_skills`
Special = tuple[bool, int, bool]


def battle_skills(card: Any) -> Special | None:
    """(strikes first, STR change of its opponents, deals its STR to each of them) of a known monster that has one
    of these skills (Akravator, Malboro, Sky Dragon), else None: what the plain count of a fight leaves out."""
    if card is None:
        return None
    minus = sum(e.str_ for e in card.effects.battle if e.verb is _Verb_MODIFY_OPPONENTS)
    each = deals_to_each(card) > 0
    if card.effects.first_strike or minus or each:
        return card.effects.first_strike, minus, each
    return None


def fight(m_str: int, m_def: int, stats: Sequence[tuple[int, int]], special: Special) -> tuple[bool, int]:
    """(the characters kill the monster, how many of them it kills) against a monster that strikes first (those
    it kills deal no damage), lowers its opponents' STR, or deals its STR to each of them (Sky Dragon); else its
    side spends its STR on the cheapest first."""
    first, minus, each = special
    pairs = sorted(((d, -max(0, s + minus)) for s, d in stats))  # equal DEF: the stronger one falls first
    left = m_str
    killing = m_str > 0
    lost = dealt = 0
    for d, neg in pairs:
        if killing and left >= d:
            if not each:
                left -= d
            lost += 1
            if first:
                continue
        else:
            killing = False
        dealt -= neg
    return dealt >= m_def, lost


def monster_value(card: Any) -> float:
    """What a monster card of ours is worth on the field before it acts (what a placement scores): more for a
    stronger one."""
    return 1.0 + 0.1 * (card.str_ + card.def_)


def character_worth(card: Any) -> float:
    """What trashing an enemy character is worth (one of the eight they must lose), more for a stronger one (an
    unknown one as an average)."""
    return 4.0 + 0.3 * ((card.str_ + card.def_) if card is not None else 4)


def gain(before: Outcome, after: Outcome, chars_side: bool) -> float:
    """How much turning the battle from `before` to `after` is worth to the characters' side or the monster's;
    HOLD when it is not better (a use that changes nothing is kept for later)."""
    kill = after[0] - before[0]
    saved = before[1] - after[1]
    value = KILL * kill + CHARACTER * saved if chars_side else -KILL * kill - CHARACTER * saved
    return value if value > 0 else HOLD


class BattleJudgement:
    """How much a side likes using a support or a technique in a battle window."""

    _public: Any  # the public battle of this decision (`_public_battle`); None: not looked at yet

    if TYPE_CHECKING:  # card_ai.CardJudgement's, declared for mypy alone
        def _my_party(self, view: ManaView) -> set[int]: ...

    def _public_battle(self, view: ManaView) -> Any:
        """The battle as both players see it, for the public facts `BattleView` leaves out (`flags`: the battle
        rules each side set, `was_open`): read off a position sampled from our view, in which only what we cannot
        see differs, so nothing hidden is read (once per decision, and only for the cards that need it)."""
        found = self._public
        if found is None:
            sampled: Any = view.sample(random.Random(0))
            found = self._public = sampled.battle
        return found

    def _flags(self, view: ManaView) -> set[str]:
        """The battle rules already set in this battle (Nouvelle's Prayer, Crystalle's Freezing Sigh...)."""
        b = self._public_battle(view)
        return {f for f, _seat, _arg in b.flags} if b is not None else set()

    def _battle_use(self, view: ManaView, a: A.UseCard, card: Any, user: int | None = None) -> float:
        """An in-battle support or technique: worth paying for when it wins the battle or saves a character. What
        it is worth to `user` (default: us), so that we can weigh the opponent's use we may cancel."""
        numbers = view.battle_numbers()
        battle = view.battle()
        if numbers is None or battle is None:
            return -1.0
        total, defs, m_str, m_def = numbers
        user = view.player if user is None else user
        chars_side = user != battle.monster_owner
        monster = battle.monster
        each = deals_to_each(monster) > 0 and not self._skills_off(view, battle)
        before = (total >= m_def, losses(m_str, defs, each))
        if card.kind is _Kind_ITEM:
            e = card.effects.techniques[a.x]
            cost = 0 if e.needs else e.cost
            after = self._technique(view, battle, e, a.target, numbers, each)
            if after is None:
                return HOLD - 0.2 * cost
            value = gain(before, after, chars_side)
            if value > 0 and e.cond is Cond.VS_OPEN and not self._public_battle(view).was_open:
                return HOLD - 0.2 * cost  # the monster was face down when the battle began: it does nothing
            return value - 0.2 * cost
        e = next((e for e in card.effects.battle), None)
        if e is None:
            return -1.0
        cost = 0.2 * (card.cost or 0)
        dies, lost = before
        if e.verb is _Verb_MODIFY_TARGET:
            if a.target == BATTLE_MONSTER:
                after = (total >= m_def + e.def_, losses(m_str + e.str_, defs, each))
                return gain(before, after, chars_side) - cost
            if a.target not in (self._my_party(view) if user == view.player else {u for u, _t in view.party(user)}):
                return -1.0
            new_defs = _with_def(defs, _printed_def(view, a.target), e.def_)
            after = (total + e.str_ >= m_def, losses(m_str, new_defs, each))
            return gain(before, after, chars_side) - cost
        if e.verb is _Verb_BATTLE_FLAG or e.verb is _Verb_STAND_IN:
            value = self._flag_value(e, battle, dies, lost, chars_side, user) - cost
            if value > 0:  # worth it, unless the battle already has it (read only then: it takes a sample)
                flags = self._flags(view)
                flag = "stand_in" if e.verb is _Verb_STAND_IN else e.flag
                if flag in flags or flags & _NO_DAMAGE_FLAGS:
                    return -1.0  # already set in this battle, or no damage will be dealt in it: it does nothing
            return value
        if e.verb is _Verb_TRASH_MONSTER:  # Shadole: the monster and one character of the battle go, no damage
            after = (True, min(1, len(defs)))
            return gain(before, after, chars_side) - cost
        if e.verb is _Verb_TRASH_ITEM:
            return 1.0 - cost
        return HOLD

    def _forced_battle_value(self, view: ManaView, a: A.UseCard) -> float:
        """King of the Winds Selva: their character `a.target` (untapped first) fights our monster at `a.at[0]` as
        if it attacked it, and is tapped afterwards. Worth the character if our monster kills it, less our monster
        if the character kills it (a face-down one is opened: we pay its cost, and lose it if we cannot), and a
        little for a blocker of theirs tapped for the rest of our turn."""
        char = view.card(a.target)
        mine = view.monster_card(a.at[0]) if a.at else None
        found = view.monster_strength(a.at[0], _BattleKind_CHARACTER_ATTACK) if a.at else None
        if char is None or mine is None or found is None:
            return -1.0
        m_str, m_def = found
        where = a.at[0]
        face_up = next((up for w, _o, _u, up, _a in view.monsters() if w == where), True)
        cost = 0 if face_up else (mine.cost or 0)
        if cost > view.available(view.player):
            return -1.0  # opened and not paid for: trashed before it fights
        stats = [(char.str_, char.def_)]
        skills = battle_skills(mine)
        if skills is not None and not char.effects.pearl:
            dies, lost = fight(m_str, m_def, stats, skills)
        else:
            dies, lost = char.str_ >= m_def, (1 if m_str >= char.def_ else 0)
        tapped = dict(view.party(1 - view.player)).get(a.target, True)
        value = (character_worth(char) if lost else 0.0) - (monster_value(mine) + _held(view, where) if dies else 0.0)
        return value + (0.0 if tapped else 0.5) - 0.15 * cost

    @staticmethod
    def _flag_value(e: Effect, battle: BattleView, dies: bool, lost: int, chars_side: bool, user: int) -> float:
        """A battle rule set by a support, as the battle stands: a stand-in (Professor Thesenis) or a prayer
        (Nouvelle's) for a monster that would die, no damage (Crystalle, Sage Tote) for the side that would lose
        something, Pokiehl's land for characters that cannot kill a monster on their opponent's land."""
        if e.verb is _Verb_STAND_IN:
            return 3.0 if dies else -1.0
        if e.flag == "freeze" or e.flag == "draw":
            return 3.0 if (lost if chars_side else dies) else -1.0
        if e.flag == "prayer":
            return 2.5 if dies else -1.0
        if e.flag == "pokiehl":
            where = battle.where
            return 3.0 if chars_side and not dies and where is not None and where[0] != user else -1.0
        if e.flag == "auction":
            return 0.5
        return HOLD

    def _skills_off(self, view: ManaView, battle: BattleView) -> bool:
        """Are the monster's skills off in this battle by a character fighting it (Princess Pearl)?"""
        for u in battle.chars:
            c = view.card(u)
            if c is not None and c.effects.pearl:
                return True
        return False

    def _technique(self, view: ManaView, battle: BattleView, e: Effect, target: int,
                   numbers: tuple[int, list[int], int, int], each: bool) -> Outcome | None:
        """The battle's outcome once the character `target` uses technique `e`; None if it changes nothing we
        can count (its condition does not hold, or it does what the numbers do not show)."""
        total, defs, m_str, m_def = numbers
        monster = battle.monster
        v = e.verb
        if v is _Verb_MODIFY:
            if not self._technique_applies(view, battle, e):
                return None
            ds = e.str_
            if e.vs is not None and monster is not None and monster.attribute is not None \
                    and monster.attribute.name.lower() == e.vs:
                ds += e.vs_str
            return total + ds >= m_def, losses(m_str, _with_def(defs, _printed_def(view, target), e.def_), each)
        if v is _Verb_MODIFY_MONSTER:  # Bird of Prey: the monster's STR or DEF
            return total >= m_def + e.def_, losses(max(0, m_str + e.str_), defs, each)
        if v is _Verb_STR_PLUS_MONSTER_COST:
            cost = monster.cost if monster is not None and monster.cost is not None else 0
            return total + cost >= m_def, losses(m_str, defs, each)
        if v is _Verb_FIRST_STRIKE:  # Tiger Claw: enough damage first, and the monster deals none
            char = view.card(target)
            first = monster is not None and monster.effects.first_strike
            if char is not None and not first and char.str_ >= m_def:
                return True, 0
            return None
        if v is _Verb_DISABLE_MONSTER_SKILLS:  # Flowers of Gold, Phenomenal Fist: the monster's skills are off
            if monster is None:
                return None
            each_damage = deals_to_each(monster) if each else 0
            minus = sum(x.str_ for x in monster.effects.battle if x.verb is _Verb_MODIFY_OPPONENTS)
            if not each_damage and not minus:
                return None
            return total - minus * len(defs) >= m_def, losses(max(0, m_str - each_damage), defs, False)
        if v is _Verb_NO_DAMAGE:  # Flying Sawblades: nobody is hurt
            return False, 0
        if v is _Verb_RETURN_IF_TRASHED:  # Shockwave: a character it would trash comes back
            lost = losses(m_str, defs, each)
            char = view.card(target)
            if lost and char is not None and char.def_ in sorted(defs)[:lost]:
                return total >= m_def, lost - 1
            return None
        return None

    def _technique_applies(self, view: ManaView, battle: BattleView, e: Effect) -> bool:
        """Does a technique's condition hold in this battle (battle.py `_tech_applies`, from what we see)? Against a
        monster face up when the battle began, it may: `_battle_use` looks when it matters."""
        cond = e.cond
        if cond is None:
            return True
        place = battle.where if battle.kind is not _BattleKind_PARTY_ATTACK else None
        if cond is Cond.VS_OWN_LAND:
            return place is not None and place[0] == view.player
        if cond is Cond.VS_ENEMY_LAND:
            return place is not None and place[0] != view.player
        if cond is Cond.VS_COST_AT_LEAST:
            monster = battle.monster
            return monster is not None and (monster.cost or 0) >= int(e.cond_arg or 0)
        # face up when the battle began (VS_OPEN): a public fact the battle view leaves out, read (it takes a
        # sample) only for a technique worth using otherwise (`_battle_use`)
        return cond is Cond.VS_OPEN


def _held(view: ManaView, where: tuple[int, int, int]) -> float:
    """What our monster standing on an enemy land holds there: the land's base mana (it goes back if the monster
    falls)."""
    if where[0] == view.player:
        return 0.0
    land = view.land_card(where[0], (where[1], where[2]))
    return float(land.base_mana) if land is not None else 0.0


def _printed_def(view: ManaView, uid: int) -> int | None:
    card = view.card(uid)
    return card.def_ if card is not None else None


def _with_def(defs: Sequence[int], own: int | None, more: int) -> list[int]:
    """The characters' DEFs once one of them gets `more`: the one whose printed DEF is `own` if it is there (the
    numbers may include other changes), else the weakest (roughly: the one a DEF support saves)."""
    new = list(defs)
    if more and new:
        i = new.index(own) if own is not None and own in new else new.index(min(new))
        new[i] += more
    return new
