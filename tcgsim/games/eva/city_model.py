"""The city as the EVA players model it: pure functions of which characters are down and how they are grouped
(a セリフ's effect on them, who can answer whom, how a group breaks up), shared by both rule sets' players."""

from __future__ import annotations

import functools

from tcgsim.games.eva.cards import EvaCard, Mark, can_reach, city, normalise_groups
from tcgsim.games.eva.effects import Board, Cond, CondKind, group_members, holds


def _hurt(down: list[bool], group: list[int], target: int) -> None:
    if group[target] >= 0:
        group[target] = -1
        normalise_groups(group)
    else:
        down[target] = True


def _seek(down: list[bool], group: list[int], speaker: int, target: int) -> None:
    if down[target]:
        down[target] = False
        return
    if group[speaker] >= 0 and group[speaker] == group[target]:
        return
    ga, gb = group[speaker], group[target]
    new = min(speaker, target) if ga < 0 and gb < 0 else max(ga, gb)
    old = {x for x in (ga, gb) if x >= 0}
    for c in range(len(group)):
        if group[c] in old:
            group[c] = new
    group[speaker] = group[target] = new
    normalise_groups(group)


def _down(down: list[bool], group: list[int], target: int) -> None:
    if group[target] >= 0:
        group[target] = -1
        normalise_groups(group)
    down[target] = True




ADJACENT = city().adjacent
ADJACENT_MASK = tuple(sum(1 << d for d in near) for near in ADJACENT)  # per character, its neighbours as bits


@functools.cache
def reach_masks(group: tuple[int, ...]) -> tuple[int, ...]:
    """Per character c, the characters c may address (I-REACH, `can_reach`) on a city grouped so, as bits.
    A pure function of the grouping (a few hundred in a game), so cached for the process."""
    return tuple(sum(1 << t for t in range(6) if can_reach(ADJACENT, group, c, t)) for c in range(6))


@functools.cache
def leave_group(group: tuple[int, ...], c: int) -> tuple[int, ...]:
    """The grouping once c leaves its group (normalised); pure, cached for the process."""
    out = list(group)
    out[c] = -1
    normalise_groups(out)
    return tuple(out)


@functools.cache
def serif_result(kind: Mark, speaker: int, target: int, down: tuple[bool, ...],
                 group: tuple[int, ...]) -> tuple[tuple[bool, ...], tuple[int, ...]]:
    """(down, group) once a セリフ's ▲ / ● by `speaker` at `target` resolves, protection aside; pure, cached."""
    d = list(down)
    g = list(group)
    if kind is Mark.HURT:
        _hurt(d, g, target)
    else:
        _seek(d, g, speaker, target)
    return tuple(d), tuple(g)


# ------------------------------------------------------------------------------------------ 補完 progress
# How near a player is to its 補完: the styles score positions with it, and the rules report it as a tempo figure
# (turn.py), so the search player's learned evaluation reads the same measure.

READY = 8.0  # a 補完 card that may declare at its owner's next 補完 phase (level 2, or LV2 met at level 1: I-HOKAN)


def _partial(cond: Cond, board: Board, char: int) -> float:
    """How near a condition is, in [0, 1) (1 would be: it holds)."""
    if holds(cond, board, char):
        return 1.0
    k = cond.kind
    c = cond.character if cond.character >= 0 else char
    if k is CondKind.GROUPED_WITH:
        label = board.group[c]
        if label < 0:
            return 0.1 * sum(1 for o in cond.characters if not board.down[o])
        return 0.5 * sum(1 for o in cond.characters if board.group[o] == label) / max(1, len(cond.characters))
    if k is CondKind.GROUP_SIZE:
        return 0.6 * (group_members(board.group, c) - 1) / max(1, cond.count - 1)
    if k is CondKind.DOWNED_COUNT:
        return 0.6 * sum(board.down) / max(1, cond.count)
    if k in (CondKind.ANGELS_DEFEATED,):
        return 0.6 * board.angels_defeated / max(1, cond.count)
    if k is CondKind.PUT_UNDER:
        kind, index = cond.place
        under = board.under_char if kind == "character" else board.under_eva
        return 0.6 * under[index] / max(1, cond.count)
    if k is CondKind.HAND_AT_LEAST:
        return 0.6 * board.hand / max(1, cond.count)
    if k is CondKind.ALL_OF:
        return sum(_partial(p, board, char) for p in cond.parts) / max(1, len(cond.parts)) * 0.9
    return 0.0


def ready(card: EvaCard, level: int, board: Board) -> bool:
    """The 補完 card may declare at its owner's next 補完 phase: level 2, or its LV2 condition met at level 1 (a
    level reached in that phase may declare at once, I-HOKAN), and its character up (EVA-HOKAN-3)."""
    if board.down[card.hokan_char]:
        return False
    if level == 2:
        return True
    return level == 1 and card.lv2 is not None and holds(card.lv2, board, card.hokan_char)


def hokan_value(card: EvaCard, level: int, board: Board) -> float:
    """How far a player is on its 補完 card: 10 a level, how near the next condition is, and READY more when it
    may declare at its next 補完 phase (a cliff: the stage is then one turn away)."""
    char = card.hokan_char
    value = 10.0 * level
    if level < 2:
        cond = card.lv1 if level == 0 else card.lv2
        assert cond is not None
        value += 6.0 * _partial(cond, board, char)
    if board.down[char]:
        value -= 3.0 + 3.0 * level
    elif ready(card, level, board):
        value += READY
    return value
