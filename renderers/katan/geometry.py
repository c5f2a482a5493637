"""Where everything sits, in output pixels: tests read the PNG at these points.

The island is placed from the engine's topology: a hex (q, r) in axial
coordinates, a crossing named by the sum of its three hexes and an edge by the
sum of its two, so one formula places every map, Seafarers' included. With
Cities & Knights a strip along the island's top carries the barbarians, and
the panel's rows grow to hold improvements and knights; with Seafarers they
grow by a line for the fleet and the scenario's counts.
"""

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from engine.katan.geometry import Topology
from renderers.draw import Box, Point

WIDTH: Final = 1200
HEIGHT: Final = 900
ISLAND: Final = (20.0, 20.0, 880.0, 880.0)
"""The sea the island is drawn on; the base game fits the map into all of it."""
STRIP: Final = (30.0, 28.0, 870.0, 76.0)
"""Cities & Knights: the barbarian track, across the top of the sea."""
CITIES_ISLAND: Final = (20.0, 84.0, 880.0, 880.0)
"""Cities & Knights: where the map is fitted, below the strip."""
PANEL: Final = (900.0, 20.0, 1180.0, 880.0)
SQRT3: Final = math.sqrt(3)


@dataclass(frozen=True, slots=True)
class Layout:
    size: float
    """Hex radius (centre to corner) in pixels."""
    hexes: tuple[Point, ...]
    crossings: tuple[Point, ...]
    edges: tuple[tuple[Point, Point], ...]
    harbour_tokens: dict[int, Point]
    """Per harbour edge, where its token sits (out at sea)."""


def _axial(q: float, r: float) -> Point:
    return SQRT3 * (q + r / 2), 1.5 * r


@dataclass(frozen=True, slots=True)
class Plan:
    """The map in hex radii (axial coordinates made Cartesian), before it is
    fitted into pixels: the whole island or only the part around some spots."""

    hexes: tuple[Point, ...]
    crossings: tuple[Point, ...]
    edge_ends: tuple[tuple[int, int], ...]
    harbour_tokens: dict[int, Point]
    extent: Box
    """The whole map, its harbour tokens included."""


@lru_cache(maxsize=16)
def plan(topology: Topology, harbours: tuple[tuple[int, int], ...]) -> Plan:
    unit_hexes = tuple(_axial(q, r) for q, r in topology.hexes)
    tokens: dict[int, Point] = {}
    for edge, _ in harbours:
        mid = _axial(topology.edge_key[edge][0] / 2, topology.edge_key[edge][1] / 2)
        land = next(h for h in topology.edge_hexes[edge] if topology.hex_land[h])
        hx, hy = unit_hexes[land]
        dx, dy = mid[0] - hx, mid[1] - hy
        length = math.hypot(dx, dy)
        tokens[edge] = (mid[0] + dx / length * 0.78, mid[1] + dy / length * 0.78)
    xs = [x + dx for x, _ in unit_hexes for dx in (-SQRT3 / 2, SQRT3 / 2)]
    ys = [y + dy for _, y in unit_hexes for dy in (-1.0, 1.0)]
    xs += [x + d for x, _ in tokens.values() for d in (-0.4, 0.4)]
    ys += [y + d for _, y in tokens.values() for d in (-0.4, 0.4)]
    return Plan(
        hexes=unit_hexes,
        crossings=tuple(_axial(kx / 3, ky / 3) for kx, ky in topology.node_key),
        edge_ends=topology.edge_ends,
        harbour_tokens=tokens,
        extent=(min(xs), min(ys), max(xs), max(ys)),
    )


def fit(p: Plan, focus: Box, area: Box, most: float = math.inf) -> Layout:
    """The layout that shows `focus` (in hex radii) as large as `area` allows,
    centred in it, with hexes no larger than `most` pixels."""
    fx0, fy0, fx1, fy1 = focus
    x0, y0, x1, y1 = area
    size = min((x1 - x0 - 20) / (fx1 - fx0), (y1 - y0 - 20) / (fy1 - fy0), most)
    ox = (x0 + x1) / 2 - size * (fx0 + fx1) / 2
    oy = (y0 + y1) / 2 - size * (fy0 + fy1) / 2

    def place(u: Point) -> Point:
        return ox + u[0] * size, oy + u[1] * size

    crossings = tuple(place(u) for u in p.crossings)
    return Layout(
        size=size,
        hexes=tuple(place(u) for u in p.hexes),
        crossings=crossings,
        edges=tuple((crossings[a], crossings[b]) for a, b in p.edge_ends),
        harbour_tokens={e: place(u) for e, u in p.harbour_tokens.items()},
    )


@lru_cache(maxsize=16)
def layout(topology: Topology, harbours: tuple[tuple[int, int], ...], area: Box = ISLAND) -> Layout:
    """Fit the map, its harbours included, into `area`."""
    whole = plan(topology, harbours)
    return fit(whole, whole.extent, area)


# ---- on the island -------------------------------------------------------------------


def edge_middle(lay: Layout, edge: int) -> Point:
    (ax, ay), (bx, by) = lay.edges[edge]
    return (ax + bx) / 2, (ay + by) / 2


def token_centre(lay: Layout, hex_id: int) -> Point:
    return lay.hexes[hex_id]


def robber_centre(lay: Layout, hex_id: int) -> Point:
    x, y = lay.hexes[hex_id]
    return x - lay.size * 0.55, y + lay.size * 0.05


def merchant_centre(lay: Layout, hex_id: int) -> Point:
    """Below the number token, clear of the robber and of a hex marker."""
    x, y = lay.hexes[hex_id]
    return x, y + lay.size * 0.56


def marker_centre(lay: Layout, kind: str, place: int) -> Point:
    """Where an overlay marker for `place` sits: on the crossing or the edge, or
    to the right of a hex's token (the robber's, bishop's or merchant's choices)."""
    if kind == "crossing":
        return lay.crossings[place]
    if kind == "edge":
        return edge_middle(lay, place)
    x, y = lay.hexes[place]
    return x + lay.size * 0.55, y


def building_probe(lay: Layout, node: int, city: bool) -> Point:
    """A point on a building's body clear of its marking: its colour is its owner's."""
    x, y = lay.crossings[node]
    s = lay.size
    return (x + s * 0.17, y + s * 0.12) if city else (x - s * 0.1, y + s * 0.11)


def road_probes(lay: Layout, edge: int) -> tuple[Point, Point]:
    """A point on each side of a road's marking: a city at one end covers that side's."""
    (ax, ay), (bx, by) = lay.edges[edge]
    return (ax + (bx - ax) * 0.33, ay + (by - ay) * 0.33), (
        ax + (bx - ax) * 0.67,
        ay + (by - ay) * 0.67,
    )


KNIGHT_RADIUS: Final = 0.2
"""A knight's disc, in hex radii."""
HALO: Final = (0.07, 0.1)
"""An active knight's yellow ring and its dark rim reach this far beyond the disc."""
BADGE_RADIUS: Final = 0.1


def knight_probe(lay: Layout, node: int) -> Point:
    """A point on a knight's disc clear of its marking and its strength badge."""
    x, y = lay.crossings[node]
    return x - lay.size * 0.12, y - lay.size * 0.06


def halo_probe(lay: Layout, node: int, rim: bool = False) -> Point:
    """A point on the yellow ring an active knight wears, or with `rim` on its
    dark rim; an asleep knight draws nothing there."""
    x, y = lay.crossings[node]
    reach = (HALO[0] + HALO[1]) / 2 + 0.008 if rim else HALO[0] / 2
    return x, y - lay.size * (KNIGHT_RADIUS + reach)


def badge_centre(lay: Layout, node: int) -> Point:
    """The knight's strength badge (1, 2 or 3), at the disc's lower right."""
    x, y = lay.crossings[node]
    return x + lay.size * 0.14, y + lay.size * 0.13


def wall_probe(lay: Layout, node: int) -> Point:
    """A point on a city's wall, left of and below the city's body."""
    x, y = lay.crossings[node]
    return x - lay.size * 0.37, y + lay.size * 0.2


def tower_probe(lay: Layout, node: int) -> Point:
    """A point on a metropolis's tower, in its track's colour."""
    x, y = lay.crossings[node]
    return x + lay.size * 0.25, y - lay.size * 0.15


def merchant_probe(lay: Layout, hex_id: int) -> Point:
    """A point on the merchant's body: its owner's colour."""
    x, y = merchant_centre(lay, hex_id)
    return x - lay.size * 0.08, y + lay.size * 0.12


SHIP_WIDTH: Final = 0.8
"""A ship's hull along its edge, in hex radii (the edge is one long)."""
FRESH_RIM: Final = (0.09, 0.12)
"""A ship built this turn: its yellow rim and the dark edge round it reach this
far beyond the hull, in hex radii."""
SOURCE_RING: Final = 0.5
"""The ring round a ship chosen to sail, in hex radii from its edge's middle."""


def on_ship(lay: Layout, edge: int, u: float, v: float) -> Point:
    """The point `u` hex radii along the edge from its middle (towards its
    second end, where a ship's bow points) and `v` across it."""
    (ax, ay), (bx, by) = lay.edges[edge]
    length = math.hypot(bx - ax, by - ay)
    ux, uy = (bx - ax) / length, (by - ay) / length
    mx, my = (ax + bx) / 2, (ay + by) / 2
    s = lay.size
    return mx + (u * ux - v * uy) * s, my + (u * uy + v * ux) * s


def ship_probe(lay: Layout, edge: int) -> Point:
    """A point on a ship's hull clear of its marking: its colour is its owner's."""
    return on_ship(lay, edge, -0.11, 0.07)


SHIP_BEAM: Final = 0.2
"""A ship's widest, amidships, each side of its edge (a road is a third of it)."""


def fresh_probe(lay: Layout, edge: int) -> Point:
    """A point beside a ship's widest, on the yellow rim of a ship built this turn."""
    return on_ship(lay, edge, SHIP_WIDTH / 2 * 0.35, SHIP_BEAM + FRESH_RIM[0] * 0.5)


PIRATE_WIDTH: Final = (0.95, 0.5)
"""The pirate's boat, in hex radii: on open water, and beside a harbour's token."""


def pirate_place(lay: Layout, hex_id: int) -> tuple[Point, float]:
    """Where the pirate's boat stands and how wide it is: left of its hex's
    middle (clear of a hex marker), or, on a hex holding a harbour's token
    (which sits near the middle), smaller and on the far side from the harbour."""
    x, y = lay.hexes[hex_id]
    s = lay.size
    for tx, ty in lay.harbour_tokens.values():
        dx, dy = tx - x, ty - y
        away = math.hypot(dx, dy)
        if away < s * 0.3:
            return (x - dx / away * s * 0.52, y - dy / away * s * 0.52), s * PIRATE_WIDTH[1]
    return (x - s * 0.12, y), s * PIRATE_WIDTH[0]


def pirate_probe(lay: Layout, hex_id: int) -> Point:
    """A point on the pirate's black hull."""
    (x, y), width = pirate_place(lay, hex_id)
    return x - width * 0.26, y + width * 0.21


def stock_box(lay: Layout, hex_id: int) -> Box:
    """A village's cloth left, at the right of its lower band (its huts at the left)."""
    x, y = lay.hexes[hex_id]
    s = lay.size
    return x + s * 0.02, y + s * 0.38, x + s * 0.46, y + s * 0.7


def chip_box(lay: Layout, hex_id: int) -> Box:
    """A tribe chip still on its hex, across the hex's lower band."""
    x, y = lay.hexes[hex_id]
    s = lay.size
    return x - s * 0.4, y + s * 0.4, x + s * 0.4, y + s * 0.68


def strength_centre(lay: Layout, hex_id: int) -> Point:
    """A fortress's strength, on a red shield above its keep."""
    x, y = lay.hexes[hex_id]
    return x, y - lay.size * 0.24


def canal_pip(lay: Layout, hex_id: int, unit: int) -> Point:
    """The centre of the box for unit 0..2 of a canal tile, filled once dug."""
    x, y = lay.hexes[hex_id]
    return x + (unit - 1) * lay.size * 0.26, y - lay.size * 0.05


# ---- the barbarian strip (Cities & Knights) ---------------------------------------------

CELLS: Final = 8
"""Steps 7..1 from the coast, then the landing (step 0)."""


def barbarian_cell(steps: int) -> Box:
    """The track's cell for a ship `steps` from the coast (the landing at 0, right)."""
    x0 = STRIP[0] + 118 + (CELLS - 1 - steps) * 44
    return x0, STRIP[1] + 6, x0 + 40, STRIP[3] - 6


def event_die_box() -> Box:
    x1 = STRIP[2] - 8
    return x1 - 36, STRIP[1] + 6, x1, STRIP[1] + 42


# ---- the panel -------------------------------------------------------------------------


def grown(seats: int, cities: bool = False, sea: bool = False) -> float:
    """How much taller the image is than `HEIGHT`: a seat row for each seat past
    four, so five or six seats keep the rows, bank and hand of four; the
    island's sea and the panel grow by as much, and all below the rows moves down."""
    pitch = 100 if cities else 85 if sea else 78
    return float(max(0, seats - 4) * pitch)


def grown_box(box: Box, extra: float) -> Box:
    """The island's sea or the panel, `extra` pixels taller."""
    return box[0], box[1], box[2], box[3] + extra


def seat_box(seat: int, cities: bool = False, sea: bool = False) -> Box:
    """A seat's row; Cities & Knights rows are taller (tracks, knights, awards),
    and so are Seafarers' (a line for the fleet and the scenario)."""
    if cities:
        top = PANEL[1] + 150 + seat * 100
        return PANEL[0] + 6, top, PANEL[2] - 6, top + 94
    if sea:
        top = PANEL[1] + 150 + seat * 85
        return PANEL[0] + 6, top, PANEL[2] - 6, top + 80
    top = PANEL[1] + 150 + seat * 78
    return PANEL[0] + 6, top, PANEL[2] - 6, top + 72


def wonder_pip(seat: int, stage: int) -> Box:
    """The box for stage 1..4 of a seat's wonder, at its Seafarers row's right,
    filled once built."""
    _, y0, x1, _ = seat_box(seat, sea=True)
    x = x1 - 10 - (4 - stage) * 15
    return x - 12, y0 + 50, x, y0 + 62


def hand_card_box(kind: int, cities: bool = False, extra: float = 0.0) -> Box:
    """The viewer's card of one kind: five wide cards, or eight narrow ones with
    Cities & Knights' commodities (`extra`: how much the image grew)."""
    if cities:
        x0 = PANEL[0] + 14 + kind * 32
        y0 = PANEL[1] + 680 + extra
        return x0, y0, x0 + 29, y0 + 48
    x0 = PANEL[0] + 14 + kind * 52
    y0 = PANEL[1] + 640 + extra
    return x0, y0, x0 + 46, y0 + 64


CITIES_BANK_TOP: Final = PANEL[1] + 554
"""The Cities & Knights bank's heading; its eight cards sit below it."""


def bank_box(kind: int, top: float, cities: bool = False, extra: float = 0.0) -> Box:
    """The bank's count of one card kind; `top` is the base game's bank line."""
    if cities:
        x0 = PANEL[0] + 14 + kind * 32
        y0 = CITIES_BANK_TOP + extra + 18
        return x0, y0, x0 + 29, y0 + 34
    x0 = PANEL[0] + 14 + 48 + kind * 44
    return x0, top - 2, x0 + 38, top + 22


def picked_box(kind: int, top: float) -> Box:
    """A Master Merchant's victim's card of one kind, in a row below `top`."""
    x0 = PANEL[0] + 14 + kind * 32
    return x0, top + 18, x0 + 29, top + 50


def progress_box(index: int, extra: float = 0.0) -> Box:
    """The viewer's progress cards, two to a row below the hand."""
    x0 = PANEL[0] + 14 + (index % 2) * 130
    y0 = PANEL[1] + 736 + extra + (index // 2) * 28
    return x0, y0, x0 + 124, y0 + 24
