"""Readable logs and JSON-lines event streams of one game, from the events a game records.

The log names each seat once, in a header ("P1: Firestorm (raider)"), and by its short label after that; a
game's end reason reads in words (tcgsim.stats.reason_label); "1 cards" reads "1 card"; with `lang` "ja" or
"both" a card's Japanese name replaces or joins its English one where the pool has it. Each game words its
events in its game module: EVENT_TEXT (a template per event kind) and, optionally, EVENT_FIELDS (per kind, a
function adding fields a template needs, such as a clause that is left out when it is empty).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping
from enum import StrEnum
from typing import IO, Any

from tcgsim.engine import Event
from tcgsim.stats import reason_label

__all__ = ["Lang", "card_names_for", "describe", "readable_log", "seat_header", "write_jsonl"]

EventFields = Mapping[str, Callable[[Mapping[str, Any]], Mapping[str, Any]]]
# "1 cards in hand" -> "1 card in hand": templates count things with a plural noun
_ONE = re.compile(r"\b(?<![\d.,-])1 (card|base|monster|land|player|turn|point|game|character|eva|Eva)s\b")


class Lang(StrEnum):
    """Which card names a log shows: English, Japanese (where the pool has them), or both side by side."""

    EN = "en"
    JA = "ja"
    BOTH = "both"


def _who(player: int | None) -> str:
    return "nobody" if player is None else f"P{player + 1}"


def seat_header(names: Mapping[int, str]) -> str:
    """The first mention of every seat: 'P1: Firestorm (raider); P2: Floodwater (builder)'."""
    return "; ".join(f"{_who(seat)}: {name}" for seat, name in sorted(names.items()))


def _renamer(card_names: Mapping[str, str]) -> Callable[[Any], Any]:
    def rename(value: Any) -> Any:
        if isinstance(value, str):
            return card_names.get(value, value)
        if isinstance(value, list):
            return [rename(v) for v in value]
        return value
    return rename


def describe(event: Event, texts: Mapping[str, str], extra: EventFields | None = None,
             card_names: Mapping[str, str] | None = None, names: Mapping[int, str] | None = None) -> str:
    """One line for an event, from the game's EVENT_TEXT templates (and EVENT_FIELDS); unknown kinds fall back
    to their data. `card_names` maps a card's English name to the name to show (`--lang`); `names` name the
    winner in the result line, which must read on its own (`play --quiet` prints it alone)."""
    rename = _renamer(card_names or {})
    data: dict[str, Any] = {k: rename(v) for k, v in event.data.items()}
    data["who"] = _who(event.player)
    data["taken_text"] = "takes a mulligan" if data.get("taken") else "keeps the hand"
    data["monster_trashed_text"] = ", monster trashed" if data.get("monster_trashed") else ""
    if event.kind == "game_end":
        winner = data.get("winner")
        reason = reason_label(str(data.get("reason")))
        named = f": {names[int(winner)]}" if names and winner is not None and winner in names else ""
        data["result"] = f"a draw ({reason})" if winner is None else f"{_who(winner)} wins by {reason}{named}"
    if extra and event.kind in extra:
        data.update(extra[event.kind](data))
    for key, value in list(data.items()):
        if isinstance(value, list):
            data[key] = ", ".join(map(str, value)) if value else "none"
    template = texts.get(event.kind)
    if template is None:
        extras = " ".join(f"{k}={v}" for k, v in event.data.items())
        return f"{data['who']} {event.kind} {extras}".strip()
    try:
        line = template.format_map(data)
    except (KeyError, ValueError, IndexError):
        return f"{data['who']} {event.kind} {dict(event.data)}"
    return _ONE.sub(lambda m: f"1 {m.group(1)}", line)


def _board_line(seats: list[Event]) -> str:
    """The figures every seat recorded at a turn's end (the game's tempo metrics), on one line."""
    def figures(e: Event) -> str:
        return ", ".join(f"{k.replace('_', ' ')} {v:g}" if isinstance(v, float) else f"{k.replace('_', ' ')} {v}"
                         for k, v in e.data.items())
    in_order = sorted(seats, key=lambda e: e.player or 0)
    return "  board: " + " | ".join(f"{_who(e.player)} {figures(e)}" for e in in_order)


def readable_log(events: Iterable[Event], texts: Mapping[str, str], names: Mapping[int, str] | None = None,
                 extra: EventFields | None = None, card_names: Mapping[str, str] | None = None,
                 board: bool = False) -> list[str]:
    """A header naming the seats, then turn by turn: a header per turn, one line per event that has words, and
    with `board` each seat's figures at every turn's end (the board the next turn starts from)."""
    lines: list[str] = [seat_header(names)] if names else []
    turn = -1
    tempo: list[Event] = []
    for event in events:
        if event.kind == "tempo":
            tempo.append(event)
            continue
        if tempo and board:
            lines.append(_board_line(tempo))
        tempo = []
        if event.turn != turn and event.turn > 0:
            turn = event.turn
            lines.append(f"-- turn {turn} --")
        text = describe(event, texts, extra, card_names, names)
        if text:
            lines.append(text)
    if tempo and board:
        lines.append(_board_line(tempo))
    return lines


def card_names_for(pool: Iterable[Any], lang: Lang) -> dict[str, str]:
    """English name -> the name a `lang` log shows: the Japanese one (ja) or both (both), where a card has one."""
    if lang is Lang.EN:
        return {}
    return {c.name: (c.name_ja if lang is Lang.JA else f"{c.name_ja} ({c.name})") for c in pool if c.name_ja}


def write_jsonl(events: Iterable[Event], out: IO[str]) -> int:
    n = 0
    for event in events:
        out.write(json.dumps(event.to_json(), ensure_ascii=False) + "\n")
        n += 1
    return n
