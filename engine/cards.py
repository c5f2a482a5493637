"""French-suited playing cards shared by Euchre and Sequence.

A card is a small int (`suit * 13 + rank index`) so hands are plain lists of
ints on the hot path; names, labels and the app's JSON are derived on demand.
"""

from enum import IntEnum
from typing import Any, Final

from engine.errors import BadMove


class Suit(IntEnum):
    """Declaration order is the app's: it orders decks and move lists."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def symbol(self) -> str:
        return "♣♦♥♠"[self]

    @property
    def initial(self) -> str:
        return "CDHS"[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    @property
    def same_colour(self) -> "Suit":
        """The other suit of this colour (the left bower's suit)."""
        return Suit(3 - self)


class Rank(IntEnum):
    """Index 0 is TWO; `value` is the app's rank value (TWO=2 … ACE=14)."""

    TWO = 0
    THREE = 1
    FOUR = 2
    FIVE = 3
    SIX = 4
    SEVEN = 5
    EIGHT = 6
    NINE = 7
    TEN = 8
    JACK = 9
    QUEEN = 10
    KING = 11
    ACE = 12

    @property
    def short(self) -> str:
        return _SHORT[self]


_SHORT: Final = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")

Card = int


def card(rank: Rank, suit: Suit) -> Card:
    return int(suit) * 13 + int(rank)


def suit_of(c: Card) -> Suit:
    return Suit(c // 13)


def rank_of(c: Card) -> Rank:
    return Rank(c % 13)


def rank_value(c: Card) -> int:
    return c % 13 + 2


def label(c: Card) -> str:
    """The app's log label: short rank then suit symbol, e.g. `10♥`."""
    return _SHORT[c % 13] + "♣♦♥♠"[c // 13]


def code(c: Card) -> str:
    """Rank short form and suit initial (`10H`, `JS`), as typed in chats."""
    return _SHORT[c % 13] + "CDHS"[c // 13]


_CARD_JSON: Final = tuple(
    {"rank": Rank(i % 13).name, "suit": Suit(i // 13).name} for i in range(52)
)


def to_json(c: Card) -> dict[str, str]:
    """A fresh `{"rank":…,"suit":…}` dict, rank first as the app writes it."""
    return dict(_CARD_JSON[c])


def from_json(value: Any) -> Card:
    """Decode the app's card JSON; raise `BadMove` naming what is wrong."""
    if not isinstance(value, dict):
        raise BadMove("a card must be an object with rank and suit")
    rank, suit = value.get("rank"), value.get("suit")
    if not isinstance(rank, str) or rank not in Rank.__members__:
        raise BadMove(f"unknown rank {rank!r}; expected one of {', '.join(Rank.__members__)}")
    if not isinstance(suit, str) or suit not in Suit.__members__:
        raise BadMove(f"unknown suit {suit!r}; expected one of {', '.join(Suit.__members__)}")
    return card(Rank[rank], Suit[suit])


def parse_code(text: str) -> Card | None:
    """`JH`, `10h`, `th`, `10♥` → card, or None when it is not a card."""
    t = text.strip().upper().replace("♣", "C").replace("♦", "D").replace("♥", "H")
    t = t.replace("♠", "S")
    if len(t) < 2 or t[-1] not in "CDHS":
        return None
    rank_text = {"T": "10", "1": "A"}.get(t[:-1], t[:-1])
    if rank_text not in _SHORT:
        return None
    return card(Rank(_SHORT.index(rank_text)), Suit("CDHS".index(t[-1])))


__all__ = [
    "Card",
    "Rank",
    "Suit",
    "card",
    "code",
    "from_json",
    "label",
    "parse_code",
    "rank_of",
    "rank_value",
    "suit_of",
    "to_json",
]
