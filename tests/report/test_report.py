"""write_report / build_summary end to end on synthetic result stores (and on a real run when the simulator is
there): the files, the figures they carry, the header, the notes, and errors for folders that are not runs."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pandas as pd
import pytest

from tcgsim.report import ReportError, ReportPaths, build_summary, build_tables, write_report
from tcgsim.report.data import RunData, read_run
from tcgsim.report.render import build_document, to_html, to_markdown
from tcgsim.report.tables import to_summary
from tests.report.synth import cards_frame, games_frame, synthetic_run, write_store

DECKS5 = ("Firestorm", "Floodwater", "Grove Builder", "Night Raid", "Starlight")


@pytest.fixture(scope="module")
def matchups_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """5 decks, 10 matchups, about 1,000 games; a few real mana card ids so the unmodelled warning has work."""
    folder = tmp_path_factory.mktemp("run5")
    return synthetic_run(folder, games=1000, decks=DECKS5, seed=3,
                         card_ids=[f"LOM-{i:03d}" for i in range(1, 151)])


@pytest.fixture(scope="module")
def report(matchups_run: Path) -> ReportPaths:
    return write_report(matchups_run)


def test_writes_every_file(report: ReportPaths, matchups_run: Path) -> None:
    assert report.html == matchups_run / "report.html"
    for path in report.all():
        assert path.exists() and path.stat().st_size > 0, path
    names = {p.name for p in report.plots}
    assert {"win_rates.png", "seats.png", "matchups.png", "ranking.png", "game_length.png", "endings.png",
            "wins_by_turn.png", "tempo.png", "cards_firestorm.png", "cards_grove-builder.png"} <= names
    for p in report.plots:
        assert p.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_html_is_self_contained(report: ReportPaths) -> None:
    page = report.html.read_text(encoding="utf-8")
    srcs = re.findall(r'<img src="([^"]*)"', page)
    assert len(srcs) == len(report.plots)
    assert all(s.startswith("data:image/png;base64,") for s in srcs)
    assert not re.search(r'(src|href)="(https?:|file:|plots/)', page)


def test_markdown_and_html_say_the_same(report: ReportPaths) -> None:
    md = report.markdown.read_text(encoding="utf-8")
    page = report.html.read_text(encoding="utf-8")
    summary = json.loads(report.summary.read_text(encoding="utf-8"))
    words = html.unescape(re.sub(r"</?(strong|code|em)>", "", page))
    for note in summary["notes"]:
        assert note["text"] in md  # the Markdown form, as report.md has it
        assert note["plain"] in words  # the same words on the page
    for p in report.plots:
        assert f"(plots/{p.name})" in md
    for heading in re.findall(r"^## (.+)$", md, flags=re.M):
        assert f">{heading}</h2>" in page


def test_summary_figures(report: ReportPaths, matchups_run: Path) -> None:
    s = json.loads(report.summary.read_text(encoding="utf-8"))
    assert s == json.loads(json.dumps(s))  # plain JSON (NaN would not have been allowed in)
    games = pd.read_parquet(matchups_run / "games.parquet")
    assert s["run"]["games"] == len(games)
    assert [d["key"] for d in s["run"]["decks"]] == list(DECKS5)
    assert s["run"]["command"].startswith("tcgsim matchups")
    assert s["run"]["seed"] == 3
    fire = next(d for d in s["decks"] if d["deck"] == "Firestorm")
    ok = games[games["reason"] != "error"]
    played = ok[(ok["deck_0"] == "Firestorm") | (ok["deck_1"] == "Firestorm")]
    wins = (played["winner_deck"] == "Firestorm").sum()
    draws = played["winner_seat"].isna().sum()
    assert fire["games"] == len(played) and fire["wins"] == wins and fire["draws"] == draws
    assert fire["win_rate"] == pytest.approx((wins + draws / 2) / len(played))
    assert fire["ci_low"] < fire["win_rate"] < fire["ci_high"]
    assert len(s["matchups"]) == 20  # 5 * 4 ordered pairs
    assert [r["rank"] for r in s["ranking"]] == [1, 2, 3, 4, 5]
    assert {r["seat"] for r in s["seat_advantage"]} == {0, 1}
    assert {r["matchup"] for r in s["game_length"]} >= {"all games"}
    assert {r["metric"] for r in s["tempo"]} == {"mana", "available", "lands", "hand", "party", "characters_left",
                                                   "monsters", "occupied"}
    card = s["cards"][0]
    for key in ("gp", "gp_wr", "oh", "oh_wr", "gd", "gd_wr", "gih", "gih_wr", "gns", "gns_wr", "iwd", "iwd_low",
                "iwd_high", "played", "played_wr", "mean_turn_played", "small"):
        assert key in card
    assert {p["file"] for p in s["plots"]} == {f"plots/{p.name}" for p in report.plots}


def test_unmodelled_cards_warning(matchups_run: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The header lists the run's cards that mana's effects module says are not modelled (here: made to say
    LOM-001, the first card of every synthetic deck, and a card no deck holds), per deck."""
    import tcgsim.games.mana.effects as fx

    monkeypatch.setattr(fx, "unmodelled_card_ids", lambda pool: frozenset({"LOM-001", "LOM-150-NOT-IN-RUN"}))
    tables = build_tables(matchups_run)
    s = to_summary(tables)
    assert [c["card_id"] for c in s["unmodelled_cards"]] == ["LOM-001"]
    assert s["unmodelled_cards"][0]["decks"] == sorted(DECKS5)
    doc = build_document(tables, [])  # the text only: no plots needed here
    md = to_markdown(doc)
    assert "1 card(s) of this run have effects the simulator does not model" in md
    assert "**Night Raid** (1): Card LOM-001" in md
    assert 'class="callout warning"' in to_html(doc)

    monkeypatch.delattr(fx, "unmodelled_card_ids")  # a game whose engine has no such list: no warning
    assert build_summary(matchups_run)["unmodelled_cards"] == []


def test_build_summary_equals_written_summary(report: ReportPaths, matchups_run: Path) -> None:
    written = json.loads(report.summary.read_text(encoding="utf-8"))
    built = json.loads(json.dumps(build_summary(matchups_run)))
    written.pop("plots")
    assert built == written


def test_notes_rest_on_intervals(matchups_run: Path) -> None:
    t = build_tables(matchups_run)
    topics = {n.topic for n in t.notes}
    assert "matchups" in topics and "seats" in topics
    # the strongest synthetic deck beats the weakest clearly; the note says so
    assert any("**Firestorm** wins" in n.text and "**Starlight**" in n.text for n in t.notes)
    for n in t.notes:
        if n.topic == "matchups" and "too close to call" not in n.text:
            m = re.search(r"wins (\d+)% \(([\d.]+)–([\d.]+)%\)", n.text)
            assert m and float(m.group(2)) > 50 - 0.5, n.text


def test_out_dir_and_loaded_run(tmp_path: Path) -> None:
    run = read_run(synthetic_run(tmp_path / "run", games=40, seed=5))
    paths = write_report(run, tmp_path / "elsewhere")
    assert paths.html.parent == tmp_path / "elsewhere"
    assert (tmp_path / "elsewhere" / "plots" / "tempo.png").exists()
    with pytest.raises(ReportError):
        write_report(RunData(run.games, run.tempo, run.cards, run.meta, path=None))


def test_two_deck_run_with_hand_made_rows(tmp_path: Path) -> None:
    """A handful of rows, no run.json, no tempo: the report still comes out, with the right counts."""
    games = games_frame([
        {"decks": ["A", "B"], "winner": 0, "reason": "mana_12", "turns": 20},
        {"decks": ["B", "A"], "winner": 1, "reason": "mana_12", "turns": 22},
        {"decks": ["A", "B"], "winner": 1, "reason": "lands_9", "turns": 30},
        {"decks": ["B", "A"], "winner": None, "reason": "turn_limit", "turns": 80},
    ])
    cards = cards_frame([{"game_id": g, "seat": s, "deck": d, "card_id": "LOM-001", "drawn": 1,
                          "result": r} for g, s, d, r in [(0, 0, "A", "win"), (0, 1, "B", "loss")]])
    write_store(tmp_path, games, cards=cards)
    paths = write_report(tmp_path)
    s = json.loads(paths.summary.read_text(encoding="utf-8"))
    a = next(d for d in s["decks"] if d["deck"] == "A")
    assert (a["games"], a["wins"], a["losses"], a["draws"], a["win_rate"]) == (4, 2, 1, 1, 0.625)
    assert s["run"]["command"] is None
    md = paths.markdown.read_text(encoding="utf-8")
    assert "| **A** |" in md and "‡" in md  # 4 games: every card figure is flagged


def test_three_player_run(tmp_path: Path) -> None:
    synthetic_run(tmp_path, games=120, decks=("Rei", "Shinji", "Asuka", "Misato"), n_players=3, seed=1)
    paths = write_report(tmp_path)
    s = json.loads(paths.summary.read_text(encoding="utf-8"))
    assert {r["seat"] for r in s["seat_advantage"]} == {0, 1, 2}
    assert all(r["fair"] == pytest.approx(1 / 3) for r in s["seat_advantage"])
    md = paths.markdown.read_text(encoding="utf-8")
    assert "| seat 3 |" in md and "| on the play |" not in md


def test_interrupted_run_reads_shards(tmp_path: Path) -> None:
    src = synthetic_run(tmp_path / "full", games=40, seed=2)
    shards = tmp_path / "part" / "shards"
    shards.mkdir(parents=True)
    for table in ("games", "tempo", "cards"):
        frame = pd.read_parquet(src / f"{table}.parquet")
        half = frame["game_id"] < 20
        frame[half].to_parquet(shards / f"{table}-000000.parquet")
        frame[~half].to_parquet(shards / f"{table}-000001.parquet")
    (tmp_path / "part" / "run.json").write_text(json.dumps({"status": "running"}), encoding="utf-8")
    paths = write_report(tmp_path / "part")
    s = json.loads(paths.summary.read_text(encoding="utf-8"))
    assert s["run"]["games"] == 40
    assert "has not finished" in paths.markdown.read_text(encoding="utf-8")


def test_not_a_run_folder(tmp_path: Path) -> None:
    with pytest.raises(ReportError, match="no such run folder"):
        write_report(tmp_path / "missing")
    with pytest.raises(ReportError, match="no games.parquet"):
        write_report(tmp_path)
    pd.DataFrame({"game_id": [0]}).to_parquet(tmp_path / "games.parquet")
    with pytest.raises(ReportError, match="missing columns"):
        write_report(tmp_path)


def test_real_simulated_run(tmp_path: Path) -> None:
    """A real run of the bundled mana decks, when the simulator is available."""
    try:
        from tcgsim.sim import simulate
    except ImportError:
        pytest.skip("tcgsim.sim.simulate is not available")
    repo = Path(__file__).resolve().parents[2]
    simulate([repo / "decks/mana/firestorm.yaml", repo / "decks/mana/floodwater.yaml"], games=20, seed=1,
             workers=1, out=tmp_path / "run")
    paths = write_report(tmp_path / "run")
    s = json.loads(paths.summary.read_text(encoding="utf-8"))
    assert s["run"]["games"] == 20
    assert sum(d["games"] + d["errors"] for d in s["decks"]) == 40
    assert {d["key"] for d in s["run"]["decks"]} == {"Firestorm", "Floodwater"}
    assert all(d["plan"] for d in s["run"]["decks"])  # read from the unchanged deck files
    assert s["cards"] and s["tempo"]


def test_degenerate_runs(tmp_path: Path) -> None:
    """No games at all; only errors; a mirror of one deck under two keys in a game without an effects table."""
    one = games_frame([{"decks": ["A", "B"], "winner": 0, "reason": "mana_12", "turns": 5}])
    write_store(tmp_path / "empty", one.iloc[:0])
    paths = write_report(tmp_path / "empty")
    assert "This run has no games" in paths.markdown.read_text(encoding="utf-8")
    assert json.loads(paths.summary.read_text(encoding="utf-8"))["run"]["games"] == 0

    write_store(tmp_path / "errors", games_frame([{"decks": ["A", "B"], "winner": None, "reason": "error",
                                                   "turns": 5}] * 3))
    paths = write_report(tmp_path / "errors")
    s = json.loads(paths.summary.read_text(encoding="utf-8"))
    assert [d["errors"] for d in s["decks"]] == [3, 3] and all(d["win_rate"] is None for d in s["decks"])
    assert [p.name for p in paths.plots] == ["game_length.png"]

    mirror = games_frame([{"decks": ["A", "A #2"] if i % 2 == 0 else ["A #2", "A"], "winner": i % 3 % 2,
                           "reason": "bases_4", "turns": 10 + i} for i in range(30)], game="godzilla")
    write_store(tmp_path / "mirror", mirror)
    paths = write_report(tmp_path / "mirror")
    s = json.loads(paths.summary.read_text(encoding="utf-8"))
    assert {d["deck"] for d in s["decks"]} == {"A", "A #2"}
    assert s["unmodelled_cards"] == [] and s["cards"] == []
    assert "bases 4" in paths.markdown.read_text(encoding="utf-8")  # an unknown reason, in words


def test_tables_read_in_chunks_give_the_whole_tables_figures(matchups_run: Path, tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """tempo and cards are read a chunk at a time (report.data.Table) and added up: every figure of
    summary.json is the same, to the last bit, as from the tables whole in memory (one chunk), whether the files
    are read in chunks of a few rows or as an interrupted run's shards."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    from tcgsim.report import data as report_data

    frames = {t: pd.read_parquet(matchups_run / f"{t}.parquet") for t in ("games", "tempo", "cards")}
    meta = json.loads((matchups_run / "run.json").read_text(encoding="utf-8"))
    whole = build_summary(RunData(frames["games"], frames["tempo"], frames["cards"], meta, path=matchups_run))
    assert whole["tempo"] and whole["cards"]
    assert build_summary(matchups_run) == whole
    monkeypatch.setattr(report_data, "CHUNK_ROWS", 333)
    assert build_summary(matchups_run) == whole

    # the same games as shards of 7 tasks, as an interrupted run leaves them
    part = tmp_path / "part"
    (part / "shards").mkdir(parents=True)
    ids = frames["games"]["game_id"].to_numpy()
    for table in ("games", "tempo", "cards"):
        source = pq.read_table(matchups_run / f"{table}.parquet").replace_schema_metadata(None)
        rows = source.column("game_id").to_numpy()
        for task in range(7):
            low, high = ids[len(ids) * task // 7], ids[min(len(ids) - 1, len(ids) * (task + 1) // 7 - 1)]
            pq.write_table(source.filter(pa.array((rows >= low) & (rows <= high))),
                           part / "shards" / f"{table}-{task:06d}.parquet")
    (part / "run.json").write_text(json.dumps({**meta, "status": "running"}), encoding="utf-8")
    shards = build_summary(part)
    assert shards["run"]["source"] == "shards" and shards["run"]["games"] == whole["run"]["games"]
    for key in whole:
        if key != "run":
            assert shards[key] == whole[key], key
