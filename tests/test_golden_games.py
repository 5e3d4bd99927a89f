"""Fixed-seed scripted games of every game key replay exactly as recorded (tests/golden.py says how to record
them again after a deliberate change of rules or AI). A reorganisation or a speed change must keep them."""

from __future__ import annotations

import pytest

from tests.golden import KEYS, differences


@pytest.mark.parametrize("key", KEYS)
def test_recorded_games_replay_identically(key: str) -> None:
    assert differences((key,)) == []
