"""The variants a tune may try (tcgsim.tune.variants): legal, dealt like the deck, written as valid deck files."""

from __future__ import annotations

from pathlib import Path

import pytest

from tcgsim.cards import load_pool
from tcgsim.construction import rules_for
from tcgsim.decks import DeckError, card_lists, parse_deck_text, read_deck
from tcgsim.tune.variants import apply_swap, card_counts, deck_yaml, legal_swaps, read_collection, resolve_cards
from tcgsim.validate import validate_deck

DECKS = {"mana": "decks/mana/firestorm.yaml", "godzilla": "decks/godzilla/burning_godzilla.yaml"}


@pytest.mark.parametrize("game", sorted(DECKS))
def test_every_swap_offered_is_legal_and_changes_exactly_its_copies_in_their_places(game: str) -> None:
    deck = read_deck(DECKS[game])
    pool = load_pool(game)
    cuts = list(card_counts(deck, pool))[:2]
    swaps = legal_swaps(deck, pool, cuts)
    assert swaps and {w.out_id for w in swaps} <= set(cuts)
    unmodelled = rules_for(game).unmodelled
    missing = unmodelled(pool) if unmodelled else frozenset()
    before = card_lists(deck, pool)
    for swap in swaps[::7]:
        variant = apply_swap(deck, swap, pool, "variant")
        assert validate_deck(variant, pool).valid
        assert swap.in_id not in missing
        after = card_lists(variant, pool)
        for section, cards in before.items():
            changed = [i for i, (a, b) in enumerate(zip(cards, after[section], strict=True)) if a != b]
            if section != swap.section:
                assert not changed
                continue
            # the incoming copies sit exactly where outgoing copies sat: a deal gives both decks the same cards
            # everywhere else (docs/tune.md)
            assert len(changed) == swap.copies
            assert all(cards[i] == swap.out_id and after[section][i] == swap.in_id for i in changed)


def test_a_swap_never_brings_more_copies_than_the_player_owns_nor_cards_they_do_not() -> None:
    deck = read_deck(DECKS["mana"])
    pool = load_pool("mana")
    owned = {"LOM-002": 3, "LOM-003": 1}  # Broken Doll (1 in the deck: 2 more may come), Flame (2 in it: none)
    swaps = legal_swaps(deck, pool, ["LOM-001"], allowed=set(owned), owned=owned)
    assert {(w.in_id, w.copies) for w in swaps} == {("LOM-002", 1), ("LOM-002", 2)}


def test_a_written_variant_reads_back_as_the_same_valid_deck(tmp_path: Path) -> None:
    for game, path in DECKS.items():
        deck = read_deck(path)
        pool = load_pool(game)
        swap = legal_swaps(deck, pool, list(card_counts(deck, pool))[-1:])[0]
        variant = apply_swap(deck, swap, pool, f"{deck.name} tuned")
        text = deck_yaml(variant, pool, ["made by a test"])
        again = parse_deck_text(text, str(tmp_path / "v.yaml"))
        assert validate_deck(again, pool).valid
        assert again.name == f"{deck.name} tuned"
        assert card_counts(again, pool) == card_counts(variant, pool)


def test_unknown_cards_are_named_with_a_suggestion(tmp_path: Path) -> None:
    pool = load_pool("mana")
    with pytest.raises(ValueError, match="Tomato Man"):
        resolve_cards(["Tomato Mun"], pool, "--keep")
    owned = tmp_path / "owned.txt"
    owned.write_text("3 Flame\n2 Tomato Mun\n", encoding="utf-8")
    with pytest.raises(DeckError) as got:
        read_collection(owned, "mana", pool)
    assert got.value.line == 2 and "Tomato Man" in got.value.one_line()
    owned.write_text("3 Flame\n2 Tomato Man\n", encoding="utf-8")
    assert read_collection(owned, "mana", pool) == {"LOM-003": 3, pool.lookup("Tomato Man").id: 2}  # type: ignore[union-attr]
