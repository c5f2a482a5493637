"""Narration: what happened since someone last looked, in a few lines.

The engines narrate every step ("Seat 2 plays 9♠."). A chat that shows each
one floods, so events are merged: consecutive events of one kind become one
line ("Bo plays 9♠; Cy plays A♠; Di plays 10♠"), seat numbers become names,
repeats are dropped, and a long run keeps its latest lines under a count of
what came before. Only events the reader may see ever get here: deliveries
are already filtered per seat by the daemon.
"""

from collections.abc import Callable, Sequence
from typing import Final

from engine.protocol import Event
from languages import ngettext
from renderers.words import spoken

MAX_LINES: Final = 6
MAX_LINE: Final = 300


def _sentence(text: str) -> str:
    text = text.strip().rstrip(".")
    return text[:1].upper() + text[1:] if text else text


def narrate(
    events: Sequence[Event],
    names: Sequence[str],
    *,
    max_lines: int = MAX_LINES,
    max_chars: int | None = None,
    retell: Callable[[Event], str] | None = None,
) -> list[str]:
    """Merged lines for `events`, oldest first, at most `max_lines` of them and,
    with `max_chars`, at most that many characters joined by newlines.
    `retell` is the game's sentence for an event (the presenter's), when it
    says more than the engine's text."""
    lines: list[tuple[str, list[str]]] = []
    for event in events:
        said = retell(event) if retell is not None else event.text
        text = _sentence(spoken(said, names))
        if not text:
            continue
        if lines and lines[-1][0] == event.kind:
            parts = lines[-1][1]
            if text not in parts and len("; ".join(parts)) + len(text) < MAX_LINE:
                parts.append(text)
                continue
            if text in parts:
                continue
        lines.append((event.kind, [text]))
    merged = ["; ".join(parts) + "." for _, parts in lines]
    kept = merged[-max_lines:] if max_lines else merged
    if max_chars is not None:
        while kept and len("\n".join(kept)) > max_chars:
            kept = kept[1:]
    dropped = len(merged) - len(kept)
    if dropped:
        earlier = ngettext(
            "… {count} earlier line of play.", "… {count} earlier lines of play.", dropped
        ).format(count=dropped)
        if max_chars is None or len("\n".join([earlier, *kept])) <= max_chars:
            kept = [earlier, *kept]
    return kept
