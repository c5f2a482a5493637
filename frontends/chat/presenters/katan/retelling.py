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

from engine.katan.components import RESOURCES
from engine.protocol import Event
from languages import N_, _
from renderers.katan_words import card_said

GATES: Final = {
    "gate_trade": N_(
        "{seat} rolled {total} (red die {red}); on the event die the yellow (trade) gate opens"
    ),
    "gate_politics": N_(
        "{seat} rolled {total} (red die {red}); on the event die the blue (politics) gate opens"
    ),
    "gate_science": N_(
        "{seat} rolled {total} (red die {red}); on the event die the green (science) gate opens"
    ),
    "ship": N_("{seat} rolled {total} (red die {red}); on the event die the barbarian ship sails"),
}
SOURCES: Final = {
    "aqueduct": N_("{seat} took 1 {card} from the aqueduct"),
    "gold": N_("{seat} took 1 {card} from a gold field"),
    "chip": N_("{seat} took 1 {card} for the Forgotten Tribe's chip"),
    "chest": N_("{seat} took 1 {card} from a treasure chest"),
    "find": N_("{seat} took 1 {card} for a find under the fog"),
}


def _seat(seat: int) -> str:
    """A seat as the engines name it, for the narration to put the name in."""
    return f"Seat {seat}"


def _shares(shares: Sequence[int]) -> str:
    """Each seat's active knights, strongest first: `Seat 2 3, Seat 0 1`."""
    ranked = sorted((n, -t) for t, n in enumerate(shares) if n)
    return ", ".join(f"{_seat(-t)} {n}" for n, t in reversed(ranked)) or _("no active knights")


def _roll(event: Event, data: dict[str, Any]) -> str | None:
    dice, face = data.get("dice"), data.get("event")
    if not isinstance(dice, list) or len(dice) != 2 or face not in GATES or event.seat is None:
        return None
    yellow, red = dice
    return _(GATES[face]).format(seat=_seat(event.seat), total=yellow + red, red=red)


def _repelled(event: Event, data: dict[str, Any]) -> str | None:
    shares = data.get("shares")
    if not isinstance(shares, list):
        return None
    said = _(
        "The barbarians attack with {barbarians} and are driven off by {knights} knights ({shares})"
    )
    return said.format(
        barbarians=data.get("barbarians"), knights=data.get("knights"), shares=_shares(shares)
    )


def _won(event: Event, data: dict[str, Any]) -> str | None:
    shares, losers = data.get("shares"), data.get("losers")
    if not isinstance(shares, list) or not isinstance(losers, list):
        return None
    if len(losers) == 1:
        fate = _("{seat}, who defended least, must give up a city").format(seat=_seat(losers[0]))
    elif losers:
        who = _(" and ").join(_seat(t) for t in losers)
        fate = _("{seats}, who defended least, must each give up a city").format(seats=who)
    else:
        fate = _("only metropolises stand, so no city is lost")
    said = _(
        "The barbarians attack with {barbarians} against {knights} knights ({shares}) "
        "and win: {fate}"
    )
    return said.format(
        barbarians=data.get("barbarians"),
        knights=data.get("knights"),
        shares=_shares(shares),
        fate=fate,
    )


def _defender(event: Event, data: dict[str, Any]) -> str | None:
    if event.seat is None:
        return None
    return _("{seat} defended best: Defender of Catan (a point)").format(seat=_seat(event.seat))


def _pick(event: Event, data: dict[str, Any]) -> str | None:
    source = SOURCES.get(str(data.get("source")))
    resource = data.get("resource")
    if source is None or event.seat is None or not isinstance(resource, int):
        return None
    if not 0 <= resource < RESOURCES:
        return None
    return _(source).format(seat=_seat(event.seat), card=card_said(resource))


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
