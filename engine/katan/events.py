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
    ev.append(Event(kind, text, seat, audience, data if data is not None else {}, hidden_from))


Events = list[Event] | None
"""Where a step records what happened; None in rollouts, which pay nothing for words."""
