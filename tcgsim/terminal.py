"""Tables for the terminal, laid out by rich, which measures East Asian wide characters as two columns (padding
with `str.ljust` counts characters, so a column of Japanese card names pushed every later column out of line).

The tables come back as plain lines: callers print them, tests read them, and the summary of a run embeds them.
Nothing is wrapped or coloured, so a table piped into grep or a file keeps one row per line.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from rich import box
from rich.console import Console
from rich.table import Table

__all__ = ["table_lines"]

_WIDE_ENOUGH = 10_000  # never wrap: a row of a table is one line whatever the terminal's width


def table_lines(headers: Sequence[str], rows: Sequence[Sequence[str]], *, right: Sequence[int] = (),
                indent: int = 0) -> list[str]:
    """A table with a header row; `right` lists the columns to align right (numbers)."""
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, header_style="", expand=False)
    for i, header in enumerate(headers):
        table.add_column(header, justify="right" if i in right else "left", no_wrap=True, overflow="fold")
    for row in rows:
        table.add_row(*row)
    out = io.StringIO()
    Console(file=out, width=_WIDE_ENOUGH, color_system=None, force_terminal=False, highlight=False,
            emoji=False, markup=False).print(table)
    pad = " " * indent
    return [pad + line.rstrip() for line in out.getvalue().splitlines() if line.strip()]
