"""Deck files: YAML (the contract of DESIGN.md) or plain text lists, read defensively.

Reading never raises on bad content: a file that cannot be read at all gives a `DeckError` (file, line, what,
suggestion); problems in single lines (a count that is not a positive integer, a duplicate key) are collected
on the `Deck` so the validator can report every problem of a file at once, and so are warnings (a sideboard
that is read and ignored). Card references stay as written here; resolving them against a card pool is the
validator's job.

What is read, and what is refused before anything is parsed:

- Only regular files. A FIFO, a device (/dev/zero), a socket or a folder is refused by what it is; the file is
  opened without blocking and checked again through its descriptor, and never more than MAX_FILE_BYTES + 1
  bytes are read (`read_bounded`), whatever the file system says its size is.
- UTF-8 (with or without a byte order mark), and UTF-16 or UTF-32 that start with a byte order mark (what
  Windows Notepad saves as "Unicode"). UTF-16 without a byte order mark (a NUL in every other byte) is refused
  with a hint to save the file as UTF-8: guessing the byte order of a file is how text turns into mojibake.
- YAML is composed, never constructed (no tags, anchors or aliases), and at most MAX_YAML_NODES nodes and
  MAX_YAML_DEPTH levels deep: both are counted while parsing, so a 1 MiB file of tiny nodes stops early.
- Every value is text a deck can hold: no control characters, no lone UTF-16 surrogates (YAML's "\\ud800").

Counts follow one rule in both formats (`parse_count`): a whole number from 1 to MAX_COUNT written in decimal
digits of any script (3, full-width ３); no sign, fraction, exponent, thousands separator or quotes.

Plain text lists: `game: mana` (and `name:`, `plan:`, `ai:`) lines, headings, and card lines `3 Flame`, `3x Flame`,
`Flame x3` or `Flame` (one copy). A line is a heading when, after NFKC normalisation (so full-width `＃ｍａｉｎ`
reads as `#main`):

- it starts with a marker (`#`, `##`, `//`, or is wrapped in `[...]`) followed by a short label: one to three
  words of letters (a word may hold - ' & / or ・ inside), no digits, no other punctuation, optionally followed
  by a count: `(48)`, `(48 cards)`, `(48枚)`, `- 49 cards`, `: 49 cards`, `49`, and an optional trailing `:`;
  a marker line with anything else (`# my favourite deck, built 1999`) is a free comment;
- or, without a marker, the label is a section or sideboard word (`Main Deck (48)`, `Battle Deck (10)`,
  `Main deck: 49 cards`), or the line ends with `:`, or it has a count that says `cards` / `枚`.

A label names a section of the deck's game (`main`, `main deck`, `deck`, `メインデッキ`, `characters`, ...; a
trailing `cards` / `card` / `deck` / `カード` / `デッキ` is ignored, so `battle cards` is `battle`); a sideboard
(`Sideboard`, `SB`, `Side deck`, `サイドボード`, `Maybeboard`), whose lines are read and ignored with a warning
(tcgsim plays no sideboards; its cards are never counted); or nothing tcgsim knows, which is an error naming
the line and the headings of that game (cards under it are not counted). To keep a short comment, end it with
a full stop: `# Notes.`. A heading whose count differs from the cards under it gives a warning.
"""

from __future__ import annotations

import difflib
import hashlib
import os
import re
import stat
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Protocol

import yaml

from tcgsim.cards import CardPool, on_pool_change
from tcgsim.games import GAMES, UnknownGame, get_game

__all__ = ["Deck", "DeckEntry", "DeckError", "read_deck", "read_bounded", "decode_deck_bytes", "parse_deck_text",
           "parse_count", "card_lists", "expand_deck", "MAX_FILE_BYTES", "MAX_COUNT", "MAX_YAML_NODES"]

MAX_FILE_BYTES = 1 << 20  # a deck list is a few hundred bytes; anything past 1 MiB is not a deck
MAX_COUNT = 999  # past this a count is a typo (or an attack), not a deck
MAX_ENTRIES = 2000
MAX_YAML_NODES = 20_000  # a deck is a few hundred nodes; 20,000 compose in well under a second
MAX_YAML_DEPTH = 32  # a deck nests 4 deep (file, section, list item, count); recursion must stay far from its limit
MAX_PROBLEMS = 100  # past this many line-level problems the file is not a deck with typos, and a report of
#                     100,000 lines helps nobody: reading stops with one finding
MAX_NAME_CHARS = 200  # the longest card name is 42 characters; longer names would make every message huge

# Which sections each game's deck file may hold, and the words people use for them in plain text lists.
SECTIONS: dict[str, tuple[str, ...]] = {
    "godzilla": ("main", "battle", "stock"),
    "eva": ("main", "hokan"),
    "eva-short": ("main", "hokan"),  # a standard deck; the short rule sets 補完 and 使徒 aside (EVA-SHORT-3)
    "mana": ("main", "characters"),
}
_SECTION_WORDS: dict[str, str] = {
    "main": "main",
    "main deck": "main",
    "maindeck": "main",
    "main board": "main",
    "mainboard": "main",
    "deck": "main",
    "deck list": "main",  # the title pasted lists put above the main deck
    "decklist": "main",
    "デッキ": "main",
    "デッキリスト": "main",
    "メイン": "main",
    "メインデッキ": "main",
    "characters": "characters",
    "character": "characters",
    "character deck": "characters",
    "キャラクター": "characters",
    "キャラクターデッキ": "characters",
    "battle": "battle",
    "battle deck": "battle",
    "バトル": "battle",
    "バトルデッキ": "battle",
    "stock": "stock",
    "card stock": "stock",
    "カード在庫": "stock",
    "hokan": "hokan",
    "補完": "hokan",
    "補完カード": "hokan",
    "instrumentality": "hokan",
}
# Sections other card games have and these rules do not: read, ignored, and said so (never counted).
_SIDEBOARD_WORDS = frozenset({
    "sideboard", "side board", "side", "sb", "side deck", "sidedeck", "サイドボード", "サイド", "サイドデッキ",
    "maybeboard", "maybe board",
})
_META_KEYS = ("game", "name", "plan", "ai")


class DeckError(ValueError):
    """A problem in a deck file, located by path and line. `code` is stable for scripts and CI."""

    def __init__(
        self, path: str, message: str, *, line: int | None = None, code: str = "DECK-SYNTAX",
        suggestion: str | None = None, card: str | None = None,
    ) -> None:
        self.path = path
        self.line = line
        self.code = code
        self.suggestion = suggestion
        self.card = card
        self.detail = message
        super().__init__(self.one_line())

    def one_line(self) -> str:
        where = f"{self.path}:{self.line}" if self.line else self.path
        hint = f" ({self.suggestion})" if self.suggestion else ""
        return f"{where}: {self.code}: {self.detail}{hint}"


@dataclass(frozen=True, slots=True)
class DeckEntry:
    """One line of a deck list: a card reference as written, a count, and where it stands."""

    ref: str
    count: int
    line: int | None


@dataclass(frozen=True)
class Deck:
    path: str
    game: str
    name: str
    plan: str | None = None
    sections: Mapping[str, tuple[DeckEntry, ...]] = field(default_factory=dict)
    problems: tuple[DeckError, ...] = ()  # line-level problems found while reading: errors
    section_lines: Mapping[str, int] = field(default_factory=dict)
    warnings: tuple[DeckError, ...] = ()  # things read and set aside (a sideboard): the deck is still valid
    sha256: str | None = None  # of the bytes read from the file (a run records it); None for a deck built in memory
    ai: str | None = None  # the AI style the deck is played with unless the command line names one (`ai: raider`)
    ai_line: int | None = None  # where `ai:` stands, for the message when the game has no such agent

    def entries(self, section: str) -> tuple[DeckEntry, ...]:
        return self.sections.get(section, ())

    def size(self, section: str) -> int:
        return sum(e.count for e in self.entries(section))


def _shown(text: str, limit: int = 40) -> str:
    """Text as a message quotes it: repr (so control characters and surrogates print as escapes), cut short so
    one line stays one readable line whatever the input."""
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}… ({len(text):,} characters)"


class _Findings:
    """Problems and warnings of one file, with the cap that keeps a garbage file to one finding."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.problems: list[DeckError] = []
        self.warnings: list[DeckError] = []

    def add(self, problem: DeckError) -> None:
        if len(self.problems) >= MAX_PROBLEMS:
            first = self.problems[0]
            raise DeckError(self.path, f"more than {MAX_PROBLEMS} problems; this does not look like a deck file "
                            f"(the first, line {first.line}: {first.detail})", line=problem.line, code=first.code)
        self.problems.append(problem)

    def warn(self, warning: DeckError) -> None:
        self.warnings.append(warning)


# --------------------------------------------------------------------------------------------------- reading


class _BinaryStream(Protocol):
    def read(self, size: int = ..., /) -> bytes | None: ...


def read_bounded(stream: _BinaryStream, limit: int = MAX_FILE_BYTES) -> bytes:
    """At most `limit` + 1 bytes of a binary stream: one byte past the limit is enough to know the input is too
    big, and nothing (a pipe, /dev/zero, a file that grows) can make us hold more."""
    chunks: list[bytes] = []
    left = limit + 1
    while left > 0:
        chunk = stream.read(min(left, 1 << 16))
        if not chunk:  # end of input (None: a non-blocking stream has nothing now, which is the end for us)
            break
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


# O_NONBLOCK: opening a FIFO must not wait for a writer; O_NOCTTY: opening a terminal must not adopt it.
_OPEN_FLAGS = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
               | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0))


_FILE_KINDS = ((stat.S_ISFIFO, "a FIFO (named pipe)"), (stat.S_ISCHR, "a character device"),
               (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"))


def _not_a_file(path: str, mode: int) -> DeckError | None:
    """Why a file of this mode cannot be a deck file, or None for a regular file."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return DeckError(path, "is a folder, not a deck file", code="DECK-READ")
    kind = next((name for test, name in _FILE_KINDS if test(mode)), None)
    what = f"is {kind}, not a deck file" if kind else "is not a regular file"
    return DeckError(path, what, code="DECK-READ", suggestion="save the deck list to a file and give its path")


def _read_file_bytes(p: Path, shown: str) -> bytes:
    try:
        # Look before opening: opening a device can do things (a tape rewinds), and a FIFO is never a deck.
        refused = _not_a_file(shown, os.stat(p).st_mode)
        if refused:
            raise refused
        fd = os.open(p, _OPEN_FLAGS)
        try:
            stream = os.fdopen(fd, "rb")
        except BaseException:
            os.close(fd)
            raise
        with stream:
            # What was looked at may not be what was opened (a FIFO swapped in meanwhile): ask the descriptor.
            info = os.fstat(stream.fileno())
            refused = _not_a_file(shown, info.st_mode)
            if refused:
                raise refused
            if info.st_size > MAX_FILE_BYTES:
                raise DeckError(shown, f"file is {info.st_size:,} bytes; a deck file is at most {MAX_FILE_BYTES:,}",
                                code="DECK-READ")
            raw = read_bounded(stream, MAX_FILE_BYTES)  # st_size is 0 for /proc files, and a file can grow
    except DeckError:  # a ValueError too: keep it from the NUL-path clause below
        raise
    except FileNotFoundError:
        raise DeckError(shown, "no such file", code="DECK-READ") from None
    except IsADirectoryError:
        raise DeckError(shown, "is a folder, not a deck file", code="DECK-READ") from None
    except PermissionError:
        raise DeckError(shown, "permission denied", code="DECK-READ") from None
    except OSError as exc:
        raise DeckError(shown, f"cannot read: {exc.strerror or exc}", code="DECK-READ") from None
    except ValueError:  # os.stat refuses a path with a NUL character in it
        raise DeckError(shown, "the path holds a NUL character", code="DECK-READ") from None
    if len(raw) > MAX_FILE_BYTES:
        raise DeckError(shown, f"file is more than {MAX_FILE_BYTES:,} bytes; a deck file is at most "
                        f"{MAX_FILE_BYTES:,}", code="DECK-READ")
    return raw


# A line naming the game, as both readers take it (`game: mana`; in a text list also `# game: mana`)
_SAYS_GAME = re.compile(r"^\s*(?:#+|//)?\s*game\s*:\s*\S", re.IGNORECASE | re.MULTILINE)


def declares_game(path: str | Path) -> bool:
    """Whether a file says which game it is a deck of (a `game:` line): what makes a file a deck for
    `tcgsim validate --only-decks`, so a hook run over a whole repository checks the decks and passes over its
    other YAML and text files. A file that cannot be read counts as a deck, so validate says why."""
    try:
        raw = _read_file_bytes(Path(path), str(path))
    except DeckError:
        return True
    codec = next((c for bom, c, _ in _BOMS if raw.startswith(bom)), "utf-8")
    return bool(_SAYS_GAME.search(raw.decode(codec, errors="replace")))


def read_deck(path: str | Path, game: str | None = None) -> Deck:
    """Read one deck file. Raises DeckError only when nothing useful can be read from it."""
    return deck_from_bytes(_read_file_bytes(Path(path), str(path)), str(path), game)


STDIN = "<stdin>"  # the path a deck read from standard input is shown with (`tcgsim validate -`)


def read_deck_stdin(stream: _BinaryStream, game: str | None = None) -> Deck:
    """A deck piped in (`tcgsim validate -`): the same limits, encodings and formats as a file."""
    raw = read_bounded(stream, MAX_FILE_BYTES)
    if len(raw) > MAX_FILE_BYTES:
        raise DeckError(STDIN, f"more than {MAX_FILE_BYTES:,} bytes; a deck file is at most {MAX_FILE_BYTES:,}",
                        code="DECK-READ")
    return deck_from_bytes(raw, STDIN, game)


def deck_from_bytes(raw: bytes, shown: str, game: str | None = None) -> Deck:
    """A deck from the bytes of its file (`shown`: the name messages give it; its suffix picks the format)."""
    text = decode_deck_bytes(shown, raw)
    deck = parse_deck_text(text, shown, game=game, fmt=_format_of(Path(shown), text))
    return replace(deck, sha256=hashlib.sha256(raw).hexdigest())


# Longest first: the UTF-32-LE mark starts with the UTF-16-LE one.
_BOMS = ((b"\xff\xfe\x00\x00", "utf-32", "UTF-32"), (b"\x00\x00\xfe\xff", "utf-32", "UTF-32"),
         (b"\xff\xfe", "utf-16", "UTF-16"), (b"\xfe\xff", "utf-16", "UTF-16"))


def _looks_like_utf16(raw: bytes) -> bool:
    """Latin text in UTF-16 has a NUL in (nearly) every other byte and (nearly) none in between; binary files
    have NULs anywhere."""
    even, odd = raw[0::2].count(0), raw[1::2].count(0)
    most, least = max(even, odd), min(even, odd)
    return len(raw) >= 4 and most * 4 >= len(raw) and least * 10 <= most


def decode_deck_bytes(path: str, raw: bytes) -> str:
    for bom, codec, label in _BOMS:
        if raw.startswith(bom):
            try:
                return raw.decode(codec)  # the codec reads the byte order from the mark and drops it
            except UnicodeDecodeError as exc:
                line = raw[: exc.start].decode(codec, errors="replace").count("\n") + 1
                raise DeckError(path, f"not valid {label} text ({exc.reason})", line=line, code="DECK-ENCODING",
                                suggestion="save the file as UTF-8") from None
    if not raw.strip():
        raise DeckError(path, "file is empty", code="DECK-EMPTY",
                        suggestion="a deck needs at least 'game:' and 'main:'")
    if b"\x00" in raw:
        if _looks_like_utf16(raw):
            raise DeckError(path, "UTF-16 text without a byte order mark", code="DECK-ENCODING",
                            suggestion="save the file as UTF-8")
        raise DeckError(path, "binary file (contains NUL bytes), not a deck list", code="DECK-READ")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise DeckError(path, f"not UTF-8 text (byte 0x{raw[exc.start]:02x})", line=line, code="DECK-ENCODING",
                        suggestion="save the file as UTF-8") from None


def _format_of(p: Path, text: str) -> str:
    suffix = p.suffix.lower()
    if suffix in (".yaml", ".yml"):
        return "yaml"
    if suffix in (".txt", ".dek", ".list", ".deck"):
        return "text"
    # no telling suffix (a pipe, `tcgsim validate -`): "3 Card" lines and no "main:" block make a text list,
    # though it may start with a `game: mana` line as YAML does
    if re.search(r"^\s*\d+\s*[x×]?\s+\S", text, re.MULTILINE) and not re.search(r"^[A-Za-z_]+\s*:\s*$", text,
                                                                                  re.MULTILINE):
        return "text"
    first = next((ln.strip() for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith("#")), "")
    return "yaml" if re.match(r"^[A-Za-z_]+\s*:", first) else "text"


def parse_deck_text(text: str, path: str = "<deck>", *, game: str | None = None, fmt: str = "yaml") -> Deck:
    """Parse deck text in the given format ("yaml" or "text")."""
    if not text.strip():
        raise DeckError(path, "file is empty", code="DECK-EMPTY",
                        suggestion="a deck needs at least 'game:' and 'main:'")
    if fmt == "yaml":
        return _YamlDeckReader(path, game).read(text)
    return _TextDeckReader(path, game).read(text)


def _default_name(path: str) -> str:
    return Path(path).stem if path and not path.startswith("<") else "deck"


def _resolve_game(path: str, given: str | None, line: int | None) -> str:
    if given is None:
        raise DeckError(path, "no game given", line=line, code="DECK-GAME",
                        suggestion=f"add 'game: <{'|'.join(GAMES)}>' at the top")
    if len(given) > 40:  # no game is called that; the registry's message would quote all of it
        raise DeckError(path, f"unknown game {_shown(given)} (known: {', '.join(GAMES)})", line=line,
                        code="DECK-GAME")
    try:
        return get_game(given).key
    except UnknownGame as exc:
        raise DeckError(path, str(exc), line=line, code="DECK-GAME") from None


def _is_sideboard(word: str) -> bool:
    return _label_lookup(word)[0] == "sideboard"


def _unknown_key_error(path: str, game: str, key: str, line: int) -> DeckError:
    allowed = [*_META_KEYS, *SECTIONS[game]]
    close = difflib.get_close_matches(key.lower(), allowed, n=1, cutoff=0.5)
    return DeckError(path, f"unknown key {_shown(key)} for a {game} deck (keys: {', '.join(allowed)})", line=line,
                     code="DECK-KEY", suggestion=f"did you mean {close[0]!r}?" if close else None)


def _cards(n: int) -> str:
    return f"{n} card{'s' * (n != 1)}"


def _sideboard_warning(path: str, line: int, cards: int | None) -> DeckError:
    many = f" ({_cards(cards)})" if cards is not None else ""
    return DeckError(path, f"sideboard{many} ignored: tcgsim plays no sideboards, so its cards are not counted",
                     line=line, code="DECK-SIDEBOARD")


# ------------------------------------------------------------------------------------------ values and counts

# What YAML allows in a stream (its Reader refuses the rest), applied to what escapes and plain text lists can
# smuggle in: control characters (a terminal obeys ESC sequences in a deck name) and lone surrogates (not
# characters: any UTF-8 writer, run.json or Parquet, fails on them long after validate said "valid").
_NOT_TEXT = re.compile("[^\t\n\r\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def _text_problem(value: str) -> tuple[str, str, str] | None:
    """(code, what is wrong, suggestion) if a value holds something that is not text, else None."""
    bad = _NOT_TEXT.search(value)
    if bad is None:
        return None
    ch = bad.group()
    if "\ud800" <= ch <= "\udfff":
        return ("DECK-ENCODING", f"holds a lone UTF-16 surrogate (\\u{ord(ch):04x}), which is not a character",
                "write the character itself, not its escape")
    return "DECK-SYNTAX", f"holds control character #x{ord(ch):04x}, which a deck file cannot hold", "remove it"


def _join_surrogate_pairs(value: str) -> str:
    """"\\ud83d\\ude00" (how JSON writers escape an emoji, and JSON is YAML) is one character; YAML decodes each
    escape alone, so join the pairs. Lone halves stay, for `_text_problem` to report."""
    if not any("\ud800" <= ch <= "\udfff" for ch in value):
        return value
    try:
        return value.encode("utf-16-le", "surrogatepass").decode("utf-16-le")
    except UnicodeDecodeError:
        return value


_COUNT_DIGITS_SHOWN = 12


def parse_count(text: str) -> int | str:
    """The count rule of both readers: a whole number 1..MAX_COUNT in decimal digits of any script ("3", the
    full-width "３"). Returns the number, or what is wrong ("is not positive", ...) for the caller's message.
    A huge digit string is judged by its length, never converted: int() refuses more than 4,300 digits."""
    t = text.strip()
    digits = t[1:] if t[:1] in ("-", "+") else t
    if not digits.isdecimal():
        return "is not a positive whole number"
    if t.startswith("-"):
        return "is not positive"
    if t.startswith("+"):
        return "is written with a sign"
    if len(digits) > 50:  # even with leading zeros, no count of 1..999 is written with 50 digits
        return f"is absurd (at most {MAX_COUNT})"
    value = int(digits)  # int() reads every Unicode decimal digit: int("３") == 3
    if value <= 0:
        return "is not positive"
    if value > MAX_COUNT:
        return f"is absurd (at most {MAX_COUNT})"
    return value


def _count_shown(text: str) -> str:
    t = text.strip()
    if len(t) <= _COUNT_DIGITS_SHOWN:
        return t if t and t.lstrip("+-").isdecimal() else repr(t)
    return f"{t[:_COUNT_DIGITS_SHOWN]}… ({len(t):,} characters)"


def _name_problem(path: str, ref: str, line: int | None, what: str = "card name") -> DeckError | None:
    if len(ref) <= MAX_NAME_CHARS:
        return None
    return DeckError(path, f"{what} {_shown(ref)} is too long for one (at most {MAX_NAME_CHARS} characters)",
                     line=line, code="DECK-SYNTAX")


# ------------------------------------------------------------------------------------------------------ YAML


class _NoAliasComposer(yaml.composer.Composer):
    """Deck files never need anchors or aliases; refusing them closes the 'billion laughs' door. Every node
    passes here as it is parsed, so this is also where size, depth and text are checked: PyYAML parses event by
    event, and stopping at node 20,001 stops the scanner too, long before a 1 MiB flood is composed."""

    _tcg_path: str
    _tcg_nodes: int
    _tcg_depth: int

    def compose_node(self, parent, index):  # type: ignore[no-untyped-def]
        event = self.peek_event()
        line = event.start_mark.line + 1
        if self.check_event(yaml.events.AliasEvent):
            raise DeckError(self._tcg_path, "YAML aliases (*name) are not allowed in deck files", line=line,
                            code="DECK-SYNTAX", suggestion="quote card names that start with '*'")
        if getattr(event, "anchor", None):
            raise DeckError(self._tcg_path, "YAML anchors (&name) are not allowed in deck files", line=line,
                            code="DECK-SYNTAX", suggestion="quote card names that start with '&'")
        self._tcg_nodes += 1
        if self._tcg_nodes > MAX_YAML_NODES:
            raise DeckError(self._tcg_path, f"too many YAML nodes for a deck file (more than {MAX_YAML_NODES:,})",
                            line=line, code="DECK-SYNTAX")
        if self._tcg_depth >= MAX_YAML_DEPTH:
            raise DeckError(self._tcg_path, f"YAML nested too deeply (more than {MAX_YAML_DEPTH} levels)",
                            line=line, code="DECK-SYNTAX")
        self._tcg_depth += 1
        try:
            node = super().compose_node(parent, index)
        finally:
            self._tcg_depth -= 1
        if isinstance(node, yaml.ScalarNode):
            node.value = _join_surrogate_pairs(node.value)
            problem = _text_problem(node.value)
            if problem is not None:
                key = f"{str(index.value)[:40]}: " if isinstance(index, yaml.ScalarNode) else ""
                raise DeckError(self._tcg_path, f"{key}{_shown(node.value)} {problem[1]}", line=line,
                                code=problem[0], suggestion=problem[2])
        return node


class _DeckLoader(yaml.reader.Reader, yaml.scanner.Scanner, yaml.parser.Parser, _NoAliasComposer,
                  yaml.resolver.Resolver):
    """A composing-only loader: builds nodes (with line numbers) and never constructs Python objects, so
    tags such as !!python/object can do nothing; they are reported instead."""

    def __init__(self, stream: str, path: str) -> None:
        yaml.reader.Reader.__init__(self, stream)
        yaml.scanner.Scanner.__init__(self)
        yaml.parser.Parser.__init__(self)
        yaml.composer.Composer.__init__(self)
        yaml.resolver.Resolver.__init__(self)
        self._tcg_path = path
        self._tcg_nodes = 0
        self._tcg_depth = 0


_PLAIN_TAGS = {
    "tag:yaml.org,2002:str", "tag:yaml.org,2002:int", "tag:yaml.org,2002:float", "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:null", "tag:yaml.org,2002:map", "tag:yaml.org,2002:seq", "tag:yaml.org,2002:timestamp",
}
_TAB = re.compile(r"'\\t'|\t|\btabs?\b", re.IGNORECASE)
_RESERVED_START = re.compile(r"found character '([@`%|>])' that cannot start any token")


def _in_indentation(mark: yaml.Mark | None) -> bool:
    """Whether a YAML error mark stands in a line's leading whitespace (else: after `key:` or in a value)."""
    buffer = getattr(mark, "buffer", None)
    if mark is None or not isinstance(buffer, str):
        return True  # the usual tab problem, when we cannot tell
    start = buffer.rfind("\n", 0, mark.pointer) + 1
    return not buffer[start:mark.pointer].strip()


class _YamlDeckReader:
    def __init__(self, path: str, game: str | None) -> None:
        self.path = path
        self.game_hint = game
        self.found = _Findings(path)

    def read(self, text: str) -> Deck:
        loader: _DeckLoader | None = None
        try:
            loader = _DeckLoader(text, self.path)
            root = loader.get_single_node()
        except DeckError:
            raise
        except yaml.reader.ReaderError as exc:
            line = text[: exc.position].count("\n") + 1
            raise DeckError(self.path, f"control character #x{exc.character:04x} is not allowed in YAML", line=line,
                            code="DECK-SYNTAX") from None
        except yaml.composer.ComposerError as exc:
            raise self._yaml_error(exc, "a deck file holds one YAML document") from None
        except yaml.YAMLError as exc:
            raise self._yaml_error(exc, None) from None
        except RecursionError:
            raise DeckError(self.path, "YAML nested too deeply", code="DECK-SYNTAX") from None
        finally:
            if loader is not None:
                loader.dispose()
        if root is None:
            raise DeckError(self.path, "file holds no YAML content", code="DECK-EMPTY")
        self._check_tags(root)
        if not isinstance(root, yaml.MappingNode):
            raise DeckError(self.path, "a deck file is a YAML mapping (game:, main:, ...)",
                            line=root.start_mark.line + 1, code="DECK-SYNTAX")
        pairs = self._mapping_pairs(root)
        game_line = pairs["game"][0].start_mark.line + 1 if "game" in pairs else None
        game_value = self._scalar(pairs["game"][1]) if "game" in pairs else None
        game = _resolve_game(self.path, game_value or self.game_hint, game_line)
        if game_value and self.game_hint and get_game(self.game_hint).key != game:
            self.found.add(DeckError(self.path, f"file says game {game_value!r}, but --game {self.game_hint!r}",
                                     line=game_line, code="DECK-GAME"))
        name = _default_name(self.path)
        plan: str | None = None
        ai: tuple[str | None, int | None] = (None, None)
        sections: dict[str, tuple[DeckEntry, ...]] = {}
        section_lines: dict[str, int] = {}
        for key, (key_node, value_node) in pairs.items():
            line = key_node.start_mark.line + 1
            if key == "game":
                continue
            if key == "name":
                name = self._scalar(value_node) or name
                too_long = _name_problem(self.path, name, line, "deck name")
                if too_long:
                    self.found.add(too_long)
                    name = _default_name(self.path)
            elif key == "plan":
                plan = self._scalar(value_node)
            elif key == "ai":
                ai = (self._scalar(value_node), line)
            elif key in SECTIONS[game]:
                sections[key] = tuple(self._section(key, value_node))
                section_lines[key] = line
            elif _is_sideboard(key):  # the same rule as a `# Sideboard` heading in a text list
                self.found.warn(_sideboard_warning(self.path, line, None))
            else:
                self.found.add(_unknown_key_error(self.path, game, key, line))
        return Deck(self.path, game, name, plan, sections, tuple(self.found.problems), section_lines,
                    tuple(self.found.warnings), ai=ai[0], ai_line=ai[1])

    def _yaml_error(self, exc: yaml.YAMLError, hint: str | None) -> DeckError:
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        line = mark.line + 1 if mark is not None else None
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        suggestion = hint
        reserved = _RESERVED_START.search(problem or "")
        if problem and "mapping values are not allowed" in problem:
            suggestion = "quote card names that contain ': '"
        elif problem and _TAB.search(problem):
            # PyYAML says "found character '\t' that cannot start any token": a repr, never the word "tab"
            where = f" at column {mark.column + 1}" if mark is not None else ""
            problem = f"a tab character{where}, where YAML allows only spaces"
            suggestion = "indent with spaces, not tabs" if _in_indentation(mark) else "use spaces, not tabs"
        elif reserved:
            suggestion = f"quote card names that start with {reserved.group(1)!r}"
        return DeckError(self.path, f"YAML syntax error: {problem}", line=line, code="DECK-SYNTAX",
                         suggestion=suggestion)

    def _check_tags(self, root: yaml.Node) -> None:
        stack = [root]  # the composer bounded the node count, so this walk is bounded too
        while stack:
            node = stack.pop()
            if node.tag not in _PLAIN_TAGS:
                raise DeckError(self.path, f"YAML tag {node.tag!r} is not allowed in deck files (plain values only)",
                                line=node.start_mark.line + 1, code="DECK-SYNTAX")
            if isinstance(node, yaml.MappingNode):
                for k, v in node.value:
                    stack.extend((k, v))
            elif isinstance(node, yaml.SequenceNode):
                stack.extend(node.value)

    def _scalar(self, node: yaml.Node) -> str | None:
        if not isinstance(node, yaml.ScalarNode):
            self.found.add(DeckError(self.path, "expected a single value here", line=node.start_mark.line + 1,
                                     code="DECK-SYNTAX"))
            return None
        if node.tag == "tag:yaml.org,2002:null":
            return None
        return str(node.value).strip()

    def _mapping_pairs(self, node: yaml.MappingNode) -> dict[str, tuple[yaml.Node, yaml.Node]]:
        pairs: dict[str, tuple[yaml.Node, yaml.Node]] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                self.found.add(DeckError(self.path, "a key must be a plain name",
                                         line=key_node.start_mark.line + 1, code="DECK-SYNTAX"))
                continue
            key = str(key_node.value).strip()
            if key in pairs:
                first = pairs[key][0].start_mark.line + 1
                self.found.add(DeckError(
                    self.path, f"duplicate key {_shown(key)} (first on line {first}); YAML would silently keep only "
                    "the last", line=key_node.start_mark.line + 1, code="DECK-DUPLICATE", card=key,
                    suggestion="merge the two lines into one"))
                continue
            pairs[key] = (key_node, value_node)
        return pairs

    def _count(self, node: yaml.Node, ref: str) -> int | None:
        line = node.start_mark.line + 1
        if isinstance(node, yaml.ScalarNode) and node.style is None:
            # The text as written, whatever YAML resolved it to: `３` is a str to YAML and a count to us.
            got = parse_count(str(node.value))
            if isinstance(got, int):
                return got
            suggestion = None if got.startswith("is absurd") else "write it like `Flame: 3`"
            self.found.add(DeckError(self.path, f"count {_count_shown(str(node.value))} for {_shown(ref)} {got}",
                                     line=line, code="DECK-COUNT", card=ref, suggestion=suggestion))
            return None
        if isinstance(node, yaml.ScalarNode):  # '3' or "3": a quoted count is text
            shown, suggestion = _shown(str(node.value), _COUNT_DIGITS_SHOWN), "write the count without quotes"
        else:
            shown, suggestion = "a list or mapping", "write it like `Flame: 3`"
        self.found.add(DeckError(self.path, f"count {shown} for {_shown(ref)} is not a positive whole number",
                                 line=line, code="DECK-COUNT", card=ref, suggestion=suggestion))
        return None

    def _entry(self, entries: list[DeckEntry], ref: str, count: int, line: int) -> None:
        too_long = _name_problem(self.path, ref, line)
        if too_long:
            self.found.add(too_long)
        else:
            entries.append(DeckEntry(ref, count, line))

    def _section(self, key: str, node: yaml.Node) -> list[DeckEntry]:
        entries: list[DeckEntry] = []
        if isinstance(node, yaml.ScalarNode):
            ref = self._scalar(node)  # `hokan: H-01`, a single card
            if ref:
                self._entry(entries, ref, 1, node.start_mark.line + 1)
            return entries
        if isinstance(node, yaml.MappingNode):
            for ref, (key_node, value_node) in self._mapping_pairs(node).items():
                count = self._count(value_node, ref)
                if count is not None:
                    self._entry(entries, ref, count, key_node.start_mark.line + 1)
        elif isinstance(node, yaml.SequenceNode):
            for item in node.value:
                line = item.start_mark.line + 1
                if isinstance(item, yaml.ScalarNode):
                    entry = _parse_count_line(str(item.value))
                    if entry is None:
                        self.found.add(DeckError(self.path, f"cannot read {_shown(str(item.value))} as a card line",
                                                 line=line, code="DECK-COUNT",
                                                 suggestion='write "3 Card Name" or just "Card Name"'))
                    elif isinstance(entry, str):
                        self.found.add(DeckError(self.path, entry, line=line, code="DECK-COUNT"))
                    else:
                        self._entry(entries, entry[1], entry[0], line)
                elif (isinstance(item, yaml.MappingNode) and len(item.value) == 1
                      and isinstance(item.value[0][0], yaml.ScalarNode)):
                    ref_node, count_node = item.value[0]
                    ref = str(ref_node.value).strip()
                    count = self._count(count_node, ref)
                    if count is not None:
                        self._entry(entries, ref, count, line)
                else:
                    self.found.add(DeckError(self.path, "each item is a card line like \"3 Flame\"",
                                             line=line, code="DECK-SYNTAX"))
        if len(entries) > MAX_ENTRIES:
            raise DeckError(self.path, f"section {key!r} has {len(entries)} lines; that is not a deck",
                            code="DECK-COUNT")
        return entries


# ------------------------------------------------------------------------------------------------ plain text

# A count then the name ("3 Flame", "3x Flame", "x3 Flame") or the name then a count ("Flame x3"). The count
# token is anything that starts like a number ("3.5", "-1", "1,000"), so `parse_count` judges it instead of
# it silently becoming part of a card name. Every pattern of the text reader is linear in the line's length:
# no lazy group before a whitespace run (the old `^(.+?)\s+x(\d+)$` took 15 s on a line of 40,000 spaces).
_X = "[x×ｘＸ]"
_COUNT = r"[-+]?\d[\d.,_]*"
_LEAD_COUNT = re.compile(rf"^(?:(?P<lead>{_COUNT})\s*{_X}?|{_X}(?P<xlead>{_COUNT}))\s+(?P<name>\S.*)$",
                         re.IGNORECASE)
_TRAIL_COUNT = re.compile(rf"\s{_X}(?P<trail>{_COUNT})$", re.IGNORECASE)


def _parse_count_line(text: str) -> tuple[int, str] | str | None:
    """"3 Flame", "3x Flame", "Flame x3" or "Flame" -> (count, name); a message for a bad count."""
    text = text.strip()
    if not text:
        return None
    lead = _LEAD_COUNT.match(text)
    trail = None if lead else _TRAIL_COUNT.search(text)
    if lead:
        count_text, name = lead.group("lead") or lead.group("xlead"), lead.group("name").strip()
    elif trail:
        count_text, name = trail.group("trail"), text[: trail.start()].strip()
    else:
        return 1, text
    got = parse_count(count_text)
    if isinstance(got, str):
        return f"count {_count_shown(count_text)} for {_shown(name)} {got}"
    return got, name


_MARKER = re.compile(r"^(?:#+|/{2,})\s*")
_BRACKETED = re.compile(r"^\[([^\]]*)\](.*)$")
_CARDS_WORD = r"(?:cards?|枚)"
# A count after a label: "(48)", "(48 cards)", "(48枚)", "- 49 cards", ": 49 cards", "49". At most three digits:
# "built 1999" is not a heading with a count. Searched in the last _HEADING_TAIL characters only, so a long
# line costs nothing.
_HEADING_COUNT = re.compile(
    rf"(?:\(\s*(?P<paren>\d{{1,3}})\s*{_CARDS_WORD}?\s*\)|(?:[-–—:]\s*|\s)(?P<bare>\d{{1,3}})"
    rf"(?:\s*(?P<word>{_CARDS_WORD}))?)\s*:?\s*$", re.IGNORECASE)
_HEADING_TAIL = 32
_MAX_LABEL = 60  # three words of a heading; longer is a comment, and the label pattern never sees it
_WORD = r"[^\W\d_]+(?:['’&/・-][^\W\d_]+)*"  # letters of any script, no digits
_LABEL = re.compile(rf"{_WORD}(?: {_WORD}){{0,2}}")
_LABEL_TAIL = re.compile(r"(?: (?:cards?|deck)|カード|デッキ)$")


@dataclass(frozen=True, slots=True)
class _Heading:
    label: str  # as written (NFKC), for messages
    marked: bool  # had a #, // or [...] marker
    count: int | None  # the count it declares, "(48)"
    says_cards: bool  # the count says "cards" or 枚
    colon: bool  # ends with ':'


def _label_key(label: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", label).casefold().split())


def _label_lookup(label: str) -> tuple[str, str | None]:
    """("section", key) for a section word, ("sideboard", None), or ("unknown", None)."""
    key = _label_key(label)
    for word in (key, _LABEL_TAIL.sub("", key)):
        if word in _SECTION_WORDS:
            return "section", _SECTION_WORDS[word]
        if word in _SIDEBOARD_WORDS:
            return "sideboard", None
    return "unknown", None


def _heading(line: str) -> _Heading | None:
    """The heading a line has the shape of (see the module docstring), else None; what it names is not
    decided here."""
    s = unicodedata.normalize("NFKC", line).strip()
    marked = False
    m = _MARKER.match(s)
    if m:
        s, marked = s[m.end():], True
    b = _BRACKETED.match(s)
    if b:
        s, marked = f"{b.group(1).strip()} {b.group(2).strip()}".strip(), True
    colon = s.endswith(":")
    s = s.rstrip(":").rstrip()
    count: int | None = None
    says_cards = False
    cut = max(0, len(s) - _HEADING_TAIL)
    c = _HEADING_COUNT.search(s, cut)
    if c and c.start() > 0:
        number = parse_count(c.group("paren") or c.group("bare") or "")
        count = number if isinstance(number, int) else None
        says_cards = bool(c.group("word")) or bool(re.search(_CARDS_WORD, c.group(0), re.IGNORECASE))
        s = s[: c.start()].rstrip()
        colon = colon or s.endswith(":")
        s = s.rstrip(":").rstrip()
    label = " ".join(s.split())
    if len(label) > _MAX_LABEL or not _LABEL.fullmatch(label):
        return None
    return _Heading(label, marked, count, says_cards, colon)


def _split_lines(text: str) -> list[str]:
    """Lines as editors count them (and as YAML's marks do for deck files): str.splitlines would also break at
    form feeds, U+2028 and other separators, and every line number after one would be off."""
    return re.split(r"\r\n|\r|\n", text)


def _classify(line: str) -> tuple[str, _Heading | None]:
    """What a stripped line of a text list is: "heading" (with what it says), "comment", "odd-colon" (ends with
    ':' without a label's shape: always read as a heading, so an unknown one) or "card"."""
    heading = _heading(line)
    if heading is not None:
        kind, _key = _label_lookup(heading.label)
        # Unmarked, a label-shaped line is a card name ("Hero") unless it names a section or says it is one.
        if heading.marked or kind != "unknown" or heading.colon or heading.says_cards:
            return "heading", heading
    if _MARKER.match(unicodedata.normalize("NFKC", line)):
        return "comment", None
    if line.endswith(":"):
        return "odd-colon", None
    return "card", None


@dataclass(slots=True)
class _Block:
    """The lines under one heading: where their cards go, and what to say when the block ends."""

    kind: str  # "section", "sideboard" or "unknown"
    section: str | None  # where its cards go; None: read, not counted
    line: int | None = None
    heading: _Heading | None = None
    cards: int = 0


_META_LINE = re.compile(r"^\s*(?:#+|//)?\s*(game|name|plan|ai)\s*:(.*)$", re.IGNORECASE)  # the value is stripped
_META_START = re.compile(r"^\s*(?:#+|//)?\s*(game|name|plan|ai)\s*:", re.IGNORECASE)


class _TextDeckReader:
    """Plain lists people paste: `game: mana`, then headings (`# main`, `Main Deck (48)`, `[Characters]`, see
    the module docstring) and `3 Card` lines."""

    def __init__(self, path: str, game: str | None) -> None:
        self.path = path
        self.game_hint = game
        self.found = _Findings(path)
        self.sections: dict[str, list[DeckEntry]] = {}
        self.section_lines: dict[str, int] = {}
        self.card_lines = 0

    def read(self, text: str) -> Deck:
        usable: list[tuple[int, str]] = []
        for number, raw in enumerate(_split_lines(text), start=1):
            problem = _text_problem(raw)
            if problem is not None:
                self.found.add(DeckError(self.path, f"line {problem[1]}", line=number, code=problem[0],
                                         suggestion=problem[2]))
            elif raw.strip():
                usable.append((number, raw))
        meta: dict[str, tuple[str, int]] = {}
        for number, raw in usable:
            m = _META_LINE.match(raw)
            if m and m.group(2).strip() and m.group(1).lower() not in meta:
                meta[m.group(1).lower()] = (m.group(2).strip(), number)
        game_value, game_line = meta.get("game", (None, None))
        game = _resolve_game(self.path, game_value or self.game_hint, game_line)
        block = _Block("section", "main")  # cards before any heading are the main deck
        for number, raw in usable:
            if _META_START.match(raw):
                continue
            line = raw.strip()
            kind, heading = _classify(line)
            if kind == "comment":
                continue
            if kind == "card":
                self._card_line(line, number, block)
                continue
            self._close(block)
            if heading is None:  # "odd-colon"
                self.found.add(_unknown_key_error(self.path, game, line[:-1].strip(), number))
                block = _Block("unknown", None, number)
            else:
                block = self._open(game, heading, number)
        self._close(block)
        name = meta["name"][0] if "name" in meta else _default_name(self.path)
        too_long = _name_problem(self.path, name, meta["name"][1] if "name" in meta else None, "deck name")
        if too_long:
            self.found.add(too_long)
            name = _default_name(self.path)
        plan = meta["plan"][0] if "plan" in meta else None
        ai, ai_line = meta.get("ai", (None, None))
        return Deck(self.path, game, name, plan, {k: tuple(v) for k, v in self.sections.items()},
                    tuple(self.found.problems), self.section_lines, tuple(self.found.warnings), ai=ai,
                    ai_line=ai_line)

    def _open(self, game: str, heading: _Heading, number: int) -> _Block:
        kind, key = _label_lookup(heading.label)
        if kind == "section" and key in SECTIONS[game]:
            self.section_lines.setdefault(key, number)
            return _Block("section", key, number, heading)
        if kind == "sideboard":
            return _Block("sideboard", None, number, heading)
        # Its cards belong nowhere we know: counting them in the section above is how a sideboard used to be
        # played as the character deck.
        self.found.add(self._unknown_heading(game, heading.label, key, number, heading.marked))
        return _Block("unknown", None, number, heading)

    def _close(self, block: _Block) -> None:
        if block.line is None:
            return
        if block.kind == "sideboard":
            self.found.warn(_sideboard_warning(self.path, block.line, block.cards))
        elif block.kind == "section" and block.heading is not None and block.heading.count is not None \
                and block.heading.count != block.cards:
            n = block.cards
            self.found.warn(DeckError(
                self.path, f"heading {block.heading.label!r} says {_cards(block.heading.count)}, but {n} "
                f"{'is' if n == 1 else 'are'} listed under it", line=block.line, code="DECK-HEADING-COUNT",
                suggestion="a line under it may not have been read as a card line"))

    def _card_line(self, line: str, number: int, block: _Block) -> None:
        self.card_lines += 1
        if self.card_lines > MAX_ENTRIES:
            raise DeckError(self.path, f"more than {MAX_ENTRIES} card lines; that is not a deck", code="DECK-COUNT")
        entry = _parse_count_line(line)
        if entry is None:
            return
        if isinstance(entry, str):
            if block.section is not None:  # a sideboard's typos are not ours to report
                self.found.add(DeckError(self.path, entry, line=number, code="DECK-COUNT"))
            return
        block.cards += entry[0]
        if block.section is None:
            return
        too_long = _name_problem(self.path, entry[1], number)
        if too_long:
            self.found.add(too_long)
            return
        self.sections.setdefault(block.section, []).append(DeckEntry(entry[1], entry[0], number))
        self.section_lines.setdefault(block.section, number)

    def _unknown_heading(self, game: str, label: str, other_game_key: str | None, line: int,
                         marked: bool) -> DeckError:
        own = SECTIONS[game]
        known = f"{game} headings: {', '.join(own)}, sideboard (ignored)"
        if other_game_key is not None:  # `# battle` in a mana deck: a real section, of another game
            return DeckError(self.path, f"heading {_shown(label)} names a section {game} decks do not have; {known}",
                             line=line, code="DECK-KEY")
        words = sorted({w for w, k in _SECTION_WORDS.items() if k in own} | _SIDEBOARD_WORDS)
        close = difflib.get_close_matches(_label_key(label), words, n=1, cutoff=0.6)
        if close:
            suggestion: str | None = f"did you mean {close[0]!r}?"
        elif marked:
            suggestion = "a comment of one to three words reads as a heading: end it with a full stop"
        else:
            suggestion = None
        return DeckError(self.path, f"unknown heading {_shown(label)}; {known}", line=line, code="DECK-KEY",
                         suggestion=suggestion)


_CARD_LISTS: dict[tuple[object, ...], dict[str, list[str]]] = {}
on_pool_change(_CARD_LISTS.clear)  # a name may mean another card once user card files change the pool


def card_lists(deck: Deck, pool: CardPool) -> dict[str, list[str]]:
    """`expand_deck`, memoised by the deck's content: batch runs build thousands of games from a few decks.
    The lists are shared: do not modify them."""
    key = (pool.game, tuple((k, tuple((e.ref, e.count) for e in v)) for k, v in deck.sections.items()))
    found = _CARD_LISTS.get(key)
    if found is None:
        if len(_CARD_LISTS) > 256:
            _CARD_LISTS.clear()
        found = _CARD_LISTS[key] = expand_deck(deck, pool)
    return found


def expand_deck(deck: Deck, pool: CardPool) -> dict[str, list[str]]:
    """Card ids per section, one entry per copy, in file order. Unknown cards raise DeckError: games are only
    built from decks that validate (the CLI validates first and reports every problem)."""
    out: dict[str, list[str]] = {}
    for key, entries in deck.sections.items():
        ids = out.setdefault(key, [])
        for entry in entries:
            card = pool.lookup(entry.ref)
            if card is None:
                raise DeckError(deck.path, f"no card {entry.ref!r} in the {pool.game} pool", line=entry.line,
                                code="DECK-UNKNOWN-CARD", card=entry.ref)
            ids.extend([card.id] * entry.count)
    return out
