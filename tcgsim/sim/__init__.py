"""Batch simulation: thousands of AI games between decks, in parallel, reproducible and resumable.

    run = tcgsim.simulate(["a.yaml", "b.yaml"], games=1000, seed=7, workers=2)
    run.games.groupby("winner_deck").size()

Two steps, for callers (like the CLI) that want to check the settings before anything runs:
`plan_simulation` / `plan_matchups` turn decks and options into a `RunConfig` (or raise `SimError` with one
line saying what is wrong), and `execute` plays it into a run folder (docs/results.md) and summarises it.

How the pieces fit: seeds.py decides every game (seat order, seed) from the settings alone; worker.py plays a
task of games into rows; runner.py spreads tasks over processes or a Dask cluster; store.py writes shards as
tasks finish, resumes from them and merges them into the final tables; summary.py says what came out.
"""

from __future__ import annotations

import hashlib
import json
import platform
import shlex
import tempfile
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from tcgsim.agents import UnknownAgent, default_agent, make_agent
from tcgsim.decks import Deck
from tcgsim.games import get_game
from tcgsim.sim.runner import BackendStats, RunFailed, available_cores, run_dask, run_local
from tcgsim.sim.seeds import SEED_MASK, SEED_SCHEME, GamePlan, all_pairs, gauntlet_pairs, round_games
from tcgsim.sim.store import (
    FORMAT,
    Counts,
    DeckMeta,
    MatchupMeta,
    OutputExists,
    ResumeMismatch,
    Run,
    RunIncomplete,
    RunMeta,
    Session,
    SimError,
    clean_partial,
    default_out,
    finished_tasks,
    load_run,
    merge,
    meta_from_json,
    mismatch,
    prepare_out,
    read_meta,
    remove_shards,
    tables_exist,
    write_meta,
)
from tcgsim.sim.summary import Summary, summarize, summary_lines, write_matrix_csv
from tcgsim.sim.worker import RunDeck, RunSpec, deck_sha256, table_schemas, tempo_column

__all__ = [
    "BACKENDS", "RunConfig", "RunOutcome", "Run", "Summary", "SimError", "OutputExists", "ResumeMismatch",
    "RunIncomplete", "RunFailed", "plan_simulation", "plan_matchups", "execute", "simulate", "matchups",
    "load_run", "available_cores", "default_out", "BackendStats",
]

BACKENDS = ("local", "dask")
FAILURE = "failure.txt"  # the traceback of a task that failed outside its games
AiChoice = str | Sequence[str] | Mapping[str, str] | None
DeckSource = Deck | str | Path
ProgressFn = Callable[[int, int], None]  # (games finished, games in the run)


@dataclass(frozen=True)
class RunConfig:
    """The settings that decide a run's games: decks (with their agents), matchups, games, seed.

    How the games are played (workers, backend) is not part of it: it never changes the results.
    """

    kind: str  # "simulate" (one matchup of all the decks) or "matchups" (two-player matchups)
    game: str
    decks: tuple[RunDeck, ...]
    matchups: tuple[tuple[int, ...], ...]  # deck indices per matchup, in matchup order
    games_requested: int
    games_per_matchup: int  # rounded up to whole pairs
    seed: int
    mirror: bool = False
    gauntlet: bool = False  # matchups: deck 0 is the gauntlet deck, the others its field

    def plan(self) -> GamePlan:
        return GamePlan.build(self.seed, self.matchups, self.games_per_matchup)

    @property
    def total_games(self) -> int:
        return self.plan().total_games

    def run_id(self) -> str:
        identity = [self.kind, self.game, [(d.key, d.sha256, d.ai) for d in self.decks], self.matchups,
                    self.games_per_matchup, self.seed]
        return hashlib.sha256(json.dumps(identity).encode()).hexdigest()[:16]

    def spec(self) -> RunSpec:
        return RunSpec(self.run_id(), self.game, self.decks, self.plan())

    def command(self) -> str:
        """The command line that makes this run (run.json records it; resume hints print it)."""
        decks = [d.path for d in self.decks]
        parts = ["tcgsim", self.kind]
        if self.gauntlet:
            parts += [*decks[1:], "--gauntlet", decks[0]]
        else:
            parts += decks
        parts += ["--games", str(self.games_requested), "--seed", str(self.seed)]
        if self.mirror:
            parts.append("--mirror")
        default = default_agent(self.game)
        agents = {d.ai for d in self.decks}
        if len(agents) == 1 and agents != {default}:
            parts += ["--ai", agents.pop()]
        elif len(agents) > 1:
            for d in self.decks:
                if d.ai != default:
                    parts += ["--ai", f"{d.key}={d.ai}"]
        return shlex.join(parts)

    def meta(self) -> RunMeta:
        from importlib.metadata import version

        from tcgsim import __version__

        plan = self.plan()
        metrics = get_game(self.game).game_class().tempo_metrics

        return RunMeta(
            format=FORMAT, kind=self.kind, command=self.command(), status="running", game=self.game,
            decks=[DeckMeta(d.key, d.name, d.path, d.sha256, d.game, d.ai) for d in self.decks],
            agents={d.key: d.ai for d in self.decks},
            seeds={"run_seed": self.seed, "scheme": SEED_SCHEME},
            games_requested=self.games_requested, games_per_matchup=self.games_per_matchup,
            total_games=plan.total_games, tasks=len(plan.tasks()), mirror=self.mirror,
            gauntlet=self.decks[0].key if self.gauntlet else None,
            matchups=[MatchupMeta(m.matchup_id, " vs ".join(self.decks[i].key for i in m.decks),
                                  [self.decks[i].key for i in m.decks], m.pairs, m.games, m.first_game_id,
                                  m.pairs_per_task) for m in plan.matchups],
            tempo_metrics=[tempo_column(m.name) for m in metrics],
            tempo_meanings={tempo_column(m.name): m.meaning for m in metrics},
            versions={"tcgsim": __version__, "python": platform.python_version(), "numpy": version("numpy"),
                      "pyarrow": version("pyarrow")},
        )


@dataclass(frozen=True)
class RunOutcome:
    """What `execute` did: where the run is, what this sitting played, and the summary of the whole run."""

    folder: Path
    session: Session | None  # None when --resume found the run already complete
    summary: Summary
    resumed_from: int  # games already finished when this sitting started

    def lines(self) -> list[str]:
        """What `tcgsim simulate` prints at the end: where the results are, how fast, and the summary."""
        head = f"results: {self.folder}"
        s = self.session
        if s is None:
            head += " (already complete)"
        else:
            resumed = f", resumed after {self.resumed_from}" if self.resumed_from else ""
            head += (f" ({s.games_played} games in {s.seconds:.1f} s, {s.games_per_s:.0f} games/s on {s.workers} "
                     f"{s.backend} worker{'s' * (s.workers != 1)}{resumed})")
        return [head, *summary_lines(self.summary)]


# ---------------------------------------------------------------------------------------------------- config


def _load(decks: Sequence[DeckSource]) -> list[Deck]:
    from tcgsim.validate import load_playable

    paths = [d for d in decks if not isinstance(d, Deck)]
    loaded = iter(load_playable(paths) if paths else [])
    out = [d if isinstance(d, Deck) else next(loaded) for d in decks]
    games = {d.game for d in out}
    if len(games) > 1:
        first = out[0]
        odd = next(d for d in out if d.game != first.game)
        raise SimError(f"decks of different games: {first.path} is a {first.game} deck, {odd.path} a {odd.game} "
                       "deck")
    return out


def _keys(decks: Sequence[Deck]) -> list[str]:
    """Deck keys: the deck's name, made unique by ' #2', ' #3' in deck order."""
    keys: list[str] = []
    seen: dict[str, int] = {}
    for deck in decks:
        name = deck.name or Path(deck.path).stem
        seen[name] = seen.get(name, 0) + 1
        keys.append(name if seen[name] == 1 else f"{name} #{seen[name]}")
    return keys


def _agents(game: str, decks: Sequence[Deck], keys: Sequence[str], ai: AiChoice) -> list[str]:
    """One agent per deck from --ai: nothing (the game's default), one name (every deck), one per deck in
    order, and/or DECK=AGENT entries (DECK a key, name or file stem)."""
    default = default_agent(game)
    if ai is None:
        plain: list[str] = []
        named: dict[str, str] = {}
    elif isinstance(ai, str):
        plain, named = [ai], {}
    elif isinstance(ai, Mapping):
        plain, named = [], dict(ai)
    else:
        plain = [a for a in ai if "=" not in a]
        named = dict(a.split("=", 1) for a in ai if "=" in a)
    if len(plain) > 1 and len(plain) != len(decks):
        raise SimError(f"--ai given {len(plain)} times for {len(decks)} decks: give one, one per deck, "
                       "or DECK=AGENT")
    chosen = plain if len(plain) == len(decks) and plain else [plain[0] if plain else default] * len(decks)
    for target, agent in named.items():
        hits = [i for i, (d, k) in enumerate(zip(decks, keys, strict=True))
                if target.strip() in (k, d.name, Path(d.path).stem)]
        if not hits:
            raise SimError(f"--ai {target}={agent}: no deck {target!r} (decks: {', '.join(keys)})")
        for i in hits:
            chosen[i] = agent.strip()
    for agent in dict.fromkeys(chosen):
        try:
            make_agent(game, agent)
        except UnknownAgent as exc:
            raise SimError(str(exc)) from None
    return chosen


def _run_decks(decks: Sequence[Deck], ai: AiChoice) -> tuple[str, tuple[RunDeck, ...]]:
    game = decks[0].game
    get_game(game).game_class()  # UnknownGame (a ValueError) for a game that cannot be played yet
    keys = _keys(decks)
    agents = _agents(game, decks, keys, ai)
    return game, tuple(RunDeck(k, d.name, d.path, deck_sha256(d), d.game, a, d)
                       for k, d, a in zip(keys, decks, agents, strict=True))


def _check_numbers(games: int, seed: int) -> None:
    if games < 1:
        raise SimError(f"--games must be at least 1, got {games}")
    if not 0 <= seed <= SEED_MASK:
        raise SimError(f"--seed must be between 0 and {SEED_MASK}, got {seed}")


def plan_simulation(decks: Sequence[DeckSource], games: int = 100, seed: int = 0, ai: AiChoice = None) -> RunConfig:
    """One matchup of all the decks in every game (2 for a two-player game; 2-4 for eva), `games` games
    (rounded up to whole pairs: one game per seat rotation)."""
    _check_numbers(games, seed)
    loaded = _load(decks)
    if len(loaded) < 2:
        raise SimError(f"simulate needs at least 2 decks, got {len(loaded)}")
    game, run_decks = _run_decks(loaded, ai)
    cls = get_game(game).game_class()
    if not cls.min_players <= len(loaded) <= cls.max_players:
        players = (str(cls.min_players) if cls.min_players == cls.max_players
                   else f"{cls.min_players}-{cls.max_players}")
        raise SimError(f"{game} takes {players} decks, got {len(loaded)}")
    n = len(loaded)
    return RunConfig("simulate", game, run_decks, (tuple(range(n)),), games, round_games(games, n), seed)


def plan_matchups(decks: Sequence[DeckSource], games: int = 100, seed: int = 0, ai: AiChoice = None,
                  gauntlet: DeckSource | None = None, mirror: bool = False) -> RunConfig:
    """Every pair of `decks` (or, with `gauntlet`, that deck against each of `decks`), `games` games per
    matchup; `mirror` adds each deck against itself. With a gauntlet, --ai lists go gauntlet deck first."""
    _check_numbers(games, seed)
    loaded = _load([gauntlet, *decks] if gauntlet is not None else list(decks))
    if gauntlet is not None:
        hero, field = loaded[0], loaded[1:]
        same = Path(hero.path).resolve()
        field = [d for d in field if Path(d.path).resolve() != same or d.path.startswith("<")]
        if not field and not mirror:
            raise SimError("--gauntlet needs at least one other deck to play against (or --mirror)")
        loaded = [hero, *field]
    elif len(loaded) < (1 if mirror else 2):
        raise SimError(f"matchups needs at least 2 decks, got {len(loaded)}")
    game, run_decks = _run_decks(loaded, ai)
    cls = get_game(game).game_class()
    if not cls.min_players <= 2 <= cls.max_players:
        raise SimError(f"matchups are two-player games; {game} takes {cls.min_players}-{cls.max_players} players")
    pairs = gauntlet_pairs(len(loaded) - 1, mirror) if gauntlet is not None else all_pairs(len(loaded), mirror)
    return RunConfig("matchups", game, run_decks, tuple(pairs), games, round_games(games, 2), seed, mirror,
                     gauntlet is not None)


# ----------------------------------------------------------------------------------------------------- running


def _now() -> str:
    return datetime.now().astimezone().isoformat(timespec="seconds")


def execute(config: RunConfig, out: str | Path | None = None, *, workers: int | None = None,
            backend: str = "local", scheduler: str | None = None, force: bool = False, resume: bool = False,
            progress: ProgressFn | None = None) -> RunOutcome:
    """Play `config` into the run folder `out` (default reports/<decks>-<timestamp>) and summarise it.

    `resume=True` finishes the run already in `out` (its run.json must describe the same run): only the tasks
    without a shard are played, and the tables come out as an uninterrupted run's would.
    """
    if backend not in BACKENDS:
        raise SimError(f"unknown backend {backend!r} (known: {', '.join(BACKENDS)})")
    if resume and out is None:
        raise SimError("resume needs the run folder")
    folder = Path(out) if out is not None else default_out([d.key for d in config.decks])
    workers = available_cores() if workers is None else workers
    if workers < 1:
        raise SimError(f"--workers must be at least 1, got {workers}")
    meta = config.meta()
    if resume:
        saved = read_meta(folder)
        why = mismatch(saved, meta)
        if why is not None:
            raise ResumeMismatch(f"--resume {folder}: the run there is not this command's: {why}")
        meta = meta_from_json(saved)
        if meta.status == "complete" and tables_exist(folder):
            return RunOutcome(folder, None, summarize(folder, meta.to_json()), meta.total_games)
        clean_partial(folder)
    else:
        prepare_out(folder, force)
        write_meta(folder, meta)

    plan = config.plan()
    tasks = plan.tasks()
    finished = finished_tasks(folder)
    todo = [t for t in tasks if t.task_id not in finished]
    already = sum(t.n_games for t in tasks if t.task_id in finished)
    done = already
    total = plan.total_games
    if progress is not None:
        progress(done, total)

    def advance(games: int) -> None:
        nonlocal done
        done += games
        if progress is not None:
            progress(done, total)

    started, clock = _now(), time.perf_counter()
    spec = config.spec()
    try:
        if backend == "dask":
            stats = run_dask(spec, todo, folder, workers, scheduler, advance)
        else:
            stats = run_local(spec, todo, folder, workers, advance)
    except RunFailed as exc:
        if exc.detail:  # the one-line message is for the terminal; the traceback is kept for whoever fixes it
            (folder / FAILURE).write_text(exc.detail, encoding="utf-8")
        raise
    seconds = time.perf_counter() - clock

    schemas = dict(zip(("games", "tempo", "cards"), table_schemas(config.game), strict=True))
    merge(folder, [t.task_id for t in tasks], schemas)
    summary = summarize(folder, meta.to_json())
    played = done - already
    session = Session(started, _now(), round(seconds, 3), played, round(played / seconds, 1) if seconds else 0.0,
                      backend, stats.workers, scheduler, stats.restarts)
    if summary.matrix is not None:
        write_matrix_csv(folder / "matrix.csv", summary.matrix)
    meta.status = "complete"  # last: a run killed before this line merges again when resumed
    meta.results = Counts(summary.games, summary.decided, summary.draws, summary.errors)
    meta.sessions.append(session)
    write_meta(folder, meta)
    remove_shards(folder)
    (folder / FAILURE).unlink(missing_ok=True)
    return RunOutcome(folder, session, summary, already)


def _as_run(config: RunConfig, out: str | Path | None, workers: int | None, backend: str, scheduler: str | None,
            force: bool, resume: bool, progress: ProgressFn | None) -> Run:
    """Execute and load the tables; without `out` the run folder is temporary and gone once loaded."""
    if resume and out is None:
        raise SimError("resume needs the run folder (out=...)")
    if out is not None:
        execute(config, out, workers=workers, backend=backend, scheduler=scheduler, force=force, resume=resume,
                progress=progress)
        return load_run(out)
    with tempfile.TemporaryDirectory(prefix="tcgsim-run-") as tmp:
        folder = Path(tmp) / "run"
        execute(config, folder, workers=workers, backend=backend, scheduler=scheduler, progress=progress)
        run = load_run(folder)
    run.path = None
    return run


def simulate(decks: Sequence[DeckSource], games: int = 100, seed: int = 0, workers: int | None = None,
             ai: AiChoice = None, out: str | Path | None = None, *, backend: str = "local",
             scheduler: str | None = None, force: bool = False, resume: bool = False,
             progress: ProgressFn | None = None) -> Run:
    """Play `games` games between `decks` (deck files or Deck objects; seats balanced by rotation) and return
    the tables as DataFrames. With `out`, the run folder is kept there; without, it lives in a temporary folder.

    ai: one agent name for every deck, one per deck, DECK=AGENT entries, or a {deck: agent} mapping.
    """
    config = plan_simulation(decks, games, seed, ai)
    return _as_run(config, out, workers, backend, scheduler, force, resume, progress)


def matchups(decks: Sequence[DeckSource], games: int = 100, seed: int = 0, workers: int | None = None,
             ai: AiChoice = None, out: str | Path | None = None, *, gauntlet: DeckSource | None = None,
             mirror: bool = False, backend: str = "local", scheduler: str | None = None, force: bool = False,
             resume: bool = False, progress: ProgressFn | None = None) -> Run:
    """Every pair of `decks` (or `gauntlet` against each of them), `games` games per matchup, as DataFrames."""
    config = plan_matchups(decks, games, seed, ai, gauntlet, mirror)
    return _as_run(config, out, workers, backend, scheduler, force, resume, progress)
