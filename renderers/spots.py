"""The one numbering of the spots a seat may choose now.

A private overlay draws a numbered marker on every spot that some legal move
targets (a Sequence square, a Euchre card in hand, a Katan crossing, edge or
hex). The chat layer builds its menus and reads typed commands from the same
`Spots` value, so the number on the image is the number the menu offers.

A spot's number is the name the engine already gives the place wherever it has
one: the Sequence cell id (0–99, as in "play K♥ on 29") and the Katan crossing,
edge and hex ids (as in "build road 12"), which the geometry assigns top to
bottom, left to right. So a number means the same place on every image of the
game, in the text rendering and in the engine's move labels, and a number read
off an older image is either still that place or refused with a reason, never
silently another place. Euchre cards have no id: their number is the card's
position in the hand, 1 at the left.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final, Generic, TypeVar

from engine.cards import Card
from engine.euchre.moves import Discard, EuchreMove, PlayCard
from engine.katan.moves import BUILD_CITY, BUILD_ROAD, BUILD_SETTLEMENT, MOVE_ROBBER
from engine.katan.moves import Move as KatanMove
from engine.sequence.moves import Move as SequenceMove

M = TypeVar("M")


@dataclass(frozen=True, slots=True)
class Spot(Generic[M]):
    number: int
    """What the marker shows and the menu lists."""
    place: int
    """What the renderer draws the marker on: a cell, crossing, edge or hex id, or a card."""
    moves: tuple[M, ...]
    """The legal moves that target this place, in legal order (a Sequence square
    may take either of two cards; the menu then asks which)."""


@dataclass(frozen=True, slots=True)
class Spots(Generic[M]):
    """The numbered spots of one decision, in ascending number order."""

    kind: str
    """What a place is: "cell", "card", "crossing", "edge" or "hex"."""
    spots: tuple[Spot[M], ...]

    def __len__(self) -> int:
        return len(self.spots)

    def numbered(self) -> tuple[tuple[int, int], ...]:
        """(number, place) pairs: what an overlay draws."""
        return tuple((s.number, s.place) for s in self.spots)

    def number_of(self, place: int) -> int | None:
        """The number drawn on `place`, or None when no legal move targets it."""
        return next((s.number for s in self.spots if s.place == place), None)

    def moves_at(self, number: int) -> tuple[M, ...]:
        """The legal moves behind marker `number`; empty for a number not shown."""
        return next((s.moves for s in self.spots if s.number == number), ())


def number_spots(
    kind: str,
    moves: Sequence[M],
    place_of: Callable[[M], int | None],
    number_of: Callable[[int], int],
) -> Spots[M]:
    """Group `moves` by the place they target (None: not a spot move, e.g. a
    pass) and number each place with `number_of`."""
    grouped: dict[int, list[M]] = {}
    for move in moves:
        place = place_of(move)
        if place is not None:
            grouped.setdefault(place, []).append(move)
    spots = sorted(
        (Spot(number_of(place), place, tuple(found)) for place, found in grouped.items()),
        key=lambda s: s.number,
    )
    return Spots(kind, tuple(spots))


def sequence_spots(legal: Sequence[SequenceMove], card: Card | None = None) -> Spots[SequenceMove]:
    """Squares a chip may go on or come off, numbered by cell id. With `card`,
    only that card's squares: the overlay after a person picked a card.

    Exchanging a dead card targets no square and is left to the menu.
    """

    def cell_of(move: SequenceMove) -> int | None:
        if move.cell is None or (card is not None and move.card != card):
            return None
        return move.cell

    return number_spots("cell", legal, cell_of, lambda cell: cell)


def euchre_spots(legal: Sequence[EuchreMove], hand: Sequence[Card]) -> Spots[EuchreMove]:
    """Cards in `hand` the seat may play or discard now, numbered by position in
    the hand (1 at the left, as drawn). Bids are menu choices, not spots."""

    def card_of(move: EuchreMove) -> int | None:
        return move.card if isinstance(move, Discard | PlayCard) else None

    return number_spots("card", legal, card_of, lambda c: list(hand).index(c) + 1)


KATAN_ACTIONS: Final = {
    "road": (BUILD_ROAD, "edge"),
    "settlement": (BUILD_SETTLEMENT, "crossing"),
    "city": (BUILD_CITY, "crossing"),
    "robber": (MOVE_ROBBER, "hex"),
}
"""The Katan choices made by pointing at the island, and what they point at."""


def katan_spots(legal: Sequence[KatanMove], action: str) -> Spots[KatanMove]:
    """The places `action` ("road", "settlement", "city", "robber") may go now,
    numbered by edge, crossing or hex id, as the move labels name them ("build
    road 12"). A robber's hex carries one move per seat it could rob."""
    kind, place = KATAN_ACTIONS[action]
    return number_spots(
        place, legal, lambda move: move[1] if move[0] == kind else None, lambda p: p
    )
