"""Where the scripted GODZILLA styles put their cards (tcgsim/games/godzilla/field_ai.py), each on a position where
the styles before issue 15 chose badly: they never moved a monster but to reach more enemy bases (so two fusion
parts on two bases never met, and a damaged monster stayed where it recovers least), never moved a person, let an
escaping person land anywhere, fused into rebellion, never separated a fused monster about to fall, and shared a
separation's damage half and half even when that destroyed a part."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tcgsim.agents import make_agent
from tcgsim.games.godzilla import actions as A
from tcgsim.games.godzilla.game import GzState
from tcgsim.games.godzilla.state import J, Phase
from tests.games.godzilla_positions import mon, mon_id, position, site_id, uid_of

STYLES = ["aggressor", "builder"]


def choice(state: GzState, style: str, seed: int = 0) -> Any:
    seat = state.current_player
    return make_agent("godzilla", style).choose(state.view(seat), state.legal_actions(), random.Random(seed))


def fusion_apart() -> GzState:
    """Garuda and Mechagodzilla 1993 on two of our bases, Super Mechagodzilla in the stock; the enemy's Godzilla
    1954 guards its base (no attack pays). Garuda (range any) reaches every enemy base from anywhere, and
    Mechagodzilla stands on the middle base, which reaches the most: no move gains reach."""
    return position(["JSDF Garrison", "G-Force Headquarters", "Tokyo"], ["Monster Island", "Plain"],
                    [mon("Garuda", 0, 0), mon("Mechagodzilla 1993", 0, 1), mon("Godzilla 1954", 1, 0)],
                    p0_stock=["Super Mechagodzilla"], phase=Phase.ADVANCE)


@pytest.mark.parametrize("style", STYLES)
def test_fusion_parts_on_two_bases_meet_and_fuse(style: str) -> None:
    s = fusion_apart()
    mg, garuda = mon_id(s, 0, "Mechagodzilla 1993"), mon_id(s, 0, "Garuda")
    move = choice(s, style)
    assert move in (A.Move(garuda, site_id(s, 0, 1)), A.Move(mg, site_id(s, 0, 0)))
    s.apply(move)
    assert type(choice(s, style)) is A.Fuse


@pytest.mark.parametrize("style", STYLES)
def test_gz_fuse_3_a_fusion_part_is_placed_beside_its_partner_and_they_fuse(style: str) -> None:
    # Mechagodzilla 1993 on the middle base, Garuda in hand, Super Mechagodzilla in the stock: placed on
    # Mechagodzilla's base (it enters open and awake), Garuda may fuse in the advance phase that follows. Before,
    # the crowd on that base made it the one base Garuda was not placed on, and the parts had to meet by moves
    s = position(["JSDF Garrison", "G-Force Headquarters", "Tokyo"], ["Monster Island", "Plain"],
                 [mon("Mechagodzilla 1993", 0, 1), mon("Godzilla 1954", 1, 0)], p0_hand=["Garuda"],
                 p0_stock=["Super Mechagodzilla"], phase=Phase.PLACEMENT)
    place = choice(s, style)
    assert place == A.PlaceMonster(uid_of(s, 0, "Garuda"), site_id(s, 0, 1))
    s.apply(place)
    for _ in range(10):  # on to the advance phase, where the fusion is offered
        if any(type(a) is A.Fuse for a in s.legal_actions()):
            break
        s.apply(choice(s, style))
    assert type(choice(s, style)) is A.Fuse


@pytest.mark.parametrize("style", STYLES)
def test_fusion_parts_together_stay_together(style: str) -> None:
    s = position(["JSDF Garrison", "G-Force Headquarters", "Tokyo"], ["Monster Island", "Plain"],
                 [mon("Mechagodzilla 1993", 0, 1), mon("Garuda", 0, 1), mon("Godzilla 1954", 1, 0)],
                 p0_stock=["Super Mechagodzilla"], phase=Phase.ADVANCE)
    agent = make_agent("godzilla", style)
    view, legal = s.view(0), s.legal_actions()
    agent.choose(view, legal, random.Random(0))
    moves = [a for a in legal if type(a) is A.Move]
    assert moves and all(agent._move(view, a) < 0 for a in moves)  # type: ignore[attr-defined]


@pytest.mark.parametrize("style", STYLES)
def test_a_fusion_that_would_rebel_is_not_made(style: str) -> None:
    # MOGUERA's rebellion 3 is 1 above its parts' (1 + 1), and the control (JSDF Garrison's 2) is all used
    s = position(["JSDF Garrison"], ["Monster Island", "Plain"],
                 [mon("Star Falcon", 0, 0), mon("Land Moguera", 0, 0), mon("Godzilla 1954", 1, 0)],
                 p0_stock=["MOGUERA"], phase=Phase.ADVANCE)
    assert A.Fuse(s.players[0].stock[0], site_id(s, 0, 0)) in s.legal_actions()
    assert type(choice(s, style)) is not A.Fuse


def about_to_fall() -> GzState:
    """Super Mechagodzilla (10/8/15) with 8 damage and the enemy's two Smoke Screens (defense 6), its parts in the
    stock; the enemy's Burning Godzilla (power 8, +2 from Nuclear Refuelling, +2 from Baby Godzilla) would finish
    it. (The fused form's 15 health outlasts any single enemy of the pool: only a weakened one is about to fall
    with damage its parts, 6 and 4 health, can share.)"""
    return position(["Tokyo", "G-Force Headquarters"], ["Planet X", "Nebula M Hunter Base", "Plain"],
                    [mon("Super Mechagodzilla", 0, 0, damage=8,
                         attached=[("Smoke Screen", 1), ("Smoke Screen", 1)]),
                     mon("Burning Godzilla", 1, 0, attached=["Nuclear Refuelling", "Baby Godzilla"])],
                    p0_stock=["Mechagodzilla 1993", "Garuda"], phase=Phase.ADVANCE)


@pytest.mark.parametrize("style", STYLES)
def test_a_fused_monster_about_to_fall_separates(style: str) -> None:
    s = about_to_fall()
    assert choice(s, style) == A.Separate(mon_id(s, 0, "Super Mechagodzilla"))


@pytest.mark.parametrize("style", STYLES)
def test_a_sound_fused_monster_stays_whole(style: str) -> None:
    s = about_to_fall()
    s.mon(mon_id(s, 0, "Super Mechagodzilla")).damage = 2  # type: ignore[union-attr]
    assert A.Separate(mon_id(s, 0, "Super Mechagodzilla")) in s.legal_actions()
    assert type(choice(s, style)) is not A.Separate


@pytest.mark.parametrize("style", STYLES)
def test_a_separation_shares_the_damage_so_that_every_part_lives(style: str) -> None:
    # 8 damage on Mechagodzilla 1993 (health 6) and Garuda (health 4): half and half puts 4 on Garuda and
    # destroys it; in proportion to health (5 and 3) both live
    s = about_to_fall()
    s.apply(A.Separate(mon_id(s, 0, "Super Mechagodzilla")))
    assert s.jobs[-1][0] is J.SPLIT
    split = choice(s, style)
    assert split == A.Split(5)
    s.apply(split)
    assert sorted((s.cards[m.uid].name, m.damage) for m in s.players[0].mons) == [("Garuda", 3),
                                                                                  ("Mechagodzilla 1993", 5)]


@pytest.mark.parametrize("style", STYLES)
def test_a_damaged_monster_moves_where_it_recovers_more(style: str) -> None:
    # Godzilla 1984 (火水陸) on G-Force Headquarters (機): it recovers 1 there, 2 on Mount Fuji (火陸翼)
    # (GZ-MON-14); both bases reach the enemy's one base, whose Godzilla 1954 makes attacking a loss
    s = position(["G-Force Headquarters", "Mount Fuji"], ["Monster Island", "Plain"],
                 [mon("Godzilla 1984", 0, 0, damage=4), mon("Godzilla 1954", 1, 0)], phase=Phase.ADVANCE)
    assert choice(s, style) == A.Move(mon_id(s, 0, "Godzilla 1984"), site_id(s, 0, 1))


@pytest.mark.parametrize("style", STYLES)
def test_a_person_moves_to_the_monster_it_heals(style: str) -> None:
    # Fairy Mothra (+1 defense; heals 1 at the end of our turn) on a sound Mothra Larva, Kumonga damaged
    s = position(["Infant Island", "Lake Ashi"], ["Plain"],
                 [mon("Mothra Larva", 0, 0, attached=["Fairy Mothra"]), mon("Kumonga", 0, 1, damage=3)])
    fairy = s.players[0].mons[0].attached[0]
    assert choice(s, style) == A.MovePerson(fairy, mon_id(s, 0, "Kumonga"))


@pytest.mark.parametrize("style", STYLES)
def test_a_person_stays_where_it_does_as_much(style: str) -> None:
    s = position(["Infant Island", "Lake Ashi"], ["Plain"],
                 [mon("Mothra Larva", 0, 0, attached=["Fairy Mothra"]), mon("Kumonga", 0, 1)])
    assert type(choice(s, style)) is not A.MovePerson


@pytest.mark.parametrize("style", STYLES)
def test_an_escaping_person_goes_to_the_monster_it_helps(style: str) -> None:
    # Baby Godzilla (+2 power, only to a monster of species ゴジラ) escapes: onto Godzilla 1984, not Anguirus
    # (GZ-INT-11); before, both scored alike and the generator chose
    for seed in range(20):
        s = position(["Mount Fuji", "Tokyo", "Plain"], ["Plain"],
                     [mon("Anguirus", 0, 0, attached=["Baby Godzilla"]), mon("Godzilla 1984", 0, 0)])
        carrier = s.players[0].mons[0]
        baby = carrier.attached.pop()
        s.limbo.append(baby)
        godzilla = mon_id(s, 0, "Godzilla 1984")
        s.jobs.append((J.ESCAPE, 0, baby, (carrier.mid, godzilla)))
        assert choice(s, style, seed) == A.Pick(godzilla)
