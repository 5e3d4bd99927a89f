"""The Legend of Mana presenter (tcgsim/games/mana/human.py): what a person at the terminal is shown of a seat.

Every decision of a few seeded games is worded (the board, each legal action, the decision's rule ids), two
positions the seat cannot tell apart read the same, and a whole game is played through `tcgsim play --human 0`
by scripted input lines."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from tcgsim.agents import make_agent
from tcgsim.bench import bundled_decks
from tcgsim.cli import app
from tcgsim.engine import Event
from tcgsim.games.mana import actions as A
from tcgsim.games.mana.game import EVENT_TEXT, ManaGame, ManaState
from tcgsim.games.mana.human import PRESENTER
from tcgsim.games.mana.state import ChoiceKind
from tcgsim.human import GenericPresenter, Reveal, presenter_for, shows_hidden

REPO = Path(__file__).resolve().parents[2]
RULE_IDS = frozenset(re.findall(r"\bMANA-[A-Z]+(?:-[A-Z]+)*-\d+\b",
                                (REPO / "docs" / "rules" / "mana.md").read_text(encoding="utf-8")))
DECKS = bundled_decks("mana")


def _game(seed: int) -> ManaGame:
    rng = random.Random(seed)
    return ManaGame([DECKS[rng.randrange(len(DECKS))], DECKS[rng.randrange(len(DECKS))]], seed)


def _check_decision(state: ManaState) -> None:
    player = state.current_player
    legal = state.legal_actions()
    view = state.view(player)
    lines = PRESENTER.board_lines(view)
    assert lines and all(isinstance(x, str) and x.strip() for x in lines), lines
    assert not any("\x1b" in x for x in lines)  # plain text, no colour codes
    texts = [PRESENTER.action_text(view, a) for a in legal]
    assert all(t.strip() for t in texts), texts
    assert len(set(texts)) == len(texts), [t for t in texts if texts.count(t) > 1]
    why = PRESENTER.decision_text(view, legal)
    assert 1 <= len(why.splitlines()) <= 5, why
    named = set(re.findall(r"MANA-[A-Z]+(?:-[A-Z]+)*-\d+", why))
    assert named and named <= RULE_IDS, (named - RULE_IDS, why)


def test_the_game_loads_its_presenter() -> None:
    assert presenter_for("mana") is PRESENTER
    assert set(PRESENTER.reveals) <= set(EVENT_TEXT)  # this game's event kinds only
    assert all(isinstance(r, Reveal) for r in PRESENTER.reveals.values())


def _shows(kind: str, player: int | None, humans: frozenset[int] = frozenset({0})) -> bool:
    """Whether `undo` is refused after this event, with P1 at the terminal (tcgsim.human.shows_hidden)."""
    return shows_hidden(Event(3, "main", player, kind, {}), PRESENTER.reveals, humans)


def test_undo_rule_the_enemy_draw_shows_nothing_ones_own_draw_and_a_monster_turned_up_do() -> None:
    for kind in ("draw", "mulligan", "peek"):  # only the drawer (the peeker) sees the card
        assert _shows(kind, 0) and not _shows(kind, 1), kind
    for kind in ("open", "open_failed", "milled", "party_fill", "monster_trashed", "use", "discard", "ability",
                 "technique", "battle_damage"):  # face up for both, or it may draw unrecorded
        assert _shows(kind, 0) and _shows(kind, 1), kind
    for kind in ("land_make", "place", "equip"):  # a card of the player's hand, which the player knew
        assert _shows(kind, 1) and not _shows(kind, 0), kind
        assert _shows(kind, 0, frozenset({0, 1})), kind  # P2 at the terminal too: P2 learnt it
    for kind in ("turn_start", "move", "land_shift", "mana_gained", "battle", "let_through"):  # all in sight already
        assert not _shows(kind, 0) and not _shows(kind, 1), kind


def test_every_decision_of_random_and_scripted_games_reads_in_words() -> None:
    """Board, actions and the decision's rule ids at every decision; random agents reach the rare choices."""
    decisions = 0
    kinds: set[str] = set()
    for seed in range(8):
        game = _game(seed)
        styles = ("random", "random") if seed < 5 else ("builder", "raider")
        agents = [make_agent("mana", name) for name in styles]
        state = game.new_initial_state()
        rng = random.Random(seed)
        while not state.is_terminal:
            _check_decision(state)
            legal = state.legal_actions()
            kinds.update(type(a).__name__ for a in legal)
            player = state.current_player
            state.apply(agents[player].choose(state.view(player), legal, rng))
            decisions += 1
    assert decisions > 500
    assert {"MakeLand", "PlaceMonster", "AttackMonster", "MoveMonster", "Block", "UseCard", "Pass"} <= kinds


def _mid_game(seed: int = 4, steps: int = 160) -> ManaState:
    state = _game(seed).new_initial_state()
    rng = random.Random(seed)
    for _ in range(steps):
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    assert not state.is_terminal
    return state


def test_every_action_type_has_words_of_its_own() -> None:
    """Each action type of actions.py, built from what the view shows, reads as words, not as its record."""
    state = _mid_game()
    view = state.view(state.current_player)
    hand = view.hand()
    card = hand[0] if hand else 0
    party = [u for u, _tapped in view.party(view.player)]
    monsters = [w for w, *_rest in view.monsters()] or [(view.player, 0, 0)]
    lands = [(view.player, x, y) for x, y in view.lands(view.player)] or [(view.player, 0, 0)]
    samples: dict[type[Any], Any] = {
        A.Mulligan: A.Mulligan(True), A.MakeLand: A.MakeLand(card, 0, 1), A.OpenMonster: A.OpenMonster(monsters[0]),
        A.AttackParty: A.AttackParty(monsters[0]), A.AttackMonster: A.AttackMonster(monsters[0], tuple(party)),
        A.MoveMonster: A.MoveMonster(monsters[0], lands[0]), A.EndMain: A.EndMain(),
        A.EndPlacement: A.EndPlacement(), A.PlaceMonster: A.PlaceMonster(card, 0, 0, True),
        A.Block: A.Block(tuple(party[:1])), A.Defend: A.Defend(()), A.AssignDamage: A.AssignDamage(tuple(party)),
        A.Discard: A.Discard(card), A.ChooseCharacter: A.ChooseCharacter(party[0] if party else 0),
        A.Pay: A.Pay(False), A.Sacrifice: A.Sacrifice((card,)), A.UseCard: A.UseCard(card, -1, (lands[0],)),
        A.Pass: A.Pass(), A.ChooseCard: A.ChooseCard(card), A.ChoosePlace: A.ChoosePlace(lands[0]),
    }
    assert set(samples) == set(A.ACTION_TYPES.values())
    for cls, action in samples.items():
        text = PRESENTER.action_text(view, action)
        assert text.strip() and "=" not in text, (cls.__name__, text)
        assert text != GenericPresenter().action_text(view, action), (cls.__name__, text)


def test_positions_the_seat_cannot_tell_apart_read_the_same() -> None:
    """Re-deal what the seat cannot see (the enemy hand and deck, face-down enemy monsters, deck orders): the
    board and every action read exactly as before, so nothing hidden reaches the screen."""
    checked = 0
    for seed in range(6):
        state = _game(100 + seed).new_initial_state()
        rng = random.Random(seed)
        while not state.is_terminal:
            player = state.current_player
            legal = state.legal_actions()
            if rng.random() < 0.35:
                other = state.resample_hidden(player, rng)
                mine, theirs = state.view(player), other.view(player)
                assert PRESENTER.board_lines(mine) == PRESENTER.board_lines(theirs)
                assert [PRESENTER.action_text(mine, a) for a in legal] == \
                    [PRESENTER.action_text(theirs, a) for a in other.legal_actions()]
                assert PRESENTER.decision_text(mine, legal) == PRESENTER.decision_text(theirs, legal)
                checked += 1
            state.apply(legal[rng.randrange(len(legal))])
    assert checked > 100


def test_every_card_in_hand_is_shown_with_its_rules_text() -> None:
    """Each hand line carries the pool's text of the card after its figures: a person cannot weigh a technique or
    a skill the screen does not say."""
    from tcgsim.cards import printed_texts

    texts = printed_texts("mana")
    state = _game(7).new_initial_state()
    view = state.view(state.current_player)
    lines = PRESENTER.board_lines(view)
    hand = [state.cards[u] for u in state.players[state.current_player].hand]
    assert hand
    for card in hand:
        assert texts[card.id] and any(line.startswith(f"  {card.name} (") and line.endswith(f" | {texts[card.id]}")
                                      for line in lines), card.name


def test_a_face_down_enemy_monster_is_never_named() -> None:
    for seed in range(6):
        state = _game(200 + seed).new_initial_state()
        rng = random.Random(seed)
        while not state.is_terminal:
            player = state.current_player
            view = state.view(player)
            hidden = {state.cards[land.monster.uid].name for p in state.players for land in p.lands.values()
                      if land.monster is not None and land.monster.owner != player and not land.monster.face_up
                      and not land.monster.seen}
            if hidden:
                monsters = "\n".join(x for x in PRESENTER.board_lines(view) if x.startswith("  ["))
                assert "face-down monster" in monsters
                shown = {state.cards[land.monster.uid].name for p in state.players for land in p.lands.values()
                         if land.monster is not None and (land.monster.face_up or land.monster.owner == player)}
                shown |= {state.cards[u].name for u in state.players[player].hand}
                assert not any(name in monsters for name in hidden - shown), (hidden, monsters)
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])


def test_both_discard_piles_the_trashed_characters_and_a_discard_count_are_shown() -> None:
    """The piles everyone sees, of both players: the discard pile with its size and its top card first, the
    trashed characters; and while the seat discards, how many cards are left to discard. (Hidden things stay
    hidden: test_positions_the_seat_cannot_tell_apart_read_the_same re-deals them under these lines too.)"""
    seen_piles = seen_trashed = seen_count = 0
    for seed in range(4):
        state = _game(300 + seed).new_initial_state()
        rng = random.Random(seed)
        while not state.is_terminal:
            player = state.current_player
            view = state.view(player)
            board = PRESENTER.board_lines(view)
            for seat, who in ((player, "You (P"), (1 - player, f"P{2 - player}:")):
                side = board[next(i for i, x in enumerate(board) if x.startswith(who)):]
                pile = state.players[seat].discard
                line = next(x for x in side if x.startswith("  discard pile"))
                if pile:
                    top = re.escape(state.cards[pile[-1]].name)
                    assert re.match(rf"  discard pile \({len(pile)}, top first\): (\d+x )?{top}", line), line
                    seen_piles += 1
                else:
                    assert line == "  discard pile: empty"
                trashed = state.players[seat].char_discard
                if trashed:
                    line = next(x for x in side if x.startswith("  trashed characters"))
                    assert line.startswith(f"  trashed characters ({len(trashed)}): ")
                    assert all(state.cards[u].name in line for u in trashed)
                    seen_trashed += 1
            pending = view.pending
            if pending is not None and pending.kind in (ChoiceKind.DISCARD, ChoiceKind.END_DISCARD):
                assert f"To discard: {pending.count} more card" in "\n".join(board)
                seen_count += 1
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
    assert seen_piles > 100 and seen_trashed > 20 and seen_count > 0, (seen_piles, seen_trashed, seen_count)


def test_a_whole_game_played_through_the_cli_by_input_lines() -> None:
    decks = [str(REPO / "decks" / "mana" / n) for n in ("firestorm.yaml", "floodwater.yaml")]
    result = CliRunner().invoke(app, ["play", *decks, "--human", "0", "--seed", "3"], input="?\n" + "1\n" * 3000)
    assert result.exit_code == 0, result.stdout[-2000:] + result.stderr
    out = result.stdout
    lines = out.splitlines()
    assert re.search(r"wins by (12 mana|party routed|9 lands|deck out)|a draw", lines[-1]), lines[-1]
    assert lines[-1].startswith("Game over") or "Game over" in lines[-1]
    assert "Your hand (" in out and "Monsters:" in out and "Turn 1: your main phase" in out
    assert "Make a land: " in out and "action=" not in out  # the game's words, not the generic records
    assert "MANA-" in out  # `?` explained the first decision with its rule ids
