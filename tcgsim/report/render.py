"""The report's document: one description of its sections, and two renderers, Markdown and HTML.

`build_document` turns the report tables and plots into a `Document` (sections of paragraphs, bullet lists,
tables, call-outs and figures). Inline text is structure, not marks in a string (`tcgsim.report.text`: spans that
are plain, strong, emphasised or code), so each renderer writes the emphasis its own way and a card named
`*Star*` or `<Bolt>` shows as written in both. `to_markdown` writes report.md; `to_html` renders the same
document through a Jinja2 template (templates/report.html.j2) with autoescaping, as one self-contained page.
"""

from __future__ import annotations

import base64
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, ClassVar

import numpy as np

from tcgsim import stats
from tcgsim.report import metrics as M
from tcgsim.report.plots import Plot
from tcgsim.report.tables import (
    FINDINGS_ALPHA,
    FINDINGS_SHOWN,
    SHARED_LABEL,
    ReportTables,
    not_separated,
    reason_label,
    seat_label,
    shown_card_name,
)
from tcgsim.report.text import Text, TextLike, code, em, markdown, markdown_block, strong, text
from tcgsim.stats import format_pct, format_rate

__all__ = ["Block", "Bullets", "Callout", "Cell", "Code", "Document", "Figure", "Para", "Section", "Table",
           "build_document", "to_html", "to_markdown"]

SMALL_MARK = "‡"
TEMPLATE = "report.html.j2"


# --- the intermediate structure -------------------------------------------------------------------------------
# Every block has a `kind` the HTML template dispatches on. Text fields take a str (plain), a span or a run of
# spans, and hold a run of spans (`Text`) once built.

@dataclass(frozen=True)
class Cell:
    """A table cell: its text, and whether it rests on too small a sample (shown muted, marked ‡)."""

    text: Text
    muted: bool = False

    @classmethod
    def of(cls, value: CellLike) -> Cell:
        return value if isinstance(value, Cell) else cls(text(value))


CellLike = Cell | TextLike


def _cell(value: TextLike, muted: bool = False) -> Cell:
    return Cell(text(value), muted)


@dataclass(frozen=True, init=False)
class Para:
    kind: ClassVar[str] = "para"
    text: Text

    def __init__(self, value: TextLike) -> None:
        object.__setattr__(self, "text", text(value))


@dataclass(frozen=True, init=False)
class Bullets:
    kind: ClassVar[str] = "bullets"
    items: tuple[Text, ...]
    css: str  # an extra class for the list in HTML ('findings'), '' for none

    def __init__(self, items: Sequence[TextLike], css: str = "") -> None:
        object.__setattr__(self, "items", tuple(text(i) for i in items))
        object.__setattr__(self, "css", css)


@dataclass(frozen=True)
class Code:
    """A command, shown as written (a shell block)."""

    kind: ClassVar[str] = "code"
    text: str


@dataclass(frozen=True, init=False)
class Callout:
    """A boxed message: 'warning' (something the reader must know before trusting the numbers) or 'info'."""

    kind: ClassVar[str] = "callout"
    title: str
    text: Text
    items: tuple[Text, ...]
    level: str

    def __init__(self, title: str, body: TextLike, items: Sequence[TextLike] = (), level: str = "warning") -> None:
        object.__setattr__(self, "title", title)
        object.__setattr__(self, "text", text(body))
        object.__setattr__(self, "items", tuple(text(i) for i in items))
        object.__setattr__(self, "level", level)


@dataclass(frozen=True, init=False)
class Table:
    kind: ClassVar[str] = "table"
    columns: tuple[Cell, ...]
    rows: tuple[tuple[Cell, ...], ...]
    align: tuple[str, ...]  # 'l' or 'r' per column; default: first left, the rest right
    caption: str | None
    html_id: str  # an id for the table in HTML ('ranking'), '' for none

    def __init__(self, columns: Sequence[CellLike], rows: Sequence[Sequence[CellLike]], align: Sequence[str] = (),
                 caption: str | None = None, html_id: str = "") -> None:
        cols = tuple(Cell.of(c) for c in columns)
        object.__setattr__(self, "columns", cols)
        object.__setattr__(self, "rows", tuple(tuple(Cell.of(c) for c in row) for row in rows))
        object.__setattr__(self, "align", tuple(align) or ("l", *["r"] * (len(cols) - 1)))
        object.__setattr__(self, "caption", caption)
        object.__setattr__(self, "html_id", html_id)

    def head(self) -> list[tuple[Cell, str]]:
        """The column headers with their alignment."""
        return list(zip(self.columns, self.align, strict=False))

    def body(self) -> list[list[tuple[Cell, str]]]:
        """Each row's cells with their alignment (a row longer than the header is cut, as a table shows it)."""
        return [list(zip(row, self.align, strict=False)) for row in self.rows]


@dataclass(frozen=True)
class Figure:
    kind: ClassVar[str] = "figure"
    plot: Plot
    html_id: str = ""  # an id for the image in HTML ('heatmap'), so a browser test can find it; '' for none


Block = Para | Bullets | Code | Callout | Table | Figure


@dataclass
class Section:
    title: str
    blocks: list[Block] = field(default_factory=list)
    level: int = 2
    folded: bool = False  # in HTML a <details> closed by default (a deck's card table); Markdown: a section

    @property
    def anchor(self) -> str:
        return re.sub(r"[^a-z0-9]+", "-", self.title.lower()).strip("-")


@dataclass
class Document:
    title: str
    subtitle: str
    sections: list[Section]


# --- formatting helpers ---------------------------------------------------------------------------------------

def _n(x: Any) -> str:
    return f"{int(x):,}" if x is not None and np.isfinite(x) else "—"


def _rate_n(rate: float, n: int, small: bool) -> Cell:
    if not n or not np.isfinite(rate):
        return _cell("—")
    return _cell(f"{100 * rate:.1f}% ({int(n):,})" + (f" {SMALL_MARK}" if small else ""), muted=small)


def _num(x: float, digits: int = 1) -> str:
    return f"{x:.{digits}f}" if x is not None and np.isfinite(x) else "—"


def _joined(parts: Sequence[TextLike], sep: str = " ") -> Text:
    out: list[TextLike] = []
    for i, part in enumerate(parts):
        out += [sep, part] if i else [part]
    return text(*out)


# --- sections -------------------------------------------------------------------------------------------------

def _without_result(h: dict[str, Any]) -> str:
    """' (2 raised an error, 1 stopped by the decision limit)': the run's games without a result, if any."""
    parts = [f"{h['errors']:,} raised an error"] if h.get("errors") else []
    parts += [f"{h['stopped']:,} stopped by the decision limit"] if h.get("stopped") else []
    return f" ({', '.join(parts)})" if parts else ""


def _what_was_run(t: ReportTables) -> Section:
    h = t.header
    sec = Section("What was run")
    rows: list[list[CellLike]] = []
    for d in h["decks"]:
        rows.append([strong(d["key"]), d.get("plan") or "—", d.get("ai") or "—",
                     code(d["path"]) if d.get("path") else "—"])
    sec.blocks.append(Table(["deck", "plan", "AI", "file"], rows, align=["l", "l", "l", "l"]))
    facts: list[TextLike] = [
        text("game: ", strong(h["game"])),
        text("games: ", strong(f"{h['games']:,}"), _without_result(h)),
        f"matchups: {len(h['matchups'])}" + (f" ({', '.join(h['matchups'])})" if len(h["matchups"]) <= 4 else ""),
        text("seed: ", code(h["seed"])) if h.get("seed") is not None else "seed: not recorded"]
    if h.get("versions"):
        facts.append("versions: " + ", ".join(f"{k} {v}" for k, v in h["versions"].items()))
    if h.get("card_pool"):  # the user's own card files (--cards) and the merged pool's digest, as run.json has it
        facts.append(f"card pool: {' + '.join(['bundled', *h['card_files']])} (sha256 {str(h['card_pool'])[:12]})")
    if h.get("finished"):
        took = f" in {h['seconds']:,.1f} s" if isinstance(h.get("seconds"), int | float) else ""
        facts.append(f"finished: {h['finished']}{took}")
    sec.blocks.append(Bullets(facts))
    if h.get("command"):
        sec.blocks.append(Para("To reproduce it:"))
        sec.blocks.append(Code(str(h["command"])))
    if h.get("unscored"):
        sec.blocks.append(Para("Games without a result (left out of every rate); each command below replays one:"))
        sec.blocks.append(Code("\n".join(f"# game {g['game_id']}: {g['error']}\n{g['replay']}"
                                          for g in h["unscored"])))
    if len(t.unmodelled):
        items: list[TextLike] = []
        for deck in t.decks:
            names = sorted(str(r.card_name) for r in t.unmodelled.itertuples() if deck in r.decks)
            if names:
                items.append(text(strong(deck), f" ({len(names)}): {', '.join(names)}"))
        sec.blocks.append(Callout(
            f"{len(t.unmodelled)} card(s) of this run have effects the simulator does not model",
            "They play with their printed stats only, so their figures (and their decks' win rates) may be off:",
            items))
    return sec


def _findings(t: ReportTables) -> Section:
    sec = Section("Key findings")
    titles = {"run": "The run", "matchups": "Matchups", "decks": "Decks", "seats": "Seats", "cards": "Cards"}
    if t.notes:
        for topic in dict.fromkeys(n.topic for n in t.notes):
            sec.blocks.append(Para(strong(titles.get(topic, topic.capitalize()))))
            sec.blocks.append(Bullets([n.spans for n in t.notes if n.topic == topic], css="findings"))
    else:
        sec.blocks.append(Para("Nothing the intervals can support yet: run more games."))
    if (f := t.findings).tested:
        sec.blocks.append(Para(text(
            f"How these were chosen: every matchup, every deck against its fair share, every seat, every card with "
            f"enough games and the commonest ending are tested as one family of {f.tested:,} hypotheses, corrected "
            f"by {f.method}'s step-down method at {FINDINGS_ALPHA:.0%} family-wise, so the chance that any finding "
            f"stated here is false stays under {FINDINGS_ALPHA:.0%} however the tests depend on one another. "
            f"{f.surviving:,} survive the correction; {f.shown:,} are stated (at most {FINDINGS_SHOWN}, the "
            "strongest of each topic in turn). Their ranges are the plain 95% intervals.")))
    sec.blocks.append(Para(text(
        "Win rates count a draw as the win shared (half a win for two players), a game everyone lost as a loss for "
        "each, and leave out games that raised an error or that the decision limit stopped; ranges are 95% "
        f"intervals; figures on fewer than {t.min_sample} games are marked {SMALL_MARK}. "
        "See ", em("Method"), " at the end.")))
    return sec


def _win_rates(t: ReportTables, plots: dict[str, Plot]) -> Section:
    sec = Section("Win rates")
    rows: list[list[CellLike]] = []
    for r in t.deck.itertuples(index=False):
        rows.append([strong(r.deck), str(r.ai or "—"), _n(r.games), _n(r.wins), _n(r.losses), _n(r.draws),
                     _n(r.errors), _cell(format_rate(r.win_rate, r.ci_low, r.ci_high), muted=r.games < t.min_sample)])
    sec.blocks.append(Table(["deck", "AI", "games", "wins", "losses", "draws", "errors", "win rate (95% CI)"], rows,
                            align=["l", "l", "r", "r", "r", "r", "r", "r"], caption="Per deck, all its games."))
    rows = []
    for r in t.deck_seat.itertuples(index=False):
        rows.append([strong(r.deck), seat_label(int(r.seat), t.n_players), _n(r.games),
                     f"{r.wins:,}–{r.losses:,}–{r.draws:,}",
                     _cell(format_rate(r.win_rate, r.ci_low, r.ci_high), muted=r.games < t.min_sample)])
    sec.blocks.append(Table(["deck", "seat", "games", "W–L–D", "win rate (95% CI)"], rows,
                            align=["l", "l", "r", "r", "r"],
                            caption="Per deck and place in the turn order (on the play: the deck moved first)."))
    if len(t.matchup_play):
        rows = []
        for r in t.matchup_play.itertuples(index=False):
            rows.append([strong(r.deck), str(r.opponent), seat_label(int(r.seat), 2), _n(r.games),
                         f"{r.wins:,}–{r.losses:,}–{r.draws:,}",
                         _cell(format_rate(r.win_rate, r.ci_low, r.ci_high), muted=r.games < t.min_sample)])
        sec.blocks.append(Table(["deck", "opponent", "seat", "games", "W–L–D", "win rate (95% CI)"], rows,
                                align=["l", "l", "l", "r", "r", "r"],
                                caption="Per matchup, on the play and on the draw (two-player games)."))
    rows = []
    for r in t.seat.itertuples(index=False):
        rows.append([seat_label(int(r.seat), int(r.n_players)) + (f" ({r.n_players} players)"
                                                                   if t.seat["n_players"].nunique() > 1 else ""),
                     _n(r.games), format_rate(r.win_rate, r.ci_low, r.ci_high), format_pct(r.fair),
                     f"{100 * r.advantage:+.1f} ({100 * r.adv_low:+.1f} to {100 * r.adv_high:+.1f})"])
    sec.blocks.append(Table(["seat", "games", "win rate (95% CI)", "fair share", "advantage, points (95% CI)"],
                            rows, caption="The game's own seat advantage: every deal is played with the seats "
                                          "rotated, so deck strength cancels out."))
    for key in ("win_rates", "seats"):
        if key in plots:
            sec.blocks.append(Figure(plots[key]))
    return sec


def _matchups(t: ReportTables, plots: dict[str, Plot]) -> Section | None:
    if len(t.decks) < 2 or not len(t.matchups):
        return None
    sec = Section("Matchups and ranking")
    cell = {(r.deck, r.opponent): r for r in t.matchups.itertuples(index=False)}
    rows: list[list[CellLike]] = []
    for a in t.decks:
        row: list[CellLike] = [strong(a)]
        for b in t.decks:
            r = cell.get((a, b))
            if a == b or r is None:
                row.append("·")
            else:
                row.append(_cell(f"{format_rate(r.win_rate, r.ci_low, r.ci_high, 0)} n={r.games:,}",
                                muted=r.games < t.min_sample))
        rows.append(row)
    caption = "Win rate of the row deck against the column deck (95% CI, games)."
    if t.n_players > 2:
        caption += (" In games of 3-4 players a pair counts when one of the two won (or nobody did, as a draw); "
                    "games a third deck won are left out.")
    sec.blocks.append(Table(["deck \\ opponent", *t.decks], rows, caption=caption))
    if len(t.ranking):
        rows = []
        for r in t.ranking.itertuples(index=False):
            half = stats.Z95 * r.rating_se
            rows.append([str(r.rank), strong(r.deck),
                         f"{r.rating:+.0f} ({r.rating - half:+.0f} to {r.rating + half:+.0f})",
                         _rank_cell(r.likely_rank), _rank_span(r.rank_low, r.rank_high),
                         _own_rate(t, str(r.deck)), format_pct(r.mean_win_rate), str(r.opponents),
                         format_pct(r.expected), _n(r.games)])
        resamples = t.rank_probs.resamples if t.rank_probs is not None else 0
        cap = ("Rating: each deck's strength fitted to every game at once, each game one observation of which seated "
               "deck won (in two-player games exactly Bradley-Terry), on the Elo scale (0 = an average deck of this "
               "run; a 100-point gap means about 64% for the higher one); its interval is ± 1.96 standard errors "
               f"of the rating over {resamples:,} bootstrap resamples of the deals (the games of one seed, every "
               "seat rotation together, drawn with replacement within each matchup). Most likely rank and rank "
               "range (the central 95% of the resamples' ranks) come from the same resamples. Rank: the order of "
               "the ratings. Win rate: the deck's own, over its games. Mean head-to-head: the plain mean of the "
               "deck's matchup win rates over its opponents; pair results: the games those win rates count")
        if t.n_players > 2:
            cap += (" (in games of 3-4 players each game gives one result per pair of decks in it, and a pair "
                    "counts when one of the two won, or nobody did: so pair results exceed the deck's games, and "
                    "the head-to-head mean differs from its win rate)")
        cap += ". 'vs average' is the expected win rate against a deck of average strength."

        if bool(t.ranking["regularised"].any()):
            cap += (" Some deck never lost or never won against the rest, so one virtual draw per pair was added to "
                    "keep the ratings finite.")
        sec.blocks.append(Table(["rank", "deck", "rating (95% CI)", "most likely rank", "rank range",
                                 "win rate (games)", "mean head-to-head", "opponents", "vs average",
                                 "pair results"], rows,
                                align=["r", "l", "r", "r", "r", "r", "r", "r", "r", "r"], caption=cap))
        sec.blocks.extend(_separation(t))
        if "ranking" in plots:
            sec.blocks.append(Figure(plots["ranking"]))
    return sec


def _own_rate(t: ReportTables, deck: str) -> str:
    """The deck's own win rate over its games, '66.6% (300)': the figure its row of the win-rate table shows."""
    row = t.deck[t.deck["deck"] == deck]
    if not len(row) or not row["games"].iloc[0]:
        return "—"
    return f"{format_pct(float(row['win_rate'].iloc[0]))} ({int(row['games'].iloc[0]):,})"


def _verdict(t: ReportTables, plots: dict[str, Plot]) -> Section:
    """The first screen: the ranking with its intervals and the matchup heatmap (the deck win rates when the run
    has no ranking), with what the reader must know before trusting them (an unfinished run)."""
    sec = Section("Verdict")
    if (partial := _partial(t.header)) is not None:
        sec.blocks.append(partial)
    if len(t.ranking):
        rows: list[list[CellLike]] = []
        for r in t.ranking.itertuples(index=False):
            half = stats.Z95 * r.rating_se
            rows.append([str(r.rank), strong(r.deck),
                         f"{r.rating:+.0f} ({r.rating - half:+.0f} to {r.rating + half:+.0f})",
                         _rank_span(r.rank_low, r.rank_high), _own_rate(t, str(r.deck))])
        sec.blocks.append(Table(["rank", "deck", "rating (95% CI)", "rank range", "win rate (games)"], rows,
                                align=["r", "l", "r", "r", "r"], html_id="ranking",
                                caption="Ranking: strength on the Elo scale (0 = an average deck) with its 95% "
                                        "bootstrap interval, and the deck's own win rate; details under "
                                        "Matchups and ranking."))
    else:
        rows = [[strong(r.deck), _n(r.games), _cell(format_rate(r.win_rate, r.ci_low, r.ci_high),
                                                   muted=r.games < t.min_sample)]
                for r in t.deck.itertuples(index=False)]
        sec.blocks.append(Table(["deck", "games", "win rate (95% CI)"], rows, html_id="ranking",
                                caption="Win rate per deck over all its games (95% Wilson interval)."))
    if "matchups" in plots:
        sec.blocks.append(Figure(plots["matchups"], html_id="heatmap"))
    elif "win_rates" in plots:
        sec.blocks.append(Figure(plots["win_rates"]))
    return sec


def _rank_cell(rank: Any) -> str:
    return str(int(rank)) if rank is not None and np.isfinite(rank) else "—"


def _rank_span(lo: Any, hi: Any) -> str:
    """'1–2', or '3' when the resamples agree on one rank."""
    if lo is None or hi is None or not (np.isfinite(lo) and np.isfinite(hi)):
        return "—"
    return str(int(lo)) if int(lo) == int(hi) else f"{int(lo)}–{int(hi)}"


def _separation(t: ReportTables) -> list[Block]:
    """In words, the decks the bootstrap does not separate (neither above the other in 97.5% of the
    resamples): one sentence per deck that is not separated from some deck below it."""
    pairs = not_separated(t)
    if t.rank_probs is None or len(t.ranking) < 2:
        return []
    if not pairs:
        return [Para("Every two decks are separated: in at least 97.5% of the resamples the same one of the two is "
                     "above, so the order above is the order of the resamples too.")]
    below: dict[str, list[tuple[str, float]]] = {}
    for pair in pairs:
        below.setdefault(pair["deck"], []).append((pair["other"], pair["p_above"]))
    items: list[TextLike] = []
    for deck, others in below.items():
        if len(others) == 1:
            other, p = others[0]
            items.append(text(strong(deck), " and ", strong(other), f" are not separated: {deck} above in "
                              f"{_pct_word(p)} of resamples."))
        else:
            named = [text(strong(o), f" (above in {_pct_word(p)})") for o, p in others]
            items.append(text(strong(deck), " is not separated from ", _joined(named[:-1], ", "), " or ",
                              named[-1], " of resamples."))
    return [Para("Not separated (neither deck above the other in 97.5% of the resamples): their order in the table "
                 "is not established."), Bullets(items)]


def _pct_word(p: float) -> str:
    """A share of resamples in whole percent, never rounded to 0% or 100% (the pair would read as separated)."""
    return f"{min(99, max(1, round(100 * p)))}%"


def _length(t: ReportTables, plots: dict[str, Plot]) -> Section:
    sec = Section("Game length and how games end")
    rows: list[list[CellLike]] = []
    for r in t.lengths.itertuples(index=False):
        rows.append([strong(r.matchup) if r.matchup == "all games" else str(r.matchup), _n(r.games), _num(r.mean),
                     _num(r.p10, 0), _num(r.p25, 0), _num(r.p50, 0), _num(r.p75, 0), _num(r.p90, 0),
                     f"{int(r.min)}–{int(r.max)}"])
    sec.blocks.append(Table(["matchup", "games", "mean", "10%", "25%", "median", "75%", "90%", "range"], rows,
                            caption="Turns per game (the game's turn counter; errors left out)."))
    reasons = list(dict.fromkeys(t.reasons.sort_values("games", ascending=False)["reason"]))
    fixed = [r for r in ("turn_limit", "decision_limit", "error") if r in reasons]
    reasons = [r for r in reasons if r not in fixed] + fixed
    piv = {(r.matchup, r.reason): r for r in t.reasons.itertuples(index=False)}
    rows = []
    for m in dict.fromkeys(t.reasons["matchup"]):
        row: list[CellLike] = [strong(m) if m == "all games" else str(m)]
        for reason in reasons:
            r = piv.get((m, reason))
            row.append("0" if r is None else f"{r.games:,} ({format_pct(r.share)})")
        rows.append(row)
    sec.blocks.append(Table(["matchup", *[reason_label(r) for r in reasons]], rows,
                            caption="How games end: games (share) by win condition, draws by limit, and errors."))
    if "game_length" in plots:
        sec.blocks.append(Figure(plots["game_length"]))
    rows = []
    for r in t.wins_reason.itertuples(index=False):
        rows.append([strong(r.deck), "won" if r.result == "win" else "lost", reason_label(r.reason), _n(r.games),
                     format_pct(r.share_of_games),
                     f"{format_rate(r.share_of_result, r.ci_low, r.ci_high)} of {r.of_result:,}",
                     f"{_num(r.median_turn, 0)} ({_num(r.q25_turn, 0)}–{_num(r.q75_turn, 0)})"])
    sec.blocks.append(Table(["deck", "result", "by", "games", "of its games", "of its wins / losses (95% CI)",
                             "median turn (IQR)"], rows, align=["l", "l", "l", "r", "r", "r", "r"],
                            caption="How each deck wins and loses."))
    if "endings" in plots:
        sec.blocks.append(Figure(plots["endings"]))
    return sec


def _tempo(t: ReportTables, plots: dict[str, Plot]) -> Section:
    sec = Section("Tempo")
    if len(t.wins_by_turn):
        rows: list[list[CellLike]] = []
        for r in t.wins_by_turn.itertuples(index=False):
            rows.append([strong(r.deck), _n(r.games),
                         *[format_pct(getattr(r, f"by_{m}"), 0) for m in t.milestones],
                         format_pct(r.final, 0), _num(r.median_win_turn, 0)])
        sec.blocks.append(Table(["deck", "games", *[f"won by turn {m}" for m in t.milestones], "won in all",
                                 "median winning turn"], rows,
                                caption="How fast each deck reaches a win condition: the cumulative share of its "
                                        "games won by turn t (turns: the 10/25/50/75/90% points of game length)."))
    if "wins_by_turn" in plots:
        sec.blocks.append(Figure(plots["wins_by_turn"]))
    if len(t.tempo):
        milestones = [m for m in t.milestones if m <= int(t.tempo["turn"].max())]
        at = t.tempo[t.tempo["turn"].isin(milestones)].set_index(["deck", "metric", "turn"])
        rows = []
        shared_at = t.tempo_shared[t.tempo_shared["turn"].isin(milestones)].set_index(["deck", "metric", "turn"]) \
            if len(t.tempo_shared) else None
        for metric in dict.fromkeys(t.tempo["metric"]):
            # a metric the same for every player of a turn (eva's city) is one row over every game
            shared = metric in t.shared_metrics and shared_at is not None
            for deck in [SHARED_LABEL] if shared else t.decks:
                vals = []
                source = shared_at if shared else at
                for m in milestones:
                    key = (deck, metric, m)
                    if source is not None and key in source.index:
                        r = source.loc[key]
                        vals.append(f"{r['mean']:.2f} ± {(r['ci_high'] - r['mean']):.2f}")
                    else:
                        vals.append("—")
                if any(v != "—" for v in vals):
                    rows.append([t.metric_label(metric), deck, *vals])
        sec.blocks.append(Table(["metric", "deck", *[f"turn {m}" for m in milestones]], rows,
                                align=["l", "l", *["r"] * len(milestones)],
                                caption="Mean of each tempo metric at the end of turn t (± the 95% half-width), "
                                        "over the games still running then; a metric with the same value for "
                                        f"every player is one row, '{SHARED_LABEL}'."))
        sec.blocks.append(Bullets([text(code(k), f": {t.metric_label(k)}") for k in t.tempo_meanings]))
    if "tempo" in plots:
        sec.blocks.append(Figure(plots["tempo"]))
    return sec


def _rate_ci(rate: float, lo: float, hi: float, n: int, small: bool) -> Cell:
    """A card win rate with its 95% Wilson interval and its games: '58.3% (52–64, 312)'."""
    if not n or not np.isfinite(rate):
        return _cell("—")
    return _cell(f"{100 * rate:.1f}% ({100 * lo:.0f}–{100 * hi:.0f}, {int(n):,})" +
                 (f" {SMALL_MARK}" if small else ""), muted=small)


DEAD_TEXT = "not played: its IWD says nothing about the card"
UNHELD_TEXT = "never in hand: see entered"


def _iwd_cells(r: Any) -> list[CellLike]:
    """The IWD, its distance from the deck's median card and the length-adjusted IWD, or why there is none."""
    if not r.holdable:
        return [_cell(UNHELD_TEXT, muted=True), "—", "—"]
    if r.dead:
        return [_cell(DEAD_TEXT, muted=True), "—", "—"]
    if not np.isfinite(r.iwd):
        return ["—", "—", "—"]
    mark = f" {SMALL_MARK}" if r.small else ""
    plain = f"{100 * r.iwd:+.1f} ({100 * r.iwd_low:+.1f} to {100 * r.iwd_high:+.1f}){mark}"
    rel = f"{100 * r.iwd_rel:+.1f}" if np.isfinite(r.iwd_rel) else "—"
    adj = "—" if not np.isfinite(r.iwd_adj) else \
        f"{100 * r.iwd_adj:+.1f} ({100 * r.iwd_adj_low:+.1f} to {100 * r.iwd_adj_high:+.1f}){mark}"
    return [_cell(plain, muted=bool(r.small)), _cell(rel, muted=bool(r.small)), _cell(adj, muted=bool(r.small))]


def _play_rate(r: Any) -> Cell:
    if not r.holdable or not r.gih:
        return _cell("—")
    dead = " dead" if r.dead else ""
    return _cell(f"{100 * r.play_rate:.0f}% ({100 * r.play_low:.0f}–{100 * r.play_high:.0f}){dead}",
                 muted=bool(r.dead))


def _mulligans(t: ReportTables) -> Section | None:
    if not len(t.mulligans):
        return None
    sec = Section("Mulligans", level=3)
    rows: list[list[CellLike]] = []
    for r in t.mulligans.itertuples(index=False):
        rows.append([strong(r.deck), _n(r.games), _rate_ci(r.mulligan_rate, r.mulligan_low, r.mulligan_high,
                                                           r.games, False),
                     _rate_ci(r.after_wr, r.after_low, r.after_high, r.mulligans, r.mulligans < t.min_sample),
                     _rate_ci(r.kept_wr, r.kept_low, r.kept_high, r.games - r.mulligans,
                              r.games - r.mulligans < t.min_sample)])
    sec.blocks.append(Table(["deck", "games", "mulligan rate (95% CI, games)", "WR after a mulligan",
                             "WR when kept"], rows,
                            caption="Per deck: how often it took the mulligan its rules offer, and its win rate "
                                    "after one and when it kept (95% Wilson intervals)."))
    return sec


def _cards(t: ReportTables, plots: dict[str, Plot]) -> list[Section]:
    if not len(t.cards):
        return []
    intro = Section("Cards")
    intro.blocks.append(Para(text(
        "Per card of each deck, in the manner of 17lands: ", strong("GP"), " games with the card in the deck; ",
        strong("OH"), " a copy in the opening hand; ", strong("GD"), " a copy drawn later; ", strong("GIH"),
        " in hand at some point (OH or GD); ", strong("GNS"), " not seen: neither in hand nor in play; ",
        strong("entered"), " a copy entered play from anywhere (from the hand, or put into play without it: a "
        "character from the character deck, an evolution target, a 補完 card, a card searched onto the field); ",
        strong("play rate"), " the share of the games in hand in which a copy was played from the hand; ",
        strong("IWD"), " = GIH WR − GNS WR, the improvement when drawn, in points with its 95% interval; ",
        strong("turn"), " the mean turn its first copy entered play. Every win rate shows its 95% Wilson "
        f"interval and its games in brackets; {SMALL_MARK} marks figures on fewer than {t.min_sample} games, "
        "too few to say anything (a 95% interval wider than ±14 points).")))
    intro.blocks.append(Para(text(
        "IWD is an association, not a cause. A game that lasts longer draws more cards, so every card of a deck "
        "that wins its long games shows a positive IWD (and the reverse for a deck that wins fast). Two figures "
        "take that out: ", strong("vs median"), " is the card's IWD minus the deck's median card's, and ",
        strong("adjusted"), f" compares games in hand with games not seen within {M.LENGTH_BINS} bands of game "
        "length (fifths of the run's games by turns), so a card is not credited for the length of the games it "
        "is drawn in. The key findings read the adjusted figure alone, through a corrected interval. A card held "
        f"in {stats.DEAD_HELD_GAMES} games or more and played in under {100 * stats.DEAD_PLAY_RATE:.0f}% of them "
        "is ", strong("dead"), ": the player never uses it, so its win rates describe the hands it sat in, not "
        "the card, and it gets no IWD verdict.")))
    out = [intro]
    mull = _mulligans(t)
    if mull is not None:
        out.append(mull)
    for deck in t.decks:
        part = t.cards[t.cards["deck"] == deck]
        if not len(part):
            continue
        sec = Section(f"Cards of {deck}", level=3, folded=True)
        rows: list[list[CellLike]] = []
        for r in part.itertuples(index=False):
            rows.append([
                strong(shown_card_name(r.card_name, getattr(r, "card_name_ja", None))), str(r.copies),
                _n(r.gp), _rate_ci(r.gp_wr, r.gp_low, r.gp_high, r.gp, r.gp_small),
                _rate_ci(r.oh_wr, r.oh_low, r.oh_high, r.oh, r.oh_small),
                _rate_ci(r.gd_wr, r.gd_low, r.gd_high, r.gd, r.gd_small),
                _rate_ci(r.gih_wr, r.gih_low, r.gih_high, r.gih, r.gih_small),
                _rate_ci(r.gns_wr, r.gns_low, r.gns_high, r.gns, r.gns_small),
                _rate_ci(r.entered_wr, r.entered_low, r.entered_high, r.entered, r.entered_small),
                _play_rate(r), *_iwd_cells(r), _num(r.mean_turn_played),
            ])
        sec.blocks.append(Table(["card", "copies", "GP", "GP WR", "OH WR", "GD WR", "GIH WR", "GNS WR",
                                 "entered WR", "play rate", "IWD, points (95% CI)", "vs median",
                                 "adjusted (95% CI)", "turn"], rows,
                                caption=f"{deck}: cards by length-adjusted IWD, best first."))
        key = next((k for k, p in plots.items() if p.title == f"Cards of {deck}"), None)
        if key:
            sec.blocks.append(Figure(plots[key]))
        out.append(sec)
    return out


def _method(t: ReportTables) -> Section:
    sec = Section("Method")
    sec.blocks.append(Bullets([
        text(strong("Draws"), " (turn limit, a rules draw) count as the win shared among the players: half a win "
             "in a two-player game, 1/n with n players; they are also listed on their own. Win rate = (wins + "
             "draws/n) / games."),
        text(strong("Everyone lost"), " (a reason the game declares, such as EVA's humanity destroyed): a loss "
             "for every player, 0 points each; in a matchup, a draw between the two decks. The fair share is then "
             "the points the games handed out split n ways, below 1/n."),
        text(strong("Errors"), " and ", strong("decision-limit stops"), ": no result; they are counted, left out "
             "of every rate, and listed under What was run with their replay commands."),
        text(strong("Intervals"), ": 95% Wilson score intervals for rates; Newcombe's hybrid score interval for "
             "IWD; mean ± 1.96 standard errors for tempo means. Games of one deal (the same seed, seats rotated) "
             "are treated as independent, which slightly narrows the intervals."),
        text(strong("Seats"), ": counted from the player who moved first (on the play, in two-player games). "
             "Every deal is played in every seat rotation with each deck dealt the same, and a first player the "
             "rules leave to chance falls to the same seat, so each deck moves first equally often and its win "
             "rate carries no seat advantage."),
        text(strong("Ranking"), ": strengths by maximum likelihood over every game, each game one observation of "
             "which seated deck won (the first choice of a Plackett-Luce model: in two-player games exactly "
             "Bradley-Terry), on the Elo scale; unlike Elo updates they do not depend on the order games were "
             "played. Their errors, rank probabilities and rank ranges come from a bootstrap over deals (the games "
             "of one seed, all seat rotations) within each matchup, seeded from the run seed, so the same run "
             "gives the same figures on any machine; two decks are not separated when neither is above the other "
             "in 97.5% of the resamples."),
        text(strong("Small samples"), f": figures on fewer than {t.min_sample} games are marked {SMALL_MARK} and "
             "never used in the key findings; a finding is stated only when its interval excludes the neutral "
             "value (50%, the fair share, zero) and it survives Holm's step-down correction over every finding "
             f"tested ({FINDINGS_ALPHA:.0%} family-wise), since one plain 95% interval in twenty misses by chance; "
             f"at most {FINDINGS_SHOWN} are stated."),
        text(strong("Tempo"), ": each metric is recorded at the end of every turn for every player; means are over "
             "games still running at that turn (turns with under 5% of a deck's games left are cut)."),
    ]))
    return sec


def _partial(h: dict[str, Any]) -> Callout | None:
    """What the reader must know about a run read before its end, or with shard files left out."""
    unfinished = h.get("status") not in (None, "complete")
    partial = unfinished or h.get("source") == "shards"
    skipped = list(h.get("skipped_shards") or [])
    if not partial and not skipped:
        return None
    says: list[TextLike] = [text("run.json says ", code(h["status"]), ".")] if unfinished else []
    if partial:
        planned = h.get("games_planned")
        of = f" (of {planned:,} planned)" if isinstance(planned, int) and planned > 0 else ""
        says.append(f"The figures cover only the {h['games']:,} games played so far{of}.")
    if skipped:
        lost = "with the rest of their tasks" if partial else "their games are in games.parquet, but not all " \
            "of their tempo or card rows"
        says.append(f"{len(skipped)} shard file(s) that could not be read, or were written by another run, were "
                    f"left out ({lost}):")
    return Callout("This run has not finished" if partial else "Some shard files were left out",
                   _joined(says), items=skipped)


def build_document(t: ReportTables, plots: Sequence[Plot]) -> Document:
    """The whole report as one structure: the verdict (ranking and heatmap), findings, win rates, matchups,
    length, tempo, cards (one folded section per deck), what was run, method."""
    by_key = {p.key: p for p in plots}
    h = t.header
    if not h["games"]:
        empty = Section("What was run", [Callout("This run has no games", "games.parquet holds no rows: nothing "
                                                 "was played yet, or the run stopped before its first game.")])
        if h.get("command"):
            empty.blocks += [Para("Its command:"), Code(str(h["command"]))]
        return Document(title="tcgsim report: no games", subtitle=str(h.get("path") or ""), sections=[empty])
    # the verdict first (what a designer came for), then the findings, the detail, and how it was run
    sections = [_verdict(t, by_key), _findings(t), _win_rates(t, by_key)]
    if (m := _matchups(t, by_key)) is not None:
        sections.append(m)
    sections += [_length(t, by_key), _tempo(t, by_key), *_cards(t, by_key), _what_was_run(t), _method(t)]
    subtitle = f"{h['game']} · {h['games']:,} games · {len(t.decks)} decks"
    return Document(title=f"tcgsim report: {h['title']}", subtitle=subtitle, sections=sections)




# --- Markdown -------------------------------------------------------------------------------------------------

def _md_cell(c: Cell) -> str:
    # a pipe ends a GFM table cell even inside a code span: escaped there too, as GFM asks
    return markdown(c.text).replace("|", "\\|").replace("\n", " ")


def _md_table(tb: Table) -> list[str]:
    lines = ["| " + " | ".join(_md_cell(c) for c in tb.columns) + " |",
             "|" + "|".join(":---" if a == "l" else "---:" for a in tb.align) + "|"]
    lines += ["| " + " | ".join(_md_cell(c) for c in row) + " |" for row in tb.rows]
    if tb.caption:
        lines = [markdown_block(em(tb.caption)), "", *lines]
    return lines


def _md_fence(command: str) -> str:
    longest = max((len(run) for run in re.findall(r"`+", command)), default=0)
    return "`" * max(3, longest + 1)


def to_markdown(doc: Document, image_prefix: str = "plots/") -> str:
    """The document as GitHub-flavoured Markdown; figures link to image_prefix + the PNG's file name."""
    out = [f"# {markdown(doc.title)}", "", markdown_block(doc.subtitle), ""]
    for sec in doc.sections:
        out += ["#" * sec.level + " " + markdown(sec.title), ""]
        for b in sec.blocks:
            if isinstance(b, Para):
                out += [markdown_block(b.text), ""]
            elif isinstance(b, Bullets):
                out += [f"- {markdown_block(item)}" for item in b.items] + [""]
            elif isinstance(b, Code):
                fence = _md_fence(b.text)
                out += [f"{fence}sh", b.text, fence, ""]
            elif isinstance(b, Callout):
                kind = "WARNING" if b.level == "warning" else "NOTE"
                out += [f"> [!{kind}]", f"> {markdown(text(strong(b.title + '.'), ' ', b.text))}"]
                out += [f"> - {markdown_block(item)}" for item in b.items] + [""]
            elif isinstance(b, Table) and not b.rows:
                out += [f"{markdown_block(em(b.caption or 'Table'))} Nothing to show: no game has a result.", ""]
            elif isinstance(b, Table):
                out += [*_md_table(b), ""]
            elif isinstance(b, Figure):
                out += [f"![{markdown(b.plot.caption)}]({image_prefix}{b.plot.path.name})", "",
                        markdown_block(em(b.plot.caption)), ""]
    return "\n".join(out).rstrip() + "\n"


# --- HTML -----------------------------------------------------------------------------------------------------

@cache
def _environment() -> Any:
    """The Jinja2 environment of the page template, made once. Autoescape is on for every variable: text gets its
    markup from the document's structure alone, never from its characters."""
    import jinja2

    return jinja2.Environment(loader=jinja2.PackageLoader("tcgsim.report", "templates"), autoescape=True,
                              undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True,
                              keep_trailing_newline=True)


def _img_src(path: Path) -> str:
    data = base64.b64encode(Path(path).read_bytes()).decode("ascii")
    return f"data:image/png;base64,{data}"


def to_html(doc: Document) -> str:
    """The document as one self-contained HTML page (templates/report.html.j2): styles inline, plots embedded as
    data URIs, a small script that marks each image as loaded or broken (data-loaded) for the browser test."""
    html: str = _environment().get_template(TEMPLATE).render(doc=doc, img_src=_img_src)
    return html
