"""tcgsim: deck validation and AI simulation for three classic trading card games.

The library is the product; the `tcgsim` command is a thin layer over it.
"""

from __future__ import annotations

__version__ = "0.1.0"

from tcgsim.cards import Card, CardPool, load_pool  # noqa: E402
from tcgsim.decks import Deck, DeckError, read_deck  # noqa: E402
from tcgsim.validate import DeckReport, Violation, validate_file  # noqa: E402

__all__ = ["Card", "CardPool", "Deck", "DeckError", "DeckReport", "Violation", "load_pool", "read_deck",
           "validate_file", "__version__"]
