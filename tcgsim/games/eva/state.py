"""The mutable parts of an EVA position: slots, ints and small lists, cheap to copy.

Cards are instances numbered 0..N-1 (`uid`); their printed values live in the immutable game's `cards`. The nine
city cards belong to no one (EVA-SETUP-4) and are not instances: the city is the `Board`-like arrays of the state.
Every uid is in exactly one zone at all times (the conservation test checks it).
"""

from __future__ import annotations

from enum import IntEnum, StrEnum


class Phase(IntEnum):
    DRAW1 = 0  # ① 第1ドローフェイズ
    BATTLE = 1  # ② バトルフェイズ
    MAIN = 2  # ③ メインフェイズ
    DRAW2 = 3  # ④ 第2ドローフェイズ
    HOKAN = 4  # ⑤ 補完フェイズ
    STAGE = 5  # 補完ステージ
    OVER = 6
    SHORT = 7  # the short rule's one phase


PHASE_NAMES = {Phase.DRAW1: "draw1", Phase.BATTLE: "battle", Phase.MAIN: "main", Phase.DRAW2: "draw2",
               Phase.HOKAN: "hokan", Phase.STAGE: "stage", Phase.OVER: "end", Phase.SHORT: "short"}


class WinReason(StrEnum):
    """How a standard game ends (its Outcome's reason); part of the game's contract, exported by game.py."""

    HOKAN = "hokan"  # EVA-WIN-1: the declarer's 求 could not be answered with a 傷
    LAST_STANDING = "last_standing"  # EVA-WIN-2: every other player dropped out (and the 使徒, if any, defeated)
    HUMANITY_DESTROYED = "humanity_destroyed"  # EVA-WIN-3: the last player lost to the 使徒: everyone loses
    ALL_DROPPED = "all_dropped"  # the last players dropped out together: no one is left, no one wins


class ShortWinReason(StrEnum):
    """How a short-rule game ends; exported by game.py like WinReason."""

    DOWNED = "character_downed"  # EVA-SHORT-2
    EXHAUSTED = "cards_exhausted"  # I-SHORT: both hands and decks empty, nothing can happen any more (a draw)


class WindowKind(IntEnum):
    DRAW1 = 0  # drama only (EVA-DRAW1-5)
    BATTLE1 = 1  # drama and battle (EVA-BATTLE-4, -6, -10)
    BATTLE2 = 2
    BATTLE3 = 3
    MAIN = 4  # drama, put, character, eva; セリフ for the turn player only (EVA-MAIN-1, -2)


class ChoiceKind(IntEnum):
    DISCARD = 0  # discard cards of one's choice (negative draw points)
    RECOVER = 1  # take cards from one's discard pile
    TUTOR = 2  # take cards of a type from one's deck
    DECLARE = 3  # declare 補完 or not


class Player:
    __slots__ = ("deck", "hand", "discard", "hokan", "level", "out", "aside")

    def __init__(self) -> None:
        self.deck: list[int] = []  # the top of the deck is the END of the list
        self.hand: list[int] = []
        self.discard: list[int] = []
        self.hokan = -1  # the 補完 card's uid (standard rules), in front of the player
        self.level = 0  # 補完 level: 0 (LV1 side up), 1 (LV2 side up), 2 (sideways)
        self.out = False  # dropped out (脱落)
        self.aside: list[int] = []  # short rule: the 補完 and 使徒 cards set aside (EVA-SHORT-3)

    def copy(self) -> Player:
        p = Player.__new__(Player)
        p.deck = list(self.deck)
        p.hand = list(self.hand)
        p.discard = list(self.discard)
        p.hokan = self.hokan
        p.level = self.level
        p.out = self.out
        p.aside = list(self.aside)
        return p

    def sig(self) -> tuple[object, ...]:
        return (tuple(self.deck), tuple(self.hand), tuple(self.discard), self.hokan, self.level, self.out,
                tuple(self.aside))


class Spoken:
    """A card spoken this turn, lying on its speaking character until the 第2ドローフェイズ (EVA-TALK-3, -8, -9)."""

    __slots__ = ("uid", "owner", "speaker", "serif", "mark", "target", "cancelled", "answers")

    def __init__(self, uid: int, owner: int, speaker: int, serif: bool, mark: int = -1, target: int = -1,
                 answers: int = -1) -> None:
        self.uid = uid
        self.owner = owner  # who spoke it (EVA-TALK-8)
        self.speaker = speaker  # the character that spoke it; OTHER (6) for an (OTHER) card
        self.serif = serif
        self.mark = mark
        self.target = target
        self.cancelled = False  # answered by a <対抗> (EVA-COUNTER-4: still spoken)
        self.answers = answers  # a counter: the index of the spoken card it answers

    def copy(self) -> Spoken:
        s = Spoken(self.uid, self.owner, self.speaker, self.serif, self.mark, self.target, self.answers)
        s.cancelled = self.cancelled
        return s

    def sig(self) -> tuple[object, ...]:
        return (self.uid, self.owner, self.speaker, self.serif, self.mark, self.target, self.cancelled,
                self.answers)


class Window:
    """A speaking window: players in order from the turn player; closes when all pass in a row (I-WINDOW)."""

    __slots__ = ("kind", "order", "idx", "passes")

    def __init__(self, kind: WindowKind, order: tuple[int, ...]) -> None:
        self.kind = kind
        self.order = order
        self.idx = 0
        self.passes = 0

    @property
    def to_act(self) -> int:
        return self.order[self.idx]

    def copy(self) -> Window:
        w = Window(self.kind, self.order)
        w.idx = self.idx
        w.passes = self.passes
        return w

    def sig(self) -> tuple[object, ...]:
        return (self.kind, self.order, self.idx, self.passes)


class Offer:
    """A card just spoken, offered for <対抗> to the players in `queue` (those who hold an answer)."""

    __slots__ = ("index", "queue")

    def __init__(self, index: int, queue: tuple[int, ...]) -> None:
        self.index = index  # into the state's spoken list
        self.queue = queue

    def copy(self) -> Offer:
        return Offer(self.index, self.queue)

    def sig(self) -> tuple[object, ...]:
        return (self.index, self.queue)


class Battle:
    __slots__ = ("angel", "evas", "step", "cards", "forced_win", "protected", "won")

    def __init__(self, angel: int) -> None:
        self.angel = angel  # the 使徒 fought
        self.evas: tuple[int, ...] = ()
        self.step = 0  # 0: choosing Evas, 1..3: the windows of (1), (2), (3)
        self.cards: tuple[int, ...] = ()  # uids of battle cards whose strength counts (spoken in (1) and (2))
        self.forced_win = False  # defeat_angel
        self.protected: tuple[int, ...] = ()  # Evas a battle card protects from the loss's down
        self.won: bool | None = None

    def copy(self) -> Battle:
        b = Battle.__new__(Battle)
        for name in Battle.__slots__:
            setattr(b, name, getattr(self, name))
        return b

    def sig(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in Battle.__slots__)


class Stage:
    """The 補完ステージ (EVA-HOKAN-4..9)."""

    __slots__ = ("declarer", "character", "seeking", "queue", "barred", "used", "hurt")

    def __init__(self, declarer: int, character: int, players: int) -> None:
        self.declarer = declarer
        self.character = character
        self.seeking = True  # (1): the declarer's turn to seek
        self.queue: tuple[int, ...] = ()  # (2): players still to answer this round
        self.barred: tuple[int, ...] = ()  # players who failed to hurt: no more cards in this stage
        self.used = [0] * players  # cards each player used in the stage
        self.hurt = False  # someone hurt in this round

    def copy(self) -> Stage:
        s = Stage(self.declarer, self.character, len(self.used))
        s.seeking = self.seeking
        s.queue = self.queue
        s.barred = self.barred
        s.used = list(self.used)
        s.hurt = self.hurt
        return s

    def sig(self) -> tuple[object, ...]:
        return (self.declarer, self.character, self.seeking, self.queue, self.barred, tuple(self.used), self.hurt)


class Choice:
    """A decision the rules hand to a player in the middle of something (discard, recover, tutor, declare)."""

    __slots__ = ("kind", "player", "count", "type")

    def __init__(self, kind: ChoiceKind, player: int, count: int = 1, type_: str = "") -> None:
        self.kind = kind
        self.player = player
        self.count = count  # how many still to choose
        self.type = type_  # tutor: the card type searched for

    def copy(self) -> Choice:
        return Choice(self.kind, self.player, self.count, self.type)

    def sig(self) -> tuple[object, ...]:
        return (self.kind, self.player, self.count, self.type)
