"""Inline text of the report as structure: a run of spans, each plain, strong, emphasised or code.

Emphasis is never written as marks inside a string (no `**name**` to be parsed again later), so a deck or card
name holding `*`, `_`, `<` or a backtick is just text: the Markdown renderer escapes it (`markdown`), the HTML
template autoescapes it, and both show it literally.

    text(strong("Firestorm"), " wins 64% against ", strong("Floodwater"))
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

__all__ = ["Span", "Style", "Text", "TextLike", "code", "em", "markdown", "markdown_block", "plain", "strong",
           "text", "words"]

Style = Literal["plain", "strong", "em", "code"]


@dataclass(frozen=True)
class Span:
    text: str
    style: Style = "plain"


Text = tuple[Span, ...]
TextLike = str | Span | Text  # what every block of the document accepts: a str is plain text


def plain(s: object) -> Span:
    return Span(str(s))


def strong(s: object) -> Span:
    return Span(str(s), "strong")


def em(s: object) -> Span:
    return Span(str(s), "em")


def code(s: object) -> Span:
    return Span(str(s), "code")


def text(*parts: TextLike) -> Text:
    """One run of spans from strings (plain), spans and runs, in order; empty strings dropped."""
    out: list[Span] = []
    for part in parts:
        spans: Iterable[Span] = (Span(part),) if isinstance(part, str) else (part,) if isinstance(part, Span) \
            else part
        out += [s for s in spans if s.text]
    return tuple(out)


def words(t: TextLike) -> str:
    """The text alone, without any emphasis: what a reader sees."""
    return "".join(s.text for s in text(t))


# --- Markdown --------------------------------------------------------------------------------------------------

# Characters that would start emphasis, code, a link, an HTML tag or strikethrough anywhere in a line; CommonMark
# lets any ASCII punctuation be backslash-escaped, and the escape shows as the character itself. `|` is left to
# tables, the one place it means something.
_MARKDOWN_SPECIAL = frozenset("\\`*_[]<>~")


def _escape(s: str) -> str:
    out = "".join("\\" + c if c in _MARKDOWN_SPECIAL and not _inside_word(s, i) else c for i, c in enumerate(s))
    # `&` only matters where it would read as an entity (&amp; &#39;): escape it there alone, so R&D stays R&D
    return _escape_entities(out)


def _inside_word(s: str, i: int) -> bool:
    """An underscore between two letters or digits (characters_left) never makes emphasis: left as it is, so the
    raw file stays readable."""
    return s[i] == "_" and 0 < i < len(s) - 1 and s[i - 1].isalnum() and s[i + 1].isalnum()


def _escape_entities(s: str) -> str:
    parts = s.split("&")
    out = parts[0]
    for rest in parts[1:]:
        name = rest.split(";", 1)[0]
        looks_like_entity = ";" in rest and 0 < len(name) <= 32 and (name.isalnum() or (
            name.startswith("#") and name[1:].isalnum()))
        out += ("\\&" if looks_like_entity else "&") + rest
    return out


def _code_span(s: str) -> str:
    """`s` as a code span: fenced with one backtick more than the longest run inside it, padded when it starts or
    ends with a backtick (CommonMark strips one space each side)."""
    longest = run = 0
    for c in s:
        run = run + 1 if c == "`" else 0
        longest = max(longest, run)
    fence = "`" * (longest + 1)
    pad = " " if s.startswith("`") or s.endswith("`") else ""
    return f"{fence}{pad}{s}{pad}{fence}"


def _span_markdown(s: Span) -> str:
    if s.style == "code":
        return _code_span(s.text)
    escaped = _escape(s.text)
    if s.style == "plain" or not s.text.strip():
        return escaped
    # emphasis marks must touch the words: '** x**' is not bold, so outer spaces go outside the marks
    lead = escaped[:len(escaped) - len(escaped.lstrip())]
    trail = escaped[len(escaped.rstrip()):]
    mark = "**" if s.style == "strong" else "*"
    return f"{lead}{mark}{escaped.strip()}{mark}{trail}"


def markdown(t: TextLike) -> str:
    """The text as inline Markdown: emphasis and code from the spans, everything else escaped so it shows as
    written."""
    return "".join(_span_markdown(s) for s in text(t))


def markdown_block(t: TextLike) -> str:
    """`markdown(t)` for the start of a line (a paragraph, a list item): a leading mark that would make it a
    heading, a list or a quote ('# ', '- ', '+ ', '>', '1. ') is escaped too."""
    out = markdown(t)
    if out.startswith(">") or (out[:1] in ("#", "-", "+") and out[1:2] in ("", " ", "#")):
        return "\\" + out
    digits = len(out) - len(out.lstrip("0123456789"))
    if 0 < digits <= 9 and out[digits:digits + 1] in (".", ")"):
        return out[:digits] + "\\" + out[digits:]
    return out
