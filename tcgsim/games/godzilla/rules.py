"""The Legends of GODZILLA deck construction (seed: 事前準備), as data. Rule ids: docs/rules/godzilla.md."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from tcgsim.construction import ConstructionRules, CopyLimits, ResolvedDeck, SectionRule, Severity, Violation, quote

MAIN_MIN = 40  # GZ-DECK-1: メイン・デッキ 40枚以上
BATTLE_MIN = 20  # GZ-DECK-7: バトル・デッキ 20枚以上
COPY_LIMIT = 3  # GZ-DECK-3 / GZ-DECK-9: 同一カードはデッキに 3枚まで (平地 unlimited, unique once: card data)
ARMY_TYPES = frozenset({"base", "monster", "event", "operation"})  # 軍団カード (blue backs)
WIN_OPEN_BASES = 8  # GZ-WIN-3: 8 or more open bases kept on one's field (checked in turn.py, counted here)


def fieldable_bases(bases: Iterable[tuple[str, bool]], standing: Iterable[str] = ()) -> int:
    """How many of these base cards, (card id, unlimited) each, may stand in one row at once beside the bases of
    ids `standing` already in it: every 平地 (unlimited), any other base once and not at all when a copy stands
    (GZ-BASE-9). A player whose row and fieldable bases come to fewer than WIN_OPEN_BASES cannot win by GZ-WIN-3;
    the deck check warns of such a deck, the styles attack once it is their row (games/godzilla/ai.py)."""
    named = set(standing)
    count = 0
    for card_id, unlimited in bases:
        if unlimited:
            count += 1
        elif card_id not in named:
            named.add(card_id)
            count += 1
    return count


def _needs_a_base(rd: ResolvedDeck) -> Iterator[Violation]:
    """GZ-DECK-6: 初期配置用に、拠点カードが 1枚は入っている必要がある."""
    if "main" in rd.deck.sections and not any(card.type == "base" for card, _n, _l in rd.cards("main")):
        yield Violation("GZ-NO-BASE", "the main deck has no base; one is needed for the initial placement",
                        None, rd.line_of("main"))
        return
    # GZ-DECK-6 (warning): bases other than 平地 are unique on the field (GZ-BASE-9), so the bases a deck can have
    # on the field at once are its Plains plus one of each other base
    fieldable = fieldable_bases((card.id, card.max_copies is None)
                                for card, n, _l in rd.cards("main") if card.type == "base" for _copy in range(n))
    if "main" in rd.deck.sections and fieldable < WIN_OPEN_BASES:
        yield Violation("GZ-FEW-BASES", f"the main deck can have only {fieldable} bases on the field at once (平地 "
                        f"plus one of each other base): it cannot win by {WIN_OPEN_BASES} open bases (GZ-WIN-3)",
                        None, rd.line_of("main"), Severity.WARNING)


def _stock_is_reachable(rd: ResolvedDeck) -> Iterator[Violation]:
    """GZ-STOCK-1: a stock card that no monster of the deck can evolve (or fuse, or devolve) into is a warning."""
    reachable: set[str] = set()
    frontier = [card for card, _n, _l in rd.cards("main") if card.type == "monster"]
    stock = {card.id: card for card, _n, _l in rd.cards("stock")}
    present = {c.id for c in frontier}
    while frontier:
        card = frontier.pop()
        for target in [*card.stat("evolves_to", []), *card.stat("devolves_to", [])]:
            if target not in reachable:
                reachable.add(target)
                if target in stock:
                    frontier.append(stock[target])
                    present.add(target)
    for card in stock.values():  # a fused form is reachable when all its parts can be on the field
        parts = card.stat("fusion") or []
        if parts and all(p in present or p in reachable for p in parts):
            reachable.add(card.id)
    for card, _n, line in rd.cards("stock"):
        if card.type != "monster":
            yield Violation("GZ-STOCK-TYPE", f"{quote(card.name)} is a {card.type} card; the card stock holds monsters "
                            "to evolve into", card.name, line)
        elif card.id not in reachable:
            yield Violation("GZ-STOCK-UNUSED", f"{quote(card.name)} is in the stock, but no monster of the deck can "
                            "evolve into it", card.name, line, Severity.WARNING)


def _playable_monsters(rd: ResolvedDeck) -> Iterator[Violation]:
    """GZ-DECK-10 / GZ-DECK-11 (warnings): blue monsters only arrive by evolution, and the initial placement
    needs red monsters that share an attribute with a base of the deck."""
    main = rd.cards("main")
    base_attrs = {a for card, _n, _l in main if card.type == "base" for a in card.stat("attributes", [])}
    reds = [card for card, _n, _l in main if card.type == "monster" and card.stat("rebellion_color") == "red"]
    for card, _n, line in main:
        if card.type == "monster" and card.stat("rebellion_color") == "blue":
            yield Violation("GZ-BLUE-IN-MAIN", f"{quote(card.name)} has a blue rebellion value: it enters play only "
                            "by evolution, so in the main deck it can never be placed", card.name, line,
                            Severity.WARNING)
    if main and not any(set(card.stat("attributes", [])) & base_attrs for card in reds):
        yield Violation("GZ-NO-OPENING", "no red monster of the main deck shares an attribute with a base of the "
                        "deck: nothing can be placed at the start", None, rd.line_of("main"), Severity.WARNING)


CONSTRUCTION = ConstructionRules(
    game="godzilla",
    prefix="GZ",
    copy_limits=CopyLimits(COPY_LIMIT),
    sections=(
        SectionRule(
            key="main", label="main deck", allowed_types=ARMY_TYPES, min_cards=MAIN_MIN,
            size_code="GZ-MAIN-SIZE", type_code="GZ-MAIN-TYPE", copies_code="GZ-COPIES",
        ),
        SectionRule(
            key="battle", label="battle deck", allowed_types=frozenset({"battle"}), min_cards=BATTLE_MIN,
            size_code="GZ-BATTLE-SIZE", type_code="GZ-BATTLE-TYPE", copies_code="GZ-BATTLE-COPIES",
        ),
        SectionRule(
            key="stock", label="card stock", allowed_types=frozenset({"monster"}), required=False,
            counts_copies=False,  # the stock is the player's collection, not a deck: no copy limit
            size_code="GZ-STOCK-SIZE", type_code="GZ-STOCK-TYPE", copies_code="GZ-STOCK-COPIES",
        ),
    ),
    extra_checks=(_needs_a_base, _stock_is_reachable, _playable_monsters),
)
