"""What the daemon plays for a person whose time ran out: the policy only.

A turn timer has a policy (`ai` or `pass`), but some waits are requests
rather than turns: a Katan trade offer asks one seat after another, then its
counter-offers wait on the offerer, and RULINGS 6 says an unanswered offer
expires as a decline. Letting the AI answer there could trade away an absent
person's cards, so such a request expires with its fixed answer whatever the
table's policy says.

A chance a seat may leave untaken (Katan's special building phase, offered to
every other seat after each turn) lapses when its time runs out, under any
policy too: the AI building with an absent person's cards there is a choice
they never made. Unlike an answer it counts as a miss, as a turn's time-out
does, so a person who is gone goes to the AI after `max_misses` as on their
own turns, and the AI then plays their seat, building included.

Which move is a game's pass, which requests expire with which answer and
which chances lapse, is the game's own knowledge: `Game.timeout_move`,
`Game.expiry_move` and `Game.lapse_move` (the engines stay free of time; the
daemon decides when). What is decided here is only when each applies, and
that a move the engine names is used only while it is legal for the seat.
"""

from typing import Any

from engine.protocol import Game


def _legal(game: Game[Any, Any, Any], state: Any, seat: int, move: Any) -> Any | None:
    return move if move is not None and game.is_legal(state, seat, move) else None


def expiry_move(game: Game[Any, Any, Any], state: Any, seat: int) -> Any | None:
    """The answer a request waiting on `seat` expires with under any policy,
    or None when the seat is simply on turn (then the table's timer policy
    decides)."""
    return _legal(game, state, seat, game.expiry_move(state, seat))


def lapse_move(game: Game[Any, Any, Any], state: Any, seat: int) -> Any | None:
    """The move that lets a chance the seat may leave untaken go by (Katan's
    special building phase), made under any policy; None when this wait is
    not one."""
    return _legal(game, state, seat, game.lapse_move(state, seat))


def pass_move(game: Game[Any, Any, Any], state: Any, seat: int) -> Any | None:
    """For `on_timeout = "pass"`: the game's pass, decline or stop for `seat`
    now, or None where it has none (then the AI moves)."""
    return _legal(game, state, seat, game.timeout_move(state, seat))
