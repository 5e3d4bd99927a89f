"""The types a game's deck construction rules are written in: sections, sizes, copy limits, findings.

They sit below the game registry and the validator: each games/<game>/rules.py builds its `CONSTRUCTION` from
them, the card pool reads its copy limits from them, and tcgsim/validate.py runs them. (They used to live in
validate.py, which imports the registry: the rules modules importing validate closed an import circle.)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from tcgsim.cards import Card, CardPool, CopyLimits
from tcgsim.decks import Deck, DeckEntry
from tcgsim.games import get_game

__all__ = ["Severity", "Violation", "SectionRule", "ConstructionRules", "ResolvedDeck", "ExtraCheck", "CopyLimits",
           "quote", "rules_for"]


def quote(name: str) -> str:
    """A card name as messages show it: "Drakonis"."""
    return f'"{name}"'


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True, slots=True)
class Violation:
    code: str
    message: str
    card: str | None = None
    line: int | None = None
    severity: Severity = Severity.ERROR

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message, "card": self.card, "line": self.line}


@dataclass(frozen=True)
class SectionRule:
    """What one part of a deck file (main deck, character deck, battle deck, ...) must satisfy."""

    key: str  # the deck file key: main, characters, battle, stock, hokan
    label: str  # for messages: "main deck"
    allowed_types: frozenset[str]
    size_code: str
    type_code: str
    copies_code: str
    min_cards: int | None = None
    max_cards: int | None = None
    required: bool = True
    distinct: bool = False  # every card at most once (the mana character deck)
    counts_copies: bool = True  # the game's copy limit applies here


@dataclass(frozen=True)
class ResolvedDeck:
    """A deck whose card references were found in the pool; entries that matched nothing are left out."""

    deck: Deck
    pool: CardPool
    sections: dict[str, list[tuple[DeckEntry, Card]]]

    def cards(self, section: str) -> list[tuple[Card, int, int | None]]:
        """(card, total count, first line) per distinct card of a section, in file order."""
        merged: dict[str, list[Any]] = {}
        for entry, card in self.sections.get(section, []):
            slot = merged.setdefault(card.id, [card, 0, entry.line])
            slot[1] += entry.count
        return [(c, n, ln) for c, n, ln in merged.values()]

    def size(self, section: str) -> int:
        return sum(entry.count for entry, _ in self.sections.get(section, []))

    def line_of(self, section: str) -> int | None:
        return self.deck.section_lines.get(section)


ExtraCheck = Callable[[ResolvedDeck], Iterable[Violation]]


@dataclass(frozen=True)
class ConstructionRules:
    """A game's deck construction rules, as data plus a few checks that are behaviour."""

    game: str
    prefix: str  # error codes start with it: MANA-COPIES, GZ-COPIES, EVA-COPIES
    copy_limits: CopyLimits  # the max copies of a card (a card can say unique: 1, or unlimited)
    sections: tuple[SectionRule, ...]
    extra_checks: tuple[ExtraCheck, ...] = ()
    copies_by_name: bool = False  # EVA: cards with the same name count as one kind
    unmodelled: Callable[[CardPool], frozenset[str]] | None = None  # ids whose effects the engine lacks

    def section(self, key: str) -> SectionRule:
        return next(s for s in self.sections if s.key == key)


def rules_for(game: str) -> ConstructionRules:
    """The construction rules of a registered game (its rules module, loaded on first use)."""
    rules = get_game(game).module("rules").CONSTRUCTION
    if not isinstance(rules, ConstructionRules):  # pragma: no cover - a game package written wrongly
        raise TypeError(f"tcgsim.games.{get_game(game).package}.rules.CONSTRUCTION is not a ConstructionRules")
    return rules
