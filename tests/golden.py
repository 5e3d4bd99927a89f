"""Recorded games: fixed-seed scripted games of every game key whose full action logs and outcomes must not change
when the code is reorganised or made faster (a change of the rules or the AI updates them on purpose).

    python -m tests.golden                     # compare with tests/golden_games.json (exit 1, the differences)
    python -m tests.golden --update [KEY...]   # record them again, all or some game keys (after a deliberate
                                               # change of the rules or the AI, said in the commit)

Every game key plays GAMES_PER_KEY games over every bundled deck and every scripted style (and random), seats
and opponents rotating; eva also plays 3- and 4-player games. Each game is stored as the sha256 of its decks,
seed, agents, JSON action list and outcome, so a difference names the game that changed.
"""

from __future__ import annotations

import hashlib
import json
import sys
from dataclasses import dataclass
from itertools import cycle, islice
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
RECORD = Path(__file__).resolve().parent / "golden_games.json"
GAMES_PER_KEY = 60
KEYS = ("mana", "godzilla", "eva", "eva-short")


@dataclass(frozen=True)
class GoldenGame:
    key: str
    decks: tuple[str, ...]  # paths relative to the repository
    agents: tuple[str, ...]
    seed: int

    def label(self) -> str:
        names = ", ".join(f"{Path(d).stem}:{a}" for d, a in zip(self.decks, self.agents, strict=True))
        return f"{self.key} seed {self.seed} [{names}]"


def planned(key: str, games: int = GAMES_PER_KEY) -> list[GoldenGame]:
    """The games of one key: deck i against deck i+1.. and style j against style j+1.., rotating."""
    from tcgsim.agents import SEARCH, agent_names

    decks = sorted(str(p.relative_to(REPO)) for p in (REPO / "decks" / key).iterdir()
                   if p.suffix in (".yaml", ".yml", ".txt"))
    styles = agent_names(key)
    styles = [s for s in styles if s not in ("first", "safe-random", SEARCH)]  # search, safe-random: docs/ai.md
    sizes = (2, 2, 2, 3, 4) if key == "eva" else (2,)
    out: list[GoldenGame] = []
    for i, players in zip(range(games), cycle(sizes), strict=False):
        seat_decks = tuple(decks[(i + k) % len(decks)] for k in range(players))
        agents = tuple(islice(cycle(styles), i + (i // len(styles)), i + (i // len(styles)) + players))
        out.append(GoldenGame(key, seat_decks, agents, 1000 + i))
    return out


def digest(game: GoldenGame) -> str:
    from tcgsim.agents import make_agent
    from tcgsim.engine import play_game
    from tcgsim.games import get_game
    from tcgsim.validate import load_playable

    decks = load_playable([REPO / d for d in game.decks])
    cls = get_game(game.key).game_class()
    result = play_game(cls(decks, game.seed), [make_agent(game.key, a) for a in game.agents])
    record = {"game": game.label(), "actions": [a.to_json() for a in result.actions],
              "outcome": result.outcome.to_json(), "turns": result.outcome.turns}
    return hashlib.sha256(json.dumps(record, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


def record_all(keys: tuple[str, ...] = KEYS) -> dict[str, dict[str, str]]:
    return {key: {g.label(): digest(g) for g in planned(key)} for key in keys}


def differences(keys: tuple[str, ...] = KEYS) -> list[str]:
    """The recorded games that now play differently (empty when all replay identically)."""
    saved = json.loads(RECORD.read_text(encoding="utf-8"))
    found: list[str] = []
    for key in keys:
        now = {g.label(): g for g in planned(key)}
        if set(now) != set(saved.get(key, {})):
            found.append(f"{key}: the planned games differ from the record (decks or styles changed?)")
            continue
        found.extend(f"{label}: plays differently" for label, g in now.items() if digest(g) != saved[key][label])
    return found


def main(argv: list[str]) -> int:
    sys.path.insert(0, str(REPO))
    if "--update" in argv:
        keys = tuple(a for a in argv if a != "--update") or KEYS
        unknown = [k for k in keys if k not in KEYS]
        if unknown:
            print(f"unknown game keys {unknown} (known: {', '.join(KEYS)})")
            return 2
        saved = json.loads(RECORD.read_text(encoding="utf-8")) if RECORD.exists() else {}
        saved.update(record_all(keys))  # the other keys' records stay as they were
        RECORD.write_text(json.dumps({k: saved[k] for k in KEYS if k in saved}, indent=1, ensure_ascii=False) + "\n",
                          encoding="utf-8")
        print(f"recorded {sum(len(saved[k]) for k in keys)} games of {', '.join(keys)} in {RECORD}")
        return 0
    diff = differences()
    for line in diff[:20]:
        print(line)
    print(f"{len(diff)} recorded games play differently" if diff else "every recorded game replays identically")
    return 1 if diff else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
