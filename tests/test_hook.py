"""The pre-commit hook this repository ships (.pre-commit-hooks.yaml), run by real pre-commit in a throwaway
repository that, like any other, also holds YAML and text files that are not decks (issue 18)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tcgsim.decks import declares_game
from tcgsim.validate import validate_paths

REPO = Path(__file__).resolve().parent.parent
FIRESTORM = REPO / "decks" / "mana" / "firestorm.yaml"

NOT_DECKS = {
    ".pre-commit-config.yaml": "repos: []\n",
    ".github/workflows/ci.yml": "name: ci\non: push\njobs: {}\n",
    "requirements.txt": "numpy\n",
    "notes.txt": "things to try\n",
    "config/settings.yaml": "gamer: yes\nname: not a deck\n",
}


def _throwaway(root: Path) -> Path:
    """A git repository with non-deck YAML and text, a valid deck, a deck with one error, and a text list."""
    for name, text in NOT_DECKS.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    (root / "decks").mkdir()
    shutil.copy(FIRESTORM, root / "decks" / "firestorm.yaml")
    bad = FIRESTORM.read_text(encoding="utf-8").replace("Tomato Man: 4", "Tomato Man: 9")
    (root / "decks" / "too_many.yaml").write_text(bad, encoding="utf-8")
    shutil.copy(REPO / "decks" / "mana" / "starlight.txt", root / "decks" / "starlight.txt")
    for command in (["init", "-q"], ["add", "-A"], ["-c", "user.email=t@example.org", "-c", "user.name=t",
                                                    "commit", "-q", "-m", "decks"]):
        subprocess.run(["git", *command], cwd=root, check=True, capture_output=True)
    return root


def test_only_files_that_say_their_game_are_decks(tmp_path: Path) -> None:
    root = _throwaway(tmp_path)
    assert [name for name in NOT_DECKS if declares_game(root / name)] == []
    assert all(declares_game(root / "decks" / n) for n in ("firestorm.yaml", "too_many.yaml", "starlight.txt"))
    reports = validate_paths([str(root / n) for n in (*NOT_DECKS, "decks/firestorm.yaml", "decks/too_many.yaml",
                                                      "decks/starlight.txt")], only_decks=True)
    assert sorted(Path(r.path).name for r in reports) == ["firestorm.yaml", "starlight.txt", "too_many.yaml"]
    assert [Path(r.path).name for r in reports if not r.valid] == ["too_many.yaml"]


def test_real_pre_commit_runs_the_hook_on_decks_only(tmp_path: Path) -> None:
    """`pre-commit try-repo` installs the hook as a user's repository would (its own environment, from this
    checkout) and runs it over every file: the non-deck files pass unseen, the bad deck fails the commit with its
    line, and one summary line counts all three decks (the hook runs serially, not in batches)."""
    root = _throwaway(tmp_path / "user")
    env = {**os.environ, "PRE_COMMIT_HOME": str(tmp_path / "pre-commit-home"), "NO_COLOR": "1"}
    done = subprocess.run([sys.executable, "-m", "pre_commit", "try-repo", str(REPO), "tcgsim-validate",
                           "--all-files", "--color", "never"], cwd=root, env=env, capture_output=True, text=True,
                          timeout=900)
    out = done.stdout + done.stderr
    assert done.returncode == 1, out
    assert "DECK-GAME" not in out and "no game given" not in out, out
    assert "decks/too_many.yaml:20: MANA-COPIES" in out, out
    assert out.count("decks checked") == 1 and "3 decks checked: 2 valid, 1 invalid" in out, out
    for name in NOT_DECKS:
        assert name not in out, out


@pytest.mark.parametrize("text", ["game: mana\nmain: {}\n", "# game: mana\n4 Tomato Man\n", "Game : eva\n"])
def test_a_game_line_in_either_format_makes_a_deck(tmp_path: Path, text: str) -> None:
    path = tmp_path / "d.txt"
    path.write_text(text, encoding="utf-8")
    assert declares_game(path)
