"""The GODZILLA package is layered: no module imports, directly or not, a module that imports it back, counting
every import statement (under `if TYPE_CHECKING:` and inside functions too), and each import goes down the layers:

    actions, effects (the vocabulary), options, rules  ->  cards  ->  state (GzStateFields)
        ->  the rule-area mixins (bases, battle, card_effects, control, ...)  ->  view  ->  field_ai (a mixin of
        the scripted players)  ->  game, ai
"""

from __future__ import annotations

from pathlib import Path

from tcgsim.games import godzilla
from tests.import_graph import cycles, import_graph

PACKAGE = Path(godzilla.__file__).parent

# Lower first. A module not named here is a rule-area mixin: the areas may import one another (no circle, the
# cycle test checks it); any other import must go to a strictly lower layer.
LAYERS: list[set[str]] = [
    {"__init__", "actions", "effects", "options", "rules"},
    {"cards"},
    {"state"},
    set(),  # the rule areas
    {"view"},
    {"field_ai"},
    {"game", "ai"},  # side by side: the scripted players decide from the view, never from the game
    {"human"},  # the terminal presenter: words a seat's view for a person (and may read the game's event kinds)
]
AREAS = 3


def layer(module: str) -> int:
    return next((i for i, names in enumerate(LAYERS) if module in names), AREAS)


def test_godzilla_has_no_import_cycle() -> None:
    assert cycles(PACKAGE) == []


def test_godzilla_imports_go_down_the_layers() -> None:
    upward = [(a, b) for a, targets in sorted(import_graph(PACKAGE).items()) for b in sorted(targets)
              if layer(b) > layer(a) or (layer(b) == layer(a) != AREAS)]
    assert upward == []


def test_the_cycle_checker_reads_every_import(tmp_path: Path) -> None:
    """The checker is not blind: a circle closed only by a TYPE_CHECKING, a function-level or a relative import is
    still found."""
    pkg = tmp_path / "layered_pkg"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "sub" / "__init__.py").write_text("")
    (pkg / "low.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from layered_pkg.high import X\n")
    (pkg / "high.py").write_text("from layered_pkg import low\n\n\ndef f():\n    from .sub import deep\n")
    (pkg / "sub" / "deep.py").write_text("import layered_pkg.high\nfrom ..low import y\n")
    (pkg / "alone.py").write_text("import os\nfrom layered_pkg.low import z\n")
    assert import_graph(pkg) == {"__init__": set(), "sub.__init__": set(), "alone": {"low"}, "low": {"high"},
                                 "high": {"low", "sub.deep"}, "sub.deep": {"high", "low"}}
    assert cycles(pkg) == [["high", "low", "high"], ["high", "sub.deep", "high"],
                           ["high", "sub.deep", "low", "high"]]
    (pkg / "low.py").write_text("")
    (pkg / "sub" / "deep.py").write_text("from ..low import y\n")
    assert cycles(pkg) == []
