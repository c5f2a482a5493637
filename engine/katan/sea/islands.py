"""Settling the islands: the first-landing bonus and the Forgotten Tribe's chips.

The first seat to settle an island that is not a start island scores two
points for it, for good. On the Forgotten Tribe, the first settlement beside
a chip hex takes that chip: a point, a 3:1 harbour at the bank wherever the
seat builds, or two resources of its choice at once.
"""

from engine.katan import answers
from engine.katan.events import Events, say
from engine.katan.sea.mapfile import CHIP_NAMES
from engine.katan.sea.state import SeaPart
from engine.katan.state import KatanState

ISLAND_BONUS = 2
POINT_CHIP = 0
HARBOUR_CHIP = 1
GOLD_CHIP = 2
PICK_CHIP = 2


def part(st: KatanState) -> SeaPart:
    sea: SeaPart = st.sea
    return sea


def island_at(st: KatanState, node: int) -> int:
    """The island a crossing is on (-1: it touches only sea)."""
    board = st.board
    for h in board.topology.node_hexes[node]:
        if board.island_of[h] >= 0:
            return int(board.island_of[h])
    return -1


def settled(st: KatanState, seat: int, node: int, ev: Events) -> None:
    """A settlement of the seat's now stands on `node`."""
    sea = part(st)
    island = island_at(st, node)
    if island >= 0 and island not in st.board.start_islands and sea.bonus[island] < 0:
        sea.bonus[island] = seat
        st.points[seat] += ISLAND_BONUS
        if ev is not None:
            say(
                ev,
                "island_bonus",
                f"Seat {seat} is first on island {island}: {ISLAND_BONUS} points",
                seat,
                {"island": island},
            )
    corners = st.board.topology.hex_corner_mask
    for hex_id, kind in sea.chips:
        if corners[hex_id] >> node & 1:
            take_chip(st, seat, hex_id, kind, ev)


def take_chip(st: KatanState, seat: int, hex_id: int, kind: int, ev: Events) -> None:
    sea = part(st)
    sea.chips = tuple(c for c in sea.chips if c[0] != hex_id)
    sea.tribe[seat] = (*sea.tribe[seat], kind)
    if kind == POINT_CHIP:
        st.points[seat] += 1
    elif kind == GOLD_CHIP:
        answers.queue_pick(st, seat, 2, PICK_CHIP)
    if ev is not None:
        say(
            ev,
            "tribe_chip",
            f"Seat {seat} met the Forgotten Tribe on hex {hex_id}: a {CHIP_NAMES[kind]} chip",
            seat,
            {"hex": hex_id, "chip": CHIP_NAMES[kind]},
        )


def has_harbour_chip(st: KatanState, seat: int) -> bool:
    return HARBOUR_CHIP in part(st).tribe[seat]


def points(st: KatanState, seat: int) -> int:
    """Bonus and chip points, from scratch."""
    sea = part(st)
    return ISLAND_BONUS * sea.bonus.count(seat) + sea.tribe[seat].count(POINT_CHIP)
