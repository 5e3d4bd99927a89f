"""What decides a tune's games, and what a tune found: the records its folder keeps and its report reads."""

from __future__ import annotations

import hashlib
import json
import math
import shlex
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from tcgsim.tune.race import Estimate
from tcgsim.tune.variants import Swap

__all__ = ["Step", "TuneResult", "TuneSettings", "tune_command"]


@dataclass(frozen=True)
class TuneSettings:
    """Everything that decides a tune's games (how they are played, workers and backend, never does)."""

    deck: str
    field: tuple[str, ...]
    budget: int
    seed: int = 0
    keep: tuple[str, ...] = ()  # cards never cut
    collection: str | None = None  # --from FILE: the cards the player owns; None: the whole pool
    pool_limit: int | None = None  # at most this many different incoming cards a round
    cuts: int = 3  # the deck's weakest cards a round tries to cut
    swaps: int = 3  # rounds, each accepting at most one swap
    ai: str | None = None
    options: tuple[str, ...] = ()  # NAME=VALUE game options
    cards: str | None = None  # the user's card files (--cards), merged into the game's pool

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "field": list(self.field), "keep": list(self.keep), "options": list(self.options)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TuneSettings:
        return cls(**{**data, "field": tuple(data["field"]), "keep": tuple(data["keep"]),
                      "options": tuple(data["options"])})

    def digest(self) -> str:
        return hashlib.sha256(json.dumps(self.to_json(), sort_keys=True).encode()).hexdigest()[:16]


def tune_command(s: TuneSettings, out: Path) -> str:
    """The command line that makes (and with --resume finishes) this tune."""
    parts = ["tcgsim", "tune", s.deck, "--field", *s.field, "--budget", str(s.budget), "--seed", str(s.seed)]
    for card in s.keep:
        parts += ["--keep", card]
    if s.collection:
        parts += ["--from", s.collection]
    if s.pool_limit is not None:
        parts += ["--pool-limit", str(s.pool_limit)]
    if s.cuts != TuneSettings.cuts:
        parts += ["--cuts", str(s.cuts)]
    if s.swaps != TuneSettings.swaps:
        parts += ["--swaps", str(s.swaps)]
    if s.ai:
        parts += ["--ai", s.ai]
    for option in s.options:
        parts += ["--option", option]
    if s.cards:
        parts += ["--cards", s.cards]
    return shlex.join([*parts, "--out", str(out)])


@dataclass(frozen=True)
class Step:
    """One accepted change: the swap, what the race measured, and what validation measured."""

    round: int
    swap: Swap
    candidates: int  # swaps the round raced
    race: Estimate  # the race's last rung: the swap against the deck before it
    validated: Estimate  # against the original deck, on the validation deals
    per_matchup: tuple[tuple[str, Estimate], ...]  # the same, field deck by field deck
    rate: float  # the step's win rate against the field on the validation deals
    deck_file: str | None = None


@dataclass
class TuneResult:
    settings: TuneSettings
    folder: Path
    base_rate: float  # the original deck's win rate against the field on the validation deals
    base_interval: tuple[float, float]
    validation_pairs: int  # per field deck
    steps: list[Step] = field(default_factory=list)
    rounds: list[dict[str, Any]] = field(default_factory=list)  # every round, accepted or not
    games: int = 0  # games played by all the tune's runs, this sitting and earlier ones
    seconds: float = 0.0
    notes: list[str] = field(default_factory=list)

    @property
    def best(self) -> Step | None:
        """The step with the highest validated gain, if it gains at all."""
        good = [s for s in self.steps if math.isfinite(s.validated.gain) and s.validated.gain > 0]
        return max(good, key=lambda s: (s.validated.gain, -s.round)) if good else None
