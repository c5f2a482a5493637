"""The land and the sea: hexes with their terrain words and markings, number
tokens with their pips, and the harbours.

Seafarers' terrains (gold, fog, village, fortress, canal) each get a fill, a
word and a marking of their own, so a map using them reads without colour.
"""

import math
from typing import Final

from engine.katan.components import CANAL, FOG, FORTRESS, GENERIC_HARBOUR, GOLD, PIPS, SEA, VILLAGE
from engine.katan.maps import RED_NUMBERS
from renderers import style
from renderers.draw import Canvas, Point
from renderers.katan.geometry import Layout
from renderers.katan.model import KatanScene
from renderers.katan.palette import (
    RED_NUMBER,
    SHORE,
    TERRAIN_FILL,
    TERRAIN_INK,
    TERRAIN_WORDS,
    TOKEN,
)
from renderers.style import RGB

SEA_DETAIL: Final = 1.2


def hex_corners(centre: Point, radius: float) -> list[Point]:
    cx, cy = centre
    return [
        (
            cx + radius * math.cos(math.radians(-90 + 60 * k)),
            cy + radius * math.sin(math.radians(-90 + 60 * k)),
        )
        for k in range(6)
    ]


def detail(s: KatanScene) -> float:
    """How much larger than the base game's a token or word is for its hex:
    Seafarers' maps fit more hexes, so each is smaller and its print bolder."""
    return SEA_DETAIL if s.sea is not None else 1.0


def hexes(canvas: Canvas, s: KatanScene, lay: Layout) -> None:
    size = lay.size
    k = detail(s)
    land = [h for h, t in enumerate(s.terrain) if t != SEA]
    for h in land:
        canvas.polygon(hex_corners(lay.hexes[h], size * 1.04), fill=SHORE)
    for h, terrain in enumerate(s.terrain):
        centre = lay.hexes[h]
        canvas.polygon(hex_corners(centre, size * 0.97), fill=TERRAIN_FILL[terrain])
        if terrain == SEA:
            continue
        cx, cy = centre
        ink = TERRAIN_INK[terrain]
        word = TERRAIN_WORDS[terrain]
        canvas.text((cx, cy - size * 0.6), word, size * 0.17 * k, ink, bold=True)
        _marking(canvas, terrain, centre, size, ink)
        number = s.numbers[h]
        if number:
            _token(canvas, centre, size, number, k)


def _token(canvas: Canvas, centre: Point, size: float, number: int, k: float = 1.0) -> None:
    """Number and pips; 6 and 8 in red and bold, as printed."""
    cx, cy = centre
    r = size * k
    canvas.circle(centre, r * 0.3, fill=TOKEN, outline=style.INK, width=1.5)
    ink = RED_NUMBER if number in RED_NUMBERS else style.INK
    canvas.text((cx, cy - r * 0.05), str(number), r * 0.27, ink, bold=True)
    pips = PIPS[number]
    step = r * 0.075
    for i in range(pips):
        x = cx + (i - (pips - 1) / 2) * step
        canvas.circle((x, cy + r * 0.17), r * 0.027, fill=ink)


def _marking(canvas: Canvas, terrain: int, centre: Point, size: float, ink: RGB) -> None:
    """Seafarers' terrains: a shape of their own below where a number token
    would sit, the fortress's in the middle (it has no number); the base
    game's terrains have none."""
    cx, cy = centre
    low = cy + size * 0.5
    if terrain == GOLD:
        for dx in (-0.22, 0.0, 0.22):
            canvas.circle(
                (cx + dx * size, low), size * 0.085, fill=style.HIGHLIGHT, outline=ink, width=1.5
            )
    elif terrain == FOG:
        canvas.text((cx, cy + size * 0.05), "?", size * 0.55, ink, bold=True)
        for dy in (0.42, 0.56):
            _wave(canvas, (cx, cy + dy * size), size * 0.5, size * 0.04, ink)
    elif terrain == VILLAGE:
        huts = cy + size * 0.56  # at the left of the band; the cloth left is at its right
        for dx in (-0.3, -0.1):
            x = cx + dx * size
            hut = [
                (x - size * 0.09, huts + size * 0.08),
                (x + size * 0.09, huts + size * 0.08),
                (x + size * 0.09, huts - size * 0.02),
                (x, huts - size * 0.11),
                (x - size * 0.09, huts - size * 0.02),
            ]
            canvas.polygon(hut, fill=style.PANEL, outline=ink, width=1.5)
    elif terrain == FORTRESS:
        w, h = size * 0.44, size * 0.3
        top = cy + size * 0.2 - h / 2
        canvas.rect((cx - w / 2, top, cx + w / 2, top + h), fill=style.PANEL_EDGE)
        for k in range(3):
            x = cx - w / 2 + k * w * 0.4
            canvas.rect((x, top - h * 0.35, x + w * 0.2, top), fill=style.PANEL_EDGE)
    elif terrain == CANAL:
        for dy in (0.4, 0.54):
            _wave(canvas, (cx, cy + dy * size), size * 0.6, size * 0.05, ink)


def _wave(canvas: Canvas, centre: Point, length: float, height: float, ink: RGB) -> None:
    cx, cy = centre
    steps = 12
    points = [
        (
            cx - length / 2 + length * i / steps,
            cy + height * math.sin(2 * math.pi * 2 * i / steps),
        )
        for i in range(steps + 1)
    ]
    canvas.line(points, ink, max(1.0, height * 0.6))


def harbours(canvas: Canvas, s: KatanScene, lay: Layout) -> None:
    size = lay.size * detail(s)
    for edge, kind in s.harbours:
        token = lay.harbour_tokens[edge]
        for end in lay.edges[edge]:
            canvas.line([token, end], SHORE, lay.size * 0.07)
        generic = kind == GENERIC_HARBOUR
        fill = style.PANEL if generic else TERRAIN_FILL[kind]
        ink = style.INK if generic else TERRAIN_INK[kind]
        canvas.circle(token, size * 0.3, fill=fill, outline=style.INK, width=1.5)
        tx, ty = token
        canvas.text((tx, ty - size * 0.07), "3:1" if generic else "2:1", size * 0.2, ink, bold=True)
        word = "any" if generic else TERRAIN_WORDS[kind]
        canvas.text((tx, ty + size * 0.13), word, size * 0.13, ink)
