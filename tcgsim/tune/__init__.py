"""`tcgsim tune`: which cards should I change? A search over legal variants of a deck for the best win rate
against a field of decks, by simulation (docs/tune.md).

    result = tcgsim.tune.run_tune(TuneSettings("my.yaml", ("a.yaml", "b.yaml"), budget=60_000), "reports/t")
    result.steps[-1].validated  # the validated gain of the last accepted change, with its interval

The budget of games is spent in three parts, each on deals of its own seeds:
- a scout (SCOUT_SHARE of it): the deck against the field, whose card figures (the length-adjusted IWD of
  tcgsim.report.metrics.card_stats) name the cards most worth cutting;
- rounds (SEARCH_SHARE, split evenly over up to `swaps` rounds): each races the deck and the legal swaps of its
  `cuts` weakest cards (tcgsim.tune.variants) by successive halving on shared deals (tcgsim.tune.race) and keeps
  the winner if the race's last, fresh rung says it gains;
- validation (VALIDATION_SHARE): the deck and every accepted step against the field on deals used for nothing
  else, paired with each other. The gains reported are these, so the winner's curse does not inflate them.

Every part is a run folder of tcgsim.sim under <out>/runs/, played by the same local workers or Dask cluster as
simulate. What each run plays is a function of the settings and of the results of the runs before it, so a
tune killed at any point resumes (`--resume`) by walking the same steps again: finished runs are read, a run
cut short is finished from its shards, and the rest are played.
"""

from __future__ import annotations

import json
import math
import random
import shutil
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np

from tcgsim.cards import CardPool, load_pool
from tcgsim.decks import Deck
from tcgsim.games import get_game
from tcgsim.sim import SimError, execute, load_run, plan_pairings
from tcgsim.sim.seeds import SEED_MASK
from tcgsim.sim.store import Run, RunStatus, read_meta
from tcgsim.tune.race import (
    GAMES_PER_PAIR,
    Estimate,
    arms_that_fit,
    halve,
    paired_gain,
    rung_count,
    rung_pairs,
)
from tcgsim.tune.report import result_json, write_report
from tcgsim.tune.settings import Step, TuneResult, TuneSettings, tune_command
from tcgsim.tune.variants import Swap, apply_swap, card_counts, deck_yaml, legal_swaps, read_collection, resolve_cards

__all__ = ["TUNE_JSON", "TuneSettings", "TuneError", "TuneResult", "Step", "on_validation_deals", "run_tune",
           "saved_settings", "tune_command", "validation_pairs"]

TUNE_JSON = "tune.json"
FORMAT = "tcgsim-tune/1"
SCOUT_SHARE, SEARCH_SHARE, VALIDATION_SHARE = 0.1, 0.7, 0.2
RUNS = "runs"
ProgressFn = Callable[[int, int, str], None]  # (games played, games planned, what is being played)


class TuneError(SimError):
    """A tune that cannot start or resume as asked: one line for the user."""


def _seed(seed: int, *key: int) -> int:
    """The run seed of one part of a tune: a SeedSequence of the tune's seed and the part's key."""
    state = np.random.SeedSequence(entropy=seed, spawn_key=key).generate_state(1, dtype=np.uint64)
    return int(state[0]) & SEED_MASK


def _win_rate(points: np.ndarray) -> tuple[float, float, float]:
    """A deck's win rate against the field from its pair points, with its Wilson interval (pairs with no result
    left out)."""
    from tcgsim.stats import wilson_interval

    won, games = float(np.nansum(points)), float(GAMES_PER_PAIR * np.isfinite(points).sum())
    lo, hi = wilson_interval(won, games)
    return won / games, float(lo), float(hi)


SCOUT_KEY, VALIDATION_KEY, ROUND_KEY = 0, 1, 2  # spawn keys: (0,) scout, (1,) validation, (2, round, rung)


class _Tune:
    """One sitting of a tune: walks its steps, playing or reading each run."""

    def __init__(self, s: TuneSettings, folder: Path, workers: int | None, backend: str, scheduler: str | None,
                 progress: ProgressFn | None, notify: Callable[[str], None] | None) -> None:
        from tcgsim.validate import load_playable

        self.s, self.folder = s, folder
        if s.cards:
            from tcgsim.cards import use_cards
            from tcgsim.usercards import read_user_cards

            use_cards(read_user_cards(s.cards))  # UserCardsError (a ValueError) names the file and line
        self.workers, self.backend, self.scheduler = workers, backend, scheduler
        self._progress, self._notify = progress, notify
        if not s.field:
            raise TuneError("tune needs a field to play against: --field DECK...")
        decks = load_playable([s.deck, *s.field])  # InvalidDecks lists every problem; the CLI prints them
        self.deck, self.field = decks[0], decks[1:]
        self.game = self.deck.game
        odd = next((d for d in self.field if d.game != self.game), None)
        if odd is not None:
            raise TuneError(f"{odd.path} is a {odd.game} deck and {self.deck.path} a {self.game} deck")
        cls = get_game(self.game).game_class()
        if not cls.min_players <= 2 <= cls.max_players:
            raise TuneError(f"tune plays two-player matchups; {self.game} takes {cls.min_players}-{cls.max_players}")
        self.pool: CardPool = load_pool(self.game)
        try:
            self.keep = set(resolve_cards(s.keep, self.pool, "--keep"))
        except ValueError as exc:
            raise TuneError(str(exc)) from None
        self.owned = read_collection(s.collection, self.game, self.pool) if s.collection else None
        self.allowed = set(self.owned) if self.owned is not None else None
        self.command = tune_command(s, folder)
        self.F = len(self.field)
        self.played = 0
        self.planned = s.budget
        self.label = f"tune {self.deck.name}"
        self.notes: list[str] = []

    # --- runs -------------------------------------------------------------------------------------------------

    def note(self, text: str) -> None:
        self.notes.append(text)
        if self._notify is not None:
            self._notify(text)

    def _play(self, name: str, decks: Sequence[Deck], pairs: int, seed: int, what: str) -> Run:
        """Decks[0..n-1] each against every field deck, `pairs` pairs each, matchups against one field deck
        dealt alike (seed key = the field deck's index): the run folder runs/<name>, played, finished or read."""
        n = len(decks)
        matchups = [(a, n + f) for a in range(n) for f in range(self.F)]
        keys = [f for _ in range(n) for f in range(self.F)]
        config = plan_pairings([*decks, *self.field], matchups, pairs * GAMES_PER_PAIR, seed, keys, self.command,
                               self.s.ai, list(self.s.options) or None)
        out = self.folder / RUNS / name
        started = self.played
        total = config.total_games

        def advance(done: int, _total: int) -> None:
            self.played = started + done
            if self._progress is not None:
                self._progress(self.played, max(self.planned, self.played), f"{self.label}: {what}")

        resume = (out / "run.json").is_file()
        if resume and read_meta(out).get("status") == RunStatus.COMPLETE:
            self.played = started + total
        else:
            execute(config, out, workers=self.workers, backend=self.backend, scheduler=self.scheduler,
                    resume=resume, progress=advance, notify=self.note)
            self.played = started + total
        return load_run(out)

    def pair_points(self, run: Run, arms: int) -> np.ndarray:
        """(arms, field decks, pairs) pair points of each arm (decks 0..arms-1 of the run, matchup position 0)
        against each field deck: the sum of its two games' points (tcgsim.compare.read_games, the points compare
        gives a deck), NaN for a pair with a game that had no result."""
        from tcgsim.compare import read_games

        assert run.path is not None
        games = read_games(run.path, int(run.meta["total_games"]), self.game)  # sorted by matchup, pair, rotation
        per_arm = len(games.game_id) // arms
        out = np.empty((arms, self.F, per_arm // (self.F * GAMES_PER_PAIR)))
        for a in range(arms):
            mine = games.deck_points(run.meta["decks"][a]["key"])[a * per_arm:(a + 1) * per_arm]
            out[a] = mine.reshape(self.F, -1, GAMES_PER_PAIR).sum(axis=2)
        return out

    def weakest(self, run: Run, key: str, deck: Deck) -> list[str]:
        """The cards a round tries to cut: the deck's `cuts` cards with the lowest length-adjusted IWD in its
        games of `run`, then every card its games cannot judge (no IWD: a card in play from the setup, like a
        GODZILLA base, is seen in every game; one never held, like a mana character, in none): nothing says
        those pull their weight. Kept cards are never cut."""
        from tcgsim.report.metrics import card_stats

        cards = run.cards[run.cards["deck"] == key]
        figures = card_stats(cards, turns=run.games.set_index("game_id")["turns"])
        present = card_counts(deck, self.pool)
        judged, unjudged = [], []
        for r in figures.itertuples():
            if r.card_id in self.keep or r.card_id not in present:
                continue
            score = r.iwd_adj if np.isfinite(r.iwd_adj) else r.iwd
            if r.holdable and np.isfinite(score):
                judged.append((float(score), r.card_id))
            else:
                unjudged.append(r.card_id)
        return [card for _, card in sorted(judged)[: self.s.cuts]] + sorted(unjudged)

    # --- the walk ---------------------------------------------------------------------------------------------

    def validation(self, name: str, deck: Deck, pairs: int) -> np.ndarray:
        run = self._play(name, [deck], pairs, _seed(self.s.seed, VALIDATION_KEY), "validating")
        return self.pair_points(run, 1)[0]

    def run(self) -> TuneResult:
        s = self.s
        scout_pairs = max(1, int(s.budget * SCOUT_SHARE) // (self.F * GAMES_PER_PAIR))
        val_pairs = validation_pairs(s)
        round_games = int(s.budget * SEARCH_SHARE) // s.swaps
        base_name = self.deck.name
        base = self.validation("validate-0", self.deck, val_pairs)
        rate, lo, hi = _win_rate(base)
        result = TuneResult(s, self.folder, rate, (lo, hi), val_pairs)
        scout = self._play("scout", [self.deck], scout_pairs, _seed(s.seed, SCOUT_KEY), "scouting the deck")
        source, source_key = scout, scout.meta["decks"][0]["key"]
        incumbent = self.deck
        for r in range(1, s.swaps + 1):
            cuts = self.weakest(source, source_key, incumbent)
            swaps = legal_swaps(incumbent, self.pool, cuts, self.allowed, self.owned)
            swaps = self._limit(swaps, r)
            fit = arms_that_fit(len(swaps), round_games, self.F)
            if fit < len(swaps):
                random.Random(_seed(s.seed, ROUND_KEY, r)).shuffle(swaps)
                self.note(f"round {r}: the budget races {fit} of the {len(swaps)} legal swaps of "
                          f"{', '.join(self.pool[c].name for c in cuts)} (chosen at random; a larger --budget "
                          "races them all)")
                swaps = sorted(swaps[:fit])
            record: dict[str, Any] = {"round": r, "cuts": [self.pool[c].name for c in cuts],
                                      "candidates": len(swaps), "rungs": []}
            result.rounds.append(record)
            if not swaps:
                record["accepted"] = None
                break
            variants = [apply_swap(incumbent, w, self.pool, f"{base_name} [{w.label()}]") for w in swaps]
            winner, race, last = self._race(r, incumbent, variants, round_games, record)
            swap = swaps[winner - 1]
            record["winner"] = swap.to_json()
            record["race"] = race.to_json()
            if not (math.isfinite(race.gain) and race.gain > 0):
                record["accepted"] = None
                self.note(f"round {r}: no swap gains in the race's last rung (best {swap.label()}, "
                          f"{100 * race.gain:+.1f} points): stopping")
                break
            incumbent = apply_swap(incumbent, swap, self.pool, f"{base_name} (tuned, {r} change{'s' * (r > 1)})")
            record["accepted"] = swap.to_json()
            source, source_key = last, last.meta["decks"][1]["key"]  # the last rung: [deck, winner]
            points = self.validation(f"validate-{r}", incumbent, val_pairs)
            per = tuple((d.name or Path(d.path).stem, paired_gain(points[f:f + 1], base[f:f + 1]))
                        for f, d in enumerate(self.field))
            step = Step(r, swap, len(swaps), race, paired_gain(points, base), per, _win_rate(points)[0])
            path = self._write_deck(incumbent, result.steps + [step])
            result.steps.append(replace(step, deck_file=str(path)))
            self.label = (f"tune {base_name}: best validated gain "
                          f"{100 * max(x.validated.gain for x in result.steps):+.1f} points")
        result.games = self.played
        result.notes = self.notes
        return result

    def _limit(self, swaps: list[Swap], r: int) -> list[Swap]:
        """--pool-limit: at most N different incoming cards, chosen at random by the seed (the same for every
        cut, so a card raced against one cut is raced against the others)."""
        if self.s.pool_limit is None:
            return swaps
        incoming = sorted({w.in_id for w in swaps})
        random.Random(_seed(self.s.seed, ROUND_KEY, r, 1)).shuffle(incoming)
        chosen = set(incoming[: self.s.pool_limit])
        return [w for w in swaps if w.in_id in chosen]

    def _race(self, r: int, incumbent: Deck, variants: list[Deck], games: int,
              record: dict[str, Any]) -> tuple[int, Estimate, Run]:
        """Successive halving of `variants` (arms 1..n) against `incumbent` (arm 0): the winning arm, its gain in
        the last rung, and the last rung's run."""
        n = len(variants)
        rungs = rung_count(n)
        alive = list(range(1, n + 1))
        seen: dict[int, list[np.ndarray]] = {a: [] for a in range(n + 1)}
        k = 0
        while True:
            arms = [0, *alive]
            pairs = rung_pairs(games, rungs, len(arms), self.F)
            final = len(alive) == 1
            what = (f"round {r}, rung {k + 1}: {len(alive)} candidate{'s' * (len(alive) != 1)} alive"
                    + (" (the last, fresh rung)" if final else ""))
            run = self._play(f"round-{r}/rung-{k}", [incumbent, *(variants[a - 1] for a in alive)], pairs,
                             _seed(self.s.seed, ROUND_KEY, r, k + 2), what)
            points = self.pair_points(run, len(arms))
            record["rungs"].append({"alive": len(alive), "pairs": pairs})
            if final:
                return alive[0], paired_gain(points[1], points[0]), run
            for i, a in enumerate(arms):
                seen[a].append(points[i])
            ref = np.concatenate(seen[0], axis=1)
            gains = np.full(n + 1, np.nan)
            for a in alive:
                gains[a] = paired_gain(np.concatenate(seen[a], axis=1), ref).gain
            alive = halve(alive, gains)
            k += 1

    def _write_deck(self, deck: Deck, steps: list[Step]) -> Path:
        stem = Path(self.s.deck).stem
        path = self.folder / f"{stem}-tuned-{len(steps)}.yaml"
        last = steps[-1].validated
        header = [f"{deck.name}: {self.s.deck} with {len(steps)} change{'s' * (len(steps) > 1)} found by",
                  f"  {self.command}",
                  *(f"  round {x.round}: {x.swap.label()} ({x.swap.section})" for x in steps),
                  f"validated gain against the field: {100 * last.gain:+.1f} points (95% {100 * last.low:+.1f} to "
                  f"{100 * last.high:+.1f}) over {last.pairs} pairs of games"]
        renamed = Deck(str(path), deck.game, deck.name, deck.plan, deck.sections, ai=deck.ai)
        path.write_text(deck_yaml(renamed, self.pool, header), encoding="utf-8")
        return path


def validation_pairs(s: TuneSettings) -> int:
    """Pairs per field deck each validated deck plays: VALIDATION_SHARE of the budget over the deck and its
    possible steps."""
    return max(2, int(s.budget * VALIDATION_SHARE) // ((s.swaps + 1) * len(s.field) * GAMES_PER_PAIR))


def on_validation_deals(s: TuneSettings, folder: str | Path, deck: Deck, name: str,
                        workers: int | None = None) -> np.ndarray:
    """(field decks, pairs) pair points of `deck` against the field on the validation deals of the tune `s` in
    `folder`, played into runs/<name> (or read, if that run is there): to measure another deck on the very
    deals the tune's gains were measured on (the deck a weakened deck came from, in docs/tune.md)."""
    tune = _Tune(s, Path(folder), workers, "local", None, None, None)
    return tune.validation(name, deck, validation_pairs(s))


def _prepare(folder: Path, s: TuneSettings, resume: bool, force: bool) -> None:
    """A new tune needs an empty or new folder (--force clears an old tune's, never anything else); --resume
    needs the folder of this very tune."""
    state = folder / TUNE_JSON
    if resume:
        if not state.is_file():
            raise TuneError(f"--resume {folder}: no {TUNE_JSON} there, so no tune to finish")
        saved = json.loads(state.read_text(encoding="utf-8"))
        if saved.get("settings_digest") != s.digest():
            raise TuneError(f"--resume {folder}: the tune there was started with other settings "
                            f"({saved.get('command')})")
        return
    if folder.exists() and any(folder.iterdir()):
        if not force:
            raise TuneError(f"{folder} exists; pass --force to replace it, or --resume to finish the tune there")
        if not state.is_file():
            raise TuneError(f"{folder} is not empty and is not a tune folder (no {TUNE_JSON}); refusing to delete "
                            "it, even with --force")
        shutil.rmtree(folder)
    folder.mkdir(parents=True, exist_ok=True)


def saved_settings(folder: str | Path) -> TuneSettings:
    """The settings of the tune in `folder` (for `tcgsim tune --resume DIR` without the rest)."""
    state = Path(folder) / TUNE_JSON
    if not state.is_file():
        raise TuneError(f"--resume {folder}: no {TUNE_JSON} there, so no tune to finish")
    try:
        return TuneSettings.from_json(json.loads(state.read_text(encoding="utf-8"))["settings"])
    except (ValueError, KeyError, TypeError) as exc:
        raise TuneError(f"{state}: not a tune's record ({exc})") from None


def run_tune(s: TuneSettings, out: str | Path, *, workers: int | None = None, backend: str = "local",
             scheduler: str | None = None, resume: bool = False, force: bool = False,
             progress: ProgressFn | None = None, notify: Callable[[str], None] | None = None) -> TuneResult:
    """Run (or with `resume`, finish) the tune `s` in the folder `out`; the user's deck file is only read."""
    import time

    if s.budget < 1 or s.cuts < 1 or s.swaps < 1:
        raise TuneError("--budget, --cuts and --swaps must be at least 1")
    if not 0 <= s.seed <= SEED_MASK:
        raise TuneError(f"--seed must be between 0 and {SEED_MASK}, got {s.seed}")
    folder = Path(out)
    tune = _Tune(s, folder, workers, backend, scheduler, progress, notify)
    minimum = _minimum_budget(tune.F, s.swaps)
    if s.budget < minimum:
        raise TuneError(f"--budget {s.budget} is too small to race and validate against {tune.F} field "
                        f"deck{'s' * (tune.F > 1)}: give at least {minimum:,} games")
    _prepare(folder, s, resume, force)
    state = {"format": FORMAT, "command": tune.command, "settings": s.to_json(), "settings_digest": s.digest(),
             "status": "running"}
    (folder / TUNE_JSON).write_text(json.dumps(state, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    clock = time.perf_counter()
    result = tune.run()
    result.seconds = time.perf_counter() - clock
    write_report(result)
    state.update(status="complete", result=result_json(result))
    (folder / TUNE_JSON).write_text(json.dumps(state, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return result


def _minimum_budget(field: int, swaps: int) -> int:
    """The smallest budget whose every part gets its minimum: a race of two candidates over its rungs, and two
    validation pairs per field deck for the deck and each step."""
    race = rung_count(2) * 3 * field * GAMES_PER_PAIR
    return max(math.ceil(race * swaps / SEARCH_SHARE),
               math.ceil(2 * (swaps + 1) * field * GAMES_PER_PAIR / VALIDATION_SHARE))

