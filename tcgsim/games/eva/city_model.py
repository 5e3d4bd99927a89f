"""The city as the EVA players model it: pure functions of which characters are down and how they are grouped
(a セリフ's effect on them, who can answer whom, how a group breaks up), shared by both rule sets' players."""

from __future__ import annotations

import functools

from tcgsim.games.eva.cards import Mark, can_reach, city, normalise_groups


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
