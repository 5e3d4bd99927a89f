"""The progress bar of `simulate` and `matchups`: games done, games/s, time left; shown only on a terminal.

It refreshes from the caller's thread when games finish (no refresh thread), so worker processes are never
forked while a display thread holds a lock.
"""

from __future__ import annotations

import os
import sys
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

__all__ = ["GameProgress", "show_progress"]


def show_progress(quiet: bool) -> bool:
    """A bar only for a person watching: not with --quiet, not in CI, not when stderr is a pipe or a file."""
    return not quiet and sys.stderr.isatty() and not os.environ.get("CI") and os.environ.get("TERM") != "dumb"


class _Rate(ProgressColumn):
    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text(f"{speed:,.0f} games/s" if speed else "- games/s", style="progress.data.speed")


class GameProgress:
    """A context manager whose `update(done, total)` is the progress callback of `tcgsim.sim.execute`."""

    def __init__(self, label: str, enabled: bool) -> None:
        self.enabled = enabled
        self.label = label
        self._progress: Progress | None = None
        self._task: TaskID | None = None

    def __enter__(self) -> GameProgress:
        if self.enabled:
            self._progress = Progress(
                TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TextColumn("games"),
                _Rate(), TimeRemainingColumn(), console=Console(stderr=True), auto_refresh=False,
                redirect_stdout=False, redirect_stderr=False, transient=False,
            )
            self._progress.start()
        return self

    def update(self, done: int, total: int) -> None:
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
