"""Measure report generation (never asserted by a test): time each stage of write_report on a run folder.

    .venv/bin/python -m tests.report.bench_report --games 10000          # a synthetic 5-deck run of that size
    .venv/bin/python -m tests.report.bench_report --run reports/my-run   # an existing run folder

The report is written into a temporary folder (the run folder is only read). Use the same command before and
after a change and compare.
"""

from __future__ import annotations

import argparse
import resource
import sys
import tempfile
import time
from pathlib import Path

from tcgsim.report import write_report
from tcgsim.report.data import read_run
from tests.report.synth import synthetic_run

DECKS = ("Firestorm", "Floodwater", "Grove Builder", "Night Raid", "Starlight")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--run", type=Path, help="an existing run folder (default: a synthetic one)")
    parser.add_argument("--games", type=int, default=10_000, help="games of the synthetic run (default 10000)")
    parser.add_argument("--repeat", type=int, default=1, help="report this many times; the best time is shown")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        run_dir = args.run
        if run_dir is None:
            clock = time.perf_counter()
            run_dir = synthetic_run(Path(tmp) / "run", games=args.games, decks=DECKS, seed=0)
            print(f"synthetic run of {args.games:,} games written in {time.perf_counter() - clock:.2f} s")
        data = read_run(run_dir)
        print(f"run: {run_dir} ({len(data.games):,} games, {len(data.tempo):,} tempo rows, "
              f"{len(data.cards):,} card rows)")
        best = None
        for i in range(args.repeat):
            clock = time.perf_counter()
            paths = write_report(run_dir, Path(tmp) / f"report{i}")
            total = time.perf_counter() - clock
            stages = ", ".join(f"{k} {v:.2f} s" for k, v in paths.timings.items())
            print(f"report {i + 1}: {total:.2f} s ({stages}); {len(paths.plots)} plots, "
                  f"report.html {paths.html.stat().st_size / 1e6:.1f} MB")
            best = total if best is None else min(best, total)
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(f"best: {best:.2f} s; peak memory {peak:.0f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
