"""Issue 20's measurement (docs/tune.md): a bundled deck weakened by 6 cards off its plan, tuned against the
other bundled decks; how much of the win rate the weakening lost does the tune win back?

    python -m tests.tune_recovery GAME [--budget GAMES] [--seed S] [--workers W] [--out DIR]

GAME is mana or godzilla (CASES: the original and its weakened copy in docs/tune/). The field is the game's other
bundled decks. After the tune, the original deck plays the tune's validation deals too (runs/reference), so all
three figures are paired differences on one set of deals, the field decks weighing equally
(tcgsim.tune.race.paired_gain): the loss (original minus weakened), the gain (the tune's best step minus
weakened: the validated gain the tune reports) and the gain minus half the loss, whose interval above 0 says the
tune won back at least half. Rerunning the command with the same --out resumes or reads the tune.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from tcgsim.bench import bundled_decks
from tcgsim.decks import read_deck
from tcgsim.tune import TUNE_JSON, TuneSettings, on_validation_deals, run_tune
from tcgsim.tune.race import Estimate, paired_gain

REPO = Path(__file__).resolve().parent.parent
CASES = {"mana": ("decks/mana/firestorm.yaml", "docs/tune/firestorm-weakened.yaml"),
         "godzilla": ("decks/godzilla/burning_godzilla.yaml", "docs/tune/burning-godzilla-weakened.yaml")}


def shown(e: Estimate) -> str:
    return f"{100 * e.gain:+.1f} points (95% {100 * e.low:+.1f} to {100 * e.high:+.1f}, {e.pairs} pairs of games)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=sorted(CASES))
    parser.add_argument("--budget", type=int, default=60_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--out", default=None)
    args = parser.parse_args()
    original, weakened = CASES[args.game]
    field = tuple(d.path for d in bundled_decks(args.game) if Path(d.path).resolve() != (REPO / original).resolve())
    out = Path(args.out or f"reports/tune-recovery-{args.game}-{args.seed}")
    settings = TuneSettings(weakened, field, args.budget, args.seed)
    clock = time.perf_counter()
    result = run_tune(settings, out, workers=args.workers, resume=(out / TUNE_JSON).is_file(), notify=print)
    weak = on_validation_deals(settings, out, read_deck(weakened), "validate-0", args.workers)
    base = on_validation_deals(settings, out, read_deck(original), "reference", args.workers)
    best = result.best
    print(f"{args.game}: {weakened} tuned against {len(field)} decks, budget {args.budget:,} games, seed "
          f"{args.seed}: {result.games:,} games, {time.perf_counter() - clock:.0f} s this sitting")
    print(f"  loss from the weakening (original - weakened): {shown(paired_gain(base, weak))}")
    if best is None:
        print("  the tune found no change that gains on the validation deals")
        return
    tuned = on_validation_deals(settings, out, read_deck(weakened), f"validate-{best.round}", args.workers)
    print(f"  best step: round {best.round} ({', '.join(s.swap.label() for s in result.steps[:best.round])})")
    print(f"  gain of the tune (best - weakened): {shown(paired_gain(tuned, weak))}")
    print(f"  best - original: {shown(paired_gain(tuned, base))}")
    half = paired_gain(tuned, (weak + base) / 2)
    loss = paired_gain(base, weak).gain
    share = paired_gain(tuned, weak).gain / loss if loss > 0 else float("nan")
    print(f"  won back {share:.0%} of the loss; gain - loss/2: {shown(half)} "
          f"({'at least half, by the interval' if half.low > 0 else 'not shown to be half'})")


if __name__ == "__main__":
    main()
