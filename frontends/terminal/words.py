"""People's words for the engines' texts: the engines say `Seat 2` and
`team 1` (numbered from 0, as the wire does); a person reads the seat's name
and the team's colour."""

import re
from collections.abc import Sequence
from typing import Final

from frontends.terminal.pictures.canvas import colour_name
from renderers.words import plural

_SEAT: Final = re.compile(r"\b([Ss])eat (\d+)('s)?")
_TEAM: Final = re.compile(r"\b([Tt])eam (\d+)('s)?")


def seat_name(names: Sequence[str], seat: int) -> str:
    """The seat's name, or `seat N` counted from 1 when the table gave none."""
    return names[seat] if 0 <= seat < len(names) and names[seat] else f"seat {seat + 1}"


def team_name(team: int) -> str:
    return f"{colour_name(team)} team"


def named(text: str, names: Sequence[str]) -> str:
    """`text` with every `Seat N` a name and every `team N` a colour."""

    def seat(match: re.Match[str]) -> str:
        return seat_name(names, int(match.group(2))) + (match.group(3) or "")

    def team(match: re.Match[str]) -> str:
        said = team_name(int(match.group(2))) + (match.group(3) or "")
        return said[:1].upper() + said[1:] if match.group(1) == "T" else said

    return _TEAM.sub(team, _SEAT.sub(seat, text))


def sentence(text: str) -> str:
    """One line of narration: a capital first, a full stop last."""
    text = text.strip()
    if not text:
        return text
    text = text[:1].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


def points(count: int) -> str:
    return plural(count, "point")
