"""A grid of characters with an optional colour per cell, written as plain text
or with ANSI colours.

The pictures decide *what* goes where; this decides how it reaches the
screen, so a picture reads the same piped into a file (letters only) as on a
terminal (letters in colour): no fact is carried by colour alone.
"""

from dataclasses import dataclass, field
from typing import Final

from languages import N_

RESET: Final = "\x1b[0m"

SEAT_COLOURS: Final = (N_("Blue"), N_("Orange"), N_("White"), N_("Pink"), N_("Green"), N_("Brown"))
"""Seat (Katan) and team (Euchre, Sequence) colours, in the images' order
(renderers/style.py), so a person reads the same colour on every frontend."""
SEAT_INK: Final = ("38;5;33", "38;5;214", "38;5;255", "38;5;211", "38;5;36", "38;5;94")
SEAT_LETTERS: Final = ("b", "o", "w", "p", "g", "r")
"""Each colour's first letter, but brown's r (b is blue's)."""
"""The colours as 256-colour ANSI foregrounds, bold added where drawn."""
SPOT_INK: Final = "1;97;45"
"""Numbers a person may type: white on magenta, as the image's markers are."""
RED_INK: Final = "1;31"
SEA_INK: Final = "38;5;31"
DIM_INK: Final = "2"


def colour_name(index: int) -> str:
    """A seat's colour in English, marked: say it with `_` where it is shown."""
    return SEAT_COLOURS[index % len(SEAT_COLOURS)]


def letter(index: int) -> str:
    """A seat's piece letter in plain text (`SEAT_LETTERS`)."""
    return SEAT_LETTERS[index % len(SEAT_LETTERS)]


def seat_ink(index: int) -> str:
    return SEAT_INK[index % len(SEAT_INK)]


def paint(text: str, ink: str, colour: bool) -> str:
    """`text` in `ink` when drawing in colour, else as it is."""
    return f"\x1b[{ink}m{text}{RESET}" if colour and ink and text else text


@dataclass(slots=True)
class Canvas:
    """Cells addressed by (line, column); any integers, cropped when written."""

    cells: dict[tuple[int, int], tuple[str, str]] = field(default_factory=dict)

    def put(self, line: int, column: int, text: str, ink: str = "") -> None:
        for i, char in enumerate(text):
            self.cells[(line, column + i)] = (char, ink)

    def centred(self, line: int, column: int, text: str, ink: str = "") -> None:
        """`text` centred on `column` (an even length leans left)."""
        self.put(line, column - (len(text) - 1) // 2, text, ink)

    def free(self, line: int, start: int, width: int) -> bool:
        return all((line, start + i) not in self.cells for i in range(width))

    def span(self) -> tuple[int, int]:
        """The first and last columns used."""
        columns = [c for _, c in self.cells] or [0]
        return min(columns), max(columns)

    def lines(self, colour: bool, left: int | None = None, right: int | None = None) -> list[str]:
        """The used rectangle (or columns `left` to `right`), each line right-stripped."""
        if not self.cells:
            return []
        rows = [r for r, _ in self.cells]
        first, last = self.span()
        left = first if left is None else left
        right = last if right is None else right
        out = []
        for row in range(min(rows), max(rows) + 1):
            runs: list[tuple[str, str]] = []  # (ink, text): one escape per run
            for column in range(left, right + 1):
                char, ink = self.cells.get((row, column), (" ", ""))
                if runs and runs[-1][0] == ink:
                    runs[-1] = (ink, runs[-1][1] + char)
                else:
                    runs.append((ink, char))
            out.append("".join(paint(text, ink, colour) for ink, text in runs).rstrip())
        return out
