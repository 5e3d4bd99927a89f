"""The Legends of GODZILLA 怪獣大戦: the game (`GzGame`) and a game in progress (`GzState`): setup of the state,
the engine contract (clone, signature, hidden-card resampling, card locations...), the loop that runs the phase
machine, and the dispatch of actions and decisions.

Rule ids (GZ-...) refer to docs/rules/godzilla.md, which cites the seed for each and lists every interpretation
(GZ-INT-n); each of its sections names the module that implements it. The numbers the seed leaves open are the
fields of `GzOptions` (options.py) and the module constants at the top of each area module (setup.py, bases.py,
turn.py, winning.py), so each can be changed in one place.

`GzState` is made of one mixin per rule area, each a class of methods in the module named after its docs
section: `WinRules` (winning.py), `SetupRules` (setup.py), `TurnRules` (turn.py), `CounterRules` (counters.py),
`ControlRules` (control.py), `EvolutionRules` (evolution.py), `BaseRules` (bases.py), `MonsterRules`
(monsters.py), `EventRules` (events.py), `OperationRules` (operations.py), `BattleRules` (battle.py),
`FieldRules` (field.py) and `EffectRules` (card_effects.py). They share the state's attributes, declared for the type
checker by `GzStateFields` (state.py); what a player may see is `GzView` (view.py).

How the engine runs: the turn is a small phase machine (`Phase`); everything that happens inside a phase and may
need a decision of either player (paying a cost, a counter window, relief, battle choices, rebellion ties,
evolution...) is a job on a stack (`J` in state.py). `_advance()` runs automatic jobs until a decision is due; a
decision with a single legal answer is taken at once (it is not an agent's choice and is not logged: a replay
reaches it the same way).
"""
from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from typing import Any, ClassVar

from tcgsim.cards import load_pool
from tcgsim.decks import Deck, card_lists
from tcgsim.engine import CardUse, Game, GameOptions, IllegalAction, Outcome, State, TempoMetric, card_uses
from tcgsim.games.godzilla import actions as A
from tcgsim.games.godzilla.bases import BaseRules
from tcgsim.games.godzilla.battle import BattleRules
from tcgsim.games.godzilla.card_effects import EffectRules
from tcgsim.games.godzilla.cards import GzCard, Kind, gz_cards
from tcgsim.games.godzilla.control import ControlRules
from tcgsim.games.godzilla.counters import CounterRules
from tcgsim.games.godzilla.events import EventRules
from tcgsim.games.godzilla.evolution import EvolutionRules
from tcgsim.games.godzilla.field import FieldRules
from tcgsim.games.godzilla.monsters import MonsterRules
from tcgsim.games.godzilla.operations import OperationRules
from tcgsim.games.godzilla.options import BattleCards, FirstPlayer, GzOptions
from tcgsim.games.godzilla.setup import SetupRules
from tcgsim.games.godzilla.state import DECISIONS, FIXUPS, OPWIN_REVEALED, Battle, J, Phase, Player, _opp
from tcgsim.games.godzilla.turn import TEMPO, TurnRules
from tcgsim.games.godzilla.view import GzView
from tcgsim.games.godzilla.winning import WinReason, WinRules

# The game's contract (tcgsim.engine): the Game and State classes, the options, the win reasons, the tempo
# metrics, the event texts of `tcgsim play`.
__all__ = ["EVENT_TEXT", "GAME", "GzGame", "GzOptions", "GzState", "TEMPO", "WinReason"]



_PASS = A.Pass()
_NO_RELIEF = A.Relieve(-1)
_DRAW_MAIN = A.Draw(False)
_DRAW_BATTLE = A.Draw(True)


class GzGame(Game):
    """Two decks (main, battle, stock), a seed and options: everything that does not change during a game."""

    key: ClassVar[str] = "godzilla"
    tempo_metrics: ClassVar[tuple[TempoMetric, ...]] = TEMPO
    options_class: ClassVar[type[GameOptions]] = GzOptions
    # a turn's attacks and the opponent's relief and counters all fall inside it, and the evaluation reads the bases
    # and monsters left: against builder, 4 worlds, 200 games, horizon 1 64.5% (57.7-70.8) at 148x the style's
    # cost, horizon 2 66.5% (59.7-72.7) at 271x (docs/ai.md)
    search_horizon: ClassVar[int] = 1
    # 2 sampled worlds a decision: 74.0% of 200 games against builder at 72x its cost, where 1 world scored 70.5% at
    # 46x, 3.5 points under it on the same deals in two runs (`python -m tests.strength godzilla --games 200
    # --agent search:N`, docs/ai.md); 4 scored 75.0% at 124x where 2 scored 70.0%, no gain the games could show
    search_worlds: ClassVar[int] = 2
    options: GzOptions

    def __init__(self, decks: Sequence[Deck], seed: int, options: GzOptions | None = None,
                 deals: Sequence[int] | None = None, deal_round: int = 0) -> None:
        super().__init__(decks, seed, options or GzOptions(), deals, deal_round)
        records = gz_cards()
        cards: list[GzCard] = []
        owners: list[int] = []
        self.section_uids: list[dict[str, list[int]]] = []
        for seat, deck in enumerate(self.decks):
            lists = card_lists(deck, load_pool("godzilla"))
            sections: dict[str, list[int]] = {}
            for section in ("main", "battle", "stock"):
                uids = []
                for card_id in lists.get(section, []):
                    uids.append(len(cards))
                    cards.append(records[card_id])
                    owners.append(seat)
                sections[section] = uids
            self.section_uids.append(sections)
        self.cards: tuple[GzCard, ...] = tuple(cards)
        self.owner: tuple[int, ...] = tuple(owners)

    def new_initial_state(self, record_events: bool = False) -> GzState:
        return GzState(self, record_events)

    def action_from_json(self, data: Mapping[str, Any]) -> A.GzAction:
        return A.action_from_json(data)


class GzState(
    WinRules,
    SetupRules,
    TurnRules,
    CounterRules,
    ControlRules,
    EvolutionRules,
    BaseRules,
    MonsterRules,
    EventRules,
    OperationRules,
    BattleRules,
    FieldRules,
    EffectRules,
    State,
):
    """A GODZILLA game in progress. The rules live in the area mixins (see the module docstring); this class holds
    the state's fields, the engine contract, the loop and the dispatch. The mixins define no field and no
    `__init__`, and no two of them share a method name, so each name resolves to exactly one definition."""

    game: GzGame

    def __init__(self, game: GzGame, record_events: bool = False, _blank: bool = False) -> None:
        self.game = game
        self.cards = game.cards
        self.opts = game.options
        if _blank:
            return
        self._reset(record_events)
        fp = self.opts.first_player  # GZ-SETUP-1
        # the table's first draw, from the game seed alone: the same seat in every rotation of a pair
        self.first = self.rng.randrange(2) if fp is FirstPlayer.RANDOM else int(fp is FirstPlayer.SEAT1)
        self.first_seat = self.first
        self.active = self.actor = self.first
        for seat in (0, 1):
            p = self.players[seat]
            sections = game.section_uids[seat]
            p.deck = list(reversed(sections["main"]))  # searched in list order before the shuffle (GZ-INT-14)
            p.bdeck = list(sections["battle"])
            p.stock = list(sections["stock"])
        self.record("setup", self.first, "setup", first=self.first)
        self._advance()

    def _reset(self, record_events: bool = False) -> None:
        """Every field of a state, empty: no card anywhere yet (the constructor and test positions fill it)."""
        game = self.game
        self._seed_rngs()  # the table's generator and each deck's (engine.State.deck_rng)
        self.first = 0
        self.players = [Player(), Player()]
        self.turn = 0
        self.active = 0
        self.actor = 0  # who places in the setup phases
        self.phase = Phase.FIRST_BASE
        self.jobs: list[tuple[Any, ...]] = []
        self.chain: list[tuple[int, int, int]] = []  # cards being played: (uid, player, target)
        self.battle: Battle | None = None
        self.attacks: list[tuple[int, int, int]] = []  # (attacker mid, site, relief mid or -1)
        self.envs: list[int] = []  # 環境 events in play (both players)
        self.limbo: list[int] = []  # persons waiting for their escape (GZ-INT-11)
        self.next_id = 1
        self.moved_persons: list[int] = []
        self.turn_mods: list[tuple[int, str, int]] = []  # (monster or site id, stat, amount) for this turn
        self.draws_left = 0
        self.initial_done = [False, False]
        self.dirty = False  # control or rebellion may have changed: check rebellion (GZ-CTRL-3)
        self.rebel_active = False
        self.win_dirty = False
        self._outcome: Outcome | None = None
        self.action_log: list[Any] = []
        self.events = [] if record_events else None
        self.tempo: list[tuple[int, int, tuple[float, ...]]] = []
        self._legal: list[Any] | None = None
        n = len(game.cards)
        self.hand_turn = [-1] * n
        self.played_turn = [-1] * n

    # ------------------------------------------------------------------------------------------ contract

    @property
    def current_player(self) -> int:
        jobs = self.jobs
        if jobs and jobs[-1][0] in DECISIONS:
            return int(jobs[-1][1])
        if self.phase <= Phase.PREGAME:
            return self.actor
        if self.phase is Phase.DRAW:
            return self._drawer()  # GZ-INT-2: the other player draws too
        return self.active

    def clone(self) -> GzState:
        s = GzState.__new__(GzState)  # no __init__: every field is set here
        s.game = self.game
        s.cards = self.cards
        s.opts = self.opts
        self._share_rng(s)  # both copy it before their next draw (engine.State.rng)
        s.first = self.first
        s.first_seat = self.first_seat
        s.players = [p.copy() for p in self.players]
        s.turn = self.turn
        s.active = self.active
        s.actor = self.actor
        s.phase = self.phase
        s.jobs = list(self.jobs)
        s.chain = list(self.chain)
        s.battle = self.battle.copy() if self.battle is not None else None
        s.attacks = list(self.attacks)
        s.envs = list(self.envs)
        s.limbo = list(self.limbo)
        s.next_id = self.next_id
        s.moved_persons = list(self.moved_persons)
        s.turn_mods = list(self.turn_mods)
        s.draws_left = self.draws_left
        s.initial_done = list(self.initial_done)
        s.dirty = self.dirty
        s.rebel_active = self.rebel_active
        s.win_dirty = self.win_dirty
        s._outcome = self._outcome
        s.action_log = list(self.action_log)
        s.events = list(self.events) if self.events is not None else None
        s.tempo = list(self.tempo)
        s._legal = self._legal  # the same position: its legal list is shared (never mutated by its readers)
        s.hand_turn = list(self.hand_turn)
        s.played_turn = list(self.played_turn)
        return s

    def signature(self) -> Hashable:
        return (
            tuple(p.sig() for p in self.players), self.first, self.turn, self.active, self.actor, self.phase,
            tuple(self.jobs), tuple(self.chain), self.battle.sig() if self.battle else None, tuple(self.attacks),
            tuple(self.envs), tuple(self.limbo), self.next_id, tuple(self.moved_persons), tuple(self.turn_mods),
            self.draws_left, tuple(self.initial_done), self.dirty, self.rebel_active, self.win_dirty,
            self._outcome, self._rng_states(),  # (reading the states draws nothing: no copy needed)
        )

    def resample_hidden(self, player: int, rng: random.Random) -> GzState:
        """Re-deal what `player` cannot see: the opponent's hand (army and battle cards apart, as the decks they
        were drawn from are seen), decks and face-down bases never seen open (a base card that keeps the field's
        uniqueness, GZ-BASE-9); and the order of the player's own decks. The opponent's stock is left as it is. A
        function of `player`'s view and `rng` alone (every pool is sorted before it is shuffled, and the copy draws
        its own future from `rng`), so a search agent sampling through its view cannot tell apart two states its
        player cannot."""
        s = self.clone()
        them = s.players[_opp(player)]
        cards = self.cards
        hidden_sites = [x for x in them.row if x is not None and x.closed and not x.known]
        army_hand = [u for u in them.hand if cards[u].kind is not Kind.BATTLE]
        battle_hand = [u for u in them.hand if cards[u].kind is Kind.BATTLE]
        pool = sorted(army_hand + them.deck + [x.uid for x in hidden_sites])
        rng.shuffle(pool)
        if hidden_sites:
            shown = {cards[x.uid].id for x in them.row if x is not None and x not in hidden_sites}
            chosen: list[int] = []
            for u in pool:
                c = cards[u]
                if len(chosen) == len(hidden_sites):
                    break
                if c.kind is Kind.BASE and (c.unlimited or c.id not in shown):
                    chosen.append(u)
                    if not c.unlimited:
                        shown.add(c.id)
            if len(chosen) == len(hidden_sites):
                for site, u in zip(hidden_sites, chosen, strict=True):
                    site.uid = u
                taken = set(chosen)
                pool = [u for u in pool if u not in taken]
            else:  # no consistent re-deal found: keep the bases
                kept = {x.uid for x in hidden_sites}
                pool = [u for u in pool if u not in kept]
        bpool = sorted(battle_hand + them.bdeck)
        rng.shuffle(bpool)
        them.hand = pool[: len(army_hand)] + bpool[: len(battle_hand)]
        them.deck = pool[len(army_hand):]
        them.bdeck = bpool[len(battle_hand):]
        if self.phase > Phase.INITIAL:  # before GZ-SETUP-10 the player searches a deck in its known order
            me = s.players[player]
            me.deck = sorted(me.deck)
            me.bdeck = sorted(me.bdeck)
            rng.shuffle(me.deck)
            rng.shuffle(me.bdeck)
        s._reseed_rngs(rng)
        s._legal = None  # the re-dealt cards may change the answers
        return s

    def card_locations(self) -> dict[int, str]:
        where: dict[int, str] = {}

        def put(uid: int, zone: str) -> None:
            if uid in where:
                raise AssertionError(f"card {uid} in both {where[uid]} and {zone}")
            where[uid] = zone

        for seat, p in enumerate(self.players):
            for zone, uids in (("deck", p.deck), ("bdeck", p.bdeck), ("hand", p.hand), ("stock", p.stock),
                               ("dead", p.dead)):
                for uid in uids:
                    put(uid, f"{zone}{seat}")
            for site in p.row:
                if site is not None:
                    put(site.uid, f"base{seat}")
                    for a in site.attached:
                        put(a, f"attached{seat}")
            for m in p.mons:
                put(m.uid, f"monster{seat}")
                for a in m.attached:
                    put(a, f"attached{seat}")
        for uid in self.envs:
            put(uid, "environment")
        for uid, _p, _t in self.chain:
            put(uid, "chain")
        for uid in self.limbo:
            put(uid, "escaping")
        if self.battle is not None:
            for pick in self.battle.picks:
                if pick is not None and pick[0] >= 0:
                    put(pick[0], "battle")
        return where

    def counters(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for seat, p in enumerate(self.players):
            out[f"lost{seat}"] = p.lost
            for site in p.row:
                if site is not None:
                    out[f"damage_site{site.sid}"] = site.damage
            for m in p.mons:
                out[f"damage_monster{m.mid}"] = m.damage
            out[f"control{seat}"] = self.control(seat)
        out["draws_left"] = self.draws_left
        return out

    def view(self, player: int) -> GzView:
        return GzView(self, player)

    def _apply_legal(self, action: Any) -> None:
        self._dispatch(action)
        self._advance()

    def _end_game(self, winner: int | None, reason: Any) -> None:
        self._win(winner, reason)

    def card_usage(self) -> list[CardUse]:
        out: list[CardUse] = []
        ids = [card.id for card in self.cards]
        for seat in (0, 1):
            sections = self.game.section_uids[seat]
            # an evolution target comes from the stock, never the hand: entered play, never played
            uids = (*sections["main"], *sections["battle"], *sections["stock"])
            out.extend(card_uses(seat, ids, uids, self.hand_turn, self.played_turn))
        return out

    def _why_illegal(self, action: Any) -> str:
        if self._outcome is not None:
            return "the game is over"
        if self.jobs and self.jobs[-1][0] in DECISIONS:
            return f"{action} is not an answer to the pending {J(self.jobs[-1][0]).name} decision"
        return f"{action} is not legal in the {self.phase.name} phase of player {self.current_player}"

    # ------------------------------------------------------------------------------------------ the loop

    def _advance(self) -> None:
        """Run everything automatic until a player must decide (with more than one answer) or the game ends."""
        jobs = self.jobs
        while self._outcome is None:
            if self.win_dirty:
                self.win_dirty = False
                self._check_wins()
                continue
            top = jobs[-1] if jobs else None
            if self.dirty and not self.rebel_active and (top is None or top[0] not in FIXUPS):
                self.dirty = False
                for seat in (self.active, _opp(self.active)):
                    if self._rebellion_due(seat):
                        self.rebel_active = True
                        jobs.append((J.REBEL_START, seat))
                        break
                continue
            if top is not None and top[0] not in DECISIONS:
                jobs.pop()
                self._run(top)
                continue
            if top is None and self._phase_step():
                continue
            legal = self._compute_legal()
            if not legal:
                assert top is not None, f"no legal action in phase {self.phase.name}"
                jobs.pop()
                self._job_default(top)
                continue
            if len(legal) == 1:
                self._dispatch(legal[0])
                continue
            self._legal = legal  # kept for legal_actions() (the engine clears it before the next action)
            return
        self._legal = []

    def _phase_step(self) -> bool:
        """Automatic phase transitions; True if something happened (the loop goes round again)."""
        ph = self.phase
        if ph is Phase.DRAW:
            return self._draw_step()
        elif ph is Phase.FIRST_BASE:
            p = self.players[self.actor]
            if not any(self.cards[u].kind is Kind.BASE for u in p.deck):  # an invalid deck: no base at all
                self._next_setup_step()
                return True
        elif ph is Phase.COMBAT:
            raise AssertionError("the combat phase runs on jobs")
        return False

    def _compute_legal(self) -> list[Any]:
        jobs = self.jobs
        if jobs and jobs[-1][0] in DECISIONS:
            return self._job_legal(jobs[-1])
        ph = self.phase
        if ph is Phase.FIRST_BASE:
            return self._first_base_legal()
        if ph is Phase.INITIAL:
            return self._initial_legal()
        if ph is Phase.PREGAME:
            return self._pregame_legal()
        if ph is Phase.DRAW:
            p = self.players[self._drawer()]
            out = []
            if p.deck:
                out.append(_DRAW_MAIN)
            if p.bdeck:
                out.append(_DRAW_BATTLE)
            return out
        if ph is Phase.PLACEMENT:
            return self._placement_legal()
        if ph is Phase.ADVANCE:
            return self._advance_legal()
        return []

    def _dispatch(self, action: Any) -> None:
        jobs = self.jobs
        if jobs and jobs[-1][0] in DECISIONS:
            self._answer(jobs[-1], action)
            return
        t = type(action)
        ph = self.phase
        if ph <= Phase.PREGAME:
            self._setup_action(action)
        elif t is A.Draw:
            seat = self._drawer()
            self._draw(seat, action.battle)
            self.draws_left -= 1
            self.record("draw", seat, "draw", deck="battle" if action.battle else "main",
                        hand=len(self.players[seat].hand))
        elif ph is Phase.PLACEMENT:
            self._placement_action(action)
        elif ph is Phase.ADVANCE:
            self._advance_action(action)
        else:
            raise IllegalAction(f"{action} in phase {ph.name}")

    # ------------------------------------------------------------------------------------------ jobs and decisions

    def _run(self, job: tuple[Any, ...]) -> None:
        k = job[0]
        if k is J.RESOLVE_CHAIN:
            self._resolve_chain()
        elif k is J.BATTLE:
            self._start_battle(job[1])
        elif k is J.RESOLVE_BATTLE:
            self._resolve_battle()
        elif k is J.REBEL_START:
            self._rebel_start(job[1])
        elif k is J.REBEL_DO:
            self._rebel_do(job[1], job[2])
        elif k is J.REBEL_FIGHT:
            self._rebel_fight(job[1], job[2], job[3])
        elif k is J.RETURN:
            self._return_phase()
        elif k is J.END:
            self._end_phase()
        elif k is J.NEXT_TURN:
            self._next_turn()
        else:
            raise AssertionError(k)

    def _job_legal(self, job: tuple[Any, ...]) -> list[Any]:
        k = job[0]
        seat = job[1]
        p = self.players[seat]
        if k is J.PAY:
            return [A.Pay(u) for u in self._distinct(p.hand)]
        if k is J.DISCARD:
            return [A.Discard(u) for u in self._distinct(p.hand)]
        if k is J.COUNTER:
            opts = self._counter_options(seat)
            return [*opts, _PASS] if opts else []
        if k is J.OPWIN:
            if (len(job) < 3 or job[2] == OPWIN_REVEALED) and (self.battle is None or not self._battle_valid()):
                return []
            opts = self._operation_actions(seat)
            return [*opts, _PASS] if opts else []
        if k is J.RELIEF:
            return [*(A.Relieve(mid) for mid in self._relief_options(job[2])), _NO_RELIEF]
        if k is J.FIGHT:
            if self.battle is None or not self._battle_valid():
                return []
            return self._fight_options(job[2])
        if k is J.EVOLVE:
            opts = [A.Evolve(m.mid, u) for m in p.mons if m.hurt and m.evo_turn != self.turn
                    for u in self._evolutions(m)]
            return [*opts, _PASS] if opts else []
        if k is J.EVOLVE_NOW:
            m = self.mon(job[2])
            if m is None or m.evo_turn == self.turn:
                return []
            opts = [A.Evolve(m.mid, u) for u in self._evolutions(m)]
            return [*opts, _PASS] if opts else []
        if k is J.DEVOLVE:
            m = self.mon(job[2])
            if m is None:
                return []
            ids = self.cards[m.uid].devolves_to
            found = [u for u in (*self._distinct(p.hand), *self._distinct(p.stock)) if self.cards[u].id in ids]
            return [*(A.Pick(u) for u in found), A.Pick(-1)]
        if k is J.REBEL_PICK or k is J.REBEL_TARGET:
            return [A.Pick(x) for x in job[-1]]
        if k is J.RELOCATE:
            m = self.mon(job[2])
            if m is None or self.site(m.home) is not None:
                return []
            return [A.Pick(s.sid) for s in p.sites()]
        if k is J.ESCAPE:
            return [A.Pick(x) for x in job[3] if self.mon(x) is not None or self.site(x) is not None]
        if k is J.SPLIT:
            return [A.Split(n) for n in range(job[2] + 1)]
        raise AssertionError(k)

    def _job_default(self, job: tuple[Any, ...]) -> None:
        """A decision with no legal answer left (its subject is gone): what happens without one."""
        k = job[0]
        if k is J.RELOCATE:
            m = self.mon(job[2])
            if m is not None and self.site(m.home) is None:
                self._remove_mon(m, "deck")
        elif k is J.ESCAPE:
            self.limbo.remove(job[2])
            self._to_dead(job[2])
        elif k is J.FIGHT or k is J.OPWIN:
            pass  # the battle was called off

    def _answer(self, job: tuple[Any, ...], action: Any) -> None:
        k = job[0]
        seat = job[1]
        p = self.players[seat]
        jobs = self.jobs
        if k is J.PAY or k is J.DISCARD:
            jobs.pop()
            p.hand.remove(action.card)
            self._to_bottom(action.card)  # GZ-COST-3, GZ-START-3
            self.record(self._phase_name(), seat, "pay" if k is J.PAY else "discard", card=self._name(action.card))
            if job[2] > 1 and p.hand:
                jobs.append((k, seat, job[2] - 1))
        elif k is J.COUNTER:
            jobs.pop()
            if type(action) is A.Counter:
                uid = action.card
                p.hand.remove(uid)
                top = self.cards[self.chain[-1][0]]
                c = self.cards[uid]
                self.chain.append((uid, seat, -1))
                self._played(uid)
                self.record(self._phase_name(), seat, "counter", card=c.name, against=top.name)
                jobs.append((J.COUNTER, _opp(seat)))
                if not self._same_card(c, top) and c.cost:  # GZ-COUNTER-5: the same card is free
                    jobs.append((J.PAY, seat, c.cost))
        elif k is J.OPWIN:
            if type(action) is A.Pass or len(job) > 2:  # a window of one operation (GZ-INT-31) closes
                jobs.pop()
            if type(action) is not A.Pass:
                self._play(seat, action.card, action.target)
        elif k is J.RELIEF:
            jobs.pop()
            i = job[2]
            mid, sid, _r = self.attacks[i]
            self.attacks[i] = (mid, sid, action.monster)
            if action.monster >= 0:
                m = self.mon(action.monster)
                assert m is not None
                m.relieved = True
                self.record("defence", seat, "relief", card=self._name(m.uid), against=self._mon_name(mid))
        elif k is J.FIGHT:
            jobs.pop()
            b = self.battle
            assert b is not None
            if action.card >= 0 and self.opts.battle_cards is BattleCards.IN_TURN:
                self._play_battle_card(seat, action.card, job[2])  # GZ-INT-32: face up, it may be countered
                return
            if action.card >= 0:
                p.hand.remove(action.card)
                self._played(action.card)
            b.picks[job[2]] = (action.card, action.ability)
        elif k is J.EVOLVE or k is J.EVOLVE_NOW:
            if type(action) is A.Pass or k is J.EVOLVE_NOW:
                jobs.pop()
            if type(action) is A.Evolve:
                m = self.mon(action.monster)
                assert m is not None
                self._evolve(m, action.card)
        elif k is J.DEVOLVE:
            jobs.pop()
            m = self.mon(job[2])
            assert m is not None
            self._devolve(m, action.target)
        elif k is J.REBEL_PICK:
            jobs.pop()
            jobs.append((J.REBEL_DO, job[2], action.target))
        elif k is J.REBEL_TARGET:
            jobs.pop()
            jobs.append((J.REBEL_FIGHT, job[2], job[3], action.target))
        elif k is J.RELOCATE:
            jobs.pop()
            m = self.mon(job[2])
            assert m is not None
            m.home = action.target
            self.record(self._phase_name(), seat, "flee", card=self._name(m.uid), to=self._id_name(action.target))
        elif k is J.ESCAPE:
            jobs.pop()
            self.limbo.remove(job[2])
            self._attach(job[2], action.target)
            self.record(self._phase_name(), seat, "escape", card=self._name(job[2]), to=self._id_name(action.target))
        elif k is J.SPLIT:
            jobs.pop()
            parts = job[3]
            first = self.mon(parts[0])
            if first is not None:
                first.damage = action.amount
            left = job[2] - action.amount
            if len(parts) > 2:
                jobs.append((J.SPLIT, seat, left, parts[1:], job[4]))
            else:
                last = self.mon(parts[1])
                if last is not None:
                    last.damage = left
                for mid in job[4]:
                    m = self.mon(mid)
                    if m is not None:
                        self._check_mon(m)
        else:
            raise AssertionError(k)


GAME = GzGame

# How `tcgsim play` words each event (format fields are the event's data, plus {who}: "P1"/"P2").
EVENT_TEXT: dict[str, str] = {
    "setup": "{who} plays first.",
    "first_base": "{who} places the first base {card}, open.",
    "place_base": "{who} places a base: {card}.",
    "initial_done": "{who} ends the initial placement: {bases} bases, {monsters} monsters.",
    "opening_hand": "{who} draws {hand} cards (the second player's hand).",
    "turn_start": "{who} starts the turn: {hand} cards in hand, {open} open bases, control {control}.",
    "draw": "{who} draws from the {deck} deck ({hand} in hand).",
    "open": "{who} opens {card}.",
    "close": "{who} closes {card}.",
    "play": "{who} plays {card} (target {target}).",
    "pay": "{who} pays with a card.",
    "counter": "{who} counters {against} with {card}.",
    "countered": "{who}'s {card} is countered.",
    "battle_card": "{who} plays the battle card {card}.",
    "place_monster": "{who} places {card} on {base}.",
    "attach": "{who} attaches {card} to {to}.",
    "environment": "{who} brings the environment {card} into play.",
    "environment_destroyed": "{who} destroys the environment {card}.",
    "operation": "{who} uses {card} (target {target}).",
    "move_person": "{who} moves {card} to {to}.",
    "move": "{who} moves {card} to {to}.",
    "attack": "{who}'s {card} attacks {target}.",
    "relief": "{who} sends {card} to relieve the base against {against}.",
    "battle": "  Battle: {attacker} ({used}) against {defender} ({answered}): deals {dealt}, takes {taken}.",
    "monster_destroyed": "{who}'s {card} is destroyed.",
    "monster_to_deck": "{who}'s {card} goes to the bottom of the deck.",
    "base_destroyed": "{who}'s base {card} is destroyed ({lost} lost).",
    "flee": "{who}'s {card} flees to {to}.",
    "escape": "{who}'s {card} escapes to {to}.",
    "rebellion": "{who}'s {card} rebels (rebellion {rebellion} over control {control}).",
    "rebel_attack": "  The rebel {card} attacks {target}: deals {dealt}, takes {taken}.",
    "evolve": "{who}'s {card} evolves into {into}.",
    "devolve": "{who}'s {card} devolves into {into}.",
    "fuse": "{who} fuses {parts} into {into}.",
    "separate": "{who} separates {card} into {parts}.",
    "discard": "{who} puts a card at the bottom of the deck.",
    "tempo": "",
    "turn_end": "",
    "game_end": "Game over after {turns} turns: {result}.",
}
