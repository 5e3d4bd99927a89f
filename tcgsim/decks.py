"""Deck files: YAML (the contract of DESIGN.md) or plain text lists, read defensively.

Reading never raises on bad content: a file that cannot be read at all gives a `DeckError` (file, line, what,
suggestion); problems in single lines (a count that is not a positive integer, a duplicate key) are collected
on the `Deck` so the validator can report every problem of a file at once. Card references stay as written
here; resolving them against a card pool is the validator's job.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from tcgsim.cards import CardPool
from tcgsim.games import GAMES, UnknownGame, get_game

__all__ = ["Deck", "DeckEntry", "DeckError", "read_deck", "parse_deck_text", "card_lists", "expand_deck",
           "MAX_FILE_BYTES", "MAX_COUNT"]

MAX_FILE_BYTES = 1 << 20  # a deck list is a few hundred bytes; anything past 1 MiB is not a deck
MAX_COUNT = 999  # past this a count is a typo (or an attack), not a deck
MAX_ENTRIES = 2000

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
    "deck": "main",
    "メインデッキ": "main",
    "characters": "characters",
    "character": "characters",
    "character deck": "characters",
    "キャラクターデッキ": "characters",
    "battle": "battle",
    "battle deck": "battle",
    "バトルデッキ": "battle",
    "stock": "stock",
    "card stock": "stock",
    "カード在庫": "stock",
    "hokan": "hokan",
    "補完": "hokan",
    "補完カード": "hokan",
    "instrumentality": "hokan",
}
_META_KEYS = ("game", "name", "plan")


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
    problems: tuple[DeckError, ...] = ()  # line-level problems found while reading
    section_lines: Mapping[str, int] = field(default_factory=dict)

    def entries(self, section: str) -> tuple[DeckEntry, ...]:
        return self.sections.get(section, ())

    def size(self, section: str) -> int:
        return sum(e.count for e in self.entries(section))


# --------------------------------------------------------------------------------------------------- reading


def read_deck(path: str | Path, game: str | None = None) -> Deck:
    """Read one deck file. Raises DeckError only when nothing useful can be read from it."""
    p = Path(path)
    shown = str(path)
    try:
        if p.is_dir():
            raise DeckError(shown, "is a folder, not a deck file", code="DECK-READ")
        size = p.stat().st_size
        if size > MAX_FILE_BYTES:
            raise DeckError(shown, f"file is {size:,} bytes; a deck file is at most {MAX_FILE_BYTES:,}",
                            code="DECK-READ")
        raw = p.read_bytes()
    except FileNotFoundError:
        raise DeckError(shown, "no such file", code="DECK-READ") from None
    except PermissionError:
        raise DeckError(shown, "permission denied", code="DECK-READ") from None
    except OSError as exc:
        raise DeckError(shown, f"cannot read: {exc.strerror or exc}", code="DECK-READ") from None
    text = decode_deck_bytes(shown, raw)
    return parse_deck_text(text, shown, game=game, fmt=_format_of(p, text))


def decode_deck_bytes(path: str, raw: bytes) -> str:
    if not raw.strip():
        raise DeckError(path, "file is empty", code="DECK-EMPTY",
                        suggestion="a deck needs at least 'game:' and 'main:'")
    if b"\x00" in raw:
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
    try:
        return get_game(given).key
    except UnknownGame as exc:
        raise DeckError(path, str(exc), line=line, code="DECK-GAME") from None


def _section_key(game: str, word: str) -> str | None:
    key = _SECTION_WORDS.get(word.strip().lower())
    return key if key in SECTIONS[game] else None


def _unknown_key_error(path: str, game: str, key: str, line: int) -> DeckError:
    allowed = [*_META_KEYS, *SECTIONS[game]]
    close = difflib.get_close_matches(key.lower(), allowed, n=1, cutoff=0.5)
    return DeckError(path, f"unknown key {key!r} for a {game} deck (keys: {', '.join(allowed)})", line=line,
                     code="DECK-KEY", suggestion=f"did you mean {close[0]!r}?" if close else None)


class _NoAliasComposer(yaml.composer.Composer):
    """Deck files never need anchors or aliases; refusing them closes the 'billion laughs' door."""

    def compose_node(self, parent, index):  # type: ignore[no-untyped-def]
        if self.check_event(yaml.events.AliasEvent):
            event = self.peek_event()
            raise DeckError(self._tcg_path, "YAML aliases (*name) are not allowed in deck files",
                            line=event.start_mark.line + 1, code="DECK-SYNTAX")
        event = self.peek_event()
        if getattr(event, "anchor", None):
            raise DeckError(self._tcg_path, "YAML anchors (&name) are not allowed in deck files",
                            line=event.start_mark.line + 1, code="DECK-SYNTAX")
        return super().compose_node(parent, index)


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


_PLAIN_TAGS = {
    "tag:yaml.org,2002:str", "tag:yaml.org,2002:int", "tag:yaml.org,2002:float", "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:null", "tag:yaml.org,2002:map", "tag:yaml.org,2002:seq", "tag:yaml.org,2002:timestamp",
}


class _YamlDeckReader:
    def __init__(self, path: str, game: str | None) -> None:
        self.path = path
        self.game_hint = game
        self.problems: list[DeckError] = []

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
            self.problems.append(DeckError(self.path, f"file says game {game_value!r}, but --game {self.game_hint!r}",
                                           line=game_line, code="DECK-GAME"))
        name = _default_name(self.path)
        plan: str | None = None
        sections: dict[str, tuple[DeckEntry, ...]] = {}
        section_lines: dict[str, int] = {}
        for key, (key_node, value_node) in pairs.items():
            line = key_node.start_mark.line + 1
            if key == "game":
                continue
            if key == "name":
                name = self._scalar(value_node) or name
            elif key == "plan":
                plan = self._scalar(value_node)
            elif key in SECTIONS[game]:
                sections[key] = tuple(self._section(key, value_node))
                section_lines[key] = line
            else:
                self.problems.append(_unknown_key_error(self.path, game, key, line))
        return Deck(self.path, game, name, plan, sections, tuple(self.problems), section_lines)

    def _yaml_error(self, exc: yaml.YAMLError, hint: str | None) -> DeckError:
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        line = mark.line + 1 if mark is not None else None
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        suggestion = hint
        if problem and "mapping values are not allowed" in problem:
            suggestion = "quote card names that contain ': '"
        elif problem and "tab" in problem:
            suggestion = "indent with spaces, not tabs"
        return DeckError(self.path, f"YAML syntax error: {problem}", line=line, code="DECK-SYNTAX",
                         suggestion=suggestion)

    def _check_tags(self, root: yaml.Node) -> None:
        stack = [root]
        count = 0
        while stack:
            node = stack.pop()
            count += 1
            if count > 50_000:
                raise DeckError(self.path, "too many YAML nodes for a deck file", code="DECK-SYNTAX")
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
            self.problems.append(DeckError(self.path, "expected a single value here", line=node.start_mark.line + 1,
                                           code="DECK-SYNTAX"))
            return None
        if node.tag == "tag:yaml.org,2002:null":
            return None
        return str(node.value).strip()

    def _mapping_pairs(self, node: yaml.MappingNode) -> dict[str, tuple[yaml.Node, yaml.Node]]:
        pairs: dict[str, tuple[yaml.Node, yaml.Node]] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                self.problems.append(DeckError(self.path, "a key must be a plain name",
                                               line=key_node.start_mark.line + 1, code="DECK-SYNTAX"))
                continue
            key = str(key_node.value).strip()
            if key in pairs:
                first = pairs[key][0].start_mark.line + 1
                self.problems.append(DeckError(
                    self.path, f"duplicate key {key!r} (first on line {first}); YAML would silently keep only the last",
                    line=key_node.start_mark.line + 1, code="DECK-DUPLICATE", card=key,
                    suggestion="merge the two lines into one"))
                continue
            pairs[key] = (key_node, value_node)
        return pairs

    def _count(self, node: yaml.Node, ref: str) -> int | None:
        line = node.start_mark.line + 1
        raw = node.value if isinstance(node, yaml.ScalarNode) else None
        if isinstance(node, yaml.ScalarNode) and node.tag == "tag:yaml.org,2002:int":
            try:
                value = int(str(raw).replace("_", ""), 0)
            except ValueError:
                value = None
            if value is not None and 0 < value <= MAX_COUNT:
                return value
            if value is not None and value > MAX_COUNT:
                self.problems.append(DeckError(self.path, f"count {value} for {ref!r} is absurd (at most {MAX_COUNT})",
                                               line=line, code="DECK-COUNT", card=ref))
                return None
        shown = raw if raw is not None else "a list or mapping"
        self.problems.append(DeckError(self.path, f"count {shown!r} for {ref!r} is not a positive whole number",
                                       line=line, code="DECK-COUNT", card=ref,
                                       suggestion="write it like `Flame: 3`"))
        return None

    def _section(self, key: str, node: yaml.Node) -> list[DeckEntry]:
        entries: list[DeckEntry] = []
        if isinstance(node, yaml.ScalarNode):
            ref = self._scalar(node)  # `hokan: H-01`, a single card
            if ref:
                entries.append(DeckEntry(ref, 1, node.start_mark.line + 1))
            return entries
        if isinstance(node, yaml.MappingNode):
            for ref, (key_node, value_node) in self._mapping_pairs(node).items():
                count = self._count(value_node, ref)
                if count is not None:
                    entries.append(DeckEntry(ref, count, key_node.start_mark.line + 1))
        elif isinstance(node, yaml.SequenceNode):
            for item in node.value:
                line = item.start_mark.line + 1
                if isinstance(item, yaml.ScalarNode):
                    entry = _parse_count_line(str(item.value))
                    if entry is None:
                        self.problems.append(DeckError(self.path, f"cannot read {item.value!r} as a card line",
                                                       line=line, code="DECK-COUNT",
                                                       suggestion='write "3 Card Name" or just "Card Name"'))
                    elif isinstance(entry, str):
                        self.problems.append(DeckError(self.path, entry, line=line, code="DECK-COUNT"))
                    else:
                        entries.append(DeckEntry(entry[1], entry[0], line))
                elif isinstance(item, yaml.MappingNode) and len(item.value) == 1:
                    ref_node, count_node = item.value[0]
                    ref = str(ref_node.value)
                    count = self._count(count_node, ref)
                    if count is not None:
                        entries.append(DeckEntry(ref, count, line))
                else:
                    self.problems.append(DeckError(self.path, "each item is a card line like \"3 Flame\"",
                                                   line=line, code="DECK-SYNTAX"))
        if len(entries) > MAX_ENTRIES:
            raise DeckError(self.path, f"section {key!r} has {len(entries)} lines; that is not a deck",
                            code="DECK-COUNT")
        return entries


_COUNT_LINE = re.compile(r"^\s*(?:(\d+)\s*[x×]?\s+|[x×]?(\d+)\s+)(.+?)\s*$|^\s*(.+?)\s+[x×](\d+)\s*$", re.IGNORECASE)


def _parse_count_line(text: str) -> tuple[int, str] | str | None:
    """"3 Flame", "3x Flame", "Flame x3" or "Flame" -> (count, name); a message for a bad count."""
    text = text.strip()
    if not text:
        return None
    m = _COUNT_LINE.match(text)
    if m:
        count_text = m.group(1) or m.group(2) or m.group(5)
        name = (m.group(3) or m.group(4) or "").strip()
        count = int(count_text)
        if count <= 0:
            return f"count {count} for {name!r} is not positive"
        if count > MAX_COUNT:
            return f"count {count} for {name!r} is absurd (at most {MAX_COUNT})"
        return count, name
    if re.match(r"^-\d+\s", text):
        return f"count in {text!r} is not positive"
    return 1, text


class _TextDeckReader:
    """Plain lists people paste: `game: mana`, then `# main` / `# characters` headings and `3 Card` lines."""

    def __init__(self, path: str, game: str | None) -> None:
        self.path = path
        self.game_hint = game

    def read(self, text: str) -> Deck:
        meta: dict[str, tuple[str, int]] = {}
        lines = text.splitlines()
        for number, raw in enumerate(lines, start=1):
            m = re.match(r"^\s*(?:#+|//)?\s*(game|name|plan)\s*:\s*(.+?)\s*$", raw, re.IGNORECASE)
            if m and m.group(1).lower() not in meta:
                meta[m.group(1).lower()] = (m.group(2), number)
        game_value, game_line = meta.get("game", (None, None))
        game = _resolve_game(self.path, game_value or self.game_hint, game_line)
        problems: list[DeckError] = []
        sections: dict[str, list[DeckEntry]] = {}
        section_lines: dict[str, int] = {}
        current = "main"
        for number, raw in enumerate(lines, start=1):
            stripped = raw.strip()
            if not stripped or re.match(r"^\s*(?:#+|//)?\s*(game|name|plan)\s*:", raw, re.IGNORECASE):
                continue
            heading = re.match(r"^(?:#+|//|\[)\s*([^\]\d][^\]]*?)\s*(?:\]|:)?\s*(?:\(\d+\))?\s*$", stripped)
            if heading or stripped.endswith(":"):
                word = (heading.group(1) if heading else stripped[:-1]).strip()
                key = _section_key(game, word)
                if key:
                    current = key
                    section_lines.setdefault(key, number)
                elif not stripped.startswith(("#", "//")):
                    problems.append(_unknown_key_error(self.path, game, word, number))
                continue  # any other comment line
            entry = _parse_count_line(stripped)
            if entry is None:
                continue
            if isinstance(entry, str):
                problems.append(DeckError(self.path, entry, line=number, code="DECK-COUNT"))
                continue
            sections.setdefault(current, []).append(DeckEntry(entry[1], entry[0], number))
            section_lines.setdefault(current, number)
            if sum(len(v) for v in sections.values()) > MAX_ENTRIES:
                raise DeckError(self.path, f"more than {MAX_ENTRIES} card lines; that is not a deck", code="DECK-COUNT")
        name = meta["name"][0] if "name" in meta else _default_name(self.path)
        plan = meta["plan"][0] if "plan" in meta else None
        return Deck(self.path, game, name, plan, {k: tuple(v) for k, v in sections.items()}, tuple(problems),
                    section_lines)


_CARD_LISTS: dict[tuple[object, ...], dict[str, list[str]]] = {}


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
