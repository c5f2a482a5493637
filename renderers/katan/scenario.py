"""The scenario's counts on their hexes: each village's cloth left, each
standing fortress's strength, each canal tile's units dug, and the tribe's
chips still waiting.

Every count is a digit or a row of boxes, never a colour alone: the cloth
is a number on a cloth-coloured tag, the strength a number on a red shield,
the canal three boxes filled as dug, a chip a tag saying what it gives.
"""

from typing import Final

from engine.katan.sea.scenarios import CANAL_UNITS
from renderers import style
from renderers.draw import Canvas
from renderers.katan.geometry import Layout, canal_pip, chip_box, stock_box, strength_centre
from renderers.katan.model import SeaScene
from renderers.katan.palette import ATTACK, CHIP_FILL, CLOTH_FILL, DUG_FILL

CHIP_TAGS: Final = ("+1 VP", "3:1", "+2")
"""What a tribe chip gives, as its tag says it (`mapfile.CHIP_NAMES` order):
a point, a 3:1 harbour, two resources of choice."""


def counts(canvas: Canvas, sea: SeaScene, lay: Layout) -> None:
    size = lay.size
    for h, cloth in sea.villages:
        box = stock_box(lay, h)
        x0, y0, x1, y1 = box
        canvas.rect(box, fill=CLOTH_FILL, outline=style.INK, width=1.2, radius=size * 0.06)
        canvas.text(((x0 + x1) / 2, (y0 + y1) / 2), str(cloth), size * 0.3, style.INK, bold=True)
    for h, strength in sea.fortresses:
        centre = strength_centre(lay, h)
        canvas.circle(centre, size * 0.19, fill=ATTACK, outline=style.INK, width=1.5)
        canvas.text(centre, str(strength), size * 0.27, style.LIGHT_INK, bold=True)
    side = size * 0.2
    for h, dug in sea.canal:
        for unit in range(CANAL_UNITS):
            x, y = canal_pip(lay, h, unit)
            canvas.rect(
                (x - side / 2, y - side / 2, x + side / 2, y + side / 2),
                fill=DUG_FILL if unit < dug else style.CARD_FACE,
                outline=style.INK,
                width=1.5 if unit < dug else 1,
            )
    for h, kind in sea.chips:
        box = chip_box(lay, h)
        x0, y0, x1, y1 = box
        canvas.rect(box, fill=CHIP_FILL[kind], outline=style.INK, width=1.5, radius=size * 0.15)
        middle = ((x0 + x1) / 2, (y0 + y1) / 2)
        canvas.text(
            middle, CHIP_TAGS[kind], size * 0.23, style.INK, bold=True, max_width=x1 - x0 - 14
        )
