"""The whole library is layered: no import circle anywhere in tcgsim (every import statement counts, those under
TYPE_CHECKING and inside functions too; docs/architecture.md draws the floors). Each game package also tests its
own layers (tests/games/test_<game>_layers.py)."""

from __future__ import annotations

from pathlib import Path

from tests.import_graph import cycles

LIBRARY = Path(__file__).resolve().parent.parent / "tcgsim"


def test_the_library_has_no_import_circle() -> None:
    assert cycles(LIBRARY) == []


def test_the_low_floors_never_import_the_high_ones() -> None:
    from tests.import_graph import import_graph

    graph = import_graph(LIBRARY)
    low = ("engine", "stats", "options", "cards", "decks", "construction", "games.__init__", "terminal", "machine",
           "version")
    high = ("cli", "sim", "report", "bench")
    for module in low:
        reached = graph.get(module, set())
        assert not [m for m in reached if m.split(".")[0] in high], (module, reached)
