"""What the Legend of Mana rule modules share: the rule constants (MANA-SETUP-3 `HAND_SIZE`, MANA-WIN-1
`WIN_MANA` ...), the win reasons, the arrow readings, Enum members bound to module names for the hot paths, what
an effect's condition may ask about (`_Ctx`: monsters.py, battle.py and card_effects.py build it, fields.py types
it), and a few small helpers. game.py re-exports the names of the game's contract (`WinReason`, `ArrowReading`)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from tcgsim.cards import one_per_card
from tcgsim.games.mana.cards import Attr, Kind
from tcgsim.games.mana.effects import CardEffects, Cond, Verb
from tcgsim.games.mana.state import BattleKind, ChoiceKind, Phase

HAND_SIZE = 7  # MANA-SETUP-3: 開始手札 7枚, and the hand limit (MANA-TURN-9)
PARTY_SIZE = 3  # MANA-CHAR-2: パーティーエリアに常時 3体
WIN_MANA = 12  # MANA-WIN-1
WIN_LANDS = 9  # MANA-WIN-3
GRID = 3  # MANA-LAND-4: 3 * 3 の枠
LET_THROUGH_COST = 1  # MANA-BATTLE-9: a party lets a monster through for 1 mana
BATTLE_MONSTER = -2  # UseCard.target naming the monster of the battle (its uid may be hidden)
STAND_IN_STATS = (4, 4)  # Professor Thesenis's Unexpected Appearance: a Dark 4/4 monster
NO_EFFECTS = CardEffects()


class WinReason(StrEnum):
    MANA_12 = "mana_12"  # MANA-WIN-1: 総マナ数が 12以上 (own start phase)
    PARTY_ROUTED = "party_routed"  # MANA-WIN-2: all 8 enemy characters gone
    LANDS_9 = "lands_9"  # MANA-WIN-3: 9 lands placed
    DECK_OUT = "deck_out"  # MANA-WIN-4: the enemy cannot draw at its start phase


class ArrowReading(StrEnum):
    """MANA-LAND-5: which arrows count when a land is placed (the seed's wording read two ways)."""

    OUTGOING = "outgoing"  # the new land's own arrows toward its occupied neighbours (default)
    INCOMING = "incoming"  # the neighbours' arrows pointing at the new land


class MoveBattleReading(StrEnum):
    """MANA-BATTLE-11: where a movement battle (a block) is fought: its land effects and attribute bonus."""

    ORIGIN = "origin"  # the seed: 途中で倒されなかった時に移動が完了する: fought before it arrives, where it stands
    DESTINATION = "destination"  # on the land being entered (the old reading)


class WindowReading(StrEnum):
    """MANA-FX-WINDOW-1: when a battle's windows open against a face-down monster."""

    REVEAL_FIRST = "reveal_first"  # the monster opens first, then the sides alternate until both pass
    BEFORE_REVEAL = "before_reveal"  # the old order: the characters' side, the monster's side, then the opening


class StealReading(StrEnum):
    """MANA-MON-8: which of the land owner's pools an arriving monster takes the land's base mana from."""

    SPENT_ONLY = "spent_only"  # the seed: ランド側の使用済みマナ置き場から; a short spent pool gives less (default)
    SPENT_FIRST = "spent_first"  # the spent pool first, then the available pool for the rest (the old reading)


# Enum members bound to module names for the hot paths (`_Kind_MONSTER is Kind.MONSTER`): in Python 3.11 an
# attribute of an Enum class costs about four times a global, as EnumType defines __getattr__, and the engine
# and the AI compare against members millions of times a benchmark run.
_ArrowReading_INCOMING = ArrowReading.INCOMING
_ArrowReading_OUTGOING = ArrowReading.OUTGOING
_StealReading_SPENT_ONLY = StealReading.SPENT_ONLY
_MoveBattleReading_DESTINATION = MoveBattleReading.DESTINATION
_WindowReading_BEFORE_REVEAL = WindowReading.BEFORE_REVEAL
_BattleKind_CHARACTER_ATTACK = BattleKind.CHARACTER_ATTACK
_BattleKind_MOVEMENT = BattleKind.MOVEMENT
_BattleKind_PARTY_ATTACK = BattleKind.PARTY_ATTACK
_ChoiceKind_ASSIGN_DAMAGE = ChoiceKind.ASSIGN_DAMAGE
_ChoiceKind_BATTLE_WINDOW = ChoiceKind.BATTLE_WINDOW
_ChoiceKind_BLOCK = ChoiceKind.BLOCK
_ChoiceKind_CANCEL = ChoiceKind.CANCEL
_ChoiceKind_DEFEND_PARTY = ChoiceKind.DEFEND_PARTY
_ChoiceKind_DISCARD = ChoiceKind.DISCARD
_ChoiceKind_DUEL = ChoiceKind.DUEL
_ChoiceKind_END_DISCARD = ChoiceKind.END_DISCARD
_ChoiceKind_MULLIGAN = ChoiceKind.MULLIGAN
_ChoiceKind_PAY_TO_RETURN = ChoiceKind.PAY_TO_RETURN
_ChoiceKind_PICK_CARD = ChoiceKind.PICK_CARD
_ChoiceKind_PICK_PLACE = ChoiceKind.PICK_PLACE
_ChoiceKind_SACRIFICE = ChoiceKind.SACRIFICE
_ChoiceKind_SWAP = ChoiceKind.SWAP
_ChoiceKind_TAP_CHARACTER = ChoiceKind.TAP_CHARACTER
_ChoiceKind_TRASH_CHARACTER = ChoiceKind.TRASH_CHARACTER
_Cond_ALONE = Cond.ALONE
_Cond_IN_BATTLE = Cond.IN_BATTLE
_Cond_LAND_NOT = Cond.LAND_NOT
_Cond_MOVEMENT_BATTLE = Cond.MOVEMENT_BATTLE
_Cond_ON_A_LAND = Cond.ON_A_LAND
_Cond_ON_ENEMY_LAND = Cond.ON_ENEMY_LAND
_Cond_ON_OWN_LAND = Cond.ON_OWN_LAND
_Cond_OPENED_BY_CHARACTER_ATTACK = Cond.OPENED_BY_CHARACTER_ATTACK
_Cond_OWN_MONSTER = Cond.OWN_MONSTER
_Cond_PARTY_BATTLE = Cond.PARTY_BATTLE
_Cond_TAPPING_BATTLE = Cond.TAPPING_BATTLE
_Cond_VS_COST_AT_LEAST = Cond.VS_COST_AT_LEAST
_Cond_VS_ENEMY_LAND = Cond.VS_ENEMY_LAND
_Cond_VS_FACEDOWN = Cond.VS_FACEDOWN
_Cond_VS_OPEN = Cond.VS_OPEN
_Cond_VS_OWN_LAND = Cond.VS_OWN_LAND
_Kind_ARTIFACT = Kind.ARTIFACT
_Kind_CHARACTER = Kind.CHARACTER
_Kind_ITEM = Kind.ITEM
_Kind_MONSTER = Kind.MONSTER
_Kind_SUPPORT = Kind.SUPPORT
_Phase_END = Phase.END
_Phase_MAIN = Phase.MAIN
_Phase_MULLIGAN = Phase.MULLIGAN
_Phase_OVER = Phase.OVER
_Phase_PLACEMENT = Phase.PLACEMENT
_Verb_ARRANGE_CHARACTER_DECK = Verb.ARRANGE_CHARACTER_DECK
_Verb_SWAP_WITH_CHARACTER_DECK = Verb.SWAP_WITH_CHARACTER_DECK
_Verb_BATTLE_FLAG = Verb.BATTLE_FLAG
_Verb_BECOME_LAND = Verb.BECOME_LAND
_Verb_CHARACTER_TRASHED_HERE = Verb.CHARACTER_TRASHED_HERE
_Verb_DAMAGE_EACH_CHARACTER = Verb.DAMAGE_EACH_CHARACTER
_Verb_DISABLE_MONSTER_SKILLS = Verb.DISABLE_MONSTER_SKILLS
_Verb_DISCARD = Verb.DISCARD
_Verb_DISCARD_HAND_DRAW = Verb.DISCARD_HAND_DRAW
_Verb_DRAW = Verb.DRAW
_Verb_DRAW_TO = Verb.DRAW_TO
_Verb_DUEL = Verb.DUEL
_Verb_FIRST_STRIKE = Verb.FIRST_STRIKE
_Verb_FORCE_BATTLE = Verb.FORCE_BATTLE
_Verb_GAIN_MANA = Verb.GAIN_MANA
_Verb_LAND_FROM_DISCARD = Verb.LAND_FROM_DISCARD
_Verb_LASTING = Verb.LASTING
_Verb_LOSE_MANA = Verb.LOSE_MANA
_Verb_MAY_PAY_RETURN_TO_HAND = Verb.MAY_PAY_RETURN_TO_HAND
_Verb_MILL_CHOOSE = Verb.MILL_CHOOSE
_Verb_MODIFY = Verb.MODIFY
_Verb_MODIFY_ALLIES = Verb.MODIFY_ALLIES
_Verb_MODIFY_MONSTER = Verb.MODIFY_MONSTER
_Verb_MODIFY_OPPONENTS = Verb.MODIFY_OPPONENTS
_Verb_MODIFY_TARGET = Verb.MODIFY_TARGET
_Verb_MONSTER_TRASHED_HERE = Verb.MONSTER_TRASHED_HERE
_Verb_MOVE_LAND = Verb.MOVE_LAND
_Verb_NO_DAMAGE = Verb.NO_DAMAGE
_Verb_NO_TECHNIQUES = Verb.NO_TECHNIQUES
_Verb_OPEN_MONSTERS = Verb.OPEN_MONSTERS
_Verb_PEEK_MONSTER = Verb.PEEK_MONSTER
_Verb_PER_ITEM = Verb.PER_ITEM
_Verb_PLACE_AS_MONSTER = Verb.PLACE_AS_MONSTER
_Verb_RESHUFFLE_DRAW = Verb.RESHUFFLE_DRAW
_Verb_RETURN_CHARACTER_FROM_DISCARD = Verb.RETURN_CHARACTER_FROM_DISCARD
_Verb_RETURN_FROM_DISCARD = Verb.RETURN_FROM_DISCARD
_Verb_RETURN_IF_TRASHED = Verb.RETURN_IF_TRASHED
_Verb_RETURN_LAND_TO_HAND = Verb.RETURN_LAND_TO_HAND
_Verb_RETURN_MONSTER_IF_SURVIVES = Verb.RETURN_MONSTER_IF_SURVIVES
_Verb_REVEAL_DECK = Verb.REVEAL_DECK
_Verb_SACRIFICE_FROM_HAND = Verb.SACRIFICE_FROM_HAND
_Verb_SEARCH = Verb.SEARCH
_Verb_SET_STAT = Verb.SET_STAT
_Verb_SET_STATS = Verb.SET_STATS
_Verb_STAND_IN = Verb.STAND_IN
_Verb_STR_PLUS_MONSTER_COST = Verb.STR_PLUS_MONSTER_COST
_Verb_TAP_ALL_CHARACTERS = Verb.TAP_ALL_CHARACTERS
_Verb_TAP_CHARACTER = Verb.TAP_CHARACTER
_Verb_TAP_OR_UNTAP = Verb.TAP_OR_UNTAP
_Verb_TO_CHARACTER_DECK = Verb.TO_CHARACTER_DECK
_Verb_TO_TOP_FROM_DISCARD = Verb.TO_TOP_FROM_DISCARD
_Verb_TRASH_BOTH = Verb.TRASH_BOTH
_Verb_TRASH_CHARACTER = Verb.TRASH_CHARACTER
_Verb_TRASH_FROM_HAND = Verb.TRASH_FROM_HAND
_Verb_TRASH_ITEM = Verb.TRASH_ITEM
_Verb_TRASH_ITEMS = Verb.TRASH_ITEMS
_Verb_TRASH_ITEM_IN_BATTLE = Verb.TRASH_ITEM_IN_BATTLE
_Verb_TRASH_LAND = Verb.TRASH_LAND
_Verb_TRASH_LAND_AND_SELF = Verb.TRASH_LAND_AND_SELF
_Verb_TRASH_LAND_IF_KILLED = Verb.TRASH_LAND_IF_KILLED
_Verb_TRASH_MISMATCHED = Verb.TRASH_MISMATCHED
_Verb_TRASH_MONSTER = Verb.TRASH_MONSTER
_Verb_TRASH_SELF = Verb.TRASH_SELF
_Verb_TRASH_TOP_CHARACTER_DECK = Verb.TRASH_TOP_CHARACTER_DECK
_Verb_TRICKSHOT = Verb.TRICKSHOT
_Verb_UNTAP_AFTER = Verb.UNTAP_AFTER
_Verb_UNTAP_CHARACTER = Verb.UNTAP_CHARACTER


def _opp(player: int) -> int:
    return 1 - player


_ATTR_NAME = {a: a.name.lower() for a in Attr}  # as the card data names them (an Enum's .name is slow to read)


# builds an action record from the tuple of all its fields: what its NamedTuple constructor does, without the
# Python-level call (legal actions are built by the tens of thousands a second)
_new = tuple.__new__


@dataclass(frozen=True, slots=True)
class _Ctx:
    """What an effect's condition may ask about: the battle (if any), how the monster was opened, its land."""

    in_battle: bool
    by_character_attack: bool
    land_owner: int | None
    battle_kind: BattleKind | None = None
    land_uid: int | None = None  # the land the monster fights on (None: attacking the party)


_distinct = one_per_card  # one uid per card id (two copies give the same choices: offer them once)
