"""Pieces every game draws: playing cards, team chips with their markings, and
the numbered markers of a private overlay."""

import math

from engine.cards import Card, rank_of, suit_of
from renderers import style
from renderers.draw import Box, Canvas, Point
from renderers.style import RGB, Mark, TeamStyle


def suit_colour(c: Card) -> RGB:
    return style.RED_SUIT if suit_of(c).is_red else style.BLACK_SUIT


def card_face(canvas: Canvas, box: Box, c: Card) -> None:
    """A card as held: rank and suit in the corner (readable when fanned) and a
    large suit in the middle (readable when small)."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    canvas.rect(box, fill=style.CARD_FACE, outline=style.CARD_EDGE, width=1, radius=w * 0.09)
    ink = suit_colour(c)
    rank = rank_of(c).short
    corner = w * 0.30
    canvas.text((x0 + w * 0.07, y0 + h * 0.05), rank, corner, ink, anchor="lt", bold=True)
    symbol = suit_of(c).symbol
    canvas.text((x0 + w * 0.07, y0 + h * 0.05 + corner * 1.05), symbol, corner, ink, anchor="lt")
    canvas.text((x0 + w * 0.58, y0 + h * 0.62), symbol, w * 0.55, ink)


def card_back(canvas: Canvas, box: Box) -> None:
    """The same back for every hidden card, so it tells nothing about the card."""
    x0, y0, x1, y1 = box
    w = x1 - x0
    canvas.rect(box, fill=style.CARD_BACK, outline=style.CARD_EDGE, width=1, radius=w * 0.09)
    inset = w * 0.12
    canvas.rect(
        (x0 + inset, y0 + inset, x1 - inset, y1 - inset),
        outline=style.CARD_BACK_PATTERN,
        width=max(1.0, w * 0.04),
        radius=w * 0.06,
    )
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    r = w * 0.2
    canvas.polygon(
        [(cx, cy - r * 1.4), (cx + r, cy), (cx, cy + r * 1.4), (cx - r, cy)],
        fill=style.CARD_BACK_PATTERN,
    )


def chip(canvas: Canvas, centre: Point, radius: float, team: TeamStyle) -> None:
    """A team's chip: its colour, a dark rim, and its marking in contrasting ink."""
    canvas.circle(centre, radius, fill=team.fill, outline=style.INK, width=max(1.0, radius * 0.08))
    mark(canvas, centre, radius * 0.55, team.mark, team.ink)


def mark(canvas: Canvas, centre: Point, size: float, kind: Mark, ink: RGB) -> None:
    """The shape that tells teams apart without their colours."""
    cx, cy = centre
    stroke = max(1.0, size * 0.28)
    match kind:
        case Mark.RING:
            canvas.circle(centre, size * 0.8, outline=ink, width=stroke)
        case Mark.CROSS:
            d = size * 0.7
            canvas.line([(cx - d, cy - d), (cx + d, cy + d)], ink, stroke)
            canvas.line([(cx - d, cy + d), (cx + d, cy - d)], ink, stroke)
        case Mark.BAR:
            canvas.rect((cx - size, cy - stroke / 2, cx + size, cy + stroke / 2), fill=ink)
        case Mark.DOT:
            canvas.circle(centre, size * 0.45, fill=ink)
        case Mark.TRIANGLE:
            canvas.polygon(_regular(centre, size * 0.9, 3, -90), fill=ink)
        case Mark.DIAMOND:
            canvas.polygon(_regular(centre, size * 0.85, 4, -90), fill=ink)


def _regular(centre: Point, radius: float, sides: int, start_degrees: float) -> list[Point]:
    cx, cy = centre
    return [
        (
            cx + radius * math.cos(math.radians(start_degrees + 360 * i / sides)),
            cy + radius * math.sin(math.radians(start_degrees + 360 * i / sides)),
        )
        for i in range(sides)
    ]


def marker(canvas: Canvas, centre: Point, radius: float, number: int) -> None:
    """A numbered choice: the number a seat types or taps to pick this spot."""
    canvas.circle(
        centre, radius, fill=style.MARKER_FILL, outline=style.MARKER_EDGE, width=radius * 0.2
    )
    text = str(number)
    size = canvas.fit_text(text, radius * 1.1, radius * 1.45, bold=True)
    canvas.text(centre, text, size, style.MARKER_INK, bold=True)


def highlight_ring(canvas: Canvas, box: Box, width: float) -> None:
    """Yellow with a dark edge on both sides, so it shows on any background."""
    x0, y0, x1, y1 = box
    canvas.rect(box, outline=style.INK, width=width + 2)
    canvas.rect((x0 + 1, y0 + 1, x1 - 1, y1 - 1), outline=style.HIGHLIGHT, width=width)
