"""What this machine offers a run: the cores this process may use. A module of its own, outside tcgsim.sim, so
that `tcgsim bench` can ask it without loading the simulation package (numpy and the result store), which would
count in the memory the benchmark measures."""

from __future__ import annotations

import os

__all__ = ["available_cores"]


def available_cores() -> int:
    """The cores this process may run on (what --workers defaults to, and caps at)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)
