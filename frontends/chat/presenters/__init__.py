"""One presenter per game, found by the game's id: the module (or package)
`frontends.chat.presenters.<id>` holds it as `PRESENTER`.

The games are listed once, in `engine.registry`; a game without a presenter
module is refused with a reason naming the module to write. Presenters load
lazily, like the engines, so a daemon hosting one game imports only its own.
"""

from functools import cache
from importlib import import_module
from typing import Any

from engine.registry import game_ids, get_game
from frontends.chat.presenters.base import Presenter


class NoPresenter(LookupError):
    """The game is registered, but chat has no presenter for it."""


@cache
def presenter_for(game_id: str) -> Presenter[Any, Any]:
    """The presenter of `game_id`; `BadOptions` for a game not registered, and
    `NoPresenter` for one that chat cannot show."""
    game = get_game(game_id)
    where = f"{__name__}.{game.id}"
    try:
        module = import_module(where)
    except ModuleNotFoundError as exc:
        if exc.name != where:
            raise
        raise NoPresenter(f"{game.title} has no chat presenter: write {where}.PRESENTER") from None
    found = getattr(module, "PRESENTER", None)
    if not isinstance(found, Presenter):
        raise NoPresenter(f"{where} has no PRESENTER (a Presenter instance)")
    return found


def all_presenters() -> dict[str, Presenter[Any, Any]]:
    """Every registered game's presenter, by game id."""
    return {game_id: presenter_for(game_id) for game_id in game_ids()}


__all__ = ["NoPresenter", "Presenter", "all_presenters", "presenter_for"]
