"""The cards players own: card files that add cards to a game's pool or replace some of its cards.

A card file is YAML in the schema of carddb/<game>/cards.yaml with the game named at the top:

    game: mana
    cards:
      - {id: MY-001, name: Ember Drake, type: monster, stats: {...}, effects: [...]}

`--cards FILE_OR_DIR` (or $TCGSIM_CARDS) names one such file or a folder of them (every *.yaml / *.yml in it,
in name order). The merge rule: a card whose id is already in the pool **replaces** that card and keeps its id
(so decks naming it play the new version); any other id **adds** a card. An id given twice in the user's files,
or a new card whose name is already another card's name, is refused (CARD-ID): decks name cards by name, so
two cards of one name would make a deck ambiguous.

The files travel as text inside `UserCards` (read once, by the process that parses the command line): a
worker process, spawned or on a Dask cluster, gets the same bytes through the run's config and never reads the
user's disk, so every worker plays with the same pool. `check_files` finds every problem of the files at once,
each with file:line, a stable code and a suggestion where one exists (`tcgsim cards check`).
"""

from __future__ import annotations

import difflib
import hashlib
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from tcgsim.cards import _COMMON_KEYS, Card, CardDataError, CardPool, CopyLimits, card_from_mapping, normalize_name

__all__ = ["CardFile", "UserCards", "CardProblem", "UserCardsError", "read_user_cards", "check_files",
           "merge_pool", "FILE_KEYS", "CARD_SUFFIXES"]

CARD_SUFFIXES = (".yaml", ".yml")
FILE_KEYS = ("game", "cards")  # the top level of a card file


class UserCardsError(ValueError):
    """User card files that cannot be used: the problems, each one line."""

    def __init__(self, problems: Sequence[CardProblem]) -> None:
        self.problems = list(problems)
        super().__init__("; ".join(p.line_text() for p in self.problems[:3])
                         + (f" (and {len(self.problems) - 3} more)" if len(self.problems) > 3 else ""))


@dataclass(frozen=True)
class CardFile:
    """One user card file as read: its path as the user gave it, and its text (what the pool is built from)."""

    path: str
    text: str

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.text.encode("utf-8")).hexdigest()

    @property
    def name(self) -> str:
        return Path(self.path).name


@dataclass(frozen=True)
class UserCards:
    """The user's card files of a run or command (empty: the bundled pools alone)."""

    files: tuple[CardFile, ...] = ()
    source: str = ""  # the file or folder they were read from (--cards SOURCE), for the run's command line

    def __bool__(self) -> bool:
        return bool(self.files)

    def merged(self, pool: CardPool, limits: CopyLimits) -> CardPool:
        """`pool` with these files' cards of its game merged in (tcgsim.cards.CardOverlay)."""
        return merge_pool(pool, self, limits)

    def for_game(self, game: str) -> tuple[CardFile, ...]:
        """The files that name `game` (a file that cannot be parsed names none)."""
        return tuple(f for f in self.files if _file_game(f) == game)


@dataclass(frozen=True)
class CardProblem:
    """One problem of a card file: where, a stable code, what is wrong, and a suggestion if there is one."""

    path: str
    line: int | None
    code: str
    message: str
    card: str | None = None

    def line_text(self) -> str:
        where = f"{self.path}:{self.line}" if self.line else self.path
        return f"{where}: {self.code}: {self.message}"

    def to_json(self) -> dict[str, Any]:
        return {"path": self.path, "line": self.line, "code": self.code, "message": self.message, "card": self.card}


# ------------------------------------------------------------------------------------------------- reading


def read_user_cards(source: str | Path) -> UserCards:
    """The card files at `source`: one file, or every *.yaml / *.yml of a folder (name order). A path that
    does not exist or cannot be read is a UserCardsError (one line, CARD-FILE)."""
    path = Path(source)
    if path.is_dir():
        paths = sorted(p for p in path.iterdir() if p.suffix.lower() in CARD_SUFFIXES and p.is_file())
        if not paths:
            raise UserCardsError([CardProblem(str(path), None, "CARD-FILE",
                                              "this folder holds no .yaml card files")])
    elif path.is_file():
        paths = [path]
    else:
        raise UserCardsError([CardProblem(str(path), None, "CARD-FILE", "no such file or folder")])
    files = []
    problems = []
    for p in paths:
        try:
            files.append(CardFile(str(p), p.read_bytes().decode("utf-8")))
        except UnicodeDecodeError as exc:
            problems.append(CardProblem(str(p), None, "CARD-FILE", f"not UTF-8 text ({exc.reason}); save it as "
                                        "UTF-8"))
        except OSError as exc:
            problems.append(CardProblem(str(p), None, "CARD-FILE", f"cannot read it ({exc.strerror})"))
    if problems:
        raise UserCardsError(problems)
    return UserCards(tuple(files), str(source))


def _file_game(card_file: CardFile) -> str | None:
    parsed = _parse(card_file)
    if parsed is None or not isinstance(parsed.data, Mapping):
        return None
    game = parsed.data.get("game")
    if not isinstance(game, str):
        return None
    from tcgsim.games import UnknownGame, get_game

    try:
        return get_game(game).key
    except UnknownGame:
        return None


@dataclass
class _Parsed:
    """A card file's data and the line of every key and list item in it (by path of keys and indices)."""

    data: Any
    lines: dict[tuple[Any, ...], int] = field(default_factory=dict)

    def line(self, *path: Any) -> int | None:
        """The line of the longest prefix of `path` the file has."""
        for n in range(len(path), -1, -1):
            found = self.lines.get(tuple(path[:n]))
            if found is not None:
                return found
        return None


def _walk(node: yaml.Node, path: tuple[Any, ...], lines: dict[tuple[Any, ...], int]) -> None:
    lines.setdefault(path, node.start_mark.line + 1)
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            if isinstance(key, yaml.ScalarNode):
                lines.setdefault((*path, key.value), key.start_mark.line + 1)
                _walk(value, (*path, key.value), lines)
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            _walk(item, (*path, i), lines)


_PARSED: dict[str, _Parsed | None] = {}  # by the file's text: parsed once per process


def _parse(card_file: CardFile) -> _Parsed | None:
    """The file's data with its lines, or None when it is not YAML (check_files says where)."""
    if card_file.text in _PARSED:
        return _PARSED[card_file.text]
    try:
        node = yaml.compose(card_file.text, Loader=yaml.SafeLoader)
        data = yaml.safe_load(card_file.text)
    except yaml.YAMLError:
        parsed = None
    else:
        parsed = _Parsed(data)
        if node is not None:
            _walk(node, (), parsed.lines)
    _PARSED[card_file.text] = parsed
    return parsed


# ------------------------------------------------------------------------------------------------ checking


def _close(word: str, known: Sequence[str]) -> str:
    """"; did you mean 'x'?" for the nearest known word (difflib), or nothing."""
    found = difflib.get_close_matches(str(word), list(known), n=1, cutoff=0.5)
    return f"; did you mean {found[0]!r}?" if found else ""


@dataclass(frozen=True)
class _Schema:
    """What a game's cards may say (from games/<game>/cards.py: the fields its build_card reads)."""

    stat_fields: Mapping[str, tuple[type, ...]]  # stats key -> the YAML types it may hold
    effect_places: Sequence[tuple[str, ...]]  # where effects are: ("effects",) or ("stats", "effect")
    verb_key: str  # the key naming an effect's verb: "do" (mana) or "verb"
    verbs: Sequence[str]
    effect_keys: Sequence[str]
    refs: Sequence[str]  # stats keys that name other cards by id (godzilla's evolution)
    signed: Sequence[str]  # stats numbers that may be below 0 (modifiers); every other printed number is 0 or more
    choices: Mapping[str, Sequence[str]]  # stats fields with a closed vocabulary: the words they may hold


def _schema(game: str) -> _Schema:
    from tcgsim.games import get_game

    module = get_game(game).module("cards")
    return _Schema(module.STAT_FIELDS, module.EFFECT_PLACES, module.VERB_KEY, tuple(module.EFFECT_VERBS),
                   tuple(module.EFFECT_KEYS), tuple(getattr(module, "CARD_REFS", ())),
                   tuple(getattr(module, "SIGNED_FIELDS", ())), getattr(module, "STAT_CHOICES", {}))


def _effect_lists(raw: Mapping[str, Any], schema: _Schema) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """Every effect mapping of a card with its path inside the card: the places the game reads effects from,
    and (godzilla) those of each combat ability and of a battle card's reverse side."""
    places: list[tuple[Any, ...]] = list(schema.effect_places)
    stats: Mapping[str, Any] = raw["stats"] if isinstance(raw.get("stats"), Mapping) else {}
    for i, ability in enumerate(stats.get("abilities") or ()):
        if isinstance(ability, Mapping) and "effect" in ability:
            places.append(("stats", "abilities", i, "effect"))
    if isinstance(stats.get("reverse"), Mapping) and "effect" in stats["reverse"]:
        places.append(("stats", "reverse", "effect"))
    for place in places:
        value: Any = raw
        for step in place:
            value = value.get(step) if isinstance(value, Mapping) else (
                value[step] if isinstance(value, list) and isinstance(step, int) and step < len(value) else None)
        if value is None:
            continue
        items = value if isinstance(value, list) else [value]
        for j, item in enumerate(items):
            yield ((*place, j) if isinstance(value, list) else place), item


def _type_name(types: tuple[type, ...]) -> str:
    names = {int: "a whole number", bool: "true or false", str: "text", list: "a list", dict: "a mapping",
             type(None): "empty"}
    return " or ".join(names.get(t, t.__name__) for t in types)


def _check_card(game: str, raw: Any, i: int, parsed: _Parsed, path: str, schema: _Schema,
                limits: CopyLimits, card_types: Sequence[str]) -> list[CardProblem]:
    base = ("cards", i)
    out: list[CardProblem] = []

    def add(code: str, message: str, *where: Any, card: str | None = None) -> None:
        out.append(CardProblem(path, parsed.line(*base, *where), code, message, card))

    if not isinstance(raw, Mapping):
        add("CARD-VALUE", f"card #{i + 1} is not a mapping of fields (id: ..., name: ..., type: ...)")
        return out
    card_id = str(raw.get("id")) if raw.get("id") is not None else None
    for key in ("id", "name", "type"):
        if raw.get(key) in (None, ""):
            add("CARD-FIELD", f"card #{i + 1} has no {key}", card=card_id)
    for key in raw:
        if key in _COMMON_KEYS:
            continue
        hint = (f"; {key} is a stats field: put it under stats:" if key in schema.stat_fields
                else _close(key, sorted(_COMMON_KEYS)))
        add("CARD-FIELD", f"unknown card field {key!r}{hint}", key, card=card_id)
    if raw.get("type") not in (None, "") and raw.get("type") not in card_types:
        add("CARD-VALUE", f"type {raw.get('type')!r} is not a {game} card type ({', '.join(card_types)})"
            f"{_close(str(raw.get('type')), card_types)}", "type", card=card_id)
    for key in ("unique", "unlimited", "city"):
        if key in raw and not isinstance(raw[key], bool):
            add("CARD-VALUE", f"{key} must be true or false, not {raw[key]!r}", key, card=card_id)
    stats = raw.get("stats")
    if stats is not None and not isinstance(stats, Mapping):
        add("CARD-VALUE", "stats must be a mapping of printed values (cost: 3, ...)", "stats", card=card_id)
        stats = None
    for key, value in (stats or {}).items():
        types = schema.stat_fields.get(str(key))
        if types is None:
            add("CARD-FIELD", f"unknown stats field {key!r} for {game}{_close(key, sorted(schema.stat_fields))}",
                "stats", key, card=card_id)
        elif value is not None and (not isinstance(value, types) or (isinstance(value, bool) and bool not in types)):
            add("CARD-VALUE", f"stats {key} must be {_type_name(types)}, not {value!r}", "stats", key, card=card_id)
        elif isinstance(value, int) and not isinstance(value, bool) and value < 0 and key not in schema.signed:
            add("CARD-VALUE", f"stats {key} is {value}; printed numbers are 0 or more", "stats", key, card=card_id)
        elif str(key) in schema.choices and value is not None:
            words = schema.choices[str(key)]
            for j, word in enumerate(value if isinstance(value, list) else [value]):
                if str(word) not in words:
                    place = ("stats", key, j) if isinstance(value, list) else ("stats", key)
                    add("CARD-VALUE", f"stats {key} {word!r} is not one {game} knows ({', '.join(words)})"
                        f"{_close(str(word), words)}", *place, card=card_id)
    for where, effect in _effect_lists(raw, schema):
        if not isinstance(effect, Mapping):
            add("CARD-EFFECT", f"an effect must be a mapping ({schema.verb_key}: ...), not {effect!r}", *where,
                card=card_id)
            continue
        verb = effect.get(schema.verb_key)
        if verb is None:
            add("CARD-EFFECT", f"an effect has no {schema.verb_key!r} (the verb that says what it does)", *where,
                card=card_id)
        elif str(verb) not in schema.verbs:
            add("CARD-EFFECT", f"effect verb {verb!r} is not one {game} models{_close(str(verb), schema.verbs)} "
                f"(docs/cards/{game}.md lists them)", *where, schema.verb_key, card=card_id)
        for key in effect:
            if key not in schema.effect_keys:
                add("CARD-FIELD", f"unknown effect field {key!r}{_close(key, schema.effect_keys)}", *where, key,
                    card=card_id)
    if not out:  # the schema is met: what remains is what the game's own reader refuses (a bad target...)
        try:
            card = card_from_mapping(game, raw, limits.of(str(raw.get("type"))), f"{path} card #{i + 1}")
            from tcgsim.games import get_game

            get_game(game).module("cards").build_card(card)
        except (CardDataError, ValueError, KeyError, TypeError, AttributeError) as exc:
            text = str(exc).strip("'\"") or type(exc).__name__
            add("CARD-VALUE", f"card {card_id}: {text}", card=card_id)
    return out


def _check_file(card_file: CardFile) -> tuple[str | None, list[CardProblem], list[tuple[Any, int]]]:
    """(the game it names, its problems, its cards with their index) of one file."""
    path = card_file.path
    try:
        yaml.safe_load(card_file.text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        problem = getattr(exc, "problem", None) or "not valid YAML"
        return None, [CardProblem(path, mark.line + 1 if mark else None, "CARD-YAML",
                                  f"{problem} (check the indentation and the colons)")], []
    parsed = _parse(card_file)
    if parsed is None or not isinstance(parsed.data, Mapping):
        return None, [CardProblem(path, 1, "CARD-FIELD", "a card file is a mapping: `game: mana` and `cards:` "
                                  "(a list of cards)")], []
    data = parsed.data
    problems: list[CardProblem] = []
    for key in data:
        if key not in FILE_KEYS:
            problems.append(CardProblem(path, parsed.line(key), "CARD-FIELD",
                                        f"unknown top-level field {key!r}{_close(key, FILE_KEYS)} (a card file "
                                        "has game: and cards:)"))
    from tcgsim.games import GAMES, UnknownGame, get_game

    game: str | None = None
    if data.get("game") is None:
        problems.append(CardProblem(path, 1, "CARD-FIELD", f"no `game:` (one of {', '.join(GAMES)})"))
    else:
        try:
            game = get_game(str(data["game"])).key
        except UnknownGame:
            problems.append(CardProblem(path, parsed.line("game"), "CARD-VALUE",
                                        f"game {data['game']!r} is not one of {', '.join(GAMES)}"
                                        f"{_close(str(data['game']), list(GAMES))}"))
    cards = data.get("cards")
    if not isinstance(cards, list):
        problems.append(CardProblem(path, parsed.line("cards"), "CARD-FIELD",
                                    "no `cards:` list (each card a mapping with id, name, type, ...)"))
        cards = []
    return game, problems, [(raw, i) for i, raw in enumerate(cards)]


def check_files(user: UserCards) -> list[CardProblem]:
    """Every problem of the user's card files, in file and line order: the schema of each card, its effects'
    verbs, ids (twice, or a name already taken), and (godzilla) evolution names that name no card."""
    from tcgsim.games import get_game

    problems: list[CardProblem] = []
    by_game: dict[str, list[tuple[CardFile, _Parsed, Any, int]]] = {}
    for card_file in user.files:
        game, found, cards = _check_file(card_file)
        problems += found
        if game is None:
            continue
        info = get_game(game)
        schema = _schema(game)
        limits = info.module("rules").CONSTRUCTION.copy_limits
        parsed = _parse(card_file)
        assert parsed is not None  # _check_file returned cards only for a parsed file
        for raw, i in cards:
            problems += _check_card(game, raw, i, parsed, card_file.path, schema, limits, info.card_types)
            by_game.setdefault(game, []).append((card_file, parsed, raw, i))
    for game, entries in by_game.items():
        problems += _check_ids(game, entries)
    order = {f.path: i for i, f in enumerate(user.files)}
    return sorted(problems, key=lambda p: (order.get(p.path, -1), p.line or 0))  # file by file, line by line


def _check_ids(game: str, entries: Sequence[tuple[CardFile, _Parsed, Any, int]]) -> list[CardProblem]:
    """CARD-ID (an id twice in the user's files; a new card named like another card) and CARD-REF."""
    from tcgsim.cards import bundled_pool

    pool = bundled_pool(game)
    out: list[CardProblem] = []
    seen: dict[str, str] = {}
    names: dict[str, str] = {}  # lookup key -> card id, the bundled cards' and then the user's
    for card in pool:
        for key in CardPool._keys(card):
            names.setdefault(key, card.id)
    ids = set(pool.by_id)
    for _file, _parsed, raw, _i in entries:
        if isinstance(raw, Mapping) and raw.get("id") is not None:
            ids.add(str(raw["id"]))
    for card_file, parsed, raw, i in entries:
        if not isinstance(raw, Mapping) or raw.get("id") is None:
            continue
        card_id = str(raw["id"])
        where = f"{card_file.path}:{parsed.line('cards', i)}"
        if card_id in seen:
            out.append(CardProblem(card_file.path, parsed.line("cards", i, "id"), "CARD-ID",
                                   f"id {card_id!r} is given twice (also at {seen[card_id]}); give each card its "
                                   "own id", card_id))
            continue
        seen[card_id] = where
        for label in ("name", "name_ja"):
            value = raw.get(label)
            if not value:
                continue
            other = names.get(normalize_name(str(value)))
            if other is not None and other != card_id:
                out.append(CardProblem(card_file.path, parsed.line("cards", i, label), "CARD-ID",
                                       f"{label} {value!r} is already card {other}'s; to replace that card give "
                                       f"id: {other}, else choose another name", card_id))
            else:
                names[normalize_name(str(value))] = card_id
        stats: Mapping[str, Any] = raw["stats"] if isinstance(raw.get("stats"), Mapping) else {}
        for key in _schema(game).refs:
            refs = stats.get(key)
            for j, ref in enumerate(refs if isinstance(refs, list) else [] if refs is None else [refs]):
                if str(ref) not in ids:
                    out.append(CardProblem(card_file.path, parsed.line("cards", i, "stats", key, j), "CARD-REF",
                                           f"{key} names {ref!r}, which is no card id of the {game} pool or your "
                                           f"files{_close(str(ref), sorted(ids))}", card_id))
    return out


# ------------------------------------------------------------------------------------------------- merging


def merge_pool(base: CardPool, user: UserCards, limits: CopyLimits) -> CardPool:
    """The pool `base` with the user's cards of its game merged in (replacing by id, else added at the end),
    hashed as the bundled data's digest and the user files' digests in order. UserCardsError if the files
    have problems (the command line checks them first, so this is for library callers)."""
    files = user.for_game(base.game)
    if not files:
        return base
    problems = check_files(UserCards(files))
    if problems:
        raise UserCardsError(problems)
    merged: dict[str, Card] = {c.id: c for c in base}
    for card_file in files:
        parsed = _parse(card_file)
        assert parsed is not None
        for i, raw in enumerate(parsed.data["cards"]):
            card = card_from_mapping(base.game, raw, limits.of(str(raw.get("type"))), f"{card_file.path} card #{i + 1}")
            merged[card.id] = card  # a dict keeps a replaced card's place and adds new ones at the end
    digest = hashlib.sha256(" ".join([base.sha256, *(f.sha256 for f in files)]).encode()).hexdigest()
    return CardPool(base.game, list(merged.values()), base.meta, digest, tuple(f.name for f in files))
