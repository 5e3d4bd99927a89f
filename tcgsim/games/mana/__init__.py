"""Legend of Mana CARD DUEL (聖剣伝説, Square / Aspect 1999)."""
