"""`CardUse.entered_play` (cards.parquet `entered_play`): a card that reaches the field without passing through
the hand is counted as having entered play, and not as drawn or played from the hand (issue 16). One real small
game per game: a mana character (from the character deck), a GODZILLA evolution target (from the stock), an EVA
補完 card (put into play at setup)."""

from __future__ import annotations

from tcgsim.agents import default_agent, make_agent
from tcgsim.bench import bundled_decks
from tcgsim.engine import CardUse, State, card_uses, play_game
from tcgsim.games import get_game


def _play(game: str, seed: int, decks: int = 2) -> State:
    cls = get_game(game).game_class()
    result = play_game(cls(bundled_decks(game)[:decks], seed),
                       [make_agent(game, default_agent(game)) for _ in range(decks)])
    return result.state


def _rows(state: State, uids: set[int]) -> list[CardUse]:
    ids = {state.cards[u].id for u in uids}  # type: ignore[attr-defined]
    return [u for u in state.card_usage() if u.card_id in ids]


def test_card_uses_by_hand() -> None:
    """Copies 0-3 of card X: 0 held from the opening hand and played turn 2; 1 put into play turn 1 without the
    hand; 2 drawn turn 3, never played; 3 put into play turn 4, reached the hand only later (turn 6)."""
    [row] = card_uses(0, ["X"] * 4, range(4), hand_turn=[0, -1, 3, 6], played_turn=[2, 1, -1, 4])
    assert (row.copies, row.in_opening_hand, row.drawn) == (4, 1, 3)
    assert row.played == 1  # only copy 0 was in hand when it entered play
    assert row.entered_play == 3
    assert row.first_turn_played == 1


def test_mana_character_enters_play_from_the_character_deck() -> None:
    state = _play("mana", 1)
    game = state.game  # type: ignore[attr-defined]
    rows = _rows(state, {u for seat in (0, 1) for u in game.char_uids[seat]})
    assert rows
    entered = [u for u in rows if u.entered_play]
    assert len(entered) >= 6  # MANA-SETUP-5: three characters a side come into the party
    assert all(u.drawn == 0 and u.played == 0 and u.in_opening_hand == 0 for u in rows)


def test_godzilla_evolution_target_enters_play_from_the_stock() -> None:
    found: list[CardUse] = []
    for seed in range(10):  # an evolution happens in most games; the first seeds hold one
        state = _play("godzilla", seed)
        game = state.game  # type: ignore[attr-defined]
        rows = _rows(state, {u for seat in (0, 1) for u in game.section_uids[seat]["stock"]})
        assert all(u.drawn == 0 and u.played == 0 for u in rows)
        found += [u for u in rows if u.entered_play]
        if found:
            break
    assert found, "no evolution in ten games"
    assert all(u.first_turn_played is not None for u in found)


def test_eva_hokan_card_is_in_play_from_setup() -> None:
    state = _play("eva", 3, decks=3)
    game = state.game  # type: ignore[attr-defined]
    hokan = {u for u in game.hokan_uids if u >= 0}
    rows = _rows(state, hokan)
    assert rows
    for u in rows:  # EVA-SETUP-3: placed in front of its player, never in a hand
        assert (u.entered_play, u.drawn, u.played, u.first_turn_played) == (u.copies, 0, 0, 0)


def test_mana_mulligans_are_reported_per_seat() -> None:
    """MANA-SETUP-4: `mulligans()` counts the mulligans each seat took; a game without the rule says None."""
    taken = []
    for seed in range(30):
        state = _play("mana", seed)
        m = state.mulligans()
        assert m is not None and len(m) == 2 and all(x in (0, 1) for x in m)
        taken.append(sum(m))
    assert any(taken)  # some opening hand of thirty is all artifacts or has none
    assert _play("godzilla", 0).mulligans() is None  # GZ-START-4: no mulligan
