"""tcgsim compare and --baseline: the paired difference by hand, a real edited deck through the command line,
refusals of runs that do not pair, and a baseline run that replays the baseline's deals."""

from __future__ import annotations

import json
import math
import re
import shutil
from pathlib import Path

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from tcgsim import stats
from tcgsim.cli import app
from tcgsim.compare import (
    Comparison,
    DeckComparison,
    MatchupDifference,
    RunsDoNotPair,
    Verdict,
    compare_runs,
    holm_corrected,
    paired_difference,
    paired_t_p,
)
from tcgsim.games import all_lose_reasons
from tcgsim.sim import execute, load_run, plan_simulation

REPO = Path(__file__).resolve().parent
FIRE = str(REPO.parent / "decks" / "mana" / "firestorm.yaml")
NIGHT = str(REPO.parent / "decks" / "mana" / "night-raid.yaml")
GROVE = str(REPO.parent / "decks" / "mana" / "grove-builder.yaml")
GAMES, SEED = 20, 11  # small: a few seconds a run on one core
EVA = [str(REPO.parent / "decks" / "eva" / f"{name}.yaml") for name in
       ("commander_katsuragi", "gendos_scenario", "reis_bonds")]

runner = CliRunner()


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def edited_night_raid(folder: Path) -> str:
    """Night Raid with one card swapped (its Dior Harp for a third Jajara): same name, another sha256."""
    text = Path(NIGHT).read_text(encoding="utf-8")
    assert "  Dior Harp: 1\n" in text and "  Jajara: 2\n" in text
    path = folder / "night-raid.yaml"
    path.write_text(text.replace("  Dior Harp: 1\n", "").replace("  Jajara: 2\n", "  Jajara: 3\n"), encoding="utf-8")
    return str(path)


# --------------------------------------------------------------------------------------------- by hand


def test_t_quantile_matches_the_tables() -> None:
    for df, expected in [(1, 12.7062047), (2, 4.3026527), (3, 3.1824463), (9, 2.2621572), (30, 2.0422725),
                         (1000, 1.9623391)]:
        assert stats.t_quantile(0.975, df) == pytest.approx(expected, abs=1e-6)
    assert stats.t_quantile(0.025, 5) == pytest.approx(-stats.t_quantile(0.975, 5))
    assert stats.t_cdf(0.0, 7) == pytest.approx(0.5)


def test_paired_t_interval_by_hand() -> None:
    # differences 1, 0, -1, 1: mean 0.25, sd sqrt(2.75 / 3) = 0.957427, se 0.478714, t(3) = 3.182446
    mean, lo, hi = stats.paired_t_interval([1, 0, -1, 1])
    assert mean == pytest.approx(0.25)
    assert lo == pytest.approx(0.25 - 1.523480, abs=1e-6) and hi == pytest.approx(0.25 + 1.523480, abs=1e-6)
    assert math.isnan(stats.paired_t_interval([0.5])[1])
    assert all(math.isnan(x) for x in stats.paired_t_interval([]))


def test_paired_difference_by_hand() -> None:
    # three pairs of two games; per game B - A: 0, 1 | 0, 0 | 1, 0 -> per pair 0.5, 0, 0.5: mean 1/3,
    # sd sqrt(1/12) = 0.288675, se 0.166667, t(2) = 4.302653: half-width 0.717109
    a = [1, 0, 1, 1, 0, 0]
    b = [1, 1, 1, 1, 1, 0]
    d = paired_difference(a, b, [0, 0, 1, 1, 2, 2])
    assert (d.pairs, d.games, d.left_out) == (3, 6, 0)
    assert d.win_rate_a == pytest.approx(3 / 6) and d.win_rate_b == pytest.approx(5 / 6)
    assert d.difference == pytest.approx(1 / 3)
    assert d.ci_low == pytest.approx(1 / 3 - 0.717109, abs=1e-6)
    assert d.ci_high == pytest.approx(1 / 3 + 0.717109, abs=1e-6)
    assert d.verdict is Verdict.NONE
    # a game without a result in either run (NaN) leaves its pair with the other game
    e = paired_difference([1, np.nan, 0, 0], [1, 1, 1, 1], [0, 0, 1, 1])
    assert (e.pairs, e.games, e.left_out) == (2, 3, 1)
    assert e.difference == pytest.approx((0 + 1) / 2)
    # every pair better by the same amount: a difference is claimed
    up = paired_difference([0, 0, 0, 0, 0, 0], [1, 0, 1, 0, 1, 0], [0, 0, 1, 1, 2, 2])
    assert up.verdict is Verdict.HELPED and up.difference == pytest.approx(0.5)
    assert "the edit helped: +50.0 points" in up.verdict_line()
    down = paired_difference([1, 0, 1, 0, 1, 0], [0, 0, 0, 0, 0, 0], [0, 0, 1, 1, 2, 2])
    assert down.verdict is Verdict.HURT


def test_paired_t_p_by_hand() -> None:
    # two degrees of freedom: T(t; 2) = 1/2 + t / (2 sqrt(2 + t^2)), so p = 1 - |t| / sqrt(2 + t^2)
    # differences 1, 1, 0.5: mean 5/6, s = sqrt(1/12), s / sqrt(3) = 1/6: t = 5, p = 1 - 5 / sqrt(27)
    assert paired_t_p([1, 1, 0.5]) == pytest.approx(1 - 5 / math.sqrt(27), abs=1e-12)
    assert paired_t_p([-1, -1, -0.5]) == pytest.approx(1 - 5 / math.sqrt(27), abs=1e-12)
    # 0.5, 0.5, 0: mean 1/3, the same s: t = 2, p = 1 - 2 / sqrt(6)
    assert paired_t_p([0.5, 0.5, 0]) == pytest.approx(1 - 2 / math.sqrt(6), abs=1e-12)
    # one degree of freedom (Cauchy): p = 1 - (2 / pi) atan|t|; 1, 0: mean 1/2, s / sqrt(2) = 1/2, t = 1
    assert paired_t_p([1, 0]) == pytest.approx(0.5, abs=1e-12)
    assert math.isnan(paired_t_p([0.5])) and paired_t_p([0.5, 0.5]) == 0.0 and paired_t_p([0, 0, 0]) == 1.0


def _three_opponents() -> list[MatchupDifference]:
    """Three opponents, three pairs of two games each, the per-pair differences B - A by construction:
    X 1, 1, 0.5 (t = 5); Y 0.5, 0.5, 0 (t = 2); Z 0, 0.5, -0.5 (t = 0), all with 2 degrees of freedom."""
    pairs = [0, 0, 1, 1, 2, 2]
    x = paired_difference([0, 0, 0, 0, 0, 1], [1, 1, 1, 1, 1, 1], pairs)
    y = paired_difference([0, 0, 0, 0, 0, 0], [1, 0, 1, 0, 0, 0], pairs)
    z = paired_difference([1, 0, 0, 0, 1, 0], [1, 0, 1, 0, 0, 0], pairs)
    return [MatchupDifference(m, f"Hero vs {k}", (k,), d)
            for m, (k, d) in enumerate(zip("XYZ", (x, y, z), strict=True))]


def test_holm_over_three_opponents_by_hand() -> None:
    x, y, z = _three_opponents()
    # plain: X's interval is 5/6 +- t(0.975, 2) / 6 = 0.833333 +- 0.717109, clear of 0: significant at 95%
    assert x.difference.verdict is Verdict.HELPED and x.difference.ci_low == pytest.approx(0.116225, abs=1e-6)
    p_x, p_y, p_z = 1 - 5 / math.sqrt(27), 1 - 2 / math.sqrt(6), 1.0  # 0.037750, 0.183503, 1
    assert [r.difference.p_value for r in (x, y, z)] == pytest.approx([p_x, p_y, p_z], abs=1e-12)
    # Holm, smallest first: 3 p_x = 0.113249, max(that, 2 p_y = 0.367007), max(that, p_z = 1)
    hx, hy, hz = holm_corrected([x, y, z])
    assert hx.p_holm == pytest.approx(3 * p_x, abs=1e-12) and hx.p_holm == pytest.approx(0.113249, abs=1e-6)
    assert hy.p_holm == pytest.approx(2 * p_y, abs=1e-12) and hy.p_holm == pytest.approx(0.367007, abs=1e-6)
    assert hz.p_holm == 1.0
    # X is no longer a difference; its interval stays the plain one
    assert [r.difference.verdict for r in (hx, hy, hz)] == [Verdict.NONE] * 3
    assert (hx.difference.ci_low, hx.difference.ci_high) == (x.difference.ci_low, x.difference.ci_high)
    assert hx.difference.p_value == x.difference.p_value
    # the order of the rows does not matter
    assert [r.p_holm for r in holm_corrected([z, x, y])] == [hz.p_holm, hx.p_holm, hy.p_holm]
    # one opponent: Holm is the plain test
    (alone,) = holm_corrected([x])
    assert alone.p_holm == pytest.approx(p_x, abs=1e-15) and alone.difference.verdict is Verdict.HELPED
    # a row under two pairs has no p-value: it is not counted in the family
    few = MatchupDifference(9, "Hero vs W", ("W",), paired_difference([0, 0], [1, 1], [0, 0]))
    hx2, hy2, _, hw = holm_corrected([x, y, z, few])
    assert (hx2.p_holm, hy2.p_holm) == (hx.p_holm, hy.p_holm)
    assert math.isnan(hw.p_holm) and hw.difference.verdict is Verdict.TOO_FEW


def test_holm_rows_in_text_and_json() -> None:
    rows = holm_corrected(_three_opponents())
    overall = paired_difference([0] * 6, [1] * 6, [0, 0, 1, 1, 2, 2])
    deck = DeckComparison(0, "Hero", "Hero", "a" * 64, "b" * 64, overall, rows)
    c = Comparison(Path("a"), Path("b"), "mana", "matchups", 1, 36, (deck,), ())
    out = "\n".join(c.lines())
    assert "verdicts Holm-corrected over 3 opponents" in out and "the plain t interval" in out
    assert "95% (plain)" in out and "p (Holm)" in out and "not met" not in out  # two-player rows all meet
    x_row = next(line for line in out.splitlines() if line.lstrip().startswith("X "))
    assert "+11.6..+155.0" in x_row and "0.113" in x_row and x_row.endswith("no difference")
    data = c.to_json()
    (d,) = data["decks"]
    assert [m["p_holm"] for m in d["matchups"]] == pytest.approx([0.113249, 0.367007, 1.0], abs=1e-6)
    assert [m["difference"]["p_value"] for m in d["matchups"]] == pytest.approx([0.037750, 0.183503, 1.0],
                                                                               abs=1e-6)
    assert [m["difference"]["verdict"] for m in d["matchups"]] == ["none"] * 3
    assert "Holm" in data["method"]


def _set_winners(folder: Path, winners: list[int]) -> None:
    """Rewrite games.parquet's winner_seat / winner_deck (and reason) to the given seats, game by game."""
    table = pq.read_table(folder / "games.parquet")
    frame = table.to_pandas()
    frame["winner_seat"] = pd.array(winners, dtype="Int8")
    frame["winner_deck"] = [frame.at[i, f"deck_{w}"] for i, w in enumerate(winners)]
    pq.write_table(pa.Table.from_pandas(frame, schema=table.schema, preserve_index=False), folder / "games.parquet")


def test_constructed_pair_of_runs_by_hand(tmp_path: Path) -> None:
    """A 4-game run (two pairs) and a copy of it where Night Raid's file differs, the winners set by hand."""
    a = tmp_path / "a"
    execute(plan_simulation([FIRE, NIGHT], 4, SEED), a, workers=1)
    b = tmp_path / "b"
    shutil.copytree(a, b)
    meta = json.loads((b / "run.json").read_text(encoding="utf-8"))
    meta["decks"][1]["sha256"] = "0" * 64
    (b / "run.json").write_text(json.dumps(meta), encoding="utf-8")
    games = load_run(a).games
    night_seat = [int(row.deck_1 == "Night Raid") for row in games.itertuples()]  # Night Raid's seat per game
    fire_seat = [1 - s for s in night_seat]
    # A: Night Raid wins game 0 only; B: it wins games 0, 1 and 2. Pair 0 (games 0, 1): +0.5; pair 1: +0.5
    _set_winners(a, [night_seat[0], fire_seat[1], fire_seat[2], fire_seat[3]])
    _set_winners(b, [night_seat[0], night_seat[1], night_seat[2], fire_seat[3]])
    c = compare_runs(a, b)
    assert len(c.decks) == 1 and not c.confounded
    deck = c.decks[0]
    assert (deck.position, deck.key_b) == (1, "Night Raid")
    d = deck.overall
    assert (d.pairs, d.games) == (2, 4)
    assert (d.win_rate_a, d.win_rate_b) == (0.25, 0.75)
    assert d.difference == pytest.approx(0.5)
    assert (d.ci_low, d.ci_high) == (pytest.approx(0.5), pytest.approx(0.5))  # both pairs +0.5: sd 0
    assert d.verdict is Verdict.HELPED
    assert [m.opponents for m in deck.matchups] == [("Firestorm",)]
    data = c.to_json()
    assert data["decks"][0]["overall"]["verdict"] == "helped" and data["confounded"] is False


# ------------------------------------------------------------------------------------- through the CLI


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """Run A (Firestorm vs Night Raid) and run B, Night Raid edited, made with --baseline A."""
    root = tmp_path_factory.mktemp("pair")
    a, b = root / "a", root / "b"
    code, _, err = run("simulate", FIRE, NIGHT, "--games", str(GAMES), "--seed", str(SEED), "--out", str(a),
                       "-w", "1", "-q", "--no-report")
    assert code == 0, err
    code, _, err = run("simulate", FIRE, edited_night_raid(root), "--baseline", str(a), "--out", str(b),
                       "-w", "1", "-q", "--no-report")
    assert code == 0, err
    return a, b


def test_compare_prints_a_verdict_line(pair: tuple[Path, Path]) -> None:
    a, b = pair
    code, out, err = run("compare", str(a), str(b))
    assert code == 0, err
    assert "Night Raid" in out and "Firestorm" in out
    verdict = re.search(r"(the edit helped|the edit hurt|no measurable difference): [+-]\d+\.\d points "
                        rf"\(95% [+-]\d+\.\d\.\.[+-]\d+\.\d\), {GAMES} paired games", out)
    assert verdict is not None, out


def test_compare_json(pair: tuple[Path, Path]) -> None:
    a, b = pair
    code, out, err = run("compare", str(a), str(b), "--format", "json")
    assert code == 0, err
    data = json.loads(out)
    assert data["run_seed"] == SEED and data["games"] == GAMES and data["confounded"] is False
    (deck,) = data["decks"]
    assert deck["key_a"] == deck["key_b"] == "Night Raid" and deck["sha256_a"] != deck["sha256_b"]
    overall = deck["overall"]
    assert overall["games"] == GAMES and overall["pairs"] == GAMES // 2
    assert overall["verdict"] in {v.value for v in Verdict}
    assert overall["difference"] == pytest.approx(overall["win_rate_b"] - overall["win_rate_a"])
    assert [m["opponents"] for m in deck["matchups"]] == [["Firestorm"]]
    assert "t interval" in data["method"]


def test_baseline_takes_the_seed_and_plan(pair: tuple[Path, Path]) -> None:
    a, b = pair
    meta_a, meta_b = (json.loads((p / "run.json").read_text(encoding="utf-8")) for p in pair)
    assert meta_b["seeds"] == meta_a["seeds"] and meta_b["games_per_matchup"] == meta_a["games_per_matchup"]
    games_a, games_b = load_run(a).games, load_run(b).games
    key = ["matchup_id", "pair", "rotation", "game_id", "game_seed", "deck_0", "deck_1"]
    pd.testing.assert_frame_equal(games_a[key], games_b[key])


def test_the_same_run_twice_has_no_deck_that_differs(pair: tuple[Path, Path]) -> None:
    a, _ = pair
    code, out, _ = run("compare", str(a), str(a))
    assert code == 0 and "no deck differs" in out
    code, out, _ = run("compare", str(a), str(a), "--format", "json")
    assert code == 0 and json.loads(out)["decks"] == []


def test_baseline_reproduces_the_unchanged_matchups(tmp_path: Path) -> None:
    """A matchups run of three decks, then the same with Night Raid edited against it: the matchup without
    Night Raid plays exactly the same games (every column of games.parquet, every tempo row), and every
    game keeps its id and seed."""
    a, b = tmp_path / "a", tmp_path / "b"
    code, _, err = run("matchups", FIRE, NIGHT, GROVE, "--games", "8", "--seed", "4", "--out", str(a), "-w", "1",
                       "-q", "--no-report")
    assert code == 0, err
    code, _, err = run("matchups", FIRE, edited_night_raid(tmp_path), GROVE, "--baseline", str(a), "--out", str(b),
                       "-w", "1", "-q", "--no-report")
    assert code == 0, err
    run_a, run_b = load_run(a), load_run(b)
    assert run_a.games["game_seed"].tolist() == run_b.games["game_seed"].tolist()
    assert run_a.games["game_id"].tolist() == run_b.games["game_id"].tolist()
    untouched = [m["matchup_id"] for m in run_a.meta["matchups"] if "Night Raid" not in m["decks"]]
    assert untouched  # Firestorm vs Grove Builder
    ids = run_a.games.loc[run_a.games["matchup_id"].isin(untouched), "game_id"]
    for table in ("games", "tempo"):
        x, y = getattr(run_a, table), getattr(run_b, table)
        pd.testing.assert_frame_equal(x[x["game_id"].isin(ids)].reset_index(drop=True),
                                      y[y["game_id"].isin(ids)].reset_index(drop=True))
    code, _, err = run("matchups", FIRE, NIGHT, "--baseline", str(a), "--out", str(tmp_path / "c"), "-q")
    assert code == 2 and "number of decks 3 in the baseline, 2 in this run" in err
    code, out, _ = run("compare", str(a), str(b), "--format", "json")
    assert code == 0
    (deck,) = json.loads(out)["decks"]
    assert sorted(m["opponents"][0] for m in deck["matchups"]) == ["Firestorm", "Grove Builder"]


def edited_reis_bonds(folder: Path) -> str:
    """Rei's Bonds with one Thank You swapped for a third Kozo Fuyutsuki: still a legal eva deck."""
    text = Path(EVA[2]).read_text(encoding="utf-8")
    assert "  Thank You: 2\n" in text and "  Kozo Fuyutsuki: 2\n" in text
    path = folder / "reis_bonds.yaml"
    path.write_text(text.replace("  Thank You: 2\n", "  Thank You: 1\n")
                    .replace("  Kozo Fuyutsuki: 2\n", "  Kozo Fuyutsuki: 3\n"), encoding="utf-8")
    return str(path)


def _by_hand(games: pd.DataFrame, deck: str, opponent: str | None) -> pd.Series:
    """The deck's points per game from games.parquet's winner_deck alone: its own (opponent None: a win 1, a loss
    or a game everyone lost 0) or head to head against `opponent` (a game everyone lost is a draw between the two,
    1/2), NaN where the two did not meet (a third deck won). Every game of these runs was decided or lost by all."""
    won = games["winner_deck"]
    all_lost = won.isna()
    assert games["reason"][all_lost].isin(all_lose_reasons("eva")).all()
    own = (won == deck).astype(float)
    if opponent is None:
        return own
    return own.where(~all_lost, 0.5).where(won.isin([deck, opponent]) | all_lost)


def test_three_player_eva_pairs_rotations_and_reports_head_to_head(tmp_path: Path) -> None:
    """simulate of three eva decks (one matchup, every game with all three, 3 rotations a pair), then the same
    with Rei's Bonds edited and --baseline: compare pairs each deal's three rotations, gives Rei's Bonds'
    difference, and a row per opponent with the matrix's head-to-head (met: one of the two won)."""
    a, b = tmp_path / "a", tmp_path / "b"
    edited = edited_reis_bonds(tmp_path)
    code, out, err = run("validate", edited)
    assert code == 0 and "valid eva deck" in out, out + err
    code, _, err = run("simulate", *EVA, "--games", "12", "--seed", "3", "--out", str(a), "-w", "1", "-q",
                       "--no-report")
    assert code == 0, err
    code, _, err = run("simulate", *EVA[:2], edited, "--baseline", str(a), "--out", str(b), "-w", "1", "-q",
                       "--no-report")
    assert code == 0, err
    ga, gb = load_run(a).games, load_run(b).games
    # the plan: 4 pairs of 3 rotations, a pair's games share their seed, the deck sits in every seat once a pair
    key = ["matchup_id", "pair", "rotation", "game_id", "game_seed", "deck_0", "deck_1", "deck_2"]
    pd.testing.assert_frame_equal(ga[key], gb[key])
    assert ga.groupby("pair")["rotation"].apply(sorted).tolist() == [[0, 1, 2]] * 4
    assert (ga.groupby("pair")["game_seed"].nunique() == 1).all() and ga["game_seed"].nunique() == 4
    for _, games in ga.groupby("pair"):
        seats = [[s for s in range(3) if row[f"deck_{s}"] == "Rei's Bonds"] for _, row in games.iterrows()]
        assert sorted(s for (s,) in seats) == [0, 1, 2]
    assert (ga["winner_deck"] != gb["winner_deck"]).any()  # the edit changed some games

    code, out, err = run("compare", str(a), str(b), "--format", "json")
    assert code == 0, err
    (deck,) = json.loads(out)["decks"]
    assert (deck["position"], deck["key_b"]) == (2, "Rei's Bonds")
    overall = deck["overall"]
    assert (overall["pairs"], overall["games"], overall["left_out"]) == (4, 12, 0)
    per_pair = (_by_hand(gb, "Rei's Bonds", None) - _by_hand(ga, "Rei's Bonds", None)).groupby(ga["pair"]).mean()
    assert overall["difference"] == pytest.approx(per_pair.mean())
    assert overall["difference"] == pytest.approx(overall["win_rate_b"] - overall["win_rate_a"])
    mean, lo, hi = stats.paired_t_interval(per_pair.to_numpy())
    assert (overall["ci_low"], overall["ci_high"]) == (pytest.approx(lo), pytest.approx(hi))

    # a row per opponent, not one for the matchup: head to head, paired where the two met in both runs
    rows = {m["opponents"][0]: m for m in deck["matchups"]}
    assert set(rows) == {"Commander Katsuragi", "Gendo's Scenario"}
    assert all(len(m["opponents"]) == 1 for m in deck["matchups"])
    p_values = []
    for opponent, row in rows.items():
        ha, hb = _by_hand(ga, "Rei's Bonds", opponent), _by_hand(gb, "Rei's Bonds", opponent)
        both = ha.notna() & hb.notna()
        d = row["difference"]
        assert d["games"] == int(both.sum()) and row["not_met"] == 12 - int(both.sum())
        assert d["win_rate_a"] == pytest.approx(ha[both].mean()) and d["win_rate_b"] == pytest.approx(hb[both].mean())
        pairs = (hb - ha)[both].groupby(ga["pair"][both]).mean()
        assert d["pairs"] == len(pairs) and d["difference"] == pytest.approx(pairs.mean())
        p_values.append(d["p_value"])
        # the head to head of run A over the games it met in, as the matrix counts it (stats.seat_pairs)
        met_a = ha.notna()
        endings = stats.endings(ga["winner_seat"].to_numpy(), ga["reason"].to_numpy(),
                                all_lose_reasons=all_lose_reasons("eva"))
        results = stats.seat_results(ga["winner_seat"].to_numpy(), ga["n_players"].to_numpy(), endings, seats=3)
        _, mine, theirs, res = stats.seat_pairs(ga[["deck_0", "deck_1", "deck_2"]].to_numpy(dtype=object), results)
        h2h = res[(mine == "Rei's Bonds") & (theirs == opponent)]
        assert len(h2h) == int(met_a.sum())
        assert stats.seat_points(h2h, stats.PAIR_PLAYERS).sum() == pytest.approx(ha[met_a].sum())
    # Holm over the two opponents: the smaller p doubled, the larger kept unless the doubled one exceeds it
    lo_p, hi_p = sorted(p for p in p_values if math.isfinite(p))
    assert sorted(m["p_holm"] for m in rows.values()) == pytest.approx([min(1, 2 * lo_p), max(min(1, 2 * lo_p),
                                                                                             hi_p)])
    code, out, _ = run("compare", str(a), str(b))
    assert code == 0 and "Holm-corrected over 2 opponents" in out and "not met" in out
    assert "Commander Katsuragi " in out and "Gendo's Scenario " in out


# ------------------------------------------------------------------------------------------- refusals


def test_runs_that_do_not_pair_are_refused(pair: tuple[Path, Path], tmp_path: Path) -> None:
    a, _ = pair
    other = tmp_path / "other"
    code, _, err = run("simulate", FIRE, NIGHT, "--games", str(GAMES), "--seed", str(SEED + 1), "--out", str(other),
                       "-w", "1", "-q", "--no-report")
    assert code == 0, err
    code, out, err = run("compare", str(a), str(other))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and f"run seed {SEED} in A, {SEED + 1} in B" in err and "--baseline" in err
    with pytest.raises(RunsDoNotPair, match="run seed"):
        compare_runs(a, other)


def test_games_that_do_not_match_are_refused(pair: tuple[Path, Path], tmp_path: Path) -> None:
    """run.json agrees but games.parquet does not: a game's seed is checked, not assumed."""
    a, _ = pair
    b = tmp_path / "b"
    shutil.copytree(a, b)
    table = pq.read_table(b / "games.parquet")
    seeds = table.column("game_seed").to_pylist()
    seeds[3] += 1
    table = table.set_column(table.schema.get_field_index("game_seed"), "game_seed", pa.array(seeds, pa.int64()))
    pq.write_table(table, b / "games.parquet")
    code, _, err = run("compare", str(a), str(b))
    assert code == 2 and "game 3" in err and "seed" in err


@pytest.mark.parametrize("which", ["missing", "not a run", "a file"])
def test_a_folder_that_is_not_a_run_is_one_line(pair: tuple[Path, Path], tmp_path: Path, which: str) -> None:
    a, _ = pair
    target = tmp_path / "x"
    if which == "not a run":
        target.mkdir()
    elif which == "a file":
        target.write_text("hello", encoding="utf-8")
    code, out, err = run("compare", str(a), str(target))
    assert code == 1 and out == "" and err.count("\n") == 1 and err.startswith("tcgsim: RUN_B ")
    assert "Traceback" not in err


def test_an_unfinished_run_is_refused(pair: tuple[Path, Path], tmp_path: Path) -> None:
    a, _ = pair
    b = tmp_path / "b"
    shutil.copytree(a, b)
    meta = json.loads((b / "run.json").read_text(encoding="utf-8"))
    meta["status"] = "running"
    (b / "run.json").write_text(json.dumps(meta), encoding="utf-8")
    code, _, err = run("compare", str(a), str(b))
    assert code == 1 and "has not finished" in err and "--resume" in err
    code, _, err = run("simulate", FIRE, NIGHT, "--baseline", str(b), "--out", str(tmp_path / "c"), "-q")
    assert code == 1 and "has not finished" in err


@pytest.mark.parametrize(("extra", "message"), [
    (("--seed", str(SEED + 5)), f"--seed {SEED + 5} and --baseline"),
    (("--games", str(GAMES * 2)), f"games per matchup {GAMES} in the baseline, {GAMES * 2} in this run"),
    (("--ai", "random"), "agent of deck 1"),
    (("--option", "turn_limit=7"), "option turn_limit"),
])
def test_baseline_refuses_what_cannot_pair(pair: tuple[Path, Path], tmp_path: Path, extra: tuple[str, ...],
                                           message: str) -> None:
    a, _ = pair
    out = tmp_path / "new"
    code, stdout, err = run("simulate", FIRE, NIGHT, *extra, "--baseline", str(a), "--out", str(out), "-q",
                            "--no-report")
    assert code == 2, err
    assert stdout == "" and err.count("\n") == 1 and message in err, err
    assert not out.exists()  # refused before anything was written


def test_baseline_with_its_own_seed_is_accepted(pair: tuple[Path, Path], tmp_path: Path) -> None:
    a, _ = pair
    code, _, err = run("simulate", FIRE, NIGHT, "--seed", str(SEED), "--games", str(GAMES), "--baseline", str(a),
                       "--out", str(tmp_path / "same"), "-w", "1", "-q", "--no-report")
    assert code == 0, err
    assert load_run(tmp_path / "same").games.equals(load_run(a).games)  # nothing edited: the very same games


def test_several_edited_decks_are_confounded(pair: tuple[Path, Path], tmp_path: Path) -> None:
    a, _ = pair
    b = tmp_path / "b"
    shutil.copytree(a, b)
    meta = json.loads((b / "run.json").read_text(encoding="utf-8"))
    for deck in meta["decks"]:
        deck["sha256"] = "1" * 64
    (b / "run.json").write_text(json.dumps(meta), encoding="utf-8")
    code, out, _ = run("compare", str(a), str(b))
    assert code == 0 and "confounded" in out and out.count("no measurable difference") == 2


# ------------------------------------------------------------------------------------ --format json


def test_simulate_format_json_prints_only_the_summary(tmp_path: Path) -> None:
    code, out, err = run("simulate", FIRE, NIGHT, "--games", "4", "--seed", "2", "--out", str(tmp_path / "r"),
                         "-w", "1", "--no-report", "--format", "json")
    assert code == 0, err
    data = json.loads(out)
    assert data["games"] == 4 and data["matrix"] is None
    assert [d["key"] for d in data["decks"]] == ["Firestorm", "Night Raid"]
    assert sum(d["games"] for d in data["decks"]) == 8 and data["folder"] == str(tmp_path / "r")


def test_matchups_format_json_has_the_matrix_cells(tmp_path: Path) -> None:
    code, out, err = run("matchups", FIRE, NIGHT, "--games", "4", "--seed", "2", "--out", str(tmp_path / "r"),
                         "-w", "1", "--no-report", "-f", "json")
    assert code == 0, err
    data = json.loads(out)
    cells = {(c["deck"], c["opponent"]): c for c in data["matrix"]}
    assert set(cells) == {("Firestorm", "Night Raid"), ("Night Raid", "Firestorm")}
    assert cells[("Firestorm", "Night Raid")]["games"] == 4
