"""Shared pieces of the simulation tests: deck paths, a reference run, an agent that crashes on purpose."""

from __future__ import annotations

import random
import sys
import types
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

import tcgsim.agents
from tcgsim.sim import execute, load_run, plan_simulation

REPO = Path(__file__).resolve().parents[2]
RED = str(REPO / "decks" / "mana" / "firestorm.yaml")
BLUE = str(REPO / "decks" / "mana" / "night-raid.yaml")
GREEN = str(REPO / "decks" / "mana" / "grove-builder.yaml")
TABLES = ("games", "tempo", "cards")
GAMES, SEED = 40, 5  # the reference run: small, so the suite stays fast


class CrashyAgent:
    """Plays at random and now and then raises, from its seeded generator: the same games crash on a replay."""

    name = "crashy"

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        if rng.random() < 0.01:
            raise RuntimeError("crashy agent gave up")
        return legal[rng.randrange(len(legal))]


@pytest.fixture()
def crashy(monkeypatch: pytest.MonkeyPatch) -> str:
    """Register the crashy agent for this test (forked workers inherit it; `tcgsim play` finds it too)."""
    monkeypatch.setitem(tcgsim.agents.GENERIC, "crashy", CrashyAgent)
    return "crashy"


@pytest.fixture(autouse=True)
def no_report(monkeypatch: pytest.MonkeyPatch) -> None:
    """The report package is another module's business: here it is absent unless a test installs a fake."""
    monkeypatch.setitem(sys.modules, "tcgsim.report", types.ModuleType("tcgsim.report"))


@pytest.fixture(scope="session")
def reference(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """RED vs BLUE, GAMES games, seed SEED, one worker (in this process): what every other way must match."""
    folder = tmp_path_factory.mktemp("reference") / "run"
    execute(plan_simulation([RED, BLUE], GAMES, SEED), folder, workers=1)
    return folder


def assert_same_tables(a: Path, b: Path) -> None:
    """The same rows (DataFrames equal) and the same bytes in each table."""
    run_a, run_b = load_run(a), load_run(b)
    for table in TABLES:
        pd.testing.assert_frame_equal(getattr(run_a, table), getattr(run_b, table))
        assert (a / f"{table}.parquet").read_bytes() == (b / f"{table}.parquet").read_bytes(), table
