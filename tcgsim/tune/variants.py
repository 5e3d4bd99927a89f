"""The decks `tune` may try: one swap of copies away from a deck, legal under the game's construction rules.

A swap takes k copies of one card out of a section of the deck and puts k copies of another in (k is 1, or every
copy of the outgoing card). The incoming copies take the outgoing copies' places in the deck's card list: a
game deals a seat's deck by shuffling that list with the seat's own generator (docs/results.md, "deals"), so a
variant is dealt the very cards the deck is dealt, except that the swapped copies come where the old ones would
have. A game in which no swapped copy is drawn is the same game for the deck and the variant: their difference
is the swap's, which is what makes a handful of paired games enough to tell swaps apart (docs/tune.md).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

import yaml

from tcgsim.cards import Card, CardPool
from tcgsim.construction import ConstructionRules, rules_for
from tcgsim.decks import Deck, DeckEntry, DeckError, read_deck
from tcgsim.validate import validate_deck

__all__ = ["Swap", "apply_swap", "card_counts", "deck_yaml", "legal_swaps", "read_collection", "resolve_cards"]


@dataclass(frozen=True, order=True)
class Swap:
    """k copies of `out_id` leave `section` and k copies of `in_id` take their places."""

    section: str
    out_id: str
    in_id: str
    copies: int
    out_name: str
    in_name: str

    def label(self) -> str:
        return f"-{self.copies} {self.out_name} +{self.copies} {self.in_name}"

    def to_json(self) -> dict[str, object]:
        return {"section": self.section, "out": self.out_name, "in": self.in_name, "copies": self.copies,
                "out_id": self.out_id, "in_id": self.in_id}


def _card(pool: CardPool, entry: DeckEntry, deck: Deck) -> Card:
    card = pool.lookup(entry.ref)
    if card is None:  # tune only starts from a deck that validates
        raise DeckError(deck.path, f"no card {entry.ref!r} in the {pool.game} pool", line=entry.line,
                        code="DECK-UNKNOWN-CARD", card=entry.ref)
    return card


def card_counts(deck: Deck, pool: CardPool, section: str | None = None) -> Counter[str]:
    """Copies per card id, in one section or in the whole deck."""
    counts: Counter[str] = Counter()
    for key, entries in deck.sections.items():
        if section is None or key == section:
            for entry in entries:
                counts[_card(pool, entry, deck).id] += entry.count
    return counts


def apply_swap(deck: Deck, swap: Swap, pool: CardPool, name: str | None = None) -> Deck:
    """The deck with `swap` made, the incoming copies in the outgoing copies' places (the module's docstring
    says why). The outgoing copies are taken from the card's last lines first."""
    entries = list(deck.entries(swap.section))
    left = swap.copies
    for i in reversed(range(len(entries))):
        entry = entries[i]
        if left == 0:
            break
        if _card(pool, entry, deck).id != swap.out_id:
            continue
        take = min(left, entry.count)
        left -= take
        kept = [DeckEntry(entry.ref, entry.count - take, entry.line)] if entry.count > take else []
        entries[i:i + 1] = [*kept, DeckEntry(swap.in_name, take, None)]
    if left:
        raise ValueError(f"{swap.label()}: the {swap.section} section holds fewer than {swap.copies} copies")
    sections = dict(deck.sections)
    sections[swap.section] = tuple(entries)
    return replace(deck, sections=sections, name=name or deck.name, sha256=None, problems=(), warnings=(),
                   path=f"<{name or deck.name}>")


def legal_swaps(deck: Deck, pool: CardPool, cuts: Sequence[str], allowed: Collection[str] | None = None,
                owned: Mapping[str, int] | None = None) -> list[Swap]:
    """Every swap of 1 or all copies of a card of `cuts` (card ids) for another card that leaves the deck
    legal (tcgsim validate finds no error), in a fixed order (cut by cut, then incoming card id).

    `allowed`: the card ids that may come in (None: the whole pool). `owned`: the copies the player owns of each
    card (a card the deck already holds counts as owned in the deck's number of copies). Cards whose effects the
    engine does not model yet never come in: a result about them would be about their printed stats.
    """
    rules: ConstructionRules = rules_for(deck.game)
    unmodelled = rules.unmodelled(pool) if rules.unmodelled is not None else frozenset()
    whole = card_counts(deck, pool)
    found: list[Swap] = []
    for section in rules.sections:
        here = card_counts(deck, pool, section.key)
        for out_id in cuts:
            n = here.get(out_id, 0)
            if not n:
                continue
            out_name = pool[out_id].name
            for copies in sorted({1, n}):
                for card in sorted(pool, key=lambda c: c.id):
                    if (card.id == out_id or card.type not in section.allowed_types or card.id in unmodelled
                            or card.city or (allowed is not None and card.id not in allowed)):
                        continue
                    if owned is not None and whole.get(card.id, 0) + copies > max(owned.get(card.id, 0),
                                                                                    whole.get(card.id, 0)):
                        continue
                    swap = Swap(section.key, out_id, card.id, copies, out_name, card.name)
                    if validate_deck(apply_swap(deck, swap, pool), pool).valid:
                        found.append(swap)
    return found


def resolve_cards(refs: Iterable[str], pool: CardPool, what: str) -> list[str]:
    """Card ids of names/ids given on the command line (`--keep`); ValueError naming the first unknown one."""
    ids: list[str] = []
    for ref in refs:
        card = pool.lookup(ref)
        if card is None:
            close = pool.suggest(ref)
            hint = f" (did you mean {', '.join(repr(c) for c in close)}?)" if close else pool.no_japanese_hint(ref)
            raise ValueError(f"{what} {ref!r}: no such card in the {pool.game} pool{hint}")
        ids.append(card.id)
    return ids


def read_collection(path: str | Path, game: str, pool: CardPool) -> dict[str, int]:
    """The cards a player owns, read like a deck list of the game (YAML or text, sections as they like: every
    line is a card and its count): copies per card id. DeckError for a line that cannot be read or names no card
    (the first one, with its line and a suggestion)."""
    deck = read_deck(path, game)
    if deck.problems:
        raise deck.problems[0]
    owned: Counter[str] = Counter()
    for entries in deck.sections.values():
        for entry in entries:
            card = pool.lookup(entry.ref)
            if card is None:
                close = pool.suggest(entry.ref)
                raise DeckError(str(path), f"no card {entry.ref!r} in the {game} pool", line=entry.line,
                                code="DECK-UNKNOWN-CARD", card=entry.ref,
                                suggestion=f"did you mean {close[0]!r}?" if close else None)
            owned[card.id] += entry.count
    return dict(owned)


def deck_yaml(deck: Deck, pool: CardPool, header: Sequence[str] = ()) -> str:
    """The deck as a deck file of its game (YAML, one `Card: copies` line per card in the deck's order; a
    section whose cards are all distinct, like the mana character deck, as a list), `header` as comments."""
    rules = rules_for(deck.game)
    lines = [f"# {h}" for h in header]
    lines.append(yaml.safe_dump({"game": deck.game, "name": deck.name}, allow_unicode=True, sort_keys=False).rstrip())
    if deck.plan:
        lines.append(yaml.safe_dump({"plan": deck.plan}, allow_unicode=True, width=1_000).rstrip())
    if deck.ai:
        lines.append(f"ai: {deck.ai}")
    for key, entries in deck.sections.items():
        counts: dict[str, int] = {}
        for entry in entries:
            name = _card(pool, entry, deck).name
            counts[name] = counts.get(name, 0) + entry.count
        distinct = any(s.key == key and s.distinct for s in rules.sections)
        body = list(counts) if distinct else counts
        lines.append(yaml.safe_dump({key: body}, allow_unicode=True, sort_keys=False, width=1_000).rstrip())
    return "\n".join(lines) + "\n"
