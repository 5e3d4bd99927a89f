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
import traceback
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from tcgsim.agents import UnknownAgent, default_agent, make_agent
from tcgsim.cards import active_cards, pool_with, use_cards
from tcgsim.decks import Deck
from tcgsim.engine import GameOptions
from tcgsim.games import get_game
from tcgsim.options import BadOption, option_arguments, options_from_json, options_from_strings, options_to_json
from tcgsim.sim.errors import OutputExists, ResumeMismatch, RunFailed, RunFolderError, RunIncomplete, SimError
from tcgsim.sim.folder import oserror_text
from tcgsim.sim.runner import BackendStats, available_cores, check_scheduler, run_dask, run_local
from tcgsim.sim.seeds import SEED_MASK, SEED_SCHEME, GamePlan, Task, all_pairs, gauntlet_pairs, round_games
from tcgsim.sim.store import (
    FORMAT,
    RUN_JSON,
    Counts,
    DamagedShards,
    DeckMeta,
    MatchupMeta,
    Run,
    RunMeta,
    RunStatus,
    Session,
    clean_partial,
    default_out,
    load_run,
    merge,
    meta_from_json,
    mismatch,
    open_folder,
    prepare_out,
    read_meta,
    remove_shards,
    scan_shards,
    tables_exist,
    write_meta,
)
from tcgsim.sim.summary import Summary, summarize, summary_lines, write_matrix_csv
from tcgsim.sim.worker import RunDeck, RunSpec, deck_sha256, table_schemas, tempo_column
from tcgsim.usercards import UserCards, read_user_cards

__all__ = [
    "BACKENDS", "MAX_GAMES", "RunConfig", "RunOutcome", "Run", "Summary", "SimError", "OutputExists",
    "ResumeMismatch", "RunIncomplete", "RunFolderError", "RunFailed", "plan_simulation", "plan_matchups",
    "plan_pairings",
    "plan_from_run", "execute", "simulate", "matchups", "load_run", "available_cores", "default_out", "BackendStats",
    "choose_agents", "deck_keys",
]

BACKENDS = ("local", "dask")
FAILURE = "failure.txt"  # the traceback of a task that failed outside its games
# The most games one run plays: past it a typo, not a plan (a billion games is weeks on a large cluster), and
# the tables' int32 pair and game counters stay far from overflowing.
MAX_GAMES = 1_000_000_000
NoteFn = Callable[[str], None]
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
    options: GameOptions | None = None  # the game's options; None: its defaults
    # the user's card files (--cards), as text: they travel to every worker process with the run's spec
    cards: UserCards | None = None
    # the deal key of each matchup (GamePlan.build); None: each matchup's own index, as simulate and matchups do
    seed_keys: tuple[int, ...] | None = None
    # the command a run made as one step of a larger one (a `tune` race) records instead of its own
    origin: str | None = None

    def game_options(self) -> GameOptions:
        return self.options if self.options is not None else get_game(self.game).game_class().options_class()

    def plan(self) -> GamePlan:
        return GamePlan.build(self.seed, self.matchups, self.games_per_matchup, seed_keys=self.seed_keys)

    @property
    def total_games(self) -> int:
        return self.plan().total_games

    def card_pool(self) -> str:
        """The digest of the pool the games play with: the bundled data's, or with --cards the merged pool's
        (so a resume with other card files is refused, like one with other card data)."""
        return pool_with(self.game, self.cards).sha256

    def card_files(self) -> list[str]:
        return list(pool_with(self.game, self.cards).user_files)

    def run_id(self) -> str:
        """A digest of everything that decides the games, this tcgsim and its card data included: every shard
        carries it, so a merge never takes a shard of another run."""
        from tcgsim.version import __version__

        identity = [self.kind, self.game, [(d.key, d.sha256, d.ai) for d in self.decks], self.matchups,
                    self.games_per_matchup, self.seed, __version__, self.card_pool(),
                    options_to_json(self.game_options())]
        if self.seed_keys is not None:  # only then: the ids of runs of every other kind stay as they were
            identity.append(list(self.seed_keys))
        return hashlib.sha256(json.dumps(identity).encode()).hexdigest()[:16]

    def spec(self) -> RunSpec:
        return RunSpec(self.run_id(), self.game, self.decks, self.plan(), self.game_options(), self.cards or None)

    def command(self) -> str:
        """The command line that makes this run (run.json records it; resume hints print it)."""
        if self.origin is not None:
            return self.origin
        decks = [d.path for d in self.decks]
        parts = ["tcgsim", self.kind]
        if self.gauntlet:
            parts += [*decks[1:], "--gauntlet", decks[0]]
        else:
            parts += decks
        parts += ["--games", str(self.games_requested), "--seed", str(self.seed)]
        if self.mirror:
            parts.append("--mirror")
        parts += option_arguments(self.game_options())
        if self.cards and self.cards.source:
            parts += ["--cards", self.cards.source]
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

        from tcgsim.version import __version__

        plan = self.plan()
        metrics = get_game(self.game).game_class().tempo_metrics

        return RunMeta(
            format=FORMAT, run_id=self.run_id(), kind=self.kind, command=self.command(), status=RunStatus.RUNNING,
            game=self.game,
            decks=[DeckMeta(d.key, d.name, d.path, d.sha256, d.game, d.ai) for d in self.decks],
            agents={d.key: d.ai for d in self.decks},
            seeds={"run_seed": self.seed, "scheme": SEED_SCHEME,
                   **({"seed_keys": list(self.seed_keys)} if self.seed_keys is not None else {})},
            games_requested=self.games_requested, games_per_matchup=self.games_per_matchup,
            total_games=plan.total_games, tasks=plan.n_tasks, mirror=self.mirror,
            gauntlet=self.decks[0].key if self.gauntlet else None,
            matchups=[MatchupMeta(m.matchup_id, " vs ".join(self.decks[i].key for i in m.decks),
                                  [self.decks[i].key for i in m.decks], m.pairs, m.games, m.first_game_id,
                                  m.pairs_per_task) for m in plan.matchups],
            tempo_metrics=[tempo_column(m.name) for m in metrics],
            tempo_meanings={tempo_column(m.name): m.meaning for m in metrics},
            versions={"tcgsim": __version__, "python": platform.python_version(), "numpy": version("numpy"),
                      "pyarrow": version("pyarrow")},
            card_pool=self.card_pool(),
            options=options_to_json(self.game_options()),
            card_files=self.card_files(),
        )


@dataclass(frozen=True)
class RunOutcome:
    """What `execute` did: where the run is, what this sitting played, and the summary of the whole run."""

    folder: Path
    session: Session | None  # None when --resume found the run already complete
    summary: Summary
    resumed_from: int  # games already finished when this sitting started
    notes: tuple[str, ...] = ()  # what the run noticed on the way (damaged shards replayed, workers capped)

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


def _load(decks: Sequence[DeckSource], game: str | None = None) -> list[Deck]:
    """Decks as given: Deck objects, and files, folders (their deck files) and globs read as the CLI reads them."""
    from tcgsim.validate import InvalidDecks, expand_paths, load_playable

    sources: list[DeckSource] = []
    for d in decks:
        if isinstance(d, Deck):
            sources.append(d)
            continue
        files, missing = expand_paths([str(d)])
        if missing:
            raise InvalidDecks(missing)
        sources.extend(files)
    decks = sources
    paths = [d for d in decks if not isinstance(d, Deck)]
    loaded = iter(load_playable(paths, game) if paths else [])
    out = [d if isinstance(d, Deck) else next(loaded) for d in decks]
    games = {d.game for d in out}
    if len(games) > 1:
        first = out[0]
        odd = next(d for d in out if d.game != first.game)
        raise SimError(f"decks of different games: {first.path} is a {first.game} deck, {odd.path} a {odd.game} "
                       "deck")
    return out


def deck_keys(decks: Sequence[Deck]) -> list[str]:
    """Deck keys: the deck's name, made unique by ' #2', ' #3' in deck order."""
    keys: list[str] = []
    seen: dict[str, int] = {}
    for deck in decks:
        name = deck.name or Path(deck.path).stem
        seen[name] = seen.get(name, 0) + 1
        keys.append(name if seen[name] == 1 else f"{name} #{seen[name]}")
    return keys


def choose_agents(game: str, decks: Sequence[Deck], keys: Sequence[str], ai: AiChoice) -> list[str]:
    """One agent name per deck from --ai (for `play` and every run alike): nothing (each deck's own `ai:`,
    else the game's default), one name (every deck), one per deck in order, and/or DECK=AGENT entries (DECK a
    key, name or file stem)."""
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
    if plain:
        chosen = plain if len(plain) == len(decks) else plain * len(decks)
    else:
        chosen = [d.ai or default_agent(game) for d in decks]
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
    keys = deck_keys(decks)
    for key in keys:  # the tables and run.json are UTF-8: a name that cannot be written is refused now
        try:
            key.encode("utf-8")
        except UnicodeEncodeError:
            raise SimError(f"deck name {key!r} holds a lone surrogate, which is not text; rename the deck") from None
    agents = choose_agents(game, decks, keys, ai)
    return game, tuple(RunDeck(k, d.name, d.path, deck_sha256(d), d.game, a, d)
                       for k, d, a in zip(keys, decks, agents, strict=True))


def _check_numbers(games: int, seed: int, matchups: int = 1) -> None:
    if games < 1:
        raise SimError(f"--games must be at least 1, got {games}")
    if games * matchups > MAX_GAMES:
        per = f" ({matchups} matchups of {games:,})" if matchups > 1 else ""
        raise SimError(f"--games {games} asks for {games * matchups:,} games{per}; one run plays at most "
                       f"{MAX_GAMES:,} (split it into several runs with different --seed)")
    if not 0 <= seed <= SEED_MASK:
        raise SimError(f"--seed must be between 0 and {SEED_MASK}, got {seed}")


OptionChoice = GameOptions | Sequence[str] | None  # the options, or NAME=VALUE strings (--option)


def _options(game: str, given: OptionChoice) -> GameOptions | None:
    if given is None or isinstance(given, GameOptions):
        return given
    try:
        return options_from_strings(get_game(game).game_class().options_class, list(given), game)
    except BadOption as exc:
        raise SimError(str(exc)) from None


CardsChoice = UserCards | str | Path | None  # the user's card files, or the file or folder to read them from


def _cards(given: CardsChoice) -> UserCards | None:
    """The user's card files of a run, now in use in this process too (the decks are checked against that
    pool); None keeps the cards this process already uses (the command line's --cards)."""
    if given is None:
        active = active_cards()  # set by use_cards: the command line's UserCards, or a caller's own overlay
        return active if isinstance(active, UserCards) else None
    user = given if isinstance(given, UserCards) else read_user_cards(given)
    use_cards(user)
    return user or None


def plan_simulation(decks: Sequence[DeckSource], games: int = 100, seed: int = 0, ai: AiChoice = None,
                    options: OptionChoice = None, cards: CardsChoice = None) -> RunConfig:
    """One matchup of all the decks in every game (2 for a two-player game; 2-4 for eva), `games` games
    (rounded up to whole pairs: one game per seat rotation). `cards`: the user's card files
    (tcgsim.usercards; UserCardsError if they have problems)."""
    _check_numbers(games, seed)
    user = _cards(cards)
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
    return RunConfig("simulate", game, run_decks, (tuple(range(n)),), games, round_games(games, n), seed,
                     options=_options(game, options), cards=user)


def plan_matchups(decks: Sequence[DeckSource], games: int = 100, seed: int = 0, ai: AiChoice = None,
                  gauntlet: DeckSource | None = None, mirror: bool = False, options: OptionChoice = None,
                  cards: CardsChoice = None) -> RunConfig:
    """Every pair of `decks` (or, with `gauntlet`, that deck against each of `decks`), `games` games per
    matchup; `mirror` adds each deck against itself. With a gauntlet, --ai lists go gauntlet deck first."""
    _check_numbers(games, seed)
    user = _cards(cards)
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
    _check_numbers(games, seed, len(pairs))
    return RunConfig("matchups", game, run_decks, tuple(pairs), games, round_games(games, 2), seed, mirror,
                     gauntlet is not None, _options(game, options), user)


def plan_pairings(decks: Sequence[Deck], matchups: Sequence[tuple[int, int]], games: int, seed: int,
                  seed_keys: Sequence[int], origin: str, ai: AiChoice = None, options: OptionChoice = None,
                  cards: CardsChoice = None) -> RunConfig:
    """Two-player matchups given one by one (deck indices), each dealt by its seed key: matchups with one key
    get the very same deals, so decks that meet one opponent on one key are compared on common random numbers
    (tcgsim.tune races its candidates so). `origin` is the command the run is a step of."""
    _check_numbers(games, seed, len(matchups))
    user = _cards(cards)
    game, run_decks = _run_decks(_load(decks), ai)
    return RunConfig("matchups", game, run_decks, tuple(tuple(m) for m in matchups), games, round_games(games, 2),
                     seed, options=_options(game, options), cards=user, seed_keys=tuple(seed_keys), origin=origin)


# ----------------------------------------------------------------------------------------------------- running


def plan_from_run(folder: str | Path) -> RunConfig:
    """The RunConfig of the run in `folder`, from its run.json alone (for `--resume DIR` without the decks).
    The decks are read again from the paths it recorded, and resuming checks them against its hashes."""
    path = Path(folder)
    meta = meta_from_json(read_meta(path), path / RUN_JSON)
    built = [d.key for d in meta.decks if d.path.startswith("<")]
    if built:
        raise SimError(f"--resume {path}: deck {built[0]!r} was built in memory, not read from a file; give the "
                       "decks again")
    absent = [d.path for d in meta.decks if not Path(d.path).is_file()]
    if absent:
        raise RunFolderError(f"--resume {path}: the deck file {absent[0]} that the run recorded is not there; run "
                             "from the folder the run was started in, or give the decks again")
    # read with the run's game, as a text list without a `game:` line was read with --game
    paths: Sequence[DeckSource] = _load([d.path for d in meta.decks], meta.game)
    agents = [d.ai for d in meta.decks]
    try:
        options = options_from_json(get_game(meta.game).game_class().options_class, meta.options, meta.game)
    except BadOption as exc:
        raise RunFolderError(f"{path / RUN_JSON}: {exc}") from None
    if meta.kind == "simulate":
        return plan_simulation(paths, meta.games_requested, meta.seeds["run_seed"], agents, options)
    if meta.kind == "matchups":
        if meta.gauntlet is not None:
            return plan_matchups(paths[1:], meta.games_requested, meta.seeds["run_seed"], agents, paths[0],
                                 meta.mirror, options)
        return plan_matchups(paths, meta.games_requested, meta.seeds["run_seed"], agents, mirror=meta.mirror,
                             options=options)
    raise RunFolderError(f"{path / RUN_JSON}: unknown kind of run {meta.kind!r}")


def _now() -> str:
    return datetime.now().astimezone().isoformat(timespec="seconds")


def _workers(requested: int | None, backend: str, scheduler: str | None, note: NoteFn) -> int:
    """The worker count to use: the cores by default; more processes than cores only slow a pure-Python
    engine down (and thousands would exhaust the machine), so a larger request is capped, with a note."""
    cores = available_cores()
    if requested is None:
        return cores
    if requested < 1:
        raise SimError(f"--workers must be at least 1, got {requested}")
    if requested > cores and not (backend == "dask" and scheduler):
        note(f"--workers {requested} is more than the {cores} cores here: using {cores}")
        return cores
    return requested


def _save_failure(folder: Path, exc: RunFailed) -> RunFailed:
    """Keep the traceback of a failed run in failure.txt, if the disk still takes it (it may be what failed)."""
    if exc.detail:
        try:
            (folder / FAILURE).write_text(exc.detail, encoding="utf-8")
        except OSError as again:
            return RunFailed(f"{exc} (and its traceback could not be saved: {oserror_text(again)})")
    return exc


def execute(config: RunConfig, out: str | Path | None = None, *, workers: int | None = None,
            backend: str = "local", scheduler: str | None = None, force: bool = False, resume: bool = False,
            progress: ProgressFn | None = None, notify: NoteFn | None = None) -> RunOutcome:
    """Play `config` into the run folder `out` (default reports/<decks>-<timestamp>) and summarise it.

    `resume=True` finishes the run already in `out` (its run.json must describe the same run, made by this
    tcgsim with the same card data): only the tasks without a whole shard are played, and the tables come out
    as an uninterrupted run's would. The folder is locked for the whole run: a second run in it is refused.
    `notify` hears what the run notices on the way (also kept in RunOutcome.notes).
    """
    if backend not in BACKENDS:
        raise SimError(f"unknown backend {backend!r} (known: {', '.join(BACKENDS)})")
    if scheduler is not None:
        check_scheduler(scheduler)
    if resume and out is None:
        raise SimError("resume needs the run folder")
    notes: list[str] = []

    def note(text: str) -> None:
        notes.append(text)
        if notify is not None:
            notify(text)

    folder = Path(out) if out is not None else default_out([d.key for d in config.decks])
    workers = _workers(workers, backend, scheduler, note)
    meta = config.meta()
    if resume and not (folder / RUN_JSON).is_file():
        raise SimError(f"--resume {folder}: no {RUN_JSON} there, so no run to finish")
    with open_folder(folder, clearing=force and not resume):
        if resume:
            saved = meta_from_json(read_meta(folder), folder / RUN_JSON)
            why = mismatch(saved.to_json(), meta)
            if why is not None:
                raise ResumeMismatch(f"--resume {folder}: the run there is not this command's: {why}")
            meta = saved
            if meta.status == RunStatus.COMPLETE and tables_exist(folder):
                return RunOutcome(folder, None, summarize(folder, meta.to_json()), meta.total_games, tuple(notes))
            clean_partial(folder)
        else:
            prepare_out(folder, force)
            try:
                write_meta(folder, meta)
            except OSError as exc:
                raise RunFolderError(f"cannot write {folder / RUN_JSON}: {oserror_text(exc)}") from None
        outcome = _play_and_merge(config, folder, meta, workers, backend, scheduler, progress, note)
    return RunOutcome(outcome.folder, outcome.session, outcome.summary, outcome.resumed_from, tuple(notes))


def _play_and_merge(config: RunConfig, folder: Path, meta: RunMeta, workers: int, backend: str,
                    scheduler: str | None, progress: ProgressFn | None, note: NoteFn) -> RunOutcome:
    """Play every task without a whole shard, merge the shards into the tables, and finish run.json."""
    plan = config.plan()
    scan = scan_shards(folder, plan.n_tasks)
    for text in scan.notes(folder):
        note(text)
    already = sum(t.n_games for t in plan.iter_tasks() if t.task_id in scan.finished)
    done = already
    total = plan.total_games
    if progress is not None:
        progress(done, total)

    def advance(games: int) -> None:
        nonlocal done
        done += games
        if progress is not None:
            progress(min(done, total), total)

    started, clock = _now(), time.perf_counter()
    spec = config.spec()
    restarts, used = 0, 1

    def play(tasks: Iterable[Task]) -> None:
        nonlocal restarts, used
        try:
            if backend == "dask":
                stats = run_dask(spec, tasks, folder, workers, scheduler, advance)
            else:
                stats = run_local(spec, tasks, folder, workers, advance)
        except RunFailed as exc:
            raise _save_failure(folder, exc) from None
        restarts += stats.restarts
        used = max(used, stats.workers)

    play(t for t in plan.iter_tasks() if t.task_id not in scan.finished)
    schemas = dict(zip(("games", "tempo", "cards"), table_schemas(config.game), strict=True))
    for _attempt in range(3):  # a shard found damaged at the merge is played again, then the merge retried
        try:
            merge(folder, plan.iter_tasks, schemas, spec.run_id)
            break
        except DamagedShards as exc:
            note(f"{exc}: playing their games again")
            done -= sum(t.n_games for t in plan.iter_tasks() if t.task_id in exc.bad)
            play(t for t in plan.iter_tasks() if t.task_id in exc.bad)
        except OSError as exc:
            raise _save_failure(folder, RunFailed(f"cannot write the tables in {folder}: {oserror_text(exc)}",
                                                  traceback.format_exc())) from None
    else:
        raise RunFailed(f"the shards in {folder / 'shards'} keep coming out damaged; is the disk failing?")
    seconds = time.perf_counter() - clock
    try:
        summary = summarize(folder, meta.to_json())
        played = done - already
        session = Session(started, _now(), round(seconds, 3), played,
                          round(played / seconds, 1) if seconds else 0.0, backend, used, scheduler, restarts)
        if summary.matrix is not None:
            write_matrix_csv(folder / "matrix.csv", summary.matrix)
        meta.status = RunStatus.COMPLETE  # last: a run killed before this line merges again when resumed
        meta.results = Counts(summary.games, summary.decided, summary.draws, summary.errors, summary.all_lose,
                              summary.stopped)
        meta.sessions.append(session)
        write_meta(folder, meta)
        remove_shards(folder)
        (folder / FAILURE).unlink(missing_ok=True)
    except OSError as exc:
        meta.status = RunStatus.RUNNING
        raise _save_failure(folder, RunFailed(f"cannot finish the run in {folder}: {oserror_text(exc)}",
                                              traceback.format_exc())) from None
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
             progress: ProgressFn | None = None, options: OptionChoice = None, cards: CardsChoice = None) -> Run:
    """Play `games` games between `decks` (deck files or Deck objects; seats balanced by rotation) and return
    the tables as DataFrames. With `out`, the run folder is kept there; without, it lives in a temporary folder.

    ai: one agent name for every deck, one per deck, DECK=AGENT entries, or a {deck: agent} mapping.
    cards: the user's card files (a file, a folder of them, or UserCards) merged into the game's pool.
    """
    config = plan_simulation(decks, games, seed, ai, options, cards)
    return _as_run(config, out, workers, backend, scheduler, force, resume, progress)


def matchups(decks: Sequence[DeckSource], games: int = 100, seed: int = 0, workers: int | None = None,
             ai: AiChoice = None, out: str | Path | None = None, *, gauntlet: DeckSource | None = None,
             mirror: bool = False, backend: str = "local", scheduler: str | None = None, force: bool = False,
             resume: bool = False, progress: ProgressFn | None = None, options: OptionChoice = None,
             cards: CardsChoice = None) -> Run:
    """Every pair of `decks` (or `gauntlet` against each of them), `games` games per matchup, as DataFrames;
    `cards` as for `simulate`."""
    config = plan_matchups(decks, games, seed, ai, gauntlet, mirror, options, cards)
    return _as_run(config, out, workers, backend, scheduler, force, resume, progress)
