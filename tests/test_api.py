"""The Python API (issue 18): discoverable (`dir`, `__all__`, docstrings), the same inputs as the command line,
and errors that say what is wrong."""

from __future__ import annotations

import inspect
from pathlib import Path

import pytest

import tcgsim

REPO = Path(__file__).resolve().parent.parent


def test_dir_shows_the_api_and_nothing_else() -> None:
    shown = dir(tcgsim)
    assert shown == sorted(tcgsim.__all__)
    assert {"simulate", "matchups", "load_run", "Run", "validate_file", "validate_paths", "InvalidDecks"} <= set(shown)
    assert not {"Any", "TYPE_CHECKING", "annotations", "cards", "decks"} & set(shown)


def test_every_public_name_is_documented() -> None:
    for name in tcgsim.__all__:
        obj = getattr(tcgsim, name)
        if inspect.isfunction(obj) or inspect.isclass(obj):
            assert inspect.getdoc(obj), name
    assert "tcgsim.simulate" in (tcgsim.__doc__ or "")


def test_an_invalid_deck_says_what_is_wrong(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: mana\nmain:\n  Drakonis: 5\ncharacters: [Hero]\n", encoding="utf-8")
    with pytest.raises(tcgsim.InvalidDecks) as caught:
        tcgsim.simulate([bad, REPO / "decks" / "mana" / "floodwater.yaml"], games=2, workers=1, out=tmp_path / "r")
    assert f"{bad}:3: MANA-COPIES" in str(caught.value)
    assert caught.value.reports and not caught.value.reports[0].valid


def test_a_folder_of_decks_is_read_as_the_command_line_reads_it(tmp_path: Path) -> None:
    run = tcgsim.matchups([str(REPO / "decks" / "eva-short")], games=2, workers=1, out=tmp_path / "r")
    assert len(run.meta["decks"]) == len(list((REPO / "decks" / "eva-short").glob("*.yaml")))
    assert run.complete and len(run.games) == 2 * len(run.meta["matchups"])
    reports = tcgsim.validate_paths([str(REPO / "decks" / "mana")])
    assert len(reports) == 5 and all(r.valid for r in reports)
