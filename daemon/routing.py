"""Intents for a table another daemon serves: passed to it over PostgreSQL.

Each daemon LISTENs on a channel named after it. A request for a table this
daemon does not hold is sent (NOTIFY) to the lease holder, which answers it
exactly as if it had arrived there, and sends the answer back the same way.
Requests are of a kind, each answered by its own handler: `control` (the
admin socket's commands) and one per chat platform (`chat:telegram`, a
person's typed line or button press, `frontends.chat.routed`).
The database is already what every daemon shares, so this needs no address
book, no open port between machines and no broker. A body too long for a
notification (8000 bytes) goes through the `relay` table, the notification
naming its row. A request nobody answers within `timeout` is refused as
unavailable, never retried behind the person's back (they may try again: a
move they sent twice is refused as stale the second time).

The router also keeps, for each open table, the ids of the messages chat
frontends posted for it (`chat_messages`): written by the table's daemon,
read by the daemon that takes the table over, so it edits the same board
and panels instead of posting new ones next to them.
"""

import asyncio
import contextlib
import json
import logging
import uuid
from collections.abc import Awaitable, Callable, Collection
from dataclasses import dataclass
from typing import Any

import psycopg

from daemon.metrics import Metrics
from daemon.model import Status

log = logging.getLogger("plgames.routing")

Handler = Callable[[dict[str, Any]], Awaitable[dict[str, Any]]]
"""Answers one forwarded request of its kind (a control request: `cmd`, `code`, ...)."""
Adopting = Callable[[list[str]], Awaitable[None]]
"""Loads what a frontend keeps in the database about tables being taken on."""
Posted = tuple[str, str, str, str, dict[str, Any] | None]
"""A message a chat frontend posted for a table: the table's id, the role
and place of its slot, the message's id, and what else editing it needs."""

INLINE = 7000
"""Bytes of a message sent in the notification itself; longer ones are relayed."""
OPEN_STATUSES = [s.value for s in Status if s.open]
SAVE_POSTED = (
    "INSERT INTO chat_messages (table_id, frontend, role, place, message_id, rights) "
    "SELECT %(table)s, %(frontend)s, %(role)s, %(place)s, %(id)s, %(rights)s "
    "WHERE EXISTS (SELECT 1 FROM leases WHERE table_id = %(table)s AND owner = %(me)s) "
    "ON CONFLICT (table_id, frontend, role, place) "
    "DO UPDATE SET message_id = EXCLUDED.message_id, rights = EXCLUDED.rights"
)
"""Only while this daemon holds the table: one that lost it cannot
overwrite what the new holder posted."""
FLUSH_SECONDS = 2.0
"""How long a stopping daemon waits for the message ids it has not stored yet."""
MOVING = {
    "ok": False,
    "code": "unavailable",
    "error": "The table is moving to another host; try again in a few seconds.",
}
NO_ANSWER = {
    "ok": False,
    "code": "unavailable",
    "error": "The table's host did not answer; try again.",
}


@dataclass(frozen=True, slots=True)
class ChatTable:
    """An open table another daemon serves, as a chat intent's candidate."""

    code: str
    owner: str
    current: bool
    """Whether its lease is current (else it is moving to another daemon)."""
    seated: bool
    """The person sits there."""
    here: bool
    """It was opened in the chat the intent came from."""
    created_at: float


def channel(name: str) -> str:
    return f"plgames.{name}"


class Router:
    def __init__(
        self, url: str, name: str, handle: Handler, metrics: Metrics, timeout: float = 5.0
    ) -> None:
        self.url = url
        self.name = name
        self.handlers: dict[str, Handler] = {"control": handle}
        """Request kind → what answers it here; a frontend adds its own at start."""
        self.metrics = metrics
        self.timeout = timeout
        self._listener: psycopg.AsyncConnection[Any] | None = None
        self._sender: psycopg.AsyncConnection[Any] | None = None
        self._send_lock = asyncio.Lock()
        self._pending: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self.adopting: list[Adopting] = []
        """What each chat frontend loads about tables this daemon takes on,
        before they are restored (`daemon.cluster.LeaseKeeper`)."""
        self._unsaved: dict[tuple[str, str, str, str], tuple[str, str | None]] = {}
        self._saver: asyncio.Task[None] | None = None
        self._stopped = False

    async def start(self) -> None:
        self._listener = await self._listening()
        self._sender = await psycopg.AsyncConnection.connect(self.url, autocommit=True)
        self._spawn(self._listen())

    async def _listening(self) -> psycopg.AsyncConnection[Any]:
        conn = await psycopg.AsyncConnection.connect(self.url, autocommit=True)
        await conn.execute(
            psycopg.sql.SQL("LISTEN {}").format(psycopg.sql.Identifier(channel(self.name)))
        )
        return conn

    async def _sending(self) -> psycopg.AsyncConnection[Any]:
        """The sending connection (the send lock held), made anew when the
        last one broke: a database restart costs the requests in flight then,
        not every later one."""
        conn = self._sender
        if conn is None or conn.closed or conn.broken:
            if conn is not None:
                await conn.close()
            conn = self._sender = await psycopg.AsyncConnection.connect(self.url, autocommit=True)
        return conn

    async def stop(self) -> None:
        self._stopped = True
        if self._saver is not None:  # the ids posted last, for whoever takes a table on
            await asyncio.wait([self._saver], timeout=FLUSH_SECONDS)
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        listener, self._listener = self._listener, None
        if listener is not None:
            await listener.close()
        async with self._send_lock:  # what is sent from now on goes over a new connection
            sender, self._sender = self._sender, None
            if sender is not None:
                await sender.close()

    def _spawn(self, work: Awaitable[None]) -> asyncio.Task[None]:
        task: asyncio.Task[None] = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    # ---- asking ------------------------------------------------------------------

    async def owner_of(self, code: str) -> tuple[str, bool] | None:
        """The daemon holding the open table with this join code, and whether
        its lease is still current; None if no open table has the code."""
        async with self._send_lock:
            cur = await (await self._sending()).execute(
                "SELECT l.owner, l.expires_at > now() FROM tables t "
                "JOIN leases l ON l.table_id = t.id "
                "WHERE t.code = %s AND t.status = ANY(%s)",
                (code.strip().upper(), OPEN_STATUSES),
            )
            found = await cur.fetchone()
        return None if found is None else (str(found[0]), bool(found[1]))

    async def owner_of_id(self, table_id: str) -> str | None:
        """The daemon holding the open table with this id, if any."""
        async with self._send_lock:
            cur = await (await self._sending()).execute(
                "SELECT l.owner FROM tables t JOIN leases l ON l.table_id = t.id "
                "WHERE t.id = %s AND t.status = ANY(%s)",
                (table_id, OPEN_STATUSES),
            )
            found = await cur.fetchone()
        return None if found is None else str(found[0])

    async def chat_tables(self, frontend: str, user: str, chat: str) -> list[ChatTable]:
        """The open tables another daemon serves where this person sits or
        that were opened in this chat: where a typed line that names no table
        may be meant to go."""
        seated = json.dumps([{"identity": {"frontend": frontend, "user": user}}])
        async with self._send_lock:
            cur = await (await self._sending()).execute(
                "SELECT t.code, l.owner, l.expires_at > now(), "
                "(t.meta::jsonb -> 'seats') @> %(seated)s::jsonb, "
                "t.meta::jsonb -> 'origin' @> %(origin)s::jsonb, "
                "(t.meta::jsonb ->> 'created_at')::float8 "
                "FROM tables t JOIN leases l ON l.table_id = t.id "
                "WHERE t.status = ANY(%(open)s) AND l.owner <> %(me)s "
                "AND ((t.meta::jsonb -> 'seats') @> %(seated)s::jsonb "
                "OR t.meta::jsonb -> 'origin' @> %(origin)s::jsonb)",
                {
                    "seated": seated,
                    "origin": json.dumps({"frontend": frontend, "place": chat}),
                    "open": OPEN_STATUSES,
                    "me": self.name,
                },
            )
            rows = await cur.fetchall()
        return [
            ChatTable(str(c), str(o), bool(n), bool(s), bool(h), float(a))
            for c, o, n, s, h, a in rows
        ]

    async def forward(
        self,
        request: dict[str, Any],
        frontend: str,
        *,
        code: str | None = None,
        kind: str = "control",
    ) -> dict[str, Any] | None:
        """The answer of the daemon serving the table `code` (by default
        `request["code"]`); None when no other daemon serves it (the caller
        answers it here: "no such table", or as its own)."""
        found = await self.owner_of(str(request.get("code", "")) if code is None else code)
        if found is None or found[0] == self.name:
            return None
        owner, current = found
        if not current:  # its daemon stopped; another takes it over within the bound
            return dict(MOVING)
        return await self.ask(owner, request, frontend, kind=kind)

    async def ask(
        self, owner: str, request: dict[str, Any], frontend: str, *, kind: str = "control"
    ) -> dict[str, Any]:
        """Daemon `owner`'s answer to `request`, or "did not answer" after
        `timeout` (never asked twice: the person may try again)."""
        ask_id = uuid.uuid4().hex
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._pending[ask_id] = future
        message = {"ask": ask_id, "from": self.name, "kind": kind, "request": request}
        try:
            await self._send(owner, message)
            self.metrics.forwarded.labels(frontend).inc()
            async with asyncio.timeout(self.timeout):
                return await future
        except (TimeoutError, psycopg.Error):
            return dict(NO_ANSWER)
        finally:
            self._pending.pop(ask_id, None)

    def tell(self, owner: str, request: dict[str, Any], *, kind: str) -> None:
        """Send `request` to `owner` without waiting for its answer (news
        it should have, such as the id of a message posted for its table)."""
        self._spawn(self._tell(owner, {"from": self.name, "kind": kind, "request": request}))

    async def _tell(self, owner: str, message: dict[str, Any]) -> None:
        try:
            await self._send(owner, message)
        except psycopg.Error as exc:
            log.warning("could not tell daemon %s (%s)", owner, exc)

    async def _send(self, to: str, message: dict[str, Any]) -> None:
        body = json.dumps(message)
        async with self._send_lock:
            sender = await self._sending()
            if len(body.encode()) > INLINE:
                ref = uuid.uuid4().hex
                await sender.execute("INSERT INTO relay (id, body) VALUES (%s, %s)", (ref, body))
                body = json.dumps({"relay": ref})
            await sender.execute("SELECT pg_notify(%s, %s)", (channel(to), body))

    # ---- the messages posted for a table -------------------------------------------

    async def taking(self, table_ids: list[str]) -> None:
        """Tables this daemon is about to take on: each frontend loads what
        was posted for them before their first update is shown."""
        for load in self.adopting if table_ids else []:
            try:
                await load(table_ids)
            except Exception:  # the tables are served all the same, their boards posted anew
                log.exception("a frontend could not load what was posted for tables it takes on")

    async def flush(self) -> None:
        """Store what `remember` was given and has not stored yet: a stopping
        chat frontend, which has posted its last message, calls this before
        the store lets the leases go. The daemon's deliveries are published
        after the router stopped, so their ids are stored over a connection
        made anew, closed here."""
        if self._saver is not None:
            await asyncio.wait([self._saver], timeout=FLUSH_SECONDS)
        if self._stopped and self._sender is not None:
            await self._sender.close()
            self._sender = None

    def remember(self, frontend: str, posted: Posted) -> None:
        """Store (in the background, the latest per slot) a message posted for
        a table this daemon serves."""
        table, role, place, message_id, rights = posted
        value = None if rights is None else json.dumps(rights)
        self._unsaved[(table, frontend, role, place)] = (message_id, value)
        if self._saver is None or self._saver.done():
            self._saver = self._spawn(self._save())

    async def _save(self) -> None:
        while self._unsaved:
            batch, self._unsaved = self._unsaved, {}
            rows = [
                {
                    "table": table,
                    "frontend": frontend,
                    "role": role,
                    "place": place,
                    "id": message_id,
                    "rights": rights,
                    "me": self.name,
                }
                for (table, frontend, role, place), (message_id, rights) in batch.items()
            ]
            try:
                async with self._send_lock, (await self._sending()).cursor() as cur:
                    await cur.executemany(SAVE_POSTED, rows)
            except psycopg.Error as exc:  # a takeover posts those anew
                log.warning("could not store the ids of %d posted messages (%s)", len(rows), exc)

    async def recall(self, frontend: str, table_ids: Collection[str]) -> list[Posted]:
        """The messages `frontend` posted for these tables, as stored."""
        async with self._send_lock:
            cur = await (await self._sending()).execute(
                "SELECT table_id, role, place, message_id, rights FROM chat_messages "
                "WHERE frontend = %s AND table_id = ANY(%s)",
                (frontend, list(table_ids)),
            )
            rows = await cur.fetchall()
        return [
            (str(t), str(r), str(p), str(m), None if g is None else json.loads(g))
            for t, r, p, m, g in rows
        ]

    async def forget_posted(self, table_id: str) -> None:
        """A table ended: nobody edits its messages on its behalf any more."""
        try:
            async with self._send_lock:
                await (await self._sending()).execute(
                    "DELETE FROM chat_messages WHERE table_id = %s", (table_id,)
                )
        except psycopg.Error as exc:
            log.warning("could not forget the messages of table %s (%s)", table_id, exc)

    # ---- answering ---------------------------------------------------------------

    async def _listen(self) -> None:
        """Take notifications, listening again when the connection breaks
        (what was sent meanwhile is lost: its askers are told to try again)."""
        pause = 0.5
        while True:
            try:
                if self._listener is None or self._listener.closed:
                    self._listener = await self._listening()
                    log.info("listening for other daemons again")
                pause = 0.5
                async for note in self._listener.notifies():
                    self._spawn(self._receive(note.payload))
            except psycopg.Error as exc:
                log.warning("the connection for other daemons' requests broke (%s)", exc)
                if self._listener is not None:
                    await self._listener.close()
                    self._listener = None
                await asyncio.sleep(pause)
                pause = min(pause * 2, 10.0)

    async def _receive(self, payload: str) -> None:
        try:
            message = json.loads(payload)
            if "relay" in message:
                message = await self._unrelay(str(message["relay"]))
            if "request" in message:
                answer = await self._answer(str(message.get("kind", "control")), message["request"])
                if "ask" in message:
                    reply = {"answer": message["ask"], "body": answer}
                    await self._send(str(message["from"]), reply)
            elif (future := self._pending.get(str(message.get("answer")))) is not None:
                with contextlib.suppress(asyncio.InvalidStateError):
                    future.set_result(message["body"])
        except Exception:
            log.exception("a message from another daemon could not be handled")

    async def _answer(self, kind: str, request: dict[str, Any]) -> dict[str, Any]:
        handler = self.handlers.get(kind)
        if handler is None:  # a frontend this daemon does not run
            return {
                "ok": False,
                "code": "unavailable",
                "error": f"This host does not serve {kind}.",
            }
        return await handler(request)

    async def _unrelay(self, ref: str) -> Any:
        async with self._send_lock:
            cur = await (await self._sending()).execute(
                "DELETE FROM relay WHERE id = %s RETURNING body", (ref,)
            )
            found = await cur.fetchone()
        if found is None:
            raise ValueError(f"relayed message {ref} is gone")
        return json.loads(found[0])
