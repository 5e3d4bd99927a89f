"""EVA deck construction, one test per rule of docs/rules/eva.md (EVA-DECK-n)."""

from __future__ import annotations

from tcgsim.cards import load_pool
from tcgsim.decks import read_deck
from tests.conftest import REPO, check, codes

POOL = load_pool("eva")
BASE_DECK = read_deck(REPO / "decks" / "eva" / "shinjis_longing.yaml")


def main_deck() -> dict[str, int]:
    out: dict[str, int] = {}
    for e in BASE_DECK.entries("main"):
        card = POOL.lookup(e.ref)
        assert card is not None
        out[card.name] = out.get(card.name, 0) + e.count
    return out


HOKAN = POOL.lookup(BASE_DECK.entries("hokan")[0].ref).name  # type: ignore[union-attr]
FILLER = [c.name for c in POOL if c.type in ("drama", "battle", "put", "character", "eva") and not c.city
          and not c.unique]
ANGELS = [c.name for c in POOL.of_type("angel")]


def eva(main: dict[str, int] | None = None, hokan: object = HOKAN) -> object:
    sections: dict[str, object] = {"main": main if main is not None else main_deck()}
    if hokan is not None:
        sections["hokan"] = hokan
    return check("eva", **sections)


def grow(main: dict[str, int], size: int) -> dict[str, int]:
    for name in FILLER:
        while main.get(name, 0) < 3 and sum(main.values()) < size:
            main[name] = main.get(name, 0) + 1
    return main


def test_the_bundled_deck_is_valid() -> None:
    assert eva().valid  # type: ignore[attr-defined]


def test_eva_deck_1_at_least_30_cards() -> None:
    main = main_deck()
    while sum(main.values()) >= 30:
        main.pop(next(n for n in main if POOL.lookup(n).type != "angel"))  # type: ignore[union-attr]
    assert codes(eva(main)) == {"EVA-DECK-SIZE"}


def test_eva_deck_2_no_hokan_card_inside_the_deck() -> None:
    main = main_deck()
    main[HOKAN] = 1
    assert "EVA-DECK-TYPE" in codes(eva(main))


def test_eva_deck_2_no_city_card_inside_the_deck() -> None:
    city = next(c for c in POOL if c.city)
    main = main_deck()
    main[city.name] = 1
    assert "EVA-DECK-TYPE" in codes(eva(main))


def test_eva_deck_3_three_copies_by_name() -> None:
    main = main_deck()
    name = next(n for n in main if POOL.lookup(n).max_copies == 3)  # type: ignore[union-attr]
    main[name] = 4
    assert codes(eva(main)) == {"EVA-COPIES"}


def test_eva_deck_4_one_angel_per_15_cards() -> None:
    main = {n: c for n, c in main_deck().items() if POOL.lookup(n).type != "angel"}  # type: ignore[union-attr]
    main = grow(main, 45)
    main[ANGELS[0]] = 1
    main[ANGELS[1]] = 1
    assert "EVA-ANGELS" in codes(eva(main))  # 47 cards need 3 angels
    main[ANGELS[2]] = 1
    assert "EVA-ANGELS" not in codes(eva(main))


def test_eva_deck_4_below_15_no_angel_needed_but_30_needs_two() -> None:
    main = {n: c for n, c in main_deck().items() if POOL.lookup(n).type != "angel"}  # type: ignore[union-attr]
    main = grow(main, 30)
    main = dict(list(main.items()))
    assert "EVA-ANGELS" in codes(eva(main))


def test_eva_deck_5_each_angel_once() -> None:
    main = main_deck()
    angel = next(n for n in main if POOL.lookup(n).type == "angel")  # type: ignore[union-attr]
    main[angel] = 2
    report = eva(main)
    assert codes(report) == {"EVA-COPIES"}
    assert "at most 1 copy" in report.errors[0].message  # type: ignore[attr-defined]


def test_eva_deck_6_exactly_one_hokan_card() -> None:
    assert "EVA-HOKAN" in codes(eva(hokan=None))
    other = next(c.name for c in POOL.of_type("hokan") if c.name != HOKAN)
    assert "EVA-HOKAN" in codes(eva(hokan=[HOKAN, other]))
    assert "EVA-HOKAN-TYPE" in codes(eva(hokan=FILLER[0]))
