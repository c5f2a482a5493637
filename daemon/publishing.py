"""What a table tells the outside world: per-seat updates, the public board,
notices and listeners, all through the hub.

Publishing reads a table but never changes its state: the choke point
(`daemon.table`) stores a step first and only then hands it here, so nobody
hears of a move that a crash could take back. Each seat gets only its own
view and the events it may see; the public update carries the spectators' view.
"""

import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from daemon.delivery import PublicUpdate, SeatUpdate, Step, TableNotice
from daemon.model import Actor, Identity
from engine.protocol import Event

if TYPE_CHECKING:
    from daemon.table import Table

log = logging.getLogger("plgames.table")


class Applied(NamedTuple):
    """A stored step waiting to be published."""

    ply: int
    seat: int | None
    events: tuple[Event, ...]
    actor: Actor


def audiences(table: "Table") -> dict[str, list[Identity]]:
    """Frontend name → the identities there (seated people and spectators)."""
    found: dict[str, list[Identity]] = {table.meta.origin.frontend: []}
    for seat in table.meta.seats:
        if seat.identity is not None:
            found.setdefault(seat.identity.frontend, []).append(seat.identity)
    for watcher in table.meta.spectators:
        found.setdefault(watcher.frontend, []).append(watcher)
    return found


def notify(table: "Table", text: str) -> None:
    ref = table.ref()
    seats = tuple(s.model_copy() for s in table.meta.seats)
    for frontend, identities in audiences(table).items():
        table.services.hub.send(frontend, TableNotice(ref, seats, text, tuple(identities)))


def tell_listeners(table: "Table") -> None:
    for listener in list(table.listeners):
        try:
            listener()
        except Exception:
            log.exception("table %s: a listener failed", table.code)


def flush(table: "Table") -> None:
    """Publish the pending steps (possibly none: a fresh announcement)."""
    pending, table.pending = table.pending, []
    table.announced = (table.version, table.to_move(), on_clock_is_human(table))
    for index, seat in enumerate(table.meta.seats):
        if seat.identity is not None:
            send_seat(table, index, pending)
    publish_public(table, pending, list(audiences(table)))
    tell_listeners(table)


def on_clock_is_human(table: "Table") -> bool:
    waiting = table.to_move()
    return waiting is not None and table.meta.seats[waiting].human


def send_seat(table: "Table", index: int, pending: Sequence[Applied] = ()) -> None:
    seat = table.meta.seats[index]
    if seat.identity is None or table.state is None:
        return
    waiting = table.to_move()
    on_clock = waiting == index and seat.human
    update = SeatUpdate(
        table=table.ref(),
        seat=index,
        identity=seat.identity,
        view=table.game.view_for(table.state, index),
        steps=visible(pending, index),
        on_clock=on_clock,
        legal=tuple(table.game.legal_moves(table.state, index)) if on_clock else (),
        deadline=table.turn_deadline if on_clock else None,
    )
    table.services.hub.send(seat.identity.frontend, update)


def publish_public(
    table: "Table",
    pending: Sequence[Applied],
    frontends: list[str],
) -> None:
    if table.state is None:
        return
    view = table.game.view_for(table.state, None)
    steps = visible(pending, None)
    ref = table.ref()
    waiting = table.to_move()
    chance = waiting is not None and table.game.lapse_move(table.state, waiting) is not None
    for frontend in frontends:
        watchers = tuple(s for s in table.meta.spectators if s.frontend == frontend)
        update = PublicUpdate(ref, view, steps, waiting, watchers, chance)
        table.services.hub.send(frontend, update)


def visible(pending: Sequence[Applied], seat: int | None) -> tuple[Step, ...]:
    return tuple(
        Step(ply, mover, tuple(e for e in events if e.visible_to(seat)))
        for ply, mover, events, _ in pending
    )
