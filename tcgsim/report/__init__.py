"""Reports on a result store: win rates with intervals, seat advantage, matchups and ranking, game length and
endings, tempo curves and per-card figures, as report.html (self-contained), report.md, summary.json and
plots/*.png.

    from tcgsim.report import write_report, build_summary
    paths = write_report("runs/2024-06-01")       # writes into the run folder
    figures = build_summary("runs/2024-06-01")     # the same figures as a dict, nothing written

Layout: `metrics` (pure statistics), `tables` (a DataFrame per section, the notes, summary), `plots`, `render`
(Markdown and HTML from one document), `data` (reading a run folder).
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tcgsim.report.data import ReportError, RunData, RunLike, as_run, read_run
from tcgsim.report.plots import draw_all
from tcgsim.report.render import build_document, to_html, to_markdown
from tcgsim.report.tables import ReportTables, build_tables, to_summary

__all__ = ["ReportError", "ReportPaths", "ReportTables", "RunData", "build_summary", "build_tables", "read_run",
           "write_report"]


@dataclass(frozen=True)
class ReportPaths:
    """The files a report wrote, and how long each stage took (seconds)."""

    html: Path
    markdown: Path
    summary: Path
    plots: tuple[Path, ...]
    timings: dict[str, float] = field(default_factory=dict, compare=False)

    def all(self) -> list[Path]:
        return [self.html, self.markdown, self.summary, *self.plots]


def build_summary(run: RunLike | RunData | str | Path) -> dict[str, Any]:
    """Every figure of the report as a JSON-ready dict, from a run folder or a loaded run (nothing written)."""
    return to_summary(build_tables(run))


def write_report(run_dir: str | Path | RunLike, out_dir: str | Path | None = None) -> ReportPaths:
    """Write report.html, report.md, summary.json and plots/*.png for the run in `run_dir` into `out_dir`
    (default: the run folder itself). Raises ReportError for a folder that holds no readable run."""
    clock = time.perf_counter()
    timings: dict[str, float] = {}
    data = as_run(run_dir)
    if out_dir is None:
        if data.path is None:
            raise ReportError("out_dir is required when the run is not read from a folder")
        out_dir = data.path
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    timings["read"] = time.perf_counter() - clock

    clock = time.perf_counter()
    tables = build_tables(data)
    timings["tables"] = time.perf_counter() - clock

    clock = time.perf_counter()
    plots = draw_all(tables, out)
    timings["plots"] = time.perf_counter() - clock

    clock = time.perf_counter()
    doc = build_document(tables, plots)
    summary = to_summary(tables)
    summary["plots"] = [{"key": p.key, "file": f"plots/{p.path.name}", "title": p.title, "caption": p.caption}
                        for p in plots]
    paths = ReportPaths(html=out / "report.html", markdown=out / "report.md", summary=out / "summary.json",
                        plots=tuple(p.path for p in plots), timings=timings)
    paths.markdown.write_text(to_markdown(doc), encoding="utf-8")
    paths.html.write_text(to_html(doc), encoding="utf-8")
    paths.summary.write_text(json.dumps(summary, indent=1, ensure_ascii=False, allow_nan=False) + "\n",
                             encoding="utf-8")
    timings["render"] = time.perf_counter() - clock
    return paths
