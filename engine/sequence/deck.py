"""Cards as Sequence sees them: two packs, jacks that are wild or remove, and
the app's block deal (NATIVE.md §5.3.5)."""

from typing import Final

from engine.cards import Card, Rank, Suit, card
from engine.kotlin_random import KotlinRandom, shuffled

DECK: Final = tuple(range(52)) * 2
"""Two packs, each suit-major C, D, H, S with ranks TWO … ACE: the app's order."""

TWO_EYED: Final = frozenset({card(Rank.JACK, Suit.DIAMONDS), card(Rank.JACK, Suit.CLUBS)})
"""Wild: a chip on any empty square that is not a corner."""
ONE_EYED: Final = frozenset({card(Rank.JACK, Suit.HEARTS), card(Rank.JACK, Suit.SPADES)})
"""Remove one opposing chip that is not locked in a sequence."""

PLAIN, WILD, REMOVER = 0, 1, 2
KIND: Final = tuple(
    WILD if c in TWO_EYED else REMOVER if c in ONE_EYED else PLAIN for c in range(52)
)
"""Per card, how it is played; a tuple lookup is cheaper than set tests on the hot path."""


def hand_size(players: int) -> int:
    if players <= 2:
        return 7
    if players <= 4:
        return 6
    if players <= 6:
        return 5
    if players <= 9:
        return 4
    return 3


def deal(seed: int, players: int) -> tuple[list[list[Card]], list[Card]]:
    """Hands in seat order and the draw pile, from one shuffle with `Random(seed)`.

    Seat 0 takes the first block of cards, seat 1 the next, and so on, so the same
    seed deals the same hands as the app.
    """
    cards = shuffled(DECK, KotlinRandom(seed))
    size = hand_size(players)
    hands = [cards[s * size : (s + 1) * size] for s in range(players)]
    return hands, cards[players * size :]


def reshuffled(discards: list[Card], seed: int) -> list[Card]:
    """The new draw pile when the old one runs out; the caller picks the seed."""
    return shuffled(discards, KotlinRandom(seed))
