"""How a seat of the Evangelion card game sees its position at the terminal (`tcgsim play --human SEAT`, issue 19):
the board, each legal action in words and what the decision is, for both game keys of this package: the standard
rules (`eva`, 2-4 players, `EvaView`) and the 2-player short rule (`eva-short`, `EvaShortView`).

Everything shown is built from the view passed in and the printed cards (names, texts): never from a state, so a
person sees what the rules let the seat see and nothing more (the tests re-deal what a view hides and check the
words stay the same). Rule ids (EVA-..., I-...) are those of docs/rules/eva.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from tcgsim.cards import printed_texts
from tcgsim.games.eva import actions as A
from tcgsim.games.eva.cards import CHAR_NAMES, EVA_NAMES, N_CHARS, N_EVAS, EvaCard, Kind, Mark
from tcgsim.games.eva.effects import OTHER, Target, Verb
from tcgsim.games.eva.state import ChoiceKind, Phase, WindowKind
from tcgsim.games.eva.view import EvaShortView, EvaView, SpokenView
from tcgsim.human import GenericPresenter, Reveal, with_text

__all__ = ["PRESENTER", "REVEALS", "EvaPresenter"]

# What each event kind of this game shows whom (tcgsim.human.Reveal), for `undo` (tcgsim.human.shows_hidden); the
# event's player is the seat the engine records it for (the drawer, the speaker, the discarder).
# - OWNER: draw (the first draw phase's, and what a failed 補完 gives back), draw2 (the second draw phase's
#   draw points), effect (a drama's or a put card's "draws 2" is recorded as an effect of its player; the
#   other effects show what everyone sees, but the kind cannot tell them apart);
# - OTHERS, a card of the player's hidden hand comes to sight: speak, serif, counter, discard (of its choice),
#   stage_seek, stage_hurt, short_pass (the card discarded with the 「パス」);
# - PUBLIC: setup and short_setup (the hands and the secret characters dealt), angel_arrives and angel_up (a
#   使徒 drawn, or turned up from the queue), discard_random and battle_loss_cards (cards picked at random), take
#   (a card from the deck, which is then shuffled), short_refill (every hand refilled, recorded for no player),
#   short_reveal (a secret character).
# Not turn_start (who recovered: public), nor the battles, levels, 補完 declarations and downs everyone sees.
_OTHERS = ("speak", "serif", "counter", "discard", "stage_seek", "stage_hurt", "short_pass")
_PUBLIC = ("setup", "short_setup", "angel_arrives", "angel_up", "discard_random", "battle_loss_cards", "take",
           "short_refill", "short_reveal")
REVEALS: Mapping[str, Reveal] = MappingProxyType({
    **dict.fromkeys(_PUBLIC, Reveal.PUBLIC),
    **dict.fromkeys(("draw", "draw2", "effect"), Reveal.OWNER),
    **dict.fromkeys(_OTHERS, Reveal.OTHERS),
})

MARK_SIGN = {Mark.HURT: "▲", Mark.SEEK: "●"}
MARK_VERB = {Mark.HURT: "hurts", Mark.SEEK: "seeks"}
PHASE_TEXT = {
    Phase.DRAW1: "① first draw phase (第1ドローフェイズ)",
    Phase.BATTLE: "② battle phase (バトルフェイズ)",
    Phase.MAIN: "③ main phase (メインフェイズ)",
    Phase.DRAW2: "④ second draw phase (第2ドローフェイズ)",
    Phase.HOKAN: "⑤ 補完 phase (補完フェイズ)",
    Phase.STAGE: "the 補完ステージ",
    Phase.OVER: "the game is over",
    Phase.SHORT: "the short rule",
}
WINDOW_TEXT = {
    WindowKind.DRAW1: "speaking window: drama cards only",
    WindowKind.BATTLE1: "battle step (1): drama and battle cards before the strengths are compared",
    WindowKind.BATTLE2: "battle step (2): drama and battle cards; the result is fixed when all pass",
    WindowKind.BATTLE3: "battle step (3): drama and battle cards after the result",
    WindowKind.MAIN: "speaking window: drama, put, character and eva cards; セリフ for the turn player",
}
WINDOW_RULES = {
    WindowKind.DRAW1: "EVA-DRAW1-5, EVA-TALK-10, I-WINDOW",
    WindowKind.BATTLE1: "EVA-BATTLE-4, EVA-BATTLE-5, I-WINDOW",
    WindowKind.BATTLE2: "EVA-BATTLE-5, EVA-BATTLE-6, I-WINDOW",
    WindowKind.BATTLE3: "EVA-BATTLE-10, EVA-BATTLE-7, EVA-BATTLE-8, EVA-BATTLE-9",
    WindowKind.MAIN: "EVA-MAIN-1, EVA-MAIN-2, EVA-TALK-4, EVA-SERIF-2, EVA-SERIF-3, EVA-DRAW2-3",
}


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def _char(c: int) -> str:
    if c == OTHER:
        return "(OTHER)"
    return CHAR_NAMES[c] if 0 <= c < N_CHARS else "?"


def _seat(seat: int, me: int) -> str:
    return "you" if seat == me else f"P{seat + 1}"


def _names(cards: Sequence[EvaCard]) -> str:
    """'A, 2x B' in first-seen order ('nothing' for none)."""
    counts: dict[str, int] = {}
    for card in cards:
        counts[card.name] = counts.get(card.name, 0) + 1
    return ", ".join(name if n == 1 else f"{n}x {name}" for name, n in counts.items()) or "nothing"


def _pile_lines(view: EvaView | EvaShortView, seat: int, me: int) -> list[str]:
    """A discard pile (face up), top first, copies counted; nothing for an empty one."""
    pile = view.discard(seat)
    if not pile:
        return []
    whose = "your" if seat == me else f"P{seat + 1}'s"
    return [f"    {whose} discard pile (top first): {_names(pile[::-1])}"]


def _deck_line(view: EvaView | EvaShortView) -> str:
    """The cards left in the seat's own deck (it knows its deck list, not the order), copies counted."""
    cards = view.deck_cards()
    return f"Your deck ({len(cards)}, in no order): {_names(sorted(cards, key=lambda c: (int(c.kind), c.name)))}"


def _choice_line(view: EvaView) -> str | None:
    """How many cards the decision being asked still takes (a discard, a recover, a search)."""
    choice = view.pending_choice()
    if choice is None:
        return None
    kind, count, type_ = choice
    cards = f"{count} card{'s' if count != 1 else ''}"
    if kind is ChoiceKind.DISCARD:
        return f"To discard: {cards} more (negative draw points)."
    if kind is ChoiceKind.RECOVER:
        return f"To take from your discard pile: up to {cards} more."
    if kind is ChoiceKind.TUTOR:
        return f"To take from your deck: up to {cards} more, of type {type_}."
    return None


def _grouped(cards: Sequence[EvaCard]) -> list[tuple[str, EvaCard]]:
    """One entry per card name, in first-seen order, with its copies ('2x ', or '' for one)."""
    counts: dict[str, int] = {}
    first: dict[str, EvaCard] = {}
    for card in cards:
        counts[card.name] = counts.get(card.name, 0) + 1
        first.setdefault(card.name, card)
    return [(f"{counts[name]}x " if counts[name] > 1 else "", card) for name, card in first.items()]


def _marks(card: EvaCard) -> str:
    return " ".join(f"{MARK_SIGN[k]}{CHAR_NAMES[t]}" for k, t in card.marks)


def _serif_side(card: EvaCard) -> str:
    """The dialogue side: 'セリフ Rei: ▲Shinji ●Gendo <対抗>' (EVA-SERIF-1, -3)."""
    if card.kind in (Kind.ANGEL, Kind.HOKAN):
        return ""
    flag = " <対抗>" if card.serif_counter else ""
    return f"セリフ {_char(card.serif_colour)}: {_marks(card) or 'no marks'}{flag}"


def _target_text(card: EvaCard, target: int) -> str:
    """What a card side's `target` names: an Eva, a seat or a main character (as the game's log words it)."""
    if target < 0:
        return ""
    k = card.kind
    if k is Kind.EVA or (k is Kind.PUT and card.target_kind == "eva") or any(
            e.target is Target.EVA or e.verb is Verb.SORTIE for e in card.effects if e.key < 0):
        return EVA_NAMES[target] if 0 <= target < N_EVAS else f"Eva {target}"
    if any(e.target is Target.OPPONENT for e in card.effects):
        return f"P{target + 1}"
    return _char(target)


def _mark_note(card: EvaCard, mark: int) -> str:
    """Two identical marks on one card are told apart by their number."""
    return f" (mark {mark + 1})" if card.marks.count(card.marks[mark]) > 1 else ""


def _serif_words(card: EvaCard, mark: int, speaker: int | None = None) -> str:
    """'Rei hurts ▲Shinji'."""
    if not 0 <= mark < len(card.marks):
        return f"{_char(card.serif_colour if speaker is None else speaker)} answers"
    kind, addressee = card.marks[mark]
    who = card.serif_colour if speaker is None else speaker
    return f"{_char(who)} {MARK_VERB[kind]} {MARK_SIGN[kind]}{CHAR_NAMES[addressee]}"


def _spoken_std(sp: SpokenView, me: int) -> str:
    """A card spoken this turn, as it lies on its character (EVA-TALK-3, -8)."""
    card = sp.card
    if sp.serif:
        what = (f"{_char(sp.speaker)}'s <対抗> セリフ {card.name}" if sp.mark < 0
                else f"{_serif_words(card, sp.mark, sp.speaker)} with {card.name}")
    else:
        target = _target_text(card, sp.target)
        counter = " <対抗>" if card.card_counter else ""
        if card.is_put and target:
            what = f"{_char(sp.speaker)}: {card.name} ({card.type}{counter}, to go under {target})"
        else:
            what = f"{_char(sp.speaker)}: {card.name} ({card.type}{counter}){' on ' + target if target else ''}"
    cancelled = ", cancelled" if sp.cancelled else ""
    return f"{_seat(sp.owner, me)}: {what} (draw {_signed(card.draw_points)}{cancelled})"


def _offer_std(sp: SpokenView, me: int) -> str:
    """The card offered for <対抗>, in a few words: "P2's Rei hurts ▲Shinji (Don't Touch Me)"."""
    card = sp.card
    if sp.serif:
        return f"{_seat(sp.owner, me)}'s セリフ {card.name} ({_serif_words(card, sp.mark, sp.speaker)})"
    target = _target_text(card, sp.target)
    return f"{_seat(sp.owner, me)}'s {card.name} ({card.type}{', on ' + target if target else ''})"


def _hand_std(card: EvaCard) -> str:
    """A card in hand, both sides: its card side (type, speaker, draw points, <対抗>), its セリフ side, its text."""
    speaker = "(OTHER)" if card.colour == OTHER else f"{_char(card.colour)} speaks"
    counter = f", <対抗> to {'/'.join(sorted(card.card_counter))}" if card.card_counter else ""
    return with_text(f"{card.name}: {card.type}, {speaker}, draw {_signed(card.draw_points)}{counter} | "
                     f"{_serif_side(card)}", printed_texts("eva").get(card.id, ""))


def _hokan_words(view: EvaView, seat: int) -> str:
    card = view.hokan(seat)
    if card is None:
        return "no 補完 card"
    level = view.level(seat)
    char = _char(card.hokan_char)
    if level == 0:
        nxt = f"LV1 side up; next: {card.text_lv1 or 'LV1'}"
    elif level == 1:
        nxt = f"LV2 side up; next: {card.text_lv2 or 'LV2'}"
    else:
        nxt = "level 2 (sideways): may declare 補完" + (" (but the character is down)" if view.down[card.hokan_char]
                                                         else "")
    return f"補完 card {card.name} ({char}): {nxt}"


class EvaPresenter:
    """The words of both EVA game keys: each method dispatches on the view's type."""

    reveals: Mapping[str, Reveal] = REVEALS

    def board_lines(self, view: Any) -> list[str]:
        if isinstance(view, EvaShortView):
            return self._board_short(view)
        if isinstance(view, EvaView):
            return self._board_std(view)
        return GenericPresenter().board_lines(view)

    def action_text(self, view: Any, action: Any) -> str:
        text = None
        if isinstance(view, EvaShortView):
            text = self._action_short(view, action)
        elif isinstance(view, EvaView):
            text = self._action_std(view, action)
        return text if text is not None else GenericPresenter().action_text(view, action)

    def decision_text(self, view: Any, legal: Sequence[Any]) -> str:
        if isinstance(view, EvaShortView):
            return self._decision_short(view, legal)
        if isinstance(view, EvaView):
            return self._decision_std(view, legal)
        return GenericPresenter().decision_text(view, legal)

    # ------------------------------------------------------------------------------------------ the city

    def _city_lines(self, view: EvaView | EvaShortView) -> list[str]:
        down, group = view.down, view.group
        lines = []
        for c in range(N_CHARS):
            if down[c]:
                state = "DOWN (face down, cannot speak)"
            else:
                state = "up, may speak" if view.can_speak(c) else "up, has spoken its card(s) this turn"
            mates = [CHAR_NAMES[o] for o in range(N_CHARS) if o != c and group[c] >= 0 and group[o] == group[c]]
            grouped = f"grouped with {', '.join(mates)}" if mates else "no group"
            talks = [CHAR_NAMES[t] for t in range(N_CHARS) if view.reach(c, t)]
            line = f"  {CHAR_NAMES[c]:<8} {state}; {grouped}; talks to {', '.join(talks) or 'no one'}"
            if isinstance(view, EvaView):
                line += f"; under: {_names(view.under_char(c))}"
            lines.append(line)
        return lines

    # ------------------------------------------------------------------------------------------ standard rules

    def _board_std(self, view: EvaView) -> list[str]:
        me = view.player
        whose = "your turn" if view.active == me else f"P{view.active + 1}'s turn"
        head = f"Turn {view.turn}, {whose}: {PHASE_TEXT.get(view.phase, str(view.phase))}"
        if view.window is not None:
            head += f", {WINDOW_TEXT[view.window]}"
        lines = [f"{head}.  You are P{me + 1}."]
        lines.append("Tokyo-3 (第3新東京市), the main characters:")
        lines.extend(self._city_lines(view))
        for e in range(N_EVAS):
            pilot = view.pilot(e)
            state = "DOWN" if view.eva_down[e] else "up"
            pilot_state = "down" if view.down[pilot] else "up"
            lines.append(f"  {EVA_NAMES[e]:<8} {state}; pilot {CHAR_NAMES[pilot]} ({pilot_state}); strength "
                         f"{view.eva_strength(e)}; under: {_names(view.under_eva(e))}")
        angel = view.angel()
        where = f"{angel.name} (strength {angel.strength}) is in the city" if angel is not None else "none in the city"
        text = printed_texts("eva").get(angel.id, "") if angel is not None else ""
        lines.append(f"使徒: {where}{' (' + text + ')' if text else ''}; {view.angels_queued()} face down waiting; "
                     f"{view.angels_defeated} defeated so far.")
        battle = view.battle()
        if battle is not None:
            evas, step, total, strength, forced = battle
            out = ", ".join(EVA_NAMES[e] for e in evas) or "no Eva yet"
            stage = "choosing the Evas" if step == 0 else f"step ({step})"
            won = "; a card has won it for humanity" if forced else ""
            foe = f"{angel.name}'s strength" if angel is not None else "strength"
            lines.append(f"Battle, {stage}: {out} (total {total}) against {foe} {strength}{won}.")
        stage_info = view.stage()
        if stage_info is not None:
            declarer, character, barred = stage_info
            bar = f"; out of the stage: {', '.join(_seat(q, me) for q in barred)}" if barred else ""
            lines.append(f"補完ステージ: {_seat(declarer, me)} declared 補完 of {_char(character)}: 求 セリフ "
                         f"answered by 傷 セリフ{bar}.")
        if view.last_stand():
            lines.append("Last stand: one player is left and a 使徒 is in Tokyo-3: it must be defeated.")
        spoken = view.spoken()
        if spoken:
            lines.append("Spoken this turn:")
            lines.extend(f"  {_spoken_std(sp, me)}" for sp in spoken)
        offered = view.offered()
        if offered is not None:
            lines.append(f"Offered for <対抗> now: {_offer_std(offered, me)}.")
            answers = view.offered_answers()
            if answers is not None:
                lines.append(f"  (it answers {_offer_std(answers, me)}, which takes effect if it is answered)")
        lines.append("Players (clockwise):")
        for seat in range(view.players):
            if view.out(seat):
                lines.append(f"  P{seat + 1}{' (you)' if seat == me else ''}: dropped out (脱落); "
                             f"discard {len(view.discard(seat))}")
                lines.extend(_pile_lines(view, seat, me))
                continue
            extra = ""
            if seat == me:
                angels = sum(1 for c in view.deck_cards() if c.kind is Kind.ANGEL)
                extra = f" ({angels} 使徒 among them)" if angels else ""
            points = sum(sp.card.draw_points for sp in spoken if sp.owner == seat)
            pts = f", draw points this turn {_signed(points)}" if any(sp.owner == seat for sp in spoken) else ""
            lines.append(f"  P{seat + 1}{' (you)' if seat == me else ''}: hand {view.hand_size(seat)}, deck "
                         f"{view.deck_size(seat)}{extra}, discard {len(view.discard(seat))}{pts}; "
                         f"{_hokan_words(view, seat)}")
            lines.extend(_pile_lines(view, seat, me))
        choice = _choice_line(view)
        if choice is not None:
            lines.append(choice)
        lines.append(_deck_line(view))
        hand = [c for c in (view.card(u) for u in view.hand()) if c is not None]
        lines.append(f"Your hand ({len(hand)}):")
        lines.extend(f"  {copies}{_hand_std(card)}" for copies, card in _grouped(hand))
        return lines

    def _action_std(self, view: EvaView, action: Any) -> str | None:
        t = type(action)
        me = view.player
        if t is A.Pass:
            return "Pass (speak nothing now; the window closes when everyone passes in a row)"
        if t is A.Speak:
            card = view.card(action.card)
            if card is None:
                return None
            if action.serif:
                return (f"セリフ: {_serif_words(card, action.mark)}{_mark_note(card, action.mark)} with "
                        f"{card.name} (draw {_signed(card.draw_points)})")
            who = "(OTHER) card" if card.colour == OTHER else f"{_char(card.colour)} speaks"
            target = _target_text(card, action.target)
            if card.is_put:
                where = f": goes under {target} in the second draw phase" if target else ""
            elif target:
                where = f" on {target}"
            elif any(e.verb is Verb.SORTIE for e in card.effects) and action.target < 0:
                where = " (no fight now: for its draw points)"
            else:
                where = ""
            return f"Speak {card.name} ({card.type}, {who}){where} (draw {_signed(card.draw_points)})"
        if t is A.Counter:
            card = view.card(action.card)
            offered = view.offered()
            if card is None or offered is None:
                return None
            serif = offered.serif or bool(offered.card.card_counter)
            how = f"as {_char(card.serif_colour)}'s セリフ" if serif else f"card side, {_char(card.colour)} speaks"
            return f"<対抗> with {card.name} ({how}): {_offer_std(offered, me)} has no effect"
        if t is A.Decline:
            offered = view.offered()
            if offered is None:
                return "No <対抗>"
            return f"No <対抗>: let {_offer_std(offered, me)} take effect"
        if t is A.Deploy:
            e = action.eva
            return (f"Send {EVA_NAMES[e]} out (strength {view.eva_strength(e)}, pilot {CHAR_NAMES[view.pilot(e)]}"
                    f"{', down: a card lets it fly' if view.down[view.pilot(e)] else ''})")
        if t is A.Launch:
            battle = view.battle()
            if battle is None:
                return "Launch"
            evas, _step, total, strength, _forced = battle
            if not evas:
                return f"Launch no Eva: the battle is lost (against strength {strength})"
            return f"Launch {', '.join(EVA_NAMES[e] for e in evas)}: total {total} against strength {strength}"
        if t is A.Discard:
            card = view.card(action.card)
            return f"Discard {card.name}" if card is not None else None
        if t is A.Take:
            if action.card < 0:
                return "Stop: take no more cards"
            card = view.card(action.card)
            source = "your deck" if view.pending is ChoiceKind.TUTOR else "your discard pile"
            return f"Take {card.name} from {source} to your hand" if card is not None else None
        if t is A.Declare:
            own = view.hokan(me)
            char = _char(own.hokan_char) if own is not None else "your character"
            if action.yes:
                return f"Declare 補完 of {char}: the 補完ステージ begins (seek {char} with ● セリフ)"
            return "Do not declare 補完 (the turn ends)"
        if t is A.StagePlay:
            card = view.card(action.card)
            st = view.stage()
            if card is None or st is None:
                return None
            declarer, character, _barred = st
            if me == declarer:
                return f"Seek ●{_char(character)} with {card.name}"
            return f"Hurt ▲{_char(character)} with {card.name}"
        if t is A.StagePass:
            st = view.stage()
            if st is not None and st[0] == me:
                return "Speak nothing: the 補完 fails (the others draw the cards they used)"
            return "Do not hurt: you are out of this stage"
        return None

    def _decision_std(self, view: EvaView, legal: Sequence[Any]) -> str:
        me = view.player
        pending = view.pending
        if pending is ChoiceKind.DISCARD:
            choice = view.pending_choice()
            left = f" ({choice[1]} more)" if choice is not None else ""
            return ("Second draw phase: the cards you spoke this turn add up to negative draw points, so you discard "
                    f"that many cards of your choice{left}, one at a time (EVA-DRAW2-2).")
        if pending is ChoiceKind.RECOVER:
            return ("A card's recover effect: take cards (not 使徒) from your discard pile to your hand one at a "
                    "time, or stop (EVA-CARD-3; the effect vocabulary's recover).")
        if pending is ChoiceKind.TUTOR:
            return ("A card's search effect: take a card of the named type from your deck to your hand (then the "
                    "deck is shuffled), or stop (EVA-CARD-3; the effect vocabulary's tutor).")
        if pending is ChoiceKind.DECLARE:
            return ("⑤ 補完 phase: your 補完 card is at level 2 and its character is up: declare 補完 or not "
                    "(EVA-HOKAN-3).\nDeclaring starts the 補完ステージ: you seek it with ● セリフ, the others answer "
                    "with ▲ セリフ; if no one can, you win (EVA-HOKAN-5..8, EVA-WIN-1).")
        offered = view.offered()
        if offered is not None:
            rules = "EVA-COUNTER-1, EVA-COUNTER-2, EVA-COUNTER-3, I-COUNTER"
            if offered.serif:
                rules += ", EVA-SERIF-5" if 0 <= offered.mark < len(offered.card.marks) and \
                    offered.card.marks[offered.mark][0] is Mark.HURT else ", EVA-SERIF-7"
            return (f"<対抗>: {_offer_std(offered, me)} was just spoken; before it takes effect you may answer it "
                    f"with a <対抗> card, which cancels it (it still counts as spoken), or let it be ({rules}).")
        st = view.stage()
        if st is not None:
            declarer, character, _barred = st
            if me == declarer:
                return (f"補完ステージ: seek ●{_char(character)} with a セリフ; if no one answers with a ▲ you win. "
                        "Speaking nothing fails the 補完 (EVA-HOKAN-5, EVA-HOKAN-7, EVA-HOKAN-8, EVA-HOKAN-9).")
            return (f"補完ステージ: P{declarer + 1} seeks {_char(character)}; answer with a セリフ that hurts "
                    f"▲{_char(character)}, or be out of the stage; if no one hurts, P{declarer + 1} wins "
                    "(EVA-HOKAN-6, EVA-HOKAN-8, EVA-WIN-1).")
        window = view.window
        if window is not None:
            who = "your turn" if view.active == me else f"P{view.active + 1}'s turn"
            serif = "; a セリフ goes only to a character its speaker talks to" if window is WindowKind.MAIN else ""
            return (f"{PHASE_TEXT[view.phase]}, {who}: {WINDOW_TEXT[window]}.\nSpeak a card from your hand (each "
                    f"main character speaks one card a turn, more with character cards under it{serif}), or pass; "
                    f"the window closes when everyone passes in a row ({WINDOW_RULES[window]}).")
        battle = view.battle()
        if battle is not None:
            return ("② battle phase: send the main Evas out one at a time (an Eva whose pilot is down stays "
                    "home), then launch; with no Eva the battle is lost (EVA-BATTLE-3, I-BATTLE).\nThe Evas' "
                    "total must beat the 使徒's strength (EVA-BATTLE-5); a loss downs them and costs 3 random "
                    "cards (EVA-BATTLE-8, EVA-BATTLE-9).")
        return f"Choose one of the {len(legal)} legal actions (EVA-TALK-1)."

    # ------------------------------------------------------------------------------------------ short rule

    def _board_short(self, view: EvaShortView) -> list[str]:
        me, opp = view.player, 1 - view.player
        first = "you speak" if view.active == me else f"P{view.active + 1} speaks"
        limit = "each character speaks one card a turn" if view.talk_limit else "no talk limit"
        lines = [f"Turn {view.turn}, short rule: {first} first this turn; {view.passes} 「パス」 in a row (two end "
                 f"the turn); {limit}.  You are P{me + 1}."]
        mine = view.character
        maybe = [CHAR_NAMES[c] for c in range(N_CHARS) if c != mine and not view.down[c] and not view.cleared[c]]
        downed = " (DOWN)" if 0 <= mine < N_CHARS and view.down[mine] else ""
        lines.append(f"Your character (secret): {_char(mine)}{downed}. P{opp + 1}'s: hidden, one of "
                     f"{', '.join(maybe) or 'none'}.")
        lines.append("Tokyo-3 (第3新東京市):")
        lines.extend(self._city_lines(view))
        cleared = [CHAR_NAMES[c] for c in range(N_CHARS) if view.cleared[c]]
        if cleared:
            lines.append(f"Downed at some time (so no one's character): {', '.join(cleared)}.")
        spoken = view.spoken()
        if spoken:
            lines.append("Spoken this turn:")
            for card, owner, mark, cancelled in spoken:
                what = (f"{_char(card.serif_colour)}'s <対抗> セリフ {card.name}" if mark < 0
                        else f"{_serif_words(card, mark)} with {card.name}")
                lines.append(f"  {_seat(owner, me)}: {what}{' (cancelled)' if cancelled else ''}")
        offered = view.offered()
        if offered is not None:
            card, speaker, mark = offered
            lines.append(f"Offered for <対抗> now: P{opp + 1}'s {_serif_words(card, mark, speaker)} with {card.name}.")
        history = view.history()
        lines.append("Players:")
        for seat in (0, 1):
            said = self._history_words(history, seat)
            lines.append(f"  P{seat + 1}{' (you)' if seat == me else ''}: hand {view.hand_size(seat)}, deck "
                         f"{view.deck_size(seat)}, discard {len(view.discard(seat))}; セリフ so far: {said}")
            lines.extend(_pile_lines(view, seat, me))
        lines.append(_deck_line(view))
        hand = [c for c in (view.card(u) for u in view.hand()) if c is not None]
        lines.append(f"Your hand ({len(hand)}):")
        lines.extend(f"  {copies}{card.name}: {_serif_side(card)}" for copies, card in _grouped(hand))
        return lines

    @staticmethod
    def _history_words(history: Sequence[tuple[int, int, int]], seat: int) -> str:
        """What a seat's セリフ aimed at so far (public): 'hurt Rei 2, seek Asuka; answered a hurt on Shinji'."""
        labels = ("hurt", "seek", "answered a hurt on", "answered a seek of")
        counts: dict[tuple[int, int], int] = {}
        for who, what, char in history:
            if who == seat:
                counts[(what, char)] = counts.get((what, char), 0) + 1
        parts = []
        for (what, char), n in sorted(counts.items()):
            parts.append(f"{labels[what] if 0 <= what < 4 else what} {_char(char)}{f' {n}x' if n > 1 else ''}")
        return ", ".join(parts) or "none"

    def _action_short(self, view: EvaShortView, action: Any) -> str | None:
        t = type(action)
        opp = 1 - view.player
        if t is A.Speak:
            card = view.card(action.card)
            if card is None or not 0 <= action.mark < len(card.marks):
                return None
            return f"セリフ: {_serif_words(card, action.mark)}{_mark_note(card, action.mark)} with {card.name}"
        if t is A.PassDiscard:
            if action.card < 0:
                return "Say 「パス」 (your hand is empty)"
            card = view.card(action.card)
            return f"Say 「パス」, discarding {card.name}" if card is not None else None
        offered = view.offered()
        said = (f"P{opp + 1}'s {_serif_words(offered[0], offered[2], offered[1])} ({offered[0].name})"
                if offered is not None else "the セリフ")
        if t is A.Counter:
            card = view.card(action.card)
            if card is None:
                return None
            return (f"<対抗> with {card.name} ({_char(card.serif_colour)}'s セリフ): cancel {said}; P{opp + 1} "
                    "speaks next")
        if t is A.Decline:
            return f"No <対抗>: let {said} take effect"
        return None

    def _decision_short(self, view: EvaShortView, legal: Sequence[Any]) -> str:
        opp = 1 - view.player
        offered = view.offered()
        if offered is not None:
            card, speaker, mark = offered
            return (f"Short rule: P{opp + 1} spoke {_serif_words(card, mark, speaker)} ({card.name}). Answer it "
                    f"with a <対抗> セリフ to cancel it (then P{opp + 1} speaks again and you do not), or let it "
                    "take effect (EVA-SHORT-8, EVA-SHORT-9, I-COUNTER, I-SHORT).")
        return (f"Short rule: speak a セリフ (a ▲ hurts: a grouped character leaves its group, one in no group is "
                "downed; a ● seeks: groups or revives), or say 「パス」 discarding a card; two passes in a row end "
                "the turn (EVA-SHORT-8, EVA-SHORT-9, EVA-SHORT-10, EVA-SERIF-6, EVA-SERIF-8).\nDown the "
                f"character P{opp + 1} is secretly in charge of to win; if yours is downed you lose (EVA-SHORT-2).")


PRESENTER = EvaPresenter()
