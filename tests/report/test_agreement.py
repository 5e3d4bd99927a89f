"""The terminal summary, matrix.csv / matrix_long.csv, summary.json and the report give the same numbers for the
same run, draws, all-lose games, decision-limit stops and errors included: every figure comes from tcgsim.stats."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

import pytest

from tcgsim.report import write_report
from tcgsim.sim.summary import LONG_MATRIX, Summary, summarize, summary_lines, write_matrix_csv
from tcgsim.stats import format_pct, format_rate
from tests.report.synth import games_frame, write_store

REPO = Path(__file__).resolve().parents[2]
DECKS = ("Alpha", "Beta", "Gamma")


def _meta(keys: tuple[str, ...], game: str = "mana") -> dict[str, Any]:
    return {"kind": "matchups", "game": game,
            "decks": [{"key": k, "name": k, "path": f"decks/{k.lower()}.yaml"} for k in keys]}


@pytest.fixture(scope="module")
def hand_made(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Eleven games of three decks: wins, two-player draws, an error and a mirror.

    Alpha's seats: g0 W, g1 W, g2 D, g3 L, g4 error, g5 L, g6 D, g7 W, and both seats of the mirror g10 (W, L):
    9 games with a result, 4 wins + 2 draws of 1/2 = 5 points, 55.6% (Wilson 26.7-81.1), 1 error. Counting a draw
    as a loss and the mirror once (the old terminal rule) would have said 4 of 8, 50.0%.
    Alpha vs Beta: g0 W, g1 W, g2 D, g3 L -> 2.5 of 4, 62.5%. Alpha vs Gamma: g5 L, g6 D, g7 W -> 1.5 of 3."""
    rows = [
        {"decks": ["Alpha", "Beta"], "winner": 0, "reason": "mana_12", "turns": 20},
        {"decks": ["Beta", "Alpha"], "winner": 1, "reason": "mana_12", "turns": 21},
        {"decks": ["Alpha", "Beta"], "winner": None, "reason": "turn_limit", "turns": 80},
        {"decks": ["Beta", "Alpha"], "winner": 0, "reason": "lands_9", "turns": 30},
        {"decks": ["Alpha", "Beta"], "winner": None, "reason": "error", "turns": 3},
        {"decks": ["Alpha", "Gamma"], "winner": 1, "reason": "deck_out", "turns": 50},
        {"decks": ["Gamma", "Alpha"], "winner": None, "reason": "turn_limit", "turns": 80},
        {"decks": ["Alpha", "Gamma"], "winner": 0, "reason": "mana_12", "turns": 25},
        {"decks": ["Beta", "Gamma"], "winner": 0, "reason": "mana_12", "turns": 22},
        {"decks": ["Gamma", "Beta"], "winner": 0, "reason": "mana_12", "turns": 23},
        {"decks": ["Alpha", "Alpha"], "winner": 0, "reason": "mana_12", "turns": 24},
    ]
    folder = tmp_path_factory.mktemp("agree") / "run"
    return write_store(folder, games_frame(rows), meta=_meta(DECKS))


def _outputs(folder: Path, meta: dict[str, Any]) -> tuple[Summary, list[str], dict[str, Any], str]:
    """What each surface says about the run: the summary and its printed lines, summary.json, report.md (the
    matrix files are written into the folder)."""
    summary = summarize(folder, meta)
    assert summary.matrix is not None
    write_matrix_csv(folder / "matrix.csv", summary.matrix)
    paths = write_report(folder)
    return (summary, summary_lines(summary), json.loads(paths.summary.read_text(encoding="utf-8")),
            paths.markdown.read_text(encoding="utf-8"))


def _md_row(md: str, section: str, first_cell: str) -> list[str]:
    """The cells of the first row starting with `first_cell` in the first table of `section` of report.md."""
    part = md.split(f"## {section}\n", 1)[1].split("\n## ", 1)[0]
    for line in part.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split(" | ")]
        if line.startswith("|") and cells[0] == first_cell:
            return cells
    raise AssertionError(f"no row {first_cell!r} in {section}")


def assert_all_agree(folder: Path, summary: Summary, lines: list[str], js: dict[str, Any], md: str) -> None:
    """Every deck's and every cell's figures, compared across the five outputs."""
    by_deck = {d["deck"]: d for d in js["decks"]}
    for d in summary.decks:
        j = by_deck[d.key]
        # the same numbers, bit for bit: one computation
        assert (d.games, d.wins, d.losses, d.draws, d.errors) == (j["games"], j["wins"], j["losses"], j["draws"],
                                                                  j["errors"])
        assert (d.points, d.win_rate, d.ci_low, d.ci_high, d.stopped) == (j["points"], j["win_rate"], j["ci_low"],
                                                                          j["ci_high"], j["stopped"])
        shown = format_rate(d.win_rate, d.ci_low, d.ci_high)
        line = next(x for x in lines if x.startswith(f"  {d.key} "))
        tail = [str(d.wins), str(d.losses), str(d.draws), str(d.games), str(d.errors),
                *([str(d.stopped)] if summary.stopped else [])]  # the stopped column shows when a game was stopped
        assert shown in line and line.split()[-len(tail):] == tail
        row = _md_row(md, "Win rates", f"**{d.key}**")
        assert row[2:8] == [f"{d.games:,}", f"{d.wins:,}", f"{d.losses:,}", f"{d.draws:,}", f"{d.errors:,}", shown]

    assert summary.matrix is not None
    cells = {(r["deck"], r["opponent"]): r for r in js["matchups"]}
    played = {(a, b): rec for a, b, rec in summary.matrix.played()}
    assert set(cells) == set(played)
    with (folder / LONG_MATRIX).open(encoding="utf-8") as f:
        long = {(r["deck"], r["opponent"]): r for r in csv.DictReader(f)}
    assert set(long) == set(played)
    with (folder / "matrix.csv").open(encoding="utf-8") as f:
        wide = {r["deck"]: r for r in csv.DictReader(f)}
    for (a, b), rec in played.items():
        j, c = cells[(a, b)], long[(a, b)]
        assert (rec.games, rec.wins, rec.losses, rec.draws) == (j["games"], j["wins"], j["losses"], j["draws"])
        assert (rec.points, rec.win_rate, rec.ci_low, rec.ci_high) == (j["points"], j["win_rate"], j["ci_low"],
                                                                       j["ci_high"])
        assert [int(c[k]) for k in ("games", "wins", "losses", "draws")] == [rec.games, rec.wins, rec.losses,
                                                                             rec.draws]
        assert [float(c[k]) for k in ("points", "win_rate", "ci_low", "ci_high")] == [
            rec.points, rec.win_rate, rec.ci_low, rec.ci_high]  # unrounded: exact
        assert wide[a][b] == f"{rec.win_rate:.4f}"
        matrix_row = _md_row(md, "Matchups and ranking", f"**{a}**")
        assert matrix_row[1 + summary.matrix.keys.index(b)] == \
            f"{format_rate(rec.win_rate, rec.ci_low, rec.ci_high, 0)} n={rec.games:,}"
    matrix_lines = lines[next(i for i, x in enumerate(lines) if x.startswith("matchup matrix")):]
    for a in summary.matrix.keys:  # the terminal matrix, row by row
        line = next(x for x in matrix_lines if x.startswith(f"  {a} "))
        shown = [format_pct(played[(a, b)].win_rate) if (a, b) in played else "-" for b in summary.matrix.keys]
        assert line.split()[-len(shown):] == shown


def test_hand_made_run_agrees_everywhere_with_the_numbers_worked_by_hand(hand_made: Path) -> None:
    summary, lines, js, md = _outputs(hand_made, _meta(DECKS))
    assert_all_agree(hand_made, summary, lines, js, md)
    alpha = next(d for d in summary.decks if d.key == "Alpha")
    assert (alpha.games, alpha.wins, alpha.losses, alpha.draws, alpha.errors, alpha.points) == (9, 4, 3, 2, 1, 5.0)
    assert next(x for x in lines if x.startswith("  Alpha ")).split() == \
        ["Alpha", "55.6%", "(26.7–81.1)", "4", "3", "2", "9", "1"]  # won, lost, drawn, games, raised
    assert "55.6% (26.7–81.1)" in _md_row(md, "Win rates", "**Alpha**")
    assert (summary.games, summary.decided, summary.draws, summary.errors) == (11, 8, 2, 1)
    assert summary.matrix is not None
    ab = summary.matrix.cell("Alpha", "Beta")
    assert ab is not None and (ab.games, ab.points, ab.win_rate) == (4, 2.5, 0.625)
    assert summary.matrix.cell("Alpha", "Alpha") is None  # a mirror is no matchup cell
    with (hand_made / "matrix.csv").open(encoding="utf-8") as f:
        assert f.read().splitlines()[1:3] == ["Alpha,,0.6250,0.5000", "Beta,0.3750,,0.5000"]


def test_a_real_matchups_run_agrees_everywhere(tmp_path: Path) -> None:
    """Through the simulator itself (tcgsim.sim.execute writes matrix.csv): random agents, mirrors included, so
    some games usually end at the turn limit."""
    from tcgsim.sim import execute, plan_matchups

    decks = [REPO / "decks" / "mana" / f"{name}.yaml" for name in ("firestorm", "floodwater")]
    folder = tmp_path / "run"
    outcome = execute(plan_matchups(decks, games=10, seed=3, ai=["random"], mirror=True), folder, workers=1)
    assert (folder / "matrix.csv").is_file() and (folder / LONG_MATRIX).is_file()
    meta = json.loads((folder / "run.json").read_text(encoding="utf-8"))
    summary, lines, js, md = _outputs(folder, meta)
    assert summary_lines(outcome.summary) == lines  # what the run printed is what was compared
    assert_all_agree(folder, summary, lines, js, md)


@pytest.fixture(scope="module")
def every_ending(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Eleven two-player eva games of three decks, one of each way a game ends: wins, turn-limit draws,
    humanity destroyed (every player loses, EVA-WIN-3), a decision-limit stop, an error and a mirror."""
    rows = [
        {"decks": ["Alpha", "Beta"], "winner": 0, "reason": "hokan", "turns": 20},  # g0
        {"decks": ["Beta", "Alpha"], "winner": 1, "reason": "hokan", "turns": 21},  # g1
        {"decks": ["Alpha", "Beta"], "winner": None, "reason": "turn_limit", "turns": 200},  # g2
        {"decks": ["Beta", "Alpha"], "winner": None, "reason": "humanity_destroyed", "turns": 40},  # g3
        {"decks": ["Alpha", "Beta"], "winner": None, "reason": "decision_limit", "turns": 9},  # g4
        {"decks": ["Alpha", "Beta"], "winner": None, "reason": "error", "turns": 3},  # g5
        {"decks": ["Alpha", "Gamma"], "winner": 1, "reason": "last_standing", "turns": 30},  # g6
        {"decks": ["Gamma", "Alpha"], "winner": None, "reason": "humanity_destroyed", "turns": 35},  # g7
        {"decks": ["Beta", "Gamma"], "winner": 0, "reason": "hokan", "turns": 22},  # g8
        {"decks": ["Gamma", "Beta"], "winner": None, "reason": "turn_limit", "turns": 200},  # g9
        {"decks": ["Alpha", "Alpha"], "winner": 0, "reason": "hokan", "turns": 24},  # g10
    ]
    folder = tmp_path_factory.mktemp("endings") / "run"
    return write_store(folder, games_frame(rows, game="eva"), meta=_meta(DECKS, "eva"))


def test_every_ending_agrees_everywhere_with_the_numbers_worked_by_hand(every_ending: Path) -> None:
    """Alpha's seats with a result: g0 W, g1 W, g2 D, g3 L (all lose), g6 L, g7 L (all lose), g10 W and L: 8
    games, 3 wins + 1 draw of 1/2 = 3.5 points, 43.75% (Wilson 17.4-74.1); g4 stopped and g5 raised, outside the
    rate. The old rule (all-lose and the stop as draws) said 5 of 9, 55.6%. Beta: g0 L, g1 L, g2 D, g3 L, g8 W,
    g9 D -> 2 of 6, 33.3%. Gamma: g6 W, g7 L, g8 L, g9 D -> 1.5 of 4, 37.5%.
    Pairs: Alpha vs Beta g0 W, g1 W, g2 D, g3 D (both lost: a draw of the pair) -> 3 of 4, 75% (the old rule,
    with g4 a draw too, 3.5 of 5, 70%); Alpha vs Gamma g6 L, g7 D -> 0.5 of 2; Beta vs Gamma g8 W, g9 D -> 1.5 of
    2. Games: 5 decided, 2 draws, 2 all lost, 1 stopped, 1 error. The 9 games with a result handed out 7 points
    (the two all-lose games none): a fair share of 7/9 / 2 = 38.9%, not 50%."""
    meta = _meta(DECKS, "eva")
    summary, lines, js, md = _outputs(every_ending, meta)
    assert_all_agree(every_ending, summary, lines, js, md)
    by_key = {d.key: d for d in summary.decks}
    alpha, beta, gamma = by_key["Alpha"], by_key["Beta"], by_key["Gamma"]
    assert (alpha.games, alpha.wins, alpha.losses, alpha.draws, alpha.errors, alpha.stopped, alpha.points) == \
        (8, 3, 4, 1, 1, 1, 3.5)
    assert next(x for x in lines if x.startswith("  Alpha ")).split() == \
        ["Alpha", "43.8%", "(17.4–74.1)", "3", "4", "1", "8", "1", "1"]  # won, lost, drawn, games, raised, stopped
    assert (beta.games, beta.points, beta.stopped, gamma.games, gamma.points) == (6, 2.0, 1, 4, 1.5)
    assert (summary.games, summary.decided, summary.draws, summary.all_lose, summary.stopped, summary.errors) == \
        (11, 5, 2, 2, 1, 1)
    assert "  11 games: 5 decided, 2 draws, 2 all lost, 1 stopped, 1 errors" in lines
    assert summary.matrix is not None
    ab = summary.matrix.cell("Alpha", "Beta")
    assert ab is not None
    assert (ab.games, ab.wins, ab.losses, ab.draws, ab.points, ab.win_rate) == (4, 2, 0, 2, 3.0, 0.75)
    with (every_ending / "matrix.csv").open(encoding="utf-8") as f:
        assert f.read().splitlines()[1:] == ["Alpha,,0.7500,0.2500", "Beta,0.2500,,0.7500", "Gamma,0.7500,0.2500,"]
    # summary.json and the report count the same games and list the same replay commands as the terminal
    run = js["run"]
    assert (run["errors"], run["stopped"], run["all_lose"]) == (1, 1, 2)
    assert run["fair_share"] == pytest.approx(7 / 18)
    assert {(r["seat"], round(r["fair"], 12)) for r in js["seat_advantage"]} == {(0, round(7 / 18, 12)),
                                                                                  (1, round(7 / 18, 12))}
    listed = [g.play_command() for g in (*summary.errored, *summary.stopped_games)]
    assert [g["replay"] for g in run["unscored"]] == listed and len(listed) == 2
    assert all(command in lines[lines.index(f"  game {gid}") + 1] for gid, command in
               ((g.game_id, g.play_command()) for g in summary.stopped_games))
    assert summary.stopped_games[0].game_id == 4 and summary.errored[0].game_id == 5
    for command in listed:
        assert command in md
    assert "{t.min_sample}" not in md and "{SMALL_MARK}" not in md  # the findings' note is formatted


def test_paired_games_widen_every_surface_alike(tmp_path: Path) -> None:
    """Twenty pairs of Alpha against Beta, each pair's two games sharing their seed (their deals): Alpha wins
    both games of pairs 0-11 and loses both of 12-19. p = 24/40 = .6; pair sums x = 2 (12 pairs) or 0 (8):
    sum (x - 1.2)^2 = 12 * .64 + 8 * 1.44 = 19.2 over the binomial 40 * .24 = 9.6, a design effect of 2, so every
    surface shows Wilson's interval for 12 of 20 (38.7-78.1), not for 24 of 40 (44.6-73.7)."""
    from tcgsim import stats

    rows = [{"decks": ["Alpha", "Beta"] if i % 2 == 0 else ["Beta", "Alpha"],
             "winner": i % 2 if i < 24 else 1 - i % 2, "reason": "mana_12", "turns": 20} for i in range(40)]
    games = games_frame(rows)
    games["game_seed"] = [5000 + i // 2 for i in range(40)]
    folder = write_store(tmp_path / "run", games, meta=_meta(("Alpha", "Beta")))
    summary, lines, js, md = _outputs(folder, _meta(("Alpha", "Beta")))
    assert_all_agree(folder, summary, lines, js, md)
    alpha = next(d for d in summary.decks if d.key == "Alpha")
    assert (alpha.games, alpha.points) == (40, 24.0)
    assert (alpha.ci_low, alpha.ci_high) == stats.wilson_interval(12.0, 20.0)
    assert summary.matrix is not None
    cell = summary.matrix.cell("Alpha", "Beta")
    assert cell is not None and (cell.ci_low, cell.ci_high) == stats.wilson_interval(12.0, 20.0)
    assert "60.0% (38.7–78.1)" in _md_row(md, "Win rates", "**Alpha**")


def test_the_summary_reads_whole_pairs_whatever_the_batch(tmp_path: Path) -> None:
    """A batch of games.parquet ending inside a pair hands that pair's games to the next batch: no seed is
    split, nothing is lost or read twice."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    from tcgsim.sim.summary import _whole_pairs

    seeds = [5, 5, 6, 6, 6, 7, 8, 8, 9, 9, 9, 9, 10]
    pq.write_table(pa.table({"game_seed": seeds, "game_id": list(range(len(seeds)))}), tmp_path / "g.parquet")
    for size in (1, 2, 3, 4, 5, 100):
        batches = list(_whole_pairs(pq.ParquetFile(tmp_path / "g.parquet"), ["game_seed", "game_id"], size))
        got = [b.column("game_seed").to_pylist() for b in batches]
        assert [x for b in got for x in b] == seeds
        assert all(not set(a) & set(b) for a, b in zip(got, got[1:], strict=False))
