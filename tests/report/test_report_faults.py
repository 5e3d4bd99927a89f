"""`tcgsim report` on bad input and in the way of user files: one line on stderr and exit 1 (a problem in the
user's files or environment) or 2 (a wrong command line), never a traceback or exit 3, and nothing the user had
overwritten or deleted without --force."""

from __future__ import annotations

import errno
import json
import os
import re
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from matplotlib.figure import Figure
from typer.testing import CliRunner, Result

from tcgsim.cli import app
from tcgsim.report import ReportOutputExists, ReportWriteError, write_report
from tcgsim.report.data import ReportError, read_run
from tests.report.synth import games_frame, synthetic_run, write_store

runner = CliRunner()
REPO = Path(__file__).resolve().parents[2]
TCGSIM = REPO / ".venv" / "bin" / "tcgsim"
PNG_STUB = b"\x89PNG\r\n\x1a\n" + b"\0" * 16


@pytest.fixture(autouse=True)
def quick_plots(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every plot is still drawn (bad numbers fail there), but not rasterised: that is most of a report's time,
    and these tests are about which files are written, not what the pictures look like."""

    def savefig(self: Figure, fname: Any, **kwargs: Any) -> None:
        if hasattr(fname, "write"):
            fname.write(PNG_STUB)
        else:
            Path(fname).write_bytes(PNG_STUB)

    monkeypatch.setattr(Figure, "savefig", savefig)


@pytest.fixture(scope="module")
def source(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A small finished run (40 games); tests copy it before changing anything."""
    return synthetic_run(tmp_path_factory.mktemp("source") / "run", games=40, seed=4)


@pytest.fixture
def run_dir(source: Path, tmp_path: Path) -> Path:
    return Path(shutil.copytree(source, tmp_path / "run"))


def cli(*args: str | Path) -> Result:
    return runner.invoke(app, ["report", *map(str, args)])


def messages(stderr: str) -> list[str]:
    """stderr without the report's status lines ('report: tables...'): what the command says about the run."""
    return [line for line in stderr.splitlines() if not STATUS.match(line)]


STATUS = re.compile(r"report: (reading the run|tables|plots \d+/\d+|writing)\.\.\.$")


def one_line_failure(result: Result, code: int) -> str:
    """The result is exit `code` with one stderr line and no traceback (an exception that escaped the command
    would be exit 3 under main()); returns the line."""
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code == code, (result.exit_code, result.stderr)
    lines = messages(result.stderr)
    assert len(lines) == 1 and lines[0].startswith("tcgsim: "), result.stderr
    assert "Traceback" not in result.stderr + result.stdout
    return lines[0]


def succeeded(result: Result) -> None:
    assert result.exception is None and result.exit_code == 0, (result.exit_code, result.stderr)
    assert "Traceback" not in result.stderr


def staged_leftovers(folder: Path) -> list[Path]:
    return [p for p in folder.rglob("*") if p.name.startswith(".tcgsim-report-") or p.name.endswith(".tmp")]


# --- 1. --out never overwrites a user's files without --force --------------------------------------------------

def test_out_refuses_to_overwrite_report_files_already_there(run_dir: Path, tmp_path: Path) -> None:
    out = tmp_path / "mine"
    (out / "plots").mkdir(parents=True)
    (out / "report.md").write_text("my notes", encoding="utf-8")
    (out / "plots" / "win_rates.png").write_bytes(b"my plot")
    line = one_line_failure(cli(run_dir, "--out", out), 2)
    assert "report.md" in line and "plots/win_rates.png" in line and "pass --force to overwrite" in line
    assert (out / "report.md").read_text(encoding="utf-8") == "my notes"
    assert (out / "plots" / "win_rates.png").read_bytes() == b"my plot"
    assert sorted(p.name for p in out.rglob("*")) == ["plots", "report.md", "win_rates.png"]


def test_out_from_an_earlier_report_needs_force_and_force_touches_nothing_else(run_dir: Path,
                                                                              tmp_path: Path) -> None:
    out = tmp_path / "out"
    succeeded(cli(run_dir, "--out", out))
    (out / "notes.txt").write_text("keep me", encoding="utf-8")
    (out / "plots" / "mine.png").write_bytes(b"keep me too")
    (out / "report.md").write_text("edited", encoding="utf-8")
    line = one_line_failure(cli(run_dir, "--out", out), 2)
    assert "report.html" in line and "summary.json" in line and "--force" in line
    assert (out / "report.md").read_text(encoding="utf-8") == "edited"

    succeeded(cli(run_dir, "--out", out, "--force"))
    assert (out / "report.md").read_text(encoding="utf-8").startswith("# tcgsim report")
    assert (out / "notes.txt").read_text(encoding="utf-8") == "keep me"
    assert (out / "plots" / "mine.png").read_bytes() == b"keep me too"
    assert not staged_leftovers(out)


def test_library_raises_a_typed_error_and_force_replaces(run_dir: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (out / "summary.json").write_text("{}", encoding="utf-8")
    with pytest.raises(ReportOutputExists, match="summary.json; pass --force") as caught:
        write_report(run_dir, out)
    assert caught.value.paths == [out / "summary.json"]
    paths = write_report(run_dir, out, force=True)
    assert json.loads(paths.summary.read_text(encoding="utf-8"))["run"]["games"] == 40


def test_the_run_folder_itself_is_rewritten_without_force(run_dir: Path) -> None:
    succeeded(cli(run_dir))
    summary = json.loads((run_dir / "summary.json").read_text(encoding="utf-8"))
    # a plot an earlier report recorded writing that this one no longer draws (a renamed deck) goes; a file the
    # user put into plots/ stays
    summary["plots"].append({"key": "cards_old", "file": "plots/cards_old-deck.png", "title": "", "caption": ""})
    summary["plots"].append({"key": "evil", "file": "plots/../run.json", "title": "", "caption": ""})
    (run_dir / "summary.json").write_text(json.dumps(summary), encoding="utf-8")
    (run_dir / "plots" / "cards_old-deck.png").write_bytes(b"stale")
    (run_dir / "plots" / "mine.png").write_bytes(b"user")
    succeeded(cli(run_dir, "--out", run_dir / "."))  # --out naming the run folder is the same as no --out
    assert not (run_dir / "plots" / "cards_old-deck.png").exists()
    assert (run_dir / "plots" / "mine.png").read_bytes() == b"user"
    assert (run_dir / "run.json").is_file() and (run_dir / "games.parquet").is_file()
    assert not staged_leftovers(run_dir)


# --- 2. a destination that cannot be written --------------------------------------------------------------------

def test_out_is_a_file(run_dir: Path, tmp_path: Path) -> None:
    target = tmp_path / "file.txt"
    target.write_text("mine", encoding="utf-8")
    line = one_line_failure(cli(run_dir, "--out", target), 1)
    assert line == f"tcgsim: cannot write the report to {target}: it is a file, not a folder"
    assert target.read_text(encoding="utf-8") == "mine"


def test_out_under_a_file(run_dir: Path, tmp_path: Path) -> None:
    (tmp_path / "file.txt").write_text("mine", encoding="utf-8")
    line = one_line_failure(cli(run_dir, "--out", tmp_path / "file.txt" / "x"), 1)
    assert line.startswith(f"tcgsim: cannot write the report to {tmp_path / 'file.txt' / 'x'}: ")
    assert "is a file, not a folder" in line


def test_plots_in_the_way_is_a_file(run_dir: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (out / "plots").write_text("not a folder", encoding="utf-8")
    line = one_line_failure(cli(run_dir, "--out", out, "--force"), 1)
    assert "cannot write the report to" in line and "plots is a file" in line
    assert sorted(p.name for p in out.iterdir()) == ["plots"]


@pytest.mark.skipif(not Path("/proc/self").exists(), reason="needs Linux /proc")
def test_out_where_nothing_can_be_written_through_main(run_dir: Path) -> None:
    """Through the installed console script: main() would turn an escaped exception into exit 3."""
    if not TCGSIM.exists():
        pytest.skip("no .venv/bin/tcgsim")
    proc = subprocess.run([str(TCGSIM), "report", str(run_dir), "--out", "/proc/x"], capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 1, proc.stderr
    assert messages(proc.stderr) == [f"tcgsim: cannot write the report to /proc/x: {os.strerror(errno.ENOENT)}"]


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root writes into a chmod 555 folder")
def test_out_read_only_folder(run_dir: Path, tmp_path: Path) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o555)
    try:
        line = one_line_failure(cli(run_dir, "--out", locked / "report"), 1)
    finally:
        locked.chmod(0o755)
    assert "cannot write the report to" in line and "Permission denied" in line


def test_a_read_only_run_folder_suggests_out(run_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Root writes anywhere, so the refusal is simulated where the report makes its first file."""
    import tempfile

    def refuse(**kwargs: Any) -> str:
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(kwargs["dir"]))

    monkeypatch.setattr(tempfile, "mkdtemp", refuse)
    line = one_line_failure(cli(run_dir), 1)
    assert line == (f"tcgsim: cannot write the report to {run_dir}: {os.strerror(errno.EACCES)} (pass --out DIR to "
                    "write it elsewhere)")


def _disk_fills_after(monkeypatch: pytest.MonkeyPatch, writes: int) -> None:
    """Path.write_bytes (every report file goes through it) writes half a file and raises ENOSPC after
    `writes` good writes."""
    real = Path.write_bytes
    calls = {"n": 0}

    def write_bytes(self: Path, data: bytes) -> int:  # type: ignore[override]
        calls["n"] += 1
        if calls["n"] > writes:
            real(self, bytes(data)[: len(data) // 2])
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(self))
        return real(self, data)

    monkeypatch.setattr(Path, "write_bytes", write_bytes)


@pytest.mark.parametrize("writes", [0, 3, 9])
def test_disk_full_leaves_the_earlier_report_whole(run_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                    writes: int) -> None:
    out = tmp_path / "out"
    first = write_report(run_dir, out)
    before = {p: p.read_bytes() for p in first.all()}
    _disk_fills_after(monkeypatch, writes)
    with pytest.raises(ReportWriteError, match=f"^cannot write the report to {out}: .*No space left on device"):
        write_report(run_dir, out, force=True)
    assert {p: p.read_bytes() for p in first.all()} == before  # not one file half-written or replaced
    assert not staged_leftovers(out)


def test_disk_full_in_a_new_folder_leaves_no_folder(run_dir: Path, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    _disk_fills_after(monkeypatch, 2)
    with pytest.raises(ReportWriteError, match="No space left on device"):
        write_report(run_dir, tmp_path / "new" / "deeper")
    assert not (tmp_path / "new").exists()


def test_disk_full_through_the_cli(run_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _disk_fills_after(monkeypatch, 1)
    line = one_line_failure(cli(run_dir, "--out", tmp_path / "out"), 1)
    assert line.startswith(f"tcgsim: cannot write the report to {tmp_path / 'out'}: ")
    assert line.endswith("No space left on device")


# --- figures at the edge ---------------------------------------------------------------------------------------

def test_a_deck_that_wins_every_game_of_a_seat(tmp_path: Path) -> None:
    """13 of 13: the Wilson interval's upper end came out 1e-16 below the rate, and the win-rate plot's error
    bar (rate to upper end) negative, which matplotlib refuses: an internal error on a perfectly good run."""
    rows = [{"decks": ["A", "B"], "winner": 0, "reason": "mana_12", "turns": 20 + i} for i in range(13)]
    rows += [{"decks": ["B", "A"], "winner": 1, "reason": "mana_12", "turns": 20 + i} for i in range(13)]
    write_store(tmp_path, games_frame(rows))
    succeeded(cli(tmp_path))
    a = next(d for d in json.loads((tmp_path / "summary.json").read_text(encoding="utf-8"))["decks"]
             if d["deck"] == "A")
    assert a["win_rate"] == 1.0 and a["ci_high"] == 1.0


# --- 3. malformed tables and run.json ---------------------------------------------------------------------------

def _rewrite(path: Path, change: Callable[[pd.DataFrame], pd.DataFrame]) -> None:
    change(pd.read_parquet(path)).to_parquet(path, index=False)


@pytest.mark.parametrize(("table", "column", "convert", "found", "expected"), [
    ("games", "turns", lambda s: s.astype(str), "text", "integers"),
    ("games", "winner_seat", lambda s: s.astype(str), "text", "integers"),
    ("games", "game_id", lambda s: s.astype(float), "numbers (double)", "integers"),
    ("games", "reason", lambda s: s.cat.codes if hasattr(s, "cat") else pd.factorize(s)[0], "integers", "text"),
    ("tempo", "mana", lambda s: s.astype(str), "text", "numbers"),
    ("cards", "drawn", lambda s: s.astype(float), "numbers", "integers"),
])
def test_a_column_of_the_wrong_type(run_dir: Path, table: str, column: str, convert: Callable[[pd.Series], object],
                                    found: str, expected: str) -> None:
    _rewrite(run_dir / f"{table}.parquet", lambda f: f.assign(**{column: convert(f[column])}))
    line = one_line_failure(cli(run_dir), 1)
    assert f"{run_dir / f'{table}.parquet'}: column {column} holds {found}" in line
    assert line.endswith(f"expected {expected}")
    assert not (run_dir / "report.html").exists()


@pytest.mark.parametrize(("table", "column"), [("games", "turns"), ("cards", "drawn"), ("tempo", "turn")])
def test_missing_values_where_the_figures_need_them(run_dir: Path, table: str, column: str) -> None:
    _rewrite(run_dir / f"{table}.parquet",
             lambda f: f.assign(**{column: pd.array([None, *f[column].iloc[1:]], dtype="Int64")}))
    line = one_line_failure(cli(run_dir), 1)
    assert f"{table}.parquet: column {column} has 1 missing value" in line


def test_a_game_id_twice_and_a_seat_without_its_deck_column(run_dir: Path) -> None:
    games = run_dir / "games.parquet"
    original = pd.read_parquet(games)
    _rewrite(games, lambda f: f.assign(game_id=f["game_id"].where(f["game_id"] != 1, 0)))
    assert "game_id 0 appears more than once" in one_line_failure(cli(run_dir), 1)
    original.assign(n_players=original["n_players"].where(original["game_id"] != 3, 3)) \
        .drop(columns=["deck_2", "deck_3"]).to_parquet(games, index=False)
    assert "a game has 3 players but there is no deck_2 column" in one_line_failure(cli(run_dir), 1)


@pytest.mark.parametrize(("content", "says"), [
    (b"", "the file is empty (0 bytes)"),
    (None, "not a readable Parquet file"),  # truncated: the first half of the real file
    (b"game_id,turns\n1,20\n", "not a readable Parquet file"),
])
def test_games_parquet_that_is_not_parquet(run_dir: Path, content: bytes | None, says: str) -> None:
    path = run_dir / "games.parquet"
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2] if content is None else content)
    line = one_line_failure(cli(run_dir), 1)
    assert line.startswith(f"tcgsim: {path}: {says}")


def test_damaged_pages_behind_a_good_footer(run_dir: Path) -> None:
    path = run_dir / "cards.parquet"
    data = bytearray(path.read_bytes())
    for offset in range(8, len(data) // 2, 97):
        data[offset] ^= 0xFF
    path.write_bytes(bytes(data))
    assert one_line_failure(cli(run_dir), 1).startswith(f"tcgsim: {path}: not a readable Parquet file")


def test_a_table_that_is_a_folder(run_dir: Path) -> None:
    """A partitioned dataset (Spark, DuckDB) where the store writes one file: said, not silently ignored."""
    (run_dir / "tempo.parquet").unlink()
    (run_dir / "tempo.parquet").mkdir()
    assert "tempo.parquet: not a file" in one_line_failure(cli(run_dir), 1)


def test_an_empty_games_table_is_an_empty_report(run_dir: Path) -> None:
    """0 rows is a run that has not played a game: a short valid report that says so, exit 0."""
    _rewrite(run_dir / "games.parquet", lambda f: f.iloc[:0])
    succeeded(cli(run_dir))
    assert "This run has no games" in (run_dir / "report.md").read_text(encoding="utf-8")
    assert json.loads((run_dir / "summary.json").read_text(encoding="utf-8"))["run"]["games"] == 0


@pytest.mark.parametrize(("text", "says"), [
    ("[1, 2]", "run.json: not a JSON object but a list"),
    ('"complete"', "run.json: not a JSON object but a string"),
    ('{"decks": 5}', 'run.json: "decks" is a number (5), expected a list of decks'),
    ('{"decks": [{"key": "Firestorm", "path": 5}]}', '"decks[0].path" is a number (5), expected a string'),
    ('{"decks": [7]}', '"decks[0]" is a number (7), expected an object or a string'),
    ('{"command": {"a": 1}}', '"command" is an object, expected a string or a list of strings'),
    ('{"seed": "seven"}', "\"seed\" is a string ('seven'), expected an integer"),
    ('{"seed": NaN}', "run.json: cannot read it as JSON (NaN is not a JSON value)"),
    ('{"timings": {"seconds": "long", "sessions": []}, "finished": "x"}', '"timings.seconds" is a string'),
    ('{"timings": {"sessions": [1]}}', '"timings.sessions[0]" is a number (1), expected an object'),
    ('{"status": 1}', '"status" is a number (1), expected a string'),
    ('{"decks": [', "run.json: cannot read it as JSON"),
])
def test_run_json_of_the_wrong_shape(run_dir: Path, text: str, says: str) -> None:
    (run_dir / "run.json").write_text(text, encoding="utf-8")
    assert says in one_line_failure(cli(run_dir), 1)


def test_run_json_that_is_not_utf8(run_dir: Path) -> None:
    (run_dir / "run.json").write_bytes(b'{"status": "\xff"}')
    assert "run.json: cannot read it as JSON" in one_line_failure(cli(run_dir), 1)


# --- 4. an interrupted run's shards -------------------------------------------------------------------------------

def write_shards(source: Path, folder: Path, tasks: int = 4, stamp: Callable[[int], str | None] | None = None,
                 meta: dict[str, object] | None = None) -> Path:
    """An interrupted run as the store leaves it: shards/{table}-NNNNNN.parquet per task (plain Arrow tables,
    no pandas metadata), no merged tables, run.json with status running."""
    (folder / "shards").mkdir(parents=True)
    for table in ("games", "tempo", "cards"):
        whole = pq.read_table(source / f"{table}.parquet").replace_schema_metadata(None)
        ids = whole.column("game_id").to_numpy()
        for task in range(tasks):
            part = whole.filter(pa.array((ids * tasks // 40) == task))
            if stamp is not None and (mark := stamp(task)) is not None:
                part = part.replace_schema_metadata({b"tcgsim_run": mark.encode()})
            pq.write_table(part, folder / "shards" / f"{table}-{task:06d}.parquet")
    (folder / "run.json").write_text(json.dumps(meta or {"status": "running", "total_games": 80}),
                                     encoding="utf-8")
    return folder


def test_damaged_and_stray_shards_are_skipped_with_one_warning(source: Path, tmp_path: Path) -> None:
    part = write_shards(source, tmp_path / "part")
    shards = part / "shards"
    (shards / "games-000001.parquet").write_bytes(b"")
    data = (shards / "tempo-000002.parquet").read_bytes()
    (shards / "tempo-000002.parquet").write_bytes(data[: len(data) // 2])
    (shards / "notes.txt").write_text("not ours", encoding="utf-8")
    (shards / "games-x.parquet").write_text("not ours either", encoding="utf-8")
    (shards / "games-3.parquet").write_text("nor this", encoding="utf-8")
    (shards / ".games-000004.123.tmp").write_bytes(b"half")
    result = cli(part)
    succeeded(result)
    warnings = messages(result.stderr)
    assert len(warnings) == 1 and warnings[0].startswith("tcgsim: warning: ")
    assert "games-000001.parquet" in warnings[0] and "tempo-000002.parquet" in warnings[0]
    assert "notes.txt" not in warnings[0] and "games-x" not in warnings[0]
    assert "covers the 20 games of the 2 task(s)" in warnings[0]
    summary = json.loads((part / "summary.json").read_text(encoding="utf-8"))
    assert summary["run"]["games"] == 20
    assert summary["run"]["skipped_shards"] == ["games-000001.parquet", "tempo-000002.parquet"]
    md = (part / "report.md").read_text(encoding="utf-8")
    assert "This run has not finished" in md and "cover only the 20 games played so far (of 80 planned)" in md
    assert "games-000001.parquet" in md


def test_shards_of_another_run_are_skipped_and_an_unstamped_shard_is_accepted(source: Path,
                                                                               tmp_path: Path) -> None:
    stamps = {0: "run-a", 1: None, 2: "run-b", 3: "run-a"}
    part = write_shards(source, tmp_path / "part", stamp=stamps.get,
                        meta={"status": "running", "run_id": "run-a"})
    result = cli(part)
    succeeded(result)
    assert "games-000002.parquet: it was written by run 'run-b'" in result.stderr
    assert json.loads((part / "summary.json").read_text(encoding="utf-8"))["run"]["games"] == 30

    other = write_shards(source, tmp_path / "nostamp", stamp=stamps.get, meta={"status": "running"})
    succeeded(cli(other))  # run.json without run_id: nothing to compare stamps with
    assert json.loads((other / "summary.json").read_text(encoding="utf-8"))["run"]["games"] == 40


def test_every_shard_damaged(source: Path, tmp_path: Path) -> None:
    part = write_shards(source, tmp_path / "part", tasks=2)
    for path in (part / "shards").glob("games-*.parquet"):
        path.write_bytes(b"PAR1")
    line = one_line_failure(cli(part), 1)
    assert "not one finished task of the run reads whole" in line and "games-000000.parquet" in line


def test_a_shard_with_a_wrong_column_type_is_skipped(source: Path, tmp_path: Path) -> None:
    part = write_shards(source, tmp_path / "part", tasks=2)
    path = part / "shards" / "games-000001.parquet"
    table = pq.read_table(path)
    pq.write_table(table.set_column(table.schema.get_field_index("turns"), "turns",
                                    pa.compute.cast(table.column("turns"), pa.string())), path)
    result = cli(part)
    succeeded(result)
    assert "games-000001.parquet: column turns holds text (string), expected integers" in result.stderr
    assert read_run(part).games["game_id"].tolist() == list(range(20))


# --- 5. not a run folder -----------------------------------------------------------------------------------------

def test_not_a_run_folder(tmp_path: Path) -> None:
    assert one_line_failure(cli(tmp_path / "missing"), 1) == f"tcgsim: {tmp_path / 'missing'}: no such run folder"
    (tmp_path / "file.txt").write_text("x", encoding="utf-8")
    assert "not a folder" in one_line_failure(cli(tmp_path / "file.txt"), 1)
    assert "no such run folder" in one_line_failure(cli(tmp_path / "file.txt" / "run"), 1)
    (tmp_path / "empty").mkdir()
    assert "not a tcgsim run folder" in one_line_failure(cli(tmp_path / "empty"), 1)
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "holiday.jpg").write_bytes(b"jpg")
    assert "not a tcgsim run folder" in one_line_failure(cli(tmp_path / "other"), 1)
    (tmp_path / "started").mkdir()
    (tmp_path / "started" / "run.json").write_text('{"status": "running"}', encoding="utf-8")
    (tmp_path / "started" / "shards").mkdir()
    assert "has not finished a game yet" in one_line_failure(cli(tmp_path / "started"), 1)
    with pytest.raises(ReportError, match="not a folder"):
        read_run(tmp_path / "file.txt")


def test_bad_input_through_main_is_exit_1_not_3(run_dir: Path) -> None:
    """The installed console script on a table of the wrong type: main() is where exit 3 would come from."""
    if not TCGSIM.exists():
        pytest.skip("no .venv/bin/tcgsim")
    _rewrite(run_dir / "games.parquet", lambda f: f.assign(turns=f["turns"].astype(str)))
    proc = subprocess.run([str(TCGSIM), "report", str(run_dir)], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 1
    assert messages(proc.stderr) == [f"tcgsim: {run_dir / 'games.parquet'}: column turns holds text "
                                        "(large_string), expected integers"]
