"""Intents for a table another daemon serves: passed to it over PostgreSQL.

Each daemon LISTENs on a channel named after it. A request for a table this
daemon does not hold is sent (NOTIFY) to the lease holder, which answers it
exactly as if it had arrived there, and sends the answer back the same way.
The database is already what every daemon shares, so this needs no address
book, no open port between machines and no broker. A body too long for a
notification (8000 bytes) goes through the `relay` table, the notification
naming its row. A request nobody answers within `timeout` is refused as
unavailable, never retried behind the person's back (they may try again: a
move they sent twice is refused as stale the second time).
"""

import asyncio
import contextlib
import json
import logging
import uuid
from collections.abc import Awaitable, Callable
from typing import Any

import psycopg

from daemon.metrics import Metrics
from daemon.model import Status

log = logging.getLogger("plgames.routing")

Handler = Callable[[dict[str, Any]], Awaitable[dict[str, Any]]]
"""Answers one forwarded request (a control request: `cmd`, `code`, ...)."""

INLINE = 7000
"""Bytes of a message sent in the notification itself; longer ones are relayed."""
OPEN_STATUSES = [s.value for s in Status if s.open]
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


def channel(name: str) -> str:
    return f"plgames.{name}"


class Router:
    def __init__(
        self, url: str, name: str, handle: Handler, metrics: Metrics, timeout: float = 5.0
    ) -> None:
        self.url = url
        self.name = name
        self.handle = handle
        self.metrics = metrics
        self.timeout = timeout
        self._listener: psycopg.AsyncConnection[Any] | None = None
        self._sender: psycopg.AsyncConnection[Any] | None = None
        self._send_lock = asyncio.Lock()
        self._pending: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self._tasks: set[asyncio.Task[None]] = set()

    async def start(self) -> None:
        self._listener = await psycopg.AsyncConnection.connect(self.url, autocommit=True)
        self._sender = await psycopg.AsyncConnection.connect(self.url, autocommit=True)
        await self._listener.execute(
            psycopg.sql.SQL("LISTEN {}").format(psycopg.sql.Identifier(channel(self.name)))
        )
        self._spawn(self._listen())

    async def stop(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        for conn in (self._listener, self._sender):
            if conn is not None:
                await conn.close()
        self._listener = self._sender = None

    def _spawn(self, work: Awaitable[None]) -> None:
        task: asyncio.Task[None] = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # ---- asking ------------------------------------------------------------------

    async def owner_of(self, code: str) -> tuple[str, bool] | None:
        """The daemon holding the open table with this join code, and whether
        its lease is still current; None if no open table has the code."""
        async with self._send_lock:
            assert self._sender is not None
            cur = await self._sender.execute(
                "SELECT l.owner, l.expires_at > now() FROM tables t "
                "JOIN leases l ON l.table_id = t.id "
                "WHERE t.code = %s AND t.status = ANY(%s)",
                (code.strip().upper(), OPEN_STATUSES),
            )
            found = await cur.fetchone()
        return None if found is None else (str(found[0]), bool(found[1]))

    async def forward(self, request: dict[str, Any], frontend: str) -> dict[str, Any] | None:
        """The answer of the daemon serving `request["code"]`; None when no
        other daemon serves it (the caller answers "no such table")."""
        found = await self.owner_of(str(request.get("code", "")))
        if found is None or found[0] == self.name:
            return None
        owner, current = found
        if not current:  # its daemon stopped; another takes it over within the bound
            return dict(MOVING)
        ask_id = uuid.uuid4().hex
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._pending[ask_id] = future
        try:
            await self._send(owner, {"ask": ask_id, "from": self.name, "request": request})
            self.metrics.forwarded.labels(frontend).inc()
            async with asyncio.timeout(self.timeout):
                return await future
        except (TimeoutError, psycopg.Error):
            return dict(NO_ANSWER)
        finally:
            self._pending.pop(ask_id, None)

    async def _send(self, to: str, message: dict[str, Any]) -> None:
        body = json.dumps(message)
        async with self._send_lock:
            assert self._sender is not None
            if len(body.encode()) > INLINE:
                ref = uuid.uuid4().hex
                await self._sender.execute(
                    "INSERT INTO relay (id, body) VALUES (%s, %s)", (ref, body)
                )
                body = json.dumps({"relay": ref})
            await self._sender.execute("SELECT pg_notify(%s, %s)", (channel(to), body))

    # ---- answering ---------------------------------------------------------------

    async def _listen(self) -> None:
        assert self._listener is not None
        async for note in self._listener.notifies():
            self._spawn(self._receive(note.payload))

    async def _receive(self, payload: str) -> None:
        try:
            message = json.loads(payload)
            if "relay" in message:
                message = await self._unrelay(str(message["relay"]))
            if "ask" in message:
                answer = await self.handle(message["request"])
                await self._send(str(message["from"]), {"answer": message["ask"], "body": answer})
            elif (future := self._pending.get(str(message.get("answer")))) is not None:
                with contextlib.suppress(asyncio.InvalidStateError):
                    future.set_result(message["body"])
        except Exception:
            log.exception("a message from another daemon could not be handled")

    async def _unrelay(self, ref: str) -> Any:
        async with self._send_lock:
            assert self._sender is not None
            cur = await self._sender.execute(
                "DELETE FROM relay WHERE id = %s RETURNING body", (ref,)
            )
            found = await cur.fetchone()
        if found is None:
            raise ValueError(f"relayed message {ref} is gone")
        return json.loads(found[0])
