"""Legend of Mana CARD DUEL: the game, its state, the turn sequence, legal actions and their dispatch, win checks.

Rule ids (MANA-...) refer to docs/rules/mana.md, which cites the seed for each and lists every interpretation. Each
rule area is a mixin in a module named after its section (setup.py, lands.py, attributes.py, monsters.py,
characters.py, battle.py, card_use.py, card_effects.py); `ManaState` inherits them all, so a rule is found by its id
in the docs, then in the file its section names. The interpretations are options (`ManaOptions`, options.py) or
the rule constants of common.py, so each can be changed in one place.

What a player may see is view.py; the state's attributes, typed for the mixins, are fields.py.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from tcgsim.cards import load_pool, on_pool_change
from tcgsim.decks import Deck, card_lists
from tcgsim.engine import CardUse, Game, GameOptions, IllegalAction, Outcome, State, TempoMetric, Termination, card_uses
from tcgsim.games.mana import actions as A
from tcgsim.games.mana.attributes import AttributeRules
from tcgsim.games.mana.battle import BattleRules
from tcgsim.games.mana.card_effects import CardEffectRules
from tcgsim.games.mana.card_use import CardUseRules
from tcgsim.games.mana.cards import Attr, ManaCard, mana_cards
from tcgsim.games.mana.characters import CharacterRules, _shuffle_characters
from tcgsim.games.mana.common import (
    HAND_SIZE,
    LET_THROUGH_COST,
    WIN_MANA,
    ArrowReading,
    MoveBattleReading,
    StealReading,
    WindowReading,
    WinReason,
    _BattleKind_CHARACTER_ATTACK,
    _BattleKind_MOVEMENT,
    _BattleKind_PARTY_ATTACK,
    _ChoiceKind_ASSIGN_DAMAGE,
    _ChoiceKind_BATTLE_WINDOW,
    _ChoiceKind_BLOCK,
    _ChoiceKind_CANCEL,
    _ChoiceKind_DEFEND_PARTY,
    _ChoiceKind_DISCARD,
    _ChoiceKind_DUEL,
    _ChoiceKind_END_DISCARD,
    _ChoiceKind_MULLIGAN,
    _ChoiceKind_PAY_TO_RETURN,
    _ChoiceKind_PICK_CARD,
    _ChoiceKind_PICK_PLACE,
    _ChoiceKind_SACRIFICE,
    _ChoiceKind_SWAP,
    _ChoiceKind_TAP_CHARACTER,
    _ChoiceKind_TRASH_CHARACTER,
    _distinct,
    _Kind_ARTIFACT,
    _Kind_MONSTER,
    _new,
    _opp,
    _Phase_END,
    _Phase_MAIN,
    _Phase_MULLIGAN,
    _Phase_OVER,
    _Phase_PLACEMENT,
    _Verb_SACRIFICE_FROM_HAND,
)
from tcgsim.games.mana.lands import LandRules
from tcgsim.games.mana.monsters import MonsterRules
from tcgsim.games.mana.options import ManaOptions
from tcgsim.games.mana.setup import SetupRules
from tcgsim.games.mana.state import Battle, BattleKind, Choice, Land, Monster, Player, Pos
from tcgsim.games.mana.view import ManaView

# The game's contract (tcgsim.engine): the Game and State classes, the options, the win reasons and arrow readings,
# the tempo metrics, the event texts of `tcgsim play`.
__all__ = ["EVENT_FIELDS", "EVENT_TEXT", "GAME", "TEMPO", "ArrowReading", "ManaGame", "ManaOptions", "ManaState",
           "MoveBattleReading", "StealReading",
           "WindowReading", "WinReason"]


TEMPO = (
    TempoMetric("mana", "total mana (available + used) at the end of the turn"),
    TempoMetric("available", "available mana at the end of the turn"),
    TempoMetric("lands", "lands on the player's grid"),
    TempoMetric("hand", "cards in hand"),
    TempoMetric("party", "characters in the party"),
    TempoMetric("characters_left", "characters in the party and the character deck"),
    TempoMetric("monsters", "the player's monsters on the field (own and enemy lands)"),
    TempoMetric("occupied", "enemy lands held by the player's monsters"),
)


def _subsets(items: Sequence[int], empty: bool) -> list[tuple[int, ...]]:
    out: list[tuple[int, ...]] = [()] if empty else []
    for r in range(1, len(items) + 1):
        out.extend(itertools.combinations(items, r))
    return out


# untapped party -> {where -> every AttackMonster of a non-empty group of it at that monster}; `()` holds the
# groups themselves. Actions are immutable values, so the same objects serve every game (memoised, bounded).
_ATTACKS: dict[tuple[int, ...], dict[Any, Any]] = {}


def _attack_table(untapped: tuple[int, ...]) -> dict[Any, Any]:
    if len(_ATTACKS) > 16384:
        _ATTACKS.clear()
    table = _ATTACKS[untapped] = {(): tuple(_subsets(untapped, empty=False))}
    return table



_END_MAIN = A.EndMain()
_END_PLACEMENT = A.EndPlacement()
_PASS = A.Pass()


@dataclass(frozen=True, slots=True)
class _CardTable:
    """The cards of a game by uid, built once per pair of card lists (batch runs build thousands of games from a
    few decks): uids 0.. are seat 0's main deck, then its characters, then seat 1's; immutable, so shared."""

    cards: tuple[ManaCard, ...]
    owner: tuple[int, ...]
    main_uids: tuple[tuple[int, ...], ...]
    char_uids: tuple[tuple[int, ...], ...]
    shift_lands: bool  # a land of these may shift (SS Buccaneer)
    discounts: bool  # a character of these lowers costs (Matilda...)

    @staticmethod
    def build(lists: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...]) -> _CardTable:
        """From each seat's (main deck, characters) card ids."""
        records = mana_cards()
        cards: list[ManaCard] = []
        owners: list[int] = []
        main_uids: list[tuple[int, ...]] = []
        char_uids: list[tuple[int, ...]] = []
        for seat, (main, chars) in enumerate(lists):
            for ids, uids in ((main, main_uids), (chars, char_uids)):
                uids.append(tuple(range(len(cards), len(cards) + len(ids))))
                cards.extend(records[card_id] for card_id in ids)
                owners.extend([seat] * len(ids))
        return _CardTable(tuple(cards), tuple(owners), tuple(main_uids), tuple(char_uids),
                          any(c.effects.shift_land for c in cards), any(c.effects.discount for c in cards))


_StatsMemo = dict[tuple[int, int, int | None, BattleKind | None, int], tuple[int, int]]
# card tables by the seats' card lists, and the shared monster_stats memos by (card lists, options); bounded
_TABLES: dict[tuple[tuple[tuple[str, ...], tuple[str, ...]], ...], _CardTable] = {}
_STATS: dict[tuple[object, ManaOptions], _StatsMemo] = {}
on_pool_change(_TABLES.clear)  # keyed by card id: user card files (use_cards) start them afresh
on_pool_change(_STATS.clear)


class ManaGame(Game):
    """Two decks, a seed and options: everything that does not change during a game."""

    key: ClassVar[str] = "mana"
    tempo_metrics: ClassVar[tuple[TempoMetric, ...]] = TEMPO
    options_class: ClassVar[type[GameOptions]] = ManaOptions
    # 2 sampled worlds a decision: 73.5% of 200 games against builder at 68x its cost, where 4 scored 71.0% at
    # 115x and 1 scored 64.0% at 44x (`python -m tests.strength mana --games 200 --agent search:N`, docs/ai.md)
    search_worlds: ClassVar[int] = 2
    options: ManaOptions

    def __init__(self, decks: Sequence[Deck], seed: int, options: ManaOptions | None = None,
                 deals: Sequence[int] | None = None, deal_round: int = 0) -> None:
        super().__init__(decks, seed, options or ManaOptions(), deals, deal_round)
        lists = tuple(card_lists(deck, load_pool("mana")) for deck in self.decks)
        key = tuple((tuple(found.get("main", ())), tuple(found.get("characters", ()))) for found in lists)
        table = _TABLES.get(key)
        if table is None:
            if len(_TABLES) > 256:
                _TABLES.clear()
                _STATS.clear()
            table = _TABLES[key] = _CardTable.build(key)
        self.cards: tuple[ManaCard, ...] = table.cards
        self.owner: tuple[int, ...] = table.owner
        self.main_uids: list[list[int]] = [list(uids) for uids in table.main_uids]
        self.char_uids: list[list[int]] = [list(uids) for uids in table.char_uids]
        self.token = object()  # names this game to agents' memos (see ManaView.game_token)
        self.shift_lands = table.shift_lands  # a land of the game may shift (SS Buccaneer)
        self.discounts = table.discounts  # a character of the game lowers costs (Matilda...)
        # monster_stats out of battle of monsters whose stats are not counted off the position: (uid, its owner,
        # land owner, battle kind, land uid) -> STR/DEF (a function of these and the printed cards alone, shared
        # by every state of every game with the same cards by uid and the same options)
        self.stats_memo: _StatsMemo = _STATS.setdefault((key, self.options), {})

    def new_initial_state(self, record_events: bool = False) -> ManaState:
        return ManaState(self, record_events)

    def action_from_json(self, data: Mapping[str, Any]) -> A.ManaAction:
        return A.action_from_json(data)


class ManaState(
    SetupRules,
    LandRules,
    AttributeRules,
    MonsterRules,
    CharacterRules,
    BattleRules,
    CardUseRules,
    CardEffectRules,
    State,
):
    """A Legend of Mana game in progress. The rules of each area are the mixin of its docs section (setup.py ...
    card_effects.py); this class holds the position, the turn sequence, the legal actions and their dispatch."""

    game: ManaGame

    def __init__(self, game: ManaGame, record_events: bool = False) -> None:
        self.game = game
        self.cards = game.cards
        self._seed_rngs()  # the table's generator and each deck's (engine.State.deck_rng)
        self.players = [Player(), Player()]
        self.turn = 0
        self.active = 0  # whose turn it is; seat 0 plays first (MANA-SETUP-1)
        self.phase = _Phase_MULLIGAN
        self.battle: Battle | None = None
        self.pending: list[Choice] = []
        self.shifted = False  # SS Buccaneer used this turn
        self.stack: list[tuple[int, Any, int]] = []  # cards being used: (seat, action, cost paid), newest last
        self.lasting: list[tuple[str, int, int]] = []  # (flag, seat, last turn it holds): artifacts, Boink
        self._relocated = False
        self._attr_cache: dict[int, list[frozenset[Attr]]] | None = None  # only while legal actions are listed
        self._outcome: Outcome | None = None
        self.action_log: list[Any] = []
        self.events = [] if record_events else None
        self.tempo: list[tuple[int, int, tuple[float, ...]]] = []
        self._legal: list[Any] | None = None
        n = len(game.cards)
        self.hand_turn = [-1] * n  # the turn a card first reached its owner's hand (0: the opening hand)
        self.played_turn = [-1] * n  # the turn a card was first played
        self.mulligans_taken = [0, 0]  # MANA-SETUP-4, per seat: for the games table (not part of the position)
        self._setup()

    # ------------------------------------------------------------------------------------------ contract

    @property
    def current_player(self) -> int:
        if self.pending:
            return self.pending[-1].player
        return self.active

    def clone(self) -> ManaState:
        s = ManaState.__new__(ManaState)
        s.game = self.game
        s.cards = self.cards
        self._share_rng(s)  # both copy it before their next draw (engine.State.rng)
        s.players = [p.copy() for p in self.players]
        s.turn = self.turn
        s.active = self.active
        s.phase = self.phase
        s.battle = self.battle.copy() if self.battle is not None else None
        s.pending = [c.copy() for c in self.pending]
        s.shifted = self.shifted
        s.stack = list(self.stack)
        s.lasting = list(self.lasting)
        s._relocated = False
        s._attr_cache = None
        s._outcome = self._outcome
        s.action_log = list(self.action_log)
        s.events = list(self.events) if self.events is not None else None
        s.tempo = list(self.tempo)
        s.hand_turn = list(self.hand_turn)
        s.played_turn = list(self.played_turn)
        s.mulligans_taken = list(self.mulligans_taken)
        s._legal = None
        return s

    def resample_hidden(self, player: int, rng: random.Random) -> ManaState:
        """Re-deal the opponent's hand, deck and face-down monsters (a face-down card is always a monster), and
        shuffle both players' deck orders and character decks. Cards a pending choice of `player` shows it (the top
        of a deck it looks at) stay where they are. A function of `player`'s view and `rng` alone (every pool is
        sorted before it is shuffled, and the copy draws its own future from `rng`), so a search agent that samples
        through its view cannot tell two states its player cannot tell apart."""
        s = self.clone()
        opp = _opp(player)
        them = s.players[opp]
        facedown = [land for seat in (0, 1) for land in s.players[seat].lands.values()
                    if land.monster is not None and land.monster.owner == opp and not land.monster.face_up
                    and not land.monster.seen]
        kept = {u for ch in s.pending if ch.player == player for u in ch.options}  # shown to `player` now
        deck = [] if them.deck_revealed else [u for u in them.deck if u not in kept]
        hidden = sorted(them.hand + deck + [land.monster.uid for land in facedown if land.monster is not None])
        monsters = [u for u in hidden if self.cards[u].kind is _Kind_MONSTER]
        rng.shuffle(monsters)
        chosen = monsters[: len(facedown)]
        moved: dict[int, int] = {}
        for land, uid in zip(facedown, chosen, strict=True):
            assert land.monster is not None
            moved[land.monster.uid] = uid
            land.monster.uid = uid
        if s.battle is not None and s.battle.monster_uid in moved:  # the battle follows its re-dealt monster
            s.battle.monster_uid = moved[s.battle.monster_uid]
        for ch in s.pending:
            if ch.source in moved:
                ch.source = moved[ch.source]
        taken = set(chosen)
        rest = [u for u in hidden if u not in taken]
        rng.shuffle(rest)
        them.hand = rest[: len(them.hand)]
        if not them.deck_revealed:
            fill = iter(rest[len(them.hand):])
            them.deck = [u if u in kept else next(fill) for u in them.deck]
        if not s.players[player].deck_revealed:
            s.players[player].deck = sorted(s.players[player].deck)
            rng.shuffle(s.players[player].deck)
        for p in s.players:
            p.char_deck.sort()
            _shuffle_characters(p.char_deck, s.cards, rng)
        s._reseed_rngs(rng)
        s._legal = None
        return s

    def signature(self) -> Hashable:
        return (
            tuple(p.sig() for p in self.players), self.turn, self.active, self.phase,
            self.battle.sig() if self.battle else None, tuple(c.sig() for c in self.pending), self.shifted,
            tuple(self.stack), tuple(self.lasting), self._outcome, self._rng_states(),  # reading them draws nothing
        )

    def card_locations(self) -> dict[int, str]:
        where: dict[int, str] = {}

        def put(uid: int, zone: str) -> None:
            if uid in where:
                raise AssertionError(f"card {uid} in both {where[uid]} and {zone}")
            where[uid] = zone

        for seat, p in enumerate(self.players):
            for zone, uids in (("deck", p.deck), ("hand", p.hand), ("discard", p.discard),
                               ("char_deck", p.char_deck), ("char_discard", p.char_discard)):
                for uid in uids:
                    put(uid, f"{zone}{seat}")
            for c in p.party:
                put(c.uid, f"party{seat}")
                for item in c.items:
                    put(item, f"item{seat}")
            for land in p.lands.values():
                put(land.uid, f"land{seat}")
                if land.monster is not None:
                    put(land.monster.uid, f"monster_on{seat}")
        for seat, action, _cost in self.stack:
            put(action.card, f"being_used{seat}")
        return where

    def counters(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for seat, p in enumerate(self.players):
            out[f"available{seat}"] = p.available
            out[f"used{seat}"] = p.used
            for land in p.lands.values():
                if land.monster is not None:
                    out[f"stolen{land.monster.uid}"] = land.monster.stolen
        return out

    def view(self, player: int) -> ManaView:
        return ManaView(self, player)

    def _apply_legal(self, action: Any) -> None:
        self._dispatch(action)
        self._advance()

    def _end_game(self, winner: int | None, reason: Any) -> None:
        self._win(winner, reason)

    # ------------------------------------------------------------------------------------------ helpers

    def _why_illegal(self, action: Any) -> str:
        if self._outcome is not None:
            return "the game is over"
        if self.pending:
            return f"{type(action).__name__} is not an answer to the pending {self.pending[-1].kind.name} choice"
        return f"{action} is not legal in the {self.phase.name} phase of player {self.active}"

    def _win(self, winner: int | None, reason: Any) -> None:
        if self._outcome is None:
            self._outcome = Outcome(winner, reason, self.turn)
            self.phase = _Phase_OVER
            self.pending.clear()
            self.battle = None
            if self.events is not None:
                self.record("end", winner, "game_end", winner=winner, reason=str(reason), turns=self.turn)

    def _draw(self, seat: int, n: int = 1) -> int:
        p = self.players[seat]
        drawn = 0
        hand_turn = self.hand_turn
        for _ in range(n):
            if not p.deck:
                break
            uid = p.deck.pop()
            p.hand.append(uid)
            if hand_turn[uid] < 0:
                hand_turn[uid] = self.turn
            drawn += 1
        return drawn

    def _played(self, uid: int) -> None:
        if self.played_turn[uid] < 0:
            self.played_turn[uid] = self.turn

    def card_usage(self) -> list[CardUse]:
        out: list[CardUse] = []
        ids = [card.id for card in self.cards]
        for seat in (0, 1):
            # the characters come from the character deck, never the hand: entered play, never played
            uids = (*self.game.main_uids[seat], *self.game.char_uids[seat])
            out.extend(card_uses(seat, ids, uids, self.hand_turn, self.played_turn))
        return out

    def mulligans(self) -> tuple[int, ...]:
        return tuple(self.mulligans_taken)

    def _phase_name(self) -> str:
        return self.phase.name.lower()

    def land_at(self, owner: int, pos: Pos) -> Land | None:
        return self.players[owner].lands.get(pos)

    def monster_at(self, where: tuple[int, int, int]) -> Monster | None:
        land = self.players[where[0]].lands.get((where[1], where[2]))
        return land.monster if land is not None else None

    def _battle_monster(self, b: Battle) -> tuple[int, Pos] | None:
        """`find_monster` of the battle's monster: looked for first where the battle found it."""
        w = b.where
        if w is not None:
            land = self.players[w[0]].lands.get(w[1])
            if land is not None and land.monster is not None and land.monster.uid == b.monster_uid:
                return w
        return self.find_monster(b.monster_uid)

    def find_monster(self, uid: int) -> tuple[int, Pos] | None:
        for seat in (0, 1):
            for pos, land in self.players[seat].lands.items():
                if land.monster is not None and land.monster.uid == uid:
                    return seat, pos
        return None

    # ------------------------------------------------------------------------------------------ the turn

    def _start_turn(self) -> None:
        """MANA-TURN-1..5: recover, refill the party, check 12 mana, draw (the first player skips turn 1)."""
        self.turn += 1
        seat = self.active
        p = self.players[seat]
        if self.turn > self.game.options.turn_limit:
            # MANA-WIN-5: the cap never pre-empts a start-phase ending of the rules (MANA-WIN-1, MANA-WIN-4)
            if p.mana >= WIN_MANA:
                self._win(seat, WinReason.MANA_12)
            elif self.turn > 1 and not p.deck:
                self._win(_opp(seat), WinReason.DECK_OUT)
            else:
                self._win(None, Termination.TURN_LIMIT)
            return
        self.phase = _Phase_MAIN
        self.shifted = False
        p.land_made = False
        for c in p.party:
            c.tapped = False
        for s in (0, 1):
            for land in self.players[s].lands.values():
                if land.monster is not None and land.monster.owner == seat:
                    land.monster.acted = False
        p.available += p.used  # MANA-MANA-5: used mana recovers at the start phase
        p.used = 0
        replenished = self._refill_party(seat)
        if self.events is not None:
            self.record("start", seat, "turn_start", mana=p.mana, hand=len(p.hand))
        if p.mana >= WIN_MANA:  # MANA-WIN-1, checked at one's own start phase
            self._win(seat, WinReason.MANA_12)
            return
        if self.turn == 1:  # MANA-SETUP-6: ファーストドロー制限 (the first player does not draw on turn 1)
            return
        if not p.deck:  # MANA-WIN-4: the deck is out when its owner must draw at the start phase
            self._win(_opp(seat), WinReason.DECK_OUT)
            return
        self._draw(seat)
        if self.events is not None:
            self.record("start", seat, "draw", hand=len(p.hand), deck=len(p.deck))
        if replenished:
            self._offer_swaps(seat)

    def _enter_end(self) -> None:
        self.phase = _Phase_END
        p = self.players[self.active]
        if len(p.hand) > HAND_SIZE:  # MANA-TURN-9: hand down to 7 at the end of one's own turn
            self.pending.append(Choice(_ChoiceKind_END_DISCARD, self.active, count=len(p.hand) - HAND_SIZE))

    def _end_turn(self) -> None:
        counts = [0, 0, 0, 0]  # monsters of seat 0, of seat 1, enemy lands held by seat 0, by seat 1
        for s in (0, 1):  # both seats' monsters in one look at the field (as _tempo_values counts them)
            for land in self.players[s].lands.values():
                m = land.monster
                if m is not None:
                    counts[m.owner] += 1
                    if s != m.owner:
                        counts[2 + m.owner] += 1
        for seat in (self.active, _opp(self.active)):
            p = self.players[seat]
            self.tempo.append((self.turn, seat, (p.available + p.used, p.available, len(p.lands), len(p.hand),
                                                 len(p.party), len(p.party) + len(p.char_deck), counts[seat],
                                                 counts[2 + seat])))
            if self.events is not None:
                names = [m.name for m in TEMPO]
                self.record("end", seat, "tempo", **dict(zip(names, self._tempo_values(seat), strict=True)))
        if self.events is not None:
            self.record("end", self.active, "turn_end")
        if self.lasting:
            for flag, seat, _until in self.lasting:
                if flag == "recover_at_end":  # Jumi's Staff: used mana comes back at the end of the turn
                    p = self.players[seat]
                    p.available += p.used
                    p.used = 0
            self.lasting = [entry for entry in self.lasting if entry[2] > self.turn]
        self.active = _opp(self.active)
        self._start_turn()

    def _tempo_values(self, seat: int) -> tuple[float, ...]:
        p = self.players[seat]
        monsters = occupied = 0
        for s in (0, 1):
            for land in self.players[s].lands.values():
                if land.monster is not None and land.monster.owner == seat:
                    monsters += 1
                    occupied += s != seat
        return (p.mana, p.available, len(p.lands), len(p.hand), len(p.party), len(p.party) + len(p.char_deck),
                monsters, occupied)

    def _advance(self) -> None:
        """Run everything automatic until a player must decide or the game is over."""
        while self._outcome is None and not self.pending:
            if self.battle is not None:
                self._battle_step()
            elif self.phase is _Phase_MULLIGAN:
                for seat in (0, 1):
                    self._refill_party(seat)  # MANA-SETUP-5: 3 characters each, after the mulligans
                self.turn = 0
                self.active = 0
                self._start_turn()
            elif self.phase is _Phase_END:
                self._end_turn()
            else:
                return
        self._legal = None

    # ------------------------------------------------------------------------------------------ places named in choices

    @staticmethod
    def _code(owner: int, pos: Pos) -> int:
        return owner * 10000 + (pos[0] + 50) * 100 + (pos[1] + 50)

    @staticmethod
    def _decode(code: int) -> tuple[int, int, int]:
        return code // 10000, (code % 10000) // 100 - 50, code % 100 - 50

    def _monster_codes(self, owner: int) -> tuple[int, ...]:
        """Places of every monster of `owner` on the field (either side's lands)."""
        return tuple(self._code(s, pos) for s in (0, 1) for pos, land in self.players[s].lands.items()
                     if land.monster is not None and land.monster.owner == owner)

    # ------------------------------------------------------------------------------------------ legality

    def _compute_legal(self) -> list[Any]:
        self._attr_cache = {}  # the position holds still while its legal actions are listed
        try:
            if self.pending:
                return self._choice_actions(self.pending[-1])
            if self.phase is _Phase_MAIN:
                return self._main_actions()
            if self.phase is _Phase_PLACEMENT:
                return self._placement_actions()
            return []
        finally:
            self._attr_cache = None

    def _choice_actions(self, ch: Choice) -> list[Any]:
        k = ch.kind
        p = self.players[ch.player]
        if k is _ChoiceKind_MULLIGAN:
            return [A.Mulligan(False), A.Mulligan(True)]
        if k is _ChoiceKind_BLOCK:
            return [A.Block(s) for s in _subsets(ch.options, empty=True)]
        if k is _ChoiceKind_DEFEND_PARTY:
            out = [A.Defend(())] if p.available >= LET_THROUGH_COST else []
            return out + [A.Defend(s) for s in _subsets(ch.options, empty=False)]
        if k is _ChoiceKind_ASSIGN_DAMAGE:
            return [A.AssignDamage(order) for order in itertools.permutations(ch.options)]
        if k in (_ChoiceKind_DISCARD, _ChoiceKind_END_DISCARD):
            return [A.Discard(u) for u in _distinct(p.hand, self.cards)]
        if k in (_ChoiceKind_TRASH_CHARACTER, _ChoiceKind_TAP_CHARACTER):
            return [A.ChooseCharacter(u) for u in ch.options]
        if k is _ChoiceKind_PAY_TO_RETURN:
            return [A.Pay(False), A.Pay(True)]
        if k is _ChoiceKind_BATTLE_WINDOW:
            return self._window_options(ch.player, pre_reveal=ch.arg == (1,)) + [_PASS]
        if k is _ChoiceKind_CANCEL:
            _user, used, _paid = self.stack[-1]
            card = self.cards[used.card]
            return self._cancel_options(ch.player, self._answers_kind(card, used), self._printed_cost(card, used)) \
                + [_PASS]
        if k is _ChoiceKind_PICK_CARD:
            return [A.ChooseCard(u) for u in ch.options]
        if k is _ChoiceKind_PICK_PLACE:
            return [A.ChoosePlace(self._decode(o)) for o in ch.options]
        if k is _ChoiceKind_DUEL:
            return [A.ChooseCharacter(u) for u in ch.options]
        if k is _ChoiceKind_SWAP:  # the party as it is now (an earlier swap may have changed it)
            return [_PASS] + [A.ChooseCharacter(c.uid) for c in p.party if not c.tapped]
        if k is _ChoiceKind_SACRIFICE:
            opts = _distinct(list(ch.options), self.cards)
            combos: list[tuple[int, ...]] = [()]
            for r in range(1, len(ch.options) + 1):
                for combo in itertools.combinations(ch.options, r):
                    if tuple(sorted(combo)) not in combos:
                        combos.append(combo)
                if len(combos) > 16:
                    break
            del opts
            return [A.Sacrifice(c) for c in combos[:17]]
        raise AssertionError(k)

    def _main_actions(self) -> list[Any]:
        seat = self.active
        opp = _opp(seat)
        me = self.players[seat]
        them = self.players[opp]
        cards = self.cards
        out: list[Any] = []
        # MANA-LAND-1..4: land make, once a turn, one land of each name
        if not me.land_made and me.hand:
            names: set[str] | None = None
            positions: list[Pos] | None = None
            seen: set[str] = set()
            make = A.MakeLand
            for uid in me.hand:
                card = cards[uid]
                if card.kind is not _Kind_ARTIFACT or card.id in seen:
                    continue
                seen.add(card.id)
                if names is None:
                    names = self._land_names(seat)
                if card.name in names or not self._may_make_land(seat, card):
                    continue
                if positions is None:
                    positions = self.land_positions(seat)
                out += [_new(make, (uid, x, y)) for x, y in positions]
            out += self._hand_uses(seat, "main")
        elif me.hand:
            out += self._hand_uses(seat, "main")
        out += self._ability_uses(seat)
        untapped = tuple([c.uid for c in me.party if not c.tapped])
        attacks = (_ATTACKS.get(untapped) or _attack_table(untapped)) if untapped else None
        enemy_free: list[A.Where] | None = None  # worked out when a monster may move
        can_hit_party = bool(them.party or them.available) and not (self.lasting and
                                                                   self._lasting_on("no_party_attacks"))
        available = me.available
        for s in (0, 1):  # lands in the order they were made: deterministic, and clones keep it
            for pos, land in self.players[s].lands.items():
                m = land.monster
                if m is None:
                    continue
                card = cards[m.uid]
                if card.kind is not _Kind_MONSTER:
                    continue  # Lilipea's Illusion: neither acts nor may be attacked
                if m.owner == seat:
                    where = (s, pos[0], pos[1])
                    if not m.face_up and ((card.cost or 0) <= available or (
                            (self.lasting or (self.game.discounts  # Matilda, Stone Eye
                                              and any(cards[c.uid].effects.discount for c in me.party)))
                            and self.open_cost(seat, card) <= available)):
                        out.append(_new(A.OpenMonster, (where,)))  # MANA-MON-5
                    if not m.acted:
                        if s == seat:  # MANA-MON-7: from one's own land into an empty enemy land
                            if enemy_free is None:
                                enemy_free = [(opp, p[0], p[1]) for p, q in them.lands.items()
                                              if q.monster is None and not cards[q.uid].effects.blocks_enemy_moves]
                            if enemy_free:
                                move = A.MoveMonster
                                out += [_new(move, (where, to)) for to in enemy_free]
                        if m.face_up and card.can_attack_party and can_hit_party:
                            out.append(_new(A.AttackParty, (where,)))  # MANA-BATTLE-9
                elif attacks is not None:  # MANA-BATTLE-3: characters attack an enemy monster, either side's land
                    where = (s, pos[0], pos[1])
                    group = attacks.get(where)
                    if group is None:
                        attack = A.AttackMonster
                        group = attacks[where] = tuple([_new(attack, (where, chars)) for chars in attacks[()]])
                    out += group
        if not self.shifted and self.game.shift_lands:  # SS Buccaneer (Pirate's Hook's land side)
            for s in (seat, opp):  # MANA-FX-LAND-2: an enemy monster on it gives its effect to that monster's player
                for pos, land in self.players[s].lands.items():
                    if not cards[land.uid].effects.shift_land:
                        continue
                    holder = land.monster.owner if land.monster is not None else s
                    if holder == seat:
                        out.extend(A.MakeLand(-1 - land.uid, x, y) for x, y in self._shift_targets(s, pos, seat))
        out.append(_END_MAIN)
        return out

    def _placement_actions(self) -> list[Any]:
        seat = self.active
        me = self.players[seat]
        out: list[Any] = []
        if me.hand:
            free: list[Pos] | None = None
            seen: set[str] = set()
            cards = self.cards
            place = A.PlaceMonster
            discounts = self.game.discounts and any(cards[c.uid].effects.discount for c in me.party)  # Matilda
            for uid in me.hand:
                card = cards[uid]
                if card.kind is not _Kind_MONSTER or card.id in seen:
                    continue
                seen.add(card.id)
                if free is None:
                    free = sorted([pos for pos, land in me.lands.items() if land.monster is None])
                    if not free:
                        break
                # MANA-MON-5: an open placement pays the open cost, Stone Eye's 0 or Matilda's discount included
                affordable = (card.cost or 0) <= me.available or (
                    (self.lasting or discounts) and self.open_cost(seat, card) <= me.available)
                for x, y in free:
                    out.append(_new(place, (uid, x, y, False)))
                    if affordable:
                        out.append(_new(place, (uid, x, y, True)))
        out.append(_END_PLACEMENT)
        return out

    # ------------------------------------------------------------------------------------------ applying

    def _dispatch(self, action: Any) -> None:
        if self.pending:
            self._answer(self.pending[-1], action)
            return
        seat = self.active
        me = self.players[seat]
        t = type(action)
        if t is A.EndPlacement:  # the most frequent first
            self._enter_end()  # MANA-TURN-8
        elif t is A.EndMain:
            self.phase = _Phase_PLACEMENT  # MANA-TURN-7
        elif t is A.MakeLand:
            if action.card < 0:  # SS Buccaneer shift: encoded as a land make of the land's own uid
                self._shift(seat, -1 - action.card, (action.x, action.y))
            elif self._cancel_options(_opp(seat), "land", 0):  # Capella's Trick may answer it
                me.hand.remove(action.card)
                me.land_made = True
                self._played(action.card)
                self._stack_and_answer(seat, action, 0, self.cards[action.card])
            else:
                self._make_land(seat, action.card, (action.x, action.y))
        elif t is A.OpenMonster:
            owner, x, y = action.at
            self._open_monster(owner, (x, y), in_battle=False, by_character_attack=False)
        elif t is A.AttackMonster:
            owner, x, y = action.at
            m = self.players[owner].lands[(x, y)].monster
            assert m is not None
            self._start_battle(Battle(_BattleKind_CHARACTER_ATTACK, seat, m.uid, m.owner, (owner, (x, y)), None,
                                      action.characters, seat))
        elif t is A.MoveMonster:
            owner, x, y = action.at
            m = self.players[owner].lands[(x, y)].monster
            assert m is not None
            m.acted = True
            dest = (action.to[0], (action.to[1], action.to[2]))
            b = Battle(_BattleKind_MOVEMENT, seat, m.uid, seat, (owner, (x, y)), dest, (), _opp(seat))
            blockers = tuple(c.uid for c in self.players[_opp(seat)].party if not c.tapped)
            if self.lasting and self._lasting_on("no_blocks"):  # Moon's Mirror
                blockers = ()
            if self.events is not None:
                self.record("main", seat, "move_declared", card=self.cards[m.uid].name if m.face_up
                            else "face-down monster", x=action.to[1], y=action.to[2])
            if blockers:  # MANA-BATTLE-4: the land's owner may block with untapped characters
                b.step = -1
                self.battle = b
                self.pending.append(Choice(_ChoiceKind_BLOCK, _opp(seat), blockers, source=m.uid))
            else:
                self._complete_move((owner, (x, y)), dest)
        elif t is A.AttackParty:
            owner, x, y = action.at
            m = self.players[owner].lands[(x, y)].monster
            assert m is not None
            m.acted = True
            defenders = tuple(c.uid for c in self.players[_opp(seat)].party)
            b = Battle(_BattleKind_PARTY_ATTACK, seat, m.uid, seat, (owner, (x, y)), None, (), _opp(seat))
            b.step = -1
            self.battle = b
            if self.events is not None:
                self.record("main", seat, "attack_party", card=self.cards[m.uid].name)
            self.pending.append(Choice(_ChoiceKind_DEFEND_PARTY, _opp(seat), defenders, source=m.uid))
        elif t is A.UseCard:
            self._use(seat, action)
        elif t is A.PlaceMonster:
            me.hand.remove(action.card)
            land = me.lands[(action.x, action.y)]
            land.monster = Monster(action.card, seat, False)
            self._played(action.card)
            if self.events is not None:
                self.record("placement", seat, "place", card=self.cards[action.card].name if action.open
                            else "face-down monster", x=action.x, y=action.y)
            if action.open:
                self._open_monster(seat, (action.x, action.y), in_battle=False, by_character_attack=False)
        else:
            raise IllegalAction(f"{action} is not a main-phase action")

    def _answer(self, ch: Choice, action: Any) -> None:
        k = ch.kind
        seat = ch.player
        p = self.players[seat]
        if k is _ChoiceKind_MULLIGAN:
            self.pending.pop()
            p.mulligan_done = True
            if action.take:  # MANA-SETUP-4: the 7 cards go back, shuffle, draw 7
                self.mulligans_taken[seat] += 1
                for uid in p.hand:
                    self.hand_turn[uid] = -1  # not the opening hand after all
                p.deck.extend(p.hand)
                p.hand.clear()
                self.deck_rng(seat).shuffle(p.deck)
                self._draw(seat, HAND_SIZE)
            if self.events is not None:
                self.record("setup", seat, "mulligan", taken=action.take)
            return
        if k is _ChoiceKind_BLOCK:
            self.pending.pop()
            b = self.battle
            assert b is not None
            if action.characters:
                b.chars = action.characters
                b.step = 0
                self._start_battle(b)
            else:
                self.battle = None
                assert b.where is not None and b.destination is not None
                self._complete_move(b.where, b.destination)
            return
        if k is _ChoiceKind_DEFEND_PARTY:
            self.pending.pop()
            b = self.battle
            assert b is not None
            if action.characters:
                b.chars = action.characters
                b.step = 0
                self._start_battle(b)
            else:  # let it through: 1 available mana to the attacker
                self.battle = None
                p.available -= LET_THROUGH_COST
                self.players[_opp(seat)].available += LET_THROUGH_COST
                if self.events is not None:
                    self.record("main", seat, "let_through", mana=p.mana)
            return
        if k is _ChoiceKind_ASSIGN_DAMAGE:
            self.pending.pop()
            assert self.battle is not None
            self.battle.order = ch.arg + action.order
            return
        if k in (_ChoiceKind_DISCARD, _ChoiceKind_END_DISCARD):
            p.hand.remove(action.card)
            p.discard.append(action.card)
            if self.events is not None:
                self.record(self._phase_name(), seat, "discard", card=self.cards[action.card].name)
            ch.count -= 1
            if ch.count <= 0 or not p.hand:
                self.pending.pop()
            return
        if k is _ChoiceKind_TRASH_CHARACTER:
            self.pending.pop()
            owner = self.game.owner[action.character]
            self._trash_character(owner, action.character)
            return
        if k is _ChoiceKind_TAP_CHARACTER:
            self.pending.pop()
            owner = self.game.owner[action.character]
            c = self.players[owner].character(action.character)
            if c is not None:
                c.tapped = True
            return
        if k is _ChoiceKind_PAY_TO_RETURN:
            self.pending.pop()
            uid = ch.options[0]
            if action.yes and uid in p.discard and p.available >= ch.count:
                self._pay(seat, ch.count)
                p.discard.remove(uid)
                p.hand.append(uid)
                if self.events is not None:
                    self.record(self._phase_name(), seat, "returned_to_hand", card=self.cards[uid].name, cost=ch.count)
            return
        if k is _ChoiceKind_CANCEL:
            self.pending.pop()
            if type(action) is A.Pass:
                self._resolve_top()
            else:
                self._cancel(seat, action)
            return
        if k is _ChoiceKind_BATTLE_WINDOW:
            if type(action) is A.Pass:
                self.pending.pop()
                if self.battle is not None:
                    self.battle.quiet = ch.count == 0  # MANA-FX-WINDOW-1: nothing used in this window
            else:
                ch.count += 1
                self._use(seat, action)
            return
        if k is _ChoiceKind_PICK_CARD:
            self.pending.pop()
            self._picked(ch, action.card)
            return
        if k is _ChoiceKind_PICK_PLACE:
            self.pending.pop()
            w = action.at
            if ch.arg and ch.arg[0] == 2:  # Dudbear, Roger: re-place the land there (no mana is generated)
                _two, owner, x, y = ch.arg
                lands = self.players[owner].lands
                if (x, y) in lands and (w[1], w[2]) not in lands:
                    lands[(w[1], w[2])] = lands.pop((x, y))
                    if self.events is not None:
                        self.record(self._phase_name(), owner, "land_shift",
                                    card=self.cards[lands[(w[1], w[2])].uid].name, x=w[1], y=w[2])
            elif ch.arg == (3,):  # Inspector Boyd: open it, then the next
                self._boyd_open(ch, w)
            elif self.monster_at(w) is not None:  # Trembling Spoon
                self._trash_monster(w[0], (w[1], w[2]), in_battle=False)
            return
        if k is _ChoiceKind_DUEL:
            self.pending.pop()
            self._duel(_opp(seat), ch.arg[0], action.character)
            return
        if k is _ChoiceKind_SWAP:
            self.pending.pop()
            if type(action) is not A.Pass and p.char_deck:
                # MANA-FX-CHAR-4: "1 card from your character deck": its owner then picks the card coming in
                options = tuple(sorted(p.char_deck))
                if len(options) == 1:
                    self._swap_in(seat, action.character, options[0])
                else:
                    self.pending.append(Choice(_ChoiceKind_PICK_CARD, seat, options, 1, ch.source,
                                               (action.character,)))
            return
        if k is _ChoiceKind_SACRIFICE:
            self.pending.pop()
            b = self.battle
            for uid in action.cards:
                p.hand.remove(uid)
                p.discard.append(uid)
            if b is not None:
                e = next(e for e in self.cards[b.monster_uid].effects.battle if e.verb is _Verb_SACRIFICE_FROM_HAND)
                b.bonus_str += e.str_ * len(action.cards)
                b.bonus_def += e.def_ * len(action.cards)
            return
        raise AssertionError(k)


GAME = ManaGame

# A battle's kind in words (BattleKind's names are the engine's): the log says what is happening
_BATTLE_WORDS = {"character_attack": "characters attack", "movement": "a monster moves in",
                 "party_attack": "a monster attacks the party"}
EVENT_FIELDS: dict[str, Callable[[Mapping[str, Any]], Mapping[str, Any]]] = {
    "battle": lambda d: {"battle_text": _BATTLE_WORDS.get(str(d.get("battle")), str(d.get("battle")))},
}

# How `tcgsim play` words each event (format fields are the event's data, plus {who}: "P1"/"P2").
EVENT_TEXT: dict[str, str] = {
    "setup": "Decks shuffled; both players draw 7.",
    "mulligan": "{who} {taken_text}.",
    "party_fill": "{who} brings {card} into the party.",
    "turn_start": "{who} starts the turn with {mana} mana and {hand} cards in hand.",
    "draw": "{who} draws ({hand} in hand, {deck} left in the deck).",
    "land_make": "{who} makes land: {card} at ({x},{y}), +{gained} mana -> {mana} mana, {lands} lands.",
    "land_shift": "{who} shifts {card} to ({x},{y}).",
    "land_lost": "{who} loses the land {card} and {mana_lost} mana with it.",
    "open": "{who} opens {card} (cost {cost}).",
    "open_failed": "{who} cannot keep {card} open ({reason}): it is trashed.",
    "place": "{who} places {card} at ({x},{y}).",
    "move_declared": "{who} sends {card} toward the enemy land at ({x},{y}).",
    "move": "{who}'s {card} takes the land at ({x},{y}) and steals {stolen} mana.",
    "attack_party": "{who}'s {card} attacks the party.",
    "let_through": "{who} lets it through for 1 mana ({mana} left).",
    "battle": "Battle ({battle_text}): {monster} against {characters}.",
    "battle_damage": "  monster {monster_str}/{monster_def} vs characters' STR {characters_str}: trashed {trashed}"
                     "{monster_trashed_text}.",
    "character_trashed": "{who} loses the character {card} ({left} left).",
    "monster_trashed": "{who}'s {card} is trashed.",
    "mana_gained": "{who} gains {amount} mana ({source}).",
    "returned_to_hand": "{who} pays {cost} and takes {card} back to hand.",
    "discard": "{who} discards {card}.",
    "use": "{who} uses {card} (cost {cost}).",
    "ability": "{who}'s {card} uses its ability.",
    "technique": "{who}'s {card}: {name} (cost {cost}).",
    "cancel": "{who} answers {target} with {card}.",
    "equip": "{who} equips {card} on {character}.",
    "no_damage": "  no damage is dealt.",
    "mana_lost": "{who} loses {amount} mana ({source}).",
    "peek": "{who} sees the face-down {card} ({str}/{defence}).",
    "milled": "{who} trashes {card} from the top of the enemy deck.",
    "duel": "{who}'s {card} duels {other}.",
    "swap": "{who} swaps {out} for {card} from the character deck.",
    "tempo": "",
    "turn_end": "",
    "game_end": "Game over after {turns} turns: {result}.",
}
