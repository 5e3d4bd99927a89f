"""The `tcgsim` command line: parse options, call the library, print. No game logic lives here.

Every command's help ends with an example (a test checks that). Bad input reaches the user as one line and a
non-zero exit status, never a traceback: 1 for a finding about the user's files, 2 for a usage error.
"""

from __future__ import annotations

import json
import os
import shlex
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from tcgsim.cards import CardDataError, load_pool
from tcgsim.cli_common import (
    EXIT_FINDING,
    EXIT_INTERNAL,
    EXIT_USAGE,
    CardsOpt,
    fail,
    folder_option,
    game_class_or_exit,
    on_sigterm,
    paint,
    run_folders_or_exit,
    sim_decks_or_exit,
    stopped,
    use_cards_or_exit,
)
from tcgsim.cli_options import Backend, ListFormat, Opt, ValidateFormat
from tcgsim.cli_tune import tune
from tcgsim.games import GAMES, UnknownGame, get_game
from tcgsim.playlog import Lang
from tcgsim.version import __version__

if TYPE_CHECKING:
    from tcgsim.sim import RunConfig

app = typer.Typer(
    name="tcgsim",
    help="Check decklists, play and simulate three classic trading card games: The Legends of GODZILLA "
    "(怪獣大戦), Neon Genesis Evangelion (エヴァンゲリオン) and Legend of Mana CARD DUEL (聖剣伝説).\n\n"
    "Example: tcgsim validate decks/",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    add_completion=True,  # --install-completion / --show-completion for bash, zsh, fish and PowerShell
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _game_arg(value: str) -> str:
    try:
        return get_game(value).key
    except UnknownGame as exc:
        raise typer.BadParameter(str(exc)) from None


GameArg = Annotated[str, typer.Argument(help=f"One of: {', '.join(GAMES)}.", callback=_game_arg,
                                        metavar="GAME")]

# --cards on every command that reads a card pool: the user's card files (docs/cards/<game>.md), merged into the
# pool of the game each file names. The option wins over $TCGSIM_CARDS.


def _version(value: bool) -> None:
    if value:
        typer.echo(f"tcgsim {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True,
                                          help="Print the version and exit.")] = False,
) -> None:
    """tcgsim: deck checks and AI simulation for three classic trading card games."""


@app.command()
def games() -> None:
    """List the games tcgsim knows, with their player counts.

    Example: tcgsim games
    """
    from tcgsim.terminal import table_lines

    rows = [(info.key, info.players, f"{info.title} ({info.title_ja})", info.summary) for info in GAMES.values()]
    for line in table_lines(("game", "players", "title", "what it is"), rows, right=(1,)):
        typer.echo(line)


def _stats_summary(stats: dict[str, object]) -> str:
    parts: list[str] = []
    for key, value in stats.items():
        if isinstance(value, (dict, list)) and key not in ("attributes", "condition", "arrows"):
            continue
        if key.endswith("_text") or value is None or value == [] or value is False:
            continue
        if isinstance(value, dict):
            value = "/".join(f"{v:+d}" if isinstance(v, int) else str(v) for v in value.values())
        elif isinstance(value, list):
            value = "+".join(str(v) for v in value)
        parts.append(f"{key}={value}")
    return " ".join(parts)


@app.command()
def cards(
    game: Annotated[str, typer.Argument(help=f"One of: {', '.join(GAMES)}; or `check` and card files.",
                                        metavar="GAME | check")],
    files: Annotated[list[str] | None, typer.Argument(help="With `check`: the card files (or folders) to check.",
                                                      metavar="FILE", show_default=False)] = None,
    type_: Annotated[str | None, typer.Option("--type", "-t", metavar="TYPE", help="Only cards of this type.")] = None,
    search: Annotated[str | None, typer.Option("--search", "-s", metavar="TEXT",
                                               help="Only cards whose name, Japanese name, "
                                               "id or text contains this.")] = None,
    unmodelled: Annotated[bool, typer.Option("--unmodelled", help="Only cards whose effect the simulator "
                                             "does not model yet.")] = False,
    fmt: Annotated[ListFormat, typer.Option("--format", "-f", metavar="text|json",
                                            help="text table or a JSON array.")] = ListFormat.text,
    user_cards: CardsOpt = None,
) -> None:
    """List a game's card pool: ids, names, types, printed stats and copy limits (with --cards, yours too).

    `tcgsim cards check FILE...` checks your own card files instead: every problem at once, each with
    file:line, a stable code (CARD-FIELD, CARD-VALUE, CARD-EFFECT, CARD-REF, CARD-ID, CARD-YAML, CARD-FILE)
    and a suggestion where there is one. Exit status: 0 no problems, 1 problems, 2 usage error.

    Example: tcgsim cards mana --type monster --search dragon

    Example: tcgsim cards check my-cards.yaml
    """
    if game == "check":
        _check_cards(files or [], fmt)
        return
    if files:
        raise fail(f"unexpected argument {files[0]!r} (card files go after `tcgsim cards check`)", EXIT_USAGE)
    game = _game_arg(game)
    use_cards_or_exit(user_cards)
    info = get_game(game)
    pool = load_pool(game)
    if type_ is not None and type_ not in info.card_types:
        raise fail(f"unknown card type {type_!r} for {game} (types: {', '.join(info.card_types)})", EXIT_USAGE)
    selected = list(pool)
    if type_:
        selected = [c for c in selected if c.type == type_]
    if search:
        needle = search.casefold()
        selected = [c for c in selected if needle in " ".join(
            filter(None, [c.id, c.name, c.name_ja, c.text, *c.aliases])).casefold()]
    if unmodelled:
        from tcgsim.construction import rules_for

        rules = rules_for(game)
        missing = rules.unmodelled(pool) if rules.unmodelled else frozenset()
        selected = [c for c in selected if c.id in missing]
    if fmt is ListFormat.json:
        typer.echo(json.dumps([c.to_json() for c in selected], ensure_ascii=False, indent=2))
        return
    if not selected:
        typer.echo(f"no cards match{pool.no_japanese_hint(search or '')}", err=True)
        return
    from tcgsim.terminal import table_lines

    rows = [(c.id, c.name, c.name_ja or "", c.type, "-" if c.max_copies is None else str(c.max_copies),
             _stats_summary(dict(c.stats))) for c in selected]
    for line in table_lines(("id", "name", "name_ja", "type", "copies", "stats"), rows, right=(4,)):
        typer.echo(line)
    typer.echo(f"{len(rows)} card{'s' * (len(rows) != 1)}", err=True)


def _check_cards(sources: list[str], fmt: ListFormat) -> None:
    """`tcgsim cards check`: every problem of the card files, then a verdict line; exit 1 on any problem."""
    from tcgsim.usercards import CardFile, CardProblem, UserCards, UserCardsError, check_files, read_user_cards

    if not sources:
        raise fail("give the card files to check: tcgsim cards check FILE...", EXIT_USAGE)
    problems: list[CardProblem] = []
    files: list[CardFile] = []
    for source in sources:
        try:
            files += read_user_cards(source).files
        except UserCardsError as exc:
            problems += exc.problems
    problems += check_files(UserCards(tuple(files)))
    if fmt is ListFormat.json:
        typer.echo(json.dumps({"files": [f.path for f in files], "valid": not problems,
                               "problems": [p.to_json() for p in problems]}, ensure_ascii=False, indent=2))
    else:
        for problem in problems:
            where = f"{problem.path}:{problem.line}" if problem.line else problem.path
            message = problem.message
            typer.echo(f"{where}: {paint(problem.code, 'error')}: {message}")
        n, m = len(problems), len(files)
        verdict = (paint("ok", "ok") + f": {m} card file{'s' * (m != 1)}, no problems" if not problems
                   else f"{n} problem{'s' * (n != 1)} in {m} card file{'s' * (m != 1)}")
        typer.echo(verdict)
    raise typer.Exit(EXIT_FINDING if problems else 0)


@app.command()
def validate(
    paths: Annotated[list[str], typer.Argument(help="Deck files, folders of deck files, or globs.",
                                               metavar="PATH")],
    fmt: Annotated[ValidateFormat, typer.Option("--format", "-f", metavar="text|json|github",
                                                help="text (default), json (one array, an "
                                                "object per deck) or github (workflow annotations).")]
    = ValidateFormat.text,
    game: Annotated[str | None, Opt.game] = None,
    strict: Annotated[bool, typer.Option("--strict", help="Treat warnings as errors for the exit status.")]
    = False,
    only_decks: Annotated[bool, typer.Option("--only-decks", help="Pass over files that do not say `game:` "
                                             "(a hook run on every YAML and text file of a repository).")]
    = False,
    user_cards: CardsOpt = None,
) -> None:
    """Check deck files against their game's construction rules; reports every problem at once.

    Exit status: 0 all valid, 1 any deck invalid or unreadable, 2 usage error.

    Example: tcgsim validate decks/ --format github
    """
    from tcgsim.validate import format_github, format_text, github_summary, reports_to_json, validate_paths

    use_cards_or_exit(user_cards)
    if game is not None:
        game = _game_arg(game)
    reports = validate_paths(paths, game, only_decks=only_decks)
    if fmt is ValidateFormat.json:
        typer.echo(reports_to_json(reports))
    elif fmt is ValidateFormat.github:
        for line in format_github(reports):
            typer.echo(line)
        _write_step_summary(github_summary(reports))
    else:
        for line in format_text(reports, paint):
            typer.echo(line)
    bad = any(not r.valid for r in reports) or (strict and any(r.warnings for r in reports))
    raise typer.Exit(EXIT_FINDING if bad else 0)


def _write_step_summary(text: str) -> None:
    """Append to the GitHub job summary when the step has one ($GITHUB_STEP_SUMMARY, a file GitHub renders)."""
    target = os.environ.get("GITHUB_STEP_SUMMARY")
    if not target:
        return
    try:
        with open(target, "a", encoding="utf-8") as out:
            out.write(text)
    except OSError as exc:
        typer.echo(f"tcgsim: cannot write the job summary to {target}: {exc.strerror or exc}", err=True)


def _game_options_or_exit(game: str, items: list[str] | None) -> Any:
    from tcgsim.options import BadOption, options_from_strings

    try:
        return options_from_strings(game_class_or_exit(game).options_class, items or [], game)
    except BadOption as exc:
        raise fail(str(exc), EXIT_USAGE) from None


def _agents_or_exit(game: str, decks: list[Any], names: list[str] | None) -> list[Any]:
    """--ai for `play`, read as every run reads it (tcgsim.sim.choose_agents): one name for every seat, one per
    seat, or DECK=AGENT; without it, each deck's own `ai:`, else the game's default."""
    from tcgsim.agents import make_agent
    from tcgsim.sim import SimError, choose_agents, deck_keys

    try:
        chosen = choose_agents(game, decks, deck_keys(decks), names)
    except SimError as exc:
        raise fail(str(exc), EXIT_USAGE) from None
    return [make_agent(game, n) for n in chosen]


@app.command()
def agents(game: GameArg) -> None:
    """List the agents (scripted styles and generic players) a game can use with --ai.

    Example: tcgsim agents mana
    """
    from tcgsim.agents import agent_names, default_agent

    default = default_agent(game)
    for name in agent_names(game):
        typer.echo(f"{name}{'  (default)' if name == default else ''}")


@app.command()
def options(game: GameArg) -> None:
    """List a game's options (--option NAME=VALUE): each rule reading that can be switched, and the limits.

    Example: tcgsim options mana
    """
    from tcgsim.options import option_infos
    from tcgsim.terminal import table_lines

    rows = [(i.name, i.shown_default(), " | ".join(i.choices) if i.choices else i.kind.__name__, i.help)
            for i in option_infos(game_class_or_exit(game).options_class)]
    for line in table_lines(("option", "default", "values", "what it sets"), rows):
        typer.echo(line)


@app.command()
def play(
    decks: Annotated[list[Path] | None, typer.Argument(help="One deck file per seat, in seat order (none with "
                                                      "--replay FILE).", metavar="DECK", show_default=False)] = None,
    seed: Annotated[int, Opt.seed] = 1,
    ai: Annotated[list[str] | None, Opt.ai] = None,
    human: Annotated[list[int] | None, typer.Option(
        "--human", min=0, metavar="SEAT", show_default=False,
        help="Play this seat yourself (0 is the first; repeat it for more): its view, the legal actions as a "
             "numbered list, and a prompt (? explains, log, undo, quit).")] = None,
    events: Annotated[Path | None, typer.Option("--events", metavar="FILE", show_default=False,
                                                help="Write the event stream as JSON lines here.")] = None,
    record: Annotated[Path | None, typer.Option("--record", metavar="FILE", show_default=False,
                                                help="Write the game record here (its decks, seed and actions), "
                                                     "for --replay FILE and for bug reports.")] = None,
    replay_file: Annotated[Path | None, typer.Option("--replay", metavar="FILE", show_default=False,
                                                     help="Play a game record back and print its log; with "
                                                          "--human, go on playing a saved game.")] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite an existing --events or --record file.")]
    = False,
    quiet: Annotated[bool, Opt.quiet] = False,
    option: Annotated[list[str] | None, Opt.option] = None,
    game: Annotated[str | None, Opt.game] = None,
    user_cards: CardsOpt = None,
    rotation: Annotated[int, typer.Option(
        "--rotation", min=0, metavar="N", help="The seat rotation of a run's game (games.parquet `rotation`): "
                                               "needed to replay a mirror game, whose rotations are dealt afresh.")]
    = 0,
    board: Annotated[bool, typer.Option("--board", help="Each seat's figures at every turn's end (the board the "
                                        "next turn starts from).")] = False,
    lang: Annotated[Lang, typer.Option("--lang", metavar="en|ja|both", help="Card names in English, in Japanese "
                                       "where the pool has them, or both.")] = Lang.EN,
) -> None:
    """Play one game between decks with AI players and print it turn by turn, or play a seat yourself
    (--human). A run's game replays with its seed, its rotation and the decks in its seat order (deck_0, ...).

    Example: tcgsim play decks/mana/firestorm.yaml decks/mana/floodwater.yaml --seed 7 --ai raider --ai builder

    Example: tcgsim play decks/mana/firestorm.yaml decks/mana/floodwater.yaml --human 0 --record my-game.jsonl
    """
    from tcgsim.engine import play_game
    from tcgsim.playlog import card_names_for, describe, readable_log, write_jsonl
    from tcgsim.sim.seeds import deal_round

    for path in (events, record):
        if path is not None and path.exists() and not force:
            raise fail(f"{path} exists; pass --force to overwrite it", EXIT_USAGE)
    use_cards_or_exit(user_cards)
    started: list[Any] = []
    if replay_file is not None:
        if decks:
            raise fail("--replay FILE plays the decks the record names: give no decks with it", EXIT_USAGE)
        header, started = _record_or_exit(replay_file)
        decks = [Path(d) for d in header.decks]
        seed, rotation, game = header.seed, header.rotation, header.game
        ai = ai or [a for a in header.agents]
        option = option or [f"{k}={v}" for k, v in header.options.items()]
    if not decks:
        raise fail("give one deck file per seat (or --replay FILE)", EXIT_USAGE)
    loaded = sim_decks_or_exit(decks, _game_arg(game) if game is not None else None)
    game_key = loaded[0].game
    cls = game_class_or_exit(game_key)
    if not cls.min_players <= len(loaded) <= cls.max_players:
        raise fail(f"{game_key} takes {cls.min_players}-{cls.max_players} decks, got {len(loaded)}", EXIT_USAGE)
    humans = sorted(set(human or []))
    if any(h >= len(loaded) for h in humans):
        raise fail(f"--human {max(humans)}: this game has seats 0 to {len(loaded) - 1}", EXIT_USAGE)
    if replay_file is not None:
        ai = [a if a != "human" else _default_agent_name(game_key) for a in ai or []]
    players = _agents_or_exit(game_key, loaded, ai)
    options = _game_options_or_exit(game_key, option)
    # as a run deals them (PlannedGame.deals, .deal_round): each seat its own deal, afresh per rotation in a mirror
    same = [d.sha256 or d.name for d in loaded]
    match = cls(loaded, seed, options, None, deal_round(same, rotation))
    if started:
        try:
            started = [match.action_from_json(a) for a in started]
        except (KeyError, TypeError, ValueError) as exc:
            raise fail(f"{replay_file}: an action this game does not know ({exc})") from None
    module = get_game(game_key).module("game")
    extra = getattr(module, "EVENT_FIELDS", None)
    from tcgsim.cards import load_pool

    card_names = card_names_for(load_pool(game_key), lang)
    # who plays each seat, as the log names it: you, the AI, or (replaying a record) who played it then
    shown = [a.name for a in players] if replay_file is None else list(header.agents)
    names = {i: f"{d.name} ({'you' if i in humans else who})" for i, (d, who) in enumerate(zip(loaded, shown,
                                                                                               strict=True))}
    quit_early = False
    if humans:
        from tcgsim.human import Console, HumanAgent, play_with_humans, presenter_for, terminal_console

        presenter = presenter_for(game_key)
        # a person at a terminal gets framed boards; a script (a pipe, the tests) plain lines
        console = terminal_console() if sys.stdin.isatty() and sys.stdout.isatty() else Console(input, typer.echo)
        for seat in humans:
            players[seat] = HumanAgent(presenter, console)
        typer.echo(", ".join(f"P{i + 1}: {n}" for i, n in names.items()))
        played = play_with_humans(match, players, humans,
                                  lambda e: describe(e, module.EVENT_TEXT, extra, card_names, names), started)
        final, actions, quit_early = played.state, played.actions, played.quit
        events_seen = final.events or []
        if not quit_early:
            typer.echo(describe(events_seen[-1], module.EVENT_TEXT, extra, card_names, names) if events_seen
                       else "game over")
    else:
        if started:
            from tcgsim.engine import replay

            final = replay(match, started, record_events=True)
            if not final.is_terminal:
                typer.echo(f"tcgsim: note: the record stops before the end ({len(started)} actions); "
                           "go on with --human SEAT", err=True)
            actions = started
        else:
            result = play_game(match, players, record_events=True)
            final, actions = result.state, result.actions
        lines = readable_log(final.events or [], module.EVENT_TEXT, names, extra, card_names, board)
        for line in lines if not quiet else lines[-1:]:
            typer.echo(line)
    if quit_early and record is None:
        record = _free_name(Path(f"tcgsim-game-{game_key}-{seed}.jsonl"))
    if record is not None:
        from tcgsim.human import RecordHeader, write_record
        from tcgsim.options import options_to_json

        header_out = RecordHeader(game_key, tuple(str(d) for d in decks), tuple(d.sha256 or "" for d in loaded),
                                  seed, rotation, options_to_json(options),
                                  tuple("human" if i in humans else a.name for i, a in enumerate(players)))
        try:
            with record.open("w", encoding="utf-8") as out:
                n = write_record(out, header_out, actions)
        except OSError as exc:
            raise fail(f"cannot write {record}: {exc.strerror}") from None
        go_on = f"; go on with tcgsim play --replay {shlex.quote(str(record))} --human " + \
            " --human ".join(map(str, humans)) if quit_early else ""
        typer.echo(f"{n} actions written to {record}{go_on}", err=True)
    if events is not None:
        try:
            with events.open("w", encoding="utf-8") as out:
                n = write_jsonl(final.events or [], out)
        except OSError as exc:
            raise fail(f"cannot write {events}: {exc.strerror}") from None
        typer.echo(f"{n} events written to {events}", err=True)


def _default_agent_name(game: str) -> str:
    from tcgsim.agents import default_agent

    return default_agent(game)


def _free_name(path: Path) -> Path:
    """`path`, or path-2, path-3 ... when it exists: a saved game never overwrites a file."""
    n = 2
    candidate = path
    while candidate.exists():
        candidate = path.with_name(f"{path.stem}-{n}{path.suffix}")
        n += 1
    return candidate


def _record_or_exit(path: Path) -> tuple[Any, list[Any]]:
    from tcgsim.human import BadRecord, read_record

    try:
        return read_record(path)
    except BadRecord as exc:
        raise fail(str(exc)) from None


@app.command("fit-eval")
def fit_eval(
    game: GameArg,
    games: Annotated[int, typer.Option("--games", "-n", min=10, metavar="N",
                                       help="Scripted games to learn from, for each number "
                                       "of players.")] = 600,
    seed: Annotated[int, Opt.seed] = 0,
    out: Annotated[Path | None, typer.Option("--out", "-o", metavar="FILE",
                                             help="Where to write it (default: the evaluation "
                                             "`--ai search` ships with, beside the game's code).",
                                             show_default=False)] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite an existing file.")] = False,
    user_cards: CardsOpt = None,
) -> None:
    """Fit the search player's evaluation: a logistic regression of each seat's final points on its figures at
    every turn's end, over scripted games of the bundled decks, one per number of players (docs/ai.md).

    Example: tcgsim fit-eval mana --games 600 --out /tmp/mana-eval.json
    """
    from tcgsim.evaluation import save_evaluation, shipped_path
    from tcgsim.fit import fit_for_game

    use_cards_or_exit(user_cards)
    game_class_or_exit(game)
    target = out or shipped_path(game)
    if target.exists() and not force:
        raise fail(f"{target} exists; pass --force to overwrite it", EXIT_USAGE)
    evaluation = fit_for_game(game, games, seed)
    try:
        save_evaluation(evaluation, target)
    except OSError as exc:
        raise fail(f"cannot write {target}: {exc.strerror}") from None
    fits = "; ".join(f"{m.players} players: {m.rows:,} positions of {m.games:,} games, log loss {m.log_loss:.3f}"
                     for m in evaluation.models)
    typer.echo(f"{game}: fitted on {fits} (0.693 is a coin); written to {target}")


@app.command()
def bench(
    game: Annotated[str, typer.Argument(help="The game to measure.", callback=_game_arg, metavar="GAME")] = "mana",
    games: Annotated[int, typer.Option("--games", "-n", min=1, metavar="N", help="Games to play.")] = 200,
    seed: Annotated[int, Opt.seed] = 0,
    ai: Annotated[str | None, typer.Option("--ai", metavar="AGENT",
                                           help="The agent of every seat (default: the game's scripted "
                                           "style; random measures the engine alone). See `tcgsim agents`.",
                                           show_default=False)] = None,
    workers: Annotated[int, typer.Option("--workers", "-w", min=1, metavar="N",
                                         help="Worker processes (1: in this process). "
                                         "Compare 1 and 2 for the parallel speed-up.")] = 1,
    playouts: Annotated[int, typer.Option("--playouts", min=0, metavar="N",
                                          help="Random playouts from mid-game positions, "
                                          "for the search figures (clones/s, playouts/s); 0 skips them.")] = 100,
    fmt: Annotated[ListFormat, typer.Option("--format", "-f", metavar="text|json",
                                            help="text or json.")] = ListFormat.text,
    user_cards: CardsOpt = None,
) -> None:
    """Measure the engine: mirror games on 1 or more worker processes (games/s, decisions/s, peak memory), then
    what search pays per simulation: clones/s and random playouts/s from mid-game positions (docs/performance.md).

    Example: tcgsim bench godzilla --games 2000 --workers 2 --ai random
    """
    from tcgsim.bench import run_bench
    from tcgsim.machine import available_cores

    use_cards_or_exit(user_cards)
    game_class_or_exit(game)
    from tcgsim.agents import UnknownAgent, default_agent, make_agent

    try:
        agent = make_agent(game, ai or default_agent(game)).name
    except UnknownAgent as exc:
        raise fail(str(exc), EXIT_USAGE) from None
    if workers > available_cores():  # more processes than cores measure nothing but contention
        typer.echo(f"tcgsim: note: --workers {workers} is more than the {available_cores()} cores here: using "
                   f"{available_cores()}", err=True)
        workers = available_cores()
    result = run_bench(game, games, seed, agent=agent, workers=workers, playouts=playouts)
    if fmt is ListFormat.json:
        typer.echo(json.dumps(result.to_json()))
        return
    where = "on one core" if result.workers == 1 else f"on {result.workers} worker processes"
    typer.echo(f"{result.game}: {result.games} games, {result.decisions} decisions in {result.seconds:.2f} s "
               f"{where}: {result.games_per_s:.1f} games/s, {result.decisions_per_s:,} decisions/s, "
               f"peak memory {result.peak_rss_mb:.0f} MB (agent: {result.agent})")
    if result.search is not None:
        found = result.search
        typer.echo(f"{result.game} search, from {found.positions} mid-game positions on one core: "
                   f"{found.clones_per_s:,} clones/s, {found.playouts_per_s:,.1f} random playouts/s "
                   f"({found.playout_decisions / found.playouts:.0f} moves each)")


# ------------------------------------------------------------------------------------------ simulate, matchups


def _given(ctx: typer.Context, name: str) -> bool:
    """Whether the command line gave option `name` (rather than Typer filling in its default). By the source's
    name: Typer may carry its own copy of click, whose ParameterSource is another class than click's."""
    source = ctx.get_parameter_source(name)
    return source is not None and source.name in ("COMMANDLINE", "ENVIRONMENT", "PROMPT")


def _baseline_or_exit(folder: str | None) -> Any:
    """The RunMeta of the --baseline run (a complete run), or one line and exit 1."""
    from tcgsim.compare import read_complete_run
    from tcgsim.sim import SimError

    if folder is None:
        return None
    try:
        return read_complete_run(folder, "--baseline")
    except SimError as exc:
        raise fail(str(exc), exc.exit_status) from None


def _baseline_settings_or_exit(ctx: typer.Context, base: Any, folder: str | None, n_decks: int, seed: int,
                               games: int, ai: list[str] | None, option: list[str] | None) -> Any:
    """seed, games, agents and options for a run: as given, and with --baseline the baseline's where not given."""
    from tcgsim.compare import BaselineSettings, baseline_settings
    from tcgsim.sim import SimError

    if base is None:
        return BaselineSettings(seed, games, ai, option)
    try:
        return baseline_settings(base, folder or "", n_decks, seed=seed if _given(ctx, "seed") else None,
                                 games=games if _given(ctx, "games") else None, agents=ai, options=option)
    except SimError as exc:
        raise fail(str(exc), exc.exit_status) from None


def _check_baseline_or_exit(base: Any, folder: str | None, config: RunConfig) -> None:
    """Refuse a run that would not pair with its --baseline (one line naming what differs, exit 2)."""
    from tcgsim.compare import check_baseline
    from tcgsim.sim import SimError

    if base is None:
        return
    try:
        notes = check_baseline(base, folder or "", config)
    except SimError as exc:
        raise fail(str(exc), exc.exit_status) from None
    for note in notes:
        typer.echo(f"tcgsim: note: {note}", err=True)


def _run_or_exit(config: RunConfig, out_option: str | None, resume_option: str | None, force: bool,
                 workers: int | None, backend: Backend, scheduler: str | None, quiet: bool, no_report: bool,
                 fmt: ListFormat = ListFormat.text, show_summary: bool = True) -> None:
    """Execute a planned run with a progress bar, then print where it is and its summary (as JSON with
    --format json: then stdout holds that alone, and the report's line goes to stderr; none without
    `show_summary`, for the runs of an AI panel whose own JSON is the output)."""
    import signal

    from tcgsim.sim import RunFailed, SimError, execute
    from tcgsim.sim.progress import GameProgress, show_progress
    from tcgsim.sim.store import default_out

    out, resume = run_folders_or_exit(out_option, resume_option, backend, scheduler)
    folder = resume or out or default_out([d.key for d in config.decks])
    finish = f"tcgsim {config.kind} --resume {shlex.quote(str(folder))}"
    label = (" vs ".join(d.key for d in config.decks) if config.kind == "simulate"
             else f"{len(config.matchups)} matchups")

    def note(text: str) -> None:
        if not quiet:  # --quiet: the result alone
            typer.echo(f"tcgsim: note: {text}", err=True)

    if config.games_per_matchup != config.games_requested:
        per = "" if config.kind == "simulate" else " per matchup"
        note(f"--games {config.games_requested} plays {config.games_per_matchup} games{per}: games come in pairs "
             "that share a seed, one game per seat rotation, so every deck sits in every seat")
    previous = signal.signal(signal.SIGTERM, on_sigterm)
    try:
        with GameProgress(label, show_progress(quiet or fmt is ListFormat.json)) as bar:
            outcome = execute(config, folder, workers=workers, backend=backend.value, scheduler=scheduler,
                              force=force, resume=resume is not None, progress=bar.update, notify=note)
    except SimError as exc:
        raise fail(str(exc), exc.exit_status) from None
    except RunFailed as exc:
        where = f"; its traceback is in {folder / 'failure.txt'}" if (folder / "failure.txt").is_file() else ""
        raise fail(f"run failed: {exc}; finished games are kept{where}. To finish: {finish}",
                   exc.exit_status) from None
    except KeyboardInterrupt as exc:
        raise stopped(exc, finish) from None
    finally:
        signal.signal(signal.SIGTERM, previous)
    if not show_summary:
        pass
    elif fmt is ListFormat.json:
        from tcgsim.sim.summary import summary_json

        typer.echo(json.dumps(summary_json(outcome.summary), ensure_ascii=False, indent=2))
    else:
        for line in outcome.lines():
            typer.echo(line)
    if not no_report:
        try:
            from tcgsim.report import StatusLine, write_report
        except ImportError:
            return
        status_line = StatusLine()  # stderr: what the report is doing while it is written (none with --quiet)
        try:
            written = write_report(outcome.folder, status=None if quiet else status_line)
        except Exception as exc:  # the results are safe; say why the report is missing, in one line
            raise fail(f"results are in {outcome.folder}, but the report failed: {type(exc).__name__}: {exc}") \
                from None
        finally:
            status_line.done()
        html = getattr(written, "html", None)
        typer.echo(f"report: {html if html is not None else outcome.folder}", err=fmt is ListFormat.json)


def _resumed_config(resume_option: str | None) -> RunConfig:
    """The run to finish when --resume DIR is given without decks: the folder's run.json knows it."""
    from tcgsim.sim import SimError, plan_from_run

    resume = folder_option(resume_option, "--resume")
    if resume is None:
        raise fail("give the decks to play (or --resume DIR to finish a run)", EXIT_USAGE)
    try:
        return plan_from_run(resume)
    except SimError as exc:
        raise fail(str(exc), exc.exit_status) from None


@app.command()
def simulate(
    ctx: typer.Context,
    decks: Annotated[list[Path] | None, typer.Argument(help="The decks of every game: 2 for a two-player game, "
                                                       "2-4 for eva (none with --resume DIR).", metavar="DECK",
                                                       show_default=False)] = None,
    games: Annotated[int, Opt.games] = 100,
    seed: Annotated[int, Opt.seed] = 0,
    workers: Annotated[int | None, Opt.workers] = None,
    ai: Annotated[list[str] | None, Opt.ai] = None,
    out: Annotated[str | None, Opt.out] = None,
    force: Annotated[bool, Opt.force] = False,
    resume: Annotated[str | None, Opt.resume] = None,
    backend: Annotated[Backend, Opt.backend] = Backend.local,
    scheduler: Annotated[str | None, Opt.scheduler] = None,
    quiet: Annotated[bool, Opt.quiet] = False,
    no_report: Annotated[bool, Opt.no_report] = False,
    option: Annotated[list[str] | None, Opt.option] = None,
    baseline: Annotated[str | None, Opt.baseline] = None,
    fmt: Annotated[ListFormat, Opt.fmt] = ListFormat.text,
    game: Annotated[str | None, Opt.game] = None,
    user_cards: CardsOpt = None,
) -> None:
    """Play many AI games between decks in parallel, seats balanced, into a run folder of Parquet tables.

    Reproducible (the same command gives the same tables on any number of workers or a Dask cluster) and
    resumable (`tcgsim simulate --resume DIR` finishes a killed run). Exit status: 0 done, 1 invalid decks or
    a failed run, 2 usage error, 130 / 143 interrupted or terminated (finished games are kept).

    Example: tcgsim simulate decks/mana/firestorm.yaml decks/mana/floodwater.yaml --games 1000 --seed 7
    """
    from tcgsim.sim import SimError, plan_simulation

    use_cards_or_exit(user_cards)  # the run's config takes them from here to every worker
    base = _baseline_or_exit(baseline)
    if not decks:
        config = _resumed_config(resume)
    else:
        loaded = sim_decks_or_exit(decks, _game_arg(game) if game is not None else None)
        chosen = _baseline_settings_or_exit(ctx, base, baseline, len(loaded), seed, games, ai, option)
        try:
            config = plan_simulation(loaded, chosen.games, chosen.seed, chosen.agents, chosen.options)
        except SimError as exc:
            raise fail(str(exc), exc.exit_status) from None
    _check_baseline_or_exit(base, baseline, config)
    _run_or_exit(config, out, resume, force, workers, backend, scheduler, quiet, no_report, fmt)


@app.command()
def matchups(
    ctx: typer.Context,
    paths: Annotated[list[str] | None, typer.Argument(help="Deck files, folders of deck files, or globs (none "
                                                      "with --resume DIR).", metavar="PATH",
                                                      show_default=False)] = None,
    games: Annotated[int, Opt.games] = 100,
    seed: Annotated[int, Opt.seed] = 0,
    gauntlet: Annotated[Path | None, typer.Option("--gauntlet", metavar="DECK",
                                                  help="Play this deck against each deck of "
                                                  "PATH... instead of every pair.", show_default=False)] = None,
    mirror: Annotated[bool, typer.Option("--mirror", help="Include mirror matches (a deck against itself).")]
    = False,
    workers: Annotated[int | None, Opt.workers] = None,
    ai: Annotated[list[str] | None, Opt.ai] = None,
    out: Annotated[str | None, Opt.out] = None,
    force: Annotated[bool, Opt.force] = False,
    resume: Annotated[str | None, Opt.resume] = None,
    backend: Annotated[Backend, Opt.backend] = Backend.local,
    scheduler: Annotated[str | None, Opt.scheduler] = None,
    quiet: Annotated[bool, Opt.quiet] = False,
    no_report: Annotated[bool, Opt.no_report] = False,
    option: Annotated[list[str] | None, Opt.option] = None,
    baseline: Annotated[str | None, Opt.baseline] = None,
    fmt: Annotated[ListFormat, Opt.fmt] = ListFormat.text,
    game: Annotated[str | None, Opt.game] = None,
    user_cards: CardsOpt = None,
    ai_panel: Annotated[str | None, typer.Option(
        "--ai-panel", metavar="AI,AI,...", show_default=False,
        help="Play the field once per AI of this list (every seat that AI), on the same seeds, each run into "
             "OUT/<ai>/, and compare the rankings: Kendall tau with a bootstrap interval, reversed pairs, flipped "
             "matchups (OUT/panel.md, OUT/panel.json). Run it again to finish a panel that was stopped.")] = None,
) -> None:
    """Play every pair of decks (or a --gauntlet deck against a field) and write the win-rate matrix.

    Two-player games per matchup, seats balanced; the run folder holds the tables of `simulate` and
    matrix.csv. With --gauntlet, --ai lists start with the gauntlet deck (or use DECK=AGENT).

    Example: tcgsim matchups decks/mana/ --games 200 --mirror

    Example: tcgsim matchups decks/mana/ --games 400 --ai-panel builder,raider --out reports/panel
    """
    from tcgsim.sim import SimError, plan_matchups
    from tcgsim.validate import expand_paths, format_text

    if ai_panel is not None and (ai or resume or baseline):
        raise fail("--ai-panel chooses the AI of every seat itself: give it without --ai, --resume and --baseline "
                   "(run the same command again to finish a stopped panel)", EXIT_USAGE)
    use_cards_or_exit(user_cards)  # the run's config takes them from here to every worker
    base = _baseline_or_exit(baseline)
    if not paths and gauntlet is None:
        config = _resumed_config(resume)
        _check_baseline_or_exit(base, baseline, config)
        _run_or_exit(config, out, resume, force, workers, backend, scheduler, quiet, no_report, fmt)
        return
    found, missing = expand_paths(paths or [])
    if missing:
        for line in format_text(missing, paint)[:-1]:
            typer.echo(line, err=True)
        raise fail("fix the paths above first")
    field = sim_decks_or_exit([*([gauntlet] if gauntlet is not None else []), *found],
                               _game_arg(game) if game is not None else None)
    n_decks = len(field)
    hero = field.pop(0) if gauntlet is not None else None
    if ai_panel is not None:
        _panel_or_exit(ai_panel, field, games, seed, hero, mirror, option, out, force, workers, backend, scheduler,
                       quiet, no_report, fmt)
        return
    chosen = _baseline_settings_or_exit(ctx, base, baseline, n_decks, seed, games, ai, option)
    try:
        config = plan_matchups(field, chosen.games, chosen.seed, chosen.agents, hero, mirror, chosen.options)
    except SimError as exc:
        raise fail(str(exc), exc.exit_status) from None
    _check_baseline_or_exit(base, baseline, config)
    _run_or_exit(config, out, resume, force, workers, backend, scheduler, quiet, no_report, fmt)


def _panel_or_exit(panel: str, field: list[Any], games: int, seed: int, hero: Any, mirror: bool,
                   option: list[str] | None, out: str | None, force: bool, workers: int | None, backend: Backend,
                   scheduler: str | None, quiet: bool, no_report: bool, fmt: ListFormat) -> None:
    """`matchups --ai-panel`: one run per AI into OUT/<ai>/ (an existing one is resumed, so a stopped panel
    finishes by the same command, and a finished one is reused), then the panel's comparison (tcgsim.panel)."""
    import json

    from tcgsim.panel import analyse_panel, member_folder, panel_lines, write_panel
    from tcgsim.sim import SimError, plan_matchups
    from tcgsim.sim.store import default_out

    ais = [a.strip() for a in panel.split(",") if a.strip()]
    if len(ais) < 2 or len(set(ais)) != len(ais):
        raise fail(f"--ai-panel {panel!r} needs two or more different AIs, comma-separated (say builder,raider)",
                   EXIT_USAGE)
    configs = []
    for ai in ais:  # every AI's plan first: a typo in the last AI fails before any game is played
        try:
            configs.append(plan_matchups(field, games, seed, [ai], hero, mirror, option))
        except SimError as exc:
            raise fail(f"--ai-panel {ai}: {exc}", exc.exit_status) from None
    root = folder_option(out, "--out") or default_out([*(d.key for d in configs[0].decks), "panel"])
    folders = []
    for ai, config in zip(ais, configs, strict=True):
        folder = member_folder(root, ai)
        again = (folder / "run.json").is_file() and not force
        if not quiet:
            typer.echo(f"AI panel: {ai} -> {folder}" + (" (resumed)" if again else ""), err=True)
        _run_or_exit(config, str(folder), str(folder) if again else None, force and not again, workers, backend,
                     scheduler, quiet or fmt is ListFormat.json, no_report, fmt, show_summary=fmt is ListFormat.text)
        folders.append(folder)
    try:
        result = analyse_panel(folders, ais, seed)
    except ValueError as exc:
        raise fail(f"the panel's runs cannot be compared: {exc}") from None
    js, md = write_panel(root, result)
    if fmt is ListFormat.json:
        typer.echo(json.dumps(result.to_json(), ensure_ascii=False))
        return
    for line in panel_lines(result):
        typer.echo(line)
    typer.echo(f"Panel: {md} and {js}")


@app.command()
def compare(
    run_a: Annotated[Path, typer.Argument(help="The run before the edit.", metavar="RUN_A", show_default=False)],
    run_b: Annotated[Path, typer.Argument(help="The run after it, made with --baseline RUN_A.", metavar="RUN_B",
                                          show_default=False)],
    fmt: Annotated[ListFormat, typer.Option("--format", "-f", metavar="text|json",
                                            help="text, or the same figures as JSON.")]
    = ListFormat.text,
) -> None:
    """Did the edit help? Compare two runs of the same deals game for game (RUN_B made with --baseline RUN_A).

    For each deck whose file differs between the runs (by sha256): its win rate in A and in B, and the paired
    difference B - A in points with a 95% interval, overall and per opponent. The interval is a Student t
    interval over pairs: each pair of games (one deal, every seat rotation) gives the deck's points in B minus
    its points in A; games that raised in either run are left out. A difference is claimed only when the
    interval excludes 0. When several decks differ, their differences are confounded (said so).
    Exit status: 0 compared, 1 a folder that is not a complete run, 2 runs that do not pair (another seed,
    plan, game, options or agents: the line says which).

    Example: tcgsim compare reports/before reports/after --format json
    """
    from tcgsim.compare import compare_runs
    from tcgsim.sim import SimError

    try:
        comparison = compare_runs(run_a, run_b)
    except SimError as exc:
        raise fail(str(exc), exc.exit_status) from None
    if fmt is ListFormat.json:
        typer.echo(json.dumps(comparison.to_json(), ensure_ascii=False, indent=2))
        return
    for line in comparison.lines():
        typer.echo(line)


@app.command()
def report(
    run_dir: Annotated[Path, typer.Argument(help="A run folder written by simulate or matchups.", metavar="DIR")],
    out: Annotated[Path | None, typer.Option("--out", "-o", metavar="DIR",
                                             help="Write the report here instead of into DIR.")]
    = None,
    force: Annotated[bool, typer.Option("--force", help="Replace report files that already exist in --out "
                                        "(nothing else there is touched).")] = False,
    user_cards: CardsOpt = None,
) -> None:
    """Write report.html, report.md, summary.json and plots/ for a simulation run: win rates with intervals,
    seats, matchups, game length, tempo and per-card figures.

    Into DIR, an earlier report is replaced. Into --out, report files already there are kept unless --force.
    An interrupted run is reported from its finished shards (damaged ones are skipped with a warning).
    Exit status: 0 written, 1 a run folder that cannot be read or a report that cannot be written,
    2 report files already in --out (pass --force).

    Example: tcgsim report reports/firestorm-and-4-more-20261130-071711
    """
    from tcgsim.report import ReportError, ReportOutputExists, StatusLine, write_report

    use_cards_or_exit(user_cards)  # the run's own cards, for the per-card figures' names and notes
    line = StatusLine()  # stderr: the stage being written, one updating line on a terminal
    try:
        written = write_report(run_dir, out, force=force, status=line)
    except ReportOutputExists as exc:  # the command line lacks --force, as with simulate --out on a used folder
        raise fail(" ".join(str(exc).split()), EXIT_USAGE) from None
    except ReportError as exc:
        raise fail(" ".join(str(exc).split())) from None
    finally:
        line.done()
    for warning in written.warnings:
        typer.echo(f"tcgsim: warning: {' '.join(warning.split())}", err=True)
    typer.echo(f"report: {written.html}")
    typer.echo(f"        {written.markdown}, {written.summary}, {len(written.plots)} plots")


def main() -> None:
    """Console entry point: known errors become one line and an exit status, never a traceback."""
    try:
        app()
    except CardDataError as exc:
        typer.echo(f"tcgsim: card data error: {exc}", err=True)
        sys.exit(EXIT_FINDING)
    except KeyboardInterrupt:
        typer.echo("tcgsim: interrupted", err=True)
        sys.exit(130)
    except Exception as exc:  # a bug of ours, not the user's input: one line, the traceback on request
        if os.environ.get("TCGSIM_DEBUG"):
            raise
        typer.echo(f"tcgsim: internal error: {type(exc).__name__}: {exc} (run again with TCGSIM_DEBUG=1 for the "
                   "traceback, and please report it)", err=True)
        sys.exit(EXIT_INTERNAL)


app.command()(tune)

if __name__ == "__main__":  # pragma: no cover
    main()


__all__ = ["app", "main"]
