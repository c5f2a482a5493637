"""The private overlay as a phone shows it: a close-up of the island around
the spots in play, with labels large enough to read at 360 px, above a strip
with the seat's own hand.

Chat apps show a photo as wide as the phone's screen, about 360 px, and
Telegram recompresses it. On the whole board with its panel a label's digits
came out about 3 px high there (docs/rendering.md, "Legible on a phone").
So an overlay with spots on the island is not the board: it is the part of
the map holding its spots, as large as the image allows, without the panel
(the public board has the scores). Its labels have a fixed size in image
pixels, measured to read at phone width, whatever the zoom; where the spots
are denser than the labels, a label moves to the nearest free place around
its spot and a magenta leader joins the two, so no label hides another or
another spot.

Choosing where to build means counting one's cards, so the seat's hand is
drawn under the map in sizes read at phone width too: a tile per card kind
with its count, then the development cards (or, with Cities & Knights, the
progress cards) as chips. It is drawn from the scene's hand fields, which
hold the viewer's own cards only.
"""

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from languages import _, speaking
from renderers import style
from renderers.draw import SCALE, Box, Canvas, Point, font
from renderers.katan.geometry import Layout, Plan, fit, marker_centre, plan
from renderers.katan.model import KatanScene
from renderers.katan.palette import GOOD_FILL, GOOD_INK
from renderers.katan_words import DEV_SAID, card_title, progress_said

WIDTH: Final = 960
"""A close-up's width; 960 × (720 to 1280) stays under Telegram's 1280-px
photo side, so the app does not scale it before the phone does."""
HEIGHTS: Final = (720, 1280)
"""A close-up is as tall as its spots need, from 4:3 landscape to 3:4 portrait."""
PHONE: Final = 360
"""The width, in px, at which a phone shows a chat photo: what sizes are judged at."""
LABEL_FONT: Final = 38.0
"""The labels' bold digits, in image pixels: 28 px high, 10 to 13 px at
360 px wide after a JPEG round trip (the sizes measured are in
docs/rendering.md; 34 gave 9)."""
PAD: Final = (9.0, 7.0)
"""Room round the digits inside a label's rim, across and up."""
RIM: Final = 3.5
GAP: Final = 4.0
"""Clear space kept between two labels, and round another spot's dot."""
DOT: Final = 6.0
"""The dot on a spot whose label had to move away, at its leader's end."""
CONTEXT: Final = 0.9
"""Hex radii of island kept round the outermost spots."""
HARBOUR_REACH: Final = 1.6
"""A harbour's token this near a spot, in hex radii, is kept in view..."""
TOKEN: Final = 0.45
"""...with its token's radius and a little sea."""
MOST: Final = 150.0
"""The largest hex radius: a few spots keep a few hexes round them in view."""
REACH: Final = 3.0
"""How far a label may move from its spot, in label heights."""


@dataclass(frozen=True, slots=True)
class Label:
    number: int
    place: int
    anchor: Point
    """The spot itself: the crossing, the edge's middle, or beside the hex's token."""
    box: Box
    """The label's white rounded box, rim included."""


@dataclass(frozen=True, slots=True)
class Tile:
    """One card kind of the hand: its count on white over a band in the
    kind's colour that names it."""

    kind: int
    count: int
    box: Box
    digits: Box
    """The white part holding the count."""
    name: str = ""
    """The kind's name in the close-up's language (empty: the reader's now)."""

    @property
    def band(self) -> Box:
        """The coloured part under the count, holding the name."""
        return self.box[0], self.digits[3], self.box[2], self.box[3]


@dataclass(frozen=True, slots=True)
class Chip:
    """A development or progress card (or the note that there is none)."""

    text: str
    box: Box
    held: bool
    """False for the note, drawn muted without a chip."""


@dataclass(frozen=True, slots=True)
class HandStrip:
    top: float
    height: float
    tiles: tuple[Tile, ...]
    chips: tuple[Chip, ...]


@dataclass(frozen=True, slots=True)
class Closeup:
    width: int
    height: int
    layout: Layout
    labels: tuple[Label, ...]
    hand: HandStrip | None = None
    """The seat's own cards under the map; None for a spectator."""


COUNT_FONT: Final = LABEL_FONT
"""A tile's count, bold: as large as the labels, so it reads as well."""
NAME_FONT: Final = 32.0
"""A tile's card name and a chip's words, bold (measured at 360 px wide as
the labels are: docs/rendering.md)."""
EDGE: Final = 14.0
"""The strip's margin, round the tiles and chips."""
SPACE: Final = 8.0
"""Between two tiles or chips."""
BAND: Final = 42.0
"""A tile's coloured band, under its count."""
CHIP: Final = (14.0, 48.0)
"""A chip's padding across, and its height."""


def has_closeup(s: KatanScene) -> bool:
    """Only an overlay with spots on the island is drawn close up."""
    return bool(s.spots)


@lru_cache(maxsize=8)
def closeup(s: KatanScene) -> Closeup:
    """Where the close-up of `s` looks, how large it is, where each label
    sits, and the hand's strip below the map, its words in the scene's language."""
    with speaking(s.language):
        return _closeup(s)


def _closeup(s: KatanScene) -> Closeup:
    whole = plan(s.board.topology, s.harbours)
    unit = _unit(whole)
    anchors = [marker_centre(unit, s.spot_kind, place) for _, place in s.spots]
    if s.spot_source >= 0:
        anchors.append(marker_centre(unit, s.spot_kind, s.spot_source))
    focus = _focus(anchors, whole)
    fw, fh = focus[2] - focus[0], focus[3] - focus[1]
    below = _strip_height(s)
    height = min(max(round(WIDTH * fh / fw), HEIGHTS[0]), HEIGHTS[1] - round(below))
    lay = fit(whole, focus, (0.0, 0.0, float(WIDTH), float(height)), MOST)
    spots = [(n, p, marker_centre(lay, s.spot_kind, p)) for n, p in s.spots]
    strip = None if s.viewer is None else _strip(s, float(height))
    total = height + round(below)
    return Closeup(WIDTH, total, lay, _place(spots, WIDTH, height), strip)


def draw_hand(canvas: Canvas, strip: HandStrip) -> None:
    top = strip.top
    canvas.rect((0, top, canvas.width, top + strip.height), fill=style.PANEL)
    canvas.line([(0, top + 1), (canvas.width, top + 1)], style.PANEL_EDGE, 2)
    for tile in strip.tiles:
        draw_tile(canvas, tile)
    for chip in strip.chips:
        x0, y0, x1, y1 = chip.box
        if not chip.held:
            canvas.text((x0, (y0 + y1) / 2), chip.text, NAME_FONT, style.MUTED, anchor="lm")
            continue
        canvas.rect(chip.box, fill=style.CARD_FACE, outline=style.CARD_BACK, width=3, radius=8)
        middle = ((x0 + x1) / 2, (y0 + y1) / 2)
        canvas.text(middle, chip.text, NAME_FONT, style.INK, bold=True)


def draw_tile(canvas: Canvas, tile: Tile) -> None:
    """A tile alone: the tests draw one per candidate count to read a count back."""
    fill = GOOD_FILL[tile.kind]
    canvas.rect(tile.box, fill=fill, outline=style.INK, width=1.5, radius=8)
    canvas.rect(tile.digits, fill=style.CARD_FACE, radius=6)
    dx0, dy0, dx1, dy1 = tile.digits
    at = ((dx0 + dx1) / 2, (dy0 + dy1) / 2 + digit_height() / 2)
    ink = style.INK if tile.count else style.MUTED
    canvas.text(at, str(tile.count), COUNT_FONT, ink, anchor="ms", bold=True)
    name = tile.name or card_title(tile.kind)
    x0, y0, x1, y1 = tile.band
    canvas.text(
        ((x0 + x1) / 2, (y0 + y1) / 2),
        name,
        NAME_FONT,
        GOOD_INK[tile.kind],
        bold=True,
        max_width=x1 - x0 - 6,
    )


def _cards(s: KatanScene) -> tuple[list[str], str]:
    """The chips' words: development cards by count (those bought this turn
    marked new), or progress cards by name; and the note for none."""
    if s.ck is not None:
        return [progress_said(card) for card in s.ck.hand], _("No progress cards")
    words = []
    for kind, count in enumerate(s.devs):
        if count:
            new = s.fresh[kind] if s.fresh else 0
            fresh = " " + _("({count} new)").format(count=new) if new else ""
            words.append(f"{count} × {_(DEV_SAID[kind])}" + fresh)
    return words, _("No development cards")


def _chip_rows(s: KatanScene) -> list[list[tuple[str, float]]]:
    """The chips' words and widths, in rows that fit the image's width."""
    words, _ = _cards(s)
    rows: list[list[tuple[str, float]]] = []
    room = WIDTH - 2 * EDGE
    used = room
    for text in words:
        wide = min(room, font(NAME_FONT * SCALE, True).getlength(text) / SCALE + 2 * CHIP[0])
        if used + SPACE + wide > room:
            rows.append([])
            used = -SPACE
        rows[-1].append((text, wide))
        used += SPACE + wide
    return rows or [[]]


def _tile_height() -> float:
    return digit_height() + 2 * PAD[1] + 4 + BAND


def _strip_height(s: KatanScene) -> float:
    if s.viewer is None:
        return 0.0
    rows = len(_chip_rows(s))
    return EDGE + _tile_height() + SPACE + rows * CHIP[1] + (rows - 1) * SPACE + EDGE


def _tile_widths(kinds: int) -> list[float]:
    """Equal tiles where every name fits one; else (eight kinds with Cities &
    Knights) each as wide as its name needs, so no name is shrunk."""
    room = WIDTH - 2 * EDGE - (kinds - 1) * SPACE
    need = [
        font(NAME_FONT * SCALE, True).getlength(card_title(kind)) / SCALE + 10
        for kind in range(kinds)
    ]
    if max(need) <= room / kinds:
        return [room / kinds] * kinds
    extra = (room - sum(need)) / kinds
    if extra < 0:
        return [n * room / sum(need) for n in need]
    return [n + extra for n in need]


def _strip(s: KatanScene, top: float) -> HandStrip:
    high = _tile_height()
    y = top + EDGE
    tiles = []
    x = EDGE
    for kind, wide in enumerate(_tile_widths(len(s.hand))):
        box = (x, y, x + wide, y + high)
        digits = (x + 4, y + 4, x + wide - 4, y + high - BAND)
        tiles.append(Tile(kind, s.hand[kind], box, digits, card_title(kind)))
        x += wide + SPACE
    y += high + SPACE
    chips = []
    rows = _chip_rows(s)
    if not rows[0]:
        _, none = _cards(s)
        chips.append(Chip(none, (EDGE, y, WIDTH - EDGE, y + CHIP[1]), held=False))
    for row in rows:
        x = EDGE
        for text, width in row:
            chips.append(Chip(text, (x, y, x + width, y + CHIP[1]), held=True))
            x += width + SPACE
        y += CHIP[1] + SPACE
    return HandStrip(top, _strip_height(s), tuple(tiles), tuple(chips))


def draw_labels(canvas: Canvas, labels: tuple[Label, ...]) -> None:
    """Leaders first, so a leader never crosses a label's digits."""
    for label in labels:
        if not _inside(label.anchor, label.box, 0.0):
            end = _nearest(label.anchor, label.box)
            canvas.line([label.anchor, end], style.MARKER_FILL, RIM * 2.2)
            canvas.line([label.anchor, end], style.MARKER_EDGE, RIM)
            canvas.circle(label.anchor, DOT, fill=style.MARKER_EDGE, outline=style.MARKER_FILL)
    high = digit_height()
    for label in labels:
        x0, y0, x1, y1 = label.box
        canvas.rect(
            label.box,
            fill=style.MARKER_FILL,
            outline=style.MARKER_EDGE,
            width=RIM,
            radius=(y1 - y0) / 2,
        )
        at = ((x0 + x1) / 2, (y0 + y1) / 2 + high / 2)
        canvas.text(at, str(label.number), LABEL_FONT, style.MARKER_INK, anchor="ms", bold=True)


@lru_cache(maxsize=1)
def digit_height() -> float:
    """The digits' height above the baseline, in image pixels."""
    top = font(LABEL_FONT * SCALE, True).getbbox("0123456789", anchor="ls")[1]
    return -top / SCALE


def label_size(number: int) -> tuple[float, float]:
    text_width = font(LABEL_FONT * SCALE, True).getlength(str(number)) / SCALE
    height = digit_height() + 2 * PAD[1]
    return max(text_width + 2 * PAD[0], height), height


def _unit(p: Plan) -> Layout:
    """The map at one pixel per hex radius: positions in hex radii."""
    return Layout(
        size=1.0,
        hexes=p.hexes,
        crossings=p.crossings,
        edges=tuple((p.crossings[a], p.crossings[b]) for a, b in p.edge_ends),
        harbour_tokens=p.harbour_tokens,
    )


def _focus(anchors: list[Point], whole: Plan) -> Box:
    """The anchors' bounds with some island round them, and the harbours
    beside them (a reason to settle there), within the map."""
    boxes = [(x - CONTEXT, y - CONTEXT, x + CONTEXT, y + CONTEXT) for x, y in anchors]
    boxes += [
        (x - TOKEN, y - TOKEN, x + TOKEN, y + TOKEN)
        for x, y in whole.harbour_tokens.values()
        if any(math.hypot(x - ax, y - ay) < HARBOUR_REACH for ax, ay in anchors)
    ]
    x0, y0, x1, y1 = whole.extent
    return (
        max(min(b[0] for b in boxes), x0),
        max(min(b[1] for b in boxes), y0),
        min(max(b[2] for b in boxes), x1),
        min(max(b[3] for b in boxes), y1),
    )


def _place(spots: list[tuple[int, int, Point]], width: int, height: int) -> tuple[Label, ...]:
    """Each label on its spot if that is free, else at the nearest free place
    round it: clear of the labels placed before, of every other spot, and of
    the image's edge. Spots are taken top to bottom, so the placing is the
    same for the same spots."""
    placed: list[Label] = []
    anchors = [a for _, _, a in spots]
    for number, place, anchor in sorted(spots, key=lambda t: (t[2][1], t[2][0])):
        w, h = label_size(number)
        others = [a for a in anchors if a != anchor]
        box = next(
            (
                b
                for b in _candidates(anchor, w, h)
                if _fits(b, width, height)
                and not any(_overlap(b, q.box, GAP) for q in placed)
                and not any(_inside(a, b, DOT + GAP) for a in others)
            ),
            None,
        )
        if box is None:
            box = _centred(anchor, w, h)
        placed.append(Label(number, place, anchor, box))
    return tuple(sorted(placed, key=lambda q: q.number))


ANGLES: Final = (-90, 90, -60, -120, 60, 120, -30, -150, 30, 150, 0, 180)
"""Where a label tries first: above or below its spot, where a crossing's
neighbours are farthest, then round to the sides."""


def _candidates(anchor: Point, w: float, h: float) -> list[Box]:
    x, y = anchor
    found = [_centred(anchor, w, h)]
    steps = int(REACH * 4)
    for k in range(1, steps + 1):
        d = h * k / 4
        for angle in ANGLES:
            a = math.radians(angle)
            found.append(_centred((x + d * math.cos(a), y + d * math.sin(a)), w, h))
    return found


def _centred(at: Point, w: float, h: float) -> Box:
    x, y = at
    return x - w / 2, y - h / 2, x + w / 2, y + h / 2


def _fits(b: Box, width: int, height: int) -> bool:
    return b[0] >= 2 and b[1] >= 2 and b[2] <= width - 2 and b[3] <= height - 2


def _overlap(a: Box, b: Box, gap: float) -> bool:
    return a[0] < b[2] + gap and b[0] < a[2] + gap and a[1] < b[3] + gap and b[1] < a[3] + gap


def _inside(p: Point, b: Box, margin: float) -> bool:
    return b[0] - margin <= p[0] <= b[2] + margin and b[1] - margin <= p[1] <= b[3] + margin


def _nearest(p: Point, b: Box) -> Point:
    return min(max(p[0], b[0]), b[2]), min(max(p[1], b[1]), b[3])
