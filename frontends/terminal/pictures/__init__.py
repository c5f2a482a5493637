"""One text picture per game, found by the game's id: the module
`frontends.terminal.pictures.<id>` holds `picture(view, seen) -> str`, drawn
from the view's wire JSON (a dict) as a phone receives it, for the person
`seen` describes (their seat, everyone's names, colour or not, the places
they may choose now).

The games are listed once, in `engine.registry`. A registered game without
a picture module is refused with a reason naming the module to write; a
game this client does not know (a newer host's) gets `generic`, its simple
fields, so the client can still follow the table.
"""

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import import_module
from typing import Any

from engine.registry import game_ids
from languages import _


@dataclass(frozen=True, slots=True)
class Seen:
    """Who looks at the picture and how it reaches them."""

    seat: int
    names: tuple[str, ...] = ()
    colour: bool = False
    """ANSI colours (a terminal); plain letters carry the same facts."""
    spots: Mapping[str, Collection[int]] = field(default_factory=dict)
    """Places the person may choose now, by kind (Katan: crossing, edge, hex)."""


Picture = Callable[[dict[str, Any], Seen], str]


class NoPicture(LookupError):
    """The game is registered, but the terminal cannot draw it."""


@cache
def picture_for(game_id: str) -> Picture:
    if game_id not in game_ids():
        return generic
    where = f"{__name__}.{game_id}"
    try:
        module = import_module(where)
    except ModuleNotFoundError as exc:
        if exc.name != where:
            raise
        raise NoPicture(
            f"the terminal has no picture of {game_id}: write {where}.picture"
        ) from None
    found: Picture | None = getattr(module, "picture", None)
    if not callable(found):
        raise NoPicture(f"{where} has no picture(view, seen) function")
    return found


def generic(view: dict[str, Any], seen: Seen) -> str:
    """A game without its own picture: its simple fields (named as its JSON
    names them: this client knows nothing else of the game)."""
    simple = {k: v for k, v in view.items() if isinstance(v, str | int | float | bool)}
    return (
        _("Seat {number}").format(number=seen.seat + 1)
        + ": "
        + ", ".join(f"{k} {v}" for k, v in simple.items() if k != "seed")
    )
