"""Scripted GODZILLA players. Each style is a subclass that changes class-level weights; all decide from `GzView`
alone (what their player may see) and break ties with the seeded generator they are handed.

- `builder`: the base builder. Lays out as many bases as it can at the start, places a base every turn and opens
  it the next, guards them with monsters placed within its control, relieves every threatened base, and races to
  8 open bases (GZ-WIN-3); it attacks only where a base falls, until that race is lost (its row and the bases it
  may still field fall short of 8): then it attacks as the aggressor does.
- `aggressor`: the base breaker. Opens with strong monsters within its control, evolves them, and sends every
  awake monster at the enemy base it can destroy soonest (closed bases first: 0/0/5), to reach 4 destroyed bases
  (GZ-WIN-1) or leave no open enemy base (GZ-WIN-2).

Every score is a float; the action with the highest wins (0 = ending the step, passing).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

from tcgsim.cards import on_pool_change
from tcgsim.engine import best_scored
from tcgsim.games.godzilla import actions as A
from tcgsim.games.godzilla.cards import GzCard, Kind
from tcgsim.games.godzilla.effects import ALL, Verb
from tcgsim.games.godzilla.field import FLYING
from tcgsim.games.godzilla.field_ai import FieldJudgement
from tcgsim.games.godzilla.rules import WIN_OPEN_BASES, fieldable_bases
from tcgsim.games.godzilla.state import J, Mon, Phase
from tcgsim.games.godzilla.view import GzView, SiteView


class ScriptedAgent(FieldJudgement):
    """The shared judgement; styles tune the weights. Where monsters and persons stand (moves, fusion,
    separation) is judged in field_ai.py."""

    name: ClassVar[str] = "scripted"
    setup_bases: ClassVar[int] = 4  # bases wanted in the initial placement (the first included)
    base_weight: ClassVar[float] = 6.0  # appetite for placing and opening bases
    attack_weight: ClassVar[float] = 1.0  # appetite for attacking
    attack_floor: ClassVar[float] = 1.0  # an attack must be worth this much
    keep_guards: ClassVar[int] = 0  # monsters kept home (awake, for relief) when attacking
    # the part of a guarding style's attack_floor that stands for the guard an attacker stops being (it sleeps
    # through the opponent's turn, GZ-INT-24: asleep, it cannot relieve); a wake operation in hand gives it back
    guard_cost: ClassVar[float] = 1.0
    battle_draws: ClassVar[int] = 2  # battle cards wanted in hand

    def __init__(self) -> None:
        # Facts worked out once per decision: each depends on the position alone, not on the candidate being
        # scored, and the position does not change while we choose. `choose` empties them all before scoring
        # (that is what invalidates them); each is filled by the first scorer that needs it.
        self._sites: dict[int, tuple[float, float, float, list[tuple[float, float, float, float]], int]] = {}
        self._plan: tuple[int, dict[int, list[float]], dict[int, int]] | None = None
        self._mons: dict[int, tuple[float, float, float, float]] = {}
        self._room: int | None = None
        self._hand: list[tuple[int, GzCard]] | None = None
        self._site_views: dict[int, list[SiteView]] = {}
        self._placed: set[str] | None = None
        self._mon_index: dict[int, Mon] | None = None  # every monster on the field by id
        self._crowd: dict[int, int] | None = None  # our monsters per own base
        self._rules: dict[int, tuple[int | None, int]] = {}  # (control, rebellion) by seat
        self._place_mode: int | None = None  # PlaceMonster's base part: _IN_TURN, _BASES_FIRST or _OPENING
        self._placing: dict[int, tuple[float, tuple[bool, bool] | None]] = {}  # PlaceMonster's card part
        self._relief_pool: list[tuple[float, float, float, float]] | None = None  # relievers, relief=any
        self._fresh: int | None = None  # our monsters free to attack (awake, open, not attacking)
        self._movers: dict[int, tuple[GzCard, bool, int]] = {}  # _move's part that depends on the monster alone
        self._want_battle: bool | None = None  # whether we would rather draw a battle card
        self._spare: dict[tuple[int, int], float] = {}  # _spare_value by (cost, the card kept back)
        self._targets: dict[int, tuple[float, float, float, tuple[float, float, float, float] | None, int]] = {}
        self._base_heads: dict[int, tuple[float, bool]] = {}  # PlaceBase's part that depends on the card alone
        self._env_gains: dict[str, float] = {}  # _environment_gain by card id
        self._users: int | None = None  # attributes of our monsters, field and hand (battle cards, GZ-BATTLE-6)
        self._base_users: int | None = None  # attributes of our open bases that may use battle cards (GZ-BATTLE-4)
        self._place_reach: dict[tuple[tuple[bool, bool], int], int] = {}  # enemy bases reached, by (how, site)
        self._forms: list[GzCard] | None = None  # the fused forms we hold (hand, stock)
        self._ready: dict[int, list[tuple[Mon, str]]] | None = None  # our monsters ready to fuse, by base
        self._threat_power: float | None = None  # the strongest enemy monster's power in a battle
        self._person_here: dict[int, float] = {}  # what a person of ours gives where it stands
        self._recovery_by_card: dict[str, dict[int, int]] = {}  # a monster's recovery on each of our bases
        self._recovery_phase: tuple[int, Phase] = (-1, Phase.OVER)  # the advance phase it holds for
        self._wake_held: bool | None = None
        self._hand_battle: tuple[dict[str, bool], float] | None = None  # _hand_battle_facts
        self._race: bool | None = None  # _race_lost

    def choose(self, view: GzView, legal: Sequence[Any], rng: random.Random) -> Any:
        return best_scored(legal, self.scores(view, legal), rng)

    def scores(self, view: GzView, legal: Sequence[Any]) -> list[float]:
        """Every legal action's score (the best is played)."""
        self._sites.clear()
        self._mons.clear()
        self._site_views.clear()
        self._room = None
        self._hand = None
        self._placed = None
        self._plan = None
        self._mon_index = None
        self._crowd = None
        self._rules.clear()
        self._place_mode = None
        self._placing.clear()
        self._relief_pool = None
        self._fresh = None
        self._movers.clear()
        self._want_battle = None
        self._spare.clear()
        self._targets.clear()
        self._base_heads.clear()
        self._env_gains.clear()
        self._users = None
        self._base_users = None
        if self._place_reach:
            self._place_reach.clear()
        self._forms = None
        self._ready = None
        self._threat_power = None
        if self._person_here:
            self._person_here.clear()
        self._wake_held = None
        self._hand_battle = None
        self._race = None
        scorers = _SCORERS
        return [scorers[type(a)](self, view, a) for a in legal]

    def _mon(self, view: GzView, mid: int) -> Mon | None:
        """`view.mon`, from an index of the field built once per decision."""
        index = self._mon_index
        if index is None:
            index = self._mon_index = {m.mid: m for seat in (0, 1) for m in view.monsters(seat)}
        return index.get(mid)

    # ------------------------------------------------------------------------------------------ judgement

    @staticmethod
    def monster_value(c: GzCard) -> float:
        return c.power + 0.7 * c.defense + 0.4 * c.health + 0.5 * len(c.abilities)

    def sites(self, view: GzView, seat: int) -> list[SiteView]:
        found = self._site_views.get(seat)
        if found is None:
            found = self._site_views[seat] = view.sites(seat)
        return found

    def card_keep_value(self, view: GzView, c: GzCard) -> float:
        """How much a hand card is worth keeping (the cheapest pays costs and goes at the hand limit)."""
        if c.kind is Kind.BASE:
            if self._placed is None:
                self._placed = {s.card.id for s in self.sites(view, view.player) if s.card is not None}
            if not c.unlimited and c.id in self._placed:
                return 0.0
            return 3.0 + self.base_weight * 0.5
        if c.kind is Kind.MONSTER:
            return 1.0 + 0.3 * self.monster_value(c) if not c.blue else 0.5 + 0.2 * self.monster_value(c)
        if c.kind is Kind.BATTLE:
            facts = self._hand_battle
            if facts is None:
                facts = self._hand_battle_facts(view)
            usable = facts[0].get(c.id)
            if not (self._usable(view, c) if usable is None else usable):
                return 0.5  # nothing of ours can use it (GZ-BATTLE-6): the first to pay a cost with
            value = _battle_keep(c)
            return value if value >= facts[1] else 1.0  # below the floor: more than we can fight with
        if c.kind is Kind.OPERATION:
            return 2.5 if c.counter else 2.0
        return 1.5

    def _usable(self, view: GzView, c: GzCard) -> bool:
        """Whether a battle card has a user of ours: it must share an attribute (GZ-BATTLE-6) with one of our
        monsters on the field or red ones in hand (placeable in a coming placement phase), or with one of our open
        bases that may use battle cards (GZ-BATTLE-4; looked at only for a card no monster can use)."""
        users = self._users
        if users is None:
            users = 0
            for m in view.monsters(view.player):
                mc = view.card(m.uid)
                if mc is not None:
                    users |= mc.attrs
            for _u, h in self._hand_pairs(view):
                if h.kind is Kind.MONSTER and not h.blue:
                    users |= h.attrs
            self._users = users
        if c.attrs & users:
            return True
        bases = self._base_users
        if bases is None:
            bases = 0
            for x in self.sites(view, view.player):
                if x.card is not None and x.card.battle_cards and not x.closed:
                    bases |= x.card.attrs
            self._base_users = bases
        return bool(c.attrs & bases)

    def _hand_battle_facts(self, view: GzView) -> tuple[dict[str, bool], float]:
        """Our battle cards in hand, once per decision: (whether each can be used, by card id, `_usable`; the
        floor: the keep value of the weakest usable one our monsters would still fight with). One card a battle
        and each monster fights once a turn (GZ-INT-3), so the usable cards beyond one per monster, the weakest
        first, are spare (`_draw` stops drawing them at the same count)."""
        usable: dict[str, bool] = {}
        values = []
        for _u, c in self._hand_pairs(view):
            if c.kind is Kind.BATTLE:
                ok = usable.get(c.id)
                if ok is None:
                    ok = usable[c.id] = self._usable(view, c)
                if ok:
                    values.append(_battle_keep(c))
        values.sort(reverse=True)
        fighters = max(1, len(view.monsters(view.player)))  # with none yet, the first one placed
        found = self._hand_battle = (usable, values[fighters - 1] if fighters < len(values) else -1.0)
        return found

    def _hand_pairs(self, view: GzView) -> list[tuple[int, GzCard]]:
        if self._hand is None:
            self._hand = [(u, c) for u in view.hand() if (c := view.card(u)) is not None]
        return self._hand

    def _hand_cards(self, view: GzView) -> list[GzCard]:
        return [c for _u, c in self._hand_pairs(view)]

    def _spare_value(self, view: GzView, cost: int, exclude: int) -> float:
        """What paying a cost of `cost` cards would throw away: the cheapest hand cards but `exclude`."""
        if cost <= 0:
            return 0.0
        key = (cost, exclude)
        found = self._spare.get(key)
        if found is None:
            values = sorted(self.card_keep_value(view, c) for u, c in self._hand_pairs(view) if u != exclude)
            found = self._spare[key] = sum(values[:cost])
        return found

    def _control_room(self, view: GzView) -> int:
        if self._room is None:
            control, rebellion = self._rule(view, view.player)
            self._room = (control if control is not None else 0) - rebellion
        return self._room

    def _rule(self, view: GzView, seat: int) -> tuple[int | None, int]:
        """(total control, None if hidden; total rebellion) of a player."""
        found = self._rules.get(seat)
        if found is None:
            found = self._rules[seat] = (view.control(seat), view.rebellion(seat))
        return found

    def _mon_facts(self, view: GzView, m: Mon) -> tuple[float, float, float, float]:
        """(attack power with the best bonus, defense, health left, value) of one of our monsters."""
        found = self._mons.get(m.mid)
        if found is None:
            c = view.card(m.uid)
            power, defense, health = view.mstats(m)
            found = self._mons[m.mid] = (power + self._battle_bonus(view, m, True), float(defense),
                                         float(health - m.damage), self.monster_value(c) if c is not None else 0.0)
        return found

    def _site_facts(self, view: GzView, sid: int) -> tuple[float, float, float, list[tuple[float, float, float, float]],
                                                           int]:
        """(defense, power, health left, likely relievers as (power, defense, health left, value), is open) of an
        enemy base."""
        found = self._sites.get(sid)
        if found is None:
            sv = next((x for x in self.sites(view, 1 - view.player) if x.sid == sid), None)
            damage = sv.damage if sv is not None else 0
            anywhere = view.relief_anywhere()  # then the same monsters may relieve every base
            relievers = self._relief_pool if anywhere else None
            if relievers is None:
                relievers = []
                for r in self._relievers(view, sid):
                    rc = view.card(r.uid)
                    r_pow, r_def, r_health = view.mstats(r)
                    relievers.append((float(r_pow), float(r_def), float(r_health - r.damage),
                                      self.monster_value(rc) if rc is not None else 0.0))
                relievers.sort(key=lambda x: -x[0])
                if anywhere:
                    self._relief_pool = relievers
            power, defense, health = view.site_stats(sid)
            found = self._sites[sid] = (float(defense), float(power), float(health - damage), relievers,
                                        int(sv is not None and not sv.closed))
        return found

    def _planned(self, view: GzView) -> tuple[int, dict[int, list[float]], dict[int, int]]:
        """Our attacks declared so far this turn: (how many, attackers' powers per attacked site, attacks per
        site)."""
        if self._plan is None:
            power: dict[int, list[float]] = {}
            count: dict[int, int] = {}
            earlier = view.attacks()
            for att, s, _r in earlier:
                other = view.mon(att)
                if other is not None:
                    power.setdefault(s, []).append(float(view.mstat(other, "power")))
                count[s] = count.get(s, 0) + 1
            self._plan = (len(earlier), power, count)
        return self._plan

    def _battle_bonus(self, view: GzView, m: Mon, attacking: bool) -> float:
        """The best power (attacking) or defense (defending) bonus the monster can give itself now."""
        c = view.card(m.uid)
        if c is None:
            return 0.0
        best = 0.0
        room = view.mstat(m, "health") - m.damage
        for ab in c.abilities:
            if (ab.attack if attacking else ab.defense) and ab.health_cost < room:
                best = max(best, _ability_bonus(c, ab.index))
        if m.owner == view.player:
            for _u, b in self._hand_pairs(view):
                if b.kind is not Kind.BATTLE or not b.attrs & c.attrs:
                    continue
                value = _side_bonus(b, attacking)
                if value is not None:
                    best = max(best, value)
        else:
            best = max(best, 1.5)  # an enemy's unknown hand: about one card's worth
        return best

    def _relievers(self, view: GzView, sid: int) -> list[Mon]:
        enemy = 1 - view.player
        anywhere = view.relief_anywhere()
        near = () if anywhere else {sid, *view.adjacent(sid)}
        out = []
        for m in view.monsters(enemy):
            c = view.card(m.uid)
            if c is None or m.asleep or m.closed or m.relieved or m.at >= 0:
                continue
            if anywhere or m.home in near or c.range_any:
                out.append(m)
        return out

    # ------------------------------------------------------------------------------------------ setup

    def _place_base(self, view: GzView, action: A.PlaceBase) -> float:
        head = self._base_heads.get(action.card)  # one card is offered in several slots: its part once
        if head is None:
            head = self._base_heads[action.card] = self._place_base_card(view, action.card)
        value, guarded = head
        if guarded:
            value += 0.5 * self._guards_next_to(view, action.slot)  # it enters closed (0/0/5): guard it
        return value

    def _place_base_card(self, view: GzView, uid: int) -> tuple[float, bool]:
        """PlaceBase's score before the slot: (the score, whether the guards next to the slot count)."""
        c = view.card(uid)
        if c is None:
            return -1.0, False
        mine = self.sites(view, view.player)
        if view.phase is Phase.INITIAL and len(mine) >= self.setup_bases:
            return -0.5, False
        fit = sum(1 for u in view.hand() if (h := view.card(u)) is not None and h.kind is Kind.MONSTER
                  and h.attrs & c.attrs)
        value = self.base_weight + 0.6 * c.control + 0.2 * c.health + 0.3 * fit
        return value, view.phase is Phase.PLACEMENT or view.phase is Phase.PREGAME

    def _guards_next_to(self, view: GzView, slot: int) -> int:
        """Own awake monsters that could relieve a base placed at `slot` (an end of the row or a ruin)."""
        mine = self.sites(view, view.player)
        if not mine:
            return 0
        if view.relief_anywhere():  # GZ-INT-24: every awake, open monster may relieve it
            return sum(1 for m in view.monsters(view.player) if not m.closed)
        if slot == A.LEFT:
            near = {mine[0].sid}
        elif slot == A.RIGHT:
            near = {mine[-1].sid}
        else:
            near = {s.sid for s in mine if abs(s.index - slot) == 1}
        return sum(1 for m in view.monsters(view.player) if m.home in near and not m.closed
                   or (c := view.card(m.uid)) is not None and c.range_any)

    def _place_monster(self, view: GzView, action: A.PlaceMonster) -> float:
        head = self._placing.get(action.card)  # one card is offered on several bases: its part once
        if head is None:
            head = self._placing[action.card] = self._place_monster_card(view, action.card)
        value, moves = head
        if moves is None:
            return value
        crowd = self._crowd
        if crowd is None:
            crowd = self._crowd = {}
            for m in view.monsters(view.player):
                crowd[m.home] = crowd.get(m.home, 0) + 1
        value -= 0.3 * crowd.get(action.site, 0)
        c = view.card(action.card)
        if c is not None:
            value += self._placement_pull(view, c, action.site)
        mode = self._place_mode
        if mode is None:
            phase = view.phase
            mode = self._place_mode = _IN_TURN if phase is Phase.PLACEMENT else _BASES_FIRST \
                if phase is Phase.INITIAL and len(self.sites(view, view.player)) < self.setup_bases else _OPENING
        if mode == _IN_TURN:
            return value
        if mode == _BASES_FIRST:
            return value - 3.0  # bases first: they bring the control
        # the opening (GZ-SETUP-7, GZ-SETUP-14): where a monster stands decides which enemy bases it may attack
        # (GZ-INT-33), and the first turns' attacks come from there (in the game, a monster placed in the
        # placement phase may still move in the advance phase that follows, where `_move` weighs its reach)
        key = (moves, -1 if moves[0] else action.site)  # range any: every enemy base from anywhere
        reach = self._place_reach.get(key)
        if reach is None:
            reach = self._place_reach[key] = len(view.reach(Mon(-1, action.card, view.player, action.site),
                                                            action.site))
        return value + 0.15 * self.attack_weight * reach

    def _place_monster_card(self, view: GzView, uid: int) -> tuple[float, tuple[bool, bool] | None]:
        """PlaceMonster's score before the base: (the final score, None) if the card alone decides it, else (the
        score before the base's part, how the card reaches: range any, flying). The base's part: the crowd on
        it, the setup's bases-first penalty, and the enemy bases the card reaches from it (GZ-INT-33), the same
        for every card that reaches alike (`_place_reach`)."""
        c = view.card(uid)
        if c is None:
            return -1.0, None
        if c.rebellion > self._control_room(view):
            return -5.0, None  # it would rebel (GZ-CTRL-3)
        return 3.0 + 0.3 * self.monster_value(c), (c.range_any, c.movement == FLYING)

    def _end_placement(self, view: GzView, action: Any) -> float:
        return 0.0

    # ------------------------------------------------------------------------------------------ turn

    def _draw(self, view: GzView, action: A.Draw) -> float:
        """A battle card while we hold fewer usable ones than our monsters can fight with (one card a battle,
        GZ-INT-3, and each monster fights once a turn), up to the style's appetite; else a main-deck card (the
        bases, monsters and events that make the battle cards usable). A battle card no monster of ours shares
        an attribute with (GZ-BATTLE-6) does not count: it fights no battle."""
        want_battle = self._want_battle
        if want_battle is None:
            wanted = min(self.battle_draws, len(view.monsters(view.player)))
            usable = 0
            if wanted > 0:
                for _u, c in self._hand_pairs(view):
                    if c.kind is Kind.BATTLE and self._usable(view, c):
                        usable += 1
                        if usable >= wanted:
                            break
            want_battle = self._want_battle = usable < wanted
        return 1.0 if action.battle == want_battle else 0.5

    def _open(self, view: GzView, action: A.Open) -> float:
        m = self._mon(view, action.target)
        if m is not None:  # a weapon back in service once repaired
            return 1.0 if m.damage == 0 else -1.0
        return self.base_weight  # GZ-WIN-3 counts open bases; open ones also hold monsters

    def _close(self, view: GzView, action: A.Close) -> float:
        m = self._mon(view, action.target)
        if m is not None:  # a damaged weapon recovers only while closed (GZ-MON-15)
            health = view.mstat(m, "health")
            return 1.5 if m.damage * 2 >= health and m.damage < health else -1.0
        return -20.0  # never: closing bases hands the opponent GZ-WIN-2

    def _environment_gain(self, view: GzView, c: GzCard) -> float:
        """What an environment's modifiers give our monsters less what they give the enemy's."""
        found = self._env_gains.get(c.id)
        if found is None:
            found = 0.0
            for e in c.effects:
                if e.verb is Verb.MODIFY:
                    for seat, side in ((view.player, 1), (1 - view.player, -1)):
                        for x in view.monsters(seat):
                            xc = view.card(x.uid)
                            if xc is not None and (not e.attr or xc.attrs & e.attr):
                                found += side * e.amount
            self._env_gains[c.id] = found
        return found

    def _event_value(self, view: GzView, c: GzCard, target: int, lasting: bool = False) -> float:
        """What the event gives attached to `target` (for an environment: placed, destroying `target`). With
        `lasting`, only what it gives while it stays there (a person moving or escaping, GZ-EVENT-5: its
        effects of the moment it is played do not happen again)."""
        m = self._mon(view, target)
        value = 0.0
        if c.subtype == "environment":
            value = self._environment_gain(view, c)
            if target >= 0:
                old = view.card(target)
                if old is not None:
                    value -= 0.5 * self._event_value(view, old, -1)
            return value
        if m is None:  # a base attachment
            return sum(e.amount * 0.5 for e in c.effects if e.verb is Verb.MODIFY)
        mc = view.card(m.uid)
        if mc is None:
            return 0.0
        sign = 1.0 if m.owner == view.player else -1.0
        for e in c.effects:
            if e.attr and not mc.attrs & e.attr or e.species and mc.species != e.species:
                continue
            if lasting and e.timing == "on_play" and e.verb is not Verb.MODIFY:
                continue
            if e.verb is Verb.MODIFY:
                if e.stat == "rebellion":
                    if m.owner == view.player:
                        value += -e.amount * 0.5
                    else:
                        control, rebellion = self._rule(view, m.owner)
                        excess = rebellion + e.amount - (control if control is not None else 99)
                        value += 3.0 if excess > 0 else 0.3 * e.amount
                        sign = 1.0
                else:
                    value += sign * e.amount * (1.0 if e.stat in ("power", "defense") else 0.5)
            elif e.verb is Verb.HEAL:  # more on a monster that has damage to remove
                value += (0.8 + 0.8 * min(e.amount, m.damage)) * sign
            elif e.verb is Verb.EVOLVE_NOW:
                value += 2.0 if mc.evolves_to and m.owner == view.player else 0.0
        return value

    def _play_event(self, view: GzView, action: A.PlayEvent) -> float:
        c = view.card(action.card)
        if c is None:
            return -1.0
        value = self._event_value(view, c, action.target)
        if value <= 0:
            return -1.0
        return value - 0.6 * self._spare_value(view, c.cost, action.card) + 0.5

    def _op_value(self, view: GzView, c: GzCard, target: int) -> float:
        value = 0.0
        m = self._mon(view, target)
        for e in c.effects:
            v = e.verb
            if v is Verb.DRAW:
                value += 1.2 * e.amount
            elif v is Verb.DISCARD:
                value += 0.8 * min(e.amount, view.hand_size(1 - view.player))
            elif m is not None:
                mc = view.card(m.uid)
                if mc is None:
                    continue
                worth = 0.5 * self.monster_value(mc) + (1.5 if m.at >= 0 else 0.0)
                left = view.mstat(m, "health") - m.damage
                if v is Verb.DAMAGE:
                    value += worth if e.amount >= left else worth * e.amount / max(left, 1) * 0.6
                elif v in (Verb.DESTROY, Verb.BOUNCE):
                    value += worth
                elif v is Verb.DEVOLVE:
                    value += worth * (0.5 if mc.devolves_to else 1.0)
                elif v is Verb.SLEEP:
                    value += (3.0 if m.at >= 0 else 0.5) if not m.asleep else -1.0
                elif v is Verb.WAKE:
                    value += self._wake_value(view, m)
                elif v is Verb.EVOLVE_NOW:
                    value += 3.0
            elif v is Verb.HEAL and target >= 0:
                s = next((x for x in self.sites(view, view.player) if x.sid == target), None)
                value += min(e.amount, s.damage) * 1.0 if s is not None else 0.0
        return value

    def _wake_value(self, view: GzView, m: Mon) -> float:
        """What standing our sleeping monster up gives now (GZ-STATE-1; asleep, it can neither attack nor relieve,
        and ours wake only at the start of our turn): an attack, in our advance phase; a guard for the opponent's
        next turn, during our battles (an attacker that has fought, or a monster an enemy operation put to
        sleep); a relief, in the opponent's turn before its attacks are assigned. Nothing at any other time (the
        reliefs of the opponent's battles are already assigned), nor for a monster already awake."""
        if not m.asleep or m.closed or m.owner != view.player:
            return -1.0
        phase = view.phase
        if view.active == view.player:
            useful = phase is Phase.ADVANCE or phase is Phase.COMBAT
        else:
            useful = (phase is Phase.PLACEMENT or phase is Phase.ADVANCE) and not m.relieved
        return 1.5 if useful else -1.0

    def _use_operation(self, view: GzView, action: A.UseOperation) -> float:
        c = view.card(action.card)
        if c is None:
            return -1.0
        value = self._op_value(view, c, action.target)
        if value <= 0.5:
            return -1.0
        return value - 0.5 * self._spare_value(view, c.cost, action.card)

    def _attack(self, view: GzView, action: A.Attack) -> float:
        m = self._mon(view, action.monster)
        if m is None:
            return -1.0
        fresh = self._fresh
        if fresh is None:
            fresh = self._fresh = sum(1 for x in view.monsters(view.player)
                                      if not x.asleep and not x.closed and x.at < 0)
        # Once it can no longer keep 8 open bases (GZ-WIN-3, `_race_lost`), destroying bases (GZ-WIN-1, GZ-WIN-2)
        # is every style's only way to win, so it attacks with the aggressor's settings. Without this, two builders
        # whose spare bases all duplicate bases in their rows (GZ-BASE-9) guard 7 open bases each until the turn
        # cap (issue 17's stall, game 50 of seed 17).
        style = Aggressor if self._race_lost(view) else self
        weight, floor, guards = style.attack_weight, style.attack_floor, style.keep_guards
        if fresh <= guards:
            return -1.0
        target = self._targets.get(action.site)
        if target is None:
            target = self._targets[action.site] = self._attack_target(view, action.site)
        base_def, base_pow, left, relief, is_open = target
        power, my_def, my_left, my_value = self._mon_facts(view, m)
        if relief is not None:  # expect a relief to meet it
            r_pow, r_def, r_left, r_value = relief
            dealt = max(0.0, power - r_def - 1.0)
            taken = max(0.0, r_pow + 1.5 - my_def)
            value = (dealt / max(r_left, 1)) * 4.0 + (3.0 + 0.3 * r_value if dealt >= r_left else 0.0)
        elif left <= 0:
            return -2.0  # the attacks already declared destroy it: no overkill
        else:
            dealt = max(0.0, power - base_def)
            taken = max(0.0, base_pow - my_def)
            value = (dealt / max(left, 1)) * 6.0 + (12.0 if dealt >= left else 0.0) + is_open
        if taken >= my_left:
            value -= 4.0 + 0.4 * my_value
        else:
            value -= taken / max(my_left, 1) * 2.0
        if guards and (self._wake_held if self._wake_held is not None else self._holds_wake(view)):
            floor -= self.guard_cost  # the attacker can be woken to relieve in the opponent's turn
        return weight * value - floor

    def _race_lost(self, view: GzView) -> bool:
        """Whether this player can no longer keep WIN_OPEN_BASES bases open (GZ-WIN-3): the bases in its row
        (open or closed) and the ones it may still field beside them (`fieldable_bases`, GZ-BASE-9) are fewer."""
        if self._race is None:
            row = self.sites(view, view.player)
            more = fieldable_bases(((c.id, c.unlimited) for c in view.bases_to_field()),
                                   (s.card.id for s in row if s.card is not None))
            self._race = len(row) + more < WIN_OPEN_BASES
        return self._race

    def _holds_wake(self, view: GzView) -> bool:
        """Whether we hold an operation that wakes our monster (`_wake_value`) and can pay for it."""
        found = self._wake_held
        if found is None:
            spare = view.hand_size(view.player) - 1
            found = self._wake_held = any(c.kind is Kind.OPERATION and c.cost <= spare
                                          and any(e.verb is Verb.WAKE for e in c.effects)
                                          for _u, c in self._hand_pairs(view))
        return found

    def _attack_target(self, view: GzView, sid: int) -> tuple[float, float, float,
                                                              tuple[float, float, float, float] | None, int]:
        """What an attack on the enemy base `sid` meets, whoever attacks: (defense, power, health left after the
        attacks we declared on it this turn, the reliever expected to meet it (None: the base defends itself),
        is open)."""
        base_def, base_pow, left, relievers, is_open = self._site_facts(view, sid)
        # damage already planned on this base by our earlier declarations this turn
        n_earlier, planned, per_site = self._planned(view)
        used = 0
        if n_earlier:
            for p in planned.get(sid, ()):
                left -= max(0.0, p + 1.0 - base_def)
            used = per_site.get(sid, 0) + sum(per_site.get(a, 0) for a in view.adjacent(sid))
        return base_def, base_pow, left, relievers[used] if used < len(relievers) else None, is_open

    def _end_advance(self, view: GzView, action: Any) -> float:
        return 0.0

    # ------------------------------------------------------------------------------------------ answers

    def _relieve(self, view: GzView, action: A.Relieve) -> float:
        job = view.pending
        if job is None or job[0] is not J.RELIEF:
            return 0.0
        att_mid, sid, _r = view.attacks()[job[2]]
        attacker = view.mon(att_mid)
        if attacker is None:
            return 0.0
        a_pow = view.mstat(attacker, "power") + 2.0
        if action.monster < 0:
            sv = next((x for x in self.sites(view, view.player) if x.sid == sid), None)
            if sv is None:
                return 0.0
            left = view.site_stat(sid, "health") - sv.damage
            dealt = max(0.0, a_pow - view.site_stat(sid, "defense"))
            if dealt >= left:
                return -15.0 - (5.0 if view.lost(view.player) >= 2 else 0.0)
            return -dealt / max(left, 1) * 4.0
        r = view.mon(action.monster)
        if r is None:
            return -1.0
        rc = view.card(r.uid)
        r_left = view.mstat(r, "health") - r.damage
        taken = max(0.0, a_pow - view.mstat(r, "defense") - self._battle_bonus(view, r, False) * 0.5)
        dealt = max(0.0, view.mstat(r, "power") - view.mstat(attacker, "defense"))
        a_left = view.mstat(attacker, "health") - attacker.damage
        value = dealt / max(a_left, 1) * 3.0 + (4.0 if dealt >= a_left else 0.0)
        if taken >= r_left:
            value -= 3.0 + (0.4 * self.monster_value(rc) if rc else 0.0)
        else:
            value -= taken / max(r_left, 1) * 1.5
        return value

    def _fight(self, view: GzView, action: A.Fight) -> float:
        battle = view.battle()
        if battle is None:
            return 0.0
        job = view.pending
        side = job[2] if job is not None and job[0] is J.FIGHT else 0
        if action.card >= 0:
            c = view.card(action.card)
            if c is None:
                return 0.0
            s = c.attack_side if side == 0 else c.defense_side
            if s is None:
                return 0.0
            value = s.power_mod + s.defense_mod * (1.0 if side else 0.5)
            for e in s.effects:
                if e.verb is Verb.DAMAGE:
                    value += e.amount
                elif e.verb is Verb.PREVENT:
                    value += min(e.amount, 4)
                elif e.verb is Verb.MODIFY:
                    value += abs(e.amount) * 0.8
            return value + 0.2
        if action.ability >= 0:
            mid = battle[0] if side == 0 else battle[2]
            m = view.mon(mid)
            if m is None:
                return 0.0
            c = view.card(m.uid)
            if c is None:
                return 0.0
            ab = c.abilities[action.ability]
            value = 0.0
            for e in ab.effects:
                if e.verb is Verb.DAMAGE:
                    value += e.amount
                elif e.verb is Verb.PREVENT:
                    value += 4 if e.amount >= ALL else e.amount
                elif e.verb is Verb.MODIFY:
                    value += abs(e.amount) * 0.8
                elif e.verb is Verb.DEVOLVE:
                    value += 3.0
            room = view.mstat(m, "health") - m.damage
            return value - ab.health_cost * (1.5 if ab.health_cost * 2 >= room else 0.7)
        return 0.0

    def _pass(self, view: GzView, action: Any) -> float:
        return 0.0

    def _counter(self, view: GzView, action: A.Counter) -> float:
        chain = view.chain()
        if not chain:
            return -1.0
        uid, seat, target = chain[-1]
        if seat == view.player:
            return -5.0
        top = view.card(uid)
        mine = view.card(action.card)
        if top is None or mine is None:
            return -1.0
        if top.kind is Kind.MONSTER:
            threat = 0.4 * self.monster_value(top) - 2.0
        elif top.kind is Kind.BATTLE:  # GZ-INT-32: what the card adds to the enemy's side of the battle
            side = top.attack_side if target == 0 else top.defense_side
            threat = 0.0 if side is None else side.power_mod + side.defense_mod + sum(
                e.amount for e in side.effects if e.verb is Verb.DAMAGE) - 1.0
        elif top.kind is Kind.OPERATION:
            hits = view.mon(target)
            threat = 4.0 if hits is not None and hits.owner == view.player else (3.0 if top.counter else 1.0)
        else:
            threat = 2.0
        cost = mine.cost if mine.kind is Kind.OPERATION and mine.id != top.id and mine.species != top.species else 0
        return threat - self.card_keep_value(view, mine) * 0.6 - self._spare_value(view, cost, action.card) * 0.5

    def _pay(self, view: GzView, action: A.Pay | A.Discard) -> float:
        c = view.card(action.card)
        return -self.card_keep_value(view, c) if c is not None else 0.0

    def _evolve(self, view: GzView, action: A.Evolve) -> float:
        m = view.mon(action.monster)
        new = view.card(action.card)
        if m is None or new is None:
            return -1.0
        old = view.card(m.uid)
        gain = self.monster_value(new) - (self.monster_value(old) if old else 0.0)
        extra = new.rebellion - (old.rebellion if old else 0)
        if extra > self._control_room(view):
            return -3.0  # it would rebel at once (GZ-EVO-9)
        return 1.0 + gain * 0.3

    def _pick(self, view: GzView, action: A.Pick) -> float:
        job = view.pending
        if job is None:
            return 0.0
        k = job[0]
        t = action.target
        if k is J.DEVOLVE:
            return 1.0 if t >= 0 else 0.0
        if k is J.ESCAPE:  # GZ-INT-11: our escaping person goes where its lasting effects do the most
            c = view.card(job[2])
            return self._event_value(view, c, t, lasting=True) if c is not None else 0.0
        if k is J.REBEL_PICK:  # the enemy's strongest goes first (a survivor leaves the field)
            m = view.mon(t)
            c = view.card(m.uid) if m is not None else None
            return self.monster_value(c) if c is not None else 0.0
        if k is J.REBEL_TARGET:  # the rebel's own side suffers: prefer its bases (they count for GZ-WIN-1)
            s = next((x for x in self.sites(view, 1 - view.player) if x.sid == t), None)
            if s is not None:
                return 10.0 - (view.site_stat(t, "health") - s.damage)
            m = view.mon(t)
            return 0.0 if m is None else 5.0 - (view.mstat(m, "health") - m.damage)
        if k is J.RELOCATE:
            m = view.mon(job[2])
            s = next((x for x in self.sites(view, view.player) if x.sid == t), None)
            if m is None or s is None or s.card is None:
                return 0.0
            mc = view.card(m.uid)
            return (2.0 if mc is not None and not s.closed and s.card.attrs & mc.attrs else 0.0) - 0.1 * s.damage
        return 0.0


# PlaceMonster's base part (`_place_mode`): in the placement phase of a turn, the crowd alone; in an initial placement
# that wants more bases first, the bases-first penalty; in the rest of the opening, the enemy bases reached too
_IN_TURN, _BASES_FIRST, _OPENING = 0, 1, 2

# Judgements of a printed card that depend on the card alone, worked out once per card id and ability (card ids
# are unique: cards.py builds one immutable record per id of the pool, so nothing ever invalidates an entry).
_ABILITY_BONUS: dict[tuple[str, int], float] = {}
_SIDE_BONUS: dict[tuple[str, bool], float | None] = {}
on_pool_change(_ABILITY_BONUS.clear)  # keyed by card id: user card files (use_cards) start them afresh
on_pool_change(_SIDE_BONUS.clear)


def _ability_bonus(c: GzCard, index: int) -> float:
    """What a combat ability adds to its user's side of a battle: fixed damage, the opponent's power taken, damage
    prevented (4 at most), less half its health cost."""
    key = (c.id, index)
    found = _ABILITY_BONUS.get(key)
    if found is None:
        ab = c.abilities[index]
        fixed = sum(e.amount for e in ab.effects if e.verb is Verb.DAMAGE)
        mod = sum(-e.amount for e in ab.effects if e.verb is Verb.MODIFY and e.target == "opponent")
        prevent = sum(min(e.amount, 4) for e in ab.effects if e.verb is Verb.PREVENT)
        found = _ABILITY_BONUS[key] = fixed + mod + prevent - 0.5 * ab.health_cost
    return found


def _battle_keep(b: GzCard) -> float:
    """What a usable battle card is worth keeping: its modifiers on its first side."""
    side = b.attack_side or b.defense_side
    return 2.0 + (side.power_mod + side.defense_mod if side else 0)


def _side_bonus(b: GzCard, attacking: bool) -> float | None:
    """What a battle card adds when attacking (its power modifier) or defending (its defense modifier), fixed
    damage included; None if it has no side for that timing."""
    key = (b.id, attacking)
    if key in _SIDE_BONUS:
        return _SIDE_BONUS[key]
    side = b.attack_side if attacking else b.defense_side
    found: float | None = None
    if side is not None:
        value = side.power_mod if attacking else side.defense_mod
        value += sum(e.amount for e in side.effects if e.verb is Verb.DAMAGE)
        found = float(value)
    _SIDE_BONUS[key] = found
    return found


class Builder(ScriptedAgent):
    name: ClassVar[str] = "builder"
    setup_bases: ClassVar[int] = 5
    base_weight: ClassVar[float] = 8.0
    attack_weight: ClassVar[float] = 0.7
    attack_floor: ClassVar[float] = 2.0
    keep_guards: ClassVar[int] = 1
    battle_draws: ClassVar[int] = 1


class Aggressor(ScriptedAgent):
    name: ClassVar[str] = "aggressor"
    setup_bases: ClassVar[int] = 3
    base_weight: ClassVar[float] = 5.0
    attack_weight: ClassVar[float] = 1.3
    attack_floor: ClassVar[float] = 0.5
    keep_guards: ClassVar[int] = 0
    battle_draws: ClassVar[int] = 3


_SCORERS: dict[type, Any] = {
    A.PlaceBase: ScriptedAgent._place_base, A.PlaceMonster: ScriptedAgent._place_monster,
    A.EndPlacement: ScriptedAgent._end_placement, A.Draw: ScriptedAgent._draw, A.Open: ScriptedAgent._open,
    A.Close: ScriptedAgent._close, A.PlayEvent: ScriptedAgent._play_event, A.MovePerson: ScriptedAgent._move_person,
    A.UseOperation: ScriptedAgent._use_operation, A.Pay: ScriptedAgent._pay, A.Counter: ScriptedAgent._counter,
    A.Pass: ScriptedAgent._pass, A.Move: ScriptedAgent._move, A.Attack: ScriptedAgent._attack,
    A.Fuse: ScriptedAgent._fuse, A.Separate: ScriptedAgent._separate, A.EndAdvance: ScriptedAgent._end_advance,
    A.Relieve: ScriptedAgent._relieve, A.Fight: ScriptedAgent._fight, A.Evolve: ScriptedAgent._evolve,
    A.Pick: ScriptedAgent._pick, A.Discard: ScriptedAgent._pay, A.Split: ScriptedAgent._split,
}

STYLES = {"builder": Builder, "aggressor": Aggressor}
DEFAULT_STYLE = "builder"

__all__ = ["Aggressor", "Builder", "ScriptedAgent", "STYLES", "DEFAULT_STYLE"]
