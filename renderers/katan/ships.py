"""Seafarers' pieces at sea: every seat's ships and the pirate.

A ship is a hull seen from above lying along its edge, pointed at the bow
with two dark thwarts at the stern, in its seat's colour and marking: about
twice a road's width and shaped like a boat, so it reads apart from a road
(a straight bar) in any colour. A ship built this turn, which may not sail
yet, has a yellow rim. The pirate is a boat seen from the side, black from
hull to sail with a white skull, on its sea hex.
"""

from engine.katan.geometry import bits
from renderers import pieces, style
from renderers.draw import Canvas, Point
from renderers.katan.geometry import (
    FRESH_RIM,
    SHIP_BEAM,
    SHIP_WIDTH,
    Layout,
    on_ship,
    pirate_place,
)
from renderers.katan.model import KatanScene, SeaScene
from renderers.katan.palette import ROBBER_FILL, SEAT_STYLES
from renderers.style import RGB, TeamStyle


def ships(canvas: Canvas, s: KatanScene, lay: Layout) -> None:
    sea = s.sea
    if sea is None:
        return
    for seat, mask in enumerate(sea.ships):
        for edge in bits(mask):
            fresh = bool(sea.fresh >> edge & 1)
            ship(canvas, lay, edge, SEAT_STYLES[seat], fresh)


def ship(canvas: Canvas, lay: Layout, edge: int, seat: TeamStyle, fresh: bool = False) -> None:
    """A hull seen from above lying along the edge, bow pointed, stern square,
    two thwarts at the stern and the seat's marking amidships."""
    half = SHIP_WIDTH / 2
    beam = SHIP_BEAM

    def hull(grow: float) -> list[Point]:
        h, b = half + grow, beam + grow
        return [
            on_ship(lay, edge, u, v)
            for u, v in (
                (-h, -b * 0.8),
                (half * 0.35, -b),
                (half * 0.75 + grow * 0.5, -b * 0.7),
                (h, 0),
                (half * 0.75 + grow * 0.5, b * 0.7),
                (half * 0.35, b),
                (-h, b * 0.8),
            )
        ]

    if fresh:
        canvas.polygon(hull(FRESH_RIM[1]), fill=style.INK)
        canvas.polygon(hull(FRESH_RIM[0]), fill=style.HIGHLIGHT)
    canvas.polygon(hull(0), fill=seat.fill, outline=style.INK, width=2)
    for u in (-half * 0.62, -half * 0.45):
        ends = [on_ship(lay, edge, u, -beam * 0.78), on_ship(lay, edge, u, beam * 0.78)]
        canvas.line(ends, style.INK, 1.2)
    mark_at = on_ship(lay, edge, half * 0.12, 0)
    pieces.mark(canvas, mark_at, lay.size * 0.085, seat.mark, seat.ink)


def _boat(canvas: Canvas, at: Point, w: float, hull: RGB, sail: RGB, ink: RGB) -> None:
    """A hull `w` wide whose deck is level with `at`, a mast and a sail."""
    x, y = at
    body = [
        (x - w * 0.5, y + w * 0.06),
        (x + w * 0.5, y + w * 0.06),
        (x + w * 0.32, y + w * 0.34),
        (x - w * 0.32, y + w * 0.34),
    ]
    canvas.polygon(body, fill=hull, outline=ink, width=1.5)
    canvas.line([(x, y + w * 0.06), (x, y - w * 0.6)], ink, max(1.0, w * 0.05))
    canvas.polygon(
        [(x + w * 0.05, y - w * 0.52), (x + w * 0.4, y - w * 0.04), (x + w * 0.05, y - w * 0.04)],
        fill=sail,
        outline=ink,
        width=1.2,
    )


def pirate(canvas: Canvas, sea: SeaScene, lay: Layout) -> None:
    """Black hull and sail with a white skull, on the pirate's hex."""
    if sea.pirate < 0:
        return
    at, w = pirate_place(lay, sea.pirate)
    _boat(canvas, at, w, ROBBER_FILL, ROBBER_FILL, style.LIGHT_INK)
    x, y = at
    skull = (x + w * 0.17, y - w * 0.2)
    canvas.circle(skull, w * 0.065, fill=style.LIGHT_INK)
    sx, sy = skull
    d = w * 0.09
    canvas.line([(sx - d, sy + d * 0.6), (sx + d, sy + d * 1.6)], style.LIGHT_INK, w * 0.025)
    canvas.line([(sx - d, sy + d * 1.6), (sx + d, sy + d * 0.6)], style.LIGHT_INK, w * 0.025)
