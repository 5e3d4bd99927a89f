"""The option declarations every command shares (one spelling, one meaning, one help text) and the choices
some options take: the CLI's option bundles, kept apart from the commands that use them (tcgsim.cli)."""

from __future__ import annotations

from enum import StrEnum

import typer

__all__ = ["Backend", "ListFormat", "Opt", "ValidateFormat"]


class ValidateFormat(StrEnum):
    text = "text"
    json = "json"
    github = "github"


class ListFormat(StrEnum):
    text = "text"
    json = "json"


class Backend(StrEnum):
    local = "local"
    dask = "dask"


class Opt:
    """Option declarations shared by every command that takes them: one spelling, one meaning, one help text."""

    seed = typer.Option("--seed", min=0, metavar="SEED", help="Seed (0 or more): the same seed gives the same "
                        "games. For a run every game's seed derives from it (docs/results.md).")
    ai = typer.Option("--ai", metavar="AGENT", help="Agent per deck: one for all, one per deck in seat order, or "
                      "DECK=AGENT (repeat it). Default: the deck's `ai:`, else the game's scripted style. See "
                      "`tcgsim agents GAME`.")
    option = typer.Option("--option", help="A game option as NAME=VALUE (repeat it), e.g. a rule's other "
                          "reading. See `tcgsim options GAME`.", metavar="NAME=VALUE", show_default=False)
    game = typer.Option("--game", "-g", metavar="GAME", show_default=False,
                        help="The game of decks that do not say it (a text list without a `game:` line).")
    quiet = typer.Option("--quiet", "-q", help="Print only the result: no game log, no progress, no notes.")
    games = typer.Option("--games", "-n", min=1, metavar="N", help="Games per matchup (rounded up to whole pairs: "
                         "one game per seat rotation, same seed; said when it rounds).")
    workers = typer.Option("--workers", "-w", min=1, metavar="N", show_default=False,
                           help="Worker processes (default: the cores available).")
    out = typer.Option("--out", "-o", metavar="DIR", show_default=False,
                       help="Run folder (default: reports/<decks>-<timestamp>).")
    force = typer.Option("--force", help="Overwrite an existing run folder.")
    resume = typer.Option("--resume", help="Finish the interrupted run in this folder (same command).",
                          metavar="DIR", show_default=False)
    backend = typer.Option("--backend", metavar="local|dask", help="local worker processes, or a Dask cluster.")
    scheduler = typer.Option("--scheduler", metavar="ADDRESS", show_default=False,
                             help="Dask scheduler address (tcp://host:8786); without it, --backend dask starts a "
                                  "local cluster.")
    no_report = typer.Option("--no-report", help="Do not write the report at the end.")
    baseline = typer.Option("--baseline", help="Pair this run with the complete run in RUN, for `tcgsim compare`: "
                            "its run seed, and its games, options and agents unless given (given, they must "
                            "agree), so the two runs play the same deals and differ only in the edited decks.",
                            metavar="RUN", show_default=False)
    fmt = typer.Option("--format", "-f", metavar="text|json", help="text summary, or json: the summary as JSON on "
                       "stdout (no progress bar; notes on stderr).")
