"""tcgsim: deck validation and AI simulation for three classic trading card games.

The library is the product; the `tcgsim` command is a thin layer over it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tcgsim.cards import Card, CardPool, load_pool
from tcgsim.decks import Deck, DeckError, read_deck
from tcgsim.validate import DeckReport, Violation, validate_file
from tcgsim.version import __version__

if TYPE_CHECKING:
    from tcgsim.sim import Run, load_run, matchups, simulate

__all__ = ["Card", "CardPool", "Deck", "DeckError", "DeckReport", "Run", "Violation", "load_pool", "load_run",
           "matchups", "read_deck", "simulate", "validate_file", "__version__"]

_SIMULATION = ("Run", "load_run", "matchups", "simulate")


def __getattr__(name: str) -> Any:
    """The simulation API, imported on first use: `import tcgsim` (and `tcgsim validate`) stays free of
    pyarrow and numpy."""
    if name in _SIMULATION:
        import tcgsim.sim

        return getattr(tcgsim.sim, name)
    raise AttributeError(f"module 'tcgsim' has no attribute {name!r}")
