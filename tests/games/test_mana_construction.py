"""Legend of Mana deck construction, one test per rule of docs/rules/mana.md (MANA-DECK-n)."""

from __future__ import annotations

from tcgsim.cards import load_pool
from tests.conftest import check, codes

POOL = load_pool("mana")
ARTIFACTS = [c.name for c in POOL.of_type("artifact")]
MONSTERS = [c.name for c in POOL.of_type("monster")]
CHARACTERS = [c.name for c in POOL.of_type("character")]
PARTY = CHARACTERS[:8]


def main_of(size: int) -> dict[str, int]:
    """A main deck of `size` cards, 4 copies of each artifact then monster, as a builder would."""
    names = ARTIFACTS + MONSTERS
    deck: dict[str, int] = {}
    i = 0
    while sum(deck.values()) < size:
        name = names[i % len(names)]
        deck[name] = deck.get(name, 0) + 1
        i += 1 if deck[name] == 4 else 0
    return deck


def test_mana_deck_1_main_deck_holds_40_to_60_cards() -> None:
    assert check("mana", main=main_of(40), characters=PARTY).valid
    assert check("mana", main=main_of(60), characters=PARTY).valid
    assert "MANA-MAIN-SIZE" in codes(check("mana", main=main_of(39), characters=PARTY))
    assert "MANA-MAIN-SIZE" in codes(check("mana", main=main_of(61), characters=PARTY))


def test_mana_deck_1_a_missing_main_deck_is_reported() -> None:
    assert "MANA-MAIN-SIZE" in codes(check("mana", characters=PARTY))


def test_mana_deck_2_main_deck_has_no_characters() -> None:
    main = main_of(40)
    main["Hero"] = 1
    report = check("mana", main=main, characters=PARTY)
    assert codes(report) == {"MANA-MAIN-TYPE"}
    (violation,) = report.errors
    assert violation.card == "Hero"


def test_mana_deck_3_at_most_four_copies() -> None:
    main = main_of(44)
    main.pop("Drakonis", None)
    main["Drakonis"] = 4
    assert check("mana", main=main, characters=PARTY).valid
    main["Drakonis"] = 5
    report = check("mana", main=main, characters=PARTY)
    assert codes(report) == {"MANA-COPIES"}
    assert report.errors[0].message == '"Drakonis" x5, at most 4 copies'


def test_mana_deck_3_copies_add_up_across_id_and_name() -> None:
    main = main_of(44)
    main.pop("Flame", None)
    main["Flame"] = 3
    main["LOM-003"] = 2  # the same card by its id
    assert "MANA-COPIES" in codes(check("mana", main=main, characters=PARTY))


def test_mana_deck_4_character_deck_has_exactly_8() -> None:
    assert "MANA-CHAR-SIZE" in codes(check("mana", main=main_of(40), characters=CHARACTERS[:7]))
    assert "MANA-CHAR-SIZE" in codes(check("mana", main=main_of(40), characters=CHARACTERS[:9]))
    assert "MANA-CHAR-SIZE" in codes(check("mana", main=main_of(40)))


def test_mana_deck_5_character_deck_holds_only_characters() -> None:
    report = check("mana", main=main_of(40), characters=[*CHARACTERS[:7], "Flame"])
    assert codes(report) == {"MANA-CHAR-TYPE"}


def test_mana_deck_6_characters_all_different() -> None:
    report = check("mana", main=main_of(40), characters=[*CHARACTERS[:7], CHARACTERS[0]])
    assert codes(report) == {"MANA-CHAR-DISTINCT"}


def test_mana_unmodelled_effects_are_warnings_not_errors() -> None:
    report = check("mana", main=main_of(40), characters=PARTY)
    assert report.valid
    assert all(v.code == "MANA-UNMODELLED" for v in report.warnings)
