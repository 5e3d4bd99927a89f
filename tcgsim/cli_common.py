"""What every command of the `tcgsim` command line shares: the exit statuses, the one-line failure, and the
checks that turn a user's decks, card files and folders into the library's inputs or into that one line."""

from __future__ import annotations

import os
import shlex
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from tcgsim.cli_options import Backend
from tcgsim.games import UnknownGame, get_game

__all__ = ["EXIT_FINDING", "EXIT_USAGE", "EXIT_INTERNAL", "CardsOpt", "Terminated", "decks_or_exit", "fail",
           "folder_option", "game_class_or_exit", "on_sigterm", "paint", "run_folders_or_exit", "sim_decks_or_exit",
           "stopped", "use_color", "use_cards_or_exit"]

EXIT_FINDING = 1  # a finding about the user's files (invalid decks, a failed run)
EXIT_USAGE = 2
EXIT_INTERNAL = 3  # our own bug, never the user's input


def use_color() -> bool:
    return sys.stdout.isatty() and "NO_COLOR" not in os.environ and os.environ.get("TERM") != "dumb"


def paint(text: str, kind: str) -> str:
    if not use_color():
        return text
    colour = {"error": typer.colors.RED, "warning": typer.colors.YELLOW, "ok": typer.colors.GREEN}.get(kind)
    return typer.style(text, fg=colour, bold=kind == "error")


def fail(message: str, code: int = EXIT_FINDING) -> typer.Exit:
    """Print one line to stderr and return the Exit to raise."""
    typer.echo(f"tcgsim: {message}", err=True)
    return typer.Exit(code)


CardsOpt = Annotated[str | None, typer.Option(
    "--cards", envvar="TCGSIM_CARDS", metavar="FILE_OR_DIR", show_default=False,
    help="Your own card files (a file or a folder of .yaml files, each naming its game): cards of an id the pool "
         "has replace it, others are added. Check them with `tcgsim cards check FILE`. Also $TCGSIM_CARDS.")]


def use_cards_or_exit(source: str | None) -> None:
    """Play with the user's card files in this process (a run passes them on to its workers through its
    config); files with problems are every problem on its own line, then exit 1."""
    if not source:
        return
    from tcgsim.cards import use_cards
    from tcgsim.usercards import UserCardsError, check_files, read_user_cards

    try:
        user = read_user_cards(source)
    except UserCardsError as exc:
        problems = exc.problems
    else:
        problems = check_files(user)
        if not problems:
            use_cards(user)
            return
    for problem in problems:
        typer.echo(problem.line_text(), err=True)
    raise fail(f"--cards {source}: fix the card files above first (tcgsim cards check {shlex.quote(source)} shows "
               "every problem)")


def decks_or_exit(paths: list[Path], game: str | None = None) -> list[Any]:
    from tcgsim.validate import InvalidDecks, format_text, load_playable

    try:
        return load_playable(paths, game)
    except InvalidDecks as exc:
        for line in format_text([r for r in exc.reports if not r.valid], paint)[:-1]:
            typer.echo(line, err=True)
        raise fail("fix the decks above first (tcgsim validate shows every problem)") from None


def game_class_or_exit(game: str) -> Any:
    info = get_game(game)
    try:
        return info.game_class()
    except UnknownGame as exc:
        raise fail(str(exc)) from None


def sim_decks_or_exit(paths: list[Path], game: str | None = None) -> list[Any]:
    """The decks of one game (`game`: of the text lists that do not say it), valid; decks of different games are
    a usage error (exit 2) for every command, found before validating, and an invalid deck exit 1."""
    from tcgsim.decks import read_deck

    seen: dict[str, str] = {}
    for path in paths:
        try:
            seen.setdefault(read_deck(path, game).game, str(path))
        except ValueError:  # unreadable: the validator reports it below
            continue
    if len(seen) > 1:
        raise fail("decks of different games: " + ", ".join(f"{p} is a {g} deck" for g, p in seen.items()),
                   EXIT_USAGE)
    loaded = decks_or_exit(paths, game)
    game_class_or_exit(loaded[0].game)
    return loaded


class Terminated(KeyboardInterrupt):
    """SIGTERM (a plain `kill`, a service manager, a caller's timeout) stops a run as Ctrl-C does: it is a
    KeyboardInterrupt to every cleanup on the way, so workers are stopped and finished games kept."""


def on_sigterm(_signum: int, _frame: Any) -> None:
    raise Terminated()


def run_folders_or_exit(out: str | None, resume: str | None, backend: Backend,
                        scheduler: str | None) -> tuple[Path | None, Path | None]:
    """--out and --resume of a command that plays runs, as folders, checked with --backend and --scheduler:
    two different folders, or a scheduler without Dask, is a usage error."""
    out_dir, resume_dir = folder_option(out, "--out"), folder_option(resume, "--resume")
    if resume_dir is not None and out_dir is not None and resume_dir != out_dir:
        raise fail(f"--out {out_dir} and --resume {resume_dir} name different folders; give one", EXIT_USAGE)
    if scheduler and backend is not Backend.dask:
        raise fail("--scheduler is for --backend dask", EXIT_USAGE)
    return out_dir, resume_dir


def folder_option(value: str | None, option: str) -> Path | None:
    """--out / --resume as a Path; an empty value is refused here, before Path('') quietly becomes '.'."""
    if value is None:
        return None
    if not value.strip():
        raise fail(f"{option} is empty: name the run folder", EXIT_USAGE)
    return Path(value)


def stopped(exc: KeyboardInterrupt, finish: str) -> typer.Exit:
    """Ctrl-C or SIGTERM during a run: say that the finished games are kept and how to finish, and return the
    Exit to raise (130 interrupted, 143 terminated, as a shell reports them)."""
    how = "terminated" if isinstance(exc, Terminated) else "interrupted"
    typer.echo(f"tcgsim: {how}; finished games are kept. To finish: {finish}", err=True)
    return typer.Exit(143 if isinstance(exc, Terminated) else 130)
