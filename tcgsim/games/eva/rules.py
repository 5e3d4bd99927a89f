"""新世紀エヴァンゲリオン deck construction (seed: デッキ構築ルール), as data. Rule ids: docs/rules/eva.md."""

from __future__ import annotations

from collections.abc import Iterator

from tcgsim.construction import ConstructionRules, CopyLimits, ResolvedDeck, SectionRule, Violation

MAIN_MIN = 30  # EVA-DECK-1: 補完カード以外のカードからなるデッキ30枚以上
COPY_LIMIT = 3  # EVA-DECK-3: 同じカードは3枚まで (same name = same card, FAQ)
CARDS_PER_ANGEL = 15  # EVA-DECK-4: デッキ15枚につき最低1枚の「使徒カード」
DECK_TYPES = frozenset({"character", "eva", "drama", "battle", "put", "angel"})


def _angels(rd: ResolvedDeck) -> Iterator[Violation]:
    """EVA-DECK-4: one 使徒 per full 15 cards (EVA-DECK-5, each 使徒 once, is a copy limit: copy_limits.by_type)."""
    if "main" not in rd.deck.sections:
        return
    angels = [(card, n, line) for card, n, line in rd.cards("main") if card.type == "angel"]
    needed = rd.size("main") // CARDS_PER_ANGEL
    have = sum(n for _c, n, _l in angels)
    if have < needed:
        yield Violation("EVA-ANGELS", f"the deck has {rd.size('main')} cards and {have} 使徒; at least {needed} "
                        f"needed (one per {CARDS_PER_ANGEL} cards)", None, rd.line_of("main"))


CONSTRUCTION = ConstructionRules(
    game="eva",
    prefix="EVA",
    copy_limits=CopyLimits(COPY_LIMIT, {"angel": 1}),  # EVA-DECK-5: 使徒カードは同じカード1枚まで
    copies_by_name=True,
    sections=(
        SectionRule(
            key="main", label="deck", allowed_types=DECK_TYPES, min_cards=MAIN_MIN,  # EVA-DECK-2: no 補完 inside
            size_code="EVA-DECK-SIZE", type_code="EVA-DECK-TYPE", copies_code="EVA-COPIES",
        ),
        SectionRule(
            key="hokan", label="補完 card", allowed_types=frozenset({"hokan"}), min_cards=1, max_cards=1,
            counts_copies=False,  # EVA-DECK-6: exactly one 補完 card, outside the deck
            size_code="EVA-HOKAN", type_code="EVA-HOKAN-TYPE", copies_code="EVA-HOKAN",
        ),
    ),
    extra_checks=(_angels,),
)
