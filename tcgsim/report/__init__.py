"""Reports on a result store: win rates with intervals, seat advantage, matchups and ranking, game length and
endings, tempo curves and per-card figures, as report.html (self-contained), report.md, summary.json and
plots/*.png.

    from tcgsim.report import write_report, build_summary
    paths = write_report("runs/2024-06-01")       # writes into the run folder
    write_report("runs/2024-06-01", "out/", force=True)  # elsewhere; force: replace report files already there
    figures = build_summary("runs/2024-06-01")     # the same figures as a dict, nothing written

Layout: `metrics` (the pandas tables; every figure in them comes from `tcgsim.stats`, the statistics the terminal
summary reads too), `tables` (a DataFrame per section, the notes, summary.json), `plots`, `render` (one document
of the sections, written as Markdown and, through the Jinja2 template templates/report.html.j2, as HTML), `text`
(inline text as spans: plain, strong, emphasis, code), `data` (reading and checking a run folder).

Every failure the user can fix is a ReportError with a one-line message: an unreadable or malformed run
(ReportError), files in the way of the report (ReportOutputExists), a destination that cannot be written
(ReportWriteError: "cannot write the report to PATH: reason").
"""

from __future__ import annotations

import errno
import json
import os
import re
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from matplotlib import rc_context

from tcgsim.report.data import ReportError, RunData, RunLike, as_run, one_line, read_run
from tcgsim.report.fonts import plot_families
from tcgsim.report.plots import Plot, plot_jobs
from tcgsim.report.render import build_document, to_html, to_markdown
from tcgsim.report.tables import ReportTables, build_tables, to_summary

__all__ = ["OUTPUTS", "ReportError", "ReportOutputExists", "ReportPaths", "ReportTables", "ReportWriteError",
           "RunData", "StatusLine", "build_summary", "build_tables", "read_run", "write_report"]

OUTPUTS = ("report.html", "report.md", "summary.json")  # and plots/<name>.png, one per plot the run supports
_READ_ONLY = (errno.EACCES, errno.EPERM, errno.EROFS)
_OUR_PLOT = re.compile(r"plots/[A-Za-z0-9_-]+\.png")  # how summary.json records a plot it wrote


class ReportOutputExists(ReportError):
    """The output folder (not the run folder) already holds files the report would write; `paths` lists them.
    We cannot tell a user's report.md from an earlier report's, so replacing them needs force=True."""

    def __init__(self, message: str, paths: list[Path]) -> None:
        super().__init__(message)
        self.paths = paths


class ReportWriteError(ReportError):
    """The report cannot be written where asked: a file in the way, no permission, a full disk."""


@dataclass(frozen=True)
class ReportPaths:
    """The files a report wrote, how long each stage took (seconds), and warnings about the run it read (shards
    it skipped), one line each."""

    html: Path
    markdown: Path
    summary: Path
    plots: tuple[Path, ...]
    timings: dict[str, float] = field(default_factory=dict, compare=False)
    warnings: tuple[str, ...] = field(default=(), compare=False)

    def all(self) -> list[Path]:
        return [self.html, self.markdown, self.summary, *self.plots]


class StatusLine:
    """What the report is doing, on a stream (stderr by default), for a report that takes a while: one line that
    rewrites itself on a terminal, plain lines otherwise (a log keeps every stage). Call it with the stage's
    words; `done()` clears the terminal line, so the command's own output starts on a clean line."""

    def __init__(self, stream: TextIO | None = None) -> None:
        self.stream = stream if stream is not None else sys.stderr
        isatty = getattr(self.stream, "isatty", None)
        self.live = bool(isatty and isatty())
        self._width = 0

    def __call__(self, message: str) -> None:
        line = f"report: {message}"
        if self.live:  # pad over the longer line before it
            self.stream.write("\r" + line.ljust(self._width))
            self._width = len(line)
        else:
            self.stream.write(line + "\n")
        self.stream.flush()

    def done(self) -> None:
        if self.live and self._width:
            self.stream.write("\r" + " " * self._width + "\r")
            self.stream.flush()
            self._width = 0


def build_summary(run: RunLike | RunData | str | Path) -> dict[str, Any]:
    """Every figure of the report as a JSON-ready dict, from a run folder or a loaded run (nothing written)."""
    return to_summary(build_tables(run))


def _same_folder(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve() or (a.is_dir() and b.is_dir() and os.path.samefile(a, b))
    except OSError:
        return False


def _cannot(out: Path, reason: str) -> ReportWriteError:
    return ReportWriteError(f"cannot write the report to {out}: {one_line(reason)}")


def _os_reason(exc: OSError, out: Path) -> str:
    reason = exc.strerror or str(exc)
    name = Path(exc.filename) if isinstance(exc.filename, str) else None
    if name is not None and name != out and out in name.parents and not name.name.startswith(".tcgsim-report-"):
        return f"{name.relative_to(out)}: {reason}"
    return reason


def _check_destination(out: Path) -> None:
    """Fail before any work when a file stands where a folder must be."""
    try:
        for folder in (out, *out.parents):
            if folder.exists():
                if not folder.is_dir():
                    raise _cannot(out, "it is a file, not a folder" if folder == out else
                                  f"{folder} is a file, not a folder")
                break
    except OSError as exc:
        raise _cannot(out, _os_reason(exc, out)) from exc


def _previous_plots(out: Path) -> set[str]:
    """The plot files an earlier report in this folder recorded writing (summary.json), by name."""
    try:
        old = json.loads((out / "summary.json").read_text(encoding="utf-8"))
        files = [p.get("file") for p in old.get("plots", []) if isinstance(p, dict)]
    except (OSError, ValueError, AttributeError, TypeError):  # no earlier report, or not one we can read
        return set()
    return {f.removeprefix("plots/") for f in files if isinstance(f, str) and _OUR_PLOT.fullmatch(f)}


def _listed(paths: list[Path], out: Path, most: int = 6) -> str:
    names = [str(p.relative_to(out)) for p in paths]
    shown = ", ".join(names[:most])
    return shown + (f" and {len(names) - most} more" if len(names) > most else "")


def write_report(run_dir: str | Path | RunLike, out_dir: str | Path | None = None, *,
                 force: bool = False, status: Callable[[str], None] | None = None) -> ReportPaths:
    """Write report.html, report.md, summary.json and plots/*.png for the run in `run_dir` into `out_dir`
    (default: the run folder itself).

    In the run folder the files of an earlier report are replaced (they are tcgsim's own), and its plots that
    this report no longer draws are removed. Anywhere else, files the report would write that already exist
    raise ReportOutputExists unless `force`; with `force` only those files are replaced, nothing else is
    touched. Every file is written in full under a temporary name first and then renamed into place, so an
    interrupted or failed report never leaves half a file (nor, when it fails before the renames, any change).
    A run without games gives a short report that says so. `status`, when given, is told each stage as it
    starts ("tables...", "plots 3/14...", "writing..."): a `StatusLine` shows them on stderr.

    Raises ReportError for a folder that holds no readable run, ReportWriteError when the report cannot be
    written where asked."""
    clock = time.perf_counter()
    timings: dict[str, float] = {}
    say = status if status is not None else (lambda _: None)
    say("reading the run...")
    data = as_run(run_dir)
    if out_dir is None:
        if data.path is None:
            raise ReportError("out_dir is required when the run is not read from a folder")
        out = data.path
    else:
        out = Path(out_dir)
    in_place = data.path is not None and _same_folder(out, data.path)
    _check_destination(out)
    timings["read"] = time.perf_counter() - clock

    clock = time.perf_counter()
    say("tables...")
    tables = build_tables(data)
    jobs = plot_jobs(tables)
    timings["tables"] = time.perf_counter() - clock

    targets = {name: out / name for name in OUTPUTS} | {f"plots/{name}": out / "plots" / name for name, _ in jobs}
    try:
        if (out / "plots").exists() and not (out / "plots").is_dir():
            raise _cannot(out, "plots is a file, not a folder")
        if folders := [p for p in targets.values() if p.is_dir() and not p.is_symlink()]:
            raise _cannot(out, f"{_listed(folders, out)} {'is a folder' if len(folders) == 1 else 'are folders'}")
        existing = [p for p in targets.values() if p.exists() or p.is_symlink()]
    except OSError as exc:
        raise _cannot(out, _os_reason(exc, out)) from exc
    if existing and not in_place and not force:
        raise ReportOutputExists(f"{out} already holds {_listed(existing, out)}; pass --force to overwrite "
                                 f"{'it' if len(existing) == 1 else 'them'}", existing)
    stale = _previous_plots(out) - {name for name, _ in jobs} if in_place else set()

    created: list[Path] = []
    staging: Path | None = None
    try:
        created = [f for f in (out, *out.parents) if not f.exists()]
        out.mkdir(parents=True, exist_ok=True)
        # staged inside the output folder, so every rename into place stays on one file system (atomic)
        staging = Path(tempfile.mkdtemp(prefix=".tcgsim-report-", dir=out))
        clock = time.perf_counter()
        (staging / "plots").mkdir()
        plots: list[Plot] = []
        # the plots name the CJK font after the Latin one: Japanese card and deck names need it (fonts.py)
        with rc_context({"font.family": list(plot_families())}):
            for i, (name, draw) in enumerate(jobs, 1):
                say(f"plots {i}/{len(jobs)}...")
                plots.append(draw(staging / "plots" / name))
        timings["plots"] = time.perf_counter() - clock

        clock = time.perf_counter()
        say("writing...")
        doc = build_document(tables, plots)
        summary = to_summary(tables)
        summary["plots"] = [{"key": p.key, "file": f"plots/{p.path.name}", "title": p.title,
                             "caption": p.caption} for p in plots]
        (staging / "report.md").write_bytes(to_markdown(doc).encode("utf-8"))
        (staging / "report.html").write_bytes(to_html(doc).encode("utf-8"))
        (staging / "summary.json").write_bytes(
            (json.dumps(summary, indent=1, ensure_ascii=False, allow_nan=False) + "\n").encode("utf-8"))
        if jobs:
            (out / "plots").mkdir(exist_ok=True)
        # the page people open goes last: until it is in place, an earlier report.html still describes its files
        for name in [*(f"plots/{n}" for n, _ in jobs), "report.md", "summary.json", "report.html"]:
            os.replace(staging / name, targets[name])
        for name in stale:
            old = out / "plots" / name
            if old.is_file() and not old.is_symlink():
                old.unlink()
        timings["render"] = time.perf_counter() - clock
    except OSError as exc:
        if staging is not None:
            shutil.rmtree(staging, ignore_errors=True)
            staging = None
        for folder in created:  # the folders made for this report, if it left nothing in them
            try:
                folder.rmdir()
            except OSError:
                break
        hint = " (pass --out DIR to write it elsewhere)" if in_place and exc.errno in _READ_ONLY else ""
        raise _cannot(out, _os_reason(exc, out) + hint) from exc
    finally:
        if staging is not None:
            shutil.rmtree(staging, ignore_errors=True)
    return ReportPaths(html=targets["report.html"], markdown=targets["report.md"], summary=targets["summary.json"],
                       plots=tuple(out / "plots" / p.path.name for p in plots), timings=timings,
                       warnings=tuple(data.warnings))
