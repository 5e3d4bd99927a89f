"""A game's options (`Game.options_class`, a frozen dataclass of typed fields) as the command line and run.json
spell them: `--option arrows=incoming --option turn_limit=120`.

Options are where a seed is truly ambiguous: the default is the reading the project chose, and the other
reading stays one typed option away, so a designer can measure what it changes (docs/rules/<game>.md). Every
option is checked against its field's type here, so a wrong name or value is one line naming what is allowed.
"""

from __future__ import annotations

import dataclasses
import difflib
import enum
import typing
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tcgsim.engine import GameOptions

__all__ = ["BadOption", "OptionInfo", "option_infos", "options_from_strings", "options_from_json",
           "options_to_json", "option_arguments"]


class BadOption(ValueError):
    """An option name or value the game does not have; the message says what it does have."""


@dataclass(frozen=True)
class OptionInfo:
    """One option of a game: its name, kind, default, the values it takes (for a choice) and what it means."""

    name: str
    kind: type
    default: Any
    choices: tuple[str, ...]
    help: str

    def shown_default(self) -> str:
        return _shown(self.default)


def _shown(value: Any) -> str:
    if isinstance(value, enum.Enum):
        return str(value.value)
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def option_infos(options_class: type[GameOptions]) -> list[OptionInfo]:
    """Every option of a game, in declaration order."""
    hints = typing.get_type_hints(options_class)
    out: list[OptionInfo] = []
    defaults = options_class()
    for f in dataclasses.fields(options_class):
        kind = hints[f.name]
        choices = tuple(str(m.value) for m in kind) if isinstance(kind, type) and issubclass(kind, enum.Enum) else ()
        out.append(OptionInfo(f.name, kind, getattr(defaults, f.name), choices, _help(options_class, f.name)))
    return out


def _help(options_class: type[GameOptions], name: str) -> str:
    """A field's help, from the nearest class that gives one (a game that only changes a default, as
    `turn_limit: int = 80`, keeps the base class's words)."""
    for cls in options_class.__mro__:
        found = getattr(cls, "__dataclass_fields__", {}).get(name)
        if found is not None and found.metadata.get("help"):
            return str(found.metadata["help"])
    return ""


def _convert(info: OptionInfo, text: str) -> Any:
    kind = info.kind
    raw = text.strip()
    if info.choices:
        for member in kind:  # type: ignore[attr-defined]
            if raw.lower() == str(member.value).lower():
                return member
        raise BadOption(f"--option {info.name}={text}: not one of {', '.join(info.choices)}")
    if kind is bool:
        if raw.lower() in ("true", "yes", "on", "1"):
            return True
        if raw.lower() in ("false", "no", "off", "0"):
            return False
        raise BadOption(f"--option {info.name}={text}: give true or false")
    if kind is int:
        if not raw.isascii() or not raw.lstrip("-").isdigit() or len(raw) > 12:
            raise BadOption(f"--option {info.name}={text}: give a whole number")
        value = int(raw)
        if value < 1:
            raise BadOption(f"--option {info.name}={text}: give a number of at least 1")
        return value
    if kind is float:
        try:
            return float(raw)
        except ValueError:
            raise BadOption(f"--option {info.name}={text}: give a number") from None
    if kind is str:
        return raw
    raise BadOption(f"--option {info.name}: this option cannot be set from the command line")  # pragma: no cover


def options_from_strings(options_class: type[GameOptions], items: Sequence[str], game: str = "this game") \
        -> GameOptions:
    """Options from NAME=VALUE strings; the defaults for everything not named."""
    infos = {i.name: i for i in option_infos(options_class)}
    values: dict[str, Any] = {}
    for item in items:
        name, sep, text = item.partition("=")
        name = name.strip().replace("-", "_")
        if not sep:
            raise BadOption(f"--option {item!r}: write it as NAME=VALUE (for example turn_limit=120)")
        info = infos.get(name)
        if info is None:
            close = difflib.get_close_matches(name, list(infos), n=1)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            raise BadOption(f"--option {name}: {game} has no such option (options: {', '.join(infos)}){hint}")
        if name in values:
            raise BadOption(f"--option {name} given twice")
        values[name] = _convert(info, text)
    return options_class(**values)


def options_to_json(options: GameOptions) -> dict[str, Any]:
    """Every option with its value, as run.json records it (enums by value)."""
    return {f.name: (v.value if isinstance(v := getattr(options, f.name), enum.Enum) else v)
            for f in dataclasses.fields(options)}


def options_from_json(options_class: type[GameOptions], data: Mapping[str, Any], game: str = "this game") \
        -> GameOptions:
    """Options back from run.json (through the same checks as the command line)."""
    return options_from_strings(options_class, [f"{k}={_shown(v)}" for k, v in data.items()], game)


def option_arguments(options: GameOptions) -> list[str]:
    """The `--option NAME=VALUE` arguments that make `options` (only those that differ from the defaults)."""
    defaults = type(options)()
    out: list[str] = []
    for f in dataclasses.fields(options):
        value = getattr(options, f.name)
        if value != getattr(defaults, f.name):
            out += ["--option", f"{f.name}={_shown(value)}"]
    return out
