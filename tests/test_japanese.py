"""Japanese where the players are (issue 18): the games' Japanese titles as game keys, and a plain answer when a
Japanese card name meets a pool that has none."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from tcgsim.cards import load_pool
from tcgsim.cli import app
from tcgsim.games import UnknownGame, get_game

runner = CliRunner()


@pytest.mark.parametrize(("name", "key"), [
    ("聖剣伝説", "mana"), ("聖剣伝説 Legend of Mana CARD DUEL", "mana"), ("怪獣大戦", "godzilla"),
    ("新世紀エヴァンゲリオン", "eva"), ("新世紀エヴァンゲリオン カードゲーム", "eva"),
    ("新世紀エヴァンゲリオン　カードゲーム　ショートルール", "eva-short"),  # full-width spaces, as typed in Japanese
    ("ＭＡＮＡ", "mana"), ("Legend of Mana", "mana"), ("eva-short", "eva-short"),
])
def test_a_game_answers_to_its_titles(name: str, key: str) -> None:
    assert get_game(name).key == key


def test_an_unknown_game_still_lists_the_keys() -> None:
    with pytest.raises(UnknownGame, match="known: godzilla, eva, eva-short, mana"):
        get_game("ドラゴンクエスト")


def test_a_deck_may_name_its_game_in_japanese(tmp_path: Path) -> None:
    deck = tmp_path / "d.yaml"
    text = (Path(__file__).resolve().parent.parent / "decks" / "mana" / "firestorm.yaml").read_text(encoding="utf-8")
    deck.write_text(text.replace("game: mana", "game: 聖剣伝説"), encoding="utf-8")
    result = runner.invoke(app, ["validate", str(deck)])
    assert result.exit_code == 0 and "valid mana deck" in result.stdout


def test_a_japanese_name_in_a_pool_without_them_says_so(tmp_path: Path) -> None:
    assert not load_pool("mana").has_japanese_names
    deck = tmp_path / "d.yaml"
    deck.write_text("game: mana\nmain:\n  マッドマラード: 3\ncharacters: [Hero]\n", encoding="utf-8")
    result = runner.invoke(app, ["validate", str(deck)])
    assert result.exit_code == 1
    assert "the mana pool has no Japanese card names yet: use the English name or the id" in result.stdout
    assert "has 1 card, exactly 8 needed" in result.stdout  # and the plural is right
    result = runner.invoke(app, ["cards", "mana", "--search", "マッドマラード"])
    assert "no Japanese card names yet" in result.stderr


def test_a_pool_with_japanese_names_finds_them_without_the_note() -> None:
    pool = load_pool("godzilla")
    assert pool.has_japanese_names
    card = next(c for c in pool if c.name_ja)
    assert card.name_ja is not None and pool.lookup(card.name_ja) == card
    assert pool.no_japanese_hint(card.name_ja) == ""


def test_the_report_shows_japanese_card_names_beside_the_english(tmp_path: Path) -> None:
    """The EVA pool has Japanese names: the card tables show both; summary.json keeps the English name and adds
    the Japanese one in a column of its own."""
    import json

    import tcgsim
    from tcgsim.report import write_report

    decks = sorted((Path(__file__).resolve().parent.parent / "decks" / "eva-short").glob("*.yaml"))[:2]
    tcgsim.simulate(decks, games=4, workers=1, out=tmp_path / "run")
    written = write_report(tmp_path / "run")
    md = Path(written.markdown).read_text(encoding="utf-8")
    pool = load_pool("eva")
    shown = [c for c in pool if c.name_ja and f"**{c.name} ({c.name_ja})**" in md]
    assert shown, "no card of the report shows its Japanese name"
    cards = json.loads(Path(written.summary).read_text(encoding="utf-8"))["cards"]
    row = next(r for r in cards if r["card_name"] == shown[0].name)
    assert row["card_name_ja"] == shown[0].name_ja
