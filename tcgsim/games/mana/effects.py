"""Legend of Mana card effects: which cards the engine models. The vocabulary itself arrives with the engine."""

from __future__ import annotations

from tcgsim.cards import CardPool

# Cards whose printed text has no effect at all (vanilla monsters); they need no modelling.
VANILLA_MARKERS = ("no skill (vanilla)",)
MODELLED: frozenset[str] = frozenset()


def unmodelled_card_ids(pool: CardPool) -> frozenset[str]:
    """Ids of cards that have an effect the simulator does not model yet (they play as their stats)."""
    return frozenset(
        c.id for c in pool if c.text and not any(m in c.text for m in VANILLA_MARKERS) and c.id not in MODELLED
    )
