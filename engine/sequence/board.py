"""The two boards: the app's generated layout (the default, because app clients
draw their own copy of it) and the commercial layout (RULINGS 14).

A board is only a card per cell; where each card lies is derived once so legal
moves need no search.
"""

from dataclasses import dataclass
from typing import Final, Literal

from engine.cards import parse_code
from engine.sequence.geometry import CELLS, IS_CORNER

BoardName = Literal["app", "classic"]

FREE: Final = -1
"""A corner: it holds no card and no chip, and counts for every team."""

# NATIVE.md §5.3.2, row by row.
_APP_LAYOUT: Final = """
FREE 10C 6D 4C 7C 8H 9S 10C 10H FREE
3H 8S 2H 9C AH 10S 4S 5H QH 4H
3S AS KD KC AC KS 3D 10D 6D KH
6H 3D 3C QC 7D 8H 9D 5S 4H 6C
AD 5D 8S 9S 4S 2D 10H QD 5D QC
7H 9D QH 2C 4C AS AD 8C 6C QS
2S 6S 8D KH 7C 7S 4D 7S 3H 3S
10S 4D 7H AC 2H 2C 3C 6S 2S 7D
8C 10D KD 5H 9H 5C QS 8D 9H 9C
FREE 6H KS 2D AH 5S QD KC 5C FREE
"""

# reference/sequence-classic-board.md, row by row.
_CLASSIC_LAYOUT: Final = """
XX 2S 3S 4S 5S 6S 7S 8S 9S XX
6C 5C 4C 3C 2C AH KH QH TH TS
7C AS 2D 3D 4D 5D 6D 7D 9H QS
8C KS 6C 5C 4C 3C 2C 8D 8H KS
9C QS 7C 6H 5H 4H AH 9D 7H AS
TC TS 8C 7H 2H 3H KH TD 6H 2D
QC 9S 9C 8H 9H TH QH QD 5H 3D
KC 8S TC QC KC AC AD KD 4H 4D
AC 7S 6S 5S 4S 3S 2S 2H 3H 5D
XX AD KD QD TD 9D 8D 7D 6D XX
"""


@dataclass(frozen=True, slots=True)
class Board:
    name: BoardName
    cards: tuple[int, ...]
    """The card printed on each cell, `FREE` on the corners."""
    squares: tuple[tuple[int, ...], ...]
    """Per card (0–51), its cells in ascending order; empty for jacks."""


def _parse(name: BoardName, text: str) -> Board:
    codes = text.split()
    if len(codes) != CELLS:
        raise ValueError(f"the {name} layout has {len(codes)} cells, not {CELLS}")
    cards: list[int] = []
    for cell, code in enumerate(codes):
        parsed = None if code in ("FREE", "XX") else parse_code(code)
        if (parsed is None) != IS_CORNER[cell]:
            raise ValueError(f"the {name} layout has {code!r} at cell {cell}")
        cards.append(FREE if parsed is None else parsed)
    squares = tuple(tuple(cell for cell, c in enumerate(cards) if c == card) for card in range(52))
    return Board(name, tuple(cards), squares)


APP_BOARD: Final = _parse("app", _APP_LAYOUT)
CLASSIC_BOARD: Final = _parse("classic", _CLASSIC_LAYOUT)
BOARDS: Final[dict[str, Board]] = {"app": APP_BOARD, "classic": CLASSIC_BOARD}
