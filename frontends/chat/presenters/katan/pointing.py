"""Menu nodes for choices made by pointing at the island: the numbered spots
of one move kind (`renderers.katan.kind_spots`), and two-step choices where
a piece is picked first and then where it goes.

A spot whose place carries several moves (a robber hex with two seats to
rob) opens a node keyed `h` + its number; a two-step choice's first level
numbers the pieces that may act (a knight, a ship, the Inventor's first
hex), each opening the numbered places it may go to, so both levels' numbers
are the ids the overlay draws.
"""

from collections.abc import Callable, Sequence

from engine.katan.moves import Move
from frontends.chat.menus import Entry, Leaf, Node
from languages import _
from renderers.katan.places import PLACES, kind_spots, source
from renderers.spots import Spots, number_spots

Label = Callable[[Move], str]


def spots_node(
    key: str,
    label: str,
    title: str,
    legal: Sequence[Move],
    code: int,
    *,
    origin: int | None = None,
    several: Label | None = None,
    several_title: Callable[[int], str] | None = None,
) -> Node:
    """The numbered places moves of kind `code` go to; a place with several
    moves opens a node of them, labelled by `several`."""
    spots = kind_spots(legal, code, origin)
    return Node(key, label, title, _leaves(spots, several, several_title), spots)


def _leaves(
    spots: Spots[Move],
    several: Label | None,
    several_title: Callable[[int], str] | None,
) -> tuple[Entry, ...]:
    out: list[Entry] = []
    for spot in spots.spots:
        if len(spot.moves) == 1:
            out.append(Leaf(str(spot.number), spot.moves[0], spot.number))
            continue
        name = several or (lambda m: str(m))
        inner = tuple(Leaf(name(m), m) for m in spot.moves)
        if several_title is not None:
            title = several_title(spot.number)
        else:
            title = _("At {number}: which?").format(number=spot.number)
        out.append(Node(f"h{spot.number}", f"{spot.number} ▸", title, inner))
    return tuple(out)


def sources(legal: Sequence[Move], code: int) -> Spots[Move]:
    """The pieces (or first hexes) moves of kind `code` start from, numbered by
    their ids; each spot holds every move from there."""
    kind = PLACES[code][0][0]
    return number_spots(
        kind, legal, lambda m: source(m) if m[0] == code else None, lambda place: place
    )


def two_step(
    key: str,
    label: str,
    title: str,
    legal: Sequence[Move],
    code: int,
    step_title: Callable[[int], str],
) -> Node:
    """First the piece, then where it goes: both levels numbered spots."""
    first = sources(legal, code)
    children: list[Entry] = []
    for spot in first.spots:
        inner = spots_node(
            f"h{spot.number}",
            f"{spot.number} ▸",
            step_title(spot.number),
            legal,
            code,
            origin=spot.place,
        )
        children.append(inner)
    return Node(key, label, title, tuple(children), first)
