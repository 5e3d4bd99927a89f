"""`tcgsim tune`: the command over tcgsim.tune (tcgsim.cli registers it on its app)."""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import Annotated

import typer

from tcgsim.cli_common import (
    EXIT_USAGE,
    CardsOpt,
    fail,
    on_sigterm,
    run_folders_or_exit,
    sim_decks_or_exit,
    stopped,
    use_cards_or_exit,
)
from tcgsim.cli_options import Backend, Opt

__all__ = ["tune"]


def tune(
    deck: Annotated[Path | None, typer.Argument(help="The deck to improve (only read: the variants are new files "
                                                "in the tune's folder). None with --resume DIR.", metavar="DECK",
                                                show_default=False)] = None,
    field: Annotated[list[Path] | None, typer.Option(
        "--field", metavar="DECK", show_default=False,
        help="A deck of the field to play against (repeat it, or give several after one --field).")] = None,
    field_rest: Annotated[list[Path] | None, typer.Argument(hidden=True, show_default=False, metavar="")] = None,
    budget: Annotated[int, typer.Option("--budget", "-b", min=1, metavar="GAMES",
                                        help="Games to spend in all: scout, races and validation.")] = 40_000,
    keep: Annotated[list[str] | None, typer.Option("--keep", metavar="CARD", show_default=False,
                                                   help="A card never to cut (repeat it).")] = None,
    collection: Annotated[Path | None, typer.Option(
        "--from", metavar="FILE", show_default=False,
        help="The cards you own, as a deck list of the game (every line a card and its count): only they come "
             "in, in at most the copies you own. Default: the whole pool.")] = None,
    pool_limit: Annotated[int | None, typer.Option(
        "--pool-limit", min=1, metavar="N", show_default=False,
        help="At most N different incoming cards a round (chosen at random by the seed): a smaller, faster race.")
    ] = None,
    cuts: Annotated[int, typer.Option("--cuts", min=1, metavar="K",
                                      help="The deck's K weakest cards (by length-adjusted IWD) a round tries to "
                                           "cut.")] = 3,
    swaps: Annotated[int, typer.Option("--swaps", min=1, metavar="N",
                                       help="Rounds, each changing at most one card (1 copy or all of them).")] = 3,
    seed: Annotated[int, Opt.seed] = 0,
    workers: Annotated[int | None, Opt.workers] = None,
    ai: Annotated[str | None, typer.Option("--ai", metavar="AGENT", show_default=False,
                                           help="The agent of every deck (default: each deck's `ai:`, else the "
                                                "game's scripted style).")] = None,
    out: Annotated[str | None, typer.Option("--out", "-o", metavar="DIR", show_default=False,
                                            help="The tune's folder (default: reports/tune-<deck>-<timestamp>).")
    ] = None,
    force: Annotated[bool, typer.Option("--force", help="Replace an existing tune folder.")] = False,
    resume: Annotated[str | None, typer.Option("--resume", metavar="DIR", show_default=False,
                                               help="Finish the interrupted tune in this folder.")] = None,
    backend: Annotated[Backend, Opt.backend] = Backend.local,
    scheduler: Annotated[str | None, Opt.scheduler] = None,
    option: Annotated[list[str] | None, Opt.option] = None,
    quiet: Annotated[bool, Opt.quiet] = False,
    user_cards: CardsOpt = None,
) -> None:
    """Search legal variants of a deck for the best win rate against a field, by simulation.

    Each round cuts one of the deck's weakest cards for another card of the pool (or of --from FILE), racing
    every legal swap on shared deals and dropping the weak ones early (successive halving); each accepted
    change is then validated on fresh deals against the deck as given, and that validated gain, with its
    interval, is the one reported. Writes <deck>-tuned-N.yaml (N changes) and tune.md in the tune's folder;
    never touches the deck file. Reproducible from --seed, resumable after a kill (--resume DIR). Exit status:
    0 done, 1 invalid decks or a failed run, 2 usage error, 130 / 143 interrupted (finished games are kept).

    Example: tcgsim tune decks/mana/firestorm.yaml --field decks/mana/*.yaml --budget 20000
    """
    import signal

    from tcgsim.decks import DeckError
    from tcgsim.sim import RunFailed, SimError
    from tcgsim.sim.progress import GameProgress, show_progress
    from tcgsim.sim.store import default_out
    from tcgsim.tune import TuneSettings, run_tune, saved_settings
    from tcgsim.tune.report import result_lines

    out_dir, resume_dir = run_folders_or_exit(out, resume, backend, scheduler)
    if deck is None:
        if resume_dir is None:
            raise fail("give the deck to tune and its --field (or --resume DIR to finish a tune)", EXIT_USAGE)
        try:
            settings = saved_settings(resume_dir)
        except SimError as exc:
            raise fail(str(exc), exc.exit_status) from None
    else:
        rivals = [*(field or []), *(field_rest or [])]
        if not rivals:
            raise fail("give the field to tune against: --field DECK...", EXIT_USAGE)
        settings = TuneSettings(str(deck), tuple(str(p) for p in rivals), budget, seed, tuple(keep or ()),
                                str(collection) if collection else None, pool_limit, cuts, swaps, ai,
                                tuple(option or ()), user_cards)
    use_cards_or_exit(settings.cards)
    sim_decks_or_exit([Path(settings.deck), *(Path(p) for p in settings.field)])  # every problem, exit 1
    folder = resume_dir or out_dir or default_out([f"tune-{Path(settings.deck).stem}"])
    finish = f"tcgsim tune --resume {shlex.quote(str(folder))}"

    def note(text: str) -> None:
        if not quiet:
            typer.echo(f"tcgsim: note: {text}", err=True)

    previous = signal.signal(signal.SIGTERM, on_sigterm)
    try:
        with GameProgress(f"tune {Path(settings.deck).stem}", show_progress(quiet)) as bar:
            def progress(done: int, total: int, what: str) -> None:
                bar.relabel(what)
                bar.update(done, total)

            result = run_tune(settings, folder, workers=workers, backend=backend.value, scheduler=scheduler,
                              resume=resume_dir is not None, force=force, progress=progress, notify=note)
    except SimError as exc:
        raise fail(str(exc), exc.exit_status) from None
    except RunFailed as exc:
        raise fail(f"tune failed: {exc}; finished games are kept. To finish: {finish}", exc.exit_status) from None
    except DeckError as exc:  # a line of the --from list
        raise fail(exc.one_line()) from None
    except ValueError as exc:  # a --from list or a --keep card the pool does not have: the user's input
        raise fail(str(exc)) from None
    except KeyboardInterrupt as exc:
        raise stopped(exc, finish) from None
    finally:
        signal.signal(signal.SIGTERM, previous)
    for line in result_lines(result):
        if not line.startswith("note: "):  # the notes went to stderr as they came
            typer.echo(line)
