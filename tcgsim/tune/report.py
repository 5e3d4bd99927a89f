"""What a tune found, for people (the lines `tcgsim tune` prints, tune.md) and programs (tune.json)."""

from __future__ import annotations

import math
from typing import Any

from tcgsim.tune.race import Estimate
from tcgsim.tune.settings import TuneResult

__all__ = ["result_json", "result_lines", "write_report", "REPORT"]

REPORT = "tune.md"


def _points(e: Estimate) -> str:
    if not math.isfinite(e.gain):
        return "no result"
    if not (math.isfinite(e.low) and math.isfinite(e.high)):
        return f"{100 * e.gain:+.1f} points (no interval: one deal)"
    return f"{100 * e.gain:+.1f} points (95% {100 * e.low:+.1f} to {100 * e.high:+.1f}; {e.pairs} pairs of games)"


def _verdict(e: Estimate) -> str:
    """A claim only where the interval supports it."""
    if math.isfinite(e.low) and e.low > 0:
        return "a gain"
    if math.isfinite(e.high) and e.high < 0:
        return "a loss"
    return "not told apart from no change"


def result_lines(r: TuneResult) -> list[str]:
    """The summary `tcgsim tune` prints."""
    lo, hi = r.base_interval
    out = [f"tune: {r.folder} ({r.games:,} games in {r.seconds:.0f} s)",
           f"{r.settings.deck}: {100 * r.base_rate:.1f}% against the field (95% {100 * lo:.1f}-{100 * hi:.1f}%, "
           f"{2 * r.validation_pairs * len(r.settings.field):,} validation games)"]
    if not r.steps:
        out.append("no change found that gains in the race; the deck is kept as it is")
    for s in r.steps:
        out.append(f"round {s.round}: {s.swap.label()} ({s.candidates} candidates raced): validated "
                   f"{_points(s.validated)} against the original, {_verdict(s.validated)}; {s.deck_file}")
    best = r.best
    if best is not None:
        out.append(f"best: {best.deck_file} ({best.round} change{'s' * (best.round > 1)}, "
                   f"{100 * best.rate:.1f}% against the field)")
    out.extend(f"note: {n}" for n in r.notes)
    out.append(f"report: {r.folder / REPORT}")
    return out


def result_json(r: TuneResult) -> dict[str, Any]:
    return {
        "games": r.games,
        "seconds": round(r.seconds, 1),
        "base_rate": round(r.base_rate, 5),
        "base_interval": [round(x, 5) for x in r.base_interval],
        "validation_pairs_per_field_deck": r.validation_pairs,
        "steps": [{"round": s.round, "swap": s.swap.to_json(), "candidates": s.candidates,
                   "race": s.race.to_json(), "validated": s.validated.to_json(), "rate": round(s.rate, 5),
                   "per_matchup": {k: e.to_json() for k, e in s.per_matchup}, "deck_file": s.deck_file}
                  for s in r.steps],
        "rounds": r.rounds,
        "best": r.best.deck_file if r.best is not None else None,
        "notes": r.notes,
    }


def write_report(r: TuneResult) -> None:
    """tune.md in the tune's folder: each change, its validated gain against the field and per matchup."""
    lo, hi = r.base_interval
    md = [f"# Tuning {r.settings.deck}", "",
          f"Field: {', '.join(r.settings.field)}. Budget {r.settings.budget:,} games, seed {r.settings.seed}; "
          f"{r.games:,} games played in {r.seconds:.0f} s.", "",
          f"The deck as given: {100 * r.base_rate:.1f}% against the field (95% {100 * lo:.1f}-{100 * hi:.1f}%) "
          f"over {2 * r.validation_pairs * len(r.settings.field):,} validation games.", "",
          "Every gain below is measured on validation deals used for nothing else, each variant against the deck "
          "as given on the very same deals (a paired difference, the field decks weighing equally); the race "
          "that picked a change only chose it.", ""]
    if r.steps:
        md += ["| round | change | raced | race's last rung | validated gain against the original | verdict | "
               "win rate | deck file |", "|---|---|---:|---|---|---|---:|---|"]
        for s in r.steps:
            md.append(f"| {s.round} | {s.swap.label()} ({s.swap.section}) | {s.candidates} | {_points(s.race)} | "
                      f"{_points(s.validated)} | {_verdict(s.validated)} | {100 * s.rate:.1f}% | {s.deck_file} |")
        md += ["", "## Per matchup", "", "| round | " + " | ".join(k for k, _ in r.steps[0].per_matchup) + " |",
               "|---|" + "---|" * len(r.steps[0].per_matchup)]
        for s in r.steps:
            md.append(f"| {s.round} | " + " | ".join(_points(e) for _, e in s.per_matchup) + " |")
    else:
        md.append("No change gained in a race: the deck is kept as it is.")
    md += ["", "## Rounds", ""]
    for rnd in r.rounds:
        rungs = ", ".join(f"{x['alive']} alive x {x['pairs']} pairs" for x in rnd["rungs"])
        accepted = rnd.get("accepted")
        md.append(f"- round {rnd['round']}: cuts tried {', '.join(rnd['cuts']) or 'none'}; {rnd['candidates']} "
                  f"candidates; rungs {rungs or 'none'}; "
                  + (f"accepted -{accepted['copies']} {accepted['out']} +{accepted['copies']} {accepted['in']}"
                     if accepted else "nothing accepted"))
    if r.notes:
        md += ["", "## Notes", "", *(f"- {n}" for n in r.notes)]
    (r.folder / REPORT).write_text("\n".join(md) + "\n", encoding="utf-8")
