"""The pieces on the island: roads, settlements, cities, walls, metropolises,
knights, the robber and the merchant.

Each piece is told apart by shape as well as colour: a settlement is a house,
a city twice its footprint with a tower, a wall a stone rampart under its
city, a metropolis a tall gate tower lettered with its track, a knight a
round disc with its strength (1–3) in a badge, wearing a yellow ring while
active and none while asleep. Every seat's piece carries its seat's marking.
"""

from engine.katan.cities.components import KNIGHT_LEVELS, TRACKS
from engine.katan.geometry import bits
from renderers import pieces, style
from renderers.draw import Canvas, Point
from renderers.katan.geometry import (
    BADGE_RADIUS,
    HALO,
    KNIGHT_RADIUS,
    SOURCE_RING,
    Layout,
    badge_centre,
    edge_middle,
    merchant_centre,
    robber_centre,
)
from renderers.katan.model import KatanScene
from renderers.katan.palette import (
    ROBBER_FILL,
    SEAT_STYLES,
    STONE,
    TRACK_FILL,
    TRACK_INK,
    TRACK_LETTERS,
)
from renderers.style import TeamStyle


def roads(canvas: Canvas, s: KatanScene, lay: Layout) -> None:
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


def buildings(canvas: Canvas, s: KatanScene, lay: Layout) -> None:
    walls = s.ck.walls if s.ck is not None else ()
    for seat in range(len(s.seats)):
        for node in bits(s.towns[seat]):
            settlement(canvas, lay.crossings[node], lay.size, SEAT_STYLES[seat])
        for node in bits(s.cities[seat]):
            if walls and walls[seat] >> node & 1:
                _wall(canvas, lay.crossings[node], lay.size)
            _city(canvas, lay.crossings[node], lay.size, SEAT_STYLES[seat])
    if s.ck is not None:
        for track in range(TRACKS):
            node = s.ck.metropolis[track]
            if node >= 0:
                _tower(canvas, lay.crossings[node], lay.size, track)


def settlement(canvas: Canvas, at: Point, size: float, seat: TeamStyle) -> None:
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


def _wall(canvas: Canvas, at: Point, size: float) -> None:
    """A crenellated stone rampart, wider and lower than the city standing on it."""
    x, y = at
    left, right = x - size * 0.42, x + size * 0.42
    top, bottom = y + size * 0.1, y + size * 0.3
    merlon = size * 0.08
    for k in range(5):
        mx = left + k * (right - left - merlon) / 4
        canvas.rect((mx, top - merlon, mx + merlon, top + 1), fill=STONE, outline=style.INK)
    canvas.rect((left, top, right, bottom), fill=STONE, outline=style.INK, width=1.5)


def _tower(canvas: Canvas, at: Point, size: float, track: int) -> None:
    """The metropolis: a gate tower on the city's low side, in its track's colour
    and lettered with it (T, P, S)."""
    x, y = at
    left, right = x + size * 0.03, x + size * 0.31
    top, bottom = y - size * 0.5, y + size * 0.02
    canvas.rect((left, top, right, bottom), fill=TRACK_FILL[track], outline=style.INK, width=2)
    step = (right - left) / 5
    for k in (1, 3):
        canvas.rect(
            (left + k * step, top - size * 0.07, left + (k + 1) * step, top + 1),
            fill=TRACK_FILL[track],
            outline=style.INK,
        )
    cx = (left + right) / 2
    canvas.text(
        (cx, top + size * 0.13), TRACK_LETTERS[track], size * 0.17, TRACK_INK[track], bold=True
    )


def knights(canvas: Canvas, s: KatanScene, lay: Layout) -> None:
    ck = s.ck
    if ck is None:
        return
    for seat in range(len(s.seats)):
        for level in range(KNIGHT_LEVELS):
            for node in bits(ck.knights[seat * KNIGHT_LEVELS + level]):
                active = bool(ck.active[seat] >> node & 1)
                knight(canvas, lay, node, SEAT_STYLES[seat], level + 1, active)


def knight(
    canvas: Canvas, lay: Layout, node: int, seat: TeamStyle, strength: int, active: bool
) -> None:
    centre = lay.crossings[node]
    size = lay.size
    radius = size * KNIGHT_RADIUS
    if active:
        canvas.circle(centre, radius + size * HALO[1], fill=style.INK)
        canvas.circle(centre, radius + size * HALO[0], fill=style.HIGHLIGHT)
    canvas.circle(centre, radius, fill=seat.fill, outline=style.INK, width=2)
    x, y = centre
    pieces.mark(canvas, (x - size * 0.03, y + size * 0.03), size * 0.08, seat.mark, seat.ink)
    badge(canvas, badge_centre(lay, node), size, strength)


def badge(canvas: Canvas, centre: Point, size: float, strength: int) -> None:
    """A knight's strength, 1 to 3, as a digit on a white disc."""
    canvas.circle(centre, size * BADGE_RADIUS, fill=style.CARD_FACE, outline=style.INK, width=1.5)
    canvas.text(centre, str(strength), size * 0.15, style.INK, bold=True)


def source_ring(canvas: Canvas, lay: Layout, kind: str, place: int) -> None:
    """Rings the knight, ship or hex the overlay's numbers belong to, in the
    markers' magenta."""
    if kind == "hex":
        centre, radius = lay.hexes[place], lay.size * 0.4
    elif kind == "edge":
        centre, radius = edge_middle(lay, place), lay.size * SOURCE_RING
    else:
        centre, radius = lay.crossings[place], lay.size * (KNIGHT_RADIUS + 0.14)
    canvas.circle(centre, radius, outline=style.MARKER_EDGE, width=lay.size * 0.05)


def robber(canvas: Canvas, s: KatanScene, lay: Layout) -> None:
    """On its hex; not drawn at all while it waits beside the board."""
    if s.robber >= 0:
        robber_figure(canvas, lay.size, robber_centre(lay, s.robber))


def robber_figure(canvas: Canvas, size: float, at: Point) -> None:
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


def merchant(canvas: Canvas, s: KatanScene, lay: Layout) -> None:
    """A figure in a broad hat, in its holder's colour and marking: the holder
    trades that hex's resource 2:1 and has its point."""
    ck = s.ck
    if ck is None or ck.merchant < 0:
        return
    size = lay.size
    owner = SEAT_STYLES[ck.merchant_owner]
    x, y = merchant_centre(lay, ck.merchant)
    body = [
        (x - size * 0.16, y + size * 0.16),
        (x + size * 0.16, y + size * 0.16),
        (x, y - size * 0.04),
    ]
    canvas.polygon(body, fill=owner.fill, outline=style.INK, width=1.5)
    canvas.circle((x, y - size * 0.09), size * 0.07, fill=owner.fill, outline=style.INK, width=1.5)
    brim = (x - size * 0.15, y - size * 0.17, x + size * 0.15, y - size * 0.13)
    canvas.rect(brim, fill=owner.fill, outline=style.INK, width=1.5, radius=size * 0.02)
    crown = (x - size * 0.07, y - size * 0.25, x + size * 0.07, y - size * 0.15)
    canvas.rect(crown, fill=owner.fill, outline=style.INK, width=1.5, radius=size * 0.02)
    pieces.mark(canvas, (x + size * 0.02, y + size * 0.08), size * 0.05, owner.mark, owner.ink)
