"""The actions an EVA player can take (both the standard rules and the short rule): small frozen dataclasses,
hashable, with a JSON form.

Which are legal is decided by the state's `legal_actions()` (game.py, both rule sets), the one place the rules live.
Cards in hand are named by instance uid; characters and Evas by index (effects.CHARACTERS, effects.EVAS); a
player by seat. Combinatorial choices are sequential: the Evas of a battle are sent out one `Deploy` at a time.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any, ClassVar

from tcgsim.engine import decode_action


@dataclass(frozen=True, slots=True)
class EvaAction:
    kind: ClassVar[str] = "action"

    def to_json(self) -> dict[str, Any]:
        return {"action": self.kind, **asdict(self)}


@dataclass(frozen=True, slots=True)
class Pass(EvaAction):
    """Give up the turn to speak in a speaking window (EVA-TALK-10)."""

    kind: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class Speak(EvaAction):
    """Speak a card from hand. `serif`: its dialogue side, addressed by its mark number `mark` (EVA-SERIF-3/4);
    otherwise its card side, with `target` the chosen character / Eva / seat where the card asks for one."""

    kind: ClassVar[str] = "speak"
    card: int
    serif: bool = False
    mark: int = -1
    target: int = -1


_SPEAKS: dict[tuple[int, bool, int, int], Speak] = {}


def speak(card: int, serif: bool = False, mark: int = -1, target: int = -1) -> Speak:
    """The Speak action with these fields, shared: actions are immutable, and every legal list builds the same few
    hundred again and again (building a frozen dataclass costs about ten dictionary lookups). The fields are
    small ints (uids, mark numbers, targets), so the table stays small."""
    key = (card, serif, mark, target)
    found = _SPEAKS.get(key)
    if found is None:
        found = _SPEAKS[key] = Speak(card, serif, mark, target)
    return found


@dataclass(frozen=True, slots=True)
class Counter(EvaAction):
    """Answer the card being spoken with a <対抗> (EVA-COUNTER): a card-side counter or a counter セリフ."""

    kind: ClassVar[str] = "counter"
    card: int


@dataclass(frozen=True, slots=True)
class Decline(EvaAction):
    """Let the card being spoken resolve (no <対抗>)."""

    kind: ClassVar[str] = "decline"


@dataclass(frozen=True, slots=True)
class Deploy(EvaAction):
    """Battle (1): send one more main Eva into the battle (EVA-BATTLE-3)."""

    kind: ClassVar[str] = "deploy"
    eva: int


@dataclass(frozen=True, slots=True)
class Launch(EvaAction):
    """Battle (1): the Evas chosen so far fight (none at all: the battle is lost)."""

    kind: ClassVar[str] = "launch"


@dataclass(frozen=True, slots=True)
class Discard(EvaAction):
    """Discard a card of one's choice (a negative draw-point sum, EVA-DRAW2-2)."""

    kind: ClassVar[str] = "discard"
    card: int


@dataclass(frozen=True, slots=True)
class Take(EvaAction):
    """Take a card to hand (recover: from the discard pile; tutor: from the deck); -1 stops."""

    kind: ClassVar[str] = "take"
    card: int


@dataclass(frozen=True, slots=True)
class Declare(EvaAction):
    """補完フェイズ: declare 補完 (EVA-HOKAN-3), or not."""

    kind: ClassVar[str] = "declare"
    yes: bool


@dataclass(frozen=True, slots=True)
class StagePlay(EvaAction):
    """補完ステージ: a 求 セリフ (the declarer) or a 傷 セリフ (the others) aimed at the character."""

    kind: ClassVar[str] = "stage_play"
    card: int


@dataclass(frozen=True, slots=True)
class StagePass(EvaAction):
    """補完ステージ: speak nothing (the declarer gives up; another player is barred for the stage)."""

    kind: ClassVar[str] = "stage_pass"


@dataclass(frozen=True, slots=True)
class PassDiscard(EvaAction):
    """Short rule: say 「パス」, discarding this card from hand (-1: the hand is empty)."""

    kind: ClassVar[str] = "pass_discard"
    card: int


ACTION_TYPES: dict[str, type[EvaAction]] = {
    cls.kind: cls
    for cls in (Pass, Speak, Counter, Decline, Deploy, Launch, Discard, Take, Declare, StagePlay, StagePass,
                PassDiscard)
}


def action_from_json(data: Mapping[str, Any]) -> EvaAction:
    action: EvaAction = decode_action(ACTION_TYPES, data)
    return action
