"""The run folder as a place on disk: making it, what in it is tcgsim's, clearing it for --force, and the lock.

Two promises live here. Nothing the user had is deleted: --force clears only a folder whose run.json tcgsim
reads as one of its own runs, refuses one that holds anything tcgsim does not write, and then removes tcgsim's
files one by one (never the folder itself, never a whole tree). Nothing is mixed: a run holds an exclusive lock
on its folder from before it looks inside until it ends, so a second run, resume or --force of the same folder
is refused with one line instead of writing games of two runs into one folder.

The lock is an advisory `flock` on the folder itself, not a lock file: the kernel drops it when the process
dies however it dies (SIGKILL, the OOM killer), so a killed run never leaves a stale lock behind.
"""

from __future__ import annotations

import errno
import os
import re
import shutil
from pathlib import Path
from types import TracebackType

from tcgsim.sim.errors import RunFolderError, SimError

__all__ = ["SHARDS", "SHARD_NAME", "STAMP_KEY", "OWN_FILES", "OWN_FOLDERS", "RunLock", "check_place",
           "foreign_entries", "clear_own_files", "make_folder", "oserror_text"]

# The store's names, in one place for the store that writes them, --force that may clear them, and the report
# that reads an unfinished run: shards/{table}-{task:06d}.parquet (seven digits and more past task 999,999), each
# stamped with its run's id in the Parquet key-value metadata.
SHARDS = "shards"
SHARD_NAME = re.compile(r"(games|tempo|cards)-(\d{6,})\.parquet")
STAMP_KEY = b"tcgsim_run"

# Every name tcgsim writes at the top of a run folder (the run, its tables and the report), and what may stand
# in its subfolders. Temporary files are dot-files ending in .tmp (written, then renamed into place).
OWN_FILES = frozenset({"run.json", "games.parquet", "tempo.parquet", "cards.parquet", "matrix.csv", "matrix_long.csv",
                       "failure.txt", "report.html", "report.md", "summary.json"})
OWN_FOLDERS: dict[str, re.Pattern[str]] = {
    SHARDS: SHARD_NAME,
    "plots": re.compile(r"[\w.-]+\.png"),
}
_TEMPORARY = re.compile(r"\..+\.tmp")
_REPORT_STAGING = re.compile(r"\.tcgsim-report-\w+")  # where a report is built before it is moved into place


def oserror_text(exc: OSError) -> str:
    """An OSError as a person reads it: 'No space left on device', not '[Errno 28] ...: path'."""
    return exc.strerror or str(exc) or type(exc).__name__


def check_place(folder: Path, *, clearing: bool) -> None:
    """Refuse run folders that can only be a slip: an empty path, and for --force the current folder, one of
    its parents, or a symbolic link (whose target the user may not know is being cleared)."""
    if str(folder).strip() == "":
        raise SimError("--out is empty: name the run folder")
    if not clearing:
        return
    if folder.is_symlink():
        raise SimError(f"{folder} is a symbolic link; --force clears only a real run folder (give its real path)")
    here = Path.cwd().resolve()
    target = folder.resolve()
    if target == here or target in here.parents:
        raise SimError(f"{folder} is the current folder or one of its parents; --force clears only a run folder "
                       "of its own (for example --out reports/my-run)")


def _is_own(entry: Path) -> bool:
    name = entry.name
    if entry.is_symlink():
        return False
    if entry.is_file():
        return name in OWN_FILES or bool(_TEMPORARY.fullmatch(name))
    if entry.is_dir() and _REPORT_STAGING.fullmatch(name):  # left by a report killed mid-way
        return True
    if entry.is_dir() and name in OWN_FOLDERS:
        pattern = OWN_FOLDERS[name]
        return all(not sub.is_symlink() and sub.is_file() and (pattern.fullmatch(sub.name)
                                                                or _TEMPORARY.fullmatch(sub.name))
                   for sub in entry.iterdir())
    return False


def foreign_entries(folder: Path) -> list[str]:
    """What in `folder` tcgsim did not write (names, sorted; a folder with a trailing /)."""
    return sorted(e.name + ("/" if e.is_dir() and not e.is_symlink() else "")
                  for e in folder.iterdir() if not _is_own(e))


def clear_own_files(folder: Path) -> None:
    """Remove tcgsim's files from `folder` (the caller has checked that nothing else is there)."""
    for entry in folder.iterdir():
        if not _is_own(entry):  # checked before; if something appeared since, it is not ours to delete
            continue
        if entry.is_dir():
            shutil.rmtree(entry)
        else:
            entry.unlink(missing_ok=True)


def make_folder(folder: Path) -> None:
    """Create the run folder (and its parents), saying in one line why it cannot be."""
    if folder.exists() and not folder.is_dir():
        raise SimError(f"{folder} exists and is not a folder; give --out a folder")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except (FileExistsError, NotADirectoryError):
        raise RunFolderError(f"cannot create the run folder {folder}: a part of that path is a file") from None
    except OSError as exc:
        raise RunFolderError(f"cannot create the run folder {folder}: {oserror_text(exc)}") from None


class RunLock:
    """An exclusive, non-blocking lock on a run folder for as long as the `with` block runs."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._fd: int | None = None

    def __enter__(self) -> RunLock:
        try:
            import fcntl
        except ImportError:  # pragma: no cover - not a POSIX system: no lock, as before
            return self
        try:
            self._fd = os.open(self.folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
        except OSError as exc:
            raise RunFolderError(f"cannot open the run folder {self.folder}: {oserror_text(exc)}") from None
        try:
            fcntl.flock(self._fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            os.close(self._fd)
            self._fd = None
            if exc.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                raise RunFolderError(f"another tcgsim process is using {self.folder}; wait for it to finish, or "
                                     "choose another --out") from None
            raise RunFolderError(f"cannot lock the run folder {self.folder}: {oserror_text(exc)}") from None
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 trace: TracebackType | None) -> None:
        if self._fd is not None:
            os.close(self._fd)  # closing the descriptor releases the lock
            self._fd = None
