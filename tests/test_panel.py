"""AI panels (tcgsim.panel, `tcgsim matchups --ai-panel`): Kendall's tau by hand, the joint bootstrap over the
shared deals, reversals and flipped matchups, and a real panel through the command line."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pandas as pd
import pytest

from tcgsim import panel as P
from tcgsim import ranking as R
from tests.test_ranking import KEYS3, two_player_field


def test_kendall_tau_by_hand() -> None:
    assert P.kendall_tau([1, 2, 3, 4], [10, 20, 30, 40]) == pytest.approx(1.0)
    assert P.kendall_tau([1, 2, 3, 4], [4, 3, 2, 1]) == pytest.approx(-1.0)
    # pairs (6): one discordant (3, 4 swapped) -> (5 - 1) / 6
    assert P.kendall_tau([1, 2, 3, 4], [1, 2, 4, 3]) == pytest.approx(4 / 6)
    # tau-b with a tie in y: untied pairs 6 in x, 5 in y; concordant 5, discordant 0 -> 5 / sqrt(30)
    assert P.kendall_tau([1, 2, 3, 4], [1, 2, 3, 3]) == pytest.approx(5 / np.sqrt(30))
    assert np.isnan(P.kendall_tau([1, 1], [1, 2]))


def test_joint_resamples_of_one_field_agree_perfectly() -> None:
    """Two runs with the same games resampled jointly rank alike in every resample (tau 1); resampled apart
    they would not, which is the noise a joint bootstrap keeps out of a comparison of AIs on the same deals."""
    field, _, _ = two_player_field({("A", "B"): (6, 4, 0), ("B", "C"): (5, 5, 0), ("A", "C"): (6, 4, 0)}, KEYS3)
    a, b = R.joint_bootstrap_ratings([field, field], seed=3, resamples=100)
    assert np.array_equal(a, b)
    apart = R.joint_bootstrap_ratings([field], seed=4, resamples=100)[0]
    taus = [P.kendall_tau(x, y) for x, y in zip(a, apart, strict=True)]
    assert min(taus) < 1.0


def test_joint_resamples_refuse_fields_with_other_deals() -> None:
    one, _, _ = two_player_field({("A", "B"): (6, 4, 0)}, ("A", "B"))
    other, _, _ = two_player_field({("A", "B"): (9, 5, 0)}, ("A", "B"))
    with pytest.raises(ValueError, match="same deals"):
        R.joint_bootstrap_ratings([one, other], seed=0, resamples=10)


def _cells(rows: list[tuple[str, str, float, float, float, int]]) -> SimpleNamespace:
    return SimpleNamespace(matchups=pd.DataFrame(rows, columns=["deck", "opponent", "win_rate", "ci_low", "ci_high",
                                                                "games"]))


def test_a_matchup_flips_only_when_both_intervals_exclude_half() -> None:
    builder = _cells([("A", "B", 0.62, 0.55, 0.69, 200), ("B", "A", 0.38, 0.31, 0.45, 200),
                      ("A", "C", 0.53, 0.46, 0.60, 200), ("C", "A", 0.47, 0.40, 0.54, 200)])
    raider = _cells([("A", "B", 0.40, 0.33, 0.47, 200), ("B", "A", 0.60, 0.53, 0.67, 200),
                     ("A", "C", 0.40, 0.33, 0.47, 200), ("C", "A", 0.60, 0.53, 0.67, 200)])
    flips = P._flips([builder, raider], ["builder", "raider"])
    assert [(f.deck, f.opponent, f.winning_ai, f.losing_ai) for f in flips] == [("A", "B", "builder", "raider")]


def test_the_verdict_comes_first_and_says_when_the_ais_disagree() -> None:
    flip = P.Flip("A", "B", "builder", 0.62, (0.55, 0.69), "raider", 0.40, (0.33, 0.47), 200)
    members = (P.Member("builder", "x/builder", ("A", "B"), (10.0, -10.0)),
               P.Member("raider", "x/raider", ("B", "A"), (-5.0, 5.0)))
    agree = (P.Agreement("builder", "raider", -1.0, -1.0, 1.0, 100),)
    disagreeing = P.Panel(("A", "B"), members, agree, (), (flip,), 400)
    assert disagreeing.disagrees
    assert P.panel_lines(disagreeing)[0].startswith("The AIs disagree beyond noise")
    calm = P.Panel(("A", "B"), members, agree, (), (), 400)
    assert not calm.disagrees and P.panel_lines(calm)[0].startswith("No disagreement beyond noise")


# --------------------------------------------------------------------------------------------- through the CLI

DECKS = Path(__file__).resolve().parent.parent / "decks" / "mana"
PANEL_DECKS = [str(DECKS / n) for n in ("firestorm.yaml", "night-raid.yaml", "grove-builder.yaml")]


def _cli(*args: str) -> tuple[int, str, str]:
    from typer.testing import CliRunner

    from tcgsim.cli import app

    result = CliRunner().invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_a_panel_plays_the_field_under_each_ai_and_compares(tmp_path: Path) -> None:
    out = tmp_path / "panel"
    args = (*PANEL_DECKS, "--games", "20", "--seed", "5", "--ai-panel", "builder,raider", "--out", str(out),
            "--no-report", "--quiet")
    code, stdout, stderr = _cli("matchups", *args)
    assert code == 0, stderr
    verdict = [ln for ln in stdout.splitlines() if "beyond noise" in ln]
    assert verdict and stdout.splitlines().index(verdict[0]) < stdout.splitlines().index(
        next(ln for ln in stdout.splitlines() if "Kendall tau" in ln))  # the verdict before the figures
    data = json.loads((out / "panel.json").read_text(encoding="utf-8"))
    assert data["format"] == "tcgsim-panel/1" and [m["ai"] for m in data["members"]] == ["builder", "raider"]
    (tau,) = data["agreements"]
    assert -1.0 <= tau["low"] <= tau["tau"] <= tau["high"] <= 1.0
    for ai in ("builder", "raider"):  # each AI's run is an ordinary run folder, every seat played by that AI
        games = pd.read_parquet(out / ai / "games.parquet")
        assert set(games["ai_0"]) | set(games["ai_1"]) == {ai}
        assert len(games) == 3 * 20
    first = (out / "panel.json").read_bytes()
    code, _, _ = _cli("matchups", *args)  # again: the runs are found complete and reused, the figures the same
    assert code == 0 and (out / "panel.json").read_bytes() == first


@pytest.mark.parametrize("extra", [("--ai-panel", "builder"), ("--ai-panel", "builder,builder"),
                                   ("--ai-panel", "builder,raider", "--ai", "random"),
                                   ("--ai-panel", "builder,nobody")])
def test_a_panel_that_cannot_run_is_one_line(tmp_path: Path, extra: tuple[str, ...]) -> None:
    code, _, stderr = _cli("matchups", *PANEL_DECKS, "--games", "4", "--out", str(tmp_path / "p"), *extra)
    assert code in (1, 2) and len(stderr.strip().splitlines()) == 1 and "Traceback" not in stderr
    assert not (tmp_path / "p" / "builder" / "games.parquet").exists()
