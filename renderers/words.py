"""Wording shared by the image and text renderings of every game."""

from collections.abc import Sequence


def plural(count: int, word: str) -> str:
    return f"{count} {word}" + ("" if count == 1 else "s")


def seat_names(names: Sequence[str] | None, seats: int) -> tuple[str, ...]:
    """The names the table knows, "Seat N" (counted from 1, as people count)
    for the rest: views carry no names, the daemon passes what its seats are
    called."""
    given = list(names or ())
    return tuple(given[s] if s < len(given) and given[s] else f"Seat {s + 1}" for s in range(seats))
