"""tcgsim: deck validation and AI simulation for three classic trading card games.

The library is the product; the `tcgsim` command is a thin layer over it, and takes the same inputs:

    import tcgsim

    report = tcgsim.validate_file("decks/mana/firestorm.yaml")     # a DeckReport: .valid, .errors, .warnings
    reports = tcgsim.validate_paths(["decks/"])                    # files, folders and globs, as the CLI
    run = tcgsim.simulate(["decks/mana/firestorm.yaml", "decks/mana/floodwater.yaml"], games=200, seed=7)
    run = tcgsim.matchups(["decks/mana/"], games=100)               # every pair of a folder's decks
    run.games, run.cards, run.tempo                                # pandas DataFrames (docs/results.md)
    run = tcgsim.load_run("reports/my-run")                        # a run folder; partial=True for an unfinished one

An invalid deck raises InvalidDecks, whose message names the problems and whose `.reports` hold them all.
"""

from __future__ import annotations

from typing import TYPE_CHECKING as _TYPE_CHECKING
from typing import Any as _Any

from tcgsim.cards import Card, CardPool, load_pool
from tcgsim.decks import Deck, DeckError, read_deck
from tcgsim.validate import DeckReport, InvalidDecks, Violation, validate_file, validate_paths
from tcgsim.version import __version__

if _TYPE_CHECKING:
    from tcgsim.sim import Run, load_run, matchups, simulate

__all__ = ["Card", "CardPool", "Deck", "DeckError", "DeckReport", "InvalidDecks", "Run", "Violation", "load_pool",
           "load_run", "matchups", "read_deck", "simulate", "validate_file", "validate_paths", "__version__"]

_SIMULATION = ("Run", "load_run", "matchups", "simulate")


def __getattr__(name: str) -> _Any:
    """The simulation API, imported on first use: `import tcgsim` (and `tcgsim validate`) stays free of
    pyarrow and numpy."""
    if name in _SIMULATION:
        import tcgsim.sim

        return getattr(tcgsim.sim, name)
    raise AttributeError(f"module 'tcgsim' has no attribute {name!r}")


def __dir__() -> list[str]:
    """What the library offers (`__all__`), not the modules and helpers `import tcgsim` happens to load."""
    return sorted(__all__)
