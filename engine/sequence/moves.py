"""The three moves of the app (NATIVE.md §5.3.4) and their short labels.

Every possible move exists once, built at import: legal-move generation then
only indexes tables, which keeps a turn holding a wild jack (96 placements)
cheap enough for self-play and the AI.
"""

from typing import Final, Literal, NamedTuple

from engine.cards import Card, label
from engine.sequence.geometry import CELLS

MoveKind = Literal["place", "remove", "exchange"]
KINDS: Final[tuple[MoveKind, ...]] = ("place", "remove", "exchange")


class Move(NamedTuple):
    """One tuple type for all three kinds, so equal moves compare and hash equal;
    `cell` is None only for an exchange."""

    kind: MoveKind
    card: Card
    cell: int | None = None


PLACE: Final = tuple(tuple(Move("place", c, cell) for cell in range(CELLS)) for c in range(52))
REMOVE: Final = tuple(tuple(Move("remove", c, cell) for cell in range(CELLS)) for c in range(52))
EXCHANGE: Final = tuple(Move("exchange", c) for c in range(52))


def move_label(move: Move) -> str:
    if move.kind == "place":
        return f"play {label(move.card)} on {move.cell}"
    if move.kind == "remove":
        return f"remove with {label(move.card)} at {move.cell}"
    return f"exchange dead {label(move.card)}"


def is_move(value: object) -> bool:
    """Whether `value` is a `Move` with fields of the right types; the rules
    explain a card or square out of range. A plain tuple equal to a move is
    not one: `Game.apply` is handed values no decoder made, and applying reads
    the fields by name."""
    if type(value) is not Move:
        return False
    kind, card, cell = value
    return (
        isinstance(kind, str)
        and kind in KINDS
        and type(card) is int
        and (cell is None or type(cell) is int)
    )
