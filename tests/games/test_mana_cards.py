"""Legend of Mana CARD DUEL: one scenario test per card (LOM-001..LOM-150), named after its number.

Each test builds a position by hand (tests/games/mana_positions.py), uses the card through the public contract
(`legal_actions()`, `apply()`), and checks the position after it: zones, mana (available, used), tapped flags.
The card texts are paraphrases (shared/data/mana/effects.tsv); where one is ambiguous, the reading tested here is
the one written down in docs/rules/mana.md (MANA-FX-*).

Printed values used often:
    characters  Hero 4/2, Heroine 3/3, Niccolo 1/4 (+1 STR with Hero or Heroine: synchro), Escad 4/4, Gilbert 0/4,
                Lisa 1/2, Matilda 2/2, Hamson 6/2
    monsters    Sahagin water 2/2 cost 0, Narcissos earth 3/4 cost 2, Beholder fire 4/2 cost 2 (+1/+1 on an enemy
                land), Molebear earth 0/3 cost 0
    plain lands Tome of Magic fire, Jade Egg / Torch of Coral water, Skull Lantern / Ancient Tablet earth,
                Moon's Mirror / Frozen Heart wind, Stone Eye light, Color Blocks gold, Golden Seed (counts as light,
                dark, wood or gold)
"""

from __future__ import annotations

from typing import Any

from tcgsim.games.mana.actions import (
    AssignDamage,
    AttackMonster,
    AttackParty,
    Block,
    ChooseCard,
    ChooseCharacter,
    ChoosePlace,
    Defend,
    Discard,
    EndMain,
    EndPlacement,
    MakeLand,
    MoveMonster,
    OpenMonster,
    Pass,
    Pay,
    PlaceMonster,
    Sacrifice,
    UseCard,
)
from tcgsim.games.mana.common import BATTLE_MONSTER
from tcgsim.games.mana.game import ManaState
from tcgsim.games.mana.state import BattleKind, ChoiceKind, Phase
from tests.games.mana_positions import monster, position, uid_of

# ---------------------------------------------------------------------------------------------------- helpers


def mana(s: ManaState, seat: int) -> tuple[int, int]:
    return s.players[seat].available, s.players[seat].used


def names(s: ManaState, uids: list[int]) -> list[str]:
    return [s.cards[u].name for u in uids]


def party(s: ManaState, seat: int) -> list[tuple[str, bool]]:
    return [(s.cards[c.uid].name, c.tapped) for c in s.players[seat].party]


def char(s: ManaState, seat: int, name: str) -> int:
    return uid_of(s, seat, name, "party")


def on(s: ManaState, land_owner: int, pos: tuple[int, int]) -> tuple[str, int, bool] | None:
    m = s.players[land_owner].lands[pos].monster
    return None if m is None else (s.cards[m.uid].name, m.owner, m.face_up)


def lands(s: ManaState, seat: int) -> dict[tuple[int, int], str]:
    return {pos: s.cards[land.uid].name for pos, land in s.players[seat].lands.items()}


def uses(s: ManaState) -> list[UseCard]:
    return [a for a in s.legal_actions() if isinstance(a, UseCard)]


def use(s: ManaState, name: str, target: int = -1, at: tuple[Any, ...] = (), x: int = 0, *, seat: int = 0,
        zone: str = "hand") -> UseCard:
    """Use card `name` of `seat` (from hand, or a character's ability with zone="party"), checking it is legal."""
    a = UseCard(uid_of(s, seat, name, zone), target, at, x)
    assert a in s.legal_actions(), (a, uses(s))
    s.apply(a)
    return a


def technique(s: ManaState, item: str, character: str, index: int, seat: int = 0) -> None:
    c = s.players[seat].character(char(s, seat, character))
    assert c is not None
    item_uid = next(i for i in c.items if s.cards[i].name == item)
    a = UseCard(item_uid, c.uid, (), index)
    assert a in s.legal_actions(), (a, s.legal_actions())
    s.apply(a)


def pass_windows(s: ManaState) -> None:
    """Both players decline every battle window and cancel still open."""
    while s.pending and s.pending[-1].kind in (ChoiceKind.BATTLE_WINDOW, ChoiceKind.CANCEL):
        s.apply(Pass())


def end_turn(s: ManaState) -> None:
    s.apply(EndMain())
    s.apply(EndPlacement())


# ---------------------------------------------------------------------------------------------------- artifacts


def test_mana_card_001_mailbox_returns_hand_and_discard_to_the_deck_and_draws_4() -> None:
    s = position(p0_hand=["Mailbox", "Sahagin"], p0_discard=["Narcissos"], p0_mana=(6, 0))
    use(s, "Mailbox")
    p = s.players[0]
    assert len(p.hand) == 4 and len(p.deck) == 3  # 5 Putty + Sahagin + Narcissos, 4 drawn
    assert names(s, p.discard) == ["Mailbox"] and mana(s, 0) == (0, 6)
    assert sorted(names(s, p.hand + p.deck)).count("Useless Putty") == 5


def test_mana_card_002_broken_doll_trashes_an_enemy_character_of_def_3_or_less() -> None:
    s = position(p0_hand=["Broken Doll"], p0_mana=(6, 0))
    assert {a.target for a in uses(s)} == {char(s, 1, "Hero"), char(s, 1, "Heroine")}  # Niccolo's DEF 4: no
    use(s, "Broken Doll", char(s, 1, "Heroine"))
    assert names(s, s.players[1].char_discard) == ["Heroine"] and mana(s, 0) == (0, 6)


def test_mana_card_003_flame_trashes_every_item_in_play() -> None:
    s = position(p0_hand=["Flame"], p0_mana=(6, 0), p0_party=[("Hero", False, ["Laurent Knife"]), "Heroine"],
                 p1_party=[("Escad", False, ["Bone Hammer"]), "Heroine"])
    use(s, "Flame")
    assert all(not c.items for p in s.players for c in p.party)
    assert sorted(names(s, s.players[0].discard)) == ["Flame", "Laurent Knife"]
    assert names(s, s.players[1].discard) == ["Bone Hammer"]


def test_mana_card_004_tome_of_magic_opens_every_face_down_monster() -> None:
    s = position(p0_hand=["Tome of Magic"], p0_mana=(7, 0), p0_lands={(0, 0): "Stone Eye"},
                 p1_lands={(0, 0): "Jade Egg", (1, 0): "Torch of Coral"},
                 monsters=[monster(0, (0, 0), "Narcissos", 0), monster(1, (0, 0), "Sahagin", 1),
                           monster(1, (1, 0), "Beholder", 1)])
    use(s, "Tome of Magic")
    assert on(s, 0, (0, 0)) == ("Narcissos", 0, True) and mana(s, 0) == (0, 7)  # 5 + Narcissos's 2
    assert on(s, 1, (0, 0)) == ("Sahagin", 1, True)
    assert on(s, 1, (1, 0)) is None and names(s, s.players[1].discard) == ["Beholder"]  # player 1 cannot pay 2


def test_mana_card_005_the_flames_has_no_artifact_side_and_pays_for_characters_trashed_on_it() -> None:
    s = position(p0_hand=["The Flames"], p0_mana=(9, 0), p1_lands={(0, 0): "The Flames"},
                 monsters=[monster(1, (0, 0), "Sahagin", 1, True)])
    assert uses(s) == []
    s.apply(AttackMonster((1, 0, 0), (char(s, 0, "Hero"),)))  # Hero 4/2 and Sahagin 2/2 trash each other
    assert names(s, s.players[0].char_discard) == ["Hero"] and mana(s, 1) == (1, 0)


def test_mana_card_006_jade_egg_trashes_every_artifact_in_the_enemy_hand() -> None:
    s = position(p0_hand=["Jade Egg"], p0_mana=(6, 0), p1_hand=["Flame", "Sahagin", "Wheel"])
    use(s, "Jade Egg")
    assert names(s, s.players[1].hand) == ["Sahagin"]
    assert sorted(names(s, s.players[1].discard)) == ["Flame", "Wheel"]


def test_mana_card_007_torch_of_coral_returns_a_character_to_the_character_deck() -> None:
    s = position(p0_hand=["Torch of Coral"], p0_mana=(6, 0))
    assert uses(s) == []  # nobody to bring back
    s = position(p0_hand=["Torch of Coral"], p0_mana=(6, 0), p0_char_discard=["Rubens"])
    use(s, "Torch of Coral")
    assert s.players[0].char_discard == [] and "Rubens" in names(s, s.players[0].char_deck)
    assert len(s.players[0].char_deck) == 6


def test_mana_card_008_rusty_anchor_returns_a_land_without_a_monster_to_its_owners_hand() -> None:
    s = position(p0_hand=["Rusty Anchor"], p0_mana=(4, 0), p1_lands={(0, 0): "Jade Egg", (1, 0): "Stone Eye"},
                 p1_mana=(0, 3), monsters=[monster(1, (1, 0), "Sahagin", 1)])
    assert {a.at for a in uses(s)} == {((1, 0, 0),)}  # the land holding Sahagin may not be taken
    use(s, "Rusty Anchor", at=((1, 0, 0),))
    assert lands(s, 1) == {(1, 0): "Stone Eye"} and names(s, s.players[1].hand) == ["Jade Egg"]
    assert mana(s, 1) == (0, 2)  # its base mana goes with it


def test_mana_card_009_pirates_hook_trashes_any_enemy_character() -> None:
    s = position(p0_hand=["Pirate's Hook"], p0_mana=(8, 0))
    use(s, "Pirate's Hook", char(s, 1, "Niccolo"))
    assert names(s, s.players[1].char_discard) == ["Niccolo"] and mana(s, 0) == (0, 8)


def test_mana_card_010_skull_lantern_trashes_an_enemy_face_down_monster() -> None:
    s = position(p0_hand=["Skull Lantern"], p0_mana=(5, 0), p1_lands={(0, 0): "Jade Egg", (1, 0): "Stone Eye"},
                 monsters=[monster(1, (0, 0), "Sahagin", 1), monster(1, (1, 0), "Narcissos", 1, True)])
    assert [a.at for a in uses(s)] == [((1, 0, 0),)]  # the open Narcissos is no target
    use(s, "Skull Lantern", at=((1, 0, 0),))
    assert on(s, 1, (0, 0)) is None and names(s, s.players[1].discard) == ["Sahagin"]


def test_mana_card_011_bottled_spirit_searches_the_deck_for_a_support() -> None:
    s = position(p0_hand=["Bottled Spirit"], p0_mana=(6, 0), p0_deck=["Sahagin", "Magnolia's Fire Stone", "Flame"])
    use(s, "Bottled Spirit")
    assert s.legal_actions() == [ChooseCard(uid_of(s, 0, "Magnolia's Fire Stone", "deck"))]
    s.apply(s.legal_actions()[0])
    assert names(s, s.players[0].hand) == ["Magnolia's Fire Stone"]
    assert sorted(names(s, s.players[0].deck)) == ["Flame", "Sahagin"]


def test_mana_card_012_ancient_tablet_plays_a_deck_face_up() -> None:
    s = position(p0_hand=["Ancient Tablet"], p0_mana=(5, 0), p1_deck=["Drakonis", "Sahagin"])
    top = s.players[1].deck[-1]
    assert s.view(0).card(top) is None
    use(s, "Ancient Tablet", 1)
    assert s.players[1].deck_revealed and s.view(0).card(top) is not None
    assert s.view(0).card(top).name == "Drakonis"  # type: ignore[union-attr]


def test_mana_card_013_medallion_stops_party_attacks_until_the_end_of_the_next_turn() -> None:
    s = position(p0_hand=["Medallion"], p0_mana=(4, 0), p0_lands={(0, 0): "Stone Eye"},
                 p1_lands={(0, 0): "Jade Egg"},
                 monsters=[monster(0, (0, 0), "Beholder", 0, True), monster(1, (0, 0), "Sahagin", 1, True)])
    assert AttackParty((0, 0, 0)) in s.legal_actions()
    use(s, "Medallion")
    assert AttackParty((0, 0, 0)) not in s.legal_actions()
    end_turn(s)
    assert AttackParty((1, 0, 0)) not in s.legal_actions()  # the next turn too
    end_turn(s)
    assert AttackParty((0, 0, 0)) in s.legal_actions() and s.lasting == []


def test_mana_card_014_wheel_trashes_the_items_of_an_enemy_character() -> None:
    s = position(p0_hand=["Wheel"], p0_mana=(4, 0), p1_party=[("Hero", False, ["Bone Hammer"]), "Heroine"])
    assert [a.target for a in uses(s)] == [char(s, 1, "Hero")]  # only a character carrying items
    use(s, "Wheel", char(s, 1, "Hero"))
    assert s.players[1].party[0].items == [] and names(s, s.players[1].discard) == ["Bone Hammer"]


def test_mana_card_015_sand_rose_trashes_an_enemy_character_of_def_2_or_less() -> None:
    s = position(p0_hand=["Sand Rose"], p0_mana=(5, 0))
    assert [a.target for a in uses(s)] == [char(s, 1, "Hero")]  # Hero 4/2 only
    use(s, "Sand Rose", char(s, 1, "Hero"))
    assert names(s, s.players[1].char_discard) == ["Hero"]


def test_mana_card_016_moons_mirror_stops_blocking_until_the_end_of_the_next_turn() -> None:
    s = position(p0_hand=["Moon's Mirror"], p0_mana=(6, 0), p0_lands={(0, 0): "Stone Eye"},
                 p1_lands={(0, 0): "Jade Egg"}, p1_mana=(0, 1), monsters=[monster(0, (0, 0), "Sahagin", 0, True)])
    use(s, "Moon's Mirror")
    s.apply(MoveMonster((0, 0, 0), (1, 0, 0)))
    assert not s.pending and on(s, 1, (0, 0)) == ("Sahagin", 0, True)  # no block was asked for
    assert mana(s, 0) == (1, 6)  # Jade Egg's base mana, stolen


def test_mana_card_017_frozen_heart_draws_a_card_for_each_own_loss() -> None:
    s = position(p0_hand=["Frozen Heart"], p0_mana=(5, 0), p1_lands={(0, 0): "Jade Egg"},
                 p0_party=["Hero", "Gilbert", "Lisa"], monsters=[monster(1, (0, 0), "Sahagin", 1, True)])
    use(s, "Frozen Heart")
    assert len(s.players[0].hand) == 0
    s.apply(AttackMonster((1, 0, 0), (char(s, 0, "Hero"),)))  # Sahagin 3/3 on water: Hero 4/2 falls
    assert names(s, s.players[0].char_discard) == ["Hero"] and len(s.players[0].hand) == 1


def test_mana_card_018_firefly_lamp_searches_the_deck_for_an_artifact() -> None:
    s = position(p0_hand=["Firefly Lamp"], p0_mana=(5, 0), p0_deck=["Sahagin", "Flame", "Flame"])
    use(s, "Firefly Lamp")
    assert s.legal_actions() == [ChooseCard(uid_of(s, 0, "Flame", "deck"))]  # two copies, one choice
    s.apply(s.legal_actions()[0])
    assert names(s, s.players[0].hand) == ["Flame"] and len(s.players[0].deck) == 2


def test_mana_card_019_stone_eye_makes_own_monsters_open_for_free() -> None:
    s = position(p0_hand=["Stone Eye"], p0_mana=(7, 0), p0_lands={(0, 0): "Skull Lantern"},
                 monsters=[monster(0, (0, 0), "Narcissos", 0)])
    use(s, "Stone Eye")
    s.apply(OpenMonster((0, 0, 0)))
    assert on(s, 0, (0, 0)) == ("Narcissos", 0, True) and mana(s, 0) == (0, 7)


def test_mana_card_019_stone_eye_offers_an_open_placement_for_free() -> None:
    s = position(p0_hand=["Stone Eye", "Narcissos"], p0_mana=(7, 0), p0_lands={(0, 0): "Skull Lantern"})
    use(s, "Stone Eye")  # all 7 spent: Narcissos (cost 2) is placed open for the 0 Stone Eye makes its cost
    s.apply(EndMain())
    placed = PlaceMonster(uid_of(s, 0, "Narcissos", "hand"), 0, 0, True)
    assert placed in s.legal_actions()
    s.apply(placed)
    assert on(s, 0, (0, 0)) == ("Narcissos", 0, True) and mana(s, 0) == (0, 7)


def test_mana_card_020_trembling_spoon_trashes_an_enemy_monster_for_each_own_character_lost() -> None:
    s = position(p0_hand=["Trembling Spoon"], p0_mana=(4, 0), p1_lands={(0, 0): "Stone Eye", (1, 0): "Jade Egg"},
                 monsters=[monster(1, (0, 0), "Sahagin", 1, True), monster(1, (1, 0), "Narcissos", 1, True)])
    use(s, "Trembling Spoon")
    s.apply(AttackMonster((1, 0, 0), (char(s, 0, "Hero"),)))  # Hero and Sahagin trash each other
    # Hero falls first (characters' losses resolve before the monster's): both enemy monsters are choices
    assert s.current_player == 0 and s.legal_actions() == [ChoosePlace((1, 0, 0)), ChoosePlace((1, 1, 0))]
    s.apply(ChoosePlace((1, 1, 0)))
    assert on(s, 1, (1, 0)) is None and sorted(names(s, s.players[1].discard)) == ["Narcissos", "Sahagin"]


def test_mana_card_021_dragon_bone_pays_a_monsters_owner_for_each_character_it_trashes() -> None:
    s = position(p0_hand=["Dragon Bone"], p0_mana=(5, 0), p1_lands={(0, 0): "Stone Eye"},
                 monsters=[monster(1, (0, 0), "Sahagin", 1, True)])
    use(s, "Dragon Bone")
    s.apply(AttackMonster((1, 0, 0), (char(s, 0, "Hero"),)))
    assert names(s, s.players[0].char_discard) == ["Hero"] and mana(s, 1) == (1, 0)


def test_mana_card_022_brooch_of_love_sends_lost_characters_to_the_bottom_of_the_character_deck() -> None:
    s = position(p0_hand=["Brooch of Love"], p0_mana=(7, 0), p1_lands={(0, 0): "Stone Eye"},
                 monsters=[monster(1, (0, 0), "Sahagin", 1, True)])
    use(s, "Brooch of Love")
    s.apply(AttackMonster((1, 0, 0), (char(s, 0, "Hero"),)))
    p = s.players[0]
    assert p.char_discard == [] and names(s, p.char_deck)[0] == "Hero" and len(p.char_deck) == 6


def test_mana_card_023_green_cane_depletes_4_enemy_available_mana() -> None:
    s = position(p0_hand=["Green Cane"], p0_mana=(5, 0), p1_mana=(5, 2))
    use(s, "Green Cane")
    assert mana(s, 1) == (1, 2) and mana(s, 0) == (0, 5)


def test_mana_card_024_color_blocks_draws_a_card() -> None:
    s = position(p0_hand=["Color Blocks"], p0_mana=(2, 0), p0_deck=["Sahagin"])
    use(s, "Color Blocks")
    assert names(s, s.players[0].hand) == ["Sahagin"] and names(s, s.players[0].discard) == ["Color Blocks"]


def test_mana_card_025_jumis_staff_recovers_used_mana_at_the_end_of_the_turn() -> None:
    s = position(p0_hand=["Jumi's Staff"], p0_mana=(4, 3))
    use(s, "Jumi's Staff")
    assert mana(s, 0) == (0, 7)
    end_turn(s)
    assert mana(s, 0) == (7, 0) and s.lasting == []


def test_mana_card_026_golden_seed_both_players_draw_2() -> None:
    s = position(p0_hand=["Golden Seed"], p0_mana=(1, 0))
    use(s, "Golden Seed")
    assert len(s.players[0].hand) == 2 and len(s.players[1].hand) == 2
    assert len(s.players[0].deck) == 3 and len(s.players[1].deck) == 3


def test_mana_card_027_sword_of_mana_trashes_open_monsters_on_enemy_lands_of_another_attribute() -> None:
    s = position(p0_hand=["Sword of Mana"], p0_mana=(7, 0),
                 p1_lands={(0, 0): "Jade Egg", (1, 0): "Torch of Coral", (2, 0): "Stone Eye"},
                 monsters=[monster(1, (0, 0), "Sahagin", 1, True), monster(1, (1, 0), "Narcissos", 1, True),
                           monster(1, (2, 0), "Beholder", 0, True)])
    use(s, "Sword of Mana")
    assert on(s, 1, (0, 0)) == ("Sahagin", 1, True)  # Water on Water stays
    assert on(s, 1, (1, 0)) is None and on(s, 1, (2, 0)) is None  # our own Beholder too
    assert names(s, s.players[1].discard) == ["Narcissos"] and "Beholder" in names(s, s.players[0].discard)


# ---------------------------------------------------------------------------------------------------- monsters


def test_mana_card_028_hitodama_str_is_twice_the_fire_lands_in_play() -> None:
    s = position(p0_lands={(0, 0): "Tome of Magic"}, p1_lands={(0, 0): "Flame", (1, 0): "Jade Egg"},
                 monsters=[monster(1, (1, 0), "Hitodama", 1, True)])
    assert s.view(0).monster_strength((1, 1, 0)) == (4, 3)  # two Fire lands, both sides


def test_mana_card_029_drakonis_makes_its_owner_discard_when_opened() -> None:
    s = position(p0_lands={(0, 0): "Tome of Magic"}, p0_hand=["Sahagin", "Flame"], p0_mana=(5, 0),
                 monsters=[monster(0, (0, 0), "Drakonis", 0)])
    s.apply(OpenMonster((0, 0, 0)))
    assert s.pending[-1].kind is ChoiceKind.DISCARD and s.current_player == 0
    s.apply(Discard(uid_of(s, 0, "Sahagin")))
    assert on(s, 0, (0, 0)) == ("Drakonis", 0, True) and names(s, s.players[0].discard) == ["Sahagin"]


def test_mana_card_030_beholder_gets_plus_1_plus_1_on_an_enemy_land() -> None:
    s = position(p0_lands={(0, 0): "Stone Eye"}, p1_lands={(0, 0): "Stone Eye"},
                 monsters=[monster(0, (0, 0), "Beholder", 0, True), monster(1, (0, 0), "Beholder", 0, True)])
    assert s.view(0).monster_strength((0, 0, 0)) == (4, 2)
    assert s.view(0).monster_strength((1, 0, 0)) == (5, 3)


def test_mana_card_031_fierce_face_opened_on_its_own_land_is_trashed() -> None:
    s = position(p0_lands={(0, 0): "Stone Eye"}, p0_mana=(1, 0), monsters=[monster(0, (0, 0), "Fierce Face", 0)])
    s.apply(OpenMonster((0, 0, 0)))
    assert on(s, 0, (0, 0)) is None and names(s, s.players[0].discard) == ["Fierce Face"]


def test_mana_card_032_tomato_man_trashed_makes_the_opponent_discard() -> None:
    s = position(p1_lands={(0, 0): "Stone Eye"}, p0_hand=["Sahagin"],
                 monsters=[monster(1, (0, 0), "Tomato Man", 1, True)])
    s.apply(AttackMonster((1, 0, 0), (char(s, 0, "Hero"),)))  # 4 >= DEF 4
    assert s.pending[-1].kind is ChoiceKind.DISCARD and s.current_player == 0
    s.apply(Discard(uid_of(s, 0, "Sahagin")))
    assert names(s, s.players[0].discard) == ["Sahagin"] and names(s, s.players[1].discard) == ["Tomato Man"]


def test_mana_card_033_kid_dragon_str_is_the_number_of_characters_fighting_it() -> None:
    s = position(p1_lands={(0, 0): "Stone Eye"}, monsters=[monster(1, (0, 0), "Kid Dragon", 1, True)])
    hero, heroine = char(s, 0, "Hero"), char(s, 0, "Heroine")
    s.apply(AttackMonster((1, 0, 0), (hero, heroine)))
    s.apply(AssignDamage((hero, heroine)))  # STR 2: Hero (DEF 2) falls
    assert names(s, s.players[0].char_discard) == ["Hero"] and names(s, s.players[1].discard) == ["Kid Dragon"]


def test_mana_card_034_ducate_weaker_in_a_movement_battle_and_needs_an_earth_land() -> None:
    s = position(p0_lands={(0, 0): "Stone Eye"}, p0_mana=(3, 0), monsters=[monster(0, (0, 0), "Du'Cate", 0)])
    s.apply(OpenMonster((0, 0, 0)))  # no Earth land: trashed
    assert on(s, 0, (0, 0)) is None and names(s, s.players[0].discard) == ["Du'Cate"]
    s = position(p0_lands={(0, 0): "Skull Lantern"}, p1_lands={(0, 0): "Stone Eye"},
                 monsters=[monster(0, (0, 0), "Du'Cate", 0, True)])
    assert s.view(0).monster_strength((0, 0, 0)) == (5, 7)  # 4/6 +1/+1 on Earth
    assert s.view(0).monster_strength((0, 0, 0), BattleKind.MOVEMENT) == (4, 6)  # -1/-1 (and no bonus there)
    assert AttackParty((0, 0, 0)) not in s.legal_actions()


def test_mana_card_035_boreal_hound_taps_an_enemy_character_when_opened() -> None:
    s = position(p0_lands={(0, 0): "Skull Lantern"}, p0_mana=(4, 0), monsters=[monster(0, (0, 0), "Boreal Hound", 0)])
    s.apply(OpenMonster((0, 0, 0)))
    assert s.pending[-1].kind is ChoiceKind.TAP_CHARACTER and s.current_player == 0
    s.apply(ChooseCharacter(char(s, 1, "Heroine")))
    assert party(s, 1) == [("Hero", False), ("Heroine", True), ("Niccolo", False)]


def test_mana_card_036_narcissos_is_a_plain_3_4_for_2() -> None:
    s = position(p0_lands={(0, 0): "Stone Eye"}, p0_mana=(2, 0), monsters=[monster(0, (0, 0), "Narcissos", 0)])
    s.apply(OpenMonster((0, 0, 0)))
    assert on(s, 0, (0, 0)) == ("Narcissos", 0, True) and mana(s, 0) == (0, 2)
    assert s.view(0).monster_strength((0, 0, 0)) == (3, 4)


def test_mana_card_037_malboro_takes_2_str_from_the_characters_fighting_it() -> None:
    s = position(p1_lands={(0, 0): "Stone Eye"}, monsters=[monster(1, (0, 0), "Malboro", 1, True)])
    s.apply(AttackMonster((1, 0, 0), (char(s, 0, "Hero"),)))  # 4 - 2 = 2 < DEF 3
    assert on(s, 1, (0, 0)) == ("Malboro", 1, True) and party(s, 0)[0] == ("Hero", True)


def test_mana_card_038_goblin_trashes_monsters_from_hand_for_2_2_each() -> None:
    s = position(p1_lands={(0, 0): "Stone Eye"}, p1_hand=["Sahagin"], monsters=[monster(1, (0, 0), "Goblin", 1, True)])
    s.apply(AttackMonster((1, 0, 0), (char(s, 0, "Hero"),)))
    s.apply(Sacrifice((uid_of(s, 1, "Sahagin"),)))  # Goblin 4/4: Hero's 4 trashes it, its 4 trashes Hero
    assert names(s, s.players[1].discard) == ["Sahagin", "Goblin"]
    assert names(s, s.players[0].char_discard) == ["Hero"]


def test_mana_card_039_molebear_gets_def_plus_1_on_its_own_land() -> None:
    s = position(p0_lands={(0, 0): "Stone Eye"}, p1_lands={(0, 0): "Stone Eye"},
                 monsters=[monster(0, (0, 0), "Molebear", 0, True), monster(1, (0, 0), "Molebear", 0, True)])
    assert s.view(0).monster_strength((0, 0, 0)) == (0, 4)
    assert s.view(0).monster_strength((1, 0, 0)) == (0, 3)


def test_mana_card_040_akravator_strikes_first() -> None:
    s = position(p1_lands={(0, 0): "Moon's Mirror"}, monsters=[monster(1, (0, 0), "Akravator", 1, True)])
    s.apply(AttackMonster((1, 0, 0), (char(s, 0, "Hero"),)))  # 6/4 on Wind: Hero falls before striking
    assert on(s, 1, (0, 0)) == ("Akravator", 1, True) and names(s, s.players[0].char_discard) == ["Hero"]


def test_mana_card_041_iron_centaur_opened_on_an_enemy_land_trashes_it_and_itself() -> None:
    s = position(p0_mana=(3, 0), p1_lands={(0, 0): "Stone Eye"}, p1_mana=(0, 1),
                 monsters=[monster(1, (0, 0), "Iron Centaur", 0)])
    s.apply(OpenMonster((1, 0, 0)))
    assert lands(s, 1) == {} and names(s, s.players[0].discard) == ["Iron Centaur"]
    assert names(s, s.players[1].discard) == ["Stone Eye"] and mana(s, 1) == (0, 0)


def test_mana_card_042_sky_dragon_deals_3_to_every_character() -> None:
    s = position(p1_lands={(0, 0): "Stone Eye"}, monsters=[monster(1, (0, 0), "Sky Dragon", 1, True)])
    s.apply(AttackMonster((1, 0, 0), (char(s, 0, "Hero"), char(s, 0, "Heroine"), char(s, 0, "Niccolo"))))
    assert sorted(names(s, s.players[0].char_discard)) == ["Hero", "Heroine"]  # Niccolo's DEF 4 holds
    assert names(s, s.players[1].discard) == ["Sky Dragon"]


def test_mana_card_042_sky_dragon_its_3_takes_the_attribute_bonus() -> None:
    """STR * is the 3 it deals; on a Wind land the attribute bonus makes it 4/4 (as the log shows), so the 4 it
    deals to every character trashes Niccolo (DEF 4) too; the characters' 6 STR still beat its DEF 4."""
    s = position(p1_lands={(0, 0): "Moon's Mirror"}, monsters=[monster(1, (0, 0), "Sky Dragon", 1, True)])
    s.apply(AttackMonster((1, 0, 0), (char(s, 0, "Hero"), char(s, 0, "Heroine"), char(s, 0, "Niccolo"))))
    assert sorted(names(s, s.players[0].char_discard)) == ["Hero", "Heroine", "Niccolo"]
    assert names(s, s.players[1].discard) == ["Sky Dragon"]


def test_mana_card_043_punkster_trashes_the_land_it_battled_on_and_itself() -> None:
    s = position(p1_lands={(0, 0): "Stone Eye"}, monsters=[monster(1, (0, 0), "Punkster", 1, True)])
    s.apply(AttackMonster((1, 0, 0), (char(s, 0, "Niccolo"),)))  # Niccolo 2/4 vs 4/1: both fall
    assert lands(s, 1) == {} and sorted(names(s, s.players[1].discard)) == ["Punkster", "Stone Eye"]


def test_mana_card_044_basilisk_taps_every_enemy_character_after_attacking_the_party() -> None:
    s = position(p0_lands={(0, 0): "Stone Eye"}, monsters=[monster(0, (0, 0), "Basilisk", 0, True)], p1_mana=(1, 0))
    s.apply(AttackParty((0, 0, 0)))
    s.apply(Defend((char(s, 1, "Heroine"),)))  # 2/2 against Heroine 3/3: Basilisk falls
    assert all(t for _n, t in party(s, 1)) and names(s, s.players[0].discard) == ["Basilisk"]


def test_mana_card_045_teedie_gets_2_2_in_a_movement_battle() -> None:
    s = position(p0_lands={(0, 0): "Stone Eye"}, p1_lands={(0, 0): "Stone Eye"},
                 monsters=[monster(0, (0, 0), "Teedie", 0, True)])
    s.apply(MoveMonster((0, 0, 0), (1, 0, 0)))
    s.apply(Block((char(s, 1, "Heroine"),)))  # Teedie 4/4 against Heroine 3/3
    assert on(s, 1, (0, 0)) == ("Teedie", 0, True) and names(s, s.players[1].char_discard) == ["Heroine"]


def test_mana_card_046_fullmetal_haggar_shuts_techniques_out_of_its_battle() -> None:
    kw: dict[str, Any] = dict(p1_lands={(0, 0): "Stone Eye"}, p0_mana=(3, 0),
                              p0_party=[("Hero", False, ["Bone Hammer"]), "Heroine"])
    s = position(monsters=[monster(1, (0, 0), "Sahagin", 1, True)], **kw)
    s.apply(AttackMonster((1, 0, 0), (char(s, 0, "Hero"),)))
    assert s.pending[-1].kind is ChoiceKind.BATTLE_WINDOW  # Super Slugger and friends are on offer
    s = position(monsters=[monster(1, (0, 0), "Fullmetal Haggar", 1, True)], **kw)
    s.apply(AttackMonster((1, 0, 0), (char(s, 0, "Hero"),)))  # no window: Hero 4 vs 4/4, both fall
    assert not s.pending and names(s, s.players[0].char_discard) == ["Hero"]
    assert names(s, s.players[1].discard) == ["Fullmetal Haggar"]


def test_mana_card_047_gorgon_eye_surviving_trashes_a_character_that_fought_it() -> None:
    s = position(p1_lands={(0, 0): "Stone Eye"}, monsters=[monster(1, (0, 0), "Gorgon Eye", 1, True)])
    s.apply(AttackMonster((1, 0, 0), (char(s, 0, "Hero"),)))  # 4 < 5
    assert s.legal_actions() == [ChooseCharacter(char(s, 0, "Hero"))]
    s.apply(ChooseCharacter(char(s, 0, "Hero")))
    assert names(s, s.players[0].char_discard) == ["Hero"]


def test_mana_card_048_big_baby_def_is_twice_its_owners_water_lands() -> None:
    s = position(p1_lands={(0, 0): "Jade Egg", (1, 0): "Torch of Coral", (2, 0): "Stone Eye"},
                 monsters=[monster(1, (2, 0), "Big Baby", 1, True)])
    assert s.view(0).monster_strength((1, 2, 0)) == (3, 4)
    assert AttackParty((1, 2, 0)) not in s.legal_actions()


def test_mana_card_049_lizardon_gains_a_mana_for_each_character_it_trashes() -> None:
    s = position(p1_lands={(0, 0): "Jade Egg"}, monsters=[monster(1, (0, 0), "Lizardon", 1, True)])
    s.apply(AttackMonster((1, 0, 0), (char(s, 0, "Hero"),)))  # 3/2 on Water: trades with Hero
    assert mana(s, 1) == (1, 0) and names(s, s.players[0].char_discard) == ["Hero"]


def test_mana_card_050_sahagin_is_a_plain_2_2_for_0() -> None:
    s = position(p0_lands={(0, 0): "Stone Eye"}, monsters=[monster(0, (0, 0), "Sahagin", 0)])
    s.apply(OpenMonster((0, 0, 0)))
    assert on(s, 0, (0, 0)) == ("Sahagin", 0, True) and mana(s, 0) == (0, 0)
    assert s.view(0).monster_strength((0, 0, 0)) == (2, 2)


def test_mana_card_051_tonpole_is_3_2_off_water() -> None:
    s = position(p1_lands={(0, 0): "Stone Eye", (1, 0): "Jade Egg"},
                 monsters=[monster(1, (0, 0), "Tonpole", 1, True), monster(1, (1, 0), "Tonpole", 1, True)])
    assert s.view(0).monster_strength((1, 0, 0)) == (3, 2)
    assert s.view(0).monster_strength((1, 1, 0)) == (3, 4)  # 2/3 +1/+1 on Water


def test_mana_card_052_vadise_trashed_returns_a_character_to_the_character_deck() -> None:
    s = position(p1_lands={(0, 0): "Stone Eye"}, p1_char_discard=["Rubens"],
                 monsters=[monster(1, (0, 0), "Vadise", 1, True)])
    s.apply(AttackMonster((1, 0, 0), (char(s, 0, "Hero"), char(s, 0, "Heroine"))))
    s.apply(AssignDamage(
        (char(s, 0, "Hero"), char(s, 0, "Heroine"))))
    assert s.players[1].char_discard == [] and "Rubens" in names(s, s.players[1].char_deck)


def test_mana_card_053_eye_spy_trashed_draws_its_owner_a_card() -> None:
    s = position(p1_lands={(0, 0): "Stone Eye"}, p1_deck=["Sahagin"], monsters=[monster(1, (0, 0), "Eye Spy", 1, True)])
    s.apply(AttackMonster((1, 0, 0), (char(s, 0, "Hero"),)))
    assert names(s, s.players[1].hand) == ["Sahagin"]


def test_mana_card_054_chocobo_takes_no_damage_in_a_movement_battle() -> None:
    s = position(p0_lands={(0, 0): "Jade Egg"}, p1_lands={(0, 0): "Jade Egg"},
                 monsters=[monster(0, (0, 0), "Chocobo", 0, True)])
    s.apply(MoveMonster((0, 0, 0), (1, 0, 0)))
    s.apply(Block((char(s, 1, "Hero"),)))  # Hero's 4 does nothing; Chocobo's 3 trashes Hero
    assert on(s, 1, (0, 0)) == ("Chocobo", 0, True) and names(s, s.players[1].char_discard) == ["Hero"]


def test_mana_card_055_mad_mallard_opened_by_an_attack_trashes_an_item() -> None:
    s = position(p1_lands={(0, 0): "Jade Egg"}, p1_mana=(2, 0), monsters=[monster(1, (0, 0), "Mad Mallard", 1)],
                 p0_party=[("Gilbert", False, ["Laurent Knife"]), "Lisa"])
    s.apply(AttackMonster((1, 0, 0), (char(s, 0, "Gilbert"),)))
    assert s.players[0].party[0].items == [] and names(s, s.players[0].discard) == ["Laurent Knife"]


def test_mana_card_056_jajara_trashes_one_of_its_owners_characters_when_opened() -> None:
    s = position(p0_lands={(0, 0): "Stone Eye"}, p0_mana=(2, 0), monsters=[monster(0, (0, 0), "Jajara", 0)])
    s.apply(OpenMonster((0, 0, 0)))
    assert s.current_player == 0 and s.pending[-1].kind is ChoiceKind.TRASH_CHARACTER
    s.apply(ChooseCharacter(char(s, 0, "Niccolo")))
    assert names(s, s.players[0].char_discard) == ["Niccolo"]


def test_mana_card_057_deathbringer_trashed_in_battle_trashes_the_top_enemy_character_card() -> None:
    s = position(p1_lands={(0, 0): "Stone Eye"}, monsters=[monster(1, (0, 0), "Deathbringer", 1, True)])
    top = s.players[0].char_deck[-1]
    s.apply(AttackMonster((1, 0, 0), (char(s, 0, "Hero"), char(s, 0, "Heroine"))))
    s.apply(AssignDamage(
        (char(s, 0, "Hero"), char(s, 0, "Heroine"))))
    assert top in s.players[0].char_discard and top not in s.players[0].char_deck


def test_mana_card_058_succubus_goes_on_top_of_its_owners_deck() -> None:
    s = position(p1_lands={(0, 0): "Stone Eye"}, monsters=[monster(1, (0, 0), "Succubus", 1, True)])
    s.apply(AttackMonster((1, 0, 0), (char(s, 0, "Niccolo"),)))
    assert names(s, s.players[1].deck)[-1] == "Succubus" and s.players[1].discard == []


def test_mana_card_059_shadow_zero_opened_in_battle_trashes_itself_and_a_character() -> None:
    s = position(p1_lands={(0, 0): "Trembling Spoon"}, p1_mana=(1, 0), monsters=[monster(1, (0, 0), "Shadow Zero", 1)])
    s.apply(AttackMonster((1, 0, 0), (char(s, 0, "Hero"),)))
    assert s.legal_actions() == [ChooseCharacter(char(s, 0, "Hero"))]
    s.apply(ChooseCharacter(char(s, 0, "Hero")))
    assert names(s, s.players[1].discard) == ["Shadow Zero"] and names(s, s.players[0].char_discard) == ["Hero"]


def test_mana_card_060_lord_of_jewels_999_surviving_gains_a_mana() -> None:
    s = position(p1_lands={(0, 0): "Stone Eye"}, monsters=[monster(1, (0, 0), "Lord of Jewels 999", 1, True)])
    s.apply(AttackMonster((1, 0, 0), (char(s, 0, "Niccolo"),)))  # 2 < 3; its 4 trashes Niccolo
    assert mana(s, 1) == (1, 0)


def test_mana_card_061_jewel_beast_str_is_the_enemy_available_mana() -> None:
    s = position(p0_mana=(5, 2), p1_lands={(0, 0): "Color Blocks"},
                 monsters=[monster(1, (0, 0), "Jewel Beast", 1, True)])
    assert s.view(0).monster_strength((1, 0, 0)) == (6, 4)  # 5 +1 gold bonus, DEF 3 +1


def test_mana_card_062_springball_trashed_in_battle_pays_the_other_player() -> None:
    s = position(p1_lands={(0, 0): "Stone Eye"}, monsters=[monster(1, (0, 0), "Springball", 1, True)])
    s.apply(AttackMonster((1, 0, 0), (char(s, 0, "Hero"),)))
    assert mana(s, 0) == (1, 0)


def test_mana_card_063_polter_box_trashed_both_players_draw() -> None:
    s = position(p1_lands={(0, 0): "Stone Eye"}, monsters=[monster(1, (0, 0), "Polter Box", 1, True)])
    s.apply(AttackMonster((1, 0, 0), (char(s, 0, "Hero"),)))
    assert len(s.players[0].hand) == 1 and len(s.players[1].hand) == 1


def test_mana_card_064_labanne_str_and_def_count_the_enemy_lands() -> None:
    s = position(p0_lands={(0, 0): "Stone Eye", (1, 0): "Jade Egg"}, p1_lands={(0, 0): "Green Cane"},
                 monsters=[monster(1, (0, 0), "Labanne", 1, True)])
    assert s.view(0).monster_strength((1, 0, 0)) == (3, 3)  # 2 lands, +1/+1 on Wood


def test_mana_card_065_kima_trashed_may_pay_2_to_return_to_hand() -> None:
    s = position(p1_lands={(0, 0): "Stone Eye"}, p1_mana=(2, 0), monsters=[monster(1, (0, 0), "Kima", 1, True)])
    s.apply(AttackMonster((1, 0, 0), (char(s, 0, "Hero"), char(s, 0, "Heroine"))))
    s.apply(AssignDamage(
        (char(s, 0, "Hero"), char(s, 0, "Heroine"))))
    assert s.current_player == 1
    s.apply(Pay(True))
    assert names(s, s.players[1].hand) == ["Kima"] and mana(s, 1) == (0, 2)


def test_mana_card_066_chobin_hood_gets_2_2_from_wood_lands() -> None:
    s = position(p1_lands={(0, 0): "Green Cane"}, monsters=[monster(1, (0, 0), "Chobin Hood", 1, True)])
    assert s.view(0).monster_strength((1, 0, 0)) == (4, 5)
    assert AttackParty((1, 0, 0)) not in s.legal_actions()


def test_mana_card_067_lullabud_trashed_may_pay_1_to_return_to_hand() -> None:
    s = position(p1_lands={(0, 0): "Stone Eye"}, p1_mana=(1, 0), monsters=[monster(1, (0, 0), "Lullabud", 1, True)])
    s.apply(AttackMonster((1, 0, 0), (char(s, 0, "Hero"),)))
    s.apply(Pay(True))
    assert names(s, s.players[1].hand) == ["Lullabud"] and mana(s, 1) == (0, 1)


# ---------------------------------------------------------------------------------------------------- supports

FIRE = {(0, 0): "Tome of Magic", (1, 0): "Flame"}  # two Fire sources: FF
EARTH = {(0, 0): "Skull Lantern", (1, 0): "Ancient Tablet"}
WIND = {(0, 0): "Moon's Mirror", (1, 0): "Frozen Heart"}
WATER = {(0, 0): "Jade Egg", (1, 0): "Torch of Coral"}


def test_mana_card_068_useless_putty_joins_a_character_deck_as_a_1_1() -> None:
    s = position(p0_hand=["Useless Putty"], p0_lands={(0, 0): "Tome of Magic"}, p0_mana=(2, 0), p0_deck=[])
    use(s, "Useless Putty", 1)  # on top of the enemy character deck
    assert names(s, s.players[1].char_deck)[-1] == "Useless Putty" and mana(s, 0) == (0, 2)
    s.players[1].party.pop()  # make room: the start phase brings it into the party
    end_turn(s)
    assert names(s, [c.uid for c in s.players[1].party])[-1] == "Useless Putty"
    assert s.char_stats(s.players[1].party[-1].uid) == (1, 1)
    s._trash_character(1, s.players[1].party[-1].uid)  # trashed, it goes to its owner's discard pile
    assert names(s, s.players[0].discard) == ["Useless Putty"]


def test_mana_card_069_professor_kathinjas_rage_needs_ff_and_trashes_an_enemy_character() -> None:
    s = position(p0_hand=["Professor Kathinja's Rage"], p0_lands={(0, 0): "Tome of Magic"}, p0_mana=(3, 0))
    assert uses(s) == []  # one Fire source is not FF
    s = position(p0_hand=["Professor Kathinja's Rage"], p0_lands=FIRE, p0_mana=(3, 0))
    use(s, "Professor Kathinja's Rage", char(s, 1, "Niccolo"))
    assert names(s, s.players[1].char_discard) == ["Niccolo"] and mana(s, 0) == (0, 3)


def test_mana_card_070_golem_craftsman_bomb_trashes_an_enemy_golem() -> None:
    s = position(p0_hand=["Golem Craftsman Bomb"], p0_lands=FIRE, p0_mana=(1, 0),
                 p1_party=["Hero", "Machine Golem Mark I"])
    assert [a.target for a in uses(s)] == [char(s, 1, "Machine Golem Mark I")]
    use(s, "Golem Craftsman Bomb", char(s, 1, "Machine Golem Mark I"))
    assert names(s, s.players[1].char_discard) == ["Machine Golem Mark I"]


def test_mana_card_071_magnolias_fire_stone_gives_str_3_in_battle() -> None:
    s = position(p0_hand=["Magnolia's Fire Stone"], p0_lands={(0, 0): "Tome of Magic"}, p0_mana=(2, 0),
                 p1_lands={(0, 0): "Stone Eye"}, monsters=[monster(1, (0, 0), "Narcissos", 1, True)])
    assert uses(s) == []  # an in-battle support: not in the main phase
    s.apply(AttackMonster((1, 0, 0), (char(s, 0, "Niccolo"),)))  # Niccolo 2/4 vs 3/4
    assert s.pending[-1].kind is ChoiceKind.BATTLE_WINDOW and s.current_player == 0
    use(s, "Magnolia's Fire Stone", char(s, 0, "Niccolo"))
    s.apply(Pass())
    assert on(s, 1, (0, 0)) is None and party(s, 0)[2] == ("Niccolo", True)  # 5 >= 4; its 3 < 4


def test_mana_card_072_professor_mephianses_experiment_trashes_an_enemy_land_with_its_monster() -> None:
    s = position(p0_hand=["Professor Mephianse's Dangerous Experiment"], p0_lands=FIRE, p0_mana=(4, 0),
                 p1_lands={(0, 0): "Stone Eye"}, p1_mana=(0, 1), monsters=[monster(1, (0, 0), "Sahagin", 1)])
    use(s, "Professor Mephianse's Dangerous Experiment", at=((1, 0, 0),))
    assert lands(s, 1) == {} and sorted(names(s, s.players[1].discard)) == ["Sahagin", "Stone Eye"]
    assert mana(s, 1) == (0, 0)


def test_mana_card_073_junkyard_louie_trashes_an_enemy_item_in_battle() -> None:
    s = position(p1_hand=["Junkyard Louie"], p1_lands={(0, 0): "Tome of Magic"}, p1_mana=(1, 0),
                 p0_party=[("Hero", False, ["Bone Hammer"]), "Heroine"],
                 monsters=[monster(1, (0, 0), "Sahagin", 1, True)])
    s.apply(AttackMonster((1, 0, 0), (char(s, 0, "Hero"),)))
    assert s.current_player == 1  # player 0 has no mana for a technique: only player 1's window opens
    use(s, "Junkyard Louie", s.players[0].party[0].items[0], seat=1)
    s.apply(Pass())
    assert names(s, s.players[0].discard) == ["Bone Hammer"]


def test_mana_card_074_rosiottis_teaching_makes_land_from_the_discard_pile() -> None:
    s = position(p0_hand=["Rosiotti's Teaching"], p0_lands=EARTH, p0_discard=["Jade Egg"], p0_mana=(2, 0))
    s.players[0].land_made = True
    s._legal = None
    use(s, "Rosiotti's Teaching", uid_of(s, 0, "Jade Egg", "discard"), ((0, 0, 1),))
    # Jade Egg base 1, its down arrow (-1) toward Skull Lantern at (0, 0): 0 mana
    assert lands(s, 0)[(0, 1)] == "Jade Egg" and mana(s, 0) == (0, 2)
    assert names(s, s.players[0].discard) == ["Rosiotti's Teaching"]


def test_mana_card_075_lilipeas_illusion_holds_a_land_like_a_monster() -> None:
    s = position(p0_hand=["Lilipea's Illusion"], p0_lands=EARTH, p0_mana=(2, 0),
                 p1_lands={(0, 0): "Stone Eye"}, monsters=[monster(1, (0, 0), "Sahagin", 1, True)])
    use(s, "Lilipea's Illusion", at=((0, 1, 0),))
    assert on(s, 0, (1, 0)) == ("Lilipea's Illusion", 0, True)
    end_turn(s)
    legal = s.legal_actions()
    assert MoveMonster((1, 0, 0), (0, 1, 0)) not in legal and MoveMonster((1, 0, 0), (0, 0, 0)) in legal
    assert not any(isinstance(a, AttackMonster) and a.at == (0, 1, 0) for a in legal)  # it cannot be attacked


def test_mana_card_076_stubborn_craftsman_watts_gives_def_3_in_battle() -> None:
    s = position(p0_hand=["Stubborn Craftsman Watts"], p0_lands={(0, 0): "Skull Lantern"}, p0_mana=(2, 0),
                 p1_lands={(0, 0): "Stone Eye"}, monsters=[monster(1, (0, 0), "Sahagin", 1, True)])
    s.apply(AttackMonster((1, 0, 0), (char(s, 0, "Hero"),)))
    use(s, "Stubborn Craftsman Watts", char(s, 0, "Hero"))
    s.apply(Pass())
    assert on(s, 1, (0, 0)) is None and party(s, 0)[0] == ("Hero", True)  # Hero 4/5 survives Sahagin's 2


def test_mana_card_077_meimeis_fruit_divination_puts_a_chosen_character_on_top() -> None:
    s = position(p0_hand=["Meimei's Fruit Divination"], p0_lands={(0, 0): "Skull Lantern"}, p0_mana=(2, 0))
    use(s, "Meimei's Fruit Divination")
    larc = uid_of(s, 0, "Larc", "char_deck")
    s.apply(ChooseCard(larc))
    assert s.players[0].char_deck[-1] == larc


def test_mana_card_077_meimeis_fruit_divination_orders_the_whole_character_deck() -> None:
    s = position(p0_hand=["Meimei's Fruit Divination"], p0_lands={(0, 0): "Skull Lantern"}, p0_mana=(2, 0),
                 p0_char_deck=["Escad", "Daena", "Larc", "Hamson"])
    use(s, "Meimei's Fruit Divination")
    order = ["Hamson", "Escad", "Larc"]  # top first; Daena, the last, goes to the bottom without a decision
    for i, name in enumerate(order):
        assert s.pending[-1].kind is ChoiceKind.PICK_CARD and len(s.legal_actions()) == 4 - i
        s.apply(ChooseCard(uid_of(s, 0, name, "char_deck")))
    assert not s.pending
    assert names(s, s.players[0].char_deck) == ["Daena", "Larc", "Escad", "Hamson"]  # bottom to top


def test_mana_card_078_gaeuss_pulse_becomes_a_land_of_its_own() -> None:
    s = position(p0_hand=["Gaeus's Pulse", "Gaeus's Pulse"], p0_lands={(0, 0): "Skull Lantern"}, p0_mana=(12, 0))
    use(s, "Gaeus's Pulse", at=((0, 1, 0),))
    use(s, "Gaeus's Pulse", at=((0, 2, 0),))  # any number, whatever the land make
    assert lands(s, 0) == {(0, 0): "Skull Lantern", (1, 0): "Gaeus's Pulse", (2, 0): "Gaeus's Pulse"}
    assert mana(s, 0) == (0, 12) and not s.players[0].land_made


def test_mana_card_079_master_excavator_dudbear_moves_a_land_with_its_monster() -> None:
    s = position(p0_hand=["Master Excavator Dudbear"], p0_lands={(0, 0): "Skull Lantern"}, p0_mana=(1, 0),
                 p1_lands={(0, 0): "Stone Eye", (1, 0): "Jade Egg"}, p1_mana=(0, 2),
                 monsters=[monster(1, (1, 0), "Sahagin", 1)])
    use(s, "Master Excavator Dudbear", at=((1, 1, 0),))
    assert ChoosePlace((1, 0, 1)) in s.legal_actions() and ChoosePlace((1, 1, 0)) not in s.legal_actions()
    s.apply(ChoosePlace((1, 0, 1)))
    assert lands(s, 1) == {(0, 0): "Stone Eye", (0, 1): "Jade Egg"} and on(s, 1, (0, 1)) == ("Sahagin", 1, False)
    assert mana(s, 1) == (0, 2)  # no mana is generated


def test_mana_card_080_duelles_battle_arena_two_characters_fight_for_a_mana() -> None:
    s = position(p0_hand=["Duelle's Battle Arena"], p0_lands={(0, 0): "Moon's Mirror"}, p0_mana=(3, 0),
                 p0_party=[("Escad", True), "Lisa"])
    use(s, "Duelle's Battle Arena", char(s, 0, "Escad"))
    assert s.current_player == 1 and party(s, 0) == [("Escad", False), ("Lisa", False)]
    s.apply(ChooseCharacter(char(s, 1, "Heroine")))  # Escad 4/4 against Heroine 3/3
    assert names(s, s.players[1].char_discard) == ["Heroine"] and party(s, 0)[0] == ("Escad", True)
    assert mana(s, 0) == (1, 3)


def test_mana_card_081_master_of_mantras_pokiehl_trashes_a_surviving_monster_and_its_land() -> None:
    s = position(p0_hand=["Master of Mantras Pokiehl"], p0_lands=WIND, p0_mana=(3, 0),
                 p1_lands={(0, 0): "Stone Eye"}, monsters=[monster(1, (0, 0), "Narcissos", 1, True)])
    s.apply(AttackMonster((1, 0, 0), (char(s, 0, "Heroine"),)))  # 3 < 4: it survives
    use(s, "Master of Mantras Pokiehl")
    s.apply(Pass())
    assert lands(s, 1) == {} and sorted(names(s, s.players[1].discard)) == ["Narcissos", "Stone Eye"]


def test_mana_card_082_capellas_trick_revealed_answers_a_land_make() -> None:
    s = position(p0_hand=["Flame"], p1_hand=["Capella's Trick Revealed"], p1_lands={(0, 0): "Moon's Mirror"},
                 p1_mana=(4, 0))
    s.apply(MakeLand(uid_of(s, 0, "Flame"), 0, 0))
    assert s.current_player == 1 and s.pending[-1].kind is ChoiceKind.CANCEL
    use(s, "Capella's Trick Revealed", seat=1)
    assert lands(s, 0) == {} and names(s, s.players[0].discard) == ["Flame"] and s.players[0].land_made
    assert mana(s, 0) == (0, 0) and mana(s, 1) == (0, 4)


def test_mana_card_083_king_of_the_winds_selva_makes_an_enemy_character_fight_our_monster() -> None:
    s = position(p0_hand=["King of the Winds Selva"], p0_lands=WIND, p0_mana=(2, 0),
                 monsters=[monster(0, (0, 0), "Sahagin", 0, True)], p1_party=[("Hero", True), "Heroine"])
    use(s, "King of the Winds Selva", char(s, 1, "Hero"), ((0, 0, 0),))  # untapped, it fights Sahagin 2/2
    assert names(s, s.players[1].char_discard) == ["Hero"] and names(s, s.players[0].discard) == [
        "King of the Winds Selva", "Sahagin"]


def test_mana_card_084_inspector_boyds_investigation_opens_x_enemy_monsters() -> None:
    s = position(p0_hand=["Inspector Boyd's Investigation"], p0_lands={(0, 0): "Moon's Mirror"}, p0_mana=(2, 0),
                 p1_lands={(0, 0): "Stone Eye", (1, 0): "Jade Egg"}, p1_mana=(0, 0),
                 monsters=[monster(1, (0, 0), "Sahagin", 1), monster(1, (1, 0), "Narcissos", 1)])
    assert {a.x for a in uses(s)} == {1, 2}
    use(s, "Inspector Boyd's Investigation", x=2)
    assert s.pending[-1].kind is ChoiceKind.PICK_PLACE and s.current_player == 0
    s.apply(ChoosePlace((1, 0, 0)))  # the last one opens without a decision
    assert mana(s, 0) == (0, 2) and on(s, 1, (0, 0)) == ("Sahagin", 1, True)
    assert on(s, 1, (1, 0)) is None  # Narcissos cannot be paid for


def test_mana_card_084_inspector_boyds_x_is_not_capped_and_its_user_orders_the_openings() -> None:
    lands = {(0, 0): "Stone Eye", (1, 0): "Jade Egg", (2, 0): "Skull Lantern", (0, 1): "Color Blocks"}
    spec = [monster(1, (0, 0), "Sahagin", 1), monster(1, (1, 0), "Narcissos", 1),
            monster(1, (2, 0), "Beholder", 1), monster(1, (0, 1), "Molebear", 1)]
    s = position(p0_hand=["Inspector Boyd's Investigation"], p0_lands={(0, 0): "Moon's Mirror"}, p0_mana=(4, 0),
                 p1_lands=lands, p1_mana=(2, 0), monsters=spec)
    assert {a.x for a in uses(s)} == {1, 2, 3, 4}  # up to X, X paid: no cap at 3
    use(s, "Inspector Boyd's Investigation", x=2)
    assert len(s.legal_actions()) == 4
    s.apply(ChoosePlace((1, 2, 0)))  # Beholder first: it takes the 2 mana
    assert on(s, 1, (2, 0)) == ("Beholder", 1, True) and mana(s, 1) == (0, 2)
    assert {a.at for a in s.legal_actions()} == {(1, 0, 0), (1, 1, 0), (1, 0, 1)}
    s.apply(ChoosePlace((1, 1, 0)))  # then Narcissos, which cannot be paid for now
    assert on(s, 1, (1, 0)) is None and not s.pending
    assert on(s, 1, (0, 0)) == ("Sahagin", 1, False) and on(s, 1, (0, 1)) == ("Molebear", 1, False)
    assert mana(s, 0) == (2, 2)  # X = 2 paid


def test_mana_card_085_windcallers_anger_trashes_an_open_enemy_monster() -> None:
    s = position(p0_hand=["Windcaller's Anger"], p0_lands=WIND, p0_mana=(3, 0),
                 p1_lands={(0, 0): "Stone Eye", (1, 0): "Jade Egg"},
                 monsters=[monster(1, (0, 0), "Sahagin", 1), monster(1, (1, 0), "Narcissos", 1, True)])
    assert [a.at for a in uses(s)] == [((1, 1, 0),)]
    use(s, "Windcaller's Anger", at=((1, 1, 0),))
    assert on(s, 1, (1, 0)) is None


def test_mana_card_086_crystalles_freezing_sigh_no_damage_and_the_monster_goes_home() -> None:
    s = position(p1_hand=["Crystalle's Freezing Sigh"], p1_lands={(0, 0): "Jade Egg"}, p1_mana=(3, 0),
                 monsters=[monster(1, (0, 0), "Sahagin", 1, True)])
    s.apply(AttackMonster((1, 0, 0), (char(s, 0, "Hero"),)))
    use(s, "Crystalle's Freezing Sigh", seat=1)
    s.apply(Pass())
    assert names(s, s.players[1].hand) == ["Sahagin"] and on(s, 1, (0, 0)) is None
    assert party(s, 0)[0] == ("Hero", True) and s.players[0].char_discard == []


def test_mana_card_087_sage_totes_mediation_ends_the_battle_as_a_draw_and_untaps() -> None:
    s = position(p0_hand=["Sage Tote's Mediation"], p0_lands=WATER, p0_mana=(3, 0),
                 p1_lands={(0, 0): "Stone Eye"}, monsters=[monster(1, (0, 0), "Narcissos", 1, True)])
    s.apply(AttackMonster((1, 0, 0), (char(s, 0, "Hero"),)))
    use(s, "Sage Tote's Mediation", char(s, 0, "Hero"))
    s.apply(Pass())
    assert on(s, 1, (0, 0)) == ("Narcissos", 1, True) and party(s, 0)[0] == ("Hero", False)


def test_mana_card_087_sage_totes_mediation_is_used_once_the_monster_is_opened() -> None:
    s = position(p0_hand=["Sage Tote's Mediation"], p0_lands=WATER, p0_mana=(3, 0), p1_mana=(2, 0),
                 p1_lands={(0, 0): "Stone Eye"}, monsters=[monster(1, (0, 0), "Narcissos", 1)])
    s.apply(AttackMonster((1, 0, 0), (char(s, 0, "Hero"),)))
    # "once the monster is opened": it is opened (and paid for) before the window where Tote may be used
    assert on(s, 1, (0, 0)) == ("Narcissos", 1, True) and mana(s, 1) == (0, 2)
    use(s, "Sage Tote's Mediation", char(s, 0, "Hero"))
    s.apply(Pass())
    assert on(s, 1, (0, 0)) == ("Narcissos", 1, True) and party(s, 0)[0] == ("Hero", False)
    assert s.players[0].char_discard == []


def test_mana_card_088_flameshes_singing_answers_a_support_for_its_cost() -> None:
    s = position(p0_hand=["Green Cane"], p0_mana=(5, 0), p1_hand=["Flameshe's Singing"],
                 p1_lands={(0, 0): "Jade Egg"}, p1_mana=(5, 0))
    use(s, "Green Cane")
    assert s.current_player == 1
    use(s, "Flameshe's Singing", seat=1)
    assert mana(s, 1) == (0, 5) and mana(s, 0) == (0, 5)  # X = 5, Green Cane did nothing
    assert names(s, s.players[0].discard) == ["Green Cane"]


def test_mana_card_089_the_manager_dandyisms_draws_up_to_7() -> None:
    s = position(p0_hand=["The Manager Dandyism's", "Sahagin"], p0_lands={(0, 0): "Jade Egg"}, p0_mana=(4, 0),
                 p0_deck=["Sahagin"] * 8)
    use(s, "The Manager Dandyism's")
    assert len(s.players[0].hand) == 7


def test_mana_card_090_precocious_basket_fish_sends_a_support_back_to_hand() -> None:
    s = position(p0_hand=["Color Blocks", "Bone Hammer"], p0_mana=(3, 0), p1_hand=["Precocious Basket Fish"],
                 p1_lands={(0, 0): "Jade Egg"}, p1_mana=(1, 0))
    use(s, "Color Blocks")  # an artifact: Basket Fish does not answer it
    assert not s.pending
    use(s, "Bone Hammer", char(s, 0, "Hero"))  # an item: it does
    use(s, "Precocious Basket Fish", seat=1)
    assert "Bone Hammer" in names(s, s.players[0].hand) and s.players[0].party[0].items == []


def test_mana_card_091_pirate_penguin_raid_trashes_2_blind_from_the_enemy_hand() -> None:
    s = position(p0_hand=["Pirate Penguin Raid"], p0_lands=WATER, p0_mana=(3, 0), p1_hand=["Flame", "Wheel", "Sahagin"])
    use(s, "Pirate Penguin Raid")
    assert len(s.players[1].hand) == 1 and len(s.players[1].discard) == 2


def test_mana_card_092_dianas_slumber_taps_or_untaps_a_character() -> None:
    s = position(p0_hand=["Diana's Slumber"], p0_lands={(0, 0): "Stone Eye"}, p0_mana=(3, 0),
                 p0_party=[("Hero", True), "Heroine"])
    use(s, "Diana's Slumber", char(s, 1, "Hero"))
    assert party(s, 1)[0] == ("Hero", True)
    s = position(p0_hand=["Diana's Slumber"], p0_lands={(0, 0): "Stone Eye"}, p0_mana=(3, 0),
                 p0_party=[("Hero", True), "Heroine"])
    use(s, "Diana's Slumber", char(s, 0, "Hero"))
    assert party(s, 0)[0] == ("Hero", False)


def test_mana_card_093_florinas_teardrop_crystal_puts_a_card_back_on_top_of_its_deck() -> None:
    s = position(p0_hand=["Florina's Teardrop Crystal"], p0_lands={(0, 0): "Stone Eye"}, p0_mana=(3, 0),
                 p0_char_discard=["Rubens"], p1_discard=["Narcissos"])
    rubens = uid_of(s, 0, "Rubens", "char_discard")
    assert {a.target for a in uses(s)} == {rubens, uid_of(s, 1, "Narcissos", "discard")}
    use(s, "Florina's Teardrop Crystal", rubens)
    assert s.players[0].char_deck[-1] == rubens and s.players[0].char_discard == []


def test_mana_card_094_miss_yukas_retort_shows_a_face_down_monster_and_draws() -> None:
    s = position(p0_hand=["Miss Yuka's Retort"], p0_lands={(0, 0): "Stone Eye"}, p0_mana=(1, 0),
                 p0_deck=["Sahagin"], p1_lands={(0, 0): "Jade Egg"}, monsters=[monster(1, (0, 0), "Narcissos", 1)])
    assert s.view(0).monster_strength((1, 0, 0)) is None
    use(s, "Miss Yuka's Retort", at=((1, 0, 0),))
    assert s.view(0).monster_strength((1, 0, 0)) == (3, 4) and on(s, 1, (0, 0)) == ("Narcissos", 1, False)
    assert names(s, s.players[0].hand) == ["Sahagin"]


def test_mana_card_095_nouvelles_prayer_returns_its_users_trashed_monster_to_hand() -> None:
    s = position(p1_hand=["Nouvelle's Prayer"], p1_lands={(0, 0): "Stone Eye"}, p1_mana=(1, 0),
                 monsters=[monster(1, (0, 0), "Sahagin", 1, True)])
    s.apply(AttackMonster((1, 0, 0), (char(s, 0, "Heroine"),)))
    use(s, "Nouvelle's Prayer", seat=1)
    s.apply(Pass())
    assert names(s, s.players[1].hand) == ["Sahagin"] and names(s, s.players[1].discard) == ["Nouvelle's Prayer"]


def test_mana_card_096_olbohns_judgement_we_lose_1_they_lose_2() -> None:
    s = position(p0_hand=["Olbohn's Judgement"], p0_lands={(0, 0): "Trembling Spoon"}, p0_mana=(4, 0),
                 p1_mana=(1, 3))
    use(s, "Olbohn's Judgement")
    assert mana(s, 0) == (1, 2) and mana(s, 1) == (1, 1)  # lost mana comes from the used pool first


def test_mana_card_097_professor_thesenis_fights_in_place_of_our_monster() -> None:
    s = position(p1_hand=["Professor Thesenis's Unexpected Appearance"], p1_lands={(0, 0): "Trembling Spoon"},
                 p1_mana=(3, 0), monsters=[monster(1, (0, 0), "Sahagin", 1)])
    s.apply(AttackMonster((1, 0, 0), (char(s, 0, "Heroine"),)))
    use(s, "Professor Thesenis's Unexpected Appearance", seat=1)
    s.apply(Pass())
    # a Dark 4/4 against Heroine 3/3: Heroine falls; Sahagin stays face down; Thesenis goes to the discard pile
    assert on(s, 1, (0, 0)) == ("Sahagin", 1, False) and names(s, s.players[0].char_discard) == ["Heroine"]
    assert names(s, s.players[1].discard) == ["Professor Thesenis's Unexpected Appearance"]


def test_mana_card_098_belles_selfish_nightmare_doubles_a_cost() -> None:
    s = position(p0_hand=["Color Blocks"], p0_mana=(3, 0), p1_hand=["Belle's Selfish Nightmare"],
                 p1_lands={(0, 0): "Trembling Spoon"}, p1_mana=(4, 0))
    use(s, "Color Blocks")
    use(s, "Belle's Selfish Nightmare", seat=1)  # 2 more: player 0 has 1, pays it and loses the card
    assert mana(s, 0) == (0, 3) and s.players[0].hand == [] and names(s, s.players[0].discard) == ["Color Blocks"]


def test_mana_card_099_shadoles_invitation_to_death_trashes_the_monster_and_a_character() -> None:
    s = position(p0_hand=["Shadole's Invitation to Death"], p0_lands={(0, 0): "Trembling Spoon"}, p0_mana=(1, 0),
                 p1_lands={(0, 0): "Stone Eye"}, monsters=[monster(1, (0, 0), "Narcissos", 1, True)])
    s.apply(AttackMonster((1, 0, 0), (char(s, 0, "Hero"), char(s, 0, "Heroine"))))
    use(s, "Shadole's Invitation to Death", BATTLE_MONSTER)
    assert s.current_player == 0 and s.pending[-1].kind is ChoiceKind.TRASH_CHARACTER
    s.apply(ChooseCharacter(char(s, 0, "Heroine")))
    pass_windows(s)
    assert on(s, 1, (0, 0)) is None and names(s, s.players[0].char_discard) == ["Heroine"]


def test_mana_card_100_teapos_afternoon_tea_returns_a_card_from_the_discard_pile() -> None:
    s = position(p0_hand=["Teapo's Afternoon Tea"], p0_lands={(0, 0): "Color Blocks"}, p0_mana=(2, 0),
                 p0_discard=["Narcissos"])
    use(s, "Teapo's Afternoon Tea", uid_of(s, 0, "Narcissos", "discard"))
    assert names(s, s.players[0].hand) == ["Narcissos"] and names(s, s.players[0].discard) == ["Teapo's Afternoon Tea"]


def test_mana_card_101_alexs_jewelry_appraisal_draws_4_discards_2() -> None:
    s = position(p0_hand=["Alex's Jewelry Appraisal"], p0_lands={(0, 0): "Color Blocks"}, p0_mana=(1, 0))
    use(s, "Alex's Jewelry Appraisal")
    assert len(s.players[0].hand) == 4 and s.pending[-1].kind is ChoiceKind.DISCARD
    s.apply(s.legal_actions()[0])
    s.apply(s.legal_actions()[0])
    assert len(s.players[0].hand) == 2 and len(s.players[0].discard) == 3


def test_mana_card_102_summoner_nunuzac_puts_a_monster_from_the_deck_on_a_land() -> None:
    s = position(p0_hand=["Summoner Nunuzac"], p0_lands={(0, 0): "Color Blocks"}, p0_mana=(3, 0),
                 p0_deck=["Narcissos", "Flame"])
    use(s, "Summoner Nunuzac", at=((0, 0, 0),))
    s.apply(ChooseCard(uid_of(s, 0, "Narcissos", "deck")))
    assert on(s, 0, (0, 0)) == ("Narcissos", 0, False) and s.players[0].lands[(0, 0)].monster.acted  # type: ignore
    assert names(s, s.players[0].deck) == ["Flame"]


def test_mana_card_103_kristies_auction_time_pays_2_for_an_expensive_face_down_monster() -> None:
    s = position(p0_hand=["Kristie's Auction Time"], p0_lands={(0, 0): "Color Blocks"}, p0_mana=(2, 0),
                 p1_lands={(0, 0): "Stone Eye"}, p1_mana=(5, 0), monsters=[monster(1, (0, 0), "Deathbringer", 1)])
    s.apply(AttackMonster((1, 0, 0), (char(s, 0, "Niccolo"),)))
    use(s, "Kristie's Auction Time")
    s.apply(Pass())
    assert mana(s, 0) == (2, 2)  # paid 2, gained 2 when the cost-5 Deathbringer opened


def test_mana_card_104_lil_cactus_diary_trashes_one_of_the_top_3_enemy_cards() -> None:
    s = position(p0_hand=["Lil' Cactus Diary"], p0_lands={(0, 0): "Green Cane"}, p0_mana=(2, 0),
                 p1_deck=["Flame", "Sahagin", "Wheel", "Narcissos"])
    use(s, "Lil' Cactus Diary")
    assert len(s.legal_actions()) == 3  # the top three
    s.apply(ChooseCard(uid_of(s, 1, "Sahagin", "deck")))
    assert names(s, s.players[1].discard) == ["Sahagin"] and names(s, s.players[1].deck) == ["Narcissos", "Wheel",
                                                                                            "Flame"]


def test_mana_card_105_sproutlings_returning_place_gains_a_mana() -> None:
    s = position(p0_hand=["Sproutling's Returning Place"], p0_lands={(0, 0): "Green Cane"}, p0_mana=(4, 0))
    use(s, "Sproutling's Returning Place")
    assert mana(s, 0) == (1, 4)


def test_mana_card_106_boink_ignores_attribute_conditions_for_the_turn() -> None:
    s = position(p0_hand=["Boink", "Professor Kathinja's Rage"], p0_lands={(0, 0): "Green Cane"}, p0_mana=(4, 0))
    assert [s.cards[a.card].name for a in uses(s)] == ["Boink"]
    use(s, "Boink")
    use(s, "Professor Kathinja's Rage", char(s, 1, "Hero"))  # FF without a Fire land
    assert names(s, s.players[1].char_discard) == ["Hero"]
    end_turn(s)
    assert s.lasting == []


def test_mana_card_107_trents_fruiting_time_new_hand_of_enemy_land_count() -> None:
    s = position(p0_hand=["Trent's Fruiting Time", "Sahagin"], p0_lands={(0, 0): "Green Cane"}, p0_mana=(3, 0),
                 p1_lands={(0, 0): "Stone Eye", (1, 0): "Jade Egg", (2, 0): "Color Blocks"})
    use(s, "Trent's Fruiting Time")
    assert len(s.players[0].hand) == 3 and sorted(names(s, s.players[0].discard)) == [
        "Sahagin", "Trent's Fruiting Time"]


# ---------------------------------------------------------------------------------------------------- characters


def test_mana_card_108_hero_swaps_a_character_with_the_character_deck_at_replenishment() -> None:
    s = position(active=1, p0_party=["Hero", "Heroine"], p0_char_deck=["Escad", "Daena", "Larc"])
    end_turn(s)  # player 0's start phase brings Escad in (the top), then Hero may swap
    assert party(s, 0) == [("Hero", False), ("Heroine", False), ("Escad", False)]
    assert s.current_player == 0 and s.pending[-1].kind is ChoiceKind.SWAP and Pass() in s.legal_actions()
    s.apply(ChooseCharacter(char(s, 0, "Heroine")))  # Heroine out; then the card coming in is chosen
    assert s.pending[-1].kind is ChoiceKind.PICK_CARD and s.current_player == 0
    assert sorted(names(s, [a.card for a in s.legal_actions()])) == ["Daena", "Larc"]
    s.apply(ChooseCard(uid_of(s, 0, "Larc", "char_deck")))  # "1 card from your character deck": not the top one
    assert party(s, 0) == [("Hero", False), ("Larc", False), ("Escad", False)]
    assert sorted(names(s, s.players[0].char_deck)) == ["Daena", "Heroine"]


def test_mana_card_108_hero_picks_the_card_from_the_character_deck() -> None:
    s = position(active=1, p0_party=["Hero", "Lisa"], p0_char_deck=["Escad", "Daena", "Larc", "Hamson"])
    end_turn(s)
    s.apply(ChooseCharacter(char(s, 0, "Lisa")))
    assert {s.cards[a.card].name for a in s.legal_actions()} == {"Daena", "Larc", "Hamson"}
    s.apply(ChooseCard(uid_of(s, 0, "Daena", "char_deck")))
    assert party(s, 0) == [("Hero", False), ("Daena", False), ("Escad", False)]
    assert sorted(names(s, s.players[0].char_deck)) == ["Hamson", "Larc", "Lisa"]


def test_mana_card_109_heroine_swaps_too() -> None:
    s = position(active=1, p0_party=["Heroine", "Lisa"], p0_char_deck=["Escad", "Daena"])
    end_turn(s)
    assert s.pending[-1].kind is ChoiceKind.SWAP
    s.apply(ChooseCharacter(char(s, 0, "Lisa")))
    assert party(s, 0) == [("Heroine", False), ("Daena", False), ("Escad", False)]
    assert names(s, s.players[0].char_deck) == ["Lisa"]
    s = position(active=1, p0_party=["Heroine", "Lisa", "Hamson"])
    end_turn(s)  # nobody came in: no replenishment, no swap
    assert not s.pending


def test_mana_card_110_niccolo_draws_after_a_tapping_battle_and_synchro() -> None:
    s = position(p0_deck=["Sahagin"], p1_lands={(0, 0): "Stone Eye"}, monsters=[monster(1, (0, 0), "Sahagin", 1, True)])
    s.apply(AttackMonster((1, 0, 0), (char(s, 0, "Niccolo"),)))  # 1+1 synchro (Hero in play) = 2 >= 2
    assert on(s, 1, (0, 0)) is None and names(s, s.players[0].hand) == ["Sahagin"]


def test_mana_card_111_escad_takes_the_monsters_damage_first() -> None:
    s = position(p0_party=["Hero", "Escad", "Matilda"], p1_lands={(0, 0): "Stone Eye"},
                 monsters=[monster(1, (0, 0), "Jajara", 1, True)])
    s.apply(AttackMonster((1, 0, 0), (char(s, 0, "Hero"), char(s, 0, "Escad"))))
    # no damage order is asked for: Jajara's 5 goes to Escad (5/4 with Matilda) first, 1 left does nothing
    assert not s.pending and names(s, s.players[0].char_discard) == ["Escad"]
    assert names(s, s.players[1].discard) == ["Jajara"]  # 4 + 5 >= 5


def test_mana_card_112_daena_shields_the_others_in_her_battle() -> None:
    s = position(p0_party=["Hero", "Daena"], p1_lands={(0, 0): "Stone Eye"},
                 monsters=[monster(1, (0, 0), "Sahagin", 1, True)])
    s.apply(AttackMonster((1, 0, 0), (char(s, 0, "Hero"), char(s, 0, "Daena"))))
    s.apply(AssignDamage((char(s, 0, "Hero"), char(s, 0, "Daena"))))  # Hero 4/3 now: Sahagin's 2 is not enough
    assert s.players[0].char_discard == [] and on(s, 1, (0, 0)) is None


def test_mana_card_113_larc_trashes_the_land_of_a_monster_he_trashes() -> None:
    s = position(p0_party=["Larc", "Lisa"], p1_lands={(0, 0): "Stone Eye"}, p1_mana=(0, 1),
                 monsters=[monster(1, (0, 0), "Molebear", 1, True)])
    s.apply(AttackMonster((1, 0, 0), (char(s, 0, "Larc"),)))  # 4 >= 3 +1
    assert lands(s, 1) == {} and mana(s, 1) == (0, 0)


def test_mana_card_114_sierra_gets_1_1_attacking_alone() -> None:
    s = position(p0_party=["Sierra", "Lisa"], p1_lands={(0, 0): "Stone Eye"},
                 monsters=[monster(1, (0, 0), "Jajara", 1, True)])
    s.apply(AttackMonster((1, 0, 0), (char(s, 0, "Sierra"),)))  # 5/4 against 5/5: Jajara stands, Sierra falls
    assert names(s, s.players[0].char_discard) == ["Sierra"]
    s = position(p0_party=["Sierra", "Lisa"], p1_lands={(0, 0): "Stone Eye"},
                 monsters=[monster(1, (0, 0), "Narcissos", 1, True)])
    s.apply(AttackMonster((1, 0, 0), (char(s, 0, "Sierra"),)))  # 5/4: trashes 3/4 and survives its 3
    assert on(s, 1, (0, 0)) is None and s.players[0].char_discard == []


def test_mana_card_115_princess_pearl_disables_the_monsters_skills() -> None:
    s = position(p0_party=["Princess Pearl", "Hero"], p1_lands={(0, 0): "Stone Eye"},
                 monsters=[monster(1, (0, 0), "Malboro", 1, True)])
    s.apply(AttackMonster((1, 0, 0), (char(s, 0, "Princess Pearl"), char(s, 0, "Hero"))))
    s.apply(AssignDamage((char(s, 0, "Princess Pearl"), char(s, 0, "Hero"))))
    assert on(s, 1, (0, 0)) is None  # no Stinky Breath: 4 + 2 + 1 (synchro with Hero: DEF) >= 3


def test_mana_card_116_lady_blackpearl_makes_supports_cost_1_less() -> None:
    s = position(p0_party=["Lady Blackpearl"], p0_hand=["Green Cane", "Sproutling's Returning Place"],
                 p0_lands={(0, 0): "Green Cane"}, p0_mana=(3, 0))
    use(s, "Sproutling's Returning Place")  # 4 - 1 = 3
    assert mana(s, 0) == (1, 3)


def test_mana_card_117_elazul_strikes_first() -> None:
    s = position(p0_party=["Elazul", "Lisa"], p1_lands={(0, 0): "Stone Eye"},
                 monsters=[monster(1, (0, 0), "Beholder", 1, True)])
    s.apply(AttackMonster((1, 0, 0), (char(s, 0, "Elazul"),)))  # 3 >= 2 first: Beholder's 4 never lands
    assert on(s, 1, (0, 0)) is None and s.players[0].char_discard == []


def test_mana_card_118_elle_taps_an_enemy_character_and_herself() -> None:
    s = position(p0_party=["Elle", "Lisa"])
    use(s, "Elle", char(s, 1, "Hero"), zone="party")
    assert party(s, 1)[0] == ("Hero", True) and party(s, 0)[0] == ("Elle", True)
    assert not any(a.card == char(s, 0, "Elle") for a in uses(s))  # once: she is tapped


def test_mana_card_119_bud_counts_as_fire_earth_wind_water_and_plays_instruments_only() -> None:
    s = position(p0_party=["Bud", "Lisa"], p0_hand=["Magnolia's Fire Stone", "Wyvern Flute", "Bone Hammer"],
                 p0_mana=(4, 0))
    from tcgsim.games.mana.cards import Attr
    assert s.condition_met(0, [Attr.FIRE]) and s.condition_met(0, [Attr.WATER])
    assert s.condition_met(0, [Attr.FIRE, Attr.LIGHT]) and not s.condition_met(0, [Attr.FIRE, Attr.EARTH, Attr.GOLD])
    equips = {(s.cards[a.card].name, s.cards[a.target].name) for a in uses(s)}
    assert equips == {("Wyvern Flute", "Bud"), ("Wyvern Flute", "Lisa")}


def test_mana_card_120_lisa_counts_as_light_dark_wood_gold_with_synchro() -> None:
    from tcgsim.games.mana.cards import Attr
    s = position(p0_party=["Lisa", "Hero"])
    assert s.condition_met(0, [Attr.GOLD]) and not s.condition_met(0, [Attr.FIRE])
    s = position(p0_party=["Lisa", "Bud"], p1_lands={(0, 0): "Stone Eye"},
                 monsters=[monster(1, (0, 0), "Sahagin", 1, True)])
    s.apply(AttackMonster((1, 0, 0), (char(s, 0, "Lisa"),)))  # 1 + 1 synchro = 2 >= 2
    assert on(s, 1, (0, 0)) is None


def test_mana_card_121_matilda_makes_own_monsters_open_for_1_less() -> None:
    s = position(p0_party=["Matilda"], p0_lands={(0, 0): "Stone Eye"}, p0_mana=(1, 0),
                 monsters=[monster(0, (0, 0), "Narcissos", 0)])
    s.apply(OpenMonster((0, 0, 0)))  # 2 - 1
    assert on(s, 0, (0, 0)) == ("Narcissos", 0, True) and mana(s, 0) == (0, 1)


def test_mana_card_121_matilda_offers_an_open_placement_for_1_less() -> None:
    s = position(p0_party=["Matilda"], p0_hand=["Narcissos"], p0_lands={(0, 0): "Stone Eye"}, p0_mana=(1, 0),
                 phase=Phase.PLACEMENT)
    placed = PlaceMonster(uid_of(s, 0, "Narcissos", "hand"), 0, 0, True)
    assert placed in s.legal_actions()  # printed 2, 1 with Matilda
    s.apply(placed)
    assert on(s, 0, (0, 0)) == ("Narcissos", 0, True) and mana(s, 0) == (0, 1)


def test_mana_card_122_sandra_drains_2_available_after_a_tapping_battle() -> None:
    s = position(p0_party=["Sandra", "Lisa"], p1_mana=(3, 1), p1_lands={(0, 0): "Stone Eye"},
                 monsters=[monster(1, (0, 0), "Molebear", 1, True)])
    s.apply(AttackMonster((1, 0, 0), (char(s, 0, "Sandra"),)))
    assert mana(s, 1) == (1, 1)


def test_mana_card_123_rabite_untaps_a_character() -> None:
    s = position(p0_party=["Rabite", ("Hero", True)])
    use(s, "Rabite", char(s, 0, "Hero"), zone="party")
    assert party(s, 0) == [("Rabite", True), ("Hero", False)]


def test_mana_card_124_gilbert_answers_a_cheap_support_or_artifact() -> None:
    s = position(p0_hand=["Color Blocks"], p0_mana=(2, 0), p1_party=["Gilbert", "Hero"])
    use(s, "Color Blocks")
    assert s.current_player == 1
    use(s, "Gilbert", seat=1, zone="party")
    assert party(s, 1)[0] == ("Gilbert", True) and s.players[0].hand == [] and mana(s, 0) == (0, 2)
    s = position(p0_hand=["Jumi's Staff"], p0_mana=(4, 0), p1_party=["Gilbert", "Hero"])
    use(s, "Jumi's Staff")  # cost 4: beyond Gilbert
    assert not s.pending


def test_mana_card_125_rubens_makes_techniques_cost_1_less_in_his_battle() -> None:
    s = position(p0_party=[("Rubens", False, ["Bone Hammer"]), "Lisa"], p0_mana=(1, 0),
                 p1_lands={(0, 0): "Stone Eye"}, monsters=[monster(1, (0, 0), "Jajara", 1, True)])
    s.apply(AttackMonster((1, 0, 0), (char(s, 0, "Rubens"),)))
    technique(s, "Bone Hammer", "Rubens", 0)  # Super Slugger 2 - 1: STR 5
    s.apply(Pass())
    assert on(s, 1, (0, 0)) is None and mana(s, 0) == (0, 1)


def test_mana_card_126_roger_re_places_one_of_his_lands() -> None:
    s = position(p0_party=["Roger", "Lisa"], p0_lands={(0, 0): "Stone Eye", (1, 0): "Jade Egg"},
                 monsters=[monster(0, (1, 0), "Sahagin", 0)])
    use(s, "Roger", at=((0, 1, 0),), zone="party")
    s.apply(ChoosePlace((0, 0, 1)))
    assert lands(s, 0) == {(0, 0): "Stone Eye", (0, 1): "Jade Egg"} and on(s, 0, (0, 1)) == ("Sahagin", 0, False)
    assert party(s, 0)[0] == ("Roger", True) and mana(s, 0) == (0, 0)


def test_mana_card_127_capn_tusk_trashes_a_blind_card_after_a_tapping_battle() -> None:
    s = position(p0_party=["Cap'n Tusk", "Lisa"], p1_hand=["Flame"], p1_lands={(0, 0): "Stone Eye"},
                 monsters=[monster(1, (0, 0), "Molebear", 1, True)])
    s.apply(AttackMonster((1, 0, 0), (char(s, 0, "Cap'n Tusk"),)))
    assert s.players[1].hand == [] and names(s, s.players[1].discard) == ["Molebear", "Flame"]


def test_mana_card_128_skippie_opens_an_enemy_face_down_monster() -> None:
    s = position(p0_party=["Skippie", "Lisa"], p1_lands={(0, 0): "Stone Eye"}, p1_mana=(1, 0),
                 monsters=[monster(1, (0, 0), "Narcissos", 1)])
    use(s, "Skippie", at=((1, 0, 0),), zone="party")
    assert on(s, 1, (0, 0)) is None and names(s, s.players[1].discard) == ["Narcissos"]  # 1 < 2: trashed
    assert mana(s, 1) == (0, 1) and party(s, 0)[0] == ("Skippie", True)


def test_mana_card_129_hamson_synchro_with_skippie_and_no_items() -> None:
    s = position(p0_party=["Hamson", "Skippie"], p0_hand=["Bone Hammer"], p0_mana=(1, 0),
                 p1_lands={(0, 0): "Stone Eye"}, monsters=[monster(1, (0, 0), "Jajara", 1, True)])
    assert uses(s) == [] or all(s.cards[a.card].kind.name != "ITEM" for a in uses(s))  # neither may carry items
    s.apply(AttackMonster((1, 0, 0), (char(s, 0, "Hamson"),)))  # 6 + 1 = 7 >= 5
    assert on(s, 1, (0, 0)) is None


def test_mana_card_130_machine_golem_mark_i_carries_any_number_of_items_for_1_1_each() -> None:
    s = position(p0_party=[("Machine Golem Mark I", False, ["Bone Hammer", "Wendel Flail"]), "Lisa"],
                 p0_hand=["Ishe Staff"], p0_mana=(5, 0), p1_lands={(0, 0): "Stone Eye"},
                 monsters=[monster(1, (0, 0), "Jajara", 1, True)])
    assert UseCard(uid_of(s, 0, "Ishe Staff"), char(s, 0, "Machine Golem Mark I")) in s.legal_actions()
    s.apply(AttackMonster((1, 0, 0), (char(s, 0, "Machine Golem Mark I"),)))
    assert not s.pending  # no techniques for a golem: no window
    # 3/3 + 2/2 for two items: 5/5 against Jajara 5/5, and both fall
    assert on(s, 1, (0, 0)) is None and names(s, s.players[0].char_discard) == ["Machine Golem Mark I"]


def test_mana_card_131_machine_golem_mark_44_gets_1_1_per_item_in_tapping_battles_only() -> None:
    s = position(p0_party=[("Machine Golem Mark 44", False, ["Bone Hammer"]), "Lisa"],
                 p1_lands={(0, 0): "Stone Eye"}, monsters=[monster(1, (0, 0), "Molebear", 1, True)])
    s.apply(AttackMonster((1, 0, 0), (char(s, 0, "Machine Golem Mark 44"),)))  # 2/6: 2 < 4
    assert on(s, 1, (0, 0)) == ("Molebear", 1, True)
    s = position(p0_lands={(0, 0): "Stone Eye"}, monsters=[monster(0, (0, 0), "Narcissos", 0, True)],
                 p1_party=[("Machine Golem Mark 44", False, ["Bone Hammer"]), "Lisa"], p1_mana=(0, 0))
    s.apply(AttackParty((0, 0, 0)))
    s.apply(Defend((char(s, 1, "Machine Golem Mark 44"),)))  # a party battle: 1/5, no bonus; Narcissos's 3 < 5
    assert on(s, 0, (0, 0)) == ("Narcissos", 0, True) and s.players[1].char_discard == []


# ---------------------------------------------------------------------------------------------------- items


def fight(p0_party: list[Any], mon: str, *, land: str = "Stone Eye", p0_lands: dict[Any, str] | None = None,
          p0_mana: tuple[int, int] = (3, 0), on_own_land: bool = False, **kw: Any) -> ManaState:
    """Player 0's first party member attacks `mon` (player 1's, face up) on player 1's land (or on player 0's own
    land, a squatter); the battle window is open for player 0."""
    lands0 = dict(p0_lands or {})
    if on_own_land:
        lands0[(2, 2)] = land
        s = position(p0_party=p0_party, p0_lands=lands0, p0_mana=p0_mana,
                     monsters=[monster(0, (2, 2), mon, 1, True)], **kw)
        where = (0, 2, 2)
    else:
        s = position(p0_party=p0_party, p0_lands=lands0, p0_mana=p0_mana, p1_lands={(0, 0): land},
                     monsters=[monster(1, (0, 0), mon, 1, True)], **kw)
        where = (1, 0, 0)
    s.apply(AttackMonster(where, (s.players[0].party[0].uid,)))
    assert s.pending[-1].kind is ChoiceKind.BATTLE_WINDOW and s.current_player == 0
    return s


def test_mana_card_132_laurent_knife_equip_for_1_and_sonic_wave_on_own_land() -> None:
    s = position(p0_hand=["Laurent Knife"], p0_mana=(3, 0), p0_party=["Escad", "Lisa"],
                 p0_lands={(0, 0): "Stone Eye"}, monsters=[monster(0, (0, 0), "Narcissos", 1, True)])
    assert {s.cards[a.target].name for a in uses(s)} == {"Escad"}  # Lisa plays instruments only
    use(s, "Laurent Knife", char(s, 0, "Escad"))
    assert names(s, s.players[0].party[0].items) == ["Laurent Knife"] and mana(s, 0) == (2, 1)
    s.apply(AttackMonster((0, 0, 0), (char(s, 0, "Escad"),)))
    technique(s, "Laurent Knife", "Escad", 1)  # Sonic Wave: STR+3 against a monster on our own land
    s.apply(Pass())
    assert on(s, 0, (0, 0)) is None and mana(s, 0) == (0, 3)


def test_mana_card_133_orichalcum_sword_tiger_claw_strikes_first() -> None:
    s = fight([("Hero", False, ["Orichalcum Sword"]), "Lisa"], "Beholder")
    technique(s, "Orichalcum Sword", "Hero", 2)
    s.apply(Pass())
    assert on(s, 1, (0, 0)) is None and s.players[0].char_discard == []  # Beholder 4/2 never strikes


def test_mana_card_134_jacobini_axe_deep_slice_untaps_after_the_battle() -> None:
    s = fight([("Escad", False, ["Jacobini Axe"]), "Lisa"], "Sahagin")
    technique(s, "Jacobini Axe", "Escad", 0)
    s.apply(Pass())
    assert on(s, 1, (0, 0)) is None and party(s, 0)[0] == ("Escad", False)


def test_mana_card_135_scale_2h_sword_deep_swing_trashes_both() -> None:
    s = fight([("Hero", False, ["Scale 2H Sword"]), "Lisa"], "Jajara")
    technique(s, "Scale 2H Sword", "Hero", 2)
    s.apply(Pass())
    assert on(s, 1, (0, 0)) is None and names(s, s.players[0].char_discard) == ["Hero"]
    assert names(s, s.players[0].discard) == ["Scale 2H Sword"]


def test_mana_card_136_vinek_2h_axe_flying_sawblades_no_damage() -> None:
    s = fight([("Hero", False, ["Vinek 2H Axe"]), "Lisa"], "Jajara")
    technique(s, "Vinek 2H Axe", "Hero", 0)
    s.apply(Pass())
    assert on(s, 1, (0, 0)) == ("Jajara", 1, True) and party(s, 0)[0] == ("Hero", True)


def test_mana_card_137_bone_hammer_blast_radius_def_2() -> None:
    s = fight([("Hero", False, ["Bone Hammer"]), "Lisa"], "Sahagin")
    technique(s, "Bone Hammer", "Hero", 1)
    s.apply(Pass())
    assert on(s, 1, (0, 0)) is None and s.players[0].char_discard == [] and mana(s, 0) == (1, 2)


def test_mana_card_138_fullmetal_spear_lo_and_behold_sends_a_survivor_home() -> None:
    s = fight([("Gilbert", False, ["Fullmetal Spear"]), "Lisa"], "Narcissos")
    technique(s, "Fullmetal Spear", "Gilbert", 2)
    s.apply(Pass())
    assert on(s, 1, (0, 0)) is None and names(s, s.players[1].hand) == ["Narcissos"]


def test_mana_card_139_ishe_staff_flowers_of_gold_disables_the_monsters_skill() -> None:
    s = fight([("Hero", False, ["Ishe Staff"]), "Lisa"], "Malboro")
    technique(s, "Ishe Staff", "Hero", 2)
    s.apply(Pass())
    assert on(s, 1, (0, 0)) is None  # no Stinky Breath: Hero's full 4 against DEF 3


def test_mana_card_140_swifty_gloves_tiger_driver_against_a_costly_monster() -> None:
    s = fight([("Heroine", False, ["Swifty Gloves"]), "Lisa"], "Deathbringer")
    technique(s, "Swifty Gloves", "Heroine", 0)  # cost 5 >= 3: 3 + 3 = 6 >= DEF 4
    s.apply(Pass())
    assert on(s, 1, (0, 0)) is None
    s = fight([("Hero", False, ["Swifty Gloves"]), "Lisa"], "Jajara", p0_mana=(4, 0))
    technique(s, "Swifty Gloves", "Hero", 2)  # Shockwave: Hero comes back, tapped
    s.apply(Pass())
    assert party(s, 0) == [("Lisa", False), ("Hero", True)] and s.players[0].char_discard == []


def test_mana_card_141_wendel_flail_twilight_2_2() -> None:
    s = fight([("Heroine", False, ["Wendel Flail"]), "Lisa"], "Narcissos")
    technique(s, "Wendel Flail", "Heroine", 2)
    s.apply(Pass())
    assert on(s, 1, (0, 0)) is None and s.players[0].char_discard == []


def test_mana_card_142_obsidian_bow_trickshot_mills_an_artifact_for_str_4() -> None:
    s = fight([("Gilbert", False, ["Obsidian Bow"]), "Lisa"], "Narcissos", p0_deck=["Flame"])
    technique(s, "Obsidian Bow", "Gilbert", 2)
    s.apply(Pass())
    assert on(s, 1, (0, 0)) is None and names(s, s.players[0].discard) == ["Flame"]


def test_mana_card_143_wyvern_flute_fire_icons_more_against_earth() -> None:
    s = fight([("Bud", False, ["Wyvern Flute"]), "Hamson"], "Narcissos", p0_lands={(0, 0): "Tome of Magic"},
              p0_mana=(0, 0))
    offered = {a.x for a in s.legal_actions() if isinstance(a, UseCard)}
    assert offered == {0, 1}  # Bud and Tome of Magic: two Fire sources, not three
    technique(s, "Wyvern Flute", "Bud", 1)  # Blaze Cannon: +2, +2 more against Earth: 6 >= 4
    s.apply(Pass())
    assert on(s, 1, (0, 0)) is None and mana(s, 0) == (0, 0)


def test_mana_card_144_beiser_harp_light_icons_more_against_dark() -> None:
    s = fight([("Escad", False, ["Beiser Harp"]), "Lisa"], "Vadise", p0_lands={(0, 0): "Stone Eye"})
    assert {a.x for a in s.legal_actions() if isinstance(a, UseCard)} == {0, 1}  # Stone Eye and Lisa
    s = fight([("Gilbert", False, ["Beiser Harp"]), "Hamson"], "Jajara", p0_lands={(0, 0): "Stone Eye"})
    technique(s, "Beiser Harp", "Gilbert", 0)  # Twinkle Star: 0 + 2 + 2 against Dark: 4 < 5
    s.apply(Pass())
    assert on(s, 1, (0, 0)) == ("Jajara", 1, True)


def test_mana_card_145_ivory_flute_earth_icons_more_against_wind() -> None:
    s = fight([("Lisa", False, ["Ivory Flute"]), "Hamson"], "Iron Centaur", p0_lands={(0, 0): "Skull Lantern"})
    technique(s, "Ivory Flute", "Lisa", 0)  # Boulders: 1 + 1 + 2 = 4 >= 3
    s.apply(Pass())
    assert on(s, 1, (0, 0)) is None


def test_mana_card_146_dior_harp_dark_icons_more_against_light() -> None:
    s = fight([("Lisa", False, ["Dior Harp"]), "Hamson"], "Vadise")  # Lisa counts as Dark herself
    technique(s, "Dior Harp", "Lisa", 0)  # Infernal Wave: 1 + 2 + 2 = 5 >= 4
    s.apply(Pass())
    assert on(s, 1, (0, 0)) is None


def test_mana_card_147_lizard_marimba_wind_icons_more_against_water() -> None:
    s = fight([("Bud", False, ["Lizard Marimba"]), "Hamson"], "Tonpole", land="Jade Egg")
    technique(s, "Lizard Marimba", "Bud", 0)  # Air Blast: 2 + 1 + 2 = 5 >= 4 (Tonpole 2/3 +1/+1 on Water)
    s.apply(Pass())
    assert on(s, 1, (0, 0)) is None


def test_mana_card_148_beiser_drum_wood_icons_more_against_gold() -> None:
    s = fight([("Lisa", False, ["Beiser Drum"]), "Hamson"], "Jewel Beast", land="Color Blocks", p0_mana=(0, 0))
    technique(s, "Beiser Drum", "Lisa", 0)  # Wood Spikes: 1 + 2 + 2 = 5 >= 4
    s.apply(Pass())
    assert on(s, 1, (0, 0)) is None and s.players[0].char_discard == []  # Jewel Beast's STR: 0 + 1


def test_mana_card_149_teardrop_marimba_water_icons_more_against_fire() -> None:
    s = fight([("Bud", False, ["Teardrop Marimba"]), "Hamson"], "Drakonis")
    technique(s, "Teardrop Marimba", "Bud", 0)  # Bubble Bomb: 2 + 1 + 2 = 5 >= 5
    s.apply(Pass())
    assert on(s, 1, (0, 0)) is None


def test_mana_card_150_stone_drum_gold_icons_more_against_wood() -> None:
    s = fight([("Lisa", False, ["Stone Drum"]), "Hamson"], "Chobin Hood", land="Green Cane")
    technique(s, "Stone Drum", "Lisa", 0)  # Golden Hurricane: 1 + 2 + 2 = 5 >= 5 (Chobin Hood 4/5 on Wood)
    s.apply(Pass())
    assert on(s, 1, (0, 0)) is None


# ---------------------------------------------------------------------------------------------------- coverage


def test_every_card_is_modelled_and_has_its_scenario_test() -> None:
    import re
    from pathlib import Path

    from tcgsim.cards import load_pool
    from tcgsim.games.mana.effects import unmodelled_card_ids

    pool = load_pool("mana")
    assert unmodelled_card_ids(pool) == frozenset()
    numbers = set(re.findall(r"^def test_mana_card_(\d{3})_", Path(__file__).read_text(encoding="utf-8"), re.M))
    assert numbers == {card.id[4:] for card in pool} and len(numbers) == 150
