"""Euchre's moves: the app's five (NATIVE §5.2.3) and the two toggle moves.

Moves are small frozen values compared by content, as the app compares them
("structural equality" against the legal list). Every possible move exists
once, built at import, so listing legal moves allocates nothing but the list.
What each kind's fields are, its label, command and JSON: `kinds.py`.
"""

from dataclasses import dataclass
from typing import Final

from engine.cards import Card, Suit


@dataclass(frozen=True, slots=True)
class Pass:
    """Also declines a toggle's offer (defend alone, farmer's hand)."""


@dataclass(frozen=True, slots=True)
class OrderUp:
    alone: bool


@dataclass(frozen=True, slots=True)
class CallTrump:
    suit: Suit
    alone: bool


@dataclass(frozen=True, slots=True)
class Discard:
    """The dealer's discard after an order-up, or a farmer returning a card."""

    card: Card


@dataclass(frozen=True, slots=True)
class PlayCard:
    card: Card


@dataclass(frozen=True, slots=True)
class DefendAlone:
    """Toggle `defendAlone`: a defender plays alone against a lone maker."""


@dataclass(frozen=True, slots=True)
class FarmersHand:
    """Toggle `farmersHand`: exchange a nines-and-tens hand with the kitty."""


EuchreMove = Pass | OrderUp | CallTrump | Discard | PlayCard | DefendAlone | FarmersHand

PASS: Final = Pass()
ORDER_UP: Final = (OrderUp(alone=False), OrderUp(alone=True))
"""`ORDER_UP[alone]`."""
CALL_TRUMP: Final = tuple((CallTrump(s, False), CallTrump(s, True)) for s in Suit)
"""`CALL_TRUMP[suit][alone]`."""
DISCARD: Final = tuple(Discard(c) for c in range(52))
PLAY: Final = tuple(PlayCard(c) for c in range(52))
DEFEND_ALONE: Final = DefendAlone()
FARMERS_HAND: Final = FarmersHand()
