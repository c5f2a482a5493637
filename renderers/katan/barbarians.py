"""Cities & Knights' strip across the island's top: the barbarians' track with
their ship, what they will meet when they land, and the last event die.

The ship's cell is yellow and holds the ship, the landing cell is red and
says so; the event die shows a track's gate (its colour and letter) or the
ship. Before the first attack a greyed robber says it waits beside the board.
"""

from engine.katan.cities.components import EVENT_SHIP
from renderers import style
from renderers.draw import Box, Canvas, Point
from renderers.katan.figures import robber_figure
from renderers.katan.geometry import CELLS, STRIP, barbarian_cell, event_die_box
from renderers.katan.model import KatanScene
from renderers.katan.palette import ATTACK, SHIP_FILL, TRACK_FILL, TRACK_INK, TRACK_LETTERS
from renderers.katan.phrases import event_words, strength
from renderers.words import plural


def strip(canvas: Canvas, s: KatanScene) -> None:
    ck = s.ck
    assert ck is not None
    x0, y0, _, y1 = STRIP
    canvas.rect(STRIP, fill=style.PANEL, outline=style.PANEL_EDGE, width=2, radius=10)
    canvas.text((x0 + 12, (y0 + y1) / 2), "Barbarians", 16, style.INK, anchor="lm", bold=True)
    for steps in range(CELLS):
        box = barbarian_cell(steps)
        here = steps == ck.barbarians
        fill = style.HIGHLIGHT if here else (ATTACK if steps == 0 else style.CARD_FACE)
        canvas.rect(box, fill=fill, outline=style.INK, width=1.5, radius=5)
        bx0, by0, bx1, by1 = box
        middle = ((bx0 + bx1) / 2, (by0 + by1) / 2)
        if here:
            ship(canvas, middle, 30)
        elif steps == 0:
            canvas.text(middle, "land", 11, style.LIGHT_INK, bold=True)
        else:
            canvas.text(middle, str(steps), 14, style.MUTED, bold=True)
    left = barbarian_cell(0)[2] + 12
    cities = sum(mask.bit_count() for mask in s.cities)
    defence = sum(strength(ck, t) for t in range(len(s.seats)))
    canvas.text(
        (left, y0 + 16),
        f"strength {cities} vs knights {defence}",
        13,
        style.INK,
        anchor="lm",
        bold=True,
        max_width=event_die_box()[0] - left - 60,
    )
    later = plural(ck.attacks, "attack") if ck.attacks else "no attack yet"
    canvas.text((left, y0 + 34), later, 13, style.INK, anchor="lm")
    if not ck.attacks and s.robber < 0:
        canvas.text((left + 100, y0 + 34), "robber asleep", 12, style.MUTED, anchor="lm")
        robber_figure(canvas, 30, (left + 188, y0 + 32))
    box = event_die_box()
    canvas.text((box[0] - 8, y0 + 24), "event", 13, style.MUTED, anchor="rm")
    event_die(canvas, box, ck.event)
    canvas.text((box[0] - 8, y0 + 38), event_words(ck.event), 10, style.INK, anchor="rm")


def event_die(canvas: Canvas, box: Box, event: int) -> None:
    """A gate face in its track's colour with its letter, the ship face dark with
    the ship, a blank face before the first roll."""
    x0, y0, x1, y1 = box
    side = x1 - x0
    middle = ((x0 + x1) / 2, (y0 + y1) / 2)
    if event < 0:
        canvas.rect(box, fill=style.CARD_FACE, outline=style.MUTED, width=1.5, radius=side * 0.18)
        return
    if event >= EVENT_SHIP:
        canvas.rect(box, fill=style.CARD_FACE, outline=style.INK, width=1.5, radius=side * 0.18)
        ship(canvas, middle, side * 0.85)
        return
    canvas.rect(box, fill=TRACK_FILL[event], outline=style.INK, width=1.5, radius=side * 0.18)
    cx, cy = middle
    arch = (cx - side * 0.22, cy - side * 0.3, cx + side * 0.22, cy + side * 0.32)
    canvas.rect(arch, outline=TRACK_INK[event], width=2, radius=side * 0.2)
    canvas.text(
        (cx, cy + side * 0.05), TRACK_LETTERS[event], side * 0.36, TRACK_INK[event], bold=True
    )


def ship(canvas: Canvas, centre: Point, width: float) -> None:
    """The barbarians' ship: a dark hull and a sail."""
    x, y = centre
    w = width
    hull = [
        (x - w * 0.45, y + w * 0.08),
        (x + w * 0.45, y + w * 0.08),
        (x + w * 0.3, y + w * 0.3),
        (x - w * 0.3, y + w * 0.3),
    ]
    canvas.polygon(hull, fill=SHIP_FILL, outline=style.INK, width=1)
    canvas.line([(x, y + w * 0.08), (x, y - w * 0.38)], SHIP_FILL, max(1.0, w * 0.06))
    sail = [(x + w * 0.04, y - w * 0.34), (x + w * 0.34, y), (x + w * 0.04, y)]
    canvas.polygon(sail, fill=style.CARD_FACE, outline=SHIP_FILL, width=1)
