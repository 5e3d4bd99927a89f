"""The phases that draw, and the end of a turn (docs/rules/eva.md "① 第1ドローフェイズ", "④ 第2ドローフェイズ",
EVA-HOKAN-10): turning the city face up, the first draw and put cards' first-draw triggers, drawing (a 使徒
drawn enters the city at once, EVA-DRAW1-3), the draw points and sliding put cards under (EVA-DRAW2-1..5,
I-PUT), and passing the turn with its tempo metrics. The order of the phases is game.py (`EvaState._advance`,
`_close_window`), what may be spoken in their windows speak.py; dropping out and the last player, game.py's win
checks (`_drop`, `_check_survivors`).
"""

from __future__ import annotations

from tcgsim.engine import TempoMetric, Termination
from tcgsim.games.eva.cards import CHAR_NAMES, EVA_NAMES, N_CHARS, N_EVAS, EvaCard, Kind, Mark
from tcgsim.games.eva.city_model import hokan_value, ready
from tcgsim.games.eva.effects import CHAR_INDEX, Verb
from tcgsim.games.eva.fields import EvaFields
from tcgsim.games.eva.options import DeckOutReading
from tcgsim.games.eva.state import Choice, ChoiceKind, Phase, Spoken, Window, WindowKind

FIRST_DRAW = 1  # EVA-DRAW1-3: 手番プレイヤーのみ山札からカードを1枚引く
REI = CHAR_INDEX["rei"]  # EVA-DRAW1-2: 綾波レイ recovers in the first draw phase

TEMPO = (
    TempoMetric("hand", "cards in hand at the end of the turn"),
    TempoMetric("deck", "cards left in the deck"),
    TempoMetric("level", "補完 level (0: LV1 side up, 1: LV2 side up, 2: sideways)"),
    TempoMetric("spoken", "cards the player spoke this turn (counters included)"),
    TempoMetric("downed", "main characters downed"),
    TempoMetric("grouped", "main characters in a group"),
    TempoMetric("angels_defeated", "使徒 defeated so far (by anyone)"),
    TempoMetric("out", "1 once the player has dropped out"),
    TempoMetric("progress", "how near the 補完 card is: 1 a level, the next condition's nearness, 0.8 more when it "
                            "may declare at the next 補完 phase, less with its character down (the styles' measure)"),
    TempoMetric("seek_cards", "cards in hand with a 求 for the player's own 補完 character (the stage's ammunition)"),
    TempoMetric("hurt_cards", "cards in hand with a 傷 for another player's 補完 character (answers to its stage)"),
    TempoMetric("stage_edge", "when the player may declare at its next 補完 phase: its 求 cards for its character "
                              "less the most 傷 cards for it that one other player holds (0 when it may not)"),
)


class TurnRules(EvaFields):
    """The draw phases and the end of the turn, mixed into `EvaState`."""

    def _draw(self, seat: int, n: int) -> int:
        """Draw n cards (fewer if the deck runs out); a 使徒 drawn goes to the city at once (EVA-DRAW1-3)."""
        p = self.players[seat]
        drawn = 0
        for _ in range(n):
            if not p.deck:
                break
            uid = p.deck.pop()
            drawn += 1
            if self.hand_turn[uid] < 0:
                self.hand_turn[uid] = self.turn
            if self.cards[uid].kind is Kind.ANGEL:
                self._angel_arrives(uid)
            else:
                p.hand.append(uid)
        return drawn

    def _angel_arrives(self, uid: int) -> None:
        """EVA-DRAW1-3, EVA-CARD-6: face up if the city holds no 使徒, else face down under the queue."""
        self._played(uid)
        card = self.cards[uid]
        if self.angel < 0 and not self.angel_queue:
            self.angel = uid
            self.record(self._phase_name(), self.owner[uid], "angel_arrives", card=card.name,
                        strength=card.strength, how="face up")
        else:
            self.angel_queue.append(uid)
            self.record(self._phase_name(), self.owner[uid], "angel_arrives", card="a 使徒",
                        strength="?", how="face down, queued")

    def _start_turn(self) -> None:
        """① 第1ドローフェイズ up to its speaking window (EVA-DRAW1-1..4)."""
        if self.turn >= self.game.options.turn_limit:  # I-LIMIT: `turn_limit` turns were played (and recorded)
            self._end(None, Termination.TURN_LIMIT)
            return
        self.turn += 1
        self._enter(Phase.DRAW1)
        seat = self.active
        p = self.players[seat]
        if self.angel < 0 and self.angel_queue:  # EVA-DRAW1-3: the next queued 使徒 turns face up
            self.angel = self.angel_queue.pop(0)
            card = self.cards[self.angel]
            self.record("draw1", None, "angel_up", card=card.name, strength=card.strength)
        revived = [EVA_NAMES[e] for e in range(N_EVAS) if self.eva_down[e]]
        self.eva_down = [False] * N_EVAS  # EVA-DRAW1-1
        if self.game.options.rei_recovers and self.down[REI]:  # EVA-DRAW1-2
            self.down[REI] = False
            revived.append(CHAR_NAMES[REI])
        self.record("draw1", seat, "turn_start", hand=len(p.hand), deck=len(p.deck), recovered=revived)
        if not p.deck:  # EVA-DRAW1-4
            self._drop(seat, "cannot draw")
            self._check_survivors()
            self.turn_done = True
            return
        self._draw(seat, FIRST_DRAW)
        self.record("draw1", seat, "draw", count=FIRST_DRAW, hand=len(p.hand), deck=len(p.deck))
        for c in range(N_CHARS):  # put cards with a first-draw trigger, the turn player's own
            for uid in list(self.under_char[c]):
                if self.owner[uid] != seat:
                    continue
                for e in self.cards[uid].effects:
                    if e.when == "draw1" and e.verb is Verb.DRAW and self._holds(e, seat):
                        got = self._draw(seat, e.amount)
                        self.record("draw1", seat, "effect", card=self.cards[uid].name, text=f"draws {got}")
        self.window = Window(WindowKind.DRAW1, self.order_from(seat))  # EVA-DRAW1-5

    def _end_turn(self) -> None:
        """EVA-HOKAN-10: the turn passes clockwise to the next player still in."""
        for seat in range(self.n):
            values = self._tempo_values(seat)
            self.tempo.append((self.turn, seat, values))
            if self.events is not None:
                self.record("end", seat, "tempo", **dict(zip([m.name for m in TEMPO], values, strict=True)))
        self.record("end", self.active, "turn_end")
        for sp in self.spoken:  # normally empty: the 第2ドローフェイズ cleared it
            self._to_discard(sp.uid)
        self.spoken = []
        self.speak_count = [0] * N_CHARS
        self.protect_turn = [False] * N_CHARS
        self.tally = [[0] * 7 for _ in range(self.n)]
        self.starved = [False] * self.n
        self.window = None
        self.offer = None
        self.battle = None
        self.stage = None
        self.draw2 = []
        self.turn_done = False
        nxt = self.order_from(self.active, include=False)
        if nxt:
            self.active = nxt[0]
        self._start_turn()

    def _tempo_values(self, seat: int) -> tuple[float, ...]:
        p = self.players[seat]
        progress = 0.0
        seek = hurt = edge = 0
        if p.hokan >= 0 and not p.out:
            card = self.cards[p.hokan]
            board = self.board(seat)
            progress = hokan_value(card, p.level, board) / 10.0  # in levels
            rivals = [self.cards[q.hokan].hokan_char for s, q in enumerate(self.players)
                      if s != seat and not q.out and q.hokan >= 0]
            for uid in p.hand:
                c = self.cards[uid]
                seek += c.mark_for(Mark.SEEK, card.hokan_char)
                hurt += any(c.mark_for(Mark.HURT, ch) for ch in rivals)
            if ready(card, p.level, board):
                char = card.hokan_char
                answers = max((sum(self.cards[u].mark_for(Mark.HURT, char) for u in q.hand)
                               for s, q in enumerate(self.players) if s != seat and not q.out), default=0)
                edge = seek - answers
        return (len(p.hand), len(p.deck), p.level, sum(self.tally[seat]), sum(self.down),
                sum(1 for g in self.group if g >= 0), self.angels_defeated, int(p.out), progress, seek, hurt, edge)

    def _draw2_step(self) -> None:
        """EVA-DRAW2-1..3 for the next player in line; then EVA-DRAW2-5, -6."""
        if not self.draw2:
            empty_deck = self.game.options.deck_out is DeckOutReading.EMPTY  # I-DRAW
            for seat in self.alive():  # EVA-DRAW2-5
                p = self.players[seat]
                if not p.hand or self.starved[seat] or (empty_deck and not p.deck):
                    self._drop(seat, "empty hand" if not p.hand else "cannot draw")
            self._check_survivors()
            if self._outcome is None:
                if self.last_stand or self.players[self.active].out:
                    self.turn_done = True
                else:
                    self._enter(Phase.HOKAN)
            return
        seat, step = self.draw2[0]
        p = self.players[seat]
        mine = [sp for sp in self.spoken if sp.owner == seat]
        if step == 0:
            points = sum(self.cards[sp.uid].draw_points for sp in mine)  # EVA-COUNTER-4: cancelled count too
            self.draw2[0] = (seat, 1)
            if points > 0:
                got = self._draw(seat, points)
                self.starved[seat] = got < points
                self.record("draw2", seat, "draw2", points=points, what=f"draws {got}")
            elif points < 0:
                n = min(-points, len(p.hand))
                self.record("draw2", seat, "draw2", points=points, what=f"discards {n}")
                if n:
                    self.pending.append(Choice(ChoiceKind.DISCARD, seat, n))
            else:
                self.record("draw2", seat, "draw2_zero", points=0)
            return
        self.draw2.pop(0)
        for sp in mine:  # EVA-DRAW2-3, I-PUT
            self.spoken.remove(sp)
            card = self.cards[sp.uid]
            # EVA-DRAW2-3: only a put-type card spoken on its card side goes under; its セリフ side is a セリフ
            place = self._slide_under(sp, card) if card.is_put and not sp.serif and not sp.cancelled else None
            if place is None:
                self._to_discard(sp.uid)
            else:
                self.record("draw2", seat, "put_under", card=card.name, place=place)

    def _slide_under(self, sp: Spoken, card: EvaCard) -> str | None:
        """The put-type card goes under its target, if it still may (else None: it is discarded)."""
        if card.kind is Kind.CHARACTER:
            self.under_char[card.put_char].append(sp.uid)
            return CHAR_NAMES[card.put_char]
        e = sp.target
        if card.kind is Kind.EVA or card.target_kind == "eva":
            if e < 0 or self.eva_down[e]:
                return None
            if card.weapon is not None:
                used = sum(1 for u in self.under_eva[e] if self.cards[u].weapon is not None)
                if used >= self.weapon_slots(e):
                    return None
            self.under_eva[e].append(sp.uid)
            return EVA_NAMES[e]
        if e < 0:
            return None
        self.under_char[e].append(sp.uid)
        return CHAR_NAMES[e]
