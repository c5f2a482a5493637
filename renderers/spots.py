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

This module is the numbering every game shares; each game's renderer says
which of its moves point at which places (`renderers.sequence.sequence_spots`,
`renderers.euchre.euchre_spots`, `renderers.katan.katan_spots`), so a new game
adds its spots beside its pictures and nothing here.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

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
