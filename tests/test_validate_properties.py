"""Property tests: random decks built within the rules pass; every single-rule break is caught."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tcgsim.cards import load_pool
from tests.conftest import check, codes

MANA = load_pool("mana")
MANA_MAIN = [c.name for c in MANA if c.type != "character"]
MANA_CHARS = [c.name for c in MANA.of_type("character")]


@st.composite
def mana_decks(draw: st.DrawFn) -> tuple[dict[str, int], list[str]]:
    names = draw(st.lists(st.sampled_from(MANA_MAIN), min_size=14, max_size=24, unique=True))
    main = {n: draw(st.integers(2, 4)) for n in names}
    assume(40 <= sum(main.values()) <= 60)
    party = draw(st.lists(st.sampled_from(MANA_CHARS), min_size=8, max_size=8, unique=True))
    return main, party


@settings(max_examples=60, deadline=None)
@given(mana_decks())
def test_mana_decks_within_the_rules_are_valid(deck: tuple[dict[str, int], list[str]]) -> None:
    main, party = deck
    report = check("mana", main=main, characters=party)
    assert report.valid, report.errors


BREAKS = ["copies", "small", "big", "character_in_main", "duplicate_character", "short_party", "card_in_party",
          "unknown"]
EXPECTED = {"copies": "MANA-COPIES", "small": "MANA-MAIN-SIZE", "big": "MANA-MAIN-SIZE",
            "character_in_main": "MANA-MAIN-TYPE", "duplicate_character": "MANA-CHAR-DISTINCT",
            "short_party": "MANA-CHAR-SIZE", "card_in_party": "MANA-CHAR-TYPE", "unknown": "MANA-UNKNOWN-CARD"}


@settings(max_examples=120, deadline=None)
@given(mana_decks(), st.sampled_from(BREAKS), st.data())
def test_mana_every_single_rule_break_is_caught(deck: tuple[dict[str, int], list[str]], kind: str,
                                                data: st.DataObject) -> None:
    main, party = dict(deck[0]), list(deck[1])
    if kind == "copies":
        main[data.draw(st.sampled_from(sorted(main)))] = data.draw(st.integers(5, 9))
    elif kind == "small":
        while sum(main.values()) >= 40:
            main.pop(next(iter(main)))
    elif kind == "big":
        spare = [n for n in MANA_MAIN if n not in main]
        while sum(main.values()) <= 60:
            main[spare.pop()] = 4
    elif kind == "character_in_main":
        main[data.draw(st.sampled_from(MANA_CHARS))] = 1
    elif kind == "duplicate_character":
        party[-1] = party[0]
    elif kind == "short_party":
        party = party[: data.draw(st.integers(0, 7))]
    elif kind == "card_in_party":
        party[-1] = data.draw(st.sampled_from(MANA_MAIN))
    elif kind == "unknown":
        main["Definitely Not A Card"] = 1
    assert EXPECTED[kind] in codes(check("mana", main=main, characters=party))
