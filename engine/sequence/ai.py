"""The app's SequenceAi (NATIVE.md §6.2), decision for decision, made fast.

The app scores each candidate square by walking its twenty lines of five. Here
each line is scored once per team per decision with bit masks (192 lines), and
a square's potential is the best of its precomputed lines, so a turn with a
wild jack (about a hundred candidates) stays well under a millisecond. Ties go
to the first candidate in legal-move order, as in the app.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from operator import itemgetter
from typing import Final

from engine.errors import BadOptions
from engine.sequence.deck import TWO_EYED
from engine.sequence.geometry import CELLS, CORNER_MASK, SIZE, WINDOW_MASKS, WINDOWS_OF_CELL
from engine.sequence.moves import Move
from engine.sequence.state import SequenceState


@dataclass(frozen=True, slots=True)
class Level:
    block_weight: int
    """How much denying the best other team a square counts against building."""
    jack_patience: int
    """The least threat a one-eyed jack must meet before it is spent."""


LEVELS: Final = {
    "easy": Level(block_weight=1, jack_patience=0),
    "normal": Level(block_weight=3, jack_patience=3),
    "cautious": Level(block_weight=5, jack_patience=4),
}

CENTRALITY: Final = tuple(
    4 - (abs(cell // SIZE - 4) + abs(cell % SIZE - 4)) // 2 for cell in range(CELLS)
)
"""The app's tie-breaker towards the middle, where more lines cross."""

_WILD_PENALTY: Final = 12
_LINES_OF: Final = tuple(itemgetter(*lines) for lines in WINDOWS_OF_CELL)


class Reach:
    """For each team, the owned count of every line of five no other team blocks.

    `best(team, cell)` is the app's `runPotential` for a cell the team already
    holds; for an empty cell the app counts the cell itself, so it is one more.
    A cell with every line blocked scores -1 here (0 in the app, after the +1).
    """

    __slots__ = ("_lines",)

    def __init__(self, chips: Sequence[int], team_count: int) -> None:
        held = [0] * team_count
        for cell, chip in enumerate(chips):
            if chip >= 0:
                held[chip] |= 1 << cell
        taken = 0
        for mask in held:
            taken |= mask
        self._lines: list[list[int]] = []
        for mine in held:
            own = mine | CORNER_MASK
            foreign = taken & ~mine
            self._lines.append(
                [-1 if line & foreign else (line & own).bit_count() for line in WINDOW_MASKS]
            )

    def best(self, team: int, cell: int) -> int:
        found: int = max(_LINES_OF[cell](self._lines[team]))
        return found


class SequenceAi:
    """Chooses from the seat's view only: the board, its team and the legal moves."""

    def __init__(self, level: str) -> None:
        if level not in LEVELS:
            raise BadOptions(f"unknown Sequence AI level {level!r}; the levels are {_names()}")
        self.level = LEVELS[level]

    def choose(self, view: SequenceState, seat: int, legal: Sequence[Move]) -> Move:
        exchange = next((m for m in legal if m.kind == "exchange"), None)
        if exchange is not None and not any(m.kind == "place" for m in legal):
            return exchange
        team = view.teams[seat]
        others = [t for t in range(view.options.team_count) if t != team]
        reach = Reach(view.chips, view.options.team_count)
        block_weight = self.level.block_weight
        square_score: dict[int, int] = {}
        best_place: Move | None = None
        best_score = 0
        best_remove: Move | None = None
        best_threat = 0
        for move in legal:
            cell = move.cell
            if cell is None:
                continue
            if move.kind == "place":
                score = square_score.get(cell)
                if score is None:
                    ours = reach.best(team, cell) + 1
                    theirs = max(reach.best(t, cell) for t in others) + 1
                    score = 4 * ours + block_weight * theirs + CENTRALITY[cell]
                    square_score[cell] = score
                if move.card in TWO_EYED:
                    score -= _WILD_PENALTY
                if best_place is None or score > best_score:
                    best_place, best_score = move, score
            else:
                threat = max(reach.best(view.chips[cell], cell), 0)
                if best_remove is None or threat > best_threat:
                    best_remove, best_threat = move, threat
        if best_remove is not None and best_threat >= self.level.jack_patience:
            return best_remove
        return best_place or best_remove or exchange or legal[0]


def _names() -> str:
    return ", ".join(LEVELS)
