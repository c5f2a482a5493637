"""The host side of the app's protocol for one table (NATIVE.md §0, §4).

The daemon owns the table; this class owns only what the wire needs: which
link speaks for which seat, the `seq` counter, and the order of messages. It
seats by device id and routes by seat (a reconnecting phone gets every push on
its new link), serves protocol 1 and 2 side by side, and refuses late joiners
with a reason instead of leaving them waiting.
"""

import asyncio
import contextlib
import logging
import unicodedata
from collections.abc import Callable, Sequence

from daemon.model import Identity, RefusalCode, Refused, Status, TableMeta
from daemon.table import Table
from engine.errors import EngineError
from engine.protocol import Event
from frontends.native.admission import Admission
from frontends.native.link import Link, LinkLimits
from frontends.native.messages import (
    DIFFERENT_VERSION,
    NOT_LEGAL,
    NOT_SEATED,
    NOT_YOUR_TURN,
    UNREADABLE_MOVE,
    Bye,
    Hello,
    Intent,
    Lobby,
    Message,
    Narration,
    PlayerSlot,
    Rejected,
    Resync,
    Start,
    State,
    TableConfig,
    Told,
    Welcome,
)

log = logging.getLogger(__name__)

FRONTEND = "native"
"""The frontend name in identities: `Identity(FRONTEND, device id)`."""
PROTOCOLS = (1, 2)
TABLE_ENDED = "This table has ended."
LATE_JOIN = "The game at this table has already started."
NAME_LIMIT = 32
"""Characters of a display name kept (NATIVE.md gives the app no limit)."""
DEVICE_ID_LIMIT = 64
"""The app's device ids are 16 hex digits; anything far longer is not one."""
NO_DEVICE_ID = "A device id is needed to take a seat."
LONG_DEVICE_ID = f"A device id has at most {DEVICE_ID_LIMIT} characters."
ONE_SEAT = "This connection already holds a seat: one device per connection."
IN_USE = "This device is already connected to this table; close that connection first."

_REJECTION = {
    RefusalCode.NOT_SEATED: NOT_SEATED,
    RefusalCode.NOT_YOUR_SEAT: NOT_SEATED,
    RefusalCode.UNREADABLE: UNREADABLE_MOVE,
    RefusalCode.NOT_YOUR_TURN: NOT_YOUR_TURN,
    RefusalCode.STALE: NOT_YOUR_TURN,
    RefusalCode.NOT_PLAYING: NOT_YOUR_TURN,
    RefusalCode.ILLEGAL: NOT_LEGAL,
}
"""The daemon's refusals in the app's four texts; others keep the daemon's words."""


APP_SEATS = 4
"""The app's protocol and screens stop at four seats (Katan's five and six are not its)."""


class LanHost:
    """Serves one daemon table to any number of app-protocol links."""

    def __init__(
        self,
        table: Table,
        *,
        name: str,
        limits: LinkLimits | None = None,
        v1_resend_delay: float = 1.5,
        admission: Admission | None = None,
    ) -> None:
        self.table = table
        self.name = name
        self.limits = limits or LinkLimits()
        self.admission = admission
        """The connection caps this table shares with the others; None: no caps."""
        self.v1_resend_delay = v1_resend_delay
        self.ended = asyncio.Event()
        """Set once the table is finished or abandoned and its last state went out."""
        self._links: set[Link] = set()
        self._accepted: dict[Link, Identity] = {}
        self._named: set[Link] = set()
        """Links whose hello named a client (the terminal): they get narration
        and may leave with `bye`; the app does neither."""
        self._seat_link: dict[int, Link] = {}
        self._started: set[Identity] = set()
        """Devices that were sent `start`: a returning one keeps its match screen."""
        self._seq = 0
        self._version: int | None = None
        self._status = table.status
        self._lobby_line = ""
        self._sync_due = False
        self._timers: list[asyncio.TimerHandle] = []
        self._unsubscribe: Callable[[], None] | None = table.subscribe(self._changed)
        self._game = table.game
        self._options_json = table.game.app_options_json(table.options)
        seats = len(table.meta.seats)
        self._app_refusal = table.game.app_compatible(table.options) or (
            f"This table has {seats} seats; the app seats at most {APP_SEATS}."
            if seats > APP_SEATS
            else None
        )
        self._teams = table.game.teams(table.options, len(table.meta.seats))

    # ---- links -----------------------------------------------------------------

    async def serve(self, link: Link) -> None:
        """Run one link to its end; TCP and RFCOMM both come through here."""
        admission = self.admission
        if admission is not None and (reason := admission.enter(link, self)) is not None:
            await link.turn_away(self._welcome(accepted=False, reason=reason), reason)
            return
        self._links.add(link)
        try:
            await link.run(self._handle)
        finally:
            if self.admission is not None:
                self.admission.leave(link)
            self._links.discard(link)
            self._accepted.pop(link, None)
            self._named.discard(link)
            for seat, bound in list(self._seat_link.items()):
                if bound is link:
                    del self._seat_link[seat]

    def close(self) -> None:
        """Close every link and stop listening to the table (the table has ended)."""
        for timer in self._timers:
            timer.cancel()
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        for link in list(self._links):
            link.close(TABLE_ENDED)

    async def _handle(self, link: Link, message: Message) -> None:
        if isinstance(message, Hello):
            await self._hello(link, message)
        elif isinstance(message, Intent):
            await self._intent(link, message)
        elif isinstance(message, Resync):
            self._resync(link)
        elif isinstance(message, Bye) and link in self._named:
            await self._leave(link)
        # Anything else is a host-to-client message echoed back, or the
        # app's `bye`, which it never sends: the app's host ignores them too.

    # ---- handshake -------------------------------------------------------------

    async def _hello(self, link: Link, hello: Hello) -> None:
        identity = Identity(frontend=FRONTEND, user=hello.peerId)
        mine = self._accepted.get(link)
        if mine is not None and mine != identity:
            # Refused, and nothing else changes: the link keeps its own seat.
            link.send(self._welcome(accepted=False, reason=ONE_SEAT))
            return
        protocol = 2 if hello.protocol is None else hello.protocol
        if protocol not in PROTOCOLS:
            self._refuse(link, DIFFERENT_VERSION)
            return
        if not hello.peerId.strip():
            self._refuse(link, NO_DEVICE_ID)
            return
        if len(hello.peerId) > DEVICE_ID_LIMIT:
            self._refuse(link, LONG_DEVICE_ID)
            return
        if (busy := await self._in_use(link, identity)) is not None:
            self._refuse(link, busy)
            return
        name = seat_name(hello.displayName)
        app_refusal = None if hello.client is not None else self._app_refusal

        def admit(meta: TableMeta) -> str | None:
            """Only for a device the table does not know: returning ones always get back in."""
            return LATE_JOIN if meta.status == Status.PLAYING else app_refusal

        held = self.table.seat_of(identity)
        if held is not None and not self.table.status.open:
            # A phone back after the end is shown the result, not refused: a
            # refusal would only start its reconnect loop (NATIVE.md §4.7).
            seat = held
        else:
            try:
                join = self.table.join(identity, name, admit=admit)
                seat = await asyncio.shield(join)
            except Refused as exc:
                self._refuse(link, exc.reason)
                return
        if link.closed:
            return
        if (busy := await self._in_use(link, identity)) is not None:  # another hello won
            self._refuse(link, busy)
            return
        link.identify(protocol)
        for other, other_identity in list(self._accepted.items()):
            if other is not link and other_identity == identity:
                other.close("the same device connected again")
        self._accepted[link] = identity
        if hello.client is not None:
            self._named.add(link)
        for bound_seat, bound in list(self._seat_link.items()):
            if bound is link and bound_seat != seat:
                del self._seat_link[bound_seat]
        self._seat_link[seat] = link
        link.send(self._welcome(accepted=True))
        self._broadcast_lobby(always=True)
        if self.table.state is not None:
            if held is not None:
                log.info("%s: %s is back in seat %d", self.name, name, seat)
            if identity not in self._started:
                # Its join started the table, or it missed `start` while away:
                # without one the app never leaves its lobby screen.
                self._send_start(link, self._start_message())
            link.send(self._state(seat))

    async def _in_use(self, link: Link, identity: Identity) -> str | None:
        """Why `link` may not speak for `identity`: another link does and is
        alive. The device id seats a phone (NATIVE.md §0), and every id is in
        the lobby, so a live owner's seat is not handed to whoever names it;
        an owner gone quiet (a dropped phone) gives way to its new link.

        Alive is heard from within the silence limit; a protocol-2 link is
        also pinged and must answer, so a phone back from a Wi-Fi change,
        whose old link the daemon still holds half-open, is let in within
        seconds instead of being refused until that link times out."""
        for other, other_identity in list(self._accepted.items()):
            if other is link or other_identity != identity or not other.alive:
                continue
            if (other.protocol or 0) >= 2 and not await other.answers():
                other.close("silent when pinged, and its device connected again")
                continue
            if not other.closed:
                return IN_USE
        return None

    async def _leave(self, link: Link) -> None:
        """A named client says `bye`: the AI plays its seat from now on (the
        same device id takes it back), and the link closes."""
        identity = self._accepted.get(link)
        if identity is not None and self.table.status.open:
            with contextlib.suppress(Refused):
                await asyncio.shield(self.table.leave(identity))
        link.close("left the table", flush=True)

    def narrate(self, seat: int, events: Sequence[Event]) -> None:
        """Tell the seat what happened, if its link is a named client's: the
        daemon's delivery reaches the frontend before the table's listeners
        run, so the narration goes out ahead of the state it explains."""
        link = self._seat_link.get(seat)
        if link is not None and link in self._named and events:
            link.send(Narration(events=[Told(kind=e.kind, text=e.text) for e in events]))

    def _refuse(self, link: Link, reason: str) -> None:
        link.send(self._welcome(accepted=False, reason=reason))
        link.close(f"refused: {reason}", flush=True)

    def _welcome(self, *, accepted: bool, reason: str | None = None) -> Welcome:
        return Welcome(hostName=self.name, gameId=self._game.id, accepted=accepted, reason=reason)

    def _slots(self) -> list[PlayerSlot]:
        slots = []
        for index, seat in enumerate(self.table.meta.seats):
            person = seat.identity is not None
            native = seat.identity is not None and seat.identity.frontend == FRONTEND
            device = seat.identity.user if native and seat.identity else None
            slots.append(
                PlayerSlot(
                    seat=index,
                    name=seat.name if person else f"Computer {index}",
                    kind="HUMAN_REMOTE" if person else "AI",
                    team=self._teams[index],
                    peerId=device,
                    deviceId=device,
                )
            )
        return slots

    def _broadcast_lobby(self, *, always: bool = False) -> None:
        lobby = Lobby(
            gameId=self._game.id,
            seats=self._slots(),
            optionsJson=self._options_json,
            hostName=self.name,
        )
        line = lobby.encode()
        if line == self._lobby_line and not always:
            return
        self._lobby_line = line
        for link in self._accepted:
            link.send(lobby)

    # ---- the match -------------------------------------------------------------

    def _changed(self) -> None:
        """The table changed: sync once, after whatever is running now returns,
        so a burst of changes from one intent becomes one pass here."""
        if not self._sync_due:
            self._sync_due = True
            asyncio.get_running_loop().call_soon(self._sync)

    def _sync(self) -> None:
        self._sync_due = False
        if self._unsubscribe is None:
            return
        status = self.table.status
        self._broadcast_lobby()
        if status != "lobby" and self._status == "lobby":
            self._start()
        self._status = status
        seats = self.table.meta.seats
        for seat, link in list(self._seat_link.items()):
            if seats[seat].identity != self._accepted.get(link):
                del self._seat_link[seat]  # the daemon gave the seat to someone else
        if self.table.state is not None and self.table.version != self._version:
            self._version = self.table.version
            self._seq += 1
            for seat, link in self._seat_link.items():
                link.send(self._state(seat))
        if status in ("finished", "abandoned") and not self.ended.is_set():
            log.info("%s: the table has %s", self.name, status)
            self.ended.set()

    def _start_message(self) -> Start:
        config = TableConfig(
            gameId=self._game.id, seats=self._slots(), optionsJson=self._options_json, seed=0
        )
        return Start(config=config)

    def _start(self) -> None:
        start = self._start_message()
        for link in self._seat_link.values():
            if self._accepted[link] not in self._started:  # its hello may have been first
                self._send_start(link, start)

    def _send_start(self, link: Link, start: Start) -> None:
        self._started.add(self._accepted[link])
        link.send(start)
        if link.protocol == 1:
            loop = asyncio.get_running_loop()
            self._timers.append(loop.call_later(self.v1_resend_delay, self._resend_v1, link))

    def _resend_v1(self, link: Link) -> None:
        """Protocol-1 clients miss the state sent right after `start` and cannot
        ask for it (NATIVE.md §9.16): send it again once they are listening."""
        for seat, bound in self._seat_link.items():
            if bound is link:
                link.send(self._state(seat))

    def _state(self, seat: int) -> State:
        view = self.table.view_for(seat)
        legal: list[str] = []
        # Offered to an away seat too: the AI plays it only until its person
        # makes a move, and a phone has no other way to make one.
        if self.table.to_move() == seat:
            legal = [self._game.encode_move(m) for m in self._game.view_legal_moves(view, seat)]
        return State(
            seq=max(self._seq, 1),
            yourSeat=seat,
            stateJson=self._game.encode_view(view),
            legalMoves=legal,
        )

    def _resync(self, link: Link) -> None:
        identity = self._accepted.get(link)
        if identity is None or self.table.state is None:
            return
        seat = self.table.seat_of(identity)
        if seat is not None and self._seat_link.get(seat) is link:
            link.send(self._state(seat))

    async def _intent(self, link: Link, intent: Intent) -> None:
        identity = self._accepted.get(link)
        seat = None if identity is None else self.table.seat_of(identity)
        if identity is None or seat is None or self._seat_link.get(seat) is not link:
            link.send(Rejected(reason=NOT_SEATED))
            return
        if self.table.status == "lobby":
            return  # the app's lobby ignores everything but hello
        try:
            # Decoded here, before the turn is checked, to give the app's answer
            # when a move is both unreadable and out of turn.
            move = self._game.decode_move(intent.moveJson)
        except (EngineError, ValueError):
            link.send(Rejected(reason=UNREADABLE_MOVE))
            return
        try:
            await asyncio.shield(self.table.act(move, identity=identity))
        except Refused as exc:
            link.send(Rejected(reason=_REJECTION.get(exc.code, exc.reason)))


def seat_name(name: str) -> str:
    """A display name as the table shows it: control characters (a terminal's
    escape sequences among them) become spaces, runs of space one, and the
    result is cut to `NAME_LIMIT` characters, so no name can swell the lobby
    line every phone is sent; a blank one is the app's own default, Player."""
    text = "".join(" " if unicodedata.category(c) == "Cc" else c for c in name)
    return " ".join(text.split())[:NAME_LIMIT].rstrip() or "Player"
