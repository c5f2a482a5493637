"""The 10×10 grid and its lines of five, computed once at import.

Both boards share this geometry, so sequence detection and the AI look up
precomputed windows instead of walking the grid on every move.
"""

from typing import Final

SIZE: Final = 10
CELLS: Final = SIZE * SIZE
CORNERS: Final = (0, SIZE - 1, CELLS - SIZE, CELLS - 1)
IS_CORNER: Final = tuple(cell in CORNERS for cell in range(CELLS))
NON_CORNER: Final = tuple(cell for cell in range(CELLS) if not IS_CORNER[cell])
CORNER_MASK: Final = sum(1 << cell for cell in CORNERS)

DIRECTIONS: Final = ((1, 0), (0, 1), (1, 1), (1, -1))
"""The app's direction order; detection claims at most one run per direction."""

Window = tuple[int, int, int, int, int]


def _window(row: int, col: int, dr: int, dc: int) -> Window | None:
    cells = []
    for i in range(5):
        r, c = row + i * dr, col + i * dc
        if not (0 <= r < SIZE and 0 <= c < SIZE):
            return None
        cells.append(r * SIZE + c)
    return (cells[0], cells[1], cells[2], cells[3], cells[4])


def _lines_through(cell: int) -> tuple[tuple[Window, ...], ...]:
    row, col = divmod(cell, SIZE)
    per_direction = []
    for dr, dc in DIRECTIONS:
        found = (_window(row + k * dr, col + k * dc, dr, dc) for k in range(-4, 1))
        per_direction.append(tuple(w for w in found if w is not None))
    return tuple(per_direction)


LINES_THROUGH: Final = tuple(_lines_through(cell) for cell in range(CELLS))
"""Per cell, per direction (in `DIRECTIONS` order), the on-board windows of five
containing it, in the app's offset order k = -4 … 0 (NATIVE.md §5.3.8)."""

WINDOWS: Final = tuple(
    sorted({w for cell in range(CELLS) for lines in LINES_THROUGH[cell] for w in lines})
)
"""Every line of five on the board (192 of them), each once."""

WINDOW_MASKS: Final = tuple(sum(1 << cell for cell in w) for w in WINDOWS)

WINDOWS_OF_CELL: Final = tuple(
    tuple(i for i, w in enumerate(WINDOWS) if cell in w) for cell in range(CELLS)
)
"""Indices into `WINDOWS` of the lines containing each cell (never fewer than three)."""
