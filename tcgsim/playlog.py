"""Readable logs and JSON-lines event streams of one game, from the events a game records."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import IO, Any

from tcgsim.engine import Event


def _who(player: int | None) -> str:
    return "nobody" if player is None else f"P{player + 1}"


def describe(event: Event, texts: Mapping[str, str], names: Mapping[int, str] | None = None) -> str:
    """One line for an event, from the game's EVENT_TEXT templates; unknown kinds fall back to their data."""
    data: dict[str, Any] = dict(event.data)
    who = _who(event.player)
    if names and event.player is not None and event.player in names:
        who = f"{who} ({names[event.player]})"
    data["who"] = who
    data["taken_text"] = "takes a mulligan" if data.get("taken") else "keeps the hand"
    data["monster_trashed_text"] = ", monster trashed" if data.get("monster_trashed") else ""
    if event.kind == "game_end":
        winner = data.get("winner")
        data["result"] = "a draw ({})".format(data.get("reason")) if winner is None else \
            "{} wins by {}".format(_who(winner) if not names else f"{_who(winner)} ({names.get(winner, '')})",
                                   data.get("reason"))
    for key, value in list(data.items()):
        if isinstance(value, list):
            data[key] = ", ".join(map(str, value)) if value else "none"
    template = texts.get(event.kind)
    if template is None:
        extras = " ".join(f"{k}={v}" for k, v in event.data.items())
        return f"{who} {event.kind} {extras}".strip()
    try:
        return template.format_map(data)
    except (KeyError, ValueError, IndexError):
        return f"{who} {event.kind} {dict(event.data)}"


def readable_log(events: Iterable[Event], texts: Mapping[str, str], names: Mapping[int, str] | None = None
                 ) -> list[str]:
    """Turn-by-turn lines: a header per turn, one line per event that has words."""
    lines: list[str] = []
    turn = -1
    for event in events:
        if event.turn != turn and event.turn > 0:
            turn = event.turn
            lines.append(f"-- turn {turn} --")
        text = describe(event, texts, names)
        if text:
            lines.append(text)
    return lines


def write_jsonl(events: Iterable[Event], out: IO[str]) -> int:
    n = 0
    for event in events:
        out.write(json.dumps(event.to_json(), ensure_ascii=False) + "\n")
        n += 1
    return n
