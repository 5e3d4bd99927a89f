"""The document's two renderers: names holding Markdown or HTML characters show literally in report.md (once
rendered as Markdown) and in report.html, because emphasis is structure, never marks inside the text."""

from __future__ import annotations

import json
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tcgsim.report import write_report
from tcgsim.report.render import Bullets, Document, Para, Section, Table, to_html, to_markdown
from tcgsim.report.text import code, em, markdown, markdown_block, strong, text, words
from tests.report.synth import cards_frame, games_frame, write_store

CARD = "*Star* <Bolt> & `tick` _x_ [y] a|b"
DECK = "Grove *2* <b>"


class Elements(HTMLParser):
    """The text inside each element of a page, by tag: strong, em, code, td, li..."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.open: list[str] = []
        self.texts: dict[str, list[str]] = {}
        self.all: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in ("img", "meta", "br"):
            self.open.append(tag)
            self.texts.setdefault(tag, []).append("")

    def handle_endtag(self, tag: str) -> None:
        if tag in self.open:
            while self.open.pop() != tag:
                pass

    def handle_data(self, data: str) -> None:
        self.all.append(data)
        for tag in set(self.open):
            self.texts[tag][-1] += data


def elements(page: str) -> Elements:
    parser = Elements()
    parser.feed(page)
    return parser


@pytest.fixture(scope="module")
def odd_names(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A run whose deck and card names hold *, <, &, backticks, underscores, brackets and a pipe."""
    rows = [{"decks": [DECK, "Plain"] if i % 2 == 0 else ["Plain", DECK], "winner": i % 3 % 2, "reason": "mana_12",
             "turns": 10 + i} for i in range(12)]
    games = games_frame(rows)
    cards = cards_frame([{"game_id": g, "seat": 0 if g % 2 == 0 else 1, "deck": DECK, "card_id": "X-1",
                          "card_name": CARD, "drawn": g % 2, "result": "win" if rows[g]["winner"] == (g % 2) else
                          "loss"} for g in range(12)])
    folder = tmp_path_factory.mktemp("odd") / "run"
    return write_store(folder, games, cards=cards, meta={"decks": [{"key": DECK, "path": "decks/grove.yaml"},
                                                                   {"key": "Plain", "path": "decks/plain.yaml"}]})


def test_odd_names_show_literally_in_html(odd_names: Path) -> None:
    page = write_report(odd_names).html.read_text(encoding="utf-8")
    found = elements(page)
    assert CARD in found.texts["strong"] and DECK in found.texts["strong"]
    assert not any("Star" in t for t in found.texts.get("em", []))  # the *s made no emphasis
    assert "&lt;Bolt&gt;" in page and "<Bolt>" not in page and "<b>" not in page


def test_odd_names_show_literally_in_rendered_markdown(odd_names: Path) -> None:
    md = (odd_names / "report.md").read_text(encoding="utf-8")
    assert markdown(strong(CARD)).replace("|", "\\|") in md  # escaped in the file, in a table cell
    markdown_it = pytest.importorskip("markdown_it")
    rendered = markdown_it.MarkdownIt("commonmark").enable("table").render(md)
    found = elements(rendered)
    assert CARD in found.texts["strong"] and DECK in found.texts["strong"]
    assert not any("Star" in t for t in found.texts.get("em", []))
    summary = json.loads((odd_names / "summary.json").read_text(encoding="utf-8"))
    assert {c["card_name"] for c in summary["cards"]} == {CARD}  # the data itself is untouched


def test_each_style_in_both_renderers() -> None:
    """One document, every inline style, through both renderers (Markdown checked once rendered)."""
    line = text("a ", strong("bold"), " ", em("emphasis"), " ", code("x`y"), " and 2 < 3 **not bold**")
    doc = Document("T <1>", "sub & title", [Section("S", [Para(line), Bullets(["- not a nested list", line]),
                                                          Table(["k", "v"], [[strong("a|b"), code("c|d")]])])])
    page = elements(to_html(doc))
    assert page.texts["strong"][:1] == ["bold"] and page.texts["em"] == ["emphasis", "emphasis"]
    assert "x`y" in page.texts["code"] and "c|d" in page.texts["code"] and "a|b" in page.texts["strong"]
    assert "T <1>" in page.texts["h1"] and "2 < 3 **not bold**" in "".join(page.all)
    markdown_it = pytest.importorskip("markdown_it")
    rendered = elements(markdown_it.MarkdownIt("commonmark").enable("table").render(to_markdown(doc)))
    assert rendered.texts["strong"][:1] == ["bold"] and rendered.texts["em"] == ["emphasis", "emphasis"]
    assert "x`y" in rendered.texts["code"] and "c|d" in rendered.texts["code"] and "a|b" in rendered.texts["strong"]
    assert "- not a nested list" in rendered.texts["li"]
    assert "2 < 3 **not bold**" in "".join(rendered.all) and "T <1>" in rendered.texts["h1"]


def test_markdown_escapes() -> None:
    assert markdown(text(strong(" padded "), "x")) == " **padded** x"  # marks must touch the words
    assert markdown(code("a`b")) == "``a`b``" and markdown(code("`a")) == "`` `a ``"
    assert markdown("R&D &amp; characters_left _x_") == "R&D \\&amp; characters_left \\_x\\_"
    assert markdown_block("# not a heading") == "\\# not a heading" and markdown_block("1. x") == "1\\. x"
    assert markdown_block("-3 points") == "-3 points" and words(text(strong("a"), "b")) == "ab"


def test_the_template_ships_inside_the_package() -> None:
    """The wheel packages tcgsim/, so a file under it is package data; the page is rendered from it."""
    from importlib.resources import files

    assert (files("tcgsim.report") / "templates" / "report.html.j2").is_file()
