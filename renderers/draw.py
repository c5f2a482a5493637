"""Drawing at twice the output size, fonts, and PNG output.

Pillow draws shapes without anti-aliasing, so every image is drawn at `SCALE`
times its output size and reduced by averaging: edges and text come out smooth
on phones. Renderers work in output pixels; `Canvas` does the scaling, so their
layout numbers are the ones a test reads back from the PNG.
"""

import io
from collections.abc import Sequence
from functools import lru_cache
from importlib import resources
from typing import Final, Literal

from PIL import Image, ImageChops, ImageDraw, ImageFont

from renderers.style import RGB

SCALE: Final = 2
FONT_FILES: Final = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}

Point = tuple[float, float]
Box = tuple[float, float, float, float]
Colour = RGB | tuple[int, int, int, int]
Anchor = Literal["mm", "lm", "rm", "mt", "lt", "rt", "mb", "lb", "rb", "ls", "ms"]


class FontMissing(RuntimeError):
    """The font shipped with the renderers is not where it should be."""


@lru_cache(maxsize=2)
def _font_bytes(bold: bool) -> bytes:
    name = FONT_FILES[bold]
    try:
        return (resources.files("renderers") / "fonts" / name).read_bytes()
    except (FileNotFoundError, OSError) as exc:
        raise FontMissing(
            f"renderers/fonts/{name} is missing ({exc}); it ships with plgames, so the "
            "installation is incomplete: reinstall the package (pip install -e .)"
        ) from None


@lru_cache(maxsize=64)
def font(size: float, bold: bool = False) -> ImageFont.FreeTypeFont:
    """DejaVu Sans at `size` *drawing* pixels.

    The basic layout engine is forced so output does not depend on whether the
    machine's Pillow found libraqm: the same view gives the same bytes everywhere.
    """
    return ImageFont.truetype(
        io.BytesIO(_font_bytes(bold)),
        size=max(1, round(size)),
        layout_engine=ImageFont.Layout.BASIC,
    )


def _s(value: float) -> int:
    return round(value * SCALE)


class Canvas:
    """An RGB image drawn at `SCALE`× with coordinates given in output pixels."""

    def __init__(self, width: int, height: int, background: RGB) -> None:
        self.width = width
        self.height = height
        self.image = Image.new("RGB", (width * SCALE, height * SCALE), background)
        # RGBA mode blends translucent fills (dimming, shadows) onto the RGB image.
        self._draw = ImageDraw.Draw(self.image, "RGBA")

    def rect(
        self,
        box: Box,
        fill: Colour | None = None,
        outline: Colour | None = None,
        width: float = 1,
        radius: float = 0,
    ) -> None:
        x0, y0, x1, y1 = (_s(v) for v in box)
        w = _s(width) if outline is not None else 0
        if radius > 0:
            self._draw.rounded_rectangle(
                (x0, y0, x1 - 1, y1 - 1), _s(radius), fill=fill, outline=outline, width=w
            )
        else:
            self._draw.rectangle((x0, y0, x1 - 1, y1 - 1), fill=fill, outline=outline, width=w)

    def circle(
        self,
        centre: Point,
        radius: float,
        fill: Colour | None = None,
        outline: Colour | None = None,
        width: float = 1,
    ) -> None:
        cx, cy = centre
        box = (_s(cx - radius), _s(cy - radius), _s(cx + radius) - 1, _s(cy + radius) - 1)
        w = _s(width) if outline is not None else 0
        self._draw.ellipse(box, fill=fill, outline=outline, width=w)

    def polygon(
        self,
        points: Sequence[Point],
        fill: Colour | None = None,
        outline: Colour | None = None,
        width: float = 1,
    ) -> None:
        scaled = [(x * SCALE, y * SCALE) for x, y in points]
        w = _s(width) if outline is not None else 0
        self._draw.polygon(scaled, fill=fill, outline=outline, width=w)

    def line(self, points: Sequence[Point], fill: Colour, width: float = 1) -> None:
        scaled = [(x * SCALE, y * SCALE) for x, y in points]
        self._draw.line(scaled, fill=fill, width=_s(width), joint="curve")

    def text(
        self,
        at: Point,
        text: str,
        size: float,
        fill: Colour,
        anchor: Anchor = "mm",
        bold: bool = False,
        max_width: float | None = None,
    ) -> None:
        """Text at `size` px, shrunk to fit `max_width` when given (names are
        whatever people chose)."""
        if max_width is not None:
            size = self.fit_text(text, size, max_width, bold)
        self._draw.text(
            (at[0] * SCALE, at[1] * SCALE),
            text,
            font=font(size * SCALE, bold),
            fill=fill,
            anchor=anchor,
        )

    def text_width(self, text: str, size: float, bold: bool = False) -> float:
        return font(size * SCALE, bold).getlength(text) / SCALE

    def fit_text(self, text: str, size: float, max_width: float, bold: bool = False) -> float:
        """The largest size up to `size` at which `text` fits in `max_width`."""
        width = self.text_width(text, size, bold)
        return size if width <= max_width else max(6.0, size * max_width / width)

    def reduced(self) -> Image.Image:
        """The output-size image: each pixel the mean of a SCALE×SCALE block."""
        return self.image.reduce(SCALE)


PALETTE_MEAN_ERROR: Final = 2.0
PALETTE_WORST_SHARE: Final = 0.002
PALETTE_WORST_DIFF: Final = 24


def encode_png(image: Image.Image) -> bytes:
    """PNG bytes, as a 256-colour palette image when nobody could tell.

    Flat-coloured boards survive quantising almost untouched and shrink by half
    or more; if quantising visibly shifts colours (many gradients, photos), the
    full RGB image is kept. "Visibly" = a mean channel error above
    `PALETTE_MEAN_ERROR`, or more than `PALETTE_WORST_SHARE` of the pixels off by
    more than `PALETTE_WORST_DIFF` in some channel.
    """
    quantised = image.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    out = quantised if _indistinguishable(image, quantised.convert("RGB")) else image
    buffer = io.BytesIO()
    out.save(buffer, "PNG", compress_level=6)
    return buffer.getvalue()


def _indistinguishable(original: Image.Image, reduced: Image.Image) -> bool:
    diff = ImageChops.difference(original, reduced)
    pixels = original.width * original.height
    histograms = diff.histogram()
    worst = 0
    total = 0
    for channel in range(3):
        counts = histograms[channel * 256 : (channel + 1) * 256]
        total += sum(value * count for value, count in enumerate(counts))
        worst = max(worst, sum(counts[PALETTE_WORST_DIFF + 1 :]))
    mean = total / (3 * pixels)
    return mean <= PALETTE_MEAN_ERROR and worst <= PALETTE_WORST_SHARE * pixels
