"""The one interface between the daemon and its frontends.

The daemon tells a frontend what happened at a table in four shapes: a seat's
new view (and the events that seat may see), a seat being on the clock or
warned, the table's public view, and lobby/lifecycle notices. A frontend never
reads the authoritative state; it renders what it is handed and sends intents
back through `daemon.core.Daemon`. Each frontend gets its own queue and pump,
so a slow or failing chat API delays and fails only itself.
"""

import asyncio
import contextlib
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from daemon.model import Identity, Origin, Seat, Status
from engine.protocol import Event

log = logging.getLogger("plgames.delivery")


@dataclass(frozen=True, slots=True)
class TableRef:
    """Enough about a table to address and caption a delivery."""

    id: str
    code: str
    name: str
    game: str
    origin: Origin
    status: Status
    version: int


@dataclass(frozen=True, slots=True)
class Step:
    """One published step: which seat moved (None: a host step such as a new
    deal) and the events of it that the delivery's recipient may see."""

    ply: int
    seat: int | None
    events: tuple[Event, ...]


def _events(steps: tuple[Step, ...]) -> tuple[Event, ...]:
    return tuple(e for step in steps for e in step.events)


@dataclass(frozen=True, slots=True)
class SeatUpdate:
    """Seat `seat` has a new view: sent to the frontend of the seat's identity.

    `steps` were published together (a run of AI moves is one delivery), each
    with only the events this seat may see. `legal` is non-empty only
    when the seat is on the clock and played by its person; `deadline` is the
    wall-clock time its turn timer runs out (None: no timer).
    """

    table: TableRef
    seat: int
    identity: Identity
    view: Any
    steps: tuple[Step, ...]
    on_clock: bool
    legal: tuple[Any, ...]
    deadline: float | None

    @property
    def events(self) -> tuple[Event, ...]:
        return _events(self.steps)


@dataclass(frozen=True, slots=True)
class PublicUpdate:
    """The table's public (spectator) view changed.

    Sent to the origin's frontend and to every frontend with a spectator or a
    seated person at the table; `spectators` lists that frontend's watchers.
    """

    table: TableRef
    view: Any
    steps: tuple[Step, ...]
    to_move: int | None
    spectators: tuple[Identity, ...]
    chance: bool = False
    """`to_move` is only offered a chance between turns (`Game.lapse_move`:
    Katan's special building phase), not a turn of its own."""

    @property
    def events(self) -> tuple[Event, ...]:
        return _events(self.steps)


@dataclass(frozen=True, slots=True)
class ClockNotice:
    """A turn timer fired for `seat`: a warning, or a time-out and what followed."""

    table: TableRef
    seat: int
    identity: Identity
    kind: Literal["warning", "timeout", "to_ai"]
    deadline: float | None
    text: str


@dataclass(frozen=True, slots=True)
class TableNotice:
    """Lobby and lifecycle changes (joins, leaves, start, end) for everyone at the table."""

    table: TableRef
    seats: tuple[Seat, ...]
    text: str
    identities: tuple[Identity, ...]


Delivery = SeatUpdate | PublicUpdate | ClockNotice | TableNotice


class Frontend(Protocol):
    """An adapter: Discord, Telegram, the LAN protocol, a terminal.

    `start` gets the daemon to send intents to; `deliver` is called from the
    frontend's own pump task, in publication order, and may be slow.
    """

    name: str

    async def start(self, daemon: Any) -> None: ...

    async def stop(self) -> None: ...

    async def deliver(self, delivery: Delivery) -> None: ...


class Hub:
    """Routes deliveries to frontends, one queue and pump task per frontend."""

    def __init__(self, on_error: Callable[[str], None] | None = None) -> None:
        self._frontends: dict[str, Frontend] = {}
        self._queues: dict[str, asyncio.Queue[Delivery]] = {}
        self._pumps: dict[str, asyncio.Task[None]] = {}
        self._on_error = on_error

    def attach(self, frontend: Frontend) -> None:
        queue: asyncio.Queue[Delivery] = asyncio.Queue()
        self._frontends[frontend.name] = frontend
        self._queues[frontend.name] = queue
        self._pumps[frontend.name] = asyncio.create_task(
            self._pump(frontend, queue), name=f"deliver-{frontend.name}"
        )

    def send(self, frontend: str, delivery: Delivery) -> None:
        """Queue a delivery; frontends that are not running are skipped."""
        queue = self._queues.get(frontend)
        if queue is not None:
            queue.put_nowait(delivery)

    async def _pump(self, frontend: Frontend, queue: asyncio.Queue[Delivery]) -> None:
        while True:
            delivery = await queue.get()
            try:
                await frontend.deliver(delivery)
            except Exception:
                log.exception("frontend %s failed a delivery", frontend.name)
                if self._on_error is not None:
                    self._on_error(frontend.name)
            finally:
                queue.task_done()

    async def drain(self, timeout: float) -> None:
        """Wait (bounded) for queued deliveries, then stop the pumps."""
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(timeout):
                for queue in self._queues.values():
                    await queue.join()
        for task in self._pumps.values():
            task.cancel()
        for task in self._pumps.values():
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self._pumps.clear()
