"""The report's first screen holds its verdict: the ranking with its intervals and the matchup heatmap come
before the findings (report.md's order, and in headless Chromium at 1280x800 their boxes start above 800 px);
card tables are folded per deck; the status line the report writes while it works."""

from __future__ import annotations

import io
import re
import subprocess
from pathlib import Path

import pytest

from tcgsim.report import ReportPaths, StatusLine, write_report
from tests.report.synth import synthetic_run
from tests.report.test_html_browser import _chromium

DECKS = ("Firestorm", "Floodwater", "Starlight", "Grove")
VIEWPORT = (1280, 800)

# written into the page before </body>: after the load event it records where the two verdict boxes start
_MEASURE = """<script>window.addEventListener('load', function () {
  var out = [];
  ['ranking', 'heatmap', 'key-findings'].forEach(function (id) {
    var el = document.getElementById(id);
    out.push(id + '=' + (el ? Math.round(el.getBoundingClientRect().top) : 'none'));
  });
  out.push('height=' + document.documentElement.scrollHeight);
  document.body.setAttribute('data-boxes', out.join(' '));
});</script></body>"""


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> ReportPaths:
    run = synthetic_run(tmp_path_factory.mktemp("screen") / "run", games=240, decks=DECKS, seed=5)
    return write_report(run)


def test_verdict_comes_before_the_findings_in_markdown(report: ReportPaths) -> None:
    md = report.markdown.read_text(encoding="utf-8")
    headings = re.findall(r"^## (.+)$", md, flags=re.M)
    assert headings[:2] == ["Verdict", "Key findings"], headings
    assert headings.index("What was run") > headings.index("Cards") and headings[-1] == "Method"
    verdict = md[md.index("## Verdict"):md.index("## Key findings")]
    assert "plots/matchups.png" in verdict  # the heatmap
    assert "| rank | deck | rating (95% CI) |" in verdict  # the ranking, with its intervals
    assert md.index("plots/matchups.png") < md.index("## Key findings")
    for deck in DECKS:  # Markdown keeps each deck's cards as its own section
        assert f"### Cards of {deck}" in md


def test_card_tables_are_folded_per_deck(report: ReportPaths) -> None:
    page = report.html.read_text(encoding="utf-8")
    folds = re.findall(r'<details id="cards-of-[a-z-]+"><summary><h3 class="fold">Cards of (\w+)</h3>', page)
    assert folds == list(DECKS)
    assert "<details open" not in page  # closed until the reader opens one


def test_first_screen_holds_ranking_and_heatmap_in_chromium(report: ReportPaths, tmp_path: Path) -> None:
    browser = _chromium()
    if browser is None:
        pytest.skip("Chromium is not installed (Debian: apt-get install chromium); the first-screen check needs it")
    page = tmp_path / "measured.html"
    page.write_text(report.html.read_text(encoding="utf-8").replace("</body>", _MEASURE), encoding="utf-8")
    width, height = VIEWPORT
    cmd = [browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
           "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-extensions",
           f"--user-data-dir={tmp_path / 'profile'}", f"--window-size={width},{height}",
           "--virtual-time-budget=5000", "--dump-dom", page.resolve().as_uri()]
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    found = re.search(r'data-boxes="([^"]*)"', done.stdout)
    assert found, "the measuring script did not run"
    boxes = dict(pair.split("=") for pair in found.group(1).split())
    assert "none" not in boxes.values(), boxes
    top = {k: int(v) for k, v in boxes.items()}
    assert top["ranking"] < height and top["heatmap"] < height, top
    assert top["heatmap"] < top["key-findings"], top


def test_status_line_plain_lines_off_a_terminal() -> None:
    stream = io.StringIO()
    line = StatusLine(stream)
    line("tables...")
    line("plots 1/3...")
    line.done()
    assert stream.getvalue() == "report: tables...\nreport: plots 1/3...\n"


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_status_line_rewrites_one_line_on_a_terminal() -> None:
    stream = _Terminal()
    line = StatusLine(stream)
    line("plots 10/14...")
    line("writing...")
    line.done()
    out = stream.getvalue()
    assert "\n" not in out
    assert out == ("\rreport: plots 10/14..." + "\rreport: writing...".ljust(len("\rreport: plots 10/14..."))
                   + "\r" + " " * len("report: writing...") + "\r")


def test_write_report_tells_each_stage(tmp_path: Path) -> None:
    run = synthetic_run(tmp_path / "run", games=60, seed=2)
    said: list[str] = []
    paths = write_report(run, status=said.append)
    plots = [s for s in said if s.startswith("plots ")]
    assert said[:2] == ["reading the run...", "tables..."] and said[-1] == "writing..."
    assert plots == [f"plots {i}/{len(paths.plots)}..." for i in range(1, len(paths.plots) + 1)]
