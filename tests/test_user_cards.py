"""The cards players own (issue 17): --cards / $TCGSIM_CARDS, the merged pool in every command and worker,
`tcgsim cards check`, and docs/cards/<game>.md naming every field and verb the code accepts."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pandas as pd
import pytest
import yaml
from typer.testing import CliRunner

from tcgsim.cards import _COMMON_KEYS, bundled_pool, load_pool, use_cards
from tcgsim.cli import app
from tcgsim.games import get_game
from tcgsim.usercards import FILE_KEYS, UserCards, check_files, read_user_cards

REPO = Path(__file__).resolve().parent.parent
FIRESTORM = REPO / "decks" / "mana" / "firestorm.yaml"
FLOODWATER = REPO / "decks" / "mana" / "floodwater.yaml"
runner = CliRunner()

DRAKE = {
    "id": "USR-001", "name": "Ember Drake", "type": "monster", "text": "A small fire drake.",
    "stats": {"cost": 2, "attribute": "fire", "str": 3, "def": 2, "open_condition": None, "can_attack_party": True},
    "effects": [{"on": "battle", "do": "first_strike"}],
}


@pytest.fixture(autouse=True)
def bundled_after() -> Iterator[None]:
    """Every test leaves this process on the bundled pools (the CLI's --cards sets the process's pool)."""
    yield
    use_cards(None)


def card_file(tmp_path: Path, cards: list[dict[str, object]], name: str = "my-cards.yaml",
              game: str = "mana") -> Path:
    path = tmp_path / name
    path.write_text(yaml.safe_dump({"game": game, "cards": cards}, allow_unicode=True, sort_keys=False),
                    encoding="utf-8")
    return path


def drake_deck(tmp_path: Path) -> Path:
    """Firestorm with its four Tomato Man swapped for four Ember Drake (the user's card)."""
    text = FIRESTORM.read_text(encoding="utf-8").replace("Tomato Man: 4", "Ember Drake: 4")
    path = tmp_path / "drakes.yaml"
    path.write_text(text.replace("name: Firestorm", "name: Drakes"), encoding="utf-8")
    return path


def invoke(*args: str, env: dict[str, str] | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), env=env)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


# ----------------------------------------------------------------------------------------------- the pool


def test_validate_passes_a_deck_with_a_user_card(tmp_path: Path) -> None:
    cards, deck = card_file(tmp_path, [DRAKE]), drake_deck(tmp_path)
    code, out, _ = invoke("validate", str(deck))
    assert code == 1 and "Ember Drake" in out
    code, out, _ = invoke("validate", str(deck), "--cards", str(cards))
    assert code == 0, out
    assert "valid mana deck 'Drakes'" in out


def test_play_uses_the_user_card(tmp_path: Path) -> None:
    cards, deck = card_file(tmp_path, [DRAKE]), drake_deck(tmp_path)
    code, out, err = invoke("play", str(deck), str(FLOODWATER), "--cards", str(cards), "--seed", "3")
    assert code == 0, err
    assert "Ember Drake" in out


def test_simulate_records_the_user_card_and_the_merged_pool(tmp_path: Path) -> None:
    from tcgsim.sim import simulate

    cards, deck = card_file(tmp_path, [DRAKE]), drake_deck(tmp_path)
    run = simulate([deck, FLOODWATER], games=8, seed=5, workers=1, cards=cards, out=tmp_path / "run")
    assert "USR-001" in set(run.cards["card_id"])
    meta = json.loads((tmp_path / "run" / "run.json").read_text(encoding="utf-8"))
    assert meta["card_pool"] != bundled_pool("mana").sha256
    assert meta["card_pool"] == load_pool("mana").sha256
    assert meta["card_files"] == ["my-cards.yaml"]
    assert "--cards" in meta["command"]
    from tcgsim.report import write_report

    written = write_report(tmp_path / "run")
    report = Path(written.markdown).read_text(encoding="utf-8")
    assert f"card pool: bundled + my-cards.yaml (sha256 {meta['card_pool'][:12]})" in report


def test_a_resume_without_the_card_files_says_to_give_them_again(tmp_path: Path) -> None:
    """A run played with --cards (here a stronger Tomato Man, so the decks stay legal either way) resumed
    without them would mix two pools' games: refused in one line that names the card files and says what to
    type; with the same --cards it goes on."""
    tomato = bundled_pool("mana").lookup("Tomato Man")
    assert tomato is not None
    raw = {"id": tomato.id, "name": "Tomato Man", "type": "monster",
           "stats": {**dict(tomato.stats), "def": 9}, "effects": [dict(e) for e in tomato.effects]}
    cards = card_file(tmp_path, [raw])
    out = tmp_path / "run"
    command = ("simulate", str(FIRESTORM), str(FLOODWATER), "--games", "4", "--seed", "5")
    code, _, err = invoke(*command, "--cards", str(cards), "--out", str(out))
    assert code == 0, err
    use_cards(None)  # in one process the pool stays merged; a new `tcgsim` starts from the bundled one
    code, _, err = invoke(*command, "--resume", str(out))
    assert code in (1, 2) and "Traceback" not in err
    assert "my-cards.yaml (--cards)" in err and "same --cards" in err
    code, _, err = invoke(*command, "--cards", str(cards), "--resume", str(out))
    assert code == 0, err
    use_cards(None)


def test_a_replaced_card_keeps_its_id_and_changes_what_the_engine_reads(tmp_path: Path) -> None:
    from tcgsim.games.mana.cards import mana_cards

    tomato = bundled_pool("mana").lookup("Tomato Man")
    assert tomato is not None and mana_cards()[tomato.id].def_ == 4
    raw = {"id": tomato.id, "name": "Tomato Man", "type": "monster",
           "stats": {**dict(tomato.stats), "def": 9}, "effects": [dict(e) for e in tomato.effects]}
    use_cards(read_user_cards(card_file(tmp_path, [raw])))
    assert load_pool("mana")[tomato.id].stat("def") == 9
    assert mana_cards()[tomato.id].def_ == 9
    assert len(load_pool("mana")) == len(bundled_pool("mana"))  # replaced, not added
    use_cards(None)
    assert mana_cards()[tomato.id].def_ == 4


def test_the_environment_variable_and_the_option_wins(tmp_path: Path) -> None:
    cards, deck = card_file(tmp_path, [DRAKE]), drake_deck(tmp_path)
    code, out, _ = invoke("validate", str(deck), env={"TCGSIM_CARDS": str(cards)})
    assert code == 0, out
    code, out, err = invoke("validate", str(deck), "--cards", str(cards), env={"TCGSIM_CARDS": str(tmp_path / "no")})
    assert code == 0, out + err
    code, _, err = invoke("validate", str(deck), env={"TCGSIM_CARDS": str(tmp_path / "no")})
    assert code == 1 and "CARD-FILE" in err and "Traceback" not in err


def test_a_folder_of_card_files(tmp_path: Path) -> None:
    folder = tmp_path / "cards"
    folder.mkdir()
    card_file(folder, [DRAKE], "a.yaml")
    card_file(folder, [{**DRAKE, "id": "USR-002", "name": "Ash Drake"}], "b.yml")
    user = read_user_cards(folder)
    assert [f.name for f in user.files] == ["a.yaml", "b.yml"]
    use_cards(user)
    assert load_pool("mana").lookup("Ash Drake") is not None and load_pool("mana").user_files == ("a.yaml", "b.yml")


@pytest.mark.parametrize("start", ["fork", "spawn"])
def test_two_workers_play_the_same_games_as_one(tmp_path: Path, start: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The cards reach worker processes through the run's spec (a spawned worker has no --cards of its own)."""
    from tcgsim.sim import simulate

    monkeypatch.setenv("TCGSIM_START_METHOD", start)
    cards, deck = card_file(tmp_path, [DRAKE]), drake_deck(tmp_path)
    one = simulate([deck, FLOODWATER], games=12, seed=9, workers=1, cards=cards, out=tmp_path / "one")
    use_cards(None)  # the parent forgets them: only the spec can carry them to the workers
    two = simulate([deck, FLOODWATER], games=12, seed=9, workers=2, cards=read_user_cards(cards),
                   out=tmp_path / "two")
    cols = [c for c in one.games.columns if c not in ("seconds", "duration_s")]
    pd.testing.assert_frame_equal(one.games[cols].reset_index(drop=True), two.games[cols].reset_index(drop=True))
    pd.testing.assert_frame_equal(one.cards.reset_index(drop=True), two.cards.reset_index(drop=True))
    assert "USR-001" in set(two.cards["card_id"])


def test_resume_with_other_cards_is_refused(tmp_path: Path) -> None:
    from tcgsim.sim import ResumeMismatch, execute, plan_simulation

    cards, deck = card_file(tmp_path, [DRAKE]), drake_deck(tmp_path)
    config = plan_simulation([deck, FLOODWATER], games=4, seed=1, cards=cards)
    execute(config, tmp_path / "run", workers=1)
    other = card_file(tmp_path, [{**DRAKE, "stats": {**DRAKE["stats"], "str": 5}}], "other.yaml")  # type: ignore[dict-item]
    again = plan_simulation([deck, FLOODWATER], games=4, seed=1, cards=other)
    with pytest.raises(ResumeMismatch, match="card"):
        execute(again, tmp_path / "run", workers=1, resume=True)


# -------------------------------------------------------------------------------------------- cards check

BAD = """\
game: godzilla
cards:
  - id: GZ-001
    name: Godzilla 1954 (mine)
    type: monster
    colour: green
    stats:
      power: -3
      heatlh: 4
      evolves_to: [GZ-999]
      abilities:
        - {name: Breath, kind: attack, attribute: 火, health_cost: 1, effect: {verb: damgae, amount: 2}}
  - id: GZ-001
    name: Second Godzilla
    type: monster
    stats: {power: 3}
"""


def test_check_reports_every_problem_with_its_line_and_code(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(BAD, encoding="utf-8")
    code, out, _ = invoke("cards", "check", str(path))
    assert code == 1
    lines = out.splitlines()
    expected = {
        ("CARD-FIELD", 6, "unknown card field 'colour'"),  # not a godzilla field
        ("CARD-VALUE", 8, "0 or more"),  # power: -3
        ("CARD-FIELD", 9, "did you mean 'health'?"),  # heatlh
        ("CARD-REF", 10, "GZ-999"),
        ("CARD-EFFECT", 12, "did you mean 'damage'?"),
        ("CARD-ID", 13, "given twice"),
    }
    for wanted_code, line, text in expected:
        hits = [x for x in lines if x.startswith(f"{path}:{line}: {wanted_code}: ") and text in x]
        assert hits, (wanted_code, line, out)
    assert lines[-1] == "6 problems in 1 card file"


def test_check_json_and_a_good_file(tmp_path: Path) -> None:
    good = card_file(tmp_path, [DRAKE])
    code, out, _ = invoke("cards", "check", str(good))
    assert code == 0 and out.strip().endswith("no problems")
    bad = card_file(tmp_path, [{**DRAKE, "effects": [{"on": "battle", "do": "fly"}]}], "bad.yaml")
    code, out, _ = invoke("cards", "check", str(bad), "--format", "json")
    data = json.loads(out)
    assert code == 1 and not data["valid"]
    assert [p["code"] for p in data["problems"]] == ["CARD-EFFECT"] and data["problems"][0]["line"]


def test_check_with_no_file_is_a_usage_error() -> None:
    code, _, err = invoke("cards", "check")
    assert code == 2 and "tcgsim cards check FILE" in err


def test_a_new_card_named_like_another_is_refused(tmp_path: Path) -> None:
    path = card_file(tmp_path, [{**DRAKE, "name": "Tomato Man"}])
    problems = check_files(read_user_cards(path))
    assert [p.code for p in problems] == ["CARD-ID"] and "id: LOM-032" in problems[0].message


@pytest.mark.parametrize("text", [
    "game: mana\ncards:\n  - id: [unclosed\n",  # not YAML
    "- just a list\n",  # not a mapping
    "game: chess\ncards: []\n",  # unknown game
    "game: mana\ncards: 3\n",  # cards not a list
    "game: mana\ncards:\n  - a string\n",  # a card that is not a mapping
    "game: mana\ncards:\n  - {id: X-1, name: X, type: monster, stats: [1, 2]}\n",  # stats not a mapping
    "game: mana\ncards:\n  - {id: X-1, name: X, type: monster, effects: 3}\n",  # effects not a list
    "game: mana\ncards:\n  - {id: X-1, name: X, type: monster, effects: [{on: never, do: draw}]}\n",  # trigger
    "game: mana\ncards:\n  - {id: X-1, name: X, type: monster, stats: {str: yes}}\n",  # a bool for a number
    "game: eva\ncards:\n  - {id: X-1, name: X, type: hokan, stats: {character: nobody}}\n",  # bad reference
    "game: godzilla\ncards:\n  - {id: X-1, name: X, type: battle, stats: {kind: sideways}}\n",
    "",  # empty
])
def test_bad_input_is_one_line_each_never_a_traceback(tmp_path: Path, text: str) -> None:
    path = tmp_path / "cards.yaml"
    path.write_text(text, encoding="utf-8")
    code, out, _ = invoke("cards", "check", str(path))
    assert code == 1 and "Traceback" not in out
    assert all(re.match(rf"{re.escape(str(path))}(:\d+)?: CARD-[A-Z]+: ", x) for x in out.splitlines()[:-1]), out
    code, _, err = invoke("validate", str(FIRESTORM), "--cards", str(path))
    assert code == 1 and "Traceback" not in err and "fix the card files above first" in err


def test_unreadable_sources_are_card_file_problems(tmp_path: Path) -> None:
    binary = tmp_path / "x.yaml"
    binary.write_bytes(b"\xff\xfe\x00bad")
    empty = tmp_path / "empty"
    empty.mkdir()
    for source in (binary, empty, tmp_path / "missing.yaml"):
        code, out, _ = invoke("cards", "check", str(source))
        assert code == 1 and "CARD-FILE" in out


def test_every_bundled_card_passes_the_check() -> None:
    """The check accepts what the bundled pools say, so a player may copy any card as a model."""
    for game in ("mana", "godzilla", "eva"):
        text = (REPO / "carddb" / game / "cards.yaml").read_text(encoding="utf-8")
        from tcgsim.usercards import CardFile

        assert check_files(UserCards((CardFile(f"{game}.yaml", f"game: {game}\n{text}"),))) == []


@pytest.mark.parametrize(("game", "field", "bad", "hint"), [
    ("mana", "attribute", "fyre", "fire"), ("mana", "condition", ["fire", "fyre"], "fire"),
    ("mana", "timing", "mian", "main"), ("mana", "item_type", "swrod", "sword"),
    ("godzilla", "movement", "飛ぶ", "飛行"), ("godzilla", "attributes", ["陸x"], "陸"),
    ("godzilla", "rebellion_color", "green", "red"), ("godzilla", "range", "far", None),
    ("eva", "colour", "shinjii", "shinji"), ("eva", "target", "unit04", "unit02"), ("eva", "key", "kaworu", None),
])
def test_a_word_outside_a_fields_vocabulary_is_a_bad_value(tmp_path: Path, game: str, field: str, bad: object,
                                                           hint: str | None) -> None:
    """A closed field holding a word the game does not know would be read as nothing at all (an attribute no
    condition matches, a monster with no movement): CARD-VALUE on the field's line, with the nearest word."""
    from tcgsim.usercards import CardFile

    model = next(c for c in bundled_pool(game) if field in c.stats)
    raw = {"id": model.id, "name": model.name, "type": model.type, "stats": {**dict(model.stats), field: bad},
           "effects": [dict(e) for e in model.effects]}
    path = card_file(tmp_path, [raw], game=game)
    text = path.read_text(encoding="utf-8")
    problems = check_files(UserCards((CardFile(path.name, text),)))
    assert [p.code for p in problems] == ["CARD-VALUE"], problems
    problem = problems[0]
    assert field in problem.message and repr(bad if isinstance(bad, str) else bad[-1]) in problem.message
    if hint is not None:
        assert f"did you mean {hint!r}" in problem.message
    shown = text.splitlines()[problem.line - 1] if problem.line else ""
    assert (bad if isinstance(bad, str) else bad[-1]) in shown or f"{field}:" in shown


# ---------------------------------------------------------------------------------------------------- docs


@pytest.mark.parametrize("game", ["mana", "godzilla", "eva"])
def test_the_card_doc_names_every_field_and_verb(game: str) -> None:
    module = get_game(game).module("cards")
    doc = (REPO / "docs" / "cards" / f"{game}.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`([^`\s]+)`", doc))
    wanted = {*FILE_KEYS, *_COMMON_KEYS, *module.STAT_FIELDS, *module.EFFECT_VERBS, *module.EFFECT_KEYS,
              *get_game(game).card_types, *(w for words in module.STAT_CHOICES.values() for w in words)}
    for extra in ("ABILITY_KEYS", "REVERSE_KEYS", "SERIF_KEYS", "CONDITION_KEYS"):
        wanted |= set(getattr(module, extra, ()))
    if game == "mana":
        from tcgsim.games.mana.effects import TARGETS, Trigger

        wanted |= {t.value for t in Trigger} | set(TARGETS)
    if game == "eva":
        from tcgsim.games.eva.effects import CondKind

        wanted |= {k.value for k in CondKind}
    assert sorted(wanted - named) == []


@pytest.mark.parametrize("game", ["mana", "godzilla", "eva"])
def test_the_schema_covers_every_field_the_bundled_cards_use(game: str) -> None:
    module = get_game(game).module("cards")
    for card in bundled_pool(game):
        assert set(card.stats) <= set(module.STAT_FIELDS), card.id


EXAMPLE = re.compile(r"The bundled .+? \((?P<id>[^)]+)\); copy it.*?```yaml\n(?P<yaml>.*?)```", re.S)


@pytest.mark.parametrize("game", ["mana", "godzilla", "eva"])
def test_the_card_doc_examples_are_the_bundled_cards(game: str) -> None:
    """Each "The bundled X (ID); copy it" example shows the bundled card as it is now: a calibration that changes a
    card's values must change its example too, or a player copies a card the pool no longer has."""
    doc = (REPO / "docs" / "cards" / f"{game}.md").read_text(encoding="utf-8")
    raw = yaml.safe_load((REPO / "carddb" / game / "cards.yaml").read_text(encoding="utf-8"))["cards"]
    bundled = {card["id"]: card for card in raw}
    examples = list(EXAMPLE.finditer(doc))
    assert examples
    for match in examples:
        (shown,) = yaml.safe_load(match["yaml"])["cards"]
        assert shown["id"] == match["id"]
        card = bundled[match["id"]]
        assert {key: card.get(key) for key in shown} == shown, match["id"]
