"""The Legend of Mana package is layered: no module imports, directly or not, a module that imports it back,
counting every import statement (under `if TYPE_CHECKING:` and inside functions too), and each import goes down
the layers:

    actions, effects (the vocabulary), state (the position)  ->  cards, rules  ->  common (constants, enums bound
        to names, _Ctx)  ->  options (ManaOptions)  ->  fields (StateFields, the ManaGameData protocol)
        ->  the rule-area mixins (setup, lands, attributes, monsters, characters, battle, card_use, card_effects)
        ->  view  ->  battle_ai, land_ai (the scripted players' judgement of battles and their windows, of land moves)
        ->  card_ai (of card uses)  ->  game, ai

`python -m tests.import_graph tcgsim/games/mana` prints the circles if one comes back.
"""

from __future__ import annotations

from pathlib import Path

from tcgsim.games import mana
from tests.import_graph import cycles, import_graph

PACKAGE = Path(mana.__file__).parent

# Lower first. Every module of the package is named once. The rule areas may import one another (no circle: the
# cycle test checks it); any other import must go to a strictly lower layer.
LAYERS: list[set[str]] = [
    {"__init__", "actions", "effects", "state"},
    {"cards", "rules"},
    {"common"},
    {"options"},
    {"fields"},
    {"setup", "lands", "attributes", "monsters", "characters", "battle", "card_use", "card_effects"},
    {"view"},
    {"battle_ai", "land_ai"},
    {"card_ai"},
    {"game", "ai"},  # side by side: the scripted players decide from the view, never from the game
    {"human"},  # the terminal presenter: words a seat's view for a person (and may read the game's event kinds)
]
AREAS = 5


def layer(module: str) -> int:
    return next(i for i, names in enumerate(LAYERS) if module in names)


def test_mana_has_no_import_cycle() -> None:
    assert cycles(PACKAGE) == []


def test_every_mana_module_has_a_layer() -> None:
    placed = [name for names in LAYERS for name in names]
    assert len(placed) == len(set(placed))
    assert set(import_graph(PACKAGE)) == set(placed)


def test_mana_imports_go_down_the_layers() -> None:
    upward = [(a, b) for a, targets in sorted(import_graph(PACKAGE).items()) for b in sorted(targets)
              if layer(b) > layer(a) or (layer(b) == layer(a) != AREAS)]
    assert upward == []


def test_the_fields_and_the_view_know_the_game_only_by_its_shape() -> None:
    """The breaks this layering rests on: fields.py (what the areas type `self` as) and view.py import neither
    game.py nor, for fields.py, any rule area."""
    graph = import_graph(PACKAGE)
    assert "game" not in graph["fields"] | graph["view"]
    assert graph["fields"].isdisjoint(LAYERS[AREAS])
    assert "game" not in graph["ai"]
