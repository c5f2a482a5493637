"""Helpers for the renderer tests: real game states, and reading a PNG back.

The tests judge images by what they show at known places (a chip's colour, a
marker's number), so these helpers open PNG bytes, sample pixels and read the
number on a marker by comparing it with markers drawn for every candidate.
"""

import io
from collections.abc import Iterable
from typing import Any

from PIL import Image, ImageChops

from engine.protocol import Game, TableConfig
from renderers import pieces
from renderers.draw import Canvas, Point
from renderers.style import RGB

Tolerance = int


def play(game: Game[Any, Any, Any], config: TableConfig, moves: int, level: str = "random") -> Any:
    """The state after `moves` decisions by seeded players (host steps included),
    or the final state if the game ends first."""
    state = game.initial_state(config)
    players = [game.player(level, config.seed + seat) for seat in range(game.seat_count(state))]
    done = 0
    while done < moves and not game.is_finished(state):
        if game.can_advance(state):
            state = game.advance(state).state
            continue
        seat = game.to_move(state)
        assert seat is not None
        move = players[seat].choose(game.view_for(state, seat), seat, game.legal_moves(state, seat))
        state = game.apply(state, seat, move).state
        done += 1
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


def same_region(a: Image.Image, b: Image.Image, box: tuple[float, float, float, float]) -> bool:
    """Equal pixels in `box`. Compare `picture()` images, not decoded PNGs: each
    PNG gets its own 256-colour palette, so equal regions may differ by a shade."""
    x0, y0, x1, y1 = (int(v) for v in box)
    region = (x0, y0, x1, y1)
    return ImageChops.difference(a.crop(region), b.crop(region)).getbbox() is None
