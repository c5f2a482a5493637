"""Katan: the island on any map of the shared geometry, the pieces, the robber,
the bank, each seat's public summary and the viewer's own hand.

Positions come from the engine's topology: a hex (q, r) in axial coordinates,
a crossing named by the sum of its three hexes and an edge by the sum of its
two, so one formula places every map, Seafarers' included.
"""

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Final

from PIL import Image

from engine.katan.components import (
    DESERT,
    DEV_KINDS,
    DEV_LABELS,
    GENERIC_HARBOUR,
    KNIGHT,
    PIPS,
    RESOURCE_NAMES,
    RESOURCES,
    SEA,
    VICTORY_POINT,
    cards_text,
)
from engine.katan.geometry import Topology, bits
from engine.katan.maps import RED_NUMBERS, Board
from engine.katan.moves import Move, offer_legs
from engine.katan.state import (
    COUNTERS,
    DISCARD,
    FREE_ROADS,
    MAIN,
    OFFER,
    OVER,
    ROBBER,
    ROLL,
    SETUP_ROAD,
    SETUP_SETTLEMENT,
    KatanState,
    deck_size,
    dev_size,
    hand_size,
)
from engine.katan.view import KatanView
from renderers import pieces, style
from renderers.cache import PNG_CACHE, PngCache
from renderers.draw import Box, Canvas, Point, encode_png
from renderers.spots import Spots
from renderers.style import TEAM_STYLES, TeamStyle, hex_rgb
from renderers.words import plural, seat_names

WIDTH: Final = 1200
HEIGHT: Final = 900
ISLAND: Final = (20.0, 20.0, 880.0, 880.0)
PANEL: Final = (900.0, 20.0, 1180.0, 880.0)
SQRT3: Final = math.sqrt(3)

SEAT_STYLES: Final = (
    TEAM_STYLES[0],
    TEAM_STYLES[1],
    TEAM_STYLES[4],
    TEAM_STYLES[3],
    TEAM_STYLES[2],
    TEAM_STYLES[5],
)
"""Blue, orange, white and pink for the usual four seats: apart for every common
colour-vision deficiency and off the island's greens, golds and greys."""

TERRAIN_FILL: Final = (
    hex_rgb("#2F7A3B"),  # forest
    hex_rgb("#B5552B"),  # hills
    hex_rgb("#A6CF6B"),  # pasture
    hex_rgb("#EDC54A"),  # fields
    hex_rgb("#8E919C"),  # mountains
    hex_rgb("#E2D2A2"),  # desert
    hex_rgb("#3A76B0"),  # sea
)
TERRAIN_INK: Final = (
    style.LIGHT_INK,
    style.LIGHT_INK,
    style.INK,
    style.INK,
    style.INK,
    style.INK,
    style.LIGHT_INK,
)
SEA_BACK: Final = hex_rgb("#2F6AA3")
SHORE: Final = hex_rgb("#D8C792")
TOKEN: Final = hex_rgb("#F6EBCF")
RED_NUMBER: Final = hex_rgb("#C8102E")
ROBBER_FILL: Final = hex_rgb("#262626")

PHASE_VERB: Final = {
    SETUP_SETTLEMENT: "to place a settlement",
    SETUP_ROAD: "to place a road",
    ROLL: "to roll",
    DISCARD: "to discard",
    ROBBER: "to move the robber",
    MAIN: "to build or trade",
    FREE_ROADS: "to place free roads",
    OFFER: "to answer an offer",
    COUNTERS: "to choose a counter-offer",
}


@dataclass(frozen=True, slots=True)
class SeatSummary:
    """What everyone may know about a seat (and, for the viewer, its hidden points)."""

    points: int
    cards: int
    developments: int
    knights: int
    road_length: int
    owes: int
    """Cards still to discard after a seven."""


@dataclass(frozen=True, slots=True)
class KatanScene:
    """Everything the Katan image shows, and nothing else (the cache key)."""

    board: Board = field(compare=False, hash=False)
    """Drawing needs the topology; equality rests on the dealt map below."""
    map_name: str
    terrain: tuple[int, ...]
    numbers: tuple[int, ...]
    harbours: tuple[tuple[int, int], ...]
    robber: int
    roads: tuple[int, ...]
    towns: tuple[int, ...]
    cities: tuple[int, ...]
    seats: tuple[SeatSummary, ...]
    longest: int
    army: int
    target: int
    bank: tuple[int, ...]
    deck: int
    dice: tuple[int, int] | None
    current: int
    to_move: int | None
    phase: int
    winner: int
    offer: tuple[int, int, tuple[int, ...], tuple[int, ...]] | None
    """The open trade offer: (offerer, to (-1: everyone), gives, wants)."""
    viewer: int | None
    hand: tuple[int, ...]
    """The viewer's resource counts; empty for a spectator."""
    devs: tuple[int, ...]
    fresh: tuple[int, ...]
    """Of `devs`, those bought this turn (not playable yet)."""
    names: tuple[str, ...]
    spot_kind: str
    spots: tuple[tuple[int, int], ...]


def scene(
    view: KatanView,
    *,
    spots: Spots[Move] | None = None,
    names: Sequence[str] | None = None,
) -> KatanScene:
    """Reduce a view to what is drawn: public facts for every seat, and the hand
    and development cards of `view.seat` only."""
    st = view.state
    seat = view.seat
    board = st.board
    n = st.seats
    return KatanScene(
        board=board,
        map_name=board.map_name,
        terrain=board.terrain,
        numbers=board.numbers,
        harbours=board.harbours,
        robber=st.robber,
        roads=tuple(st.roads),
        towns=tuple(st.towns),
        cities=tuple(st.cities),
        seats=tuple(_summary(st, t, seat) for t in range(n)),
        longest=st.longest,
        army=st.army,
        target=st.target,
        bank=tuple(st.bank),
        deck=deck_size(st),
        dice=st.dice if st.dice[0] else None,
        current=st.current,
        to_move=view.to_move,
        phase=st.phase,
        winner=st.winner,
        offer=_offer(st),
        viewer=seat,
        hand=tuple(st.hands[seat * RESOURCES : (seat + 1) * RESOURCES]) if seat is not None else (),
        devs=tuple(st.devs[seat * DEV_KINDS : (seat + 1) * DEV_KINDS]) if seat is not None else (),
        fresh=tuple(st.fresh) if seat is not None and seat == st.current else (),
        names=seat_names(names, n),
        spot_kind=spots.kind if spots is not None else "",
        spots=spots.numbered() if spots is not None else (),
    )


def _summary(st: KatanState, seat: int, viewer: int | None) -> SeatSummary:
    shown = seat == viewer or st.phase == OVER
    hidden_vp = st.devs[seat * DEV_KINDS + VICTORY_POINT] if shown else 0
    return SeatSummary(
        points=st.points[seat] + hidden_vp,
        cards=hand_size(st, seat),
        developments=dev_size(st, seat),
        knights=st.played[seat * DEV_KINDS + KNIGHT],
        road_length=st.road_len[seat],
        owes=st.discards[seat],
    )


def _offer(st: KatanState) -> tuple[int, int, tuple[int, ...], tuple[int, ...]] | None:
    if st.offer is None:
        return None
    give, want = offer_legs(st.offer)
    return st.current, st.offer[1], give, want


def render_png(
    view: KatanView,
    *,
    spots: Spots[Move] | None = None,
    names: Sequence[str] | None = None,
    cache: PngCache | None = PNG_CACHE,
) -> bytes:
    """The island as `view.seat` sees it; with `spots`, that seat's overlay."""
    drawn = scene(view, spots=spots, names=names)
    return draw(drawn) if cache is None else cache.get_or_draw(drawn, draw)


def render_text(
    view: KatanView,
    *,
    spots: Spots[Move] | None = None,
    names: Sequence[str] | None = None,
) -> str:
    return text(scene(view, spots=spots, names=names))


# ---- geometry (output pixels; tests read the PNG at these points) ------------


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


@lru_cache(maxsize=16)
def layout(topology: Topology, harbours: tuple[tuple[int, int], ...]) -> Layout:
    """Fit the map, its harbours included, into the island area."""
    unit_hexes = [_axial(q, r) for q, r in topology.hexes]
    unit_nodes = [_axial(kx / 3, ky / 3) for kx, ky in topology.node_key]
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
    x0, y0, x1, y1 = ISLAND
    size = min((x1 - x0 - 20) / (max(xs) - min(xs)), (y1 - y0 - 20) / (max(ys) - min(ys)))
    ox = (x0 + x1) / 2 - size * (max(xs) + min(xs)) / 2
    oy = (y0 + y1) / 2 - size * (max(ys) + min(ys)) / 2

    def place(p: Point) -> Point:
        return ox + p[0] * size, oy + p[1] * size

    crossings = tuple(place(p) for p in unit_nodes)
    return Layout(
        size=size,
        hexes=tuple(place(p) for p in unit_hexes),
        crossings=crossings,
        edges=tuple((crossings[a], crossings[b]) for a, b in topology.edge_ends),
        harbour_tokens={e: place(p) for e, p in tokens.items()},
    )


def scene_layout(s: KatanScene) -> Layout:
    return layout(s.board.topology, s.harbours)


def edge_middle(lay: Layout, edge: int) -> Point:
    (ax, ay), (bx, by) = lay.edges[edge]
    return (ax + bx) / 2, (ay + by) / 2


def token_centre(lay: Layout, hex_id: int) -> Point:
    return lay.hexes[hex_id]


def robber_centre(lay: Layout, hex_id: int) -> Point:
    x, y = lay.hexes[hex_id]
    return x - lay.size * 0.55, y + lay.size * 0.05


def marker_centre(lay: Layout, kind: str, place: int) -> Point:
    """Where an overlay marker for `place` sits: on the crossing or the edge, or
    to the right of a hex's token (the robber's choices)."""
    if kind == "crossing":
        return lay.crossings[place]
    if kind == "edge":
        return edge_middle(lay, place)
    x, y = lay.hexes[place]
    return x + lay.size * 0.55, y


def marker_radius(lay: Layout, kind: str) -> float:
    return lay.size * (0.21 if kind == "hex" else 0.19)


def building_probe(lay: Layout, node: int, city: bool) -> Point:
    """A point on a building's body clear of its marking: its colour is its owner's."""
    x, y = lay.crossings[node]
    s = lay.size
    return (x + s * 0.17, y + s * 0.12) if city else (x - s * 0.1, y + s * 0.11)


def road_probe(lay: Layout, edge: int) -> Point:
    """A point on a road between its marking and its ends."""
    (ax, ay), (bx, by) = lay.edges[edge]
    return ax + (bx - ax) * 0.33, ay + (by - ay) * 0.33


# ---- the image ---------------------------------------------------------------


def draw(s: KatanScene) -> bytes:
    return encode_png(picture(s))


def picture(s: KatanScene) -> Image.Image:
    """The image before PNG encoding: what tests compare pixel for pixel."""
    canvas = Canvas(WIDTH, HEIGHT, style.BACKGROUND)
    lay = scene_layout(s)
    canvas.rect(ISLAND, fill=SEA_BACK, radius=24)
    _hexes(canvas, s, lay)
    _harbours(canvas, s, lay)
    _roads(canvas, s, lay)
    _buildings(canvas, s, lay)
    _robber(canvas, lay.size, robber_centre(lay, s.robber))
    radius = marker_radius(lay, s.spot_kind)
    for number, place in s.spots:
        pieces.marker(canvas, marker_centre(lay, s.spot_kind, place), radius, number)
    _panel(canvas, s)
    return canvas.reduced()


def _hex_corners(centre: Point, radius: float) -> list[Point]:
    cx, cy = centre
    return [
        (
            cx + radius * math.cos(math.radians(-90 + 60 * k)),
            cy + radius * math.sin(math.radians(-90 + 60 * k)),
        )
        for k in range(6)
    ]


def _hexes(canvas: Canvas, s: KatanScene, lay: Layout) -> None:
    size = lay.size
    land = [h for h, t in enumerate(s.terrain) if t != SEA]
    for h in land:
        canvas.polygon(_hex_corners(lay.hexes[h], size * 1.04), fill=SHORE)
    for h, terrain in enumerate(s.terrain):
        centre = lay.hexes[h]
        canvas.polygon(_hex_corners(centre, size * 0.97), fill=TERRAIN_FILL[terrain])
        if terrain == SEA:
            continue
        cx, cy = centre
        word = "desert" if terrain == DESERT else RESOURCE_NAMES[terrain]
        canvas.text((cx, cy - size * 0.6), word, size * 0.17, TERRAIN_INK[terrain], bold=True)
        number = s.numbers[h]
        if number:
            _token(canvas, centre, size, number)


def _token(canvas: Canvas, centre: Point, size: float, number: int) -> None:
    """Number and pips; 6 and 8 in red and bold, as printed."""
    cx, cy = centre
    canvas.circle(centre, size * 0.3, fill=TOKEN, outline=style.INK, width=1.5)
    ink = RED_NUMBER if number in RED_NUMBERS else style.INK
    canvas.text((cx, cy - size * 0.05), str(number), size * 0.27, ink, bold=True)
    pips = PIPS[number]
    step = size * 0.075
    for i in range(pips):
        x = cx + (i - (pips - 1) / 2) * step
        canvas.circle((x, cy + size * 0.17), size * 0.027, fill=ink)


def _harbours(canvas: Canvas, s: KatanScene, lay: Layout) -> None:
    size = lay.size
    for edge, kind in s.harbours:
        token = lay.harbour_tokens[edge]
        for end in lay.edges[edge]:
            canvas.line([token, end], SHORE, size * 0.07)
        generic = kind == GENERIC_HARBOUR
        fill = style.PANEL if generic else TERRAIN_FILL[kind]
        ink = style.INK if generic else TERRAIN_INK[kind]
        canvas.circle(token, size * 0.3, fill=fill, outline=style.INK, width=1.5)
        tx, ty = token
        canvas.text((tx, ty - size * 0.07), "3:1" if generic else "2:1", size * 0.2, ink, bold=True)
        word = "any" if generic else RESOURCE_NAMES[kind]
        canvas.text((tx, ty + size * 0.13), word, size * 0.13, ink)


def _roads(canvas: Canvas, s: KatanScene, lay: Layout) -> None:
    width = lay.size * 0.13
    for seat, mask in enumerate(s.roads):
        seat_style = SEAT_STYLES[seat]
        for edge in bits(mask):
            (ax, ay), (bx, by) = lay.edges[edge]
            a = (ax + (bx - ax) * 0.14, ay + (by - ay) * 0.14)
            b = (bx + (ax - bx) * 0.14, by + (ay - by) * 0.14)
            canvas.line([a, b], style.INK, width + 4)
            canvas.line([a, b], seat_style.fill, width)
            pieces.mark(
                canvas, edge_middle(lay, edge), width * 0.42, seat_style.mark, seat_style.ink
            )


def _buildings(canvas: Canvas, s: KatanScene, lay: Layout) -> None:
    for seat in range(len(s.seats)):
        for node in bits(s.towns[seat]):
            _settlement(canvas, lay.crossings[node], lay.size, SEAT_STYLES[seat])
        for node in bits(s.cities[seat]):
            _city(canvas, lay.crossings[node], lay.size, SEAT_STYLES[seat])


def _settlement(canvas: Canvas, at: Point, size: float, seat: TeamStyle) -> None:
    x, y = at
    w, h = size * 0.4, size * 0.42
    outline = [
        (x - w / 2, y + h / 2),
        (x + w / 2, y + h / 2),
        (x + w / 2, y - h * 0.05),
        (x, y - h / 2),
        (x - w / 2, y - h * 0.05),
    ]
    canvas.polygon(outline, fill=seat.fill, outline=style.INK, width=2)
    pieces.mark(canvas, (x, y + h * 0.14), size * 0.085, seat.mark, seat.ink)


def _city(canvas: Canvas, at: Point, size: float, seat: TeamStyle) -> None:
    """Twice a settlement's footprint and a tower, so it reads as bigger in any colour."""
    x, y = at
    w, h = size * 0.62, size * 0.5
    outline = [
        (x - w / 2, y + h / 2),
        (x + w / 2, y + h / 2),
        (x + w / 2, y),
        (x, y),
        (x, y - h / 4),
        (x - w / 4, y - h / 2),
        (x - w / 2, y - h / 4),
    ]
    canvas.polygon(outline, fill=seat.fill, outline=style.INK, width=2)
    pieces.mark(canvas, (x - w / 4, y + h * 0.08), size * 0.09, seat.mark, seat.ink)


def _robber(canvas: Canvas, size: float, at: Point) -> None:
    x, y = at
    body = [
        (x - size * 0.14, y + size * 0.26),
        (x + size * 0.14, y + size * 0.26),
        (x + size * 0.08, y - size * 0.06),
        (x - size * 0.08, y - size * 0.06),
    ]
    canvas.polygon(body, fill=ROBBER_FILL, outline=style.LIGHT_INK, width=1.5)
    canvas.circle(
        (x, y - size * 0.13), size * 0.1, fill=ROBBER_FILL, outline=style.LIGHT_INK, width=1.5
    )


# ---- the panel ---------------------------------------------------------------


def seat_box(seat: int) -> Box:
    top = PANEL[1] + 150 + seat * 78
    return PANEL[0] + 6, top, PANEL[2] - 6, top + 72


def hand_card_box(resource: int) -> Box:
    x0 = PANEL[0] + 14 + resource * 52
    y0 = PANEL[1] + 640
    return x0, y0, x0 + 46, y0 + 64


def _panel(canvas: Canvas, s: KatanScene) -> None:
    x0, y0, x1, _ = PANEL
    left = x0 + 14
    canvas.rect(PANEL, fill=style.PANEL, outline=style.PANEL_EDGE, width=2, radius=12)
    canvas.text((left, y0 + 18), "Katan", 28, style.INK, anchor="lt", bold=True)
    canvas.text(
        (left, y0 + 54),
        f"{s.map_name} map · {s.target} points to win",
        15,
        style.MUTED,
        anchor="lt",
    )
    status = _status(s)
    canvas.rect((x0 + 6, y0 + 84, x1 - 6, y0 + 140), fill=style.HIGHLIGHT, radius=8)
    canvas.text(
        (left, y0 + 112),
        status,
        17,
        style.INK,
        anchor="lm",
        bold=True,
        max_width=x1 - left - 96 if s.dice else x1 - left - 12,
    )
    if s.dice is not None:
        for i, value in enumerate(s.dice):
            _die(canvas, (x1 - 80 + i * 38, y0 + 95), 32, value)
    for seat in range(len(s.seats)):
        _seat_row(canvas, s, seat)
    y = seat_box(len(s.seats) - 1)[3] + 14
    canvas.text((left, y), "Bank", 15, style.MUTED, anchor="lt", bold=True)
    for r in range(RESOURCES):
        bx = left + 48 + r * 44
        canvas.rect(
            (bx, y - 2, bx + 38, y + 22), fill=TERRAIN_FILL[r], outline=style.INK, width=1, radius=4
        )
        canvas.text((bx + 19, y + 10), str(s.bank[r]), 14, TERRAIN_INK[r], bold=True)
    canvas.text((left, y + 34), f"development cards left: {s.deck}", 14, style.INK, anchor="lt")
    canvas.text((left, y + 56), _holders(s), 14, style.INK, anchor="lt", max_width=x1 - left - 12)
    if s.offer is not None:
        canvas.text(
            (left, y + 78), _offer_words(s), 14, style.INK, anchor="lt", max_width=x1 - left - 12
        )
    _hand(canvas, s)


def _die(canvas: Canvas, at: Point, side: float, value: int) -> None:
    x, y = at
    canvas.rect(
        (x, y, x + side, y + side),
        fill=style.CARD_FACE,
        outline=style.INK,
        width=1.5,
        radius=side * 0.18,
    )
    spots = {
        1: [(0.5, 0.5)],
        2: [(0.27, 0.27), (0.73, 0.73)],
        3: [(0.27, 0.27), (0.5, 0.5), (0.73, 0.73)],
        4: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
        5: [(0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)],
        6: [(0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)],
    }[value]
    for fx, fy in spots:
        canvas.circle((x + fx * side, y + fy * side), side * 0.09, fill=style.INK)


def _seat_row(canvas: Canvas, s: KatanScene, seat: int) -> None:
    box = seat_box(seat)
    x0, y0, x1, _ = box
    summary = s.seats[seat]
    on_turn = seat == s.to_move
    canvas.rect(
        box,
        fill=style.HIGHLIGHT if on_turn else style.CARD_FACE,
        outline=style.INK,
        width=2 if on_turn else 1,
        radius=8,
    )
    seat_style = SEAT_STYLES[seat]
    _settlement(canvas, (x0 + 22, y0 + 24), 56, seat_style)
    canvas.text(
        (x0 + 44, y0 + 20),
        s.names[seat],
        17,
        style.INK,
        anchor="lm",
        bold=True,
        max_width=x1 - x0 - 100,
    )
    canvas.text((x1 - 10, y0 + 22), str(summary.points), 26, style.INK, anchor="rm", bold=True)
    facts = (
        f"{plural(summary.cards, 'card')} · {summary.developments} dev · "
        f"{plural(summary.knights, 'knight')} · road {summary.road_length}"
    )
    canvas.text((x0 + 10, y0 + 46), facts, 13, style.INK, anchor="lm", max_width=x1 - x0 - 20)
    awards = _awards(s, seat)
    if summary.owes:
        awards.append(f"must discard {summary.owes}")
    if awards:
        canvas.text(
            (x0 + 10, y0 + 62),
            " · ".join(awards),
            13,
            style.INK,
            anchor="lm",
            bold=True,
            max_width=x1 - x0 - 20,
        )


def _awards(s: KatanScene, seat: int) -> list[str]:
    found = []
    if s.longest == seat:
        found.append("Longest Road")
    if s.army == seat:
        found.append("Largest Army")
    return found


def _hand(canvas: Canvas, s: KatanScene) -> None:
    left = PANEL[0] + 14
    top = hand_card_box(0)[1]
    if s.viewer is None:
        canvas.text((left, top - 20), "Spectating: hands hidden", 15, style.MUTED, anchor="lm")
        return
    canvas.text(
        (left, top - 20),
        f"Hand of {s.names[s.viewer]}",
        17,
        style.INK,
        anchor="lm",
        bold=True,
        max_width=250,
    )
    for r in range(RESOURCES):
        box = hand_card_box(r)
        bx0, by0, bx1, by1 = box
        count = s.hand[r]
        canvas.rect(
            box,
            fill=TERRAIN_FILL[r] if count else style.PANEL,
            outline=style.INK,
            width=1,
            radius=6,
        )
        ink = TERRAIN_INK[r] if count else style.MUTED
        canvas.text(((bx0 + bx1) / 2, by0 + 22), str(count), 22, ink, bold=True)
        canvas.text(((bx0 + bx1) / 2, by1 - 14), RESOURCE_NAMES[r], 10, ink)
    y = top + 84
    held = [(k, n) for k, n in enumerate(s.devs) if n]
    if not held:
        canvas.text((left, y), "no development cards", 14, style.MUTED, anchor="lt")
    for k, count in held:
        new = s.fresh[k] if s.fresh else 0
        note = f" ({new} new)" if new else ""
        canvas.rect((left, y - 2, left + 250, y + 22), fill=style.CARD_BACK, radius=5)
        canvas.text(
            (left + 8, y + 10),
            f"{count} × {DEV_LABELS[k]}{note}",
            14,
            style.LIGHT_INK,
            anchor="lm",
            bold=True,
        )
        y += 28


def _holders(s: KatanScene) -> str:
    longest = s.names[s.longest] if s.longest >= 0 else "nobody"
    army = s.names[s.army] if s.army >= 0 else "nobody"
    return f"Longest Road: {longest}; Largest Army: {army}"


def _offer_words(s: KatanScene) -> str:
    assert s.offer is not None
    offerer, to, give, want = s.offer
    whom = "everyone" if to < 0 else s.names[to]
    return f"{s.names[offerer]} offers {cards_text(give)} for {cards_text(want)} to {whom}"


def _status(s: KatanScene) -> str:
    if s.phase == OVER:
        return f"{s.names[s.winner]} wins" if s.winner >= 0 else "Game over"
    if s.to_move is None:
        return "Waiting"
    return f"{s.names[s.to_move]} {PHASE_VERB[s.phase]}"


# ---- the text ----------------------------------------------------------------


def text(s: KatanScene) -> str:
    """The same facts as the image, compact: status, seats, the dealt island,
    buildings by seat, the bank, the viewer's hand and the choices."""
    roll = f" Last roll {sum(s.dice)} ({s.dice[0]}+{s.dice[1]})." if s.dice else ""
    lines = [f"Katan, {s.map_name} map, {s.target} points to win. {_status(s)}.{roll}"]
    for seat, summary in enumerate(s.seats):
        extra = _awards(s, seat) + ([f"must discard {summary.owes}"] if summary.owes else [])
        lines.append(
            f"{s.names[seat]} ({SEAT_STYLES[seat].name}): {plural(summary.points, 'point')}, "
            f"{plural(summary.cards, 'card')}, "
            f"{plural(summary.developments, 'development card')}, "
            f"{plural(summary.knights, 'knight')} played, road {summary.road_length}"
            + (f"; {', '.join(extra)}" if extra else "")
            + "."
        )
    island = []
    for h, terrain in enumerate(s.terrain):
        if terrain == SEA:
            continue
        word = "desert" if terrain == DESERT else RESOURCE_NAMES[terrain]
        number = f" {s.numbers[h]}" if s.numbers[h] else ""
        robber = " robber" if h == s.robber else ""
        island.append(f"{h} {word}{number}{robber}")
    lines.append("Hexes: " + ", ".join(island) + ".")
    topology = s.board.topology
    harbours = []
    for edge, kind in s.harbours:
        a, b = topology.edge_ends[edge]
        what = "3:1" if kind == GENERIC_HARBOUR else f"2:1 {RESOURCE_NAMES[kind]}"
        harbours.append(f"{what} at {a}/{b}")
    lines.append("Harbours (crossings): " + ", ".join(harbours) + ".")
    for seat in range(len(s.seats)):
        parts = []
        for word, mask in (
            ("settlements", s.towns[seat]),
            ("cities", s.cities[seat]),
            ("roads", s.roads[seat]),
        ):
            if mask:
                parts.append(f"{word} {' '.join(str(i) for i in bits(mask))}")
        if parts:
            lines.append(f"{s.names[seat]} built: {'; '.join(parts)}.")
    bank = ", ".join(f"{RESOURCE_NAMES[r]} {s.bank[r]}" for r in range(RESOURCES))
    lines.append(f"Bank: {bank}; development cards {s.deck}.")
    lines.append(f"{_holders(s)}.")
    if s.offer is not None:
        lines.append(f"{_offer_words(s)}.")
    if s.viewer is not None:
        devs = ", ".join(
            f"{n} {DEV_LABELS[k]}" + (f" ({s.fresh[k]} new)" if s.fresh and s.fresh[k] else "")
            for k, n in enumerate(s.devs)
            if n
        )
        lines.append(
            f"Hand of {s.names[s.viewer]}: {cards_text(s.hand)}; "
            f"development cards: {devs or 'none'}."
        )
    if s.spots:
        places = {"crossing": "Crossings", "edge": "Edges", "hex": "Hexes"}[s.spot_kind]
        lines.append(f"{places} to choose: {' '.join(str(n) for n, _ in s.spots)}.")
    return "\n".join(lines)
