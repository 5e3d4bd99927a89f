"""The 補完 phase and the 補完ステージ (docs/rules/eva.md "⑤ 補完フェイズ and the 補完ステージ", EVA-HOKAN-1..9,
EVA-WIN-1, -5; I-HOKAN): the 補完 level's rise and the offer to declare, then the stage's rounds of 求 and 傷,
the players barred, the win and the failed stage. The declaration itself (`Declare`) is dispatched in game.py.
"""

from __future__ import annotations

from tcgsim.games.eva.cards import CHAR_NAMES, Mark, distinct
from tcgsim.games.eva.effects import holds
from tcgsim.games.eva.fields import EvaFields
from tcgsim.games.eva.state import Choice, ChoiceKind, WinReason


class HokanRules(EvaFields):
    """The 補完 phase and stage, mixed into `EvaState`."""

    def _hokan_phase(self) -> None:
        """EVA-HOKAN-1..3 (I-HOKAN): one level at most, then the declaration."""
        seat = self.active
        p = self.players[seat]
        if p.out or p.hokan < 0:
            self.turn_done = True
            return
        card = self.cards[p.hokan]
        if p.level < 2:
            cond = card.lv1 if p.level == 0 else card.lv2
            assert cond is not None
            if holds(cond, self.board(seat), card.hokan_char):
                p.level += 1
                self.record("hokan", seat, "level", card=card.name, level=p.level)
        if p.level >= 2 and not self.down[card.hokan_char]:
            self.pending.append(Choice(ChoiceKind.DECLARE, seat))
        else:
            self.turn_done = True

    def stage_cards(self, seat: int) -> list[int]:
        """補完ステージ: the cards `seat` may use now (EVA-HOKAN-4..6: only the mark aimed at the character)."""
        st = self.stage
        assert st is not None
        kind = Mark.SEEK if seat == st.declarer else Mark.HURT
        return [u for u in distinct(self.players[seat].hand, self.cards) if self.cards[u].mark_for(kind, st.character)]

    def _stage_auto(self) -> bool:
        """Steps of the stage nobody decides; False when a player must choose."""
        st = self.stage
        assert st is not None
        if st.seeking:
            if self.stage_cards(st.declarer):
                return False
            self._stage_fail()
            return True
        while st.queue and not self.stage_cards(st.queue[0]):  # EVA-HOKAN-6: could not hurt: barred
            self._bar(st.queue[0])
        if st.queue:
            return False
        if st.hurt:  # EVA-HOKAN-7
            st.seeking = True
            st.hurt = False
            return True
        self.record("stage", st.declarer, "congratulations", character=CHAR_NAMES[st.character])  # EVA-WIN-5
        self._end(st.declarer, WinReason.HOKAN)  # EVA-HOKAN-8
        return True

    def _bar(self, seat: int) -> None:
        st = self.stage
        assert st is not None
        st.queue = st.queue[1:]
        if seat not in st.barred:
            st.barred = (*st.barred, seat)
            self.record("stage", seat, "stage_barred")

    def _stage_fail(self) -> None:
        """EVA-HOKAN-9: the declarer cannot seek: the others draw what they used; the game goes on."""
        st = self.stage
        assert st is not None
        self.record("stage", st.declarer, "stage_fail")
        for q in self.order_from(st.declarer, include=False):
            if st.used[q]:
                got = self._draw(q, st.used[q])
                self.record("stage", q, "draw", count=got, hand=len(self.players[q].hand),
                            deck=len(self.players[q].deck))
        self.stage = None
        self.turn_done = True

    def _stage_play(self, seat: int, uid: int) -> None:
        st = self.stage
        assert st is not None
        p = self.players[seat]
        p.hand.remove(uid)
        p.discard.append(uid)
        self._played(uid)
        st.used[seat] += 1
        name = self.cards[uid].name
        if seat == st.declarer:  # EVA-HOKAN-5
            st.seeking = False
            st.hurt = False
            st.queue = tuple(q for q in self.order_from(seat, include=False) if q not in st.barred)
            self.record("stage", seat, "stage_seek", card=name, character=CHAR_NAMES[st.character])
        else:  # EVA-HOKAN-6
            st.hurt = True
            st.queue = st.queue[1:]
            self.record("stage", seat, "stage_hurt", card=name, character=CHAR_NAMES[st.character])
