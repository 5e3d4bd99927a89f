"""How a Legend of Mana seat is shown to a person at the terminal (`tcgsim play --human SEAT`, tcgsim/human.py).

`PRESENTER` words the seat's position (`board_lines`), each legal action (`action_text`) and the decision being
asked (`decision_text`, with the rule ids of docs/rules/mana.md). Everything is built from the `ManaView` passed in
and the printed cards it names: never from the state behind it, so a face-down enemy monster is "a face-down
monster", the enemy hand and decks are counts, and the character deck is a count (its contents for the viewer's
own, in no order)."""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

from tcgsim.cards import printed_texts
from tcgsim.games.mana import actions as A
from tcgsim.games.mana.cards import ManaCard
from tcgsim.games.mana.common import BATTLE_MONSTER, HAND_SIZE, LET_THROUGH_COST, WIN_LANDS, WIN_MANA
from tcgsim.games.mana.effects import Effect
from tcgsim.games.mana.state import BattleKind, ChoiceKind, Phase
from tcgsim.games.mana.view import ManaView
from tcgsim.human import Reveal, counted, with_text

__all__ = ["PRESENTER", "REVEALS", "ManaPresenter"]

Where = tuple[int, int, int]

_PHASE = {Phase.MULLIGAN: "setup (mulligan)", Phase.MAIN: "main phase", Phase.PLACEMENT: "monster placement phase",
          Phase.END: "end phase", Phase.OVER: "game over"}
_KIND = {0: "artifact", 1: "monster", 2: "support", 3: "item", 4: "character"}
_ORDINAL = ("1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th")
# what a lasting artifact or support does while it holds (its `flag`), in words
_LASTING = {
    "no_party_attacks": "no party attacks (Medallion)", "no_blocks": "no blocking (Moon's Mirror)",
    "draw_on_trash": "Frozen Heart: its user draws per own card trashed", "free_open": "Stone Eye: monsters open for 0",
    "spoon": "Trembling Spoon: a trashed character lets its user trash a monster",
    "bone": "Dragon Bone: a monster that trashes a character pays 1", "brooch": "Brooch of Love",
    "recover_at_end": "Jumi's Staff: used mana back at the end of the turn",
    "ignore_conditions": "Boink: no attribute conditions",
}

# What each event kind of this game shows whom (tcgsim.human.Reveal), for `undo` (tcgsim.human.shows_hidden); the
# event's player is the seat the engine records it for (the drawer, the user, the owner of the card).
# - OWNER: draw (the turn's draw), mulligan (a new hand of 7), peek (the user sees a face-down monster);
# - OTHERS: land_make, place, equip: a card of the player's hidden hand comes to sight (face up), nothing more;
# - PUBLIC, a card nobody had seen: party_fill and swap (a character deck is shuffled), milled (the top of a
#   deck), open and open_failed (a face-down monster turned up: its open effects may also draw without a draw
#   event), monster_trashed and character_trashed (a face-down monster goes face up to the discard pile; trash
#   effects may draw or trash the top of a character deck: Eye Spy, Polter Box, Frozen Heart, Deathbringer);
# - PUBLIC, a card from a hand and what it may do silently: use and cancel (a used card may draw, search or
#   shuffle with no event of its own: Mailbox, Trent's Fruiting Time, Bottled Spirit), ability (Summoner
#   Nunuzac searches the deck), technique (Trickshot trashes the top of the deck), discard (Cap'n Tusk and
#   Pirate Penguin Raid pick it at random), battle_damage and no_damage (end-of-battle abilities draw: Niccolo);
#   setup (both hands dealt; before any decision).
# Not turn_start (mana and a hand's size: public; the draw is its own event) nor the moves, battles' starts, mana
# changes and lands that everyone sees.
_PUBLIC = ("setup", "party_fill", "swap", "milled", "open", "open_failed", "monster_trashed", "character_trashed",
           "use", "cancel", "ability", "technique", "discard", "battle_damage", "no_damage")
REVEALS: Mapping[str, Reveal] = MappingProxyType({
    **dict.fromkeys(_PUBLIC, Reveal.PUBLIC),
    **dict.fromkeys(("draw", "mulligan", "peek"), Reveal.OWNER),
    **dict.fromkeys(("land_make", "place", "equip"), Reveal.OTHERS),
})


def _seat(view: ManaView, seat: int) -> str:
    return "you" if seat == view.player else f"P{seat + 1}"


def _whose(view: ManaView, seat: int) -> str:
    return "your" if seat == view.player else f"P{seat + 1}'s"


def _attr(card: ManaCard) -> str:
    return card.attribute.name.lower() if card.attribute is not None else "no attribute"



def _arrows(card: ManaCard) -> str:
    up, left, right, down = card.arrows
    return f"arrows up {up:+d} left {left:+d} right {right:+d} down {down:+d}"


def _cost(card: ManaCard) -> str:
    return "X" if card.variable_cost else str(card.cost or 0)


def _card_line(card: ManaCard) -> str:
    """A card in hand with what a player weighs it by."""
    kind = _KIND.get(int(card.kind), "card")
    if card.is_land:
        use = f", or use as an artifact for {_cost(card)}" if card.cost is not None and card.effects.artifact else ""
        return f"{card.name} (land: {_attr(card)}, base {card.base_mana}, {_arrows(card)}{use})"
    if kind == "monster":
        needs = f", opens only with {card.open_condition.name.lower()}" if card.open_condition is not None else ""
        return f"{card.name} (monster: {_attr(card)}, cost {_cost(card)}, {card.str_}/{card.def_}{needs})"
    if kind == "support":
        needs = ", needs " + "+".join(a.name.lower() for a in card.condition) if card.condition else ""
        return f"{card.name} (support, {card.timing or 'any time'}: cost {_cost(card)}{needs})"
    if kind == "item":
        return f"{card.name} (item, {card.item_type or 'item'}: equip for {_cost(card)})"
    return f"{card.name} ({kind})"


def _names(items: Sequence[str]) -> str:
    items = list(items)
    if not items:
        return "nobody"
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " and " + items[-1]


class ManaPresenter:
    """The terminal wording of a Legend of Mana seat (tcgsim.human.Presenter)."""

    reveals: Mapping[str, Reveal] = REVEALS

    # ------------------------------------------------------------------------------------------ looking things up

    @staticmethod
    def _monster_at(view: ManaView, where: Where) -> tuple[int, bool] | None:
        """(owner, face up) of the monster at `where`, if one stands there."""
        for w, owner, _uid, face_up, _acted in view.monsters():
            if w == where:
                return owner, face_up
        return None

    def _monster(self, view: ManaView, where: Where, stats: bool = False) -> str:
        """The monster at `where` as the seat may know it: a face-down enemy monster is never named."""
        found = self._monster_at(view, where)
        if found is None:
            return "the monster"
        owner, face_up = found
        card = view.monster_card(where)
        if card is None:
            return f"{_whose(view, owner)} face-down monster"
        text = f"{_whose(view, owner)} {card.name}" if face_up else f"{_whose(view, owner)} face-down {card.name}"
        if stats:
            strength = view.monster_strength(where)
            if strength is not None:
                text += f" {strength[0]}/{strength[1]}"
        return text

    def _square(self, view: ManaView, where: Where) -> str:
        owner, x, y = where
        card = view.land_card(owner, (x, y))
        if card is None:
            return f"{_whose(view, owner)} square ({x},{y})"
        return f"{_whose(view, owner)} {card.name} at ({x},{y})"

    def _character(self, view: ManaView, uid: int) -> str:
        """A character by uid, with its side (parties are face up)."""
        for seat in (0, 1):
            if any(u == uid for u, _tapped in view.party(seat)):
                card = view.card(uid)
                name = card.name if card is not None else "a character"
                return name if seat == view.player else f"P{seat + 1}'s {name}"
        card = view.card(uid)
        return card.name if card is not None else "a hidden card"

    def _char_name(self, view: ManaView, uid: int) -> str:
        card = view.card(uid)
        return card.name if card is not None else "a character"

    @staticmethod
    def _head(card: ManaCard, pending: ChoiceKind | None) -> Effect | None:
        fx = card.effects
        if pending is ChoiceKind.CANCEL and fx.cancel:
            return fx.cancel[0]
        if card.is_land:
            return fx.artifact_head
        if card.kind == 2 and card.timing == "battle":
            return fx.battle_head
        return fx.main_head

    def _copy_tag(self, view: ManaView, uid: int) -> str:
        """' (copy 2)' when the hand holds more than one card of this name (two legal actions would read alike)."""
        card = view.card(uid)
        if card is None:
            return ""
        same = [u for u in view.hand() if (c := view.card(u)) is not None and c.id == card.id]
        if len(same) < 2 or uid not in same:
            return ""
        return f" (copy {same.index(uid) + 1})"

    # ------------------------------------------------------------------------------------------ the board

    def board_lines(self, view: ManaView) -> list[str]:
        me, them = view.player, 1 - view.player
        lines = [self._headline(view)]
        lines += self._situation(view)
        lines += self._side_lines(view, them)
        lines += self._monster_lines(view)
        lines += self._side_lines(view, me)
        hand = view.hand()
        cards = [c for c in (view.card(u) for u in hand) if c is not None]
        lines.append(f"Your hand ({len(hand)}):" if hand else "Your hand: empty")
        texts = printed_texts("mana")  # the pool's words for what a card does, beside what it costs
        lines += [with_text(f"  {_card_line(c)}", texts.get(c.id, ""))
                  for c in sorted(cards, key=lambda c: (int(c.kind), c.name))]
        return lines

    def _headline(self, view: ManaView) -> str:
        phase = _PHASE.get(view.phase, view.phase.name.lower())
        if view.phase is Phase.MULLIGAN:
            return f"Setup: mulligans (you are P{view.player + 1})"
        turn = f"Turn {view.turn}: {_whose(view, view.active)} {phase}"
        return f"{turn} (you are P{view.player + 1}; win at {WIN_MANA} mana or {WIN_LANDS} lands)"

    def _situation(self, view: ManaView) -> list[str]:
        """The battle in progress and the card being answered, if any."""
        out: list[str] = []
        b = view.battle()
        if b is not None:
            where = (b.where[0], b.where[1][0], b.where[1][1]) if b.where is not None else None
            if b.monster is not None:
                monster = f"{_whose(view, b.monster_owner)} {b.monster.name}"
            else:
                monster = f"{_whose(view, b.monster_owner)} face-down monster"
            at = f" on {self._square(view, where)}" if where is not None else ""
            chars = _names([self._char_name(view, u) for u in b.chars])
            if b.kind is BattleKind.CHARACTER_ATTACK:
                verb = "attacks" if len(b.chars) == 1 else "attack"
                what = f"{_whose(view, 1 - b.monster_owner)} {chars} {verb} {monster}{at}"
            elif b.kind is BattleKind.MOVEMENT:
                dest = b.destination
                into = f" into {self._square(view, (dest[0], dest[1][0], dest[1][1]))}" if dest else ""
                what = f"{monster}{at} moves{into}" + (f"; blocking: {chars}" if b.chars else "")
            else:
                what = f"{monster} attacks {_whose(view, 1 - b.monster_owner)} party" + (
                    f"; defending: {chars}" if b.chars else "")
            out.append(f"Battle: {what}")
            numbers = view.battle_numbers()
            if numbers is not None and b.chars:
                total, defs, m_str, m_def = numbers
                guess = " (a guess: it is face down)" if b.monster is None else ""
                out.append(f"  characters' STR {total} (DEF {'/'.join(map(str, defs))}) against the monster's "
                           f"{m_str}/{m_def}{guess}")
        used = view.being_used()
        if used is not None:
            seat, card, action = used
            out.append(f"Being used: {_whose(view, seat)} {card.name}{self._use_details(view, action, card)}")
        pending = view.pending
        if pending is not None and pending.player == view.player and pending.kind in (ChoiceKind.DISCARD,
                                                                                   ChoiceKind.END_DISCARD):
            out.append(f"To discard: {pending.count} more card{'s' if pending.count != 1 else ''}")
        lasting = [text for flag, text in _LASTING.items() if view.lasting(flag)]
        if lasting:
            out.append("In force: " + "; ".join(lasting))
        return out

    def _side_lines(self, view: ManaView, seat: int) -> list[str]:
        available, used = view.mana(seat)
        party = view.party(seat)
        left = view.characters_left(seat)
        who = f"You (P{seat + 1})" if seat == view.player else f"P{seat + 1}"
        head = (f"{who}: mana {available} available + {used} used = {available + used}/{WIN_MANA}; "
                f"lands {view.land_count(seat)}/{WIN_LANDS}; hand {view.hand_size(seat)}; "
                f"deck {view.deck_size(seat)}; characters left {left} (party {len(party)}, "
                f"character deck {left - len(party)})")
        items = view.items(seat)
        members = []
        for uid, tapped in party:
            card = view.card(uid)
            if card is None:
                continue
            text = f"{card.name} {card.str_}/{card.def_}"
            carried = [c.name for c in (view.card(i) for i in items.get(uid, ())) if c is not None]
            if carried:
                text += " with " + _names(carried)
            members.append(text + (" (tapped)" if tapped else ""))
        lines = [head, "  party: " + ("; ".join(members) if members else "empty")]
        if seat == view.player:
            deck = [c.name for c in (view.card(u) for u in view.own_character_deck()) if c is not None]
            if deck:
                lines.append("  character deck (no order): " + ", ".join(sorted(deck)))
        lines += self._piles(view, seat)
        lines += self._grid(view, seat)
        return lines

    def _piles(self, view: ManaView, seat: int) -> list[str]:
        """The seat's face-up piles: the discard pile (top first, copies counted), the trashed characters, and a
        deck played face up (Ancient Tablet)."""
        pile = view.discard(seat)
        names = counted(self._pile_names(view, reversed(pile)))
        out = [f"  discard pile ({len(pile)}, top first): {names}" if pile else "  discard pile: empty"]
        trashed = view.character_discard(seat)
        if trashed:
            out.append(f"  trashed characters ({len(trashed)}): {counted(self._pile_names(view, trashed))}")
        deck = view.revealed_deck(seat)
        if deck is not None:
            out.append(f"  deck face up ({len(deck)}, top first): "
                       + (", ".join(self._pile_names(view, reversed(deck))) or "empty"))
        return out

    @staticmethod
    def _pile_names(view: ManaView, uids: Iterable[int]) -> list[str]:
        return [c.name if (c := view.card(u)) is not None else "a hidden card" for u in uids]

    def _grid(self, view: ManaView, seat: int) -> list[str]:
        """The seat's 3x3 grid as a map: land names, [n] where a monster stands (see Monsters), + where a land
        may be made now. Up (y+1) points away from the grid's owner (MANA-LAND-6)."""
        lands = view.lands(seat)
        free = set(view.land_positions(seat)) if seat == view.active and view.phase is Phase.MAIN else set()
        squares = set(lands) | free
        if not squares:
            return ["  grid: no land yet"]
        tags = self._monster_tags(view)
        xs = range(min(x for x, _ in squares), max(x for x, _ in squares) + 1)
        ys = range(max(y for _, y in squares), min(y for _, y in squares) - 1, -1)
        width = 22
        out = [f"  grid ({'up = toward P' + str(2 - seat)}; + = a land may be made):",
               ("       " + "".join(f"x={x}".ljust(width) for x in xs)).rstrip()]
        for y in ys:
            cells = []
            for x in xs:
                uid = lands.get((x, y))
                if uid is not None:
                    card = view.card(uid)
                    name = card.name if card is not None else "land"
                    attr = f" {card.attribute.name.lower()}" if card is not None and card.attribute is not None else ""
                    tag = tags.get((seat, x, y), "")
                    cell = f"{name[:width - 2 - len(attr) - len(tag)]}{attr}{tag}"
                elif (x, y) in free:
                    cell = "+"
                else:
                    cell = "."
                cells.append(cell.ljust(width))
            out.append(f"  y={y:<2} " + "".join(cells).rstrip())
        return out

    def _monster_tags(self, view: ManaView) -> dict[Where, str]:
        return {w: f"[{i}]" for i, (w, *_rest) in enumerate(view.monsters(), start=1)}

    def _monster_lines(self, view: ManaView) -> list[str]:
        out = []
        for i, (where, owner, _uid, face_up, acted) in enumerate(view.monsters(), start=1):
            card = view.monster_card(where)
            notes = []
            if card is None:
                what = "face-down monster"
            else:
                strength = view.monster_strength(where)
                stats = f", {strength[0]}/{strength[1]}" if strength is not None else ""
                what = f"{card.name} ({_attr(card)}, cost {_cost(card)}{stats})"
                if not face_up:
                    notes.append("face down: only you know it" if owner == view.player else "face down, seen")
            if acted:
                notes.append("acted this turn")
            out.append(f"  [{i}] {_whose(view, owner)} {what} on {self._square(view, where)}"
                       + "".join(f"; {n}" for n in notes))
        return (["Monsters:"] + out) if out else ["Monsters: none"]

    # ------------------------------------------------------------------------------------------ actions

    def action_text(self, view: ManaView, action: Any) -> str:
        kind = view.pending_kind()
        t = type(action)
        if t is A.Mulligan:
            return "Mulligan: return the 7 cards, shuffle, draw 7" if action.take else "Keep this hand"
        if t is A.MakeLand:
            if action.card < 0:
                return self._shift_text(view, -1 - action.card, (action.x, action.y))
            card = view.card(action.card)
            name = card.name if card is not None else "a land"
            attr = f" ({_attr(card)})" if card is not None else ""
            return (f"Make a land: {name}{attr} at ({action.x},{action.y}), "
                    f"+{view.land_gain(action.card, (action.x, action.y))} mana")
        if t is A.OpenMonster:
            card = view.monster_card(action.at)
            cost = f" (cost {_cost(card)})" if card is not None else ""
            return f"Open {self._monster(view, action.at)} on {self._square(view, action.at)}{cost}"
        if t is A.AttackParty:
            return (f"Attack {_whose(view, 1 - view.player)} party with {self._monster(view, action.at, stats=True)} "
                    f"on {self._square(view, action.at)}")
        if t is A.AttackMonster:
            chars = [view.card(u) for u in action.characters]
            total = sum(c.str_ for c in chars if c is not None)
            return (f"Attack {self._monster(view, action.at, stats=True)} on {self._square(view, action.at)} with "
                    f"{_names([self._char_name(view, u) for u in action.characters])} (printed STR {total})")
        if t is A.MoveMonster:
            return (f"Move {self._monster(view, action.at)} from {self._square(view, action.at)} into "
                    f"{self._square(view, action.to)}")
        if t is A.EndMain:
            return "End the main phase (go on to placing monsters)"
        if t is A.EndPlacement:
            return "End the placement phase (end the turn)"
        if t is A.PlaceMonster:
            card = view.card(action.card)
            name = card.name if card is not None else "a monster"
            square = self._square(view, (view.player, action.x, action.y))
            if action.open:
                return f"Place {name} face up on {square}, paying its cost {_cost(card) if card else '?'}"
            return f"Place {name} face down on {square} (free)"
        if t is A.Block:
            if not action.characters:
                return "Do not block: let the monster move in"
            return f"Block with {_names([self._char_name(view, u) for u in action.characters])}"
        if t is A.Defend:
            if not action.characters:
                return f"Let it through: pay {LET_THROUGH_COST} available mana to the attacker"
            tapped = {u for u, tap in view.party(view.player) if tap}
            names = [self._char_name(view, u) + (" (tapped: STR 0)" if u in tapped else "")
                     for u in action.characters]
            return f"Defend the party with {_names(names)}"
        if t is A.AssignDamage:
            return "Damage goes to " + ", then ".join(self._character(view, u) for u in action.order)
        if t is A.Discard:
            card = view.card(action.card)
            return f"Discard {card.name if card is not None else 'a card'}"
        if t is A.ChooseCharacter:
            who = self._character(view, action.character)
            if kind is ChoiceKind.TRASH_CHARACTER:
                return f"Trash {who}"
            if kind is ChoiceKind.TAP_CHARACTER:
                return f"Tap {who}"
            if kind is ChoiceKind.DUEL:
                return f"Send {who} to the duel"
            if kind is ChoiceKind.SWAP:
                return f"Swap {who} out for a card of your character deck"
            return f"Choose {who}"
        if t is A.Pay:
            pending = view.pending
            card = view.card(pending.options[0]) if pending is not None and pending.options else None
            name = card.name if card is not None else "the card"
            if action.yes:
                amount = pending.count if pending is not None else 1
                return f"Pay {amount} mana to take {name} back to hand"
            return f"Leave {name} in the discard pile"
        if t is A.Sacrifice:
            if not action.cards:
                return "Trash no card from hand"
            names = [(c.name if (c := view.card(u)) is not None else "a card") + self._copy_tag(view, u)
                     for u in action.cards]
            return f"Trash {_names(names)} from hand for the monster's bonus"
        if t is A.UseCard:
            return self._use_text(view, action, kind)
        if t is A.Pass:
            if kind is ChoiceKind.CANCEL:
                used = view.being_used()
                return f"Do not answer {used[1].name}" if used is not None else "Do not answer it"
            if kind is ChoiceKind.SWAP:
                return "Keep the party as it is (no swap)"
            if kind is ChoiceKind.BATTLE_WINDOW:
                return "Pass: use nothing more now in this battle"
            return "Pass"
        if t is A.ChooseCard:
            return self._choose_card_text(view, action.card)
        if t is A.ChoosePlace:
            if self._monster_at(view, action.at) is not None:
                return f"Choose {self._monster(view, action.at)} on {self._square(view, action.at)}"
            return f"Put the land at {self._square(view, action.at)}"
        data = action.to_json() if hasattr(action, "to_json") else {}
        return " ".join(f"{k}={v}" for k, v in data.items()) or repr(action)

    def _shift_text(self, view: ManaView, land_uid: int, to: tuple[int, int]) -> str:
        for seat in (0, 1):
            for pos, uid in view.lands(seat).items():
                if uid == land_uid:
                    card = view.card(uid)
                    name = card.name if card is not None else "the land"
                    return f"Shift {_whose(view, seat)} {name} from ({pos[0]},{pos[1]}) to ({to[0]},{to[1]})"
        return f"Shift a land to ({to[0]},{to[1]})"

    def _use_text(self, view: ManaView, action: Any, kind: ChoiceKind | None) -> str:
        card = view.card(action.card)
        if card is None:
            return f"Use a card{self._use_details(view, action, None)}"
        if card.kind == 4:  # a character: a main-phase ability, or Gilbert's cancel
            details = self._use_details(view, action, card, kind)
            if kind is ChoiceKind.CANCEL:
                return f"Tap {card.name} to answer the card being used{details}"
            return f"Tap {card.name} for the character's ability{details}"
        if card.kind == 3 and action.card not in view.hand():  # a technique of a carried item
            techniques = card.effects.techniques
            e = techniques[action.x] if 0 <= action.x < len(techniques) else None
            name = (e.name if e is not None and e.name else f"technique {action.x + 1}")
            price = ("needs " + "+".join(e.needs) + ", no mana") if e is not None and e.needs else \
                f"cost {e.cost if e is not None else '?'}"
            return f"{self._char_name(view, action.target)}'s {card.name}: {name} ({price})"
        if card.kind == 3:
            return f"Equip {card.name} on {self._char_name(view, action.target)} (cost {_cost(card)})"
        tag = self._copy_tag(view, action.card) if kind is ChoiceKind.CANCEL else ""
        verb = "Answer with" if kind is ChoiceKind.CANCEL else "Use"
        what = "artifact" if card.is_land else "support"
        cost = f"cost {action.x}" if card.variable_cost and kind is not ChoiceKind.CANCEL else f"cost {_cost(card)}"
        return f"{verb} {card.name}{tag} ({what}, {cost}){self._use_details(view, action, card, kind)}"

    def _use_details(self, view: ManaView, action: Any, card: ManaCard | None,
                     kind: ChoiceKind | None = None) -> str:
        """What a used card names: its target (a character, an item, a discard pile's card, a player, the
        battle's monster), its places (monsters and lands; a destination last) and its X."""
        if type(action) is A.MakeLand:
            return f": making a land of it at ({action.x},{action.y})"
        if type(action) is not A.UseCard:
            return ""
        head = self._head(card, kind) if card is not None else None
        parts: list[str] = []
        target = action.target
        if head is not None and head.target == "seat" and target in (0, 1):
            parts.append(f"on {_seat(view, target)}" + (" (yourself)" if target == view.player else ""))
        elif target == BATTLE_MONSTER:
            parts.append("on the battle's monster")
        elif target >= 0:
            parts.append("on " + self._target_card(view, target))
        for where in action.at:
            if self._monster_at(view, where) is not None:
                parts.append(f"{self._monster(view, where)} on {self._square(view, where)}")
            else:
                parts.append(self._square(view, where))
        if card is not None and card.variable_cost and action.x:
            parts.append(f"X={action.x}")
        return (": " + ", ".join(parts)) if parts else ""

    def _target_card(self, view: ManaView, uid: int) -> str:
        for seat in (0, 1):
            if any(u == uid for u, _tapped in view.party(seat)):
                return self._character(view, uid)
            for holder, items in view.items(seat).items():
                if uid in items:
                    card = view.card(uid)
                    name = card.name if card is not None else "an item"
                    same = [i for i in items if (c := view.card(i)) is not None and c.name == name]
                    nth = f" (its {_ORDINAL[same.index(uid)]})" if len(same) > 1 and same.index(uid) < 8 else ""
                    return f"{name}{nth} carried by {self._character(view, holder)}"
        card = view.card(uid)
        if card is None:
            return "a hidden card"
        for seat in (0, 1):  # a card of a discard pile (Florina, Rosiotti...): whose, and which copy from the top
            for pile, where in ((view.discard(seat), "discard pile"), (view.character_discard(seat),
                                                                       "trashed characters")):
                if uid in pile:
                    same = [u for u in reversed(pile) if (c := view.card(u)) is not None and c.name == card.name]
                    n = same.index(uid)
                    nth = "" if len(same) < 2 else (f" (the {_ORDINAL[n]} from the top)" if n < len(_ORDINAL)
                                                     else f" (card {uid})")
                    return f"{card.name} from {_whose(view, seat)} {where}{nth}"
        return f"{card.name} (card {uid})"

    def _choose_card_text(self, view: ManaView, uid: int) -> str:
        card = view.card(uid)
        pending = view.pending
        options = pending.options if pending is not None else ()
        n = options.index(uid) if uid in options else 0
        nth = _ORDINAL[n] if n < len(_ORDINAL) else f"{n + 1}th"
        if card is None:  # a card the choice shows that the view does not name (the enemy's top cards)
            return f"Choose the {nth} of the cards shown (its name is not in your view)"
        if uid in view.own_character_deck():
            return f"Choose {card.name} (from your character deck)"
        same = [u for u in options if (c := view.card(u)) is not None and c.name == card.name]
        return f"Choose {card.name}" + (f" (the {nth} shown)" if len(same) > 1 else "")

    # ------------------------------------------------------------------------------------------ the decision

    def decision_text(self, view: ManaView, legal: Sequence[Any]) -> str:
        return "\n".join(textwrap.wrap(self._decision(view, legal), 110, break_on_hyphens=False))

    def _decision(self, view: ManaView, legal: Sequence[Any]) -> str:
        kind = view.pending_kind()
        n = len(legal)
        if kind is ChoiceKind.MULLIGAN:
            return ("Mulligan: your hand is all lands (artifacts) or has none, so you may return the 7 cards, "
                    "shuffle and draw 7, once (MANA-SETUP-4).")
        if kind is ChoiceKind.BLOCK:
            return ("An enemy monster moves into one of your empty lands: block it with any untapped characters "
                    "(they tap afterwards), or let it in; it arrives only if it survives, and takes the land's base "
                    "mana from your used pool (MANA-BATTLE-4, MANA-MON-7, MANA-MON-8, MANA-BATTLE-11).")
        if kind is ChoiceKind.DEFEND_PARTY:
            return (f"A monster attacks your party: name the characters that fight it (they do not tap; tapped ones "
                    f"fight with STR 0), or let it through for {LET_THROUGH_COST} available mana to the attacker "
                    "(MANA-BATTLE-9, MANA-BATTLE-10).")
        if kind is ChoiceKind.ASSIGN_DAMAGE:
            return ("Your monster's damage: name the order it goes to the characters fighting it; each takes what "
                    "trashes it, the next the rest (MANA-BATTLE-6, MANA-BATTLE-7).")
        if kind is ChoiceKind.END_DISCARD:
            return f"End phase: your hand is over {HAND_SIZE}; discard down to {HAND_SIZE}, one card at a time " \
                   "(MANA-TURN-9)."
        if kind is ChoiceKind.DISCARD:
            return ("A card's effect makes you discard: choose the card, one at a time (MANA-FX-OPEN-1, "
                    "MANA-FX-TRASH-1).")
        if kind is ChoiceKind.TRASH_CHARACTER:
            return ("A card's effect trashes a character: choose which (MANA-CHAR-3, MANA-CHAR-4, MANA-FX-OPEN-1, "
                    "MANA-FX-END-1).")
        if kind is ChoiceKind.TAP_CHARACTER:
            return "A monster opened and taps a character not in the battle: choose which (MANA-FX-OPEN-1)."
        if kind is ChoiceKind.PAY_TO_RETURN:
            return ("Your trashed monster may come back to hand if you pay now (MANA-FX-TRASH-1, MANA-FX-TRASH-2, "
                    "MANA-MANA-4).")
        if kind is ChoiceKind.SACRIFICE:
            return "Goblin: trash monster cards from hand for its bonus each (MANA-FX-BATTLE-2)."
        if kind is ChoiceKind.CANCEL:
            used = view.being_used()
            what = f"{_whose(view, used[0])} {used[1].name}" if used is not None else "a card"
            return (f"{what} is being used: answer it with a cancel, or let it resolve; a cancel is not itself "
                    "answered (MANA-FX-CANCEL-1).")
        if kind is ChoiceKind.BATTLE_WINDOW:
            return ("A battle window: use in-battle supports and your fighting characters' item techniques (one per "
                    "item), then pass; the sides alternate until one passes with nothing used (MANA-FX-WINDOW-1, "
                    "MANA-FX-ITEM-1, MANA-FX-USE-1).")
        if kind is ChoiceKind.PICK_CARD:
            return ("A card's effect asks you to choose one of these cards (a search, a card to bring in, the order "
                    "of your character deck, a card to trash) (MANA-FX-USE-2, MANA-FX-CHAR-4).")
        if kind is ChoiceKind.PICK_PLACE:
            return "A card's effect asks you to choose a place on the field: a monster, or a square (MANA-FX-USE-2)."
        if kind is ChoiceKind.DUEL:
            return ("Duelle's Battle Arena: choose your character to fight the enemy's; both deal their STR at once, "
                    "damage that reaches DEF trashes (MANA-FX-USE-2, MANA-CHAR-3).")
        if kind is ChoiceKind.SWAP:
            return ("Character replenishment: Hero or Heroine lets you swap an untapped character of the party with "
                    "a card of your character deck, or pass (MANA-FX-CHAR-4, MANA-TURN-3).")
        if view.phase is Phase.PLACEMENT:
            return ("Monster placement: put monsters from hand on your empty lands, face down for free or face up "
                    "paying the cost; they act from your next turn (MANA-MON-1, MANA-MON-2, MANA-MON-3, "
                    f"MANA-TURN-7). {n} choices.")
        return ("Main phase, in any order: make one land a turn (free; mana = base + arrows toward neighbours), use "
                "supports, artifacts and items, open monsters, attack enemy monsters with untapped characters, move "
                "monsters into empty enemy lands, attack the party with face-up monsters (MANA-TURN-5, MANA-LAND-1, "
                f"MANA-LAND-3, MANA-LAND-5, MANA-FX-USE-1, MANA-MON-5, MANA-BATTLE-3, MANA-MON-7, MANA-MON-11). "
                f"{n} choices.")


PRESENTER = ManaPresenter()
