"""Deck input that used to hang, exhaust memory, crash or be misread: each is now one finding (or a warning)."""

from __future__ import annotations

import os
import socket
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from typer.testing import CliRunner

import tcgsim.decks as decks
from tcgsim.cli import app
from tcgsim.decks import (
    MAX_FILE_BYTES,
    MAX_YAML_NODES,
    DeckError,
    parse_count,
    parse_deck_text,
    read_bounded,
    read_deck,
)
from tcgsim.validate import DeckReport, Severity, validate_file, validate_paths

REPO = Path(__file__).resolve().parent.parent
GOOD_YAML = (REPO / "decks" / "mana" / "firestorm.yaml").read_text(encoding="utf-8")
GOOD_TEXT = (REPO / "decks" / "mana" / "starlight.txt").read_text(encoding="utf-8")
runner = CliRunner()


def write(tmp_path: Path, text: str | bytes, name: str = "deck.yaml") -> Path:
    p = tmp_path / name
    p.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    return p


def only_error(report: DeckReport) -> tuple[str, int | None, str]:
    assert not report.valid
    assert len(report.errors) == 1, report.errors
    v = report.errors[0]
    return v.code, v.line, v.message


def tcgsim(*args: str, timeout: float = 10) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tcgsim", *args], capture_output=True, text=True, timeout=timeout,
                          env={**os.environ, "NO_COLOR": "1"})


def text_deck(body: str, game: str = "mana") -> str:
    return f"game: {game}\n{body}"


def sections(deck: decks.Deck) -> dict[str, list[tuple[str, int]]]:
    return {k: [(e.ref, e.count) for e in v] for k, v in deck.sections.items()}


# ------------------------------------------------------------------------------ 1. unbounded input


needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")


@needs_fifo
@pytest.mark.parametrize("command", ["validate", "play"])
def test_fifo_deck_is_refused_without_hanging(tmp_path: Path, command: str) -> None:
    fifo = tmp_path / "deck.yaml"
    os.mkfifo(fifo)
    args = [command, str(fifo)] if command == "validate" else [command, str(fifo), str(fifo)]
    done = tcgsim(*args, timeout=10)  # before the fix this waited for a writer forever
    assert done.returncode == 1
    findings = [ln for ln in (done.stdout + done.stderr).splitlines() if "DECK-READ" in ln]
    assert len(set(findings)) == 1
    assert "is a FIFO (named pipe), not a deck file" in findings[0]
    assert "Traceback" not in done.stderr


@needs_fifo
def test_fifo_swapped_in_after_the_stat_is_refused_by_its_descriptor(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    fifo = tmp_path / "deck.yaml"
    os.mkfifo(fifo)
    real_stat = os.stat
    regular = os.stat_result((stat.S_IFREG | 0o644, 0, 0, 1, 0, 0, 10, 0, 0, 0))

    def stat_says_regular(path: object, *args: object, **kwargs: object) -> os.stat_result:
        return regular if Path(str(path)) == fifo else real_stat(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(decks.os, "stat", stat_says_regular)
    outcome: list[BaseException] = []
    reader = threading.Thread(target=lambda: outcome.append(pytest.raises(DeckError, read_deck, fifo).value),
                              daemon=True)
    reader.start()
    reader.join(timeout=10)  # a blocking open() would never return: the FIFO has no writer
    assert not reader.is_alive(), "opening a FIFO blocked"
    assert isinstance(outcome[0], DeckError) and "FIFO" in outcome[0].detail


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
def test_dev_zero_is_refused_as_a_character_device() -> None:
    code, _line, message = only_error(validate_file("/dev/zero"))
    assert code == "DECK-READ" and "is a character device" in message


@pytest.mark.skipif(not hasattr(socket, "AF_UNIX"), reason="no unix sockets")
def test_socket_is_refused_as_a_socket(tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    with socket.socket(socket.AF_UNIX) as sock:
        try:
            sock.bind(str(path))
        except OSError as exc:  # a temporary folder too long for a socket address (macOS)
            pytest.skip(f"cannot bind a socket here: {exc}")
        code, _line, message = only_error(validate_file(path))
    assert code == "DECK-READ" and "is a socket" in message


class _Endless:
    """A stream that never ends, like /dev/zero or `yes |`."""

    def __init__(self) -> None:
        self.handed_out = 0

    def read(self, size: int = -1, /) -> bytes:
        assert size > 0, "an unbounded read"
        self.handed_out += size
        return b"y\n" * (size // 2) + b"y" * (size % 2)


def test_bounded_read_stops_one_byte_past_the_limit() -> None:
    stream = _Endless()
    data = read_bounded(stream, 1000)
    assert len(data) == 1001 and stream.handed_out == 1001
    assert len(read_bounded(_Endless())) == MAX_FILE_BYTES + 1


def test_file_larger_than_its_stat_size_is_cut_at_the_cap(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    big = write(tmp_path, "#" * (MAX_FILE_BYTES * 2))
    real_fstat = os.fstat

    def fstat_says_empty(fd: int) -> os.stat_result:  # what /proc files and growing files look like
        info = real_fstat(fd)
        return os.stat_result((info.st_mode, 0, 0, 1, 0, 0, 0, 0, 0, 0))

    monkeypatch.setattr(decks.os, "fstat", fstat_says_empty)
    with pytest.raises(DeckError) as exc:
        read_deck(big)
    assert exc.value.code == "DECK-READ" and f"more than {MAX_FILE_BYTES:,} bytes" in exc.value.detail


def test_path_with_a_nul_character_is_a_finding() -> None:
    code, _line, message = only_error(validate_file("deck\x00.yaml"))
    assert code == "DECK-READ" and "NUL" in message


# ------------------------------------------------------------------------------ 2. floods of tiny YAML nodes


@pytest.mark.parametrize("flood", [
    "main: [" + "a," * 500_000 + "]\n",
    "main: {" + ",".join(f"k{i}: 1" for i in range(100_000)) + "}\n",
    "main:\n" + "- a\n" * 250_000,
    "main: [" + "[]," * 340_000 + "]\n",
], ids=["flow-sequence", "flow-mapping", "block-sequence", "empty-collections"])
def test_many_tiny_yaml_nodes_are_refused_by_the_node_limit(tmp_path: Path, flood: str) -> None:
    text = ("game: mana\n" + flood)[:MAX_FILE_BYTES]  # under the byte cap: only the node count can stop it
    code, _line, message = only_error(validate_file(write(tmp_path, text)))
    assert code == "DECK-SYNTAX"
    assert f"too many YAML nodes for a deck file (more than {MAX_YAML_NODES:,})" in message


def test_node_limit_stops_composing_at_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    composed: list[int] = []
    real = decks._NoAliasComposer.compose_node

    def counting(self: decks._NoAliasComposer, parent: object, index: object) -> object:
        composed.append(1)
        return real(self, parent, index)

    monkeypatch.setattr(decks._NoAliasComposer, "compose_node", counting)
    with pytest.raises(DeckError):
        parse_deck_text("game: mana\nmain: [" + "a," * 500_000 + "]\n")
    assert len(composed) == MAX_YAML_NODES + 1  # cut early, not after building 500,000 nodes


@pytest.mark.parametrize("nest", ["[" * 500_000, "{a: " * 200_000, "[a, " * 200_000],
                         ids=["brackets", "mappings", "sequences"])
def test_deep_yaml_nesting_is_refused_at_the_depth_limit(tmp_path: Path, nest: str) -> None:
    code, line, message = only_error(validate_file(write(tmp_path, "game: mana\nmain: " + nest)))
    assert (code, line) == ("DECK-SYNTAX", 2) and "nested too deeply" in message


# ------------------------------------------------------------------------------ 3. counts past int()'s digit limit


def test_huge_yaml_count_is_a_count_finding(tmp_path: Path) -> None:
    report = validate_file(write(tmp_path, "game: mana\nmain:\n  Flame: " + "1" * 5000 + "\ncharacters: []\n"))
    bad = [v for v in report.errors if v.code == "DECK-COUNT"]
    assert len(bad) == 1 and bad[0].line == 3
    assert "is absurd (at most 999)" in bad[0].message and len(bad[0].message) < 200


def test_huge_text_count_is_a_count_finding(tmp_path: Path) -> None:
    report = validate_file(write(tmp_path, "game: mana\n# main\n" + "1" * 5000 + " Flame\n", "deck.txt"))
    bad = [v for v in report.errors if v.code == "DECK-COUNT"]
    assert len(bad) == 1 and bad[0].line == 3
    assert "is absurd (at most 999)" in bad[0].message and len(bad[0].message) < 200


def test_folder_with_a_huge_count_deck_still_reports_the_good_deck(tmp_path: Path) -> None:
    write(tmp_path, GOOD_YAML, "good.yaml")
    write(tmp_path, "game: mana\nmain:\n  Flame: " + "9" * 5000 + "\n", "huge.yaml")
    write(tmp_path, "game: mana\n# main\n" + "9" * 5000 + " Flame\n", "huge.txt")
    reports = {Path(r.path).name: r for r in validate_paths([str(tmp_path)])}
    assert reports["good.yaml"].valid
    assert not reports["huge.yaml"].valid and not reports["huge.txt"].valid
    result = runner.invoke(app, ["validate", str(tmp_path)])
    assert result.exit_code == 1 and "internal error" not in result.output
    assert "good.yaml: valid" in result.stdout


# ------------------------------------------------------------------------------ 4. lone surrogates


@pytest.mark.parametrize(("text", "line"), [
    ('game: mana\nname: "Bad\\ud800"\nmain: {Flame: 3}\n', 2),
    ('game: mana\nmain:\n  "Fl\\udc00me": 3\n', 3),
    ('game: mana\nmain: ["3 Fl\\ud800me"]\n', 2),
    ('game: mana\nplan: "burn \\ud800"\nmain: {Flame: 3}\n', 2),
], ids=["name", "card-ref", "card-line", "plan"])
def test_lone_surrogate_is_refused_with_its_line(tmp_path: Path, text: str, line: int) -> None:
    code, got_line, message = only_error(validate_file(write(tmp_path, text)))
    assert code == "DECK-ENCODING" and got_line == line
    assert "holds a lone UTF-16 surrogate" in message and "which is not a character" in message
    message.encode("utf-8")  # the finding itself must be printable


def test_escaped_surrogate_pair_is_one_character() -> None:
    # JSON writers escape an emoji as a surrogate pair, and a JSON file is YAML
    deck = parse_deck_text('game: mana\nname: "\\ud83d\\udd25 Fire"\nmain: {Flame: 3}\n')
    assert deck.name == "\U0001f525 Fire"


def test_escaped_control_character_is_refused() -> None:
    with pytest.raises(DeckError) as exc:
        parse_deck_text('game: mana\nname: "\\e[2J"\nmain: {Flame: 3}\n')
    assert exc.value.line == 2 and "control character #x001b" in exc.value.detail


def test_control_character_in_a_text_list_is_refused_on_its_line() -> None:
    deck = parse_deck_text("game: mana\n# main\n3 Fl\x1bame\n2 Drakonis\n", "p.txt", fmt="text")
    assert [(p.code, p.line) for p in deck.problems] == [("DECK-SYNTAX", 3)]
    assert sections(deck) == {"main": [("Drakonis", 2)]}


def test_text_list_lines_are_counted_as_editors_count_them() -> None:
    # str.splitlines() also breaks at form feeds and U+2028: every line number after one was off
    deck = parse_deck_text("game: mana\n# main\nname\u2028x\n3 Flame\n", "p.txt", fmt="text")
    assert [(e.ref, e.line) for e in deck.entries("main")] == [("name\u2028x", 3), ("Flame", 4)]


# ------------------------------------------------------------------------------ 5. headings of pasted lists


@pytest.mark.parametrize("main", [
    "# main", "Main Deck (3)", "Main deck - 3 cards", "Main deck: 3 cards", "// Main", "[Main]", "## Main (3)",
    "＃ main", "＃メインデッキ", "メインデッキ（3枚）", "Main:", "MAIN DECK", "[Main] (3)", "# Main 3", "# Mainboard",
    "# Deck list", "Decklist:",
])
def test_pasted_main_heading_forms_are_recognised(main: str) -> None:
    deck = parse_deck_text(text_deck(f"{main}\n3 Flame\n## Characters (1)\nHero\n"), "p.txt", fmt="text")
    assert sections(deck) == {"main": [("Flame", 3)], "characters": [("Hero", 1)]}
    assert not deck.problems and not deck.warnings
    assert deck.section_lines["main"] == 2


@pytest.mark.parametrize("battle", ["Battle Deck (1)", "# battle cards", "[Battle]", "バトルデッキ"])
def test_pasted_battle_heading_forms_are_recognised(battle: str) -> None:
    deck = parse_deck_text(text_deck(f"# main\n3 Flame\n{battle}\n1 Gun\n", "godzilla"), "p.txt", fmt="text")
    assert sections(deck) == {"main": [("Flame", 3)], "battle": [("Gun", 1)]}
    assert not deck.problems


@pytest.mark.parametrize("comment", [
    "# my favourite deck, built 1999", "# A plain-text list, as people paste them: headings and lines.",
    "# Notes.", "# TODO: swap the lands", "// v2", "# one two three four", "#", "# 1999",
])
def test_free_comments_stay_comments(comment: str) -> None:
    deck = parse_deck_text(text_deck(f"# main\n3 Flame\n{comment}\n2 Drakonis\n"), "p.txt", fmt="text")
    assert sections(deck) == {"main": [("Flame", 3), ("Drakonis", 2)]}
    assert not deck.problems and not deck.warnings


@pytest.mark.parametrize(("heading", "hint"), [
    ("# Sidebaord", "did you mean 'sideboard'?"), ("# Mian", "did you mean 'main'?"),
    ("# Notes", "end it with a full stop"), ("Extras - 3 cards", None), ("Extras:", None),
])
def test_unknown_heading_is_an_error_naming_its_line_and_the_known_headings(heading: str, hint: str | None) -> None:
    deck = parse_deck_text(text_deck(f"# main\n3 Flame\n{heading}\n2 Drakonis\n"), "p.txt", fmt="text")
    assert [(p.code, p.line) for p in deck.problems] == [("DECK-KEY", 4)]
    problem = deck.problems[0]
    assert "unknown heading" in problem.detail and "mana headings: main, characters, sideboard" in problem.detail
    if hint:
        assert problem.suggestion is not None and hint in problem.suggestion
    # cards under a heading we cannot place are not counted in the section above it
    assert sections(deck) == {"main": [("Flame", 3)]}


def test_heading_naming_another_games_section_is_an_error() -> None:
    deck = parse_deck_text(text_deck("# main\n3 Flame\n# battle cards\n2 Drakonis\n"), "p.txt", fmt="text")
    assert [(p.code, p.line) for p in deck.problems] == [("DECK-KEY", 4)]
    assert "names a section mana decks do not have" in deck.problems[0].detail
    assert sections(deck) == {"main": [("Flame", 3)]}


@pytest.mark.parametrize("side", ["# Sideboard", "Sideboard (2)", "SB:", "// Side deck", "サイドボード",
                                  "[Maybeboard]", "Sideboard - 2 cards"])
def test_sideboard_is_read_and_ignored_with_a_warning(side: str) -> None:
    deck = parse_deck_text(text_deck(f"# main\n3 Flame\n{side}\n2 Drakonis\n0 Typo\n# characters\nHero\n"), "p.txt",
                           fmt="text")
    assert sections(deck) == {"main": [("Flame", 3)], "characters": [("Hero", 1)]}
    assert "sideboard" not in deck.sections and not deck.problems
    assert [(w.code, w.line) for w in deck.warnings] == [("DECK-SIDEBOARD", 4)]
    assert "(2 cards) ignored" in deck.warnings[0].detail


def test_validate_shows_a_sideboard_as_a_warning_of_a_valid_deck(tmp_path: Path) -> None:
    path = write(tmp_path, GOOD_TEXT + "\n# Sideboard\n3 Flame\n3 Drakonis\n", "starlight.txt")
    report = validate_file(path)
    assert report.valid and report.sizes == validate_file(write(tmp_path, GOOD_TEXT, "plain.txt")).sizes
    side = [w for w in report.warnings if w.code == "DECK-SIDEBOARD"]
    assert len(side) == 1 and side[0].severity is Severity.WARNING and side[0].line == GOOD_TEXT.count("\n") + 2
    result = runner.invoke(app, ["validate", str(path)])
    assert result.exit_code == 0 and "warning: DECK-SIDEBOARD" in result.stdout
    assert runner.invoke(app, ["validate", "--strict", str(path)]).exit_code == 1


def test_yaml_sideboard_key_is_ignored_with_a_warning_too(tmp_path: Path) -> None:
    report = validate_file(write(tmp_path, GOOD_YAML + "sideboard: {Flame: 3}\n"))
    assert report.valid
    assert [w.code for w in report.warnings if w.code.startswith("DECK-")] == ["DECK-SIDEBOARD"]


def test_heading_count_that_differs_from_its_cards_is_a_warning() -> None:
    deck = parse_deck_text(text_deck("Main Deck (5)\n3 Flame\n# Characters (1)\nHero\n"), "p.txt", fmt="text")
    assert not deck.problems
    assert [(w.code, w.line) for w in deck.warnings] == [("DECK-HEADING-COUNT", 2)]
    assert "says 5 cards, but 3 are listed" in deck.warnings[0].detail


def test_unmarked_card_names_are_not_headings() -> None:
    deck = parse_deck_text(text_deck("# characters\nHero\nMachine Golem Mark 44\n# main\n2 Lord of Jewels 999\n"),
                           "p.txt", fmt="text")
    assert sections(deck) == {"characters": [("Hero", 1), ("Machine Golem Mark 44", 1)],
                              "main": [("Lord of Jewels 999", 2)]}


# ------------------------------------------------------------------------------ 6. UTF-16 (and UTF-32)


@pytest.mark.parametrize("codec", ["utf-16", "utf-16-be", "utf-32"])
def test_unicode_with_a_byte_order_mark_is_read(tmp_path: Path, codec: str) -> None:
    data = GOOD_YAML.encode(codec)
    if codec == "utf-16-be":
        data = b"\xfe\xff" + data  # the codec writes no mark itself
    report = validate_file(write(tmp_path, data))
    assert report.valid and report.deck == "Firestorm"


def test_utf16_without_a_byte_order_mark_says_so(tmp_path: Path) -> None:
    code, _line, message = only_error(validate_file(write(tmp_path, GOOD_YAML.encode("utf-16-le"))))
    assert code == "DECK-ENCODING" and "UTF-16 text without a byte order mark" in message
    assert "save the file as UTF-8" in message


def test_broken_utf16_is_an_encoding_finding_with_a_line(tmp_path: Path) -> None:
    data = "game: mana\nmain:\n".encode("utf-16") + b"\x00\xd8" + "x\n".encode("utf-16-le")
    code, line, message = only_error(validate_file(write(tmp_path, data)))
    assert (code, line) == ("DECK-ENCODING", 3) and "not valid UTF-16 text" in message


def test_utf16_cap_is_on_bytes(tmp_path: Path) -> None:
    text = "game: mana\n" + "#" * (MAX_FILE_BYTES // 2)  # fewer characters than the cap, more bytes
    code, _line, message = only_error(validate_file(write(tmp_path, text.encode("utf-16"))))
    assert code == "DECK-READ" and "at most" in message


# ------------------------------------------------------------------------------ 7. one count rule


def test_full_width_digits_count_in_both_readers() -> None:
    yaml_deck = parse_deck_text("game: mana\nmain:\n  Flame: ３\n  Drakonis: １２\n")
    text = parse_deck_text("game: mana\n# main\n３ Flame\nDrakonis x１２\n", "p.txt", fmt="text")
    listed = parse_deck_text('game: mana\nmain: ["３ Flame", "１２x Drakonis"]\n')
    for deck in (yaml_deck, text, listed):
        assert sections(deck) == {"main": [("Flame", 3), ("Drakonis", 12)]}
        assert not deck.problems


@pytest.mark.parametrize(("count", "why"), [
    ("3.5", "not a positive whole number"), ("-1", "not positive"), ("0", "not positive"),
    ("+3", "written with a sign"), ("1000", "absurd"), ("1,000", "not a positive whole number"),
    ("３.５", "not a positive whole number"), ("１０００", "absurd"),
])
def test_bad_counts_are_refused_alike_in_both_readers(count: str, why: str) -> None:
    yaml_deck = parse_deck_text(f"game: mana\nmain:\n  Flame: {count}\n")
    text = parse_deck_text(f"game: mana\n# main\n{count} Flame\n", "p.txt", fmt="text")
    for deck in (yaml_deck, text):
        assert not deck.entries("main")
        assert [(p.code, p.line) for p in deck.problems] == [("DECK-COUNT", 3)]
        assert why in deck.problems[0].detail


@pytest.mark.parametrize("count", ["three", "0x3"])
def test_count_words_are_refused_in_both_readers(tmp_path: Path, count: str) -> None:
    yaml_deck = parse_deck_text(f"game: mana\nmain:\n  Flame: {count}\n")
    assert [p.code for p in yaml_deck.problems] == ["DECK-COUNT"]  # YAML 1.1 read 0x3 as 3: no longer
    # in a text list "three Flame" is a card name, and no card has it
    report = validate_file(write(tmp_path, f"game: mana\n# main\n{count} Flame\n", "deck.txt"))
    assert "MANA-UNKNOWN-CARD" in {v.code for v in report.errors}


def test_parse_count_is_the_one_rule() -> None:
    assert parse_count("3") == 3 and parse_count("３") == 3 and parse_count("٣") == 3 and parse_count("007") == 7
    assert parse_count("1" * 100_000) == "is absurd (at most 999)"  # judged by length, never converted
    assert parse_count("³") == "is not a positive whole number"  # a digit, not a decimal digit
    assert parse_count("") == "is not a positive whole number"


# ------------------------------------------------------------------------------ 8. tabs in YAML


@pytest.mark.parametrize(("text", "hint"), [
    ("game: mana\nmain:\n\t- Flame\n", "indent with spaces, not tabs"),
    ("game: mana\nmain:\n  Flame:\t3\n", "use spaces, not tabs"),
])
def test_tab_in_yaml_gets_the_spaces_hint(tmp_path: Path, text: str, hint: str) -> None:
    code, line, message = only_error(validate_file(write(tmp_path, text)))
    assert (code, line) == ("DECK-SYNTAX", 3)
    assert "tab character" in message and hint in message and "\t" not in message


def test_reserved_first_character_suggests_quoting(tmp_path: Path) -> None:
    _code, _line, message = only_error(validate_file(write(tmp_path, "game: mana\nmain: [@Flame]\n")))
    assert "quote card names that start with '@'" in message


# ------------------------------------------------------------------------------ siblings


def test_file_of_many_bad_lines_is_one_finding(tmp_path: Path) -> None:
    report = validate_file(write(tmp_path, "game: mana\n" + "# Junk\n" * 100_000, "junk.txt"))
    code, line, message = only_error(report)
    assert code == "DECK-KEY" and "more than 100 problems" in message and "the first, line 2" in message


def test_absurdly_long_card_name_is_one_short_finding(tmp_path: Path) -> None:
    for text, name in (("game: mana\nmain:\n  - 3 " + "A" * 100_000 + "\n", "deck.yaml"),
                       ("game: mana\n# main\n3 " + "A" * 100_000 + "\n", "deck.txt")):
        report = validate_file(write(tmp_path, text, name))
        long = [v for v in report.errors if "too long" in v.message]
        assert len(long) == 1 and long[0].line == 3 and len(long[0].message) < 200


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="needs a file system that takes any bytes")
def test_file_name_that_is_not_utf8_is_shown_escaped(tmp_path: Path) -> None:
    path = os.path.join(os.fsencode(tmp_path), b"\xff.yaml")
    with open(path, "wb") as out:
        out.write(GOOD_YAML.encode())
    done = subprocess.run([sys.executable, "-m", "tcgsim", "validate", os.fsdecode(path)], capture_output=True,
                          text=True, timeout=60, env={**os.environ, "PYTHONIOENCODING": "utf-8:strict"})
    assert done.returncode == 0, done.stderr
    assert "\\xff.yaml: valid" in done.stdout


@pytest.mark.parametrize("line", [
    "Flame" + " " * 100_000 + "x3",  # the old `^(.+?)\s+x(\d+)$` took minutes on this
    "# Main" + " " * 100_000 + "(3)",
    "[Main" + " " * 100_000 + "]",
    "name: Red" + " " * 100_000 + "Deck",
], ids=["trailing-count", "heading-count", "bracket", "meta"])
def test_long_whitespace_runs_in_a_text_list_are_read_in_linear_time(line: str) -> None:
    deck = parse_deck_text(text_deck(f"# main\n3 Flame\n{line}\n"), "p.txt", fmt="text")
    assert deck.entries("main")[0] == decks.DeckEntry("Flame", 3, 3)
    assert all(len(p.detail) < 300 for p in deck.problems)
