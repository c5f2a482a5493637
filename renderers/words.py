"""Wording shared by the image and text renderings of every game, and by every
frontend and the daemon's replays that turn the engines' narration into
people's words."""

import re
from collections.abc import Callable, Sequence
from typing import Final

from languages import _
from renderers.style import TEAM_STYLES
from renderers.told import retold

_SEAT: Final = re.compile(r"\b[Ss]eat (\d+)\b")
_TEAM: Final = re.compile(r"\b([Tt])eam (\d+)\b")
_POINTS: Final = re.compile(r"\b(\d+) point\(s\)")


def plural(count: int, word: str) -> str:
    return f"{count} {word}" + ("" if count == 1 else "s")


def seat_names(names: Sequence[str] | None, seats: int) -> tuple[str, ...]:
    """The names the table knows, "Seat N" (counted from 1, as people count)
    for the rest: views carry no names, the daemon passes what its seats are
    called."""
    given = list(names or ())
    return tuple(given[s] if s < len(given) and given[s] else f"Seat {s + 1}" for s in range(seats))


def team_colour(team: int) -> str:
    """A team by its colour, as the images draw it, in the reader's language."""
    return _(TEAM_STYLES[team].name)


def spoken(text: str, names: Sequence[str], team_word: Callable[[int], str] = team_colour) -> str:
    """The engines' narration in people's words. Engines say `Seat 2` and
    `Team 0`, numbered from 0 (the app's log lines are kept byte for byte);
    people read the seat's name ("seat 3", counted from 1, when it has none),
    the team's colour, and "1 point" where the app writes "1 point(s)". A
    number that is no seat or team of the table is left as it is."""

    def seat(match: re.Match[str]) -> str:
        index = int(match.group(1))
        if not 0 <= index < len(names):
            return match.group(0)
        return names[index] or f"seat {index + 1}"

    def team(match: re.Match[str]) -> str:
        index = int(match.group(2))
        if index >= len(TEAM_STYLES):
            return match.group(0)
        said = team_word(index)
        return said[:1].upper() + said[1:] if match.group(1) == "T" else said

    text = _TEAM.sub(team, _SEAT.sub(seat, retold(text)))
    return _POINTS.sub(lambda match: plural(int(match.group(1)), "point"), text)
