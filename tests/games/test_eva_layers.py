"""The EVA package is layered: no module imports, directly or not, a module that imports it back, counting every
import statement (under `if TYPE_CHECKING:` and inside functions too), and each import goes down the layers:

    actions, effects, state, rules, options  ->  cards  ->  fields (CityFields / EvaFields / ShortFields, the
        EvaGameData / EvaShortGameData protocols), city_model (the players' model of the city)  ->  the
        rule-area mixins (setup, turn, talk, speak, card_effects, counters, battle, hokan, short)  ->  view  ->
        short_ai (the short rule's player)  ->  game, ai

`python -m tests.import_graph tcgsim/games/eva` prints the circles if one comes back.
"""

from __future__ import annotations

from pathlib import Path

from tcgsim.games import eva
from tests.import_graph import cycles, import_graph

PACKAGE = Path(eva.__file__).parent

# Lower first. Every module of the package is named once. The rule areas may import one another (no circle: the
# cycle test checks it); any other import must go to a strictly lower layer.
LAYERS: list[set[str]] = [
    {"__init__", "actions", "effects", "state", "rules", "options"},
    {"cards"},
    {"fields", "city_model"},
    {"setup", "turn", "talk", "speak", "card_effects", "counters", "battle", "hokan", "short"},
    {"view"},
    {"short_ai"},  # the short rule's player, under the styles that tune it
    {"game", "ai"},  # side by side: the scripted players decide from the view, never from the game
    {"human"},  # the terminal presenter: words a seat's view for a person (and may read the game's event kinds)
]
AREAS = 3


def layer(module: str) -> int:
    return next(i for i, names in enumerate(LAYERS) if module in names)


def test_eva_has_no_import_cycle() -> None:
    assert cycles(PACKAGE) == []


def test_every_eva_module_has_a_layer() -> None:
    placed = [name for names in LAYERS for name in names]
    assert len(placed) == len(set(placed))
    assert set(import_graph(PACKAGE)) == set(placed)


def test_eva_imports_go_down_the_layers() -> None:
    upward = [(a, b) for a, targets in sorted(import_graph(PACKAGE).items()) for b in sorted(targets)
              if layer(b) > layer(a) or (layer(b) == layer(a) != AREAS)]
    assert upward == []


def test_the_fields_and_the_view_know_the_game_only_by_its_shape() -> None:
    """The breaks this layering rests on: fields.py (what the areas type `self` as) and view.py import neither
    game.py nor, for fields.py, any rule area; the options live below the fields and game.py re-exports them."""
    graph = import_graph(PACKAGE)
    assert "game" not in graph["fields"] | graph["view"]
    assert graph["fields"].isdisjoint(LAYERS[AREAS])
    assert "game" not in graph["ai"]
    from tcgsim.games.eva import game, options
    assert game.EvaOptions is options.EvaOptions and game.EvaShortOptions is options.EvaShortOptions
