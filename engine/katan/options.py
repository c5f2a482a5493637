"""Table options for Katan, validated at the boundary with readable refusals."""

from typing import Any, Final

from pydantic import field_validator
from pydantic_core import PydanticCustomError

from engine.protocol import GameOptions

SEAT_COUNTS: Final = (4, 3)
POINTS_MIN: Final = 3
POINTS_MAX: Final = 20
POINTS_MENU: Final = (5, 8, 10, 12)
"""What a menu offers (RULINGS 7); any whole number in range is accepted."""
AWARD_POINTS: Final = (2, 5)


class KatanOptions(GameOptions):
    """`players` may fix the seat count (otherwise the table's seats decide, 4 by
    default); `points_to_win` is RULINGS 7, `award_points` RULINGS 1."""

    players: int | None = None
    points_to_win: int = 10
    award_points: int = 2

    @field_validator("players", mode="before")
    @classmethod
    def _players(cls, value: Any) -> Any:
        if value is not None and _whole(value) not in SEAT_COUNTS:
            raise PydanticCustomError("players", "must be 3 or 4")
        return None if value is None else _whole(value)

    @field_validator("points_to_win", mode="before")
    @classmethod
    def _points(cls, value: Any) -> Any:
        whole = _whole(value)
        if whole is None or not POINTS_MIN <= whole <= POINTS_MAX:
            raise PydanticCustomError(
                "points_to_win", f"must be a whole number from {POINTS_MIN} to {POINTS_MAX}"
            )
        return whole

    @field_validator("award_points", mode="before")
    @classmethod
    def _award(cls, value: Any) -> Any:
        if _whole(value) not in AWARD_POINTS:
            raise PydanticCustomError("award_points", "must be 2 or 5")
        return _whole(value)


def _whole(value: Any) -> int | None:
    """Ints and digit strings (chat commands send text); never bools or floats."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        return int(value.strip())
    return None
