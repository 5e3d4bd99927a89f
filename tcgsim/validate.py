"""Checking deck files against their game's construction rules.

Each game states its rules as data (`ConstructionRules`, defined in tcgsim/construction.py, instantiated in
games/<game>/rules.py: sections, sizes, allowed card types, copy limits) plus a few functions for what is
behaviour (EVA's one 使徒 per 15 cards). This module runs them and reports every problem of a deck at once, each
a `Violation` with a stable code, the card and the file line.
"""

from __future__ import annotations

import glob
import json
import re
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tcgsim.cards import Card, CardPool, load_pool
from tcgsim.construction import (
    ConstructionRules,
    ExtraCheck,
    ResolvedDeck,
    SectionRule,
    Severity,
    Violation,
    quote,
    rules_for,
)
from tcgsim.decks import STDIN, Deck, DeckEntry, DeckError, declares_game, read_deck, read_deck_stdin
from tcgsim.games import UnknownGame, get_game

__all__ = [
    "Severity", "Violation", "SectionRule", "ConstructionRules", "ResolvedDeck", "ExtraCheck", "DeckReport",
    "quote", "shown_path", "validate_deck", "validate_file", "validate_paths", "expand_paths", "format_text",
    "format_github", "reports_to_json",
]

DECK_SUFFIXES = (".yaml", ".yml", ".txt")


@dataclass(frozen=True)
class DeckReport:
    path: str
    game: str | None
    deck: str | None
    errors: tuple[Violation, ...] = ()
    warnings: tuple[Violation, ...] = ()
    sizes: dict[str, int] = field(default_factory=dict)
    plan: str | None = None

    @property
    def valid(self) -> bool:
        return not self.errors

    def to_json(self) -> dict[str, Any]:
        return {
            "path": shown_path(self.path),
            "game": self.game,
            "deck": self.deck,
            "valid": self.valid,
            "errors": [v.to_json() for v in self.errors],
            "warnings": [v.to_json() for v in self.warnings],
        }


# ------------------------------------------------------------------------------------------------ checking


def _resolve(deck: Deck, pool: CardPool, prefix: str) -> tuple[ResolvedDeck, list[Violation]]:
    problems: list[Violation] = []
    sections: dict[str, list[tuple[DeckEntry, Card]]] = {}
    for key, entries in deck.sections.items():
        resolved = sections.setdefault(key, [])
        for entry in entries:
            card = pool.lookup(entry.ref)
            if card is None:
                close = pool.suggest(entry.ref)
                hint = f"; did you mean {' or '.join(repr(c) for c in close)}?" if close else ""
                message = f"no card {quote(entry.ref)} in the {pool.game} pool{hint}{pool.no_japanese_hint(entry.ref)}"
                problems.append(Violation(f"{prefix}-UNKNOWN-CARD", message, entry.ref, entry.line))
            else:
                resolved.append((entry, card))
    return ResolvedDeck(deck, pool, sections), problems


def _cards(n: int) -> str:
    return f"{n} card{'s' * (n != 1)}"


def _check_sections(rd: ResolvedDeck, rules: ConstructionRules) -> Iterator[Violation]:
    for rule in rules.sections:
        size = rd.size(rule.key)
        present = rule.key in rd.deck.sections
        line = rd.line_of(rule.key)
        if not present and rule.required:
            # line 1: a missing section has no line of its own, and a CI annotation without one shows nowhere
            yield Violation(rule.size_code, f"the {rule.label} is missing (add '{rule.key}:')", None, 1)
            continue
        if rule.min_cards is not None and rule.min_cards == rule.max_cards and size != rule.min_cards:
            yield Violation(rule.size_code, f"the {rule.label} has {_cards(size)}, exactly {rule.min_cards} needed",
                            None, line)
        elif rule.min_cards is not None and size < rule.min_cards and (present or rule.required):
            yield Violation(rule.size_code, f"the {rule.label} has {_cards(size)}, at least {rule.min_cards} needed",
                            None, line)
        elif rule.max_cards is not None and size > rule.max_cards:
            yield Violation(rule.size_code, f"the {rule.label} has {_cards(size)}, at most {rule.max_cards} allowed",
                            None, line)
        for card, count, first_line in rd.cards(rule.key):
            if card.type not in rule.allowed_types or card.city:
                kind = "a city card" if card.city else f"a {card.type} card"
                yield Violation(rule.type_code,
                                f"{quote(card.name)} is {kind}; the {rule.label} takes only "
                                f"{', '.join(sorted(rule.allowed_types))} cards", card.name, first_line)
            if rule.distinct and count > 1:
                message = f"{quote(card.name)} x{count}: every card of the {rule.label} must differ"
                yield Violation(rule.copies_code, message, card.name, first_line)
    yield from _check_copies(rd, rules)


def _check_copies(rd: ResolvedDeck, rules: ConstructionRules) -> Iterator[Violation]:
    for rule in rules.sections:
        if not rule.counts_copies or rule.distinct:
            continue
        totals: dict[str, list[Any]] = {}
        for card, count, line in rd.cards(rule.key):
            key = card.name if rules.copies_by_name else card.id
            slot = totals.setdefault(key, [card, 0, line])
            slot[1] += count
        for card, count, line in totals.values():
            if card.max_copies is not None and count > card.max_copies:
                if card.unique:
                    why = "a unique card, once per deck"
                else:
                    why = f"at most {card.max_copies} cop{'y' if card.max_copies == 1 else 'ies'}"
                yield Violation(rule.copies_code, f"{quote(card.name)} x{count}, {why}", card.name, line)


def _violation(problem: DeckError, severity: Severity = Severity.ERROR) -> Violation:
    message = problem.detail + (f" ({problem.suggestion})" if problem.suggestion else "")
    return Violation(problem.code, message, problem.card, problem.line, severity)


def _check_ai(deck: Deck) -> Iterator[Violation]:
    """`ai:` must name an agent of the deck's game (`tcgsim agents GAME`), or the deck could not be played."""
    from tcgsim.agents import UnknownAgent, make_agent

    if deck.ai is None:
        return
    try:
        make_agent(deck.game, deck.ai)
    except UnknownAgent as exc:
        yield Violation("DECK-AI", str(exc), None, deck.ai_line)


def validate_deck(deck: Deck, pool: CardPool | None = None) -> DeckReport:
    """Check one read deck against its game's construction rules; all problems at once."""
    info = get_game(deck.game)
    rules = rules_for(info.key)
    pool = pool or load_pool(info.key)
    errors: list[Violation] = [_violation(p) for p in deck.problems]
    errors.extend(_check_ai(deck))
    errors.extend(_violation(w, Severity.WARNING) for w in deck.warnings)  # read and set aside: a sideboard
    rd, unknown = _resolve(deck, pool, rules.prefix)
    errors.extend(unknown)
    errors.extend(_check_sections(rd, rules))
    for check in rules.extra_checks:
        errors.extend(check(rd))
    warnings = [v for v in errors if v.severity is Severity.WARNING]
    errors = [v for v in errors if v.severity is Severity.ERROR]
    if rules.unmodelled is not None:
        missing = rules.unmodelled(pool)
        seen: set[str] = set()
        for key in deck.sections:
            for card, _count, line in rd.cards(key):
                if card.id in missing and card.id not in seen:
                    seen.add(card.id)
                    warnings.append(Violation(f"{rules.prefix}-UNMODELLED",
                                              f"{quote(card.name)}: its effect is not modelled by the simulator yet "
                                              "(it plays as its printed stats)", card.name, line, Severity.WARNING))
    errors.sort(key=lambda v: (v.line or 0, v.code))
    warnings.sort(key=lambda v: (v.line or 0, v.code))
    sizes = {key: rd.size(key) for key in deck.sections}
    return DeckReport(deck.path, info.key, deck.name, tuple(errors), tuple(warnings), sizes, deck.plan)


def validate_file(path: str | Path, game: str | None = None) -> DeckReport:
    """Read and check one deck file; an unreadable file gives a report with one error, never an exception."""
    shown = str(path)
    try:
        deck = read_deck(path, game=game)
    except DeckError as exc:
        return DeckReport(shown, game, None, (_violation(exc),))
    except UnknownGame as exc:  # --game given wrongly: still a finding about this file
        return DeckReport(shown, None, None, (Violation("DECK-GAME", str(exc)),))
    return validate_deck(deck)


def expand_paths(args: Sequence[str]) -> tuple[list[Path], list[DeckReport]]:
    """Files, folders (their deck files, recursively) and globs -> deck paths; what matched nothing is
    reported as an unreadable deck rather than silently skipped."""
    found: list[Path] = []
    missing: list[DeckReport] = []
    for arg in args:
        p = Path(arg)
        if p.is_dir():
            files = sorted(f for f in p.rglob("*") if f.is_file() and f.suffix.lower() in DECK_SUFFIXES
                           and not f.name.lower().startswith("readme"))
            if not files:
                no_decks = Violation("DECK-READ", "folder holds no deck files (*.yaml, *.yml, *.txt)")
                missing.append(DeckReport(arg, None, None, (no_decks,)))
            found.extend(files)
        elif p.exists():
            found.append(p)
        elif any(ch in arg for ch in "*?["):
            matches = sorted(Path(m) for m in glob.glob(arg, recursive=True) if Path(m).is_file())
            if not matches:
                missing.append(DeckReport(arg, None, None, (Violation("DECK-READ", "pattern matches no file"),)))
            found.extend(matches)
        else:
            missing.append(DeckReport(arg, None, None, (Violation("DECK-READ", "no such file or folder"),)))
    unique: list[Path] = []
    for f in found:
        if f not in unique:
            unique.append(f)
    return unique, missing


def validate_paths(args: Sequence[str], game: str | None = None, only_decks: bool = False) -> list[DeckReport]:
    """Check every deck the arguments name; `-` is a deck read from standard input. With `only_decks`, a file
    that does not say `game:` is not a deck and is passed over in silence (`decks.declares_game`: a hook sees
    every YAML and text file of a repository)."""
    piped = [validate_stdin(game)] if "-" in args else []
    rest = [a for a in args if a != "-"]
    files, missing = expand_paths(rest) if rest or not piped else ([], [])
    if only_decks:
        files = [f for f in files if declares_game(f)]
    return piped + [validate_file(f, game) for f in files] + missing


def validate_stdin(game: str | None = None) -> DeckReport:
    """Read and check the deck on standard input (`tcgsim validate -`), like a file."""
    try:
        deck = read_deck_stdin(sys.stdin.buffer, game)
    except DeckError as exc:
        return DeckReport(STDIN, game, None, (_violation(exc),))
    except UnknownGame as exc:
        return DeckReport(STDIN, None, None, (Violation("DECK-GAME", str(exc)),))
    return validate_deck(deck)


# ------------------------------------------------------------------------------------------------ output


_SURROGATE = re.compile("[\ud800-\udfff]")


def shown_path(path: str) -> str:
    """A path as output shows it. A file name that is not valid UTF-8 reaches Python with its bad bytes as
    lone surrogates (os.fsdecode's surrogateescape), which no UTF-8 output can write: show them as escapes
    (\\xff) instead of failing on the whole report."""
    def escape(m: re.Match[str]) -> str:
        code = ord(m.group())
        return f"\\x{code - 0xDC00:02x}" if 0xDC80 <= code <= 0xDCFF else f"\\u{code:04x}"
    return _SURROGATE.sub(escape, path)


def _where(report: DeckReport, v: Violation) -> str:
    path = shown_path(report.path)
    return f"{path}:{v.line}" if v.line else path


def format_text(reports: Sequence[DeckReport], style: Callable[[str, str], str] | None = None) -> list[str]:
    """Human lines: one per problem (`path:line: CODE: message`), then a verdict per deck and a total."""
    paint = style or (lambda text, _kind: text)
    out: list[str] = []
    for r in reports:
        for v in r.errors:
            out.append(f"{_where(r, v)}: {paint(v.code, 'error')}: {v.message}")
        for v in r.warnings:
            out.append(f"{_where(r, v)}: {paint('warning', 'warning')}: {v.code}: {v.message}")
        sizes = ", ".join(f"{k} {n}" for k, n in r.sizes.items())
        label = f"{r.game} deck {r.deck!r}" if r.deck else "deck"
        path = shown_path(r.path)
        if r.valid:
            extra = f", {len(r.warnings)} warning{'s' * (len(r.warnings) != 1)}" if r.warnings else ""
            out.append(f"{path}: {paint('valid', 'ok')} {label} ({sizes}){extra}")
        else:
            n = len(r.errors)
            out.append(f"{path}: {paint('INVALID', 'error')} {label} ({n} error{'s' * (n != 1)})")
    bad = sum(not r.valid for r in reports)
    out.append(f"{len(reports)} deck{'s' * (len(reports) != 1)} checked: {len(reports) - bad} valid, {bad} invalid")
    return out


def _gh_escape(text: str, prop: bool = False) -> str:
    text = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    if prop:
        text = text.replace(":", "%3A").replace(",", "%2C")
    return text


GITHUB_SHOWN = 10  # GitHub shows this many error annotations of a step (and as many warnings); the rest are dropped


def format_github(reports: Sequence[DeckReport]) -> list[str]:
    """GitHub Actions workflow commands: one annotation per problem, so a deck repository checks itself, then
    the totals as a plain line (saying where to find the problems GitHub does not show as annotations)."""
    out: list[str] = []
    for r in reports:
        for v in [*r.errors, *r.warnings]:
            props = f"file={_gh_escape(shown_path(r.path), True)}"
            if v.line:
                props += f",line={v.line}"
            props += f",title={_gh_escape(v.code, True)}"
            out.append(f"::{v.severity.value} {props}::{_gh_escape(v.message)}")
    out.append(_totals(reports))
    errors = sum(len(r.errors) for r in reports)
    warnings = sum(len(r.warnings) for r in reports)
    if errors > GITHUB_SHOWN or warnings > GITHUB_SHOWN:
        out.append(f"GitHub shows the first {GITHUB_SHOWN} errors and {GITHUB_SHOWN} warnings as annotations; all "
                   f"{errors + warnings} problems are above and in the job summary")
    return out


def _totals(reports: Sequence[DeckReport]) -> str:
    bad = sum(not r.valid for r in reports)
    errors = sum(len(r.errors) for r in reports)
    warnings = sum(len(r.warnings) for r in reports)
    return (f"{len(reports)} deck{'s' * (len(reports) != 1)} checked: {len(reports) - bad} valid, {bad} invalid "
            f"({errors} error{'s' * (errors != 1)}, {warnings} warning{'s' * (warnings != 1)})")


def _md_cell(text: str) -> str:
    return text.replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ")


def github_summary(reports: Sequence[DeckReport]) -> str:
    """The job summary ($GITHUB_STEP_SUMMARY): the totals and a Markdown table of every problem, which the
    annotations (at most GITHUB_SHOWN of each kind) cannot hold."""
    lines = ["## tcgsim validate", "", _totals(reports), ""]
    rows = [(shown_path(r.path), v) for r in reports for v in [*r.errors, *r.warnings]]
    if rows:
        lines += ["| file | line | kind | code | problem |", "|---|---:|---|---|---|"]
        lines += [f"| {_md_cell(path)} | {v.line or ''} | {v.severity.value} | {v.code} | {_md_cell(v.message)} |"
                  for path, v in rows]
    return "\n".join(lines) + "\n"


def reports_to_json(reports: Sequence[DeckReport]) -> str:
    return json.dumps([r.to_json() for r in reports], ensure_ascii=False, indent=2)


class InvalidDecks(ValueError):
    """Decks that cannot be played: the reports say every problem."""

    SHOWN = 3  # problems named in the message; `reports` holds them all

    def __init__(self, reports: Sequence[DeckReport]) -> None:
        self.reports = list(reports)
        bad = [r for r in reports if not r.valid]
        problems = [f"{_where(r, v)}: {v.code}: {v.message}" for r in bad for v in r.errors]
        more = f" (and {len(problems) - self.SHOWN} more: see .reports)" if len(problems) > self.SHOWN else ""
        super().__init__(f"{len(bad)} deck{'s' * (len(bad) != 1)} invalid: " + "; ".join(problems[:self.SHOWN])
                         + more)


def load_playable(paths: Sequence[str | Path], game: str | None = None) -> list[Deck]:
    """Read and validate deck files for a game (`game`: of the files that do not say it, as --game); all must
    be valid and of one game, else InvalidDecks."""
    reports: list[DeckReport] = []
    decks: list[Deck] = []
    for path in paths:
        shown = str(path)
        try:
            deck = read_deck(path, game=game)
        except DeckError as exc:
            reports.append(DeckReport(shown, None, None, (_violation(exc),)))
            continue
        report = validate_deck(deck)
        reports.append(report)
        decks.append(deck)
    if any(not r.valid for r in reports):
        raise InvalidDecks(reports)
    games = {d.game for d in decks}
    if len(games) > 1:
        first = decks[0]
        odd = next(d for d in decks if d.game != first.game)
        raise InvalidDecks([DeckReport(odd.path, odd.game, odd.name, (Violation(
            "DECK-GAME", f"this is a {odd.game} deck, but {shown_path(first.path)} is a {first.game} deck"),))])
    return decks
