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
from tcgsim.games.mana import actions as A
from tcgsim.games.mana.game import EVENT_TEXT, ManaGame, ManaState
from tcgsim.games.mana.human import PRESENTER
from tcgsim.human import GenericPresenter, presenter_for

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
    assert PRESENTER.revealing <= set(EVENT_TEXT)
    assert {"draw", "open", "peek", "party_fill"} <= PRESENTER.revealing
    assert "land_make" not in PRESENTER.revealing  # a land made from one's own hand shows nothing hidden


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
