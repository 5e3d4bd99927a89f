"""What can stop a run before, during or after its games, as typed errors that reach the user as one line.

Each kind says which exit status the command line gives it: 2 when the command line asked for something that
cannot be (a usage error), 1 when the user's files or machine are at fault (a damaged run folder, a full disk,
a folder another tcgsim is using). Exit 3 is kept for bugs of ours, so none of these ever maps to it.
"""

from __future__ import annotations

from typing import ClassVar

__all__ = ["EXIT_PROBLEM", "EXIT_USAGE", "SimError", "OutputExists", "ResumeMismatch", "RunIncomplete",
           "RunFolderError", "RunFailed"]

EXIT_PROBLEM = 1  # the user's files or environment
EXIT_USAGE = 2  # the command line


class SimError(ValueError):
    """A run that cannot start as asked (bad settings, output folder, resume mismatch): one line for the user."""

    exit_status: ClassVar[int] = EXIT_USAGE


class OutputExists(SimError):
    """The output folder exists and --force was not given."""


class ResumeMismatch(SimError):
    """--resume DIR whose run.json was made by a different command (or another tcgsim or card pool)."""


class RunIncomplete(SimError):
    """load_run on a folder whose run has not finished (resume it first)."""


class RunFolderError(SimError):
    """The run folder cannot be used: it cannot be made or written, its run.json is damaged, or another tcgsim
    process holds it."""

    exit_status: ClassVar[int] = EXIT_PROBLEM


class RunFailed(RuntimeError):
    """A run that stopped after it started, outside its games (a shard could not be written, a task kept
    killing workers, the disk filled up). Finished games are kept and `--resume` carries on.

    The message is one line; `detail` holds the traceback, when there is one.
    """

    exit_status: ClassVar[int] = EXIT_PROBLEM

    def __init__(self, message: str, detail: str = "") -> None:
        super().__init__(message)
        self.detail = detail
