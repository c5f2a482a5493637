"""Text pictures of a seat's view, from the JSON the host sends (NATIVE.md §5).

The terminal client sees exactly what a phone sees, so it draws from the wire
JSON, not from engine objects: Euchre and Sequence in the app's JSON, Katan
from its documented JSON. Each game's picture is its own module
(`frontends.terminal.pictures`).
"""

import json
from typing import Any

from frontends.terminal.pictures import Seen, picture_for

_OVER = {"GAME_OVER", "over"}
"""The final phase in each game's JSON (the app's, and Katan's own)."""


def render(game_id: str, state_json: str, seen: Seen) -> str:
    view: dict[str, Any] = json.loads(state_json)
    return picture_for(game_id)(view, seen)


def is_over(state_json: str) -> bool:
    try:
        view = json.loads(state_json)
    except ValueError:
        return False
    return isinstance(view, dict) and view.get("phase") in _OVER
