"""The state of a Sequence table, field for field the app's `stateJson`
(NATIVE.md §5.3.3), as plain slotted data for the hot path.

A view is the same type with others' hands, the draw pile and the seed blanked,
so the AI, renderers and the wire all read one shape.

States are values: `rules.apply` builds a new state and may share unchanged
lists with the old one, so nothing may modify a state's lists in place.
"""

from dataclasses import dataclass
from enum import StrEnum

from engine.cards import Card
from engine.sequence.board import BOARDS, Board
from engine.sequence.options import SequenceOptions


class Phase(StrEnum):
    PLAYING = "PLAYING"
    GAME_OVER = "GAME_OVER"


@dataclass(slots=True)
class SequenceState:
    options: SequenceOptions
    seed: int
    teams: tuple[int, ...]
    chips: list[int]
    """Occupying team per cell, -1 for empty (corners always -1)."""
    locked: list[bool]
    hands: list[list[Card]]
    hand_counts: list[int]
    draw_pile: list[Card]
    """Index 0 is drawn next."""
    discard_pile: list[Card]
    """Oldest first."""
    turn: int
    sequences_by_team: list[int]
    winner: int | None
    """A team, not a seat; None while playing and after a blocked-table draw."""
    phase: Phase
    exchanged_this_turn: bool
    last_placed_cell: int | None
    log: list[str]

    @property
    def board(self) -> Board:
        return BOARDS[self.options.board]
