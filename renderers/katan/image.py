"""The Katan image: the island, its pieces and the overlay's labels, then the panel.

Layers go from the ground up, so a piece is never hidden by the land and a
numbered marker never by a piece: terrain with the scenario's counts and
harbours, roads and ships, walls under their cities, buildings and
metropolis towers, knights, the robber, the pirate and the merchant, then
the overlay. An overlay with spots is a close-up of the island round them
(`closeup`): the same layers, without the panel and the barbarians' strip,
above a strip with the seat's own hand.
"""

from PIL import Image

from renderers import style
from renderers.draw import Canvas, encode_png
from renderers.katan import barbarians, figures, island, scenario, ships
from renderers.katan.closeup import closeup, draw_hand, draw_labels, has_closeup
from renderers.katan.geometry import (
    CITIES_ISLAND,
    HEIGHT,
    ISLAND,
    WIDTH,
    Layout,
    grown_box,
    layout,
)
from renderers.katan.hand import hand
from renderers.katan.model import KatanScene
from renderers.katan.palette import SEA_BACK
from renderers.katan.panel import panel


def scene_layout(s: KatanScene) -> Layout:
    """Where this scene's map sits: below the barbarians' strip with Cities & Knights,
    in a sea as tall as the image (taller for five or six seats)."""
    area = grown_box(ISLAND if s.ck is None else CITIES_ISLAND, s.extra)
    return layout(s.board.topology, s.harbours, area)


def draw(s: KatanScene) -> bytes:
    return encode_png(picture(s))


def picture(s: KatanScene) -> Image.Image:
    """The image before PNG encoding: what tests compare pixel for pixel."""
    if has_closeup(s):
        return _closeup(s)
    canvas = Canvas(WIDTH, round(HEIGHT + s.extra), style.BACKGROUND)
    lay = scene_layout(s)
    canvas.rect(grown_box(ISLAND, s.extra), fill=SEA_BACK, radius=24)
    _island(canvas, s, lay)
    if s.ck is not None:
        barbarians.strip(canvas, s)
    panel(canvas, s)
    hand(canvas, s)
    return canvas.reduced()


def _closeup(s: KatanScene) -> Image.Image:
    view = closeup(s)
    canvas = Canvas(view.width, view.height, SEA_BACK)
    _island(canvas, s, view.layout)
    if s.spot_source >= 0:
        figures.source_ring(canvas, view.layout, s.spot_kind, s.spot_source)
    draw_labels(canvas, view.labels)
    if view.hand is not None:
        draw_hand(canvas, view.hand)
    return canvas.reduced()


def _island(canvas: Canvas, s: KatanScene, lay: Layout) -> None:
    island.hexes(canvas, s, lay)
    if s.sea is not None:
        scenario.counts(canvas, s.sea, lay)
    island.harbours(canvas, s, lay)
    figures.roads(canvas, s, lay)
    ships.ships(canvas, s, lay)
    figures.buildings(canvas, s, lay)
    figures.knights(canvas, s, lay)
    figures.robber(canvas, s, lay)
    if s.sea is not None:
        ships.pirate(canvas, s.sea, lay)
    figures.merchant(canvas, s, lay)
