"""Which place on the island a move points at, read off the move-kind table.

A numbered spot is the place a move *ends* at: the crossing of a knight to
hire, activate, promote, chase with, place, remove or lose a city on; the
crossing a knight moves *to* (the knight was chosen first); the hex of a
Bishop, a Merchant or an Inventor's second number; the edge of a Diplomat's
road; with Seafarers the edge of a ship to build, the edge a ship sails *to*
and the hex of the pirate, a fortress to raid or a canal tile to dig. A move
with two places of one kind (a knight's move, a ship's sailing, the
Inventor's swap) has its first place as its *source*: the overlay rings it,
so the picture says which knight, ship or hex the numbers belong to. The
step before, choosing that source, numbers the sources themselves
(`source_spots`).
"""

from collections.abc import Sequence
from typing import Final

from engine.katan.kinds import CROSSING, EDGE, HEX, TABLE, Field, size
from engine.katan.moves import Move
from renderers.spots import Spots, number_spots

PLACE_KINDS: Final = frozenset({CROSSING, EDGE, HEX})


def _offsets(fields: tuple[Field, ...]) -> tuple[tuple[str, int], ...]:
    """(place kind, index in the move tuple) of each place field; every place
    field comes before any leg of cards, so the width does not matter."""
    out = []
    i = 1
    for f in fields:
        if f.kind in PLACE_KINDS:
            out.append((f.kind, i))
        i += size(f.kind, 0)
    return tuple(out)


PLACES: Final = tuple(_offsets(k.fields) for k in TABLE)
"""Per move kind code, its place fields in order."""


def target(move: Move) -> tuple[str, int] | None:
    """(kind, id) of the place `move` ends at; None for a move that names none."""
    found = PLACES[move[0]]
    if not found:
        return None
    kind, i = found[-1]
    return kind, move[i]


def source(move: Move) -> int:
    """The first of two places of one kind (the knight that moves, the
    Inventor's first hex), or -1."""
    found = PLACES[move[0]]
    if len(found) < 2 or found[0][0] != found[-1][0]:
        return -1
    return move[found[0][1]]


def common_source(spots: Spots[Move]) -> int:
    """The source every spot's moves share, or -1 (none, several, or the spots
    are the sources themselves, being chosen)."""
    seen = {source(m) for spot in spots.spots for m in spot.moves}
    if any(spot.place in seen for spot in spots.spots):
        return -1
    return seen.pop() if len(seen) == 1 else -1


def kind_spots(legal: Sequence[Move], code: int, origin: int | None = None) -> Spots[Move]:
    """The places moves of kind `code` may go to now, numbered by their crossing,
    edge or hex id as the move labels name them; with `origin`, only the moves
    from that source (one knight's targets, the Inventor's second hex)."""
    found = PLACES[code]
    if not found:
        raise ValueError(f"moves of kind {TABLE[code].name} name no place")

    def place_of(move: Move) -> int | None:
        if move[0] != code or (origin is not None and source(move) != origin):
            return None
        spot = target(move)
        return spot[1] if spot is not None else None

    return number_spots(found[-1][0], legal, place_of, lambda p: p)


def source_spots(legal: Sequence[Move], code: int) -> Spots[Move]:
    """The first step of a two-place move: the sources (the ships that may sail,
    the knights that may move) numbered by their place ids, each spot holding
    every move from it."""
    found = PLACES[code]
    if len(found) < 2 or found[0][0] != found[-1][0]:
        raise ValueError(f"moves of kind {TABLE[code].name} have no source to choose")

    def place_of(move: Move) -> int | None:
        return move[found[0][1]] if move[0] == code else None

    return number_spots(found[0][0], legal, place_of, lambda p: p)
