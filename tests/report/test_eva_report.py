"""The report of a real three-player eva run: Japanese names drawn without a missing glyph, `metric_deck`
named by its meaning, the city-wide metrics drawn once, the turn counter worded for 3 players, and the
ranking's deck figures the deck's own."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TCGSIM = ROOT / ".venv" / "bin" / "tcgsim"
DECKS = [ROOT / "decks" / "eva" / name for name in ("reis_bonds.yaml", "gendos_scenario.yaml",
                                                   "shinjis_longing.yaml")]


@pytest.fixture(scope="module")
def eva_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """A 30-game 3-player eva run and the stderr of `tcgsim report` over it."""
    if not TCGSIM.exists():
        pytest.skip("no .venv/bin/tcgsim")
    run = tmp_path_factory.mktemp("eva") / "run"
    sim = subprocess.run([str(TCGSIM), "simulate", *map(str, DECKS), "--games", "30", "--seed", "3", "--out",
                          str(run), "-w", "1", "-q", "--no-report"], capture_output=True, text=True, timeout=300)
    assert sim.returncode == 0, sim.stderr[-2000:]
    rep = subprocess.run([str(TCGSIM), "report", str(run)], capture_output=True, text=True, timeout=300)
    assert rep.returncode == 0, rep.stderr[-2000:]
    return run, rep.stderr


def test_no_missing_glyph_for_japanese_names(eva_run: tuple[Path, str]) -> None:
    _, stderr = eva_run
    assert "Glyph" not in stderr and "missing from font" not in stderr, stderr[-2000:]
    assert "report: plots 1/" in stderr  # the status line, off a terminal: plain lines


def test_metric_deck_is_named_by_its_meaning(eva_run: tuple[Path, str]) -> None:
    run, _ = eva_run
    md = (run / "report.md").read_text(encoding="utf-8")
    assert "cards left in the deck" in md
    tempo = md[md.index("## Tempo"):md.index("## Cards")]
    assert "| metric_deck |" not in tempo and "`metric_deck`: cards left in the deck" in tempo


def test_city_metrics_once_and_every_players_turn(eva_run: tuple[Path, str]) -> None:
    from tcgsim.report import build_tables

    run, _ = eva_run
    t = build_tables(run)
    assert "angels_defeated" in t.shared_metrics and "hand" not in t.shared_metrics
    md = (run / "report.md").read_text(encoding="utf-8")
    angels = [line for line in md.splitlines() if line.startswith("| 使徒 defeated so far")]
    assert len(angels) == 1 and "| every player |" in angels[0]  # one row, not one per deck
    from tcgsim.report.plots import turns_words

    assert turns_words(t.n_players) == "every player's turn counts"


def test_ranking_shows_the_decks_own_win_rate_and_games(eva_run: tuple[Path, str]) -> None:
    run, _ = eva_run
    summary = json.loads((run / "summary.json").read_text(encoding="utf-8"))
    md = (run / "report.md").read_text(encoding="utf-8")
    verdict = md[md.index("## Verdict"):md.index("## Key findings")]
    for deck in summary["decks"]:
        own = f"{100 * deck['win_rate']:.1f}% ({deck['games']:,})"
        assert f"**{deck['deck']}**" in verdict and own in verdict, (own, verdict)
    assert "mean head-to-head" in md and "pair results exceed the deck's games" in md
