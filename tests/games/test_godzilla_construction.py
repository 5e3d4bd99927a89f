"""GODZILLA deck construction, one test per rule of docs/rules/godzilla.md (GZ-DECK-n, GZ-STOCK-n)."""

from __future__ import annotations

import pytest

from tcgsim.cards import load_pool
from tcgsim.decks import read_deck
from tcgsim.validate import validate_deck
from tests.conftest import REPO, check, codes, warning_codes

POOL = load_pool("godzilla")
BASE_DECK = read_deck(REPO / "decks" / "godzilla" / "burning_godzilla.yaml")


def sections() -> dict[str, dict[str, int]]:
    out: dict[str, dict[str, int]] = {}
    for key, entries in BASE_DECK.sections.items():
        out[key] = {}
        for e in entries:
            card = POOL.lookup(e.ref)
            assert card is not None
            out[key][card.name] = out[key].get(card.name, 0) + e.count
    return out


def gz(**changes: dict[str, int]) -> object:
    deck = sections()
    deck.update(changes)
    return check("godzilla", **deck)


def plain_name() -> str:
    return next(c.name for c in POOL if c.max_copies is None)


def test_the_bundled_deck_is_valid() -> None:
    assert gz().valid  # type: ignore[attr-defined]


def test_gz_deck_1_main_deck_at_least_40() -> None:
    main = sections()["main"]
    while sum(main.values()) >= 40:
        name = next(n for n in main if POOL.lookup(n).type != "base")  # type: ignore[union-attr]
        main.pop(name)
    assert "GZ-MAIN-SIZE" in codes(gz(main=main))


def test_gz_deck_2_main_deck_holds_army_cards_only() -> None:
    main = sections()["main"]
    battle_card = POOL.of_type("battle")[0].name
    main[battle_card] = 1
    assert codes(gz(main=main)) == {"GZ-MAIN-TYPE"}


def test_gz_deck_3_three_copies() -> None:
    main = sections()["main"]
    name = next(n for n in main if POOL.lookup(n).max_copies == 3)  # type: ignore[union-attr]
    main[name] = 4
    assert codes(gz(main=main)) == {"GZ-COPIES"}


def test_gz_deck_4_plain_is_unlimited() -> None:
    main = sections()["main"]
    main[plain_name()] = 20
    assert gz(main=main).valid  # type: ignore[attr-defined]


def test_gz_deck_5_unique_cards_once() -> None:
    unique = next(c for c in POOL if c.unique and c.type in ("base", "monster", "event", "operation"))
    main = sections()["main"]
    main[unique.name] = 2
    assert "GZ-COPIES" in codes(gz(main=main))


def test_gz_deck_6_at_least_one_base() -> None:
    main = {n: c for n, c in sections()["main"].items() if POOL.lookup(n).type != "base"}  # type: ignore[union-attr]
    filler = [c.name for c in POOL.of_type("event") + POOL.of_type("operation")]
    i = 0
    while sum(main.values()) < 40:
        main[filler[i]] = main.get(filler[i], 0) + 1 if main.get(filler[i], 0) < 3 else 3
        i = (i + 1) % len(filler)
    assert "GZ-NO-BASE" in codes(gz(main=main))


def test_gz_deck_7_battle_deck_at_least_20() -> None:
    battle = sections()["battle"]
    while sum(battle.values()) >= 20:
        battle.pop(next(iter(battle)))
    assert codes(gz(battle=battle)) == {"GZ-BATTLE-SIZE"}


def test_gz_deck_7_battle_deck_is_required() -> None:
    deck = sections()
    deck.pop("battle")
    assert "GZ-BATTLE-SIZE" in codes(check("godzilla", **deck))


def test_gz_deck_8_battle_deck_holds_battle_cards_only() -> None:
    battle = sections()["battle"]
    battle[POOL.of_type("monster")[0].name] = 1
    assert codes(gz(battle=battle)) == {"GZ-BATTLE-TYPE"}


def test_gz_deck_9_battle_cards_three_copies() -> None:
    battle = sections()["battle"]
    name = next(n for n in battle if POOL.lookup(n).max_copies == 3)  # type: ignore[union-attr]
    battle[name] = 4
    assert codes(gz(battle=battle)) == {"GZ-BATTLE-COPIES"}


def test_gz_deck_10_blue_monster_in_main_is_a_warning() -> None:
    blue = next(c for c in POOL.of_type("monster") if c.stat("rebellion_color") == "blue")
    main = sections()["main"]
    main[blue.name] = 1
    report = gz(main=main)
    assert report.valid and "GZ-BLUE-IN-MAIN" in warning_codes(report)  # type: ignore[attr-defined]


def test_gz_stock_1_unreachable_stock_card_is_a_warning() -> None:
    reachable = set()
    for name in sections()["main"]:
        reachable.update(POOL.lookup(name).stat("evolves_to", []))  # type: ignore[union-attr]
    stranger = next(c for c in POOL.of_type("monster")
                    if c.stat("rebellion_color") == "blue" and c.id not in reachable and not c.stat("fusion"))
    stock = sections().get("stock", {})
    stock[stranger.name] = 1
    report = gz(stock=stock)
    assert report.valid and "GZ-STOCK-UNUSED" in warning_codes(report)  # type: ignore[attr-defined]


def test_gz_stock_2_stock_holds_monsters_only() -> None:
    stock = sections().get("stock", {})
    stock[POOL.of_type("battle")[0].name] = 1
    assert "GZ-STOCK-TYPE" in codes(gz(stock=stock))


def test_gz_unknown_card_suggests_a_name() -> None:
    main = sections()["main"]
    main["Godzila 1954"] = 1
    report = gz(main=main)
    unknown = [v for v in report.errors if v.code == "GZ-UNKNOWN-CARD"]  # type: ignore[attr-defined]
    assert unknown and "did you mean" in unknown[0].message


def test_gz_deck_6_fewer_than_8_fieldable_bases_is_a_warning() -> None:
    main = sections()["main"]
    bases = [n for n in main if POOL.lookup(n).type == "base"]  # type: ignore[union-attr]
    for name in bases:
        main.pop(name)
    main[plain_name()] = 6
    main["Tokyo"] = 3  # one Tokyo on the field at a time: 6 + 1 = 7
    main["Oxygen Destroyer"] = 1
    main["Reinforcements"] = 3
    main["Sabotage"] = 2  # back to 40 cards
    report = gz(main=main)
    assert report.valid and "GZ-FEW-BASES" in warning_codes(report)  # type: ignore[attr-defined]
    main[plain_name()] = 7
    assert "GZ-FEW-BASES" not in warning_codes(gz(main=main))


def test_gz_deck_11_no_red_monster_fitting_a_base_is_a_warning() -> None:
    main = {n: c for n, c in sections()["main"].items()
            if POOL.lookup(n).type != "monster"}  # type: ignore[union-attr]
    main["Mothra Larva"] = 3  # 蟲 水: the deck's only 水 base, Odo Island, goes
    main.pop("Odo Island", None)
    main["Plain"] = main.get("Plain", 0) + 20
    report = gz(main=main)
    assert "GZ-NO-OPENING" in warning_codes(report)  # type: ignore[attr-defined]


@pytest.mark.parametrize("kind", ["base", "monster", "event", "operation"])
def test_gz_base_2_mon_2_event_2_op_2_army_cards_go_in_the_main_deck(kind: str) -> None:
    battle = sections()["battle"]
    battle[POOL.of_type(kind)[0].name] = 1
    assert "GZ-BATTLE-TYPE" in codes(gz(battle=battle))


def test_gz_battle_2_battle_cards_go_in_the_battle_deck() -> None:
    main = sections()["main"]
    main[POOL.of_type("battle")[0].name] = 1
    assert "GZ-MAIN-TYPE" in codes(gz(main=main))


def test_gz_blue_3_blue_monsters_belong_in_the_stock() -> None:
    blue = next(c for c in POOL.of_type("monster") if c.stat("rebellion_color") == "blue")
    main = sections()["main"]
    main[blue.name] = 1
    assert "GZ-BLUE-IN-MAIN" in warning_codes(gz(main=main))  # type: ignore[arg-type]
    assert "GZ-BLUE-IN-MAIN" not in warning_codes(gz())  # type: ignore[arg-type]


def test_the_bundled_decks_are_valid_and_can_win_every_way() -> None:
    for path in sorted((REPO / "decks" / "godzilla").glob("*.yaml")):
        report = validate_deck(read_deck(path))
        assert report.valid and "GZ-FEW-BASES" not in {v.code for v in report.warnings}, path
