"""Katan's events told for players, where the engine's data says more than
its text: the event die, who defended against the barbarians and who must
give up a city, what a gold field or a chest paid.

Only an event's own text and data are read, and the event reached this
reader because it may see it (the daemon filters by `audience` and
`hidden_from`): a private progress draw names the card to its owner, its
public twin the deck only. Seats stay `Seat N` here; the narration names them.
"""

from collections.abc import Callable, Sequence
from typing import Any, Final

from engine.protocol import Event

GATES: Final = {
    "gate_trade": "the yellow (trade) gate opens",
    "gate_politics": "the blue (politics) gate opens",
    "gate_science": "the green (science) gate opens",
    "ship": "the barbarian ship sails",
}
SOURCES: Final = {
    "aqueduct": "from the aqueduct",
    "gold": "from a gold field",
    "chip": "for the Forgotten Tribe's chip",
    "chest": "from a treasure chest",
    "find": "for a find under the fog",
}


def _shares(shares: Sequence[int]) -> str:
    """Each seat's active knights, strongest first: `Seat 2 3, Seat 0 1`."""
    ranked = sorted((n, -t) for t, n in enumerate(shares) if n)
    return ", ".join(f"Seat {-t} {n}" for n, t in reversed(ranked)) or "no active knights"


def _roll(event: Event, data: dict[str, Any]) -> str | None:
    dice, face = data.get("dice"), data.get("event")
    if not isinstance(dice, list) or len(dice) != 2 or face not in GATES or event.seat is None:
        return None
    yellow, red = dice
    return (
        f"Seat {event.seat} rolled {yellow + red} (red die {red}); on the event die {GATES[face]}"
    )


def _repelled(event: Event, data: dict[str, Any]) -> str | None:
    shares = data.get("shares")
    if not isinstance(shares, list):
        return None
    return (
        f"The barbarians attack with {data.get('barbarians')} and are driven off by "
        f"{data.get('knights')} knights ({_shares(shares)})"
    )


def _won(event: Event, data: dict[str, Any]) -> str | None:
    shares, losers = data.get("shares"), data.get("losers")
    if not isinstance(shares, list) or not isinstance(losers, list):
        return None
    if losers:
        who = " and ".join(f"Seat {t}" for t in losers)
        fate = f"{who}, who defended least, must each give up a city"
        if len(losers) == 1:
            fate = f"Seat {losers[0]}, who defended least, must give up a city"
    else:
        fate = "only metropolises stand, so no city is lost"
    return (
        f"The barbarians attack with {data.get('barbarians')} against "
        f"{data.get('knights')} knights ({_shares(shares)}) and win: {fate}"
    )


def _defender(event: Event, data: dict[str, Any]) -> str | None:
    if event.seat is None:
        return None
    return f"Seat {event.seat} defended best: Defender of Catan (a point)"


def _pick(event: Event, data: dict[str, Any]) -> str | None:
    source = SOURCES.get(str(data.get("source")))
    if source is None or "(" not in event.text:
        return None
    return f"{event.text.split(' (')[0]} {source}"


RETELL: Final[dict[str, Callable[[Event, dict[str, Any]], str | None]]] = {
    "roll": _roll,
    "barbarians_repelled": _repelled,
    "barbarians_win": _won,
    "defender": _defender,
    "pick": _pick,
}


def retell(event: Event) -> str:
    found = RETELL.get(event.kind)
    told = found(event, dict(event.data)) if found is not None else None
    return told or event.text
