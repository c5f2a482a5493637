"""Narration: the one way the rules record what happened."""

from collections.abc import Mapping
from typing import Any

from engine.protocol import Event


def say(
    ev: list[Event],
    kind: str,
    text: str,
    seat: int | None,
    data: Mapping[str, Any] | None = None,
    audience: frozenset[int] | None = None,
    hidden_from: frozenset[int] = frozenset(),
) -> None:
    """Append an event; `audience` limits a private fact to those seats (give it a
    public twin without the secret, `hidden_from` that audience)."""
    event = _new(Event)
    _kind(event, kind)
    _text(event, text)
    _seat(event, seat)
    _audience(event, audience)
    _data(event, data if data is not None else {})
    _hidden_from(event, hidden_from)
    ev.append(event)


_new = object.__new__
_kind, _text, _seat, _audience, _data, _hidden_from = (
    Event.__dict__[name].__set__ for name in Event.__match_args__
)
"""`Event`'s slots, filled directly: a frozen dataclass's own `__init__`
goes through `object.__setattr__` field by field, and every step of every
game narrates through here (about half the cost of a step's events). Only
this constructor may fill them; an event stays immutable once made."""


Events = list[Event] | None
"""Where a step records what happened; None in rollouts, which pay nothing for words."""
