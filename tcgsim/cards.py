"""Card pools: every card of one game, loaded once from carddb/<game>/cards.yaml.

A `Card` holds what all three games share (id, names, type, copy limit) and keeps the game's own printed
values in `stats`; each game builds its typed records from these (games/<game>/cards.py).
"""

from __future__ import annotations

import difflib
import functools
import hashlib
import json
import os
import re
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

import yaml

__all__ = ["Card", "CardPool", "CardDataError", "CopyLimits", "carddb_dir", "normalize_name", "load_pool",
           "bundled_pool", "pool_with", "use_cards", "active_cards", "on_pool_change", "card_from_mapping",
           "printed_texts"]

# libyaml's safe loader parses the card pools five times faster than the pure-Python one (our own, trusted
# data: deck files from users go through tcgsim.decks' composing-only reader instead).
_SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

_COMMON_KEYS = frozenset(
    {"id", "name", "name_ja", "type", "unique", "unlimited", "text", "stats", "effects", "aliases", "city", "notes"}
)


class CardDataError(ValueError):
    """The bundled card data itself is broken: a developer's error, reported with file and line."""


@dataclass(frozen=True, slots=True)
class Card:
    """One card of a pool, as printed (or as reconstructed, see the pool's meta.yaml)."""

    id: str
    name: str
    name_ja: str | None
    type: str
    max_copies: int | None  # the copy limit in a deck; None where unlimited (GODZILLA's 平地)
    unique: bool = False
    text: str = ""
    stats: Mapping[str, Any] = field(default_factory=dict)
    effects: tuple[Mapping[str, Any], ...] = ()  # the card's effects in its game's vocabulary (data, not code)
    aliases: tuple[str, ...] = ()
    city: bool = False  # EVA: one of the nine shared city cards, never in a deck
    notes: str = ""

    def stat(self, key: str, default: Any = None) -> Any:
        return self.stats.get(key, default)

    def to_json(self) -> dict[str, Any]:
        """The `tcgsim cards --format json` contract of DESIGN.md."""
        return {
            "id": self.id,
            "name": self.name,
            "name_ja": self.name_ja,
            "type": self.type,
            "unique": self.unique,
            "max_copies": self.max_copies,
            "text": self.text,
            "stats": dict(self.stats),
            **({"effects": [dict(e) for e in self.effects]} if self.effects else {}),
            **({"aliases": list(self.aliases)} if self.aliases else {}),
            **({"city": True} if self.city else {}),
        }


_PUNCT = re.compile(r"[\s'’`\".,:;!?・･\-‐_/()（）]+")


class _HasId(Protocol):
    @property
    def id(self) -> str: ...


def one_per_card(uids: Iterable[int], cards: Sequence[_HasId]) -> list[int]:
    """The first uid of each card id, in the order given: two copies of a card give the same choices, so a legal
    list offers them once (every game's engine lists choices of cards through here)."""
    seen: set[str] = set()
    out = []
    for uid in uids:
        card_id = cards[uid].id
        if card_id not in seen:
            seen.add(card_id)
            out.append(uid)
    return out


def is_japanese(text: str) -> bool:
    """Whether text holds kana or kanji (a card name typed from a Japanese card)."""
    return any("\u3040" <= ch <= "\u30ff" or "\u4e00" <= ch <= "\u9fff" or "\uff66" <= ch <= "\uff9f"
               for ch in str(text))


def normalize_name(text: str) -> str:
    """A lookup key that forgives case, width, spacing and punctuation ("lil cactus diary" finds
    "Lil' Cactus Diary", "ＨＥＲＯ" finds "Hero", "アスカ・ラングレー" finds "アスカラングレー")."""
    folded = unicodedata.normalize("NFKC", text).casefold().strip()
    return _PUNCT.sub("", folded) or folded


@dataclass(frozen=True)
class CopyLimits:
    """How many copies of a card a deck may hold: `default`, or `by_type` for some card types (EVA: each 使徒
    once). A card can say more of itself (unique: 1, unlimited). The construction rules state these; the pool
    turns them into each card's `max_copies`."""

    default: int
    by_type: Mapping[str, int] = field(default_factory=dict)

    def of(self, card_type: str) -> int:
        return self.by_type.get(card_type, self.default)


class CardPool:
    """All cards of one game, looked up by id, English name, Japanese name or alias."""

    def __init__(self, game: str, cards: list[Card], meta: Mapping[str, Any] | None = None,
                 sha256: str | None = None, user_files: tuple[str, ...] = ()) -> None:
        self.game = game
        self.user_files = user_files  # the names of the user's card files merged in (tcgsim.usercards)
        self.cards: tuple[Card, ...] = tuple(cards)
        self.meta: Mapping[str, Any] = dict(meta or {})
        self._sha256 = sha256
        self.by_id: dict[str, Card] = {}
        self._index: dict[str, Card] = {}
        for card in self.cards:
            if card.id in self.by_id:
                raise CardDataError(f"{game}: card id {card.id!r} appears twice")
            self.by_id[card.id] = card
            for key in self._keys(card):
                other = self._index.get(key)
                if other is not None and other is not card:
                    raise CardDataError(f"{game}: {card.id} and {other.id} share the lookup name {key!r}")
                self._index[key] = card

    @property
    def sha256(self) -> str:
        """What a run records of the cards it played with (a resume with other card data is refused): the
        digest of the card file, or for a pool built in memory, of its cards."""
        if self._sha256 is None:
            cards = [c.to_json() for c in self.cards]
            self._sha256 = hashlib.sha256(json.dumps(cards, sort_keys=True, ensure_ascii=False, default=str)
                                          .encode()).hexdigest()
        return self._sha256

    def description(self) -> str:
        """What a report says of the pool: "bundled" or "bundled + my-cards.yaml", and its digest."""
        return f"{' + '.join(['bundled', *self.user_files])} (sha256 {self.sha256[:12]})"

    @staticmethod
    def _keys(card: Card) -> Iterator[str]:
        yield normalize_name(card.id)
        yield normalize_name(card.name)
        if card.name_ja:
            yield normalize_name(card.name_ja)
        for alias in card.aliases:
            yield normalize_name(alias)

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __getitem__(self, card_id: str) -> Card:
        return self.by_id[card_id]

    @property
    def has_japanese_names(self) -> bool:
        """Whether any card of the pool has its Japanese name (the mana pool, from an English list, has none)."""
        return any(card.name_ja for card in self.cards)

    def no_japanese_hint(self, ref: str) -> str:
        """"; this pool has no Japanese card names yet ..." for a Japanese reference to a pool without them, so a
        player is not left to guess why a name printed on the card is unknown; else nothing."""
        if not is_japanese(ref) or self.has_japanese_names:
            return ""
        return (f"; the {self.game} pool has no Japanese card names yet: use the English name or the id "
                f"(tcgsim cards {self.game} lists them)")

    def lookup(self, ref: str) -> Card | None:
        """The card a deck line means by `ref` (id, English or Japanese name, alias), or None."""
        return self._index.get(normalize_name(str(ref)))

    def suggest(self, ref: str, limit: int = 3) -> list[str]:
        """Names close to a reference that matched nothing, for "did you mean ..." messages."""
        key = normalize_name(str(ref))
        names: dict[str, str] = {}
        for card in self.cards:
            names.setdefault(normalize_name(card.name), card.name)
            if card.name_ja:
                names.setdefault(normalize_name(card.name_ja), card.name_ja)
            for alias in card.aliases:
                names.setdefault(normalize_name(alias), card.name)
        close = difflib.get_close_matches(key, list(names), n=limit * 2, cutoff=0.6)
        # a prefix the user typed ("Drakon") is a strong hint too
        close += [k for k in names if key and k.startswith(key) and k not in close]
        seen: list[str] = []
        for k in close:
            if names[k] not in seen:
                seen.append(names[k])
        return seen[:limit]

    def of_type(self, card_type: str) -> list[Card]:
        return [c for c in self.cards if c.type == card_type]


def carddb_dir() -> Path:
    """Where the card data lives: $TCGSIM_CARDDB, the copy inside an installed wheel, or the checkout."""
    override = os.environ.get("TCGSIM_CARDDB")
    if override:
        return Path(override)
    here = Path(__file__).resolve().parent
    for candidate in (here / "carddb", here.parent / "carddb"):
        if candidate.is_dir():
            return candidate
    raise CardDataError("no carddb folder found next to the tcgsim package; set TCGSIM_CARDDB")


def card_from_mapping(game: str, raw: Mapping[str, Any], copy_limit: int, where: str) -> Card:
    missing = [k for k in ("id", "name", "type") if not raw.get(k)]
    if missing:
        raise CardDataError(f"{where}: card is missing {', '.join(missing)}")
    unknown = set(raw) - _COMMON_KEYS
    if unknown:
        raise CardDataError(f"{where}: card {raw['id']} has unknown keys {sorted(unknown)}")
    unique = bool(raw.get("unique", False))
    unlimited = bool(raw.get("unlimited", False))
    max_copies: int | None = 1 if unique else (None if unlimited else copy_limit)
    stats = raw.get("stats") or {}
    if not isinstance(stats, Mapping):
        raise CardDataError(f"{where}: card {raw['id']}: stats must be a mapping")
    return Card(
        id=str(raw["id"]),
        name=str(raw["name"]),
        name_ja=str(raw["name_ja"]) if raw.get("name_ja") else None,
        type=str(raw["type"]),
        max_copies=max_copies,
        unique=unique,
        text=str(raw.get("text") or ""),
        stats=dict(stats),
        effects=tuple(dict(e) for e in raw.get("effects") or ()),
        aliases=tuple(str(a) for a in raw.get("aliases") or ()),
        city=bool(raw.get("city", False)),
        notes=str(raw.get("notes") or ""),
    )


class CardOverlay(Protocol):
    """Cards merged over the bundled pools: the user's card files (tcgsim.usercards.UserCards, a floor above this
    one, so named here by what it does). Hashable, since merged pools are cached by it."""

    def __bool__(self) -> bool: ...

    def __hash__(self) -> int: ...

    def merged(self, pool: CardPool, limits: CopyLimits) -> CardPool:
        """`pool` with this overlay's cards of its game merged in."""
        ...


# The user's card files this process plays with (tcgsim.usercards): set by the command line from --cards, and
# by every worker process from its run's config, before any pool is loaded. Pools and the engines' caches of
# printed cards are per process, so a change clears them (_POOL_CACHES).
_ACTIVE: CardOverlay | None = None
_POOL_CACHES: list[Callable[[], None]] = []


def on_pool_change(clear: Callable[[], None]) -> None:
    """Register a cache of printed cards (a game's typed records) to clear when the pool in use changes."""
    _POOL_CACHES.append(clear)


def active_cards() -> CardOverlay | None:
    """The user's card files in use in this process (None: the bundled pools alone)."""
    return _ACTIVE


def use_cards(user: CardOverlay | None) -> None:
    """Play with these user card files in this process from now on (None or empty: the bundled pools)."""
    global _ACTIVE
    user = user or None
    if user == _ACTIVE:
        return
    _ACTIVE = user
    load_pool.cache_clear()
    for clear in _POOL_CACHES:
        clear()


@functools.cache
def load_pool(game: str) -> CardPool:
    """The pool a game plays with in this process: the bundled one, with the user's card files of that game
    merged in when `use_cards` named some (tcgsim.usercards: a card of a known id is replaced, others added)."""
    return pool_with(game, _ACTIVE)


@functools.cache
def printed_texts(game: str) -> dict[str, str]:
    """The rules text of every card of the pool in use, by id (public card data; what a person at the table is
    shown beside a card's figures)."""
    return {c.id: c.text for c in load_pool(game)}


on_pool_change(printed_texts.cache_clear)  # user card files changed the pool: read the texts again


@functools.lru_cache(maxsize=16)
def pool_with(game: str, user: CardOverlay | None) -> CardPool:
    """The bundled pool of `game` with `user`'s card files of that game merged in, whatever this process uses
    (a run's config asks it of its own files: RunConfig.card_pool)."""
    pool = bundled_pool(game)
    if not user:
        return pool
    from tcgsim.games import get_game

    return user.merged(pool, get_game(game).module("rules").CONSTRUCTION.copy_limits)


@functools.cache
def bundled_pool(game: str) -> CardPool:
    """Load (once per process) the pool of a registered game from carddb/<folder>/."""
    from tcgsim.games import get_game  # the registry knows each game's folder and copy limit

    info = get_game(game)
    folder = carddb_dir() / info.carddb
    path = folder / "cards.yaml"
    try:
        raw = path.read_bytes()
        data = yaml.load(raw.decode("utf-8"), Loader=_SAFE_LOADER)
    except UnicodeDecodeError as exc:
        raise CardDataError(f"{path}: not UTF-8 text ({exc.reason})") from exc
    except OSError as exc:
        raise CardDataError(f"{path}: cannot read card data ({exc.strerror})") from exc
    except yaml.YAMLError as exc:
        raise CardDataError(f"{path}: {exc}") from exc
    meta_path = folder / "meta.yaml"
    meta = yaml.load(meta_path.read_text(encoding="utf-8"), Loader=_SAFE_LOADER) if meta_path.exists() else {}
    if not isinstance(data, Mapping) or not isinstance(data.get("cards"), list):
        raise CardDataError(f"{path}: expected a mapping with a 'cards' list")
    limits = info.module("rules").CONSTRUCTION.copy_limits  # the game's construction rules state them
    if not isinstance(limits, CopyLimits):  # pragma: no cover - a game package written wrongly
        raise CardDataError(f"{info.key}: its construction rules give no CopyLimits")
    cards = [
        card_from_mapping(info.key, raw, limits.of(str(raw.get("type"))), f"{path} card #{i + 1}")
        for i, raw in enumerate(data["cards"])
    ]
    for card in cards:
        if card.type not in info.card_types:
            raise CardDataError(f"{path}: card {card.id} has type {card.type!r}, not one of {info.card_types}")
    return CardPool(info.key, cards, meta, hashlib.sha256(raw).hexdigest())
