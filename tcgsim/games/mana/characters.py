"""Characters (docs/rules/mana.md, MANA-CHAR-*): the party filled from the character deck (and Hero and Heroine's
swap, MANA-FX-CHAR-4), a character trashed, the party routed (MANA-WIN-2), printed stats and synchro bonuses."""

from __future__ import annotations

import random
from collections.abc import Sequence

from tcgsim.games.mana.cards import Kind, ManaCard
from tcgsim.games.mana.common import (
    PARTY_SIZE,
    WinReason,
    _ChoiceKind_PICK_PLACE,
    _ChoiceKind_SWAP,
    _Kind_CHARACTER,
    _opp,
    _Verb_CHARACTER_TRASHED_HERE,
    _Verb_TO_CHARACTER_DECK,
)
from tcgsim.games.mana.fields import StateFields
from tcgsim.games.mana.state import Character, Choice


def _shuffle_characters(deck: list[int], cards: Sequence[ManaCard], rng: random.Random) -> None:
    """Shuffle a character deck; Useless Putty, face up on top, is kept aside and stays on top."""
    top = [u for u in deck if cards[u].kind is not Kind.CHARACTER]
    if not top:
        rng.shuffle(deck)
        return
    rest = [u for u in deck if cards[u].kind is Kind.CHARACTER]
    rng.shuffle(rest)
    deck[:] = rest + top


class CharacterRules(StateFields):
    """The party (MANA-CHAR-1..4, MANA-TURN-3, MANA-FX-CHAR-2/4, MANA-WIN-2)."""

    def _offer_swaps(self, seat: int) -> None:
        """Hero, Heroine (character replenishment): when the start phase brings characters in, each may swap an
        untapped party member with a card of the character deck that its owner picks (MANA-FX-CHAR-4)."""
        p = self.players[seat]
        if not p.char_deck:
            return
        for c in p.party:
            if self.cards[c.uid].effects.replenish:
                options = tuple(o.uid for o in p.party if not o.tapped)
                if options:
                    self.pending.append(Choice(_ChoiceKind_SWAP, seat, options, 1, c.uid))

    def _swap_in(self, seat: int, out: int, new: int) -> None:
        """Hero, Heroine: the character `new` of the character deck takes the place of the party's `out`, which is
        shuffled into the character deck; its items go to the discard pile (MANA-FX-CHAR-4)."""
        p = self.players[seat]
        c = p.character(out)
        assert c is not None, "offered from the party"
        p.char_deck.remove(new)
        p.party[p.party.index(c)] = Character(new)
        p.discard.extend(c.items)
        p.char_deck.append(c.uid)
        _shuffle_characters(p.char_deck, self.cards, self.deck_rng(seat))
        self._played(new)
        if self.events is not None:
            self.record(self._phase_name(), seat, "swap", out=self.cards[c.uid].name, card=self.cards[new].name)

    def _refill_party(self, seat: int) -> bool:
        p = self.players[seat]
        filled = False
        while len(p.party) < PARTY_SIZE and p.char_deck:
            uid = p.char_deck.pop()
            p.party.append(Character(uid))
            self._played(uid)
            filled = True
            if self.events is not None:
                self.record(self._phase_name(), seat, "party_fill", card=self.cards[uid].name)
        return filled

    def _trash_character(self, seat: int, uid: int) -> None:
        p = self.players[seat]
        c = p.character(uid)
        if c is None:
            return
        p.party.remove(c)
        p.discard.extend(c.items)
        card = self.cards[uid]
        owner = self.game.owner[uid]
        if card.kind is not _Kind_CHARACTER:  # Useless Putty goes to its owner's discard pile
            self.players[owner].discard.append(uid)
        elif self.lasting and self._lasting_on("brooch", seat):  # Brooch of Love: bottom of the character deck
            p.char_deck.insert(0, uid)
        else:
            p.char_discard.append(uid)
        if self.lasting:
            if self._lasting_on("draw_on_trash", seat):  # Frozen Heart
                self._draw(seat)
            if self._lasting_on("spoon", seat):  # Trembling Spoon: trash an enemy monster
                options = self._monster_codes(_opp(seat))
                if options:
                    self.pending.append(Choice(_ChoiceKind_PICK_PLACE, seat, options, 1, uid, (1,)))
        b = self.battle
        if b is not None:  # The Flames: a character trashed in a battle on it pays the monster's owner
            land = self._battle_land(b)
            if land is not None:
                for e in self.cards[land.uid].effects.land:
                    if e.verb is _Verb_CHARACTER_TRASHED_HERE:
                        self.players[b.monster_owner].available += e.amount
        if self.events is not None:
            self.record(self._phase_name(), seat, "character_trashed", card=self.cards[uid].name,
                        left=len(p.party) + len(p.char_deck))
        self._check_routed(seat)

    def _check_routed(self, seat: int) -> None:
        p = self.players[seat]
        if not p.party and not p.char_deck:  # MANA-WIN-2: every character gone
            self._win(_opp(seat), WinReason.PARTY_ROUTED)

    def char_stats(self, uid: int) -> tuple[int, int]:
        """A character's printed STR/DEF (Useless Putty, drawn as a character, is 1/1)."""
        card = self.cards[uid]
        if card.kind is _Kind_CHARACTER:
            return card.str_, card.def_
        for e in card.effects.main:
            if e.verb is _Verb_TO_CHARACTER_DECK:
                return e.str_, e.def_
        return 0, 0

    def _synchro(self, seat: int, uid: int) -> tuple[int, int]:
        fx = self.cards[uid].effects
        s = d = 0
        if fx.synchro:
            names = {self.cards[c.uid].name for c in self.players[seat].party}
            for e in fx.synchro:
                if any(n in names for n in e.partners):
                    s += e.str_
                    d += e.def_
        return s, d
