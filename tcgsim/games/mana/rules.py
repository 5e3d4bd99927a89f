"""Legend of Mana CARD DUEL deck construction (seed: 事前準備), as data. Rule ids: docs/rules/mana.md."""

from __future__ import annotations

from tcgsim.construction import ConstructionRules, CopyLimits, SectionRule

MAIN_MIN, MAIN_MAX = 40, 60  # MANA-DECK-1: デッキ枚数 40 ～ 60枚
COPY_LIMIT = 4  # MANA-DECK-3: 同一カードはデッキに 4枚まで
PARTY_DECK_SIZE = 8  # MANA-DECK-4: キャラクターデッキ 8枚ちょうど


def _unmodelled(pool):  # type: ignore[no-untyped-def]
    from tcgsim.games.mana.effects import unmodelled_card_ids

    return unmodelled_card_ids(pool)


CONSTRUCTION = ConstructionRules(
    game="mana",
    prefix="MANA",
    copy_limits=CopyLimits(COPY_LIMIT),
    sections=(
        SectionRule(
            key="main", label="main deck",
            allowed_types=frozenset({"artifact", "monster", "support", "item"}),  # MANA-DECK-2: no characters
            min_cards=MAIN_MIN, max_cards=MAIN_MAX,
            size_code="MANA-MAIN-SIZE", type_code="MANA-MAIN-TYPE", copies_code="MANA-COPIES",
        ),
        SectionRule(
            key="characters", label="character deck",
            allowed_types=frozenset({"character"}),  # MANA-DECK-5: キャラクターカードのみ
            min_cards=PARTY_DECK_SIZE, max_cards=PARTY_DECK_SIZE,
            distinct=True,  # MANA-DECK-6: カードがすべて異なっていること
            size_code="MANA-CHAR-SIZE", type_code="MANA-CHAR-TYPE", copies_code="MANA-CHAR-DISTINCT",
        ),
    ),
    unmodelled=_unmodelled,
)
