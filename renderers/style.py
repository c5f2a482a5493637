"""Colours and markings shared by every renderer.

Team and player colours come from the Okabe–Ito palette, chosen because its
members stay apart under the common colour-vision deficiencies; each colour is
also paired with a marking (a ring, a cross, a bar, …) so that nothing depends
on colour alone, not even in greyscale.
"""

from dataclasses import dataclass
from enum import Enum
from typing import Final

from languages import N_

RGB = tuple[int, int, int]


def hex_rgb(text: str) -> RGB:
    value = int(text.lstrip("#"), 16)
    return (value >> 16) & 255, (value >> 8) & 255, value & 255


class Mark(Enum):
    """The shape drawn on a piece besides its colour."""

    RING = "ring"
    CROSS = "cross"
    BAR = "bar"
    DOT = "dot"
    TRIANGLE = "triangle"
    DIAMOND = "diamond"


@dataclass(frozen=True, slots=True)
class TeamStyle:
    """How one team (or one player, in Katan) is drawn and named in text."""

    name: str
    letter: str
    fill: RGB
    ink: RGB
    """Colour of the marking and of text drawn on `fill`: chosen for contrast."""
    mark: Mark


TEAM_STYLES: Final = (
    TeamStyle(N_("Blue"), "B", hex_rgb("#0072B2"), hex_rgb("#FFFFFF"), Mark.RING),
    TeamStyle(N_("Orange"), "O", hex_rgb("#E69F00"), hex_rgb("#1A1A1A"), Mark.CROSS),
    TeamStyle(N_("Green"), "G", hex_rgb("#009E73"), hex_rgb("#FFFFFF"), Mark.BAR),
    TeamStyle(N_("Pink"), "P", hex_rgb("#CC79A7"), hex_rgb("#1A1A1A"), Mark.DOT),
    TeamStyle(N_("White"), "W", hex_rgb("#F4F4F4"), hex_rgb("#1A1A1A"), Mark.TRIANGLE),
    TeamStyle(N_("Red"), "R", hex_rgb("#D55E00"), hex_rgb("#FFFFFF"), Mark.DIAMOND),
)
"""Index = team (Sequence, Euchre) or seat (Katan). Blue and orange come first
because they are the safest pair; Sequence's third team is green, as on the
physical game."""


# Surfaces and ink.
BACKGROUND: Final = hex_rgb("#1F3B2D")
"""Felt green behind the tables: dark, so chips and cards stand out."""
PANEL: Final = hex_rgb("#F7F3E8")
PANEL_EDGE: Final = hex_rgb("#C9BFA6")
INK: Final = hex_rgb("#1A1A1A")
MUTED: Final = hex_rgb("#6B6B6B")
LIGHT_INK: Final = hex_rgb("#F7F3E8")

CARD_FACE: Final = hex_rgb("#FFFFFF")
CARD_EDGE: Final = hex_rgb("#9A9A9A")
CARD_BACK: Final = hex_rgb("#4B3F8F")
CARD_BACK_PATTERN: Final = hex_rgb("#7C70C4")
RED_SUIT: Final = hex_rgb("#C8102E")
BLACK_SUIT: Final = hex_rgb("#1A1A1A")

HIGHLIGHT: Final = hex_rgb("#FFE135")
"""Last move and whose turn: yellow is seen by every common deficiency, and it is
always drawn with a dark outline too."""
MARKER_FILL: Final = hex_rgb("#FFFFFF")
MARKER_EDGE: Final = hex_rgb("#D0006F")
"""Numbered choice markers: a magenta ring that no team colour resembles."""
MARKER_INK: Final = hex_rgb("#1A1A1A")
