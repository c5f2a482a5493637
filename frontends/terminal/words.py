"""People's words in the terminal: seats by name, teams by their colour
(`renderers.words.spoken` turns the engines' narration into these)."""

from collections.abc import Sequence

from frontends.terminal.pictures.canvas import colour_name
from languages import _


def seat_name(names: Sequence[str], seat: int) -> str:
    """The seat's name, or `seat N` counted from 1 when the table gave none."""
    if 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return _("seat {number}").format(number=seat + 1)


def team_name(team: int) -> str:
    return _("{colour} team").format(colour=_(colour_name(team)))


def sentence(text: str) -> str:
    """One line of narration: a capital first, a full stop last."""
    text = text.strip()
    if not text:
        return text
    text = text[:1].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."
