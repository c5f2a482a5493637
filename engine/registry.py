"""Games by id. Engines load lazily so a daemon that hosts one game does not
import the others."""

from importlib import import_module
from typing import Any

from engine.errors import BadOptions
from engine.protocol import Game

_WHERE = {
    "euchre": "engine.euchre.game:EUCHRE",
    "sequence": "engine.sequence.game:SEQUENCE",
    "katan": "engine.katan.game:KATAN",
}


def game_ids() -> tuple[str, ...]:
    return tuple(_WHERE)


def get_game(game_id: str) -> Game[Any, Any, Any]:
    """The game registered as `game_id`, or `BadOptions` listing the known ids."""
    where = _WHERE.get(game_id.strip().lower())
    if where is None:
        raise BadOptions(f"unknown game {game_id!r}; the games are {', '.join(_WHERE)}")
    module, name = where.split(":")
    game: Game[Any, Any, Any] = getattr(import_module(module), name)
    return game
