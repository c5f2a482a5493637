"""One text picture per game, found by the game's id: the module
`frontends.terminal.pictures.<id>` holds `picture(view, seat) -> str`, drawn
from the view's wire JSON (a dict) as a phone receives it.

The games are listed once, in `engine.registry`. A registered game without
a picture module is refused with a reason naming the module to write; a
game this client does not know (a newer host's) gets `generic`, its simple
fields and recent log, so the client can still follow the table.
"""

from collections.abc import Callable
from functools import cache
from importlib import import_module
from typing import Any

from engine.registry import game_ids
from frontends.terminal.pictures.common import log

Picture = Callable[[dict[str, Any], int], str]


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
        raise NoPicture(f"{where} has no picture(view, seat) function")
    return found


def generic(view: dict[str, Any], seat: int) -> str:
    """A game without its own picture: its simple fields and recent log."""
    simple = {k: v for k, v in view.items() if isinstance(v, str | int | float | bool)}
    lines = [f"seat {seat}: " + ", ".join(f"{k} {v}" for k, v in simple.items() if k != "seed")]
    return "\n".join(lines + log(view))
