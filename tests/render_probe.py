"""Helpers for the renderer tests: real game states, and reading a PNG back.

The tests judge images by what they show at known places (a chip's colour, a
marker's number), so these helpers open PNG bytes, sample pixels and read the
number on a marker by comparing it with markers drawn for every candidate.
"""

import io
import itertools
from collections.abc import Callable, Iterable
from typing import Any

from PIL import Image, ImageChops

from engine.katan.geometry import bits
from engine.katan.state import KatanState
from engine.protocol import Game, TableConfig
from renderers import pieces, style
from renderers.draw import Box, Canvas, Point
from renderers.katan import SEAT_STYLES
from renderers.katan.closeup import RIM, Closeup, Label, draw_labels
from renderers.katan.geometry import Layout, building_probe, marker_centre, road_probes
from renderers.spots import Spots
from renderers.style import RGB

Tolerance = int


def seeded(
    game: Game[Any, Any, Any],
    config: TableConfig,
    stop: Callable[[Any, int, list[Any]], bool],
    level: str = "random",
) -> tuple[Any, bool]:
    """Seeded players (host steps included) play from `config` until
    `stop(state, seat, legal)` holds before a decision: (that state, True), or
    (the final state, False) if the game ends first."""
    state = game.initial_state(config)
    players = [game.player(level, config.seed + seat) for seat in range(game.seat_count(state))]
    while not game.is_finished(state):
        if game.can_advance(state):
            state = game.advance(state).state
            continue
        seat = game.to_move(state)
        assert seat is not None
        legal = game.legal_moves(state, seat)
        if stop(state, seat, legal):
            return state, True
        move = players[seat].choose(game.view_for(state, seat), seat, legal)
        state = game.apply(state, seat, move).state
    return state, False


def play(game: Game[Any, Any, Any], config: TableConfig, moves: int, level: str = "random") -> Any:
    """The state after `moves` decisions by seeded players (host steps included),
    or the final state if the game ends first."""
    made = itertools.count()
    return seeded(game, config, lambda *_: next(made) >= moves, level)[0]


def first_where(
    game: Game[Any, Any, Any], config: TableConfig, done: Callable[[Any, int, list[Any]], bool]
) -> Any:
    """The first position of seeded random play where `done(state, seat, legal)`."""
    state, found = seeded(game, config, done)
    assert found, "seeded play never reached the position wanted"
    return state


def open_png(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def rgb(data: bytes) -> Image.Image:
    return open_png(data).convert("RGB")


def pixel(image: Image.Image, at: Point) -> RGB:
    value = image.getpixel((int(at[0]), int(at[1])))
    assert isinstance(value, tuple)
    return value[0], value[1], value[2]


def near(actual: RGB, expected: RGB, tolerance: Tolerance = 24) -> bool:
    return all(abs(a - e) <= tolerance for a, e in zip(actual, expected, strict=True))


def read_marker(image: Image.Image, centre: Point, radius: float, candidates: Iterable[int]) -> int:
    """The number on the marker at `centre`: the candidate whose freshly drawn
    marker matches the picture's best inside the marker's white disc."""
    half = int(radius * 0.7)
    ox, oy = int(centre[0]) - half - 4, int(centre[1]) - half - 4
    size = 2 * half + 8
    crop = image.crop((ox, oy, ox + size, oy + size)).convert("RGB")
    best, best_score = -1, float("inf")
    for number in candidates:
        canvas = Canvas(size, size, (255, 255, 255))
        pieces.marker(canvas, (centre[0] - ox, centre[1] - oy), radius, number)
        template = canvas.image.reduce(2)
        diff = ImageChops.difference(crop, template).crop((4, 4, size - 4, size - 4))
        score = sum(i * count for i, count in enumerate(diff.convert("L").histogram()))
        if score < best_score:
            best, best_score = number, score
    return best


def read_label(image: Image.Image, label: Label, candidates: Iterable[int]) -> int:
    """The number on a close-up's label, once its colours show it is drawn
    whole where `label.box` says: the magenta rim on all four sides (another
    label overlapping it would cover some) and white inside beside the digits.
    The number is the candidate whose freshly drawn label matches best."""
    x0, y0, x1, y1 = label.box
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    half = (y1 - y0) / 2
    rim = [(mx, y0 + RIM / 2), (mx, y1 - RIM / 2), (x0 + RIM / 2, my), (x1 - RIM / 2, my)]
    rim += [(x, y) for x in (x0 + half, x1 - half) for y in (y0 + RIM / 2, y1 - RIM / 2)]
    for at in rim:
        assert near(pixel(image, at), style.MARKER_EDGE, 40), (label, at)
    for at in ((x0 + RIM + 2, my), (x1 - RIM - 3, my)):
        assert near(pixel(image, at), style.MARKER_FILL, 40), (label, at)
    box = (int(x0) - 2, int(y0) - 2, int(x1) + 3, int(y1) + 3)
    crop = image.crop(box).convert("RGB")
    best, best_score = -1, float("inf")
    for number in candidates:
        canvas = Canvas(crop.width, crop.height, (255, 255, 255))
        moved = (x0 - box[0], y0 - box[1], x1 - box[0], y1 - box[1])
        draw_labels(canvas, (Label(number, 0, (moved[0] + half, moved[1] + half), moved),))
        inside = (
            round(RIM) + 3,
            round(RIM) + 3,
            crop.width - round(RIM) - 3,
            crop.height - round(RIM) - 3,
        )
        diff = ImageChops.difference(crop, canvas.reduced()).crop(inside)
        score = sum(i * count for i, count in enumerate(diff.convert("L").histogram()))
        if score < best_score:
            best, best_score = number, score
    return best


def check_labels(image: Image.Image, look: Closeup, spots: Spots[Any]) -> None:
    """A close-up labels exactly `spots`, each at its place and showing its
    number read off the pixels (among the numbers most like it: one digit
    apart, or with the same last digit)."""
    assert {(q.number, q.place) for q in look.labels} == set(spots.numbered())
    numbers = [n for n, _ in spots.numbered()]
    for q in look.labels:
        assert q.anchor == marker_centre(look.layout, spots.kind, q.place)
        alike = [
            n for n in numbers if abs(n - q.number) in (0, 1, 10, 100) or n % 10 == q.number % 10
        ]
        assert read_label(image, q, alike) == q.number


def pieces_in_their_colours(image: Image.Image, lay: Layout, state: KatanState) -> int:
    """Asserts that every town, city and road on the island shows its owner's
    colour at its probe (a road on either side of its marking); how many."""
    seen = 0
    for seat in range(state.seats):
        fill = SEAT_STYLES[seat].fill
        for city, places in ((False, state.towns[seat]), (True, state.cities[seat])):
            for node in bits(places):
                assert near(pixel(image, building_probe(lay, node, city)), fill), node
                seen += 1
        for edge in bits(state.roads[seat]):
            assert any(near(pixel(image, p), fill) for p in road_probes(lay, edge)), edge
            seen += 1
    return seen


def overlapping(boxes: Iterable[Box]) -> list[tuple[Box, Box]]:
    """The pairs of boxes that share any area."""
    found = list(boxes)
    return [
        (a, b)
        for i, a in enumerate(found)
        for b in found[i + 1 :]
        if a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]
    ]


def same_region(a: Image.Image, b: Image.Image, box: tuple[float, float, float, float]) -> bool:
    """Equal pixels in `box`. Compare `picture()` images, not decoded PNGs: each
    PNG gets its own 256-colour palette, so equal regions may differ by a shade."""
    x0, y0, x1, y1 = (int(v) for v in box)
    region = (x0, y0, x1, y1)
    return ImageChops.difference(a.crop(region), b.crop(region)).getbbox() is None


PHONE_WIDTH = 360
"""How wide a phone shows a chat photo, in px."""


def as_on_phone(data: bytes, quality: int = 75) -> Image.Image:
    """A PNG as a phone shows it in a chat: recompressed to JPEG (Telegram
    does; 75 is harsher than it) and scaled to `PHONE_WIDTH` px wide."""
    buffer = io.BytesIO()
    rgb(data).save(buffer, "JPEG", quality=quality)
    image = rgb(buffer.getvalue())
    height = round(image.height * PHONE_WIDTH / image.width)
    return image.resize((PHONE_WIDTH, height), Image.Resampling.LANCZOS)


def ink_height(image: Image.Image, box: tuple[float, float, float, float]) -> int:
    """The height in px of the dark, grey ink (digits) inside `box`: rows
    holding a pixel darker than mid-grey and not coloured (a magenta rim is
    as dark, but coloured). 0 when the ink is too blurred to be dark."""
    x0, y0, x1, y1 = (round(v) for v in box)
    crop = image.crop((x0, y0, x1, y1)).convert("RGB")
    rows = [
        y for y in range(crop.height) if any(_ink(pixel(crop, (x, y))) for x in range(crop.width))
    ]
    return rows[-1] - rows[0] + 1 if rows else 0


def _ink(colour: RGB) -> bool:
    r, g, b = colour
    return 0.299 * r + 0.587 * g + 0.114 * b < 128 and max(colour) - min(colour) < 60
