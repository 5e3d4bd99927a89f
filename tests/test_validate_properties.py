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


GZ = load_pool("godzilla")
GZ_ARMY = [c.name for c in GZ if c.type in ("monster", "event", "operation") and not c.unique
           and c.stat("rebellion_color") != "blue"]
GZ_BASES = [c.name for c in GZ if c.type == "base" and not c.unique and c.max_copies is not None]
GZ_BATTLE = [c.name for c in GZ.of_type("battle") if not c.unique]


@st.composite
def gz_decks(draw: st.DrawFn) -> dict[str, dict[str, int]]:
    bases = draw(st.lists(st.sampled_from(GZ_BASES), min_size=3, max_size=6, unique=True))
    army = draw(st.lists(st.sampled_from(GZ_ARMY), min_size=12, max_size=20, unique=True))
    main = {n: draw(st.integers(1, 3)) for n in bases + army}
    assume(sum(main.values()) >= 40)
    battle_names = draw(st.lists(st.sampled_from(GZ_BATTLE), min_size=8, max_size=12, unique=True))
    battle = {n: draw(st.integers(2, 3)) for n in battle_names}
    assume(sum(battle.values()) >= 20)
    return {"main": main, "battle": battle}


@settings(max_examples=40, deadline=None)
@given(gz_decks())
def test_gz_decks_within_the_rules_have_no_errors(deck: dict[str, dict[str, int]]) -> None:
    assert check("godzilla", **deck).valid


GZ_EXPECTED = {"copies": "GZ-COPIES", "small": "GZ-MAIN-SIZE", "battle_small": "GZ-BATTLE-SIZE",
               "battle_in_main": "GZ-MAIN-TYPE", "army_in_battle": "GZ-BATTLE-TYPE", "no_base": "GZ-NO-BASE",
               "battle_copies": "GZ-BATTLE-COPIES"}


@settings(max_examples=80, deadline=None)
@given(gz_decks(), st.sampled_from(sorted(GZ_EXPECTED)), st.data())
def test_gz_every_single_rule_break_is_caught(deck: dict[str, dict[str, int]], kind: str,
                                              data: st.DataObject) -> None:
    main, battle = dict(deck["main"]), dict(deck["battle"])
    if kind == "copies":
        main[data.draw(st.sampled_from(sorted(main)))] = 4
    elif kind == "small":
        while sum(main.values()) >= 40:
            main.pop(sorted(main)[-1])
    elif kind == "battle_small":
        while sum(battle.values()) >= 20:
            battle.pop(sorted(battle)[-1])
    elif kind == "battle_in_main":
        main[data.draw(st.sampled_from(GZ_BATTLE))] = 1
    elif kind == "army_in_battle":
        battle[data.draw(st.sampled_from(GZ_ARMY))] = 1
    elif kind == "no_base":
        main = {n: c for n, c in main.items() if n not in GZ_BASES}
    elif kind == "battle_copies":
        battle[data.draw(st.sampled_from(sorted(battle)))] = 4
    assert GZ_EXPECTED[kind] in codes(check("godzilla", main=main, battle=battle))


EVA = load_pool("eva")
EVA_CARDS = [c.name for c in EVA if c.type in ("character", "eva", "drama", "battle", "put") and not c.city
             and not c.unique]
EVA_ANGELS = [c.name for c in EVA.of_type("angel")]
EVA_HOKAN = [c.name for c in EVA.of_type("hokan")]


@st.composite
def eva_decks(draw: st.DrawFn) -> dict[str, object]:
    names = draw(st.lists(st.sampled_from(EVA_CARDS), min_size=11, max_size=18, unique=True))
    main = {n: draw(st.integers(1, 3)) for n in names}
    size = sum(main.values())
    assume(size >= 28)
    angels = draw(st.lists(st.sampled_from(EVA_ANGELS), min_size=4, max_size=5, unique=True))
    for a in angels:
        main[a] = 1
    assume(sum(main.values()) >= 30 and len(angels) >= sum(main.values()) // 15)
    return {"main": main, "hokan": draw(st.sampled_from(EVA_HOKAN))}


@settings(max_examples=40, deadline=None)
@given(eva_decks())
def test_eva_decks_within_the_rules_are_valid(deck: dict[str, object]) -> None:
    assert check("eva", **deck).valid


EVA_EXPECTED = {"copies": "EVA-COPIES", "angel_twice": "EVA-COPIES", "small": "EVA-DECK-SIZE",
                "no_angels": "EVA-ANGELS", "hokan_in_deck": "EVA-DECK-TYPE", "no_hokan": "EVA-HOKAN"}


@settings(max_examples=80, deadline=None)
@given(eva_decks(), st.sampled_from(sorted(EVA_EXPECTED)), st.data())
def test_eva_every_single_rule_break_is_caught(deck: dict[str, object], kind: str, data: st.DataObject) -> None:
    main = dict(deck["main"])  # type: ignore[call-overload]
    sections: dict[str, object] = {"hokan": deck["hokan"]}
    if kind == "copies":
        main[data.draw(st.sampled_from(sorted(n for n in main if n in EVA_CARDS)))] = 4
    elif kind == "angel_twice":
        main[data.draw(st.sampled_from(sorted(n for n in main if n in EVA_ANGELS)))] = 2
    elif kind == "small":
        while sum(main.values()) >= 30:
            main.pop(sorted(n for n in main if n in EVA_CARDS)[-1])
    elif kind == "no_angels":
        main = {n: c for n, c in main.items() if n not in EVA_ANGELS}
        assume(sum(main.values()) >= 15)
    elif kind == "hokan_in_deck":
        main[data.draw(st.sampled_from(EVA_HOKAN))] = 1
    elif kind == "no_hokan":
        sections.pop("hokan")
    sections["main"] = main
    assert EVA_EXPECTED[kind] in codes(check("eva", **sections))
