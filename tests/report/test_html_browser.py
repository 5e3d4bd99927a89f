"""report.html in a real browser: headless Chromium loads the page from disk, offline, and the page's own script
marks every image loaded or broken (data-loaded on each <img>, a count on <body>)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tcgsim.report import write_report
from tests.report.synth import synthetic_run


def _chromium() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        found = shutil.which(name)
        if found:
            return found
    return "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None


def dump_dom(browser: str, page: Path, profile: Path) -> str:
    """The DOM of `page` after its load event, as Chromium renders it (no network, a throwaway profile)."""
    cmd = [browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
           "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-extensions",
           f"--user-data-dir={profile}", "--virtual-time-budget=5000", "--dump-dom", page.resolve().as_uri()]
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def test_every_plot_loads_in_chromium(tmp_path: Path) -> None:
    browser = _chromium()
    if browser is None:
        pytest.skip("Chromium is not installed (Debian: apt-get install chromium); the browser check needs it")
    run = synthetic_run(tmp_path / "run", games=200, decks=("Firestorm", "Floodwater", "Starlight"), seed=4)
    paths = write_report(run)
    dom = dump_dom(browser, paths.html, tmp_path / "profile")
    n = len(paths.plots)
    assert n >= 8
    states = re.findall(r'data-loaded="(yes|no)"', dom)
    assert states == ["yes"] * n, f"images not loaded: {states}"
    assert f'data-images="{n} loaded {n} broken 0"' in dom
    assert "<h2" in dom and "Key findings" in dom
