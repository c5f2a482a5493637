"""What the daemon plays for a person whose time ran out, game by game.

A turn timer has a policy (`ai` or `pass`), but some waits are requests
rather than turns: a Katan trade offer asks one seat after another, then its
counter-offers wait on the offerer, and RULINGS 6 says an unanswered offer
expires as a decline. Letting the AI answer there could trade away an absent
person's cards, so such a request expires with its fixed answer whatever the
table's policy says.

The engines stay free of time (DESIGN.md: only the daemon decides time), so
the moves a time-out may use are listed here, by game id, and chosen only
when the engine lists them as legal for the seat now. An engine may still
define `timeout_move(state, seat)` itself; that wins over this list.
"""

from collections.abc import Callable
from functools import cache
from typing import Any

from engine.protocol import Game


@cache
def _euchre_passes() -> tuple[Any, ...]:
    from engine.euchre.moves import PASS  # engines load lazily

    return (PASS,)  # bidding, and declining defend-alone or farmer's hand


@cache
def _katan_passes() -> tuple[Any, ...]:
    from engine.katan.moves import M_END, M_STOP_ROADS

    return (M_STOP_ROADS, M_END)


@cache
def _katan_expiries() -> tuple[Any, ...]:
    from engine.katan.moves import M_DECLINE, M_DISMISS

    # Declining is legal only for the seat asked to answer an offer, dismissing
    # only for an offerer choosing among counter-offers.
    return (M_DECLINE, M_DISMISS)


PASSES: dict[str, Callable[[], tuple[Any, ...]]] = {
    "euchre": _euchre_passes,
    "katan": _katan_passes,
}
"""For `on_timeout = "pass"`: the game's own pass or decline moves, preferred in
this order. Where none is legal (playing a card, rolling) the AI moves."""

EXPIRIES: dict[str, Callable[[], tuple[Any, ...]]] = {
    "katan": _katan_expiries,
}
"""Requests that expire with a fixed answer under any policy (RULINGS 6)."""


def _first_legal(
    game: Game[Any, Any, Any], state: Any, seat: int, table: dict[str, Callable[[], Any]]
) -> Any | None:
    candidates = table.get(game.id)
    if candidates is None:
        return None
    legal = game.legal_moves(state, seat)
    return next((move for move in candidates() if move in legal), None)


def expiry_move(game: Game[Any, Any, Any], state: Any, seat: int) -> Any | None:
    """The answer a request waiting on `seat` expires with, or None when the
    seat is simply on turn (then the table's timer policy decides)."""
    return _first_legal(game, state, seat, EXPIRIES)


def pass_move(game: Game[Any, Any, Any], state: Any, seat: int) -> Any | None:
    """The game's pass or decline for `seat` now, or None where it has none."""
    own = getattr(game, "timeout_move", None)
    if callable(own):
        return own(state, seat)
    return _first_legal(game, state, seat, PASSES)
