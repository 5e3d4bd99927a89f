"""The mutable Legend of Mana position: slots, ints and small lists, cheap to copy.

Cards are instances numbered 0..N-1 (`uid`); their printed values live in the immutable `ManaGame.cards`.
Every uid is in exactly one zone at all times (the conservation test checks it).
"""

from __future__ import annotations

from enum import IntEnum

Pos = tuple[int, int]


class Phase(IntEnum):
    MULLIGAN = 0
    MAIN = 1
    PLACEMENT = 2
    END = 3
    OVER = 4


class BattleKind(IntEnum):
    CHARACTER_ATTACK = 0  # characters attack a monster (main phase); attackers tap
    MOVEMENT = 1  # characters block a monster moving into their land; blockers tap
    PARTY_ATTACK = 2  # a monster attacks the party; defenders do not tap, tapped ones fight with STR 0


class ChoiceKind(IntEnum):
    MULLIGAN = 0
    BLOCK = 1
    DEFEND_PARTY = 2
    ASSIGN_DAMAGE = 3
    DISCARD = 4  # discard cards of one's choice (an effect)
    END_DISCARD = 5  # hand down to 7 at the end of the turn
    TRASH_CHARACTER = 6  # choose one of some characters to trash
    TAP_CHARACTER = 7
    PAY_TO_RETURN = 8  # pay mana to return a trashed monster to hand
    SACRIFICE = 9  # Goblin: trash monster cards from hand for a bonus
    CANCEL = 10  # the other player may answer a card being used (a cancel support, Gilbert) or pass
    BATTLE_WINDOW = 11  # a player may use in-battle supports and item techniques, then passes
    PICK_CARD = 12  # choose one of some cards (search, return, arrange): `options` are uids
    PICK_PLACE = 13  # choose a monster on the field: `options` are encoded places (see game._code)
    DUEL = 14  # Duelle's Battle Arena: the other player picks its fighter
    SWAP = 15  # Hero / Heroine at character replenishment: swap a character with the character deck, or pass


class Monster:
    __slots__ = ("uid", "owner", "face_up", "acted", "stolen", "seen")

    def __init__(self, uid: int, owner: int, face_up: bool) -> None:
        self.uid = uid
        self.owner = owner
        self.face_up = face_up
        self.acted = False  # its one action of the turn (move or attack) is used
        self.stolen = 0  # mana taken from the owner of the land it stands on (returned when it goes)
        self.seen = False  # face down, but its owner's opponent has seen it (Miss Yuka's Retort)

    def copy(self) -> Monster:
        m = _new_monster(Monster)  # no __init__: every slot is set here (clones make many)
        m.uid = self.uid
        m.owner = self.owner
        m.face_up = self.face_up
        m.acted = self.acted
        m.stolen = self.stolen
        m.seen = self.seen
        return m

    def sig(self) -> tuple[int, int, bool, bool, int, bool]:
        return (self.uid, self.owner, self.face_up, self.acted, self.stolen, self.seen)


class Land:
    __slots__ = ("uid", "monster")

    def __init__(self, uid: int, monster: Monster | None = None) -> None:
        self.uid = uid
        self.monster = monster

    def copy(self) -> Land:
        land = _new_land(Land)
        land.uid = self.uid
        m = self.monster
        land.monster = m.copy() if m is not None else None
        return land


class Character:
    __slots__ = ("uid", "tapped", "items")

    def __init__(self, uid: int, tapped: bool = False, items: list[int] | None = None) -> None:
        self.uid = uid
        self.tapped = tapped
        self.items = items if items is not None else []

    def copy(self) -> Character:
        c = _new_character(Character)
        c.uid = self.uid
        c.tapped = self.tapped
        c.items = self.items[:]
        return c


class Player:
    __slots__ = ("deck", "hand", "discard", "char_deck", "char_discard", "party", "lands", "available", "used",
                 "land_made", "mulligan_done", "deck_revealed")

    def __init__(self) -> None:
        self.deck: list[int] = []  # the top of the deck is the END of the list
        self.hand: list[int] = []
        self.discard: list[int] = []
        self.char_deck: list[int] = []
        self.char_discard: list[int] = []
        self.party: list[Character] = []
        self.lands: dict[Pos, Land] = {}
        self.available = 0
        self.used = 0
        self.land_made = False
        self.mulligan_done = False
        self.deck_revealed = False  # Ancient Tablet: played face up

    @property
    def mana(self) -> int:
        return self.available + self.used

    def copy(self) -> Player:
        p = Player.__new__(Player)
        p.deck = self.deck[:]
        p.hand = self.hand[:]
        p.discard = self.discard[:]
        p.char_deck = self.char_deck[:]
        p.char_discard = self.char_discard[:]
        p.party = [c.copy() for c in self.party]
        p.lands = {pos: land.copy() for pos, land in self.lands.items()}
        p.available = self.available
        p.used = self.used
        p.land_made = self.land_made
        p.mulligan_done = self.mulligan_done
        p.deck_revealed = self.deck_revealed
        return p

    def character(self, uid: int) -> Character | None:
        for c in self.party:
            if c.uid == uid:
                return c
        return None

    def sig(self) -> tuple[object, ...]:
        return (
            tuple(self.deck), tuple(self.hand), tuple(self.discard), tuple(self.char_deck),
            tuple(self.char_discard), tuple((c.uid, c.tapped, tuple(c.items)) for c in self.party),
            tuple(sorted((pos, land.uid, land.monster.sig() if land.monster else None)
                         for pos, land in self.lands.items())),
            self.available, self.used, self.land_made, self.mulligan_done, self.deck_revealed,
        )


# the classes' allocators, bound once: copies set every slot themselves, without a Python-level __init__
_new_monster = Monster.__new__
_new_land = Land.__new__
_new_character = Character.__new__


class Battle:
    """A battle in progress. Refers to cards by uid and places by (land owner, position), so it copies as data."""

    __slots__ = ("kind", "attacker", "monster_uid", "monster_owner", "where", "destination", "chars",
                 "char_player", "step", "order", "bonus_str", "bonus_def", "opened_here", "trashed_chars",
                 "monster_trashed", "was_open", "mods", "techs", "flags", "killers", "windows", "quiet")

    def __init__(self, kind: BattleKind, attacker: int, monster_uid: int, monster_owner: int,
                 where: tuple[int, Pos] | None, destination: tuple[int, Pos] | None, chars: tuple[int, ...],
                 char_player: int) -> None:
        self.kind = kind
        self.attacker = attacker  # the player whose action started it
        self.monster_uid = monster_uid
        self.monster_owner = monster_owner
        self.where = where  # (land owner, pos) the monster stands on
        self.destination = destination  # movement: the land it is moving into
        self.chars = chars  # the characters fighting (uids)
        self.char_player = char_player
        self.step = 0
        self.order: tuple[int, ...] = chars  # the order the monster's damage goes to the characters
        self.bonus_str = 0
        self.bonus_def = 0
        self.opened_here = False
        self.trashed_chars: tuple[int, ...] = ()
        self.monster_trashed = False
        self.was_open = False  # the monster was face up when the battle began
        self.mods: tuple[tuple[int, int, int, int], ...] = ()  # (fighter uid, STR, DEF, source uid): supports
        self.techs: tuple[tuple[int, int, int], ...] = ()  # (item uid, character uid, technique index) used
        self.flags: tuple[tuple[str, int, int], ...] = ()  # (flag, seat, argument): rules for this battle
        self.killers: tuple[int, ...] = ()  # characters that fought when the monster was trashed by damage
        self.windows = 0  # battle windows opened (or skipped) after the opening (MANA-FX-WINDOW-1)
        self.quiet = False  # the last of them passed with nothing used

    def copy(self) -> Battle:
        b = Battle.__new__(Battle)
        for name in Battle.__slots__:
            setattr(b, name, getattr(self, name))
        return b

    def sig(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in Battle.__slots__)


class Choice:
    """A decision the rules hand to a player in the middle of something (block, defend, discard...)."""

    __slots__ = ("kind", "player", "options", "count", "source", "arg")

    def __init__(self, kind: ChoiceKind, player: int, options: tuple[int, ...] = (), count: int = 1,
                 source: int = -1, arg: tuple[int, ...] = ()) -> None:
        self.kind = kind
        self.player = player
        self.options = options  # uids to choose from, where the choice is among cards
        self.count = count  # how many still to choose
        self.source = source  # the card whose effect asked (for logs and payments)
        self.arg = arg  # what the effect needs to finish (e.g. the land a searched monster goes on)

    def copy(self) -> Choice:
        return Choice(self.kind, self.player, self.options, self.count, self.source, self.arg)

    def sig(self) -> tuple[object, ...]:
        return (self.kind, self.player, self.options, self.count, self.source, self.arg)
