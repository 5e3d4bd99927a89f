"""Synthetic result stores (docs/results.md) for the report tests and the report benchmark.

`write_store` writes a valid run folder from hand-made rows, with the contract's column types; `synthetic_run`
generates a plausible run of any size (vectorised numpy: a 10,000-game store takes about a second).
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

GAMES_TYPES: dict[str, str] = {
    "game_id": "int64", "run_seed": "int64", "game_seed": "int64", "matchup_id": "int32", "matchup": "string",
    "pair": "int32", "rotation": "int32", "game": "string", "n_players": "int8",
    **{f"deck_{i}": "string" for i in range(4)}, **{f"ai_{i}": "string" for i in range(4)},
    "winner_seat": "Int8", "winner_deck": "string", "reason": "string", "turns": "int32", "decisions": "int32",
    "error": "string",
}
CARDS_TYPES: dict[str, str] = {
    "game_id": "int64", "seat": "int8", "deck": "string", "card_id": "string", "card_name": "string",
    "copies": "int16", "in_opening_hand": "int16", "drawn": "int16", "played": "int16",
    "first_turn_played": "Int32", "result": "string",
}


def games_frame(rows: Sequence[Any], game: str = "mana", run_seed: int = 7) -> pd.DataFrame:
    """A games table from minimal rows: each needs decks (list of keys, seat order), winner (seat or None),
    reason and turns; everything else is filled in (ids, matchup names, ai 'scripted', pair and rotation 0)."""
    out = []
    for i, row in enumerate(rows):
        decks = list(row["decks"])
        winner = row.get("winner")
        rec: dict[str, Any] = {
            "game_id": i, "run_seed": run_seed, "game_seed": 1000 + i, "matchup_id": row.get("matchup_id", 0),
            "matchup": row.get("matchup", " vs ".join(decks)),
            "pair": row.get("pair", i), "rotation": row.get("rotation", 0), "game": game,
            "n_players": len(decks), "winner_seat": winner,
            "winner_deck": None if winner is None else decks[winner], "reason": row["reason"],
            "turns": row["turns"], "decisions": row.get("decisions", 10 * row["turns"]),
            "error": row.get("error", "RuntimeError: boom" if row["reason"] == "error" else None),
        }
        for s in range(4):
            rec[f"deck_{s}"] = decks[s] if s < len(decks) else None
            rec[f"ai_{s}"] = row.get("ai", ["scripted"] * len(decks))[s] if s < len(decks) else None
        out.append(rec)
    return _typed(pd.DataFrame(out, columns=list(GAMES_TYPES)), GAMES_TYPES)


def cards_frame(rows: Sequence[Mapping[str, Any]]) -> pd.DataFrame:
    """A cards table from rows with game_id, seat, deck, card_id, drawn, result (and optional fields)."""
    out = []
    for row in rows:
        played = row.get("played", 0)
        out.append({
            "game_id": row["game_id"], "seat": row.get("seat", 0), "deck": row["deck"], "card_id": row["card_id"],
            "card_name": row.get("card_name", row["card_id"]), "copies": row.get("copies", 1),
            "in_opening_hand": row.get("in_opening_hand", 0), "drawn": row["drawn"], "played": played,
            "first_turn_played": row.get("first_turn_played", 3 if played else None), "result": row["result"],
        })
    return _typed(pd.DataFrame(out, columns=list(CARDS_TYPES)), CARDS_TYPES)


def _typed(frame: pd.DataFrame, types: Mapping[str, str]) -> pd.DataFrame:
    return frame.astype({k: v for k, v in types.items() if k in frame.columns})


def write_store(run_dir: Path, games: pd.DataFrame, tempo: pd.DataFrame | None = None,
                cards: pd.DataFrame | None = None, meta: Mapping[str, Any] | None = None) -> Path:
    """Write a run folder: games.parquet, tempo.parquet, cards.parquet and run.json."""
    run_dir.mkdir(parents=True, exist_ok=True)
    games.to_parquet(run_dir / "games.parquet", index=False)
    if tempo is not None:
        tempo.to_parquet(run_dir / "tempo.parquet", index=False)
    if cards is not None:
        cards.to_parquet(run_dir / "cards.parquet", index=False)
    if meta is not None:
        (run_dir / "run.json").write_text(json.dumps(meta, indent=2), encoding="utf-8")
    return run_dir


MANA_METRICS = ("mana", "available", "lands", "hand", "party", "characters_left", "monsters", "occupied")
MANA_REASONS = ("mana_12", "party_routed", "lands_9", "deck_out")


def synthetic_run(run_dir: Path, games: int = 200, decks: Sequence[str] = ("Firestorm", "Floodwater"),
                  n_players: int = 2, seed: int = 0, cards_per_deck: int = 16, card_ids: Sequence[str] = (),
                  error_rate: float = 0.005, draw_rate: float = 0.03) -> Path:
    """Write a plausible run of about `games` games: every matchup of `len(decks)` choose `n_players` decks,
    pairs played in every seat rotation. Decks differ in strength, the first seat has a small edge, a few cards
    per deck help when drawn and one hurts, wins come by a deck-specific mix of the mana win reasons."""
    rng = np.random.default_rng(seed)
    deck_list = list(decks)
    k = len(deck_list)
    matchups = list(itertools.combinations(range(k), n_players))
    pairs = max(1, games // (len(matchups) * n_players))
    strength = np.linspace(0.6, -0.6, k)
    reason_mix = rng.dirichlet(np.ones(len(MANA_REASONS)) * 0.8, size=k)

    # deck lists: cards_per_deck cards each, copies 1-4, one card shared by all decks
    pool = list(card_ids) or [f"M-{i:03d}" for i in range(1, 151)]
    deck_cards: list[list[tuple[str, int, float]]] = []
    for _ in range(k):
        chosen = [pool[0], *rng.choice(pool[1:], size=cards_per_deck - 1, replace=False)]
        effect = np.zeros(cards_per_deck)
        effect[1:4] = [0.5, 0.3, 0.2]
        effect[4] = -0.4
        copies = rng.integers(1, 5, size=cards_per_deck)
        deck_cards.append([(str(c), int(n), float(e)) for c, n, e in zip(chosen, copies, effect, strict=True)])

    seats_deck = []  # per game, deck index per seat
    meta_rows = []
    for m, combo in enumerate(matchups):
        for p in range(pairs):
            for r in range(n_players):
                order = [combo[(s + r) % n_players] for s in range(n_players)]
                seats_deck.append(order)
                meta_rows.append((m, p, r))
    seat_deck = np.array(seats_deck)  # (G, n)
    g_count = len(seat_deck)
    mids = np.array(meta_rows)

    # cards: drawn copies per game-seat-card; quality from strength, seat and drawn cards
    n_cards = cards_per_deck
    copies = np.array([[c[1] for c in deck_cards[d]] for d in range(k)])  # (k, C)
    effects = np.array([[c[2] for c in deck_cards[d]] for d in range(k)])
    cp = copies[seat_deck]  # (G, n, C)
    drawn = rng.binomial(cp, 0.45)
    opening = rng.binomial(drawn, 0.4)
    played = rng.binomial(drawn, 0.7)
    quality = strength[seat_deck] + (effects[seat_deck] * (drawn > 0)).sum(axis=2)
    quality[:, 0] += 0.15  # first-seat edge
    logits = quality + rng.gumbel(size=quality.shape)
    winner = logits.argmax(axis=1)
    u = rng.random(g_count)
    is_error = u < error_rate
    is_draw = (u >= error_rate) & (u < error_rate + draw_rate)
    win_deck = seat_deck[np.arange(g_count), winner]
    cum = reason_mix[win_deck].cumsum(axis=1)
    reason_idx = (rng.random(g_count)[:, None] > cum).sum(axis=1).clip(0, len(MANA_REASONS) - 1)
    reasons = np.array(MANA_REASONS)[reason_idx].astype(object)
    base_turn = np.array([20, 28, 16, 50])[reason_idx]
    turns = np.clip(base_turn + rng.normal(0, 5, g_count).round().astype(int), 4, 79)
    reasons[is_draw] = "turn_limit"
    turns[is_draw] = 80
    reasons[is_error] = "error"
    turns[is_error] = rng.integers(1, 30, size=int(is_error.sum()))
    winner_seat = pd.array(np.where(is_draw | is_error, -1, winner), dtype="Int8")
    winner_seat[(is_draw | is_error)] = pd.NA

    names = np.array(deck_list, dtype=object)
    games_df = pd.DataFrame({
        "game_id": np.arange(g_count), "run_seed": seed, "game_seed": rng.integers(0, 2**62, g_count),
        "matchup_id": mids[:, 0], "matchup": [" vs ".join(names[list(matchups[m])]) for m in mids[:, 0]],
        "pair": mids[:, 1], "rotation": mids[:, 2], "game": "mana" if n_players == 2 else "eva",
        "n_players": n_players,
    })
    for s in range(4):
        games_df[f"deck_{s}"] = names[seat_deck[:, s]] if s < n_players else None
        games_df[f"ai_{s}"] = "scripted" if s < n_players else None
    games_df["winner_seat"] = winner_seat
    games_df["winner_deck"] = np.where(is_draw | is_error, None, names[win_deck])
    games_df["reason"] = reasons
    games_df["turns"] = turns
    games_df["decisions"] = turns * 9
    games_df["error"] = pd.Series(["RuntimeError: synthetic failure" if e else None for e in is_error], dtype=object)
    games_df = _typed(games_df, GAMES_TYPES)

    # per seat result
    seat_idx = np.arange(n_players)[None, :]
    result = np.where(is_error[:, None], "error", np.where(is_draw[:, None], "draw",
                      np.where(winner[:, None] == seat_idx, "win", "loss")))

    # tempo: every turn 1..turns, every seat
    t_g = np.repeat(np.arange(g_count), turns)
    t_turn = np.concatenate([np.arange(1, t + 1) for t in turns]) if g_count else np.array([], dtype=int)
    rows_g = np.repeat(t_g, n_players)
    rows_turn = np.repeat(t_turn, n_players)
    rows_seat = np.tile(np.arange(n_players), len(t_g))
    rows_deck = seat_deck[rows_g, rows_seat]
    growth = 0.25 + 0.08 * strength[rows_deck]
    noise = rng.normal(0, 0.6, len(rows_g))
    tempo_df = pd.DataFrame({"game_id": rows_g.astype("int64"), "turn": rows_turn.astype("int32"),
                             "seat": rows_seat.astype("int8"), "deck": names[rows_deck]})
    tempo_df["mana"] = np.clip(growth * rows_turn + noise, 0, 12).round()
    tempo_df["available"] = np.clip(tempo_df["mana"] - rng.integers(0, 3, len(rows_g)), 0, None)
    tempo_df["lands"] = np.clip(np.floor(rows_turn / (2.5 - strength[rows_deck])), 0, 9)
    tempo_df["hand"] = rng.integers(2, 8, len(rows_g)).astype(float)
    tempo_df["party"] = np.clip(3 - rows_turn // 15, 0, 3).astype(float)
    tempo_df["characters_left"] = np.clip(8 - rows_turn // 8, 0, 8).astype(float)
    tempo_df["monsters"] = rng.integers(0, 4, len(rows_g)).astype(float)
    tempo_df["occupied"] = rng.integers(0, 2, len(rows_g)).astype(float)
    tempo_df = tempo_df.astype({"deck": "string"})

    # cards: one row per game, seat and card
    grid = np.meshgrid(np.arange(g_count), np.arange(n_players), np.arange(n_cards), indexing="ij")
    gi, si, ci = (a.ravel() for a in grid)
    d_of = seat_deck[gi, si]
    ids = np.array([[c[0] for c in deck_cards[d]] for d in range(k)], dtype=object)
    first = np.where(played[gi, si, ci] > 0, rng.integers(1, 20, len(gi)), -1)
    cards_df = pd.DataFrame({
        "game_id": gi, "seat": si, "deck": names[d_of], "card_id": ids[d_of, ci],
        "card_name": ["Card " + str(c) for c in ids[d_of, ci]], "copies": cp[gi, si, ci],
        "in_opening_hand": opening[gi, si, ci], "drawn": drawn[gi, si, ci], "played": played[gi, si, ci],
        "first_turn_played": pd.array(np.where(first < 0, 0, first), dtype="Int32"),
        "result": result[gi, si],
    })
    cards_df.loc[first < 0, "first_turn_played"] = pd.NA
    cards_df = _typed(cards_df.sort_values(["game_id", "seat", "card_id"], kind="stable"), CARDS_TYPES)

    meta = {
        "command": ["tcgsim", "matchups" if len(matchups) > 1 else "simulate",
                    *[f"decks/{d.lower()}.yaml" for d in deck_list], "--games", str(games), "--seed", str(seed)],
        "seed": seed,
        "decks": [{"key": d, "name": d, "path": f"decks/{d.lower()}.yaml", "sha256": "0" * 64,
                   "game": "mana" if n_players == 2 else "eva", "plan": f"The plan of {d}."} for d in deck_list],
        "agents": {d: "scripted" for d in deck_list},
        "versions": {"tcgsim": "0.1.0"},
    }
    return write_store(run_dir, games_df, tempo_df.reset_index(drop=True), cards_df.reset_index(drop=True), meta)
