"""The progress of `simulate` and `matchups`: games done, games/s, time left. On a terminal a bar; elsewhere (CI
logs, a file) a plain line every PLAIN_EVERY seconds ($TCGSIM_PROGRESS_EVERY), so a long run in CI shows it is
alive; with --quiet nothing.

It refreshes from the caller's thread when games finish (no refresh thread), so worker processes are never
forked while a display thread holds a lock.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from enum import StrEnum
from types import TracebackType

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TaskID,
    TextColumn,
    TimeRemainingColumn,
)
from rich.text import Text

__all__ = ["PLAIN_EVERY", "GameProgress", "ProgressStyle", "show_progress"]

PLAIN_EVERY = 30.0  # seconds between plain progress lines: a CI log stays short and still shows the run is alive


class ProgressStyle(StrEnum):
    NONE = "none"  # --quiet (or JSON on stdout)
    BAR = "bar"  # a person at a terminal
    PLAIN = "plain"  # CI, a pipe, a file: a line now and then


def show_progress(quiet: bool) -> ProgressStyle:
    """A bar only for a person watching; plain lines in CI or when stderr is a pipe or a file; none with --quiet."""
    if quiet:
        return ProgressStyle.NONE
    if sys.stderr.isatty() and not os.environ.get("CI") and os.environ.get("TERM") != "dumb":
        return ProgressStyle.BAR
    return ProgressStyle.PLAIN


def _plain_every() -> float:
    try:
        return max(1.0, float(os.environ.get("TCGSIM_PROGRESS_EVERY", PLAIN_EVERY)))
    except ValueError:
        return PLAIN_EVERY


def _clock_text(seconds: float) -> str:
    seconds = int(round(seconds))
    hours, rest = divmod(seconds, 3600)
    return f"{hours}h {rest // 60:02d}m" if hours else f"{rest // 60}m {rest % 60:02d}s"


class _Rate(ProgressColumn):
    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text(f"{speed:,.0f} games/s" if speed else "- games/s", style="progress.data.speed")


class GameProgress:
    """A context manager whose `update(done, total)` is the progress callback of `tcgsim.sim.execute`."""

    def __init__(self, label: str, style: ProgressStyle, clock: Callable[[], float] = time.monotonic,
                 write: Callable[[str], None] | None = None) -> None:
        self.style = style
        self.enabled = style is ProgressStyle.BAR
        self.label = label
        self._progress: Progress | None = None
        self._task: TaskID | None = None
        self._clock = clock
        self._write = write or (lambda line: print(line, file=sys.stderr, flush=True))
        self._every = _plain_every()
        self._started = self._last = clock()
        self._first_done: int | None = None  # games already done when this sitting began (a resume)

    def __enter__(self) -> GameProgress:
        self._started = self._last = self._clock()
        if self.enabled:
            self._progress = Progress(
                TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TextColumn("games"),
                _Rate(), TimeRemainingColumn(), console=Console(stderr=True), auto_refresh=False,
                redirect_stdout=False, redirect_stderr=False, transient=False,
            )
            self._progress.start()
        return self

    def relabel(self, label: str) -> None:
        """Say what is being played now (a tune's round and the candidates alive in it)."""
        self.label = label
        if self._progress is not None and self._task is not None:
            self._progress.update(self._task, description=label)

    def update(self, done: int, total: int) -> None:
        if self.style is ProgressStyle.PLAIN:
            self._plain(done, total)
            return
        if self._progress is None:
            return
        if self._task is None:
            self._task = self._progress.add_task(self.label, total=total, completed=done)
        else:
            self._progress.update(self._task, completed=done, total=total)
        self._progress.refresh()

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 trace: TracebackType | None) -> None:
        if self._progress is not None:
            self._progress.stop()

    def _plain(self, done: int, total: int) -> None:
        """A line such as 'Firestorm vs Night Raid: 1,200 / 4,000 games (30%), 41 games/s, about 1m 08s left'
        once PLAIN_EVERY seconds have passed since the last one."""
        now = self._clock()
        if self._first_done is None:
            self._first_done = done
        if now - self._last < self._every or done >= total:
            return  # the summary follows the last game
        self._last = now
        rate = (done - self._first_done) / max(now - self._started, 1e-9)
        left = f", about {_clock_text((total - done) / rate)} left" if rate > 0 else ""
        share = f" ({done / total:.0%})" if total else ""
        self._write(f"{self.label}: {done:,} / {total:,} games{share}, {rate:,.0f} games/s{left}")
