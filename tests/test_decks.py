"""Reading deck files: every kind of bad input is one finding with a line, never an exception."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tcgsim.decks import MAX_FILE_BYTES, DeckError, parse_deck_text, read_deck
from tcgsim.validate import validate_file

GOOD = """game: mana
name: Tiny
main:
  Flame: 3
  Drakonis: 2
characters: [Hero, Heroine]
"""


def write(tmp_path: Path, text: str | bytes, name: str = "deck.yaml") -> Path:
    p = tmp_path / name
    p.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    return p


def only_error(tmp_path: Path, text: str | bytes, name: str = "deck.yaml") -> tuple[str, int | None, str]:
    report = validate_file(write(tmp_path, text, name))
    assert not report.valid
    v = report.errors[0]
    return v.code, v.line, v.message


def test_yaml_deck_keeps_line_numbers() -> None:
    deck = parse_deck_text(GOOD, "x.yaml")
    assert deck.game == "mana" and deck.name == "Tiny"
    assert [(e.ref, e.count, e.line) for e in deck.entries("main")] == [("Flame", 3, 4), ("Drakonis", 2, 5)]
    assert [e.ref for e in deck.entries("characters")] == ["Hero", "Heroine"]


def test_list_form_and_count_lines() -> None:
    deck = parse_deck_text('game: mana\nmain: ["3 Flame", "2x Drakonis", "Beholder x4", "Hitodama"]\n')
    assert [(e.ref, e.count) for e in deck.entries("main")] == [
        ("Flame", 3), ("Drakonis", 2), ("Beholder", 4), ("Hitodama", 1)]


def test_plain_text_list() -> None:
    text = "game: mana\nname: Pasted\n# main\n3 Flame\n2 Drakonis\n\n# characters\nHero\n1 Heroine\n"
    deck = parse_deck_text(text, "p.txt", fmt="text")
    assert deck.name == "Pasted"
    assert [(e.ref, e.count, e.line) for e in deck.entries("main")] == [("Flame", 3, 4), ("Drakonis", 2, 5)]
    assert [(e.ref, e.line) for e in deck.entries("characters")] == [("Hero", 8), ("Heroine", 9)]


def test_plain_text_takes_game_from_option() -> None:
    deck = parse_deck_text("# main\n3 Flame\n", "p.txt", game="mana", fmt="text")
    assert deck.game == "mana"


def test_duplicate_keys_are_found(tmp_path: Path) -> None:
    code, line, message = only_error(tmp_path, "game: mana\nmain:\n  Flame: 3\n  Flame: 1\ncharacters: []\n")
    report = validate_file(tmp_path / "deck.yaml")
    assert "DECK-DUPLICATE" in {v.code for v in report.errors}
    dup = next(v for v in report.errors if v.code == "DECK-DUPLICATE")
    assert dup.line == 4 and "first on line 3" in dup.message


@pytest.mark.parametrize("count", ["0", "-1", "2.5", "three", "[1, 2]", "'3'", "1000000"])
def test_counts_must_be_positive_whole_numbers(tmp_path: Path, count: str) -> None:
    report = validate_file(write(tmp_path, f"game: mana\nmain:\n  Flame: {count}\ncharacters: []\n"))
    bad = [v for v in report.errors if v.code == "DECK-COUNT"]
    assert bad and bad[0].line == 3


@pytest.mark.parametrize(
    ("text", "code", "line"),
    [
        ("game: mana\nmain: {Flame: 3\n", "DECK-SYNTAX", 3),
        ("game: mana\nmain:\n\t- Flame\n", "DECK-SYNTAX", 3),
        ("game: chess\nmain: {}\n", "DECK-GAME", 1),
        ("main: {Flame: 3}\n", "DECK-GAME", None),
        ("- just\n- a list\n", "DECK-SYNTAX", 1),
        ("game: mana\nmain: !!python/object:os.system {}\n", "DECK-SYNTAX", 2),
        ("game: mana\nmain: &a {Flame: 3}\ncharacters: *a\n", "DECK-SYNTAX", 2),
        ("game: mana\n---\ngame: mana\n", "DECK-SYNTAX", None),
    ],
)
def test_broken_yaml_is_one_finding(tmp_path: Path, text: str, code: str, line: int | None) -> None:
    got_code, got_line, _ = only_error(tmp_path, text)
    assert got_code == code
    if line is not None:
        assert got_line == line


def test_alias_bomb_is_refused_quickly(tmp_path: Path) -> None:
    bomb = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}]\n"
        for i in range(9))
    code, _line, message = only_error(tmp_path, "game: mana\n" + bomb)
    assert code == "DECK-SYNTAX" and "anchor" in message


def test_empty_binary_non_utf8_and_huge_files(tmp_path: Path) -> None:
    assert only_error(tmp_path, "")[0] == "DECK-EMPTY"
    assert only_error(tmp_path, "   \n\n")[0] == "DECK-EMPTY"
    assert only_error(tmp_path, b"\x89PNG\r\n\x1a\n\x00\x00")[0] == "DECK-READ"
    code, line, _ = only_error(tmp_path, "game: mana\nmain:\n  Fl\xe9me: 3\n".encode("latin-1"))
    assert (code, line) == ("DECK-ENCODING", 3)
    code, _line, message = only_error(tmp_path, "#" * (MAX_FILE_BYTES + 1))
    assert code == "DECK-READ" and "at most" in message


def test_deeply_nested_yaml(tmp_path: Path) -> None:
    code, _line, _ = only_error(tmp_path, "game: mana\nmain: " + "[" * 5000 + "]" * 5000 + "\n")
    assert code == "DECK-SYNTAX"


def test_missing_file_and_folder(tmp_path: Path) -> None:
    with pytest.raises(DeckError) as exc:
        read_deck(tmp_path / "nope.yaml")
    assert exc.value.code == "DECK-READ"
    with pytest.raises(DeckError):
        read_deck(tmp_path)


def test_unknown_key_suggests_the_right_one(tmp_path: Path) -> None:
    report = validate_file(write(tmp_path, "game: mana\nmian: {Flame: 3}\n"))
    key = next(v for v in report.errors if v.code == "DECK-KEY")
    assert "did you mean 'main'" in key.message and key.line == 2


def test_unknown_card_suggests_near_names(tmp_path: Path) -> None:
    report = validate_file(write(tmp_path, "game: mana\nmain: {Drakonsi: 3}\n"))
    unknown = next(v for v in report.errors if v.code == "MANA-UNKNOWN-CARD")
    assert "Drakonis" in unknown.message and unknown.line == 2


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text(max_size=400))
def test_fuzzed_text_never_raises(tmp_path: Path, text: str) -> None:
    for name in ("f.yaml", "f.txt"):
        report = validate_file(write(tmp_path, text, name), game="mana")
        assert isinstance(report.valid, bool)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.binary(max_size=300))
def test_fuzzed_bytes_never_raise(tmp_path: Path, data: bytes) -> None:
    report = validate_file(write(tmp_path, data))
    assert isinstance(report.valid, bool)


YAML_PIECES = st.sampled_from([
    "game: mana\n", "game: eva\n", "main:\n", "  Flame: 3\n", "  - 3 Flame\n", "characters: [Hero]\n",
    "  ? x\n", ": y\n", "  Flame: &a 3\n", "  Drakonis: *a\n", "{", "}", "[", "]", "- ", "!!binary aGk=\n",
    "  Hero: 0\n", "hokan: H-01\n", "\t", "'", '"', "#", "\n", "  Flame: 99999\n", "main: 3\n",
])


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(YAML_PIECES, max_size=25))
def test_fuzzed_yaml_shaped_input_never_raises(tmp_path: Path, pieces: list[str]) -> None:
    report = validate_file(write(tmp_path, "".join(pieces)))
    assert isinstance(report.valid, bool)
