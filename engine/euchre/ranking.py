"""Euchre's card order, precomputed for every trump suit (NATIVE §5.2.4).

Effective suits and trick strengths are table lookups rather than functions
because they sit in the inner loop of every legal-move list, trick resolution
and AI decision.
"""

from typing import Final

from engine.cards import Card, Rank, Suit, card, rank_value

DECKS: Final[dict[int, tuple[Card, ...]]] = {
    size: tuple(
        card(Rank(r), suit)
        for suit in Suit
        for r in range(Rank.NINE if size == 24 else Rank.SEVEN, Rank.ACE + 1)
    )
    for size in (24, 32)
}
"""Suit-major in suit order, ranks ascending: the order the app shuffles."""


def right_bower(trump: int) -> Card:
    return card(Rank.JACK, Suit(trump))


def left_bower(trump: int) -> Card:
    return card(Rank.JACK, Suit(trump).same_colour)


def _effective(trump: int, c: Card) -> int:
    return trump if c == left_bower(trump) else c // 13


def _strength(trump: int, led: int, c: Card) -> int:
    if c == right_bower(trump):
        return 1000
    if c == left_bower(trump):
        return 900
    suit = _effective(trump, c)
    if suit == trump:
        return 800 + rank_value(c)
    if suit == led:
        return 100 + rank_value(c)
    return 0


EFFECTIVE_SUIT: Final = tuple(tuple(_effective(t, c) for c in range(52)) for t in range(4))
"""`EFFECTIVE_SUIT[trump][card]`: trump for the left bower, else the printed suit."""

STRENGTH: Final = tuple(
    tuple(tuple(_strength(t, led, c) for c in range(52)) for led in range(4)) for t in range(4)
)
"""`STRENGTH[trump][led][card]`: higher wins; 0 can never win the trick."""

TRUMP_STRENGTH: Final = tuple(
    tuple(_strength(t, t, c) if _effective(t, c) == t else rank_value(c) for c in range(52))
    for t in range(4)
)
"""A card ranked on its own (the app's `trumpStrength`): trump order, else rank value."""


def is_trump(trump: int, c: Card) -> bool:
    return EFFECTIVE_SUIT[trump][c] == trump
