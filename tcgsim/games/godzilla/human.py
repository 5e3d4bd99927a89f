"""How a GODZILLA seat is shown its position and its choices at the terminal (`tcgsim play --human SEAT`).

Everything here is read from the seat's `GzView` alone (view.py): the own hand and stock, both rows of bases (a
face-down base never seen open stays "a face-down base", GZ-INT-27), the monsters, both destroyed zones (face up),
the sizes of the hidden zones and the counters, so a person sees exactly what the AI of that seat may see. Bases
are named by their place in the row ("P2 base 3", ruins counted, left to right as their owner sees them); a monster
by its card and the base it stands on, with a letter when two of one name stand together, so two legal actions
never read the same.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any, Protocol

from tcgsim.cards import printed_texts
from tcgsim.games.godzilla import actions as A
from tcgsim.games.godzilla.cards import GzCard, Kind, Side
from tcgsim.games.godzilla.effects import ATTR_BITS
from tcgsim.games.godzilla.state import OPWIN_REVEALED, OPWIN_TURN, J, Mon, Phase
from tcgsim.human import Reveal, counted, with_text

__all__ = ["PRESENTER", "REVEALS", "GzPresenter"]

# GZ-ATTR-2: the attributes in English
ATTR_WORDS = {"火": "fire", "水": "water", "機": "machine", "陸": "land", "異": "alien", "翼": "wing", "蟲": "insect",
              "無": "none"}
MOVEMENT_WORDS = {"陸上": "land", "飛行": "flying", "水中": "underwater", "地中": "underground"}
ALL_ATTRS = sum(ATTR_BITS.values())
WIDTH = 110  # `?` wraps its explanation at this width
PHASE_WORDS = {Phase.FIRST_BASE: "setup: first base", Phase.INITIAL: "setup: initial placement",
               Phase.PREGAME: "setup: pre-game placement", Phase.DRAW: "draw phase", Phase.PLACEMENT: "placement phase",
               Phase.ADVANCE: "advance phase", Phase.COMBAT: "combat", Phase.OVER: "game over"}
STEP_WORDS = {J.PAY: "paying a cost", J.COUNTER: "counter window", J.OPWIN: "operation window", J.RELIEF: "relief",
              J.FIGHT: "battle", J.EVOLVE: "return phase, evolution", J.EVOLVE_NOW: "evolution",
              J.DEVOLVE: "devolution",
              J.REBEL_PICK: "rebellion", J.REBEL_TARGET: "rebellion", J.RELOCATE: "a base destroyed",
              J.ESCAPE: "a person escapes", J.DISCARD: "discarding", J.SPLIT: "separation"}


# What this module reads of a seat's view: `GzView` and `SiteView` of view.py, by their shape (the package's layers,
# tests/games/test_godzilla_layers.py, keep view.py and game.py above the modules that do not name a layer).
class SeatSite(Protocol):
    """A base as `GzView.sites` gives it (view.py SiteView)."""

    @property
    def sid(self) -> int: ...
    @property
    def card(self) -> GzCard | None: ...
    @property
    def closed(self) -> bool: ...
    @property
    def damage(self) -> int: ...
    @property
    def attached(self) -> tuple[int, ...]: ...
    @property
    def index(self) -> int: ...


class SeatView(Protocol):
    """What the presenter reads of view.py's GzView (the test checks that the real view fits)."""

    player: int

    @property
    def turn(self) -> int: ...
    @property
    def active(self) -> int: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def pending(self) -> tuple[Any, ...] | None: ...
    def card(self, uid: int) -> GzCard | None: ...
    def hand(self) -> list[int]: ...
    def stock(self) -> list[int]: ...
    def hand_size(self, seat: int) -> int: ...
    def deck_size(self, seat: int) -> int: ...
    def battle_deck_size(self, seat: int) -> int: ...
    def stock_size(self, seat: int) -> int: ...
    def lost(self, seat: int) -> int: ...
    def destroyed(self, seat: int) -> list[int]: ...
    def sites(self, seat: int) -> Sequence[SeatSite]: ...
    def monsters(self, seat: int) -> list[Mon]: ...
    def mon(self, mid: int) -> Mon | None: ...
    def mstats(self, m: Mon) -> tuple[int, int, int]: ...
    def site_stats(self, sid: int) -> tuple[int, int, int]: ...
    def site_owner(self, sid: int) -> int: ...
    def control(self, seat: int) -> int | None: ...
    def rebellion(self, seat: int) -> int: ...
    def open_bases(self, seat: int) -> int: ...
    def ruins(self, seat: int) -> int: ...
    def relief_anywhere(self) -> bool: ...
    def environments(self) -> list[int]: ...
    def attacks(self) -> list[tuple[int, int, int]]: ...
    def chain(self) -> list[tuple[int, int, int]]: ...
    def battle(self) -> tuple[int, int, int, bool] | None: ...
    def hand_limit(self) -> int: ...


# What each event kind of this game shows whom (tcgsim.human.Reveal), for `undo` (tcgsim.human.shows_hidden); the
# event's player is the seat the engine records it for (the drawer, the player of the card, the base's owner).
# - OWNER: draw, and opening_hand (the second player's two cards);
# - OTHERS, a card only its player knew comes to sight: play (a monster, event or operation played from hand),
#   counter, battle_card (GZ-INT-32), environment, place_monster, first_base and place_base (from the deck or
#   the hand), open (a face-down base turned up, GZ-INT-27), base_destroyed (it names a face-down base as it
#   goes), evolve, devolve and fuse (a card of the hand or of the hidden stock, GZ-STOCK-3);
# - PUBLIC: battle (both sides' battle cards, chosen face down, GZ-INT-3), operation and attach (their effects
#   may draw with no draw event: `draw` of the effect vocabulary), setup (before any decision).
# Not turn_start (counts everyone sees), pay and discard (the card is not named), nor the moves, attacks and
# cards leaving the field. (game.py's EVENT_TEXT names the kinds; the test checks that every one here is among
# them.)
_OTHERS = ("play", "counter", "battle_card", "environment", "place_monster", "first_base", "place_base", "open",
           "base_destroyed", "evolve", "devolve", "fuse")
REVEALS: Mapping[str, Reveal] = MappingProxyType({
    **dict.fromkeys(("battle", "operation", "attach", "setup"), Reveal.PUBLIC),
    **dict.fromkeys(("draw", "opening_hand"), Reveal.OWNER),
    **dict.fromkeys(_OTHERS, Reveal.OTHERS),
})


def _attrs(mask: int) -> str:
    if mask and mask & ALL_ATTRS == ALL_ATTRS:
        return "every attribute"
    return "/".join(ATTR_WORDS[a] for a, bit in ATTR_BITS.items() if mask & bit) or "no attribute"


def _ability_attr(mask: int) -> str:
    return f"attribute {_attrs(mask)}" if mask else "no attribute"


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else ("±0" if n == 0 else str(n))


def _side(side: Side | None) -> str:
    return "-" if side is None else f"power {_signed(side.power_mod)}, defense {_signed(side.defense_mod)}"


def describe(c: GzCard) -> str:
    """A card's kind and printed values in a few words (its name not included)."""
    if c.kind is Kind.BASE:
        extra = ", battle cards" if c.battle_cards else ""
        return f"base, {_attrs(c.attrs)}, control {c.control}, {c.power}/{c.defense}/{c.health}{extra}"
    if c.kind is Kind.MONSTER:
        bits = [f"monster, {_attrs(c.attrs)}, {c.power}/{c.defense}/{c.health}",
                f"rebellion {c.rebellion}{' blue' if c.blue else ''}"]
        if c.movement:
            bits.append(MOVEMENT_WORDS.get(c.movement, c.movement))
        if c.range_any:
            bits.append("range any")
        if c.weapon:
            bits.append("weapon")
        if c.abilities:
            bits.append("abilities: " + ", ".join(a.name for a in c.abilities))
        return ", ".join(bits)
    if c.kind is Kind.EVENT:
        to = {"own_monster": "on your monster", "enemy_monster": "on an enemy monster", "any_monster": "on a monster",
              "own_base": "on your base"}.get(c.attach_to, "")
        what = "environment" if c.subtype == "environment" else f"{c.subtype or 'attach'} event {to}".strip()
        return f"{what}, cost {c.cost}"
    if c.kind is Kind.OPERATION:
        counter = f", counters {c.counter}" if c.counter else ""
        return f"operation, cost {c.cost}{counter}"
    if c.attack_side is not None and c.defense_side is not None:
        sides = f"attack: {_side(c.attack_side)}; defense: {_side(c.defense_side)}"
    elif c.attack_side is not None:
        sides = f"attack: {_side(c.attack_side)}"
    else:
        sides = f"defense: {_side(c.defense_side)}"
    return f"battle card, {_attrs(c.attrs)}, {sides}"


class GzPresenter:
    """The GODZILLA wording of a seat's position and choices (tcgsim.human.Presenter)."""

    reveals: Mapping[str, Reveal] = REVEALS

    # ------------------------------------------------------------------------------------------ names

    def _name(self, view: SeatView, uid: int) -> str:
        c = view.card(uid)
        return c.name if c is not None else "a hidden card"

    def _row_index(self, view: SeatView, sid: int) -> tuple[int, SeatSite | None]:
        seat = view.site_owner(sid)
        if seat < 0:
            return seat, None
        for s in view.sites(seat):
            if s.sid == sid:
                return seat, s
        return seat, None

    def _site(self, view: SeatView, sid: int) -> str:
        seat, s = self._row_index(view, sid)
        if s is None:
            return "a base no longer on the field"
        name = s.card.name if s.card is not None else "the face-down base"
        return f"{name} (P{seat + 1} base {s.index + 1})"

    def _mon(self, view: SeatView, mid: int) -> str:
        m = view.mon(mid)
        if m is None:
            return "a monster no longer on the field"
        name = self._name(view, m.uid)
        seat, s = self._row_index(view, m.home)
        where = f"P{seat + 1} base {s.index + 1}" if s is not None else f"P{m.owner + 1}, no base"
        if m.at >= 0:
            seat2, s2 = self._row_index(view, m.at)
            where += f", attacking P{seat2 + 1} base {s2.index + 1}" if s2 is not None else ""
        twins = [x for x in view.monsters(m.owner) if x.uid != m.uid and x.home == m.home and x.at == m.at
                 and self._name(view, x.uid) == name]
        if twins:
            same = [x for x in view.monsters(m.owner) if x.home == m.home and x.at == m.at
                    and self._name(view, x.uid) == name]
            name += " " + "abcdefghijklmnopqrstuvwxyz"[same.index(m) % 26]
        return f"{name} ({where})"

    def _thing(self, view: SeatView, ident: int) -> str:
        """A monster id or a site id, as the action names it."""
        if view.mon(ident) is not None:
            return self._mon(view, ident)
        if view.site_owner(ident) >= 0:
            return self._site(view, ident)
        return "?"

    def _from(self, view: SeatView, uid: int) -> str:
        return "from your stock" if uid in view.stock() else "from your hand"

    def _env(self, view: SeatView, uid: int) -> str:
        """An environment in play, with its place in the order they came when two share a name."""
        envs = view.environments()
        name = self._name(view, uid)
        if uid in envs and sum(self._name(view, u) == name for u in envs) > 1:
            return f"{name} (environment {envs.index(uid) + 1}, the {'older' if envs.index(uid) == 0 else 'newer'})"
        return name

    def _holder(self, view: SeatView, uid: int) -> list[int]:
        """The attachments of the card (base or monster) that `uid` is attached to."""
        for seat in (0, 1):
            for s in view.sites(seat):
                if uid in s.attached:
                    return list(s.attached)
            for m in view.monsters(seat):
                if uid in m.attached:
                    return list(m.attached)
        return [uid]

    def _copy(self, view: SeatView, uid: int) -> str:
        """An attached card's name, with which copy it is when two of one name share the card they are on."""
        name = self._name(view, uid)
        same = [u for u in self._holder(view, uid) if self._name(view, u) == name]
        return name if len(same) < 2 else f"{name} (copy {same.index(uid) + 1} of {len(same)})"

    def _attached_to(self, view: SeatView, uid: int) -> str:
        for seat in (0, 1):
            for s in view.sites(seat):
                if uid in s.attached:
                    return self._site(view, s.sid)
            for m in view.monsters(seat):
                if uid in m.attached:
                    return self._mon(view, m.mid)
        return "nothing"

    # ------------------------------------------------------------------------------------------ the board

    def _mon_line(self, view: SeatView, m: Mon) -> str:
        power, defense, health = view.mstats(m)
        c = view.card(m.uid)
        state = ["asleep" if m.asleep else "awake"]
        if m.closed:
            state.append("closed")
        if m.at >= 0:
            state.append(f"attacking {self._site(view, m.at)}")
        if m.relieved:
            state.append("relieved this turn")
        if m.moved:
            state.append("moved")
        if m.hurt:
            state.append("took damage this turn")  # GZ-EVO-4: it may evolve in the return phase
        if m.evo_turn == view.turn:
            state.append("evolved this turn")  # GZ-EVO-8: once a turn
        if m.flip_turn == view.turn:
            state.append("opened or closed this turn")
        rebellion = f", rebellion {c.rebellion}" if c is not None else ""
        line = (f"      {self._name(view, m.uid)}: {power}/{defense}/{health}, damage {m.damage}{rebellion}, "
                f"{', '.join(state)}")
        if m.attached:
            line += "; with " + ", ".join(self._name(view, u) for u in m.attached)
        return line

    def _row_lines(self, view: SeatView, seat: int) -> list[str]:
        sites = {s.index: s for s in view.sites(seat)}
        mons = view.monsters(seat)
        n = len(sites) + view.ruins(seat)  # the whole row, ruins at its ends included
        out = []
        for i in range(n):
            s = sites.get(i)
            if s is None:
                out.append(f"    base {i + 1}: ruin")
                continue
            power, defense, health = view.site_stats(s.sid)
            if s.card is None:
                head = f"    base {i + 1}: face-down base (closed)"
            else:
                state = "closed" if s.closed else "open"
                head = (f"    base {i + 1}: {s.card.name} ({state}; {_attrs(s.card.attrs)}, "
                        f"control {s.card.control})")
            head += f", {power}/{defense}/{health}, damage {s.damage}"
            if s.attached:
                head += "; with " + ", ".join(self._name(view, u) for u in s.attached)
            out.append(head)
            out.extend(self._mon_line(view, m) for m in mons if m.home == s.sid)
        homeless = [m for m in mons if m.home not in {s.sid for s in sites.values()}]
        if homeless:  # their base was destroyed: they flee to another (GZ-INT-19)
            out.append("    no base (its base destroyed):")
            out.extend(self._mon_line(view, m) for m in homeless)
        return out

    def _destroyed_line(self, view: SeatView, seat: int) -> str:
        """The seat's 撃破ゾーン (face up, GZ-FIELD-6): how many cards, and their names with copies counted."""
        dead = view.destroyed(seat)
        if not dead:
            return "  Destroyed zone: empty"
        return f"  Destroyed zone ({len(dead)}, oldest first): " + counted([self._name(view, u) for u in dead])

    def board_lines(self, view: Any) -> list[str]:
        v: SeatView = view
        me, them = v.player, 1 - v.player
        whose = "your" if v.active == me else f"P{v.active + 1}'s"
        job = v.pending
        step = f": {STEP_WORDS.get(job[0], 'a choice')}" if job is not None else ""
        lines = [f"== Turn {v.turn}, {whose} turn, {PHASE_WORDS.get(v.phase, v.phase.name.lower())}{step} "
                 f"(you are P{me + 1}; figures are power/defense/health) =="]
        control = v.control(them)
        lines.append(f"P{them + 1} (opponent): hand {v.hand_size(them)}, main deck {v.deck_size(them)}, battle deck "
                     f"{v.battle_deck_size(them)}, stock {v.stock_size(them)}; control "
                     f"{'?' if control is None else control}, rebellion {v.rebellion(them)}, open bases "
                     f"{v.open_bases(them)}, bases lost {v.lost(them)}")
        lines.extend(self._row_lines(v, them))
        lines.append(self._destroyed_line(v, them))
        envs = v.environments()
        if envs:
            lines.append("Environments: " + ", ".join(self._env(v, u) for u in envs))
        lines.append(f"P{me + 1} (you): main deck {v.deck_size(me)}, battle deck {v.battle_deck_size(me)}; control "
                     f"{v.control(me)}, rebellion {v.rebellion(me)}, open bases {v.open_bases(me)}, bases lost "
                     f"{v.lost(me)}")
        lines.extend(self._row_lines(v, me))
        lines.append(self._destroyed_line(v, me))
        hand = v.hand()
        lines.append(f"  Hand ({len(hand)}, limit {v.hand_limit()}):" + ("" if hand else " empty"))
        texts = printed_texts("godzilla")
        lines.extend(with_text(f"    {self._name(v, u)}: {describe(c)}", texts.get(c.id, ""))
                     for u in hand if (c := v.card(u)) is not None)
        stock = v.stock()
        if stock:
            lines.append(f"  Stock ({len(stock)}): " + ", ".join(self._name(v, u) for u in stock))
        attacks = v.attacks()
        if attacks:
            lines.append("Attacks declared:")
            for mid, sid, relief in attacks:
                by = f", relieved by {self._mon(v, relief)}" if relief >= 0 else ""
                lines.append(f"  {self._mon(v, mid)} -> {self._site(v, sid)}{by}")
        battle = v.battle()
        if battle is not None:
            attacker, sid, defender, base_defends = battle
            against = "the base itself" if base_defends else self._mon(v, defender)
            lines.append(f"Battle: {self._mon(v, attacker)} against {against} at {self._site(v, sid)}")
        chain = v.chain()
        if chain:
            lines.append("Being played: " + "; countered by ".join(
                f"P{p + 1}'s {self._name(v, u)}" + (f" (on {self._thing(v, t)})" if t >= 0 else "")
                for u, p, t in chain))
        return lines

    # ------------------------------------------------------------------------------------------ the actions

    def _pending(self, view: SeatView) -> tuple[Any, ...] | None:
        return view.pending

    def action_text(self, view: Any, action: Any) -> str:
        v: SeatView = view
        job = self._pending(v)
        kind = job[0] if job is not None else None
        t = type(action)
        if t is A.PlaceBase:
            c = v.card(action.card)
            name = self._name(v, action.card)
            info = f" ({describe(c)})" if c is not None else ""
            if v.phase is Phase.FIRST_BASE:
                return f"Place your first base, open: {name}{info}"
            how = "open" if v.phase is Phase.INITIAL else "closed"
            if action.slot == A.LEFT:
                where = "at the left end of your row"
            elif action.slot == A.RIGHT:
                where = "at the right end of your row"
            else:
                where = f"into the ruin at your base {action.slot + 1}"
            return f"Place the base {name}, {how}, {where}{info}"
        if t is A.PlaceMonster:
            c = v.card(action.card)
            info = f" ({describe(c)})" if c is not None else ""
            if c is not None and v.phase is Phase.PLACEMENT:  # GZ-CTRL-3: checked at once
                total, control = v.rebellion(v.player) + c.rebellion, v.control(v.player)
                if control is not None and total > control:
                    info += f"; rebellion {total} over control {control}: rebellion follows"
            return f"Place the monster {self._name(v, action.card)} on {self._site(v, action.site)}{info}"
        if t is A.EndPlacement:
            return {Phase.INITIAL: "End the initial placement", Phase.PREGAME: "End the pre-game placement"}.get(
                v.phase, "End the placement phase (on to the advance phase)")
        if t is A.Draw:
            me = v.player
            if action.battle:
                return f"Draw from the battle deck ({v.battle_deck_size(me)} cards left)"
            return f"Draw from the main deck ({v.deck_size(me)} cards left)"
        if t is A.Open or t is A.Close:
            verb = "Open" if t is A.Open else "Close"
            if v.mon(action.target) is not None:
                return f"{verb} the weapon {self._mon(v, action.target)}"
            return f"{verb} the base {self._site(v, action.target)}"
        if t is A.PlayEvent:
            c = v.card(action.card)
            name = self._name(v, action.card)
            cost = f"cost {c.cost}" if c is not None else "cost ?"
            if c is not None and c.subtype == "environment":
                gone = f", destroying the environment {self._env(v, action.target)}" if action.target >= 0 else ""
                return f"Play the environment {name} ({cost}){gone}"
            return f"Play the event {name} ({cost}) on {self._thing(v, action.target)}"
        if t is A.MovePerson:
            return (f"Move the person {self._copy(v, action.card)} from {self._attached_to(v, action.card)} to "
                    f"{self._thing(v, action.target)}")
        if t is A.UseOperation:
            c = v.card(action.card)
            cost = f"cost {c.cost}" if c is not None else "cost ?"
            on = f" on {self._thing(v, action.target)}" if action.target >= 0 else ""
            return f"Use the operation {self._name(v, action.card)} ({cost}){on}"
        if t is A.Pay:
            left = f", {job[2]} to pay" if kind is J.PAY and job is not None else ""
            return f"Pay with {self._name(v, action.card)} (it goes to the bottom of its deck{left})"
        if t is A.Counter:
            chain = v.chain()
            against = f"P{chain[-1][1] + 1}'s {self._name(v, chain[-1][0])}" if chain else "the card being played"
            c = v.card(action.card)
            top = v.card(chain[-1][0]) if chain else None
            same = c is not None and top is not None and (c.id == top.id or (
                c.kind is Kind.MONSTER and top.kind is Kind.MONSTER and c.species and c.species == top.species))
            cost = "free: the same card" if same else (f"cost {c.cost}" if c is not None else "cost ?")
            return f"Counter {against} with {self._name(v, action.card)} ({cost})"
        if t is A.Pass:
            return self._pass_text(v, job)
        if t is A.Move:
            return f"Move {self._mon(v, action.monster)} to {self._site(v, action.site)}"
        if t is A.Attack:
            return f"Attack {self._site(v, action.site)} with {self._mon(v, action.monster)}"
        if t is A.Fuse:
            return (f"Fuse the monsters on {self._site(v, action.site)} into {self._name(v, action.card)} "
                    f"({self._from(v, action.card)})")
        if t is A.Separate:
            return f"Separate {self._mon(v, action.monster)} into its parts"
        if t is A.EndAdvance:
            n = len(v.attacks())
            return f"End the advance phase ({n} attack{'s' if n != 1 else ''} declared)"
        if t is A.Relieve:
            against = ""
            if kind is J.RELIEF and job is not None and job[2] < len(v.attacks()):
                mid, sid, _r = v.attacks()[job[2]]
                against = f" against {self._mon(v, mid)} at {self._site(v, sid)}"
            if action.monster < 0:
                return f"Send no relief: the base defends itself{against}"
            return f"Send {self._mon(v, action.monster)} as relief{against}"
        if t is A.Fight:
            return self._fight_text(v, job, action)
        if t is A.Evolve:
            return (f"Evolve {self._mon(v, action.monster)} into {self._name(v, action.card)} "
                    f"({self._from(v, action.card)})")
        if t is A.Pick:
            return self._pick_text(v, job, action.target)
        if t is A.Discard:
            c = v.card(action.card)
            deck = "battle" if c is not None and c.kind is Kind.BATTLE else "main"
            return f"Put {self._name(v, action.card)} at the bottom of your {deck} deck"
        if t is A.Split:
            if kind is J.SPLIT and job is not None:
                return (f"Give {self._mon(v, job[3][0])} {action.amount} of the {job[2]} damage left "
                        "(the rest to the other parts)")
            return f"Give the next part {action.amount} damage"
        data = action.to_json() if hasattr(action, "to_json") else {}
        return " ".join(f"{k}={x}" for k, x in data.items()) or repr(action)

    def _pass_text(self, v: SeatView, job: tuple[Any, ...] | None) -> str:
        kind = job[0] if job is not None else None
        if kind is J.COUNTER:
            chain = v.chain()
            return f"Do not counter {self._name(v, chain[-1][0])}" if chain else "Do not counter"
        if kind is J.OPWIN:
            return "Use no operation now" if len(job or ()) > 2 else "Use no (more) operations before this battle"
        if kind is J.EVOLVE:
            return "Evolve no (more) monsters"
        if kind is J.EVOLVE_NOW and job is not None:
            return f"Do not evolve {self._mon(v, job[2])}"
        return "Pass"

    def _fight_text(self, v: SeatView, job: tuple[Any, ...] | None, action: A.Fight) -> str:
        side = job[2] if job is not None and job[0] is J.FIGHT else 0
        if action.card >= 0:
            c = v.card(action.card)
            if c is None:
                return f"Fight with {self._name(v, action.card)}"
            used = c.attack_side if side == 0 else c.defense_side
            return f"Fight with the battle card {c.name} ({_side(used)})"
        if action.ability >= 0:
            battle = v.battle()
            user = None
            if battle is not None:
                user = v.mon(battle[0] if side == 0 else battle[2])
            c = v.card(user.uid) if user is not None else None
            if c is not None and action.ability < len(c.abilities):
                ab = c.abilities[action.ability]
                return (f"Use {c.name}'s combat ability {ab.name} (costs {ab.health_cost} health, "
                        f"{_ability_attr(ab.attr)})")
            return f"Use combat ability {action.ability + 1}"
        return "Fight with nothing (power ±0)"

    def _pick_text(self, v: SeatView, job: tuple[Any, ...] | None, target: int) -> str:
        kind = job[0] if job is not None else None
        if kind is J.REBEL_PICK:
            return f"{self._mon(v, target)} rebels first"
        if kind is J.REBEL_TARGET and job is not None:
            return f"The rebel {self._mon(v, job[3])} attacks {self._thing(v, target)}"
        if kind is J.RELOCATE and job is not None:
            return f"{self._mon(v, job[2])} flees to {self._site(v, target)}"
        if kind is J.ESCAPE and job is not None:
            return f"The person {self._name(v, job[2])} escapes to {self._thing(v, target)}"
        if kind is J.DEVOLVE and job is not None:
            if target < 0:
                return f"No devolution: {self._mon(v, job[2])} goes to the bottom of your main deck"
            return f"Devolve {self._mon(v, job[2])} into {self._name(v, target)} ({self._from(v, target)})"
        return f"Choose {self._thing(v, target)}"

    # ------------------------------------------------------------------------------------------ `?`

    def _whose(self, v: SeatView, seat: int) -> str:
        return "your" if seat == v.player else f"P{seat + 1}'s"

    def decision_text(self, view: Any, legal: Sequence[Any]) -> str:
        return textwrap.fill(self._decision(view, legal), WIDTH, break_on_hyphens=False)

    def _decision(self, view: Any, legal: Sequence[Any]) -> str:
        v: SeatView = view
        job = self._pending(v)
        if job is not None:
            return self._job_text(v, job)
        ph = v.phase
        if ph is Phase.FIRST_BASE:
            return ("Setup: choose the first base from your main deck; it is placed open (GZ-SETUP-2, GZ-SETUP-3).")
        if ph is Phase.INITIAL:
            return ("Initial placement from your main deck (GZ-SETUP-4..9): bases and red monsters, open and awake, "
                    "6 cards at most counting the first base; a monster goes on a base sharing an attribute "
                    "(GZ-SETUP-8); total rebellion at most 10, or 5 with one base (GZ-SETUP-9, GZ-INT-29).")
        if ph is Phase.PREGAME:
            return ("Pre-game placement, the second player only, from the 2-card hand (GZ-SETUP-12..14): at most one "
                    "base, placed closed (GZ-SETUP-13); red monsters on open bases sharing an attribute. Rebellion "
                    "is checked when it ends (GZ-SETUP-15, GZ-INT-30).")
        if ph is Phase.DRAW:
            return ("Draw phase: each player draws 2 cards, choosing for each the main deck (army cards) or the "
                    "battle deck (battle cards) (GZ-INT-2, GZ-INT-1). An empty deck is not offered (GZ-INT-12).")
        if ph is Phase.PLACEMENT:
            return ("Placement phase (GZ-INT-1 step 3): place at most one base, closed (GZ-BASE-4, GZ-BASE-5, into a "
                    "ruin first, GZ-BASE-15); open or close your bases and weapons (GZ-INT-7, GZ-BASE-10, "
                    "GZ-INT-10); place red monsters on open bases sharing an attribute (GZ-MON-6, GZ-BLUE-2); play "
                    "events paying their cost by cards from hand (GZ-COST-2); move persons once (GZ-INT-28). "
                    "Rebellion comes at once when rebellion exceeds control (GZ-CTRL-3).")
        if ph is Phase.ADVANCE:
            return ("Advance phase (GZ-INT-1 step 4): use operations (GZ-OP-3), fuse or separate (GZ-FUSE-2, "
                    "GZ-FUSE-6), move each awake monster once (GZ-MON-10), and declare attacks on enemy bases your "
                    "monsters reach (GZ-MISC-9, GZ-INT-33). Ending it sends the attacks to the defender's relief "
                    "and to battle (GZ-MISC-10, GZ-INT-20).")
        return f"Choose one of the {len(legal)} actions (GZ-INT-1 gives the order of a turn)."

    def _job_text(self, v: SeatView, job: tuple[Any, ...]) -> str:
        kind = job[0]
        if kind is J.PAY:
            return (f"Pay the cost: {job[2]} more card(s) from your hand, each to the bottom of its deck "
                    "(GZ-COST-1, GZ-COST-2, GZ-COST-3). A payment cannot be countered (GZ-COUNTER-3).")
        if kind is J.COUNTER:
            chain = v.chain()
            top = f"P{chain[-1][1] + 1}'s {self._name(v, chain[-1][0])}" if chain else "the card"
            return (f"Counter window: {top} is being played; you may counter it with a counter operation (paying "
                    "its cost) or with the same card, which is free (GZ-COUNTER-1, GZ-COUNTER-2, GZ-COUNTER-4, "
                    "GZ-COUNTER-5, GZ-INT-5). A counter goes to the destroyed zone (GZ-COUNTER-6).")
        if kind is J.OPWIN:
            once = len(job) > 2 and job[2] in (OPWIN_TURN, OPWIN_REVEALED)
            when = ("one operation or none, in the opponent's turn or after the battle cards are revealed"
                    if once else "operations one after another before this battle, until you pass")
            return (f"Operation window: {when} (GZ-OP-3, GZ-INT-17, GZ-INT-21, GZ-INT-31). An operation goes to "
                    "the destroyed zone after use (GZ-OP-4).")
        if kind is J.RELIEF:
            attack = ""
            if job[2] < len(v.attacks()):
                mid, sid, _r = v.attacks()[job[2]]
                attack = f" {self._mon(v, mid)} attacks {self._site(v, sid)}."
            where = ("from any of your bases" if v.relief_anywhere() else
                     "from the attacked base or one next to it (or with range any)")
            return (f"Relief:{attack} You may send one awake, open monster of yours that has not relieved this "
                    f"turn, {where}, to fight instead of the base; without relief the base fights itself "
                    "(GZ-MISC-10, GZ-INT-24).")
        if kind is J.FIGHT:
            side = "attacker" if job[2] == 0 else "defender"
            return (f"Battle, you are the {side}: fight with a battle card of the right timing sharing an "
                    "attribute with the fighter, a combat ability (paid in health), or nothing (GZ-BATTLE-3, "
                    "GZ-BATTLE-5, GZ-BATTLE-6, GZ-MON-12, GZ-INT-23). Damage is resolved by GZ-INT-3; a monster "
                    "or base whose damage reaches its health is destroyed (GZ-MON-13, GZ-BASE-12).")
        if kind is J.EVOLVE or kind is J.EVOLVE_NOW:
            return ("Evolution: a monster that took damage this turn (0 counts) may evolve into a card from hand or "
                    "stock naming it, once a turn; damage and attachments carry over (GZ-EVO-4, GZ-EVO-5, GZ-EVO-6, "
                    "GZ-EVO-7, GZ-EVO-8). It may cause rebellion (GZ-EVO-9).")
        if kind is J.DEVOLVE:
            return ("Devolution: swap the monster for one of its devolution cards from hand or stock, or without one "
                    "it goes to the bottom of your main deck (GZ-DEVO-3, GZ-DEVO-4, GZ-DEVO-5).")
        if kind is J.REBEL_PICK:
            return (f"Rebellion of {self._whose(v, job[2])} monsters: their total rebellion is over their total "
                    "control; they rebel highest value first, one at a time, and among equal ones the opponent of "
                    "their owner chooses (GZ-CTRL-3, GZ-CTRL-4).")
        if kind is J.REBEL_TARGET:
            return (f"Rebellion of {self._whose(v, job[2])} {self._mon(v, job[3])}: it attacks the card of its "
                    "owner with the highest rebellion at its base (else next to it; a base counts 0), and among "
                    "equal ones the owner's opponent chooses; no battle cards, and if it survives it goes to the "
                    "bottom of the main deck (GZ-CTRL-5, GZ-CTRL-6, GZ-CTRL-7, GZ-CTRL-8, GZ-CTRL-9).")
        if kind is J.RELOCATE:
            return "Your monster's base was destroyed: choose the base of yours it flees to (GZ-INT-19)."
        if kind is J.ESCAPE:
            return ("A person event's card left the field: the person escapes to a card next to it of your choice "
                    "(GZ-EVENT-5, GZ-INT-11).")
        if kind is J.DISCARD:
            return (f"Put {job[2]} card(s) of your hand at the bottom of the matching deck, your choice (hand limit "
                    "8 at the end of your turn, GZ-START-3, GZ-MISC-1; or an opponent's discard effect).")
        if kind is J.SPLIT:
            return (f"Separation: share the {job[2]} damage left among the parts, part by part (GZ-FUSE-6, "
                    "GZ-INT-18).")
        return f"Choose one of the actions (GZ-INT-26; pending {kind})."


PRESENTER = GzPresenter()
